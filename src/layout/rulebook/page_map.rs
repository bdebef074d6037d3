//! Layout stage, rulebook page map: from how many pages each part of the
//! book was set on and which part starts on the last page of the one
//! before, to which page is which — the title page, the contents, the list
//! of tables, the rules, the glossary, the index — and from the parts'
//! pages, the book's pages in that order.

use std::ops::Range;

use crate::layout::doc::{Item, Page};
use crate::model::Paper;

/// A part of the book, as its pages' running heads name it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Part {
    Title,
    Contents,
    Tables,
    Rules,
    Glossary,
    Index,
}

/// Which page is which: 0-based indexes into the book's pages, page 0
/// the title page.
#[derive(Clone, Debug)]
pub(super) struct PageMap {
    /// The front matter (the contents, then the list of tables) as the
    /// body counted it: from page 1 to the rules' first page, that page
    /// included when the rules start on it.
    pub(super) front: Range<usize>,
    /// The list of tables' pages before the rules' first (empty without one).
    pub(super) tables: Range<usize>,
    /// The rules' pages; the first is the front matter's last when
    /// `rules_share`.
    pub(super) rules: Range<usize>,
    /// The rules start below the front matter on its last page.
    pub(super) rules_share: bool,
    /// The glossary's pages; the first is the rules' last when
    /// `glossary_shares` (empty without a glossary).
    pub(super) glossary: Range<usize>,
    /// The glossary starts below the rules on their last page.
    pub(super) glossary_shares: bool,
    /// The index's first page (it runs to the book's end; the book's end
    /// itself when the rules mark no terms).
    pub(super) index: usize,
    /// The index starts below the glossary (or the rules) on its last page.
    pub(super) index_shares: bool,
}

/// The pages of a part as set: each a page's items.
type PartPages = Vec<Vec<Item>>;

impl PageMap {
    /// The map of a book whose rules, set on `rules_pages` pages, start on
    /// page `first_rules` (below the front matter when `rules_share`),
    /// and whose glossary, set on `glossary_pages` pages, follows them
    /// (below them on their last page when `glossary_shares`); the index
    /// follows (below what comes before it on its last page when `index_shares`).
    pub(super) fn new(
        first_rules: usize,
        rules_share: bool,
        rules_pages: usize,
        (glossary_pages, glossary_shares): (usize, bool),
        index_shares: bool,
    ) -> PageMap {
        let rules = first_rules..first_rules + rules_pages;
        let glossary_at = rules.end - usize::from(glossary_shares);
        let glossary = glossary_at..glossary_at + glossary_pages;
        PageMap {
            front: 1..first_rules + usize::from(rules_share),
            tables: 0..0,
            rules,
            rules_share,
            index: glossary.end - usize::from(index_shares),
            glossary,
            glossary_shares,
            index_shares,
        }
    }

    /// The list of tables, set from page `at` (None: there is none).
    pub(super) fn with_tables(self, at: Option<usize>) -> PageMap {
        PageMap {
            tables: at.map_or(0..0, |at| at..self.rules.start),
            ..self
        }
    }

    /// The glossary's pages of its own (a page it shares is the rules').
    fn own_glossary(&self) -> Range<usize> {
        self.glossary.start + usize::from(self.glossary_shares)..self.glossary.end
    }

    /// The part page `n` belongs to (a shared page to the part that starts
    /// on it after the rules, to the rules before them).
    pub(super) fn part(&self, n: usize) -> Part {
        if n == 0 {
            Part::Title
        } else if self.tables.contains(&n) {
            Part::Tables
        } else if n >= self.index + usize::from(self.index_shares) {
            Part::Index
        } else if self.own_glossary().contains(&n) {
            Part::Glossary
        } else if n < self.rules.start {
            Part::Contents
        } else {
            Part::Rules
        }
    }

    /// The book's pages: the title page, the front matter (to the pages
    /// the body counted, blank ones added where it came out shorter), the
    /// rules, the glossary and the index, a part that shares a page set
    /// on the last page of the part before.
    pub(super) fn assemble(
        &self,
        paper: Paper,
        title: Page,
        [front, rules, glossary, index]: [PartPages; 4],
    ) -> Vec<Page> {
        let page = |items| Page {
            width: paper.width,
            height: paper.height,
            items,
        };
        let mut pages = vec![title];
        pages.extend(front.into_iter().map(page));
        while pages.len() < self.front.end {
            pages.push(page(Vec::new()));
        }
        let mut rules = rules.into_iter();
        if self.rules_share
            && let (Some(last), Some(first)) = (pages.get_mut(self.rules.start), rules.next())
        {
            last.items.extend(first);
        }
        pages.extend(rules.map(page));
        let mut glossary = glossary.into_iter();
        if self.glossary_shares
            && let (Some(last), Some(top)) = (pages.last_mut(), glossary.next())
        {
            last.items.extend(top);
        }
        pages.extend(glossary.map(page));
        let mut index = index.into_iter();
        if self.index_shares
            && let (Some(last), Some(top)) = (pages.last_mut(), index.next())
        {
            last.items.extend(top);
        }
        pages.extend(index.map(page));
        pages
    }
}
