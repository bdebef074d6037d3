//! What a user reads: the whole human output of `check` on every bad
//! fixture, as insta snapshots (`tests/snapshots/`), so any change to a
//! message, a hint, a caret or the summary line is a reviewed diff.
//! Accept a reviewed change with `INSTA_UPDATE=always cargo test --test check_output`
//! (or `cargo insta review`).

mod support;

use std::path::Path;

#[test]
fn check_output_of_every_bad_fixture() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut fixtures: Vec<String> = std::fs::read_dir(root.join("tests/fixtures/bad"))
        .expect("list the bad fixtures")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    fixtures.sort();
    assert!(fixtures.len() >= 10, "{fixtures:?}");
    for name in fixtures {
        let dir = format!("tests/fixtures/bad/{name}");
        let out = support::raw::grogpress(&["check", &dir, "--color", "never"]);
        // Errors exit 1; a fixture of warnings only exits 0.
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "{}",
            support::raw::dump(&out)
        );
        let shown = format!(
            "$ grogpress check {dir}\n--- stdout\n{}--- stderr\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        insta::assert_snapshot!(name, shown);
    }
}
