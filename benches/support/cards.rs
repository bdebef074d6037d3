//! Shared by the benchmarks: the texts of generated action cards (who may
//! play it, when, and its effect), from BattleGrid's cards, long and short.

pub const TEXTS: &[(&str, &str, &str)] = &[
    (
        "Attacker or Defender",
        "Play after helicopters have been allocated to a battle, but before any rolls are made:",
        "One supporting enemy artillery does not participate in this battle.",
    ),
    (
        "Defender Only",
        "Play on one defending infantry unit after helicopters have been allocated to a battle, but before any rolls are made:",
        "This unit is at +2 for this battle.\nMay not be used in Marsh.\nDiscard at the end of the battle.",
    ),
    (
        "Attacker Only",
        "Play when beginning an attack:",
        "Discard this card instead of a unit card from your hand to fuel an attack. May be used even if you have no unit cards in your hand.",
    ),
    (
        "Attacker or Defender",
        "Play in your turn, **counts as two actions**:",
        "One infantry unit in any sector you occupy may build a minefield – place this card in that sector. All units attacking a minefield sector are at –1 to the dice roll. When this space is captured, permanently discard this card. Otherwise, it remains.",
    ),
];

/// A generated deck's head: its name and fields (who, timing, title,
/// effect, owner), before any constraints and cards.
pub const DECK_FIELDS: &str = r#"name = "Action cards"
title_field = "title"
[[fields]]
name = "who"
kind = "enum"
values = ["Attacker or Defender", "Attacker Only", "Defender Only"]
optional = true
[[fields]]
name = "timing"
kind = "rich"
[[fields]]
name = "title"
kind = "text"
[[fields]]
name = "effect"
kind = "rich"
[[fields]]
name = "owner"
kind = "ref"
to = "sides"
"#;
