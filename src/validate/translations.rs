//! Validate stage: a game's translations against its source language —
//! what `translated` names exists and holds text; each translation has a
//! text for every source text it is to translate (`translation-missing`, a
//! warning), and none for a card, item, row or field the source no longer
//! has (`translation-orphan`); a translated card template format keeps
//! its source's `{}` and `{name}` (`translation-format`: an error when the
//! value would be lost); each rules page is translated, with the
//! source page's headings (`translation-headings`). Stale texts need git
//! and are found in publish ([`crate::publish::translations`]).

use std::collections::HashSet;

use crate::diag::{Diagnostics, Loc};
use crate::model::Game;
use crate::model::chart_texts::{
    CHART_FIELDS, chart_selector, is_chart_group, is_made, is_table_id,
};
use crate::model::translation::{
    GLOSSARY, MAP_FIELDS, SCENARIO_FIELDS, SourceText, Translation, source_texts, translatable,
};
use crate::model::translation_labels::{
    BOXES, COUNTERS, DECKS, FORMAT, LABELS, TEMPLATES, TRACKS, is_label_field, label_fields,
};
use crate::model::translation_names::{
    CREDITS, GAME, MARKER_FIELDS, MARKERS, SIDES, is_names_group, is_value_list,
};
use crate::model::xref::page_headings;

/// Every problem of the game's translations.
pub fn check_translations(game: &Game, diags: &mut Diagnostics) {
    let tr = &game.translations;
    if tr.languages.is_empty() {
        return;
    }
    check_fields(game, diags);
    let texts = source_texts(game);
    for translation in &tr.translations {
        check_texts(game, translation, &texts, diags);
        check_rules(game, translation, diags);
    }
}

