//! Publish: a game's scenarios — for each, the set-up cards of its sides
//! (`<id>-setup.pdf`) and its turn record track (`<id>-turns.pdf`), the
//! counters drawn from the same faces as `counters.pdf`; and a page of the
//! HTML reference per scenario. Units, sides and markers are resolved
//! against the counter mix here; what does not resolve is left to
//! validation, which reports it.

use std::collections::HashMap;

use super::{Assets, Body, Output, PlanOptions};
use crate::diag::Diagnostics;
use crate::layout::{
    self, Counter, CounterKey, OobEntry, OobGroup, SetupCard, SheetHead, SheetOptions, TurnBox,
};
use crate::load::OpError;
use crate::model::scenario::{Place, Placement, Scenario};
use crate::model::{Deck, Game, Paper};
use crate::render::html::{
    ExtraPage, ScenarioShown, ShownOob, ShownTurn, ShownUnit, scenario_page,
};

/// The counters a scenario draws: each side's units by (side, unit id),
/// and the markers by name.
struct Drawn<'a> {
    units: HashMap<(usize, String), &'a Counter>,
    markers: HashMap<String, &'a Counter>,
}

fn drawn<'a>(game: &Game, counters: &'a [Counter]) -> Option<Drawn<'a>> {
    let job = game.publish.counters.as_ref()?;
    let units = game.collection(&job.units.value)?;
    // The first counter of each entry of the counter mix (a unit of a side, a marker).
    let mut first: HashMap<CounterKey, &'a Counter> = HashMap::new();
    for c in counters {
        first.entry(c.key).or_insert(c);
    }
    let mut out = Drawn {
        units: HashMap::new(),
        markers: HashMap::new(),
    };
    for (side, mix) in job.sides.iter().enumerate() {
        for (entry, (unit, _)) in mix.units.iter().enumerate() {
            let (Some(item), Some(c)) = (
                units.item(&unit.value),
                first.get(&CounterKey::Unit { side, entry }),
            ) else {
                continue;
            };
            out.units
                .entry((side, units.item_ref(item).id))
                .or_insert(c);
        }
    }
    for (k, marker) in job.markers.iter().enumerate() {
        if let Some(c) = first.get(&CounterKey::Marker(k)) {
            out.markers.insert(marker.name.value.clone(), c);
        }
    }
    Some(out)
}

impl<'a> Drawn<'a> {
    fn unit(
        &self,
        game: &Game,
        units: &Deck,
        side: &str,
        unit: &str,
    ) -> Option<(usize, &'a Counter)> {
        let side = game.counter_side(side)?;
        let id = units.item_ref(units.item(unit)?).id;
        Some((side, *self.units.get(&(side, id))?))
    }
}

/// The line of facts under a sheet's title.
fn facts(game: &Game, scenario: &Scenario) -> String {
    let mut facts = Vec::new();
    let turns = scenario.turns.value;
    let words = &game.words;
    let span = match (scenario.turn_labels.first(), scenario.turn_labels.last()) {
        (Some(a), Some(b)) if turns > 1 => {
            let (from, to) = (("from", a.value.as_str()), ("to", b.value.as_str()));
            Some(crate::text::Words::fill(&words.turn_span, &[from, to]))
        }
        (Some(a), _) => Some(a.value.clone()),
        _ => None,
    };
    let count = |one: &str, many: &str, n: i64| {
        crate::text::Words::fill(if n == 1 { one } else { many }, &[("n", &n.to_string())])
    };
    let turns = count(&words.turns_one, &words.turns_many, turns);
    facts.push(match span {
        Some(span) => words.labelled(&turns, &span),
        None => turns,
    });
    let maps: Vec<&str> = game
        .scenario_maps(scenario)
        .iter()
        .map(|m| m.name.as_str())
        .collect();
    if !maps.is_empty() {
        facts.push(words.labelled(&words.scenario_map, &maps.join(", ")));
    }
    if let Some(first) = &scenario.first {
        facts.push(words.labelled(&words.first_player, &first.value));
    }
    if let Some(limit) = &scenario.stacking {
        facts.push(count(
            &words.stacking_one,
            &words.stacking_many,
            limit.value,
        ));
    }
    facts.join(" · ")
}

