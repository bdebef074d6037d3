//! Two-column rulebook pages as a book set with LaTeX's multicol has them
//! (issue "Rulebooks to the standard of a LaTeX or typst book", "Page"),
//! read back from real PDFs with `pdftotext -bbox`: the last page's columns
//! and the columns above a table across the page end within two lines of
//! each other, and no heading is the last line of a column, nor with one
//! line under it at a column's foot unless that is its whole section.

mod support;

use std::fmt::Write as _;
use std::fs;

use support::raw::build_rulebook;
use support::tools::{BoxedWord, structure_text, word_boxes};

use support::prose::WORDS;

/// Generated rules: sections (a heading "Headword{k} rules", then
/// paragraphs of 1 to about 12 lines; some a one-line intro under a
/// heading right before the next heading), and, when `wide`, a table
/// too wide for a column after section `wide`.
fn rules(sections: usize, wide: Option<usize>) -> String {
    rules_with(sections, wide, 6)
}

/// [`rules`], the wide table `rows` rows long.
fn rules_with(sections: usize, wide: Option<usize>, rows: usize) -> String {
    let mut md = String::from("# Generated Rules\n\n");
    for k in 0..sections {
        let _ = writeln!(md, "## Headword{k} rules\n");
        if k % 4 == 1 {
            // A one-line intro, then a subheading.
            let _ = writeln!(md, "Intro{k} in short.\n\n### Subword{k} case\n");
        }
        for p in 0..1 + (k * 5) % 3 {
            let words = 8 + (k * 37 + p * 53) % 110;
            let text: Vec<&str> = (0..words)
                .map(|w| WORDS[(w + k + p) % WORDS.len()])
                .collect();
            let _ = writeln!(md, "{}.\n", text.join(" "));
        }
        if wide == Some(k) {
            md.push_str("| Case | Attacker strength | Defender strength | Terrain effect | Weather | Result |\n");
            md.push_str("|---|---|---|---|---|---|\n");
            for r in 0..rows {
                let _ = writeln!(
                    md,
                    "| Row{r} | attacker {r} | defender {r} | terrain {r} | weather {r} | result {r} |"
                );
            }
            md.push('\n');
        }
    }
    md
}

/// Every page's size and word boxes.
type Pages = Vec<((f64, f64), Vec<BoxedWord>)>;

/// The Grid Battles game (two columns on Letter) with `md` as its rules.
fn rulebook(md: &str) -> (tempfile::TempDir, Pages) {
    let (tmp, dir) = support::temp_game("grid-battles");
    fs::write(dir.join("rules/grid-battles.md"), md).expect("write rules");
    let pdf = build_rulebook(&dir, &tmp.path().join("out"));
    let pages = word_boxes(&pdf);
    (tmp, pages)
}

/// A page's body lines by column: (baseline-ish bottom, words), top down.
type Line<'a> = (f64, Vec<&'a str>);

