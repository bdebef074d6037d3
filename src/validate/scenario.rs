//! Validate stage: a game's scenarios — every side, unit, marker, map and
//! holding box a scenario names exists; no side places more copies of a
//! unit than its counter mix (`[[publish.counters.sides]]`) has, and the
//! units of the mix it never places are listed; every hex lies on the
//! scenario's maps; the set-up keeps to the stacking limit; every turn lies
//! on the turn record track; a withdrawn unit was placed by then. Input:
//! the loaded [`Game`]; output: located diagnostics. Linear in the
//! placements (n log n for the withdrawals).

use std::collections::HashMap;

use crate::diag::{Diagnostic, Diagnostics, Loc};
use crate::model::scenario::{Place, Placement, Scenario, find_hex};
use crate::model::track::PartKind;
use crate::model::{CounterJob, Deck, Game, Located, Map};

pub fn validate_scenarios(game: &Game, diags: &mut Diagnostics) {
    for scenario in &game.scenarios {
        validate_scenario(game, scenario, diags);
    }
}

fn validate_scenario(game: &Game, scenario: &Scenario, diags: &mut Diagnostics) {
    for map in &scenario.maps {
        if !game.maps.iter().any(|m| m.id == map.value) {
            diags.push(super::dangling(
                map,
                "map",
                game.maps.iter().map(|m| m.id.as_str()),
            ));
        }
    }
    turn_labels(scenario, diags);
    let Some(job) = &game.publish.counters else {
        diags.push(crate::error!(
            "missing-field", Some(scenario.name.loc),
            "the scenario `{}` places units, but the game prints no counters", scenario.name.value;
            hint: "a scenario's sides and units are those of [publish.counters] and its [[publish.counters.sides]] in game.toml"
        ));
        return;
    };
    let Some(units) = game.collection(&job.units.value) else {
        // Reported by the counters' own checks.
        return;
    };
    if let Some(first) = &scenario.first
        && game.counter_side(&first.value).is_none()
    {
        diags.push(no_side(job, first));
    }
    if let Some(field) = &scenario.formation
        && units.field_index(&field.value).is_none()
    {
        diags.push(crate::error!(
            "dangling-reference", Some(field.loc),
            "the collection `{}` has no field `{}`", units.id, field.value;
            hint: "{}", units.fields_hint()
        ));
    }
    let maps = game.scenario_maps(scenario);
    let mut placed = Placed::default();
    for (side, mix) in job.sides.iter().enumerate() {
        for (unit, n) in &mix.units {
            if let Some(item) = units.item(&unit.value) {
                *placed
                    .mix
                    .entry((side, units.item_ref(item).id))
                    .or_default() += n.value.max(0);
            }
        }
    }
    for entry in scenario.setup.iter().chain(&scenario.reinforcements) {
        placement(game, scenario, job, units, &maps, entry, &mut placed, diags);
    }
    for list in placed.copies.values_mut() {
        list.sort_by_key(|(_, turn)| *turn);
    }
    withdrawals(game, scenario, job, units, &maps, &mut placed, diags);
    for marker in &scenario.markers {
        if !job
            .markers
            .iter()
            .any(|m| m.name.value == marker.marker.value)
        {
            let names: Vec<&str> = job.markers.iter().map(|m| m.name.value.as_str()).collect();
            diags.push(crate::error!(
                "dangling-reference", Some(marker.marker.loc),
                "no marker `{}` in [[publish.counters.markers]]", marker.marker.value;
                hint: "markers: {}", if names.is_empty() { "none".to_string() } else { names.join(", ") }
            ));
        }
        place_exists(game, scenario, &maps, &marker.place, diags);
    }
    unused(scenario, job, units, &placed, diags);
}

impl Placed {
    /// The counter side a name gives, looked up once per name.
    fn side(&mut self, game: &Game, name: &str) -> Option<usize> {
        if let Some(side) = self.sides.get(name) {
            return *side;
        }
        let side = game.counter_side(name);
        self.sides.insert(name.to_string(), side);
        side
    }
}

/// Each turn one label, or none at all.
fn turn_labels(scenario: &Scenario, diags: &mut Diagnostics) {
    let (labels, turns) = (&scenario.turn_labels, scenario.turns.value);
    if labels.is_empty() || labels.len() as i64 == turns {
        return;
    }
    let at = labels
        .get(turns.max(0) as usize)
        .or(labels.last())
        .map_or_else(|| scenario.turns.loc, |l| l.loc);
    diags.push(crate::error!(
        "bad-value", Some(at),
        "{} turn labels for {} turns", labels.len(), turns;
        hint: "give one label per turn (turns = {}), or none", turns
    ));
}

