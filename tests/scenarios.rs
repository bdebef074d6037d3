//! Scenarios (`[[scenarios]]`, issue 37), from games written here: each
//! scenario fault is reported with its id at its exact place in the
//! scenario file; the set-up cards hold every unit of the set-up with its
//! place printed under its counter (read back from the PDF's words and
//! their boxes); the turn record track holds every turn's label and each
//! reinforcement's counter in its turn's box; the HTML page lists the
//! same; and a game of several scenarios prints each.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

mod support;
use support::hero_game::write;
use support::points_map::{connections, head, spaces};
use support::tools::{BoxedWord, word_boxes};
use support::{build_ok, grogpress};

const GAME: &str = r##"name = "Bend of the River"

[[collections]]
id = "units"
file = "units.toml"

[[maps]]
id = "main"
file = "map.toml"

[[scenarios]]
file = "scenarios/breakout.toml"

[publish]
rulebook = false

[publish.counters]
units = "units"
top_left = "attack"
top_right = "defense"
bottom_left = "movement"
bottom_right = "attack"
symbol = "type"

[[publish.counters.sides]]
name = "Germans"
color = "#B8C4D0"
units = { lehr = 2, jager = 3, hq = 1 }

[[publish.counters.sides]]
name = "Soviets"
color = "#D89A8C"
units = { rifle = 3, tank = 2 }

[[publish.counters.markers]]
name = "Game Turn"
"##;

const UNITS: &str = r##"name = "Units"

[[fields]]
name = "type"
kind = "text"

[[fields]]
name = "formation"
kind = "text"

[[fields]]
name = "attack"
kind = "int"

[[fields]]
name = "defense"
kind = "int"

[[fields]]
name = "movement"
kind = "int"

[[items]]
id = "lehr"
name = "Lehr"
type = "armour"
formation = "Panzerkorps"
attack = 8
defense = 6
movement = 6

[[items]]
id = "jager"
name = "Jager"
type = "infantry"
formation = "Armeekorps"
attack = 5
defense = 6
movement = 4

[[items]]
id = "hq"
name = "HQ"
type = "infantry+hq"
formation = "Panzerkorps"
attack = 1
defense = 2
movement = 6

[[items]]
id = "rifle"
name = "Rifle"
type = "infantry"
formation = "Guards"
attack = 4
defense = 5
movement = 4

[[items]]
id = "tank"
name = "Tank"
type = "armour"
formation = "Tankarmy"
attack = 7
defense = 5
movement = 6
"##;

const MAP: &str = r##"name = "River Bend"
grid = "hex"
columns = 10
rows = 8
cell = "0.75in"
default = "clear"

[[terrain]]
id = "clear"
color = "#E8E4C8"
"##;

/// A scenario that uses every unit of the mix once: set-up in hexes, a
/// box and available; reinforcements by hex and edge; a withdrawal.
const BREAKOUT: &str = r##"name = "Breakout"
map = "main"
turns = 6
turn_labels = ["Dawn", "Morning", "Noon", "Dusk", "Night", "Midnight"]
first = "Germans"
stacking = 2
boxes = ["Reserve"]
formation = "formation"
victory = "The Soviets win if they hold **0702** at the end."
special_rules = "- Germans may not move on turn 1."

[[setup]]
side = "Germans"
hex = "0305"
units = ["lehr", "jager"]

[[setup]]
side = "Germans"
hex = "0405"
units = ["Jager"]

[[setup]]
side = "Germans"
box = "Reserve"
units = ["hq"]

[[setup]]
side = "Soviets"
hex = "0702"
units = ["rifle", "rifle"]

[[setup]]
side = "Soviets"
available = true
units = ["rifle"]

[[reinforcements]]
side = "Soviets"
turn = 3
edge = "north"
units = ["tank", "tank"]

[[reinforcements]]
side = "Germans"
turn = 2
hex = "0101"
units = ["lehr", "jager"]

[[withdrawals]]
side = "Germans"
turn = 5
units = ["lehr"]

[[markers]]
marker = "Game Turn"
turn = 1
"##;

