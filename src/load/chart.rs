//! Load stage: a chart file (results tables, roll-range tables, modifier
//! lists, matrices, checklists, notes) into a [`Chart`], reporting unreadable
//! dice, roll ranges and row lengths as located diagnostics.

use super::spec::{Def, OneOf, Tab, block_def, kinds, one_of, table, unknown_kind};
use super::toml::{Reader, Table, parse};
use crate::diag::{Diagnostics, FileId, Loc};
use crate::model::crt::{ColumnKind, CombatColumns, Favour, MAX_RATIO_TERM, PastEnd, Ratio};
use crate::model::{
    BlockKind, CellCodes, Chart, ChartBlock, CheckSection, Checklist, Dice, LegendEntry, Located,
    Lookup, Matrix, MatrixRow, MatrixSection, ModEntry, ModSection, Modifier, ModifierList,
    Numbering, RangeRow, RangeTable, ResultRow, ResultsTable, RollRange, Step,
};
use crate::model::{MAX_MODIFIER_SPAN, modifier_span_problem};

one_of!(impl CellCodes { Codes = "codes", Text = "text" });
one_of!(impl Favour { Defender = "defender", Attacker = "attacker" });
one_of!(impl Numbering { Numbers = "numbers", Letters = "letters", None = "none" });
one_of!(
    /// What a combat results table's columns are (`columns_by`).
    pub enum ColumnsBy {
        Odds = "odds",
        Differential = "differential",
    }
);

table! { pub mod chart_file: "a chart file",
    "A chart: a titled panel of blocks, printed in the chart set.";
    title: req Str("The panel's heading."),
    rule: opt Str("A rule reference printed beside it, e.g. \"5.0\"."),
    blocks: opt Blocks(
        &[
            ("results", &results::DEF),
            ("ranges", &ranges::DEF),
            ("modifiers", &modifiers::DEF),
            ("matrix", &matrix::DEF),
            ("checklist", &checklist::DEF),
            ("notes", &notes::DEF),
        ],
        "The chart's blocks, in order.",
    ),
}

const DICE: &str = "^\\s*[0-9]*[dD][0-9]+\\s*$";
const DICE_HELP: &str = "The dice rolled, NdS: \"1d6\", \"2d6\", \"1d10\".";
const LABEL_HEADER: &str = "The heading over the row labels.";
const ROLL: &str = "\"6\", \"5-6\", \"4 or less\"/\"4-\", \"13 or more\"/\"13+\".";

table! { pub mod results: "a results table", "A results table keyed by (modified) rolls.";
    kind: req Str("The kind of block."),
    beside: opt Bool("Set to the right of the block before."),
    id: req Str("The block's id: what `grogpress odds` and {{ table(\"id\") }} name."),
    title: req Str("The block's title."),
    rule: opt Str("A rule reference printed at the right of the title bar."),
    dice: req Pattern(DICE, DICE_HELP),
    drm: opt Pattern("^\\s*[-+]?[0-9]+\\s*\\.\\.\\s*[-+]?[0-9]+\\s*$",
        "The net modifiers a roll can receive, \"-3..+5\"; omit for a plain roll."),
    roll_header: opt Str("The roll column's heading (default: the game's word `roll`, \"Roll\" in English)."),
    columns: opt StrArray("The column headings."),
    rows: opt Tables(&results_row::DEF),
    cells: opt Word(CellCodes,
        "\"codes\": legend codes joined by \" & \"; \"text\": plain outcomes."),
    none: opt Str("The cell meaning \"no result\" (default \"-\"); tables print it as an en dash."),
    legend: opt Tables(&legend::DEF),
    notes: opt StrArray("Rich-text notes after the block."),
    across: opt Bool("Results as column heads, rolls beneath."),
    columns_by: opt Word(ColumnsBy,
        "A combat results table: the columns are odds ratios (\"1:3\" ... \"6:1\") or strength differentials (\"-3 or less\", \"0\", \"+6 or more\"), rising left to right."),
    round: opt Word(Favour,
        "Odds between two columns go to the column in this side's favour (default \"defender\": the column at or below)."),
    shift: opt Pattern("^\\s*[-+]?[0-9]+\\s*\\.\\.\\s*[-+]?[0-9]+\\s*$",
        "The column shifts an attack can receive, \"-2..+2\"; omit for none."),
    below: opt Str("An attack left of the first column: \"first\" (resolved on it, the default) or a result code it gets whatever the roll."),
    above: opt Str("An attack right of the last column: \"last\" (resolved on it, the default) or a result code it gets whatever the roll."),
    terrain: opt Str("A combat results table: the id of the map (`[[maps]]`) whose terrain's `shift` and `drm` a defender gets (`grogpress odds GAME TABLE --terrain woods`); each must lie within this table's `shift` and `drm`."),
}