/// The copies each side has placed so far: (side, unit id) → the place
/// of each placement and its turn (0 at set-up); and what the checks look
/// up often, looked up once: each side's counts of each unit, the side a
/// name gives.
#[derive(Default)]
struct Placed {
    copies: HashMap<(usize, String), Vec<(Loc, i64)>>,
    mix: HashMap<(usize, String), i64>,
    sides: HashMap<String, Option<usize>>,
    /// Units of one side in one cell at set-up: (side, map, cell) → count.
    stacks: HashMap<(usize, usize, (u32, u32)), i64>,
}

#[allow(clippy::too_many_arguments)]
fn placement(
    game: &Game,
    scenario: &Scenario,
    job: &CounterJob,
    units: &Deck,
    maps: &[&Map],
    entry: &Placement,
    placed: &mut Placed,
    diags: &mut Diagnostics,
) {
    let turn = entry.turn.as_ref().map_or(0, |t| t.value);
    if let Some(t) = &entry.turn {
        on_track(scenario, t, diags);
    }
    let cell = place_exists(game, scenario, maps, &entry.place, diags);
    let Some(side) = placed.side(game, &entry.side.value) else {
        diags.push(no_side(job, &entry.side));
        return;
    };
    let mix = &job.sides[side];
    for unit in &entry.units {
        let Some(id) = unit_id(game, units, unit, diags) else {
            continue;
        };
        let copies = placed.mix.get(&(side, id.clone())).copied().unwrap_or(0);
        let list = placed.copies.entry((side, id.clone())).or_default();
        if list.len() as i64 >= copies {
            let d = if copies == 0 {
                crate::error!(
                    "too-many-copies", Some(unit.loc),
                    "{} has no `{}` in its counter mix", mix.name.value, unit.value;
                    hint: "[[publish.counters.sides]] {} prints: {}", mix.name.value, mix_units(mix)
                )
            } else {
                crate::error!(
                    "too-many-copies", Some(unit.loc),
                    "`{}` of {} is placed {} times; the counter mix has {}", unit.value, mix.name.value, list.len() + 1, copies;
                    hint: "no unit is placed twice: remove a placement, or print more of it (units = {{ {} = {} }})", id, list.len() + 1
                )
            };
            let d = match list.last() {
                Some((loc, _)) => d.with_label(*loc, "placed before here"),
                None => d,
            };
            diags.push(d);
            continue;
        }
        list.push((unit.loc, turn));
        if let Some((m, c)) = cell {
            prohibited_terrain(job, units, maps[m], c, unit, diags);
        }
        if entry.turn.is_none()
            && let (Some((m, c)), Some(limit)) = (cell, &scenario.stacking)
        {
            let count = placed.stacks.entry((side, m, c)).or_default();
            *count += 1;
            if *count == limit.value + 1 {
                diags.push(
                    crate::error!(
                        "over-stacked", Some(unit.loc),
                        "{} has {} units in {} at set-up; the stacking limit is {}",
                        mix.name.value, *count, maps[m].cell_code(c), limit.value;
                        hint: "set up at most {} units of a side in a hex, or raise `stacking`", limit.value
                    )
                    .with_label(limit.loc, "the limit"),
                );
            }
        }
    }
}

/// A unit placed in a hex whose terrain its movement class may not enter
/// (the counters' `class` field, the map's `move`): `prohibited-terrain`.
fn prohibited_terrain(
    job: &CounterJob,
    units: &Deck,
    map: &Map,
    cell: crate::model::map::Cell,
    unit: &Located<String>,
    diags: &mut Diagnostics,
) {
    let Some(field) = &job.class else { return };
    let Some(item) = units.item(&unit.value) else {
        return;
    };
    let Some(class) = units.get(item, &field.value) else {
        return;
    };
    if map.prohibits(cell, &class) {
        let terrain = map
            .terrain_at(cell)
            .map_or("its terrain", |t| t.name.as_str());
        diags.push(crate::error!(
            "prohibited-terrain", Some(unit.loc),
            "`{}` ({class}) is placed in {} ({terrain}), which {class} units may not enter",
            unit.value, map.cell_code(cell);
            hint: "place it in a hex its class may enter, or give {terrain} a cost for `{class}` on the map"
        ));
    }
}