/// The set-up of BREAKOUT: (unit's printed name, where), each copy.
const SETUP: &[(&str, &str)] = &[
    ("Lehr", "0305"),
    ("Jager", "0305"),
    ("Jager", "0405"),
    ("HQ", "Reserve"),
    ("Rifle", "0702"),
    ("Rifle", "0702"),
    ("Rifle", "Available"),
];

/// The reinforcements of BREAKOUT: (unit, turn label).
const ARRIVALS: &[(&str, &str)] = &[
    ("Tank", "Noon"),
    ("Tank", "Noon"),
    ("Lehr", "Morning"),
    ("Jager", "Morning"),
];

const LABELS: &[&str] = &["Dawn", "Morning", "Noon", "Dusk", "Night", "Midnight"];

/// The counter size the game prints at (3/4 in).
const COUNTER: f64 = 54.0;

fn game(dir: &Path, game_toml: &str, scenarios: &[(&str, &str)]) -> PathBuf {
    let mut files: Vec<(String, Vec<u8>)> = vec![
        ("game.toml".into(), game_toml.as_bytes().to_vec()),
        ("units.toml".into(), UNITS.as_bytes().to_vec()),
        ("map.toml".into(), MAP.as_bytes().to_vec()),
    ];
    for (name, text) in scenarios {
        files.push((format!("scenarios/{name}.toml"), text.as_bytes().to_vec()));
    }
    let refs: Vec<(&str, &[u8])> = files
        .iter()
        .map(|(p, b)| (p.as_str(), b.as_slice()))
        .collect();
    write(dir, "bend", &refs)
}

fn check(game: &Path) -> support::Run {
    grogpress(&["check", game.to_str().expect("utf-8"), "--format", "json"])
}

/// A scenario's diagnostic with `id` at the `nth` (from 0) place of `needle`
/// in the scenario file (the start of the needle).
fn expect_at(run: &support::Run, severity: &str, id: &str, text: &str, needle: &str, nth: usize) {
    let at = text
        .match_indices(needle)
        .nth(nth)
        .unwrap_or_else(|| panic!("`{needle}` #{nth} is in the scenario"))
        .0;
    let (line, col) = support::line_col(text, at);
    run.expect(severity, id, "scenarios/breakout.toml", line, col);
}

#[test]
fn a_scenario_that_uses_its_counter_mix_checks_clean() {
    let dir = tempfile::tempdir().expect("tempdir");
    let g = game(dir.path(), GAME, &[("breakout", BREAKOUT)]);
    let run = check(&g);
    run.exit(0);
    assert!(run.diags.is_empty(), "{}", run.dump());
}

