//! Validate stage: shortcodes in the parsed rules pages (`{{ card("action/great-road") }}`,
//! `{{ deck("action") }}`) must be well formed and name data that exists.

use crate::diag::{Diagnostic, Diagnostics, Loc};
use crate::model::{Game, Shortcode};

/// The shortcodes the HTML renderer knows, with what they take.
pub const SHORTCODES: &[(&str, &str)] = &[
    (
        "card",
        "card(\"deck/card\") — one card, e.g. card(\"action/great-road\")",
    ),
    (
        "deck",
        "deck(\"deck\") — every card of a deck as a gallery, scaled down in the rulebook; deck(\"deck\", \"full\") at the size they print",
    ),
    (
        "table",
        "table(\"id\") — a chart, a chart block or a random table, e.g. table(\"combat\")",
    ),
    (
        "collection",
        "collection(\"id\") — a collection as a table, e.g. collection(\"units\")",
    ),
    (
        "dice",
        "dice(\"collection\") — every die of a collection with a faces field, face by face; dice(\"collection\", \"field\") prints each die's field beside its name, e.g. dice(\"dice\", \"role\")",
    ),
];

pub fn validate_shortcodes(game: &Game, diags: &mut Diagnostics) {
    for page in &game.rules {
        for problem in &page.doc.problems {
            diags.push(
                Diagnostic::error(
                    "bad-shortcode",
                    problem.message.clone(),
                    Some(Loc::new(page.file, problem.span.clone())),
                )
                .with_hint("write a shortcode as a paragraph of its own: {{ deck(\"action\") }}"),
            );
        }
        for problem in &page.doc.callout_problems {
            let kinds: Vec<String> = crate::model::rules::CALLOUT_KINDS
                .iter()
                .map(|k| format!("`::: {k}`"))
                .collect();
            let id = if problem.id == "unknown-callout" {
                "unknown-callout"
            } else {
                "bad-callout"
            };
            diags.push(
                Diagnostic::error(
                    id,
                    problem.message.clone(),
                    Some(Loc::new(page.file, problem.span.clone())),
                )
                .with_hint(format!(
                    "a callout is a line {}, its blocks, then a line `:::`",
                    kinds.join(", ")
                )),
            );
        }
        let headings = if page.doc.given_ids.is_empty() {
            Vec::new()
        } else {
            crate::model::xref::page_headings(&page.doc)
        };
        for (span, id) in &page.doc.given_ids {
            let Some(slug) = headings
                .iter()
                .find(|h| h.span == *span)
                .map(|h| &h.id)
                .filter(|slug| *slug != id)
            else {
                continue;
            };
            diags.push(crate::warning!(
                "heading-id-ignored", Some(Loc::new(page.file, span.clone())),
                "this heading's id is `{slug}`, the slug of its text, not the `{id}` given";
                hint: "link it as (rule:{slug}), or leave out {{#{id}}}"
            ));
        }
        for code in &page.doc.shortcodes {
            if let Some(d) = check_shortcode(game, code, page.file) {
                diags.push(d);
            }
        }
    }
}

/// The shortcodes that show a game's data rather than its cards: `Some(problem)`
/// if `code` is one of them (the problem `None` when it names what exists).
fn check_data_shortcode(
    game: &Game,
    code: &Shortcode,
    file: crate::diag::FileId,
    usage: &str,
) -> Option<Option<Diagnostic>> {
    let takes = match code.name.as_str() {
        "table" | "collection" => 1,
        "dice" if code.args.len() == 2 => 2,
        "dice" => 1,
        _ => return None,
    };
    if code.args.len() != takes {
        return Some(Some(crate::error!(
            "bad-shortcode", Some(Loc::new(file, code.span.clone())),
            "`{}` takes {takes} argument{}, not {}",
            code.name, if takes == 1 { "" } else { "s" }, code.args.len();
            hint: "usage: {usage}"
        )));
    }
    let collections = || -> Vec<&str> { game.collections.iter().map(|c| c.id.as_str()).collect() };
    let (wanted, what, known): (String, &str, Vec<&str>) = match code.name.as_str() {
        "table" => {
            let mut ids: Vec<&str> = game.charts.iter().map(|c| c.id.as_str()).collect();
            ids.extend(game.random_tables.iter().map(|t| t.id.as_str()));
            ids.extend(
                game.charts
                    .iter()
                    .flat_map(|c| &c.blocks)
                    .filter_map(|b| crate::model::block_id_title(b).map(|(id, _)| id)),
            );
            (
                code.args[0].value.clone(),
                "chart, chart block or random table",
                ids,
            )
        }
        _ => (code.args[0].value.clone(), "collection", collections()),
    };
    if game.unloaded.contains(&wanted) {
        return Some(None);
    }
    if code.name == "dice"
        && let Some(dice) = game.collection(&wanted)
    {
        return Some(check_dice(dice, code, file, usage));
    }
    if known.contains(&wanted.as_str()) {
        return Some(None);
    }
    let span = code
        .args
        .first()
        .map_or_else(|| code.name_span.clone(), |a| a.span.clone());
    Some(Some(
        crate::error!(
            "dangling-shortcode",
            Some(Loc::new(file, span)),
            "`{}` names a {what} `{wanted}` that the game does not have",
            code.name
        )
        .with_hint(if known.is_empty() {
            format!("the game has no {what}: declare one in game.toml ([[charts]], [[random_tables]], [[collections]])")
        } else {
            format!("{what}s: {}", known.join(", "))
        }),
    ))
}

