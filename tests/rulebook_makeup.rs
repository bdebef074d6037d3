//! The rulebook's page make-up as a print designer checks it (issue 40,
//! "Make-up"), read back from real PDFs with `pdftotext -bbox` and `qpdf`:
//! a table that fits in a column is never split; a longer one breaks at
//! rows with at least three on each side and its header again; no page but
//! the last is under a third full; a gallery's cards read across the
//! columns in the deck's order; a chapter's heading is not stranded at a
//! column's foot; a table has one title, which the list of tables repeats
//! and its link lands at.

mod support;

use std::fmt::Write as _;
use std::fs;
use std::path::Path;

use support::raw::{build_rulebook_with, dump, grogpress};
use support::tools::{BoxedWord, pdf_links, word_boxes};

/// Every page's size and word boxes.
type Pages = Vec<((f64, f64), Vec<BoxedWord>)>;

use support::prose::WORDS;

/// A paragraph of `words` words.
fn paragraph(words: usize, seed: usize) -> String {
    let text: Vec<&str> = (0..words)
        .map(|w| WORDS[(w * 7 + seed) % WORDS.len()])
        .collect();
    format!("{}.\n\n", text.join(" "))
}

/// A pipe table `rows` rows long, its cells named `{name}{r}`.
fn pipe_table(name: &str, rows: usize) -> String {
    let mut md = format!("| {name}head | Effect | Notes |\n|---|---|---|\n");
    for r in 0..rows {
        let _ = writeln!(md, "| {name}{r} | effect {r} | note {r} |");
    }
    md.push('\n');
    md
}

/// The Grid Battles game (two columns on Letter, unless `columns`) with
/// `md` as its rules; its PDF's pages.
fn rulebook(md: &str, columns: Option<&str>) -> (tempfile::TempDir, std::path::PathBuf, Pages) {
    let (tmp, dir) = support::temp_game("grid-battles");
    fs::write(dir.join("rules/grid-battles.md"), md).expect("write rules");
    let options = columns.map_or(Vec::new(), |c| vec!["--columns", c]);
    let pdf = build_rulebook_with(&dir, &tmp.path().join("out"), &options);
    let pages = word_boxes(&pdf);
    (tmp, pdf, pages)
}

/// Whether a word is in a page's text block (below the running head,
/// above the folio).
fn in_block(height: f64, b: &[f64; 4]) -> bool {
    b[1] > 50.0 && b[3] < height - 40.0
}

/// Where each word starting with `prefix` followed by a number is: the
/// number, the page (from 0), the column (0 left) and its top.
fn cells(pages: &Pages, prefix: &str) -> Vec<(usize, usize, usize, f64)> {
    let mut found = Vec::new();
    for (n, ((width, height), words)) in pages.iter().enumerate() {
        for (text, b) in words {
            let Some(number) = text.strip_prefix(prefix).and_then(|r| r.parse().ok()) else {
                continue;
            };
            if in_block(*height, b) {
                let column = usize::from((b[0] + b[2]) / 2.0 > width / 2.0);
                found.push((number, n, column, b[1]));
            }
        }
    }
    found.sort_by_key(|c| c.0);
    found
}

#[test]
fn a_table_that_fits_a_column_is_set_whole_while_the_text_flows_on() {
    // Text of every length before a 12-row table: wherever the table
    // comes, it is in one column, and the text after it is set.
    for filler in (40..400).step_by(45) {
        let mut md = String::from("# Rules\n\n## Setup\n\n");
        md.push_str(&paragraph(filler, 1));
        md.push_str(&paragraph(filler / 2, 2));
        md.push_str(&pipe_table("Tcell", 12));
        md.push_str("Afterword comes right after the table.\n\n");
        md.push_str(&paragraph(300, 3));
        let (_tmp, _, pages) = rulebook(&md, None);
        let rows = cells(&pages, "Tcell");
        assert_eq!(rows.len(), 12, "filler {filler}: {rows:?}");
        let (page, column) = (rows[0].1, rows[0].2);
        assert!(
            rows.iter().all(|r| (r.1, r.2) == (page, column)),
            "filler {filler}: the table is split: {rows:?}"
        );
        assert!(
            rows.windows(2).all(|w| w[0].3 < w[1].3),
            "filler {filler}: {rows:?}"
        );
    }
}

#[test]
fn a_table_longer_than_a_column_breaks_at_rows_with_three_each_side_and_its_header_again() {
    for rows in [70, 95, 130] {
        let mut md = String::from("# Rules\n\n## Setup\n\n");
        md.push_str(&paragraph(120, 1));
        md.push_str(&pipe_table("Lrow", rows));
        md.push_str(&paragraph(80, 2));
        let (_tmp, _, pages) = rulebook(&md, None);
        let found = cells(&pages, "Lrow");
        assert_eq!(found.len(), rows, "{found:?}");
        // The table's parts: its rows by page and column, in order.
        let mut parts: Vec<((usize, usize), Vec<f64>)> = Vec::new();
        for (_, page, column, top) in &found {
            match parts.last_mut() {
                Some((at, tops)) if *at == (*page, *column) => tops.push(*top),
                _ => parts.push(((*page, *column), vec![*top])),
            }
        }
        assert!(parts.len() > 1, "{rows} rows: not split: {parts:?}");
        for ((page, column), tops) in &parts {
            assert!(
                tops.len() >= 3,
                "{rows} rows: {} rows on page {} column {column}",
                tops.len(),
                page + 1
            );
            // The header is set above the part's first row, in its column.
            let ((width, _), words) = &pages[*page];
            let header = words.iter().any(|(t, b)| {
                t == "Lrowhead"
                    && usize::from((b[0] + b[2]) / 2.0 > width / 2.0) == *column
                    && b[1] < tops[0]
                    && tops[0] - b[1] < 40.0
            });
            assert!(
                header,
                "{rows} rows: no header over the rows on page {} column {column}",
                page + 1
            );
        }
    }
}

