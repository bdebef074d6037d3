//! Block quotes and thematic breaks in the rulebook PDF, read back from a
//! real PDF of a game written here, in one and two columns: a block quote
//! (Markdown `>`) is set in from both sides of the prose (as LaTeX's quote
//! environment, 1.5 em each side) and read as one BlockQuote element
//! holding its paragraphs; a thematic break (`---`) draws a short rule
//! centred in the prose's measure, with space above and below, and is no
//! element of the structure.

mod support;

use std::fs;
use std::path::{Path, PathBuf};

use support::raw::build_rulebook_with;
use support::tools::{BoxedWord, StructNode, structure_tree, tool_bytes, word_boxes};

/// Words that name where each block is: every word of a block starts with
/// its own marker, so a word's block is known from the PDF alone.
fn block(marker: &str, words: usize) -> String {
    let mut text = String::new();
    for k in 0..words {
        if k > 0 {
            text.push(' ');
        }
        text.push_str(marker);
        text.push_str(["alpha", "be", "gamma", "delt", "epsilonic", "zet"][k % 6]);
    }
    text.push('.');
    text
}

fn rules() -> String {
    format!(
        "# Rules\n\n## Notes\n\n{}\n\n> {}\n>\n> {}\n\n{}\n\n---\n\n{}\n",
        block("pre", 70),
        block("quo", 60),
        block("qub", 30),
        block("mid", 40),
        block("aft", 40),
    )
}

/// The rulebook of a game whose rules are [`rules`], in `columns` columns.
fn rulebook(tmp: &tempfile::TempDir, columns: &str) -> PathBuf {
    let dir = tmp.path().join("quoted");
    fs::create_dir_all(dir.join("rules")).expect("game folder");
    fs::write(
        dir.join("game.toml"),
        "name = \"Quoted\"\nrules = [\"rules/rules.md\"]\n",
    )
    .expect("game.toml");
    fs::write(dir.join("rules/rules.md"), rules()).expect("rules");
    build_rulebook_with(&dir, &tmp.path().join("out"), &["--columns", columns])
}

/// The words starting with `marker`: page (from 0) and box.
fn words_of(pages: &[((f64, f64), Vec<BoxedWord>)], marker: &str) -> Vec<(usize, [f64; 4])> {
    pages
        .iter()
        .enumerate()
        .flat_map(|(n, (_, words))| {
            words
                .iter()
                .filter(|(w, _)| w.starts_with(marker))
                .map(move |(_, b)| (n, *b))
        })
        .collect()
}

/// The left and right edges of the lines of `words`.
fn edges(words: &[(usize, [f64; 4])]) -> (f64, f64) {
    let left = words.iter().map(|(_, b)| b[0]).fold(f64::MAX, f64::min);
    let right = words.iter().map(|(_, b)| b[2]).fold(f64::MIN, f64::max);
    (left, right)
}

#[test]
fn a_block_quote_is_set_in_from_both_sides_and_read_as_one_block_quote() {
    for columns in ["1", "2"] {
        let tmp = tempfile::tempdir().expect("temp dir");
        let pdf = rulebook(&tmp, columns);
        let pages = word_boxes(&pdf);
        // The paragraph before, in the first column of its page: its
        // lines are justified, so its edges are the prose's.
        let before = words_of(&pages, "pre");
        let page = before[0].0;
        // Its page's first column: the page's left half in two columns.
        let ((width, _), _) = pages[page];
        let in_first = |b: &[f64; 4]| columns == "1" || b[0] < width / 2.0;
        let column: Vec<_> = before
            .iter()
            .filter(|(p, b)| *p == page && in_first(b))
            .copied()
            .collect();
        let (left, right) = edges(&column);
        let quote: Vec<_> = words_of(&pages, "quo")
            .into_iter()
            .filter(|(p, b)| *p == page && in_first(b))
            .collect();
        assert!(
            quote.len() > 20,
            "{columns} columns: the quote's words {quote:?}"
        );
        let (q_left, q_right) = edges(&quote);
        // 1.5 em of 9.5 pt on each side, the quote's lines justified too.
        let em = 9.5;
        for (side, inset) in [("left", q_left - left), ("right", right - q_right)] {
            assert!(
                (1.2 * em..2.0 * em).contains(&inset),
                "{columns} columns: the quote is set in {inset:.1} pt on the {side} \
                 (prose {left:.1}..{right:.1}, quote {q_left:.1}..{q_right:.1})"
            );
        }
        // One BlockQuote holding both its paragraphs, and nothing else.
        let tree = structure_tree(&pdf);
        let quotes = tree.find("BlockQuote");
        assert_eq!(quotes.len(), 1, "{columns} columns: {tree:?}");
        let paragraphs: Vec<String> = quotes[0]
            .elems()
            .map(|p| {
                assert_eq!(p.role, "P", "{columns} columns: {:?}", quotes[0]);
                p.text()
            })
            .collect();
        assert_eq!(paragraphs.len(), 2, "{paragraphs:?}");
        assert!(paragraphs[0].starts_with("quoalpha"), "{paragraphs:?}");
        assert!(paragraphs[1].starts_with("qubalpha"), "{paragraphs:?}");
        let text = quotes[0].text();
        for outside in ["pre", "mid", "aft"] {
            assert!(!text.contains(outside), "{columns} columns: {text}");
        }
    }
}

