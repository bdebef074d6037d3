//! Layout: a map at true scale — each cell filled in its terrain's colour
//! (with its pattern or icon), the grid's lines, features along sides and
//! through cells, each cell's code and the map's labels — as positioned
//! items; then on one poster page, or tiled across sheets of paper with
//! overlapping edges, a trim frame and alignment marks so the sheets can be
//! taped together. Input: a loaded map, fonts and icons; output: items and
//! [`Doc`]s. Pure: no file or clock access.

use super::doc::{Doc, Geometry, Ink, Item, Page, Shape, Stroke, TextItem};
use super::map_legend::{LegendRow, legend_height};
use crate::diag::Diagnostic;
use crate::model::map::{Cell, CodePlace, Grid, GridKind, Pattern, Route};
use crate::model::{Icon, Map, PathEl, Rgb};
use crate::text::{FaceId, FontBook, Words};

/// A map drawn at true scale: its items with the map's top-left corner at
/// (`margin`, `margin`), on a `width` x `height` canvas.
#[derive(Clone, Debug, PartialEq)]
pub struct MapDrawing {
    pub width: f32,
    pub height: f32,
    pub margin: f32,
    pub items: Vec<Item>,
    /// On a map of places, where each place's marks print (on the
    /// drawing); empty on a grid.
    pub places: Vec<super::places::PlaceMarks>,
}

/// The faces a map's text is set in.
#[derive(Clone, Copy, Debug)]
pub struct MapFaces {
    pub code: FaceId,
    pub label: FaceId,
}

/// Room around the cells on the drawing, for lines that run over its edge.
const DRAWING_MARGIN: f32 = 6.0;
const GRID_LINE: f32 = 0.5;

