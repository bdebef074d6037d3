//! Spreadsheet card lists: a deck's cards read from a CSV file.
//! - Every problem in a CSV is a located diagnostic: each fixture under
//!   `tests/fixtures/csv/bad/` replaces the valid `game/cards.csv` with one fault.
//! - Every shipped deck round-trips TOML → `export csv` → a deck reading that
//!   CSV, with the same loaded cards, no diagnostics, the same CSV when
//!   exported again, and byte-identical label PDFs.

mod support;

use std::path::{Path, PathBuf};

use grogpress::diag::{Diagnostics, Sources};
use grogpress::model::{FieldValue, Game};
use support::copy_dir;
use support::raw::{Diag, diags, dump, grogpress};

const FIXTURES: &str = "tests/fixtures/csv";

/// `check` of the fixture game with `bad/<name>.csv` as its card list.
fn check_with(name: &str) -> (std::process::Output, Vec<Diag>) {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = tmp.path().join("g");
    copy_dir(&Path::new(FIXTURES).join("game"), &game);
    std::fs::copy(
        Path::new(FIXTURES).join("bad").join(format!("{name}.csv")),
        game.join("cards.csv"),
    )
    .expect("copy fixture");
    let out = grogpress(&["check", game.to_str().expect("utf-8"), "--format", "json"]);
    let found = diags(&out);
    (out, found)
}

/// The fixture fails with `id` at cards.csv:line:col, and every other
/// diagnostic is one of `also`.
fn expect(name: &str, id: &str, line: usize, column: usize, also: &[&str]) {
    let (out, found) = check_with(name);
    assert_eq!(out.status.code(), Some(1), "{name}: {}", dump(&out));
    assert!(
        found.iter().any(|d| d.id == id
            && d.file.ends_with("cards.csv")
            && d.line == line
            && d.column == column),
        "{name}: expected {id} at cards.csv:{line}:{column}\n{}",
        dump(&out)
    );
    for d in &found {
        assert!(
            d.id == id || also.contains(&d.id.as_str()),
            "{name}: unexpected {d:?}\n{}",
            dump(&out)
        );
    }
}

#[test]
fn valid_csv_game_checks_clean() {
    let out = grogpress(&["check", "tests/fixtures/csv/game", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", dump(&out));
    assert!(out.stdout.is_empty(), "{}", dump(&out));
}

#[test]
fn unknown_column() {
    // `titel` in the header: the title column is then missing too.
    expect("unknown-column", "unknown-field", 1, 12, &["missing-field"]);
}

#[test]
fn missing_column() {
    expect("missing-column", "missing-field", 1, 1, &[]);
}

#[test]
fn duplicate_column() {
    expect("duplicate-column", "duplicate-column", 1, 36, &[]);
}

#[test]
fn missing_value() {
    expect("missing-value", "missing-field", 3, 21, &[]);
}

#[test]
fn wrong_type() {
    expect("wrong-type", "wrong-type", 5, 74, &[]);
}

#[test]
fn bad_enum_value() {
    expect("bad-enum-value", "bad-enum-value", 4, 1, &[]);
}

#[test]
fn too_many_cells() {
    // The row is not read, so Red is a card short.
    expect("too-many-cells", "too-many-cells", 2, 76, &["card-count"]);
}

#[test]
fn unclosed_quote() {
    expect("unclosed-quote", "csv-syntax", 5, 32, &[]);
}

#[test]
fn missing_csv_file() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = tmp.path().join("g");
    copy_dir(&Path::new(FIXTURES).join("game"), &game);
    std::fs::remove_file(game.join("cards.csv")).expect("remove");
    let out = grogpress(&["check", game.to_str().expect("utf-8"), "--format", "json"]);
    assert_eq!(out.status.code(), Some(1), "{}", dump(&out));
    assert_eq!(
        diags(&out),
        vec![Diag {
            id: "missing-file".into(),
            file: game.join("cards.toml").display().to_string(),
            line: 2,
            column: 9
        }],
        "{}",
        dump(&out)
    );
}

// ---------------------------------------------------------------------------
// Round trip of every shipped deck.

fn shipped_games() -> Vec<PathBuf> {
    let mut games: Vec<PathBuf> = std::fs::read_dir("data")
        .expect("list data/")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("game.toml").is_file())
        .collect();
    games.sort();
    games
}

