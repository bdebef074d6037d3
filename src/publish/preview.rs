//! Publish, for `serve`: the pages of a laid-out document (a `Doc`) as PNGs
//! under `out/<game>/preview/` (`charts-1.png`, `player-aid-1.png`, ...),
//! drawn from their laid-out items by the same rasteriser as the map
//! pictures ([`crate::render::png::items_to_png`]: the outlined SVG's
//! picture, without writing and parsing the SVG), so the preview page shows
//! each card sheet, aid and chart page without a PDF viewer. A page whose
//! items have not changed since it was last drawn is not drawn again, so a
//! rebuild after an edit draws only the pages it touched.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use super::output::{Staged, stage_output_unsynced};
use crate::layout::{Doc, Geometry, ImageItem, Ink, Item, Page, Shape, Stroke, Tag, TextItem};
use crate::load::OpError;
use crate::model::{ImageFile, ImageFormat, PathEl, VectorArt, VectorPath};
use crate::text::{FontBook, Glyph};

/// The folder under `out/<game>/` that holds the page previews.
pub const PREVIEW_DIR: &str = "preview";

/// Resolution of the page previews: a Letter page is 612 x 792 px.
const DPI: f32 = 72.0;

/// The page previews drawn by this process: per file, the key
/// ([`page_key`]) of the laid-out page it was drawn from. A page with the
/// same key whose file is still in place is not drawn again (a key, not a
/// copy of the page: a 2,000-card deck's pages were copied and compared
/// whole on every rebuild); a new process draws every page once, as the
/// renderer may have changed, and a changed font forgets them all
/// ([`Previews::forget_all`]).
#[derive(Default)]
pub struct Previews {
    drawn: Mutex<HashMap<PathBuf, PageKey>>,
}

/// What a page's drawing depends on, hashed (see [`page_key`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageKey(u64);

impl Previews {
    /// Whether `path` holds the drawing of the page keyed `key`.
    fn is_current(&self, path: &Path, key: PageKey) -> bool {
        let drawn = self.drawn.lock().unwrap_or_else(PoisonError::into_inner);
        drawn.get(path) == Some(&key) && path.is_file()
    }

    /// The key of the page `path` was last drawn from, if it is known.
    fn key_of(&self, path: &Path) -> Option<PageKey> {
        let drawn = self.drawn.lock().unwrap_or_else(PoisonError::into_inner);
        drawn.get(path).copied()
    }

