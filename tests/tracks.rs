//! Tracks and holding boxes (`[[tracks]]`, `[[boxes]]`, issue 43), from
//! games written here: a 0-20 victory-point track that wraps at 20, a turn
//! track with dated boxes and two holding boxes, printed on a map and on
//! the tracks sheet; every box's number read back inside its box from the
//! PDF's words, at the place the exported box regions give; the HTML
//! page; scenario markers and units on track boxes and in game boxes on
//! the set-up cards; and each fault located at its value.

use std::path::{Path, PathBuf};

mod support;
use support::hero_game::{place, write};
use support::points_map::{connections, head, spaces};
use support::tools::{BoxedWord, word_boxes};
use support::{build_ok, grogpress};

use grogpress::internals::box_regions;
use grogpress::model::Paper;
use grogpress::model::track::BoxRegion;

/// The game; `@VP@`, `@TURNS@` and `@POOL@` are where each part is printed.
const GAME: &str = r##"name = "Track Test"

[[collections]]
id = "units"
file = "units.toml"

[[maps]]
id = "main"
file = "map.toml"

[[scenarios]]
file = "scenarios/opening.toml"

[[tracks]]
id = "vp"
name = "Victory Points"
short = "VP"
kind = "numbered"
to = 20
wrap = 20
per_row = 7
box_size = "0.6in"
@VP@

[[tracks]]
id = "turns"
name = "Game Turn"
kind = "turn"
to = 8
labels = ["Jun 6", "Jun 7", "Jun 8", "Jun 9", "Jun 10", "Jun 11", "Jun 12", "Jun 13"]
@TURNS@

[[boxes]]
id = "elim"
name = "Eliminated"

[[boxes]]
id = "pool"
name = "Reinforcement Pool"
width = "3in"
@POOL@

[publish]
rulebook = false

[publish.counters]
units = "units"
top_left = "attack"
top_right = "attack"
bottom_left = "attack"
bottom_right = "movement"

[[publish.counters.sides]]
name = "Blue"
color = "#B8C4D0"
units = { inf = 3 }

[[publish.counters.markers]]
name = "VP"

[[publish.counters.markers]]
name = "Turn"
"##;

const ON_MAP: [(&str, &str); 3] = [
    ("@VP@", "map = \"main\"\nx = \"0.5in\"\ny = \"0.5in\""),
    ("@TURNS@", "map = \"main\"\nat = \"0107\""),
    ("@POOL@", "map = \"main\"\nat = \"0902\""),
];

const ON_SHEET: [(&str, &str); 3] = [("@VP@", ""), ("@TURNS@", ""), ("@POOL@", "")];

/// The maps of places' railway, and their first two spaces.
const FRONT_RAIL: &str = "\n[[features]]\nid = \"rail\"\nname = \"Railway\"\ncolor = \"#333333\"\n";
const AMIENS_BREST: &[(&str, &str, [&str; 2])] = &[
    ("a", "Amiens", ["1in", "1in"]),
    ("b", "Brest", ["3in", "1in"]),
];

const UNITS: &str = r##"name = "Units"

[[fields]]
name = "attack"
kind = "int"

[[fields]]
name = "movement"
kind = "int"

[[items]]
id = "inf"
name = "Infantry"
attack = 4
movement = 4
"##;

/// 12 x 9 squares of 0.75 in, no codes printed (so parts may lie anywhere).
const MAP: &str = r##"name = "Plain"
grid = "square"
columns = 12
rows = 9
cell = "0.75in"
default = "clear"
code_at = "none"

[[terrain]]
id = "clear"
color = "#E8E4C8"
"##;

const OPENING: &str = r##"name = "Opening"
turns = 8

[[setup]]
side = "Blue"
hex = "0101"
units = ["inf"]

[[setup]]
side = "Blue"
box = "Eliminated"
units = ["inf"]

[[setup]]
side = "Blue"
track = "vp"
at = 3
units = ["inf"]

[[markers]]
marker = "VP"
track = "vp"
at = 25

[[markers]]
marker = "Turn"
track = "turns"
at = 1
"##;

