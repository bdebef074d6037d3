//! The glossary of the PDF rulebook (issue 14): a game written here with
//! `[[glossary]]` terms (out of order, in mixed capitals, a definition with
//! bold words in it) and enough rules to fill a few pages is built with
//! `grogpress rulebook`; `pdftotext` finds each term with its definition
//! once, in alphabetical order, on the glossary's page, which its contents
//! entry and its bookmark name; `pdfinfo -struct-text` reads it as a list
//! whose items label their terms.

mod support;

use std::fs;

use support::raw::build_rulebook;
use support::tools::{page_count, pdf_bookmarks, structure_tree, tool, word_boxes};

/// (term, definition as written, definition as printed), in the order the
/// glossary must list them.
const TERMS: [(&str, &str, &str); 5] = [
    (
        "attack",
        "An attack is one unit's **roll** against one enemy unit.",
        "An attack is one unit's roll against one enemy unit.",
    ),
    (
        "Fatigued",
        "A unit that has been activated this round.",
        "A unit that has been activated this round.",
    ),
    (
        "hex",
        "Each tile of the map is called a hex.",
        "Each tile of the map is called a hex.",
    ),
    (
        "Line of Sight",
        "A straight line between the centres of two hexes, blocked by any unit or wood it crosses.",
        "A straight line between the centres of two hexes, blocked by any unit or wood it crosses.",
    ),
    (
        "Zone of Control",
        "The six hexes around a unit, which an enemy unit must stop on entering.",
        "The six hexes around a unit, which an enemy unit must stop on entering.",
    ),
];

/// A game with the glossary terms in another order than the glossary's,
/// and rules of `sections` sections (six run over several pages).
fn write_game(dir: &std::path::Path, sections: usize) {
    fs::create_dir_all(dir.join("rules")).expect("rules dir");
    let mut toml = String::from(
        "name = \"Glossary Fixture\"\nrules = [\"rules/rules.md\"]\n\n\
         [[sides]]\nid = \"red\"\nname = \"Red\"\n\n[[sides]]\nid = \"blue\"\nname = \"Blue\"\n",
    );
    for k in [3, 1, 4, 0, 2] {
        let (term, definition, _) = TERMS[k];
        toml.push_str(&format!(
            "\n[[glossary]]\nterm = \"{term}\"\ndefinition = \"{definition}\"\n"
        ));
    }
    fs::write(dir.join("game.toml"), toml).expect("game.toml");
    let mut md = String::from("# Rules\n\n");
    for section in 1..=sections {
        md.push_str(&format!("## Section {section}\n\n"));
        for _ in 0..5 {
            md.push_str(
                "Each player moves the units of a side in turn, then the \
                 other player does the same, until every unit has moved \
                 and the round ends with the [Zone of Control](index:) \
                 counted again for every unit on the map.\n\n",
            );
        }
    }
    fs::write(dir.join("rules/rules.md"), md).expect("rules");
}

