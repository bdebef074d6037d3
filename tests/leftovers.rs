//! What a build leaves and what an export hands a spreadsheet: temporary
//! files of a killed build are removed by the next build of that game, and
//! `export csv` never writes a cell a spreadsheet would run as a formula,
//! while reading the CSV back gives the same cards.

mod support;

use std::path::Path;

use support::{copy_dir, grogpress};

fn minimal(into: &Path) -> std::path::PathBuf {
    let dir = into.join("g");
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/ok-minimal"),
        &dir,
    );
    dir
}

#[test]
fn a_killed_builds_temporary_files_are_removed_by_the_next_build() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = minimal(tmp.path());
    let out = tmp.path().join("out");
    let build = || {
        support::build_ok(&game, &out);
    };
    build();
    // As SIGKILL leaves them: process ids past the kernel's maximum are never alive.
    let stale = [
        out.join("g/.action-labels.pdf.tmp-9999991"),
        out.join("g/html/.index.html.tmp-9999992"),
    ];
    for path in &stale {
        std::fs::write(path, vec![0u8; 1 << 20]).expect("plant");
    }
    build();
    for path in &stale {
        assert!(!path.exists(), "{} was left", path.display());
    }
    assert!(out.join("g/action-labels.pdf").is_file());
}

#[test]
fn exported_cells_never_run_as_formulas_and_read_back_the_same() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = minimal(tmp.path());
    let cards = game.join("cards.toml");
    let text = std::fs::read_to_string(&cards).expect("read");
    // Both mirrored cards, so the deck stays sound.
    let text = text.replace(
        "Ignore the first hit on your units in this battle.",
        "=HYPERLINK(\\\"http://example.com\\\",\\\"x\\\")",
    );
    std::fs::write(&cards, &text).expect("write");
    let export = |dir: &Path| {
        let run = grogpress(&[
            "export",
            "csv",
            dir.to_str().expect("path"),
            "--deck",
            "action",
        ]);
        assert_eq!(run.code, 0, "{}", run.dump());
        run.stdout
    };
    let csv = export(&game);
    let mut reader = csv::ReaderBuilder::new().from_reader(csv.as_bytes());
    let mut formulas = 0;
    for record in reader.records() {
        for cell in record.expect("a CSV record").iter() {
            assert!(
                !cell.starts_with(['=', '+', '-', '@', '\t', '\r']),
                "a cell a spreadsheet runs: {cell}"
            );
            formulas += usize::from(cell.starts_with("'="));
        }
    }
    assert_eq!(formulas, 2, "{csv}");
    // The deck read from that CSV is the same deck.
    std::fs::write(game.join("cards.csv"), &csv).expect("write csv");
    let head = text.split("[[cards]]").next().expect("fields");
    std::fs::write(&cards, format!("cards = \"cards.csv\"\n{head}")).expect("write");
    let check = grogpress(&["check", game.to_str().expect("path"), "--format", "json"]);
    assert_eq!(check.code, 0, "{}", check.dump());
    assert_eq!(export(&game), csv, "the CSV changed on the way back");
}
