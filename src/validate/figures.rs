//! Validate stage: the rules' illustrations (```` ```figure ```` blocks) —
//! each figure's id unique, its map one of the game's, its excerpt and
//! every hex it names on the map and inside the excerpt, each arrow a
//! chain of neighbours, each counter a unit the named side prints — and
//! every `figure:` link names a figure. The same resolution gives publish
//! the figure to draw. Input: the loaded [`Game`]; output: located
//! diagnostics.

use std::collections::HashMap;

use crate::diag::{Diagnostic, Diagnostics, Loc};
use crate::load::map::cell_name;
use crate::model::figure::{FigureSpec, ResolvedFigure, figure_links};
use crate::model::map::{Cell, CellName};
use crate::model::places::{PlaceKind, Places};
use crate::model::{Game, Located, Map};

/// Every figure checked, and every `figure:` link.
pub fn validate_figures(game: &Game, diags: &mut Diagnostics) {
    let mut seen: HashMap<&str, &FigureSpec> = HashMap::new();
    for page in &game.rules {
        for figure in &page.doc.figures {
            if let Some(first) = seen.get(figure.id.value.as_str()) {
                diags.push(
                    crate::error!(
                        "duplicate-figure", Some(figure.id.loc),
                        "the figure id `{}` is used twice", figure.id.value;
                        hint: "give each figure its own id: `figure:` links name one"
                    )
                    .with_label(first.id.loc, "first used here"),
                );
            } else {
                seen.insert(&figure.id.value, figure);
            }
            resolve_figure(game, figure, diags);
        }
    }
    for page in &game.rules {
        for link in figure_links(&page.doc) {
            if seen.contains_key(link.id.as_str()) {
                continue;
            }
            let mut ids: Vec<&str> = seen.keys().copied().collect();
            ids.sort_unstable();
            let near = crate::load::toml::closest(&link.id, &ids);
            let shown: String = link
                .id
                .chars()
                .take(60)
                .filter(|c| !c.is_control())
                .collect();
            diags.push(crate::error!(
                "dangling-figure-ref", Some(Loc::new(page.file, link.span.clone())),
                "`figure:{shown}` names no figure of the rules";
                hint: "{}", match near {
                    Some(id) => format!("did you mean `figure:{id}`?"),
                    None if ids.is_empty() => "the rules have no ```figure blocks".to_string(),
                    None => format!("the figures' ids: {}", ids.join(", ")),
                }
            ));
        }
    }
}

