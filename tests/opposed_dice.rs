//! Opposed-dice combat (`[dice_combat]`) and the aid blocks drawn from a
//! game's collections, on a game written here (not Grid Battles): troops
//! with a `strike` and a `ward` die and a `kind` whose `beats` field gives
//! the bonus. Its units-and-dice page is made of aid blocks and read back as
//! text; its odds are checked against fractions worked by hand; each fault
//! is reported with its id at its file:line:col.

mod support;

use support::hero_game::{place, write};
use support::tools::tool;

const GAME: &str = r#"name = "Skirmish"
copyright = ["Skirmish, a test game."]

[[collections]]
id = "kinds"
file = "kinds.toml"

[[collections]]
id = "dice"
file = "dice.toml"

[[collections]]
id = "troops"
file = "troops.toml"

[[aids]]
id = "reference"
file = "reference.toml"

[[publish.aids]]
aid = "reference"

[dice_combat]
units = "troops"
attack_die = "strike"
defense_die = "ward"
dice = "dice"
faces = "faces"
hit = "hit"
bonus = "crit"
block = "guard"
base_type = "kind"
bonus_against = "beats"
"#;

const KINDS: &str = r#"name = "Kinds"

[[fields]]
name = "beats"
kind = "ref"
to = "kinds"

[constraints]
cycle = "beats"

[[items]]
id = "foot"
name = "Foot"
beats = "Horse"

[[items]]
id = "horse"
name = "Horse"
beats = "Bow"

[[items]]
id = "bow"
name = "Bow"
beats = "Foot"
"#;

const DICE: &str = r#"name = "Dice"

[[fields]]
name = "faces"
kind = "faces"
symbols = { hit = "one hit", crit = "one more hit with the bonus", guard = "one hit blocked" }

[[fields]]
name = "weight"
kind = "int"

[[items]]
id = "red"
name = "Red"
weight = 1
faces = ["", "hit", "hit crit"]

[[items]]
id = "white"
name = "White"
weight = 2
faces = ["", "guard"]
"#;

const TROOPS: &str = r#"name = "Troops"

[[fields]]
name = "kind"
kind = "ref"
to = "kinds"

[[fields]]
name = "strike"
kind = "ref"
to = "dice"

[[fields]]
name = "ward"
kind = "ref"
to = "dice"

[[fields]]
name = "reach"
kind = "int"
optional = true

[[items]]
id = "spear"
name = "Spearman"
kind = "Foot"
strike = "red"
ward = "white"

[[items]]
id = "rider"
name = "Rider"
kind = "Horse"
strike = "red"
ward = "white"
reach = 2
"#;

const REFERENCE: &str = r#"title = "Troops and Dice"
print_title = false

[[blocks]]
kind = "heading"
level = 1
text = "Skirmish Reference"

[[blocks]]
kind = "items"
collection = "troops"
empty = "none"
columns = [{ field = "name", heading = "Troop" }, { field = "kind" }, { field = "strike", heading = "Strikes with" }, { field = "reach" }]

[[blocks]]
kind = "heading"
text = "Who beats whom"

[[blocks]]
kind = "chain"
collection = "kinds"
field = "beats"
note = "(each beats the next)"

[[blocks]]
kind = "dice"
collection = "dice"
faces = "faces"
expected = "Mean"
legend = true

[[blocks]]
kind = "copyright"
"#;

const SQUARE: &str = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><path d=\"M0 0H10V10H0Z\"/></svg>";

/// The game folder with `file` replaced by `text` (the others as above; an
/// icon given as "" is left out).
fn game(dir: &std::path::Path, file: &str, text: &str) -> std::path::PathBuf {
    let mut files = vec![
        ("game.toml", GAME),
        ("kinds.toml", KINDS),
        ("dice.toml", DICE),
        ("troops.toml", TROOPS),
        ("reference.toml", REFERENCE),
    ];
    // Each symbol's icon: a square, a disc, a bar.
    let icons = [
        ("icons/hit.svg", SQUARE),
        (
            "icons/crit.svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><path d=\"M5 0A5 5 0 1 1 5 10A5 5 0 1 1 5 0Z\"/></svg>",
        ),
        (
            "icons/guard.svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><path d=\"M0 4H10V6H0Z\"/></svg>",
        ),
    ];
    files.extend(icons);
    for f in &mut files {
        if f.0 == file {
            f.1 = text;
        }
    }
    files.retain(|f| !f.1.is_empty());
    let files: Vec<(&str, &[u8])> = files.iter().map(|(p, t)| (*p, t.as_bytes())).collect();
    write(dir, "skirmish", &files)
}

