//! Publish: the errata sheet (`out/<game>/errata.pdf`) from `diff`'s changes
//! since an earlier version, ready to print — each changed card drawn old
//! and new side by side (each laid out from its own version's data, as the
//! rulebook shows it), each changed counter's faces old and new, each
//! changed table row old and new, each changed rule with its number and its
//! page in the new rulebook, and every other change (a map cell, a set-up,
//! a chart's title) as text: nothing that changed is left off.

use std::path::{Path, PathBuf};

use super::Assets;
use super::change_marks::ChangeMarks;
use super::diff::{Change, Kind, What};
use super::rulebook::{DeckCards, deck_cards};
use crate::diag::Loc;
use crate::layout::{
    Band, Cell, Doc, Flow, Geometry, Item, Rulebook, Shape, Stroke, TableRow, TableSpec,
    TableStyle, lay_out_table, place_table,
};
use crate::load::OpError;
use crate::model::{Game, Paper};
use crate::text::rich::literal;
use crate::text::{Family, FontBook, Words};

const MARGIN: f32 = 42.0;
/// Space between two changes, and between a change's table and its pictures.
const GAP: f32 = 12.0;
/// Space between the old and the new picture.
const BETWEEN: f32 = 24.0;

/// The file name of the errata sheet.
pub const ERRATA_PDF: &str = "errata.pdf";

/// What the sheet is set with.
struct Setter<'a> {
    family: &'a Family,
    book: &'a FontBook,
    words: &'a Words,
}

impl Setter<'_> {
    /// Lays `spec` out across the flow and places it (a table too tall for
    /// a page is an operational failure: a rules passage longer than a page).
    fn table(&self, flow: &mut Flow, spec: &TableSpec) -> Result<(), OpError> {
        let style = TableStyle::default();
        let laid = lay_out_table(
            spec,
            flow.width(),
            (self.family, self.book),
            &style,
            self.words,
        )
        .map_err(|p| errata_failure(&p))?;
        place_table(flow, laid, 0.0).map_err(|p| errata_failure(&[p]))?;
        Ok(())
    }
}

fn errata_failure(problems: &[crate::diag::Diagnostic]) -> OpError {
    let first = problems
        .first()
        .map_or_else(String::new, |d| d.message.clone());
    OpError::new(format!("the errata sheet cannot be set: {first}"))
}

/// Writes the errata sheet of `game`'s changes `marks` into
/// `<out>/<game>/errata.pdf`; `book` (laid out with the change bars) gives
/// each changed rule's page. Returns its path and page count.
pub fn write(
    game: &Game,
    marks: &ChangeMarks,
    book: Option<&Rulebook>,
    assets: &Assets,
    out: &Path,
) -> Result<(PathBuf, usize), OpError> {
    let Some(family) = assets.text_family(game) else {
        return Err(OpError::new(
            "the errata sheet needs the game's text font, which the fonts lack",
        ));
    };
    let setter = Setter {
        family,
        book: &assets.fonts,
        words: &game.words,
    };
    let old = &marks.since.old;
    let pictures = Pictures {
        new_cards: deck_cards(game, assets)?,
        old_cards: deck_cards(old, assets)?,
        new_counters: super::counters::game_counters(game, assets)?.unwrap_or_default(),
        old_counters: super::counters::game_counters(old, assets)?.unwrap_or_default(),
        counter_size: game
            .publish
            .options
            .counter_size
            .unwrap_or(super::counters::DEFAULT_SIZE),
    };
    let mut flow = Flow::new(Paper::LETTER, MARGIN);
    let count = marks.count();
    let summary = match count {
        0 => "No changes.".to_string(),
        1 => "1 change.".to_string(),
        n => format!("{n} changes."),
    };
    setter.table(
        &mut flow,
        &TableSpec {
            title: Some(format!(
                "{} — errata since {}",
                game.name, marks.since.label
            )),
            rule: None,
            columns: vec![1.0],
            preamble: Vec::new(),
            header: Vec::new(),
            rows: vec![TableRow::body(vec![Cell::new(literal(&summary))], None)],
            ruled: true,
            loc: Loc::new(0, 0..0),
        },
    )?;
    for change in &marks.since.changes {
        flow.skip(GAP);
        setter.table(&mut flow, &change_spec(change, book))?;
        let drawn = match change.kind {
            Kind::Card => pictures.cards(game, old, change),
            Kind::Counter => pictures.counters(change, &setter),
            _ => None,
        };
        if let Some(band) = drawn {
            flow.skip(GAP / 2.0);
            flow.ensure(band.height);
            flow.push_owned(band, 0.0);
        }
    }
    let doc = Doc {
        title: format!("{} — Errata", game.name),
        pages: flow.pages,
        lang: None,
    };
    let bytes = crate::render::pdf::render_pdf(&doc, &assets.fonts)?;
    let folder = out.join(&game.id);
    let path = folder.join(ERRATA_PDF);
    super::write_output(&folder, &path, &bytes)?;
    Ok((path, doc.pages.len()))
}

