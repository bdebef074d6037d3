//! Publish: what changed since an earlier version (`--changes-since`), as
//! the rulebook's change bars, the HTML's highlights, the galleries' marks
//! and the errata sheet ask it — a passage or table row by its place in the
//! game's sources, a card or counter by its deck and key — from `diff`'s
//! changes ([`super::diff::since`]).

use std::collections::{HashMap, HashSet};

use super::diff::{Change, Kind, Since, What};
use crate::diag::{FileId, Loc};
use crate::layout::{CardFace, ChangedWords, Geometry, Ink, Item, Shape};
use crate::model::Game;
use crate::text::Words;

type Key = (FileId, usize, usize);

fn key(loc: Loc) -> Key {
    (loc.file, loc.span.start, loc.span.end)
}

/// The changes since an earlier version, looked up by place and by card.
pub struct ChangeMarks {
    pub since: Since,
    /// Every rules passage of the game (in reading order) and whether it changed.
    passages: Vec<(Loc, bool)>,
    /// The places of the changed table rows and of their changed cells.
    rows: HashSet<Key>,
    /// Changed cards and counters: (deck or collection, key).
    cards: HashSet<(String, String)>,
    /// The changed passages' changed words, by the passage's place.
    words: HashMap<Key, ChangedWords>,
}

/// Whether a change is one the new version shows (not a removal).
fn shown(c: &Change) -> bool {
    c.what != What::Removed
}

impl ChangeMarks {
    pub fn new(since: Since, game: &Game) -> ChangeMarks {
        let changed_passages: HashSet<Key> = since
            .changes
            .iter()
            .filter(|c| c.kind == Kind::Rule && shown(c))
            .filter_map(|c| c.new_loc.map(key))
            .collect();
        let mut passages: Vec<(Loc, bool)> = super::diff::passages(game)
            .into_iter()
            .map(|p| (p.loc, changed_passages.contains(&key(p.loc))))
            .collect();
        passages.sort_by_key(|(loc, _)| (loc.file, loc.span.start));
        let mut rows = HashSet::new();
        let mut cards = HashSet::new();
        for c in since.changes.iter().filter(|c| shown(c)) {
            match c.kind {
                Kind::Row => {
                    rows.extend(c.new_loc.map(key));
                    rows.extend(c.fields.iter().filter_map(|f| f.new_loc.map(key)));
                }
                Kind::Card | Kind::Counter | Kind::Item => {
                    cards.insert((c.group.clone(), c.key.clone()));
                }
                _ => {}
            }
        }
        let words = since
            .changes
            .iter()
            .filter(|c| c.kind == Kind::Rule && c.what == What::Changed)
            .filter_map(|c| {
                let text = c.fields.iter().find(|f| f.name == "text")?;
                let words = changed_words(text.old.as_deref()?, text.new.as_deref()?)?;
                Some((key(c.new_loc?), words))
            })
            .collect();
        ChangeMarks {
            since,
            passages,
            rows,
            cards,
            words,
        }
    }

    /// The innermost rules passage holding `at`'s start, and whether it changed.
    fn passage_of(&self, at: Loc) -> Option<&(Loc, bool)> {
        let after = self
            .passages
            .partition_point(|(loc, _)| (loc.file, loc.span.start) <= (at.file, at.span.start));
        self.passages[..after]
            .iter()
            .rev()
            .take_while(|(loc, _)| loc.file == at.file)
            .find(|(loc, _)| loc.span.start <= at.span.start && at.span.start < loc.span.end)
    }

    /// The changed words of the changed passage holding `at`'s start (None
    /// for a passage added or moved whole, or unchanged).
    pub fn changed_words(&self, at: Loc) -> Option<ChangedWords> {
        let (loc, changed) = self.passage_of(at)?;
        self.words.get(&key(*loc)).filter(|_| *changed).cloned()
    }

    /// Whether the table row at `at`, or the innermost rules passage holding
    /// `at`'s start, changed.
    pub fn changed_at(&self, at: Loc) -> bool {
        if self.rows.contains(&key(at)) {
            return true;
        }
        self.passage_of(at).is_some_and(|(_, changed)| *changed)
    }

    /// Whether card (or counter) `key` of deck (or collection) `deck` changed.
    pub fn card(&self, deck: &str, key: &str) -> bool {
        self.cards.contains(&(deck.to_string(), key.to_string()))
    }

    /// How many changes there are.
    pub fn count(&self) -> usize {
        self.since.changes.len()
    }
}

/// The mark of a changed card in a gallery: a red corner tab at its top right.
pub fn mark_card(face: &mut CardFace, width: f32) {
    const RED: Ink = Ink::Rgb([0.75, 0.1, 0.1]);
    let tab = 10.0;
    let path = vec![
        crate::model::PathEl::MoveTo(width - tab, 0.0),
        crate::model::PathEl::LineTo(width, 0.0),
        crate::model::PathEl::LineTo(width, tab),
        crate::model::PathEl::Close,
    ];
    face.items.push(Item::Shape(Shape {
        geometry: Geometry::Path(path),
        fill: Some(RED),
        stroke: None,
        clip: None,
    }));
}

/// What a change's heading says it is, in the game's words: "Changed".
pub fn what_word(what: What, words: &Words) -> &str {
    match what {
        What::Added => &words.change_added,
        What::Removed => &words.change_removed,
        What::Changed => &words.change_changed,
        What::Moved => &words.change_moved,
    }
}

