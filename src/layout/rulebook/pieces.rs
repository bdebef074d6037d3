//! Layout (rulebook): blocks set into pieces for the columns — a line of a
//! paragraph or heading, or a row of cards — each with its height, the space
//! before it, whether it must stay with the next piece, and what it anchors.

use super::blocks::CardLink;
use crate::layout::card::CardFace;
use crate::layout::doc::{Geometry, Item, Stroke, TextItem};
use crate::model::{Align, Style, VAlign};
use crate::text::ties::{Ties, tie};
use crate::text::{
    Edge, Face, Family, FitError, FitRequest, FontBook, Glyph, HYPHEN, Line, clusters,
    fit_paragraph, fit_text,
};

/// Where a line of `face` at `size` has its baseline, from the top of its
/// line box `line_height` tall: at the face's ascent when its ascent and
/// descent fit the box (DejaVu's do, at every leading the rulebook uses);
/// else with the ascent and descent centred on the box, as TeX and typst
/// centre a line's top and bottom edges in its leading, so the face's
/// descenders stay in the line's own box and a shade or link drawn on the
/// box below never meets them.
pub fn line_baseline(face: &Face, size: f32, line_height: f32) -> f32 {
    let (ascent, descent) = (face.ascent(size), face.descent(size));
    ascent + ((line_height - ascent - descent) / 2.0).min(0.0)
}

/// A slice of the flow, placed whole in one column. Items are relative to its top-left.
#[derive(Clone, Debug, Default)]
pub struct Piece {
    pub height: f32,
    /// Space before the piece (dropped at the top of a column).
    pub gap: f32,
    pub items: Vec<Item>,
    /// Must end up in the same column as the next piece.
    pub keep_with_next: bool,
    /// The heading (its index among all headings) this piece starts.
    pub heading: Option<usize>,
    /// The places it holds that links go to: the cards shown in it, a
    /// figure, a table's `#anchor`.
    pub anchors: Vec<Anchor>,
    /// The links in its text (card names, `rule:`, `index:`, web links).
    pub links: Vec<LinkArea>,
    /// Spans the page's width (a figure too wide for a column): the columns
    /// start again below it.
    pub full_width: bool,
    /// A band of a table that may continue in the next column: the table's
    /// head, repeated above the first of its rows set at the top of a new
    /// column or page (one `Rc` per table: the same table is the same head).
    pub table: Option<std::sync::Arc<TableHead>>,
    /// A row of a figure set in a column (cards): when it does not fit
    /// where it comes, it may wait for the next column while the text
    /// after it fills this one, as LaTeX floats a figure.
    pub figure: bool,
    /// The first piece of a figure (a table whole, a gallery's first row,
    /// the heading or title that names a table): a figure right after
    /// another is a float of its own.
    pub float_start: bool,
    /// A row across the page right after the row before it (a gallery's):
    /// it follows at its own gap, not the gap kept below a piece across.
    pub follows_across: bool,
    /// How many pieces from this one (a box of text's) move whole to the
    /// next column where this one does not hold them and a column does
    /// (0 or 1: this one alone, as any piece).
    pub whole: usize,
    /// Its stretches that may be marked changed (`--changes-since`):
    /// a table's rows, kept by [`super::change_bars::mark`] if changed.
    pub changes: Vec<super::change_bars::Changed>,
}

impl Piece {
    /// What the piece marks, taken out of it (before it is placed).
    pub fn take_marks(&mut self) -> PieceMarks {
        PieceMarks {
            heading: self.heading,
            anchors: std::mem::take(&mut self.anchors),
            links: std::mem::take(&mut self.links),
            changes: std::mem::take(&mut self.changes),
            full_width: self.full_width,
        }
    }
}

/// What a piece anchors or links, kept beside it while it is placed: the
/// heading it starts, its anchors (cards, figures, `#anchor`s) and its
/// links' areas.
#[derive(Clone, Debug, Default)]
pub struct PieceMarks {
    /// The heading (its index among all headings) the piece starts.
    pub heading: Option<usize>,
    pub anchors: Vec<Anchor>,
    pub links: Vec<LinkArea>,
    /// Its stretches marked changed (a bar beside each).
    pub changes: Vec<super::change_bars::Changed>,
    /// It spans the page's width (its bars go in the outer margin).
    pub full_width: bool,
}

/// A place a link can go to in a piece: what names it (a card's title,
/// `figure#<id>`, a table's `#anchor`) and its offset from the piece's
/// top-left.
#[derive(Clone, Debug, PartialEq)]
pub struct Anchor {
    pub name: String,
    pub x: f32,
    pub y: f32,
}

impl Anchor {
    /// `name` at the piece's top-left.
    pub fn at_top(name: String) -> Anchor {
        Anchor {
            name,
            x: 0.0,
            y: 0.0,
        }
    }
}

/// A link in a piece: its area (x, y, w, h from the piece's top-left) and
/// what it names (a card's title, `rule#<n>`, `index:<term>`, an address).
#[derive(Clone, Debug, PartialEq)]
pub struct LinkArea {
    pub area: [f32; 4],
    pub title: String,
}

