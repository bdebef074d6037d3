//! Layout: print-and-play card sheets — laid-out card faces placed edge to
//! edge (or with bleed gutters) on Letter/A4 pages with crop marks, followed by
//! back pages mirrored for a long- or short-edge duplex flip, or folded
//! side by side (gutterfold); and one-card print-shop pages with bleed.

use super::card::CardFace;
use super::doc::{Doc, Geometry, Item, Page, Stroke};
use crate::model::{CardSize, Paper};

/// Which edge the sheet turns over when printed two-sided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flip {
    /// Turned about the long edge: backs mirror left-right (portrait pages).
    Long,
    /// Turned about the short edge: backs mirror top-bottom.
    Short,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SheetLayout {
    /// Fronts on one page, backs on the next, for two-sided printing.
    Duplex,
    /// Fronts and backs side by side on one page, mirrored about a fold line.
    Gutterfold,
}

#[derive(Clone, Debug)]
pub struct PnpOptions {
    pub paper: Paper,
    pub layout: SheetLayout,
    pub flip: Flip,
    /// Moves only the back pages (printer duplex calibration), points.
    pub back_offset_x: f32,
    pub back_offset_y: f32,
    /// Bleed around each card (0 = cards butted edge to edge, one cut serves two).
    pub bleed: f32,
    /// Least distance from the paper's edge to any card.
    pub margin: f32,
}

impl PnpOptions {
    /// The defaults with the printer's correction of the backs (points).
    pub fn backs_moved(back_offset_x: f32, back_offset_y: f32) -> PnpOptions {
        PnpOptions {
            back_offset_x,
            back_offset_y,
            ..PnpOptions::default()
        }
    }
}

impl Default for PnpOptions {
    fn default() -> Self {
        PnpOptions {
            paper: Paper::LETTER,
            layout: SheetLayout::Duplex,
            flip: Flip::Long,
            back_offset_x: 0.0,
            back_offset_y: 0.0,
            bleed: 0.0,
            margin: 18.0,
        }
    }
}

/// Where cards go on a page: a grid of equal cells, each a card plus its bleed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CardGrid {
    pub columns: usize,
    pub rows: usize,
    /// Top-left of the first card's trim (not its bleed).
    pub left: f32,
    pub top: f32,
    pub pitch_x: f32,
    pub pitch_y: f32,
    pub card_width: f32,
    pub card_height: f32,
}

impl CardGrid {
    /// As many cards as fit `width` x `height` inside the margins, centred in
    /// the area that starts at `x0`. None when not even one card fits.
    fn fit(
        size: &CardSize,
        x0: f32,
        width: f32,
        height: f32,
        margin: f32,
        bleed: f32,
    ) -> Option<CardGrid> {
        let (cell_w, cell_h) = (size.width + 2.0 * bleed, size.height + 2.0 * bleed);
        let columns = ((width - 2.0 * margin) / cell_w + 1e-4).floor().max(0.0) as usize;
        let rows = ((height - 2.0 * margin) / cell_h + 1e-4).floor().max(0.0) as usize;
        if columns == 0 || rows == 0 {
            return None;
        }
        Some(CardGrid {
            columns,
            rows,
            left: x0 + (width - columns as f32 * cell_w) / 2.0 + bleed,
            top: (height - rows as f32 * cell_h) / 2.0 + bleed,
            pitch_x: cell_w,
            pitch_y: cell_h,
            card_width: size.width,
            card_height: size.height,
        })
    }

    pub fn per_page(&self) -> usize {
        self.columns * self.rows
    }

    /// Top-left of card `n` (across then down).
    pub fn origin(&self, n: usize) -> (f32, f32) {
        (
            self.left + (n % self.columns) as f32 * self.pitch_x,
            self.top + (n / self.columns) as f32 * self.pitch_y,
        )
    }
}

/// Lays out fronts (and their common back) on print-and-play pages.
pub fn lay_out_pnp(
    title: &str,
    fronts: Vec<CardFace>,
    back: &CardFace,
    size: &CardSize,
    options: &PnpOptions,
) -> Result<Doc, String> {
    match options.layout {
        SheetLayout::Duplex => duplex(title, fronts, back, size, options),
        SheetLayout::Gutterfold => gutterfold(title, fronts, back, size, options),
    }
}