/// How full each page's text block is: the mean over its columns of how
/// far down the column's lowest word reaches (see [`column_fullness`]).
fn fullness(pages: &Pages, columns: usize) -> Vec<f64> {
    column_fullness(pages, columns)
        .iter()
        .map(|page| page.iter().sum::<f64>() / columns as f64)
        .collect()
}

#[test]
fn no_page_but_the_last_is_under_a_third_full() {
    for (columns, seed) in [(None, 0), (Some("1"), 0), (None, 5), (Some("1"), 5)] {
        let mut md = String::from("# Rules\n\n");
        for k in 0..8 {
            let _ = writeln!(md, "## Section{k}\n");
            md.push_str(&paragraph(60 + (k * 53 + seed * 31) % 220, k));
            if k % 2 == 1 {
                md.push_str(&pipe_table(&format!("T{k}x"), 6 + (k * 5 + seed) % 14));
            }
            md.push_str(&paragraph(40 + (k * 29) % 120, k + 1));
        }
        let (_tmp, _, pages) = rulebook(&md, columns);
        let count = if columns.is_some() { 1 } else { 2 };
        let full = fullness(&pages, count);
        let first = pages
            .iter()
            .position(|(_, words)| words.iter().any(|(t, _)| t == "Section0"))
            .expect("the rules");
        // The first rules page may share the contents' page: from the next.
        for (n, f) in full
            .iter()
            .enumerate()
            .take(pages.len() - 1)
            .skip(first + 1)
        {
            assert!(
                *f >= 1.0 / 3.0,
                "{columns:?} {seed}: page {} is {:.0}% full: {full:?}",
                n + 1,
                f * 100.0
            );
        }
    }
}

/// The Battlefront deck's card names, in the deck's order: each
/// `[[cards]]` entry's `name = "…"` line.
fn battlefront_names(dir: &Path) -> Vec<String> {
    let text = fs::read_to_string(dir.join("cards.toml")).expect("cards.toml");
    let mut names = Vec::new();
    let mut in_card = false;
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            in_card = line == "[[cards]]";
        } else if let Some(name) = line.strip_prefix("name = \"").filter(|_| in_card) {
            names.push(name.trim_end_matches('"').to_string());
            in_card = false;
        }
    }
    assert_eq!(names.len(), 70, "{names:?}");
    names
}

#[test]
fn a_gallery_reads_across_the_columns_in_the_decks_order() {
    for columns in ["2", "1"] {
        let (tmp, dir) = support::temp_game("battlefront");
        let md = format!(
            "# Cards\n\n{}\n## Card list\n\n{{{{ deck(\"cards\") }}}}\n\n{}",
            paragraph(150, 1),
            paragraph(200, 2)
        );
        let rules = fs::read_dir(dir.join("rules"))
            .expect("rules")
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "md"))
            .collect::<Vec<_>>();
        for (k, path) in rules.iter().enumerate() {
            fs::write(path, if k == 0 { md.as_str() } else { "" }).expect("write rules");
        }
        let names = battlefront_names(&dir);
        let pdf = build_rulebook_with(&dir, &tmp.path().join("out"), &["--columns", columns]);
        let pages = word_boxes(&pdf);
        // Each card's name where it is set: its words one after another
        // on a page, below the running head.
        let mut at: Vec<(usize, f64, f64)> = Vec::new();
        for name in &names {
            let first: Vec<&str> = name.split_whitespace().collect();
            let found = pages
                .iter()
                .enumerate()
                .skip(1)
                .find_map(|(n, ((_, h), words))| {
                    words
                        .windows(first.len())
                        .find(|w| {
                            in_block(*h, &w[0].1)
                                && w.iter().zip(&first).all(|((t, _), f)| t == f)
                                && !at.iter().any(|a| {
                                    a.0 == n
                                        && (a.2 - w[0].1[0]).abs() < 1.0
                                        && (a.1 - w[0].1[1]).abs() < 1.0
                                })
                        })
                        .map(|w| (n, w[0].1[1], w[0].1[0]))
                });
            at.push(found.unwrap_or_else(|| panic!("{columns} columns: card {name} not found")));
        }
        // Row by row (a row's names within a card's height of each
        // other), left to right; pages in order.
        for (k, pair) in at.windows(2).enumerate() {
            let ((p0, y0, x0), (p1, y1, x1)) = (pair[0], pair[1]);
            let next_row = y1 > y0 + 30.0;
            let same_row = (y1 - y0).abs() <= 30.0 && x1 > x0;
            assert!(
                p1 > p0 || (p1 == p0 && (next_row || same_row)),
                "{columns} columns: {} at {:?} then {} at {:?}",
                names[k],
                pair[0],
                names[k + 1],
                pair[1]
            );
        }
    }
}

#[test]
fn a_chapter_does_not_start_at_a_column_foot_with_fewer_than_three_lines() {
    for filler in (100..700).step_by(23) {
        let mut md = String::from("# Rules\n\n## Opening\n\n");
        md.push_str(&paragraph(filler, 1));
        md.push_str("## Chapterword rules\n\n");
        md.push_str(&paragraph(200, 2));
        let (_tmp, _, pages) = rulebook(&md, None);
        let (n, ((width, height), words)) = pages
            .iter()
            .enumerate()
            .skip(1)
            .find(|(_, (_, words))| words.iter().any(|(t, _)| t == "Chapterword"))
            .expect("the chapter");
        let heading = words
            .iter()
            .find(|(t, _)| t == "Chapterword")
            .map(|(_, b)| *b)
            .expect("its heading");
        let column = |b: &[f64; 4]| usize::from((b[0] + b[2]) / 2.0 > width / 2.0);
        // The lines of its text under it in its column.
        let mut lines: Vec<f64> = Vec::new();
        for (_, b) in words.iter().filter(|(_, b)| in_block(*height, b)) {
            if column(b) == column(&heading)
                && b[1] > heading[3] + 1.0
                && !lines.iter().any(|y| (y - b[3]).abs() < 2.0)
            {
                lines.push(b[3]);
            }
        }
        assert!(
            lines.len() >= 3,
            "filler {filler}: page {} the chapter's heading has {} lines under it",
            n + 1,
            lines.len()
        );
    }
}

