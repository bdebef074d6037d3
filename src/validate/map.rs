//! Validate stage: a game's maps — every terrain and feature a map names is
//! defined (and belongs to the collection the map names), every cell lies
//! on the grid and is given a terrain at most once, every side a feature
//! runs along parts two neighbours and every path steps from a cell to a
//! neighbour. Input: the loaded [`Game`]; output: located diagnostics.
//! Linear in the cells and entries: a range stops at its first cell given
//! before.

use crate::diag::{Diagnostic, Diagnostics};
use crate::model::map::{Cell, CellName, CellSpan, Route};
use crate::model::terrain::ALL_CLASSES;
use crate::model::{Game, Map};

pub fn validate_maps(game: &Game, diags: &mut Diagnostics) {
    for map in &game.maps {
        terrain_types(game, map, diags);
        terrain_cells(map, diags);
        features(map, diags);
        for label in &map.labels {
            on_grid(map, &label.at, diags);
        }
        move_classes(map, diags);
        if let Some(places) = &map.places {
            super::places::validate_places(map, places, diags);
        }
    }
    combat_terrain(game, diags);
}

/// Each movement class a cost names is declared (when `move_classes` is
/// given); when any terrain gives costs, every terrain gives one for each
/// class (its own or `all`).
fn move_classes(map: &Map, diags: &mut Diagnostics) {
    let declared: Vec<&str> = map.move_classes.iter().map(|c| c.value.as_str()).collect();
    for (i, c) in map.move_classes.iter().enumerate() {
        if c.value == ALL_CLASSES {
            diags.push(crate::error!(
                "bad-value", Some(c.loc), "`all` is not a movement class";
                hint: "`all` in a cost stands for every class; name the classes themselves"
            ));
        } else if let Some(first) = map.move_classes[..i].iter().find(|f| f.value == c.value) {
            diags.push(
                crate::error!(
                    "duplicate-value", Some(c.loc), "the movement class `{}` is declared twice", c.value;
                    hint: "name each class once"
                )
                .with_label(first.loc, "first declared here"),
            );
        }
    }
    let effects = map
        .terrain
        .iter()
        .map(|t| &t.effects)
        .chain(map.feature_kinds.iter().map(|k| &k.effects));
    if !declared.is_empty() {
        for e in effects {
            for (class, _) in &e.moves {
                if class.value != ALL_CLASSES && !declared.contains(&class.value.as_str()) {
                    diags.push(crate::error!(
                        "unknown-move-class", Some(class.loc),
                        "`{}` is not a movement class of the map", class.value;
                        hint: "its `move_classes`: {} (or `all` for every class)", declared.join(", ")
                    ));
                }
            }
        }
    }
    if !map.terrain.iter().any(|t| !t.effects.moves.is_empty()) {
        return;
    }
    let classes = map.classes();
    for t in &map.terrain {
        let missing: Vec<&str> = if classes.is_empty() {
            // Costs only for `all`: each terrain gives one.
            if t.effects.move_cost(ALL_CLASSES).is_some() {
                Vec::new()
            } else {
                vec![ALL_CLASSES]
            }
        } else {
            classes
                .iter()
                .filter(|c| t.effects.move_cost(c).is_none())
                .map(String::as_str)
                .collect()
        };
        if !missing.is_empty() {
            diags.push(crate::error!(
                "missing-move-cost", Some(t.id.loc),
                "the terrain `{}` gives no movement cost for {}", t.id.value,
                missing.iter().map(|c| format!("`{c}`")).collect::<Vec<_>>().join(", ");
                hint: "give each terrain a cost for every class, e.g. move = {{ all = 1 }}, or \"prohibited\""
            ));
        }
    }
}

