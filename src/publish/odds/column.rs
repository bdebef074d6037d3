//! Publish: `grogpress odds GAME CRT --attack 12 --defence 4 --terrain woods
//! --shift +1 --drm -1` (or `--column 3:1`, or `--hex 0305`): the
//! odds of an attack on a combat results table that
//! [`crate::model::odds::attack_odds`] works out — the column it falls in
//! and the chance of each result there for each net modifier, or the whole
//! table — as text or JSON lines.

use super::{json_line, net_heading, percent, percent_text, rolls};
use crate::diag::print::Format;
use crate::load::OpError;
use crate::model::odds::{ColumnAttack, Ground, ShiftedColumn, Shown, attack_odds};
use crate::model::{Game, ResultsTable, RowOdds};
use crate::text::Words;
use serde_json::json;

/// For each net modifier, each result of the column: (result, ways, outcomes).
type PerNet = Vec<(i64, Vec<(String, u64, u64)>)>;

/// The report, human or JSON lines; an error when the table has no columns
/// by odds or differential, or the attack cannot be read.
pub(super) fn report(
    game: &Game,
    t: &ResultsTable,
    attack: &ColumnAttack,
    drm: Option<(i64, i64)>,
    format: Format,
) -> Result<String, OpError> {
    let odds = attack_odds(game, t, attack, drm).map_err(|e| OpError::new(e.to_string()))?;
    Ok(match (&odds.shown, format) {
        (
            Shown::Column {
                typed,
                landed,
                per_net,
            },
            Format::Human,
        ) => human(t, typed, landed, &odds.ground, per_net, &game.words),
        (
            Shown::Column {
                typed,
                landed,
                per_net,
            },
            Format::Json,
        ) => json(t, typed, landed, per_net),
        (Shown::Table { shifts, per_net }, _) => whole_table(
            t,
            shifts,
            odds.drm,
            per_net,
            &odds.ground,
            format,
            &game.words,
        ),
    })
}

fn chance(ways: u64, outcomes: u64) -> RowOdds {
    RowOdds { ways, outcomes }
}

/// "Combat Results Table: 1d6 plus the net modifier, 6 equally likely rolls".
fn head(t: &ResultsTable, drm: (i64, i64), words: &Words) -> String {
    // A table without modifiers is read on the dice alone.
    let plain = drm == (0, 0) && t.drm.value == (0, 0);
    format!(
        "{}: {}",
        t.title,
        rolls(t, plain, t.dice.value.outcomes(), words)
    )
}

fn human(
    t: &ResultsTable,
    typed: &str,
    landed: &str,
    ground: &Ground,
    per_net: &PerNet,
    words: &Words,
) -> String {
    let drm = (
        per_net.first().map_or(0, |p| p.0),
        per_net.last().map_or(0, |p| p.0),
    );
    let attack = Words::fill(&words.odds_attack, &[("attack", typed), ("column", landed)]);
    let mut s = format!("{}; {attack}\n", head(t, drm, words));
    if !ground.text.is_empty() {
        s.push_str(&format!("{}\n", defender_in(ground, words)));
    }
    let width = per_net
        .iter()
        .flat_map(|(_, r)| r.iter().map(|(code, _, _)| code.chars().count()))
        .max()
        .unwrap_or(4)
        .max(4);
    for (net, results) in per_net {
        s.push_str(&format!("\n{}\n", net_heading(*net, words)));
        for (code, ways, outcomes) in results {
            let o = chance(*ways, *outcomes);
            s.push_str(&format!(
                "  {code:<width$}  {:>8}  {:>7}%\n",
                o.fraction(),
                percent_text(o.percent(), words)
            ));
        }
    }
    s
}

fn json(t: &ResultsTable, typed: &str, landed: &str, per_net: &PerNet) -> String {
    let mut s = String::new();
    for (net, results) in per_net {
        for (code, ways, outcomes) in results {
            let o = chance(*ways, *outcomes);
            s.push_str(&json_line(json!({
                "table": t.id.value,
                "attack": typed,
                "column": landed,
                "net": net,
                "result": code,
                "ways": ways,
                "outcomes": outcomes,
                "fraction": o.fraction(),
                "percent": percent(o.percent()),
            })));
        }
    }
    s
}

/// Every column of the table at each of `shifts`, for each net modifier:
/// the column it lands on and the chance of each result there.
fn whole_table(
    t: &ResultsTable,
    shifts: &[i64],
    drm: (i64, i64),
    per_net: &[(i64, Vec<ShiftedColumn>)],
    ground: &Ground,
    format: Format,
    words: &Words,
) -> String {
    let mut s = String::new();
    if format == Format::Human {
        let shifts = shifts
            .iter()
            .map(|n| format!("{n:+}"))
            .collect::<Vec<_>>()
            .join(", ");
        s.push_str(&format!(
            "{}; {}\n",
            head(t, drm, words),
            Words::fill(&words.odds_every_column, &[("shifts", &shifts)])
        ));
        if !ground.text.is_empty() {
            s.push_str(&format!("{}\n", defender_in(ground, words)));
        }
    }
    let width = t
        .columns
        .iter()
        .map(|c| c.value.chars().count())
        .max()
        .unwrap_or(3);
    for (net, columns) in per_net {
        if format == Format::Human {
            s.push_str(&format!("\n{}\n", net_heading(*net, words)));
        }
        for c in columns {
            let (shift, lands) = (c.shift, &c.lands);
            match format {
                Format::Human => {
                    let chances: Vec<String> = c
                        .results
                        .iter()
                        .map(|(code, ways, outcomes)| {
                            format!("{code} {}", chance(*ways, *outcomes).fraction())
                        })
                        .collect();
                    s.push_str(&format!(
                        "  {:<width$}  {shift:+}  \u{2192} {lands:<width$}  {}\n",
                        c.column,
                        chances.join(", ")
                    ));
                }
                Format::Json => {
                    for (code, ways, outcomes) in &c.results {
                        let o = chance(*ways, *outcomes);
                        s.push_str(&json_line(json!({
                            "table": t.id.value,
                            "column": c.column,
                            "shift": shift,
                            "lands": lands,
                            "net": net,
                            "result": code,
                            "ways": ways,
                            "outcomes": outcomes,
                            "fraction": o.fraction(),
                            "percent": percent(o.percent()),
                        })));
                    }
                }
            }
        }
    }
    s
}

/// "defender in Woods, Sel River", in the game's words.
fn defender_in(ground: &Ground, words: &Words) -> String {
    Words::fill(
        &words.odds_defender_in,
        &[("terrain", &ground.text.join(", "))],
    )
}
