//! Layout (rulebook): pieces flowed down columns and across pages. A chain of
//! pieces kept together (a heading and its first lines, a paragraph's first or
//! last two lines) moves whole to the next column when it does not fit. A
//! full-width piece (a figure too wide for a column) goes below the columns
//! set so far, balanced, or on the next page, and the columns start again
//! below it. Each column starts at its top and pieces follow at the gaps
//! they ask for: where the text goes is typography's business alone, and
//! the reading order is the order of the pieces (their tags), not where
//! they land. Input: the frame and the pieces in reading order; output:
//! each page's items and where each piece went.

use std::rc::Rc;

use super::pieces::{Piece, TableHead};
use crate::layout::doc::{Item, Role, tagged};

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

/// A piece placed since the columns last started: its items on the page, and
/// what balancing the columns needs to know of it.
struct Set {
    items: std::ops::Range<usize>,
    height: f32,
    gap: f32,
    keep_with_next: bool,
    /// A row of the same table as the set piece before it, in the same
    /// column without its head repeated: the columns are not balanced apart
    /// between the two.
    joins_previous: bool,
    /// The height of the table head repeated above it (0 for none): it
    /// starts a column, and balancing keeps it at the top of one.
    head: f32,
}

struct Cursor {
    frame: Frame,
    pages: Vec<Vec<Item>>,
    column: usize,
    y: f32,
    /// Where the columns start on this page (below a full-width piece).
    top: f32,
    placed: Vec<Placed>,
    /// The pieces placed in the columns since `top` (the last of `placed`).
    set: Vec<Set>,
    /// The table whose band was placed last, and the page and column it is in.
    last_table: Option<(Rc<TableHead>, usize, usize)>,
    /// On a first page whose columns start below something else (see
    /// [`flow_below`]): a piece that does not fit at the top of a column
    /// here goes on rather than run over the foot.
    shallow: bool,
}

impl Cursor {
    fn at_top(&self) -> bool {
        self.y <= self.top
    }

    /// Nothing placed on this page yet.
    fn page_empty(&self) -> bool {
        self.column == 0 && self.y <= 0.0
    }

    /// At the top of a column that a piece cannot fit better by moving on.
    fn stuck(&self) -> bool {
        self.at_top() && !self.shallow
    }

    fn next_page(&mut self) {
        self.shallow = false;
        self.column = 0;
        self.y = 0.0;
        self.top = 0.0;
        self.set.clear();
        self.pages.push(Vec::new());
    }

    fn remaining(&self) -> f32 {
        self.frame.column_height - self.y
    }

    fn next_column(&mut self) {
        self.y = self.top;
        self.column += 1;
        if self.column >= self.frame.columns {
            self.next_page();
        }
    }

    /// The height of the table head set above `piece` if it went here: a
    /// table's band that continues in a column other than its last band's.
    fn head_above(&self, piece: &Piece) -> f32 {
        match (&self.last_table, &piece.table) {
            (Some((last, page, column)), Some(head))
                if Rc::ptr_eq(last, head)
                    && (*page, *column) != (self.pages.len() - 1, self.column) =>
            {
                head.height
            }
            _ => 0.0,
        }
    }

    fn gap(&self, piece: &Piece) -> f32 {
        if self.at_top() { 0.0 } else { piece.gap }
    }

    fn column_x(&self, column: usize) -> f32 {
        self.frame.left + column as f32 * (self.frame.column_width + self.frame.gutter)
    }

    /// Makes room for `height` across the page: the columns set so far on
    /// this page are balanced (two columns) and it goes below them, or it
    /// goes on the next page.
    fn clear_columns(&mut self, height: f32) {
        if self.page_empty() {
            return;
        }
        if self.column == 0 && self.at_top() {
            // Right below another piece across the page: on this page if it fits.
            if height > self.remaining() + 1e-3 {
                self.next_page();
            }
            return;
        }
        if let Some(bottom) = self.balanced_bottom()
            && bottom + GAP_ACROSS + height <= self.frame.column_height + 1e-3
        {
            self.balance();
            self.column = 0;
            self.y = bottom + GAP_ACROSS;
            self.top = self.y;
            self.set.clear();
            return;
        }
        self.next_page();
    }

