//! CLI: `grogpress odds GAME CRT --attack 12 --defence 4 --terrain woods
//! --shift +1 --drm -1` (or `--column 3:1`, or `--hex 0305`) — for a combat
//! results table, the column the attack falls in (odds or differential
//! worked out from the strengths, rounded as the table says, the terrain's
//! and the given shifts applied, the table's ends honoured) and the exact
//! chance of each result in it for each net die-roll modifier (the
//! terrain's plus the given one). With neither a column nor strengths, the
//! whole table: every column at every shift.

use super::Format;
use super::odds::{Attack, json_line, percent};
use crate::load::OpError;
use crate::model::crt::{ColumnAt, ColumnKind, CombatColumns, Ratio, column_odds};
use crate::model::terrain::TerrainEffects;
use crate::model::{Game, Map, ResultsTable, RowOdds};
use serde_json::json;

/// For each net modifier, each result of the column: (result, ways, outcomes).
type PerNet = Vec<(i64, Vec<(String, u64, u64)>)>;

/// The shift and modifier the defender's terrain gives, and what it is.
#[derive(Default)]
struct Ground {
    shift: i64,
    drm: i64,
    /// "woods (−1 column, −1 DRM)", or empty when no terrain was given.
    text: Vec<String>,
}

/// The report, human or JSON lines; an error when the table has no columns
/// by odds or differential, or the attack cannot be read.
pub fn report(
    game: &Game,
    t: &ResultsTable,
    attack: &Attack,
    drm: Option<(i64, i64)>,
    format: Format,
) -> Result<String, OpError> {
    let Some(combat) = &t.combat else {
        return Err(OpError::new(format!(
            "table `{}` is not a combat results table (no columns_by), so --column means nothing; \
leave it out for the chance of each row",
            t.id.value
        )));
    };
    let ground = ground(game, combat, attack)?;
    let given = !ground.text.is_empty();
    // Net modifiers: the given ones (or, with no terrain, those the table
    // declares), plus the terrain's.
    let drm = match (drm, given) {
        (Some(d), _) => d,
        (None, true) => (0, 0),
        (None, false) => t.drm.value,
    };
    let drm = (
        drm.0.saturating_add(ground.drm),
        drm.1.saturating_add(ground.drm),
    );
    let (lo, hi) = combat.shift.value;
    let shift = attack.shift.saturating_add(ground.shift);
    if !(lo..=hi).contains(&shift) {
        let terrain = if ground.shift != 0 {
            format!(
                " ({:+} given, {:+} from the terrain)",
                attack.shift, ground.shift
            )
        } else {
            String::new()
        };
        return Err(OpError::new(format!(
            "--shift {shift:+}{terrain}: table `{}` declares column shifts {lo:+} to {hi:+} (its `shift`)",
            t.id.value
        )));
    }
    let start = match (&attack.column, attack.attack, attack.defence) {
        (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
            return Err(OpError::new(
                "give either --column or --attack and --defence, not both".to_string(),
            ));
        }
        (Some(typed), None, None) => Some((typed.clone(), column_of(combat, typed)?)),
        (None, Some(a), Some(d)) => Some(strengths(combat, a, d)?),
        (None, Some(_), None) | (None, None, Some(_)) => {
            return Err(OpError::new(
                "--attack and --defence go together: give both strengths".to_string(),
            ));
        }
        (None, None, None) => None,
    };
    let Some((typed, at)) = start else {
        // Every shift, unless the shift is given (by --shift or the terrain).
        let shifts: Vec<i64> = if given || attack.shift != 0 {
            vec![shift]
        } else {
            (lo..=hi).collect()
        };
        return Ok(whole_table(t, combat, &shifts, drm, &ground, format));
    };
    let shifted = combat.shifted(at, shift);
    let landed = if shift == 0 {
        name(t, combat, at)
    } else {
        format!(
            "{} shifted {shift:+} to {}",
            name(t, combat, at),
            name(t, combat, shifted)
        )
    };
    let per_net: PerNet = (drm.0..=drm.1)
        .map(|net| (net, results(t, combat, shifted, net)))
        .collect();
    Ok(match format {
        Format::Human => human(t, &typed, &landed, &ground, &per_net),
        Format::Json => json(t, &typed, &landed, &per_net),
    })
}

