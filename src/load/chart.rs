//! Load stage: a chart file (results tables, roll-range tables, modifier
//! lists, matrices, checklists, notes) into a [`Chart`], reporting unreadable
//! dice, roll ranges and row lengths as located diagnostics.

use super::toml::{Reader, Table, parse};
use crate::diag::{Diagnostic, Diagnostics, FileId, Loc};
use crate::model::{
    BlockKind, CellCodes, Chart, ChartBlock, CheckSection, Checklist, Dice, LegendEntry, Located,
    Lookup, Matrix, MatrixRow, MatrixSection, ModEntry, ModSection, Modifier, ModifierList,
    Numbering, RangeRow, RangeTable, ResultRow, ResultsTable, RollRange, Step,
};

pub const CHART_KEYS: &[&str] = &["title", "rule", "blocks"];
pub const RESULTS_KEYS: &[&str] = &[
    "kind",
    "beside",
    "id",
    "title",
    "rule",
    "dice",
    "drm",
    "roll_header",
    "columns",
    "rows",
    "cells",
    "none",
    "legend",
    "notes",
    "across",
];
pub const RESULTS_ROW_KEYS: &[&str] = &["roll", "results"];
pub const LEGEND_KEYS: &[&str] = &["code", "text"];
pub const RANGES_KEYS: &[&str] = &[
    "kind",
    "beside",
    "id",
    "title",
    "rule",
    "dice",
    "label_header",
    "span_header",
    "columns",
    "words",
    "rows",
    "notes",
];
/// A row of a ranges table, and of a matrix.
pub const LABELLED_ROW_KEYS: &[&str] = &["label", "cells"];
pub const MODIFIERS_KEYS: &[&str] = &[
    "kind",
    "beside",
    "id",
    "title",
    "rule",
    "value_header",
    "intro",
    "sections",
    "notes",
];
pub const MODIFIER_SECTION_KEYS: &[&str] = &["heading", "entries"];
pub const MODIFIER_GROUP_KEYS: &[&str] = &["lead", "only_one", "joined", "options"];
/// A modifier, and an option of a modifier group.
pub const MODIFIER_KEYS: &[&str] = &["text", "value"];
pub const MATRIX_KEYS: &[&str] = &[
    "kind",
    "beside",
    "id",
    "title",
    "rule",
    "label_header",
    "columns",
    "symbols",
    "sections",
    "rows",
    "lookup",
    "intro",
    "notes",
];
pub const LOOKUP_KEYS: &[&str] = &["keys", "values"];
pub const MATRIX_SECTION_KEYS: &[&str] = &["heading", "rows"];
pub const CHECKLIST_KEYS: &[&str] = &[
    "kind", "beside", "id", "title", "rule", "actors", "intro", "sections", "notes",
];
pub const CHECKLIST_SECTION_KEYS: &[&str] =
    &["heading", "numbering", "mark", "intro", "steps", "outro"];
pub const STEP_KEYS: &[&str] = &["title", "text", "actor", "mark", "items"];
pub const NOTES_KEYS: &[&str] = &["kind", "beside", "text"];

pub const KINDS: &[&str] = &[
    "results",
    "ranges",
    "modifiers",
    "matrix",
    "checklist",
    "notes",
];

pub fn load_chart(id: &str, file: FileId, text: &str, diags: &mut Diagnostics) -> Option<Chart> {
    let root = parse(file, text, diags)?;
    let mut r = Reader::new(file, diags);
    r.check_keys(root.get_ref(), CHART_KEYS, "a chart file");
    let title = r
        .req_str(&root, "title", "a chart file")
        .map(|t| t.value)
        .unwrap_or_default();
    let rule = opt_text(&mut r, &root, "rule");
    let blocks = r
        .tables(&root, "blocks")
        .iter()
        .filter_map(|b| block(&mut r, b))
        .collect();
    Some(Chart {
        id: id.to_string(),
        title,
        rule,
        blocks,
        loc: Loc::new(file, 0..0),
    })
}

