//! End-to-end tests of the HTML rules reference: run the real `grogpress`
//! binary into a temporary directory and read the pages back.
//!
//! - every card of the BattleGrid action deck appears in the gallery with the
//!   words of its data, drawn at the same positions as on the label PDF;
//! - every page is self-contained (relative URLs only, each naming a file that
//!   exists), its anchors resolve, its ids are unique, headings are in order;
//! - the escaping fixture (`tests/fixtures/html-escape`) shows markup in
//!   every piece of data as text: no element but those grogpress writes;
//! - a shortcode naming nothing (or an image, which would load from
//!   elsewhere) is a located `check` error;
//! - rebuilding gives byte-identical files.

mod support;

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use support::tools::tool;
use tempfile::TempDir;
use toml::de::{DeTable, DeValue};

// ---------------------------------------------------------------------------
// Running the binary
// ---------------------------------------------------------------------------

use support::raw::{dump as describe, grogpress};

/// `grogpress rules GAME --out <temp>`; returns the temp dir and the html folder.
fn build_rules(game: &str) -> (TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().to_str().expect("utf-8 temp path");
    let run = grogpress(&["rules", game, "--out", out]);
    assert_eq!(run.status.code(), Some(0), "{}", describe(&run));
    let id = Path::new(game)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let html = dir.path().join(id).join("html");
    (dir, html)
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// Every `.html` file of a folder, sorted.
fn pages(dir: &Path) -> Vec<PathBuf> {
    let mut pages: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "html"))
        .collect();
    pages.sort();
    pages
}

// ---------------------------------------------------------------------------
// Reading HTML: every `<` in grogpress's output starts a tag (data is escaped)
// ---------------------------------------------------------------------------

#[derive(Clone, Debug)]
struct Tag {
    name: String,
    closing: bool,
    attrs: Vec<(String, String)>,
    /// Byte offsets of the tag in the page.
    start: usize,
    end: usize,
}

impl Tag {
    fn attr(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// The tags of a page in order (comments and the doctype skipped).
fn tags(html: &str) -> Vec<Tag> {
    let mut out = Vec::new();
    let mut pos = 0;
    while let Some(at) = html[pos..].find('<') {
        let start = pos + at;
        let end = start
            + html[start..]
                .find('>')
                .unwrap_or_else(|| panic!("unterminated tag at byte {start}"))
            + 1;
        let inner = html[start + 1..end - 1].trim_end_matches('/');
        pos = end;
        if inner.starts_with('!') {
            continue;
        }
        let closing = inner.starts_with('/');
        let inner = inner.trim_start_matches('/');
        let name_len = inner
            .find(|c: char| c.is_whitespace())
            .unwrap_or(inner.len());
        let name = inner[..name_len].to_string();
        let mut attrs = Vec::new();
        let mut rest = &inner[name_len..];
        loop {
            rest = rest.trim_start();
            if rest.is_empty() {
                break;
            }
            let key_len = rest
                .find(|c: char| c == '=' || c.is_whitespace())
                .unwrap_or(rest.len());
            let key = rest[..key_len].to_string();
            rest = &rest[key_len..];
            if let Some(after) = rest.strip_prefix("=\"") {
                let len = after
                    .find('"')
                    .unwrap_or_else(|| panic!("unquoted attribute in tag at byte {start}"));
                attrs.push((key, unescape(&after[..len])));
                rest = &after[len + 1..];
            } else {
                attrs.push((key, String::new()));
            }
        }
        out.push(Tag {
            name,
            closing,
            attrs,
            start,
            end,
        });
    }
    out
}

/// The text between the tags from `from` to `to` (byte offsets), unescaped.
fn text_between(html: &str, from: usize, to: usize) -> String {
    let mut text = String::new();
    let mut inside = false;
    for c in html[from..to].chars() {
        match c {
            '<' => inside = true,
            '>' => {
                inside = false;
                text.push(' ');
            }
            c if !inside => text.push(c),
            _ => {}
        }
    }
    unescape(&text)
}

fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(str::to_string).collect()
}

/// Each `<figure class="card">` of a page: its attributes and its `<text>` runs
/// (x, baseline y, text) in order, with whether each run continues the one
/// before it on the line (touching it: a bold word and its plain colon).
struct CardFigure {
    attrs: Tag,
    runs: Vec<(f64, f64, String)>,
    widths: Vec<f64>,
    continues: Vec<bool>,
}

impl CardFigure {
    /// The card's words, runs that touch joined.
    fn words(&self) -> Vec<String> {
        let mut text = String::new();
        for ((_, _, run), joined) in self.runs.iter().zip(&self.continues) {
            if !joined {
                text.push(' ');
            }
            text.push_str(run);
        }
        words(&text)
    }
}

fn card_figures(html: &str) -> Vec<CardFigure> {
    let tags = tags(html);
    let mut out = Vec::new();
    let mut current: Option<CardFigure> = None;
    for (i, tag) in tags.iter().enumerate() {
        match (tag.name.as_str(), tag.closing) {
            ("figure", false) if tag.attr("class") == Some("card") => {
                current = Some(CardFigure {
                    attrs: tag.clone(),
                    runs: Vec::new(),
                    widths: Vec::new(),
                    continues: Vec::new(),
                })
            }
            ("figure", true) => out.extend(current.take()),
            ("text", false) => {
                let close = &tags[i + 1];
                assert_eq!(close.name, "text", "a <text> run holds only text");
                let num = |k: &str| -> f64 {
                    tag.attr(k)
                        .and_then(|v| v.parse().ok())
                        .unwrap_or_else(|| panic!("<text> without a numeric {k}"))
                };
                if let Some(card) = current.as_mut() {
                    let joined = card.runs.last().zip(card.widths.last()).is_some_and(
                        |((x, y, _), width)| *y == num("y") && (x + width - num("x")).abs() < 0.01,
                    );
                    card.widths.push(num("textLength"));
                    card.continues.push(joined);
                    card.runs
                        .push((num("x"), num("y"), unescape(&html[tag.end..close.start])));
                }
            }
            _ => {}
        }
    }
    out
}

// ---------------------------------------------------------------------------
// The data, read from the shipped files
// ---------------------------------------------------------------------------

fn project_file(rel: &str) -> String {
    read(&Path::new(env!("CARGO_MANIFEST_DIR")).join(rel))
}

fn parse_toml<'i>(text: &'i str, what: &str) -> DeTable<'i> {
    DeTable::parse(text)
        .unwrap_or_else(|e| panic!("{what} is not valid TOML: {e}"))
        .into_inner()
}

