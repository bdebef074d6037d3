//! Maps of places (issue 43): a point-to-point map of 25 spaces and 40
//! connections and an area map of 12 regions, written here
//! (tests/support/places_game.rs), built, and read back from the real
//! outputs: every place's name at its place in the poster PDF (pdftotext
//! -bbox) and in the SVG's text layer, and as an anchored row of the HTML
//! map page, joined to its neighbours; and each fault of such a map
//! reported with its id at its line and column.

use std::path::Path;

mod support;
use support::places_game::{
    self, NAME_SIZE, PROVINCES, SPACE, TOWNS, links, middle, province_outline, space_at,
};
use support::tools::word_boxes;
use support::{build_ok, grogpress, line_col};

/// The poster's margin plus the drawing's (layout/map.rs).
const POSTER: f64 = 36.0 + 6.0;
const DRAWING: f64 = 6.0;

/// The word `name` on the first page, as (centre x, top, bottom).
fn word_at(pdf: &Path, name: &str) -> Vec<(f64, f64, f64)> {
    let pages = word_boxes(pdf);
    pages[0]
        .1
        .iter()
        .filter(|w| w.0 == name)
        .map(|w| ((w.1[0] + w.1[2]) / 2.0, w.1[1], w.1[3]))
        .collect()
}

/// The SVG's text layer: (text, centre x, baseline).
fn svg_texts(svg: &str) -> Vec<(String, f64, f64)> {
    let layer = &svg[svg
        .find("<g class=\"place-names\"")
        .expect("the names layer")..];
    layer
        .split("<text ")
        .skip(1)
        .map(|t| {
            let num = |k: &str| {
                let at = t.find(&format!("{k}=\"")).expect("attr") + k.len() + 2;
                t[at..at + t[at..].find('"').expect("end")]
                    .parse::<f64>()
                    .expect("a number")
            };
            let text = &t[t.find('>').expect(">") + 1..t.find("</text>").expect("end")];
            (
                text.to_string(),
                num("x") + num("textLength") / 2.0,
                num("y"),
            )
        })
        .collect()
}