fn no_fit(size: &CardSize, paper: Paper) -> String {
    format!(
        "{} cards ({:.2} x {:.2} in) do not fit on a {:.2} x {:.2} in page with its margins",
        size.name,
        size.width / 72.0,
        size.height / 72.0,
        paper.width / 72.0,
        paper.height / 72.0
    )
}

fn blank(paper: Paper) -> Page {
    Page {
        width: paper.width,
        height: paper.height,
        items: Vec::new(),
    }
}

/// A copy of `face` (the common back) put on `page` at (x, y).
fn place(page: &mut Page, face: &CardFace, x: f32, y: f32) {
    page.items
        .extend(face.items.iter().map(|i| i.translated(x, y)));
}

/// `face` (a front, printed once) moved onto `page` at (x, y): its items
/// are moved there, not copied.
fn place_owned(page: &mut Page, face: CardFace, x: f32, y: f32) {
    page.items.extend(face.items.into_iter().map(|mut i| {
        i.translate(x, y);
        i
    }));
}

/// The fronts a page at a time (`per_page`), each page's taken whole.
fn pages_of(fronts: Vec<CardFace>, per_page: usize) -> impl Iterator<Item = Vec<CardFace>> {
    let mut fronts = fronts.into_iter();
    std::iter::from_fn(move || {
        let chunk: Vec<CardFace> = fronts.by_ref().take(per_page.max(1)).collect();
        (!chunk.is_empty()).then_some(chunk)
    })
}

/// A blank page with room for `items` items.
fn blank_for(paper: Paper, items: usize) -> Page {
    Page {
        items: Vec::with_capacity(items),
        ..blank(paper)
    }
}

/// How many cards one sheet of `options`' layout holds (a sheet is a front
/// page and its back page for duplex, one folded page for gutterfold), and
/// how many pages a sheet is.
pub fn pnp_sheet(size: &CardSize, options: &PnpOptions) -> Result<(usize, usize), String> {
    Ok(match options.layout {
        SheetLayout::Duplex => (duplex_grid(size, options)?.per_page(), 2),
        SheetLayout::Gutterfold => (gutterfold_grid(size, options)?.per_page(), 1),
    })
}

fn duplex_grid(size: &CardSize, options: &PnpOptions) -> Result<CardGrid, String> {
    let paper = options.paper;
    CardGrid::fit(
        size,
        0.0,
        paper.width,
        paper.height,
        options.margin,
        options.bleed,
    )
    .ok_or_else(|| no_fit(size, paper))
}

fn duplex(
    title: &str,
    fronts: Vec<CardFace>,
    back: &CardFace,
    size: &CardSize,
    options: &PnpOptions,
) -> Result<Doc, String> {
    let paper = options.paper;
    let grid = duplex_grid(size, options)?;
    let mut doc = Doc {
        title: title.to_string(),
        lang: None,
        pages: Vec::new(),
    };
    for chunk in pages_of(fronts, grid.per_page()) {
        let cards = chunk.len();
        let front_items: usize = chunk.iter().map(|f| f.items.len()).sum();
        let mut front = blank_for(paper, front_items + 4 * (grid.columns + grid.rows));
        let mut back_page = blank_for(paper, cards * back.items.len());
        for (n, face) in chunk.into_iter().enumerate() {
            let (x, y) = grid.origin(n);
            place_owned(&mut front, face, x, y);
            let (bx, by) = mirrored(&grid, paper, options.flip, x, y);
            place(
                &mut back_page,
                back,
                bx + options.back_offset_x,
                by + options.back_offset_y,
            );
        }
        front.items.extend(crop_marks(&grid, cards, options.bleed));
        doc.pages.push(front);
        doc.pages.push(back_page);
    }
    Ok(doc)
}

/// Where the back of a card at (x, y) must print so that, after the sheet is
/// turned over, it lies exactly behind the front.
pub fn mirrored(grid: &CardGrid, paper: Paper, flip: Flip, x: f32, y: f32) -> (f32, f32) {
    match flip {
        Flip::Long => (paper.width - x - grid.card_width, y),
        Flip::Short => (x, paper.height - y - grid.card_height),
    }
}

/// The fronts' grid on a gutterfold page: the left half, right-aligned
/// against the fold with a small gutter.
fn gutterfold_grid(size: &CardSize, options: &PnpOptions) -> Result<CardGrid, String> {
    let paper = options.paper;
    let fold = paper.width / 2.0;
    let half = fold - GUTTER;
    let grid = CardGrid::fit(
        size,
        0.0,
        half + options.margin,
        paper.height,
        options.margin,
        options.bleed,
    )
    .ok_or_else(|| no_fit(size, paper))?;
    let shift = fold
        - GUTTER
        - (grid.left + (grid.columns - 1) as f32 * grid.pitch_x + grid.card_width + options.bleed);
    Ok(CardGrid {
        left: grid.left + shift,
        ..grid
    })
}

