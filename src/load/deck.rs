//! Load stage: a deck file — its declared fields, constraints and cards — into a [`Deck`].

use toml::de::DeValue;

use super::OpError;
use super::toml::{Reader, Table, parse};
use crate::diag::{Diagnostic, Diagnostics, FileId, Loc};
use crate::model::{
    Card, Constraints, CountPer, Deck, FieldDecl, FieldKind, FieldValue, Located, Unique,
};

pub const DECK_KEYS: &[&str] = &["name", "title_field", "fields", "constraints", "cards"];
pub const FIELD_KEYS: &[&str] = &["name", "kind", "values", "optional", "to"];
pub const KINDS: &[&str] = &["text", "rich", "int", "enum", "ref"];
/// Collections a `ref` field may point into.
pub const COLLECTIONS: &[&str] = &["sides"];

pub const CONSTRAINT_KEYS: &[&str] = &["count_per", "mirrored", "unique"];
pub const COUNT_PER_KEYS: &[&str] = &["field", "count"];
pub const UNIQUE_KEYS: &[&str] = &["field", "within"];

/// Reads the cards of a deck whose `cards` names a file (a CSV card list);
/// `None` when the list cannot be read as cards (already reported).
pub type CardList<'a> = dyn FnMut(&Located<String>, &[FieldDecl], &mut Diagnostics) -> Result<Option<Vec<Card>>, OpError>
    + 'a;

/// Loads a deck file; `card_list` reads the cards when `cards` names a file.
pub fn load_deck(
    id: &str,
    file: FileId,
    text: &str,
    diags: &mut Diagnostics,
    card_list: &mut CardList<'_>,
) -> Result<Option<Deck>, OpError> {
    let Some(root) = parse(file, text, diags) else {
        return Ok(None);
    };
    let mut r = Reader::new(file, diags);
    r.check_keys(root.get_ref(), DECK_KEYS, "a deck file");
    let name = r
        .req_str(&root, "name", "the deck")
        .map(|n| n.value)
        .unwrap_or_else(|| id.to_string());
    let fields: Vec<FieldDecl> = r
        .tables(&root, "fields")
        .iter()
        .filter_map(|t| field(&mut r, t))
        .collect();
    if fields.is_empty() {
        r.diags.push(
            Diagnostic::error(
                "missing-field",
                "the deck declares no fields",
                Some(r.loc(0..0)),
            )
            .with_hint("declare the card fields with [[fields]] name = \"title\" kind = \"text\""),
        );
        return Ok(None);
    }
    let title_field = match r.opt_str(&root, "title_field") {
        Some(t) => match field_ref(&mut r, &fields, &t) {
            Some(index) => index,
            None => return Ok(None),
        },
        None => fields.iter().position(|f| f.name == "title").unwrap_or(0),
    };
    let constraints = match r.table(&root, "constraints") {
        Some(t) => constraints(&mut r, &t, &fields),
        None => Constraints::default(),
    };
    let cards = match root.get_ref().get("cards") {
        Some(v) if matches!(v.get_ref(), DeValue::String(_)) => match r.opt_str(&root, "cards") {
            Some(list) => match card_list(&list, &fields, r.diags)? {
                Some(cards) => cards,
                None => return Ok(None),
            },
            None => return Ok(None),
        },
        _ => r
            .tables(&root, "cards")
            .iter()
            .map(|t| card(&mut r, t, &fields))
            .collect(),
    };
    Ok(Some(Deck {
        id: id.to_string(),
        name,
        fields,
        title_field,
        constraints,
        cards,
        loc: Loc::new(file, 0..0),
    }))
}

fn field(r: &mut Reader<'_>, t: &Table<'_>) -> Option<FieldDecl> {
    r.check_keys(t.get_ref(), FIELD_KEYS, "[[fields]]");
    let name = r.req_str(t, "name", "[[fields]]");
    let kind_name = r.req_str(t, "kind", "[[fields]]");
    let optional = r.opt_bool(t, "optional").unwrap_or(false);
    let values = r.str_array(t, "values");
    let to = r.opt_str(t, "to");
    let (name, kind_name) = (name?, kind_name?);
    let kind = match kind_name.value.as_str() {
        "text" => FieldKind::Text,
        "rich" => FieldKind::Rich,
        "int" => FieldKind::Int,
        "enum" if values.is_empty() => {
            r.diags.push(
                Diagnostic::error(
                    "missing-field",
                    format!("enum field `{}` lists no values", name.value),
                    Some(kind_name.loc),
                )
                .with_hint("add values = [\"...\", \"...\"]"),
            );
            return None;
        }
        "enum" => FieldKind::Enum(values.into_iter().map(|v| v.value).collect()),
        "ref" => match to {
            Some(to) if COLLECTIONS.contains(&to.value.as_str()) => FieldKind::Ref(to.value),
            Some(to) => {
                r.diags.push(
                    Diagnostic::error(
                        "dangling-reference",
                        format!("no collection `{}` to refer to", to.value),
                        Some(to.loc),
                    )
                    .with_hint(format!(
                        "a ref field may refer to: {}",
                        COLLECTIONS.join(", ")
                    )),
                );
                return None;
            }
            None => {
                r.diags.push(
                    Diagnostic::error(
                        "missing-field",
                        format!("ref field `{}` has no `to`", name.value),
                        Some(kind_name.loc),
                    )
                    .with_hint("add to = \"sides\""),
                );
                return None;
            }
        },
        other => {
            r.diags.push(
                Diagnostic::error(
                    "bad-value",
                    format!("unknown field kind `{other}`"),
                    Some(kind_name.loc),
                )
                .with_hint(format!("kind is one of: {}", KINDS.join(", "))),
            );
            return None;
        }
    };
    Some(FieldDecl {
        name: name.value,
        kind,
        optional,
        loc: name.loc,
    })
}

