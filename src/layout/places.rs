//! Layout: a map of places at true scale — areas filled in their terrain's
//! colour and outlined, connections drawn as their kind says (colour,
//! width, solid, dashed or double; on an area map only those joining
//! areas that share no border), spaces as circles, and on each place its
//! name and attributes (icons, a number badge, a colour ring, values as
//! text). Names and values are real text. Input: a loaded map, fonts and
//! icons; output: positioned items. Pure.

use super::doc::{Geometry, Ink, Item, Shape, Stroke, TextItem};
use super::map::{MapFaces, centred_text, circle, missing_glyph, polygon, thick_line};
use crate::diag::Diagnostic;
use crate::model::map::FeatureKind;
use crate::model::places::{AttributeShow, AttributeValue, Place, PlaceKind, Places, share_border};
use crate::model::{Icon, Map, PathEl, Rgb};
use crate::text::FontBook;

/// An area's fill when it names no terrain.
const PLAIN: Ink = Ink::Gray(0.96);
const BORDER: f32 = 1.0;

/// Where a place's marks print on the drawing (boxes `[left, top, right,
/// bottom]`): what a figure's excerpt is fitted round and what a track on
/// the map must keep off.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlaceMarks {
    /// A space's circle (its rings included), or an area's outline's bounds.
    pub marker: [f32; 4],
    /// The name (and values under it) on its white ground.
    pub name: Option<[f32; 4]>,
    /// Its attributes' badges and icons.
    pub badges: Vec<[f32; 4]>,
}

impl PlaceMarks {
    /// The bounds of everything printed for the place.
    pub fn bounds(&self) -> [f32; 4] {
        self.name
            .iter()
            .chain(&self.badges)
            .fold(self.marker, |a, b| {
                [
                    a[0].min(b[0]),
                    a[1].min(b[1]),
                    a[2].max(b[2]),
                    a[3].max(b[3]),
                ]
            })
    }
}

