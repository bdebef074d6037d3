//! Validate stage: a deck's or collection's field declarations against the
//! game (a `ref` names a collection that exists, a phrase's slots too) and its
//! structured values (phrases read against their forms, die faces against
//! their symbols, sides and recorded totals).

use crate::diag::{Diagnostics, Loc};
use crate::model::{
    Card, Deck, FacesDecl, FieldDecl, FieldKind, FieldValue, Game, Located, PhraseForm, count_on,
    form_slots, read_phrases,
};

/// An int field's values lie within its `min` and `max`.
pub fn check_int_ranges(deck: &Deck, diags: &mut Diagnostics) {
    for (i, field) in deck.fields.iter().enumerate() {
        if field.min.is_none() && field.max.is_none() {
            continue;
        }
        for card in &deck.cards {
            let Some(Located {
                value: FieldValue::Int(n),
                loc,
            }) = card.values.get(i).and_then(Option::as_ref)
            else {
                continue;
            };
            let below = field.min.as_ref().filter(|m| *n < m.value);
            let above = field.max.as_ref().filter(|m| *n > m.value);
            if below.or(above).is_some() {
                let range = match (&field.min, &field.max) {
                    (Some(lo), Some(hi)) => format!("{} to {}", lo.value, hi.value),
                    (Some(lo), None) => format!("at least {}", lo.value),
                    (None, Some(hi)) => format!("at most {}", hi.value),
                    (None, None) => String::new(),
                };
                diags.push(
                    crate::error!(
                        "out-of-range", Some(*loc),
                        "`{}` = {n} is outside the field's range, {range}", field.name;
                        hint: "use a value {range}, or widen the field's `min`/`max` in [[fields]] `{}`",
                        field.name
                    ),
                );
            }
        }
    }
}

/// A `ref`'s `to` and a phrase form's slots name collections of the game.
pub fn check_field_decls(game: &Game, deck: &Deck, diags: &mut Diagnostics) {
    for field in &deck.fields {
        match &field.kind {
            FieldKind::Ref(to) => check_collection(game, to, &field.kind_loc, diags),
            FieldKind::Phrase(forms) => {
                for form in forms {
                    for text in &form.texts {
                        for slot in form_slots(text).unwrap_or_default() {
                            check_collection(game, &slot, &form.loc, diags);
                        }
                    }
                }
            }
            FieldKind::Faces(decl) => check_faces_decl(deck, field, decl, diags),
            _ => {}
        }
    }
}

pub(super) fn check_collection(game: &Game, to: &str, loc: &Loc, diags: &mut Diagnostics) {
    // A collection whose file could not be loaded is already reported.
    if !game.has_collection(to) && !game.unloaded.iter().any(|u| u == to) {
        diags.push(crate::error!(
            "dangling-reference", Some(*loc), "no collection `{to}` to refer to";
            hint: "the game's collections: {}", game.collection_ids().join(", ")
        ));
    }
}

fn check_faces_decl(deck: &Deck, field: &FieldDecl, decl: &FacesDecl, diags: &mut Diagnostics) {
    let named = decl
        .sides_field
        .iter()
        .chain(decl.totals.iter().map(|(_, f)| f));
    for name in named {
        let ok = deck
            .field_index(name)
            .is_some_and(|i| deck.fields[i].kind == FieldKind::Int);
        if !ok {
            diags.push(crate::error!(
                "dangling-reference", Some(field.kind_loc),
                "faces field `{}` names `{name}`, which is not an int field", field.name;
                hint: "declare it: [[fields]] name = \"...\" kind = \"int\""
            ));
        }
    }
    for (symbol, _) in &decl.totals {
        if !field.is_symbol(symbol) {
            diags.push(crate::error!(
                "dangling-reference", Some(field.kind_loc),
                "totals names the symbol `{symbol}`, which `{}` does not declare", field.name;
                hint: "declare the symbols: symbols = {{ sword = \"...\" }}"
            ));
        }
    }
}

