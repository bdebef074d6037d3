//! Model: how the rules name a card — `deck/card-key`. A card's key is the
//! slug of its title; where several cards of a deck share a title (BattleGrid's
//! mirrored decks), each key adds the slug of the field that tells them apart
//! (`great-road-ufp`, `great-road-is`), and the bare title slug names the first.

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

/// Every card's key, in deck order; unique within the deck.
pub fn card_keys(deck: &Deck) -> Vec<String> {
    let titles: Vec<String> = (0..deck.cards.len())
        .map(|i| slug(&deck.card_title(i)))
        .collect();
    let by = distinguishing_field(deck);
    let mut keys: Vec<String> = Vec::with_capacity(titles.len());
    for (i, title) in titles.iter().enumerate() {
        let shared = titles.iter().filter(|t| *t == title).count() > 1;
        let mut key = title.clone();
        if shared && let Some(value) = by.and_then(|f| deck.text(&deck.cards[i], f)) {
            key = format!("{title}-{}", slug(&value));
        }
        let base = key.clone();
        let mut n = 2;
        while keys.contains(&key) || key.is_empty() {
            key = format!("{base}-{n}");
            n += 1;
        }
        keys.push(key);
    }
    keys
}

/// The card a key names: its own key, or the first card whose title slug it is.
pub fn find_card(deck: &Deck, keys: &[String], key: &str) -> Option<usize> {
    keys.iter()
        .position(|k| k == key)
        .or_else(|| (0..deck.cards.len()).find(|&i| slug(&deck.card_title(i)) == key))
}

/// The field that tells cards sharing a title apart: the `within` of a
/// uniqueness rule on the title, else the mirrored field.
fn distinguishing_field(deck: &Deck) -> Option<usize> {
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
