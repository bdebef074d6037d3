//! Terrain with effects, from a game written here: the terrain effects
//! chart (chart set PDF, the map's HTML page and the rulebook's
//! `table("tec-main")`) and the map's legend (poster, and the sheet after
//! the tiles) read back against the terrain data; `odds` from strengths and
//! the defender's terrain or hex on a ratio and a differential table
//! against hand-computed fractions, the whole table in one call and
//! `--drm -1`; a label moved off the cell codes (positions read from the
//! PDF) and the labels that cannot be; every bad input with its id and
//! line:col.

use std::path::{Path, PathBuf};

mod support;
use support::tools::{BoxedWord, tool, word_boxes};
use support::{build_ok, grogpress, line_col};

const GAME: &str = r#"name = "Oka"
rules = ["rules/rules.md"]

[[sides]]
id = "red"
name = "Red"

[[charts]]
id = "combat"
file = "charts/combat.toml"

[[maps]]
id = "main"
file = "maps/main.toml"
"#;

const RULES: &str = "# Rules\n\n## Terrain\n\n{{ table(\"tec-main\") }}\n";

const MAP: &str = r##"name = "The Oka Crossing"
grid = "hex"
columns = 12
rows = 9
cell = "0.75in"
default = "clear"
move_classes = ["foot", "tracked", "wheeled"]

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
move = { foot = 2, tracked = 3, wheeled = "prohibited" }
shift = -1
effects = { "Line of sight" = "Blocked" }

[[terrain]]
id = "town"
name = "Town"
color = "#B7A9A0"
pattern = "cross"
move = { all = 1 }
shift = -2
drm = -1

[[features]]
id = "river"
name = "River"
color = "#2A6FDB"
move = { foot = "+2", tracked = "+3", wheeled = "prohibited" }
shift = -1

[[cells]]
terrain = "woods"
cells = ["0203..0405", "0907"]

[[cells]]
terrain = "town"
cells = ["0605"]

[[edges]]
feature = "river"
between = [["0505", "0605"], ["0506", "0606"]]

[[labels]]
text = "Oka"
at = "0605"

[[labels]]
text = "Maloarkhangelsk"
at = "0807"
"##;

/// Both tables' legend.
const LEGEND: &str = r#"legend = [
  { code = "AE", text = "Attacker eliminated." },
  { code = "AR", text = "Attacker retreats." },
  { code = "EX", text = "Exchange." },
  { code = "DR", text = "Defender retreats." },
  { code = "DE", text = "Defender eliminated." },
]
"#;

/// The chart set: an odds table and a differential one, each with LEGEND.
fn chart_set() -> String {
    TABLES.replace("@LEGEND@\n", LEGEND)
}

const TABLES: &str = r#"title = "Combat"

[[blocks]]
kind = "results"
id = "crt"
title = "Combat Results Table"
dice = "2d6"
drm = "-3..+3"
columns_by = "odds"
round = "defender"
shift = "-3..+3"
terrain = "main"
below = "AE"
columns = ["1:2", "1:1", "2:1", "3:1", "4:1"]
rows = [
  { roll = "4 or less", results = ["AE", "AE", "AR", "AR", "EX"] },
  { roll = "5-6", results = ["AE", "AR", "AR", "EX", "DR"] },
  { roll = "7-8", results = ["AR", "AR", "EX", "DR", "DR"] },
  { roll = "9-10", results = ["AR", "EX", "DR", "DR", "DE"] },
  { roll = "11 or more", results = ["EX", "DR", "DR", "DE", "DE"] },
]
@LEGEND@

[[blocks]]
kind = "results"
id = "diff"
title = "Differential Table"
dice = "1d6"
drm = "-2..+2"
columns_by = "differential"
shift = "-2..+2"
terrain = "main"
columns = ["-1 or less", "0", "+1", "+2-+3", "+4 or more"]
rows = [
  { roll = "1 or less", results = ["AE", "AR", "AR", "EX", "DR"] },
  { roll = "2-3", results = ["AR", "AR", "EX", "DR", "DR"] },
  { roll = "4-5", results = ["AR", "EX", "DR", "DR", "DE"] },
  { roll = "6 or more", results = ["EX", "DR", "DR", "DE", "DE"] },
]
@LEGEND@
"#;

