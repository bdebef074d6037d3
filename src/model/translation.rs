//! Model: a game's languages and its translations (`languages` and
//! `translated` in game.toml; `lang/<code>.toml` and `lang/<code>/` beside
//! the data), and a game turned into one of them ([`translated_game`]) —
//! the same game, its texts, words, rules pages and language swapped, which
//! every later stage builds as any game.

use std::path::PathBuf;

use super::{FieldKind, FieldValue, Game, Located, RulesPage};
use crate::diag::FileId;

/// What a game's translations translate and what each holds.
#[derive(Clone, Debug, Default)]
pub struct Translations {
    /// The game's languages (`languages`), the source language first.
    pub languages: Vec<Located<String>>,
    /// The fields translated (`translated`): a deck's, collection's or
    /// random table's id and one of its fields ("cards.text").
    pub fields: Vec<TranslatedField>,
    /// One per language after the first, in order.
    pub translations: Vec<Translation>,
}

/// One entry of `translated`: `group.field`, where it is written.
#[derive(Clone, Debug)]
pub struct TranslatedField {
    pub group: String,
    pub field: String,
    pub loc: crate::diag::Loc,
}

/// One language's translation.
#[derive(Clone, Debug)]
pub struct Translation {
    /// Its language tag, as `languages` gives it.
    pub lang: Located<String>,
    /// `lang/<code>.toml`, when there is one.
    pub file: Option<FileId>,
    /// Its path, whether or not it exists.
    pub path: PathBuf,
    /// The game's name and subtitle in it (`name`, `subtitle` at the top
    /// of the translation file).
    pub name: Option<Located<String>>,
    pub subtitle: Option<Located<String>>,
    /// `[words]` of the translation file: the engine's words in it.
    pub words: Vec<(String, Located<String>)>,
    /// Every text it gives, in file order.
    pub texts: Vec<TranslatedText>,
    /// The translated rules page of each of the game's rules pages, in
    /// their order (None where there is none).
    pub rules: Vec<Option<RulesPage>>,
    /// Translated rules pages that translate no page of the game.
    pub extra_rules: Vec<(FileId, PathBuf)>,
}

/// One translated text: `[group.key] field = "text"`.
#[derive(Clone, Debug)]
pub struct TranslatedText {
    pub group: String,
    pub key: String,
    pub field: String,
    /// The translated text, where the translation file writes it.
    pub text: Located<String>,
    /// Where its table (`[group.key]`) is written.
    pub table: crate::diag::Loc,
}

impl Translations {
    /// The source language (the first of `languages`), if declared.
    pub fn source(&self) -> Option<&str> {
        self.languages.first().map(|l| l.value.as_str())
    }

    /// The translation into `lang`, if the game has one.
    pub fn get(&self, lang: &str) -> Option<&Translation> {
        self.translations.iter().find(|t| t.lang.value == lang)
    }

    /// Whether `group.field` is translated.
    pub fn translates(&self, group: &str, field: &str) -> bool {
        self.fields
            .iter()
            .any(|f| f.group == group && f.field == field)
    }
}

impl Translation {
    /// Its text for `field` of `key` in `group`, if it gives one.
    pub fn text(&self, group: &str, key: &str, field: &str) -> Option<&TranslatedText> {
        self.texts
            .iter()
            .find(|t| t.group == group && t.key == key && t.field == field)
    }
}

/// A text of the source that a translation is to translate: a field of a
/// card, item or random table row (its key), with its value and place.
#[derive(Clone, Debug)]
pub struct SourceText {
    pub group: String,
    pub key: String,
    pub field: String,
    pub value: Located<String>,
}

