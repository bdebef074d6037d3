//! Publish: `grogpress export csv` — a loaded deck's cards (or a
//! collection's items) written back out as a CSV card list, for editing in
//! a spreadsheet and reading back with `cards = "file.csv"` (`items =
//! "file.csv"`).

use std::path::Path;

use crate::diag::{Diagnostics, Sources};
use crate::load::OpError;

/// What `export csv` produced: the CSV text, or the load diagnostics that stopped it.
pub enum Exported {
    Csv(String),
    Failed(Diagnostics, Sources),
}

/// Loads the game and writes deck `deck` (or its only deck) as CSV.
pub fn export_csv(dir: &Path, deck: Option<&str>) -> Result<Exported, OpError> {
    let mut sources = Sources::default();
    let mut diags = Diagnostics::default();
    let loaded = crate::load::load_game(dir, &mut sources, &mut diags)?;
    let game = match loaded {
        Some(game) if !diags.has_errors() => game,
        _ => return Ok(Exported::Failed(diags, sources)),
    };
    let ids: Vec<&str> = game.decks.iter().map(|d| d.id.as_str()).collect();
    // A collection (units, dice...) is written the same way, one item a row.
    let chosen = match deck {
        Some(id) => game
            .deck(id)
            .or_else(|| game.collections.iter().find(|c| c.id == id)),
        None if game.decks.len() == 1 => game.decks.first(),
        None if game.decks.is_empty() => {
            let collections: Vec<&str> = game.collections.iter().map(|c| c.id.as_str()).collect();
            return Err(OpError::new(if collections.is_empty() {
                format!("{} has no deck or collection to export", game.name)
            } else {
                format!(
                    "{} has no deck; choose a collection with --deck ({})",
                    game.name,
                    collections.join(", ")
                )
            }));
        }
        None => {
            return Err(OpError::new(format!(
                "{} has {} decks; choose one with --deck ({})",
                game.name,
                game.decks.len(),
                ids.join(", ")
            )));
        }
    };
    let Some(chosen) = chosen else {
        let collections: Vec<&str> = game.collections.iter().map(|c| c.id.as_str()).collect();
        return Err(OpError::new(format!(
            "{} has no deck or collection `{}`; decks: {}; collections: {}",
            game.name,
            deck.unwrap_or_default(),
            ids.join(", "),
            collections.join(", ")
        )));
    };
    crate::load::csv::cards_to_csv(&chosen.fields, &chosen.cards).map(Exported::Csv)
}
