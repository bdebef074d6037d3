//! Layout stage, rulebook front matter: from the rulebook's input, its
//! headings and the tables its shortcodes show (each with its page), to
//! the title page, the table of contents and the list of tables as pages
//! of items, with each entry's place for its link. The contents and the
//! list of tables are one kind of block, a listing (a title over entries
//! with dot leaders and page numbers); a short one shares its last page
//! with what follows it.

use std::collections::HashMap;
use std::sync::Arc;

use super::body::Heading;
use super::columns::{Frame, flow_below};
use super::pieces::{Piece, TextRequest, TextStyle, line_baseline, text_pieces};
use super::tags::wrap;
use super::{BODY, BOTTOM, DEFAULT_SUBTITLE, LIST_INDENT, RulebookInput, SIDE, TOP, part_title};
use crate::layout::doc::{Item, Page, Role, TextItem, tagged};
use crate::layout::nav::{Link, Target};
use crate::model::{Align, Style};
use crate::text::rich::literal;
use crate::text::{FitError, fit_text};

/// The front matter after the title page, from page 1 (0-based): the
/// contents, then the list of tables when the rules show tables. A block
/// that leaves at least [`CONTENTS_SHARE_MIN`] of its last page free has
/// what follows it (the list of tables, the rules) start there,
/// [`CONTENTS_GAP`] below it.
pub(super) struct Front {
    pub(super) pages: Vec<Vec<Item>>,
    /// Each contents entry's (page, area), for its link.
    pub(super) contents_areas: Vec<(usize, [f32; 4])>,
    /// Each list of tables entry's (page, area).
    pub(super) table_areas: Vec<(usize, [f32; 4])>,
    /// The page (0-based) the list of tables starts on, if there is one.
    pub(super) tables_at: Option<usize>,
    /// Where the rules start on the front matter's last page (points below
    /// the text block's top) when they share it.
    pub(super) body_start: Option<f32>,
}

impl Front {
    /// A link over each entry: the contents' to `headings` (in order), the
    /// list of tables' to `tables`.
    pub(super) fn links(&self, headings: &[Target], tables: &[Target]) -> Vec<Link> {
        let contents = self.contents_areas.iter().zip(headings);
        let tables = self.table_areas.iter().zip(tables);
        contents
            .chain(tables)
            .map(|((page, area), target)| Link {
                page: *page,
                x: area[0],
                y: area[1],
                w: area[2],
                h: area[3],
                target: *target,
                uri: None,
                framed: false,
            })
            .collect()
    }
}

/// Sets the front matter (see [`Front`]): the contents of `headings`, the
/// list of the tables `tables`, each entry with its page (0-based) from
/// `heading_pages` and `table_pages`.
pub(super) fn lay_out_front(
    input: &RulebookInput<'_>,
    headings: &[Heading],
    heading_pages: &[usize],
    tables: &[Heading],
    table_pages: &[usize],
) -> Result<Front, FitError> {
    let column_height = input.options.paper.height - TOP - BOTTOM;
    let mut front = Front {
        pages: Vec::new(),
        contents_areas: Vec::new(),
        table_areas: Vec::new(),
        tables_at: None,
        body_start: None,
    };
    for (is_tables, title, entries, pages) in [
        (false, &input.words.contents, headings, heading_pages),
        (true, &input.words.tables, tables, table_pages),
    ] {
        // The contents always, even empty; a list of tables only of some.
        if is_tables && entries.is_empty() {
            continue;
        }
        let below = front.body_start.take();
        // Its first page: the last one so far when it starts below it.
        let first = 1 + front.pages.len() - usize::from(below.is_some());
        let listing = lay_out_listing(title, entries, pages, input, first, below.unwrap_or(0.0))?;
        let mut set = listing.pages.into_iter();
        if below.is_some()
            && let (Some(last), Some(top)) = (front.pages.last_mut(), set.next())
        {
            last.extend(top);
        }
        front.pages.extend(set);
        if is_tables {
            front.tables_at = Some(first);
            front.table_areas = listing.areas;
        } else {
            front.contents_areas = listing.areas;
        }
        let start = listing.end + CONTENTS_GAP;
        front.body_start = (start <= column_height * (1.0 - CONTENTS_SHARE_MIN)).then_some(start);
    }
    Ok(front)
}

/// A contents or a list of tables as set: its pages, each entry's (page,
/// area) for its link, and how far below the text block's top it ends on
/// its last page.
struct Listing {
    pages: Vec<Vec<Item>>,
    areas: Vec<(usize, [f32; 4])>,
    end: f32,
}

