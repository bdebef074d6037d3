//! Nothing in a rulebook is lost or set outside the text block, wherever a
//! table falls: generated rules with tables of 1 to 60 rows, preceded by
//! filler of varying length so that tables start at every height of the
//! column, on Letter and A4, in one and two columns. Every row's text must
//! appear exactly once (`pdftotext`), every word must lie inside the text
//! block (`pdftotext -bbox`; the running head above it and the page number
//! below it excepted), and the tables must really have started all down
//! the column.

mod support;

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;

use support::tools::{tool, word_boxes};

/// The rulebook's margins (src/layout/rulebook/mod.rs): sides, top, bottom.
const SIDE: f64 = 42.0;
const TOP: f64 = 60.0;
const BOTTOM: f64 = 54.0;

const WORDS: &[&str] = &[
    "attack", "defend", "supply", "retreat", "column", "hex", "unit", "turn", "phase", "roll",
    "modifier", "terrain", "river", "bridge", "enemy", "zone", "control",
];

/// A rules page: `offset` lines first, then for each table size 1 to 60 a
/// paragraph of 1 to 9 lines' worth of words and the table `t<n>`, whose
/// cells read `t<n>r<row>c<col>`.
fn rules(offset: usize) -> String {
    let mut md = String::from("# Sweep\n\n");
    for k in 0..offset {
        let _ = writeln!(md, "Offset line {k}.\n");
    }
    for n in 1..=60usize {
        let words = 6 + (n * 7 + offset * 5) % 60;
        let text: Vec<&str> = (0..words).map(|w| WORDS[(w + n) % WORDS.len()]).collect();
        let _ = writeln!(md, "{}.\n", text.join(" "));
        let _ = writeln!(md, "| Case | Effect |\n|---|---|");
        for r in 0..n {
            let _ = writeln!(md, "| t{n}r{r}c0 when it applies | t{n}r{r}c1 |");
        }
        md.push('\n');
    }
    md
}

fn build(dir: &Path, offset: usize, paper: &str, columns: &str) -> std::path::PathBuf {
    let game = dir.join(format!("sweep-{offset}"));
    std::fs::create_dir_all(game.join("rules")).expect("mkdir");
    std::fs::write(
        game.join("game.toml"),
        "name = \"Sweep\"\nrules = [\"rules/rules.md\"]\n",
    )
    .expect("write game.toml");
    std::fs::write(game.join("rules/rules.md"), rules(offset)).expect("write rules");
    let out = dir.join(format!("out-{paper}-{columns}"));
    let run = support::grogpress(&[
        "rulebook",
        game.to_str().expect("UTF-8 path"),
        "--out",
        out.to_str().expect("UTF-8 path"),
        "--paper",
        paper,
        "--columns",
        columns,
        "--format",
        "json",
    ]);
    assert_eq!(run.code, 0, "{paper}, {columns} column(s):\n{}", run.dump());
    out.join(format!("sweep-{offset}/sweep-{offset}-rules.pdf"))
}

/// Problems in one rulebook: rows missing or doubled, words outside the
/// text block; and the heights (from the top of the block, in 20 pt steps)
/// at which its tables start.
fn inspect(pdf: &Path, problems: &mut String) -> BTreeSet<u32> {
    let text = tool("pdftotext", &[pdf.to_str().expect("path"), "-"]);
    let mut count = std::collections::HashMap::new();
    for word in text.split_whitespace() {
        if word.starts_with('t') && word.ends_with("c1") {
            *count.entry(word.to_string()).or_insert(0) += 1;
        }
    }
    for n in 1..=60 {
        for r in 0..n {
            let cell = format!("t{n}r{r}c1");
            let seen = count.get(&cell).copied().unwrap_or(0);
            if seen != 1 {
                let _ = writeln!(problems, "{}: {cell} appears {seen} times", pdf.display());
            }
        }
    }
    let mut starts = BTreeSet::new();
    // Page 1 is the title page; the text block holds everything after it.
    for (page, ((w, h), words)) in word_boxes(pdf).iter().enumerate().skip(1) {
        for (word, [x0, y0, x1, y1]) in words {
            let running_head = *y1 <= TOP - 8.0;
            let folio = *y0 >= h - BOTTOM + 8.0 && word.chars().all(|c| c.is_ascii_digit());
            if running_head || folio {
                continue;
            }
            let inside = *x0 >= SIDE - 1.0
                && *x1 <= w - SIDE + 1.0
                && *y0 >= TOP - 1.0
                && *y1 <= h - BOTTOM + 1.0;
            if !inside {
                let _ = writeln!(
                    problems,
                    "{} page {}: `{word}` at ({x0:.0}, {y0:.0})–({x1:.0}, {y1:.0}) outside the text block",
                    pdf.display(),
                    page + 1
                );
            }
            if word.starts_with('t') && word.ends_with("r0c1") {
                starts.insert(((y0 - TOP) / 20.0) as u32);
            }
        }
    }
    starts
}

#[test]
fn every_row_of_every_table_is_set_once_inside_the_text_block() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let mut problems = String::new();
    for (paper, height) in [("letter", 792.0), ("a4", 841.89)] {
        for columns in ["1", "2"] {
            let mut starts = BTreeSet::new();
            for offset in 0..4 {
                let pdf = build(tmp.path(), offset, paper, columns);
                starts.extend(inspect(&pdf, &mut problems));
            }
            // The tables began all the way down the column: in nearly every
            // 20 pt step of it (a step may fall between two lines).
            let steps = ((height - TOP - BOTTOM) / 20.0) as u32;
            let reached = starts.iter().filter(|s| **s < steps).count() as u32;
            assert!(
                reached * 10 >= steps * 8,
                "{paper}, {columns} column(s): tables started in only {reached} of {steps} heights: {starts:?}"
            );
        }
    }
    assert!(problems.is_empty(), "{problems}");
}
