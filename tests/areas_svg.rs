//! Area maps drawn in an SVG (issue 43): a game written here whose map of
//! 12 areas takes every shape from `maps/realm.svg` — paths with cubic and
//! quadratic borders, a `<rect>`, a `<polygon>`, a row in a translated
//! group, the canvas scaled by its viewBox, each shared border drawn by
//! both neighbours a little apart. Built and read back: every name at its
//! area's label point in the poster PDF and as a row of the HTML map page
//! joined to exactly its neighbours by shared borders; a unit set up in an
//! area by its id printed by the area's name on the set-up card and the
//! scenario page; and each fault of such a map located in the map file or
//! the SVG.

use std::path::{Path, PathBuf};

mod support;
use support::hero_game::write;
use support::tools::word_boxes;
use support::{build_ok, grogpress, line_col};

/// The areas' names; the id is the first three letters, lower case.
const NAMES: [&str; 12] = [
    "Avalon", "Brennic", "Carrow", "Dunmere", "Eskar", "Fenwold", "Gorse", "Harrow", "Ilmar",
    "Jorvik", "Kestrel", "Lorn",
];
/// The SVG's viewBox is 800 x 600 (200 units an area), its canvas 400 x
/// 300, the map 8 x 6 in: a unit of the viewBox is 0.72 pt.
const UNIT: f64 = 576.0 / 800.0;
const POSTER: f64 = 36.0 + 6.0;
/// A map of places' default name size: a quarter of the default 36 pt space.
const NAME_SIZE: f64 = 9.0;

fn id(i: usize) -> String {
    NAMES[i][..3].to_lowercase()
}

/// Whether the canonical border (top to bottom, or left to right) is a
/// curve: a vertical one between columns c and c+1 in row r when c + r is
/// even, a horizontal one under row r in column 1.
fn vertical_curved(c: usize, r: usize) -> bool {
    (c + r).is_multiple_of(2)
}

/// A small difference, drawn by area `i` at its corner `k` (none on the
/// map's edge, which must stay on it).
fn noise(i: usize, k: usize, v: f64, max: f64) -> f64 {
    if v <= 0.0 || v >= max {
        return v;
    }
    v + ((i * 7 + k * 3) % 5) as f64 * 0.06 - 0.12
}

/// One side of area `i` from `a` to `b` (viewBox units), a curve's
/// control points given in the canonical direction: the path's text
/// after the pen is at `a`, and its points (for the expected centroid).
fn side(
    i: usize,
    k: usize,
    a: (f64, f64),
    b: (f64, f64),
    controls: &[(f64, f64)],
    reversed: bool,
    dy: f64,
) -> (String, Vec<(f64, f64)>) {
    let n =
        |p: (f64, f64), j: usize| (noise(i, k + j, p.0, 800.0), noise(i, k + j + 1, p.1, 600.0));
    let b = n(b, 0);
    let mut cs: Vec<(f64, f64)> = controls.to_vec();
    if reversed {
        cs.reverse();
    }
    let cs: Vec<(f64, f64)> = cs.iter().enumerate().map(|(j, &p)| n(p, j + 5)).collect();
    let fmt = |p: (f64, f64)| format!("{:.3} {:.3}", p.0, p.1 - dy);
    let text = match cs.as_slice() {
        [] => format!("L {} ", fmt(b)),
        [c] => format!("Q {} {} ", fmt(*c), fmt(b)),
        [c1, c2] => format!("C {} {} {} ", fmt(*c1), fmt(*c2), fmt(b)),
        _ => unreachable!(),
    };
    // Sampled finely for the centroid the test expects.
    let mut pts = Vec::new();
    for s in 1..=200 {
        let t = s as f64 / 200.0;
        let u = 1.0 - t;
        let p = match cs.as_slice() {
            [] => (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t),
            [c] => (
                u * u * a.0 + 2.0 * u * t * c.0 + t * t * b.0,
                u * u * a.1 + 2.0 * u * t * c.1 + t * t * b.1,
            ),
            [c1, c2] => (
                u * u * u * a.0 + 3.0 * u * u * t * c1.0 + 3.0 * u * t * t * c2.0 + t * t * t * b.0,
                u * u * u * a.1 + 3.0 * u * u * t * c1.1 + 3.0 * u * t * t * c2.1 + t * t * t * b.1,
            ),
            _ => unreachable!(),
        };
        pts.push(p);
    }
    (text, pts)
}

