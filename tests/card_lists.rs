//! Card-list reference sheets read back from the real PDFs with `pdftotext
//! -bbox`: every card of the shipped deck appears as a row holding each of its
//! fields (references as the names of the items they name), under the section
//! of its group; the column headings head every page; all text stays inside
//! the margins; `--paper a4` gives A4 pages.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use toml::de::{DeTable, DeValue};

mod support;
use support::tools::tool;

const MARGIN: f64 = 36.0;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Builds the card lists of `game` into `dir`; the PDF of its `cards` deck.
fn card_list(dir: &Path, game: &str, extra: &[&str]) -> PathBuf {
    let out = dir.to_str().expect("UTF-8 temp path");
    let mut args = vec!["cardlist", game, "--out", out];
    args.extend_from_slice(extra);
    let run = support::grogpress(&args);
    assert_eq!(run.code, 0, "{}", run.dump());
    dir.join(game).join("cards-list.pdf")
}

/// Writes `deck` as the deck file of the game folder `game` (its game.toml
/// already there), builds its card list under `dir/out`; the list's PDF.
fn list_of_written_game(dir: &Path, game: &Path, deck: &str) -> PathBuf {
    std::fs::write(game.join("deck.toml"), deck).expect("deck.toml");
    let out = dir.join("out");
    let run = support::grogpress(&[
        "cardlist",
        game.to_str().expect("UTF-8"),
        "--out",
        out.to_str().expect("UTF-8"),
    ]);
    assert_eq!(run.code, 0, "{}", run.dump());
    let name = game.file_name().expect("a folder name");
    out.join(name).join("cards-list.pdf")
}

fn parse(path: &Path) -> DeTable<'static> {
    let text = std::fs::read_to_string(path).expect("read a data file");
    let text: &'static str = Box::leak(text.into_boxed_str());
    DeTable::parse(text).expect("valid TOML").into_inner()
}

