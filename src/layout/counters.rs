//! Layout: square unit counters — the unit's picture, unit symbol or icon
//! and its name in the middle, a stat in each corner (a number, or a die
//! drawn as a square in its colour), the side's colour behind — butted in a
//! grid on the page with cut lines along every edge that run out into the
//! margin, each front page followed by its back page, mirrored for a
//! two-sided print. Input: counters already resolved from the game's data;
//! output: a [`Doc`].

use std::sync::Arc;

use super::doc::{Doc, Geometry, ImageItem, Ink, Item, Page, Stroke, fit_items, rect_path};
use super::pnp::{CardGrid, Flip, mirrored};
use crate::diag::{Diagnostic, Loc};
use crate::model::nato::UnitSymbol;
use crate::model::{
    Align, Anchor, FitMode, Icon, ImageFile, Paper, PathEl, Style, VAlign, fit_box,
};
use crate::text::{Family, FitError, FitRequest, FontBook, fit_text};

/// What one corner of a counter shows.
#[derive(Clone, Debug, PartialEq)]
pub enum Corner {
    /// A number or a word ("2").
    Text(String),
    /// A swatch: an item (a die, say) as a square in its colour (red,
    /// green, blue, 0 to 1) with its `mark` (a letter or two of its name) on
    /// it, so that a greyscale print or a colour-blind player can still tell
    /// the items apart.
    Swatch { rgb: [f32; 3], mark: String },
}

/// A picture drawn in the icon's place on both faces of a counter, cut off
/// at the icon's square.
#[derive(Clone, Debug)]
pub struct CounterPicture {
    pub image: Arc<ImageFile>,
    pub fit: FitMode,
    pub anchor: Anchor,
    /// The corner radius of the front's square; the back's smaller square is
    /// rounded in proportion.
    pub radius: f32,
}

/// How a factor prints on a strip: as written, or a value written `[4]`
/// boxed, `(2)` in parentheses (the classic conventions).
#[derive(Clone, Debug, PartialEq)]
pub enum FactorMark {
    Plain,
    Boxed,
    Parenthesised,
}

/// One factor of a strip: the text it prints (without its brackets) and
/// where its value is written, for a strip too wide for the counter.
#[derive(Clone, Debug, PartialEq)]
pub struct Factor {
    pub text: String,
    pub mark: FactorMark,
    pub loc: Loc,
}

impl Factor {
    /// A unit's value as a factor: `[4]` boxed, `(2)` parenthesised,
    /// anything else as written.
    pub fn parse(value: &str, loc: Loc) -> Factor {
        let value = value.trim();
        let inner = |open: char, close: char| {
            value
                .strip_prefix(open)
                .and_then(|v| v.strip_suffix(close))
                .filter(|v| !v.trim().is_empty())
                .map(|v| v.trim().to_string())
        };
        let (text, mark) = if let Some(v) = inner('[', ']') {
            (v, FactorMark::Boxed)
        } else if let Some(v) = inner('(', ')') {
            (v, FactorMark::Parenthesised)
        } else {
            (value.to_string(), FactorMark::Plain)
        };
        Factor { text, mark, loc }
    }

    /// What it prints: the text, in parentheses when so marked.
    pub fn printed(&self) -> String {
        match self.mark {
            FactorMark::Parenthesised => format!("({})", self.text),
            _ => self.text.clone(),
        }
    }
}

/// A text a counter prints and where its value is written.
#[derive(Clone, Debug, PartialEq)]
pub struct CounterText {
    pub text: String,
    pub loc: Loc,
}

/// The factor-strip layout of a unit's counter (`factors` in
/// `[publish.counters]`): the designation (and set-up code) at the top over
/// the formation's colour band, the symbol or icon in the middle with the
/// formation under it, and the factors in a strip at the foot — the
/// front's on the front, the reduced face's on the back.
#[derive(Clone, Debug)]
pub struct Strip {
    pub front: Vec<Factor>,
    /// The back's factors (the front's again for a unit of one step).
    pub back: Vec<Factor>,
    /// What joins the factors ("-").
    pub separator: String,
    pub designation: CounterText,
    pub formation: Option<CounterText>,
    /// The formation's colour, as a band across the top.
    pub band: Option<[f32; 3]>,
    pub setup: Option<CounterText>,
}

/// One counter to print.
#[derive(Clone, Debug)]
pub struct Counter {
    pub name: String,
    pub icon: Option<Icon>,
    /// A picture, drawn where the icon would be (and instead of it and of
    /// the unit symbol).
    pub picture: Option<CounterPicture>,
    /// A unit symbol, drawn where the icon would be (and instead of it).
    pub symbol: Option<UnitSymbol>,
    /// A marker (Traffic, Fatigue 1): only a word on each face, this one on
    /// the back, no corners, icon or side.
    pub marker: Option<String>,
    /// Top left, top right, bottom left, bottom right (blank for a strip).
    pub corners: [Corner; 4],
    /// The factor-strip layout, instead of the corners.
    pub strip: Option<Strip>,
    /// What the corners show, spelled out: (the unit field, its value as
    /// a card list prints it), for readers of the HTML reference. Empty
    /// for a marker.
    pub stats: Vec<(String, String)>,
    /// The side's colour.
    pub color: [f32; 3],
    /// The side's name, printed on the back.
    pub side: String,
    /// Starts a new row (the first counter of a side).
    pub new_row: bool,
    /// Which entry of the counter mix this counter is one of: what set-up
    /// cards, figures and the counters page find a unit's counter by.
    pub key: CounterKey,
    /// Where the unit's name is written (its `name` in the units
    /// collection; a marker's `name`), for diagnostics.
    pub loc: Loc,
}

