//! Publish (diff): `grogpress diff` — two versions of a game (git revisions
//! of its folder, read with plumbing alone, or two folders) each loaded and
//! validated as `check` does, flattened into the things a reader knows
//! (cards, counters, table rows, maps, set-ups, rules passages) and
//! compared into a list of changes, located in both versions.

mod compare;
mod entries;
pub(crate) mod git;
mod passages;
mod report;

use std::path::{Path, PathBuf};

pub use compare::{At, Change, What};
pub use entries::Kind;
pub use passages::passages;
pub use report::{json, name, text};

use crate::diag::{Diagnostics, Loc, Sources};
use crate::load::{OpError, Root};
use crate::model::Game;

/// A version of a game: its folder as it is, another folder, or its
/// folder at a git revision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Version {
    Folder(PathBuf),
    Revision(String),
}

impl Version {
    /// A `--from`/`--to` value: a folder holding a `game.toml`, else a
    /// git revision.
    pub fn parse(arg: &str) -> Version {
        let path = Path::new(arg);
        if path.join("game.toml").is_file() {
            Version::Folder(path.to_path_buf())
        } else {
            Version::Revision(arg.to_string())
        }
    }

    /// How the report names it.
    pub fn label(&self) -> String {
        match self {
            Version::Folder(dir) => dir.display().to_string(),
            Version::Revision(rev) => rev.clone(),
        }
    }
}

/// What `diff` compares: a game, and the two versions of it.
pub struct DiffQuery {
    pub game: String,
    pub from: Version,
    /// None: the game's folder as it is now.
    pub to: Option<Version>,
    /// The folder under which a revision's files are written while read.
    pub out: PathBuf,
}

/// What `diff` found: the changes, or the data errors that stopped it.
pub struct DiffRun {
    pub from: String,
    pub to: String,
    pub changes: Vec<Change>,
    /// A version with errors: its diagnostics and sources (no changes then).
    pub failed: Vec<(String, Diagnostics, Sources)>,
}

/// One version loaded: its game, sources and folder (for places).
struct Loaded {
    game: Option<Game>,
    sources: Sources,
    diags: Diagnostics,
    dir: PathBuf,
}

/// Compares the two versions `query` names.
pub fn diff(root: &Root, query: &DiffQuery) -> Result<DiffRun, OpError> {
    let dir = root.resolve_game(&query.game)?;
    let to = query.to.clone().unwrap_or(Version::Folder(dir.clone()));
    let scratch = Scratch::new(&query.out)?;
    let old_dir = version_dir(&dir, &query.from, &scratch, "from")?;
    let new_dir = version_dir(&dir, &to, &scratch, "to")?;
    let (old, new) = std::thread::scope(|s| {
        let old = s.spawn(|| load(&old_dir));
        let new = load(&new_dir);
        (joined(old), new)
    });
    let (mut old, mut new) = (old?, new?);
    for (loaded, version) in [(&mut old, &query.from), (&mut new, &to)] {
        if let Version::Revision(rev) = version {
            relocate(loaded, &dir, rev);
        }
    }
    let mut run = DiffRun {
        from: query.from.label(),
        to: query
            .to
            .as_ref()
            .map_or_else(|| dir.display().to_string(), Version::label),
        changes: Vec::new(),
        failed: Vec::new(),
    };
    let labels = [run.from.clone(), run.to.clone()];
    let mut games: Vec<Version3> = Vec::new();
    for (loaded, label) in [old, new].into_iter().zip(labels) {
        match loaded.game {
            Some(game) if !loaded.diags.has_errors() => {
                games.push((game, loaded.sources, loaded.dir))
            }
            _ => run.failed.push((label, loaded.diags, loaded.sources)),
        }
    }
    if !run.failed.is_empty() {
        return Ok(run);
    }
    let mut games = games.into_iter();
    let (Some(old), Some(new)) = (games.next(), games.next()) else {
        return Ok(run);
    };
    run.changes = compare_games(&old, &new);
    Ok(run)
}

/// The changes since an earlier version to a game loaded already (a build
/// with `--changes-since`): the earlier game kept (its cards are drawn
/// again on the errata sheet), the changes located in `game`'s sources.
pub struct Since {
    /// How the earlier version is named (`v1.0`, a folder).
    pub label: String,
    pub changes: Vec<Change>,
    pub old: Game,
    /// The earlier revision's files, read while its cards are drawn again.
    _scratch: Scratch,
}

