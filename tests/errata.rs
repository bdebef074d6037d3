//! Living rules (`--changes-since`, `errata`): a game written here in two
//! folders, the second with one card field, one table cell and one sentence
//! changed; `diff` names exactly those three, the rulebook has a bar in the
//! margin beside exactly their lines (bars found as red pixels of the
//! rendered page, lines as pdftotext's word boxes), the errata sheet shows
//! exactly those three, and the HTML reference lists and highlights them.

mod support;

use std::path::Path;

use support::editions::{Versions, orders, path as s};
use support::tools::{tool, tool_bytes, word_boxes};

const GAME_TOML: &str = "name = \"Errata Test\"\ncopyright = [\"Test.\"]\nrules = [\"rules.md\"]\n\n[[decks]]\nid = \"orders\"\nfile = \"orders.toml\"\n\n[[random_tables]]\nid = \"weather\"\nfile = \"weather.toml\"\n\n[[publish.cards]]\ndeck = \"orders\"\nlayout = \"plain\"\nback = \"back\"\n";

/// The deck as first printed.
fn orders_v1() -> String {
    orders([
        ("Advance", "Move one unit two hexes."),
        ("Hold", "No unit moves."),
    ])
}

const WEATHER: &str = "name = \"Weather\"\nroll = \"1d6\"\n\n[[rows]]\nroll = \"1-2\"\nresult = \"Clear\"\n\n[[rows]]\nroll = \"3-4\"\nresult = \"Rain\"\n\n[[rows]]\nroll = \"5-6\"\nresult = \"Storm\"\n";

const RULES: &str = "# Errata Test\n\n## Movement\n\nEach unit may move in the movement phase. A hex costs one movement point.\n\nRivers cost one more point to cross.\n\n## Combat\n\nAttack adjacent units only.\n\nRetreats are always optional.\n\n## Weather\n\n{{ table(\"weather\") }}\n\n## Orders\n\n{{ deck(\"orders\") }}\n";

/// Writes the game into `game` with these orders, weather and rules.
fn write_game(game: &Path, orders: &str, weather: &str, rules: &str) {
    support::editions::write_game(
        game,
        &[
            ("game.toml", GAME_TOML),
            ("orders.toml", orders),
            ("weather.toml", weather),
            ("rules.md", rules),
        ],
    );
}

/// The game as first printed (`old`), and changed in one card field, one
/// table cell and one sentence (`new`).
fn two_versions() -> Versions {
    Versions::new("errata-test", |game, new| {
        if !new {
            return write_game(game, &orders_v1(), WEATHER, RULES);
        }
        write_game(
            game,
            &orders_v1().replace("Move one unit two hexes.", "Move one unit three hexes."),
            &WEATHER.replace("\"Rain\"", "\"Heavy rain\""),
            &RULES.replace(
                "Attack adjacent units only.",
                "Attack adjacent units only, once a turn.",
            ),
        );
    })
}

fn run_ok(args: &[&str]) -> support::Run {
    let run = support::grogpress(args);
    assert_eq!(run.code, 0, "{}", run.dump());
    run
}

/// `grogpress COMMAND NEW --out OUT --changes-since OLD`, as it went (0).
fn changes_since(command: &str, new: &Path, out: &Path, old: &Path) -> support::Run {
    run_ok(&[command, s(new), "--out", s(out), "--changes-since", s(old)])
}

/// `grogpress errata NEW --out OUT --since OLD`, as it went (0).
fn errata_since(new: &Path, out: &Path, old: &Path) -> support::Run {
    run_ok(&["errata", s(new), "--out", s(out), "--since", s(old)])
}

