//! Layout: PDF navigation beside a [`Doc`](super::Doc) — the outline
//! (bookmarks) and clickable areas that jump to a place in the document.
//! Positions in points from the page's top-left corner, pages by index.

/// A place in the document: a page and a height on it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Target {
    pub page: usize,
    /// Distance from the page's top edge.
    pub y: f32,
}

/// One bookmark; `level` 1 is top level, deeper levels nest under the last shallower one.
#[derive(Clone, Debug, PartialEq)]
pub struct OutlineEntry {
    pub level: u8,
    pub title: String,
    pub target: Target,
}

/// A clickable rectangle on `page` that jumps to `target`, or opens `uri`.
#[derive(Clone, Debug, PartialEq)]
pub struct Link {
    pub page: usize,
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
    pub target: Target,
    /// A web address the link opens instead: only ever an `http`, `https`
    /// or `mailto` URL ([`crate::model::link::is_web_link`]).
    pub uri: Option<String>,
    /// Framed on screen (never in print), as LaTeX's hyperref frames a
    /// link: links in the prose; the contents' and index's entries, plainly
    /// entries, are not.
    pub framed: bool,
}

/// The outline and links of a document (both empty for most documents).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Nav {
    pub outline: Vec<OutlineEntry>,
    pub links: Vec<Link>,
}

/// For each outline entry, the index of its parent entry (None at top level).
pub fn outline_parents(outline: &[OutlineEntry]) -> Vec<Option<usize>> {
    let mut stack: Vec<usize> = Vec::new();
    outline
        .iter()
        .enumerate()
        .map(|(i, entry)| {
            while stack
                .last()
                .is_some_and(|&p| outline[p].level >= entry.level)
            {
                stack.pop();
            }
            let parent = stack.last().copied();
            stack.push(i);
            parent
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(level: u8) -> OutlineEntry {
        OutlineEntry {
            level,
            title: String::new(),
            target: Target { page: 0, y: 0.0 },
        }
    }

    #[test]
    fn levels_nest_under_the_last_shallower_entry() {
        let outline: Vec<_> = [1, 2, 3, 2, 1, 3].into_iter().map(entry).collect();
        assert_eq!(
            outline_parents(&outline),
            vec![None, Some(0), Some(1), Some(0), None, Some(4)]
        );
    }
}