#[test]
fn a_table_has_one_title_which_the_list_of_tables_repeats_and_links_to() {
    for paper in ["letter", "a4"] {
        let (tmp, dir) = support::temp_game("grid-battles");
        let pdf = build_rulebook_with(&dir, &tmp.path().join("out"), &["--paper", paper]);
        let pages = word_boxes(&pdf);
        // "### Attack Bonus Table" stands above the collection "Base
        // types": the heading is its title, the bar is not set.
        let page = pages
            .iter()
            .enumerate()
            .skip(2)
            .find(|(_, (_, w))| {
                w.windows(2)
                    .any(|w| w[0].0 == "Attack" && w[1].0 == "Bonus")
            })
            .map(|(n, _)| n)
            .expect("the heading");
        let words = &pages[page].1;
        let bar = words
            .windows(2)
            .any(|w| w[0].0 == "Base" && w[1].0 == "types");
        assert!(!bar, "{paper}: a bar \"Base types\" under the heading");
        let heading_top = words
            .windows(2)
            .find(|w| w[0].0 == "Attack" && w[1].0 == "Bonus")
            .map(|w| w[0].1[1])
            .expect("heading");
        // The list of tables names it with the heading's words, and its
        // link lands at the heading (the top of the view at most a line
        // above it, not below it).
        let (list, below) = pages
            .iter()
            .enumerate()
            .find_map(|(n, (_, w))| {
                w.iter()
                    .find(|(t, _)| t == "Tables")
                    .map(|(_, b)| (n, b[3]))
            })
            .expect("a list of tables");
        let listed = pages[list]
            .1
            .windows(3)
            .find(|w| {
                w[0].0 == "Attack" && w[1].0 == "Bonus" && w[2].0 == "Table" && w[0].1[1] > below
            })
            .map(|w| w[0].1)
            .expect("listed as the heading says");
        // Its letters, capitals' top to baseline (the link is the line's
        // box, which the face's descenders may pass).
        let entry = listed;
        let listed = support::prose_ink_box(&entry);
        let height = pages[list].0.1;
        let links = pdf_links(&pdf);
        let link = links
            .iter()
            .find(|l| {
                l.page == list + 1
                    && height - l.rect[3] <= listed[1] + 1.0
                    && height - l.rect[1] >= support::prose_baseline(&entry) - 1.0
            })
            .unwrap_or_else(|| panic!("the entry at {listed:?} links: {links:?}"));
        assert_eq!(link.to_page, page + 1, "{paper}");
        let view_top = pages[page].0.1 - link.to_top;
        assert!(
            view_top <= heading_top + 0.5 && heading_top - view_top < 20.0,
            "{paper}: the link's view starts at {view_top}, the heading at {heading_top}"
        );
    }
}

/// Every word the game's print-and-play cards print (`grogpress cards`).
fn card_words(game: &str, out: &Path) -> std::collections::HashSet<String> {
    let out = out.join("cards");
    let run = grogpress(&["cards", game, "--out", out.to_str().expect("utf-8 path")]);
    assert!(run.status.success(), "{}", dump(&run));
    let mut all = std::collections::HashSet::new();
    for sheet in fs::read_dir(out.join(game)).into_iter().flatten().flatten() {
        let path = sheet.path();
        if path.extension().is_some_and(|e| e == "pdf") {
            all.extend(
                word_boxes(&path)
                    .into_iter()
                    .flat_map(|(_, words)| words.into_iter().map(|(t, _)| t)),
            );
        }
    }
    all
}

/// The shipped games' rulebooks on Letter and A4, in one and two columns:
/// no page from the rules' second on is under a third full but the last
/// (a short glossary shares its page with the index), and a last page under a third full
/// is not a row of cards alone (the gallery's scale, chosen from the whole
/// gallery, or the float of a table would have taken it in earlier).
#[test]
fn no_page_of_a_shipped_rulebook_but_the_last_is_under_a_third_full() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let mut problems = String::new();
    for game in [
        "battlefront",
        "battlegrid",
        "bcs",
        "grid-battles",
        "grognards",
        "river-line",
    ] {
        let cards = card_words(game, tmp.path());
        for paper in ["letter", "a4"] {
            for columns in ["1", "2"] {
                let out = tmp.path().join(format!("{paper}-{columns}"));
                let pdf =
                    build_rulebook_with(game, &out, &["--paper", paper, "--columns", columns]);
                let pages = word_boxes(&pdf);
                let full = fullness(&pages, columns.parse().expect("a number"));
                let last = pages.len() - 1;
                let first_word = |n: usize| {
                    pages.get(n).and_then(|((_, h), words)| {
                        words
                            .iter()
                            .find(|(_, b)| in_block(*h, b))
                            .map(|(t, _)| t.as_str())
                    })
                };
                // From the page after the contents' (the rules may share it).
                for (n, &page_full) in full.iter().enumerate().take(last).skip(2) {
                    if page_full < 1.0 / 3.0 {
                        let _ = writeln!(
                            problems,
                            "{game} {paper} {columns}: page {} ({:?}) is {:.0}% full",
                            n + 1,
                            first_word(n),
                            page_full * 100.0
                        );
                    }
                }
                let ((_, height), words) = &pages[last];
                let only_cards = words
                    .iter()
                    .filter(|(_, b)| in_block(*height, b))
                    .all(|(t, _)| cards.contains(t));
                if full[last] < 1.0 / 3.0 && only_cards {
                    let _ = writeln!(
                        problems,
                        "{game} {paper} {columns}: the last page is a row of cards alone ({:.0}% full)",
                        full[last] * 100.0
                    );
                }
            }
        }
    }
    assert!(problems.is_empty(), "{problems}");
}