/// The area `i`'s element in the SVG (its row translated when in row 2),
/// and its outline sampled finely, in viewBox units.
fn area_svg(i: usize) -> (String, Vec<(f64, f64)>) {
    let (c, r) = (i % 4, i / 4);
    let (x0, y0) = (c as f64 * 200.0, r as f64 * 200.0);
    let (x1, y1) = (x0 + 200.0, y0 + 200.0);
    let dy = if r == 2 { 400.0 } else { 0.0 };
    let id = id(i);
    if i == 4 {
        // Straight all round: a rect.
        return (
            format!(
                "<rect id=\"{id}\" x=\"{x0}\" y=\"{}\" width=\"200\" height=\"200\"/>",
                y0 - dy
            ),
            vec![(x0, y0), (x1, y0), (x1, y1), (x0, y1)],
        );
    }
    if i == 7 {
        return (
            format!("<polygon id=\"{id}\" points=\"{x0},{y0} {x1},{y0} {x1},{y1} {x0},{y1}\"/>"),
            vec![(x0, y0), (x1, y0), (x1, y1), (x0, y1)],
        );
    }
    let vertical = |x: f64, ya: f64, col: usize| -> Vec<(f64, f64)> {
        if col < 3 && vertical_curved(col, r) {
            vec![(x + 30.0, ya + 66.0), (x - 30.0, ya + 133.0)]
        } else {
            vec![]
        }
    };
    let horizontal = |y: f64, row: usize| -> Vec<(f64, f64)> {
        if c == 1 && row < 2 {
            vec![(x0 + 100.0, y + 40.0)]
        } else {
            vec![]
        }
    };
    let start = (noise(i, 0, x0, 800.0), noise(i, 1, y0, 600.0));
    let mut d = format!("M {:.3} {:.3} ", start.0, start.1 - dy);
    let mut pts = vec![(x0, y0)];
    // Top (left to right: canonical), right (top to bottom: canonical),
    // bottom (right to left: reversed), left (bottom to top: reversed).
    let top = if r > 0 { horizontal(y0, r - 1) } else { vec![] };
    let right = if c < 3 { vertical(x1, y0, c) } else { vec![] };
    let bottom = horizontal(y1, r);
    let left = if c > 0 {
        vertical(x0, y0, c - 1)
    } else {
        vec![]
    };
    let sides = [
        ((x0, y0), (x1, y0), top, false),
        ((x1, y0), (x1, y1), right, false),
        ((x1, y1), (x0, y1), bottom, true),
        ((x0, y1), (x0, y0), left, true),
    ];
    for (k, (a, b, controls, reversed)) in sides.into_iter().enumerate() {
        let (text, more) = side(i, 10 * (k + 1), a, b, &controls, reversed, dy);
        d.push_str(&text);
        pts.extend(more);
    }
    pts.pop();
    d.push('Z');
    (format!("<path id=\"{id}\" d=\"{d}\"/>"), pts)
}

/// The SVG: rows 0 and 1 at the top level, row 2 in a translated group.
fn realm_svg() -> String {
    let mut s = String::from(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"400\" height=\"300\" viewBox=\"0 0 800 600\">\n",
    );
    for i in 0..8 {
        s.push_str(&format!("  {}\n", area_svg(i).0));
    }
    s.push_str("  <g transform=\"translate(0 400)\">\n");
    for i in 8..12 {
        s.push_str(&format!("    {}\n", area_svg(i).0));
    }
    s.push_str("  </g>\n</svg>\n");
    s
}

