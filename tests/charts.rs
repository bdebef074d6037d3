//! Charts: the real binary checks chart fixtures (one fault each, exact id
//! and line:col), prints odds that match an independent enumeration of the
//! dice, and writes the BCS chart set whose text (pdftotext) holds every cell
//! of the seed's combat table and stays inside the page margins.

mod support;

use std::path::Path;

use support::grogpress;
use support::tools::{attr, tool};

/// The BCS charts seed, copied from shared/seeds so the test needs nothing
/// outside the repository.
const SEED: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/seeds/003_cc58c3eb168e996a.txt"
);
/// The combat table exactly as the seed prints it (tab-separated); checked
/// against the seed itself where the seed is on the machine.
const SEED_COMBAT_ROWS: &str = "Roll\tLoss?\tRetreat?\tTraffic?
4 or less\tA2\t-\t-
5-6\tA1\t-\t-
7-8\tA1\tD: Situational\tTraffic
9-10\t[A1]\tD: Situational\tTraffic
11-12\tD1\tD: Retreat\t-
13 or more\tD2\tD: Retreat\t-
";

// ---------------------------------------------------------------------------
// Flat JSON objects, as `--format json` prints them (serde_json reads them).

#[derive(Debug, Clone, PartialEq)]
enum Json {
    Str(String),
    Num(f64),
}

/// A flat JSON object (read with serde_json), strings and numbers kept.
fn parse_object(line: &str) -> Vec<(String, Json)> {
    let value: serde_json::Value =
        serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"));
    let object = value
        .as_object()
        .unwrap_or_else(|| panic!("not an object: {line}"));
    object
        .iter()
        .filter_map(|(k, v)| {
            let v = match v {
                serde_json::Value::String(s) => Json::Str(s.clone()),
                serde_json::Value::Number(n) => Json::Num(n.as_f64().unwrap_or(f64::NAN)),
                _ => return None,
            };
            Some((k.clone(), v))
        })
        .collect()
}

fn field<'a>(obj: &'a [(String, Json)], key: &str) -> &'a Json {
    &obj.iter()
        .find(|(k, _)| k == key)
        .unwrap_or_else(|| panic!("no `{key}` in {obj:?}"))
        .1
}

fn str_field(obj: &[(String, Json)], key: &str) -> String {
    match field(obj, key) {
        Json::Str(s) => s.clone(),
        other => panic!("`{key}` is not a string: {other:?}"),
    }
}

fn num_field(obj: &[(String, Json)], key: &str) -> f64 {
    match field(obj, key) {
        Json::Num(n) => *n,
        other => panic!("`{key}` is not a number: {other:?}"),
    }
}

// ---------------------------------------------------------------------------
// Fixtures: each has exactly one fault.

#[test]
fn the_valid_chart_fixture_checks_clean() {
    let run = grogpress(&["check", "tests/fixtures/charts/ok", "--format", "json"]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.trim().is_empty(), "{}", run.stdout);
}

#[test]
fn each_chart_fault_is_reported_once_at_its_place() {
    let cases: &[(&str, &str, usize, usize)] = &[
        ("table-gap", "table-gap", 15, 12),
        ("table-gap-modified", "table-gap", 17, 12),
        ("table-overlap", "table-overlap", 15, 12),
        ("undefined-result-code", "undefined-result-code", 16, 31),
        ("unused-legend-entry", "unused-legend-entry", 24, 12),
        ("bad-die-range", "bad-die-range", 35, 45),
        ("undeclared-symbol", "undeclared-symbol", 62, 44),
        ("bad-modifier-group", "bad-modifier-group", 47, 3),
        ("table-overflow", "table-overflow", 61, 3),
        ("lookup-gap", "lookup-gap", 85, 19),
        ("lookup-overlap", "lookup-overlap", 89, 3),
        ("undeclared-actor", "dangling-reference", 75, 13),
    ];
    for (fixture, id, line, column) in cases {
        let dir = format!("tests/fixtures/charts/{fixture}");
        let run = grogpress(&["check", &dir, "--format", "json"]);
        assert_eq!(
            run.code, 1,
            "{fixture}: exit code\n{}{}",
            run.stdout, run.stderr
        );
        let diags: Vec<Vec<(String, Json)>> = run
            .stdout
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(parse_object)
            .collect();
        assert_eq!(diags.len(), 1, "{fixture}: one diagnostic\n{}", run.stdout);
        let d = &diags[0];
        assert_eq!(str_field(d, "id"), *id, "{fixture}");
        assert_eq!(str_field(d, "severity"), "error", "{fixture}");
        assert!(
            str_field(d, "file").ends_with(&format!("{fixture}/chart.toml")),
            "{fixture}: {d:?}"
        );
        assert_eq!(
            (
                num_field(d, "line") as usize,
                num_field(d, "column") as usize
            ),
            (*line, *column),
            "{fixture}: {d:?}"
        );
    }
}

