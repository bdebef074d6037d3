//! Layout (rulebook): pieces flowed down columns and across pages. A chain of
//! pieces kept together (a heading and its first lines, a paragraph's first or
//! last two lines) moves whole to the next column when it does not fit.

use super::pieces::Piece;
use crate::layout::doc::Item;

/// The frame the columns fill on every page.
#[derive(Clone, Copy, Debug)]
pub struct Frame {
    pub left: f32,
    pub top: f32,
    pub column_width: f32,
    pub column_height: f32,
    pub gutter: f32,
    pub columns: usize,
}

/// Where a piece went: page (counted from the first page of the flow) and its top-left.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placed {
    pub page: usize,
    pub x: f32,
    pub y: f32,
}

struct Cursor {
    frame: Frame,
    pages: Vec<Vec<Item>>,
    column: usize,
    y: f32,
}

impl Cursor {
    fn at_top(&self) -> bool {
        self.y <= 0.0
    }

    fn remaining(&self) -> f32 {
        self.frame.column_height - self.y
    }

    fn next_column(&mut self) {
        self.y = 0.0;
        self.column += 1;
        if self.column >= self.frame.columns {
            self.column = 0;
            self.pages.push(Vec::new());
        }
    }

    fn gap(&self, piece: &Piece) -> f32 {
        if self.at_top() { 0.0 } else { piece.gap }
    }

    fn put(&mut self, piece: Piece) -> Placed {
        if piece.height + self.gap(&piece) > self.remaining() + 1e-3 && !self.at_top() {
            self.next_column();
        }
        self.y += self.gap(&piece);
        let x =
            self.frame.left + self.column as f32 * (self.frame.column_width + self.frame.gutter);
        let y = self.frame.top + self.y;
        if let Some(page) = self.pages.last_mut() {
            page.extend(piece.items.iter().map(|i| i.translated(x, y)));
        }
        self.y += piece.height;
        Placed {
            page: self.pages.len() - 1,
            x,
            y,
        }
    }
}

/// Flows the pieces; returns each page's items and where each piece went.
/// A piece taller than a column is placed at the top of one and runs over
/// (the caller reports it before calling).
pub fn flow(frame: Frame, pieces: Vec<Piece>) -> (Vec<Vec<Item>>, Vec<Placed>) {
    let mut cursor = Cursor {
        frame,
        pages: vec![Vec::new()],
        column: 0,
        y: 0.0,
    };
    let mut placed = Vec::with_capacity(pieces.len());
    let mut pieces = pieces.into_iter().peekable();
    let mut chain: Vec<Piece> = Vec::new();
    while let Some(piece) = pieces.next() {
        let more = piece.keep_with_next && pieces.peek().is_some();
        chain.push(piece);
        if more {
            continue;
        }
        let height: f32 = chain.iter().map(|p| p.height + p.gap).sum::<f32>() - chain[0].gap;
        let first_gap = cursor.gap(&chain[0]);
        if height + first_gap > cursor.remaining() + 1e-3 && !cursor.at_top() {
            cursor.next_column();
        }
        for piece in chain.drain(..) {
            placed.push(cursor.put(piece));
        }
    }
    (cursor.pages, placed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame() -> Frame {
        Frame {
            left: 10.0,
            top: 20.0,
            column_width: 100.0,
            column_height: 100.0,
            gutter: 10.0,
            columns: 2,
        }
    }

    fn piece(height: f32, keep: bool) -> Piece {
        Piece {
            height,
            gap: 5.0,
            keep_with_next: keep,
            ..Piece::default()
        }
    }

    #[test]
    fn fills_columns_then_pages() {
        let pieces = (0..5).map(|_| piece(40.0, false)).collect();
        let (pages, placed) = flow(frame(), pieces);
        assert_eq!(pages.len(), 2);
        assert_eq!(
            placed[0],
            Placed {
                page: 0,
                x: 10.0,
                y: 20.0
            }
        );
        assert_eq!(
            placed[1],
            Placed {
                page: 0,
                x: 10.0,
                y: 65.0
            }
        );
        assert_eq!(
            placed[2],
            Placed {
                page: 0,
                x: 120.0,
                y: 20.0
            }
        );
        assert_eq!(
            placed[4],
            Placed {
                page: 1,
                x: 10.0,
                y: 20.0
            }
        );
    }

    #[test]
    fn a_kept_chain_moves_whole() {
        // 60 fits; the heading (keep) and the 30 after it do not both fit below it.
        let pieces = vec![piece(60.0, false), piece(10.0, true), piece(30.0, false)];
        let (_, placed) = flow(frame(), pieces);
        assert_eq!(placed[1].x, 120.0);
        assert_eq!(placed[1].y, 20.0);
        assert_eq!(placed[2].x, 120.0);
    }
}
