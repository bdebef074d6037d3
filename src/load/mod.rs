//! Load stage: reads a game folder (`game.toml`, decks, aids, rules pages),
//! `data/sheets.toml`, card templates and `fonts/` into the model, reporting
//! every data problem as a located diagnostic.

mod aid;
mod area_outlines;
mod background;
mod card_art;
mod chart;
mod collections;
pub mod csv;
mod deck;
pub mod embedded;
pub mod figure;
mod font_proof;
mod fonts;
mod game;
mod game_files;
mod icons;
pub mod ids;
mod image_proof;
pub mod map;
pub mod paths;
pub mod places;
mod publish_jobs;
pub mod rules;
pub mod scenario;
pub mod schema;
mod sheets;
pub mod spec;
mod svg_refs;
mod template;
mod template_file;
pub mod toml;
pub mod tracks;
pub mod translation;

use std::path::{Path, PathBuf};

pub use card_art::{load_card_art, load_counter_art};
pub use chart::parse_drm;
pub use font_proof::MAX_FONT_BYTES;
pub use fonts::load_fonts;
#[cfg(test)]
pub(crate) use fonts::project_fonts;
pub use game::{load_game, load_game_with_files};
pub use game_files::Project;
pub use icons::{load_icons, parse_icon};
pub use sheets::{load_sheets, load_sheets_and_sizes};
pub use template::load_card_template;

pub use crate::diag::OpError;
use crate::diag::{Diagnostics, FileId, Sources};

