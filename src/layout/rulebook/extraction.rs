//! Layout (rulebook): how text extraction reads a page, modelled on poppler
//! 22.12's `pdftotext` (TextOutputDev's `coalesce`): input, the runs of text
//! placed on a page; output, its text blocks and the order it reads them in.
//! The column flow uses this to set a chain where extraction reads column
//! one's prose before column two's. Checked against `pdftotext -bbox-layout`:
//! given poppler's blocks, the order below is poppler's on every page of the
//! shipped rulebooks.

use crate::layout::doc::{Item, TextItem};
use crate::text::FaceId;

/// Height above and below the baseline per point of font size, as extraction
/// measures a word (the PDF's font descriptor: DejaVu, our only faces).
const ASCENT: f32 = 0.928;
const DESCENT: f32 = 0.236;

/// Poppler's parameters, as fractions of the font size: lines of a block are
/// at most `LINE_SPACING` apart (baseline to baseline); words on a block's
/// lines within `INTRA_LINE` of them and `COL_SPACE_1` beside the block
/// join it; at most three outlying words within `COL_SPACE_2` do.
/// `COL_SPACE_1` is also the tolerance in x of a table's cells, and
/// `INTRA_LINE` in y.
const LINE_SPACING: f32 = 1.5;
const INTRA_LINE: f32 = 0.5;
const COL_SPACE_1: f32 = 0.7;
const COL_SPACE_2: f32 = 1.0;
/// How far apart in font size words of one block may be: above and below,
/// on its lines, and outlying.
const SIZE_DELTA_1: f32 = 0.05;
const SIZE_DELTA_2: f32 = 0.6;
const SIZE_DELTA_3: f32 = 0.2;
/// Baselines are pooled in steps of this many points.
const POOL_STEP: f32 = 4.0;

/// A run of text as extraction sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Word {
    pub x0: f32,
    pub x1: f32,
    pub base: f32,
    pub size: f32,
    pub face: FaceId,
}

impl Word {
    pub fn of(t: &TextItem) -> Word {
        Word {
            x0: t.x,
            x1: t.x + t.width,
            base: t.y,
            size: t.size,
            face: t.face,
        }
    }

    fn top(&self) -> f32 {
        self.base - ASCENT * self.size
    }

    fn bottom(&self) -> f32 {
        self.base + DESCENT * self.size
    }
}

/// The text runs among `items`, as words.
pub fn words(items: &[Item]) -> impl Iterator<Item = Word> + '_ {
    items.iter().filter_map(|item| match item {
        Item::Text(t) => Some(Word::of(t)),
        Item::Shape(_) | Item::Image(_) => None,
    })
}

/// A block of text: its bounds, and the font size and face of the word it
/// started from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Block {
    pub x0: f32,
    pub x1: f32,
    pub y0: f32,
    pub y1: f32,
    pub size: f32,
    pub face: FaceId,
    /// The baseline step of the word it started from (blocks are made in
    /// this order).
    pub line: i32,
}

impl Block {
    fn start(w: &Word) -> Block {
        Block {
            x0: w.x0,
            x1: w.x1,
            y0: w.top(),
            y1: w.bottom(),
            size: w.size,
            face: w.face,
            line: pool_index(w.base),
        }
    }

    fn add(&mut self, w: &Word) {
        self.x0 = self.x0.min(w.x0);
        self.x1 = self.x1.max(w.x1);
        self.y0 = self.y0.min(w.top());
        self.y1 = self.y1.max(w.bottom());
    }

    fn overlaps_x(&self, o: &Block) -> bool {
        o.x0 <= self.x1 && o.x1 >= self.x0
    }

    fn overlaps_y(&self, o: &Block) -> bool {
        o.y0 <= self.y1 && o.y1 >= self.y0
    }
}

/// Blocks grouped apart (either side of the gutter, which no block crosses)
/// in the order poppler makes them: by the baseline step they start on,
/// each list keeping its own order.
pub fn merge_blocks(a: &[Block], b: &[Block]) -> Vec<Block> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        let take_a = j >= b.len() || (i < a.len() && a[i].line <= b[j].line);
        if take_a {
            out.push(a[i]);
            i += 1;
        } else {
            out.push(b[j]);
            j += 1;
        }
    }
    out
}

