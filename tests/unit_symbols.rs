//! Unit symbols and marker counters, on a game written here from the data
//! format alone: each counter of a side with a symbol field shows a frame in
//! its side's affiliation colour, inside the counter and above its name, on
//! both faces; markers print their words the asked number of times, front
//! and back; a function or echelon the symbols do not know is a located
//! error at the unit's value.

use std::path::{Path, PathBuf};

mod support;
use support::tools::{svg_path_bounds, tool, word_boxes};

const GAME: &str = r##"name = "Symbol Test"

[[collections]]
id = "troops"
file = "troops.toml"

[publish.counters]
units = "troops"
top_left = "a"
top_right = "b"
bottom_left = "c"
bottom_right = "d"
symbol = "role"
echelon = "size"

[[publish.counters.sides]]
name = "Blue"
color = "#DDDDEE"
units = { foot = 3, tanks = 2, staff = 1 }

[[publish.counters.sides]]
name = "Red"
color = "#EEDDDD"
units = { foot = 2, guns = 2 }

[[publish.counters.sides]]
name = "Grey"
color = "#E0E0E0"
affiliation = "neutral"
units = { foot = 1 }

[[publish.counters.markers]]
name = "Spotted"
back = "Hidden"
count = 5

[[publish.counters.markers]]
name = "Out of Supply"
count = 2
color = "#FFE0A0"
"##;

const TROOPS: &str = r#"name = "Troops"

[[fields]]
name = "role"
kind = "text"

[[fields]]
name = "size"
kind = "text"
optional = true

[[fields]]
name = "a"
kind = "int"

[[fields]]
name = "b"
kind = "int"

[[fields]]
name = "c"
kind = "int"

[[fields]]
name = "d"
kind = "int"

[[items]]
id = "foot"
name = "Rifles"
role = "infantry"
size = "company"
a = 1
b = 2
c = 3
d = 4

[[items]]
id = "tanks"
name = "Tanks"
role = "armor"
size = "battalion"
a = 1
b = 2
c = 3
d = 4

[[items]]
id = "guns"
name = "Guns"
role = "artillery"
a = 1
b = 2
c = 3
d = 4

[[items]]
id = "staff"
name = "Staff"
role = "infantry+hq"
size = "division"
a = 1
b = 2
c = 3
d = 4
"#;

/// The test game in a temp folder, with `from` replaced by `to` in the
/// file `which` (empty `from`: as written).
fn game(which: &str, from: &str, to: &str) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("symbols");
    std::fs::create_dir_all(&dir).expect("game dir");
    for (name, text) in [("game.toml", GAME), ("troops.toml", TROOPS)] {
        let text = if name == which && !from.is_empty() {
            assert!(text.contains(from), "{name} has `{from}`");
            text.replacen(from, to, 1)
        } else {
            text.to_string()
        };
        std::fs::write(dir.join(name), text).expect("write");
    }
    (tmp, dir)
}

const FRIEND: [f64; 3] = [0.502, 0.878, 1.0];
const HOSTILE: [f64; 3] = [1.0, 0.502, 0.502];
const NEUTRAL: [f64; 3] = [0.667, 1.0, 0.667];

/// Filled paths of a page: (box x0, y0, x1, y1, fill).
fn fills(pdf: &Path, page: usize) -> Vec<([f64; 4], [f64; 3])> {
    let dir = tempfile::tempdir().expect("temp dir");
    let svg = dir.path().join("page.svg");
    let p = page.to_string();
    let pdf = pdf.to_str().expect("path");
    let args = ["-svg", "-f", &p, "-l", &p, pdf, svg.to_str().expect("path")];
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
        let (Some(d), Some(style)) = (attr("d"), attr("style")) else {
            continue;
        };
        let fill = style.split(';').find_map(|s| {
            let v: Vec<f64> = s
                .trim()
                .strip_prefix("fill:rgb(")?
                .strip_suffix(')')?
                .split(',')
                .filter_map(|c| c.trim().trim_end_matches('%').parse::<f64>().ok())
                .map(|c| c / 100.0)
                .collect();
            (v.len() == 3).then(|| [v[0], v[1], v[2]])
        });
        if let Some(fill) = fill {
            out.push((svg_path_bounds(d, attr("transform")), fill));
        }
    }
    out
}

fn close(a: [f64; 3], b: [f64; 3]) -> bool {
    a.iter().zip(b).all(|(x, y)| (x - y).abs() < 0.01)
}

fn counters_pdf(dir: &Path, out: &Path) -> PathBuf {
    let run = support::grogpress(&[
        "counters",
        dir.to_str().expect("path"),
        "--out",
        out.to_str().expect("path"),
    ]);
    assert_eq!(run.code, 0, "{}", run.dump());
    out.join("symbols/counters.pdf")
}

