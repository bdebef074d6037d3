//! Render stage: draws a laid-out [`crate::layout::Doc`] into an output
//! format. Renderers never measure text: glyphs and positions come from layout.

pub mod html;
pub mod pdf;
mod pdf_images;
pub mod png;
pub mod svg;