#[test]
fn each_scenario_fault_is_located_at_its_value() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bad = BREAKOUT
        // An unknown unit; a unit of the other side's mix; a side that is not one.
        .replace("units = [\"lehr\", \"jager\"]\n\n[[setup]]\nside = \"Germans\"\nhex = \"0405\"",
                 "units = [\"lehr\", \"panther\", \"rifle\"]\n\n[[setup]]\nside = \"Germans\"\nhex = \"0405\"")
        .replace("side = \"Soviets\"\navailable = true", "side = \"Finns\"\navailable = true")
        // A hex off the map, an undeclared box.
        .replace("hex = \"0405\"", "hex = \"1109\"")
        .replace("box = \"Reserve\"", "box = \"Reserves\"")
        // Over the stacking limit: three Soviets in 0702.
        .replace("units = [\"rifle\", \"rifle\"]", "units = [\"rifle\", \"rifle\", \"rifle\"]")
        // A turn past the track; lehr placed a third time (the mix has 2).
        .replace("turn = 3\nedge", "turn = 7\nedge")
        .replace("hex = \"0101\"\nunits = [\"lehr\", \"jager\"]", "hex = \"0101\"\nunits = [\"lehr\", \"lehr\", \"jager\"]")
        // A withdrawal before the unit is in play; a marker that is not one.
        .replace("turn = 5\nunits = [\"lehr\"]", "turn = 5\nunits = [\"lehr\", \"tank\"]")
        .replace("marker = \"Game Turn\"", "marker = \"Turn\"")
        .replace("\"Midnight\"]", "\"Midnight\", \"Later\"]");
    let g = game(dir.path(), GAME, &[("breakout", &bad)]);
    let run = check(&g);
    run.exit(1);
    expect_at(&run, "error", "dangling-reference", &bad, "\"panther\"", 0);
    expect_at(&run, "error", "too-many-copies", &bad, "\"rifle\"", 0);
    expect_at(&run, "error", "dangling-reference", &bad, "\"Finns\"", 0);
    expect_at(&run, "error", "cell-outside-map", &bad, "\"1109\"", 0);
    expect_at(&run, "error", "undeclared-box", &bad, "\"Reserves\"", 0);
    // The third rifle in 0702 (the first rifle of the file is the Germans').
    expect_at(&run, "error", "over-stacked", &bad, "\"rifle\"", 3);
    let seven = bad.find("turn = 7").expect("turn 7") + "turn = ".len();
    let (line, col) = support::line_col(&bad, seven);
    run.expect(
        "error",
        "turn-outside-track",
        "scenarios/breakout.toml",
        line,
        col,
    );
    // lehr: once at set-up, twice on turn 2: the third placement is past the mix.
    let second_lehr_of_turn_2 =
        bad.find("units = [\"lehr\", \"lehr\"").expect("turn 2") + "units = [\"lehr\", ".len();
    let (line, col) = support::line_col(&bad, second_lehr_of_turn_2);
    run.expect(
        "error",
        "too-many-copies",
        "scenarios/breakout.toml",
        line,
        col,
    );
    // The tanks arrive on turn 7, past the track: none is in play on turn 5.
    let tank = bad.rfind("\"tank\"").expect("withdrawn tank");
    let (line, col) = support::line_col(&bad, tank);
    run.expect(
        "error",
        "withdrawn-not-placed",
        "scenarios/breakout.toml",
        line,
        col,
    );
    expect_at(&run, "error", "dangling-reference", &bad, "\"Turn\"", 0);
    expect_at(&run, "error", "bad-value", &bad, "\"Later\"", 0);
    // Unused: the Germans' third jager (the one of 0405 now sits off the map
    // but is still placed); the Soviets' available rifle went to the Finns.
    expect_at(&run, "warning", "unused-units", &bad, "\"Breakout\"", 0);
    run.only_ids(&[
        "dangling-reference",
        "too-many-copies",
        "cell-outside-map",
        "undeclared-box",
        "over-stacked",
        "turn-outside-track",
        "withdrawn-not-placed",
        "bad-value",
        "unused-units",
    ]);
}

#[test]
fn a_placement_must_say_where_once() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bad = BREAKOUT
        .replace(
            "side = \"Germans\"\nhex = \"0405\"\n",
            "side = \"Germans\"\n",
        )
        .replace(
            "box = \"Reserve\"\n",
            "box = \"Reserve\"\navailable = true\n",
        );
    let g = game(dir.path(), GAME, &[("breakout", &bad)]);
    let run = check(&g);
    run.exit(1);
    // At the table's header: the second [[setup]] gives no place, the third two.
    let tables: Vec<usize> = bad.match_indices("[[setup]]").map(|(i, _)| i).collect();
    let (line, col) = support::line_col(&bad, tables[1]);
    run.expect(
        "error",
        "missing-field",
        "scenarios/breakout.toml",
        line,
        col,
    );
    let (line, col) = support::line_col(&bad, tables[2]);
    run.expect("error", "bad-value", "scenarios/breakout.toml", line, col);
}

/// Pairs (word above, word below) where `below` lies under `above` on
/// one counter: its centre within half a counter across, its top within a
/// counter and a line under the name.
fn under<'a>(words: &'a [BoxedWord], above: &[&str], below: &[&str]) -> Vec<(&'a str, &'a str)> {
    let centre = |b: &[f64; 4]| (b[0] + b[2]) / 2.0;
    let mut pairs = Vec::new();
    for (text, b) in words.iter().filter(|(t, _)| below.contains(&t.as_str())) {
        let name = words
            .iter()
            .filter(|(t, _)| above.contains(&t.as_str()))
            .filter(|(_, a)| {
                (centre(a) - centre(b)).abs() < COUNTER / 2.0
                    && a[3] <= b[1]
                    && b[1] - a[3] < COUNTER
            })
            .min_by(|x, y| (b[1] - x.1[3]).total_cmp(&(b[1] - y.1[3])));
        if let Some((name, _)) = name {
            pairs.push((name.as_str(), text.as_str()));
        }
    }
    pairs
}

