//! Publish: a template's card art made ready to draw — its picture files
//! loaded (through the one path resolver) and checked for their printed
//! resolution — for a card size and bleed.

use crate::diag::{Diagnostics, Sources};
use crate::layout::CardArt;
use crate::load::{self, OpError};
use crate::model::{CardTemplate, Deck, Game};

/// The pictures `template` draws on the cards of `deck` (a back: `None`),
/// `size` (width, height) points, running up to `bleed` past the trim.
#[allow(clippy::too_many_arguments)]
pub(super) fn card_art(
    game: &Game,
    template: &CardTemplate,
    deck: Option<&Deck>,
    size: (f32, f32),
    bleed: f32,
    print_shop: bool,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<CardArt, OpError> {
    if template.images.is_empty() {
        return Ok(CardArt::default());
    }
    let files = load::load_card_art(&game.dir, template, deck, sources, diags)?;
    crate::validate::check_art_resolution(template, deck, &files, print_shop, diags);
    Ok(CardArt {
        files,
        width: size.0,
        height: size.1,
        bleed,
    })
}
