//! Validate stage: the tracks and holding boxes of game.toml — ids and
//! names are unique (scenarios name boxes by name), each part on a map
//! names a map of the game and a cell on its grid, lies wholly on the map,
//! and overlaps no other part there. Whether a part covers a cell's code
//! or a map label is found where the map is drawn (`layout::map`), where
//! the text's size is known. Input: the loaded [`Game`]; output: located
//! diagnostics. n log n in the parts of a map.

use std::collections::HashMap;

use crate::diag::Diagnostics;
use crate::model::Game;
use crate::model::track::{BoardPart, PartAt};

pub fn validate_parts(game: &Game, diags: &mut Diagnostics) {
    unique(game, diags);
    for part in &game.parts {
        let Some(on) = &part.on else { continue };
        let Some(map) = game.maps.iter().find(|m| m.id == on.map.value) else {
            diags.push(super::dangling(
                &on.map,
                "map",
                game.maps.iter().map(|m| m.id.as_str()),
            ));
            continue;
        };
        if let PartAt::Cell(code) = &on.at
            && map.cell_by_code(&code.value).is_none()
        {
            let g = &map.grid;
            diags.push(crate::error!(
                "cell-outside-map", Some(code.loc),
                "`{}` is not a cell of the map `{}`", code.value, map.id;
                hint: "cells run {} to {}", map.coordinates.code((0, 0)), map.coordinates.code((g.columns - 1, g.rows - 1))
            ));
        }
    }
    for map in &game.maps {
        let (w, h) = map.extent();
        let mut placed: Vec<(&BoardPart, [f32; 4])> = Vec::new();
        for part in &map.parts {
            let Some((x, y)) = part.origin_on(map) else {
                continue;
            };
            let shape = part.shape(part.boxes_per_row(None));
            let rect = [x, y, x + shape.width, y + shape.height];
            const HAIR: f32 = 0.01;
            if x < -HAIR || y < -HAIR || rect[2] > w + HAIR || rect[3] > h + HAIR {
                let at = part.on.as_ref().map(|o| *o.at.loc());
                diags.push(crate::error!(
                    "part-off-map", at,
                    "`{}` ({:.2} x {:.2} in at {:.2}, {:.2} in) reaches off the map `{}` ({:.2} x {:.2} in)",
                    part.name.value, shape.width / 72.0, shape.height / 72.0, x / 72.0, y / 72.0,
                    map.id, w / 72.0, h / 72.0;
                    hint: "move it in from the edge, give it fewer boxes a row (`per_row`) or smaller boxes (`box_size`)"
                ));
            }
            placed.push((part, rect));
        }
        // Sorted by left edge: each part is compared with those that start
        // before it ends.
        placed.sort_by(|a, b| a.1[0].total_cmp(&b.1[0]));
        for (i, (part, a)) in placed.iter().enumerate() {
            for (other, b) in placed[i + 1..].iter().take_while(|(_, b)| b[0] < a[2]) {
                if overlaps(a, b) {
                    let at = part.on.as_ref().map(|o| *o.at.loc());
                    let mut d = crate::error!(
                        "parts-overlap", at,
                        "`{}` and `{}` overlap on the map `{}`", part.name.value, other.name.value, map.id;
                        hint: "move one of them, or make it smaller"
                    );
                    if let Some(o) = &other.on {
                        d = d.with_label(*o.at.loc(), "the other part");
                    }
                    diags.push(d);
                }
            }
        }
    }
}

/// Whether two boxes (x0, y0, x1, y1) share more than a hair.
pub fn overlaps(a: &[f32; 4], b: &[f32; 4]) -> bool {
    const HAIR: f32 = 0.01;
    a[0] < b[2] - HAIR && b[0] < a[2] - HAIR && a[1] < b[3] - HAIR && b[1] < a[3] - HAIR
}

/// No two parts share an id, nor a name (a box is named by its name).
fn unique(game: &Game, diags: &mut Diagnostics) {
    let mut ids: HashMap<&str, &BoardPart> = HashMap::new();
    let mut names: HashMap<&str, &BoardPart> = HashMap::new();
    for part in &game.parts {
        if let Some(first) = ids.insert(&part.id.value, part) {
            diags.push(
                crate::error!(
                    "duplicate-value", Some(part.id.loc),
                    "a second track or box with the id `{}`", part.id.value;
                    hint: "give each track and holding box its own id"
                )
                .with_label(first.id.loc, "the first"),
            );
        }
        if let Some(first) = names.insert(&part.name.value, part) {
            diags.push(
                crate::error!(
                    "duplicate-value", Some(part.name.loc),
                    "a second track or box named `{}`", part.name.value;
                    hint: "scenarios and the printed boxes name them by name: give each its own"
                )
                .with_label(first.name.loc, "the first"),
            );
        }
    }
}
