//! Living rules (`--changes-since`, `errata`): a game written here in two
//! folders, the second with one card field, one table cell and one sentence
//! changed; `diff` names exactly those three, the rulebook has a bar in the
//! margin beside exactly their lines (bars found as red pixels of the
//! rendered page, lines as pdftotext's word boxes), the errata sheet shows
//! exactly those three, and the HTML reference lists and highlights them.

mod support;

use std::path::{Path, PathBuf};

use support::tools::{tool, tool_bytes, word_boxes};

const GAME_TOML: &str = "name = \"Errata Test\"\ncopyright = [\"Test.\"]\nrules = [\"rules.md\"]\n\n[[decks]]\nid = \"orders\"\nfile = \"orders.toml\"\n\n[[random_tables]]\nid = \"weather\"\nfile = \"weather.toml\"\n\n[[publish.cards]]\ndeck = \"orders\"\nlayout = \"plain\"\nback = \"back\"\n";

const ORDERS: &str = "name = \"Orders\"\ntitle_field = \"title\"\n\n[[fields]]\nname = \"title\"\nkind = \"text\"\n\n[[fields]]\nname = \"text\"\nkind = \"rich\"\n\n[[cards]]\ntitle = \"Advance\"\ntext = \"Move one unit two hexes.\"\n\n[[cards]]\ntitle = \"Hold\"\ntext = \"No unit moves.\"\n";

const WEATHER: &str = "name = \"Weather\"\nroll = \"1d6\"\n\n[[rows]]\nroll = \"1-2\"\nresult = \"Clear\"\n\n[[rows]]\nroll = \"3-4\"\nresult = \"Rain\"\n\n[[rows]]\nroll = \"5-6\"\nresult = \"Storm\"\n";

const RULES: &str = "# Errata Test\n\n## Movement\n\nEach unit may move in the movement phase. A hex costs one movement point.\n\nRivers cost one more point to cross.\n\n## Combat\n\nAttack adjacent units only.\n\nRetreats are always optional.\n\n## Weather\n\n{{ table(\"weather\") }}\n\n## Orders\n\n{{ deck(\"orders\") }}\n";

/// The game as first printed in `dir/v1/errata-test`, and changed in
/// `dir/v2/errata-test`: (old folder, new folder).
fn two_versions(dir: &Path) -> (PathBuf, PathBuf) {
    let write = |game: &Path, orders: &str, weather: &str, rules: &str| {
        std::fs::create_dir_all(game).expect("game folder");
        for (name, text) in [
            ("game.toml", GAME_TOML),
            ("orders.toml", orders),
            ("weather.toml", weather),
            ("rules.md", rules),
        ] {
            std::fs::write(game.join(name), text).expect("write");
        }
    };
    let old = dir.join("v1/errata-test");
    let new = dir.join("v2/errata-test");
    write(&old, ORDERS, WEATHER, RULES);
    write(
        &new,
        &ORDERS.replace("Move one unit two hexes.", "Move one unit three hexes."),
        &WEATHER.replace("\"Rain\"", "\"Heavy rain\""),
        &RULES.replace(
            "Attack adjacent units only.",
            "Attack adjacent units only, once a turn.",
        ),
    );
    (old, new)
}

fn run_ok(args: &[&str]) -> support::Run {
    let run = support::grogpress(args);
    assert_eq!(run.code, 0, "{}", run.dump());
    run
}

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8")
}

#[test]
fn diff_names_exactly_the_card_field_the_table_cell_and_the_sentence() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let (old, new) = two_versions(tmp.path());
    let out = tmp.path().join("out");
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
/// bar's red in the page's margins (outside `margin` of either side).
fn bar_rows(pdf: &Path, page: usize, margin: usize) -> Vec<usize> {
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
    (0..height)
        .filter(|&y| {
            (0..width)
                .filter(|&x| x < margin || x >= width - margin)
                .any(|x| {
                    let p = &pixels[(y * width + x) * 3..(y * width + x) * 3 + 3];
                    p[0] > 140 && p[1] < 90 && p[2] < 90
                })
        })
        .collect()
}

/// Runs of consecutive rows: (first, last).
fn runs(rows: &[usize]) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = Vec::new();
    for &r in rows {
        match out.last_mut() {
            Some((_, last)) if *last + 1 >= r => *last = r,
            _ => out.push((r, r)),
        }
    }
    out
}

#[test]
fn the_rulebook_has_bars_beside_exactly_the_changed_lines() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let (old, new) = two_versions(tmp.path());
    let out = tmp.path().join("out");
    run_ok(&[
        "rulebook",
        s(&new),
        "--out",
        s(&out),
        "--changes-since",
        s(&old),
    ]);
    let pdf = out.join("errata-test/errata-test-rules.pdf");
    let pages = word_boxes(&pdf);
    let mut barred_lines = Vec::new();
    let mut bars_seen = 0;
    for (n, (_, words)) in pages.iter().enumerate() {
        let bars = runs(&bar_rows(&pdf, n + 1, 40));
        bars_seen += bars.len();
        // Every bar is beside a line of changed words, and no unchanged
        // words stand beside a bar.
        let beside = |w: &[f64; 4]| {
            let mid = (w[1] + w[3]) / 2.0;
            bars.iter()
                .any(|&(a, b)| mid >= a as f64 - 1.0 && mid <= b as f64 + 1.0)
        };
        for (word, edges) in words {
            if beside(edges) {
                barred_lines.push(word.clone());
            }
        }
        for &(a, b) in &bars {
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
    let tmp = tempfile::tempdir().expect("temp dir");
    let (old, new) = two_versions(tmp.path());
    let out = tmp.path().join("out");
    let run = run_ok(&["errata", s(&new), "--out", s(&out), "--since", s(&old)]);
    assert!(run.stderr.contains("3 changes"), "{}", run.dump());
    let pdf = out.join("errata-test/errata.pdf");
    let text = tool("pdftotext", &["-layout", s(&pdf), "-"]);
    assert_eq!(text.matches("Changed:").count(), 3, "{text}");
    for said in [
        "card orders/advance (Advance)",
        "Move one unit two hexes.",
        "Move one unit three hexes.",
        "row weather/3-4",
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
        .find(|l| l.contains("Changed: rules"))
        .expect("the rule's title");
    assert!(line.contains("“Combat”, p. "), "{line}");
    // The card drawn old and new: its title twice in the pictures besides
    // the field table's heading.
    assert!(text.matches("Advance").count() >= 3, "{text}");
    for unchanged in ["Hold", "Storm", "Retreats"] {
        assert!(!text.contains(unchanged), "{unchanged} in:\n{text}");
    }
}

#[test]
fn the_html_reference_lists_and_highlights_the_changes() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let (old, new) = two_versions(tmp.path());
    let out = tmp.path().join("out");
    run_ok(&[
        "rules",
        s(&new),
        "--out",
        s(&out),
        "--changes-since",
        s(&old),
    ]);
    let html = out.join("errata-test/html");
    let read = |name: &str| std::fs::read_to_string(html.join(name)).expect(name);
    let changes = read("changes.html");
    assert_eq!(changes.matches("<section class=\"changed").count(), 3);
    for said in ["Move one unit three hexes.", "Heavy rain", "once a turn."] {
        assert!(changes.contains(said), "{said}");
    }
    assert!(read("index.html").contains("href=\"changes.html\""));
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
