//! Layout: square unit counters — the unit's icon and name in the middle, a
//! stat in each corner (a number, or a die drawn as a square in its colour),
//! the side's colour behind — butted in a grid on the page with cut lines
//! along every edge that run out into the margin, each front page followed
//! by its back page, mirrored for a two-sided print. Input: counters already
//! resolved from the game's data; output: a [`Doc`].

use super::doc::{Doc, Item, Page, rect_path, text_items};
use super::pnp::{CardGrid, Flip, mirrored};
use crate::diag::{Diagnostic, Loc};
use crate::model::{Align, Icon, Paper, Style, VAlign};
use crate::text::{Family, FitError, FitRequest, FontBook, fit_text};

/// What one corner of a counter shows.
#[derive(Clone, Debug, PartialEq)]
pub enum Corner {
    /// A number or a word ("2").
    Text(String),
    /// A die, as a square in its colour (red, green, blue, 0 to 1).
    Die([f32; 3]),
}

/// One counter to print.
#[derive(Clone, Debug)]
pub struct Counter {
    pub name: String,
    pub icon: Option<Icon>,
    /// Top left, top right, bottom left, bottom right.
    pub corners: [Corner; 4],
    /// The side's colour.
    pub color: [f32; 3],
    /// Starts a new row (the first counter of a side).
    pub new_row: bool,
    /// Where the unit is declared, for diagnostics.
    pub loc: Loc,
}

#[derive(Clone, Copy, Debug)]
pub struct CounterOptions {
    pub paper: Paper,
    /// The side of a counter, in points.
    pub size: f32,
    pub margin: f32,
    pub flip: Flip,
}

impl Default for CounterOptions {
    fn default() -> Self {
        CounterOptions {
            paper: Paper::LETTER,
            size: 54.0,
            margin: 36.0,
            flip: Flip::Long,
        }
    }
}

/// How far cut lines run out past the grid into the margin.
const CUT_RUN: f32 = 12.0;

/// Lays out every counter, fronts then mirrored backs, page by page.
pub fn lay_out_counters(
    title: &str,
    counters: &[Counter],
    family: &Family,
    book: &FontBook,
    options: &CounterOptions,
) -> Result<Doc, Vec<Diagnostic>> {
    let s = options.size;
    let paper = options.paper;
    let inner = CUT_RUN + 2.0;
    let columns = ((paper.width - 2.0 * (options.margin + inner)) / s).floor() as usize;
    let rows = ((paper.height - 2.0 * (options.margin + inner)) / s).floor() as usize;
    if columns == 0 || rows == 0 {
        return Err(vec![Diagnostic::error(
            "counter-overflow",
            format!(
                "a {s:.0} pt counter does not fit on a {:.0} x {:.0} pt page",
                paper.width, paper.height
            ),
            counters.first().map(|c| c.loc.clone()),
        )]);
    }
    let grid = CardGrid {
        columns,
        rows,
        left: (paper.width - columns as f32 * s) / 2.0,
        top: (paper.height - rows as f32 * s) / 2.0,
        pitch_x: s,
        pitch_y: s,
        card_width: s,
        card_height: s,
    };
    // Slots: a side's counters begin a new row.
    let mut slots: Vec<Vec<(usize, usize, &Counter)>> = vec![Vec::new()];
    let (mut col, mut row) = (0, 0);
    for counter in counters {
        if (counter.new_row && col > 0) || col == columns {
            col = 0;
            row += 1;
        }
        if row == rows {
            row = 0;
            slots.push(Vec::new());
        }
        if let Some(page) = slots.last_mut() {
            page.push((col, row, counter));
        }
        col += 1;
    }
    let mut problems = Vec::new();
    let mut doc = Doc {
        title: title.to_string(),
        pages: Vec::new(),
    };
    for page_slots in slots.iter().filter(|p| !p.is_empty()) {
        let mut front = Page {
            width: paper.width,
            height: paper.height,
            items: Vec::new(),
        };
        let mut back = front.clone();
        for &(c, r, counter) in page_slots {
            let (x, y) = (grid.left + c as f32 * s, grid.top + r as f32 * s);
            match counter_front(counter, s, family, book) {
                Ok(items) => front.items.extend(items.iter().map(|i| i.translated(x, y))),
                Err(e) => problems.push(e),
            }
            let (bx, by) = mirrored(&grid, paper, options.flip, x, y);
            match counter_back(counter, s, family, book) {
                Ok(items) => back
                    .items
                    .extend(items.iter().map(|i| i.translated(bx, by))),
                Err(e) => problems.push(e),
            }
        }
        let used: Vec<(f32, f32)> = page_slots
            .iter()
            .map(|&(c, r, _)| (grid.left + c as f32 * s, grid.top + r as f32 * s))
            .collect();
        front.items.extend(cut_lines(&used, s));
        front.items.extend(footer(title, family, book, options));
        let mirrored_used: Vec<(f32, f32)> = used
            .iter()
            .map(|&(x, y)| mirrored(&grid, paper, options.flip, x, y))
            .collect();
        back.items.extend(cut_lines(&mirrored_used, s));
        doc.pages.push(front);
        doc.pages.push(back);
    }
    if problems.is_empty() {
        Ok(doc)
    } else {
        Err(problems)
    }
}

