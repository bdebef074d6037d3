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

// --- yes/no fields and frames that depend on a field --------------------------------

const YES_NO_GAME: &str = r##"name = "Yes No"
copyright = ["Test."]

[[decks]]
id = "hero"
file = "heroes.toml"

[[publish.cards]]
deck = "hero"
layout = "hero"
back = "hero-back"

[[publish.card_lists]]
deck = "hero"
"##;

const YES_NO_DECK: &str = r##"name = "Heroes"
title_field = "title"

[[fields]]
name = "title"
kind = "text"

[[fields]]
name = "reinforcement"
kind = "yes-no"
yes = "Arrives later"

[[fields]]
name = "cost"
kind = "int"

[[cards]]
title = "Knight"
reinforcement = true
cost = 3

[[cards]]
title = "Archer"
reinforcement = false
cost = 2
"##;

/// A front with a frame on every card and a 60 x 40 pt one only `when`
/// the card is a reinforcement.
const YES_NO_FRONT: &str = r##"name = "Hero"
family = "sans-condensed"

[[frames]]
left = 4
top = 4
width = 172
height = 244

[[frames]]
left = 100
top = 180
width = 60
height = 40
stroke = 2
when = "reinforcement"

[[regions]]
field = "title"
left = 12
top = 20
width = 156
height = 24
size = 14

[[regions]]
field = "reinforcement"
left = 12
top = 60
width = 156
height = 20
size = 11
format = "{} (turn 3)"

[[regions]]
field = "cost"
left = 12
top = 100
width = 156
height = 20
size = 11
format = "Cost {}*"
"##;

fn yes_no_game(dir: &Path, deck: &str, front: &str) -> PathBuf {
    write(
        dir,
        "yn",
        &[
            ("game.toml", YES_NO_GAME.as_bytes()),
            ("heroes.toml", deck.as_bytes()),
            ("templates/cards/hero.toml", front.as_bytes()),
            (
                "templates/cards/hero-back.toml",
                support::hero_game::PLAIN_BACK.as_bytes(),
            ),
        ],
    )
}

/// Each card's SVG (`cards --svg`), by the card's file name.
fn card_svgs(game: &Path, out: &Path) -> Vec<(String, String)> {
    let run = support::grogpress(&[
        "cards",
        game.to_str().expect("path"),
        "--svg",
        "--out",
        out.to_str().expect("path"),
    ]);
    assert_eq!(run.code, 0, "{}", run.dump());
    let mut svgs: Vec<(String, String)> = std::fs::read_dir(out.join("yn/images/hero"))
        .expect("the card images")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "svg") && !p.ends_with("back.svg"))
        .map(|p| {
            let name = p.file_name().expect("a name").to_string_lossy().to_string();
            (name, std::fs::read_to_string(&p).expect("read"))
        })
        .collect();
    svgs.sort();
    svgs
}

#[test]
fn a_yes_no_field_prints_its_yes_text_and_nothing_for_no() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = yes_no_game(tmp.path(), YES_NO_DECK, YES_NO_FRONT);
    let out = tmp.path().join("out");
    support::build_ok(&game, &out);
    let cards = tool(
        "pdftotext",
        &[
            "-layout",
            out.join("yn/hero-cards.pdf").to_str().expect("path"),
            "-",
        ],
    );
    // The yes card prints the field's text in its format, the no card nothing
    // (not even the format); a lone star in a format prints.
    assert_eq!(
        cards.matches("Arrives later (turn 3)").count(),
        1,
        "{cards}"
    );
    assert_eq!(cards.matches("turn 3").count(), 1, "{cards}");
    assert!(
        !cards.contains("true") && !cards.contains("false"),
        "{cards}"
    );
    assert!(
        cards.contains("Cost 3*") && cards.contains("Cost 2*"),
        "{cards}"
    );
    let list = tool(
        "pdftotext",
        &[
            "-layout",
            out.join("yn/hero-list.pdf").to_str().expect("path"),
            "-",
        ],
    );
    let knight = list
        .lines()
        .find(|l| l.contains("Knight"))
        .expect("the Knight's row");
    let archer = list
        .lines()
        .find(|l| l.contains("Archer"))
        .expect("the Archer's row");
    assert!(knight.contains("Arrives later"), "{list}");
    assert!(
        !archer.contains("Arrives") && !archer.contains("no"),
        "{list}"
    );
    // Another text for no.
    let deck = YES_NO_DECK.replace(
        "yes = \"Arrives later\"",
        "yes = \"Arrives later\"\nno = \"At start\"",
    );
    let game = yes_no_game(tmp.path(), &deck, YES_NO_FRONT);
    let out = tmp.path().join("out-no");
    support::build_ok(&game, &out);
    let cards = tool(
        "pdftotext",
        &[
            "-layout",
            out.join("yn/hero-cards.pdf").to_str().expect("path"),
            "-",
        ],
    );
    assert!(cards.contains("At start (turn 3)"), "{cards}");
}

