//! Counters with steps, on a game written here from the data format alone:
//! each unit's front factors read back from `counters.pdf` at the foot of
//! its front cell and its reduced factors on the mirrored back cell, a
//! unit of three steps printing a second counter, boxed and parenthesised
//! factors, the designation, formation and set-up code, the low-contrast
//! warning on a dark side colour, and each bad input located.

use std::path::{Path, PathBuf};

mod support;
use support::tools::{svg_path_bounds, tool, word_boxes};

const GAME: &str = r##"name = "Step Test"

[[sides]]
id = "de"
name = "Germans"
color = "#B8C8D8"

[[sides]]
id = "su"
name = "Soviets"
color = "#E8B0A0"

[[collections]]
id = "formations"
file = "formations.toml"

[[collections]]
id = "units"
file = "units.toml"

[publish.counters]
units = "units"
factors = ["attack", "defense", "movement"]
reduced = ["attack_r", "defense_r", "movement_r"]
steps = "steps"
designation = "designation"
formation = "formation"
setup = "setup"
class = "class"
symbol = "role"
echelon = "size"

[[publish.counters.sides]]
name = "Germans"
units = { pz = 2, inf = 1, hq = 1 }

[[publish.counters.sides]]
name = "Soviets"
units = { rifle = 3 }

[[publish.counters.markers]]
name = "Turn"
"##;

/// The faces of `GAME` as four-step tables, the Guards division (3 steps) fielded too.
const FACES: &str = r##"[[publish.counters.faces]]
factors = ["attack", "defense", "movement"]

[[publish.counters.faces]]
factors = ["attack_r", "defense_r", "movement_r"]

[[publish.counters.faces]]
factors = ["attack_3", "defense_3", "movement_3"]
"##;

const FORMATIONS: &str = r##"name = "Formations"

[[fields]]
name = "color"
kind = "text"

[[items]]
id = "116pz"
name = "116 Pz"
color = "#F2E394"

[[items]]
id = "5gds"
name = "5 Gds"
color = "#C8102E"
"##;

const UNITS: &str = r##"name = "Units"

[[fields]]
name = "role"
kind = "text"
[[fields]]
name = "size"
kind = "text"
optional = true
[[fields]]
name = "designation"
kind = "text"
optional = true
[[fields]]
name = "formation"
kind = "ref"
to = "formations"
optional = true
[[fields]]
name = "setup"
kind = "text"
optional = true
[[fields]]
name = "class"
kind = "text"
[[fields]]
name = "steps"
kind = "int"
optional = true
[[fields]]
name = "attack"
kind = "text"
[[fields]]
name = "defense"
kind = "text"
[[fields]]
name = "movement"
kind = "text"
[[fields]]
name = "attack_r"
kind = "text"
optional = true
[[fields]]
name = "defense_r"
kind = "text"
optional = true
[[fields]]
name = "movement_r"
kind = "text"
optional = true

[[fields]]
name = "attack_3"
kind = "text"
optional = true
[[fields]]
name = "defense_3"
kind = "text"
optional = true
[[fields]]
name = "movement_3"
kind = "text"
optional = true

[[items]]
id = "pz"
name = "Panzer Bn"
role = "armour"
size = "battalion"
designation = "2/116"
formation = "116pz"
setup = "0305"
class = "tracked"
attack = "[6]"
defense = "4"
movement = "8"
attack_r = "3"
defense_r = "2"
movement_r = "8"

[[items]]
id = "inf"
name = "Grenadiers"
role = "infantry"
size = "regiment"
designation = "60"
formation = "116pz"
setup = "T3"
class = "foot"
attack = "4"
defense = "5"
movement = "4"
attack_r = "2"
defense_r = "3"
movement_r = "4"

[[items]]
id = "hq"
name = "HQ 116"
role = "infantry+hq"
size = "division"
designation = "116"
class = "foot"
attack = "(1)"
defense = "2"
movement = "6"

[[items]]
id = "gds"
name = "Guards Rifles"
role = "infantry"
size = "division"
designation = "13 Gds"
formation = "5gds"
setup = "0710"
class = "foot"
steps = 3
attack = "7"
defense = "7"
movement = "4"
attack_r = "5"
defense_r = "5"
movement_r = "4"
attack_3 = "3"
defense_3 = "3"
movement_3 = "4"

