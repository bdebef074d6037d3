//! Render (HTML): the search index — from the documents of the reference
//! (each rules section, each card shown, each table row shown, each glossary term, with its
//! link and plain text) into `search-index.js`, a script that assigns the
//! global `grogpressSearch`: the documents and an inverted index of
//! lower-case word → documents with a score. In English the words are
//! stemmed (elasticlunr's Porter stemmer, the one the page runs on the
//! query from the vendored elasticlunr.js), so "attacked" finds "attack".
//! A script file, not JSON fetched, so search works from `file://` under
//! the page's policy.

use std::collections::BTreeMap;
use std::fmt::Write;

/// What a document is, shown beside each result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DocKind {
    Section,
    Card,
    Row,
    /// A term of the glossary.
    Term,
    /// A table as a whole (found by its title; its rows are found by
    /// their text and listed under it).
    Table,
}

impl DocKind {
    fn code(self) -> &'static str {
        match self {
            DocKind::Section => "s",
            DocKind::Card => "c",
            DocKind::Row => "r",
            DocKind::Term => "t",
            DocKind::Table => "b",
        }
    }
}

/// One thing a search can find.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchDoc {
    pub kind: DocKind,
    /// The heading, card title or table title.
    pub title: String,
    /// Where it is: the page, the deck, the chart.
    pub context: String,
    /// Relative link to it (`page.html#anchor`).
    pub href: String,
    /// Its text, spaces collapsed.
    pub text: String,
    /// A numbered rule's number ("4.1"; empty for anything else).
    pub number: String,
}

/// A word in the title counts this many times a word of the text.
const TITLE_WEIGHT: u32 = 10;

/// The words of `text` as the script splits a query: runs of letters and
/// digits (`\p{Alphabetic}\p{N}`, what `char::is_alphanumeric` is), lower-cased.
pub fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
}

/// Whether the reference's words are stemmed: English text (`lang` "en",
/// "en-GB"...), the language of the stemmer.
pub fn stems(lang: &str) -> bool {
    let lang = lang.to_ascii_lowercase();
    lang == "en" || lang.starts_with("en-")
}

/// The stem of a lower-case word, as elasticlunr.js's `elasticlunr.stemmer`
/// gives it in the page (elasticlunr-rs's port of the same Porter stemmer).
pub struct Stemmer(Option<Box<dyn elasticlunr::pipeline::PipelineFn>>);

impl Stemmer {
    /// The English stemmer when `on`, else words as they are.
    pub fn new(on: bool) -> Stemmer {
        use elasticlunr::Language;
        let stemmer = on
            .then(|| {
                elasticlunr::lang::English::new()
                    .make_pipeline()
                    .queue
                    .into_iter()
                    .find(|f| f.name() == "stemmer")
            })
            .flatten();
        Stemmer(stemmer)
    }

    pub fn stem(&self, word: String) -> String {
        match &self.0 {
            Some(f) => {
                let fallback = word.clone();
                f.filter(word).unwrap_or(fallback)
            }
            None => word,
        }
    }
}

/// The contents of `search-index.js`. Deterministic: documents in the
/// order given, words sorted. A row's title (its table's) is not its
/// words: the table's own document is found by it.
pub fn search_index_js(docs: &[SearchDoc], stemmed: bool) -> String {
    let stemmer = Stemmer::new(stemmed);
    let mut index: BTreeMap<String, Vec<(usize, u32)>> = BTreeMap::new();
    for (n, doc) in docs.iter().enumerate() {
        let mut counts: BTreeMap<String, u32> = BTreeMap::new();
        if doc.kind != DocKind::Row {
            for w in words(&doc.title) {
                *counts.entry(stemmer.stem(w)).or_insert(0) += TITLE_WEIGHT;
            }
        }
        for w in words(&doc.text) {
            *counts.entry(stemmer.stem(w)).or_insert(0) += 1;
        }
        for (w, score) in counts {
            index.entry(w).or_default().push((n, score));
        }
    }
    let mut js = String::from(
        "// The search index of this rules reference, written by grogpress: docs are\n\
         // [kind, title, context, href, text, rule number]; index maps a word\n\
         // (its stem when stem is true) to [doc, score, ...].\n\
         window.grogpressSearch = {",
    );
    let _ = writeln!(js, "\"stem\": {stemmed}, \"docs\": [");
    for (n, doc) in docs.iter().enumerate() {
        let _ = writeln!(
            js,
            "[{}, {}, {}, {}, {}, {}]{}",
            js_string(doc.kind.code()),
            js_string(&doc.title),
            js_string(&doc.context),
            js_string(&doc.href),
            js_string(&doc.text),
            js_string(&doc.number),
            if n + 1 < docs.len() { "," } else { "" }
        );
    }
    js.push_str("], \"index\": {\n");
    let last = index.len();
    for (n, (word, postings)) in index.iter().enumerate() {
        let list: Vec<String> = postings
            .iter()
            .flat_map(|(doc, score)| [doc.to_string(), score.to_string()])
            .collect();
        let _ = writeln!(
            js,
            "{}: [{}]{}",
            js_string(word),
            list.join(","),
            if n + 1 < last { "," } else { "" }
        );
    }
    js.push_str("}};\n");
    js
}

