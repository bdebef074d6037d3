//! Layout: a unit symbol (APP-6 / MIL-STD-2525 style) drawn as vector
//! shapes — the frame of its affiliation filled in that affiliation's
//! colour, the function icons inside, the echelon mark over it — from a
//! model [`UnitSymbol`], centred where the caller asks.

use super::doc::{Geometry, Ink, Item, Stroke};
use crate::model::PathEl;
use crate::model::nato::{Affiliation, EchelonMark, Function, UnitSymbol};

/// Cubic Bézier handle length for a quarter circle of radius 1.
const KAPPA: f32 = 0.552_284_8;

/// A rectangle: left, top, width, height.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Box2 {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

impl Box2 {
    fn centre(&self) -> (f32, f32) {
        (self.x + self.w / 2.0, self.y + self.h / 2.0)
    }
}

/// How tall `symbol` stands `width` wide, above and below its frame's
/// centre: the echelon mark over it and a headquarters staff under it
/// included.
pub fn symbol_extent(symbol: &UnitSymbol, width: f32) -> (f32, f32) {
    let half = frame_half_height(symbol.affiliation, width);
    let above = match symbol.echelon {
        Some(_) => half + mark_height(width) * 1.3,
        None => half,
    };
    let below = if symbol.functions.contains(&Function::Headquarters) {
        staff_bottom(width).max(half)
    } else {
        half
    };
    (above, below)
}

/// How far below the frame's centre a headquarters staff ends.
fn staff_bottom(width: f32) -> f32 {
    width * 2.0 / 3.0 * 1.1
}

/// The symbol with its frame centred on (cx, cy), a friendly frame `width`
/// wide (other frames are sized to match it, as APP-6 sizes them).
pub fn unit_symbol(symbol: &UnitSymbol, cx: f32, cy: f32, width: f32) -> Vec<Item> {
    let line = Stroke::solid((width * 0.03).max(0.4));
    let (frame, icons) = frame_and_icon_box(symbol.affiliation, cx, cy, width);
    let mut items = vec![
        Geometry::Path(frame.clone()).filled(fill(symbol.affiliation)),
        Geometry::Path(frame).stroked(line),
    ];
    for function in &symbol.functions {
        items.extend(function_icon(*function, icons, line));
    }
    if symbol.functions.contains(&Function::Headquarters) {
        let (x, y) = staff_foot(symbol.affiliation, cx, cy, width);
        let bottom = cy + staff_bottom(width);
        items.push(Geometry::line(x, y, x, bottom).stroked(line));
    }
    if let Some(echelon) = symbol.echelon {
        let top = cy - frame_half_height(symbol.affiliation, width);
        items.extend(echelon_mark(echelon.mark(), cx, top, width, line));
    }
    items
}

/// The standard fill of each affiliation's frame.
fn fill(affiliation: Affiliation) -> Ink {
    Ink::Rgb(match affiliation {
        Affiliation::Friend => [0.502, 0.878, 1.0],
        Affiliation::Hostile => [1.0, 0.502, 0.502],
        Affiliation::Neutral => [0.667, 1.0, 0.667],
        Affiliation::Unknown => [1.0, 1.0, 0.502],
    })
}

/// Half the height of the frame.
fn frame_half_height(affiliation: Affiliation, width: f32) -> f32 {
    match affiliation {
        Affiliation::Friend => width / 3.0,
        Affiliation::Hostile => width * 0.45,
        Affiliation::Neutral => width * 0.36,
        Affiliation::Unknown => width * 0.42,
    }
}

/// Where a headquarters staff leaves the frame: its lower left corner (the
/// left point of a diamond, the lower left of a quatrefoil's square).
fn staff_foot(affiliation: Affiliation, cx: f32, cy: f32, width: f32) -> (f32, f32) {
    match affiliation {
        Affiliation::Friend => (cx - width / 2.0, cy + width / 3.0),
        Affiliation::Hostile => (cx - width * 0.45, cy),
        Affiliation::Neutral => (cx - width * 0.36, cy + width * 0.36),
        Affiliation::Unknown => (cx - width * 0.21, cy + width * 0.21),
    }
}