fn columns<'a>(
    page: &'a ((f64, f64), Vec<BoxedWord>),
    below: f64,
    above: f64,
) -> [Vec<Line<'a>>; 2] {
    let ((width, height), words) = page;
    let mut out: [Vec<Line<'a>>; 2] = [Vec::new(), Vec::new()];
    for (text, b) in words {
        // The text block: below the running head, above the folio.
        if b[1] < 50.0 || b[3] > height - 40.0 || b[1] < below || b[3] > above {
            continue;
        }
        let column = usize::from((b[0] + b[2]) / 2.0 > width / 2.0);
        let lines = &mut out[column];
        match lines.iter_mut().find(|(y, _)| (y - b[3]).abs() < 2.0) {
            Some((_, line)) => line.push(text),
            None => lines.push((b[3], vec![text])),
        }
    }
    for lines in &mut out {
        lines.sort_by(|a, b| a.0.total_cmp(&b.0));
    }
    out
}

/// The distance between a column's lines of text (its most common step).
fn line_pitch(lines: &[Line<'_>]) -> f64 {
    let mut steps: Vec<i64> = lines
        .windows(2)
        .map(|w| ((w[1].0 - w[0].0) * 10.0).round() as i64)
        .filter(|s| *s > 0)
        .collect();
    steps.sort_unstable();
    let mode = steps
        .chunk_by(|a, b| a == b)
        .max_by_key(|c| c.len())
        .map_or(120, |c| c[0]);
    mode as f64 / 10.0
}

fn is_heading(line: &Line<'_>) -> bool {
    line.1
        .iter()
        .any(|w| w.starts_with("Headword") || w.starts_with("Subword"))
}

/// No column's last line is a heading, nor the line above it but for a
/// section of one line, on every page from the rules' first heading on
/// but at their very end.
fn assert_no_heading_at_a_column_foot(pages: &[((f64, f64), Vec<BoxedWord>)]) {
    let (first, top) = first_body(pages);
    let last = pages.len() - 1;
    for (n, page) in pages.iter().enumerate().skip(first) {
        let below = if n == first { top } else { 0.0 };
        for (c, lines) in columns(page, below, f64::MAX).iter().enumerate() {
            let len = lines.len();
            if n == last && c == 1 {
                continue;
            }
            let foot = &lines[len.saturating_sub(4)..];
            let last = lines.last();
            assert!(
                !last.is_some_and(is_heading),
                "page {}, column {}: a heading is the column's last line: {foot:?}",
                n + 1,
                c + 1,
            );
            // Above the last line only with all its section under it: a
            // paragraph of one line (they end with a full stop).
            let whole = last.is_some_and(|l| l.1.last().is_some_and(|w| w.ends_with('.')));
            assert!(
                len < 2 || !is_heading(&lines[len - 2]) || whole,
                "page {}, column {}: a heading with one line under it at the column's foot: {foot:?}",
                n + 1,
                c + 1,
            );
        }
    }
}

/// Each of `words` appears exactly once in the PDF's text.
fn assert_each_once(pages: &Pages, words: &[&str], context: &str) {
    for word in words {
        let times = pages
            .iter()
            .flat_map(|(_, words)| words.iter())
            .filter(|w| w.0 == *word)
            .count();
        assert_eq!(times, 1, "{context}: {word} {times} times");
    }
}

/// The lowest line of any column: the text block's foot.
fn text_block_foot(pages: &Pages) -> f64 {
    pages
        .iter()
        .flat_map(|p| columns(p, 0.0, f64::MAX))
        .filter_map(|c| c.last().map(|l| l.0))
        .fold(0.0, f64::max)
}

/// The page and top of the last `word` set in a text block (below the
/// running head): a heading the contents list first.
fn last_in_text_block(pages: &[((f64, f64), Vec<BoxedWord>)], word: &str) -> Option<(usize, f64)> {
    pages
        .iter()
        .enumerate()
        .filter_map(|(n, (_, words))| {
            words
                .iter()
                .rfind(|w| w.0 == word && w.1[1] > 50.0)
                .map(|w| (n, w.1[1] - 1.0))
        })
        .next_back()
}

/// Where the rules start: the page and top of their first heading, the
/// last "Generated" set in a text block (the contents list it first).
fn first_body(pages: &[((f64, f64), Vec<BoxedWord>)]) -> (usize, f64) {
    last_in_text_block(pages, "Generated").expect("the rules' first heading")
}

#[test]
fn the_last_pages_columns_end_within_two_lines_of_each_other() {
    // Different lengths of rules, so the last page holds a few lines or
    // nearly a page.
    for sections in [3, 9, 16, 23] {
        let (_tmp, pages) = rulebook(&rules(sections, None));
        let page = pages.last().expect("a page");
        let [left, right] = columns(page, 0.0, f64::MAX);
        let pitch = line_pitch(&left).max(line_pitch(&right));
        let bottom = |lines: &[Line<'_>]| lines.last().map_or(0.0, |l| l.0);
        assert!(
            !right.is_empty() || left.len() < 2,
            "{sections}: column two empty: {left:?}"
        );
        let (l, r) = (bottom(&left), bottom(&right));
        assert!(
            (l - r).abs() <= 2.0 * pitch + 0.5,
            "{sections} sections: the last page's columns end at {l:.1} and {r:.1} (lines {pitch:.1} apart)"
        );
        assert_no_heading_at_a_column_foot(&pages);
    }
}

#[test]
fn the_columns_above_a_table_across_the_page_end_within_two_lines_of_each_other() {
    // Not after section 13: above it, a heading kept with its intro and
    // a subheading leaves column one five lines short. (After section 8,
    // the heading kept with its lines after the table does not fit the
    // columns left under it: the table goes to the next page's top.)
    for wide in [0, 4, 6, 7, 8, 11, 14] {
        let (_tmp, pages) = rulebook(&rules(16, Some(wide)));
        // The table's first row, and the page it is on.
        let (n, top) = pages
            .iter()
            .enumerate()
            .find_map(|(n, (_, words))| words.iter().find(|w| w.0 == "Case").map(|w| (n, w.1[1])))
            .expect("the table's head");
        // On the rules' first page the columns start below the contents.
        let (first, start) = first_body(&pages);
        let below = if n == first { start } else { 0.0 };
        let [mut left, right] = columns(&pages[n], below, top - 1.0);
        // The rules' title goes across the page above the columns.
        left.retain(|l| !l.1.contains(&"Generated"));
        let bottom = |lines: &[Line<'_>]| lines.last().map_or(0.0, |l| l.0);
        // The table's heading with less than the lines it keeps under it
        // goes across the page with the table, below both columns.
        let heading = format!("Headword{wide}");
        if let Some(k) = left.iter().position(|l| l.1.contains(&heading.as_str()))
            && left[k].0 > bottom(&right)
        {
            left.truncate(k);
        }
        if left.is_empty() && right.is_empty() {
            // At the top of its page: nothing above it to balance.
            continue;
        }
        let pitch = line_pitch(&left).max(line_pitch(&right));
        let (l, r) = (bottom(&left), bottom(&right));
        assert!(
            (l - r).abs() <= 2.0 * pitch + 0.5,
            "table after section {wide}, page {}: the columns above it end at {l:.1} and {r:.1}",
            n + 1
        );
        assert_no_heading_at_a_column_foot(&pages);
    }
}

#[test]
fn a_table_across_the_page_that_does_not_fit_floats_and_the_text_fills_the_page_before() {
    let mut floated = 0;
    // Tables of five rows move whole: every place in the rules.
    for wide in 0..16 {
        let (_tmp, pages) = rulebook(&rules_with(16, Some(wide), 5));
        // Every row once.
        let rows: Vec<&str> = pages
            .iter()
            .flat_map(|(_, words)| words.iter().map(|w| w.0.as_str()))
            .filter(|w| w.starts_with("Row"))
            .collect();
        assert_eq!(rows.len(), 5, "table after section {wide}: {rows:?}");
        let (n, top) = pages
            .iter()
            .enumerate()
            .find_map(|(n, (_, words))| words.iter().find(|w| w.0 == "Case").map(|w| (n, w.1[1])))
            .expect("the table's head");
        let [left, right] = columns(&pages[n], 0.0, top - 1.0);
        if !left.is_empty() || !right.is_empty() || n == 0 {
            continue;
        }
        // At the top of its page: the page before it is full, both columns
        // down to the foot of the text block (as low as any column goes)
        // but for less than a heading and the two lines kept with it.
        floated += 1;
        let foot = pages
            .iter()
            .flat_map(|p| columns(p, 0.0, f64::MAX))
            .filter_map(|c| c.last().map(|l| l.0))
            .fold(0.0, f64::max);
        let [left, right] = columns(&pages[n - 1], 0.0, f64::MAX);
        let pitch = line_pitch(&left).max(line_pitch(&right));
        for (c, lines) in [left, right].iter().enumerate() {
            let bottom = lines.last().map_or(0.0, |l| l.0);
            assert!(
                bottom >= foot - 5.0 * pitch,
                "table after section {wide} on page {}: column {} of the page before ends at {bottom:.1}, the foot is {foot:.1}",
                n + 1,
                c + 1
            );
        }
        assert_no_heading_at_a_column_foot(&pages);
    }
    assert!(floated > 0, "no table went to the top of a page");
}

/// Grognards with its deck cut to its first `count` cards (two to a row
/// in a column) and `md` as its rules.
fn grognards_with_cards(md: &str, count: usize) -> (tempfile::TempDir, std::path::PathBuf) {
    let (tmp, dir) = support::temp_game("grognards");
    let deck = fs::read_to_string(dir.join("cards.toml")).expect("cards.toml");
    let mut parts = deck.split("[[cards]]");
    let head = parts.next().unwrap_or_default().replace("size = 39\n", "");
    let cards: Vec<&str> = parts.take(count).collect();
    let deck = format!("{head}[[cards]]{}", cards.join("[[cards]]"));
    fs::write(dir.join("cards.toml"), deck).expect("cards.toml");
    fs::write(dir.join("rules/grognards.md"), md).expect("rules");
    (tmp, dir)
}

/// Generated rules with a section of cards after section `at`: its
/// heading, the deck (two rows in a column), then a paragraph of its own.
fn rules_with_cards(sections: usize, at: usize) -> String {
    let mut md = String::new();
    for (k, part) in rules(sections, None).split("\n## ").enumerate() {
        if k > 0 {
            md.push_str("\n## ");
        }
        md.push_str(part);
        if k == at + 1 {
            md.push_str(
                "\n## Headword cards\n\n{{ deck(\"cards\") }}\n\n\
                 Aftercards the unit attacks an adjacent enemy hex and rolls two dice \
                 for each supporting artillery battery within range of the target, \
                 then the other side does the same with each unit it has left.\n\n",
            );
        }
    }
    md
}

#[test]
fn a_heading_and_cards_that_do_not_fit_a_column_leave_no_hole_the_text_after_fills_it() {
    // Decks are set in rows across the columns: where the heading and the
    // first row do not fit below the columns, the heading stays with the
    // text after the cards (its section's) and the rows float to the next
    // page's top; only where that text does not fit under the heading do
    // the heading and the rows go there together, and the column here ends
    // short of the foot, by less than they take (they could not fit);
    // everywhere else the text fills it.
    let count = 4;
    let mut put_off = 0;
    for at in 0..14 {
        let (tmp, dir) = grognards_with_cards(&rules_with_cards(16, at), count);
        let pdf = build_rulebook(&dir, &tmp.path().join("out"));
        if std::env::var("KEEPDBG").is_ok() {
            let _ = fs::copy(&pdf, format!("/tmp/dbg-{count}-{at}.pdf"));
        }
        let pages = word_boxes(&pdf);
        let context = format!("{count} cards after section {at}");
        assert_each_once(&pages, &["Socket", "Grenadiers", "Aftercards"], &context);
        let rows = assert_gallery_rows(&pages, &GROGNARDS_CARDS[..count], &context);
        let foot = text_block_foot(&pages);
        let (first, _) = first_body(&pages);
        // The rules end on the page before the glossary's (it starts a
        // page): that page's columns may end short, as the last page's may.
        let last = (first + 1..pages.len())
            .rev()
            .find(|&n| {
                pages[n]
                    .1
                    .iter()
                    .any(|w| w.0 == "Glossary" && w.1[1] > 50.0 && w.1[1] < 100.0)
            })
            .map_or(pages.len() - 1, |glossary| glossary - 1);
        // The gallery's heading and first row: the page and the height
        // they take from the heading's top to the row's lowest word.
        let (heading_page, heading_top) =
            last_in_text_block(&pages, "Headword").map_or((0, 0.0), |_| {
                pages
                    .iter()
                    .enumerate()
                    .rev()
                    .find_map(|(n, (_, w))| {
                        w.windows(2)
                            .find(|p| p[0].0 == "Headword" && p[1].0 == "cards" && p[0].1[1] > 50.0)
                            .map(|p| (n, p[0].1[1]))
                    })
                    .expect("the gallery's heading")
            });
        let first_row_bottom = pages[rows[0].0]
            .1
            .iter()
            .filter(|w| {
                w.0.starts_with("Use") && (w.1[1] - rows[0].1) > 0.0 && (w.1[1] - rows[0].1) < 200.0
            })
            .map(|w| w.1[3])
            .fold(rows[0].1, f64::max);
        // The card's frame reaches below its last words: by less than three lines.
        let gallery_height = first_row_bottom - heading_top;
        for (n, page) in pages.iter().enumerate().take(last).skip(first) {
            let cols = columns(page, 0.0, f64::MAX);
            let pitch = line_pitch(&cols[0]).max(line_pitch(&cols[1]));
            for (c, lines) in cols.iter().enumerate() {
                // A column of text (not ending in a card): down to the
                // foot but for a heading and the lines kept with it.
                let Some(end) = lines.last() else { continue };
                if end
                    .1
                    .iter()
                    .any(|w| w.starts_with("Use:") || *w == "Infantry")
                {
                    continue;
                }
                // A column right above a row of cards across the columns
                // ends where the row starts.
                let row_below = page.1.iter().any(|w| {
                    (w.0 == "Range" || w.0 == "Use:")
                        && w.1[1] > end.0
                        && w.1[1] < end.0 + 4.0 * pitch
                });
                if row_below {
                    continue;
                }
                if end.0 >= foot - 5.0 * pitch {
                    continue;
                }
                // Short of the foot only where the gallery, at the next
                // page's top, did not fit below it.
                let hole = foot - end.0;
                let next_top = pages
                    .get(n + 1)
                    .map(|(_, w)| {
                        w.iter()
                            .filter(|w| w.1[1] > 50.0)
                            .map(|w| w.1[1])
                            .fold(f64::MAX, f64::min)
                    })
                    .unwrap_or(f64::MAX);
                assert!(
                    heading_page == n + 1
                        && (heading_top - next_top).abs() < 2.0
                        && hole < gallery_height + 3.0 * pitch,
                    "{context}, page {}, column {}: ends at {:.1}, the foot is {foot:.1}, and the gallery ({gallery_height:.1} high) is not what could not fit (at page {}, {heading_top:.1})",
                    n + 1,
                    c + 1,
                    end.0,
                    heading_page + 1
                );
            }
        }
        // The case under test: the heading and first row at a page's top,
        // put off from the page before (whose columns were checked above).
        let body_top = pages.get(heading_page).map_or(f64::MAX, |(_, w)| {
            w.iter()
                .filter(|w| w.1[1] > 50.0)
                .map(|w| w.1[1])
                .fold(f64::MAX, f64::min)
        });
        if heading_page > first && (heading_top - body_top).abs() < 2.0 {
            put_off += 1;
        }
        assert_no_heading_at_a_column_foot(&pages);
        // The heading and every card are read before the text after them.
        let tagged: Vec<String> = structure_text(&pdf).into_iter().map(|t| t.text).collect();
        let find = |word: &str| tagged.iter().position(|t| t.contains(word));
        assert!(
            find("Socket") < find("Aftercards") && find("Socket").is_some(),
            "{count} cards after section {at}: {tagged:?}"
        );
    }
    assert!(
        put_off > 0,
        "the gallery never went to the next page's top (the case is not tested)"
    );
}

/// The first word of each of Grognards' first cards' names, in the deck's order.
const GROGNARDS_CARDS: [&str; 6] = [
    "Socket",
    "Sword",
    "Grenadiers",
    "Fusillade",
    "Volley",
    "Three",
];

/// The cards named by `names` (a word of each, in the deck's order) are set
/// in rows across the columns: each once, a row's cards side by side at
/// one height on one page, left to right; rows one below another, or on
/// a later page; every row full but the last, and each one whole. The
/// rows: their page, top and how many cards.
fn assert_gallery_rows(pages: &Pages, names: &[&str], context: &str) -> Vec<(usize, f64, usize)> {
    let at: Vec<(usize, f64, f64)> = names
        .iter()
        .map(|name| {
            let found: Vec<(usize, f64, f64)> = pages
                .iter()
                .enumerate()
                .flat_map(|(n, (_, w))| {
                    w.iter()
                        .filter(|w| w.0 == *name && w.1[1] > 50.0)
                        .map(move |w| (n, w.1[1], w.1[0]))
                })
                .collect();
            assert_eq!(
                found.len(),
                1,
                "{context}: card {name} set {} times",
                found.len()
            );
            found[0]
        })
        .collect();
    let mut rows: Vec<(usize, f64, usize)> = Vec::new();
    for (k, card) in at.iter().enumerate() {
        match rows.last_mut() {
            Some(row) if row.0 == card.0 && (row.1 - card.1).abs() < 2.0 => {
                let before = at[k - 1];
                assert!(
                    card.2 > before.2,
                    "{context}: {} is left of {} in their row",
                    names[k],
                    names[k - 1]
                );
                row.2 += 1;
            }
            Some(row) => {
                assert!(
                    card.0 > row.0 || (card.0 == row.0 && card.1 > row.1 + 30.0),
                    "{context}: {} (page {}, {:.1}) does not start a row below the one before (page {}, {:.1})",
                    names[k],
                    card.0 + 1,
                    card.1,
                    row.0 + 1,
                    row.1
                );
                rows.push((card.0, card.1, 1));
            }
            None => rows.push((card.0, card.1, 1)),
        }
    }
    let full = rows.iter().map(|r| r.2).max().unwrap_or(0);
    for row in &rows[..rows.len().saturating_sub(1)] {
        assert_eq!(
            row.2, full,
            "{context}: a row of {} cards before the last: {rows:?}",
            row.2
        );
    }
    rows
}

/// Two cards at the size they print (across the page) under a heading:
/// where they are put off to the next page and the paragraph after them
/// fills this one, the heading and every card are still read before it.
#[test]
fn a_heading_and_cards_put_off_to_the_next_page_are_all_read_before_the_text_after() {
    let mut md = String::new();
    for (k, part) in rules(16, None).split("\n## ").enumerate() {
        if k > 0 {
            md.push_str("\n## ");
        }
        md.push_str(part);
        if k == 1 {
            md.push_str(
                "\n## Headword cards\n\n{{ card(\"cards/socket-bayonets\") }}\n\n\
                 {{ card(\"cards/grenadiers\") }}\n\n\
                 Aftercards the unit attacks an adjacent enemy hex and rolls two dice.\n\n",
            );
        }
    }
    let (tmp, dir) = support::temp_game("grognards");
    fs::write(dir.join("rules/grognards.md"), md).expect("rules");
    let pdf = build_rulebook(&dir, &tmp.path().join("out"));
    let pages = word_boxes(&pdf);
    let page_of = |word: &str| {
        pages
            .iter()
            .position(|(_, words)| words.iter().any(|w| w.0 == word))
            .unwrap_or_else(|| panic!("{word} set"))
    };
    assert!(
        page_of("Aftercards") < page_of("Socket"),
        "the cards are put off past the text after them"
    );
    let tagged: Vec<String> = structure_text(&pdf).into_iter().map(|t| t.text).collect();
    let find = |word: &str| {
        tagged
            .iter()
            .rposition(|t| t.contains(word))
            .unwrap_or_else(|| panic!("{word} in {tagged:?}"))
    };
    let order = [
        find("Headword cards"),
        find("Socket"),
        find("Grenadiers"),
        find("Aftercards"),
    ];
    assert!(order.is_sorted(), "{order:?}: {tagged:?}");
}

/// A Grognards card row's height below its header's words ("Range 1"),
/// a little less than it is (its header sits a few points below its
/// top): where a column that ends in cards ends.
const CARD_BELOW_HEADER: f64 = 170.0;

/// A deck of one or two rows under a heading, then a paragraph, at
/// every place in the rules: decks are set in rows across the columns, so
/// a page whose text block ends in a row of cards has room left at its
/// foot for less than what comes next: less than a row where the next
/// page starts with the deck's next row, else for no more than a few
/// lines (the text after the cards fills it). The deck reads in rows, in
/// order, each row whole on its page.
#[test]
fn a_column_ending_in_cards_has_no_hole_the_text_after_them_could_fill() {
    let mut checked = 0;
    for count in [4, 6] {
        for at in 0..14 {
            let (tmp, dir) = grognards_with_cards(&rules_with_cards(16, at), count);
            let pdf = build_rulebook(&dir, &tmp.path().join("out"));
            if std::env::var("KEEPDBG").is_ok() {
                let _ = fs::copy(&pdf, format!("/tmp/dbg-{count}-{at}.pdf"));
            }
            let pages = word_boxes(&pdf);
            let context = format!("{count} cards after section {at}");
            assert_each_once(&pages, &["Socket", "Aftercards"], &context);
            assert_gallery_rows(&pages, &GROGNARDS_CARDS[..count], &context);
            let foot = text_block_foot(&pages);
            let (first, _) = first_body(&pages);
            let last = pages.len() - 1;
            for n in first..last {
                let cols = columns(&pages[n], 0.0, f64::MAX);
                let pitch = line_pitch(&cols[0]).max(line_pitch(&cols[1]));
                // The block's lowest line, and the next page's first.
                let lowest = cols
                    .iter()
                    .filter_map(|c| c.last())
                    .max_by(|a, b| a.0.total_cmp(&b.0));
                let Some(lowest) = lowest else { continue };
                if !is_card(lowest) {
                    continue;
                }
                checked += 1;
                // The lowest row's header: the top of its words.
                let header = pages[n]
                    .1
                    .iter()
                    .filter(|w| w.0 == "Range")
                    .map(|w| w.1[1])
                    .fold(0.0, f64::max);
                let bottom = header + CARD_BELOW_HEADER;
                let next = columns(&pages[n + 1], 0.0, f64::MAX);
                let next_first = next
                    .iter()
                    .filter_map(|c| c.first())
                    .min_by(|a, b| a.0.total_cmp(&b.0));
                let room = if next_first.is_some_and(is_card) {
                    CARD_BELOW_HEADER + 2.0 * pitch
                } else {
                    5.0 * pitch
                };
                assert!(
                    foot - bottom < room,
                    "{context}, page {}: the cards end at {bottom:.1}, the foot is {foot:.1}, and the next page starts with {:?}",
                    n + 1,
                    next_first.map(|l| &l.1)
                );
            }
            assert_no_heading_at_a_column_foot(&pages);
        }
    }
    assert!(checked > 0, "no page ended in cards");
}

/// Whether a line is of a Grognards card (its header or its use).
fn is_card(line: &Line<'_>) -> bool {
    line.1.iter().any(|w| *w == "Range" || *w == "Use:")
}

/// The words of the generated rules' wide table (its head and rows),
/// but for the rows' numbers.
fn is_table_word(word: &str) -> bool {
    matches!(
        word,
        "Case"
            | "Attacker"
            | "Defender"
            | "Terrain"
            | "Weather"
            | "Result"
            | "strength"
            | "effect"
            | "attacker"
            | "defender"
            | "terrain"
            | "weather"
            | "result"
    ) || word.starts_with("Row")
}

/// The pages' bands of columns, from the rules' first heading to the
/// glossary after them: the text block cut where the wide table goes
/// across it, each band its two columns' lines top down (the rules'
/// title left out).
fn bands(pages: &Pages) -> Vec<(usize, [Vec<Line<'_>>; 2])> {
    let (first, top) = first_body(pages);
    // The glossary's heading (the contents list it first).
    let (last, end) = last_in_text_block(pages, "Glossary").unwrap_or((pages.len(), f64::MAX));
    let mut out = Vec::new();
    for (n, page) in pages.iter().enumerate().take(last + 1).skip(first) {
        let end = if n == last { end } else { f64::MAX };
        // The table's words above the glossary (whose terms may read as a
        // table's words where it starts on the rules' last page).
        let table: Vec<&[f64; 4]> = page
            .1
            .iter()
            .filter(|w| is_table_word(&w.0) && w.1[3] < end)
            .map(|w| &w.1)
            .collect();
        let start = if n == first { top } else { 0.0 };
        let mut cuts = vec![(start, f64::MAX)];
        if !table.is_empty() {
            let head = table.iter().map(|b| b[1]).fold(f64::MAX, f64::min);
            let foot = table.iter().map(|b| b[3]).fold(0.0, f64::max);
            cuts = vec![(start, head - 1.0), (foot + 1.0, f64::MAX)];
        }
        for (below, above) in cuts {
            let above = above.min(end);
            let mut cols = columns(page, below, above);
            for lines in &mut cols {
                lines.retain(|l| {
                    !l.1.contains(&"Generated") && !l.1.iter().any(|w| is_table_word(w))
                });
            }
            if cols.iter().any(|c| !c.is_empty()) {
                out.push((n, cols));
            }
        }
    }
    out
}

/// A line that ends a paragraph (the generated ones end with a full stop).
fn ends_paragraph(line: &Line<'_>) -> bool {
    line.1.last().is_some_and(|w| w.ends_with('.'))
}

/// A table across both columns after every section: every heading and
/// row is set once; no column (those above and below the table too) ends
/// in a heading, nor in a heading and one line but for a section of one
/// line; and no paragraph is parted across columns leaving one line on
/// either side (one of two lines is never parted). Below the table after
/// section 8, a heading kept with its lines was taller than the short
/// columns left there and was set line by line: one line at column one's
/// foot and a paragraph of two lines parted across the columns.
#[test]
fn below_a_table_across_the_page_headings_and_short_paragraphs_are_not_parted() {
    for wide in 0..14 {
        let md = rules(16, Some(wide));
        let (_tmp, pages) = rulebook(&md);
        let context = format!("table after section {wide}");
        let rows: Vec<String> = (0..6).map(|r| format!("Row{r}")).collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        assert_each_once(&pages, &rows, &context);
        // Every heading and intro once in the rules (the contents list
        // the headings too), and every paragraph's last line.
        let all = bands(&pages);
        let mut once: Vec<String> = (0..16).map(|k| format!("Headword{k}")).collect();
        once.extend(
            (0..16)
                .filter(|k| k % 4 == 1)
                .map(|k| format!("Subword{k}")),
        );
        once.extend((0..16).filter(|k| k % 4 == 1).map(|k| format!("Intro{k}")));
        for word in &once {
            let times = all
                .iter()
                .flat_map(|(_, cols)| cols.iter().flatten())
                .flat_map(|l| &l.1)
                .filter(|w| **w == word.as_str())
                .count();
            assert_eq!(times, 1, "{context}: {word} {times} times in the rules");
        }
        let paragraphs = md.lines().filter(|l| l.ends_with('.')).count();
        let ends = all
            .iter()
            .flat_map(|(_, cols)| cols.iter().flatten())
            .filter(|l| ends_paragraph(l))
            .count();
        assert_eq!(ends, paragraphs, "{context}: paragraphs' last lines");
        // The columns in reading order, each with the page it is on.
        let cols: Vec<(usize, &Vec<Line<'_>>)> = all
            .iter()
            .flat_map(|(n, cols)| cols.iter().map(move |c| (*n, c)))
            .filter(|(_, c)| !c.is_empty())
            .collect();
        for (k, (n, lines)) in cols.iter().enumerate() {
            let len = lines.len();
            let foot = &lines[len.saturating_sub(4)..];
            let at_end = k + 1 == cols.len();
            assert!(
                at_end || !is_heading(&lines[len - 1]),
                "{context}, page {}: a heading is a column's last line: {foot:?}",
                n + 1
            );
            assert!(
                at_end
                    || len < 2
                    || !is_heading(&lines[len - 2])
                    || ends_paragraph(&lines[len - 1]),
                "{context}, page {}: a heading with one line under it at a column's foot: {foot:?}",
                n + 1
            );
        }
        // Paragraphs parted across columns: at least two lines each side.
        for pair in cols.windows(2) {
            let [(n, lines), (_, next)] = pair else {
                continue;
            };
            let Some(last) = lines.last() else { continue };
            if ends_paragraph(last) || is_heading(last) {
                continue;
            }
            // The paragraph's lines at this column's foot and at the next one's top.
            let before = lines
                .iter()
                .rev()
                .skip(1)
                .take_while(|l| !ends_paragraph(l) && !is_heading(l))
                .count()
                + 1;
            let after = next
                .iter()
                .position(ends_paragraph)
                .map_or(next.len(), |p| p + 1);
            assert!(
                before >= 2 && after >= 2,
                "{context}, page {}: a paragraph parted {before} line(s) / {after} line(s) across columns: {:?} / {:?}",
                n + 1,
                &lines[lines.len().saturating_sub(3)..],
                &next[..after.min(next.len())]
            );
        }
    }
}

/// The bottom of a column's last line, or of its last card row.
fn column_bottom(page: &((f64, f64), Vec<BoxedWord>), lines: &[Line<'_>]) -> f64 {
    let text = lines.last().map_or(0.0, |l| l.0);
    let header = page
        .1
        .iter()
        .filter(|w| w.0 == "Range" && lines.iter().any(|l| (l.0 - w.1[3]).abs() < 2.0))
        .map(|w| w.1[1] + CARD_BELOW_HEADER)
        .fold(0.0, f64::max);
    text.max(header)
}

/// Four cards (two rows) under a heading, then a paragraph, near the end
/// of generated rules: where they land on the last page, its columns
/// end within 100 pt of each other (less than a card row: what a kept
/// heading and its lines or a row that cannot be parted leave), but
/// where the taller holds the cards alone. A page
/// with cards set after the text that follows them used to skip the
/// last page's balancing, one column full, the other half empty.
#[test]
fn the_last_page_is_balanced_when_cards_on_it_went_after_the_text_that_follows_them() {
    let mut checked = 0;
    for sections in [6, 8, 10, 12] {
        for at in 0..sections.min(12) {
            let (tmp, dir) = grognards_with_cards(&rules_with_cards(sections, at), 4);
            let pdf = build_rulebook(&dir, &tmp.path().join("out"));
            let pages = word_boxes(&pdf);
            let all = pages.iter().flat_map(|(_, words)| words.iter());
            for word in ["Socket", "Grenadiers", "Aftercards"] {
                let times = all.clone().filter(|w| w.0 == word).count();
                assert_eq!(
                    times, 1,
                    "{sections} sections, cards after {at}: {word} {times} times"
                );
            }
            let page = pages.last().expect("a page");
            if !page.1.iter().any(|w| w.0 == "Socket") {
                continue;
            }
            checked += 1;
            let [left, right] = columns(page, 0.0, f64::MAX);
            let (l, r) = (column_bottom(page, &left), column_bottom(page, &right));
            // A column of the cards alone is as short as it goes.
            let taller = if l >= r { &left } else { &right };
            let is_card = |line: &Line<'_>| line.1.iter().any(|w| *w == "Range" || *w == "Use:");
            if taller.first().is_some_and(is_card) && taller.last().is_some_and(is_card) {
                continue;
            }
            assert!(
                (l - r).abs() <= 100.0,
                "{sections} sections, cards after {at}: the last page's columns end at {l:.1} and {r:.1}"
            );
            assert_no_heading_at_a_column_foot(&pages);
        }
    }
    assert!(checked > 0, "the cards were never on the last page");
}