/// Draws the map; text whose characters the font lacks is an error.
pub fn draw_map(
    map: &Map,
    faces: MapFaces,
    book: &FontBook,
    icons: &[Icon],
) -> Result<MapDrawing, Vec<Diagnostic>> {
    let grid = &map.grid;
    let m = DRAWING_MARGIN;
    let (w, h) = map.extent();
    // The map's name is printed in its caption (the labels' face) and in
    // its sheets' notes (the codes' face): a character either lacks would
    // leave the line off.
    let name_lacks = [faces.label, faces.code]
        .iter()
        .any(|&face| map.name.chars().any(|c| book.face(face).glyph(c).is_none()));
    let name_problem = name_lacks.then(|| missing_glyph(&map.name, map.name_loc));
    if let Some(places) = &map.places {
        let (mut items, marks) = super::places::draw_places(map, places, faces, book, icons, m)
            .map_err(|mut problems| {
                problems.extend(name_problem.clone());
                problems
            })?;
        // Tracks and boxes on a map of places: over it, as on a grid, and
        // off the places' names, badges and spaces.
        let mut problems: Vec<Diagnostic> = name_problem.into_iter().collect();
        items.extend(super::tracks::map_parts(
            map,
            super::tracks::Keep {
                margin: m,
                codes: &[],
                labels: &[],
                places: &marks,
            },
            faces,
            book,
            &mut problems,
        ));
        if !problems.is_empty() {
            return Err(problems);
        }
        return Ok(MapDrawing {
            width: w + 2.0 * m,
            height: h + 2.0 * m,
            margin: m,
            items,
            places: marks,
        });
    }
    let mut items = Vec::with_capacity(grid.cell_count() * 3);
    let terrain = map.terrain_of_cells();
    let at = |(x, y): (f32, f32)| (x + m, y + m);
    let outline =
        |cell: Cell| -> Vec<(f32, f32)> { grid.outline(cell).into_iter().map(at).collect() };
    for cell in grid.cells() {
        let Some(t) = map.terrain.get(terrain[grid.index(cell)]) else {
            continue;
        };
        items.push(Geometry::Path(polygon(&outline(cell))).filled(Ink::Rgb(t.color)));
    }
    for cell in grid.cells() {
        let Some(t) = map.terrain.get(terrain[grid.index(cell)]) else {
            continue;
        };
        let ink = Ink::Rgb(darker(t.color));
        let pattern = pattern_path(&outline(cell), t.pattern, grid.size);
        if !pattern.is_empty() {
            items.push(Geometry::Path(pattern).filled(ink));
        }
        if let Some(icon) = t
            .icon
            .as_ref()
            .and_then(|n| icons.iter().find(|i| i.name == n.value))
        {
            let size = grid.size * 0.45;
            let (cx, cy) = at(grid.centre(cell));
            items.push(
                Geometry::Path(icon.placed(cx - size / 2.0, cy - size / 2.0, size)).filled(ink),
            );
        }
    }
    // The grid's lines, a path a row, so a tile draws only the rows it shows.
    for r in 0..grid.rows {
        let mut path = Vec::new();
        for c in 0..grid.columns {
            path.extend(polygon(&outline((c, r))));
        }
        items.push(Geometry::Path(path).stroked(Stroke::solid(GRID_LINE)));
    }
    for feature in &map.features {
        let Some(kind) = map.feature_kind(&feature.kind.value) else {
            continue;
        };
        let mut path = Vec::new();
        match &feature.route {
            Route::Sides(sides) => {
                for (a, b) in sides {
                    let (Some(a), Some(b)) = (map.cell(a), map.cell(b)) else {
                        continue;
                    };
                    let Some(k) = grid.side_between(a, b) else {
                        continue;
                    };
                    let p = at(grid.corner(a, k));
                    let q = at(grid.corner(a, (k + 1) % grid.corners()));
                    thick_line(&mut path, p, q, kind.width);
                }
            }
            Route::Through(cells) => {
                let cells: Vec<Cell> = cells.iter().filter_map(|c| map.cell(c)).collect();
                for pair in cells.windows(2) {
                    thick_line(
                        &mut path,
                        at(grid.centre(pair[0])),
                        at(grid.centre(pair[1])),
                        kind.width,
                    );
                }
            }
        }
        if !path.is_empty() {
            items.push(Geometry::Path(path).filled(Ink::Rgb(kind.color)));
        }
    }
    let mut problems: Vec<Diagnostic> = name_problem.into_iter().collect();
    // Where each code is printed, by cell: what a label must keep clear of.
    let mut code_boxes: Vec<Option<[f32; 4]>> = Vec::new();
    if map.coordinates.place != CodePlace::None {
        let size = map.coordinates.size;
        let face = book.face(faces.code);
        code_boxes = vec![None; grid.cell_count()];
        for cell in grid.cells() {
            let code = map.coordinates.code(cell);
            let (cx, cy) = at(grid.centre(cell));
            let baseline = code_baseline(grid, map.coordinates.place, cy, size);
            match centred_text(book, faces.code, size, &code, cx, baseline) {
                Some(mut item) => {
                    code_boxes[grid.index(cell)] = Some([
                        item.x,
                        baseline - face.ascent(size),
                        item.x + item.width,
                        baseline + face.descent(size),
                    ]);
                    let ground = map.terrain.get(terrain[grid.index(cell)]).map(|t| t.color);
                    item.ink = ground.and_then(ink_on);
                    items.push(Item::Text(item));
                }
                None => {
                    problems.push(missing_glyph(&code, map.loc));
                    break;
                }
            }
        }
    }
    let mut placed: Vec<([f32; 4], &crate::model::map::MapLabel)> = Vec::new();
    for label in &map.labels {
        let Some(cell) = map.cell(&label.at) else {
            continue;
        };
        let (cx, cy) = at(grid.centre(cell));
        let Some(text) = centred_text(book, faces.label, label.size, &label.text.value, cx, 0.0)
        else {
            problems.push(missing_glyph(&label.text.value, label.text.loc));
            continue;
        };
        let pad = label.size * 0.25;
        // The label's box with its baseline at `baseline`.
        let boxed = |baseline: f32| {
            let top = baseline - label.size * 0.8 - pad;
            [
                text.x - pad,
                top,
                text.x + text.width + pad,
                top + label.size + 2.0 * pad,
            ]
        };
        let centred = cy + label.size * 0.35;
        // A hair of room round each code, so a label never touches one.
        let codes: Vec<[f32; 4]> = code_boxes
            .iter()
            .flatten()
            .map(|c| {
                [
                    c[0] - CODE_ROOM,
                    c[1] - CODE_ROOM,
                    c[2] + CODE_ROOM,
                    c[3] + CODE_ROOM,
                ]
            })
            .collect();
        let covers_code = |b: &[f32; 4]| codes.iter().any(|c| overlaps(b, c));
        // At the centre, else the nearest place below or above it where
        // its box just clears a code or a label (the edges of what is in
        // its way), at most two fifths of a cell away; below first.
        let wide = boxed(centred);
        let mut candidates: Vec<f32> = codes
            .iter()
            .chain(placed.iter().map(|(p, _)| p))
            .filter(|o| o[0] < wide[2] && wide[0] < o[2])
            .flat_map(|o| [o[3] + label.size * 0.8 + pad, o[1] - label.size * 0.2 - pad])
            .filter(|b| (b - centred).abs() <= grid.size * 0.4)
            .collect();
        candidates.sort_by(|a, b| {
            let (da, db) = ((a - centred).abs(), (b - centred).abs());
            da.total_cmp(&db).then(b.total_cmp(a))
        });
        candidates.insert(0, centred);
        let clear: Vec<f32> = candidates
            .iter()
            .copied()
            .filter(|&b| !covers_code(&boxed(b)))
            .collect();
        if clear.is_empty() {
            problems.push(crate::error!(
                "label-covers-code", Some(label.text.loc),
                "the label `{}` covers a cell code wherever it goes in {}", label.text.value, label.at.text.value;
                hint: "shorten it, make it smaller (`size`), put it in another cell, or print the codes elsewhere (`code_at`)"
            ));
            continue;
        }
        let free = clear
            .iter()
            .copied()
            .find(|&b| !placed.iter().any(|(p, _)| overlaps(&boxed(b), p)));
        let Some(baseline) = free else {
            let other = placed
                .iter()
                .find(|(p, _)| overlaps(&boxed(clear[0]), p))
                .map(|(_, l)| l);
            let mut d = crate::error!(
                "label-overlap", Some(label.text.loc),
                "the label `{}` would print over another label", label.text.value;
                hint: "put one of them in another cell, or shorten it"
            );
            if let Some(other) = other {
                d = d.with_label(other.text.loc, "the label it overprints");
            }
            problems.push(d);
            continue;
        };
        let b = boxed(baseline);
        let top = baseline - label.size * 0.8 - pad;
        items.push(
            Geometry::rect(
                text.x - pad,
                top,
                text.width + 2.0 * pad,
                label.size + 2.0 * pad,
                pad,
            )
            .filled(Ink::Gray(1.0)),
        );
        let mut text = text;
        text.y = baseline;
        items.push(Item::Text(text));
        placed.push((b, label));
    }
    let labels: Vec<[f32; 4]> = placed.iter().map(|(b, _)| *b).collect();
    let codes: Vec<[f32; 4]> = code_boxes.iter().flatten().copied().collect();
    items.extend(super::tracks::map_parts(
        map,
        super::tracks::Keep {
            margin: m,
            codes: &codes,
            labels: &labels,
            places: &[],
        },
        faces,
        book,
        &mut problems,
    ));
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(MapDrawing {
        width: w + 2.0 * m,
        height: h + 2.0 * m,
        margin: m,
        items,
        places: Vec::new(),
    })
}

