//! Layout stage, rulebook body: from the rules' blocks (read once) and the
//! pages the last pass found, to the body set once — its pieces placed in
//! the columns, its headings and what each piece marks, the pages its
//! headings and figures fall on, and the tables its shortcodes show.

use std::collections::HashMap;

use super::blocks::Block;
use super::callouts::{CALLOUT_PAD, box_callout, callout_label, space_after_callout};
use super::columns::{self, Frame, flow_below};
use super::figures::table_pieces;
use super::front::{ListedTable, contents_entries, lay_out_front, table_entries};
use super::illustrations::illustration_pieces;
use super::pieces::{
    Anchor, BreakPoints, CAPS_TRACKING, Piece, PieceMarks, Prose, TextRequest, all_capitals,
    letter_space, text_pieces,
};
use super::prefit::Ready;
use super::quotes::{Quoted, break_piece, set_quote};
use super::read::RuleBlock;
use super::shortcodes::figure_pieces;
use super::tables::{cell_link_areas, pipe_table_spec};
use super::tags::{Lists, wrap};
use super::xrefs::References;
use super::{
    BODY, LIST_INDENT, ONE_COLUMN_EMS, PARA_GAP, RulebookInput, fit_problem, heading_style,
    misfit_problem, room,
};
use crate::diag::{Diagnostic, FileId, Loc};
use crate::layout::doc::{Item, Role, Tag};
use crate::layout::table::TableSpec;
use crate::model::data_anchor;
use crate::model::xref::INDEX_SCHEME;
use crate::text::Edge;
use crate::text::ties::Ties;

/// A heading as it goes into the outline and the contents.
#[derive(Clone)]
pub(super) struct Heading {
    pub(super) level: u8,
    pub(super) plain: String,
    /// Its case number (`rule_numbers`), set before its text.
    pub(super) number: Option<String>,
    /// It starts on its page below more than it has after it there (the
    /// page is mostly the section before): the running head names that.
    pub(super) late: bool,
    /// How tall it is set in the body (its lines), as a figure it names
    /// floats with it.
    pub(super) height: f32,
}

impl Heading {
    /// Its text as the contents and bookmarks show it: after its number.
    pub(super) fn numbered(&self) -> String {
        match &self.number {
            Some(n) => format!("{n} {}", self.plain),
            None => self.plain.clone(),
        }
    }
}

/// The body set once: its headings, its pieces placed, what each marks,
/// where it starts and the tables its shortcodes show.
pub(super) struct Body {
    pub(super) headings: Vec<Heading>,
    /// What each piece marks, by piece (as `placed`).
    pub(super) marks: Vec<PieceMarks>,
    pub(super) pages: Vec<Vec<Item>>,
    pub(super) placed: Vec<columns::Placed>,
    /// The first body page (0-based: after the title, contents and list of
    /// tables; the front matter's last page when the rules share it).
    pub(super) first_body: usize,
    /// Where the rules start on their first page, below the front matter
    /// sharing it (points below the text block's top; None on a page of their own).
    pub(super) body_start: Option<f32>,
    /// Where the rules end on their last page (points below the text block's top).
    pub(super) body_end: f32,
    /// The page of each heading (0-based).
    pub(super) heading_pages: Vec<usize>,
    /// The page of each figure, by id (0-based).
    pub(super) figure_pages: HashMap<String, usize>,
    /// The list of tables.
    pub(super) tables: Vec<ListedTable>,
    /// Each passage or row marked changed and its page (0-based in the book).
    pub(super) changed: Vec<(Loc, usize)>,
}

