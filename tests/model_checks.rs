//! The rules model's checks, one fault each: a shipped game (Grognards,
//! Battlefront, Grid Battles) is copied to a temp dir, one fault is written
//! into it, and `check --format json` must report exactly the expected id at
//! the place of the fault (line and column found from the edited text), exit
//! 1, and report nothing but the ids the fault explains.

mod support;

use std::path::Path;

use support::{Diag, Run, grogpress, line_col, temp_game};

/// A copy of `game` with `old` replaced by `new` (once; `old` must occur
/// exactly once) in `file`, checked. Returns the run and the edited text.
fn with_fault(game: &str, file: &str, edits: &[(&str, &str)]) -> (Run, String) {
    let (_tmp, dir) = temp_game(game);
    let path = dir.join(file);
    let mut text = std::fs::read_to_string(&path).expect("read a data file");
    for (old, new) in edits {
        assert_eq!(
            text.matches(old).count(),
            1,
            "`{old}` should occur once in {game}/{file}"
        );
        text = text.replacen(old, new, 1);
    }
    std::fs::write(&path, &text).expect("write the fault");
    let run = grogpress(&[
        "check",
        dir.to_str().expect("UTF-8 path"),
        "--format",
        "json",
    ]);
    (run, text)
}

/// The fault's diagnostic is at the start of `marker` inside the one
/// occurrence of `context` in the edited file.
fn expect_at(run: &Run, id: &str, file: &str, text: &str, context: &str, marker: &str) {
    assert_eq!(run.code, 1, "exit code\n{}", run.dump());
    assert_eq!(
        text.matches(context).count(),
        1,
        "context `{context}` is not unique"
    );
    let start = text.find(context).expect("context") + context.find(marker).expect("marker");
    let (line, column) = line_col(text, start);
    assert!(
        run.diags.iter().any(|d| d.id == id
            && d.severity == "error"
            && Path::new(&d.file).ends_with(file)
            && (d.line, d.column) == (line, column)),
        "expected `{id}` at {file}:{line}:{column}\n{}",
        run.dump()
    );
}

/// A fault written into `path` (`game/file`) by `edits`, reported as its
/// one diagnostic `id` at `marker` inside `context` (`at`), and nothing else:
/// the run, for what a test checks besides.
fn reported(path: &str, edits: &[(&str, &str)], (id, context, marker): (&str, &str, &str)) -> Run {
    let (game, file) = path.split_once('/').expect("game/file");
    let (run, text) = with_fault(game, file, edits);
    expect_at(&run, id, file, &text, context, marker);
    only_ids(&run, &[id]);
    run
}

/// The run's first diagnostic `id`.
fn diag<'r>(run: &'r Run, id: &str) -> &'r Diag {
    let found = run.diags.iter().find(|d| d.id == id);
    found.unwrap_or_else(|| panic!("no `{id}`\n{}", run.dump()))
}

fn only_ids(run: &Run, allowed: &[&str]) {
    for d in &run.diags {
        assert!(
            allowed.contains(&d.id.as_str()),
            "unexpected `{}` at {}:{}:{}: {}\n{}",
            d.id,
            d.file,
            d.line,
            d.column,
            d.message,
            run.dump()
        );
    }
}

#[test]
fn shipped_games_check_clean() {
    for game in ["grognards", "battlefront", "grid-battles"] {
        let run = grogpress(&["check", game, "--format", "json"]);
        assert_eq!(run.code, 0, "{}", run.dump());
        assert!(run.diags.is_empty(), "{}", run.dump());
    }
}

// --- References -----------------------------------------------------------

#[test]
fn card_use_naming_an_undefined_unit_type() {
    let run = reported(
        "grognards/cards.toml",
        &[(
            "name = \"Volley\"\nrange = 3\ntype = \"A\"\nuse = \"I\"",
            "name = \"Volley\"\nrange = 3\ntype = \"A\"\nuse = \"G\"",
        )],
        ("dangling-reference", "use = \"G\"", "\"G\""),
    );
    let d = diag(&run, "dangling-reference");
    let hint = d.hint.as_deref().unwrap_or_default();
    assert!(
        hint.contains("Cavalry") && hint.contains("U (Any type of Unit)"),
        "{hint}"
    );
}

#[test]
fn ability_naming_an_undefined_card_type() {
    reported(
        "battlefront/cards.toml",
        &[(
            "ability = \"Play an Extra Plane\"\n\n[[cards]]\nname = \"Junior",
            "ability = \"Play an Extra Cavalry\"\n\n[[cards]]\nname = \"Junior",
        )],
        ("dangling-reference", "\"Play an Extra Cavalry\"", "\""),
    );
}

