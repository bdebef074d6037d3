//! Render stage: draws a laid-out [`crate::layout::Doc`] into an output
//! format. Renderers never measure text: glyphs and positions come from layout.

mod content;
mod error;
pub mod html;
pub mod pdf;
mod pdf_forms;
mod pdf_images;
mod pdf_page;
mod pdf_repeats;
mod pdf_tags;
mod pdf_xmp;
pub mod png;
mod png_encode;
mod raster;
pub mod svg;
pub mod vassal;
pub mod zip;

pub use error::RenderError;
