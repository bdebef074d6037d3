//! `export vassal`: tracks and holding boxes as places VASSAL names, read
//! back by VASSAL's own engine (`tests/vassal/read_module.py`). A game
//! written here (the pointy-hex fixture map) prints a turn track and a
//! holding box on its map and a victory-point track and a holding box on
//! the tracks sheet: the map's board is a zoned grid, a zone a part, whose
//! regions are the part's boxes by name, over the hex grid; the sheet's
//! page is a board "Tracks" of regions. A piece dropped a little off a
//! box's centre is said to be in that box ("Turn 3", "VP 12",
//! "Eliminated"); the scenario's units on hexes are still at their hex
//! codes, and its markers and units put in boxes are in those boxes.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

mod support;

use support::vassal_reader::read_back;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

const TROOPS: &str = r#"name = "Troops"

[[fields]]
name = "a"
kind = "int"

[[items]]
id = "foot"
name = "Foot"
a = 1

[[items]]
id = "horse"
name = "Horse"
a = 2
"#;

const PARTS: &str = r#"
[[tracks]]
id = "turns"
name = "Turn"
kind = "turn"
to = 6
map = "valley"
x = "0.3in"
y = "0.2in"

[[tracks]]
id = "vp"
name = "Victory Points"
short = "VP"
kind = "numbered"
to = 15
per_row = 8

[[boxes]]
id = "elim"
name = "Eliminated"

[[boxes]]
id = "camp"
name = "Camp"
width = "1.5in"
height = "1in"
map = "valley"
x = "0.3in"
y = "1.3in"
"#;

const SCENARIO: &str = r#"name = "Raid"
turns = 6

[[setup]]
side = "North"
hex = "G07"
units = ["foot"]

[[setup]]
side = "North"
box = "Eliminated"
units = ["foot"]

[[setup]]
side = "South"
box = "Camp"
units = ["horse"]

[[reinforcements]]
side = "South"
turn = 4
hex = "J10"
units = ["horse"]

[[markers]]
marker = "Game Turn"
track = "turns"
at = 1

[[markers]]
marker = "Score"
track = "vp"
at = 12
"#;

/// The game: the fixture map (its codes not printed, so parts may lie
/// over its cells), two sides, the parts above and one scenario.
fn written_game(dir: &Path) -> PathBuf {
    let game = dir.join("raid");
    support::copy_dir(&root().join("tests/fixtures/maps/pointy"), &game);
    let map = game.join("maps/valley.toml");
    let text = std::fs::read_to_string(&map).expect("the map");
    assert!(text.contains("code_at = \"centre\""));
    std::fs::write(
        &map,
        text.replace("code_at = \"centre\"", "code_at = \"none\""),
    )
    .expect("write");
    let toml = std::fs::read_to_string(game.join("game.toml")).expect("game.toml");
    let more = "\n[[sides]]\nid = \"north\"\nname = \"North\"\n\n[[sides]]\nid = \"south\"\nname = \"South\"\n\n\
        [[collections]]\nid = \"troops\"\nfile = \"troops.toml\"\n\n\
        [[scenarios]]\nfile = \"scenarios/raid.toml\"\n"
        .to_string()
        + PARTS
        + "\n[publish.counters]\nunits = \"troops\"\ntop_left = \"a\"\ntop_right = \"a\"\nbottom_left = \"a\"\nbottom_right = \"a\"\n\n\
        [[publish.counters.sides]]\nname = \"North\"\ncolor = \"#C0D0F0\"\nunits = { foot = 2 }\n\n\
        [[publish.counters.sides]]\nname = \"South\"\ncolor = \"#F0D0C0\"\nunits = { horse = 2 }\n\n\
        [[publish.counters.markers]]\nname = \"Game Turn\"\n\n\
        [[publish.counters.markers]]\nname = \"Score\"\n";
    std::fs::write(game.join("game.toml"), format!("{toml}{more}")).expect("write");
    std::fs::write(game.join("troops.toml"), TROOPS).expect("write");
    std::fs::create_dir_all(game.join("scenarios")).expect("mkdir");
    std::fs::write(game.join("scenarios/raid.toml"), SCENARIO).expect("write");
    game
}

fn board<'a>(read: &'a Value, name: &str) -> &'a Value {
    read["boards"]
        .as_array()
        .expect("boards")
        .iter()
        .find(|b| b["name"] == name)
        .unwrap_or_else(|| panic!("no board {name}: {read}"))
}