[[items]]
id = "rifle"
name = "Rifle Rgt"
role = "infantry"
size = "regiment"
designation = "212"
class = "foot"
attack = "3"
defense = "4"
movement = "4"
attack_r = "1"
defense_r = "2"
movement_r = "4"
"##;

const SIZE: f64 = 54.0;

/// The test game in a temp folder, each (file, from, to) edit made.
fn game(edits: &[(&str, &str, &str)]) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("steps");
    std::fs::create_dir_all(&dir).expect("game dir");
    for (name, text) in [
        ("game.toml", GAME),
        ("units.toml", UNITS),
        ("formations.toml", FORMATIONS),
    ] {
        let mut text = text.to_string();
        for (file, from, to) in edits {
            if *file == name {
                assert!(text.contains(from), "{name} has `{from}`");
                text = text.replacen(from, to, 1);
            }
        }
        std::fs::write(dir.join(name), text).expect("write");
    }
    (tmp, dir)
}

/// The edits that give `GAME` the four-face tables and field the Guards.
fn with_faces() -> Vec<(&'static str, &'static str, &'static str)> {
    vec![
        (
            "game.toml",
            "factors = [\"attack\", \"defense\", \"movement\"]\nreduced = [\"attack_r\", \"defense_r\", \"movement_r\"]\n",
            "",
        ),
        (
            "game.toml",
            "name = \"Turn\"\n",
            Box::leak(format!("name = \"Turn\"\n\n{FACES}").into_boxed_str()),
        ),
        (
            "game.toml",
            "units = { rifle = 3 }",
            "units = { gds = 1, rifle = 3 }",
        ),
    ]
}

fn counters_pdf(dir: &Path, out: &Path) -> PathBuf {
    let run = support::grogpress(&[
        "counters",
        dir.to_str().expect("path"),
        "--out",
        out.to_str().expect("path"),
    ]);
    assert_eq!(run.code, 0, "{}", run.dump());
    out.join("steps/counters.pdf")
}

fn check(dir: &Path) -> support::Run {
    support::grogpress(&["check", dir.to_str().expect("path"), "--format", "json"])
}

// --- The PDF ----------------------------------------------------------------

type Box4 = [f64; 4];

fn inside(outer: &Box4, inner: &Box4) -> bool {
    inner[0] >= outer[0] - 0.1
        && inner[1] >= outer[1] - 0.1
        && inner[2] <= outer[2] + 0.1
        && inner[3] <= outer[3] + 0.1
}

/// Paths of a page: (box, stroked only).
fn paths(pdf: &Path, page: usize) -> Vec<(Box4, bool)> {
    let dir = tempfile::tempdir().expect("temp dir");
    let svg = dir.path().join("page.svg");
    let p = page.to_string();
    let pdf = pdf.to_str().expect("path");
    let args = [
        "-svg",
        "-noshrink",
        "-nocenter",
        "-f",
        &p,
        "-l",
        &p,
        pdf,
        svg.to_str().expect("path"),
    ];
    tool("pdftocairo", &args);
    let text = std::fs::read_to_string(&svg).expect("svg");
    let mut out = Vec::new();
    for element in text.split("<path").skip(1) {
        let element = &element[..element.find('>').unwrap_or(element.len())];
        let attr = |name: &str| {
            let start = element.find(&format!(" {name}=\""))? + name.len() + 3;
            let end = element[start..].find('"')? + start;
            Some(&element[start..end])
        };
        let Some(d) = attr("d") else { continue };
        let stroked = attr("style").unwrap_or_default().contains("fill:none");
        out.push((svg_path_bounds(d, attr("transform")), stroked));
    }
    out
}

/// The counter cells of a page: stroked frames `SIZE` points square.
fn cells(paths: &[(Box4, bool)]) -> Vec<Box4> {
    let mut cells: Vec<Box4> = paths
        .iter()
        .filter(|(b, stroked)| {
            *stroked && ((b[2] - b[0]) - SIZE).abs() < 0.3 && ((b[3] - b[1]) - SIZE).abs() < 0.3
        })
        .map(|(b, _)| *b)
        .collect();
    cells.sort_by(|a, b| (a[1], a[0]).partial_cmp(&(b[1], b[0])).expect("numbers"));
    cells
}

/// One counter face as read: the words of its top third, and its factor
/// strip (the words of its bottom third, left to right, joined).
#[derive(Debug, Clone, PartialEq)]
struct Face {
    top: Vec<String>,
    strip: String,
}