    fn remember(&self, path: PathBuf, key: Option<PageKey>) {
        let mut drawn = self.drawn.lock().unwrap_or_else(PoisonError::into_inner);
        match key {
            Some(key) => drawn.insert(path, key),
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

/// The key of everything a page's drawing is made from: its size and each
/// item drawn, every number by its bits (tags draw nothing and are left
/// out). Each struct is taken apart whole, so a field added to an item
/// cannot be left out of the key unnoticed.
pub fn page_key(page: &Page) -> PageKey {
    let Page {
        width,
        height,
        items,
    } = page;
    let mut h = rustc_hash::FxHasher::default();
    let drawn = items.iter().filter(|i| !matches!(i, Item::Tag(_))).count();
    drawn.hash(&mut h);
    floats(&mut h, &[*width, *height]);
    for item in items {
        match item {
            Item::Text(t) => {
                let TextItem {
                    x,
                    y,
                    face,
                    size,
                    text,
                    glyphs,
                    width,
                    ink,
                } = t;
                0u8.hash(&mut h);
                floats(&mut h, &[*x, *y, *size, *width]);
                face.hash(&mut h);
                text.hash(&mut h);
                glyphs.len().hash(&mut h);
                for g in glyphs.iter() {
                    let Glyph { id, chars, advance } = g;
                    (id, chars, advance.to_bits()).hash(&mut h);
                }
                ink_key(&mut h, ink);
            }
            Item::Shape(s) => {
                let Shape {
                    geometry,
                    fill,
                    stroke,
                    clip,
                } = s;
                1u8.hash(&mut h);
                match geometry {
                    Geometry::Line { x1, y1, x2, y2 } => {
                        0u8.hash(&mut h);
                        floats(&mut h, &[*x1, *y1, *x2, *y2]);
                    }
                    Geometry::Rect {
                        x,
                        y,
                        w,
                        h: rh,
                        radius,
                    } => {
                        1u8.hash(&mut h);
                        floats(&mut h, &[*x, *y, *w, *rh, *radius]);
                    }
                    Geometry::Path(els) => {
                        2u8.hash(&mut h);
                        path_key(&mut h, els);
                    }
                }
                ink_key(&mut h, fill);
                match stroke {
                    Some(Stroke { width, dash }) => {
                        floats(&mut h, &[1.0, *width]);
                        match dash {
                            Some((on, off)) => floats(&mut h, &[1.0, *on, *off]),
                            None => floats(&mut h, &[0.0]),
                        }
                    }
                    None => floats(&mut h, &[0.0]),
                }
                match clip {
                    Some(c) => floats(&mut h, &[1.0, c[0], c[1], c[2], c[3]]),
                    None => floats(&mut h, &[0.0]),
                }
            }
            Item::Image(i) => {
                let ImageItem {
                    image,
                    rect,
                    clip,
                    radius,
                } = i;
                let ImageFile {
                    name,
                    path,
                    len,
                    format,
                    width,
                    height,
                } = &**image;
                2u8.hash(&mut h);
                (name, path, len, width, height).hash(&mut h);
                match format {
                    ImageFormat::Jpeg { components } => (0u8, components).hash(&mut h),
                    ImageFormat::Png => 1u8.hash(&mut h),
                    ImageFormat::Svg(VectorArt { view_box, paths }) => {
                        2u8.hash(&mut h);
                        let (x, y, w, vh) = *view_box;
                        floats(&mut h, &[x, y, w, vh]);
                        paths.len().hash(&mut h);
                        for VectorPath {
                            path,
                            color,
                            even_odd,
                        } in paths
                        {
                            path_key(&mut h, path);
                            floats(&mut h, color);
                            even_odd.hash(&mut h);
                        }
                    }
                }
                floats(&mut h, rect);
                floats(&mut h, clip);
                floats(&mut h, &[*radius]);
            }
            Item::Tag(Tag::Start(_) | Tag::End | Tag::Anchor(_) | Tag::Before(_)) => {}
        }
    }
    PageKey(h.finish())
}

/// Numbers into a key by their bits (-0 and 0 apart, as a drawing may be).
fn floats(h: &mut impl Hasher, xs: &[f32]) {
    for x in xs {
        h.write_u32(x.to_bits());
    }
}

/// An outline into a key.
fn path_key(h: &mut impl Hasher, els: &[PathEl]) {
    els.len().hash(h);
    for el in els {
        match *el {
            PathEl::MoveTo(x, y) => floats(h, &[0.0, x, y]),
            PathEl::LineTo(x, y) => floats(h, &[1.0, x, y]),
            PathEl::CurveTo(a, b, c, d, x, y) => floats(h, &[2.0, a, b, c, d, x, y]),
            PathEl::Close => floats(h, &[3.0]),
        }
    }
}

fn ink_key(h: &mut impl Hasher, ink: &Option<Ink>) {
    match ink {
        None => floats(h, &[0.0]),
        Some(Ink::Gray(g)) => floats(h, &[1.0, *g]),
        Some(Ink::Rgb([r, g, b])) => floats(h, &[2.0, *r, *g, *b]),
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
    let mut drawn = draw_changed(&doc.pages, 0, file_name, dir, fonts, previews)?;
    drawn.count = Some(doc.pages.len());
    put_in_place(drawn, dir, previews, on_page)
}

/// The previews of some pages of a document that changed, drawn and
/// written beside their files but not yet in place (a build draws them
/// beside its other work and puts them in place only once it has found no
/// error; dropped, they are removed).
pub struct DrawnPages {
    stem: String,
    /// How many pages the document has now, once it is known.
    count: Option<usize>,
    drawn: Vec<(PageKey, Staged)>,
}

/// Draws those of `pages` (pages `first..` of `file_name`, to go in
/// `dir`) that changed since `previews` last saw them, each written beside
/// its file.
pub fn draw_changed(
    pages: &[Page],
    first: usize,
    file_name: &str,
    dir: &Path,
    fonts: &FontBook,
    previews: &Previews,
) -> Result<DrawnPages, OpError> {
    let stem = stem_of(file_name);
    let changed: Vec<(usize, PathBuf, PageKey, &Page)> = (pages.iter().enumerate())
        .map(|(i, page)| (first + i, page))
        .map(|(i, page)| (i, dir.join(page_name(&stem, i + 1)), page_key(page), page))
        .filter(|(_, path, key, _)| !previews.is_current(path, *key))
        .collect();
    // The pages side by side: an edit to one card changes a page of each
    // document that shows it, a first build every page. Drawn from the
    // items (no SVG written and parsed again) and not synced to the disk:
    // a preview is drawn again whenever it is missing.
    let drawn = crate::par::map(&changed, 2, |(i, path, key, page)| {
        let cannot = |e| OpError::new(format!("cannot draw page {} of {file_name}: {e}", i + 1));
        let png =
            crate::render::png::items_to_png(&page.items, page.width, page.height, fonts, DPI)
                .map_err(cannot)?;
        let staged = stage_output_unsynced(dir, path, |out| {
            out.write_all(&png)
                .map_err(|e| OpError::io("write", path, e))
        })?;
        Ok((*key, staged))
    });
    let drawn = drawn.into_iter().collect::<Result<Vec<_>, OpError>>()?;
    Ok(DrawnPages {
        stem,
        count: None,
        drawn,
    })
}

/// Puts the pages drawn in place, telling `on_page` of each as it lands,
/// and removes the pages of an earlier, longer version. Returns how many
/// pages were put in place.
pub fn put_in_place(
    pages: DrawnPages,
    dir: &Path,
    previews: &Previews,
    on_page: &mut dyn FnMut(PathBuf),
) -> Result<usize, OpError> {
    let written = pages.drawn.len();
    for (key, staged) in pages.drawn {
        let path = staged.path().to_path_buf();
        // Forgotten first: a failed write leaves the page to be drawn again.
        previews.remember(path.clone(), None);
        staged.commit()?;
        previews.remember(path.clone(), Some(key));
        on_page(path);
    }
    if let Some(count) = pages.count {
        remove_past(&pages.stem, count, dir, previews);
    }
    Ok(written)
}

/// Removes the previews in `dir` of the pages of `file_name` past its
/// `count` pages: a document that lost pages leaves no stale previews
/// behind.
pub fn remove_pages_past(file_name: &str, count: usize, dir: &Path, previews: &Previews) {
    remove_past(&stem_of(file_name), count, dir, previews);
}

fn remove_past(stem: &str, count: usize, dir: &Path, previews: &Previews) {
    let mut n = count + 1;
    while dir.join(page_name(stem, n)).is_file() {
        let path = dir.join(page_name(stem, n));
        let _ = std::fs::remove_file(&path);
        previews.remember(path, None);
        n += 1;
    }
}

/// A preview put in place ahead of the build's checks (live, the page the
/// reader watches), with what it replaced: put back should a problem be
/// found later.
pub struct PutEarly {
    path: PathBuf,
    /// What the file held, and the key it was drawn from (`None`: it was
    /// not there).
    old: Option<(Vec<u8>, Option<PageKey>)>,
}

/// Puts the pages drawn in place now, each with what it replaced (see
/// [`put_back`]), telling `on_page` of each as it lands; the pages past
/// the document's end are left to [`put_in_place`] once the build is
/// checked.
pub fn put_in_place_early(
    pages: DrawnPages,
    previews: &Previews,
    on_page: &mut dyn FnMut(PathBuf),
) -> Result<Vec<PutEarly>, OpError> {
    let mut early = Vec::with_capacity(pages.drawn.len());
    for (key, staged) in pages.drawn {
        let path = staged.path().to_path_buf();
        let old = std::fs::read(&path)
            .ok()
            .map(|bytes| (bytes, previews.key_of(&path)));
        // Forgotten first: a failed write leaves the page to be drawn again.
        previews.remember(path.clone(), None);
        staged.commit()?;
        previews.remember(path.clone(), Some(key));
        early.push(PutEarly {
            path: path.clone(),
            old,
        });
        on_page(path);
    }
    Ok(early)
}

/// Puts the previews put in place `early` back as they were (one that was
/// not there is taken away), telling `on_page` of each.
pub fn put_back(
    early: Vec<PutEarly>,
    dir: &Path,
    previews: &Previews,
    on_page: &mut dyn FnMut(PathBuf),
) -> Result<(), OpError> {
    for PutEarly { path, old } in early.into_iter().rev() {
        previews.remember(path.clone(), None);
        match old {
            Some((bytes, key)) => {
                super::write_output(dir, &path, &bytes)?;
                previews.remember(path.clone(), key);
            }
            None => std::fs::remove_file(&path).map_err(|e| OpError::io("remove", &path, e))?,
        }
        on_page(path);
    }
    Ok(())
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

    /// A page with one line across it, starting `x` from its left edge.
    fn line_page(x: f32) -> Page {
        Page {
            width: 100.0,
            height: 50.0,
            items: vec![Geometry::line(x, 10.0, 90.0, 10.0).stroked(Stroke::solid(1.0))],
        }
    }

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
    fn a_page_key_follows_what_is_drawn_and_not_the_tags() {
        use crate::layout::Role;
        let book = crate::text::sans_test_book();
        let face = book.families[0].face(crate::model::Style::Regular);
        let text = Item::Text(TextItem {
            x: 10.0,
            y: 20.0,
            face,
            size: 9.0,
            text: "Attack".into(),
            glyphs: book.face(face).plain_glyphs("Attack").into(),
            width: 0.0,
            ink: None,
        });
        let line = Geometry::line(1.0, 2.0, 3.0, 4.0).stroked(Stroke::solid(1.0));
        let page = |items: Vec<Item>| Page {
            width: 100.0,
            height: 50.0,
            items,
        };
        let base = page(vec![text.clone(), line.clone()]);
        let key = page_key(&base);
        assert_eq!(page_key(&base.clone()), key);
        // Tags draw nothing.
        let tagged = page(vec![
            Item::start(Role::Paragraph),
            text.clone(),
            Item::end(),
            line.clone(),
        ]);
        assert_eq!(page_key(&tagged), key);
        // Anything drawn, changed a little, changes the key.
        let mut changes: Vec<Page> = Vec::new();
        let mut moved = base.clone();
        moved.width = 100.5;
        changes.push(moved);
        let with_text = |f: &dyn Fn(&mut TextItem)| {
            let mut t = text.clone();
            if let Item::Text(t) = &mut t {
                f(t);
            }
            page(vec![t, line.clone()])
        };
        changes.push(with_text(&|t| t.x = 10.01));
        changes.push(with_text(&|t| t.ink = Some(Ink::Gray(0.0))));
        changes.push(with_text(&|t| t.text = "Attacks".into()));
        changes.push(with_text(&|t| {
            let mut glyphs = t.glyphs.to_vec();
            glyphs[1].advance += 1.0;
            t.glyphs = glyphs.into();
        }));
        let with_shape = |f: &dyn Fn(&mut Shape)| {
            let mut l = line.clone();
            if let Item::Shape(s) = &mut l {
                f(s);
            }
            page(vec![text.clone(), l])
        };
        changes.push(with_shape(&|s| s.stroke = Some(Stroke::solid(1.5))));
        changes.push(with_shape(&|s| {
            s.stroke = Some(Stroke {
                width: 1.0,
                dash: Some((1.0, 1.0)),
            })
        }));
        changes.push(with_shape(&|s| s.clip = Some([0.0, 0.0, 5.0, 5.0])));
        changes.push(with_shape(&|s| s.fill = Some(Ink::Rgb([1.0, 0.0, 0.0]))));
        changes.push(with_shape(&|s| {
            s.geometry = Geometry::Path(vec![PathEl::MoveTo(1.0, 2.0), PathEl::LineTo(3.0, 4.0)])
        }));
        // The same items in another order draw another picture.
        changes.push(page(vec![line.clone(), text.clone()]));
        for (n, changed) in changes.iter().enumerate() {
            assert_ne!(page_key(changed), key, "change {n} kept the key");
        }
    }

    #[test]
    fn pages_put_in_place_early_are_put_back_as_they_were() {
        let dir = tempfile::tempdir().expect("temp dir");
        let fonts = FontBook::default();
        let previews = Previews::default();
        let draw = |xs: &[f32], first: usize| {
            let pages: Vec<Page> = xs.iter().map(|&x| line_page(x)).collect();
            draw_changed(&pages, first, "cards.pdf", dir.path(), &fonts, &previews).expect("drawn")
        };
        let landed = |early: &[PutEarly]| -> Vec<String> {
            let names = early.iter().map(|e| e.path.file_name());
            names
                .flatten()
                .map(|n| n.to_string_lossy().into_owned())
                .collect()
        };
        let early = put_in_place_early(draw(&[1.0, 2.0], 0), &previews, &mut |_| {});
        assert_eq!(landed(&early.expect("put")), ["cards-1.png", "cards-2.png"]);
        let read = |n: usize| std::fs::read(dir.path().join(page_name("cards", n)));
        let before = read(2).expect("read");
        // Page 2 changed and a page 3 came: both in place at once.
        let early = put_in_place_early(draw(&[5.0, 3.0], 1), &previews, &mut |_| {}).expect("put");
        assert_eq!(landed(&early), ["cards-2.png", "cards-3.png"]);
        assert_ne!(read(2).expect("read"), before);
        // A problem found later: page 2 as it was, page 3 gone, and page 2
        // as it was is not drawn again (nor the changed one kept).
        let mut told = Vec::new();
        put_back(early, dir.path(), &previews, &mut |p| told.push(p)).expect("put back");
        assert_eq!(told.len(), 2);
        assert_eq!(read(2).expect("read"), before);
        assert!(read(3).is_err());
        assert!(draw(&[1.0, 2.0], 0).drawn.is_empty());
        assert_eq!(draw(&[1.0, 5.0], 0).drawn.len(), 1);
        // A document's end removes the pages it lost.
        put_in_place(
            draw(&[1.0, 2.0, 3.0], 0),
            dir.path(),
            &previews,
            &mut |_| {},
        )
        .expect("put");
        remove_pages_past("cards.pdf", 1, dir.path(), &previews);
        assert!(read(1).is_ok() && read(2).is_err() && read(3).is_err());
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
        let page = line_page;
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
