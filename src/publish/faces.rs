//! Publish: a deck's cards chosen and laid out on a template — the cards a
//! `--side` selects, every face for the HTML reference and the rulebook,
//! and (live) the faces kept from one build to the next, so a save that
//! changes one card lays out that card alone.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use super::Assets;
use crate::diag::{Diagnostic, Diagnostics};
use crate::layout::{self, CardFace};
use crate::live::kept::KeptAcrossBuilds;
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
    /// The template's number in the faces kept across builds (found once).
    kept_as: Option<u32>,
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
            kept_as: assets.faces.template_number(game, deck, template),
        }))
    }

    /// Card `i` laid out with its pictures; `None` when it cannot be (check
    /// and build report why).
    pub fn face(&self, i: usize) -> Option<CardFace> {
        let face = self
            .assets
            .faces
            .lay_out_numbered(
                self.kept_as,
                (self.game, self.deck),
                &[i],
                (self.template, &self.memo),
                (self.family, &self.assets.fonts),
            )
            .pop()?
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

/// The faces of cards laid out in one live build, kept for the next
/// (`watch`, `serve`; off elsewhere, where a build lays each card out once
/// anyway and a deck of 100,000 cards is never held laid out whole). A face
/// is found again by what it is made of: its template (regions, frames,
/// family), the deck's field declarations, the game's sides (their colours)
/// and the card's values with the names its references resolve to; the
/// fonts are the assets' own, and assets loaded again start empty. Faces
/// not used by one build are dropped by the next.
#[derive(Default)]
pub struct FaceCache {
    /// Each face by its template's number and the card's values.
    faces: KeptAcrossBuilds<(u32, String), CardFace>,
    /// Each template's fingerprint (its text as read), numbered.
    templates: Mutex<HashMap<String, u32>>,
    /// Faces laid out (not found kept) since the build began, each once.
    laid_out: AtomicUsize,
}

impl FaceCache {
    /// Keeps faces from one build to the next from now on.
    pub fn keep_across_builds(&self) {
        self.faces.keep_across_builds();
    }

    /// Starts a build: the faces the last build did not use are dropped,
    /// and the count of faces laid out starts again.
    pub fn next_build(&self) {
        self.laid_out.store(0, Ordering::Relaxed);
        let mut templates = self
            .templates
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let too_many = templates.len() > 256;
        if too_many {
            templates.clear();
        }
        self.faces.next_build(too_many);
    }

    /// How many faces were laid out (not found kept) since [`Self::next_build`].
    pub fn laid_out(&self) -> usize {
        self.laid_out.load(Ordering::Relaxed)
    }

    /// The cards `indices` of `deck` laid out on `template` (on all cores,
    /// in order), those laid out in an earlier build taken as they were.
    pub fn lay_out(
        &self,
        game: &Game,
        deck: &crate::model::Deck,
        indices: &[usize],
        (template, memo): (&crate::model::CardTemplate, &layout::FitMemo),
        family: &crate::text::Family,
        book: &crate::text::FontBook,
    ) -> Vec<Result<CardFace, Vec<Diagnostic>>> {
        let number = self.template_number(game, deck, template);
        let fonts = (family, book);
        self.lay_out_numbered(number, (game, deck), indices, (template, memo), fonts)
    }

    /// [`Self::lay_out`] with the template's number found already (`None`:
    /// faces are not kept).
    fn lay_out_numbered(
        &self,
        number: Option<u32>,
        (game, deck): (&Game, &crate::model::Deck),
        indices: &[usize],
        (template, memo): (&crate::model::CardTemplate, &layout::FitMemo),
        (family, book): (&crate::text::Family, &crate::text::FontBook),
    ) -> Vec<Result<CardFace, Vec<Diagnostic>>> {
        let lay_out = |indices: &[usize]| match indices {
            [one] => vec![layout::lay_out_card(
                game,
                deck,
                *one,
                (template, memo),
                family,
                book,
            )],
            _ => layout::lay_out_cards(game, deck, indices, (template, memo), family, book),
        };
        let not_kept = |indices: &[usize]| {
            self.laid_out.fetch_add(indices.len(), Ordering::Relaxed);
            lay_out(indices)
        };
        let Some(number) = number else {
            return not_kept(indices);
        };
        let keys: Vec<(u32, String)> =
            crate::par::map(indices, 256, |&i| (number, card_key(game, deck, i)));
        let Some(mut found) = self.faces.find_each(&keys, |face| Some(face.clone())) else {
            return not_kept(indices);
        };
        let missing: Vec<usize> = (0..indices.len()).filter(|&n| found[n].is_none()).collect();
        let wanted: Vec<usize> = missing.iter().map(|&n| indices[n]).collect();
        let made = lay_out(&wanted);
        let laid_out = (missing.iter().zip(&made))
            .filter_map(|(&n, face)| Some((keys[n].clone(), face.as_ref().ok()?.clone())));
        // A face is counted once however many threads missed it at once
        // (the reference's and a PDF's, laid out side by side).
        let again = self
            .faces
            .keep_each(laid_out)
            .iter()
            .filter(|&&a| a)
            .count();
        self.laid_out
            .fetch_add(made.len() - again, Ordering::Relaxed);
        let mut laid: Vec<Option<Result<CardFace, Vec<Diagnostic>>>> =
            std::iter::repeat_with(|| None)
                .take(indices.len())
                .collect();
        for (&n, face) in missing.iter().zip(made) {
            laid[n] = Some(face);
        }
        laid.into_iter()
            .zip(found.iter_mut())
            .map(|(laid, found)| match (found.take(), laid) {
                (Some(face), _) => Ok(face),
                (None, Some(face)) => face,
                (None, None) => Err(Vec::new()),
            })
            .collect()
    }

    /// The number of `template` as `deck`'s cards are laid out on it in
    /// `game` (what besides a card's values makes its face); `None` when
    /// faces are not kept.
    fn template_number(
        &self,
        game: &Game,
        deck: &crate::model::Deck,
        template: &crate::model::CardTemplate,
    ) -> Option<u32> {
        if !self.faces.on() {
            return None;
        }
        let mut templates = self
            .templates
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        // The pictures (background, images) are not part of the face.
        let print = format!(
            "{}\u{1f}{}\u{1f}{:?}\u{1f}{:?}\u{1f}{:?}\u{1f}{:?}",
            template.source,
            template.family,
            template.regions,
            template.frames,
            deck.fields,
            game.sides
        );
        let next = templates.len() as u32;
        Some(*templates.entry(print).or_insert(next))
    }
}

/// What card `index` of `deck` shows on any template: each field's value
/// as written, and the id and name a reference to another collection
/// resolves to (each part led by its length, so no two cards share a key).
fn card_key(game: &Game, deck: &crate::model::Deck, index: usize) -> String {
    use std::fmt::Write;
    let mut key = String::new();
    let part = |key: &mut String, text: &str| {
        let _ = write!(key, "{}:{text}", text.len());
    };
    for (decl, value) in deck.fields.iter().zip(&deck.cards[index].values) {
        let Some(value) = value else {
            key.push('-');
            continue;
        };
        let shown = value.value.display();
        key.push('+');
        part(&mut key, &shown);
        if let FieldKind::Ref(to) = &decl.kind
            && let Some(item) = game.resolve(to, &shown)
        {
            part(&mut key, &item.id);
            part(&mut key, &item.name);
        }
    }
    key
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
