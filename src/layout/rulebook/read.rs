//! Layout stage, rulebook reading: from the rules pages' Markdown, to the
//! blocks every pass sets (each with its file and page, its paragraphs'
//! table names linked), the number of each heading set and the figures'
//! numbers.

use super::RulebookInput;
use super::blocks::{Block, link_mentions, read_blocks};
use crate::diag::FileId;
use crate::model::figure::FigureBook;
use crate::model::xref::{RuleBook, has_rule_links};
use crate::text::mentions::TableNames;

/// A block of the rules, with the file it came from (for diagnostics)
/// and its rules page (0-based, as `RulebookInput::pages`).
pub(super) struct RuleBlock {
    pub(super) file: FileId,
    pub(super) page: usize,
    pub(super) block: Block,
}

/// The rules read once for every pass: each block with its file and page,
/// and each heading's number and index among the headings set.
pub(super) struct ReadRules {
    pub(super) blocks: Vec<RuleBlock>,
    /// The number of each heading set, in order.
    pub(super) numbers: Vec<Option<String>>,
    /// For each page's headings (as [`RuleBook`] has them), its index among the headings set.
    pub(super) set_heading: Vec<Vec<Option<usize>>>,
    /// Some paragraph has a `rule:` or `figure:` link.
    pub(super) has_refs: bool,
    /// The figures' numbers.
    pub(super) figures: FigureBook,
}

/// Reads every page's blocks, with the table names of its paragraphs
/// linked, and numbers the headings to be set.
pub(super) fn read_rules(input: &RulebookInput<'_>, rules: &RuleBook) -> ReadRules {
    let icon_names: Vec<&str> = input.icons.iter().map(|i| i.name.as_str()).collect();
    let (table_names, table_anchors) = shown_table_names(input);
    let mut read = ReadRules {
        blocks: Vec::new(),
        numbers: Vec::new(),
        set_heading: rules.pages.iter().map(|p| vec![None; p.len()]).collect(),
        has_refs: false,
        figures: FigureBook::new(input.pages.iter().map(|p| p.doc)),
    };
    for (p, page) in input.pages.iter().enumerate() {
        // The page's headings in order: each block's is the next whose span holds it.
        let mut next = 0;
        let on_page = rules.pages.get(p).map_or(&[][..], Vec::as_slice);
        for mut block in read_blocks(page.doc, &icon_names) {
            link_mentions(&mut block, &table_names, &table_anchors);
            if let Block::Heading { at, .. } = &block {
                while on_page.get(next).is_some_and(|h| h.span.end <= *at) {
                    next += 1;
                }
                let found = on_page.get(next).filter(|h| h.span.contains(at));
                let number = found.and_then(|_| rules.number((p, next)));
                if found.is_some()
                    && let Some(slot) = read.set_heading.get_mut(p).and_then(|s| s.get_mut(next))
                {
                    *slot = Some(read.numbers.len());
                }
                read.numbers.push(number.map(str::to_string));
            }
            match &block {
                Block::Para { refs, .. } | Block::Heading { refs, .. } => {
                    read.has_refs |= !refs.is_empty()
                }
                Block::Table { links, .. } => {
                    read.has_refs |= links.iter().any(|c| !c.refs.is_empty())
                }
                Block::Shortcode(_)
                | Block::Illustration { .. }
                | Block::Callout { .. }
                | Block::CalloutEnd { .. }
                | Block::Quote { .. }
                | Block::Break { .. } => {}
            }
            read.blocks.push(RuleBlock {
                file: page.file,
                page: p,
                block,
            });
        }
    }
    read
}

/// The names of the tables the rulebook's shortcodes show, and the anchor
/// (with its `#`) each name links to: the table itself.
pub(super) fn shown_table_names(input: &RulebookInput<'_>) -> (TableNames, Vec<String>) {
    let mut titles: Vec<String> = Vec::new();
    let mut anchors: Vec<String> = Vec::new();
    for page in &input.pages {
        for code in &page.doc.shortcodes {
            for (title, anchor) in input.figures.shown_tables(code) {
                titles.push(title);
                anchors.push(format!("#{anchor}"));
            }
        }
    }
    let names = TableNames::new(titles.iter().enumerate().map(|(i, t)| (t.as_str(), i)));
    (names, anchors)
}

/// The headings read as rules where the rules are numbered or refer to
/// them (`rule:` links); else none.
pub(super) fn rule_book(input: &RulebookInput<'_>) -> RuleBook {
    if input.options.numbers || input.pages.iter().any(|p| has_rule_links(p.doc)) {
        RuleBook::new(input.pages.iter().map(|p| p.doc), input.options.numbers)
    } else {
        RuleBook::default()
    }
}
