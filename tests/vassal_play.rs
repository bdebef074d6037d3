//! `export vassal` at the table: what a module offers the players, read
//! back by VASSAL's own engine (`tests/vassal/read_module.py`, as
//! `tests/vassal_engine.rs` does) and compared with the game's data — a
//! game with counters but no map warned of (`vassal-no-map` at its
//! `[publish.counters]`) and given a plain board; the counter mix in its
//! printed numbers (a set-up of its own, and in each scenario's set-up
//! what the scenario does not place); a stepped unit's flip to its reduced
//! face; a button for each of the game's dice (NdS dice from its charts, a
//! collection's dice with their own faces); the charts and player aids as
//! the pages of a Charts window; a turn tracker over the scenarios' turns.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::{Value, json};

mod support;

use support::owned_toml::{Toml, read as table, str_of, tables};
use support::vassal_reader::read_back;

/// The printed counters of the game: how many copies of each unit (by its
/// name in the units collection) and marker `[publish.counters]` lists.
fn printed(game: &Path) -> BTreeMap<String, usize> {
    let toml = table(&game.join("game.toml"));
    let counters = toml
        .get("publish")
        .and_then(|p| p.get("counters"))
        .expect("counters");
    let units_id = str_of(counters, "units");
    let file = tables(&toml, "collections")
        .into_iter()
        .find(|c| str_of(c, "id") == units_id)
        .map(|c| str_of(c, "file").to_string())
        .expect("the units collection");
    let units = table(&game.join(file));
    let name_of = |id: &str| {
        tables(&units, "items")
            .into_iter()
            .find(|i| str_of(i, "id") == id)
            .map(|i| str_of(i, "name").to_string())
            .unwrap_or_else(|| panic!("no unit {id}"))
    };
    // A unit of three or four steps (faces with values, of the
    // `[[publish.counters.faces]]`) prints a second counter, named for them.
    let faces: Vec<Vec<String>> = tables(counters, "faces")
        .iter()
        .map(|f| {
            f.get("factors")
                .expect("factors")
                .array()
                .iter()
                .map(|x| x.as_str().expect("a field").to_string())
                .collect()
        })
        .collect();
    let steps = |id: &str| {
        let item = tables(&units, "items")
            .into_iter()
            .find(|i| str_of(i, "id") == id)
            .expect("the unit");
        faces
            .iter()
            .filter(|fields| {
                fields.iter().any(|f| {
                    item.get(f)
                        .and_then(Toml::as_str)
                        .is_some_and(|v| !v.is_empty())
                })
            })
            .count()
    };
    let mut out = BTreeMap::new();
    for side in tables(counters, "sides") {
        for (id, n) in side.get("units").expect("units").entries() {
            let n = usize::try_from(n.as_int().expect("a count")).expect("a count");
            *out.entry(name_of(id)).or_default() += n;
            let second = match steps(id) {
                3 => Some("step 3"),
                4 => Some("steps 3-4"),
                _ => None,
            };
            if let Some(second) = second {
                *out.entry(format!("{} ({second})", name_of(id)))
                    .or_default() += n;
            }
        }
    }
    for marker in tables(counters, "markers") {
        let n = marker.get("count").and_then(Toml::as_int);
        *out.entry(str_of(marker, "name").to_string()).or_default() +=
            usize::try_from(n.unwrap_or(1)).expect("a count");
    }
    out
}

/// How many pieces of each name a set-up VASSAL loaded holds on `maps`
/// (all but the decks' table when `None`).
fn counted(setup: &Value, maps: Option<&[&str]>) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    for p in setup["pieces"].as_array().expect("pieces") {
        let map = p["map"].as_str().expect("a map");
        let wanted = match maps {
            Some(maps) => maps.contains(&map),
            None => map != "Table",
        };
        if wanted {
            *out.entry(p["name"].as_str().expect("a name").to_string())
                .or_default() += 1;
        }
    }
    out
}

fn setup<'a>(read: &'a Value, name: &str) -> &'a Value {
    read["setups"]
        .as_array()
        .expect("setups")
        .iter()
        .find(|s| s["name"] == name)
        .unwrap_or_else(|| panic!("no set-up {name}: {}", read["setups"]))
}

const GAME: &str = r##"name = "Boxed Brigades"

[[collections]]
id = "troops"
file = "troops.toml"

[publish.counters]
units = "troops"
top_left = "a"
top_right = "a"
bottom_left = "a"
bottom_right = "a"

[[publish.counters.sides]]
name = "Blue"
color = "#C0D0F0"
units = { foot = 3, horse = 1 }

[[publish.counters.sides]]
name = "Red"
color = "#F0D0C0"
units = { horse = 2 }

[[publish.counters.markers]]
name = "Disrupted"
count = 4
"##;

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