/// A listing: `title` over one entry per heading (deeper levels indented),
/// a leader of dots from its text to its page number at the right — the
/// contents and the list of tables alike — from page `first` (0-based),
/// `start` points below the text block's top there.
fn lay_out_listing(
    title: &str,
    headings: &[Heading],
    pages: &[usize],
    input: &RulebookInput<'_>,
    first: usize,
    start: f32,
) -> Result<Listing, FitError> {
    let paper = input.options.paper;
    // In one column at the rules' measure, set in from the page's edges
    // as the prose, the glossary and the index are (45-75 characters).
    let inset = super::body::prose_inset(super::body_frame(input.options));
    let width = paper.width - 2.0 * (SIDE + inset);
    let frame = Frame {
        left: SIDE + inset,
        top: TOP,
        column_width: width,
        column_height: paper.height - TOP - BOTTOM,
        gutter: 0.0,
        columns: 1,
    };
    let mut pieces = part_title(title, false, input)?;
    let mut entries: Vec<Piece> = Vec::new();
    let number_width = 36.0;
    for (heading, page) in headings.iter().zip(pages) {
        let indent = f32::from(heading.level.saturating_sub(1).min(3)) * LIST_INDENT;
        let style = TextStyle {
            style: if heading.level == 1 {
                Style::Bold
            } else {
                Style::Regular
            },
            ..BODY
        };
        let mut lines = text_pieces(&TextRequest {
            indent,
            ..TextRequest::new(
                &literal(&heading.numbered()),
                width - number_width,
                style,
                input.family,
                input.book,
            )
        })?;
        let number = (page + 1).to_string();
        let face_id = input.family.face(style.style);
        let face = input.book.face(face_id);
        let w = face.width(&number, style.size);
        if let Some(last) = lines.last_mut() {
            let text_end = last
                .items
                .iter()
                .filter_map(|i| match i {
                    Item::Text(t) => Some(t.x + t.width),
                    _ => None,
                })
                .fold(indent, f32::max);
            last.items.extend(dot_leaders(
                input,
                style,
                text_end + LEADER_GAP,
                width - w - LEADER_GAP,
            ));
            last.items.push(Item::Text(TextItem {
                x: width - w,
                y: line_baseline(face, style.size, style.size * style.leading),
                face: face_id,
                size: style.size,
                glyphs: face.plain_glyphs(&number).into(),
                text: number.into(),
                width: w,
                ink: None,
            }));
        }
        for line in &mut lines {
            line.keep_with_next = true;
        }
        if let Some(last) = lines.last_mut() {
            last.keep_with_next = false;
        }
        if let Some(first_line) = lines.first_mut() {
            first_line.gap = if heading.level == 1 { 6.0 } else { 2.0 };
            first_line.heading = Some(0);
        }
        wrap(Role::Paragraph, &mut lines);
        wrap(Role::ContentsEntry, &mut lines);
        entries.extend(lines);
    }
    wrap(Role::Contents, &mut entries);
    pieces.extend(entries);
    let marks: Vec<bool> = pieces.iter().map(|p| p.heading.is_some()).collect();
    let heights: Vec<f32> = pieces.iter().map(|p| p.height).collect();
    let (items, placed) = flow_below(frame, pieces, start);
    // The first piece is the "Contents" title; each entry's lines follow its first.
    let mut areas: Vec<(usize, [f32; 4])> = Vec::new();
    for (k, at) in placed.iter().enumerate().skip(1) {
        let area = [at.x, at.y, width, heights[k]];
        if marks[k] {
            areas.push((first + at.page, area));
        } else if let Some(last) = areas.last_mut() {
            last.1[3] = at.y + heights[k] - last.1[1];
        }
    }
    let last_page = items.len().saturating_sub(1);
    let end = placed
        .iter()
        .zip(&heights)
        .filter(|(at, _)| at.page == last_page)
        .map(|(at, h)| at.y + h - TOP)
        .fold(0.0, f32::max);
    Ok(Listing {
        pages: items,
        areas,
        end,
    })
}

/// Space between a short contents (or list of tables) and what follows it on its page.
pub(super) const CONTENTS_GAP: f32 = 28.0;

/// The least part of the text block a short contents (or list of tables)
/// must leave free on its last page for what follows to start there.
pub(super) const CONTENTS_SHARE_MIN: f32 = 0.3;

/// Room kept clear between a contents entry and its leaders, and between
/// the leaders and the page number.
pub(super) const LEADER_GAP: f32 = 4.0;

/// How far apart the dots of a leader are.
pub(super) const LEADER_STEP: f32 = 4.5;

