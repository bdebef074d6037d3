//! Publish: a deck as a Tabletop Simulator saved object — the laid-out card
//! faces drawn onto sheets of up to 10 x 7 (at most 4096 px a side), a back
//! image, `<game>-<deck>.json` (TTS's saved-object format, written with
//! serde_json) and a thumbnail `<game>-<deck>.png` beside it, under
//! `out/<game>/tts/`. The images are named so TTS finds them wherever the
//! deck is loaded: by file name (TTS looks in its `Mods/Images` folder), at a
//! hosted address (`--tts-url-base`), or as `file:///` URLs of this machine.

use std::path::Path;

use super::images::CardImages;
use super::write_output;
use crate::layout::{CardFace, Item};
use crate::load::OpError;
use crate::render::{png::svg_to_png, svg::outlined_svg};
use crate::text::FontBook;
use percent_encoding::{AsciiSet, CONTROLS, utf8_percent_encode};
use serde_json::{Map, Value, json};

/// Where TTS is told to load a deck's images from.
#[derive(Clone, Debug, PartialEq)]
pub enum TtsLinks {
    /// The bare file name: TTS finds it in its `Mods/Images` folder, so the
    /// deck loads on any machine the images are copied to.
    Portable,
    /// `file:///` URLs of the images where they were written (this machine only).
    Files,
    /// This web address (`--tts-url-base`) followed by the file name.
    Hosted(String),
}

/// A deck to write for Tabletop Simulator.
#[derive(Clone, Debug)]
pub struct TtsDeck {
    /// `<game>-<deck>`: the saved object's file stem and the images' prefix.
    pub name: String,
    pub links: TtsLinks,
}

/// The folder under `out/<game>/` a game's TTS decks go to; their images
/// are in its `images/` folder.
pub const TTS_DIR: &str = "tts";
const TTS_IMAGES: &str = "images";

/// TTS's custom-deck grid: at most 10 columns and 7 rows; the last slot of a
/// full sheet is the "hidden" face TTS shows for cards in hand.
pub const TTS_COLUMNS: usize = 10;
pub const TTS_ROWS: usize = 7;
const TTS_PER_SHEET: usize = TTS_COLUMNS * TTS_ROWS - 1;
/// The largest image side TTS loads for a deck sheet.
pub const TTS_MAX_PIXELS: f32 = 4096.0;
/// Sheets at 150 dpi unless that would pass [`TTS_MAX_PIXELS`].
const TTS_DPI: f32 = 150.0;
/// The longer side of the saved object's thumbnail, in pixels.
const THUMBNAIL_PIXELS: f32 = 256.0;

/// One sheet of a TTS deck: its image and grid, and how many cards it holds.
struct TtsSheet {
    face: String,
    columns: usize,
    rows: usize,
    count: usize,
}

/// Characters a URL path segment may not carry as they are (the WHATWG URL
/// standard's path set, plus `/`, `%`, `\` and `;`, so a file or folder name
/// is one segment whatever it holds).
const SEGMENT: &AsciiSet = &CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'%')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'`')
    .add(b'{')
    .add(b'}')
    .add(b'/')
    .add(b'\\')
    .add(b'^')
    .add(b'|')
    .add(b'[')
    .add(b']')
    .add(b';');

/// Characters a `--tts-url-base` may not carry as they are: what is illegal
/// anywhere in a URL, and `#` (the base names a folder, never a fragment).
/// `%` is kept: a base may already be encoded.
const BASE: &AsciiSet = &CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'<')
    .add(b'>')
    .add(b'`')
    .add(b'{')
    .add(b'}')
    .add(b'\\')
    .add(b'^')
    .add(b'|');

/// One path segment, percent-encoded.
fn segment(name: &str) -> String {
    utf8_percent_encode(name, SEGMENT).to_string()
}

/// A hosted image's address: the base (its illegal characters encoded) and
/// the file name as one encoded segment.
pub fn hosted_url(base: &str, name: &str) -> String {
    let base = utf8_percent_encode(base.trim_end_matches('/'), BASE).to_string();
    format!("{base}/{}", segment(name))
}

