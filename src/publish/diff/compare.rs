//! Publish (diff): two versions' entries and passages compared into the
//! list of changes — each added, removed, changed (field by field) or moved
//! thing with its place in both versions. Where a thing sits in the file
//! (its line, the page it falls on) is not a change; what it says is.

use std::collections::HashMap;

use crate::diag::Loc;

use super::entries::{Entry, Kind};
use super::passages::{Pairing, Passage};

/// A place in one version: a file relative to the game folder, and a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct At {
    pub file: String,
    pub line: usize,
}

/// What happened to a thing between the versions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum What {
    Added,
    Removed,
    Changed,
    Moved,
}

impl What {
    pub fn name(self) -> &'static str {
        match self {
            What::Added => "added",
            What::Removed => "removed",
            What::Changed => "changed",
            What::Moved => "moved",
        }
    }
}

/// One field's two values (None where a version has no such field).
#[derive(Clone, Debug)]
pub struct FieldChange {
    pub name: String,
    pub old: Option<String>,
    pub new: Option<String>,
    pub old_at: Option<At>,
    pub new_at: Option<At>,
    /// Where the new value is written (in the new version's sources).
    pub new_loc: Option<Loc>,
}

/// One changed thing.
#[derive(Clone, Debug)]
pub struct Change {
    pub kind: Kind,
    pub what: What,
    pub group: String,
    pub key: String,
    /// Its name: the new version's, or the old one's when it was removed.
    pub title: String,
    pub old_at: Option<At>,
    pub new_at: Option<At>,
    /// The fields that differ; for a rules passage, its `text` (and its
    /// `section` when it moved to another heading).
    pub fields: Vec<FieldChange>,
    /// Where it is in each version's sources (change bars, errata).
    pub old_loc: Option<Loc>,
    pub new_loc: Option<Loc>,
}

/// One version's entries and passages, and how to place their locations.
pub struct Side<'a> {
    pub entries: &'a [Entry],
    pub passages: &'a [Passage],
    pub at: &'a dyn Fn(Loc) -> At,
}

/// Every change from `old` to `new`: entries in kind order (cards first,
/// rules last), each kind in the new version's order, removed ones after.
pub fn compare(old: &Side<'_>, new: &Side<'_>) -> Vec<Change> {
    let mut changes = entry_changes(old, new);
    changes.extend(passage_changes(old, new));
    // Stable: data order within each kind.
    changes.sort_by_key(|c| c.kind);
    changes
}

type Id<'e> = (Kind, &'e str, &'e str);

fn entry_changes(old: &Side<'_>, new: &Side<'_>) -> Vec<Change> {
    let by_id: HashMap<Id<'_>, usize> = old
        .entries
        .iter()
        .enumerate()
        .map(|(i, e)| ((e.kind, e.group.as_str(), e.key.as_str()), i))
        .collect();
    let mut taken = vec![false; old.entries.len()];
    // Each change with where it is told: the new version's order, removed
    // things after, in the old one's.
    let mut changes: Vec<((usize, usize), Change)> = Vec::new();
    let mut added: Vec<usize> = Vec::new();
    for (j, e) in new.entries.iter().enumerate() {
        match by_id.get(&(e.kind, e.group.as_str(), e.key.as_str())) {
            Some(&i) => {
                taken[i] = true;
                if let Some(change) = changed(old, new, &old.entries[i], e) {
                    changes.push(((j, 0), change));
                }
            }
            None => added.push(j),
        }
    }
    let mut removed: Vec<usize> = (0..old.entries.len()).filter(|&i| !taken[i]).collect();
    // A card whose title changed has a new key: a removed and an added card
    // of one deck that differ in that one field are the same card renamed.
    renamed(old, new, &mut removed, &mut added, &mut changes);
    for j in added {
        let e = &new.entries[j];
        let mut change = whole(e, What::Added, None, Some((new.at)(e.loc)));
        change.new_loc = Some(e.loc);
        changes.push(((j, 0), change));
    }
    for i in removed {
        let e = &old.entries[i];
        let mut change = whole(e, What::Removed, Some((old.at)(e.loc)), None);
        change.old_loc = Some(e.loc);
        changes.push(((usize::MAX, i), change));
    }
    changes.sort_by_key(|(at, _)| *at);
    changes.into_iter().map(|(_, c)| c).collect()
}

/// An added or removed thing, every field on one side.
fn whole(e: &Entry, what: What, old_at: Option<At>, new_at: Option<At>) -> Change {
    Change {
        kind: e.kind,
        what,
        group: e.group.clone(),
        key: e.key.clone(),
        title: e.title.clone(),
        old_at,
        new_at,
        fields: Vec::new(),
        old_loc: None,
        new_loc: None,
    }
}