table! { pub mod results_row: "a results row",
    "A row: the rolls it answers and a result per column.";
    roll: req Str(ROLL),
    results: opt StrArray("One cell per column."),
}

table! { pub mod legend: "a legend entry",
    "A result code and what it means (`#` stands for a number).";
    code: req Str("The code, e.g. \"A#\"."),
    text: req Str("What it means."),
}

table! { pub mod ranges: "a ranges table", "A table of die ranges.";
    (kind, beside, id, title, rule) = super::results,
    dice = super::results::dice,
    label_header: req Str(LABEL_HEADER),
    span_header: opt Str("A heading over the range columns."),
    columns = super::results::columns,
    words: opt StrArray("Words allowed instead of a range."),
    rows: opt Tables(&ranges_row::DEF),
    notes = super::results::notes,
}

table! { pub mod ranges_row: "a ranges row", "A row: its label lines and a range per column.";
    label: opt StrArray("The label's lines."),
    cells: req StrArray("A range (or word) per column."),
}

table! { pub mod modifiers: "a modifiers list", "A modifier list in headed sections.";
    (kind, beside, id, title, rule) = super::results,
    value_header: opt Str("A header over the values."),
    intro: opt StrArray("Rich-text paragraphs before the block."),
    sections: opt Tables(&modifier_section::DEF),
    notes = super::results::notes,
}

table! { pub mod modifier_section: "a modifiers section", "A section of modifiers.";
    heading: opt Str("The section's heading."),
    entries: opt ArrayOf(
        &Ty::IfHas("options", &modifier_group::DEF, &modifier::DEF,
            "A modifier, or a group of them."),
        "The section's modifiers.",
    ),
}

table! { pub mod modifier_group: "a modifier group", "A group of modifiers tied together.";
    lead: opt Str("A lead-in line."),
    only_one: opt Bool("Use only one of the options."),
    joined: opt Bool("Printed on one line, joined by \" / \"."),
    options: req Tables(&modifier_option::DEF),
}

table! { pub mod modifier_option: "a modifier option", "An option of the group.";
    text: req Str("What the modifier is for."),
    value: req Str("\"+1\", \"-2\", \"-X\", \"+/-X\"."),
}

table! { pub mod modifier: "a modifier", "A modifier.";
    (text, value) = super::modifier_option,
}

table! { pub mod matrix: "a matrix", "A grid of declared symbols.";
    (kind, beside, id, title, rule) = super::results,
    label_header: opt Str(LABEL_HEADER),
    columns = super::results::columns,
    symbols: opt StrArray("Every cell is one of these; each is used."),
    sections: opt Tables(&matrix_section::DEF),
    rows: opt Tables(&matrix_row::DEF),
    lookup: opt Table(&lookup::DEF),
    intro = super::modifiers::intro,
    notes = super::results::notes,
}

table! { pub mod matrix_row: "a matrix row", "A row: its label and a symbol per column.";
    label: opt Str("The row's label."),
    cells: req StrArray("A declared symbol per column."),
}

table! { pub mod matrix_section: "a matrix section", "A headed section of rows.";
    heading: opt Str("The section's heading."),
    rows = super::matrix::rows,
}