fn counted<'a>(
    pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
) -> BTreeMap<(String, String), usize> {
    let mut out = BTreeMap::new();
    for (a, b) in pairs {
        *out.entry((a.to_string(), b.to_string())).or_insert(0) += 1;
    }
    out
}

#[test]
fn set_up_cards_print_every_unit_with_its_place_under_its_counter() {
    let dir = tempfile::tempdir().expect("tempdir");
    let g = game(dir.path(), GAME, &[("breakout", BREAKOUT)]);
    let out = dir.path().join("out");
    build_ok(&g, &out);
    let pdf = out.join("bend/breakout-setup.pdf");
    let pages = word_boxes(&pdf);
    let names: Vec<&str> = SETUP.iter().map(|(n, _)| *n).collect();
    let places: Vec<&str> = SETUP.iter().map(|(_, p)| *p).collect();
    let mut found = Vec::new();
    let mut sides = Vec::new();
    for ((w, h), words) in &pages {
        assert_eq!((*w, *h), (612.0, 792.0), "Letter, the game's paper");
        found.extend(under(words, &names, &places));
        for side in ["Germans", "Soviets"] {
            if words.iter().any(|(t, _)| t == side) {
                sides.push(side);
            }
        }
    }
    assert_eq!(counted(found), counted(SETUP.iter().copied()), "{pdf:?}");
    assert!(sides.contains(&"Germans") && sides.contains(&"Soviets"));
    // Each side's card from a page of its own; formations as headings.
    assert_eq!(pages.len(), 2);
    let first: Vec<&str> = pages[0].1.iter().map(|(t, _)| t.as_str()).collect();
    for heading in ["Panzerkorps", "Armeekorps", "Reinforcements"] {
        assert!(
            first.contains(&heading),
            "{heading} on the Germans' card: {first:?}"
        );
    }
    // Counters are drawn at their printed size: the words of one counter
    // (its name and the place under it) are a counter's side apart at most.
    let (_, words) = &pages[0];
    let hq = words.iter().find(|(t, _)| t == "HQ").expect("HQ");
    let reserve = words.iter().find(|(t, _)| t == "Reserve").expect("Reserve");
    assert!(reserve.1[1] - hq.1[1] < COUNTER && reserve.1[1] > hq.1[3]);
}

