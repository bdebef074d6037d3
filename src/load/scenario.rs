//! Load stage: a scenario file (`[[scenarios]]` of game.toml, its id the
//! file's stem) — its maps and turns, each side's set-up, reinforcements
//! and withdrawals, markers, holding boxes, victory conditions and special
//! rules — into a [`Scenario`]. Names (units, sides, hexes, boxes) are kept
//! as written with their places; whether they name anything is for
//! validation.

use std::path::Path;

use super::paths::Confine;
use super::spec::{Def, Key, Kind, Tab, one_of, table};
use super::toml::{Reader, Table, parse};
use super::{OpError, read_source};
use crate::diag::{Diagnostics, Sources};
use crate::model::Located;
use crate::model::scenario::{MAX_TURNS, MapEdge, MarkerPlacement, Place, Placement, Scenario};

table! { pub mod scenario_entry: "[[scenarios]]",
    "A scenario file (see the scenario file); its id is the file's name without `.toml`.";
    file: req Str("The file, relative to the game folder, e.g. \"scenarios/breakout.toml\"."),
}

table! { pub mod scenario_file: "a scenario file",
    "A scenario: its maps, turns, each side's set-up, reinforcements and withdrawals, markers, victory conditions and special rules; printed as set-up cards (<id>-setup.pdf), a turn record track (<id>-turns.pdf) and a page of the HTML reference.";
    name: req Str("The scenario's name, e.g. \"Breakout\"."),
    map: opt Str("The map it is played on (a [[maps]] id)."),
    maps: opt StrArray("The maps it is played on, when several (default: every map of the game)."),
    turns: req IntIn(Some(1), Some(MAX_TURNS), "How many game turns it lasts."),
    turn_labels: opt StrArray("A label per turn, e.g. [\"6 Jul\", \"7 Jul\"] (default \"Turn 1\", \"Turn 2\"...); one per turn."),
    first: opt Str("The side that moves first (a [[publish.counters.sides]] name)."),
    stacking: opt IntIn(Some(1), None, "The most units of one side in one hex at set-up."),
    boxes: opt StrArray("Holding boxes the set-up and markers may name, e.g. [\"Reserve\", \"Eliminated\"]."),
    formation: opt Str("A field of the units collection the set-up cards group units by (a formation); default: one group per side, in the collection's order."),
    setup: opt Tables(&setup::DEF),
    reinforcements: opt Tables(&reinforcements::DEF),
    withdrawals: opt Tables(&withdrawals::DEF),
    markers: opt Tables(&markers::DEF),
    victory: opt Str("The victory conditions (Markdown)."),
    special_rules: opt Str("Special rules of the scenario (Markdown)."),
}

table! { pub mod setup: "[[setup]]",
    "Units of one side placed before play: in a hex, in a holding box, on a track's box, or available. Exactly one of hex, box, track (with at) and available.";
    side: req Str("A [[publish.counters.sides]] name."),
    hex: opt Str("The hex (or square) by its code, e.g. \"0305\"."),
    map: opt Str("The map the hex is on, when the scenario has several (default: the one whose grid holds it)."),
    box_ as "box": opt Str("A holding box: one of the scenario's `boxes`, or the name of a [[boxes]] of game.toml."),
    track: opt Str("A track (a [[tracks]] id of game.toml); `at` names its box."),
    at: opt Int("The box of `track`, by its number, e.g. 5; past the end of a track that wraps, the total (25 on a 0-20 track that wraps at 20)."),
    available: opt Bool("true: the units are available to their side, off the map."),
    units: req StrArray("Units by id or name; a unit named twice is two of its counters."),
}

one_of!(impl MapEdge { North = "north", South = "south", East = "east", West = "west" });

table! { pub mod reinforcements: "[[reinforcements]]",
    "Units of one side arriving on a turn: at a hex, along an edge of the map, or in a holding box.";
    side = super::setup::side,
    turn: req Int("The turn they arrive, 1 to `turns`."),
    hex: opt Str("The hex they enter at."),
    map = super::setup::map,
    edge: opt Word(MapEdge, "The map edge they enter along."),
    box_ = super::setup::box_,
    units = super::setup::units,
}

table! { pub mod withdrawals: "[[withdrawals]]",
    "Units of one side leaving the game on a turn (from wherever they are, or by a hex or edge).";
    side = super::setup::side,
    turn: req Int("The turn they leave, 1 to `turns`."),
    hex: opt Str("The hex they leave by."),
    map = super::setup::map,
    edge: opt Word(MapEdge, "The map edge they leave by."),
    units = super::setup::units,
}