#[test]
fn a_yes_no_value_that_is_not_yes_or_no_is_wrong_type_at_the_value() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let deck = YES_NO_DECK.replace("reinforcement = true", "reinforcement = \"perhaps\"");
    let game = yes_no_game(tmp.path(), &deck, YES_NO_FRONT);
    let run = check(&game);
    let (line, col) = place(&deck, "\"perhaps\"");
    run.expect("error", "wrong-type", "heroes.toml", line, col);
    // In a CSV: yes/no (or true/false), anything else located at its cell.
    let csv_deck = YES_NO_DECK[..YES_NO_DECK.find("[[cards]]").expect("cards")].replace(
        "title_field = \"title\"",
        "title_field = \"title\"\ncards = \"heroes.csv\"",
    );
    let csv = "title,reinforcement,cost\nKnight,yes,3\nArcher,No,2\nScout,maybe,1\n";
    std::fs::write(game.join("heroes.toml"), &csv_deck).expect("write");
    std::fs::write(game.join("heroes.csv"), csv).expect("write");
    let run = check(&game);
    run.expect("error", "wrong-type", "heroes.csv", 4, 7);
    assert_eq!(run.with_id("wrong-type").len(), 1, "{}", run.dump());
    // `yes` on a field of another kind.
    let deck = YES_NO_DECK.replace("kind = \"int\"", "kind = \"int\"\nyes = \"Y\"");
    std::fs::write(game.join("heroes.toml"), &deck).expect("write");
    let run = check(&game);
    let (line, col) = place(&deck, "\"Y\"");
    run.expect("error", "bad-value", "heroes.toml", line, col);
}

/// How many stroked 60 x 40 pt rectangles (the reinforcement box) a card's SVG draws.
fn reinforcement_boxes(svg: &str) -> usize {
    svg.matches("<rect x=\"100\" y=\"180\" width=\"60\" height=\"40\"")
        .count()
}

#[test]
fn a_frame_with_when_is_drawn_only_on_the_cards_it_holds_for() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = yes_no_game(tmp.path(), YES_NO_DECK, YES_NO_FRONT);
    let svgs = card_svgs(&game, &tmp.path().join("out"));
    let boxes: Vec<(&str, usize)> = svgs
        .iter()
        .map(|(name, svg)| (name.as_str(), reinforcement_boxes(svg)))
        .collect();
    assert_eq!(boxes, [("01-knight.svg", 1), ("02-archer.svg", 0)]);
    // The frame on every card is on both.
    assert!(
        svgs.iter()
            .all(|(_, svg)| svg.contains("width=\"172\" height=\"244\""))
    );
    // `equals`: drawn on the card whose title is Archer.
    let front = YES_NO_FRONT.replace(
        "when = \"reinforcement\"",
        "when = \"title\"\nequals = \"Archer\"",
    );
    let game = yes_no_game(tmp.path(), YES_NO_DECK, &front);
    let svgs = card_svgs(&game, &tmp.path().join("out-equals"));
    let boxes: Vec<usize> = svgs
        .iter()
        .map(|(_, svg)| reinforcement_boxes(svg))
        .collect();
    assert_eq!(boxes, [0, 1]);
}

#[test]
fn a_frame_when_naming_no_field_is_a_dangling_reference_at_the_name() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let front = YES_NO_FRONT.replace("when = \"reinforcement\"", "when = \"reinforcements\"");
    let game = yes_no_game(tmp.path(), YES_NO_DECK, &front);
    let run = check(&game);
    let (line, col) = place(&front, "\"reinforcements\"");
    run.expect(
        "error",
        "dangling-reference",
        "templates/cards/hero.toml",
        line,
        col,
    );
}

// --- the terrain effects chart's swatch draws the terrain's icon -----------------------

const TEC_GAME: &str = r##"name = "Tec Walls"
copyright = ["Test."]

[[maps]]
id = "main"
file = "maps/main.toml"
"##;

const TEC_MAP: &str = r##"name = "Oka"
grid = "hex"
columns = 6
rows = 5
cell = "0.75in"
default = "clear"

[[terrain]]
id = "clear"
name = "Clear"
color = "#E8E2C4"
move = { all = 1 }

[[terrain]]
id = "woods"
name = "Woods"
color = "#3E7B3A"
icon = "tree"
move = { all = 2 }

[[cells]]
terrain = "woods"
cells = ["0203"]
"##;

/// The paths of a PDF's first page, as (d, bounds in points from the top-left).
fn page_paths(pdf: &Path) -> Vec<(String, [f64; 4])> {
    let dir = tempfile::tempdir().expect("temp dir");
    let svg = dir.path().join("page.svg");
    let args = [
        "-svg",
        "-f",
        "1",
        "-l",
        "1",
        pdf.to_str().expect("path"),
        svg.to_str().expect("path"),
    ];
    tool("pdftocairo", &args);
    let text = std::fs::read_to_string(&svg).expect("svg");
    text.split("<path")
        .skip(1)
        .filter_map(|element| {
            let element = &element[..element.find('>').unwrap_or(element.len())];
            let attr = |name: &str| {
                let start = element.find(&format!(" {name}=\""))? + name.len() + 3;
                let end = element[start..].find('"')? + start;
                Some(&element[start..end])
            };
            let d = attr("d")?;
            Some((
                d.to_string(),
                support::tools::svg_path_bounds(d, attr("transform")),
            ))
        })
        .collect()
}