fn array_of_tables<'a, 'i>(table: &'a DeTable<'i>, key: &str) -> Vec<&'a DeTable<'i>> {
    table
        .get(key)
        .unwrap_or_else(|| panic!("no `{key}` array"))
        .get_ref()
        .as_array()
        .unwrap_or_else(|| panic!("`{key}` is not an array"))
        .iter()
        .map(|v| v.get_ref().as_table().expect("a table"))
        .collect()
}

fn str_field(table: &DeTable<'_>, key: &str) -> Option<String> {
    table.get(key).and_then(|v| match v.get_ref() {
        DeValue::String(s) => Some(s.to_string()),
        _ => None,
    })
}

fn number_field(table: &DeTable<'_>, key: &str) -> Option<f64> {
    table.get(key).and_then(|v| match v.get_ref() {
        DeValue::Integer(i) => i.as_str().parse().ok(),
        DeValue::Float(f) => f.as_str().parse().ok(),
        _ => None,
    })
}

/// The BattleGrid action cards: field name → value, in deck order.
fn battlegrid_cards() -> Vec<BTreeMap<String, String>> {
    let text = project_file("data/battlegrid/action-cards.toml");
    let deck = parse_toml(&text, "action-cards.toml");
    array_of_tables(&deck, "cards")
        .into_iter()
        .map(|t| {
            t.iter()
                .filter_map(|(k, _)| Some((k.get_ref().to_string(), str_field(t, k.get_ref())?)))
                .collect()
        })
        .collect()
}

/// (field, format) of each region of the action card layout, from the top.
fn battlegrid_layout() -> Vec<(String, String)> {
    let text = project_file("data/battlegrid/templates/labels/battlegrid-action.toml");
    let template = parse_toml(&text, "battlegrid-action.toml");
    let mut regions: Vec<(f64, String, String)> = array_of_tables(&template, "regions")
        .into_iter()
        .map(|r| {
            (
                number_field(r, "top").expect("region top"),
                str_field(r, "field").expect("region field"),
                str_field(r, "format").unwrap_or_else(|| "{}".into()),
            )
        })
        .collect();
    regions.sort_by(|a, b| a.0.total_cmp(&b.0));
    regions.into_iter().map(|(_, f, fmt)| (f, fmt)).collect()
}

/// The words a card prints: each laid-out field, markup dropped.
fn expected_words(card: &BTreeMap<String, String>, layout: &[(String, String)]) -> Vec<String> {
    layout
        .iter()
        .filter_map(|(field, format)| card.get(field).map(|v| format.replace("{}", v)))
        .flat_map(|v| words(&v.replace("**", "").replace('*', "")))
        .collect()
}

// ---------------------------------------------------------------------------
// BattleGrid
// ---------------------------------------------------------------------------

#[test]
fn every_battlegrid_card_appears_in_the_gallery_with_its_text() {
    let (_dir, html) = build_rules("battlegrid");
    let page = read(&html.join("action-cards.html"));
    let figures = card_figures(&page);
    let cards = battlegrid_cards();
    let layout = battlegrid_layout();
    assert_eq!(cards.len(), 24, "the shipped deck has 24 cards");
    assert_eq!(
        figures.len(),
        cards.len(),
        "the gallery shows each card of the deck once"
    );
    for (i, (card, figure)) in cards.iter().zip(&figures).enumerate() {
        assert_eq!(
            figure.words(),
            expected_words(card, &layout),
            "card {} (\"{}\") in the gallery",
            i + 1,
            card["title"]
        );
        assert_eq!(figure.attrs.attr("data-deck"), Some("action"));
    }
    // The gallery sits under the "The cards" heading, which comes before it.
    let heading = page
        .find("id=\"the-cards\"")
        .expect("a `The cards` heading");
    let gallery = page.find("class=\"deck\"").expect("a deck gallery");
    assert!(heading < gallery);
}

