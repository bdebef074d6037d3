//! Per-card images: every card written as SVG and PNG from the same layout as
//! the PDF. The PNG is compared with poppler's rendering of the PDF page of
//! the same card: the ink of the text must sit at the same place within one
//! pixel at 300 dpi. TTS sheets: grid sizes and the JSON sidecar.

mod support;

use std::path::Path;

use resvg::tiny_skia::Pixmap;
use support::tools;

/// Runs grogpress from the crate root; fails the test unless it succeeds.
fn grogpress(args: &[&str]) {
    support::grogpress(args).exit(0);
}

fn png(path: &Path) -> Pixmap {
    Pixmap::decode_png(
        &std::fs::read(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display())),
    )
    .unwrap_or_else(|e| panic!("decode {}: {e}", path.display()))
}

/// Bounding box (x0, y0, x1, y1) of dark pixels inside `area` (pixels).
fn ink_box(p: &Pixmap, area: (u32, u32, u32, u32)) -> (u32, u32, u32, u32) {
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for y in area.1..area.3 {
        for x in area.0..area.2 {
            let px = p.pixel(x, y).expect("pixel in range");
            let dark = px.alpha() > 128
                && (u32::from(px.red()) + u32::from(px.green()) + u32::from(px.blue())) < 3 * 100;
            if dark {
                (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
            }
        }
    }
    (x0, y0, x1, y1)
}

#[test]
fn png_text_sits_where_the_pdf_puts_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().to_str().expect("path");
    grogpress(&[
        "cards",
        "battlegrid",
        "--print-shop",
        "--png",
        "--svg",
        "--dpi",
        "300",
        "--out",
        out,
    ]);
    let images = dir.path().join("battlegrid/images/action");
    let pdf = dir.path().join("battlegrid/action-cards-print-shop.pdf");
    // Print-shop pages are the card plus 1/8 in bleed: 198 x 270 pt = 825 x 1125 px.
    for (card, page, stem) in [
        (1, 1, "01-bad-coordinates"),
        (17, 33, "17-order-confusion"),
        (18, 35, "18-partial-minefield"),
    ] {
        let ours = png(&images.join(format!("{stem}.png")));
        assert_eq!((ours.width(), ours.height()), (825, 1125), "card {card}");
        assert!(images.join(format!("{stem}.svg")).is_file());
        let prefix = dir.path().join(format!("pdf-{card}"));
        let page = page.to_string();
        tools::tool(
            "pdftoppm",
            &[
                "-r",
                "300",
                "-png",
                "-singlefile",
                "-f",
                &page,
                "-l",
                &page,
                pdf.to_str().expect("utf-8 path"),
                prefix.to_str().expect("utf-8 path"),
            ],
        );
        let theirs = png(&prefix.with_extension("png"));
        assert_eq!((theirs.width(), theirs.height()), (825, 1125));
        // Inside the frame (6 pt in from the trim, + 9 pt bleed): only text.
        let inner = (
            ((9.0 + 7.5) * 300.0 / 72.0) as u32,
            ((9.0 + 7.5) * 300.0 / 72.0) as u32,
            825 - 69,
            1125 - 69,
        );
        let (a, b) = (ink_box(&ours, inner), ink_box(&theirs, inner));
        assert!(a.0 < a.2, "card {card}: no text in our PNG");
        for (x, y) in [(a.0, b.0), (a.1, b.1), (a.2, b.2), (a.3, b.3)] {
            assert!(
                x.abs_diff(y) <= 1,
                "card {card}: text box {a:?} in the PNG vs {b:?} in the PDF"
            );
        }
    }
}

/// The key and JSON type of every field TTS's save format gives a custom
/// deck, its sheets and its cards (Tabletop Simulator's "Save File Format"
/// documentation: ObjectState, CustomDeck), which `tts.json` must carry.
const DECK_KEYS: &[(&str, &str)] = &[
    ("Name", "string"),
    ("Transform", "object"),
    ("Nickname", "string"),
    ("DeckIDs", "array"),
    ("CustomDeck", "object"),
    ("ContainedObjects", "array"),
    ("GUID", "string"),
];
const SHEET_KEYS: &[(&str, &str)] = &[
    ("FaceURL", "string"),
    ("BackURL", "string"),
    ("NumWidth", "number"),
    ("NumHeight", "number"),
    ("BackIsHidden", "bool"),
    ("UniqueBack", "bool"),
];
const CARD_KEYS: &[(&str, &str)] = &[
    ("Name", "string"),
    ("Transform", "object"),
    ("Nickname", "string"),
    ("Description", "string"),
    ("CardID", "number"),
    ("CustomDeck", "object"),
];
const TRANSFORM_KEYS: &[&str] = &[
    "posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ",
];