table! { pub mod markers: "[[markers]]",
    "A marker counter and where it starts: a box of the turn record track, a hex, a holding box or a box of a track.";
    marker: req Str("A [[publish.counters.markers]] name, e.g. \"Game Turn\"."),
    turn: opt Int("The box of the turn record track it starts in."),
    hex: opt Str("The hex it starts in."),
    map = super::setup::map,
    box_ = super::setup::box_,
    (track, at) = super::setup,
}

/// Every scenario `[[scenarios]]` names, in order.
pub fn load_scenarios(
    confine: &Confine,
    refs: Vec<Located<String>>,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<Vec<Scenario>, OpError> {
    let mut scenarios: Vec<Scenario> = Vec::new();
    for file_name in refs {
        let Some(path) = confine.resolve(confine.dir(), &file_name, "the scenario file", diags)
        else {
            continue;
        };
        let stem = Path::new(&file_name.value)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let id = Located::new(stem, file_name.loc);
        if !super::ids::check(&id, "the scenario file's name", diags) {
            continue;
        }
        if scenarios.iter().any(|s| s.id == id.value) {
            diags.push(crate::error!(
                "duplicate-value", Some(file_name.loc),
                "a second scenario file named `{}`", id.value;
                hint: "a scenario's id is its file's name, which names its outputs: give each scenario file its own name"
            ));
            continue;
        }
        let (file, text, utf8) = read_source(&path, sources, diags)?;
        if !utf8 {
            continue;
        }
        let Some(root) = parse(file, &text, diags) else {
            continue;
        };
        let mut r = Reader::new(file, diags);
        if let Some(scenario) = read_scenario(&mut r, &id.value, &root) {
            scenarios.push(scenario);
        }
    }
    Ok(scenarios)
}

fn read_scenario(r: &mut Reader<'_>, id: &str, root: &Table<'_>) -> Option<Scenario> {
    use scenario_file as k;
    let t = r.open_top(root, &k::DEF);
    let name = r.get(&t, k::name);
    let turns = r.get(&t, k::turns);
    let mut maps: Vec<Located<String>> = r.get(&t, k::map).into_iter().collect();
    maps.extend(r.get(&t, k::maps));
    let turn_labels = r.get(&t, k::turn_labels);
    let first = r.get(&t, k::first);
    let stacking = r.get(&t, k::stacking);
    let boxes = r.get(&t, k::boxes);
    let formation = r.get(&t, k::formation);
    let read = |r: &mut Reader<'_>, tables: Vec<Table<'_>>, def, needed| -> Vec<Placement> {
        tables
            .iter()
            .filter_map(|t| placement(r, t, def, needed))
            .collect()
    };
    let tables = r.get(&t, k::setup);
    let setup = read(
        r,
        tables,
        &setup::DEF,
        Some("hex = \"0305\", box = \"Reserve\", track = \"vp\", at = 0 or available = true"),
    );
    let tables = r.get(&t, k::reinforcements);
    let reinforcements = read(
        r,
        tables,
        &reinforcements::DEF,
        Some("hex = \"0101\", edge = \"north\" or box = \"Reserve\""),
    );
    let tables = r.get(&t, k::withdrawals);
    let withdrawals = read(r, tables, &withdrawals::DEF, None);
    let markers = r
        .get(&t, k::markers)
        .iter()
        .filter_map(|t| marker(r, t))
        .collect();
    let victory = r.get(&t, k::victory);
    let special_rules = r.get(&t, k::special_rules);
    let turns = turns?;
    if !(1..=MAX_TURNS).contains(&turns.value) {
        r.diags.push(crate::error!(
            "limit-exceeded", Some(turns.loc),
            "a scenario of {} turns", turns.value;
            hint: "a scenario lasts 1 to {MAX_TURNS} turns"
        ));
        return None;
    }
    Some(Scenario {
        id: id.to_string(),
        name: name?,
        maps,
        turns,
        turn_labels,
        first,
        stacking,
        boxes,
        formation,
        setup,
        reinforcements,
        withdrawals,
        markers,
        victory,
        special_rules,
        loc: r.loc(0..0),
    })
}

/// A key of a placement table, read only if the table's kind has it (the
/// keys it lacks were reported as unknown when it was opened).
fn key<'i, K: Kind>(r: &mut Reader<'_>, t: &Tab<'_, 'i>, def: &Def, key: Key<K>) -> K::Out<'i>
where
    K::Out<'i>: Default,
{
    if def.has(key.name()) {
        r.get(t, key)
    } else {
        K::Out::default()
    }
}