/// Groups words into blocks as poppler does: from the top-most line's
/// left-most word, taking in lines above and below (close, overlapping, the
/// same size), words on its lines, and a few outlying words beside it.
pub fn blocks(mut words: Vec<Word>) -> Vec<Block> {
    // The pool: words by baseline step, then left to right (x is never
    // negative on a page, so its bits sort as the number does).
    words.sort_by_cached_key(|w| (pool_index(w.base), w.x0.max(0.0).to_bits()));
    let pool = Pool {
        lines: words.iter().map(|w| pool_index(w.base)).collect(),
        words,
    };
    let words = &pool.words;
    let mut taken = vec![false; words.len()];
    let mut out = Vec::new();
    let mut untaken = 0;
    while let Some(first) = pool.start_word(&taken, &mut untaken) {
        taken[first] = true;
        let w0 = words[first];
        let mut block = Block::start(&w0);
        let size = w0.size;
        let (mut min_base, mut max_base) = (w0.base, w0.base);
        let line_space = LINE_SPACING * size;
        let intra = INTRA_LINE * size;
        let near = |w: &Word, delta: f32| (w.size - size).abs() < delta * size;
        loop {
            let mut found = false;
            // Lines above and below the block.
            let mut new_min = min_base;
            let mut new_max = max_base;
            for k in pool.lines_between(min_base - line_space, max_base + line_space) {
                let w = &words[k];
                if taken[k] || w.x0 >= block.x1 || w.x1 <= block.x0 || !near(w, SIZE_DELTA_1) {
                    continue;
                }
                if w.base < min_base && w.base >= min_base - line_space {
                    taken[k] = true;
                    block.add(w);
                    new_min = new_min.min(w.base);
                    found = true;
                } else if w.base > max_base && w.base <= max_base + line_space {
                    taken[k] = true;
                    block.add(w);
                    new_max = new_max.max(w.base);
                    found = true;
                }
            }
            min_base = new_min;
            max_base = new_max;
            // Words on the block's lines, overlapping it or nearly.
            let on_lines = pool.lines_between(min_base - intra, max_base + intra);
            for k in on_lines.clone() {
                let w = &words[k];
                if !taken[k]
                    && w.base >= min_base - intra
                    && w.base <= max_base + intra
                    && w.x0 < block.x1 + COL_SPACE_1 * size
                    && w.x1 > block.x0 - COL_SPACE_1 * size
                    && near(w, SIZE_DELTA_2)
                {
                    taken[k] = true;
                    block.add(w);
                    found = true;
                }
            }
            if found {
                continue;
            }
            // A few outlying words just left, then just right, of the block.
            for right in [false, true] {
                let beside = |w: &Word, b: &Block| {
                    w.base >= min_base - intra
                        && w.base <= max_base + intra
                        && near(w, SIZE_DELTA_3)
                        && if right {
                            w.x0 >= b.x1 && w.x0 < b.x1 + COL_SPACE_2 * size
                        } else {
                            w.x1 <= b.x0 && w.x1 > b.x0 - COL_SPACE_2 * size
                        }
                };
                let outliers = pool.first_per_line(on_lines.clone(), &taken, |w| beside(w, &block));
                if (1..=3).contains(&outliers.len()) {
                    for k in outliers {
                        taken[k] = true;
                        let w = words[k];
                        block.add(&w);
                        min_base = min_base.min(w.base);
                        max_base = max_base.max(w.base);
                    }
                    found = true;
                }
            }
            if !found {
                break;
            }
        }
        out.push(block);
    }
    out
}

fn pool_index(base: f32) -> i32 {
    (base / POOL_STEP).floor() as i32
}

/// Words sorted by baseline step, then left to right, with each one's step.
struct Pool {
    words: Vec<Word>,
    lines: Vec<i32>,
}

