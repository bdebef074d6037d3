//! Publish: a new game folder (`grogpress new <path> [--from GAME]`) that
//! `check` passes and `build` publishes as it stands: the commented starter
//! game embedded in the binary (its files name their editor schemas with
//! `#:schema`, written to `schemas/`), or a copy of a shipped game.

use std::path::{Path, PathBuf};

use super::write_atomic;
use crate::load::{OpError, Root};

/// The starter game: (path inside the game folder, text with `{{name}}` / `{{id}}`).
const STARTER: &[(&str, &str)] = &[
    ("game.toml", include_str!("starter/game.toml")),
    (
        "action-cards.toml",
        include_str!("starter/action-cards.toml"),
    ),
    ("player-aid.toml", include_str!("starter/player-aid.toml")),
    (
        "charts/combat.toml",
        include_str!("starter/charts/combat.toml"),
    ),
    ("rules/rules.md", include_str!("starter/rules/rules.md")),
    (
        "templates/labels/action-card.toml",
        include_str!("starter/templates/labels/action-card.toml"),
    ),
    ("art/emblem.svg", include_str!("starter/art/emblem.svg")),
];

/// Creates the game folder `dest`; returns the files written, relative to it.
pub fn new_game(root: &Root, dest: &Path, from: Option<&str>) -> Result<Vec<PathBuf>, OpError> {
    refuse_non_empty(dest)?;
    let mut written = match from {
        None => write_starter(dest)?,
        Some(game) => match root.resolve_game(game) {
            Ok(src) => copy_game(&src, dest)?,
            // An installed grogpress run outside the repository still has
            // the shipped games, built in.
            Err(e) => match copy_built_in(game, dest)? {
                Some(files) => files,
                None => {
                    return Err(OpError::new(format!(
                        "{e}\nbuilt-in games: {}",
                        built_in_games().join(", ")
                    )));
                }
            },
        },
    };
    if from.is_some() {
        add_schema_lines(dest)?;
    }
    // The editor schemas the starter files' `#:schema` lines point at.
    for path in super::write_schemas(&dest.join("schemas"))? {
        if let Ok(rel) = path.strip_prefix(dest) {
            written.push(rel.to_path_buf());
        }
    }
    Ok(written)
}

/// A folder that already holds files is never written into.
fn refuse_non_empty(dest: &Path) -> Result<(), OpError> {
    if dest.is_file() {
        return Err(OpError::new(format!("{} is a file", dest.display())));
    }
    if let Ok(mut entries) = std::fs::read_dir(dest)
        && entries.next().is_some()
    {
        return Err(OpError::new(format!(
            "{} already exists and is not empty; choose a new folder",
            dest.display()
        )));
    }
    Ok(())
}

fn write_starter(dest: &Path) -> Result<Vec<PathBuf>, OpError> {
    let id = folder_name(dest);
    let name = toml_escape(&title_case(&id));
    let mut written = Vec::new();
    for (path, text) in STARTER {
        let text = text.replace("{{name}}", &name).replace("{{id}}", &id);
        write_atomic(&dest.join(path), text.as_bytes())?;
        written.push(PathBuf::from(path));
    }
    Ok(written)
}

/// Copies every file of a game folder (skipping hidden files), sorted.
fn copy_game(src: &Path, dest: &Path) -> Result<Vec<PathBuf>, OpError> {
    let mut files = Vec::new();
    list_files(src, Path::new(""), &mut files)?;
    files.sort();
    for rel in &files {
        let from = src.join(rel);
        let bytes = std::fs::read(&from).map_err(|e| OpError::io("read", &from, e))?;
        write_atomic(&dest.join(rel), &bytes)?;
    }
    Ok(files)
}

