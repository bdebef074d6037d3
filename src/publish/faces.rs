//! Publish: a deck's cards chosen and laid out on a template — the cards a
//! `--side` selects, and every face for the HTML reference and the rulebook.

use super::Assets;
use crate::diag::{Diagnostics, Sources};
use crate::layout::{self, CardFace};
use crate::load::{OpError, load_template};
use crate::model::{FieldKind, Game, Located};

/// Every card of `deck` laid out on the `kind` template `layout`, for the
/// HTML reference and the rulebook: a card that cannot be laid out is `None`
/// (check and build report why), and `None` overall when the template cannot
/// be had.
pub fn deck_card_faces(
    game: &Game,
    deck: &crate::model::Deck,
    kind: &str,
    layout: &Located<String>,
    assets: &Assets,
    sources: &mut Sources,
) -> Result<Option<Vec<Option<CardFace>>>, OpError> {
    let mut quiet = Diagnostics::default();
    let Some(template) = load_template(
        game,
        &assets.root,
        kind,
        layout,
        &assets.fonts,
        sources,
        &mut quiet,
    )?
    else {
        return Ok(None);
    };
    let Some(family) = assets.fonts.family(&template.family) else {
        return Ok(None);
    };
    let indices: Vec<usize> = (0..deck.cards.len()).collect();
    // The card's own picture frame cuts its art off at the trim.
    let unbounded = (f32::MAX / 4.0, f32::MAX / 4.0);
    let art = super::art::card_art(
        game,
        &template,
        Some(deck),
        unbounded,
        0.0,
        false,
        &mut quiet,
    )?;
    Ok(Some(
        layout::lay_out_cards(game, deck, &indices, &template, family, &assets.fonts)
            .into_iter()
            .zip(&indices)
            .map(|(face, &i)| {
                let face = face.ok()?;
                Some(layout::with_background(
                    face,
                    &art.card_items(&template, deck, i),
                ))
            })
            .collect(),
    ))
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
        return Err(OpError(format!(
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
        return Err(OpError(format!(
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