fn face(words: &[support::tools::BoxedWord], cell: &Box4) -> Face {
    let h = cell[3] - cell[1];
    let mut top: Vec<(f64, String)> = Vec::new();
    let mut bottom: Vec<(f64, String)> = Vec::new();
    for (text, b) in words {
        if !inside(cell, b) {
            continue;
        }
        if b[3] <= cell[1] + h * 0.3 {
            top.push((b[0], text.clone()));
        } else if b[1] >= cell[1] + h * 0.66 {
            bottom.push((b[0], text.clone()));
        }
    }
    bottom.sort_by(|a, b| a.0.total_cmp(&b.0));
    top.sort_by(|a, b| a.0.total_cmp(&b.0));
    Face {
        top: top.into_iter().map(|(_, t)| t).collect(),
        strip: bottom.into_iter().map(|(_, t)| t).collect(),
    }
}

/// Every counter of the sheet: (front, back) as read from the front cell
/// and the back cell behind it once the sheet is turned on its long edge.
fn read_counters(pdf: &Path) -> Vec<(Face, Face)> {
    let pages = word_boxes(pdf);
    let mut out = Vec::new();
    for front in (0..pages.len()).step_by(2) {
        let ((pw, _), front_words) = &pages[front];
        let (_, back_words) = &pages[front + 1];
        let backs = cells(&paths(pdf, front + 2));
        for cell in cells(&paths(pdf, front + 1)) {
            let (tx, ty) = (pw - cell[2], cell[1]);
            let back = backs
                .iter()
                .find(|b| (b[0] - tx).abs() < 0.3 && (b[1] - ty).abs() < 0.3)
                .unwrap_or_else(|| panic!("no back cell behind the front at {cell:?}"));
            out.push((face(front_words, &cell), face(back_words, back)));
        }
    }
    out
}

fn of<'a>(counters: &'a [(Face, Face)], designation: &str) -> Vec<&'a (Face, Face)> {
    counters
        .iter()
        .filter(|(front, _)| {
            let top = front.top.join(" ");
            top == designation || top.starts_with(&format!("{designation} "))
        })
        .collect()
}

#[test]
fn a_step_loss_unit_prints_its_front_factors_on_the_front_and_its_reduced_on_the_back() {
    let (_tmp, dir) = game(&[]);
    let out = tempfile::tempdir().expect("out");
    let counters = read_counters(&counters_pdf(&dir, out.path()));
    // Panzer: [6]-4-8 (the 6 boxed) front, 3-2-8 reduced; two copies.
    let pz = of(&counters, "2/116");
    assert_eq!(pz.len(), 2, "{counters:#?}");
    for (front, back) in &pz {
        assert_eq!(front.strip, "6-4-8");
        assert_eq!(back.strip, "3-2-8");
        assert_eq!(front.top, ["2/116", "0305"], "designation and set-up code");
        assert_eq!(back.top, ["2/116", "0305"]);
    }
    let inf = of(&counters, "60");
    assert_eq!(inf.len(), 1);
    assert_eq!(
        (inf[0].0.strip.as_str(), inf[0].1.strip.as_str()),
        ("4-5-4", "2-3-4")
    );
    assert_eq!(inf[0].0.top, ["60", "T3"]);
    // One step (no reduced values): the back repeats the front.
    let hq = of(&counters, "116");
    assert_eq!(hq.len(), 1);
    assert_eq!(hq[0].0.strip, "(1)-2-6");
    assert_eq!(hq[0].1.strip, "(1)-2-6");
    let rifles = of(&counters, "212");
    assert_eq!(rifles.len(), 3);
    assert!(
        rifles
            .iter()
            .all(|(f, b)| f.strip == "3-4-4" && b.strip == "1-2-4")
    );
    // Nothing else but the marker.
    assert_eq!(counters.len(), 2 + 1 + 1 + 3 + 1, "{counters:#?}");
}

#[test]
fn a_three_step_unit_prints_a_second_counter() {
    let (_tmp, dir) = game(&with_faces());
    let out = tempfile::tempdir().expect("out");
    let counters = read_counters(&counters_pdf(&dir, out.path()));
    let gds = of(&counters, "13 Gds");
    assert_eq!(gds.len(), 2, "two counters for three steps: {counters:#?}");
    let strips: Vec<(&str, &str)> = gds
        .iter()
        .map(|(f, b)| (f.strip.as_str(), b.strip.as_str()))
        .collect();
    // The first counter: steps 1 and 2; the second: step 3, both faces.
    assert_eq!(strips, [("7-7-4", "5-5-4"), ("3-3-4", "3-3-4")]);
    // The two-step units print one counter each, as with `factors`/`reduced`.
    assert_eq!(of(&counters, "2/116").len(), 2, "{counters:#?}");
    assert_eq!(of(&counters, "212").len(), 3);
}

