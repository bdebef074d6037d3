//! Load stage: the parts of `game.toml` that declare a game's rules model
//! beyond its decks — `[[collections]]` and `[[random_tables]]` (inline or in
//! their own files) and `[dice_combat]` — into the [`Game`]'s model.

use std::path::Path;

use super::paths::Confine;
use super::spec::{Def, Tab, kinds, table};
use super::toml::{Reader, Table, parse};
use super::{OpError, read_source};
use crate::diag::{Diagnostics, FileId, Sources};
use crate::model::{BonusRule, Deck, Dice, DiceCombat, Located, RandomRow, RandomTable, RollRange};

/// A `[[collections]]` or `[[random_tables]]` entry: written inline, or the
/// id of one kept in a file.
pub enum Entry<T> {
    Inline(T),
    File(Located<String>, Located<String>),
}

table! { pub mod collection_entry: "[[collections]] with a file" / "[[collections]]",
    "A collection kept in its own file.";
    (id, file) = super::super::game::decks,
}

table! { pub mod table_entry: "[[random_tables]] with a file" / "[[random_tables]]",
    "A random table kept in its own file.";
    (id, file) = super::super::game::decks,
}

const DICE: &str = "^\\s*[0-9]*[dD][0-9]+\\s*$";
const DICE_HELP: &str = "The dice rolled, NdS: \"1d6\", \"2d6\", \"1d10\".";

table! { pub mod table_file: "a random table", "A random table: roll the dice, read the row.";
    name: opt Str("The table's name."),
    roll: req Pattern(DICE, DICE_HELP),
    rows: opt Tables(&table_row::DEF),
}

table! { pub mod inline_table: "a random table", "A random table written in game.toml.";
    id: req Str("The table's id: what {{ table(\"id\") }} names."),
    (name, roll, rows) = super::table_file,
}

table! { pub mod table_row: "a row of a random table", "A row: the rolls it answers and its result.";
    roll: req AnyOf(
        &[
            Ty::Str("\"4\", \"5-6\", \"4 or less\"/\"4-\", \"13 or more\"/\"13+\"."),
            Ty::Int("One roll."),
        ],
        "The roll or range of rolls.",
    ),
    result: req Str("The result."),
}

/// Reads the `[[collections]]` entries of game.toml.
pub fn collection_entries(r: &mut Reader<'_>, root: &Tab<'_, '_>) -> Vec<Entry<Deck>> {
    let key = super::game::game_toml::collections;
    let inline = super::deck::load_collection_inline;
    entries(r, root, key, &collection_entry::DEF, inline)
}

/// Reads the `[[random_tables]]` entries of game.toml.
pub fn random_table_entries(r: &mut Reader<'_>, root: &Tab<'_, '_>) -> Vec<Entry<RandomTable>> {
    let key = super::game::game_toml::random_tables;
    entries(r, root, key, &table_entry::DEF, |r, id, t| {
        random_table(r, id, t, &inline_table::DEF)
    })
}

/// The entries of `key`: each with an id, and a `file` (read later) or
/// written here (read by `inline`).
fn entries<T>(
    r: &mut Reader<'_>,
    root: &Tab<'_, '_>,
    key: super::spec::Key<kinds::ArrayOf>,
    file_entry: &'static Def,
    mut inline: impl FnMut(&mut Reader<'_>, &str, &Table<'_>) -> Option<T>,
) -> Vec<Entry<T>> {
    let tables = r.get_as::<kinds::Tables, _>(root, key);
    tables
        .iter()
        .filter_map(|t| {
            let t = Tab::new(t, file_entry.owner);
            let id = r.get(&t, collection_entry::id)?;
            let what = format!("the id of {}", file_entry.owner);
            if !super::ids::check(&id, &what, r.diags) {
                return None;
            }
            if collection_entry::file.of(&t).is_some() {
                r.check(&t, file_entry, file_entry.what);
                let file = r.get(&t, collection_entry::file)?;
                return Some(Entry::File(id, file));
            }
            inline(r, &id.value, &t).map(Entry::Inline)
        })
        .collect()
}

/// Loads an entry kept in a file: (id, file, its text, its path, sources, diagnostics).
pub type LoadFile<T> = fn(
    &str,
    FileId,
    &str,
    &Path,
    &Confine,
    &mut Sources,
    &mut Diagnostics,
) -> Result<Option<T>, OpError>;

/// Loads each entry, reading the files of those kept in files. Ids of
/// entries that could not be loaded go to `unloaded`.
pub fn load_entries<T>(
    confine: &Confine,
    entries: Vec<Entry<T>>,
    load: LoadFile<T>,
    sources: &mut Sources,
    diags: &mut Diagnostics,
    unloaded: &mut Vec<String>,
) -> Result<Vec<T>, OpError> {
    let mut out = Vec::new();
    for entry in entries {
        match entry {
            Entry::Inline(t) => out.push(t),
            Entry::File(id, name) => {
                let found = confine.resolve(confine.dir(), &name, "the file", diags);
                let loaded = match found {
                    Some(path) => match read_source(&path, sources, diags)? {
                        (file, text, true) => {
                            load(&id.value, file, &text, &path, confine, sources, diags)?
                        }
                        _ => None,
                    },
                    None => None,
                };
                match loaded {
                    Some(t) => out.push(t),
                    None => unloaded.push(id.value),
                }
            }
        }
    }
    Ok(out)
}