impl Pool {
    /// The word a new block starts from: the left-most first word among the
    /// first four baseline steps that hold words. `untaken` is where the
    /// search starts (every word before it is taken), and moves on.
    fn start_word(&self, taken: &[bool], untaken: &mut usize) -> Option<usize> {
        while *untaken < taken.len() && taken[*untaken] {
            *untaken += 1;
        }
        let first = *untaken;
        if first >= taken.len() {
            return None;
        }
        let top = self.lines[first];
        let mut best = first;
        let mut step = top;
        for (k, (&at, &is_taken)) in self.lines.iter().zip(taken).enumerate().skip(first) {
            if at >= top + 4 {
                break;
            }
            if is_taken || at == step && k != first {
                continue;
            }
            // The first untaken word of each step.
            step = at;
            if self.words[k].x0 < self.words[best].x0 {
                best = k;
            }
        }
        Some(best)
    }

    /// The indices of the words whose baseline step lies between those of
    /// `low` and `high`.
    fn lines_between(&self, low: f32, high: f32) -> std::ops::Range<usize> {
        let (low, high) = (pool_index(low), pool_index(high));
        let start = self.lines.partition_point(|&l| l < low);
        let end = self.lines.partition_point(|&l| l <= high);
        start..end.max(start)
    }

    /// The first untaken word (among `range`) of each baseline step that `keep` accepts.
    fn first_per_line(
        &self,
        range: std::ops::Range<usize>,
        taken: &[bool],
        keep: impl Fn(&Word) -> bool,
    ) -> Vec<usize> {
        let mut out: Vec<usize> = Vec::new();
        for k in range {
            if taken[k] || !keep(&self.words[k]) {
                continue;
            }
            if out.last().is_some_and(|&j| self.lines[j] == self.lines[k]) {
                continue;
            }
            out.push(k);
        }
        out
    }
}

/// The columns whose reading order is checked: column one's and column
/// two's x ranges, where they start (y, blocks above are across the page),
/// and their prose's size and faces (headings, tables and figures differ in one or the other).
#[derive(Clone, Copy, Debug)]
pub struct Columns {
    pub left: (f32, f32),
    pub right: (f32, f32),
    pub top: f32,
    pub prose_size: f32,
    pub prose_faces: [FaceId; 4],
}

/// Whether extraction reads the prose of column one before that of column two.
pub fn reads_columns_in_order(blocks: &[Block], columns: Columns) -> bool {
    let Columns {
        left,
        right,
        top,
        prose_size,
        prose_faces,
    } = columns;
    let within =
        |b: &Block, (x0, x1): (f32, f32)| b.y0 >= top - 0.5 && b.x0 >= x0 - 0.5 && b.x1 <= x1 + 0.5;
    let prose = |b: &Block| (b.size - prose_size).abs() < 0.01 && prose_faces.contains(&b.face);
    let order = reading_order(blocks);
    let last_left = order
        .iter()
        .rposition(|&k| prose(&blocks[k]) && within(&blocks[k], left));
    let first_right = order
        .iter()
        .position(|&k| prose(&blocks[k]) && within(&blocks[k], right));
    match (last_left, first_right) {
        (Some(l), Some(r)) => l < r,
        _ => true,
    }
}

/// The order extraction reads the blocks in: a topological sort by depth
/// first search (Breuel's rules, as poppler has them). A block is read after
/// one above it that it overlaps in x (rule 1), and after one wholly to its
/// left unless a third lies below the one and above the other, overlapping
/// both (rule 2); cells of one table are read row by row. Boxes are the
/// extended ones (see [`extended_boxes`]).
pub fn reading_order(blocks: &[Block]) -> Vec<usize> {
    let ids = table_ids(blocks);
    let boxes = extended_boxes(blocks, &ids);
    let mut reader = Reader {
        blocks,
        boxes: &boxes,
        ids: &ids,
        visited: vec![false; blocks.len()],
        order: Vec::with_capacity(blocks.len()),
        between: None,
    };
    for k in 0..blocks.len() {
        reader.visit(k);
    }
    reader.order
}