/// Each region's point moved a little, as a player drops a piece.
fn probes(regions: &[(String, i64, i64)]) -> Vec<Value> {
    regions
        .iter()
        .map(|(_, x, y)| json!([x + 5, y - 4]))
        .collect()
}

fn regions_of(list: &Value) -> Vec<(String, i64, i64)> {
    list.as_array()
        .expect("regions")
        .iter()
        .map(|r| {
            (
                r[0].as_str().expect("a name").to_string(),
                r[1].as_i64().expect("x"),
                r[2].as_i64().expect("y"),
            )
        })
        .collect()
}

#[test]
fn vassal_names_the_track_box_or_holding_box_a_piece_is_dropped_in() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = written_game(tmp.path());
    let module = support::export_vassal(&game, &tmp.path().join("out"));
    // First read: where the regions are.
    let first = read_back(&module, &json!({}), tmp.path());
    assert_eq!(first["validation"], json!([]), "{first}");
    let valley = board(&first, "The Valley");
    assert_eq!(valley["grid"]["kind"], "zoned", "{valley}");
    assert_eq!(valley["grid"]["background"], "hex");
    let zones = valley["grid"]["zones"].as_array().expect("zones");
    let zone_names: Vec<&Value> = zones.iter().map(|z| &z["name"]).collect();
    assert_eq!(zone_names, [&json!("Turn"), &json!("Camp")]);
    let on_map: Vec<(String, i64, i64)> = zones
        .iter()
        .flat_map(|z| regions_of(&z["regions"]))
        .collect();
    let names: Vec<&str> = on_map.iter().map(|r| r.0.as_str()).collect();
    let turns: Vec<String> = (1..=6).map(|n| format!("Turn {n}")).collect();
    let mut want: Vec<&str> = turns.iter().map(String::as_str).collect();
    want.push("Camp");
    assert_eq!(names, want, "the map's boxes by name");
    let tracks = board(&first, "Tracks");
    assert_eq!(tracks["grid"]["kind"], "region", "{tracks}");
    let sheet = regions_of(&tracks["grid"]["regions"]);
    let vp: Vec<String> = (0..=15).map(|n| format!("VP {n}")).collect();
    let mut want: Vec<&str> = vp.iter().map(String::as_str).collect();
    want.push("Eliminated");
    let names: Vec<&str> = sheet.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(names, want, "the sheet's boxes by name");

    // Second read: pieces dropped on each box, and on the hex set up in.
    let read = read_back(
        &module,
        &json!({ "The Valley": probes(&on_map), "Tracks": probes(&sheet) }),
        tmp.path(),
    );
    for (board_name, regions) in [("The Valley", &on_map), ("Tracks", &sheet)] {
        let snaps = board(&read, board_name)["grid"]["snaps"]
            .as_array()
            .expect("snaps")
            .clone();
        assert_eq!(snaps.len(), regions.len());
        for ((name, x, y), snap) in regions.iter().zip(&snaps) {
            assert_eq!(snap[2], json!(name), "{board_name}: {snap}");
            assert_eq!(
                snap[1],
                json!([x, y]),
                "{board_name} {name}: snapped to the box"
            );
        }
    }

    // The scenario: hexes by code on the zoned board, boxes by name (the
    // counter mix's copies it does not place aside).
    let setup = &read["setups"][0];
    let mut spots: Vec<(String, String, String)> = setup["pieces"]
        .as_array()
        .expect("pieces")
        .iter()
        .filter(|p| p["map"] != "Counter Mix")
        .map(|p| {
            let t = |k: &str| p[k].as_str().expect("text").to_string();
            (t("name"), t("map"), t("location"))
        })
        .collect();
    spots.sort();
    let spot = |n: &str, m: &str, l: &str| (n.to_string(), m.to_string(), l.to_string());
    assert_eq!(
        spots,
        [
            spot("Foot", "The Valley", "G07"),
            spot("Foot", "Tracks", "Eliminated"),
            spot("Game Turn", "The Valley", "Turn 1"),
            spot("Horse", "The Valley", "Camp"),
            spot("Horse", "The Valley", "Turn 4"),
            spot("Score", "Tracks", "VP 12"),
        ]
    );
}
