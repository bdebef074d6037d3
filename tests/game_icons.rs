//! A game's own icons (`icons/*.svg`) draw inline wherever the shipped ones
//! do — card labels, the chart set, the rulebook, the HTML reference — and a
//! `:name:` that names no icon is `unknown-icon` at its place.

mod support;

use std::path::Path;

use support::tools::tool;
use support::{build_ok, grogpress, line_col, starter_game};

/// Two bars.
const RAIL: &str = r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><path d="M0 10H100V30H0Z M0 70H100V90H0Z"/></svg>"#;

/// The starter game with `icons/rail.svg`, `:rail:` in a card's effect, a
/// chart note and the rules; returns the game folder.
fn game_with_rail(tmp: &Path) -> std::path::PathBuf {
    let game = tmp.join("g");
    std::fs::create_dir_all(game.join("icons")).expect("icons folder");
    std::fs::write(game.join("icons/rail.svg"), RAIL).expect("icon");
    // Both sides' cards: the deck keeps them mirrored.
    let cards = game.join("action-cards.toml");
    let text = std::fs::read_to_string(&cards).expect("cards");
    std::fs::write(
        &cards,
        text.replace("Ignore the first hit", "Ignore the first :rail: hit"),
    )
    .expect("write");
    edit(
        &game.join("charts/combat.toml"),
        "if a card helps the attacker",
        "if a :rail: card helps",
    );
    edit(
        &game.join("rules/rules.md"),
        "Each turn you get",
        "Each :rail: turn you get",
    );
    game
}

fn edit(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).expect("read");
    assert!(text.contains(from), "{} holds {from:?}", path.display());
    std::fs::write(path, text.replacen(from, to, 1)).expect("write");
}

fn pdf_text(pdf: &Path) -> String {
    tool("pdftotext", &[pdf.to_str().expect("utf-8"), "-"])
}

#[test]
fn a_games_own_icon_draws_in_every_output() {
    let tmp = starter_game();
    let game = game_with_rail(tmp.path());
    let out = tmp.path().join("out");
    let run = build_ok(&game, &out);
    assert!(run.with_id("unknown-icon").is_empty(), "{}", run.dump());
    let built = out.join("g");
    for pdf in ["action-labels.pdf", "charts.pdf", "g-rules.pdf"] {
        let path = built.join(pdf);
        assert!(path.is_file(), "{pdf} is built: {}", run.dump());
        let text = pdf_text(&path);
        assert!(
            !text.contains(":rail:"),
            "{pdf} prints the icon, not its name:\n{text}"
        );
    }
    // The rulebook sets the icon as a placeholder glyph's room, then draws it:
    // the line keeps the words on both sides of it.
    let rules = pdf_text(&built.join("g-rules.pdf"));
    assert!(
        rules.contains("Each") && rules.contains("turn you get"),
        "{rules}"
    );
    // The HTML reference draws the game's own icon (an inline SVG of class
    // icon-rail) in the prose and in the chart shown in the rules.
    let html = std::fs::read_to_string(built.join("html/rules.html")).expect("rules page");
    assert!(!html.contains(":rail:"), "the HTML prints the name");
    assert_eq!(
        html.matches("icon-rail\"").count(),
        2,
        "prose and chart note"
    );
}

#[test]
fn an_unknown_icon_is_located_and_names_the_icons() {
    let tmp = starter_game();
    let game = game_with_rail(tmp.path());
    edit(
        &game.join("rules/rules.md"),
        "Each :rail: turn",
        "Each :tank: turn",
    );
    let run = grogpress(&["check", game.to_str().expect("utf-8"), "--format", "json"]);
    run.exit(1);
    let text = std::fs::read_to_string(game.join("rules/rules.md")).expect("rules");
    let (line, col) = line_col(&text, text.find(":tank:").expect("mark"));
    let d = run.expect("error", "unknown-icon", "g/rules/rules.md", line, col);
    let hint = d.hint.as_deref().unwrap_or_default();
    assert!(
        hint.contains(":rail:") && hint.contains(":sword:"),
        "{hint}"
    );
    assert_eq!(run.with_id("unknown-icon").len(), 1, "{}", run.dump());
}

#[test]
fn colons_in_ordinary_text_are_not_icons() {
    let tmp = starter_game();
    let game = tmp.path().join("g");
    edit(
        &game.join("rules/rules.md"),
        "Each turn you get",
        "At 12:30 a:b, `:code:` each turn you get",
    );
    let run = grogpress(&["check", game.to_str().expect("utf-8"), "--format", "json"]);
    assert!(run.with_id("unknown-icon").is_empty(), "{}", run.dump());
}
