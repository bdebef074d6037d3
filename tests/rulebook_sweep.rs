//! Nothing in a rulebook is lost or set outside the text block, wherever a
//! table falls (issue 14): generated rules with tables of 1 to 60 rows,
//! preceded by filler of varying length so that tables start at every
//! height of the column, on Letter and A4, in one and two columns. Every
//! cell's text must appear exactly once (`pdftotext`), every word must lie
//! inside the text block (`pdftotext -bbox`; the running head above it and
//! the page number below it excepted), and the tables must really have
//! started all down the column. Where a table breaks, the next column or
//! page starts with its header again right above the rows; the rows of each
//! part abut; a table of five rows or fewer never breaks and a longer one
//! keeps at least two rows in its first and last parts; and a heading right
//! before a table stays with the start of it. Some tables are too wide for
//! a column: with two columns they are set across the page and break the
//! same way.

mod support;

use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use support::tools::{tool, word_boxes};

/// The rulebook's margins (src/layout/rulebook/mod.rs): sides, top, bottom.
const SIDE: f64 = 42.0;
const TOP: f64 = 60.0;
const BOTTOM: f64 = 54.0;

const WORDS: &[&str] = &[
    "attack", "defend", "supply", "retreat", "column", "hex", "unit", "turn", "phase", "roll",
    "modifier", "terrain", "river", "bridge", "enemy", "zone", "control",
];

/// Tables of these sizes also come in a wide form, six columns too wide for
/// a column of two.
const WIDE: &[usize] = &[3, 8, 21, 44, 60];

/// A generated table: its cells read `<prefix><n>r<row>c<col>`, its first
/// header cell `<prefix><n>hd`, and a heading `h<n>` may stand right above it.
struct Table {
    prefix: char,
    n: usize,
    columns: usize,
    heading: bool,
}

impl Table {
    fn id(&self) -> String {
        format!("{}{}", self.prefix, self.n)
    }

    fn cell(&self, row: usize, col: usize) -> String {
        format!("{}r{row}c{col}", self.id())
    }

    fn markdown(&self, md: &mut String) {
        if self.heading {
            let _ = writeln!(md, "## Heading h{}\n", self.id());
        }
        if self.columns == 2 {
            let _ = writeln!(md, "| {}hd case | Effect |\n|---|---|", self.id());
            for r in 0..self.n {
                let (a, b) = (self.cell(r, 0), self.cell(r, 1));
                let _ = writeln!(md, "| {a} when it applies | {b} |");
            }
        } else {
            let _ = writeln!(
                md,
                "| {}hd case | Attacker strength | Defender strength | Terrain effect | Weather | Result |",
                self.id()
            );
            md.push_str("|---|---|---|---|---|---|\n");
            for r in 0..self.n {
                let cells: Vec<String> = (0..self.columns)
                    .map(|c| match c {
                        0 => self.cell(r, c),
                        _ => format!("{} {}", WORDS[c], self.cell(r, c)),
                    })
                    .collect();
                let _ = writeln!(md, "| {} |", cells.join(" | "));
            }
        }
        md.push('\n');
    }
}

/// The tables of a rules page: every size from 1 to 60 (every third with a
/// heading right above it), and the [`WIDE`] ones after their size.
fn tables() -> Vec<Table> {
    let mut all = Vec::new();
    for n in 1..=60usize {
        all.push(Table {
            prefix: 't',
            n,
            columns: 2,
            heading: n % 3 == 0,
        });
        if WIDE.contains(&n) {
            all.push(Table {
                prefix: 'w',
                n,
                columns: 6,
                heading: n % 2 == 0,
            });
        }
    }
    all
}

/// A rules page: `offset` lines first, then before each table a paragraph
/// of 1 to 9 lines' worth of words.
fn rules(offset: usize, tables: &[Table]) -> String {
    let mut md = String::from("# Sweep\n\n");
    for k in 0..offset {
        let _ = writeln!(md, "Offset line {k}.\n");
    }
    for (k, table) in tables.iter().enumerate() {
        let words = 6 + (k * 7 + offset * 5) % 60;
        let text: Vec<&str> = (0..words).map(|w| WORDS[(w + k) % WORDS.len()]).collect();
        let _ = writeln!(md, "{}.\n", text.join(" "));
        table.markdown(&mut md);
    }
    md
}