#[test]
fn unit_attack_die_that_is_not_a_die() {
    reported(
        "grid-battles/units.toml",
        &[("attack_die = \"red\"", "attack_die = \"purple\"")],
        (
            "dangling-reference",
            "attack_die = \"purple\"",
            "\"purple\"",
        ),
    );
}

#[test]
fn ref_to_a_collection_that_does_not_exist() {
    let run = reported(
        "grid-battles/units.toml",
        &[(
            "name = \"defense_die\"\nkind = \"ref\"\nto = \"dice\"",
            "name = \"defense_die\"\nkind = \"ref\"\nto = \"die\"",
        )],
        ("dangling-reference", "to = \"die\"", "\"die\""),
    );
    let d = diag(&run, "dangling-reference");
    assert!(
        d.hint.as_deref().unwrap_or_default().contains("base-types"),
        "{}",
        run.dump()
    );
}

// --- Deck constraints -----------------------------------------------------

#[test]
fn deck_size() {
    reported(
        "grognards/cards.toml",
        &[(
            "[[cards]]\nname = \"Spur\"\nrange = 5\ntype = \"M\"\nuse = \"C\"\n",
            "",
        )],
        ("deck-size", "size = 39", "39"),
    );
}

#[test]
fn one_copy_of_each() {
    let (run, text) = with_fault(
        "grognards",
        "cards.toml",
        &[("name = \"Sword Bayonets\"", "name = \"Socket Bayonets\"")],
    );
    // The second "Socket Bayonets" is the duplicate.
    let second = text.rfind("\"Socket Bayonets\"").expect("two");
    let (line, column) = line_col(&text, second);
    assert!(
        run.diags
            .iter()
            .any(|d| d.id == "duplicate-value" && (d.line, d.column) == (line, column)),
        "{}",
        run.dump()
    );
    only_ids(&run, &["duplicate-value"]);
}

#[test]
fn forces_one_to_ten_once_per_type() {
    // Light Tanks (T 2) printed as force 1: Tank has 1 twice and no 2.
    let (run, text) = with_fault(
        "battlefront",
        "cards.toml",
        &[(
            "name = \"Light Tanks\"\ntype = \"T\"\nforce = 2",
            "name = \"Light Tanks\"\ntype = \"T\"\nforce = 1",
        )],
    );
    expect_at(
        &run,
        "duplicate-value",
        "cards.toml",
        &text,
        "\"Light Tanks\"\ntype = \"T\"\nforce = 1",
        "1",
    );
    expect_at(
        &run,
        "incomplete-set",
        "cards.toml",
        &text,
        "complete = { field = \"force\"",
        "\"force\"",
    );
    let d = diag(&run, "incomplete-set");
    assert!(
        d.message.contains("Tank") && d.message.contains("= 2"),
        "{}",
        d.message
    );
    only_ids(&run, &["duplicate-value", "incomplete-set"]);
}

#[test]
fn force_outside_the_set() {
    let (run, text) = with_fault(
        "battlefront",
        "cards.toml",
        &[(
            "name = \"Blitzkrieg\"\ntype = \"S\"\nforce = 10",
            "name = \"Blitzkrieg\"\ntype = \"S\"\nforce = 11",
        )],
    );
    expect_at(&run, "not-in-set", "cards.toml", &text, "force = 11", "11");
    only_ids(&run, &["not-in-set", "incomplete-set"]);
}

#[test]
fn a_defense_card_has_no_range() {
    reported(
        "grognards/cards.toml",
        &[(
            "name = \"Rally\"\ntype = \"D\"",
            "name = \"Rally\"\nrange = 2\ntype = \"D\"",
        )],
        ("forbidden-field", "\"Rally\"\nrange = 2", "2"),
    );
}

#[test]
fn an_attack_card_needs_a_range() {
    reported(
        "grognards/cards.toml",
        &[("name = \"Mortar\"\nrange = \"K\"\n", "name = \"Mortar\"\n")],
        (
            "required-field",
            "[[cards]]\nname = \"Mortar\"",
            "[[cards]]",
        ),
    );
}

