//! Publish: per-card images and Tabletop Simulator decks — each laid-out
//! card face drawn as an outlined SVG (the same layout as the PDF) and
//! rasterised to PNG with resvg; a TTS deck as sheets of up to 10 x 7 faces
//! and `tts.json`, a saved object TTS loads from its Saved Objects folder.

use std::path::Path;

use super::write_output;
use crate::layout::{CardFace, Item};
use crate::load::OpError;
use crate::render::{png::svg_to_png, svg::outlined_svg};
use crate::text::FontBook;
use serde_json::{Map, json};

/// Card faces to write as images, and how.
#[derive(Clone, Debug)]
pub struct CardImages {
    /// Folder under `out/<game>/` the images go to.
    pub dir: String,
    /// (file stem, face) for every card front, in deck order.
    pub fronts: Vec<(String, CardFace)>,
    pub back: CardFace,
    pub width: f32,
    pub height: f32,
    pub dpi: f32,
    pub svg: bool,
    pub png: bool,
    /// Tabletop Simulator sheets at this resolution.
    pub tts_dpi: Option<f32>,
    /// Each front's card title and text, for TTS's `Nickname` and `Description`.
    pub captions: Vec<(String, String)>,
    /// Where TTS finds the sheets: `file://` paths when `None`, else this web
    /// address followed by the file name (`--tts-url-base`).
    pub tts_url_base: Option<String>,
    /// The deck's name, TTS's `Nickname` for the deck.
    pub deck_name: String,
}

/// TTS's custom-deck grid: at most 10 columns and 7 rows; the last slot of a
/// full sheet is the "hidden" face TTS shows for cards in hand.
const TTS_COLUMNS: usize = 10;
const TTS_ROWS: usize = 7;
const TTS_PER_SHEET: usize = TTS_COLUMNS * TTS_ROWS - 1;

/// One sheet of a TTS deck: its image and grid, and how many cards it holds.
struct TtsSheet {
    face: String,
    columns: usize,
    rows: usize,
    count: usize,
}

/// Where TTS loads an image from: the web address given, else the file.
fn tts_url(images: &CardImages, out: &Path, name: &str) -> Result<String, OpError> {
    if let Some(base) = &images.tts_url_base {
        return Ok(format!("{}/{name}", base.trim_end_matches('/')));
    }
    let file = out.join(name);
    let file = file
        .canonicalize()
        .map_err(|e| OpError::io("find", &file, e))?;
    Ok(format!("file://{}", file.display()))
}

/// The deck as a Tabletop Simulator saved object (its save format: one
/// `DeckCustom` in `ObjectStates`, a `CustomDeck` entry per sheet, `DeckIDs`
/// and a `Card` per card whose `CardID` is the sheet's key times 100 plus
/// its slot).
fn tts_saved_object(
    images: &CardImages,
    out: &Path,
    sheets: &[TtsSheet],
) -> Result<String, OpError> {
    let back = tts_url(images, out, "tts-back.png")?;
    let transform = json!({
        "posX": 0, "posY": 1, "posZ": 0,
        "rotX": 0, "rotY": 180, "rotZ": 180,
        "scaleX": 1, "scaleY": 1, "scaleZ": 1,
    });
    let mut custom = Map::new();
    let mut ids = Vec::new();
    let mut cards = Vec::new();
    let mut captions = images.captions.iter();
    for (n, sheet) in sheets.iter().enumerate() {
        let key = (n + 1).to_string();
        let entry = json!({
            "FaceURL": tts_url(images, out, &sheet.face)?,
            "BackURL": back,
            "NumWidth": sheet.columns,
            "NumHeight": sheet.rows,
            "BackIsHidden": true,
            "UniqueBack": false,
            "Type": 0,
        });
        for slot in 0..sheet.count {
            let id = (n + 1) * 100 + slot;
            let (title, text) = captions.next().cloned().unwrap_or_default();
            ids.push(id);
            cards.push(json!({
                "Name": "Card",
                "Transform": transform,
                "Nickname": title,
                "Description": text,
                "CardID": id,
                "CustomDeck": { key.clone(): entry },
                "GUID": format!("{:06x}", 0x00a000 + id),
            }));
        }
        custom.insert(key, entry);
    }
    let saved = json!({
        "SaveName": "", "GameMode": "", "Date": "", "Table": "", "Sky": "",
        "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "",
        "ObjectStates": [{
            "Name": "DeckCustom",
            "Transform": transform,
            "Nickname": images.deck_name,
            "Description": "",
            "HideWhenFaceDown": true,
            "DeckIDs": ids,
            "CustomDeck": custom,
            "ContainedObjects": cards,
            "GUID": "a00000",
        }],
        "TabStates": {},
        "VersionNumber": "",
    });
    Ok(saved.to_string() + "\n")
}

/// Writes every image under `dir`; returns how many files were written.
pub fn write_card_images(
    images: &CardImages,
    dir: &Path,
    book: &FontBook,
) -> Result<usize, OpError> {
    let out = dir.join(&images.dir);
    let mut faces: Vec<(String, &CardFace)> =
        images.fronts.iter().map(|(n, f)| (n.clone(), f)).collect();
    faces.push(("back".to_string(), &images.back));
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
    if let Some(dpi) = images.tts_dpi {
        written += write_tts(images, &out, dpi, book)?;
    }
    Ok(written)
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

/// Sheets of up to 69 faces (the 70th slot shows the back as the hidden face),
/// a back image and `tts.json` describing them.
fn write_tts(images: &CardImages, out: &Path, dpi: f32, book: &FontBook) -> Result<usize, OpError> {
    let (w, h) = (images.width, images.height);
    let mut sheets = Vec::new();
    for (n, chunk) in images.fronts.chunks(TTS_PER_SHEET).enumerate() {
        let count = chunk.len();
        let columns = count.clamp(2, TTS_COLUMNS);
        let rows = (count + 1).div_ceil(columns).clamp(2, TTS_ROWS);
        let mut items: Vec<Item> = Vec::new();
        for (i, (_, face)) in chunk.iter().enumerate() {
            let (x, y) = ((i % columns) as f32 * w, (i / columns) as f32 * h);
            items.extend(face.items.iter().map(|it| it.translated(x, y)));
        }
        let hidden = columns * rows - 1;
        let (x, y) = ((hidden % columns) as f32 * w, (hidden / columns) as f32 * h);
        items.extend(images.back.items.iter().map(|it| it.translated(x, y)));
        let svg = outlined_svg(&items, columns as f32 * w, rows as f32 * h, book);
        let png = svg_to_png(&svg, dpi)?;
        let name = format!("tts-sheet-{}.png", n + 1);
        write_output(out, &out.join(&name), &png)?;
        sheets.push(TtsSheet {
            face: name,
            columns,
            rows,
            count,
        });
    }
    let back_svg = outlined_svg(&images.back.items, w, h, book);
    write_output(out, &out.join("tts-back.png"), &svg_to_png(&back_svg, dpi)?)?;
    let json = tts_saved_object(images, out, &sheets)?;
    write_output(out, &out.join("tts.json"), json.as_bytes())?;
    Ok(sheets.len() + 2)
}
