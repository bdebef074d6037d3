//! Validate stage: card art's resolution at its printed size. For a print
//! shop a picture under 300 dpi where it lands on the card is a
//! `low-resolution` warning, under 150 an error; vector art is sharp at any
//! size. Located at the name: the template's `file` or the card's cell.

use std::collections::BTreeSet;

use crate::diag::{Diagnostic, Diagnostics, Loc};
use crate::model::{ArtFiles, CardTemplate, Deck, ImageFormat, ImageRegion, ImageSource};

/// What a print shop asks for.
pub const PRINT_DPI: f32 = 300.0;
/// Below this a picture prints visibly blurred or blocky.
pub const MIN_PRINT_DPI: f32 = 150.0;

/// Checks each picture `template` draws (for `deck`'s cards) when printing for a shop.
pub fn check_art_resolution(
    template: &CardTemplate,
    deck: Option<&Deck>,
    files: &ArtFiles,
    print_shop: bool,
    diags: &mut Diagnostics,
) {
    if !print_shop {
        return;
    }
    for region in &template.images {
        let mut seen = BTreeSet::new();
        let mut check = |name: String, loc: &Loc| {
            if let Some(file) = files.get(&name)
                && seen.insert(name)
            {
                check_one(region, file, loc, diags);
            }
        };
        match (&region.source, deck) {
            (ImageSource::File(file), _) => check(file.value.clone(), &file.loc),
            (ImageSource::Field(field), Some(deck)) => {
                let Some(index) = deck.field_index(&field.value) else {
                    continue;
                };
                for card in &deck.cards {
                    if let Some(value) = card.values.get(index).and_then(Option::as_ref) {
                        check(region.file_for(&value.value.display()), &value.loc);
                    }
                }
            }
            (ImageSource::Field(_), None) => {}
        }
    }
}

/// The pixels per inch of `file` where `region` draws it.
pub fn effective_dpi(region: &ImageRegion, file: &crate::model::ImageFile) -> f32 {
    let [_, _, w, h] = region.placed(file.aspect());
    let per_inch = |px: u32, pt: f32| px as f32 / (pt / 72.0).max(f32::EPSILON);
    per_inch(file.width, w).min(per_inch(file.height, h))
}

fn check_one(
    region: &ImageRegion,
    file: &crate::model::ImageFile,
    loc: &Loc,
    diags: &mut Diagnostics,
) {
    if matches!(file.format, ImageFormat::Svg(_)) {
        return;
    }
    let dpi = effective_dpi(region, file);
    if dpi >= PRINT_DPI {
        return;
    }
    let message = format!(
        "the image `{}` prints at {dpi:.0} dpi ({} x {} pixels over {:.2} x {:.2} in); a print shop asks for {PRINT_DPI:.0}",
        file.name,
        file.width,
        file.height,
        region.placed(file.aspect())[2] / 72.0,
        region.placed(file.aspect())[3] / 72.0,
    );
    let needed = |pt: f32| (pt / 72.0 * PRINT_DPI).ceil();
    let [_, _, w, h] = region.placed(file.aspect());
    let hint = format!(
        "use a picture of at least {} x {} pixels, or print it smaller",
        needed(w),
        needed(h)
    );
    let d = if dpi < MIN_PRINT_DPI {
        Diagnostic::error("low-resolution", message, Some(*loc))
    } else {
        Diagnostic::warning("low-resolution", message, Some(*loc))
    };
    diags.push(d.with_hint(hint));
}