/// Compares `game` (loaded from its folder) with its earlier version `from`;
/// an earlier version with data errors is an operational failure (`diff`
/// shows them).
pub fn since(
    game: &Game,
    from: &Version,
    out: &Path,
    project: &crate::load::Project<'_>,
) -> Result<Since, OpError> {
    let scratch = Scratch::new(out)?;
    let old_dir = version_dir(&game.dir, from, &scratch, "from")?;
    // With its templates and pictures: its cards are drawn again.
    let mut sources = Sources::default();
    let mut diags = Diagnostics::default();
    let loaded = crate::load::load_game_with_files(&old_dir, project, &mut sources, &mut diags)?;
    if let Some(g) = &loaded {
        diags.extend(crate::validate::validate(g));
    }
    let mut old = Loaded {
        game: loaded,
        sources,
        diags,
        dir: old_dir.clone(),
    };
    if let Version::Revision(rev) = from {
        relocate(&mut old, &game.dir, rev);
    }
    let label = from.label();
    let Some(old_game) = old.game.take().filter(|_| !old.diags.has_errors()) else {
        return Err(OpError::new(format!(
            "the version {label} of {} has errors in its data; `grogpress diff --from {label}` lists them",
            game.dir.display()
        )));
    };
    let old_side = (old_game, old.sources, old.dir);
    let changes = compare_with(&old_side, game, &|_| At {
        file: String::new(),
        line: 0,
    });
    Ok(Since {
        label,
        changes,
        old: old_side.0,
        _scratch: scratch,
    })
}

/// A loaded version: its game, its sources, its folder.
type Version3 = (Game, Sources, PathBuf);

/// The changes from one loaded version to the other.
fn compare_games(old: &Version3, new: &Version3) -> Vec<Change> {
    let new_at = |loc: Loc| place(&new.1, &new.2, loc);
    compare_with(old, &new.0, &new_at)
}

/// The changes from a loaded version to `new`, whose places `new_at` gives.
fn compare_with(old: &Version3, new: &Game, new_at: &dyn Fn(Loc) -> At) -> Vec<Change> {
    let (old_entries, new_entries) = (entries::entries(&old.0), entries::entries(new));
    let (old_passages, new_passages) = (passages::passages(&old.0), passages::passages(new));
    let old_at = |loc: Loc| place(&old.1, &old.2, loc);
    compare::compare(
        &compare::Side {
            entries: &old_entries,
            passages: &old_passages,
            at: &old_at,
        },
        &compare::Side {
            entries: &new_entries,
            passages: &new_passages,
            at: new_at,
        },
    )
}

/// A location as the game folder's own file and line.
fn place(sources: &Sources, dir: &Path, loc: Loc) -> At {
    let path = sources.path(loc.file);
    let file = path.strip_prefix(dir).unwrap_or(path);
    let (line, _) = sources.line_col(loc.file, loc.span.start);
    At {
        file: file.display().to_string(),
        line,
    }
}

/// Loads and validates one version as `check` does.
fn load(dir: &Path) -> Result<Loaded, OpError> {
    let mut sources = Sources::default();
    let mut diags = Diagnostics::default();
    let game = crate::load::load_game(dir, &mut sources, &mut diags)?;
    if let Some(game) = &game {
        diags.extend(crate::validate::validate(game));
    }
    Ok(Loaded {
        game,
        sources,
        diags,
        dir: dir.to_path_buf(),
    })
}

fn joined<T>(handle: std::thread::ScopedJoinHandle<'_, Result<T, OpError>>) -> Result<T, OpError> {
    handle
        .join()
        .unwrap_or_else(|_| Err(OpError::new("loading the earlier version failed")))
}

/// The folder a version is read from: a folder as it is, or a revision's
/// files written into the scratch folder under the game's own name.
fn version_dir(
    dir: &Path,
    version: &Version,
    scratch: &Scratch,
    side: &str,
) -> Result<PathBuf, OpError> {
    match version {
        Version::Folder(folder) => Ok(folder.clone()),
        Version::Revision(rev) => {
            let name = game_name(dir)?;
            let into = scratch.dir.join(side).join(name);
            git::write_revision(dir, rev, &into)?;
            Ok(into)
        }
    }
}

/// The game folder's own name (`load` names a game by it).
fn game_name(dir: &Path) -> Result<std::ffi::OsString, OpError> {
    let real = dir
        .canonicalize()
        .map_err(|e| OpError::io("open", dir, e))?;
    real.file_name()
        .map(|n| n.to_os_string())
        .ok_or_else(|| OpError::new(format!("{}: a game folder needs a name", dir.display())))
}

/// Diagnostics on a revision's files name them as `REV:folder/file`, not
/// where they were written to be read.
fn relocate(loaded: &mut Loaded, dir: &Path, rev: &str) {
    let shown = PathBuf::from(format!("{rev}:{}", dir.display()));
    loaded.sources.relocate(&loaded.dir, &shown);
    loaded.dir = shown;
}

/// A folder under `out/` that holds the revisions read, removed when done.
struct Scratch {
    dir: PathBuf,
}

impl Scratch {
    fn new(out: &Path) -> Result<Scratch, OpError> {
        std::fs::create_dir_all(out).map_err(|e| OpError::io("create", out, e))?;
        let pid = std::process::id();
        for n in 0.. {
            let dir = out.join(format!(".diff-{pid}-{n}"));
            match std::fs::create_dir(&dir) {
                Ok(()) => return Ok(Scratch { dir }),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < 1000 => continue,
                Err(e) => return Err(OpError::io("create", &dir, e)),
            }
        }
        Err(OpError::new("no scratch folder"))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
