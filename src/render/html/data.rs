//! Render (HTML): the data shortcodes — `table("combat")` (a chart or a
//! random table, each roll row with its chance drawn as a bar),
//! `collection("units")` (a collection as a table) and `dice("dice", "role")`
//! (each die of a collection, its faces drawn with their icons) — from the game's model into
//! values for the Tera templates `table.html` and `dice.html`; where a table
//! has its anchor, each body row gets one too (`table-combat.3`) and its text
//! is handed back for the search index.

use std::collections::BTreeMap;

use tera::{Context, Tera, Value};

use crate::layout::{Cell, RowKind, TableSpec, block_specs};
use crate::model::{
    BlockKind, Chart, Deck, FieldValue, Icon, RandomTable, ResultsTable, RollRange, RowOdds,
    Shortcode, Style, block_anchor, block_id_title, face_symbols, row_odds,
};
use crate::render::RenderError;
use crate::render::svg::{escape, fixed, path_data};
use crate::text::icons::split_icons;
use crate::text::parse_rich;

/// A table row shown with its anchor: for the search index.
#[derive(Clone, Debug, PartialEq)]
pub struct ShownRow {
    /// The table's title (a chart's, with its block's).
    pub table: String,
    pub anchor: String,
    /// The anchor of the table the row is in: a chart block's own
    /// (`table-combat-barrage`), else the shortcode's.
    pub table_anchor: String,
    /// The row's cells as plain text.
    pub text: String,
}

/// Gives the body rows of a table shown with an anchor theirs: the table's
/// anchor, a dot and the row's number (`table-combat.3`; a chart numbers
/// its rows across all its tables). No heading or other anchor has a dot
/// (they are slugs), so these never clash with them.
struct RowIds<'a> {
    base: Option<String>,
    /// The anchor of the chart block being shown, if it has one.
    block: Option<String>,
    next: usize,
    rows: &'a mut Vec<ShownRow>,
}

impl RowIds<'_> {
    fn next(&mut self, table: &str, text: String) -> Option<String> {
        let base = self.base.as_ref()?;
        self.next += 1;
        let anchor = format!("{base}.{}", self.next);
        self.rows.push(ShownRow {
            table: table.to_string(),
            anchor: anchor.clone(),
            table_anchor: self.block.clone().unwrap_or_else(|| base.clone()),
            text,
        });
        Some(anchor)
    }
}

/// What a data shortcode needs from the site.
pub struct DataSource<'a> {
    pub game: &'a crate::model::Game,
    pub icons: &'a [Icon],
    pub tera: &'a Tera,
}

/// The HTML of a data shortcode; None if `code` is not one. Where it has
/// its anchor (`id`), the rows it shows, with theirs, are added to `rows`.
pub fn data_shortcode(
    src: &DataSource<'_>,
    code: &Shortcode,
    id: Option<String>,
    rows: &mut Vec<ShownRow>,
) -> Option<Result<String, RenderError>> {
    let arg = code.args.first().map(|a| a.value.as_str());
    let mut row_ids = RowIds {
        base: id.clone(),
        block: None,
        next: 0,
        rows,
    };
    let result = match code.name.as_str() {
        "table" => {
            let name = arg.unwrap_or_default();
            if let Some(chart) = src.game.charts.iter().find(|c| c.id == name) {
                chart_html(src, chart, id, &mut row_ids)
            } else if let Some(t) = src.game.random_tables.iter().find(|t| t.id == name) {
                let value = random_table_value(t, &src.game.words, id, &mut row_ids);
                render(src, "table.html", "table", value)
            } else if let Some(alone) = crate::model::block_alone(src.game, name) {
                chart_html(src, &alone, id, &mut row_ids)
            } else {
                Err(RenderError::Shortcode(format!(
                    "no chart, chart block or random table `{name}`"
                )))
            }
        }
        "collection" => {
            let name = arg.unwrap_or_default();
            match src.game.collection(name) {
                Some(c) => {
                    let value = collection_value(c, id, &mut row_ids);
                    render(src, "table.html", "table", value)
                }
                None => Err(RenderError::Shortcode(format!("no collection `{name}`"))),
            }
        }
        "dice" => {
            let name = arg.unwrap_or_default();
            let note = code.args.get(1).map(|a| a.value.as_str());
            match src.game.collection(name) {
                Some(dice) => render(src, "dice.html", "dice", dice_value(src, dice, note, id)),
                None => Err(RenderError::Shortcode(format!("no collection `{name}`"))),
            }
        }
        _ => return None,
    };
    Some(result)
}

