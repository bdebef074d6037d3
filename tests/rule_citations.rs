//! Rule numbers cited in a chart's text link to the table that carries the
//! rule, and a rule number finds its table in the search: a game written
//! here (not numbered rules, as a chart set printed apart from its rulebook)
//! whose modifiers cite "(7.2)", "see 7.2c" and "(9.9)", which no table
//! carries; built with the real binary, the HTML read back.

mod support;

use std::fs;

use support::grogpress;
use support::hero_game::write;

const GAME: &str = r#"name = "Cite Test"
copyright = ["Test."]
rules = ["rules.md"]

[[charts]]
id = "fight"
file = "fight.toml"
"#;

const CHART: &str = r#"title = "Fight"

[[blocks]]
kind = "modifiers"
id = "fight-modifiers"
title = "Fight Modifiers"
[[blocks.sections]]
heading = "Attacker"
entries = [
  { text = "Volley fire (7.2)", value = "+1" },
  { text = "Flank, see 7.2c", value = "+2" },
  { text = "Night (9.9) in 1.5 hexes", value = "-1" },
]

[[blocks]]
kind = "ranges"
id = "volley"
title = "Volley Table (One Die)"
rule = "7.2 & 7.3"
dice = "1d6"
label_header = "Target"
columns = ["Hit"]
rows = [{ label = ["Line"], cells = ["5-6"] }]
"#;

const RULES: &str = "# Cite Test\n\nThe charts.\n\n{{ table(\"fight\") }}\n";

/// Every `<a class="rule-ref" …>N</a>` of a page: (href, number).
fn rule_links(html: &str) -> Vec<(String, String)> {
    html.split("<a class=\"rule-ref\" href=\"")
        .skip(1)
        .map(|rest| {
            let href = rest.split('"').next().unwrap_or_default().to_string();
            let number = rest
                .split_once('>')
                .and_then(|(_, t)| t.split('<').next())
                .unwrap_or_default()
                .to_string();
            (href, number)
        })
        .collect()
}

#[test]
fn cited_rules_link_to_their_table_and_the_search_finds_it_by_number() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = write(
        dir.path(),
        "cite",
        &[
            ("game.toml", GAME.as_bytes()),
            ("fight.toml", CHART.as_bytes()),
            ("rules.md", RULES.as_bytes()),
        ],
    );
    let out = dir.path().join("out");
    let run = grogpress(&[
        "rules",
        game.to_str().expect("utf-8"),
        "--out",
        out.to_str().expect("utf-8"),
    ]);
    assert_eq!(run.code, 0, "{}", run.dump());
    let html = out.join("cite/html");
    let page = fs::read_to_string(html.join("rules.html")).expect("rules.html");

    // The two citations of 7.2 link to the Volley Table; 9.9 (no table's)
    // and the quantity 1.5 stay text; the table's own title is not linked.
    let links = rule_links(&page);
    assert_eq!(
        links,
        vec![
            ("#table-fight-volley".to_string(), "7.2".to_string()),
            ("#table-fight-volley".to_string(), "7.2c".to_string()),
        ],
        "{page}"
    );
    assert!(
        page.contains("id=\"table-fight-volley\""),
        "the link's target exists"
    );
    assert!(page.contains("Night (9.9) in 1.5 hexes"), "{page}");

    // The search knows the table by both rules it carries, at its own anchor.
    let index = fs::read_to_string(html.join("search-index.js")).expect("search index");
    let table_doc = index
        .lines()
        .find(|l| l.contains("\"b\"") && l.contains("Volley Table"))
        .unwrap_or_else(|| panic!("no table document for the Volley Table:\n{index}"));
    assert!(
        table_doc.contains("rules.html#table-fight-volley"),
        "{table_doc}"
    );
    assert!(table_doc.contains("\"7.2 7.3\""), "{table_doc}");
}