/// A game loaded and validated without errors, with the ids and messages of its warnings.
fn load(dir: &Path) -> (Game, Sources, Vec<(&'static str, String)>) {
    let mut sources = Sources::default();
    let mut diags = Diagnostics::default();
    let game = grogpress::load::load_game(dir, &mut sources, &mut diags)
        .expect("readable")
        .expect("loads");
    diags.extend(grogpress::validate::validate(&game, &sources));
    assert!(!diags.has_errors(), "{}: {:?}", dir.display(), diags.list);
    diags.sort();
    let warnings = diags
        .list
        .iter()
        .map(|d| (d.id, d.message.clone()))
        .collect();
    (game, sources, warnings)
}

/// The deck file with its `[[cards]]` tables replaced by `cards = "<csv>"`.
fn with_csv_cards(toml: &str, csv_name: &str) -> String {
    let mut out = format!("cards = \"{csv_name}\"\n");
    let mut in_cards = false;
    for line in toml.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with('[') {
            in_cards = trimmed.starts_with("[[cards]]");
        }
        if !in_cards {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

fn values(game: &Game) -> Vec<(String, Vec<Vec<Option<FieldValue>>>)> {
    game.decks
        .iter()
        .map(|d| {
            let cards = d
                .cards
                .iter()
                .map(|c| {
                    c.values
                        .iter()
                        .map(|v| v.as_ref().map(|v| v.value.clone()))
                        .collect()
                })
                .collect();
            (d.id.clone(), cards)
        })
        .collect()
}

#[test]
fn every_shipped_deck_round_trips_through_csv() {
    let games = shipped_games();
    assert!(!games.is_empty());
    let mut decks_seen = 0;
    for dir in games {
        let name = dir
            .file_name()
            .and_then(|n| n.to_str())
            .expect("name")
            .to_string();
        let (game, sources, warnings) = load(&dir);
        let tmp = tempfile::tempdir().expect("temp dir");
        let copy = tmp.path().join(&name);
        copy_dir(&dir, &copy);
        let mut exported = Vec::new();
        for deck in &game.decks {
            decks_seen += 1;
            let deck_file = sources.path(deck.loc.file).to_path_buf();
            let rel = deck_file.strip_prefix(&dir).expect("deck inside the game");
            let csv_name = format!("{}.csv", deck.id);
            let csv_path = copy.join(rel).with_file_name(&csv_name);
            let out = grogpress(&[
                "export",
                "csv",
                dir.to_str().expect("utf-8"),
                "--deck",
                &deck.id,
                "-o",
                csv_path.to_str().expect("utf-8"),
            ]);
            assert_eq!(out.status.code(), Some(0), "{}", dump(&out));
            let toml = std::fs::read_to_string(&deck_file).expect("read deck");
            std::fs::write(copy.join(rel), with_csv_cards(&toml, &csv_name)).expect("write deck");
            exported.push((deck.id.clone(), std::fs::read(&csv_path).expect("read csv")));
        }
        let (from_csv, csv_sources, csv_warnings) = load(&copy);
        assert_eq!(
            warnings, csv_warnings,
            "{name}: the CSV cards give other warnings"
        );
        assert_eq!(
            values(&game),
            values(&from_csv),
            "{name}: cards differ after the CSV round trip"
        );
        for (original, reread) in game.decks.iter().zip(&from_csv.decks) {
            assert!(
                csv_sources
                    .path(reread.cards[0].loc.file)
                    .extension()
                    .is_some_and(|e| e == "csv")
            );
            let names = |d: &grogpress::model::Deck| {
                d.fields
                    .iter()
                    // The kind's name: declarations carry source spans,
                    // which move when the deck file is rewritten.
                    .map(|f| (f.name.clone(), f.kind.name(), f.optional))
                    .collect::<Vec<_>>()
            };
            assert_eq!(names(original), names(reread));
        }
        // Exporting the CSV-backed deck gives the same CSV again.
        for (deck, csv) in exported {
            let out = grogpress(&[
                "export",
                "csv",
                copy.to_str().expect("utf-8"),
                "--deck",
                &deck,
            ]);
            assert_eq!(out.status.code(), Some(0), "{}", dump(&out));
            assert_eq!(
                out.stdout, csv,
                "{name}/{deck}: CSV differs when exported again"
            );
        }
        // And everything the game prints is byte-identical.
        let out_a = tmp.path().join("out-a");
        let out_b = tmp.path().join("out-b");
        for (game_dir, out) in [(&dir, &out_a), (&copy, &out_b)] {
            let run = grogpress(&[
                "build",
                game_dir.to_str().expect("utf-8"),
                "--out",
                out.to_str().expect("utf-8"),
            ]);
            assert_eq!(run.status.code(), Some(0), "{}", dump(&run));
        }
        if !out_a.join(&name).exists() {
            // A game that publishes nothing yet: the copy must not either.
            assert!(
                !out_b.join(&name).exists(),
                "{name}: only the CSV copy printed"
            );
            continue;
        }
        let pdfs: Vec<_> = std::fs::read_dir(out_a.join(&name))
            .expect("outputs")
            .flatten()
            .filter(|e| e.path().extension().is_some_and(|x| x == "pdf"))
            .collect();
        for pdf in pdfs {
            let a = std::fs::read(pdf.path()).expect("read a");
            let b = std::fs::read(out_b.join(&name).join(pdf.file_name())).expect("read b");
            assert!(
                a == b,
                "{name}: {:?} differs between TOML and CSV cards",
                pdf.file_name()
            );
        }
    }
    assert!(decks_seen > 0);
}
