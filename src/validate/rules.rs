//! Validate stage: the links of the parsed rules pages — card names
//! (`[*Great Road*](card:)`) must match a card title exactly, a rule
//! reference (`[](rule:movement)`) must name a heading, and a link that is
//! not safe is a warning.

use crate::diag::{Diagnostics, Loc};
use crate::model::Game;
use crate::model::link::is_safe_link;
use crate::model::rules::{Node, Tag};
use crate::model::xref::{INDEX_SCHEME, RuleBook, has_rule_links, rule_link_id, rule_links};

/// How many dangling rule references get a suggestion worked out (each
/// looks at every heading id): the rest get the list of ids.
const SUGGESTED: usize = 100;

/// A `rule:` link must name a heading of the rules (its id, the slug of its
/// text as the HTML reference anchors it): else a `dangling-rule-ref` at
/// the link, with the nearest id as a hint.
pub fn check_rule_refs(game: &Game, diags: &mut Diagnostics) {
    if !game.rules.iter().any(|p| has_rule_links(&p.doc)) {
        return;
    }
    let book = RuleBook::new(game.rules.iter().map(|p| &p.doc), false);
    let ids = book.ids();
    let mut suggested = 0;
    for (p, page) in game.rules.iter().enumerate() {
        for link in rule_links(&page.doc) {
            if book.find(&link.id, p).is_some() {
                continue;
            }
            let loc = Some(Loc::new(page.file, link.span.clone()));
            let near = (suggested < SUGGESTED)
                .then(|| {
                    suggested += 1;
                    nearest_id(&link.id, &ids)
                })
                .flatten();
            let hint = match near {
                Some(id) => format!("did you mean `rule:{id}`?"),
                None if ids.is_empty() => "the rules have no headings to refer to".to_string(),
                None => {
                    let mut some: Vec<&str> = ids.iter().copied().take(8).collect();
                    if ids.len() > some.len() {
                        some.push("…");
                    }
                    format!(
                        "the headings' ids (the slugs of their text): {}",
                        some.join(", ")
                    )
                }
            };
            let shown: String = link
                .id
                .chars()
                .take(60)
                .filter(|c| !c.is_control())
                .collect();
            diags.push(crate::error!(
                "dangling-rule-ref", loc,
                "`rule:{shown}` names no heading of the rules";
                hint: "{hint}"
            ));
        }
    }
}

/// The heading id closest to a misspelt one, if close enough (ids whose
/// length is far off are not compared).
fn nearest_id<'a>(id: &str, ids: &[&'a str]) -> Option<&'a str> {
    // Ids this long are no typo of each other worth the comparing.
    const LONGEST: usize = 80;
    let len = id.chars().count();
    if len > LONGEST {
        return None;
    }
    let near: Vec<&str> = ids
        .iter()
        .copied()
        .filter(|c| c.len() <= 4 * LONGEST)
        .filter(|c| c.chars().count().abs_diff(len) <= len.div_ceil(3))
        .collect();
    crate::load::toml::closest(id, &near)
}

/// A link or image whose target is not a safe link ([`is_safe_link`]) is
/// published as plain text: an `unsafe-link` warning at the link.
pub fn check_links(game: &Game, diags: &mut Diagnostics) {
    for page in &game.rules {
        for (node, range) in &page.doc.nodes {
            let (url, what) = match node {
                Node::Start(Tag::Link { url, .. })
                    if rule_link_id(url).is_some()
                        || url.starts_with(INDEX_SCHEME)
                        || crate::model::figure::figure_link_id(url).is_some() =>
                {
                    continue;
                }
                Node::Start(Tag::Link { url, .. }) => (url, "link"),
                Node::Start(Tag::Image { url, .. }) => (url, "image"),
                _ => continue,
            };
            if url.starts_with("card:") || is_safe_link(url) {
                continue;
            }
            let shown = crate::text::clip(url, 60);
            diags.push(
                crate::warning!(
                    "unsafe-link", Some(Loc::new(page.file, range.clone())),
                    "the {what} to `{shown}` is not published: only http, https and mailto links, relative paths and #anchors are";
                    hint: "link to a web page (https://...) or a place in the rules (#anchor); script and data links never run"
                ),
            );
        }
    }
}

/// A `rule:` link without words of its own prints "see 5.3, p. 4": with
/// the game's "see" written just before it, the rulebook reads "see see
/// 5.3": a `see-twice` warning at the link.
pub fn check_see_twice(game: &Game, diags: &mut Diagnostics) {
    let see = game.words.see.to_lowercase();
    if see.is_empty() {
        return;
    }
    for page in &game.rules {
        let nodes = &page.doc.nodes;
        let empty: std::collections::HashSet<usize> = rule_links(&page.doc)
            .into_iter()
            .filter(|l| l.empty)
            .map(|l| l.span.start)
            .collect();
        for (i, (node, link)) in nodes.iter().enumerate() {
            let Node::Start(Tag::Link { url, .. }) = node else {
                continue;
            };
            if rule_link_id(url).is_none() || !empty.contains(&link.start) {
                continue;
            }
            // The text before the link, past a line's end.
            let before = nodes[..i]
                .iter()
                .rev()
                .find(|(n, _)| !matches!(n, Node::SoftBreak));
            let Some((Node::Text(before), _)) = before else {
                continue;
            };
            let last_word = before
                .trim_end()
                .rsplit(char::is_whitespace)
                .next()
                .unwrap_or("")
                .trim_start_matches(['(', '[', '“', '"'])
                .to_lowercase();
            if last_word != see {
                continue;
            }
            diags.push(crate::warning!(
                "see-twice", Some(Loc::new(page.file, link.clone())),
                "this reference prints \"{} …\" itself, after the \"{}\" written before it", game.words.see, game.words.see;
                hint: "leave out the word before the link, or give the link words of its own: [the movement rules](rule:movement)"
            ));
        }
    }
}

/// What to write for a card link that names no card: the title of the
/// card whose key it is (a link names the title, a shortcode the key), or
/// the closest title.
fn card_hint(name: &str, titles: &[String]) -> String {
    let keyed = titles
        .iter()
        .find(|t| crate::model::slug(t) == crate::model::slug(name));
    if let Some(title) = keyed {
        return format!("a card link names the card's title, not its key: (<card:{title}>)");
    }
    let all: Vec<&str> = titles.iter().map(String::as_str).collect();
    match crate::diag::closest(name, &all) {
        Some(title) => format!("did you mean \"{title}\"? (<card:{title}>)"),
        None => "check the spelling against the deck's card titles".to_string(),
    }
}

pub fn validate_rules(game: &Game, diags: &mut Diagnostics) {
    check_rule_refs(game, diags);
    check_see_twice(game, diags);
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
        for mention in &page.doc.mentions {
            let loc = Loc::new(page.file, mention.span.clone());
            if exact.contains(mention.name.as_str()) {
                continue;
            }
            match by_lower.get(&mention.name.to_lowercase()) {
                Some(title) => diags.push(crate::warning!(
                    "card-title-mismatch", Some(loc),
                    "the rules name \"{}\" but the card is titled \"{title}\"", mention.name;
                    hint: "write \"{title}\" here, name the card in the link as (<card:{title}>), or retitle the card \"{}\"", mention.name
                )),
                None if game.deck_unloaded => {}
                None => diags.push(crate::error!(
                    "dangling-card-reference", Some(loc),
                    "the rules name a card \"{}\" that no deck has", crate::text::clip(&mention.name, 60);
                    hint: "{}", card_hint(&mention.name, &titles)
                )),
            }
        }
    }
}
