//! Regression tests, each named after the bug it guards (what went wrong,
//! as ripgrep's tests/regression.rs names its tests after their issues), so
//! a failure here says which old bug is back. Inputs the fuzz targets
//! (fuzz/) found crashing are fed again exactly as found, through the same
//! calls as their target; bugs found by hand are rebuilt from a fixture.

mod support;

use std::path::{Path, PathBuf};

use support::{copy_dir, grogpress};

use grogpress::diag::{Diagnostics, Sources, render_human, render_json};
use grogpress::load::Root;
use grogpress::load::toml::{decode, parse};
use grogpress::publish::{Assets, PlanOptions, check_only};

/// The `toml` target: bytes decoded, parsed, every diagnostic rendered.
fn toml_target(data: &[u8]) -> Diagnostics {
    let mut sources = Sources::default();
    let mut diags = Diagnostics::default();
    let file = sources.add(PathBuf::from("fuzz.toml"), String::new());
    let (text, _) = decode(file, data.to_vec(), &mut diags);
    sources.set_text(file, text.clone());
    let _ = parse(file, &text, &mut diags);
    for d in &diags.list {
        let _ = render_human(d, &sources);
        let _ = render_json(d, &sources);
    }
    diags
}

/// A syntax error located at the `\n` of a `\r\n` line end: the column is
/// one past the line `lines()` returns (which drops the `\r`), and working
/// out the caret's room underflowed (a panic with overflow checks on).
#[test]
fn crlf_line_end_error_panicked_drawing_its_caret() {
    let diags = toml_target(b"\"ke\r\ns\"\"");
    assert_eq!(diags.list[0].id, "toml-syntax");
}

/// The `check` target: a game folder written as one text, a line `-- path --`
/// starting each file, checked with every output planned. Panics on an
/// operational failure; returns the diagnostics and their sources.
fn check_target(archive: &str) -> (Diagnostics, Sources) {
    let tmp = tempfile::tempdir().expect("a temp folder");
    let mut file: Option<std::fs::File> = None;
    for line in archive.split_inclusive('\n') {
        use std::io::Write;
        let head = line.trim_end();
        if let Some(path) = head.strip_prefix("-- ").and_then(|h| h.strip_suffix(" --")) {
            let path = tmp.path().join(path);
            std::fs::create_dir_all(path.parent().unwrap_or(tmp.path())).expect("a folder");
            file = Some(std::fs::File::create(&path).expect("a file"));
        } else if let Some(f) = &mut file {
            f.write_all(line.as_bytes()).expect("written");
        }
    }
    let root = Root::new(env!("CARGO_MANIFEST_DIR"));
    let mut sources = Sources::default();
    let mut diags = Diagnostics::default();
    let assets = Assets::load(root, &mut sources, &mut diags).expect("assets");
    let mut sources = Sources::default();
    let mut diags = Diagnostics::default();
    check_only(
        tmp.path(),
        &assets,
        &PlanOptions::everything(),
        &mut sources,
        &mut diags,
    )
    .expect("no operational failure");
    for d in &diags.list {
        let _ = render_human(d, &sources);
        let _ = render_json(d, &sources);
    }
    (diags, sources)
}

fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/fuzz")
        .join(name);
    std::fs::read_to_string(&path).expect("the fixture")
}

/// A results table whose `drm` reaches +9×10^18: every modified roll was
/// checked one by one for a row, so `check` never finished (a libFuzzer
/// timeout), and a low end near i64::MIN overflowed the lowest roll. Net
/// modifiers are now limited (a span of 1000, ±1,000,000), a located
/// `limit-exceeded` at the range.
#[test]
fn huge_modifier_range_hung_check() {
    let archive = fixture("check-drm-huge.txt");
    let start = std::time::Instant::now();
    let (diags, sources) = check_target(&archive);
    assert!(start.elapsed().as_secs() < 60, "took {:?}", start.elapsed());
    let d = diags
        .list
        .iter()
        .find(|d| d.id == "limit-exceeded")
        .unwrap_or_else(|| panic!("no limit-exceeded: {diags:?}"));
    let loc = d.loc.as_ref().expect("located");
    let text = sources.text(loc.file);
    assert_eq!(&text[loc.span.range()], "\"-3..+9000000000000000000\"");
    assert_eq!(sources.line_col(loc.file, loc.span.start), (9, 7));
    assert!(
        d.hint
            .as_deref()
            .is_some_and(|h| h.contains("at most 1000")),
        "{d:?}"
    );
    let low = archive.replace("-3..+9000000000000000000", "-9223372036854775808..+3");
    let (diags, _) = check_target(&low);
    assert!(
        diags.list.iter().any(|d| d.id == "limit-exceeded"),
        "{diags:?}"
    );
}