fn has_keys(value: &serde_json::Value, keys: &[(&str, &str)], what: &str) {
    for (key, kind) in keys {
        let v = value
            .get(key)
            .unwrap_or_else(|| panic!("{what} has no {key}: {value}"));
        let ok = match *kind {
            "string" => v.is_string(),
            "object" => v.is_object(),
            "array" => v.is_array(),
            "number" => v.is_u64(),
            "bool" => v.is_boolean(),
            _ => false,
        };
        assert!(ok, "{what}.{key} is not a {kind}: {v}");
    }
}

#[test]
fn tabletop_simulator_deck_is_a_saved_object_tts_loads() {
    let dir = tempfile::tempdir().expect("temp dir");
    grogpress(&[
        "cards",
        "battlefront",
        "--tts",
        "--out",
        dir.path().to_str().expect("path"),
    ]);
    let images = dir.path().join("battlefront/images/cards");
    let text = std::fs::read_to_string(images.join("tts.json")).expect("tts.json");
    let save: serde_json::Value = serde_json::from_str(&text).expect("tts.json is JSON");
    let states = save["ObjectStates"].as_array().expect("ObjectStates");
    assert_eq!(states.len(), 1);
    let deck = &states[0];
    has_keys(deck, DECK_KEYS, "the deck");
    assert_eq!(deck["Name"], "DeckCustom");
    for key in TRANSFORM_KEYS {
        assert!(deck["Transform"][key].is_number(), "Transform.{key}");
    }
    // 70 cards at 150 dpi (375 x 525 px): one full sheet of 69 (10 x 7, the
    // last slot hidden) and one more; NumWidth x NumHeight is each image's grid.
    let sheets = deck["CustomDeck"].as_object().expect("CustomDeck");
    assert_eq!(sheets.len(), 2);
    for (key, sheet) in sheets {
        has_keys(sheet, SHEET_KEYS, "a sheet");
        let url = sheet["FaceURL"].as_str().expect("FaceURL");
        let file = url
            .strip_prefix("file://")
            .expect("a file:// URL by default");
        let image = png(std::path::Path::new(file));
        let grid = (
            sheet["NumWidth"].as_u64().expect("NumWidth") as u32,
            sheet["NumHeight"].as_u64().expect("NumHeight") as u32,
        );
        assert_eq!(
            (image.width(), image.height()),
            (grid.0 * 375, grid.1 * 525),
            "sheet {key}: {url}"
        );
        let back = sheet["BackURL"].as_str().expect("BackURL");
        let back = png(std::path::Path::new(
            back.strip_prefix("file://").expect("file://"),
        ));
        assert_eq!((back.width(), back.height()), (375, 525));
    }
    let ids: Vec<u64> = deck["DeckIDs"]
        .as_array()
        .expect("DeckIDs")
        .iter()
        .map(|v| v.as_u64().expect("a card id"))
        .collect();
    let cards = deck["ContainedObjects"]
        .as_array()
        .expect("ContainedObjects");
    assert_eq!((ids.len(), cards.len()), (70, 70));
    let mut seen = std::collections::HashSet::new();
    for (card, id) in cards.iter().zip(&ids) {
        has_keys(card, CARD_KEYS, "a card");
        assert_eq!(card["Name"], "Card");
        assert_eq!(card["CardID"].as_u64(), Some(*id));
        assert!(seen.insert(*id), "card id {id} twice");
        // The card's sheet is its id's hundreds, and the slot lies on that sheet.
        let sheet = &sheets[&(id / 100).to_string()];
        let slots =
            sheet["NumWidth"].as_u64().unwrap_or(0) * sheet["NumHeight"].as_u64().unwrap_or(0);
        assert!(id % 100 < slots - 1, "card {id} in the hidden slot");
    }
    assert_eq!(cards[0]["Nickname"], "Armored Cars");
    assert!(
        cards[0]["Description"]
            .as_str()
            .unwrap_or("")
            .contains("Scout"),
        "{}",
        cards[0]
    );
}

#[test]
fn tts_url_base_makes_shareable_web_addresses() {
    let dir = tempfile::tempdir().expect("temp dir");
    grogpress(&[
        "cards",
        "battlefront",
        "--tts-url-base",
        "https://example.org/bf/",
        "--out",
        dir.path().to_str().expect("path"),
    ]);
    let text = std::fs::read_to_string(dir.path().join("battlefront/images/cards/tts.json"))
        .expect("tts.json");
    let save: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let sheet = &save["ObjectStates"][0]["CustomDeck"]["1"];
    assert_eq!(sheet["FaceURL"], "https://example.org/bf/tts-sheet-1.png");
    assert_eq!(sheet["BackURL"], "https://example.org/bf/tts-back.png");
    // A web address or nothing: anything else is refused (exit 2).
    support::grogpress(&[
        "cards",
        "battlefront",
        "--tts-url-base",
        "javascript:alert(1)",
    ])
    .exit(2);
}
