//! Grid Battles unit counters read back from the real PDF: counter squares
//! from their stroked frames and colour fills (`pdftocairo -svg`), words from
//! `pdftotext -bbox`. Every counter the data asks for is printed once per
//! side, with the unit's name, movement top left and health bottom left, its
//! attack and defense dice in their colours top right and bottom right, on
//! its side's colour; every back lies exactly behind its front after the
//! flip and names the same unit.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use toml::de::{DeTable, DeValue};

mod support;
use support::tools::tool;

const MM: f64 = 72.0 / 25.4;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn counters(dir: &Path, extra: &[&str]) -> PathBuf {
    let out = dir.to_str().expect("UTF-8 temp path");
    let mut args = vec!["counters", "grid-battles", "--out", out];
    args.extend_from_slice(extra);
    let run = support::grogpress(&args);
    assert_eq!(run.code, 0, "{}", run.dump());
    dir.join("grid-battles/counters.pdf")
}

// --- The data ---------------------------------------------------------------

fn parse(file: &str) -> DeTable<'static> {
    let text = std::fs::read_to_string(root().join("data/grid-battles").join(file))
        .expect("read a grid-battles file");
    let text: &'static str = Box::leak(text.into_boxed_str());
    DeTable::parse(text).expect("valid TOML").into_inner()
}