/// The figure resolved against its map and the counter mix; None, with
/// the problems in `diags`, where anything it names does not resolve.
pub fn resolve_figure(
    game: &Game,
    figure: &FigureSpec,
    diags: &mut Diagnostics,
) -> Option<ResolvedFigure> {
    let before = diags.error_count();
    let Some(map_index) = game.maps.iter().position(|m| m.id == figure.map.value) else {
        diags.push(super::dangling(
            &figure.map,
            "map",
            game.maps.iter().map(|m| m.id.as_str()),
        ));
        return None;
    };
    let map = &game.maps[map_index];
    if let Some(places) = &map.places {
        return on_places(game, map_index, places, figure, diags);
    }
    if let Some(first) = figure.places.first() {
        diags.push(crate::error!(
            "bad-value", Some(first.loc),
            "`places` names places of a map of places; `{}` is a grid", map.id;
            hint: "show an excerpt of a grid with `hexes = \"0203..0607\"`"
        ));
        return None;
    }
    let Some(hexes) = &figure.hexes else {
        diags.push(crate::error!(
            "missing-field", Some(figure.loc),
            "the figure is missing the required key `hexes`";
            hint: "give the excerpt of `{}` by two corner cells: hexes = \"0203..0607\"", map.id
        ));
        return None;
    };
    let (from, to) = excerpt(map, hexes, diags)?;
    let mut resolved = ResolvedFigure {
        map: map_index,
        from,
        to,
        counters: Vec::new(),
        arrows: Vec::new(),
        highlight: Vec::new(),
        labels: Vec::new(),
        places: Vec::new(),
    };
    let shown = |name: &Located<String>, diags: &mut Diagnostics| -> Option<Cell> {
        let cell = on_map(map, name, diags)?;
        if resolved_shows(from, to, cell) {
            return Some(cell);
        }
        diags.push(crate::error!(
            "figure-outside-excerpt", Some(name.loc),
            "{} lies outside the figure's excerpt {}", name.value, hexes.value;
            hint: "name a hex from {} to {}, or widen `hexes`",
            map.coordinates.code(from), map.coordinates.code(to)
        ));
        None
    };
    for counter in &figure.counters {
        let hex = shown(&counter.hex, diags);
        let unit = counter_of(game, &counter.unit, &counter.side, diags);
        if let (Some(hex), Some((side, entry))) = (hex, unit) {
            resolved.counters.push((hex, side, entry));
        }
    }
    for path in &figure.arrows {
        if path.len() < 2 {
            let loc = path.first().map_or(figure.loc, |h| h.loc);
            diags.push(crate::error!(
                "bad-value", Some(loc), "an arrow runs along two hexes or more";
                hint: "write the path from where it starts to where it ends: [\"0304\", \"0405\"]"
            ));
            continue;
        }
        let cells: Vec<Option<Cell>> = path.iter().map(|h| shown(h, diags)).collect();
        let mut chained = true;
        for (k, pair) in cells.windows(2).enumerate() {
            if let [Some(a), Some(b)] = pair
                && map.grid.side_between(*a, *b).is_none()
            {
                chained = false;
                diags.push(not_neighbours(map, &path[k], *a, &path[k + 1]));
            }
        }
        if chained && let Some(cells) = cells.into_iter().collect::<Option<Vec<Cell>>>() {
            resolved.arrows.push(cells);
        }
    }
    for hex in &figure.highlight {
        if let Some(cell) = shown(hex, diags) {
            resolved.highlight.push(cell);
        }
    }
    for label in &figure.labels {
        if let Some(cell) = shown(&label.hex, diags) {
            resolved.labels.push((cell, label.text.clone()));
        }
    }
    (diags.error_count() == before).then_some(resolved)
}

/// A figure on a map of places resolved: every place it names found, each
/// arrow a chain of places joined (by a connection, or on an area map
/// also by a shared border when the map derives adjacency).
fn on_places(
    game: &Game,
    map_index: usize,
    places: &Places,
    figure: &FigureSpec,
    diags: &mut Diagnostics,
) -> Option<ResolvedFigure> {
    let before = diags.error_count();
    if let Some(hexes) = &figure.hexes {
        diags.push(crate::error!(
            "bad-value", Some(hexes.loc),
            "`{}` is a map of places: a figure of it shows places, not `hexes`", game.maps[map_index].id;
            hint: "name the places to show: places = [\"{}\"]",
            places.places.first().map_or("", |p| p.id.value.as_str())
        ));
    }
    let place = |name: &Located<String>, diags: &mut Diagnostics| -> Option<Cell> {
        match places.find(&name.value) {
            Some(i) => Some((u32::try_from(i).ok()?, 0)),
            None => {
                if !places.is_left_out(&name.value) {
                    diags.push(unknown_place(places, name));
                }
                None
            }
        }
    };
    let mut resolved = ResolvedFigure {
        map: map_index,
        from: (0, 0),
        to: (0, 0),
        counters: Vec::new(),
        arrows: Vec::new(),
        highlight: Vec::new(),
        labels: Vec::new(),
        places: Vec::new(),
    };
    for name in &figure.places {
        resolved.places.extend(place(name, diags));
    }
    for counter in &figure.counters {
        let at = place(&counter.hex, diags);
        let unit = counter_of(game, &counter.unit, &counter.side, diags);
        if let (Some(at), Some((side, entry))) = (at, unit) {
            resolved.counters.push((at, side, entry));
        }
    }
    let joined = places.adjacent_pairs();
    for path in &figure.arrows {
        if path.len() < 2 {
            let loc = path.first().map_or(figure.loc, |h| h.loc);
            diags.push(crate::error!(
                "bad-value", Some(loc), "an arrow runs along two places or more";
                hint: "write the path from where it starts to where it ends: [\"paris\", \"reims\"]"
            ));
            continue;
        }
        let cells: Vec<Option<Cell>> = path.iter().map(|p| place(p, diags)).collect();
        let mut chained = true;
        for (k, pair) in cells.windows(2).enumerate() {
            if let [Some(a), Some(b)] = pair {
                let (a, b) = (a.0 as usize, b.0 as usize);
                if joined.binary_search(&(a.min(b), a.max(b))).is_err() {
                    chained = false;
                    diags.push(not_joined(places, &joined, &path[k], a, &path[k + 1]));
                }
            }
        }
        if chained && let Some(cells) = cells.into_iter().collect::<Option<Vec<Cell>>>() {
            resolved.arrows.push(cells);
        }
    }
    for name in &figure.highlight {
        resolved.highlight.extend(place(name, diags));
    }
    for label in &figure.labels {
        if let Some(at) = place(&label.hex, diags) {
            resolved.labels.push((at, label.text.clone()));
        }
    }
    let marks = resolved.places.len()
        + resolved.counters.len()
        + resolved.arrows.len()
        + resolved.highlight.len()
        + resolved.labels.len();
    if marks == 0 && diags.error_count() == before {
        diags.push(crate::error!(
            "missing-field", Some(figure.loc),
            "the figure names no place of `{}` to show", game.maps[map_index].id;
            hint: "name the places to show: places = [\"{}\"]",
            places.places.first().map_or("", |p| p.id.value.as_str())
        ));
    }
    (diags.error_count() == before).then_some(resolved)
}

