//! Rulebook text set as a book is: every shipped rulebook built with the real
//! binary and its lines read back (pdftotext -bbox-layout) — hyphenation
//! within TeX's limits on every prose line, justified lines flush at both
//! edges, ligatures copied as their letters (the PDF's ToUnicode map).

mod support;
use support::tools::tool;

use std::fs;
use std::path::Path;

use support::raw::build_rulebook_with;

/// The hyphen the text engine sets where it breaks a word (U+2010), as a
/// tagged rulebook's text reads it: a soft hyphen.
const HYPHEN: char = '\u{ad}';

/// A line as pdftotext reads it: page, its box and its words.
#[derive(Debug)]
struct TextLine {
    page: usize,
    x0: f32,
    x1: f32,
    y0: f32,
    height: f32,
    words: Vec<String>,
    /// The widest gap between two words: an inline icon's place.
    widest_gap: f32,
}

fn attr(tag: &str, name: &str) -> f32 {
    support::tools::attr(tag, name) as f32
}

/// Every line of `pdf` in reading order: page by page, column one top to
/// bottom, then column two (the tagged PDF's order; poppler's own order
/// may read a column's top before the other's foot).
fn text_lines(pdf: &Path) -> Vec<TextLine> {
    let xml = tool(
        "pdftotext",
        &["-bbox-layout", pdf.to_str().expect("path"), "-"],
    );
    let mut lines = Vec::new();
    for (page, body) in xml.split("<page ").skip(1).enumerate() {
        for chunk in body.split("<line ").skip(1) {
            let Some(end) = chunk.find("</line>") else {
                continue;
            };
            let chunk = &chunk[..end];
            let head = &chunk[..chunk.find('>').unwrap_or(0)];
            let boxed: Vec<(String, f32, f32)> = chunk
                .split("<word ")
                .skip(1)
                .filter_map(|w| {
                    let tag = &w[..w.find('>')?];
                    let text = &w[w.find('>')? + 1..w.find("</word>")?];
                    let text = text
                        .replace("&amp;", "&")
                        .replace("&quot;", "\"")
                        .replace("&apos;", "'");
                    Some((text, attr(tag, "xMin"), attr(tag, "xMax")))
                })
                .collect();
            let widest_gap = boxed
                .windows(2)
                .map(|w| w[1].1 - w[0].2)
                .fold(0.0, f32::max);
            let words = boxed.into_iter().map(|(w, ..)| w).collect();
            lines.push(TextLine {
                page,
                x0: attr(head, "xMin"),
                x1: attr(head, "xMax"),
                y0: attr(head, "yMin"),
                height: attr(head, "yMax") - attr(head, "yMin"),
                words,
                widest_gap,
            });
        }
    }
    // Columns split at the page's middle (a 612 or 595 pt page).
    lines.sort_by(|a, b| {
        (a.page, a.x0 >= 298.0)
            .cmp(&(b.page, b.x0 >= 298.0))
            .then(a.y0.total_cmp(&b.y0))
    });
    lines
}

/// A line of body prose: 9.5 pt in the default rules face, which poppler
/// boxes from the face's ascender to its descender.
fn is_prose(line: &TextLine) -> bool {
    (line.height - support::prose_box_height(9.5)).abs() < 0.1
}

fn letters(s: &str) -> usize {
    s.chars().filter(|c| c.is_alphabetic()).count()
}

fn shipped_games() -> Vec<String> {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let mut games: Vec<String> = fs::read_dir(&data)
        .expect("read data/")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().join("rules").is_dir() && e.path().join("game.toml").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    games.sort();
    games
}

/// Where a column of prose ends on the right: the furthest any of its lines
/// reach (a line across the middle, of a contents sharing the page, is in
/// neither column).
fn column_edges(lines: &[TextLine], page: usize, mid: f32) -> (f32, f32) {
    let on_page = lines
        .iter()
        .filter(|l| l.page == page && is_prose(l) && !(l.x0 < mid && l.x1 > mid));
    on_page.fold((0.0, 0.0), |(left, right), l| {
        if l.x0 < mid {
            (f32::max(left, l.x1), right)
        } else {
            (left, f32::max(right, l.x1))
        }
    })
}

