//! Model: the odds of an attack on a combat results table — from the
//! game, the table and the attack (its odds or differential as typed, or
//! the two strengths; its column shifts; the defender's terrain) to the
//! column it falls in (worked out from the strengths, rounded as the table
//! says, the terrain's and the given shifts applied, the table's ends
//! honoured) and the exact chance of each result there for each net
//! die-roll modifier (the terrain's plus the given one); with neither a
//! column nor strengths, every column at every shift. `grogpress odds`
//! prints them.

use crate::model::crt::{ColumnAt, ColumnKind, CombatColumns, Ratio, column_odds};
use crate::model::terrain::TerrainEffects;
use crate::model::{Game, Map, ResultsTable};
use crate::text::Words;

/// An attack on a combat results table: its odds or differential as
/// typed (`--column`) or the two strengths (`--attack`, `--defence`), its
/// column shifts (`--shift`) and the defender's terrain (`--terrain`,
/// `--hex`, on `--map`). With neither column nor strengths, the whole table.
#[derive(Default)]
pub struct ColumnAttack {
    pub column: Option<String>,
    pub attack: Option<u32>,
    pub defence: Option<u32>,
    pub shift: i64,
    pub terrain: Vec<String>,
    pub hex: Option<String>,
    pub map: Option<String>,
}

impl ColumnAttack {
    /// The option a table that is not a combat results table cannot take.
    pub fn combat_option(&self) -> Option<&'static str> {
        if self.column.is_some() {
            Some("--column")
        } else if self.attack.is_some() || self.defence.is_some() {
            Some("--attack/--defence")
        } else if self.shift != 0 {
            Some("--shift")
        } else if !self.terrain.is_empty() || self.hex.is_some() {
            Some("--terrain/--hex")
        } else {
            None
        }
    }
}

/// Why an attack's odds cannot be worked out: an attack the table or the
/// map cannot take, told in the words of the options that gave it.
#[derive(Debug)]
pub struct OddsError(pub String);

impl std::fmt::Display for OddsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for OddsError {}

/// Each result of a column: its code (plain text), the rolls that give it
/// and the rolls there are.
pub type ColumnResults = Vec<(String, u64, u64)>;

/// The shift and modifier the defender's terrain gives, and what it is.
#[derive(Default)]
pub struct Ground {
    pub shift: i64,
    pub drm: i64,
    /// "woods (−1 column, −1 DRM)", or empty when no terrain was given.
    pub text: Vec<String>,
}

/// The odds of an attack, with the defender's ground.
pub struct AttackOdds {
    pub ground: Ground,
    /// The net modifiers, from the first to the last.
    pub drm: (i64, i64),
    pub shown: Shown,
}

/// One column, or the whole table.
pub enum Shown {
    /// The attack as typed ("12:4", "+8"), where it landed ("column 3:1
    /// shifted +1 to 4:1") and each net modifier's results.
    Column {
        typed: String,
        landed: String,
        per_net: Vec<(i64, ColumnResults)>,
    },
    /// Every column at each of `shifts`, for each net modifier.
    Table {
        shifts: Vec<i64>,
        per_net: Vec<(i64, Vec<ShiftedColumn>)>,
    },
}

/// A column of the whole table at one shift: where it lands ("below",
/// "above" past an end) and the results there.
pub struct ShiftedColumn {
    pub column: String,
    pub shift: i64,
    pub lands: String,
    pub results: ColumnResults,
}

