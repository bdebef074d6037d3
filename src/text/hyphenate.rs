//! Text: where words may break across lines, in the text's language — the
//! Knuth–Liang patterns of the `hypher` crate (typst's: over 40 languages,
//! compiled in, nothing to load), applied to the letters of a word
//! (punctuation around it left alone).

use std::cell::RefCell;
use std::collections::HashMap;

pub use hypher::Lang;

/// Words whose break points a [`RememberedBreaks`] keeps before it starts afresh.
const REMEMBERED_WORDS: usize = 1 << 16;

/// The patterns for a language tag ("en", "en-US", "de"), or None when
/// there are none for it (its words are then not broken).
pub fn language(tag: &str) -> Option<Lang> {
    let code = tag.split(['-', '_']).next()?.to_ascii_lowercase();
    let code: [u8; 2] = code.as_bytes().try_into().ok()?;
    Lang::from_iso(code)
}

/// Break points of the words of a text set on one thread: words come back
/// page after page, so each is looked up in the patterns once (a bounded
/// memo, so endless distinct words cannot grow it).
pub struct RememberedBreaks {
    lang: Option<Lang>,
    known: RefCell<HashMap<String, Vec<usize>>>,
}

impl RememberedBreaks {
    pub fn new(lang: Option<Lang>) -> RememberedBreaks {
        RememberedBreaks {
            lang,
            known: RefCell::default(),
        }
    }

    /// Where `word` may break ([`break_points`]); none without patterns.
    pub fn of(&self, word: &str) -> Vec<usize> {
        if let Some(points) = self.known.borrow().get(word) {
            return points.clone();
        }
        let points = self
            .lang
            .map_or_else(Vec::new, |lang| break_points(lang, word));
        let mut known = self.known.borrow_mut();
        if known.len() >= REMEMBERED_WORDS {
            known.clear();
        }
        known.insert(word.to_string(), points.clone());
        points
    }
}

/// Byte offsets in `word` where a hyphen may go. Words of fewer than six
/// letters, names (capitalised; in German every noun is, so there a
/// capital is no name) and words with digits or inner punctuation are not
/// broken; the language's own least letters before and after a break are
/// kept.
pub fn break_points(lang: Lang, word: &str) -> Vec<usize> {
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
        || (core.starts_with(char::is_uppercase) && lang != Lang::German)
    {
        return Vec::new();
    }
    let syllables: Vec<&str> = hypher::hyphenate(core, lang).collect();
    let mut at = start;
    syllables[..syllables.len().saturating_sub(1)]
        .iter()
        .map(|s| {
            at += s.len();
            at
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_break_at_syllables_in_their_language() {
        let english = language("en-US").expect("English patterns");
        let word = "“supplementary";
        let points = break_points(english, word);
        assert!(!points.is_empty());
        for p in points {
            assert!(word.is_char_boundary(p) && p > "“".len());
        }
        assert!(break_points(english, "cards").is_empty());
        assert!(break_points(english, "Steffan").is_empty());
        assert!(break_points(english, "action-card").is_empty());
        let german = language("de").expect("German patterns");
        let word = "Verstärkungen".to_lowercase();
        let points = break_points(german, &word);
        assert!(!points.is_empty(), "{word}");
        assert!(points.iter().all(|&p| word.is_char_boundary(p)));
        // German nouns are capitalised, and broken all the same.
        assert!(!break_points(german, "Verstärkungen").is_empty());
        assert!(language("xx").is_none() && language("").is_none());
    }
}
