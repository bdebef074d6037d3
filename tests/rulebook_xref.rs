//! Numbered rules, cross-references by rule id and the list of tables,
//! read back from the rulebook PDF and the HTML reference of the fixture
//! game tests/fixtures/xref (two rules pages, `rule_numbers = true`, five
//! `rule:` links within and across pages, a chart and a random table):
//! `pdftotext -bbox` finds each heading's number and each reference's page,
//! `qpdf --json` the bookmarks and the links' targets.

mod support;

use std::fs;
use std::path::{Path, PathBuf};

use support::raw::{build_rulebook, dump, grogpress};
use support::tools::{BoxedWord, PdfLink, pdf_bookmarks, pdf_links, word_boxes};

const FIXTURE: &str = "tests/fixtures/xref";
const PAGES: [&str; 2] = ["rules/basics.md", "rules/combat.md"];

/// The fixture copied into a temp folder, to change.
fn fixture_copy() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("xref");
    support::copy_dir(Path::new(FIXTURE), &dir);
    (tmp, dir)
}

/// The fixture's headings in reading order as (number, text), numbered
/// here from their levels (each page opens with a `#` heading, and levels
/// are not skipped): `#` N.0, `##` N.M, `###` N.M.K.
fn expected_headings() -> Vec<(String, String)> {
    let mut counts = [0usize; 3];
    let mut out = Vec::new();
    for page in PAGES {
        let md = fs::read_to_string(Path::new(FIXTURE).join(page)).expect("rules page");
        for line in md.lines() {
            let level = line.chars().take_while(|&c| c == '#').count();
            if level == 0 || !line[level..].starts_with(' ') {
                continue;
            }
            counts[level - 1] += 1;
            counts[level..].iter_mut().for_each(|c| *c = 0);
            let number = match level {
                1 => format!("{}.0", counts[0]),
                _ => counts[..level]
                    .iter()
                    .map(usize::to_string)
                    .collect::<Vec<_>>()
                    .join("."),
            };
            out.push((number, line[level..].trim().to_string()));
        }
    }
    out
}

/// Where `words` (in order, on one line) are set on a page: the box of the first.
fn find_words(page: &[BoxedWord], words: &[&str]) -> Vec<[f64; 4]> {
    (0..page.len())
        .filter(|&i| {
            words.iter().enumerate().all(|(k, w)| {
                page.get(i + k)
                    .is_some_and(|(t, b)| t == w && (b[1] - page[i].1[1]).abs() < 1.0)
            })
        })
        .map(|i| page[i].1)
        .collect()
}

/// Whether a word is on a line of the contents or the list of tables: a
/// line with a leader of dots (set word by word).
fn on_leader_line(page: &[BoxedWord], word: &BoxedWord) -> bool {
    page.iter()
        .any(|(t, b)| t == "." && (b[1] - word.1[1]).abs() < 1.0)
}

/// The pages (from 1) and boxes where a heading's number and text are set
/// (below the running head, not in the contents), from page `from` (from 1).
fn heading_places(
    pages: &[((f64, f64), Vec<BoxedWord>)],
    from: usize,
    number: &str,
    text: &str,
) -> Vec<(usize, [f64; 4])> {
    let mut words = vec![number];
    words.extend(text.split_whitespace());
    pages
        .iter()
        .enumerate()
        .skip(from - 1)
        .flat_map(|(n, (_, page))| {
            // Below the running head.
            let text: Vec<BoxedWord> = page
                .iter()
                .filter(|w| w.1[1] > 50.0 && !on_leader_line(page, w))
                .cloned()
                .collect();
            find_words(&text, &words)
                .into_iter()
                .map(move |b| (n + 1, b))
        })
        .collect()
}

/// The first page (from 1) of the rules: the one they share with the
/// short contents and list of tables, below them.
const FIRST_BODY: usize = 2;

