//! Publish: a game in one of its languages — the translated game `--lang`
//! builds ([`translated`]), the problems only a translation laid out shows
//! (a translated text that overflows its region: [`translation_problems`]),
//! and the translations older than their source ([`check_stale`]): with
//! the game folder in git, each translated line's last commit (`git blame`
//! of the translation file) is read back with the plumbing `diff` uses, and
//! a source text that differs there from now changed after its translation.
//! Every file at every commit is read through one `git cat-file --batch`;
//! a commit whose source file is as it is now settles its texts, and the
//! game is read whole only for the few earlier versions that differ.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use super::diff::git;
use crate::diag::{Diagnostics, FileId, Loc, Sources};
use crate::load::OpError;
use crate::model::Game;
use crate::model::translation::{Translation, source_texts, translated_game};
use crate::text::Words;

/// `game` in the language `lang`: None for its own language; an error when
/// it has no such language.
pub fn translated(game: &Game, lang: &str) -> Result<Option<Game>, OpError> {
    let tr = &game.translations;
    if tr.source() == Some(lang) || (tr.languages.is_empty() && game.language == lang) {
        return Ok(None);
    }
    let Some(translation) = tr.get(lang) else {
        let languages: Vec<&str> = if tr.languages.is_empty() {
            vec![game.language.as_str()]
        } else {
            tr.languages.iter().map(|l| l.value.as_str()).collect()
        };
        return Err(OpError::new(format!(
            "{} has no language `{lang}`; its languages: {} (declare more with `languages` in game.toml)",
            game.id,
            languages.join(", ")
        )));
    };
    Ok(Some(translated_game(
        game,
        translation,
        words_of(translation),
    )))
}

/// The engine's words in a translation's language: the built-in table,
/// with what the translation's `[words]` sets.
fn words_of(translation: &Translation) -> Words {
    let mut words = Words::for_language(&translation.lang.value);
    for (key, word) in &translation.words {
        if let Some(name) = words.pairs().into_iter().map(|(k, _)| k).find(|k| k == key) {
            words.set_at.push((name, word.loc));
        }
        words.set(key, word.value.clone());
    }
    words
}

/// The files of a translation: its `lang/<code>.toml` and rules pages.
fn translation_files(translation: &Translation) -> Vec<FileId> {
    translation
        .file
        .into_iter()
        .chain(translation.rules.iter().flatten().map(|p| p.file))
        .collect()
}

/// The problems of each translation of `game` laid out as `check` lays out
/// the game: those in the translation's own files (a translated text too
/// long for its card, a bad link in a translated page); the rest are the
/// source's, told once already.
pub fn translation_problems(
    game: &Game,
    assets: &super::Assets,
    options: &super::PlanOptions,
    sources: &mut Sources,
) -> Result<Diagnostics, OpError> {
    let mut kept = Diagnostics::default();
    for translation in &game.translations.translations {
        let lang = &translation.lang.value;
        let Some(translated) = translated(game, lang)? else {
            continue;
        };
        let mut diags = crate::validate::validate(&translated);
        let outputs = super::plan(&translated, assets, options, sources, &mut diags)?;
        super::lay_out(&translated, &outputs, assets, options, &mut diags)?;
        let files = translation_files(translation);
        for d in diags {
            if d.loc.is_some_and(|l| files.contains(&l.file)) {
                kept.push(d);
            }
        }
    }
    Ok(kept)
}

/// A commit's id and when it was made, as `git blame --porcelain` tells.
#[derive(Clone, Debug, Default)]
struct Commit {
    id: String,
    time: i64,
}

/// The last commit of each line (1-based) of `path` as it is now (lines
/// not committed yet have none); None when the file has no history in git
/// (the folder is no repository, or the file was never committed).
fn blame(dir: &Path, path: &Path) -> Option<HashMap<usize, Commit>> {
    let mut cmd = git::git(dir);
    // `--contents`: the file as it is, read as is (no filter of the
    // repository's runs on it); no textconv either.
    cmd.args(["blame", "--porcelain", "--no-textconv", "--contents"])
        .arg(path)
        .args(["HEAD", "--"])
        .arg(path);
    let out = git::output(cmd, "git blame").ok()?;
    let text = String::from_utf8_lossy(&out);
    let mut times: HashMap<String, i64> = HashMap::new();
    let mut lines: Vec<(usize, String)> = Vec::new();
    let mut current = String::new();
    for line in text.lines() {
        if line.starts_with('\t') {
            continue;
        }
        let mut words = line.split(' ');
        let first = words.next().unwrap_or_default();
        if first.len() == 40 && first.bytes().all(|b| b.is_ascii_hexdigit()) {
            current = first.to_string();
            let _orig = words.next();
            if let Some(n) = words.next().and_then(|n| n.parse().ok()) {
                lines.push((n, current.clone()));
            }
        } else if first == "committer-time"
            && let Some(t) = words.next().and_then(|t| t.parse().ok())
        {
            times.insert(current.clone(), t);
        }
    }
    Some(
        lines
            .into_iter()
            .filter(|(_, id)| id.bytes().any(|b| b != b'0'))
            .map(|(n, id)| {
                let time = times.get(&id).copied().unwrap_or_default();
                (n, Commit { id, time })
            })
            .collect(),
    )
}