/// The room a label keeps from a cell code, in points.
const CODE_ROOM: f32 = 0.5;

/// Whether two boxes (x0, y0, x1, y1) share more than a hair.
fn overlaps(a: &[f32; 4], b: &[f32; 4]) -> bool {
    const HAIR: f32 = 0.01;
    a[0] < b[2] - HAIR && b[0] < a[2] - HAIR && a[1] < b[3] - HAIR && b[1] < a[3] - HAIR
}

pub(super) fn missing_glyph(text: &str, loc: crate::diag::Loc) -> Diagnostic {
    crate::error!(
        "missing-glyph", Some(loc), "the map's text `{}` uses characters the font lacks", text;
        hint: "use characters of the fonts in fonts/, or add a font that has them"
    )
}

/// Where a code's baseline goes in a cell centred at height `cy`.
fn code_baseline(grid: &Grid, place: CodePlace, cy: f32, size: f32) -> f32 {
    let half = grid.size / 2.0;
    // A pointy hex narrows to its top and bottom corners: keep the code
    // where the hex is still wide.
    let reach = match grid.kind {
        GridKind::PointyHex => grid.radius() * 0.55,
        _ => half - grid.size * 0.04,
    };
    match place {
        CodePlace::Top => cy - reach + size * 0.95,
        CodePlace::Bottom => cy + reach - size * 0.25,
        _ => cy + size * 0.35,
    }
}

/// A run of text centred on `cx`; `None` if the face lacks a character.
pub fn centred_text(
    book: &FontBook,
    face: FaceId,
    size: f32,
    text: &str,
    cx: f32,
    baseline: f32,
) -> Option<TextItem> {
    let f = book.face(face);
    if text.chars().any(|c| f.glyph(c).is_none()) {
        return None;
    }
    let glyphs = f.shape(text).to_vec();
    let width = glyphs.iter().map(|g| g.advance).sum::<f32>() * size / f.units_per_em;
    Some(TextItem {
        x: cx - width / 2.0,
        y: baseline,
        face,
        size,
        text: text.into(),
        glyphs: glyphs.into(),
        width,
        ink: None,
    })
}

/// White where black would not read on the ground (`None`: black).
fn ink_on(ground: Rgb) -> Option<Ink> {
    let (on_black, on_white) = (
        crate::model::contrast(ground, [0.0; 3]),
        crate::model::contrast(ground, [1.0; 3]),
    );
    (on_white > on_black).then_some(Ink::Gray(1.0))
}

/// A darker shade of a colour, for patterns and icons over it.
pub(super) fn darker(rgb: Rgb) -> Rgb {
    rgb.map(|v| v * 0.6)
}

pub fn polygon(points: &[(f32, f32)]) -> Vec<PathEl> {
    let mut path = Vec::with_capacity(points.len() + 1);
    for (i, &(x, y)) in points.iter().enumerate() {
        path.push(if i == 0 {
            PathEl::MoveTo(x, y)
        } else {
            PathEl::LineTo(x, y)
        });
    }
    path.push(PathEl::Close);
    path
}

