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
use support::tools::{page_count, pdf_bookmarks, structure_tree, tool};

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
/// and rules long enough to run over several pages.
fn write_game(dir: &std::path::Path) {
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
    for section in 1..=6 {
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
    text.replace("\u{2010}\n", "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The text's letters, without spaces and the hyphens of broken words
/// (the structure's text runs its lines together).
fn letters(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace() && *c != '\u{2010}')
        .collect()
}

#[test]
fn the_glossary_lists_each_term_with_its_definition_after_the_rules() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = tmp.path().join("glossed");
    write_game(&game);
    let pdf = build_rulebook(&game, &tmp.path().join("out"));
    let path = pdf.to_str().expect("path");
    let pages = page_count(&pdf);
    let page_text = |n: usize| {
        tool(
            "pdftotext",
            &["-f", &n.to_string(), "-l", &n.to_string(), path, "-"],
        )
    };
    // The glossary's page: the one whose text (below its running head) starts with its title.
    let at: Vec<usize> = (2..=pages)
        .filter(|&n| {
            let text = page_text(n);
            let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
            lines.nth(1) == Some("Glossary")
        })
        .collect();
    assert_eq!(at.len(), 1, "one glossary page in {pages}");
    let glossary = at[0];
    assert!(glossary > 3, "after the rules: page {glossary} of {pages}");
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
    assert_eq!(
        page_text(index_folio)
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .nth(1),
        Some("Index"),
        "{index_entry:?}"
    );
    assert!(index_folio > glossary, "{index_entry:?}");
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
