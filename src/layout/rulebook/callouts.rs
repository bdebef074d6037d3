//! Layout stage, rulebook callouts: from the pieces a callout's blocks were
//! set into (narrower by its padding), to the same pieces in its shaded box
//! — a label over them, moved in from the column's edges, shaded with a
//! rule down the left and tagged as one section.

use super::columns::Frame;
use super::pieces::{Piece, TableHead, TextRequest, TextStyle, text_pieces};
use super::tags::wrap;
use super::{BODY, RulebookInput, room};
use crate::layout::doc::{Geometry, Role, tagged};
use crate::model::Style;
use crate::text::FitError;
use crate::text::rich::literal;

/// Gives the piece after a callout (at `after`, once it is there) the
/// callout's gap above it.
pub(super) fn space_after_callout(pieces: &mut [Piece], after: &mut Option<usize>) {
    if let Some(at) = after.take_if(|at| *at < pieces.len())
        && let Some(next) = pieces.get_mut(at)
    {
        next.gap = next.gap.max(CALLOUT_GAP);
    }
}

/// Space inside a callout's box, left and right of its text, and above
/// its label and below its last line.
pub(super) const CALLOUT_PAD: f32 = 8.0;

pub(super) const CALLOUT_PAD_Y: f32 = 6.0;

/// Space above a callout's box and below it.
pub(super) const CALLOUT_GAP: f32 = 10.0;

/// The box's shade and the rule down its left edge.
pub(super) const CALLOUT_SHADE: f32 = 0.93;

pub(super) const CALLOUT_RULE: (f32, f32) = (2.0, 0.45);

/// A callout's label ("Example", "Designer's Note"...) as the first piece
/// of its box, kept with what follows.
pub(super) fn callout_label(
    kind: &str,
    input: &RulebookInput<'_>,
    frame: Frame,
) -> Result<Piece, FitError> {
    let label = crate::model::rules::callout_label(kind, input.words).unwrap_or(kind);
    let style = TextStyle {
        style: Style::Bold,
        size: BODY.size,
        leading: BODY.leading,
    };
    let lines = text_pieces(&TextRequest::new(
        &literal(label),
        frame.column_width - 2.0 * CALLOUT_PAD,
        style,
        input.family,
        input.book,
    ))?;
    let mut piece = Piece {
        gap: CALLOUT_GAP,
        keep_with_next: true,
        height: CALLOUT_PAD_Y,
        ..Piece::default()
    };
    for line in lines {
        piece.items.extend(
            line.items
                .iter()
                .map(|i| i.translated(CALLOUT_PAD, piece.height)),
        );
        piece.height += line.height;
    }
    wrap(Role::Paragraph, std::slice::from_mut(&mut piece));
    Ok(piece)
}

/// The pieces of a callout from `start` (its label) to the end, set in its
/// box: moved in from the column's edges, the space between them made part
/// of the box (so its shade runs on unbroken, into the next column if it
/// must), shaded with a rule down the left, a strip of shade below the
/// last, and tagged as one section.
pub(super) fn box_callout(pieces: &mut Vec<Piece>, start: usize, frame: Frame) {
    use crate::layout::doc::Ink;
    let page_width = room(frame).page;
    let shade = |width: f32, height: f32| {
        tagged(
            Role::Artifact,
            [
                Geometry::rect(0.0, 0.0, width, height, 0.0).filled(Ink::Gray(CALLOUT_SHADE)),
                Geometry::rect(0.0, 0.0, CALLOUT_RULE.0, height, 0.0)
                    .filled(Ink::Gray(CALLOUT_RULE.1)),
            ],
        )
    };
    // A table's head, repeated where it continues, moves in with its rows.
    let mut heads: ShiftedHeads = Vec::new();
    for piece in pieces.iter_mut().skip(start + 1) {
        let dy = piece.gap;
        for item in &mut piece.items {
            item.translate(CALLOUT_PAD, dy);
        }
        for link in &mut piece.links {
            link.area[0] += CALLOUT_PAD;
            link.area[1] += dy;
        }
        for anchor in &mut piece.anchors {
            anchor.x += CALLOUT_PAD;
            anchor.y += dy;
        }
        piece.height += dy;
        piece.gap = 0.0;
        if let Some(head) = piece.table.take() {
            piece.table = Some(shifted_head(&mut heads, head, CALLOUT_PAD));
        }
    }
    let last_full = pieces.last().is_some_and(|p| p.full_width);
    if let Some(last) = pieces.last_mut() {
        last.keep_with_next = true;
    }
    pieces.push(Piece {
        height: CALLOUT_PAD_Y,
        full_width: last_full,
        ..Piece::default()
    });
    for piece in pieces.iter_mut().skip(start) {
        let width = if piece.full_width {
            page_width
        } else {
            frame.column_width
        };
        let items = shade(width, piece.height);
        piece.items.splice(0..0, items);
    }
    if let Some(tail) = pieces.get_mut(start..) {
        wrap(Role::Callout, tail);
        float_whole(tail);
    }
}

/// A box of text only (no table, figure or piece across the page in it)
/// moves whole to the next column where a column holds it, rather than
/// break at a column's foot (see `columns`).
fn float_whole(callout: &mut [Piece]) {
    if callout
        .iter()
        .any(|p| p.figure || p.full_width || p.table.is_some())
    {
        return;
    }
    let count = callout.len();
    if let Some(first) = callout.first_mut() {
        first.whole = count;
    }
}

/// Table heads already moved: each as it was, and as moved.
pub(super) type ShiftedHeads = Vec<(std::sync::Arc<TableHead>, std::sync::Arc<TableHead>)>;

/// A table's repeated head moved `dx` right with its rows, moved once
/// however many pieces of the table share it.
pub(super) fn shifted_head(
    heads: &mut ShiftedHeads,
    head: std::sync::Arc<TableHead>,
    dx: f32,
) -> std::sync::Arc<TableHead> {
    if let Some((_, moved)) = heads
        .iter()
        .find(|(old, _)| std::sync::Arc::ptr_eq(old, &head))
    {
        return moved.clone();
    }
    let moved = std::sync::Arc::new(TableHead {
        items: head.items.iter().map(|i| i.translated(dx, 0.0)).collect(),
        height: head.height,
    });
    heads.push((head, moved.clone()));
    moved
}
