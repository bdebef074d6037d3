//! Validate stage: the deck constraints beyond counts and uniqueness — a
//! declared size, complete sets of values within a group, fields only some
//! kinds of card may (or must) have, and a relation that must be one cycle.

use std::collections::HashMap;

use super::deck::{group_ids, group_key, group_name};
use crate::diag::Diagnostics;
use crate::model::{Card, Complete, Deck, FieldKind, Game, When};

pub fn check_constraints(game: &Game, deck: &Deck, diags: &mut Diagnostics) {
    let c = &deck.constraints;
    if let Some(size) = &c.size
        && deck.cards.len() != size.value
    {
        diags.push(crate::error!(
            "deck-size", Some(size.loc),
            "{} has {} cards where size = {}", deck.name, deck.cards.len(), size.value;
            hint: "add or remove cards, or correct the declared size"
        ));
    }
    for complete in &c.complete {
        check_complete(game, deck, complete, diags);
    }
    for when in &c.when {
        check_when(game, deck, when, diags);
    }
    if let Some(cycle) = &c.cycle {
        check_cycle(game, deck, cycle.value, &cycle.loc, diags);
    }
}

/// The number a card holds in an int field, if it holds one.
fn number(card: &Card, field: usize) -> Option<(i64, crate::diag::Loc)> {
    let v = card.values.get(field)?.as_ref()?;
    Some((v.value.display().parse().ok()?, v.loc))
}

fn check_complete(game: &Game, deck: &Deck, complete: &Complete, diags: &mut Diagnostics) {
    let name = &deck.fields[complete.field].name;
    // Every group the `within` field allows, even those with no cards.
    let mut groups: Vec<(Option<String>, Vec<i64>)> = match complete.within {
        None => vec![(None, Vec::new())],
        Some(w) => match &deck.fields[w].kind {
            FieldKind::Ref(to) => group_ids(game, to)
                .into_iter()
                .map(|g| (Some(g), Vec::new()))
                .collect(),
            FieldKind::Enum(values) => values
                .iter()
                .map(|g| (Some(g.clone()), Vec::new()))
                .collect(),
            _ => Vec::new(),
        },
    };
    for card in deck.cards.iter().filter(|c| c.complete) {
        let Some((n, loc)) = number(card, complete.field) else {
            continue;
        };
        let group = match complete.within {
            None => None,
            Some(w) => match group_key(game, deck, card, w) {
                Some(g) => Some(g),
                None => continue,
            },
        };
        let index = match groups.iter().position(|(g, _)| *g == group) {
            Some(i) => i,
            None => {
                groups.push((group.clone(), Vec::new()));
                groups.len() - 1
            }
        };
        let scope = scope(game, deck, complete.within, &group);
        if !complete.values.contains(&n) {
            diags.push(crate::error!(
                "not-in-set", Some(loc), "`{name}` = {n}{scope} is not one of the set";
                hint: "`{name}` takes each of {} once", describe(&complete.values)
            ));
        } else if groups[index].1.contains(&n) {
            diags.push(crate::error!(
                "duplicate-value", Some(loc), "`{name}` = {n} appears more than once{scope}";
                hint: "`{name}` takes each of {} exactly once", describe(&complete.values)
            ));
        } else {
            groups[index].1.push(n);
        }
    }
    for (group, seen) in &groups {
        let missing: Vec<i64> = complete
            .values
            .iter()
            .copied()
            .filter(|v| !seen.contains(v))
            .collect();
        if !missing.is_empty() {
            let scope = scope(game, deck, complete.within, group);
            diags.push(crate::error!(
                "incomplete-set", Some(complete.loc),
                "no card{scope} has `{name}` = {}", describe(&missing);
                hint: "`{name}` takes each of {} once{scope}", describe(&complete.values)
            ));
        }
    }
}

fn scope(game: &Game, deck: &Deck, within: Option<usize>, group: &Option<String>) -> String {
    match (within, group) {
        (Some(w), Some(g)) => format!(
            " among the `{}` = {} cards",
            deck.fields[w].name,
            group_name(game, deck, w, g)
        ),
        _ => String::new(),
    }
}

fn describe(values: &[i64]) -> String {
    crate::model::describe_rolls(values)
}

