//! CLI stage: `grogpress diff` — its arguments, and the changes (or the
//! data errors that stopped it) printed as text or JSON.

use std::path::PathBuf;

use clap::Args;

use crate::diag::print::{Format, report};
use crate::load::{OpError, Root};
use crate::publish::diff::{DiffQuery, Version};

#[derive(Args, Debug)]
pub struct DiffArgs {
    /// The game: a name under data/ or a game folder [default: the game folder you stand in]
    game: Option<String>,
    /// The earlier version: a git revision of the game's folder (HEAD~1, v1.0,
    /// a commit), read from git without a checkout, or a folder holding a game.toml
    #[arg(long, value_name = "REV|DIR")]
    from: String,
    /// The later version, as --from [default: the game's folder as it is now]
    #[arg(long, value_name = "REV|DIR")]
    to: Option<String>,
    /// Where a revision's files are written while they are read (removed after) [default: out, or ../out inside a game folder]
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
}

/// Runs `diff`: Ok(false) when a version has data errors.
pub fn run(root: &Root, args: DiffArgs, format: Format) -> Result<bool, OpError> {
    let game = match args.game {
        Some(game) => game,
        None => root.one_game(None)?.display().to_string(),
    };
    let query = DiffQuery {
        game,
        from: Version::parse(&args.from),
        to: args.to.as_deref().map(Version::parse),
        out: args.out.unwrap_or_else(crate::publish::default_out),
    };
    let mut run = crate::publish::diff::diff(root, &query)?;
    if !run.failed.is_empty() {
        for (label, diags, sources) in &mut run.failed {
            diags.list.retain(|d| d.is_error());
            report(diags, sources, format, Some(label.as_str()));
        }
        return Ok(false);
    }
    let text = match format {
        Format::Human => crate::publish::diff::text(&run.from, &run.to, &run.changes),
        Format::Json => crate::publish::diff::json(&run.from, &run.to, &run.changes),
    };
    super::write_stdout(text.as_bytes(), "the changes")?;
    Ok(true)
}