/// A game written here with counters and no map: `export vassal` warns
/// at its `[publish.counters]` and still writes the module, which has a
/// plain board to play on and every printed counter in its counter mix.
#[test]
fn a_game_with_counters_but_no_map_is_warned_of_and_gets_a_plain_board() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = tmp.path().join("boxed");
    std::fs::create_dir_all(&game).expect("mkdir");
    std::fs::write(game.join("game.toml"), GAME).expect("write");
    std::fs::write(game.join("troops.toml"), TROOPS).expect("write");
    let out = tmp.path().join("out");
    let run = support::grogpress(&[
        "export",
        "vassal",
        game.to_str().expect("utf-8"),
        "--out",
        out.to_str().expect("utf-8"),
        "--format",
        "json",
    ]);
    run.exit(0);
    let at = GAME.find("\"troops\"\ntop_left").expect("the units value");
    let (line, col) = support::line_col(GAME, at);
    run.expect("warning", "vassal-no-map", "boxed/game.toml", line, col);
    run.only_ids(&["vassal-no-map"]);

    let module = out.join("boxed/boxed.vmod");
    let read = read_back(&module, &json!({}), tmp.path());
    assert_eq!(read["validation"], json!([]), "VASSAL's module check warns");
    let board = read["boards"]
        .as_array()
        .expect("boards")
        .iter()
        .find(|b| b["map"] == "Board")
        .unwrap_or_else(|| panic!("no plain board: {}", read["boards"]));
    assert_eq!(board["name"], "Board");
    assert_eq!(board["image"], "", "no picture");
    assert_eq!(board["grid"], Value::Null, "no grid");
    assert_eq!(board["size"], json!([1600, 1200]), "16 by 12 in at 100 dpi");

    // The counter mix: every counter as many times as it is printed.
    let mix = setup(&read, "Counter Mix");
    assert_eq!(counted(mix, None), printed(&game));
    assert_eq!(
        counted(mix, None),
        [("Disrupted", 4), ("Lancers", 3), ("Rifles", 3)]
            .iter()
            .map(|(n, c)| (n.to_string(), *c))
            .collect()
    );
    // Each kind (a palette piece: a side's unit, a marker) stacked on a
    // point of its own.
    let mut points: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for p in mix["pieces"].as_array().expect("pieces") {
        assert_eq!(p["map"], "Counter Mix");
        let key = format!("{}", p["at"]);
        points.entry(key).or_default().push(p["name"].clone());
    }
    for names in points.values() {
        assert!(
            names.iter().all(|n| *n == names[0]),
            "one kind a stack: {names:?}"
        );
    }
    let palette = read["pieces"].as_array().expect("the palette").len();
    assert_eq!(points.len(), palette, "a stack a palette piece: {points:?}");
    assert_eq!(palette, 4, "Blue's two, Red's one, the marker");
}

/// River Line: the counter mix set-up holds each counter as many times as
/// it is printed, each scenario's what the scenario leaves; a unit with a
/// reduced face is named "(reduced)" once flipped to it, a unit of one
/// step is not; the turn tracker counts the longest scenario's turns.
#[test]
fn vassal_holds_river_lines_counter_mix_reduced_faces_and_turns() {
    let (_tmp, game) = support::temp_game("river-line");
    let out = tempfile::tempdir().expect("out");
    let module = support::export_vassal(&game, out.path());
    let read = read_back(&module, &json!({}), out.path());
    assert_eq!(read["validation"], json!([]), "VASSAL's module check warns");
    let want = printed(&game);

    assert_eq!(counted(setup(&read, "Counter Mix"), None), want);
    let toml = table(&game.join("game.toml"));
    let mut last_turn = 0;
    for entry in tables(&toml, "scenarios") {
        let scenario = table(&game.join(str_of(entry, "file")));
        let name = str_of(&scenario, "name");
        last_turn = last_turn.max(scenario.get("turns").and_then(Toml::as_int).expect("turns"));
        let loaded = setup(&read, name);
        let on_boards = counted(loaded, Some(&["The Sel River at Harrow", "Holding Boxes"]));
        let in_mix = counted(loaded, Some(&["Counter Mix"]));
        assert!(!on_boards.is_empty(), "{name}: the scenario's pieces");
        let mut total = on_boards.clone();
        for (n, c) in &in_mix {
            *total.entry(n.clone()).or_default() += c;
        }
        assert_eq!(
            total, want,
            "{name}: placed and left, every printed counter"
        );
        assert_eq!(counted(loaded, None), want, "{name}: nothing else");
    }

    // Reduced faces, from the units' reduced factors.
    let units = table(&game.join("units.toml"));
    let face = |item: &Toml, suffix: &str| -> Vec<String> {
        ["attack", "defense", "movement"]
            .iter()
            .map(|f| {
                item.get(&format!("{f}{suffix}"))
                    .and_then(Toml::as_str)
                    .unwrap_or_default()
                    .to_string()
            })
            .collect()
    };
    let mut reduced_seen = 0;
    for piece in read["pieces"].as_array().expect("pieces") {
        let name = piece["name"].as_str().expect("a name");
        let names = &piece["names_after_flips"];
        let base = name
            .trim_end_matches(" (steps 3-4)")
            .trim_end_matches(" (step 3)");
        let item = tables(&units, "items")
            .into_iter()
            .find(|i| str_of(i, "name") == base);
        let reduced = item.is_some_and(|item| {
            let (front, back) = if name.ends_with("(steps 3-4)") {
                (face(item, "_3"), face(item, "_4"))
            } else if name.ends_with("(step 3)") {
                (face(item, "_3"), face(item, "_3"))
            } else {
                (face(item, ""), face(item, "_r"))
            };
            back.iter().any(|v| !v.is_empty()) && front != back
        });
        let flipped = if reduced {
            reduced_seen += 1;
            format!("{name} (reduced)")
        } else {
            name.to_string()
        };
        assert_eq!(names, &json!([name, flipped, name]), "{piece}");
    }
    assert!(reduced_seen > 0, "River Line's units have reduced faces");

    assert_eq!(
        read["turns"],
        json!([{"name": "Turn", "levels": [{"name": "Turn", "start": 1, "last": last_turn}]}])
    );
}