#[test]
fn a_melee_unit_has_no_range() {
    reported(
        "grid-battles/units.toml",
        &[(
            "name = \"Pikeman\"\nbase_type = \"Infantry\"\nattack_type = \"Melee\"\n",
            "name = \"Pikeman\"\nbase_type = \"Infantry\"\nattack_type = \"Melee\"\nrange = 1\n",
        )],
        ("forbidden-field", "\"Melee\"\nrange = 1", "1"),
    );
}

#[test]
fn range_that_is_neither_a_number_nor_k() {
    reported(
        "grognards/cards.toml",
        &[(
            "name = \"Outflank\"\nrange = \"K\"",
            "name = \"Outflank\"\nrange = \"Q\"",
        )],
        ("wrong-type", "range = \"Q\"", "\"Q\""),
    );
}

/// Of two forms a value matches in words, the one whose slots name real
/// items is its reading: "Play an Extra Cavalry" is the later fixed form,
/// not a dangling card type of the earlier `{card-types}` one.
#[test]
fn a_later_form_that_fits_wins_over_an_earlier_one_that_does_not() {
    let (run, _) = with_fault(
        "battlefront",
        "cards.toml",
        &[
            (
                "  { id = \"extra\", text = \"Play an Extra {card-types}\" },\n",
                "  { id = \"extra\", text = \"Play an Extra {card-types}\" },\n  { id = \"cavalry\", text = \"Play an Extra Cavalry\" },\n",
            ),
            (
                "ability = \"Play an Extra Plane\"\n\n[[cards]]\nname = \"Junior",
                "ability = \"Play an Extra Cavalry\"\n\n[[cards]]\nname = \"Junior",
            ),
        ],
    );
    assert_eq!(run.code, 0, "{}", run.dump());
    only_ids(&run, &[]);
}

#[test]
fn an_ability_in_no_declared_form() {
    reported(
        "battlefront/cards.toml",
        &[(
            "name = \"Infiltration\"\ntype = \"S\"\nforce = 4\nability = \"Scout\"",
            "name = \"Infiltration\"\ntype = \"S\"\nforce = 4\nability = \"Scouting\"",
        )],
        ("unknown-phrase", "\"Scouting\"", "\""),
    );
}

// --- Dice and random tables ------------------------------------------------

#[test]
fn a_die_whose_face_count_is_not_its_sides() {
    reported(
        "grid-battles/dice.toml",
        &[(
            "faces = [\"\", \"shield\", \"shield\", \"shield\", \"shield\", \"shield shield\"]",
            "faces = [\"shield\", \"shield\", \"shield\", \"shield\", \"shield shield\"]",
        )],
        (
            "face-count",
            "faces = [\"shield\", \"shield\", \"shield\", \"shield\", \"shield shield\"]",
            "[",
        ),
    );
}

#[test]
fn faces_that_do_not_add_up_to_the_recorded_totals() {
    reported(
        "grid-battles/dice.toml",
        &[(
            "faces = [\"\", \"\", \"shield\", \"shield\", \"shield\", \"shield\"]",
            "faces = [\"\", \"\", \"\", \"shield\", \"shield\", \"shield\"]",
        )],
        ("face-total", "faces = [\"\", \"\", \"\",", "["),
    );
}

#[test]
fn a_d10_table_that_misses_a_roll() {
    let run = reported(
        "battlefront/tables/skills.toml",
        &[("[[rows]]\nroll = \"7\"\nresult = \"Healing\"\n", "")],
        ("table-gap", "roll = \"1d10\"", "\"1d10\""),
    );
    let d = diag(&run, "table-gap");
    assert!(d.message.contains("of 7 on 1d10"), "{}", d.message);
}

#[test]
fn a_d6_table_that_repeats_a_roll() {
    reported(
        "battlefront/tables/foes.toml",
        &[("roll = \"4\"", "roll = \"3-4\"")],
        ("table-overlap", "roll = \"3-4\"", "\"3-4\""),
    );
}

#[test]
fn a_row_no_roll_reaches() {
    reported(
        "battlefront/tables/foes.toml",
        &[(
            "result = \"Fay Creatures\"",
            "result = \"Fay Creatures\"\n\n[[rows]]\nroll = \"7\"\nresult = \"Dragons\"",
        )],
        ("unreachable-row", "roll = \"7\"", "\"7\""),
    );
}

#[test]
fn attack_bonus_that_is_not_a_cycle() {
    // Mounted beats Infantry instead of Missile: Missile > Infantry > Mounted > Infantry.
    reported(
        "grid-battles/base-types.toml",
        &[(
            "bonus_against = \"Missile\"",
            "bonus_against = \"Infantry\"",
        )],
        (
            "not-a-cycle",
            "cycle = \"bonus_against\"",
            "\"bonus_against\"",
        ),
    );
}