table! { pub mod lookup: "a matrix lookup",
    "The first `keys` columns are conditions; each combination needs exactly one row.";
    keys: req IntIn(Some(0), None, "How many condition columns."),
    values: opt StrArray("The values a condition takes."),
}

table! { pub mod checklist: "a checklist", "Steps in headed sections.";
    (kind, beside, id, title, rule) = super::results,
    actors: opt StrArray("Who may carry out a step."),
    intro = super::modifiers::intro,
    sections: opt Tables(&checklist_section::DEF),
    notes = super::results::notes,
}

table! { pub mod checklist_section: "a checklist section", "A section of steps.";
    heading: opt Str("The section's heading."),
    numbering: opt Word(Numbering, "1), 2)...; a), b)...; or marks."),
    mark: opt Str("Printed before unnumbered steps and sub-items."),
    intro: opt StrArray("Paragraphs before the steps."),
    steps: opt ArrayOf(&Ty::Ref("step"), "The steps."),
    outro: opt StrArray("Paragraphs after the steps."),
}

// A checklist step; its sub-items are steps too.
table! { pub mod step: "a checklist step",
    "A step: a title and/or text, who carries it out, sub-items.";
    title: opt Str("The step's title."),
    text: opt Str("The step's text."),
    actor: opt Str("One of the checklist's actors."),
    mark: opt Str("A mark printed before it."),
    items: opt ArrayOf(&Ty::Ref("step"), "Sub-items."),
}

table! { pub mod notes: "a notes block", "Paragraphs.";
    (kind, beside) = super::results,
    text: opt StrArray("Rich-text paragraphs."),
}

pub fn load_chart(id: &str, file: FileId, text: &str, diags: &mut Diagnostics) -> Option<Chart> {
    use chart_file as k;
    let root = parse(file, text, diags)?;
    let mut r = Reader::new(file, diags);
    let root = r.open(&root, &k::DEF);
    let title = r.get(&root, k::title).map(|t| t.value).unwrap_or_default();
    let rule = r.get(&root, k::rule);
    let blocks = r
        .get_as::<kinds::Tables, _>(&root, k::blocks)
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
    let head = Tab::new(t, "[[blocks]]");
    let kind = r.get(&head, results::kind)?;
    let beside = r.get(&head, results::beside).unwrap_or(false);
    let loc = kind.loc;
    let Some(def) = block_def(chart_file::blocks, &kind.value) else {
        r.diags.push(unknown_kind(chart_file::blocks, &kind));
        return None;
    };
    let t = &r.open(t, def);
    let kind = match kind.value.as_str() {
        "results" => BlockKind::Results(results(r, t)?),
        "ranges" => BlockKind::Ranges(ranges(r, t)?),
        "modifiers" => BlockKind::Modifiers(modifiers(r, t)?),
        "matrix" => BlockKind::Matrix(matrix(r, t)?),
        "checklist" => BlockKind::Checklist(checklist(r, t)?),
        // "notes", the one kind left.
        _ => BlockKind::Notes(r.get(t, notes::text)),
    };
    Some(ChartBlock { kind, beside, loc })
}

/// The values of strings.
fn texts(strings: Vec<Located<String>>) -> Vec<String> {
    strings.into_iter().map(|s| s.value).collect()
}

/// What every titled block starts with (each read, or None where a
/// diagnostic was reported).
struct BlockHead {
    id: Option<Located<String>>,
    title: Option<Located<String>>,
    rule: Option<Located<String>>,
}

/// A titled block's id, title and rule, in that order.
fn block_head(r: &mut Reader<'_>, t: &Tab<'_, '_>) -> BlockHead {
    BlockHead {
        id: r.get(t, results::id),
        title: r.get(t, results::title),
        rule: r.get(t, results::rule),
    }
}