/// A line `width` wide from `p` to `q` with round ends, as outlines that
/// all wind the same way (so touching pieces fill as one).
pub(crate) fn thick_line(path: &mut Vec<PathEl>, p: (f32, f32), q: (f32, f32), width: f32) {
    let (dx, dy) = (q.0 - p.0, q.1 - p.1);
    let len = dx.hypot(dy);
    if len <= f32::EPSILON {
        return;
    }
    let h = width / 2.0;
    let (nx, ny) = (-dy / len * h, dx / len * h);
    path.extend(polygon(&[
        (p.0 + nx, p.1 + ny),
        (q.0 + nx, q.1 + ny),
        (q.0 - nx, q.1 - ny),
        (p.0 - nx, p.1 - ny),
    ]));
    for c in [p, q] {
        circle(path, c, h);
    }
}

/// A circle as a 16-sided outline wound as [`thick_line`]'s pieces are.
pub(crate) fn circle(path: &mut Vec<PathEl>, (cx, cy): (f32, f32), r: f32) {
    let points: Vec<(f32, f32)> = (0..16)
        .map(|i| {
            let a = -(i as f32) * std::f32::consts::TAU / 16.0;
            (cx + r * a.cos(), cy + r * a.sin())
        })
        .collect();
    path.extend(polygon(&points));
}

/// A terrain's pattern inside a cell's (convex) outline.
pub(super) fn pattern_path(outline: &[(f32, f32)], pattern: Pattern, size: f32) -> Vec<PathEl> {
    let mut path = Vec::new();
    let spacing = size / 6.0;
    let width = (size / 60.0).max(0.4);
    let hatch = |angle: f32, path: &mut Vec<PathEl>| {
        let (d, n) = ((angle.cos(), angle.sin()), (-angle.sin(), angle.cos()));
        let along = |p: (f32, f32), v: (f32, f32)| p.0 * v.0 + p.1 * v.1;
        let lo = outline
            .iter()
            .map(|&p| along(p, n))
            .fold(f32::MAX, f32::min);
        let hi = outline
            .iter()
            .map(|&p| along(p, n))
            .fold(f32::MIN, f32::max);
        let mut t = (lo / spacing).ceil() * spacing;
        while t < hi {
            if let Some((a, b)) = chord(outline, n, t, d) {
                thick_line(path, a, b, width);
            }
            t += spacing;
        }
    };
    match pattern {
        Pattern::None => {}
        Pattern::Hatch => hatch(std::f32::consts::FRAC_PI_4, &mut path),
        Pattern::Cross => {
            hatch(std::f32::consts::FRAC_PI_4, &mut path);
            hatch(-std::f32::consts::FRAC_PI_4, &mut path);
        }
        Pattern::Dots => {
            let xs = outline.iter().map(|p| p.0);
            let ys = outline.iter().map(|p| p.1);
            let (x0, x1) = (
                xs.clone().fold(f32::MAX, f32::min),
                xs.fold(f32::MIN, f32::max),
            );
            let (y0, y1) = (
                ys.clone().fold(f32::MAX, f32::min),
                ys.fold(f32::MIN, f32::max),
            );
            let mut y = (y0 / spacing).ceil() * spacing;
            while y < y1 {
                // Every other row half a step along, on the page's own lattice.
                let row = (y / spacing).round() as i64;
                let shift = if row % 2 == 0 { 0.0 } else { spacing / 2.0 };
                let mut x = ((x0 - shift) / spacing).ceil() * spacing + shift;
                while x < x1 {
                    if inside(outline, (x, y), spacing * 0.3) {
                        circle(&mut path, (x, y), width * 1.2);
                    }
                    x += spacing;
                }
                y += spacing;
            }
        }
    }
    path
}

/// Where the line {p : p·n = t} crosses a convex outline, as its two ends
/// ordered along `d`.
fn chord(
    outline: &[(f32, f32)],
    n: (f32, f32),
    t: f32,
    d: (f32, f32),
) -> Option<((f32, f32), (f32, f32))> {
    let mut hits = Vec::with_capacity(2);
    for (i, &a) in outline.iter().enumerate() {
        let b = outline[(i + 1) % outline.len()];
        let (sa, sb) = (a.0 * n.0 + a.1 * n.1 - t, b.0 * n.0 + b.1 * n.1 - t);
        if (sa < 0.0) != (sb < 0.0) {
            let k = sa / (sa - sb);
            hits.push((a.0 + (b.0 - a.0) * k, a.1 + (b.1 - a.1) * k));
        }
    }
    let key = |p: &(f32, f32)| p.0 * d.0 + p.1 * d.1;
    let a = *hits.iter().min_by(|p, q| key(p).total_cmp(&key(q)))?;
    let b = *hits.iter().max_by(|p, q| key(p).total_cmp(&key(q)))?;
    (key(&b) - key(&a) > 0.5).then_some((a, b))
}

/// Whether `p` lies inside a convex outline, at least `inset` from each side.
fn inside(outline: &[(f32, f32)], p: (f32, f32), inset: f32) -> bool {
    let n = outline.len();
    let mut sign = 0.0;
    for i in 0..n {
        let (a, b) = (outline[i], outline[(i + 1) % n]);
        let (ex, ey) = (b.0 - a.0, b.1 - a.1);
        let cross = (ex * (p.1 - a.1) - ey * (p.0 - a.0)) / ex.hypot(ey).max(f32::EPSILON);
        if sign == 0.0 {
            sign = cross.signum();
        }
        if cross * sign < inset {
            return false;
        }
    }
    true
}