#[test]
fn diff_names_exactly_the_card_field_the_table_cell_and_the_sentence() {
    let Versions {
        old,
        new,
        out,
        tmp: _tmp,
    } = two_versions();
    let run = run_ok(&[
        "diff",
        s(&new),
        "--from",
        s(&old),
        "--out",
        s(&out),
        "--format",
        "json",
    ]);
    let doc: serde_json::Value = serde_json::from_str(&run.stdout).expect("json");
    let changes = doc["changes"].as_array().expect("changes");
    let seen: Vec<(String, String, String)> = changes
        .iter()
        .map(|c| {
            let field = &c["fields"][0];
            (
                c["kind"].as_str().unwrap_or_default().to_string(),
                field["old"].as_str().unwrap_or_default().to_string(),
                field["new"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect();
    assert_eq!(
        seen,
        vec![
            (
                "card".to_string(),
                "Move one unit two hexes.".to_string(),
                "Move one unit three hexes.".to_string()
            ),
            (
                "row".to_string(),
                "Rain".to_string(),
                "Heavy rain".to_string()
            ),
            (
                "rule".to_string(),
                "Attack adjacent units only.".to_string(),
                "Attack adjacent units only, once a turn.".to_string()
            ),
        ],
        "{doc:#}"
    );
}

/// The rows of pixels (at 72 dpi: points from the page's top) that have a
/// bar's red in the page's margins (outside `margin` of either side), each
/// with the side it is on (true: the right): (row, right).
fn bar_rows(pdf: &Path, page: usize, margin: usize) -> Vec<(usize, bool)> {
    let n = page.to_string();
    let ppm = tool_bytes("pdftoppm", &["-r", "72", "-f", &n, "-l", &n, s(pdf)]);
    // P6 <width> <height> <max>\n, then RGB bytes.
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while ppm[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !ppm[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(String::from_utf8_lossy(&ppm[start..at]).into_owned());
    }
    at += 1;
    let width: usize = fields[1].parse().expect("width");
    let height: usize = fields[2].parse().expect("height");
    let pixels = &ppm[at..];
    let red = |x: usize, y: usize| {
        let p = &pixels[(y * width + x) * 3..(y * width + x) * 3 + 3];
        p[0] > 140 && p[1] < 90 && p[2] < 90
    };
    let mut rows = Vec::new();
    for y in 0..height {
        if (0..margin).any(|x| red(x, y)) {
            rows.push((y, false));
        }
        if (width - margin..width).any(|x| red(x, y)) {
            rows.push((y, true));
        }
    }
    rows
}

/// Runs of consecutive rows on one side: (first, last, right).
fn runs(rows: &[(usize, bool)]) -> Vec<(usize, usize, bool)> {
    let mut out: Vec<(usize, usize, bool)> = Vec::new();
    for right in [false, true] {
        let mut side: Vec<(usize, usize, bool)> = Vec::new();
        for &(r, _) in rows.iter().filter(|(_, s)| *s == right) {
            match side.last_mut() {
                Some((_, last, _)) if *last + 1 >= r => *last = r,
                _ => side.push((r, r, right)),
            }
        }
        out.extend(side);
    }
    out
}

/// The words that stand beside a bar (in its rows) on every page, and how
/// many bars there are; every bar stands beside some text.
fn barred_words(pdf: &Path) -> (Vec<String>, usize) {
    let pages = word_boxes(pdf);
    let mut barred = Vec::new();
    let mut bars_seen = 0;
    for (n, ((page_width, _), words)) in pages.iter().enumerate() {
        let page_width = *page_width;
        let bars = runs(&bar_rows(pdf, n + 1, 40));
        bars_seen += bars.len();
        // Beside a bar: the words of the lines it stands by, those of its
        // half of the page where the page has two columns there (no word
        // on those lines crosses the middle), else all of them.
        let middle = page_width / 2.0;
        for &(a, b, right) in &bars {
            let line: Vec<&(String, [f64; 4])> = words
                .iter()
                .filter(|(_, w)| {
                    let mid = (w[1] + w[3]) / 2.0;
                    mid >= a as f64 - 1.0 && mid <= b as f64 + 1.0
                })
                .collect();
            let across = line.iter().any(|(_, w)| w[0] < middle && w[2] > middle);
            for (word, w) in line {
                let on_right = (w[0] + w[2]) / 2.0 > middle;
                if across || on_right == right {
                    barred.push(word.clone());
                }
            }
            let mid = (a + b) as f64 / 2.0;
            assert!(
                words
                    .iter()
                    .any(|(_, w)| mid >= w[1] - 3.0 && mid <= w[3] + 3.0),
                "a bar at {a}..{b} on page {} beside no text",
                n + 1
            );
        }
    }
    (barred, bars_seen)
}

#[test]
fn bars_stand_beside_only_the_changed_lines_of_a_paragraph_and_changed_rows_of_a_pipe_table() {
    // A paragraph of many lines with one word changed in its middle, and a
    // pipe table in the Markdown with one cell changed.
    let words: Vec<String> = (1..=90).map(|n| format!("word{n}")).collect();
    let paragraph = words.join(" ");
    let table = "| Terrain | Cost |\n|---|---|\n| Clear | 1 |\n| Forest | 2 |\n| Swamp | 4 |\n";
    let rules = format!(
        "# Errata Test\n\n## Movement\n\n{paragraph}\n\n{table}\n## Combat\n\nAttack adjacent units only.\n"
    );
    let changed = rules
        .replace(" word45 ", " changed45 ")
        .replace("| Forest | 2 |", "| Forest | 3 |");
    let Versions {
        old,
        new,
        out,
        tmp: _tmp,
    } = Versions::new("errata-test", |game, new| {
        write_game(
            game,
            &orders_v1(),
            WEATHER,
            if new { &changed } else { &rules },
        )
    });
    changes_since("rulebook", &new, &out, &old);
    let pdf = out.join("errata-test/errata-test-rules.pdf");
    // The paragraph is set on several lines.
    let pages = word_boxes(&pdf);
    let tops: std::collections::BTreeSet<i64> = pages
        .iter()
        .flat_map(|(_, w)| w.iter())
        .filter(|(w, _)| w.starts_with("word"))
        .map(|(_, e)| e[1].round() as i64)
        .collect();
    assert!(tops.len() >= 5, "the paragraph is on {} lines", tops.len());
    let (barred, bars) = barred_words(&pdf);
    assert!(bars >= 2, "bars: {bars}");
    for word in ["changed45", "Forest", "3"] {
        assert!(
            barred.iter().any(|w| w == word),
            "no bar beside {word:?}: {barred:?}"
        );
    }
    // Only the changed word's line of the paragraph: its first and last
    // lines, and the rows and text around, have none.
    for word in [
        "word1", "word2", "word89", "word90", "Clear", "Swamp", "Terrain", "Attack", "Movement",
    ] {
        assert!(
            !barred.iter().any(|w| w == word),
            "a bar beside unchanged {word:?}: {barred:?}"
        );
    }
    // The reference marks the same row, cell by cell, and the paragraph.
    changes_since("rules", &new, &out, &old);
    let html =
        std::fs::read_to_string(out.join("errata-test/html/rules.html")).expect("rules.html");
    assert_eq!(html.matches("<td class=\"changed\"").count(), 2, "{html}");
    assert!(html.contains("<td class=\"changed\">Forest</td>"), "{html}");
    assert!(!html.contains("<td class=\"changed\">Clear</td>"), "{html}");
    assert_eq!(html.matches("<p class=\"changed\">").count(), 1, "{html}");
    let paragraph_barred = barred
        .iter()
        .filter(|w| w.starts_with("word") || w.starts_with("changed"))
        .count();
    let per_line = words.len() / tops.len();
    assert!(
        paragraph_barred <= per_line * 2,
        "{paragraph_barred} words of the paragraph barred, {per_line} a line: {barred:?}"
    );
}

#[test]
fn the_rulebook_has_bars_beside_exactly_the_changed_lines() {
    let Versions { old, new, out, tmp } = two_versions();
    changes_since("rulebook", &new, &out, &old);
    let pdf = out.join("errata-test/errata-test-rules.pdf");
    let pages = word_boxes(&pdf);
    let (barred_lines, bars_seen) = barred_words(&pdf);
    assert!(bars_seen >= 2, "bars: {bars_seen}");
    for word in ["Attack", "adjacent", "once", "turn.", "Heavy", "rain"] {
        assert!(
            barred_lines.iter().any(|w| w == word),
            "no bar beside {word:?}: {barred_lines:?}"
        );
    }
    for word in ["Retreats", "Rivers", "Each", "Clear", "Storm", "Movement"] {
        assert!(
            !barred_lines.iter().any(|w| w == word),
            "a bar beside unchanged {word:?}: {barred_lines:?}"
        );
    }
    // Without --changes-since, no bars.
    let plain = tmp.path().join("plain");
    run_ok(&["rulebook", s(&new), "--out", s(&plain)]);
    let pdf = plain.join("errata-test/errata-test-rules.pdf");
    for n in 1..=pages.len() {
        assert!(bar_rows(&pdf, n, 40).is_empty(), "a bar on page {n}");
    }
}

#[test]
fn the_errata_sheet_shows_exactly_the_three_changes_old_and_new() {
    let Versions {
        old,
        new,
        out,
        tmp: _tmp,
    } = two_versions();
    let run = errata_since(&new, &out, &old);
    assert!(run.stderr.contains("3 changes"), "{}", run.dump());
    let pdf = out.join("errata-test/errata.pdf");
    let text = tool("pdftotext", &["-layout", s(&pdf), "-"]);
    assert_eq!(text.matches("Changed:").count(), 3, "{text}");
    for said in [
        "Changed: Advance (Orders)",
        "Move one unit two hexes.",
        "Move one unit three hexes.",
        "Changed: Weather: 3-4",
        "Rain",
        "Heavy rain",
        "Attack adjacent units only.",
        "Attack adjacent units only, once a turn.",
    ] {
        assert!(text.contains(said), "no {said:?} in:\n{text}");
    }
    // The changed rule's page in the new rulebook.
    let line = text
        .lines()
        .find(|l| l.contains("Changed: Rules"))
        .expect("the rule's title");
    assert!(line.contains("“Combat”, p. "), "{line}");
    // The card drawn old and new: its title twice in the pictures besides
    // the field table's heading.
    assert!(text.matches("Advance").count() >= 3, "{text}");
    for unchanged in ["Hold", "Storm", "Retreats"] {
        assert!(!text.contains(unchanged), "{unchanged} in:\n{text}");
    }
    // `--from`, as `diff` names the earlier version, gives the same sheet.
    let from = out.join("from");
    run_ok(&["errata", s(&new), "--out", s(&from), "--from", s(&old)]);
    let again = std::fs::read(from.join("errata-test/errata.pdf")).expect("the sheet");
    assert_eq!(again, std::fs::read(&pdf).expect("the sheet"));
}

#[test]
fn the_html_reference_lists_and_highlights_the_changes() {
    let Versions { old, new, out, tmp } = two_versions();
    changes_since("rules", &new, &out, &old);
    let html = out.join("errata-test/html");
    let read = |name: &str| std::fs::read_to_string(html.join(name)).expect(name);
    let changes = read("changes.html");
    assert_eq!(changes.matches("<section class=\"changed").count(), 3);
    for said in ["Move one unit three hexes.", "Heavy rain", "once a turn."] {
        assert!(changes.contains(said), "{said}");
    }
    assert!(read("index.html").contains("href=\"changes.html\""));
    // The highlight is styled, in the light colours and the dark.
    let css = read("style.css");
    for rule in ["p.changed", "td.changed", "section.changed"] {
        assert!(css.contains(rule), "no {rule} in style.css");
    }
    let dark = read("dark.css");
    let dark = &dark[dark.find(":root {").expect("the dark colours")..];
    let dark = &dark[..dark.find('}').expect("their end")];
    assert!(
        css.contains("--changed:") && dark.contains("--changed:"),
        "{dark}"
    );
    assert!(dark.contains("--changed-bar:"), "{dark}");
    let rules = read("rules.html");
    assert_eq!(rules.matches("<p class=\"changed\">").count(), 1, "{rules}");
    assert!(rules.contains("<p class=\"changed\">Attack adjacent units only, once a turn.</p>"));
    // Without --changes-since: no such page, nothing marked.
    let plain = tmp.path().join("plain");
    run_ok(&["rules", s(&new), "--out", s(&plain)]);
    let html = plain.join("errata-test/html");
    assert!(!html.join("changes.html").exists());
    let rules = std::fs::read_to_string(html.join("rules.html")).expect("rules.html");
    assert!(!rules.contains("class=\"changed\""));
}

#[test]
fn the_errata_sheet_and_the_changes_page_speak_the_games_words() {
    let Versions {
        old,
        new,
        out,
        tmp: _tmp,
    } = two_versions();
    let toml = new.join("game.toml");
    let words = "\n[words]\nerrata = \"Druckfehler\"\nerrata_since = \"Druckfehler seit {since}\"\nchanges_since = \"Geändert seit {since}\"\nchanges_many = \"{n} Änderungen.\"\nchange_changed = \"Geändert\"\nwas = \"Vorher\"\nnow = \"Nachher\"\nfield = \"Feld\"\n";
    let text = std::fs::read_to_string(&toml).expect("game.toml");
    // [words] goes before the first array of tables.
    let at = text.find("[[decks]]").expect("decks");
    std::fs::write(&toml, format!("{}{words}\n{}", &text[..at], &text[at..])).expect("write");
    errata_since(&new, &out, &old);
    let pdf = out.join("errata-test/errata.pdf");
    let sheet = tool("pdftotext", &["-layout", s(&pdf), "-"]);
    for said in [
        "Druckfehler seit",
        "3 Änderungen.",
        "Geändert: Advance (Orders)",
        "Vorher",
        "Nachher",
        "Feld",
    ] {
        assert!(sheet.contains(said), "no {said:?} in:\n{sheet}");
    }
    for english in ["errata since", "Changed", "changes.", "Was", "Now", "Field"] {
        assert!(!sheet.contains(english), "{english:?} in:\n{sheet}");
    }
    let info = tool("pdfinfo", &[s(&pdf)]);
    assert!(info.contains("Errata Test — Druckfehler"), "{info}");
    changes_since("rules", &new, &out, &old);
    let html = out.join("errata-test/html");
    let changes = std::fs::read_to_string(html.join("changes.html")).expect("changes.html");
    for said in [
        "Geändert seit",
        "<h2>Geändert: Advance (Orders)</h2>",
        "<h2>Geändert: Weather: 3-4</h2>",
        "<h2>Geändert: Combat</h2>",
        "<th>Vorher</th><th>Nachher</th>",
    ] {
        assert!(changes.contains(said), "no {said:?} in {changes}");
    }
    for english in [
        "Changes since",
        ">Was<",
        ">Now<",
        "changed card",
        "card orders/advance",
    ] {
        assert!(!changes.contains(english), "{english:?} in {changes}");
    }
    let index = std::fs::read_to_string(html.join("index.html")).expect("index.html");
    assert!(
        index.contains("Geändert seit"),
        "the index links the changes page by its title"
    );
}

#[test]
fn the_errata_sheets_card_pictures_are_captioned_was_and_now() {
    let Versions {
        old,
        new,
        out,
        tmp: _tmp,
    } = two_versions();
    errata_since(&new, &out, &old);
    let pdf = out.join("errata-test/errata.pdf");
    let pages = word_boxes(&pdf);
    let words: Vec<&(String, [f64; 4])> = pages.iter().flat_map(|(_, w)| w.iter()).collect();
    // The card's title as drawn on its two pictures: the two lowest.
    let mut titles: Vec<&[f64; 4]> = words
        .iter()
        .filter(|(w, _)| w == "Advance")
        .map(|(_, e)| e)
        .collect();
    titles.sort_by(|a, b| b[1].total_cmp(&a[1]));
    assert!(titles.len() >= 3, "{words:?}");
    let (mut left, mut right) = (titles[0], titles[1]);
    assert!(
        (left[1] - right[1]).abs() < 1.0,
        "the pictures stand side by side"
    );
    if left[0] > right[0] {
        std::mem::swap(&mut left, &mut right);
    }
    let below = |caption: &str| -> Vec<[f64; 4]> {
        words
            .iter()
            .filter(|(w, e)| w == caption && e[1] > left[3])
            .map(|(_, e)| *e)
            .collect()
    };
    let (mut was, mut now) = (below("Was"), below("Now"));
    // The captions: the first of each below the pictures' titles, before
    // the next change's heading.
    let next = words
        .iter()
        .filter(|(w, e)| w == "Changed:" && e[1] > left[3])
        .map(|(_, e)| e[1])
        .fold(f64::MAX, f64::min);
    was.retain(|e| e[1] < next);
    now.retain(|e| e[1] < next);
    assert_eq!(
        (was.len(), now.len()),
        (1, 1),
        "captions under the pictures: {words:?}"
    );
    let mid = |e: &[f64; 4]| (e[0] + e[2]) / 2.0;
    // "Was" under the old card, left of the new one; "Now" under the new.
    assert!(
        mid(&was[0]) < right[0] && mid(&was[0]) > left[0] - 40.0,
        "{was:?} {left:?} {right:?}"
    );
    assert!(mid(&now[0]) > right[0] - 10.0, "{now:?} {right:?}");
    assert!((was[0][1] - now[0][1]).abs() < 1.0, "both on one line");
}

#[test]
fn the_pdf_list_tells_the_rulebook_from_a_pdf_of_the_same_title() {
    // The rulebook's link called as the deck is: "Orders" twice.
    let Versions {
        new,
        out,
        tmp: _tmp,
        ..
    } = two_versions();
    let toml = new.join("game.toml");
    let text = std::fs::read_to_string(&toml).expect("game.toml");
    let at = text.find("[[decks]]").expect("decks");
    let named = format!(
        "{}[words]\npdf_rules = \"Orders\"\n\n{}",
        &text[..at],
        &text[at..]
    );
    std::fs::write(&toml, named).expect("write");
    run_ok(&["build", s(&new), "--out", s(&out)]);
    let index = std::fs::read_to_string(out.join("errata-test/html/index.html")).expect("index");
    let labels: Vec<&str> = index
        .split("<li><a href=\"../")
        .skip(1)
        .filter_map(|l| {
            let words = &l[l.find("\">")? + 2..];
            Some(&words[..words.find(" (PDF, ")?])
        })
        .collect();
    assert!(labels.len() >= 2, "{labels:?}");
    assert!(
        labels.iter().any(|l| l.contains("errata-test-rules.pdf")),
        "{labels:?}"
    );
    let distinct: std::collections::BTreeSet<&&str> = labels.iter().collect();
    assert_eq!(distinct.len(), labels.len(), "{labels:?}");
}

/// A deck of one card in each side's hand, the same title on both, told
/// apart by its `owner` (the deck is `mirrored` on it).
fn mirrored_deck(blue: &str, red: &str) -> String {
    let mut deck = String::from(
        "name = \"Orders\"\ntitle_field = \"title\"\n\n[[fields]]\nname = \"title\"\nkind = \"text\"\n\n[[fields]]\nname = \"text\"\nkind = \"rich\"\n\n[[fields]]\nname = \"owner\"\nkind = \"ref\"\nto = \"sides\"\n\n[constraints]\nmirrored = \"owner\"\n",
    );
    for (owner, text) in [("Blue", blue), ("Red", red)] {
        deck.push_str(&format!(
            "\n[[cards]]\ntitle = \"Lucky Day\"\ntext = \"{text}\"\nowner = \"{owner}\"\n"
        ));
    }
    deck
}

#[test]
fn mirrored_cards_of_one_title_are_named_by_their_owner() {
    let sides =
        "\n[[sides]]\nid = \"blue\"\nname = \"Blue\"\n\n[[sides]]\nid = \"red\"\nname = \"Red\"\n";
    let Versions {
        old,
        new,
        out,
        tmp: _tmp,
    } = Versions::new("errata-test", |game, new| {
        let text = if new {
            "Reroll two dice."
        } else {
            "Reroll one die."
        };
        write_game(game, &mirrored_deck(text, text), WEATHER, RULES);
        let toml = game.join("game.toml");
        let at = GAME_TOML.find("[[decks]]").expect("decks");
        let with_sides = format!("{}{}\n{}", &GAME_TOML[..at], sides, &GAME_TOML[at..]);
        std::fs::write(toml, with_sides).expect("write");
    });
    errata_since(&new, &out, &old);
    let pdf = out.join("errata-test/errata.pdf");
    let sheet = tool("pdftotext", &["-layout", s(&pdf), "-"]);
    let headings: Vec<&str> = sheet
        .lines()
        .filter(|l| l.contains("Changed:"))
        .map(str::trim)
        .collect();
    assert_eq!(
        headings,
        [
            "Changed: Lucky Day, Blue (Orders)",
            "Changed: Lucky Day, Red (Orders)"
        ],
        "{sheet}"
    );
    changes_since("rules", &new, &out, &old);
    let changes =
        std::fs::read_to_string(out.join("errata-test/html/changes.html")).expect("changes.html");
    for said in [
        "<h2>Changed: Lucky Day, Blue (Orders)</h2>",
        "<h2>Changed: Lucky Day, Red (Orders)</h2>",
    ] {
        assert!(changes.contains(said), "no {said:?} in {changes}");
    }
}
