//! Render: the card table of a VASSAL module — each deck a face-down draw
//! pile with a face-up discard pile beside it on a "Table" map, and a hand
//! for each side (VASSAL's `PlayerHand`, a private map only its side sees
//! and uses) — in the element and attribute names of
//! `VASSAL.build.module.map.DrawPile` and `VASSAL.build.module.PlayerHand`.

use std::fmt::Write as _;

use super::piece::Sequence;
use super::{MAP_PARTS, VassalModule, card_text, xml};
use crate::text::Words;

/// The gap between piles, in pixels.
const GAP: u32 = 40;

/// The name of a deck's discard pile (the word `vassal_discard`).
pub fn discard_name(deck: &str, words: &Words) -> String {
    Words::fill(&words.vassal_discard, &[("deck", deck)])
}

/// The name of a side's hand, its map window (the word `vassal_hand`).
pub fn hand_name(side: &str, words: &Words) -> String {
    Words::fill(&words.vassal_hand, &[("side", side)])
}

/// The map window of the decks: each a face-down draw pile, shuffled, its
/// discard pile face up beside it (its cards sent back into the deck with
/// "Return to <deck>"), on a plain table.
pub(super) fn table(module: &VassalModule, next: &mut impl FnMut() -> usize) -> String {
    let mut out = String::new();
    let words = &module.words;
    // The map (and its board) the decks lie on.
    let table = xml(&words.vassal_table);
    let table_width = 200
        + module
            .decks
            .iter()
            .map(|d| 2 * d.width + 2 * GAP)
            .sum::<u32>();
    let table_height = 200 + module.decks.iter().map(|d| d.height).max().unwrap_or(0);
    let _ = writeln!(out, "  <VASSAL.build.module.Map mapName=\"{table}\">");
    out.push_str("    <VASSAL.build.module.map.BoardPicker>\n");
    let _ = writeln!(
        out,
        "      <VASSAL.build.module.map.boardPicker.Board color=\"225,225,215\" height=\"{table_height}\" image=\"\" name=\"{table}\" reversible=\"false\" width=\"{table_width}\"/>"
    );
    out.push_str("    </VASSAL.build.module.map.BoardPicker>\n");
    for part in MAP_PARTS {
        let _ = writeln!(out, "    <{part}/>");
    }
    let mut left = 100;
    for deck in &module.decks {
        let (w, h) = (deck.width, deck.height);
        let y = 100 + h / 2;
        let _ = writeln!(
            out,
            "    <VASSAL.build.module.map.DrawPile allowMultiple=\"false\" allowSelect=\"false\" draw=\"true\" faceDown=\"Always\" height=\"{h}\" name=\"{}\" owningBoard=\"{table}\" reshufflable=\"false\" shuffle=\"Always\" width=\"{w}\" x=\"{}\" y=\"{y}\">",
            xml(&deck.name),
            left + w / 2,
        );
        for card in &deck.cards {
            let id = next();
            let _ = writeln!(
                out,
                "      <VASSAL.build.widget.CardSlot entryName=\"{}\" gpid=\"{id}\" height=\"{h}\" width=\"{w}\">{}</VASSAL.build.widget.CardSlot>",
                xml(&card.name),
                xml(&card_text(card, &deck.back, id, words))
            );
        }
        out.push_str("    </VASSAL.build.module.map.DrawPile>\n");
        left += w + GAP;
        let _ = writeln!(
            out,
            "    <VASSAL.build.module.map.DrawPile allowMultiple=\"false\" allowSelect=\"true\" draw=\"true\" faceDown=\"Never\" height=\"{h}\" name=\"{}\" owningBoard=\"{table}\" reshuffleCommand=\"{}\" reshuffleTarget=\"{}\" reshufflable=\"true\" shuffle=\"Never\" width=\"{w}\" x=\"{}\" y=\"{y}\"/>",
            xml(&discard_name(&deck.name, words)),
            xml(&Words::fill(&words.vassal_return, &[("deck", &deck.name)])),
            xml(&deck.name),
            left + w / 2,
        );
        left += w + GAP;
    }
    out.push_str("  </VASSAL.build.module.Map>\n");
    out
}

