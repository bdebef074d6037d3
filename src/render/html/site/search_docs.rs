//! Render (HTML): what the reference's search finds, from the rendered
//! pages, the cards shown and the table rows shown to the search documents
//! (sections, cards, rows) in a stable order.

use std::collections::HashSet;

use super::placements::Placements;
use crate::model::{Deck, FieldKind, Game};
use crate::render::html::data::{ShownRow, field_heading, plain_text};
use crate::render::html::markdown::PageBody;
use crate::render::html::search::{DocKind, SearchDoc};

/// Everything the search finds, in order: each rules section, each card
/// shown (once per text: the copies of a mirrored deck are one card), each
/// table row shown with its anchor (at its first showing), then each
/// table those rows are in (found by its title, its rows listed under it).
pub(super) fn search_docs(
    game: &Game,
    shown: &Placements,
    names: &[String],
    titles: &[String],
    bodies: &[PageBody],
    rows: &[Vec<ShownRow>],
) -> Vec<SearchDoc> {
    let mut docs = Vec::new();
    for ((name, title), body) in names.iter().zip(titles).zip(bodies) {
        for (heading, text) in &body.sections {
            let heading = heading.and_then(|h| body.headings.get(h));
            if heading.is_none() && text.is_empty() {
                continue;
            }
            let number = heading.and_then(|h| h.number.clone());
            docs.push(SearchDoc {
                kind: DocKind::Section,
                title: heading.map_or_else(|| title.clone(), |h| h.numbered()),
                context: title.clone(),
                href: heading.map_or_else(
                    || name.clone(),
                    // A numbered rule by its number (`#4.1`), else its words.
                    |h| format!("{name}#{}", h.number.as_ref().unwrap_or(&h.anchor)),
                ),
                text: text.clone(),
                number: number.unwrap_or_default(),
            });
        }
    }
    let mut seen_cards = HashSet::new();
    let mut seen_texts = HashSet::new();
    for (&(page, d, c), anchor) in &shown.anchors {
        let deck = &game.decks[d];
        if !seen_cards.insert((d, c)) {
            continue;
        }
        let title = deck.card_title(c);
        let text = card_text(deck, c);
        if !seen_texts.insert((d, title.clone(), text.clone())) {
            continue;
        }
        docs.push(SearchDoc {
            kind: DocKind::Card,
            title,
            context: deck.name.clone(),
            href: format!("{}#{anchor}", shown.card_file(page, d, c)),
            text,
            number: String::new(),
        });
    }
    let mut seen_rows = HashSet::new();
    let mut tables = Vec::new();
    let mut seen_tables = HashSet::new();
    for (page, page_rows) in rows.iter().enumerate() {
        for row in page_rows {
            if seen_rows.insert(row.anchor.as_str()) {
                docs.push(SearchDoc {
                    kind: DocKind::Row,
                    title: row.table.clone(),
                    context: titles[page].clone(),
                    href: format!("{}#{}", names[page], row.anchor),
                    text: row.text.clone(),
                    number: String::new(),
                });
                // The table itself, at its anchor (a chart block's own).
                let table = row.table_anchor.as_str();
                if !table.is_empty() && seen_tables.insert((page, row.table.as_str())) {
                    tables.push(SearchDoc {
                        kind: DocKind::Table,
                        title: row.table.clone(),
                        context: titles[page].clone(),
                        href: format!("{}#{table}", names[page]),
                        text: String::new(),
                        // The rules it carries, so "5.3" finds the table.
                        number: shown.rules.numbers_at(table).join(" "),
                    });
                }
            }
        }
    }
    docs.extend(tables);
    docs
}

/// A card's words: every field but the title and the mirrored one, as plain
/// text; a rich text field (prose) as it is, any other named (`Force: 10`).
fn card_text(deck: &Deck, card: usize) -> String {
    let mirrored = deck.constraints.mirrored.as_ref().map(|m| m.value);
    (0..deck.fields.len())
        .filter(|&i| i != deck.title_field && Some(i) != mirrored)
        .filter_map(|i| {
            let text = deck.printed(&deck.cards[card], i)?;
            let text = plain_text(&text)
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            let field = &deck.fields[i];
            Some(match field.kind {
                _ if text.is_empty() => text,
                FieldKind::Rich => text,
                _ => format!("{}: {text}", field_heading(&field.name)),
            })
        })
        .filter(|t| !t.is_empty())
        .collect::<Vec<_>>()
        .join(" · ")
}
