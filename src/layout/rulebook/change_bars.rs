//! Layout (rulebook): change bars (`--changes-since`) — the pieces of a
//! passage or table row the [`Figures`] call changed are marked as they are
//! set, and once placed each marked stretch gets a bar in the margin beside
//! it, set as an artifact: on a page of one column (or beside a piece across
//! the page) the outer margin (right on a recto, left on a verso); of two,
//! the margin its column stands against, so the bar is beside its lines. Which
//! passages changed is `diff`'s answer, handed in; nothing here compares.

use std::ops::Range;

use super::Figures;
use super::blocks::Block;
use super::columns::{Frame, Placed};
use super::pieces::{Piece, PieceMarks};
use crate::diag::{FileId, Loc};
use crate::layout::doc::{Geometry, Ink, Item, Role, Shape, tagged};
use crate::layout::table::LaidTable;

/// A stretch of a piece (y and height from its top) that may be marked
/// changed: a table's row, with its data's place, or the whole piece.
#[derive(Clone, Debug, PartialEq)]
pub struct Changed {
    pub y: f32,
    pub height: f32,
    pub at: Loc,
}

/// The bar's width and its distance from the text block's edge.
const BAR_WIDTH: f32 = 2.0;
const BAR_OFFSET: f32 = 9.0;
/// The bars' colour: a red that prints dark in grey.
const BAR_INK: Ink = Ink::Rgb([0.75, 0.1, 0.1]);

/// Keeps of `pieces`' stretches only those `figures` call changed; a
/// heading or paragraph that changed is marked whole, line by line.
pub(super) fn mark(block: &Block, file: FileId, pieces: &mut [Piece], figures: &dyn Figures) {
    match block {
        Block::Heading { at, .. } | Block::Para { at, .. } => {
            let at = Loc::new(file, *at..*at + 1);
            let changed = figures.changed(at);
            for piece in pieces {
                piece.changes.clear();
                if changed {
                    piece.changes.push(Changed {
                        y: 0.0,
                        height: piece.height,
                        at,
                    });
                }
            }
        }
        _ => {
            for piece in pieces {
                piece.changes.retain(|c| figures.changed(c.at));
            }
        }
    }
}

/// Draws a bar beside each marked stretch of the placed pieces, on body
/// page `first_body + page` (0-based in the book), and tells where each
/// marked passage or row fell: (its place, 0-based page of the book).
pub(super) fn draw(
    pages: &mut [Vec<Item>],
    marks: &[PieceMarks],
    placed: &[Placed],
    frame: Frame,
    first_body: usize,
    paper_width: f32,
) -> Vec<(Loc, usize)> {
    let mut fell = Vec::new();
    for (mark, at) in marks.iter().zip(placed) {
        let Some(page) = pages.get_mut(at.page) else {
            continue;
        };
        let book_page = first_body + at.page;
        let right = if frame.columns > 1 && !mark.full_width {
            at.x + frame.column_width / 2.0 > paper_width / 2.0
        } else {
            book_page.is_multiple_of(2)
        };
        let x = if right {
            paper_width - frame.left + BAR_OFFSET
        } else {
            frame.left - BAR_OFFSET - BAR_WIDTH
        };
        for c in &mark.changes {
            let bar = Item::Shape(Shape {
                geometry: Geometry::Rect {
                    x,
                    y: at.y + c.y,
                    w: BAR_WIDTH,
                    h: c.height,
                    radius: 0.0,
                },
                fill: Some(BAR_INK),
                stroke: None,
                clip: None,
            });
            page.extend(tagged(Role::Artifact, [bar]));
            if !fell.iter().any(|(loc, _)| *loc == c.at) {
                fell.push((c.at, book_page));
            }
        }
    }
    fell
}

/// The stretches of `table`'s body rows `rows` in a piece where the first
/// of them starts `top` below its top: every row with a place in the data.
pub(super) fn table_rows(table: &LaidTable, rows: Range<usize>, top: f32) -> Vec<Changed> {
    let mut y = top;
    let mut out = Vec::new();
    for i in rows {
        let Some(row) = table.rows.get(i) else {
            break;
        };
        if let Some(Some(at)) = table.row_locs.get(i) {
            out.push(Changed {
                y,
                height: row.height,
                at: *at,
            });
        }
        y += row.height;
    }
    out
}
