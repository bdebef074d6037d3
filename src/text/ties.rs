//! Text: ties — the spaces of running text a line must not end at, made
//! non-breaking (U+00A0, as TeX's `~`) in the rich text before it is set,
//! so the line breaker needs no special cases. Input: a paragraph's rich
//! text and the language's words that lead a reference ("see", "p.");
//! output: the same text with those spaces tied.
//!
//! One list of rules, each about the two words a space stands between:
//! 1. a number and the word after it: "3 hexes", "2 MP", "2d6 roll";
//! 2. a word that leads a reference and what it leads: "see 5.3",
//!    "see Movement", "p. 4";
//! 3. a capitalised word and the number after it: "Figure 3", "Turn 4".
//!
//! A space between two numbers ("1 2 3") stays breakable, so a run of
//! numbers cannot grow into one word wider than a line.

use std::borrow::Cow;

/// The non-breaking space a tie puts in place of a space.
pub const TIE: char = '\u{a0}';

/// The words after which the next word is tied besides `see` and the page
/// abbreviation the language's words give.
const LEADS: [&str; 3] = ["pp.", "no.", "fig."];

/// The words that lead a reference in a language: its "see" and its "p.".
pub struct Ties<'a> {
    pub see: &'a str,
    pub page: &'a str,
}

impl<'a> Ties<'a> {
    /// The leading words of a game's words.
    pub fn of(words: &'a super::Words) -> Ties<'a> {
        Ties {
            see: &words.see,
            page: &words.page,
        }
    }
}

/// `rich` with the spaces the rules above name tied.
pub fn tie<'t>(rich: &'t str, ties: &Ties<'_>) -> Cow<'t, str> {
    if !rich.contains(' ') {
        return Cow::Borrowed(rich);
    }
    let tokens: Vec<&str> = rich.split(' ').collect();
    let tied: Vec<bool> = tokens
        .windows(2)
        .map(|pair| tied(pair[0], pair[1], ties))
        .collect();
    if !tied.contains(&true) {
        return Cow::Borrowed(rich);
    }
    let mut out = String::with_capacity(rich.len() + 8);
    for (i, token) in tokens.iter().enumerate() {
        if i > 0 {
            out.push(if tied[i - 1] { TIE } else { ' ' });
        }
        out.push_str(token);
    }
    Cow::Owned(out)
}

/// Whether the space between `before` and `after` is tied.
fn tied(before: &str, after: &str, ties: &Ties<'_>) -> bool {
    let (b, a) = (core(before), core(after));
    if b.is_empty() || a.is_empty() {
        return false;
    }
    let after_is_number = is_number(a);
    // 2. A word leading a reference, and what it leads.
    let lead = before
        .trim_start_matches(|c: char| !c.is_alphanumeric())
        .trim_end_matches(['*', '_']);
    let leads = [ties.see, ties.page]
        .into_iter()
        .chain(LEADS)
        .any(|w| !w.is_empty() && lead.eq_ignore_ascii_case(w));
    if leads {
        return after_is_number || a.starts_with(char::is_uppercase);
    }
    if ends_clause(before) {
        return false;
    }
    // 1. A number and the word after it.
    if is_number(b) {
        return !after_is_number && a.starts_with(char::is_alphabetic);
    }
    // 3. A capitalised word and the number after it.
    after_is_number
        && b.starts_with(char::is_uppercase)
        && b.chars().all(char::is_alphabetic)
        && b.chars().skip(1).any(char::is_lowercase)
}

/// A token without the markup and punctuation around it.
fn core(token: &str) -> &str {
    token.trim_matches(|c: char| !c.is_alphanumeric())
}

/// A number, a roll or a case: "3", "5.3", "2d6", "+1", "13+".
fn is_number(core: &str) -> bool {
    core.starts_with(|c: char| c.is_ascii_digit())
}

/// Whether a token ends a clause (punctuation or a closing bracket after
/// it, markup aside): no tie runs on past it.
fn ends_clause(token: &str) -> bool {
    token
        .trim_end_matches(['*', '_'])
        .ends_with(['.', ',', ';', ':', ')', ']', '!', '?'])
}

#[cfg(test)]
mod tests {
    use super::*;

    const EN: Ties<'static> = Ties {
        see: "see",
        page: "p.",
    };

    fn tied(s: &str) -> String {
        tie(s, &EN).replace(TIE, "~")
    }

    #[test]
    fn numbers_keep_their_units_and_references_their_numbers() {
        assert_eq!(tied("move 3 hexes and 2 MP"), "move 3~hexes and 2~MP");
        assert_eq!(tied("(see 7.0, p. 4)"), "(see~7.0, p.~4)");
        assert_eq!(tied("see Movement, p. 12."), "see~Movement, p.~12.");
        assert_eq!(tied("roll 2d6 twice"), "roll 2d6~twice");
        assert_eq!(tied("as Figure 3. Then"), "as Figure~3. Then");
        assert_eq!(tied("**3** hexes"), "**3**~hexes");
    }

    #[test]
    fn clause_ends_numbers_in_a_row_and_plain_words_stay_breakable() {
        assert_eq!(tied("rows 1 2 3 here"), "rows 1 2 3~here");
        assert_eq!(tied("after 5.3, units move"), "after 5.3, units move");
        assert_eq!(tied("see the table"), "see the table");
        assert_eq!(tied("in turn 4. Then"), "in turn 4. Then");
        assert!(matches!(tie("no ties here", &EN), Cow::Borrowed(_)));
    }

    #[test]
    fn the_leading_words_come_from_the_language() {
        let de = Ties {
            see: "siehe",
            page: "S.",
        };
        assert_eq!(tie("siehe 5.3, S. 4", &de), "siehe\u{a0}5.3, S.\u{a0}4");
    }
}
