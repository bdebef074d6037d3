//! Layout, rulebook: the paragraphs of the rules broken into lines on all
//! cores before the body is set — input the rules' blocks and the column,
//! output each plain paragraph's pieces by block. Breaking a paragraph
//! (total fit, hyphenation) needs nothing the setting before it decides
//! but its width, which only a callout changes; the body is then set on
//! one thread with its paragraphs ready.

use super::body::block_pieces;
use super::callouts::CALLOUT_PAD;
use super::pieces::{BreakPoints, Piece, Prose};
use super::read::RuleBlock;
use super::{Block, Frame, RulebookInput};
use crate::diag::Diagnostic;
use crate::text::Edge;
use crate::text::hyphenate;
use crate::text::ties::Ties;

/// A paragraph broken ahead: its pieces (or why it cannot be set) at `width`.
#[derive(Clone)]
pub(super) struct Ready {
    pub width: f32,
    pub pieces: Result<Vec<Piece>, Diagnostic>,
}

/// Each block's paragraph broken into lines, where the block is a
/// paragraph without `rule:` links (those print page numbers the setting
/// finds); `None` for every other block.
pub(super) fn prefit_paragraphs(
    blocks: &[RuleBlock],
    input: &RulebookInput<'_>,
    frame: Frame,
    edge: Edge,
    lang: Option<hyphenate::Lang>,
) -> Vec<Option<Ready>> {
    let widths = paragraph_widths(blocks, frame);
    let runs = crate::par::map_runs(&widths, |run| {
        let remembered = hyphenate::RememberedBreaks::new(lang);
        let break_points = |word: &str| remembered.of(word);
        let break_points: BreakPoints<'_> = &break_points;
        let ties = Ties::of(input.words);
        run.iter()
            .map(|&(n, width)| {
                let width = width?;
                let block = &blocks.get(n)?.block;
                let frame = Frame {
                    column_width: width,
                    ..frame
                };
                let mut no_headings = Vec::new();
                let pieces = block_pieces(
                    block,
                    input,
                    frame,
                    &mut no_headings,
                    Some(Prose {
                        break_points,
                        edge,
                        ties: &ties,
                    }),
                    false,
                );
                Some(Ready { width, pieces })
            })
            .collect::<Vec<_>>()
    });
    runs.into_iter().flatten().collect()
}

/// Each block with the column width it is set in when it is a paragraph
/// to break ahead (narrower inside a callout, as the setting does).
fn paragraph_widths(blocks: &[RuleBlock], frame: Frame) -> Vec<(usize, Option<f32>)> {
    let mut in_callout = false;
    let mut quoted = 0usize;
    blocks
        .iter()
        .enumerate()
        .map(|(n, RuleBlock { block, .. })| {
            let width = match block {
                Block::Callout { .. } => {
                    in_callout = true;
                    None
                }
                Block::CalloutEnd { .. } => {
                    in_callout = false;
                    None
                }
                // A block quote's paragraphs are set narrower (see `quotes`).
                Block::Quote { start, .. } => {
                    quoted = if *start {
                        quoted + 1
                    } else {
                        quoted.saturating_sub(1)
                    };
                    None
                }
                Block::Break { .. } => None,
                Block::Para { refs, .. } if refs.is_empty() && quoted == 0 => Some(if in_callout {
                    frame.column_width - 2.0 * CALLOUT_PAD
                } else {
                    frame.column_width
                }),
                // One with `rule:` links prints what the setting finds.
                Block::Para { .. }
                | Block::Heading { .. }
                | Block::Shortcode(_)
                | Block::Illustration { .. }
                | Block::Table { .. } => None,
            };
            (n, width)
        })
        .collect()
}
