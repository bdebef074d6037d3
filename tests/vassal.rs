//! `export vassal`: the module read back. The archive's entries are whole
//! (each CRC checked, walked from the central directory as VASSAL's zip
//! reader does); `buildFile.xml` uses only element names VASSAL's source
//! registers as buildable classes; every deck is a face-down draw pile with
//! one card per card of the deck, every counter a piece whose two faces are
//! pictures in the archive, every map a board whose picture and grid match
//! the map. A game written here from the data format (pointy-top hexes,
//! counters of two sides) and a shipped game with a deck and a square board.

use std::collections::BTreeMap;
use std::path::Path;

mod support;

/// Element names of `buildFile.xml`, each the class VASSAL builds for it
/// (read from VASSAL's source: `VASSAL.build.GameModule` and the classes
/// its components are; `entry` is a player roster's side).
const VASSAL_ELEMENTS: &[&str] = &[
    "VASSAL.build.GameModule",
    "VASSAL.build.module.BasicCommandEncoder",
    "VASSAL.build.module.Documentation",
    "VASSAL.build.module.PlayerRoster",
    "entry",
    "VASSAL.build.module.GlobalOptions",
    "VASSAL.build.module.Map",
    "VASSAL.build.module.map.BoardPicker",
    "VASSAL.build.module.map.boardPicker.Board",
    "VASSAL.build.module.map.boardPicker.board.HexGrid",
    "VASSAL.build.module.map.boardPicker.board.SquareGrid",
    "VASSAL.build.module.map.StackMetrics",
    "VASSAL.build.module.map.ForwardToKeyBuffer",
    "VASSAL.build.module.map.Scroller",
    "VASSAL.build.module.map.ForwardToChatter",
    "VASSAL.build.module.map.MenuDisplayer",
    "VASSAL.build.module.map.MapCenterer",
    "VASSAL.build.module.map.StackExpander",
    "VASSAL.build.module.map.PieceMover",
    "VASSAL.build.module.map.KeyBufferer",
    "VASSAL.build.module.map.Zoomer",
    "VASSAL.build.module.map.DrawPile",
    "VASSAL.build.widget.CardSlot",
    "VASSAL.build.module.PieceWindow",
    "VASSAL.build.widget.ListWidget",
    "VASSAL.build.widget.PieceSlot",
    "VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering",
    "VASSAL.build.module.map.boardPicker.board.mapgrid.SquareGridNumbering",
    "VASSAL.build.module.map.boardPicker.board.RegionGrid",
    "VASSAL.build.module.map.boardPicker.board.Region",
    "VASSAL.build.module.map.boardPicker.board.ZonedGrid",
    "VASSAL.build.module.map.boardPicker.board.mapgrid.Zone",
    "VASSAL.build.module.PredefinedSetup",
    "VASSAL.build.module.PlayerHand",
    "VASSAL.build.module.map.HandMetrics",
    "VASSAL.build.module.DiceButton",
    "VASSAL.build.module.SpecialDiceButton",
    "VASSAL.build.module.SpecialDie",
    "VASSAL.build.module.SpecialDieFace",
    "VASSAL.build.module.ChartWindow",
    "VASSAL.build.widget.TabWidget",
    "VASSAL.build.widget.Chart",
    "VASSAL.build.module.turn.TurnTracker",
    "VASSAL.build.module.turn.CounterTurnLevel",
];

/// One element: its name, attributes and text.
#[derive(Debug)]
struct Element {
    name: String,
    attrs: BTreeMap<String, String>,
    text: String,
}