/// Whether a card's value in `field` is one of `is` (as written, or for a
/// ref the item's id or name).
fn matches(game: &Game, deck: &Deck, card: &Card, when: &When) -> bool {
    let Some(text) = deck.text(card, when.field) else {
        return false;
    };
    if when.is.contains(&text) {
        return true;
    }
    match &deck.fields[when.field].kind {
        FieldKind::Ref(to) => game
            .resolve(to, &text)
            .is_some_and(|r| when.is.contains(&r.id) || when.is.contains(&r.name)),
        _ => false,
    }
}

fn check_when(game: &Game, deck: &Deck, when: &When, diags: &mut Diagnostics) {
    let cond = &deck.fields[when.field].name;
    for (i, card) in deck.cards.iter().enumerate() {
        if !matches(game, deck, card, when) {
            continue;
        }
        let value = deck.text(card, when.field).unwrap_or_default();
        let title = deck.card_title(i);
        for &f in &when.forbid {
            if let Some(v) = &card.values[f] {
                diags.push(crate::error!(
                    "forbidden-field", Some(v.loc),
                    "\"{title}\" has `{}`, which a card with `{cond}` = \"{value}\" may not have",
                    deck.fields[f].name;
                    hint: "remove `{}` from this card", deck.fields[f].name
                ));
            }
        }
        // A card with a load error may have lost the value to it (already reported).
        for &f in when.require.iter().filter(|_| card.complete) {
            if card.values[f].is_none() {
                let at = card.loc.span.start;
                diags.push(crate::error!(
                    "required-field", Some(crate::diag::Loc::new(card.loc.file, at..at)),
                    "\"{title}\" has no `{}`, which a card with `{cond}` = \"{value}\" needs",
                    deck.fields[f].name;
                    hint: "add `{} = ...` to this card", deck.fields[f].name
                ));
            }
        }
    }
}

/// The ref field links every item to the next, round one cycle through all.
fn check_cycle(
    game: &Game,
    deck: &Deck,
    field: usize,
    loc: &crate::diag::Loc,
    diags: &mut Diagnostics,
) {
    let FieldKind::Ref(to) = &deck.fields[field].kind else {
        diags.push(crate::error!(
            "not-a-cycle", Some(*loc),
            "`{}` is not a ref field", deck.fields[field].name;
            hint: "a cycle follows a ref field into `{}` itself", deck.id
        ));
        return;
    };
    if to != &deck.id {
        diags.push(crate::error!(
            "not-a-cycle", Some(*loc),
            "`{}` refers to `{to}`, not to `{}`", deck.fields[field].name, deck.id;
            hint: "a cycle follows a ref field into `{}` itself", deck.id
        ));
        return;
    }
    let ids: Vec<String> = deck.cards.iter().map(|c| deck.item_ref(c).id).collect();
    let next: HashMap<&str, Option<String>> = deck
        .cards
        .iter()
        .zip(&ids)
        .map(|(c, id)| {
            let target = deck
                .text(c, field)
                .and_then(|t| game.resolve(to, &t))
                .map(|r| r.id);
            (id.as_str(), target)
        })
        .collect();
    let Some(start) = ids.first() else { return };
    let mut chain = vec![start.clone()];
    let mut at = start.clone();
    let closed = loop {
        match next.get(at.as_str()).cloned().flatten() {
            Some(n) if n == *start => break true,
            Some(n) if chain.contains(&n) => {
                chain.push(n);
                break false;
            }
            Some(n) => {
                chain.push(n.clone());
                at = n;
            }
            None => break false,
        }
    };
    let covers_all = ids.iter().all(|i| chain.contains(i));
    if closed && covers_all {
        return;
    }
    let name_of = |id: &str| {
        game.resolve(to, id)
            .map_or_else(|| id.to_string(), |r| r.name)
    };
    let path: Vec<String> = chain.iter().map(|i| name_of(i)).collect();
    let left_out: Vec<String> = ids
        .iter()
        .filter(|i| !chain.contains(i))
        .map(|i| name_of(i))
        .collect();
    let mut why = format!(
        "following `{}`: {}",
        deck.fields[field].name,
        path.join(" > ")
    );
    if closed {
        why.push_str(&format!(" > {}", name_of(start)));
    } else {
        why.push_str(" does not lead back to the start");
    }
    if !left_out.is_empty() {
        why.push_str(&format!("; left out: {}", left_out.join(", ")));
    }
    diags.push(crate::error!(
        "not-a-cycle", Some(*loc),
        "`{}` does not make one cycle through every item of `{}`", deck.fields[field].name, deck.id;
        hint: "{why}"
    ));
}
