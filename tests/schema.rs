//! Editor schemas: `grogpress schema` writes JSON Schemas that taplo (the
//! engine of VS Code's Even Better TOML) accepts every shipped data file
//! against, that reject an unknown key, and that a game made with `new`
//! names in its `#:schema` lines. Needs the taplo CLI (`npm install -g
//! @taplo/cli`, as .ci/run does); set TAPLO to use another binary.

mod support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use support::raw::{dump, grogpress};

fn taplo() -> String {
    std::env::var("TAPLO").unwrap_or_else(|_| "taplo".to_string())
}

/// `taplo lint` of files, against `schema` (or each file's own `#:schema`).
/// (One run per schema: each start of taplo takes seconds.)
fn lint(files: &[PathBuf], schema: Option<&Path>) -> Output {
    let mut cmd = Command::new(taplo());
    cmd.arg("lint").env("RUST_LOG", "error");
    if let Some(schema) = schema {
        cmd.arg("--schema")
            .arg(format!("file://{}", schema.display()));
    }
    cmd.args(files).output().unwrap_or_else(|e| {
        panic!(
            "cannot run `{} lint` ({e}); install it with `npm install -g @taplo/cli`",
            taplo()
        )
    })
}

fn schemas() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("schemas");
    let out = grogpress(&["schema", dir.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(0), "{}", dump(&out));
    (tmp, dir)
}

fn root(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

/// Every data file of the repository with the schema it follows.
fn data_files() -> Vec<(PathBuf, &'static str)> {
    let mut files = vec![
        (root("data/sheets.toml"), "sheets"),
        (root("fonts/fonts.toml"), "fonts"),
    ];
    for entry in std::fs::read_dir(root("templates/labels"))
        .expect("templates")
        .flatten()
    {
        files.push((entry.path(), "layout"));
    }
    let mut games: Vec<PathBuf> = std::fs::read_dir(root("data"))
        .expect("data")
        .flatten()
        .map(|e| e.path())
        .chain([
            root("tests/fixtures/ok-minimal"),
            root("tests/fixtures/csv/game"),
        ])
        .filter(|p| p.join("game.toml").is_file())
        .collect();
    games.sort();
    for dir in games {
        let mut sources = grogpress::diag::Sources::default();
        let mut diags = grogpress::diag::Diagnostics::default();
        let game = grogpress::load::load_game(&dir, &mut sources, &mut diags)
            .expect("readable")
            .expect("loads");
        files.push((dir.join("game.toml"), "game"));
        for deck in &game.decks {
            files.push((sources.path(deck.loc.file).to_path_buf(), "deck"));
        }
        for aid in &game.aids {
            files.push((sources.path(aid.loc.file).to_path_buf(), "aid"));
        }
    }
    files
}

#[test]
fn every_shipped_data_file_follows_its_schema() {
    let (_tmp, dir) = schemas();
    let files = data_files();
    for kind in ["game", "deck", "aid", "sheets", "layout", "fonts"] {
        assert!(
            files.iter().any(|(_, k)| *k == kind),
            "no {kind} file checked"
        );
    }
    for kind in ["game", "deck", "aid", "sheets", "layout", "fonts"] {
        let of_kind: Vec<PathBuf> = files
            .iter()
            .filter(|(_, k)| *k == kind)
            .map(|(f, _)| f.clone())
            .collect();
        let out = lint(&of_kind, Some(&dir.join(format!("{kind}.schema.json"))));
        assert!(
            out.status.success(),
            "{of_kind:?} against {kind}.schema.json:\n{}",
            dump(&out)
        );
    }
}

#[test]
fn an_unknown_key_fails() {
    let (tmp, dir) = schemas();
    // A card's keys are the deck's own fields, which a schema cannot know,
    // so the deck's misspelt key is one of the file's own.
    let deck = tmp.path().join("cards.toml");
    let text = std::fs::read_to_string(root("tests/fixtures/ok-minimal/cards.toml")).expect("read");
    std::fs::write(&deck, text.replace("title_field = ", "titel_field = ")).expect("write");
    for (file, kind, key) in [
        (
            root("tests/fixtures/bad/unknown-key-game/game.toml"),
            "game",
            "colour",
        ),
        (deck, "deck", "titel_field"),
    ] {
        let out = lint(
            std::slice::from_ref(&file),
            Some(&dir.join(format!("{kind}.schema.json"))),
        );
        let file = file.display();
        assert!(!out.status.success(), "{file} passed:\n{}", dump(&out));
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(
            said.contains(&format!("'{key}' was unexpected")),
            "{file}:\n{said}"
        );
    }
}

#[test]
fn a_new_game_names_its_schemas() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = tmp.path().join("g");
    let made = grogpress(&["new", game.to_str().expect("utf-8")]);
    assert_eq!(made.status.code(), Some(0), "{}", dump(&made));
    let files = [
        "game.toml",
        "action-cards.toml",
        "player-aid.toml",
        "templates/labels/action-card.toml",
    ];
    for f in files {
        let text = std::fs::read_to_string(game.join(f)).expect("read");
        assert!(text.starts_with("#:schema "), "{f} has no #:schema line");
    }
    let all: Vec<PathBuf> = files.iter().map(|f| game.join(f)).collect();
    let out = lint(&all, None);
    assert!(out.status.success(), "{}", dump(&out));
    // A typo is underlined through the directive alone.
    let aid = game.join("player-aid.toml");
    let text = std::fs::read_to_string(&aid).expect("read");
    std::fs::write(&aid, text.replace("title = ", "titel = ")).expect("write");
    let out = lint(&[aid], None);
    assert!(!out.status.success(), "{}", dump(&out));
    assert!(String::from_utf8_lossy(&out.stderr).contains("'titel' was unexpected"));
}
