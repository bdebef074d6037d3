//! Table names in the prose link to their tables: builds the shipped games'
//! HTML references with the real binary and follows every link to a table
//! (`#table-…`, `#collection-…`) from the prose to an element with that id
//! whose title the link names; none sits in a heading, another link or code.
//! A copy of the BCS game with a second page links across pages.

mod support;

use std::fs;
use std::path::Path;

use support::{grogpress, temp_game};

const GAMES: [&str; 5] = [
    "battlefront",
    "battlegrid",
    "bcs",
    "grid-battles",
    "grognards",
];

fn build_rules(game: &str, out: &Path) -> std::path::PathBuf {
    let out_s = out.to_str().expect("utf-8 temp path");
    let run = grogpress(&["rules", game, "--out", out_s]);
    assert_eq!(run.code, 0, "{}", run.dump());
    let id = Path::new(game)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    out.join(id).join("html")
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// A link found in a page: its href, its text (tags removed) and the element
/// names open around it.
#[derive(Debug)]
struct Link {
    href: String,
    text: String,
    open: Vec<String>,
}

/// Every `<a href>` of a page with the elements open around it (a small
/// reader for the HTML grogpress writes: void elements and SVG are closed).
fn links(html: &str) -> Vec<Link> {
    const VOID: [&str; 6] = ["meta", "link", "br", "img", "input", "hr"];
    let mut open: Vec<String> = Vec::new();
    let mut found: Vec<Link> = Vec::new();
    let mut current: Option<usize> = None;
    let mut rest = html;
    while let Some(lt) = rest.find('<') {
        if let Some(i) = current {
            found[i].text.push_str(&rest[..lt]);
        }
        let gt = rest[lt..].find('>').map_or(rest.len(), |g| lt + g);
        let tag = &rest[lt + 1..gt];
        rest = &rest[(gt + 1).min(rest.len())..];
        if tag.starts_with('!') {
            continue;
        }
        if let Some(name) = tag.strip_prefix('/') {
            let name = name.trim().to_ascii_lowercase();
            if let Some(at) = open.iter().rposition(|n| *n == name) {
                open.truncate(at);
            }
            if name == "a" {
                current = None;
            }
            continue;
        }
        let name: String = tag
            .split(|c: char| c.is_whitespace() || c == '/')
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        if name == "a" {
            let href = tag
                .split("href=\"")
                .nth(1)
                .and_then(|h| h.split('"').next())
                .unwrap_or_default()
                .to_string();
            found.push(Link {
                href,
                text: String::new(),
                open: open.clone(),
            });
            current = Some(found.len() - 1);
        }
        if !VOID.contains(&name.as_str()) && !tag.ends_with('/') {
            open.push(name);
        }
    }
    found
}

/// The rule a citation's text names ("5.5c" names 5.5); None for other text.
fn cited_rule(text: &str) -> Option<&str> {
    let rule = text.trim_end_matches(|c: char| c.is_ascii_lowercase());
    let (major, minor) = rule.split_once('.')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    (digits(major) && digits(minor) && text.len() <= rule.len() + 1).then_some(rule)
}

/// The rule shown beside the title of the element with `id` on a page.
fn rule_of(html: &str, id: &str) -> Option<String> {
    let at = html.find(&format!(" id=\"{id}\""))?;
    let after = &html[at..];
    let open = after.find("<span class=\"rule\">")? + "<span class=\"rule\">".len();
    let text = &after[open..];
    Some(text[..text.find('<')?].replace("&amp;", "&"))
}

/// The title of the element with `id` on a page: its chart title, caption or
/// table title, tags removed and entities of `&amp;` kind read back.
fn title_of(html: &str, id: &str) -> Option<String> {
    let at = html.find(&format!(" id=\"{id}\""))?;
    let after = &html[at..];
    let open = [
        "<p class=\"chart-title\">",
        "<caption>",
        "<p class=\"table-title\">",
    ]
    .iter()
    .filter_map(|m| after.find(m).map(|i| i + m.len()))
    .min()?;
    let text = &after[open..];
    let end = text.find(['<', '\n']).unwrap_or(text.len());
    Some(
        text[..end]
            .replace("&amp;", "&")
            .replace("&#x27;", "'")
            .trim()
            .to_string(),
    )
}

fn is_table_link(href: &str) -> bool {
    href.split_once('#')
        .is_some_and(|(_, a)| a.starts_with("table-") || a.starts_with("collection-"))
}

/// Checks every table link of every page under `html`; returns them as
/// (page, href, text).
fn check_table_links(html: &Path) -> Vec<(String, String, String)> {
    let mut seen = Vec::new();
    let mut names: Vec<String> = fs::read_dir(html)
        .expect("html folder")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".html"))
        .collect();
    names.sort();
    for name in &names {
        let page = read(&html.join(name));
        for link in links(&page) {
            if !is_table_link(&link.href) {
                continue;
            }
            let (file, anchor) = link.href.split_once('#').unwrap_or_default();
            let target_page = if file.is_empty() {
                page.clone()
            } else {
                read(&html.join(file))
            };
            if let Some(rule) = cited_rule(&link.text) {
                // A rule citation in a table ("(5.3)"): its table carries that rule.
                let carried = rule_of(&target_page, anchor).unwrap_or_default();
                assert!(
                    carried
                        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
                        .any(|n| n == rule),
                    "{name}: citation {:?} links to {}, whose rule is {carried:?}",
                    link.text,
                    link.href
                );
                continue;
            }
            let title = title_of(&target_page, anchor).unwrap_or_else(|| {
                panic!("{name}: link {:?} names no table with a title", link.href)
            });
            let text = link.text.split_whitespace().collect::<Vec<_>>().join(" ");
            let named = text.trim_end_matches('s');
            assert!(
                title.to_lowercase().starts_with(&named.to_lowercase()),
                "{name}: link text {text:?} does not name the table {title:?} at {}",
                link.href
            );
            for forbidden in ["h1", "h2", "h3", "h4", "h5", "h6", "a", "code", "pre"] {
                assert!(
                    !link.open.iter().any(|o| o == forbidden),
                    "{name}: table link {text:?} inside <{forbidden}> ({:?})",
                    link.open
                );
            }
            assert!(
                link.open.iter().any(|o| o == "article"),
                "{name}: table link {text:?} outside the rules text ({:?})",
                link.open
            );
            seen.push((name.clone(), link.href.clone(), text));
        }
    }
    seen
}

