//! Publish: a card template's background made ready to draw — each art's icon
//! found (the game's own `icons/` first, then `data/icons/`), art that names
//! no icon or lies wholly off the card reported at its place in the template —
//! and laid out for a card size and bleed.

use super::Assets;
use crate::diag::{Diagnostic, Diagnostics};
use crate::layout::{self, Item};
use crate::load::OpError;
use crate::model::{CardTemplate, Game, Icon};

/// The template's background items for a `size` (width, height) card run
/// `bleed` points past its trim; empty when it declares none.
pub(super) fn background_items(
    game: &Game,
    template: &CardTemplate,
    size: (f32, f32),
    bleed: f32,
    assets: &Assets,
    diags: &mut Diagnostics,
) -> Result<Vec<Item>, OpError> {
    let Some(background) = &template.background else {
        return Ok(Vec::new());
    };
    let own = &game.files.icons;
    let find = |name: &str| find_icon(own, &assets.icons, name);
    let (width, height) = size;
    for art in &background.art {
        if find(&art.icon.value).is_none() {
            let mut names: Vec<&str> = own
                .iter()
                .chain(&assets.icons)
                .map(|i| i.name.as_str())
                .collect();
            names.sort_unstable();
            names.dedup();
            diags.push(
                Diagnostic::error(
                    "dangling-reference",
                    format!(
                        "no icon `{}` for the art of template `{}`",
                        art.icon.value, template.id
                    ),
                    Some(art.icon.loc.clone()),
                )
                .with_hint(format!(
                    "icons (data/icons/ and the game's icons/): {}",
                    names.join(", ")
                )),
            );
        } else if art.left >= width
            || art.top >= height
            || art.left + art.size <= 0.0
            || art.top + art.size <= 0.0
        {
            diags.push(
                Diagnostic::error(
                    "art-off-card",
                    format!(
                        "the `{}` art of template `{}` spans ({:.1}, {:.1})-({:.1}, {:.1}) pt, wholly off the {width:.1} x {height:.1} pt card",
                        art.icon.value,
                        template.id,
                        art.left,
                        art.top,
                        art.left + art.size,
                        art.top + art.size
                    ),
                    Some(art.icon.loc.clone()),
                )
                .with_hint("art must overlap the card's trim; it may run on past it into the bleed"),
            );
        }
    }
    Ok(layout::lay_out_background(
        background, width, height, bleed, find,
    ))
}

/// The icon called `name`: the game's own first, then the shared ones.
fn find_icon<'a>(own: &'a [Icon], shared: &'a [Icon], name: &str) -> Option<&'a Icon> {
    own.iter().chain(shared).find(|i| i.name == name)
}