/// Writes the game with these map and chart files; its folder.
fn game(dir: &Path, map: &str, charts: &str) -> PathBuf {
    let game = dir.join("oka");
    for sub in ["maps", "charts", "rules"] {
        std::fs::create_dir_all(game.join(sub)).expect("mkdir");
    }
    std::fs::write(game.join("game.toml"), GAME).expect("write");
    std::fs::write(game.join("rules/rules.md"), RULES).expect("write");
    std::fs::write(game.join("maps/main.toml"), map).expect("write");
    std::fs::write(game.join("charts/combat.toml"), charts).expect("write");
    game
}

fn built() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = game(tmp.path(), MAP, &chart_set());
    let out = tmp.path().join("out");
    build_ok(&dir, &out);
    (tmp, out.join("oka"))
}

/// The words of a page that sit on the line of `first` (same middle, to a
/// point), left to right, from `first` on.
fn line_of(words: &[BoxedWord], first: &str) -> Vec<String> {
    let Some((_, at)) = words.iter().find(|(w, _)| w == first) else {
        panic!("no word {first} in {words:?}");
    };
    let mid = (at[1] + at[3]) / 2.0;
    let mut on: Vec<&BoxedWord> = words
        .iter()
        .filter(|(_, b)| ((b[1] + b[3]) / 2.0 - mid).abs() < 1.5 && b[0] >= at[0] - 0.5)
        .collect();
    on.sort_by(|a, b| a.1[0].total_cmp(&b.1[0]));
    on.into_iter().map(|(w, _)| w.clone()).collect()
}

/// Each terrain and feature of MAP with what the chart prints for it:
/// foot, tracked, wheeled, column shift, DRM, line of sight.
const TEC_ROWS: [(&str, [&str; 6]); 4] = [
    ("Clear", ["1", "1", "1", "—", "—", "—"]),
    ("Woods", ["2", "3", "P", "−1", "—", "Blocked"]),
    ("Town", ["1", "1", "1", "−2", "−1", "—"]),
    ("River", ["+2", "+3", "P", "−1", "—", "—"]),
];

#[test]
fn the_terrain_effects_chart_prints_the_terrain_data_in_the_chart_set() {
    let (_tmp, out) = built();
    let pages = word_boxes(&out.join("charts.pdf"));
    let words: Vec<BoxedWord> = pages.into_iter().flat_map(|(_, w)| w).collect();
    let text: Vec<&str> = words.iter().map(|(w, _)| w.as_str()).collect();
    let joined = text.join(" ");
    assert!(joined.contains("Terrain Effects Chart"), "{joined}");
    assert_eq!(
        line_of(&words, "Foot"),
        [
            "Foot", "Tracked", "Wheeled", "Column", "shift", "DRM", "Line", "of", "sight"
        ]
    );
    for (name, cells) in TEC_ROWS {
        let mut expected = vec![name.to_string()];
        // pdftotext reads the minus sign as a hyphen.
        expected.extend(cells.iter().map(|c| c.replace('−', "-")));
        assert_eq!(line_of(&words, name), expected, "row {name}");
    }
    assert!(joined.contains("P: prohibited."), "{joined}");
}

#[test]
fn the_legend_prints_each_terrain_with_its_effects_on_the_poster_and_after_the_tiles() {
    let (_tmp, out) = built();
    let summaries = [
        ("Clear", "Move: 1"),
        ("Woods", "Move: foot 2, tracked 3, wheeled P"),
        ("Town", "Move: 1 · Combat: −2 columns, −1 DRM"),
        ("River", "Move: foot +2, tracked +3, wheeled P"),
    ];
    let poster = tool(
        "pdftotext",
        &[out.join("main-map.pdf").to_str().expect("path"), "-"],
    );
    assert!(poster.contains("Terrain Key"), "{poster}");
    for (name, summary) in summaries {
        assert!(poster.contains(name), "{name} in {poster}");
        assert!(poster.contains(summary), "{summary} in {poster}");
    }
    assert!(poster.contains("Line of sight: Blocked"), "{poster}");
    // The legend is under the map: below every cell code.
    let pages = word_boxes(&out.join("main-map.pdf"));
    let words = &pages[0].1;
    let key = words.iter().find(|(w, _)| w == "Key").expect("Key");
    let lowest_code = words
        .iter()
        .filter(|(w, _)| w.len() == 4 && w.bytes().all(|b| b.is_ascii_digit()))
        .map(|(_, b)| b[3])
        .fold(0.0, f64::max);
    assert!(key.1[1] > lowest_code, "legend at {:?}", key.1);
    // The tiles end with a sheet of the legend.
    let tiles = word_boxes(&out.join("main-map-tiles.pdf"));
    let last: Vec<&str> = tiles
        .last()
        .expect("a page")
        .1
        .iter()
        .map(|(w, _)| w.as_str())
        .collect();
    let last = last.join(" ");
    assert!(last.contains("Terrain Key"), "{last}");
    for (name, _) in summaries {
        assert!(last.contains(name), "{name} on the legend sheet: {last}");
    }
}