fn game(dir: &Path, game_toml: &str, extra: &[(&str, &str)]) -> PathBuf {
    let mut files: Vec<(&str, &[u8])> = vec![
        ("game.toml", game_toml.as_bytes()),
        ("units.toml", UNITS.as_bytes()),
        ("map.toml", MAP.as_bytes()),
        ("scenarios/opening.toml", OPENING.as_bytes()),
    ];
    for (path, text) in extra {
        files.retain(|(p, _)| p != path);
        files.push((path, text.as_bytes()));
    }
    write(dir, "tracks", &files)
}

fn with(places: &[(&str, &str)]) -> String {
    places
        .iter()
        .fold(GAME.to_string(), |g, (k, v)| g.replace(k, v))
}

fn regions(dir: &Path) -> Vec<BoxRegion> {
    let mut sources = grogpress::diag::Sources::default();
    let mut diags = grogpress::diag::Diagnostics::default();
    let game = grogpress::load::load_game(dir, &mut sources, &mut diags)
        .expect("loads")
        .expect("a game");
    box_regions(&game, Paper::LETTER)
}

/// The words whose centre lies in the box (x, y, w, h).
fn words_in(words: &[BoxedWord], [x, y, w, h]: [f64; 4]) -> Vec<&str> {
    words
        .iter()
        .filter(|(_, b)| {
            let (cx, cy) = ((b[0] + b[2]) / 2.0, (b[1] + b[3]) / 2.0);
            cx > x && cx < x + w && cy > y && cy < y + h
        })
        .map(|(t, _)| t.as_str())
        .collect()
}

/// Every box region's number (or holding box's first word) is printed in
/// its box: found among the words within half a box of its centre, on
/// its page, the page's origin at `offset`.
fn each_region_reads_its_number(
    pages: &[((f64, f64), Vec<BoxedWord>)],
    regions: &[&BoxRegion],
    offset: f64,
    half: f64,
) {
    assert!(!regions.is_empty());
    for r in regions {
        let words = &pages[r.page].1;
        let (x, y) = (r.x as f64 + offset, r.y as f64 + offset);
        let last = r.name.rsplit(' ').next().expect("a word");
        // A holding box's name is in its top: look up to its top edge.
        let (want, half) = if last.chars().all(|c| c.is_ascii_digit()) {
            (last, half)
        } else {
            (r.name.split(' ').next().expect("a word"), 45.0)
        };
        let inside = words_in(words, [x - half, y - half, 2.0 * half, 2.0 * half]);
        assert!(
            inside.contains(&want),
            "{} at ({x:.1}, {y:.1}): {inside:?}",
            r.name
        );
    }
}

#[test]
fn tracks_on_a_map_print_every_box_in_place() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = tempfile::tempdir().expect("tempdir");
    let g = game(dir.path(), &with(&ON_MAP), &[]);
    build_ok(&g, out.path());
    let poster = out.path().join("tracks/main-map.pdf");
    let pages = word_boxes(&poster);
    let words = &pages[0].1;
    // The map's top-left corner: the poster's margin and the drawing's.
    let o = 36.0 + 6.0;
    // The VP track: 0.5 in in from the corner, 0.6 in boxes, 7 a row
    // under a 14 pt band with its name.
    let (band, s) = (14.0, 43.2);
    for n in 0..=20 {
        let (c, r) = ((n % 7) as f64, (n / 7) as f64);
        let b = [o + 36.0 + c * s, o + 36.0 + band + r * s, s, s];
        assert_eq!(words_in(words, b), [n.to_string()], "VP box {n}");
    }
    let vp_band = words_in(words, [o + 36.0, o + 36.0, 7.0 * s, band]);
    assert_eq!(vp_band, ["Victory", "Points", "+20"]);
    // The turn track at 0107 (the seventh row of 0.75 in squares): one row
    // of eight, each box its turn and date.
    for t in 1..=8 {
        let b = [o + (t - 1) as f64 * 54.0, o + 6.0 * 54.0 + band, 54.0, 54.0];
        let date = format!("{}", t + 5);
        assert_eq!(
            words_in(words, b),
            [t.to_string(), "Jun".to_string(), date],
            "turn {t}"
        );
    }
    // The pool at 0902: its name in its top.
    let pool = [o + 8.0 * 54.0, o + 54.0, 216.0, 90.0];
    assert_eq!(words_in(words, pool), ["Reinforcement", "Pool"]);
    // The exported regions are where the PDF prints each box.
    let regions = regions(&g);
    let on_map: Vec<&BoxRegion> = regions
        .iter()
        .filter(|r| r.map.as_deref() == Some("main"))
        .collect();
    assert_eq!(on_map.len(), 21 + 8 + 1);
    each_region_reads_its_number(&pages, &on_map, o, 20.0);
    let names: Vec<&str> = on_map.iter().map(|r| r.name.as_str()).collect();
    assert!(names.contains(&"VP 20") && names.contains(&"Game Turn 3"));
    assert!(names.contains(&"Reinforcement Pool"));
    // Eliminated has no map: it is on the tracks sheet, alone.
    let sheet = word_boxes(&out.path().join("tracks/tracks.pdf"));
    let words: Vec<&str> = sheet[0].1.iter().map(|(w, _)| w.as_str()).collect();
    assert!(words.contains(&"Eliminated"), "{words:?}");
    assert!(!words.contains(&"Victory"), "{words:?}");
}

