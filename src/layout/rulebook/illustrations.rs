//! Layout stage, rulebook illustrations: from a rules figure (its drawing,
//! number and caption), to its pieces — the drawing scaled to a column or
//! across the page, then its caption, kept together, anchoring its
//! `figure:` links.

use super::columns::Frame;
use super::pieces::{Anchor, Piece, TextRequest, TextStyle, text_pieces};
use super::read::ReadRules;
use super::tags::wrap;
use super::xrefs::figure_target;
use super::{RulebookInput, fit_problem, room};
use crate::diag::Diagnostic;
use crate::layout::doc::{Role, tagged};
use crate::model::Style;

/// The smallest share of its size at the map's scale a rule illustration
/// is shown at: smaller, its hexes and counters would not read.
pub(super) const FIGURE_MIN_SCALE: f32 = 0.25;

/// A figure below this share of its size in a column goes across the
/// page instead (when the rules have columns and that shows it larger).
pub(super) const FIGURE_ACROSS_BELOW: f32 = 0.5;

pub(super) const FIGURE_GAP: f32 = 8.0;

pub(super) const CAPTION_GAP: f32 = 4.0;

pub(super) const CAPTION: TextStyle = TextStyle {
    style: Style::Regular,
    size: 8.5,
    leading: 1.2,
};

/// A rule illustration as pieces: the drawing, scaled down to fit a
/// column (or the page's width, or its height: never cut), then its
/// number and caption, kept together; it anchors its `figure:` links. In
/// a column it is a float (see `columns`).
pub(super) fn illustration_pieces(
    figure: usize,
    page: usize,
    read: &ReadRules,
    input: &RulebookInput<'_>,
    frame: Frame,
) -> Result<Vec<Piece>, Diagnostic> {
    let (Some(spec), Some(number)) = (
        input
            .pages
            .get(page)
            .and_then(|p| p.doc.figures.get(figure)),
        read.figures.pages.get(page).and_then(|p| p.get(figure)),
    ) else {
        return Ok(Vec::new());
    };
    // One that does not resolve or draw is reported by `check`.
    let Some(drawing) = input.figures.illustration(page, figure) else {
        return Ok(Vec::new());
    };
    let figure_word = &input.words.figure;
    let caption = format!("**{figure_word} {number}.** {}", spec.caption.value.trim());
    // Set in `edge` from the column's left, `width` across.
    let set_caption = |edge: f32, width: f32| {
        text_pieces(&TextRequest {
            indent: edge,
            ..TextRequest::new(&caption, edge + width, CAPTION, input.family, input.book)
        })
        .map_err(fit_problem)
    };
    let scale_in = |width: f32, caption: &[Piece]| {
        let below: f32 = CAPTION_GAP + caption.iter().map(|p| p.height).sum::<f32>();
        let by_width = width / drawing.width;
        let by_height = (frame.column_height - FIGURE_GAP - below) / drawing.height;
        by_width.min(by_height).min(1.0)
    };
    // At the prose's measure (in one column, set in as the prose is); a
    // drawing shown there under FIGURE_ACROSS_BELOW of its size takes the
    // column, or the page's width, where that shows it larger.
    let room = room(frame);
    let mut edge = ((room.column - room.measure) / 2.0).max(0.0);
    let mut width = room.measure.min(room.column);
    let mut lines = set_caption(edge, width)?;
    let mut k = scale_in(width, &lines);
    let mut across = false;
    for (wider, is_across) in [(room.column, false), (room.page, true)] {
        if k < FIGURE_ACROSS_BELOW && wider > width + 1.0 {
            let wide_lines = set_caption(0.0, wider)?;
            let wide = scale_in(wider, &wide_lines);
            if wide > k {
                (edge, width, lines, k, across) = (0.0, wider, wide_lines, wide, is_across);
            }
        }
    }
    if k < FIGURE_MIN_SCALE {
        return Err(crate::error!(
            "figure-too-big", None,
            "figure {number} (`{}`) is {:.0} x {:.0} pt at the map's scale and would be shown at {:.0}% to fit the page",
            spec.id.value, drawing.width, drawing.height, k * 100.0;
            hint: "show fewer hexes (`hexes`), or print with one column (--columns 1)"
        ));
    }
    let left = edge + (width - drawing.width * k) / 2.0;
    let alt = format!(
        "{figure_word} {number}. {}",
        crate::text::rich::plain_text(&spec.caption.value)
    );
    let items = tagged(
        Role::Figure(alt),
        drawing
            .items
            .iter()
            .map(|item| item.scaled(k).translated(left, 0.0)),
    );
    let mut pieces = vec![Piece {
        height: drawing.height * k,
        gap: FIGURE_GAP,
        items,
        keep_with_next: true,
        anchors: vec![Anchor::at_top(figure_target(&spec.id.value))],
        full_width: across,
        // In a column, a float: where it does not fit it waits for the
        // next column while the text after it fills this one.
        figure: !across,
        float_start: !across,
        ..Piece::default()
    }];
    let count = lines.len();
    for (n, mut line) in lines.into_iter().enumerate() {
        line.keep_with_next = n + 1 < count;
        line.full_width = across;
        line.figure = !across;
        if n == 0 {
            line.gap = CAPTION_GAP;
        }
        pieces.push(line);
    }
    wrap(Role::Caption, &mut pieces[1..]);
    Ok(pieces)
}
