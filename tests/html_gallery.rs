//! A large deck's gallery in the HTML reference is split into pages of a
//! bounded number of cards, linked by previous/next and a page list; every
//! card is on exactly one page, and every link to a card (rules text,
//! search index, previews, pager) points at the page that holds it. A deck
//! at the bound stays on one page.

mod support;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use support::build_ok;

/// The most cards one gallery page holds (the reference's bound).
const BOUND: usize = 100;

fn write_game(dir: &Path, cards: usize) -> PathBuf {
    let game = dir.join("big-deck");
    std::fs::create_dir_all(game.join("rules")).expect("rules folder");
    std::fs::write(
        game.join("game.toml"),
        "name = \"Big Deck\"\nrules = [\"rules/rules.md\"]\n\n[[decks]]\nid = \"orders\"\nfile = \"orders.toml\"\n",
    )
    .expect("game.toml");
    let mut deck = String::from(
        "name = \"Orders\"\ntitle_field = \"title\"\n\n[[fields]]\nname = \"title\"\nkind = \"text\"\n\n[[fields]]\nname = \"text\"\nkind = \"rich\"\n",
    );
    for n in 1..=cards {
        deck.push_str(&format!(
            "\n[[cards]]\ntitle = \"Order {n:04}\"\ntext = \"Move {n} hexes.\"\n"
        ));
    }
    std::fs::write(game.join("orders.toml"), deck).expect("deck");
    // Links to a card on the first gallery page, the second and the last.
    let linked: Vec<String> = [1, cards.min(BOUND + 50), cards]
        .iter()
        .map(|n| format!("[Order {n:04}](card:)"))
        .collect();
    std::fs::write(
        game.join("rules/rules.md"),
        format!(
            "# Orders\n\nPlay {}.\n\n{{{{ deck(\"orders\") }}}}\n",
            linked.join(", ")
        ),
    )
    .expect("rules");
    game
}

/// Every HTML page of the reference: name → text.
fn pages(html: &Path) -> BTreeMap<String, String> {
    std::fs::read_dir(html)
        .expect("html folder")
        .filter_map(|e| {
            let name = e.ok()?.file_name().to_string_lossy().into_owned();
            name.ends_with(".html").then(|| {
                let text = std::fs::read_to_string(html.join(&name)).expect("page");
                (name, text)
            })
        })
        .collect()
}

/// The values of `key="…"` (or `key":"…"` in JSON) in `text`.
fn values<'a>(text: &'a str, key: &str) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find(key) {
        rest = &rest[at + key.len()..];
        let Some(end) = rest.find('"') else { break };
        out.push(&rest[..end]);
        rest = &rest[end..];
    }
    out
}

/// The whole book on one page, which holds every card again.
fn is_print(name: &str) -> bool {
    name.starts_with("print")
}

/// Each card anchor and the pages that hold it (but the whole book's).
fn card_ids(pages: &BTreeMap<String, String>) -> BTreeMap<String, Vec<String>> {
    let mut ids: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (name, text) in pages.iter().filter(|(n, _)| !is_print(n)) {
        for id in values(text, " id=\"card-") {
            ids.entry(format!("card-{id}"))
                .or_default()
                .push(name.clone());
        }
    }
    ids
}

/// `href` (as written on page `from`) resolves to an id that exists.
fn assert_resolves(href: &str, from: &str, pages: &BTreeMap<String, String>) {
    let (file, anchor) = href.split_once('#').unwrap_or((href, ""));
    let file = if file.is_empty() { from } else { file };
    let text = pages
        .get(file)
        .unwrap_or_else(|| panic!("{from}: link {href} names no page"));
    if !anchor.is_empty() {
        assert!(
            text.contains(&format!(" id=\"{anchor}\"")),
            "{from}: link {href}: no such anchor on {file}"
        );
    }
}