#[test]
fn the_html_reference_shows_the_terrain_effects_chart() {
    let (_tmp, out) = built();
    let page = std::fs::read_to_string(out.join("html/map-main.html")).expect("map page");
    let start = page
        .find("id=\"map-effects\"")
        .expect("the effects heading");
    let table = &page[start..page[start..].find("</table>").expect("table end") + start];
    for (name, cells) in TEC_ROWS {
        let row_start = table.find(&format!("{name}</th>")).expect(name);
        let row = &table[row_start..table[row_start..].find("</tr>").expect("row end") + row_start];
        let tds: Vec<&str> = row
            .split("<td>")
            .skip(1)
            .map(|c| c.split("</td>").next().unwrap_or_default())
            .collect();
        assert_eq!(tds, cells, "row {name}");
    }
    let rules = std::fs::read_to_string(out.join("html/rules.html")).expect("rules page");
    assert!(
        rules.contains("Terrain Effects Chart"),
        "table(\"tec-main\") in the rules"
    );
    assert!(rules.contains("Blocked") && rules.contains("Woods"));
}

/// `odds --format json` lines for `args` (words split at spaces): result
/// → fraction.
fn chances(game: &Path, args: &str) -> Vec<(String, String)> {
    let mut all = vec!["odds", game.to_str().expect("path")];
    all.extend(args.split_whitespace());
    all.extend_from_slice(&["--format", "json"]);
    let run = grogpress(&all);
    run.exit(0);
    run.stdout
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("JSON");
            (
                v["result"].as_str().expect("result").to_string(),
                v["fraction"].as_str().expect("fraction").to_string(),
            )
        })
        .collect()
}

fn pairs(expected: &[(&str, &str)]) -> Vec<(String, String)> {
    expected
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

#[test]
fn odds_from_strengths_and_terrain_match_hand_computed_fractions() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = game(tmp.path(), MAP, &chart_set());
    // 12:4 is 3:1; woods shifts one column left, to 2:1; no modifier.
    // 2d6: 2-6 (15 of 36) AR, 7-8 (11) EX, 9-12 (10) DR.
    let got = chances(&dir, "crt --attack 12 --defence 4 --terrain woods");
    assert_eq!(
        got,
        pairs(&[("AR", "5/12"), ("EX", "11/36"), ("DR", "5/18")])
    );
    // 7:2 rounds down to 3:1; the town of 0605 shifts two left, to 1:1, and
    // gives -1, with the players' -1 a net -2: rolls 2-6 (15) are 4 or less
    // (AE), 7-10 (18) 5-8 (AR), 11-12 (3) 9-10 (EX).
    let got = chances(&dir, "crt --attack 7 --defense 2 --hex 0605 --drm -1");
    assert_eq!(got, pairs(&[("AE", "5/12"), ("AR", "1/2"), ("EX", "1/12")]));
    // With the river too, three columns left: 1:2.
    let got = chances(
        &dir,
        "crt --attack 7 --defence 2 --terrain town --terrain river",
    );
    // Net -1: rolls 2-7 (21 of 36) read 6 or less (AE), 8-11 (14) 7-10 (AR), 12 (1) 11 (EX).
    assert_eq!(
        got,
        pairs(&[("AE", "7/12"), ("AR", "7/18"), ("EX", "1/36")])
    );
    // Differential: 9 - 6 = +3, on +2-+3; woods: one left, +1. 1d6: 1 AR, 2-3 EX, 4-6 DR.
    let got = chances(&dir, "diff --attack 9 --defence 6 --terrain woods");
    assert_eq!(got, pairs(&[("AR", "1/6"), ("EX", "1/3"), ("DR", "1/2")]));
    // 4 - 6 = -2, on -1 or less; the town shifts two left, past the table
    // (resolved on its first column); net +2 - 1 = +1: rolls 1-4 (2-5) AR, 5-6 (6-7) EX.
    let got = chances(&dir, "diff --attack 4 --defence 6 --terrain town --drm +2");
    assert_eq!(got, pairs(&[("AR", "2/3"), ("EX", "1/3")]));
    // The documented `--drm -1` form, with a column typed.
    let run = grogpress(&[
        "odds",
        dir.to_str().expect("path"),
        "crt",
        "--column",
        "2:1",
        "--drm",
        "-1",
    ]);
    run.exit(0);
    assert!(run.stdout.contains("net modifier -1"), "{}", run.dump());
    assert!(!run.stdout.contains("net modifier +0"), "{}", run.dump());
    // Past the table's shifts, an unknown terrain, a hex off the map: exit 2.
    for args in [
        "diff --attack 4 --defence 6 --terrain town --terrain river",
        "crt --attack 4 --defence 2 --terrain swamp",
        "crt --attack 4 --defence 2 --hex 1310",
        "crt --attack 4",
    ] {
        let mut all = vec!["odds", dir.to_str().expect("path")];
        all.extend(args.split_whitespace());
        grogpress(&all).exit(2);
    }
}

