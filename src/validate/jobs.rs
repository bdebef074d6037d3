//! Validate stage: what a publish job names — a deck, sheet, size or field
//! that exists, and a template whose regions lie on the label or card.

use crate::diag::{Diagnostic, Diagnostics};
use crate::model::CardTemplate;

pub fn dangling<'a>(
    name: &crate::model::Located<String>,
    what: &str,
    known: impl Iterator<Item = &'a str>,
) -> Diagnostic {
    let known: Vec<&str> = known.collect();
    crate::error!(
        "dangling-reference", Some(name.loc), "no {what} `{}`", name.value;
        hint: "known: {}", if known.is_empty() { "none".to_string() } else { known.join(", ") }
    )
}

/// Every region of the template lies within `size` (width, height) less
/// `inset` on every side; one that reaches past is an `id` diagnostic at the region.
pub fn template_fits(
    template: &CardTemplate,
    size: (f32, f32),
    inset: f32,
    id: &'static str,
    what: &str,
    diags: &mut Diagnostics,
) -> bool {
    let (width, height) = size;
    let mut fits = true;
    for region in &template.regions {
        let (right, bottom) = (region.left + region.width, region.top + region.height);
        let tol = 0.01;
        if right > width - inset + tol
            || bottom > height - inset + tol
            || region.left < inset - tol
            || region.top < inset - tol
        {
            fits = false;
            let zone = if inset > 0.0 {
                format!(" and text must keep {inset:.1} pt inside the trim")
            } else {
                String::new()
            };
            diags.push(
                crate::error!(
                    id, Some(region.loc),
                    "region `{}` of template `{}` spans ({:.1}, {:.1})-({:.1}, {:.1}) pt, but {what} are {width:.1} x {height:.1} pt{zone}",
                    region.field, template.id, region.left, region.top, right, bottom;
                    hint: "move or shrink the region, or use a template made for this size"
                ),
            );
        }
    }
    fits
}

/// A template region naming a field the deck does not declare is a mistake.
pub fn check_template_fields(
    deck: &crate::model::Deck,
    template: &CardTemplate,
    diags: &mut Diagnostics,
) {
    for region in &template.regions {
        if deck.field_index(&region.field).is_none() {
            diags.push(crate::error!(
                "dangling-reference", Some(region.loc),
                "the deck `{}` has no field `{}`", deck.id, region.field;
                hint: "{}", deck.fields_hint()
            ));
        }
    }
    for when in template.frames.iter().filter_map(|f| f.when.as_ref()) {
        if deck.field_index(&when.field.value).is_none() {
            diags.push(crate::error!(
                "dangling-reference", Some(when.field.loc),
                "the frame is drawn when the deck `{}` has a field `{}`, and it has none", deck.id, when.field.value;
                hint: "{}", deck.fields_hint()
            ));
        }
    }
}