/// What a column (or a place past an end) is called, and how it resolves.
fn name(t: &ResultsTable, combat: &CombatColumns, at: ColumnAt) -> String {
    let past = match at {
        ColumnAt::Column(i) => {
            return format!(
                "column {}",
                t.columns.get(i).map_or("?", |c| c.value.as_str())
            );
        }
        ColumnAt::Below => "left of the first column",
        ColumnAt::Above => "right of the last column",
    };
    match combat.resolve(at) {
        Ok(i) => format!(
            "{past}, resolved on {}",
            t.columns.get(i).map_or("?", |c| c.value.as_str())
        ),
        Err(fixed) => format!("{past}: {fixed} whatever the roll"),
    }
}

/// The map the terrain is read on: `--map`, else the one the table's
/// `terrain` names, else the game's only map.
fn terrain_map<'g>(
    game: &'g Game,
    combat: &CombatColumns,
    attack: &Attack,
) -> Result<&'g Map, OpError> {
    let ids = || {
        let ids: Vec<&str> = game.maps.iter().map(|m| m.id.as_str()).collect();
        if ids.is_empty() {
            "none".to_string()
        } else {
            ids.join(", ")
        }
    };
    let wanted = attack
        .map
        .as_deref()
        .or(combat.terrain.as_ref().map(|t| t.value.as_str()));
    match wanted {
        Some(id) => game.maps.iter().find(|m| m.id == id).ok_or_else(|| {
            OpError::new(format!(
                "--map {id}: the game has no such map; its maps: {}",
                ids()
            ))
        }),
        None => match game.maps.as_slice() {
            [only] => Ok(only),
            [] => Err(OpError::new(
                "--terrain and --hex read a map's terrain, and the game has no map".to_string(),
            )),
            _ => Err(OpError::new(format!(
                "the game has several maps: name the one to read with --map (its maps: {})",
                ids()
            ))),
        },
    }
}

/// The shift and modifier of the terrain and features given, and of the
/// hex's terrain.
fn ground(game: &Game, combat: &CombatColumns, attack: &Attack) -> Result<Ground, OpError> {
    let mut ground = Ground::default();
    if attack.terrain.is_empty() && attack.hex.is_none() {
        return Ok(ground);
    }
    let map = terrain_map(game, combat, attack)?;
    let mut add = |name: &str, e: &TerrainEffects| {
        ground.shift = ground.shift.saturating_add(e.shift());
        ground.drm = ground.drm.saturating_add(e.drm());
        let what = e.combat_text().unwrap_or_else(|| "no combat effect".into());
        ground.text.push(format!("{name} ({what})"));
    };
    for id in &attack.terrain {
        let effects = map
            .terrain
            .iter()
            .find(|x| x.id.value == *id)
            .map(|x| &x.effects)
            .or_else(|| map.feature_kind(id).map(|k| &k.effects));
        match effects {
            Some(e) => add(id, e),
            None => {
                let ids: Vec<&str> = map
                    .terrain
                    .iter()
                    .map(|x| x.id.value.as_str())
                    .chain(map.feature_kinds.iter().map(|k| k.id.value.as_str()))
                    .collect();
                return Err(OpError::new(format!(
                    "--terrain {id}: map `{}` has no terrain or feature `{id}`; it has: {}",
                    map.id,
                    ids.join(", ")
                )));
            }
        }
    }
    if let Some(code) = &attack.hex {
        let cell = map.cell_by_code(code).ok_or_else(|| {
            OpError::new(format!(
                "--hex {code}: no cell of map `{}` (cells run from {} to {})",
                map.id,
                map.coordinates.code((0, 0)),
                map.code_range().1
            ))
        })?;
        let terrain = map.terrain_at(cell).ok_or_else(|| {
            OpError::new(format!("--hex {code}: the cell has no terrain of the map"))
        })?;
        add(&format!("{code}: {}", terrain.id.value), &terrain.effects);
    }
    Ok(ground)
}

/// Where an attack of strength `a` against `d` falls, and how it is named
/// ("12:4", "+8").
fn strengths(combat: &CombatColumns, a: u32, d: u32) -> Result<(String, ColumnAt), OpError> {
    match &combat.kind {
        ColumnKind::Odds { .. } => {
            if d == 0 {
                return Err(OpError::new(
                    "--defence 0: odds against no strength cannot be worked out".to_string(),
                ));
            }
            let typed = format!("{a}:{d}");
            if a == 0 {
                return Ok((typed, ColumnAt::Below));
            }
            let ratio = Ratio {
                attack: a,
                defend: d,
            };
            Ok((
                typed,
                combat.column_of_odds(ratio).unwrap_or(ColumnAt::Below),
            ))
        }
        ColumnKind::Differential { .. } => {
            let difference = i64::from(a) - i64::from(d);
            let typed = format!("{difference:+}");
            let at = combat.column_of_difference(difference).ok_or_else(|| {
                OpError::new(format!(
                    "attack {a} against {d} ({typed}): the table has no column for it"
                ))
            })?;
            Ok((typed, at))
        }
    }
}

