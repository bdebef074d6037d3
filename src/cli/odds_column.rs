//! CLI: `grogpress odds GAME CRT --column 3:1 --shift +1 --drm -1` — for a
//! combat results table, the column the attack falls in (odds rounded as the
//! table says, shifts applied, the table's ends honoured) and the exact
//! chance of each result in it for each net die-roll modifier.

use super::Format;
use super::odds::{Attack, quote};
use crate::load::OpError;
use crate::model::crt::{ColumnAt, ColumnKind, CombatColumns, Ratio, column_odds};
use crate::model::{ResultsTable, RowOdds};

/// For each net modifier, each result of the column: (result, ways, outcomes).
type PerNet = Vec<(i64, Vec<(String, u64, u64)>)>;

/// The report, human or JSON lines; an error when the table has no columns
/// by odds or differential, or the attack cannot be read.
pub fn report(
    t: &ResultsTable,
    attack: &Attack,
    drm: (i64, i64),
    format: Format,
) -> Result<String, OpError> {
    let Some(combat) = &t.combat else {
        return Err(OpError(format!(
            "table `{}` is not a combat results table (no columns_by), so --column means nothing; \
leave it out for the chance of each row",
            t.id.value
        )));
    };
    let (lo, hi) = combat.shift.value;
    if !(lo..=hi).contains(&attack.shift) {
        return Err(OpError(format!(
            "--shift {:+}: table `{}` declares column shifts {lo:+} to {hi:+} (its `shift`)",
            attack.shift, t.id.value
        )));
    }
    let at = column_of(combat, &attack.column)?;
    let shifted = combat.shifted(at, attack.shift);
    let name = |at: ColumnAt| {
        let past = match at {
            ColumnAt::Column(i) => return format!("column {}", t.columns[i].value),
            ColumnAt::Below => "left of the first column",
            ColumnAt::Above => "right of the last column",
        };
        match combat.resolve(at) {
            Ok(i) => format!("{past}, resolved on {}", t.columns[i].value),
            Err(fixed) => format!("{past}: {fixed} whatever the roll"),
        }
    };
    let landed = if attack.shift == 0 {
        name(at)
    } else {
        format!(
            "{} shifted {:+} to {}",
            name(at),
            attack.shift,
            name(shifted)
        )
    };
    let per_net: PerNet = (drm.0..=drm.1)
        .map(|net| (net, results(t, combat, shifted, net)))
        .collect();
    Ok(match format {
        Format::Human => human(t, &attack.column, &landed, &per_net),
        Format::Json => json(t, &attack.column, &landed, &per_net),
    })
}

/// Where an attack typed as `3:1`, `7:3` or `+2` falls.
fn column_of(combat: &CombatColumns, typed: &str) -> Result<ColumnAt, OpError> {
    match &combat.kind {
        ColumnKind::Odds { .. } => {
            let ratio = Ratio::parse(typed).ok_or_else(|| {
                OpError(format!(
                    "--column {typed}: not odds; write the attacker's strength to the defender's, e.g. 3:1 or 7:3"
                ))
            })?;
            Ok(combat.column_of_odds(ratio).unwrap_or(ColumnAt::Below))
        }
        ColumnKind::Differential { .. } => {
            let difference: i64 = typed.trim().parse().map_err(|_| {
                OpError(format!(
                    "--column {typed}: not a strength differential; write a number such as +2 or -1"
                ))
            })?;
            combat
                .column_of_difference(difference)
                .ok_or_else(|| OpError(format!("--column {typed}: the table has no column for it")))
        }
    }
}

/// Each result of the column at net modifier `net`: its code, ways, outcomes.
fn results(
    t: &ResultsTable,
    combat: &CombatColumns,
    at: ColumnAt,
    net: i64,
) -> Vec<(String, u64, u64)> {
    let outcomes = t.dice.value.outcomes();
    match combat.resolve(at) {
        Err(fixed) => vec![(fixed.to_string(), outcomes, outcomes)],
        Ok(column) => {
            let rows: Vec<_> = t
                .rows
                .iter()
                .filter_map(|r| {
                    let cell = r.results.get(column)?;
                    Some((r.roll.value, cell.value.as_str()))
                })
                .collect();
            column_odds(t.dice.value, &rows, net)
                .into_iter()
                // A result no roll reaches at this modifier is left out.
                .filter(|(_, ways, _)| *ways > 0)
                .map(|(cell, ways, outcomes)| (crate::text::plain_text(&cell), ways, outcomes))
                .collect()
        }
    }
}

fn chance(ways: u64, outcomes: u64) -> RowOdds {
    RowOdds { ways, outcomes }
}

fn human(
    t: &ResultsTable,
    typed: &str,
    landed: &str,
    per_net: &PerNet,
) -> String {
    let mut s = format!(
        "{}: {} plus the net modifier, {} equally likely rolls; attack {typed}: {landed}\n",
        t.title,
        t.dice.value,
        t.dice.value.outcomes()
    );
    let width = per_net
        .iter()
        .flat_map(|(_, r)| r.iter().map(|(code, _, _)| code.chars().count()))
        .max()
        .unwrap_or(4)
        .max(4);
    for (net, results) in per_net {
        s.push_str(&format!("\nnet modifier {net:+}\n"));
        for (code, ways, outcomes) in results {
            let o = chance(*ways, *outcomes);
            s.push_str(&format!(
                "  {code:<width$}  {:>8}  {:>7.2}%\n",
                o.fraction(),
                o.percent()
            ));
        }
    }
    s
}

fn json(
    t: &ResultsTable,
    typed: &str,
    landed: &str,
    per_net: &PerNet,
) -> String {
    let mut s = String::new();
    for (net, results) in per_net {
        for (code, ways, outcomes) in results {
            let o = chance(*ways, *outcomes);
            s.push_str(&format!(
                "{{\"table\":{},\"attack\":{},\"column\":{},\"net\":{net},\"result\":{},\"ways\":{ways},\"outcomes\":{outcomes},\"fraction\":\"{}\",\"percent\":{:.4}}}\n",
                quote(&t.id.value),
                quote(typed),
                quote(landed),
                quote(code),
                o.fraction(),
                o.percent()
            ));
        }
    }
    s
}
