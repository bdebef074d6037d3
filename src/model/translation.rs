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
/// card, item or random table row (its key), a map's name, terrain or
/// feature names (by id), a scenario's name, victory conditions, special
/// rules and turn labels, a glossary term or definition (by the term's
/// slug), with its value and place.
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
            // A list field is translated value by value (translation_names).
            if !tr.translates(&deck.id, &decl.name)
                || super::translation_names::is_value_list(&decl.kind)
            {
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
    for map in &game.maps {
        let text = |key: &str, field: &str, value: &str, loc| SourceText {
            group: map.id.clone(),
            key: key.to_string(),
            field: field.to_string(),
            value: Located::new(value.to_string(), loc),
        };
        if tr.translates(&map.id, "name") {
            out.push(text("name", "name", &map.name, map.loc));
        }
        if tr.translates(&map.id, "terrain") {
            for t in &map.terrain {
                out.push(text(&t.id.value, "terrain", &t.name, t.id.loc));
            }
        }
        if tr.translates(&map.id, "features") {
            for f in &map.feature_kinds {
                out.push(text(&f.id.value, "features", &f.name, f.id.loc));
            }
        }
        // The terrain effects chart's movement classes, by id, and the
        // names of the other effects, by name.
        if tr.translates(&map.id, MOVE_CLASSES) {
            for c in map.located_classes() {
                let heading = super::tec::heading(map, &c.value);
                out.push(text(&c.value, MOVE_CLASSES, &heading, c.loc));
            }
        }
        if tr.translates(&map.id, EFFECTS) {
            for n in map.located_effects() {
                out.push(text(&n.value, EFFECTS, &n.value, n.loc));
            }
        }
    }
    for scenario in &game.scenarios {
        for (field, value) in scenario_texts(scenario) {
            if tr.translates(&scenario.id, field) {
                out.push(SourceText {
                    group: scenario.id.clone(),
                    key: field.to_string(),
                    field: field.to_string(),
                    value: value.clone(),
                });
            }
        }
        if tr.translates(&scenario.id, "turn_labels") {
            for (n, label) in scenario.turn_labels.iter().enumerate() {
                out.push(SourceText {
                    group: scenario.id.clone(),
                    key: turn_key(n),
                    field: "turn_labels".to_string(),
                    value: label.clone(),
                });
            }
        }
    }
    for field in ["term", "definition"] {
        if !tr.translates(GLOSSARY, field) {
            continue;
        }
        for entry in &game.glossary {
            let value = if field == "term" {
                &entry.term
            } else {
                &entry.definition
            };
            out.push(SourceText {
                group: GLOSSARY.to_string(),
                key: super::slug(&entry.term.value),
                field: field.to_string(),
                value: value.clone(),
            });
        }
    }
    let mut charts = game.charts.clone();
    let translates = |group: &str, field: &str| tr.translates(group, field);
    // A text written twice in a table (a step in two sections) is one key.
    let mut seen = std::collections::HashSet::new();
    super::chart_texts::chart_texts(&mut charts, &translates, &mut |t| {
        // A header or cell of no letter ("+2", "5-6") has no words to translate.
        if t.text.chars().any(char::is_alphabetic)
            && seen.insert((t.group.clone(), t.key.clone(), t.field.clone()))
        {
            out.push(SourceText {
                group: t.group,
                key: t.key,
                field: t.field,
                value: Located::new(t.text.clone(), t.loc),
            });
        }
    });
    out.extend(super::translation_names::name_texts(game, tr));
    out.extend(super::translation_labels::label_texts(game, tr));
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
    super::translation_names::translate_names(translation, &mut out);
    super::translation_labels::translate_labels(translation, &mut out);
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
    for map in &mut out.maps {
        if let Some(t) = translation.text(&map.id, "name", "name") {
            map.name = t.text.value.clone();
        }
        for terrain in &mut map.terrain {
            if let Some(t) = translation.text(&map.id, &terrain.id.value, "terrain") {
                terrain.name = t.text.value.clone();
            }
        }
        for kind in &mut map.feature_kinds {
            if let Some(t) = translation.text(&map.id, &kind.id.value, "features") {
                kind.name = t.text.value.clone();
            }
        }
        map_effects(map, translation);
    }
    for scenario in &mut out.scenarios {
        let id = scenario.id.clone();
        let text = |field: &str| translation.text(&id, field, field).map(|t| t.text.clone());
        if let Some(t) = text("name") {
            scenario.name = t;
        }
        if let Some(t) = text("victory") {
            scenario.victory = Some(t);
        }
        if let Some(t) = text("special_rules") {
            scenario.special_rules = Some(t);
        }
        for (n, label) in scenario.turn_labels.iter_mut().enumerate() {
            if let Some(t) = translation.text(&id, &turn_key(n), "turn_labels") {
                *label = t.text.clone();
            }
        }
    }
    for entry in &mut out.glossary {
        let key = super::slug(&entry.term.value);
        if let Some(t) = translation.text(GLOSSARY, &key, "definition") {
            entry.definition = t.text.clone();
        }
        if let Some(t) = translation.text(GLOSSARY, &key, "term") {
            entry.term = t.text.clone();
            // The source's other forms are words of the source's language.
            entry.aliases.clear();
        }
    }
    // A map's terrain effects chart anew: its terrain's names translated,
    // its headings and note in the language's words.
    for map in &out.maps {
        if let Some(tec) = super::tec::tec_chart(map, &out.words)
            && let Some(slot) = out.charts.iter_mut().find(|c| c.id == tec.id)
        {
            *slot = tec;
        }
    }
    let every = |_: &str, _: &str| true;
    super::chart_texts::chart_texts(&mut out.charts, &every, &mut |t| {
        if let Some(given) = translation.text(&t.group, &t.key, &t.field) {
            *t.text = given.text.value.clone();
            // A problem of the text (it overflows) is told at the translation.
            if let Some(at) = t.at {
                *at = given.text.loc;
            }
        }
    });
    chart_words(&mut out.charts, translation, &out.words);
    checklist_actors(&game.charts, &mut out.charts);
    for (page, translated) in out.rules.iter_mut().zip(&translation.rules) {
        if let Some(translated) = translated {
            *page = translated.clone();
        }
    }
    source_rule_links(game, translation, &mut out);
    out
}

