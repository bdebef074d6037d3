//! Model: the names a translation gives to what the data names but does
//! not print as a card's or table's text — a deck's or collection's name
//! (`[decks.<id>] name`: a gallery's heading, the card PDF's title, a
//! VASSAL deck), a track's name, short name and the labels of its boxes
//! (`[tracks.<id>] name`, `short`, `label-1`...), a holding box's name
//! (`[boxes.<id>] name`), a scenario's own holding boxes (`[<scenario>.
//! "<box>"] boxes`), the
//! counter sheet's sides that are no side of the game (`[counters."<side's
//! name>"] side`) and a card template's format strings (`[templates."<kind>/
//! <template>"] <field> = "Reichweite {}"`). The source texts
//! ([`label_texts`]) and the translated game ([`translate_labels`]) are
//! made here, so the two cannot key a name differently; a box or counter
//! side renamed is renamed where the scenarios name it, and its source
//! name still finds it.

use super::translation::{SourceText, Translation, Translations};
use super::{Game, Located};
use crate::model::Scenario;
use crate::model::scenario::Place;
use crate::model::track::PartKind;

/// The group of the decks' and collections' names: `translated =
/// ["decks.name"]`.
pub const DECKS: &str = "decks";
/// The groups of the tracks' and holding boxes' names: `translated =
/// ["tracks.name", "tracks.short", "boxes.name"]`.
pub const TRACKS: &str = "tracks";
pub const BOXES: &str = "boxes";
/// What `translated` may name of a track (a holding box has no short name
/// and no labels): its labels are keyed `label-1`... by their box's place.
pub const PART_FIELDS: [&str; 3] = ["name", "short", LABELS];
/// The field of a track's labels, as `translated` names it.
pub const LABELS: &str = "labels";
/// The field of a scenario's own holding boxes: `translated =
/// ["<scenario>.boxes"]`, `[<scenario>."<box>"] boxes` in a translation.
pub const SCENARIO_BOXES: &str = "boxes";
/// The group of the counter sheet's own sides: `translated =
/// ["counters.side"]`.
pub const COUNTERS: &str = "counters";
/// The group of the card templates' format strings: `translated =
/// ["templates.format"]`.
pub const TEMPLATES: &str = "templates";
pub const FORMAT: &str = "format";

/// The fields `translated` may name of `group`, when it is one of these
/// groups and the game has something in it.
pub fn label_fields(game: &Game, group: &str) -> Option<&'static [&'static str]> {
    let parts = |holding: bool| {
        game.parts
            .iter()
            .any(|p| (p.kind == PartKind::Holding) == holding)
    };
    match group {
        DECKS if !game.decks.is_empty() || !game.collections.is_empty() => Some(&["name"]),
        TRACKS if parts(false) => Some(&PART_FIELDS),
        BOXES if parts(true) => Some(&["name"]),
        COUNTERS if game.publish.counters.is_some() => Some(&["side"]),
        TEMPLATES if game.files.templates.iter().any(|t| t.template.is_some()) => Some(&[FORMAT]),
        _ => None,
    }
}

/// The group of a track or box.
fn part_group(kind: PartKind) -> &'static str {
    match kind {
        PartKind::Holding => BOXES,
        _ => TRACKS,
    }
}

/// The field of a track's label `n` (from 0): `label-1` for the first box's.
fn label_key(n: usize) -> String {
    format!("label-{}", n + 1)
}