#[test]
fn a_units_and_dice_page_is_made_of_aid_blocks() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = game(tmp.path(), "", "");
    let out = tmp.path().join("out");
    support::build_ok(&dir, &out);
    let pdf = out.join("skirmish/reference.pdf");
    let text = tool("pdftotext", &["-layout", pdf.to_str().expect("path"), "-"]);
    let words = |line: &str| -> Vec<String> { line.split_whitespace().map(String::from).collect() };
    let lines: Vec<Vec<String>> = text.lines().map(words).collect();
    let has = |want: &[&str]| lines.iter().any(|l| l == want);
    // The table: the columns' headings (given, or the field's name), a ref
    // as the item's name, a missing value as `empty`.
    assert!(
        has(&["Troop", "Kind", "Strikes", "with", "Reach"]),
        "{text}"
    );
    assert!(has(&["Spearman", "Foot", "Red", "none"]), "{text}");
    assert!(has(&["Rider", "Horse", "Red", "2"]), "{text}");
    assert!(text.contains("Skirmish Reference"), "{text}");
    assert!(text.contains("Who beats whom"), "{text}");
    assert!(
        text.contains("Foot > Horse > Bow > Foot (each beats the next)"),
        "{text}"
    );
    // Red: hits 0+1+1 = 2 over 3 faces, crits 1 over 3; White: guards 1 over 2.
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("Mean: 2/3 hit (0.67), 1/3 crit (0.33)"),
        "{flat}"
    );
    assert!(flat.contains("Mean: 1/2 guard (0.50)"), "{flat}");
    for legend in [
        "hit: one hit",
        "crit: one more hit with the bonus",
        "guard: one hit blocked",
    ] {
        assert!(flat.contains(legend), "no legend `{legend}` in {flat}");
    }
    assert!(flat.contains("Skirmish, a test game."), "{flat}");
    // The page holds no word the data does not give (no engine words).
    for word in ["Attack", "Expected", "Name", "Units", "Dice", "Icons"] {
        assert!(!flat.contains(word), "`{word}` is not the game's: {flat}");
    }
}

/// The cells of the row `hits` of `odds` output: [hits, without, %, with, %].
fn row(stdout: &str, hits: &str) -> Vec<String> {
    stdout
        .lines()
        .find(|l| l.split_whitespace().next() == Some(hits))
        .unwrap_or_else(|| panic!("no row {hits} in\n{stdout}"))
        .split_whitespace()
        .map(String::from)
        .collect()
}

#[test]
fn odds_resolve_to_fractions_worked_by_hand() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = game(tmp.path(), "", "");
    let path = dir.to_str().expect("path");
    // Spearman (Foot) beats Horse: the Rider. Red against White, 6 rolls:
    // without the bonus hits are 0,0 | 1,0 | 1,0 → 0: 4/6, 1: 2/6;
    // with it 0,0 | 1,0 | 2,1 → 0: 3/6, 1: 2/6, 2: 1/6.
    let run = support::grogpress(&["odds", path, "spear", "Rider"]);
    run.exit(0);
    let out = &run.stdout;
    assert!(
        out.contains("Spearman (Red attack die) attacks Rider (White defense die)"),
        "{out}"
    );
    assert!(
        out.contains(
            "Spearman (Foot) has the attack bonus against Horse; Rider is Horse: the bonus applies."
        ),
        "{out}"
    );
    assert!(out.contains("6 equally likely rolls"), "{out}");
    assert!(out.contains("with bonus *"), "{out}");
    assert_eq!(row(out, "0"), ["0", "2/3", "66.67%", "1/2", "50.00%"]);
    assert_eq!(row(out, "1"), ["1", "1/3", "33.33%", "1/3", "33.33%"]);
    assert_eq!(row(out, "2"), ["2", "0", "0.00%", "1/6", "16.67%"]);
    // Means: 1/3 without, (2 + 2)/6 = 2/3 with.
    assert_eq!(row(out, "mean"), ["mean", "1/3", "0.333", "2/3", "0.667"]);
    // The Rider (Horse) beats Bow, not Foot: no bonus on the Spearman.
    let run = support::grogpress(&["odds", path, "rider", "spear"]);
    run.exit(0);
    assert!(
        run.stdout.contains("the bonus does not apply"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("without bonus *"), "{}", run.stdout);
    // A unit the data lacks is an operational error naming the units.
    let run = support::grogpress(&["odds", path, "spear", "archer"]);
    run.exit(2);
    assert!(run.stderr.contains("spear, rider"), "{}", run.dump());
}