/// A map's movement classes and effects in a translation: each class's
/// name (`[<map>.<class>] move_classes`), each effect's name (`[<map>.
/// "<effect>"] effects`) and its values as the terrain effects chart's
/// symbols (`[tec-<map>.symbols]`), so the chart, the legend and the HTML
/// map page all print them.
fn map_effects(map: &mut super::Map, translation: &Translation) {
    map.class_names = map
        .classes()
        .into_iter()
        .filter_map(|c| {
            let t = translation.text(&map.id, &c, MOVE_CLASSES)?;
            Some((c, t.text.value.clone()))
        })
        .collect();
    let tec = super::tec::tec_id(map);
    let effects = map
        .terrain
        .iter_mut()
        .map(|t| &mut t.effects)
        .chain(map.feature_kinds.iter_mut().map(|k| &mut k.effects));
    for e in effects {
        for (name, value) in &mut e.other {
            if let Some(t) = translation.text(&tec, "symbols", &value.value) {
                value.value = t.text.value.clone();
            }
            if let Some(t) = translation.text(&map.id, &name.value, EFFECTS) {
                name.value = t.text.value.clone();
            }
        }
    }
}

/// What follows from a chart's translated texts and the language's words:
/// a results table's rolls and columns open below or above in its words
/// ("1 oder weniger") and its combat note anew; a matrix's cells and lookup
/// values as its translated symbols; a range table's translated words
/// (cells such as "Automatic") and its ranges open below or above in
/// words ("5 or more", in the language's words) declared as its words.
fn chart_words(charts: &mut [super::Chart], translation: &Translation, words: &crate::text::Words) {
    use super::BlockKind;
    use super::roll::open_roll_text;
    for block in charts.iter_mut().flat_map(|c| &mut c.blocks) {
        match &mut block.kind {
            BlockKind::Results(t) => {
                for row in &mut t.rows {
                    if let Some(text) = open_roll_text(&row.roll_text, words) {
                        row.roll_text = text;
                    }
                }
                for c in &mut t.columns {
                    if let Some(text) = open_roll_text(&c.value, words) {
                        c.value = text;
                    }
                }
            }
            BlockKind::Matrix(m) => {
                let id = m.id.value.clone();
                let symbol = |s: &str| {
                    translation
                        .text(&id, "symbols", s)
                        .map(|t| t.text.value.clone())
                };
                for cell in m
                    .sections
                    .iter_mut()
                    .flat_map(|s| &mut s.rows)
                    .flat_map(|r| &mut r.cells)
                {
                    if let Some(given) = symbol(&cell.value) {
                        cell.value = given;
                    }
                }
                if let Some(lookup) = &mut m.lookup {
                    for value in &mut lookup.values {
                        if let Some(given) = symbol(value) {
                            *value = given;
                        }
                    }
                }
            }
            BlockKind::Ranges(t) => {
                // A range open below or above in words ("5 or more") in the
                // language's ("5 oder mehr"): printed so, still read as the
                // range it stands for (its chance beside it, with odds on).
                for cell in t.rows.iter_mut().flat_map(|r| &mut r.cells) {
                    if !t.words.contains(&cell.value)
                        && let Some(text) = open_roll_text(&cell.value, words)
                        && text != cell.value
                        && let Some(range) = super::RollRange::parse(&cell.value)
                    {
                        cell.value = text.clone();
                        if !t.open.iter().any(|(o, _)| *o == text) {
                            t.open.push((text, range));
                        }
                    }
                }
                // A translated cell that is no range is one of words.
                for cell in t.rows.iter().flat_map(|r| &r.cells) {
                    if t.range(&cell.value).is_none() && !t.words.contains(&cell.value) {
                        t.words.push(cell.value.clone());
                    }
                }
            }
            _ => {}
        }
    }
    super::crt::add_engine_texts(charts, words);
}

