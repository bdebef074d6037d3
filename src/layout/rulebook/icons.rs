//! Layout (rulebook): inline icons in the prose — `:sword:` read as one
//! placeholder character (so the line breaker gives it room) and, once the
//! lines are set, the placeholder replaced by the icon drawn at its place.

use super::pieces::Piece;
use crate::layout::icons::draw_icons;
use crate::model::Icon;
use crate::text::FontBook;
pub use crate::text::icons::{ICON, split_icons};

/// Replaces each placeholder of the set lines, in order, by the icon named
/// in `names`: the text around it stays where it was, the icon fills the
/// placeholder's advance, sitting on the baseline.
pub fn place_icons(pieces: &mut [Piece], names: &[String], icons: &[Icon], book: &FontBook) {
    if names.is_empty() {
        return;
    }
    let mut next = names.iter();
    for piece in pieces {
        let items = std::mem::take(&mut piece.items);
        draw_icons(items, &mut next, icons, book, &mut piece.items);
    }
}
