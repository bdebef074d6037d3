//! Publish: per-card images — each laid-out card face drawn as an outlined
//! SVG (the same layout as the PDF) and rasterised to PNG with resvg — and
//! the deck for Tabletop Simulator (see `tts`).

use std::path::{Path, PathBuf};

use super::tts::{TTS_DIR, TtsDeck, write_tts};
use super::write_output;
use crate::layout::CardFace;
use crate::load::OpError;
use crate::render::{png::svg_to_png, svg::outlined_svg};
use crate::text::FontBook;

/// Card faces to write as images, and how.
#[derive(Clone, Debug)]
pub struct CardImages {
    /// Folder under `out/<game>/` the images go to.
    pub dir: String,
    /// (file stem, face) for every card front, in deck order.
    pub fronts: Vec<(String, CardFace)>,
    pub back: CardFace,
    /// The face's size, bleed included, and the bleed around the trim.
    pub width: f32,
    pub height: f32,
    pub bleed: f32,
    pub dpi: f32,
    pub svg: bool,
    pub png: bool,
    /// Each front's card title and text (TTS's `Nickname` and `Description`,
    /// VASSAL's piece names).
    pub captions: Vec<(String, String)>,
    /// The deck's name.
    pub deck_name: String,
    /// The deck for Tabletop Simulator, when asked for.
    pub tts: Option<TtsDeck>,
}

/// Writes every image under `dir`; returns how many files were written in
/// which folder (the card images', the TTS deck's).
pub fn write_card_images(
    images: &CardImages,
    dir: &Path,
    book: &FontBook,
) -> Result<Vec<(usize, PathBuf)>, OpError> {
    let out = dir.join(&images.dir);
    let mut faces: Vec<(String, &CardFace)> = Vec::new();
    if images.svg || images.png {
        faces.extend(images.fronts.iter().map(|(n, f)| (n.clone(), f)));
        faces.push(("back".to_string(), &images.back));
    }
    let rendered = render_all(&faces, images, book)?;
    let mut written = 0;
    for (name, svg, png) in rendered {
        if images.svg {
            write_output(dir, &out.join(format!("{name}.svg")), svg.as_bytes())?;
            written += 1;
        }
        if let Some(png) = png {
            write_output(dir, &out.join(format!("{name}.png")), &png)?;
            written += 1;
        }
    }
    let mut folders = Vec::new();
    if written > 0 {
        folders.push((written, out));
    }
    if let Some(deck) = &images.tts {
        let trim = |face: &CardFace| CardFace {
            items: (face.items.iter())
                .map(|i| i.translated(-images.bleed, -images.bleed))
                .collect(),
        };
        let fronts: Vec<(String, CardFace)> = (images.fronts.iter())
            .map(|(n, f)| (n.clone(), trim(f)))
            .collect();
        let size = (
            images.width - 2.0 * images.bleed,
            images.height - 2.0 * images.bleed,
        );
        let tts = write_tts(deck, images, &fronts, &trim(&images.back), size, dir, book)?;
        folders.push((tts, dir.join(TTS_DIR)));
    }
    Ok(folders)
}

type Rendered = (String, String, Option<Vec<u8>>);

/// SVG (and PNG) of every face, on all cores, in order.
fn render_all(
    faces: &[(String, &CardFace)],
    images: &CardImages,
    book: &FontBook,
) -> Result<Vec<Rendered>, OpError> {
    let one = |(name, face): &(String, &CardFace)| -> Result<Rendered, OpError> {
        let svg = outlined_svg(&face.items, images.width, images.height, book);
        let png = if images.png {
            Some(svg_to_png(&svg, images.dpi).map_err(|e| OpError::new(format!("{name}: {e}")))?)
        } else {
            None
        };
        Ok((name.clone(), svg, png))
    };
    crate::par::map(faces, 0, one).into_iter().collect()
}
