//! The Tabletop Simulator deck (`cards --tts`): the saved object read back
//! against TTS's save format (the keys TTS writes itself, DeckIDs = sheet x
//! 100 + slot, sheets at most 10 x 7 and 4096 px a side), named after the
//! game and deck with a thumbnail beside it, and every image address parsed
//! by a URL parser and followed to its file — from a folder whose path holds
//! a space, `#` and `%`.

mod support;

use std::path::{Path, PathBuf};

use resvg::tiny_skia::Pixmap;

fn png(path: &Path) -> Pixmap {
    Pixmap::decode_png(
        &std::fs::read(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display())),
    )
    .unwrap_or_else(|e| panic!("decode {}: {e}", path.display()))
}

/// The key and JSON type of every field TTS writes when it saves a custom
/// deck, its sheets and its cards (Tabletop Simulator's "Save File Format":
/// ObjectState, CustomDeck; a saved object's outer keys left empty).
const SAVE_KEYS: &[(&str, &str)] = &[
    ("SaveName", "string"),
    ("Date", "string"),
    ("VersionNumber", "string"),
    ("GameMode", "string"),
    ("Table", "string"),
    ("Sky", "string"),
    ("Note", "string"),
    ("TabStates", "object"),
    ("LuaScript", "string"),
    ("XmlUI", "string"),
    ("ObjectStates", "array"),
];
const OBJECT_KEYS: &[(&str, &str)] = &[
    ("GUID", "string"),
    ("Name", "string"),
    ("Transform", "object"),
    ("Nickname", "string"),
    ("Description", "string"),
    ("GMNotes", "string"),
    ("ColorDiffuse", "object"),
    ("Locked", "bool"),
    ("Grid", "bool"),
    ("Snap", "bool"),
    ("Hands", "bool"),
    ("SidewaysCard", "bool"),
    ("LuaScript", "string"),
    ("LuaScriptState", "string"),
    ("XmlUI", "string"),
];
const DECK_KEYS: &[(&str, &str)] = &[
    ("DeckIDs", "array"),
    ("CustomDeck", "object"),
    ("ContainedObjects", "array"),
    ("HideWhenFaceDown", "bool"),
];
const SHEET_KEYS: &[(&str, &str)] = &[
    ("FaceURL", "string"),
    ("BackURL", "string"),
    ("NumWidth", "number"),
    ("NumHeight", "number"),
    ("BackIsHidden", "bool"),
    ("UniqueBack", "bool"),
    ("Type", "number"),
];
const CARD_KEYS: &[(&str, &str)] = &[("CardID", "number"), ("CustomDeck", "object")];
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

/// The shipped battlefront deck built with `flags` into `out`, from a copy
/// of the game under `root`; returns the saved object's folder.
fn build(root: &Path, out: &Path, flags: &[&str]) -> PathBuf {
    let game = root.join("battlefront");
    if !game.is_dir() {
        support::copy_dir(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("data/battlefront"),
            &game,
        );
    }
    let mut args = vec!["cards", game.to_str().expect("UTF-8 path")];
    args.extend(flags);
    args.extend(["--out", out.to_str().expect("UTF-8 path")]);
    support::grogpress(&args).exit(0);
    out.join("battlefront/tts")
}

/// The saved object `battlefront-cards.json` read and checked against TTS's
/// format; returns it with every sheet's (FaceURL, BackURL).
fn read_deck(tts: &Path) -> (serde_json::Value, Vec<(String, String)>) {
    // Named after the game and deck, with its thumbnail beside it.
    let thumb = png(&tts.join("battlefront-cards.png"));
    assert_eq!(thumb.width().max(thumb.height()), 256);
    assert!(!tts.join("tts.json").exists());
    let text = std::fs::read_to_string(tts.join("battlefront-cards.json")).expect("the JSON");
    let save: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    has_keys(&save, SAVE_KEYS, "the saved object");
    let states = save["ObjectStates"].as_array().expect("ObjectStates");
    assert_eq!(states.len(), 1);
    let deck = &states[0];
    has_keys(deck, OBJECT_KEYS, "the deck");
    has_keys(deck, DECK_KEYS, "the deck");
    assert_eq!(deck["Name"], "DeckCustom");
    assert_eq!(deck["Hands"], false);
    for key in TRANSFORM_KEYS {
        assert!(deck["Transform"][key].is_number(), "Transform.{key}");
    }
    let sheets = deck["CustomDeck"].as_object().expect("CustomDeck");
    // 70 cards: one full sheet of 69 (10 x 7, the last slot hidden) and one more.
    assert_eq!(sheets.len(), 2);
    let mut urls = Vec::new();
    for (key, sheet) in sheets {
        has_keys(sheet, SHEET_KEYS, "a sheet");
        let (w, h) = (
            sheet["NumWidth"].as_u64().expect("NumWidth"),
            sheet["NumHeight"].as_u64().expect("NumHeight"),
        );
        assert!(
            (2..=10).contains(&w) && (2..=7).contains(&h),
            "sheet {key}: {w} x {h}"
        );
        urls.push((
            sheet["FaceURL"].as_str().expect("FaceURL").to_string(),
            sheet["BackURL"].as_str().expect("BackURL").to_string(),
        ));
    }
    let ids: Vec<u64> = (deck["DeckIDs"].as_array().expect("DeckIDs").iter())
        .map(|v| v.as_u64().expect("a card id"))
        .collect();
    let cards = deck["ContainedObjects"].as_array().expect("cards");
    assert_eq!((ids.len(), cards.len()), (70, 70));
    let mut seen = std::collections::HashSet::new();
    for (n, (card, id)) in cards.iter().zip(&ids).enumerate() {
        has_keys(card, OBJECT_KEYS, "a card");
        has_keys(card, CARD_KEYS, "a card");
        assert_eq!(
            (card["Name"].as_str(), card["Hands"].as_bool()),
            (Some("Card"), Some(true))
        );
        assert_eq!(card["CardID"].as_u64(), Some(*id));
        assert!(seen.insert(*id), "card id {id} twice");
        // DeckIDs = sheet x 100 + slot: the n-th card is slot n % 69 of sheet n / 69 + 1.
        assert_eq!(*id, (n as u64 / 69 + 1) * 100 + n as u64 % 69);
        let sheet = &sheets[&(id / 100).to_string()];
        assert_eq!(card["CustomDeck"][(id / 100).to_string()], *sheet);
        let slots =
            sheet["NumWidth"].as_u64().unwrap_or(0) * sheet["NumHeight"].as_u64().unwrap_or(0);
        assert!(id % 100 < slots - 1, "card {id} in the hidden slot");
    }
    assert_eq!(cards[0]["Nickname"], "Armored Cars");
    let description = cards[0]["Description"].as_str().unwrap_or("");
    assert!(description.contains("Scout"), "{}", cards[0]);
    (save, urls)
}

