//! Render stage, PDF: finds pages whose content stream is one already
//! written (a print-and-play sheet's backs, the same on every other page),
//! so the page points at that stream instead of a copy compressed again.
//! Input: a part's uncompressed page contents; output: where each comes from.

use pdf_writer::Ref;

/// Where a page's content stream comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Source {
    /// A stream of its own, written with the page.
    New,
    /// The stream of an earlier part's page.
    Kept(Ref),
    /// The stream of the given earlier page of this part (itself `New`).
    Earlier(usize),
}

/// How far back in a part a repeat is looked for: a back repeats every
/// other page, a blank page soon after another.
const LOOK_BACK: usize = 16;

/// Streams kept for later parts, and the bytes they may hold at most: a
/// document has a few pages that repeat (backs, blanks), not hundreds.
const KEPT_AT_MOST: usize = 16;
const KEPT_BYTES_AT_MOST: usize = 1 << 20;

/// Contents that repeated in earlier parts, with their streams' objects.
#[derive(Default)]
pub(super) struct Repeats {
    kept: Vec<(Ref, Box<[u8]>)>,
    bytes: usize,
}

impl Repeats {
    /// Where each of a part's page contents comes from, in order.
    pub fn sources(&self, contents: &[Vec<u8>]) -> Vec<Source> {
        let mut sources: Vec<Source> = Vec::with_capacity(contents.len());
        for (k, content) in contents.iter().enumerate() {
            let kept = self.kept.iter().find(|(_, bytes)| **bytes == **content);
            let source = match kept {
                Some((id, _)) => Source::Kept(*id),
                None => (k.saturating_sub(LOOK_BACK)..k)
                    .find(|&j| sources[j] == Source::New && contents[j] == *content)
                    .map_or(Source::New, Source::Earlier),
            };
            sources.push(source);
        }
        sources
    }

    /// Keeps `content`, written as `id`, for later parts (once, and while
    /// there is room).
    pub fn keep(&mut self, content: &[u8], id: Ref) {
        let room =
            self.kept.len() < KEPT_AT_MOST && self.bytes + content.len() <= KEPT_BYTES_AT_MOST;
        if room && !self.kept.iter().any(|(kept, _)| *kept == id) {
            self.bytes += content.len();
            self.kept.push((id, content.into()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Repeats, Source};
    use pdf_writer::Ref;

    #[test]
    fn a_page_like_an_earlier_one_points_at_it_and_later_parts_find_it_kept() {
        let front = |n: u8| vec![b'f', n];
        let back = b"back".to_vec();
        let part = vec![front(1), back.clone(), front(2), back.clone(), back.clone()];
        let mut repeats = Repeats::default();
        let sources = repeats.sources(&part);
        assert_eq!(
            sources,
            [
                Source::New,
                Source::New,
                Source::New,
                Source::Earlier(1),
                Source::Earlier(1)
            ]
        );
        repeats.keep(&back, Ref::new(7));
        let next = repeats.sources(&[front(3), back.clone(), front(1)]);
        assert_eq!(next, [Source::New, Source::Kept(Ref::new(7)), Source::New]);
    }

    #[test]
    fn a_repeat_further_back_than_the_look_back_is_written_again() {
        let mut part: Vec<Vec<u8>> = (0..=super::LOOK_BACK as u8).map(|n| vec![n]).collect();
        part.push(vec![0]);
        let sources = Repeats::default().sources(&part);
        assert!(sources.iter().all(|s| *s == Source::New), "{sources:?}");
    }
}
