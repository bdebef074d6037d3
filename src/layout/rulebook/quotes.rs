//! Layout stage, rulebook block quotes and thematic breaks: from the pieces
//! a block quote's blocks were set into (narrower by its indents), to the
//! same pieces moved in from the left and ruled down their left edge,
//! tagged as one BlockQuote (as LaTeX's quote environment, 1.5 em in on
//! each side); and a thematic break as a short rule centred in the
//! prose's measure, an artifact with space above and below.

use super::body::prose_inset;
use super::columns::Frame;
use super::pieces::Piece;
use super::tags::wrap;
use super::{BODY, PARA_GAP};
use crate::layout::doc::{Geometry, Ink, Role, Stroke, tagged};

/// How far a block quote is set in from each side of the prose: 1.5 em.
pub(super) const QUOTE_INDENT: f32 = 1.5 * BODY.size;

/// The rule down a block quote's left: its width, grey and how far left
/// of the quoted text it runs.
const QUOTE_RULE: (f32, f32, f32) = (0.8, 0.6, 0.6 * QUOTE_INDENT);

/// A thematic break's rule: its length (a share of the measure, at most
/// a fixed length), thickness and the space above and below it.
const BREAK_SHARE: f32 = 0.25;
const BREAK_MAX: f32 = 72.0;
const BREAK_STROKE: f32 = 0.6;
const BREAK_HALF: f32 = 8.0;

/// Where a block quote's blocks are set: the frame they are set in
/// (narrower than the prose by an indent on each side) and how far right
/// of the column's left edge they are moved once set.
#[derive(Clone, Copy, Debug)]
pub(super) struct Quoted {
    pub(super) frame: Frame,
    pub(super) shift: f32,
}

impl Quoted {
    /// A block quote in `outer` (the column, a callout's box or another
    /// quote): the prose's measure there less an indent on each side. In
    /// one column the prose is centred at a book's measure: the quote is
    /// set within that measure, not the page's width.
    pub(super) fn within(outer: Frame) -> Quoted {
        let inset = prose_inset(outer);
        let measure = outer.column_width - 2.0 * inset;
        let width = (measure - 2.0 * QUOTE_INDENT).max(measure / 2.0);
        Quoted {
            frame: Frame {
                column_width: width,
                ..outer
            },
            shift: inset + (measure - width) / 2.0,
        }
    }
}

/// The pieces of a block quote, from `start` to the end, moved `shift`
/// right, the space between them made part of them (so the rule down
/// their left runs on unbroken), ruled and tagged as one BlockQuote.
pub(super) fn set_quote(pieces: &mut [Piece], start: usize, shift: f32) {
    let Some(quote) = pieces.get_mut(start..).filter(|q| !q.is_empty()) else {
        return;
    };
    // A table's head, repeated where it continues, moves in with its rows.
    let mut heads: super::callouts::ShiftedHeads = Vec::new();
    for (k, piece) in quote.iter_mut().enumerate() {
        let dy = if k > 0 { piece.gap } else { 0.0 };
        for item in &mut piece.items {
            item.translate(shift, dy);
        }
        for link in &mut piece.links {
            link.area[0] += shift;
            link.area[1] += dy;
        }
        for anchor in &mut piece.anchors {
            anchor.x += shift;
            anchor.y += dy;
        }
        if k > 0 {
            piece.height += dy;
            piece.gap = 0.0;
        }
        if let Some(head) = piece.table.take() {
            piece.table = Some(super::callouts::shifted_head(&mut heads, head, shift));
        }
        let x = shift - QUOTE_RULE.2;
        let rule =
            Geometry::rect(x, 0.0, QUOTE_RULE.0, piece.height, 0.0).filled(Ink::Gray(QUOTE_RULE.1));
        piece.items.splice(0..0, tagged(Role::Artifact, [rule]));
    }
    wrap(Role::BlockQuote, quote);
}

/// A thematic break in `frame`: a short rule centred in the prose's
/// measure, with space above and below, read as page furniture.
pub(super) fn break_piece(frame: Frame) -> Piece {
    let inset = prose_inset(frame);
    let measure = frame.column_width - 2.0 * inset;
    let length = (measure * BREAK_SHARE).min(BREAK_MAX);
    let x = inset + (measure - length) / 2.0;
    let rule =
        Geometry::line(x, BREAK_HALF, x + length, BREAK_HALF).stroked(Stroke::solid(BREAK_STROKE));
    Piece {
        height: 2.0 * BREAK_HALF,
        gap: PARA_GAP,
        items: tagged(Role::Artifact, [rule]),
        ..Piece::default()
    }
}
