//! Bad inputs: one small game folder per fault under `tests/fixtures/bad/`,
//! each a copy of the valid `tests/fixtures/ok-minimal/` with one fault. Every
//! test runs the real binary (`check <fixture> --format json`) from the crate
//! root and asserts the diagnostic's id, file, line and column, the exit code,
//! and that nothing panicked.
//!
//! A fault may have knock-on diagnostics that are also true (a card missing on
//! one side also makes the sides differ: `mirror-mismatch`); each test names
//! the ids it tolerates besides the one it is about, and fails on any other.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

mod support;
use support::{Run, copy_dir, grogpress, parse_diag};

/// `check <dir> --format json`.
fn check(dir: &str) -> Run {
    grogpress(&["check", dir, "--format", "json"])
}

/// The path of a bad fixture, relative to the crate root.
fn bad(name: &str) -> String {
    format!("tests/fixtures/bad/{name}")
}

const OK_MINIMAL: &str = "tests/fixtures/ok-minimal";

// ---------------------------------------------------------------------------
// A tiny parser for the flat JSON objects `--format json` prints.

#[test]
fn the_json_line_parser_reads_escapes() {
    let d = parse_diag(
        r#"{"severity":"error","id":"x","message":"a \"q\"\n\u00e9","file":"a/b.toml","line":3,"column":14,"end_line":3,"end_column":20,"hint":"h"}"#,
    )
    .expect("parse");
    assert_eq!(
        (d.id.as_str(), d.message.as_str(), d.line, d.column),
        ("x", "a \"q\"\né", 3, 14)
    );
    assert_eq!(d.hint.as_deref(), Some("h"));
    assert!(parse_diag(r#"{"severity":"error","id":"x""#).is_err());
}

// ---------------------------------------------------------------------------
// Helpers for fixtures made at run time.

/// A temporary copy of the minimal valid game.
fn temp_minimal() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = tmp.path().join("game");
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join(OK_MINIMAL),
        &game,
    );
    (tmp, game)
}

/// Replaces `old` (which must occur once) by `new` in a file's bytes.
fn patch_bytes(path: &Path, old: &[u8], new: &[u8]) -> usize {
    let bytes = std::fs::read(path).expect("read the file to patch");
    let at = bytes
        .windows(old.len())
        .position(|w| w == old)
        .unwrap_or_else(|| {
            panic!(
                "{} has no {:?}",
                path.display(),
                String::from_utf8_lossy(old)
            )
        });
    let mut out = bytes[..at].to_vec();
    out.extend_from_slice(new);
    out.extend_from_slice(&bytes[at + old.len()..]);
    std::fs::write(path, out).expect("write the patched file");
    at
}

