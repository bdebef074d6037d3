//! `grogpress odds grid-battles <attacker> <defender>`: for every pair of
//! unit types, the printed distribution of hits must equal an independent
//! enumeration of the 36 face pairs read straight from the shipped data
//! files (units.toml, dice.toml, base-types.toml), with and without the bonus,
//! and the bonus must be marked as applying exactly when the base types say so.

mod support;

use std::path::Path;

use support::grogpress;
use toml::de::{DeTable, DeValue};

/// An item as plain strings: each string value, and each array of strings joined by "|".
type Item = Vec<(String, String)>;

/// The `[[items]]` of a grid-battles data file.
fn items(file: &str) -> Vec<Item> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data/grid-battles")
        .join(file);
    let text = std::fs::read_to_string(&path).expect("read a grid-battles file");
    let root = DeTable::parse(&text).expect("valid TOML");
    let DeValue::Array(items) = root.get_ref()["items"].get_ref() else {
        panic!("items is an array");
    };
    items
        .iter()
        .map(|i| {
            let DeValue::Table(t) = i.get_ref() else {
                panic!("an item table")
            };
            t.iter()
                .filter_map(|(k, v)| {
                    let value = match v.get_ref() {
                        DeValue::String(s) => s.to_string(),
                        DeValue::Array(a) => a
                            .iter()
                            .map(|f| match f.get_ref() {
                                DeValue::String(s) => s.to_string(),
                                _ => panic!("a face is a string"),
                            })
                            .collect::<Vec<_>>()
                            .join("|"),
                        _ => return None,
                    };
                    Some((k.get_ref().to_string(), value))
                })
                .collect()
        })
        .collect()
}

fn s<'a>(t: &'a Item, key: &str) -> &'a str {
    t.iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
        .unwrap_or_else(|| panic!("no `{key}`"))
}