fn dice(r: &mut Reader<'_>, t: &Tab<'_, '_>) -> Option<Located<Dice>> {
    let d = r.get(t, results::dice)?;
    match Dice::parse(&d.value) {
        Some(dice) => Some(Located::new(dice, d.loc)),
        None => {
            r.diags.push(crate::error!(
                "bad-dice", Some(d.loc), "`{}` is not a dice roll", d.value;
                hint: "write dice as NdS: \"1d6\", \"2d6\", \"1d10\""
            ));
            None
        }
    }
}

/// "-3..+5" into (-3, 5).
pub fn parse_drm(s: &str) -> Option<(i64, i64)> {
    let (a, b) = s.trim().split_once("..")?;
    let num = |x: &str| x.trim().trim_start_matches('+').parse::<i64>().ok();
    let (lo, hi) = (num(a)?, num(b)?);
    (lo <= hi).then_some((lo, hi))
}

fn roll_range(r: &mut Reader<'_>, s: &Located<String>) -> Option<Located<RollRange>> {
    match RollRange::parse(&s.value) {
        Some(range) => Some(Located::new(range, s.loc)),
        None => {
            r.diags.push(crate::error!(
                "bad-roll-range", Some(s.loc), "`{}` is not a roll range", s.value;
                hint: "write \"6\", \"5-6\", \"4 or less\" (\"4-\") or \"13 or more\" (\"13+\")"
            ));
            None
        }
    }
}

fn row_length(r: &mut Reader<'_>, cells: usize, columns: usize, loc: &Loc, what: &str) -> bool {
    if cells == columns {
        return true;
    }
    r.diags.push(crate::error!(
        "bad-row-length", Some(*loc),
        "this {what} has {cells} cells but the table has {columns} columns";
        hint: "give one cell per column, in column order"
    ));
    false
}