/// A figure's place the map does not have.
fn unknown_place(places: &Places, name: &Located<String>) -> Diagnostic {
    let ids: Vec<&str> = places.places.iter().map(|p| p.id.value.as_str()).collect();
    let near = crate::load::toml::closest(&name.value, &ids);
    let mut shown: Vec<&str> = ids.iter().copied().take(12).collect();
    if ids.len() > 12 {
        shown.push("...");
    }
    crate::error!(
        "unknown-place", Some(name.loc), "the map has no place `{}`", name.value;
        hint: "{}", match near {
            Some(id) => format!("did you mean `{id}`?"),
            None => format!("name a place by its id or name: {}", shown.join(", ")),
        }
    )
}

/// An arrow's step between places not joined.
fn not_joined(
    places: &Places,
    joined: &[(usize, usize)],
    a: &Located<String>,
    from: usize,
    b: &Located<String>,
) -> Diagnostic {
    let around: Vec<&str> = joined
        .iter()
        .filter_map(|&(x, y)| match (x == from, y == from) {
            (true, _) => Some(y),
            (_, true) => Some(x),
            _ => None,
        })
        .filter_map(|i| places.places.get(i))
        .map(|p| p.id.value.as_str())
        .collect();
    crate::error!(
        "not-neighbours", Some(b.loc),
        "{} and {} are not joined", a.value, b.value;
        hint: "an arrow steps from each place to one joined to it{}; {} is joined to {}",
        if places.kind == PlaceKind::Points { " by a connection" } else { " (a connection or a shared border)" },
        a.value,
        if around.is_empty() { "none".to_string() } else { around.join(", ") }
    )
}

fn resolved_shows(from: Cell, to: Cell, (c, r): Cell) -> bool {
    (from.0..=to.0).contains(&c) && (from.1..=to.1).contains(&r)
}