#[test]
fn each_heading_prints_the_number_of_its_place_in_the_rules() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let pdf = build_rulebook(Path::new(FIXTURE), tmp.path());
    let pages = word_boxes(&pdf);
    let expected = expected_headings();
    assert_eq!(expected.len(), 8, "{expected:?}");
    let marks = pdf_bookmarks(&pdf);
    // One per heading, and the index's.
    assert_eq!(marks.len(), expected.len() + 1, "{marks:?}");
    let mut last = (0, false, 0.0);
    for (number, text) in &expected {
        // In the body, once, after the heading before it: on a later page,
        // in a later column, or lower in the same column.
        let body = heading_places(&pages, FIRST_BODY, number, text);
        assert_eq!(body.len(), 1, "{number} {text}: {body:?}");
        let (page, b) = body[0];
        let right = b[0] > pages[page - 1].0.0 / 2.0;
        assert!(
            (page, right, b[1]) > last,
            "{number} {text} out of order: {:?} after {last:?}",
            (page, right, b[1])
        );
        last = (page, right, b[1]);
        // In the contents (page 2), with that page at the end of its line.
        let toc: &Vec<BoxedWord> = &pages[1]
            .1
            .iter()
            .filter(|w| on_leader_line(&pages[1].1, w))
            .cloned()
            .collect();
        let entry = find_words(toc, &[number.as_str()]);
        assert_eq!(entry.len(), 1, "{number} in the contents");
        let folio = toc
            .iter()
            .filter(|(_, w)| (w[1] - entry[0][1]).abs() < 1.0)
            .max_by(|a, b| a.1[2].total_cmp(&b.1[2]))
            .map(|(t, _)| t.clone())
            .expect("a page number");
        assert_eq!(folio, page.to_string(), "{number} {text}");
        // A right-hand page's running head names its section with its
        // number (where it starts in the upper half of the first column:
        // one starting below most of the page leaves the head to the
        // section in force at the page's top).
        let (width, height) = pages[page - 1].0;
        if page % 2 == 1 && number.ends_with(".0") && b[1] < height / 2.0 && b[0] < width / 2.0 {
            let head: Vec<&str> = pages[page - 1]
                .1
                .iter()
                .filter(|(_, b)| b[3] < 50.0)
                .map(|(t, _)| t.as_str())
                .collect();
            assert_eq!(head.join(" "), format!("{number} {text}"), "page {page}");
        }
        // And a bookmark to it, numbered.
        assert!(
            marks.contains(&(format!("{number} {text}"), page)),
            "{number} {text}: {marks:?}"
        );
    }
}

/// Every cross-reference printed in the body: (page from 1, the rule
/// number it names, the page it prints, the box of its "p.").
fn printed_refs(pages: &[((f64, f64), Vec<BoxedWord>)]) -> Vec<(usize, String, usize, [f64; 4])> {
    let mut refs = Vec::new();
    for (n, (_, words)) in pages.iter().enumerate().skip(FIRST_BODY - 1) {
        for i in 1..words.len().saturating_sub(1) {
            if words[i].0 != "p." {
                continue;
            }
            let label = words[i - 1].0.trim_start_matches('(').trim_end_matches(',');
            let folio: String = words[i + 1]
                .0
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            refs.push((
                n + 1,
                label.to_string(),
                folio.parse().expect("a page number after p."),
                words[i].1,
            ));
        }
    }
    refs
}