/// A checklist's steps name their actor by its code ("A"): where the
/// translation gives the actors anew ("Ang"), each step names its actor
/// by the new code, as the checklist now declares it.
fn checklist_actors(source: &[super::Chart], out: &mut [super::Chart]) {
    use super::BlockKind;
    fn rename(steps: &mut [super::Step], pairs: &[(String, String)]) {
        for step in steps {
            if let Some(actor) = &mut step.actor
                && let Some((_, new)) = pairs.iter().find(|(old, _)| *old == actor.value)
            {
                actor.value = new.clone();
            }
            rename(&mut step.items, pairs);
        }
    }
    let pairs_of = out.iter_mut().filter_map(|now| {
        let was = source.iter().find(|c| c.id == now.id)?;
        Some(was.blocks.iter().zip(&mut now.blocks))
    });
    for (was, now) in pairs_of.flatten() {
        if let (BlockKind::Checklist(was), BlockKind::Checklist(now)) = (&was.kind, &mut now.kind) {
            let pairs: Vec<(String, String)> = was
                .actors
                .iter()
                .zip(&now.actors)
                .filter(|(a, b)| a.value != b.value)
                .map(|(a, b)| (a.value.clone(), b.value.clone()))
                .collect();
            if !pairs.is_empty() {
                for section in &mut now.sections {
                    rename(&mut section.steps, &pairs);
                }
            }
        }
    }
}

