//! CLI: `grogpress export csv GAME --deck D` prints (or writes to a file)
//! the CSV card list `publish::export_csv` makes of a deck; `export vassal
//! GAME` writes the game's VASSAL module (`publish::vassal`) and tells what
//! went into it.

use std::path::{Path, PathBuf};

use super::write_atomic;
use crate::diag::print::{Format, report};
use crate::diag::{Diagnostics, Sources};
use crate::load::{OpError, Root};

/// `export csv`: the deck's CSV into `output`, or onto stdout when there
/// is none; false when the game has problems (reported).
pub fn export_csv(
    root: &Root,
    game: Option<&str>,
    deck: Option<&str>,
    output: Option<PathBuf>,
    format: Format,
) -> Result<bool, OpError> {
    let dir = root.one_game(game)?;
    let csv = match crate::publish::export_csv(&dir, deck)? {
        crate::publish::Exported::Csv(csv) => csv,
        crate::publish::Exported::Failed(mut diags, sources) => {
            report(&mut diags, &sources, format, Some(&game_label(&dir)));
            return Ok(false);
        }
    };
    match output {
        Some(path) => write_atomic(&path, csv.as_bytes())?,
        None => super::write_stdout(csv.as_bytes(), "to stdout")?,
    }
    Ok(true)
}

/// What the summary line calls the game in `dir`: its folder's name, the
/// game's id (as `check` and `build` call it), however the command named it.
fn game_label(dir: &Path) -> String {
    dir.file_name().map_or_else(
        || dir.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// `export vassal`: the game as a VASSAL module under `out/<game>/`; false
/// when the game has problems (reported).
pub fn export_vassal(
    root: &Root,
    game: Option<&str>,
    out: &Path,
    lang: Option<&str>,
    format: Format,
) -> Result<bool, OpError> {
    let mut sources = Sources::default();
    let mut diags = Diagnostics::default();
    let assets = crate::publish::Assets::load(root.clone(), &mut sources, &mut diags)?;
    let dir = root.one_game(game)?;
    let exported = crate::publish::vassal::export_vassal_in(
        &dir,
        &assets,
        out,
        lang,
        &mut sources,
        &mut diags,
    )?;
    let clean = report(&mut diags, &sources, format, Some(&game_label(&dir)));
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
