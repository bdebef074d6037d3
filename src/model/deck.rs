//! Model: a deck of cards whose fields and constraints are declared in data.

use super::Located;
use crate::diag::{Diagnostic, Loc};

/// The kind of value a card field holds.
#[derive(Clone, Debug, PartialEq)]
pub enum FieldKind {
    /// Plain text.
    Text,
    /// Text with `**bold**`, `*italic*` runs and line breaks.
    Rich,
    Int,
    /// One of a fixed list of values.
    Enum(Vec<String>),
    /// The name or id of an item in another collection of the game (e.g. `sides`).
    Ref(String),
    /// A sentence in one of a few declared forms whose `{collection}` slots
    /// name items: "Play an Extra {types}" (see [`super::Phrase`]).
    Phrase(Vec<super::PhraseForm>),
    /// The faces of a die: a list of faces, each a space-separated list of
    /// declared symbols ("sword sword burst"; "" is a blank face).
    Faces(super::FacesDecl),
    /// Yes or no (`true`/`false` in TOML, `yes`/`no` in a CSV), held as the
    /// text [`YES`] or [`NO`] and printed as the field says.
    YesNo(YesNoText),
}

/// How a yes/no value is held.
pub const YES: &str = "yes";
pub const NO: &str = "no";

/// What a yes/no field prints for each value (rich text: an icon
/// `:star:`, a mark, words; empty prints nothing).
#[derive(Clone, Debug, PartialEq)]
pub struct YesNoText {
    pub yes: String,
    pub no: String,
}

impl FieldKind {
    pub fn name(&self) -> &'static str {
        match self {
            FieldKind::Text => "text",
            FieldKind::Rich => "rich",
            FieldKind::Int => "int",
            FieldKind::Enum(_) => "enum",
            FieldKind::Ref(_) => "ref",
            FieldKind::Phrase(_) => "phrase",
            FieldKind::Faces(_) => "faces",
            FieldKind::YesNo(_) => "yes-no",
        }
    }
}

/// A field a deck declares for its cards.
#[derive(Clone, Debug)]
pub struct FieldDecl {
    pub name: String,
    pub kind: FieldKind,
    pub optional: bool,
    /// Values allowed besides the kind's own, with what each means:
    /// `K` = "as a Knight would move in Chess" on an int field.
    pub symbols: Vec<(String, String)>,
    /// An int field's least and greatest values (`min`, `max`), each where written.
    pub min: Option<Located<i64>>,
    pub max: Option<Located<i64>>,
    /// Where the field's kind (or its `to`) is written.
    pub kind_loc: Loc,
    pub loc: Loc,
    /// Its kind could not be read (already reported): the field is kept,
    /// as optional text, so cards may give it, and their values for it are
    /// passed over unread rather than each told unknown or of a wrong type.
    pub kind_unread: bool,
}

impl FieldDecl {
    pub fn is_symbol(&self, value: &str) -> bool {
        self.symbols.iter().any(|(s, _)| s == value)
    }

    /// A value as it prints: a yes/no value as the field's `yes` or `no`
    /// text, any other as written.
    pub fn printed(&self, value: &FieldValue) -> String {
        match (&self.kind, value) {
            (FieldKind::YesNo(text), FieldValue::Text(t)) if &**t == YES => text.yes.clone(),
            (FieldKind::YesNo(text), FieldValue::Text(t)) if &**t == NO => text.no.clone(),
            _ => value.display(),
        }
    }
}

/// A value of one field on one card, as written.
#[derive(Clone, Debug, PartialEq)]
pub enum FieldValue {
    /// Text, shared by every card that has the same (see [`TextPool`]).
    Text(std::sync::Arc<str>),
    Int(i64),
    /// A list of strings (the faces of a die), each with its place.
    List(Vec<Located<String>>),
}

impl FieldValue {
    /// The value as it prints.
    pub fn display(&self) -> String {
        match self {
            FieldValue::Text(s) => s.to_string(),
            FieldValue::Int(n) => n.to_string(),
            FieldValue::List(items) => items
                .iter()
                .map(|i| i.value.as_str())
                .collect::<Vec<_>>()
                .join(" | "),
        }
    }
}

/// The texts of the cards read so far, each held once: a deck of 100,000
/// cards has a few hundred distinct "who may play it" and "when" texts, and
/// each card points at them instead of holding a copy.
#[derive(Default)]
pub struct TextPool {
    texts: std::collections::HashSet<std::sync::Arc<str>>,
}

impl TextPool {
    /// The pool's copy of `text` (made now if it is new).
    pub fn text(&mut self, text: &str) -> std::sync::Arc<str> {
        if let Some(held) = self.texts.get(text) {
            return held.clone();
        }
        let held: std::sync::Arc<str> = text.into();
        self.texts.insert(held.clone());
        held
    }
}