/// The chart set of the TEC game with `map`, and its Woods row's words' box.
fn tec_charts(dir: &Path, name: &str, map: &str) -> (Vec<(String, [f64; 4])>, [f64; 4]) {
    let game = write(
        dir,
        name,
        &[
            ("game.toml", TEC_GAME.as_bytes()),
            ("maps/main.toml", map.as_bytes()),
        ],
    );
    let out = dir.join(format!("{name}-out"));
    let run = support::grogpress(&[
        "charts",
        game.to_str().expect("path"),
        "--out",
        out.to_str().expect("path"),
    ]);
    assert_eq!(run.code, 0, "{}", run.dump());
    let pdf = out.join(name).join("charts.pdf");
    let words = &support::tools::word_boxes(&pdf)[0].1;
    let woods = words
        .iter()
        .find(|(w, _)| w == "Woods")
        .map(|(_, b)| *b)
        .expect("the Woods row");
    (page_paths(&pdf), woods)
}

#[test]
fn the_terrain_effects_chart_swatch_draws_the_terrains_icon() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let (with, woods) = tec_charts(tmp.path(), "icon", TEC_MAP);
    let (without, _) = tec_charts(
        tmp.path(),
        "plain",
        &TEC_MAP.replace("icon = \"tree\"\n", ""),
    );
    // What the icon adds: paths in the swatch, left of the word on its row.
    let added: Vec<&[f64; 4]> = with
        .iter()
        .filter(|(d, _)| !without.iter().any(|(e, _)| e == d))
        .map(|(_, b)| b)
        .collect();
    assert!(!added.is_empty(), "the swatch draws the tree");
    for b in &added {
        let (cy, w, h) = ((b[1] + b[3]) / 2.0, b[2] - b[0], b[3] - b[1]);
        assert!(b[2] <= woods[0], "left of the name: {b:?} {woods:?}");
        assert!(
            cy > woods[1] - 6.0 && cy < woods[3] + 6.0,
            "on the row: {b:?} {woods:?}"
        );
        assert!(
            w > 3.0 && h > 3.0 && w < 30.0 && h < 30.0,
            "icon sized: {b:?}"
        );
    }
}

// --- the chart set keeps a table's last two rows, and its note, together -------------------

/// A chart of one modifier list of `rows` entries (`q1q`, `q2q`, ...) and a note under it.
fn long_chart(rows: usize) -> String {
    let entries: Vec<String> = (1..=rows)
        .map(|n| format!("  {{ text = \"q{n}q\", value = \"+1\" }},"))
        .collect();
    format!(
        "title = \"Combat\"\n\n[[blocks]]\nkind = \"modifiers\"\nid = \"mods\"\ntitle = \"Modifiers\"\n\
         [[blocks.sections]]\nheading = \"Attacker\"\nentries = [\n{}\n]\n\n\
         [[blocks]]\nkind = \"notes\"\ntext = [\"zzNotezz under the table.\"]\n",
        entries.join("\n")
    )
}

/// The page (1-based) each word of the chart set is on.
fn word_pages(pdf: &Path) -> Vec<(String, usize)> {
    support::tools::word_boxes(pdf)
        .into_iter()
        .enumerate()
        .flat_map(|(p, (_, words))| words.into_iter().map(move |(w, _)| (w, p + 1)))
        .collect()
}

#[test]
fn the_chart_set_never_leaves_a_tables_last_row_or_its_note_alone_on_a_page() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game_toml = GAME.replace("rule_numbers = true", "rule_numbers = false");
    let (mut broke_before_last, mut broke_before_note) = (false, false);
    // Enough lengths that the page ends at every place near the table's end.
    for rows in 36..=60 {
        let chart = long_chart(rows);
        let game = chart_game(tmp.path(), &game_toml, RULES, &chart);
        let out = tmp.path().join(format!("out-{rows}"));
        let run = support::grogpress(&[
            "charts",
            game.to_str().expect("path"),
            "--out",
            out.to_str().expect("path"),
        ]);
        assert_eq!(run.code, 0, "{}", run.dump());
        let pages = word_pages(&out.join("walls/charts.pdf"));
        let page_of = |word: &str| {
            pages
                .iter()
                .find(|(w, _)| w == word)
                .map(|(_, p)| *p)
                .unwrap_or_else(|| panic!("{word} is printed ({rows} rows)"))
        };
        let (last, before, note) = (
            page_of(&format!("q{rows}q")),
            page_of(&format!("q{}q", rows - 1)),
            page_of("zzNotezz"),
        );
        assert_eq!(
            last, before,
            "{rows} rows: the last row alone on page {last}"
        );
        assert_eq!(note, last, "{rows} rows: the note cut from its table");
        // Every row is printed once.
        for n in 1..=rows {
            page_of(&format!("q{n}q"));
        }
        broke_before_last |= last > 1 && page_of("q1q") < last;
        broke_before_note |= note > 1;
    }
    assert!(
        broke_before_last && broke_before_note,
        "some length breaks near the end"
    );
}