/// Where a column at a shift lands, a result there and its chance.
type Landed = (String, String, String);

#[test]
fn odds_without_a_column_print_every_column_at_every_shift() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = game(tmp.path(), MAP, &chart_set());
    let run = grogpress(&[
        "odds",
        dir.to_str().expect("path"),
        "diff",
        "--drm",
        "0",
        "--format",
        "json",
    ]);
    run.exit(0);
    let mut cells: std::collections::BTreeMap<(String, i64), Vec<Landed>> = Default::default();
    for line in run.stdout.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("JSON");
        let key = (
            v["column"].as_str().expect("column").to_string(),
            v["shift"].as_i64().expect("shift"),
        );
        cells.entry(key).or_default().push((
            v["lands"].as_str().expect("lands").to_string(),
            v["result"].as_str().expect("result").to_string(),
            v["fraction"].as_str().expect("fraction").to_string(),
        ));
    }
    // 5 columns x shifts -2..+2.
    assert_eq!(cells.len(), 25);
    let s = |a: &str, b: &str, c: &str| (a.to_string(), b.to_string(), c.to_string());
    // 0 shifted +1 is +1: 1 AR, 2-3 EX, 4-6 DR.
    assert_eq!(
        cells[&("0".to_string(), 1)],
        [
            s("+1", "AR", "1/6"),
            s("+1", "EX", "1/3"),
            s("+1", "DR", "1/2")
        ]
    );
    // -1 or less shifted -1 is past the table, resolved on its first column.
    assert_eq!(
        cells[&("-1 or less".to_string(), -1)],
        [
            s("below", "AE", "1/6"),
            s("below", "AR", "2/3"),
            s("below", "EX", "1/6")
        ]
    );
    // With a terrain the shift is the terrain's: one per column.
    let run = grogpress(&[
        "odds",
        dir.to_str().expect("path"),
        "diff",
        "--terrain",
        "woods",
    ]);
    run.exit(0);
    assert!(
        run.stdout.contains("every column at shifts -1\n"),
        "{}",
        run.dump()
    );
    assert_eq!(run.stdout.matches('→').count(), 5, "{}", run.dump());
}

/// The box of the word `w` on the first page of a PDF.
fn word<'a>(words: &'a [BoxedWord], w: &str) -> &'a [f64; 4] {
    &words
        .iter()
        .find(|(x, _)| x == w)
        .unwrap_or_else(|| panic!("no {w}"))
        .1
}

#[test]
fn a_label_moves_off_the_cell_codes() {
    let (_tmp, out) = built();
    let pages = word_boxes(&out.join("main-map.pdf"));
    let words = &pages[0].1;
    let codes: Vec<&BoxedWord> = words
        .iter()
        .filter(|(w, _)| w.len() == 4 && w.bytes().all(|b| b.is_ascii_digit()))
        .collect();
    assert_eq!(codes.len(), 12 * 9);
    let overlaps =
        |a: &[f64; 4], b: &[f64; 4]| a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
    for label in ["Oka", "Maloarkhangelsk"] {
        let b = word(words, label);
        for (code, c) in &codes {
            assert!(!overlaps(b, c), "{label} {b:?} covers {code} {c:?}");
        }
    }
    // Maloarkhangelsk is too wide to stay at the middle of 0807 (it would
    // cover 0708 and 0908): it is moved up, between its own code and theirs.
    // 0807's centre: poster margin 36 + 6, flat hexes 54 pt across, column 8
    // half a hex low: 42 + 27 + 6 x 54 + 27 = 420.
    let m = word(words, "Maloarkhangelsk");
    let middle = (m[1] + m[3]) / 2.0;
    assert!(middle < 420.0 - 4.0, "not moved: {m:?}");
    assert!(m[1] > word(words, "0807")[3], "below its own code");
    // Oka clears the codes where it is, at the middle of 0605 (column 6,
    // half a hex low): 42 + 27 + 4 x 54 + 27.
    let oka = word(words, "Oka");
    let centre = 42.0 + 27.0 + 4.0 * 54.0 + 27.0;
    assert!(((oka[1] + oka[3]) / 2.0 - centre).abs() < 4.0, "{oka:?}");
}

