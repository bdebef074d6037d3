//! Publish: a map's grid as the VASSAL module's — the steps between cells
//! and a reference cell's centre in the board picture's pixels, and the
//! numbering that makes VASSAL name each cell by the code the printed map
//! gives it (its columns and rows counted as the map's coordinates count
//! them). Input: a loaded map and its drawing's margin; output: a
//! [`VassalGrid`].

use super::DPI;
use crate::model::map::{CodePart, GridKind, Map};
use crate::render::vassal::{Numbering, VassalGrid};

/// The map's grid as VASSAL's: a reference cell's centre and the steps to
/// its neighbours, in pixels of the map's picture (cells start `margin`
/// points in from its edge). A hex grid's reference cell is in a column
/// (row) that is not shifted, so the one after it is.
pub fn vassal_grid(map: &Map, margin: f32) -> VassalGrid {
    let grid = &map.grid;
    let k = DPI / 72.0;
    if let Some(places) = &map.places {
        return VassalGrid::Regions(
            places
                .places
                .iter()
                .map(|p| (p.name.clone(), (p.at.0 + margin) * k, (p.at.1 + margin) * k))
                .collect(),
        );
    }
    let at = |cell| {
        let (x, y) = grid.centre(cell);
        ((x + margin) * k, (y + margin) * k)
    };
    let unshifted = if grid.second_shifted { 0 } else { 1 };
    match grid.kind {
        GridKind::FlatHex => {
            let (x0, y0) = at((unshifted, 0));
            VassalGrid::Hex {
                x0,
                y0,
                dx: 1.5 * grid.radius() * k,
                dy: grid.size * k,
                sideways: false,
                numbering: numbering(map, (unshifted, 0), false),
            }
        }
        GridKind::PointyHex => {
            let (x0, y0) = at((0, unshifted));
            VassalGrid::Hex {
                x0,
                y0,
                dx: 1.5 * grid.radius() * k,
                dy: grid.size * k,
                sideways: true,
                numbering: numbering(map, (0, unshifted), true),
            }
        }
        GridKind::Square => {
            let (x0, y0) = at((0, 0));
            VassalGrid::Square {
                x0,
                y0,
                dx: grid.size * k,
                dy: grid.size * k,
                numbering: numbering(map, (0, 0), false),
            }
        }
    }
}

/// VASSAL's numbering of the map's cells, its origin at cell `origin`:
/// VASSAL counts columns (`h`) and rows (`v`) from that cell; a sideways
/// (pointy-topped) hex grid is turned, its columns along the map's rows.
/// `None` when the code cannot be written as VASSAL's location format (a
/// `$` in its text, or one axis both a number and a letter).
pub fn numbering(map: &Map, origin: (u32, u32), sideways: bool) -> Option<Numbering> {
    let coords = &map.coordinates;
    // Our column and row: their first number, the origin cell's place.
    let col_first = i64::from(origin.0) + coords.first.0;
    let row_first = i64::from(origin.1) + coords.first.1;
    // (letters, leading zeros) of our column and of our row, once seen.
    let mut axis: [Option<(bool, usize)>; 2] = [None, None];
    let mut format = String::new();
    for part in &coords.parts {
        let (column, letters, width) = match part {
            CodePart::Text(t) if t.contains('$') => return None,
            CodePart::Text(t) => {
                format.push_str(t);
                continue;
            }
            CodePart::Number { column, width } => (*column, false, *width),
            CodePart::Letter { column } => (*column, true, 1),
        };
        let slot = &mut axis[usize::from(!column)];
        match slot {
            Some((l, _)) if *l != letters => return None,
            Some(_) => {}
            None => *slot = Some((letters, width.saturating_sub(1))),
        }
        // VASSAL's column is our column, or on a sideways grid our row.
        format.push_str(if column != sideways {
            "$column$"
        } else {
            "$row$"
        });
    }
    let [col, row] = axis.map(|a| a.unwrap_or((false, 0)));
    // VASSAL writes a letter for 0 as "A"; our letters start at 1.
    let off = |first: i64, (letters, _): (bool, usize)| first - i64::from(letters);
    let (h, v, h_first, v_first) = if sideways {
        (row, col, row_first, col_first)
    } else {
        (col, row, col_first, row_first)
    };
    Some(Numbering {
        h_off: off(h_first, h),
        v_off: off(v_first, v),
        h_letters: h.0,
        v_letters: v.0,
        h_leading: h.1,
        v_leading: v.1,
        format,
    })
}

/// Where a piece stands on a cell (or place) of the map, in pixels of its
/// picture: the cell's centre, the place's point.
pub fn cell_point(map: &Map, cell: crate::model::map::Cell, margin: f32) -> Option<(f32, f32)> {
    let k = DPI / 72.0;
    let (x, y) = match &map.places {
        Some(places) => places.places.get(cell.0 as usize)?.at,
        None => map.grid.centre(cell),
    };
    Some(((x + margin) * k, (y + margin) * k))
}
