//! Model: the texts of a game's charts a translation may give, keyed as a
//! random table's rows are — a chart's title (`[<chart>.title]`), and for
//! each table of a chart (by its id, unique across the charts) its title
//! (`[<table>.title] title`), its headers (`[<table>.headers] "<header>"`)
//! and its cells (`[<table>."<row>"] "<column>"`, a row's `label`, a
//! results table's `[<table>.legend] "<code>"` and `[<table>.notes]
//! note-<n>`). One walk over the charts serves both the source texts and
//! the translated game, so the two cannot key a text differently.

use super::{BlockKind, CellCodes, Chart, Located};
use crate::diag::Loc;

/// What `translated` may name of a chart (`<chart>.title`) or of one of
/// its tables (`<table>.title`, `.headers`, `.cells`).
pub const CHART_FIELDS: [&str; 3] = ["title", "headers", "cells"];

/// The key of a table's title and of its headers in a translation.
const TITLE: &str = "title";
const HEADERS: &str = "headers";

/// One text of a chart: its key in a translation, where it is written,
/// and the text itself (to read, or to replace).
pub struct ChartText<'c> {
    pub group: String,
    pub key: String,
    pub field: String,
    pub text: &'c mut String,
    pub loc: Loc,
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
        if translates(&chart.id, TITLE) {
            f(ChartText {
                group: chart.id.clone(),
                key: TITLE.to_string(),
                field: TITLE.to_string(),
                text: &mut chart.title,
                loc: chart.loc,
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
    match kind {
        BlockKind::Results(t) => {
            let columns: Vec<String> = t.columns.iter().map(|c| c.value.clone()).collect();
            if cells {
                let none = t.none.clone();
                let codes = t.cells == CellCodes::Codes;
                for row in &mut t.rows {
                    for (c, cell) in row.results.iter_mut().enumerate() {
                        // A code is the legend's to explain; "no result" has no words.
                        if codes || cell.value.trim() == none || cell.value.trim().is_empty() {
                            continue;
                        }
                        let column = columns
                            .get(c)
                            .cloned()
                            .unwrap_or_else(|| (c + 1).to_string());
                        f(text(
                            &id,
                            &row.roll_text,
                            &column,
                            &mut cell.value,
                            cell.loc,
                        ));
                    }
                }
                for entry in &mut t.legend {
                    f(text(
                        &id,
                        "legend",
                        &entry.code.value,
                        &mut entry.text,
                        entry.code.loc,
                    ));
                }
                notes(&mut t.notes, &mut |key, field, s, loc| {
                    f(text(&id, key, field, s, loc))
                });
            }
            if headers {
                f(text(
                    &id,
                    HEADERS,
                    &t.roll_header.clone(),
                    &mut t.roll_header,
                    loc,
                ));
                for c in &mut t.columns {
                    let name = c.value.clone();
                    f(text(&id, HEADERS, &name, &mut c.value, c.loc));
                }
            }
        }
        BlockKind::Ranges(t) => {
            if cells {
                for row in &mut t.rows {
                    let key = row.label.join(" ");
                    for (n, line) in row.label.iter_mut().enumerate() {
                        f(text(&id, &key, &label_field(n), line, row.loc));
                    }
                }
                notes(&mut t.notes, &mut |key, field, s, loc| {
                    f(text(&id, key, field, s, loc))
                });
            }
            if headers {
                f(text(
                    &id,
                    HEADERS,
                    &t.label_header.clone(),
                    &mut t.label_header,
                    loc,
                ));
                for c in &mut t.columns {
                    f(text(&id, HEADERS, &c.clone(), c, loc));
                }
                if let Some(span) = &mut t.span_header {
                    f(text(&id, HEADERS, &span.clone(), span, loc));
                }
            }
        }
        BlockKind::Matrix(t) => {
            if cells {
                for row in t.sections.iter_mut().flat_map(|s| &mut s.rows) {
                    if let Some(label) = &mut row.label {
                        f(text(&id, &label.clone(), &label_field(0), label, row.loc));
                    }
                }
                notes(&mut t.notes, &mut |key, field, s, loc| {
                    f(text(&id, key, field, s, loc))
                });
            }
            if headers {
                if let Some(h) = &mut t.label_header {
                    f(text(&id, HEADERS, &h.clone(), h, loc));
                }
                for c in &mut t.columns {
                    f(text(&id, HEADERS, &c.clone(), c, loc));
                }
            }
        }
        BlockKind::Modifiers(t) => {
            if cells {
                notes(&mut t.notes, &mut |key, field, s, loc| {
                    f(text(&id, key, field, s, loc))
                });
            }
        }
        BlockKind::Checklist(t) => {
            if cells {
                notes(&mut t.notes, &mut |key, field, s, loc| {
                    f(text(&id, key, field, s, loc))
                });
            }
        }
        BlockKind::Notes(_) => {}
    }
}

/// A text of the table `id`.
fn text<'c>(id: &str, key: &str, field: &str, text: &'c mut String, loc: Loc) -> ChartText<'c> {
    ChartText {
        group: id.to_string(),
        key: key.to_string(),
        field: field.to_string(),
        text,
        loc,
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

/// A table's notes: `[<table>.notes] note-1`, `note-2`...
fn notes(notes: &mut [Located<String>], f: &mut dyn FnMut(&str, &str, &mut String, Loc)) {
    for (n, note) in notes.iter_mut().enumerate() {
        f(
            "notes",
            &format!("note-{}", n + 1),
            &mut note.value,
            note.loc,
        );
    }
}

/// Whether `id` is a chart's or a chart table's id.
pub fn is_chart_group(charts: &[Chart], id: &str) -> bool {
    charts.iter().any(|c| {
        c.id == id
            || c.blocks.iter().any(|b| match &b.kind {
                BlockKind::Results(t) => t.id.value == id,
                BlockKind::Ranges(t) => t.id.value == id,
                BlockKind::Modifiers(t) => t.id.value == id,
                BlockKind::Matrix(t) => t.id.value == id,
                BlockKind::Checklist(t) => t.id.value == id,
                BlockKind::Notes(_) => false,
            })
    })
}
