//! Model: the texts of a game's charts a translation may give, keyed as a
//! random table's rows are — a chart's title (`[<chart>.title]`), and for
//! each table of a chart (by its id, unique across the charts) its title
//! (`[<table>.title] title`), its headers (`[<table>.headers] "<header>"`)
//! and its cells (`[<table>."<row>"] "<column>"`, a row's `label`, a
//! results table's `[<table>.legend] "<code>"`, a modifier's `text` and a
//! checklist step's `title` and `text` by the modifier or step, a matrix's
//! `[<table>.symbols]`, sections' `[<table>.sections]`, `[<table>.intro]
//! intro-<n>`, `[<table>.actors] actor-<n>` and `[<table>.notes]
//! note-<n>`). One walk over the charts serves both the source texts and
//! the translated game, so the two cannot key a text differently; it also
//! gives where a problem of each text is told, which the translated game
//! moves to the translation.

use super::roll::open_roll_text;
use super::{
    BlockKind, CellCodes, Chart, Located, ModEntry, Modifier, ResultRow, ResultsTable, Step,
};
use crate::diag::Loc;
use crate::text::Words;

/// What `translated` may name of a chart (`<chart>.title`) or of one of
/// its tables (`<table>.title`, `.headers`, `.cells`).
pub const CHART_FIELDS: [&str; 3] = ["title", "headers", "cells"];

/// The key of a table's title and of its headers in a translation.
const TITLE: &str = "title";
const HEADERS: &str = "headers";
/// The keys of a table's other texts that are not rows: a results table's
/// legend, every table's notes, the headings of sections, the paragraphs
/// before a table's rows, a matrix's symbols and a checklist's actors.
const LEGEND: &str = "legend";
const NOTES: &str = "notes";
const SECTIONS: &str = "sections";
const INTRO: &str = "intro";
const SYMBOLS: &str = "symbols";
const ACTORS: &str = "actors";

/// One text of a chart: its key in a translation, where it is written,
/// and the text itself (to read, or to replace).
pub struct ChartText<'c> {
    pub group: String,
    pub key: String,
    pub field: String,
    pub text: &'c mut String,
    pub loc: Loc,
    /// Where a problem of the text is told (a row's place for a cell):
    /// the translated game moves it to the translation's text.
    pub at: Option<&'c mut Loc>,
}

/// Which entry of `translated` (`title`, `headers` or `cells`) a chart's
/// text of this key belongs to.
pub fn chart_selector(key: &str) -> &'static str {
    match key {
        TITLE => "title",
        HEADERS => "headers",
        _ => "cells",
    }
}

