//! Load stage: the outlines of an area map drawn in an SVG file (the map
//! file's `outlines_svg`), one `<path>` (or `<polygon>`, `<rect>`...) per
//! area, its `id` the area's. Input: the SVG's text (untrusted: inside the
//! game folder, at most [`MAX_SVG_BYTES`], nothing it names opened) and the
//! map's size; output: each shape's corners in points from the map's
//! top-left corner (the SVG's whole canvas scaled to the map), curves
//! flattened, located at the shape's element in the SVG. Whether an
//! outline is a simple polygon on the map is for validation, as for one
//! written as corners.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use resvg::tiny_skia::{PathSegment, Point, Transform};
use resvg::usvg;

use crate::diag::{Diagnostic, Diagnostics, FileId, Loc, Sources};
use crate::model::Located;
use crate::model::places::MAX_CORNERS;

use super::OpError;
use super::paths::Confine;

/// The largest outlines SVG, as the largest card art.
pub const MAX_SVG_BYTES: u64 = 8 * 1024 * 1024;
/// How far a flattened curve may stray from the curve, in points.
const FLATNESS: f32 = 0.1;
/// The most pieces one curve is cut into.
const MAX_PIECES: usize = 64;
/// Corners closer than this are one.
const SAME_CORNER: f32 = 0.01;
/// The most shapes with an id an outlines SVG may hold.
pub const MAX_SHAPES: usize = 2 * crate::model::places::MAX_PLACES;
/// The elements that draw a shape an area may take.
const SHAPES: &[&str] = &[
    "path", "polygon", "polyline", "rect", "circle", "ellipse", "line",
];

/// A shape of the SVG with an id.
#[derive(Clone, Debug)]
pub struct Shape {
    pub id: String,
    /// Its start tag in the SVG.
    pub loc: Loc,
    /// Its corners in map points; `Err` why it has none usable.
    pub corners: Result<Vec<(f32, f32)>, String>,
}