/// Every text of `game` its `translated` fields name, in data order.
pub fn source_texts(game: &Game) -> Vec<SourceText> {
    let tr = &game.translations;
    let mut out = Vec::new();
    for deck in game.decks.iter().chain(&game.collections) {
        let is_collection = game.collections.iter().any(|c| c.id == deck.id);
        for (f, decl) in deck.fields.iter().enumerate() {
            if !tr.translates(&deck.id, &decl.name) {
                continue;
            }
            let keys = &deck.card_index().keys;
            for (i, card) in deck.cards.iter().enumerate() {
                let key = if is_collection {
                    deck.text(card, 0).unwrap_or_default()
                } else {
                    keys.get(i).cloned().unwrap_or_default()
                };
                if let Some(Some(value)) = card.values.get(f)
                    && let FieldValue::Text(text) = &value.value
                    && !text.trim().is_empty()
                {
                    out.push(SourceText {
                        group: deck.id.clone(),
                        key,
                        field: decl.name.clone(),
                        value: Located::new(text.to_string(), value.loc),
                    });
                }
            }
        }
    }
    for table in &game.random_tables {
        if tr.translates(&table.id, "name") {
            out.push(SourceText {
                group: table.id.clone(),
                key: "name".to_string(),
                field: "name".to_string(),
                value: Located::new(table.name.clone(), table.loc),
            });
        }
        if tr.translates(&table.id, "result") {
            for row in &table.rows {
                out.push(SourceText {
                    group: table.id.clone(),
                    key: row.roll.value.to_string(),
                    field: "result".to_string(),
                    value: row.result.clone(),
                });
            }
        }
    }
    out
}

/// Whether a field of this kind holds words a translation may replace.
pub fn translatable(kind: &FieldKind) -> bool {
    matches!(kind, FieldKind::Text | FieldKind::Rich)
}

/// `game` in the language of `translation`: each translated text in place
/// of its source (located in the translation file), the translated rules
/// pages in place of theirs, the language's words and tag. A text the
/// translation lacks stays as the source has it (a warning says so).
pub fn translated_game(game: &Game, translation: &Translation, words: crate::text::Words) -> Game {
    let mut out = game.clone();
    out.language = translation.lang.value.clone();
    out.words = words;
    out.build_lang = Some(translation.lang.value.clone());
    if let Some(name) = &translation.name {
        out.name = name.value.clone();
    }
    if let Some(subtitle) = &translation.subtitle {
        out.subtitle = Some(subtitle.value.clone());
    }
    for deck in out.decks.iter_mut().chain(out.collections.iter_mut()) {
        let is_collection = game.collections.iter().any(|c| c.id == deck.id);
        let keys = deck.card_index().keys.clone();
        let fields: Vec<(usize, String)> = deck
            .fields
            .iter()
            .enumerate()
            .filter(|(_, d)| translatable(&d.kind))
            .map(|(f, d)| (f, d.name.clone()))
            .collect();
        for (i, card) in deck.cards.iter_mut().enumerate() {
            let key = if is_collection {
                card.values
                    .first()
                    .and_then(|v| v.as_ref())
                    .map(|v| v.value.display())
                    .unwrap_or_default()
            } else {
                keys.get(i).cloned().unwrap_or_default()
            };
            for (f, name) in &fields {
                if let Some(t) = translation.text(&deck.id, &key, name)
                    && let Some(slot) = card.values.get_mut(*f)
                {
                    *slot = Some(Located::new(
                        FieldValue::Text(t.text.value.as_str().into()),
                        t.text.loc,
                    ));
                }
            }
        }
        // Card links name cards by their (now translated) titles.
        deck.index = std::sync::OnceLock::new();
    }
    for table in &mut out.random_tables {
        if let Some(t) = translation.text(&table.id, "name", "name") {
            table.name = t.text.value.clone();
        }
        for row in &mut table.rows {
            if let Some(t) = translation.text(&table.id, &row.roll.value.to_string(), "result") {
                row.result = t.text.clone();
            }
        }
    }
    for (page, translated) in out.rules.iter_mut().zip(&translation.rules) {
        if let Some(translated) = translated {
            *page = translated.clone();
        }
    }
    out
}

/// Whether `group` is the id of a deck, collection or random table.
pub fn has_group(game: &Game, group: &str) -> bool {
    game.decks
        .iter()
        .chain(&game.collections)
        .any(|d| d.id == group)
        || game.random_tables.iter().any(|t| t.id == group)
}