/// Reads a file into the sources. A missing or unreadable file is an
/// operational error; invalid UTF-8 is a diagnostic (and the text is decoded lossily).
pub fn read_source(
    path: &Path,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<(FileId, String, bool), OpError> {
    let (file, text, ok) = read_source_lent(path, sources, diags)?;
    sources.set_text(file, text.clone());
    Ok((file, text, ok))
}

/// As [`read_source`], the text given to the caller rather than copied: the
/// caller hands it back with `sources.set_text(file, text)` once read, before
/// anything reports on the file.
pub fn read_source_lent(
    path: &Path,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<(FileId, String, bool), OpError> {
    let bytes = std::fs::read(path).map_err(|e| OpError::io("read", path, e))?;
    let file = sources.add(path.to_path_buf(), String::new());
    let (text, ok) = toml::decode(file, bytes, diags);
    Ok((file, text, ok))
}

/// Where the shared assets live: `data/sheets.toml`, `templates/`, `fonts/`.
#[derive(Clone, Debug)]
pub struct Root {
    pub dir: PathBuf,
}

impl Root {
    pub fn new(dir: impl Into<PathBuf>) -> Root {
        let dir: PathBuf = dir.into();
        // "." adds nothing to paths but noise in diagnostics.
        let dir = if dir == Path::new(".") {
            PathBuf::new()
        } else {
            dir
        };
        Root { dir }
    }

    pub fn data(&self) -> PathBuf {
        self.dir.join("data")
    }

    pub fn sheets_file(&self) -> PathBuf {
        self.data().join("sheets.toml")
    }

    /// `data/icons/`: one SVG per icon.
    pub fn icons(&self) -> PathBuf {
        self.data().join("icons")
    }

    pub fn fonts(&self) -> PathBuf {
        self.dir.join("fonts")
    }

    pub fn templates(&self) -> PathBuf {
        self.dir.join("templates")
    }

    /// Every game folder under `data/` (a folder with a `game.toml`), sorted.
    pub fn games(&self) -> Result<Vec<PathBuf>, OpError> {
        let data = self.data();
        game_folders_in(&data).map_err(|e| {
            if data.is_dir() {
                return OpError::io("list", &data, e);
            }
            OpError::new(format!(
                "no games here: {} is not a folder. Name a game folder \
                     (`grogpress check path/to/game`), run from a project holding data/, \
                     or start a game with `grogpress new my-game` \
                     (`grogpress games` lists the built-in ones)",
                data.display()
            ))
        })
    }

    /// The game folder the root is, when it holds a `game.toml` (a command
    /// run inside a game folder works on that game).
    pub fn here(&self) -> Option<PathBuf> {
        let dir = match self.dir.as_os_str().is_empty() {
            true => PathBuf::from("."),
            false => self.dir.clone(),
        };
        dir.join("game.toml").is_file().then_some(dir)
    }

    /// The game a command names, or the game folder it runs in.
    pub fn one_game(&self, name: Option<&str>) -> Result<PathBuf, OpError> {
        match name {
            Some(name) => self.resolve_game(name),
            None => self.here().ok_or_else(|| {
                OpError::new(
                    "which game? Name it (a name under data/ or a game folder), \
                     or run inside a game folder (one holding game.toml)",
                )
            }),
        }
    }

    /// The games a command names; when it names none, the game folder it
    /// runs in, else every game under `data/`; an error when there are none.
    pub fn named_games(&self, names: &[String]) -> Result<Vec<PathBuf>, OpError> {
        let dirs = if names.is_empty() {
            match self.here() {
                Some(here) => vec![here],
                None => self.games()?,
            }
        } else {
            names
                .iter()
                .map(|n| self.resolve_game(n))
                .collect::<Result<Vec<_>, _>>()?
        };
        if dirs.is_empty() {
            return Err(OpError::new(format!(
                "no games found under {}",
                self.data().display()
            )));
        }
        Ok(dirs)
    }

    /// A GAME argument: a folder path, or a name under `data/`.
    pub fn resolve_game(&self, arg: &str) -> Result<PathBuf, OpError> {
        let as_path = PathBuf::from(arg);
        if as_path.join("game.toml").is_file() {
            return Ok(as_path);
        }
        let named = self.data().join(arg);
        if named.join("game.toml").is_file() {
            return Ok(named);
        }
        if as_path == named {
            return Err(OpError::new(format!(
                "no game `{arg}`: {} holds no game.toml",
                named.display()
            )));
        }
        Err(OpError::new(format!(
            "no game `{arg}`: neither {} nor {} holds a game.toml",
            as_path.display(),
            named.display()
        )))
    }
}

/// The game folders (each holding a `game.toml`) directly in `dir`, sorted.
pub fn game_folders_in(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut games: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("game.toml").is_file())
        .collect();
    games.sort();
    Ok(games)
}

/// A length given on the command line: it must carry a unit ("1.5mm", "0.05in", "2pt").
pub fn parse_length_arg(s: &str) -> Result<f32, String> {
    let has_unit = ["mm", "in", "pt", "cm"]
        .iter()
        .any(|u| s.trim().ends_with(u));
    if !has_unit {
        return Err(format!("`{s}` needs a unit: mm, in, cm or pt (e.g. 1.5mm)"));
    }
    let points = toml::parse_length(s)?;
    if points.abs() > toml::MAX_LENGTH {
        return Err(format!(
            "`{s}` is longer than any sheet: a length is at most {} in either way",
            toml::MAX_LENGTH / 72.0
        ));
    }
    Ok(points)
}

/// A net die-roll modifier given on the command line (`--drm`): one ("-1"),
/// the range of just it, or a range of them ("-3..+5").
pub fn parse_drm_arg(s: &str) -> Result<(i64, i64), String> {
    let one = s
        .trim()
        .trim_start_matches('+')
        .parse::<i64>()
        .ok()
        .map(|n| (n, n));
    let range = one.or_else(|| parse_drm(s)).ok_or_else(|| {
        format!(
            "`{s}` is not a net modifier or a range of them; write one (-1) or LOW..HIGH (-3..+5)"
        )
    })?;
    match crate::model::modifier_span_problem(range) {
        Some(why) => Err(format!("`{s}`: {why}")),
        None => Ok(range),
    }
}

/// A counter size (`--size`, `counter_size`): a fraction of an inch ("5/8", "3/4", "1") or a length ("19mm").
pub fn parse_counter_size(s: &str) -> Result<f32, String> {
    let t = s.trim();
    let inches = match t.split_once('/') {
        Some((a, b)) => match (a.trim().parse::<f32>(), b.trim().parse::<f32>()) {
            (Ok(a), Ok(b)) if b != 0.0 => Some(a / b),
            _ => None,
        },
        None => t.parse::<f32>().ok(),
    };
    let points = match inches {
        Some(i) => i * 72.0,
        None => parse_length_arg(t)?,
    };
    if (18.0..=216.0).contains(&points) {
        Ok(points)
    } else {
        Err(format!(
            "`{s}`: a counter is 1/4 in to 3 in square (5/8, 3/4 or 1 are usual)"
        ))
    }
}

#[cfg(test)]
mod op_error_tests {
    use super::*;

    #[test]
    fn a_file_system_failure_keeps_its_os_error() {
        let missing = Path::new("/nonexistent/grogpress/game.toml");
        let e = OpError::io(
            "read",
            missing,
            std::fs::read(missing).expect_err("the file is missing"),
        );
        let os = std::error::Error::source(&e)
            .and_then(|s| s.downcast_ref::<std::io::Error>())
            .map(std::io::Error::kind);
        assert_eq!(os, Some(std::io::ErrorKind::NotFound));
        // Printed as before: what failed, the path, then the OS's reason.
        assert!(
            e.to_string()
                .starts_with("cannot read /nonexistent/grogpress/game.toml: "),
            "{e}"
        );
        let said = OpError::new("no games here");
        assert_eq!(said.to_string(), "no games here");
        assert!(std::error::Error::source(&said).is_none());
    }
}