#[test]
fn gap_and_overlap_messages_name_the_rolls() {
    let gap = grogpress(&[
        "check",
        "tests/fixtures/charts/table-gap-modified",
        "--format",
        "json",
    ]);
    assert!(gap.stdout.contains("rolls 13-15"), "{}", gap.stdout);
    let overlap = grogpress(&[
        "check",
        "tests/fixtures/charts/table-overlap",
        "--format",
        "json",
    ]);
    assert!(overlap.stdout.contains("roll 7"), "{}", overlap.stdout);
    assert!(
        overlap.stdout.contains("\\\"5-7\\\" and \\\"7-8\\\""),
        "{}",
        overlap.stdout
    );
}

// ---------------------------------------------------------------------------
// Odds, against an independent count of the 36 outcomes of two dice.

/// The rows of the seed's combat table: (roll, loss, retreat, traffic).
fn seed_combat_rows() -> Vec<Vec<String>> {
    SEED_COMBAT_ROWS
        .lines()
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

/// Whether a modified roll falls in a row as the chart prints it.
fn in_row(label: &str, roll: i64) -> bool {
    if let Some(n) = label.strip_suffix(" or less") {
        return roll <= n.parse::<i64>().expect("number");
    }
    if let Some(n) = label.strip_suffix(" or more") {
        return roll >= n.parse::<i64>().expect("number");
    }
    match label.split_once('-') {
        Some((a, b)) => (a.parse::<i64>().expect("low")..=b.parse().expect("high")).contains(&roll),
        None => roll == label.parse::<i64>().expect("number"),
    }
}

/// Ways out of 36 that two dice plus `net` land in the row `label`.
fn ways(label: &str, net: i64) -> u64 {
    let mut n = 0;
    for a in 1..=6 {
        for b in 1..=6 {
            if in_row(label, a + b + net) {
                n += 1;
            }
        }
    }
    n
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

fn fraction(ways: u64) -> String {
    let g = gcd(ways, 36).max(1);
    match (ways / g, 36 / g) {
        (0, _) => "0".to_string(),
        (n, 1) => n.to_string(),
        (n, d) => format!("{n}/{d}"),
    }
}

#[test]
fn the_combat_rows_are_the_seeds() {
    let seed = std::fs::read_to_string(SEED).expect("read the seed copy in tests/seeds");
    assert!(
        seed.contains(SEED_COMBAT_ROWS),
        "the seed's combat table differs"
    );
    assert_eq!(seed_combat_rows().len(), 6);
}

#[test]
fn odds_json_matches_the_36_outcomes() {
    let run = grogpress(&[
        "odds", "bcs", "combat", "--drm", "-3..+5", "--format", "json",
    ]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let rows = seed_combat_rows();
    let lines: Vec<Vec<(String, Json)>> = run
        .stdout
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(parse_object)
        .collect();
    assert_eq!(lines.len(), 9 * rows.len(), "{}", run.stdout);
    let mut k = 0;
    for net in -3..=5 {
        let mut total = 0;
        for row in &rows {
            let o = &lines[k];
            k += 1;
            let expected = ways(&row[0], net);
            total += expected;
            assert_eq!(num_field(o, "net") as i64, net);
            assert_eq!(str_field(o, "row"), row[0]);
            assert_eq!(num_field(o, "ways") as u64, expected, "{net:+} {}", row[0]);
            assert_eq!(num_field(o, "outcomes") as u64, 36);
            assert_eq!(str_field(o, "fraction"), fraction(expected));
            let percent = expected as f64 * 100.0 / 36.0;
            assert!((num_field(o, "percent") - percent).abs() < 1e-3);
        }
        assert_eq!(total, 36, "every roll lands in one row at {net:+}");
    }
}

#[test]
fn odds_text_matches_the_36_outcomes() {
    let run = grogpress(&["odds", "bcs", "combat", "--drm", "-3..+5"]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let rows = seed_combat_rows();
    for net in -3..=5 {
        let head = format!("net modifier {net:+}");
        let at = run
            .stdout
            .find(&format!("{head}\n"))
            .unwrap_or_else(|| panic!("no `{head}` in\n{}", run.stdout));
        let block: Vec<&str> = run.stdout[at..].lines().skip(1).take(rows.len()).collect();
        for (row, line) in rows.iter().zip(block) {
            let cols: Vec<&str> = line
                .split("  ")
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .collect();
            let expected = ways(&row[0], net);
            assert_eq!(cols[0], row[0], "{line}");
            assert_eq!(cols[1], fraction(expected), "{head}: {line}");
            assert_eq!(
                cols[2],
                format!("{:.2}%", expected as f64 * 100.0 / 36.0),
                "{head}: {line}"
            );
        }
    }
}

#[test]
fn odds_of_an_unknown_table_is_an_operational_error() {
    let run = grogpress(&["odds", "bcs", "no-such-table"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("combat"),
        "lists the tables: {}",
        run.stderr
    );
    let bad = grogpress(&["odds", "bcs", "combat", "--drm", "5..-3"]);
    assert_eq!(bad.code, 2, "{}", bad.stderr);
}

// ---------------------------------------------------------------------------
// The chart-set PDF.

fn build_charts(out: &Path, extra: &[&str]) -> std::path::PathBuf {
    let out_arg = out.to_string_lossy().into_owned();
    let mut args = vec!["charts", "bcs", "--out", out_arg.as_str()];
    args.extend_from_slice(extra);
    let run = grogpress(&args);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let pdf = out.join("bcs/charts.pdf");
    assert!(pdf.is_file());
    pdf
}

fn pdftotext(pdf: &Path, args: &[&str]) -> String {
    let mut all = args.to_vec();
    all.extend([pdf.to_str().expect("utf-8 path"), "-"]);
    tool("pdftotext", &all)
}

fn squash(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn every_cell_of_the_seed_combat_table_is_in_the_pdf() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pdf = build_charts(dir.path(), &[]);
    let text = squash(&pdftotext(&pdf, &[]));
    let rows = seed_combat_rows();
    assert_eq!(rows.len(), 6);
    for row in &rows {
        for cell in row {
            assert!(
                text.contains(cell.as_str()),
                "`{cell}` missing from the chart PDF"
            );
            for number in cell
                .split(|c: char| !c.is_ascii_digit())
                .filter(|n| !n.is_empty())
            {
                assert!(text.contains(number));
            }
        }
    }
    for title in [
        "Combat Table (Modified Two Die)",
        "(5.1)",
        "Barrage Table (One Die)",
        "(5.3 & 5.4)",
        "SNAFU Table (Modified Two Die)",
        "Target is Real AV",
        "Target is Support",
        "Fatigue Increase Table",
        "STOPPED/FINISHED Chart",
    ] {
        assert!(text.contains(title), "`{title}` missing from the chart PDF");
    }
}

#[test]
fn the_odds_column_prints_the_net_zero_chances() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pdf = build_charts(dir.path(), &["--odds"]);
    let text = squash(&pdftotext(&pdf, &[]));
    for row in seed_combat_rows() {
        let w = ways(&row[0], 0);
        let expected = if w == 0 {
            "0 (0.0%)".to_string()
        } else {
            format!("{} ({:.1}%)", fraction(w), w as f64 * 100.0 / 36.0)
        };
        assert!(
            text.contains(&expected),
            "`{expected}` for {} missing",
            row[0]
        );
    }
    // The barrage table's ranges carry their chance on one die.
    for (range, chance) in [("3-6", "2/3"), ("4-6", "1/2"), ("5-6", "1/3"), ("6", "1/6")] {
        let expected = format!("{range} ({chance})");
        assert!(text.contains(&expected), "`{expected}` missing");
    }
}

/// Every word's box from `pdftotext -bbox`: (page width, page height, xMin, yMin, xMax, yMax, word).
fn word_boxes(pdf: &Path) -> Vec<(f64, f64, f64, f64, f64, f64, String)> {
    let html = pdftotext(pdf, &["-bbox"]);
    let mut out = Vec::new();
    let (mut w, mut h) = (0.0, 0.0);
    for line in html.lines() {
        let line = line.trim();
        if line.starts_with("<page ") {
            w = attr(line, "width");
            h = attr(line, "height");
        } else if line.starts_with("<word ") {
            let word = line
                .split('>')
                .nth(1)
                .and_then(|s| s.split('<').next())
                .unwrap_or("")
                .to_string();
            out.push((
                w,
                h,
                attr(line, "xMin"),
                attr(line, "yMin"),
                attr(line, "xMax"),
                attr(line, "yMax"),
                word,
            ));
        }
    }
    out
}

fn assert_inside_margins(pdf: &Path, margin: f64) {
    let words = word_boxes(pdf);
    assert!(words.len() > 500, "the chart set has its text");
    for (w, h, x0, y0, x1, y1, word) in words {
        let slack = 1.0;
        assert!(
            x0 >= margin - slack
                && x1 <= w - margin + slack
                && y0 >= margin - slack
                && y1 <= h - margin + slack,
            "`{word}` at ({x0:.1}, {y0:.1})-({x1:.1}, {y1:.1}) is outside the {margin} pt margins of a {w} x {h} page"
        );
    }
}

#[test]
fn letter_chart_words_stay_inside_the_margins() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pdf = build_charts(dir.path(), &["--odds"]);
    assert_inside_margins(&pdf, 36.0);
    let info = tool("pdfinfo", &[pdf.to_str().expect("utf-8 path")]);
    assert!(info.contains("612 x 792 pts"), "{info}");
}

#[test]
fn a4_chart_words_stay_inside_the_margins() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pdf = build_charts(dir.path(), &["--paper", "a4"]);
    assert_inside_margins(&pdf, 36.0);
    let info = tool("pdfinfo", &[pdf.to_str().expect("utf-8 path")]);
    assert!(info.contains("(A4)"), "{info}");
}

#[test]
fn the_chart_set_is_byte_identical_on_rebuild() {
    let a = tempfile::tempdir().expect("temp dir");
    let b = tempfile::tempdir().expect("temp dir");
    let pa = build_charts(a.path(), &[]);
    let pb = build_charts(b.path(), &[]);
    assert_eq!(std::fs::read(pa).ok(), std::fs::read(pb).ok());
}

#[test]
fn build_writes_the_chart_set_with_the_other_outputs() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().to_string_lossy().into_owned();
    let run = grogpress(&["build", "bcs", "--out", &out]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(dir.path().join("bcs/charts.pdf").is_file());
}

#[test]
fn the_shipped_bcs_charts_check_clean() {
    let run = grogpress(&["check", "bcs", "--format", "json"]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.trim().is_empty(),
        "no warnings either:\n{}",
        run.stdout
    );
}

/// `odds` writes never and always as 0 and 1 (not 0/1 and 1/1), and a
/// table without modifiers is read on the dice alone.
#[test]
fn odds_write_certainties_plainly_and_modifiers_only_when_there_are_some() {
    let run = grogpress(&["odds", "bcs", "combat", "--drm", "+20..+20"]);
    assert_eq!(run.code, 0, "{}", run.dump());
    assert!(
        !run.stdout.contains("0/1") && !run.stdout.contains("1/1"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("       0     0.00%"), "{}", run.stdout);
    assert!(run.stdout.contains("       1   100.00%"), "{}", run.stdout);

    let tmp = tempfile::tempdir().expect("temp dir");
    let game = tmp.path().join("ok");
    support::copy_dir(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/charts/ok"),
        &game,
    );
    let chart = game.join("chart.toml");
    let text = std::fs::read_to_string(&chart).expect("read");
    std::fs::write(&chart, text.replacen("drm = \"-3..+3\"\n", "", 1)).expect("write");
    let run = grogpress(&["odds", game.to_str().expect("path"), "combat"]);
    assert_eq!(run.code, 0, "{}", run.dump());
    let first = run.stdout.lines().next().unwrap_or_default();
    assert!(!first.contains("net modifier"), "{first}");
    assert!(first.contains("2d6, 36 equally likely rolls"), "{first}");
}

/// A gap names the rows either side of it.
#[test]
fn a_gap_names_its_neighbours() {
    let run = grogpress(&[
        "check",
        "tests/fixtures/charts/table-gap",
        "--format",
        "json",
    ]);
    let gap = run.with_id("table-gap");
    assert_eq!(gap.len(), 1, "{}", run.dump());
    assert!(
        gap[0]
            .message
            .ends_with("no row for roll 7, between rows \"5-6\" and \"8\""),
        "{}",
        gap[0].message
    );
}

/// `[publish.options]` says what the command line would: `build` makes the
/// chart set with its odds column and on A4 paper.
#[test]
fn publish_options_give_build_the_charts_odds_and_paper() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = tmp.path().join("ok");
    support::copy_dir(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/charts/ok"),
        &game,
    );
    let out = tmp.path().join("out");
    let build = |out: &std::path::Path| {
        support::build_ok(&game, out);
        out.join("ok/charts.pdf")
    };
    let plain = support::tools::tool(
        "pdftotext",
        &[build(&out.join("a")).to_str().expect("p"), "-"],
    );
    assert!(!plain.contains("11/36"), "odds without asking:\n{plain}");
    let toml = game.join("game.toml");
    let text = std::fs::read_to_string(&toml).expect("read");
    std::fs::write(
        &toml,
        format!("{text}\n[publish.options]\nodds = true\nchart_paper = \"a4\"\n"),
    )
    .expect("write");
    let pdf = build(&out.join("b"));
    let text = support::tools::tool("pdftotext", &[pdf.to_str().expect("p"), "-"]);
    assert!(text.contains("11/36"), "no odds column:\n{text}");
    let info = support::tools::tool("pdfinfo", &[pdf.to_str().expect("p")]);
    assert!(
        info.contains("595.") && info.contains("841."),
        "not A4:\n{info}"
    );
}