/// A reinforcement's place on a set-up card: "T3 0101", "T3 North edge".
fn arrival(game: &Game, entry: &Placement) -> String {
    let turn = entry.turn.as_ref().map_or(0, |t| t.value);
    format!(
        "{}{turn} {}",
        game.words.turn_short,
        entry.place.shown_in(game)
    )
}

/// Each side's order of battle: its set-up grouped by formation (in the
/// order of the units collection), then its reinforcements by turn.
fn cards<'a>(
    game: &Game,
    scenario: &Scenario,
    units: &Deck,
    drawn: &Drawn<'a>,
) -> Vec<SetupCard<'a>> {
    let Some(job) = game.publish.counters.as_ref() else {
        return Vec::new();
    };
    // The scenario's own `formation`, else the counters' (which bands them).
    let formation = scenario
        .formation
        .as_ref()
        .or(job.formation.as_ref())
        .and_then(|f| units.field_index(&f.value));
    let order: HashMap<String, usize> = units
        .cards
        .iter()
        .enumerate()
        .map(|(i, c)| (units.item_ref(c).id, i))
        .collect();
    let mut out = Vec::new();
    for (side, mix) in job.sides.iter().enumerate() {
        // (formation, collection index, entry) in the order written.
        let mut set: Vec<(String, usize, OobEntry<'a>)> = Vec::new();
        for entry in &scenario.setup {
            for unit in &entry.units {
                let Some((s, counter)) = drawn.unit(game, units, &entry.side.value, &unit.value)
                else {
                    continue;
                };
                if s != side {
                    continue;
                }
                let Some(item) = units.item(&unit.value) else {
                    continue;
                };
                let group = formation
                    .map(|f| layout::card_list_value(game, units, item, f))
                    .filter(|g| !g.trim().is_empty() && g != "-")
                    .unwrap_or_default();
                let index = order.get(&units.item_ref(item).id).copied().unwrap_or(0);
                set.push((
                    group,
                    index,
                    OobEntry {
                        counter,
                        place: entry.place.shown_in(game),
                        loc: *entry.place.loc().unwrap_or(&entry.loc),
                    },
                ));
            }
        }
        // Groups in the order their first unit comes in the collection.
        let mut first_of: HashMap<String, usize> = HashMap::new();
        for (g, i, _) in &set {
            let at = first_of.entry(g.clone()).or_insert(*i);
            *at = (*at).min(*i);
        }
        set.sort_by_key(|(g, i, _)| (first_of.get(g).copied().unwrap_or(0), g.clone(), *i));
        // Units of no formation under the units collection's name (in the
        // build's language), as one group.
        let mut groups: Vec<OobGroup<'a>> = Vec::new();
        for (g, _, entry) in set {
            let title = if g.is_empty() { units.name.clone() } else { g };
            match groups.last_mut() {
                Some(last) if last.title == title => last.entries.push(entry),
                _ => groups.push(OobGroup {
                    title,
                    entries: vec![entry],
                }),
            }
        }
        let mut arriving: Vec<&Placement> = scenario
            .reinforcements
            .iter()
            .filter(|r| game.counter_side(&r.side.value) == Some(side))
            .collect();
        arriving.sort_by_key(|r| r.turn.as_ref().map_or(0, |t| t.value));
        let mut later = Vec::new();
        for entry in arriving {
            for unit in &entry.units {
                if let Some((_, counter)) = drawn.unit(game, units, &entry.side.value, &unit.value)
                {
                    later.push(OobEntry {
                        counter,
                        place: arrival(game, entry),
                        loc: *entry.place.loc().unwrap_or(&entry.loc),
                    });
                }
            }
        }
        if !later.is_empty() {
            groups.push(OobGroup {
                title: game.words.reinforcements.clone(),
                entries: later,
            });
        }
        if groups.is_empty() {
            continue;
        }
        let color = drawn
            .units
            .iter()
            .find(|((s, _), _)| *s == side)
            .map_or([0.9, 0.9, 0.9], |(_, c)| c.color);
        out.push(SetupCard {
            side: mix.name.value.clone(),
            color: lighter(color),
            groups,
        });
    }
    // Markers that start in a hex or a box (those on the track are drawn there).
    let markers: Vec<OobEntry<'a>> = scenario
        .markers
        .iter()
        .filter(|m| !matches!(m.place, Place::Turn(_)))
        .filter_map(|m| {
            Some(OobEntry {
                counter: drawn.markers.get(&m.marker.value)?,
                place: m.place.shown_in(game),
                loc: *m.place.loc().unwrap_or(&m.loc),
            })
        })
        .collect();
    if !markers.is_empty() {
        out.push(SetupCard {
            side: game.words.markers.clone(),
            color: [0.88, 0.88, 0.88],
            groups: vec![OobGroup {
                title: game.words.markers.clone(),
                entries: markers,
            }],
        });
    }
    out
}

