//! Publish: a card template's background made ready to draw — each art's icon
//! found (the game's own `icons/` first, then `data/icons/`; validate reports
//! art that names no icon or lies wholly off the card) — and laid out for a
//! card size and bleed.

use super::Assets;
use crate::diag::Diagnostics;
use crate::layout::{self, Item};
use crate::load::OpError;
use crate::model::CardTemplate;

/// The template's background items for a `size` (width, height) card run
/// `bleed` points past its trim; empty when it declares none.
pub(super) fn background_items(
    template: &CardTemplate,
    size: (f32, f32),
    bleed: f32,
    assets: &Assets,
    diags: &mut Diagnostics,
) -> Result<Vec<Item>, OpError> {
    let Some(background) = &template.background else {
        return Ok(Vec::new());
    };
    // The game's own icons are among the assets' (`Assets::for_game`).
    let find = |name: &str| assets.icons.iter().find(|i| i.name == name);
    crate::validate::check_background_art(template, size, &assets.icons, diags);
    let (width, height) = size;
    Ok(layout::lay_out_background(
        background, width, height, bleed, find,
    ))
}
