//! The layouts and icons built into grogpress are general ones (`plain`
//! labels and cards, the card `back`; `sword`, `burst`, `shield`, `tree`):
//! a game written here prints its deck with them, and a game naming a
//! shipped game's own layout or icon, which is no longer built in, gets a
//! located error naming the ones there are.

mod support;

use std::path::{Path, PathBuf};

use support::tools::tool;
use support::{build_ok, grogpress, line_col};

/// The deck, its text with two built-in icons.
fn deck() -> String {
    support::orders_deck(&[
        ("Forced March", "Move two more hexes :sword:."),
        ("Dig In", "Add one to the defence :shield:."),
    ])
}

fn game_toml(label_layout: &str) -> String {
    format!(
        r#"name = "Plain Game"

[[decks]]
id = "orders"
file = "orders.toml"

[[publish.labels]]
deck = "orders"
sheet = "avery-5395"
layout = "{label_layout}"

[[publish.cards]]
deck = "orders"
layout = "plain"
back = "back"
"#
    )
}

fn write_game(dir: &Path, game_toml: &str, deck: &str) -> PathBuf {
    let game = dir.join("plain-game");
    std::fs::create_dir_all(&game).expect("game folder");
    std::fs::write(game.join("game.toml"), game_toml).expect("game.toml");
    std::fs::write(game.join("orders.toml"), deck).expect("deck");
    game
}

fn pdf_text(pdf: &Path) -> String {
    tool("pdftotext", &[pdf.to_str().expect("utf-8"), "-"])
}

#[test]
fn the_plain_layouts_print_a_decks_title_and_text() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = write_game(tmp.path(), &game_toml("plain"), &deck());
    let out = tmp.path().join("out");
    build_ok(&game, &out);
    let built = out.join("plain-game");
    let mut pdfs: Vec<PathBuf> = std::fs::read_dir(&built)
        .expect("outputs")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "pdf"))
        .collect();
    pdfs.sort();
    // The labels and the print-and-play cards (and their card list).
    assert!(pdfs.len() >= 2, "{pdfs:?}");
    for pdf in &pdfs {
        let text = pdf_text(pdf);
        for words in [
            "Forced March",
            "Dig In",
            "Move two more hexes",
            "Add one to the",
        ] {
            assert!(text.contains(words), "{}: {words:?}\n{text}", pdf.display());
        }
    }
}

#[test]
fn a_shipped_games_layout_is_not_built_in_and_the_error_names_those_that_are() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let toml = game_toml("battlegrid-action");
    let game = write_game(tmp.path(), &toml, &deck());
    let run = grogpress(&["check", game.to_str().expect("utf-8"), "--format", "json"]);
    run.exit(1);
    let at = toml.find("\"battlegrid-action\"").expect("the name");
    let (line, col) = line_col(&toml, at);
    let found = run.expect("error", "missing-file", "plain-game/game.toml", line, col);
    let hint = found.hint.as_deref().unwrap_or_default();
    // The labels layouts built in (BattleGrid's own is not among them), and
    // where the game's own copy would go.
    assert!(
        hint.contains("the labels layouts there are: plain;"),
        "{hint}"
    );
    assert!(
        hint.contains("templates/labels/battlegrid-action.toml"),
        "{hint}"
    );
}

#[test]
fn a_shipped_games_icon_is_not_built_in_and_the_error_names_those_that_are() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let deck = deck().replace(":sword:", ":knight:");
    let game = write_game(tmp.path(), &game_toml("plain"), &deck);
    let run = grogpress(&["check", game.to_str().expect("utf-8"), "--format", "json"]);
    run.exit(1);
    let found = run.with_id("unknown-icon");
    assert_eq!(found.len(), 1, "{}", run.dump());
    assert!(found[0].file.ends_with("orders.toml"), "{}", run.dump());
    let hint = found[0].hint.as_deref().unwrap_or_default();
    for name in ["burst", "shield", "sword", "tree"] {
        assert!(hint.contains(name), "{hint}");
    }
    assert!(!hint.contains("archer"), "{hint}");
}