/// `dice("collection", "field")`: the collection has a faces field to draw,
/// and the field printed beside each die's name is one of its fields.
fn check_dice(
    dice: &crate::model::Deck,
    code: &Shortcode,
    file: crate::diag::FileId,
    usage: &str,
) -> Option<Diagnostic> {
    let faces = dice
        .fields
        .iter()
        .any(|f| matches!(f.kind, crate::model::FieldKind::Faces(_)));
    if !faces {
        return Some(crate::error!(
            "dangling-shortcode", Some(Loc::new(file, code.args[0].span.clone())),
            "`dice` names the collection `{}`, which has no faces field", dice.id;
            hint: "declare its dice's faces with a field of kind \"faces\"; usage: {usage}"
        ));
    }
    let field = code.args.get(1)?;
    if dice.field_index(&field.value).is_some() {
        return None;
    }
    Some(crate::error!(
        "dangling-shortcode", Some(Loc::new(file, field.span.clone())),
        "the collection `{}` has no field `{}`", dice.id, field.value;
        hint: "{}", dice.fields_hint()
    ))
}

fn check_shortcode(game: &Game, code: &Shortcode, file: crate::diag::FileId) -> Option<Diagnostic> {
    let Some((_, usage)) = SHORTCODES.iter().find(|(name, _)| *name == code.name) else {
        let known: Vec<&str> = SHORTCODES.iter().map(|(n, _)| *n).collect();
        return Some(crate::error!(
            "unknown-shortcode", Some(Loc::new(file, code.name_span.clone())),
            "no shortcode `{}`", code.name;
            hint: "shortcodes: {}", known.join(", ")
        ));
    };
    if let Some(d) = check_data_shortcode(game, code, file, usage) {
        return d;
    }
    if code.name == "deck"
        && let Some(size) = code.args.get(1)
        && code.args.len() == 2
        && size.value != "full"
    {
        return Some(crate::error!(
            "bad-shortcode", Some(Loc::new(file, size.span.clone())),
            "`deck` takes \"full\" after the deck (cards at the size they print), not \"{}\"", size.value;
            hint: "usage: {usage}"
        ));
    }
    let takes = if code.name == "deck" { 1..=2 } else { 1..=1 };
    if !takes.contains(&code.args.len()) {
        return Some(crate::error!(
            "bad-shortcode", Some(Loc::new(file, code.span.clone())),
            "`{}` takes one argument, not {}", code.name, code.args.len();
            hint: "usage: {usage}"
        ));
    }
    let arg = &code.args[0];
    let loc = Loc::new(file, arg.span.clone());
    let decks = || {
        game.decks
            .iter()
            .map(|d| d.id.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (deck_id, card_key) = match code.name.as_str() {
        "card" => match arg.value.split_once('/') {
            Some((d, c)) => (d, Some(c)),
            None => {
                return Some(crate::error!(
                    "bad-shortcode", Some(loc),
                    "`card` names a deck and a card, not \"{}\"", arg.value;
                    hint: "usage: {usage}"
                ));
            }
        },
        _ => (arg.value.as_str(), None),
    };
    let Some(deck) = game.deck(deck_id) else {
        if game.unloaded.iter().any(|u| u == deck_id) {
            return None;
        }
        return Some(crate::error!(
            "dangling-shortcode", Some(loc),
            "`{}` names a deck `{deck_id}` that the game does not have", code.name;
            hint: "decks: {}", decks()
        ));
    };
    let key = card_key?;
    let index = deck.card_index();
    if index.find(key).is_some() {
        return None;
    }
    // A line's worth of the deck's keys.
    let mut known: Vec<&str> = index.keys.iter().map(String::as_str).take(12).collect();
    known.dedup();
    if index.keys.len() > known.len() {
        known.push("…");
    }
    Some(crate::error!(
        "dangling-shortcode", Some(loc), "deck `{deck_id}` has no card `{key}`";
        hint: "cards: {}", known.join(", ")
    ))
}
