//! Layout: a rule illustration drawn — the excerpt of its map cut from the
//! map's own drawing (as a tile is: shapes clipped at the excerpt's edge,
//! a cell's code or a place's name shown only whole; on a map of places the
//! box round the places it shows), highlighted hexes (or places) ringed, the counters'
//! front faces (as counters.pdf draws them) centred on their hexes with
//! stacks offset, arrows along their paths of hexes and small labels, in
//! a frame. Input: the resolved figure, the map's drawing and the
//! counters' faces; output: items at the map's true scale with the
//! excerpt's top-left at (0, 0), for the rulebook to scale into a column
//! and the HTML reference to write as SVG. Pure.

use super::doc::{Geometry, Ink, Item, Stroke};
use super::map::{MapDrawing, centred_text, circle, excerpt_items, polygon, thick_line};
use super::places::{annulus, inset_outline};
use crate::model::figure::ResolvedFigure;
use crate::model::map::Cell;
use crate::model::places::{PlaceKind, Places};
use crate::model::{Located, Map, PathEl};
use crate::text::{FaceId, FontBook};

/// A figure drawn at the map's scale.
#[derive(Clone, Debug, PartialEq)]
pub struct FigureDrawing {
    pub width: f32,
    pub height: f32,
    pub items: Vec<Item>,
}

/// What a figure is drawn from.
pub struct FigureParts<'a> {
    pub map: &'a Map,
    pub drawing: &'a MapDrawing,
    pub figure: &'a ResolvedFigure,
    /// The front face of each of the figure's counters, in its order:
    /// items `counter_size` points square with the top-left at (0, 0).
    pub faces: &'a [Vec<Item>],
    pub counter_size: f32,
    /// The face labels are set in.
    pub label_face: FaceId,
    pub book: &'a FontBook,
}

/// A counter in a figure is at most this share of a cell across (a game
/// whose counters print larger than its hexes still shows the hex under them).
pub const MOST_OF_CELL: f32 = 0.8;

/// Each counter stacked on another is offset by this share of its side,
/// right and up.
pub const STACK_STEP: f32 = 0.12;

/// The ring around a highlighted hex.
const HIGHLIGHT: Ink = Ink::Rgb([1.0, 0.76, 0.0]);
/// An arrow's colour.
pub const ARROW: Ink = Ink::Rgb([0.8, 0.09, 0.1]);

/// The side of a counter in a figure whose counters print `counter_size`
/// on a map of cells `cell` across.
pub fn figure_counter_size(counter_size: f32, cell: f32) -> f32 {
    counter_size.min(cell * MOST_OF_CELL)
}

/// The centre of each counter of a stack of `n` on a hex centred at `(cx,
/// cy)` (the whole stack centred there), the first at the bottom.
pub fn stack_centres((cx, cy): (f32, f32), n: usize, side: f32) -> Vec<(f32, f32)> {
    let step = side * STACK_STEP;
    let mid = (n as f32 - 1.0) / 2.0;
    (0..n)
        .map(|k| {
            let off = (k as f32 - mid) * step;
            (cx + off, cy - off)
        })
        .collect()
}

/// The excerpt's rectangle on the map (x, y, w, h, map coordinates): the
/// bounds of its cells; on a map of places, the box round everything
/// printed for the places it shows and marks, with a margin, cut at the
/// map's edge.
pub fn excerpt_region(map: &Map, drawing: &MapDrawing, figure: &ResolvedFigure) -> [f32; 4] {
    if let Some(places) = &map.places {
        return places_region(places, drawing, figure);
    }
    let grid = &map.grid;
    let mut b = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for r in figure.from.1..=figure.to.1 {
        for c in figure.from.0..=figure.to.0 {
            for (x, y) in grid.outline((c, r)) {
                b = (b.0.min(x), b.1.min(y), b.2.max(x), b.3.max(y));
            }
        }
    }
    [b.0, b.1, b.2 - b.0, b.3 - b.1]
}

/// The room round a map of places' excerpt, as a share of a space.
pub const PLACES_MARGIN: f32 = 0.25;

