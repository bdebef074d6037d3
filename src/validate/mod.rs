//! Validate stage: checks a loaded [`Game`] against its rules model — deck
//! constraints, references, rich-text markup, card names in the rules text —
//! and returns every problem as a diagnostic.

mod deck;
mod images;
mod rules;
mod shortcodes;

use crate::diag::{Diagnostics, Sources};
use crate::model::Game;

pub use deck::validate_deck;
pub use images::validate_images;
pub use rules::{CardMention, card_mentions, validate_rules};
pub use shortcodes::{SHORTCODES, validate_shortcodes};

/// Every check on a game; diagnostics in no particular order.
pub fn validate(game: &Game, sources: &Sources) -> Diagnostics {
    let mut diags = Diagnostics::default();
    for deck in &game.decks {
        validate_deck(game, deck, sources, &mut diags);
    }
    validate_rules(game, sources, &mut diags);
    validate_shortcodes(game, sources, &mut diags);
    validate_images(game, sources, &mut diags);
    diags
}
