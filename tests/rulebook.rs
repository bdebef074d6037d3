//! Rulebook PDFs: every shipped game with Markdown rules is built into a temp
//! dir with the real binary and the PDF read back — bookmarks (qpdf --json),
//! contents and prose (pdftotext), word boxes (pdftotext -bbox).

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::{dump, grogpress};

/// Games under data/ with a rules/ folder of Markdown.
fn games_with_rules() -> Vec<String> {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let mut games: Vec<String> = fs::read_dir(&data)
        .expect("read data/")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().join("game.toml").is_file() && !markdown_files(&e.path()).is_empty())
        // Games opt in with `[publish] rulebook = true` (those whose rules
        // use only the shortcodes the rulebook can typeset yet).
        .filter(|e| {
            fs::read_to_string(e.path().join("game.toml"))
                .is_ok_and(|t| t.lines().any(|l| l.replace(' ', "") == "rulebook=true"))
        })
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    games.sort();
    games
}

/// The rules pages in the order game.toml lists them.
fn markdown_files(game_dir: &Path) -> Vec<PathBuf> {
    let Ok(toml) = fs::read_to_string(game_dir.join("game.toml")) else {
        return Vec::new();
    };
    let Some(line) = toml.lines().find(|l| l.trim_start().starts_with("rules")) else {
        return Vec::new();
    };
    line.split('"')
        .skip(1)
        .step_by(2)
        .map(|p| game_dir.join(p))
        .filter(|p| p.is_file())
        .collect()
}

fn build(game: &str, out: &Path, extra: &[&str]) -> PathBuf {
    let mut args = vec!["rulebook", game, "--out", out.to_str().expect("utf-8 path")];
    args.extend_from_slice(extra);
    let run = grogpress(&args);
    assert!(run.status.success(), "{}", dump(&run));
    out.join(game).join(format!("{game}-rules.pdf"))
}

fn tool(name: &str, args: &[&str]) -> String {
    let out = Command::new(name)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("run {name}: {e}"));
    assert!(out.status.success(), "{name} {args:?} failed");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Words as compared: letters and digits only, lower case.