/// The gap between the fronts and the fold line, in points.
const GUTTER: f32 = 9.0;

fn gutterfold(
    title: &str,
    fronts: Vec<CardFace>,
    back: &CardFace,
    size: &CardSize,
    options: &PnpOptions,
) -> Result<Doc, String> {
    let paper = options.paper;
    let fold = paper.width / 2.0;
    let grid = gutterfold_grid(size, options)?;
    let mut doc = Doc {
        title: title.to_string(),
        lang: None,
        pages: Vec::new(),
    };
    for chunk in pages_of(fronts, grid.per_page()) {
        let cards = chunk.len();
        let front_items: usize = chunk.iter().map(|f| f.items.len()).sum();
        let mut page = blank_for(
            paper,
            front_items + cards * back.items.len() + 8 * (grid.columns + grid.rows) + 1,
        );
        for (n, face) in chunk.into_iter().enumerate() {
            let (x, y) = grid.origin(n);
            place_owned(&mut page, face, x, y);
            place(&mut page, back, 2.0 * fold - x - grid.card_width, y);
        }
        page.items.push(
            Geometry::line(fold, 0.0, fold, paper.height).stroked(Stroke {
                width: 0.5,
                dash: Some((2.0, 2.0)),
            }),
        );
        page.items.extend(crop_marks(&grid, cards, options.bleed));
        let mirror = CardGrid {
            left: 2.0 * fold
                - grid.left
                - grid.card_width
                - (grid.columns - 1) as f32 * grid.pitch_x,
            ..grid
        };
        page.items.extend(crop_marks(&mirror, cards, options.bleed));
        doc.pages.push(page);
    }
    Ok(doc)
}

/// Short marks in the margins, in line with every cut, never over a card.
fn crop_marks(grid: &CardGrid, cards: usize, bleed: f32) -> Vec<Item> {
    let rows = cards.div_ceil(grid.columns).min(grid.rows);
    let columns = cards.min(grid.columns);
    let (gap, length, width) = (3.0, 12.0, 0.3);
    // Outer edges of the used area, including bleed.
    let area_left = grid.left - bleed;
    let area_top = grid.top - bleed;
    let area_right = grid.left + (columns - 1) as f32 * grid.pitch_x + grid.card_width + bleed;
    let area_bottom = grid.top + (rows - 1) as f32 * grid.pitch_y + grid.card_height + bleed;
    let mut cuts_x: Vec<f32> = Vec::new();
    for c in 0..columns {
        let x = grid.left + c as f32 * grid.pitch_x;
        cuts_x.push(x);
        cuts_x.push(x + grid.card_width);
    }
    let mut cuts_y: Vec<f32> = Vec::new();
    for r in 0..rows {
        let y = grid.top + r as f32 * grid.pitch_y;
        cuts_y.push(y);
        cuts_y.push(y + grid.card_height);
    }
    dedup(&mut cuts_x);
    dedup(&mut cuts_y);
    let mark = |x1: f32, y1: f32, x2: f32, y2: f32| {
        Geometry::line(x1, y1, x2, y2).stroked(Stroke::solid(width))
    };
    let mut items = Vec::new();
    for x in cuts_x {
        items.push(mark(x, area_top - gap - length, x, area_top - gap));
        items.push(mark(x, area_bottom + gap, x, area_bottom + gap + length));
    }
    for y in cuts_y {
        items.push(mark(area_left - gap - length, y, area_left - gap, y));
        items.push(mark(area_right + gap, y, area_right + gap + length, y));
    }
    items
}

fn dedup(values: &mut Vec<f32>) {
    values.sort_by(f32::total_cmp);
    values.dedup_by(|a, b| (*a - *b).abs() < 0.01);
}