/// A combat results table's `terrain` names a map, and each terrain's and
/// feature's shift and DRM lie within the table's `shift` and `drm`.
fn combat_terrain(game: &Game, diags: &mut Diagnostics) {
    for table in game.charts.iter().flat_map(|c| c.results_tables()) {
        let Some(combat) = &table.combat else {
            continue;
        };
        let Some(name) = &combat.terrain else {
            continue;
        };
        let Some(map) = game.maps.iter().find(|m| m.id == name.value) else {
            diags.push(super::dangling(
                name,
                "map",
                game.maps.iter().map(|m| m.id.as_str()),
            ));
            continue;
        };
        let (lo, hi) = combat.shift.value;
        let (dlo, dhi) = table.drm.value;
        let effects = map
            .terrain
            .iter()
            .map(|t| (&t.id, &t.effects))
            .chain(map.feature_kinds.iter().map(|k| (&k.id, &k.effects)));
        for (id, e) in effects {
            if let Some(shift) = e.shift.as_ref().filter(|s| !(lo..=hi).contains(&s.value)) {
                diags.push(
                    crate::error!(
                        "out-of-range", Some(shift.loc),
                        "`{}` gives a column shift of {:+}, outside the {:+} to {:+} that `{}` declares",
                        id.value, shift.value, lo, hi, table.id.value;
                        hint: "widen the table's `shift`, or give a shift within it"
                    )
                    .with_label(combat.shift.loc, "the table's shifts"),
                );
            }
            if let Some(drm) = e.drm.as_ref().filter(|d| !(dlo..=dhi).contains(&d.value)) {
                diags.push(
                    crate::error!(
                        "out-of-range", Some(drm.loc),
                        "`{}` gives a die-roll modifier of {:+}, outside the {:+} to {:+} that `{}` declares",
                        id.value, drm.value, dlo, dhi, table.id.value;
                        hint: "widen the table's `drm`, or give a modifier within it"
                    )
                    .with_label(table.drm.loc, "the table's modifiers"),
                );
            }
        }
    }
}

/// Each terrain type once, of the named collection; the default defined.
fn terrain_types(game: &Game, map: &Map, diags: &mut Diagnostics) {
    for (i, terrain) in map.terrain.iter().enumerate() {
        if let Some(first) = map.terrain[..i]
            .iter()
            .find(|t| t.id.value == terrain.id.value)
        {
            diags.push(
                crate::error!(
                    "duplicate-value", Some(terrain.id.loc),
                    "the terrain `{}` is defined twice", terrain.id.value;
                    hint: "give each [[terrain]] its own id"
                )
                .with_label(first.id.loc, "first defined here"),
            );
        }
    }
    if let Some(name) = &map.collection {
        match game.collection(&name.value) {
            None => diags.push(super::dangling(
                name,
                "collection",
                game.collections.iter().map(|c| c.id.as_str()),
            )),
            Some(collection) => {
                for terrain in &map.terrain {
                    if collection.item(&terrain.id.value).is_none() {
                        diags.push(crate::error!(
                            "unknown-terrain", Some(terrain.id.loc),
                            "`{}` is not a terrain of the collection `{}`", terrain.id.value, name.value;
                            hint: "the collection's items: {}", game.item_names(&name.value).join(", ")
                        ));
                    }
                }
            }
        }
    }
    if map.places.is_none() || !map.default_terrain.value.is_empty() {
        known_terrain(map, &map.default_terrain, diags);
    }
}

pub(super) fn known_terrain(
    map: &Map,
    name: &crate::model::Located<String>,
    diags: &mut Diagnostics,
) -> bool {
    if map.terrain_index(&name.value).is_some() {
        return true;
    }
    let ids: Vec<&str> = map.terrain.iter().map(|t| t.id.value.as_str()).collect();
    diags.push(crate::error!(
        "unknown-terrain", Some(name.loc), "the map defines no terrain `{}`", name.value;
        hint: "its [[terrain]] ids: {}", ids.join(", ")
    ));
    false
}

