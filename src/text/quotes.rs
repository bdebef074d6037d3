//! Text stage: a language's quotation marks. Input: text whose quotation
//! marks the Markdown reader made English (“ ” ‘ ’) and a language tag;
//! output: the text with that language's marks („…“ in German, « … » in
//! French). (Its decimal mark is a word: `decimal` of [`super::Words`].)

use crate::model::RulesDoc;
use crate::model::rules::Node;

/// The opening and closing double quotation marks of a language, and its
/// single ones: English's for a language not listed.
pub fn marks(tag: &str) -> [&'static str; 4] {
    match primary(tag).as_str() {
        "de" => ["„", "“", "‚", "‘"],
        "fr" => ["«\u{a0}", "\u{a0}»", "‹\u{a0}", "\u{a0}›"],
        "es" | "it" => ["«", "»", "“", "”"],
        _ => ["“", "”", "‘", "’"],
    }
}

/// The language of a tag, lower case: "de" of "de-AT".
fn primary(tag: &str) -> String {
    tag.split(['-', '_'])
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase()
}

/// `text` with English double quotation marks made the language's.
/// Single marks are left alone: ’ is also the apostrophe.
pub fn localize(text: &str, tag: &str) -> String {
    let [open, close, _, _] = marks(tag);
    if open == "“" || !text.contains(['“', '”']) {
        return text.to_string();
    }
    text.replace('“', "\u{0}")
        .replace('”', close)
        .replace('\u{0}', open)
}

/// Every text of a rules page with the language's quotation marks.
pub fn localize_doc(doc: &mut RulesDoc, tag: &str) {
    for (node, _) in &mut doc.nodes {
        if let Node::Text(t) = node {
            *t = localize(t, tag);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotation_marks_follow_the_language() {
        assert_eq!(localize("say “halt” now", "de"), "say „halt“ now");
        assert_eq!(localize("“oui”", "fr"), "«\u{a0}oui\u{a0}»");
        assert_eq!(localize("“yes” it’s", "en-GB"), "“yes” it’s");
        assert_eq!(localize("l’“ok”", "it"), "l’«ok»");
    }
}