/// Each text of `charts` that `translates(group, title|headers|cells)`
/// names, in the charts' order, given to `f`. Cells are keyed by their
/// row and their column as the source writes them, whatever `f` does to
/// the headers.
pub fn chart_texts(
    charts: &mut [Chart],
    translates: &dyn Fn(&str, &str) -> bool,
    f: &mut dyn FnMut(ChartText<'_>),
) {
    for chart in charts {
        // A chart made from a map is titled in the engine's words.
        if translates(&chart.id, TITLE) && !is_made(chart) {
            f(ChartText {
                group: chart.id.clone(),
                key: TITLE.to_string(),
                field: TITLE.to_string(),
                text: &mut chart.title,
                loc: chart.loc,
                at: None,
            });
        }
        for block in &mut chart.blocks {
            table_texts(&mut block.kind, translates, f);
        }
    }
}

/// The texts of one block of a chart.
fn table_texts(
    kind: &mut BlockKind,
    translates: &dyn Fn(&str, &str) -> bool,
    f: &mut dyn FnMut(ChartText<'_>),
) {
    if let BlockKind::Matrix(m) = kind
        && let Some(own) = m.made_symbols.clone()
    {
        let id = m.id.value.clone();
        // A map's terrain effects chart: only its cells of the data's words
        // ("Blocked"); its headings, title and note are the engine's words,
        // its rows the map's terrain and features, its movement classes and
        // effects the map's (`[<map>.<class>] move_classes`...).
        if translates(&id, "cells") {
            for s in m.symbols.iter_mut().filter(|s| own.contains(&s.value)) {
                let (key, loc) = (s.value.clone(), s.loc);
                f(ChartText {
                    at: Some(&mut s.loc),
                    ..text(&id, SYMBOLS, &key, &mut s.value, loc)
                });
            }
        }
        return;
    }
    let (id, title, loc) = match kind {
        BlockKind::Results(t) => (t.id.value.clone(), &mut t.title, t.loc),
        BlockKind::Ranges(t) => (t.id.value.clone(), &mut t.title, t.loc),
        BlockKind::Modifiers(t) => (t.id.value.clone(), &mut t.title, t.loc),
        BlockKind::Matrix(t) => (t.id.value.clone(), &mut t.title, t.loc),
        BlockKind::Checklist(t) => (t.id.value.clone(), &mut t.title, t.loc),
        BlockKind::Notes(_) => return,
    };
    if translates(&id, TITLE) && !title.trim().is_empty() {
        f(text(&id, TITLE, TITLE, title, loc));
    }
    let (cells, headers) = (translates(&id, "cells"), translates(&id, HEADERS));
    let mut f = |key: &str, field: &str, s: &mut String, loc: Loc, at: Option<&mut Loc>| {
        f(ChartText {
            at,
            ..text(&id, key, field, s, loc)
        });
    };
    match kind {
        BlockKind::Results(t) => {
            if cells {
                results_cells(t, &mut f);
            }
            if headers {
                if t.roll_header_given {
                    let roll = t.roll_header.clone();
                    f(HEADERS, &roll, &mut t.roll_header, loc, None);
                }
                for c in &mut t.columns {
                    // A roll open below or above ("-2 or less") is in the
                    // language's words (`roll_or_less`), not the translation's.
                    if open_roll_text(&c.value, Words::english()).is_some() {
                        continue;
                    }
                    let name = c.value.clone();
                    f(HEADERS, &name, &mut c.value, c.loc, Some(&mut c.loc));
                }
            }
        }
        BlockKind::Ranges(t) => {
            if cells {
                let columns = t.columns.clone();
                let words = t.words.clone();
                for row in &mut t.rows {
                    let key = row.label.join(" ");
                    for (n, line) in row.label.iter_mut().enumerate() {
                        f(&key, &label_field(n), line, row.loc, Some(&mut row.loc));
                    }
                    // A cell of words ("Automatic") rather than a range.
                    for (c, cell) in row.cells.iter_mut().enumerate() {
                        if words.contains(&cell.value) {
                            let column = column_name(&columns, c);
                            f(&key, &column, &mut cell.value, cell.loc, Some(&mut row.loc));
                        }
                    }
                }
                notes(&mut t.notes, NOTES, "note", &mut f);
            }
            if headers {
                let label = t.label_header.clone();
                f(HEADERS, &label, &mut t.label_header, loc, None);
                for c in &mut t.columns {
                    f(HEADERS, &c.clone(), c, loc, None);
                }
                if let Some(span) = &mut t.span_header {
                    f(HEADERS, &span.clone(), span, loc, None);
                }
            }
        }
        BlockKind::Matrix(t) => {
            if cells {
                for section in &mut t.sections {
                    if let Some(h) = &mut section.heading {
                        f(SECTIONS, &h.clone(), h, loc, None);
                    }
                    for row in &mut section.rows {
                        if let Some(label) = &mut row.label {
                            f(
                                &label.clone(),
                                &label_field(0),
                                label,
                                row.loc,
                                Some(&mut row.loc),
                            );
                        }
                    }
                }
                for s in &mut t.symbols {
                    f(
                        SYMBOLS,
                        &s.value.clone(),
                        &mut s.value,
                        s.loc,
                        Some(&mut s.loc),
                    );
                }
                notes(&mut t.intro, INTRO, "intro", &mut f);
                notes(&mut t.notes, NOTES, "note", &mut f);
            }
            if headers {
                if let Some(h) = &mut t.label_header {
                    f(HEADERS, &h.clone(), h, loc, None);
                }
                for c in &mut t.columns {
                    f(HEADERS, &c.clone(), c, loc, None);
                }
            }
        }
        BlockKind::Modifiers(t) => {
            if cells {
                for section in &mut t.sections {
                    if let Some(h) = &mut section.heading {
                        f(SECTIONS, &h.clone(), h, loc, None);
                    }
                    for entry in &mut section.entries {
                        match entry {
                            ModEntry::One(m) => modifier(m, &mut f),
                            ModEntry::Group {
                                lead,
                                options,
                                loc: at,
                                ..
                            } => {
                                if let Some(lead) = lead {
                                    f(&lead.clone(), "lead", lead, *at, Some(at));
                                }
                                for m in options {
                                    modifier(m, &mut f);
                                }
                            }
                        }
                    }
                }
                notes(&mut t.intro, INTRO, "intro", &mut f);
                notes(&mut t.notes, NOTES, "note", &mut f);
            }
            if headers && let Some(h) = &mut t.value_header {
                f(HEADERS, &h.clone(), h, loc, None);
            }
        }
        BlockKind::Checklist(t) => {
            if cells {
                let mut intro: Vec<&mut Located<String>> = t.intro.iter_mut().collect();
                for section in &mut t.sections {
                    if let Some(h) = &mut section.heading {
                        f(SECTIONS, &h.clone(), h, loc, None);
                    }
                    for step in &mut section.steps {
                        steps(step, &mut f);
                    }
                    intro.extend(section.intro.iter_mut().chain(&mut section.outro));
                }
                notes(intro, INTRO, "intro", &mut f);
                notes(&mut t.actors, ACTORS, "actor", &mut f);
                notes(&mut t.notes, NOTES, "note", &mut f);
            }
        }
        BlockKind::Notes(_) => {}
    }
}

/// A results table's cells: a text table's cells by row and column, the
/// legend's texts by code, its own notes (not grogpress's combat note).
fn results_cells(t: &mut ResultsTable, f: &mut TextFn<'_>) {
    let columns: Vec<String> = t.columns.iter().map(|c| c.value.clone()).collect();
    let none = t.none.clone();
    let codes = t.cells == CellCodes::Codes;
    for row in &mut t.rows {
        let ResultRow {
            roll_text,
            results,
            loc,
            ..
        } = row;
        for (c, cell) in results.iter_mut().enumerate() {
            // A code is the legend's to explain; "no result" has no words.
            if codes || cell.value.trim() == none || cell.value.trim().is_empty() {
                continue;
            }
            let column = column_name(&columns, c);
            f(
                roll_text,
                &column,
                &mut cell.value,
                cell.loc,
                Some(&mut *loc),
            );
        }
    }
    for entry in &mut t.legend {
        f(
            LEGEND,
            &entry.code.value,
            &mut entry.text,
            entry.code.loc,
            None,
        );
    }
    let own = t.notes.len() - usize::from(t.combat_note && !t.notes.is_empty());
    notes(&mut t.notes[..own], NOTES, "note", f);
}

/// A modifier's text, keyed by itself: `[<table>."<text>"] text`.
fn modifier(m: &mut Modifier, f: &mut TextFn<'_>) {
    let key = m.text.clone();
    f(
        &key,
        "text",
        &mut m.text,
        m.value.loc,
        Some(&mut m.value.loc),
    );
}

/// A checklist's step and the steps under it, each keyed by its title
/// (`title`, `text`), or by its text where it has no title.
fn steps(step: &mut Step, f: &mut TextFn<'_>) {
    let key = step.title.clone().unwrap_or_else(|| step.text.clone());
    let at = step.loc;
    if let Some(title) = &mut step.title {
        f(&key, "title", title, at, Some(&mut step.loc));
    }
    if !step.text.trim().is_empty() {
        f(&key, "text", &mut step.text, at, Some(&mut step.loc));
    }
    for item in &mut step.items {
        steps(item, f);
    }
}

/// What a block's walk gives each text: its key, field, text, place and
/// the place problems of it are told at.
type TextFn<'f> = dyn FnMut(&str, &str, &mut String, Loc, Option<&mut Loc>) + 'f;

/// A column's name as the source writes it (its number past the headers).
fn column_name(columns: &[String], c: usize) -> String {
    columns
        .get(c)
        .cloned()
        .unwrap_or_else(|| (c + 1).to_string())
}

/// A text of the table `id`.
fn text<'c>(id: &str, key: &str, field: &str, text: &'c mut String, loc: Loc) -> ChartText<'c> {
    ChartText {
        group: id.to_string(),
        key: key.to_string(),
        field: field.to_string(),
        text,
        loc,
        at: None,
    }
}