#[test]
fn tracks_on_their_sheet_print_every_box_in_place() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = tempfile::tempdir().expect("tempdir");
    let g = game(dir.path(), &with(&ON_SHEET), &[]);
    build_ok(&g, out.path());
    let pdf = out.path().join("tracks/tracks.pdf");
    let pages = word_boxes(&pdf);
    assert_eq!(pages.len(), 1);
    let regions = regions(&g);
    let on_sheet: Vec<&BoxRegion> = regions.iter().filter(|r| r.map.is_none()).collect();
    assert_eq!(on_sheet.len(), 21 + 8 + 2);
    each_region_reads_its_number(&pages, &on_sheet, 0.0, 20.0);
    // Boxes run left to right, seven to a row, each row under the last.
    let vp: Vec<&&BoxRegion> = on_sheet
        .iter()
        .filter(|r| r.name.starts_with("VP "))
        .collect();
    for pair in vp.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let same_row = (a.y - b.y).abs() < 0.01;
        assert!(
            (same_row && b.x > a.x) || (b.y > a.y && b.x < a.x),
            "{} then {}",
            a.name,
            b.name
        );
    }
    assert!((vp[7].y - vp[0].y - 43.2).abs() < 0.01);
    // Every part within the page's margins and clear of the others.
    let ((w, h), words) = &pages[0];
    for (word, b) in words {
        assert!(
            b[0] >= 36.0 && b[2] <= w - 36.0 && b[3] <= h - 36.0,
            "{word}"
        );
    }
    // The HTML page: each part under its own heading with its anchor,
    // every box's number and label as text, each picture beside it.
    let html = std::fs::read_to_string(out.path().join("tracks/html/tracks.html")).expect("page");
    for (id, name) in [
        ("vp", "Victory Points"),
        ("turns", "Game Turn"),
        ("elim", "Eliminated"),
        ("pool", "Reinforcement Pool"),
    ] {
        assert!(
            html.contains(&format!("<h2 id=\"track-{id}\">{name}</h2>")),
            "{id}"
        );
        assert!(html.contains(&format!("src=\"tracks/{id}.svg\"")), "{id}");
        assert!(
            out.path()
                .join(format!("tracks/html/tracks/{id}.svg"))
                .is_file()
        );
    }
    for n in 0..=20 {
        assert!(html.contains(&format!("<span id=\"track-vp-{n}\">{n}</span>")));
    }
    assert!(html.contains("<tr id=\"track-turns-3\"><td>3</td><td>Jun 8</td></tr>"));
    assert!(html.contains("a total above 20 is a &quot;+20&quot; marker"));
}

