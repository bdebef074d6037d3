//! Hostile sizes: small files whose numbers or repetitions would make a
//! naive check explode (cubic card keys, quadratic heading ids, a modifier
//! range walked roll by roll, i64 extremes, a die of a million faces, a
//! 5 MB value quoted in a hint, `odds` over millions of modifiers). Each
//! must finish well inside a generous bound with a located error or a
//! correct result; the time each took is printed (`--nocapture`).

mod support;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use support::{Run, copy_dir, grogpress};

/// Far more than any of these needs when it is linear; a naive check takes
/// minutes or never ends.
const BOUND: Duration = Duration::from_secs(20);

fn timed(what: &str, args: &[&str]) -> Run {
    let start = Instant::now();
    let run = grogpress(args);
    let took = start.elapsed();
    eprintln!("{what}: {} ms (exit {})", took.as_millis(), run.code);
    assert!(took < BOUND, "{what} took {took:?}\n{}", run.dump());
    run
}

fn fixture(name: &str, into: &Path) -> PathBuf {
    let dir = into.join(name.rsplit('/').next().unwrap_or(name));
    copy_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join(name), &dir);
    dir
}

/// `grogpress rules GAME --out OUT`, timed; it must succeed.
fn rules_html(what: &str, game: &Path, out: &Path) {
    let run = timed(
        what,
        &["rules", path(game), "--out", path(out), "--format", "json"],
    );
    assert_eq!(run.code, 0, "{}", run.dump());
}

fn path(p: &Path) -> &str {
    p.to_str().expect("UTF-8 path")
}

/// A game of one deck of `cards` cards, all titled "Same", whose rules
/// name one of them by key: card keys and lookups must stay linear.
#[test]
fn many_cards_sharing_a_title() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = tmp.path().join("g");
    std::fs::create_dir_all(game.join("rules")).expect("mkdir");
    std::fs::write(
        game.join("game.toml"),
        "name = \"Same\"\nrules = [\"rules/r.md\"]\n[[decks]]\nid = \"d\"\nfile = \"d.toml\"\n",
    )
    .expect("write");
    let mut deck = String::from(
        "name = \"D\"\ntitle_field = \"title\"\n[[fields]]\nname = \"title\"\nkind = \"text\"\n",
    );
    for _ in 0..8000 {
        deck.push_str("[[cards]]\ntitle = \"Same\"\n");
    }
    std::fs::write(game.join("d.toml"), deck).expect("write");
    let mut rules = String::from("# Cards\n\n{{ card(\"d/same-7999\") }}\n\n");
    for _ in 0..2000 {
        rules.push_str("[*Same*](card:) and [*same*](card:).\n\n");
    }
    std::fs::write(game.join("rules/r.md"), rules).expect("write");
    let out = tmp.path().join("out");
    rules_html("8,000 cards sharing a title (rules HTML)", &game, &out);
    let html = std::fs::read_to_string(out.join("g/html/r.html")).expect("page");
    assert!(
        html.contains("card-d-same-7999"),
        "the key of the last card"
    );
}

/// 50,000 headings of the same words: their ids stay unique and cheap.
#[test]
fn many_equal_headings() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = fixture("tests/fixtures/ok-minimal", tmp.path());
    let mut md = String::new();
    for _ in 0..50_000 {
        md.push_str("## Same\n");
    }
    std::fs::write(game.join("rules/rules.md"), md).expect("write");
    let out = tmp.path().join("out");
    rules_html("50,000 equal headings (rules HTML)", &game, &out);
    let html = std::fs::read_to_string(out.join("ok-minimal/html/rules.html")).expect("page");
    assert!(html.contains("id=\"same-50000\""), "the last heading's id");
    // The PDF rulebook: each heading an outline item and a link from the
    // contents (each item's siblings and each link's key were found by
    // looking through all 50,000: 15 s).
    let run = timed(
        "50,000 equal headings (rulebook PDF)",
        &[
            "rulebook",
            path(&game),
            "--out",
            path(&out),
            "--format",
            "json",
        ],
    );
    assert_eq!(run.code, 0, "{}", run.dump());
    let pdf = std::fs::read(out.join("ok-minimal/ok-minimal-rules.pdf")).expect("the PDF");
    let outline = b"/Type /Outlines";
    let at = pdf
        .windows(outline.len())
        .position(|w| w == outline)
        .expect("an outline");
    let count = String::from_utf8_lossy(&pdf[at..(at + 200).min(pdf.len())]).into_owned();
    assert!(count.contains("/Count 50000"), "{count}");
}