/// A row label's field: `label`, then `label-2`... for a label of lines.
fn label_field(n: usize) -> String {
    if n == 0 {
        "label".to_string()
    } else {
        format!("label-{}", n + 1)
    }
}

/// Numbered paragraphs of a table under `key`: `[<table>.notes] note-1`,
/// `note-2`... (`intro-<n>`, `actor-<n>` alike).
fn notes<'a>(
    list: impl IntoIterator<Item = &'a mut Located<String>>,
    key: &str,
    field: &str,
    f: &mut TextFn<'_>,
) {
    for (n, p) in list.into_iter().enumerate() {
        let at = p.loc;
        f(
            key,
            &format!("{field}-{}", n + 1),
            &mut p.value,
            at,
            Some(&mut p.loc),
        );
    }
}

/// Whether grogpress made `chart` from a map (a terrain effects chart):
/// of its texts a translation gives only its cells of words.
pub fn is_made(chart: &Chart) -> bool {
    chart.blocks.iter().any(|b| match &b.kind {
        BlockKind::Matrix(m) => m.made_symbols.is_some(),
        _ => false,
    })
}

/// Whether `id` is a chart's or a chart table's id.
pub fn is_chart_group(charts: &[Chart], id: &str) -> bool {
    charts.iter().any(|c| c.id == id) || is_table_id(charts, id)
}

/// Whether `id` is the id of a table of a chart (a chart and its one
/// table may share an id).
pub fn is_table_id(charts: &[Chart], id: &str) -> bool {
    charts
        .iter()
        .flat_map(|c| &c.blocks)
        .any(|b| match &b.kind {
            BlockKind::Results(t) => t.id.value == id,
            BlockKind::Ranges(t) => t.id.value == id,
            BlockKind::Modifiers(t) => t.id.value == id,
            BlockKind::Matrix(t) => t.id.value == id,
            BlockKind::Checklist(t) => t.id.value == id,
            BlockKind::Notes(_) => false,
        })
}
