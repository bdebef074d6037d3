//! Validate stage: checks a loaded [`Game`] against its rules model — deck
//! constraints, references, rich-text markup, card names in the rules text —
//! and returns every problem as a diagnostic.

mod chart;
mod deck;
mod rules;

use crate::diag::{Diagnostics, Sources};
use crate::model::Game;

pub use chart::validate_charts;
pub use deck::validate_deck;
pub use rules::{CardMention, card_mentions, validate_rules};

/// Every check on a game; diagnostics in no particular order.
pub fn validate(game: &Game, sources: &Sources) -> Diagnostics {
    let mut diags = Diagnostics::default();
    for deck in &game.decks {
        validate_deck(game, deck, sources, &mut diags);
    }
    validate_rules(game, sources, &mut diags);
    validate_charts(&game.charts, &mut diags);
    diags
}