#[test]
fn every_space_and_area_is_named_at_its_place_in_the_pdf_svg_and_html() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = places_game::write(tmp.path());
    let out = tmp.path().join("out");
    build_ok(&game, &out);
    let dir = out.join("places");
    assert_eq!(TOWNS.len(), 25);
    assert_eq!(links().len(), 40);

    // The poster: each space's name centred under its circle.
    let pdf = dir.join("front-map.pdf");
    let svg = std::fs::read_to_string(dir.join("maps/front.svg")).expect("svg");
    let texts = svg_texts(&svg);
    for (i, town) in TOWNS.iter().enumerate() {
        let (x, y) = space_at(i);
        let found = word_at(&pdf, town);
        assert_eq!(found.len(), 1, "{town} printed once: {found:?}");
        let (cx, top, bottom) = found[0];
        assert!(
            (cx - (POSTER + x)).abs() < 1.0,
            "{town}: x {cx} vs {}",
            POSTER + x
        );
        let below = POSTER + y + SPACE / 2.0;
        assert!(
            top >= below - 0.5 && bottom <= below + 2.0 * NAME_SIZE,
            "{town}: {top}..{bottom} is not just under the circle ending at {below}"
        );
        let &(_, sx, sy) = texts
            .iter()
            .find(|t| t.0 == *town)
            .unwrap_or_else(|| panic!("{town} in the SVG's text"));
        assert!((sx - (DRAWING + x)).abs() < 1.0, "{town}: SVG x {sx}");
        assert!(sy > DRAWING + y + SPACE / 2.0 && sy < DRAWING + y + SPACE / 2.0 + 2.0 * NAME_SIZE);
    }
    // The badges' numbers and the text attribute print too.
    assert_eq!(word_at(&pdf, "FR").len(), 5);
    // The legend keys connections and attributes too: not a terrain key.
    assert_eq!(word_at(&pdf, "Key").len(), 1, "the legend's heading");
    assert!(word_at(&pdf, "Terrain").is_empty(), "no \"Terrain Key\"");

    // The HTML page: a row per space, anchored, linked to its neighbours.
    let html = std::fs::read_to_string(dir.join("html/map-front.html")).expect("map page");
    for (i, town) in TOWNS.iter().enumerate() {
        let row_at = html
            .find(&format!(
                "<tr id=\"place-{}\"><th scope=\"row\">{town}</th>",
                town.to_lowercase()
            ))
            .unwrap_or_else(|| panic!("{town}'s row"));
        let row = &html[row_at..row_at + html[row_at..].find("</tr>").expect("row end")];
        for (a, b, _) in links() {
            let other = match (a == i, b == i) {
                (true, _) => b,
                (_, true) => a,
                _ => continue,
            };
            let link = format!(
                "<a href=\"#place-{}\">{}</a>",
                TOWNS[other].to_lowercase(),
                TOWNS[other]
            );
            assert!(row.contains(&link), "{town} links {link}: {row}");
        }
    }
    assert!(html.contains("25 spaces, 40 connections, 10 x 8 in"));
    // The features' key draws each kind of line as the map does.
    let key_line = |name: &str| {
        let at = html
            .find(&format!("</svg> {name}</li>"))
            .or_else(|| html.find(&format!("</span> {name}</li>")))
            .unwrap_or_else(|| panic!("{name} in the key"));
        let start = html[..at].rfind("<li>").expect("its item");
        html[start..at].to_string()
    };
    let (rail, road, strait) = (key_line("Railway"), key_line("Road"), key_line("Strait"));
    assert!(
        rail.contains("M0 5.5H24M0 10.5H24") && rail.contains("(double)"),
        "{rail}"
    );
    assert!(
        road.contains("<rect") && !road.contains("dasharray"),
        "{road}"
    );
    assert!(
        strait.contains("stroke-dasharray") && strait.contains("(dashed)"),
        "{strait}"
    );

    // The area map: each name at the middle of its region.
    let pdf = dir.join("provinces-map.pdf");
    let svg = std::fs::read_to_string(dir.join("maps/provinces.svg")).expect("svg");
    let texts = svg_texts(&svg);
    let html = std::fs::read_to_string(dir.join("html/map-provinces.html")).expect("page");
    for (i, name) in PROVINCES.iter().enumerate() {
        let (x, y) = middle(&province_outline(i));
        let found = word_at(&pdf, name);
        assert_eq!(found.len(), 1, "{name}: {found:?}");
        let (cx, top, bottom) = found[0];
        assert!((cx - (POSTER + x)).abs() < 1.0, "{name}: x {cx}");
        assert!(
            top < POSTER + y + NAME_SIZE && bottom > POSTER + y - NAME_SIZE,
            "{name}: y"
        );
        let &(_, sx, sy) = texts.iter().find(|t| t.0 == *name).expect("in the SVG");
        assert!((sx - (DRAWING + x)).abs() < 1.0 && (sy - (DRAWING + y)).abs() < NAME_SIZE);
        assert!(html.contains(&format!(
            "<tr id=\"place-{}\"><th scope=\"row\">{name}</th>",
            name.to_lowercase()
        )));
    }
    // Adjacency from shared borders: Bree (1) borders Avalon, Cair and Fornost.
    let row_at = html.find("<tr id=\"place-bree\">").expect("bree");
    let row = &html[row_at..row_at + html[row_at..].find("</tr>").expect("end")];
    for n in ["Avalon", "Cair", "Fornost"] {
        assert!(row.contains(&format!(">{n}</a>")), "{row}");
    }
    assert!(!row.contains(">Esgar</a>"), "{row}");
}

/// A game whose front map holds `front`; checked; its diagnostics.
fn check_front(front: &str) -> support::Run {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = places_game::write(tmp.path());
    std::fs::write(game.join("maps/front.toml"), front).expect("write");
    grogpress(&["check", game.to_str().expect("path"), "--format", "json"])
}

/// (line, column) of the `nth` (from 0) occurrence of `needle`.
fn at(text: &str, needle: &str, nth: usize) -> (usize, usize) {
    let offset = text
        .match_indices(needle)
        .nth(nth)
        .unwrap_or_else(|| panic!("{needle} #{nth}"))
        .0;
    line_col(text, offset)
}