/// Room between the map and its legend.
const LEGEND_GAP: f32 = 14.0;

/// The poster: the map at true scale on one page, its legend (if it has
/// one) under it, its name at the foot.
pub fn lay_out_poster(
    map: &Map,
    drawing: &MapDrawing,
    legend: &[LegendRow],
    faces: MapFaces,
    book: &FontBook,
    words: &Words,
) -> Doc {
    let margin = 36.0;
    let caption = caption(map, words);
    // A legend wider than a narrow map widens the page.
    let legend_width = legend
        .first()
        .map_or(0.0, |r| r.width + 2.0 * drawing.margin);
    let width = drawing.width.max(legend_width) + 2.0 * margin;
    let legend_room = if legend.is_empty() {
        0.0
    } else {
        LEGEND_GAP + legend_height(legend)
    };
    let height = drawing.height + 2.0 * margin + legend_room;
    let mut items: Vec<Item> = drawing
        .items
        .iter()
        .map(|i| i.translated(margin, margin))
        .collect();
    let mut y = margin + drawing.height + LEGEND_GAP;
    for row in legend {
        let x = margin + drawing.margin;
        items.extend(row.items.iter().map(|i| i.translated(x, y)));
        y += row.height;
    }
    let size = 9.0;
    if let Some(mut text) = centred_text(book, faces.label, size, &caption, 0.0, 0.0) {
        text.x = margin + drawing.margin;
        text.y = height - margin + size * 1.5;
        items.push(Item::Text(text));
    }
    Doc {
        title: map.name.clone(),
        pages: vec![Page {
            width,
            height,
            items,
        }],
        lang: None,
    }
}

/// "The Ford — 12 x 9 hexes, 1 in across": what the poster says under the
/// map, in the game's words.
fn caption(map: &Map, words: &Words) -> String {
    if let Some(p) = &map.places {
        return format!("{} — {}", map.name, places_summary(p, words));
    }
    let cells = match map.grid.kind {
        GridKind::Square => &words.squares,
        _ => &words.hexes,
    };
    let inches = ((map.grid.size / 72.0 * 1000.0).round() / 1000.0).to_string();
    let (columns, rows) = (map.grid.columns.to_string(), map.grid.rows.to_string());
    let slots = [
        ("columns", columns.as_str()),
        ("rows", &rows),
        ("cells", cells),
        ("size", &inches),
    ];
    format!("{} — {}", map.name, Words::fill(&words.map_caption, &slots))
}

/// "25 spaces, 37 connections, 22 x 17 in" or "12 areas, 19 borders, 8 x
/// 6 in": what a map of places is, its areas' neighbours counted whether
/// declared or found along shared borders.
pub fn places_summary(p: &crate::model::places::Places, words: &crate::text::Words) -> String {
    use crate::model::places::PlaceKind;
    use crate::text::Words;
    let inches = |pt: f32| ((pt / 72.0 * 100.0).round() / 100.0).to_string();
    let plural = |n: usize, one: &str, many: &str| {
        Words::fill(if n == 1 { one } else { many }, &[("n", &n.to_string())])
    };
    let (places, joins) = match p.kind {
        PlaceKind::Points => (
            plural(p.places.len(), &words.space, &words.spaces),
            plural(p.connections.len(), &words.connection, &words.connections),
        ),
        PlaceKind::Areas => (
            plural(p.places.len(), &words.area, &words.areas),
            plural(
                p.adjacent_pairs().len(),
                &words.neighbours,
                &words.neighbours_many,
            ),
        ),
    };
    Words::fill(
        &words.places_summary,
        &[
            ("places", &places),
            ("joins", &joins),
            ("width", &inches(p.width)),
            ("height", &inches(p.height)),
        ],
    )
}

/// How a drawing is cut into sheets: `columns` x `rows` tiles, each showing
/// `area` of it, the next one `step` further on (so neighbours both show
/// area - step), each tile's area at (`margin`, `margin`) on its page.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TilePlan {
    pub columns: usize,
    pub rows: usize,
    pub area: (f32, f32),
    pub step: (f32, f32),
    pub margin: f32,
    pub page: (f32, f32),
    /// The drawing's width and height.
    pub extent: (f32, f32),
}

impl TilePlan {
    pub fn new(drawing: &MapDrawing, paper: crate::model::Paper, overlap: f32) -> TilePlan {
        let margin = 36.0;
        let area = (paper.width - 2.0 * margin, paper.height - 2.0 * margin);
        let overlap = overlap.min(area.0 / 2.0).min(area.1 / 2.0);
        let step = (area.0 - overlap, area.1 - overlap);
        let count = |length: f32, area: f32, step: f32| -> usize {
            if length <= area {
                1
            } else {
                ((length - area) / step).ceil() as usize + 1
            }
        };
        TilePlan {
            columns: count(drawing.width, area.0, step.0),
            rows: count(drawing.height, area.1, step.1),
            area,
            step,
            margin,
            page: (paper.width, paper.height),
            extent: (drawing.width, drawing.height),
        }
    }