fn places_region(places: &Places, drawing: &MapDrawing, figure: &ResolvedFigure) -> [f32; 4] {
    let m = drawing.margin;
    let named = figure
        .places
        .iter()
        .chain(figure.counters.iter().map(|(c, _, _)| c))
        .chain(figure.arrows.iter().flatten())
        .chain(&figure.highlight)
        .chain(figure.labels.iter().map(|(c, _)| c));
    let mut b = [f32::MAX, f32::MAX, f32::MIN, f32::MIN];
    for cell in named {
        if let Some(mark) = drawing.places.get(cell.0 as usize) {
            let e = mark.bounds();
            b = [
                b[0].min(e[0]),
                b[1].min(e[1]),
                b[2].max(e[2]),
                b[3].max(e[3]),
            ];
        }
    }
    if b[0] > b[2] {
        return [0.0, 0.0, places.width, places.height];
    }
    let pad = places.space * PLACES_MARGIN;
    let x0 = (b[0] - m - pad).max(0.0);
    let y0 = (b[1] - m - pad).max(0.0);
    let x1 = (b[2] - m + pad).min(places.width);
    let y1 = (b[3] - m + pad).min(places.height);
    [x0, y0, (x1 - x0).max(1.0), (y1 - y0).max(1.0)]
}

/// What a figure's marks are placed by: a grid's cells or a map's places.
struct Board<'a> {
    map: &'a Map,
    drawing: &'a MapDrawing,
    /// A cell's side (a grid's), or a space's diameter.
    size: f32,
    /// A counter's side in the figure.
    counter: f32,
}

/// The gap between an area's name and the counters under it.
const UNDER_NAME: f32 = 2.0;

impl Board<'_> {
    /// Where a cell's (or a place's) counters are centred, on the map: a
    /// hex's centre, a space's, or on an area just under its name (which
    /// stays in sight).
    fn centre(&self, cell: Cell) -> (f32, f32) {
        let Some(p) = &self.map.places else {
            return self.map.grid.centre(cell);
        };
        let i = cell.0 as usize;
        let at = p.places.get(i).map_or((0.0, 0.0), |p| p.at);
        if p.kind == PlaceKind::Points {
            return at;
        }
        match self.drawing.places.get(i).and_then(|m| m.name) {
            Some(name) => (
                at.0,
                name[3] - self.drawing.margin + UNDER_NAME + self.counter / 2.0,
            ),
            None => at,
        }
    }

    /// The top of a space's circle (its ring included), on the map: labels
    /// go above it, its name being under it; None on a grid or an area.
    fn space_top(&self, cell: Cell) -> Option<f32> {
        let p = self.map.places.as_ref()?;
        if p.kind != PlaceKind::Points {
            return None;
        }
        let m = self.drawing.places.get(cell.0 as usize)?;
        Some(m.marker[1] - self.drawing.margin)
    }

    /// A highlight's ring round a cell (or place), `ring` wide, as an
    /// outline with its hole, with the excerpt's top-left at (x0, y0).
    fn highlight(&self, cell: Cell, ring: f32, (x0, y0): (f32, f32)) -> Vec<PathEl> {
        let (cx, cy) = match &self.map.places {
            Some(p) => p.places.get(cell.0 as usize).map_or((0.0, 0.0), |p| p.at),
            None => self.map.grid.centre(cell),
        };
        let (cx, cy) = (cx - x0, cy - y0);
        let outline: Vec<(f32, f32)> = match &self.map.places {
            Some(p) => {
                let Some(place) = p.places.get(cell.0 as usize) else {
                    return Vec::new();
                };
                if p.kind == PlaceKind::Points {
                    // Just inside the space's circle, as on a hex (its
                    // name, under the circle, stays in sight).
                    let r = p.space / 2.0;
                    return annulus((cx, cy), r, r - ring);
                }
                place
                    .outline
                    .iter()
                    .map(|&(x, y)| (x - x0, y - y0))
                    .collect()
            }
            None => self
                .map
                .grid
                .outline(cell)
                .into_iter()
                .map(|(x, y)| (x - x0, y - y0))
                .collect(),
        };
        let inside: Vec<(f32, f32)> = match &self.map.places {
            Some(_) => inset_outline(&outline, (cx, cy), ring)
                .into_iter()
                .rev()
                .collect(),
            None => {
                let rad = self.map.grid.radius();
                let inner = (rad - ring) / rad;
                outline
                    .iter()
                    .rev()
                    .map(|&(x, y)| (cx + (x - cx) * inner, cy + (y - cy) * inner))
                    .collect()
            }
        };
        let mut path = polygon(&outline);
        path.extend(polygon(&inside));
        path
    }
}

/// A figure label that cannot be drawn as written.
#[derive(Clone, Debug, PartialEq)]
pub enum LabelProblem {
    /// The font lacks some of its characters.
    Unsettable(Located<String>),
    /// It is wider than the figure's frame (its width and the room, in points).
    TooWide {
        label: Located<String>,
        width: f32,
        room: f32,
    },
}