/// The `file:` URL of an absolute path, written as `windows` paths are
/// (drive letters, `\` separators, `\\server\share` and the `\\?\` verbatim
/// prefixes) or as Unix paths; each segment percent-encoded.
pub fn file_url(path: &str, windows: bool) -> String {
    if !windows {
        let segments: Vec<String> = path.split('/').skip(1).map(segment).collect();
        return format!("file:///{}", segments.join("/"));
    }
    let path = if let Some(unc) = path.strip_prefix(r"\\?\UNC\") {
        format!(r"\\{unc}")
    } else {
        path.strip_prefix(r"\\?\").unwrap_or(path).to_string()
    };
    let (host, rest) = match path.strip_prefix(r"\\") {
        Some(unc) => unc.split_once(['\\', '/']).unwrap_or((unc, "")),
        None => ("", path.as_str()),
    };
    let segments: Vec<String> = rest
        .split(['\\', '/'])
        .filter(|s| !s.is_empty())
        .enumerate()
        .map(|(n, s)| {
            let drive = n == 0 && host.is_empty() && s.len() == 2 && s.ends_with(':');
            if drive { s.to_string() } else { segment(s) }
        })
        .collect();
    format!("file://{}/{}", segment(host), segments.join("/"))
}

/// Where TTS loads an image from.
fn image_url(deck: &TtsDeck, images: &Path, name: &str) -> Result<String, OpError> {
    match &deck.links {
        TtsLinks::Portable => Ok(name.to_string()),
        TtsLinks::Hosted(base) => Ok(hosted_url(base, name)),
        TtsLinks::Files => {
            let file = images.join(name);
            let file = std::path::absolute(&file).map_err(|e| OpError::io("find", &file, e))?;
            let text = file
                .to_str()
                .ok_or_else(|| OpError::new(format!("{} is not UTF-8", file.display())))?;
            Ok(file_url(text, cfg!(windows)))
        }
    }
}

/// The keys TTS writes for every object it saves, with their values for a
/// plain, unlocked card or deck.
fn object(name: &str, nickname: &str, description: &str, guid: String) -> Map<String, Value> {
    let value = json!({
        "GUID": guid,
        "Name": name,
        "Transform": {
            "posX": 0.0, "posY": 1.0, "posZ": 0.0,
            "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0,
        },
        "Nickname": nickname,
        "Description": description,
        "GMNotes": "",
        "ColorDiffuse": { "r": 0.713235259, "g": 0.713235259, "b": 0.713235259 },
        "Locked": false,
        "Grid": true,
        "Snap": true,
        "IgnoreFoW": false,
        "Autoraise": true,
        "Sticky": true,
        "Tooltip": true,
        "GridProjection": false,
        "Hands": name == "Card",
        "SidewaysCard": false,
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
    });
    match value {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}

/// The deck as a Tabletop Simulator saved object (its save format: one
/// `DeckCustom` in `ObjectStates`, a `CustomDeck` entry per sheet, `DeckIDs`
/// and a `Card` per card whose `CardID` is the sheet's key times 100 plus
/// its slot).
fn saved_object(
    deck: &TtsDeck,
    card_images: &CardImages,
    images: &Path,
    sheets: &[TtsSheet],
) -> Result<Value, OpError> {
    let back = image_url(deck, images, &format!("{}-back.png", deck.name))?;
    let mut custom = Map::new();
    let mut ids = Vec::new();
    let mut cards = Vec::new();
    let mut captions = card_images.captions.iter();
    for (n, sheet) in sheets.iter().enumerate() {
        let key = (n + 1).to_string();
        let entry = json!({
            "FaceURL": image_url(deck, images, &sheet.face)?,
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
            let mut card = object("Card", &title, &text, format!("{:06x}", 0x00a000 + id));
            card.insert("CardID".into(), json!(id));
            card.insert("CustomDeck".into(), json!({ key.clone(): entry }));
            cards.push(Value::Object(card));
        }
        custom.insert(key, entry);
    }
    let mut state = object("DeckCustom", &card_images.deck_name, "", "a00000".into());
    state.insert("HideWhenFaceDown".into(), json!(true));
    state.insert("DeckIDs".into(), json!(ids));
    state.insert("CustomDeck".into(), Value::Object(custom));
    state.insert("ContainedObjects".into(), Value::Array(cards));
    Ok(json!({
        "SaveName": "", "Date": "", "VersionNumber": "", "GameMode": "",
        "GameType": "", "GameComplexity": "", "Tags": [], "Gravity": 0.5,
        "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "", "TabStates": {},
        "LuaScript": "", "LuaScriptState": "", "XmlUI": "",
        "ObjectStates": [Value::Object(state)],
    }))
}

/// The resolution that keeps a `columns` x `rows` sheet of `w` x `h` pt
/// faces within [`TTS_MAX_PIXELS`] a side, at most [`TTS_DPI`].
fn sheet_dpi(w: f32, h: f32) -> f32 {
    let widest = TTS_COLUMNS as f32 * w / 72.0;
    let tallest = TTS_ROWS as f32 * h / 72.0;
    TTS_DPI
        .min((TTS_MAX_PIXELS - 1.0) / widest)
        .min((TTS_MAX_PIXELS - 1.0) / tallest)
        .floor()
}

/// Sheets of up to 69 faces (the 70th slot shows the back as the hidden
/// face), a back image, the saved object and its thumbnail, under
/// `folder/tts/`; returns how many files were written.
pub fn write_tts(
    deck: &TtsDeck,
    card_images: &CardImages,
    fronts: &[(String, CardFace)],
    back: &CardFace,
    (w, h): (f32, f32),
    folder: &Path,
    book: &FontBook,
) -> Result<usize, OpError> {
    let dir = folder.join(TTS_DIR);
    let images = dir.join(TTS_IMAGES);
    let dpi = sheet_dpi(w, h);
    let mut sheets = Vec::new();
    for (n, chunk) in fronts.chunks(TTS_PER_SHEET).enumerate() {
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
        items.extend(back.items.iter().map(|it| it.translated(x, y)));
        let svg = outlined_svg(&items, columns as f32 * w, rows as f32 * h, book);
        let png = svg_to_png(&svg, dpi)?;
        let name = format!("{}-sheet-{}.png", deck.name, n + 1);
        write_output(folder, &images.join(&name), &png)?;
        sheets.push(TtsSheet {
            face: name,
            columns,
            rows,
            count,
        });
    }
    let back_svg = outlined_svg(&back.items, w, h, book);
    write_output(
        folder,
        &images.join(format!("{}-back.png", deck.name)),
        &svg_to_png(&back_svg, dpi)?,
    )?;
    let first = fronts.first().map_or(back, |(_, face)| face);
    let thumb_dpi = THUMBNAIL_PIXELS * 72.0 / w.max(h);
    let thumb = svg_to_png(&outlined_svg(&first.items, w, h, book), thumb_dpi)?;
    write_output(folder, &dir.join(format!("{}.png", deck.name)), &thumb)?;
    let saved = saved_object(deck, card_images, &images, &sheets)?;
    let json = serde_json::to_string_pretty(&saved)
        .map_err(|e| OpError::new(format!("TTS deck {}: {e}", deck.name)))?;
    write_output(
        folder,
        &dir.join(format!("{}.json", deck.name)),
        (json + "\n").as_bytes(),
    )?;
    Ok(sheets.len() + 3)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_paths_become_file_urls() {
        let cases = [
            (
                r"C:\Users\Ann\My Games\deck.png",
                "file:///C:/Users/Ann/My%20Games/deck.png",
            ),
            (r"\\?\C:\out\a#b\50%.png", "file:///C:/out/a%23b/50%25.png"),
            (r"\\server\share\tts\x.png", "file://server/share/tts/x.png"),
            (
                r"\\?\UNC\server\share\x y.png",
                "file://server/share/x%20y.png",
            ),
            (r"D:/mixed\sep/é.png", "file:///D:/mixed/sep/%C3%A9.png"),
        ];
        for (path, url) in cases {
            assert_eq!(file_url(path, true), url, "{path}");
        }
    }

    #[test]
    fn unix_paths_become_file_urls() {
        assert_eq!(
            file_url("/home/ann/a b/c#1/d%2?.png", false),
            "file:///home/ann/a%20b/c%231/d%252%3F.png"
        );
        // A backslash is part of a Unix file name, not a separator.
        assert_eq!(file_url(r"/t/a\b.png", false), "file:///t/a%5Cb.png");
    }

    #[test]
    fn hosted_urls_encode_the_name_and_keep_the_base() {
        assert_eq!(
            hosted_url("https://example.org/my decks/", "g-d sheet#1.png"),
            "https://example.org/my%20decks/g-d%20sheet%231.png"
        );
        assert_eq!(
            hosted_url("https://example.org/a%20b", "x.png"),
            "https://example.org/a%20b/x.png"
        );
    }

    #[test]
    fn sheets_stay_within_tts_limits() {
        // Poker at 150 dpi; tarot (2.75 x 4.75 in) and a large card come down.
        for (w, h) in [(180.0, 252.0), (198.0, 342.0), (360.0, 504.0)] {
            let dpi = sheet_dpi(w, h);
            assert!(dpi <= TTS_DPI);
            assert!((TTS_COLUMNS as f32 * w / 72.0 * dpi).ceil() <= TTS_MAX_PIXELS);
            assert!((TTS_ROWS as f32 * h / 72.0 * dpi).ceil() <= TTS_MAX_PIXELS);
        }
        assert_eq!(sheet_dpi(180.0, 252.0), 150.0);
    }
}