/// Dots from `from` to `to` (points from the column's left edge), each on a
/// grid of [`LEADER_STEP`] so the dots of every entry line up, as one run
/// whose glyphs advance by a step each.
fn dot_leaders(input: &RulebookInput<'_>, style: TextStyle, from: f32, to: f32) -> Option<Item> {
    let face_id = input.family.face(Style::Regular);
    let face = input.book.face(face_id);
    let dot = face.glyph('.')?;
    let dot_width = face.advance(dot) * style.size / face.units_per_em;
    let first = (from / LEADER_STEP).ceil();
    let last = ((to - dot_width) / LEADER_STEP).floor();
    if last < first {
        return None;
    }
    let count = (last - first) as usize + 1;
    let advance = LEADER_STEP * face.units_per_em / style.size;
    // On the baseline of the entry's words (set in the style's face).
    let line = input.book.face(input.family.face(style.style));
    Some(Item::Text(TextItem {
        x: first * LEADER_STEP,
        y: line_baseline(line, style.size, style.size * style.leading),
        face: face_id,
        size: style.size,
        text: ".".repeat(count).into(),
        glyphs: Arc::from(vec![
            crate::text::Glyph {
                id: dot,
                chars: 1,
                advance,
            };
            count
        ]),
        width: (count - 1) as f32 * LEADER_STEP + dot_width,
        ink: None,
    }))
}

/// A table the rules' shortcodes show, as the list of tables lists it:
/// its level (a chart's blocks under the chart), its title and its
/// anchor (with its `#`).
pub(super) struct ListedTable {
    pub(super) level: u8,
    pub(super) title: String,
    pub(super) anchor: String,
}

/// The list of tables' entries (a chart's own tables under it, each table
/// once) and where each is: with `targets`, only the tables set there, at
/// their places; without (before the pages are known), every table, at the
/// title page.
pub(super) fn table_entries(
    tables: &[ListedTable],
    targets: Option<&HashMap<String, Target>>,
) -> (Vec<Heading>, Vec<Target>) {
    let mut seen = std::collections::HashSet::new();
    tables
        .iter()
        .filter(|table| seen.insert(table.anchor.as_str()))
        .filter_map(
            |ListedTable {
                 level,
                 title,
                 anchor,
             }| {
                let target = match targets {
                    Some(targets) => *targets.get(&anchor.to_lowercase())?,
                    None => Target { page: 0, y: 0.0 },
                };
                Some((
                    Heading {
                        level: *level,
                        plain: title.clone(),
                        number: None,
                        late: false,
                        height: 0.0,
                    },
                    target,
                ))
            },
        )
        .unzip()
}

/// The title page: the game's name, its subtitle, and the copyright lines at the foot.
pub(super) fn lay_out_title(input: &RulebookInput<'_>) -> Result<Page, FitError> {
    let paper = input.options.paper;
    let width = paper.width - 2.0 * SIDE;
    let mut items = Vec::new();
    // The book's name is its first heading (H1), the rest paragraphs.
    let mut centred =
        |text: &str, style: Style, size: f32, top: f32, role: Role| -> Result<f32, FitError> {
            let request = crate::text::FitRequest {
                text,
                family: input.family,
                style,
                width,
                height: f32::MAX,
                size,
                min_size: size,
                leading: 1.25,
                align: Align::Center,
                valign: crate::model::VAlign::Top,
            };
            let fit = fit_text(&request, input.book)?;
            let bottom = fit.bottom;
            let lines = crate::layout::doc::text_items(fit.lines, fit.size, SIDE, top);
            items.extend(tagged(role, lines));
            Ok(top + bottom)
        };
    let below = centred(
        &literal(input.title),
        Style::Bold,
        32.0,
        paper.height * 0.3,
        Role::Heading(1),
    )?;
    let subtitle = input.subtitle.unwrap_or(DEFAULT_SUBTITLE).trim();
    if !subtitle.is_empty() {
        centred(
            &literal(subtitle),
            Style::Regular,
            18.0,
            below + 14.0,
            Role::Paragraph,
        )?;
    }
    let mut y = paper.height - BOTTOM - 14.0 * input.copyright.len() as f32;
    for line in input.copyright {
        y = centred(&literal(line), Style::Italic, 9.0, y, Role::Paragraph)? + 3.0;
    }
    Ok(Page {
        width: paper.width,
        height: paper.height,
        items,
    })
}

/// The entries of the contents: the headings set, then the glossary's
/// when the game has one, then the index's when the rules mark terms.
pub(super) fn contents_entries(
    headings: &[Heading],
    input: &RulebookInput<'_>,
    has_index: bool,
) -> Vec<Heading> {
    let mut entries = headings.to_vec();
    let back = [
        (&input.words.glossary, !input.glossary.is_empty()),
        (&input.words.index, has_index),
    ];
    for (title, _) in back.into_iter().filter(|(_, set)| *set) {
        entries.push(Heading {
            level: 1,
            plain: title.to_string(),
            number: None,
            late: false,
            height: 0.0,
        });
    }
    entries
}