/// A change as a table: its title says what changed, its rows each field
/// old and new (a table row: the row as it was, and as it is).
fn change_spec(c: &Change, book: Option<&Rulebook>) -> TableSpec {
    let what = match c.what {
        What::Added => "Added",
        What::Removed => "Removed",
        What::Changed => "Changed",
        What::Moved => "Moved",
    };
    let title = match c.kind {
        Kind::Rule => rule_title(c, book),
        _ => super::diff::name(c),
    };
    let none = || "—".to_string();
    let value = |v: &Option<String>| v.as_deref().map_or_else(none, literal);
    let mut spec = TableSpec {
        title: Some(format!("{what}: {title}")),
        rule: None,
        columns: vec![1.0, 3.0, 3.0],
        preamble: Vec::new(),
        header: Vec::new(),
        rows: Vec::new(),
        ruled: true,
        loc: Loc::new(0, 0..0),
    };
    if c.fields.is_empty() {
        let said = match c.what {
            What::Added => "New in this version.",
            What::Removed => "No longer in this version.",
            _ => "Its place changed.",
        };
        spec.columns = vec![1.0];
        spec.rows = vec![TableRow::body(vec![Cell::new(said)], None)];
        return spec;
    }
    match c.kind {
        Kind::Row => {
            // The row old and new, a column a changed cell.
            spec.columns = std::iter::once(1.0)
                .chain(c.fields.iter().map(|_| 2.0))
                .collect();
            spec.header = vec![TableRow::header(
                std::iter::once(Cell::new(""))
                    .chain(c.fields.iter().map(|f| Cell::new(literal(&f.name)).bold()))
                    .collect(),
            )];
            for (label, old) in [("Was", true), ("Now", false)] {
                let cells = std::iter::once(Cell::new(label).bold())
                    .chain(
                        c.fields
                            .iter()
                            .map(|f| Cell::new(value(if old { &f.old } else { &f.new }))),
                    )
                    .collect();
                spec.rows.push(TableRow::body(cells, None));
            }
        }
        Kind::Rule => {
            spec.columns = vec![1.0, 8.0];
            for f in &c.fields {
                let (was, now) = match f.name.as_str() {
                    "text" => ("Was", "Now"),
                    _ => ("Was under", "Now under"),
                };
                for (label, v) in [(was, &f.old), (now, &f.new)] {
                    if v.is_some() || f.name == "text" {
                        spec.rows.push(TableRow::body(
                            vec![Cell::new(label).bold(), Cell::new(value(v))],
                            None,
                        ));
                    }
                }
            }
        }
        _ => {
            spec.header = vec![TableRow::header(vec![
                Cell::new("Field").bold(),
                Cell::new("Was").bold(),
                Cell::new("Now").bold(),
            ])];
            for f in &c.fields {
                spec.rows.push(TableRow::body(
                    vec![
                        Cell::new(literal(&f.name)).bold(),
                        Cell::new(value(&f.old)),
                        Cell::new(value(&f.new)),
                    ],
                    None,
                ));
            }
        }
    }
    spec
}