#[test]
fn the_turn_track_holds_every_label_and_each_reinforcement_on_its_turn() {
    let dir = tempfile::tempdir().expect("tempdir");
    let g = game(dir.path(), GAME, &[("breakout", BREAKOUT)]);
    let out = dir.path().join("out");
    build_ok(&g, &out);
    let pdf = out.join("bend/breakout-turns.pdf");
    let pages = word_boxes(&pdf);
    let ((w, h), words) = &pages[0];
    assert!(w > h, "the track runs across a landscape page");
    // A turn's box: from its number (set large) at the left of its head to
    // its label at the right; its contents below, down to the next row.
    let mut boxes = Vec::new();
    for (n, label) in LABELS.iter().enumerate() {
        let number = (n + 1).to_string();
        // The label in the box's head (not the one in the sheet's facts),
        // the turn's number large on the same line, to its left.
        let (l, num) = words
            .iter()
            .filter(|(t, _)| t == label)
            .find_map(|l| {
                let num = words.iter().find(|(t, b)| {
                    *t == number
                        && b[3] - b[1] > 14.0
                        && ((b[1] + b[3]) - (l.1[1] + l.1[3])).abs() < 12.0
                        && b[0] < l.1[0]
                })?;
                Some((l, num))
            })
            .unwrap_or_else(|| panic!("turn {number} and its label {label}"));
        boxes.push((*label, [num.1[0], l.1[1], l.1[2], l.1[3]]));
    }
    let in_box = |word: &[f64; 4]| -> Option<&str> {
        let cx = (word[0] + word[2]) / 2.0;
        boxes
            .iter()
            .filter(|(_, b)| cx > b[0] && cx < b[2] && word[1] > b[3])
            .max_by(|a, b| a.1[3].total_cmp(&b.1[3]))
            .map(|(l, _)| *l)
    };
    let mut found = Vec::new();
    for (text, b) in words {
        if ARRIVALS.iter().any(|(n, _)| n == text) {
            found.push((
                text.as_str(),
                in_box(b).expect("a reinforcement in a turn's box"),
            ));
        }
    }
    // Each reinforcement on its turn, and the withdrawn unit on its own.
    let mut want = counted(ARRIVALS.iter().copied());
    want.insert(("Lehr".to_string(), "Night".to_string()), 1);
    assert_eq!(counted(found), want);
    // Where they enter, under them; the withdrawal marked under its
    // counter; the turn marker in the first box.
    let entries = under(words, &["Tank", "Lehr", "Jager"], &["North", "0101"]);
    assert_eq!(
        counted(entries),
        counted([
            ("Tank", "North"),
            ("Tank", "North"),
            ("Lehr", "0101"),
            ("Jager", "0101")
        ])
    );
    assert_eq!(
        under(words, &["Lehr"], &["Withdraw"]),
        [("Lehr", "Withdraw")]
    );
    let withdraw = words
        .iter()
        .find(|(t, _)| t == "Withdraw")
        .expect("a withdrawal");
    assert_eq!(in_box(&withdraw.1), Some("Night"));
    let marker = words
        .iter()
        .find(|(t, _)| t == "Game")
        .expect("the turn marker");
    assert_eq!(in_box(&marker.1), Some("Dawn"));
    let all: Vec<&str> = pages
        .iter()
        .flat_map(|(_, w)| w.iter().map(|(t, _)| t.as_str()))
        .collect();
    for words in [["Victory", "Conditions"], ["Special", "Rules"]] {
        assert!(words.iter().all(|w| all.contains(w)), "{words:?}");
    }
}

#[test]
fn the_html_page_lists_the_set_up_and_the_turns() {
    let dir = tempfile::tempdir().expect("tempdir");
    let g = game(dir.path(), GAME, &[("breakout", BREAKOUT)]);
    let out = dir.path().join("out");
    build_ok(&g, &out);
    let html_dir = out.join("bend/html");
    let page = std::fs::read_to_string(html_dir.join("scenario-breakout.html")).expect("page");
    let mut listed = Vec::new();
    let mut rest = page.as_str();
    while let Some(at) = rest.find("<span class=\"counter-name\">") {
        rest = &rest[at + "<span class=\"counter-name\">".len()..];
        let name = &rest[..rest.find('<').expect("end")];
        let p = rest
            .find("<span class=\"setup-place\">")
            .expect("its place")
            + "<span class=\"setup-place\">".len();
        let place = &rest[p..p + rest[p..].find('<').expect("end")];
        listed.push((name.to_string(), place.to_string()));
    }
    let mut want: Vec<(String, String)> = SETUP
        .iter()
        .map(|(n, p)| (n.to_string(), p.to_string()))
        .collect();
    want.extend(
        [
            ("Tank", "T3 North edge"),
            ("Tank", "T3 North edge"),
            ("Lehr", "T2 0101"),
            ("Jager", "T2 0101"),
        ]
        .iter()
        .map(|(n, p)| (n.to_string(), p.to_string())),
    );
    listed.sort();
    want.sort();
    assert_eq!(listed, want);
    // The track: a row per turn with its label and its arrivals.
    let track = &page[page.find("class=\"turn-track\"").expect("track")..];
    for (n, label) in LABELS.iter().enumerate() {
        let row = format!("<th scope=\"row\">{} ({label})</th>", n + 1);
        let at = track.find(&row).unwrap_or_else(|| panic!("{row}"));
        let row_text = &track[at..at + track[at..].find("</tr>").expect("row end")];
        for (unit, turn) in ARRIVALS {
            let arrival = format!("{unit} (");
            assert_eq!(
                row_text.contains(&arrival),
                turn == label,
                "{unit} on {label}: {row_text}"
            );
        }
    }
    assert!(
        page.contains("<strong>0702</strong>"),
        "victory Markdown rendered"
    );
    let index = std::fs::read_to_string(html_dir.join("index.html")).expect("index");
    assert!(
        index.contains("href=\"scenario-breakout.html\""),
        "linked from the index"
    );
}