fn tables<'a>(t: &'a DeTable<'static>, key: &str) -> Vec<&'a DeTable<'static>> {
    match t.get(key).map(|v| v.get_ref()) {
        Some(DeValue::Array(a)) => a
            .iter()
            .filter_map(|v| match v.get_ref() {
                DeValue::Table(t) => Some(t),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

fn string(t: &DeTable<'static>, key: &str) -> Option<String> {
    match t.get(key).map(|v| v.get_ref()) {
        Some(DeValue::String(s)) => Some(s.to_string()),
        Some(DeValue::Integer(i)) => Some(i.as_str().to_string()),
        _ => None,
    }
}

/// One card as the list should print it: (field name, expected text) in
/// field order.
type Expected = Vec<(String, String)>;

/// The shipped deck `cards` of `game`, each card's fields resolved the way a
/// reader expects them: a reference as its item's name, a reference symbol
/// as its meaning, a missing value as "-".
fn expected_cards(game: &str) -> Vec<Expected> {
    let dir = root().join("data").join(game);
    let game_toml = parse(&dir.join("game.toml"));
    // Collection id → (id/name/alias → name).
    let mut collections: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for c in tables(&game_toml, "collections") {
        let (Some(id), Some(file)) = (string(c, "id"), string(c, "file")) else {
            continue;
        };
        let items = parse(&dir.join(file));
        let mut names = BTreeMap::new();
        for item in tables(&items, "items") {
            let Some(name) = string(item, "name") else {
                continue;
            };
            for key in ["id", "name", "alias"] {
                if let Some(k) = string(item, key) {
                    names.insert(k, name.clone());
                }
            }
        }
        collections.insert(id, names);
    }
    let deck = parse(&dir.join("cards.toml"));
    let fields = tables(&deck, "fields");
    tables(&deck, "cards")
        .into_iter()
        .map(|card| {
            fields
                .iter()
                .map(|f| {
                    let name = string(f, "name").expect("a field has a name");
                    let value = string(card, &name);
                    let shown = match (value, string(f, "to")) {
                        (None, _) => "-".to_string(),
                        (Some(v), Some(to)) => {
                            let symbol = match f.get("symbols").map(|s| s.get_ref()) {
                                Some(DeValue::Table(s)) => string(s, &v),
                                _ => None,
                            };
                            symbol.unwrap_or_else(|| {
                                collections
                                    .get(&to)
                                    .and_then(|c| c.get(&v))
                                    .cloned()
                                    .unwrap_or_else(|| panic!("{game}: {v} names no item of {to}"))
                            })
                        }
                        (Some(v), None) => v,
                    };
                    (name, shown)
                })
                .collect()
        })
        .collect()
}

/// A word and its box, in page points (y down).
#[derive(Clone, Debug)]
struct Word {
    text: String,
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
}

struct PageWords {
    width: f64,
    height: f64,
    words: Vec<Word>,
}

fn attr(tag: &str, name: &str) -> f64 {
    let key = format!("{name}=\"");
    let start = tag.find(&key).expect("attribute") + key.len();
    let end = tag[start..].find('"').expect("closing quote") + start;
    tag[start..end].parse().expect("a number")
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// Every page's words, from `pdftotext -bbox`.
fn words(pdf: &Path) -> Vec<PageWords> {
    let html = tool("pdftotext", &["-bbox", pdf.to_str().expect("path"), "-"]);
    let mut pages = Vec::new();
    for page in html.split("<page ").skip(1) {
        let head = &page[..page.find('>').expect("page tag")];
        let mut words = Vec::new();
        for w in page.split("<word ").skip(1) {
            let close = w.find('>').expect("word tag");
            let end = w.find("</word>").expect("word end");
            let tag = &w[..close];
            words.push(Word {
                text: unescape(&w[close + 1..end]),
                x0: attr(tag, "xMin"),
                y0: attr(tag, "yMin"),
                x1: attr(tag, "xMax"),
                y1: attr(tag, "yMax"),
            });
        }
        pages.push(PageWords {
            width: attr(head, "width"),
            height: attr(head, "height"),
            words,
        });
    }
    pages
}

/// The page's words grouped into lines (words whose middles lie within 4 pt),
/// top to bottom, each left to right.
fn lines(page: &PageWords) -> Vec<Vec<Word>> {
    let mut words = page.words.clone();
    words.sort_by(|a, b| (a.y0 + a.y1).total_cmp(&(b.y0 + b.y1)));
    let mut lines: Vec<Vec<Word>> = Vec::new();
    for w in words {
        let mid = (w.y0 + w.y1) / 2.0;
        match lines.last_mut() {
            Some(line) if (mid - (line[0].y0 + line[0].y1) / 2.0).abs() < 4.0 => line.push(w),
            _ => lines.push(vec![w]),
        }
    }
    for line in &mut lines {
        line.sort_by(|a, b| a.x0.total_cmp(&b.x0));
    }
    lines
}

fn text(line: &[Word]) -> String {
    line.iter()
        .map(|w| w.text.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every card is a row starting with its name and holding each field's
/// text, inside the section band of its group; the header line heads every
/// page; all words lie inside the margins.
fn assert_card_list(game: &str, group_by: &str, section: &str, extra: &[&str]) -> usize {
    let dir = tempfile::tempdir().expect("temp dir");
    let pdf = card_list(dir.path(), game, extra);
    let cards = expected_cards(game);
    let pages = words(&pdf);
    assert!(!pages.is_empty());
    let header = cards[0]
        .iter()
        .map(|(f, _)| {
            let h = f.replace('_', " ");
            let mut c = h.chars();
            c.next()
                .map(|f| f.to_uppercase().chain(c).collect::<String>())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ");
    // Rows in reading order, with the section each lies under.
    let mut rows: Vec<(String, String)> = Vec::new();
    let mut current = String::new();
    for (n, page) in pages.iter().enumerate() {
        let lines = lines(page);
        let texts: Vec<String> = lines.iter().map(|l| text(l)).collect();
        let at = texts
            .iter()
            .position(|t| *t == header)
            .unwrap_or_else(|| panic!("{game} page {}: no header `{header}` in {texts:#?}", n + 1));
        assert!(at <= 2, "{game} page {}: the header heads the page", n + 1);
        for w in &page.words {
            assert!(
                w.x0 >= MARGIN - 0.5
                    && w.x1 <= page.width - MARGIN + 0.5
                    && w.y0 >= MARGIN - 0.5
                    && w.y1 <= page.height - MARGIN + 0.5,
                "{game} page {}: `{}` at ({:.1}, {:.1})-({:.1}, {:.1}) leaves the margins",
                n + 1,
                w.text,
                w.x0,
                w.y0,
                w.x1,
                w.y1
            );
        }
        for t in texts.into_iter().skip(at + 1) {
            if let Some(s) = t.strip_prefix(section) {
                current = s.to_string();
            } else {
                rows.push((t, current.clone()));
            }
        }
    }
    for card in &cards {
        let name = &card[0].1;
        let group = &card
            .iter()
            .find(|(f, _)| f == group_by)
            .expect("the group field")
            .1;
        let matching: Vec<&(String, String)> = rows
            .iter()
            .filter(|(row, _)| {
                row.strip_prefix(name.as_str())
                    .is_some_and(|rest| rest.starts_with(' '))
            })
            .filter(|(row, _)| {
                // The remaining fields follow the name, in column order.
                let mut rest = &row[name.len()..];
                card[1..].iter().all(|(_, v)| match rest.find(v.as_str()) {
                    Some(i) => {
                        rest = &rest[i + v.len()..];
                        true
                    }
                    None => false,
                })
            })
            .collect();
        assert_eq!(
            matching.len(),
            1,
            "{game}: card {card:?} should be exactly one row; rows: {rows:#?}"
        );
        assert!(
            matching[0].1.starts_with(&format!("{group} (")),
            "{game}: {name} lies under section `{}`, not `{group}`",
            matching[0].1
        );
    }
    pages.len()
}

#[test]
fn grognards_lists_every_card_under_its_use() {
    let pages = assert_card_list("grognards", "use", "Use: ", &[]);
    assert!(pages >= 2, "39 cards in sections take more than a page");
}

#[test]
fn battlefront_lists_every_card_under_its_type() {
    let pages = assert_card_list("battlefront", "type", "Type: ", &[]);
    assert!(pages >= 2, "70 cards take more than a page");
}

#[test]
fn letter_by_default_a4_on_request() {
    let dir = tempfile::tempdir().expect("temp dir");
    let size = |pdf: &Path| {
        let info = tool("pdfinfo", &[pdf.to_str().expect("path")]);
        let line = info
            .lines()
            .find_map(|l| l.strip_prefix("Page size:"))
            .expect("Page size:")
            .to_string();
        let nums: Vec<f64> = line
            .split_whitespace()
            .filter_map(|t| t.parse().ok())
            .collect();
        (nums[0], nums[1])
    };
    let letter = size(&card_list(dir.path(), "battlefront", &[]));
    assert!((letter.0 - 612.0).abs() < 0.5 && (letter.1 - 792.0).abs() < 0.5);
    let a4 = size(&card_list(dir.path(), "battlefront", &["--paper", "a4"]));
    assert!(
        (a4.0 - 595.28).abs() < 0.5 && (a4.1 - 841.89).abs() < 0.5,
        "A4 is 595 x 842 pt, got {a4:?}"
    );
    // The A4 list still holds every card under its section, inside the margins.
    assert_card_list("grognards", "use", "Use: ", &["--paper", "a4"]);
}

#[test]
fn units_and_dice_sheet_on_a4() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().to_str().expect("UTF-8 temp path");
    support::grogpress(&["aids", "grid-battles", "--paper", "a4", "--out", out]).exit(0);
    let pdf = dir.path().join("grid-battles/units-and-dice.pdf");
    let pages = words(&pdf);
    assert_eq!(pages.len(), 1);
    assert!((pages[0].width - 595.28).abs() < 0.5 && (pages[0].height - 841.89).abs() < 0.5);
    for w in &pages[0].words {
        assert!(
            w.x1 <= pages[0].width - 36.0 && w.x0 >= 36.0,
            "`{}` leaves the A4 page's margins",
            w.text
        );
    }
    let all: Vec<&str> = pages[0].words.iter().map(|w| w.text.as_str()).collect();
    for unit in ["Archer", "Pikeman", "Knight"] {
        assert!(all.contains(&unit), "{unit} on the A4 sheet");
    }
}

#[test]
fn grouping_by_a_field_the_deck_lacks_is_a_dangling_reference() {
    let (_tmp, dir) = support::temp_game("grognards");
    let path = dir.join("game.toml");
    let text = std::fs::read_to_string(&path).expect("game.toml");
    let text = text.replacen("group_by = \"use\"", "group_by = \"usage\"", 1);
    std::fs::write(&path, &text).expect("write game.toml");
    let run = support::grogpress(&["check", dir.to_str().expect("path"), "--format", "json"]);
    let (line, column) = support::line_col(&text, text.find("\"usage\"").expect("the fault"));
    assert_eq!(run.code, 1, "{}", run.dump());
    assert!(
        run.diags.iter().any(|d| d.id == "dangling-reference"
            && d.file.ends_with("game.toml")
            && (d.line, d.column) == (line, column)),
        "expected dangling-reference at game.toml:{line}:{column}\n{}",
        run.dump()
    );
}

/// Regression (issue 19, a card list written as its pages are laid out): a
/// list of many pages is measured when planned and set a few dozen pages at
/// a time; no row may be lost or doubled where one part ends and the next
/// begins, every page says how many pages there are, and each page after
/// the first carries the continued title.
#[test]
fn a_list_of_many_parts_prints_every_card_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = dir.path().join("long");
    std::fs::create_dir_all(&game).expect("game folder");
    std::fs::write(
        game.join("game.toml"),
        r#"name = "Long List"
[[sides]]
id = "a"
name = "Red"
[[sides]]
id = "b"
name = "Blue"
[[decks]]
id = "cards"
file = "deck.toml"
[[publish.card_lists]]
deck = "cards"
group_by = "owner"
"#,
    )
    .expect("game.toml");
    let effects = [
        "Short.",
        "A longer effect that wraps onto a second line of the list's effect column, at least.",
        "The longest effect of all, written to run over three or four lines of the effect column so that rows differ in height: every unit in the sector is at +1, the defender may retreat one sector, and the card is discarded at the end of the battle.",
    ];
    let mut deck = String::from(
        "name = \"Cards\"\ntitle_field = \"title\"\n[[fields]]\nname = \"title\"\nkind = \"text\"\n[[fields]]\nname = \"effect\"\nkind = \"text\"\n[[fields]]\nname = \"owner\"\nkind = \"ref\"\nto = \"sides\"\n",
    );
    let cards = 2400;
    for n in 0..cards {
        let owner = if n % 3 == 0 { "Red" } else { "Blue" };
        let effect = effects[(n * 7) % effects.len()];
        deck.push_str(&format!(
            "[[cards]]\ntitle = \"Card Q{n:05}\"\neffect = \"{effect}\"\nowner = \"{owner}\"\n"
        ));
    }
    let pdf = list_of_written_game(dir.path(), &game, &deck);
    let pdf = pdf.to_str().expect("UTF-8");
    let info = tool("pdfinfo", &[pdf]);
    let pages: usize = info
        .lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .and_then(|n| n.trim().parse().ok())
        .expect("page count");
    assert!(
        pages > 64,
        "the list spans more than two parts: {pages} pages"
    );
    for page in 1..=pages {
        let p = page.to_string();
        let text = tool("pdftotext", &["-f", &p, "-l", &p, "-layout", pdf, "-"]);
        assert!(
            text.contains(&format!("page {page} of {pages}")),
            "page {page} has its footer:\n{text}"
        );
        assert_eq!(
            text.contains("(continued)"),
            page > 1,
            "page {page}: the continued title on every page after the first"
        );
        assert!(text.contains("Title"), "page {page} repeats the header");
    }
    let text = tool("pdftotext", &["-layout", pdf, "-"]);
    for n in 0..cards {
        let title = format!("Card Q{n:05}");
        assert_eq!(
            text.matches(&title).count(),
            1,
            "{title} is printed exactly once"
        );
    }
}

/// A column of short values beside long text is still as wide as its own
/// heading (it was narrower: a `table-overflow` on the starter deck), and a
/// rich field's `**bold**` is set bold, not printed with its asterisks.
#[test]
fn short_columns_keep_their_headings_and_rich_text_is_set() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = dir.path().join("narrow");
    std::fs::create_dir_all(&game).expect("game folder");
    std::fs::write(
        game.join("game.toml"),
        r#"name = "Narrow"
[[sides]]
id = "a"
name = "Red"
[[decks]]
id = "cards"
file = "deck.toml"
[[publish.card_lists]]
deck = "cards"
"#,
    )
    .expect("game.toml");
    let mut deck = String::from(
        "name = \"Cards\"\ntitle_field = \"title\"\n[[fields]]\nname = \"who\"\nkind = \"text\"\n[[fields]]\nname = \"timing\"\nkind = \"text\"\n[[fields]]\nname = \"title\"\nkind = \"text\"\n[[fields]]\nname = \"effect\"\nkind = \"rich\"\n[[fields]]\nname = \"allegiance\"\nkind = \"ref\"\nto = \"sides\"\n",
    );
    for n in 0..3 {
        deck.push_str(&format!(
            "[[cards]]\nwho = \"Defender Only\"\ntiming = \"Play when attacked, before any rolls are made, in any battle of the turn:\"\ntitle = \"Dug In {n}\"\neffect = \"Ignore the first hit on your units in this battle and every battle fought in the same sector this turn. **Discard** after use.\"\nallegiance = \"Red\"\n"
        ));
    }
    let pages = words(&list_of_written_game(dir.path(), &game, &deck));
    let page = &pages[0];
    let header = lines(page)
        .into_iter()
        .find(|l| l.iter().any(|w| w.text == "Allegiance"))
        .expect("a header line holding the whole heading \"Allegiance\"");
    assert_eq!(
        text(&header),
        "Who Timing Title Effect Allegiance",
        "every heading whole on the header line"
    );
    for pair in header.windows(2) {
        assert!(
            pair[0].x1 < pair[1].x0,
            "headings do not overlap: {} and {}",
            pair[0].text,
            pair[1].text
        );
    }
    assert!(
        page.words.iter().all(|w| !w.text.contains('*')),
        "no asterisks printed"
    );
    assert_eq!(
        page.words.iter().filter(|w| w.text == "Discard").count(),
        3,
        "the bold word of every card is there"
    );
}

/// Grouped by a number, the sections rise 1, 2, 3... whatever order the
/// cards come in (they were in the order first met: 4, 3, 2, 1, 5).
#[test]
fn number_groups_rise() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = dir.path().join("numbers");
    std::fs::create_dir_all(&game).expect("game folder");
    std::fs::write(
        game.join("game.toml"),
        "name = \"Numbers\"\n[[decks]]\nid = \"cards\"\nfile = \"deck.toml\"\n[[publish.card_lists]]\ndeck = \"cards\"\ngroup_by = \"cost\"\n",
    )
    .expect("game.toml");
    let mut deck = String::from(
        "name = \"Cards\"\ntitle_field = \"title\"\n[[fields]]\nname = \"title\"\nkind = \"text\"\n[[fields]]\nname = \"cost\"\nkind = \"int\"\n",
    );
    for (n, cost) in [4, 3, 12, 2, 1, 5, 3].iter().enumerate() {
        deck.push_str(&format!("[[cards]]\ntitle = \"Card {n}\"\ncost = {cost}\n"));
    }
    let pdf = list_of_written_game(dir.path(), &game, &deck);
    let text = tool("pdftotext", &["-layout", pdf.to_str().expect("UTF-8"), "-"]);
    let heads: Vec<i64> = text
        .lines()
        .map(str::trim)
        .filter_map(|l| l.strip_prefix("Cost: "))
        .filter_map(|n| n.split_whitespace().next()?.parse().ok())
        .collect();
    assert_eq!(heads, [1, 2, 3, 4, 5, 12], "section headings rise:\n{text}");
}
