//! Model: a map of named places instead of a grid — a point-to-point map
//! (spaces at points, joined by connections) or an area map (regions given
//! by outlines) — with the attributes the map declares (control, victory
//! points, fortress) and how each is printed. One type, [`Place`], stands
//! for a space or an area, so scenarios, the HTML reference and VASSAL
//! treat them alike. Plain data with source locations, and the geometry
//! the checks and the drawing share (in points, y down, the map's top-left
//! corner at 0,0).

use super::{Located, Rgb};
use crate::diag::Loc;

/// The most places a map may have: a limit (a located `limit-exceeded`).
pub const MAX_PLACES: usize = 5_000;
/// The most corners one area's outline may have.
pub const MAX_CORNERS: usize = 2_000;

/// Spaces joined by connections, or areas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlaceKind {
    Points,
    Areas,
}

/// What an attribute holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttributeKind {
    Text,
    Number,
    YesNo,
}

/// How an attribute is printed on the map.
#[derive(Clone, Debug, PartialEq)]
pub enum AttributeShow {
    /// An icon beside the name when yes (yes/no attributes).
    Icon(Located<String>),
    /// The number in a dark disc at the place's upper right.
    Badge,
    /// A ring round the space (the area's edge) in the colour its value
    /// is given (text attributes).
    Ring(Vec<(Located<String>, Rgb)>),
    /// The value (a yes/no attribute: its name when yes) under the name.
    Text,
}

/// An attribute the map's places may have.
#[derive(Clone, Debug, PartialEq)]
pub struct Attribute {
    pub id: Located<String>,
    pub name: String,
    pub kind: AttributeKind,
    pub show: AttributeShow,
}

/// A place's value of an attribute, as the data gives it.
#[derive(Clone, Debug, PartialEq)]
pub enum AttributeValue {
    Text(String),
    Number(i64),
    YesNo(bool),
}

impl AttributeValue {
    /// The value as printed.
    pub fn text(&self) -> String {
        match self {
            AttributeValue::Text(t) => t.clone(),
            AttributeValue::Number(n) => n.to_string(),
            AttributeValue::YesNo(true) => "yes".to_string(),
            AttributeValue::YesNo(false) => "no".to_string(),
        }
    }
}

/// A named place: a space (a point) or an area (an outline).
#[derive(Clone, Debug, PartialEq)]
pub struct Place {
    pub id: Located<String>,
    pub name: String,
    /// Its names in the game's own language where a translation renamed
    /// it (`[<map>.<id>] places`): the data still names it so.
    pub aka: Vec<String>,
    /// A space's position; an area's label point (given, or the middle
    /// of its outline).
    pub at: (f32, f32),
    /// Where `at` is written (or the area's outline, when derived).
    pub at_loc: Loc,
    /// An area's corners, in order; empty for a space.
    pub outline: Vec<(f32, f32)>,
    pub outline_loc: Option<Loc>,
    pub terrain: Option<Located<String>>,
    /// By attribute id: the key (located) and the value (located).
    pub attributes: Vec<(Located<String>, Located<AttributeValue>)>,
}

impl Place {
    pub fn value(&self, attribute: &str) -> Option<&AttributeValue> {
        self.attributes
            .iter()
            .find(|(k, _)| k.value == attribute)
            .map(|(_, v)| &v.value)
    }
}

/// How a kind of connection's line is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineStyle {
    Solid,
    Dashed,
    Double,
}

/// Two places joined, by a kind of connection (a `[[features]]` id).
#[derive(Clone, Debug, PartialEq)]
pub struct Connection {
    pub from: Located<String>,
    pub to: Located<String>,
    pub kind: Located<String>,
    pub loc: Loc,
}

/// How areas' adjacency is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Adjacency {
    /// Only the connections listed.
    Declared,
    /// Every two areas sharing a stretch of border, and the connections.
    Borders,
}

/// A map's places and what joins them.
#[derive(Clone, Debug, PartialEq)]
pub struct Places {
    pub kind: PlaceKind,
    pub width: f32,
    pub height: f32,
    /// The diameter of a space's circle.
    pub space: f32,
    /// The type size of places' names.
    pub name_size: f32,
    pub places: Vec<Place>,
    pub attributes: Vec<Attribute>,
    pub connections: Vec<Connection>,
    pub adjacency: Adjacency,
    /// The ids and names of areas left out because their outline could
    /// not be had (already reported): naming one is not told again.
    pub left_out: Vec<String>,
}

