//! Publish, for `serve`: the pages of a laid-out document (a `Doc`) as PNGs
//! under `out/<game>/preview/` (`charts-1.png`, `player-aid-1.png`, ...),
//! drawn by the same outlined-SVG and PNG renderers as the card images, so
//! the preview page shows each card sheet, aid and chart page without a PDF
//! viewer. A page whose drawing has not changed since it was last drawn is
//! not drawn again, so a rebuild after an edit draws only the pages it touched.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use super::write_output;
use crate::layout::{Doc, Page};
use crate::load::OpError;
use crate::text::FontBook;

/// The folder under `out/<game>/` that holds the page previews.
pub const PREVIEW_DIR: &str = "preview";

/// Resolution of the page previews: a Letter page is 612 x 792 px.
const DPI: f32 = 72.0;

/// The page previews drawn by this process: per file, the laid-out page it
/// was drawn from. A page equal to it whose file is still in place is not
/// drawn again (compared as laid out: outlining every page's glyphs to
/// compare drawings took most of a rebuild of a long deck); a new process
/// draws every page once, as the renderer may have changed, and a changed
/// font forgets them all ([`Previews::forget_all`]).
#[derive(Default)]
pub struct Previews {
    drawn: Mutex<HashMap<PathBuf, Page>>,
}

impl Previews {
    /// Whether `path` holds the drawing of `page`.
    fn is_current(&self, path: &Path, page: &Page) -> bool {
        let drawn = self.drawn.lock().unwrap_or_else(PoisonError::into_inner);
        drawn.get(path) == Some(page) && path.is_file()
    }

    fn remember(&self, path: PathBuf, page: Option<&Page>) {
        let mut drawn = self.drawn.lock().unwrap_or_else(PoisonError::into_inner);
        match page {
            Some(page) => drawn.insert(path, page.clone()),
            None => drawn.remove(&path),
        };
    }

    /// Forgets every page drawn: a font changed, so the same glyphs may
    /// draw differently.
    pub fn forget_all(&self) {
        self.drawn
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clear();
    }
}

/// Writes `doc`'s pages as `<dir>/<stem>-<n>.png` (from 1), drawing only
/// those that changed since `previews` last saw them and telling `on_page`
/// of each as it lands; removes the pages of an earlier, longer version.
/// Returns how many pages were drawn.
pub fn write_page_previews(
    doc: &Doc,
    file_name: &str,
    dir: &Path,
    fonts: &FontBook,
    previews: &Previews,
    on_page: &mut dyn FnMut(PathBuf),
) -> Result<usize, OpError> {
    let drawn = draw_changed(&doc.pages, file_name, dir, fonts, previews)?;
    put_in_place(drawn, dir, previews, on_page)
}

/// The previews of a document's pages that changed, drawn but not yet in
/// place (a build draws them beside its other work and writes them only
/// once it has found no error).
pub struct DrawnPages {
    stem: String,
    /// How many pages the document has now.
    count: usize,
    drawn: Vec<(PathBuf, Page, Vec<u8>)>,
}

/// Draws the pages of `file_name` (to go in `dir`) that changed since
/// `previews` last saw them.
pub fn draw_changed(
    pages: &[Page],
    file_name: &str,
    dir: &Path,
    fonts: &FontBook,
    previews: &Previews,
) -> Result<DrawnPages, OpError> {
    let stem = stem_of(file_name);
    let changed: Vec<(usize, PathBuf, &Page)> = (pages.iter().enumerate())
        .map(|(i, page)| (i, dir.join(page_name(&stem, i + 1)), page))
        .filter(|(_, path, page)| !previews.is_current(path, page))
        .collect();
    // The pages side by side: an edit to one card changes a page of each
    // document that shows it, a first build every page.
    let drawn = crate::par::map(&changed, 2, |(i, path, page)| {
        let svg = crate::render::svg::outlined_svg(&page.items, page.width, page.height, fonts);
        let png = crate::render::png::svg_to_png(&svg, DPI)
            .map_err(|e| OpError::new(format!("cannot draw page {} of {file_name}: {e}", i + 1)))?;
        Ok((path.clone(), (*page).clone(), png))
    });
    let drawn = drawn.into_iter().collect::<Result<Vec<_>, OpError>>()?;
    Ok(DrawnPages {
        stem,
        count: pages.len(),
        drawn,
    })
}

/// Writes the pages drawn, telling `on_page` of each as it lands, and
/// removes the pages of an earlier, longer version. Returns how many pages
/// were written.
pub fn put_in_place(
    pages: DrawnPages,
    dir: &Path,
    previews: &Previews,
    on_page: &mut dyn FnMut(PathBuf),
) -> Result<usize, OpError> {
    let written = pages.drawn.len();
    for (path, page, png) in pages.drawn {
        // Forgotten first: a failed write leaves the page to be drawn again.
        previews.remember(path.clone(), None);
        write_output(dir, &path, &png)?;
        previews.remember(path.clone(), Some(&page));
        on_page(path);
    }
    // A document that lost pages leaves no stale previews behind.
    let mut n = pages.count + 1;
    while dir.join(page_name(&pages.stem, n)).is_file() {
        let path = dir.join(page_name(&pages.stem, n));
        let _ = std::fs::remove_file(&path);
        previews.remember(path, None);
        n += 1;
    }
    Ok(written)
}

