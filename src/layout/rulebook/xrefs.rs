//! Layout stage, rulebook cross-references: from a block's `rule:` and
//! `figure:` references and the pages the last pass found, to the block as
//! this pass sets it — the words each reference prints ("see 5.3, p. 4")
//! filled in with the target its link takes, a heading's number before it.

use std::borrow::Cow;

use super::blocks::{Block, RefText, RuleRef, fill_refs, fill_text};
use super::passes::KnownPages;
use super::read::ReadRules;
use crate::model::figure::FIGURE_SCHEME;
use crate::model::xref::RuleBook;
use crate::text::Words;
use crate::text::rich::literal;

/// What a pass knows to print the rules' references: the rules read,
/// their headings as rules, the pages the pass before found (None on the
/// first) and the words printed around them.
#[derive(Clone, Copy)]
pub(super) struct References<'a> {
    pub(super) read: &'a ReadRules,
    pub(super) rules: &'a RuleBook,
    pub(super) pages: Option<&'a KnownPages>,
    pub(super) words: &'a Words,
}

impl References<'_> {
    /// `block` (on rules page `page`) as this pass sets it: the words of
    /// its references filled in, and a heading's number (`heading`: its
    /// index among the headings set) before its text; the block itself
    /// where neither changes it.
    pub(super) fn as_set<'b>(
        &self,
        block: &'b Block,
        page: usize,
        heading: usize,
    ) -> Cow<'b, Block> {
        match block {
            Block::Para { refs, .. } if !refs.is_empty() => {
                let mut with_refs = block.clone();
                fill_refs(&mut with_refs, &self.ref_texts(refs, page));
                Cow::Owned(with_refs)
            }
            Block::Heading { refs, .. } => {
                let mut numbered = block.clone();
                if !refs.is_empty() {
                    fill_refs(&mut numbered, &self.ref_texts(refs, page));
                }
                if let (Some(Some(number)), Block::Heading { rich, links, .. }) =
                    (self.read.numbers.get(heading), &mut numbered)
                {
                    *rich = format!("{} {rich}", literal(number));
                    // Its links' letters count on after the number's.
                    let shift = number.chars().filter(|c| !c.is_whitespace()).count();
                    for link in links.iter_mut() {
                        link.chars = link.chars.start + shift..link.chars.end + shift;
                    }
                }
                Cow::Owned(numbered)
            }
            Block::Table { links, .. } if links.iter().any(|c| !c.refs.is_empty()) => {
                let mut with_refs = block.clone();
                if let Block::Table {
                    header,
                    rows,
                    links,
                    ..
                } = &mut with_refs
                {
                    for cell in links.iter_mut() {
                        let row = match cell.row {
                            0 => Some(&mut *header),
                            r => rows.get_mut(r - 1),
                        };
                        if let Some(text) = row.and_then(|r| r.get_mut(cell.column)) {
                            let texts = self.ref_texts(&cell.refs, page);
                            fill_text(text, &mut cell.links, &cell.refs, &texts);
                        }
                    }
                }
                Cow::Owned(with_refs)
            }
            Block::Para { .. }
            | Block::Table { .. }
            | Block::Shortcode(_)
            | Block::Illustration { .. }
            | Block::Callout { .. }
            | Block::CalloutEnd { .. }
            | Block::Quote { .. }
            | Block::Break { .. } => Cow::Borrowed(block),
        }
    }

    /// What each `rule:` reference of a paragraph on page `page` prints after
    /// its link's text, and its link's target: `[](rule:movement)` "see 5.3,
    /// p. 4" (with numbers; "see Movement, p. 4" without),
    /// `[the rules](rule:movement)` " (5.3, p. 4)" (" (p. 4)" without). A
    /// reference to no heading prints nothing (`check` reports it). A
    /// `figure:` reference prints "see Figure 3, p. 5", or " (Figure 3, p. 5)"
    /// after its text, and links to the figure.
    fn ref_texts(&self, refs: &[RuleRef], page: usize) -> Vec<Option<RefText>> {
        let &References {
            read,
            rules,
            pages,
            words,
        } = self;
        let (see, p, figure) = (&words.see, &words.page, &words.figure);
        refs.iter()
            .map(|r| {
                if let Some(id) = r.id.strip_prefix(FIGURE_SCHEME) {
                    let (number, _) = read.figures.find(id)?;
                    let folio = pages.and_then(|p| p.figures.get(id)).map_or(0, |p| p + 1);
                    let text = if r.empty {
                        format!("{see} {figure}\u{a0}{number}, {p}\u{a0}{folio}")
                    } else {
                        format!(" ({figure}\u{a0}{number}, {p}\u{a0}{folio})")
                    };
                    return Some(RefText {
                        words: text,
                        target: figure_target(id),
                    });
                }
                let at = rules.find(&r.id, page)?;
                let h = read.set_heading.get(at.0)?.get(at.1).copied().flatten()?;
                // The folio: pages count from 1, the title page's.
                let folio = pages.and_then(|p| p.headings.get(h)).map_or(0, |p| p + 1);
                let label = literal(&rules.label(at));
                let text = match (r.empty, rules.number(at).is_some()) {
                    (true, _) => format!("{see} {label}, {p}\u{a0}{folio}"),
                    (false, true) => format!(" ({label}, {p}\u{a0}{folio})"),
                    (false, false) => format!(" ({p}\u{a0}{folio})"),
                };
                Some(RefText {
                    words: text,
                    target: format!("rule#{h}"),
                })
            })
            .collect()
    }
}

/// The link target of a figure (what its piece anchors).
pub(super) fn figure_target(id: &str) -> String {
    format!("figure#{id}")
}
