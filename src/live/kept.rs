//! Live: what one build made, kept for the next (`watch`, `serve`; off
//! elsewhere) — input: a key saying what a thing was made from, and the
//! thing; output: the thing again while the key is asked for. The card
//! faces laid out ([`crate::publish::Assets`]' faces) and the cards drawn
//! as HTML (the reference's) are both kept so.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Mutex, MutexGuard, PoisonError};

/// Things kept from one live build to the next by their keys (off until
/// [`Self::keep_across_builds`]): a thing not used by one build is dropped
/// by the next ([`Self::next_build`]); at most `limit` things are kept
/// (past it, new ones are not: the ones kept first stay).
pub struct KeptAcrossBuilds<K, V> {
    kept: Mutex<Option<Kept<K, V>>>,
    limit: usize,
}

struct Kept<K, V> {
    /// Each thing, with the last build that used it.
    things: HashMap<K, (V, u64)>,
    /// The build now.
    build: u64,
}

/// At most this many things are kept by default.
const KEPT: usize = 200_000;

impl<K, V> Default for KeptAcrossBuilds<K, V> {
    fn default() -> Self {
        Self {
            kept: Mutex::new(None),
            limit: KEPT,
        }
    }
}

impl<K: Hash + Eq, V> KeptAcrossBuilds<K, V> {
    fn kept(&self) -> MutexGuard<'_, Option<Kept<K, V>>> {
        self.kept.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Keeps things from one build to the next from now on.
    pub fn keep_across_builds(&self) {
        self.kept().get_or_insert_with(|| Kept {
            things: HashMap::new(),
            build: 0,
        });
    }

    /// Whether things are kept (else finding one is not worth its cost).
    pub fn on(&self) -> bool {
        self.kept().is_some()
    }

    /// Starts a build: the things the last build did not use are dropped
    /// (all of them with `forget_all`).
    pub fn next_build(&self, forget_all: bool) {
        if let Some(kept) = self.kept().as_mut() {
            let last = kept.build;
            match forget_all {
                true => kept.things.clear(),
                false => kept.things.retain(|_, (_, used)| *used >= last),
            }
            kept.build += 1;
        }
    }

    /// What `take` makes of each of `keys`' things, those kept (each then
    /// used by this build) and `take` gives; `None` when things are not kept.
    pub fn find_each<'k, R>(
        &self,
        keys: impl IntoIterator<Item = &'k K>,
        take: impl Fn(&V) -> Option<R>,
    ) -> Option<Vec<Option<R>>>
    where
        K: 'k,
    {
        let mut guard = self.kept();
        let kept = guard.as_mut()?;
        let build = kept.build;
        let found = keys.into_iter().map(|key| {
            let (thing, used) = kept.things.get_mut(key)?;
            let taken = take(thing)?;
            *used = build;
            Some(taken)
        });
        Some(found.collect())
    }

    /// Keeps each of `things` (a thing of a key kept already replaces it);
    /// for each, whether its key was kept already (by another thread of
    /// this build that made it at the same time).
    pub fn keep_each(&self, things: impl IntoIterator<Item = (K, V)>) -> Vec<bool> {
        let mut guard = self.kept();
        let things = things.into_iter();
        let Some(kept) = guard.as_mut() else {
            return things.map(|_| false).collect();
        };
        let build = kept.build;
        things
            .map(|(key, thing)| {
                let there = kept.things.contains_key(&key);
                if there || kept.things.len() < self.limit {
                    kept.things.insert(key, (thing, build));
                }
                there
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(kept: &KeptAcrossBuilds<&'static str, u32>, key: &'static str) -> Option<u32> {
        kept.find_each([&key], |v| Some(*v))?.pop()?
    }

    #[test]
    fn things_are_kept_while_each_build_uses_them() {
        let kept = KeptAcrossBuilds::default();
        // Off: nothing is kept.
        assert_eq!(kept.keep_each([("a", 1)]), [false]);
        assert_eq!(found(&kept, "a"), None);
        assert!(!kept.on());
        kept.keep_across_builds();
        assert_eq!(
            kept.keep_each([("a", 1), ("b", 2), ("a", 3)]),
            [false, false, true]
        );
        assert_eq!(found(&kept, "a"), Some(3));
        // What `take` refuses is not found (nor used).
        assert_eq!(
            kept.find_each([&"b"], |v| (*v > 5).then_some(*v)),
            Some(vec![None])
        );
        // A build that does not use b keeps it; the next drops it.
        kept.next_build(false);
        assert_eq!(found(&kept, "a"), Some(3));
        kept.next_build(false);
        assert_eq!(found(&kept, "a"), Some(3));
        assert_eq!(found(&kept, "b"), None);
        kept.next_build(true);
        assert_eq!(found(&kept, "a"), None);
    }

    #[test]
    fn past_the_limit_new_things_are_not_kept() {
        let kept = KeptAcrossBuilds {
            kept: Mutex::new(None),
            limit: 2,
        };
        kept.keep_across_builds();
        kept.keep_each([("a", 1), ("b", 2), ("c", 3)]);
        assert_eq!((found(&kept, "b"), found(&kept, "c")), (Some(2), None));
        // A thing kept already is still replaced.
        kept.keep_each([("a", 4)]);
        assert_eq!(found(&kept, "a"), Some(4));
    }
}