/// Removes the page previews in `dir` of documents not among `published`
/// (file names: `charts.pdf`), as when an aid is dropped from the game;
/// returns how many went. Other files are left alone.
pub fn remove_unpublished(dir: &Path, published: &[String], previews: &Previews) -> usize {
    let stems: Vec<String> = published.iter().map(|name| stem_of(name)).collect();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some((stem, page)) = name
            .strip_suffix(".png")
            .and_then(|base| base.rsplit_once('-'))
        else {
            continue;
        };
        let a_page = !page.is_empty() && page.bytes().all(|b| b.is_ascii_digit());
        if a_page
            && !stems.iter().any(|s| s == stem)
            && entry.file_type().is_ok_and(|t| t.is_file())
            && std::fs::remove_file(entry.path()).is_ok()
        {
            previews.remember(entry.path(), None);
            removed += 1;
        }
    }
    removed
}

/// `charts` for `charts.pdf`.
fn stem_of(file_name: &str) -> String {
    Path::new(file_name).file_stem().map_or_else(
        || file_name.to_string(),
        |s| s.to_string_lossy().into_owned(),
    )
}

/// `charts-2.png`: the preview of page 2 of `charts.pdf`.
pub fn page_name(stem: &str, page: usize) -> String {
    format!("{stem}-{page}.png")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{Geometry, Stroke};

    #[test]
    fn writes_one_png_a_page_and_drops_stale_ones() {
        let dir = tempfile::tempdir().expect("temp dir");
        let fonts = FontBook::default();
        let page = Page {
            width: 100.0,
            height: 50.0,
            items: Vec::new(),
        };
        let doc = |n: usize| Doc {
            title: "t".into(),
            lang: None,
            pages: vec![page.clone(); n],
        };
        let previews = Previews::default();
        let mut landed = Vec::new();
        let drawn = write_page_previews(
            &doc(3),
            "charts.pdf",
            dir.path(),
            &fonts,
            &previews,
            &mut |p| landed.push(p),
        )
        .expect("written");
        assert_eq!(drawn, 3);
        assert_eq!(landed.len(), 3);
        let png = std::fs::read(dir.path().join("charts-3.png")).expect("read");
        assert!(png.starts_with(b"\x89PNG"));
        write_page_previews(
            &doc(1),
            "charts.pdf",
            dir.path(),
            &fonts,
            &previews,
            &mut |_| {},
        )
        .expect("written");
        assert!(dir.path().join("charts-1.png").is_file());
        assert!(!dir.path().join("charts-2.png").exists());
        assert!(!dir.path().join("charts-3.png").exists());
    }

    #[test]
    fn previews_of_documents_no_longer_published_go() {
        let dir = tempfile::tempdir().expect("temp dir");
        for name in [
            "charts-1.png",
            "charts-2.png",
            "old-aid-1.png",
            "g-rules-3.png",
            "notes.txt",
            "old-aid.png",
        ] {
            std::fs::write(dir.path().join(name), b"x").expect("write");
        }
        let published = ["charts.pdf".to_string(), "g-rules.pdf".to_string()];
        let removed = remove_unpublished(dir.path(), &published, &Previews::default());
        assert_eq!(removed, 1);
        let mut left: Vec<String> = std::fs::read_dir(dir.path())
            .expect("list")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(
            left,
            [
                "charts-1.png",
                "charts-2.png",
                "g-rules-3.png",
                "notes.txt",
                "old-aid.png"
            ]
        );
    }

    #[test]
    fn only_changed_pages_are_drawn_again() {
        let dir = tempfile::tempdir().expect("temp dir");
        let fonts = FontBook::default();
        let page = |x: f32| Page {
            width: 100.0,
            height: 50.0,
            items: vec![Geometry::line(x, 10.0, 90.0, 10.0).stroked(Stroke::solid(1.0))],
        };
        let doc = |xs: &[f32]| Doc {
            title: "t".into(),
            lang: None,
            pages: xs.iter().map(|&x| page(x)).collect(),
        };
        let previews = Previews::default();
        let draw = |d: &Doc| {
            let mut landed = Vec::new();
            write_page_previews(d, "aid.pdf", dir.path(), &fonts, &previews, &mut |p| {
                landed.push(p.file_name().map(|n| n.to_string_lossy().into_owned()))
            })
            .expect("written");
            landed.into_iter().flatten().collect::<Vec<String>>()
        };
        assert_eq!(draw(&doc(&[1.0, 2.0, 3.0])).len(), 3);
        assert!(draw(&doc(&[1.0, 2.0, 3.0])).is_empty());
        assert_eq!(draw(&doc(&[1.0, 5.0, 3.0])), vec!["aid-2.png"]);
        // A preview removed from the folder is drawn again.
        std::fs::remove_file(dir.path().join("aid-3.png")).expect("remove");
        assert_eq!(draw(&doc(&[1.0, 5.0, 3.0])), vec!["aid-3.png"]);
        // Pages lost and regained are drawn again.
        assert!(draw(&doc(&[1.0])).is_empty());
        assert_eq!(draw(&doc(&[1.0, 5.0])), vec!["aid-2.png"]);
        // A font changed: every page is drawn again.
        previews.forget_all();
        assert_eq!(draw(&doc(&[1.0, 5.0])), vec!["aid-1.png", "aid-2.png"]);
    }
}