    /// The part of the drawing tile (column, row) shows: x, y, w, h.
    pub fn region(&self, column: usize, row: usize) -> [f32; 4] {
        [
            column as f32 * self.step.0,
            row as f32 * self.step.1,
            self.area.0,
            self.area.1,
        ]
    }

    /// Where the alignment marks are, in the drawing's coordinates: two in
    /// each band two neighbouring tiles share, a quarter of the way in from
    /// either end of the part of the band the map covers.
    pub fn marks(&self) -> Vec<(f32, f32)> {
        let mut marks = Vec::new();
        let overlap = (self.area.0 - self.step.0, self.area.1 - self.step.1);
        for row in 0..self.rows {
            for column in 0..self.columns {
                let [x, y, w, h] = self.region(column, row);
                let (w, h) = (w.min(self.extent.0 - x), h.min(self.extent.1 - y));
                if column + 1 < self.columns {
                    let bx = x + self.step.0 + overlap.0 / 2.0;
                    marks.extend([(bx, y + h * 0.25), (bx, y + h * 0.75)]);
                }
                if row + 1 < self.rows {
                    let by = y + self.step.1 + overlap.1 / 2.0;
                    marks.extend([(x + w * 0.25, by), (x + w * 0.75, by)]);
                }
            }
        }
        marks
    }
}

/// The drawing tiled across sheets: each page shows its part of the map in
/// a frame (the trim line), the alignment marks that fall in it, and where
/// it goes. Items wholly outside a tile are left off it; text is kept on a
/// tile only where it fits whole (the overlap shows it on the neighbour).
pub fn lay_out_tiles(
    map: &Map,
    drawing: &MapDrawing,
    plan: &TilePlan,
    legend: &[LegendRow],
    faces: MapFaces,
    book: &FontBook,
    words: &Words,
) -> Doc {
    let marks = plan.marks();
    // Where each item lies, found once (not once a sheet).
    let extents: Vec<Extent> = drawing.items.iter().map(|i| extent(i, book)).collect();
    let mut pages = Vec::with_capacity(plan.columns * plan.rows);
    let total = plan.columns * plan.rows;
    for row in 0..plan.rows {
        for column in 0..plan.columns {
            let [rx, ry, rw, rh] = plan.region(column, row);
            let (dx, dy) = (plan.margin - rx, plan.margin - ry);
            let clip = [plan.margin, plan.margin, rw, rh];
            let mut items = Vec::new();
            for (item, extent) in drawing.items.iter().zip(&extents) {
                if extent.shows_in([rx, ry, rw, rh]) {
                    let mut item = item.translated(dx, dy);
                    if let Item::Shape(shape) = &mut item {
                        shape.clip = Some(clip);
                    }
                    items.push(item);
                }
            }
            for &(mx, my) in &marks {
                if mx >= rx && mx <= rx + rw && my >= ry && my <= ry + rh {
                    items.extend(alignment_mark(mx + dx, my + dy));
                }
            }
            items.push(
                Geometry::rect(plan.margin, plan.margin, rw, rh, 0.0).stroked(Stroke::solid(0.3)),
            );
            let n = row * plan.columns + column + 1;
            let numbers =
                [n, total, row + 1, column + 1, plan.rows, plan.columns].map(|n| n.to_string());
            let slots = ["n", "total", "row", "column", "rows", "columns"]
                .into_iter()
                .zip(numbers.iter().map(String::as_str));
            let note = format!(
                "{} — {}",
                map.name,
                Words::fill(&words.map_tile_note, &slots.collect::<Vec<_>>())
            );
            items.extend(sheet_note(&note, plan, faces, book));
            pages.push(Page {
                width: plan.page.0,
                height: plan.page.1,
                items,
            });
        }
    }
    pages.extend(legend_pages(map, legend, plan, faces, book, words));
    Doc {
        title: Words::fill(&words.map_tiled, &[("map", &map.name)]),
        pages,
        lang: None,
    }
}

/// The part of a drawing inside `region` (x, y, w, h on the drawing),
/// moved so the region's top-left is at (0, 0): what a tile shows, for a
/// rule illustration's excerpt. Shapes are cut off at the region's edge;
/// text is kept only whole (a cell's code never shows half cut).
pub fn excerpt_items(drawing: &MapDrawing, region: [f32; 4], book: &FontBook) -> Vec<Item> {
    let [rx, ry, rw, rh] = region;
    let clip = [0.0, 0.0, rw, rh];
    drawing
        .items
        .iter()
        .filter(|item| extent(item, book).shows_in(region))
        .map(|item| {
            let mut item = item.translated(-rx, -ry);
            if let Item::Shape(shape) = &mut item {
                shape.clip = Some(clip);
            }
            item
        })
        .collect()
}

