//! Text: rule numbers cited in running text. From a string such as a chart
//! cell's "Attack by Fire (5.3)" or "See 5.5c.", where each cited rule number
//! stands and the rule it names, so the HTML reference can link a citation
//! to the chart that carries that rule.

use std::ops::Range;

/// A rule number cited in a text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Citation {
    /// The bytes of the number as written, its case letter included ("5.5c").
    pub at: Range<usize>,
    /// The number as written ("5.5c").
    pub written: String,
    /// The rule it names, without a case letter ("5.5").
    pub rule: String,
}

/// Every rule number cited in `text`: a number with one dot ("5.3", "12.10",
/// optionally a lower-case case letter: "5.5c") that opens a parenthesis
/// ("(5.3)"), follows "see" ("see 5.3", "See 5.5c."), or follows "&" or ","
/// after another citation ("(5.3 & 5.4)"). A number elsewhere ("1.5 hexes",
/// "2d6", "3.0 MA") is a quantity, not a citation.
pub fn rule_citations(text: &str) -> Vec<Citation> {
    let mut found = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let starts_number = bytes[i].is_ascii_digit() && (i == 0 || !is_word_byte(bytes[i - 1]));
        if !starts_number {
            i += 1;
            continue;
        }
        let Some(end) = number_end(bytes, i) else {
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'.') {
                i += 1;
            }
            continue;
        };
        let before = text[..i].trim_end();
        let cited = before.ends_with('(')
            || ends_with_word(before, "see")
            || (before.ends_with('&') || before.ends_with(','))
                && found.last().is_some_and(|c: &Citation| {
                    before[..before.len() - 1].trim_end().len() == c.at.end
                });
        if cited {
            let written = &text[i..end];
            let rule = written.trim_end_matches(|c: char| c.is_ascii_lowercase());
            found.push(Citation {
                at: i..end,
                written: written.to_string(),
                rule: rule.to_string(),
            });
        }
        i = end;
    }
    found
}

/// Where a rule number starting at `start` ends: digits, one dot, digits and
/// at most one lower-case letter, not followed by more of a word or another
/// dotted part (a version "1.2.3" or a word "5.3km" is no citation).
fn number_end(bytes: &[u8], start: usize) -> Option<usize> {
    let digits = |mut i: usize| {
        let from = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        (i > from).then_some(i)
    };
    let mut i = digits(start)?;
    if bytes.get(i) != Some(&b'.') {
        return None;
    }
    i = digits(i + 1)?;
    if bytes.get(i).is_some_and(u8::is_ascii_lowercase) {
        i += 1;
    }
    let next = bytes.get(i).copied();
    let more_word = next.is_some_and(is_word_byte);
    let more_number = next == Some(b'.') && bytes.get(i + 1).is_some_and(u8::is_ascii_digit);
    (!more_word && !more_number).then_some(i)
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80
}

/// Whether `text` ends with the word `word`, any letter case.
fn ends_with_word(text: &str, word: &str) -> bool {
    let Some(start) = text.len().checked_sub(word.len()) else {
        return false;
    };
    text.is_char_boundary(start)
        && text[start..].eq_ignore_ascii_case(word)
        && !text[..start].bytes().next_back().is_some_and(is_word_byte)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cited(text: &str) -> Vec<(String, String)> {
        rule_citations(text)
            .into_iter()
            .map(|c| {
                assert_eq!(&text[c.at.clone()], c.written);
                (c.written, c.rule)
            })
            .collect()
    }

    fn pair(w: &str, r: &str) -> (String, String) {
        (w.to_string(), r.to_string())
    }

    #[test]
    fn parenthesised_and_see_numbers_are_citations() {
        assert_eq!(cited("Attack by Fire (5.3)"), vec![pair("5.3", "5.3")]);
        assert_eq!(cited("See 5.5c."), vec![pair("5.5c", "5.5")]);
        assert_eq!(
            cited("(1.7a) Do not Round MA at all, see 4.0c."),
            vec![pair("1.7a", "1.7"), pair("4.0c", "4.0")]
        );
        assert_eq!(
            cited("Barrage Table (5.3 & 5.4)"),
            vec![pair("5.3", "5.3"), pair("5.4", "5.4")]
        );
    }

    #[test]
    fn quantities_versions_and_words_are_not_citations() {
        assert!(cited("Move 1.5 hexes & 2.5 more").is_empty());
        assert!(cited("version (1.2.3)").is_empty());
        assert!(cited("(5.3km) or (x5.3) or (5.3B)").is_empty());
        assert!(cited("oversee 5.3").is_empty());
        assert!(cited("roll 2d6 (2)").is_empty());
        assert!(cited("Tiger (10.4").len() == 1);
    }
}
