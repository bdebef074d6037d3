//! Publish: writing output files atomically — a temporary file in the same folder,
//! then a rename — so a failed build never leaves half a PDF behind.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::load::OpError;

/// Where outputs go when `--out` is not given: `out/` in the folder the
/// command runs in, or beside the game folder when it runs inside one (its
/// outputs never land among the game's own files).
pub fn default_out() -> PathBuf {
    match Path::new("game.toml").is_file() {
        true => Path::new("..").join("out"),
        false => PathBuf::from("out"),
    }
}

pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), OpError> {
    write_atomic_with(path, |w| {
        w.write_all(bytes)
            .map_err(|e| OpError::io("write", path, e))
    })
}

/// As [`write_atomic`], the bytes written by `write` as they come (through a
/// buffer), so a large file need not be held in memory first.
pub fn write_atomic_with(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> Result<(), OpError>,
) -> Result<(), OpError> {
    stage_with(path, write)?.commit()
}

/// A file written in full beside where it goes, not yet in place: `commit`
/// renames it there; dropped uncommitted, it is removed (a build that found
/// errors while writing leaves the previous outputs as they were).
pub struct Staged {
    tmp: PathBuf,
    path: PathBuf,
    committed: bool,
}

impl Staged {
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Puts the file in place (an atomic rename).
    pub fn commit(mut self) -> Result<(), OpError> {
        self.committed = true;
        std::fs::rename(&self.tmp, &self.path).map_err(|e| {
            let _ = std::fs::remove_file(&self.tmp);
            OpError::io("write", &self.path, e)
        })
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if !self.committed {
            let _ = std::fs::remove_file(&self.tmp);
        }
    }
}

/// Writes what `write` gives to a temporary file beside `path`, synced, for
/// [`Staged::commit`] to put in place.
pub fn stage_with(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> Result<(), OpError>,
) -> Result<Staged, OpError> {
    stage_synced(path, write, Synced::Yes)
}

fn stage_synced(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> Result<(), OpError>,
    synced: Synced,
) -> Result<Staged, OpError> {
    let dir = path.parent().unwrap_or_else(|| Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| OpError::io("create", dir, e))?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let staged = Staged {
        tmp: dir.join(format!(".{name}.tmp-{}", std::process::id())),
        path: path.to_path_buf(),
        committed: false,
    };
    let cannot = |e: std::io::Error| OpError::io("write", path, e);
    let file = std::fs::File::create(&staged.tmp).map_err(cannot)?;
    let mut out = std::io::BufWriter::with_capacity(1 << 16, file);
    write(&mut out)?;
    let file = out.into_inner().map_err(|e| cannot(e.into_error()))?;
    if synced == Synced::Yes {
        file.sync_all().map_err(cannot)?;
    }
    Ok(staged)
}

/// Removes what killed builds left in `dir` (a game's output folder) and the
/// folders in it: temporary files `.<name>.tmp-<pid>` whose process is gone.
/// Symlinks are not followed. Returns how many were removed.
pub fn remove_stale_temps(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let mut removed = 0;
    for entry in entries.flatten() {
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        let path = entry.path();
        if kind.is_dir() {
            removed += remove_stale_temps(&path);
        } else if kind.is_file()
            && stale_temp_pid(&entry.file_name().to_string_lossy()).is_some_and(process_gone)
            && std::fs::remove_file(&path).is_ok()
        {
            removed += 1;
        }
    }
    removed
}

/// The process id in a temporary file's name `.<name>.tmp-<pid>`.
fn stale_temp_pid(name: &str) -> Option<u32> {
    let (head, pid) = name.rsplit_once(".tmp-")?;
    if !head.starts_with('.') {
        return None;
    }
    pid.parse().ok()
}

/// Whether no process `pid` runs (never this one; where processes cannot be
/// looked up, every other one counts as gone).
fn process_gone(pid: u32) -> bool {
    if pid == std::process::id() {
        return false;
    }
    let proc = Path::new("/proc");
    !proc.join("self").exists() || !proc.join(pid.to_string()).exists()
}

/// Writes `path` atomically, refusing it unless it lies inside `folder`
/// (a game's `out/<game>/` or a folder in it): the second line of defence
/// behind plain ids, so no name a game chose can write anywhere else.
pub fn write_output(folder: &Path, path: &Path, bytes: &[u8]) -> Result<(), OpError> {
    write_output_with(folder, path, |w| {
        w.write_all(bytes)
            .map_err(|e| OpError::io("write", path, e))
    })
}

/// As [`write_output`], the bytes written by `write` as they come.
pub fn write_output_with(
    folder: &Path,
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> Result<(), OpError>,
) -> Result<(), OpError> {
    stage_output_with(folder, path, write)?.commit()
}

/// As [`write_output_with`], staged: the file is put in place by [`Staged::commit`].
pub fn stage_output_with(
    folder: &Path,
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> Result<(), OpError>,
) -> Result<Staged, OpError> {
    stage_inside(folder, path, write, Synced::Yes)
}