#[test]
fn a_game_of_several_scenarios_prints_each_and_locates_faults_in_each() {
    let dir = tempfile::tempdir().expect("tempdir");
    let two = GAME.replace(
        "[[scenarios]]\nfile = \"scenarios/breakout.toml\"\n",
        "[[scenarios]]\nfile = \"scenarios/breakout.toml\"\n\n[[scenarios]]\nfile = \"scenarios/last-stand.toml\"\n",
    );
    let last_stand = "name = \"Last Stand\"\nturns = 2\n\n[[setup]]\nside = \"Soviets\"\nhex = \"0909\"\nunits = [\"tank\"]\n\n[[reinforcements]]\nside = \"Germans\"\nturn = 2\nedge = \"west\"\nunits = [\"hq\"]\n";
    let g = game(
        dir.path(),
        &two,
        &[("breakout", BREAKOUT), ("last-stand", last_stand)],
    );
    let run = check(&g);
    run.exit(1);
    let at = last_stand.find("\"0909\"").expect("hex");
    let (line, col) = support::line_col(last_stand, at);
    run.expect(
        "error",
        "cell-outside-map",
        "scenarios/last-stand.toml",
        line,
        col,
    );
    // Breakout is clean; Last Stand leaves most of the mix unused.
    assert!(
        run.diags
            .iter()
            .all(|d| d.file.ends_with("last-stand.toml")),
        "{}",
        run.dump()
    );

    std::fs::write(
        g.join("scenarios/last-stand.toml"),
        last_stand.replace("0909", "0908"),
    )
    .expect("fix");
    let out = dir.path().join("out");
    build_ok(&g, &out);
    for file in [
        "breakout-setup.pdf",
        "breakout-turns.pdf",
        "last-stand-setup.pdf",
        "last-stand-turns.pdf",
        "html/scenario-last-stand.html",
    ] {
        assert!(out.join("bend").join(file).is_file(), "{file}");
    }
    let words: Vec<String> = word_boxes(&out.join("bend/last-stand-setup.pdf"))
        .into_iter()
        .flat_map(|(_, w)| w.into_iter().map(|(t, _)| t))
        .collect();
    assert!(
        words.contains(&"0908".to_string()) && !words.contains(&"0305".to_string()),
        "{words:?}"
    );
    let (_, track) = &word_boxes(&out.join("bend/last-stand-turns.pdf"))[0];
    assert!(
        under(track, &["HQ"], &["West"]).len() == 1,
        "the HQ enters by the west edge on turn 2"
    );
}

#[test]
fn a_game_without_scenarios_prints_no_scenario_sheets() {
    let dir = tempfile::tempdir().expect("tempdir");
    let none = GAME.replace("[[scenarios]]\nfile = \"scenarios/breakout.toml\"\n", "");
    let g = game(dir.path(), &none, &[]);
    let out = dir.path().join("out");
    build_ok(&g, &out);
    let files: Vec<String> = std::fs::read_dir(out.join("bend"))
        .expect("out")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        !files
            .iter()
            .any(|f| f.contains("setup") || f.contains("turns")),
        "{files:?}"
    );
    assert!(!out.join("bend/html/scenario-breakout.html").exists());
}