#[test]
fn every_unit_counter_shows_its_sides_frame_inside_the_counter_on_both_faces() {
    let (_tmp, dir) = game("", "", "");
    let out = tempfile::tempdir().expect("out");
    let pdf = counters_pdf(&dir, out.path());
    // Blue fields 6 counters (first side: friend by default), Red 4 (hostile
    // by default), Grey 1 (neutral as written).
    for page in [1, 2] {
        let shapes = fills(&pdf, page);
        let count = |colour| shapes.iter().filter(|(_, f)| close(*f, colour)).count();
        assert_eq!(
            (count(FRIEND), count(HOSTILE), count(NEUTRAL)),
            (6, 4, 1),
            "page {page}"
        );
        // Each frame inside a counter's square (the side colours' fills).
        let squares: Vec<[f64; 4]> = shapes
            .iter()
            .filter(|(b, _)| (b[2] - b[0] - 54.0).abs() < 0.5 && (b[3] - b[1] - 54.0).abs() < 0.5)
            .map(|(b, _)| *b)
            .collect();
        for (frame, _) in shapes
            .iter()
            .filter(|(_, f)| [FRIEND, HOSTILE, NEUTRAL].iter().any(|c| close(*f, *c)))
        {
            let inside = squares.iter().any(|s| {
                frame[0] > s[0] + 5.0
                    && frame[2] < s[2] - 5.0
                    && frame[1] > s[1]
                    && frame[3] < s[1] + 54.0 * 0.58
            });
            assert!(
                inside,
                "page {page}: frame {frame:?} not inside a counter's upper middle"
            );
        }
    }
}

#[test]
fn markers_print_their_words_as_many_times_as_asked_front_and_back() {
    let (_tmp, dir) = game("", "", "");
    let out = tempfile::tempdir().expect("out");
    let pdf = counters_pdf(&dir, out.path());
    let pages = word_boxes(&pdf);
    let count = |page: usize, word: &str| pages[page].1.iter().filter(|w| w.0 == word).count();
    assert_eq!(count(0, "Spotted"), 5);
    assert_eq!(count(0, "Hidden"), 0);
    assert_eq!(count(1, "Hidden"), 5);
    assert_eq!((count(0, "Supply"), count(1, "Supply")), (2, 2));
}

/// `check --format json` on the game with one edit.
fn check(which: &str, from: &str, to: &str) -> (support::Run, String) {
    let (tmp, dir) = game(which, from, to);
    let text = std::fs::read_to_string(dir.join(which)).expect("read");
    let run = support::grogpress(&["check", dir.to_str().expect("path"), "--format", "json"]);
    drop(tmp);
    (run, text)
}

/// `id` at the first `"` of `at` in `file`.
fn assert_at(run: &support::Run, text: &str, file: &str, id: &str, at: &str) {
    let offset = text.find(at).expect("the faulty text") + at.find('"').unwrap_or(0);
    let (line, column) = support::line_col(text, offset);
    assert_eq!(run.code, 1, "{}", run.dump());
    assert!(
        run.diags
            .iter()
            .any(|d| d.id == id && d.file.ends_with(file) && d.line == line && d.column == column),
        "expected {id} at {file}:{line}:{column}\n{}",
        run.dump()
    );
}

#[test]
fn a_function_the_symbols_do_not_know_is_an_error_at_the_units_value() {
    let (run, text) = check("troops.toml", "role = \"armor\"", "role = \"tanks\"");
    assert_at(
        &run,
        &text,
        "troops.toml",
        "unknown-function",
        "role = \"tanks\"",
    );
    let wizard = "role = \"infantry+wizard\"";
    let (run, text) = check("troops.toml", "role = \"infantry+hq\"", wizard);
    assert_at(&run, &text, "troops.toml", "unknown-function", wizard);
}

#[test]
fn an_echelon_the_symbols_do_not_know_is_an_error_at_the_units_value() {
    let (run, text) = check("troops.toml", "size = \"battalion\"", "size = \"bn\"");
    assert_at(
        &run,
        &text,
        "troops.toml",
        "unknown-echelon",
        "size = \"bn\"",
    );
}

#[test]
fn a_symbol_key_naming_no_field_and_an_unknown_affiliation_are_located_errors() {
    let (run, text) = check("game.toml", "symbol = \"role\"", "symbol = \"roles\"");
    assert_at(
        &run,
        &text,
        "game.toml",
        "dangling-reference",
        "symbol = \"roles\"",
    );
    let ally = "affiliation = \"ally\"";
    let (run, text) = check("game.toml", "affiliation = \"neutral\"", ally);
    assert_at(&run, &text, "game.toml", "bad-value", ally);
}
