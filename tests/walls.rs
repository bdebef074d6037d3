//! The smaller walls two designers met writing games from the docs alone
//! (issue 43, and issue 37's leftovers), each on a game written here: a
//! chart's `rule` naming no rule of numbered rules, `{{ table("block") }}`
//! naming a chart block, `counter-overflow` at the unit's name, and the
//! rest below. Each test fails without its fix.

use std::path::{Path, PathBuf};

mod support;
use support::hero_game::{place, write};
use support::tools::tool;

/// A game of one chart (`combat`: a fire table then a note) and numbered
/// rules: 1.0 Setup, 2.0 Combat, 2.1 Odds.
const GAME: &str = r##"name = "Walls Test"
copyright = ["Test."]
rules = ["rules.md"]

[[charts]]
id = "combat"
file = "charts/combat.toml"

[publish.options]
rule_numbers = true
"##;

const RULES: &str =
    "# Walls Test\n\n## Setup\n\nSet up.\n\n## Combat\n\nFight.\n\n### Odds\n\nRoll.\n";

const CHART: &str = r##"title = "Combat"
rule = "2.0"

[[blocks]]
kind = "results"
id = "fire"
title = "Fire Table"
rule = "2.1"
dice = "1d6"
cells = "text"
columns = ["Result"]
rows = [
  { roll = "1-3", results = ["Miss"] },
  { roll = "4-6", results = ["Hit"] },
]

[[blocks]]
kind = "notes"
text = ["Roll once per firing unit."]

[[blocks]]
kind = "modifiers"
id = "fire-drm"
title = "Fire Modifiers"
[[blocks.sections]]
heading = "Defender"
entries = [{ text = "Defender in woods", value = "-1" }]
"##;

fn chart_game(dir: &Path, game: &str, rules: &str, chart: &str) -> PathBuf {
    write(
        dir,
        "walls",
        &[
            ("game.toml", game.as_bytes()),
            ("rules.md", rules.as_bytes()),
            ("charts/combat.toml", chart.as_bytes()),
        ],
    )
}

fn check(game: &Path) -> support::Run {
    support::grogpress(&["check", game.to_str().expect("path"), "--format", "json"])
}

// --- A chart's rule names a rule ----------------------------------------------

#[test]
fn a_chart_rule_naming_no_rule_is_an_error_at_the_value() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let chart = CHART.replace("rule = \"2.1\"", "rule = \"9.9\"");
    let game = chart_game(tmp.path(), GAME, RULES, &chart);
    let run = check(&game);
    let (line, col) = place(&chart, "\"9.9\"");
    let d = run.expect(
        "error",
        "unknown-rule-number",
        "charts/combat.toml",
        line,
        col,
    );
    assert!(d.message.contains("9.9"), "{}", run.dump());
    assert!(
        d.hint.as_deref().is_some_and(|h| h.contains("2.1")),
        "the hint lists the numbers: {}",
        run.dump()
    );
    assert_eq!(
        run.with_id("unknown-rule-number").len(),
        1,
        "{}",
        run.dump()
    );
    assert_eq!(run.code, 1, "{}", run.dump());
}

#[test]
fn each_number_of_a_chart_rule_is_checked_and_case_letters_name_their_rule() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let chart = CHART
        .replace("rule = \"2.0\"", "rule = \"2.0 & 3.4\"")
        .replace("rule = \"2.1\"", "rule = \"2.1b\"");
    let game = chart_game(tmp.path(), GAME, RULES, &chart);
    let run = check(&game);
    let (line, col) = place(&chart, "\"2.0 & 3.4\"");
    let d = run.expect(
        "error",
        "unknown-rule-number",
        "charts/combat.toml",
        line,
        col,
    );
    assert!(d.message.contains("3.4"), "{}", run.dump());
    assert_eq!(
        run.with_id("unknown-rule-number").len(),
        1,
        "{}",
        run.dump()
    );
}

#[test]
fn chart_rules_are_checked_against_hand_numbered_headings_and_not_without_numbers() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let chart = CHART.replace("rule = \"2.1\"", "rule = \"9.9\"");
    let unnumbered = GAME.replace("rule_numbers = true", "rule_numbers = false");
    // Rules numbered by hand: 9.9 is a heading's number.
    let by_hand = "# Walls Test\n\n## 2.0 Combat\n\nFight.\n\n## 9.9 Retreat\n\nBack.\n";
    let game = chart_game(tmp.path(), &unnumbered, by_hand, &chart);
    let run = check(&game);
    assert!(
        run.with_id("unknown-rule-number").is_empty(),
        "{}",
        run.dump()
    );
    assert_eq!(run.code, 0, "{}", run.dump());
    // Rules not numbered at all refer to a rulebook printed elsewhere.
    std::fs::write(game.join("rules.md"), RULES).expect("write");
    let run = check(&game);
    assert!(
        run.with_id("unknown-rule-number").is_empty(),
        "{}",
        run.dump()
    );
    // By hand, without 9.9: an error.
    let without = by_hand.replace("9.9 Retreat", "3.0 Retreat");
    std::fs::write(game.join("rules.md"), without).expect("write");
    let run = check(&game);
    let (line, col) = place(&chart, "\"9.9\"");
    run.expect(
        "error",
        "unknown-rule-number",
        "charts/combat.toml",
        line,
        col,
    );
}

