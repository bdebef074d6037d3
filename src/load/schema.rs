//! Load stage, for editors and readers of the docs: from the table
//! declarations of [`super::spec`] (the very ones the readers check and
//! read through), the JSON Schema of every kind of data file (game, deck,
//! collection, random table, chart, aid, map, sheets, card layout, fonts) and the
//! key tables of docs/data-format.md. Editors with taplo (VS Code's Even
//! Better TOML, Helix, Zed) use the schemas through a `#:schema` line to
//! complete keys and underline typos while typing.

use std::fmt::Write as _;

use super::spec::{Def, Ty};
use super::{aid, chart, collections, deck, figure, fonts, game, map, scenario, sheets, template};
use serde_json::{Map, Value, json};

/// One schema file: its name, the document's table and the tables it refers to.
pub struct Schema {
    pub file_name: &'static str,
    pub title: &'static str,
    def: &'static Def,
    definitions: &'static [(&'static str, &'static Def)],
}

/// The tables chart.schema.json describes once (a step nests itself).
static CHART_DEFINITIONS: &[(&str, &Def)] = &[("step", &chart::step::DEF)];

/// Every schema, in the order `grogpress schema` writes them.
pub fn schemas() -> Vec<Schema> {
    let schema = |file_name, title, def| Schema {
        file_name,
        title,
        def,
        definitions: &[],
    };
    vec![
        schema(
            "game.schema.json",
            "grogpress game.toml",
            &game::game_toml::DEF,
        ),
        schema(
            "deck.schema.json",
            "grogpress deck file",
            &deck::deck_file::DEF,
        ),
        schema(
            "collection.schema.json",
            "grogpress collection file ([[collections]] file = ...)",
            &deck::collection_file::DEF,
        ),
        schema(
            "table.schema.json",
            "grogpress random table file ([[random_tables]] file = ...)",
            &collections::table_file::DEF,
        ),
        Schema {
            definitions: CHART_DEFINITIONS,
            ..schema(
                "chart.schema.json",
                "grogpress chart file ([[charts]] file = ...)",
                &chart::chart_file::DEF,
            )
        },
        schema(
            "aid.schema.json",
            "grogpress player-aid file",
            &aid::aid_file::DEF,
        ),
        schema(
            "map.schema.json",
            "grogpress map file ([[maps]] file = ...)",
            &map::map_file::DEF,
        ),
        schema(
            "figure.schema.json",
            "grogpress rule illustration (a ```figure block in the rules Markdown)",
            &figure::figure_block::DEF,
        ),
        schema(
            "scenario.schema.json",
            "grogpress scenario file ([[scenarios]] file = ...)",
            &scenario::scenario_file::DEF,
        ),
        schema(
            "sheets.schema.json",
            "grogpress data/sheets.toml",
            &sheets::sheets_toml::DEF,
        ),
        schema(
            "layout.schema.json",
            "grogpress card layout (templates/labels/*.toml, templates/cards/*.toml)",
            &template::layout::DEF,
        ),
        schema(
            "fonts.schema.json",
            "grogpress fonts/fonts.toml",
            &fonts::fonts_toml::DEF,
        ),
    ]
}

impl Schema {
    /// The schema as pretty-printed JSON.
    pub fn to_json(&self) -> String {
        let mut doc = Map::new();
        doc.insert(
            "$schema".into(),
            json!("http://json-schema.org/draft-07/schema#"),
        );
        doc.insert("title".into(), json!(self.title));
        if !self.definitions.is_empty() {
            let defs: Map<String, Value> = self
                .definitions
                .iter()
                .map(|(name, def)| (name.to_string(), obj_json(def, None)))
                .collect();
            doc.insert("definitions".into(), Value::Object(defs));
        }
        if let Value::Object(body) = obj_json(self.def, None) {
            doc.extend(body);
        }
        let mut out = serde_json::to_string_pretty(&Value::Object(doc)).unwrap_or_default();
        out.push('\n');
        out
    }
}

/// A table as a JSON Schema object: its keys exactly, nothing else. `kind`
/// pins the table's `kind` key to one value (a block of that kind).
fn obj_json(def: &Def, kind: Option<&str>) -> Value {
    let props: Map<String, Value> = def
        .keys
        .iter()
        .map(|key| {
            let ty = match kind {
                Some(kind) if key.name == "kind" => json!({ "const": kind }),
                _ => ty_json(&key.ty),
            };
            (key.name.to_string(), ty)
        })
        .collect();
    let required: Vec<&str> = def
        .keys
        .iter()
        .filter(|k| k.required)
        .map(|k| k.name)
        .collect();
    json!({
        "type": "object",
        "description": def.doc,
        "additionalProperties": false,
        "required": required,
        "properties": props,
    })
}