/// The first word `first` followed by `then` on a page: its page and box.
fn words_in_order(pages: &Pages, first: &str, then: &str) -> Option<(usize, [f64; 4])> {
    pages.iter().enumerate().find_map(|(n, (_, words))| {
        words
            .windows(2)
            .find(|w| w[0].0 == first && w[1].0 == then)
            .map(|w| (n, w[0].1))
    })
}

#[test]
fn a_charts_notes_go_with_it_where_it_floats_across_the_page() {
    // River Line's Terrain Effects Chart is set across the two columns
    // with its notes under it ("Movement point cost to enter, ..."). Text
    // of every length before it: wherever the chart goes (floated to the
    // next page's top where it does not fit below the columns), its notes
    // are on its page, below its last row.
    let mut floated = 0;
    for filler in (150..900).step_by(75) {
        let (tmp, dir) = support::temp_game("river-line");
        let mut md = String::from("# Rules\n\n## Terrain\n\n");
        md.push_str(&paragraph(filler, 1));
        md.push_str("Beforechart comes right before the chart.\n\n");
        md.push_str("{{ table(\"tec-sel\") }}\n\n");
        md.push_str(&paragraph(600, 3));
        // Rule 3.0, which the sequence of play names.
        md.push_str("## Moving\n\nUnits move.\n\n## Fighting\n\nUnits fight.\n\n");
        fs::write(dir.join("rules/rules.md"), md).expect("write rules");
        let pdf = build_rulebook_with(&dir, &tmp.path().join("out"), &["--columns", "2"]);
        let pages = word_boxes(&pdf);
        let place = |word: &str| {
            pages
                .iter()
                .enumerate()
                .skip(1)
                .find_map(|(n, (_, words))| {
                    words.iter().find(|(t, _)| t == word).map(|(_, b)| (n, *b))
                })
        };
        let before = place("Beforechart").expect("the text before the chart");
        let head = place("Wheeled").expect("the chart's header");
        let last_row = place("Track").expect("the chart's last row");
        let note = words_in_order(&pages, "Movement", "point").expect("the chart's notes");
        floated += usize::from(head.0 > before.0);
        assert_eq!(
            (note.0, last_row.0),
            (head.0, head.0),
            "filler {filler}: the chart is on page {}, its last row on {}, its notes on {}",
            head.0 + 1,
            last_row.0 + 1,
            note.0 + 1
        );
        assert!(
            note.1[1] > last_row.1[3],
            "filler {filler}: the notes ({:?}) are not below the chart's last row ({:?})",
            note.1,
            last_row.1
        );
    }
    assert!(floated > 0, "the chart never floated to a later page");
}

#[test]
fn a_one_column_books_contents_and_list_of_tables_keep_the_rules_measure() {
    // 30 ems of the 9.5 pt body, centred: every entry's line (its words,
    // dot leaders and page number) lies within it, on Letter and A4.
    let measure = 30.0 * 9.5;
    let tmp = tempfile::tempdir().expect("temp dir");
    for paper in ["letter", "a4"] {
        let out = tmp.path().join(paper);
        let pdf = build_rulebook_with("grid-battles", &out, &["--paper", paper, "--columns", "1"]);
        let pages = word_boxes(&pdf);
        let mut entries = 0;
        for (n, ((width, _), words)) in pages.iter().enumerate() {
            let (left, right) = ((width - measure) / 2.0, (width + measure) / 2.0);
            // An entry's line: its dot leaders (a word each) with its words.
            let mut lines: Vec<f64> = Vec::new();
            for (_, b) in words.iter().filter(|(t, _)| t == ".") {
                let on_line = |y: &f64| (y - b[3]).abs() < 2.0;
                let dots = words
                    .iter()
                    .filter(|(t, d)| t == "." && on_line(&d[3]))
                    .count();
                if dots >= 3 && !lines.iter().any(on_line) {
                    lines.push(b[3]);
                }
            }
            for y in lines {
                entries += 1;
                let line = words.iter().filter(|(_, b)| (b[3] - y).abs() < 2.0);
                for (text, b) in line {
                    assert!(
                        b[0] >= left - 1.0 && b[2] <= right + 1.0,
                        "{paper} page {}: \"{text}\" at {:.1}-{:.1} is outside the measure {left:.1}-{right:.1}",
                        n + 1,
                        b[0],
                        b[2]
                    );
                }
            }
        }
        // The contents and the list of tables (Grid Battles shows tables).
        assert!(entries >= 10, "{paper}: {entries} entries with leaders");
        let tables = pages
            .iter()
            .any(|(_, words)| words.iter().any(|(t, _)| t == "Tables"));
        assert!(tables, "{paper}: no list of tables");
    }
}

/// How far down each column of each page its lowest word in the text
/// block goes (0 empty, 1 full), the block's top and foot read off every
/// page but the first.
fn column_fullness(pages: &Pages, columns: usize) -> Vec<Vec<f64>> {
    let (mut top, mut foot) = (f64::MAX, 0.0f64);
    for ((_, height), words) in pages.iter().skip(1) {
        for (_, b) in words.iter().filter(|(_, b)| in_block(*height, b)) {
            top = top.min(b[1]);
            foot = foot.max(b[3]);
        }
    }
    pages
        .iter()
        .map(|((width, height), words)| {
            let mut lowest = vec![top; columns];
            for (_, b) in words.iter().filter(|(_, b)| in_block(*height, b)) {
                let column = ((b[0] + b[2]) / 2.0 / width * columns as f64) as usize;
                let at = &mut lowest[column.min(columns - 1)];
                *at = at.max(b[3]);
            }
            lowest.iter().map(|l| (l - top) / (foot - top)).collect()
        })
        .collect()
}