/// The text with words hyphenated at a line's end joined again and every
/// run of white space one space.
fn flat(text: &str) -> String {
    text.replace("\u{ad}\n", "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The text's letters, without spaces and the hyphens of broken words
/// (the structure's text runs its lines together).
fn letters(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace() && *c != '\u{ad}')
        .collect()
}

#[test]
fn the_glossary_lists_each_term_with_its_definition_after_the_rules() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = tmp.path().join("glossed");
    write_game(&game, 6);
    let pdf = build_rulebook(&game, &tmp.path().join("out"));
    let path = pdf.to_str().expect("path");
    let pages = page_count(&pdf);
    let page_text = |n: usize| {
        tool(
            "pdftotext",
            &["-f", &n.to_string(), "-l", &n.to_string(), path, "-"],
        )
    };
    // The glossary's page: the one with its title below the running head
    // (at the top, or below the rules' last lines), after the contents.
    let at: Vec<usize> = (3..=pages)
        .filter(|&n| {
            let text = page_text(n);
            let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
            lines.nth(1).is_some() && lines.any(|l| l == "Glossary")
        })
        .collect();
    assert_eq!(at.len(), 1, "one glossary page in {pages}");
    let glossary = at[0];
    assert!(glossary >= 3, "after the rules: page {glossary} of {pages}");
    // Each term with its definition, once in the whole book, in order.
    let all = flat(&tool("pdftotext", &[path, "-"]));
    let mut last = 0;
    for (term, _, printed) in TERMS {
        let entry = format!("{term} {printed}");
        let found: Vec<usize> = all.match_indices(&entry).map(|(k, _)| k).collect();
        assert_eq!(found.len(), 1, "{entry:?} once in {all}");
        assert!(found[0] > last, "{term} after the term before it");
        last = found[0];
        assert!(
            flat(&page_text(glossary)).contains(&entry),
            "{term} on page {glossary}"
        );
    }
    // The index comes after it.
    assert!(
        all[last..].contains("Index"),
        "the index after the glossary"
    );
    // Its contents entry gives its page, and its bookmark goes there.
    let contents = page_text(2);
    let entry = contents
        .lines()
        .find(|l| l.starts_with("Glossary ."))
        .unwrap_or_else(|| panic!("a contents entry: {contents}"));
    let folio: usize = entry
        .rsplit(' ')
        .next()
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("a page number: {entry:?}"));
    assert_eq!(folio, glossary, "{entry:?}");
    // The index's entry follows it, with the page the index's title is on.
    let index_entry = contents
        .lines()
        .skip_while(|l| !l.starts_with("Glossary ."))
        .find(|l| l.starts_with("Index ."))
        .unwrap_or_else(|| panic!("an index entry after the glossary's: {contents}"));
    let index_folio: usize = index_entry
        .rsplit(' ')
        .next()
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("a page number: {index_entry:?}"));
    // (at its top, or below the glossary ending on the same page).
    let index_page = page_text(index_folio);
    let mut lines = index_page.lines().map(str::trim).filter(|l| !l.is_empty());
    assert!(
        lines.nth(1).is_some() && lines.any(|l| l == "Index"),
        "{index_entry:?}: {index_page}"
    );
    assert!(index_folio >= glossary, "{index_entry:?}");
    if index_folio == glossary {
        let flat_page = flat(&index_page);
        let (last_term, _, last_definition) = TERMS[TERMS.len() - 1];
        let ends = flat_page
            .find(&format!("{last_term} {last_definition}"))
            .expect("the last term on the index's page");
        assert!(
            flat_page[ends..].contains("Index"),
            "the index below the glossary: {flat_page}"
        );
    }
    assert!(
        pdf_bookmarks(&pdf).contains(&("Glossary".to_string(), glossary)),
        "{:?}",
        pdf_bookmarks(&pdf)
    );
    // Tagged: a level-one heading, then a list whose items label their terms.
    let tree = structure_tree(&pdf);
    let headings = tree.find("H1");
    assert!(
        headings.iter().any(|h| h.text() == "Glossary"),
        "{headings:?}"
    );
    let lists = tree.find("L");
    let list = lists
        .iter()
        .find(|l| {
            l.find("Lbl")
                .first()
                .is_some_and(|lbl| lbl.text() == "attack")
        })
        .unwrap_or_else(|| panic!("the glossary's list: {lists:?}"));
    let items: Vec<(String, String)> = list
        .find("LI")
        .iter()
        .map(|li| {
            let label = li.find("Lbl").first().map(|l| l.text()).unwrap_or_default();
            let body = li
                .find("LBody")
                .first()
                .map(|b| b.text())
                .unwrap_or_default();
            (label, letters(&body))
        })
        .collect();
    let expected: Vec<(String, String)> = TERMS
        .iter()
        .map(|(t, _, d)| (t.to_string(), letters(d)))
        .collect();
    assert_eq!(items, expected);
}

