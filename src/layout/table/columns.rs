//! Layout: a table's column widths — its weights shared out over the
//! width, then each column widened to its widest whole cell and its
//! longest word where the others have room.

use super::{Cell, Ctx, TableRow, TableSpec, TableStyle, cell_face, cell_size};
use crate::model::Style;
use crate::text::{Family, FontBook};

/// The widths in points of a table's columns at `width`: its weights shared
/// out, then each column widened to hold its widest whole cell
/// ([`Cell::whole`]) when the table is wide enough for all of them.
pub fn table_columns(
    spec: &TableSpec,
    width: f32,
    family: &Family,
    book: &FontBook,
    style: &TableStyle,
) -> Vec<f32> {
    columns_at(&Ctx::new(family, book, style), spec, width)
}

pub(super) fn columns_at(ctx: &Ctx<'_>, spec: &TableSpec, width: f32) -> Vec<f32> {
    let total: f32 = spec.columns.iter().sum::<f32>().max(1e-3);
    let mut widths: Vec<f32> = spec.columns.iter().map(|w| w / total * width).collect();
    let (whole, words) = column_needs(ctx, spec);
    // Whole cells, never taking a column below its longest word; then, in
    // a table sized by need (one with whole cells: a chart's), each column
    // up to its longest word where the others have room. A table without
    // whole cells keeps its weights: a word too long shrinks, or the table
    // goes across the page.
    widen_to_needs(&mut widths, &whole, &words);
    if whole.iter().any(|w| *w > 0.0) {
        let either: Vec<f32> = whole.iter().zip(&words).map(|(a, b)| a.max(*b)).collect();
        widen_to_needs(&mut widths, &either, &either);
    }
    widths
}

/// The width each column needs for its widest whole cell on one line, and
/// for its longest word (a word is never broken: a cell narrower shrinks
/// it), padding included (0 where it has none). Cells spanning columns
/// count for neither.
pub(super) fn column_needs(ctx: &Ctx<'_>, spec: &TableSpec) -> (Vec<f32>, Vec<f32>) {
    let mut whole = vec![0.0_f32; spec.columns.len()];
    let mut words = vec![0.0_f32; spec.columns.len()];
    // Without whole cells the weights stand: nothing to measure (a card
    // list's thousands of rows are not read twice).
    let rows = || spec.preamble.iter().chain(&spec.header).chain(&spec.rows);
    if !rows().any(|row| row.cells.iter().any(|c| c.whole)) {
        return (whole, words);
    }
    let pad = 2.0 * ctx.style.pad_x;
    for row in rows() {
        let mut col = 0;
        for cell in &row.cells {
            if let (1, Some(need), Some(word)) = (cell.span, whole.get_mut(col), words.get_mut(col))
            {
                if cell.whole {
                    *need = need.max(one_line_width(ctx, row, cell) + pad);
                }
                *word = word.max(longest_word(ctx, row, cell) + pad);
            }
            col += cell.span.max(1);
        }
    }
    (whole, words)
}

/// The width of a cell's longest word, each styled span in its own face
/// (with the same allowance as [`one_line_width`]).
fn longest_word(ctx: &Ctx<'_>, row: &TableRow, cell: &Cell) -> f32 {
    let base = cell_face(row, cell);
    let size = cell_size(ctx.style, cell);
    crate::text::parse_rich(&cell.text)
        .iter()
        .flat_map(|span| {
            let style =
                Style::from_flags(span.bold || base.is_bold(), span.italic || base.is_italic());
            let face = ctx.book.face(ctx.family.face(style));
            span.text
                .split_whitespace()
                .map(move |word| face.width(word, size))
                .collect::<Vec<f32>>()
        })
        .fold(0.0, f32::max)
        * 1.02
        + 0.5
}

/// The width of a cell's text set on one line, each styled span in its own
/// face; a little over the plain advances, so that kerning and rounding
/// never push its last word onto a line of its own.
pub(super) fn one_line_width(ctx: &Ctx<'_>, row: &TableRow, cell: &Cell) -> f32 {
    let base = cell_face(row, cell);
    let size = cell_size(ctx.style, cell);
    let advance: f32 = crate::text::parse_rich(&cell.text)
        .iter()
        .map(|span| {
            let style =
                Style::from_flags(span.bold || base.is_bold(), span.italic || base.is_italic());
            ctx.book
                .face(ctx.family.face(style))
                .width(&span.text, size)
        })
        .sum();
    advance * 1.02 + 0.5
}

/// Widens each column short of its need to that need, taking the width
/// from the other columns in proportion to the room they have above their
/// floors (no column goes under its floor, nor its need). When that room is
/// too little, the columns stay as they are (the cells wrap, or shrink, as
/// any cell does).
pub(super) fn widen_to_needs(widths: &mut [f32], needs: &[f32], floors: &[f32]) {
    let short: f32 = widths
        .iter()
        .zip(needs)
        .map(|(w, n)| (n - w).max(0.0))
        .sum();
    if short <= 0.0 {
        return;
    }
    let keep = |k: usize| needs[k].max(floors.get(k).copied().unwrap_or(0.0));
    let room: f32 = widths
        .iter()
        .enumerate()
        .filter(|(k, w)| **w >= needs[*k])
        .map(|(k, w)| (w - keep(k)).max(0.0))
        .sum();
    if room < short {
        return;
    }
    for (k, w) in widths.iter_mut().enumerate() {
        if *w < needs[k] {
            *w = needs[k];
        } else {
            *w -= short * (*w - keep(k)).max(0.0) / room;
        }
    }
}
