//! Validate stage: a map of places — each place's id once, its terrain
//! defined, on the map and clear of the others (spaces' circles, areas'
//! insides), each area's outline a simple polygon with an inside; each
//! connection joining two known places by a defined kind, once; a place
//! with no connection (a warning); on an area map, each declared
//! connection of two areas that share no border (a warning). Input: the
//! loaded map; output: located diagnostics. Quadratic in the places
//! (at most [`MAX_PLACES`](crate::model::places::MAX_PLACES)).

use crate::diag::Diagnostics;
use crate::model::Map;
use crate::model::places::{
    PlaceKind, Places, outlines_overlap, self_crossing, share_border, signed_area,
};

pub fn validate_places(map: &Map, places: &Places, diags: &mut Diagnostics) {
    ids(places, diags);
    for place in &places.places {
        if let Some(t) = &place.terrain {
            super::map::known_terrain(map, t, diags);
        }
    }
    geometry(places, diags);
    connections(map, places, diags);
}

/// Each place's id and name once.
fn ids(places: &Places, diags: &mut Diagnostics) {
    for (i, place) in places.places.iter().enumerate() {
        let before = &places.places[..i];
        if let Some(first) = before.iter().find(|p| p.id.value == place.id.value) {
            diags.push(
                crate::error!(
                    "duplicate-value", Some(place.id.loc), "the place `{}` is given twice", place.id.value;
                    hint: "give each place its own id"
                )
                .with_label(first.id.loc, "first given here"),
            );
        } else if let Some(first) = before.iter().find(|p| p.name == place.name) {
            diags.push(
                crate::error!(
                    "duplicate-value", Some(place.id.loc), "two places are named `{}`", place.name;
                    hint: "give each place its own name: scenarios and VASSAL name places by it"
                )
                .with_label(first.id.loc, "the other"),
            );
        }
    }
}

/// Each place on the map and clear of the others; each outline simple.
fn geometry(places: &Places, diags: &mut Diagnostics) {
    let (w, h) = (places.width, places.height);
    let off = |x: f32, y: f32, room: f32| {
        x - room < -0.01 || y - room < -0.01 || x + room > w + 0.01 || y + room > h + 0.01
    };
    let r = places.space / 2.0;
    let mut good = vec![true; places.places.len()];
    for (i, place) in places.places.iter().enumerate() {
        match places.kind {
            PlaceKind::Points => {
                if off(place.at.0, place.at.1, r) {
                    good[i] = false;
                    diags.push(crate::error!(
                        "place-off-map", Some(place.at_loc),
                        "the space `{}` at {}, {} in runs off the map ({} x {} in)",
                        place.id.value, inches(place.at.0), inches(place.at.1), inches(w), inches(h);
                        hint: "a space's centre is at least half its circle ({} in) inside each edge", inches(r)
                    ));
                }
            }
            PlaceKind::Areas => {
                let loc = place.outline_loc.unwrap_or(place.at_loc);
                let outline = &place.outline;
                if outline.len() < 3 || signed_area(outline).abs() < 1.0 {
                    good[i] = false;
                    diags.push(crate::error!(
                        "bad-outline", Some(loc),
                        "the area `{}` has no inside: {} corners enclosing nothing", place.id.value, outline.len();
                        hint: "give at least three corners that are not in one line"
                    ));
                    continue;
                }
                if let Some((a, b)) = self_crossing(outline) {
                    good[i] = false;
                    diags.push(crate::error!(
                        "bad-outline", Some(loc),
                        "the outline of `{}` crosses itself: its edge from corner {} crosses the edge from corner {}",
                        place.id.value, a + 1, b + 1;
                        hint: "list the corners in order round the area"
                    ));
                    continue;
                }
                if let Some(k) = outline.iter().position(|&(x, y)| off(x, y, 0.0)) {
                    good[i] = false;
                    diags.push(crate::error!(
                        "place-off-map", Some(loc),
                        "corner {} of the area `{}` lies off the map ({} x {} in)", k + 1, place.id.value, inches(w), inches(h);
                        hint: "corners are lengths from the map's top-left corner, within its width and height"
                    ));
                }
                if !crate::model::places::contains(outline, place.at) {
                    diags.push(crate::error!(
                        "place-off-map", Some(place.at_loc),
                        "the name of `{}` would print outside the area", place.id.value;
                        hint: "give `label_at` a point inside the outline"
                    ));
                }
            }
        }
    }
    for i in 0..places.places.len() {
        for j in i + 1..places.places.len() {
            if !(good[i] && good[j]) {
                continue;
            }
            let (a, b) = (&places.places[i], &places.places[j]);
            let overlap = match places.kind {
                PlaceKind::Points => (a.at.0 - b.at.0).hypot(a.at.1 - b.at.1) < places.space - 0.01,
                PlaceKind::Areas => outlines_overlap(&a.outline, &b.outline),
            };
            if overlap {
                let loc = b.outline_loc.unwrap_or(b.at_loc);
                diags.push(
                    crate::error!(
                        "place-overlap", Some(loc), "`{}` overlaps `{}`", b.id.value, a.id.value;
                        hint: "{}", match places.kind {
                            PlaceKind::Points => format!("spaces' centres are at least a circle ({} in) apart", inches(places.space)),
                            PlaceKind::Areas => "neighbouring areas share a border: give it the same corners in both".to_string(),
                        }
                    )
                    .with_label(a.outline_loc.unwrap_or(a.at_loc), "the place it overlaps"),
                );
            }
        }
    }
}

