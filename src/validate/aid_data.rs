//! Validate stage: the aid blocks drawn from a game's collections name what
//! is there — an `items` block's collection and its columns' fields, a
//! `chain` block's ref field into its own collection, a `dice` block's faces
//! field — each fault a located `dangling-reference` or `wrong-type`.

use super::values::check_collection;
use crate::diag::Diagnostics;
use crate::model::{AidBlock, Deck, FieldKind, Game, Located};

pub fn check_aid_data(game: &Game, diags: &mut Diagnostics) {
    for block in game.aids.iter().flat_map(|a| &a.blocks) {
        match block {
            AidBlock::Items {
                collection,
                columns,
                ..
            } => {
                if let Some(deck) = collection_of(game, collection, diags) {
                    for column in columns {
                        field_of(deck, &column.field, diags);
                    }
                }
            }
            AidBlock::Chain {
                collection, field, ..
            } => {
                let Some(deck) = collection_of(game, collection, diags) else {
                    continue;
                };
                let Some(i) = field_of(deck, field, diags) else {
                    continue;
                };
                if !matches!(&deck.fields[i].kind, FieldKind::Ref(to) if *to == deck.id) {
                    diags.push(crate::error!(
                        "wrong-type", Some(field.loc),
                        "`{}`.`{}` is a {} field; a chain follows a ref field into `{}` itself",
                        deck.id, field.value, kind_named(&deck.fields[i].kind), deck.id;
                        hint: "name a field declared kind = \"ref\", to = \"{}\"", deck.id
                    ));
                }
            }
            AidBlock::Dice {
                collection, faces, ..
            } => {
                let Some(deck) = collection_of(game, collection, diags) else {
                    continue;
                };
                let Some(i) = field_of(deck, faces, diags) else {
                    continue;
                };
                if !matches!(deck.fields[i].kind, FieldKind::Faces(_)) {
                    diags.push(crate::error!(
                        "wrong-type", Some(faces.loc),
                        "`{}`.`{}` is a {} field; dice are drawn from a faces field",
                        deck.id, faces.value, kind_named(&deck.fields[i].kind);
                        hint: "name a field declared kind = \"faces\""
                    ));
                }
            }
            _ => {}
        }
    }
}

/// "a ref into `dice`", "an int".
fn kind_named(kind: &FieldKind) -> String {
    match kind {
        FieldKind::Ref(to) => format!("ref (into `{to}`)"),
        other => other.name().to_string(),
    }
}

/// The collection a block names; a missing one is reported (once its file
/// loaded: an unloaded collection is already reported).
fn collection_of<'g>(
    game: &'g Game,
    id: &Located<String>,
    diags: &mut Diagnostics,
) -> Option<&'g Deck> {
    check_collection(game, &id.value, &id.loc, diags);
    game.collection(&id.value)
}

/// The index of the field a block names, or a `dangling-reference` at it.
fn field_of(deck: &Deck, name: &Located<String>, diags: &mut Diagnostics) -> Option<usize> {
    let i = deck.field_index(&name.value);
    if i.is_none() {
        diags.push(deck.no_field(name));
    }
    i
}
