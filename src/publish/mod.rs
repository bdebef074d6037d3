//! Publish stage: from a loaded, validated game to the files it publishes
//! under `out/<game>/` — the list of outputs the game asks for (label
//! sheets, print-and-play cards, counters, aids, charts, card lists, the
//! rulebook, the HTML reference, card images), each laid out and written
//! atomically. `build`, `watch` and `serve` all publish through here.

mod art;
mod artifact;
mod assets;
mod background;
mod build;
mod calibration;
mod card_lists;
pub mod cards;
pub mod counters;
mod export_csv;
mod faces;
pub mod figures;
pub mod game_run;
pub mod html;
pub mod images;
mod labels;
pub mod maps;
mod new_game;
pub mod odds;
mod options;
pub mod output;
mod plan;
pub mod preview;
pub mod rulebook;
mod scenarios;
mod schemas;
pub mod shops;
pub mod tracks;
pub mod tts;
pub mod vassal;

pub use artifact::{Body, Output, PageSource};
pub use assets::Assets;
pub(crate) use build::{WriteRequest, check, lay_out, write};
pub use build::{Written, written_line};
pub use calibration::{Calibration, project_sheets, write_calibration};
pub use cards::PRINT_SHOP_BLEED;
pub use counters::{parse_color, parse_counter_size};
pub use export_csv::{Exported, export_csv};
pub use game_run::{
    CheckedGame, Destination, Published, Step, Tell, ToDestination, check_game, check_only,
    publish_game, publish_games,
};
pub use html::{build_html, write_if_changed};
pub use images::{CardImages, write_card_images};
pub use new_game::{built_in_games, new_game};
pub use options::{CARD_BLEED, Overrides, PlanOptions};
pub use output::{
    remove_stale_temps, write_atomic, write_atomic_with, write_output, write_output_with,
};
pub use plan::plan;
pub use schemas::write_schemas;

/// "1 page", "2 pages": a count with its noun, for the lines `build` prints.
pub(crate) fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
pub use rulebook::write as write_rulebook;