#[test]
fn a_cross_reference_prints_the_page_its_rule_is_on_and_links_there() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let pdf = build_rulebook(Path::new(FIXTURE), tmp.path());
    let pages = word_boxes(&pdf);
    let links = pdf_links(&pdf);
    let refs = printed_refs(&pages);
    let labels: Vec<&str> = refs.iter().map(|r| r.1.as_str()).collect();
    assert_eq!(labels, ["2.1", "1.3", "1.3", "1.2.1", "1.2"], "{refs:?}");
    let headings = expected_headings();
    let mut elsewhere = 0;
    for (page, label, folio, at) in &refs {
        let (_, text) = headings
            .iter()
            .find(|(n, _)| n == label)
            .expect("a heading of that number");
        let places = heading_places(&pages, FIRST_BODY, label, text);
        let (target_page, target) = places[0];
        assert_eq!(*folio, target_page, "{label} printed on page {page}");
        elsewhere += usize::from(target_page != *page);
        // A link over the reference jumps to the heading's page, just above it.
        let height = pages[page - 1].0.1;
        let (x, y) = ((at[0] + at[2]) / 2.0, height - (at[1] + at[3]) / 2.0);
        let link = links
            .iter()
            .find(|l| {
                l.page == *page
                    && l.rect[0] <= x
                    && x <= l.rect[2]
                    && l.rect[1] <= y
                    && y <= l.rect[3]
            })
            .unwrap_or_else(|| panic!("no link over {label} on page {page}: {links:?}"));
        assert_eq!(link.to_page, target_page, "{label}");
        assert!(
            link.framed,
            "{label}: a link in the prose is framed on screen"
        );
        let top = pages[target_page - 1].0.1 - target[1];
        assert!(
            link.to_top >= top && link.to_top <= top + 20.0,
            "{label}: the view's top {} is not just above the heading's {top}",
            link.to_top
        );
    }
    assert!(elsewhere >= 3, "references to other pages: {refs:?}");
    // The contents' entries (each a link across the text block) are not.
    let entries: Vec<&PdfLink> = links
        .iter()
        .filter(|l| l.rect[2] - l.rect[0] > 300.0)
        .collect();
    assert!(
        !entries.is_empty() && entries.iter().all(|l| !l.framed),
        "{entries:?}"
    );
}

#[test]
fn unnumbered_rules_refer_to_a_rule_by_its_heading() {
    let (tmp, dir) = fixture_copy();
    let toml = fs::read_to_string(dir.join("game.toml")).expect("game.toml");
    fs::write(
        dir.join("game.toml"),
        toml.replace("rule_numbers = true", "rule_numbers = false"),
    )
    .expect("write game.toml");
    let pdf = build_rulebook(&dir, &tmp.path().join("out"));
    let pages = word_boxes(&pdf);
    // No number before a heading, in the contents or the body, nor in a bookmark.
    let marks = pdf_bookmarks(&pdf);
    for (number, text) in &expected_headings() {
        assert!(
            heading_places(&pages, 2, number, text).is_empty(),
            "{number}"
        );
        assert!(marks.iter().any(|m| &m.0 == text), "{text}: {marks:?}");
    }
    // "see Combat Results, p. N" on the heading's page.
    let (_, combat_page) = marks
        .into_iter()
        .find(|(t, _)| t == "Combat Results")
        .expect("a bookmark");
    // (in the first body page's words, over a line's end or not).
    let words: Vec<&str> = pages[FIRST_BODY - 1]
        .1
        .iter()
        .map(|w| w.0.as_str())
        .collect();
    let text = words.join(" ");
    let see = format!("(see Combat Results, p. {combat_page});");
    assert!(text.contains(&see), "{see} not in {text}");
    // A reference with words of its own adds the page alone.
    let (_, weather_page) = pdf_bookmarks(&pdf)
        .into_iter()
        .find(|(t, _)| t == "Weather")
        .expect("a bookmark");
    let own = format!("(the weather rules (p. {weather_page})).");
    assert!(text.contains(&own), "{own} not in {text}");
}