/// The SVG card puts every text run where the label PDF prints it: the first
/// word of each run starts at the same x (to 0.05 pt) as the PDF's word, on
/// the same baseline, once the label's offset on the sheet is added.
#[test]
fn gallery_cards_are_drawn_where_the_label_pdf_prints_them() {
    let (dir, html) = build_rules("battlegrid");
    let out = dir.path().to_str().expect("utf-8");
    let run = grogpress(&["labels", "battlegrid", "--out", out]);
    assert_eq!(run.status.code(), Some(0), "{}", describe(&run));
    let pdf = dir.path().join("battlegrid/action-labels.pdf");
    let bbox = tool(
        "pdftotext",
        &[
            "-bbox",
            "-f",
            "1",
            "-l",
            "1",
            pdf.to_str().expect("utf-8"),
            "-",
        ],
    );
    // (text, xMin, yMin, yMax) of every word on the first sheet.
    let pdf_words: Vec<(String, f64, f64, f64)> = bbox
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("<word "))
        .map(|l| {
            let t = tags(l);
            let num = |k: &str| -> f64 { t[0].attr(k).and_then(|v| v.parse().ok()).expect(k) };
            (
                unescape(&l[t[0].end..t[1].start]),
                num("xMin"),
                num("yMin"),
                num("yMax"),
            )
        })
        .collect();
    let figures = card_figures(&read(&html.join("action-cards.html")));
    let inch = 72.0;
    let mut checked = 0;
    // Avery 5395: labels across then down from (0.6875 in, 0.58333 in), pitch 3.75 x 2.5 in.
    for (label, figure) in figures.iter().take(8).enumerate() {
        let ox = 0.6875 * inch + (label % 2) as f64 * 3.75 * inch;
        let oy = 0.58333 * inch + (label / 2) as f64 * 2.5 * inch;
        for ((x, y, text), joined) in figure.runs.iter().zip(&figure.continues) {
            if *joined {
                continue; // pdftotext reads it as part of the word before
            }
            let first = text.split_whitespace().next().expect("a word");
            let found = pdf_words.iter().any(|(w, x_min, y_min, y_max)| {
                w == first && (x_min - (ox + x)).abs() < 0.05 && *y_min < oy + y && oy + y < *y_max
            });
            assert!(
                found,
                "label {}: \"{first}\" at ({:.2}, {:.2}) on the sheet is not where the PDF prints it",
                label + 1,
                ox + x,
                oy + y
            );
            checked += 1;
        }
    }
    assert!(checked >= 8 * 4, "only {checked} runs compared");
}

#[test]
fn card_links_in_the_prose_point_at_the_cards() {
    let (_dir, html) = build_rules("battlegrid");
    let page = read(&html.join("action-cards.html"));
    let tags = tags(&page);
    let ids: BTreeSet<&str> = tags.iter().filter_map(|t| t.attr("id")).collect();
    let md = project_file("data/battlegrid/rules/action-cards.md");
    let mentioned = md.matches("](card:").count() + md.matches("](<card:").count();
    let card_links: Vec<&Tag> = tags
        .iter()
        .filter(|t| t.name == "a" && t.attr("href").is_some_and(|h| h.starts_with("#card-")))
        .collect();
    assert_eq!(
        card_links.len(),
        mentioned,
        "each card: link becomes a link"
    );
    for link in card_links {
        let target = &link.attr("href").unwrap_or_default()[1..];
        assert!(ids.contains(target), "no element with id {target}");
        // The link's text names the card whose figure it points at.
        let close = page[link.end..].find("</a>").expect("closed link") + link.end;
        let name = text_between(&page, link.end, close);
        let figure = tags
            .iter()
            .find(|t| t.attr("id") == Some(target))
            .expect("target");
        let fig_end = page[figure.end..].find("</figure>").expect("figure end") + figure.end;
        let card_text = text_between(&page, figure.end, fig_end).to_lowercase();
        assert!(
            card_text.contains(&name.trim().to_lowercase()),
            "link \"{}\" points at a card reading {card_text:?}",
            name.trim()
        );
    }
}

