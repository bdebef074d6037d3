//! Layout (rulebook): change bars (`--changes-since`) — the lines of a
//! passage holding the words the [`Figures`] call changed, and the table
//! rows they call changed, are marked as they are set, and once placed each marked stretch gets a bar in the margin beside
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

/// The letters of a changed passage as it now reads (whitespace left out)
/// and which of them changed: those of the words the earlier version did
/// not have in that order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChangedWords {
    pub letters: Vec<char>,
    pub changed: Vec<bool>,
}

/// How far ahead in the passage a drawn letter is looked for when the
/// letters before it were not drawn (an icon's `:name:`, `--` set as a
/// dash).
const LOOK_AHEAD: usize = 12;

/// A letter as compared: typographic quotes and dashes as typed.
fn plain_letter(c: char) -> char {
    match c {
        '\u{2018}' | '\u{2019}' => '\'',
        '\u{201c}' | '\u{201d}' | '\u{201e}' | '\u{00ab}' | '\u{00bb}' => '"',
        _ => c,
    }
}

impl ChangedWords {
    /// Which of `pieces` (a paragraph's lines, in order) hold a changed
    /// letter: each line's drawn letters are matched in order against the
    /// passage's (a letter drawn but not written, as a list's marker, a
    /// heading's number or a hyphen at a break, matches nothing and is
    /// passed over). None when too few letters match to tell the lines
    /// apart (then the whole passage is marked).
    pub fn lines(&self, pieces: &[Piece]) -> Option<Vec<bool>> {
        let mut next = 0;
        let mut matched = 0;
        let mut out = Vec::with_capacity(pieces.len());
        for piece in pieces {
            let mut hit = false;
            for item in &piece.items {
                let Item::Text(t) = item else {
                    continue;
                };
                for c in t.text.chars().filter(|c| !c.is_whitespace()) {
                    let c = plain_letter(c);
                    let end = (next + LOOK_AHEAD).min(self.letters.len());
                    if let Some(k) = (next..end).find(|&k| plain_letter(self.letters[k]) == c) {
                        hit |= self.changed[k];
                        next = k + 1;
                        matched += 1;
                    }
                }
            }
            out.push(hit);
        }
        (matched * 4 >= self.letters.len() * 3).then_some(out)
    }
}

/// Keeps of `pieces`' stretches only those `figures` call changed; of a
/// heading or paragraph that changed, the lines holding its changed words
/// (all of them when the words cannot be told: an added passage).
pub(super) fn mark(block: &Block, file: FileId, pieces: &mut [Piece], figures: &dyn Figures) {
    match block {
        Block::Heading { at, .. } | Block::Para { at, .. } => {
            let at = Loc::new(file, *at..*at + 1);
            let changed = figures.changed(at);
            let lines = figures
                .changed_words(at)
                .filter(|_| changed)
                .and_then(|w| w.lines(pieces));
            for (n, piece) in pieces.iter_mut().enumerate() {
                piece.changes.clear();
                let line = lines.as_ref().is_none_or(|l| l.get(n) == Some(&true));
                if changed && line {
                    piece.changes.push(Changed {
                        y: 0.0,
                        height: piece.height,
                        at,
                    });
                }
            }
        }
        Block::Table { .. } => {
            // A pipe table's rows know their place in the page, not the page.
            for piece in pieces {
                for c in &mut piece.changes {
                    c.at.file = file;
                }
                piece.changes.retain(|c| figures.changed(c.at));
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
