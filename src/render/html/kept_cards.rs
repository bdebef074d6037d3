//! Render (HTML): the cards of one live build kept for the next — input: a
//! card as the reference shows it (its face laid out, its size, its anchor,
//! its fields as printed) and its HTML once drawn; output: that HTML again
//! while none of what it is made of changed (`watch`, `serve`; off
//! elsewhere), so a save that changes one card draws that card alone.

use std::sync::{Arc, Mutex, PoisonError};

use crate::layout::CardFace;
use crate::live::kept::KeptAcrossBuilds;
use crate::render::svg::FamiliesDrawn;

/// Cards drawn as HTML, kept from one live build to the next (off unless
/// asked). A card is found again by its deck, its key and its anchor, and
/// kept only while its face, size, title and fields are the same and the
/// card template is; the fonts and icons are the assets' own, and assets
/// loaded again start empty. Cards not used by one build are dropped by
/// the next.
#[derive(Default)]
pub struct KeptCards {
    cards: KeptAcrossBuilds<CardName, Card>,
    /// The card template the cards were drawn with (another drops them all).
    template: Mutex<String>,
}

/// Which card, shown where: its deck's id, its key in the deck, and its
/// anchor on the page (none where it is not the card's anchor).
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct CardName {
    pub deck: String,
    pub key: String,
    pub id: Option<String>,
}

/// What a card's HTML is made of besides the template: its face (none when
/// it could not be laid out), its width, height and corner radius, its
/// title, and each field's name, whether it is rich text, and its value
/// as printed.
#[derive(Clone, PartialEq)]
pub(crate) struct MadeOf {
    pub face: Option<CardFace>,
    pub size: [f32; 3],
    pub title: String,
    pub fields: Vec<(String, bool, Option<String>)>,
}

/// A card kept: what it was made of, its HTML, and the font families its
/// picture draws text in.
struct Card {
    made_of: MadeOf,
    html: Arc<str>,
    families: Arc<FamiliesDrawn>,
}

impl KeptCards {
    /// Keeps cards from one build to the next from now on.
    pub fn keep_across_builds(&self) {
        self.cards.keep_across_builds();
    }

    /// Starts drawing a reference with the card template `template`: the
    /// cards the last one did not use are dropped (all of them if it was
    /// drawn with another template).
    pub(crate) fn begin(&self, template: &str) {
        let mut was = self.template.lock().unwrap_or_else(PoisonError::into_inner);
        let other = *was != template;
        if other {
            *was = template.to_string();
        }
        self.cards.next_build(other);
    }

    /// The HTML of card `name`, and the families it draws text in, if it was
    /// drawn from what `made_of` says.
    pub(crate) fn find(
        &self,
        name: &CardName,
        made_of: &MadeOf,
    ) -> Option<(Arc<str>, Arc<FamiliesDrawn>)> {
        let same = |card: &Card| {
            (card.made_of == *made_of).then(|| (card.html.clone(), card.families.clone()))
        };
        self.cards.find_each([name], same)?.pop()?
    }

    /// Keeps card `name`'s HTML, drawn from `made_of`, when cards are kept.
    pub(crate) fn keep(
        &self,
        name: CardName,
        made_of: MadeOf,
        html: Arc<str>,
        families: Arc<FamiliesDrawn>,
    ) {
        let card = Card {
            made_of,
            html,
            families,
        };
        self.cards.keep_each([(name, card)]);
    }

    /// Whether cards are kept (else finding one is not worth its cost).
    pub(crate) fn on(&self) -> bool {
        self.cards.on()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(title: &str) -> MadeOf {
        MadeOf {
            face: None,
            size: [180.0, 252.0, 9.0],
            title: title.to_string(),
            fields: vec![("text".to_string(), true, Some(title.to_string()))],
        }
    }

    fn name(key: &str) -> CardName {
        CardName {
            deck: "action".to_string(),
            key: key.to_string(),
            id: Some(format!("card-action-{key}")),
        }
    }

    fn kept(cards: &KeptCards, key: &str, made_of: &MadeOf) -> Option<String> {
        cards
            .find(&name(key), made_of)
            .map(|(html, _)| html.to_string())
    }

    #[test]
    fn a_card_is_found_while_what_it_is_made_of_is_the_same() {
        let cards = KeptCards::default();
        let families = Arc::new(FamiliesDrawn::default());
        // Off: nothing is kept.
        cards.begin("card.html");
        cards.keep(
            name("a"),
            card("A"),
            "<figure>A</figure>".into(),
            families.clone(),
        );
        assert_eq!(kept(&cards, "a", &card("A")), None);
        cards.keep_across_builds();
        cards.begin("card.html");
        cards.keep(
            name("a"),
            card("A"),
            "<figure>A</figure>".into(),
            families.clone(),
        );
        cards.keep(
            name("b"),
            card("B"),
            "<figure>B</figure>".into(),
            families.clone(),
        );
        assert_eq!(
            kept(&cards, "a", &card("A")).as_deref(),
            Some("<figure>A</figure>")
        );
        assert_eq!(kept(&cards, "a", &card("A2")), None, "its title changed");
        let mut other_id = name("a");
        other_id.id = None;
        assert!(
            cards.find(&other_id, &card("A")).is_none(),
            "shown without its anchor"
        );
        // A build that does not use b keeps it; the next drops it.
        cards.begin("card.html");
        assert!(kept(&cards, "a", &card("A")).is_some());
        cards.begin("card.html");
        assert!(kept(&cards, "a", &card("A")).is_some());
        assert_eq!(kept(&cards, "b", &card("B")), None);
        // Another template drops every card.
        cards.begin("other card.html");
        assert_eq!(kept(&cards, "a", &card("A")), None);
    }
}
