//! Render: VASSAL's piece encodings — its `SequenceEncoder`, the traits a
//! card (a basic piece masked by its back) and a counter (a two-level layer
//! over a basic piece) are made of, and the add-piece command text a piece
//! slot or a saved game holds — as `VASSAL.counters.*` read them.

use super::{VassalCard, VassalCounter};
use crate::text::Words;

/// VASSAL's `SequenceEncoder`: values joined by `delimiter`, each
/// occurrence of the delimiter in a value escaped with a backslash, and a
/// value ending in a backslash (or wrapped in quotes) quoted.
pub(super) struct Sequence {
    delimiter: char,
    out: Option<String>,
}

impl Sequence {
    pub(super) fn new(delimiter: char) -> Self {
        Sequence {
            delimiter,
            out: None,
        }
    }

    pub(super) fn push(mut self, value: &str) -> Self {
        let out = match self.out.as_mut() {
            Some(out) => {
                out.push(self.delimiter);
                out
            }
            None => self.out.insert(String::new()),
        };
        let quoted = value.ends_with('\\') || (value.starts_with('\'') && value.ends_with('\''));
        if quoted {
            out.push('\'');
        }
        for c in value.chars() {
            if c == self.delimiter {
                out.push('\\');
            }
            out.push(c);
        }
        if quoted {
            out.push('\'');
        }
        self
    }

    pub(super) fn value(self) -> String {
        self.out.unwrap_or_default()
    }
}

/// The level name of a reduced face: a suffix to the piece's name, in
/// the word `vassal_reduced`.
const REDUCED: &str = "+ ({reduced})";

/// Ctrl+F: keycode 70, modifiers Ctrl (2) | Ctrl-down (128).
const CTRL_F: &str = "70,130";

/// A basic piece's type: no clone or delete keys, its image and name.
fn basic_piece(image: &str, name: &str) -> String {
    format!(
        "piece;{}",
        Sequence::new(';')
            .push("")
            .push("")
            .push(image)
            .push(name)
            .value()
    )
}

/// A basic piece's state: on no map, at 0,0, its slot id.
fn basic_state(gpid: usize) -> String {
    format!("null;0;0;{gpid};0")
}

/// A mask (Obscurable) showing `back` to those who may not see the front,
/// turned with Ctrl+F ("Flip").
fn mask(back: &str, flip: &str) -> String {
    format!(
        "obs;{}",
        Sequence::new(';')
            .push(CTRL_F)
            .push(back)
            .push(flip)
            .push("B")
            .push("?")
            .value()
    )
}

/// A layer (Embellishment) of two levels, the front and the back, always
/// shown, its level turned with Ctrl+F ("Flip"). A `reduced` back (a
/// unit's reduced face) names its level " (reduced)" after the piece's
/// name ("+" before a level's name makes it a suffix), so VASSAL reports
/// the piece as "Pz Bn (reduced)" while that face is up.
fn two_faces(front: &str, back: &str, reduced: bool, words: &Words) -> String {
    let images = Sequence::new(',').push(front).push(back).value();
    let back_name = if reduced {
        Words::fill(REDUCED, &[("reduced", &words.vassal_reduced)])
    } else {
        String::new()
    };
    let names = Sequence::new(',').push("").push(&back_name).value();
    let fields: [&str; 29] = [
        "",
        "130",
        "",
        &words.vassal_flip,
        "130",
        "F",
        "",
        "130",
        "",
        "",
        "",
        "1",
        "false",
        "0",
        "0",
        &images,
        &names,
        "true",
        "Face",
        "",
        "",
        "false",
        "",
        "1",
        "1",
        "true",
        "",
        CTRL_F,
        "",
    ];
    let mut seq = Sequence::new(';');
    for field in fields {
        seq = seq.push(field);
    }
    format!("emb2;{}", seq.value())
}

/// The text of a piece slot (`id` "null") or of a piece in a saved game:
/// VASSAL's add-piece command, the traits' types outermost first joined by
/// tabs, then their states.
fn piece_text(id: &str, types: &[String], states: &[String]) -> String {
    let join = |parts: &[String]| {
        parts
            .iter()
            .fold(Sequence::new('\t'), |s, p| s.push(p))
            .value()
    };
    Sequence::new('/')
        .push("+")
        .push(id)
        .push(&join(types))
        .push(&join(states))
        .value()
}

/// A card of a deck: a basic piece with its front, masked by the back.
pub fn card_text(card: &VassalCard, back: &str, gpid: usize, words: &Words) -> String {
    piece_text(
        "null",
        &[
            mask(back, &words.vassal_flip),
            basic_piece(&card.front, &card.name),
        ],
        &["null".to_string(), basic_state(gpid)],
    )
}

