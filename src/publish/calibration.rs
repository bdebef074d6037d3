//! Publish: a printer calibration sheet — the project's fonts (and sheet
//! templates) loaded, a duplex or label calibration sheet laid out and its
//! PDF written into the output folder (`grogpress calibrate`); and the
//! table of the sheet templates with their sizes (`grogpress sheets`).

use std::path::{Path, PathBuf};

use super::write_atomic;
use crate::diag::{Diagnostics, Sources};
use crate::layout::Doc;
use crate::load::{OpError, Root};
use crate::model::{Paper, SheetTemplate};
use crate::text::FontBook;

/// Which calibration sheet.
pub enum Calibration<'a> {
    /// The two-sided sheet on this paper.
    Duplex(Paper),
    /// The outlines and corner scales of the sheet template with this id or
    /// alias (as `grogpress sheets` lists them).
    Labels(&'a str),
}

impl Calibration<'_> {
    /// How to print the sheet and read it, told beside its path.
    pub fn how(&self) -> &'static str {
        match self {
            Calibration::Duplex(_) => {
                "print it two-sided at 100%, then read the offsets off the front"
            }
            Calibration::Labels(_) => {
                "print it at 100% and lay it on a label sheet, then read the offsets at the corners"
            }
        }
    }
}

/// Writes the calibration sheet into `out`; its path, or `None` when the
/// fonts or sheet templates have errors (in `diags`).
pub fn write_calibration(
    root: &Root,
    what: Calibration<'_>,
    out: &Path,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<Option<PathBuf>, OpError> {
    let fonts = crate::load::load_fonts(root, sources, diags)?;
    let (doc, path) = match what {
        Calibration::Duplex(paper) => {
            if diags.has_errors() {
                return Ok(None);
            }
            let doc =
                crate::layout::lay_out_duplex_calibration(paper, first_family(&fonts)?, &fonts)
                    .map_err(|e| OpError::new(format!("calibration sheet: {e:?}")))?;
            (doc, out.join("duplex-calibration.pdf"))
        }
        Calibration::Labels(sheet) => {
            let sheets = project_sheets(root, sources, diags)?;
            if diags.has_errors() {
                return Ok(None);
            }
            let Some(template) = sheets.iter().find(|s| s.matches(sheet)) else {
                return Err(OpError::new(format!(
                    "no sheet `{sheet}`; `grogpress sheets` lists them"
                )));
            };
            let doc =
                crate::layout::lay_out_label_calibration(template, first_family(&fonts)?, &fonts)
                    .map_err(|e| OpError::new(format!("calibration sheet: {e:?}")))?;
            (doc, out.join(format!("{}-calibration.pdf", template.id)))
        }
    };
    write(&doc, &fonts, &path)?;
    Ok(Some(path))
}

/// The sheet templates of the project (or the embedded defaults), with any
/// problem in the file among `diags`.
pub fn project_sheets(
    root: &Root,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<Vec<SheetTemplate>, OpError> {
    Ok(
        match crate::load::embedded::read_root_source(root, "data/sheets.toml", sources, diags)? {
            Some((file, text, true)) => crate::load::load_sheets(file, &text, diags),
            _ => Vec::new(),
        },
    )
}

/// What `grogpress sheets` prints: every sheet template and its sizes, a
/// line each under a header.
pub fn sheet_table(sheets: &[SheetTemplate]) -> String {
    use std::fmt::Write as _;
    let inch = |pt: f32| pt / 72.0;
    let mm = |pt: f32| pt * 25.4 / 72.0;
    let mut table = String::new();
    let _ = writeln!(
        table,
        "{:<18} {:<7} {:>16} {:>18} {:>7}  name (also)",
        "sheet", "paper", "label (in)", "label (mm)", "grid"
    );
    for s in sheets {
        let also = if s.aliases.is_empty() {
            String::new()
        } else {
            format!(" (also {})", s.aliases.join(", "))
        };
        let _ = writeln!(
            table,
            "{:<18} {:<7} {:>16} {:>18} {:>7}  {}{}",
            s.id,
            s.paper_name,
            format!("{:.4} x {:.4}", inch(s.label_width), inch(s.label_height)),
            format!("{:.1} x {:.1}", mm(s.label_width), mm(s.label_height)),
            format!("{} x {}", s.columns, s.rows),
            s.name,
            also
        );
    }
    table
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