fn ty_json(ty: &Ty) -> Value {
    let simple = |t: &str, d: &str| json!({ "type": t, "description": d });
    match ty {
        Ty::Str(d) => simple("string", d),
        Ty::Int(d) => simple("integer", d),
        Ty::IntIn(min, max, d) => {
            let mut out = Map::new();
            out.insert("type".into(), json!("integer"));
            if let Some(min) = min {
                out.insert("minimum".into(), json!(min));
            }
            if let Some(max) = max {
                out.insert("maximum".into(), json!(max));
            }
            out.insert("description".into(), json!(d));
            Value::Object(out)
        }
        Ty::Bool(d) => simple("boolean", d),
        Ty::Num(d) => simple("number", d),
        Ty::Length(d) => json!({
            "description": d,
            "anyOf": [
                { "type": "number" },
                { "type": "string", "pattern": "^\\s*-?[0-9]*\\.?[0-9]+\\s*(in|mm|cm|pt)?\\s*$" }
            ]
        }),
        Ty::Pattern(pattern, d) => {
            json!({ "type": "string", "pattern": pattern, "description": d })
        }
        Ty::OneOf(values, d) => json!({ "type": "string", "enum": values, "description": d }),
        Ty::StrArray(d) => {
            json!({ "type": "array", "items": { "type": "string" }, "description": d })
        }
        Ty::IntArray(d) => {
            json!({ "type": "array", "items": { "type": "integer" }, "description": d })
        }
        Ty::Table(obj) => obj_json(obj, None),
        Ty::Tables(obj) => json!({ "type": "array", "items": obj_json(obj, None) }),
        Ty::OneOrMany(def) => {
            let one = obj_json(def, None);
            json!({
                "description": def.doc,
                "if": { "type": "array" },
                "then": { "type": "array", "items": one.clone() },
                "else": one,
            })
        }
        Ty::ArrayOf(item, d) => {
            json!({ "type": "array", "description": d, "items": ty_json(item) })
        }
        Ty::AnyOf(tys, d) => {
            let tys: Vec<Value> = tys.iter().map(ty_json).collect();
            json!({ "description": d, "anyOf": tys })
        }
        Ty::IfHas(key, with, without, d) => json!({
            "type": "object",
            "description": d,
            "if": { "required": [key] },
            "then": obj_json(with, None),
            "else": obj_json(without, None),
        }),
        Ty::Map(value, d) => json!({
            "type": "object",
            "description": d,
            "additionalProperties": ty_json(value),
        }),
        Ty::Blocks(kinds, d) => {
            // if/then rather than oneOf: an editor then names the very key
            // that is wrong, not the whole block; `kind` itself must be known.
            let alternatives: Vec<Value> = kinds
                .iter()
                .map(|(kind, def)| {
                    json!({
                        "if": { "properties": { "kind": { "const": kind } } },
                        "then": obj_json(def, Some(kind)),
                    })
                })
                .collect();
            let names: Vec<&str> = kinds.iter().map(|(k, _)| *k).collect();
            json!({
                "type": "array",
                "description": d,
                "items": {
                    "type": "object",
                    "required": ["kind"],
                    "properties": { "kind": { "enum": names, "description": "The kind of block." } },
                    "allOf": alternatives,
                }
            })
        }
        Ty::Ref(name) => json!({ "$ref": format!("#/definitions/{name}") }),
        Ty::Records(required, d) => json!({
            "type": "array",
            "description": d,
            "items": { "type": "object", "required": required },
        }),
    }
}