fn results(r: &mut Reader<'_>, t: &Tab<'_, '_>) -> Option<ResultsTable> {
    let BlockHead { id, title, rule } = block_head(r, t);
    let dice = dice(r, t);
    use results as k;
    let drm = match r.get(t, k::drm) {
        None => Some(Located::new((0, 0), r.loc(t.span().start..t.span().start))),
        Some(s) => modifier_range(r, s, "net modifiers the table can really receive"),
    };
    // None given: the game's word for it (`crt::add_engine_texts`).
    let roll_header = r.get(t, k::roll_header).map(|s| s.value);
    let columns = r.get(t, k::columns);
    // A word not among cells' is told by the reader (`bad-value`).
    let cells = match (r.get(t, k::cells), k::cells.of(t.table)) {
        (Some(s), _) => Some(s.value),
        (None, Some(_)) => None,
        (None, None) => Some(CellCodes::Codes),
    };
    let none = r
        .get(t, k::none)
        .map_or_else(|| "-".to_string(), |s| s.value);
    let across = r.get(t, k::across).unwrap_or(false);
    let mut rows = Vec::new();
    for row in r.get(t, k::rows) {
        let row = r.open(&row, &results_row::DEF);
        let loc = r.loc(row.span());
        let roll = r.get(&row, results_row::roll);
        let results = r.get(&row, results_row::results);
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
    for entry in r.get(t, k::legend) {
        let entry = r.open(&entry, &legend::DEF);
        let code = r.get(&entry, legend::code);
        let text = r.get(&entry, legend::text);
        if let (Some(code), Some(text)) = (code, text) {
            legend.push(LegendEntry {
                code,
                text: text.value,
            });
        }
    }
    // The note of how a combat table is read is added in the game's words
    // once they are read (`crt::add_engine_texts`).
    let notes = r.get(t, results::notes);
    let combat = combat_columns(r, t, &columns);
    Some(ResultsTable {
        id: id?,
        title: title?.value,
        rule,
        dice: dice?,
        drm: drm?,
        roll_header_given: roll_header.is_some(),
        roll_header: roll_header.unwrap_or_default(),
        columns,
        rows,
        cells: cells?,
        none,
        legend,
        notes,
        across,
        combat: combat?,
        combat_note: false,
        loc: r.loc(t.span()),
    })
}

/// A declared modifier range ("-3..+5"): located, within the limit.
fn modifier_range(
    r: &mut Reader<'_>,
    s: Located<String>,
    what: &str,
) -> Option<Located<(i64, i64)>> {
    match parse_drm(&s.value) {
        Some(range) if let Some(why) = modifier_span_problem(range) => {
            r.diags.push(crate::error!(
                "limit-exceeded", Some(s.loc), "`{}`: {why}", s.value;
                hint: "declare the {what}, e.g. \"-3..+5\" (at most {MAX_MODIFIER_SPAN} of them)"
            ));
            None
        }
        Some(range) => Some(Located::new(range, s.loc)),
        None => {
            r.diags.push(crate::error!(
                "bad-value", Some(s.loc), "`{}` is not a modifier range", s.value;
                hint: "write the lowest and highest net modifier: \"-3..+5\""
            ));
            None
        }
    }
}

/// The column axis of a combat results table (`columns_by`): each column
/// heading read as an odds ratio or a differential. `Some(None)` for an
/// ordinary results table; `None` after an error.
fn combat_columns(
    r: &mut Reader<'_>,
    t: &Tab<'_, '_>,
    columns: &[Located<String>],
) -> Option<Option<CombatColumns>> {
    use results as k;
    let by = r.get(t, k::columns_by);
    let round = r.get(t, k::round);
    let shift = r.get(t, k::shift);
    let below = r.get(t, k::below);
    let above = r.get(t, k::above);
    let terrain = r.get(t, k::terrain);
    let Some(by) = by else {
        // The combat keys mean nothing without columns_by.
        let round = round.map(|f| Located {
            value: f.value.word().to_string(),
            loc: f.loc,
        });
        for key in [round, shift, below, above, terrain].into_iter().flatten() {
            r.diags.push(crate::error!(
                "bad-value", Some(key.loc),
                "`{}` applies only to a combat results table", key.value;
                hint: "add columns_by = \"odds\" or \"differential\", or remove this key"
            ));
        }
        return Some(None);
    };
    let mut ok = true;
    let kind = if by.value == ColumnsBy::Odds {
        let mut ratios = Vec::new();
        for c in columns {
            match Ratio::parse(&crate::text::plain_text(&c.value)) {
                Some(ratio) => ratios.push(ratio),
                None => {
                    ok = false;
                    r.diags.push(
                        crate::error!(
                            "bad-value", Some(c.loc),
                            "column `{}` is not an odds ratio", c.value;
                            hint: "write the odds attacker to defender, \"1:2\", \"3:1\" (each side 1 to {MAX_RATIO_TERM})"
                        ),
                    );
                }
            }
        }
        let favour = round.as_ref().map_or(Favour::Defender, |f| f.value);
        ColumnKind::Odds { ratios, favour }
    } else {
        if let Some(round) = &round {
            ok = false;
            r.diags.push(crate::error!(
                "bad-value", Some(round.loc), "`round` applies only to odds columns";
                hint: "a differential falls in one column exactly; remove `round`"
            ));
        }
        let mut ranges = Vec::new();
        for c in columns {
            match RollRange::parse(&crate::text::plain_text(&c.value)) {
                Some(range) => ranges.push(range),
                None => {
                    ok = false;
                    r.diags.push(
                        crate::error!(
                            "bad-value", Some(c.loc),
                            "column `{}` is not a strength differential", c.value;
                            hint: "write a differential or a range of them: \"-3 or less\", \"-1\", \"+1-+2\", \"+6 or more\""
                        ),
                    );
                }
            }
        }
        ColumnKind::Differential { ranges }
    };
    if columns.is_empty() {
        ok = false;
        r.diags.push(crate::error!(
            "missing-field", Some(by.loc), "a combat results table needs its columns";
            hint: "columns = [\"1:2\", \"1:1\", \"2:1\", \"3:1\"]"
        ));
    }
    let shift = match shift {
        Some(s) => modifier_range(r, s, "column shifts an attack can receive"),
        None => Some(Located::new((0, 0), by.loc)),
    };
    let past = |s: Option<Located<String>>, end: &str| match s {
        Some(s) if s.value != end => PastEnd::Result(s),
        _ => PastEnd::EndColumn,
    };
    let (below, above) = (past(below, "first"), past(above, "last"));
    let (Some(shift), true) = (shift, ok) else {
        return None;
    };
    Some(Some(CombatColumns {
        kind,
        shift,
        below,
        above,
        terrain: terrain.map(Box::new),
    }))
}

fn ranges(r: &mut Reader<'_>, t: &Tab<'_, '_>) -> Option<RangeTable> {
    let BlockHead { id, title, rule } = block_head(r, t);
    let dice = dice(r, t);
    use ranges as k;
    let label_header = r.get(t, k::label_header);
    let span_header = r.get(t, k::span_header).map(|s| s.value);
    let columns = texts(r.get(t, k::columns));
    let words = texts(r.get(t, k::words));
    let mut rows = Vec::new();
    for row in r.get(t, k::rows) {
        let row = r.open(&row, &ranges_row::DEF);
        let loc = r.loc(row.span());
        let label = texts(r.get(&row, ranges_row::label));
        let cells = r.get(&row, ranges_row::cells);
        if row_length(r, cells.len(), columns.len(), &loc, "row") {
            rows.push(RangeRow { label, cells, loc });
        }
    }
    let notes = r.get(t, results::notes);
    Some(RangeTable {
        id: id?,
        title: title?.value,
        rule,
        dice: dice?,
        label_header: label_header?.value,
        columns,
        span_header,
        words,
        open: Vec::new(),
        rows,
        notes,
        loc: r.loc(t.span()),
    })
}

/// A modifier, or an option of a modifier group.
fn modifier(r: &mut Reader<'_>, t: &Table<'_>, def: &'static Def) -> Option<Modifier> {
    let t = r.open(t, def);
    let text = r.get(&t, modifier::text);
    let value = r.get(&t, modifier::value);
    Some(Modifier {
        text: text?.value,
        value: value?,
    })
}

fn modifiers(r: &mut Reader<'_>, t: &Tab<'_, '_>) -> Option<ModifierList> {
    let BlockHead { id, title, rule } = block_head(r, t);
    use modifier_group as g;
    let value_header = r.get(t, modifiers::value_header).map(|s| s.value);
    let intro = r.get(t, modifiers::intro);
    let mut sections = Vec::new();
    for s in r.get(t, modifiers::sections) {
        let s = r.open(&s, &modifier_section::DEF);
        let heading = r.get(&s, modifier_section::heading).map(|s| s.value);
        let mut entries = Vec::new();
        for e in r.get_as::<kinds::Tables, _>(&s, modifier_section::entries) {
            if g::options.of(&e).is_some() {
                let e = r.open(&e, &g::DEF);
                let lead = r.get(&e, g::lead).map(|s| s.value);
                let only_one = r.get(&e, g::only_one).unwrap_or(false);
                let joined = r.get(&e, g::joined).unwrap_or(false);
                let options = r
                    .get(&e, g::options)
                    .iter()
                    .filter_map(|o| modifier(r, o, &modifier_option::DEF))
                    .collect();
                entries.push(ModEntry::Group {
                    lead,
                    only_one,
                    joined,
                    options,
                    loc: r.loc(e.span()),
                });
            } else {
                if let Some(m) = modifier(r, &e, &modifier::DEF) {
                    entries.push(ModEntry::One(m));
                }
            }
        }
        sections.push(ModSection { heading, entries });
    }
    let notes = r.get(t, results::notes);
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

/// The rows of a matrix, or of one of its sections.
fn matrix_rows(r: &mut Reader<'_>, t: &Tab<'_, '_>, columns: usize) -> Vec<MatrixRow> {
    let mut rows = Vec::new();
    for row in r.get(t, matrix::rows) {
        let row = r.open(&row, &matrix_row::DEF);
        let loc = r.loc(row.span());
        let label = r.get(&row, matrix_row::label).map(|s| s.value);
        let cells = r.get(&row, matrix_row::cells);
        if row_length(r, cells.len(), columns, &loc, "row") {
            rows.push(MatrixRow {
                label,
                cells,
                swatch: None,
                loc,
            });
        }
    }
    rows
}

fn matrix(r: &mut Reader<'_>, t: &Tab<'_, '_>) -> Option<Matrix> {
    let BlockHead { id, title, rule } = block_head(r, t);
    use matrix as k;
    let lookup = r.get(t, k::lookup).and_then(|l| {
        let l = r.open(&l, &lookup::DEF);
        let keys = r.get(&l, lookup::keys)?;
        let values = texts(r.get(&l, lookup::values));
        Some(Lookup {
            keys: usize::try_from(keys.value).unwrap_or(0),
            values,
            loc: keys.loc,
        })
    });
    let label_header = r.get(t, k::label_header).map(|s| s.value);
    let columns = texts(r.get(t, k::columns));
    let symbols = r.get(t, k::symbols);
    let intro = r.get(t, k::intro);
    let mut sections = Vec::new();
    let direct = matrix_rows(r, t, columns.len());
    if !direct.is_empty() {
        sections.push(MatrixSection {
            heading: None,
            rows: direct,
        });
    }
    for s in r.get(t, k::sections) {
        let s = r.open(&s, &matrix_section::DEF);
        let heading = r.get(&s, matrix_section::heading).map(|s| s.value);
        let rows = matrix_rows(r, &s, columns.len());
        sections.push(MatrixSection { heading, rows });
    }
    let notes = r.get(t, results::notes);
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
        made_symbols: None,
        loc: r.loc(t.span()),
    })
}