#[test]
fn a_boxed_factor_is_framed_and_a_parenthesised_one_keeps_its_parentheses() {
    let (_tmp, dir) = game(&[]);
    let out = tempfile::tempdir().expect("out");
    let pdf = counters_pdf(&dir, out.path());
    let pages = word_boxes(&pdf);
    let paths = paths(&pdf, 1);
    let (_, words) = &pages[0];
    let mut framed = 0;
    for cell in cells(&paths) {
        let in_cell: Vec<&support::tools::BoxedWord> =
            words.iter().filter(|(_, b)| inside(&cell, b)).collect();
        if !in_cell.iter().any(|(t, _)| t == "2/116") {
            continue;
        }
        // The 6's glyph (the word starting the strip) inside a small stroked frame.
        let (six, at) = in_cell
            .iter()
            .filter(|(_, b)| b[1] >= cell[1] + SIZE * 0.66)
            .min_by(|a, b| a.1[0].total_cmp(&b.1[0]))
            .expect("the strip");
        assert!(six.starts_with('6'), "{six}");
        let frame = paths.iter().find(|(b, stroked)| {
            *stroked
                && b[2] - b[0] < SIZE / 3.0
                && b[0] <= at[0]
                && b[1] <= at[1] + 2.0
                && b[2] >= at[0] + 2.0
                && b[3] >= at[3] - 2.0
                && inside(&cell, b)
        });
        assert!(frame.is_some(), "no frame round the boxed 6 at {at:?}");
        framed += 1;
    }
    assert_eq!(framed, 2, "both panzer counters");
    assert!(
        words.iter().any(|(t, _)| t.starts_with("(1)")),
        "the HQ's (1)"
    );
    assert!(
        !words.iter().any(|(t, _)| t.contains('[')),
        "a boxed factor prints without its brackets"
    );
}

#[test]
fn the_strip_game_checks_clean_and_a_dark_side_colour_warns_low_contrast() {
    let (_tmp, dir) = game(&[]);
    let run = check(&dir);
    run.exit(0);
    assert!(run.diags.is_empty(), "{}", run.dump());
    // Black on firebrick red: 3.1:1.
    let (_tmp, dir) = game(&[("game.toml", "color = \"#E8B0A0\"", "color = \"#B22222\"")]);
    let run = check(&dir);
    run.exit(0);
    let (line, col) = at(&dir, "game.toml", "\"#B22222\"");
    let d = run.expect("warning", "low-contrast", "steps/game.toml", line, col);
    assert!(d.message.contains("3.1:1"), "{}", d.message);
    // On a counter side's own colour too.
    let (_tmp, dir) = game(&[(
        "game.toml",
        "name = \"Soviets\"\nunits",
        "name = \"Soviets\"\ncolor = \"#B22222\"\nunits",
    )]);
    let run = check(&dir);
    let text = std::fs::read_to_string(dir.join("game.toml")).expect("read");
    let offset = text.rfind("\"#B22222\"").expect("the colour");
    let (line, col) = support::line_col(&text, offset);
    run.expect("warning", "low-contrast", "steps/game.toml", line, col);
}

/// The line and column of the first `what` in the game's file `file`.
fn at(dir: &Path, file: &str, what: &str) -> (usize, usize) {
    let text = std::fs::read_to_string(dir.join(file)).expect("read");
    let offset = text
        .find(what)
        .unwrap_or_else(|| panic!("{file} has {what}"));
    support::line_col(&text, offset)
}

/// `check` of the game with one edit: exit 1 and the error `id` at the
/// first `located` in `file` (after the edit).
fn assert_error(edit: (&str, &str, &str), id: &str, file: &str, located: &str) {
    let (_tmp, dir) = game(&[edit]);
    let run = check(&dir);
    run.exit(1);
    let (line, col) = at(&dir, file, located);
    run.expect("error", id, &format!("steps/{file}"), line, col);
}