/// Walks every key of every table of every schema: `visit(path, type)`.
fn walk_schemas(visit: &mut dyn FnMut(&str, &Ty)) {
    fn ty(t: &Ty, path: &str, visit: &mut dyn FnMut(&str, &Ty)) {
        visit(path, t);
        match t {
            Ty::Table(d) | Ty::Tables(d) | Ty::OneOrMany(d) => obj(d, path, visit),
            Ty::IfHas(key, with, without, _) => {
                obj(with, &format!("{path}[{key}]"), visit);
                obj(without, &format!("{path}[no {key}]"), visit);
            }
            Ty::ArrayOf(inner, _) | Ty::Map(inner, _) => ty(inner, &format!("{path}[]"), visit),
            Ty::AnyOf(tys, _) => {
                for (i, t) in tys.iter().enumerate() {
                    ty(t, &format!("{path}|{i}"), visit);
                }
            }
            Ty::Blocks(kinds, _) => {
                for (kind, d) in kinds.iter() {
                    obj(d, &format!("{path}[{kind}]"), visit);
                }
            }
            _ => {}
        }
    }
    fn obj(d: &Def, path: &str, visit: &mut dyn FnMut(&str, &Ty)) {
        for key in d.keys {
            ty(&key.ty, &format!("{path}.{}", key.name), visit);
        }
    }
    for s in schemas() {
        obj(s.def, s.file_name, visit);
        for (name, d) in s.definitions {
            obj(d, &format!("{}#{name}", s.file_name), visit);
        }
    }
}

/// Keys whose tables the schema leaves open: cards and items, whose keys are
/// the file's own declared fields, which a schema of every file cannot know.
pub fn open_keys() -> Vec<String> {
    let mut out = Vec::new();
    walk_schemas(&mut |path, ty| {
        if matches!(ty, Ty::Records(..)) {
            out.push(path.to_string());
        }
    });
    out
}

/// Where the key reference starts and ends in docs/data-format.md.
pub const KEYS_START: &str = "<!-- keys: made from the table declarations (src/load/spec.rs); \
GROGPRESS_BLESS=1 cargo test --test generated writes it -->";
pub const KEYS_END: &str = "<!-- /keys -->";

/// `doc` (docs/data-format.md) with its key reference made anew from the
/// declarations; `None` when it has no place for one.
pub fn with_key_tables(doc: &str) -> Option<String> {
    let start = doc.find(KEYS_START)? + KEYS_START.len();
    let end = start + doc[start..].find(KEYS_END)?;
    Some(format!(
        "{}\n{}{}",
        &doc[..start],
        key_tables(),
        &doc[end..]
    ))
}

/// Every kind of table, each once, under the first file kind that has it
/// (game.toml last, so that the tables it shares with deck and table
/// files are shown with those): its keys, their types, which are required
/// and what each means.
pub fn key_tables() -> String {
    let mut shown: Vec<*const Def> = Vec::new();
    let mut out = String::new();
    let mut all = schemas();
    all.rotate_left(1);
    for schema in all {
        let mut defs = Vec::new();
        reachable(schema.def, &mut defs);
        for (_, def) in schema.definitions {
            reachable(def, &mut defs);
        }
        defs.retain(|d| !shown.contains(&std::ptr::from_ref(*d)));
        shown.extend(defs.iter().map(|d| std::ptr::from_ref(*d)));
        let _ = writeln!(
            out,
            "\n### {}\n",
            schema.title.trim_start_matches("grogpress ")
        );
        for def in defs {
            let _ = writeln!(out, "{} — {}\n", table_name(def), cell(def.doc));
            out.push_str("| Key | Type | Required | Meaning |\n|---|---|---|---|\n");
            for key in def.keys {
                let _ = writeln!(
                    out,
                    "| `{}` | {} | {} | {} |",
                    key.name,
                    ty_text(&key.ty, &schema),
                    if key.required { "yes" } else { "" },
                    cell(ty_doc(&key.ty)),
                );
            }
            out.push('\n');
        }
    }
    out
}

/// `def` and every table its keys hold, in the order met, each once.
fn reachable(def: &'static Def, out: &mut Vec<&'static Def>) {
    fn ty(t: &Ty, out: &mut Vec<&'static Def>) {
        match *t {
            Ty::Table(d) | Ty::Tables(d) | Ty::OneOrMany(d) => reachable(d, out),
            Ty::IfHas(_, a, b, _) => {
                reachable(a, out);
                reachable(b, out);
            }
            Ty::ArrayOf(inner, _) | Ty::Map(inner, _) => ty(inner, out),
            Ty::AnyOf(tys, _) => tys.iter().for_each(|t| ty(t, out)),
            Ty::Blocks(kinds, _) => kinds.iter().for_each(|(_, d)| reachable(d, out)),
            _ => {}
        }
    }
    if out.iter().any(|d| std::ptr::eq(*d, def)) {
        return;
    }
    out.push(def);
    def.keys.iter().for_each(|k| ty(&k.ty, out));
}