#[test]
fn a_figure_that_does_not_fit_below_a_table_across_the_page_waits_while_the_text_fills_the_columns()
{
    // River Line's Combat Results Table, across the two columns, then a
    // map figure in a column and a long text: a figure that does not fit
    // at a column's foot below the table (nor in the short column beside)
    // waits for a column that holds it while the text after it fills the
    // foot and the column beside (no column of a page before the last left
    // a third empty; before, both went to the next page). Text of many
    // lengths before the table and between it and the figure, on both
    // papers.
    for paper in ["letter", "a4"] {
        for (filler, between) in (1000..1300)
            .step_by(60)
            .flat_map(|f| [(f, 20), (f, 60), (f, 100)])
        {
            let (tmp, dir) = support::temp_game("river-line");
            let mut md = String::from("# Rules\n\n## Combat\n\n");
            md.push_str("Startrules ");
            md.push_str(&paragraph(filler, 1));
            md.push_str("Beforechart comes right before the table.\n\n");
            md.push_str("{{ table(\"combat\") }}\n\n");
            md.push_str(&paragraph(between, 2));
            md.push_str(concat!(
                "```figure\nid = \"attack\"\nmap = \"sel\"\nhexes = \"1005..1409\"\n",
                "caption = \"Afigure of an attack.\"\n```\n\n"
            ));
            md.push_str(&paragraph(900, 3));
            md.push_str("## Moving\n\nUnits move.\n\n## Fighting\n\nUnits fight.\n\n");
            fs::write(dir.join("rules/rules.md"), md).expect("write rules");
            let options = ["--columns", "2", "--paper", paper];
            let pdf = build_rulebook_with(&dir, &tmp.path().join("out"), &options);
            let pages = word_boxes(&pdf);
            let page_of = |word: &str| {
                pages
                    .iter()
                    .position(|(_, words)| words.iter().any(|(t, _)| t == word))
            };
            let first = page_of("Startrules").expect("the rules");
            assert!(page_of("A2").is_some(), "the table");
            let full = column_fullness(&pages, 2);
            let text_end = page_of("Units").expect("the last chapters");
            for (n, columns) in full.iter().enumerate().take(text_end).skip(first + 1) {
                for (c, f) in columns.iter().enumerate() {
                    assert!(
                        *f >= 2.0 / 3.0,
                        "{paper}, {filler} then {between} words: page {} column {} is {:.0}% full: {full:?}",
                        n + 1,
                        c + 1,
                        f * 100.0
                    );
                }
            }
        }
    }
}

/// The words of a page's text block that lie outside the one-column
/// measure (30 ems of the 9.5 pt body, centred) and start with `prefix`.
fn outside_measure<'a>(pages: &'a Pages, prefix: &str) -> Vec<(usize, &'a str, f64, f64)> {
    let measure = 30.0 * 9.5;
    let mut outside = Vec::new();
    for (n, ((width, height), words)) in pages.iter().enumerate() {
        let (left, right) = ((width - measure) / 2.0, (width + measure) / 2.0);
        for (t, b) in words.iter().filter(|(t, _)| t.starts_with(prefix)) {
            if in_block(*height, b) && (b[0] < left - 1.0 || b[2] > right + 1.0) {
                outside.push((n + 1, t.as_str(), b[0], b[2]));
            }
        }
    }
    outside
}

#[test]
fn a_one_column_books_table_keeps_the_prose_measure_where_its_columns_fit_it() {
    // A table of three short columns is set within the prose's measure
    // (its rows read as the prose beside them does); one of eight columns
    // of words too long for it there takes the page's width, as it must.
    let mut md = String::from("# Rules\n\n## Setup\n\n");
    md.push_str(&paragraph(150, 1));
    md.push_str(&pipe_table("Nrow", 10));
    md.push_str(&paragraph(120, 2));
    md.push_str("| Wa | Wb | Wc | Wd | We | Wf | Wg | Wh |\n|---|---|---|---|---|---|---|---|\n");
    for r in 0..4 {
        let _ = writeln!(
            md,
            "| Wide{r}abcdefg | Wide{r}bcdefgh | Wide{r}cdefghi | Wide{r}defghij | Wide{r}efghijk | Wide{r}fghijkl | Wide{r}ghijklm | Wide{r}hijklmn |"
        );
    }
    md.push('\n');
    md.push_str(&paragraph(120, 3));
    for paper in ["letter", "a4"] {
        let (tmp, dir) = support::temp_game("grid-battles");
        fs::write(dir.join("rules/grid-battles.md"), &md).expect("write rules");
        let out = tmp.path().join("out");
        let pdf = build_rulebook_with(&dir, &out, &["--paper", paper, "--columns", "1"]);
        let pages = word_boxes(&pdf);
        assert_eq!(cells(&pages, "Nrow").len(), 10, "{paper}: the table's rows");
        let narrow = outside_measure(&pages, "Nrow");
        assert!(
            narrow.is_empty(),
            "{paper}: outside the measure: {narrow:?}"
        );
        let wide = outside_measure(&pages, "Wide");
        assert!(
            !wide.is_empty(),
            "{paper}: the wide table is squeezed into the measure"
        );
    }
}

#[test]
fn a_short_glossary_and_index_share_pages_rather_than_leave_one_under_a_third_full() {
    // Rules ending at every height of their last page, then the glossary
    // (Grid Battles' few terms) and an index: no page but the last is
    // under a third full, on either paper, in one column or two.
    let mut problems = String::new();
    for (paper, columns) in [("letter", "2"), ("a4", "2"), ("letter", "1")] {
        for filler in (0..6).map(|k| 150 + k * 110) {
            let mut md = String::from("# Rules\n\n## Setup\n\n");
            md.push_str("Each [Zone of Control](index:) and [Hex](index:) counts.\n\n");
            md.push_str(&paragraph(filler, 1));
            md.push_str(&paragraph(filler / 3, 2));
            let (tmp, dir) = support::temp_game("grid-battles");
            fs::write(dir.join("rules/grid-battles.md"), &md).expect("write rules");
            let out = tmp.path().join("out");
            let pdf = build_rulebook_with(&dir, &out, &["--paper", paper, "--columns", columns]);
            let pages = word_boxes(&pdf);
            let has = |word: &str| pages.iter().any(|(_, w)| w.iter().any(|(t, _)| t == word));
            assert!(
                has("Glossary") && has("Index"),
                "{paper} {columns} {filler}"
            );
            let full = fullness(&pages, columns.parse().expect("a number"));
            for (n, f) in full.iter().enumerate().take(pages.len() - 1).skip(2) {
                if *f < 1.0 / 3.0 {
                    let _ = writeln!(
                        problems,
                        "{paper} {columns} filler {filler}: page {} of {} is {:.0}% full",
                        n + 1,
                        pages.len(),
                        f * 100.0
                    );
                }
            }
        }
    }
    assert!(problems.is_empty(), "{problems}");
}