fn unescape(s: &str) -> String {
    s.replace("&#9;", "\t")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// The opening tags of an XML file written one element a line, in order.
fn elements(xml: &str) -> Vec<Element> {
    let mut out = Vec::new();
    for line in xml.lines().map(str::trim) {
        if !line.starts_with('<') || line.starts_with("</") || line.starts_with("<?") {
            continue;
        }
        let end = line.find('>').expect("a closed tag");
        let tag = line[1..end].trim_end_matches('/');
        let (name, mut rest) = tag.split_once(' ').unwrap_or((tag, ""));
        let mut attrs = BTreeMap::new();
        while let Some(eq) = rest.find("=\"") {
            let key = rest[..eq].trim().to_string();
            let value_end = rest[eq + 2..].find('"').expect("a closed value") + eq + 2;
            attrs.insert(key, unescape(&rest[eq + 2..value_end]));
            rest = &rest[value_end + 1..];
        }
        let text = line[end + 1..]
            .split("</")
            .next()
            .map(unescape)
            .unwrap_or_default();
        out.push(Element {
            name: name.to_string(),
            attrs,
            text,
        });
    }
    out
}

/// VASSAL's SequenceEncoder decoder.
fn decode(s: &str, delimiter: char) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&delimiter) => {
                out.last_mut().expect("a token").push(delimiter);
                chars.next();
            }
            c if c == delimiter => out.push(String::new()),
            c => out.last_mut().expect("a token").push(c),
        }
    }
    out
}

/// The traits of a piece slot's text (outermost first).
fn traits(text: &str) -> Vec<Vec<String>> {
    let parts = decode(text, '/');
    assert_eq!(parts[..2], ["+", "null"], "{text}");
    decode(&parts[2], '\t')
        .iter()
        .map(|t| decode(t, ';'))
        .collect()
}

fn export(game: &Path, out: &Path) -> BTreeMap<String, Vec<u8>> {
    support::unzip(&std::fs::read(support::export_vassal(game, out)).expect("the module"))
}

fn check_element_names(xml: &str) {
    for e in elements(xml) {
        assert!(
            VASSAL_ELEMENTS.contains(&e.name.as_str()),
            "{} is not a VASSAL element",
            e.name
        );
    }
}

const TROOPS: &str = r#"name = "Troops"

[[fields]]
name = "a"
kind = "int"

[[items]]
id = "foot"
name = "Rifles"
a = 1

[[items]]
id = "horse"
name = "Lancers"
a = 2
"#;

#[test]
fn counters_are_two_faced_pieces_and_a_pointy_hex_map_is_a_board_with_its_grid() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = tmp.path().join("skirmish");
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/maps/pointy");
    support::copy_dir(&fixture, &game);
    let toml = std::fs::read_to_string(game.join("game.toml")).expect("game.toml");
    let counters = "\n[[collections]]\nid = \"troops\"\nfile = \"troops.toml\"\n\n\
        [publish.counters]\nunits = \"troops\"\ntop_left = \"a\"\ntop_right = \"a\"\nbottom_left = \"a\"\nbottom_right = \"a\"\n\n\
        [[publish.counters.sides]]\nname = \"North\"\ncolor = \"#C0D0F0\"\nunits = { foot = 3, horse = 1 }\n\n\
        [[publish.counters.sides]]\nname = \"South\"\ncolor = \"#F0D0C0\"\nunits = { horse = 2 }\n";
    std::fs::write(game.join("game.toml"), format!("{toml}{counters}")).expect("write");
    std::fs::write(game.join("troops.toml"), TROOPS).expect("write");
    let files = export(&game, &tmp.path().join("out"));
    let xml = String::from_utf8(files["buildFile.xml"].clone()).expect("utf-8");
    check_element_names(&xml);
    let data = String::from_utf8(files["moduledata"].clone()).expect("utf-8");
    assert!(
        data.contains("<name>Pointy Skirmish</name>") && data.contains("<version>1.0</version>")
    );
    let all = elements(&xml);

    // One piece per unit and side, in sheet order; both faces in the archive, 3/4 in at 100 dpi.
    let mut palette: Vec<(String, String)> = Vec::new();
    let mut side = String::new();
    for e in &all {
        match e.name.as_str() {
            "VASSAL.build.widget.ListWidget" => side = e.attrs["entryName"].clone(),
            "VASSAL.build.widget.PieceSlot" => {
                palette.push((side.clone(), e.attrs["entryName"].clone()));
                let t = traits(&e.text);
                assert_eq!(t[0][0], "emb2", "the faces are a layer");
                let faces = decode(&t[0][16], ',');
                assert_eq!(faces.len(), 2);
                for face in &faces {
                    let png = files
                        .get(&format!("images/{face}"))
                        .expect("the face's picture");
                    assert_eq!(support::png_size(png), (75, 75), "{face}");
                }
                assert_ne!(
                    files[&format!("images/{}", faces[0])],
                    files[&format!("images/{}", faces[1])]
                );
                assert_eq!(t[1][0], "piece");
                assert_eq!(t[1][4], e.attrs["entryName"]);
            }
            _ => {}
        }
    }
    let want: Vec<(String, String)> = [
        ("North", "Rifles"),
        ("North", "Lancers"),
        ("South", "Lancers"),
    ]
    .iter()
    .map(|(s, n)| (s.to_string(), n.to_string()))
    .collect();
    assert_eq!(palette, want);

    // The board: the map's picture, pointy-top hexes 0.9 in apart.
    let board = all
        .iter()
        .find(|e| e.name == "VASSAL.build.module.map.boardPicker.Board")
        .expect("a board");
    let image = &files[&format!("images/{}", board.attrs["image"])];
    let size = support::png_size(image);
    assert_eq!(
        (size.0.to_string(), size.1.to_string()),
        (board.attrs["width"].clone(), board.attrs["height"].clone())
    );
    let grid = all
        .iter()
        .find(|e| e.name == "VASSAL.build.module.map.boardPicker.board.HexGrid")
        .expect("a hex grid");
    assert_eq!(grid.attrs["sideways"], "true");
    let num = |k: &str| grid.attrs[k].parse::<f64>().expect("a number");
    // 0.9 in at 100 dpi across the flats; rows 1.5 radii apart.
    assert!((num("dy") - 90.0).abs() < 0.01, "{:?}", grid.attrs);
    assert!(
        (num("dx") - 90.0 / 3f64.sqrt() * 1.5).abs() < 0.01,
        "{:?}",
        grid.attrs
    );
    // A sideways grid's origin is turned (x and y swapped), as VASSAL reads it.
    let (x0, y0) = (num("y0"), num("x0"));
    assert!(x0 > 0.0 && y0 > 0.0 && x0 < f64::from(size.0) && y0 < f64::from(size.1));
    assert!(
        !all.iter()
            .any(|e| e.name == "VASSAL.build.module.map.DrawPile"),
        "no deck, no table"
    );
}