fn realm_toml() -> String {
    let mut s = String::from(
        "name = \"Realm\"\ngrid = \"areas\"\nwidth = \"8in\"\nheight = \"6in\"\nadjacency = \"borders\"\noutlines_svg = \"realm.svg\"\n\n\
[[terrain]]\nid = \"plain\"\ncolor = \"#EFE6C8\"\nmove = { all = 1 }\n\n\
[[terrain]]\nid = \"hills\"\nname = \"Hills\"\ncolor = \"#C9B48A\"\nicon = \"tree\"\nmove = { all = 2 }\n\n",
    );
    for (i, name) in NAMES.iter().enumerate() {
        // The game's attributes (game.toml), given here and on the coast.
        let attributes = match i {
            0 => "attributes = { vp = 7 }\n",
            6 => "attributes = { port = true }\n",
            _ => "",
        };
        s.push_str(&format!(
            "[[areas]]\nid = \"{}\"\nname = \"{name}\"\nterrain = \"{}\"\n{attributes}\n",
            id(i),
            if i % 5 == 1 { "hills" } else { "plain" }
        ));
    }
    s
}

const UNITS: &str = "name = \"Units\"\n\n[[fields]]\nname = \"attack\"\nkind = \"int\"\n\n\
[[items]]\nid = \"inf\"\nname = \"Infantry\"\nattack = 4\n";

const GAME: &str = "name = \"Realm Test\"\n\n[[collections]]\nid = \"units\"\nfile = \"units.toml\"\n\n\
[[maps]]\nid = \"realm\"\nfile = \"maps/realm.toml\"\n\n[[maps]]\nid = \"coast\"\nfile = \"maps/coast.toml\"\n\n\
[[attributes]]\nid = \"vp\"\nname = \"Victory points\"\nkind = \"number\"\nshow = \"badge\"\n\n\
[[attributes]]\nid = \"port\"\nname = \"Port\"\nkind = \"yes-no\"\nshow = \"text\"\n\n[[scenarios]]\nfile = \"scenarios/opening.toml\"\n\n\
[publish]\nrulebook = false\n\n[publish.counters]\nunits = \"units\"\ntop_left = \"attack\"\ntop_right = \"attack\"\nbottom_left = \"attack\"\nbottom_right = \"attack\"\n\n\
[[publish.counters.sides]]\nname = \"Blue\"\ncolor = \"#B8C4D0\"\nunits = { inf = 2 }\n";

/// A second map of areas, of corners, giving the game's attributes too
/// (and declaring `port` again, the same way: one attribute).
const COAST: &str = "name = \"Coast\"\ngrid = \"areas\"\nwidth = \"4in\"\nheight = \"3in\"\nadjacency = \"borders\"\n\n\
[[attributes]]\nid = \"port\"\nname = \"Port\"\nkind = \"yes-no\"\nshow = \"text\"\n\n\
[[areas]]\nid = \"mor\"\nname = \"Morrow\"\noutline = [[\"0.5in\", \"0.5in\"], [\"2in\", \"0.5in\"], [\"2in\", \"2.5in\"], [\"0.5in\", \"2.5in\"]]\nattributes = { vp = 9 }\n\n\
[[areas]]\nid = \"sal\"\nname = \"Saltmarsh\"\noutline = [[\"2in\", \"0.5in\"], [\"3.5in\", \"0.5in\"], [\"3.5in\", \"2.5in\"], [\"2in\", \"2.5in\"]]\nattributes = { port = true }\n";

/// A unit set up in Dunmere, by its id.
const OPENING: &str = "name = \"Opening\"\nturns = 4\n\n[[setup]]\nside = \"Blue\"\nhex = \"dun\"\nunits = [\"inf\"]\n\n\
[[reinforcements]]\nside = \"Blue\"\nturn = 2\nhex = \"kes\"\nunits = [\"inf\"]\n";