#[test]
fn scenario_markers_and_units_on_tracks_print_on_the_set_up_cards() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = tempfile::tempdir().expect("tempdir");
    let g = game(dir.path(), &with(&ON_MAP), &[]);
    let run = build_ok(&g, out.path());
    assert!(run.diags.is_empty(), "{}", run.dump());
    let pages = word_boxes(&out.path().join("tracks/opening-setup.pdf"));
    // Each place is printed under its counter: the words of one line.
    let lines: Vec<String> = pages
        .iter()
        .flat_map(|(_, words)| {
            let mut rows: Vec<(f64, Vec<&BoxedWord>)> = Vec::new();
            for w in words {
                match rows.iter_mut().find(|(y, _)| (y - w.1[3]).abs() < 1.0) {
                    Some((_, row)) => row.push(w),
                    None => rows.push((w.1[3], vec![w])),
                }
            }
            rows.into_iter()
                .map(|(_, row)| {
                    row.iter()
                        .map(|(t, _)| t.as_str())
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect::<Vec<_>>()
        })
        .collect();
    let all = lines.join("\n");
    for place in ["0101", "Eliminated", "VP 3", "VP 5 (+20)", "Game Turn 1"] {
        assert!(all.contains(place), "{place} in:\n{all}");
    }
    // The marker on the game's turn track is drawn in turn 1 of the
    // scenario's turn record track too: one more "Turn" there than when
    // the marker starts in a hex.
    let turn_words = |out: &Path| {
        word_boxes(&out.join("tracks/opening-turns.pdf"))
            .iter()
            .flat_map(|(_, words)| words.iter().filter(|(w, _)| w == "Turn"))
            .count()
    };
    let in_hex = tempfile::tempdir().expect("tempdir");
    let out2 = tempfile::tempdir().expect("tempdir");
    let scenario = OPENING.replace("track = \"turns\"\nat = 1", "hex = \"0202\"");
    let g2 = game(
        in_hex.path(),
        &with(&ON_MAP),
        &[("scenarios/opening.toml", &scenario)],
    );
    build_ok(&g2, out2.path());
    assert_eq!(turn_words(out.path()), turn_words(out2.path()) + 1);
}

fn check(game: &Path) -> support::Run {
    grogpress(&["check", game.to_str().expect("utf-8"), "--format", "json"])
}

/// `id` at the start of `needle` in `file` (whose text is `text`).
fn expect(run: &support::Run, id: &str, file: &str, text: &str, needle: &str) {
    let (line, col) = place(text, needle);
    run.expect("error", id, file, line, col);
}

#[test]
fn each_fault_of_a_track_or_box_is_located() {
    let dir = tempfile::tempdir().expect("tempdir");
    // A hex map that prints its codes; the main map with a label.
    let coded = "name = \"Coded\"\ngrid = \"hex\"\ncolumns = 8\nrows = 6\ncell = \"0.75in\"\ndefault = \"clear\"\n\n[[terrain]]\nid = \"clear\"\ncolor = \"#E8E4C8\"\n";
    let labelled = format!("{MAP}\n[[labels]]\ntext = \"Sea\"\nat = \"1108\"\n");
    let bad = with(&ON_MAP)
        .replace(
            "[[maps]]\nid = \"main\"\nfile = \"map.toml\"",
            "[[maps]]\nid = \"main\"\nfile = \"map.toml\"\n\n[[maps]]\nid = \"coded\"\nfile = \"coded.toml\"",
        )
        // The VP track's 21 boxes in one row run off the map.
        .replace("per_row = 7\n", "")
        // The pool over the turn track.
        .replace("at = \"0902\"", "at = \"0207\"")
        + concat!(
            "\n[[boxes]]\nid = \"dead\"\nname = \"Dead\"\nmap = \"coded\"\nat = \"0101\"\n",
            "\n[[boxes]]\nid = \"sea\"\nname = \"S\"\nmap = \"main\"\nat = \"1108\"\nwidth = \"0.5in\"\nheight = \"0.5in\"\n",
            "\n[[boxes]]\nid = \"lost\"\nname = \"Lost\"\nmap = \"nowhere\"\nat = \"0101\"\n",
            "\n[[boxes]]\nid = \"far\"\nname = \"Far\"\nmap = \"main\"\nat = \"1399\"\n",
            "\n[[boxes]]\nid = \"elim\"\nname = \"Gone\"\n",
            "\n[[tracks]]\nid = \"wide\"\nname = \"Supply\"\nkind = \"numbered\"\nto = 40\nper_row = 41\n",
            "\n[[tracks]]\nid = \"tiny\"\nname = \"Morale\"\nkind = \"numbered\"\nfrom = 5\nto = 4\n",
            "\n[[tracks]]\nid = \"laps\"\nname = \"Laps\"\nkind = \"numbered\"\nto = 20\nwrap = 22\n",
            "\n[[tracks]]\nid = \"dates\"\nname = \"Dates\"\nkind = \"turn\"\nto = 2\nbox_size = \"0.3in\"\nlabels = [\"the sixth of June, 1944\", \"7\"]\n",
        );
    // A label of thousands of characters is quoted in a line.
    let bad = bad.replace(
        "June, 1944",
        &format!("June, 1944{}", " and after".repeat(300)),
    );
    let scenario = OPENING
        .replace("track = \"turns\"", "track = \"turn\"")
        .replace("box = \"Eliminated\"", "box = \"Eliminatd\"");
    let g = game(
        dir.path(),
        &bad,
        &[
            ("coded.toml", coded),
            ("map.toml", &labelled),
            ("scenarios/opening.toml", &scenario),
        ],
    );
    let run = check(&g);
    run.exit(1);
    let gt = "game.toml";
    // The VP track is 21 x 0.6 in long on a 9 in map.
    expect(&run, "part-off-map", gt, &bad, "\"0.5in\"");
    expect(&run, "bad-track-range", gt, &bad, "22");
    expect(&run, "parts-overlap", gt, &bad, "\"0107\"");
    expect(
        &run,
        "part-covers-code",
        gt,
        &bad,
        "\"0101\"\n\n[[boxes]]\nid = \"sea\"",
    );
    expect(&run, "part-covers-label", gt, &bad, "\"1108\"");
    expect(&run, "dangling-reference", gt, &bad, "\"nowhere\"");
    expect(&run, "cell-outside-map", gt, &bad, "\"1399\"");
    expect(
        &run,
        "duplicate-value",
        gt,
        &bad,
        "\"elim\"\nname = \"Gone\"",
    );
    expect(&run, "part-off-page", gt, &bad, "\"Supply\"");
    let (line, col) = place(&bad, "to = 4\n");
    run.expect("error", "bad-track-range", gt, line, col + "to = ".len());
    expect(&run, "track-overflow", gt, &bad, "\"the sixth");
    let quoted = run.diags.iter().find(|d| d.id == "track-overflow");
    assert!(
        quoted.is_some_and(|d| d.message.len() < 200 && d.message.contains("the sixth of June")),
        "{quoted:?}"
    );
    let sf = "scenarios/opening.toml";
    expect(&run, "dangling-reference", sf, &scenario, "\"turn\"");
    expect(&run, "undeclared-box", sf, &scenario, "\"Eliminatd\"");
    run.only_ids(&[
        "part-off-map",
        "bad-track-range",
        "parts-overlap",
        "part-covers-code",
        "part-covers-label",
        "dangling-reference",
        "cell-outside-map",
        "duplicate-value",
        "part-off-page",
        "track-overflow",
        "undeclared-box",
    ]);
}

#[test]
fn a_box_past_the_end_of_a_track_is_located() {
    let dir = tempfile::tempdir().expect("tempdir");
    let scenario = OPENING
        .replace("at = 25", "at = -1")
        .replace("at = 1\n", "at = 9\n");
    let no_wrap = with(&ON_MAP).replace("wrap = 20\n", "");
    let g = game(
        dir.path(),
        &no_wrap,
        &[("scenarios/opening.toml", &scenario)],
    );
    let run = check(&g);
    run.exit(1);
    let sf = "scenarios/opening.toml";
    expect(&run, "off-track", sf, &scenario, "-1");
    expect(&run, "off-track", sf, &scenario, "9\n");
    run.only_ids(&["off-track"]);
    // With the wrap, 45 is box 5 and the "+40" marker: on the track.
    let wrapped = scenario
        .replace("at = -1", "at = 45")
        .replace("at = 9\n", "at = 8\n");
    let g = game(
        dir.path(),
        &with(&ON_MAP),
        &[("scenarios/opening.toml", &wrapped)],
    );
    let run = check(&g);
    run.exit(0);
}

/// A track on a map of places (no grid: its size is its `width` and
/// `height`) prints on it, every box's number inside the map's extent.
#[test]
fn a_track_on_a_map_of_places_prints_on_it() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let map = [
        head("Front", ["8in", "5in"]),
        FRONT_RAIL.to_string(),
        spaces(AMIENS_BREST),
        connections(&[("a", "b", "rail")]),
    ]
    .concat();
    let game = r#"name = "Places Track"

[[maps]]
id = "front"
file = "maps/front.toml"

[[tracks]]
id = "vp"
name = "Victory Points"
kind = "numbered"
to = 13
per_row = 7
box_size = "0.5in"
map = "front"
x = "4in"
y = "3in"
"#;
    let dir = write(
        tmp.path(),
        "places-track",
        &[
            ("game.toml", game.as_bytes()),
            ("maps/front.toml", map.as_bytes()),
        ],
    );
    let out = tmp.path().join("out");
    build_ok(&dir, &out);
    let pdf = out.join("places-track").join("front-map.pdf");
    let (_, words) = word_boxes(&pdf).into_iter().next().expect("a page");
    for n in 0..=13 {
        let text = n.to_string();
        assert!(
            words.iter().any(|(w, _)| *w == text),
            "box {n} of the track is printed on the map: {:?}",
            words.iter().map(|(w, _)| w).collect::<Vec<_>>()
        );
    }
}

