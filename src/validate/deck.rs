//! Validate stage: a deck's cards against its declared constraints and the game.

use std::collections::HashMap;

use crate::diag::Diagnostics;
use crate::model::{Card, Deck, FieldKind, FieldValue, Game};
use crate::text::rich_problem;

pub fn validate_deck(game: &Game, deck: &Deck, diags: &mut Diagnostics) {
    check_values(game, deck, diags);
    super::values::check_field_decls(game, deck, diags);
    super::values::check_structured_values(game, deck, diags);
    super::constraints::check_constraints(game, deck, diags);
    if let Some(count) = &deck.constraints.count_per {
        check_count(game, deck, count.field, count.count, &count.loc, diags);
    }
    for unique in &deck.constraints.unique {
        check_unique(game, deck, unique.field, unique.within, diags);
    }
    if let Some(mirror) = &deck.constraints.mirrored {
        check_mirrored(game, deck, mirror.value, diags);
    }
}

/// The group a card's value puts it in: refs resolve to the target's id, so
/// "U.F.P." and "ufp" are the same side.
pub(super) fn group_key(game: &Game, deck: &Deck, card: &Card, field: usize) -> Option<String> {
    let value = card.values.get(field)?.as_ref()?;
    let text = value.value.display();
    match &deck.fields[field].kind {
        FieldKind::Ref(to) if !deck.fields[field].is_symbol(&text) => {
            game.resolve(to, &text).map(|s| s.id)
        }
        _ => Some(text),
    }
}

/// How a group prints in a message (a side's name rather than its id).
pub(super) fn group_name(game: &Game, deck: &Deck, field: usize, key: &str) -> String {
    match &deck.fields[field].kind {
        FieldKind::Ref(to) => game
            .resolve(to, key)
            .map_or_else(|| key.to_string(), |s| s.name),
        _ => key.to_string(),
    }
}

/// Refs name something that exists; rich text has balanced markup.
fn check_values(game: &Game, deck: &Deck, diags: &mut Diagnostics) {
    for card in &deck.cards {
        for (field, value) in deck.fields.iter().zip(&card.values) {
            let Some(value) = value else { continue };
            let FieldValue::Text(text) = &value.value else {
                continue;
            };
            match &field.kind {
                FieldKind::Ref(to)
                    if game.has_collection(to)
                        && !field.is_symbol(text)
                        && game.resolve(to, text).is_none() =>
                {
                    let what = if to == crate::model::SIDES {
                        "side of the game".to_string()
                    } else {
                        format!("item of `{to}`")
                    };
                    let mut names = game.item_names(to);
                    names.extend(field.symbols.iter().map(|(s, m)| format!("{s} ({m})")));
                    diags.push(crate::error!(
                        "dangling-reference", Some(value.loc),
                        "`{}` = \"{text}\" names no {what}", field.name;
                        hint: "{to}: {}", names.join(", ")
                    ));
                }
                FieldKind::Rich => {
                    if let Some((at, why)) = rich_problem(text) {
                        diags.push(
                            crate::warning!(
                                "unbalanced-markup", Some(value.loc),
                                "in `{}`: {why}", field.name;
                                hint: "marker at character {} of the text; escape a literal star as \\\\*",
                                text[..at].chars().count() + 1
                            ),
                        );
                    }
                }
                _ => {}
            }
        }
    }
}

/// The ids of every item of a collection (or side), in order.
pub(super) fn group_ids(game: &Game, to: &str) -> Vec<String> {
    if to == crate::model::SIDES {
        return game.sides.iter().map(|s| s.id.clone()).collect();
    }
    game.collection(to).map_or_else(Vec::new, |c| {
        c.cards.iter().map(|i| c.item_ref(i).id).collect()
    })
}

fn check_count(
    game: &Game,
    deck: &Deck,
    field: usize,
    want: usize,
    loc: &crate::diag::Loc,
    diags: &mut Diagnostics,
) {
    let mut counts: Vec<(String, usize)> = match &deck.fields[field].kind {
        FieldKind::Ref(to) => group_ids(game, to).into_iter().map(|id| (id, 0)).collect(),
        FieldKind::Enum(values) => values.iter().map(|v| (v.clone(), 0)).collect(),
        _ => Vec::new(),
    };
    let mut at: HashMap<String, usize> = counts
        .iter()
        .enumerate()
        .map(|(i, (k, _))| (k.clone(), i))
        .collect();
    for card in &deck.cards {
        let Some(key) = group_key(game, deck, card, field) else {
            continue;
        };
        match at.get(&key) {
            Some(&i) => counts[i].1 += 1,
            None => {
                at.insert(key.clone(), counts.len());
                counts.push((key, 1));
            }
        }
    }
    for (key, n) in counts {
        if n != want {
            diags.push(crate::error!(
                "card-count", Some(*loc),
                "{} has {n} {} where the deck requires exactly {want}",
                group_name(game, deck, field, &key), deck.name.to_lowercase();
                hint: "each `{}` must have {want} cards; add or remove cards",
                deck.fields[field].name
            ));
        }
    }
}

