//! `export vassal`: a game's scenarios as set-ups, loaded by VASSAL's own
//! engine (`tests/vassal/read_module.py`: each PredefinedSetup's saved game
//! decoded from the module and executed, as VASSAL's player starts a game
//! from it) and compared with the scenario files: every unit of a set-up
//! (each copy a piece of its own) stands on the board of its map at the
//! location VASSAL names by the hex code the scenario gives, or in the box
//! it names; reinforcements wait in the box of the turn they arrive on;
//! markers start where the scenario puts them. River Line (two scenarios)
//! and a game written here (lettered columns on pointy hexes, a unit
//! placed three times, a holding box, units available, a reinforcement).

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

mod support;

use support::vassal_reader::read_back;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A TOML file as JSON (tables keep their keys' order).
fn read_toml(path: &Path) -> Value {
    fn of(v: &toml::de::DeValue<'_>) -> Value {
        use toml::de::DeValue;
        match v {
            DeValue::String(s) => json!(s.to_string()),
            DeValue::Integer(i) => {
                json!(i64::from_str_radix(i.as_str(), i.radix()).expect("an integer"))
            }
            DeValue::Boolean(b) => json!(b),
            DeValue::Array(a) => Value::Array(a.iter().map(|x| of(x.get_ref())).collect()),
            DeValue::Table(t) => table(t),
            _ => Value::Null,
        }
    }
    fn table(t: &toml::de::DeTable<'_>) -> Value {
        Value::Object(
            t.iter()
                .map(|(k, v)| (k.get_ref().to_string(), of(v.get_ref())))
                .collect(),
        )
    }
    let text = std::fs::read_to_string(path).expect("read TOML");
    let parsed =
        toml::de::DeTable::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    table(parsed.get_ref())
}

fn s<'a>(t: &'a Value, key: &str) -> &'a str {
    t[key]
        .as_str()
        .unwrap_or_else(|| panic!("no string {key} in {t}"))
}

fn tables<'a>(t: &'a Value, key: &str) -> Vec<&'a Value> {
    t[key]
        .as_array()
        .map(|a| a.iter().filter(|x| x.is_object()).collect())
        .unwrap_or_default()
}

/// A piece where VASSAL should find it: (its name, the map window, the
/// location name).
type Spot = (String, String, String);

/// What each scenario of the game at `game` puts where, read from its
/// files: (scenario name, the spots of its pieces, sorted).
fn expected(game: &Path) -> Vec<(String, Vec<Spot>)> {
    let toml = read_toml(&game.join("game.toml"));
    let counters = &toml["publish"]["counters"];
    let units_id = s(counters, "units");
    let collection = tables(&toml, "collections")
        .into_iter()
        .find(|c| s(c, "id") == units_id)
        .expect("the units collection");
    let units = read_toml(&game.join(s(collection, "file")));
    let unit_name = |unit: &str| -> String {
        tables(&units, "items")
            .into_iter()
            .find(|i| s(i, "id") == unit || s(i, "name") == unit)
            .map(|i| s(i, "name").to_string())
            .unwrap_or_else(|| panic!("no unit {unit}"))
    };
    let maps: Vec<(String, String)> = tables(&toml, "maps")
        .iter()
        .map(|m| {
            let map = read_toml(&game.join(s(m, "file")));
            (s(m, "id").to_string(), s(&map, "name").to_string())
        })
        .collect();
    let markers: Vec<&str> = tables(counters, "markers")
        .iter()
        .map(|m| s(m, "name"))
        .collect();
    let mut out = Vec::new();
    for entry in tables(&toml, "scenarios") {
        let scenario = read_toml(&game.join(s(entry, "file")));
        let board = scenario
            .get("map")
            .and_then(Value::as_str)
            .map_or(&maps[0].1, |id| {
                &maps.iter().find(|(m, _)| m == id).expect("the map").1
            });
        // Where a table of the scenario puts things.
        let spot = |t: &Value| -> Option<(String, String)> {
            if let Some(hex) = t.get("hex").and_then(Value::as_str) {
                return Some((board.clone(), hex.to_string()));
            }
            if let Some(b) = t.get("box").and_then(Value::as_str) {
                return Some(("Holding Boxes".into(), b.to_string()));
            }
            if t["available"].as_bool() == Some(true) {
                return Some(("Holding Boxes".into(), "Available".into()));
            }
            None
        };
        let mut spots = Vec::new();
        for setup in tables(&scenario, "setup") {
            let (map, at) = spot(setup).expect("a set-up place");
            for unit in setup["units"].as_array().expect("units") {
                let name = unit_name(unit.as_str().expect("a unit"));
                spots.push((name, map.clone(), at.clone()));
            }
        }
        for arriving in tables(&scenario, "reinforcements") {
            let turn = arriving["turn"].as_i64().expect("a turn");
            for unit in arriving["units"].as_array().expect("units") {
                let name = unit_name(unit.as_str().expect("a unit"));
                spots.push((name, "Holding Boxes".into(), format!("Turn {turn}")));
            }
        }
        for marker in tables(&scenario, "markers") {
            let name = s(marker, "marker");
            assert!(markers.contains(&name), "{name}: a counter marker");
            let (map, at) = match marker.get("turn").and_then(Value::as_i64) {
                Some(turn) => ("Holding Boxes".to_string(), format!("Turn {turn}")),
                None => spot(marker).expect("a marker place"),
            };
            spots.push((name.to_string(), map, at));
        }
        spots.sort();
        out.push((s(&scenario, "name").to_string(), spots));
    }
    out
}