/// Whether `dir` is inside a git work tree git can read.
fn in_git(dir: &Path) -> bool {
    let mut cmd = git::git(dir);
    cmd.args(["rev-parse", "--is-inside-work-tree"]);
    git::output(cmd, "git rev-parse").is_ok_and(|o| o.starts_with(b"true"))
}

/// A folder for the revisions read, removed when done.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Result<Scratch, OpError> {
        let base = std::env::temp_dir();
        for n in 0..1000 {
            let dir = base.join(format!("grogpress-lang-{}-{n}", std::process::id()));
            match std::fs::create_dir(&dir) {
                Ok(()) => return Ok(Scratch(dir)),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(OpError::io("create", &dir, e)),
            }
        }
        Err(OpError::new(
            "no scratch folder for the translations' history",
        ))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The source as it was at a commit: its texts by (group, key, field).
struct Then {
    texts: HashMap<TextKey, String>,
}

/// The game folder `dir` at `commit`, read as `diff` reads a revision.
fn source_then(game: &Game, commit: &str, scratch: &Scratch) -> Option<Then> {
    let name = game.dir.canonicalize().ok()?.file_name()?.to_os_string();
    let into = scratch.0.join(commit).join(name);
    git::write_revision(&game.dir, commit, &into).ok()?;
    let mut sources = Sources::default();
    let mut diags = Diagnostics::default();
    let mut old = crate::load::load_game(&into, &mut sources, &mut diags)
        .ok()
        .flatten()?;
    // What is translated is what the game translates now.
    old.translations.fields = game.translations.fields.clone();
    let texts = source_texts(&old)
        .into_iter()
        .map(|t| ((t.group, t.key, t.field), t.value.value))
        .collect();
    Some(Then { texts })
}