/// The index of the field a constraint names, or a `dangling-reference` diagnostic.
fn field_ref(r: &mut Reader<'_>, fields: &[FieldDecl], name: &Located<String>) -> Option<usize> {
    let found = fields.iter().position(|f| f.name == name.value);
    if found.is_none() {
        let names: Vec<&str> = fields.iter().map(|f| f.name.as_str()).collect();
        r.diags.push(
            Diagnostic::error(
                "dangling-reference",
                format!("the deck declares no field `{}`", name.value),
                Some(name.loc.clone()),
            )
            .with_hint(format!("declared fields: {}", names.join(", "))),
        );
    }
    found
}

fn constraints(r: &mut Reader<'_>, t: &Table<'_>, fields: &[FieldDecl]) -> Constraints {
    r.check_keys(t.get_ref(), CONSTRAINT_KEYS, "[constraints]");
    let mut out = Constraints::default();
    if let Some(c) = r.table(t, "count_per") {
        r.check_keys(c.get_ref(), COUNT_PER_KEYS, "count_per");
        let field = r.req_str(&c, "field", "count_per");
        let count = r.req_int(&c, "count", "count_per");
        if let (Some(field), Some(count)) = (field, count)
            && let Some(index) = field_ref(r, fields, &field)
        {
            match usize::try_from(count.value) {
                Ok(n) => {
                    out.count_per = Some(CountPer {
                        field: index,
                        count: n,
                        loc: count.loc,
                    })
                }
                Err(_) => r.diags.push(
                    Diagnostic::error(
                        "bad-value",
                        format!("count = {} cannot be negative", count.value),
                        Some(count.loc),
                    )
                    .with_hint("count is how many cards each value must have: 0 or more"),
                ),
            }
        }
    }
    if let Some(m) = r.opt_str(t, "mirrored")
        && let Some(index) = field_ref(r, fields, &m)
    {
        out.mirrored = Some(Located::new(index, m.loc));
    }
    for u in r.tables(t, "unique") {
        r.check_keys(u.get_ref(), UNIQUE_KEYS, "unique");
        let field = r.req_str(&u, "field", "unique");
        let within = r.opt_str(&u, "within");
        let Some(field) = field else { continue };
        let Some(index) = field_ref(r, fields, &field) else {
            continue;
        };
        let within = within.and_then(|w| field_ref(r, fields, &w));
        out.unique.push(Unique {
            field: index,
            within,
            loc: field.loc,
        });
    }
    out
}

fn card(r: &mut Reader<'_>, t: &Table<'_>, fields: &[FieldDecl]) -> Card {
    let errors_before = r.diags.error_count();
    let names: Vec<&str> = fields.iter().map(|f| f.name.as_str()).collect();
    r.check_keys(
        t.get_ref(),
        &names,
        "a card (keys are the deck's declared fields)",
    );
    let values = fields
        .iter()
        .map(|f| {
            let Some(v) = t.get_ref().get(f.name.as_str()) else {
                if !f.optional {
                    r.diags.push(
                        Diagnostic::error(
                            "missing-field",
                            format!("card is missing the field `{}`", f.name),
                            Some(r.loc(t.span().start..t.span().start)),
                        )
                        .with_hint(format!(
                            "add `{} = ...`, or declare the field optional = true",
                            f.name
                        )),
                    );
                }
                return None;
            };
            let loc = r.loc(v.span());
            let value = match (&f.kind, v.get_ref()) {
                (FieldKind::Int, DeValue::Integer(_)) => {
                    r.opt_int(t, &f.name).map(|n| FieldValue::Int(n.value))
                }
                (FieldKind::Int, _) => {
                    r.wrong_type(v, &f.name, "an integer");
                    None
                }
                (_, DeValue::String(s)) => Some(FieldValue::Text(s.to_string())),
                (_, _) => {
                    r.wrong_type(v, &f.name, "a string");
                    None
                }
            }?;
            if let (FieldKind::Enum(allowed), FieldValue::Text(s)) = (&f.kind, &value)
                && !allowed.contains(s)
            {
                r.diags.push(
                    Diagnostic::error(
                        "bad-enum-value",
                        format!("`{s}` is not a value of field `{}`", f.name),
                        Some(loc.clone()),
                    )
                    .with_hint(format!("use one of: {}", allowed.join(" | "))),
                );
            }
            Some(Located::new(value, loc))
        })
        .collect();
    Card {
        loc: r.loc(t.span()),
        values,
        complete: r.diags.error_count() == errors_before,
    }
}
