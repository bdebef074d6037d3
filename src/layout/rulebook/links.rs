//! Layout stage, rulebook links: from what each placed piece of the body
//! marks (the heading it starts, the anchors and the link areas in it), to
//! the outline, the links with their targets, the named targets the front
//! matter links to, and the terms the index lists with their places.

use std::collections::HashMap;

use super::body::Heading;
use super::columns::Placed;
use super::pieces::{LinkArea, PieceMarks};
use crate::layout::nav::{Link, Nav, OutlineEntry, Target};
use crate::model::link::is_web_link;
use crate::model::slug;
use crate::model::xref::INDEX_SCHEME;

/// The body's marks resolved to pages.
pub(super) struct Resolved {
    /// The headings' bookmarks and the links that found their target.
    pub(super) nav: Nav,
    /// Cards by lower-case title, `#anchor`s of headings and data
    /// shortcodes, and `rule#<n>` for the n-th heading (the target of
    /// `rule:` links).
    pub(super) targets: HashMap<String, Target>,
    /// The terms marked for the index, with their places (0-based pages).
    pub(super) terms: Vec<(String, Target)>,
}

/// A link's area on its page, before its target is known, and what it
/// names (a card, an `#anchor`, `rule#<n>`, an `index:` term or a web
/// address).
struct Pending {
    link: Link,
    title: String,
}

/// Resolves what the body's pieces mark (`marks[k]` for the piece placed
/// at `placed[k]`, the body starting on page `first_page`).
pub(super) fn resolve_marks(
    marks: Vec<PieceMarks>,
    placed: &[Placed],
    headings: &[Heading],
    first_page: usize,
) -> Resolved {
    let mut nav = Nav::default();
    let mut targets: HashMap<String, Target> = HashMap::new();
    let mut pending = Vec::new();
    for (marks, at) in marks.into_iter().zip(placed) {
        let page = first_page + at.page;
        if let Some(h) = marks.heading {
            let target = Target {
                page,
                y: (at.y - 6.0).max(0.0),
            };
            targets
                .entry(format!("#{}", slug(&headings[h].plain)))
                .or_insert(target);
            targets.insert(format!("rule#{h}"), target);
            nav.outline.push(OutlineEntry {
                level: headings[h].level,
                title: headings[h].numbered(),
                target,
            });
        }
        for anchor in marks.anchors {
            targets.entry(anchor.name.to_lowercase()).or_insert(Target {
                page,
                y: (at.y + anchor.y - 6.0).max(0.0),
            });
        }
        for LinkArea {
            area: [x, y, w, h],
            title,
        } in marks.links
        {
            pending.push(Pending {
                link: Link {
                    page,
                    x: at.x + x,
                    y: at.y + y,
                    w,
                    h,
                    target: Target { page: 0, y: 0.0 },
                    uri: None,
                    framed: true,
                },
                title,
            });
        }
    }
    let mut terms: Vec<(String, Target)> = Vec::new();
    for Pending { mut link, title } in pending {
        if let Some(term) = title.strip_prefix(INDEX_SCHEME) {
            let place = Target {
                page: link.page,
                y: (link.y - 6.0).max(0.0),
            };
            terms.push((term.to_string(), place));
        } else if let Some(target) = targets.get(&title.to_lowercase()) {
            link.target = *target;
            nav.links.push(link);
        } else if is_web_link(&title) {
            link.uri = Some(title);
            nav.links.push(link);
        }
    }
    Resolved {
        nav,
        targets,
        terms,
    }
}