/// The set-ups VASSAL loaded of the scenarios (the counter mix's own
/// aside): (name, the spots of its pieces off the decks' table and the
/// counter mix's board, sorted); and each set-up's pieces stacked by point.
fn loaded(read: &Value) -> Vec<(String, Vec<Spot>)> {
    read["setups"]
        .as_array()
        .expect("setups")
        .iter()
        .filter(|setup| setup["name"] != "Counter Mix")
        .map(|setup| {
            let pieces: Vec<&Value> = setup["pieces"]
                .as_array()
                .expect("pieces")
                .iter()
                .filter(|p| p["map"] != "Table" && p["map"] != "Counter Mix")
                .collect();
            // Pieces VASSAL names one location stand on one point.
            for a in &pieces {
                for b in &pieces {
                    if a["map"] == b["map"] && a["location"] == b["location"] {
                        assert_eq!(a["at"], b["at"], "one stack a location: {a} {b}");
                    }
                }
            }
            let mut spots: Vec<Spot> = pieces
                .iter()
                .map(|p| {
                    let text = |k: &str| p[k].as_str().expect("text").to_string();
                    (text("name"), text("map"), text("location"))
                })
                .collect();
            spots.sort();
            (setup["name"].as_str().expect("a name").to_string(), spots)
        })
        .collect()
}

fn check(game: &Path) -> Value {
    let tmp = tempfile::tempdir().expect("temp dir");
    let module = support::export_vassal(game, &tmp.path().join("out"));
    let read = read_back(&module, &json!({}), tmp.path());
    assert_eq!(read["validation"], json!([]), "VASSAL's module check warns");
    let want = expected(game);
    let got = loaded(&read);
    assert_eq!(got.len(), want.len(), "one set-up a scenario");
    for ((name, spots), (loaded_name, loaded_spots)) in want.iter().zip(&got) {
        assert_eq!(loaded_name, name);
        assert_eq!(
            loaded_spots, spots,
            "{name}: each piece where the scenario puts it"
        );
    }
    read
}

#[test]
fn vassal_loads_river_lines_scenarios_with_every_unit_on_its_hex() {
    let (_tmp, game) = support::temp_game("river-line");
    let read = check(&game);
    let names: Vec<&Value> = read["setups"]
        .as_array()
        .expect("setups")
        .iter()
        .map(|s| &s["name"])
        .collect();
    assert_eq!(
        names,
        [
            &json!("The Crossing"),
            &json!("Counterstroke"),
            &json!("Counter Mix")
        ]
    );
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
name = "Guns"
a = 3
"#;

const SCENARIO: &str = r#"name = "Ford & Mill"
turns = 4
boxes = ["Reserve"]

[[setup]]
side = "North"
hex = "A01"
units = ["foot", "foot"]

[[setup]]
side = "North"
hex = "N14"
units = ["1/2; Rif"]

[[setup]]
side = "South"
hex = "G07"
units = ["horse"]

[[setup]]
side = "South"
box = "Reserve"
units = ["horse"]

[[setup]]
side = "North"
available = true
units = ["guns"]

[[reinforcements]]
side = "South"
turn = 3
hex = "B02"
units = ["guns"]

[[markers]]
marker = "Game Turn"
turn = 1

[[markers]]
marker = "Out of Supply"
hex = "H08"
"#;

/// The pointy-hex fixture map (columns lettered) with two sides, units,
/// markers and one scenario, written from docs/data-format.md.
fn written_game(dir: &Path) -> PathBuf {
    let game = dir.join("ford");
    support::copy_dir(&root().join("tests/fixtures/maps/pointy"), &game);
    let toml = std::fs::read_to_string(game.join("game.toml")).expect("game.toml");
    let more = "\n[[sides]]\nid = \"north\"\nname = \"North\"\n\n[[sides]]\nid = \"south\"\nname = \"South\"\n\n\
        [[collections]]\nid = \"troops\"\nfile = \"troops.toml\"\n\n\
        [[scenarios]]\nfile = \"scenarios/ford.toml\"\n\n\
        [publish.counters]\nunits = \"troops\"\ntop_left = \"a\"\ntop_right = \"a\"\nbottom_left = \"a\"\nbottom_right = \"a\"\n\n\
        [[publish.counters.sides]]\nname = \"North\"\ncolor = \"#C0D0F0\"\nunits = { foot = 3, guns = 1 }\n\n\
        [[publish.counters.sides]]\nname = \"South\"\ncolor = \"#F0D0C0\"\nunits = { horse = 2, guns = 1 }\n\n\
        [[publish.counters.markers]]\nname = \"Game Turn\"\n\n\
        [[publish.counters.markers]]\nname = \"Out of Supply\"\ncount = 2\n";
    std::fs::write(game.join("game.toml"), format!("{toml}{more}")).expect("write");
    std::fs::write(game.join("troops.toml"), TROOPS).expect("write");
    std::fs::create_dir_all(game.join("scenarios")).expect("mkdir");
    std::fs::write(game.join("scenarios/ford.toml"), SCENARIO).expect("write");
    game
}

#[test]
fn vassal_loads_a_written_scenario_with_each_copy_of_a_unit_where_it_is_set_up() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = written_game(tmp.path());
    let read = check(&game);
    let spots = &loaded(&read)[0].1;
    // The unit of three copies: three pieces, two stacked in A01.
    let foot: Vec<&Spot> = spots.iter().filter(|s| s.0 == "1/2; Rif").collect();
    assert_eq!(foot.len(), 3, "{spots:?}");
    assert_eq!(foot.iter().filter(|s| s.2 == "A01").count(), 2);
    assert_eq!(foot.iter().filter(|s| s.2 == "N14").count(), 1);
}