    /// Where the set pieces split into two columns of about equal height:
    /// (index of the first piece of column two, height of the taller column).
    /// Never after a piece kept with the next one, never between two rows
    /// of a table in one column, and a table's head repeated at the top of
    /// column two stays there (it starts column two or nothing can). Of
    /// splits as short, the one with more in column one.
    fn balanced_split(&self) -> Option<(usize, f32)> {
        if self.frame.columns != 2 || self.set.is_empty() {
            return None;
        }
        let repeated_head = (1..self.set.len()).find(|k| self.set[*k].head > 0.0);
        let mut best: Option<(usize, f32)> = None;
        for k in 1..=self.set.len() {
            if self.set[k - 1].keep_with_next
                || self.set.get(k).is_some_and(|s| s.joins_previous)
                || repeated_head.is_some_and(|h| h != k)
            {
                continue;
            }
            let tall = stack(&self.set[..k]).max(stack(&self.set[k..]));
            if best.is_none_or(|(_, h)| tall <= h + 1e-3) {
                best = Some((k, tall));
            }
        }
        best
    }

    fn balanced_bottom(&self) -> Option<f32> {
        self.balanced_split().map(|(_, h)| self.top + h)
    }

    /// Moves the set pieces into two balanced columns below `top`.
    fn balance(&mut self) {
        let Some((split, _)) = self.balanced_split() else {
            return;
        };
        let first = self.placed.len() - self.set.len();
        let mut y = self.top;
        for (n, set) in self.set.iter().enumerate() {
            let column = usize::from(n >= split);
            if n == 0 || n == split {
                y = self.top;
            } else {
                y += set.gap;
            }
            // Where the piece goes: below its repeated head, if any.
            let (x, top) = (self.column_x(column), self.frame.top + y + set.head);
            let at = &mut self.placed[first + n];
            let (dx, dy) = (x - at.x, top - at.y);
            at.x = x;
            at.y = top;
            if let Some(page) = self.pages.last_mut() {
                for item in &mut page[set.items.clone()] {
                    item.translate(dx, dy);
                }
            }
            y += set.height;
        }
    }

    /// Places a piece.
    fn put(&mut self, piece: Piece) {
        if piece.full_width {
            if piece.height + self.gap(&piece) > self.remaining() + 1e-3 || self.column > 0 {
                self.clear_columns(piece.height);
            }
        } else {
            while piece.height + self.head_above(&piece) + self.gap(&piece)
                > self.remaining() + 1e-3
                && !self.stuck()
            {
                self.next_column();
            }
        }
        let here = (self.pages.len() - 1, self.column);
        let same_table = match (&self.last_table, &piece.table) {
            (Some((last, page, column)), Some(head)) if Rc::ptr_eq(last, head) => {
                Some((*page, *column) == here)
            }
            _ => None,
        };
        if same_table == Some(true) && piece.full_width {
            // Rows of a table across the page follow each other without the
            // gap kept below other pieces across the page.
            self.y -= GAP_ACROSS;
            self.top = self.y;
        }
        self.y += self.gap(&piece);
        let x = self.column_x(self.column);
        let start = self.pages.last().map_or(0, Vec::len);
        let mut head_height = 0.0;
        if let (Some(false), Some(head)) = (same_table, &piece.table) {
            // The table goes on in a new column or page: its head again,
            // a repetition (page furniture) rather than more of the table.
            let y = self.frame.top + self.y;
            if let Some(page) = self.pages.last_mut() {
                let repeated = head.items.iter().map(|i| i.translated(x, y));
                page.extend(tagged(Role::Artifact, repeated));
            }
            head_height = head.height;
            self.y += head_height;
        }
        let y = self.frame.top + self.y;
        if let Some(page) = self.pages.last_mut() {
            page.extend(piece.items.iter().map(|i| i.translated(x, y)));
        }
        let end = self.pages.last().map_or(0, Vec::len);
        self.y += piece.height;
        self.last_table = piece.table.clone().map(|head| (head, here.0, here.1));
        self.placed.push(Placed {
            page: self.pages.len() - 1,
            x,
            y,
        });
        if piece.full_width {
            // The columns start again below it, a gap lower.
            self.y += GAP_ACROSS;
            self.top = self.y;
            self.set.clear();
        } else {
            self.set.push(Set {
                items: start..end,
                height: head_height + piece.height,
                gap: piece.gap,
                keep_with_next: piece.keep_with_next,
                joins_previous: same_table == Some(true),
                head: head_height,
            });
        }
    }
}

/// Space between the columns and a piece across the page.
const GAP_ACROSS: f32 = 8.0;

/// The height of pieces stacked in a column.
fn stack(pieces: &[Set]) -> f32 {
    pieces
        .iter()
        .enumerate()
        .map(|(n, p)| if n > 0 { p.gap + p.height } else { p.height })
        .sum()
}

/// Flows the pieces; returns each page's items and where each piece went.
/// A piece taller than a column is placed at the top of one and runs over
/// (the caller reports it before calling).
pub fn flow(frame: Frame, pieces: Vec<Piece>) -> (Vec<Vec<Item>>, Vec<Placed>) {
    flow_below(frame, pieces, 0.0)
}