fn check_unique(
    game: &Game,
    deck: &Deck,
    field: usize,
    within: Option<usize>,
    diags: &mut Diagnostics,
) {
    let mut seen: HashMap<(Option<String>, String), &Card> = HashMap::new();
    for card in &deck.cards {
        let Some(value) = card.values.get(field).and_then(|v| v.as_ref()) else {
            continue;
        };
        let group = within.and_then(|w| group_key(game, deck, card, w));
        let key = (group.clone(), value.value.display());
        if let Some(first) = seen.get(&key) {
            let scope = match (within, &group) {
                (Some(w), Some(g)) => format!(" among the {} cards", group_name(game, deck, w, g)),
                _ => String::new(),
            };
            let name = &deck.fields[field].name;
            let d = crate::error!(
                "duplicate-value",
                Some(value.loc),
                "`{name}` = \"{}\" appears more than once{scope}", key.1;
                hint: "`{name}` must be unique{scope}"
            );
            diags.push(match first.values[field].as_ref() {
                Some(first) => d.with_label(first.loc, "the first is here"),
                None => d,
            });
        } else {
            seen.insert(key, card);
        }
    }
}

/// The cards of every value of `mirror` are the same cards except for it.
fn check_mirrored(game: &Game, deck: &Deck, mirror: usize, diags: &mut Diagnostics) {
    // Cards with load errors are left out, and then a missing counterpart
    // may be one of them, so only differences between whole cards are reported.
    let all_complete = deck.cards.iter().all(|c| c.complete);
    let mut groups: Vec<(String, Vec<&Card>)> = Vec::new();
    for card in deck.cards.iter().filter(|c| c.complete) {
        let Some(key) = group_key(game, deck, card, mirror) else {
            continue;
        };
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, cards)) => cards.push(card),
            None => groups.push((key, vec![card])),
        }
    }
    let Some((first_key, first)) = groups.first() else {
        return;
    };
    let first_name = group_name(game, deck, mirror, first_key);
    let title = deck.title_field;
    let title_of = |c: &Card| deck.text(c, title).unwrap_or_default();
    // The first group's cards by title (the first of each title), so that
    // matching is linear in the cards.
    let mut twins: HashMap<String, &Card> = HashMap::with_capacity(first.len());
    for card in first {
        twins.entry(title_of(card)).or_insert(card);
    }
    for (key, cards) in groups.iter().skip(1) {
        let name = group_name(game, deck, mirror, key);
        let titles: std::collections::HashSet<String> = cards.iter().map(|c| title_of(c)).collect();
        for card in cards {
            let Some(twin) = twins.get(&title_of(card)).copied() else {
                if !all_complete {
                    continue;
                }
                diags.push(crate::error!(
                    "mirror-mismatch", Some(card.loc),
                    "{name} card \"{}\" has no {first_name} counterpart", title_of(card);
                    hint: "the cards of every `{}` must be the same except for `{}`",
                    deck.fields[mirror].name, deck.fields[mirror].name
                ));
                continue;
            };
            for (i, field) in deck.fields.iter().enumerate() {
                if i == mirror || same(&card.values[i], &twin.values[i]) {
                    continue;
                }
                let loc = card.values[i].as_ref().map_or_else(|| card.loc, |v| v.loc);
                let twin_loc = twin.values[i].as_ref().map_or_else(|| twin.loc, |v| v.loc);
                diags.push(
                    crate::error!(
                        "mirror-mismatch",
                        Some(loc),
                        "{name} card \"{}\" differs from the {first_name} card in `{}`",
                        title_of(card),
                        field.name;
                        hint: "the {first_name} card has {}", describe(&twin.values[i])
                    )
                    .with_label(twin_loc, format!("the {first_name} card")),
                );
            }
        }
        for card in first {
            if all_complete && !titles.contains(&title_of(card)) {
                diags.push(crate::error!(
                    "mirror-mismatch", Some(card.loc),
                    "{first_name} card \"{}\" has no {name} counterpart", title_of(card);
                    hint: "add the same card for {name}"
                ));
            }
        }
    }
}

fn same(
    a: &Option<crate::model::Located<FieldValue>>,
    b: &Option<crate::model::Located<FieldValue>>,
) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => a.value == b.value,
        _ => false,
    }
}

fn describe(v: &Option<crate::model::Located<FieldValue>>) -> String {
    match v {
        None => "no value".to_string(),
        Some(v) => format!("\"{}\"", v.value.display()),
    }
}
