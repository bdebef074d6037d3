//! The raw view of a run, for tests that look at the exit status and output
//! bytes themselves: the binary's `Output`, and its JSON diagnostics reduced
//! to the four fields that locate them.

use std::process::{Command, Output};

/// One diagnostic's id and place, read back from a JSON line.
#[derive(Debug, Clone, PartialEq)]
pub struct Diag {
    pub id: String,
    pub file: String,
    pub line: usize,
    pub column: usize,
}

/// Runs grogpress from the crate root and returns what it printed.
pub fn grogpress(args: &[&str]) -> Output {
    grogpress_in(std::path::Path::new(env!("CARGO_MANIFEST_DIR")), args)
}

/// Runs grogpress from `dir` (a folder with no data/, as an installed
/// grogpress is run) and returns what it printed.
pub fn grogpress_in(dir: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grogpress"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run grogpress")
}

/// Everything a run printed, for assertion messages.
pub fn dump(out: &Output) -> String {
    format!(
        "exit {:?}\n--- stdout\n{}--- stderr\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// The diagnostics of a `--format json` run (one object per line).
pub fn diags(out: &Output) -> Vec<Diag> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| {
            let d = super::parse_diag(l).unwrap_or_else(|e| panic!("bad JSON line: {e}\n{l}"));
            Diag {
                id: d.id,
                file: d.file,
                line: d.line,
                column: d.column,
            }
        })
        .collect()
}

/// Builds the rulebook of the game folder `game` into `out` with
/// `grogpress rulebook` (which must succeed); the PDF's path.
pub fn build_rulebook(game: &std::path::Path, out: &std::path::Path) -> std::path::PathBuf {
    build_rulebook_with(game, out, &[])
}

/// Builds the rulebook of `game` (a shipped game's name, or a game folder)
/// into `out` with `grogpress rulebook` and the `extra` arguments (which
/// must succeed); the PDF's path.
pub fn build_rulebook_with(
    game: impl AsRef<std::path::Path>,
    out: &std::path::Path,
    extra: &[&str],
) -> std::path::PathBuf {
    let game = game.as_ref();
    let mut args = vec![
        "rulebook",
        game.to_str().expect("utf-8 path"),
        "--out",
        out.to_str().expect("utf-8 path"),
    ];
    args.extend_from_slice(extra);
    let run = grogpress(&args);
    assert!(run.status.success(), "{}", dump(&run));
    let id = game.file_name().expect("a game").to_string_lossy();
    out.join(&*id).join(grogpress::publish::rulebook_file(&id))
}
