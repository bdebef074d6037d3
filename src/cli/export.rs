//! CLI: `grogpress export csv GAME --deck D` prints (or writes to a file)
//! the CSV card list `publish::export_csv` makes of a deck; `export vassal
//! GAME` writes the game's VASSAL module (`publish::vassal`) and tells what
//! went into it.

use std::io::Write;
use std::path::Path;

use super::write_atomic;
use crate::diag::{Diagnostics, Sources};
use crate::load::{OpError, Root};

/// Writes the CSV to `output`, or to stdout when there is none.
pub fn write_csv(csv: &str, output: Option<&Path>) -> Result<(), OpError> {
    match output {
        Some(path) => write_atomic(path, csv.as_bytes()),
        None => std::io::stdout()
            .lock()
            .write_all(csv.as_bytes())
            .map_err(|e| OpError::new(format!("cannot write to stdout: {e}"))),
    }
}

/// `export vassal`: the game as a VASSAL module under `out/<game>/`; false
/// when the game has problems (reported).
pub fn export_vassal(
    root: &Root,
    game: &str,
    out: &Path,
    format: crate::diag::print::Format,
) -> Result<bool, OpError> {
    let mut sources = Sources::default();
    let mut diags = Diagnostics::default();
    let assets = crate::publish::Assets::load(root.clone(), &mut sources, &mut diags)?;
    let dir = root.resolve_game(game)?;
    let exported =
        crate::publish::vassal::export_vassal(&dir, &assets, out, &mut sources, &mut diags)?;
    let clean = crate::diag::print::report(&mut diags, &sources, format, Some(game));
    if let Some(e) = &exported {
        eprintln!(
            "  wrote {} (VASSAL module: {} cards, {} counters, {} boards)",
            e.path.display(),
            e.cards,
            e.counters,
            e.boards
        );
    }
    Ok(clean && exported.is_some())
}
