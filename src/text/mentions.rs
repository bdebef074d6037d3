//! Text: table names mentioned in prose. From the names of the tables a
//! document shows (charts, their blocks, random tables, collections), where
//! a run of prose text names one of them, so the HTML page or the rulebook
//! can link it.

use std::collections::{HashMap, HashSet};
use std::ops::Range;

/// The names a page's prose may mention, longest first (so "Combat Table
/// Modifier" wins over "Combat Table"), each with the index of its table,
/// and by the first word of each (letter case aside) the names that start
/// with it, so a word of prose is tried only against names it could begin.
pub struct TableNames {
    names: Vec<(String, usize)>,
    by_first_word: HashMap<String, Vec<usize>>,
}

impl TableNames {
    /// From (title as written, table index) pairs: each title is cut to the
    /// name a player writes (see [`mention_name`]); names of one word are
    /// left out, being ordinary words ("Combat", "Units") more often than names.
    pub fn new<'a>(titles: impl IntoIterator<Item = (&'a str, usize)>) -> TableNames {
        TableNames::from_names(
            titles
                .into_iter()
                .filter_map(|(title, table)| Some((mention_name(title)?, table))),
        )
    }

    /// Glossary terms, from (form as written, term index) pairs: every form
    /// is kept as it is, one word or more, each once whatever its capitals.
    pub fn terms<'a>(forms: impl IntoIterator<Item = (&'a str, usize)>) -> TableNames {
        TableNames::from_names(
            forms
                .into_iter()
                .map(|(form, term)| (form.split_whitespace().collect::<Vec<_>>().join(" "), term)),
        )
    }

    /// Each non-empty name once (the first of those equal but for ASCII
    /// capitals), longest first, indexed by first word.
    fn from_names(all: impl Iterator<Item = (String, usize)>) -> TableNames {
        let mut seen = HashSet::new();
        let mut names: Vec<(String, usize)> = all
            .filter(|(name, _)| !name.is_empty() && seen.insert(name.to_ascii_lowercase()))
            .collect();
        names.sort_by_key(|n| std::cmp::Reverse(n.0.len()));
        let mut by_first_word: HashMap<String, Vec<usize>> = HashMap::new();
        for (at, (name, _)) in names.iter().enumerate() {
            by_first_word.entry(first_word(name)).or_default().push(at);
        }
        TableNames {
            names,
            by_first_word,
        }
    }

    /// Every mention in `text`, in order, as (byte range, table index). A
    /// mention starts and ends at word boundaries (a plural `s` may follow),
    /// letter case aside.
    pub fn find(&self, text: &str) -> Vec<(Range<usize>, usize)> {
        let mut found = Vec::new();
        if self.names.is_empty() {
            return found;
        }
        let mut i = 0;
        while i < text.len() {
            let at_word_start = !text[..i].chars().next_back().is_some_and(is_word_char);
            let hit = if at_word_start {
                self.mention_at(text, i)
            } else {
                None
            };
            match hit {
                Some((end, table)) => {
                    found.push((i..end, table));
                    i = end;
                }
                None => i += text[i..].chars().next().map_or(1, char::len_utf8),
            }
        }
        found
    }

    /// The longest name mentioned at `start` of `text`: only names whose
    /// first word is the word there, or that word less a plural `s`.
    fn mention_at(&self, text: &str, start: usize) -> Option<(usize, usize)> {
        let word = first_word(&text[start..]);
        let singular = word.strip_suffix('s').map(str::to_string);
        let bucket = |w: &str| self.by_first_word.get(w).map_or(&[][..], Vec::as_slice);
        let (mut a, mut b) = (bucket(&word).iter().peekable(), {
            singular
                .as_deref()
                .map_or(&[][..], bucket)
                .iter()
                .peekable()
        });
        // Both lists are in `names` order (longest first): merge them.
        loop {
            let next = match (a.peek(), b.peek()) {
                (Some(&&x), Some(&&y)) if y < x => b.next(),
                (Some(_), _) => a.next(),
                (None, _) => b.next(),
            }?;
            let (name, table) = &self.names[*next];
            if let Some(hit) = mention_at(text, start, name, *table) {
                return Some(hit);
            }
        }
    }
}