#[test]
fn the_list_of_tables_gives_each_table_its_page_and_links_there() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let pdf = build_rulebook(Path::new(FIXTURE), tmp.path());
    let pages = word_boxes(&pdf);
    let links = pdf_links(&pdf);
    // On the contents' page, below it (the fixture's contents is short):
    // its title, then its entries.
    let page = &pages[1].1;
    let title = page
        .iter()
        .position(|w| w.0 == "Tables" && w.1[1] > 50.0 && !on_leader_line(page, w))
        .expect("the list of tables' title");
    let list: Vec<BoxedWord> = page[title + 1..]
        .iter()
        .filter(|w| on_leader_line(page, w))
        .cloned()
        .collect();
    let list = &list;
    for title in [
        "Weather Table",
        "Combat",
        "Combat Results Table (Odds)",
        "Combat Results Table (Differential)",
    ] {
        let words: Vec<&str> = title.split_whitespace().collect();
        let entries: Vec<[f64; 4]> = find_words(list, &words)
            .into_iter()
            .filter(|b| {
                // The whole entry: nothing but leaders and the page after it.
                let line: Vec<&str> = list
                    .iter()
                    .filter(|(_, w)| (w[1] - b[1]).abs() < 1.0 && w[0] >= b[0])
                    .map(|(t, _)| t.as_str())
                    .filter(|t| !t.chars().all(|c| c == '.'))
                    .collect();
                line.len() == words.len() + 1
            })
            .collect();
        assert_eq!(entries.len(), 1, "{title}: {list:?}");
        let folio: usize = list
            .iter()
            .filter(|(_, w)| (w[1] - entries[0][1]).abs() < 1.0)
            .max_by(|a, b| a.1[2].total_cmp(&b.1[2]))
            .and_then(|(t, _)| t.parse().ok())
            .expect("a page number");
        let shown = find_words(&pages[folio - 1].1, &words);
        assert!(!shown.is_empty(), "{title} is not on page {folio}");
        let height = pages[1].0.1;
        let y = height - (entries[0][1] + entries[0][3]) / 2.0;
        let link = links
            .iter()
            .find(|l| l.page == 2 && l.rect[1] <= y && y <= l.rect[3])
            .unwrap_or_else(|| panic!("no link on the entry {title}"));
        assert_eq!(link.to_page, folio, "{title}");
    }
}

#[test]
fn a_rule_id_naming_no_heading_is_a_dangling_rule_ref_at_the_link() {
    let (_tmp, dir) = fixture_copy();
    let path = dir.join("rules/basics.md");
    let md = fs::read_to_string(&path).expect("basics.md");
    let md = md
        .replacen("[](rule:weather))", "[](rule:wether))", 1)
        .replacen(
            "[the weather rules](rule:weather)",
            "[the weather rules](rule:climate-and-seasons)",
            1,
        );
    fs::write(&path, &md).expect("write basics.md");
    let run = support::grogpress(&["check", dir.to_str().expect("path"), "--format", "json"]);
    run.exit(1);
    run.only_ids(&["dangling-rule-ref"]);
    assert_eq!(run.with_id("dangling-rule-ref").len(), 2, "{}", run.dump());
    let at = md.find("[](rule:wether)").expect("the link");
    let (line, col) = support::line_col(&md, at);
    let near = run.expect(
        "error",
        "dangling-rule-ref",
        "xref/rules/basics.md",
        line,
        col,
    );
    assert!(
        near.hint
            .as_deref()
            .unwrap_or("")
            .contains("`rule:weather`"),
        "{near:?}"
    );
    let at = md
        .find("[the weather rules](rule:climate")
        .expect("the link");
    let (line, col) = support::line_col(&md, at);
    let far = run.expect(
        "error",
        "dangling-rule-ref",
        "xref/rules/basics.md",
        line,
        col,
    );
    assert!(
        far.hint
            .as_deref()
            .unwrap_or("")
            .contains("basics, introduction"),
        "{far:?}"
    );
}

/// The `<a href="…">text</a>` links of an HTML page.
fn html_links(html: &str) -> Vec<(String, String)> {
    html.split("<a href=\"")
        .skip(1)
        .filter_map(|rest| {
            let (href, rest) = rest.split_once('"')?;
            let text = rest.split_once('>')?.1.split_once("</a>")?.0;
            Some((href.to_string(), text.to_string()))
        })
        .collect()
}