fn build(dir: &Path, offset: usize, paper: &str, columns: &str, tables: &[Table]) -> PathBuf {
    let game = dir.join(format!("sweep-{offset}"));
    std::fs::create_dir_all(game.join("rules")).expect("mkdir");
    std::fs::write(
        game.join("game.toml"),
        "name = \"Sweep\"\nrules = [\"rules/rules.md\"]\n",
    )
    .expect("write game.toml");
    std::fs::write(game.join("rules/rules.md"), rules(offset, tables)).expect("write rules");
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
    // Every row here fits a column: a rulebook-overflow would be wrong too.
    assert_eq!(run.code, 0, "{paper}, {columns} column(s):\n{}", run.dump());
    let id = format!("sweep-{offset}");
    out.join(&id).join(grogpress::publish::rulebook_file(&id))
}

/// Where a word was set: its page and box.
#[derive(Clone, Copy, Debug)]
struct At {
    page: usize,
    x0: f64,
    y0: f64,
}

/// Problems in one rulebook: cells missing or doubled, words outside the
/// text block, tables broken badly; and the heights (from the top of the
/// block, in 20 pt steps) at which its tables start.
fn inspect(pdf: &Path, tables: &[Table], one_column: bool, problems: &mut String) -> BTreeSet<u32> {
    let name = pdf.display();
    let text = tool("pdftotext", &[pdf.to_str().expect("path"), "-"]);
    let mut count: HashMap<&str, usize> = HashMap::new();
    for word in text.split_whitespace() {
        *count.entry(word).or_insert(0) += 1;
    }
    for table in tables {
        for r in 0..table.n {
            for c in 0..table.columns {
                let cell = table.cell(r, c);
                let seen = count.get(cell.as_str()).copied().unwrap_or(0);
                if seen != 1 {
                    let _ = writeln!(problems, "{name}: {cell} appears {seen} times");
                }
            }
        }
    }
    let mut at: HashMap<String, Vec<At>> = HashMap::new();
    let mut starts = BTreeSet::new();
    // Page 1 is the title page; the text block holds everything after it.
    for (page, ((w, h), words)) in word_boxes(pdf).into_iter().enumerate().skip(1) {
        for (word, [x0, y0, x1, y1]) in words {
            let running_head = y1 <= TOP - 8.0;
            let folio = y0 >= h - BOTTOM + 8.0 && word.chars().all(|c| c.is_ascii_digit());
            if running_head || folio {
                continue;
            }
            // Up and down, where its letters reach: the rules' face boxes
            // a word taller than its line.
            let ink = support::prose_ink_box(&[x0, y0, x1, y1]);
            let inside = x0 >= SIDE - 1.0
                && x1 <= w - SIDE + 1.0
                && ink[1] >= TOP - 1.0
                && ink[3] <= h - BOTTOM + 1.0;
            if !inside {
                let _ = writeln!(
                    problems,
                    "{name} page {}: `{word}` at ({x0:.0}, {y0:.0})–({x1:.0}, {y1:.0}) outside the text block",
                    page + 1
                );
            }
            if word.ends_with("r0c0") {
                starts.insert(((y0 - TOP) / 20.0) as u32);
            }
            at.entry(word).or_default().push(At {
                page: page + 1,
                x0,
                y0,
            });
        }
    }
    let first = |word: &str| at.get(word).and_then(|a| a.first().copied());
    // The rows of every table, in parts: a part is the rows set one below
    // another in one column of one page.
    // And each table's row pitch, the least step from one row to the next.
    let mut parts_of: Vec<(Vec<Vec<At>>, f64)> = Vec::new();
    for table in tables {
        let mut pitch = f64::MAX;
        let mut parts: Vec<Vec<At>> = Vec::new();
        for r in 0..table.n {
            let Some(row) = first(&table.cell(r, 0)) else {
                continue;
            };
            let last = parts.last().and_then(|p| p.last().copied());
            match (last, parts.last_mut()) {
                (Some(last), Some(part))
                    if last.page == row.page
                        && (last.x0 - row.x0).abs() < 1.0
                        && row.y0 > last.y0 =>
                {
                    pitch = pitch.min(row.y0 - last.y0);
                    part.push(row);
                }
                _ => parts.push(vec![row]),
            }
        }
        parts_of.push((parts, pitch));
    }
    // A table whose rows all stand alone takes the least pitch of all.
    let least = parts_of.iter().map(|p| p.1).fold(f64::MAX, f64::min);
    for (table, (parts, pitch)) in tables.iter().zip(&parts_of) {
        let pitch = if *pitch < f64::MAX { *pitch } else { least };
        let id = table.id();
        let sizes: Vec<usize> = parts.iter().map(Vec::len).collect();
        if table.n <= 5 && parts.len() > 1 {
            let _ = writeln!(
                problems,
                "{name}: table {id} of {} rows broken: {sizes:?}",
                table.n
            );
        }
        if parts.len() > 1 && (sizes[0] < 2 || sizes[sizes.len() - 1] < 2) {
            let _ = writeln!(problems, "{name}: table {id} leaves a row alone: {sizes:?}");
        }
        // Rows abut: nothing between them.
        for part in parts {
            for pair in part.windows(2) {
                if pair[1].y0 - pair[0].y0 > pitch + 0.6 {
                    let _ = writeln!(
                        problems,
                        "{name}: table {id} has a gap of {:.1} pt between rows on page {}",
                        pair[1].y0 - pair[0].y0 - pitch,
                        pair[1].page
                    );
                }
            }
        }
        // Each part has its header right above its first row, and only one.
        let heads = at.get(&format!("{id}hd")).cloned().unwrap_or_default();
        if heads.len() != parts.len() {
            let _ = writeln!(
                problems,
                "{name}: table {id} in {} part(s) has its header {} time(s)",
                parts.len(),
                heads.len()
            );
        }
        for part in parts {
            let row = part[0];
            let above = heads.iter().any(|h| {
                h.page == row.page
                    && (h.x0 - row.x0).abs() < 1.0
                    && row.y0 > h.y0
                    && row.y0 - h.y0 < 2.0 * pitch
            });
            if !above {
                let _ = writeln!(
                    problems,
                    "{name}: table {id}'s rows from ({:.0}, {:.0}) on page {} have no header above them",
                    row.x0, row.y0, row.page
                );
            }
        }
        // A heading right above a table stays with its start (the
        // contents page lists it too): in its column (one column sets its
        // prose to a measure set in from the table's edges).
        let headings = at.get(&format!("h{id}")).cloned().unwrap_or_default();
        if table.heading
            && let Some(head) = heads.iter().min_by(order)
            && !headings.iter().any(|h| {
                h.page == head.page
                    && (one_column || (h.x0 - head.x0).abs() < 60.0)
                    && head.y0 > h.y0
                    && head.y0 - h.y0 < 40.0
            })
        {
            let _ = writeln!(
                problems,
                "{name}: heading h{id} (at {headings:?}) is not with its table at ({:.0}, {:.0}) on page {}",
                head.x0, head.y0, head.page
            );
        }
    }
    starts
}

/// Reading order of two places: page, then column (left first), then down.
fn order(a: &&At, b: &&At) -> std::cmp::Ordering {
    (a.page, a.x0 as i64, a.y0 as i64).cmp(&(b.page, b.x0 as i64, b.y0 as i64))
}

#[test]
fn every_row_of_every_table_is_set_once_inside_the_text_block() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let tables = tables();
    let mut problems = String::new();
    for (paper, height) in [("letter", 792.0), ("a4", 841.89)] {
        for columns in ["1", "2"] {
            let mut starts = BTreeSet::new();
            for offset in 0..4 {
                let pdf = build(tmp.path(), offset, paper, columns, &tables);
                starts.extend(inspect(&pdf, &tables, columns == "1", &mut problems));
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
