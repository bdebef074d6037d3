//! Rulebook lines as a book sets them (issue 40, "Lines" and "Measure"),
//! read back from real PDFs with `pdftotext -bbox`: no two hyphenated lines
//! in a row and no column (nor page) ending on a hyphen, in every shipped
//! rulebook and in a long one written here; a tie ("see 5.3", "p. 4",
//! "3 hexes") never broken across lines; one column's lines of prose 45 to
//! 75 characters long on Letter and A4.

mod support;

use std::fmt::Write as _;
use std::fs;
use std::path::Path;

use support::prose::WORDS;
use support::raw::{dump, grogpress};
use support::tools::{BoxedWord, word_boxes};

/// The running head and folio lie outside these (the text block's top and
/// bottom margins, less a little).
const HEAD: f64 = 52.0;
const FOOT: f64 = 50.0;

/// A line of a column: its words left to right and its foot.
struct Line {
    words: Vec<String>,
    left: f64,
    right: f64,
    bottom: f64,
}

impl Line {
    fn last(&self) -> &str {
        self.words.last().map_or("", String::as_str)
    }

    /// Characters, spaces counted.
    fn chars(&self) -> usize {
        self.words.iter().map(|w| w.chars().count()).sum::<usize>() + self.words.len() - 1
    }

    fn hyphenated(&self) -> bool {
        let last: Vec<char> = self.last().chars().collect();
        last.len() > 1
            && ['\u{ad}', '\u{2010}', '-'].contains(&last[last.len() - 1])
            && last[last.len() - 2].is_alphabetic()
    }
}

/// The columns of every page (`columns` of them, split at the page's
/// middle), each its lines top down; the running head and folio left out.
fn columns(pages: &[((f64, f64), Vec<BoxedWord>)], columns: usize) -> Vec<Vec<Line>> {
    let mut out = Vec::new();
    for ((width, height), words) in pages {
        let mut cols: Vec<Vec<Line>> = (0..columns).map(|_| Vec::new()).collect();
        for (text, [x0, y0, x1, y1]) in words {
            if *y0 < HEAD || *y1 > height - FOOT {
                continue;
            }
            let c = if columns == 2 && *x0 > width / 2.0 {
                1
            } else {
                0
            };
            let col = &mut cols[c];
            match col.iter_mut().find(|l| (l.bottom - y1).abs() < 0.6) {
                Some(line) => {
                    line.words.push(text.clone());
                    line.left = line.left.min(*x0);
                    line.right = line.right.max(*x1);
                }
                None => col.push(Line {
                    words: vec![text.clone()],
                    left: *x0,
                    right: *x1,
                    bottom: *y1,
                }),
            }
        }
        for col in &mut cols {
            col.sort_by(|a, b| a.bottom.total_cmp(&b.bottom));
        }
        out.extend(cols);
    }
    out
}

/// Builds `game` (a folder) with `rulebook --paper --columns`; its pages' words.
fn build(
    game: &Path,
    out: &Path,
    paper: &str,
    columns: usize,
) -> Vec<((f64, f64), Vec<BoxedWord>)> {
    let cols = columns.to_string();
    let run = grogpress(&[
        "rulebook",
        game.to_str().expect("utf-8 path"),
        "--paper",
        paper,
        "--columns",
        &cols,
        "--out",
        out.to_str().expect("utf-8 path"),
    ]);
    assert!(run.status.success(), "{}", dump(&run));
    let id = game.file_name().expect("a game").to_string_lossy();
    word_boxes(&out.join(&*id).join(format!("{id}-rules.pdf")))
}

/// The hyphens that break the rules: two hyphenated lines in a row, or a
/// hyphen at a column's foot (the word's rest in the next column or page).
fn hyphen_faults(cols: &[Vec<Line>]) -> Vec<String> {
    let mut faults = Vec::new();
    for (n, col) in cols.iter().enumerate() {
        for pair in col.windows(2) {
            if pair[0].hyphenated() && pair[1].hyphenated() {
                faults.push(format!(
                    "column {n}: two hyphens in a row: {:?} / {:?}",
                    pair[0].words, pair[1].words
                ));
            }
        }
        if let Some(last) = col.last().filter(|l| l.hyphenated()) {
            faults.push(format!("column {n} ends on a hyphen: {:?}", last.words));
        }
    }
    faults
}

fn hyphenated_lines(cols: &[Vec<Line>]) -> usize {
    cols.iter().flatten().filter(|l| l.hyphenated()).count()
}