fn step(r: &mut Reader<'_>, t: &Table<'_>, mark: Option<&str>) -> Option<Step> {
    use step as k;
    let t = &r.open(t, &k::DEF);
    let title = r.get(t, k::title).map(|s| s.value);
    let text = r.get(t, k::text).map(|s| s.value).unwrap_or_default();
    let actor = r.get(t, k::actor);
    let own_mark = r.get(t, k::mark).map(|s| s.value);
    let sub_mark = own_mark.clone().or_else(|| mark.map(str::to_string));
    let items = r
        .get_as::<kinds::Tables, _>(t, k::items)
        .iter()
        .filter_map(|i| step(r, i, sub_mark.as_deref()))
        .collect();
    if title.is_none() && text.is_empty() {
        r.diags.push(crate::error!(
            "missing-field", Some(r.loc(t.span().start..t.span().start)),
            "a checklist step has neither `title` nor `text`";
            hint: "add `text = \"...\"`"
        ));
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

fn checklist(r: &mut Reader<'_>, t: &Tab<'_, '_>) -> Option<Checklist> {
    let BlockHead { id, title, rule } = block_head(r, t);
    use checklist_section as c;
    let actors = r.get(t, checklist::actors);
    let intro = r.get(t, checklist::intro);
    let mut sections = Vec::new();
    for s in r.get(t, checklist::sections) {
        let s = r.open(&s, &c::DEF);
        let heading = r.get(&s, c::heading).map(|s| s.value);
        // A word not among numbering's is told by the reader (`bad-value`).
        let numbering = r.get(&s, c::numbering).map_or(Numbering::None, |n| n.value);
        let mark = r.get(&s, c::mark).map(|s| s.value);
        let intro = r.get(&s, c::intro);
        let steps = r
            .get_as::<kinds::Tables, _>(&s, c::steps)
            .iter()
            .filter_map(|st| step(r, st, mark.as_deref()))
            .collect();
        let outro = r.get(&s, c::outro);
        sections.push(CheckSection {
            heading,
            numbering,
            intro,
            steps,
            outro,
        });
    }
    let notes = r.get(t, results::notes);
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