#[test]
fn each_fault_of_a_point_to_point_map_is_located() {
    let mut front = places_game::front_toml();
    // A connection to a place that does not exist.
    front.push_str("[[connections]]\nfrom = \"paris\"\nto = \"Verdun\"\nkind = \"road\"\n\n");
    // The same two spaces joined again, the other way round.
    front.push_str("[[connections]]\nfrom = \"brest\"\nto = \"amiens\"\nkind = \"rail\"\n\n");
    // A space joined to nothing, overlapping Amiens.
    front.push_str("[[spaces]]\nid = \"lille\"\nat = [\"80pt\", \"70pt\"]\n\n");
    // A space off the map, with an attribute the map does not declare.
    front.push_str(
        "[[spaces]]\nid = \"rouen\"\nat = [\"10in\", \"5in\"]\nattributes = { vps = 2 }\n\n",
    );
    front.push_str("[[connections]]\nfrom = \"rouen\"\nto = \"lille\"\nkind = \"road\"\n\n");
    // A grid's key on a map of places.
    front = front.replacen(
        "space = \"0.6in\"\n",
        "space = \"0.6in\"\ncolumns = 12\n",
        1,
    );
    let run = check_front(&front);
    let file = "maps/front.toml";
    let (l, c) = at(&front, "\"Verdun\"", 0);
    run.expect("error", "unknown-place", file, l, c);
    let dup = front.match_indices("[[connections]]").count() - 2;
    let (l, c) = at(&front, "[[connections]]", dup);
    run.expect("error", "duplicate-connection", file, l, c);
    let (l, c) = at(&front, "[\"80pt\", \"70pt\"]", 0);
    run.expect("error", "place-overlap", file, l, c);
    let (l, c) = at(&front, "[\"10in\", \"5in\"]", 0);
    run.expect("error", "place-off-map", file, l, c);
    let (l, c) = at(&front, "vps", 0);
    run.expect("error", "unknown-attribute", file, l, c);
    let (l, c) = at(&front, "columns", 0);
    run.expect("error", "wrong-map-key", file, l, c);
    run.only_ids(&[
        "unknown-place",
        "duplicate-connection",
        "place-overlap",
        "place-off-map",
        "unknown-attribute",
        "wrong-map-key",
        "unconnected-place",
        "label-overlap",
        "areas-not-adjacent",
    ]);

    // A space joined to nothing: a warning, the game otherwise clean.
    let mut lonely = places_game::front_toml();
    lonely.push_str("[[spaces]]\nid = \"lille\"\nat = [\"9.6in\", \"0.35in\"]\n");
    let run = check_front(&lonely);
    let (l, c) = at(&lonely, "\"lille\"", 0);
    run.expect("warning", "unconnected-place", file, l, c);
    run.only_ids(&["unconnected-place", "areas-not-adjacent"]);
    run.exit(0);
}

#[test]
fn each_fault_of_an_area_map_is_located() {
    let mut provinces = places_game::provinces_toml();
    // A bow tie, and an area overlapping Avalon.
    provinces.push_str(
        "\n[[areas]]\nid = \"bow\"\noutline = [[\"0pt\", \"400pt\"], [\"60pt\", \"430pt\"], [\"60pt\", \"400pt\"], [\"0pt\", \"430pt\"]]\n\n\
[[areas]]\nid = \"over\"\noutline = [[\"50pt\", \"50pt\"], [\"100pt\", \"50pt\"], [\"100pt\", \"100pt\"], [\"50pt\", \"100pt\"]]\n\n\
[[areas]]\nid = \"line\"\noutline = [[\"500pt\", \"420pt\"], [\"520pt\", \"420pt\"], [\"540pt\", \"420pt\"]]\n",
    );
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = places_game::write(tmp.path());
    std::fs::write(game.join("maps/provinces.toml"), &provinces).expect("write");
    let run = grogpress(&["check", game.to_str().expect("path"), "--format", "json"]);
    let file = "maps/provinces.toml";
    let outline = |id: &str| {
        let from = provinces.find(&format!("id = \"{id}\"")).expect("the area");
        let offset = from + provinces[from..].find("[[\"").expect("its outline");
        line_col(&provinces, offset)
    };
    let (l, c) = outline("bow");
    run.expect("error", "bad-outline", file, l, c);
    let (l, c) = outline("line");
    run.expect("error", "bad-outline", file, l, c);
    let (l, c) = outline("over");
    run.expect("error", "place-overlap", file, l, c);
    // The sea crossing joins two areas that share no border.
    let (l, c) = at(&provinces, "[[connections]]", 0);
    run.expect("warning", "areas-not-adjacent", file, l, c);
    run.only_ids(&[
        "bad-outline",
        "place-overlap",
        "areas-not-adjacent",
        "unconnected-place",
        "label-overlap",
    ]);
}

/// A `width` given but too long is that error alone, not also "missing".
#[test]
fn a_too_long_width_is_one_error_at_its_value() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("wide");
    std::fs::create_dir_all(dir.join("maps")).expect("mkdir");
    std::fs::write(
        dir.join("game.toml"),
        "name = \"Wide\"\n\n[[maps]]\nid = \"front\"\nfile = \"maps/front.toml\"\n",
    )
    .expect("write");
    let map = "name = \"Front\"\ngrid = \"points\"\nwidth = \"100000in\"\nheight = \"5in\"\n";
    std::fs::write(dir.join("maps/front.toml"), map).expect("write");
    let run = grogpress(&["check", dir.to_str().expect("path"), "--format", "json"]);
    run.exit(1);
    let (line, column) = line_col(map, map.find("\"100000in\"").expect("value"));
    run.expect("error", "limit-exceeded", "front.toml", line, column);
    run.only_ids(&["limit-exceeded"]);
}
