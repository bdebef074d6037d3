//! Layout stage, rulebook back matter: from the game's `[[glossary]]` terms
//! to the glossary's pages (the first below the rules' last lines where
//! they leave room) — its title across the page, then each term in
//! bold followed by its definition, in alphabetical order, in the rules'
//! columns at their measure — tagged as a list whose items label their term.

use super::body::{last_page_end, prose_inset};
use super::columns::flow_below;
use super::icons::{ICON, place_icons, split_icons};
use super::pieces::{Piece, Prose, TextRequest, text_pieces};
use super::tags::wrap;
use super::{BODY, PARA_GAP, RulebookInput, body_frame, part_title};
use crate::layout::doc::{Item, Role};
use crate::model::{GlossaryEntry, glossary_order};
use crate::text::FitError;
use crate::text::rich::literal;

/// The terms in the order the glossary lists them: alphabetical, whatever
/// their capitals (then as written, so the order never depends on the data's).
pub(super) fn sorted(glossary: &[GlossaryEntry]) -> Vec<&GlossaryEntry> {
    glossary_order(glossary)
        .into_iter()
        .map(|k| &glossary[k])
        .collect()
}

/// The glossary's pages: "Glossary" across the page, then each term of
/// `input.glossary` (alphabetical) in bold, a space, and its definition
/// (rich text, its icons drawn), set as the rules' paragraphs are, in the
/// rules' columns; its first page starts `start` below the text block's top
/// (below the rules ending on it) when given. Empty when the game has no
/// glossary. With its pages comes where it ends on its last, below the
/// text block's top.
pub(super) fn lay_out_glossary(
    input: &RulebookInput<'_>,
    prose: Option<Prose<'_>>,
    start: Option<f32>,
) -> Result<(Vec<Vec<Item>>, f32), FitError> {
    if input.glossary.is_empty() {
        return Ok((Vec::new(), 0.0));
    }
    let frame = body_frame(input.options);
    let inset = prose_inset(frame);
    let mut pieces = part_title(&input.words.glossary, true, input)?;
    // Its title stays with the first terms under it.
    for piece in &mut pieces {
        piece.keep_with_next = true;
    }
    let icon_names: Vec<&str> = input.icons.iter().map(|i| i.name.as_str()).collect();
    let mut entries: Vec<Piece> = Vec::new();
    for entry in sorted(input.glossary) {
        let term = literal(entry.term.value.trim());
        let mut rich = format!("**{term}** ");
        let mut icons = Vec::new();
        for (text, icon) in split_icons(entry.definition.value.trim(), &icon_names) {
            rich.push_str(text);
            if let Some(name) = icon {
                rich.push(ICON);
                icons.push(name.to_string());
            }
        }
        // At the rules' measure: one column's prose is set in from its edges.
        let mut lines = text_pieces(&TextRequest {
            prose,
            indent: inset,
            ..TextRequest::new(
                &rich,
                frame.column_width - inset,
                BODY,
                input.family,
                input.book,
            )
        })?;
        place_icons(&mut lines, &icons, input.icons, input.book);
        if let Some(first) = lines.first_mut() {
            first.gap = PARA_GAP;
        }
        tag_entry(&mut lines, entry.term.value.trim());
        entries.extend(lines);
    }
    wrap(Role::List, &mut entries);
    pieces.extend(entries);
    let heights: Vec<f32> = pieces.iter().map(|p| p.height).collect();
    let (pages, placed) = flow_below(frame, pieces, start.unwrap_or(0.0));
    Ok((pages, last_page_end(&placed, &heights, frame)))
}

/// An entry's lines as a list item: its term (the first runs of its first
/// line, up to as many letters as the term has) the item's label, the rest
/// its body, a paragraph. A term that does not end where a run ends (a
/// term broken over lines) leaves the whole entry the body.
fn tag_entry(lines: &mut [Piece], term: &str) {
    let letters = term.chars().filter(|c| !c.is_whitespace()).count();
    let label_end = lines.first().and_then(|first| {
        let mut seen = 0;
        for (k, item) in first.items.iter().enumerate() {
            if let Item::Text(t) = item {
                seen += t.text.chars().filter(|c| !c.is_whitespace()).count();
                if seen == letters {
                    return Some(k + 1);
                }
                if seen > letters {
                    return None;
                }
            }
        }
        None
    });
    wrap(Role::Paragraph, lines);
    let Some(first) = lines.first_mut() else {
        return;
    };
    match label_end {
        Some(end) => {
            // The paragraph's start tag comes first: the label goes before it.
            let start = first.items.remove(0);
            let mut head = vec![Item::start(Role::ListItem), Item::start(Role::Label)];
            head.extend(first.items.drain(..end));
            head.extend([Item::end(), Item::start(Role::ListBody), start]);
            first.items.splice(0..0, head);
        }
        None => {
            first.items.splice(
                0..0,
                [Item::start(Role::ListItem), Item::start(Role::ListBody)],
            );
        }
    }
    if let Some(last) = lines.last_mut() {
        last.items.extend([Item::end(), Item::end()]);
    }
}
