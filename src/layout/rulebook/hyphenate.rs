//! Layout (rulebook): where English words may break across lines — the
//! Knuth–Liang patterns for US English embedded in the `hyphenation` crate,
//! applied to the letters of a word (punctuation around it left alone).

use hyphenation::{Hyphenator, Language, Load, Standard};

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
