//! Model: the names a translation gives that other data names them by —
//! the game's sides (`[sides.<side id>] name`), its marker counters
//! (`[markers."<name>"] name` and `back`), a map's places (`[<map>.<place
//! id>] places`) and labels (`[<map>."<label>"] labels`), the values of a
//! deck's or collection's list field (`[<deck>."<value>"] <field>`), a
//! map of places' attributes (`[<map>.<attribute id>] attributes`) and
//! their words (`[<map>."<value>"] values`) and
//! the game's credits (`[game.credit-<n>] credits`). The source texts
//! ([`name_texts`]) and the translated game ([`translate_names`]) are
//! made here, so the two cannot key a name differently; a name renamed
//! is renamed wherever the data names it (a scenario's side, a card's
//! side, a marker placed), and the source's name still finds the thing.

use super::places::{AttributeShow, AttributeValue, Places};
use super::translation::{SourceText, Translation, Translations};
use super::{FieldKind, FieldValue, Game, Located};

/// The group of the sides' names: `translated = ["sides.name"]`.
pub const SIDES: &str = super::collection::SIDES;
/// The group of the marker counters' words: `translated =
/// ["markers.name", "markers.back"]`.
pub const MARKERS: &str = "markers";
/// What `translated` may name of the markers.
pub const MARKER_FIELDS: [&str; 2] = ["name", "back"];
/// The group of the game's own texts: `translated = ["game.credits"]`.
pub const GAME: &str = "game";
/// The field of the credits (the `copyright` lines).
pub const CREDITS: &str = "credits";
/// A map's fields of names others name: its places' and its labels'.
pub const PLACES: &str = "places";
pub const LABELS: &str = "labels";
/// A map of places' attributes' names, and their values of words (a
/// ring's "Allied"), each by itself.
pub const ATTRIBUTES: &str = "attributes";
pub const VALUES: &str = "values";

/// The key of credit line `n` (from 0): `credit-1` for the first.
fn credit_key(n: usize) -> String {
    format!("credit-{}", n + 1)
}

/// Whether a field of this kind is a list of values a translation
/// translates value by value (`[<deck>."<value>"] <field>`).
pub fn is_value_list(kind: &FieldKind) -> bool {
    matches!(kind, FieldKind::Enum(_))
}

/// The sides, markers, places, labels, list values and credits of `game`
/// its `translated` fields name, in data order. A list value that is a
/// side's name is the side's (`sides.name`), not the list's.
pub fn name_texts(game: &Game, tr: &Translations) -> Vec<SourceText> {
    let mut out = Vec::new();
    let mut push = |group: &str, key: &str, field: &str, value: Located<String>| {
        if value.value.chars().any(char::is_alphabetic) {
            out.push(SourceText {
                group: group.to_string(),
                key: key.to_string(),
                field: field.to_string(),
                value,
            });
        }
    };
    if tr.translates(SIDES, "name") {
        for side in &game.sides {
            push(
                SIDES,
                &side.id,
                "name",
                Located::new(side.name.clone(), side.loc),
            );
        }
    }
    if let Some(job) = &game.publish.counters {
        for m in &job.markers {
            if tr.translates(MARKERS, "name") {
                push(MARKERS, &m.name.value, "name", m.name.clone());
            }
            if let Some(back) = &m.back
                && tr.translates(MARKERS, "back")
            {
                push(MARKERS, &m.name.value, "back", back.clone());
            }
        }
    }
    for map in &game.maps {
        if tr.translates(&map.id, PLACES)
            && let Some(places) = &map.places
        {
            for p in &places.places {
                let name = Located::new(p.name.clone(), p.id.loc);
                push(&map.id, &p.id.value, PLACES, name);
            }
        }
        if let Some(places) = &map.places {
            if tr.translates(&map.id, ATTRIBUTES) {
                for a in &places.attributes {
                    let name = Located::new(a.name.clone(), a.id.loc);
                    push(&map.id, &a.id.value, ATTRIBUTES, name);
                }
            }
            if tr.translates(&map.id, VALUES) {
                let mut seen = std::collections::HashSet::new();
                for value in attribute_words(places) {
                    if seen.insert(value.value.clone()) {
                        let key = value.value.clone();
                        push(&map.id, &key, VALUES, value);
                    }
                }
            }
        }
        if tr.translates(&map.id, LABELS) {
            let mut seen = std::collections::HashSet::new();
            for label in &map.labels {
                if seen.insert(label.text.value.clone()) {
                    push(&map.id, &label.text.value, LABELS, label.text.clone());
                }
            }
        }
    }
    for deck in game.decks.iter().chain(&game.collections) {
        for decl in &deck.fields {
            let FieldKind::Enum(values) = &decl.kind else {
                continue;
            };
            if !tr.translates(&deck.id, &decl.name) {
                continue;
            }
            for v in values {
                if game.side(v).is_none() || !tr.translates(SIDES, "name") {
                    push(
                        &deck.id,
                        v,
                        &decl.name,
                        Located::new(v.clone(), decl.kind_loc),
                    );
                }
            }
        }
    }
    if tr.translates(GAME, CREDITS) {
        for (n, line) in game.copyright.iter().enumerate() {
            if let Some(at) = game.copyright_at.get(n) {
                push(
                    GAME,
                    &credit_key(n),
                    CREDITS,
                    Located::new(line.clone(), *at),
                );
            }
        }
    }
    out
}

