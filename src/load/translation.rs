//! Load stage: a game's translations — `languages` and `translated` of
//! game.toml, each language's `lang/<code>.toml` (`[words]` and
//! `[group.key] field = "text"` tables) and its rules pages under
//! `lang/<code>/` — into [`Translations`]. What they say is checked
//! against the source in validate and publish.

use std::path::{Path, PathBuf};

use toml::de::DeValue;

use super::paths::{Confine, Resolved, outside};
use super::toml::{Reader, Table, as_table, parse};
use super::{OpError, read_source};
use crate::diag::{Diagnostics, Sources};
use crate::model::translation::{TranslatedField, TranslatedText, Translation, Translations};
use crate::model::{Located, RulesPage};
use crate::text::Words;

/// The folder translations live in, beside the data.
pub const LANG_DIR: &str = "lang";

/// Reads the translations `languages` declares (`translated`: what they
/// translate); `rules` are the game's rules pages as game.toml names them.
pub fn load_translations(
    confine: &Confine,
    dir: &Path,
    languages: Vec<Located<String>>,
    translated: Vec<Located<String>>,
    rules: &[Located<String>],
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<Translations, OpError> {
    let mut fields = Vec::new();
    for entry in translated {
        match entry.value.split_once('.') {
            Some((group, field)) if !group.is_empty() && !field.is_empty() => {
                fields.push(TranslatedField {
                    group: group.to_string(),
                    field: field.to_string(),
                    loc: entry.loc,
                })
            }
            _ => diags.push(crate::error!(
                "bad-value", Some(entry.loc), "`{}` does not name a field as `group.field`", entry.value;
                hint: "write the id of a deck, collection or random table, a dot and one of its fields: \"cards.text\""
            )),
        }
    }
    let mut translations = Vec::new();
    for lang in languages.iter().skip(1) {
        let code = &lang.value;
        let path = dir.join(LANG_DIR).join(format!("{code}.toml"));
        let mut translation = Translation {
            lang: lang.clone(),
            file: None,
            path: path.clone(),
            name: None,
            subtitle: None,
            words: Vec::new(),
            texts: Vec::new(),
            rules: Vec::new(),
            extra_rules: Vec::new(),
        };
        let name = format!("{LANG_DIR}/{code}.toml");
        match confine.locate(dir, &name) {
            Resolved::File(path) => {
                let (file, text, utf8) = read_source(&path, sources, diags)?;
                translation.file = Some(file);
                if utf8 && let Some(root) = parse(file, &text, diags) {
                    read_texts(&mut Reader::new(file, diags), &root, &mut translation);
                }
            }
            Resolved::Outside => diags.push(outside(&name, "the translation", Some(lang.loc))),
            Resolved::Missing { .. } => {}
        }
        let lang_dir = dir.join(LANG_DIR).join(code);
        let mut wanted = Vec::new();
        for page in rules {
            let name = format!("{LANG_DIR}/{code}/{}", page.value);
            translation.rules.push(match confine.locate(dir, &name) {
                Resolved::File(path) => {
                    wanted.push(path.clone());
                    let (file, text, _) = read_source(&path, sources, diags)?;
                    let mut doc = super::rules::parse_rules(&text);
                    super::figure::load_figures(file, &text, &mut doc, diags);
                    crate::text::quotes::localize_doc(&mut doc, code);
                    Some(RulesPage { file, path, doc })
                }
                Resolved::Outside => {
                    diags.push(outside(&name, "the translated rules page", Some(lang.loc)));
                    None
                }
                Resolved::Missing { .. } => None,
            });
        }
        for path in markdown_under(&lang_dir) {
            if !wanted.contains(&path) && matches!(confine.check(&path), Resolved::File(_)) {
                let (file, _, _) = read_source(&path, sources, diags)?;
                translation.extra_rules.push((file, path));
            }
        }
        translations.push(translation);
    }
    Ok(Translations {
        languages,
        fields,
        translations,
    })
}

/// The Markdown files under `dir`, at any depth, sorted (none when it is
/// not a folder).
fn markdown_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(dir) = todo.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            match entry.file_type() {
                Ok(t) if t.is_dir() => todo.push(path),
                Ok(t) if t.is_file() && path.extension().is_some_and(|e| e == "md") => {
                    out.push(path)
                }
                _ => {}
            }
        }
    }
    out.sort();
    out
}

/// The game's `name` and `subtitle`, `[words]` and every `[group.key]
/// field = "text"` of a translation file.
fn read_texts(r: &mut Reader<'_>, root: &Table<'_>, translation: &mut Translation) {
    for (group, value) in root.get_ref().iter() {
        let group_name = group.get_ref().as_ref();
        if let (DeValue::String(s), "name" | "subtitle") = (value.get_ref(), group_name) {
            let text = Some(Located::new(s.to_string(), r.loc(value.span())));
            match group_name {
                "name" => translation.name = text,
                _ => translation.subtitle = text,
            }
            continue;
        }
        let Some(table) = as_table(value) else {
            r.wrong_type(value, group_name, "a table (`[group.key]` or `[words]`)");
            continue;
        };
        if group_name == "words" {
            read_words(r, &table, translation);
            continue;
        }
        for (key, value) in table.get_ref().iter() {
            let key_name = key.get_ref().as_ref();
            let Some(fields) = as_table(value) else {
                r.wrong_type(value, key_name, "a table of fields (`[group.key]`)");
                continue;
            };
            let at = r.loc(key.span());
            for (field, text) in fields.get_ref().iter() {
                let field_name = field.get_ref().as_ref();
                match text.get_ref() {
                    DeValue::String(s) => translation.texts.push(TranslatedText {
                        group: group_name.to_string(),
                        key: key_name.to_string(),
                        field: field_name.to_string(),
                        text: Located::new(s.to_string(), r.loc(text.span())),
                        table: at,
                    }),
                    _ => r.wrong_type(text, field_name, "a string"),
                }
            }
        }
    }
}

/// A translation's `[words]`: the engine's words in its language.
fn read_words(r: &mut Reader<'_>, table: &Table<'_>, translation: &mut Translation) {
    let mut probe = Words::default();
    for (key, value) in table.get_ref().iter() {
        let name = key.get_ref().as_ref();
        if !probe.set(name, String::new()) {
            let keys: Vec<&str> = probe.pairs().into_iter().map(|(k, _)| k).collect();
            let mut d = crate::error!(
                "unknown-field",
                Some(r.loc(key.span())),
                "unknown key `{name}` in [words]"
            );
            if let Some(best) = super::toml::closest(name, &keys) {
                d = d.with_hint(format!("did you mean `{best}`?"));
            }
            r.diags.push(d);
            continue;
        }
        match value.get_ref() {
            DeValue::String(s) => translation.words.push((
                name.to_string(),
                Located::new(s.to_string(), r.loc(value.span())),
            )),
            _ => r.wrong_type(value, name, "a string"),
        }
    }
}