/// 1,000 equal headings, a paragraph of 1,000 references to them, 100 to
/// none and 1,000 index marks: finding each target, suggesting a near id
/// and setting the references' words stay linear (the rulebook is set a
/// few times over to get the pages right).
#[test]
fn many_rule_references() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = fixture("tests/fixtures/ok-minimal", tmp.path());
    let toml = game.join("game.toml");
    let mut text = std::fs::read_to_string(&toml).expect("read");
    text.push_str("\n[publish.options]\nrule_numbers = true\n");
    std::fs::write(&toml, text).expect("write");
    let mut md = String::from("# Rules\n\n");
    for k in 2..=1000 {
        write!(md, "[](rule:same-{k}) ").expect("write");
    }
    md.push_str("\n\n");
    for k in 0..100 {
        write!(md, "[x](rule:nowhere-{k}) [ZOC{k}](index:) ").expect("write");
    }
    md.push_str("\n\n");
    for _ in 0..1000 {
        md.push_str("## Same\n\nText.\n\n");
    }
    std::fs::write(game.join("rules/rules.md"), md).expect("write");
    let run = timed(
        "1,000 rule references (check)",
        &["check", path(&game), "--format", "json"],
    );
    run.exit(1);
    run.only_ids(&["dangling-rule-ref"]);
    assert_eq!(run.with_id("dangling-rule-ref").len(), 100);
}

/// Modifier ranges far past the limit, up to the i64 extremes, are a
/// located `limit-exceeded` at the `drm`, never a hang, a wrap or a panic.
#[test]
fn huge_modifier_ranges_are_located_errors() {
    let tmp = tempfile::tempdir().expect("temp dir");
    for (n, drm) in [
        "0..+9223372036854775000",
        "-1000000000..+1000000000",
        "-9223372036854775808..+9223372036854775807",
        "-2000..+2000",
    ]
    .into_iter()
    .enumerate()
    {
        let game = fixture("tests/fixtures/charts/ok", &tmp.path().join(n.to_string()));
        let chart = game.join("chart.toml");
        let text = std::fs::read_to_string(&chart).expect("read");
        let text = text.replacen("drm = \"-3..+3\"", &format!("drm = \"{drm}\""), 1);
        std::fs::write(&chart, &text).expect("write");
        let run = timed(
            &format!("drm = {drm} (check)"),
            &["check", path(&game), "--format", "json"],
        );
        run.exit(1);
        let at = text.find(&format!("\"{drm}\"")).expect("the drm");
        let (line, col) = support::line_col(&text, at);
        run.expect("error", "limit-exceeded", "chart.toml", line, col);
    }
}

/// `odds` over a span past the limit stops at once with exit 2.
#[test]
fn odds_over_millions_of_modifiers_is_refused() {
    let run = timed(
        "odds --drm -10000000..+10000000",
        &["odds", "bcs", "combat", "--drm", "-10000000..+10000000"],
    );
    assert_eq!(run.code, 2, "{}", run.dump());
    assert!(run.stderr.contains("at most 1000"), "{}", run.dump());
    let extremes = timed(
        "odds --drm i64 extremes",
        &[
            "odds",
            "bcs",
            "combat",
            "--drm=-9223372036854775808..+9223372036854775807",
        ],
    );
    assert_eq!(extremes.code, 2, "{}", extremes.dump());
}

/// A die of a million faces is a located `limit-exceeded`.
#[test]
fn a_die_of_a_million_faces() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = fixture("data/grid-battles", tmp.path());
    let dice = game.join("dice.toml");
    let text = std::fs::read_to_string(&dice).expect("read");
    let first = "faces = [\"\", \"sword\", \"sword\", \"sword burst\", \"sword sword\", \"sword sword burst\"]";
    let mut many = String::from("faces = [");
    for _ in 0..1_000_000 {
        many.push_str("\"sword\",");
    }
    many.push(']');
    let text = text.replacen(first, &many, 1);
    std::fs::write(&dice, &text).expect("write");
    let run = timed(
        "a die of 1,000,000 faces (check)",
        &["check", path(&game), "--format", "json"],
    );
    run.exit(1);
    let at = text.find("[\"sword\",").expect("the faces");
    let (line, col) = support::line_col(&text, at);
    run.expect("error", "limit-exceeded", "dice.toml", line, col);
}

