//! Publish (diff): a game folder as it was at a git revision, read with
//! plumbing alone — `rev-parse`, `ls-tree -r -l -z` and `cat-file --batch` —
//! into a fresh folder under `out/`, so `load` reads it as any folder.
//!
//! A game folder is untrusted input (DESIGN.md), and so is its repository's
//! configuration: `core.fsmonitor`, textconv drivers, filters, hooks,
//! `core.sshCommand` and the `ext::` transport can each make git run a
//! program. None of the commands used here runs any of them (no work tree,
//! no index, no diff, no filter), and every call also turns off what could:
//! no system or global configuration, `core.fsmonitor=false`, no pager, no
//! lazy fetch of missing objects, no protocol at all. Only regular files
//! are written; a blob larger than any file `load` accepts is refused.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Component, Path, PathBuf};
use std::process::{Command, Stdio};

use crate::load::OpError;

/// The largest file written: the largest any part of `load` reads (a font).
pub const MAX_BLOB_BYTES: u64 = crate::load::MAX_FONT_BYTES;
/// The most files a version may hold.
pub const MAX_FILES: usize = 100_000;
/// The most bytes a version may hold, all its files together.
pub const MAX_TOTAL_BYTES: u64 = 1024 * 1024 * 1024;

/// One file of the game folder at a revision.
struct TreeFile {
    /// Relative to the game folder, checked to be a plain relative path.
    path: PathBuf,
    oid: String,
    size: u64,
}

/// A `git` call in `dir` that can run no program of the repository's choosing.
pub(crate) fn git(dir: &Path) -> Command {
    let mut cmd = Command::new("git");
    // What the caller's environment says of a repository is not this one's.
    for var in [
        "GIT_DIR",
        "GIT_WORK_TREE",
        "GIT_INDEX_FILE",
        "GIT_OBJECT_DIRECTORY",
        "GIT_ALTERNATE_OBJECT_DIRECTORIES",
        "GIT_COMMON_DIR",
        "GIT_NAMESPACE",
        "GIT_CONFIG",
        "GIT_CONFIG_PARAMETERS",
        "GIT_CONFIG_COUNT",
        "GIT_EXTERNAL_DIFF",
        "GIT_SSH",
        "GIT_SSH_COMMAND",
        "GIT_ASKPASS",
        "GIT_EXEC_PATH",
        "GIT_TRACE",
    ] {
        cmd.env_remove(var);
    }
    cmd.env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_PAGER", "cat")
        .env("PAGER", "cat")
        .env("GIT_TERMINAL_PROMPT", "0")
        .env("GIT_NO_LAZY_FETCH", "1")
        .env("GIT_NO_REPLACE_OBJECTS", "1")
        .env("GIT_OPTIONAL_LOCKS", "0")
        .env("GIT_PROTOCOL_FROM_USER", "0")
        .env("GIT_ALLOW_PROTOCOL", "")
        .env("LC_ALL", "C")
        .arg("--no-pager")
        .args(["-c", "core.fsmonitor=false"])
        .args(["-c", "core.hooksPath=/dev/null"])
        .args(["-c", "core.sshCommand=false"])
        .args(["-c", "protocol.allow=never"])
        .args(["-c", "core.untrackedCache=false"])
        .arg("-C")
        .arg(dir)
        .stdin(Stdio::null());
    cmd
}

/// Runs `cmd` and gives its standard output; a failure is an operational
/// error saying `what` and what git said.
pub(crate) fn output(mut cmd: Command, what: &str) -> Result<Vec<u8>, OpError> {
    let out = cmd.output().map_err(|e| {
        OpError::new(format!(
            "{what}: cannot run git ({e}); `--from DIR` compares with a folder instead"
        ))
    })?;
    if !out.status.success() {
        let said = String::from_utf8_lossy(&out.stderr);
        let said = said.trim();
        return Err(OpError::new(if said.is_empty() {
            what.to_string()
        } else {
            format!("{what}: {said}")
        }));
    }
    Ok(out.stdout)
}