/// A cell name that lies off the grid is a `cell-outside-map`.
fn on_grid(map: &Map, name: &CellName, diags: &mut Diagnostics) -> Option<Cell> {
    let cell = map.cell(name);
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

/// Every cell given a terrain at most once.
fn terrain_cells(map: &Map, diags: &mut Diagnostics) {
    let mut given: Vec<Option<&CellName>> = vec![None; map.grid.cell_count()];
    for entry in &map.cells {
        let known = known_terrain(map, &entry.terrain, diags);
        for span in &entry.cells {
            let names: &[&CellName] = match span {
                CellSpan::One(a) => &[a],
                CellSpan::Range(a, b) => &[a, b],
            };
            let on = names.iter().all(|n| on_grid(map, n, diags).is_some());
            if !on || !known {
                continue;
            }
            let here = names[0];
            map.each_cell(span, &mut |cell| {
                let slot = &mut given[map.grid.index(cell)];
                if let Some(first) = slot {
                    diags.push(
                        crate::error!(
                            "cell-given-twice", Some(here.text.loc),
                            "{} is given a terrain twice", map.coordinates.code(cell);
                            hint: "give each cell one terrain: remove it from one of the lists"
                        )
                        .with_label(first.text.loc, "first given here"),
                    );
                    return false;
                }
                *slot = Some(here);
                true
            });
        }
    }
}

/// `kind` names one of the map's `[[features]]` (a feature's kind, or a
/// connection's: `what`); else `unknown-feature` at it, with the ids.
pub(super) fn check_feature_kind(
    map: &Map,
    kind: &crate::model::Located<String>,
    what: &str,
    diags: &mut Diagnostics,
) {
    if map.feature_kind(&kind.value).is_some() {
        return;
    }
    let ids: Vec<&str> = map
        .feature_kinds
        .iter()
        .map(|k| k.id.value.as_str())
        .collect();
    diags.push(crate::error!(
        "unknown-feature", Some(kind.loc),
        "the map defines no {what} `{}`", kind.value;
        hint: "its [[features]] ids: {}", if ids.is_empty() { "none".to_string() } else { ids.join(", ") }
    ));
}

/// Every feature defined; its sides between neighbours, its paths through them.
fn features(map: &Map, diags: &mut Diagnostics) {
    for feature in &map.features {
        check_feature_kind(map, &feature.kind, "feature", diags);
        let pairs: Vec<(&CellName, &CellName)> = match &feature.route {
            Route::Sides(sides) => sides.iter().map(|(a, b)| (a, b)).collect(),
            Route::Through(cells) => {
                for cell in cells.iter().take(1) {
                    on_grid(map, cell, diags);
                }
                cells.windows(2).map(|w| (&w[0], &w[1])).collect()
            }
        };
        let through = matches!(feature.route, Route::Through(_));
        for (a, b) in pairs {
            let ca = if through {
                map.cell(a)
            } else {
                on_grid(map, a, diags)
            };
            let cb = on_grid(map, b, diags);
            if let (Some(ca), Some(cb)) = (ca, cb)
                && map.grid.side_between(ca, cb).is_none()
            {
                diags.push(not_neighbours(map, a, b, through));
            }
        }
    }
}

fn not_neighbours(map: &Map, a: &CellName, b: &CellName, through: bool) -> Diagnostic {
    let what = if through {
        "a path steps from one cell to a neighbour"
    } else {
        "a feature runs along the side two neighbours share"
    };
    let around: Vec<String> = map
        .cell(a)
        .map(|cell| {
            (0..map.grid.corners())
                .filter_map(|k| map.grid.neighbour(cell, k))
                .map(|n| map.coordinates.code(n))
                .collect()
        })
        .unwrap_or_default();
    crate::error!(
        "not-neighbours", Some(b.text.loc),
        "{} and {} are not neighbours", a.text.value, b.text.value;
        hint: "{what}; {}'s neighbours are {}", a.text.value, around.join(", ")
    )
}