/// How the docs name a table: `[[sides]]`, or "a checklist step".
fn table_name(def: &Def) -> String {
    if def.what.starts_with('[') || def.what.ends_with(".toml") {
        format!("**`{}`**", def.what)
    } else {
        format!("**{}**", def.what)
    }
}

/// A type in words.
fn ty_text(ty: &Ty, schema: &Schema) -> String {
    let name = |d: &Def| table_name(d).replace("**", "");
    match *ty {
        Ty::Str(_) | Ty::Pattern(..) => "string".into(),
        Ty::Int(_) => "integer".into(),
        Ty::IntIn(Some(lo), Some(hi), _) => format!("integer, {lo} to {hi}"),
        Ty::IntIn(Some(lo), None, _) => format!("integer, {lo} or more"),
        Ty::IntIn(..) => "integer".into(),
        Ty::Bool(_) => "boolean".into(),
        Ty::Num(_) => "number".into(),
        Ty::Length(_) => "length".into(),
        Ty::OneOf(values, _) => {
            let values: Vec<String> = values.iter().map(|v| format!("`\"{v}\"`")).collect();
            values.join(", ")
        }
        Ty::StrArray(_) => "array of strings".into(),
        Ty::IntArray(_) => "array of integers".into(),
        Ty::Table(d) => format!("table: {}", name(d)),
        Ty::Tables(d) => format!("array of tables: {}", name(d)),
        Ty::OneOrMany(d) => format!("table or array of tables: {}", name(d)),
        Ty::ArrayOf(inner, _) => format!("array of {}", ty_text(inner, schema)),
        Ty::AnyOf(tys, _) => {
            let tys: Vec<String> = tys.iter().map(|t| ty_text(t, schema)).collect();
            tys.join(" or ")
        }
        Ty::IfHas(key, with, without, _) => {
            format!("tables: {} (with `{key}`) or {}", name(with), name(without))
        }
        Ty::Map(value, _) => format!("table of {} values", ty_text(value, schema)),
        Ty::Blocks(kinds, _) => {
            let kinds: Vec<String> = kinds
                .iter()
                .map(|(k, d)| format!("`{k}`: {}", name(d)))
                .collect();
            format!("array of blocks, by `kind`: {}", kinds.join(", "))
        }
        Ty::Ref(to) => match schema.definitions.iter().find(|(n, _)| *n == to) {
            Some((_, d)) => format!("tables: {}", name(d)),
            None => to.into(),
        },
        Ty::Records(..) => "array of tables".into(),
    }
}

/// What a value of a type means.
fn ty_doc(ty: &Ty) -> &'static str {
    match *ty {
        Ty::Str(d)
        | Ty::Int(d)
        | Ty::IntIn(_, _, d)
        | Ty::Bool(d)
        | Ty::Num(d)
        | Ty::Length(d)
        | Ty::Pattern(_, d)
        | Ty::OneOf(_, d)
        | Ty::StrArray(d)
        | Ty::IntArray(d)
        | Ty::ArrayOf(_, d)
        | Ty::AnyOf(_, d)
        | Ty::IfHas(_, _, _, d)
        | Ty::Map(_, d)
        | Ty::Blocks(_, d)
        | Ty::Records(_, d) => d,
        Ty::Table(def) | Ty::Tables(def) | Ty::OneOrMany(def) => def.doc,
        Ty::Ref(_) => "",
    }
}

/// Text made safe for a Markdown table cell.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('<', "\\<")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schemas_name_the_loader_keys() {
        let game = schemas().remove(0).to_json();
        let defs = [
            &game::game_toml::DEF,
            &game::label_job::DEF,
            &game::counters::DEF,
            &collections::dice_combat::DEF,
        ];
        for key in defs.iter().flat_map(|d| d.names()) {
            assert!(game.contains(&format!("\"{key}\": {{")), "{key}");
        }
        assert!(game.contains("\"additionalProperties\": false"));
        let chart = schemas()
            .into_iter()
            .find(|s| s.file_name == "chart.schema.json")
            .map(|s| s.to_json())
            .unwrap_or_default();
        for key in [&chart::results::DEF, &chart::step::DEF]
            .iter()
            .flat_map(|d| d.names())
        {
            assert!(chart.contains(&format!("\"{key}\": {{")), "{key}");
        }
        assert!(chart.contains("\"$ref\": \"#/definitions/step\""));
    }
}