/// A revision as the command line gives it: never an option.
fn check_rev(rev: &str) -> Result<(), OpError> {
    if rev.is_empty() || rev.starts_with('-') || rev.contains('\0') || rev.contains(':') {
        return Err(OpError::new(format!(
            "`{rev}` is not a git revision (a commit, branch or tag: HEAD~1, v1.0, main)"
        )));
    }
    Ok(())
}

/// Writes game folder `dir` as it was at revision `rev` into `into`
/// (which must not exist yet; its last component should be the game's
/// folder name, as `load` names a game by its folder).
pub fn write_revision(dir: &Path, rev: &str, into: &Path) -> Result<(), OpError> {
    check_rev(rev)?;
    let not_repo = |e: OpError| {
        OpError::new(format!(
            "{} is not in a git repository, or git cannot read it ({e})",
            dir.display()
        ))
    };
    let prefix = show_prefix(dir).map_err(not_repo)?;
    let prefix = prefix.as_str();
    let mut commit_cmd = git(dir);
    commit_cmd.args(["rev-parse", "--verify", "--quiet", "--end-of-options"]);
    commit_cmd.arg(format!("{rev}^{{commit}}"));
    let commit = output(commit_cmd, &format!("unknown revision `{rev}`"))?;
    let commit = String::from_utf8_lossy(&commit).trim().to_string();
    if commit.is_empty() || !commit.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(OpError::new(format!("unknown revision `{rev}`")));
    }
    let files = list_tree(dir, rev, &commit, prefix)?;
    std::fs::create_dir_all(into).map_err(|e| OpError::io("create", into, e))?;
    read_blobs(dir, rev, &files, into)
}

/// The regular files of the tree of `commit` at `prefix`.
fn list_tree(dir: &Path, rev: &str, commit: &str, prefix: &str) -> Result<Vec<TreeFile>, OpError> {
    let mut cmd = git(dir);
    cmd.args([
        "ls-tree",
        "-r",
        "-l",
        "-z",
        "--full-tree",
        "--end-of-options",
    ]);
    cmd.arg(format!("{commit}:{prefix}"));
    let shown = if prefix.is_empty() { "." } else { prefix };
    let listing = output(
        cmd,
        &format!("the game folder `{shown}` does not exist at revision `{rev}`"),
    )?;
    let mut files = Vec::new();
    let mut total = 0u64;
    for entry in listing.split(|&b| b == 0).filter(|e| !e.is_empty()) {
        let entry = String::from_utf8_lossy(entry);
        let bad = || OpError::new(format!("git ls-tree gave a line it should not: {entry}"));
        let (meta, name) = entry.split_once('\t').ok_or_else(bad)?;
        let mut parts = meta.split_whitespace();
        let (mode, kind, oid, size) = (parts.next(), parts.next(), parts.next(), parts.next());
        let (Some(mode), Some(kind), Some(oid), Some(size)) = (mode, kind, oid, size) else {
            return Err(bad());
        };
        // Symbolic links and submodules are not files of the folder:
        // a link is not followed (it could lead anywhere), and `load`
        // reports a file it names as missing.
        if kind != "blob" || !(mode == "100644" || mode == "100755") {
            continue;
        }
        let path = plain_path(name).ok_or_else(|| {
            OpError::new(format!(
                "revision `{rev}` holds a file named `{name}`, which is not a plain path inside the folder"
            ))
        })?;
        let size: u64 = size.parse().map_err(|_| bad())?;
        if size > MAX_BLOB_BYTES {
            return Err(OpError::new(format!(
                "revision `{rev}`: `{name}` is {size} bytes, more than any file a game may hold ({MAX_BLOB_BYTES})"
            )));
        }
        total += size;
        if total > MAX_TOTAL_BYTES || files.len() >= MAX_FILES {
            return Err(OpError::new(format!(
                "revision `{rev}`: the game folder holds more than {MAX_FILES} files or {MAX_TOTAL_BYTES} bytes"
            )));
        }
        if !oid.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(bad());
        }
        files.push(TreeFile {
            path,
            oid: oid.to_string(),
            size,
        });
    }
    Ok(files)
}