/// The page (from 0), column (0 left, by the word's middle) and top of
/// each word in a page's text block that is `word`, page by page.
fn places_of(pages: &Pages, word: &str, columns: usize) -> Vec<(usize, usize, f64)> {
    let mut found = Vec::new();
    for (n, ((width, height), words)) in pages.iter().enumerate() {
        for (_, b) in words.iter().filter(|(t, _)| t == word) {
            if in_block(*height, b) {
                let column = ((b[0] + b[2]) / 2.0 / width * columns as f64) as usize;
                found.push((n, column.min(columns - 1), b[1]));
            }
        }
    }
    found
}

#[test]
fn a_dice_block_shorter_than_a_column_is_set_whole_and_the_text_flows_on() {
    // Grid Battles' six dice after text of many lengths, in one and two
    // columns: wherever the block comes, its dice are in one column, in
    // order (no die's name left at a column's foot without the dice after
    // it), and the text after it is set.
    let names = ["Yellow", "Blue", "Red", "Brown", "Grey", "Black"];
    for columns in ["2", "1"] {
        let n: usize = columns.parse().expect("a number");
        for filler in (60..700).step_by(70) {
            let mut md = String::from("# Rules\n\n## Dice\n\n");
            md.push_str(&paragraph(filler, 1));
            md.push_str("{{ dice(\"dice\", \"role\") }}\n\n");
            md.push_str("Afterdice ");
            md.push_str(&paragraph(400, 2));
            let (_tmp, _, pages) = rulebook(&md, Some(columns));
            let dice: Vec<(usize, usize, f64)> = names
                .iter()
                .map(|name| {
                    let at = places_of(&pages, name, n);
                    assert_eq!(at.len(), 1, "{columns} columns, {filler}: {name} at {at:?}");
                    at[0]
                })
                .collect();
            assert!(
                dice.iter().all(|d| (d.0, d.1) == (dice[0].0, dice[0].1)),
                "{columns} columns, filler {filler}: the dice are split: {dice:?}"
            );
            assert!(
                dice.windows(2).all(|w| w[0].2 < w[1].2),
                "{columns} columns, filler {filler}: {dice:?}"
            );
            assert_eq!(places_of(&pages, "Afterdice", n).len(), 1);
        }
    }
}

#[test]
fn a_box_shorter_than_a_column_is_not_split() {
    // An example box of ~90 words after text of many lengths, in one and
    // two columns, on both papers: its first and last words are in one
    // column of one page, and the text after it is set.
    for columns in ["2", "1"] {
        let n: usize = columns.parse().expect("a number");
        for filler in (80..900).step_by(55) {
            let mut md = String::from("# Rules\n\n## Combat\n\n");
            md.push_str(&paragraph(filler, 1));
            md.push_str("::: example\n\nBoxstart ");
            md.push_str(&paragraph(90, 2).replace(".\n\n", " Boxend.\n\n"));
            md.push_str(":::\n\nAfterbox ");
            md.push_str(&paragraph(500, 3));
            let (_tmp, _, pages) = rulebook(&md, Some(columns));
            let start = places_of(&pages, "Boxstart", n);
            let end = places_of(&pages, "Boxend.", n);
            assert_eq!((start.len(), end.len()), (1, 1), "{columns}, {filler}");
            assert_eq!(
                (start[0].0, start[0].1),
                (end[0].0, end[0].1),
                "{columns} columns, filler {filler}: the box is split: {start:?} {end:?}"
            );
            assert_eq!(places_of(&pages, "Afterbox", n).len(), 1);
        }
    }
}

#[test]
fn a_figure_behind_another_waits_while_the_text_fills_the_last_column() {
    // Two River Line map figures one after the other, then text: where the
    // first goes on to a page's last column and the second fits only on
    // the next page, the text after them fills that column rather than
    // leave it empty (no column of a page before the last text page under
    // two thirds full), and the figures keep their order.
    for paper in ["letter", "a4"] {
        for filler in (300..1500).step_by(100) {
            let (tmp, dir) = support::temp_game("river-line");
            let mut md = String::from("# Rules\n\n## Combat\n\n");
            md.push_str("Startrules ");
            md.push_str(&paragraph(filler, 1));
            for (id, hexes) in [("first", "1005..1409"), ("second", "0504..0909")] {
                let _ = write!(
                    md,
                    "```figure\nid = \"{id}\"\nmap = \"sel\"\nhexes = \"{hexes}\"\ncaption = \"Fig{id} shown.\"\n```\n\n"
                );
                md.push_str(&paragraph(40, 2));
            }
            md.push_str(&paragraph(700, 3));
            md.push_str("## Moving\n\nUnits move.\n\n## Fighting\n\nUnits fight.\n\n");
            fs::write(dir.join("rules/rules.md"), md).expect("write rules");
            let options = ["--columns", "2", "--paper", paper];
            let pdf = build_rulebook_with(&dir, &tmp.path().join("out"), &options);
            let pages = word_boxes(&pdf);
            let page_of = |word: &str| {
                pages
                    .iter()
                    .position(|(_, words)| words.iter().any(|(t, _)| t == word))
            };
            let first = page_of("Startrules").expect("the rules");
            let (a, b) = (page_of("Figfirst"), page_of("Figsecond"));
            assert!(
                a.is_some() && b.is_some() && a <= b,
                "{paper}, {filler}: {a:?} {b:?}"
            );
            let full = column_fullness(&pages, 2);
            let text_end = page_of("Units").expect("the last chapter");
            for (n, columns) in full.iter().enumerate().take(text_end).skip(first + 1) {
                for (c, f) in columns.iter().enumerate() {
                    assert!(
                        *f >= 2.0 / 3.0,
                        "{paper}, {filler} words: page {} column {} is {:.0}% full: {full:?}",
                        n + 1,
                        c + 1,
                        f * 100.0
                    );
                }
            }
        }
    }
}