fn tables<'a>(v: Option<&'a DeValue<'static>>) -> Vec<&'a DeTable<'static>> {
    match v {
        Some(DeValue::Array(a)) => a
            .iter()
            .filter_map(|v| match v.get_ref() {
                DeValue::Table(t) => Some(t),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

fn string(t: &DeTable<'static>, key: &str) -> String {
    match t.get(key).map(|v| v.get_ref()) {
        Some(DeValue::String(s)) => s.to_string(),
        Some(DeValue::Integer(i)) => i.as_str().to_string(),
        other => panic!("`{key}` is a string or an integer, not {other:?}"),
    }
}

fn hex(s: &str) -> [f64; 3] {
    let h = s.trim_start_matches('#');
    let b = |i: usize| u8::from_str_radix(&h[i..i + 2], 16).expect("hex") as f64 / 255.0;
    [b(0), b(2), b(4)]
}

#[derive(Clone, Debug)]
struct Unit {
    name: String,
    movement: String,
    health: String,
    attack: [f64; 3],
    defense: [f64; 3],
}

struct Side {
    name: String,
    color: [f64; 3],
    /// unit id → count
    units: Vec<(String, usize)>,
}

/// Units by id, and the sides with their counts, from the shipped data.
fn data() -> (BTreeMap<String, Unit>, Vec<Side>) {
    let dice: BTreeMap<String, [f64; 3]> =
        tables(parse("dice.toml").get("items").map(|v| v.get_ref()))
            .into_iter()
            .map(|d| (string(d, "id"), hex(&string(d, "color"))))
            .collect();
    let units = tables(parse("units.toml").get("items").map(|v| v.get_ref()))
        .into_iter()
        .map(|u| {
            (
                string(u, "id"),
                Unit {
                    name: string(u, "name"),
                    movement: string(u, "movement"),
                    health: string(u, "health"),
                    attack: dice[&string(u, "attack_die")],
                    defense: dice[&string(u, "defense_die")],
                },
            )
        })
        .collect();
    let game = parse("game.toml");
    let Some(DeValue::Table(publish)) = game.get("publish").map(|v| v.get_ref()) else {
        panic!("[publish]")
    };
    let Some(DeValue::Table(job)) = publish.get("counters").map(|v| v.get_ref()) else {
        panic!("[publish.counters]")
    };
    let sides = tables(job.get("sides").map(|v| v.get_ref()))
        .into_iter()
        .map(|s| {
            let Some(DeValue::Table(u)) = s.get("units").map(|v| v.get_ref()) else {
                panic!("units = {{ ... }}")
            };
            Side {
                name: string(s, "name"),
                color: hex(&string(s, "color")),
                units: u
                    .iter()
                    .map(|(k, v)| {
                        let DeValue::Integer(n) = v.get_ref() else {
                            panic!("a count")
                        };
                        (
                            k.get_ref().to_string(),
                            n.as_str().parse().expect("a count"),
                        )
                    })
                    .collect(),
            }
        })
        .collect();
    (units, sides)
}

// --- The PDF ----------------------------------------------------------------

#[derive(Clone, Copy, Debug)]
struct BBox {
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
}

impl BBox {
    fn w(&self) -> f64 {
        self.x1 - self.x0
    }
    fn h(&self) -> f64 {
        self.y1 - self.y0
    }
    fn contains(&self, o: &BBox) -> bool {
        o.x0 >= self.x0 - 0.1
            && o.x1 <= self.x1 + 0.1
            && o.y0 >= self.y0 - 0.1
            && o.y1 <= self.y1 + 0.1
    }
}

/// A drawn path: its box, and its fill colour (None when only stroked).
struct Shape {
    bbox: BBox,
    fill: Option<[f64; 3]>,
}

fn shapes(pdf: &Path, page: usize) -> Vec<Shape> {
    let dir = tempfile::tempdir().expect("temp dir");
    let svg = dir.path().join("page.svg");
    let p = page.to_string();
    tool(
        "pdftocairo",
        &[
            "-svg",
            "-noshrink",
            "-nocenter",
            "-f",
            &p,
            "-l",
            &p,
            pdf.to_str().expect("path"),
            svg.to_str().expect("path"),
        ],
    );
    let text = std::fs::read_to_string(&svg).expect("read svg");
    let mut out = Vec::new();
    for element in text.split("<path").skip(1) {
        let element = &element[..element.find('>').unwrap_or(element.len())];
        let attr = |name: &str| {
            let start = element.find(&format!(" {name}=\""))? + name.len() + 3;
            let end = element[start..].find('"')? + start;
            Some(&element[start..end])
        };
        let Some(d) = attr("d") else { continue };
        let style = attr("style").unwrap_or_default();
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
        let [x0, y0, x1, y1] = support::tools::svg_path_bounds(d, attr("transform"));
        let bb = BBox { x0, y0, x1, y1 };
        out.push(Shape {
            bbox: bb,
            fill: if style.contains("fill:none") {
                None
            } else {
                fill
            },
        });
    }
    out
}

/// The counter squares of a page: stroked frames `size` points square.
fn squares(shapes: &[Shape], size: f64) -> Vec<BBox> {
    shapes
        .iter()
        .filter(|s| s.fill.is_none())
        .map(|s| s.bbox)
        .filter(|b| (b.w() - size).abs() < 0.3 && (b.h() - size).abs() < 0.3)
        .collect()
}

struct Word {
    text: String,
    bbox: BBox,
}

/// Words of each page, and each page's size.
fn words(pdf: &Path) -> Vec<((f64, f64), Vec<Word>)> {
    support::tools::word_boxes(pdf)
        .into_iter()
        .map(|(size, words)| {
            let words = words
                .into_iter()
                .map(|(text, [x0, y0, x1, y1])| Word {
                    text,
                    bbox: BBox { x0, y0, x1, y1 },
                })
                .collect();
            (size, words)
        })
        .collect()
}

fn close(a: [f64; 3], b: [f64; 3]) -> bool {
    a.iter().zip(b).all(|(x, y)| (x - y).abs() < 0.01)
}

/// Checks every front page of a counters PDF; returns (side colour, unit
/// name) → counters found, and the fronts' squares with their unit names per page.
fn check_fronts(pdf: &Path, size: f64) -> BTreeMap<(String, String), usize> {
    check_faces(pdf, size, 0)
}

/// The same checks on the back pages: a back carries the unit's stats too.
fn check_backs(pdf: &Path, size: f64) -> BTreeMap<(String, String), usize> {
    check_faces(pdf, size, 1)
}

/// Checks the front (`parity` 0) or back (1) pages: every counter names its
/// unit and shows its movement, health and dice in their corners, each die
/// a square in its colour with a mark on it that tells it from the other
/// dice of its corner without colour.
fn check_faces(pdf: &Path, size: f64, parity: usize) -> BTreeMap<(String, String), usize> {
    let (units, sides) = data();
    let pages = words(pdf);
    assert_eq!(pages.len() % 2, 0, "each front page has its back page");
    let mut found = BTreeMap::new();
    // (corner, die colour) → the mark printed on it.
    let mut marks: BTreeMap<(bool, String), String> = BTreeMap::new();
    for front in (parity..pages.len()).step_by(2) {
        let ((pw, ph), words) = &pages[front];
        let shapes = shapes(pdf, front + 1);
        let squares = squares(&shapes, size);
        assert!(!squares.is_empty(), "page {}: counters", front + 1);
        for sq in &squares {
            assert!(
                sq.x0 >= 36.0 && sq.y0 >= 36.0 && sq.x1 <= pw - 36.0 && sq.y1 <= ph - 36.0,
                "a counter at {sq:?} leaves the margins"
            );
            let inside: Vec<&Word> = words.iter().filter(|w| sq.contains(&w.bbox)).collect();
            let unit = units
                .values()
                .find(|u| inside.iter().any(|w| w.text == u.name))
                .unwrap_or_else(|| panic!("the counter at {sq:?} names no unit"));
            let (mx, my) = ((sq.x0 + sq.x1) / 2.0, (sq.y0 + sq.y1) / 2.0);
            let quarter = |left: bool, top: bool| BBox {
                x0: if left { sq.x0 } else { mx },
                x1: if left { mx } else { sq.x1 },
                y0: if top { sq.y0 } else { my },
                y1: if top { my } else { sq.y1 },
            };
            let text_in =
                |q: BBox, t: &str| inside.iter().any(|w| w.text == t && q.contains(&w.bbox));
            assert!(
                text_in(quarter(true, true), &unit.movement),
                "{}: movement {} top left",
                unit.name,
                unit.movement
            );
            assert!(
                text_in(quarter(true, false), &unit.health),
                "{}: health {} bottom left",
                unit.name,
                unit.health
            );
            let painted = |q: BBox, rgb: [f64; 3]| {
                shapes
                    .iter()
                    .any(|s| s.fill.is_some_and(|f| close(f, rgb)) && q.contains(&s.bbox))
            };
            assert!(
                painted(quarter(false, true), unit.attack),
                "{}: attack die {:?} top right",
                unit.name,
                unit.attack
            );
            assert!(
                painted(quarter(false, false), unit.defense),
                "{}: defense die {:?} bottom right",
                unit.name,
                unit.defense
            );
            for (attack, rgb) in [(true, unit.attack), (false, unit.defense)] {
                let die = shapes
                    .iter()
                    .find(|s| {
                        s.fill.is_some_and(|f| close(f, rgb))
                            && quarter(false, attack).contains(&s.bbox)
                    })
                    .map(|s| s.bbox)
                    .expect("the die's square");
                let on_die: Vec<&str> = inside
                    .iter()
                    .filter(|w| die.contains(&w.bbox))
                    .map(|w| w.text.as_str())
                    .collect();
                assert_eq!(
                    on_die.len(),
                    1,
                    "{}: one mark on the die {rgb:?}: {on_die:?}",
                    unit.name
                );
                let mark = on_die[0].to_string();
                assert!(mark.chars().all(char::is_alphabetic), "{mark}");
                let key = (attack, format!("{rgb:.2?}"));
                let known = marks.entry(key).or_insert_with(|| mark.clone());
                assert_eq!(*known, mark, "{}: one die, one mark", unit.name);
            }
            // The side's colour fills the whole square.
            let side = shapes
                .iter()
                .filter_map(|s| {
                    let f = s.fill?;
                    ((s.bbox.x0 - sq.x0).abs() < 0.1
                        && (s.bbox.y0 - sq.y0).abs() < 0.1
                        && (s.bbox.w() - size).abs() < 0.1
                        && (s.bbox.h() - size).abs() < 0.1)
                        .then_some(f)
                })
                .next()
                .unwrap_or_else(|| panic!("{}: a side colour behind it", unit.name));
            // Named by the side whose colour it is (the PDF writes colours
            // to a thousandth, so compare, don't format).
            let side = sides
                .iter()
                .map(|s| s.color)
                .find(|c| close(*c, side))
                .unwrap_or(side);
            let key = (format!("{side:.2?}"), unit.name.clone());
            *found.entry(key).or_insert(0) += 1;
        }
    }
    // Dice of one corner differ by their marks, not only by colour.
    for attack in [true, false] {
        let corner: Vec<&String> = marks
            .iter()
            .filter(|((a, _), _)| *a == attack)
            .map(|(_, m)| m)
            .collect();
        let mut distinct = corner.clone();
        distinct.sort();
        distinct.dedup();
        assert!(corner.len() > 1, "several dice in the corner");
        assert_eq!(
            distinct.len(),
            corner.len(),
            "marks {corner:?} tell the dice apart"
        );
    }
    found
}

/// What the data asks for: (side colour, unit name) → count.
fn wanted() -> BTreeMap<(String, String), usize> {
    let (units, sides) = data();
    let mut want = BTreeMap::new();
    for side in &sides {
        for (id, n) in &side.units {
            let key = (format!("{:.2?}", side.color), units[id].name.clone());
            *want.entry(key).or_insert(0) += n;
        }
    }
    want
}

#[test]
fn every_counter_of_every_side_with_its_stats_at_each_size() {
    let want = wanted();
    assert!(want.values().sum::<usize>() > 0);
    for (arg, size) in [
        (None, 54.0),
        (Some("5/8"), 45.0),
        (Some("3/4"), 54.0),
        (Some("1"), 72.0),
    ] {
        let dir = tempfile::tempdir().expect("temp dir");
        let extra: Vec<&str> = arg.map(|a| vec!["--size", a]).unwrap_or_default();
        let pdf = counters(dir.path(), &extra);
        let found = check_fronts(&pdf, size);
        assert_eq!(found, want, "--size {arg:?}: counters per side and unit");
        let backs = check_backs(&pdf, size);
        assert_eq!(backs, want, "--size {arg:?}: backs with their stats");
    }
}

#[test]
fn counters_per_page_front_and_back_alike() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pdf = counters(dir.path(), &["--size", "1"]);
    let pages = words(&pdf).len();
    let total: usize = wanted().values().sum();
    let mut printed = 0;
    for front in (1..=pages).step_by(2) {
        let f = squares(&shapes(&pdf, front), 72.0).len();
        let b = squares(&shapes(&pdf, front + 1), 72.0).len();
        assert!(f > 0);
        assert_eq!(f, b, "page {front}: one back per front");
        // 1 in counters inside 0.5 in margins and the cut-line run: 7 x 9 on Letter at most.
        assert!(f <= 7 * 10, "page {front}: {f} counters");
        printed += f;
    }
    assert_eq!(printed, total);
}

/// Every front square has a back square behind it after the flip, naming the same unit.
fn assert_backs_mirrored(pdf: &Path, size: f64, flip: &str) {
    let pages = words(pdf);
    for front in (0..pages.len()).step_by(2) {
        let ((pw, ph), front_words) = &pages[front];
        let (_, back_words) = &pages[front + 1];
        let fronts = squares(&shapes(pdf, front + 1), size);
        let backs = squares(&shapes(pdf, front + 2), size);
        assert_eq!(fronts.len(), backs.len());
        let name = |words: &[Word], sq: &BBox| -> String {
            words
                .iter()
                .filter(|w| sq.contains(&w.bbox))
                .map(|w| w.text.clone())
                .collect::<Vec<_>>()
                .join(" ")
        };
        for f in &fronts {
            let (tx, ty) = match flip {
                "long" => (pw - f.x1, f.y0),
                _ => (f.x0, ph - f.y1),
            };
            let back = backs
                .iter()
                .find(|b| (b.x0 - tx).abs() < 0.1 * MM && (b.y0 - ty).abs() < 0.1 * MM)
                .unwrap_or_else(|| panic!("{flip}: no back behind the front at {f:?}"));
            let front_text = name(front_words, f);
            let back_text = name(back_words, back);
            assert!(!back_text.is_empty());
            // The back repeats the front (unit, stats, dice marks) and adds the side.
            let sides: Vec<String> = data()
                .1
                .iter()
                .flat_map(|s| s.name.split(' ').map(str::to_string).collect::<Vec<_>>())
                .collect();
            for word in back_text.split(' ') {
                assert!(
                    front_text.split(' ').any(|w| w == word) || sides.iter().any(|s| s == word),
                    "{flip}: the back `{back_text}` is not the front's unit `{front_text}`"
                );
            }
            for word in front_text.split(' ') {
                assert!(
                    back_text.split(' ').any(|w| w == word),
                    "{flip}: the back `{back_text}` lacks `{word}` of the front `{front_text}`"
                );
            }
        }
    }
}

#[test]
fn backs_are_mirrored_behind_their_fronts() {
    for flip in ["long", "short"] {
        for paper in ["letter", "a4"] {
            let dir = tempfile::tempdir().expect("temp dir");
            let pdf = counters(dir.path(), &["--flip", flip, "--paper", paper]);
            assert_backs_mirrored(&pdf, 54.0, flip);
        }
    }
}

#[test]
fn a4_pages_on_request() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pdf = counters(dir.path(), &["--paper", "a4"]);
    let pages = words(&pdf);
    for ((w, h), _) in &pages {
        assert!(
            (w - 595.28).abs() < 0.5 && (h - 841.89).abs() < 0.5,
            "A4, got {w} x {h}"
        );
    }
    assert_eq!(check_fronts(&pdf, 54.0), wanted());
}

/// game.toml of a copy of grid-battles with `from` replaced by `to`; the
/// diagnostics of `check` on it, and the edited text.
fn check_with(from: &str, to: &str) -> (support::Run, String) {
    let (_tmp, dir) = support::temp_game("grid-battles");
    let path = dir.join("game.toml");
    let text = std::fs::read_to_string(&path).expect("game.toml");
    assert!(text.contains(from), "the shipped game.toml has `{from}`");
    let text = text.replacen(from, to, 1);
    std::fs::write(&path, &text).expect("write game.toml");
    let run = support::grogpress(&["check", dir.to_str().expect("path"), "--format", "json"]);
    (run, text)
}

fn assert_diag_at(run: &support::Run, text: &str, id: &str, at: &str) {
    let offset = text.find(at).expect("the faulty text");
    let (line, column) = support::line_col(text, offset);
    assert_eq!(run.code, 1, "{}", run.dump());
    assert!(
        run.diags.iter().any(|d| d.id == id
            && d.file.ends_with("game.toml")
            && d.line == line
            && d.column == column),
        "expected {id} at game.toml:{line}:{column}\n{}",
        run.dump()
    );
}

#[test]
fn a_side_fielding_an_undefined_unit_is_a_dangling_reference() {
    let (run, text) = check_with(
        "units = { archer = 4, pikeman = 6, knight = 3 }",
        "units = { archer = 4, halberdier = 6, knight = 3 }",
    );
    assert_diag_at(&run, &text, "dangling-reference", "halberdier");
}

#[test]
fn a_side_colour_that_is_not_a_colour_is_a_bad_value() {
    let (run, text) = check_with("color = \"#A9C8EC\"", "color = \"light blue\"");
    assert_diag_at(&run, &text, "bad-value", "\"light blue\"");
}

#[test]
fn a_corner_naming_no_field_is_a_dangling_reference() {
    let (run, text) = check_with("top_left = \"movement\"", "top_left = \"moves\"");
    assert_diag_at(&run, &text, "dangling-reference", "\"moves\"");
}

/// A counter side without a `color` takes the colour of the game's side of
/// that name: the same counters, byte for byte, as with the colours written
/// in `[publish.counters]`. With neither, it is a located `missing-field`.
#[test]
fn counters_take_their_sides_colour() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let shipped = counters(&tmp.path().join("shipped"), &[]);
    let (_game_tmp, game) = support::temp_game("grid-battles");
    let toml = game.join("game.toml");
    let text = std::fs::read_to_string(&toml).expect("read");
    let sides = "[[sides]]\nid = \"p1\"\nname = \"Player 1\"\ncolor = \"#A9C8EC\"\n\n\
                 [[sides]]\nid = \"p2\"\nname = \"Player 2\"\ncolor = \"#F0B8A8\"\n\n";
    let first_table = text.find("\n[").expect("a table") + 1;
    let moved = format!("{}{sides}{}", &text[..first_table], &text[first_table..])
        .replace("color = \"#A9C8EC\"\nunits", "units")
        .replace("color = \"#F0B8A8\"\nunits", "units");
    std::fs::write(&toml, &moved).expect("write");
    let g = game.display().to_string();
    let out = tmp.path().join("sides");
    let run = support::grogpress(&["counters", &g, "--out", &out.display().to_string()]);
    assert_eq!(run.code, 0, "{}", run.dump());
    let from_sides = std::fs::read(out.join("grid-battles/counters.pdf")).expect("counters.pdf");
    assert!(
        from_sides == std::fs::read(&shipped).expect("shipped counters.pdf"),
        "counters differ when the colours come from [[sides]]"
    );

    let none = moved.replacen("color = \"#F0B8A8\"\n", "", 1);
    std::fs::write(&toml, &none).expect("write");
    let run = support::grogpress(&["check", &g, "--format", "json"]);
    run.exit(1);
    let at = none.rfind("name = \"Player 2\"").expect("counter side") + "name = ".len();
    let (line, col) = support::line_col(&none, at);
    run.expect("error", "missing-field", "game.toml", line, col);
}