/// Every shipped game (a folder of `data/` with a `game.toml`) and the escaping fixture.
fn games_to_check() -> Vec<String> {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let mut games: Vec<String> = fs::read_dir(&data)
        .expect("data/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.join("game.toml").is_file())
        .map(|p| p.file_name().expect("name").to_string_lossy().into_owned())
        .collect();
    games.sort();
    assert!(games.iter().any(|g| g == "battlegrid"), "battlegrid ships");
    games.push("tests/fixtures/html-escape".into());
    games
}

/// Every page of every shipped game and the escaping fixture: lang set, one h1 before any other heading and no level
/// skipped, unique ids, `#anchors` and `page.html#anchors` that resolve, and
/// only relative URLs naming files that exist (no request leaves the page).
#[test]
fn pages_are_self_contained_and_well_formed() {
    for game in games_to_check() {
        let game = game.as_str();
        let (_dir, html) = build_rules(game);
        let pages = pages(&html);
        // An index always; a page per rules file for games that have rules text.
        let has_rules = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("data")
            .join(game)
            .join("rules")
            .is_dir();
        let least = if has_rules { 2 } else { 1 };
        assert!(pages.len() >= least, "index (and rules pages) for {game}");
        let ids_of = |p: &Path| -> BTreeSet<String> {
            tags(&read(p))
                .iter()
                .filter_map(|t| t.attr("id").map(str::to_string))
                .collect()
        };
        for page in &pages {
            let text = read(page);
            let name = page.display().to_string();
            assert!(text.starts_with("<!DOCTYPE html>"), "{name}: doctype");
            let tags = tags(&text);
            assert_eq!(tags[0].name, "html");
            assert_eq!(tags[0].attr("lang"), Some("en"), "{name}: lang");
            // Ids are unique.
            let mut seen = BTreeSet::new();
            for id in tags.iter().filter_map(|t| t.attr("id")) {
                assert!(seen.insert(id), "{name}: id {id} twice");
            }
            // Headings in order.
            let levels: Vec<u8> = tags
                .iter()
                .filter(|t| !t.closing && t.name.len() == 2 && t.name.starts_with('h'))
                .filter_map(|t| t.name[1..].parse().ok())
                .collect();
            assert_eq!(levels.first(), Some(&1), "{name}: first heading is h1");
            for pair in levels.windows(2) {
                assert!(pair[1] <= pair[0] + 1, "{name}: heading levels {levels:?}");
            }
            // URLs.
            let mut urls: Vec<String> = tags
                .iter()
                .flat_map(|t| ["href", "src"].into_iter().filter_map(|k| t.attr(k)))
                .map(str::to_string)
                .collect();
            assert!(!urls.is_empty());
            if let Some(sheet) = urls.iter().find(|u| u.ends_with(".css")) {
                let css = read(&html.join(sheet));
                for part in css.split("url(\"").skip(1) {
                    urls.push(part[..part.find('"').expect("closed url")].to_string());
                }
                assert!(css.contains("@font-face"), "fonts served with the page");
            }
            for url in &urls {
                assert!(
                    !url.contains("//") && !url.contains(':'),
                    "{name}: {url} is not a relative URL"
                );
                let (file, anchor) = url.split_once('#').unwrap_or((url, ""));
                let target = if file.is_empty() {
                    page.clone()
                } else {
                    html.join(file)
                };
                assert!(target.is_file(), "{name}: {url} names no file");
                if !anchor.is_empty() {
                    assert!(
                        ids_of(&target).contains(anchor),
                        "{name}: {url} names no element"
                    );
                }
            }
            // Every table has a header row of marked header cells, or else
            // marks the first cell of every row as its header.
            for table in text.split("<table").skip(1) {
                let table = &table[..table.find("</table>").expect("closed table")];
                let head = table
                    .split_once("<thead>")
                    .and_then(|(_, rest)| rest.split_once("</thead>"))
                    .map(|(head, _)| head);
                let rows_headed = table.split("<tr").skip(1).all(|row| {
                    row.trim_start_matches(|c| c != '>')
                        .get(1..)
                        .is_some_and(|r| r.starts_with("<th"))
                });
                assert!(
                    head.is_some_and(|h| h.contains("<tr>") && h.contains("<th")) || rows_headed,
                    "{name}: table without header cells: {}",
                    &table[..table.len().min(300)]
                );
            }
        }
        // The index links every rules page.
        let index = read(&html.join("index.html"));
        for page in &pages {
            let file = page.file_name().expect("name").to_string_lossy();
            assert!(
                file == "index.html" || index.contains(&format!("href=\"{file}\"")),
                "index links {file}"
            );
        }
    }
}

// ---------------------------------------------------------------------------
// Escaping
// ---------------------------------------------------------------------------

/// The elements grogpress writes; data naming any other is shown as text.
const OUR_ELEMENTS: &[&str] = &[
    "html",
    "head",
    "meta",
    "title",
    "link",
    "body",
    "header",
    "nav",
    "main",
    "article",
    "footer",
    "p",
    "a",
    "ul",
    "ol",
    "li",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "em",
    "strong",
    "br",
    "svg",
    "rect",
    "path",
    "text",
    "line",
    "figure",
    "div",
    "dl",
    "dt",
    "dd",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "code",
    "pre",
    "blockquote",
    "hr",
    "sup",
    "section",
    "caption",
    "span",
    "figcaption",
    // The search box, the menu button and the card previews; scripts only
    // as the site's own files (checked below).
    "script",
    "button",
    "input",
    "label",
    "template",
];

/// The only scripts a page loads: the site's own files.
const OUR_SCRIPTS: &[&str] = &["reference.js", "elasticlunr.min.js", "search-index.js"];

#[test]
fn markup_in_data_is_shown_as_text() {
    let (_dir, html) = build_rules("tests/fixtures/html-escape");
    let mut all = String::new();
    for page in pages(&html) {
        let text = read(&page);
        for tag in tags(&text) {
            assert!(
                OUR_ELEMENTS.contains(&tag.name.as_str()),
                "{}: a <{}> element came from the data",
                page.display(),
                tag.name
            );
            for (k, _) in &tag.attrs {
                assert!(!k.starts_with("on"), "an event handler attribute {k}");
            }
            if tag.name == "script" && !tag.closing {
                assert!(
                    tag.attr("src")
                        .is_some_and(|src| OUR_SCRIPTS.contains(&src)),
                    "{}: a script that is not the site's own: {:?}",
                    page.display(),
                    tag.attrs
                );
                assert!(
                    text[tag.end..].starts_with("</script>"),
                    "{}: an inline script",
                    page.display()
                );
            }
        }
        all.push_str(&text);
    }
    let rules = read(&html.join("rules.html"));
    // The card titled <script>alert(1)</script> shows that text on the card.
    let titled: Vec<CardFigure> = card_figures(&rules)
        .into_iter()
        .filter(|f| {
            f.runs
                .iter()
                .any(|(_, _, t)| t == "<script>alert(1)</script>")
        })
        .collect();
    assert_eq!(titled.len(), 2, "both sides' copies show the title as text");
    // The gallery's 4 cards, `card("action/dug-in")` (the first Dug In again,
    // without its id: the gallery holds it), the notes card shown as text, and
    // the notes deck twice (its gallery's id only the first time).
    let figures = card_figures(&rules);
    assert_eq!(figures.len(), 8);
    assert_eq!(rules.matches("id=\"deck-notes\"").count(), 1);
    assert_eq!(rules.matches("<div class=\"deck\"").count(), 3);
    assert_eq!(figures[4].attrs.attr("data-card"), Some("dug-in-red"));
    assert_eq!(figures[4].attrs.attr("id"), None);
    assert_eq!(figures[0].attrs.attr("id"), Some("card-action-dug-in-red"));
    assert!(
        figures[5].runs.is_empty(),
        "a deck without a layout shows text"
    );
    assert!(rules.contains("&lt;script&gt;alert(1)&lt;/script&gt;</text>"));
    // The owner and other data with markup, as text.
    assert!(rules.contains("Blue &amp; &lt;b&gt;Bold&lt;/b&gt;"));
    assert!(rules.contains("&lt;img src=x onerror=alert(3)&gt;"));
    assert!(rules.contains(
        "<strong>Bold</strong> and &lt;i&gt;not italic&lt;/i&gt; &amp; &quot;quoted&quot;"
    ));
    assert!(rules.contains("&lt;script&gt;alert('raw html')&lt;/script&gt;"));
    assert!(all.contains("Minimal &lt;script&gt;alert(&#39;name&#39;)&lt;/script&gt;"));
    // The card link whose text is markup still finds its card.
    assert!(rules.contains(
        "<a href=\"#card-action-script-alert-1-script-red\"><em>&lt;script&gt;alert(1)&lt;/script&gt;</em></a>"
    ));
}

// ---------------------------------------------------------------------------
// Shortcodes, build, determinism
// ---------------------------------------------------------------------------

#[test]
fn a_shortcode_naming_nothing_is_a_located_error() {
    let run = grogpress(&[
        "check",
        "tests/fixtures/bad/dangling-shortcode",
        "--format",
        "json",
    ]);
    assert_eq!(run.status.code(), Some(1), "{}", describe(&run));
    let stdout = String::from_utf8_lossy(&run.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    let file = "\"file\":\"tests/fixtures/bad/dangling-shortcode/rules/rules.md\"";
    for (id, line, column) in [
        ("dangling-shortcode", 5, 9),
        ("dangling-shortcode", 7, 9),
        ("unknown-shortcode", 9, 4),
        ("unsupported-image", 11, 8),
        ("dangling-shortcode", 13, 10),
        ("dangling-shortcode", 15, 15),
    ] {
        let at = format!("\"line\":{line},\"column\":{column},");
        assert!(
            lines.iter().any(|l| l.contains(&format!("\"id\":\"{id}\""))
                && l.contains(file)
                && l.contains(&at)),
            "expected {id} at rules.md:{line}:{column}\n{}",
            describe(&run)
        );
    }
    assert_eq!(lines.len(), 6, "{}", describe(&run));
    // And `rules` writes nothing for a game with errors.
    let dir = tempfile::tempdir().expect("temp dir");
    let run = grogpress(&[
        "rules",
        "tests/fixtures/bad/dangling-shortcode",
        "--out",
        dir.path().to_str().expect("utf-8"),
    ]);
    assert_eq!(run.status.code(), Some(1));
    assert!(!dir.path().join("dangling-shortcode").exists());
}

#[test]
fn build_writes_the_reference_and_rebuilds_identically() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().to_str().expect("utf-8");
    let snapshot = || -> BTreeMap<PathBuf, Vec<u8>> {
        let run = grogpress(&["build", "battlegrid", "--out", out]);
        assert_eq!(run.status.code(), Some(0), "{}", describe(&run));
        let html = dir.path().join("battlegrid/html");
        let mut files = BTreeMap::new();
        for sub in [html.clone(), html.join("fonts")] {
            for e in fs::read_dir(&sub).expect("html folder") {
                let p = e.expect("entry").path();
                if p.is_file() {
                    files.insert(p.clone(), fs::read(&p).expect("read"));
                }
            }
        }
        files
    };
    let first = snapshot();
    let names: Vec<String> = first
        .keys()
        .map(|p| {
            p.strip_prefix(dir.path())
                .expect("inside")
                .display()
                .to_string()
        })
        .collect();
    for expected in [
        "battlegrid/html/index.html",
        "battlegrid/html/action-cards.html",
        "battlegrid/html/style.css",
        "battlegrid/html/fonts/DejaVuSansCondensed.ttf",
        "battlegrid/html/fonts/DejaVuSansCondensed-Bold.ttf",
        "battlegrid/html/fonts/LICENSE-DejaVu.txt",
    ] {
        assert!(
            names.iter().any(|n| n == expected),
            "{expected} in {names:?}"
        );
    }
    // The fonts served are the files of fonts/, byte for byte.
    let font =
        fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("fonts/DejaVuSansCondensed.ttf"))
            .expect("font");
    assert_eq!(
        first[&dir
            .path()
            .join("battlegrid/html/fonts/DejaVuSansCondensed.ttf")],
        font
    );
    // Only the fonts the reference uses are served: each font file is one
    // the stylesheet's @font-face rules load, and each of those is there.
    let css = String::from_utf8_lossy(&first[&dir.path().join("battlegrid/html/style.css")]);
    let fonts: Vec<&String> = names.iter().filter(|n| n.ends_with(".ttf")).collect();
    assert!(!fonts.is_empty());
    for font in &fonts {
        let url = font.trim_start_matches("battlegrid/html/");
        assert!(
            css.contains(&format!("url(\"{url}\")")),
            "{url} is served but unused"
        );
    }
    assert_eq!(css.matches("@font-face {").count(), fonts.len(), "{css}");
    assert!(
        !fonts.iter().any(|f| f.contains("Charis")),
        "the rulebook's book face is not the reference's: {fonts:?}"
    );
    assert!(first == snapshot(), "a rebuild changed the HTML reference");
}

