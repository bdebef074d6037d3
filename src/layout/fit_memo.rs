//! Layout: texts fitted once and kept while one document is laid out, so
//! that a text printed many times in the same place — a mirrored deck's
//! second side, copies of a card, a timing or "who" line most cards repeat,
//! a card list's column of the same few values — is broken into lines and
//! shaped once. Shared by the threads laying out; bounded, so a document of
//! unique texts costs no more memory than the bound.

use std::collections::HashMap;
use std::sync::RwLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::doc::Item;

/// At most this many bytes of fitted text are kept; past it, texts not yet
/// kept are fitted every time (the first texts, the ones most likely to come
/// again, stay).
const KEPT_BYTES: usize = 4 << 20;

/// Where a text is fitted, in one family: the same text in the same place
/// fits the same way. A card region's index, or a table cell's width, size,
/// smallest size and style (as bits).
pub type Place = [u32; 4];

/// Texts fitted in one document: for each place, text to its fit.
/// Read far more often than written (most texts come again), so lookups
/// on different threads share the lock.
#[derive(Default)]
pub struct FitMemo {
    kept: RwLock<Kept>,
    /// The bytes kept, readable without the lock: once the memo is full,
    /// a text that cannot be kept is turned away before it is hashed or
    /// the lock is waited for.
    kept_bytes: AtomicUsize,
}

/// Keyed with std's randomly seeded SipHash, not a faster fixed hash: the
/// texts come from a game folder someone else may have written to collide.
#[derive(Default)]
struct Kept {
    places: HashMap<Place, HashMap<String, Fitted>>,
    bytes: usize,
}

/// A text's fit: its items placed (when it was set, not only measured) and
/// the bottom of its inked block.
struct Fitted {
    items: Option<Vec<Item>>,
    bottom: f32,
}

impl FitMemo {
    /// The items of `text` set at `place`, if kept.
    pub fn items(&self, place: Place, text: &str) -> Option<(Vec<Item>, f32)> {
        let kept = self.kept.read().ok()?;
        let fitted = kept.places.get(&place)?.get(text)?;
        Some((fitted.items.clone()?, fitted.bottom))
    }

    /// The bottom of `text` fitted at `place`, if kept (set or measured).
    pub fn bottom(&self, place: Place, text: &str) -> Option<f32> {
        let kept = self.kept.read().ok()?;
        Some(kept.places.get(&place)?.get(text)?.bottom)
    }

    /// Keeps how `text` fits at `place` (its items when set), while the bound allows.
    pub fn keep(&self, place: Place, text: &str, items: Option<&[Item]>, bottom: f32) {
        let item_bytes = items.map_or(0, |items| items.iter().map(item_bytes).sum::<usize>());
        // The least it could take (items for a text kept measured) does not fit.
        if self.kept_bytes.load(Ordering::Relaxed) + item_bytes > KEPT_BYTES {
            return;
        }
        let Ok(mut guard) = self.kept.write() else {
            return;
        };
        let Kept { places, bytes } = &mut *guard;
        let texts = places.entry(place).or_default();
        let (added, fitted) = match texts.get_mut(text) {
            Some(fitted) if fitted.items.is_some() || items.is_none() => return,
            Some(fitted) => (item_bytes, Some(fitted)),
            None => (
                text.len() + std::mem::size_of::<Fitted>() + item_bytes,
                None,
            ),
        };
        if *bytes + added > KEPT_BYTES {
            return;
        }
        *bytes += added;
        self.kept_bytes.store(*bytes, Ordering::Relaxed);
        let items = items.map(<[Item]>::to_vec);
        match fitted {
            Some(fitted) => fitted.items = items,
            None => {
                texts.insert(text.to_string(), Fitted { items, bottom });
            }
        }
    }
}

/// About what an item holds on the heap and in the map.
fn item_bytes(item: &Item) -> usize {
    let own = match item {
        Item::Text(t) => t.text.len() + t.glyphs.len() * std::mem::size_of::<crate::text::Glyph>(),
        _ => 0,
    };
    std::mem::size_of::<Item>() + own
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::TextItem;

    fn text_item(text: &str) -> Item {
        Item::Text(TextItem {
            x: 1.0,
            y: 2.0,
            face: 0,
            size: 9.0,
            text: text.into(),
            glyphs: Vec::new().into(),
            width: 10.0,
            ink: None,
        })
    }

    #[test]
    fn a_text_kept_at_a_place_is_given_back_at_that_place_only() {
        let memo = FitMemo::default();
        let (here, there) = ([0, 0, 0, 0], [1, 0, 0, 0]);
        assert_eq!(memo.items(here, "Play at any time"), None);
        memo.keep(
            here,
            "Play at any time",
            Some(&[text_item("Play at any time")]),
            7.5,
        );
        assert_eq!(
            memo.items(here, "Play at any time"),
            Some((vec![text_item("Play at any time")], 7.5))
        );
        assert_eq!(memo.items(there, "Play at any time"), None);
        assert_eq!(memo.items(here, "Play at any"), None);
    }

    #[test]
    fn a_measured_text_gives_its_bottom_and_its_items_once_set() {
        let memo = FitMemo::default();
        let place = [3, 0, 0, 0];
        memo.keep(place, "Attacker Only", None, 9.25);
        assert_eq!(memo.bottom(place, "Attacker Only"), Some(9.25));
        assert_eq!(memo.items(place, "Attacker Only"), None);
        memo.keep(
            place,
            "Attacker Only",
            Some(&[text_item("Attacker Only")]),
            9.25,
        );
        assert_eq!(
            memo.items(place, "Attacker Only"),
            Some((vec![text_item("Attacker Only")], 9.25))
        );
    }

    #[test]
    fn texts_past_the_bound_are_not_kept_and_the_first_ones_stay() {
        let memo = FitMemo::default();
        let place = [2, 0, 0, 0];
        let long = "x".repeat(1000);
        let texts: Vec<String> = (0..(KEPT_BYTES / 1000) + 100)
            .map(|n| format!("{n} {long}"))
            .collect();
        for t in &texts {
            memo.keep(place, t, Some(&[text_item(t)]), 1.0);
        }
        let kept = memo.kept.read().map(|k| k.bytes).unwrap_or(usize::MAX);
        assert!(kept <= KEPT_BYTES, "{kept} bytes kept");
        assert!(memo.items(place, &texts[0]).is_some());
        assert!(memo.items(place, &texts[texts.len() - 1]).is_none());
    }
}
