//! Validate stage: checks a loaded [`Game`] against its rules model — deck
//! constraints, references, rich-text markup, card names in the rules text —
//! and returns every problem as a diagnostic.

mod aid_data;
mod art;
mod background;
mod chart;
mod constraints;
mod counters;
mod crt;
mod deck;
mod dice_combat;
mod figures;
mod forces;
mod game_texts;
mod glossary;
mod icon_names;
mod images;
mod jobs;
mod link_targets;
mod map;
mod places;
mod random_table;
mod rules;
mod scenario;
mod shortcodes;
mod tracks;
mod translations;
mod unit_symbols;
mod values;

use crate::diag::Diagnostics;
use crate::model::Game;

pub use art::check_art_resolution;
pub use background::check_background_art;
pub use chart::validate_charts;
pub use counters::{steps_of, validate_counters};
pub use deck::validate_deck;
pub use figures::{resolve_figure, validate_figures};
pub use game_texts::check_game_texts;
pub use glossary::validate_glossary;
pub use images::validate_images;
pub use jobs::{check_template_fields, dangling, template_fits};
pub use rules::validate_rules;
pub use shortcodes::validate_shortcodes;
pub use translations::check_translations;

/// Every check on a game; diagnostics in no particular order.
pub fn validate(game: &Game) -> Diagnostics {
    let mut diags = Diagnostics::default();
    for deck in game.decks.iter().chain(&game.collections) {
        validate_deck(game, deck, &mut diags);
        values::check_int_ranges(deck, &mut diags);
    }
    if let Some(combat) = &game.dice_combat {
        dice_combat::validate_dice_combat(game, combat, &mut diags);
    }
    for table in &game.random_tables {
        random_table::validate_random_table(table, &mut diags);
    }
    validate_rules(game, &mut diags);
    rules::check_links(game, &mut diags);
    validate_shortcodes(game, &mut diags);
    validate_images(game, &mut diags);
    validate_charts(&game.charts, &mut diags);
    chart::check_aid_tables(game, &mut diags);
    chart::check_chart_rules(game, &mut diags);
    validate_glossary(&game.glossary, &mut diags);
    forces::check_force_sides(game, &mut diags);
    validate_counters(game, &mut diags);
    aid_data::check_aid_data(game, &mut diags);
    unit_symbols::check_unit_symbols(game, &mut diags);
    map::validate_maps(game, &mut diags);
    tracks::validate_parts(game, &mut diags);
    validate_figures(game, &mut diags);
    scenario::validate_scenarios(game, &mut diags);
    // A game built in a translation was checked in its own language.
    if game.build_lang.is_none() {
        translations::check_translations(game, &mut diags);
    }
    diags
}