/// One card per page at trim size plus bleed on every side, as print shops want.
pub fn lay_out_print_shop(
    title: &str,
    faces: Vec<(CardFace, CardFace)>,
    size: &CardSize,
    bleed: f32,
) -> Doc {
    let paper = Paper {
        width: size.width + 2.0 * bleed,
        height: size.height + 2.0 * bleed,
    };
    let mut doc = Doc {
        title: title.to_string(),
        lang: None,
        pages: Vec::new(),
    };
    for (front, back) in faces {
        for face in [front, back] {
            let mut page = blank(paper);
            place(&mut page, &face, bleed, bleed);
            doc.pages.push(page);
        }
    }
    doc
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::doc::Shape;

    fn poker() -> CardSize {
        CardSize {
            id: "poker".into(),
            name: "Poker".into(),
            width: 180.0,
            height: 252.0,
        }
    }

    fn marker() -> CardFace {
        CardFace {
            items: vec![Geometry::rect(0.0, 0.0, 180.0, 252.0, 0.0).stroked(Stroke::solid(1.0))],
        }
    }

    fn rects(page: &Page) -> Vec<(f32, f32)> {
        page.items
            .iter()
            .filter_map(|i| {
                if let Item::Shape(Shape {
                    geometry: Geometry::Rect { x, y, .. },
                    stroke: Some(_),
                    ..
                }) = i
                {
                    Some((*x, *y))
                } else {
                    None
                }
            })
            .collect()
    }

    #[test]
    fn nine_poker_cards_on_letter_and_a4() {
        for paper in [Paper::LETTER, Paper::A4] {
            let grid =
                CardGrid::fit(&poker(), 0.0, paper.width, paper.height, 18.0, 0.0).expect("fits");
            assert_eq!((grid.columns, grid.rows), (3, 3));
            assert!((grid.left * 2.0 + 540.0 - paper.width).abs() < 1e-3);
        }
    }

    #[test]
    fn backs_land_behind_fronts_after_the_flip() {
        for flip in [Flip::Long, Flip::Short] {
            let options = PnpOptions {
                flip,
                ..PnpOptions::default()
            };
            let doc = lay_out_pnp("t", vec![marker(); 5], &marker(), &poker(), &options)
                .expect("lays out");
            assert_eq!(doc.pages.len(), 2);
            let (fronts, backs) = (rects(&doc.pages[0]), rects(&doc.pages[1]));
            for ((fx, fy), (bx, by)) in fronts.iter().zip(&backs) {
                // Turn the back page over: long edge mirrors x, short edge mirrors y.
                let (tx, ty) = match flip {
                    Flip::Long => (612.0 - bx - 180.0, *by),
                    Flip::Short => (*bx, 792.0 - by - 252.0),
                };
                assert!(
                    (tx - fx).abs() < 0.01 && (ty - fy).abs() < 0.01,
                    "{flip:?}: {fx},{fy} vs {tx},{ty}"
                );
            }
        }
    }

    #[test]
    fn crop_marks_stay_outside_the_cards() {
        let doc = lay_out_pnp(
            "t",
            vec![marker(); 9],
            &marker(),
            &poker(),
            &PnpOptions::default(),
        )
        .expect("lays out");
        let grid = CardGrid::fit(&poker(), 0.0, 612.0, 792.0, 18.0, 0.0).expect("fits");
        let (l, t) = (grid.left, grid.top);
        let (r, b) = (l + 540.0, t + 756.0);
        for item in &doc.pages[0].items {
            if let Item::Shape(Shape {
                geometry: Geometry::Line { x1, y1, x2, y2, .. },
                stroke: Some(_),
                ..
            }) = item
            {
                let inside =
                    |x: f32, y: f32| x > l + 0.01 && x < r - 0.01 && y > t + 0.01 && y < b - 0.01;
                assert!(!inside(*x1, *y1) && !inside(*x2, *y2));
                assert!(
                    x1.min(*x2) >= 0.0
                        && y1.min(*y2) >= 0.0
                        && x1.max(*x2) <= 612.0
                        && y1.max(*y2) <= 792.0
                );
            }
        }
    }

    #[test]
    fn gutterfold_mirrors_about_the_fold() {
        let options = PnpOptions {
            layout: SheetLayout::Gutterfold,
            ..PnpOptions::default()
        };
        let doc =
            lay_out_pnp("t", vec![marker(); 3], &marker(), &poker(), &options).expect("lays out");
        let page = &doc.pages[0];
        let r = rects(page);
        assert_eq!(r.len(), 6);
        for pair in r.chunks(2) {
            let (front, back) = (pair[0], pair[1]);
            assert!(front.0 + 180.0 <= 306.0 && back.0 >= 306.0);
            assert!(((front.0 + 180.0 + back.0) / 2.0 - 306.0).abs() < 0.01);
        }
    }
}
