//! Rulebook PDFs: every shipped game with Markdown rules is built into a temp
//! dir with the real binary and the PDF read back — bookmarks (qpdf --json),
//! contents and prose (pdftotext), word boxes (pdftotext -bbox) — against the
//! Markdown, the game's HTML reference (its data tables) and its CSV cards.

mod support;
use support::tools::{self, page_count, pdf_bookmarks, structure_body, structure_text, tool};

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};

use support::raw::{build_rulebook_with, diags, dump, grogpress};

/// Games under data/ with a rules/ folder of Markdown.
fn games_with_rules() -> Vec<String> {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let mut games: Vec<String> = fs::read_dir(&data)
        .expect("read data/")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().join("game.toml").is_file() && !markdown_files(&e.path()).is_empty())
        // A game with rules has a rulebook unless `[publish] rulebook = false`.
        .filter(|e| {
            fs::read_to_string(e.path().join("game.toml"))
                .is_ok_and(|t| !t.lines().any(|l| l.replace(' ', "") == "rulebook=false"))
        })
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    games.sort();
    games
}

/// The rules Markdown of a page as the rulebook prints its words: a
/// ```` ```figure ```` block is a drawing (its TOML is not printed; its
/// caption is, with words the Markdown lacks), and a callout's `:::`
/// fences print no words of their own. Rule numbers and "see 6.1, p. 4"
/// add words the Markdown lacks, which the readers below allow.
fn read_rules(path: &Path) -> String {
    let md = fs::read_to_string(path).expect("read rules");
    let mut out = String::with_capacity(md.len());
    let mut in_figure = false;
    for line in md.lines() {
        let trimmed = line.trim();
        if in_figure {
            in_figure = trimmed != "```";
            continue;
        }
        if trimmed == "```figure" {
            in_figure = true;
            continue;
        }
        if trimmed.starts_with(":::") {
            out.push('\n');
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// Whether a bookmark's title is the heading: the same words, after the
/// rule number the game may print before it ("6.1 Combat").
fn is_heading(title: &str, heading: &str) -> bool {
    let (title, heading) = (norm(title), norm(heading));
    title
        .strip_suffix(&heading)
        .is_some_and(|number| number.chars().all(|c| c.is_ascii_digit()))
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

/// Words as compared: letters and digits only, lower case.
fn norm(word: &str) -> String {
    word.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// The words of a text; a word broken across lines by hyphenation (a soft
/// hyphen, as the tagged rulebook's text reads its U+2010, at the end of a
/// line) is joined again.
fn words(text: &str) -> Vec<String> {
    text.replace("\u{ad}\n", "")
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
        let clean = drop_icons(&drop_link_targets(line));
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

/// A line without its inline icons (`:sword:`, for an icon in data/icons/):
/// they are drawn as pictures, not words.
fn drop_icons(line: &str) -> String {
    let icons = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/icons");
    let mut out = line.to_string();
    for entry in fs::read_dir(icons)
        .expect("data/icons")
        .filter_map(|e| e.ok())
    {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "svg")
            && let Some(name) = path.file_stem().and_then(|n| n.to_str())
        {
            out = out.replace(&format!(":{name}:"), " ");
        }
    }
    out
}

/// A Markdown line without its links' targets: `[Dice](#dice)` → `[Dice]`.
fn drop_link_targets(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(at) = rest.find("](") {
        out.push_str(&rest[..=at]);
        rest = &rest[at + 2..];
        match rest.find(')') {
            Some(end) => rest = &rest[end + 1..],
            None => break,
        }
    }
    out.push_str(rest);
    out
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

/// The text of a box of a page (`x`, `y`, `w` and `h` in points).
fn column_text(pdf: &Path, page: usize, x: f32, y: f32, w: f32, h: f32) -> String {
    let (p, x, y, w, h) = (
        page.to_string(),
        (x as i32).to_string(),
        (y as i32).to_string(),
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
            &y,
            "-W",
            &w,
            "-H",
            &h,
            pdf.to_str().expect("path"),
            "-",
        ],
    )
}

/// A page's text in reading order: the page cut across at what spans the
/// gutter (a figure set across the page); above, between and below those,
/// column one then column two.
fn reading_text(
    pdf: &Path,
    page: usize,
    (width, height): (f32, f32),
    boxes: &[WordBox],
    cards: &HashSet<String>,
) -> String {
    let mid = width / 2.0;
    // The running header (centred) and the page number lie outside the frame.
    let in_frame = |b: &&WordBox| b.y0 > 50.0 && b.y1 < height - 50.0;
    let mut spans: Vec<(f32, f32)> = boxes
        .iter()
        .filter(in_frame)
        .filter(|b| b.page == page && b.x0 < mid - 1.0 && b.x1 > mid + 1.0)
        .map(|b| (b.y0 - 1.0, b.y1 + 1.0))
        .collect();
    let on_page: Vec<&WordBox> = boxes
        .iter()
        .filter(in_frame)
        .filter(|b| b.page == page)
        .collect();
    spans.extend(gallery_rows(&on_page, mid, cards));
    // A contents line's dot leader runs across the gutter dot by dot: the
    // contents, which may share its page with the rules, spans the page.
    let dots = |left: bool| -> Vec<&WordBox> {
        boxes
            .iter()
            .filter(in_frame)
            .filter(|b| b.page == page && b.text == "." && (b.x1 < mid) == left)
            .collect()
    };
    let right_dots = dots(false);
    for b in dots(true) {
        if right_dots.iter().any(|r| (r.y0 - b.y0).abs() < 0.5) {
            spans.push((b.y0 - 1.0, b.y1 + 1.0));
        }
    }
    spans.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut merged: Vec<(f32, f32)> = Vec::new();
    for (a, b) in spans {
        match merged.last_mut() {
            Some(last) if a <= last.1 + 12.0 => last.1 = last.1.max(b),
            _ => merged.push((a, b)),
        }
    }
    // The frame: below the running header, above the page number.
    let (mut y, height) = (50.0, height - 50.0);
    let mut parts = Vec::new();
    for (a, b) in merged.into_iter().chain([(height, height)]) {
        // What column one holds below column two's last line above the span
        // (a heading over the figure) is read with the span, after column two.
        let a = if a < height {
            heading_above(boxes, page, mid, y, a)
        } else {
            a
        };
        if a > y {
            for x in [0.0, mid] {
                parts.push(column_text(pdf, page, x, y, mid, a - y));
            }
        }
        if b > a {
            parts.push(column_text(pdf, page, 0.0, a, width, b - a));
        }
        y = b;
    }
    parts
        .iter()
        .map(|t| t.trim_end())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Where a gallery's rows run across the page (its cards, not its words,
/// span the gutter): runs of lines (words at one height) of card words
/// only, one of them on both sides of the gutter.
fn gallery_rows(boxes: &[&WordBox], mid: f32, cards: &HashSet<String>) -> Vec<(f32, f32)> {
    let mut sorted = boxes.to_vec();
    sorted.sort_by(|a, b| a.y0.total_cmp(&b.y0));
    // (top, bottom, card words only, on both sides)
    let mut lines: Vec<(f32, f32, bool, bool, bool)> = Vec::new();
    for b in sorted {
        let word = norm(&b.text);
        let card = word.is_empty() || cards.contains(&word);
        match lines.last_mut() {
            Some(line) if (b.y0 - line.0).abs() < 1.0 => {
                line.1 = line.1.max(b.y1);
                line.2 &= card;
                line.3 |= b.x1 < mid;
                line.4 |= b.x0 > mid;
            }
            _ => lines.push((b.y0, b.y1, card, b.x1 < mid, b.x0 > mid)),
        }
    }
    let mut rows = Vec::new();
    for run in lines.split(|l| !l.2) {
        if run.iter().any(|l| l.3 && l.4)
            && let (Some(first), Some(last)) = (run.first(), run.last())
        {
            rows.push((first.0 - 1.0, last.1 + 1.0));
        }
    }
    rows
}

/// The top of a heading set over a figure that spans the page, if one lies
/// between `y` and the figure's top `a`: column one's first line below column
/// two's last that stands a gap (8 pt in the layout) below the line over it.
fn heading_above(boxes: &[WordBox], page: usize, mid: f32, y: f32, a: f32) -> f32 {
    let region = |w: &&WordBox| w.page == page && w.y0 >= y && w.y1 <= a;
    // The gaps between lines are read from where their letters reach (the
    // rules' face boxes a word taller than its line): (top, foot, box top).
    let ink = |w: &WordBox| {
        let ink = support::prose_ink_box(&[w.x0, w.y0, w.x1, w.y1].map(f64::from));
        (ink[1] as f32, ink[3] as f32, w.y0)
    };
    let right = boxes
        .iter()
        .filter(region)
        .filter(|w| w.x0 >= mid)
        .map(|w| ink(w).1)
        .fold(y, f32::max);
    let mut left: Vec<(f32, f32, f32)> = boxes
        .iter()
        .filter(region)
        .filter(|w| w.x1 <= mid)
        .map(ink)
        .collect();
    left.sort_by(|p, q| p.0.total_cmp(&q.0));
    let mut above = right;
    for (y0, y1, top) in left {
        if y0 > right && y0 - above >= 7.0 {
            return top - 0.5;
        }
        above = above.max(y1);
    }
    a
}

/// The game's HTML reference built into `out`: the text of every page.
fn html_pages(game: &str, out: &Path) -> Vec<String> {
    let run = grogpress(&["rules", game, "--out", out.to_str().expect("utf-8 path")]);
    assert!(run.status.success(), "{}", dump(&run));
    let dir = out.join(game).join("html");
    support::html_files(&dir)
        .iter()
        .map(|f| fs::read_to_string(f).expect("read HTML"))
        .collect()
}

/// HTML with its tags dropped and the entities it uses decoded.
fn strip_tags(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                out.push(' ');
            }
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&amp;", "&")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
}

/// Each body row of the data tables (`<table class="data" ...>`: what the
/// shortcodes show) of the game's HTML reference, as words.
fn html_table_rows(game: &str, out: &Path) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    for page in html_pages(game, out) {
        for table in page.split("<table class=\"data\"").skip(1) {
            // Past the rest of the opening tag (tabindex).
            let table = table.split_once('>').map_or("", |(_, t)| t);
            let table = table.split("</table>").next().unwrap_or("");
            let body = table.split("<tbody>").nth(1).unwrap_or("");
            for row in body.split("<tr").skip(1) {
                let row = row.split("</tr>").next().unwrap_or("");
                rows.push(words(&strip_tags(&printed_html(&format!("<tr{row}")))));
            }
        }
    }
    rows
}

/// HTML without the text only a screen reader reads (a swatch's "(dotted)"):
/// the PDF draws what it names.
fn printed_html(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(at) = rest.find("<span class=\"visually-hidden\">") {
        out.push_str(&rest[..at]);
        rest = rest[at..].split_once("</span>").map_or("", |(_, r)| r);
    }
    out.push_str(rest);
    out
}

fn html_table_words(game: &str, out: &Path) -> HashSet<String> {
    let mut all: HashSet<String> = html_table_rows(game, out).into_iter().flatten().collect();
    // The header cells and titles too.
    for page in html_pages(game, out) {
        for table in page.split("<table class=\"data\"").skip(1) {
            let table = table.split_once('>').map_or("", |(_, t)| t);
            all.extend(words(&strip_tags(&printed_html(
                table.split("</table>").next().unwrap_or(""),
            ))));
        }
    }
    all
}

/// A link annotation: its page (from 1), its rectangle (PDF units, y up)
/// and where it jumps: the page (from 1) and the top of the view there.
#[derive(Debug)]
struct PdfLink {
    page: usize,
    rect: [f32; 4],
    to_page: usize,
    to_top: f32,
}

/// Every link of a PDF ([`tools::pdf_links`]), in this file's `f32` units.
fn pdf_links(pdf: &Path) -> Vec<PdfLink> {
    tools::pdf_links(pdf)
        .into_iter()
        .map(|l| PdfLink {
            page: l.page,
            rect: l.rect.map(|v| v as f32),
            to_page: l.to_page,
            to_top: l.to_top as f32,
        })
        .collect()
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

/// A word's box cut to where its letters reach, tallest to deepest (the
/// rules' face boxes a word well above and below its line).
fn ink(b: &WordBox) -> [f32; 4] {
    support::prose_ink_box(&[b.x0, b.y0, b.x1, b.y1].map(f64::from)).map(|v| v as f32)
}

fn word_boxes(pdf: &Path) -> (f32, f32, Vec<WordBox>) {
    let html = tool("pdftotext", &["-bbox", pdf.to_str().expect("path"), "-"]);
    let attr = |line: &str, name: &str| tools::attr(line, name) as f32;
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
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                .replace("&apos;", "'")
                .replace("&amp;", "&");
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
        let pdf = build_rulebook_with(game, tmp.path(), &[]);
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("data")
            .join(game);
        let mut headings: Vec<String> = markdown_files(&dir)
            .iter()
            .flat_map(|f| markdown_parts(&read_rules(f)).0)
            .collect();
        assert!(!headings.is_empty(), "{game} has headings");
        // The glossary and the index after the rules have their bookmark
        // and contents entry too.
        if has_glossary(game) {
            headings.push("Glossary".to_string());
        }
        if has_index(game) {
            headings.push("Index".to_string());
        }
        let marks = pdf_bookmarks(&pdf);
        assert_eq!(marks.len(), headings.len(), "{game}: {marks:?}");
        let contents = page_text(&pdf, 2, true);
        assert!(contents.contains("Contents"), "{contents}");
        for heading in &headings {
            let (_, page) = marks
                .iter()
                .find(|(t, _)| is_heading(t, heading))
                .unwrap_or_else(|| panic!("{game}: no bookmark for {heading:?} in {marks:?}"));
            // The body starts after the contents, or below a short one on its page.
            assert!(*page >= 2, "{heading} is in the body");
            // The heading is on the page its bookmark names.
            let text = page_text(&pdf, *page, false);
            assert!(
                words(&text).join(" ").contains(&words(heading).join(" ")),
                "{game}: {heading:?} not on page {page}"
            );
            // The contents line of the heading ends with that page number.
            let line = contents
                .lines()
                .filter(|l| {
                    l.split_whitespace()
                        .last()
                        .is_some_and(|w| w.parse::<usize>().is_ok())
                })
                .find(|l| {
                    let w = words(l);
                    is_heading(&w[..w.len().saturating_sub(1)].concat(), heading)
                })
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
                let md = fs::read_to_string(f).expect("read rules");
                md.matches("](card:").count() + md.matches("](<card:").count()
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
        let pdf = build_rulebook_with(&game, tmp.path(), &[]);
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("data")
            .join(&game);
        let prose: Vec<String> = markdown_files(&dir)
            .iter()
            .flat_map(|f| markdown_parts(&read_rules(f)).1)
            .flat_map(|l| words(&l))
            .collect();
        let pages = page_count(&pdf);
        let (width, height, boxes) = word_boxes(&pdf);
        // Column one, then column two, of each band of columns on each page,
        // and what spans the page between them: the order a reader follows.
        // (From page 2: the rules may start there, below a short contents.)
        let cards = card_words(&game, tmp.path());
        let text: String = (2..=pages)
            .map(|p| reading_text(&pdf, p, (width, height), &boxes, &cards))
            .collect::<Vec<_>>()
            .join("\n");
        let body = words(&text);
        let table_words = html_table_words(&game, tmp.path());
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
        // Inline icons are drawn, not printed as their `:name:` or a placeholder.
        for b in &boxes {
            assert!(
                drop_icons(&b.text) == b.text && !b.text.contains('\u{25A0}'),
                "{game}: {:?} on page {} is an icon printed as text",
                b.text,
                b.page
            );
        }
        let mid = width / 2.0;
        for b in boxes.iter().filter(|b| b.page > 1) {
            // Up and down, where its letters reach (the rules' face boxes a
            // word taller than its line).
            let [_, top, _, foot] = ink(b);
            assert!(
                b.x0 >= 36.0 && b.x1 <= width - 36.0 && top >= 30.0 && foot <= height - 24.0,
                "{game}: {:?} on page {} lies outside the margins ({}, {}, {}, {})",
                b.text,
                b.page,
                b.x0,
                b.y0,
                b.x1,
                b.y1
            );
            // The running header (centred) and the page number lie outside the frame.
            let in_frame = b.y0 > 50.0 && b.y1 < height - 50.0;
            // Only a table spanning the page crosses the gutter, never prose.
            let crosses = b.x0 < mid - 1.0 && b.x1 > mid + 1.0;
            assert!(
                b.page == 2 || !in_frame || !crosses || table_words.contains(&norm(&b.text))
                    // A dash alone is a table's empty cell: prose sets it with its words.
                    || norm(&b.text).is_empty(),
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
        let pdf = build_rulebook_with(&game, tmp.path(), &[]);
        let (width, _, boxes) = word_boxes(&pdf);
        let mid = width / 2.0;
        for (title, page) in pdf_bookmarks(&pdf) {
            let title_words = words(&title);
            let on_page: Vec<&WordBox> = boxes
                .iter()
                .filter(|b| b.page == page && !norm(&b.text).is_empty())
                .collect();
            let normed: Vec<String> = on_page.iter().map(|b| norm(&b.text)).collect();
            // The heading, not the same words in the prose: the tallest match.
            let start = (0..on_page.len())
                .filter(|&i| normed[i..].starts_with(&title_words))
                .max_by(|&a, &b| {
                    let h = |i: usize| on_page[i].y1 - on_page[i].y0;
                    h(a).total_cmp(&h(b)).then(b.cmp(&a))
                })
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
    let pdf = build_rulebook_with("battlegrid", tmp.path(), &[]);
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
    let pdf2 = build_rulebook_with("battlegrid", again.path(), &[]);
    assert!(fs::read(&pdf).expect("read") == fs::read(&pdf2).expect("read"));
    let a4 = build_rulebook_with(
        "battlegrid",
        again.path(),
        &["--paper", "a4", "--columns", "1"],
    );
    let info = tool("pdfinfo", &[a4.to_str().expect("path")]);
    assert!(info.contains("(A4)"), "{info}");
}

#[test]
fn every_table_row_and_card_a_shortcode_names_appears() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let mut rows_seen = 0;
    let mut cards_seen = 0;
    for game in games_with_rules() {
        let pdf = build_rulebook_with(&game, tmp.path(), &[]);
        let (_, _, boxes) = word_boxes(&pdf);
        let boxes: Vec<(usize, String, f32)> = boxes
            .iter()
            .map(|b| (b.page, norm(&b.text), b.y0))
            .filter(|(_, w, _)| !w.is_empty())
            .collect();
        // Each row of the data the HTML shows: its words together on one
        // page, within a few lines of its first word (cells may wrap).
        for row in html_table_rows(&game, tmp.path()) {
            let Some(first) = row.first() else { continue };
            // Cells are centred in their row's height: look a little above too.
            let found = boxes
                .iter()
                .filter(|(_, w, _)| w == first)
                .any(|(p, _, y)| {
                    row.iter().all(|word| {
                        boxes
                            .iter()
                            .any(|(q, w, v)| q == p && w == word && (*v - y).abs() <= 30.0)
                    })
                });
            assert!(found, "{game}: table row {row:?} is not in the rulebook");
            rows_seen += 1;
        }
        // Every card of every deck or card shortcode, by its title.
        let all = words(&tool("pdftotext", &[pdf.to_str().expect("path"), "-"])).join(" ");
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("data")
            .join(&game);
        for md in markdown_files(&dir) {
            let md = fs::read_to_string(md).expect("read rules");
            for line in md.lines().map(str::trim) {
                let (deck, card) = if let Some(d) = line.strip_prefix("{{ deck(\"") {
                    (d.split('"').next().unwrap_or(""), None)
                } else if let Some(c) = line.strip_prefix("{{ card(\"") {
                    let arg = c.split('"').next().unwrap_or("");
                    let (d, k) = arg.split_once('/').expect("deck/card");
                    (d, Some(k.to_string()))
                } else {
                    continue;
                };
                for title in card_titles(&game, deck) {
                    if card.as_ref().is_some_and(|k| norm(k) != norm(&title)) {
                        continue;
                    }
                    assert!(
                        all.contains(&words(&title).join(" ")),
                        "{game}: card {title:?} of `{line}` is not in the rulebook"
                    );
                    cards_seen += 1;
                }
            }
        }
    }
    // BCS charts, Battlefront's random tables, the units of two games.
    assert!(rows_seen > 100, "only {rows_seen} table rows checked");
    assert!(cards_seen > 40, "only {cards_seen} cards checked");
}

/// Every word on the cards of the decks the game's rules show: every cell
/// of each deck's `export csv`, and what the game's print-and-play cards
/// (`grogpress cards`) print, their templates' labels with it.
fn card_words(game: &str, out: &Path) -> HashSet<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join(game);
    let mut decks = HashSet::new();
    for md in markdown_files(&dir) {
        let md = fs::read_to_string(md).expect("read rules");
        for line in md.lines().map(str::trim) {
            let arg = line
                .strip_prefix("{{ deck(\"")
                .or_else(|| line.strip_prefix("{{ card(\""))
                .and_then(|a| a.split(['"', '/']).next());
            decks.extend(arg.map(str::to_string));
        }
    }
    let mut all = HashSet::new();
    for deck in decks {
        let csv = grogpress(&["export", "csv", game, "--deck", &deck]);
        assert!(csv.status.success(), "{}", dump(&csv));
        let mut reader = csv::Reader::from_reader(&csv.stdout[..]);
        for record in reader.records() {
            for cell in record.expect("a CSV record").iter() {
                all.extend(words(cell));
            }
        }
    }
    let out = out.join("cards");
    let run = grogpress(&["cards", game, "--out", out.to_str().expect("utf-8 path")]);
    assert!(run.status.success(), "{}", dump(&run));
    for sheet in fs::read_dir(out.join(game)).into_iter().flatten().flatten() {
        let path = sheet.path();
        if path.extension().is_some_and(|e| e == "pdf") {
            all.extend(words(&tool(
                "pdftotext",
                &[path.to_str().expect("path"), "-"],
            )));
        }
    }
    all
}

/// The titles of a deck's cards, from `export csv` (its `title` or `name` column).
fn card_titles(game: &str, deck: &str) -> Vec<String> {
    let csv = grogpress(&["export", "csv", game, "--deck", deck]);
    assert!(csv.status.success(), "{}", dump(&csv));
    let mut reader = csv::Reader::from_reader(&csv.stdout[..]);
    let headers = reader.headers().expect("header").clone();
    let col = headers
        .iter()
        .position(|h| h == "title")
        .or_else(|| headers.iter().position(|h| h == "name"))
        .expect("a title or name column");
    reader
        .records()
        .map(|r| {
            r.expect("a CSV record")
                .get(col)
                .expect("title")
                .to_string()
        })
        .collect()
}

#[test]
fn a_table_too_big_for_an_empty_page_is_a_rulebook_overflow_at_its_shortcode() {
    // Six rows of some 300 words each: taller than a page even across it.
    let long = vec!["skirmish"; 300].join(" ");
    let rows: String = (1..=6)
        .map(|n| format!("\n[[rows]]\nroll = \"{n}\"\nresult = \"{long}\"\n"))
        .collect();
    let table = format!("name = \"Huge Table\"\nroll = \"1d6\"\n{rows}");
    let tmp = support::battlefront_with(
        "\nThe huge table:\n\n   {{ table(\"huge\") }}\n",
        &[
            ("tables/huge.toml", table.as_str()),
            (
                "game.toml",
                "\n[[random_tables]]\nid = \"huge\"\nfile = \"tables/huge.toml\"\n",
            ),
        ],
    );
    let game = tmp.path().join("battlefront");
    let out = tmp.path().join("out");
    let md = fs::read_to_string(game.join("rules/battlefront.md")).expect("read rules");
    let line = md.lines().count();
    let run = grogpress(&[
        "rulebook",
        game.to_str().expect("path"),
        "--out",
        out.to_str().expect("path"),
        "--format",
        "json",
    ]);
    assert_eq!(run.status.code(), Some(1), "{}", dump(&run));
    let found = diags(&run);
    let overflow: Vec<_> = found
        .iter()
        .filter(|d| d.id == "rulebook-overflow")
        .collect();
    assert_eq!(overflow.len(), 1, "{found:?}");
    assert!(
        overflow[0].file.ends_with("rules/battlefront.md"),
        "{found:?}"
    );
    assert_eq!(
        (overflow[0].line, overflow[0].column),
        (line, 4),
        "{found:?}"
    );
    assert!(!out.join("battlefront/battlefront-rules.pdf").exists());
}

#[test]
fn pipe_tables_are_ruled_tables_and_table_names_link_to_their_tables() {
    let tmp = support::battlefront_with(
        "\n## Ranks\n\nSee the [Skills Table](#table-skills) for skills.\n\n| Rankname | Pointcount | Remark |\n|:-----|-------:|:----:|\n| Zorblat | 9182 | first |\n| Quexon | 81 | second |\n| Vindraz | 918273 | third |\n",
        &[],
    );
    let game = tmp.path().join("battlefront");
    let pdf = build_rulebook_with(game.to_str().expect("path"), &tmp.path().join("out"), &[]);
    let (_, _, boxes) = word_boxes(&pdf);
    let find = |t: &str| {
        boxes
            .iter()
            .find(|b| b.text == t)
            .unwrap_or_else(|| panic!("{t:?} not in the rulebook"))
    };
    // A header row over the body rows, each cell in its column: left-aligned
    // names start together, right-aligned points end together, rows in order.
    let (head, first, last) = (find("Rankname"), find("Zorblat"), find("Vindraz"));
    assert!(
        (head.x0 - first.x0).abs() < 1.0 && (first.x0 - last.x0).abs() < 1.0,
        "{} {} {}",
        head.x0,
        first.x0,
        last.x0
    );
    let (points, one, many) = (find("Pointcount"), find("81"), find("918273"));
    assert!((points.x1 - many.x1).abs() < 0.5 && (one.x1 - many.x1).abs() < 0.5);
    assert!(head.y1 <= first.y0 && first.y1 <= find("Quexon").y0);
    assert!(find("Quexon").y1 <= last.y0);
    // The pipes are gone: the table is drawn, not printed as text.
    assert!(boxes.iter().all(|b| !b.text.contains('|')));
    // "Skills Table" in the prose links to the skills table: its page, above its title.
    let (_, height, _) = word_boxes(&pdf);
    // The table's title: the heading "SKILLS TABLE" right above it stands
    // for its title bar, with the table's first result just below.
    let title = boxes
        .iter()
        .zip(boxes.iter().skip(1))
        .find(|(a, b)| {
            a.text.eq_ignore_ascii_case("Skills")
                && b.text.eq_ignore_ascii_case("Table")
                && boxes.iter().any(|s| {
                    s.text == "Seduction" && s.page == a.page && s.y0 > a.y0 && s.y0 - a.y0 < 60.0
                })
        })
        .map(|(a, _)| a)
        .expect("the skills table's title");
    let mention = boxes
        .iter()
        .zip(boxes.iter().skip(1))
        .zip(boxes.iter().skip(2))
        .find(|((a, b), c)| a.text == "the" && b.text == "Skills" && c.text == "Table")
        .map(|((_, b), _)| b)
        .expect("the mention of the skills table");
    let links = pdf_links(&pdf);
    let link = links
        .iter()
        .find(|l| {
            l.page == mention.page
                && l.rect[0] <= mention.x0 + 1.0
                && l.rect[2] >= mention.x1 - 1.0
                && (height - l.rect[3]) <= ink(mention)[1] + 1.0
                && (height - l.rect[1]) >= ink(mention)[3] - 1.0
        })
        .unwrap_or_else(|| panic!("no link over the mention in {links:?}"));
    assert_eq!(link.to_page, title.page, "{link:?}");
    let top = height - link.to_top;
    assert!((title.y0 - top).abs() < 30.0, "{link:?} {}", title.y0);
}

#[test]
fn build_writes_every_rulebook_and_a_game_can_opt_out() {
    let games = games_with_rules();
    assert_eq!(games.len(), 6, "every shipped game has rules: {games:?}");
    let tmp = tempfile::tempdir().expect("temp dir");
    let out = tmp.path().join("out");
    let run = grogpress(&["build", "--out", out.to_str().expect("path")]);
    assert!(run.status.success(), "{}", dump(&run));
    let again = tmp.path().join("again");
    let run = grogpress(&["build", "--out", again.to_str().expect("path")]);
    assert!(run.status.success(), "{}", dump(&run));
    for game in &games {
        let name = grogpress::publish::rulebook_file(game);
        let pdf = out.join(game).join(&name);
        assert!(page_count(&pdf) > 2, "{game}: no rulebook from `build`");
        // A second build is byte-identical.
        let second = fs::read(again.join(game).join(&name)).expect("read");
        assert!(
            fs::read(&pdf).expect("read") == second,
            "{game}: builds differ"
        );
    }
    // `[publish] rulebook = false` opts a game out.
    let game = tmp.path().join("bcs");
    support::copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("data/bcs"),
        &game,
    );
    let toml = game.join("game.toml");
    let mut text = fs::read_to_string(&toml).expect("read game.toml");
    text.push_str("\n[publish]\nrulebook = false\n");
    fs::write(&toml, text).expect("write game.toml");
    let quiet = tmp.path().join("quiet");
    let run = grogpress(&[
        "build",
        game.to_str().expect("path"),
        "--out",
        quiet.to_str().expect("path"),
    ]);
    assert!(run.status.success(), "{}", dump(&run));
    assert!(quiet.join("bcs").is_dir(), "{}", dump(&run));
    assert!(!quiet.join("bcs/bcs-rules.pdf").exists());
}
/// The Markdown's prose paragraphs in order (headings and shortcodes left
/// out), each as its normalised letters; `true` after a paragraph that a
/// All of a shipped game's rules Markdown, its files in order, a blank line apart.
fn rules_markdown(game: &str) -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join(game);
    markdown_files(&dir)
        .iter()
        .map(|f| read_rules(f) + "\n\n")
        .collect()
}

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
        paragraphs.push((words(&drop_link_targets(block)).concat(), false));
    }
    paragraphs
}

#[test]
fn the_structure_tree_reads_the_prose_in_order_and_cards_after_it() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let pdf = build_rulebook_with("battlegrid", tmp.path(), &[]);
    let md = rules_markdown("battlegrid");
    let paragraphs = prose_paragraphs(&md);
    assert!(paragraphs.len() >= 8, "{paragraphs:?}");
    // The tagged PDF's body in structure order, as one run of letters.
    let text = structure_body_text(&pdf);
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
        // Between two paragraphs only headings may be read (cards only
        // where the Markdown shows them): the running head and the page
        // numbers are artifacts, outside the structure.
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

#[test]
fn table_names_in_the_prose_link_to_their_tables() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let pdf = build_rulebook_with("bcs", tmp.path(), &[]);
    let (_, height, boxes) = word_boxes(&pdf);
    let links = pdf_links(&pdf);
    for name in ["Barrage", "Engagement", "SNAFU", "Fatigue Increase"] {
        let words: Vec<&str> = name.split(' ').chain(["Table"]).collect();
        // The first time the prose names it ("the … Table", on a body page,
        // past the contents; "Table’s" counts), not a table's own title.
        let at = (1..boxes.len())
            .filter(|&i| boxes[i].page >= 3 && norm(&boxes[i - 1].text) == "the")
            .find(|&i| {
                words.iter().enumerate().all(|(k, w)| {
                    boxes
                        .get(i + k)
                        .is_some_and(|b| norm(&b.text).starts_with(&norm(w)))
                })
            })
            .unwrap_or_else(|| panic!("the prose never names the {name} Table"));
        let word = &boxes[at];
        let link = links
            .iter()
            .find(|l| {
                l.page == word.page
                    && l.rect[0] <= word.x0 + 1.0
                    && l.rect[2] >= word.x0 + 1.0
                    && (height - l.rect[3]) <= ink(word)[1] + 1.0
                    && (height - l.rect[1]) >= ink(word)[3] - 1.0
            })
            .unwrap_or_else(|| panic!("the {name} Table is named without a link"));
        // It lands just above the table's own title.
        let top = height - link.to_top;
        assert!(
            (0..boxes.len()).any(|i| boxes[i].page == link.to_page
                && boxes[i].y0 >= top - 1.0
                && boxes[i].y0 - top < 30.0
                && words.iter().enumerate().all(|(k, w)| boxes
                    .get(i + k)
                    .is_some_and(|b| norm(&b.text).starts_with(&norm(w))))),
            "the link for the {name} Table lands on page {} at {top}, not at the table",
            link.to_page
        );
    }
}

/// A tagged rulebook's body (after its contents) in structure order
/// (`pdfinfo -struct-text`) as one run of letters.
fn structure_body_text(pdf: &Path) -> String {
    let body = structure_body(structure_text(pdf));
    let text: Vec<String> = body.into_iter().map(|t| t.text).collect();
    words(&text.join("\n")).concat()
}

/// A paragraph of the Markdown cut where the rulebook prints words it
/// lacks: after each link to a rule or figure ("(see 6.1, p. 5)",
/// "Figure 2, p. 5"), which the reader reads between the pieces.
fn printed_pieces(block: &str) -> Vec<&str> {
    let mut pieces = Vec::new();
    let mut rest = block;
    loop {
        let next = ["](rule:", "](<rule:", "](figure:", "](<figure:"]
            .iter()
            .filter_map(|m| rest.find(m))
            .min();
        let Some(at) = next else { break };
        let end = rest[at..].find(')').map_or(rest.len(), |k| at + k + 1);
        pieces.push(&rest[..end]);
        rest = &rest[end..];
    }
    pieces.push(rest);
    pieces
}

/// The most characters a printed reference ("see62p5", "figure2p5") adds
/// between two pieces of a paragraph.
const REFERENCE_WORDS: usize = 24;

/// Where the structure tree of `pdf` has a paragraph of `paragraphs` out of
/// order: one not read whole after the one before it (its pieces in order,
/// only a printed reference between them), or read after a later one.
fn misread_paragraphs(pdf: &Path, paragraphs: &[Vec<String>]) -> Vec<String> {
    let text = structure_body_text(pdf);
    let mut misread = Vec::new();
    let mut at = 0;
    for (n, pieces) in paragraphs.iter().enumerate() {
        let whole = pieces.concat();
        // Read whole (nothing read inside it but its references) and
        // after the one before it.
        let Some((start, end)) = read_whole(&text, at, pieces) else {
            misread.push(format!(
                "paragraph {n} is not read whole after paragraph {}: {whole}",
                n.saturating_sub(1)
            ));
            continue;
        };
        // No later paragraph is read before it.
        if let Some(later) = paragraphs[n + 1..]
            .iter()
            .map(|p| p.concat())
            .find(|later| {
                let head = &later[..later.len().min(40)];
                head.len() >= 20 && text[at..start].contains(head)
            })
        {
            misread.push(format!(
                "{:?} is read before paragraph {n}: {whole}",
                &later[..later.len().min(40)]
            ));
        }
        at = end;
    }
    misread
}

/// Where in `text` from `at` the pieces are read in order with at most a
/// printed reference between each two: the start of the first and the
/// end of the last.
fn read_whole(text: &str, at: usize, pieces: &[String]) -> Option<(usize, usize)> {
    let first = pieces.first()?;
    let mut from = at;
    while let Some(k) = text[from..].find(first.as_str()) {
        let start = from + k;
        let mut end = start + first.len();
        let followed = pieces[1..].iter().all(|piece| {
            let mut stop = text.len().min(end + REFERENCE_WORDS + piece.len());
            while !text.is_char_boundary(stop) {
                stop -= 1;
            }
            let window = &text[end..stop];
            match window.find(piece.as_str()) {
                Some(gap) if gap <= REFERENCE_WORDS => {
                    end += gap + piece.len();
                    true
                }
                _ => false,
            }
        });
        if followed {
            return Some((start, end));
        }
        from = start + first.chars().next().map_or(1, char::len_utf8);
    }
    None
}

#[test]
fn the_structure_tree_reads_every_rulebooks_prose_in_order() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let games = games_with_rules();
    assert!(games.len() >= 5, "{games:?}");
    let mut misread = Vec::new();
    for game in games {
        let md = rules_markdown(&game);
        // Prose paragraphs and lists; pipe tables and shortcodes are set as
        // tables or figures, whose text may be read before or after them.
        let paragraphs: Vec<Vec<String>> = md
            .split("\n\n")
            .map(str::trim)
            .filter(|b| !b.is_empty() && !b.starts_with('#'))
            .filter(|b| !b.starts_with("{{") && !b.starts_with('|'))
            .map(|b| {
                printed_pieces(b)
                    .iter()
                    .map(|piece| words(&drop_icons(&drop_link_targets(piece))).concat())
                    .filter(|p| !p.is_empty())
                    .collect::<Vec<_>>()
            })
            .filter(|p| !p.is_empty())
            .collect();
        assert!(paragraphs.len() >= 4, "{game}: {paragraphs:?}");
        for layout in [&[][..], &["--paper", "a4"], &["--columns", "1"]] {
            let out = tmp.path().join(layout.join("-"));
            let pdf = build_rulebook_with(&game, &out, layout);
            misread.extend(
                misread_paragraphs(&pdf, &paragraphs)
                    .into_iter()
                    .map(|m| format!("{game} {layout:?}: {m}")),
            );
        }
    }
    assert!(misread.is_empty(), "{}", misread.join("\n"));
}

/// The game's name (its running head), from game.toml.
/// Whether a shipped game's game.toml has `[[glossary]]` terms (the
/// rulebook then ends with a glossary).
fn has_glossary(game: &str) -> bool {
    fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("data")
            .join(game)
            .join("game.toml"),
    )
    .expect("game.toml")
    .lines()
    .any(|l| l.trim() == "[[glossary]]")
}

