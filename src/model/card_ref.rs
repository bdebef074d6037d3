//! Model: how the rules name a card — `deck/card-key`. A card's key is the
//! slug of its title; where several cards of a deck share a title (BattleGrid's
//! mirrored decks), each key adds the slug of the field that tells them apart
//! (`great-road-ufp`, `great-road-is`), and the bare title slug names the first.

use std::collections::{HashMap, HashSet};

use super::Deck;

/// Lower-case letters and digits; apostrophes and dots dropped (`U.F.P.` →
/// `ufp`), other runs of characters as one `-`.
pub fn slug(text: &str) -> String {
    let mut out = String::new();
    let mut dash = false;
    for c in text.chars() {
        if c.is_alphanumeric() {
            if dash && !out.is_empty() {
                out.push('-');
            }
            dash = false;
            out.extend(c.to_lowercase());
        } else if !matches!(c, '\'' | '’' | '.') {
            dash = true;
        }
    }
    out
}

/// Every card's key, in deck order; unique within the deck. Linear in the
/// cards (a count per title, and per key base the next free suffix).
pub fn card_keys(deck: &Deck) -> Vec<String> {
    let titles: Vec<String> = (0..deck.cards.len())
        .map(|i| slug(&deck.card_title(i)))
        .collect();
    let mut count: HashMap<&str, usize> = HashMap::new();
    for title in &titles {
        *count.entry(title.as_str()).or_insert(0) += 1;
    }
    let by = distinguishing_field(deck);
    let mut keys: Vec<String> = Vec::with_capacity(titles.len());
    let mut taken: HashSet<String> = HashSet::with_capacity(titles.len());
    let mut next: HashMap<String, usize> = HashMap::new();
    for (i, title) in titles.iter().enumerate() {
        let shared = count.get(title.as_str()).is_some_and(|n| *n > 1);
        let mut key = title.clone();
        if shared && let Some(value) = by.and_then(|f| deck.text(&deck.cards[i], f)) {
            key = format!("{title}-{}", slug(&value));
        }
        if taken.contains(&key) || key.is_empty() {
            // Suffixes below the one remembered for this base are all taken.
            let base = key;
            let mut n = next.get(&base).copied().unwrap_or(2);
            loop {
                key = format!("{base}-{n}");
                n += 1;
                if !taken.contains(&key) {
                    break;
                }
            }
            next.insert(base, n);
        }
        taken.insert(key.clone());
        keys.push(key);
    }
    keys
}

/// The cards of a deck by key, for many look-ups: each card's own key,
/// and each title slug's first card.
#[derive(Clone, Debug)]
pub struct CardIndex {
    /// Each card's key, in deck order.
    pub keys: Vec<String>,
    by_key: HashMap<String, usize>,
    by_title: HashMap<String, usize>,
}

impl CardIndex {
    pub fn new(deck: &Deck, keys: Vec<String>) -> CardIndex {
        let mut by_title = HashMap::new();
        for i in 0..deck.cards.len() {
            by_title.entry(slug(&deck.card_title(i))).or_insert(i);
        }
        CardIndex {
            by_key: keys
                .iter()
                .enumerate()
                .map(|(i, k)| (k.clone(), i))
                .collect(),
            keys,
            by_title,
        }
    }

    /// The card a key names: its own key, or the first card whose title slug it is.
    pub fn find(&self, key: &str) -> Option<usize> {
        self.by_key
            .get(key)
            .or_else(|| self.by_title.get(key))
            .copied()
    }
}

/// The field that tells cards sharing a title apart: the `within` of a
/// uniqueness rule on the title, else the mirrored field.
pub fn distinguishing_field(deck: &Deck) -> Option<usize> {
    deck.constraints
        .unique
        .iter()
        .find(|u| u.field == deck.title_field)
        .and_then(|u| u.within)
        .or(deck.constraints.mirrored.as_ref().map(|m| m.value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_lower_case_words_joined_by_dashes() {
        assert_eq!(slug("Long-range Artillery"), "long-range-artillery");
        assert_eq!(slug("  U.F.P. "), "ufp");
        assert_eq!(slug("Don't *Panic*!"), "dont-panic");
        assert_eq!(slug("<script>alert(1)</script>"), "script-alert-1-script");
    }
}