/// Phrases and die faces on every card.
pub fn check_structured_values(game: &Game, deck: &Deck, diags: &mut Diagnostics) {
    for card in &deck.cards {
        for (field, value) in deck.fields.iter().zip(&card.values) {
            let Some(value) = value else { continue };
            match (&field.kind, &value.value) {
                (FieldKind::Phrase(forms), FieldValue::Text(text)) => {
                    check_phrase(game, field, forms, text, &value.loc, diags)
                }
                (FieldKind::Faces(decl), FieldValue::List(faces)) => {
                    check_faces(deck, card, field, decl, faces, &value.loc, diags)
                }
                _ => {}
            }
        }
    }
}

fn check_phrase(
    game: &Game,
    field: &FieldDecl,
    forms: &[PhraseForm],
    text: &str,
    loc: &Loc,
    diags: &mut Diagnostics,
) {
    let readings = read_phrases(forms, text);
    let names_items = |phrase: &&crate::model::Phrase| {
        phrase
            .slots
            .iter()
            .all(|(to, words)| !game.has_collection(to) || game.resolve(to, words).is_some())
    };
    // The first reading whose slots all name items; else the first reading,
    // whose slots are then told of.
    let Some(phrase) = readings.iter().find(names_items).or(readings.first()) else {
        let ways: Vec<&str> = forms
            .iter()
            .flat_map(|f| f.texts.iter().map(String::as_str))
            .collect();
        diags.push(crate::error!(
            "unknown-phrase", Some(*loc),
            "`{}` = \"{text}\" is in none of the field's forms", field.name;
            hint: "write it as one of: {}", ways.join(" | ")
        ));
        return;
    };
    for (to, words) in &phrase.slots {
        if game.has_collection(to) && game.resolve(to, words).is_none() {
            diags.push(crate::error!(
                "dangling-reference", Some(*loc),
                "\"{text}\" names `{words}`, which is no item of `{to}`";
                hint: "{to}: {}", game.item_names(to).join(", ")
            ));
        }
    }
}

fn check_faces(
    deck: &Deck,
    card: &Card,
    field: &FieldDecl,
    decl: &FacesDecl,
    faces: &[Located<String>],
    loc: &Loc,
    diags: &mut Diagnostics,
) {
    let title = deck.card_title(
        deck.cards
            .iter()
            .position(|c| std::ptr::eq(c, card))
            .unwrap_or(0),
    );
    for face in faces {
        for symbol in face.value.split_whitespace() {
            if !field.is_symbol(symbol) {
                let known: Vec<&str> = field.symbols.iter().map(|(s, _)| s.as_str()).collect();
                diags.push(crate::error!(
                    "bad-value", Some(face.loc),
                    "`{symbol}` is not a symbol of `{}`", field.name;
                    hint: "symbols: {} (a blank face is \"\")", known.join(", ")
                ));
            }
        }
    }
    let int_of = |name: &str| match deck.field_index(name).and_then(|i| card.values[i].as_ref()) {
        Some(Located {
            value: FieldValue::Int(n),
            ..
        }) => Some(*n),
        _ => None,
    };
    if let Some(sides) = decl.sides_field.as_deref().and_then(int_of)
        && faces.len() as i64 != sides
    {
        diags.push(crate::error!(
            "face-count", Some(*loc),
            "{title} has {} faces but {sides} sides", faces.len();
            hint: "give the die exactly {sides} faces (a blank face is \"\")"
        ));
    }
    for (symbol, total_field) in &decl.totals {
        let Some(want) = int_of(total_field) else {
            continue;
        };
        let got: i64 = faces
            .iter()
            .map(|f| i64::from(count_on(&f.value, symbol)))
            .sum();
        if got != want {
            diags.push(crate::error!(
                "face-total", Some(*loc),
                "{title}'s faces bear {got} {symbol} where `{total_field}` = {want}";
                hint: "the faces must bear {want} {symbol} in all"
            ));
        }
    }
}