/// Which entry of `[publish.counters]` a counter comes from: a side's unit
/// (the side's index, the unit's index in the side's `units`) or a marker
/// (its index in `markers`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CounterKey {
    Unit { side: usize, entry: usize },
    Marker(usize),
}

#[derive(Clone, Copy, Debug)]
pub struct CounterOptions {
    pub paper: Paper,
    /// The side of a counter, in points.
    pub size: f32,
    pub margin: f32,
    pub flip: Flip,
    /// Each counter's background runs this far past its trim, under a
    /// gutter twice as wide between counters (0: counters butted).
    pub bleed: f32,
    /// Back pages moved right and down by this much, to correct the
    /// printer's duplex shift (`calibrate duplex`).
    pub back_offset: (f32, f32),
}

impl Default for CounterOptions {
    fn default() -> Self {
        CounterOptions {
            paper: Paper::LETTER,
            size: 54.0,
            margin: 36.0,
            flip: Flip::Long,
            bleed: 0.0,
            back_offset: (0.0, 0.0),
        }
    }
}

/// How far cut lines run out past the grid into the margin.
const CUT_RUN: f32 = 12.0;

/// Lays out every counter, fronts then mirrored backs, page by page,
/// `title` and the icons' `credit` at the foot of each front page.
pub fn lay_out_counters(
    (title, credit): (&str, &str),
    counters: &[Counter],
    family: &Family,
    book: &FontBook,
    options: &CounterOptions,
) -> Result<Doc, Vec<Diagnostic>> {
    let s = options.size;
    let b = options.bleed;
    // A counter's pitch: its trim and its bleed on both sides.
    let pitch = s + 2.0 * b;
    let paper = options.paper;
    let inner = CUT_RUN + 2.0;
    let columns = ((paper.width - 2.0 * (options.margin + inner)) / pitch).floor() as usize;
    let rows = ((paper.height - 2.0 * (options.margin + inner)) / pitch).floor() as usize;
    if columns == 0 || rows == 0 {
        return Err(vec![crate::error!(
            "counter-overflow",
            counters.first().map(|c| c.loc),
            "a {s:.0} pt counter does not fit on a {:.0} x {:.0} pt page",
            paper.width,
            paper.height
        )]);
    }
    let grid = CardGrid {
        columns,
        rows,
        left: (paper.width - columns as f32 * pitch) / 2.0 + b,
        top: (paper.height - rows as f32 * pitch) / 2.0 + b,
        pitch_x: pitch,
        pitch_y: pitch,
        card_width: s,
        card_height: s,
    };
    let at = |c: usize, r: usize| (grid.left + c as f32 * pitch, grid.top + r as f32 * pitch);
    // The side's colour under the gutter round a counter (none when butted).
    let bleed_under = |counter: &Counter, x: f32, y: f32| {
        (b > 0.0).then(|| {
            Geometry::Path(rect_path(x - b, y - b, pitch, pitch)).filled(Ink::Rgb(counter.color))
        })
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
        lang: None,
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
            let (x, y) = at(c, r);
            front.items.extend(bleed_under(counter, x, y));
            let mut front_problem = None;
            match counter_front(counter, s, family, book) {
                Ok(items) => front.items.extend(items.iter().map(|i| i.translated(x, y))),
                Err(e) => front_problem = Some(e),
            }
            let (bx, by) = mirrored(&grid, paper, options.flip, x, y);
            back.items.extend(bleed_under(counter, bx, by));
            match counter_back(counter, s, family, book) {
                Ok(items) => back
                    .items
                    .extend(items.iter().map(|i| i.translated(bx, by))),
                Err(e) => {
                    // A text too long for both faces is told once, at the
                    // back's smaller box: the size that fits both.
                    front_problem = front_problem.filter(|f| f.id != e.id || f.loc != e.loc);
                    problems.push(e);
                }
            }
            problems.extend(front_problem);
        }
        let used: Vec<(f32, f32)> = page_slots.iter().map(|&(c, r, _)| at(c, r)).collect();
        front.items.extend(cut_lines(&used, s, b));
        front
            .items
            .extend(footer(&format!("{title}. {credit}"), family, book, options));
        let mirrored_used: Vec<(f32, f32)> = used
            .iter()
            .map(|&(x, y)| mirrored(&grid, paper, options.flip, x, y))
            .collect();
        back.items.extend(cut_lines(&mirrored_used, s, b));
        let (dx, dy) = options.back_offset;
        if dx != 0.0 || dy != 0.0 {
            back.items = back.items.iter().map(|i| i.translated(dx, dy)).collect();
        }
        doc.pages.push(front);
        doc.pages.push(back);
    }
    if problems.is_empty() {
        Ok(doc)
    } else {
        Err(problems)
    }
}

