//! CLI: plans the card-list reference sheets a game publishes
//! (`[[publish.card_lists]]`): one PDF per deck, `<deck>-list.pdf`.

use super::{Assets, Body, Output, PlanOptions};
use crate::diag::Diagnostics;
use crate::layout::{self, CardListOptions};
use crate::model::{Game, Paper};
use crate::validate::dangling;

/// Every card list of the game, laid out; problems go to `diags`.
pub fn plan_card_lists(
    game: &Game,
    assets: &Assets,
    options: &PlanOptions,
    diags: &mut Diagnostics,
) -> Vec<Output> {
    let mut outputs = Vec::new();
    let Some(family) = assets
        .fonts
        .family("sans-condensed")
        .or(assets.fonts.families.first())
    else {
        return outputs;
    };
    for job in &game.publish.card_lists {
        let Some(deck) = game.deck(&job.deck.value) else {
            if !game.unloaded.contains(&job.deck.value) {
                diags.push(dangling(
                    &job.deck,
                    "deck",
                    game.decks.iter().map(|d| d.id.as_str()),
                ));
            }
            continue;
        };
        let group_by = match layout::group_field(deck, job.group_by.as_ref()) {
            Ok(g) => g,
            Err(d) => {
                diags.push(d);
                continue;
            }
        };
        let list_options = CardListOptions {
            paper: options.paper.unwrap_or(Paper::LETTER),
            ..CardListOptions::default()
        };
        match layout::lay_out_card_list(game, deck, group_by, family, &assets.fonts, &list_options)
        {
            Ok(doc) => outputs.push(Output {
                file_name: format!("{}-list.pdf", deck.id),
                summary: format!(
                    "list of {} on {}",
                    super::counted(deck.cards.len(), "card", "cards"),
                    super::counted(doc.pages.len(), "page", "pages")
                ),
                body: Body::Doc(doc),
                images: None,
            }),
            Err(problems) => problems.into_iter().for_each(|d| diags.push(d)),
        }
    }
    outputs
}