// ---------------------------------------------------------------------------
// Every game: decks drawn from their card templates, results and random tables
// ---------------------------------------------------------------------------

/// The `file` of each `[[key]]` entry of a game's game.toml, as (id, file).
fn game_entries(game: &str, key: &str) -> Vec<(String, String)> {
    let text = project_file(&format!("data/{game}/game.toml"));
    let table = parse_toml(&text, "game.toml");
    if table.get(key).is_none() {
        return Vec::new();
    }
    array_of_tables(&table, key)
        .into_iter()
        .map(|t| {
            (
                str_field(t, "id").expect("id"),
                str_field(t, "file").expect("file"),
            )
        })
        .collect()
}

/// A value of a card as it prints (strings and integers; arrays are not card fields).
fn value_text(v: &DeValue<'_>) -> Option<String> {
    match v {
        DeValue::String(s) => Some(s.to_string()),
        DeValue::Integer(i) => Some(i.as_str().to_string()),
        _ => None,
    }
}

/// The fields a print-and-play card template prints as the value itself
/// (not through a collection's `{name}`), from the game's own
/// `templates/cards/<layout>.toml`.
fn literal_fields(game: &str, layout: &str) -> Vec<String> {
    let text = project_file(&format!("data/{game}/templates/cards/{layout}.toml"));
    let template = parse_toml(&text, "card template");
    array_of_tables(&template, "regions")
        .into_iter()
        .filter(|r| !str_field(r, "format").is_some_and(|f| f.contains("{name}")))
        .filter_map(|r| str_field(r, "field"))
        .collect()
}