// --- {{ table("block id") }} -----------------------------------------------------

#[test]
fn a_table_shortcode_takes_a_chart_block_id_in_the_rulebook_and_the_html() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let rules = format!(
        "{RULES}\n{{{{ table(\"fire-drm\") }}}}\n\nAnd the fire table:\n\n{{{{ table(\"fire\") }}}}\n"
    );
    let game = chart_game(tmp.path(), GAME, &rules, CHART);
    let run = check(&game);
    assert!(
        run.with_id("dangling-shortcode").is_empty(),
        "{}",
        run.dump()
    );
    assert_eq!(run.code, 0, "{}", run.dump());
    let out = tmp.path().join("out");
    support::build_ok(&game, &out);
    let pdf = out.join("walls/walls-rules.pdf");
    let text = tool("pdftotext", &["-layout", pdf.to_str().expect("path"), "-"]);
    // The block, with its rows and the note that follows it in its chart.
    for words in [
        "Fire Table",
        "Miss",
        "Hit",
        "Roll once per firing unit.",
        "Fire Modifiers",
        "Defender in woods",
    ] {
        assert!(text.contains(words), "`{words}` in the rulebook:\n{text}");
    }
    let html = std::fs::read_dir(out.join("walls/html"))
        .expect("the html folder")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "html"))
        .map(|e| std::fs::read_to_string(e.path()).expect("read"))
        .find(|h| h.contains("id=\"table-fire\""))
        .expect("a page shows the block with its anchor");
    for words in ["Fire Table", "Miss", "Hit", "Roll once per firing unit."] {
        assert!(html.contains(words), "`{words}` in the HTML");
    }
    assert!(
        html.contains("id=\"table-fire-drm\""),
        "the other block's anchor"
    );
}

#[test]
fn a_table_shortcode_naming_nothing_lists_the_block_ids() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let rules = format!("{RULES}\n{{{{ table(\"fyre\") }}}}\n");
    let game = chart_game(tmp.path(), GAME, &rules, CHART);
    let run = check(&game);
    let (line, col) = place(&rules, "\"fyre\"");
    let d = run.expect("error", "dangling-shortcode", "rules.md", line, col);
    let hint = d.hint.clone().unwrap_or_default();
    assert!(
        hint.contains("fire") && hint.contains("fire-drm"),
        "{}",
        run.dump()
    );
}

// --- counter-overflow at the unit's name ------------------------------------------

const COUNTER_GAME: &str = r##"name = "Counter Walls"
copyright = ["Test."]

[[sides]]
id = "blue"
name = "Blue"
color = "#A9C8EC"

[[collections]]
id = "units"
file = "units.toml"

[publish.counters]
units = "units"
top_left = "attack"
top_right = "attack"
bottom_left = "move"
bottom_right = "move"

[[publish.counters.sides]]
name = "Blue"
units = { inf = 2, gren = 1 }
"##;

const COUNTER_UNITS: &str = r##"name = "Units"

[[fields]]
name = "attack"
kind = "int"

[[fields]]
name = "move"
kind = "int"

[[items]]
id = "inf"
name = "Infantry"
attack = 2
move = 4

[[items]]
id = "gren"
name = "Panzergrenadierregimentsgefechtsstand Grossdeutschland"
attack = 3
move = 5
"##;

#[test]
fn a_unit_name_too_long_for_its_counter_is_an_error_at_the_name() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = write(
        tmp.path(),
        "cw",
        &[
            ("game.toml", COUNTER_GAME.as_bytes()),
            ("units.toml", COUNTER_UNITS.as_bytes()),
        ],
    );
    let run = check(&game);
    let (line, col) = place(COUNTER_UNITS, "\"Panzergrenadierregiments");
    run.expect("error", "counter-overflow", "units.toml", line, col);
    assert!(
        run.with_id("counter-overflow")
            .iter()
            .all(|d| d.file.ends_with("units.toml")),
        "never at the counts table: {}",
        run.dump()
    );
}