/// A 5 MB card text in a mirrored deck: the mismatch's hint quotes a
/// line's worth of it, not megabytes.
#[test]
fn a_huge_value_is_quoted_a_line_long() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = fixture("tests/fixtures/ok-minimal", tmp.path());
    let cards = game.join("cards.toml");
    let text = std::fs::read_to_string(&cards).expect("read");
    let mut huge = String::with_capacity(5_000_000);
    while huge.len() < 5_000_000 {
        let _ = write!(huge, "word{} ", huge.len());
    }
    // The first card's effect only: its mirror now differs from it.
    let text = text.replacen(
        "effect = \"Ignore the first hit on your units in this battle.\"",
        &format!("effect = \"{huge}\""),
        1,
    );
    std::fs::write(&cards, &text).expect("write");
    let run = timed(
        "a 5 MB field (check)",
        &["check", path(&game), "--format", "json"],
    );
    run.exit(1);
    assert!(!run.diags.is_empty(), "{}", run.dump());
    for d in &run.diags {
        let hint = d.hint.as_deref().unwrap_or_default();
        assert!(
            d.message.chars().count() <= 301 && hint.chars().count() <= 301,
            "`{}` quotes {} + {} characters",
            d.id,
            d.message.len(),
            hint.len()
        );
    }
    assert!(
        run.stdout.len() < 20_000,
        "{} bytes of diagnostics",
        run.stdout.len()
    );
}

/// Each glossary term is looked for in all the rules prose, so a glossary
/// of thousands of terms over a long rules page would take prose × terms:
/// past 500 terms and aliases it is a located `limit-exceeded`, found fast.
#[test]
fn a_glossary_of_thousands_of_terms() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = tmp.path().join("g");
    std::fs::create_dir_all(game.join("rules")).expect("mkdir");
    let mut toml = String::from("name = \"Words\"\nrules = [\"rules/r.md\"]\n");
    for n in 0..5000 {
        let _ = write!(
            toml,
            "[[glossary]]\nterm = \"word{n}\"\ndefinition = \"The {n}th word.\"\n"
        );
    }
    std::fs::write(game.join("game.toml"), &toml).expect("write");
    let prose: String = (0..20_000).map(|n| format!("word{} ", n % 6000)).collect();
    std::fs::write(game.join("rules/r.md"), format!("# Words\n\n{prose}\n")).expect("write");
    let run = timed(
        "5,000 glossary terms",
        &["check", path(&game), "--format", "json"],
    );
    run.exit(1);
    let limit = run.with_id("limit-exceeded");
    assert_eq!(limit.len(), 1, "{}", run.dump());
    // The 501st term: entry n starts on line 3 + 3n.
    assert_eq!((limit[0].line, limit[0].column), (3 + 3 * 500 + 1, 8));
}

/// One paragraph naming a table 20,000 times between 20,000 links of its
/// own: where each mention falls among the words, and whether it overlaps a
/// link, must not be counted again from the paragraph's start each time.
#[test]
fn a_paragraph_naming_tables_thousands_of_times() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = fixture("data/bcs", tmp.path());
    let mut para = String::new();
    for n in 0..20_000 {
        let _ = write!(
            para,
            "roll {n} on the Combat Table Modifiers, see [the site](https://example.com/{n}); "
        );
    }
    let page = game.join("rules/charts.md");
    let mut md = std::fs::read_to_string(&page).expect("page");
    let _ = write!(md, "\n## Many mentions\n\n{para}\n");
    std::fs::write(&page, md).expect("write");
    let out = tmp.path().join("out");
    rules_html(
        "20,000 table mentions in a paragraph (rules HTML)",
        &game,
        &out,
    );
    let run = timed(
        "20,000 table mentions in a paragraph (rulebook)",
        &[
            "rulebook",
            path(&game),
            "--out",
            path(&out),
            "--format",
            "json",
        ],
    );
    assert_eq!(run.code, 0, "{}", run.dump());
    let pdf = std::fs::read(out.join("bcs/bcs-rules.pdf")).expect("rulebook");
    // Each mention is a link to the table, besides the 20,000 web links.
    let links = pdf.windows(5).filter(|w| w == b"/Link").count();
    assert!(links >= 40_000, "{links} links");
}