/// Each `translated` entry names a deck's, collection's or random table's
/// field of text.
fn check_fields(game: &Game, diags: &mut Diagnostics) {
    for entry in &game.translations.fields {
        let written = format!("{}.{}", entry.group, entry.field);
        if let Some(deck) = game
            .decks
            .iter()
            .chain(&game.collections)
            .find(|d| d.id == entry.group)
        {
            match deck.fields.iter().find(|f| f.name == entry.field) {
                Some(f) if translatable(&f.kind) || is_value_list(&f.kind) => {}
                Some(_) => diags.push(crate::error!(
                    "bad-value", Some(entry.loc),
                    "`{written}` is not a field of text: only `text` and `rich` fields are translated, and `enum` fields value by value";
                    hint: "name a text field of `{}`: {}", deck.id, deck.fields_hint()
                )),
                None => diags.push(crate::error!(
                    "dangling-reference", Some(entry.loc),
                    "`{}` has no field `{}`", deck.id, entry.field;
                    hint: "{}", deck.fields_hint()
                )),
            }
        } else if game.random_tables.iter().any(|t| t.id == entry.group) {
            if entry.field != "name" && entry.field != "result" {
                diags.push(crate::error!(
                    "dangling-reference", Some(entry.loc),
                    "a random table's translated fields are `name` and `result`, not `{}`", entry.field;
                    hint: "write \"{}.result\" or \"{}.name\"", entry.group, entry.group
                ));
            }
        } else if game.maps.iter().any(|m| m.id == entry.group) {
            if !MAP_FIELDS.contains(&entry.field.as_str()) {
                diags.push(crate::error!(
                    "dangling-reference", Some(entry.loc),
                    "a map's translated fields are `name`, `terrain` and `features` (their names), `move_classes` and `effects` (its terrain effects' classes and names), `places` and `labels`, `attributes` and `values` (a map of places' attributes' names and words), not `{}`", entry.field;
                    hint: "write \"{}.terrain\"", entry.group
                ));
            }
        } else if game.scenarios.iter().any(|s| s.id == entry.group) {
            if !SCENARIO_FIELDS.contains(&entry.field.as_str()) {
                diags.push(crate::error!(
                    "dangling-reference", Some(entry.loc),
                    "a scenario's translated fields are {}, not `{}`", SCENARIO_FIELDS.map(|f| format!("`{f}`")).join(", "), entry.field;
                    hint: "write \"{}.special_rules\"", entry.group
                ));
            }
        } else if is_chart_group(&game.charts, &entry.group) {
            // A chart and its one table may share an id: the table's fields.
            let is_chart = game.charts.iter().any(|c| c.id == entry.group)
                && !is_table_id(&game.charts, &entry.group);
            // A map's terrain effects chart: only its cells of words.
            let made = game
                .charts
                .iter()
                .any(|c| c.id == entry.group && is_made(c));
            let fields: &[&str] = match (made, is_chart) {
                (true, _) => &["cells"],
                (false, true) => &["title"],
                (false, false) => &CHART_FIELDS,
            };
            if !fields.contains(&entry.field.as_str()) {
                let what = match (made, is_chart) {
                    (true, _) => "terrain effects chart",
                    (false, true) => "chart",
                    (false, false) => "chart's table",
                };
                diags.push(crate::error!(
                    "dangling-reference", Some(entry.loc),
                    "a {what}'s translated fields are {}, not `{}`", fields.iter().map(|f| format!("`{f}`")).collect::<Vec<_>>().join(", "), entry.field;
                    hint: "write \"{}.{}\"", entry.group, fields.last().copied().unwrap_or("title")
                ));
            }
        } else if is_names_group(game, &entry.group) {
            let fields: &[&str] = match entry.group.as_str() {
                SIDES => &["name"],
                MARKERS => &MARKER_FIELDS,
                _ => &[CREDITS],
            };
            if !fields.contains(&entry.field.as_str()) {
                diags.push(crate::error!(
                    "dangling-reference", Some(entry.loc),
                    "`{}`'s translated fields are {}, not `{}`", entry.group, fields.iter().map(|f| format!("`{f}`")).collect::<Vec<_>>().join(", "), entry.field;
                    hint: "write \"{}.{}\"", entry.group, fields[0]
                ));
            }
        } else if let Some(fields) = label_fields(game, &entry.group) {
            if !fields.contains(&entry.field.as_str()) {
                diags.push(crate::error!(
                    "dangling-reference", Some(entry.loc),
                    "`{}`'s translated fields are {}, not `{}`", entry.group, fields.iter().map(|f| format!("`{f}`")).collect::<Vec<_>>().join(", "), entry.field;
                    hint: "write \"{}.{}\"", entry.group, fields[0]
                ));
            }
        } else if entry.group == GLOSSARY && !game.glossary.is_empty() {
            if entry.field != "term" && entry.field != "definition" {
                diags.push(crate::error!(
                    "dangling-reference", Some(entry.loc),
                    "the glossary's translated fields are `term` and `definition`, not `{}`", entry.field;
                    hint: "write \"glossary.term\" or \"glossary.definition\""
                ));
            }
        } else {
            let mut groups: Vec<&str> = game
                .decks
                .iter()
                .chain(&game.collections)
                .map(|d| d.id.as_str())
                .chain(game.random_tables.iter().map(|t| t.id.as_str()))
                .chain(game.maps.iter().map(|m| m.id.as_str()))
                .chain(game.scenarios.iter().map(|s| s.id.as_str()))
                .chain((!game.glossary.is_empty()).then_some(GLOSSARY))
                .chain(game.charts.iter().map(|c| c.id.as_str()))
                .chain(
                    [SIDES, MARKERS, GAME]
                        .into_iter()
                        .filter(|g| is_names_group(game, g)),
                )
                .chain(
                    [DECKS, TRACKS, BOXES, COUNTERS, TEMPLATES]
                        .into_iter()
                        .filter(|g| label_fields(game, g).is_some()),
                )
                .collect();
            groups.sort_unstable();
            diags.push(crate::error!(
                "dangling-reference", Some(entry.loc),
                "`translated` names `{}`, which is no deck, collection, random table, map, scenario, chart or chart's table, nor the glossary, `sides`, `markers`, `game`, `decks`, `tracks`, `boxes`, `counters` or `templates`", entry.group;
                hint: "ids: {}", groups.join(", ")
            ));
        }
    }
}