/// `check --format json` of a game with this map and charts.
fn check(map: &str, charts: &str) -> (tempfile::TempDir, support::Run) {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = game(tmp.path(), map, charts);
    let run = grogpress(&["check", dir.to_str().expect("path"), "--format", "json"]);
    (tmp, run)
}

/// Where `needle` (the `nth` time, from 0) starts in `text`: line and column.
fn at(text: &str, needle: &str, nth: usize) -> (usize, usize) {
    let offset = text
        .match_indices(needle)
        .nth(nth)
        .unwrap_or_else(|| panic!("no {needle}"))
        .0;
    line_col(text, offset)
}

#[test]
fn labels_that_cannot_clear_the_codes_or_each_other_are_located_errors() {
    // Type 0.4 in tall cannot fit between 0807's code and its neighbours';
    // a third label in 0605 finds no room beside Oka and Krasnaya Polyana
    // (which does: it moves below Oka).
    let map = MAP.replace(
        "text = \"Maloarkhangelsk\"",
        "text = \"Maloarkhangelsk\"\nsize = \"0.4in\"",
    ) + "\n[[labels]]\ntext = \"Krasnaya Polyana\"\nat = \"0605\"\n\n[[labels]]\ntext = \"Novaya Derevnya\"\nat = \"0605\"\n";
    let (_tmp, run) = check(&map, &chart_set());
    run.exit(1);
    let (line, col) = at(&map, "\"Maloarkhangelsk\"", 0);
    run.expect("error", "label-covers-code", "maps/main.toml", line, col);
    let (line, col) = at(&map, "\"Novaya Derevnya\"", 0);
    run.expect("error", "label-overlap", "maps/main.toml", line, col);
    assert_eq!(run.diags.len(), 2, "{}", run.dump());
}

#[test]
fn each_bad_terrain_effect_is_reported_at_its_place() {
    let map = MAP
        .replace(
            "move = { all = 1 }\nshift = -2",
            "move = { all = \"+1\" }\nshift = -2",
        )
        .replace(
            "move = { foot = \"+2\", tracked = \"+3\", wheeled = \"prohibited\" }",
            "move = { foot = 2, tracked = \"+3\", wheeled = \"prohibited\", boats = \"+1\" }",
        )
        .replace(
            "shift = -1\neffects",
            "shift = -25\neffects = { \"Cover\" = 3 }\nnote",
        )
        .replace("pattern = \"cross\"", "pattern = \"cross\"\nmoves = 2")
        .replace(
            "move = { foot = 2, tracked = 3, wheeled = \"prohibited\" }",
            "move = { foot = 2, wheeled = \"prohibited\" }",
        );
    let (_tmp, run) = check(&map, &chart_set());
    run.exit(1);
    let f = "maps/main.toml";
    let expected = [
        ("bad-value", at(&map, "\"+1\" }\nshift = -2", 0)),
        ("bad-value", at(&map, "2, tracked = \"+3\"", 0)),
        ("unknown-move-class", at(&map, "boats", 0)),
        ("bad-value", at(&map, "-25", 0)),
        ("wrong-type", at(&map, "3 }\nnote", 0)),
        ("unknown-field", at(&map, "note", 0)),
        ("unknown-field", at(&map, "moves = 2", 0)),
        ("missing-move-cost", at(&map, "\"woods\"", 0)),
        // The town's only cost did not read, so it has none.
        ("missing-move-cost", at(&map, "\"town\"", 0)),
    ];
    for (id, (line, col)) in expected {
        run.expect("error", id, f, line, col);
    }
    assert_eq!(run.diags.len(), expected.len(), "{}", run.dump());
}