/// Whether a shipped game's rules name index entries (`index:` links):
/// the rulebook then ends with an index.
fn has_index(game: &str) -> bool {
    let md = rules_markdown(game);
    md.contains("](index:") || md.contains("](<index:")
}

/// Whether a shipped game numbers its rules (`rule_numbers = true`).
fn numbers_rules(game: &str) -> bool {
    fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("data")
            .join(game)
            .join("game.toml"),
    )
    .is_ok_and(|t| t.lines().any(|l| l.replace(' ', "") == "rule_numbers=true"))
}

fn game_name(game: &str) -> String {
    let toml = fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("data")
            .join(game)
            .join("game.toml"),
    )
    .expect("game.toml");
    toml.lines()
        .find_map(|l| l.trim().strip_prefix("name"))
        .and_then(|l| l.split('"').nth(1))
        .expect("a name")
        .to_string()
}

#[test]
fn every_rulebooks_structure_has_its_headings_in_order_and_no_page_furniture() {
    let tmp = tempfile::tempdir().expect("temp dir");
    for game in games_with_rules() {
        let md = rules_markdown(&game);
        // The Markdown's headings: (level, letters).
        let expected: Vec<(String, String)> = md
            .lines()
            .map(|l| drop_icons(&drop_link_targets(l)))
            .filter(|l| l.starts_with('#'))
            .map(|l| {
                let level = l.chars().take_while(|c| *c == '#').count();
                (format!("H{level}"), words(&l[level..]).concat())
            })
            .collect();
        assert!(expected.len() >= 2, "{game}: {expected:?}");
        // The glossary after the rules opens with its own heading.
        let mut expected = expected;
        if has_glossary(&game) {
            expected.push(("H1".to_string(), "glossary".to_string()));
        }
        // The index opens with its heading, then one per letter.
        let index = has_index(&game);
        if index {
            expected.push(("H1".to_string(), "index".to_string()));
        }
        let numbered = numbers_rules(&game);
        let name = game_name(&game);
        for layout in [&[][..], &["--paper", "a4"], &["--columns", "1"]] {
            let out = tmp.path().join(layout.join("-"));
            let pdf = build_rulebook_with(&game, &out, layout);
            let check = tool("qpdf", &["--check", pdf.to_str().expect("path")]);
            assert!(
                check.contains("No syntax or stream encoding errors"),
                "{check}"
            );
            let body = structure_body(structure_text(&pdf));
            // Each heading element's text, in structure order.
            let mut headings: Vec<(usize, String, String)> = Vec::new();
            for t in &body {
                let Some(role) = t.roles.iter().find(|r| r.len() == 2 && r.starts_with('H')) else {
                    continue;
                };
                match headings.last_mut() {
                    Some((element, _, text)) if *element == t.element => {
                        text.push_str(&words(&t.text).concat())
                    }
                    _ => headings.push((t.element, role.clone(), words(&t.text).concat())),
                }
            }
            // A numbered rule's heading is read with its number ("6.1").
            let mut found: Vec<(String, String)> = headings
                .into_iter()
                .map(|(_, r, t)| {
                    let t = match numbered {
                        true => t
                            .trim_start_matches(|c: char| c.is_ascii_digit())
                            .to_string(),
                        false => t,
                    };
                    (r, t)
                })
                .collect();
            if index {
                let at = found
                    .iter()
                    .position(|h| h == &("H1".to_string(), "index".to_string()))
                    .unwrap_or_else(|| panic!("{game}: no index heading in {found:?}"));
                let letters = found.split_off(at + 1);
                assert!(
                    !letters.is_empty()
                        && letters
                            .iter()
                            .all(|(r, t)| r == "H2" && t.chars().count() == 1),
                    "{game} {layout:?}: the index's headings are its letters: {letters:?}"
                );
            }
            assert_eq!(
                found, expected,
                "{game} {layout:?}: headings in structure order"
            );
            // The running head and the page numbers are artifacts: no run of
            // the body is the game's name alone or a number alone (a table's
            // cells, a list's labels and a link's words may be numbers).
            for t in &body {
                let number =
                    !t.text.trim().is_empty() && t.text.trim().chars().all(|c| c.is_ascii_digit());
                // A link's own words may be a page number (an index entry's).
                let in_cells =
                    t.within("TD") || t.within("TH") || t.within("Lbl") || t.within("Link");
                // The game's name as its own heading is the body's.
                let heading = t.roles.iter().any(|r| r.len() == 2 && r.starts_with('H'));
                assert!(
                    (in_cells || !number) && (heading || t.text.trim() != name),
                    "{game} {layout:?}: {:?} in {:?} is page furniture in the structure",
                    t.text,
                    t.roles
                );
            }
        }
    }
}