/// A side's colour lightened for a band behind black text.
fn lighter(rgb: [f32; 3]) -> [f32; 3] {
    rgb.map(|c| c + (1.0 - c) * 0.35)
}

/// The boxes of the turn record track.
fn turn_boxes<'a>(
    game: &Game,
    scenario: &Scenario,
    units: &Deck,
    drawn: &Drawn<'a>,
) -> Vec<TurnBox<'a>> {
    let mut boxes: Vec<TurnBox<'a>> = scenario
        .turn_numbers()
        .map(|n| TurnBox {
            number: n,
            label: if scenario.turn_labels.is_empty() {
                String::new()
            } else {
                scenario.turn_label(n, &game.words)
            },
            markers: Vec::new(),
            arrivals: Vec::new(),
            leaving: Vec::new(),
            notes: Vec::new(),
        })
        .collect();
    for marker in &scenario.markers {
        // On the scenario's track, or on a turn track of the game.
        let turn = match &marker.place {
            Place::Turn(t) => Some(t.value),
            Place::Track { track, at } => game
                .track(&track.value)
                .filter(|t| t.kind == crate::model::track::PartKind::Turn)
                .map(|_| at.value),
            _ => None,
        };
        if let Some(b) = turn_box(&mut boxes, turn)
            && let Some(c) = drawn.markers.get(&marker.marker.value)
        {
            b.markers.push(c);
        }
    }
    for entry in &scenario.reinforcements {
        let Some(b) = turn_box(&mut boxes, entry.turn.as_ref().map(|t| t.value)) else {
            continue;
        };
        for unit in &entry.units {
            if let Some((_, c)) = drawn.unit(game, units, &entry.side.value, &unit.value) {
                b.arrivals.push((c, entry.place.shown_in(game), unit.loc));
            }
        }
    }
    for entry in &scenario.withdrawals {
        let Some(b) = turn_box(&mut boxes, entry.turn.as_ref().map(|t| t.value)) else {
            continue;
        };
        let caption = match &entry.place {
            Place::Unplaced => game.words.withdraw.clone(),
            p => game.words.labelled(&game.words.out, &p.shown_in(game)),
        };
        for unit in &entry.units {
            if let Some((_, c)) = drawn.unit(game, units, &entry.side.value, &unit.value) {
                b.leaving
                    .push((c, caption.clone(), *entry.place.loc().unwrap_or(&entry.loc)));
            }
        }
        b.notes
            .push((withdrawal_note(game, units, drawn, entry), entry.loc));
    }
    boxes
}