#[test]
fn every_card_of_the_print_and_play_decks_appears_with_its_numbers() {
    for (game, page_name) in [
        ("grognards", "grognards.html"),
        ("battlefront", "battlefront.html"),
    ] {
        let (_dir, html) = build_rules(game);
        let page = read(&html.join(page_name));
        let text = project_file(&format!("data/{game}/game.toml"));
        let table = parse_toml(&text, "game.toml");
        let job = array_of_tables(
            table
                .get("publish")
                .and_then(|p| p.get_ref().as_table())
                .expect("publish"),
            "cards",
        )[0];
        let layout = str_field(job, "layout").expect("layout");
        let deck_id = str_field(job, "deck").expect("deck");
        let fields = literal_fields(game, &layout);
        let (_, file) = game_entries(game, "decks")
            .into_iter()
            .find(|(id, _)| *id == deck_id)
            .expect("the published deck");
        let deck_text = project_file(&format!("data/{game}/{file}"));
        let deck = parse_toml(&deck_text, &file);
        let cards = array_of_tables(&deck, "cards");
        let figures: Vec<CardFigure> = card_figures(&page)
            .into_iter()
            .filter(|f| f.attrs.attr("data-deck") == Some(deck_id.as_str()))
            .collect();
        assert!(!cards.is_empty());
        assert_eq!(figures.len(), cards.len(), "{game}: one figure per card");
        for (card, figure) in cards.iter().zip(&figures) {
            let shown = figure.words();
            for field in &fields {
                let Some(value) = card
                    .get(field.as_str())
                    .and_then(|v| value_text(v.get_ref()))
                else {
                    continue;
                };
                for word in words(&value) {
                    assert!(
                        shown.contains(&word),
                        "{game}: card {:?} shows no {word:?} of its {field} {value:?}: {shown:?}",
                        str_field(card, "name")
                    );
                }
            }
        }
    }
}