/// One card: a value (or none) per declared field, in declaration order.
#[derive(Clone, Debug)]
pub struct Card {
    pub loc: Loc,
    pub values: Vec<Option<Located<FieldValue>>>,
    /// False when a field of this card had an error while loading (already
    /// reported); comparisons with other cards skip it.
    pub complete: bool,
}

/// "Exactly `count` cards for each value of `field`."
#[derive(Clone, Debug)]
pub struct CountPer {
    pub field: usize,
    pub count: usize,
    pub loc: Loc,
}

/// "No two cards share `field`" (within each value of `within`, if given).
#[derive(Clone, Debug)]
pub struct Unique {
    pub field: usize,
    pub within: Option<usize>,
}

/// "Within each value of `within`, `field` takes each of `values` exactly once."
#[derive(Clone, Debug)]
pub struct Complete {
    pub field: usize,
    pub within: Option<usize>,
    pub values: Vec<i64>,
    pub loc: Loc,
}

/// "Cards whose `field` is one of `is` must have `require` and must not have `forbid`."
#[derive(Clone, Debug)]
pub struct When {
    pub field: usize,
    pub is: Vec<String>,
    pub require: Vec<usize>,
    pub forbid: Vec<usize>,
}

#[derive(Clone, Debug, Default)]
pub struct Constraints {
    pub count_per: Option<CountPer>,
    /// The cards of each value of this field are identical except for it.
    pub mirrored: Option<Located<usize>>,
    pub unique: Vec<Unique>,
    /// Exactly this many cards.
    pub size: Option<Located<usize>>,
    pub complete: Vec<Complete>,
    pub when: Vec<When>,
    /// This ref field (into the same collection) links the items into one
    /// cycle through all of them: missile > infantry > mounted > missile.
    pub cycle: Option<Located<usize>>,
}

#[derive(Clone, Debug)]
pub struct Deck {
    pub id: String,
    pub name: String,
    pub fields: Vec<FieldDecl>,
    /// Index of the field that names a card.
    pub title_field: usize,
    pub constraints: Constraints,
    pub cards: Vec<Card>,
    pub loc: Loc,
    /// The cards' keys and an index by key, made on first use (the cards do
    /// not change once loaded).
    pub index: std::sync::OnceLock<super::card_ref::CardIndex>,
    /// The first item each id, name and alias names (see
    /// [`Deck::item`]), made on first use.
    pub items: std::sync::OnceLock<std::collections::HashMap<String, usize>>,
}

impl Deck {
    /// The cards by key (see [`super::card_keys`]), computed once.
    pub fn card_index(&self) -> &super::card_ref::CardIndex {
        self.index
            .get_or_init(|| super::card_ref::CardIndex::new(self, super::card_keys(self)))
    }

    pub fn field_index(&self, name: &str) -> Option<usize> {
        self.fields.iter().position(|f| f.name == name)
    }

    /// The hint for a name that is not one of the deck's fields.
    pub fn fields_hint(&self) -> String {
        let names: Vec<&str> = self.fields.iter().map(|f| f.name.as_str()).collect();
        format!("fields: {}", names.join(", "))
    }

    /// `dangling-reference` at `name`: the deck declares no such field.
    pub fn no_field(&self, name: &Located<String>) -> Diagnostic {
        crate::error!(
            "dangling-reference", Some(name.loc),
            "the deck `{}` has no field `{}`", self.id, name.value;
            hint: "{}", self.fields_hint()
        )
    }

    /// The card's title (its `title_field`), or "card N" if it has none.
    pub fn card_title(&self, index: usize) -> String {
        self.cards
            .get(index)
            .and_then(|c| c.values.get(self.title_field))
            .and_then(|v| v.as_ref())
            .map(|v| v.value.display())
            .unwrap_or_else(|| format!("card {}", index + 1))
    }

    /// The card's value for a field, as text.
    pub fn text(&self, card: &Card, field: usize) -> Option<String> {
        card.values.get(field)?.as_ref().map(|v| v.value.display())
    }

    /// A card's value of a field as it prints (a yes/no field's `yes` or
    /// `no` text); None where the card has none.
    pub fn printed(&self, card: &Card, field: usize) -> Option<String> {
        let value = card.values.get(field)?.as_ref()?;
        Some(self.fields.get(field)?.printed(&value.value))
    }
}

#[cfg(test)]
mod tests {
    use super::TextPool;

    #[test]
    fn a_text_read_twice_is_held_once() {
        let mut pool = TextPool::default();
        let a = pool.text("Defender Only");
        let b = pool.text("Defender Only");
        let c = pool.text("Attacker Only");
        assert!(std::sync::Arc::ptr_eq(&a, &b));
        assert!(!std::sync::Arc::ptr_eq(&a, &c));
        assert_eq!((&*a, &*c), ("Defender Only", "Attacker Only"));
    }
}