/// Draws the figure; a label that cannot be set, or is wider than the
/// frame, is an error (never text cut off at the frame).
pub fn draw_figure(parts: &FigureParts<'_>) -> Result<FigureDrawing, LabelProblem> {
    let FigureParts {
        map,
        drawing,
        figure,
        ..
    } = *parts;
    let size = map.places.as_ref().map_or(map.grid.size, |p| p.space);
    let board = Board {
        map,
        drawing,
        size,
        counter: figure_counter_size(parts.counter_size, size),
    };
    let [x0, y0, w, h] = excerpt_region(map, drawing, figure);
    let m = drawing.margin;
    let mut items = excerpt_items(drawing, [x0 + m, y0 + m, w, h], parts.book);
    let at = |cell: Cell| {
        let (x, y) = board.centre(cell);
        (x - x0, y - y0)
    };
    let clip = [0.0, 0.0, w, h];
    let clipped = |mut item: Item| {
        if let Item::Shape(shape) = &mut item {
            shape.clip = Some(clip);
        }
        item
    };
    // Highlighted hexes: a ring just inside the hex's edge, under the
    // counters (a counter is narrower than its hex: the ring shows round it).
    let ring = board.size * 0.09;
    for &cell in &figure.highlight {
        let path = board.highlight(cell, ring, (x0, y0));
        items.push(clipped(Geometry::Path(path).filled(HIGHLIGHT)));
    }
    // Counters, stacked in the order given on each hex.
    let s = board.counter;
    let k = s / parts.counter_size;
    let mut hexes: Vec<(Cell, Vec<usize>)> = Vec::new();
    for (i, &(cell, _, _)) in figure.counters.iter().enumerate() {
        match hexes.iter_mut().find(|(c, _)| *c == cell) {
            Some((_, stack)) => stack.push(i),
            None => hexes.push((cell, vec![i])),
        }
    }
    // Each stack's bottom and top edges.
    let mut stack_tops: Vec<(Cell, f32, f32)> = Vec::new();
    for (cell, stack) in &hexes {
        let centres = stack_centres(at(*cell), stack.len(), s);
        for (&i, &(cx, cy)) in stack.iter().zip(&centres) {
            let (x, y) = (cx - s / 2.0, cy - s / 2.0);
            let shadow = s * 0.05;
            items.push(Geometry::rect(x + shadow, y + shadow, s, s, 0.0).filled(Ink::Gray(0.25)));
            if let Some(face) = parts.faces.get(i) {
                items.extend(face.iter().map(|item| item.scaled(k).translated(x, y)));
            }
            items.push(Geometry::rect(x, y, s, s, 0.0).stroked(Stroke::solid(0.5)));
        }
        let bottom = centres
            .iter()
            .map(|c| c.1 + s / 2.0)
            .fold(f32::MIN, f32::max);
        let top = centres
            .iter()
            .map(|c| c.1 - s / 2.0)
            .fold(f32::MAX, f32::min);
        stack_tops.push((*cell, bottom, top));
    }
    // Arrows over the counters: a white casing, then the arrow.
    let body = board.size * 0.07;
    for path in &figure.arrows {
        let points: Vec<(f32, f32)> = path.iter().map(|&c| at(c)).collect();
        // From the edge of the counters it starts under, to the edge of
        // those it points at: the counters' faces stay in sight.
        let has_counters = |cell: Option<&Cell>| {
            cell.is_some_and(|c| figure.counters.iter().any(|(h, _, _)| h == c))
        };
        let ends = (
            if has_counters(path.first()) {
                s * 0.5
            } else {
                0.0
            },
            if has_counters(path.last()) {
                s * 0.5 + body
            } else {
                board.size * 0.22
            },
        );
        for (width, grow, ink) in [(body + 2.4, 1.2, Ink::Gray(1.0)), (body, 0.0, ARROW)] {
            let shape = arrow(&points, width, ends, grow);
            if !shape.is_empty() {
                items.push(clipped(Geometry::Path(shape).filled(ink)));
            }
        }
    }
    // Labels: on the hex, or just below the counters on it; on a space
    // (whose name is under it) just above its circle and counters.
    let size = (board.size * 0.15).clamp(6.0, 12.0);
    for (cell, text) in &figure.labels {
        let (cx, cy) = at(*cell);
        let pad = size * 0.3;
        let baseline = match (
            stack_tops.iter().find(|(c, _, _)| c == cell),
            board.space_top(*cell),
        ) {
            (stack, Some(top)) => {
                let top = stack.map_or(top - y0, |&(_, _, t)| t.min(top - y0));
                top - 1.0 - pad - size * 0.18
            }
            (Some(&(_, bottom, _)), None) => bottom + size * 1.05,
            (None, None) => cy + size * 0.35,
        };
        let Some(mut item) = centred_text(
            parts.book,
            parts.label_face,
            size,
            &text.value,
            cx,
            baseline,
        ) else {
            return Err(LabelProblem::Unsettable(text.clone()));
        };
        let (box_w, box_h) = (item.width + 2.0 * pad, size + 2.0 * pad);
        if box_w > w {
            return Err(LabelProblem::TooWide {
                label: text.clone(),
                width: box_w,
                room: w,
            });
        }
        // Inside the frame, whatever the hex's place: below the bottom
        // row's counters it moves up until it shows whole.
        let top = (baseline - size * 0.82 - pad).clamp(0.0, (h - box_h).max(0.0));
        let baseline = top + pad + size * 0.82;
        item.y = baseline;
        let left = (item.x - pad).clamp(0.0, w - box_w);
        item.x = left + pad;
        items.push(Geometry::rect(left, top, box_w, box_h, pad).filled(Ink::Gray(1.0)));
        items.push(Geometry::rect(left, top, box_w, box_h, pad).stroked(Stroke::solid(0.6)));
        items.push(Item::Text(item));
    }
    items.push(Geometry::rect(0.0, 0.0, w, h, 0.0).stroked(Stroke::solid(1.0)));
    Ok(FigureDrawing {
        width: w,
        height: h,
        items,
    })
}

