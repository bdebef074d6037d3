//! Layout stage, rulebook passes: from the rules read once, to the body set
//! as many times as it takes (at most [`MAX_PASSES`]) for the pages its
//! cross-references print to be the pages their headings and figures fall on.

use std::collections::HashMap;

use super::RulebookInput;
use super::body::{Body, set_body};
use super::columns::Frame;
use super::pieces::BreakPoints;
use super::prefit::prefit_paragraphs;
use super::read::ReadRules;
use super::xrefs::References;
use crate::diag::Diagnostic;
use crate::model::xref::RuleBook;
use crate::text::Edge;
use crate::text::hyphenate::Lang;

/// How many times at most the rulebook is set to get the pages its
/// cross-references print right (each pass prints the pages the last found).
const MAX_PASSES: usize = 4;

/// The pages the last pass set the headings (in order) and the figures
/// (by id) on, 0-based, for the cross-references of the next.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct KnownPages {
    pub(super) headings: Vec<usize>,
    pub(super) figures: HashMap<String, usize>,
}

/// How the rules' paragraphs are broken: where their words may break, the
/// language of the patterns (for the paragraphs broken ahead on all
/// cores), and the right edge.
pub(super) struct Breaking<'a> {
    pub(super) break_points: BreakPoints<'a>,
    pub(super) lang: Option<Lang>,
    pub(super) edge: Edge,
}

/// Sets the body until the pages its cross-references print are the pages
/// their headings fall on (the first pass prints none known), or
/// [`MAX_PASSES`] times; rules without cross-references are set once.
pub(super) fn set_until_settled(
    input: &RulebookInput<'_>,
    frame: Frame,
    read: &ReadRules,
    rules: &RuleBook,
    breaking: &Breaking<'_>,
) -> Result<Body, Vec<Diagnostic>> {
    let mut known_pages: Option<KnownPages> = None;
    let mut passes = 0;
    // The paragraphs broken ahead are those without cross-references
    // (prefit leaves out any with a `rule:` link): no pass changes their
    // text or width, so they are broken once and each pass but the last
    // possible one sets a copy.
    let mut prefit = prefit_paragraphs(&read.blocks, input, frame, breaking.edge, breaking.lang);
    loop {
        let mut ready = if read.has_refs && passes + 1 < MAX_PASSES {
            prefit.clone()
        } else {
            std::mem::take(&mut prefit)
        };
        let references = References {
            read,
            rules,
            pages: known_pages.as_ref(),
            words: input.words,
        };
        let set = set_body(input, frame, references, breaking.break_points, &mut ready)?;
        passes += 1;
        let found = KnownPages {
            headings: set.heading_pages.clone(),
            figures: set.figure_pages.clone(),
        };
        if !read.has_refs || known_pages.as_ref() == Some(&found) || passes >= MAX_PASSES {
            return Ok(set);
        }
        known_pages = Some(found);
    }
}
