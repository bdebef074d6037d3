//! Layout: a scenario's set-up cards — one card per side, its order of
//! battle: a band in the side's colour naming the scenario and the side,
//! then its units grouped by formation, each counter drawn at its printed
//! size (the very faces `counters.pdf` prints) with where it sets up (a
//! hex, a holding box, "Available", or the turn and place it arrives)
//! under it. Rows that do not fit a page continue on the next; nothing is
//! left off: a counter or a place that cannot be drawn is an error. Input:
//! counters resolved by publish and their places; output: a [`Doc`].

use super::counters::{Counter, counter_faces};
use super::doc::{Doc, Geometry, Ink, Item, Page, Stroke, fit_items, rect_path};
use crate::diag::{Diagnostic, Loc};
use crate::model::{Align, Paper, Style, VAlign};
use crate::text::{Family, FitError, FitRequest, FontBook, fit_text};

/// One counter of an order of battle and where it goes.
#[derive(Clone, Debug)]
pub struct OobEntry<'a> {
    pub counter: &'a Counter,
    /// "0305", "Reserve", "Available", "T3 North edge".
    pub place: String,
    /// Where the placement is written, for diagnostics.
    pub loc: Loc,
}

/// The units of one formation (or of a side, with none).
#[derive(Clone, Debug)]
pub struct OobGroup<'a> {
    pub title: String,
    pub entries: Vec<OobEntry<'a>>,
}

/// One side's set-up card.
#[derive(Clone, Debug)]
pub struct SetupCard<'a> {
    pub side: String,
    pub color: [f32; 3],
    pub groups: Vec<OobGroup<'a>>,
}

/// The paper, margin and counter size of a scenario's sheets.
#[derive(Clone, Copy, Debug)]
pub struct SheetOptions {
    pub paper: Paper,
    pub margin: f32,
    /// The side of a counter, in points: its printed size.
    pub counter: f32,
}

/// The head of a sheet: the scenario's name and what the sheet is, and a
/// line of facts under it (turns, who moves first, stacking).
#[derive(Clone, Debug)]
pub struct SheetHead {
    pub scenario: String,
    pub facts: String,
    /// Where the scenario is written, for diagnostics.
    pub loc: Loc,
    /// The game's words ("Set-up", "(continued)").
    pub words: crate::text::Words,
}

const GAP: f32 = 8.0;
const PLACE_SIZE: f32 = 8.5;
const PLACE_HEIGHT: f32 = 12.0;
const GROUP_HEAD: f32 = 20.0;
const BAND: f32 = 40.0;