/// The page `page` (from 0) of `pdf` in grey at 72 dpi (a pixel a point):
/// its width and pixels, row by row.
fn grey_page(pdf: &Path, page: usize, dir: &Path) -> (usize, Vec<u8>) {
    let n = (page + 1).to_string();
    let stem = dir.join("page");
    let args = [
        "-gray",
        "-r",
        "72",
        "-f",
        &n,
        "-l",
        &n,
        "-singlefile",
        pdf.to_str().expect("path"),
        stem.to_str().expect("path"),
    ];
    tool_bytes("pdftoppm", &args);
    let pgm = fs::read(dir.join("page.pgm")).expect("the page as PGM");
    // "P5\n<w> <h>\n255\n" then the pixels.
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while pgm[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !pgm[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(String::from_utf8_lossy(&pgm[start..at]).into_owned());
    }
    let width: usize = fields[1].parse().expect("width");
    (width, pgm[at + 1..].to_vec())
}

#[test]
fn a_thematic_break_is_a_short_centred_rule_with_space_around_and_no_element() {
    for columns in ["1", "2"] {
        let tmp = tempfile::tempdir().expect("temp dir");
        let pdf = rulebook(&tmp, columns);
        let pages = word_boxes(&pdf);
        let mid = words_of(&pages, "mid");
        let aft = words_of(&pages, "aft");
        let (page, last) = *mid.last().expect("the paragraph before the break");
        let (after_page, first) = aft[0];
        assert_eq!(page, after_page, "{columns} columns: one page in this text");
        // Same column: the paragraph after starts below the one before.
        assert!(
            (first[0] - mid[0].1[0]).abs() < 150.0,
            "{columns} columns: {mid:?} {aft:?}"
        );
        // Lines' boxes (taller than their type) touch within a paragraph
        // and stand a paragraph's gap apart between two.
        let line = last[3] - last[1];
        let space = first[1] - last[3];
        assert!(
            space > line,
            "{columns} columns: {space:.1} pt between the paragraphs around the break \
             (a line is {line:.1})"
        );
        // The rule: dark pixels between the two, centred in the prose.
        let (left, right) = edges(
            &mid.iter()
                .filter(|(p, _)| *p == page)
                .copied()
                .collect::<Vec<_>>(),
        );
        let (width, pixels) = grey_page(&pdf, page, tmp.path());
        let rows = (last[3].ceil() as usize + 1)..(first[1].floor() as usize - 1);
        let dark: Vec<usize> = rows
            .clone()
            .flat_map(|y| (left as usize..right as usize).map(move |x| (x, y)))
            .filter(|&(x, y)| pixels[y * width + x] < 128)
            .map(|(x, _)| x)
            .collect();
        assert!(
            !dark.is_empty(),
            "{columns} columns: no rule drawn in rows {rows:?}"
        );
        let (x0, x1) = (dark.iter().min().unwrap(), dark.iter().max().unwrap());
        let length = (x1 - x0) as f64;
        let centre = (x0 + x1) as f64 / 2.0;
        assert!(
            (20.0..=80.0).contains(&length),
            "{columns} columns: the rule is {length} pt long"
        );
        assert!(
            (centre - (left + right) / 2.0).abs() < 3.0,
            "{columns} columns: the rule's centre {centre} against the prose's {}",
            (left + right) / 2.0
        );
        // It is no element: the two paragraphs are read one after the other.
        let tree = structure_tree(&pdf);
        let texts: Vec<&StructNode> = tree.walk().into_iter().map(|(_, e)| e).collect();
        let at = |marker: &str| {
            texts
                .iter()
                .position(|e| e.role == "P" && e.text().starts_with(marker))
                .expect("the paragraph")
        };
        assert_eq!(at("aft"), at("mid") + 1, "{columns} columns: {tree:?}");
    }
}