/// Cards are laid out as their PDF is written, so a card that does not fit
/// is found while writing; a build that put each PDF in place as soon as it
/// was written would replace good outputs with ones missing that card. The
/// build must exit 1 with the located diagnostic, put nothing in place and
/// leave no temporary file, so the previous outputs stay as they were.
#[test]
fn card_found_too_long_while_writing_replaced_the_previous_outputs() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = tmp.path().join("g");
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/ok-minimal"),
        &game,
    );
    let out = tmp.path().join("out");
    support::build_ok(&game, &out);
    let labels = out.join("g/action-labels.pdf");
    let before = std::fs::read(&labels).expect("the first build's labels");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/bad/card-overflow/cards.toml"),
        game.join("cards.toml"),
    )
    .expect("a card too long");
    let run = support::build(&game, &out, &["--format", "json"]);
    run.exit(1);
    let overflow = run.with_id("card-overflow");
    assert!(!overflow.is_empty(), "{}", run.dump());
    assert!(
        overflow.iter().all(|d| d.file.ends_with("cards.toml")),
        "{}",
        run.dump()
    );
    assert_eq!(
        std::fs::read(&labels).expect("the labels are still there"),
        before,
        "the labels PDF was replaced by a build with errors"
    );
    let left: Vec<String> = std::fs::read_dir(out.join("g"))
        .expect("out/g")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".tmp-"))
        .collect();
    assert!(left.is_empty(), "temporary files left: {left:?}");
}

/// A newcomer's game with a TOML syntax error in its player aid and a card
/// name misspelt in its rules: only the syntax error was reported, because
/// any file that failed to load silenced every unknown card name, although
/// only a deck that failed to load can hold the card.
#[test]
fn a_broken_aid_hid_a_dangling_card_name_in_the_rules() {
    let tmp = support::starter_game();
    let game = tmp.path().join("g");
    let aid = game.join("player-aid.toml");
    let text = std::fs::read_to_string(&aid).expect("the aid");
    let broken = text.replacen("title = \"", "title = \"\n", 1);
    assert_ne!(text, broken, "the starter's aid has a title");
    std::fs::write(&aid, broken).expect("write");
    let rules = game.join("rules/rules.md");
    let mut md = std::fs::read_to_string(&rules).expect("rules");
    md.push_str("\nSee [*No Such Card*](card:).\n");
    let line = md.lines().count();
    std::fs::write(&rules, md).expect("write");
    let run = grogpress(&["check", game.to_str().expect("path"), "--format", "json"]);
    run.exit(1);
    assert_eq!(run.with_id("toml-syntax").len(), 1, "{}", run.dump());
    run.expect(
        "error",
        "dangling-card-reference",
        "g/rules/rules.md",
        line,
        5,
    );
}

/// Under `--format json` an operational failure (exit 2) was printed as
/// plain text on standard error, so a tool reading the JSON lines saw
/// nothing: it is a JSON line with the id `operational`.
#[test]
fn an_operational_failure_was_plain_text_under_format_json() {
    let run = grogpress(&["check", "/nonexistent/no-game", "--format", "json"]);
    run.exit(2);
    let op = run.with_id("operational");
    assert_eq!(op.len(), 1, "{}", run.dump());
    assert!(op[0].message.contains("no-game"), "{}", run.dump());
    assert_eq!((op[0].severity.as_str(), op[0].line), ("error", 0));
}

/// `build` said "1 charts on 1 pages" and "1 sheet(s)": each count now
/// agrees with its noun.
#[test]
fn build_said_1_charts_on_1_pages() {
    let tmp = support::starter_game();
    let game = tmp.path().join("g");
    let out = tmp.path().join("out");
    let run = support::build_ok(&game, &out);
    for line in [
        "(2 cards on 1 sheet of Avery 5395",
        "(2 copies of the aid on 1 page)",
        "(1 chart on 1 page)",
    ] {
        assert!(run.stderr.contains(line), "no {line:?} in\n{}", run.dump());
    }
    assert!(!run.stderr.contains("(s)"), "{}", run.dump());
}

/// `export csv` of a game without decks said "choose one with --deck ()".
#[test]
fn export_of_a_game_without_decks_offered_an_empty_list() {
    let tmp = tempfile::tempdir().expect("temp dir");
    std::fs::write(tmp.path().join("game.toml"), "name = \"Bare\"\n").expect("write");
    let run = grogpress(&["export", "csv", tmp.path().to_str().expect("path")]);
    run.exit(2);
    assert!(
        run.stderr
            .contains("Bare has no deck or collection to export"),
        "{}",
        run.dump()
    );
}

/// A font whose sample glyphs subset cleanly but one of its others does
/// not (found by the `art` fuzz target) passed `check`, then `build` failed
/// to subset it for the PDF: exit 2, no place. Every glyph is tried now.
#[test]
fn a_font_with_one_damaged_glyph_passed_check_and_failed_the_pdf() {
    let tmp = support::starter_game();
    let game = tmp.path().join("g");
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/fuzz/art/font-with-a-damaged-glyph.ttf");
    std::fs::create_dir_all(game.join("fonts")).expect("mkdir");
    std::fs::copy(&fixture, game.join("fonts/x.ttf")).expect("copy the font");
    let fonts = "[[family]]\nname = \"sans-condensed\"\nregular = \"x.ttf\"\nbold = \"x.ttf\"\nitalic = \"x.ttf\"\nbold_italic = \"x.ttf\"\n";
    std::fs::write(game.join("fonts/fonts.toml"), fonts).expect("write");
    let out = tmp.path().join("out");
    let run = support::build(&game, &out, &["--format", "json"]);
    run.exit(1);
    let bad = run.with_id("bad-font");
    assert_eq!(bad.len(), 4, "{}", run.dump());
    assert!(bad[0].file.ends_with("fonts/fonts.toml"), "{}", run.dump());
    assert_eq!((bad[0].line, bad[0].column), (3, 11), "{}", run.dump());
    assert!(!out.join("g").exists(), "nothing is written");
}