/// [`flow`], the columns of the first page starting `start` points below
/// the frame's top (below what is already there: a short contents).
pub fn flow_below(frame: Frame, pieces: Vec<Piece>, start: f32) -> (Vec<Vec<Item>>, Vec<Placed>) {
    let start = start.clamp(0.0, frame.column_height);
    let mut cursor = Cursor {
        frame,
        pages: vec![Vec::new()],
        column: 0,
        y: start,
        top: start,
        shallow: start > 0.0,
        placed: Vec::with_capacity(pieces.len()),
        set: Vec::new(),
        last_table: None,
    };
    let mut pieces = pieces.into_iter().peekable();
    let mut chain: Vec<Piece> = Vec::new();
    while let Some(piece) = pieces.next() {
        let more = piece.keep_with_next && pieces.peek().is_some();
        chain.push(piece);
        if more {
            continue;
        }
        let height: f32 = chain.iter().map(|p| p.height + p.gap).sum::<f32>() - chain[0].gap;
        if chain.iter().any(|p| p.full_width) {
            // A chain that runs across the page starts below the columns set so far.
            cursor.clear_columns(height);
        } else {
            // On to the next column when the chain does not fit here. A
            // chain taller than a whole column is set piece by piece (each
            // goes on to the next column when it does not fit): nothing is
            // ever set below the column.
            loop {
                let gap = cursor.gap(&chain[0]);
                let head = cursor.head_above(&chain[0]);
                if height + head + gap <= cursor.remaining() + 1e-3 || cursor.stuck() {
                    break;
                }
                cursor.next_column();
            }
        }
        for piece in chain.drain(..) {
            cursor.put(piece);
        }
    }
    (cursor.pages, cursor.placed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::doc::{Geometry, Shape, Stroke};

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

    fn across(height: f32) -> Piece {
        Piece {
            full_width: true,
            ..piece(height, false)
        }
    }

    #[test]
    fn a_full_width_piece_goes_below_balanced_columns() {
        // Four 20-high lines fill column one; balanced, two go to column two.
        let mut pieces: Vec<Piece> = (0..4).map(|_| piece(20.0, false)).collect();
        pieces.push(across(30.0));
        pieces.push(piece(10.0, false));
        let (pages, placed) = flow(frame(), pieces);
        assert_eq!(pages.len(), 1);
        assert_eq!((placed[0].x, placed[0].y), (10.0, 20.0));
        assert_eq!((placed[1].x, placed[1].y), (10.0, 45.0));
        assert_eq!((placed[2].x, placed[2].y), (120.0, 20.0));
        assert_eq!((placed[3].x, placed[3].y), (120.0, 45.0));
        // Below the taller column (45 high) and a gap; then the columns start again.
        assert_eq!((placed[4].x, placed[4].y), (10.0, 20.0 + 45.0 + GAP_ACROSS));
        let below = 20.0 + 45.0 + GAP_ACROSS + 30.0 + GAP_ACROSS;
        assert_eq!((placed[5].x, placed[5].y), (10.0, below));
    }

    #[test]
    fn a_kept_heading_goes_with_its_full_width_figure_and_no_split_after_a_kept_piece() {
        // Lines 0-1 are kept together, so the balance cannot split between them.
        let pieces = vec![
            piece(20.0, true),
            piece(20.0, false),
            piece(20.0, false),
            piece(10.0, true),
            across(30.0),
        ];
        let (_, placed) = flow(frame(), pieces);
        assert_eq!(placed[1].x, 10.0);
        assert_eq!(placed[2].x, 120.0);
        // The heading starts below both columns, the figure right under it.
        assert_eq!((placed[3].x, placed[3].y), (10.0, 20.0 + 45.0 + GAP_ACROSS));
        assert_eq!(placed[4].y, placed[3].y + 10.0 + 5.0);
    }

    #[test]
    fn balanced_columns_are_the_shortest_split_and_never_after_a_kept_piece() {
        // Two lines, then a heading kept with 10 of text, then 25 more.
        let pieces = vec![
            piece(10.0, false),
            piece(5.0, false),
            piece(10.0, true),
            piece(10.0, false),
            piece(25.0, false),
            across(10.0),
        ];
        let (_, placed) = flow(frame(), pieces);
        // Splits: after the first line (65 high), after the second (55),
        // not after the heading, after its text (50: chosen), after all (80).
        assert!(placed[..4].iter().all(|p| p.x == 10.0));
        assert_eq!((placed[3].x, placed[3].y), (10.0, 20.0 + 40.0));
        assert_eq!((placed[4].x, placed[4].y), (120.0, 20.0));
        assert_eq!(placed[5].y, 20.0 + 50.0 + GAP_ACROSS);
    }

    #[test]
    fn a_repeated_table_head_is_an_artifact_and_tags_pass_through_in_order() {
        let mut pieces = table(35.0, 7);
        pieces[0].items.insert(0, Item::start(Role::Table));
        if let Some(last) = pieces.last_mut() {
            last.items.push(Item::end());
        }
        let (pages, _) = flow(frame(), pieces);
        let tags: Vec<&Item> = pages[0]
            .iter()
            .filter(|i| matches!(i, Item::Tag(_)))
            .collect();
        assert_eq!(
            tags,
            [
                &Item::start(Role::Table),
                &Item::start(Role::Artifact),
                &Item::end(),
                &Item::end()
            ]
        );
    }

    #[test]
    fn a_full_width_piece_that_does_not_fit_below_starts_a_page() {
        let pieces = vec![
            piece(40.0, false),
            piece(40.0, false),
            piece(40.0, false),
            across(90.0),
        ];
        let (pages, placed) = flow(frame(), pieces);
        assert_eq!(pages.len(), 2);
        assert_eq!((placed[3].page, placed[3].x, placed[3].y), (1, 10.0, 20.0));
    }

    /// A table's bands: its first (head and two rows, `first` high, its
    /// head 10 high drawn as a rectangle), then `rows` rows 10 high, the
    /// last two kept together.
    fn table(first: f32, rows: usize) -> Vec<Piece> {
        let head = Rc::new(TableHead {
            items: vec![Geometry::rect(0.0, 0.0, 100.0, 10.0, 0.0).stroked(Stroke::solid(0.5))],
            height: 10.0,
        });
        let mut pieces = vec![Piece {
            table: Some(head.clone()),
            ..piece(first, false)
        }];
        for r in 0..rows {
            pieces.push(Piece {
                gap: 0.0,
                keep_with_next: r + 2 == rows,
                table: Some(head.clone()),
                ..piece(10.0, false)
            });
        }
        pieces
    }

    /// Where the repeated heads were drawn: (x, y) of each.
    fn heads(page: &[Item]) -> Vec<(f32, f32)> {
        page.iter()
            .filter_map(|i| match i {
                Item::Shape(Shape {
                    geometry: Geometry::Rect { x, y, .. },
                    stroke: Some(_),
                    ..
                }) => Some((*x, *y)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_table_continues_in_column_two_below_its_head_repeated() {
        // 35 + 5 rows fill column one to 85; the last two rows (20) go on.
        let mut pieces = table(35.0, 7);
        let (pages, placed) = flow(frame(), pieces.clone());
        assert_eq!(pages.len(), 1);
        assert_eq!((placed[5].x, placed[5].y), (10.0, 20.0 + 75.0));
        assert_eq!(heads(&pages[0]), [(120.0, 20.0)]);
        assert_eq!((placed[6].x, placed[6].y), (120.0, 30.0));
        assert_eq!((placed[7].x, placed[7].y), (120.0, 40.0));
        // Balanced before a piece across the page, column two still starts
        // with the head and the rows right below it; the piece goes below
        // column one (85) and a gap.
        pieces.push(across(5.0));
        let (pages, placed) = flow(frame(), pieces);
        assert_eq!(pages.len(), 1);
        assert_eq!(heads(&pages[0]), [(120.0, 20.0)]);
        assert_eq!((placed[6].x, placed[6].y), (120.0, 30.0));
        assert_eq!(placed[8].y, 20.0 + 85.0 + GAP_ACROSS);
    }

    #[test]
    fn balancing_never_moves_a_repeated_head_below_its_own_rows() {
        // A line, then a table that continues in column two with its head.
        // Balancing could move the table into column two whole, leaving
        // its repeated head between its own rows: it must not.
        let mut pieces = vec![piece(40.0, false)];
        pieces.extend(table(30.0, 4));
        pieces.push(across(5.0));
        let (pages, placed) = flow(frame(), pieces);
        assert_eq!((placed[1].x, placed[1].y), (10.0, 20.0 + 45.0));
        assert_eq!((placed[4].x, placed[4].y), (120.0, 30.0));
        assert_eq!(heads(&pages[0]), [(120.0, 20.0)]);
        // Column one is too full for the piece across the page below it.
        assert_eq!((placed[6].page, placed[6].y), (1, 20.0));
    }

    #[test]
    fn pieces_across_the_page_one_below_another_go_on_to_the_next_page() {
        // Rows of a gallery set across the page: two fit a 100-high page.
        let pieces = vec![across(40.0), across(40.0), across(40.0)];
        let (pages, placed) = flow(frame(), pieces);
        assert_eq!(pages.len(), 2);
        assert_eq!(placed.iter().map(|p| p.page).collect::<Vec<_>>(), [0, 0, 1]);
        assert_eq!((placed[2].x, placed[2].y), (10.0, 20.0));
    }
}
