//! Filler prose for the rulebook tests that generate long rules: the words
//! their paragraphs are drawn from.

/// The words a generated paragraph cycles through.
pub const WORDS: &[&str] = &[
    "the",
    "unit",
    "attacks",
    "an",
    "adjacent",
    "enemy",
    "hex",
    "and",
    "rolls",
    "two",
    "dice",
    "for",
    "each",
    "supporting",
    "artillery",
    "battery",
    "within",
    "range",
    "of",
    "target",
];