#[test]
fn a_figure_waiting_for_the_column_beside_is_not_passed_by_the_one_after_it() {
    // A 14-row table, then a 2-row one, after text of many lengths, in two
    // columns: where the first does not fit at the left column's foot it
    // goes to the right column and the second follows it there; the
    // second never takes the left column's foot ahead of it (figures
    // keep their order where the next column is beside).
    for paper in ["letter", "a4"] {
        for filler in (100..900).step_by(40) {
            let mut md = String::from("# Rules\n\n## Combat\n\n");
            md.push_str(&paragraph(filler, 1));
            md.push_str(&pipe_table("Big", 14));
            md.push_str(&pipe_table("Small", 2));
            md.push_str(&paragraph(300, 3));
            let (tmp, dir) = support::temp_game("grid-battles");
            fs::write(dir.join("rules/grid-battles.md"), &md).expect("write rules");
            let options = ["--columns", "2", "--paper", paper];
            let pdf = build_rulebook_with(&dir, &tmp.path().join("out"), &options);
            let pages = word_boxes(&pdf);
            let big = cells(&pages, "Big");
            let small = cells(&pages, "Small");
            assert!(!big.is_empty() && !small.is_empty(), "{paper}, {filler}");
            let (b, s) = (big[0], small[0]);
            let ahead = s.1 == b.1 && (s.2 < b.2 || (s.2 == b.2 && s.3 < b.3));
            assert!(
                !ahead,
                "{paper}, filler {filler}: the small table (page {} column {}) is set \
                 ahead of the big one (page {} column {})",
                s.1 + 1,
                s.2 + 1,
                b.1 + 1,
                b.2 + 1
            );
        }
    }
}

#[test]
fn a_one_column_books_index_is_set_in_two_columns_within_the_measure() {
    // A one-column book with 40 index terms: the index's entries stand in
    // two columns side by side, both within the prose's measure, so it
    // takes about half the lines it would in one.
    let mut md = String::from("# Rules\n\n## Terms\n\n");
    for k in 0..40 {
        let _ = writeln!(
            md,
            "The [Termword{k:02}](index:) rule. {}",
            paragraph(12, k)
        );
    }
    let (_tmp, _, pages) = rulebook(&md, Some("1"));
    // The index's entries: a term followed by its page number (in the
    // text a term is followed by "rule.").
    let mut entries: Vec<(usize, [f64; 4])> = Vec::new();
    for (n, (_, words)) in pages.iter().enumerate() {
        for pair in words.windows(2) {
            if pair[0].0.starts_with("Termword") && pair[1].0.parse::<usize>().is_ok() {
                entries.push((n, pair[0].1));
            }
        }
    }
    assert_eq!(entries.len(), 40, "{entries:?}");
    // The prose's measure: the text's lines, justified, on its pages.
    let first_index_page = entries[0].0;
    let (mut left, mut right) = (f64::MAX, 0.0f64);
    for ((_, height), words) in pages.iter().take(first_index_page) {
        for (_, b) in words.iter().filter(|(_, b)| in_block(*height, b)) {
            left = left.min(b[0]);
            right = right.max(b[2]);
        }
    }
    let mut lefts: Vec<i64> = entries.iter().map(|(_, b)| b[0].round() as i64).collect();
    lefts.sort_unstable();
    lefts.dedup_by(|a, b| (*a - *b).abs() < 3);
    assert_eq!(
        lefts.len(),
        2,
        "the index's entries start at {lefts:?}, not at two columns' left edges"
    );
    let entries: Vec<[f64; 4]> = entries.iter().map(|(_, b)| *b).collect();
    for b in &entries {
        assert!(
            b[0] >= left && b[2] <= right + 1.0,
            "an index entry at {b:?} outside the measure {left:.1}..{right:.1}"
        );
    }
}

#[test]
fn a_gallery_under_its_heading_fills_its_first_page_with_as_many_rows_as_the_next() {
    // Battlefront's 70 cards under a heading after text of many lengths,
    // in one column (three cards to a row), on both papers: where the
    // heading goes on to the top of a page with the first row, the cards
    // are scaled so that it and as many rows as any other page holds fit
    // there (the page is not left a row short under its heading).
    for paper in ["letter", "a4"] {
        let mut at_top = 0;
        for filler in (100..1300).step_by(100) {
            let (tmp, dir) = support::temp_game("battlefront");
            let md = format!(
                "# Cards\n\n{}\n## Card list\n\n{{{{ deck(\"cards\") }}}}\n\n{}",
                paragraph(filler, 1),
                paragraph(200, 2)
            );
            let rules = fs::read_dir(dir.join("rules"))
                .expect("rules")
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "md"))
                .collect::<Vec<_>>();
            for (k, path) in rules.iter().enumerate() {
                fs::write(path, if k == 0 { md.as_str() } else { "" }).expect("write rules");
            }
            let options = ["--columns", "1", "--paper", paper];
            let pdf = build_rulebook_with(&dir, &tmp.path().join("out"), &options);
            let pages = word_boxes(&pdf);
            // The tops of the rows on each page: each card's force, a
            // number at its top (no other number is in the gallery's
            // pages' text block), rows more than 30 pt apart.
            let mut rows: std::collections::BTreeMap<usize, Vec<f64>> = Default::default();
            for (n, ((_, h), words)) in pages.iter().enumerate().skip(1) {
                if words.iter().any(|(t, _)| t == "Glossary") {
                    continue;
                }
                for (_, b) in words
                    .iter()
                    .filter(|(t, b)| in_block(*h, b) && t.parse::<u32>().is_ok())
                {
                    let tops = rows.entry(n).or_default();
                    if !tops.iter().any(|y| (y - b[1]).abs() < 30.0) {
                        tops.push(b[1]);
                    }
                }
            }
            let most = rows.values().map(Vec::len).max().expect("rows");
            // The heading: the last "Card list" up to the first row (the
            // contents name it before, the index after).
            let first_rows = *rows.keys().next().expect("a gallery page");
            let heading =
                pages
                    .iter()
                    .enumerate()
                    .take(first_rows + 1)
                    .flat_map(|(n, (_, words))| {
                        words
                            .windows(2)
                            .filter(|w| w[0].0 == "Card" && w[1].0 == "list")
                            .map(move |w| (n, w[0].1[1]))
                    });
            let Some((page, top)) = heading.last() else {
                panic!("{paper}, {filler}: no heading");
            };
            let text_top = pages
                .iter()
                .skip(1)
                .flat_map(|((_, h), words)| words.iter().filter(|(_, b)| in_block(*h, b)))
                .map(|(_, b)| b[1])
                .fold(f64::MAX, f64::min);
            if top > text_top + 2.0 {
                continue;
            }
            at_top += 1;
            let here = rows.get(&page).map_or(0, Vec::len);
            assert_eq!(
                here,
                most,
                "{paper}, filler {filler}: the heading tops p. {} with {here} rows under \
                 it, other pages {most}: {rows:?}",
                page + 1
            );
        }
        assert!(
            at_top > 0,
            "{paper}: no filler put the heading at a page's top"
        );
    }
}