/// `out` (a copy of `game`) with the names `translation` gives: each
/// side's, marker's, place's and label's, each list value's and credit
/// line's; every value that names a renamed thing by its source name
/// named anew, so the translated game names it as it prints it.
pub fn translate_names(translation: &Translation, out: &mut Game) {
    // A text the translation gives, where it is written (a problem of
    // it, a name too long for its counter, is told there).
    let located = |group: &str, key: &str, field: &str| {
        translation.text(group, key, field).map(|t| t.text.clone())
    };
    let given = |group: &str, key: &str, field: &str| located(group, key, field).map(|t| t.value);
    // Each side's source name and its name in the translation.
    let mut renamed: Vec<(String, String)> = Vec::new();
    for side in &mut out.sides {
        if let Some(name) = located(SIDES, &side.id, "name") {
            renamed.push((side.name.clone(), name.value.clone()));
            side.aka.push(std::mem::replace(&mut side.name, name.value));
            side.loc = name.loc;
        }
    }
    let rename = |value: &mut String| {
        if let Some((_, new)) = renamed.iter().find(|(old, _)| old == value) {
            *value = new.clone();
        }
    };
    for force in &mut out.forces {
        if let Some(side) = &mut force.side {
            rename(&mut side.value);
        }
    }
    // The markers' words.
    let mut markers: Vec<(String, String)> = Vec::new();
    if let Some(job) = &mut out.publish.counters {
        for side in &mut job.sides {
            rename(&mut side.name.value);
        }
        for m in &mut job.markers {
            let source = m.name.value.clone();
            if let Some(back) = &mut m.back
                && let Some(word) = located(MARKERS, &source, "back")
            {
                *back = word;
            }
            if let Some(word) = located(MARKERS, &source, "name") {
                markers.push((source, word.value.clone()));
                m.name = word;
            }
        }
    }
    // The scenarios, which name sides and markers by name.
    for scenario in &mut out.scenarios {
        for p in scenario.placements_mut() {
            rename(&mut p.side.value);
        }
        if let Some(first) = &mut scenario.first {
            rename(&mut first.value);
        }
        for placed in &mut scenario.markers {
            if let Some((_, new)) = markers.iter().find(|(old, _)| *old == placed.marker.value) {
                placed.marker.value = new.clone();
            }
        }
    }
    for map in &mut out.maps {
        let id = map.id.clone();
        if let Some(places) = &mut map.places {
            for p in &mut places.places {
                if let Some(name) = given(&id, &p.id.value, PLACES) {
                    p.aka.push(std::mem::replace(&mut p.name, name));
                }
            }
        }
        for label in &mut map.labels {
            if let Some(text) = located(&id, &label.text.value, LABELS) {
                label.text = text;
            }
        }
        if let Some(places) = &mut map.places {
            translate_attributes(places, &|key, field| given(&id, key, field));
        }
    }
    // A list field's values, and every card's value of them: a side's
    // name as the side is named, any other as the translation gives it.
    for deck in out.decks.iter_mut().chain(out.collections.iter_mut()) {
        let id = deck.id.clone();
        let mut lists: Vec<(usize, Vec<(String, String)>)> = Vec::new();
        for (f, decl) in deck.fields.iter_mut().enumerate() {
            let to_sides = matches!(&decl.kind, FieldKind::Ref(to) if to == SIDES);
            let name = decl.name.clone();
            let mut pairs = Vec::new();
            match &mut decl.kind {
                FieldKind::Enum(values) => {
                    for v in values.iter_mut() {
                        let new = renamed
                            .iter()
                            .find(|(old, _)| old == v)
                            .map(|(_, new)| new.clone())
                            .or_else(|| given(&id, v, &name));
                        if let Some(new) = new {
                            pairs.push((std::mem::replace(v, new.clone()), new));
                        }
                    }
                }
                _ if to_sides => pairs.clone_from(&renamed),
                _ => {}
            }
            if !pairs.is_empty() {
                lists.push((f, pairs));
            }
        }
        for card in &mut deck.cards {
            for (f, pairs) in &lists {
                if let Some(Some(value)) = card.values.get_mut(*f)
                    && let FieldValue::Text(text) = &value.value
                    && let Some((_, new)) = pairs.iter().find(|(old, _)| old.as_str() == &**text)
                {
                    value.value = FieldValue::Text(new.as_str().into());
                }
            }
        }
        if !lists.is_empty() {
            deck.index = std::sync::OnceLock::new();
            deck.items = std::sync::OnceLock::new();
        }
    }
    for (n, line) in out.copyright.iter_mut().enumerate() {
        if let Some(text) = given(GAME, &credit_key(n), CREDITS) {
            *line = text;
        }
    }
}