/// An arrow through `points` (hex centres), `width` wide, as one outline
/// of pieces wound alike: from a dot `ends.0` along the first step from
/// the first centre, its head's tip `ends.1` short of the last centre;
/// `grow` widens it for a casing. Its head is sized to its width.
fn arrow(points: &[(f32, f32)], width: f32, ends: (f32, f32), grow: f32) -> Vec<PathEl> {
    let mut path = Vec::new();
    let n = points.len();
    if n < 2 {
        return path;
    }
    let (p, q) = (points[n - 2], points[n - 1]);
    let (dx, dy) = (q.0 - p.0, q.1 - p.1);
    let len = dx.hypot(dy);
    if len <= f32::EPSILON {
        return path;
    }
    let (ux, uy) = (dx / len, dy / len);
    // The body's own width, without the casing's.
    let body = width - 2.0 * grow;
    let head = body * 4.0;
    // Room for the head and a little body on the last step (and the
    // first): ends that leave less are brought in, in proportion.
    let first_len = (points[1].0 - points[0].0).hypot(points[1].1 - points[0].1);
    let ends = if n == 2 {
        let room = (len - head * 1.6).max(0.0);
        let k = (room / (ends.0 + ends.1).max(f32::EPSILON)).min(1.0);
        (ends.0 * k, ends.1 * k)
    } else {
        (
            ends.0.min(first_len * 0.5),
            ends.1.min((len - head * 1.6).max(0.0)),
        )
    };
    let tip_back = ends.1 - grow;
    let tip = (q.0 - ux * tip_back, q.1 - uy * tip_back);
    let head_len = head + 2.0 * grow;
    let half = body * 1.9 + grow;
    let base = (tip.0 - ux * head_len, tip.1 - uy * head_len);
    // The start, moved along the first step.
    let (s0, s1) = (points[0], points[1]);
    let first = first_len.max(f32::EPSILON);
    let start = (
        s0.0 + (s1.0 - s0.0) / first * ends.0,
        s0.1 + (s1.1 - s0.1) / first * ends.0,
    );
    let mut points = points.to_vec();
    points[0] = start;
    let p = if n == 2 { start } else { p };
    circle(&mut path, start, width * 1.1);
    for pair in points[..n - 1].windows(2) {
        thick_line(&mut path, pair[0], pair[1], width);
    }
    // The last step stops under the head.
    let under = (base.0 + ux * head_len * 0.3, base.1 + uy * head_len * 0.3);
    thick_line(&mut path, p, under, width);
    // Wound as thick_line's pieces are (both turn the same way along the arrow).
    let (nx, ny) = (-uy * half, ux * half);
    path.extend(polygon(&[
        (base.0 + nx, base.1 + ny),
        tip,
        (base.0 - nx, base.1 - ny),
    ]));
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stack_is_centred_on_its_hex_and_climbs_right_and_up() {
        let one = stack_centres((100.0, 50.0), 1, 40.0);
        assert_eq!(one, [(100.0, 50.0)]);
        let three = stack_centres((100.0, 50.0), 3, 40.0);
        let step = 40.0 * STACK_STEP;
        assert_eq!(three[1], (100.0, 50.0));
        assert!((three[2].0 - three[0].0 - 2.0 * step).abs() < 1e-4);
        assert!((three[0].1 - three[2].1 - 2.0 * step).abs() < 1e-4);
        assert_eq!(figure_counter_size(54.0, 72.0), 54.0);
        assert!((figure_counter_size(54.0, 36.0) - 28.8).abs() < 1e-4);
    }
}
