//! Layout: one face of a die with custom faces — its symbols' icons (a
//! face written "sword sword burst") arranged in the face's square. Used by
//! the aids' dice blocks and the rulebook's dice figures.

use super::doc::{Geometry, Ink, Item};
use crate::model::Icon;

/// The icons of one face, arranged in the face's square: one large, or up to
/// three in a row, or a grid; the face is `size` points square.
pub fn draw_face(items: &mut Vec<Item>, icons: &[Icon], face: &str, x: f32, y: f32, size: f32) {
    let face_size = size;
    let symbols: Vec<&str> = face.split_whitespace().collect();
    let n = symbols.len();
    if n == 0 {
        return;
    }
    let per_row = match n {
        1 => 1,
        2 | 4 => 2,
        _ => 3,
    };
    let rows = n.div_ceil(per_row);
    let cell = (face_size - 8.0) / per_row.max(rows) as f32;
    let size = cell * if n == 1 { 0.8 } else { 0.9 };
    let top = y + (face_size - rows as f32 * cell) / 2.0;
    for (i, symbol) in symbols.iter().enumerate() {
        let (r, c) = (i / per_row, i % per_row);
        let in_row = (n - r * per_row).min(per_row);
        let left = x + (face_size - in_row as f32 * cell) / 2.0;
        let (ix, iy) = (
            left + c as f32 * cell + (cell - size) / 2.0,
            top + r as f32 * cell + (cell - size) / 2.0,
        );
        if let Some(icon) = icons.iter().find(|i| i.name == *symbol) {
            items.push(Geometry::Path(icon.placed(ix, iy, size)).filled(Ink::BLACK));
        }
    }
}