#[test]
fn every_shipped_rulebook_hyphenates_within_the_rules() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let games = shipped_games();
    assert!(games.len() >= 5, "{games:?}");
    let mut faults = Vec::new();
    let mut report = Vec::new();
    for game in &games {
        for layout in [&[][..], &["--paper", "a4"], &["--columns", "1"]] {
            let out = tmp.path().join(layout.join("-"));
            let pdf = build_rulebook_with(game, &out, layout);
            let lines = text_lines(&pdf);
            let prose: Vec<&TextLine> = lines.iter().filter(|l| is_prose(l)).collect();
            let mut hyphenated = 0;
            let mut in_a_row = 0;
            for (n, line) in prose.iter().enumerate() {
                let Some(last) = line.words.last() else {
                    continue;
                };
                if !last.ends_with(HYPHEN) {
                    in_a_row = 0;
                    continue;
                }
                hyphenated += 1;
                in_a_row += 1;
                let at = format!("{game} {layout:?} p{}: {:?}", line.page + 1, line.words);
                if letters(last) < 2 {
                    faults.push(format!("{at}: fewer than 2 letters before the hyphen"));
                }
                if in_a_row > 2 {
                    faults.push(format!("{at}: a third hyphenated line in a row"));
                }
                // The word goes on in the next line of prose, past a
                // figure's caption where a figure floats to the next
                // column's or page's top.
                let Some(next) = continuation(&prose, n + 1) else {
                    faults.push(format!("{at}: the last line ends in a hyphen"));
                    continue;
                };
                let rest = next.words.first().map_or(0, |w| letters(w));
                if rest < 3 {
                    faults.push(format!("{at}: fewer than 3 letters after the hyphen"));
                }
                // The rest of the word is not a paragraph's last line: that
                // line is full (justified lines reach the column's edge), or
                // holds an inline icon (such lines keep their natural spacing).
                let (left, right) = column_edges(&lines, next.page, 300.0);
                let edge = if next.x0 < 300.0 { left } else { right };
                // A block quote's lines are set in 1.5 em from both sides
                // (as the line before, in the same paragraph): their edge
                // is that much short of the column's.
                let start = prose
                    .iter()
                    .filter(|l| l.page == next.page && (l.x0 < 300.0) == (next.x0 < 300.0))
                    .map(|l| l.x0)
                    .fold(f32::MAX, f32::min);
                let quoted = next.x0 - start > 13.0 && (line.x0 - next.x0).abs() < 1.0;
                let edge = if quoted { edge - 14.25 } else { edge };
                if layout.is_empty() && next.x1 < edge - 1.0 && next.widest_gap < 6.0 {
                    faults.push(format!(
                        "{at}: the rest of the word ends its paragraph ({:?})",
                        next.words
                    ));
                }
            }
            report.push(format!(
                "{game} {layout:?}: {hyphenated} of {} prose lines end in a hyphen",
                prose.len()
            ));
        }
    }
    println!("{}", report.join("\n"));
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

/// Whether a line opens a figure's caption ("Figure 3. The ...").
fn opens_caption(line: &TextLine) -> bool {
    matches!(&line.words[..], [figure, number, ..]
        if figure == "Figure" && number.trim_end_matches('.').parse::<u32>().is_ok()
            && number.ends_with('.'))
}

/// The first line of prose from `from` on that is not a figure's caption
/// (a caption's lines follow its first, each a line's height below the last).
fn continuation<'a>(prose: &[&'a TextLine], from: usize) -> Option<&'a TextLine> {
    let mut n = from;
    while let Some(line) = prose.get(n) {
        if !opens_caption(line) {
            return Some(line);
        }
        let mut last = line;
        n += 1;
        while let Some(next) = prose.get(n) {
            let same_column = next.page == last.page && (next.x0 >= 298.0) == (last.x0 >= 298.0);
            if !same_column || next.y0 - last.y0 > last.height * 1.6 {
                break;
            }
            last = next;
            n += 1;
        }
    }
    None
}