/// Where the word `marker` followed by a number is last set in the text
/// block, by number: its page, column and top (a heading's repeats, as the
/// contents entry before it and a table's "continued" title after it,
/// leave its last place).
fn last_places(
    pages: &Pages,
    marker: &str,
) -> std::collections::BTreeMap<usize, (usize, usize, f64)> {
    cells(pages, marker)
        .into_iter()
        .map(|(number, page, column, top)| (number, (page, column, top)))
        .collect()
}

#[test]
fn a_sections_text_is_never_set_before_its_heading_where_its_table_moves_on() {
    // A heading right above a table goes with the table where the table
    // moves on to the next column or page; the text after the table is
    // that heading's, and is never set before it (in a column, or across
    // the page in two columns), whatever text comes before.
    for columns in [None, Some("1")] {
        for filler in (30..420).step_by(65) {
            let mut md = String::from("# Rules\n\n## Mark1 setup\n\n");
            md.push_str(&format!("Mark2 {}", paragraph(filler, 1)));
            md.push_str("### Mark3 orders\n\n");
            md.push_str(&pipe_table("Tcell", 14));
            md.push_str(&format!("Mark4 {}", paragraph(60, 2)));
            md.push_str(&format!("Mark5 {}", paragraph(filler / 2 + 20, 3)));
            md.push_str("### Mark6 weather\n\n");
            md.push_str("| Case | Attacker strength | Defender strength | Terrain effect | Weather | Result |\n");
            md.push_str("|---|---|---|---|---|---|\n");
            for r in 0..12 {
                let _ = writeln!(
                    md,
                    "| Wrow{r} | attacker {r} | defender {r} | terrain {r} | weather {r} | result {r} |"
                );
            }
            md.push_str(&format!("\nMark7 {}", paragraph(50, 4)));
            md.push_str(&format!("## Mark8 combat\n\nMark9 {}", paragraph(200, 5)));
            let (_tmp, _, pages) = rulebook(&md, columns);
            let places = last_places(&pages, "Mark");
            let context = format!("{columns:?} columns, filler {filler}");
            assert_eq!(
                places.keys().copied().collect::<Vec<_>>(),
                (1..=9).collect::<Vec<_>>(),
                "{context}: {places:?}"
            );
            let order: Vec<_> = places.values().collect();
            assert!(
                order.windows(2).all(|w| w[0] < w[1]),
                "{context}: the text is set out of its order: {places:?}"
            );
        }
    }
}

#[test]
fn a_box_moves_whole_only_where_that_leaves_at_most_a_third_of_a_column_empty() {
    // A long example box (most of a column in two) after text of many
    // lengths: where it starts at a column's top, the column before it
    // is at least two thirds full; else it starts below the text and runs
    // on into the next column in its box.
    let mut moved = 0;
    for columns in ["2", "1"] {
        let n: usize = columns.parse().expect("a number");
        for filler in (80..900).step_by(70) {
            let mut md = String::from("# Rules\n\n## Combat\n\n");
            md.push_str(&paragraph(filler, 1));
            md.push_str("::: example\n\nBoxstart ");
            md.push_str(&paragraph(180, 2));
            md.push_str(&paragraph(120, 4).replace(".\n\n", " Boxend.\n\n"));
            md.push_str(":::\n\nAfterbox ");
            md.push_str(&paragraph(500, 3));
            let (_tmp, _, pages) = rulebook(&md, Some(columns));
            let context = format!("{columns} columns, filler {filler}");
            let start = places_of(&pages, "Boxstart", n);
            let end = places_of(&pages, "Boxend.", n);
            assert_eq!((start.len(), end.len()), (1, 1), "{context}");
            let (page, column, top) = start[0];
            let fullness = column_fullness(&pages, n);
            // At its column's top (no line above it): the column before.
            let at_top = pages[page].1.iter().all(|(_, b)| {
                !in_block(pages[page].0.1, b)
                    || b[1] >= top - 30.0
                    || ((b[0] + b[2]) / 2.0 / pages[page].0.0 * n as f64) as usize != column
            });
            if !at_top || (page, column) == (1, 0) {
                continue;
            }
            moved += 1;
            let (before_page, before_column) = if column > 0 {
                (page, column - 1)
            } else {
                (page - 1, n - 1)
            };
            let full = fullness[before_page][before_column];
            assert!(
                full >= 2.0 / 3.0 - 0.02,
                "{context}: the box starts at page {}, column {column}'s top and leaves the column before {full:.2} full",
                page + 1
            );
        }
    }
    assert!(moved > 0, "no box came at a column's top");
}
