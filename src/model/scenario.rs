//! Model: a scenario (`[[scenarios]]` of game.toml) — its maps, its turns
//! and their labels, each side's set-up (a unit in a hex, a holding box or
//! available), reinforcements and withdrawals by turn, markers and where
//! they start, the stacking limit, victory conditions and special rules.
//! Plain data with source locations, read from the scenario file; checked
//! by `validate::scenario`, drawn by the set-up cards and the turn track.

use super::Located;
use crate::diag::Loc;

/// An edge of a map, as a reinforcement or withdrawal names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapEdge {
    North,
    South,
    East,
    West,
}

impl MapEdge {
    /// How a set-up card prints it, in `words`: "North edge".
    pub fn shown(self, words: &crate::text::Words) -> &str {
        match self {
            MapEdge::North => &words.edge_north,
            MapEdge::South => &words.edge_south,
            MapEdge::East => &words.edge_east,
            MapEdge::West => &words.edge_west,
        }
    }
}

/// Where a unit or marker is put: a hex (or square) of a map, a holding
/// box, the units available to its side, the edge of the map it enters by,
/// or a box of the turn record track.
#[derive(Clone, Debug, PartialEq)]
pub enum Place {
    /// A cell's code, on `map` (none: any of the scenario's maps).
    Hex {
        code: Located<String>,
        map: Option<Located<String>>,
    },
    Box(Located<String>),
    Available,
    /// The edge of the map units enter or leave by.
    Edge(Located<MapEdge>),
    /// A box of the turn record track.
    Turn(Located<i64>),
    /// A box of a track of the game (`[[tracks]]`) by its number (a
    /// total, past the end of a track that wraps).
    Track {
        track: Located<String>,
        at: Located<i64>,
    },
    /// Nowhere given (a withdrawal: the unit leaves from wherever it is).
    Unplaced,
}

/// Units of one side put somewhere together: at set-up, arriving as
/// reinforcements on a turn, or withdrawn on a turn.
#[derive(Clone, Debug, PartialEq)]
pub struct Placement {
    pub side: Located<String>,
    /// The turn they arrive or leave (none at set-up).
    pub turn: Option<Located<i64>>,
    pub place: Place,
    /// Unit ids or names, a repeat another copy.
    pub units: Vec<Located<String>>,
    /// The table's place in the file.
    pub loc: Loc,
}

/// A marker counter and where it starts.
#[derive(Clone, Debug, PartialEq)]
pub struct MarkerPlacement {
    /// A `[[publish.counters.markers]]` name.
    pub marker: Located<String>,
    pub place: Place,
    pub loc: Loc,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    /// The file's stem: `out/<game>/<id>-setup.pdf`.
    pub id: String,
    pub name: Located<String>,
    /// The maps it is played on (map ids); empty: every map of the game.
    pub maps: Vec<Located<String>>,
    pub turns: Located<i64>,
    /// One per turn, or none (the turns are numbered only).
    pub turn_labels: Vec<Located<String>>,
    /// The side that moves first.
    pub first: Option<Located<String>>,
    /// The most units of one side in one hex at set-up.
    pub stacking: Option<Located<i64>>,
    /// The holding boxes the set-up may name.
    pub boxes: Vec<Located<String>>,
    /// A unit field the order of battle is grouped by (a formation).
    pub formation: Option<Located<String>>,
    pub setup: Vec<Placement>,
    pub reinforcements: Vec<Placement>,
    pub withdrawals: Vec<Placement>,
    pub markers: Vec<MarkerPlacement>,
    /// Markdown.
    pub victory: Option<Located<String>>,
    pub special_rules: Option<Located<String>>,
    /// The file's start.
    pub loc: Loc,
}

impl Scenario {
    /// The label of turn `n` (from 1): its own, else "Turn" and its number
    /// in `words`.
    pub fn turn_label(&self, n: i64, words: &crate::text::Words) -> String {
        usize::try_from(n - 1)
            .ok()
            .and_then(|i| self.turn_labels.get(i))
            .map_or_else(|| words.turn_n(n), |l| l.value.clone())
    }

    /// Every placement of units: the set-up, then the reinforcements and
    /// the withdrawals (each names its side, its units and a place).
    pub fn placements_mut(&mut self) -> impl Iterator<Item = &mut Placement> {
        self.setup
            .iter_mut()
            .chain(&mut self.reinforcements)
            .chain(&mut self.withdrawals)
    }

    /// Every turn's number, 1 to `turns` (none when `turns` is out of range).
    pub fn turn_numbers(&self) -> std::ops::RangeInclusive<i64> {
        1..=self.turns.value.clamp(0, MAX_TURNS)
    }
}

/// The longest turn record track: a located `limit-exceeded` past it.
pub const MAX_TURNS: i64 = 500;

