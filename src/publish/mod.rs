//! Publish stage: from a loaded, validated game to the files it publishes
//! under `out/<game>/` — the list of outputs the game asks for (label
//! sheets, print-and-play cards, counters, aids, charts, card lists, the
//! rulebook, the HTML reference, card images), each laid out and written
//! atomically. `check`, `build`, `watch` and `serve` all publish through
//! `publish_games`/`publish_game` (`game_run`).

mod art;
mod artifact;
mod assets;
mod background;
mod build;
mod calibration;
mod card_lists;
pub(crate) mod cards;
pub mod change_marks;
pub(crate) mod counters;
pub mod diff;
mod errata;
mod export_csv;
mod faces;
pub(crate) mod figures;
pub(crate) mod game_run;
pub(crate) mod guide;
pub(crate) mod html;
mod html_changes;
pub(crate) mod images;
mod labels;
pub mod maps;
mod new_game;
pub(crate) mod odds;
mod options;
pub(crate) mod output;
mod plan;
pub(crate) mod preview;
pub(crate) mod rulebook;
mod scenarios;
mod schemas;
pub(crate) mod shops;
pub(crate) mod tracks;
pub(crate) mod translations;
pub(crate) mod tts;
pub(crate) mod vassal;

pub(crate) use artifact::Body;
pub use artifact::Output;
pub use assets::Assets;
pub use build::Written;
pub(crate) use build::{WriteRequest, check, lay_out, write};
pub(crate) use build::{timing_begin, written_line};
pub(crate) use calibration::{Calibration, project_sheets, sheet_table, write_calibration};
pub(crate) use export_csv::{Exported, export_csv};
pub use game_run::{
    CheckedGame, Destination, Published, Step, Tell, ToDestination, check_game, check_only,
    publish_game, publish_games,
};
pub use html::build_html;
pub(crate) use html::write_if_changed;
pub use images::{CardImages, write_card_images};
pub(crate) use new_game::{game_names, games_list, new_game};
pub use options::PlanOptions;
pub(crate) use output::{default_out, remove_stale_temps, write_atomic, write_output};
pub(crate) use plan::plan;
pub(crate) use schemas::write_schemas;

/// "1 page", "2 pages": a count with its noun, for the lines `build` prints.
pub(crate) fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
pub use crate::layout::RulebookOptions;
/// Every check on a loaded game, as `check_game` runs it before planning:
/// for a caller that loads a game itself and publishes nothing.
pub use crate::validate::validate;
pub use rulebook::{rulebook_file, write as write_rulebook};
pub use vassal::export_vassal;
