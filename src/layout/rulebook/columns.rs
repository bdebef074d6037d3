//! Layout (rulebook): pieces flowed down columns and across pages. A chain of
//! pieces kept together (a heading and its first lines, a paragraph's first or
//! last two lines) moves whole to the next column when it does not fit. A
//! full-width piece (a figure too wide for a column) goes below column one's
//! text or on a page of its own, and the columns start again below it. With
//! two columns, figures (rows of cards) and text take pages of their own, so
//! text extraction, which reads a page by the gaps between its blocks, never
//! mixes a gallery's card text into the prose beside it. A chain in column
//! two is moved down (or on to the next column) until a model of poppler's
//! text extraction ([`extraction`]) reads column one's prose first: blocks
//! level with each other either side of the gutter are taken for a table's
//! cells, and a block beside a short line is widened over the gutter.

use std::cell::RefCell;

use super::extraction::{self, Block, Columns, Word};
use std::rc::Rc;

use super::pieces::{Piece, TableHead};
use crate::layout::doc::Item;
use crate::text::FaceId;

/// The frame the columns fill on every page.
#[derive(Clone, Copy, Debug)]
pub struct Frame {
    pub left: f32,
    pub top: f32,
    pub column_width: f32,
    pub column_height: f32,
    pub gutter: f32,
    pub columns: usize,
    /// The size and faces of body text: text extraction must read column
    /// one's before column two's (see [`extraction::reads_columns_in_order`]).
    pub prose_size: f32,
    pub prose_faces: [FaceId; 4],
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
    heading_line: bool,
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
    /// Whether the current page holds figures (Some(true)) or text (Some(false)).
    holds_figures: Option<bool>,
    /// The headings placed in the columns since `top`.
    headings: Vec<HeadingZone>,
    /// The text blocks left of the column being filled, for the page,
    /// column and top they were grouped for (see `reads_in_order`).
    earlier_blocks: RefCell<Option<EarlierBlocks>>,
    /// The table whose band was placed last, and the page and column it is in.
    last_table: Option<(Rc<TableHead>, usize, usize)>,
}

/// Text blocks and the (page, column, top) they belong to.
type EarlierBlocks = ((usize, usize, u32), Vec<Block>);

/// A heading placed on the page: its column, where the space above it
/// starts, and the top and bottom of its lines (from the column's top).
struct HeadingZone {
    column: usize,
    space: f32,
    top: f32,
    bottom: f32,
}

/// Blocks whose tops, bottoms or middles are this close (points) count as
/// level: poppler's threshold is half the smallest font size of the blocks
/// compared (up to 8 pt for two headings), with a margin.
const LEVEL: f32 = 9.0;
/// The most a heading is moved down to keep clear of one beside it.
const MAX_SHIFT: f32 = 48.0;

impl Cursor {
    fn at_top(&self) -> bool {
        self.y <= self.top
    }

    /// Nothing placed on this page yet.
    fn page_empty(&self) -> bool {
        self.column == 0 && self.y <= 0.0
    }