/// The legend on sheets of the tiles' paper after the tiles, as many as it
/// takes (a row is never split).
fn legend_pages(
    map: &Map,
    legend: &[LegendRow],
    plan: &TilePlan,
    faces: MapFaces,
    book: &FontBook,
    words: &Words,
) -> Vec<Page> {
    let mut pages: Vec<Page> = Vec::new();
    let bottom = plan.page.1 - plan.margin;
    let mut y = f32::MAX;
    for row in legend {
        if y + row.height > bottom {
            pages.push(Page {
                width: plan.page.0,
                height: plan.page.1,
                items: Vec::new(),
            });
            y = plan.margin;
        }
        if let Some(page) = pages.last_mut() {
            page.items
                .extend(row.items.iter().map(|i| i.translated(plan.margin, y)));
        }
        y += row.height;
    }
    let count = pages.len();
    for (i, page) in pages.iter_mut().enumerate() {
        let (n, total) = ((i + 1).to_string(), count.to_string());
        let sheet = Words::fill(&words.map_legend_sheet, &[("n", &n), ("total", &total)]);
        let note = format!("{} — {sheet}", map.name);
        let size = 7.0;
        if let Some(mut text) = centred_text(book, faces.code, size, &note, 0.0, 0.0) {
            text.x = plan.margin;
            text.y = plan.page.1 - plan.margin + size * 2.0;
            page.items.push(Item::Text(text));
        }
    }
    pages
}

/// A tiled sheet's note in the margin under its frame: on one line where
/// it fits, else broken after its first sentence, else at its spaces.
fn sheet_note(note: &str, plan: &TilePlan, faces: MapFaces, book: &FontBook) -> Vec<Item> {
    let size = 7.0;
    let room = plan.page.0 - 2.0 * plan.margin;
    let line = |text: &str| centred_text(book, faces.code, size, text, 0.0, 0.0);
    let fits = |text: &str| line(text).is_some_and(|t| t.width <= room);
    let mut lines = vec![note.to_string()];
    if !fits(note) {
        lines = match note.split_once(". ") {
            Some((first, rest)) if fits(&format!("{first}.")) && fits(rest) => {
                vec![format!("{first}."), rest.to_string()]
            }
            _ => crate::text::lines_within(book, faces.code, size, note, room),
        };
    }
    let top = plan.page.1 - plan.margin + size * 2.0;
    (lines.iter().enumerate())
        .filter_map(|(i, text)| {
            let mut text = line(text)?;
            (text.x, text.y) = (plan.margin, top + i as f32 * size * 1.2);
            Some(Item::Text(text))
        })
        .collect()
}

/// Where an item lies, for the sheets it goes on: text goes on a sheet
/// only whole, anything else where any of it shows.
enum Extent {
    /// A tag marks structure and draws nothing; it goes with every sheet.
    Everywhere,
    Nowhere,
    Whole(f32, f32, f32, f32),
    Any(f32, f32, f32, f32),
}

fn extent(item: &Item, book: &FontBook) -> Extent {
    match item {
        Item::Text(t) => {
            let face = book.face(t.face);
            let (top, bottom) = (t.y - face.ascent(t.size), t.y + face.descent(t.size));
            Extent::Whole(t.x, top, t.x + t.width, bottom)
        }
        Item::Shape(Shape { geometry, .. }) => match bounds(geometry) {
            Some((x0, y0, x1, y1)) => Extent::Any(x0, y0, x1, y1),
            None => Extent::Nowhere,
        },
        Item::Image(i) => Extent::Any(
            i.clip[0],
            i.clip[1],
            i.clip[0] + i.clip[2],
            i.clip[1] + i.clip[3],
        ),
        Item::Tag(_) => Extent::Everywhere,
    }
}

impl Extent {
    /// Whether the item shows in the region (of text: all of it).
    fn shows_in(&self, [x, y, w, h]: [f32; 4]) -> bool {
        match *self {
            Extent::Everywhere => true,
            Extent::Nowhere => false,
            Extent::Whole(x0, y0, x1, y1) => x0 >= x && x1 <= x + w && y0 >= y && y1 <= y + h,
            Extent::Any(x0, y0, x1, y1) => x1 >= x && x0 <= x + w && y1 >= y && y0 <= y + h,
        }
    }
}

fn bounds(geometry: &Geometry) -> Option<(f32, f32, f32, f32)> {
    match geometry {
        Geometry::Line { x1, y1, x2, y2 } => {
            Some((x1.min(*x2), y1.min(*y2), x1.max(*x2), y1.max(*y2)))
        }
        Geometry::Rect { x, y, w, h, .. } => Some((*x, *y, x + w, y + h)),
        Geometry::Path(path) => {
            let mut b = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
            for el in path {
                let points: &[(f32, f32)] = &match *el {
                    PathEl::MoveTo(x, y) | PathEl::LineTo(x, y) => [(x, y), (x, y), (x, y)],
                    PathEl::CurveTo(a, b, c, d, e, f) => [(a, b), (c, d), (e, f)],
                    PathEl::Close => continue,
                };
                for &(px, py) in points {
                    b = (b.0.min(px), b.1.min(py), b.2.max(px), b.3.max(py));
                }
            }
            (b.0 <= b.2).then_some(b)
        }
    }
}