/// A side of 150 units and a track of 30 turns run over several pages:
/// every counter is drawn with its place, every turn has its box.
#[test]
fn long_sheets_continue_on_more_pages_and_drop_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let big = GAME
        .replace(
            "units = { rifle = 3, tank = 2 }",
            "units = { rifle = 150, tank = 2 }",
        )
        .replace("scenarios/breakout.toml", "scenarios/grand.toml");
    let mut scenario = String::from("name = \"Grand\"\nturns = 30\n");
    let mut want = Vec::new();
    for i in 0..150 {
        let hex = format!("{:02}{:02}", i % 10 + 1, (i / 10) % 8 + 1);
        scenario.push_str(&format!(
            "\n[[setup]]\nside = \"Soviets\"\nhex = \"{hex}\"\nunits = [\"rifle\"]\n"
        ));
        want.push(("Rifle".to_string(), hex));
    }
    scenario.push_str("\n[[reinforcements]]\nside = \"Soviets\"\nturn = 30\nedge = \"east\"\nunits = [\"tank\", \"tank\"]\n");
    let g = game(dir.path(), &big, &[("grand", &scenario)]);
    let out = dir.path().join("out");
    build_ok(&g, &out);
    let pages = word_boxes(&out.join("bend/grand-setup.pdf"));
    assert!(
        pages.len() > 2,
        "the Soviets' card runs over pages: {}",
        pages.len()
    );
    let hexes: Vec<String> = want.iter().map(|(_, h)| h.clone()).collect();
    let hexes: Vec<&str> = hexes.iter().map(String::as_str).collect();
    let found: Vec<(String, String)> = pages
        .iter()
        .flat_map(|(_, words)| {
            under(words, &["Rifle"], &hexes)
                .into_iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect::<Vec<_>>()
        })
        .collect();
    let mut found = found;
    found.sort();
    want.sort();
    assert_eq!(found, want);
    let track = word_boxes(&out.join("bend/grand-turns.pdf"));
    assert!(track.len() > 1, "30 turns run over pages");
    let numbers: Vec<String> = track
        .iter()
        .flat_map(|(_, words)| words.iter().filter(|(_, b)| b[3] - b[1] > 14.0))
        .map(|(t, _)| t.clone())
        .collect();
    for n in 1..=30 {
        assert!(numbers.contains(&n.to_string()), "turn {n}: {numbers:?}");
    }
    let (_, last) = track.last().expect("a page");
    assert_eq!(
        under(last, &["Tank"], &["East"]).len(),
        2,
        "turn 30's tanks"
    );
}

#[test]
fn a_place_too_long_to_print_under_its_counter_is_an_error_at_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let long = "Strategic Reserve of the Fourth Panzer Army Group South";
    let bad = BREAKOUT.replace("Reserve", long);
    let g = game(dir.path(), GAME, &[("breakout", &bad)]);
    let run = check(&g);
    run.exit(1);
    let at = bad
        .match_indices(&format!("\"{long}\""))
        .nth(1)
        .expect("the set-up's box")
        .0;
    let (line, col) = support::line_col(&bad, at);
    run.expect(
        "error",
        "setup-overflow",
        "scenarios/breakout.toml",
        line,
        col,
    );
}

#[test]
fn the_guide_has_a_scenarios_section() {
    let run = grogpress(&["docs", "scenario"]);
    run.exit(0);
    assert!(run.stdout.starts_with("## Scenarios"), "{}", run.stdout);
    for key in [
        "[[scenarios]]",
        "[[setup]]",
        "[[reinforcements]]",
        "[[withdrawals]]",
        "[[markers]]",
        "turn_labels",
        "stacking",
    ] {
        assert!(run.stdout.contains(key), "{key}");
    }
}

/// A marker that starts in a hex is drawn on a card of its own with its
/// hex under it; one on the track is drawn in its turn's box.
#[test]
fn markers_off_the_track_are_drawn_with_their_place() {
    let dir = tempfile::tempdir().expect("tempdir");
    let with_vp = format!("{GAME}\n[[publish.counters.markers]]\nname = \"Victory\"\n");
    let scenario = format!("{BREAKOUT}\n[[markers]]\nmarker = \"Victory\"\nhex = \"0702\"\n");
    let g = game(dir.path(), &with_vp, &[("breakout", &scenario)]);
    let out = dir.path().join("out");
    build_ok(&g, &out);
    let pages = word_boxes(&out.join("bend/breakout-setup.pdf"));
    assert_eq!(
        pages.len(),
        3,
        "the Germans', the Soviets' and the markers' cards"
    );
    assert_eq!(
        under(&pages[2].1, &["Victory"], &["0702"]),
        [("Victory", "0702")]
    );
}