fn render(
    src: &DataSource<'_>,
    template: &str,
    key: &'static str,
    value: Value,
) -> Result<String, RenderError> {
    let mut context = Context::new();
    context.insert_value(key, value);
    // The heading of the odds column, in the game's words.
    context.insert_value("chance", Value::from(src.game.words.chance.as_str()));
    context.insert_value("words", super::words_value(&src.game.words));
    src.tera
        .render(template, &context)
        .map_err(|e| RenderError::template(template, e))
}

/// A chart: each of its blocks as one or more tables, results tables with
/// odds; where the chart has its anchor (`id`), each block's first table has
/// the block's (`table-combat-barrage`).
fn chart_html(
    src: &DataSource<'_>,
    chart: &Chart,
    id: Option<String>,
    row_ids: &mut RowIds<'_>,
) -> Result<String, RenderError> {
    let mut tables = Vec::new();
    for block in &chart.blocks {
        let results = match &block.kind {
            BlockKind::Results(t) => Some(t),
            _ => None,
        };
        let anchor = id.as_deref().and_then(|a| block_anchor(a, block));
        row_ids.block = anchor.clone();
        let title = match block_id_title(block) {
            Some((_, t)) if !t.is_empty() && t != chart.title => format!("{} — {t}", chart.title),
            _ => chart.title.clone(),
        };
        for (i, spec) in block_specs(block, false).iter().enumerate() {
            let odds = results.filter(|_| i == 0).map(results_odds);
            let across = results.is_some_and(|t| t.across);
            let spec_id = anchor.clone().filter(|_| i == 0);
            let shown = SpecShown {
                odds: odds.as_deref(),
                across,
                id: spec_id,
                title: &title,
            };
            let value = spec_value(spec, shown, src.icons, row_ids, &src.game.words);
            tables.push(render(src, "table.html", "table", value)?);
        }
    }
    let mut context = Context::new();
    context.insert_value(
        "chart",
        map([
            ("id", Value::from(id)),
            ("title", Value::from(chart.title.as_str())),
            (
                "rule",
                Value::from(chart.rule.as_ref().map(|r| r.value.clone())),
            ),
            ("tables", Value::from(tables)),
        ]),
    );
    src.tera
        .render("chart.html", &context)
        .map_err(|e| RenderError::template("chart.html", e))
}

fn results_odds(t: &ResultsTable) -> Vec<RowOdds> {
    let ranges: Vec<RollRange> = t.rows.iter().map(|r| r.roll.value).collect();
    row_odds(t.dice.value, &ranges, 0)
}

/// A row's chance as a value: its fraction, percentage and bar width (0-100).
fn odds_value(o: RowOdds, words: &crate::text::Words) -> Value {
    let fraction = o.fraction();
    let percent = o.percent();
    // In the language's numbers: "50,0%" in German.
    let shown = words.number(&format!("{percent:.1}"));
    map([
        ("fraction", Value::from(fraction)),
        ("percent", Value::from(format!("{shown}%"))),
        ("width", Value::from(format!("{percent:.2}"))),
    ])
}

fn cell_value(html: String, span: usize, header: bool) -> Value {
    map([
        ("html", Value::from(html)),
        ("span", Value::from(span)),
        ("header", Value::from(header)),
    ])
}