/// A changed rule's title: its section's number and name, and the page of
/// the new rulebook it is on.
fn rule_title(c: &Change, book: Option<&Rulebook>) -> String {
    let section = &c.group;
    let numbered = book.and_then(|b| {
        b.nav.outline.iter().find_map(|e| {
            let number = e.title.strip_suffix(section.as_str())?.trim();
            (e.title == *section || e.title.ends_with(&format!(" {section}")))
                .then(|| number.to_string())
        })
    });
    let heading = match numbered.as_deref() {
        Some(n) if !n.is_empty() => format!("rule {n} {section}"),
        _ if section.is_empty() => "rules".to_string(),
        _ => format!("rules, \u{201c}{section}\u{201d}"),
    };
    let page = book.zip(c.new_loc).and_then(|(b, at)| {
        b.changed
            .iter()
            .find(|(loc, _)| loc.file == at.file && loc.span.start == at.span.start)
            .map(|(_, page)| page + 1)
    });
    match page {
        Some(p) => format!("{heading}, p. {p}"),
        None => heading,
    }
}

/// The cards and counters of both versions, drawn.
struct Pictures {
    new_cards: Vec<DeckCards>,
    old_cards: Vec<DeckCards>,
    new_counters: Vec<crate::layout::Counter>,
    old_counters: Vec<crate::layout::Counter>,
    counter_size: f32,
}

impl Pictures {
    /// A changed card old and new side by side (one of them for a card
    /// added or removed), each outlined at its printed size.
    fn cards(&self, game: &Game, old: &Game, c: &Change) -> Option<Band> {
        let face = |g: &Game, drawn: &[DeckCards]| {
            let deck = g.deck(&c.group)?;
            let i = deck.card_index().find(&c.key)?;
            let cards = drawn.iter().find(|d| d.id == deck.id)?;
            Some((cards.faces.get(i)?.clone()?.items, cards.size))
        };
        let was = face(old, &self.old_cards).filter(|_| c.what != What::Added);
        let now = face(game, &self.new_cards).filter(|_| c.what != What::Removed);
        side_by_side(
            was.map(|(items, size)| vec![(items, size)]),
            now.map(|(items, size)| vec![(items, size)]),
        )
    }

    /// A changed counter's front and back, old and new.
    fn counters(&self, c: &Change, setter: &Setter<'_>) -> Option<Band> {
        let s = self.counter_size;
        let faces = |counters: &[crate::layout::Counter], name: &str| {
            let counter = counters.iter().find(|k| k.name == name)?;
            let (front, back) =
                crate::layout::counter_faces(counter, s, setter.family, setter.book).ok()?;
            Some(vec![(front, (s, s, 0.0)), (back, (s, s, 0.0))])
        };
        let old_name = c
            .fields
            .iter()
            .find(|f| f.name == "name")
            .and_then(|f| f.old.clone())
            .unwrap_or_else(|| c.title.clone());
        let was = faces(&self.old_counters, &old_name).filter(|_| c.what != What::Added);
        let now = faces(&self.new_counters, &c.title).filter(|_| c.what != What::Removed);
        side_by_side(was, now)
    }
}

/// A picture's items and its size (width, height, corner radius).
type Picture = (Vec<Item>, (f32, f32, f32));

/// The old pictures at the left, the new ones right of them, each outlined.
fn side_by_side(was: Option<Vec<Picture>>, now: Option<Vec<Picture>>) -> Option<Band> {
    if was.is_none() && now.is_none() {
        return None;
    }
    let mut band = Band::default();
    let mut x = 0.0;
    for group in [was, now].into_iter().flatten() {
        for (items, (w, h, radius)) in group {
            band.items
                .extend(items.into_iter().map(|i| i.translated(x, 0.0)));
            band.items.push(Item::Shape(Shape {
                geometry: Geometry::Rect {
                    x,
                    y: 0.0,
                    w,
                    h,
                    radius,
                },
                fill: None,
                stroke: Some(Stroke {
                    width: 0.5,
                    dash: None,
                }),
                clip: None,
            }));
            band.height = band.height.max(h);
            x += w + GAP / 2.0;
        }
        x += BETWEEN;
    }
    Some(band)
}