/// A rules page written here, read back as a screen reader reads the
/// tagged PDF (`pdfinfo -struct-text`): from its first heading on, the
/// structure is the Markdown's — H1, P, L of LI with Lbl and LBody, H2, a
/// Table of TR rows with TH header cells and TD cells, P — in order; the
/// catalog names the language and says the PDF is marked.
#[test]
fn a_tagged_rulebook_has_the_structure_of_its_markdown() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = tmp.path().join("tagged");
    fs::create_dir_all(&game).expect("mkdir");
    fs::write(
        game.join("game.toml"),
        "name = \"Tagged\"\nrules = [\"rules.md\"]\n",
    )
    .expect("write");
    fs::write(
        game.join("rules.md"),
        "# Play\n\nFirst paragraph.\n\n- one item\n- two item\n\n## Costs\n\n| Terrain | Cost |\n|---|---|\n| Clear | 1 |\n| Woods | 2 |\n\nLast paragraph.\n",
    )
    .expect("write");
    let out = tmp.path().join("out");
    let run = support::grogpress(&[
        "rulebook",
        game.to_str().expect("path"),
        "--out",
        out.to_str().expect("path"),
    ]);
    assert_eq!(run.code, 0, "{}", run.dump());
    let pdf = out.join("tagged/tagged-rules.pdf");
    let tree = tool("pdfinfo", &["-struct-text", pdf.to_str().expect("path")]);
    let body = tree
        .split("\n  H1 (block)\n    \"Play\"\n")
        .nth(1)
        .expect("the first heading after the contents");
    let want = r#"  P (block)
    "First paragraph."
  L (block)
    LI (block)
      Lbl (block)
        "•"
      LBody (block)
        P (block)
          "one item"
    LI (block)
      Lbl (block)
        "•"
      LBody (block)
        P (block)
          "two item"
  H2 (block)
    "Costs"
  Table (block)
    THead
      TR
        TH:
           /Scope /Column
          "Terrain"
        TH:
           /Scope /Column
          "Cost"
    TBody
      TR
        TD
          "Clear"
        TD
          "1"
      TR
        TD
          "Woods"
        TD
          "2"
  P (block)
    "Last paragraph.""#;
    assert_eq!(body.trim_end(), want);
    let bytes = fs::read(&pdf).expect("read");
    let has = |needle: &[u8]| bytes.windows(needle.len()).any(|w| w == needle);
    assert!(has(b"/Lang (en)") && has(b"/MarkInfo") && has(b"/Marked true"));
}
