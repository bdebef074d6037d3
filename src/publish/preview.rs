//! CLI, for `serve`: every page of a published document as a PNG under
//! `out/<game>/preview/` (`charts-1.png`, `player-aid-1.png`, ...), drawn by
//! the same outlined-SVG and PNG renderers as the card images, so the preview
//! page shows each card sheet, aid and chart page without a PDF viewer.

use std::path::{Path, PathBuf};

use super::write_output;
use crate::layout::Doc;
use crate::load::OpError;
use crate::text::FontBook;

/// The folder under `out/<game>/` that holds the page previews.
pub const PREVIEW_DIR: &str = "preview";

/// Resolution of the page previews: a Letter page is 612 x 792 px.
const DPI: f32 = 72.0;

/// Writes `doc`'s pages as `<dir>/<stem>-<n>.png` (from 1) and removes the
/// pages of an earlier, longer version; returns the files written.
pub fn write_page_previews(
    doc: &Doc,
    file_name: &str,
    dir: &Path,
    fonts: &FontBook,
) -> Result<Vec<PathBuf>, OpError> {
    let stem = Path::new(file_name).file_stem().map_or_else(
        || file_name.to_string(),
        |s| s.to_string_lossy().into_owned(),
    );
    let mut written = Vec::new();
    for (i, page) in doc.pages.iter().enumerate() {
        let svg = crate::render::svg::outlined_svg(&page.items, page.width, page.height, fonts);
        let png = crate::render::png::svg_to_png(&svg, DPI)
            .map_err(|e| OpError(format!("cannot draw page {} of {file_name}: {e}", i + 1)))?;
        let path = dir.join(page_name(&stem, i + 1));
        write_output(dir, &path, &png)?;
        written.push(path);
    }
    // A document that lost pages leaves no stale previews behind.
    let mut n = doc.pages.len() + 1;
    while dir.join(page_name(&stem, n)).is_file() {
        let _ = std::fs::remove_file(dir.join(page_name(&stem, n)));
        n += 1;
    }
    Ok(written)
}

/// `charts-2.png`: the preview of page 2 of `charts.pdf`.
pub fn page_name(stem: &str, page: usize) -> String {
    format!("{stem}-{page}.png")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Page;

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
            pages: vec![page.clone(); n],
        };
        let written =
            write_page_previews(&doc(3), "charts.pdf", dir.path(), &fonts).expect("written");
        assert_eq!(written.len(), 3);
        let png = std::fs::read(dir.path().join("charts-3.png")).expect("read");
        assert!(png.starts_with(b"\x89PNG"));
        write_page_previews(&doc(1), "charts.pdf", dir.path(), &fonts).expect("written");
        assert!(dir.path().join("charts-1.png").is_file());
        assert!(!dir.path().join("charts-2.png").exists());
        assert!(!dir.path().join("charts-3.png").exists());
    }
}