fn block(r: &mut Reader<'_>, t: &Table<'_>) -> Option<ChartBlock> {
    let kind = r.req_str(t, "kind", "[[blocks]]")?;
    let beside = r.opt_bool(t, "beside").unwrap_or(false);
    let loc = kind.loc.clone();
    let kind = match kind.value.as_str() {
        "results" => BlockKind::Results(results(r, t)?),
        "ranges" => BlockKind::Ranges(ranges(r, t)?),
        "modifiers" => BlockKind::Modifiers(modifiers(r, t)?),
        "matrix" => BlockKind::Matrix(matrix(r, t)?),
        "checklist" => BlockKind::Checklist(checklist(r, t)?),
        "notes" => {
            r.check_keys(t.get_ref(), NOTES_KEYS, "a notes block");
            BlockKind::Notes(r.str_array(t, "text"))
        }
        other => {
            r.diags.push(
                Diagnostic::error(
                    "bad-value",
                    format!("unknown block kind `{other}`"),
                    Some(kind.loc),
                )
                .with_hint(format!("kind is one of: {}", KINDS.join(", "))),
            );
            return None;
        }
    };
    Some(ChartBlock { kind, beside, loc })
}

/// An optional string's value.
fn opt_text(r: &mut Reader<'_>, t: &Table<'_>, key: &str) -> Option<String> {
    r.opt_str(t, key).map(|s| s.value)
}

/// An array of strings' values.
fn strings(r: &mut Reader<'_>, t: &Table<'_>, key: &str) -> Vec<String> {
    r.str_array(t, key).into_iter().map(|s| s.value).collect()
}

/// What every titled block starts with (each read, or None where a
/// diagnostic was reported).
struct BlockHead {
    id: Option<Located<String>>,
    title: Option<Located<String>>,
    rule: Option<String>,
}

/// Checks a titled block's keys (the head's, then its `own`) and reads its
/// id, title and rule, in that order.
fn block_head(r: &mut Reader<'_>, t: &Table<'_>, what: &str, keys: &[&str]) -> BlockHead {
    r.check_keys(t.get_ref(), keys, what);
    BlockHead {
        id: r.req_str(t, "id", what),
        title: r.req_str(t, "title", what),
        rule: opt_text(r, t, "rule"),
    }
}

fn dice(r: &mut Reader<'_>, t: &Table<'_>, what: &str) -> Option<Located<Dice>> {
    let d = r.req_str(t, "dice", what)?;
    match Dice::parse(&d.value) {
        Some(dice) => Some(Located::new(dice, d.loc)),
        None => {
            r.diags.push(
                Diagnostic::error(
                    "bad-dice",
                    format!("`{}` is not a dice roll", d.value),
                    Some(d.loc),
                )
                .with_hint("write dice as NdS: \"1d6\", \"2d6\", \"1d10\""),
            );
            None
        }
    }
}

/// The largest net modifier, up or down, a range may name: each modified
/// roll is checked (and its odds worked out) one by one, so a range such as
/// `-3..+9000000000000000000` would never finish (or overflow the roll).
pub const MAX_DRM: i64 = 100;

/// "-3..+5" into (-3, 5); each end within ±[`MAX_DRM`].
pub fn parse_drm(s: &str) -> Option<(i64, i64)> {
    let (a, b) = s.trim().split_once("..")?;
    let num = |x: &str| {
        x.trim()
            .trim_start_matches('+')
            .parse::<i64>()
            .ok()
            .filter(|n| (-MAX_DRM..=MAX_DRM).contains(n))
    };
    let (lo, hi) = (num(a)?, num(b)?);
    (lo <= hi).then_some((lo, hi))
}

fn roll_range(r: &mut Reader<'_>, s: &Located<String>) -> Option<Located<RollRange>> {
    match RollRange::parse(&s.value) {
        Some(range) => Some(Located::new(range, s.loc.clone())),
        None => {
            r.diags.push(
                Diagnostic::error(
                    "bad-roll-range",
                    format!("`{}` is not a roll range", s.value),
                    Some(s.loc.clone()),
                )
                .with_hint(
                    "write \"6\", \"5-6\", \"4 or less\" (\"4-\") or \"13 or more\" (\"13+\")",
                ),
            );
            None
        }
    }
}

fn row_length(r: &mut Reader<'_>, cells: usize, columns: usize, loc: &Loc, what: &str) -> bool {
    if cells == columns {
        return true;
    }
    r.diags.push(
        Diagnostic::error(
            "bad-row-length",
            format!("this {what} has {cells} cells but the table has {columns} columns"),
            Some(loc.clone()),
        )
        .with_hint("give one cell per column, in column order"),
    );
    false
}