/// A random table kept in its own file: `name`, `roll`, `[[rows]]`.
pub fn load_random_table_file(
    id: &str,
    file: FileId,
    text: &str,
    _path: &Path,
    _confine: &Confine,
    _sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<Option<RandomTable>, OpError> {
    let Some(root) = parse(file, text, diags) else {
        return Ok(None);
    };
    let mut r = Reader::new(file, diags);
    Ok(random_table(&mut r, id, &root, &table_file::DEF))
}

/// A random table, from its own file or written in game.toml (`def`).
fn random_table(
    r: &mut Reader<'_>,
    id: &str,
    t: &Table<'_>,
    def: &'static Def,
) -> Option<RandomTable> {
    use table_file as k;
    let t = r.open(t, def);
    let name = r
        .get(&t, k::name)
        .map_or_else(|| id.to_string(), |n| n.value);
    let roll = r.get(&t, k::roll);
    let rows: Vec<RandomRow> = r
        .get(&t, k::rows)
        .iter()
        .filter_map(|row| {
            let row = r.open(row, &table_row::DEF);
            let roll = roll_range(r, &row);
            let result = r.get(&row, table_row::result);
            Some(RandomRow {
                roll: roll?,
                result: result?,
            })
        })
        .collect();
    let roll = roll?;
    let Some(dice) = Dice::parse(&roll.value) else {
        r.diags.push(crate::error!(
            "bad-roll", Some(roll.loc), "`{}` is not a roll of dice", roll.value;
            hint: "write the roll as \"1d6\", \"2d6\" or \"1d10\""
        ));
        return None;
    };
    Some(RandomTable {
        id: id.to_string(),
        name,
        dice: Located::new(dice, roll.loc),
        rows,
        loc: r.loc(t.span().start..t.span().start),
    })
}

/// A row's `roll`: "4", "5-6", "13+" or an integer.
fn roll_range(r: &mut Reader<'_>, row: &Tab<'_, '_>) -> Option<Located<RollRange>> {
    use table_row::roll;
    let text = match roll.of(row) {
        Some(v) if matches!(v.get_ref(), toml::de::DeValue::Integer(_)) => r
            .get_as::<kinds::Int, _>(row, roll)
            .map(|n| Located::new(n.value.to_string(), n.loc)),
        _ => r.get_as::<kinds::Str, _>(row, roll),
    }?;
    match RollRange::parse(&text.value) {
        Some(range) => Some(Located::new(range, text.loc)),
        None => {
            r.diags.push(crate::error!(
                "bad-roll", Some(text.loc), "`{}` is not a roll or range of rolls", text.value;
                hint: "write \"4\", \"5-6\", \"4 or less\" / \"4-\", \"13 or more\" / \"13+\""
            ));
            None
        }
    }
}

table! { pub mod dice_combat: "[dice_combat]",
    "Opposed dice: where the units, their dice and (if the game has one) the bonus relation are; what `grogpress odds GAME ATTACKER DEFENDER` resolves.";
    units: req Str("The units collection (a [[collections]] id)."),
    attack_die: req Str("The units' ref field into the dice: the die a unit attacks with."),
    defense_die: req Str("The units' ref field into the dice: the die a unit defends with."),
    dice: req Str("The dice collection."),
    faces: req Str("The dice's faces field (kind = \"faces\")."),
    hit: req Str("The faces' symbol for a hit."),
    block: req Str("The faces' symbol for a hit blocked."),
    bonus: opt Str("The faces' symbol for a hit only with the bonus; with `base_type` and `bonus_against` (a game without a bonus leaves all three out)."),
    base_type: opt Str("The units' ref field into their types (with `bonus`)."),
    bonus_against: opt Str("The types' ref field into themselves: the type each has the bonus against (with `bonus`)."),
}

/// `[dice_combat]`: which collections and fields resolve one attack.
pub fn dice_combat(r: &mut Reader<'_>, root: &Tab<'_, '_>) -> Option<DiceCombat> {
    use dice_combat as k;
    let t = r.get(root, super::game::game_toml::dice_combat)?;
    let t = r.open(&t, &k::DEF);
    let mut get = |key| r.get(&t, key);
    let (units, attack_die, defense_die, dice, faces) = (
        get(k::units),
        get(k::attack_die),
        get(k::defense_die),
        get(k::dice),
        get(k::faces),
    );
    let (hit, block) = (get(k::hit), get(k::block));
    let bonus = bonus_rule(r, &t);
    Some(DiceCombat {
        units: units?,
        attack_die: attack_die?,
        defense_die: defense_die?,
        dice: dice?,
        faces: faces?,
        hit: hit?,
        block: block?,
        bonus: bonus?,
    })
}

/// The bonus rule of `[dice_combat]`: `bonus`, `base_type` and
/// `bonus_against` all given, or none (`Some(None)`); one or two of them is
/// `missing-field` for each left out, at the table (None).
fn bonus_rule(r: &mut Reader<'_>, t: &Tab<'_, '_>) -> Option<Option<BonusRule>> {
    use dice_combat as k;
    let keys = [k::bonus, k::base_type, k::bonus_against];
    let [symbol, base_type, bonus_against] = keys.map(|key| r.get(t, key));
    match (symbol, base_type, bonus_against) {
        (None, None, None) => Some(None),
        (Some(symbol), Some(base_type), Some(bonus_against)) => Some(Some(BonusRule {
            symbol,
            base_type,
            bonus_against,
        })),
        (symbol, base_type, bonus_against) => {
            let given = [
                symbol.is_some(),
                base_type.is_some(),
                bonus_against.is_some(),
            ];
            let at = r.loc(t.span().start..t.span().start);
            for (key, _) in keys.iter().zip(given).filter(|(_, g)| !g) {
                r.diags.push(crate::error!(
                    "missing-field", Some(at),
                    "[dice_combat] has a bonus rule without `{}`", key.name();
                    hint: "a bonus rule names all three of `bonus`, `base_type` and `bonus_against`: add `{} = \"...\"`, or leave all three out for combat without a bonus", key.name()
                ));
            }
            None
        }
    }
}