/// The sheet's title and the icons' credit (`text`), at the foot of a
/// front page.
fn footer(text: &str, family: &Family, book: &FontBook, options: &CounterOptions) -> Vec<Item> {
    let width = options.paper.width - 2.0 * options.margin;
    let req = FitRequest {
        text,
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
            fit_items(fit, options.margin, top, book)
        }
        // A credit line that does not fit is left off rather than failing the sheet.
        _ => Vec::new(),
    }
}

/// At every distinct cut position, a line running out past the block into
/// the margin (so the cuts can be found once the frames are cut away), and a
/// frame round each counter when they are butted (with a bleed, the cuts
/// run through colour and are found from the marks alone).
fn cut_lines(slots: &[(f32, f32)], s: f32, bleed: f32) -> Vec<Item> {
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
    let mark = |x1: f32, y1: f32, x2: f32, y2: f32| {
        Geometry::line(x1, y1, x2, y2).stroked(Stroke::solid(0.3))
    };
    // The marks start clear of the bleed.
    let (near, far) = (bleed + 2.0, bleed + CUT_RUN);
    for x in xs.iter().map(|&x| x as f32 / 100.0) {
        items.push(mark(x, y0 - far, x, y0 - near));
        items.push(mark(x, y1 + near, x, y1 + far));
    }
    for y in ys.iter().map(|&y| y as f32 / 100.0) {
        items.push(mark(x0 - far, y, x0 - near, y));
        items.push(mark(x1 + near, y, x1 + far, y));
    }
    if bleed > 0.0 {
        return items;
    }
    for &(x, y) in slots {
        items.push(Geometry::rect(x, y, s, s, 0.0).stroked(Stroke::solid(0.3)));
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
        Ok(fit) => Ok(fit_items(fit, x, y, book)),
        Err(FitError::Overflow { .. }) => Err(crate::error!(
            "counter-overflow", Some(counter.loc),
            "\"{text}\" does not fit its {w:.0} x {h:.0} pt box on the {} counter", counter.name;
            hint: "use a bigger counter (counter_size under [publish.options] or --size: 3/4, 1 or a length such as \"30mm\") or a shorter name"
        )),
        Err(FitError::MissingGlyphs(chars)) => Err(crate::error!(
            "missing-glyph",
            Some(counter.loc),
            "the {} counter uses characters the font lacks: {chars:?}",
            counter.name
        )),
    }
}

/// How a face of a counter is drawn: the icon's square and top, the name's
/// box (x, y, w, h) and type size, all as fractions of the counter's side.
struct FaceStyle {
    icon: f32,
    icon_top: f32,
    name: (f32, f32, f32, f32),
    name_size: f32,
    /// The name's box on a counter with no icon, symbol or picture: the
    /// band between the corner boxes, across the counter, where a long
    /// name takes two lines.
    bare_name: (f32, f32, f32, f32),
    /// The side's name under the unit's (the back).
    side: bool,
}

/// The front: the unit's icon large, its name, a stat in each corner.
const FRONT: FaceStyle = FaceStyle {
    icon: 0.44,
    icon_top: 0.1,
    name: (0.2, 0.58, 0.6, 0.16),
    name_size: 0.13,
    bare_name: (0.06, 0.3, 0.88, 0.4),
    side: false,
};

/// The back, a second face: the same corners, a smaller icon, the unit's
/// name and its side's name.
const BACK: FaceStyle = FaceStyle {
    icon: 0.3,
    icon_top: 0.12,
    name: (0.22, 0.44, 0.56, 0.15),
    name_size: 0.12,
    bare_name: (0.06, 0.3, 0.88, 0.27),
    side: true,
};

/// Both faces of one counter, `s` points square, each with its top-left
/// at (0, 0): the front, and the back as it reads once turned over (not
/// mirrored). For a counter's pictures (a VASSAL piece's two layers).
pub fn counter_faces(
    counter: &Counter,
    s: f32,
    family: &Family,
    book: &FontBook,
) -> Result<(Vec<Item>, Vec<Item>), Diagnostic> {
    Ok((
        counter_front(counter, s, family, book)?,
        counter_back(counter, s, family, book)?,
    ))
}

/// The front of a counter, `s` points square, top-left at (0, 0).
fn counter_front(
    counter: &Counter,
    s: f32,
    family: &Family,
    book: &FontBook,
) -> Result<Vec<Item>, Diagnostic> {
    counter_face(counter, s, &FRONT, family, book)
}

/// The back: the side's colour, the unit's icon and name, its side, and the
/// same stats in the same corners.
fn counter_back(
    counter: &Counter,
    s: f32,
    family: &Family,
    book: &FontBook,
) -> Result<Vec<Item>, Diagnostic> {
    counter_face(counter, s, &BACK, family, book)
}