/// Sets the body once, each `rule:` reference printing the page
/// `references` gives its heading (from the pass before; none on the
/// first), taking the paragraphs broken `ready` where they are.
pub(super) fn set_body(
    input: &RulebookInput<'_>,
    frame: Frame,
    references: References<'_>,
    break_points: BreakPoints<'_>,
    ready: &mut [Option<Ready>],
) -> Result<Body, Vec<Diagnostic>> {
    let read = references.read;
    let mut problems = Vec::new();
    let mut headings: Vec<Heading> = Vec::new();
    let mut pieces = Vec::new();
    let mut tables: Vec<ListedTable> = Vec::new();
    let mut lists = Lists::default();
    let ties = Ties::of(input.words);
    let edge = if input.options.ragged {
        Edge::Ragged
    } else {
        Edge::Justified
    };
    let mut after_heading = false;
    let mut under_heading = UnderHeading::default();
    let mut last_page = None;
    // The pieces of the heading set last, while the block after it is not.
    let mut heading_pieces: Option<std::ops::Range<usize>> = None;
    // Where the open callout's pieces start; the piece after the last
    // callout closed (its gap below the box).
    let mut callout: Option<usize> = None;
    let mut after_callout: Option<usize> = None;
    // The block quotes open: where each one's pieces start, and the frame
    // its blocks are set in.
    let mut quotes: Vec<(usize, Quoted)> = Vec::new();
    for (n, RuleBlock { file, page, block }) in read.blocks.iter().enumerate() {
        // A table right under its heading, on the same rules page, is set
        // without its own title bar.
        if last_page != Some(*page) {
            after_heading = false;
            last_page = Some(*page);
        }
        space_after_callout(&mut pieces, &mut after_callout);
        match block {
            Block::Callout { kind, .. } => {
                lists.close_all(&mut pieces);
                after_heading = false;
                // The label is kept with the callout's first lines.
                under_heading.before(block, &mut pieces);
                under_heading = UnderHeading::default();
                match callout_label(kind, input, frame) {
                    Ok(label) => {
                        callout = Some(pieces.len());
                        pieces.push(label);
                    }
                    Err(e) => {
                        problems.push(fit_problem(e).with_loc(Loc::new(*file, block_span(block))))
                    }
                }
                continue;
            }
            Block::CalloutEnd { .. } => {
                lists.close_all(&mut pieces);
                under_heading = UnderHeading::default();
                if let Some(start) = callout.take() {
                    box_callout(&mut pieces, start, frame);
                    after_callout = Some(pieces.len());
                }
                continue;
            }
            Block::Quote { start: true, .. } => {
                lists.close_all(&mut pieces);
                after_heading = false;
                let outer = match quotes.last() {
                    Some((_, quoted)) => quoted.frame,
                    None if callout.is_some() => Frame {
                        column_width: frame.column_width - 2.0 * CALLOUT_PAD,
                        ..frame
                    },
                    None => frame,
                };
                quotes.push((pieces.len(), Quoted::within(outer)));
                continue;
            }
            Block::Quote { start: false, .. } => {
                lists.close_all(&mut pieces);
                if let Some((start, quoted)) = quotes.pop() {
                    set_quote(&mut pieces, start, quoted.shift);
                }
                continue;
            }
            Block::Break { .. } => {
                lists.close_all(&mut pieces);
                after_heading = false;
                let within = quotes.last().map_or(frame, |(_, q)| q.frame);
                pieces.push(break_piece(within));
                continue;
            }
            Block::Heading { .. }
            | Block::Para { .. }
            | Block::Shortcode(_)
            | Block::Illustration { .. }
            | Block::Table { .. } => {}
        }
        // Inside a callout, blocks are set narrower, within its box; inside
        // a block quote, narrower still (see `quotes`).
        let frame = match quotes.last() {
            Some((_, quoted)) => quoted.frame,
            None if callout.is_some() => Frame {
                column_width: frame.column_width - 2.0 * CALLOUT_PAD,
                ..frame
            },
            None => frame,
        };
        let heading_at = headings.len();
        let block = references.as_set(block, *page, heading_at);
        let block = block.as_ref();
        let after = std::mem::replace(&mut after_heading, matches!(block, Block::Heading { .. }));
        // A paragraph broken ahead at this width is taken as it is.
        let broken = ready
            .get_mut(n)
            .and_then(Option::take)
            .filter(|ready| ready.width == frame.column_width);
        let pieces_of_block = match (broken, block) {
            (Some(ready), _) => ready.pieces,
            (None, Block::Illustration { figure, .. }) => {
                illustration_pieces(*figure, *page, read, input, frame)
            }
            (
                None,
                Block::Heading { .. }
                | Block::Para { .. }
                | Block::Shortcode(_)
                | Block::Callout { .. }
                | Block::CalloutEnd { .. }
                | Block::Quote { .. }
                | Block::Break { .. }
                | Block::Table { .. },
            ) => block_pieces(
                block,
                input,
                frame,
                &mut headings,
                Some(Prose {
                    break_points,
                    edge,
                    ties: &ties,
                }),
                after,
            ),
        };
        match pieces_of_block {
            Ok(mut more) => {
                super::change_bars::mark(block, *file, &mut more, input.figures);
                under_heading.before(block, &mut pieces);
                let from = pieces.len();
                if headings.len() > heading_at
                    && let Some(h) = headings.last_mut()
                {
                    h.number = read.numbers.get(heading_at).cloned().flatten();
                }
                if let Block::Shortcode(code) = block
                    && !more.is_empty()
                {
                    let shown = input.figures.shown_tables(code);
                    let chart = shown.len() > 1;
                    // A heading right above names the figure (see `figure_pieces`).
                    let named = headings.last().filter(|_| after).map(|h| h.plain.clone());
                    for (k, (title, anchor)) in shown.into_iter().enumerate() {
                        let title = match &named {
                            Some(heading) if k == 0 => heading.clone(),
                            _ => title,
                        };
                        let level = if chart && k > 0 { 2 } else { 1 };
                        tables.push(ListedTable {
                            level,
                            title,
                            anchor: format!("#{anchor}"),
                        });
                    }
                }
                match block {
                    Block::Para {
                        depth,
                        marker,
                        first_of_list,
                        ..
                    } if *depth > 0 => lists.paragraph(
                        *depth,
                        marker.as_deref(),
                        *first_of_list,
                        more,
                        &mut pieces,
                    ),
                    Block::Para { .. }
                    | Block::Heading { .. }
                    | Block::Shortcode(_)
                    | Block::Illustration { .. }
                    | Block::Callout { .. }
                    | Block::CalloutEnd { .. }
                    | Block::Quote { .. }
                    | Block::Break { .. }
                    | Block::Table { .. } => lists.block(more, &mut pieces),
                }
                under_heading.after(block, from, &pieces);
                if matches!(block, Block::Heading { .. }) {
                    heading_pieces = Some(from..pieces.len());
                } else if let Some(heading) = heading_pieces.take().filter(|_| after) {
                    anchor_at_heading(&mut pieces, heading.clone(), from, block);
                    float_with_heading(&mut pieces, heading, from);
                }
            }
            Err(problem) => problems.push(problem.with_loc(Loc::new(*file, block_span(block)))),
        }
    }
    lists.close_all(&mut pieces);
    while let Some((start, quoted)) = quotes.pop() {
        set_quote(&mut pieces, start, quoted.shift);
    }
    space_after_callout(&mut pieces, &mut after_callout);
    if let Some(start) = callout.take() {
        box_callout(&mut pieces, start, frame);
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    // The front matter as it will be set (its page numbers do not change
    // its height): the rules start after it, or below it on its last page.
    let (listed, _) = table_entries(&tables, None);
    let contents = contents_entries(&headings, input, marks_terms(&pieces));
    let front = lay_out_front(
        input,
        &contents,
        &vec![0; contents.len()],
        &listed,
        &vec![0; listed.len()],
    )
    .map_err(|e| vec![fit_problem(e)])?;
    let body_start = front.body_start;
    let first_body = 1 + front.pages.len() - usize::from(body_start.is_some());
    let marks: Vec<PieceMarks> = pieces.iter_mut().map(Piece::take_marks).collect();
    let heights: Vec<f32> = pieces.iter().map(|p| p.height).collect();
    // How much of a page each piece takes (one across the page, a column's
    // width in each column).
    let areas: Vec<f32> = pieces
        .iter()
        .map(|p| {
            p.height
                * if p.full_width {
                    frame.columns as f32
                } else {
                    1.0
                }
        })
        .collect();
    let (mut body, placed) = flow_below(frame, pieces, body_start.unwrap_or(0.0));
    let changed = super::change_bars::draw(
        &mut body,
        &marks,
        &placed,
        frame,
        first_body,
        input.options.paper.width,
    );
    let body_end = last_page_end(&placed, &heights, frame);
    let mut heading_pages = vec![0; headings.len()];
    let mut figure_pages = HashMap::new();
    // The pieces of each page, in order: a heading weighs the page's pieces
    // before it against those from it on, so each page is summed once per
    // heading on it, not the whole book (that was quadratic in the rules'
    // length: 5% of a 245-page book's time).
    let mut on_pages: Vec<Vec<usize>> = Vec::new();
    for (k, p) in placed.iter().enumerate() {
        if on_pages.len() <= p.page {
            on_pages.resize_with(p.page + 1, Vec::new);
        }
        on_pages[p.page].push(k);
    }
    for (n, (marks, at)) in marks.iter().zip(&placed).enumerate() {
        if let Some(slot) = marks.heading.and_then(|h| heading_pages.get_mut(h)) {
            *slot = first_body + at.page;
        }
        if let Some(heading) = marks.heading.and_then(|h| headings.get_mut(h)) {
            let page = on_pages.get(at.page).map_or(&[][..], |p| &p[..]);
            let split = page.partition_point(|&k| k < n);
            let area = |k: &usize| areas.get(*k).copied().unwrap_or(0.0);
            let before: f32 = page[..split].iter().map(area).sum();
            let after: f32 = page[split..].iter().map(area).sum();
            heading.late = before > after;
        }
        for anchor in &marks.anchors {
            if let Some(id) = anchor.name.strip_prefix("figure#") {
                figure_pages
                    .entry(id.to_string())
                    .or_insert(first_body + at.page);
            }
        }
    }
    Ok(Body {
        headings,
        marks,
        pages: body,
        placed,
        first_body,
        body_start,
        body_end,
        heading_pages,
        figure_pages,
        tables,
        changed,
    })
}

/// Whether the pieces mark a term for the index (an `index:` link).
pub(super) fn marks_terms(pieces: &[Piece]) -> bool {
    pieces
        .iter()
        .flat_map(|p| &p.links)
        .any(|link| link.title.starts_with(INDEX_SCHEME))
}

/// How far below the text block's top the pieces on the last page end.
pub(super) fn last_page_end(placed: &[columns::Placed], heights: &[f32], frame: Frame) -> f32 {
    let last = placed.iter().map(|p| p.page).max().unwrap_or(0);
    placed
        .iter()
        .zip(heights)
        .filter(|(p, _)| p.page == last)
        .map(|(p, h)| p.y - frame.top + h)
        .fold(0.0, f32::max)
}

/// A figure's places (`#anchor`s on its first piece, `from`) right under
/// the heading that names it (`heading`, its pieces) are the heading's: a
/// link to the figure lands at its title.
fn anchor_at_heading(
    pieces: &mut [Piece],
    heading: std::ops::Range<usize>,
    from: usize,
    block: &Block,
) {
    if !matches!(block, Block::Shortcode(_)) || heading.end != from || heading.is_empty() {
        return;
    }
    let Some(first) = pieces.get_mut(from) else {
        return;
    };
    let (places, kept): (Vec<Anchor>, Vec<Anchor>) = std::mem::take(&mut first.anchors)
        .into_iter()
        .partition(|a| a.name.starts_with('#'));
    first.anchors = kept;
    pieces[heading.start]
        .anchors
        .extend(places.into_iter().map(|a| Anchor::at_top(a.name)));
}

/// A heading right above a table that waits whole for a column it fits
/// in (a figure) goes with it: the heading's pieces (`heading`) join the
/// table's figure (from `from`), whose first piece is the heading's.
fn float_with_heading(pieces: &mut [Piece], heading: std::ops::Range<usize>, from: usize) {
    let figure = pieces
        .get(from)
        .is_some_and(|p| p.figure && p.float_start && !p.full_width);
    let table = pieces.get(from..).is_some_and(|block| {
        block
            .iter()
            .flat_map(|p| &p.items)
            .any(|i| matches!(i, Item::Tag(Tag::Start(Role::Table))))
    });
    if !figure || !table || heading.end != from {
        return;
    }
    for (k, p) in pieces[heading.clone()].iter_mut().enumerate() {
        p.figure = true;
        p.float_start = k == 0;
    }
    if let Some(first) = pieces.get_mut(from) {
        first.float_start = false;
    }
}

/// Lines a heading keeps with it in its column: a heading is never the
/// last thing in a column, nor it and a single line.
pub(super) const LINES_UNDER_HEADING: usize = 2;

/// Lines a chapter or section heading (level 1 or 2) keeps with it: one
/// that starts near a column's foot, where fewer would fit, starts at the
/// next column.
pub(super) const LINES_UNDER_CHAPTER: usize = 3;

/// The lines a heading of `level` keeps with it.
fn lines_under(level: u8) -> usize {
    if level <= 2 {
        LINES_UNDER_CHAPTER
    } else {
        LINES_UNDER_HEADING
    }
}

/// Keeps a heading with the first [`LINES_UNDER_HEADING`] lines under
/// it ([`LINES_UNDER_CHAPTER`] under a chapter's or section's): a block too short for them is kept with the next block, unless that
/// is a heading of a section as high as this one or higher (the short
/// section, whole, ends there). A figure or table counts as enough.
#[derive(Default)]
pub(super) struct UnderHeading {
    /// The heading's level and the lines set under it so far, while fewer.
    pub(super) open: Option<(u8, usize)>,
    /// The last piece of a block under it that is too short.
    pub(super) pending: Option<usize>,
}

impl UnderHeading {
    /// Before `block`: the piece pending goes with it, unless it starts
    /// a section no deeper than the heading's.
    fn before(&mut self, block: &Block, pieces: &mut [Piece]) {
        let Some(at) = self.pending.take() else {
            return;
        };
        let ends = match block {
            Block::Heading { level, .. } => self.open.is_some_and(|(section, _)| *level <= section),
            Block::Para { .. }
            | Block::Shortcode(_)
            | Block::Illustration { .. }
            | Block::Callout { .. }
            | Block::CalloutEnd { .. }
            | Block::Quote { .. }
            | Block::Break { .. }
            | Block::Table { .. } => false,
        };
        if !ends && let Some(piece) = pieces.get_mut(at) {
            piece.keep_with_next = true;
        }
    }

    /// After `block`, set as `pieces[from..]`.
    fn after(&mut self, block: &Block, from: usize, pieces: &[Piece]) {
        if let Block::Heading { level, .. } = block {
            self.open = Some((*level, 0));
            return;
        }
        let added = pieces.len().saturating_sub(from);
        let Some((level, set)) = self.open.filter(|_| added > 0) else {
            return;
        };
        let lines = match block {
            Block::Para { .. } => set + added,
            // A figure or table counts as enough.
            Block::Heading { .. }
            | Block::Shortcode(_)
            | Block::Illustration { .. }
            | Block::Callout { .. }
            | Block::CalloutEnd { .. }
            | Block::Quote { .. }
            | Block::Break { .. }
            | Block::Table { .. } => lines_under(level),
        };
        if lines < lines_under(level) {
            self.open = Some((level, lines));
            self.pending = Some(pieces.len() - 1);
        } else {
            self.open = None;
        }
    }
}

pub(super) fn block_span(block: &Block) -> std::ops::Range<usize> {
    match block {
        Block::Heading { at, .. } | Block::Para { at, .. } => *at..*at + 1,
        Block::Shortcode(code) => code.span.clone(),
        Block::Illustration { at, .. } => *at..*at + 3,
        Block::Table { at, .. }
        | Block::Callout { at, .. }
        | Block::CalloutEnd { at }
        | Block::Quote { at, .. }
        | Block::Break { at } => *at..*at + 1,
    }
}

pub(super) fn block_pieces(
    block: &Block,
    input: &RulebookInput<'_>,
    frame: Frame,
    headings: &mut Vec<Heading>,
    prose: Option<Prose<'_>>,
    after_heading: bool,
) -> Result<Vec<Piece>, Diagnostic> {
    let width = frame.column_width;
    // One column sets its prose to a book's measure, centred: the column
    // (the page's width) is left to figures and tables.
    let inset = prose_inset(frame);
    match block {
        Block::Heading {
            level,
            rich,
            plain,
            links,
            ..
        } => {
            let style = heading_style(*level);
            // A heading written in capitals is set letter-spaced, in a
            // measure kept short of the column by what the spacing adds.
            let capitals = all_capitals(plain);
            let measure = if capitals {
                (width - 2.0 * inset) / (1.0 + 2.0 * CAPS_TRACKING)
            } else {
                width - 2.0 * inset
            };
            // A character the prose face lacks comes from the next family that
            // has it (the text engine's fallback).
            let mut pieces = text_pieces(&TextRequest {
                links,
                indent: inset,
                ..TextRequest::new(rich, inset + measure, style, input.family, input.book)
            })
            .map_err(fit_problem)?;
            if capitals {
                letter_space(&mut pieces, CAPS_TRACKING, input.book);
            }
            for p in &mut pieces {
                p.keep_with_next = true;
            }
            if let Some(first) = pieces.first_mut() {
                first.gap = style.size * 0.9;
                first.heading = Some(headings.len());
            }
            wrap(Role::Heading(*level), &mut pieces);
            let height = pieces.iter().map(|p| p.height + p.gap).sum::<f32>()
                - pieces.first().map_or(0.0, |p| p.gap);
            headings.push(Heading {
                level: *level,
                plain: plain.clone(),
                number: None,
                late: false,
                height,
            });
            Ok(pieces)
        }
        Block::Para {
            rich,
            links,
            icons,
            depth,
            marker,
            ..
        } => {
            let indent = inset + *depth as f32 * LIST_INDENT;
            let mut pieces = text_pieces(&TextRequest {
                links,
                marker: marker.as_deref(),
                indent,
                prose,
                ..TextRequest::new(rich, width - inset, BODY, input.family, input.book)
            })
            .map_err(fit_problem)?;
            super::icons::place_icons(&mut pieces, icons, input.icons, input.book);
            if let Some(first) = pieces.first_mut() {
                first.gap = if *depth > 0 && marker.is_some() {
                    PARA_GAP / 2.0
                } else {
                    PARA_GAP
                };
            }
            // A list's paragraphs are tagged with their list (see `Lists`).
            if *depth == 0 {
                wrap(Role::Paragraph, &mut pieces);
            }
            Ok(pieces)
        }
        Block::Shortcode(code) => {
            let Some(figure) = input.figures.figure(code) else {
                return Ok(Vec::new());
            };
            // A heading right above the figure may already say its title.
            let heading = headings.last().filter(|_| after_heading);
            let mut pieces = figure_pieces(figure, code, input, frame, heading)?;
            // The figure's place, for `#table-…` links (as in the HTML reference).
            if let (Some(anchor), Some(first)) = (data_anchor(code), pieces.first_mut()) {
                first.anchors.push(Anchor::at_top(format!("#{anchor}")));
            }
            Ok(pieces)
        }
        // Set around the blocks between them (see `box_callout`); a
        // figure is set knowing its page (see `illustration_pieces`).
        Block::Callout { .. }
        | Block::CalloutEnd { .. }
        | Block::Quote { .. }
        | Block::Break { .. }
        | Block::Illustration { .. } => Ok(Vec::new()),
        Block::Table {
            header,
            rows,
            aligns,
            links,
            rows_at,
            ..
        } => {
            let mut spec = pipe_table_spec(header, rows, aligns);
            // Each body row at its place in its page's source, so a changed
            // row gets its bar (the page's file is put in where the bars
            // are marked, `change_bars::mark`, which knows it).
            for (row, at) in spec.rows.iter_mut().zip(rows_at) {
                row.loc = Some(Loc::new(FileId::default(), *at..*at + 1));
            }
            // Right under a heading, the heading names the table where it
            // continues ("… (continued)" over the rows there); else, or if
            // that title cannot be set, it has none.
            let named = headings.last().filter(|_| after_heading);
            spec.title = named.map(|h| h.plain.clone());
            let named = named.map_or(0.0, |h| h.height);
            let at = |spec: &TableSpec, shown| {
                table_pieces(
                    spec,
                    (room(frame), named),
                    input.figure_family,
                    (input.book, input.words),
                    shown,
                )
            };
            let mut pieces = match at(&spec, spec.title.is_none()) {
                Ok(pieces) => pieces,
                Err(_) if spec.title.is_some() => {
                    spec.title = None;
                    at(&spec, true).map_err(|m| misfit_problem(m, "the table"))?
                }
                Err(m) => return Err(misfit_problem(m, "the table")),
            };
            cell_link_areas(&mut pieces, links, input.book);
            wrap(Role::Table, &mut pieces);
            Ok(pieces)
        }
    }
}

/// How far one column's prose is set in from each side: the column less
/// [`ONE_COLUMN_EMS`] of the body, halved (none in two columns), so a line
/// holds 45 to 75 characters on Letter and A4 alike.
pub(super) fn prose_inset(frame: Frame) -> f32 {
    if frame.columns > 1 {
        return 0.0;
    }
    ((frame.column_width - ONE_COLUMN_EMS * BODY.size) / 2.0).max(0.0)
}