fn results(r: &mut Reader<'_>, t: &Table<'_>) -> Option<ResultsTable> {
    const WHAT: &str = "a results table";
    let BlockHead { id, title, rule } = block_head(r, t, WHAT, RESULTS_KEYS);
    let dice = dice(r, t, WHAT);
    let drm = match r.opt_str(t, "drm") {
        None => Some(Located::new((0, 0), r.loc(t.span().start..t.span().start))),
        Some(s) => match parse_drm(&s.value) {
            Some(range) => Some(Located::new(range, s.loc)),
            None => {
                r.diags.push(
                    Diagnostic::error(
                        "bad-value",
                        format!("`{}` is not a modifier range", s.value),
                        Some(s.loc),
                    )
                    .with_hint(format!(
                        "write the lowest and highest net modifier, each within ±{MAX_DRM}: \"-3..+5\""
                    )),
                );
                None
            }
        },
    };
    let roll_header = r
        .opt_str(t, "roll_header")
        .map_or_else(|| "Roll".to_string(), |s| s.value);
    let columns = r.str_array(t, "columns");
    let cells = match r.opt_str(t, "cells") {
        None => Some(CellCodes::Codes),
        Some(s) if s.value == "codes" => Some(CellCodes::Codes),
        Some(s) if s.value == "text" => Some(CellCodes::Text),
        Some(s) => {
            r.diags.push(
                Diagnostic::error(
                    "bad-value",
                    format!("cells = \"{}\" is not a way of reading cells", s.value),
                    Some(s.loc),
                )
                .with_hint("cells is \"codes\" (result codes from the legend) or \"text\""),
            );
            None
        }
    };
    let none = r
        .opt_str(t, "none")
        .map_or_else(|| "-".to_string(), |s| s.value);
    let across = r.opt_bool(t, "across").unwrap_or(false);
    let mut rows = Vec::new();
    for row in r.tables(t, "rows") {
        r.check_keys(row.get_ref(), RESULTS_ROW_KEYS, "a results row");
        let loc = r.loc(row.span());
        let roll = r.req_str(&row, "roll", "a results row");
        let results = r.str_array(&row, "results");
        let Some(roll_text) = roll else { continue };
        let Some(range) = roll_range(r, &roll_text) else {
            continue;
        };
        if !row_length(r, results.len(), columns.len(), &loc, "row") {
            continue;
        }
        rows.push(ResultRow {
            roll: range,
            roll_text: roll_text.value,
            results,
            loc,
        });
    }
    let mut legend = Vec::new();
    for entry in r.tables(t, "legend") {
        r.check_keys(entry.get_ref(), LEGEND_KEYS, "a legend entry");
        let code = r.req_str(&entry, "code", "a legend entry");
        let text = r.req_str(&entry, "text", "a legend entry");
        if let (Some(code), Some(text)) = (code, text) {
            legend.push(LegendEntry {
                code,
                text: text.value,
            });
        }
    }
    let notes = r.str_array(t, "notes");
    Some(ResultsTable {
        id: id?,
        title: title?.value,
        rule,
        dice: dice?,
        drm: drm?,
        roll_header,
        columns,
        rows,
        cells: cells?,
        none,
        legend,
        notes,
        across,
        loc: r.loc(t.span()),
    })
}

fn ranges(r: &mut Reader<'_>, t: &Table<'_>) -> Option<RangeTable> {
    const WHAT: &str = "a ranges table";
    let BlockHead { id, title, rule } = block_head(r, t, WHAT, RANGES_KEYS);
    let dice = dice(r, t, WHAT);
    let label_header = r.req_str(t, "label_header", WHAT);
    let span_header = opt_text(r, t, "span_header");
    let columns = strings(r, t, "columns");
    let words = strings(r, t, "words");
    let mut rows = Vec::new();
    for row in r.tables(t, "rows") {
        r.check_keys(row.get_ref(), LABELLED_ROW_KEYS, "a ranges row");
        let loc = r.loc(row.span());
        let label = strings(r, &row, "label");
        let cells = r.str_array(&row, "cells");
        if row_length(r, cells.len(), columns.len(), &loc, "row") {
            rows.push(RangeRow { label, cells, loc });
        }
    }
    let notes = r.str_array(t, "notes");
    Some(RangeTable {
        id: id?,
        title: title?.value,
        rule,
        dice: dice?,
        label_header: label_header?.value,
        columns,
        span_header,
        words,
        rows,
        notes,
        loc: r.loc(t.span()),
    })
}

