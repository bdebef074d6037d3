//! Layout: the fitted texts of one card template's regions, kept while its
//! cards are laid out so that a text printed on many cards — a mirrored
//! deck's second side, copies of a card, a timing or "who" line most cards
//! repeat — is broken into lines once. Shared by the threads laying out the
//! cards; bounded, so a deck of unique texts costs no more than the bound.

use std::collections::HashMap;
use std::sync::Mutex;

use super::doc::Item;

/// At most this many bytes of fitted text are kept; past it, texts not yet
/// kept are fitted every time (the first cards' texts, the ones most likely
/// to come again, stay).
const KEPT_BYTES: usize = 4 << 20;

/// Region texts fitted on one template: for each region (by its index in
/// the template), text to its items, placed in the card.
#[derive(Default)]
pub struct RegionMemo {
    kept: Mutex<Kept>,
}

#[derive(Default)]
struct Kept {
    regions: HashMap<usize, HashMap<String, Vec<Item>>>,
    bytes: usize,
}

impl RegionMemo {
    /// The items of `text` fitted in region `region`, if kept.
    pub fn get(&self, region: usize, text: &str) -> Option<Vec<Item>> {
        let kept = self.kept.lock().ok()?;
        kept.regions.get(&region)?.get(text).cloned()
    }

    /// Keeps the items `text` fitted to in region `region`, while the bound allows.
    pub fn keep(&self, region: usize, text: &str, items: &[Item]) {
        let Ok(mut kept) = self.kept.lock() else {
            return;
        };
        let bytes = text.len() + items.iter().map(item_bytes).sum::<usize>();
        if kept.bytes + bytes > KEPT_BYTES {
            return;
        }
        let texts = kept.regions.entry(region).or_default();
        if !texts.contains_key(text) {
            texts.insert(text.to_string(), items.to_vec());
            kept.bytes += bytes;
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
            text: text.to_string(),
            glyphs: Vec::new(),
            width: 10.0,
            ink: None,
        })
    }

    #[test]
    fn a_text_kept_for_a_region_is_given_back_for_that_region_only() {
        let memo = RegionMemo::default();
        assert_eq!(memo.get(0, "Play at any time"), None);
        memo.keep(0, "Play at any time", &[text_item("Play at any time")]);
        assert_eq!(
            memo.get(0, "Play at any time"),
            Some(vec![text_item("Play at any time")])
        );
        assert_eq!(memo.get(1, "Play at any time"), None);
        assert_eq!(memo.get(0, "Play at any"), None);
    }

    #[test]
    fn texts_past_the_bound_are_not_kept_and_the_first_ones_stay() {
        let memo = RegionMemo::default();
        let long = "x".repeat(1000);
        let texts: Vec<String> = (0..(KEPT_BYTES / 1000) + 100)
            .map(|n| format!("{n} {long}"))
            .collect();
        for t in &texts {
            memo.keep(2, t, &[text_item(t)]);
        }
        let kept = memo.kept.lock().map(|k| k.bytes).unwrap_or(usize::MAX);
        assert!(kept <= KEPT_BYTES, "{kept} bytes kept");
        assert!(memo.get(2, &texts[0]).is_some());
        assert!(memo.get(2, &texts[texts.len() - 1]).is_none());
    }
}