/// Each translated text and rules page whose source changed after it was
/// last changed: `translation-stale`, at the translation. Needs the game
/// folder in git; out of git it is one `translation-unchecked` warning.
pub fn check_stale(game: &Game, sources: &Sources, diags: &mut Diagnostics) -> Result<(), OpError> {
    let tr = &game.translations;
    if tr.translations.is_empty() {
        return Ok(());
    }
    if !in_git(&game.dir) {
        let at = tr.languages.get(1).map(|l| l.loc);
        diags.push(crate::warning!(
            "translation-unchecked", at,
            "cannot tell which translations are older than their source: {} is not in git", game.dir.display();
            hint: "a translation is stale when its source changed after it was last committed; commit the game folder to git for this check"
        ));
        return Ok(());
    }
    // Each translated thing with the commit that last changed it.
    let mut by_commit: BTreeMap<String, (i64, Vec<Pending>)> = BTreeMap::new();
    for translation in &tr.translations {
        if let (Some(file), Some(lines)) = (translation.file, blame(&game.dir, &translation.path)) {
            for (i, t) in translation.texts.iter().enumerate() {
                let (line, _) = sources.line_col(file, t.text.loc.span.start);
                if let Some(commit) = lines.get(&line) {
                    let entry = by_commit.entry(commit.id.clone()).or_default();
                    entry.0 = commit.time;
                    entry.1.push(Pending::Text(translation, i));
                }
            }
        }
        for (page, translated) in game.rules.iter().zip(&translation.rules) {
            let Some(translated) = translated else {
                continue;
            };
            let Some(lines) = blame(&game.dir, &translated.path) else {
                continue;
            };
            let line_count = sources.text(translated.file).lines().count().max(1);
            // A line not committed yet: the page is newer than any commit.
            if lines.len() < line_count {
                continue;
            }
            if let Some(newest) = lines.values().max_by_key(|c| c.time) {
                let rel = page.path.strip_prefix(&game.dir).unwrap_or(&page.path);
                let entry = by_commit.entry(newest.id.clone()).or_default();
                entry.0 = newest.time;
                entry.1.push(Pending::Page(
                    translation,
                    rel.to_path_buf(),
                    page.file,
                    translated.file,
                ));
            }
        }
    }
    if by_commit.is_empty() {
        return Ok(());
    }
    // Each source text now, and the file (under the game folder) it is in.
    let now: HashMap<TextKey, (String, PathBuf, FileId)> = source_texts(game)
        .into_iter()
        .map(|t| {
            let file = t.value.loc.file;
            let path = sources.path(file);
            let rel = path.strip_prefix(&game.dir).unwrap_or(path).to_path_buf();
            ((t.group, t.key, t.field), (t.value.value, rel, file))
        })
        .collect();
    let Ok(prefix) = git::show_prefix(&game.dir) else {
        return Ok(());
    };
    // Every file at every commit is read through one `git cat-file`.
    let mut blobs = git::Blobs::open(&game.dir)?;
    let mut read_then = |commit: &str, rel: &Path| {
        let rel = rel.to_str()?;
        blobs.read(commit, &format!("{prefix}{rel}"))
    };
    // Texts whose file changed since their commit: by the versions of those
    // files then (commits that hold the same versions are loaded once).
    let mut to_load: BTreeMap<Vec<(PathBuf, String)>, SourceVersion> = BTreeMap::new();
    for (commit, (time, pending)) in by_commit {
        let short = &commit[..commit.len().min(10)];
        let mut changed_files: Vec<(PathBuf, String)> = Vec::new();
        let mut waiting = Vec::new();
        for p in pending {
            match p {
                Pending::Page(translation, rel, source_file, file) => {
                    if let Some(old) = read_then(&commit, &rel)
                        && old.bytes != sources.text(source_file).as_bytes()
                    {
                        diags.push(crate::warning!(
                            "translation-stale", Some(Loc::new(file, 0..0)),
                            "the `{}` translation of {} is older than its source: the page changed after commit {short}", translation.lang.value, rel.display();
                            hint: "see what changed with `git diff {short} -- {}`, translate it and commit", rel.display()
                        ));
                    }
                }
                Pending::Text(translation, i) => {
                    let t = &translation.texts[i];
                    let key = (t.group.clone(), t.key.clone(), t.field.clone());
                    let Some((_, rel, file)) = now.get(&key) else {
                        continue;
                    };
                    if changed_files.iter().any(|(r, _)| r == rel) {
                        waiting.push(p);
                        continue;
                    }
                    let Some(then) = read_then(&commit, rel) else {
                        continue;
                    };
                    // Its file as it was then is its file now: it has not changed.
                    if sources.text(*file).as_bytes() == then.bytes {
                        continue;
                    }
                    changed_files.push((rel.clone(), then.oid));
                    waiting.push(p);
                }
            }
        }
        if !waiting.is_empty() {
            changed_files.sort();
            let entry = to_load
                .entry(changed_files)
                .or_insert_with(|| (time, commit.clone(), Vec::new()));
            if time < entry.0 {
                (entry.0, entry.1) = (time, commit.clone());
            }
            entry.2.extend(waiting);
        }
    }
    // The oldest versions first, at most MOST_VERSIONS of them loaded.
    let mut versions: Vec<SourceVersion> = to_load.into_values().collect();
    versions.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(&b.1)));
    let left: Vec<_> = versions.split_off(versions.len().min(MOST_VERSIONS));
    let scratch = Scratch::new()?;
    for (_, commit, pending) in versions {
        let Some(then) = source_then(game, &commit, &scratch) else {
            continue;
        };
        let short = &commit[..commit.len().min(10)];
        for p in pending {
            let Pending::Text(translation, i) = p else {
                continue;
            };
            let t = &translation.texts[i];
            let key = (t.group.clone(), t.key.clone(), t.field.clone());
            if let (Some(old), Some((new, ..))) = (then.texts.get(&key), now.get(&key))
                && old != new
            {
                diags.push(crate::warning!(
                    "translation-stale", Some(t.text.loc),
                    "the `{}` translation of `{}.{}` {} is older than its source: the source changed after commit {short}", translation.lang.value, t.group, t.key, t.field;
                    hint: "the source now reads \"{}\"; update the translation and commit it", new.lines().next().unwrap_or_default()
                ));
            }
        }
    }
    let unchecked: usize = left.iter().map(|(_, _, p)| p.len()).sum();
    if unchecked > 0 {
        let at = left.iter().flat_map(|(_, _, p)| p).find_map(|p| match p {
            Pending::Text(translation, i) => Some(translation.texts[*i].text.loc),
            Pending::Page(..) => None,
        });
        diags.push(crate::warning!(
            "translation-unchecked", at,
            "{unchecked} translated texts were last changed against more than {MOST_VERSIONS} earlier versions of their sources; those of the newest versions were not compared";
            hint: "commit the translations brought up to date (a text committed after its source's last change needs no comparing)"
        ));
    }
    Ok(())
}

/// A translated text's source key: (group, key, field).
type TextKey = (String, String, String);

/// An earlier version of the sources: when its oldest commit was made,
/// that commit, and the texts to compare with it.
type SourceVersion<'g> = (i64, String, Vec<Pending<'g>>);

/// The most earlier versions of the sources the stale check loads (each
/// a game read whole): the oldest, whose sources had longest to change.
const MOST_VERSIONS: usize = 8;

/// A translated thing waiting for the source at its last commit.
enum Pending<'g> {
    /// A text of a translation, by its index.
    Text(&'g Translation, usize),
    /// A translated rules page: its source page's path and both files.
    Page(&'g Translation, PathBuf, FileId, FileId),
}