#[test]
fn table_names_in_the_shipped_prose_link_to_their_tables() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut all = Vec::new();
    for game in GAMES {
        let html = build_rules(game, dir.path());
        for (page, href, text) in check_table_links(&html) {
            all.push((format!("{game}/{page}"), href, text));
        }
    }
    let has = |page: &str, href: &str, text: &str| {
        all.iter()
            .any(|(p, h, t)| p == page && h == href && t == text)
    };
    for (href, text) in [
        ("#table-combat-combat", "Combat Table"),
        ("#table-combat-combat-modifiers", "Combat Table Modifiers"),
        ("#table-combat-barrage", "Barrage Table"),
        ("#table-engagement", "Engagement Table"),
        ("#table-snafu-snafu", "SNAFU Table"),
        ("#table-isolation-fatigue", "Fatigue Increase Table"),
    ] {
        assert!(
            has("bcs/charts.html", href, text),
            "BCS prose should link {text:?} to {href}: {all:#?}"
        );
    }
    assert!(
        has(
            "grid-battles/grid-battles.html",
            "#collection-base-types",
            "base types"
        ),
        "{all:#?}"
    );
}

#[test]
fn a_table_named_on_another_page_links_there_and_nowhere_else() {
    let (_tmp, game) = temp_game("bcs");
    let toml = read(&game.join("game.toml"));
    let toml = toml.replace(
        "rules = [\"rules/charts.md\"]",
        "rules = [\"rules/charts.md\", \"rules/play.md\"]",
    );
    fs::write(game.join("game.toml"), toml).expect("write game.toml");
    fs::write(
        game.join("rules/play.md"),
        "# Playing the Combat Table\n\n\
         Attack, then roll on the Combat Table; a SNAFU Table roll comes first.\n\n\
         See [the Combat Table](charts.html) or type `Combat Table`:\n\n\
         ```\nCombat Table\n```\n",
    )
    .expect("write play.md");
    let out = tempfile::tempdir().expect("temp dir");
    let html = build_rules(game.to_str().expect("utf-8 path"), out.path());
    let seen = check_table_links(&html);
    let on_play: Vec<(&str, &str)> = seen
        .iter()
        .filter(|(p, _, _)| p == "play.html")
        .map(|(_, h, t)| (h.as_str(), t.as_str()))
        .collect();
    assert_eq!(
        on_play,
        [
            ("charts.html#table-combat-combat", "Combat Table"),
            ("charts.html#table-snafu-snafu", "SNAFU Table"),
        ]
    );
    let play = read(&html.join("play.html"));
    assert!(
        play.contains("<a href=\"charts.html\">the Combat Table</a>"),
        "{play}"
    );
    assert!(play.contains("<code>Combat Table</code>"), "{play}");
}