/// The types of a counter's traits, outermost first: a two-level layer
/// over a basic piece without an image.
fn counter_types(counter: &VassalCounter, words: &Words) -> [String; 2] {
    [
        two_faces(&counter.front, &counter.back, counter.reduced, words),
        basic_piece("", &counter.name),
    ]
}

/// A copy of a counter in a saved game: the add-piece command of piece
/// `id`, its front up, its basic piece in `state` (its map and point).
pub(super) fn placed_counter_text(
    counter: &VassalCounter,
    id: &str,
    state: &str,
    words: &Words,
) -> String {
    piece_text(
        id,
        &counter_types(counter, words),
        &["1".to_string(), state.to_string()],
    )
}

/// A counter: a basic piece without an image under a two-level layer.
pub fn counter_text(counter: &VassalCounter, gpid: usize, words: &Words) -> String {
    piece_text(
        "null",
        &counter_types(counter, words),
        &["1".to_string(), basic_state(gpid)],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// VASSAL's decoder: the next token up to an unescaped delimiter, the
    /// escapes taken out, quotes round a token removed.
    fn decode(s: &str, delimiter: char) -> Vec<String> {
        let mut out = Vec::new();
        let mut token = String::new();
        let mut chars = s.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '\\' && chars.peek() == Some(&delimiter) {
                token.push(delimiter);
                chars.next();
            } else if c == delimiter {
                out.push(std::mem::take(&mut token));
            } else {
                token.push(c);
            }
        }
        out.push(token);
        out.into_iter()
            .map(|t| {
                if t.len() > 1 && t.starts_with('\'') && t.ends_with('\'') {
                    t[1..t.len() - 1].to_string()
                } else {
                    t
                }
            })
            .collect()
    }

    #[test]
    fn a_card_text_decodes_to_its_traits_with_names_that_hold_delimiters() {
        let card = VassalCard {
            name: "1/1 Inf; \"A\"".into(),
            front: "images/cards/01-one.png".into(),
        };
        let text = card_text(&card, "images/cards/back.png", 7, Words::english());
        let parts = decode(&text, '/');
        assert_eq!(parts.len(), 4, "{text}");
        assert_eq!((parts[0].as_str(), parts[1].as_str()), ("+", "null"));
        let traits = decode(&parts[2], '\t');
        assert_eq!(traits.len(), 2);
        let mask = decode(&traits[0], ';');
        assert_eq!(
            mask[..4],
            ["obs", "70,130", "images/cards/back.png", "Flip"]
        );
        let basic = decode(&traits[1], ';');
        assert_eq!(
            basic,
            ["piece", "", "", "images/cards/01-one.png", "1/1 Inf; \"A\""]
        );
        let states = decode(&parts[3], '\t');
        assert_eq!(states, ["null", "null;0;0;7;0"]);
    }

    #[test]
    fn a_counter_is_a_layer_of_its_two_faces_over_a_basic_piece() {
        let counter = VassalCounter {
            name: "Archer".into(),
            front: "images/counters/archer-front.png".into(),
            back: "images/counters/archer-back.png".into(),
            count: 1,
            reduced: false,
        };
        let parts = decode(&counter_text(&counter, 3, Words::english()), '/');
        let traits = decode(&parts[2], '\t');
        let layer = decode(&traits[0], ';');
        assert_eq!(layer[0], "emb2");
        // Embellishment's fields in the order its mySetType reads them.
        let images = decode(&layer[16], ',');
        assert_eq!(images, [counter.front.as_str(), counter.back.as_str()]);
        assert_eq!(
            (layer[4].as_str(), layer[5].as_str(), layer[6].as_str()),
            ("Flip", "130", "F")
        );
        assert_eq!(decode(&layer[17], ','), ["", ""], "no level names");
        assert_eq!(layer[19], "Face");
        assert_eq!(layer[26], "true", "always active");
        assert_eq!(layer[28], CTRL_F, "the increase key");
        assert_eq!(decode(&traits[1], ';'), ["piece", "", "", "", "Archer"]);
        assert_eq!(decode(&parts[3], '\t'), ["1", "null;0;0;3;0"]);
    }

    #[test]
    fn a_reduced_back_names_its_level_as_a_suffix() {
        let counter = VassalCounter {
            name: "Pz; Bn".into(),
            front: "f.png".into(),
            back: "b.png".into(),
            count: 2,
            reduced: true,
        };
        let parts = decode(&counter_text(&counter, 3, Words::english()), '/');
        let layer = decode(&decode(&parts[2], '\t')[0], ';');
        assert_eq!(decode(&layer[17], ','), ["", "+ (reduced)"]);
    }
}