/// Writes the built-in copy of the shipped game `name` (`data/<name>/`);
/// `None` when there is no such game.
fn copy_built_in(name: &str, dest: &Path) -> Result<Option<Vec<PathBuf>>, OpError> {
    let prefix = format!("data/{name}/");
    if name.contains(['/', '\\'])
        || crate::load::embedded::file(&format!("{prefix}game.toml")).is_none()
    {
        return Ok(None);
    }
    let mut files = Vec::new();
    for (path, bytes) in crate::load::embedded::files_under(&prefix) {
        let rel = PathBuf::from(&path[prefix.len()..]);
        write_atomic(&dest.join(&rel), bytes)?;
        files.push(rel);
    }
    files.sort();
    Ok(Some(files))
}

/// Gives each data file of the copied game at `dest` a `#:schema` line
/// pointing at its `schemas/`, as the starter game's files have.
fn add_schema_lines(dest: &Path) -> Result<(), OpError> {
    let mut files = Vec::new();
    list_files(dest, Path::new(""), &mut files)?;
    let kinds = data_file_kinds(dest)?;
    for rel in &files {
        let kind = kinds
            .iter()
            .find(|(path, _)| path == rel)
            .map(|(_, kind)| *kind)
            .or_else(|| own_asset_kind(rel));
        let Some(kind) = kind else { continue };
        let path = dest.join(rel);
        let mut bytes = std::fs::read(&path).map_err(|e| OpError::io("read", &path, e))?;
        if !bytes.starts_with(b"#:schema") {
            let mut text = schema_line(rel, kind).into_bytes();
            text.append(&mut bytes);
            write_atomic(&path, &text)?;
        }
    }
    Ok(())
}

/// `#:schema ../schemas/chart.schema.json` for a file at `rel` in the game folder.
fn schema_line(rel: &Path, kind: &str) -> String {
    let depth = rel.components().count().saturating_sub(1);
    let up = if depth == 0 {
        "./".to_string()
    } else {
        "../".repeat(depth)
    };
    format!("#:schema {up}schemas/{kind}.schema.json\n")
}

/// A game's own card layouts and fonts file.
fn own_asset_kind(rel: &Path) -> Option<&'static str> {
    let toml = rel.extension().is_some_and(|e| e == "toml");
    if toml && (rel.starts_with("templates/labels") || rel.starts_with("templates/cards")) {
        Some("layout")
    } else if rel == Path::new("fonts/fonts.toml") {
        Some("fonts")
    } else {
        None
    }
}

/// The game's data files (relative to its folder) with the schema each follows;
/// none when the game does not load (it is then copied as it is).
fn data_file_kinds(dir: &Path) -> Result<Vec<(PathBuf, &'static str)>, OpError> {
    let mut sources = crate::diag::Sources::default();
    let mut diags = crate::diag::Diagnostics::default();
    let Some(game) = crate::load::load_game(dir, &mut sources, &mut diags)? else {
        return Ok(Vec::new());
    };
    let mut kinds: Vec<(crate::diag::FileId, &'static str)> = Vec::new();
    kinds.extend(game.decks.iter().map(|d| (d.loc.file, "deck")));
    kinds.extend(game.collections.iter().map(|c| (c.loc.file, "collection")));
    kinds.extend(game.random_tables.iter().map(|t| (t.loc.file, "table")));
    kinds.extend(game.charts.iter().map(|c| (c.loc.file, "chart")));
    kinds.extend(game.aids.iter().map(|a| (a.loc.file, "aid")));
    kinds.extend(game.maps.iter().map(|m| (m.loc.file, "map")));
    let mut out = vec![(PathBuf::from("game.toml"), "game")];
    for (file, kind) in kinds {
        if let Ok(rel) = sources.path(file).strip_prefix(dir)
            && !out.iter().any(|(p, _)| p == rel)
        {
            out.push((rel.to_path_buf(), kind));
        }
    }
    Ok(out)
}

fn list_files(base: &Path, rel: &Path, out: &mut Vec<PathBuf>) -> Result<(), OpError> {
    let dir = base.join(rel);
    let entries = std::fs::read_dir(&dir).map_err(|e| OpError::io("list", &dir, e))?;
    for entry in entries.filter_map(|e| e.ok()) {
        let name = entry.file_name();
        if name.to_string_lossy().starts_with('.') {
            continue;
        }
        let rel = rel.join(&name);
        if entry.path().is_dir() {
            list_files(base, &rel, out)?;
        } else {
            out.push(rel);
        }
    }
    Ok(())
}

/// The game's id: the folder's name (as `load_game` names games).
fn folder_name(dest: &Path) -> String {
    let absolute = std::path::absolute(dest).unwrap_or_else(|_| dest.to_path_buf());
    absolute
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "game".to_string())
}