#[test]
fn html_rule_links_go_to_their_numbered_headings() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let run = grogpress(&[
        "rules",
        FIXTURE,
        "--out",
        tmp.path().to_str().expect("path"),
    ]);
    assert!(run.status.success(), "{}", dump(&run));
    let html_dir = tmp.path().join("xref/html");
    let read = |name: &str| fs::read_to_string(html_dir.join(name)).expect("an HTML page");
    let mut found = Vec::new();
    for name in ["basics.html", "combat.html"] {
        let html = read(name);
        for (href, text) in html_links(&html) {
            if !(text.starts_with("see ") || text.ends_with(" rules")) {
                continue;
            }
            let (file, id) = href.split_once('#').expect("an anchor");
            let target = if file.is_empty() {
                html.clone()
            } else {
                read(file)
            };
            // The id is a heading's, and a "see N" names its number.
            // (The number's span has its own `#N.N` anchor.)
            let open = format!(" id=\"{id}\"><span class=\"rule-number\"");
            let at = target
                .find(&open)
                .unwrap_or_else(|| panic!("{href} from {name} is no numbered heading"));
            let after = &target[at + open.len()..];
            let number = after[after.find('>').map_or(0, |g| g + 1)..]
                .split('<')
                .next()
                .unwrap_or_default();
            if let Some(label) = text.strip_prefix("see ") {
                assert_eq!(label, number, "{href}");
            }
            found.push((name, text));
        }
    }
    let texts: Vec<&str> = found.iter().map(|(_, t)| t.as_str()).collect();
    assert_eq!(
        texts,
        [
            "see 2.1",
            "the weather rules",
            "see 1.3",
            "see 1.2.1",
            "the movement rules"
        ]
    );
    // The sidebar lists the sections with their numbers.
    let combat = read("combat.html");
    assert!(combat.contains(">2.1 Combat Results</a>"), "{combat}");
    // And the chapters, a numbered page's title (its first heading) with its number.
    assert!(
        combat.contains(" aria-current=\"page\">2.0 Combat</a>"),
        "{combat}"
    );
    assert!(combat.contains("<title>2.0 Combat — "), "{combat}");
}

/// The page numbers after `words` on their line of an index page (in
/// their column: the other column's entry on the same line is not its).
fn index_entry(page: &[BoxedWord], words: &[&str]) -> Vec<usize> {
    let at = find_words(page, words);
    assert_eq!(at.len(), 1, "{words:?} in the index: {page:?}");
    let mut line: Vec<&BoxedWord> = page
        .iter()
        .filter(|(_, b)| (b[1] - at[0][1]).abs() < 1.0 && b[0] > at[0][0])
        .collect();
    line.sort_by(|a, b| a.1[0].total_cmp(&b.1[0]));
    let numbers: Vec<usize> = line
        .iter()
        .skip(words.len() - 1)
        .map_while(|(t, _)| t.trim_end_matches(',').parse().ok())
        .collect();
    assert!(
        !numbers.is_empty(),
        "no page numbers after {words:?}: {line:?}"
    );
    numbers
}

/// Where the index's title is set: its page (1-based) and the top of its
/// box (y down). It is the word "Index" set larger than the body (the
/// contents' entry and a running head are body-sized or smaller), at the
/// top of a page of its own or below what ends on the page before it.
fn index_title(pages: &[((f64, f64), Vec<BoxedWord>)]) -> (usize, f64) {
    let titles: Vec<(usize, f64)> = pages
        .iter()
        .enumerate()
        .flat_map(|(n, (_, words))| {
            words
                .iter()
                .filter(|w| {
                    w.0 == "Index" && w.1[3] - w.1[1] > f64::from(support::prose_box_height(12.0))
                })
                .map(move |w| (n + 1, w.1[1]))
        })
        .collect();
    assert_eq!(titles.len(), 1, "one index title: {titles:?}");
    titles[0]
}

