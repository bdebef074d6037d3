//! Layout: a game's data tables as ruled-table specs — a collection (one row
//! per item, one column per shown field, as the HTML reference shows it) and
//! a random table (roll, result and the roll's chance). Input: the model;
//! output: [`TableSpec`]s for the `table` engine (the rulebook draws them).

use super::card_list::{heading, shown};
use super::table::{Cell, TableRow, TableSpec};
use crate::model::{Deck, FieldKind, FieldValue, Game, RandomTable, RollRange, row_odds};

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

/// An item's value of a field: a list of die faces as "sword · blank · ...",
/// a reference as the name of the item it names, nothing as an empty cell
/// (a "-" the data writes stays a "-").
fn value_text(game: &Game, c: &Deck, item: &crate::model::Card, field: usize) -> String {
    match item
        .values
        .get(field)
        .and_then(|v| v.as_ref())
        .map(|v| &v.value)
    {
        None => String::new(),
        Some(FieldValue::List(faces)) => crate::model::faces_text(faces),
        Some(_) => shown(game, c, item, field),
    }
}

/// Plain text made safe as rich text (stars are literal).
fn literal(text: &str) -> String {
    text.replace('*', "\\*")
}

/// A collection as a table titled with its name: one row per item.
pub fn collection_spec(game: &Game, c: &Deck) -> TableSpec {
    let fields = shown_fields(c);
    let header = fields
        .iter()
        .map(|&i| {
            let cell = Cell::new(literal(&heading(&c.fields[i].name)));
            if i != fields[0] && matches!(c.fields[i].kind, FieldKind::Int) {
                cell.center()
            } else {
                cell
            }
        })
        .collect();
    let rows: Vec<TableRow> = c
        .cards
        .iter()
        .map(|item| {
            let cells = fields
                .iter()
                .enumerate()
                .map(|(n, &f)| {
                    let cell = Cell::new(literal(&value_text(game, c, item, f)));
                    match (n, &c.fields[f].kind) {
                        (0, _) => cell.bold(),
                        // Numbers centred under their heading.
                        (_, FieldKind::Int) => cell.center(),
                        _ => cell,
                    }
                })
                .collect();
            TableRow::body(cells, Some(item.loc))
        })
        .collect();
    let columns = fields
        .iter()
        .map(|&f| {
            let longest = c
                .cards
                .iter()
                .map(|item| value_text(game, c, item, f).chars().count())
                .chain(std::iter::once(heading(&c.fields[f].name).chars().count()))
                .max()
                .unwrap_or(1);
            (longest as f32).clamp(4.0, 40.0)
        })
        .collect();
    TableSpec {
        title: Some(c.name.clone()),
        rule: None,
        columns,
        preamble: Vec::new(),
        header: vec![TableRow::header(header)],
        rows,
        ruled: true,
        loc: c.loc,
    }
}

/// A random table: its dice over the rolls, the result, and each roll's chance.
pub fn random_table_spec(t: &RandomTable, words: &crate::text::Words) -> TableSpec {
    let ranges: Vec<RollRange> = t.rows.iter().map(|r| r.roll.value).collect();
    let odds = row_odds(t.dice.value, &ranges, 0);
    let rows = t
        .rows
        .iter()
        .zip(odds)
        .map(|(row, o)| {
            let percent = words.number(&format!("{:.1}", o.percent()));
            let chance = format!("{} ({percent}%)", o.fraction());
            TableRow::body(
                vec![
                    Cell::new(row.roll.value.text(words)).center().bold(),
                    Cell::new(literal(&row.result.value)),
                    Cell::new(chance).center().small().whole(),
                ],
                Some(row.result.loc),
            )
        })
        .collect();
    let longest = t
        .rows
        .iter()
        .map(|r| r.result.value.chars().count())
        .max()
        .unwrap_or(6) as f32;
    TableSpec {
        title: Some(t.name.clone()),
        rule: None,
        columns: vec![5.0, longest.clamp(8.0, 40.0), 9.0],
        preamble: Vec::new(),
        header: vec![TableRow::header(vec![
            Cell::new(t.dice.value.to_string()).center(),
            Cell::new(words.result.as_str()),
            Cell::new(words.chance.as_str()).center().small(),
        ])],
        rows,
        ruled: true,
        loc: t.loc,
    }
}