impl Place {
    /// Where the place is written, if it is (`available = true` and a
    /// withdrawal's missing place are not values of their own).
    pub fn loc(&self) -> Option<&Loc> {
        match self {
            Place::Hex { code, .. } => Some(&code.loc),
            Place::Box(name) => Some(&name.loc),
            Place::Edge(edge) => Some(&edge.loc),
            Place::Turn(n) => Some(&n.loc),
            Place::Track { at, .. } => Some(&at.loc),
            Place::Available | Place::Unplaced => None,
        }
    }

    /// How a set-up card or the turn track prints it, in `words`: the hex
    /// code, the box's name, "Available", "North edge", "Turn 3".
    pub fn shown(&self, words: &crate::text::Words) -> String {
        match self {
            Place::Hex { code, .. } => code.value.clone(),
            Place::Box(name) => name.value.clone(),
            Place::Available => words.available.clone(),
            Place::Edge(edge) => edge.value.shown(words).to_string(),
            Place::Turn(n) => words.turn_n(n.value),
            Place::Track { track, at } => format!("{} {}", track.value, at.value),
            Place::Unplaced => String::new(),
        }
    }

    /// As [`Place::shown`], a place of a map of places by its name
    /// ("Paris", though the scenario wrote `hex = "paris"`), and a track's
    /// box named as the game names it:
    /// "Victory Points 5", "Victory Points 5 (+20)" for a total of 25 on
    /// a track that wraps at 20.
    pub fn shown_in(&self, game: &super::Game) -> String {
        if let Place::Hex { code, map } = self
            && let Some(name) = place_name(game, &code.value, map.as_ref())
        {
            return name;
        }
        if let Place::Track { track, at } = self
            && let Some(part) = game.track(&track.value)
            && let Some((i, over)) = part.box_of(at.value)
        {
            let n = part.from + i as i64;
            let name = part.box_name(Some(n));
            return if over > 0 {
                format!("{name} (+{over})")
            } else {
                name
            };
        }
        self.shown(&game.words)
    }
}

/// The name of the place `code` names (by id or name) on a map of
/// places: on `map` when given, else on the first of the game's maps of
/// places that has it.
fn place_name(game: &super::Game, code: &str, map: Option<&Located<String>>) -> Option<String> {
    game.maps
        .iter()
        .filter(|m| map.is_none_or(|id| m.id == id.value))
        .filter_map(|m| m.places.as_ref())
        .find_map(|p| p.find(code).map(|i| p.places[i].name.clone()))
}

impl super::Game {
    /// The track (`[[tracks]]`) with this id.
    pub fn track(&self, id: &str) -> Option<&super::track::BoardPart> {
        self.parts
            .iter()
            .find(|p| p.id.value == id && p.kind != super::track::PartKind::Holding)
    }

    /// The holding box (`[[boxes]]`) with this name (or id, or its
    /// source name where a translation renamed it).
    pub fn holding_box(&self, name: &str) -> Option<&super::track::BoardPart> {
        let boxes = || {
            self.parts
                .iter()
                .filter(|p| p.kind == super::track::PartKind::Holding)
        };
        boxes()
            .find(|p| p.name.value == name)
            .or_else(|| boxes().find(|p| p.id.value == name))
            .or_else(|| boxes().find(|p| p.aka.iter().any(|a| a == name)))
    }

    /// The side of the counter mix (`[[publish.counters.sides]]`) a
    /// scenario names: by its name, or by the game side (name or id) of
    /// that name.
    pub fn counter_side(&self, name: &str) -> Option<usize> {
        let job = self.publish.counters.as_ref()?;
        job.sides
            .iter()
            .position(|s| s.name.value == name)
            .or_else(|| {
                let side = self.side(name)?;
                job.sides
                    .iter()
                    .position(|s| s.name.value == side.name || s.name.value == side.id)
            })
    }

    /// The maps a scenario is played on: those it names that the game has,
    /// else every map of the game.
    pub fn scenario_maps(&self, scenario: &Scenario) -> Vec<&super::Map> {
        if scenario.maps.is_empty() {
            return self.maps.iter().collect();
        }
        scenario
            .maps
            .iter()
            .filter_map(|m| self.maps.iter().find(|map| map.id == m.value))
            .collect()
    }
}

/// The map (an index into `maps`) and cell a hex code names: on the map
/// `on` names, else the first of `maps` whose grid holds it.
pub fn find_hex(
    maps: &[&super::Map],
    code: &Located<String>,
    on: Option<&str>,
) -> Option<(usize, super::map::Cell)> {
    maps.iter().enumerate().find_map(|(i, map)| {
        if on.is_some_and(|id| id != map.id) {
            return None;
        }
        if map.places.is_some() {
            return map.place_cell(&code.value).map(|cell| (i, cell));
        }
        let at = map.coordinates.read(&code.value)?;
        let name = super::map::CellName {
            text: code.clone(),
            at,
        };
        map.cell(&name).map(|cell| (i, cell))
    })
}