/// A JSON string literal (serde_json's) that is also safe anywhere in a
/// script: markup characters and the JavaScript line terminators, which
/// JSON leaves as they are, are escaped too.
fn js_string(s: &str) -> String {
    let json = serde_json::Value::from(s).to_string();
    if !json.contains(['<', '>', '&', '\u{2028}', '\u{2029}']) {
        return json;
    }
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        match c {
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(kind: DocKind, title: &str, text: &str) -> SearchDoc {
        SearchDoc {
            kind,
            title: title.to_string(),
            context: "Rules".to_string(),
            href: "rules.html#x".to_string(),
            text: text.to_string(),
            number: String::new(),
        }
    }

    #[test]
    fn english_words_are_indexed_by_their_stems() {
        let stemmer = Stemmer::new(true);
        for (word, stem) in [
            ("attacked", "attack"),
            ("attacks", "attack"),
            ("volley", "volley"),
            ("volly", "volli"),
            ("units", "unit"),
        ] {
            assert_eq!(stemmer.stem(word.to_string()), stem);
        }
        assert_eq!(Stemmer::new(false).stem("attacked".to_string()), "attacked");
        let js = search_index_js(&[doc(DocKind::Section, "Attack", "Units attacked.")], true);
        assert!(js.contains("\"attack\": [0,11],"), "{js}");
        assert!(js.contains("\"stem\": true"), "{js}");
        assert!(stems("en-GB") && stems("en") && !stems("de"));
    }

    #[test]
    fn a_row_is_found_by_its_text_not_its_table_title() {
        let js = search_index_js(&[doc(DocKind::Row, "Weather", "Rain")], false);
        assert!(!js.contains("\"weather\""), "{js}");
        assert!(js.contains("\"rain\": [0,1]"), "{js}");
    }

    #[test]
    fn words_are_lower_case_runs_of_letters_and_digits() {
        let w: Vec<String> = words("Long-range ARTILLERY, 2d6 don’t Éclair").collect();
        assert_eq!(
            w,
            ["long", "range", "artillery", "2d6", "don", "t", "éclair"]
        );
    }

    #[test]
    fn the_index_scores_title_words_above_text_words() {
        let js = search_index_js(
            &[
                doc(DocKind::Card, "Dug In", "Defender adds one die."),
                doc(
                    DocKind::Section,
                    "Combat",
                    "Roll one die; dug in units hold.",
                ),
            ],
            false,
        );
        assert!(js.starts_with("// The search index"));
        assert!(js.contains("\"dug\": [0,10,1,1],"), "{js}");
        assert!(js.contains("\"die\": [0,1,1,1],"), "{js}");
        assert!(js.contains(
            "[\"c\", \"Dug In\", \"Rules\", \"rules.html#x\", \"Defender adds one die.\", \"\"],"
        ));
        assert!(js.trim_end().ends_with("}};"));
        assert_eq!(
            js,
            search_index_js(
                &[
                    doc(DocKind::Card, "Dug In", "Defender adds one die."),
                    doc(
                        DocKind::Section,
                        "Combat",
                        "Roll one die; dug in units hold."
                    ),
                ],
                false
            )
        );
    }

    #[test]
    fn data_cannot_leave_its_string() {
        let js = search_index_js(
            &[doc(
                DocKind::Row,
                "</script><script>alert(1)</script>",
                "\"]}; alert(2); //\u{2028}\\",
            )],
            false,
        );
        assert!(!js.contains("<script"), "{js}");
        assert!(js.contains("\\u003c/script\\u003e"));
        assert!(js.contains("\\\"]}; alert(2); //\\u2028\\\\"));
        assert!(!js.contains('\u{2028}'));
    }
}