#[test]
fn the_index_gives_each_marked_term_the_pages_that_mark_it() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let pdf = build_rulebook(Path::new(FIXTURE), tmp.path());
    let pages = word_boxes(&pdf);
    let last = pages.len();
    // The index ends the book, and its bookmark is the page of its title.
    let (at, top) = index_title(&pages);
    assert!(pdf_bookmarks(&pdf).contains(&("Index".to_string(), at)));
    assert_eq!(at, last, "a short index set on the last page");
    // Between its title (or the running head) and the page number.
    let foot = pages[last - 1].0.1 - 50.0;
    let index: Vec<BoxedWord> = pages[last - 1]
        .1
        .iter()
        .filter(|w| w.1[1] >= top && w.1[1] > 50.0 && w.1[3] < foot)
        .cloned()
        .collect();
    assert_eq!(index.first().map(|w| w.0.as_str()), Some("Index"));
    // "Zone of Control" is marked as such (in any case) and as "ZOC": the
    // pages where those words are set above the index (the filler has no "of").
    let mut marked = Vec::new();
    for (n, (_, words)) in pages.iter().enumerate().take(last) {
        let plain: Vec<String> = words
            .iter()
            .filter(|w| n + 1 < at || w.1[3] < top)
            .map(|w| {
                w.0.trim_matches(|c: char| !c.is_alphanumeric())
                    .to_lowercase()
            })
            .collect();
        let zoc = plain.windows(3).any(|w| w == ["zone", "of", "control"])
            || plain.iter().any(|w| w == "zoc");
        if zoc {
            marked.push(n + 1);
        }
    }
    assert!(marked.len() >= 2, "{marked:?}");
    assert_eq!(index_entry(&index, &["Zone", "of", "Control"]), marked);
    // Each page number is a link to that page.
    let links = pdf_links(&pdf);
    let height = pages[last - 1].0.1;
    for (word, b) in &index {
        let Ok(folio) = word.trim_end_matches(',').parse::<usize>() else {
            continue;
        };
        let (x, y) = ((b[0] + b[2]) / 2.0, height - (b[1] + b[3]) / 2.0);
        let link = links
            .iter()
            .find(|l| {
                l.page == last
                    && l.rect[0] <= x
                    && x <= l.rect[2]
                    && l.rect[1] <= y
                    && y <= l.rect[3]
            })
            .unwrap_or_else(|| panic!("no link over {word} in the index"));
        assert_eq!(link.to_page, folio, "{word}");
    }
    // "attack" is marked once, in the introduction; "Roads" once, in 1.2.1.
    let page_of = |number: &str, text: &str| heading_places(&pages, FIRST_BODY, number, text)[0].0;
    assert_eq!(
        index_entry(&index, &["attack"]),
        [page_of("1.1", "Introduction")]
    );
    assert_eq!(index_entry(&index, &["Roads"]), [page_of("1.2.1", "Roads")]);
}

#[test]
fn the_contents_lists_the_index_at_the_page_of_its_title_and_links_there() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let pdf = build_rulebook(Path::new(FIXTURE), tmp.path());
    let pages = word_boxes(&pdf);
    // The index's page: the one its title is set on.
    let (index, _) = index_title(&pages);
    assert!(index > FIRST_BODY, "after the rules: page {index}");
    // The contents (page 2) has a line "Index ..... <that page>".
    let contents = &pages[1].1;
    let toc: Vec<&BoxedWord> = contents
        .iter()
        .filter(|w| on_leader_line(contents, w))
        .collect();
    let entry = toc
        .iter()
        .find(|w| w.0 == "Index")
        .unwrap_or_else(|| panic!("an Index entry in the contents: {toc:?}"));
    let line: Vec<&&BoxedWord> = toc
        .iter()
        .filter(|w| (w.1[1] - entry.1[1]).abs() < 1.0)
        .collect();
    let folio = line
        .iter()
        .max_by(|a, b| a.1[2].total_cmp(&b.1[2]))
        .map(|w| w.0.clone())
        .expect("a page number");
    assert_eq!(folio, index.to_string(), "{line:?}");
    // Its link goes to that page.
    let height = pages[1].0.1;
    let (x, y) = (
        (entry.1[0] + entry.1[2]) / 2.0,
        height - (entry.1[1] + entry.1[3]) / 2.0,
    );
    let link = pdf_links(&pdf)
        .into_iter()
        .find(|l| {
            l.page == 2 && l.rect[0] <= x && x <= l.rect[2] && l.rect[1] <= y && y <= l.rect[3]
        })
        .expect("a link over the contents' Index entry");
    assert_eq!(link.to_page, index);
}

