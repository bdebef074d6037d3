//! Layout (rulebook): pieces flowed down columns and across pages. A chain of
//! pieces kept together (a heading and its first lines, a paragraph's first or
//! last two lines) moves whole to the next column when it does not fit; a
//! figure in a column (cards) that does not fit waits for the top of the
//! next column while the text after it fills this one, as LaTeX floats a
//! figure (a heading kept with it stays, with that text under it). A
//! full-width piece (a figure too wide for a column) goes below the columns
//! set so far, balanced, or on the next page, and the columns start again
//! below it (where the text after it fits below it too; else it floats to
//! the next page's top while that text fills this one); the last page's
//! columns are balanced too. Balancing sets the
//! columns again, cut shorter, as short as they go (so kept pieces and a
//! table's head repeated where it continues stay right). Each column starts at its top and pieces follow at the gaps
//! they ask for: where the text goes is typography's business alone, and
//! the reading order is the order of the pieces (their tags), not where
//! they land. Input: the frame and the pieces in reading order; output:
//! each page's items and where each piece went.

mod floats;

use floats::goes_with_float;

use std::sync::Arc;

use super::pieces::{Piece, TableHead};
use crate::layout::doc::{Item, Role, Tag, tagged};

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

/// The cursor's state where the columns last started (a page's top, or
/// below a piece across the page): balancing sets the pieces placed since
/// again from here.
#[derive(Clone)]
struct Mark {
    /// The first piece set since.
    piece: usize,
    page: usize,
    items: usize,
    y: f32,
    /// Where the columns start: `y`, but below a table's notes set in
    /// the first column under it (see [`Cursor::set_floats`]), the table.
    top: f32,
    last_table: Option<(Arc<TableHead>, usize, usize)>,
    shallow: bool,
    /// Elements open (tags started and not ended) in what is placed.
    depth: i32,
    /// How many figures were set after the text that follows them, and
    /// those waiting.
    moved: usize,
    waiting: Vec<std::ops::Range<usize>>,
    /// The rows of a figure that waited still to set (the page turned
    /// while it was set): set first when the flow goes back here.
    setting: Option<std::ops::Range<usize>>,
}

/// The columns since the mark as they were before balancing.
struct Unbalanced {
    /// The pages from the mark's on.
    pages: Vec<Vec<Item>>,
    /// Where the pieces since the mark went.
    placed: Vec<Placed>,
    snapshot: Snapshot,
    moved: Vec<std::ops::Range<usize>>,
    waiting: Vec<std::ops::Range<usize>>,
}

/// Where the flow can go back to: the cursor between two chains, and where
/// its columns started.
#[derive(Clone)]
struct Snapshot {
    at: Mark,
    column: usize,
    top: f32,
    bottom: f32,
    set: Mark,
}

struct Cursor {
    frame: Frame,
    pages: Vec<Vec<Item>>,
    column: usize,
    y: f32,
    /// Where the columns start on this page (below a full-width piece).
    top: f32,
    /// How far down the columns may go: the frame's column height, less
    /// while balancing tries shorter columns.
    limit: f32,
    /// The lowest bottom of a piece in the columns since `mark`.
    bottom: f32,
    /// Where each piece went (by its index; set when it is placed).
    placed: Vec<Placed>,
    /// The next piece to place.
    next: usize,
    mark: Mark,
    /// Elements open in what is placed (see [`Mark::depth`]).
    depth: i32,
    /// Chains across the page put off to the top of the next page (as
    /// LaTeX floats a figure) while the text after them fills this one.
    floats: Vec<std::ops::Range<usize>>,
    /// The last place between two chains, since the floats were put off,
    /// where no element is open: the page turns there.
    safe: Option<Snapshot>,
    /// The table whose band was placed last, and the page and column it is in.
    last_table: Option<(Arc<TableHead>, usize, usize)>,
    /// On a first page whose columns start below something else (see
    /// [`flow_below`]): a piece that does not fit at the top of a column
    /// here goes on rather than run over the foot.
    shallow: bool,
    /// The figures in a column (their rows) waiting, in order, for the
    /// next column while the text after them fills this one.
    waiting: Vec<std::ops::Range<usize>>,
    /// The figures set after the text that follows them (or waiting to be).
    moved: Vec<std::ops::Range<usize>>,
    /// The rows of the figure that waited still to set, while it is set.
    setting: Option<std::ops::Range<usize>>,
}

impl Cursor {
    fn at_top(&self) -> bool {
        self.y <= self.top
    }

    /// Nothing placed on this page yet.
    fn page_empty(&self) -> bool {
        self.column == 0 && self.y <= 0.0
    }

    /// At the top of a column that a piece cannot fit better by moving on:
    /// a whole column (a page's). The columns below a piece across the
    /// page are shorter than the next page's, where a piece (a heading
    /// kept with its lines) that does not fit them goes whole.
    fn stuck(&self) -> bool {
        self.at_top() && !self.shallow && self.top <= 0.0
    }

    fn next_page(&mut self) {
        self.shallow = false;
        self.column = 0;
        self.y = 0.0;
        self.top = 0.0;
        self.pages.push(Vec::new());
        self.set_mark();
    }