/// 1-based line and column (in characters) of a byte offset into valid UTF-8 text.
fn line_col(before: &[u8]) -> (usize, usize) {
    let text = std::str::from_utf8(before).expect("the text before the offset is UTF-8");
    let line = text.matches('\n').count() + 1;
    let col = text.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// An invalid UTF-8 byte in the Blue "Great Road" effect, after a non-ASCII
/// character on the same line (so the column must count characters, not bytes).
fn minimal_with_invalid_utf8() -> (tempfile::TempDir, PathBuf, (usize, usize)) {
    let (tmp, game) = temp_minimal();
    let cards = game.join("cards.toml");
    let old = b"effect = \"One unit moves two sectors.\"\nowner = \"Blue\"";
    let new_prefix = "effect = \"Öne unit moves two s".as_bytes();
    let mut new = new_prefix.to_vec();
    new.push(0xFF);
    new.extend_from_slice(b"ctors.\"\nowner = \"Blue\"");
    let at = patch_bytes(&cards, old, &new);
    let bytes = std::fs::read(&cards).expect("read back");
    let bad_at = at + new_prefix.len();
    assert_eq!(bytes[bad_at], 0xFF);
    let where_ = line_col(&bytes[..bad_at]);
    (tmp, game, where_)
}

// ---------------------------------------------------------------------------
// The valid baseline.

#[test]
fn ok_minimal_checks_clean() {
    let run = check(OK_MINIMAL);
    run.exit(0);
    assert!(
        run.diags.is_empty(),
        "the baseline must have no diagnostics\n{}",
        run.dump()
    );
}

// ---------------------------------------------------------------------------
// 1. TOML syntax errors.

#[test]
fn toml_syntax_error_in_game_toml() {
    // line 2: `name = "Minimal` — the string is never closed; reported where
    // the closing quote is missing, at the end of the line.
    let run = check(&bad("toml-syntax"));
    run.exit(1);
    run.expect("error", "toml-syntax", "bad/toml-syntax/game.toml", 2, 16);
    run.only_ids(&["toml-syntax"]);
}

#[test]
fn toml_syntax_error_in_a_deck_file() {
    // line 52: `[[cards]` — the array-of-tables header is never closed.
    let run = check(&bad("toml-syntax-deck"));
    run.exit(1);
    run.expect(
        "error",
        "toml-syntax",
        "bad/toml-syntax-deck/cards.toml",
        52,
        9,
    );
}

// ---------------------------------------------------------------------------
// 2. Unknown keys.

#[test]
fn unknown_key_in_game_toml() {
    let run = check(&bad("unknown-key-game"));
    run.exit(1);
    let d = run.expect(
        "error",
        "unknown-field",
        "bad/unknown-key-game/game.toml",
        3,
        1,
    );
    assert!(d.message.contains("colour"), "{}", run.dump());
    run.only_ids(&["unknown-field"]);
}

#[test]
fn unknown_key_in_a_card() {
    // The Blue "Great Road" card spells `title` as `titel` (line 54); the card
    // then has no title (missing-field at its [[cards]] header, line 52) and
    // no Red twin (mirror-mismatch).
    let run = check(&bad("unknown-key-card"));
    run.exit(1);
    let d = run.expect(
        "error",
        "unknown-field",
        "bad/unknown-key-card/cards.toml",
        54,
        1,
    );
    assert!(
        d.hint.as_deref().is_some_and(|h| h.contains("`title`")),
        "the hint should suggest `title`\n{}",
        run.dump()
    );
    run.expect(
        "error",
        "missing-field",
        "bad/unknown-key-card/cards.toml",
        52,
        1,
    );
    run.only_ids(&["unknown-field", "missing-field", "mirror-mismatch"]);
}

// ---------------------------------------------------------------------------
// 3. Missing required field.

#[test]
fn missing_field_in_a_card() {
    // The Blue "Great Road" card has no `effect`: reported at the card's
    // `[[cards]]` header (line 52, column 1). It then differs from the Red
    // card in `effect`, a true mirror-mismatch.
    let run = check(&bad("missing-field"));
    run.exit(1);
    let d = run.expect(
        "error",
        "missing-field",
        "bad/missing-field/cards.toml",
        52,
        1,
    );
    assert!(d.message.contains("`effect`"), "{}", run.dump());
    assert_eq!(run.with_id("missing-field").len(), 1, "{}", run.dump());
    run.only_ids(&["missing-field", "mirror-mismatch"]);
}

// ---------------------------------------------------------------------------
// 4. Wrong types.

#[test]
fn wrong_types_in_game_toml_and_a_card() {
    let run = check(&bad("wrong-type"));
    run.exit(1);
    // `count = "five"` in the second [[forces]]: at the value.
    let d = run.expect("error", "wrong-type", "bad/wrong-type/game.toml", 20, 9);
    assert!(d.message.contains("`count`"), "{}", run.dump());
    // `title = 3` in the Blue "Great Road" card: at the value.
    let d = run.expect("error", "wrong-type", "bad/wrong-type/cards.toml", 54, 9);
    assert!(d.message.contains("`title`"), "{}", run.dump());
    assert_eq!(run.with_id("wrong-type").len(), 2, "{}", run.dump());
    run.only_ids(&["wrong-type", "mirror-mismatch"]);
}

// ---------------------------------------------------------------------------
// 5.–7. Deck constraints.

#[test]
fn card_count_per_side() {
    // Red has a third card; the deck says count = 2 (line 28, column 40).
    let run = check(&bad("card-count"));
    run.exit(1);
    let d = run.expect("error", "card-count", "bad/card-count/cards.toml", 28, 40);
    assert!(
        d.message.contains("Red") && d.message.contains('3'),
        "{}",
        run.dump()
    );
    assert_eq!(
        run.with_id("card-count").len(),
        1,
        "only Red is wrong\n{}",
        run.dump()
    );
    // Red's extra "Recon" has no Blue twin: true, and the only other finding.
    run.only_ids(&["card-count", "mirror-mismatch"]);
}

#[test]
fn mirror_mismatch_between_sides() {
    // Blue's "Great Road" effect says "three sectors": at that value.
    let run = check(&bad("mirror-mismatch"));
    run.exit(1);
    let d = run.expect(
        "error",
        "mirror-mismatch",
        "bad/mirror-mismatch/cards.toml",
        55,
        10,
    );
    assert!(
        d.message.contains("Great Road") && d.message.contains("`effect`"),
        "{}",
        run.dump()
    );
    assert_eq!(run.diags.len(), 1, "{}", run.dump());
}

#[test]
fn duplicate_title_within_a_side() {
    // Blue's second card is a copy of its "Dug In": at the second title.
    let run = check(&bad("duplicate-value"));
    run.exit(1);
    let d = run.expect(
        "error",
        "duplicate-value",
        "bad/duplicate-value/cards.toml",
        55,
        9,
    );
    assert!(d.message.contains("Dug In"), "{}", run.dump());
    assert_eq!(run.with_id("duplicate-value").len(), 1, "{}", run.dump());
    // Red's "Great Road" then has no Blue twin: true.
    run.only_ids(&["duplicate-value", "mirror-mismatch"]);
}

#[test]
fn duplicate_glossary_term_whatever_its_capitals() {
    // "line of sight" (line 46) repeats "Line of Sight" (line 41).
    let run = check(&bad("duplicate-term"));
    run.exit(1);
    let d = run.expect(
        "error",
        "duplicate-value",
        "bad/duplicate-term/game.toml",
        46,
        8,
    );
    assert!(d.message.contains("line of sight"), "{}", run.dump());
    run.only_ids(&["duplicate-value"]);
}

#[test]
fn empty_glossary_definition() {
    let (_tmp, game) = temp_minimal();
    let toml = game.join("game.toml");
    let mut text = std::fs::read_to_string(&toml).expect("read game.toml");
    text.push_str("\n[[glossary]]\nterm = \"hex\"\ndefinition = \"  \"\n");
    std::fs::write(&toml, &text).expect("write game.toml");
    let line = text.lines().count();
    let run = check(&game.to_string_lossy());
    run.exit(1);
    let d = run.expect("error", "empty-definition", "game.toml", line, 14);
    assert!(d.message.contains("`hex`"), "{}", run.dump());
    run.only_ids(&["empty-definition"]);
}

// ---------------------------------------------------------------------------
// 8.–9. Card names in the rules text.

#[test]
fn card_title_case_mismatch_is_a_warning() {
    // The rules write [*Great Road*](card:) (line 3, column 24); the cards
    // are titled "Great road".
    let run = check(&bad("card-title-mismatch"));
    run.exit(0);
    let d = run.expect(
        "warning",
        "card-title-mismatch",
        "bad/card-title-mismatch/rules/rules.md",
        3,
        24,
    );
    assert!(
        d.hint.as_deref().is_some_and(|h| h.contains("Great road")),
        "the hint should give the card's real title\n{}",
        run.dump()
    );
    assert_eq!(run.diags.len(), 1, "{}", run.dump());
}

#[test]
fn dangling_card_reference_in_rules() {
    let run = check(&bad("dangling-card-reference"));
    run.exit(1);
    let d = run.expect(
        "error",
        "dangling-card-reference",
        "bad/dangling-card-reference/rules/rules.md",
        4,
        17,
    );
    assert!(d.message.contains("No Such Card"), "{}", run.dump());
    assert_eq!(run.diags.len(), 1, "{}", run.dump());
}

#[test]
fn dangling_rule_ref_in_rules() {
    let run = check(&bad("dangling-rule-ref"));
    run.exit(1);
    let file = "bad/dangling-rule-ref/rules/rules.md";
    let far = run.expect("error", "dangling-rule-ref", file, 6, 2);
    assert!(far.message.contains("rule:combat"), "{}", run.dump());
    let near = run.expect("error", "dangling-rule-ref", file, 10, 43);
    assert_eq!(
        near.hint.as_deref(),
        Some("did you mean `rule:zone-of-control`?")
    );
    assert_eq!(run.diags.len(), 2, "{}", run.dump());
}

// ---------------------------------------------------------------------------
// 10.–11. Overflow.

#[test]
fn card_overflow_names_card_and_field() {
    // Both "Great Road" cards carry a 1,500-character effect (lines 42 and 55).
    let run = check(&bad("card-overflow"));
    run.exit(1);
    for line in [42, 55] {
        let d = run.expect(
            "error",
            "card-overflow",
            "bad/card-overflow/cards.toml",
            line,
            10,
        );
        assert!(
            d.message.contains("Great Road") && d.message.contains("`effect`"),
            "the message must name the card and the field\n{}",
            run.dump()
        );
    }
    assert_eq!(run.diags.len(), 2, "{}", run.dump());
}

#[test]
fn aid_overflow() {
    // Sixty long paragraphs cannot fit one page. Which paragraph first ends
    // below the margin depends on font metrics, so the test asserts that the
    // diagnostic points at the start of one of those paragraphs' text.
    let name = "aid-overflow";
    let run = check(&bad(name));
    run.exit(1);
    let found = run.with_id("aid-overflow");
    assert_eq!(found.len(), 1, "{}", run.dump());
    let d = found[0];
    assert_eq!(d.severity, "error");
    assert!(
        d.file.ends_with("bad/aid-overflow/aid.toml"),
        "{}",
        run.dump()
    );
    assert!(d.message.contains("Player Aid"), "{}", run.dump());
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(bad(name))
            .join("aid.toml"),
    )
    .expect("read the aid fixture");
    let line = text.lines().nth(d.line.saturating_sub(1)).unwrap_or("");
    assert!(
        line.starts_with("text = \"Filler") && d.column == 8,
        "expected the start of a filler paragraph's text, got line {} column {}: {line:?}\n{}",
        d.line,
        d.column,
        run.dump()
    );
    run.only_ids(&["aid-overflow"]);
}

