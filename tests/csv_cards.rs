//! Spreadsheet card lists: a deck's cards read from a CSV file.
//! - Every problem in a CSV is a located diagnostic: each fixture under
//!   `tests/fixtures/csv/bad/` replaces the valid `game/cards.csv` with one fault.
//! - Every shipped deck, and every collection kept in its own file (the dice
//!   of Grid Battles with their faces among them), round-trips TOML →
//!   `export csv` → a file reading that CSV, with the same loaded values, no
//!   diagnostics, the same CSV when exported again, and byte-identical PDFs.

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
fn stray_quote() {
    // A quote typed before "Play when attacked:" closes only at the next
    // row's quote: Red's two cards are read as one broken row.
    expect(
        "stray-quote",
        "csv-stray-quote",
        2,
        15,
        &["card-count", "wrong-type", "missing-field"],
    );
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
    diags.extend(grogpress::publish::validate(&game));
    assert!(!diags.has_errors(), "{}: {:?}", dir.display(), diags.list);
    diags.sort();
    let warnings = diags
        .list
        .iter()
        .map(|d| (d.id, d.message.clone()))
        .collect();
    (game, sources, warnings)
}

/// The deck (collection) file with its `[[cards]]` (`[[items]]`) tables
/// replaced by `cards = "<csv>"` (`items = "<csv>"`).
fn with_csv_cards(toml: &str, key: &str, csv_name: &str) -> String {
    let mut out = format!("{key} = \"{csv_name}\"\n");
    let mut in_cards = false;
    for line in toml.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with('[') {
            in_cards = trimmed.starts_with(&format!("[[{key}]]"));
        }
        if !in_cards {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// A value as data: a list's items without their places in the file.
#[derive(Debug, PartialEq)]
enum Value {
    Text(String),
    Int(i64),
    List(Vec<String>),
}

fn values(game: &Game) -> Vec<(String, Vec<Vec<Option<Value>>>)> {
    game.decks
        .iter()
        .chain(&game.collections)
        .map(|d| {
            let cards = d
                .cards
                .iter()
                .map(|c| {
                    c.values
                        .iter()
                        .map(|v| {
                            v.as_ref().map(|v| match &v.value {
                                FieldValue::Text(s) => Value::Text(s.to_string()),
                                FieldValue::Int(n) => Value::Int(*n),
                                FieldValue::List(l) => {
                                    Value::List(l.iter().map(|i| i.value.clone()).collect())
                                }
                            })
                        })
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
    let mut faces_seen = 0;
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
        let game_toml = dir.join("game.toml");
        let in_files = game
            .decks
            .iter()
            .map(|d| (d, "cards"))
            .chain(game.collections.iter().map(|c| (c, "items")))
            // Collections written inline in game.toml stay TOML.
            .filter(|(d, _)| sources.path(d.loc.file) != game_toml);
        for (deck, key) in in_files {
            decks_seen += 1;
            if deck.fields.iter().any(|f| f.kind.name() == "faces") {
                faces_seen += 1;
            }
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
            std::fs::write(copy.join(rel), with_csv_cards(&toml, key, &csv_name))
                .expect("write deck");
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
        let decks = |g: &Game| {
            g.decks
                .iter()
                .chain(&g.collections)
                .cloned()
                .collect::<Vec<_>>()
        };
        for (original, reread) in decks(&game).iter().zip(&decks(&from_csv)) {
            if sources.path(original.loc.file) == game_toml {
                continue;
            }
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
    assert!(faces_seen > 0, "no die's faces went through a CSV");
}

/// A die's faces from a CSV cell (`sword | sword burst | `): every bad face
/// is reported at its own place in the CSV, a cell written as a TOML list at
/// the cell, a missing face at the cell.
#[test]
fn faces_from_csv_are_located() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = tmp.path().join("g");
    copy_dir(Path::new("data/grid-battles"), &game);
    let csv_path = game.join("dice.csv");
    let out = grogpress(&[
        "export",
        "csv",
        game.to_str().expect("utf-8"),
        "--deck",
        "dice",
        "-o",
        csv_path.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", dump(&out));
    let toml = std::fs::read_to_string(game.join("dice.toml")).expect("read");
    std::fs::write(
        game.join("dice.toml"),
        with_csv_cards(&toml, "items", "dice.csv"),
    )
    .expect("write");
    let csv = std::fs::read_to_string(&csv_path).expect("read csv");
    // As exported, the CSV dice check clean.
    let clean = grogpress(&["check", game.to_str().expect("utf-8"), "--format", "json"]);
    assert_eq!(clean.status.code(), Some(0), "{}", dump(&clean));

    let line_of = |text: &str, at: usize| {
        let line = text[..at].matches('\n').count() + 1;
        (line, at - text[..at].rfind('\n').map_or(0, |n| n + 1) + 1)
    };
    let blue = "sword | sword | sword burst | sword sword | sword sword | sword sword burst";
    let red = "sword | sword sword | sword sword burst | sword sword | sword sword burst | sword sword sword";
    let grey = " | shield | shield | shield | shield | shield shield";
    for cell in [blue, red, grey] {
        assert!(csv.contains(cell), "{cell} not in\n{csv}");
    }
    let bad = csv
        .replacen(blue, &blue.replacen("sword burst", "sword brust", 1), 1)
        .replacen(red, "\"[\"\"sword\"\"]\"", 1)
        .replacen(
            grey,
            " | shield | shield | shield | shield shield shield",
            1,
        );
    std::fs::write(&csv_path, &bad).expect("write csv");
    let run = grogpress(&["check", game.to_str().expect("utf-8"), "--format", "json"]);
    assert_eq!(run.status.code(), Some(1), "{}", dump(&run));
    let found: Vec<(String, usize, usize)> = diags(&run)
        .into_iter()
        .map(|d| {
            assert!(d.file.ends_with("dice.csv"), "{d:?}");
            (d.id, d.line, d.column)
        })
        .collect();
    let brust = bad.find("sword brust").expect("typo");
    let list = bad.find("\"[").expect("list cell");
    let short = bad
        .find(" | shield | shield | shield | shield shield shield")
        .expect("short cell");
    let (bl, bc) = line_of(&bad, brust);
    let (ll, lc) = line_of(&bad, list);
    let (sl, sc) = line_of(&bad, short);
    for want in [
        ("bad-value".to_string(), bl, bc),
        ("wrong-type".to_string(), ll, lc),
        ("face-count".to_string(), sl, sc),
    ] {
        assert!(
            found.contains(&want),
            "{want:?} not in {found:?}\n{}",
            dump(&run)
        );
    }
}
