//! Load stage: the parts of `game.toml` that declare a game's rules model
//! beyond its decks — `[[collections]]` and `[[random_tables]]` (inline or in
//! their own files) and `[dice_combat]` — into the [`Game`]'s model.

use std::path::Path;

use super::paths::Confine;
use super::toml::{Reader, Table, parse};
use super::{OpError, read_source};
use crate::diag::{Diagnostic, Diagnostics, FileId, Sources};
use crate::model::{Deck, Dice, DiceCombat, Located, RandomRow, RandomTable, RollRange};

/// A `[[collections]]` or `[[random_tables]]` entry: written inline, or the
/// id of one kept in a file.
pub enum Entry<T> {
    Inline(T),
    File(Located<String>, Located<String>),
}

/// A `[[collections]]` or `[[random_tables]]` entry kept in its own file.
pub const FILE_ENTRY_KEYS: &[&str] = &["id", "file"];
/// A random table file; written inline in game.toml it also has an `id`.
pub const RANDOM_TABLE_KEYS: &[&str] = &["name", "roll", "rows"];
pub const INLINE_RANDOM_TABLE_KEYS: &[&str] = &["id", "name", "roll", "rows"];
pub const RANDOM_ROW_KEYS: &[&str] = &["roll", "result"];

/// Reads the `[[collections]]` entries of game.toml.
pub fn collection_entries(r: &mut Reader<'_>, root: &Table<'_>) -> Vec<Entry<Deck>> {
    r.tables(root, "collections")
        .iter()
        .filter_map(|t| {
            let id = r.req_str(t, "id", "[[collections]]")?;
            if !super::ids::check(&id, "the id of [[collections]]", r.diags) {
                return None;
            }
            if t.get_ref().contains_key("file") {
                r.check_keys(t.get_ref(), FILE_ENTRY_KEYS, "[[collections]] with a file");
                let file = r.req_str(t, "file", "[[collections]]")?;
                return Some(Entry::File(id, file));
            }
            super::deck::load_collection_inline(r, &id.value, t).map(Entry::Inline)
        })
        .collect()
}

/// Reads the `[[random_tables]]` entries of game.toml.
pub fn random_table_entries(r: &mut Reader<'_>, root: &Table<'_>) -> Vec<Entry<RandomTable>> {
    r.tables(root, "random_tables")
        .iter()
        .filter_map(|t| {
            let id = r.req_str(t, "id", "[[random_tables]]")?;
            if !super::ids::check(&id, "the id of [[random_tables]]", r.diags) {
                return None;
            }
            if t.get_ref().contains_key("file") {
                r.check_keys(
                    t.get_ref(),
                    FILE_ENTRY_KEYS,
                    "[[random_tables]] with a file",
                );
                let file = r.req_str(t, "file", "[[random_tables]]")?;
                return Some(Entry::File(id, file));
            }
            random_table(r, &id.value, t, true).map(Entry::Inline)
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
    Ok(random_table(&mut r, id, &root, false))
}

fn random_table(r: &mut Reader<'_>, id: &str, t: &Table<'_>, inline: bool) -> Option<RandomTable> {
    let keys = if inline {
        INLINE_RANDOM_TABLE_KEYS
    } else {
        RANDOM_TABLE_KEYS
    };
    r.check_keys(t.get_ref(), keys, "a random table");
    let name = r
        .opt_str(t, "name")
        .map_or_else(|| id.to_string(), |n| n.value);
    let roll = r.req_str(t, "roll", "a random table");
    let rows: Vec<RandomRow> = r
        .tables(t, "rows")
        .iter()
        .filter_map(|row| {
            r.check_keys(row.get_ref(), RANDOM_ROW_KEYS, "a row of a random table");
            let roll = roll_range(r, row);
            let result = r.req_str(row, "result", "a row of a random table");
            Some(RandomRow {
                roll: roll?,
                result: result?,
            })
        })
        .collect();
    let roll = roll?;
    let Some(dice) = Dice::parse(&roll.value) else {
        r.diags.push(
            Diagnostic::error(
                "bad-roll",
                format!("`{}` is not a roll of dice", roll.value),
                Some(roll.loc),
            )
            .with_hint("write the roll as \"1d6\", \"2d6\" or \"1d10\""),
        );
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
fn roll_range(r: &mut Reader<'_>, row: &Table<'_>) -> Option<Located<RollRange>> {
    let text = match row.get_ref().get("roll") {
        Some(v) if matches!(v.get_ref(), toml::de::DeValue::Integer(_)) => r
            .opt_int(row, "roll")
            .map(|n| Located::new(n.value.to_string(), n.loc)),
        _ => r.req_str(row, "roll", "a row of a random table"),
    }?;
    match RollRange::parse(&text.value) {
        Some(range) => Some(Located::new(range, text.loc)),
        None => {
            r.diags.push(
                Diagnostic::error(
                    "bad-roll",
                    format!("`{}` is not a roll or range of rolls", text.value),
                    Some(text.loc),
                )
                .with_hint(
                    "write \"4\", \"5-6\", \"4 or less\" / \"4-\", \"13 or more\" / \"13+\"",
                ),
            );
            None
        }
    }
}

pub const DICE_COMBAT_KEYS: &[&str] = &[
    "units",
    "attack_die",
    "defense_die",
    "dice",
    "faces",
    "hit",
    "bonus",
    "block",
    "base_type",
    "bonus_against",
];

/// `[dice_combat]`: which collections and fields resolve one attack.
pub fn dice_combat(r: &mut Reader<'_>, root: &Table<'_>) -> Option<DiceCombat> {
    let t = r.table(root, "dice_combat")?;
    r.check_keys(t.get_ref(), DICE_COMBAT_KEYS, "[dice_combat]");
    let mut get = |k: &str| r.req_str(&t, k, "[dice_combat]");
    let (units, attack_die, defense_die, dice, faces) = (
        get("units"),
        get("attack_die"),
        get("defense_die"),
        get("dice"),
        get("faces"),
    );
    let (hit, bonus, block, base_type, bonus_against) = (
        get("hit"),
        get("bonus"),
        get("block"),
        get("base_type"),
        get("bonus_against"),
    );
    Some(DiceCombat {
        units: units?,
        attack_die: attack_die?,
        defense_die: defense_die?,
        dice: dice?,
        faces: faces?,
        hit: hit?,
        bonus: bonus?,
        block: block?,
        base_type: base_type?,
        bonus_against: bonus_against?,
    })
}