/// Where an attack typed as `3:1`, `7:3` or `+2` falls.
fn column_of(combat: &CombatColumns, typed: &str) -> Result<ColumnAt, OpError> {
    match &combat.kind {
        ColumnKind::Odds { .. } => {
            let ratio = Ratio::parse(typed).ok_or_else(|| {
                OpError::new(format!(
                    "--column {typed}: not odds; write the attacker's strength to the defender's, e.g. 3:1 or 7:3"
                ))
            })?;
            Ok(combat.column_of_odds(ratio).unwrap_or(ColumnAt::Below))
        }
        ColumnKind::Differential { .. } => {
            let difference: i64 = typed.trim().parse().map_err(|_| {
                OpError::new(format!(
                    "--column {typed}: not a strength differential; write a number such as +2 or -1"
                ))
            })?;
            combat.column_of_difference(difference).ok_or_else(|| {
                OpError::new(format!("--column {typed}: the table has no column for it"))
            })
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

/// "Combat Results Table: 1d6 plus the net modifier, 6 equally likely rolls".
fn head(t: &ResultsTable, drm: (i64, i64)) -> String {
    // A table without modifiers is read on the dice alone.
    let plus = if drm == (0, 0) && t.drm.value == (0, 0) {
        ""
    } else {
        " plus the net modifier"
    };
    format!(
        "{}: {}{plus}, {} equally likely rolls",
        t.title,
        t.dice.value,
        t.dice.value.outcomes()
    )
}

fn human(t: &ResultsTable, typed: &str, landed: &str, ground: &Ground, per_net: &PerNet) -> String {
    let drm = (
        per_net.first().map_or(0, |p| p.0),
        per_net.last().map_or(0, |p| p.0),
    );
    let mut s = format!("{}; attack {typed}: {landed}\n", head(t, drm));
    if !ground.text.is_empty() {
        s.push_str(&format!("defender in {}\n", ground.text.join(", ")));
    }
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
    combat: &CombatColumns,
    shifts: &[i64],
    drm: (i64, i64),
    ground: &Ground,
    format: Format,
) -> String {
    let mut s = String::new();
    if format == Format::Human {
        s.push_str(&format!(
            "{}; every column at shifts {}\n",
            head(t, drm),
            shifts
                .iter()
                .map(|n| format!("{n:+}"))
                .collect::<Vec<_>>()
                .join(", ")
        ));
        if !ground.text.is_empty() {
            s.push_str(&format!("defender in {}\n", ground.text.join(", ")));
        }
    }
    let width = t
        .columns
        .iter()
        .map(|c| c.value.chars().count())
        .max()
        .unwrap_or(3);
    for net in drm.0..=drm.1 {
        if format == Format::Human {
            s.push_str(&format!("\nnet modifier {net:+}\n"));
        }
        for (i, column) in t.columns.iter().enumerate() {
            for &shift in shifts {
                let at = combat.shifted(ColumnAt::Column(i), shift);
                let lands = match at {
                    ColumnAt::Column(j) => t.columns.get(j).map_or("?", |c| c.value.as_str()),
                    ColumnAt::Below => "below",
                    ColumnAt::Above => "above",
                };
                let results = results(t, combat, at, net);
                match format {
                    Format::Human => {
                        let chances: Vec<String> = results
                            .iter()
                            .map(|(code, ways, outcomes)| {
                                format!("{code} {}", chance(*ways, *outcomes).fraction())
                            })
                            .collect();
                        s.push_str(&format!(
                            "  {:<width$}  {shift:+}  \u{2192} {lands:<width$}  {}\n",
                            column.value,
                            chances.join(", ")
                        ));
                    }
                    Format::Json => {
                        for (code, ways, outcomes) in &results {
                            let o = chance(*ways, *outcomes);
                            s.push_str(&json_line(json!({
                                "table": t.id.value,
                                "column": column.value,
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
    }
    s
}