#[test]
fn a_factor_field_the_units_lack_is_a_dangling_reference() {
    assert_error(
        (
            "game.toml",
            "\"defense\", \"movement\"]",
            "\"defence\", \"movement\"]",
        ),
        "dangling-reference",
        "game.toml",
        "\"defence\"",
    );
    assert_error(
        ("game.toml", "\"defense_r\"", "\"defence_r\""),
        "dangling-reference",
        "game.toml",
        "\"defence_r\"",
    );
}

#[test]
fn a_class_designation_or_setup_field_the_units_lack_is_a_dangling_reference() {
    assert_error(
        ("game.toml", "class = \"class\"", "class = \"klass\""),
        "dangling-reference",
        "game.toml",
        "\"klass\"",
    );
    assert_error(
        ("game.toml", "setup = \"setup\"", "setup = \"start\""),
        "dangling-reference",
        "game.toml",
        "\"start\"",
    );
    assert_error(
        (
            "game.toml",
            "designation = \"designation\"",
            "designation = \"desig\"",
        ),
        "dangling-reference",
        "game.toml",
        "\"desig\"",
    );
}

#[test]
fn a_factor_too_wide_for_the_counter_is_an_error_at_its_value() {
    assert_error(
        ("units.toml", "attack = \"4\"", "attack = \"12345678\""),
        "counter-overflow",
        "units.toml",
        "\"12345678\"",
    );
}

#[test]
fn a_reduced_face_of_other_length_is_a_bad_value() {
    assert_error(
        (
            "game.toml",
            "reduced = [\"attack_r\", \"defense_r\", \"movement_r\"]",
            "reduced = [\"attack_r\", \"defense_r\"]",
        ),
        "bad-value",
        "game.toml",
        "[\"attack_r\"",
    );
}

#[test]
fn corners_beside_a_factor_strip_are_a_bad_value() {
    assert_error(
        (
            "game.toml",
            "steps = \"steps\"",
            "steps = \"steps\"\ntop_left = \"movement\"",
        ),
        "bad-value",
        "game.toml",
        "\"movement\"\n",
    );
}

#[test]
fn steps_past_the_faces_or_out_of_range_are_a_bad_value() {
    // Two faces declared: a unit of three steps has none for its third.
    assert_error(
        (
            "units.toml",
            "designation = \"60\"",
            "designation = \"60\"\nsteps = 3",
        ),
        "bad-value",
        "units.toml",
        "3\n",
    );
    assert_error(
        (
            "units.toml",
            "designation = \"60\"",
            "designation = \"60\"\nsteps = 0",
        ),
        "bad-value",
        "units.toml",
        "0\n",
    );
}

#[test]
fn a_reduced_face_missing_a_factor_is_a_missing_field() {
    // The grenadiers' reduced face without its defense.
    assert_error(
        ("units.toml", "defense_r = \"3\"\n", ""),
        "missing-field",
        "units.toml",
        "[[items]]\nid = \"inf\"",
    );
}

#[test]
fn keys_of_the_strip_without_factors_are_a_bad_value() {
    let edits = [(
        "game.toml",
        "factors = [\"attack\", \"defense\", \"movement\"]\nreduced = [\"attack_r\", \"defense_r\", \"movement_r\"]\n",
        "top_left = \"attack\"\ntop_right = \"defense\"\nbottom_left = \"movement\"\nbottom_right = \"class\"\n",
    )];
    let (_tmp, dir) = game(&edits);
    let run = check(&dir);
    run.exit(1);
    for key in ["\"designation\"", "\"formation\"", "\"setup\"", "\"steps\""] {
        let (line, col) = at(&dir, "game.toml", &format!("= {key}"));
        run.expect("error", "bad-value", "steps/game.toml", line, col + 2);
    }
    // `class` is not printed: it stays, for the map's terrain costs.
    assert!(
        !run.diags.iter().any(|d| d.message.contains("`class`")),
        "{}",
        run.dump()
    );
}

/// The texts of each face of one counter of the HTML counters page.
fn html_faces(html: &str, id: &str) -> Vec<(String, String)> {
    let start = html
        .find(&format!("id=\"{id}\""))
        .unwrap_or_else(|| panic!("the counter {id} on the page"));
    let figure = &html[start..start + html[start..].find("</figure>").expect("its end")];
    figure
        .split("<svg")
        .skip(1)
        .map(|svg| {
            let svg = &svg[..svg.find("</svg>").expect("svg end")];
            let label = svg
                .split("aria-label=\"")
                .nth(1)
                .and_then(|l| l.split('"').next())
                .unwrap_or_default()
                .to_string();
            let texts: String = svg
                .split("<text")
                .skip(1)
                .filter_map(|t| Some(&t[t.find('>')? + 1..t.find("</text>")?]))
                .collect::<Vec<_>>()
                .join(" ");
            (label, texts)
        })
        .collect()
}