#[test]
fn a_terrain_shift_outside_the_table_and_a_table_naming_no_map_are_located() {
    let charts = chart_set().replacen("shift = \"-3..+3\"", "shift = \"-1..+3\"", 1);
    let (_tmp, run) = check(MAP, &charts);
    run.exit(1);
    // Town's -2 lies outside the odds table's -1..+3.
    let (line, col) = at(MAP, "-2\ndrm", 0);
    run.expect("error", "out-of-range", "maps/main.toml", line, col);
    assert_eq!(run.diags.len(), 1, "{}", run.dump());
    // Town's drm -1 outside a table of no modifiers.
    let charts = chart_set().replacen("drm = \"-2..+2\"\n", "", 1);
    let (_tmp, run) = check(MAP, &charts);
    let (line, col) = at(MAP, "-1\n\n[[features]]", 0);
    run.expect("error", "out-of-range", "maps/main.toml", line, col);
    let charts = chart_set().replacen("terrain = \"main\"", "terrain = \"mian\"", 1);
    let (_tmp, run) = check(MAP, &charts);
    run.exit(1);
    let (line, col) = at(&charts, "\"mian\"", 0);
    run.expect(
        "error",
        "dangling-reference",
        "charts/combat.toml",
        line,
        col,
    );
    assert_eq!(run.diags.len(), 1, "{}", run.dump());
}

/// The first fenced block of `lang` in `text` that starts with `first`.
fn fenced<'a>(text: &'a str, lang: &str, first: &str) -> &'a str {
    let open = format!("```{lang}\n{first}");
    let start = text.find(&open).unwrap_or_else(|| panic!("no {open}")) + lang.len() + 4;
    let end = text[start..].find("```").expect("closed") + start;
    &text[start..end]
}

#[test]
fn the_guide_finds_maps_and_crt_and_its_examples_check_and_print_what_it_says() {
    let map_docs = grogpress(&["docs", "map"]);
    map_docs.exit(0);
    assert!(
        map_docs.stdout.starts_with("## Maps and terrain"),
        "{}",
        map_docs.dump()
    );
    let crt_docs = grogpress(&["docs", "crt"]);
    crt_docs.exit(0);
    assert!(
        crt_docs
            .stdout
            .starts_with("## Combat tables and odds (CRT)"),
        "{}",
        crt_docs.dump()
    );
    let map = fenced(&map_docs.stdout, "toml", "# maps/main.toml");
    let charts = fenced(&crt_docs.stdout, "toml", "# charts/combat.toml");
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = game(tmp.path(), map, charts);
    let run = grogpress(&["check", dir.to_str().expect("path"), "--format", "json"]);
    run.exit(0);
    assert!(run.diags.is_empty(), "{}", run.dump());
    // The run the guide shows prints what the guide says.
    let shown = fenced(&crt_docs.stdout, "text", "$ grogpress odds");
    let (command, printed) = shown.split_once('\n').expect("a command line");
    let args: Vec<&str> = command.split_whitespace().skip(3).collect();
    let mut all = vec!["odds", dir.to_str().expect("path")];
    all.extend_from_slice(&args[1..]);
    assert_eq!(args[..2], ["oka", "crt"]);
    let run = grogpress(&all);
    run.exit(0);
    assert_eq!(run.stdout, printed, "{}", run.dump());
}

#[test]
fn a_map_answers_what_entering_a_cell_costs_each_class() {
    use grogpress::model::terrain::MoveCost;
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = game(tmp.path(), MAP, &chart_set());
    let mut sources = grogpress::diag::Sources::default();
    let mut diags = grogpress::diag::Diagnostics::default();
    let game = grogpress::load::load_game(&dir, &mut sources, &mut diags)
        .expect("loads")
        .expect("a game");
    let map = &game.maps[0];
    let cell = |code: &str| map.cell_by_code(code).expect(code);
    // 0304 is woods, 0605 town, 0101 clear (the default).
    assert_eq!(
        map.move_cost(None, cell("0304"), "tracked"),
        Some(MoveCost::Cost(3))
    );
    assert!(map.prohibits(cell("0304"), "wheeled"));
    assert!(!map.prohibits(cell("0304"), "foot"));
    assert_eq!(
        map.move_cost(None, cell("0605"), "wheeled"),
        Some(MoveCost::Cost(1))
    );
    assert_eq!(
        map.move_cost(None, cell("0101"), "foot"),
        Some(MoveCost::Cost(1))
    );
    assert_eq!(map.cell_by_code("0304"), Some((2, 3)));
    assert_eq!(map.cell_by_code("3,4"), Some((2, 3)));
    assert_eq!(map.cell_by_code("1310"), None);
}
