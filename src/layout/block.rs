//! Layout: a paragraph of rich text set at one size into a given width,
//! as items relative to its top-left — the building block of flowing pages.

use super::doc::{Item, fit_items};
use crate::model::{Align, Style, VAlign};
use crate::text::{Family, FitError, FitRequest, FontBook, fit_text};

/// A paragraph's items and its height.
pub fn paragraph(
    text: &str,
    family: &Family,
    book: &FontBook,
    style: Style,
    size: f32,
    width: f32,
    align: Align,
) -> Result<(Vec<Item>, f32), FitError> {
    paragraph_leading(text, family, book, style, size, 1.25, width, align)
}

/// [`paragraph`] with its lines `leading` times the size apart.
#[allow(clippy::too_many_arguments)]
pub fn paragraph_leading(
    text: &str,
    family: &Family,
    book: &FontBook,
    style: Style,
    size: f32,
    leading: f32,
    width: f32,
    align: Align,
) -> Result<(Vec<Item>, f32), FitError> {
    let request = FitRequest {
        text,
        family,
        style,
        width,
        height: f32::MAX,
        size,
        min_size: size,
        leading,
        align,
        valign: VAlign::Top,
    };
    let fit = fit_text(&request, book)?;
    let bottom = fit.bottom;
    Ok((fit_items(fit, 0.0, 0.0, book), bottom))
}