/// The frame's outline and the box its function icons are drawn in (the
/// frame itself for a rectangle, the square inside it for the others).
fn frame_and_icon_box(
    affiliation: Affiliation,
    cx: f32,
    cy: f32,
    width: f32,
) -> (Vec<PathEl>, Box2) {
    match affiliation {
        Affiliation::Friend => {
            let b = Box2 {
                x: cx - width / 2.0,
                y: cy - width / 3.0,
                w: width,
                h: width * 2.0 / 3.0,
            };
            (rectangle(b), b)
        }
        Affiliation::Hostile => {
            let d = width * 0.45;
            let path = vec![
                PathEl::MoveTo(cx, cy - d),
                PathEl::LineTo(cx + d, cy),
                PathEl::LineTo(cx, cy + d),
                PathEl::LineTo(cx - d, cy),
                PathEl::Close,
            ];
            (
                path,
                Box2 {
                    x: cx - d / 2.0,
                    y: cy - d / 2.0,
                    w: d,
                    h: d,
                },
            )
        }
        Affiliation::Neutral => {
            let s = width * 0.36;
            let b = Box2 {
                x: cx - s,
                y: cy - s,
                w: 2.0 * s,
                h: 2.0 * s,
            };
            (rectangle(b), b)
        }
        Affiliation::Unknown => {
            // Four circles' outer arcs round a square: a quatrefoil.
            let r = width * 0.21;
            let mut path = Vec::new();
            // Outward normals of the inner square's sides: top, right, bottom, left.
            let normals = [(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)];
            path.push(PathEl::MoveTo(cx - r, cy - r));
            for (i, n) in normals.into_iter().enumerate() {
                let (start, end) = corner_pair(i, cx, cy, r);
                path.extend(half_circle(start, end, n, r));
            }
            path.push(PathEl::Close);
            let side = r * 1.6;
            (
                path,
                Box2 {
                    x: cx - side / 2.0,
                    y: cy - side / 2.0,
                    w: side,
                    h: side,
                },
            )
        }
    }
}

/// The corners of the inner square at either end of side `i` (top, right,
/// bottom, left), clockwise.
fn corner_pair(i: usize, cx: f32, cy: f32, r: f32) -> ((f32, f32), (f32, f32)) {
    let corners = [
        (cx - r, cy - r),
        (cx + r, cy - r),
        (cx + r, cy + r),
        (cx - r, cy + r),
    ];
    (corners[i], corners[(i + 1) % 4])
}

/// Two quarter circles from `start` to `end` (the ends of a diameter),
/// bulging `r` out along the unit normal `n`.
fn half_circle(start: (f32, f32), end: (f32, f32), n: (f32, f32), r: f32) -> Vec<PathEl> {
    let (mx, my) = ((start.0 + end.0) / 2.0, (start.1 + end.1) / 2.0);
    let apex = (mx + n.0 * r, my + n.1 * r);
    let k = KAPPA * r;
    // The direction along the diameter, start to end.
    let (tx, ty) = ((end.0 - start.0) / (2.0 * r), (end.1 - start.1) / (2.0 * r));
    vec![
        PathEl::CurveTo(
            start.0 + n.0 * k,
            start.1 + n.1 * k,
            apex.0 - tx * k,
            apex.1 - ty * k,
            apex.0,
            apex.1,
        ),
        PathEl::CurveTo(
            apex.0 + tx * k,
            apex.1 + ty * k,
            end.0 + n.0 * k,
            end.1 + n.1 * k,
            end.0,
            end.1,
        ),
    ]
}

fn rectangle(b: Box2) -> Vec<PathEl> {
    vec![
        PathEl::MoveTo(b.x, b.y),
        PathEl::LineTo(b.x + b.w, b.y),
        PathEl::LineTo(b.x + b.w, b.y + b.h),
        PathEl::LineTo(b.x, b.y + b.h),
        PathEl::Close,
    ]
}