/// Rolls of `NdM` and how many ways each comes up.
fn roll_ways(dice: &str) -> BTreeMap<i64, u64> {
    let (n, m) = dice.split_once('d').expect("NdM");
    let (n, m): (u32, i64) = (
        if n.is_empty() {
            1
        } else {
            n.parse().expect("N")
        },
        m.parse().expect("M"),
    );
    let mut ways = BTreeMap::from([(0i64, 1u64)]);
    for _ in 0..n {
        let mut next = BTreeMap::new();
        for (sum, w) in &ways {
            for face in 1..=m {
                *next.entry(sum + face).or_insert(0) += w;
            }
        }
        ways = next;
    }
    ways
}

/// Whether a roll as the data writes it ("4 or less", "5-6", "13 or more", "7") holds `roll`.
fn roll_matches(text: &str, roll: i64) -> bool {
    let num = |s: &str| -> i64 { s.trim().parse().expect("a roll number") };
    if let Some(n) = text.strip_suffix(" or less") {
        roll <= num(n)
    } else if let Some(n) = text.strip_suffix(" or more") {
        roll >= num(n)
    } else if let Some((a, b)) = text.split_once('-') {
        (num(a)..=num(b)).contains(&roll)
    } else {
        roll == num(text)
    }
}

/// "5/12 (41.7%)": the chance of a row on an unmodified roll, worked out here.
fn chance_text(dice: &str, roll: &str) -> String {
    let ways = roll_ways(dice);
    let total: u64 = ways.values().sum();
    let hits: u64 = ways
        .iter()
        .filter(|(r, _)| roll_matches(roll, **r))
        .map(|(_, w)| w)
        .sum();
    let gcd = |mut a: u64, mut b: u64| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    let g = gcd(hits, total).max(1);
    let fraction = if hits == 0 {
        "0".to_string()
    } else {
        format!("{}/{}", hits / g, total / g)
    };
    format!("{fraction} ({:.1}%)", hits as f64 * 100.0 / total as f64)
}

/// The `<table>` of a page whose caption starts with `title`, as the text of each row.
fn table_rows(page: &str, title: &str) -> Vec<String> {
    let at = page
        .find(&format!("<caption>{title}"))
        .unwrap_or_else(|| panic!("no table captioned {title:?}"));
    let start = page[..at].rfind("<table").expect("table start");
    let end = at + page[at..].find("</table>").expect("table end");
    let table = &page[start..end];
    table
        .split("<tr")
        .skip(1)
        .map(|row| {
            let row = &row[..row.find("</tr>").unwrap_or(row.len())];
            // After the rest of the `<tr ...>` tag (a row may have an id).
            let row = &row[row.find('>').map_or(0, |end| end + 1)..];
            words(&text_between(row, 0, row.len())).join(" ")
        })
        .collect()
}

/// Rich text of the data as the page shows it: markup dropped, `\*` a star.
fn shown_text(rich: &str) -> String {
    rich.replace("\\*", "\u{0}")
        .replace('*', "")
        .replace('\u{0}', "*")
}

/// A result cell as a table prints it: the "no result" cell as an en dash.
fn shown_result(rich: &str, none: &str) -> String {
    if rich.trim() == none {
        "\u{2013}".to_owned()
    } else {
        shown_text(rich)
    }
}

#[test]
fn every_row_of_every_results_and_random_table_appears_with_its_chance() {
    let mut checked = 0;
    // The shipped games (the escaping fixture has no tables).
    for game in games_to_check().iter().filter(|g| !g.contains('/')) {
        let game = game.as_str();
        let charts = game_entries(game, "charts");
        let randoms = game_entries(game, "random_tables");
        if charts.is_empty() && randoms.is_empty() {
            continue;
        }
        let (_dir, html) = build_rules(game);
        let pages: String = pages(&html).iter().map(|p| read(p)).collect();
        for (_, file) in &charts {
            let text = project_file(&format!("data/{game}/{file}"));
            let chart = parse_toml(&text, file);
            for block in array_of_tables(&chart, "blocks") {
                if str_field(block, "kind").as_deref() != Some("results") {
                    continue;
                }
                let title = str_field(block, "title").expect("title");
                let dice = str_field(block, "dice").expect("dice");
                let none = str_field(block, "none").unwrap_or_else(|| "-".to_owned());
                let across = block
                    .get("across")
                    .is_some_and(|v| matches!(v.get_ref(), DeValue::Boolean(true)));
                let rows = table_rows(&pages, &unescape_title(&title));
                let all = rows.join(" | ");
                for row in array_of_tables(block, "rows") {
                    let roll = str_field(row, "roll").expect("roll");
                    let results: Vec<String> = row
                        .get("results")
                        .and_then(|r| r.get_ref().as_array())
                        .expect("results")
                        .iter()
                        .filter_map(|v| value_text(v.get_ref()))
                        .map(|r| shown_result(&r, &none))
                        .collect();
                    let chance = chance_text(&dice, &roll);
                    if across {
                        for part in results.iter().chain([&roll, &chance]) {
                            assert!(all.contains(part.as_str()), "{title}: {part:?} in {all}");
                        }
                    } else {
                        let expected = format!("{roll} {} {chance}", results.join(" "));
                        assert!(
                            rows.contains(&expected),
                            "{game} {title}: no row {expected:?} in {rows:#?}"
                        );
                    }
                    checked += 1;
                }
            }
        }
        for (_, file) in &randoms {
            let text = project_file(&format!("data/{game}/{file}"));
            let table = parse_toml(&text, file);
            let name = str_field(&table, "name").expect("name");
            let dice = str_field(&table, "roll").expect("roll");
            let rows = table_rows(&pages, &name);
            assert_eq!(rows[0], format!("{dice} Result Chance"), "{name} header");
            for row in array_of_tables(&table, "rows") {
                let roll = str_field(row, "roll").expect("roll");
                let result = str_field(row, "result").expect("result");
                let expected = format!("{roll} {result} {}", chance_text(&dice, &roll));
                assert!(
                    rows.contains(&expected),
                    "{game} {name}: no row {expected:?} in {rows:#?}"
                );
                checked += 1;
            }
        }
    }
    println!("{checked} table rows checked");
    assert!(checked > 30, "only {checked} rows checked");
}

