//! Publish: a deck's cards chosen and laid out on a template — the cards a
//! `--side` selects, and every face for the HTML reference and the rulebook.

use super::Assets;
use crate::diag::Diagnostics;
use crate::layout::{self, CardFace};
use crate::load::OpError;
use crate::model::{FieldKind, Game, Located};

/// How a deck's cards are laid out on one template, one card when asked
/// (the HTML reference lays out only the cards it shows).
pub struct DeckLayout<'a> {
    game: &'a Game,
    deck: &'a crate::model::Deck,
    template: &'a crate::model::CardTemplate,
    family: &'a crate::text::Family,
    assets: &'a Assets,
    art: layout::CardArt,
    memo: layout::FitMemo,
}

impl<'a> DeckLayout<'a> {
    /// The cards of `deck` on the `kind` template `layout`; `None` when the
    /// template or its font family cannot be had.
    pub fn new(
        game: &'a Game,
        deck: &'a crate::model::Deck,
        kind: &str,
        layout: &Located<String>,
        assets: &'a Assets,
    ) -> Result<Option<DeckLayout<'a>>, OpError> {
        let mut quiet = Diagnostics::default();
        let Some(template) = game.files.template(kind, &layout.value) else {
            return Ok(None);
        };
        let Some(family) = assets.fonts.family(&template.family) else {
            return Ok(None);
        };
        // The card's own picture frame cuts its art off at the trim.
        let unbounded = (f32::MAX / 4.0, f32::MAX / 4.0);
        let art = super::art::card_art(
            game,
            template,
            Some(deck),
            unbounded,
            0.0,
            false,
            &mut crate::diag::Sources::default(),
            &mut quiet,
        )?;
        Ok(Some(DeckLayout {
            game,
            deck,
            template,
            family,
            assets,
            art,
            memo: layout::FitMemo::default(),
        }))
    }

    /// Card `i` laid out with its pictures; `None` when it cannot be (check
    /// and build report why).
    pub fn face(&self, i: usize) -> Option<CardFace> {
        let face = layout::lay_out_card(
            self.game,
            self.deck,
            i,
            (self.template, &self.memo),
            self.family,
            &self.assets.fonts,
        )
        .ok()?;
        Some(layout::with_background(face, &self.art_items(i)))
    }

    /// The picture items of card `i` alone (no text is laid out).
    pub fn art_items(&self, i: usize) -> Vec<layout::Item> {
        self.art.card_items(self.template, self.deck, i)
    }
}

/// Every card of `deck` laid out on the `kind` template `layout`, for the
/// rulebook: a card that cannot be laid out is `None` (check and build
/// report why), and `None` overall when the template cannot be had.
pub fn deck_card_faces(
    game: &Game,
    deck: &crate::model::Deck,
    kind: &str,
    layout: &Located<String>,
    assets: &Assets,
) -> Result<Option<Vec<Option<CardFace>>>, OpError> {
    let Some(cards) = DeckLayout::new(game, deck, kind, layout, assets)? else {
        return Ok(None);
    };
    let indices: Vec<usize> = (0..deck.cards.len()).collect();
    Ok(Some(crate::par::map(&indices, 64, |&i| cards.face(i))))
}

/// The cards to print: all, or those whose side field names `side`.
pub fn select_cards(
    game: &Game,
    deck: &crate::model::Deck,
    side: Option<&str>,
) -> Result<Vec<usize>, OpError> {
    let Some(side) = side else {
        return Ok((0..deck.cards.len()).collect());
    };
    let Some(wanted) = game.side(side) else {
        let names: Vec<&str> = game.sides.iter().map(|s| s.name.as_str()).collect();
        return Err(OpError::new(format!(
            "no side `{side}` in {}; sides: {}",
            game.name,
            names.join(", ")
        )));
    };
    let Some(field) = deck
        .fields
        .iter()
        .position(|f| f.kind == FieldKind::Ref("sides".into()))
    else {
        return Err(OpError::new(format!(
            "deck `{}` has no field naming a side, so --side cannot select its cards",
            deck.id
        )));
    };
    Ok((0..deck.cards.len())
        .filter(|&i| {
            deck.text(&deck.cards[i], field)
                .and_then(|v| game.side(&v))
                .is_some_and(|s| s.id == wanted.id)
        })
        .collect())
}