/// The lowest word of the rules on page `n` (1-based) and the top of the
/// glossary's title there, if it is there (pdftotext's boxes, y down).
fn rules_end_and_glossary(
    boxes: &[((f64, f64), Vec<support::tools::BoxedWord>)],
    n: usize,
) -> (f64, Option<f64>) {
    let (_, words) = &boxes[n - 1];
    // Below the running head and its rule; the folio at the foot excluded.
    let body = words
        .iter()
        .filter(|(_, [_, y0, _, y1])| *y0 > 50.0 && *y1 < 750.0);
    // Where the letters reach (the rules' face boxes a word taller than
    // its line).
    let ink = |b: &[f64; 4]| support::prose_ink_box(b);
    let title = body
        .clone()
        // Set as a title (the contents' entry is body-sized).
        .find(|(w, [_, y0, _, y1])| {
            w == "Glossary" && y1 - y0 > f64::from(support::prose_box_height(12.0))
        })
        .map(|(_, b)| ink(b)[1]);
    let end = body
        .filter(|(_, b)| title.is_none_or(|t| ink(b)[1] < t))
        .map(|(_, b)| ink(b)[3])
        .fold(0.0, f64::max);
    (end, title)
}

#[test]
fn the_glossary_starts_below_the_rules_last_lines_where_its_title_and_three_lines_fit() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let mut shared = 0;
    for sections in 1..=8 {
        let game = tmp.path().join(format!("glossed-{sections}"));
        write_game(&game, sections);
        let pdf = build_rulebook(&game, &tmp.path().join(format!("out-{sections}")));
        let boxes = word_boxes(&pdf);
        let pages = boxes.len();
        let at: Vec<usize> = (2..=pages)
            .filter(|&n| rules_end_and_glossary(&boxes, n).1.is_some())
            .collect();
        assert_eq!(
            at.len(),
            1,
            "{sections} sections: one glossary title in {pages} pages"
        );
        let page = at[0];
        let (end, title) = rules_end_and_glossary(&boxes, page);
        let title = title.unwrap_or_default();
        let text_of = |n: usize| {
            flat(&tool(
                "pdftotext",
                &[
                    "-f",
                    &n.to_string(),
                    "-l",
                    &n.to_string(),
                    pdf.to_str().expect("path"),
                    "-",
                ],
            ))
        };
        if title > 100.0 {
            // Below the rules ending on its page, a clear gap lower, with
            // its first entry under it there.
            shared += 1;
            assert!(
                end > 100.0 && title > end + 14.0,
                "{sections}: rules end {end}, title {title}"
            );
            let (first, _, printed) = TERMS[0];
            let text = text_of(page);
            let found = text
                .find(&format!("{first} "))
                .unwrap_or_else(|| panic!("{sections}: the first entry below the title: {text}"));
            assert!(
                text[found..].starts_with(&format!("{first} {}", &printed[..20])),
                "{sections}: {text}"
            );
        } else {
            // A page of its own: the rules' last page had no room for its
            // title and three lines (about 70 pt of a 678 pt text block).
            let (end, _) = rules_end_and_glossary(&boxes, page - 1);
            assert!(
                end > 792.0 - 54.0 - 150.0,
                "{sections}: rules end {end} on page {}",
                page - 1
            );
        }
        // Every term is on the glossary's page or the next, none lost.
        let text = format!("{} {}", text_of(page), text_of((page + 1).min(pages)));
        assert!(
            TERMS.iter().all(|(t, _, _)| text.contains(t)),
            "{sections}: {text}"
        );
    }
    assert!(shared > 0, "the glossary below the rules: {shared} times");
}

#[test]
fn the_html_glossary_lists_the_terms_in_the_pdfs_order() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = tmp.path().join("glossed");
    write_game(&game, 1);
    let out = tmp.path().join("out");
    let run = support::raw::grogpress(&[
        "rules",
        game.to_str().expect("path"),
        "--out",
        out.to_str().expect("path"),
    ]);
    assert!(run.status.success(), "{}", support::raw::dump(&run));
    let index = fs::read_to_string(out.join("glossed/html/index.html")).expect("index.html");
    let listed: Vec<&str> = index
        .split("<dfn>")
        .skip(1)
        .filter_map(|s| s.split("</dfn>").next())
        .collect();
    let expected: Vec<&str> = TERMS.iter().map(|(t, _, _)| *t).collect();
    assert_eq!(listed, expected);
}
