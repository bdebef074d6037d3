//! Live, serve: the preview page — input: each served game's last build
//! (its status and diagnostics) and its folder under out/; output: the page
//! through `templates/html/preview.html` (built in), and its shape (what it
//! lists, hashed: a build that keeps it swaps images, else the page reloads).

use std::ffi::OsString;
use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
use std::path::{Path, PathBuf};

use serde_json::{Value, json};
use tera::{Context, Tera};
use walkdir::WalkDir;

use super::State;
use super::files::{open_under, out_url, url_segments};
use crate::publish::preview::PREVIEW_DIR;

/// The page's template, built into the binary.
const TEMPLATE: &str = include_str!("../../../templates/html/preview.html");
/// The most entries of its folder the page looks at per game, and the
/// most card images it shows.
const MAX_LISTED: usize = 5000;
const MAX_CARDS: usize = 500;

/// The page: per game, its diagnostics and its outputs (the template read
/// anew each time: a few microseconds).
pub(super) fn render(state: &State, seen: &str, out: &Path) -> String {
    let games = shown(state, out);
    let page =
        json!({"version": state.version, "seq": seen, "shape": shape(&games), "games": games});
    let page = Context::from_serialize(&page).and_then(|page| Tera::one_off(TEMPLATE, &page, true));
    page.unwrap_or_else(|e| format!("templates/html/preview.html: {e}\n"))
}

/// What the page lists, in short: a page whose shape is unchanged after a
/// build needs its changed images swapped, not a reload.
pub(super) fn shape(games: &Value) -> String {
    let hash = BuildHasherDefault::<DefaultHasher>::default().hash_one(games.to_string());
    format!("{hash:016x}")
}

/// Each game as the page shows it, reading its folder under `out` (a game
/// not named by a plain name, one that could not be read, shows no outputs).
pub(super) fn shown(state: &State, out: &Path) -> Value {
    let games = state.games.iter().map(|(game, (ok, diagnostics))| {
        let mut shown = json!({"name": game, "ok": ok, "diagnostics": diagnostics});
        if url_segments(game).is_none_or(|s| s.len() != 1) {
            return shown;
        }
        // Regular files in name order, no symbolic link followed (not even out/<game>), at most 4
        // folders down, hidden ones and the HTML reference's left out.
        let dir = out.join(game);
        let walk = WalkDir::new(&dir).follow_root_links(false).min_depth(1);
        let walk = walk.max_depth(5).sort_by_file_name().into_iter();
        let found: Vec<PathBuf> = (walk.take(MAX_LISTED).flatten())
            .filter(|entry| entry.file_type().is_file())
            .filter_map(|entry| Some(entry.path().strip_prefix(&dir).ok()?.to_path_buf()))
            .filter(|rel| !rel.starts_with("html"))
            .filter(|rel| !rel.iter().any(|n| n.to_string_lossy().starts_with('.')))
            .collect();
        let url = |rel: &Path| out_url(&Path::new(game).join(rel));
        let mut pages: Vec<_> = (found.iter())
            .filter_map(|rel| {
                let name = rel.strip_prefix(PREVIEW_DIR).ok()?.to_str()?;
                let (doc, n) = name.strip_suffix(".png")?.rsplit_once('-')?;
                Some((doc, n.parse::<usize>().ok()?, url(rel))).filter(|_| !name.contains('/'))
            })
            .collect();
        pages.sort();
        let cards = (found.iter())
            .filter(|rel| !rel.starts_with(PREVIEW_DIR) && rel.extension() == Some("png".as_ref()))
            .take(MAX_CARDS)
            .map(|rel| json!({"url": url(rel), "alt": rel.display().to_string()}));
        let files = (found.iter()).filter(|rel| rel.components().count() == 1);
        shown["url"] = json!(url(Path::new("")));
        let index = [game.as_str(), "html", "index.html"].map(OsString::from);
        shown["html"] = json!(open_under(out, &index).is_some());
        shown["pages"] = (pages.iter())
            .map(|(doc, n, url)| json!({"url": url, "doc": doc, "n": n}))
            .collect();
        shown["cards"] = cards.collect();
        shown["files"] = files
            .map(|rel| json!({"url": url(rel), "name": rel.to_string_lossy()}))
            .collect();
        shown
    });
    games.collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(state: &State, out: &Path) -> String {
        render(state, "r-1", out)
    }

    fn page_shape(state: &State, out: &Path) -> String {
        shape(&shown(state, out))
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
