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
    let words = &game.words;
    let summary = super::change_marks::count_words(marks.count(), words);
    setter.table(
        &mut flow,
        &TableSpec {
            title: Some(format!(
                "{} — {}",
                game.name,
                Words::fill(&words.errata_since, &[("since", &marks.since.label)])
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
        setter.table(&mut flow, &change_spec(change, book, game, old))?;
        let drawn = match change.kind {
            Kind::Card => pictures.cards(game, old, change, &setter),
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
        title: format!("{} — {}", game.name, words.errata),
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
fn change_spec(c: &Change, book: Option<&Rulebook>, game: &Game, old: &Game) -> TableSpec {
    let words = &game.words;
    let what = super::change_marks::what_word(c.what, words);
    let title = match c.kind {
        Kind::Rule => rule_title(c, book, words, &game.language),
        _ => super::change_marks::shown_name(c, game, old),
    };
    let none = || "—".to_string();
    let value = |v: &Option<String>| v.as_deref().map_or_else(none, literal);
    let mut spec = TableSpec {
        title: Some(words.labelled(what, &title)),
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
            What::Added => &words.added_note,
            What::Removed => &words.removed_note,
            _ => &words.moved_note,
        };
        spec.columns = vec![1.0];
        spec.rows = vec![TableRow::body(vec![Cell::new(literal(said))], None)];
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
            for (label, old) in [(&words.was, true), (&words.now, false)] {
                let cells = std::iter::once(Cell::new(literal(label)).bold())
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
                    "text" => (&words.was, &words.now),
                    _ => (&words.was_under, &words.now_under),
                };
                for (label, v) in [(was, &f.old), (now, &f.new)] {
                    if v.is_some() || f.name == "text" {
                        spec.rows.push(TableRow::body(
                            vec![Cell::new(literal(label)).bold(), Cell::new(value(v))],
                            None,
                        ));
                    }
                }
            }
        }
        _ => {
            spec.header = vec![TableRow::header(vec![
                Cell::new(literal(&words.field)).bold(),
                Cell::new(literal(&words.was)).bold(),
                Cell::new(literal(&words.now)).bold(),
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
/// the new rulebook it is on: "5.2 Combat, p. 7".
fn rule_title(c: &Change, book: Option<&Rulebook>, words: &Words, language: &str) -> String {
    let section = &c.group;
    let numbered = book.and_then(|b| {
        b.nav.outline.iter().find_map(|e| {
            let number = e.title.strip_suffix(section.as_str())?.trim();
            (e.title == *section || e.title.ends_with(&format!(" {section}")))
                .then(|| number.to_string())
        })
    });
    let heading = match numbered.as_deref() {
        Some(n) if !n.is_empty() => format!("{n} {section}"),
        _ if section.is_empty() => words.result_rules.clone(),
        _ => {
            let [open, close, _, _] = crate::text::quotes::marks(language);
            format!("{}, {open}{section}{close}", words.result_rules)
        }
    };
    let page = book.zip(c.new_loc).and_then(|(b, at)| {
        b.changed
            .iter()
            .find(|(loc, _)| loc.file == at.file && loc.span.start == at.span.start)
            .map(|(_, page)| page + 1)
    });
    match page {
        Some(p) => format!("{heading}, {} {p}", words.page),
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
    fn cards(&self, game: &Game, old: &Game, c: &Change, setter: &Setter<'_>) -> Option<Band> {
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
            setter,
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
        side_by_side(was, now, setter)
    }
}

/// A picture's items and its size (width, height, corner radius).
type Picture = (Vec<Item>, (f32, f32, f32));

/// The size of the captions under the pictures.
const CAPTION_SIZE: f32 = 9.0;
/// Space between a picture and its caption.
const CAPTION_GAP: f32 = 4.0;

/// The old pictures at the left, the new ones right of them, each outlined
/// and captioned under it with the words for "Was" and "Now" (a caption
/// that cannot be set is left off: the table above says the same).
fn side_by_side(
    was: Option<Vec<Picture>>,
    now: Option<Vec<Picture>>,
    setter: &Setter<'_>,
) -> Option<Band> {
    if was.is_none() && now.is_none() {
        return None;
    }
    let mut band = Band::default();
    let tallest = [&was, &now]
        .into_iter()
        .flatten()
        .flatten()
        .map(|(_, (_, h, _))| *h)
        .fold(0.0f32, f32::max);
    let mut x = 0.0;
    let captions = [&setter.words.was, &setter.words.now];
    for (group, caption) in [was, now].into_iter().zip(captions) {
        let Some(group) = group else {
            continue;
        };
        let left = x;
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
        let width = (x - GAP / 2.0 - left).max(1.0);
        if let Some((items, height)) = caption_items(caption, width, setter) {
            let top = tallest + CAPTION_GAP;
            band.items
                .extend(items.into_iter().map(|i| i.translated(left, top)));
            band.height = band.height.max(top + height);
        }
        x += BETWEEN;
    }
    Some(band)
}

/// A caption centred across `width`, and its height.
fn caption_items(text: &str, width: f32, setter: &Setter<'_>) -> Option<(Vec<Item>, f32)> {
    let request = crate::text::FitRequest {
        text: &literal(text),
        family: setter.family,
        style: crate::model::Style::Bold,
        width,
        height: f32::MAX,
        size: CAPTION_SIZE,
        min_size: CAPTION_SIZE,
        leading: 1.2,
        align: crate::model::Align::Center,
        valign: crate::model::VAlign::Top,
    };
    let fit = crate::text::fit_text(&request, setter.book).ok()?;
    let height = fit.bottom;
    let items = crate::layout::text_items(fit.lines, fit.size, 0.0, 0.0).collect();
    Some((items, height))
}