fn write_game(dir: &Path, extra: &[(&str, String)]) -> PathBuf {
    let mut files: Vec<(&str, String)> = vec![
        ("game.toml", GAME.to_string()),
        ("units.toml", UNITS.to_string()),
        ("maps/realm.toml", realm_toml()),
        ("maps/realm.svg", realm_svg()),
        ("maps/coast.toml", COAST.to_string()),
        ("scenarios/opening.toml", OPENING.to_string()),
    ];
    for (path, text) in extra {
        files.retain(|(p, _)| p != path);
        files.push((path, text.clone()));
    }
    let files: Vec<(&str, &[u8])> = files.iter().map(|(p, t)| (*p, t.as_bytes())).collect();
    write(dir, "realm", &files)
}

/// The centroid of a polygon.
fn centroid(pts: &[(f64, f64)]) -> (f64, f64) {
    let (mut a, mut cx, mut cy) = (0.0, 0.0, 0.0);
    for i in 0..pts.len() {
        let (p, q) = (pts[i], pts[(i + 1) % pts.len()]);
        let k = p.0 * q.1 - q.0 * p.1;
        a += k;
        cx += (p.0 + q.0) * k;
        cy += (p.1 + q.1) * k;
    }
    (cx / (3.0 * a), cy / (3.0 * a))
}

/// The neighbours of area `i` in the 4 x 3 layout.
fn neighbours(i: usize) -> Vec<usize> {
    let (c, r) = (i % 4, i / 4);
    let mut out = Vec::new();
    if c > 0 {
        out.push(i - 1);
    }
    if c < 3 {
        out.push(i + 1);
    }
    if r > 0 {
        out.push(i - 4);
    }
    if r < 2 {
        out.push(i + 4);
    }
    out
}

#[test]
fn areas_drawn_in_an_svg_are_named_at_their_middles_and_joined_by_their_borders() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = write_game(tmp.path(), &[]);
    let out = tmp.path().join("out");
    let run = build_ok(&game, &out);
    assert!(
        run.with_id("place-overlap").is_empty() && run.with_id("bad-outline").is_empty(),
        "{}",
        run.dump()
    );
    let dir = out.join("realm");
    let pages = word_boxes(&dir.join("realm-map.pdf"));
    for (i, name) in NAMES.iter().enumerate() {
        let (x, y) = centroid(&area_svg(i).1);
        let (x, y) = (POSTER + x * UNIT, POSTER + y * UNIT);
        let found: Vec<_> = pages[0].1.iter().filter(|w| w.0 == *name).collect();
        assert_eq!(found.len(), 1, "{name} printed once: {found:?}");
        let b = found[0].1;
        let cx = (b[0] + b[2]) / 2.0;
        assert!((cx - x).abs() < 1.5, "{name}: x {cx} vs {x}");
        assert!(
            b[1] < y + NAME_SIZE && b[3] > y - NAME_SIZE,
            "{name}: {}..{} vs {y}",
            b[1],
            b[3]
        );
    }
    // The HTML map page: a row per area joined to exactly its neighbours.
    let html = std::fs::read_to_string(dir.join("html/map-realm.html")).expect("map page");
    for (i, name) in NAMES.iter().enumerate() {
        let row_at = html
            .find(&format!(
                "<tr id=\"place-{}\"><th scope=\"row\">{name}</th>",
                id(i)
            ))
            .unwrap_or_else(|| panic!("{name}'s row"));
        let row = &html[row_at..row_at + html[row_at..].find("</tr>").expect("row end")];
        let near = neighbours(i);
        for (j, other) in NAMES.iter().enumerate() {
            let link = format!("<a href=\"#place-{}\">{other}</a>", id(j));
            assert_eq!(
                row.contains(&link),
                near.contains(&j),
                "{name} and {other}: {row}"
            );
        }
    }
    assert!(html.contains("12 areas"), "the page counts the areas");

    // The game's attributes on both maps: the badges' numbers and a
    // column of each map's table of places.
    let words_of = |pdf: &str| -> Vec<String> {
        word_boxes(&dir.join(pdf))[0]
            .1
            .iter()
            .map(|w| w.0.clone())
            .collect()
    };
    assert!(words_of("realm-map.pdf").contains(&"7".to_string()));
    assert!(words_of("coast-map.pdf").contains(&"9".to_string()));
    assert!(words_of("coast-map.pdf").contains(&"Port".to_string()));
    let coast = std::fs::read_to_string(dir.join("html/map-coast.html")).expect("coast page");
    for page in [&html, &coast] {
        assert!(page.contains("<th scope=\"col\">Victory points</th>"));
        assert!(page.contains("<th scope=\"col\">Port</th>"));
    }

    // The HTML swatches of Hills draw its icon, told to screen readers:
    // in the map's terrain legend and its terrain effects chart.
    let tree = html.matches("<path class=\"swatch-icon\"").count();
    assert_eq!(tree, 2, "the legend's and the chart's Hills swatch");
    assert!(html.contains("<span class=\"visually-hidden\">, tree icon</span></td>"));
    assert!(html.contains("<span class=\"visually-hidden\"> (tree icon)</span> Hills</th>"));

    // The set-up card and the scenario page name the area, not its id.
    let card = word_boxes(&dir.join("opening-setup.pdf"));
    let words: Vec<&str> = card
        .iter()
        .flat_map(|p| p.1.iter().map(|w| w.0.as_str()))
        .collect();
    assert!(words.contains(&"Dunmere"), "{words:?}");
    assert!(words.contains(&"Kestrel"), "{words:?}");
    assert!(
        !words.contains(&"dun") && !words.contains(&"kes"),
        "{words:?}"
    );
    let page = std::fs::read_to_string(dir.join("html/scenario-opening.html")).expect("page");
    assert!(page.contains(">Dunmere</span>"), "the set-up place");
    assert!(page.contains("Kestrel"), "the arrival's place");
    assert!(!page.contains(">dun</span>"));
}

