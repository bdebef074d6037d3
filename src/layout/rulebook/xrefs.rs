//! Layout stage, rulebook cross-references: from a block's `rule:` and
//! `figure:` references and the pages the last pass found, to the words
//! each prints ("see 5.3, p. 4") and the target its link takes.

use super::blocks::RuleRef;
use super::passes::KnownPages;
use super::read::ReadRules;
use crate::model::figure::FIGURE_SCHEME;
use crate::model::xref::RuleBook;
use crate::text::Words;
use crate::text::rich::literal;

/// What each `rule:` reference of a paragraph on page `page` prints after
/// its link's text, and its link's target: `[](rule:movement)` "see 5.3,
/// p. 4" (with numbers; "see Movement, p. 4" without),
/// `[the rules](rule:movement)` " (5.3, p. 4)" (" (p. 4)" without). A
/// reference to no heading prints nothing (`check` reports it). A
/// `figure:` reference prints "see Figure 3, p. 5", or " (Figure 3, p. 5)"
/// after its text, and links to the figure.
pub(super) fn ref_texts(
    refs: &[RuleRef],
    page: usize,
    read: &ReadRules,
    rules: &RuleBook,
    pages: Option<&KnownPages>,
    words: &Words,
) -> Vec<Option<(String, String)>> {
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
                return Some((text, figure_target(id)));
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
            Some((text, format!("rule#{h}")))
        })
        .collect()
}

/// The link target of a figure (what its piece anchors).
pub(super) fn figure_target(id: &str) -> String {
    format!("figure#{id}")
}