fn counter_face(
    counter: &Counter,
    s: f32,
    style: &FaceStyle,
    family: &Family,
    book: &FontBook,
) -> Result<Vec<Item>, Diagnostic> {
    let mut items = vec![Geometry::Path(rect_path(0.0, 0.0, s, s)).filled(Ink::Rgb(counter.color))];
    if let Some(back) = &counter.marker {
        let word = if style.side { back } else { &counter.name };
        items.extend(text_in(
            counter,
            word,
            (s * 0.08, s * 0.25, s * 0.84, s * 0.5),
            s * 0.18,
            Style::Bold,
            Align::Center,
            family,
            book,
        )?);
        return Ok(items);
    }
    if let Some(strip) = &counter.strip {
        let factors = if style.side {
            &strip.back
        } else {
            &strip.front
        };
        items.extend(strip_face(counter, strip, factors, s, family, book)?);
        return Ok(items);
    }
    let icon = s * style.icon;
    // Over the side's colour, under the stats and the name.
    if let Some(picture) = &counter.picture {
        let square = [(s - icon) / 2.0, s * style.icon_top, icon, icon];
        items.push(Item::Image(ImageItem {
            image: picture.image.clone(),
            rect: fit_box(square, picture.image.aspect(), picture.fit, picture.anchor),
            clip: square,
            radius: (picture.radius * style.icon / FRONT.icon).min(icon / 2.0),
        }));
    }
    let pad = s * 0.05;
    let box_side = s * 0.24;
    let far = s - pad - box_side;
    let at = [
        (pad, pad, Align::Left),
        (far, pad, Align::Right),
        (pad, far, Align::Left),
        (far, far, Align::Right),
    ];
    for (c, &(x, y, align)) in counter.corners.iter().zip(&at) {
        items.extend(corner(counter, c, (x, y, box_side), align, family, book)?);
    }
    if counter.picture.is_some() {
        // Drawn above, under the corners.
    } else if let Some(symbol) = &counter.symbol {
        items.extend(symbol_in(symbol, s, style));
    } else if let Some(i) = &counter.icon {
        items.push(
            Geometry::Path(i.placed((s - icon) / 2.0, s * style.icon_top, icon)).filled(Ink::BLACK),
        );
    }
    let bare = counter.picture.is_none() && counter.symbol.is_none() && counter.icon.is_none();
    let (nx, ny, nw, nh) = if bare { style.bare_name } else { style.name };
    items.extend(text_in(
        counter,
        &counter.name,
        (s * nx, s * ny, s * nw, s * nh),
        s * style.name_size,
        Style::Bold,
        Align::Center,
        family,
        book,
    )?);
    if style.side {
        items.extend(text_in(
            counter,
            &counter.side,
            (s * 0.22, s * (ny + nh), s * 0.56, s * 0.13),
            s * 0.1,
            Style::Italic,
            Align::Center,
            family,
            book,
        )?);
    }
    Ok(items)
}

/// A unit symbol in the icon's place: as wide as fits between the corner
/// boxes, narrower when its echelon mark and staff need the height, with
/// all of it between the counter's top edge and the name.
fn symbol_in(symbol: &UnitSymbol, s: f32, style: &FaceStyle) -> Vec<Item> {
    let (top, bottom) = (s * 0.06, s * (style.name.1 - 0.02));
    let widest = s * 0.42 * style.icon / FRONT.icon;
    symbol_between(symbol, s, top, bottom, widest)
}

/// A unit symbol centred across the counter and between `top` and
/// `bottom`, at most `widest` wide.
fn symbol_between(symbol: &UnitSymbol, s: f32, top: f32, bottom: f32, widest: f32) -> Vec<Item> {
    let (above, below) = super::nato::symbol_extent(symbol, 1.0);
    let width = widest.min((bottom - top) / (above + below));
    let (above, below) = super::nato::symbol_extent(symbol, width);
    // Centred in the room left, as the icon is.
    let cy = top + above + ((bottom - top) - (above + below)) / 2.0;
    super::nato::unit_symbol(symbol, s / 2.0, cy, width)
}

/// Where the strip layout puts things, as fractions of the counter's side.
mod strip_at {
    /// The formation's colour band: the top of the counter.
    pub const BAND: f32 = 0.22;
    /// The top row: the designation (left) and the set-up code (right).
    pub const ROW: (f32, f32) = (0.035, 0.15);
    /// The room of the symbol or icon, under the band.
    pub const MIDDLE_TOP: f32 = 0.245;
    /// The formation's line under the symbol.
    pub const FORMATION: (f32, f32) = (0.56, 0.12);
    /// The factor strip at the foot.
    pub const STRIP: (f32, f32) = (0.69, 0.27);
    /// The left and right margins of the texts.
    pub const EDGE: f32 = 0.06;
}