/// Faces of a die by its id, each face's symbols counted by hand.
fn faces(dice: &[Item], id: &str) -> Vec<(u32, u32, u32)> {
    let die = dice.iter().find(|d| s(d, "id") == id).expect("the die");
    s(die, "faces")
        .split('|')
        .map(|f| {
            let n = |sym: &str| f.split(' ').filter(|x| *x == sym).count() as u32;
            (n("sword"), n("burst"), n("shield"))
        })
        .collect()
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

fn fraction(n: u64, d: u64) -> String {
    if n == 0 {
        return "0".to_string();
    }
    let g = gcd(n, d);
    format!("{}/{}", n / g, d / g)
}

#[test]
fn every_pair_matches_an_independent_enumeration() {
    let units = items("units.toml");
    let dice = items("dice.toml");
    let bases = items("base-types.toml");
    let base_id = |name: &str| {
        bases
            .iter()
            .find(|b| s(b, "name") == name || s(b, "id") == name)
            .map(|b| s(b, "id").to_string())
            .expect("a base type")
    };
    for a in &units {
        for d in &units {
            let attack = faces(&dice, s(a, "attack_die"));
            let defense = faces(&dice, s(d, "defense_die"));
            let mut without = [0u64; 8];
            let mut with = [0u64; 8];
            for &(sword, burst, _) in &attack {
                for &(_, _, shield) in &defense {
                    without[sword.saturating_sub(shield) as usize] += 1;
                    with[(sword + burst).saturating_sub(shield) as usize] += 1;
                }
            }
            let outcomes = (attack.len() * defense.len()) as u64;
            assert_eq!(outcomes, 36);
            let run = grogpress(&["odds", "grid-battles", s(a, "id"), s(d, "id")]);
            assert_eq!(run.code, 0, "{}", run.dump());
            for h in 0..8 {
                let row = run
                    .stdout
                    .lines()
                    .find(|l| l.split_whitespace().next() == Some(&h.to_string()));
                if without[h] == 0 && with[h] == 0 {
                    assert!(
                        row.is_none(),
                        "row {h} should not be printed\n{}",
                        run.dump()
                    );
                    continue;
                }
                let cells: Vec<&str> = row.expect("a row").split_whitespace().collect();
                assert_eq!(cells[1], fraction(without[h], outcomes), "{}", run.dump());
                assert_eq!(cells[3], fraction(with[h], outcomes), "{}", run.dump());
                let pct = format!("{:.2}%", 100.0 * without[h] as f64 / outcomes as f64);
                assert_eq!(cells[2], pct, "{}", run.dump());
            }
            let attacker_base = bases
                .iter()
                .find(|b| s(b, "id") == base_id(s(a, "base_type")))
                .expect("attacker's base type");
            let bonus = base_id(s(attacker_base, "bonus_against")) == base_id(s(d, "base_type"));
            let header = run
                .stdout
                .lines()
                .find(|l| l.contains("hits"))
                .expect("the header");
            assert_eq!(header.contains("with bonus *"), bonus, "{}", run.dump());
            assert_eq!(header.contains("without bonus *"), !bonus, "{}", run.dump());
        }
    }
}

#[test]
fn unknown_unit_is_an_operational_error_naming_the_units() {
    let run = grogpress(&["odds", "grid-battles", "archer", "dragon"]);
    assert_eq!(run.code, 2, "{}", run.dump());
    assert!(
        run.stderr.contains("dragon") && run.stderr.contains("pikeman"),
        "{}",
        run.dump()
    );
}

#[test]
fn a_game_without_dice_combat_says_so() {
    let run = grogpress(&["odds", "grognards", "a", "b"]);
    assert_eq!(run.code, 2, "{}", run.dump());
    assert!(run.stderr.contains("dice_combat"), "{}", run.dump());
}

/// A game written here whose dice have no bonus rule: `[dice_combat]`
/// without `bonus`, `base_type` and `bonus_against`, its units untyped.
fn plain_dice_game(dir: &Path, combat_extra: &str) -> std::path::PathBuf {
    let game = dir.join("plain");
    std::fs::create_dir_all(&game).expect("game folder");
    let files = [
        (
            "game.toml",
            format!(
                "name = \"Plain\"\n\n[[collections]]\nid = \"dice\"\nfile = \"dice.toml\"\n\n[[collections]]\nid = \"troops\"\nfile = \"troops.toml\"\n\n[dice_combat]\nunits = \"troops\"\nattack_die = \"strike\"\ndefense_die = \"ward\"\ndice = \"dice\"\nfaces = \"faces\"\nhit = \"hit\"\nblock = \"guard\"\n{combat_extra}"
            ),
        ),
        (
            "dice.toml",
            "name = \"Dice\"\n\n[[fields]]\nname = \"faces\"\nkind = \"faces\"\nsymbols = { hit = \"one hit\", guard = \"one hit blocked\" }\n\n[[items]]\nid = \"red\"\nname = \"Red\"\nfaces = [\"\", \"hit\", \"hit hit\", \"hit\"]\n\n[[items]]\nid = \"white\"\nname = \"White\"\nfaces = [\"\", \"guard\", \"guard\"]\n".to_string(),
        ),
        (
            "troops.toml",
            "name = \"Troops\"\n\n[[fields]]\nname = \"strike\"\nkind = \"ref\"\nto = \"dice\"\n\n[[fields]]\nname = \"ward\"\nkind = \"ref\"\nto = \"dice\"\n\n[[items]]\nid = \"spear\"\nname = \"Spearman\"\nstrike = \"red\"\nward = \"white\"\n".to_string(),
        ),
    ];
    for (name, text) in files {
        std::fs::write(game.join(name), text).expect("write a game file");
    }
    game
}

#[test]
fn combat_without_a_bonus_prints_one_distribution() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = plain_dice_game(tmp.path(), "");
    let dir = game.to_str().expect("utf-8");
    let check = grogpress(&["check", dir]);
    assert_eq!(check.code, 0, "{}", check.dump());
    let run = grogpress(&["odds", dir, "spear", "spear"]);
    assert_eq!(run.code, 0, "{}", run.dump());
    // Enumerated here: attack faces 0, 1, 2, 1 hits; defence faces 0, 1, 1 blocks.
    let (attack, defence) = ([0u32, 1, 2, 1], [0u32, 1, 1]);
    let mut ways = [0u64; 3];
    for a in attack {
        for d in defence {
            ways[a.saturating_sub(d) as usize] += 1;
        }
    }
    let outcomes = (attack.len() * defence.len()) as u64;
    assert!(
        run.stdout
            .contains("Hits = hit - guard, at least 0; 12 equally likely rolls."),
        "{}",
        run.dump()
    );
    for (h, w) in ways.iter().enumerate() {
        let line = format!("{h:>4}  {}", fraction(*w, outcomes));
        assert!(
            run.stdout.lines().any(|l| l.starts_with(&line)),
            "{line:?} in\n{}",
            run.stdout
        );
    }
    assert!(!run.stdout.contains("bonus"), "{}", run.stdout);
}

#[test]
fn half_a_bonus_rule_is_missing_field_at_the_table() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = plain_dice_game(tmp.path(), "base_type = \"kind\"\n");
    let run = grogpress(&["check", game.to_str().expect("utf-8"), "--format", "json"]);
    assert_eq!(run.code, 1, "{}", run.dump());
    let text = std::fs::read_to_string(game.join("game.toml")).expect("game.toml");
    let at = text.find("[dice_combat]").expect("the table");
    let (line, _) = support::line_col(&text, at);
    for key in ["`bonus`", "`bonus_against`"] {
        let found = run
            .stdout
            .lines()
            .find(|l| l.contains("\"missing-field\"") && l.contains(key))
            .unwrap_or_else(|| panic!("missing-field for {key}: {}", run.dump()));
        assert!(found.contains(&format!("\"line\":{line}")), "{found}");
        assert!(found.contains("game.toml"), "{found}");
    }
    assert!(
        !run.stdout.contains("without `base_type`"),
        "{}",
        run.stdout
    );
}