/// The translation's file, as the game folder names it.
fn file_name(game: &Game, translation: &Translation) -> String {
    translation
        .path
        .strip_prefix(&game.dir)
        .unwrap_or(&translation.path)
        .display()
        .to_string()
}

/// Each source text has its translation; each translated text a source.
fn check_texts(
    game: &Game,
    translation: &Translation,
    texts: &[SourceText],
    diags: &mut Diagnostics,
) {
    let lang = &translation.lang.value;
    let file = file_name(game, translation);
    let wanted: HashSet<(&str, &str, &str)> = texts
        .iter()
        .map(|t| (t.group.as_str(), t.key.as_str(), t.field.as_str()))
        .collect();
    for text in texts {
        if let Some(given) = translation.text(&text.group, &text.key, &text.field) {
            if text.group == TEMPLATES {
                check_format(text, given, lang, diags);
            }
            continue;
        }
        // In the translation: at the card's (or row's) table when it has
        // one, else at the first table of its group, else at the top of
        // the file; at the source text only where there is no file.
        let at = translation
            .texts
            .iter()
            .find(|t| t.group == text.group && t.key == text.key)
            .or_else(|| translation.texts.iter().find(|t| t.group == text.group))
            .map(|t| t.table)
            .or_else(|| translation.file.map(|file| Loc::new(file, 0..0)))
            .unwrap_or(text.value.loc);
        diags.push(crate::warning!(
            "translation-missing", Some(at),
            "the `{lang}` translation has no `{}` for `{}.{}`", text.field, text.group, text.key;
            hint: "add to {file}: [{}.{}] {} = \"...\" (the source: \"{}\")",
                text.group, toml_key(&text.key), toml_key(&text.field), shortened(&text.value.value)
        ));
    }
    let groups: HashSet<&str> = texts.iter().map(|t| t.group.as_str()).collect();
    for t in &translation.texts {
        if wanted.contains(&(t.group.as_str(), t.key.as_str(), t.field.as_str())) {
            continue;
        }
        let why = if !crate::model::translation::has_group(game, &t.group) {
            format!(
                "the game has no deck, collection, random table, map, scenario, chart or chart's table `{}`, nor is it the glossary",
                t.group
            )
        } else if !game.translations.translates(&t.group, &selector(game, t)) {
            format!("`{}.{}` is not in `translated`", t.group, selector(game, t))
        } else if groups.contains(t.group.as_str())
            && texts.iter().any(|s| s.group == t.group && s.key == t.key)
        {
            format!(
                "`{}.{}` has no `{}` text in the source",
                t.group, t.key, t.field
            )
        } else {
            format!("`{}` has no `{}` (any more)", t.group, t.key)
        };
        diags.push(crate::warning!(
            "translation-orphan", Some(t.text.loc),
            "the `{lang}` translation's `{}` of `{}.{}` translates nothing: {why}", t.field, t.group, t.key;
            hint: "remove it, or give it the source's current key (a card's key is its title as a slug)"
        ));
    }
}

/// The entry of `translated` a translated text answers to: its field, or
/// for a chart's text the part of the chart it is in (`cells`...).
fn selector(game: &Game, t: &crate::model::translation::TranslatedText) -> String {
    if is_chart_group(&game.charts, &t.group) {
        chart_selector(&t.key).to_string()
    } else if t.group == TEMPLATES && label_fields(game, TEMPLATES).is_some() {
        // A template's formats are keyed by their regions' fields.
        FORMAT.to_string()
    } else if t.group == TRACKS && is_label_field(&t.field) {
        // A track's labels are keyed by their box's place: `label-1`.
        LABELS.to_string()
    } else {
        t.field.clone()
    }
}

/// The places a card template's format puts the value in: its `{}` (the
/// text as written) and its `{name}` (spelled out).
fn placeholders(format: &str) -> (usize, usize) {
    (
        format.matches("{}").count(),
        format.matches("{name}").count(),
    )
}