/// The odds of `attack` on `t`, a combat results table, for the net
/// modifiers `drm` (default: the table's, or none with terrain given).
pub fn attack_odds(
    game: &Game,
    t: &ResultsTable,
    attack: &ColumnAttack,
    drm: Option<(i64, i64)>,
) -> Result<AttackOdds, OddsError> {
    let Some(combat) = &t.combat else {
        return Err(OddsError(format!(
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
        return Err(OddsError(format!(
            "--shift {shift:+}{terrain}: table `{}` declares column shifts {lo:+} to {hi:+} (its `shift`)",
            t.id.value
        )));
    }
    let start = match (&attack.column, attack.attack, attack.defence) {
        (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
            return Err(OddsError(
                "give either --column or --attack and --defence, not both".to_string(),
            ));
        }
        (Some(typed), None, None) => Some((typed.clone(), column_of(combat, typed)?)),
        (None, Some(a), Some(d)) => Some(strengths(combat, a, d)?),
        (None, Some(_), None) | (None, None, Some(_)) => {
            return Err(OddsError(
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
        let per_net = whole_table(t, combat, &shifts, drm, &game.words);
        return Ok(AttackOdds {
            ground,
            drm,
            shown: Shown::Table { shifts, per_net },
        });
    };
    let shifted = combat.shifted(at, shift);
    let words = &game.words;
    let landed = if shift == 0 {
        name(t, combat, at, words)
    } else {
        Words::fill(
            &words.odds_shifted,
            &[
                ("from", &name(t, combat, at, words)),
                ("shift", &format!("{shift:+}")),
                ("to", &name(t, combat, shifted, words)),
            ],
        )
    };
    let per_net = (drm.0..=drm.1)
        .map(|net| (net, results(t, combat, shifted, net)))
        .collect();
    Ok(AttackOdds {
        ground,
        drm,
        shown: Shown::Column {
            typed,
            landed,
            per_net,
        },
    })
}

/// Every column of the table at each of `shifts`, for each net modifier:
/// the column it lands on and the chance of each result there.
fn whole_table(
    t: &ResultsTable,
    combat: &CombatColumns,
    shifts: &[i64],
    drm: (i64, i64),
    words: &Words,
) -> Vec<(i64, Vec<ShiftedColumn>)> {
    (drm.0..=drm.1)
        .map(|net| {
            let mut columns = Vec::new();
            for (i, column) in t.columns.iter().enumerate() {
                for &shift in shifts {
                    let at = combat.shifted(ColumnAt::Column(i), shift);
                    let lands = match at {
                        ColumnAt::Column(j) => t.columns.get(j).map_or("?", |c| c.value.as_str()),
                        ColumnAt::Below => words.odds_below.as_str(),
                        ColumnAt::Above => words.odds_above.as_str(),
                    };
                    columns.push(ShiftedColumn {
                        column: column.value.clone(),
                        shift,
                        lands: lands.to_string(),
                        results: results(t, combat, at, net),
                    });
                }
            }
            (net, columns)
        })
        .collect()
}

/// What a column (or a place past an end) is called, and how it resolves.
fn name(t: &ResultsTable, combat: &CombatColumns, at: ColumnAt, words: &Words) -> String {
    let heading = |i: usize| t.columns.get(i).map_or("?", |c| c.value.as_str());
    let past = match at {
        ColumnAt::Column(i) => {
            return Words::fill(&words.odds_column, &[("column", heading(i))]);
        }
        ColumnAt::Below => &words.odds_left_of_first,
        ColumnAt::Above => &words.odds_right_of_last,
    };
    match combat.resolve(at) {
        Ok(i) => Words::fill(
            &words.odds_resolved_on,
            &[("place", past), ("column", heading(i))],
        ),
        Err(fixed) => Words::fill(
            &words.odds_whatever_the_roll,
            &[("place", past), ("result", fixed)],
        ),
    }
}

/// The map the terrain is read on: `--map`, else the one the table's
/// `terrain` names, else the game's only map.
fn terrain_map<'g>(
    game: &'g Game,
    combat: &CombatColumns,
    attack: &ColumnAttack,
) -> Result<&'g Map, OddsError> {
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
            OddsError(format!(
                "--map {id}: the game has no such map; its maps: {}",
                ids()
            ))
        }),
        None => match game.maps.as_slice() {
            [only] => Ok(only),
            [] => Err(OddsError(
                "--terrain and --hex read a map's terrain, and the game has no map".to_string(),
            )),
            _ => Err(OddsError(format!(
                "the game has several maps: name the one to read with --map (its maps: {})",
                ids()
            ))),
        },
    }
}

/// The shift and modifier of the terrain and features given, and of the
/// hex's terrain.
fn ground(game: &Game, combat: &CombatColumns, attack: &ColumnAttack) -> Result<Ground, OddsError> {
    let mut ground = Ground::default();
    if attack.terrain.is_empty() && attack.hex.is_none() {
        return Ok(ground);
    }
    let map = terrain_map(game, combat, attack)?;
    let mut add = |name: &str, e: &TerrainEffects| {
        ground.shift = ground.shift.saturating_add(e.shift());
        ground.drm = ground.drm.saturating_add(e.drm());
        let what = e
            .combat_text(&game.words)
            .unwrap_or_else(|| game.words.odds_no_combat_effect.clone());
        ground.text.push(format!("{name} ({what})"));
    };
    for id in &attack.terrain {
        // Named as the map names it (in the report's language), not by id.
        let effects = map
            .terrain
            .iter()
            .find(|x| x.id.value == *id)
            .map(|x| (&x.name, &x.effects))
            .or_else(|| map.feature_kind(id).map(|k| (&k.name, &k.effects)));
        match effects {
            Some((name, e)) => add(name, e),
            None => {
                let ids: Vec<&str> = map
                    .terrain
                    .iter()
                    .map(|x| x.id.value.as_str())
                    .chain(map.feature_kinds.iter().map(|k| k.id.value.as_str()))
                    .collect();
                return Err(OddsError(format!(
                    "--terrain {id}: map `{}` has no terrain or feature `{id}`; it has: {}",
                    map.id,
                    ids.join(", ")
                )));
            }
        }
    }
    if let Some(code) = &attack.hex {
        let cell = map.cell_by_code(code).ok_or_else(|| {
            OddsError(format!(
                "--hex {code}: no cell of map `{}` (cells run from {} to {})",
                map.id,
                map.coordinates.code((0, 0)),
                map.code_range().1
            ))
        })?;
        let terrain = map.terrain_at(cell).ok_or_else(|| {
            OddsError(format!("--hex {code}: the cell has no terrain of the map"))
        })?;
        add(&format!("{code}: {}", terrain.name), &terrain.effects);
    }
    Ok(ground)
}

/// Where an attack of strength `a` against `d` falls, and how it is named
/// ("12:4", "+8").
fn strengths(combat: &CombatColumns, a: u32, d: u32) -> Result<(String, ColumnAt), OddsError> {
    match &combat.kind {
        ColumnKind::Odds { .. } => {
            if d == 0 {
                return Err(OddsError(
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
                OddsError(format!(
                    "attack {a} against {d} ({typed}): the table has no column for it"
                ))
            })?;
            Ok((typed, at))
        }
    }
}

/// Where an attack typed as `3:1`, `7:3` or `+2` falls.
fn column_of(combat: &CombatColumns, typed: &str) -> Result<ColumnAt, OddsError> {
    match &combat.kind {
        ColumnKind::Odds { .. } => {
            let ratio = Ratio::parse(typed).ok_or_else(|| {
                OddsError(format!(
                    "--column {typed}: not odds; write the attacker's strength to the defender's, e.g. 3:1 or 7:3"
                ))
            })?;
            Ok(combat.column_of_odds(ratio).unwrap_or(ColumnAt::Below))
        }
        ColumnKind::Differential { .. } => {
            let difference: i64 = typed.trim().parse().map_err(|_| {
                OddsError(format!(
                    "--column {typed}: not a strength differential; write a number such as +2 or -1"
                ))
            })?;
            combat.column_of_difference(difference).ok_or_else(|| {
                OddsError(format!("--column {typed}: the table has no column for it"))
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
