//! Classic combat results tables (`columns_by = "odds"` or
//! `"differential"`): the fixture game `tests/fixtures/crt` checks clean;
//! every attack falls in the column a brute-force reading of the rules puts
//! it in; `odds --column --shift --drm` gives the chance of each result as
//! counted roll by roll from the chart file itself; faults in the columns are
//! located; the tables are drawn in the chart set and the HTML reference.

mod support;

use std::collections::BTreeMap;
use std::path::Path;

use support::{copy_dir, grogpress};

const FIXTURE: &str = "tests/fixtures/crt";

/// A block of the fixture's chart, read from its lines (not by grogpress):
/// its column headings and its rows as (roll, results).
struct Block {
    columns: Vec<String>,
    rows: Vec<(String, Vec<String>)>,
}

/// The quoted strings of a line, in order.
fn quoted(line: &str) -> Vec<String> {
    line.split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

fn block(id: &str) -> Block {
    let text = std::fs::read_to_string(Path::new(FIXTURE).join("charts/crt.toml")).expect("chart");
    let lines: Vec<&str> = text
        .lines()
        .skip_while(|l| *l != format!("id = \"{id}\""))
        .take_while(|l| !l.starts_with("legend"))
        .collect();
    let columns = lines
        .iter()
        .find(|l| l.starts_with("columns = "))
        .map(|l| quoted(l))
        .expect("columns");
    let rows = lines
        .iter()
        .filter(|l| l.trim_start().starts_with("{ roll = "))
        .map(|l| {
            let q = quoted(l);
            (q[0].clone(), q[1..].to_vec())
        })
        .collect();
    Block { columns, rows }
}

/// Whether `roll` is in a roll range as the fixture writes them.
fn in_range(range: &str, roll: i64) -> bool {
    if let Some(n) = range.strip_suffix(" or less") {
        return roll <= n.parse::<i64>().expect("n");
    }
    if let Some(n) = range.strip_suffix(" or more") {
        return roll >= n.parse::<i64>().expect("n");
    }
    match range.split_once('-') {
        Some((a, b)) if !a.is_empty() => (a.parse::<i64>().expect("a")
            ..=b.trim_start_matches('+').parse().expect("b"))
            .contains(&roll),
        _ => roll == range.trim_start_matches('+').parse::<i64>().expect("n"),
    }
}

/// The result of column `column` for die roll `roll` + `net`, read off the rows.
fn result_at(t: &Block, column: usize, roll: i64) -> String {
    let hits: Vec<String> = t
        .rows
        .iter()
        .filter(|(range, _)| in_range(range, roll))
        .map(|(_, results)| results[column].clone())
        .collect();
    assert_eq!(hits.len(), 1, "roll {roll} is in one row");
    hits[0].clone()
}

/// The odds column an attack of `a` to `d` falls in, by the rule as a
/// player reads it (the largest column at or below the odds, in the
/// defender's favour): None below the first; the last column's index + 1
/// at or past the next whole odds after the last.
fn odds_column(columns: &[String], a: u32, d: u32) -> Option<usize> {
    let value = |c: &str| {
        let (x, y) = c.split_once(':').expect("a:d");
        x.parse::<f64>().expect("x") / y.parse::<f64>().expect("y")
    };
    let odds = f64::from(a) / f64::from(d);
    let last = value(columns.last().expect("columns"));
    let next_whole = if last >= 1.0 {
        last.floor() + 1.0
    } else {
        1.0 / ((1.0 / last).ceil() - 1.0)
    };
    if odds >= next_whole - 1e-12 {
        return Some(columns.len());
    }
    columns.iter().rposition(|c| value(c) <= odds + 1e-12)
}

#[test]
fn the_fixture_checks_clean() {
    let run = grogpress(&["check", FIXTURE, "--format", "json"]);
    run.exit(0);
    assert!(run.diags.is_empty(), "{}", run.dump());
}

/// Every attack from 1:30 to 30:1 lands where the rule puts it: `odds`
/// names the column (or the past-the-end result) for each.
#[test]
fn every_attack_falls_in_the_column_the_rule_gives() {
    let t = block("odds");
    let columns = t.columns.clone();
    for a in 1..=12u32 {
        for d in 1..=12u32 {
            let run = grogpress(&[
                "odds",
                FIXTURE,
                "odds",
                "--column",
                &format!("{a}:{d}"),
                "--drm",
                "0..0",
                "--format",
                "json",
            ]);
            run.exit(0);
            let first: serde_json::Value =
                serde_json::from_str(run.stdout.lines().next().expect("a line")).expect("JSON");
            let landed = first["column"].as_str().expect("column").to_string();
            let expected = match odds_column(&columns, a, d) {
                None => "left of the first column: AE whatever the roll".to_string(),
                Some(i) if i == columns.len() => {
                    format!("right of the last column, resolved on {}", columns[i - 1])
                }
                Some(i) => format!("column {}", columns[i]),
            };
            assert_eq!(landed, expected, "attack {a}:{d}");
        }
    }
}

/// `odds --column 7:3 --shift +1 --drm -1..+1` against a count of every
/// roll of the die on the column the rule gives (2:1, shifted to 3:1).
#[test]
fn odds_of_a_column_are_counted_roll_by_roll() {
    let t = block("odds");
    let columns = t.columns.clone();
    let column = odds_column(&columns, 7, 3).expect("a column") + 1;
    assert_eq!(columns[column], "3:1");
    let run = grogpress(&[
        "odds", FIXTURE, "odds", "--column", "7:3", "--shift", "+1", "--drm", "-1..+1", "--format",
        "json",
    ]);
    run.exit(0);
    let mut printed: BTreeMap<(i64, String), u64> = BTreeMap::new();
    for line in run.stdout.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("JSON");
        assert_eq!(v["outcomes"], 6, "{line}");
        let key = (
            v["net"].as_i64().expect("net"),
            v["result"].as_str().expect("r").to_string(),
        );
        printed.insert(key, v["ways"].as_u64().expect("ways"));
    }
    let mut counted: BTreeMap<(i64, String), u64> = BTreeMap::new();
    for net in -1..=1 {
        for roll in 1..=6 {
            *counted
                .entry((net, result_at(&t, column, roll + net)))
                .or_default() += 1;
        }
    }
    assert_eq!(printed, counted);
}