/// What a table repeats where it continues: its title bar "(continued)"
/// and header rows, as items relative to their top-left, and their height.
#[derive(Debug, Default)]
pub struct TableHead {
    pub items: Vec<Item>,
    pub height: f32,
}

/// Where a word may be hyphenated: byte offsets into it.
pub type BreakPoints<'a> = &'a dyn Fn(&str) -> Vec<usize>;

/// How running text is set: where its words may break, its right edge,
/// and the words that lead a reference, tied to what they lead ([`tie`]).
#[derive(Clone, Copy)]
pub struct Prose<'a> {
    pub break_points: BreakPoints<'a>,
    pub edge: Edge,
    pub ties: &'a Ties<'a>,
}

/// Text settings for a kind of block.
#[derive(Clone, Copy, Debug)]
pub struct TextStyle {
    pub style: Style,
    pub size: f32,
    pub leading: f32,
}

/// What [`text_pieces`] sets: a paragraph, heading or label's rich text
/// in a width, a style and a family.
#[derive(Clone, Copy)]
pub struct TextRequest<'a> {
    pub rich: &'a str,
    /// Its links, by the letters they span.
    pub links: &'a [CardLink],
    /// A list item's marker, set in the indent before its first line.
    pub marker: Option<&'a str>,
    /// Space before every line (a list's depth).
    pub indent: f32,
    /// The width the lines are set in, the indent included.
    pub width: f32,
    pub style: TextStyle,
    pub family: &'a Family,
    pub book: &'a FontBook,
    /// Running text, broken as prose (hyphenated, its edge justified or
    /// ragged); None: set as it comes, ragged.
    pub prose: Option<Prose<'a>>,
}

impl<'a> TextRequest<'a> {
    /// `rich` in `width`, without links, marker, indent or prose breaking.
    pub fn new(
        rich: &'a str,
        width: f32,
        style: TextStyle,
        family: &'a Family,
        book: &'a FontBook,
    ) -> TextRequest<'a> {
        TextRequest {
            rich,
            links: &[],
            marker: None,
            indent: 0.0,
            width,
            style,
            family,
            book,
            prose: None,
        }
    }
}

/// A paragraph (or heading) set in `width` less `indent`, one piece per line:
/// the first and next-to-last lines are kept with the next one, so no column
/// starts or ends with a single line of a paragraph, and so is a line ending
/// in a hyphen, so no column ends on half a word.
pub fn text_pieces(request: &TextRequest<'_>) -> Result<Vec<Piece>, FitError> {
    let &TextRequest {
        rich,
        links,
        marker,
        indent,
        width,
        style: text,
        family,
        book,
        prose,
    } = request;
    // Running text has its ties made non-breaking spaces first.
    let tied = prose.map(|p| tie(rich, p.ties));
    let request = FitRequest {
        text: tied.as_deref().unwrap_or(rich),
        family,
        style: text.style,
        width: width - indent,
        height: f32::MAX,
        size: text.size,
        min_size: text.size,
        leading: text.leading,
        align: Align::Left,
        valign: VAlign::Top,
    };
    let fit = match prose {
        Some(Prose {
            break_points, edge, ..
        }) => fit_paragraph(&request, book, break_points, edge)?,
        None => fit_text(&request, book)?,
    };
    let line_height = text.size * text.leading;
    // The lines come with their baselines at the base face's ascent; a face
    // taller than the line has them raised into its box.
    let base = book.face(family.face(text.style));
    let raise = base.ascent(fit.size) - line_baseline(base, fit.size, line_height);
    let count = fit.lines.len();
    let mut links_by_line: Vec<Vec<LinkArea>> = vec![Vec::new(); count];
    for (line, [x, w], title) in link_areas(&fit.lines, links, fit.size, book) {
        links_by_line[line].push(LinkArea {
            area: [indent + x, 0.0, w, line_height],
            title,
        });
    }
    let mut pieces: Vec<Piece> = fit
        .lines
        .into_iter()
        .enumerate()
        .map(|(n, line)| {
            let shift = n as f32 * line_height + raise;
            // A line ending in a hyphen stays with the rest of its word:
            // no column (nor page) ends on half a word.
            let hyphenated = line
                .runs
                .last()
                .is_some_and(|run| run.text.ends_with(HYPHEN));
            let items = line
                .runs
                .into_iter()
                .map(|run| {
                    Item::Text(TextItem {
                        x: indent + run.x,
                        y: line.baseline - shift,
                        face: run.face,
                        size: fit.size,
                        text: run.text.into(),
                        glyphs: run.glyphs.into(),
                        width: run.width,
                        ink: None,
                    })
                })
                .collect();
            Piece {
                height: line_height,
                items,
                keep_with_next: count >= 2 && (n == 0 || n + 2 == count || hyphenated),
                links: std::mem::take(&mut links_by_line[n]),
                ..Piece::default()
            }
        })
        .collect();
    if let (Some(marker), Some(first)) = (marker, pieces.first_mut()) {
        let face = book.face(family.face(text.style));
        let glyphs = face.plain_glyphs(marker);
        let w = face.width(marker, text.size);
        first.items.push(Item::Text(TextItem {
            x: indent - w - text.size * 0.4,
            y: line_baseline(face, text.size, line_height),
            face: family.face(text.style),
            size: text.size,
            text: marker.into(),
            glyphs: glyphs.into(),
            width: w,
            ink: None,
        }));
    }
    Ok(pieces)
}