/// A face of the strip layout over the side's colour: the formation's
/// band and the designation and set-up code on it, the picture, symbol or
/// icon, the formation's name, and `factors` at the foot.
fn strip_face(
    counter: &Counter,
    strip: &Strip,
    factors: &[Factor],
    s: f32,
    family: &Family,
    book: &FontBook,
) -> Result<Vec<Item>, Diagnostic> {
    use strip_at::*;
    let mut items = Vec::new();
    let mut top_ink = None;
    if let Some(band) = strip.band {
        items.push(Geometry::Path(rect_path(0.0, 0.0, s, s * BAND)).filled(Ink::Rgb(band)));
        top_ink = Some(readable_on(band));
    }
    let (left, right) = (s * EDGE, s * (1.0 - EDGE));
    let (row_y, row_h) = (s * ROW.0, s * ROW.1);
    let setup_w = if strip.setup.is_some() { s * 0.3 } else { 0.0 };
    let mut top = text_at(
        counter,
        &strip.designation,
        (left, row_y, right - left - setup_w, row_h),
        (s * 0.125, Style::Bold, Align::Left),
        family,
        book,
    )?;
    if let Some(setup) = &strip.setup {
        top.extend(text_at(
            counter,
            setup,
            (right - setup_w, row_y, setup_w, row_h),
            (s * 0.095, Style::Regular, Align::Right),
            family,
            book,
        )?);
    }
    items.extend(inked(top, top_ink));
    let (fy, fh) = (s * FORMATION.0, s * FORMATION.1);
    let middle = (
        s * MIDDLE_TOP,
        if strip.formation.is_some() {
            fy
        } else {
            s * STRIP.0
        } - s * 0.01,
    );
    let side = (middle.1 - middle.0).min(s * 0.44);
    let square = [
        (s - side) / 2.0,
        middle.0 + (middle.1 - middle.0 - side) / 2.0,
        side,
        side,
    ];
    if let Some(picture) = &counter.picture {
        items.push(Item::Image(ImageItem {
            image: picture.image.clone(),
            rect: fit_box(square, picture.image.aspect(), picture.fit, picture.anchor),
            clip: square,
            radius: (picture.radius * side / (s * FRONT.icon)).min(side / 2.0),
        }));
    } else if let Some(symbol) = &counter.symbol {
        items.extend(symbol_between(symbol, s, middle.0, middle.1, s * 0.46));
    } else if let Some(i) = &counter.icon {
        items.push(Geometry::Path(i.placed(square[0], square[1], side)).filled(Ink::BLACK));
    }
    if let Some(formation) = &strip.formation {
        items.extend(text_at(
            counter,
            formation,
            (left, fy, right - left, fh),
            (s * 0.1, Style::Regular, Align::Center),
            family,
            book,
        )?);
    }
    let (sy, sh) = (s * STRIP.0, s * STRIP.1);
    items.extend(factor_strip(
        counter,
        factors,
        &strip.separator,
        (s * 0.04, sy, s * 0.92, sh),
        s * 0.22,
        family,
        book,
    )?);
    Ok(items)
}

/// Black or white, whichever reads better on `rgb`.
fn readable_on(rgb: [f32; 3]) -> [f32; 3] {
    use crate::model::contrast;
    if contrast([1.0; 3], rgb) > contrast([0.0; 3], rgb) {
        [1.0; 3]
    } else {
        [0.0; 3]
    }
}

/// Text items in `ink` (none: as they are, black).
fn inked(items: Vec<Item>, ink: Option<[f32; 3]>) -> Vec<Item> {
    let Some(ink) = ink else {
        return items;
    };
    items
        .into_iter()
        .map(|mut i| {
            if let Item::Text(t) = &mut i {
                t.ink = Some(Ink::Rgb(ink));
            }
            i
        })
        .collect()
}