    /// The columns start here: what balancing sets again starts here.
    fn set_mark(&mut self) {
        self.bottom = self.y;
        self.mark = self.here();
    }

    /// Where the flow stands: the next piece, the end of the page's items.
    fn here(&self) -> Mark {
        Mark {
            piece: self.next,
            page: self.pages.len() - 1,
            items: self.pages.last().map_or(0, Vec::len),
            y: self.y,
            top: self.top,
            last_table: self.last_table.clone(),
            shallow: self.shallow,
            depth: self.depth,
            moved: self.moved.len(),
            waiting: self.waiting.clone(),
            setting: self.setting.clone(),
        }
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            at: self.here(),
            column: self.column,
            top: self.top,
            bottom: self.bottom,
            set: self.mark.clone(),
        }
    }

    /// Back to `snap`: what was placed since taken off the page.
    fn go_back(&mut self, snap: Snapshot) {
        self.take_off_since(snap.at.page, snap.at.items);
        self.return_to(snap);
    }

    /// The cursor where `snap` was taken, the pages left as they are.
    fn return_to(&mut self, snap: Snapshot) {
        self.mark = snap.at;
        self.back_to_mark();
        self.column = snap.column;
        self.top = snap.top;
        self.bottom = snap.bottom;
        self.mark = snap.set;
    }

    /// Back to the mark, the pieces placed since taken off the page.
    fn restore(&mut self) {
        self.take_off_since(self.mark.page, self.mark.items);
        self.back_to_mark();
    }

    /// What was placed after item `items` of page `page` taken off.
    fn take_off_since(&mut self, page: usize, items: usize) {
        self.pages.truncate(page + 1);
        if let Some(last) = self.pages.last_mut() {
            last.truncate(items);
        }
    }

    /// The cursor at the mark, at its page's first column.
    fn back_to_mark(&mut self) {
        let mark = &self.mark;
        self.column = 0;
        self.y = mark.y;
        self.top = mark.top;
        self.bottom = mark.y;
        self.next = mark.piece;
        self.last_table = mark.last_table.clone();
        self.shallow = mark.shallow;
        self.depth = mark.depth;
        self.moved.truncate(mark.moved);
        self.waiting = mark.waiting.clone();
        self.setting = None;
    }

    fn remaining(&self) -> f32 {
        self.limit - self.y
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
                if Arc::ptr_eq(last, head)
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
    fn clear_columns(&mut self, pieces: &[Piece], height: f32) {
        if !self.room_across(pieces, height) {
            self.next_page();
        }
    }

    /// [`Cursor::clear_columns`] on this page: false (nothing changed)
    /// when `height` does not fit below the columns here.
    fn room_across(&mut self, pieces: &[Piece], height: f32) -> bool {
        if self.page_empty() {
            return true;
        }
        if self.column == 0 && self.at_top() {
            // Right below another piece across the page: on this page if it fits.
            return height <= self.remaining() + 1e-3;
        }
        let room = self.frame.column_height - GAP_ACROSS - height;
        if let Some(bottom) = self.balance(pieces, room) {
            self.column = 0;
            self.y = bottom + GAP_ACROSS;
            self.top = self.y;
            self.set_mark();
            return true;
        }
        self.page_empty()
    }

    /// Sets the pieces placed since the mark again in two columns of about
    /// equal height, as short as they go (the same flow in columns cut
    /// shorter: kept pieces, table heads and all), and returns their
    /// bottom — if it is no lower than `room`; else they stay as they were
    /// and None.
    fn balance(&mut self, pieces: &[Piece], room: f32) -> Option<f32> {
        let set = pieces.get(self.mark.piece..self.next)?;
        if self.frame.columns != 2 || set.is_empty() {
            return None;
        }
        let top = self.mark.y;
        // No column is shorter than half of what is set, nor than a piece.
        let half = set.iter().map(|p| p.height).sum::<f32>() / 2.0;
        let tallest = set.iter().map(|p| p.height).fold(0.0, f32::max);
        let mut low = top + half.max(tallest);
        if low > room + 1e-3 {
            return None;
        }
        let end = self.next;
        // A trial that runs on to the next page marks it: each starts from this.
        let mark = self.mark.clone();
        // The columns as they are, to put back if no trial does better.
        let unbalanced = self.save();
        let mut high = self.frame.column_height.min(self.bottom.max(low));
        if !self.trial(pieces, &mark, end, high) {
            // Not even as it was (a piece kept with the next set alone).
            self.put_back(unbalanced);
            return None;
        }
        let mut tried = high;
        while high - low > BALANCE_STEP {
            let mid = (low + high) / 2.0;
            tried = mid;
            if self.trial(pieces, &mark, end, mid) {
                high = mid;
            } else {
                low = mid;
            }
        }
        if tried != high {
            self.trial(pieces, &mark, end, high);
        }
        if self.bottom > room + 1e-3 {
            self.put_back(unbalanced);
            return None;
        }
        Some(self.bottom)
    }

    /// The state of the columns since the mark, for [`Cursor::put_back`].
    fn save(&self) -> Unbalanced {
        let from = self.mark.page.min(self.pages.len());
        let to = self.next.min(self.placed.len());
        let since = self.mark.piece.min(to);
        Unbalanced {
            pages: self.pages[from..].to_vec(),
            placed: self.placed[since..to].to_vec(),
            snapshot: self.snapshot(),
            moved: self.moved.clone(),
            waiting: self.waiting.clone(),
        }
    }

    /// The columns back as [`Cursor::save`] found them.
    fn put_back(&mut self, saved: Unbalanced) {
        // From the page the columns started on (a trial may have marked a later one).
        let from = saved.snapshot.set.page.min(self.pages.len());
        self.pages.truncate(from);
        self.pages.extend(saved.pages);
        let since = saved.snapshot.set.piece;
        for (at, placed) in self.placed.iter_mut().skip(since).zip(saved.placed) {
            *at = placed;
        }
        self.return_to(saved.snapshot);
        // As they were, not as the mark left them: trials set them again.
        self.moved = saved.moved;
        self.waiting = saved.waiting;
        self.limit = self.frame.column_height;
    }

    /// Sets the pieces from the mark up to `end` again with the columns
    /// ending at `limit`: whether they all fit on this page within it.
    fn trial(&mut self, pieces: &[Piece], mark: &Mark, end: usize, limit: f32) -> bool {
        self.mark = mark.clone();
        self.restore();
        self.limit = limit;
        if let Some(rows) = mark.setting.clone() {
            // The rows of a figure the page turned in come first.
            self.waiting.insert(0, rows);
            self.set_waiting(pieces);
        }
        let page = self.pages.len();
        while self.next < end && self.pages.len() == page {
            if let Some(float) = self.floats.iter().find(|f| f.start == self.next) {
                // Put off: not set here.
                self.next = float.end;
                continue;
            }
            let to = chain_end(pieces, self.next).min(end);
            // Columns too short for a chain kept together that a whole
            // column holds would part it (a heading from its lines).
            let chain = &pieces[self.next..to];
            let height: f32 = chain.iter().map(|p| p.height + p.gap).sum::<f32>() - chain[0].gap;
            if height > limit - self.top + 1e-3
                && height <= self.frame.column_height - self.top + 1e-3
            {
                self.limit = self.frame.column_height;
                return false;
            }
            // As the flow set it: a figure that does not fit in these
            // shorter columns waits for the next while the text fills this one.
            self.place_text(pieces, self.next..to);
        }
        if self.pages.len() == page {
            self.set_waiting(pieces);
        }
        self.limit = self.frame.column_height;
        let from = mark
            .setting
            .as_ref()
            .map_or(mark.piece, |r| r.start.min(mark.piece));
        self.pages.len() == page
            && self.bottom <= limit + 1e-3
            && !self.parts_a_figure(pieces, from..end)
    }

    /// Whether a figure (cards) set on this page from `range` went into
    /// two columns where a whole column holds it: balancing does not
    /// part it, as it does not part a chain kept together.
    fn parts_a_figure(&self, pieces: &[Piece], range: std::ops::Range<usize>) -> bool {
        let page = self.pages.len() - 1;
        let room = self.frame.column_height - self.mark.y + 1e-3;
        let mut k = range.start;
        while k < range.end.min(pieces.len()) {
            if !pieces[k].figure {
                k += 1;
                continue;
            }
            let run = k..figure_end(pieces, k);
            k = run.end;
            let here: Vec<usize> = run
                .filter(|&j| self.placed.get(j).is_some_and(|p| p.page == page))
                .collect();
            let Some(&first) = here.first() else {
                continue;
            };
            let height: f32 = here
                .iter()
                .map(|&j| pieces[j].height + pieces[j].gap)
                .sum::<f32>()
                - pieces[first].gap;
            let x = self.placed[first].x;
            if height <= room && here.iter().any(|&j| self.placed[j].x != x) {
                return true;
            }
        }
        false
    }

    /// Places a chain of pieces kept together.
    fn place_chain(&mut self, pieces: &[Piece], range: std::ops::Range<usize>) {
        let Some(chain) = pieces.get(range.clone()).filter(|c| !c.is_empty()) else {
            return;
        };
        let height: f32 = chain.iter().map(|p| p.height + p.gap).sum::<f32>() - chain[0].gap;
        if chain.iter().any(|p| p.full_width) {
            // A chain that runs across the page starts below the columns set so far.
            let slack = self.across_slack(pieces, range.start);
            self.clear_columns(pieces, height - slack);
        } else {
            // On to the next column when the chain does not fit here. A
            // chain taller than a whole column is set piece by piece (each
            // goes on to the next column when it does not fit): nothing is
            // ever set below the column.
            loop {
                let gap = self.gap(&chain[0]);
                let head = self.head_above(&chain[0]);
                if height + head + gap <= self.remaining() + 1e-3 || self.stuck() {
                    break;
                }
                self.next_column();
            }
        }
        for n in range {
            self.put(pieces, n);
        }
    }

    /// Whether piece `n`, a row across the page that follows the one
    /// before it (a gallery's), comes right below it on this page.
    fn right_below_across(&self, pieces: &[Piece], n: usize) -> bool {
        let page = self.pages.len() - 1;
        n > 0
            && pieces[n].follows_across
            && pieces[n].full_width
            && pieces[n - 1].full_width
            && self.column == 0
            && self.y > 0.0
            && self.at_top()
            && self.placed.get(n - 1).is_some_and(|p| p.page == page)
            && (self.frame.top + self.y - GAP_ACROSS - pieces[n - 1].height - self.placed[n - 1].y)
                .abs()
                < 1e-3
    }

    /// How much less room piece `n` takes than its height and gap say,
    /// right below the piece across the page before it (see
    /// [`Cursor::right_below_across`]).
    fn across_slack(&self, pieces: &[Piece], n: usize) -> f32 {
        if self.right_below_across(pieces, n) {
            GAP_ACROSS - pieces[n].gap
        } else {
            0.0
        }
    }

    /// Places piece `n`.
    fn put(&mut self, pieces: &[Piece], n: usize) {
        let Some(piece) = pieces.get(n) else {
            return;
        };
        if self.right_below_across(pieces, n) {
            // Rows across the page (a gallery's) follow each other at
            // their own gap, not the gap kept below a piece across.
            self.y += piece.gap - GAP_ACROSS;
            self.top = self.y;
        }
        if piece.full_width {
            if piece.height + self.gap(piece) > self.remaining() + 1e-3 || self.column > 0 {
                self.clear_columns(pieces, piece.height);
            }
        } else {
            while piece.height + self.head_above(piece) + self.gap(piece) > self.remaining() + 1e-3
                && !self.stuck()
            {
                self.next_column();
            }
        }
        let here = (self.pages.len() - 1, self.column);
        let same_table = match (&self.last_table, &piece.table) {
            (Some((last, page, column)), Some(head)) if Arc::ptr_eq(last, head) => {
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
        self.y += self.gap(piece);
        let x = self.column_x(self.column);
        if let (Some(false), Some(head)) = (same_table, &piece.table) {
            // The table goes on in a new column or page: its head again,
            // a repetition (page furniture) rather than more of the table.
            let y = self.frame.top + self.y;
            if let Some(page) = self.pages.last_mut() {
                let repeated = head.items.iter().map(|i| i.translated(x, y));
                page.extend(tagged(Role::Artifact, repeated));
            }
            self.y += head.height;
        }
        let y = self.frame.top + self.y;
        // The reading order stays the pieces' where a float is set after
        // the text that follows it: the text marks its place, the float
        // is filed before it.
        let anchors = self.floats.iter().map(|f| self.float_anchor(f));
        let mut anchors = anchors.chain(self.moved.iter().map(|f| f.end));
        let anchor = anchors.any(|a| a == n).then_some(Tag::Anchor(n));
        // Each element a float or a figure set after the text that
        // follows it starts (at the top level: a float's are where it is
        // set, a figure's wherever it is) is filed before that text.
        let before = match self.floats.iter().find(|f| f.contains(&n)) {
            Some(float) => Some((self.float_anchor(float), self.depth)),
            None => self
                .moved
                .iter()
                .find(|f| f.contains(&n))
                .map(|f| (f.end, 0)),
        };
        if let Some(page) = self.pages.last_mut() {
            page.extend(anchor.map(Item::Tag));
            let mut depth = 0;
            for item in &piece.items {
                if let (Some((anchor, 0)), Item::Tag(Tag::Start(_)), 0) = (before, item, depth) {
                    page.push(Item::Tag(Tag::Before(anchor)));
                }
                depth += depth_change(std::slice::from_ref(item));
                page.push(item.translated(x, y));
            }
        }
        self.y += piece.height;
        self.last_table = piece.table.clone().map(|head| (head, here.0, here.1));
        if let Some(at) = self.placed.get_mut(n) {
            *at = Placed {
                page: self.pages.len() - 1,
                x,
                y,
            };
        }
        self.depth += depth_change(&piece.items);
        self.next = n + 1;
        if piece.full_width {
            // The columns start again below it, a gap lower.
            self.y += GAP_ACROSS;
            self.top = self.y;
            self.set_mark();
        } else {
            self.bottom = self.bottom.max(self.y);
        }
    }
}

/// Space between the columns and a piece across the page.
const GAP_ACROSS: f32 = 8.0;

/// How close balancing comes to the shortest columns (points).
const BALANCE_STEP: f32 = 0.5;

/// The end of the figure (a run of figure pieces, up to the next that
/// starts a figure of its own) that starts at `start`.
fn figure_end(pieces: &[Piece], start: usize) -> usize {
    (start + 1..pieces.len())
        .find(|&j| !pieces[j].figure || pieces[j].float_start)
        .unwrap_or(pieces.len())
}

/// The end of the chain of pieces kept together that starts at `n`.
fn chain_end(pieces: &[Piece], n: usize) -> usize {
    let mut end = n;
    while end + 1 < pieces.len() && pieces[end].keep_with_next {
        end += 1;
    }
    end + 1
}

/// [`Cursor::room_across`] for the chain across the page `chain` and the
/// rest of its table: room on this page for the table whole and the text
/// after it (else that text, a heading kept with its lines, would go on
/// to the next page and leave the short columns below the table empty:
/// the table floats, as it does where it does not fit), or for the
/// chain if no page holds the table whole (it goes on over the page).
fn room_below(cursor: &mut Cursor, pieces: &[Piece], chain: std::ops::Range<usize>) -> bool {
    let column_height = cursor.frame.column_height;
    let Some(first) = pieces.get(chain.start) else {
        return true;
    };
    // The table's rows after this chain, all across the page.
    let same = |p: &Piece| match (&p.table, &first.table) {
        (Some(a), Some(b)) => Arc::ptr_eq(a, b),
        _ => false,
    };
    let end = (chain.end..pieces.len())
        .find(|&k| !(pieces[k].full_width && same(&pieces[k])))
        .unwrap_or(pieces.len());
    let table = &pieces[chain.start..end];
    let slack = cursor.across_slack(pieces, chain.start);
    let height: f32 = table.iter().map(|p| p.height + p.gap).sum::<f32>() - first.gap - slack;
    if height <= column_height + 1e-3 {
        let needed = height + room_after(pieces, end, column_height);
        let needed = if needed <= column_height + 1e-3 {
            needed
        } else {
            height
        };
        return cursor.room_across(pieces, needed);
    }
    let chain = &pieces[chain];
    let height: f32 = chain.iter().map(|p| p.height + p.gap).sum::<f32>() - first.gap - slack;
    cursor.room_across(pieces, height)
}

/// The height a chain of text starting at `n` needs below a piece across
/// the page (with the gap between them): the chain whole, or its first
/// piece if no column holds it whole (it is set piece by piece); none
/// for no text there.
fn room_after(pieces: &[Piece], n: usize, column_height: f32) -> f32 {
    let Some(chain) = pieces.get(n..chain_end(pieces, n)) else {
        return 0.0;
    };
    if chain.is_empty() || chain.iter().any(|p| p.full_width) {
        return 0.0;
    }
    let height: f32 = chain.iter().map(|p| p.height + p.gap).sum::<f32>() - chain[0].gap;
    let height = if height > column_height + 1e-3 {
        chain[0].height
    } else {
        height
    };
    GAP_ACROSS + height
}

/// Flows the pieces; returns each page's items and where each piece went.
/// A piece taller than a column is placed at the top of one and runs over
/// (the caller reports it before calling).
#[cfg(test)]
pub fn flow(frame: Frame, pieces: Vec<Piece>) -> (Vec<Vec<Item>>, Vec<Placed>) {
    flow_below(frame, pieces, 0.0)
}

/// [`flow`], the columns of the first page starting `start` points below
/// the frame's top (below what is already there: a short contents).
pub fn flow_below(frame: Frame, pieces: Vec<Piece>, start: f32) -> (Vec<Vec<Item>>, Vec<Placed>) {
    let start = start.clamp(0.0, frame.column_height);
    let mark = Mark {
        piece: 0,
        page: 0,
        items: 0,
        y: start,
        top: start,
        last_table: None,
        shallow: start > 0.0,
        depth: 0,
        moved: 0,
        waiting: Vec::new(),
        setting: None,
    };
    let nowhere = Placed {
        page: 0,
        x: 0.0,
        y: 0.0,
    };
    let mut cursor = Cursor {
        frame,
        pages: vec![Vec::new()],
        column: 0,
        y: start,
        top: start,
        limit: frame.column_height,
        bottom: start,
        shallow: start > 0.0,
        waiting: Vec::new(),
        moved: Vec::new(),
        setting: None,
        placed: vec![nowhere; pieces.len()],
        next: 0,
        mark,
        depth: 0,
        floats: Vec::new(),
        safe: None,
        last_table: None,
    };
    while cursor.next < pieces.len() {
        let n = cursor.next;
        let end = chain_end(&pieces, n);
        let chain = &pieces[n..end];
        if chain.iter().any(|p| p.full_width) {
            if !cursor.floats.is_empty() {
                if pieces[n..end]
                    .iter()
                    .any(|p| p.heading.is_some() && !p.full_width)
                {
                    // A heading never floats past the text after it (its
                    // section's): the floats go first, on the next page.
                    cursor.next_page();
                    cursor.set_floats(&pieces);
                    continue;
                }
                // After a float: floats too, in their order (a figure
                // waiting for the next column waits on, as the text does).
                cursor.floats.push(n..end);
                cursor.next = end;
                continue;
            }
            // A figure waiting for the next column goes before it, where
            // it is set here.
            let before = cursor.snapshot();
            cursor.set_waiting(&pieces);
            // A gallery's next row goes on over the page, not floats: no
            // text comes between its rows.
            let row_after_row = pieces[n].follows_across;
            if frame.columns >= 2
                && cursor.depth == 0
                && !row_after_row
                && !room_below(&mut cursor, &pieces, n..end)
            {
                // The text after a heading is its section's, and is never
                // read before it. A heading (and the lines kept with it)
                // over cards across the page stays here with that text, and
                // the cards float alone; over a table (which it may title)
                // it goes on with the table, and where that text does not
                // fit under it here, it goes on with the cards.
                let across = (n..end).find(|&k| pieces[k].full_width).unwrap_or(end);
                if pieces[n..across].iter().any(|p| p.heading.is_some()) {
                    // The text after it, past what goes across after it
                    // (the gallery's next rows, which float too).
                    let text = (end..pieces.len())
                        .find(|&k| !pieces[k].full_width)
                        .unwrap_or(pieces.len());
                    let after = text..chain_end(&pieces, text);
                    cursor.go_back(before);
                    if text >= pieces.len()
                        || pieces[text].figure
                        || holds_table(&pieces[across..end])
                        || !cursor.fits_both(&pieces, n..across, after)
                    {
                        cursor.set_waiting(&pieces);
                        cursor.place_chain(&pieces, n..end);
                        continue;
                    }
                    cursor.safe = Some(cursor.snapshot());
                    cursor.place_text(&pieces, n..across);
                    cursor.floats.push(across..end);
                    cursor.next = end;
                    continue;
                }
                // It goes on the next page: the text after it fills this
                // one first (the page turns at the last place no element
                // is open), and a figure waiting waits on for the next
                // column while that text fills this one (set before it,
                // it would take the next column and leave this one's
                // foot empty).
                cursor.go_back(before);
                cursor.safe = Some(cursor.snapshot());
                cursor.floats.push(n..end);
                cursor.next = end;
                continue;
            }
            cursor.place_chain(&pieces, n..end);
            continue;
        }
        if cursor.floats.is_empty() {
            cursor.place_text(&pieces, n..end);
            continue;
        }
        if let Some(with) = goes_with_float(&cursor.floats, &pieces, n) {
            // A chart's notes (a figure in a column right after a table
            // put off across the page) go with it, right below it.
            cursor.floats.push(n..with.max(end));
            cursor.next = with.max(end);
            continue;
        }
        if !closed(cursor.floats.iter().flat_map(|f| &pieces[f.clone()])) {
            // The floats end inside an element (a table across the page
            // in a callout): nothing goes before them.
            cursor.next_page();
            cursor.set_floats(&pieces);
            continue;
        }
        if cursor.depth == 0 {
            if !cursor.waiting.is_empty() && !cursor.fits(&pieces, n..end) {
                // Figures waiting go first where they go on this page: the
                // page turns after them (one that needs the next page
                // waits on for the page after the floats).
                cursor.set_waiting_within(&pieces, true, true);
            }
            cursor.safe = Some(cursor.snapshot());
        }
        let page = cursor.pages.len();
        // As text goes with no floats: a figure that does not fit waits
        // for the next column while the text after it fills this one.
        cursor.place_text(&pieces, n..end);
        if cursor.pages.len() > page {
            // The page turned: back to the last safe place, the page
            // turns there and the floats go at the top of the next.
            if let Some(safe) = cursor.safe.take() {
                let from = safe.at.piece;
                cursor.go_back(safe);
                cursor.floats.retain(|f| f.start < from);
                cursor.next_page();
            }
            cursor.set_floats(&pieces);
        }
    }
    // A figure still waiting goes after the text; floats still put off
    // go below the last columns, or on a page after.
    cursor.set_waiting(&pieces);
    cursor.set_floats(&pieces);
    // The last page's columns end level, as a book's last page does.
    cursor.balance(&pieces, frame.column_height);
    (cursor.pages, cursor.placed)
}

/// Whether `pieces` set a table (its bands, or a whole table in one).
fn holds_table(pieces: &[Piece]) -> bool {
    pieces.iter().any(|p| {
        p.table.is_some()
            || p.items
                .iter()
                .any(|i| matches!(i, Item::Tag(Tag::Start(Role::Table))))
    })
}

/// How many elements `items` open (less those they close).
fn depth_change(items: &[Item]) -> i32 {
    items
        .iter()
        .map(|i| match i {
            Item::Tag(Tag::Start(_)) => 1,
            Item::Tag(Tag::End) => -1,
            _ => 0,
        })
        .sum()
}

/// Whether pieces, in order, close every element they open and no other.
fn closed<'a>(pieces: impl Iterator<Item = &'a Piece>) -> bool {
    let mut depth = 0;
    for piece in pieces {
        for item in &piece.items {
            match item {
                Item::Tag(Tag::Start(_)) => depth += 1,
                Item::Tag(Tag::End) => depth -= 1,
                _ => {}
            }
            if depth < 0 {
                return false;
            }
        }
    }
    depth == 0
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

    /// Four 20-high lines, a piece across 30 high, then `after`.
    fn four_lines_across_then(after: Piece) -> Vec<Piece> {
        let mut pieces: Vec<Piece> = (0..4).map(|_| piece(20.0, false)).collect();
        pieces.push(across(30.0));
        pieces.push(after);
        pieces
    }

    #[test]
    fn a_full_width_piece_goes_below_balanced_columns() {
        // Four 20-high lines fill column one; balanced, two go to column two.
        // The line after the piece across fits below it (9 left).
        let pieces = four_lines_across_then(piece(5.0, false));
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
    fn a_full_width_piece_with_no_room_below_for_the_text_after_floats_past_it() {
        // As above, but the line after it (10) would not fit below it (9
        // left): it fills column two, and the piece goes below both.
        let pieces = four_lines_across_then(piece(10.0, false));
        let (pages, placed) = flow(frame(), pieces);
        assert_eq!(pages.len(), 1);
        assert_eq!((placed[5].x, placed[5].y), (120.0, 20.0 + 50.0));
        assert_eq!((placed[4].x, placed[4].y), (10.0, 20.0 + 60.0 + GAP_ACROSS));
        assert!(placed.iter().all(|p| p.y + 10.0 <= 20.0 + 100.0 + 1e-3));
    }

    #[test]
    fn a_kept_chain_taller_than_the_columns_below_a_full_width_piece_goes_whole_to_the_next_page() {
        // Below the piece across, 9 is left: a line of 5 fits; a heading
        // kept with two lines (40) fits neither column there and goes
        // whole to the next page (it was set piece by piece from the top
        // of column two, the heading alone at its foot and over it).
        let mut pieces = four_lines_across_then(piece(5.0, false));
        pieces.extend([piece(10.0, true), piece(10.0, true), piece(10.0, false)]);
        let (pages, placed) = flow(frame(), pieces);
        assert_eq!(pages.len(), 2);
        let below = 20.0 + 45.0 + GAP_ACROSS + 30.0 + GAP_ACROSS;
        assert_eq!((placed[5].page, placed[5].x, placed[5].y), (0, 10.0, below));
        assert_eq!((placed[6].page, placed[6].x, placed[6].y), (1, 10.0, 20.0));
        assert_eq!((placed[8].page, placed[8].x, placed[8].y), (1, 10.0, 50.0));
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
        let head = Arc::new(TableHead {
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
        // 35 + 7 rows and the head again are 115: balanced, the band and
        // two rows (55) in column one, the head and five rows (60) in two.
        let mut pieces = table(35.0, 7);
        let (pages, placed) = flow(frame(), pieces.clone());
        assert_eq!(pages.len(), 1);
        assert_eq!((placed[2].x, placed[2].y), (10.0, 20.0 + 45.0));
        assert_eq!(heads(&pages[0]), [(120.0, 20.0)]);
        assert_eq!((placed[3].x, placed[3].y), (120.0, 30.0));
        assert_eq!((placed[7].x, placed[7].y), (120.0, 70.0));
        // Balanced the same before a piece across the page, which goes
        // below the taller column (60) and a gap.
        pieces.push(across(5.0));
        let (pages, placed) = flow(frame(), pieces);
        assert_eq!(pages.len(), 1);
        assert_eq!(heads(&pages[0]), [(120.0, 20.0)]);
        assert_eq!((placed[3].x, placed[3].y), (120.0, 30.0));
        assert_eq!(placed[8].y, 20.0 + 60.0 + GAP_ACROSS);
    }

    #[test]
    fn balancing_sets_the_columns_again_with_their_table_heads_where_tables_continue() {
        // A line, then a table that first continued in column two with its
        // head (column one 95 high). Balanced, the table goes to column
        // two whole (70 high), so no head is repeated, and the piece
        // across the page fits below.
        let mut pieces = vec![piece(40.0, false)];
        pieces.extend(table(30.0, 4));
        pieces.push(across(5.0));
        let (pages, placed) = flow(frame(), pieces);
        assert_eq!(pages.len(), 1);
        assert_eq!((placed[1].x, placed[1].y), (120.0, 20.0));
        assert_eq!((placed[5].x, placed[5].y), (120.0, 20.0 + 60.0));
        assert!(heads(&pages[0]).is_empty());
        assert_eq!((placed[6].page, placed[6].y), (0, 20.0 + 70.0 + GAP_ACROSS));
    }

    #[test]
    fn the_last_page_ends_with_level_columns() {
        // Nine lines of 10 (gap 5) in column one: balanced, five and four.
        let pieces = (0..9).map(|_| piece(10.0, false)).collect();
        let (_, placed) = flow(frame(), pieces);
        let bottom = |column: f32| {
            placed
                .iter()
                .filter(|p| p.x == column)
                .map(|p| p.y + 10.0)
                .fold(0.0, f32::max)
        };
        assert_eq!(placed.iter().filter(|p| p.x == 10.0).count(), 5);
        assert_eq!((bottom(10.0), bottom(120.0)), (20.0 + 70.0, 20.0 + 55.0));
    }

    #[test]
    fn a_piece_across_the_page_that_does_not_fit_floats_to_the_next_page_and_the_text_fills_this_one()
     {
        // Three 40-high pieces: 50 across does not fit below them even
        // balanced. The lines after it fill column two; the one that does
        // not fit goes on the next page, below the piece across it.
        let mut pieces: Vec<Piece> = (0..3).map(|_| piece(40.0, false)).collect();
        pieces.push(across(50.0));
        pieces.extend((0..3).map(|_| piece(20.0, false)));
        let (pages, placed) = flow(frame(), pieces);
        assert_eq!(pages.len(), 2);
        assert_eq!((placed[2].page, placed[2].x, placed[2].y), (0, 120.0, 20.0));
        assert_eq!((placed[4].page, placed[4].x, placed[4].y), (0, 120.0, 65.0));
        assert_eq!((placed[5].page, placed[5].x, placed[5].y), (0, 120.0, 90.0));
        assert_eq!((placed[3].page, placed[3].x, placed[3].y), (1, 10.0, 20.0));
        let below = 20.0 + 50.0 + GAP_ACROSS;
        assert_eq!((placed[6].page, placed[6].x, placed[6].y), (1, 10.0, below));
    }

    #[test]
    fn a_tables_notes_go_with_it_when_it_floats_to_the_next_page() {
        // As above, with the table's notes (a figure in a column, 15
        // high) after the piece across: they are not left on this page
        // (there is room for them in column two) but set right below it.
        let mut pieces: Vec<Piece> = (0..3).map(|_| piece(40.0, false)).collect();
        pieces.push(across(50.0));
        pieces.push(Piece {
            figure: true,
            ..piece(15.0, false)
        });
        pieces.extend((0..3).map(|_| piece(20.0, false)));
        let (pages, placed) = flow(frame(), pieces);
        assert_eq!(pages.len(), 2);
        assert_eq!((placed[3].page, placed[3].x, placed[3].y), (1, 10.0, 20.0));
        let below = 20.0 + 50.0 + GAP_ACROSS;
        assert_eq!((placed[4].page, placed[4].x, placed[4].y), (1, 10.0, below));
        assert_eq!((placed[5].page, placed[5].x, placed[5].y), (0, 120.0, 65.0));
        // The line that did not fit goes on after them: balanced, beside
        // the notes, column two starting right below the table (not at
        // the notes' foot).
        assert_eq!(
            (placed[7].page, placed[7].x, placed[7].y),
            (1, 120.0, below)
        );
    }

    #[test]
    fn floats_keep_their_order_and_wait_for_an_open_element_to_close() {
        // A paragraph of lines open (tagged) across the page turn: the page
        // turns before it, and the piece across goes first on the next.
        let mut pieces: Vec<Piece> = (0..3).map(|_| piece(40.0, false)).collect();
        pieces.push(across(30.0));
        pieces.push(across(5.0));
        let mut lines: Vec<Piece> = (0..4).map(|_| piece(20.0, false)).collect();
        crate::layout::rulebook::tags::wrap(Role::Paragraph, &mut lines);
        pieces.extend(lines);
        let (pages, placed) = flow(frame(), pieces);
        assert_eq!(pages.len(), 2);
        assert_eq!((placed[3].page, placed[3].y), (1, 20.0));
        assert_eq!((placed[4].page, placed[4].y), (1, 20.0 + 30.0 + GAP_ACROSS));
        // The paragraph would turn the page in its third line: all of it
        // waits, below the floats.
        assert!(placed[5..].iter().all(|p| p.page == 1), "{placed:?}");
        let tags = |page: &[Item]| page.iter().filter(|i| matches!(i, Item::Tag(_))).count();
        assert_eq!(tags(&pages[0]), 0);
    }

    #[test]
    fn a_figure_that_does_not_fit_waits_for_the_next_column_and_the_text_after_fills_this_one() {
        // 60 of text, a heading kept with a figure 50 high (65 in all, 40
        // left), then three lines: the heading and the first line stay,
        // the figure heads column two, the other lines follow it.
        let figure = Piece {
            figure: true,
            ..piece(50.0, false)
        };
        let mut pieces = vec![piece(60.0, false), piece(10.0, true), figure];
        pieces.extend((0..3).map(|_| piece(10.0, false)));
        let (pages, placed) = flow(frame(), pieces);
        assert_eq!(pages.len(), 1);
        assert_eq!((placed[1].x, placed[1].y), (10.0, 20.0 + 65.0));
        assert_eq!((placed[3].x, placed[3].y), (10.0, 20.0 + 80.0));
        assert_eq!((placed[2].x, placed[2].y), (120.0, 20.0));
        assert_eq!((placed[4].x, placed[4].y), (120.0, 20.0 + 55.0));
        assert_eq!((placed[5].x, placed[5].y), (120.0, 20.0 + 70.0));
        // The figure is filed before the line after it.
        let tags: Vec<&Item> = pages[0]
            .iter()
            .filter(|i| matches!(i, Item::Tag(Tag::Anchor(_) | Tag::Before(_))))
            .collect();
        assert_eq!(tags, [&Item::Tag(Tag::Anchor(3))]);
    }

    #[test]
    fn figures_that_do_not_fit_wait_in_their_order_while_the_text_fills_the_column() {
        // 60 of text, a figure 50 high, a line, a figure 30 high, a line:
        // neither figure fits below the text; both lines do. The lines fill
        // column one, the figures head column two in order; more lines
        // follow them (and run on to a second page, so this one is not
        // balanced as a last page is).
        let figure = |height: f32| Piece {
            figure: true,
            float_start: true,
            ..piece(height, false)
        };
        let mut pieces = vec![piece(60.0, false), figure(50.0), piece(10.0, false)];
        pieces.extend([figure(30.0), piece(10.0, false)]);
        pieces.extend((0..12).map(|_| piece(10.0, false)));
        let (pages, placed) = flow(frame(), pieces);
        assert_eq!(pages.len(), 2);
        assert_eq!((placed[2].x, placed[2].y), (10.0, 20.0 + 65.0));
        assert_eq!((placed[4].x, placed[4].y), (10.0, 20.0 + 80.0));
        assert_eq!((placed[1].page, placed[1].x, placed[1].y), (0, 120.0, 20.0));
        assert_eq!((placed[3].page, placed[3].x, placed[3].y), (0, 120.0, 75.0));
        assert_eq!(
            (placed[5].page, placed[5].x, placed[5].y),
            (0, 120.0, 110.0)
        );
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