/// Each connection between two known places, of a defined kind, once;
/// each place joined to another.
fn connections(map: &Map, places: &Places, diags: &mut Diagnostics) {
    let mut seen: Vec<((usize, usize), &crate::model::places::Connection)> = Vec::new();
    let names = || {
        let mut n: Vec<&str> = places
            .places
            .iter()
            .map(|p| p.id.value.as_str())
            .take(12)
            .collect();
        if places.places.len() > 12 {
            n.push("...");
        }
        n.join(", ")
    };
    for c in &places.connections {
        super::map::check_feature_kind(map, &c.kind, "kind of connection", diags);
        let mut ends = [None, None];
        for (k, end) in [&c.from, &c.to].into_iter().enumerate() {
            ends[k] = places.find(&end.value);
            if ends[k].is_none() && !places.is_left_out(&end.value) {
                diags.push(crate::error!(
                    "unknown-place", Some(end.loc), "the map has no place `{}`", end.value;
                    hint: "name a place by its id or name: {}", names()
                ));
            }
        }
        let [Some(a), Some(b)] = ends else {
            continue;
        };
        if a == b {
            diags.push(crate::error!(
                "bad-value", Some(c.to.loc), "the connection joins `{}` to itself", c.from.value;
                hint: "a connection joins two places"
            ));
            continue;
        }
        let pair = (a.min(b), a.max(b));
        if let Some((_, first)) = seen.iter().find(|(p, _)| *p == pair) {
            diags.push(
                crate::error!(
                    "duplicate-connection", Some(c.loc),
                    "`{}` and `{}` are joined twice", places.places[pair.0].id.value, places.places[pair.1].id.value;
                    hint: "list each connection once (a connection runs both ways)"
                )
                .with_label(first.loc, "first joined here"),
            );
            continue;
        }
        seen.push((pair, c));
        if places.kind == PlaceKind::Areas
            && !share_border(&places.places[a].outline, &places.places[b].outline)
        {
            diags.push(crate::warning!(
                "areas-not-adjacent", Some(c.loc),
                "`{}` and `{}` share no border", places.places[a].id.value, places.places[b].id.value;
                hint: "give their shared border the same corners in both outlines; a connection across water is drawn as a line, which is fine"
            ));
        }
    }
    let pairs = places.adjacent_pairs();
    for (i, place) in places.places.iter().enumerate() {
        if !pairs.iter().any(|&(a, b)| a == i || b == i) {
            diags.push(crate::warning!(
                "unconnected-place", Some(place.id.loc),
                "`{}` is joined to no other place", place.id.value;
                hint: "add a [[connections]] entry from it{}",
                if places.kind == PlaceKind::Areas { ", or let it share a border (`adjacency = \"borders\"`)" } else { "" }
            ));
        }
    }
}

fn inches(pt: f32) -> f32 {
    (pt / 72.0 * 100.0).round() / 100.0
}