/// On a map of places a track or box may not print over a place's name
/// (`part-covers-label`) or a space's circle (`part-covers-place`), nor a
/// place's badge over another place's name (`label-overlap`): each an
/// error at the value that puts it there.
#[test]
fn parts_and_badges_over_places_are_located() {
    let tmp = tempfile::tempdir().expect("temp dir");
    // Spaces 0.5 in across, names 9 pt under them. Calais sits below and
    // left of Amiens: its circle clear of Amiens's name, its badge (at its
    // circle's upper right) over it.
    let map = [
        head("Front", ["8in", "5in"]),
        FRONT_RAIL.to_string(),
        "\n[[attributes]]\nid = \"vp\"\nname = \"Victory points\"\nkind = \"number\"\nshow = \"badge\"\n".to_string(),
        spaces(AMIENS_BREST),
        "\n[[spaces]]\nid = \"c\"\nname = \"Calais\"\nat = [\"36pt\", \"120pt\"]\nattributes = { vp = 2 }\n".to_string(),
        spaces(&[("d", "Dijon", ["5in", "1in"])]),
        connections(&[
            ("a", "b", "rail"),
            ("c", "d", "rail"),
        ]),
    ]
    .concat();
    let game = r#"name = "Places Overprint"

[[maps]]
id = "front"
file = "maps/front.toml"

[[boxes]]
id = "elim"
name = "E"
width = "0.4in"
height = "0.4in"
map = "front"
x = "2.9in"
y = "1.3in"

[[boxes]]
id = "pool"
name = "P"
width = "0.3in"
height = "0.3in"
map = "front"
x = "4.9in"
y = "0.9in"
"#;
    let dir = write(
        tmp.path(),
        "places-overprint",
        &[
            ("game.toml", game.as_bytes()),
            ("maps/front.toml", map.as_bytes()),
        ],
    );
    let run = check(&dir);
    run.exit(1);
    expect(&run, "label-overlap", "maps/front.toml", &map, "2 }");
    run.only_ids(&["label-overlap"]);
    // With the badge moved off, the parts' faults.
    let clear = map.replace("[\"36pt\", \"120pt\"]", "[\"1in\", \"3in\"]");
    std::fs::write(dir.join("maps/front.toml"), &clear).expect("write");
    let run = check(&dir);
    run.exit(1);
    expect(&run, "part-covers-label", "game.toml", game, "\"2.9in\"");
    expect(&run, "part-covers-place", "game.toml", game, "\"4.9in\"");
    run.only_ids(&["label-overlap", "part-covers-label", "part-covers-place"]);
}
