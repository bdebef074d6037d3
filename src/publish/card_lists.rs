//! Publish: plans the card-list reference sheets a game publishes
//! (`[[publish.card_lists]]`): one PDF per deck, `<deck>-list.pdf`, measured
//! and paginated when planned, its pages laid out as they are written.

use super::artifact::PageSource;
use super::{Assets, Body, Output, PlanOptions};
use crate::diag::Diagnostics;
use crate::layout::{self, CardListOptions, CardListPages, Page};
use crate::load::OpError;
use crate::model::{Game, Paper};
use crate::text::Family;
use crate::validate::dangling;

/// The family a card list is set in.
fn list_family<'a>(game: &Game, assets: &'a Assets) -> Option<&'a Family> {
    assets.text_family(game)
}

/// Every card list of the game, laid out; problems go to `diags`.
pub fn plan_card_lists(
    game: &Game,
    assets: &Assets,
    options: &PlanOptions,
    diags: &mut Diagnostics,
) -> Vec<Output> {
    let mut outputs = Vec::new();
    let Some(family) = list_family(game, assets) else {
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
        match layout::plan_card_list(game, deck, group_by, family, &assets.fonts, &list_options) {
            Ok(list) => outputs.push(Output {
                printed: super::artifact::Printed::CardList,
                file_name: format!("{}-list.pdf", deck.id),
                summary: format!(
                    "list of {} on {}",
                    super::counted(deck.cards.len(), "card", "cards"),
                    super::counted(list.page_count(), "page", "pages")
                ),
                body: Body::Pages(Box::new(CardList(list))),
                images: None,
            }),
            Err(problems) => problems.into_iter().for_each(|d| diags.push(d)),
        }
    }
    outputs
}

/// A card list's pages, laid out a part at a time as they are written.
struct CardList(CardListPages);

/// Card-list pages laid out and written at a time.
const LIST_PAGES_AT_ONCE: usize = 32;

impl PageSource for CardList {
    fn title(&self) -> &str {
        self.0.title()
    }

    fn page_count(&self) -> usize {
        self.0.page_count()
    }

    fn parts(&self) -> usize {
        self.page_count().div_ceil(LIST_PAGES_AT_ONCE)
    }

    /// Every row was laid out when the list was planned.
    fn checked_when_planned(&self) -> bool {
        true
    }

    fn part(
        &self,
        game: &Game,
        assets: &Assets,
        n: usize,
        diags: &mut Diagnostics,
    ) -> Result<Vec<Page>, OpError> {
        let family = list_family(game, assets)
            .ok_or_else(|| OpError::new("the fonts changed while printing"))?;
        let pages = n * LIST_PAGES_AT_ONCE..(n + 1) * LIST_PAGES_AT_ONCE;
        match self.0.pages(pages, family, &assets.fonts) {
            Ok(pages) => Ok(pages),
            Err(problems) => {
                problems.into_iter().for_each(|d| diags.push(d));
                Ok(Vec::new())
            }
        }
    }
}