/// The items of the map's places, the map's top-left corner at (m, m),
/// and where each place's marks print (in the places' order).
pub fn draw_places(
    map: &Map,
    places: &Places,
    faces: MapFaces,
    book: &FontBook,
    icons: &[Icon],
    m: f32,
) -> Result<(Vec<Item>, Vec<PlaceMarks>), Vec<Diagnostic>> {
    let at = |(x, y): (f32, f32)| (x + m, y + m);
    let mut items = Vec::new();
    let fill = |place: &Place| -> Ink {
        place
            .terrain
            .as_ref()
            .map(|t| t.value.as_str())
            .or(Some(map.default_terrain.value.as_str()).filter(|t| !t.is_empty()))
            .and_then(|t| map.terrain.iter().find(|x| x.id.value == t))
            .map_or(PLAIN, |t| Ink::Rgb(t.color))
    };
    let r = places.space / 2.0;
    if places.kind == PlaceKind::Areas {
        for place in &places.places {
            let outline: Vec<(f32, f32)> = place.outline.iter().map(|&p| at(p)).collect();
            items.push(Geometry::Path(polygon(&outline)).filled(fill(place)));
        }
        for place in &places.places {
            for colour in ring_colours(places, place) {
                let inset = inset_outline(&place.outline, place.at, 3.0);
                let mut path = Vec::new();
                let outline: Vec<(f32, f32)> = inset.into_iter().map(at).collect();
                for (a, b) in crate::model::places::edges(&outline) {
                    thick_line(&mut path, a, b, 4.0);
                }
                items.push(Geometry::Path(path).filled(Ink::Rgb(colour)));
            }
        }
        for place in &places.places {
            let outline: Vec<(f32, f32)> = place.outline.iter().map(|&p| at(p)).collect();
            items.push(Geometry::Path(polygon(&outline)).stroked(Stroke::solid(BORDER)));
        }
    }
    for c in &places.connections {
        let (Some(a), Some(b), Some(kind)) = (
            places.find(&c.from.value),
            places.find(&c.to.value),
            map.feature_kind(&c.kind.value),
        ) else {
            continue;
        };
        let (pa, pb) = (&places.places[a], &places.places[b]);
        if places.kind == PlaceKind::Areas && share_border(&pa.outline, &pb.outline) {
            continue;
        }
        items.extend(connection_line(kind, at(pa.at), at(pb.at)));
    }
    if places.kind == PlaceKind::Points {
        for place in &places.places {
            let (cx, cy) = at(place.at);
            for colour in ring_colours(places, place) {
                items.push(Geometry::Path(annulus((cx, cy), r + 3.5, r)).filled(Ink::Rgb(colour)));
            }
            let mut path = Vec::new();
            circle(&mut path, (cx, cy), r);
            items.push(Item::Shape(Shape {
                geometry: Geometry::Path(path),
                fill: Some(fill(place)),
                stroke: Some(Stroke::solid(BORDER)),
                clip: None,
            }));
        }
    }
    let mut problems = Vec::new();
    let mut boxes: Vec<([f32; 4], &Place)> = Vec::new();
    let mut marks: Vec<PlaceMarks> = Vec::with_capacity(places.places.len());
    // Each badge or icon: its box, its place and the attribute it shows.
    let mut badge_boxes: Vec<([f32; 4], usize, &str)> = Vec::new();
    for (pi, place) in places.places.iter().enumerate() {
        let (cx, cy) = at(place.at);
        marks.push(PlaceMarks {
            marker: match places.kind {
                PlaceKind::Points => {
                    let rr = r + 3.5 * ring_colours(places, place).len().min(1) as f32;
                    [cx - rr, cy - rr, cx + rr, cy + rr]
                }
                PlaceKind::Areas => place.outline.iter().fold(
                    [f32::MAX, f32::MAX, f32::MIN, f32::MIN],
                    |b, &(x, y)| {
                        [
                            b[0].min(x + m),
                            b[1].min(y + m),
                            b[2].max(x + m),
                            b[3].max(y + m),
                        ]
                    },
                ),
            },
            ..PlaceMarks::default()
        });
        let size = places.name_size;
        // The name: under a space's circle, at an area's label point.
        let baseline = match places.kind {
            PlaceKind::Points => cy + r + 2.0 + size * 0.8,
            PlaceKind::Areas => cy + size * 0.35,
        };
        let Some(name) = centred_text(book, faces.label, size, &place.name, cx, baseline) else {
            problems.push(missing_glyph(&place.name, place.id.loc));
            continue;
        };
        let mut lines = vec![name];
        let texts: Vec<String> = places
            .attributes
            .iter()
            .filter(|a| a.show == AttributeShow::Text)
            .filter_map(|a| match place.value(&a.id.value)? {
                AttributeValue::YesNo(true) => Some(a.name.clone()),
                AttributeValue::YesNo(false) => None,
                v => Some(v.text()),
            })
            .collect();
        if !texts.is_empty() {
            let line = texts.join(" \u{b7} ");
            let small = size * 0.8;
            match centred_text(book, faces.code, small, &line, cx, baseline + small * 1.2) {
                Some(t) => lines.push(t),
                None => problems.push(missing_glyph(&line, place.id.loc)),
            }
        }
        let pad = size * 0.2;
        let top = baseline - size * 0.8 - pad;
        let bottom = lines.last().map_or(baseline, |t| t.y) + size * 0.25 + pad;
        let left = lines.iter().map(|t| t.x).fold(f32::MAX, f32::min) - pad;
        let right = lines.iter().map(|t| t.x + t.width).fold(f32::MIN, f32::max) + pad;
        let boxed = [left, top, right, bottom];
        if let Some((_, other)) = boxes.iter().find(|(b, _)| overlaps(b, &boxed)) {
            problems.push(
                crate::error!(
                    "label-overlap", Some(place.id.loc),
                    "the name of `{}` would print over the name of `{}`", place.id.value, other.id.value;
                    hint: "move one of the places apart, or make the names smaller (`name_size`)"
                )
                .with_label(other.id.loc, "the place whose name it overprints"),
            );
            continue;
        }
        if places.kind == PlaceKind::Points
            && let Some(other) = places.places.iter().find(|o| {
                let (ox, oy) = at(o.at);
                !std::ptr::eq(*o, place) && circle_meets_box((ox, oy), r, &boxed)
            })
        {
            problems.push(
                crate::error!(
                    "label-overlap", Some(place.id.loc),
                    "the name of `{}` would print over the space `{}`", place.id.value, other.id.value;
                    hint: "move the spaces apart, or make the names smaller (`name_size`)"
                )
                .with_label(other.id.loc, "the space it covers"),
            );
            continue;
        }
        boxes.push((boxed, place));
        if let Some(mark) = marks.last_mut() {
            mark.name = Some(boxed);
        }
        items.push(
            Geometry::rect(left, top, right - left, bottom - top, pad).filled(Ink::Gray(1.0)),
        );
        items.extend(lines.into_iter().map(Item::Text));
        // Icons of yes attributes: inside a space's circle, above an area's name.
        let shown: Vec<(&Icon, &str)> = places
            .attributes
            .iter()
            .filter(|a| place.value(&a.id.value) == Some(&AttributeValue::YesNo(true)))
            .filter_map(|a| match &a.show {
                AttributeShow::Icon(name) => icons
                    .iter()
                    .find(|i| i.name == name.value)
                    .map(|i| (i, a.id.value.as_str())),
                _ => None,
            })
            .collect();
        if !shown.is_empty() {
            let n = shown.len() as f32;
            let each = match places.kind {
                PlaceKind::Points => (r * 1.2 / n).min(r * 0.9),
                PlaceKind::Areas => size * 1.3,
            };
            let row_y = match places.kind {
                PlaceKind::Points => cy - each / 2.0,
                PlaceKind::Areas => top - each - 1.0,
            };
            let x0 = cx - each * n / 2.0;
            for (k, (icon, attribute)) in shown.iter().enumerate() {
                let x = x0 + k as f32 * each;
                items.push(Geometry::Path(icon.placed(x, row_y, each)).filled(Ink::BLACK));
                badge_boxes.push(([x, row_y, x + each, row_y + each], pi, attribute));
            }
        }
        // Badges: a number in a dark disc, at a space's upper right or
        // right of an area's name.
        let badges: Vec<(String, &str)> = places
            .attributes
            .iter()
            .filter(|a| a.show == AttributeShow::Badge)
            .filter_map(|a| {
                place
                    .value(&a.id.value)
                    .map(|v| (v.text(), a.id.value.as_str()))
            })
            .collect();
        for (k, (number, attribute)) in badges.iter().enumerate() {
            let br = (size * 0.75).max(r * 0.4);
            let (bx, by) = match places.kind {
                PlaceKind::Points => (cx + r * 0.8 + k as f32 * br * 2.1, cy - r * 0.8),
                PlaceKind::Areas => (
                    right + br + 1.0 + k as f32 * br * 2.1,
                    baseline - size * 0.35,
                ),
            };
            let mut disc = Vec::new();
            circle(&mut disc, (bx, by), br);
            items.push(Geometry::Path(disc).filled(Ink::Gray(0.1)));
            badge_boxes.push(([bx - br, by - br, bx + br, by + br], pi, attribute));
            let fs = br * 1.1;
            match centred_text(book, faces.label, fs, number, bx, by + fs * 0.35) {
                Some(mut t) => {
                    t.ink = Some(Ink::Gray(1.0));
                    items.push(Item::Text(t));
                }
                None => problems.push(missing_glyph(number, place.id.loc)),
            }
        }
    }
    // A badge or an icon over another place's name hides it.
    for &(b, pi, attribute) in &badge_boxes {
        let place = &places.places[pi];
        if let Some(mark) = marks.get_mut(pi) {
            mark.badges.push(b);
        }
        let covered = boxes
            .iter()
            .find(|(n, other)| !std::ptr::eq(*other, place) && overlaps(n, &b));
        if let Some((_, other)) = covered {
            let loc = place
                .attributes
                .iter()
                .find(|(k, _)| k.value == attribute)
                .map_or(place.id.loc, |(_, v)| v.loc);
            problems.push(
                crate::error!(
                    "label-overlap", Some(loc),
                    "the `{attribute}` of `{}` would print over the name of `{}`", place.id.value, other.id.value;
                    hint: "move the places apart, or make the spaces or the names smaller (`space`, `name_size`)"
                )
                .with_label(other.id.loc, "the place whose name it covers"),
            );
        }
    }
    if problems.is_empty() {
        Ok((items, marks))
    } else {
        Err(problems)
    }
}