/// The components of a hand: those of a map but the stack expander (a
/// hand lays its cards out side by side, `HandMetrics`), as VASSAL's
/// editor makes a new `PlayerHand`.
const HAND_PARTS: &[&str] = &[
    "VASSAL.build.module.map.HandMetrics",
    "VASSAL.build.module.map.ForwardToKeyBuffer",
    "VASSAL.build.module.map.Scroller",
    "VASSAL.build.module.map.ForwardToChatter",
    "VASSAL.build.module.map.MenuDisplayer",
    "VASSAL.build.module.map.MapCenterer",
    "VASSAL.build.module.map.PieceMover",
    "VASSAL.build.module.map.KeyBufferer",
    "VASSAL.build.module.map.Zoomer",
];

/// A hand for each side of the roster, seen and used by that side alone
/// (`side` its owner, `visible` false), wide enough for a few cards.
pub(super) fn hands(module: &VassalModule) -> String {
    let mut out = String::new();
    let w = module.decks.iter().map(|d| d.width).max().unwrap_or(0);
    let h = module.decks.iter().map(|d| d.height).max().unwrap_or(0);
    for side in &module.sides {
        let name = hand_name(side, &module.words);
        let _ = writeln!(
            out,
            "  <VASSAL.build.module.PlayerHand mapName=\"{}\" side=\"{}\" visible=\"false\">",
            xml(&name),
            // A list of sides, as VASSAL's StringArrayConfigurer writes it.
            xml(&Sequence::new(',').push(side).value())
        );
        out.push_str("    <VASSAL.build.module.map.BoardPicker>\n");
        let _ = writeln!(
            out,
            "      <VASSAL.build.module.map.boardPicker.Board color=\"215,225,215\" height=\"{}\" image=\"\" name=\"{}\" reversible=\"false\" width=\"{}\"/>",
            h + 100,
            xml(&name),
            6 * (w + 20) + 100
        );
        out.push_str("    </VASSAL.build.module.map.BoardPicker>\n");
        for part in HAND_PARTS {
            let _ = writeln!(out, "    <{part}/>");
        }
        out.push_str("  </VASSAL.build.module.PlayerHand>\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::vassal::{VassalCard, VassalDeck};

    fn module(sides: &[&str]) -> VassalModule {
        VassalModule {
            sides: sides.iter().map(|s| s.to_string()).collect(),
            decks: vec![VassalDeck {
                name: "Orders".into(),
                back: "back.png".into(),
                cards: vec![VassalCard {
                    name: "Hold".into(),
                    front: "hold.png".into(),
                }],
                width: 250,
                height: 350,
            }],
            ..VassalModule::default()
        }
    }

    #[test]
    fn a_hand_belongs_to_its_side_alone_a_comma_in_its_name_escaped() {
        let hands = hands(&module(&["North", "Reds, Whites"]));
        assert!(hands.contains(
            "<VASSAL.build.module.PlayerHand mapName=\"North Hand\" side=\"North\" visible=\"false\">"
        ));
        assert!(hands.contains("mapName=\"Reds, Whites Hand\" side=\"Reds\\, Whites\""));
    }

    #[test]
    fn each_deck_has_a_face_up_discard_pile_returning_to_it() {
        let mut n = 0;
        let table = table(&module(&[]), &mut || {
            n += 1;
            n
        });
        assert!(table.contains("faceDown=\"Always\" height=\"350\" name=\"Orders\""));
        assert!(table.contains(
            "faceDown=\"Never\" height=\"350\" name=\"Orders Discard\" owningBoard=\"Table\" reshuffleCommand=\"Return to Orders\" reshuffleTarget=\"Orders\" reshufflable=\"true\""
        ));
    }
}
