//! Layout (rulebook), columns: the figures and floats that wait — input:
//! the cursor of [`super`] and the pieces; output: a figure in a column that
//! does not fit set where it fits later (the text after it filling this
//! column), and the pieces across the page put off to a page's top set
//! there, a table's notes with their table.

use super::*;

impl Cursor {
    /// Whether a chain fits in this column below what is set.
    pub(super) fn fits(&self, pieces: &[Piece], range: std::ops::Range<usize>) -> bool {
        let Some(chain) = pieces.get(range).filter(|c| !c.is_empty()) else {
            return true;
        };
        let height: f32 = chain.iter().map(|p| p.height + p.gap).sum::<f32>() - chain[0].gap;
        height + self.head_above(&chain[0]) + self.gap(&chain[0]) <= self.remaining() + 1e-3
    }

    /// Whether `first` and `then` after it fit in this column below what
    /// is set.
    pub(super) fn fits_both(
        &self,
        pieces: &[Piece],
        first: std::ops::Range<usize>,
        then: std::ops::Range<usize>,
    ) -> bool {
        let mut chain = pieces[first].iter().chain(&pieces[then]);
        let Some(head) = chain.next() else {
            return true;
        };
        let height = head.height + chain.map(|p| p.height + p.gap).sum::<f32>();
        height + self.head_above(head) + self.gap(head) <= self.remaining() + 1e-3
    }

    /// Places a chain of the columns' text, as LaTeX sets text around a
    /// figure: a figure waiting goes first when the chain does not fit
    /// below what is set; a figure (with the heading kept with it) that
    /// does not fit here waits for the next column, if the text after it
    /// can follow the heading here.
    pub(super) fn place_text(&mut self, pieces: &[Piece], range: std::ops::Range<usize>) {
        // A table that breaks over columns is not a figure, but keeps its
        // place among them: figures waiting are set before it starts.
        let has_figure = range
            .clone()
            .any(|k| pieces[k].figure || pieces[k].table.is_some());
        if !self.waiting.is_empty() && !has_figure && !self.fits(pieces, range.clone()) {
            // Those that go here or at the next column's top: one that
            // needs a later column waits on while the text fills this one.
            self.set_waiting_within(pieces, false, true);
        }
        if let Some((figure, text)) = self.figure_to_move(pieces, range.clone()) {
            for n in range.start..figure.start {
                self.put(pieces, n);
            }
            self.waiting.push(figure.clone());
            self.moved.push(figure);
            self.place_chain(pieces, text);
            return;
        }
        if !self.waiting.is_empty() && (has_figure || !self.fits(pieces, range.clone())) {
            // Figures keep their order: those waiting go first (before a
            // figure, all of them; before text, those that go near).
            self.set_waiting_within(pieces, false, !has_figure);
            // Below them, a figure that does not fit waits in its turn
            // while the text after it fills the column they left.
            if has_figure
                && self.waiting.is_empty()
                && let Some((figure, text)) = self.figure_to_move(pieces, range.clone())
            {
                for n in range.start..figure.start {
                    self.put(pieces, n);
                }
                self.waiting.push(figure.clone());
                self.moved.push(figure);
                self.place_chain(pieces, text);
                return;
            }
        }
        self.move_figure_whole(pieces, range.clone());
        self.place_chain(pieces, range);
    }

    /// A figure that starts `range` and that a column holds whole, but
    /// not this one below what is set, goes whole to the next column
    /// (when no text after it can take its place here, see
    /// [`Cursor::figure_to_move`]) rather than part at this one's foot.
    fn move_figure_whole(&mut self, pieces: &[Piece], range: std::ops::Range<usize>) {
        let Some(first) = pieces.get(range.start) else {
            return;
        };
        let starts = first.figure
            && (first.float_start || range.start == 0 || !pieces[range.start - 1].figure);
        if !(starts || first.whole > 1) || first.full_width {
            return;
        }
        let end = if starts {
            figure_end(pieces, range.start)
        } else {
            (range.start + first.whole).min(pieces.len())
        };
        let end = end.max(range.end);
        let figure = &pieces[range.start..end];
        let height: f32 = figure.iter().map(|p| p.height + p.gap).sum::<f32>() - first.gap;
        let room = if self.column + 1 < self.frame.columns {
            self.limit - self.top
        } else {
            self.limit
        };
        if height > room + 1e-3 || figure.iter().any(|p| p.table.is_some()) {
            return;
        }
        // A box of text moves whole only where that leaves at most a third
        // of this column empty: with more room here it runs on into the
        // next column in its box (a page is not left nearly empty).
        if !starts && self.remaining() > (self.limit - self.top) / 3.0 {
            return;
        }
        while !self.fits(pieces, range.start..end) && !self.stuck() {
            self.next_column();
        }
    }