/// A translated page may link a rule by its source heading's id
/// (`[Kampf](rule:combat)` where the German heading reads "Kampf"): each
/// such link is made to name the translated heading at the same place (the
/// headings match one for one, or `translation-headings` says where not).
/// An id the translation's own headings have is left as it is.
fn source_rule_links(game: &Game, translation: &Translation, out: &mut Game) {
    use super::rules::{Node, Tag};
    use super::xref::{RULE_SCHEME, page_headings, rule_link_id};
    let mut ids: std::collections::HashMap<String, String> = std::collections::HashMap::new();
    for (page, translated) in game.rules.iter().zip(&translation.rules) {
        let Some(translated) = translated else {
            continue;
        };
        for (source, own) in page_headings(&page.doc)
            .into_iter()
            .zip(page_headings(&translated.doc))
        {
            ids.entry(source.id).or_insert(own.id);
        }
    }
    let own: std::collections::HashSet<String> = out
        .rules
        .iter()
        .flat_map(|p| page_headings(&p.doc))
        .map(|h| h.id)
        .collect();
    for (page, translated) in out.rules.iter_mut().zip(&translation.rules) {
        if translated.is_none() {
            continue;
        }
        for (node, _) in &mut page.doc.nodes {
            if let Node::Start(Tag::Link { url, .. }) = node
                && let Some(id) = rule_link_id(url)
                && !own.contains(id)
                && let Some(theirs) = ids.get(id)
            {
                *url = format!("{RULE_SCHEME}{theirs}");
            }
        }
    }
}

/// A scenario's texts a translation may give, each its own key: its
/// `name`, `victory` and `special_rules` (the last two where it has them).
fn scenario_texts(s: &super::Scenario) -> Vec<(&'static str, &Located<String>)> {
    std::iter::once(("name", &s.name))
        .chain(s.victory.iter().map(|v| ("victory", v)))
        .chain(s.special_rules.iter().map(|v| ("special_rules", v)))
        .collect()
}

/// The key of a scenario's turn label `n` (from 0): `turn-1` for the first.
fn turn_key(n: usize) -> String {
    format!("turn-{}", n + 1)
}

/// A map's fields of its terrain effects a translation may translate: the
/// movement classes (`[<map>.<class>] move_classes`) and the names of its
/// other effects (`[<map>."<effect>"] effects`).
pub const MOVE_CLASSES: &str = "move_classes";
pub const EFFECTS: &str = "effects";

/// What `translated` may name of a map.
pub const MAP_FIELDS: [&str; 9] = [
    "name",
    "terrain",
    "features",
    MOVE_CLASSES,
    EFFECTS,
    super::translation_names::PLACES,
    super::translation_names::LABELS,
    super::translation_names::ATTRIBUTES,
    super::translation_names::VALUES,
];

/// The fields of a scenario a translation may translate (its own holding
/// boxes' names, `boxes`, in translation_labels).
pub const SCENARIO_FIELDS: [&str; 5] = [
    "name",
    "victory",
    "special_rules",
    "turn_labels",
    super::translation_labels::SCENARIO_BOXES,
];

/// The group of the glossary's texts: `translated = ["glossary.term",
/// "glossary.definition"]`, `[glossary.<term's slug>]` in a translation.
pub const GLOSSARY: &str = "glossary";

/// Whether `group` is the id of a deck, collection, random table or map,
/// or the glossary.
pub fn has_group(game: &Game, group: &str) -> bool {
    game.decks
        .iter()
        .chain(&game.collections)
        .any(|d| d.id == group)
        || game.random_tables.iter().any(|t| t.id == group)
        || game.maps.iter().any(|m| m.id == group)
        || game.scenarios.iter().any(|s| s.id == group)
        || (group == GLOSSARY && !game.glossary.is_empty())
        || super::translation_names::is_names_group(game, group)
        || super::translation_labels::is_labels_group(game, group)
        || super::chart_texts::is_chart_group(&game.charts, group)
}