/// Every shape with an id in the SVG file `name` names (relative to
/// `dir`), scaled to a map `size` (width, height) points; `None` when
/// the file cannot be used (reported at `name` or in the file).
pub fn read_outlines(
    confine: &Confine,
    dir: &Path,
    name: &Located<String>,
    size: (f32, f32),
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<Option<Vec<Shape>>, OpError> {
    let Some(path) = confine.resolve(dir, name, "the outlines SVG", diags) else {
        return Ok(None);
    };
    let len = std::fs::metadata(&path)
        .map_err(|e| OpError::io("read", &path, e))?
        .len();
    if len > MAX_SVG_BYTES {
        diags.push(crate::error!(
            "limit-exceeded", Some(name.loc),
            "the outlines SVG `{}` is {len} bytes, more than {MAX_SVG_BYTES}", name.value;
            hint: "save it as plain SVG with only the areas' shapes"
        ));
        return Ok(None);
    }
    let (file, text, ok) = super::read_source(&path, sources, diags)?;
    if !ok {
        return Ok(None);
    }
    Ok(shapes(file, &text, &path, confine, size, diags))
}

fn shapes(
    file: FileId,
    text: &str,
    path: &Path,
    confine: &Confine,
    size: (f32, f32),
    diags: &mut Diagnostics,
) -> Option<Vec<Shape>> {
    let svg_dir = path.parent().unwrap_or(confine.dir());
    let doc = match super::svg_refs::read(text, svg_dir, confine) {
        Ok(doc) => doc,
        Err(found) => {
            for f in found {
                diags.push(svg_problem(f.id, &f.message, Loc::new(file, f.span)));
            }
            return None;
        }
    };
    let tree = match usvg::Tree::from_xmltree(&doc, &super::svg_refs::usvg_options()) {
        Ok(tree) => tree,
        Err(e) => {
            diags.push(crate::error!(
                "bad-image", Some(Loc::new(file, 0..0)), "the outlines SVG cannot be read: {e}";
                hint: "save the picture again from a vector editor, as plain SVG"
            ));
            return None;
        }
    };
    let canvas = tree.size();
    let scale = Transform::from_scale(size.0 / canvas.width(), size.1 / canvas.height());
    let named = doc
        .descendants()
        .filter(|n| n.is_element() && SHAPES.contains(&n.tag_name().name()))
        .filter(|n| n.attribute("id").is_some());
    if let Some(past) = named.clone().nth(MAX_SHAPES) {
        let at = past.range().start;
        diags.push(crate::error!(
            "limit-exceeded", Some(Loc::new(file, at..at)),
            "the outlines SVG has more than {MAX_SHAPES} shapes with an id";
            hint: "keep only the areas' shapes in it"
        ));
        return None;
    }
    let mut drawn: HashMap<String, Vec<Vec<(f32, f32)>>> = HashMap::new();
    collect(tree.root(), scale, &mut drawn);
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for node in named {
        let Some(id) = node.attribute("id") else {
            continue;
        };
        if !seen.insert(id) {
            continue;
        }
        let start = node.range().start;
        let corners = match drawn.get(id) {
            None => Err("it draws nothing (no corners, or no width or height)".to_string()),
            Some(rings) => one_ring(rings),
        };
        out.push(Shape {
            id: id.to_string(),
            loc: Loc::new(file, start..start),
            corners,
        });
    }
    Some(out)
}

/// What the SVG may not do (as for card art, `svg_refs` finds it), told
/// at its place in the SVG.
fn svg_problem(id: &'static str, message: &str, loc: Loc) -> Diagnostic {
    Diagnostic::error(id, format!("the outlines SVG: {message}"), Some(loc)).with_hint(
        "an outlines SVG is self-contained shapes: one path, polygon or rect per area, its id the area's",
    )
}

/// The one closed shape a path draws.
fn one_ring(rings: &[Vec<(f32, f32)>]) -> Result<Vec<(f32, f32)>, String> {
    let rings: Vec<&Vec<(f32, f32)>> = rings.iter().filter(|r| r.len() > 1).collect();
    match rings.as_slice() {
        [] => Err("it draws nothing (no corners)".to_string()),
        [ring] if ring.len() > MAX_CORNERS => Err(format!(
            "flattened, it has {} corners, more than {MAX_CORNERS}",
            ring.len()
        )),
        [ring] => Ok(ring.to_vec()),
        more => Err(format!(
            "it draws {} separate shapes; an area is one",
            more.len()
        )),
    }
}

/// Each path with an id under `group`: its rings in map points.
fn collect(group: &usvg::Group, scale: Transform, out: &mut HashMap<String, Vec<Vec<(f32, f32)>>>) {
    for node in group.children() {
        match node {
            usvg::Node::Group(g) => collect(g, scale, out),
            usvg::Node::Path(p) if !p.id().is_empty() => {
                let to_map = p.abs_transform().post_concat(scale);
                let rings = p
                    .data()
                    .clone()
                    .transform(to_map)
                    .map(|d| flatten(&d))
                    .unwrap_or_default();
                out.entry(p.id().to_string()).or_default().extend(rings);
            }
            _ => {}
        }
    }
}

/// A path's subpaths as rings of corners, curves cut into straight
/// pieces no further than [`FLATNESS`] from the curve, a closing corner
/// that repeats the first dropped.
pub fn flatten(path: &resvg::tiny_skia::Path) -> Vec<Vec<(f32, f32)>> {
    let mut rings: Vec<Vec<(f32, f32)>> = Vec::new();
    let mut ring: Vec<(f32, f32)> = Vec::new();
    let mut last = Point::zero();
    let push = |ring: &mut Vec<(f32, f32)>, p: Point| {
        if ring
            .last()
            .is_none_or(|q| (q.0 - p.x).hypot(q.1 - p.y) > SAME_CORNER)
        {
            ring.push((p.x, p.y));
        }
    };
    let finish = |ring: &mut Vec<(f32, f32)>, rings: &mut Vec<Vec<(f32, f32)>>| {
        if ring.len() > 1
            && let (Some(a), Some(b)) = (ring.first(), ring.last())
            && (a.0 - b.0).hypot(a.1 - b.1) <= SAME_CORNER
        {
            ring.pop();
        }
        if !ring.is_empty() {
            rings.push(std::mem::take(ring));
        }
    };
    for segment in path.segments() {
        match segment {
            PathSegment::MoveTo(p) => {
                finish(&mut ring, &mut rings);
                push(&mut ring, p);
                last = p;
            }
            PathSegment::LineTo(p) => {
                push(&mut ring, p);
                last = p;
            }
            PathSegment::QuadTo(c, p) => {
                let n = pieces(second_difference(last, c, p) / 4.0);
                for i in 1..=n {
                    let t = i as f32 / n as f32;
                    let u = 1.0 - t;
                    push(
                        &mut ring,
                        Point::from_xy(
                            u * u * last.x + 2.0 * u * t * c.x + t * t * p.x,
                            u * u * last.y + 2.0 * u * t * c.y + t * t * p.y,
                        ),
                    );
                }
                last = p;
            }
            PathSegment::CubicTo(c1, c2, p) => {
                let dd = second_difference(last, c1, c2).max(second_difference(c1, c2, p));
                let n = pieces(dd * 0.75);
                for i in 1..=n {
                    let t = i as f32 / n as f32;
                    let u = 1.0 - t;
                    let (a, b, c, d) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
                    push(
                        &mut ring,
                        Point::from_xy(
                            a * last.x + b * c1.x + c * c2.x + d * p.x,
                            a * last.y + b * c1.y + c * c2.y + d * p.y,
                        ),
                    );
                }
                last = p;
            }
            PathSegment::Close => {
                if let Some(&(x, y)) = ring.first() {
                    last = Point::from_xy(x, y);
                }
                finish(&mut ring, &mut rings);
            }
        }
    }
    finish(&mut ring, &mut rings);
    rings
}

/// |a - 2b + c|: how far a curve's control points bend.
fn second_difference(a: Point, b: Point, c: Point) -> f32 {
    (a.x - 2.0 * b.x + c.x).hypot(a.y - 2.0 * b.y + c.y)
}

/// The pieces a curve whose error bound is `bend / n²` is cut into.
fn pieces(bend: f32) -> usize {
    let n = (bend / FLATNESS).sqrt().ceil();
    if n.is_finite() {
        (n as usize).clamp(1, MAX_PIECES)
    } else {
        MAX_PIECES
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use resvg::tiny_skia::PathBuilder;

    #[test]
    fn a_square_is_four_corners_and_a_curve_is_cut_close_to_it() {
        let mut b = PathBuilder::new();
        b.move_to(0.0, 0.0);
        b.line_to(10.0, 0.0);
        b.line_to(10.0, 10.0);
        b.line_to(0.0, 10.0);
        b.close();
        let square = b.finish().expect("a path");
        assert_eq!(
            flatten(&square),
            vec![vec![(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]]
        );
        // A half circle of radius 100 as a cubic: every corner close to it.
        let mut b = PathBuilder::new();
        b.move_to(-100.0, 0.0);
        b.cubic_to(-100.0, 133.33, 100.0, 133.33, 100.0, 0.0);
        b.close();
        let rings = flatten(&b.finish().expect("a path"));
        assert_eq!(rings.len(), 1);
        assert!(rings[0].len() > 10, "{}", rings[0].len());
        assert!(rings[0].len() <= MAX_PIECES + 1);
    }

    #[test]
    fn two_subpaths_are_two_rings_and_not_one_area() {
        let mut b = PathBuilder::new();
        for x in [0.0, 20.0] {
            b.move_to(x, 0.0);
            b.line_to(x + 10.0, 0.0);
            b.line_to(x + 10.0, 10.0);
            b.close();
        }
        let rings = flatten(&b.finish().expect("a path"));
        assert_eq!(rings.len(), 2);
        assert!(one_ring(&rings).is_err());
        assert!(one_ring(&rings[..1]).is_ok());
    }
}