/// The run of word characters `text` starts with, ASCII capitals lowered
/// (the letters [`mention_at`] compares without case).
fn first_word(text: &str) -> String {
    text.chars()
        .take_while(|&c| is_word_char(c))
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// The end of `name` mentioned at `start` of `text` (with a plural `s`), if
/// it is; a space of the name matches any one space or line break.
fn mention_at(text: &str, start: usize, name: &str, table: usize) -> Option<(usize, usize)> {
    let mut rest = text[start..].char_indices();
    for n in name.chars() {
        let (_, t) = rest.next()?;
        let same = if n == ' ' {
            t.is_whitespace()
        } else {
            n == t || (n.is_ascii() && n.eq_ignore_ascii_case(&t))
        };
        if !same {
            return None;
        }
    }
    let end = start + rest.next().map_or(text.len() - start, |(at, _)| at);
    let mut after = text[end..].chars();
    match after.next() {
        None => Some((end, table)),
        Some(c) if !is_word_char(c) => Some((end, table)),
        Some('s') if !after.next().is_some_and(is_word_char) => Some((end + 1, table)),
        Some(_) => None,
    }
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The name a table is mentioned by: its title without rich-text stars, a
/// closing parenthesis ("Combat Table (Modified Two Die)" → "Combat Table")
/// or closing punctuation ("Notes:"); None for a name of fewer than two words.
pub fn mention_name(title: &str) -> Option<String> {
    let plain: String = title.replace("\\*", "").replace('*', "");
    let mut name = plain.split_whitespace().collect::<Vec<_>>().join(" ");
    if name.ends_with(')')
        && let Some(open) = name.rfind(" (")
    {
        name.truncate(open);
    }
    let name = name
        .trim_end_matches([':', '.', '…', ',', ';'])
        .trim_end()
        .to_string();
    (words_past_article(&name) >= 2).then_some(name)
}

/// How many words `name` has, a leading article ("The Ridge", "A Map") not
/// counted: such a name is one ordinary word with "the" before it ("onto
/// the ridge") more often than a table's name.
fn words_past_article(name: &str) -> usize {
    let mut words = name.split(' ').peekable();
    let article = ["the", "a", "an"];
    if words
        .peek()
        .is_some_and(|w| article.iter().any(|a| w.eq_ignore_ascii_case(a)))
    {
        words.next();
    }
    words.count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_cut_to_what_players_write() {
        assert_eq!(
            mention_name("Combat Table (Modified Two Die)").as_deref(),
            Some("Combat Table")
        );
        assert_eq!(mention_name("**Foe** Table").as_deref(), Some("Foe Table"));
        assert_eq!(mention_name("Notes:"), None);
        assert_eq!(mention_name("Combat"), None);
        assert_eq!(mention_name("The Ridge"), None);
        assert_eq!(mention_name("A  Map"), None);
        assert_eq!(
            mention_name("The Ridge Table").as_deref(),
            Some("The Ridge Table")
        );
        assert_eq!(
            mention_name("Isolation: Stack has a Safe Path and...").as_deref(),
            Some("Isolation: Stack has a Safe Path and")
        );
    }

    #[test]
    fn mentions_are_whole_words_longest_first() {
        let names = TableNames::new([
            ("Combat Table (Modified Two Die)", 0),
            ("Combat Table Modifier", 1),
            ("Barrage Table (One Die)", 2),
            ("Combat", 3),
        ]);
        let text = "Roll on the combat\ntable with the Combat Table Modifiers; the Barrage Tables, not a Barrage Tablet or Combat.";
        let found: Vec<(&str, usize)> = names
            .find(text)
            .into_iter()
            .map(|(r, t)| (&text[r], t))
            .collect();
        assert_eq!(
            found,
            [
                ("combat\ntable", 0),
                ("Combat Table Modifiers", 1),
                ("Barrage Tables", 2)
            ]
        );
    }

    #[test]
    fn text_beyond_ascii_is_matched_exactly() {
        let names = TableNames::new([("Tableau d’éveil", 0)]);
        let text = "Voir le tableau d’éveil — é Tableau d’éveil.";
        let found: Vec<&str> = names
            .find(text)
            .into_iter()
            .map(|(r, _)| &text[r])
            .collect();
        assert_eq!(found, ["tableau d’éveil", "Tableau d’éveil"]);
    }

    /// The mention at `start` found by trying every name, longest first: what
    /// the first-word index must agree with.
    fn every_name_at(names: &TableNames, text: &str, start: usize) -> Option<(usize, usize)> {
        names
            .names
            .iter()
            .find_map(|(n, t)| mention_at(text, start, n, *t))
    }

    #[test]
    fn the_first_word_index_finds_what_trying_every_name_finds() {
        let names = TableNames::terms([
            ("Morale", 0),
            ("morale check", 1),
            ("Zone of Control", 2),
            ("zone", 3),
            ("(Optional) Rule", 4),
            ("Co-op Turn", 5),
            ("Élan", 6),
            ("Tests", 7),
        ]);
        let text = "Morales fall; a MORALE Check, a Morale check's zones, \
                    the Zone of\ncontrol, zones of Control, (optional) rule, (Optional) Rules, \
                    co-op turns, Co-op, élan, Élans, ÉLAN, tests, Testss, test.";
        for start in (0..text.len()).filter(|&i| text.is_char_boundary(i)) {
            let at_word_start = !text[..start].chars().next_back().is_some_and(is_word_char);
            if at_word_start {
                assert_eq!(
                    names.mention_at(text, start),
                    every_name_at(&names, text, start),
                    "at {start}: {:?}",
                    &text[start..]
                );
            }
        }
        let found: Vec<&str> = names
            .find(text)
            .into_iter()
            .map(|(r, _)| &text[r])
            .collect();
        assert_eq!(
            found,
            [
                "Morales",
                "MORALE Check",
                "Morale check",
                "zones",
                "Zone of\ncontrol",
                "zones",
                "(optional) rule",
                "(Optional) Rules",
                "co-op turns",
                // Beyond ASCII letters match exactly: not "élan", but "ÉLAN".
                "Élans",
                "ÉLAN",
                "tests",
                "Testss",
            ]
        );
    }
}