/// A copy of Battlefront whose rules end with `markdown`, with these
/// `[publish.options]`.
fn battlefront_with(markdown: &str, options: &str) -> tempfile::TempDir {
    let toml = format!("\n[publish.options]\n{options}");
    support::battlefront_with(markdown, &[("game.toml", &toml)])
}

const PROSE: &str = "Zephyrs blow while the active player may move every unit of one formation, then fight with any unit that stands next to an enemy unit, and finally rally units that were shaken in an earlier turn. A unit that moves through woods or across a river spends its whole movement allowance for the turn. Fine";

#[test]
fn justified_lines_are_flush_at_both_edges_and_ragged_ones_are_not() {
    let markdown = format!("\n\n# Justified\n\n{PROSE}.\n\n{PROSE} again.\n\n{PROSE} once more.\n");
    for (options, flush) in [("", true), ("rulebook_align = \"ragged\"\n", false)] {
        let dir = battlefront_with(&markdown, options);
        let game = dir.path().join("battlefront");
        let pdf = build_rulebook_with(game.to_str().expect("path"), &dir.path().join("out"), &[]);
        let lines = text_lines(&pdf);
        let page = lines
            .iter()
            .find(|l| l.words.first().is_some_and(|w| w == "Justified"))
            .map(|l| l.page)
            .expect("the heading is set");
        let ours: Vec<&TextLine> = lines
            .iter()
            .filter(|l| l.page >= page && is_prose(l))
            .skip_while(|l| l.words.first().is_none_or(|w| w != "Zephyrs"))
            .take_while(|l| l.words.iter().all(|w| w != "once"))
            .collect();
        assert!(ours.len() >= 9, "{ours:?}");
        let mut short = 0;
        for (n, line) in ours.iter().enumerate() {
            // A paragraph's last line (ending "Fine." or "Fine again.", the
            // next paragraph's "Zephyrs" after it) is set short.
            if ours
                .get(n + 1)
                .is_some_and(|next| next.words.first().is_some_and(|w| w == "Zephyrs"))
            {
                continue;
            }
            let (left, right) = column_edges(&lines, line.page, 300.0);
            let edge = if line.x0 < 300.0 { left } else { right };
            if (edge - line.x1).abs() > 0.5 {
                short += 1;
                assert!(!flush, "not flush with {edge}: {line:?}");
            }
        }
        if !flush {
            assert!(short >= 3, "ragged lines end short of the edge");
        }
    }
}

#[test]
fn a_ligature_is_copied_as_its_letters() {
    let markdown = "\n\n# Ligatures\n\nThe office staff find the official flag first, and fill the difficult offices.\n";
    let dir = battlefront_with(markdown, "");
    let game = dir.path().join("battlefront");
    let pdf = build_rulebook_with(game.to_str().expect("path"), &dir.path().join("out"), &[]);
    let text = tool("pdftotext", &[pdf.to_str().expect("path"), "-"]).replace(['\n', HYPHEN], " ");
    let words: Vec<&str> = text.split_whitespace().collect();
    for word in [
        "office",
        "find",
        "official",
        "flag",
        "first,",
        "fill",
        "difficult",
    ] {
        assert!(words.contains(&word), "{word} not in {text}");
    }
    // The fonts set ligature glyphs (one glyph for "ff", "fi" or "fl"), and
    // the ToUnicode maps say which letters each stands for.
    let qdf = tool(
        "qpdf",
        &[
            "--qdf",
            "--object-streams=disable",
            pdf.to_str().expect("path"),
            "-",
        ],
    );
    let ligatures = ["<00660066>", "<00660069>", "<0066006c>", "<0066006C>"];
    assert!(
        ligatures.iter().any(|l| qdf.contains(l)),
        "no ligature glyph in the ToUnicode maps"
    );
}
