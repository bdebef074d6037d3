//! Validate stage: a card template's background art at a card size — each
//! art names an icon (the game's own or the shared ones) and overlaps the
//! card — reported at its place in the template.

use crate::diag::Diagnostics;
use crate::model::{CardTemplate, Icon};

/// Whether every art of `template`'s background names one of `icons` (the
/// game's own, then the shared) and overlaps a `size` (width, height) card;
/// each that does not is reported.
pub fn check_background_art(
    template: &CardTemplate,
    size: (f32, f32),
    icons: &[Icon],
    diags: &mut Diagnostics,
) {
    let Some(background) = &template.background else {
        return;
    };
    let (width, height) = size;
    let all = || icons.iter();
    for art in &background.art {
        if !all().any(|i| i.name == art.icon.value) {
            let mut names: Vec<&str> = all().map(|i| i.name.as_str()).collect();
            names.sort_unstable();
            names.dedup();
            diags.push(crate::error!(
                "dangling-reference", Some(art.icon.loc),
                "no icon `{}` for the art of template `{}`", art.icon.value, template.id;
                hint: "icons (data/icons/ and the game's icons/): {}", names.join(", ")
            ));
        } else if art.left >= width
            || art.top >= height
            || art.left + art.size <= 0.0
            || art.top + art.size <= 0.0
        {
            diags.push(crate::error!(
                "art-off-card", Some(art.icon.loc),
                "the `{}` art of template `{}` spans ({:.1}, {:.1})-({:.1}, {:.1}) pt, wholly off the {width:.1} x {height:.1} pt card",
                art.icon.value,
                template.id,
                art.left,
                art.top,
                art.left + art.size,
                art.top + art.size;
                hint: "art must overlap the card's trim; it may run on past it into the bleed"
            ));
        }
    }
}