/// The unit's id in the collection, or a `dangling-reference`.
fn unit_id(
    game: &Game,
    units: &Deck,
    unit: &Located<String>,
    diags: &mut Diagnostics,
) -> Option<String> {
    match units.item(&unit.value) {
        Some(item) => Some(units.item_ref(item).id),
        None => {
            diags.push(crate::error!(
                "dangling-reference", Some(unit.loc),
                "no unit `{}` in {}", unit.value, units.name;
                hint: "units: {}", game.item_names(&units.id).join(", ")
            ));
            None
        }
    }
}

fn mix_units(mix: &crate::model::CounterSide) -> String {
    let list: Vec<String> = mix
        .units
        .iter()
        .map(|(u, n)| format!("{} x{}", u.value, n.value))
        .collect();
    if list.is_empty() {
        "nothing".to_string()
    } else {
        list.join(", ")
    }
}

fn no_side(job: &CounterJob, name: &Located<String>) -> Diagnostic {
    let names: Vec<&str> = job.sides.iter().map(|s| s.name.value.as_str()).collect();
    crate::error!(
        "dangling-reference", Some(name.loc),
        "no side `{}` in the counter mix", name.value;
        hint: "[[publish.counters.sides]] names: {}", names.join(", ")
    )
}

fn on_track(scenario: &Scenario, turn: &Located<i64>, diags: &mut Diagnostics) -> bool {
    if (1..=scenario.turns.value).contains(&turn.value) {
        return true;
    }
    diags.push(
        crate::error!(
            "turn-outside-track", Some(turn.loc),
            "turn {} is not on the turn record track", turn.value;
            hint: "the scenario's turns run from 1 to {}", scenario.turns.value
        )
        .with_label(scenario.turns.loc, "the turns"),
    );
    false
}

/// Whether the place exists: a hex on the scenario's maps (its map and
/// cell), a box the scenario declares or a holding box of the game, a
/// turn on the track, a box of a track of the game.
fn place_exists(
    game: &Game,
    scenario: &Scenario,
    maps: &[&Map],
    place: &Place,
    diags: &mut Diagnostics,
) -> Option<(usize, (u32, u32))> {
    match place {
        Place::Hex { code, map } => {
            if let Some(m) = map
                && !maps.iter().any(|x| x.id == m.value)
            {
                diags.push(crate::error!(
                    "dangling-reference", Some(m.loc),
                    "the scenario is not played on a map `{}`", m.value;
                    hint: "its maps: {}", maps.iter().map(|x| x.id.as_str()).collect::<Vec<_>>().join(", ")
                ));
                return None;
            }
            let found = find_hex(maps, code, map.as_ref().map(|m| m.value.as_str()));
            // An area left out for want of its outline is told already.
            let left_out = maps
                .iter()
                .filter_map(|x| x.places.as_ref())
                .any(|p| p.is_left_out(&code.value));
            if found.is_none() && !left_out {
                let hint = match maps.first() {
                    None => "the scenario has no map: add [[maps]] to game.toml".to_string(),
                    Some(_) => maps
                        .iter()
                        .filter(|x| map.as_ref().is_none_or(|m| m.value == x.id))
                        .map(|x| {
                            let (first, last) = x.code_range();
                            format!("{}: {first} to {last}", x.id)
                        })
                        .collect::<Vec<_>>()
                        .join("; "),
                };
                diags.push(crate::error!(
                    "cell-outside-map", Some(code.loc),
                    "`{}` is not a hex of the scenario's map", code.value;
                    hint: "cells run {hint}"
                ));
            }
            found
        }
        Place::Box(name) => {
            if !scenario.boxes.iter().any(|b| b.value == name.value)
                && game.holding_box(&name.value).is_none()
            {
                let declared: Vec<&str> = scenario.boxes.iter().map(|b| b.value.as_str()).collect();
                let game_boxes: Vec<&str> = game
                    .parts
                    .iter()
                    .filter(|p| p.kind == PartKind::Holding)
                    .map(|p| p.name.value.as_str())
                    .collect();
                diags.push(crate::error!(
                    "undeclared-box", Some(name.loc),
                    "the scenario declares no box `{}`, and the game has no [[boxes]] of that name", name.value;
                    hint: "declare it: boxes = [{}]{}",
                    declared.iter().chain([&name.value.as_str()]).map(|b| format!("{b:?}")).collect::<Vec<_>>().join(", "),
                    if game_boxes.is_empty() { String::new() } else { format!(", or use a box of the game: {}", game_boxes.join(", ")) }
                ));
            }
            None
        }
        Place::Track { track, at } => {
            let Some(part) = game.track(&track.value) else {
                diags.push(super::dangling(
                    track,
                    "track",
                    game.parts
                        .iter()
                        .filter(|p| p.kind != PartKind::Holding)
                        .map(|p| p.id.value.as_str()),
                ));
                return None;
            };
            if part.box_of(at.value).is_none() {
                let range = match &part.wrap {
                    Some(w) => format!(
                        "{} or more (past {} a \"+{}\" marker goes round again)",
                        part.from, part.to, w.value
                    ),
                    None => format!("{} to {}", part.from, part.to),
                };
                diags.push(
                    crate::error!(
                        "off-track", Some(at.loc),
                        "box {} is not on the track `{}`", at.value, part.name.value;
                        hint: "its boxes run {range}"
                    )
                    .with_label(part.range_loc, "the track's range"),
                );
            }
            None
        }
        Place::Turn(turn) => {
            on_track(scenario, turn, diags);
            None
        }
        Place::Available | Place::Edge(_) | Place::Unplaced => None,
    }
}

