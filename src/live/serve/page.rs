//! Live, serve: the preview page — input: each served game's last build
//! (its status and diagnostics) and its folder under out/; output: the page
//! through `templates/html/preview.html` (built in), and its shape, which
//! tells a page that needs its images swapped from one that must reload.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use tera::{Context, Tera, Value};

use super::State;
use super::files::{real_dir, real_file, url_escape, url_segments};
use crate::load::OpError;
use crate::publish::preview::PREVIEW_DIR;

/// The page's template, as built into the binary.
const TEMPLATE: &str = "templates/html/preview.html";

/// The most directory entries the page looks at per game (a listing, or the
/// walk for card images).
const MAX_LISTED: usize = 5000;
/// The most card images shown per game.
const MAX_CARDS: usize = 500;

/// The preview page's template, compiled once.
pub(super) struct Page(Tera);

impl Page {
    pub(super) fn new() -> Result<Page, OpError> {
        let text = crate::load::embedded::file(TEMPLATE)
            .ok_or_else(|| OpError::new(format!("no built-in {TEMPLATE}")))?;
        let mut tera = Tera::new();
        tera.add_raw_template("preview.html", &String::from_utf8_lossy(text))
            .map_err(|e| OpError::new(format!("{TEMPLATE}: {e}")))?;
        Ok(Page(tera))
    }

    /// The page: per game, its diagnostics and its outputs. Its script
    /// (`/__preview.js`) follows the pushed events; no script or style is
    /// inline, so the policy holds.
    pub(super) fn render(&self, state: &State, out: &Path) -> String {
        let games = shown(state, out);
        let mut context = Context::new();
        context.insert_value("version", Value::from(state.version));
        context.insert_value("seq", Value::from(state.last_event()));
        context.insert_value("shape", Value::from(shape(&games)));
        context.insert_value(
            "games",
            Value::from(games.iter().map(Shown::value).collect::<Vec<_>>()),
        );
        self.0
            .render("preview.html", &context)
            .unwrap_or_else(|e| format!("{TEMPLATE}: {e}\n"))
    }
}

/// What the page lists, in short: a page whose shape is unchanged after a
/// build needs its changed images swapped, not a reload.
pub(super) fn page_shape(state: &State, out: &Path) -> String {
    shape(&shown(state, out))
}

fn shape(games: &[Shown]) -> String {
    use std::hash::{DefaultHasher, Hash, Hasher};
    let mut hasher = DefaultHasher::new();
    games.hash(&mut hasher);
    format!("{:016x}", hasher.finish())
}

/// One game on the page. `url` is set when its outputs can be shown (a
/// game that could not be read is named by its folder, which is not
/// out/<game>/).
#[derive(Hash)]
struct Shown {
    name: String,
    ok: bool,
    diagnostics: String,
    url: Option<String>,
    html: bool,
    /// Page previews: (URL, document, page number).
    pages: Vec<(String, String, usize)>,
    /// Card images: (URL, the path shown as its text).
    cards: Vec<(String, String)>,
    /// Output files: (URL, name).
    files: Vec<(String, String)>,
}

impl Shown {
    fn value(&self) -> Value {
        let pages = self.pages.iter().map(|(url, doc, n)| {
            map([
                ("url", Value::from(url.as_str())),
                ("doc", Value::from(doc.as_str())),
                ("n", Value::from(*n)),
            ])
        });
        let cards = self.cards.iter().map(|(url, alt)| {
            map([
                ("url", Value::from(url.as_str())),
                ("alt", Value::from(alt.as_str())),
            ])
        });
        let files = self.files.iter().map(|(url, name)| {
            map([
                ("url", Value::from(url.as_str())),
                ("name", Value::from(name.as_str())),
                ("pdf", Value::from(name.ends_with(".pdf"))),
            ])
        });
        map([
            ("name", Value::from(self.name.as_str())),
            ("ok", Value::from(self.ok)),
            ("diagnostics", Value::from(self.diagnostics.as_str())),
            ("url", Value::from(self.url.clone())),
            ("html", Value::from(self.html)),
            ("pages", Value::from(pages.collect::<Vec<_>>())),
            ("cards", Value::from(cards.collect::<Vec<_>>())),
            ("files", Value::from(files.collect::<Vec<_>>())),
        ])
    }
}