/// The depth-first search over the blocks.
struct Reader<'a> {
    blocks: &'a [Block],
    boxes: &'a [Block],
    ids: &'a [Option<usize>],
    visited: Vec<bool>,
    order: Vec<usize>,
    /// The block last found between two others (rule 2), tried first next time.
    between: Option<usize>,
}

impl Reader<'_> {
    /// Reads every block to be read before block `i`, then `i`.
    fn visit(&mut self, i: usize) {
        if self.visited[i] {
            return;
        }
        self.visited[i] = true;
        for j in 0..self.blocks.len() {
            if !self.visited[j] && self.read_before(j, i) {
                self.visit(j);
            }
        }
        self.order.push(i);
    }

    /// Whether block `j` is read before block `i`.
    fn read_before(&mut self, j: usize, i: usize) -> bool {
        let (blocks, boxes, ids) = (self.blocks, self.boxes, self.ids);
        if ids[i].is_some() && ids[i] == ids[j] {
            let (b1, b2) = (&blocks[i], &blocks[j]);
            return (b2.x1 <= b1.x0 && b2.y0 <= b1.y1 && b2.y1 >= b1.y0) || b2.y1 <= b1.y0;
        }
        let (e1, e2) = (&boxes[i], &boxes[j]);
        if above(e2, e1) {
            return true;
        }
        // Rule 2: wholly to the left, with nothing below the one and above the other.
        if e2.x1 > e1.x0 {
            return false;
        }
        let lies_between =
            |k: usize| k != i && k != j && above(e1, &boxes[k]) && above(&boxes[k], e2);
        if self.between.is_some_and(lies_between) {
            return false;
        }
        match (0..boxes.len()).find(|&k| lies_between(k)) {
            Some(k) => {
                self.between = Some(k);
                false
            }
            None => true,
        }
    }
}

/// Rule 1: `a` is above `b` and they overlap in x.
fn above(a: &Block, b: &Block) -> bool {
    let overlap = (a.x0 <= b.x0 && b.x0 <= a.x1) || (b.x0 <= a.x0 && a.x0 <= b.x1);
    overlap && a.y0 < b.y0
}

/// The table each block belongs to, if any: a block, the nearest to its
/// right, the nearest below it and the nearest below and right of it, set out
/// as a grid and aligned (left, right or middle in x within 0.7 of the font
/// size; top, bottom or middle in y within 0.5), are cells of one table.
fn table_ids(blocks: &[Block]) -> Vec<Option<usize>> {
    let mut ids: Vec<Option<usize>> = vec![None; blocks.len()];
    let mut tables = 0;
    for i in 0..blocks.len() {
        let Some((f2, f3, f4)) = grid_neighbours(blocks, i) else {
            continue;
        };
        if !aligned(&blocks[i], &blocks[f2], &blocks[f3], &blocks[f4]) {
            continue;
        }
        let four = [i, f2, f3, f4];
        let id = four
            .iter()
            .filter_map(|&k| ids[k])
            .max()
            .unwrap_or_else(|| {
                tables += 1;
                tables - 1
            });
        for k in four {
            ids[k] = Some(id);
        }
    }
    ids
}