fn check(game: &Path) -> support::Run {
    grogpress(&["check", game.to_str().expect("path"), "--format", "json"])
}

#[test]
fn each_fault_of_an_svg_of_areas_is_located() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let mut toml = realm_toml();
    toml.push_str(
        "[[areas]]\nid = \"ghost\"\n\n[[areas]]\nid = \"flat\"\n\n[[areas]]\nid = \"dot\"\n\n",
    );
    let mut svg = realm_svg();
    let extra = "  <path id=\"stray\" d=\"M 700 500 L 790 500 L 790 590 Z\"/>\n\
  <path id=\"flat\" d=\"M 10 590 L 50 590 L 90 590 Z\"/>\n\
  <path id=\"dot\" d=\"M 10 10\"/>\n";
    svg = svg.replace("</svg>", &format!("{extra}</svg>"));
    let game = write_game(
        tmp.path(),
        &[
            ("maps/realm.toml", toml.clone()),
            ("maps/realm.svg", svg.clone()),
        ],
    );
    let run = check(&game);
    let (l, c) = line_col(&toml, toml.find("\"ghost\"").expect("ghost"));
    run.expect("error", "missing-outline", "maps/realm.toml", l, c);
    let at = |needle: &str| line_col(&svg, svg.find(needle).expect("in the svg"));
    let (l, c) = at("<path id=\"stray\"");
    run.expect("warning", "unused-outline", "maps/realm.svg", l, c);
    let (l, c) = at("<path id=\"flat\"");
    run.expect("error", "bad-outline", "maps/realm.svg", l, c);
    let (l, c) = at("<path id=\"dot\"");
    run.expect("error", "bad-outline", "maps/realm.svg", l, c);
    // `flat` (a shape with no inside) is also joined to nothing.
    run.only_ids(&[
        "missing-outline",
        "unused-outline",
        "bad-outline",
        "unconnected-place",
    ]);
    assert_eq!(run.with_id("bad-outline").len(), 2, "{}", run.dump());

    // An SVG that is not XML: told where it fails.
    let tmp = tempfile::tempdir().expect("temp dir");
    let broken = realm_svg().replace("</g>", "</q>");
    let game = write_game(tmp.path(), &[("maps/realm.svg", broken.clone())]);
    let run = check(&game);
    run.exit(1);
    assert_eq!(run.with_id("bad-image").len(), 1, "{}", run.dump());
    let d = run.with_id("bad-image")[0];
    assert!(d.file.ends_with("maps/realm.svg"), "{}", run.dump());
    let (l, _) = line_col(&broken, broken.find("</q>").expect("the bad tag"));
    assert_eq!(d.line, l, "{}", run.dump());
    // No area is also reported as missing its outline, nor the scenario's
    // places as unknown.
    run.only_ids(&["bad-image"]);

    // An SVG outside the game folder is not read.
    let tmp = tempfile::tempdir().expect("temp dir");
    std::fs::write(tmp.path().join("outside.svg"), realm_svg()).expect("write");
    // A connection and the scenario name its areas: they are left out,
    // and not told again as places the map does not have.
    let mut toml = realm_toml().replace("\"realm.svg\"", "\"../../outside.svg\"");
    toml.push_str(&format!(
        "[[connections]]\nfrom = \"{}\"\nto = \"{}\"\nkind = \"sea\"\n\n\
         [[features]]\nid = \"sea\"\nname = \"Sea\"\ncolor = \"#3060C0\"\n",
        id(0),
        NAMES[5]
    ));
    let game = write_game(tmp.path(), &[("maps/realm.toml", toml.clone())]);
    let run = check(&game);
    let (l, c) = line_col(&toml, toml.find("\"../../outside.svg\"").expect("key"));
    run.expect("error", "path-outside-game", "maps/realm.toml", l, c);
    run.only_ids(&["path-outside-game"]);

    // One over the size an SVG may be: not read, told at the key.
    let tmp = tempfile::tempdir().expect("temp dir");
    let mut huge = realm_svg();
    huge.push_str(&" ".repeat(8 * 1024 * 1024 + 1 - huge.len()));
    let game = write_game(tmp.path(), &[("maps/realm.svg", huge)]);
    let run = check(&game);
    let toml = realm_toml();
    let (l, c) = line_col(&toml, toml.find("\"realm.svg\"").expect("key"));
    run.expect("error", "limit-exceeded", "maps/realm.toml", l, c);
    assert!(run.with_id("missing-outline").is_empty(), "{}", run.dump());
}

#[test]
fn an_attribute_declared_again_differently_is_located_at_the_second() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let coast = COAST.replacen(
        "kind = \"yes-no\"\nshow = \"text\"",
        "kind = \"yes-no\"\nshow = \"icon\"\nicon = \"shield\"",
        1,
    );
    let game = write_game(tmp.path(), &[("maps/coast.toml", coast.clone())]);
    let run = check(&game);
    let (l, c) = line_col(&coast, coast.find("\"port\"").expect("the id"));
    run.expect("error", "conflicting-attribute", "maps/coast.toml", l, c);
    run.only_ids(&["conflicting-attribute"]);

    // Twice in game.toml: at the second.
    let tmp = tempfile::tempdir().expect("temp dir");
    let toml = GAME.replacen(
        "[[scenarios]]",
        "[[attributes]]\nid = \"vp\"\nkind = \"text\"\n\n[[scenarios]]",
        1,
    );
    let game = write_game(tmp.path(), &[("game.toml", toml.clone())]);
    let run = check(&game);
    let second = toml
        .match_indices("id = \"vp\"")
        .nth(1)
        .expect("the second")
        .0
        + 5;
    let (l, c) = line_col(&toml, second);
    run.expect("error", "conflicting-attribute", "game.toml", l, c);
}