/// The box of turn `turn` (from 1), if the track has it.
fn turn_box<'b, 'a>(
    boxes: &'b mut [TurnBox<'a>],
    turn: Option<i64>,
) -> Option<&'b mut TurnBox<'a>> {
    boxes.get_mut(usize::try_from(turn? - 1).ok()?)
}

/// "Germans withdraw 2 Pz, 7 Inf (North edge)".
fn withdrawal_note(game: &Game, units: &Deck, drawn: &Drawn<'_>, entry: &Placement) -> String {
    let names: Vec<String> = entry
        .units
        .iter()
        .map(|u| {
            drawn
                .unit(game, units, &entry.side.value, &u.value)
                .map_or_else(|| u.value.clone(), |(_, c)| c.name.clone())
        })
        .collect();
    let by = match &entry.place {
        Place::Unplaced => String::new(),
        p => format!(" ({})", p.shown_in(game)),
    };
    format!("{} withdraw {}{by}", entry.side.value, names.join(", "))
}

/// The scenario's notes: its victory conditions and special rules.
fn notes(game: &Game, scenario: &Scenario) -> Vec<(String, String)> {
    let mut out = Vec::new();
    if let Some(v) = &scenario.victory {
        out.push((game.words.victory_conditions.clone(), v.value.clone()));
    }
    if let Some(s) = &scenario.special_rules {
        out.push((game.words.special_rules.clone(), s.value.clone()));
    }
    out
}

fn sheet_options(game: &Game, options: &PlanOptions) -> SheetOptions {
    SheetOptions {
        paper: options.paper.unwrap_or(Paper::LETTER),
        margin: 36.0,
        counter: options
            .counter_size
            .or(game.publish.options.counter_size)
            .unwrap_or(super::counters::DEFAULT_SIZE),
    }
}

/// The set-up cards and turn track of every scenario; problems go to `diags`.
pub fn plan_scenarios(
    game: &Game,
    assets: &Assets,
    options: &PlanOptions,
    diags: &mut Diagnostics,
) -> Result<Vec<Output>, OpError> {
    let mut outputs = Vec::new();
    if game.scenarios.is_empty() {
        return Ok(outputs);
    }
    let Some(counters) = super::counters::game_counters(game, assets)? else {
        return Ok(outputs);
    };
    let (Some(drawn), Some(units), Some(family)) = (
        drawn(game, &counters),
        game.publish
            .counters
            .as_ref()
            .and_then(|j| game.collection(&j.units.value)),
        assets.text_family(game),
    ) else {
        return Ok(outputs);
    };
    let sheet = sheet_options(game, options);
    for scenario in &game.scenarios {
        let head = SheetHead {
            scenario: scenario.name.value.clone(),
            facts: facts(game, scenario),
            loc: scenario.name.loc,
            words: game.words.clone(),
        };
        let cards = cards(game, scenario, units, &drawn);
        let placed: usize = cards
            .iter()
            .flat_map(|c| &c.groups)
            .map(|g| g.entries.len())
            .sum();
        match layout::lay_out_setup_cards(&head, &cards, family, &assets.fonts, &sheet) {
            Ok(doc) if !doc.pages.is_empty() => outputs.push(Output {
                printed: super::artifact::Printed::Scenario,
                file_name: format!("{}-setup.pdf", scenario.id),
                summary: format!(
                    "{}: {}, {} on {}",
                    scenario.name.value,
                    super::counted(cards.len(), "set-up card", "set-up cards"),
                    super::counted(placed, "unit", "units"),
                    super::counted(doc.pages.len(), "page", "pages")
                ),
                body: Body::Doc(doc),
                images: None,
            }),
            Ok(_) => {}
            Err(problems) => problems.into_iter().for_each(|d| diags.push(d)),
        }
        let boxes = turn_boxes(game, scenario, units, &drawn);
        match layout::lay_out_turn_track(
            &head,
            &boxes,
            &notes(game, scenario),
            family,
            &assets.fonts,
            &sheet,
        ) {
            Ok(doc) => outputs.push(Output {
                printed: super::artifact::Printed::Scenario,
                file_name: format!("{}-turns.pdf", scenario.id),
                summary: format!(
                    "{}: turn record track of {} on {}",
                    scenario.name.value,
                    super::counted(boxes.len(), "turn", "turns"),
                    super::counted(doc.pages.len(), "page", "pages")
                ),
                body: Body::Doc(doc),
                images: None,
            }),
            Err(problems) => problems.into_iter().for_each(|d| diags.push(d)),
        }
    }
    Ok(outputs)
}