/// How a chart's table is shown: `odds` go beside each body row (or, for a
/// table printed across, as a row of bars under the rolls); `id` is the
/// table's anchor, `title` what its rows are found under.
struct SpecShown<'a> {
    odds: Option<&'a [RowOdds]>,
    across: bool,
    id: Option<String>,
    title: &'a str,
}

/// A laid-out table spec as a template value.
fn spec_value(
    spec: &TableSpec,
    shown: SpecShown<'_>,
    icons: &[Icon],
    row_ids: &mut RowIds<'_>,
    words: &crate::text::Words,
) -> Value {
    let SpecShown {
        odds,
        across,
        id,
        title,
    } = shown;
    let columns = spec.columns.len();
    let head: Vec<Value> = spec
        .header
        .iter()
        .map(|row| {
            Value::from(
                row.cells
                    .iter()
                    .map(|c| cell_value(cell_html(c, icons), c.span, true))
                    .collect::<Vec<_>>(),
            )
        })
        .collect();
    let preamble: Vec<Value> = spec
        .preamble
        .iter()
        .map(|row| Value::from(joined(&row.cells, icons)))
        .collect();
    let mut body_index = 0;
    let mut rows: Vec<Value> = Vec::new();
    for row in &spec.rows {
        let section = row.kind == RowKind::Section;
        let cells: Vec<Value> = row
            .cells
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let extra = usize::from(odds.is_some() && !across);
                let span = if section { columns + extra } else { c.span };
                cell_value(cell_html(c, icons), span, i == 0 && !across && !section)
            })
            .collect();
        let row_odds = match (odds, section, across) {
            (Some(o), false, false) => {
                let v = o.get(body_index).copied().map(|o| odds_value(o, words));
                body_index += 1;
                Value::from(v)
            }
            _ => null(),
        };
        let row_id = if section {
            None
        } else {
            let text: Vec<String> = row.cells.iter().map(|c| plain_text(&c.text)).collect();
            row_ids.next(title, text.join(" · "))
        };
        rows.push(map([
            ("id", Value::from(row_id)),
            ("section", Value::from(section)),
            ("cells", Value::from(cells)),
            ("odds", row_odds),
        ]));
    }
    let odds_row = match (odds, across) {
        (Some(o), true) => Value::from(o.iter().map(|o| odds_value(*o, words)).collect::<Vec<_>>()),
        _ => null(),
    };
    map([
        ("id", Value::from(id)),
        ("title", Value::from(spec.title.clone())),
        ("rule", Value::from(spec.rule.clone())),
        ("ruled", Value::from(spec.ruled)),
        ("preamble", Value::from(preamble)),
        ("head", Value::from(head)),
        ("rows", Value::from(rows)),
        ("has_odds", Value::from(odds.is_some() && !across)),
        ("odds_row", odds_row),
        ("notes", Value::from(Vec::<Value>::new())),
    ])
}

/// A random table: roll, result and the roll's chance.
fn random_table_value(
    t: &RandomTable,
    words: &crate::text::Words,
    id: Option<String>,
    row_ids: &mut RowIds<'_>,
) -> Value {
    let ranges: Vec<RollRange> = t.rows.iter().map(|r| r.roll.value).collect();
    let odds = row_odds(t.dice.value, &ranges, 0);
    let rows: Vec<Value> = t
        .rows
        .iter()
        .zip(odds)
        .map(|(row, o)| {
            let roll = row.roll.value.text(words);
            let text = format!("{roll} · {}", plain_text(&row.result.value));
            map([
                ("id", Value::from(row_ids.next(&t.name, text))),
                ("section", Value::from(false)),
                (
                    "cells",
                    Value::from(vec![
                        cell_value(escape(&roll), 1, true),
                        cell_value(escape(&row.result.value), 1, false),
                    ]),
                ),
                ("odds", odds_value(o, words)),
            ])
        })
        .collect();
    let head = vec![Value::from(vec![
        cell_value(escape(&t.dice.value.to_string()), 1, true),
        cell_value(escape(&words.result), 1, true),
    ])];
    map([
        ("id", Value::from(id)),
        ("title", Value::from(t.name.as_str())),
        ("rule", null()),
        ("ruled", Value::from(true)),
        ("preamble", Value::from(Vec::<Value>::new())),
        ("head", Value::from(head)),
        ("rows", Value::from(rows)),
        ("has_odds", Value::from(true)),
        ("odds_row", null()),
        ("notes", Value::from(Vec::<Value>::new())),
    ])
}