fn norm(word: &str) -> String {
    word.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// The words of a text; a word broken across lines by hyphenation (U+2010
/// at the end of a line) is joined again.
fn words(text: &str) -> Vec<String> {
    text.replace("\u{2010}\n", "")
        .split_whitespace()
        .map(norm)
        .filter(|w| !w.is_empty())
        .collect()
}

/// The Markdown's headings (text without markup) and its prose lines
/// (shortcode paragraphs left out), with link targets dropped.
fn markdown_parts(md: &str) -> (Vec<String>, Vec<String>) {
    let mut headings = Vec::new();
    let mut prose = Vec::new();
    for line in md.lines() {
        let clean = line.replace("](card:)", "]");
        let trimmed = clean.trim();
        if trimmed.starts_with("{{") {
            continue;
        }
        if let Some(h) = trimmed.strip_prefix('#') {
            let text: String = h
                .trim_start_matches('#')
                .chars()
                .filter(|c| !matches!(c, '*' | '_' | '[' | ']'))
                .collect();
            headings.push(text.trim().to_string());
        }
        prose.push(trimmed.to_string());
    }
    (headings, prose)
}

/// (title, page from 1) of every bookmark, read from `qpdf --json`.
fn bookmarks(pdf: &Path) -> Vec<(String, usize)> {
    let json = tool(
        "qpdf",
        &["--json", "--json-key=outlines", pdf.to_str().expect("path")],
    );
    // Kids are printed between an item's page and its title: a stack pairs them.
    let mut pages = Vec::new();
    let mut found = Vec::new();
    for line in json.lines().map(str::trim) {
        if let Some(n) = line.strip_prefix("\"destpageposfrom1\": ") {
            pages.push(
                n.trim_end_matches(',')
                    .parse::<usize>()
                    .expect("page number"),
            );
        } else if let Some(t) = line.strip_prefix("\"title\": \"") {
            let title = t
                .trim_end_matches(',')
                .trim_end_matches('"')
                .replace("\\\"", "\"");
            found.push((title, pages.pop().expect("a page for the title")));
        }
    }
    found
}

fn page_text(pdf: &Path, page: usize, layout: bool) -> String {
    let p = page.to_string();
    let mut args = vec!["-f", &p, "-l", &p];
    if layout {
        args.push("-layout");
    }
    args.extend([pdf.to_str().expect("path"), "-"]);
    tool("pdftotext", &args)
}

/// The text of a vertical strip of a page (`x` and `w` in points).
fn column_text(pdf: &Path, page: usize, x: f32, w: f32, h: f32) -> String {
    let (p, x, w, h) = (
        page.to_string(),
        (x as i32).to_string(),
        (w as i32).to_string(),
        (h as i32 + 1).to_string(),
    );
    tool(
        "pdftotext",
        &[
            "-f",
            &p,
            "-l",
            &p,
            "-x",
            &x,
            "-y",
            "0",
            "-W",
            &w,
            "-H",
            &h,
            pdf.to_str().expect("path"),
            "-",
        ],
    )
}

fn page_count(pdf: &Path) -> usize {
    tool("pdfinfo", &[pdf.to_str().expect("path")])
        .lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .and_then(|n| n.trim().parse().ok())
        .expect("page count")
}

/// A word box from `pdftotext -bbox`: page (from 1), text, x0, y0, x1, y1.
struct WordBox {
    page: usize,
    text: String,
    x0: f32,
    y0: f32,
    x1: f32,
    y1: f32,
}

fn word_boxes(pdf: &Path) -> (f32, f32, Vec<WordBox>) {
    let html = tool("pdftotext", &["-bbox", pdf.to_str().expect("path"), "-"]);
    let attr = |line: &str, name: &str| -> f32 {
        let key = format!("{name}=\"");
        let at = line.find(&key).expect("attribute") + key.len();
        line[at..]
            .split('"')
            .next()
            .expect("value")
            .parse()
            .expect("number")
    };
    let (mut width, mut height, mut page) = (0.0, 0.0, 0);
    let mut boxes = Vec::new();
    for line in html.lines().map(str::trim) {
        if line.starts_with("<page ") {
            page += 1;
            width = attr(line, "width");
            height = attr(line, "height");
        } else if line.starts_with("<word ") {
            let text = line
                .split('>')
                .nth(1)
                .and_then(|t| t.split('<').next())
                .unwrap_or("")
                .to_string();
            boxes.push(WordBox {
                page,
                text,
                x0: attr(line, "xMin"),
                y0: attr(line, "yMin"),
                x1: attr(line, "xMax"),
                y1: attr(line, "yMax"),
            });
        }
    }
    (width, height, boxes)
}

#[test]
fn every_heading_is_a_bookmark_and_a_contents_entry_on_its_page() {
    let games = games_with_rules();
    assert!(games.contains(&"battlegrid".to_string()));
    let tmp = tempfile::tempdir().expect("temp dir");
    for game in &games {
        let pdf = build(game, tmp.path(), &[]);
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("data")
            .join(game);
        let headings: Vec<String> = markdown_files(&dir)
            .iter()
            .flat_map(|f| markdown_parts(&fs::read_to_string(f).expect("read rules")).0)
            .collect();
        assert!(!headings.is_empty(), "{game} has headings");
        let marks = bookmarks(&pdf);
        assert_eq!(marks.len(), headings.len(), "{game}: {marks:?}");
        let contents = page_text(&pdf, 2, true);
        assert!(contents.contains("Contents"), "{contents}");
        for heading in &headings {
            let (_, page) = marks
                .iter()
                .find(|(t, _)| norm(t) == norm(heading))
                .unwrap_or_else(|| panic!("{game}: no bookmark for {heading:?} in {marks:?}"));
            assert!(*page > 2, "{heading} is in the body");
            // The heading is on the page its bookmark names.
            let text = page_text(&pdf, *page, false);
            assert!(
                words(&text).join(" ").contains(&words(heading).join(" ")),
                "{game}: {heading:?} not on page {page}"
            );
            // The contents line of the heading ends with that page number.
            let line = contents
                .lines()
                .find(|l| words(l).join(" ").starts_with(&words(heading).join(" ")))
                .unwrap_or_else(|| panic!("{game}: {heading:?} not in the contents:\n{contents}"));
            assert_eq!(
                line.split_whitespace().last(),
                Some(page.to_string().as_str()),
                "{game}: contents line {line:?}"
            );
        }
        // Contents entries and card names are links: one annotation per
        // contents entry, at least one per card name of the prose.
        let raw = fs::read(&pdf).expect("read the PDF");
        let links = String::from_utf8_lossy(&raw)
            .matches("/Subtype /Link")
            .count();
        let card_links: usize = markdown_files(&dir)
            .iter()
            .map(|f| {
                fs::read_to_string(f)
                    .expect("read rules")
                    .matches("](card:)")
                    .count()
            })
            .sum();
        assert!(
            links >= headings.len() + card_links,
            "{game}: {links} links for {} headings and {card_links} card names",
            headings.len()
        );
    }
}

#[test]
fn prose_reads_in_order_inside_the_margins_and_columns() {
    let tmp = tempfile::tempdir().expect("temp dir");
    for game in games_with_rules() {
        let pdf = build(&game, tmp.path(), &[]);
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("data")
            .join(&game);
        let prose: Vec<String> = markdown_files(&dir)
            .iter()
            .flat_map(|f| markdown_parts(&fs::read_to_string(f).expect("read rules")).1)
            .flat_map(|l| words(&l))
            .collect();
        let pages = page_count(&pdf);
        let (width, height, boxes) = word_boxes(&pdf);
        // Column one, then column two, of each page: the order a reader follows.
        let pdf_ref = &pdf;
        let body: Vec<String> = (3..=pages)
            .flat_map(|p| {
                [0.0, width / 2.0]
                    .into_iter()
                    .flat_map(move |x| words(&column_text(pdf_ref, p, x, width / 2.0, height)))
            })
            .collect();
        // Every word of the Markdown appears, in the Markdown's order.
        let mut at = 0;
        for (n, word) in prose.iter().enumerate() {
            match body[at..].iter().position(|w| w == word) {
                Some(k) => at += k + 1,
                None => panic!(
                    "{game}: word {n} {word:?} (after {:?}) missing or out of order",
                    &prose[n.saturating_sub(5)..n]
                ),
            }
        }
        let mid = width / 2.0;
        for b in boxes.iter().filter(|b| b.page > 1) {
            assert!(
                b.x0 >= 36.0 && b.x1 <= width - 36.0 && b.y0 >= 30.0 && b.y1 <= height - 24.0,
                "{game}: {:?} on page {} lies outside the margins ({}, {}, {}, {})",
                b.text,
                b.page,
                b.x0,
                b.y0,
                b.x1,
                b.y1
            );
            // The running header and the page number are centred over both columns.
            let in_frame = b.y0 > 50.0 && b.y1 < height - 50.0;
            assert!(
                b.page == 2 || !in_frame || !(b.x0 < mid - 1.0 && b.x1 > mid + 1.0),
                "{game}: {:?} on page {} crosses the gutter",
                b.text,
                b.page
            );
        }
    }
}

#[test]
fn no_column_ends_with_a_heading() {
    let tmp = tempfile::tempdir().expect("temp dir");
    for game in games_with_rules() {
        let pdf = build(&game, tmp.path(), &[]);
        let (width, _, boxes) = word_boxes(&pdf);
        let mid = width / 2.0;
        for (title, page) in bookmarks(&pdf) {
            let title_words = words(&title);
            let on_page: Vec<&WordBox> = boxes.iter().filter(|b| b.page == page).collect();
            let normed: Vec<String> = on_page.iter().map(|b| norm(&b.text)).collect();
            let start = (0..on_page.len())
                .find(|&i| normed[i..].starts_with(&title_words))
                .unwrap_or_else(|| panic!("{game}: {title:?} not found on page {page}"));
            let heading = &on_page[start..start + title_words.len()];
            let bottom = heading.iter().map(|b| b.y1).fold(0.0, f32::max);
            let left_column = heading[0].x0 < mid;
            let below = on_page
                .iter()
                .filter(|b| (b.x0 < mid) == left_column && b.y0 > bottom)
                .filter(|b| b.y1 < 740.0)
                .count();
            assert!(
                below > 0,
                "{game}: {title:?} ends its column on page {page}"
            );
        }
    }
}

#[test]
fn deck_shortcodes_show_every_card_and_builds_repeat() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let pdf = build("battlegrid", tmp.path(), &[]);
    let csv = grogpress(&["export", "csv", "battlegrid", "--deck", "action"]);
    assert!(csv.status.success(), "{}", dump(&csv));
    let csv = String::from_utf8_lossy(&csv.stdout).into_owned();
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let title_col = reader
        .headers()
        .expect("header")
        .iter()
        .position(|h| h == "title")
        .expect("title column");
    let all = words(&tool("pdftotext", &[pdf.to_str().expect("path"), "-"])).join(" ");
    let mut titles = 0;
    for record in reader.records() {
        let record = record.expect("a CSV record");
        let title = record.get(title_col).expect("title");
        assert!(
            all.contains(&words(title).join(" ")),
            "card {title:?} missing"
        );
        titles += 1;
    }
    assert_eq!(titles, 24);
    // A4 and one column build too; a second build is byte-identical.
    let again = tempfile::tempdir().expect("temp dir");
    let pdf2 = build("battlegrid", again.path(), &[]);
    assert!(fs::read(&pdf).expect("read") == fs::read(&pdf2).expect("read"));
    let a4 = build(
        "battlegrid",
        again.path(),
        &["--paper", "a4", "--columns", "1"],
    );
    let info = tool("pdfinfo", &[a4.to_str().expect("path")]);
    assert!(info.contains("(A4)"), "{info}");
}