/// A sheet's image: its grid of 375 x 525 px faces (poker at 150 dpi),
/// within 4096 px a side.
fn check_sheet(image: &Path, save: &serde_json::Value, n: usize) {
    let sheet = &save["ObjectStates"][0]["CustomDeck"][(n + 1).to_string()];
    let grid = (
        sheet["NumWidth"].as_u64().expect("NumWidth") as u32,
        sheet["NumHeight"].as_u64().expect("NumHeight") as u32,
    );
    let image = png(image);
    assert_eq!(
        (image.width(), image.height()),
        (grid.0 * 375, grid.1 * 525)
    );
    assert!(image.width() <= 4096 && image.height() <= 4096);
}

#[test]
fn default_deck_names_its_images_by_file_name() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let root = tmp.path().join("my games #2 100%");
    let tts = build(&root, &root.join("out"), &["--tts"]);
    let (save, urls) = read_deck(&tts);
    for (n, (face, back)) in urls.iter().enumerate() {
        // A bare file name: TTS finds it in Mods/Images wherever it is copied.
        for name in [face, back] {
            assert!(!name.contains(['/', '\\', ':']), "{name}");
            assert!(name.starts_with("battlefront-cards-"), "{name}");
        }
        check_sheet(&tts.join("images").join(face), &save, n);
        assert_eq!(
            (
                png(&tts.join("images").join(back)).width(),
                png(&tts.join("images").join(back)).height()
            ),
            (375, 525)
        );
    }
}

#[test]
fn file_urls_are_parsed_back_to_the_images_written() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let root = tmp.path().join("a b#c%d;e");
    let tts = build(&root, &root.join("out 50%"), &["--tts-file-urls"]);
    let (save, urls) = read_deck(&tts);
    for (n, (face, back)) in urls.iter().enumerate() {
        for url in [face, back] {
            let parsed = url::Url::parse(url).unwrap_or_else(|e| panic!("{url}: {e}"));
            assert_eq!(parsed.scheme(), "file");
            assert_eq!(parsed.fragment(), None, "{url}");
            assert_eq!(parsed.query(), None, "{url}");
            let file = parsed.to_file_path().expect("a file path");
            assert!(file.starts_with(&root), "{url} -> {}", file.display());
            assert!(file.is_file(), "{url} -> {}", file.display());
        }
        let face = url::Url::parse(face)
            .expect("URL")
            .to_file_path()
            .expect("path");
        check_sheet(&face, &save, n);
    }
}

#[test]
fn hosted_urls_are_percent_encoded() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let tts = build(
        tmp.path(),
        &tmp.path().join("out"),
        &["--tts-url-base", "https://example.org/my decks/bf#1/"],
    );
    let (_, urls) = read_deck(&tts);
    let (face, back) = &urls[0];
    assert_eq!(
        face,
        "https://example.org/my%20decks/bf%231/battlefront-cards-sheet-1.png"
    );
    for url in [face, back] {
        let parsed = url::Url::parse(url).unwrap_or_else(|e| panic!("{url}: {e}"));
        assert_eq!(
            (parsed.scheme(), parsed.host_str()),
            ("https", Some("example.org"))
        );
        assert_eq!(parsed.fragment(), None);
        let segments: Vec<&str> = parsed.path_segments().expect("a path").collect();
        assert_eq!(segments[..2], ["my%20decks", "bf%231"]);
        assert!(tts.join("images").join(segments[2]).is_file(), "{url}");
    }
    // A web address or nothing: anything else is refused (exit 2).
    support::grogpress(&[
        "cards",
        "battlefront",
        "--tts-url-base",
        "javascript:alert(1)",
    ])
    .exit(2);
}
