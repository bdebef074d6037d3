//! The HTML rules references on paper: headless Chromium (Debian's
//! `chromium`, installed by `.ci/run`) prints built pages to PDF with the
//! print stylesheet, and the PDF is read back with poppler:
//!
//! - `pdftotext`: the navigation (the sidebar of pages and sections, its
//!   menu button, the pager, the skip link) is not printed, and every data table and every card of the
//!   page is printed whole on one page unless it is taller than a page — a
//!   table's words, read in drawing order (`-raw -bbox`), are all on one
//!   page, or the parts it was cut into add up to more than a page;
//! - `pdftoppm`: the page is white with dark text.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod support;

use support::tools::attr;

/// Letter, as Chromium prints by default, less the stylesheet's 9 mm margins (points).
const PAGE_HEIGHT: f64 = 792.0;
const MARGIN: f64 = 9.0 / 25.4 * 72.0;

fn run(cmd: &mut Command, what: &str) -> Output {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run {what}: {e}"));
    assert!(
        out.status.success(),
        "{what} failed: {:?}\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn build_rules(game: &str, out: &Path) -> PathBuf {
    run(
        Command::new(env!("CARGO_BIN_EXE_grogpress"))
            .args(["rules", game, "--out"])
            .arg(out)
            .current_dir(env!("CARGO_MANIFEST_DIR")),
        "grogpress rules",
    );
    out.join(game).join("html")
}

/// Prints `page` to `pdf` with a fresh headless Chromium.
fn print_to_pdf(page: &Path, pdf: &Path, profile: &Path) {
    run(
        support::tools::headless_chromium(profile)
            .arg("--no-pdf-header-footer")
            .arg(format!("--print-to-pdf={}", pdf.display()))
            .arg(page),
        "chromium (Debian package chromium; .ci/run installs it)",
    );
    assert!(pdf.is_file(), "chromium wrote no {}", pdf.display());
}

/// A word of the PDF: its page (0-based), text and vertical extent.
#[derive(Debug)]
struct Word {
    page: usize,
    text: String,
    top: f64,
    bottom: f64,
}

/// Every word of the PDF in drawing order (`pdftotext -raw -bbox`).
fn pdf_words(pdf: &Path) -> Vec<Word> {
    let out = run(
        Command::new("pdftotext")
            .args(["-raw", "-bbox"])
            .arg(pdf)
            .arg("-"),
        "pdftotext (poppler-utils)",
    );
    let xml = String::from_utf8_lossy(&out.stdout);
    let mut words = Vec::new();
    let mut page = None;
    for line in xml.lines().map(str::trim) {
        if line.starts_with("<page ") {
            page = Some(page.map_or(0, |p| p + 1));
        } else if let Some(rest) = line.strip_prefix("<word ") {
            let (tag, text) = rest.split_once('>').expect("a word element");
            let text = text.trim_end_matches("</word>");
            words.push(Word {
                page: page.expect("a word inside a page"),
                text: normalise(&unescape(text)),
                top: attr(tag, "yMin"),
                bottom: attr(tag, "yMax"),
            });
        }
    }
    words
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#x27;", "'")
        .replace("&#39;", "'")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// Ligatures as the letters they join.
fn normalise(s: &str) -> String {
    s.replace('ﬁ', "fi")
        .replace('ﬂ', "fl")
        .replace('ﬀ', "ff")
        .replace('ﬃ', "ffi")
}

/// The words of an HTML fragment's text (tags dropped: inline emphasis and
/// links join their text to what is around them, other tags separate).
fn html_words(fragment: &str) -> Vec<String> {
    const INLINE: [&str; 5] = ["strong", "em", "b", "i", "a"];
    let mut text = String::new();
    let mut rest = fragment;
    while let Some(lt) = rest.find('<') {
        text.push_str(&rest[..lt]);
        let gt = rest[lt..].find('>').map_or(rest.len(), |g| lt + g + 1);
        let name: String = rest[lt + 1..gt.saturating_sub(1)]
            .trim_start_matches('/')
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect();
        if !INLINE.contains(&name.as_str()) {
            text.push(' ');
        }
        rest = &rest[gt.min(rest.len())..];
    }
    text.push_str(rest);
    normalise(&unescape(&text))
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

/// Each element from `open` to its matching `close` (not nested), as its
/// offset in the page and its words.
fn blocks(html: &str, open: &str, close: &str) -> Vec<(usize, Vec<String>)> {
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(start) = html[at..].find(open).map(|s| s + at) {
        let Some(len) = html[start..].find(close) else {
            break;
        };
        found.push((start, html_words(&html[start..start + len])));
        at = start + len;
    }
    found
}

/// Where a block's words are printed: the indices of its words in `words`,
/// found in order from `from`, each word next to the one before but where
/// the page turns (a table's header printed again at the top of the next
/// page comes between). None if it is not printed so.
fn find_block(words: &[Word], block: &[String], from: usize) -> Option<Vec<usize>> {
    let first = block.first()?;
    (from..words.len())
        .filter(|&i| words[i].text == *first)
        .find_map(|start| {
            let mut at = vec![start];
            let mut i = start;
            for w in &block[1..] {
                let page = words[i].page;
                i = (i + 1..words.len())
                    .take_while(|&j| j == i + 1 || (words[j].page != page && j < i + 40))
                    .find(|&j| words[j].text == *w)?;
                at.push(i);
            }
            Some(at)
        })
}

/// The height a block takes: the sum of its parts' heights on each page.
fn printed_height(words: &[Word], at: &[usize]) -> f64 {
    let mut pages: Vec<usize> = at.iter().map(|&i| words[i].page).collect();
    pages.dedup();
    pages
        .iter()
        .map(|&p| {
            let on: Vec<&Word> = at
                .iter()
                .map(|&i| &words[i])
                .filter(|w| w.page == p)
                .collect();
            let top = on.iter().map(|w| w.top).fold(f64::MAX, f64::min);
            let bottom = on.iter().map(|w| w.bottom).fold(f64::MIN, f64::max);
            bottom - top
        })
        .sum()
}

/// Checks a printed page: no navigation, blocks whole. Returns the number of
/// tables (ruled, or lists and notes) and cards checked.
fn check_printed(game: &str, page: &str, dir: &Path) -> (usize, usize) {
    let html_dir = build_rules(game, &dir.join("out"));
    let html = fs::read_to_string(html_dir.join(page)).expect("the built page");
    let pdf = dir.join(format!("{game}.pdf"));
    print_to_pdf(&html_dir.join(page), &pdf, &dir.join("profile"));
    let words = pdf_words(&pdf);
    assert!(
        words.len() > 100,
        "{game}: too little text printed: {words:?}"
    );
    let text: Vec<&str> = words.iter().map(|w| w.text.as_str()).collect();
    let text = text.join(" ");

    // The navigation is in the HTML, and not on paper.
    for shown_only_on_screen in ["Skip to the text", "Chapters", "←"] {
        assert!(
            html.contains(shown_only_on_screen),
            "{game}: the page lacks {shown_only_on_screen:?}: the test reads the wrong page"
        );
        assert!(
            !text.contains(shown_only_on_screen),
            "{game}: {shown_only_on_screen:?} is printed"
        );
    }
    assert!(
        html.contains(">Contents</a>") && !text.contains("Contents"),
        "{game}: the page list is printed"
    );

    let tables = blocks(&html, "<table class=\"data\"", "</table>");
    let notes = blocks(&html, "<div class=\"table-notes\"", "</div>");
    let cards = blocks(&html, "<figure class=\"card\"", "</figure>");
    let usable = PAGE_HEIGHT - 2.0 * MARGIN;
    let mut in_order: Vec<(usize, &str, &Vec<String>)> = tables
        .iter()
        .map(|(at, t)| (*at, "table", t))
        .chain(notes.iter().map(|(at, n)| (*at, "list", n)))
        .chain(cards.iter().map(|(at, c)| (*at, "card", c)))
        .collect();
    in_order.sort_by_key(|b| b.0);
    let mut from = 0;
    for (_, kind, block) in in_order {
        let at = find_block(&words, block, from)
            .unwrap_or_else(|| panic!("{game}: {kind} not printed as one run of text: {block:?}"));
        from = at[at.len() - 1] + 1;
        let first = words[at[0]].page;
        let last = words[at[at.len() - 1]].page;
        if first != last {
            let height = printed_height(&words, &at);
            assert!(
                height > usable,
                "{game}: a {kind} {height:.0} pt tall (a page holds {usable:.0} pt) is split over pages {}-{}: {:?}",
                first + 1,
                last + 1,
                &block[..block.len().min(8)]
            );
        }
    }
    check_ink(game, &pdf, dir);
    (tables.len() + notes.len(), cards.len())
}

/// The first page as pixels: mostly white paper, text in dark ink.
fn check_ink(game: &str, pdf: &Path, dir: &Path) {
    let stem = dir.join(format!("{game}-page"));
    run(
        Command::new("pdftoppm")
            .args(["-r", "30", "-f", "1", "-l", "1", "-gray", "-singlefile"])
            .arg(pdf)
            .arg(&stem),
        "pdftoppm (poppler-utils)",
    );
    let pgm = fs::read(stem.with_extension("pgm")).expect("the page as PGM");
    // Header: "P5\n<w> <h>\n255\n" (pdftoppm writes no comments).
    let mut fields = 0;
    let mut at = 0;
    while fields < 4 {
        while pgm[at].is_ascii_whitespace() {
            at += 1;
        }
        while !pgm[at].is_ascii_whitespace() {
            at += 1;
        }
        fields += 1;
    }
    let pixels = &pgm[at + 1..];
    let white = pixels.iter().filter(|&&p| p >= 245).count();
    let dark = pixels.iter().filter(|&&p| p <= 90).count();
    assert!(
        white * 10 >= pixels.len() * 7,
        "{game}: the printed page is not white paper ({white} of {} pixels white)",
        pixels.len()
    );
    assert!(
        dark > 200,
        "{game}: no dark ink on the printed page ({dark} dark pixels)"
    );
}

#[test]
fn bcs_charts_print_without_navigation_and_no_table_split() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (tables, _) = check_printed("bcs", "charts.html", dir.path());
    assert!(tables >= 25, "only {tables} tables checked");
}

#[test]
fn grognards_prints_its_cards_whole() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (tables, cards) = check_printed("grognards", "grognards.html", dir.path());
    assert_eq!((tables, cards), (1, 39));
}

#[test]
fn grid_battles_prints_its_tables_whole() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (tables, _) = check_printed("grid-battles", "grid-battles.html", dir.path());
    assert_eq!(tables, 2);
}
