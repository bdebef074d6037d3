//! Load stage: the one path resolver. Every path a game names (decks, CSVs,
//! rules pages, charts, collections, layouts, fonts, icons, HTML templates)
//! goes through [`Confine::resolve`] or [`Confine::check`]: relative to a
//! folder inside the game, canonicalised, and it must stay inside the game
//! folder (a game folder is untrusted input, see DESIGN.md). A path that
//! leaves it, through `..`, an absolute path or a symlink, is a located
//! `path-outside-game` error, and nothing of the file is read.

use std::path::{Component, Path, PathBuf};

use super::OpError;
use crate::diag::{Diagnostic, Diagnostics, Loc, Sources};
use crate::model::Located;

/// A folder that every path resolved through it must stay inside.
#[derive(Clone, Debug)]
pub struct Confine {
    /// The folder as given (for messages).
    dir: PathBuf,
    /// The folder canonicalised (symlinks resolved), for the check.
    canonical: PathBuf,
}

/// Where a name leads.
#[derive(Debug, PartialEq, Eq)]
pub enum Resolved {
    /// An existing file inside the folder.
    File(PathBuf),
    /// Inside the folder, but no file is there (or it is a folder).
    Missing { path: PathBuf, exists: bool },
    /// It leaves the folder: absolute, `..` past the folder, or a symlink out.
    Outside,
}

impl Confine {
    /// The folder `dir`; an operational error when it cannot be found.
    pub fn new(dir: &Path) -> Result<Confine, OpError> {
        // `""` is the current folder (`Root::new(".")` drops the dot).
        let real = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        let canonical = real
            .canonicalize()
            .map_err(|e| OpError::io("open", dir, e))?;
        Ok(Confine {
            dir: dir.to_path_buf(),
            canonical,
        })
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Where `name`, relative to `base` (the folder itself or one inside
    /// it), leads.
    pub fn locate(&self, base: &Path, name: &str) -> Resolved {
        let relative = Path::new(name);
        if name.is_empty()
            || relative
                .components()
                .any(|c| matches!(c, Component::RootDir | Component::Prefix(_)))
        {
            return Resolved::Outside;
        }
        let joined = base.join(relative);
        if !lexically_inside(&self.dir, &joined) {
            return Resolved::Outside;
        }
        self.check(&joined)
    }

    /// Whether an existing path (found by listing a folder inside this
    /// one, say) really lies inside, symlinks followed.
    pub fn check(&self, path: &Path) -> Resolved {
        match path.canonicalize() {
            Ok(real) if real.starts_with(&self.canonical) => {
                if real.is_file() {
                    Resolved::File(path.to_path_buf())
                } else {
                    Resolved::Missing {
                        path: path.to_path_buf(),
                        exists: true,
                    }
                }
            }
            Ok(_) => Resolved::Outside,
            // A dangling symlink is outside as far as we can tell; a
            // plain missing file is missing.
            Err(_) if path.symlink_metadata().is_ok() => Resolved::Outside,
            Err(_) => Resolved::Missing {
                path: path.to_path_buf(),
                exists: false,
            },
        }
    }

    /// The file `name` (relative to `base`) names, if it exists inside the
    /// folder; else a located `path-outside-game` or `missing-file` error.
    pub fn resolve(
        &self,
        base: &Path,
        name: &Located<String>,
        what: &str,
        diags: &mut Diagnostics,
    ) -> Option<PathBuf> {
        match self.locate(base, &name.value) {
            Resolved::File(path) => Some(path),
            Resolved::Outside => {
                diags.push(outside(&name.value, what, Some(name.loc)));
                None
            }
            Resolved::Missing { path, exists } => {
                let why = if exists {
                    "is not a file"
                } else {
                    "does not exist"
                };
                // Told as the game folder's own path (art/x.png), not where
                // the folder happens to sit on this machine.
                let shown = path.strip_prefix(&self.dir).unwrap_or(&path);
                diags.push(crate::error!(
                    "missing-file", Some(name.loc), "{what} `{}` {why}", shown.display();
                    hint: "paths are relative to the game folder"
                ));
                None
            }
        }
    }

    /// An existing path found without a key naming it (a file listed in a
    /// folder, a template at a fixed name): `Some` when it may be read. One
    /// that leaves the folder is a `path-outside-game` error located at the
    /// path itself.
    pub fn admit(
        &self,
        path: &Path,
        what: &str,
        sources: &mut Sources,
        diags: &mut Diagnostics,
    ) -> Option<PathBuf> {
        match self.check(path) {
            Resolved::File(path) => Some(path),
            Resolved::Missing { .. } => None,
            Resolved::Outside => {
                let file = sources.add(path.to_path_buf(), String::new());
                diags.push(outside(
                    &path.display().to_string(),
                    what,
                    Some(Loc::new(file, 0..0)),
                ));
                None
            }
        }
    }
}

/// The `path-outside-game` error: it names the path, never what it holds.
pub fn outside(name: &str, what: &str, loc: Option<Loc>) -> Diagnostic {
    crate::error!(
        "path-outside-game", loc, "{what} `{name}` lies outside the game folder; it was not read";
        hint: "name files by paths relative to the game folder that stay inside it: \
               no absolute paths, no `..` past the folder, no symlinks leading out"
    )
}

/// Whether `path`, with `.` and `..` taken lexically, stays under `dir`.
fn lexically_inside(dir: &Path, path: &Path) -> bool {
    let path = normalize(path);
    path.strip_prefix(normalize(dir))
        .is_ok_and(|rest| !rest.components().any(|c| c == Component::ParentDir))
}

/// `path` with `.` dropped and `name/..` folded, lexically.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                let last = out.components().next_back();
                if matches!(last, Some(Component::Normal(_))) {
                    out.pop();
                } else if !matches!(last, Some(Component::RootDir | Component::Prefix(_))) {
                    out.push("..");
                }
            }
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> (tempfile::TempDir, Confine) {
        let root = tempfile::tempdir().expect("temp dir");
        let game = root.path().join("game");
        std::fs::create_dir_all(game.join("decks")).expect("mkdir");
        std::fs::write(game.join("decks/a.toml"), "x").expect("write");
        std::fs::write(root.path().join("secret.txt"), "MARKER").expect("write");
        let confine = Confine::new(&game).expect("confine");
        (root, confine)
    }

