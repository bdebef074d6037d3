//! Publish: a game's scenarios as the VASSAL module's set-ups — each unit
//! of a side's set-up a copy of its counter's piece on its hex (or place)
//! of its map's board, or in its named box; reinforcements in the box of
//! the turn they arrive on (the turn track's, else a "Turn N" holding
//! box); markers where the scenario starts them. Boxes no board has are
//! regions of a board of their own, "Holding Boxes". Units, sides and
//! markers that do not resolve are left to validation, which reports them.

use std::collections::HashMap;

use crate::layout::CounterKey;
use crate::model::scenario::{Place, Scenario, find_hex};
use crate::model::track::PartKind;
use crate::model::{Game, Map};
use crate::render::vassal::{Placed, VassalBoard, VassalGrid, VassalSetup};

/// A holding box's cell on the holding board, in pixels, and boxes a row.
const BOX_W: f32 = 180.0;
const BOX_H: f32 = 120.0;
const PER_ROW: usize = 5;

/// Where the module's boards are: each map's board and its drawing's
/// margin, and the named points pieces can be put in (track and holding
/// boxes on a board: name, board, x, y).
pub struct Spots<'a> {
    pub maps: Vec<(&'a Map, String, f32)>,
    pub boxes: Vec<(String, String, f32, f32)>,
    /// Names given a box of their own on the holding board, in order.
    holding: Vec<String>,
    /// The name of the board (and window) of the boxes no other board
    /// has (the word `vassal_holding`).
    holding_name: String,
}

impl<'a> Spots<'a> {
    pub fn new(
        maps: Vec<(&'a Map, String, f32)>,
        boxes: Vec<(String, String, f32, f32)>,
        holding_name: &str,
    ) -> Self {
        Spots {
            maps,
            boxes,
            holding: Vec::new(),
            holding_name: holding_name.to_string(),
        }
    }

    /// The board and point of a named box: a board's, else one of the
    /// holding board (made the first time it is asked for).
    fn named(&mut self, name: &str) -> (String, f32, f32) {
        if let Some((_, board, x, y)) = self.boxes.iter().find(|(n, ..)| n == name) {
            return (board.clone(), *x, *y);
        }
        let i = match self.holding.iter().position(|n| n == name) {
            Some(i) => i,
            None => {
                self.holding.push(name.to_string());
                self.holding.len() - 1
            }
        };
        let (x, y) = holding_point(i);
        (self.holding_name.clone(), x, y)
    }

    /// The holding board, if any box was put on it.
    pub fn holding_board(&self) -> Option<VassalBoard> {
        if self.holding.is_empty() {
            return None;
        }
        let rows = self.holding.len().div_ceil(PER_ROW);
        let columns = self.holding.len().min(PER_ROW);
        Some(VassalBoard {
            name: self.holding_name.clone(),
            image: String::new(),
            width: (columns as f32 * BOX_W) as u32,
            height: (rows as f32 * BOX_H) as u32,
            grid: Some(VassalGrid::Regions(
                self.holding
                    .iter()
                    .enumerate()
                    .map(|(i, n)| {
                        let (x, y) = holding_point(i);
                        (n.clone(), x, y)
                    })
                    .collect(),
            )),
            zones: Vec::new(),
        })
    }
}

fn holding_point(i: usize) -> (f32, f32) {
    let (c, r) = ((i % PER_ROW) as f32, (i / PER_ROW) as f32);
    ((c + 0.5) * BOX_W, (r + 0.5) * BOX_H)
}

/// Each scenario's set-up: `pieces` finds a counter's piece (its side and
/// place in the palette) by the counter-mix entry it is drawn for.
pub fn setups(
    game: &Game,
    pieces: &HashMap<CounterKey, (usize, usize)>,
    spots: &mut Spots<'_>,
) -> Vec<VassalSetup> {
    // Without a turn track, the turns things wait for are holding boxes,
    // in turn order.
    if !game.parts.iter().any(|p| p.kind == PartKind::Turn) {
        let mut turns: Vec<i64> = game
            .scenarios
            .iter()
            .flat_map(|s| {
                let arriving = s.reinforcements.iter().filter_map(|r| r.turn.as_ref());
                let marked = s.markers.iter().filter_map(|m| match &m.place {
                    Place::Turn(n) => Some(n),
                    _ => None,
                });
                arriving.chain(marked).map(|n| n.value)
            })
            .collect();
        turns.sort_unstable();
        turns.dedup();
        for n in turns {
            spots.named(&game.words.turn_n(n));
        }
    }
    game.scenarios
        .iter()
        .map(|scenario| setup(game, scenario, pieces, spots))
        .collect()
}

fn setup(
    game: &Game,
    scenario: &Scenario,
    pieces: &HashMap<CounterKey, (usize, usize)>,
    spots: &mut Spots<'_>,
) -> VassalSetup {
    let mut placed = Vec::new();
    let mut put = |piece: Option<&(usize, usize)>, at: Option<(String, f32, f32)>| {
        if let (Some(&(side, piece)), Some((map, x, y))) = (piece, at) {
            placed.push(Placed {
                side,
                piece,
                map,
                x: x.round() as i64,
                y: y.round() as i64,
            });
        }
    };
    for entry in &scenario.setup {
        let at = where_is(game, scenario, &entry.place, spots);
        for unit in &entry.units {
            put(
                unit_piece(game, pieces, &entry.side.value, &unit.value),
                at.clone(),
            );
        }
    }
    for entry in &scenario.reinforcements {
        let Some(turn) = &entry.turn else { continue };
        let at = where_is(game, scenario, &Place::Turn(turn.clone()), spots);
        for unit in &entry.units {
            put(
                unit_piece(game, pieces, &entry.side.value, &unit.value),
                at.clone(),
            );
        }
    }
    for marker in &scenario.markers {
        let k = game.publish.counters.as_ref().and_then(|job| {
            job.markers
                .iter()
                .position(|m| m.name.value == marker.marker.value)
        });
        let at = where_is(game, scenario, &marker.place, spots);
        put(k.and_then(|k| pieces.get(&CounterKey::Marker(k))), at);
    }
    VassalSetup {
        name: scenario.name.value.clone(),
        file: format!("{}.vsav", scenario.id),
        placed,
    }
}

/// The piece of a side's unit (by id or name).
fn unit_piece<'p>(
    game: &Game,
    pieces: &'p HashMap<CounterKey, (usize, usize)>,
    side: &str,
    unit: &str,
) -> Option<&'p (usize, usize)> {
    let job = game.publish.counters.as_ref()?;
    let units = game.collection(&job.units.value)?;
    let side = game.counter_side(side)?;
    let id = units.item_ref(units.item(unit)?).id;
    let entry = job.sides.get(side)?.units.iter().position(|(u, _)| {
        units
            .item(&u.value)
            .is_some_and(|i| units.item_ref(i).id == id)
    })?;
    pieces.get(&CounterKey::Unit { side, entry })
}