/// What a set-up, reinforcement, withdrawal or marker table says, read
/// alike whatever its kind: its side (or marker), turn, units and the one
/// place it gives (`None` with a `missing-field` when it gives none and
/// `needed` says what it could have, or a `bad-value` when it gives
/// several).
struct Entry {
    side: Option<Located<String>>,
    marker: Option<Located<String>>,
    turn: Option<Located<i64>>,
    units: Vec<Located<String>>,
    place: Option<Place>,
}

fn entry(r: &mut Reader<'_>, t: &Table<'_>, def: &'static Def, needed: Option<&str>) -> Entry {
    let tab = r.open(t, def);
    let side = key(r, &tab, def, setup::side);
    let marker = key(r, &tab, def, markers::marker);
    let units = key(r, &tab, def, setup::units);
    // A marker's turn is a place (a box of the turn track); the others'
    // is when they arrive or leave.
    let turn = if std::ptr::eq(def, &markers::DEF) {
        None
    } else {
        key(r, &tab, def, reinforcements::turn)
    };
    let mut places = Vec::new();
    let map = key(r, &tab, def, setup::map);
    if let Some(code) = key(r, &tab, def, setup::hex) {
        places.push(("hex", Place::Hex { code, map }));
    }
    if let Some(b) = key(r, &tab, def, setup::box_) {
        places.push(("box", Place::Box(b)));
    }
    if key(r, &tab, def, setup::available).unwrap_or(false) {
        places.push(("available", Place::Available));
    }
    if let Some(edge) = key(r, &tab, def, reinforcements::edge) {
        places.push(("edge", Place::Edge(edge)));
    }
    if std::ptr::eq(def, &markers::DEF)
        && let Some(turn) = key(r, &tab, def, markers::turn)
    {
        places.push(("turn", Place::Turn(turn)));
    }
    let track = key(r, &tab, def, setup::track);
    let at = key(r, &tab, def, setup::at);
    let half = track.is_some() != at.is_some();
    match (track, at) {
        (Some(track), Some(at)) => places.push(("track", Place::Track { track, at })),
        (None, None) => {}
        (Some(v), None) => r.diags.push(crate::error!(
            "missing-field", Some(v.loc), "which box of the track `{}`?", v.value;
            hint: "give its number: at = 5"
        )),
        (None, Some(at)) => r.diags.push(crate::error!(
            "missing-field", Some(at.loc), "`at = {}`, but on which track?", at.value;
            hint: "name the track: track = \"<a [[tracks]] id>\""
        )),
    }
    let place = match places.len() {
        _ if half => None,
        0 => match needed {
            None => Some(Place::Unplaced),
            Some(keys) => {
                r.diags.push(crate::error!(
                    "missing-field", Some(r.loc(t.span())),
                    "this table does not say where its units go";
                    hint: "give one of {keys}"
                ));
                None
            }
        },
        1 => places.pop().map(|(_, p)| p),
        _ => {
            let keys: Vec<&str> = places.iter().map(|(k, _)| *k).collect();
            r.diags.push(crate::error!(
                "bad-value", Some(r.loc(t.span())),
                "this table puts its units in two places at once ({})", keys.join(" and ");
                hint: "give only one of them"
            ));
            None
        }
    };
    Entry {
        side,
        marker,
        turn,
        units,
        place,
    }
}

/// A set-up (`turn` none), reinforcement or withdrawal.
fn placement(
    r: &mut Reader<'_>,
    t: &Table<'_>,
    def: &'static Def,
    needed: Option<&str>,
) -> Option<Placement> {
    let e = entry(r, t, def, needed);
    let turn = if std::ptr::eq(def, &setup::DEF) {
        None
    } else {
        Some(e.turn?)
    };
    Some(Placement {
        side: e.side?,
        turn,
        place: e.place?,
        units: e.units,
        loc: r.loc(t.span()),
    })
}

fn marker(r: &mut Reader<'_>, t: &Table<'_>) -> Option<MarkerPlacement> {
    let e = entry(
        r,
        t,
        &markers::DEF,
        Some("turn = 1, hex = \"0305\", box = \"Reserve\" or track = \"vp\", at = 0"),
    );
    Some(MarkerPlacement {
        marker: e.marker?,
        place: e.place?,
        loc: r.loc(t.span()),
    })
}