/// The fields of a collection shown as columns: the name first, no id or alias.
fn shown_fields(c: &Deck) -> Vec<usize> {
    let name = c.field_index("name");
    let mut fields: Vec<usize> = name.into_iter().collect();
    fields.extend(
        (0..c.fields.len())
            .filter(|&i| Some(i) != name && !matches!(c.fields[i].name.as_str(), "id" | "alias")),
    );
    fields
}

/// "attack_die" → "Attack die".
pub(super) fn field_heading(name: &str) -> String {
    let spaced = name.replace(['_', '-'], " ");
    let mut chars = spaced.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// A collection as a table: one row per item, one column per field.
fn collection_value(c: &Deck, id: Option<String>, row_ids: &mut RowIds<'_>) -> Value {
    let fields = shown_fields(c);
    let head = vec![Value::from(
        fields
            .iter()
            .map(|&i| cell_value(escape(&field_heading(&c.fields[i].name)), 1, true))
            .collect::<Vec<_>>(),
    )];
    let rows: Vec<Value> = c
        .cards
        .iter()
        .map(|item| {
            let texts: Vec<String> = fields
                .iter()
                .map(|&i| match item.values.get(i).and_then(|v| v.as_ref()) {
                    Some(v) => match &v.value {
                        FieldValue::List(faces) => crate::model::faces_text(faces),
                        other => c.fields[i].printed(other),
                    },
                    // No value: an empty cell (a "-" the data writes is kept).
                    None => String::new(),
                })
                .collect();
            let cells: Vec<Value> = texts
                .iter()
                .enumerate()
                .map(|(n, text)| cell_value(escape(text), 1, n == 0))
                .collect();
            let found = fields
                .iter()
                .zip(&texts)
                .filter(|(_, text)| !text.is_empty())
                .map(|(&i, text)| format!("{}: {text}", field_heading(&c.fields[i].name)))
                .collect::<Vec<_>>()
                .join(" · ");
            map([
                ("id", Value::from(row_ids.next(&c.name, found))),
                ("section", Value::from(false)),
                ("cells", Value::from(cells)),
                ("odds", null()),
            ])
        })
        .collect();
    map([
        ("id", Value::from(id)),
        ("title", Value::from(c.name.as_str())),
        ("rule", null()),
        ("ruled", Value::from(true)),
        ("preamble", Value::from(Vec::<Value>::new())),
        ("head", Value::from(head)),
        ("rows", Value::from(rows)),
        ("has_odds", Value::from(false)),
        ("odds_row", null()),
        ("notes", Value::from(Vec::<Value>::new())),
    ])
}

/// Every die with its faces, each face's symbols as inline SVG icons, and
/// the value of the field `note` names (printed beside the die's name).
fn dice_value(src: &DataSource<'_>, dice: &Deck, note: Option<&str>, id: Option<String>) -> Value {
    let faces_field = dice
        .fields
        .iter()
        .position(|f| matches!(f.kind, crate::model::FieldKind::Faces { .. }));
    let dice_values: Vec<Value> = dice
        .cards
        .iter()
        .map(|die| {
            let item = dice.item_ref(die);
            let faces: Vec<String> = match faces_field
                .and_then(|i| die.values.get(i))
                .and_then(|v| v.as_ref())
                .map(|v| &v.value)
            {
                Some(FieldValue::List(list)) => list.iter().map(|f| f.value.clone()).collect(),
                _ => Vec::new(),
            };
            let faces: Vec<Value> = faces
                .iter()
                .map(|face| {
                    let symbols: Vec<&str> = face_symbols(face).collect();
                    let icons: Vec<String> =
                        symbols.iter().map(|s| icon_svg(src.icons, s)).collect();
                    let label = if symbols.is_empty() {
                        src.game.words.blank.clone()
                    } else {
                        symbols.join(", ")
                    };
                    map([("label", Value::from(label)), ("icons", Value::from(icons))])
                })
                .collect();
            map([
                ("name", Value::from(item.name)),
                ("note", Value::from(note.and_then(|f| dice.get(die, f)))),
                ("faces", Value::from(faces)),
            ])
        })
        .collect();
    map([("id", Value::from(id)), ("dice", Value::from(dice_values))])
}

/// An icon as inline SVG (hidden from screen readers: the face carries a label);
/// a symbol without an icon is its name in words.
pub fn icon_svg(icons: &[Icon], name: &str) -> String {
    let Some(icon) = icons.iter().find(|i| i.name == name) else {
        return format!("<span class=\"icon-word\">{}</span>", escape(name));
    };
    let (x, y, w, h) = icon.view_box;
    format!(
        "<svg class=\"icon icon-{}\" aria-hidden=\"true\" focusable=\"false\" viewBox=\"{} {} {} {}\"><path fill=\"currentColor\" d=\"{}\"/></svg>",
        escape(&crate::model::slug(name)),
        fixed(x, 2),
        fixed(y, 2),
        fixed(w, 2),
        fixed(h, 2),
        path_data(&icon.path, 2)
    )
}

/// Cells of a row joined by spaces, as HTML.
fn joined(cells: &[Cell], icons: &[Icon]) -> String {
    cells
        .iter()
        .map(|c| cell_html(c, icons))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A cell's rich text as HTML, in the cell's own style.
fn cell_html(cell: &Cell, icons: &[Icon]) -> String {
    let html = rich_html(&cell.text, icons);
    let html = match cell.style {
        Style::Regular => html,
        Style::Bold => format!("<strong>{html}</strong>"),
        Style::Italic => format!("<em>{html}</em>"),
        Style::BoldItalic => format!("<strong><em>{html}</em></strong>"),
    };
    match &cell.swatch {
        Some(swatch) => format!("{} {html}", super::map_page::swatch_svg(swatch, icons)),
        None => html,
    }
}

/// Rich text as the words it shows: no `**` or `*` marks.
pub(super) fn plain_text(src: &str) -> String {
    parse_rich(src).into_iter().map(|span| span.text).collect()
}

/// `**bold**` and `*italic*` as `<strong>`/`<em>`, line breaks as `<br>`; text escaped.
pub(super) fn rich_html(src: &str, icons: &[Icon]) -> String {
    let known: Vec<&str> = icons.iter().map(|i| i.name.as_str()).collect();
    let mut out = String::new();
    for span in parse_rich(src) {
        let mut text = String::new();
        for (plain, icon) in split_icons(&span.text, &known) {
            text.push_str(&escape(plain).replace('\n', "<br>"));
            if let Some(name) = icon {
                text.push_str(&icon_svg(icons, name));
            }
        }
        match (span.bold, span.italic) {
            (true, true) => out.push_str(&format!("<strong><em>{text}</em></strong>")),
            (true, false) => out.push_str(&format!("<strong>{text}</strong>")),
            (false, true) => out.push_str(&format!("<em>{text}</em>")),
            (false, false) => out.push_str(&text),
        }
    }
    out
}

fn map<const N: usize>(pairs: [(&'static str, Value); N]) -> Value {
    Value::from(pairs.into_iter().collect::<BTreeMap<&'static str, Value>>())
}

fn null() -> Value {
    Value::from(None::<String>)
}
