//! Shared by the benchmarks: generated Markdown rules — headings,
//! paragraphs, bulleted and numbered lists, bold and italic runs, and card
//! names — the same text for the same size on every run.

use std::fmt::Write as _;

#[path = "../../tests/support/prose.rs"]
mod prose;

/// The words after the tests' filler prose ([`prose::WORDS`]) that the
/// benchmarks' sentences draw from too.
const MORE_WORDS: &[&str] = &[
    "if",
    "defender",
    "is",
    "entrenched",
    "subtract",
    "one",
    "from",
    "total",
    "otherwise",
    "add",
    "modifier",
    "shown",
    "on",
    "terrain",
    "effects",
    "chart",
    "movement",
    "points",
    "are",
    "spent",
    "entering",
    "woods",
    "marsh",
    "or",
    "crossing",
    "river",
    "without",
    "bridge",
    "helicopters",
    "may",
    "ignore",
    "but",
    "never",
    "end",
    "their",
    "turn",
    "over",
    "water",
    "a",
    "player",
    "who",
    "draws",
    "action",
    "card",
    "keeps",
    "it",
    "hidden",
    "until",
    "played",
    "reinforcements",
    "arrive",
    "at",
    "friendly",
    "map",
    "edge",
    "during",
    "next",
    "phase",
    "supply",
    "lines",
    "traced",
    "through",
    "unblocked",
    "spaces",
    "to",
    "headquarters",
    "counterattack",
    "immediately",
    "after",
    "retreat",
    "combat",
    "results",
    "table",
    "consolidation",
    "disorganised",
    "formations",
    "recover",
    "in",
    "rally",
    "step",
];

const CARDS: &[&str] = &[
    "Bad Coordinates",
    "Long-range Artillery",
    "Bad weather",
    "Surprise Attack",
    "Your Lucky Day",
];

/// A small deterministic generator (no clock, no randomness between runs):
/// its state, whether sentences name cards, and the words they draw from.
struct Lcg(u64, bool, Vec<&'static str>);

impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n
    }

    fn sentence(&mut self, out: &mut String) {
        let len = 8 + self.next(16);
        for k in 0..len {
            let at = self.next(self.2.len());
            let word = self.2[at];
            if k == 0 {
                let mut chars = word.chars();
                if let Some(first) = chars.next() {
                    out.extend(first.to_uppercase());
                    out.push_str(chars.as_str());
                }
            } else {
                out.push(' ');
                match self.next(40) {
                    0 => write!(out, "**{word}**").unwrap_or(()),
                    1 => write!(out, "*{word}*").unwrap_or(()),
                    2 if self.1 => {
                        write!(out, "[*{}*](card:)", CARDS[self.next(CARDS.len())]).unwrap_or(())
                    }
                    _ => out.push_str(word),
                }
            }
        }
        out.push_str(". ");
    }

    fn paragraph(&mut self, out: &mut String) {
        for _ in 0..3 + self.next(5) {
            self.sentence(out);
        }
        out.push_str("\n\n");
    }
}

/// Markdown rules of `sections` sections, each a little over three pages
/// set; with `cards`, sentences name BattleGrid's action cards and two
/// sections show the deck `action` (the game must have them).
pub fn rules(sections: usize, cards: bool) -> String {
    let words = prose::WORDS.iter().chain(MORE_WORDS).copied().collect();
    let mut rng = Lcg(7, cards, words);
    let mut md = String::new();
    for s in 1..=sections {
        writeln!(md, "# {s}. Section {s}\n").unwrap_or(());
        for sub in 1..=4 {
            writeln!(md, "## {s}.{sub} Procedure {sub}\n").unwrap_or(());
            for _ in 0..3 {
                rng.paragraph(&mut md);
            }
            for n in 1..=3 {
                if sub % 2 == 0 {
                    md.push_str("- ");
                } else {
                    write!(md, "{n}. ").unwrap_or(());
                }
                rng.sentence(&mut md);
                md.push('\n');
            }
            md.push('\n');
            rng.paragraph(&mut md);
        }
        if cards && s % 45 == 20 {
            md.push_str("## The cards\n\n{{ deck(\"action\") }}\n\n");
        }
    }
    md
}