/// Where each card link lies on the set lines: (line, [x, width], title),
/// found by counting the non-space characters of the runs.
fn link_areas(
    lines: &[Line],
    links: &[CardLink],
    size: f32,
    book: &FontBook,
) -> Vec<(usize, [f32; 2], String)> {
    let mut areas: Vec<(usize, [f32; 2], String)> = Vec::new();
    if links.is_empty() {
        return areas;
    }
    // The links in order of their first character; `next` is the first not
    // yet ended, so each character looks at one link, not all of them.
    let mut by_start: Vec<&CardLink> = links.iter().collect();
    by_start.sort_by_key(|l| l.chars.start);
    let mut next = 0;
    let mut solid = 0;
    for (n, line) in lines.iter().enumerate() {
        for run in &line.runs {
            let face = book.face(run.face);
            let mut x = run.x;
            for (chars, g) in clusters(&run.text, &run.glyphs) {
                let w = g.advance / face.units_per_em * size;
                for _ in chars.chars().filter(|c| !c.is_whitespace() && *c != HYPHEN) {
                    while by_start.get(next).is_some_and(|l| l.chars.end <= solid) {
                        next += 1;
                    }
                    let link = by_start.get(next).filter(|l| l.chars.contains(&solid));
                    if let Some(link) = link {
                        match areas.last_mut() {
                            Some((line_no, [x0, w0], title))
                                if *line_no == n && *title == link.title =>
                            {
                                *w0 = x + w - *x0;
                            }
                            _ => areas.push((n, [x, w], link.title.clone())),
                        }
                    }
                    solid += 1;
                }
                x += w;
            }
        }
    }
    areas
}

/// A gallery of cards at their printed size, as rows across `width`.
pub fn card_rows(
    cards: &[(String, CardFace)],
    card: (f32, f32, f32),
    width: f32,
    gap: f32,
) -> Vec<Piece> {
    let (w, h, radius) = card;
    let per_row = (((width + gap) / (w + gap)).floor() as usize).max(1);
    let row_width = per_row as f32 * w + (per_row - 1) as f32 * gap;
    let left = ((width - row_width) / 2.0).max(0.0);
    cards
        .chunks(per_row)
        .map(|row| {
            let mut piece = Piece {
                height: h,
                gap,
                ..Piece::default()
            };
            for (k, (title, face)) in row.iter().enumerate() {
                let x = left + k as f32 * (w + gap);
                piece
                    .items
                    .extend(face.items.iter().map(|i| i.translated(x, 0.0)));
                piece
                    .items
                    .push(Geometry::rect(x, 0.0, w, h, radius).stroked(Stroke::solid(0.5)));
                piece.anchors.push(Anchor {
                    name: title.clone(),
                    x,
                    y: 0.0,
                });
            }
            piece
        })
        .collect()
}

/// Letter-spacing of a heading the source writes in capitals, in ems: capitals
/// set solid crowd, so a book spaces them (Bringhurst 3.2.2: 5 to 10 per cent).
pub const CAPS_TRACKING: f32 = 0.08;

/// Whether `plain` is written in capitals: two letters or more, none lower case.
pub fn all_capitals(plain: &str) -> bool {
    plain.chars().filter(|c| c.is_alphabetic()).count() >= 2
        && !plain.chars().any(char::is_lowercase)
}

/// Spaces the letters of each line of `pieces` by `tracking` ems: every
/// glyph but a line's last is widened (the text stays the same, so it
/// reads back as written), the runs after it moved along.
pub fn letter_space(pieces: &mut [Piece], tracking: f32, book: &FontBook) {
    for piece in pieces {
        let mut shift = 0.0;
        let last_run = piece
            .items
            .iter()
            .rposition(|item| matches!(item, Item::Text(_)));
        for (n, item) in piece.items.iter_mut().enumerate() {
            let Item::Text(text) = item else { continue };
            let units = tracking * book.face(text.face).units_per_em;
            let mut glyphs: Vec<Glyph> = text.glyphs.to_vec();
            let count = glyphs.len();
            let mut widened = 0;
            for (g, glyph) in glyphs.iter_mut().enumerate() {
                if glyph.chars > 0 && !(Some(n) == last_run && g + 1 == count) {
                    glyph.advance += units;
                    widened += 1;
                }
            }
            text.x += shift;
            let extra = widened as f32 * tracking * text.size;
            text.width += extra;
            shift += extra;
            text.glyphs = glyphs.into();
        }
    }
}