/// The fields that differ between two versions of one thing, if any.
fn changed(old: &Side<'_>, new: &Side<'_>, a: &Entry, b: &Entry) -> Option<Change> {
    let mut fields = Vec::new();
    for f in &b.fields {
        match a.fields.iter().find(|o| o.name == f.name) {
            Some(o) if o.value == f.value => {}
            o => fields.push(FieldChange {
                name: f.name.clone(),
                old: o.map(|o| o.value.clone()),
                new: Some(f.value.clone()),
                old_at: o.map(|o| (old.at)(o.loc)),
                new_at: Some((new.at)(f.loc)),
                new_loc: Some(f.loc),
            }),
        }
    }
    for o in &a.fields {
        if !b.fields.iter().any(|f| f.name == o.name) {
            fields.push(FieldChange {
                name: o.name.clone(),
                old: Some(o.value.clone()),
                new: None,
                old_at: Some((old.at)(o.loc)),
                new_at: None,
                new_loc: None,
            });
        }
    }
    (!fields.is_empty()).then(|| Change {
        kind: b.kind,
        what: What::Changed,
        group: b.group.clone(),
        key: b.key.clone(),
        title: b.title.clone(),
        old_at: Some((old.at)(a.loc)),
        new_at: Some((new.at)(b.loc)),
        fields,
        old_loc: Some(a.loc),
        new_loc: Some(b.loc),
    })
}

/// The most leftover cards of a deck compared pairwise for a rename.
const MAX_RENAME_PAIRS: usize = 100_000;

fn renamed(
    old: &Side<'_>,
    new: &Side<'_>,
    removed: &mut Vec<usize>,
    added: &mut Vec<usize>,
    changes: &mut Vec<((usize, usize), Change)>,
) {
    if removed.len().saturating_mul(added.len()) > MAX_RENAME_PAIRS {
        return;
    }
    let mut gone: Vec<usize> = Vec::new();
    added.retain(|&j| {
        let b = &new.entries[j];
        let found = removed.iter().position(|&i| {
            let a = &old.entries[i];
            a.kind == Kind::Card
                && b.kind == Kind::Card
                && a.group == b.group
                && !gone.contains(&i)
                && a.fields.len() == b.fields.len()
                && a.fields
                    .iter()
                    .zip(&b.fields)
                    .filter(|(x, y)| x.name != y.name || x.value != y.value)
                    .count()
                    == 1
        });
        match found {
            Some(at) => {
                let i = removed[at];
                gone.push(i);
                if let Some(change) = changed(old, new, &old.entries[i], b) {
                    changes.push(((j, 0), change));
                }
                false
            }
            None => true,
        }
    });
    removed.retain(|i| !gone.contains(i));
}

fn passage_changes(old: &Side<'_>, new: &Side<'_>) -> Vec<Change> {
    let (pairing, removed) = super::passages::pair(old.passages, new.passages);
    let mut changes = Vec::new();
    for (j, how) in pairing.iter().enumerate() {
        let b = &new.passages[j];
        let (what, i) = match *how {
            Pairing::Unchanged(_) => continue,
            Pairing::Moved(i) => (What::Moved, Some(i)),
            Pairing::Changed(i) => (What::Changed, Some(i)),
            Pairing::Added => (What::Added, None),
        };
        let a = i.map(|i| &old.passages[i]);
        let mut fields = Vec::new();
        if what != What::Moved {
            fields.push(FieldChange {
                name: "text".to_string(),
                old: a.map(|a| a.text.clone()),
                new: Some(b.text.clone()),
                old_at: a.map(|a| (old.at)(a.loc)),
                new_at: Some((new.at)(b.loc)),
                new_loc: Some(b.loc),
            });
        }
        if let Some(a) = a.filter(|a| a.section != b.section && !b.heading) {
            fields.push(FieldChange {
                name: "section".to_string(),
                old: Some(a.section.clone()),
                new: Some(b.section.clone()),
                old_at: Some((old.at)(a.loc)),
                new_at: Some((new.at)(b.loc)),
                new_loc: Some(b.loc),
            });
        }
        let mut change = passage_change(
            b,
            what,
            a.map(|a| (old.at)(a.loc)),
            Some((new.at)(b.loc)),
            fields,
        );
        change.old_loc = a.map(|a| a.loc);
        change.new_loc = Some(b.loc);
        changes.push(change);
    }
    for i in removed {
        let a = &old.passages[i];
        let fields = vec![FieldChange {
            name: "text".to_string(),
            old: Some(a.text.clone()),
            new: None,
            old_at: Some((old.at)(a.loc)),
            new_at: None,
            new_loc: None,
        }];
        let mut change = passage_change(a, What::Removed, Some((old.at)(a.loc)), None, fields);
        change.old_loc = Some(a.loc);
        changes.push(change);
    }
    changes
}

fn passage_change(
    p: &Passage,
    what: What,
    old_at: Option<At>,
    new_at: Option<At>,
    fields: Vec<FieldChange>,
) -> Change {
    Change {
        kind: Kind::Rule,
        what,
        group: p.section.clone(),
        key: if p.heading { "heading" } else { "paragraph" }.to_string(),
        title: p.section.clone(),
        old_at,
        new_at,
        fields,
        old_loc: None,
        new_loc: None,
    }
}