#[test]
fn attack_bonus_that_leaves_a_base_type_out() {
    // A fourth base type nothing beats and that beats nothing in the cycle.
    let run = reported(
        "grid-battles/base-types.toml",
        &[(
            "name = \"Mounted\"\nbonus_against = \"Missile\"",
            "name = \"Mounted\"\nbonus_against = \"Missile\"\n\n[[items]]\nid = \"artillery\"\nname = \"Artillery\"\nbonus_against = \"Missile\"",
        )],
        (
            "not-a-cycle",
            "cycle = \"bonus_against\"",
            "\"bonus_against\"",
        ),
    );
    let d = diag(&run, "not-a-cycle");
    assert!(
        d.hint
            .as_deref()
            .unwrap_or_default()
            .contains("left out: Artillery"),
        "{}",
        run.dump()
    );
}

// --- Dice combat and unloaded collections ----------------------------------

#[test]
fn dice_combat_naming_a_symbol_the_dice_do_not_bear() {
    reported(
        "grid-battles/game.toml",
        &[("block = \"shield\"", "block = \"shields\"")],
        ("dangling-reference", "block = \"shields\"", "\"shields\""),
    );
}

#[test]
fn dice_combat_naming_a_field_of_the_wrong_kind() {
    reported(
        "grid-battles/game.toml",
        &[("attack_die = \"attack_die\"", "attack_die = \"health\"")],
        ("wrong-type", "attack_die = \"health\"", "\"health\""),
    );
}

#[test]
fn a_collection_file_that_is_missing_is_reported_once() {
    // Units refer to the dice, and [dice_combat] names them: neither adds noise.
    let (run, text) = with_fault(
        "grid-battles",
        "game.toml",
        &[("file = \"dice.toml\"", "file = \"dyce.toml\"")],
    );
    expect_at(
        &run,
        "missing-file",
        "game.toml",
        &text,
        "\"dyce.toml\"",
        "\"",
    );
    assert_eq!(run.diags.len(), 1, "{}", run.dump());
}

#[test]
fn battlefront_abilities_read_as_structured_data() {
    // The loaded model, not the binary: every printed ability reads as a form
    // whose slot names a card type; the seed's two spellings of "negate" agree.
    let mut sources = grogpress::diag::Sources::default();
    let mut diags = grogpress::diag::Diagnostics::default();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/battlefront");
    let game = grogpress::load::load_game(&dir, &mut sources, &mut diags)
        .expect("readable")
        .expect("loads");
    let deck = game.deck("cards").expect("the deck");
    let mut forms = std::collections::BTreeMap::new();
    for card in &deck.cards {
        let Some(text) = deck.get(card, "ability") else {
            continue;
        };
        let phrase = deck
            .phrase(card, "ability")
            .unwrap_or_else(|| panic!("{text}"));
        *forms.entry(phrase.form.clone()).or_insert(0) += 1;
        for (to, words) in &phrase.slots {
            assert!(game.resolve(to, words).is_some(), "{text}");
        }
        if text == "Negate Opposing Leader" {
            assert_eq!(phrase.form, "negate");
            assert_eq!(
                game.resolve("card-types", &phrase.slots[0].1).map(|r| r.id),
                Some("L".into())
            );
        }
        if text == "Opposing Fort Negated" {
            assert_eq!(
                game.resolve("card-types", &phrase.slots[0].1).map(|r| r.id),
                Some("F".into())
            );
        }
    }
    // Counted again from the file's lines, without the loader.
    let text = std::fs::read_to_string(dir.join("cards.toml")).expect("cards.toml");
    let count = |f: &dyn Fn(&str) -> bool| {
        text.lines()
            .filter_map(|l| l.strip_prefix("ability = \""))
            .filter(|a| f(a))
            .count()
    };
    let scout = count(&|a| a == "Scout\"");
    let extra = count(&|a| a.starts_with("Play an Extra "));
    let negate = count(&|a| a.ends_with(" Negated\"") || a.starts_with("Negate Opposing "));
    assert_eq!(
        (scout, extra, negate),
        (5, 18, 11),
        "the card list's abilities"
    );
    let want = [("extra", extra), ("negate", negate), ("scout", scout)];
    assert_eq!(
        forms.into_iter().collect::<Vec<_>>(),
        want.map(|(f, n)| (f.to_string(), n))
    );
}
