//! Maps from data, read back from the real outputs: every cell of a flat-top
//! hex map (Grid Battles), a square board (Grognards) and a pointy-top hex
//! map of a game that is not shipped (tests/fixtures/maps/pointy) lies where
//! the grid formulas put its centre and corners (the cells' outlines read
//! from the map's SVG); codes are printed in their cells (pdftotext of the
//! poster); the poster is the map at true scale; the tiled sheets cover the
//! whole map, neighbours overlap by the overlap asked for, each shows its
//! alignment marks and every code is whole on some sheet; the HTML
//! reference gives each map a page linked from its index; and each map
//! fault of tests/fixtures/maps/bad is reported with its id at its place.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

mod support;
use support::tools::{page_count, word_boxes};
use support::{build_ok, grogpress};

/// Room the drawing leaves round the cells (layout/map.rs), and the
/// poster's and each sheet's margin.
const DRAWING_MARGIN: f64 = 6.0;
const PAGE_MARGIN: f64 = 36.0;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[derive(Clone, Copy, Debug)]
enum Kind {
    Flat,
    Pointy,
    Square,
}

/// A grid as its data file declares it, and what the test expects of it.
struct Expect {
    game: PathBuf,
    map: &'static str,
    kind: Kind,
    columns: usize,
    rows: usize,
    size: f64,
    /// Whether the second column (flat) or row (pointy) is the lower (or
    /// further right) one.
    second_shifted: bool,
    /// The code of a cell (column, row from 0).
    code: fn(usize, usize) -> String,
}

fn grid_battles() -> Expect {
    Expect {
        game: root().join("data/grid-battles"),
        map: "scenario",
        kind: Kind::Flat,
        columns: 12,
        rows: 9,
        size: 72.0,
        second_shifted: true,
        code: |c, r| format!("{:02}{:02}", c + 1, r + 1),
    }
}

fn grognards() -> Expect {
    Expect {
        game: root().join("data/grognards"),
        map: "board",
        kind: Kind::Square,
        columns: 16,
        rows: 8,
        size: 72.0,
        second_shifted: true,
        code: |c, r| format!("{}{}", char::from(b'A' + c as u8), r + 1),
    }
}

fn pointy() -> Expect {
    Expect {
        game: root().join("tests/fixtures/maps/pointy"),
        map: "valley",
        kind: Kind::Pointy,
        columns: 14,
        rows: 14,
        size: 0.9 * 72.0,
        second_shifted: false,
        code: |c, r| format!("{}{:02}", char::from(b'A' + c as u8), r + 1),
    }
}

impl Expect {
    fn radius(&self) -> f64 {
        match self.kind {
            Kind::Square => self.size / 2f64.sqrt(),
            _ => self.size / 3f64.sqrt(),
        }
    }

    /// The centre of cell (c, r) on the drawing, by the formulas of a
    /// flat-top, pointy-top or square grid.
    fn centre(&self, c: usize, r: usize) -> (f64, f64) {
        let (s, rad, m) = (self.size, self.radius(), DRAWING_MARGIN);
        let shifted = |n: usize| (n % 2 == 1) == self.second_shifted;
        let (x, y) = match self.kind {
            Kind::Flat => (
                rad + c as f64 * 1.5 * rad,
                s / 2.0 + r as f64 * s + if shifted(c) { s / 2.0 } else { 0.0 },
            ),
            Kind::Pointy => (
                s / 2.0 + c as f64 * s + if shifted(r) { s / 2.0 } else { 0.0 },
                rad + r as f64 * 1.5 * rad,
            ),
            Kind::Square => (s / 2.0 + c as f64 * s, s / 2.0 + r as f64 * s),
        };
        (x + m, y + m)
    }

    /// The corners of cell (c, r), clockwise on the page from the first.
    fn corners(&self, c: usize, r: usize) -> Vec<(f64, f64)> {
        let (cx, cy) = self.centre(c, r);
        let (first, step, n) = match self.kind {
            Kind::Flat => (0.0, 60.0, 6),
            Kind::Pointy => (30.0, 60.0, 6),
            Kind::Square => (45.0, 90.0, 4),
        };
        (0..n)
            .map(|k| {
                let a = f64::to_radians(first + step * k as f64);
                (cx + self.radius() * a.cos(), cy + self.radius() * a.sin())
            })
            .collect()
    }