/// An ellipse as four Bézier quarters.
fn ellipse(cx: f32, cy: f32, rx: f32, ry: f32) -> Vec<PathEl> {
    let (kx, ky) = (KAPPA * rx, KAPPA * ry);
    vec![
        PathEl::MoveTo(cx + rx, cy),
        PathEl::CurveTo(cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
        PathEl::CurveTo(cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
        PathEl::CurveTo(cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
        PathEl::CurveTo(cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy),
        PathEl::Close,
    ]
}

/// The icon of one function inside the box `b`.
fn function_icon(function: Function, b: Box2, line: Stroke) -> Vec<Item> {
    let (cx, cy) = b.centre();
    let (l, t, r, btm) = (b.x, b.y, b.x + b.w, b.y + b.h);
    let stroke = |x1, y1, x2, y2| Geometry::line(x1, y1, x2, y2).stroked(line);
    let armour = || {
        // A track: a stadium half the box's height.
        let (rx, ry) = (b.w * 0.3, b.h * 0.2);
        let path = vec![
            PathEl::MoveTo(cx - rx + ry, cy - ry),
            PathEl::LineTo(cx + rx - ry, cy - ry),
            PathEl::CurveTo(
                cx + rx - ry + KAPPA * ry,
                cy - ry,
                cx + rx,
                cy - KAPPA * ry,
                cx + rx,
                cy,
            ),
            PathEl::CurveTo(
                cx + rx,
                cy + KAPPA * ry,
                cx + rx - ry + KAPPA * ry,
                cy + ry,
                cx + rx - ry,
                cy + ry,
            ),
            PathEl::LineTo(cx - rx + ry, cy + ry),
            PathEl::CurveTo(
                cx - rx + ry - KAPPA * ry,
                cy + ry,
                cx - rx,
                cy + KAPPA * ry,
                cx - rx,
                cy,
            ),
            PathEl::CurveTo(
                cx - rx,
                cy - KAPPA * ry,
                cx - rx + ry - KAPPA * ry,
                cy - ry,
                cx - rx + ry,
                cy - ry,
            ),
            PathEl::Close,
        ];
        Geometry::Path(path).stroked(line)
    };
    match function {
        Function::Infantry => vec![stroke(l, t, r, btm), stroke(l, btm, r, t)],
        Function::Reconnaissance => vec![stroke(l, btm, r, t)],
        Function::Armour => vec![armour()],
        Function::Mechanised => vec![stroke(l, t, r, btm), stroke(l, btm, r, t), armour()],
        Function::Artillery => {
            let radius = b.h * 0.13;
            vec![Geometry::Path(ellipse(cx, cy, radius, radius)).filled(Ink::BLACK)]
        }
        Function::AntiTank => vec![stroke(l, btm, cx, t), stroke(cx, t, r, btm)],
        Function::AirDefence => {
            let top = btm - b.h * 0.35;
            let path = vec![
                PathEl::MoveTo(l, btm),
                PathEl::CurveTo(l, top, r, top, r, btm),
            ];
            vec![Geometry::Path(path).stroked(line)]
        }
        Function::Engineer => {
            let (half, y, leg) = (b.w * 0.25, cy - b.h * 0.1, b.h * 0.25);
            vec![
                stroke(cx - half, y, cx + half, y),
                stroke(cx - half, y, cx - half, y + leg),
                stroke(cx, y, cx, y + leg),
                stroke(cx + half, y, cx + half, y + leg),
            ]
        }
        // Drawn outside the frame by the caller.
        Function::Headquarters => Vec::new(),
        Function::Supply => {
            let y = t + b.h * 0.78;
            vec![stroke(l, y, r, y)]
        }
    }
}

fn mark_height(width: f32) -> f32 {
    width * 0.14
}

/// The echelon mark centred over a frame whose top is at `top`.
fn echelon_mark(
    (mark, count): (EchelonMark, usize),
    cx: f32,
    top: f32,
    width: f32,
    line: Stroke,
) -> Vec<Item> {
    let h = mark_height(width);
    let mid = top - h * 0.5 - h * 0.25;
    let pitch = match mark {
        EchelonMark::Dot | EchelonMark::Slashed => h * 0.8,
        EchelonMark::Bar => h * 0.5,
        EchelonMark::Cross => h * 1.1,
    };
    let first = cx - pitch * (count as f32 - 1.0) / 2.0;
    let mut items = Vec::new();
    for n in 0..count {
        let x = first + pitch * n as f32;
        match mark {
            EchelonMark::Dot => {
                let r = h * 0.28;
                items.push(Geometry::Path(ellipse(x, mid, r, r)).filled(Ink::BLACK));
            }
            EchelonMark::Slashed => {
                let r = h * 0.35;
                items.push(Geometry::Path(ellipse(x, mid, r, r)).stroked(line));
                items.push(
                    Geometry::line(x - r * 1.2, mid + r * 1.2, x + r * 1.2, mid - r * 1.2)
                        .stroked(line),
                );
            }
            EchelonMark::Bar => {
                items.push(Geometry::line(x, mid - h / 2.0, x, mid + h / 2.0).stroked(line));
            }
            EchelonMark::Cross => {
                let d = h * 0.45;
                items.push(Geometry::line(x - d, mid - d, x + d, mid + d).stroked(line));
                items.push(Geometry::line(x - d, mid + d, x + d, mid - d).stroked(line));
            }
        }
    }
    items
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::doc::Shape;
    use crate::model::nato::Echelon;

    fn symbol(
        affiliation: Affiliation,
        functions: &[Function],
        echelon: Option<Echelon>,
    ) -> UnitSymbol {
        UnitSymbol {
            affiliation,
            functions: functions.to_vec(),
            echelon,
        }
    }

    /// Every point a symbol draws, with whether it is the frame's.
    fn points(items: &[Item]) -> Vec<(f32, f32)> {
        let mut out = Vec::new();
        for item in items {
            if let Item::Shape(Shape { geometry, .. }) = item {
                match geometry {
                    Geometry::Line { x1, y1, x2, y2 } => out.extend([(*x1, *y1), (*x2, *y2)]),
                    Geometry::Path(els) => {
                        for el in els {
                            match el {
                                PathEl::MoveTo(x, y) | PathEl::LineTo(x, y) => out.push((*x, *y)),
                                PathEl::CurveTo(_, _, _, _, x, y) => out.push((*x, *y)),
                                PathEl::Close => {}
                            }
                        }
                    }
                    Geometry::Rect { x, y, w, h, .. } => out.extend([(*x, *y), (x + w, y + h)]),
                }
            }
        }
        out
    }

    #[test]
    fn icons_stay_inside_the_frame_and_marks_above_it_for_every_affiliation() {
        let width = 60.0;
        for affiliation in [
            Affiliation::Friend,
            Affiliation::Hostile,
            Affiliation::Neutral,
            Affiliation::Unknown,
        ] {
            let half = frame_half_height(affiliation, width);
            for function in [
                Function::Infantry,
                Function::Armour,
                Function::Mechanised,
                Function::Reconnaissance,
                Function::Artillery,
                Function::AntiTank,
                Function::AirDefence,
                Function::Engineer,
                Function::Supply,
            ] {
                let items =
                    unit_symbol(&symbol(affiliation, &[function], None), 100.0, 100.0, width);
                // Past the two frame items, every point lies within the frame's box.
                for (x, y) in points(&items[2..]) {
                    assert!(
                        (x - 100.0).abs() <= width / 2.0 + 0.01,
                        "{affiliation:?} {function:?} x {x}"
                    );
                    assert!(
                        (y - 100.0).abs() <= half + 0.01,
                        "{affiliation:?} {function:?} y {y}"
                    );
                }
            }
            let marked = unit_symbol(
                &symbol(affiliation, &[], Some(Echelon::Division)),
                100.0,
                100.0,
                width,
            );
            let (above, _) =
                symbol_extent(&symbol(affiliation, &[], Some(Echelon::Division)), width);
            let mark_points = points(&marked[2..]);
            assert!(!mark_points.is_empty());
            for (_, y) in mark_points {
                assert!(
                    y < 100.0 - half && y >= 100.0 - above - 0.01,
                    "{affiliation:?} mark at {y}"
                );
            }
        }
    }

    #[test]
    fn a_division_shows_two_crosses_and_a_battalion_two_bars() {
        let items = unit_symbol(
            &symbol(Affiliation::Friend, &[], Some(Echelon::Division)),
            0.0,
            0.0,
            60.0,
        );
        assert_eq!(items.len() - 2, 4, "two crosses of two strokes each");
        let items = unit_symbol(
            &symbol(Affiliation::Friend, &[], Some(Echelon::Battalion)),
            0.0,
            0.0,
            60.0,
        );
        assert_eq!(items.len() - 2, 2);
    }

    #[test]
    fn a_headquarters_staff_runs_down_from_the_lower_left_corner() {
        let items = unit_symbol(
            &symbol(Affiliation::Friend, &[Function::Headquarters], None),
            0.0,
            0.0,
            60.0,
        );
        let staff = items.last().expect("a staff");
        match staff {
            Item::Shape(Shape {
                geometry: Geometry::Line { x1, y1, x2, y2 },
                ..
            }) => {
                assert_eq!((*x1, *y1), (-30.0, 20.0));
                assert!(*x2 == -30.0 && *y2 > 20.0);
                let (_, below) = symbol_extent(
                    &symbol(Affiliation::Friend, &[Function::Headquarters], None),
                    60.0,
                );
                assert!(*y2 <= below + 0.01);
            }
            other => panic!("{other:?}"),
        }
    }
}
