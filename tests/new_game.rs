//! `grogpress new`: the starter game and a copy of a shipped game, created in a
//! temp dir outside the repository, pass `check` and publish with `build`.

use std::path::Path;
use std::process::{Command, Output};

fn grogpress(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grogpress"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .expect("run grogpress")
}

fn text(out: &Output) -> String {
    format!(
        "exit {:?}\n--- stdout\n{}--- stderr\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

fn pdftotext(pdf: &Path) -> String {
    let out = Command::new("pdftotext")
        .arg(pdf)
        .arg("-")
        .output()
        .expect("run pdftotext (poppler-utils)");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn starter_game_checks_and_builds() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = tmp.path().join("my-first-game");
    let game_s = game.to_str().expect("utf-8 temp path");
    let out_s = tmp.path().join("out");
    let out_s = out_s.to_str().expect("utf-8 temp path");

    let made = grogpress(&["new", game_s]);
    assert_eq!(made.status.code(), Some(0), "{}", text(&made));
    for f in [
        "game.toml",
        "action-cards.toml",
        "player-aid.toml",
        "rules/rules.md",
    ] {
        assert!(game.join(f).is_file(), "{f} missing");
    }
    let game_toml = std::fs::read_to_string(game.join("game.toml")).expect("read game.toml");
    assert!(
        game_toml.contains("name = \"My First Game\""),
        "{game_toml}"
    );

    let check = grogpress(&["check", game_s, "--format", "json"]);
    assert_eq!(check.status.code(), Some(0), "{}", text(&check));
    assert!(
        check.stdout.is_empty(),
        "no diagnostics expected: {}",
        text(&check)
    );

    let build = grogpress(&["build", game_s, "--out", out_s]);
    assert_eq!(build.status.code(), Some(0), "{}", text(&build));
    let labels = pdftotext(&tmp.path().join("out/my-first-game/action-labels.pdf"));
    assert_eq!(labels.matches("Dug In").count(), 2, "{labels}");
    assert!(
        labels.contains("Red") && labels.contains("Blue"),
        "{labels}"
    );
    let aid = pdftotext(&tmp.path().join("out/my-first-game/player-aid.pdf"));
    assert!(aid.contains("Forces: 4 Inf, 2 Tank"), "{aid}");

    // A second `new` into the same folder refuses rather than overwrite.
    let again = grogpress(&["new", game_s]);
    assert_eq!(again.status.code(), Some(2), "{}", text(&again));
}

#[test]
fn from_a_shipped_game_copies_it() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = tmp.path().join("my-grid");
    let game_s = game.to_str().expect("utf-8 temp path");
    let made = grogpress(&["new", game_s, "--from", "battlegrid"]);
    assert_eq!(made.status.code(), Some(0), "{}", text(&made));
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/battlegrid");
    for f in [
        "game.toml",
        "action-cards.toml",
        "player-aid.toml",
        "rules/action-cards.md",
    ] {
        let a = std::fs::read(shipped.join(f)).expect("read shipped");
        let b = std::fs::read(game.join(f)).expect("read copy");
        assert_eq!(a, b, "{f} differs");
    }
    let out_s = tmp.path().join("out");
    let build = grogpress(&["build", game_s, "--out", out_s.to_str().expect("utf-8")]);
    assert_eq!(build.status.code(), Some(0), "{}", text(&build));
    let labels = pdftotext(&tmp.path().join("out/my-grid/action-labels.pdf"));
    assert!(labels.contains("Bad Coordinates"), "{labels}");

    let unknown = grogpress(&[
        "new",
        tmp.path().join("x").to_str().expect("utf-8"),
        "--from",
        "nosuchgame",
    ]);
    assert_eq!(unknown.status.code(), Some(2), "{}", text(&unknown));
}