/// Whether `field` of a track is one of its labels (`label-<n>`).
pub fn is_label_field(field: &str) -> bool {
    field
        .strip_prefix("label-")
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// The key of a card template: its path under `templates/` ("cards/event").
fn template_key(kind: &str, id: &str) -> String {
    format!("{kind}/{id}")
}

/// Whether a counter sheet's side is one of the game's sides (translated
/// as the side, `sides.name`, and never asked for again).
fn is_game_side(game: &Game, name: &str) -> bool {
    game.side(name).is_some()
}

/// The names of decks, tracks, boxes and counter sides and the template
/// formats of `game` its `translated` fields name, in data order.
pub fn label_texts(game: &Game, tr: &Translations) -> Vec<SourceText> {
    let mut out = Vec::new();
    let mut push = |group: &str, key: &str, field: &str, value: Located<String>| {
        if value.value.chars().any(char::is_alphabetic)
            && !out
                .iter()
                .any(|t: &SourceText| t.group == group && t.key == key && t.field == field)
        {
            out.push(SourceText {
                group: group.to_string(),
                key: key.to_string(),
                field: field.to_string(),
                value,
            });
        }
    };
    if tr.translates(DECKS, "name") {
        for deck in game.decks.iter().chain(&game.collections) {
            push(
                DECKS,
                &deck.id,
                "name",
                Located::new(deck.name.clone(), deck.loc),
            );
        }
    }
    for part in &game.parts {
        let group = part_group(part.kind);
        if tr.translates(group, "name") {
            push(group, &part.id.value, "name", part.name.clone());
        }
        if let Some(short) = &part.short
            && tr.translates(group, "short")
        {
            push(group, &part.id.value, "short", short.clone());
        }
        if part.kind != PartKind::Holding && tr.translates(TRACKS, LABELS) {
            for (n, label) in part.labels.iter().enumerate() {
                push(TRACKS, &part.id.value, &label_key(n), label.clone());
            }
        }
    }
    // A scenario's own holding boxes; one of a game box's name is that box.
    for scenario in &game.scenarios {
        if tr.translates(&scenario.id, SCENARIO_BOXES) {
            for own in &scenario.boxes {
                if game.holding_box(&own.value).is_none() {
                    push(&scenario.id, &own.value, SCENARIO_BOXES, own.clone());
                }
            }
        }
    }
    if let Some(job) = &game.publish.counters
        && tr.translates(COUNTERS, "side")
    {
        for side in &job.sides {
            if !is_game_side(game, &side.name.value) {
                push(COUNTERS, &side.name.value, "side", side.name.clone());
            }
        }
    }
    if tr.translates(TEMPLATES, FORMAT) {
        for named in &game.files.templates {
            let Some(template) = &named.template else {
                continue;
            };
            let key = template_key(&named.kind, &named.id);
            for region in &template.regions {
                if let Some(format) = &region.format {
                    let value = Located::new(format.clone(), region.loc);
                    push(TEMPLATES, &key, &region.field, value);
                }
            }
        }
    }
    out
}

/// `out` (a copy of the source game) with the names and formats
/// `translation` gives; every scenario that names a renamed box or
/// counter side by its source name names it anew.
pub fn translate_labels(translation: &Translation, out: &mut Game) {
    let given = |group: &str, key: &str, field: &str| {
        translation.text(group, key, field).map(|t| t.text.clone())
    };
    for deck in out.decks.iter_mut().chain(out.collections.iter_mut()) {
        if let Some(name) = given(DECKS, &deck.id, "name") {
            deck.name = name.value;
        }
    }
    // Each box's source name and its name in the translation.
    let mut boxes: Vec<(String, String)> = Vec::new();
    let maps_parts = out.maps.iter_mut().flat_map(|m| m.parts.iter_mut());
    for part in out.parts.iter_mut().chain(maps_parts) {
        let group = part_group(part.kind);
        if let Some(name) = given(group, &part.id.value, "name") {
            if part.kind == PartKind::Holding
                && !boxes.iter().any(|(old, _)| *old == part.name.value)
            {
                boxes.push((part.name.value.clone(), name.value.clone()));
            }
            let old = std::mem::replace(&mut part.name, name);
            part.aka.push(old.value);
        }
        if let Some(short) = &mut part.short
            && let Some(word) = given(group, &part.id.value, "short")
        {
            *short = word;
        }
        for (n, label) in part.labels.iter_mut().enumerate() {
            if let Some(word) = given(TRACKS, &part.id.value, &label_key(n)) {
                *label = word;
            }
        }
    }
    // The counter sheet's own sides.
    let mut sides: Vec<(String, String)> = Vec::new();
    let game_sides: Vec<String> = out
        .sides
        .iter()
        .flat_map(|s| {
            [s.id.clone(), s.name.clone()]
                .into_iter()
                .chain(s.aka.clone())
        })
        .collect();
    if let Some(job) = &mut out.publish.counters {
        for side in &mut job.sides {
            if game_sides.contains(&side.name.value) {
                continue;
            }
            if let Some(name) = given(COUNTERS, &side.name.value, "side") {
                sides.push((side.name.value.clone(), name.value.clone()));
                side.name = name;
            }
        }
    }
    // The game's boxes by every name a scenario may give them (its own
    // box of such a name is the game's box, not its own).
    let game_boxes: Vec<String> = out
        .parts
        .iter()
        .filter(|p| p.kind == PartKind::Holding)
        .flat_map(|p| {
            [p.id.value.clone(), p.name.value.clone()]
                .into_iter()
                .chain(p.aka.clone())
        })
        .collect();
    for scenario in &mut out.scenarios {
        let mut own: Vec<(String, String)> = scenario
            .boxes
            .iter()
            .filter(|b| !game_boxes.contains(&b.value))
            .filter_map(|b| {
                let name = given(&scenario.id, &b.value, SCENARIO_BOXES)?;
                Some((b.value.clone(), name.value))
            })
            .collect();
        own.extend(boxes.iter().cloned());
        rename_in_scenario(scenario, &own, &sides);
    }
    for named in &mut out.files.templates {
        let key = template_key(&named.kind, &named.id);
        let Some(template) = &mut named.template else {
            continue;
        };
        for region in &mut template.regions {
            if region.format.is_some()
                && let Some(format) = given(TEMPLATES, &key, &region.field)
            {
                region.format = Some(format.value);
                region.translated_at = Some(format.loc);
            }
        }
    }
}

/// A scenario's placements of units and markers, and its own `boxes`: a
/// box named by its source name (a scenario's own box of a game box's
/// name is that box) and a counter side named by its source name, named
/// as the translation names them.
fn rename_in_scenario(
    scenario: &mut Scenario,
    boxes: &[(String, String)],
    sides: &[(String, String)],
) {
    let renamed = |name: &mut Located<String>| {
        if let Some((_, new)) = boxes.iter().find(|(old, _)| *old == name.value) {
            name.value = new.clone();
        }
    };
    for own in &mut scenario.boxes {
        renamed(own);
    }
    let new_box = |place: &mut Place| {
        if let Place::Box(name) = place {
            renamed(name);
        }
    };
    for p in scenario.placements_mut() {
        new_box(&mut p.place);
        if let Some((_, new)) = sides.iter().find(|(old, _)| *old == p.side.value) {
            p.side.value = new.clone();
        }
    }
    for m in &mut scenario.markers {
        new_box(&mut m.place);
    }
}

/// Whether `group` is one of these groups of `game`.
pub fn is_labels_group(game: &Game, group: &str) -> bool {
    label_fields(game, group).is_some()
}