impl Places {
    /// Whether `name` names an area left out for want of its outline.
    pub fn is_left_out(&self, name: &str) -> bool {
        let name = name.trim();
        self.left_out.iter().any(|n| n == name)
    }

    /// Leaves out the places at `indices` (their outlines could not be
    /// had), remembering their ids and names.
    pub fn leave_out(&mut self, indices: &std::collections::HashSet<usize>) {
        let mut i = 0;
        let left_out = &mut self.left_out;
        self.places.retain(|p| {
            i += 1;
            let keep = !indices.contains(&(i - 1));
            if !keep {
                left_out.push(p.id.value.clone());
                left_out.push(p.name.clone());
            }
            keep
        });
    }

    /// A place by its id or its name.
    pub fn find(&self, name: &str) -> Option<usize> {
        let name = name.trim();
        self.places
            .iter()
            .position(|p| p.id.value == name)
            .or_else(|| self.places.iter().position(|p| p.name == name))
            .or_else(|| {
                self.places
                    .iter()
                    .position(|p| p.aka.iter().any(|a| a == name))
            })
    }

    /// Every pair of places joined (by index, the lower first), once: the
    /// connections naming known places, and on an area map that derives
    /// adjacency, areas sharing a border.
    pub fn adjacent_pairs(&self) -> Vec<(usize, usize)> {
        let mut out: Vec<(usize, usize)> = Vec::new();
        for c in &self.connections {
            if let (Some(a), Some(b)) = (self.find(&c.from.value), self.find(&c.to.value))
                && a != b
            {
                out.push((a.min(b), a.max(b)));
            }
        }
        if self.kind == PlaceKind::Areas && self.adjacency == Adjacency::Borders {
            out.extend(self.bordering());
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Every pair of areas (by index, the lower first) sharing a stretch
    /// of border.
    pub fn bordering(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for i in 0..self.places.len() {
            for j in i + 1..self.places.len() {
                if share_border(&self.places[i].outline, &self.places[j].outline) {
                    out.push((i, j));
                }
            }
        }
        out
    }
}

/// The edges of a closed outline, each as (from, to).
pub fn edges(outline: &[(f32, f32)]) -> impl Iterator<Item = ((f32, f32), (f32, f32))> + '_ {
    (0..outline.len()).map(move |i| (outline[i], outline[(i + 1) % outline.len()]))
}

/// The signed area of an outline (positive when it turns clockwise on the
/// page, y down).
pub fn signed_area(outline: &[(f32, f32)]) -> f32 {
    edges(outline)
        .map(|(a, b)| a.0 * b.1 - b.0 * a.1)
        .sum::<f32>()
        / 2.0
}

/// The middle of an outline's area (its centroid); the mean of its corners
/// when it has no area.
pub fn centroid(outline: &[(f32, f32)]) -> (f32, f32) {
    let area = signed_area(outline);
    if area.abs() < 1e-3 {
        let n = outline.len().max(1) as f32;
        let (x, y) = outline
            .iter()
            .fold((0.0, 0.0), |(x, y), p| (x + p.0, y + p.1));
        return (x / n, y / n);
    }
    let (mut cx, mut cy) = (0.0, 0.0);
    for (a, b) in edges(outline) {
        let k = a.0 * b.1 - b.0 * a.1;
        cx += (a.0 + b.0) * k;
        cy += (a.1 + b.1) * k;
    }
    (cx / (6.0 * area), cy / (6.0 * area))
}

fn cross(o: (f32, f32), a: (f32, f32), b: (f32, f32)) -> f32 {
    (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
}

/// Whether segments ab and cd cross at a point inside both: each one's
/// ends lie on either side of the other's line, further from it than
/// [`SAME_LINE`]. Touching at an end, or running along each other (a
/// border drawn twice, a little apart), is not crossing.
pub fn segments_cross(a: (f32, f32), b: (f32, f32), c: (f32, f32), d: (f32, f32)) -> bool {
    let (ab, cd) = ((b.0 - a.0).hypot(b.1 - a.1), (d.0 - c.0).hypot(d.1 - c.1));
    if ab <= f32::EPSILON || cd <= f32::EPSILON {
        return false;
    }
    // Signed distances from the other segment's line.
    let (d1, d2) = (cross(c, d, a) / cd, cross(c, d, b) / cd);
    let (d3, d4) = (cross(a, b, c) / ab, cross(a, b, d) / ab);
    let eps = SAME_LINE;
    ((d1 > eps && d2 < -eps) || (d1 < -eps && d2 > eps))
        && ((d3 > eps && d4 < -eps) || (d3 < -eps && d4 > eps))
}

/// The first two edges (by index) of an outline that cross, if any.
pub fn self_crossing(outline: &[(f32, f32)]) -> Option<(usize, usize)> {
    let n = outline.len();
    let e: Vec<_> = edges(outline).collect();
    for i in 0..n {
        for j in i + 1..n {
            // Neighbouring edges share a corner.
            if j == i + 1 || (i == 0 && j == n - 1) {
                continue;
            }
            if segments_cross(e[i].0, e[i].1, e[j].0, e[j].1) {
                return Some((i, j));
            }
        }
    }
    None
}

/// Whether `p` lies inside the outline (even-odd), not on its edge.
pub fn contains(outline: &[(f32, f32)], p: (f32, f32)) -> bool {
    let mut inside = false;
    for (a, b) in edges(outline) {
        if (a.1 > p.1) != (b.1 > p.1) {
            let x = a.0 + (p.1 - a.1) / (b.1 - a.1) * (b.0 - a.0);
            if p.0 < x {
                inside = !inside;
            }
        }
    }
    inside
}

/// How far `p` is from the segment ab.
pub fn distance_to_segment(p: (f32, f32), a: (f32, f32), b: (f32, f32)) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 <= f32::EPSILON {
        0.0
    } else {
        (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0)
    };
    (p.0 - a.0 - t * dx).hypot(p.1 - a.1 - t * dy)
}

/// The shortest a shared stretch of border is, in points.
const MIN_SHARED: f32 = 1.0;
/// How far apart two borders may lie and still be one.
const SAME_LINE: f32 = 0.5;

/// An outline's bounds: (min x, min y, max x, max y).
fn bounds(o: &[(f32, f32)]) -> (f32, f32, f32, f32) {
    o.iter().fold(
        (
            f32::INFINITY,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NEG_INFINITY,
        ),
        |(x0, y0, x1, y1), &(x, y)| (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
    )
}

/// Whether two outlines' bounds, grown by [`SAME_LINE`], meet: outlines
/// whose bounds do not can neither share a border nor overlap (checked
/// first, so that far areas of many corners cost nothing).
fn near(a: &[(f32, f32)], b: &[(f32, f32)]) -> bool {
    let (a, b) = (bounds(a), bounds(b));
    a.0 <= b.2 + SAME_LINE
        && b.0 <= a.2 + SAME_LINE
        && a.1 <= b.3 + SAME_LINE
        && b.1 <= a.3 + SAME_LINE
}

/// Whether two outlines share a stretch of border (at least a point long):
/// an edge of one lies along an edge of the other.
pub fn share_border(a: &[(f32, f32)], b: &[(f32, f32)]) -> bool {
    if !near(a, b) {
        return false;
    }
    for (p, q) in edges(a) {
        let len = (q.0 - p.0).hypot(q.1 - p.1);
        if len < MIN_SHARED {
            continue;
        }
        let dir = ((q.0 - p.0) / len, (q.1 - p.1) / len);
        for (r, s) in edges(b) {
            let line = |x: (f32, f32)| {
                let (vx, vy) = (x.0 - p.0, x.1 - p.1);
                (vx * dir.0 + vy * dir.1, (vx * dir.1 - vy * dir.0).abs())
            };
            let ((t0, off0), (t1, off1)) = (line(r), line(s));
            if off0 > SAME_LINE || off1 > SAME_LINE {
                continue;
            }
            let overlap = t0.max(t1).min(len) - t0.min(t1).max(0.0);
            if overlap >= MIN_SHARED {
                return true;
            }
        }
    }
    false
}

/// Whether the insides of two outlines overlap: an edge of one crosses an
/// edge of the other, or a point well inside one (a corner, the middle of
/// an edge) lies inside the other.
pub fn outlines_overlap(a: &[(f32, f32)], b: &[(f32, f32)]) -> bool {
    if !near(a, b) {
        return false;
    }
    for (p, q) in edges(a) {
        for (r, s) in edges(b) {
            if segments_cross(p, q, r, s) {
                return true;
            }
        }
    }
    let deep_inside = |x: (f32, f32), outline: &[(f32, f32)]| {
        contains(outline, x)
            && edges(outline).all(|(r, s)| distance_to_segment(x, r, s) > SAME_LINE)
    };
    let probes = |o: &[(f32, f32)]| -> Vec<(f32, f32)> {
        o.iter()
            .copied()
            .chain(edges(o).map(|(p, q)| ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0)))
            .collect()
    };
    probes(a).into_iter().any(|x| deep_inside(x, b))
        || probes(b).into_iter().any(|x| deep_inside(x, a))
        || (deep_inside(centroid(a), b) && contains(a, centroid(a)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(x: f32, y: f32, s: f32) -> Vec<(f32, f32)> {
        vec![(x, y), (x + s, y), (x + s, y + s), (x, y + s)]
    }

    #[test]
    fn squares_side_by_side_share_a_border_and_do_not_overlap() {
        let (a, b) = (square(0.0, 0.0, 10.0), square(10.0, 0.0, 10.0));
        assert!(share_border(&a, &b));
        assert!(!outlines_overlap(&a, &b));
        // Half a side along, still sharing a stretch.
        let c = square(10.0, 5.0, 10.0);
        assert!(share_border(&a, &c));
        // Touching at a corner only.
        let d = square(10.0, 10.0, 10.0);
        assert!(!share_border(&a, &d));
        assert!(!outlines_overlap(&a, &d));
        // Apart.
        assert!(!share_border(&a, &square(30.0, 0.0, 5.0)));
    }

    #[test]
    fn overlapping_and_nested_outlines_overlap() {
        let a = square(0.0, 0.0, 10.0);
        assert!(outlines_overlap(&a, &square(5.0, 5.0, 10.0)));
        assert!(outlines_overlap(&a, &square(2.0, 2.0, 3.0)));
        assert!(outlines_overlap(&square(2.0, 2.0, 3.0), &a));
        assert!(outlines_overlap(&a, &a.clone()));
    }

    #[test]
    fn a_border_drawn_twice_a_little_apart_is_shared_and_not_crossed() {
        // The shared side x = 100 drawn by each area with its own noise,
        // the second's corners in the other order round.
        let a = vec![(0.0, 0.0), (100.0, 0.0), (100.0, 100.0), (0.0, 100.0)];
        let b = vec![(99.98, 0.03), (200.0, 0.0), (200.0, 100.0), (100.03, 99.97)];
        assert!(share_border(&a, &b));
        assert!(share_border(&b, &a));
        assert!(!outlines_overlap(&a, &b));
        assert!(!segments_cross(
            (100.0, 0.0),
            (100.0, 100.0),
            (100.03, 99.97),
            (99.98, 0.03)
        ));
        // Two pieces apart by more than the tolerance are not one border.
        let c = vec![(101.0, 0.0), (200.0, 0.0), (200.0, 100.0), (101.0, 100.0)];
        assert!(!share_border(&a, &c));
    }

    #[test]
    fn a_bow_tie_crosses_itself_and_a_square_does_not() {
        let bow = vec![(0.0, 0.0), (10.0, 10.0), (10.0, 0.0), (0.0, 10.0)];
        assert_eq!(self_crossing(&bow), Some((0, 2)));
        assert_eq!(self_crossing(&square(0.0, 0.0, 10.0)), None);
        assert!((signed_area(&square(0.0, 0.0, 10.0)) - 100.0).abs() < 1e-3);
        let c = centroid(&square(0.0, 0.0, 10.0));
        assert!((c.0 - 5.0).abs() < 1e-3 && (c.1 - 5.0).abs() < 1e-3);
        assert!(contains(&square(0.0, 0.0, 10.0), (5.0, 5.0)));
        assert!(!contains(&square(0.0, 0.0, 10.0), (15.0, 5.0)));
    }
}
