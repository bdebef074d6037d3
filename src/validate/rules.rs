//! Validate stage: card names in the Markdown rules (`[*Great Road*](card:)`)
//! must match a card title exactly.

use std::ops::Range;

use pulldown_cmark::{Event, Parser, Tag, TagEnd};

use crate::diag::{Diagnostic, Diagnostics, Loc, Sources};
use crate::model::link::is_safe_link;
use crate::model::{Game, markdown_options};

/// A card named in the rules text: the link's text and its byte range.
#[derive(Clone, Debug, PartialEq)]
pub struct CardMention {
    pub name: String,
    pub span: Range<usize>,
}

/// Every `card:` link in a Markdown text.
pub fn card_mentions(markdown: &str) -> Vec<CardMention> {
    let mut out = Vec::new();
    let mut open: Option<(String, Range<usize>)> = None;
    for (event, range) in Parser::new(markdown).into_offset_iter() {
        match event {
            Event::Start(Tag::Link { dest_url, .. }) if dest_url.starts_with("card:") => {
                open = Some((String::new(), range))
            }
            Event::Text(t) | Event::Code(t) | Event::InlineHtml(t) => {
                if let Some((name, _)) = open.as_mut() {
                    name.push_str(&t);
                }
            }
            Event::End(TagEnd::Link) => {
                if let Some((name, span)) = open.take() {
                    out.push(CardMention { name, span });
                }
            }
            _ => {}
        }
    }
    out
}

/// A link or image whose target is not a safe link ([`is_safe_link`]) is
/// published as plain text: an `unsafe-link` warning at the link.
pub fn check_links(game: &Game, sources: &Sources, diags: &mut Diagnostics) {
    for page in &game.rules {
        let text = sources.text(page.file);
        for (event, range) in Parser::new_ext(text, markdown_options()).into_offset_iter() {
            let (url, what) = match &event {
                Event::Start(Tag::Link { dest_url, .. }) => (dest_url, "link"),
                Event::Start(Tag::Image { dest_url, .. }) => (dest_url, "image"),
                _ => continue,
            };
            if url.starts_with("card:") || is_safe_link(url) {
                continue;
            }
            let shown: String = url.chars().take(60).filter(|c| !c.is_control()).collect();
            diags.push(
                Diagnostic::warning(
                    "unsafe-link",
                    format!("the {what} to `{shown}` is not published: only http, https and mailto links, relative paths and #anchors are"),
                    Some(Loc::new(page.file, range)),
                )
                .with_hint("link to a web page (https://...) or a place in the rules (#anchor); script and data links never run"),
            );
        }
    }
}

pub fn validate_rules(game: &Game, sources: &Sources, diags: &mut Diagnostics) {
    let titles: Vec<String> = game
        .decks
        .iter()
        .flat_map(|d| (0..d.cards.len()).map(move |i| d.card_title(i)))
        .collect();
    // Exact titles, and the first title of each lower-cased spelling.
    let exact: std::collections::HashSet<&str> = titles.iter().map(String::as_str).collect();
    let mut by_lower: std::collections::HashMap<String, &str> = std::collections::HashMap::new();
    for title in &titles {
        by_lower.entry(title.to_lowercase()).or_insert(title);
    }
    for page in &game.rules {
        for mention in card_mentions(sources.text(page.file)) {
            let loc = Loc::new(page.file, mention.span.clone());
            if exact.contains(mention.name.as_str()) {
                continue;
            }
            match by_lower.get(&mention.name.to_lowercase()) {
                Some(title) => diags.push(
                    Diagnostic::warning(
                        "card-title-mismatch",
                        format!(
                            "the rules name \"{}\" but the card is titled \"{title}\"",
                            mention.name
                        ),
                        Some(loc),
                    )
                    .with_hint(format!(
                        "write \"{title}\" here, or retitle the card \"{}\"",
                        mention.name
                    )),
                ),
                None if !game.unloaded.is_empty() => {}
                None => diags.push(
                    Diagnostic::error(
                        "dangling-card-reference",
                        format!(
                            "the rules name a card \"{}\" that no deck has",
                            mention.name
                        ),
                        Some(loc),
                    )
                    .with_hint("check the spelling against the deck's card titles"),
                ),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_card_links_with_emphasis() {
        let md = "Play *Order Confusion* but not [*Great Road*](card:) or [Recon](card:).";
        let found = card_mentions(md);
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].name, "Great Road");
        assert_eq!(&md[found[0].span.clone()], "[*Great Road*](card:)");
        assert_eq!(found[1].name, "Recon");
    }
}
