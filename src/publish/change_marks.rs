//! Publish: what changed since an earlier version (`--changes-since`), as
//! the rulebook's change bars, the HTML's highlights, the galleries' marks
//! and the errata sheet ask it — a passage or table row by its place in the
//! game's sources, a card or counter by its deck and key — from `diff`'s
//! changes ([`super::diff::since`]).

use std::collections::HashSet;

use super::diff::{Change, Kind, Since, What};
use crate::diag::{FileId, Loc};
use crate::layout::{CardFace, Geometry, Ink, Item, Shape};
use crate::model::Game;

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
        ChangeMarks {
            since,
            passages,
            rows,
            cards,
        }
    }

    /// Whether the table row at `at`, or the innermost rules passage holding
    /// `at`'s start, changed.
    pub fn changed_at(&self, at: Loc) -> bool {
        if self.rows.contains(&key(at)) {
            return true;
        }
        let after = self
            .passages
            .partition_point(|(loc, _)| (loc.file, loc.span.start) <= (at.file, at.span.start));
        self.passages[..after]
            .iter()
            .rev()
            .take_while(|(loc, _)| loc.file == at.file)
            .find(|(loc, _)| loc.span.start <= at.span.start && at.span.start < loc.span.end)
            .is_some_and(|(_, changed)| *changed)
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