/// `name` as a relative path of plain components (no `..`, no root, no
/// `.git`), or None.
fn plain_path(name: &str) -> Option<PathBuf> {
    let path = Path::new(name);
    let plain = !name.is_empty()
        && !name.contains('\\')
        && path.components().all(|c| match c {
            Component::Normal(part) => !part.eq_ignore_ascii_case(".git"),
            _ => false,
        });
    plain.then(|| path.to_path_buf())
}

/// Reads every file's blob with one `git cat-file --batch` and writes it
/// under `into`.
fn read_blobs(dir: &Path, rev: &str, files: &[TreeFile], into: &Path) -> Result<(), OpError> {
    if files.is_empty() {
        return Ok(());
    }
    let (mut child, mut stdin, stdout) = cat_file(dir)?;
    // The names go in on their own thread: git writes as it reads, and a
    // full pipe either way would stall both.
    let oids: Vec<String> = files.iter().map(|f| f.oid.clone()).collect();
    let feeder = std::thread::spawn(move || -> std::io::Result<()> {
        let mut all = String::with_capacity(oids.len() * 41);
        for oid in oids {
            all.push_str(&oid);
            all.push('\n');
        }
        stdin.write_all(all.as_bytes())
    });
    let mut reader = BufReader::new(stdout);
    let result = files
        .iter()
        .try_for_each(|file| read_one(&mut reader, rev, file, into));
    if result.is_err() {
        let _ = child.kill();
    }
    let _ = feeder.join();
    let _ = child.wait();
    result
}

/// A `git cat-file --batch` running in `dir`, with the pipes to and from it.
fn cat_file(
    dir: &Path,
) -> Result<
    (
        std::process::Child,
        std::process::ChildStdin,
        std::process::ChildStdout,
    ),
    OpError,
> {
    let mut cmd = git(dir);
    cmd.args(["cat-file", "--batch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    let mut child = cmd
        .spawn()
        .map_err(|e| OpError::new(format!("cannot run git cat-file ({e})")))?;
    let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
        let _ = child.kill();
        let _ = child.wait();
        return Err(OpError::new("git cat-file: no pipe to it"));
    };
    Ok((child, stdin, stdout))
}

/// One blob from `git cat-file --batch`: its header, its bytes, a newline.
fn read_one(
    reader: &mut impl BufRead,
    rev: &str,
    file: &TreeFile,
    into: &Path,
) -> Result<(), OpError> {
    let broken = || {
        OpError::new(format!(
            "revision `{rev}`: git cat-file could not give `{}`",
            file.path.display()
        ))
    };
    let mut header = String::new();
    reader.read_line(&mut header).map_err(|_| broken())?;
    let mut parts = header.split_whitespace();
    let (oid, kind, size) = (parts.next(), parts.next(), parts.next());
    if oid != Some(file.oid.as_str()) || kind != Some("blob") {
        return Err(broken());
    }
    let size: u64 = size.and_then(|s| s.parse().ok()).ok_or_else(broken)?;
    if size != file.size || size > MAX_BLOB_BYTES {
        return Err(broken());
    }
    let mut bytes = Vec::with_capacity(size as usize);
    reader
        .take(size + 1)
        .read_to_end(&mut bytes)
        .map_err(|_| broken())?;
    if bytes.pop() != Some(b'\n') || bytes.len() as u64 != size {
        return Err(broken());
    }
    let path = into.join(&file.path);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| OpError::io("create", parent, e))?;
    }
    std::fs::write(&path, bytes).map_err(|e| OpError::io("write", &path, e))
}