/// BCS: a button for each NdS roll its charts key their tables by, in the
/// order the charts first use them; a tab of the Charts window for each
/// page of its chart set, the picture a Letter page at 100 dpi.
#[test]
fn vassal_rolls_bcs_chart_dice_and_shows_its_chart_pages() {
    let (_tmp, game) = support::temp_game("bcs");
    let out = tempfile::tempdir().expect("out");
    let module = support::export_vassal(&game, out.path());
    let read = read_back(&module, &json!({}), out.path());
    assert_eq!(read["validation"], json!([]), "VASSAL's module check warns");

    let toml = table(&game.join("game.toml"));
    let mut want: Vec<Value> = Vec::new();
    for entry in tables(&toml, "charts") {
        let chart = table(&game.join(str_of(entry, "file")));
        for block in tables(&chart, "blocks") {
            let Some(dice) = block.get("dice").and_then(Toml::as_str) else {
                continue;
            };
            let (n, s) = dice.split_once('d').expect("NdS");
            let die = json!({"kind": "dice", "name": dice, "n_dice": n.parse::<i64>().expect("n"), "n_sides": s.parse::<i64>().expect("s")});
            if !want.contains(&die) {
                want.push(die);
            }
        }
    }
    assert!(!want.is_empty());
    assert_eq!(read["dice"], Value::Array(want));

    // The chart set's pages, as `grogpress charts` prints them.
    let pdfs = out.path().join("pdf");
    let run = support::grogpress(&[
        "charts",
        game.to_str().expect("utf-8"),
        "--out",
        pdfs.to_str().expect("utf-8"),
    ]);
    run.exit(0);
    let pages = support::tools::page_count(&pdfs.join("bcs/charts.pdf"));
    let charts = read["charts"].as_array().expect("charts");
    assert_eq!(charts.len(), pages, "a tab a page: {charts:?}");
    for (n, chart) in charts.iter().enumerate() {
        assert_eq!(chart["window"], "Charts");
        assert_eq!(chart["name"], json!(format!("Charts & Tables {}", n + 1)));
        assert_eq!(chart["size"], json!([850, 1100]), "Letter at 100 dpi");
    }
}

/// Grid Battles: a special die for each die of its dice collection, its
/// faces the collection's (a blank face "blank"), each face's value its
/// number of symbols; its player aid's pages in the Charts window.
#[test]
fn vassal_rolls_grid_battles_own_dice_and_shows_its_aid() {
    let (_tmp, game) = support::temp_game("grid-battles");
    let out = tempfile::tempdir().expect("out");
    let module = support::export_vassal(&game, out.path());
    let read = read_back(&module, &json!({}), out.path());
    assert_eq!(read["validation"], json!([]), "VASSAL's module check warns");

    let dice = table(&game.join("dice.toml"));
    let want: Vec<Value> = tables(&dice, "items")
        .into_iter()
        .map(|die| {
            let name = str_of(die, "name");
            let faces: Vec<Value> = die
                .get("faces")
                .expect("faces")
                .array()
                .iter()
                .map(|f| {
                    let f = f.as_str().expect("a face");
                    let n = f.split_whitespace().count();
                    json!([if n == 0 { "blank" } else { f }, n])
                })
                .collect();
            json!({"kind": "special", "name": name, "dice": [{"name": name, "faces": faces}]})
        })
        .collect();
    assert_eq!(want.len(), 6);
    assert_eq!(read["dice"], Value::Array(want));

    let pdfs = out.path().join("pdf");
    support::grogpress(&[
        "aids",
        game.to_str().expect("utf-8"),
        "--out",
        pdfs.to_str().expect("utf-8"),
    ])
    .exit(0);
    let pages = support::tools::page_count(&pdfs.join("grid-battles/units-and-dice.pdf"));
    let title = str_of(&table(&game.join("units-and-dice.toml")), "title").to_string();
    let charts = read["charts"].as_array().expect("charts");
    assert_eq!(charts.len(), pages);
    for (n, chart) in charts.iter().enumerate() {
        let name = if pages == 1 {
            title.clone()
        } else {
            format!("{title} {}", n + 1)
        };
        assert_eq!(chart["name"], json!(name));
        assert_eq!(chart["size"], json!([850, 1100]), "Letter at 100 dpi");
    }
}