/// As [`stage_output_with`], the file not synced to the disk before it is
/// put in place (still whole to any reader: the rename is atomic): for a
/// file drawn again whenever it is missing and by each new process, `serve`'s
/// page previews, where a sync only keeps the reader waiting.
pub fn stage_output_unsynced(
    folder: &Path,
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> Result<(), OpError>,
) -> Result<Staged, OpError> {
    stage_inside(folder, path, write, Synced::No)
}

/// Whether a staged file is synced to the disk before it is put in place.
#[derive(Clone, Copy, PartialEq)]
enum Synced {
    Yes,
    No,
}

fn stage_inside(
    folder: &Path,
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> Result<(), OpError>,
    synced: Synced,
) -> Result<Staged, OpError> {
    let refuse = || {
        OpError::new(format!(
            "refusing to write {}: it lies outside {}",
            path.display(),
            folder.display()
        ))
    };
    let rest = path.strip_prefix(folder).map_err(|_| refuse())?;
    let plain = rest
        .components()
        .all(|c| matches!(c, std::path::Component::Normal(_)));
    if !plain || rest.as_os_str().is_empty() {
        return Err(refuse());
    }
    // A symlink inside the folder could still lead out: compare real paths.
    let parent = path.parent().unwrap_or(folder);
    std::fs::create_dir_all(parent).map_err(|e| OpError::io("create", parent, e))?;
    let real = |p: &Path| p.canonicalize().map_err(|e| OpError::io("open", p, e));
    if !real(parent)?.starts_with(real(folder)?) {
        return Err(refuse());
    }
    stage_synced(path, write, synced)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temporary_files_of_dead_builds_are_removed_and_no_others() {
        let dir = tempfile::tempdir().expect("temp dir");
        let game = dir.path().join("out/g");
        std::fs::create_dir_all(game.join("html")).expect("mkdir");
        // Process ids past the kernel's maximum (4,194,304) are never alive.
        let dead = [".g-rules.pdf.tmp-9999991", "html/.index.html.tmp-9999992"];
        let kept = [
            "g-rules.pdf".to_string(),
            format!(".live.pdf.tmp-{}", std::process::id()),
            "notes.tmp-9999993".to_string(),
        ];
        for name in dead
            .iter()
            .map(|s| s.to_string())
            .chain(kept.iter().cloned())
        {
            std::fs::write(game.join(name), b"x").expect("write");
        }
        assert_eq!(remove_stale_temps(&game), 2);
        for name in dead {
            assert!(!game.join(name).exists(), "{name} left");
        }
        for name in &kept {
            assert!(game.join(name).exists(), "{name} removed");
        }
    }

    #[test]
    fn output_outside_its_folder_is_refused() {
        let dir = tempfile::tempdir().expect("temp dir");
        let game = dir.path().join("out/game");
        for name in ["../escaped.pdf", "a/../../escaped.pdf", "/tmp/abs.pdf", ""] {
            let path = game.join(name);
            let refused = write_output(&game, &path, b"x");
            assert!(refused.is_err(), "{name} was written");
        }
        assert!(write_output(&game, Path::new("/tmp/grogpress-abs.pdf"), b"x").is_err());
        assert!(!dir.path().join("out/escaped.pdf").exists());
        assert!(!Path::new("/tmp/grogpress-abs.pdf").exists());
        write_output(&game, &game.join("html/index.html"), b"ok").expect("inside");
        assert_eq!(
            std::fs::read(game.join("html/index.html")).expect("read"),
            b"ok"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_symlinked_folder_leading_out_is_refused() {
        let dir = tempfile::tempdir().expect("temp dir");
        let game = dir.path().join("out/game");
        std::fs::create_dir_all(&game).expect("mkdir");
        let elsewhere = dir.path().join("elsewhere");
        std::fs::create_dir_all(&elsewhere).expect("mkdir");
        std::os::unix::fs::symlink(&elsewhere, game.join("html")).expect("link");
        assert!(write_output(&game, &game.join("html/index.html"), b"x").is_err());
        assert!(!elsewhere.join("index.html").exists());
    }

    #[test]
    fn writes_and_replaces_without_leftovers() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("a/b.pdf");
        write_atomic(&path, b"one").expect("first write");
        write_atomic(&path, b"two").expect("second write");
        assert_eq!(std::fs::read(&path).expect("read back"), b"two");
        let names: Vec<_> = std::fs::read_dir(dir.path().join("a"))
            .expect("list")
            .filter_map(|e| e.ok())
            .collect();
        assert_eq!(names.len(), 1);
    }

    #[test]
    fn unwritable_place_is_an_error() {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("file");
        std::fs::write(&file, b"x").expect("write");
        assert!(write_atomic(&file.join("sub/out.pdf"), b"y").is_err());
    }
}