/// The colours of a place's ring attributes, in the attributes' order.
fn ring_colours(places: &Places, place: &Place) -> Vec<Rgb> {
    places
        .attributes
        .iter()
        .filter_map(|a| {
            let AttributeShow::Ring(colours) = &a.show else {
                return None;
            };
            let AttributeValue::Text(v) = place.value(&a.id.value)? else {
                return None;
            };
            colours.iter().find(|(k, _)| k.value == *v).map(|(_, c)| *c)
        })
        .collect()
}

/// An outline drawn `by` points toward `centre` (an inner edge for a
/// ring: exact for a regular shape, near enough for others).
pub fn inset_outline(outline: &[(f32, f32)], centre: (f32, f32), by: f32) -> Vec<(f32, f32)> {
    outline
        .iter()
        .map(|&(x, y)| {
            let (dx, dy) = (centre.0 - x, centre.1 - y);
            let d = dx.hypot(dy).max(f32::EPSILON);
            let k = (by / d).min(0.5);
            (x + dx * k, y + dy * k)
        })
        .collect()
}

/// A ring from radius `inner` to `outer`, the inner edge wound the other
/// way so it is a hole.
pub fn annulus(c: (f32, f32), outer: f32, inner: f32) -> Vec<PathEl> {
    let ring = |r: f32, turn: f32| -> Vec<(f32, f32)> {
        (0..32)
            .map(|i| {
                let a = turn * i as f32 * std::f32::consts::TAU / 32.0;
                (c.0 + r * a.cos(), c.1 + r * a.sin())
            })
            .collect()
    };
    let mut path = polygon(&ring(outer, 1.0));
    path.extend(polygon(&ring(inner, -1.0)));
    path
}