/// A text of the strip layout fitted into its box (shrinking to 0.7 of its
/// size); one that does not fit is an error at its value.
fn text_at(
    counter: &Counter,
    text: &CounterText,
    (x, y, w, h): (f32, f32, f32, f32),
    (size, style, align): (f32, Style, Align),
    family: &Family,
    book: &FontBook,
) -> Result<Vec<Item>, Diagnostic> {
    let literal = crate::text::rich::literal(&text.text);
    let req = FitRequest {
        text: &literal,
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
    fitted_at(counter, &text.text, &text.loc, &req, (x, y), book).map(|(items, _)| items)
}

/// `req` fitted with its box's top-left at `(x, y)`: the items and the
/// first line's baseline; an error at `loc` when it does not fit.
fn fitted_at(
    counter: &Counter,
    shown: &str,
    loc: &Loc,
    req: &FitRequest<'_>,
    (x, y): (f32, f32),
    book: &FontBook,
) -> Result<(Vec<Item>, f32), Diagnostic> {
    match fit_text(req, book) {
        Ok(fit) => {
            let baseline = y + fit.lines.first().map_or(0.0, |l| l.baseline);
            Ok((fit_items(fit, x, y, book), baseline))
        }
        Err(FitError::Overflow { .. }) => Err(crate::error!(
            "counter-overflow", Some(*loc),
            "\"{shown}\" does not fit its {:.0} x {:.0} pt box on the {} counter",
            req.width, req.height, counter.name;
            hint: "use a bigger counter (counter_size under [publish.options] or --size: 3/4, 1 or a length such as \"30mm\") or a shorter value"
        )),
        Err(FitError::MissingGlyphs(chars)) => Err(crate::error!(
            "missing-glyph",
            Some(*loc),
            "the {} counter uses characters the font lacks: {chars:?}",
            counter.name
        )),
    }
}

/// The factors joined by `separator`, centred in the `(x, y, w, h)` box at
/// `size` (down to 0.7 of it when they are wide), a boxed factor in a
/// frame. Factors that do not fit even then are an error at the widest.
fn factor_strip(
    counter: &Counter,
    factors: &[Factor],
    separator: &str,
    (x, y, w, h): (f32, f32, f32, f32),
    size: f32,
    family: &Family,
    book: &FontBook,
) -> Result<Vec<Item>, Diagnostic> {
    /// A boxed factor's room each side of its text, in ems.
    const PAD: f32 = 0.2;
    let face = book.face(family.face(Style::Bold));
    let mut pieces: Vec<(String, Option<&Factor>)> = Vec::new();
    for (k, factor) in factors.iter().enumerate() {
        if k > 0 && !separator.is_empty() {
            pieces.push((separator.to_string(), None));
        }
        pieces.push((factor.printed(), Some(factor)));
    }
    let boxed = |f: Option<&Factor>| f.is_some_and(|f| f.mark == FactorMark::Boxed);
    let width = |text: &str, f: Option<&Factor>, size: f32| {
        face.width(text, size) + if boxed(f) { 2.0 * PAD * size } else { 0.0 }
    };
    let natural: f32 = pieces.iter().map(|(t, f)| width(t, *f, size)).sum();
    let fitted = if natural <= w {
        size
    } else {
        size * w / natural
    };
    let widest = || {
        factors
            .iter()
            .max_by(|a, b| {
                let (wa, wb) = (face.width(&a.printed(), 1.0), face.width(&b.printed(), 1.0));
                wa.total_cmp(&wb)
            })
            .map_or_else(|| counter.loc, |f| f.loc)
    };
    if fitted < size * 0.7 {
        let strip: String = pieces.iter().map(|(t, _)| t.as_str()).collect();
        return Err(crate::error!(
            "counter-overflow", Some(widest()),
            "the factors \"{strip}\" do not fit across the {} counter ({:.0} pt wide at the smallest type, {w:.0} pt of room)",
            counter.name, natural * 0.7;
            hint: "use a bigger counter (counter_size under [publish.options] or --size: 3/4, 1 or a length such as \"30mm\"), a shorter separator or fewer factors"
        ));
    }
    let total = natural * fitted / size;
    let mut px = x + (w - total) / 2.0;
    let mut items = Vec::new();
    for (text, factor) in &pieces {
        let pw = width(text, *factor, fitted);
        let literal = crate::text::rich::literal(text);
        let req = FitRequest {
            text: &literal,
            family,
            style: Style::Bold,
            width: pw + 2.0,
            height: h,
            size: fitted,
            min_size: fitted,
            leading: 1.0,
            align: Align::Center,
            valign: VAlign::Middle,
        };
        let loc = factor.map_or_else(|| counter.loc, |f| f.loc);
        let (drawn, baseline) = fitted_at(counter, text, &loc, &req, (px - 1.0, y), book)?;
        items.extend(drawn);
        if boxed(*factor) {
            let inset = 0.04 * fitted;
            items.push(
                Geometry::rect(
                    px + inset,
                    baseline - 0.86 * fitted,
                    pw - 2.0 * inset,
                    1.04 * fitted,
                    0.0,
                )
                .stroked(Stroke::solid((0.07 * fitted).max(0.5))),
            );
        }
        px += pw;
    }
    Ok(items)
}

/// One corner in its `(x, y, side)` box: a stat as bold text, or a die as a
/// square in its colour with its mark on it in black or white, whichever reads.
fn corner(
    counter: &Counter,
    shows: &Corner,
    (x, y, side): (f32, f32, f32),
    align: Align,
    family: &Family,
    book: &FontBook,
) -> Result<Vec<Item>, Diagnostic> {
    let (rgb, mark) = match shows {
        Corner::Text(t) => {
            return text_in(
                counter,
                t,
                (x, y, side, side),
                side * (0.22 / 0.24),
                Style::Bold,
                align,
                family,
                book,
            );
        }
        Corner::Swatch { rgb, mark } => (*rgb, mark),
    };
    let d = side * 0.85;
    let (dx, dy) = (x + (side - d) / 2.0, y + (side - d) / 2.0);
    let mut items = vec![
        Geometry::Path(rounded_square(dx, dy, d, d * 0.2)).filled(Ink::Rgb(rgb)),
        Geometry::rect(dx, dy, d, d, d * 0.2).stroked(Stroke::solid(0.4)),
    ];
    let ink = if luminance(rgb) < 0.5 {
        [1.0, 1.0, 1.0]
    } else {
        [0.0, 0.0, 0.0]
    };
    let letters = text_in(
        counter,
        mark,
        (dx, dy, d, d),
        d * 0.62,
        Style::Bold,
        Align::Center,
        family,
        book,
    )?;
    items.extend(letters.into_iter().map(|mut i| {
        if let Item::Text(t) = &mut i {
            t.ink = Some(Ink::Rgb(ink));
        }
        i
    }));
    Ok(items)
}

/// A square with rounded corners as a path (y down), to fill inside its outline.
fn rounded_square(x: f32, y: f32, d: f32, r: f32) -> Vec<PathEl> {
    let k = r * 0.552_284_8;
    let (x1, y1) = (x + d, y + d);
    vec![
        PathEl::MoveTo(x + r, y),
        PathEl::LineTo(x1 - r, y),
        PathEl::CurveTo(x1 - r + k, y, x1, y + r - k, x1, y + r),
        PathEl::LineTo(x1, y1 - r),
        PathEl::CurveTo(x1, y1 - r + k, x1 - r + k, y1, x1 - r, y1),
        PathEl::LineTo(x + r, y1),
        PathEl::CurveTo(x + r - k, y1, x, y1 - r + k, x, y1 - r),
        PathEl::LineTo(x, y + r),
        PathEl::CurveTo(x, y + r - k, x + r - k, y, x + r, y),
        PathEl::Close,
    ]
}

/// How light a colour looks (Rec. 709 weights), 0 black to 1 white.
fn luminance([r, g, b]: [f32; 3]) -> f32 {
    0.2126 * r + 0.7152 * g + 0.0722 * b
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::doc::Shape;
    use crate::model::nato::{Affiliation, Echelon, Function};

    /// The extreme points (end and corner points) a symbol's shapes reach.
    fn reach(items: &[Item]) -> (f32, f32, f32, f32) {
        let mut b = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        let mut see = |x: f32, y: f32| {
            b = (b.0.min(x), b.1.min(y), b.2.max(x), b.3.max(y));
        };
        for item in items {
            if let Item::Shape(Shape { geometry, .. }) = item {
                match geometry {
                    Geometry::Line { x1, y1, x2, y2 } => {
                        see(*x1, *y1);
                        see(*x2, *y2);
                    }
                    Geometry::Path(els) => {
                        for el in els {
                            match *el {
                                PathEl::MoveTo(x, y)
                                | PathEl::LineTo(x, y)
                                | PathEl::CurveTo(_, _, _, _, x, y) => see(x, y),
                                PathEl::Close => {}
                            }
                        }
                    }
                    Geometry::Rect { x, y, w, h, .. } => {
                        see(*x, *y);
                        see(x + w, y + h);
                    }
                }
            }
        }
        b
    }

    /// On both faces and at every counter size, a unit symbol (the largest:
    /// a headquarters with the tallest frame and an echelon mark) stays
    /// between the corner boxes, below the top edge and above the name.
    #[test]
    fn a_unit_symbol_keeps_clear_of_the_corners_and_the_name() {
        for affiliation in [
            Affiliation::Friend,
            Affiliation::Hostile,
            Affiliation::Unknown,
        ] {
            let symbol = UnitSymbol {
                affiliation,
                functions: vec![Function::Infantry, Function::Headquarters],
                echelon: Some(Echelon::Division),
            };
            for s in [45.0f32, 54.0, 72.0] {
                for style in [&FRONT, &BACK] {
                    let (left, top, right, bottom) = reach(&symbol_in(&symbol, s, style));
                    let corners = s * (0.05 + 0.24);
                    assert!(
                        left >= corners - 0.01 && right <= s - corners + 0.01,
                        "{s} {left} {right}"
                    );
                    assert!(
                        top >= 0.0 && bottom <= s * style.name.1,
                        "{s} {top} {bottom}"
                    );
                    assert!(
                        right - left > s * 0.2,
                        "{s}: the symbol is too small to read"
                    );
                }
            }
        }
    }

    fn at(n: usize) -> Loc {
        Loc::new(0, n..n + 1)
    }

    #[test]
    fn factors_read_the_boxed_and_parenthesised_conventions() {
        let f = Factor::parse("[4]", at(0));
        assert_eq!((f.text.as_str(), &f.mark), ("4", &FactorMark::Boxed));
        assert_eq!(f.printed(), "4");
        let f = Factor::parse(" (2) ", at(0));
        assert_eq!(
            (f.text.as_str(), &f.mark),
            ("2", &FactorMark::Parenthesised)
        );
        assert_eq!(f.printed(), "(2)");
        for plain in ["7", "[]", "()", "[4", "4]", "2*"] {
            let f = Factor::parse(plain, at(0));
            assert_eq!((f.text.as_str(), &f.mark), (plain, &FactorMark::Plain));
        }
    }

    fn strip_counter(front: &[&str]) -> Counter {
        let factors: Vec<Factor> = front
            .iter()
            .enumerate()
            .map(|(k, v)| Factor::parse(v, at(10 * (k + 1))))
            .collect();
        Counter {
            name: "Panzer".into(),
            icon: None,
            picture: None,
            symbol: None,
            marker: None,
            corners: std::array::from_fn(|_| Corner::Text(String::new())),
            strip: Some(Strip {
                front: factors.clone(),
                back: factors,
                separator: "-".into(),
                designation: CounterText {
                    text: "2/116".into(),
                    loc: at(1),
                },
                formation: None,
                band: Some([0.5, 0.1, 0.1]),
                setup: None,
            }),
            stats: Vec::new(),
            color: [0.9, 0.9, 0.9],
            side: "Germans".into(),
            new_row: true,
            key: CounterKey::Unit { side: 0, entry: 0 },
            loc: at(2),
        }
    }

    /// The strip is centred across the counter at its foot, inside it; a
    /// strip too wide even at 0.7 of its type is an error at the widest
    /// factor's value, never clipped.
    #[test]
    fn the_strip_is_centred_at_the_foot_or_an_error_at_its_widest_factor() {
        let book = crate::load::project_fonts();
        let family = book.families.first().expect("a family").clone();
        for s in [45.0f32, 54.0, 72.0] {
            let counter = strip_counter(&["[12]", "10", "8"]);
            let items = counter_front(&counter, s, &family, &book).expect("fits");
            let strip: Vec<&crate::layout::TextItem> = items
                .iter()
                .filter_map(|i| match i {
                    Item::Text(t) if t.y > s * strip_at::STRIP.0 => Some(t),
                    _ => None,
                })
                .collect();
            let text: String = strip.iter().map(|t| t.text.as_ref()).collect();
            assert_eq!(text, "12-10-8");
            let left = strip.iter().map(|t| t.x).fold(f32::MAX, f32::min);
            let right = strip.iter().map(|t| t.x + t.width).fold(f32::MIN, f32::max);
            assert!(left > 0.0 && right < s, "{s}: {left}..{right}");
            let centre = (left + right) / 2.0;
            assert!(
                (centre - s / 2.0).abs() < s * 0.06,
                "{s}: centred at {centre}"
            );
            // The designation over the band, in white (the band is dark).
            let white = items.iter().any(|i| {
                matches!(i, Item::Text(t) if t.text.as_ref() == "2/116"
                    && t.ink == Some(Ink::Rgb([1.0; 3])))
            });
            assert!(white, "{s}: the designation reads on the band");
        }
        let wide = strip_counter(&["12", "1234567890", "8"]);
        let err = counter_front(&wide, 45.0, &family, &book).expect_err("too wide");
        assert_eq!(err.id, "counter-overflow");
        assert_eq!(err.loc, Some(at(20)), "at the widest factor");
    }

    /// A counter with no icon, symbol or picture sets its name in the band
    /// between its corner boxes, two lines where one is too narrow: a
    /// three-word name fits a 5/8 in counter, inside the counter and clear
    /// of the corners' boxes, on both faces.
    #[test]
    fn a_counter_without_an_icon_sets_a_long_name_between_its_corners() {
        let book = crate::load::project_fonts();
        let family = book.families.first().expect("a family").clone();
        let mut counter = strip_counter(&[]);
        counter.strip = None;
        counter.name = "Armée de Silésie".into();
        counter.corners = std::array::from_fn(|_| Corner::Text("5".into()));
        for s in [45.0f32, 72.0] {
            for face in [
                counter_front(&counter, s, &family, &book),
                counter_back(&counter, s, &family, &book),
            ] {
                let items = face.expect("the name fits");
                let name: Vec<&crate::layout::TextItem> = items
                    .iter()
                    .filter_map(|i| match i {
                        Item::Text(t) if t.text.as_ref() != "5" && t.text.as_ref() != "Germans" => {
                            Some(t)
                        }
                        _ => None,
                    })
                    .collect();
                let words: Vec<&str> = name.iter().map(|t| t.text.as_ref().trim()).collect();
                assert_eq!(words.concat().replace(' ', ""), "ArméedeSilésie", "{s}");
                let lines: std::collections::BTreeSet<i32> =
                    name.iter().map(|t| t.y.round() as i32).collect();
                assert_eq!(lines.len(), 2, "{s}: two lines");
                let corners = s * (0.05 + 0.24);
                for t in &name {
                    assert!(t.x >= 0.0 && t.x + t.width <= s, "{s}: inside");
                    let top = t.y - t.size;
                    assert!(top >= corners - 1.0, "{s}: below the top corners ({top})");
                    assert!(
                        t.y <= s - corners + 1.0,
                        "{s}: above the foot corners ({})",
                        t.y
                    );
                }
            }
        }
    }

    #[test]
    fn marks_are_dark_on_light_dice_and_light_on_dark() {
        assert!(luminance([0.95, 0.77, 0.0]) > 0.5, "yellow");
        assert!(luminance([0.6, 0.6, 0.6]) > 0.5, "grey");
        for dark in [[0.1, 0.1, 0.1], [0.82, 0.19, 0.17], [0.18, 0.44, 0.82]] {
            assert!(luminance(dark) < 0.5, "{dark:?}");
        }
    }
}