    /// The cells' width and height on the drawing, margins included.
    fn drawing(&self) -> (f64, f64) {
        let (s, rad) = (self.size, self.radius());
        let (cols, rows) = (self.columns as f64, self.rows as f64);
        let (w, h) = match self.kind {
            Kind::Flat => (2.0 * rad + (cols - 1.0) * 1.5 * rad, rows * s + s / 2.0),
            Kind::Pointy => (cols * s + s / 2.0, 2.0 * rad + (rows - 1.0) * 1.5 * rad),
            Kind::Square => (cols * s, rows * s),
        };
        (w + 2.0 * DRAWING_MARGIN, h + 2.0 * DRAWING_MARGIN)
    }

    fn out_dir(&self, out: &Path) -> PathBuf {
        let name = self.game.file_name().expect("a folder name");
        out.join(name)
    }
}

/// The corners of every cell's filled outline in the map's SVG, in the
/// order drawn (row by row): the first filled paths after the white ground.
fn cell_outlines(svg: &str, count: usize) -> Vec<Vec<(f64, f64)>> {
    let body = &svg[svg.find(r#"fill="white"/>"#).expect("the white ground")..];
    body.split("<path d=\"")
        .skip(1)
        .take(count)
        .map(|p| {
            let d = &p[..p.find('"').expect("end of d")];
            assert!(d.ends_with('Z') && d.matches('M').count() == 1, "{d}");
            d.trim_end_matches('Z')
                .split(['M', 'L'])
                .filter(|s| !s.is_empty())
                .map(|pt| {
                    let mut n = pt.split(' ').map(|v| v.parse::<f64>().expect("a number"));
                    (n.next().expect("x"), n.next().expect("y"))
                })
                .collect()
        })
        .collect()
}

fn build(expect: &Expect, out: &Path) {
    build_ok(&expect.game, out);
}

#[test]
fn every_cell_sits_where_the_grid_formulas_put_it() {
    for expect in [grid_battles(), grognards(), pointy()] {
        let tmp = tempfile::tempdir().expect("temp dir");
        build(&expect, tmp.path());
        let dir = expect.out_dir(tmp.path());
        let svg = std::fs::read_to_string(dir.join(format!("maps/{}.svg", expect.map)))
            .expect("the map's SVG");
        let (w, h) = expect.drawing();
        assert!(
            svg.contains(&format!(r#"viewBox="0 0 {} {}""#, fmt(w), fmt(h))),
            "{:?}: the SVG is {w} x {h}: {}",
            expect.kind,
            &svg[..200]
        );
        let outlines = cell_outlines(&svg, expect.columns * expect.rows);
        assert_eq!(outlines.len(), expect.columns * expect.rows);
        for r in 0..expect.rows {
            for c in 0..expect.columns {
                let got = &outlines[r * expect.columns + c];
                let want = expect.corners(c, r);
                assert_eq!(got.len(), want.len(), "{:?} cell {c},{r}", expect.kind);
                for (g, w) in got.iter().zip(&want) {
                    assert!(
                        (g.0 - w.0).abs() < 0.005 && (g.1 - w.1).abs() < 0.005,
                        "{:?} cell {c},{r}: corner at {g:?}, the formula puts it at {w:?}",
                        expect.kind
                    );
                }
                // The centre is the corners' mean.
                let n = got.len() as f64;
                let mean = (
                    got.iter().map(|p| p.0).sum::<f64>() / n,
                    got.iter().map(|p| p.1).sum::<f64>() / n,
                );
                let centre = expect.centre(c, r);
                assert!((mean.0 - centre.0).abs() < 0.005 && (mean.1 - centre.1).abs() < 0.005);
            }
        }
        // The PNG is the whole map.
        let png = std::fs::read(dir.join(format!("maps/{}.png", expect.map))).expect("PNG");
        assert_eq!(&png[1..4], b"PNG");
    }
}

/// A length as the SVG writer prints it (at most 4 decimals, no trailing zeros).
fn fmt(v: f64) -> String {
    let s = format!("{:.4}", v as f32);
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[test]
fn the_poster_is_the_map_at_true_scale_with_every_code_in_its_cell() {
    for expect in [grid_battles(), pointy()] {
        let tmp = tempfile::tempdir().expect("temp dir");
        build(&expect, tmp.path());
        let pdf = expect
            .out_dir(tmp.path())
            .join(format!("{}-map.pdf", expect.map));
        assert_eq!(page_count(&pdf), 1);
        let pages = word_boxes(&pdf);
        let ((pw, ph), words) = &pages[0];
        let (w, h) = expect.drawing();
        assert!((pw - (w + 2.0 * PAGE_MARGIN)).abs() < 0.01, "{pw} vs {w}");
        assert!((ph - (h + 2.0 * PAGE_MARGIN)).abs() < 0.01, "{ph} vs {h}");
        for r in 0..expect.rows {
            for c in 0..expect.columns {
                let code = (expect.code)(c, r);
                let (cx, cy) = expect.centre(c, r);
                let (cx, cy) = (cx + PAGE_MARGIN, cy + PAGE_MARGIN);
                let found = words.iter().any(|(word, [x0, y0, x1, y1])| {
                    *word == code
                        && ((x0 + x1) / 2.0 - cx).abs() < 0.5
                        && *y0 >= cy - expect.size / 2.0
                        && *y1 <= cy + expect.size / 2.0
                        // Grid Battles prints the code on the hex's top edge.
                        && (!matches!(expect.kind, Kind::Flat) || *y1 < cy)
                });
                assert!(found, "{code} is not printed in its cell at {cx},{cy}");
            }
        }
    }
}

#[test]
fn tiled_sheets_overlap_carry_marks_and_miss_no_cell() {
    let expect = pointy();
    let tmp = tempfile::tempdir().expect("temp dir");
    build(&expect, tmp.path());
    let pdf = expect
        .out_dir(tmp.path())
        .join(format!("{}-map-tiles.pdf", expect.map));
    // A4, half an inch of margin, 0.75 in of overlap (the map file's).
    let (paper_w, paper_h) = (595.2756, 841.8898);
    let area = (paper_w - 2.0 * PAGE_MARGIN, paper_h - 2.0 * PAGE_MARGIN);
    let overlap = 0.75 * 72.0;
    let step = (area.0 - overlap, area.1 - overlap);
    let (w, h) = expect.drawing();
    let count = |len: f64, area: f64, step: f64| ((len - area) / step).ceil() as usize + 1;
    let (columns, rows) = (count(w, area.0, step.0), count(h, area.1, step.1));
    assert_eq!((columns, rows), (2, 2), "the fixture spans 2 x 2 A4 sheets");
    assert_eq!(page_count(&pdf), columns * rows);
    let pages = word_boxes(&pdf);
    let mut whole: BTreeSet<String> = BTreeSet::new();
    for (n, ((pw, ph), words)) in pages.iter().enumerate() {
        assert!((pw - paper_w).abs() < 0.01 && (ph - paper_h).abs() < 0.01);
        let (column, row) = (n % columns, n / columns);
        let origin = (column as f64 * step.0, row as f64 * step.1);
        for (word, [x0, y0, x1, y1]) in words {
            if y0 > &(paper_h - PAGE_MARGIN) {
                continue; // the sheet's note in the foot margin
            }
            // Every word lies inside the sheet's frame.
            assert!(
                *x0 >= PAGE_MARGIN - 0.5
                    && *x1 <= PAGE_MARGIN + area.0 + 0.5
                    && *y0 >= PAGE_MARGIN - 0.5
                    && *y1 <= PAGE_MARGIN + area.1 + 0.5,
                "sheet {n}: `{word}` at {x0},{y0} is outside the frame"
            );
            // A code sits on the sheet where its cell is on the map.
            if let Some((c, r)) = cell_of(&expect, word) {
                let (cx, _) = expect.centre(c, r);
                let x = cx - origin.0 + PAGE_MARGIN;
                assert!(((x0 + x1) / 2.0 - x).abs() < 0.5, "sheet {n}: {word}");
                whole.insert(word.clone());
            }
        }
        let note = words.iter().map(|(w, _)| w.as_str()).collect::<Vec<_>>();
        assert!(
            note.windows(3)
                .any(|w| w == ["sheet", &(n + 1).to_string(), "of"]),
            "sheet {n} does not say which it is"
        );
    }
    // No cell is missing between the sheets: every code is whole on one.
    for r in 0..expect.rows {
        for c in 0..expect.columns {
            let code = (expect.code)(c, r);
            assert!(whole.contains(&code), "{code} is on no sheet whole");
        }
    }
    // Neighbouring sheets both show the cells in the overlap: a code
    // whose cell lies in the band is on both.
    let in_band = (0..expect.rows)
        .flat_map(|r| (0..expect.columns).map(move |c| (c, r)))
        .find(|&(c, r)| {
            let (cx, cy) = expect.centre(c, r);
            cx > step.0 + 15.0 && cx < area.0 - 15.0 && cy < step.1 - 30.0
        })
        .expect("a cell in the band the first two sheets share");
    let code = (expect.code)(in_band.0, in_band.1);
    for sheet in [0, 1] {
        assert!(
            pages[sheet].1.iter().any(|(w, _)| *w == code),
            "{code} is in the overlap but not on sheet {sheet}"
        );
    }
}

/// The cell a code names in the fixture's scheme (letter, two digits).
fn cell_of(expect: &Expect, word: &str) -> Option<(usize, usize)> {
    let mut chars = word.chars();
    let letter = chars.next()?;
    let row: usize = chars.as_str().parse().ok()?;
    let c = (letter as usize).checked_sub('A' as usize)?;
    (c < expect.columns && (1..=expect.rows).contains(&row) && word.len() == 3)
        .then_some((c, row - 1))
}

#[test]
fn every_sheet_shows_the_alignment_marks_its_neighbours_show() {
    use grogpress::internals::{MapFaces, TilePlan, draw_map, lay_out_tiles};
    let expect = pointy();
    let mut sources = grogpress::diag::Sources::default();
    let mut diags = grogpress::diag::Diagnostics::default();
    let game = grogpress::load::load_game(&expect.game, &mut sources, &mut diags)
        .expect("readable")
        .expect("loads");
    let assets = grogpress::publish::Assets::load(
        grogpress::load::Root::new(root()),
        &mut sources,
        &mut diags,
    )
    .expect("assets");
    let faces: MapFaces = grogpress::publish::maps::map_faces(&game, &assets).expect("a font");
    let map = &game.maps[0];
    let drawing = draw_map(map, faces, &assets.fonts, &assets.icons).expect("draws");
    let plan = TilePlan::new(&drawing, map.tiling.paper, map.tiling.overlap);
    let doc = lay_out_tiles(map, &drawing, &plan, &[], faces, &assets.fonts, &game.words);
    assert_eq!(doc.pages.len(), plan.columns * plan.rows);
    // A mark is a white disc under a stroked circle and a cross; find each
    // page's discs and take them back to the map's coordinates.
    let marks_on = |n: usize| -> Vec<(i64, i64)> {
        let (column, row) = (n % plan.columns, n / plan.columns);
        let [x, y, _, _] = plan.region(column, row);
        doc.pages[n]
            .items
            .iter()
            .filter_map(|item| match item {
                grogpress::internals::Item::Shape(s) if s.stroke.is_none() && s.clip.is_none() => {
                    match &s.geometry {
                        grogpress::internals::Geometry::Path(p) if p.len() == 6 => match p[0] {
                            grogpress::model::PathEl::MoveTo(px, py) => Some((
                                ((px - 5.0 - plan.margin + x) * 10.0).round() as i64,
                                ((py - plan.margin + y) * 10.0).round() as i64,
                            )),
                            _ => None,
                        },
                        _ => None,
                    }
                }
                _ => None,
            })
            .collect()
    };
    for row in 0..plan.rows {
        for column in 0..plan.columns {
            let n = row * plan.columns + column;
            let here = marks_on(n);
            assert!(here.len() >= 2, "sheet {n} has {} marks", here.len());
            // The right-hand and lower neighbours share two marks with it.
            let neighbours = [
                (column + 1 < plan.columns).then_some(n + 1),
                (row + 1 < plan.rows).then_some(n + plan.columns),
            ];
            for m in neighbours.into_iter().flatten() {
                let there = marks_on(m);
                let shared = here.iter().filter(|p| there.contains(p)).count();
                assert!(shared >= 2, "sheets {n} and {m} share {shared} marks");
            }
        }
    }
}

#[test]
fn the_html_reference_gives_each_map_a_page_linked_from_its_index() {
    let expect = pointy();
    let tmp = tempfile::tempdir().expect("temp dir");
    build(&expect, tmp.path());
    let html = expect.out_dir(tmp.path()).join("html");
    let index = std::fs::read_to_string(html.join("index.html")).expect("index");
    assert!(index.contains(r#"href="map-valley.html""#), "{index}");
    let page = std::fs::read_to_string(html.join("map-valley.html")).expect("the map's page");
    assert!(page.contains(r#"<img src="maps/valley.svg""#), "{page}");
    assert!(page.contains("alt=\"The Valley: 14 x 14 hexes"), "{page}");
    for name in ["Grassland", "Marsh", "Rough ground", "River", "Road"] {
        assert!(page.contains(name), "{name} is not in the legend");
    }
    let svg = std::fs::read_to_string(html.join("maps/valley.svg")).expect("the picture");
    assert!(svg.starts_with("<svg"));
}

#[test]
fn each_map_fault_is_reported_at_its_place() {
    let run = grogpress(&["check", "tests/fixtures/maps/bad", "--format", "json"]);
    run.exit(1);
    let file = "maps/bad/maps/field.toml";
    let expected = [
        ("unknown-terrain", 18, 6),
        ("cell-given-twice", 23, 32),
        ("unknown-terrain", 26, 11),
        ("cell-outside-map", 31, 10),
        ("bad-cell", 31, 18),
        ("not-neighbours", 39, 39),
        ("unknown-feature", 42, 11),
        ("not-neighbours", 43, 28),
        ("cell-outside-map", 47, 6),
    ];
    for (id, line, column) in expected {
        run.expect("error", id, file, line, column);
    }
    assert_eq!(run.diags.len(), expected.len(), "{}", run.dump());
}

#[test]
fn a_map_too_big_is_a_located_limit_not_an_allocation() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = tmp.path().join("huge");
    std::fs::create_dir_all(game.join("maps")).expect("mkdir");
    std::fs::write(
        game.join("game.toml"),
        "name = \"Huge\"\n[[maps]]\nid = \"m\"\nfile = \"maps/m.toml\"\n",
    )
    .expect("write");
    std::fs::write(
        game.join("maps/m.toml"),
        "name = \"M\"\ngrid = \"square\"\ncolumns = 2000\nrows = 2000\ncell = 9\ndefault = \"a\"\n[[terrain]]\nid = \"a\"\ncolor = \"#FFFFFF\"\n",
    )
    .expect("write");
    let run = grogpress(&["check", game.to_str().expect("path"), "--format", "json"]);
    run.exit(1);
    run.expect("error", "limit-exceeded", "maps/m.toml", 4, 8);
}

#[test]
fn a_map_name_the_fonts_cannot_print_is_an_error_not_a_caption_left_off() {
    // The name goes in the poster's caption and the sheets' notes; a
    // character the fonts lack is told, on a grid and on a map of places.
    for (grid, body) in [
        (
            "square",
            "columns = 3\nrows = 2\ncell = 36\ndefault = \"a\"\n[[terrain]]\nid = \"a\"\ncolor = \"#FFFFFF\"\n",
        ),
        (
            "points",
            "width = \"4in\"\nheight = \"3in\"\n[[features]]\nid = \"road\"\ncolor = \"#A0522D\"\n\
             [[spaces]]\nid = \"a\"\nat = [\"1in\", \"1in\"]\n[[spaces]]\nid = \"b\"\nat = [\"3in\", \"2in\"]\n\
             [[connections]]\nfrom = \"a\"\nto = \"b\"\nkind = \"road\"\n",
        ),
    ] {
        let tmp = tempfile::tempdir().expect("temp dir");
        let game = tmp.path().join("named");
        std::fs::create_dir_all(game.join("maps")).expect("mkdir");
        std::fs::write(
            game.join("game.toml"),
            "name = \"Named\"\n[[maps]]\nid = \"m\"\nfile = \"maps/m.toml\"\n",
        )
        .expect("write");
        std::fs::write(
            game.join("maps/m.toml"),
            format!("name = \"Field 戦場\"\ngrid = \"{grid}\"\n{body}"),
        )
        .expect("write");
        let run = grogpress(&["check", game.to_str().expect("path"), "--format", "json"]);
        run.exit(1);
        // At the name's value, the map's one problem.
        run.expect("error", "missing-glyph", "maps/m.toml", 1, 8);
        assert!(
            run.diags[0].message.contains("Field 戦場"),
            "{}",
            run.dump()
        );
        assert_eq!(run.diags.len(), 1, "{grid}: {}", run.dump());
    }
}