#[test]
fn the_html_index_links_each_term_to_its_marks() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let run = grogpress(&[
        "rules",
        FIXTURE,
        "--out",
        tmp.path().to_str().expect("path"),
    ]);
    assert!(run.status.success(), "{}", dump(&run));
    let html_dir = tmp.path().join("xref/html");
    let read = |name: &str| fs::read_to_string(html_dir.join(name)).expect("an HTML page");
    let index = read("index-of-terms.html");
    let zoc = index
        .split("<dt>Zone of Control</dt>")
        .nth(1)
        .and_then(|rest| rest.split("</dd>").next())
        .expect("a Zone of Control entry");
    let links = html_links(zoc);
    let sections: Vec<&str> = links.iter().map(|(_, t)| t.as_str()).collect();
    assert_eq!(
        sections,
        ["1.1 Introduction", "1.2.1 Roads", "2.1.1 Retreats"]
    );
    for (href, _) in html_links(&index) {
        let Some((file, id)) = href.split_once('#') else {
            continue;
        };
        if file.is_empty() || file == "index-of-terms.html" {
            continue;
        }
        let mark = format!("<span class=\"index-term\" id=\"{id}\">");
        assert!(read(file).contains(&mark), "{href}: no mark");
    }
    // Each page's sidebar lists the index.
    assert!(read("basics.html").contains("href=\"index-of-terms.html\""));
}

/// A game written here whose rule references stand in a heading and in a
/// pipe table's cells: `## Terrain ([](rule:combat))` over a table whose
/// "Rule" column refers to Movement (without text) and Combat (with text),
/// with paragraphs enough to put Combat on another page.
fn refs_in_headings_and_tables(dir: &Path, combat_id: &str) -> String {
    fs::create_dir_all(dir.join("rules")).expect("rules dir");
    fs::write(
        dir.join("game.toml"),
        "name = \"Refs\"\nrules = [\"rules/a.md\", \"rules/b.md\"]\n\n\
         [[sides]]\nid = \"red\"\nname = \"Red\"\n\n[[sides]]\nid = \"blue\"\nname = \"Blue\"\n\n\
         [publish.options]\nrule_numbers = true\n",
    )
    .expect("game.toml");
    let filler =
        "Units move across the map one hex at a time, paying the cost of each hex entered. "
            .repeat(6);
    let mut a = String::from("# Basics\n\n## Movement\n\n");
    for _ in 0..12 {
        a.push_str(&filler);
        a.push_str("\n\n");
    }
    a.push_str(&format!(
        "## Terrain ([](rule:{combat_id}))\n\nTerrain costs are below.\n\n\
         | Terrain | Cost | Rule |\n|---|---:|---|\n\
         | Clear | 1 | [](rule:movement) |\n\
         | Wood | 2 | [the combat rules](rule:{combat_id}) |\n\
         | Hill | 3 | none |\n"
    ));
    fs::write(dir.join("rules/a.md"), &a).expect("a.md");
    fs::write(
        dir.join("rules/b.md"),
        "# Combat\n\nAdjacent units fight, each rolling one die.\n",
    )
    .expect("b.md");
    a
}

