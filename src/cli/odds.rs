//! CLI: `grogpress odds GAME TABLE --drm -3..+5` — loads and checks a game,
//! then prints, for each net modifier, the exact chance of every row of one
//! of its results tables (`model::table_odds`, the same `row_odds` the
//! chart set prints), or with
//! `--column 3:1 --shift +1` the chance of each result of a combat results
//! table's column (see `odds_column`).

use std::io::Write;
use std::path::Path;

use serde_json::{Value, json};

use super::{Format, report};
use crate::diag::{Diagnostics, Sources};
use crate::load::{OpError, Root};
use crate::model::odds::ColumnAttack;
use crate::model::{Game, ResultsTable, RowOdds, table_odds};

/// Runs `odds`; Ok(false) when the game's data has errors.
pub fn run_odds(
    root: &Root,
    game: &str,
    table: &str,
    drm: Option<(i64, i64)>,
    attack: ColumnAttack,
    format: Format,
) -> Result<bool, OpError> {
    let dir = root.resolve_game(game)?;
    let mut sources = Sources::default();
    let mut diags = Diagnostics::default();
    let Some(game) = crate::load::load_game(&dir, &mut sources, &mut diags)? else {
        report(&mut diags, &sources, format, Some(game));
        return Ok(false);
    };
    diags.extend(crate::validate::validate(&game));
    let label = game.id.clone();
    if diags.has_errors() {
        report(&mut diags, &sources, format, Some(&label));
        return Ok(false);
    }
    report(&mut diags, &sources, format, None);
    let t = find_table(&game, &dir, table)?;
    let text = match (&t.combat, attack.combat_option()) {
        (Some(_), _) => super::odds_column::report(&game, t, &attack, drm, format)?,
        (None, Some(option)) => {
            return Err(OpError::new(format!(
                "table `{}` is not a combat results table (no columns_by), so {option} means nothing; \
leave it out for the chance of each row",
                t.id.value
            )));
        }
        (None, None) => {
            let drm = drm.unwrap_or(t.drm.value);
            let odds = table_odds(t, drm);
            match format {
                Format::Human => human(t, &odds),
                Format::Json => json(t, &odds),
            }
        }
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    out.write_all(text.as_bytes())
        .map_err(|e| OpError::new(format!("cannot write the odds: {e}")))?;
    Ok(true)
}

fn find_table<'g>(game: &'g Game, dir: &Path, id: &str) -> Result<&'g ResultsTable, OpError> {
    let tables: Vec<&ResultsTable> = game
        .charts
        .iter()
        .flat_map(|c| c.results_tables())
        .collect();
    tables
        .iter()
        .find(|t| t.id.value == id)
        .copied()
        .ok_or_else(|| {
            let known: Vec<&str> = tables.iter().map(|t| t.id.value.as_str()).collect();
            OpError::new(format!(
                "{} ({}) has no results table `{id}`; it has: {}",
                game.name,
                dir.display(),
                if known.is_empty() {
                    "none".to_string()
                } else {
                    known.join(", ")
                }
            ))
        })
}

fn human(t: &ResultsTable, odds: &[(i64, Vec<RowOdds>)]) -> String {
    let mut s = String::new();
    let outcomes = t.dice.value.outcomes();
    let rule = t
        .rule
        .as_ref()
        .map(|r| format!(" ({})", r.value))
        .unwrap_or_default();
    // A table without modifiers is read on the dice alone.
    let plus = if t.drm.value == (0, 0) && odds.iter().all(|(net, _)| *net == 0) {
        ""
    } else {
        " plus the net modifier"
    };
    s.push_str(&format!(
        "{}{rule}: {}{plus}, {outcomes} equally likely rolls\n",
        t.title, t.dice.value
    ));
    let width = t
        .rows
        .iter()
        .map(|r| r.roll_text.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    for (net, rows) in odds {
        s.push_str(&format!("\nnet modifier {net:+}\n"));
        for (row, o) in t.rows.iter().zip(rows) {
            s.push_str(&format!(
                "  {:<width$}  {:>8}  {:>7.2}%  {}\n",
                row.roll_text,
                o.fraction(),
                o.percent(),
                row.results
                    .iter()
                    .map(|r| crate::text::plain_text(&r.value))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
    }
    s
}

fn json(t: &ResultsTable, odds: &[(i64, Vec<RowOdds>)]) -> String {
    let mut s = String::new();
    for (net, rows) in odds {
        for (row, o) in t.rows.iter().zip(rows) {
            s.push_str(&json_line(json!({
                "table": t.id.value,
                "net": net,
                "row": row.roll_text,
                "ways": o.ways,
                "outcomes": o.outcomes,
                "fraction": o.fraction(),
                "percent": percent(o.percent()),
            })));
        }
    }
    s
}

/// One JSON line of `--format json` output.
pub(super) fn json_line(value: Value) -> String {
    value.to_string() + "\n"
}

/// A percentage as JSON prints it: to four places (the fraction beside it
/// is exact).
pub(super) fn percent(p: f64) -> Value {
    serde_json::Number::from_f64((p * 1e4).round() / 1e4).map_or(Value::Null, Value::Number)
}