/// `check` of the game with `file` as `text`: the error `id` at `needle`,
/// found within the first `within` of the text.
fn fault(file: &str, text: &str, within: &str, needle: &str, id: &str) {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = game(tmp.path(), file, text);
    let run = support::grogpress(&["check", dir.to_str().expect("path"), "--format", "json"]);
    run.exit(1);
    let (line, column) = place(text, within);
    let column = column + within.find(needle).expect("the needle is in `within`");
    run.expect("error", id, &format!("skirmish/{file}"), line, column);
}

#[test]
fn each_fault_in_the_aid_blocks_is_located() {
    let faults = [
        // No such collection.
        (
            "collection = \"troops\"\nempty",
            "collection = \"soldiers\"\nempty",
            "\"soldiers\"",
            "dangling-reference",
        ),
        // A column of a field the collection lacks.
        (
            "{ field = \"reach\" }",
            "{ field = \"range\" }",
            "\"range\"",
            "dangling-reference",
        ),
        // A chain along a field that is no ref into its own collection.
        (
            "field = \"beats\"\nnote",
            "field = \"name\"\nnote",
            "\"name\"",
            "wrong-type",
        ),
        // Dice from a field that is no faces field.
        (
            "faces = \"faces\"",
            "faces = \"weight\"",
            "\"weight\"",
            "wrong-type",
        ),
        // A heading level there is not.
        ("level = 1", "level = 3", "3", "bad-value"),
        // An unknown key in a block.
        (
            "legend = true",
            "legends = true",
            "legends",
            "unknown-field",
        ),
    ];
    for (from, to, needle, id) in faults {
        assert!(REFERENCE.contains(from), "{from}");
        let text = REFERENCE.replacen(from, to, 1);
        fault("reference.toml", &text, to, needle, id);
    }
}

#[test]
fn each_fault_in_dice_combat_is_located() {
    let faults = [
        // The units collection is not there.
        (
            "units = \"troops\"",
            "units = \"army\"",
            "\"army\"",
            "dangling-reference",
        ),
        // The attack die field is not a ref.
        (
            "attack_die = \"strike\"",
            "attack_die = \"reach\"",
            "\"reach\"",
            "wrong-type",
        ),
        // A defense die field the units lack.
        (
            "defense_die = \"ward\"",
            "defense_die = \"shield\"",
            "\"shield\"",
            "dangling-reference",
        ),
        // The bonus relation is a ref out of the types: the units' `strike`
        // names no field of the kinds.
        (
            "bonus_against = \"beats\"",
            "bonus_against = \"strike\"",
            "\"strike\"",
            "dangling-reference",
        ),
        // A symbol the faces field does not declare.
        (
            "block = \"guard\"",
            "block = \"shield\"",
            "\"shield\"",
            "dangling-reference",
        ),
        // The faces field is not one.
        (
            "faces = \"faces\"",
            "faces = \"weight\"",
            "\"weight\"",
            "wrong-type",
        ),
        // A die field into the types instead of the dice.
        (
            "defense_die = \"ward\"",
            "defense_die = \"kind\"",
            "\"kind\"",
            "wrong-type",
        ),
    ];
    for (from, to, needle, id) in faults {
        assert!(GAME.contains(from), "{from}");
        let text = GAME.replacen(from, to, 1);
        fault("game.toml", &text, to, needle, id);
    }
}

#[test]
fn a_dice_symbol_without_an_icon_is_located_at_the_faces_field() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = game(tmp.path(), "icons/crit.svg", "");
    assert!(!dir.join("icons/crit.svg").exists());
    let run = support::grogpress(&["check", dir.to_str().expect("path"), "--format", "json"]);
    run.exit(1);
    let within = "faces = \"faces\"\nexpected";
    let (line, column) = place(REFERENCE, within);
    let d = run.expect(
        "error",
        "unknown-icon",
        "skirmish/reference.toml",
        line,
        column + within.find("\"faces\"").expect("the value"),
    );
    assert!(d.message.contains("`crit`"), "{d:?}");
}

#[test]
fn a_negative_aid_margin_is_a_located_bad_value() {
    let text = GAME.replacen(
        "aid = \"reference\"\n",
        "aid = \"reference\"\nmargin = \"-1in\"\n",
        1,
    );
    fault(
        "game.toml",
        &text,
        "margin = \"-1in\"",
        "\"-1in\"",
        "bad-value",
    );
}