// ---------------------------------------------------------------------------
// 12.–13. Values.

#[test]
fn dangling_reference_to_a_side() {
    // An extra card has owner = "Martians" (line 62, column 9).
    let run = check(&bad("dangling-reference"));
    run.exit(1);
    let d = run.expect(
        "error",
        "dangling-reference",
        "bad/dangling-reference/cards.toml",
        62,
        9,
    );
    assert!(d.message.contains("Martians"), "{}", run.dump());
    assert_eq!(run.diags.len(), 1, "{}", run.dump());
}

#[test]
fn bad_enum_value() {
    // Blue's "Dug In" has who = "Anyone" (line 46, column 7).
    let run = check(&bad("bad-enum-value"));
    run.exit(1);
    let d = run.expect(
        "error",
        "bad-enum-value",
        "bad/bad-enum-value/cards.toml",
        46,
        7,
    );
    assert!(d.message.contains("Anyone"), "{}", run.dump());
    assert!(
        d.hint
            .as_deref()
            .is_some_and(|h| h.contains("Defender Only")),
        "the hint should list the values\n{}",
        run.dump()
    );
    run.only_ids(&["bad-enum-value", "mirror-mismatch"]);
}

// ---------------------------------------------------------------------------
// 14.–15. Files.

#[test]
fn invalid_utf8_in_a_deck_file() {
    let (_tmp, game, (line, column)) = minimal_with_invalid_utf8();
    let run = check(game.to_str().expect("a UTF-8 temp path"));
    run.exit(1);
    run.expect("error", "invalid-utf8", "/cards.toml", line, column);
    assert_eq!(run.with_id("invalid-utf8").len(), 1, "{}", run.dump());
}

