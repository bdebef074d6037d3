//! CLI: `grogpress calibrate` — loads the project's fonts (and sheet
//! templates), lays out a duplex or label calibration sheet and writes its
//! PDF into the output folder.

use std::path::Path;

use super::sheets::project_sheets;
use super::write_atomic;
use crate::diag::print::{Format, report};
use crate::diag::{Diagnostics, Sources};
use crate::layout::Doc;
use crate::load::{OpError, Root};
use crate::model::Paper;
use crate::text::FontBook;

/// `calibrate duplex`: the two-sided sheet on `paper`.
pub fn duplex(root: &Root, paper: Paper, out: &Path) -> Result<bool, OpError> {
    let mut sources = Sources::default();
    let mut diags = Diagnostics::default();
    let fonts = crate::load::load_fonts(root, &mut sources, &mut diags)?;
    if !report(&mut diags, &sources, Format::Human, None) {
        return Ok(false);
    }
    let doc = crate::layout::lay_out_duplex_calibration(paper, first_family(&fonts)?, &fonts)
        .map_err(|e| OpError::new(format!("calibration sheet: {e:?}")))?;
    let path = out.join("duplex-calibration.pdf");
    write(&doc, &fonts, &path)?;
    eprintln!(
        "  wrote {} (print it two-sided at 100%, then read the offsets off the front)",
        path.display()
    );
    Ok(true)
}

/// `calibrate labels`: the outlines and corner scales of the sheet template
/// named `sheet` (an id or an alias, as `grogpress sheets` lists them).
pub fn labels(root: &Root, sheet: &str, out: &Path) -> Result<bool, OpError> {
    let mut sources = Sources::default();
    let mut diags = Diagnostics::default();
    let fonts = crate::load::load_fonts(root, &mut sources, &mut diags)?;
    let sheets = project_sheets(root, &mut sources, &mut diags)?;
    if !report(&mut diags, &sources, Format::Human, None) {
        return Ok(false);
    }
    let Some(template) = sheets.iter().find(|s| s.matches(sheet)) else {
        return Err(OpError::new(format!(
            "no sheet `{sheet}`; `grogpress sheets` lists them"
        )));
    };
    let doc = crate::layout::lay_out_label_calibration(template, first_family(&fonts)?, &fonts)
        .map_err(|e| OpError::new(format!("calibration sheet: {e:?}")))?;
    let path = out.join(format!("{}-calibration.pdf", template.id));
    write(&doc, &fonts, &path)?;
    eprintln!(
        "  wrote {} (print it at 100% and lay it on a label sheet, then read the offsets at the corners)",
        path.display()
    );
    Ok(true)
}

fn first_family(fonts: &FontBook) -> Result<&crate::text::Family, OpError> {
    fonts
        .families
        .first()
        .ok_or_else(|| OpError::new("fonts/fonts.toml declares no font family"))
}

fn write(doc: &Doc, fonts: &FontBook, path: &Path) -> Result<(), OpError> {
    let bytes =
        crate::render::pdf::render_pdf(doc, fonts).map_err(|e| OpError::new(e.to_string()))?;
    write_atomic(path, &bytes)
}
