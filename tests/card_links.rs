//! A `card:` link that names its card (`[*Dig In*](<card:Dig in>)`): the
//! prose keeps its own words, `check` matches the named title instead of the
//! text, and the HTML reference links the words to that card. A named title
//! that matches only without capitals, or no card at all, is reported at
//! the link, as a bare `(card:)` link's text is.

mod support;

use std::path::{Path, PathBuf};

use support::editions::{check, orders};
use support::{build_ok, line_col};

/// The deck: its titles with a small second word.
fn deck() -> String {
    orders([
        ("Forced march", "Move two more hexes."),
        ("Dig in", "Add one to the defence."),
    ])
}

const GAME: &str = r#"name = "Named Cards"
rules = ["rules/rules.md"]

[[decks]]
id = "orders"
file = "orders.toml"
"#;

fn write_game(dir: &Path, rules: &str) -> PathBuf {
    support::editions::write_game(
        &dir.join("named-cards"),
        &[
            ("game.toml", GAME),
            ("orders.toml", &deck()),
            ("rules/rules.md", rules),
        ],
    )
}

const RULES: &str = "# Orders\n\nA unit may [*Dig In*](<card:Dig in>) or make a [Forced March](<card:Forced march>).\n\n{{ deck(\"orders\") }}\n";

#[test]
fn a_link_that_names_its_card_keeps_its_words_and_checks_clean() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = write_game(tmp.path(), RULES);
    let run = check(&game);
    run.exit(0);
    assert!(run.diags.is_empty(), "{}", run.dump());

    let out = tmp.path().join("out");
    build_ok(&game, &out);
    let page =
        std::fs::read_to_string(out.join("named-cards/html/rules.html")).expect("rules page");
    // Each link keeps the prose's words and points at the card it names.
    for (words, card) in [
        ("<em>Dig In</em>", "dig-in"),
        ("Forced March", "forced-march"),
    ] {
        let at = page
            .find(&format!("{words}</a>"))
            .unwrap_or_else(|| panic!("no link around {words}:\n{page}"));
        let open = page[..at].rfind("<a ").expect("the link's opening tag");
        let tag = &page[open..at];
        let href = tag
            .split("href=\"#")
            .nth(1)
            .and_then(|h| h.split('"').next())
            .unwrap_or_else(|| panic!("{words}: no in-page href in {tag}"));
        assert!(
            href.ends_with(card),
            "{words} links to {href}, not the card {card}"
        );
        assert!(
            page.contains(&format!("id=\"{href}\"")),
            "no element {href} for {words}"
        );
    }
}

#[test]
fn a_named_title_that_differs_or_names_no_card_is_reported_at_the_link() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let rules = RULES
        .replace("<card:Dig in>", "<card:Dig In>")
        .replace("card:Forced march", "card:Forced");
    let game = write_game(tmp.path(), &rules);
    let run = check(&game);
    run.exit(1);
    let (line, col) = line_col(&rules, rules.find("[*Dig In*]").expect("first link"));
    let mismatch = run.expect(
        "warning",
        "card-title-mismatch",
        "rules/rules.md",
        line,
        col,
    );
    assert!(mismatch.message.contains("\"Dig in\""), "{}", run.dump());
    let (line, col) = line_col(&rules, rules.find("[Forced March]").expect("second link"));
    run.expect(
        "error",
        "dangling-card-reference",
        "rules/rules.md",
        line,
        col,
    );
    run.only_ids(&["card-title-mismatch", "dangling-card-reference"]);
}

/// A link that names a card by its key (as a shortcode would) or by a
/// misspelt title is told the title to write.
#[test]
fn a_link_naming_a_key_or_a_misspelt_title_is_told_the_title() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let rules = RULES.replace("card:Forced march", "card:forced-march");
    let game = write_game(tmp.path(), &rules);
    let run = check(&game);
    run.exit(1);
    let (line, col) = line_col(&rules, rules.find("[Forced March]").expect("the link"));
    let keyed = run.expect(
        "error",
        "dangling-card-reference",
        "rules/rules.md",
        line,
        col,
    );
    let hint = keyed.hint.as_deref().unwrap_or_default();
    assert!(hint.contains("(<card:Forced march>)"), "{hint}");
    let rules = RULES.replace("card:Forced march", "card:Forced mrach");
    let game = write_game(tmp.path(), &rules);
    let run = check(&game);
    let misspelt = run.expect(
        "error",
        "dangling-card-reference",
        "rules/rules.md",
        line,
        col,
    );
    let hint = misspelt.hint.as_deref().unwrap_or_default();
    assert!(hint.contains("did you mean \"Forced march\""), "{hint}");
}
