//! Validate stage: `[dice_combat]` (the opposed-dice model,
//! `model::odds::opposed_dice`) names collections and fields that exist and
//! have the kinds `odds` reads: ref fields from the units into the dice and
//! their types, a faces field on the dice bearing the hit, bonus and block
//! symbols, and (with a bonus rule) the types' ref field into themselves.
//! Each fault is located at the name in game.toml.

use super::values::check_collection;
use crate::diag::Diagnostics;
use crate::model::{Deck, DiceCombat, FieldKind, Game, Located};

pub fn validate_dice_combat(game: &Game, combat: &DiceCombat, diags: &mut Diagnostics) {
    check_collection(game, &combat.units.value, &combat.units.loc, diags);
    check_collection(game, &combat.dice.value, &combat.dice.loc, diags);
    let units = game.collection(&combat.units.value);
    let dice = game.collection(&combat.dice.value);
    if let Some(units) = units {
        for die in [&combat.attack_die, &combat.defense_die] {
            ref_field(game, units, die, Some(&combat.dice.value), diags);
        }
        if let Some(rule) = &combat.bonus {
            let bases = ref_field(game, units, &rule.base_type, None, diags);
            if let Some(bases) = bases.and_then(|to| game.collection(&to)) {
                ref_field(game, bases, &rule.bonus_against, Some(&bases.id), diags);
            }
        }
    }
    if let Some(dice) = dice {
        let faces = field(dice, &combat.faces, "faces", diags);
        if let Some(i) = faces
            && matches!(dice.fields[i].kind, FieldKind::Faces(_))
        {
            let bonus = combat.bonus.as_ref().map(|b| &b.symbol);
            for symbol in [Some(&combat.hit), bonus, Some(&combat.block)]
                .into_iter()
                .flatten()
            {
                if !dice.fields[i].is_symbol(&symbol.value) {
                    let known: Vec<&str> = dice.fields[i]
                        .symbols
                        .iter()
                        .map(|(s, _)| s.as_str())
                        .collect();
                    diags.push(crate::error!(
                        "dangling-reference", Some(symbol.loc),
                        "`{}` declares no symbol `{}`", combat.faces.value, symbol.value;
                        hint: "symbols: {}", known.join(", ")
                    ));
                }
            }
        }
    }
}

/// The index of a declared field named by `name`, of kind `kind`.
fn field(
    deck: &Deck,
    name: &Located<String>,
    kind: &str,
    diags: &mut Diagnostics,
) -> Option<usize> {
    let Some(i) = deck.field_index(&name.value) else {
        let names: Vec<&str> = deck.fields.iter().map(|f| f.name.as_str()).collect();
        diags.push(crate::error!(
            "dangling-reference", Some(name.loc),
            "`{}` declares no field `{}`", deck.id, name.value;
            hint: "its fields: {}", names.join(", ")
        ));
        return None;
    };
    if deck.fields[i].kind.name() != kind {
        diags.push(crate::error!(
            "wrong-type", Some(name.loc),
            "`{}`.`{}` is a {} field where a {kind} field is needed",
            deck.id, name.value, deck.fields[i].kind.name();
            hint: "name a {kind} field of `{}`", deck.id
        ));
        return None;
    }
    Some(i)
}

/// A ref field (into `to`, if given); returns the collection it refers to.
fn ref_field(
    game: &Game,
    deck: &Deck,
    name: &Located<String>,
    to: Option<&str>,
    diags: &mut Diagnostics,
) -> Option<String> {
    let i = field(deck, name, "ref", diags)?;
    let FieldKind::Ref(target) = &deck.fields[i].kind else {
        return None;
    };
    // A ref into no collection is reported where the field is declared.
    if let Some(want) = to
        && game.has_collection(target)
        && target != want
    {
        diags.push(crate::error!(
            "wrong-type", Some(name.loc),
            "`{}`.`{}` refers to `{target}` where `{want}` is needed", deck.id, name.value;
            hint: "name a ref field into `{want}`"
        ));
        return None;
    }
    Some(target.clone())
}