/// The shipped games with rules.
fn shipped() -> Vec<String> {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let mut games: Vec<String> = fs::read_dir(&data)
        .expect("data/")
        .flatten()
        .filter(|e| e.path().join("rules").is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    games.sort();
    games
}

#[test]
fn no_shipped_rulebook_hyphenates_two_lines_running_nor_a_column_foot() {
    let games = shipped();
    assert!(games.len() >= 5, "{games:?}");
    let tmp = tempfile::tempdir().expect("temp dir");
    let mut hyphens = 0;
    for game in &games {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("data")
            .join(game);
        for paper in ["letter", "a4"] {
            for n in [1, 2] {
                let out = tmp.path().join(format!("{paper}-{n}"));
                let cols = columns(&build(&dir, &out, paper, n), n);
                let faults = hyphen_faults(&cols);
                assert!(faults.is_empty(), "{game} {paper} {n} columns: {faults:#?}");
                hyphens += hyphenated_lines(&cols);
            }
        }
    }
    // The check sees hyphens at all (the shipped rules are hyphenated).
    assert!(hyphens > 0);
}

/// Long rules of long words: many lines may end hyphenated.
fn wordy_rules() -> String {
    let long = [
        "administrative",
        "reinforcements",
        "communications",
        "counterattacking",
        "disengagement",
        "interdiction",
        "entrenchments",
        "characteristics",
    ];
    let mut md = String::from("# Wordy Rules\n\n");
    for k in 0..40 {
        let _ = writeln!(md, "## Section{k} of the rules\n");
        for p in 0..3 {
            let words: Vec<&str> = (0..60 + (k * 7 + p * 13) % 50)
                .map(|w| {
                    if (w + k + p) % 3 == 0 {
                        long[(w * 5 + k + p) % long.len()]
                    } else {
                        WORDS[(w + k * 3 + p) % WORDS.len()]
                    }
                })
                .collect();
            let _ = writeln!(md, "{}.\n", words.join(" "));
        }
    }
    md
}

#[test]
fn a_long_wordy_rulebook_never_hyphenates_two_lines_running_nor_a_column_foot() {
    let (tmp, dir) = support::temp_game("grid-battles");
    fs::write(dir.join("rules/grid-battles.md"), wordy_rules()).expect("write rules");
    for paper in ["letter", "a4"] {
        for n in [1, 2] {
            let out = tmp.path().join(format!("{paper}-{n}"));
            let cols = columns(&build(&dir, &out, paper, n), n);
            let faults = hyphen_faults(&cols);
            assert!(faults.is_empty(), "{paper} {n} columns: {faults:#?}");
            assert!(
                hyphenated_lines(&cols) >= 5,
                "{paper} {n}: the rules hyphenate"
            );
            assert!(cols.iter().filter(|c| !c.is_empty()).count() >= 8);
        }
    }
}

#[test]
fn a_tie_is_never_broken_across_lines() {
    let (tmp, dir) = support::temp_game("grid-battles");
    // Each sentence starts a word later than the one before, so the ties
    // come at every place in a line.
    let mut md = String::from("# Ties\n\n");
    for k in 0..120 {
        let lead: Vec<&str> = (0..k % 23).map(|w| WORDS[(w + k) % WORDS.len()]).collect();
        let _ = writeln!(
            md,
            "{} units move 3 hexes (see 5.3, p. 4) and roll 2d6 dice as Figure 7 shows.\n",
            lead.join(" ")
        );
    }
    fs::write(dir.join("rules/grid-battles.md"), md).expect("write rules");
    for n in [1, 2] {
        let out = tmp.path().join(format!("ties-{n}"));
        let cols = columns(&build(&dir, &out, "letter", n), n);
        let lines: Vec<&Line> = cols.iter().flatten().collect();
        assert!(lines.len() > 100);
        for line in &lines {
            let last = line.last();
            assert!(
                !["3", "(see", "p.", "2d6", "Figure"].contains(&last),
                "{n} columns: a tie broken after {last:?}: {:?}",
                line.words
            );
        }
        // The places exist: the words are in the text, tied to the next.
        let text: String = lines
            .iter()
            .map(|l| l.words.join(" "))
            .collect::<Vec<_>>()
            .join(" ");
        assert!(text.contains("hexes") && text.contains("5.3"));
    }
}

#[test]
fn one_column_prose_lines_hold_45_to_75_characters_on_letter_and_a4() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let (_game_tmp, dir) = support::temp_game("grid-battles");
    fs::write(dir.join("rules/grid-battles.md"), wordy_rules()).expect("write rules");
    let mut games: Vec<std::path::PathBuf> = shipped()
        .iter()
        .map(|g| Path::new(env!("CARGO_MANIFEST_DIR")).join("data").join(g))
        .collect();
    games.push(dir);
    let mut checked = 0;
    for game in &games {
        for paper in ["letter", "a4"] {
            let out = tmp.path().join(paper);
            let cols = columns(&build(game, &out, paper, 1), 1);
            // Full lines of prose: several words, no contents leaders, to
            // the commonest right end of such lines.
            let prose: Vec<&Line> = cols
                .iter()
                .flatten()
                .filter(|l| l.words.len() >= 6 && !l.words.iter().any(|w| w == "."))
                .collect();
            let mut rights: Vec<i64> = prose.iter().map(|l| l.right.round() as i64).collect();
            rights.sort_unstable();
            let Some(right) = mode(&rights) else { continue };
            // And from the commonest left end: words of cards side by side
            // in a gallery may end at the prose's right by chance.
            let mut lefts: Vec<i64> = prose.iter().map(|l| l.left.round() as i64).collect();
            lefts.sort_unstable();
            let Some(left) = mode(&lefts) else { continue };
            let full: Vec<&&Line> = prose
                .iter()
                .filter(|l| (l.right - right as f64).abs() < 1.0)
                .filter(|l| (l.left - left as f64).abs() < 1.0)
                .collect();
            // A book of tables with a few lines of prose (bcs's charts)
            // has no measure to find this way.
            if full.len() < 15 {
                continue;
            }
            for line in full {
                let n = line.chars();
                assert!(
                    (45..=75).contains(&n),
                    "{} {paper}: a line of {n} characters: {:?}",
                    game.display(),
                    line.words
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "{checked} lines");
}

/// The commonest value of a sorted list.
fn mode(sorted: &[i64]) -> Option<i64> {
    let mut best: Option<(i64, usize)> = None;
    for group in sorted.chunk_by(|a, b| a == b) {
        if best.is_none_or(|(_, n)| group.len() > n) {
            best = Some((group[0], group.len()));
        }
    }
    best.map(|(v, _)| v)
}