/// "my-first_game" → "My First Game".
fn title_case(id: &str) -> String {
    id.split(['-', '_', ' '])
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut chars = w.chars();
            chars
                .next()
                .map(|c| c.to_uppercase().chain(chars).collect::<String>())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Text safe inside a TOML basic string (and harmless in Markdown).
fn toml_escape(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_control())
        .flat_map(|c| match c {
            '"' | '\\' => vec!['\\', c],
            c => vec![c],
        })
        .collect()
}

/// The shipped games built into the binary (what `new --from` copies).
pub fn built_in_games() -> Vec<String> {
    let mut games: Vec<String> = crate::load::embedded::files_under("data/")
        .into_iter()
        .filter_map(|(path, _)| {
            let rest = path.strip_prefix("data/")?;
            let (game, file) = rest.split_once('/')?;
            (file == "game.toml").then(|| game.to_string())
        })
        .collect();
    games.sort();
    games.dedup();
    games
}

/// The games a GAME may name from here (for the shell's completion): under
/// the root's data/, the game folders in this one, `.` inside one; with
/// `built_in`, the built-in games.
pub fn game_names(root: &Path, built_in: bool) -> Vec<String> {
    let root = Root::new(root);
    let mut names: Vec<String> = root
        .games()
        .unwrap_or_default()
        .iter()
        .chain(&crate::load::game_folders_in(Path::new(".")).unwrap_or_default())
        .filter_map(|d| d.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect();
    names.extend(root.here().map(|_| ".".to_string()));
    if built_in {
        names.extend(built_in_games());
    }
    names.sort();
    names.dedup();
    names
}

/// What `grogpress games` prints: the games under the root's `data/`, then
/// the built-in ones.
pub fn games_list(root: &Root) -> String {
    let mut out = String::new();
    let local = root.games().unwrap_or_default();
    if !local.is_empty() {
        out.push_str(&format!("games under {}:\n", root.data().display()));
        for dir in local {
            let name = dir.file_name().map(|n| n.to_string_lossy().into_owned());
            out.push_str(&format!("  {}\n", name.unwrap_or_default()));
        }
    }
    out.push_str("built into grogpress (copy one with `grogpress new DIR --from NAME`):\n");
    for game in built_in_games() {
        out.push_str(&format!("  {game}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_games_are_built_in() {
        let games = built_in_games();
        for g in [
            "battlefront",
            "battlegrid",
            "bcs",
            "grid-battles",
            "grognards",
        ] {
            assert!(games.iter().any(|x| x == g), "{games:?}");
        }
    }

    #[test]
    fn names_from_folders() {
        assert_eq!(title_case("my-first_game"), "My First Game");
        assert_eq!(title_case("ardennes44"), "Ardennes44");
        assert_eq!(toml_escape("a\"b\\c"), "a\\\"b\\\\c");
    }

    #[test]
    fn schema_lines_climb_to_the_game_folder() {
        assert_eq!(
            schema_line(Path::new("game.toml"), "game"),
            "#:schema ./schemas/game.schema.json\n"
        );
        assert_eq!(
            schema_line(Path::new("optional/a.toml"), "collection"),
            "#:schema ../schemas/collection.schema.json\n"
        );
    }

    #[test]
    fn refuses_a_folder_with_files() {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::write(dir.path().join("x"), b"x").expect("write");
        assert!(refuse_non_empty(dir.path()).is_err());
        assert!(refuse_non_empty(&dir.path().join("fresh")).is_ok());
    }
}