/// A unit set up (or arriving) in terrain its movement class may not enter
/// is `prohibited-terrain` at the unit: the counters' `class` field names
/// each unit's class, the map's terrain says `"prohibited"` for it.
#[test]
fn a_unit_set_up_where_its_class_may_not_go_is_located() {
    let dir = tempfile::tempdir().expect("tempdir");
    let game_toml = GAME.replace(
        "symbol = \"type\"\n",
        "symbol = \"type\"\nclass = \"type\"\n",
    );
    let map = format!(
        "{MAP}move = {{ all = 1 }}\n\n[[terrain]]\nid = \"swamp\"\ncolor = \"#7FA08A\"\nmove = {{ infantry = 3, armour = \"prohibited\", \"infantry+hq\" = 3 }}\n\n[[cells]]\nterrain = \"swamp\"\ncells = [\"0305\", \"0101\"]\n"
    );
    let g = game(dir.path(), &game_toml, &[("breakout", BREAKOUT)]);
    std::fs::write(g.join("map.toml"), map).expect("map");
    let run = check(&g);
    run.exit(1);
    // Lehr (armour) sets up in 0305 and arrives at 0101, both swamp; the
    // Jager (infantry) beside it in 0305 may go there.
    expect_at(&run, "error", "prohibited-terrain", BREAKOUT, "\"lehr\"", 0);
    expect_at(&run, "error", "prohibited-terrain", BREAKOUT, "\"lehr\"", 1);
    assert_eq!(run.with_id("prohibited-terrain").len(), 2, "{}", run.dump());
    run.only_ids(&["prohibited-terrain"]);
}

/// A point-to-point map (issue 43): a scenario names its spaces by name,
/// and the set-up cards print each unit's space under its counter; a
/// space the map lacks is `cell-outside-map` at the name.
#[test]
fn a_scenario_on_a_map_of_places_sets_up_in_spaces_by_name() {
    let places_map = [
        head("River Bend", ["8in", "5in"]),
        "default = \"clear\"\n\n[[terrain]]\nid = \"clear\"\ncolor = \"#E8E4C8\"\n\n[[features]]\nid = \"road\"\ncolor = \"#A0522D\"\n".to_string(),
        spaces(&[
            ("paris", "Paris", ["1in", "1in"]),
            ("metz", "Metz", ["4in", "1in"]),
            ("nancy", "Nancy", ["4in", "3in"]),
            ("sedan", "Sedan", ["7in", "2in"]),
        ]),
        connections(&[
            ("paris", "metz", "road"),
            ("metz", "nancy", "road"),
            ("nancy", "sedan", "road"),
        ]),
    ]
    .concat();
    let scenario = BREAKOUT
        .replace("\"0305\"", "\"Paris\"")
        .replace("\"0405\"", "\"Metz\"")
        .replace("\"0702\"", "\"Nancy\"")
        .replace("\"0101\"", "\"Sedan\"");
    let dir = tempfile::tempdir().expect("tempdir");
    let g = game(dir.path(), GAME, &[("breakout", &scenario)]);
    std::fs::write(g.join("map.toml"), &places_map).expect("write");
    let out = dir.path().join("out");
    build_ok(&g, &out);
    let setup: Vec<(&str, &str)> = SETUP
        .iter()
        .map(|&(n, p)| {
            let p = match p {
                "0305" => "Paris",
                "0405" => "Metz",
                "0702" => "Nancy",
                other => other,
            };
            (n, p)
        })
        .collect();
    let names: Vec<&str> = setup.iter().map(|(n, _)| *n).collect();
    let places: Vec<&str> = setup.iter().map(|(_, p)| *p).collect();
    let pages = word_boxes(&out.join("bend/breakout-setup.pdf"));
    let mut found = Vec::new();
    for (_, words) in &pages {
        found.extend(under(words, &names, &places));
    }
    assert_eq!(counted(found), counted(setup.iter().copied()));

    let bad = scenario.replacen("\"Nancy\"", "\"Atlantis\"", 1);
    std::fs::write(g.join("scenarios/breakout.toml"), &bad).expect("write");
    let run = check(&g);
    let (line, col) = support::line_col(&bad, bad.find("\"Atlantis\"").expect("it"));
    run.expect(
        "error",
        "cell-outside-map",
        "scenarios/breakout.toml",
        line,
        col,
    );
}
