//! CLI: the project's sheet templates (`data/sheets.toml`): read for the
//! commands that need one by name, and listed by `grogpress sheets`.

use std::fmt::Write as _;

use crate::diag::print::{Format, report};
use crate::diag::{Diagnostics, Sources};
use crate::load::{OpError, Root};
use crate::model::SheetTemplate;

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

/// `grogpress sheets`: a table of every sheet template and its sizes.
pub fn list_sheets(root: &Root, format: Format) -> Result<bool, OpError> {
    let mut sources = Sources::default();
    let mut diags = Diagnostics::default();
    let sheets = project_sheets(root, &mut sources, &mut diags)?;
    let clean = report(&mut diags, &sources, format, None);
    let inch = |pt: f32| pt / 72.0;
    let mm = |pt: f32| pt * 25.4 / 72.0;
    let mut table = String::new();
    let _ = writeln!(
        table,
        "{:<18} {:<7} {:>16} {:>18} {:>7}  name (also)",
        "sheet", "paper", "label (in)", "label (mm)", "grid"
    );
    for s in &sheets {
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
    super::print_stdout(&table);
    Ok(clean)
}
