//! Diagnostics: printing them as a command finishes a game — human-readable
//! on standard error (coloured when asked) or one JSON object per line on
//! standard output — with a game's summary line.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

use super::{Diagnostics, Sources};

/// How diagnostics are printed (`--format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Human,
    Json,
}

static COLOR: AtomicBool = AtomicBool::new(false);

/// Whether human diagnostics are coloured, decided once at start-up.
pub fn set_color(on: bool) {
    COLOR.store(on, Ordering::Relaxed);
}

pub fn color() -> bool {
    COLOR.load(Ordering::Relaxed)
}

/// Prints diagnostics; true when there were no errors.
pub fn report(
    diags: &mut Diagnostics,
    sources: &Sources,
    format: Format,
    game: Option<&str>,
) -> bool {
    diags.sort();
    let stdout = std::io::stdout();
    let mut stdout = stdout.lock();
    for d in &diags.list {
        match format {
            Format::Human => eprintln!("{}", super::render_human_styled(d, sources, color())),
            Format::Json => {
                let _ = writeln!(stdout, "{}", super::render_json(d, sources));
            }
        }
    }
    if let (Format::Human, Some(game)) = (format, game) {
        let (e, w) = (diags.error_count(), diags.warning_count());
        eprintln!("{game}: {e} error{}, {w} warning{}", plural(e), plural(w));
    }
    !diags.has_errors()
}

/// An operational failure (exit 2): on standard error, or under `--format
/// json` as one JSON line on standard output like the diagnostics, with the
/// id `operational` and no location, so a tool reading JSON sees it.
pub fn print_failure(e: &super::OpError, format: Format) {
    match format {
        Format::Human => eprintln!("error: {e}"),
        Format::Json => {
            let failure = crate::error!("operational", None, "{e}");
            println!("{}", super::render_json(&failure, &Sources::default()));
        }
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