fn modifier(r: &mut Reader<'_>, t: &Table<'_>, what: &str) -> Option<Modifier> {
    let text = r.req_str(t, "text", what);
    let value = r.req_str(t, "value", what);
    Some(Modifier {
        text: text?.value,
        value: value?,
    })
}

fn modifiers(r: &mut Reader<'_>, t: &Table<'_>) -> Option<ModifierList> {
    const WHAT: &str = "a modifiers list";
    let BlockHead { id, title, rule } = block_head(r, t, WHAT, MODIFIERS_KEYS);
    let value_header = opt_text(r, t, "value_header");
    let intro = r.str_array(t, "intro");
    let mut sections = Vec::new();
    for s in r.tables(t, "sections") {
        r.check_keys(s.get_ref(), MODIFIER_SECTION_KEYS, "a modifiers section");
        let heading = opt_text(r, &s, "heading");
        let mut entries = Vec::new();
        for e in r.tables(&s, "entries") {
            if e.get_ref().get("options").is_some() {
                r.check_keys(e.get_ref(), MODIFIER_GROUP_KEYS, "a modifier group");
                let lead = opt_text(r, &e, "lead");
                let only_one = r.opt_bool(&e, "only_one").unwrap_or(false);
                let joined = r.opt_bool(&e, "joined").unwrap_or(false);
                let options = r
                    .tables(&e, "options")
                    .iter()
                    .filter_map(|o| {
                        r.check_keys(o.get_ref(), MODIFIER_KEYS, "a modifier option");
                        modifier(r, o, "a modifier option")
                    })
                    .collect();
                entries.push(ModEntry::Group {
                    lead,
                    only_one,
                    joined,
                    options,
                    loc: r.loc(e.span()),
                });
            } else {
                r.check_keys(e.get_ref(), MODIFIER_KEYS, "a modifier");
                if let Some(m) = modifier(r, &e, "a modifier") {
                    entries.push(ModEntry::One(m));
                }
            }
        }
        sections.push(ModSection { heading, entries });
    }
    let notes = r.str_array(t, "notes");
    Some(ModifierList {
        id: id?,
        title: title?.value,
        rule,
        value_header,
        intro,
        sections,
        notes,
        loc: r.loc(t.span()),
    })
}

fn matrix_rows(r: &mut Reader<'_>, t: &Table<'_>, columns: usize) -> Vec<MatrixRow> {
    let mut rows = Vec::new();
    for row in r.tables(t, "rows") {
        r.check_keys(row.get_ref(), LABELLED_ROW_KEYS, "a matrix row");
        let loc = r.loc(row.span());
        let label = opt_text(r, &row, "label");
        let cells = r.str_array(&row, "cells");
        if row_length(r, cells.len(), columns, &loc, "row") {
            rows.push(MatrixRow { label, cells, loc });
        }
    }
    rows
}

fn matrix(r: &mut Reader<'_>, t: &Table<'_>) -> Option<Matrix> {
    const WHAT: &str = "a matrix";
    let BlockHead { id, title, rule } = block_head(r, t, WHAT, MATRIX_KEYS);
    let lookup = r.table(t, "lookup").and_then(|l| {
        r.check_keys(l.get_ref(), LOOKUP_KEYS, "a matrix lookup");
        let keys = r.req_int(&l, "keys", "a matrix lookup")?;
        let values = strings(r, &l, "values");
        Some(Lookup {
            keys: usize::try_from(keys.value).unwrap_or(0),
            values,
            loc: keys.loc,
        })
    });
    let label_header = opt_text(r, t, "label_header");
    let columns = strings(r, t, "columns");
    let symbols = r.str_array(t, "symbols");
    let intro = r.str_array(t, "intro");
    let mut sections = Vec::new();
    let direct = matrix_rows(r, t, columns.len());
    if !direct.is_empty() {
        sections.push(MatrixSection {
            heading: None,
            rows: direct,
        });
    }
    for s in r.tables(t, "sections") {
        r.check_keys(s.get_ref(), MATRIX_SECTION_KEYS, "a matrix section");
        let heading = opt_text(r, &s, "heading");
        let rows = matrix_rows(r, &s, columns.len());
        sections.push(MatrixSection { heading, rows });
    }
    let notes = r.str_array(t, "notes");
    Some(Matrix {
        id: id?,
        title: title?.value,
        rule,
        label_header,
        columns,
        symbols,
        sections,
        lookup,
        intro,
        notes,
        loc: r.loc(t.span()),
    })
}