    fn next_page(&mut self) {
        self.column = 0;
        self.y = 0.0;
        self.top = 0.0;
        self.set.clear();
        self.holds_figures = None;
        self.headings.clear();
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

    /// Space to add above a chain whose headings are `zones` (relative to
    /// the chain's top, its first gap included) so that text extraction
    /// (poppler) reads the columns one after the other. Two things would make
    /// it read across: a heading level with one of the column before (top,
    /// bottom or middle within [`LEVEL`]), which it takes for a row of a
    /// table; and a heading with only space beside it, which it widens over
    /// both columns. These are guides; what decides is the model of
    /// extraction's reading order ([`extraction`]): the first shift (up to
    /// [`MAX_SHIFT`]) that keeps clear of level headings and has column one's
    /// prose read first is taken, else the first that has it read first.
    /// None when no shift does (the chain goes on to the next column).
    fn reading_shift(&self, chain: &[Piece], gap: f32, zones: &[HeadingZone]) -> Option<f32> {
        if self.column == 0 {
            return Some(0.0);
        }
        let others: Vec<&HeadingZone> = self
            .headings
            .iter()
            .filter(|h| h.column + 1 == self.column)
            .collect();
        let headings_clear = |shift: f32| {
            zones.iter().enumerate().all(|(k, z)| {
                // The space above the first heading reaches up to the text before the chain.
                let space = if k == 0 {
                    self.y
                } else {
                    self.y + shift + z.space
                };
                let (top, bottom) = (self.y + shift + z.top, self.y + shift + z.bottom);
                others.iter().all(|h| {
                    let level = (h.top - top).abs() <= LEVEL
                        || (h.bottom - bottom).abs() <= LEVEL
                        || ((h.top + h.bottom) - (top + bottom)).abs() / 2.0 <= LEVEL;
                    // The earlier heading alone beside the space above this one…
                    let beside_space = h.top >= space - 0.5 && h.bottom <= top + 0.5;
                    // …or this heading alone beside the space above the earlier one.
                    let in_space = top >= h.space - 0.5 && bottom <= h.top + 0.5;
                    !level && !beside_space && !in_space
                })
            })
        };
        let shifts = || (0..=MAX_SHIFT as usize).map(|s| s as f32);
        let in_order = |shift: f32| self.reads_in_order(chain, gap, shift);
        shifts()
            .find(|s| headings_clear(*s) && in_order(*s))
            .or_else(|| {
                shifts()
                    .filter(|s| !headings_clear(*s))
                    .find(|s| in_order(*s))
            })
    }

    /// Whether extraction reads the column before's prose first with `chain`
    /// set `shift` lower than the cursor (its first gap `gap`).
    fn reads_in_order(&self, chain: &[Piece], gap: f32, shift: f32) -> bool {
        let Some(before) = self.column.checked_sub(1) else {
            return true;
        };
        let x = self.column_x(self.column);
        // Blocks never reach across the gutter: those left of this column
        // are grouped once while it fills.
        let split = x - self.frame.gutter / 2.0;
        let key = (self.pages.len(), self.column, self.top.to_bits());
        let mut earlier = self.earlier_blocks.borrow_mut();
        if earlier.as_ref().is_none_or(|(k, _)| *k != key) {
            let words = self.page_words().filter(|w| w.x1 <= split).collect();
            *earlier = Some((key, extraction::blocks(words)));
        }
        let mut words: Vec<Word> = self.page_words().filter(|w| w.x1 > split).collect();
        let mut y = self.y + shift;
        for (k, piece) in chain.iter().enumerate() {
            y += if k == 0 { gap } else { piece.gap };
            let top = self.frame.top + y;
            words.extend(extraction::words(&piece.items).map(|w| Word {
                x0: w.x0 + x,
                x1: w.x1 + x,
                base: w.base + top,
                ..w
            }));
            y += piece.height;
        }
        let span = |column: usize| {
            let x = self.column_x(column);
            (x, x + self.frame.column_width)
        };
        let columns = Columns {
            left: span(before),
            right: span(self.column),
            top: self.frame.top + self.top,
            prose_size: self.frame.prose_size,
            prose_faces: self.frame.prose_faces,
        };
        let left = earlier.as_ref().map_or(&[][..], |(_, b)| &b[..]);
        let blocks = extraction::merge_blocks(left, &extraction::blocks(words));
        extraction::reads_columns_in_order(&blocks, columns)
    }

    /// The words of the text placed on the current page.
    fn page_words(&self) -> impl Iterator<Item = Word> + '_ {
        self.pages
            .last()
            .into_iter()
            .flat_map(|page| extraction::words(page))
    }

    /// Starts a new page when a chain of figures would share a page of text
    /// or the other way round (two or more columns only).
    fn keep_kinds_apart(&mut self, figures: bool) {
        if self.frame.columns < 2 {
            return;
        }
        match self.holds_figures {
            Some(held) if held != figures => self.next_page(),
            _ => {}
        }
    }