/// The words a map of places' attributes hold, where each is written: the
/// values its rings are coloured by, then the places' values of words.
fn attribute_words(places: &Places) -> Vec<Located<String>> {
    let rings = places.attributes.iter().flat_map(|a| match &a.show {
        AttributeShow::Ring(colours) => colours.iter().map(|(v, _)| v.clone()).collect(),
        _ => Vec::new(),
    });
    let values = places
        .places
        .iter()
        .flat_map(|p| &p.attributes)
        .filter_map(|(_, v)| match &v.value {
            AttributeValue::Text(t) => Some(Located::new(t.clone(), v.loc)),
            _ => None,
        });
    rings.chain(values).collect()
}

/// A map of places' attributes named as the translation names them
/// (`given(key, field)`), and their words wherever they are written.
fn translate_attributes(places: &mut Places, given: &dyn Fn(&str, &str) -> Option<String>) {
    for a in &mut places.attributes {
        if let Some(name) = given(&a.id.value, ATTRIBUTES) {
            a.name = name;
        }
        if let AttributeShow::Ring(colours) = &mut a.show {
            for (value, _) in colours {
                if let Some(word) = given(&value.value, VALUES) {
                    value.value = word;
                }
            }
        }
    }
    for (_, v) in places.places.iter_mut().flat_map(|p| &mut p.attributes) {
        if let AttributeValue::Text(t) = &mut v.value
            && let Some(word) = given(t, VALUES)
        {
            *t = word;
        }
    }
}

/// Whether `group` is one of the names' groups of `game`: its sides, its
/// markers, or the game's own texts.
pub fn is_names_group(game: &Game, group: &str) -> bool {
    (group == SIDES && !game.sides.is_empty())
        || (group == MARKERS
            && game
                .publish
                .counters
                .as_ref()
                .is_some_and(|j| !j.markers.is_empty()))
        || group == GAME
}