    #[test]
    fn a_file_inside_is_found_relative_to_its_base() {
        let (_root, c) = game();
        let decks = c.dir().join("decks");
        assert_eq!(
            c.locate(c.dir(), "decks/a.toml"),
            Resolved::File(c.dir().join("decks/a.toml"))
        );
        assert_eq!(
            c.locate(&decks, "a.toml"),
            Resolved::File(decks.join("a.toml"))
        );
        assert_eq!(
            c.locate(&decks, "../decks/./a.toml"),
            Resolved::File(decks.join("../decks/./a.toml"))
        );
    }

    #[test]
    fn absolute_and_parent_paths_leave_the_folder() {
        let (root, c) = game();
        let secret = root.path().join("secret.txt");
        assert_eq!(
            c.locate(c.dir(), &secret.display().to_string()),
            Resolved::Outside
        );
        assert_eq!(c.locate(c.dir(), "../secret.txt"), Resolved::Outside);
        assert_eq!(
            c.locate(c.dir(), "decks/../../secret.txt"),
            Resolved::Outside
        );
        assert_eq!(c.locate(c.dir(), "../nosuch.txt"), Resolved::Outside);
        assert_eq!(
            c.locate(&c.dir().join("decks"), "../../x"),
            Resolved::Outside
        );
        assert_eq!(c.locate(c.dir(), "/proc/self/environ"), Resolved::Outside);
        assert_eq!(c.locate(c.dir(), ""), Resolved::Outside);
    }

    #[test]
    fn a_missing_file_inside_is_missing_not_outside() {
        let (_root, c) = game();
        assert!(matches!(
            c.locate(c.dir(), "decks/nosuch.toml"),
            Resolved::Missing { exists: false, .. }
        ));
        assert!(matches!(
            c.locate(c.dir(), "decks"),
            Resolved::Missing { exists: true, .. }
        ));
    }

    #[cfg(unix)]
    #[test]
    fn symlinks_count_where_they_lead() {
        let (root, c) = game();
        let out_link = c.dir().join("out-link.toml");
        std::os::unix::fs::symlink(root.path().join("secret.txt"), &out_link).expect("link");
        let in_link = c.dir().join("in-link.toml");
        std::os::unix::fs::symlink(c.dir().join("decks/a.toml"), &in_link).expect("link");
        let dir_link = c.dir().join("up");
        std::os::unix::fs::symlink(root.path(), &dir_link).expect("link");
        let dangling = c.dir().join("dangling.toml");
        std::os::unix::fs::symlink("/nonexistent/x", &dangling).expect("link");
        assert_eq!(c.locate(c.dir(), "out-link.toml"), Resolved::Outside);
        assert_eq!(c.locate(c.dir(), "up/secret.txt"), Resolved::Outside);
        assert_eq!(c.locate(c.dir(), "dangling.toml"), Resolved::Outside);
        assert_eq!(c.locate(c.dir(), "in-link.toml"), Resolved::File(in_link));
    }

    #[test]
    fn a_game_folder_given_relatively_works_too() {
        let (root, _) = game();
        let cwd_relative = Path::new("a/b/../b/game");
        assert!(lexically_inside(cwd_relative, &cwd_relative.join("x.toml")));
        assert!(!lexically_inside(
            cwd_relative,
            &cwd_relative.join("../x.toml")
        ));
        assert!(lexically_inside(Path::new("../g"), Path::new("../g/x")));
        assert!(!lexically_inside(Path::new("../g"), Path::new("../g/../x")));
        assert!(!lexically_inside(Path::new(""), Path::new("../x")));
        assert!(lexically_inside(Path::new(""), Path::new("x/y")));
        drop(root);
    }
}