#[test]
fn a_deck_is_a_face_down_draw_pile_of_its_cards() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let (_game_tmp, game) = support::temp_game("grognards");
    let files = export(&game, &tmp.path().join("out"));
    let xml = String::from_utf8(files["buildFile.xml"].clone()).expect("utf-8");
    check_element_names(&xml);
    let all = elements(&xml);
    let pile = all
        .iter()
        .find(|e| e.name == "VASSAL.build.module.map.DrawPile")
        .expect("a draw pile");
    assert_eq!(pile.attrs["faceDown"], "Always");
    let cards: Vec<&Element> = all
        .iter()
        .filter(|e| e.name == "VASSAL.build.widget.CardSlot")
        .collect();
    // The deck's cards, by the title the CSV export gives them.
    let csv = support::grogpress(&["export", "csv", game.to_str().expect("path")]);
    let titles: Vec<String> = csv
        .stdout
        .lines()
        .skip(1)
        .map(|l| {
            l.split(',')
                .next()
                .unwrap_or_default()
                .trim_matches('"')
                .to_string()
        })
        .collect();
    assert_eq!(cards.len(), titles.len());
    assert_eq!(cards.len(), 39);
    let mut ids = std::collections::HashSet::new();
    for (card, title) in cards.iter().zip(&titles) {
        assert_eq!(&card.attrs["entryName"], title);
        assert!(ids.insert(card.attrs["gpid"].clone()), "gpid once");
        let t = traits(&card.text);
        assert_eq!(t[0][0], "obs", "masked by the back");
        assert!(
            files.contains_key(&format!("images/{}", t[0][2])),
            "the back"
        );
        assert_eq!(t[1][0], "piece");
        let front = &files[&format!("images/{}", t[1][3])];
        assert_eq!(
            support::png_size(front),
            (250, 350),
            "a poker card at 100 dpi"
        );
        assert_eq!(&t[1][4], title);
    }
    let grid = all
        .iter()
        .find(|e| e.name == "VASSAL.build.module.map.boardPicker.board.SquareGrid")
        .expect("the board's square grid");
    assert_eq!(grid.attrs["dx"], grid.attrs["dy"]);
}
