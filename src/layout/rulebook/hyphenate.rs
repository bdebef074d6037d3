//! Layout (rulebook): where English words may break across lines — the
//! Knuth–Liang patterns for US English embedded in the `hyphenation` crate,
//! applied to the letters of a word (punctuation around it left alone).

use std::cell::RefCell;
use std::collections::HashMap;

use hyphenation::{Hyphenator, Language, Load, Standard};

/// Words whose break points a [`RememberedBreaks`] keeps before it starts afresh.
const REMEMBERED_WORDS: usize = 1 << 16;

/// Break points of the words of a text set on one thread: words come back
/// page after page, so each is looked up in the patterns once (a bounded
/// memo, so endless distinct words cannot grow it).
pub struct RememberedBreaks<'d> {
    english: Option<&'d Standard>,
    known: RefCell<HashMap<String, Vec<usize>>>,
}

impl<'d> RememberedBreaks<'d> {
    pub fn new(english: Option<&'d Standard>) -> RememberedBreaks<'d> {
        RememberedBreaks {
            english,
            known: RefCell::default(),
        }
    }

    /// Where `word` may break ([`break_points`]); none without a dictionary.
    pub fn of(&self, word: &str) -> Vec<usize> {
        if let Some(points) = self.known.borrow().get(word) {
            return points.clone();
        }
        let points = self
            .english
            .map_or_else(Vec::new, |d| break_points(d, word));
        let mut known = self.known.borrow_mut();
        if known.len() >= REMEMBERED_WORDS {
            known.clear();
        }
        known.insert(word.to_string(), points.clone());
        points
    }
}

/// The US English dictionary, or None if the embedded one cannot be read.
pub fn english() -> Option<Standard> {
    Standard::from_embedded(Language::EnglishUS).ok()
}

/// Byte offsets in `word` where a hyphen may go. Words of fewer than six
/// letters, names (capitalised) and words with digits or inner punctuation
/// are not broken.
pub fn break_points(dict: &Standard, word: &str) -> Vec<usize> {
    let Some(start) = word.find(char::is_alphabetic) else {
        return Vec::new();
    };
    let end = word
        .char_indices()
        .rev()
        .find(|(_, c)| c.is_alphabetic())
        .map_or(start, |(i, c)| i + c.len_utf8());
    let core = &word[start..end];
    if core.chars().count() < 6
        || !core.chars().all(char::is_alphabetic)
        || core.starts_with(char::is_uppercase)
    {
        return Vec::new();
    }
    dict.hyphenate(core)
        .breaks
        .into_iter()
        .map(|b| b + start)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_words_break_at_syllables() {
        let dict = english().expect("embedded dictionary");
        let word = "“supplementary";
        let points = break_points(&dict, word);
        assert!(!points.is_empty());
        for p in points {
            assert!(word.is_char_boundary(p) && p > "“".len());
        }
        assert!(break_points(&dict, "cards").is_empty());
        assert!(break_points(&dict, "Steffan").is_empty());
        assert!(break_points(&dict, "action-card").is_empty());
    }
}