/// A differential table: +2 falls in "+1-+2", -5 below the first column is
/// resolved on it (`below = "first"`), and the chances match a count of
/// the 36 rolls of 2d6.
#[test]
fn a_differential_lands_in_its_range() {
    let t = block("difference");
    for (typed, column, shown) in [
        ("+2", 3, "column +1-+2"),
        ("-5", 0, "column -2 or less"),
        ("+9", 4, "column +3 or more"),
    ] {
        let run = grogpress(&[
            "odds",
            FIXTURE,
            "difference",
            "--column",
            typed,
            "--format",
            "json",
        ]);
        run.exit(0);
        let mut printed: BTreeMap<String, u64> = BTreeMap::new();
        for line in run.stdout.lines() {
            let v: serde_json::Value = serde_json::from_str(line).expect("JSON");
            assert_eq!(v["column"], shown, "{typed}");
            printed.insert(
                v["result"].as_str().expect("r").to_string(),
                v["ways"].as_u64().expect("w"),
            );
        }
        let mut counted: BTreeMap<String, u64> = BTreeMap::new();
        for a in 1..=6 {
            for b in 1..=6 {
                *counted.entry(result_at(&t, column, a + b)).or_default() += 1;
            }
        }
        assert_eq!(printed, counted, "{typed}");
    }
}

#[test]
fn a_shift_past_the_declared_range_or_a_bad_column_is_refused() {
    let run = grogpress(&["odds", FIXTURE, "odds", "--column", "3:1", "--shift", "+3"]);
    run.exit(2);
    assert!(
        run.stderr.contains("declares column shifts -2 to +2"),
        "{}",
        run.dump()
    );
    let run = grogpress(&["odds", FIXTURE, "odds", "--column", "three to one"]);
    run.exit(2);
    let run = grogpress(&["odds", "bcs", "combat", "--column", "3:1"]);
    run.exit(2);
    assert!(
        run.stderr.contains("not a combat results table"),
        "{}",
        run.dump()
    );
}