/// The board and point of a place of the scenario: a hex's (place's)
/// centre, a box's, the turn track's box of a turn (else a "Turn N"
/// holding box). An edge or nowhere is no point.
fn where_is(
    game: &Game,
    scenario: &Scenario,
    place: &Place,
    spots: &mut Spots<'_>,
) -> Option<(String, f32, f32)> {
    match place {
        Place::Hex { code, map } => {
            let maps = game.scenario_maps(scenario);
            let (i, cell) = find_hex(&maps, code, map.as_ref().map(|m| m.value.as_str()))?;
            let (map, board, margin) = spots.maps.iter().find(|(m, ..)| m.id == maps[i].id)?;
            let (x, y) = super::grid::cell_point(map, cell, *margin)?;
            Some((board.clone(), x, y))
        }
        Place::Box(name) => {
            let name = game
                .holding_box(&name.value)
                .map_or_else(|| name.value.clone(), |b| b.box_name(None));
            Some(spots.named(&name))
        }
        Place::Track { track, at } => {
            // The box the total is in (a wrapping track's "+N" aside).
            let name = game
                .track(&track.value)
                .and_then(|part| {
                    let (i, _) = part.box_of(at.value)?;
                    Some(part.box_name(Some(part.from + i as i64)))
                })
                .unwrap_or_else(|| place.shown(&game.words));
            Some(spots.named(&name))
        }
        Place::Turn(n) => {
            let name = game
                .parts
                .iter()
                .find(|p| p.kind == PartKind::Turn && p.box_of(n.value).is_some())
                .map_or_else(|| game.words.turn_n(n.value), |p| p.box_name(Some(n.value)));
            Some(spots.named(&name))
        }
        Place::Available => Some(spots.named(&game.words.available)),
        Place::Edge(_) | Place::Unplaced => None,
    }
}
