//! Publish: the odds report of `grogpress odds` — loads and checks a game,
//! then, for a game with `[dice_combat]`, the hits of one unit type's attack
//! on another (`dice`), or for a results table the exact chance of every
//! row for each net modifier (`model::table_odds`, the same `row_odds` the
//! chart set prints), or with `--column 3:1 --shift +1` the chance of each
//! result of a combat results table's column (`column`); as text or JSON
//! lines, for the command line to print.

mod column;
mod dice;

use std::path::Path;

use serde_json::{Value, json};

use crate::diag::print::Format;
use crate::diag::{Diagnostics, Sources};
use crate::load::{OpError, Root};
use crate::model::odds::ColumnAttack;
use crate::model::{Game, ResultsTable, RowOdds, table_odds};
use crate::text::Words;

/// What `odds` was asked: a results table's id, or the attacker and the
/// defender; the net modifiers to show and the attack on a combat results
/// table.
pub struct OddsQuery {
    pub what: Vec<String>,
    pub drm: Option<(i64, i64)>,
    pub attack: ColumnAttack,
    /// The language of the report, one of the game's `languages`.
    pub lang: Option<String>,
}

/// What an `odds` run gave: the diagnostics to print first (under `label`,
/// when the game's counts are told), then the report, or why there is none;
/// no report when the data has errors.
pub struct OddsRun {
    pub diags: Diagnostics,
    pub sources: Sources,
    pub label: Option<String>,
    pub report: Option<Result<String, OpError>>,
}

/// Loads and checks game `name` and makes the report `query` asks for.
pub fn odds(root: &Root, name: &str, query: OddsQuery, format: Format) -> Result<OddsRun, OpError> {
    let dir = root.resolve_game(name);
    let mut sources = Sources::default();
    let mut diags = Diagnostics::default();
    let loaded = dir
        .as_ref()
        .ok()
        .map(|dir| crate::load::load_game(dir, &mut sources, &mut diags));
    if let Some(Ok(Some(game))) = &loaded
        && game.dice_combat.is_some()
    {
        diags.extend(crate::validate::validate(game));
        let report = (!diags.has_errors()).then(|| {
            let game = in_language(game, query.lang.as_deref())?;
            dice::report(&game, &query.what)
        });
        return Ok(OddsRun {
            diags,
            sources,
            label: None,
            report,
        });
    }
    let [table] = query.what.as_slice() else {
        return Err(OpError::new(format!(
            "odds {name}: the game declares no [dice_combat] for unit-against-unit odds; \
for a results table name one table, e.g. `grogpress odds {name} combat`"
        )));
    };
    let dir = dir?;
    let Some(game) = loaded.unwrap_or(Ok(None))? else {
        return Ok(OddsRun {
            diags,
            sources,
            label: Some(name.to_string()),
            report: None,
        });
    };
    diags.extend(crate::validate::validate(&game));
    if diags.has_errors() {
        return Ok(OddsRun {
            diags,
            sources,
            label: Some(game.id.clone()),
            report: None,
        });
    }
    let report = Some(
        in_language(&game, query.lang.as_deref())
            .and_then(|game| table_report(&game, &dir, table, &query, format)),
    );
    Ok(OddsRun {
        diags,
        sources,
        label: None,
        report,
    })
}

/// `game` in the language `lang` asks for (its words, its translated
/// titles), or as it is.
fn in_language<'g>(
    game: &'g Game,
    lang: Option<&str>,
) -> Result<std::borrow::Cow<'g, Game>, OpError> {
    use std::borrow::Cow;
    match lang {
        Some(lang) => Ok(
            super::translations::translated(game, lang)?.map_or(Cow::Borrowed(game), Cow::Owned)
        ),
        None => Ok(Cow::Borrowed(game)),
    }
}

/// The odds of results table `id`: each row, or with an attack its column.
fn table_report(
    game: &Game,
    dir: &Path,
    id: &str,
    query: &OddsQuery,
    format: Format,
) -> Result<String, OpError> {
    let t = find_table(game, dir, id)?;
    Ok(match (&t.combat, query.attack.combat_option()) {
        (Some(_), _) => column::report(game, t, &query.attack, query.drm, format)?,
        (None, Some(option)) => {
            return Err(OpError::new(format!(
                "table `{}` is not a combat results table (no columns_by), so {option} means nothing; \
leave it out for the chance of each row",
                t.id.value
            )));
        }
        (None, None) => {
            let drm = query.drm.unwrap_or(t.drm.value);
            let odds = table_odds(t, drm);
            match format {
                Format::Human => human(t, &odds, &game.words),
                Format::Json => json(t, &odds),
            }
        }
    })
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

fn human(t: &ResultsTable, odds: &[(i64, Vec<RowOdds>)], words: &Words) -> String {
    let mut s = String::new();
    let outcomes = t.dice.value.outcomes();
    let rule = t
        .rule
        .as_ref()
        .map(|r| format!(" ({})", r.value))
        .unwrap_or_default();
    // A table without modifiers is read on the dice alone.
    let plain = t.drm.value == (0, 0) && odds.iter().all(|(net, _)| *net == 0);
    s.push_str(&format!(
        "{}{rule}: {}\n",
        t.title,
        rolls(t, plain, outcomes, words)
    ));
    let width = t
        .rows
        .iter()
        .map(|r| r.roll_text.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    for (net, rows) in odds {
        s.push_str(&format!("\n{}\n", net_heading(*net, words)));
        for (row, o) in t.rows.iter().zip(rows) {
            s.push_str(&format!(
                "  {:<width$}  {:>8}  {:>7}%  {}\n",
                row.roll_text,
                o.fraction(),
                percent_text(o.percent(), words),
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

/// "1d6 plus the net modifier, 6 equally likely rolls" in the game's words;
/// without "plus the net modifier" for a table read on the dice alone.
fn rolls(t: &ResultsTable, plain: bool, outcomes: u64, words: &Words) -> String {
    let template = if plain {
        &words.odds_plain_rolls
    } else {
        &words.odds_modified_rolls
    };
    Words::fill(
        template,
        &[
            ("dice", &t.dice.value.to_string()),
            ("n", &outcomes.to_string()),
        ],
    )
}

/// "net modifier +1", in the game's words.
fn net_heading(net: i64, words: &Words) -> String {
    Words::fill(&words.odds_net, &[("net", &format!("{net:+}"))])
}

/// A percentage to two places ("19.44"), with the words' decimal mark.
fn percent_text(p: f64, words: &Words) -> String {
    words.number(&format!("{p:.2}"))
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
fn json_line(value: Value) -> String {
    value.to_string() + "\n"
}

/// A percentage as JSON prints it: to four places (the fraction beside it
/// is exact).
fn percent(p: f64) -> Value {
    serde_json::Number::from_f64((p * 1e4).round() / 1e4).map_or(Value::Null, Value::Number)
}