/// Each withdrawn unit was placed (at set-up or on a turn up to the
/// withdrawal's), and not withdrawn more often than placed.
fn withdrawals(
    game: &Game,
    scenario: &Scenario,
    job: &CounterJob,
    units: &Deck,
    maps: &[&Map],
    placed: &mut Placed,
    diags: &mut Diagnostics,
) {
    let mut order: Vec<&Placement> = scenario.withdrawals.iter().collect();
    order.sort_by_key(|w| w.turn.as_ref().map_or(0, |t| t.value));
    let mut gone: HashMap<(usize, String), usize> = HashMap::new();
    for entry in order {
        let turn = entry.turn.as_ref().map_or(0, |t| t.value);
        if let Some(t) = &entry.turn {
            on_track(scenario, t, diags);
        }
        place_exists(game, scenario, maps, &entry.place, diags);
        let Some(side) = placed.side(game, &entry.side.value) else {
            diags.push(no_side(job, &entry.side));
            continue;
        };
        for unit in &entry.units {
            let Some(id) = unit_id(game, units, unit, diags) else {
                continue;
            };
            let key = (side, id);
            let by_then = placed
                .copies
                .get(&key)
                .map_or(0, |list| list.partition_point(|(_, t)| *t <= turn));
            let n = gone.entry(key).or_default();
            if *n >= by_then {
                diags.push(crate::error!(
                    "withdrawn-not-placed", Some(unit.loc),
                    "`{}` of {} is withdrawn on turn {turn}, but {} placed by then",
                    unit.value, job.sides[side].name.value,
                    if by_then == 0 { "none is".to_string() } else { format!("only {by_then} is") };
                    hint: "a unit leaves only after it is set up or arrives"
                ));
                continue;
            }
            *n += 1;
        }
    }
}

/// A warning listing the units of each side's counter mix the scenario
/// never places, at the scenario's name.
fn unused(
    scenario: &Scenario,
    job: &CounterJob,
    units: &Deck,
    placed: &Placed,
    diags: &mut Diagnostics,
) {
    for (side, mix) in job.sides.iter().enumerate() {
        let mut seen: Vec<String> = Vec::new();
        let mut left = Vec::new();
        for (unit, _) in &mix.units {
            let Some(item) = units.item(&unit.value) else {
                continue;
            };
            let id = units.item_ref(item).id;
            if seen.contains(&id) {
                continue;
            }
            let copies = placed.mix.get(&(side, id.clone())).copied().unwrap_or(0);
            let used = placed.copies.get(&(side, id.clone())).map_or(0, Vec::len) as i64;
            if used < copies {
                left.push(if copies > 1 {
                    format!("{} ({} of {})", id, copies - used, copies)
                } else {
                    id.clone()
                });
            }
            seen.push(id);
        }
        if !left.is_empty() {
            diags.push(crate::warning!(
                "unused-units", Some(scenario.name.loc),
                "the scenario `{}` never places these units of {}: {}", scenario.name.value, mix.name.value, left.join(", ");
                hint: "set them up, bring them in as reinforcements, or set them up as available = true"
            ));
        }
    }
}