/// The sheet's title and the icons' credit, at the foot of a front page.
fn footer(title: &str, family: &Family, book: &FontBook, options: &CounterOptions) -> Vec<Item> {
    let text = format!(
        "{title}. Icons: Game Icons (game-icons.net) by Lorc, Delapouite and contributors, CC BY 3.0."
    );
    let width = options.paper.width - 2.0 * options.margin;
    let req = FitRequest {
        text: &text,
        family,
        style: Style::Italic,
        width,
        height: f32::MAX,
        size: 7.0,
        min_size: 5.0,
        leading: 1.2,
        align: Align::Left,
        valign: VAlign::Top,
    };
    match fit_text(&req, book) {
        Ok(fit) if fit.bottom <= options.margin - 18.0 => {
            // Below the cut lines' run, in the margin (still 1/4 in from the edge).
            let top = options.paper.height - options.margin + 4.0;
            text_items(fit.lines, fit.size, options.margin, top).collect()
        }
        // A credit line that does not fit is left off rather than failing the sheet.
        _ => Vec::new(),
    }
}

/// A frame round each counter and, at every distinct cut position, a line
/// running out past the block into the margin (so the cuts can be found
/// once the frames are cut away).
fn cut_lines(slots: &[(f32, f32)], s: f32) -> Vec<Item> {
    let mut items = Vec::new();
    if slots.is_empty() {
        return items;
    }
    let key = |v: f32| (v * 100.0).round() as i64;
    let mut xs: Vec<i64> = slots
        .iter()
        .flat_map(|&(x, _)| [key(x), key(x + s)])
        .collect();
    let mut ys: Vec<i64> = slots
        .iter()
        .flat_map(|&(_, y)| [key(y), key(y + s)])
        .collect();
    xs.sort_unstable();
    xs.dedup();
    ys.sort_unstable();
    ys.dedup();
    let (x0, x1) = (xs[0] as f32 / 100.0, xs[xs.len() - 1] as f32 / 100.0);
    let (y0, y1) = (ys[0] as f32 / 100.0, ys[ys.len() - 1] as f32 / 100.0);
    let mark = |x1: f32, y1: f32, x2: f32, y2: f32| Item::Line {
        x1,
        y1,
        x2,
        y2,
        width: 0.3,
        dash: None,
    };
    for x in xs.iter().map(|&x| x as f32 / 100.0) {
        items.push(mark(x, y0 - CUT_RUN, x, y0 - 2.0));
        items.push(mark(x, y1 + 2.0, x, y1 + CUT_RUN));
    }
    for y in ys.iter().map(|&y| y as f32 / 100.0) {
        items.push(mark(x0 - CUT_RUN, y, x0 - 2.0, y));
        items.push(mark(x1 + 2.0, y, x1 + CUT_RUN, y));
    }
    for &(x, y) in slots {
        items.push(Item::Rect {
            x,
            y,
            w: s,
            h: s,
            radius: 0.0,
            width: 0.3,
        });
    }
    items
}