    /// The figure of the chain `range` (its rows, beyond the chain when
    /// it goes on) and the chain after it, when the figure (all its rows,
    /// with the pieces before it in the chain) does not fit in this
    /// column, it fits whole at the top of the next one,
    /// and the chain after it fits here below the pieces
    /// before the figure (a heading, never left without lines under it:
    /// the text after the figure is of its section).
    pub(super) fn figure_to_move(
        &self,
        pieces: &[Piece],
        range: std::ops::Range<usize>,
    ) -> Option<(std::ops::Range<usize>, std::ops::Range<usize>)> {
        if self.stuck() || self.depth != 0 {
            return None;
        }
        let start = (range.start..range.end).find(|&k| pieces[k].figure)?;
        // A figure moves whole, from its first row.
        if start > 0 && pieces[start - 1].figure && !pieces[start].float_start {
            return None;
        }
        let end = figure_end(pieces, start);
        // The figure set here whole, with what comes before it in the
        // chain: nothing moves. (Were only its first rows to fit, the
        // rest would go on at the top of the next column and leave the
        // foot of this one empty, the text after them waiting below.)
        // Behind figures waiting, it waits too (figures keep their order).
        if self.waiting.is_empty() && self.fits(pieces, range.start..end.max(range.end)) {
            return None;
        }
        let figure = pieces.get(start..end)?;
        // A heading that names the figure (a table's) goes with it, and
        // the text after it is that heading's section: it never comes
        // before its heading, so the figure does not float past it.
        if figure[0].heading.is_some() {
            return None;
        }
        let height: f32 = figure.iter().map(|p| p.height + p.gap).sum::<f32>() - figure[0].gap;
        // The text after it, or a figure after it whole (a box of text,
        // a table) where that fits here, in the page's last column only:
        // where the next column is beside this one the figure goes there
        // and the one after it follows (figures keep their order), and
        // only where it would go over the page does a later one fill the
        // foot. (Never past figures waiting.)
        let next_figure = self.waiting.is_empty()
            && self.column + 1 >= self.frame.columns
            && pieces
                .get(end)
                .is_some_and(|p| p.figure && p.float_start && !p.full_width);
        let text_end = if next_figure {
            figure_end(pieces, end).max(chain_end(pieces, end))
        } else {
            chain_end(pieces, end)
        };
        let text = end..text_end;
        let after = pieces.get(text.clone()).filter(|t| !t.is_empty())?;
        let before = &pieces[range.start..start];
        let under_heading = !before.is_empty();
        if end < range.end
            || height > self.limit + 1e-3
            || figure.iter().any(|p| p.full_width || p.table.is_some())
            || after
                .iter()
                .any(|p| p.full_width || (p.figure && !next_figure))
            || (next_figure && !closed(after.iter()))
            || (under_heading && after[0].heading.is_some())
            || !closed(before.iter())
            || !closed(figure.iter())
        {
            return None;
        }
        // The pieces before the figure and the chain after it, here.
        let mut here = self.gap(before.first().unwrap_or(&after[0]));
        for (k, p) in before.iter().chain(after).enumerate() {
            here += p.height + if k > 0 { p.gap } else { 0.0 };
        }
        if here <= self.remaining() + 1e-3 {
            return Some((start..end, text));
        }
        // No text fits here: the figure still waits where the next column
        // on this page (below a piece across the page) is too short for
        // it, and the text after it goes there (rather than leave that
        // column empty, the figure on the next page and the text under it).
        let next_column = self.column + 1 < self.frame.columns;
        let text_there: f32 = after.iter().map(|p| p.height + p.gap).sum::<f32>() - after[0].gap;
        (next_column
            && !under_heading
            && height > self.limit - self.top + 1e-3
            && text_there <= self.limit - self.top + 1e-3)
            .then_some((start..end, text))
    }