/// The folder of `dir` under its repository's top, as git writes it in
/// `REV:path` (empty at the top, else ending in `/`).
pub(crate) fn show_prefix(dir: &Path) -> Result<String, OpError> {
    let mut cmd = git(dir);
    cmd.args(["rev-parse", "--show-prefix"]);
    let prefix = output(cmd, "git rev-parse --show-prefix")?;
    let prefix = String::from_utf8(prefix)
        .map_err(|_| OpError::new(format!("{}: its path is not UTF-8", dir.display())))?;
    Ok(prefix.trim_end_matches('\n').to_string())
}

/// A blob read by [`Blobs`]: its object id and its bytes.
pub(crate) struct Blob {
    pub oid: String,
    pub bytes: Vec<u8>,
}

/// One `git cat-file --batch` process that any number of files at any
/// number of revisions are read through, one at a time (a question, then
/// its whole answer, so neither pipe fills); ended when dropped.
pub(crate) struct Blobs {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    stdout: BufReader<std::process::ChildStdout>,
    /// An answer could not be read whole: the process is ended and every
    /// later question is answered None.
    broken: bool,
}

impl Blobs {
    pub(crate) fn open(dir: &Path) -> Result<Blobs, OpError> {
        let (child, stdin, stdout) = cat_file(dir)?;
        Ok(Blobs {
            child,
            stdin,
            stdout: BufReader::new(stdout),
            broken: false,
        })
    }

    /// The file `path` (relative to the repository's top) at `commit` (an
    /// object id): None when there is no such file, it is no file, or it
    /// is larger than any file a game may hold.
    pub(crate) fn read(&mut self, commit: &str, path: &str) -> Option<Blob> {
        if self.broken
            || !commit.bytes().all(|b| b.is_ascii_hexdigit())
            || path.contains(['\n', '\0'])
        {
            return None;
        }
        let answer = self.ask(commit, path);
        if answer.is_err() {
            self.end();
        }
        answer.ok().flatten()
    }

    /// One question and its answer; Err when the answer cannot be read whole.
    fn ask(&mut self, commit: &str, path: &str) -> Result<Option<Blob>, ()> {
        writeln!(self.stdin, "{commit}:{path}").map_err(|_| ())?;
        self.stdin.flush().map_err(|_| ())?;
        let mut header = String::new();
        self.stdout.read_line(&mut header).map_err(|_| ())?;
        let mut parts = header.split_whitespace();
        let (oid, kind, size) = (parts.next(), parts.next(), parts.next());
        let (Some(oid), Some(kind), Some(size)) = (oid, kind, size) else {
            // `<name> missing`: nothing follows.
            return if header.trim_end().ends_with(" missing") {
                Ok(None)
            } else {
                Err(())
            };
        };
        let size: u64 = size.parse().map_err(|_| ())?;
        if size > MAX_BLOB_BYTES {
            return Err(());
        }
        let mut bytes = Vec::with_capacity(size as usize);
        (&mut self.stdout)
            .take(size + 1)
            .read_to_end(&mut bytes)
            .map_err(|_| ())?;
        if bytes.pop() != Some(b'\n') || bytes.len() as u64 != size {
            return Err(());
        }
        Ok((kind == "blob").then(|| Blob {
            oid: oid.to_string(),
            bytes,
        }))
    }

    fn end(&mut self) {
        self.broken = true;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Blobs {
    fn drop(&mut self) {
        if !self.broken {
            self.end();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_relative_paths_are_written() {
        assert!(plain_path("decks/a.toml").is_some());
        assert!(plain_path("rules/1-intro.md").is_some());
        for bad in [
            "",
            "../x",
            "a/../../x",
            "/etc/passwd",
            ".git/config",
            "a/.GIT/x",
            "a\\b",
            "./x",
        ] {
            assert!(plain_path(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn a_revision_is_never_an_option() {
        for bad in ["", "-c", "--upload-pack=x", "HEAD:secret"] {
            assert!(check_rev(bad).is_err(), "{bad}");
        }
        assert!(check_rev("HEAD~1").is_ok());
    }
}