/// A registration mark: a circle with a cross through it, centred on (x, y).
pub fn alignment_mark(x: f32, y: f32) -> Vec<Item> {
    let (r, arm) = (5.0, 9.0);
    let k = 0.552_284_8 * r;
    let circle = vec![
        PathEl::MoveTo(x + r, y),
        PathEl::CurveTo(x + r, y + k, x + k, y + r, x, y + r),
        PathEl::CurveTo(x - k, y + r, x - r, y + k, x - r, y),
        PathEl::CurveTo(x - r, y - k, x - k, y - r, x, y - r),
        PathEl::CurveTo(x + k, y - r, x + r, y - k, x + r, y),
        PathEl::Close,
    ];
    // White under the mark so it reads over any terrain.
    vec![
        Geometry::Path(circle.clone()).filled(Ink::Gray(1.0)),
        Geometry::Path(circle).stroked(Stroke::solid(0.5)),
        Geometry::line(x - arm, y, x + arm, y).stroked(Stroke::solid(0.5)),
        Geometry::line(x, y - arm, x, y + arm).stroked(Stroke::solid(0.5)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drawing(width: f32, height: f32) -> MapDrawing {
        MapDrawing {
            width,
            height,
            margin: 6.0,
            items: Vec::new(),
            places: Vec::new(),
        }
    }

    #[test]
    fn tiles_cover_the_drawing_and_overlap_by_the_overlap() {
        let d = drawing(1500.0, 1000.0);
        let plan = TilePlan::new(&d, crate::model::Paper::LETTER, 36.0);
        assert_eq!(plan.area, (540.0, 720.0));
        assert_eq!(plan.step, (504.0, 684.0));
        assert_eq!((plan.columns, plan.rows), (3, 2));
        let [x, y, w, h] = plan.region(plan.columns - 1, plan.rows - 1);
        assert!(x + w >= d.width && y + h >= d.height);
        // One fewer tile would not reach the far edge.
        assert!((plan.columns - 2) as f32 * plan.step.0 + plan.area.0 < d.width);
        // Every band two neighbours share holds two marks, inside both.
        let marks = plan.marks();
        let bands = (plan.columns - 1) * plan.rows + (plan.rows - 1) * plan.columns;
        assert_eq!(marks.len(), 2 * bands);
        for row in 0..plan.rows {
            for column in 0..plan.columns {
                let [x, y, w, h] = plan.region(column, row);
                let on = marks
                    .iter()
                    .filter(|(mx, my)| *mx >= x && *mx <= x + w && *my >= y && *my <= y + h)
                    .count();
                assert!(on >= 2, "tile {column},{row} has {on} marks");
            }
        }
        let small = TilePlan::new(&drawing(300.0, 300.0), crate::model::Paper::A4, 36.0);
        assert_eq!((small.columns, small.rows), (1, 1));
        assert!(small.marks().is_empty());
    }

    #[test]
    fn a_thick_line_and_its_round_ends_wind_the_same_way() {
        let mut path = Vec::new();
        thick_line(&mut path, (0.0, 0.0), (10.0, 5.0), 2.0);
        let mut areas = Vec::new();
        let mut points: Vec<(f32, f32)> = Vec::new();
        for el in path {
            match el {
                PathEl::MoveTo(x, y) | PathEl::LineTo(x, y) => points.push((x, y)),
                PathEl::Close => {
                    let n = points.len();
                    let area: f32 = (0..n)
                        .map(|i| {
                            let (a, b) = (points[i], points[(i + 1) % n]);
                            a.0 * b.1 - b.0 * a.1
                        })
                        .sum();
                    areas.push(area);
                    points.clear();
                }
                PathEl::CurveTo(..) => unreachable!(),
            }
        }
        assert_eq!(areas.len(), 3);
        assert!(areas.iter().all(|a| *a < 0.0), "{areas:?}");
    }

    #[test]
    fn hatching_stays_inside_the_cell() {
        let square = [(0.0, 0.0), (60.0, 0.0), (60.0, 60.0), (0.0, 60.0)];
        let path = pattern_path(&square, Pattern::Cross, 60.0);
        assert!(!path.is_empty());
        let (x0, y0, x1, y1) = bounds(&Geometry::Path(path)).expect("points");
        // Round ends reach at most half the line's width past the outline.
        assert!(x0 >= -1.0 && y0 >= -1.0 && x1 <= 61.0 && y1 <= 61.0);
        assert!(pattern_path(&square, Pattern::None, 60.0).is_empty());
        assert!(!pattern_path(&square, Pattern::Dots, 60.0).is_empty());
    }
}