/// The HTML counters page and the VASSAL module show the reduced face on
/// the back too, and a unit's second counter as a counter of its own.
#[test]
fn the_html_page_and_the_vassal_module_show_the_reduced_backs() {
    let (_tmp, dir) = game(&with_faces());
    let out = tempfile::tempdir().expect("out");
    support::build_ok(&dir, out.path());
    let html = std::fs::read_to_string(out.path().join("steps/html/counters.html"))
        .expect("counters.html");
    let pz = html_faces(&html, "counter-germans-panzer-bn");
    assert_eq!(pz.len(), 2, "{pz:?}");
    assert!(
        pz[0].0.ends_with("front") && pz[1].0.ends_with("back"),
        "{pz:?}"
    );
    // The strip's pieces (the factors and their separators) in order.
    assert!(pz[0].1.ends_with("6 - 4 - 8"), "{pz:?}");
    assert!(pz[1].1.ends_with("3 - 2 - 8"), "{pz:?}");
    let third = html_faces(&html, "counter-soviets-guards-rifles-step-3");
    assert!(
        third.iter().all(|(_, t)| t.ends_with("3 - 3 - 4")),
        "{third:?}"
    );

    let vassal = tempfile::tempdir().expect("vassal out");
    let module = support::unzip(
        &std::fs::read(support::export_vassal(&dir, vassal.path())).expect("the module"),
    );
    let image = |name: &str| {
        module
            .get(&format!("images/{name}"))
            .unwrap_or_else(|| panic!("{name} in the module: {:?}", module.keys()))
            .clone()
    };
    // Two steps: the back differs from the front; one step: it repeats it.
    assert_ne!(
        image("counter-germans-panzer-bn-front.png"),
        image("counter-germans-panzer-bn-back.png")
    );
    assert_eq!(
        image("counter-germans-hq-116-front.png"),
        image("counter-germans-hq-116-back.png")
    );
    image("counter-soviets-guards-rifles-step-3-front.png");
}

/// The complete example of the guide's "Counters and NATO symbols"
/// section, as written there, checks clean and prints its counters: two
/// steps for the panzers, one for the rifles.
#[test]
fn the_guides_counters_example_checks_and_prints() {
    let guide =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/data-format.md"))
            .expect("the guide");
    let start = guide
        .find("\n## Counters and NATO symbols")
        .expect("the section");
    let end = start + 1 + guide[start + 1..].find("\n## ").expect("its end");
    let section = &guide[start..end];
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("bridgehead");
    std::fs::create_dir_all(&dir).expect("game dir");
    let mut files = Vec::new();
    for block in section.split("```toml\n").skip(1) {
        let block = &block[..block.find("```").expect("a closed block")];
        let first = block.lines().next().unwrap_or_default();
        if let Some(name) = first
            .strip_prefix("# ")
            .and_then(|n| n.split([':', ' ']).next())
            .filter(|n| n.ends_with(".toml"))
        {
            std::fs::write(dir.join(name), block).expect("write");
            files.push(name.to_string());
        }
    }
    assert_eq!(files, ["game.toml", "units.toml", "formations.toml"]);
    let run = check(&dir);
    run.exit(0);
    assert!(run.diags.is_empty(), "{}", run.dump());
    let out = tempfile::tempdir().expect("out");
    let run = support::grogpress(&[
        "counters",
        dir.to_str().expect("path"),
        "--out",
        out.path().to_str().expect("path"),
    ]);
    run.exit(0);
    let counters = read_counters(&out.path().join("bridgehead/counters.pdf"));
    let pz = of(&counters, "2/116");
    assert_eq!(pz.len(), 2);
    assert!(
        pz.iter()
            .all(|(f, b)| f.strip == "6-4-8" && b.strip == "3-2-8")
    );
    let rifles = of(&counters, "1/26");
    assert_eq!(rifles.len(), 4);
    assert!(
        rifles
            .iter()
            .all(|(f, b)| f.strip == "(2)-3-4" && b.strip == "(2)-3-4")
    );
}