#[test]
fn a_large_gallery_is_split_into_bounded_pages_every_card_link_resolves() {
    let cards = 450;
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = write_game(tmp.path(), cards);
    let out = tmp.path().join("out");
    build_ok(&game, &out);
    let html = out.join("big-deck/html");
    let pages = pages(&html);

    // Every card on exactly one page; no page holds more than the bound.
    let ids = card_ids(&pages);
    assert_eq!(
        ids.len(),
        cards,
        "{:?}",
        ids.keys().take(5).collect::<Vec<_>>()
    );
    for (id, on) in &ids {
        assert_eq!(on.len(), 1, "{id} is on {on:?}");
    }
    let mut per_page: BTreeMap<&str, usize> = BTreeMap::new();
    for on in ids.values() {
        *per_page.entry(on[0].as_str()).or_default() += 1;
    }
    assert_eq!(per_page.len(), cards.div_ceil(BOUND), "{per_page:?}");
    assert!(per_page.values().all(|&n| n <= BOUND), "{per_page:?}");
    assert_eq!(per_page.get("rules.html"), Some(&BOUND), "{per_page:?}");

    // Pages bounded in size: none near the whole book's.
    let whole = std::fs::metadata(html.join("print.html"))
        .expect("print")
        .len() as usize;
    for (name, text) in pages.iter().filter(|(n, _)| !is_print(n)) {
        assert!(
            text.len() * 2 < whole,
            "{name}: {} of {whole} bytes",
            text.len()
        );
    }
    // The whole book still prints every card.
    let print = std::fs::read_to_string(html.join("print.html")).expect("print");
    assert_eq!(values(&print, " id=\"card-").len(), cards);

    // Every link on every page resolves, card links, pager and sidebar.
    let mut card_links = 0;
    for (name, text) in pages.iter().filter(|(n, _)| !is_print(n)) {
        for href in values(text, "href=\"") {
            if href.contains("://") || [".css", ".svg", ".pdf"].iter().any(|e| href.ends_with(e)) {
                continue;
            }
            if href.contains("#card-") {
                card_links += 1;
            }
            assert_resolves(href, name, &pages);
        }
    }
    // The rules text links its three cards, two of them to other pages
    // (with a preview of each), and each gallery page links every other.
    let rules = &pages["rules.html"];
    for n in [1, BOUND + 50, cards] {
        let id = format!("card-orders-order-{n:04}");
        let holder = &ids[&id][0];
        let href = if holder == "rules.html" {
            format!("href=\"#{id}\"")
        } else {
            assert!(
                rules.contains(&format!("data-for=\"{id}\"")),
                "no preview of {id}"
            );
            format!("href=\"{holder}#{id}\"")
        };
        assert!(rules.contains(&href), "rules.html lacks {href}");
    }
    assert!(card_links >= 3, "{card_links} card links");
    for name in per_page.keys() {
        let pager = pages[*name]
            .find("gallery-pager")
            .unwrap_or_else(|| panic!("{name}: no pager"));
        for other in per_page.keys().filter(|o| *o != name) {
            assert!(
                pages[*name][pager..].contains(&format!("href=\"{other}")),
                "{name}: pager lacks {other}"
            );
        }
    }

    // Every card the search finds is at its page and anchor.
    let index = std::fs::read_to_string(html.join("search-index.js")).expect("index");
    // A card's entry: ["c", "title", "deck", "href", …].
    let found: BTreeSet<&str> = index
        .lines()
        .filter(|l| l.starts_with("[\"c\", "))
        .filter_map(|l| l.split("\", \"").nth(3))
        .collect();
    assert_eq!(found.len(), cards, "search index card entries");
    for href in found {
        let (file, anchor) = href.split_once('#').expect("anchor");
        assert_eq!(ids[anchor][0], file, "search index: {href}");
    }
}

#[test]
fn a_gallery_at_the_bound_stays_one_page() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = write_game(tmp.path(), BOUND);
    let out = tmp.path().join("out");
    build_ok(&game, &out);
    let pages = pages(&out.join("big-deck/html"));
    let ids = card_ids(&pages);
    assert_eq!(ids.len(), BOUND);
    assert!(ids.values().all(|on| on == &["rules.html".to_string()]));
    assert!(pages.values().all(|t| !t.contains("gallery-pager")));
}