/// Each block's extended box (poppler's `ExMin`…): a table's cells take the
/// envelope of the table; any other block reaches out to the blocks below it,
/// up to the nearest block level with it on either side.
fn extended_boxes(blocks: &[Block], ids: &[Option<usize>]) -> Vec<Block> {
    let mut envelopes: Vec<Option<Block>> = Vec::new();
    for (b, id) in blocks.iter().zip(ids) {
        if let Some(id) = *id {
            if envelopes.len() <= id {
                envelopes.resize(id + 1, None);
            }
            let e = envelopes[id].get_or_insert(*b);
            e.x0 = e.x0.min(b.x0);
            e.x1 = e.x1.max(b.x1);
            e.y0 = e.y0.min(b.y0);
            e.y1 = e.y1.max(b.y1);
        }
    }
    blocks
        .iter()
        .zip(ids)
        .map(|(b1, id)| {
            if let Some(e) = id.and_then(|id| envelopes.get(id).copied().flatten()) {
                return e;
            }
            let (mut reach_left, mut reach_right) = (0.0_f32, f32::MAX);
            for b2 in blocks
                .iter()
                .filter(|b2| b1.overlaps_y(b2) && !std::ptr::eq(*b2, b1))
            {
                if b2.x0 > b1.x1 {
                    reach_right = reach_right.min(b2.x0);
                }
                if b2.x1 < b1.x0 {
                    reach_left = reach_left.max(b2.x1);
                }
            }
            let mut e = *b1;
            for b2 in blocks.iter().filter(|b2| b2.y0 >= b1.y1) {
                if b2.x1 > e.x1 && b2.x1 <= reach_right {
                    e.x1 = b2.x1;
                }
                if b2.x0 < e.x0 && b2.x0 >= reach_left {
                    e.x0 = b2.x0;
                }
            }
            e
        })
        .collect()
}

/// The blocks nearest to the right of, below, and below and right of block
/// `i`, when they lie as a grid (poppler's `fblk2`, `fblk3`, `fblk4`).
fn grid_neighbours(blocks: &[Block], i: usize) -> Option<(usize, usize, usize)> {
    let b1 = &blocks[i];
    let (mut right, mut below, mut corner) = (None, None, None);
    let (mut rx, mut by, mut cx, mut cy) = (f32::MAX, f32::MAX, f32::MAX, f32::MAX);
    for (k, b2) in blocks.iter().enumerate() {
        if k == i {
            continue;
        }
        if b1.overlaps_y(b2) && b2.x0 > b1.x1 && b2.x0 < rx {
            rx = b2.x0;
            right = Some(k);
        } else if b1.overlaps_x(b2) && b2.y0 > b1.y1 && b2.y0 < by {
            by = b2.y0;
            below = Some(k);
        } else if b2.x0 > b1.x1 && b2.x0 < cx && b2.y0 > b1.y1 && b2.y0 < cy {
            cx = b2.x0;
            cy = b2.y0;
            corner = Some(k);
        }
    }
    let (f2, f3, f4) = (right?, below?, corner?);
    let (b2, b3, b4) = (&blocks[f2], &blocks[f3], &blocks[f4]);
    let grid = !b3.overlaps_x(b4)
        && !b2.overlaps_y(b4)
        && !b2.overlaps_x(b3)
        && !b2.overlaps_y(b3)
        && b4.overlaps_x(b2)
        && b4.overlaps_y(b3);
    grid.then_some((f2, f3, f4))
}

/// Whether four blocks in a grid line up in both directions: the block and
/// the one below it, and the two right of them, in x; the block and the one
/// right of it, and the two below them, in y.
fn aligned(b1: &Block, f2: &Block, f3: &Block, f4: &Block) -> bool {
    let size = b1.size.min(f2.size).min(f3.size).min(f4.size);
    let x = |b: &Block| (b.x0, b.x1);
    let y = |b: &Block| (b.y0, b.y1);
    lined_up([(b1, f3), (f2, f4)], x, COL_SPACE_1 * size)
        && lined_up([(b1, f2), (f3, f4)], y, INTRA_LINE * size)
}