#[test]
fn rule_references_in_headings_and_table_cells_print_their_pages_and_link() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("refs");
    refs_in_headings_and_tables(&dir, "combat");
    let pdf = build_rulebook(&dir, &tmp.path().join("out"));
    let pages = word_boxes(&pdf);
    let page_of = |number: &str, text: &str| {
        let found = heading_places(&pages, FIRST_BODY, number, text);
        assert_eq!(found.len(), 1, "{number} {text}: {found:?}");
        found[0].0
    };
    let (movement, combat) = (page_of("1.1", "Movement"), page_of("2.0", "Combat"));
    assert!(combat > movement, "{movement} {combat}");
    let links = pdf_links(&pdf);
    // The link over a word (its box's middle), and the page it goes to.
    let link_over = |page: usize, b: [f64; 4]| {
        let height = pages[page - 1].0.1;
        let (x, y) = ((b[0] + b[2]) / 2.0, height - (b[1] + b[3]) / 2.0);
        links
            .iter()
            .find(|l| {
                l.page == page
                    && l.rect[0] <= x
                    && x <= l.rect[2]
                    && l.rect[1] <= y
                    && y <= l.rect[3]
            })
            .map(|l| l.to_page)
    };
    // The heading: its own words, then the reference in its brackets.
    let heading = format!("p. {combat})");
    let words: Vec<&str> = ["1.2", "Terrain", "(see", "2.0,", "p."]
        .into_iter()
        .chain([heading.rsplit(' ').next().expect("folio")])
        .collect();
    let (page, at) = heading_places(&pages, FIRST_BODY, "1.2", "Terrain")[0];
    let line: Vec<&BoxedWord> = pages[page - 1]
        .1
        .iter()
        .filter(|w| (w.1[1] - at[1]).abs() < 1.0 && w.1[0] < at[0] + 250.0)
        .collect();
    let texts: Vec<&str> = line.iter().map(|w| w.0.as_str()).collect();
    assert_eq!(texts, words, "the heading's line");
    for word in &line[2..] {
        assert_eq!(link_over(page, word.1), Some(combat), "{}", word.0);
    }
    assert_eq!(link_over(page, line[1].1), None, "the heading's own words");
    // The table's cells: "see 1.1, p. N" and "the combat rules (2.0, p. M)".
    let cell = |words: &[&str]| {
        let found = find_words(&pages[page - 1].1, words);
        assert_eq!(found.len(), 1, "{words:?} once on page {page}");
        found[0]
    };
    let see = cell(&["see", "1.1,", "p.", &movement.to_string()]);
    assert_eq!(link_over(page, see), Some(movement), "see 1.1");
    let rules = cell(&[
        "the",
        "combat",
        "rules",
        "(2.0,",
        "p.",
        &format!("{combat})"),
    ]);
    assert_eq!(link_over(page, rules), Some(combat), "the combat rules");
    // The contents and the bookmark name the heading without the reference.
    let marks = pdf_bookmarks(&pdf);
    assert!(
        marks.contains(&("1.2 Terrain".to_string(), page)),
        "{marks:?}"
    );
    // The HTML reference: the heading keeps its anchor, its reference a
    // link; the cells' references are links.
    let out = tmp.path().join("html");
    let run = grogpress(&[
        "rules",
        dir.to_str().expect("path"),
        "--out",
        out.to_str().expect("path"),
    ]);
    assert!(run.status.success(), "{}", dump(&run));
    let html = fs::read_to_string(out.join("refs/html/a.html")).expect("a.html");
    assert!(
        html.contains(
            "<h2 id=\"terrain\"><span class=\"rule-number\" id=\"1.2\">1.2</span> Terrain (<a href=\"b.html#combat\">see 2.0</a>)"
        ),
        "{html}"
    );
    assert!(
        html.contains("<td><a href=\"#movement\">see 1.1</a></td>"),
        "{html}"
    );
    assert!(
        html.contains("<td><a href=\"b.html#combat\">the combat rules</a></td>"),
        "{html}"
    );
    let index = fs::read_to_string(out.join("refs/html/index.html")).expect("index.html");
    assert!(
        !index.contains("Terrain ("),
        "the contents without the reference"
    );
}

#[test]
fn a_dangling_rule_ref_in_a_heading_or_a_table_cell_is_located() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("refs");
    let md = refs_in_headings_and_tables(&dir, "combats");
    let run = support::grogpress(&["check", dir.to_str().expect("path"), "--format", "json"]);
    run.exit(1);
    run.only_ids(&["dangling-rule-ref"]);
    assert_eq!(run.with_id("dangling-rule-ref").len(), 2, "{}", run.dump());
    for link in ["[](rule:combats)", "[the combat rules](rule:combats)"] {
        let (line, col) = support::line_col(&md, md.find(link).expect("the link"));
        let d = run.expect("error", "dangling-rule-ref", "refs/rules/a.md", line, col);
        assert!(
            d.hint.as_deref().unwrap_or("").contains("`rule:combat`"),
            "{d:?}"
        );
    }
}