/// How many changes there are, in the game's words: "3 changes.".
pub fn count_words(n: usize, words: &Words) -> String {
    match n {
        0 => words.no_changes.clone(),
        1 => words.one_change.clone(),
        n => Words::fill(&words.changes_many, &[("n", &n.to_string())]),
    }
}

/// The name a reader knows a deck, collection, table, chart, map or
/// scenario by (its title), looked for in the new version, then the old.
fn group_name(games: [&Game; 2], group: &str) -> String {
    let head = group.split('/').next().unwrap_or(group);
    games
        .iter()
        .find_map(|g| {
            g.deck(group)
                .or_else(|| g.collection(group))
                .map(|d| d.name.clone())
                .or_else(|| {
                    let t = g.random_tables.iter().find(|t| t.id == group)?;
                    Some(t.name.clone())
                })
                .or_else(|| {
                    let c = g.charts.iter().find(|c| c.id == head)?;
                    Some(c.title.clone())
                })
                .or_else(|| {
                    let m = g.maps.iter().find(|m| m.id == group)?;
                    Some(m.name.clone())
                })
                .or_else(|| {
                    let s = g.scenarios.iter().find(|s| s.id == group)?;
                    Some(s.name.value.clone())
                })
        })
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| group.to_string())
}

/// A changed thing (not a rule) named as its reader knows it: a card by
/// its title and its deck's name ("Advance (Orders)"), a table row by its
/// table's name and its key ("Weather: 3-4"), a chart, map or scenario by
/// its title.
pub fn shown_name(c: &Change, game: &Game, old: &Game) -> String {
    let group = group_name([game, old], &c.group);
    let title = if c.title.is_empty() { &c.key } else { &c.title };
    match c.kind {
        Kind::Card | Kind::Counter | Kind::Item => format!("{title} ({group})"),
        Kind::Chart | Kind::Map | Kind::Scenario => group,
        _ => game.words.labelled(&group, title),
    }
}

/// The most words of two versions of a passage compared word by word
/// (their product); a longer passage is marked whole.
const MOST_WORDS: usize = 4_000_000;

/// Which letters of `new` (whitespace left out) belong to words `old` did
/// not have in that order: the words outside the longest run of words the
/// two share in order. A word only taken out marks the words either side
/// of where it was, so its line gets a bar too.
pub fn changed_words(old: &str, new: &str) -> Option<ChangedWords> {
    let (a, b): (Vec<&str>, Vec<&str>) = (
        old.split_whitespace().collect(),
        new.split_whitespace().collect(),
    );
    if a.len().saturating_mul(b.len()) > MOST_WORDS || b.is_empty() {
        return None;
    }
    // The longest common subsequence's lengths from each pair of suffixes.
    let w = b.len() + 1;
    let mut len = vec![0u32; (a.len() + 1) * w];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            len[i * w + j] = if a[i] == b[j] {
                len[(i + 1) * w + j + 1] + 1
            } else {
                len[(i + 1) * w + j].max(len[i * w + j + 1])
            };
        }
    }
    let mut word_changed = vec![true; b.len()];
    // Between two shared words: whether words were taken out, and put in.
    let (mut taken_out, mut put_in) = (false, false);
    let beside = |j: usize, taken_out: bool, put_in: bool, marks: &mut Vec<bool>| {
        // Words only taken out: the words either side of the gap mark it.
        if taken_out && !put_in {
            for k in [j.checked_sub(1), Some(j)].into_iter().flatten() {
                if let Some(m) = marks.get_mut(k) {
                    *m = true;
                }
            }
        }
    };
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if a[i] == b[j] {
            word_changed[j] = false;
            beside(j, taken_out, put_in, &mut word_changed);
            (taken_out, put_in) = (false, false);
            i += 1;
            j += 1;
        } else if len[(i + 1) * w + j] >= len[i * w + j + 1] {
            taken_out = true;
            i += 1;
        } else {
            put_in = true;
            j += 1;
        }
    }
    taken_out |= i < a.len();
    put_in |= j < b.len();
    beside(j, taken_out, put_in, &mut word_changed);
    let mut letters = Vec::new();
    let mut changed = Vec::new();
    for (word, &c) in b.iter().zip(&word_changed) {
        for l in word.chars() {
            letters.push(l);
            changed.push(c);
        }
    }
    Some(ChangedWords { letters, changed })
}

#[cfg(test)]
mod tests {
    use super::changed_words;

    fn marked(old: &str, new: &str) -> String {
        let w = changed_words(old, new).expect("words");
        w.letters
            .iter()
            .zip(&w.changed)
            .map(|(l, c)| if *c { l.to_ascii_uppercase() } else { *l })
            .collect()
    }

    #[test]
    fn only_the_words_that_changed_are_marked() {
        assert_eq!(
            marked(
                "attack adjacent units only.",
                "attack adjacent units only, once a turn."
            ),
            "attackadjacentunitsONLY,ONCEATURN."
        );
        assert_eq!(marked("a b c d", "a b x d"), "abXd");
        // A word taken out marks its neighbours.
        assert_eq!(marked("a b c d", "a b d"), "aBD");
        assert_eq!(marked("a b c", "a b"), "aB");
        assert_eq!(marked("same words", "same words"), "samewords");
    }
}