/// Every side's card, each from a new page.
pub fn lay_out_setup_cards(
    head: &SheetHead,
    cards: &[SetupCard<'_>],
    family: &Family,
    book: &FontBook,
    options: &SheetOptions,
) -> Result<Doc, Vec<Diagnostic>> {
    let mut doc = Doc {
        title: format!("{} — {}", head.scenario, head.words.set_up),
        lang: None,
        pages: Vec::new(),
    };
    let mut problems = Vec::new();
    for card in cards {
        if let Err(mut p) = lay_out_card(&mut doc, head, card, family, book, options) {
            problems.append(&mut p);
        }
    }
    if problems.is_empty() {
        Ok(doc)
    } else {
        Err(problems)
    }
}

fn lay_out_card(
    doc: &mut Doc,
    head: &SheetHead,
    card: &SetupCard<'_>,
    family: &Family,
    book: &FontBook,
    options: &SheetOptions,
) -> Result<(), Vec<Diagnostic>> {
    let (paper, m, s) = (options.paper, options.margin, options.counter);
    let width = paper.width - 2.0 * m;
    let cell = (s + 2.0 * GAP).max(64.0);
    let columns = (width / cell).floor() as usize;
    let row_height = s + PLACE_HEIGHT + GAP + 4.0;
    let title = format!("{} — {} {}", head.scenario, card.side, head.words.set_up);
    let first_top = m + BAND + GAP;
    if columns == 0 || first_top + GROUP_HEAD + row_height > paper.height - m {
        return Err(vec![crate::error!(
            "setup-overflow", Some(head.loc),
            "a {s:.0} pt counter does not fit a set-up card on a {:.0} x {:.0} pt page", paper.width, paper.height;
            hint: "print smaller counters (counter_size) or on larger paper"
        )]);
    }
    let mut problems = Vec::new();
    let mut page = new_page(paper);
    page.items.extend(
        band(&title, &head.facts, card.color, head, family, book, options).map_err(|d| vec![d])?,
    );
    let mut y = first_top;
    let bottom = paper.height - m;
    for group in &card.groups {
        let rows = group.entries.chunks(columns);
        let mut first_row = true;
        for row in rows {
            // A group's head keeps with its first row.
            let need = if first_row { GROUP_HEAD } else { 0.0 } + row_height;
            if y + need > bottom {
                doc.pages
                    .push(std::mem::replace(&mut page, new_page(paper)));
                let more = head.words.continued(&title);
                page.items.extend(
                    band(&more, &head.facts, card.color, head, family, book, options)
                        .map_err(|d| vec![d])?,
                );
                y = first_top;
                if !first_row {
                    page.items.extend(group_head(
                        &head.words.continued(&group.title),
                        y,
                        head,
                        family,
                        book,
                        options,
                    )?);
                    y += GROUP_HEAD;
                }
            }
            if first_row {
                page.items
                    .extend(group_head(&group.title, y, head, family, book, options)?);
                y += GROUP_HEAD;
                first_row = false;
            }
            for (i, entry) in row.iter().enumerate() {
                let x = m + i as f32 * cell;
                match drawn_entry(entry, x, y, cell, family, book, options) {
                    Ok(items) => page.items.extend(items),
                    Err(d) => problems.push(d),
                }
            }
            y += row_height;
        }
    }
    doc.pages.push(page);
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

fn new_page(paper: Paper) -> Page {
    Page {
        width: paper.width,
        height: paper.height,
        items: Vec::new(),
    }
}

/// One counter, centred in its cell, and its place under it.
fn drawn_entry(
    entry: &OobEntry<'_>,
    x: f32,
    y: f32,
    cell: f32,
    family: &Family,
    book: &FontBook,
    options: &SheetOptions,
) -> Result<Vec<Item>, Diagnostic> {
    let s = options.counter;
    let cx = x + (cell - s) / 2.0;
    let mut items = counter_at(entry.counter, cx, y, s, family, book)?;
    let place = text_box(
        &entry.place,
        (x + 2.0, y + s + 3.0, cell - 4.0, PLACE_HEIGHT),
        PLACE_SIZE,
        Style::Bold,
        Align::Center,
        family,
        book,
    )
    .map_err(|e| overflow(e, &entry.place, &entry.loc))?;
    items.extend(place);
    Ok(items)
}

/// A counter's front, `s` points square, its top-left at (x, y), edged.
pub(super) fn counter_at(
    counter: &Counter,
    x: f32,
    y: f32,
    s: f32,
    family: &Family,
    book: &FontBook,
) -> Result<Vec<Item>, Diagnostic> {
    let (front, _) = counter_faces(counter, s, family, book)?;
    let mut items: Vec<Item> = front.iter().map(|i| i.translated(x, y)).collect();
    items.push(Geometry::rect(x, y, s, s, 0.0).stroked(Stroke::solid(0.5)));
    Ok(items)
}

/// The sheet's band: the title in bold on the side's colour, the facts
/// under it in the band.
pub(super) fn band(
    title: &str,
    facts: &str,
    color: [f32; 3],
    head: &SheetHead,
    family: &Family,
    book: &FontBook,
    options: &SheetOptions,
) -> Result<Vec<Item>, Diagnostic> {
    let (paper, m) = (options.paper, options.margin);
    let width = paper.width - 2.0 * m;
    let mut items = vec![
        Geometry::Path(rect_path(m, m, width, BAND)).filled(Ink::Rgb(color)),
        Geometry::rect(m, m, width, BAND, 0.0).stroked(Stroke::solid(0.8)),
    ];
    items.extend(
        text_box(
            title,
            (m + 8.0, m + 3.0, width - 16.0, 22.0),
            15.0,
            Style::Bold,
            Align::Left,
            family,
            book,
        )
        .map_err(|e| overflow(e, title, &head.loc))?,
    );
    if !facts.is_empty() {
        items.extend(
            text_box(
                facts,
                (m + 8.0, m + 24.0, width - 16.0, 13.0),
                9.0,
                Style::Regular,
                Align::Left,
                family,
                book,
            )
            .map_err(|e| overflow(e, facts, &head.loc))?,
        );
    }
    Ok(items)
}

/// A group's title with a rule under it.
fn group_head(
    title: &str,
    y: f32,
    head: &SheetHead,
    family: &Family,
    book: &FontBook,
    options: &SheetOptions,
) -> Result<Vec<Item>, Vec<Diagnostic>> {
    let (paper, m) = (options.paper, options.margin);
    let width = paper.width - 2.0 * m;
    let mut items = text_box(
        title,
        (m, y, width, 14.0),
        10.5,
        Style::Bold,
        Align::Left,
        family,
        book,
    )
    .map_err(|e| vec![overflow(e, title, &head.loc)])?;
    items.push(Geometry::line(m, y + 15.5, m + width, y + 15.5).stroked(Stroke::solid(0.6)));
    Ok(items)
}

/// Text fitted into the box (x, y, w, h), shrinking to 70 % of `size`.
pub(super) fn text_box(
    text: &str,
    (x, y, w, h): (f32, f32, f32, f32),
    size: f32,
    style: Style,
    align: Align,
    family: &Family,
    book: &FontBook,
) -> Result<Vec<Item>, FitError> {
    let req = FitRequest {
        text,
        family,
        style,
        width: w,
        height: h,
        size,
        min_size: size * 0.7,
        leading: 1.1,
        align,
        valign: VAlign::Middle,
    };
    fit_text(&req, book).map(|fit| fit_items(fit, x, y, book))
}

/// Text that did not fit or that the font cannot set, at its place.
pub(super) fn overflow(e: FitError, text: &str, loc: &Loc) -> Diagnostic {
    match e {
        FitError::Overflow { .. } => crate::error!(
            "setup-overflow", Some(*loc),
            "\"{text}\" does not fit its place on the scenario's sheet";
            hint: "shorten it, or print larger counters (counter_size), which widens the sheet's cells"
        ),
        FitError::MissingGlyphs(chars) => crate::error!(
            "missing-glyph",
            Some(*loc),
            "\"{text}\" uses characters the font lacks: {chars:?}"
        ),
    }
}
