//! CLI: `grogpress sheets` lists the project's sheet templates
//! (`data/sheets.toml`) with their sizes.

use std::fmt::Write as _;

use crate::diag::print::{Format, report};
use crate::diag::{Diagnostics, Sources};
use crate::load::{OpError, Root};
use crate::publish::project_sheets;

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
