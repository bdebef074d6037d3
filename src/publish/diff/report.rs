//! Publish (diff): the changes as a reader's text (one block per changed
//! thing: what, where in each version, each field old and new) or as one
//! JSON document (`--format json`), built by serde_json.

use serde_json::{Map, Value, json as j};

use super::compare::{At, Change, FieldChange, What};
use super::entries::Kind;

/// How a changed thing is named: `card actions/ambush`, `row crt/combat 7`.
pub fn name(c: &Change) -> String {
    match c.kind {
        Kind::Rule => format!("rule {} in \"{}\"", c.key, c.title),
        Kind::Chart | Kind::Map | Kind::Scenario => format!("{} {}", c.kind.name(), c.group),
        _ if c.title != c.key && !c.title.is_empty() => {
            format!("{} {}/{} ({})", c.kind.name(), c.group, c.key, c.title)
        }
        _ => format!("{} {}/{}", c.kind.name(), c.group, c.key),
    }
}

fn at(a: &Option<At>) -> String {
    a.as_ref()
        .map_or_else(|| "-".to_string(), |a| format!("{}:{}", a.file, a.line))
}

/// The changes as text, ending with a count.
pub fn text(from: &str, to: &str, changes: &[Change]) -> String {
    let mut out = format!("changes from {from} to {to}\n");
    for c in changes {
        out.push('\n');
        out.push_str(&format!("{} {}\n", c.what.name(), name(c)));
        let places = match c.what {
            What::Added => format!("  new {}\n", at(&c.new_at)),
            What::Removed => format!("  old {}\n", at(&c.old_at)),
            _ => format!("  old {}  new {}\n", at(&c.old_at), at(&c.new_at)),
        };
        out.push_str(&places);
        for f in &c.fields {
            out.push_str(&field_text(c, f));
        }
    }
    let n = changes.len();
    out.push_str(&format!("\n{n} change{}\n", if n == 1 { "" } else { "s" }));
    out
}

fn field_text(c: &Change, f: &FieldChange) -> String {
    let mut out = String::new();
    let show = |v: &Option<String>| {
        v.as_ref()
            .map_or_else(|| "(none)".to_string(), |v| format!("{v:?}"))
    };
    if c.kind == Kind::Rule && f.name == "text" {
        if let Some(old) = &f.old {
            out.push_str(&format!("  - {old}\n"));
        }
        if let Some(new) = &f.new {
            out.push_str(&format!("  + {new}\n"));
        }
        return out;
    }
    out.push_str(&format!(
        "  {}: {} -> {}",
        f.name,
        show(&f.old),
        show(&f.new)
    ));
    out.push_str(&format!("  ({} / {})\n", at(&f.old_at), at(&f.new_at)));
    out
}

fn at_json(a: &Option<At>) -> Value {
    a.as_ref()
        .map_or(Value::Null, |a| j!({"file": a.file, "line": a.line}))
}

/// The changes as one JSON document: `{"from", "to", "changes": [...]}`.
pub fn json(from: &str, to: &str, changes: &[Change]) -> String {
    let list: Vec<Value> = changes
        .iter()
        .map(|c| {
            let mut o = Map::new();
            o.insert("kind".into(), j!(c.kind.name()));
            o.insert("change".into(), j!(c.what.name()));
            o.insert("group".into(), j!(c.group));
            o.insert("key".into(), j!(c.key));
            o.insert("title".into(), j!(c.title));
            o.insert("old".into(), at_json(&c.old_at));
            o.insert("new".into(), at_json(&c.new_at));
            let fields: Vec<Value> = c
                .fields
                .iter()
                .map(|f| {
                    j!({
                        "field": f.name,
                        "old": f.old,
                        "new": f.new,
                        "old_at": at_json(&f.old_at),
                        "new_at": at_json(&f.new_at),
                    })
                })
                .collect();
            o.insert("fields".into(), Value::Array(fields));
            Value::Object(o)
        })
        .collect();
    let doc = j!({"from": from, "to": to, "changes": list});
    let mut text = serde_json::to_string_pretty(&doc).unwrap_or_default();
    text.push('\n');
    text
}