/// Text fitted into a box at (x, y), relative to the counter.
#[allow(clippy::too_many_arguments)]
fn text_in(
    counter: &Counter,
    text: &str,
    (x, y, w, h): (f32, f32, f32, f32),
    size: f32,
    style: Style,
    align: Align,
    family: &Family,
    book: &FontBook,
) -> Result<Vec<Item>, Diagnostic> {
    let req = FitRequest {
        text,
        family,
        style,
        width: w,
        height: h,
        size,
        min_size: size * 0.7,
        leading: 1.0,
        align,
        valign: VAlign::Middle,
    };
    match fit_text(&req, book) {
        Ok(fit) => Ok(text_items(fit.lines, fit.size, x, y).collect()),
        Err(FitError::Overflow { .. }) => Err(Diagnostic::error(
            "counter-overflow",
            format!(
                "\"{text}\" does not fit its {w:.0} x {h:.0} pt box on the {} counter",
                counter.name
            ),
            Some(counter.loc.clone()),
        )
        .with_hint("use a bigger counter (--size 1) or a shorter name")),
        Err(FitError::MissingGlyphs(chars)) => Err(Diagnostic::error(
            "missing-glyph",
            format!(
                "the {} counter uses characters the font lacks: {chars:?}",
                counter.name
            ),
            Some(counter.loc.clone()),
        )),
    }
}

/// The front of a counter, `s` points square, top-left at (0, 0).
fn counter_front(
    counter: &Counter,
    s: f32,
    family: &Family,
    book: &FontBook,
) -> Result<Vec<Item>, Diagnostic> {
    let mut items = vec![Item::Paint {
        path: rect_path(0.0, 0.0, s, s),
        rgb: counter.color,
    }];
    let pad = s * 0.05;
    let corner = s * 0.24;
    let at = [
        (pad, pad, Align::Left),
        (s - pad - corner, pad, Align::Right),
        (pad, s - pad - corner, Align::Left),
        (s - pad - corner, s - pad - corner, Align::Right),
    ];
    for (c, &(x, y, align)) in counter.corners.iter().zip(&at) {
        match c {
            Corner::Text(t) => items.extend(text_in(
                counter,
                t,
                (x, y, corner, corner),
                s * 0.22,
                Style::Bold,
                align,
                family,
                book,
            )?),
            Corner::Die(rgb) => {
                let d = corner * 0.85;
                let (dx, dy) = (x + (corner - d) / 2.0, y + (corner - d) / 2.0);
                items.push(Item::Paint {
                    path: rect_path(dx, dy, d, d),
                    rgb: *rgb,
                });
                items.push(Item::Rect {
                    x: dx,
                    y: dy,
                    w: d,
                    h: d,
                    radius: d * 0.2,
                    width: 0.4,
                });
            }
        }
    }
    let icon = s * 0.44;
    if let Some(i) = &counter.icon {
        items.push(Item::Fill {
            path: i.placed((s - icon) / 2.0, s * 0.1, icon),
            gray: 0.0,
        });
    }
    items.extend(text_in(
        counter,
        &counter.name,
        (s * 0.2, s * 0.58, s * 0.6, s * 0.16),
        s * 0.13,
        Style::Bold,
        Align::Center,
        family,
        book,
    )?);
    Ok(items)
}

/// The back: the side's colour, the unit's icon and name, no stats.
fn counter_back(
    counter: &Counter,
    s: f32,
    family: &Family,
    book: &FontBook,
) -> Result<Vec<Item>, Diagnostic> {
    let mut items = vec![Item::Paint {
        path: rect_path(0.0, 0.0, s, s),
        rgb: counter.color,
    }];
    let icon = s * 0.5;
    if let Some(i) = &counter.icon {
        items.push(Item::Fill {
            path: i.placed((s - icon) / 2.0, s * 0.12, icon),
            gray: 0.0,
        });
    }
    items.extend(text_in(
        counter,
        &counter.name,
        (s * 0.1, s * 0.66, s * 0.8, s * 0.2),
        s * 0.14,
        Style::Bold,
        Align::Center,
        family,
        book,
    )?);
    Ok(items)
}