/// The excerpt's corners (top-left, bottom-right) from "0203..0607".
fn excerpt(map: &Map, hexes: &Located<String>, diags: &mut Diagnostics) -> Option<(Cell, Cell)> {
    let Some((a, b)) = hexes.value.split_once("..") else {
        diags.push(crate::error!(
            "bad-value", Some(hexes.loc),
            "`hexes` is a rectangle of cells between two corners, not `{}`", hexes.value;
            hint: "write the corners joined by `..`: \"{}..{}\"",
            map.coordinates.code((0, 0)),
            map.coordinates.code((map.grid.columns.clamp(1, 4) - 1, map.grid.rows.clamp(1, 4) - 1))
        ));
        return None;
    };
    // Each corner located at its own characters inside the string.
    let start = hexes.loc.span.start + 1;
    let part = |text: &str, at: usize| {
        let lead = text.len() - text.trim_start().len();
        Located::new(
            text.trim().to_string(),
            Loc::new(hexes.loc.file, at + lead..at + lead + text.trim().len()),
        )
    };
    let a = part(a, start);
    let b = part(b, start + hexes.value.find("..").unwrap_or(0) + 2);
    let a = on_map(map, &a, diags);
    let b = on_map(map, &b, diags);
    let (a, b) = (a?, b?);
    Some(((a.0.min(b.0), a.1.min(b.1)), (a.0.max(b.0), a.1.max(b.1))))
}

/// The cell a hex names, reported when it does not read or lies off the map.
fn on_map(map: &Map, name: &Located<String>, diags: &mut Diagnostics) -> Option<Cell> {
    let name: CellName = cell_name(diags, &map.coordinates, name.clone())?;
    let cell = map.cell(&name);
    if cell.is_none() {
        let grid = &map.grid;
        let last = map.code_range().1;
        diags.push(crate::error!(
            "cell-outside-map", Some(name.text.loc),
            "`{}` lies outside the map's {} x {} cells", name.text.value, grid.columns, grid.rows;
            hint: "cells run from {} to {}", map.coordinates.code((0, 0)), last
        ));
    }
    cell
}

fn not_neighbours(map: &Map, a: &Located<String>, cell: Cell, b: &Located<String>) -> Diagnostic {
    let around: Vec<String> = (0..map.grid.corners())
        .filter_map(|k| map.grid.neighbour(cell, k))
        .map(|n| map.coordinates.code(n))
        .collect();
    crate::error!(
        "not-neighbours", Some(b.loc),
        "{} and {} are not neighbours", a.value, b.value;
        hint: "an arrow steps from each hex to a neighbour; {}'s neighbours are {}", a.value, around.join(", ")
    )
}

/// The side (its index among `[[publish.counters.sides]]`) and the entry
/// of its units (its index) that print the unit: each reported when not.
fn counter_of(
    game: &Game,
    unit: &Located<String>,
    side: &Located<String>,
    diags: &mut Diagnostics,
) -> Option<(usize, usize)> {
    let Some(job) = game.publish.counters.as_ref() else {
        diags.push(crate::error!(
            "dangling-reference", Some(side.loc),
            "no counters side `{}`: the game prints no counters", side.value;
            hint: "declare [publish.counters] with its [[publish.counters.sides]] in game.toml"
        ));
        return None;
    };
    let units = game.collection(&job.units.value)?;
    let item = units.item(&unit.value);
    if item.is_none() {
        let ids: Vec<String> = units.cards.iter().map(|c| units.item_ref(c).id).collect();
        diags.push(super::dangling(
            unit,
            &format!("unit in `{}`", job.units.value),
            ids.iter().map(String::as_str),
        ));
    }
    // By its name, or the game side's (a translation's name, or the source's).
    let Some(s) = game.counter_side(&side.value) else {
        diags.push(super::dangling(
            side,
            "counters side",
            job.sides.iter().map(|s| s.name.value.as_str()),
        ));
        return None;
    };
    let item = item?;
    let entries = &job.sides[s].units;
    match entries
        .iter()
        .position(|(u, _)| units.item(&u.value).is_some_and(|i| std::ptr::eq(i, item)))
    {
        Some(entry) => Some((s, entry)),
        None => {
            diags.push(crate::error!(
                "figure-no-counter", Some(unit.loc),
                "{} prints no counter of `{}`", side.value, unit.value;
                hint: "a figure shows the counters the game prints: add the unit to that side's `units` in [[publish.counters.sides]], or name the side that prints it"
            ));
            None
        }
    }
}
