//! Layout: a scenario's turn record track — a box per turn, in rows across
//! the page turned landscape, each with the turn's number and label, the
//! markers that start there, the reinforcements that arrive that turn
//! drawn as their counters with where they enter under each, and the
//! withdrawals drawn struck through in red; then the victory conditions and special rules. Rows
//! that do not fit a page continue on the next; a box taller than a page,
//! or text that does not fit, is an error. Input: counters resolved by
//! publish; output: a [`Doc`].

use super::block::paragraph;
use super::counters::Counter;
use super::doc::{Doc, Geometry, Ink, Item, Page, Stroke, rect_path};
use super::setup_card::{SheetHead, SheetOptions, band, counter_at, overflow, text_box};
use crate::diag::{Diagnostic, Loc};
use crate::model::{Align, Paper, PathEl, Style};
use crate::text::{Family, FontBook};

/// One box of the track.
#[derive(Clone, Debug)]
pub struct TurnBox<'a> {
    pub number: i64,
    /// "6 Jul"; empty when the turns have no labels.
    pub label: String,
    /// Markers that start in the box.
    pub markers: Vec<&'a Counter>,
    /// Reinforcements: the counter, where it enters, where that is written.
    pub arrivals: Vec<(&'a Counter, String, Loc)>,
    /// Withdrawals: the counter, its caption ("Withdraw", "Out: North
    /// edge"), where that is written.
    pub leaving: Vec<(&'a Counter, String, Loc)>,
    /// "Germans withdraw 2 Pz": what the HTML page lists.
    pub notes: Vec<(String, Loc)>,
}

const GAP: f32 = 6.0;
const HEAD: f32 = 30.0;
const PLACE: f32 = 10.0;

/// The track, then the scenario's notes (heading, text; rich text, one
/// paragraph per line).
pub fn lay_out_turn_track(
    head: &SheetHead,
    boxes: &[TurnBox<'_>],
    notes: &[(String, String)],
    family: &Family,
    book: &FontBook,
    options: &SheetOptions,
) -> Result<Doc, Vec<Diagnostic>> {
    // A track runs across the page: landscape.
    let paper = Paper {
        width: options.paper.width.max(options.paper.height),
        height: options.paper.width.min(options.paper.height),
    };
    let options = &SheetOptions { paper, ..*options };
    let (m, s) = (options.margin, options.counter);
    let width = paper.width - 2.0 * m;
    let box_w = 2.0 * s + 3.0 * GAP;
    let per_row = (width / box_w).floor().max(1.0) as usize;
    // The boxes share the row's width.
    let box_w = (width / per_row as f32).max(box_w);
    let mut doc = Doc {
        title: format!("{} — {}", head.scenario, head.words.turn_record_track),
        lang: None,
        pages: Vec::new(),
    };
    let title = format!("{} — {}", head.scenario, head.words.turn_record_track);
    let top = m + 40.0 + 10.0;
    let bottom = paper.height - m;
    let mut page = new_page(paper);
    page.items.extend(
        band(
            &title,
            &head.facts,
            [0.88, 0.86, 0.80],
            head,
            family,
            book,
            options,
        )
        .map_err(|d| vec![d])?,
    );
    let mut y = top;
    let mut problems = Vec::new();
    for row in boxes.chunks(per_row) {
        let mut drawn = Vec::new();
        let mut height: f32 = HEAD + s + PLACE + 2.0 * GAP;
        for (i, b) in row.iter().enumerate() {
            let x = m + i as f32 * box_w;
            match turn_box(b, box_w, head, family, book, options) {
                Ok((items, h)) => {
                    height = height.max(h);
                    drawn.push((x, items));
                }
                Err(mut p) => problems.append(&mut p),
            }
        }
        if top + height > bottom {
            problems.push(crate::error!(
                "setup-overflow", Some(head.loc),
                "turn {} of the track holds more than a page", row[0].number;
                hint: "print smaller counters (counter_size) or on larger paper"
            ));
            continue;
        }
        if y + height > bottom {
            doc.pages
                .push(std::mem::replace(&mut page, new_page(paper)));
            page.items.extend(
                band(
                    &head.words.continued(&title),
                    &head.facts,
                    [0.88, 0.86, 0.80],
                    head,
                    family,
                    book,
                    options,
                )
                .map_err(|d| vec![d])?,
            );
            y = top;
        }
        for (x, items) in drawn {
            page.items
                .push(Geometry::rect(x, y, box_w, height, 0.0).stroked(Stroke::solid(1.0)));
            page.items.extend(items.iter().map(|i| i.translated(x, y)));
        }
        y += height;
    }
    // The notes under the track, on the next page when they do not fit.
    y += 14.0;
    for (heading, text) in notes {
        let mut block = Vec::new();
        let (items, h) = paragraph(heading, family, book, Style::Bold, 11.0, width, Align::Left)
            .map_err(|e| vec![overflow(e, heading, &head.loc)])?;
        block.push((items, h + 4.0));
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
            let line = match line.strip_prefix("- ").or_else(|| line.strip_prefix("* ")) {
                Some(item) => format!("• {item}"),
                None => line.to_string(),
            };
            let (items, h) =
                paragraph(&line, family, book, Style::Regular, 9.5, width, Align::Left)
                    .map_err(|e| vec![overflow(e, &line, &head.loc)])?;
            block.push((items, h + 3.0));
        }
        for (k, (items, h)) in block.into_iter().enumerate() {
            // A heading keeps with its first line.
            let need = if k == 0 { h + 24.0 } else { h };
            if y + need > bottom {
                doc.pages
                    .push(std::mem::replace(&mut page, new_page(paper)));
                y = m;
            }
            page.items.extend(items.iter().map(|i| i.translated(m, y)));
            y += h;
        }
        y += 8.0;
    }
    doc.pages.push(page);
    if problems.is_empty() {
        Ok(doc)
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

/// A box's contents relative to its top-left, and the height they need.
fn turn_box(
    b: &TurnBox<'_>,
    w: f32,
    head: &SheetHead,
    family: &Family,
    book: &FontBook,
    options: &SheetOptions,
) -> Result<(Vec<Item>, f32), Vec<Diagnostic>> {
    let s = options.counter;
    let mut items =
        vec![Geometry::Path(rect_path(0.0, 0.0, w, HEAD - 4.0)).filled(Ink::Gray(0.15))];
    let number = b.number.to_string();
    let mut head_text = text_box(
        &number,
        (4.0, 1.0, 30.0, HEAD - 6.0),
        18.0,
        Style::Bold,
        Align::Left,
        family,
        book,
    )
    .map_err(|e| vec![overflow(e, &number, &head.loc)])?;
    if !b.label.is_empty() {
        head_text.extend(
            text_box(
                &b.label,
                (34.0, 1.0, w - 38.0, HEAD - 6.0),
                10.0,
                Style::Bold,
                Align::Right,
                family,
                book,
            )
            .map_err(|e| vec![overflow(e, &b.label, &head.loc)])?,
        );
    }
    items.extend(head_text.into_iter().map(white));
    let mut problems = Vec::new();
    let per_row = ((w - GAP) / (s + GAP)).floor().max(1.0) as usize;
    let cell = (w - GAP) / per_row as f32;
    let mut y = HEAD + GAP;
    // (counter, caption, where it is written, whether it leaves).
    let drawn: Vec<(&Counter, &str, Option<&Loc>, bool)> = b
        .markers
        .iter()
        .map(|c| (*c, "", None, false))
        .chain(
            b.arrivals
                .iter()
                .map(|(c, p, l)| (*c, p.as_str(), Some(l), false)),
        )
        .chain(
            b.leaving
                .iter()
                .map(|(c, p, l)| (*c, p.as_str(), Some(l), true)),
        )
        .collect();
    for row in drawn.chunks(per_row) {
        for (i, (counter, place, loc, leaves)) in row.iter().enumerate() {
            let x = GAP / 2.0 + i as f32 * cell + (cell - s) / 2.0;
            match counter_at(counter, x, y, s, family, book) {
                Ok(c) => items.extend(c),
                Err(d) => problems.push(d),
            }
            if *leaves {
                // Struck through: it leaves the game this turn.
                items.push(Geometry::Path(strike(x, y, s)).filled(Ink::Rgb(LEAVES)));
            }
            if !place.is_empty() {
                let at = loc.cloned().unwrap_or(head.loc);
                match text_box(
                    place,
                    (x - (cell - s) / 2.0 + 1.0, y + s + 1.0, cell - 2.0, PLACE),
                    7.5,
                    Style::Bold,
                    Align::Center,
                    family,
                    book,
                ) {
                    Ok(t) if *leaves => {
                        items.extend(t.into_iter().map(|i| inked(i, Ink::Rgb(LEAVES))))
                    }
                    Ok(t) => items.extend(t),
                    Err(e) => problems.push(overflow(e, place, &at)),
                }
            }
        }
        y += s + PLACE + GAP;
    }
    if problems.is_empty() {
        Ok((items, y + GAP))
    } else {
        Err(problems)
    }
}

/// Text in white (on the box's dark head).
fn white(item: Item) -> Item {
    inked(item, Ink::Gray(1.0))
}

fn inked(mut item: Item, ink: Ink) -> Item {
    if let Item::Text(t) = &mut item {
        t.ink = Some(ink);
    }
    item
}

/// A red bar 2 pt wide from the counter's bottom-left corner to its
/// top-right, as a filled outline (strokes are black).
fn strike(x: f32, y: f32, s: f32) -> Vec<PathEl> {
    let n = 1.0 / std::f32::consts::SQRT_2;
    let (x0, y0, x1, y1) = (x + 3.0, y + s - 3.0, x + s - 3.0, y + 3.0);
    vec![
        PathEl::MoveTo(x0 - n, y0 - n),
        PathEl::LineTo(x1 - n, y1 - n),
        PathEl::LineTo(x1 + n, y1 + n),
        PathEl::LineTo(x0 + n, y0 + n),
        PathEl::Close,
    ]
}

/// The red a withdrawal is marked in.
const LEAVES: [f32; 3] = [0.75, 0.1, 0.1];