/// The fixture copied with one text of its chart replaced; its check.
fn check_with(old: &str, new: &str) -> (support::Run, String) {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = tmp.path().join("crt");
    copy_dir(Path::new(FIXTURE), &game);
    let path = game.join("charts/crt.toml");
    let text = std::fs::read_to_string(&path).expect("chart");
    assert!(text.contains(old), "{old}");
    let text = text.replacen(old, new, 1);
    std::fs::write(&path, &text).expect("write");
    let run = grogpress(&["check", game.to_str().expect("path"), "--format", "json"]);
    (run, text)
}

/// 1-based line and column of the first `needle` in `text`.
fn at(text: &str, needle: &str) -> (usize, usize) {
    support::line_col(text, text.find(needle).expect("needle"))
}

#[test]
fn faults_in_the_columns_are_located() {
    let cases: &[(&str, &str, &str, &str)] = &[
        // (replace, with, id, where)
        (
            "\"3:1\", \"4:1\"",
            "\"3:1\", \"6:2\"",
            "table-overlap",
            "\"6:2\"",
        ),
        (
            "\"3:1\", \"4:1\"",
            "\"4:1\", \"3:1\"",
            "bad-value",
            "\"3:1\", \"6:1\"",
        ),
        (
            "\"1:2\", \"1:1\"",
            "\"1 to 2\", \"1:1\"",
            "bad-value",
            "\"1 to 2\"",
        ),
        (
            "below = \"AE\"",
            "below = \"AX\"",
            "undefined-result-code",
            "\"AX\"",
        ),
        (
            "\"-1\", \"0\"",
            "\"-1\", \"+1\"",
            "table-gap",
            "\"+1\", \"+1-+2\"",
        ),
        (
            "\"0\", \"+1-+2\"",
            "\"0-+1\", \"+1-+2\"",
            "table-overlap",
            "\"+1-+2\"",
        ),
        (
            "shift = \"-2..+2\"",
            "shift = \"-2000..+2\"",
            "limit-exceeded",
            "\"-2000..+2\"",
        ),
    ];
    for (old, new, id, place) in cases {
        let (run, text) = check_with(old, new);
        run.exit(1);
        let (line, column) = at(&text, place);
        run.expect("error", id, "crt/charts/crt.toml", line, column);
    }
    // The differential gap names the missing differential.
    let (run, _) = check_with("\"-1\", \"0\"", "\"-1\", \"+1\"");
    let gap = run.with_id("table-gap");
    assert!(gap[0].message.contains("differential 0"), "{}", run.dump());
    // Combat keys without columns_by mean nothing.
    let (run, text) = check_with("columns_by = \"differential\"\n", "");
    run.exit(1);
    let (line, column) = at(&text, "\"first\"");
    run.expect("error", "bad-value", "crt/charts/crt.toml", line, column);
}

/// The chart set and the HTML reference show both tables: every column
/// heading and the cells of a row.
#[test]
fn the_tables_are_drawn_in_the_chart_set_and_the_html() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let out = tmp.path().join("out");
    let run = grogpress(&["build", FIXTURE, "--out", out.to_str().expect("path")]);
    run.exit(0);
    let pdf = out.join("crt/charts.pdf");
    let text = std::process::Command::new("pdftotext")
        .args(["-layout", pdf.to_str().expect("path"), "-"])
        .output()
        .expect("pdftotext");
    let text = String::from_utf8_lossy(&text.stdout);
    let html = std::fs::read_to_string(out.join("crt/html/rules.html")).expect("html");
    for heading in [
        "1:2",
        "1:1",
        "2:1",
        "3:1",
        "4:1",
        "6:1",
        "-2 or less",
        "+1-+2",
        "+3 or more",
    ] {
        assert!(
            text.contains(heading),
            "{heading} in the chart set:\n{text}"
        );
        assert!(html.contains(heading), "{heading} in the HTML");
    }
    assert!(
        text.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .contains("1 AE AR EX DR DR DE"),
        "the row for a roll of 1:\n{text}"
    );
}