#[test]
fn missing_deck_file() {
    // game.toml line 24: file = "no-such-cards.toml"; the value starts at column 8.
    let run = check(&bad("missing-file"));
    run.exit(1);
    let d = run.expect("error", "missing-file", "bad/missing-file/game.toml", 24, 8);
    assert!(d.message.contains("no-such-cards.toml"), "{}", run.dump());
}

/// A deck that cannot be loaded (missing, not UTF-8, bad TOML) is one
/// problem. The label job naming it and the rules text naming its cards are
/// not wrong, so they must not be reported as dangling references.
#[test]
fn an_unloadable_deck_is_reported_once() {
    let (_tmp, game, _) = minimal_with_invalid_utf8();
    let utf8 = game.to_str().expect("a UTF-8 temp path").to_string();
    let mut spurious = String::new();
    for (dir, cause) in [
        (bad("missing-file"), "missing-file"),
        (bad("toml-syntax-deck"), "toml-syntax"),
        (utf8, "invalid-utf8"),
    ] {
        let run = check(&dir);
        run.exit(1);
        assert_eq!(run.with_id(cause).len(), 1, "{}", run.dump());
        for d in run.diags.iter().filter(|d| d.id != cause) {
            let _ = writeln!(
                spurious,
                "{dir} ({cause}): spurious `{}` at {}:{}:{}: {}",
                d.id, d.file, d.line, d.column, d.message
            );
        }
    }
    assert!(spurious.is_empty(), "{spurious}");
}