/// A page of the HTML reference per scenario; with the counters' faces
/// drawn on them (whose pictures the reference copies beside its pages).
pub fn html_pages(
    game: &Game,
    assets: &Assets,
) -> Result<(Vec<ExtraPage>, Vec<layout::Item>), OpError> {
    let mut pages = Vec::new();
    let mut all_items = Vec::new();
    if game.scenarios.is_empty() {
        return Ok((pages, all_items));
    }
    let Some(counters) = super::counters::game_counters(game, assets)? else {
        return Ok((pages, all_items));
    };
    let (Some(drawn), Some(units), Some(family)) = (
        drawn(game, &counters),
        game.publish
            .counters
            .as_ref()
            .and_then(|j| game.collection(&j.units.value)),
        assets.text_family(game),
    ) else {
        return Ok((pages, all_items));
    };
    let size = game
        .publish
        .options
        .counter_size
        .unwrap_or(super::counters::DEFAULT_SIZE);
    // Each counter's front, drawn once.
    let mut fronts: HashMap<*const Counter, Vec<layout::Item>> = HashMap::new();
    let mut front = |c: &Counter| -> Option<Vec<layout::Item>> {
        if let Some(items) = fronts.get(&std::ptr::from_ref(c)) {
            return Some(items.clone());
        }
        let (f, _) = layout::counter_faces(c, size, family, &assets.fonts).ok()?;
        fronts.insert(std::ptr::from_ref(c), f.clone());
        Some(f)
    };
    for scenario in &game.scenarios {
        let cards = cards(game, scenario, units, &drawn);
        let mut sides = Vec::new();
        for card in &cards {
            let mut groups = Vec::new();
            for group in &card.groups {
                let mut shown = Vec::new();
                for entry in &group.entries {
                    let Some(items) = front(entry.counter) else {
                        continue;
                    };
                    shown.push(ShownUnit {
                        name: entry.counter.name.clone(),
                        place: entry.place.clone(),
                        front: items,
                    });
                }
                groups.push((group.title.clone(), shown));
            }
            sides.push(ShownOob {
                side: card.side.clone(),
                groups,
            });
        }
        let turns = turn_boxes(game, scenario, units, &drawn)
            .into_iter()
            .map(|b| ShownTurn {
                number: b.number,
                label: b.label,
                markers: b.markers.iter().map(|c| c.name.clone()).collect(),
                arrivals: b
                    .arrivals
                    .iter()
                    .map(|(c, place, _)| (c.name.clone(), c.side.clone(), place.clone()))
                    .collect(),
                withdrawals: b.notes.into_iter().map(|(n, _)| n).collect(),
            })
            .collect();
        let victory = scenario
            .victory
            .as_ref()
            .map(|v| crate::load::rules::parse_rules(&v.value));
        let special = scenario
            .special_rules
            .as_ref()
            .map(|v| crate::load::rules::parse_rules(&v.value));
        let shown = ScenarioShown {
            id: &scenario.id,
            name: &scenario.name.value,
            facts: facts(game, scenario),
            sides,
            turns,
            victory: victory.as_ref(),
            special_rules: special.as_ref(),
            size,
            words: &game.words,
        };
        pages.push(scenario_page(&shown, &assets.fonts));
    }
    all_items.extend(fronts.into_values().flatten());
    Ok((pages, all_items))
}