fn step(r: &mut Reader<'_>, t: &Table<'_>, mark: Option<&str>) -> Option<Step> {
    r.check_keys(t.get_ref(), STEP_KEYS, "a checklist step");
    let title = opt_text(r, t, "title");
    let text = opt_text(r, t, "text").unwrap_or_default();
    let actor = r.opt_str(t, "actor");
    let own_mark = opt_text(r, t, "mark");
    let sub_mark = own_mark.clone().or_else(|| mark.map(str::to_string));
    let items = r
        .tables(t, "items")
        .iter()
        .filter_map(|i| step(r, i, sub_mark.as_deref()))
        .collect();
    if title.is_none() && text.is_empty() {
        r.diags.push(
            Diagnostic::error(
                "missing-field",
                "a checklist step has neither `title` nor `text`",
                Some(r.loc(t.span().start..t.span().start)),
            )
            .with_hint("add `text = \"...\"`"),
        );
        return None;
    }
    Some(Step {
        mark: own_mark.or_else(|| mark.map(str::to_string)),
        actor,
        title,
        text,
        items,
        loc: r.loc(t.span()),
    })
}

fn checklist(r: &mut Reader<'_>, t: &Table<'_>) -> Option<Checklist> {
    const WHAT: &str = "a checklist";
    let BlockHead { id, title, rule } = block_head(r, t, WHAT, CHECKLIST_KEYS);
    let actors = r.str_array(t, "actors");
    let intro = r.str_array(t, "intro");
    let mut sections = Vec::new();
    for s in r.tables(t, "sections") {
        r.check_keys(s.get_ref(), CHECKLIST_SECTION_KEYS, "a checklist section");
        let heading = opt_text(r, &s, "heading");
        let numbering = match r.opt_str(&s, "numbering") {
            None => Numbering::None,
            Some(n) => match n.value.as_str() {
                "numbers" => Numbering::Numbers,
                "letters" => Numbering::Letters,
                "none" => Numbering::None,
                other => {
                    r.diags.push(
                        Diagnostic::error(
                            "bad-value",
                            format!("numbering = \"{other}\" is not a numbering"),
                            Some(n.loc),
                        )
                        .with_hint("numbering is \"numbers\" (1), 2)...), \"letters\" (a), b)...) or \"none\""),
                    );
                    Numbering::None
                }
            },
        };
        let mark = opt_text(r, &s, "mark");
        let intro = r.str_array(&s, "intro");
        let steps = r
            .tables(&s, "steps")
            .iter()
            .filter_map(|st| step(r, st, mark.as_deref()))
            .collect();
        let outro = r.str_array(&s, "outro");
        sections.push(CheckSection {
            heading,
            numbering,
            intro,
            steps,
            outro,
        });
    }
    let notes = r.str_array(t, "notes");
    Some(Checklist {
        id: id?,
        title: title?.value,
        rule,
        actors,
        intro,
        sections,
        notes,
        loc: r.loc(t.span()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drm_ranges() {
        assert_eq!(parse_drm("-3..+5"), Some((-3, 5)));
        assert_eq!(parse_drm("0..0"), Some((0, 0)));
        assert_eq!(parse_drm("5..-3"), None);
        assert_eq!(parse_drm("-3"), None);
        assert_eq!(parse_drm("-100..+100"), Some((-100, 100)));
        assert_eq!(parse_drm("-3..+101"), None);
        assert_eq!(parse_drm("-9223372036854775808..0"), None);
    }

    #[test]
    fn a_small_results_table_loads() {
        let text = r#"
title = "T"
[[blocks]]
kind = "results"
id = "t"
title = "Table"
dice = "1d6"
columns = ["Result"]
rows = [ { roll = "1-3", results = ["X"] }, { roll = "4+", results = ["-"] } ]
legend = [ { code = "X", text = "Something." } ]
"#;
        let mut diags = Diagnostics::default();
        let chart = load_chart("t", 0, text, &mut diags).expect("loads");
        assert!(diags.list.is_empty(), "{:?}", diags.list);
        let table = chart.results_tables().next().expect("a table");
        assert_eq!(table.rows.len(), 2);
        assert_eq!(table.reach(), (1, 6));
        assert_eq!(table.codes("X & Y*"), vec!["X", "Y"]);
        assert!(table.codes("-").is_empty());
    }
}