// ---------------------------------------------------------------------------
// 16. Operational failures.

#[test]
fn check_of_a_missing_folder_is_an_operational_failure() {
    let run = grogpress(&["check", "/nonexistent/folder", "--format", "human"]);
    run.exit(2);
    assert!(
        run.stderr.contains("/nonexistent/folder"),
        "stderr should name the folder\n{}",
        run.dump()
    );
    assert!(run.stdout.trim().is_empty(), "{}", run.dump());
    // Under --format json the failure is a JSON line on stdout, nothing else.
    let run = grogpress(&["check", "/nonexistent/folder", "--format", "json"]);
    run.exit(2);
    assert_eq!(run.diags.len(), 1, "{}", run.dump());
    assert_eq!(run.diags[0].id, "operational");
    assert!(
        run.diags[0].message.contains("/nonexistent/folder"),
        "{}",
        run.dump()
    );
    assert!(run.stderr.trim().is_empty(), "{}", run.dump());
}

#[test]
fn build_into_a_regular_file_is_an_operational_failure() {
    let tmp = tempfile::tempdir().expect("temp dir");
    // The minimal game builds into a folder...
    let out = tmp.path().join("out");
    let out_str = out.to_str().expect("a UTF-8 temp path");
    let run = grogpress(&["build", OK_MINIMAL, "--out", out_str]);
    run.exit(0);
    for pdf in ["action-labels.pdf", "aid.pdf"] {
        assert!(
            out.join("ok-minimal").join(pdf).is_file(),
            "{pdf}\n{}",
            run.dump()
        );
    }
    // ...but not into a path that is a regular file.
    let file = tmp.path().join("a-file");
    std::fs::write(&file, b"not a folder").expect("write the file");
    let file_str = file.to_str().expect("a UTF-8 temp path");
    let run = grogpress(&["build", OK_MINIMAL, "--out", file_str]);
    run.exit(2);
    assert!(
        !run.stderr.trim().is_empty(),
        "the failure should be explained on stderr\n{}",
        run.dump()
    );
    assert_eq!(
        std::fs::read(&file).expect("read the file back"),
        b"not a folder",
        "the file must be left alone"
    );
}

// ---------------------------------------------------------------------------
// 17. Every problem, not the first.

#[test]
fn every_problem_is_reported_in_one_run() {
    let run = check(&bad("three-faults"));
    run.exit(1);
    run.expect("error", "unknown-field", "bad/three-faults/game.toml", 3, 1);
    run.expect("error", "wrong-type", "bad/three-faults/cards.toml", 40, 10);
    run.expect(
        "error",
        "duplicate-value",
        "bad/three-faults/cards.toml",
        55,
        9,
    );
    run.only_ids(&[
        "unknown-field",
        "wrong-type",
        "duplicate-value",
        "mirror-mismatch",
    ]);
}

// ---------------------------------------------------------------------------
// Every fixture is covered here, and none makes either output format panic.

