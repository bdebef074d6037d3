//! Text: table names mentioned in prose. From the names of the tables a
//! document shows (charts, their blocks, random tables, collections), where
//! a run of prose text names one of them, so the HTML page or the rulebook
//! can link it.

use std::ops::Range;

/// The names a page's prose may mention, longest first (so "Combat Table
/// Modifier" wins over "Combat Table"), each with the index of its table.
pub struct TableNames {
    names: Vec<(String, usize)>,
}

impl TableNames {
    /// From (title as written, table index) pairs: each title is cut to the
    /// name a player writes (see [`mention_name`]); names of one word are
    /// left out, being ordinary words ("Combat", "Units") more often than names.
    pub fn new<'a>(titles: impl IntoIterator<Item = (&'a str, usize)>) -> TableNames {
        let mut names: Vec<(String, usize)> = Vec::new();
        for (title, table) in titles {
            let Some(name) = mention_name(title) else {
                continue;
            };
            if !names.iter().any(|(n, _)| n.eq_ignore_ascii_case(&name)) {
                names.push((name, table));
            }
        }
        names.sort_by_key(|n| std::cmp::Reverse(n.0.len()));
        TableNames { names }
    }

    /// Glossary terms, from (form as written, term index) pairs: every form
    /// is kept as it is, one word or more, each once whatever its capitals.
    pub fn terms<'a>(forms: impl IntoIterator<Item = (&'a str, usize)>) -> TableNames {
        let mut names: Vec<(String, usize)> = Vec::new();
        for (form, term) in forms {
            let form = form.split_whitespace().collect::<Vec<_>>().join(" ");
            if !form.is_empty() && !names.iter().any(|(n, _)| n.eq_ignore_ascii_case(&form)) {
                names.push((form, term));
            }
        }
        names.sort_by_key(|n| std::cmp::Reverse(n.0.len()));
        TableNames { names }
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
            let hit = at_word_start
                .then(|| {
                    self.names
                        .iter()
                        .find_map(|(n, t)| mention_at(text, i, n, *t))
                })
                .flatten();
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
    (name.split(' ').count() >= 2).then_some(name)
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
}