    /// Sets the figures waiting, in order, each here or at the top of the
    /// next column, and goes on from where the flow was.
    pub(super) fn set_waiting(&mut self, pieces: &[Piece]) {
        self.set_waiting_within(pieces, false, false);
    }

    /// [`Cursor::set_waiting`], those that go on this page (here or at
    /// the top of its next column) only when `this_page`, and those that
    /// fit here or at the top of the next column only when `near`: the
    /// others wait on, in order (for the page after floats put off to its
    /// top, or for a column that holds them).
    pub(super) fn set_waiting_within(&mut self, pieces: &[Piece], this_page: bool, near: bool) {
        let next = self.next;
        // Near: once one has gone on to the next column, those after it
        // go there only below it (none moves a column further on, past
        // the foot of that column, which the text after them fills).
        let mut went_on = false;
        while let Some(figure) = self.waiting.first().cloned() {
            // Whole, as it waited to be: at the top of the next column when
            // it does not fit below what is set here, if a column there holds
            // it (its first rows set here would part it).
            let rows = &pieces[figure.clone()];
            let height: f32 = rows.iter().map(|p| p.height + p.gap).sum::<f32>()
                - rows.first().map_or(0.0, |p| p.gap);
            let room = if self.column + 1 < self.frame.columns {
                self.limit - self.top
            } else {
                self.frame.column_height
            };
            let moves_on = !self.fits(pieces, figure.clone()) && !self.stuck();
            let last_column = self.column + 1 >= self.frame.columns;
            if moves_on
                && ((this_page && (last_column || height > room + 1e-3))
                    || (near && (went_on || height > room + 1e-3)))
            {
                break;
            }
            self.waiting.remove(0);
            if moves_on && height <= room + 1e-3 {
                went_on = true;
                // A page that turns here marks the rows still to set.
                self.setting = Some(figure.clone());
                self.next_column();
            }
            for n in figure.clone() {
                self.setting = Some(n..figure.end);
                self.put(pieces, n);
            }
            self.setting = None;
        }
        self.next = next;
    }

    /// The first piece after `float` that is not put off too: where it
    /// stands in the reading order.
    pub(super) fn float_anchor(&self, float: &std::ops::Range<usize>) -> usize {
        let mut end = float.end;
        while let Some(next) = self.floats.iter().find(|f| f.start == end) {
            end = next.end;
        }
        end
    }
}

impl Cursor {
    /// Sets the floats put off, in order, here (the top of a page), and
    /// goes on from where the flow was.
    pub(super) fn set_floats(&mut self, pieces: &[Piece]) {
        self.safe = None;
        if self.floats.is_empty() {
            return;
        }
        let next = self.next;
        // Each stays on the list while it is set, so that balancing the
        // columns above it does not set it (nor those after it) there.
        while let Some(float) = self.floats.first().cloned() {
            self.place_chain(pieces, float);
            self.floats.remove(0);
        }
        // The columns start below them with the text where it was (the
        // first below a table's notes set in it, the others below the table).
        self.next = next;
        self.set_mark();
    }
}

/// The end of the figure in a column that starts at `n`, where it comes
/// right after the last of the `floats`, a piece across the page, and
/// goes on from it (not a figure of its own: a table's notes, see
/// `shortcodes`): it goes with it wherever it goes, right below it
/// (never left on the page before).
pub(super) fn goes_with_float(
    floats: &[std::ops::Range<usize>],
    pieces: &[Piece],
    n: usize,
) -> Option<usize> {
    let last = floats.last()?;
    let before = pieces.get(n.checked_sub(1)?)?;
    let piece = pieces.get(n)?;
    let goes_on = piece.figure && !piece.float_start && !piece.full_width;
    (last.end == n && goes_on && before.full_width).then(|| figure_end(pieces, n))
}