/// A connection's line from `p` to `q`, as its kind draws it.
pub fn connection_line(kind: &FeatureKind, p: (f32, f32), q: (f32, f32)) -> Vec<Item> {
    use crate::model::places::LineStyle;
    let w = kind.width;
    let mut path = Vec::new();
    match kind.line {
        LineStyle::Solid => thick_line(&mut path, p, q, w),
        LineStyle::Dashed => {
            let len = (q.0 - p.0).hypot(q.1 - p.1);
            let (on, off) = ((w * 3.0).max(3.0), (w * 2.0).max(2.0));
            let mut t = 0.0;
            while t < len {
                let e = (t + on).min(len);
                let at = |s: f32| (p.0 + (q.0 - p.0) * s / len, p.1 + (q.1 - p.1) * s / len);
                thick_line(&mut path, at(t), at(e), w);
                t = e + off;
            }
        }
        LineStyle::Double => {
            let len = (q.0 - p.0).hypot(q.1 - p.1).max(f32::EPSILON);
            let (nx, ny) = (-(q.1 - p.1) / len * w * 0.6, (q.0 - p.0) / len * w * 0.6);
            for s in [1.0, -1.0] {
                thick_line(
                    &mut path,
                    (p.0 + nx * s, p.1 + ny * s),
                    (q.0 + nx * s, q.1 + ny * s),
                    w * 0.45,
                );
            }
        }
    }
    if path.is_empty() {
        return Vec::new();
    }
    vec![Geometry::Path(path).filled(Ink::Rgb(kind.color))]
}

fn overlaps(a: &[f32; 4], b: &[f32; 4]) -> bool {
    a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
}

fn circle_meets_box((cx, cy): (f32, f32), r: f32, b: &[f32; 4]) -> bool {
    let nx = cx.clamp(b[0], b[2]);
    let ny = cy.clamp(b[1], b[3]);
    (nx - cx).hypot(ny - cy) < r
}

/// The names (and values) drawn, as (text, x, baseline, size): for the
/// SVG's text layer.
pub fn texts(items: &[Item]) -> Vec<&TextItem> {
    items
        .iter()
        .filter_map(|i| match i {
            Item::Text(t) => Some(t),
            _ => None,
        })
        .collect()
}

/// The legend's swatches of an attribute, each with its name: the icon,
/// a badge, a ring per value ("Control: Allied"), or the words printed.
pub fn attribute_swatches(
    a: &crate::model::places::Attribute,
    [x, y, w, h]: [f32; 4],
    icons: &[Icon],
    faces: MapFaces,
    book: &FontBook,
) -> Vec<(String, Vec<Item>)> {
    let (cx, cy) = (x + w / 2.0, y + h / 2.0);
    let r = h * 0.42;
    match &a.show {
        AttributeShow::Icon(name) => {
            let items = icons
                .iter()
                .find(|i| i.name == name.value)
                .map(|icon| {
                    let s = h * 0.8;
                    vec![
                        Geometry::Path(icon.placed(cx - s / 2.0, cy - s / 2.0, s))
                            .filled(Ink::BLACK),
                    ]
                })
                .unwrap_or_default();
            vec![(a.name.clone(), items)]
        }
        AttributeShow::Badge => {
            let mut disc = Vec::new();
            circle(&mut disc, (cx, cy), r);
            let mut items = vec![Geometry::Path(disc).filled(Ink::Gray(0.1))];
            if let Some(mut t) = centred_text(book, faces.label, r * 1.1, "#", cx, cy + r * 0.4) {
                t.ink = Some(Ink::Gray(1.0));
                items.push(Item::Text(t));
            }
            vec![(a.name.clone(), items)]
        }
        AttributeShow::Ring(colours) => colours
            .iter()
            .map(|(value, colour)| {
                let mut disc = Vec::new();
                circle(&mut disc, (cx, cy), r - 3.0);
                let items = vec![
                    Geometry::Path(annulus((cx, cy), r, r - 3.0)).filled(Ink::Rgb(*colour)),
                    Item::Shape(Shape {
                        geometry: Geometry::Path(disc),
                        fill: Some(Ink::Gray(1.0)),
                        stroke: Some(Stroke::solid(BORDER)),
                        clip: None,
                    }),
                ];
                (format!("{}: {}", a.name, value.value), items)
            })
            .collect(),
        AttributeShow::Text => {
            let items = centred_text(book, faces.code, h * 0.4, "Aa", cx, cy + h * 0.15)
                .map(|t| vec![Item::Text(t)])
                .unwrap_or_default();
            vec![(format!("{} (under the name)", a.name), items)]
        }
    }
}
