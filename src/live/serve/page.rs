//! Live, serve: the preview page — input: each served game's last build
//! (its status and diagnostics) and its folder under out/; output: the page
//! through `templates/html/preview.html` (built in), and its shape (what it
//! lists, hashed: a build that keeps it swaps images, else the page reloads).

use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::{Path, PathBuf};

use serde_json::{Value, json};
use tera::{Context, Tera};
use walkdir::WalkDir;

use super::State;
use super::files::{url_escape, url_segments};
use crate::load::OpError;
use crate::publish::preview::PREVIEW_DIR;

/// The page's template, as built into the binary.
const TEMPLATE: &str = "templates/html/preview.html";
/// The most entries of its folder the page looks at per game, and the
/// most card images it shows.
const MAX_LISTED: usize = 5000;
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

    /// The page: per game, its diagnostics and its outputs.
    pub(super) fn render(&self, state: &State, seen: &str, out: &Path) -> String {
        let games = shown(state, out);
        let mut context = Context::new();
        context.insert("version", &state.version);
        context.insert("seq", seen);
        context.insert("shape", &shape(&games));
        context.insert("games", &games);
        let page = self.0.render("preview.html", &context);
        page.unwrap_or_else(|e| format!("{TEMPLATE}: {e}\n"))
    }
}

/// What the page lists, in short: a page whose shape is unchanged after a
/// build needs its changed images swapped, not a reload.
pub(super) fn page_shape(state: &State, out: &Path) -> String {
    shape(&shown(state, out))
}

fn shape(games: &Value) -> String {
    let mut hasher = DefaultHasher::new();
    games.to_string().hash(&mut hasher);
    format!("{:016x}", hasher.finish())
}

/// Each game as the page shows it, reading its folder
/// under `out` (a game that could not be read is named by its folder,
/// which is not out/<game>/: its outputs are not shown).
fn shown(state: &State, out: &Path) -> Value {
    let games = state.games.iter().map(|(game, (ok, diagnostics))| {
        let mut shown = json!({"name": game, "ok": ok, "diagnostics": diagnostics});
        let dir = out.join(game);
        let is = |p: &Path, dir: bool| {
            std::fs::symlink_metadata(p).is_ok_and(|m| if dir { m.is_dir() } else { m.is_file() })
        };
        if url_segments(game).is_none_or(|s| s.len() != 1) || !is(&dir, true) {
            return shown;
        }
        // Regular files, no symbolic link followed, at most 4 folders down,
        // hidden ones and the HTML reference's left out.
        let walk = WalkDir::new(&dir).min_depth(1).max_depth(5).into_iter();
        let mut found: Vec<PathBuf> = (walk.take(MAX_LISTED).flatten())
            .filter(|entry| entry.file_type().is_file())
            .filter_map(|entry| Some(entry.path().strip_prefix(&dir).ok()?.to_path_buf()))
            .filter(|rel| !rel.starts_with("html"))
            .filter(|rel| !rel.iter().any(|n| n.to_string_lossy().starts_with('.')))
            .collect();
        found.sort();
        let base = format!("/out/{}", url_escape(game));
        let url = |rel: &Path| {
            let names = rel.iter().map(|n| url_escape(&n.to_string_lossy()));
            format!("{base}/{}", names.collect::<Vec<_>>().join("/"))
        };
        let mut pages: Vec<(&str, usize, &PathBuf)> = (found.iter())
            .filter_map(|rel| {
                let name = rel.strip_prefix(PREVIEW_DIR).ok()?.to_str()?;
                let (doc, n) = name.strip_suffix(".png")?.rsplit_once('-')?;
                Some((doc, n.parse().ok()?, rel)).filter(|_| !name.contains('/'))
            })
            .collect();
        pages.sort();
        let pages = pages
            .iter()
            .map(|(doc, n, rel)| json!({"url": url(rel), "doc": doc, "n": n}));
        let cards = (found.iter())
            .filter(|rel| {
                !rel.starts_with(PREVIEW_DIR) && rel.extension().is_some_and(|e| e == "png")
            })
            .take(MAX_CARDS)
            .map(|rel| json!({"url": url(rel), "alt": rel.display().to_string()}));
        let files = (found.iter())
            .filter(|rel| rel.components().count() == 1)
            .map(|rel| {
                let name = rel.to_string_lossy();
                json!({"url": url(rel), "name": name, "pdf": name.ends_with(".pdf")})
            });
        shown["url"] = json!(url_escape(game));
        shown["html"] =
            json!(is(&dir.join("html"), true) && is(&dir.join("html/index.html"), false));
        shown["pages"] = pages.collect();
        shown["cards"] = cards.collect();
        shown["files"] = files.collect();
        shown
    });
    games.collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(state: &State, out: &Path) -> String {
        Page::new()
            .expect("the built-in template")
            .render(state, "r-1", out)
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
        assert_eq!(page_shape(&state, dir.path()), before);
        let page = page(&state, dir.path());
        assert!(page.contains(&format!("data-shape=\"{before}\"")), "{page}");
        assert!(page.contains("data-seq=\"r-1\""), "{page}");
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