    /// Whether `piece` is a band of the table whose band was placed last,
    /// in this same column: it goes right below it, never moved down.
    fn continues_table(&self, piece: &Piece) -> bool {
        match (&self.last_table, &piece.table) {
            (Some((last, page, column)), Some(head)) => {
                Rc::ptr_eq(last, head) && (*page, *column) == (self.pages.len() - 1, self.column)
            }
            _ => false,
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
            self.headings.clear();
            return;
        }
        self.next_page();
    }

    /// Where the set pieces split into two columns of about equal height:
    /// (index of the first piece of column two, height of the taller column).
    /// Never after a piece kept with the next one, never between two rows
    /// of a table in one column, and a table's head repeated at the top of
    /// column two stays there (it starts column two or nothing can). A split
    /// whose two columns end level with each other is preferred when it is
    /// at most [`BALANCE_SLACK`] taller.
    fn balanced_split(&self) -> Option<(usize, f32)> {
        if self.frame.columns != 2 || self.set.is_empty() {
            return None;
        }
        let repeated_head = (1..self.set.len()).find(|k| self.set[*k].head > 0.0);
        let mut best: Option<(usize, f32)> = None;
        let mut best_level: Option<(usize, f32)> = None;
        for k in 1..=self.set.len() {
            if self.set[k - 1].keep_with_next
                || self.set.get(k).is_some_and(|s| s.joins_previous)
                || repeated_head.is_some_and(|h| h != k)
            {
                continue;
            }
            let (one, two) = (stack(&self.set[..k]), stack(&self.set[k..]));
            let tall = one.0.max(two.0);
            if best.is_none_or(|(_, h)| tall < h - 1e-3) {
                best = Some((k, tall));
            }
            // Each column's last text (below its last heading) beside the other's.
            let level = k == self.set.len() || (two.0 > one.1 + 1.0 && one.0 > two.1 + 1.0);
            if level && best_level.is_none_or(|(_, h)| tall < h - 1e-3) {
                best_level = Some((k, tall));
            }
        }
        match (best, best_level) {
            (Some((_, h)), Some((k, tall))) if tall <= h + BALANCE_SLACK => Some((k, tall)),
            _ => best,
        }
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

    /// Places a piece of a chain that holds figures (`figures`) or text.
    fn put(&mut self, piece: Piece, figures: bool) {
        if piece.full_width {
            if piece.height + self.gap(&piece) > self.remaining() + 1e-3 || self.column > 0 {
                self.clear_columns(piece.height);
            }
        } else if piece.height + self.head_above(&piece) + self.gap(&piece)
            > self.remaining() + 1e-3
            && !self.at_top()
        {
            self.next_column();
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
            // The table goes on in a new column or page: its head again.
            let y = self.frame.top + self.y;
            if let Some(page) = self.pages.last_mut() {
                page.extend(head.items.iter().map(|i| i.translated(x, y)));
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
        self.holds_figures = Some(figures);
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
            self.headings.clear();
        } else {
            self.set.push(Set {
                items: start..end,
                height: head_height + piece.height,
                gap: piece.gap,
                keep_with_next: piece.keep_with_next,
                heading_line: piece.heading_line,
                joins_previous: same_table == Some(true),
                head: head_height,
            });
        }
    }
}

/// The headings of a chain, relative to its top when its first gap is `gap`.
fn heading_zones(chain: &[Piece], gap: f32, column: usize) -> Vec<HeadingZone> {
    let mut zones: Vec<HeadingZone> = Vec::new();
    let mut y = 0.0;
    for (k, piece) in chain.iter().enumerate() {
        let before = y;
        y += if k == 0 { gap } else { piece.gap };
        if piece.heading_line {
            match zones.last_mut() {
                Some(zone) if piece.heading.is_none() && zone.bottom == before => {
                    zone.bottom = y + piece.height
                }
                _ => zones.push(HeadingZone {
                    column,
                    space: before,
                    top: y,
                    bottom: y + piece.height,
                }),
            }
        }
        y += piece.height;
    }
    zones
}

/// Space between the columns and a piece across the page.
const GAP_ACROSS: f32 = 8.0;

/// How much taller balanced columns may be made so that the last text of
/// each is level with the other's. Text extraction (poppler) widens a block
/// with nothing beside it over what lies below it (the piece across the
/// page), and then reads the other column's text above it first.
const BALANCE_SLACK: f32 = 40.0;

/// The height of pieces stacked in a column, and where the text below the
/// last heading among them starts (0 when there is none).
fn stack(pieces: &[Set]) -> (f32, f32) {
    let mut y = 0.0;
    let mut last_text = 0.0;
    for (n, p) in pieces.iter().enumerate() {
        if n > 0 {
            y += p.gap;
        }
        y += p.height;
        if p.heading_line {
            last_text = y;
        }
    }
    (y, last_text)
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
        top: 0.0,
        placed: Vec::with_capacity(pieces.len()),
        set: Vec::new(),
        holds_figures: None,
        headings: Vec::new(),
        earlier_blocks: RefCell::new(None),
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
        let figures = chain.iter().any(|p| p.figure);
        cursor.keep_kinds_apart(figures);
        let height: f32 = chain.iter().map(|p| p.height + p.gap).sum::<f32>() - chain[0].gap;
        if chain.iter().any(|p| p.full_width) {
            // A chain that runs across the page starts below the columns set so far.
            cursor.clear_columns(height);
        } else {
            // Move down past level headings, or on to the next column when the
            // chain no longer fits (a new page has none to avoid).
            let mut shift;
            let mut zones;
            // Set the first gap even at the top of a column (once moved down).
            let mut own_gap;
            loop {
                own_gap = false;
                let gap = cursor.gap(&chain[0]);
                zones = heading_zones(&chain, gap, cursor.column);
                let mut found = Some(0.0);
                // A table's rows abut: the next row is never moved down.
                if frame.columns > 1 && !cursor.continues_table(&chain[0]) {
                    found = cursor.reading_shift(&chain, gap, &zones);
                    if found.is_some_and(|s| s > 0.0) && cursor.at_top() {
                        own_gap = true;
                        zones = heading_zones(&chain, chain[0].gap, cursor.column);
                        found = cursor.reading_shift(&chain, chain[0].gap, &zones);
                    }
                }
                shift = found.unwrap_or(0.0);
                let gap = if own_gap { chain[0].gap } else { gap };
                let head = cursor.head_above(&chain[0]);
                let fits = height + head + gap + shift <= cursor.remaining() + 1e-3;
                // A chain taller than a whole column is set piece by piece
                // (each goes on to the next column when it does not fit):
                // nothing is ever set below the column.
                if !fits && cursor.at_top() && shift == 0.0 && !own_gap {
                    break;
                }
                // No place in this column reads in order: the next column.
                if found.is_some() && fits {
                    break;
                }
                cursor.next_column();
            }
            let y = cursor.y + shift;
            cursor.y = y;
            if own_gap {
                cursor.y += chain[0].gap;
                chain[0].gap = 0.0;
            }
            cursor
                .headings
                .extend(zones.into_iter().map(|z| HeadingZone {
                    space: y + z.space,
                    top: y + z.top,
                    bottom: y + z.bottom,
                    ..z
                }));
        }
        for piece in chain.drain(..) {
            cursor.put(piece, figures);
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
            prose_size: 9.5,
            prose_faces: [0; 4],
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
    fn figures_and_text_take_pages_of_their_own_in_two_columns() {
        let figure = |keep| Piece {
            figure: true,
            ..piece(30.0, keep)
        };
        // Text, a heading kept with a row of cards, another row, then text.
        let pieces = vec![
            piece(20.0, false),
            piece(10.0, true),
            figure(false),
            figure(false),
            piece(20.0, false),
        ];
        let (pages, placed) = flow(frame(), pieces.clone());
        assert_eq!(pages.len(), 3);
        assert_eq!(
            placed.iter().map(|p| p.page).collect::<Vec<_>>(),
            [0, 1, 1, 1, 2]
        );
        assert_eq!((placed[1].x, placed[1].y), (10.0, 20.0));
        // One column: they share the page.
        let one = Frame {
            columns: 1,
            column_height: 1000.0,
            ..frame()
        };
        let (pages, _) = flow(one, pieces);
        assert_eq!(pages.len(), 1);
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

    /// A line of text `size` high in face `face`, `width` wide.
    fn line(text: &str, size: f32, face: usize, width: f32, gap: f32) -> Piece {
        Piece {
            height: size * 1.3,
            gap,
            items: vec![Item::Text(crate::layout::doc::TextItem {
                x: 0.0,
                y: size,
                face,
                size,
                text: text.into(),
                glyphs: vec![
                    crate::text::Glyph {
                        id: 0,
                        chars: 1,
                        advance: 0.0,
                    };
                    text.chars().count()
                ],
                width,
                ink: None,
            })],
            ..Piece::default()
        }
    }

    /// A row of a table: a label and a value far right, at 8.5 pt.
    fn table_row() -> Piece {
        let cell = |x: f32, width: f32| {
            Item::Text(crate::layout::doc::TextItem {
                x,
                y: 8.5,
                face: 2,
                size: 8.5,
                text: "cell".into(),
                glyphs: vec![
                    crate::text::Glyph {
                        id: 0,
                        chars: 1,
                        advance: 0.0,
                    };
                    4
                ],
                width,
                ink: None,
            })
        };
        Piece {
            height: 15.0,
            gap: 0.0,
            items: vec![cell(0.0, 50.0), cell(200.0, 10.0)],
            ..Piece::default()
        }
    }

    #[test]
    fn column_two_is_set_where_extraction_reads_column_one_first() {
        let frame = Frame {
            left: 40.0,
            top: 60.0,
            column_width: 250.0,
            column_height: 200.0,
            gutter: 14.0,
            columns: 2,
            prose_size: 9.5,
            prose_faces: [0; 4],
        };
        // Column one: a short line, a table whose values lie right of where
        // that line ends, and a paragraph. Column two's one-line paragraph
        // beside the short line alone would be widened over the gutter and
        // read before column one's table and paragraph.
        let mut pieces = vec![line("Short.", 9.5, 0, 60.0, 0.0), table_row()];
        for _ in 0..3 {
            pieces.push(table_row());
        }
        for n in 0..9 {
            let mut l = line("prose", 9.5, 0, 240.0, if n == 0 { 6.0 } else { 0.0 });
            l.keep_with_next = n < 8;
            pieces.push(l);
        }
        // Column two: a one-line paragraph, then another paragraph.
        pieces.push(line("One line.", 9.5, 0, 100.0, 6.0));
        for n in 0..6 {
            let mut l = line("prose", 9.5, 0, 240.0, if n == 0 { 6.0 } else { 0.0 });
            l.keep_with_next = n < 5;
            pieces.push(l);
        }
        let (pages, _) = flow(frame, pieces);
        assert_eq!(pages.len(), 1);
        let words: Vec<Word> = extraction::words(&pages[0]).collect();
        assert!(words.iter().any(|w| w.x0 > 300.0), "column two is used");
        let columns = Columns {
            left: (40.0, 290.0),
            right: (304.0, 554.0),
            top: 60.0,
            prose_size: 9.5,
            prose_faces: [0; 4],
        };
        assert!(extraction::reads_columns_in_order(
            &extraction::blocks(words),
            columns
        ));
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
    fn balanced_columns_end_level_with_each_other_before_a_full_width_piece() {
        let heading = Piece {
            heading_line: true,
            ..piece(10.0, true)
        };
        // Two lines, then a heading kept with 10 of text, then 25 more.
        let pieces = vec![
            piece(10.0, false),
            piece(5.0, false),
            heading,
            piece(10.0, false),
            piece(25.0, false),
            across(10.0),
        ];
        let (_, placed) = flow(frame(), pieces);
        // Shortest split: 10+5+10+10 (50 high, the text below the heading
        // from 35) beside 25, which ends above that text. Chosen (55 high):
        // the two lines beside the heading and all its text.
        assert_eq!(placed[1].x, 10.0);
        assert_eq!((placed[2].x, placed[2].y), (120.0, 20.0));
        assert_eq!((placed[4].x, placed[4].y), (120.0, 20.0 + 30.0));
        assert_eq!(placed[5].y, 20.0 + 55.0 + GAP_ACROSS);
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
