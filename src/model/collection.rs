//! Model: collections — named lists of items a game declares in data (unit
//! types, terrain, fronts, card types, dice...). A collection is a [`Deck`]
//! whose items carry an `id`, a `name` and an optional `alias` before their
//! declared fields; `ref` fields name an item by any of the three.

use super::{Card, Deck, FieldKind, Game, Phrase, read_phrase};

/// The built-in collection every game has: its sides.
pub const SIDES: &str = "sides";

/// An item a reference resolved to.
#[derive(Clone, Debug, PartialEq)]
pub struct ItemRef {
    pub id: String,
    pub name: String,
}

impl Deck {
    /// The item of a collection that `value` names (its id, name or alias).
    pub fn item(&self, value: &str) -> Option<&Card> {
        let items = self.items.get_or_init(|| {
            // The first item whose id, name or alias is each text, as a
            // look through the items in order finds it: built once, so
            // that naming every item of a collection costs linear time.
            let keys: Vec<usize> = ["id", "name", "alias"]
                .iter()
                .filter_map(|k| self.field_index(k))
                .collect();
            let mut items = std::collections::HashMap::new();
            for (i, card) in self.cards.iter().enumerate() {
                for &k in &keys {
                    if let Some(text) = self.text(card, k) {
                        items.entry(text).or_insert(i);
                    }
                }
            }
            items
        });
        self.cards.get(*items.get(value)?)
    }

    /// An item's id and name.
    pub fn item_ref(&self, item: &Card) -> ItemRef {
        let get = |k: &str| {
            self.field_index(k)
                .and_then(|i| self.text(item, i))
                .unwrap_or_default()
        };
        ItemRef {
            id: get("id"),
            name: get("name"),
        }
    }

    /// A phrase field's value read as data: which form, and what its slots
    /// name ("Play an Extra Artillery" → form `extra`, card-types = Artillery).
    pub fn phrase(&self, card: &Card, field: &str) -> Option<Phrase> {
        let i = self.field_index(field)?;
        let FieldKind::Phrase(forms) = &self.fields[i].kind else {
            return None;
        };
        read_phrase(forms, &self.text(card, i)?)
    }

    /// A field's value on a card, as text, by field name.
    pub fn get(&self, card: &Card, field: &str) -> Option<String> {
        self.text(card, self.field_index(field)?)
    }
}

impl Game {
    pub fn collection(&self, id: &str) -> Option<&Deck> {
        self.collections.iter().find(|c| c.id == id)
    }

    /// Whether a `ref` field may point at `to`.
    pub fn has_collection(&self, to: &str) -> bool {
        to == SIDES || self.collection(to).is_some()
    }

    /// What a collection may be referred to by: "sides" and every collection's id.
    pub fn collection_ids(&self) -> Vec<&str> {
        std::iter::once(SIDES)
            .chain(self.collections.iter().map(|c| c.id.as_str()))
            .collect()
    }

    /// The item of collection `to` that `value` names.
    pub fn resolve(&self, to: &str, value: &str) -> Option<ItemRef> {
        if to == SIDES {
            return self.side(value).map(|s| ItemRef {
                id: s.id.clone(),
                name: s.name.clone(),
            });
        }
        let c = self.collection(to)?;
        c.item(value).map(|item| c.item_ref(item))
    }

    /// The names of a collection's items, for a hint ("Cavalry, Infantry, Artillery").
    pub fn item_names(&self, to: &str) -> Vec<String> {
        if to == SIDES {
            return self.sides.iter().map(|s| s.name.clone()).collect();
        }
        self.collection(to).map_or_else(Vec::new, |c| {
            c.cards
                .iter()
                .map(|i| c.item_ref(i))
                .map(|r| {
                    if r.id == r.name {
                        r.id
                    } else {
                        format!("{} ({})", r.id, r.name)
                    }
                })
                .collect()
        })
    }
}