fn map<const N: usize>(pairs: [(&'static str, Value); N]) -> Value {
    Value::from(pairs.into_iter().collect::<BTreeMap<&'static str, Value>>())
}

/// Each game as the page shows it, reading its folder under `out`.
fn shown(state: &State, out: &Path) -> Vec<Shown> {
    state
        .games
        .iter()
        .map(|(game, (ok, diagnostics))| {
            let mut shown = Shown {
                name: game.clone(),
                ok: *ok,
                diagnostics: diagnostics.clone(),
                url: None,
                html: false,
                pages: Vec::new(),
                cards: Vec::new(),
                files: Vec::new(),
            };
            let dir = out.join(game);
            if url_segments(game).is_none_or(|s| s.len() != 1) || !real_dir(&dir) {
                return shown;
            }
            let base = format!("/out/{}", url_escape(game));
            shown.html = real_dir(&dir.join("html")) && real_file(&dir.join("html/index.html"));
            shown.pages = pages(&dir, &base);
            let mut pngs = Vec::new();
            let mut budget = MAX_LISTED;
            png_files(&dir, Path::new(""), 0, &mut budget, &mut pngs);
            pngs.sort();
            shown.cards = pngs
                .iter()
                .take(MAX_CARDS)
                .map(|rel| {
                    let url: Vec<String> = rel
                        .components()
                        .map(|c| url_escape(&c.as_os_str().to_string_lossy()))
                        .collect();
                    (
                        format!("{base}/{}", url.join("/")),
                        rel.display().to_string(),
                    )
                })
                .collect();
            shown.files = listed(&dir)
                .into_iter()
                .map(|name| (format!("{base}/{}", url_escape(&name)), name))
                .collect();
            shown.url = Some(url_escape(game));
            shown
        })
        .collect()
}

/// The regular, not hidden, files of a folder, sorted by name.
fn listed(dir: &Path) -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .take(MAX_LISTED)
                .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| !n.starts_with('.'))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// The page previews of a game, in document then page order: (URL,
/// document, page number).
fn pages(dir: &Path, base: &str) -> Vec<(String, String, usize)> {
    let previews = dir.join(PREVIEW_DIR);
    if !real_dir(&previews) {
        return Vec::new();
    }
    let mut pages: Vec<(String, usize, String)> = listed(&previews)
        .into_iter()
        .filter_map(|name| {
            let stem = name.strip_suffix(".png")?;
            let (doc, n) = stem.rsplit_once('-')?;
            Some((doc.to_string(), n.parse().ok()?, name.clone()))
        })
        .collect();
    pages.sort();
    pages
        .into_iter()
        .map(|(doc, n, name)| {
            let url = format!("{base}/{PREVIEW_DIR}/{}", url_escape(&name));
            (url, doc, n)
        })
        .collect()
}

/// The PNG images (card images) under `base`, as paths relative to it; the
/// HTML reference's own files and hidden files are left out, symbolic
/// links are not followed, and the walk stops at a depth of 4 or after
/// `budget` entries.
fn png_files(base: &Path, rel: &Path, depth: usize, budget: &mut usize, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(base.join(rel)) else {
        return;
    };
    for entry in entries.flatten() {
        if *budget == 0 {
            return;
        }
        *budget -= 1;
        let name = entry.file_name();
        let rel = rel.join(&name);
        if rel == Path::new("html")
            || rel == Path::new(PREVIEW_DIR)
            || name.to_string_lossy().starts_with('.')
        {
            continue;
        }
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() && depth < 4 {
            png_files(base, &rel, depth + 1, budget, out);
        } else if kind.is_file() && rel.extension().is_some_and(|e| e == "png") {
            out.push(rel);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(state: &State, out: &Path) -> String {
        Page::new()
            .expect("the built-in template")
            .render(state, out)
    }

    #[test]
    fn page_shows_card_pngs() {
        let dir = tempfile::tempdir().expect("temp dir");
        let images = dir.path().join("g/images/action");
        std::fs::create_dir_all(&images).expect("mkdir");
        std::fs::write(images.join("dug-in.png"), b"png").expect("write");
        std::fs::create_dir_all(dir.path().join("g/html")).expect("mkdir");
        std::fs::write(dir.path().join("g/html/logo.png"), b"png").expect("write");
        let mut state = State::default();
        state.games.insert("g".into(), (true, String::new()));
        let page = page(&state, dir.path());
        assert!(
            page.contains("<img src=\"/out/g/images/action/dug-in.png\""),
            "{page}"
        );
        assert!(!page.contains("logo.png"), "{page}");
    }

    #[test]
    fn page_escapes_data() {
        let mut state = State::default();
        state
            .games
            .insert("<g>".into(), (false, "`Defender <only>` & co".into()));
        let page = page(&state, Path::new("/nonexistent"));
        assert!(page.contains("&lt;g&gt;"));
        assert!(page.contains("`Defender &lt;only&gt;` &amp; co"));
        assert!(!page.contains("<only>"));
    }

    #[test]
    fn the_shape_follows_what_is_listed_not_the_build_count() {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::create_dir_all(dir.path().join("g/preview")).expect("mkdir");
        std::fs::write(dir.path().join("g/preview/aid-1.png"), b"png").expect("write");
        let mut state = State::default();
        state.games.insert("g".into(), (true, String::new()));
        let before = page_shape(&state, dir.path());
        state.version += 1;
        state.event += 3;
        assert_eq!(page_shape(&state, dir.path()), before);
        let page = page(&state, dir.path());
        assert!(page.contains(&format!("data-shape=\"{before}\"")), "{page}");
        assert!(
            page.contains("<figcaption>aid.pdf, page 1</figcaption>"),
            "{page}"
        );
        std::fs::write(dir.path().join("g/preview/aid-2.png"), b"png").expect("write");
        assert_ne!(page_shape(&state, dir.path()), before);
        state.games.insert("g".into(), (false, "error".into()));
        std::fs::remove_file(dir.path().join("g/preview/aid-2.png")).expect("remove");
        assert_ne!(page_shape(&state, dir.path()), before);
    }
}