/// A translated format has its source's `{}` and `{name}`: one without
/// any where the source has some loses the value (`translation-format`,
/// an error); one with other counts prints the value otherwise than the
/// source (a warning).
fn check_format(
    source: &SourceText,
    given: &crate::model::translation::TranslatedText,
    lang: &str,
    diags: &mut Diagnostics,
) {
    let (want, have) = (
        placeholders(&source.value.value),
        placeholders(&given.text.value),
    );
    if want == have {
        return;
    }
    let count = |(plain, named): (usize, usize)| format!("{plain} `{{}}` and {named} `{{name}}`");
    let what = format!(
        "the `{lang}` format of `{}.{}` {} has {} where its source \"{}\" has {}",
        source.group,
        source.key,
        source.field,
        count(have),
        shortened(&source.value.value),
        count(want)
    );
    let hint = "a format's `{}` is where the card's value goes (`{name}`: its name spelled out); keep as many of each as the source";
    if have == (0, 0) && want != (0, 0) {
        diags.push(crate::error!(
            "translation-format", Some(given.text.loc),
            "{what}: the card's value would not be printed"; hint: "{hint}"
        ));
    } else {
        diags.push(crate::warning!(
            "translation-format", Some(given.text.loc),
            "{what}: the card prints its value otherwise than the source"; hint: "{hint}"
        ));
    }
}

/// A key as it is written in a TOML table header.
fn toml_key(key: &str) -> String {
    if !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        key.to_string()
    } else {
        format!("{key:?}")
    }
}

/// At most a line of a source text, for a hint.
fn shortened(text: &str) -> String {
    let line = text.lines().next().unwrap_or_default();
    match line.char_indices().nth(60) {
        Some((i, _)) => format!("{}…", &line[..i]),
        None if line.len() < text.len() => format!("{line}…"),
        None => line.to_string(),
    }
}

/// Each rules page has its translation, with the same headings; each
/// translated page translates one.
fn check_rules(game: &Game, translation: &Translation, diags: &mut Diagnostics) {
    let lang = &translation.lang.value;
    for (page, translated) in game.rules.iter().zip(&translation.rules) {
        let source_name = page
            .path
            .strip_prefix(&game.dir)
            .unwrap_or(&page.path)
            .display()
            .to_string();
        let Some(translated) = translated else {
            diags.push(crate::warning!(
                "translation-missing", Some(Loc::new(page.file, 0..0)),
                "the rules page {source_name} has no `{lang}` translation";
                hint: "write it as lang/{lang}/{source_name}, with the same headings"
            ));
            continue;
        };
        let source = page_headings(&page.doc);
        let own = page_headings(&translated.doc);
        let levels = |h: &[crate::model::xref::RuleHeading]| -> Vec<u8> {
            h.iter().map(|h| h.level).collect()
        };
        if levels(&source) == levels(&own) {
            continue;
        }
        let differs = source
            .iter()
            .zip(&own)
            .position(|(a, b)| a.level != b.level)
            .unwrap_or(source.len().min(own.len()));
        let at = own
            .get(differs)
            .map_or(Loc::new(translated.file, 0..0), |h| {
                Loc::new(translated.file, h.span.clone())
            });
        let expected = source.get(differs).map_or_else(
            || "no more headings".to_string(),
            |h| format!("{} \"{}\"", "#".repeat(h.level.into()), h.text),
        );
        diags.push(crate::warning!(
            "translation-headings", Some(at),
            "the `{lang}` rules page does not have the headings of {source_name}: {} headings where the source has {}", own.len(), source.len();
            hint: "heading {} should translate {expected}: a translated page keeps its source's headings, one for one and at the same levels", differs + 1
        ));
    }
    for (file, path) in &translation.extra_rules {
        let name = path.strip_prefix(&game.dir).unwrap_or(path).display();
        diags.push(crate::warning!(
            "translation-orphan", Some(Loc::new(*file, 0..0)),
            "{name} translates no rules page of the game";
            hint: "a translated page has the path of its source page under lang/{lang}/ (rules = [...] in game.toml)"
        ));
    }
}