/// A title as the page writes it in a caption (escaped).
fn unescape_title(title: &str) -> String {
    title
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Every page of the reference links the PDFs the build made, each with
/// its size as the file on disk has it ("Rulebook (PDF, 412 KB)"), and
/// only those: a game of rules and one chart links the rulebook and the
/// charts, and nothing else.
#[test]
fn every_page_links_the_pdfs_built_with_their_sizes() {
    let dir = TempDir::new().expect("temp dir");
    let game = dir.path().join("linked");
    fs::create_dir_all(game.join("rules")).expect("rules folder");
    fs::write(
        game.join("game.toml"),
        r#"name = "Linked"
rules = ["rules/rules.md"]

[[charts]]
id = "turn"
file = "turn.toml"
"#,
    )
    .expect("game.toml");
    fs::write(
        game.join("turn.toml"),
        r#"title = "Turn"

[[blocks]]
kind = "checklist"
id = "turn-sequence"
title = "Turn Sequence"

[[blocks.sections]]
heading = "Movement Phase"
numbering = "none"
steps = [{ text = "Move every unit." }]
"#,
    )
    .expect("turn.toml");
    fs::write(
        game.join("rules/rules.md"),
        "# Play\n\nRoll on the chart.\n",
    )
    .expect("rules");
    let out = dir.path().join("out");
    let run = grogpress(&[
        "build",
        game.to_str().expect("utf-8"),
        "--out",
        out.to_str().expect("utf-8"),
    ]);
    assert!(run.status.success(), "{}", describe(&run));
    let built = out.join("linked");
    let charts_pdf = fs::read_dir(&built)
        .expect("the game's folder")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".pdf"))
        .collect::<BTreeSet<_>>();
    assert_eq!(
        charts_pdf,
        BTreeSet::from(["charts.pdf".to_string(), "linked-rules.pdf".to_string()]),
        "{}",
        describe(&run)
    );
    let size = |name: &str| {
        let bytes = fs::metadata(built.join(name))
            .unwrap_or_else(|e| panic!("{name}: {e}\n{}", describe(&run)))
            .len() as f64;
        if bytes < 1024.0 * 1024.0 {
            format!("{} KB", (bytes / 1024.0).round().max(1.0))
        } else {
            format!("{:.1} MB", bytes / (1024.0 * 1024.0))
        }
    };
    let rulebook = format!(
        "<a href=\"../linked-rules.pdf\">Rulebook (PDF, {})</a>",
        size("linked-rules.pdf")
    );
    let charts = format!(
        "<a href=\"../charts.pdf\">Charts &amp; Tables (PDF, {})</a>",
        size("charts.pdf")
    );
    let mut pages = 0;
    for entry in fs::read_dir(built.join("html")).expect("html folder") {
        let path = entry.expect("an entry").path();
        if path.extension().is_none_or(|e| e != "html") {
            continue;
        }
        let page = fs::read_to_string(&path).expect("a page");
        assert!(page.contains(&rulebook), "{}: {rulebook}", path.display());
        assert!(page.contains(&charts), "{}: {charts}", path.display());
        let links = page.matches("href=\"../").count();
        assert_eq!(links, 2, "only the PDFs built: {}", path.display());
        assert!(
            !page.contains("<!--grogpress-pdfs-->"),
            "{}",
            path.display()
        );
        pages += 1;
    }
    assert!(pages >= 3, "{pages} pages");
}

/// The whole-book page is titled once by the game's name.
#[test]
fn the_print_page_names_the_game_once() {
    let dir = TempDir::new().expect("temp dir");
    let game = dir.path().join("linked");
    fs::create_dir_all(game.join("rules")).expect("rules folder");
    fs::write(
        game.join("game.toml"),
        "name = \"Linked\"\nrules = [\"rules/rules.md\"]\n",
    )
    .expect("game.toml");
    fs::write(game.join("rules/rules.md"), "# Play\n\nRoll.\n").expect("rules");
    let out = dir.path().join("out");
    let run = grogpress(&[
        "build",
        game.to_str().expect("utf-8"),
        "--out",
        out.to_str().expect("utf-8"),
    ]);
    assert!(run.status.success(), "{}", describe(&run));
    let page = fs::read_to_string(out.join("linked/html/print.html")).expect("print.html");
    assert!(page.contains("<title>Linked</title>"), "{page}");
}