/// Whether both pairs of blocks share their middle, their start or their
/// end (the same one for both) along `span`, within `tolerance`.
fn lined_up(
    pairs: [(&Block, &Block); 2],
    span: impl Fn(&Block) -> (f32, f32),
    tolerance: f32,
) -> bool {
    let middle = |(lo, hi): (f32, f32)| (lo + hi) / 2.0;
    let start = |(lo, _): (f32, f32)| lo;
    let end = |(_, hi): (f32, f32)| hi;
    let edges: [&dyn Fn((f32, f32)) -> f32; 3] = [&middle, &start, &end];
    edges.iter().any(|edge| {
        pairs
            .iter()
            .all(|(a, b)| (edge(span(a)) - edge(span(b))).abs() <= tolerance)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn word(x0: f32, x1: f32, base: f32, size: f32) -> Word {
        Word {
            x0,
            x1,
            base,
            size,
            face: 0,
        }
    }

    /// A paragraph of `lines` lines at `size` from baseline `base`, at x.
    fn paragraph(x: f32, base: f32, lines: usize, size: f32) -> Vec<Word> {
        (0..lines)
            .map(|n| word(x, x + 200.0, base + n as f32 * size * 1.25, size))
            .collect()
    }

    #[test]
    fn a_paragraphs_lines_make_one_block_and_a_heading_another() {
        let mut words = paragraph(40.0, 100.0, 4, 10.0);
        words.push(word(40.0, 120.0, 80.0, 14.0));
        let b = blocks(words);
        assert_eq!(b.len(), 2, "{b:?}");
        let para = b.iter().find(|b| b.size == 10.0).expect("paragraph block");
        assert!((para.y0 - (100.0 - 9.28)).abs() < 0.01, "{para:?}");
        assert!((para.y1 - (137.5 + 2.36)).abs() < 0.01, "{para:?}");
    }

    #[test]
    fn table_cells_far_apart_are_blocks_of_their_own() {
        let words = vec![
            word(40.0, 90.0, 100.0, 8.0),
            word(200.0, 210.0, 100.0, 8.0),
            word(40.0, 90.0, 115.0, 8.0),
            word(200.0, 210.0, 115.0, 8.0),
        ];
        assert_eq!(blocks(words).len(), 4);
    }

    const COLUMNS: Columns = Columns {
        left: (40.0, 290.0),
        right: (304.0, 554.0),
        top: 60.0,
        prose_size: 9.5,
        prose_faces: [0; 4],
    };

    #[test]
    fn two_columns_of_prose_read_down_one_then_the_other() {
        let mut words = vec![
            word(40.0, 150.0, 100.0, 12.0),
            word(304.0, 420.0, 112.0, 12.0),
        ];
        words.extend(paragraph(40.0, 125.0, 3, 9.5));
        words.extend(paragraph(304.0, 137.0, 5, 9.5));
        let b = blocks(words);
        assert!(reads_columns_in_order(&b, COLUMNS));
        let order = reading_order(&b);
        let columns: Vec<bool> = order.iter().map(|&k| b[k].x0 < 300.0).collect();
        assert_eq!(columns, vec![true, true, false, false], "{order:?} {b:?}");
    }

    #[test]
    fn level_headings_and_paragraphs_either_side_read_as_a_table_across() {
        // A heading then a paragraph in each column, level with each other:
        // poppler takes the four for a table's cells and reads row by row,
        // and the table before column one's next paragraph.
        let mut words = vec![
            word(40.0, 150.0, 100.0, 12.0),
            word(304.0, 420.0, 100.0, 12.0),
        ];
        words.extend(paragraph(40.0, 125.0, 3, 9.5));
        words.extend(paragraph(304.0, 126.0, 3, 9.5));
        words.extend([word(40.0, 150.0, 170.0, 12.0)]);
        words.extend(paragraph(40.0, 190.0, 3, 9.5));
        let b = blocks(words);
        assert!(!reads_columns_in_order(&b, COLUMNS), "{b:?}");
    }

    #[test]
    fn a_block_beside_only_a_short_line_widens_over_the_gutter() {
        // Column one: a short line, then a table whose right cells start
        // further right than that line ends; column two: a heading beside the
        // short line, and prose below it, read before column one's table.
        let mut words = vec![word(40.0, 120.0, 100.0, 9.5)];
        words.extend(paragraph(304.0, 100.0, 2, 9.5));
        words.extend([
            word(40.0, 90.0, 150.0, 8.5),
            word(240.0, 250.0, 150.0, 8.5),
            word(40.0, 90.0, 165.0, 8.5),
            word(240.0, 250.0, 165.0, 8.5),
        ]);
        words.extend(paragraph(40.0, 200.0, 2, 9.5));
        let b = blocks(words);
        assert!(!reads_columns_in_order(&b, COLUMNS), "{b:?}");
    }
}
