//! Text stage: the engine's words in the languages grogpress ships besides
//! English — German, French, Spanish and Italian — each a full table of
//! the keys of [`super::Words`] (a unit test holds them to it). Input: a
//! language tag; output: that language's words, for [`super::Words::for_language`].

/// The built-in words of a language (by its primary tag), if shipped.
pub fn table(tag: &str) -> Option<&'static [(&'static str, &'static str)]> {
    let primary = tag.split(['-', '_']).next()?.to_ascii_lowercase();
    match primary.as_str() {
        "de" => Some(GERMAN),
        "fr" => Some(FRENCH),
        "es" => Some(SPANISH),
        "it" => Some(ITALIAN),
        _ => None,
    }
}

/// A language's name in that language (kept beside the English words).
pub use super::words::endonym;

mod de;
mod es;
mod fr;
mod it;

use de::GERMAN;
use es::SPANISH;
use fr::FRENCH;
use it::ITALIAN;

#[cfg(test)]
mod tests {
    use super::super::Words;
    use super::super::words::slots_in;

    #[test]
    fn every_shipped_language_has_every_word_with_its_slots() {
        let english = Words::default();
        for tag in ["de", "fr", "es", "it"] {
            let table = super::table(tag).expect("shipped");
            let keys: Vec<&str> = table.iter().map(|(k, _)| *k).collect();
            for (key, word) in english.pairs() {
                let Some((_, own)) = table.iter().find(|(k, _)| *k == key) else {
                    panic!("{tag} lacks `{key}`");
                };
                let (mut a, mut b) = (slots_in(word), slots_in(own));
                a.sort();
                b.sort();
                assert_eq!(a, b, "{tag} `{key}`");
            }
            assert_eq!(
                keys.len(),
                english.pairs().len(),
                "{tag}: a key twice or unknown"
            );
        }
        assert_eq!(Words::for_language("de-AT").contents, "Inhalt");
        assert_eq!(Words::for_language("en").contents, "Contents");
        assert_eq!(Words::for_language("nl").contents, "Contents");
    }
}
