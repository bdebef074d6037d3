//! Shared by the tests of a game's editions (errata between two versions,
//! translations, its words, card links): a small game written into a
//! folder from its files, its `Orders` deck, and the runs those tests make
//! of it — `check` read back as JSON, a build in a language, the text of a
//! PDF and the pages of an HTML reference.

use std::path::{Path, PathBuf};

use super::tools::tool;
use super::{Run, grogpress};

/// Writes the game folder `game` from its files (a path in the game and
/// its text; folders made as needed); the folder.
pub fn write_game(game: &Path, files: &[(&str, &str)]) -> PathBuf {
    for (path, text) in files {
        let path = game.join(path);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("mkdir");
        std::fs::write(path, text).expect("write");
    }
    game.to_path_buf()
}

/// The `Orders` deck of the editions' games, two cards whose `title` and
/// `text` fields are given: (title, text) each.
pub fn orders(cards: [(&str, &str); 2]) -> String {
    super::orders_deck(&cards)
}

/// `grogpress check GAME --format json`, as it went.
pub fn check(game: &Path) -> Run {
    grogpress(&["check", path(game), "--format", "json"])
}

/// `grogpress COMMAND GAME --out OUT` with `--lang LANG` where given, as
/// it went.
pub fn built(command: &str, game: &Path, out: &Path, lang: Option<&str>) -> Run {
    let mut args = vec![command, path(game), "--out", path(out)];
    args.extend(lang.map(|l| ["--lang", l]).into_iter().flatten());
    grogpress(&args)
}

/// The text of a PDF, as pdftotext reads it.
pub fn pdf_text(pdf: &Path) -> String {
    tool("pdftotext", &[path(pdf), "-"])
}

/// The words of a PDF's text, one space between each (its lines joined).
pub fn pdf_words(pdf: &Path) -> String {
    pdf_text(pdf)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Asserts that `text` (`what` it is, as the failure names it) holds each
/// of `said` and none of `unsaid`.
pub fn says(text: &str, what: &str, said: &[&str], unsaid: &[&str]) {
    for s in said {
        assert!(text.contains(s), "no {s:?} in {what}:\n{text}");
    }
    for s in unsaid {
        assert!(!text.contains(s), "{s:?} in {what}:\n{text}");
    }
}

/// Every HTML page of the folder `dir`, one after another.
pub fn html_pages(dir: &Path) -> String {
    super::html_files(dir)
        .iter()
        .map(|p| std::fs::read_to_string(p).expect("page"))
        .collect()
}

/// A path as the command line takes it.
pub fn path(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

/// Two versions of one game in a temp folder, as a test of errata writes
/// them: `old` (`v1/<game>`), `new` (`v2/<game>`) and `out` for the runs.
pub struct Versions {
    pub old: PathBuf,
    pub new: PathBuf,
    pub out: PathBuf,
    /// The temp folder, removed when the versions are dropped.
    pub tmp: tempfile::TempDir,
}

impl Versions {
    /// The folders of the two versions of `game`, written by `write`
    /// (its folder, and whether it is the new version).
    pub fn new(game: &str, write: impl Fn(&Path, bool)) -> Versions {
        let tmp = tempfile::tempdir().expect("temp dir");
        let old = tmp.path().join("v1").join(game);
        let new = tmp.path().join("v2").join(game);
        write(&old, false);
        write(&new, true);
        Versions {
            out: tmp.path().join("out"),
            old,
            new,
            tmp,
        }
    }
}
