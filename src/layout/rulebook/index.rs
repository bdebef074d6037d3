//! Layout stage, rulebook back matter: from the terms marked for the index
//! (`index:` links) with the places that mark them, to the index's pages —
//! each term with its pages under its initial letter, in the rules'
//! columns (two within the measure in a one-column book) — and a link over each page number to its first mark there.

use super::blocks::CardLink;
use super::body::prose_inset;
use super::columns::{Frame, flow_below};
use super::pieces::{LinkArea, TextRequest, TextStyle, text_pieces};
use super::tags::wrap;
use super::{BODY, PARA_GAP, RulebookInput, body_frame, heading_style, part_title};
use crate::layout::doc::{Item, Role};
use crate::layout::nav::{Link, Target};
use crate::text::FitError;
use crate::text::rich::literal;

/// The index: its title across the page, then each term with the pages
/// that mark it ("Zone of Control 4, 7") in two columns (one with
/// `--columns 1`), under the letter it starts with; each page number a
/// link to the first mark on its page. The index starts on page `first`
/// (0-based), `start` below the text block's top when given (below what
/// ends on that page); the links come back with its pages.
pub(super) fn lay_out_index(
    entries: Vec<(String, Vec<Target>)>,
    input: &RulebookInput<'_>,
    (first, start): (usize, Option<f32>),
) -> Result<(Vec<Vec<Item>>, Vec<Link>), FitError> {
    let frame = body_frame(input.options);
    if frame.columns == 1
        && let Ok(index) = set_index(entries.clone(), input, (first, start), two_columns(frame))
    {
        return Ok(index);
    }
    set_index(entries, input, (first, start), frame)
}

/// A one-column book's index in two columns within the prose's measure,
/// as books set an index (its entries are short): less than half the
/// pages, none left with its last lines alone.
fn two_columns(frame: Frame) -> Frame {
    let inset = prose_inset(frame);
    let measure = frame.column_width - 2.0 * inset;
    Frame {
        left: frame.left + inset,
        column_width: (measure - frame.gutter) / 2.0,
        columns: 2,
        ..frame
    }
}

/// [`lay_out_index`] in `frame`'s columns.
fn set_index(
    entries: Vec<(String, Vec<Target>)>,
    input: &RulebookInput<'_>,
    (first, start): (usize, Option<f32>),
    frame: Frame,
) -> Result<(Vec<Vec<Item>>, Vec<Link>), FitError> {
    // At the rules' measure: one column's prose is set in from its edges.
    let inset = prose_inset(frame);
    let column_width = frame.column_width - inset;
    let set = |text: &str, links: &[CardLink], style: TextStyle, width: f32| {
        text_pieces(&TextRequest {
            links,
            indent: inset,
            ..TextRequest::new(text, width, style, input.family, input.book)
        })
    };
    let mut pieces = part_title(&input.words.index, true, input)?;
    // Set in two columns within the measure (see `two_columns`), the
    // title starts at their left, where it was set in to the measure.
    let body_inset = prose_inset(body_frame(input.options));
    if frame.columns > 1 && body_inset > 0.0 {
        for item in pieces.iter_mut().flat_map(|p| &mut p.items) {
            item.translate(-body_inset, 0.0);
        }
    }
    let mut letter: Option<char> = None;
    // The targets of the page numbers' links, by the links' titles.
    let mut targets: Vec<Target> = Vec::new();
    for (term, places) in entries {
        let initial = term
            .chars()
            .next()
            .map(|c| c.to_uppercase().next().unwrap_or(c));
        if initial != letter && initial.is_some_and(char::is_alphabetic) {
            letter = initial;
            let mut head = set(
                &literal(&initial.map(String::from).unwrap_or_default()),
                &[],
                heading_style(3),
                column_width,
            )?;
            for piece in &mut head {
                piece.keep_with_next = true;
                piece.gap = PARA_GAP * 2.0;
            }
            wrap(Role::Heading(2), &mut head);
            pieces.extend(head);
        }
        // Each page once, linked to its first mark (characters counted
        // as the set lines count them: no spaces).
        let mut folios: Vec<String> = Vec::new();
        let mut links: Vec<CardLink> = Vec::new();
        let mut at = term.chars().filter(|c| !c.is_whitespace()).count();
        for place in &places {
            if targets
                .last()
                .is_some_and(|t: &Target| t.page == place.page)
                && !links.is_empty()
            {
                continue;
            }
            let folio = (place.page + 1).to_string();
            links.push(CardLink {
                title: targets.len().to_string(),
                chars: at..at + folio.len(),
            });
            at += folio.len() + 1;
            targets.push(*place);
            folios.push(folio);
        }
        let mut lines = set(
            &format!("{}\u{a0}\u{a0}{}", literal(&term), folios.join(", ")),
            &links,
            BODY,
            column_width,
        )?;
        let count = lines.len();
        for (k, line) in lines.iter_mut().enumerate() {
            line.keep_with_next = k + 1 < count;
        }
        if let Some(first) = lines.first_mut() {
            first.gap = 1.0;
        }
        wrap(Role::Paragraph, &mut lines);
        pieces.extend(lines);
    }
    let areas: Vec<Vec<LinkArea>> = pieces
        .iter_mut()
        .map(|p| std::mem::take(&mut p.links))
        .collect();
    let (pages, placed) = flow_below(frame, pieces, start.unwrap_or(0.0));
    let mut links = Vec::new();
    for (areas, at) in areas.into_iter().zip(&placed) {
        for LinkArea {
            area: [x, y, w, h],
            title,
        } in areas
        {
            let Some(target) = title.parse::<usize>().ok().and_then(|t| targets.get(t)) else {
                continue;
            };
            links.push(Link {
                page: first + at.page,
                x: at.x + x,
                y: at.y + y,
                w,
                h,
                target: *target,
                uri: None,
                framed: false,
            });
        }
    }
    Ok((pages, links))
}