const FIXTURES: &[&str] = &[
    "aid-overflow",
    "bad-enum-value",
    "card-count",
    "card-overflow",
    "card-title-mismatch",
    "dangling-card-reference",
    "dangling-reference",
    "dangling-rule-ref",
    // Its exact diagnostics are asserted in tests/html.rs.
    "dangling-shortcode",
    "duplicate-term",
    "duplicate-value",
    "mirror-mismatch",
    "missing-field",
    "missing-file",
    "out-of-range",
    "three-faults",
    "toml-syntax",
    "toml-syntax-deck",
    "unknown-key-card",
    "unknown-key-game",
    "wrong-type",
];

#[test]
fn every_fixture_is_listed_and_never_panics() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/bad");
    let mut on_disk: Vec<String> = std::fs::read_dir(&root)
        .expect("list tests/fixtures/bad")
        .map(|e| {
            e.expect("a fixture entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    on_disk.sort();
    assert_eq!(on_disk, FIXTURES, "tests/fixtures/bad and FIXTURES differ");
    let mut problems = String::new();
    for name in FIXTURES {
        let dir = bad(name);
        let json = check(&dir);
        let human = grogpress(&["check", &dir]);
        if json.code != human.code || !(0..=1).contains(&json.code) {
            let _ = writeln!(
                problems,
                "{name}: exit {} (json) / {} (human)",
                json.code, human.code
            );
        }
        if json.diags.is_empty() {
            let _ = writeln!(problems, "{name}: no diagnostics");
        }
        for d in &json.diags {
            if d.file.is_empty() || d.line == 0 || d.column == 0 {
                let _ = writeln!(problems, "{name}: `{}` has no location", d.id);
            }
            // The human format names the same place, rustc-style.
            let place = format!("{}:{}:{}", d.file, d.line, d.column);
            let header = format!("{}[{}]", d.severity, d.id);
            if !human.stderr.contains(&header) || !human.stderr.contains(&place) {
                let _ = writeln!(problems, "{name}: human output lacks `{}` at {place}", d.id);
            }
        }
    }
    assert!(problems.is_empty(), "{problems}");
}

#[test]
fn an_int_value_outside_the_fields_range() {
    // cards.toml: cost = 5 (min = 0, max = 3) on a Red card and its Blue
    // mirror, lines 43 and 57; the value is at column 8.
    let run = check(&bad("out-of-range"));
    run.exit(1);
    let d = run.expect(
        "error",
        "out-of-range",
        "bad/out-of-range/cards.toml",
        43,
        8,
    );
    assert!(d.message.contains("0 to 3"), "{}", run.dump());
    run.expect(
        "error",
        "out-of-range",
        "bad/out-of-range/cards.toml",
        57,
        8,
    );
    assert_eq!(run.diags.len(), 2, "{}", run.dump());
}

#[test]
fn min_and_max_bound_only_int_fields() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = tmp.path().join("g");
    copy_dir(Path::new(OK_MINIMAL), &game);
    let cards = game.join("cards.toml");
    let text = std::fs::read_to_string(&cards).expect("read");
    let text = text.replacen("kind = \"text\"\n", "kind = \"text\"\nmax = 3\n", 1);
    std::fs::write(&cards, &text).expect("write");
    let run = check(game.to_str().expect("UTF-8 path"));
    run.exit(1);
    let (line, col) = support::line_col(&text, text.find("3\n").expect("max"));
    run.expect("error", "bad-value", "/cards.toml", line, col);
}

/// `cards = "..."` written below `[constraints]` lands in that table: the
/// hint says to move it to the top of the file (the newcomer's mistake).
#[test]
fn a_top_level_key_below_a_table_header_says_to_move_it() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = tmp.path().join("g");
    copy_dir(Path::new(OK_MINIMAL), &game);
    let cards = game.join("cards.toml");
    let text = std::fs::read_to_string(&cards).expect("read");
    let head = text.split("[[cards]]").next().expect("head");
    let text = format!("{head}cards = \"cards.csv\"\n");
    std::fs::write(&cards, &text).expect("write");
    let run = check(game.to_str().expect("UTF-8 path"));
    let (line, col) = support::line_col(&text, text.rfind("cards = ").expect("key"));
    let d = run.expect("error", "unknown-field", "/cards.toml", line, col);
    let hint = d.hint.as_deref().unwrap_or_default();
    assert!(hint.contains("top of the file"), "{hint}");
}