/// The Markdown's prose paragraphs in order (headings and shortcodes left
/// out), each as its normalised letters; `true` after a paragraph that a
/// shortcode follows.
fn prose_paragraphs(md: &str) -> Vec<(String, bool)> {
    let mut paragraphs: Vec<(String, bool)> = Vec::new();
    for block in md.split("\n\n").map(str::trim).filter(|b| !b.is_empty()) {
        if block.starts_with('#') {
            continue;
        }
        if block.starts_with("{{") {
            if let Some(last) = paragraphs.last_mut() {
                last.1 = true;
            }
            continue;
        }
        paragraphs.push((words(&block.replace("](card:)", "]")).concat(), false));
    }
    paragraphs
}

#[test]
fn plain_pdftotext_reads_the_prose_in_order_and_cards_after_it() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let pdf = build("battlegrid", tmp.path(), &[]);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/battlegrid");
    let md: String = markdown_files(&dir)
        .iter()
        .map(|f| fs::read_to_string(f).expect("read rules") + "\n\n")
        .collect();
    let paragraphs = prose_paragraphs(&md);
    assert!(paragraphs.len() >= 8, "{paragraphs:?}");
    // Plain pdftotext (no -layout, no cropping) of the body pages, as one run of letters.
    let text = words(&tool(
        "pdftotext",
        &["-f", "3", pdf.to_str().expect("path"), "-"],
    ))
    .concat();
    let headings: Vec<String> = markdown_parts(&md)
        .0
        .iter()
        .map(|h| words(h).concat())
        .collect();
    let csv = grogpress(&["export", "csv", "battlegrid", "--deck", "action"]);
    assert!(csv.status.success(), "{}", dump(&csv));
    let mut reader = csv::Reader::from_reader(csv.stdout.as_slice());
    let title_col = reader
        .headers()
        .expect("header")
        .iter()
        .position(|h| h == "title")
        .expect("title column");
    let titles: Vec<String> = reader
        .records()
        .map(|r| words(r.expect("record").get(title_col).expect("title")).concat())
        .collect();
    // Each paragraph is read whole (nothing interleaved), after the one before it.
    let mut at = 0;
    let mut gallery_seen = false;
    for (n, (paragraph, _)) in paragraphs.iter().enumerate() {
        let start = text[at..]
            .find(paragraph.as_str())
            .map(|k| at + k)
            .unwrap_or_else(|| {
                panic!(
                    "paragraph {n} is not read whole after paragraph {}:\n{paragraph}\nin\n{}",
                    n.saturating_sub(1),
                    &text[at..]
                )
            });
        // Between two paragraphs only headings, the running header and page
        // numbers may be read (cards only where the Markdown shows them).
        let mut gap = text[at..start].to_string();
        let shows_cards = n > 0 && paragraphs[n - 1].1;
        if shows_cards {
            for title in &titles {
                assert!(
                    gap.contains(title.as_str()),
                    "card {title:?} is not read between paragraphs {} and {n}",
                    n - 1
                );
            }
            gallery_seen = true;
        } else {
            for heading in &headings {
                gap = gap.replace(heading.as_str(), "");
            }
            gap = gap
                .replace("battlegrid", "")
                .replace(|c: char| c.is_ascii_digit(), "");
            assert!(
                gap.is_empty(),
                "{gap:?} is read between paragraphs {} and {n}",
                n.saturating_sub(1)
            );
        }
        at = start + paragraph.len();
    }
    assert!(
        gallery_seen,
        "the deck's cards are shown between two paragraphs"
    );
}
