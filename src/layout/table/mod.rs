//! Layout: a generic ruled table — title bar, header rows repeated on every
//! page, shaded rows, section bands, weighted column widths and rich-text
//! cells wrapped with `fit_text` — measured into bands and flowed onto pages,
//! never split mid-row, each row tagged as a table row of cells (header
//! cells in a header row) and the title bar as a caption. Content that
//! cannot fit is a `table-overflow` diagnostic, never clipped.

use super::doc::{Geometry, Ink, Item, Role, Stroke, fit_items, tagged as tagged_items};
use super::fit_memo::FitMemo;
use super::flow::Band;
use crate::diag::{Diagnostic, Loc};
use crate::model::{Align, Style, VAlign};
use crate::text::{Family, FitError, FitRequest, FontBook, Words, fit_text, measure_text};

mod columns;
mod place;

use columns::columns_at;
pub use columns::table_columns;
pub use place::{Kept, place_table, place_table_kept, push_head};

/// One cell: rich text spanning `span` columns.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    pub text: String,
    pub span: usize,
    pub align: Align,
    pub style: Style,
    /// Printed smaller (an odds column, a footnote).
    pub small: bool,
    /// Kept on one line ("11/36 (30.6%)"): its column is widened to hold it
    /// when the table's width allows.
    pub whole: bool,
    /// A terrain patch or feature stroke printed before the text (the
    /// terrain effects chart).
    pub swatch: Option<crate::model::map::Swatch>,
}

impl Cell {
    pub fn new(text: impl Into<String>) -> Cell {
        Cell {
            text: text.into(),
            span: 1,
            align: Align::Left,
            style: Style::Regular,
            small: false,
            whole: false,
            swatch: None,
        }
    }

    pub fn swatch(mut self, swatch: Option<crate::model::map::Swatch>) -> Cell {
        self.swatch = swatch;
        self
    }

    pub fn center(mut self) -> Cell {
        self.align = Align::Center;
        self
    }

    pub fn right(mut self) -> Cell {
        self.align = Align::Right;
        self
    }

    pub fn bold(mut self) -> Cell {
        self.style = Style::Bold;
        self
    }

    pub fn italic(mut self) -> Cell {
        self.style = Style::Italic;
        self
    }

    pub fn small(mut self) -> Cell {
        self.small = true;
        self
    }

    pub fn whole(mut self) -> Cell {
        self.whole = true;
        self
    }

    pub fn span(mut self, span: usize) -> Cell {
        self.span = span.max(1);
        self
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowKind {
    /// A body row, shaded on alternate rows.
    Body,
    /// A heading band across the table ("Attacker-Only").
    Section,
    /// A header row (bold, shaded, repeated on each page).
    Header,
}

#[derive(Clone, Debug, PartialEq)]
pub struct TableRow {
    pub cells: Vec<Cell>,
    pub kind: RowKind,
    /// A step of a checklist (its first cell the step's number or mark):
    /// a table with steps is tagged as a list, each row an item.
    pub step: bool,
    /// Where the row came from, for overflow diagnostics.
    pub loc: Option<Loc>,
}

impl TableRow {
    pub fn body(cells: Vec<Cell>, loc: Option<Loc>) -> TableRow {
        TableRow {
            cells,
            kind: RowKind::Body,
            step: false,
            loc,
        }
    }

    pub fn section(text: impl Into<String>, columns: usize, loc: Option<Loc>) -> TableRow {
        TableRow {
            cells: vec![Cell::new(text).bold().span(columns)],
            kind: RowKind::Section,
            step: false,
            loc,
        }
    }

    /// A checklist's step: its number or mark, then its text.
    pub fn step(cells: Vec<Cell>, loc: Option<Loc>) -> TableRow {
        TableRow {
            step: true,
            ..TableRow::body(cells, loc)
        }
    }

    pub fn header(cells: Vec<Cell>) -> TableRow {
        TableRow {
            cells,
            kind: RowKind::Header,
            step: false,
            loc: None,
        }
    }
}

/// What to draw: a title bar, header rows and body rows over weighted columns.
#[derive(Clone, Debug, PartialEq)]
pub struct TableSpec {
    pub title: Option<String>,
    /// Rule reference printed at the right of the title bar ("5.1").
    pub rule: Option<String>,
    /// Relative column widths.
    pub columns: Vec<f32>,
    /// Rows between the title and the header, printed once (an introduction).
    pub preamble: Vec<TableRow>,
    pub header: Vec<TableRow>,
    pub rows: Vec<TableRow>,
    /// Grid lines and shading; an unruled table is plain flowed text in columns.
    pub ruled: bool,
    pub loc: Loc,
}

impl TableSpec {
    /// Whether the table is read as a list (a checklist's steps) rather
    /// than as a table, in a tagged PDF.
    pub fn is_list(&self) -> bool {
        self.rows.iter().any(|r| r.step)
    }

    /// The element a tagged PDF reads the table as: a list (a checklist),
    /// a section of paragraphs (rows of one cell each and no header row:
    /// notes set in a table's frame, no columns to head), else a table.
    pub fn role(&self) -> Role {
        match Reading::of(self) {
            Reading::List => Role::List,
            Reading::Notes => Role::Callout,
            Reading::Table { .. } => Role::Table,
        }
    }
}

/// How a tagged table's rows are read: as a table's rows (where it has no
/// header rows, the first cell of each row of several cells heads its row,
/// so every table has header cells), or as a list's items.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Reading {
    Table {
        row_headers: bool,
    },
    List,
    /// Rows of one cell each, each a paragraph.
    Notes,
}

impl Reading {
    fn of(spec: &TableSpec) -> Reading {
        if spec.is_list() {
            Reading::List
        } else if spec.header.is_empty()
            && spec
                .preamble
                .iter()
                .chain(&spec.rows)
                .all(|r| r.cells.len() <= 1)
        {
            Reading::Notes
        } else {
            Reading::Table {
                row_headers: spec.header.is_empty(),
            }
        }
    }
}

/// Sizes and greys of a table.
#[derive(Clone, Copy, Debug)]
pub struct TableStyle {
    pub size: f32,
    /// Cells shrink down to this size when a word is wider than the cell.
    pub min_size: f32,
    pub title_size: f32,
    pub leading: f32,
    pub pad_x: f32,
    pub pad_y: f32,
    pub rule: f32,
    pub title_gray: f32,
    pub header_gray: f32,
    pub shade_gray: f32,
    pub section_gray: f32,
    /// Whether rows and cells are tagged (a tagged PDF's table: the
    /// rulebook); other documents are not read by their tags, and a
    /// 20,000-row card list need not carry them.
    pub tagged: bool,
}

impl Default for TableStyle {
    fn default() -> Self {
        TableStyle {
            size: 9.0,
            min_size: 6.5,
            title_size: 10.5,
            leading: 1.2,
            pad_x: 3.5,
            pad_y: 2.5,
            rule: 0.5,
            title_gray: 0.72,
            header_gray: 0.86,
            shade_gray: 0.94,
            section_gray: 0.9,
            tagged: false,
        }
    }
}

/// A table measured at one width: bands ready to flow.
#[derive(Clone, Debug, PartialEq)]
pub struct LaidTable {
    pub width: f32,
    /// Each column's width in points, as [`table_columns`] shares them out.
    pub columns: Vec<f32>,
    pub title: Option<Band>,
    /// The title bar again, marked "(continued)", for later pages.
    pub continued: Option<Band>,
    pub preamble: Vec<Band>,
    pub header: Vec<Band>,
    pub rows: Vec<Band>,
    pub row_locs: Vec<Option<Loc>>,
    /// Rows kept on the same page as the row after them (section bands).
    pub keep_with_next: Vec<bool>,
    pub loc: Loc,
}

impl LaidTable {
    pub fn head_height(&self) -> f32 {
        self.title.as_ref().map_or(0.0, |t| t.height)
            + self.preamble.iter().map(|b| b.height).sum::<f32>()
            + self.header.iter().map(|b| b.height).sum::<f32>()
    }

    pub fn height(&self) -> f32 {
        self.head_height() + self.rows.iter().map(|b| b.height).sum::<f32>()
    }

    /// The whole table as one band (for tables placed side by side).
    pub fn as_band(&self) -> Band {
        Band::stacked(
            self.title
                .iter()
                .chain(&self.preamble)
                .chain(&self.header)
                .chain(&self.rows),
        )
    }
}

/// Measures a table at `width`; its title where it goes on is marked with
/// `words`' "(continued)". A cell whose words cannot fit even at the
/// minimum size is a `table-overflow` diagnostic.
pub fn lay_out_table(
    spec: &TableSpec,
    width: f32,
    (family, book): (&Family, &FontBook),
    style: &TableStyle,
    words: &Words,
) -> Result<LaidTable, Vec<Diagnostic>> {
    let ctx = Ctx::new(family, book, style);
    let widths = columns_at(&ctx, spec, width);
    let reading = Reading::of(spec);
    let mut problems = Vec::new();
    let mut title = None;
    let mut continued = None;
    if let Some(text) = &spec.title {
        let bar = |text: &str| title_bar(&ctx, text, (spec.rule.as_deref(), reading), width);
        match (bar(text), bar(&words.continued(text))) {
            (Ok(a), Ok(b)) => {
                title = Some(a);
                continued = Some(b);
            }
            (Err(e), _) | (_, Err(e)) => problems.push(overflow(e, &spec.loc, "the title")),
        }
    }
    let mut preamble = Vec::new();
    for row in &spec.preamble {
        match row_band(&ctx, row, &widths, (spec.ruled, reading), false) {
            Ok(b) => preamble.push(b),
            Err(e) => problems.push(overflow(e, row.loc.as_ref().unwrap_or(&spec.loc), "a cell")),
        }
    }
    let mut header = Vec::new();
    for row in &spec.header {
        match row_band(&ctx, row, &widths, (spec.ruled, reading), false) {
            Ok(b) => header.push(b),
            Err(e) => problems.push(overflow(e, &spec.loc, "a header cell")),
        }
    }
    let rows = match rows_in(&ctx, spec, 0..spec.rows.len(), &widths) {
        Ok(rows) => rows,
        Err(more) => {
            problems.extend(more);
            Vec::new()
        }
    };
    if !problems.is_empty() {
        return Err(problems);
    }
    let (mut preamble, mut header, mut rows) = (preamble, header, rows);
    if style.tagged && matches!(reading, Reading::Table { .. }) {
        // A table's head (the rows above its body) and body.
        let mut head: Vec<&mut Band> = preamble.iter_mut().chain(header.iter_mut()).collect();
        group(&mut head, Role::TableHead);
        group(&mut rows.iter_mut().collect::<Vec<_>>(), Role::TableBody);
    }
    Ok(LaidTable {
        width,
        columns: widths,
        title,
        continued,
        preamble,
        header,
        rows,
        row_locs: spec.rows.iter().map(|r| r.loc).collect(),
        keep_with_next: spec
            .rows
            .iter()
            .map(|r| r.kind == RowKind::Section)
            .collect(),
        loc: spec.loc,
    })
}

/// `bands` as one element of `role`: its start before the first's items,
/// its end after the last's (nothing when there are none).
fn group(bands: &mut [&mut Band], role: Role) {
    if let [first, ..] = bands {
        first.items.insert(0, Item::start(role));
    }
    if let [.., last] = bands {
        last.items.push(Item::end());
    }
}

/// The body rows `range` of a table laid out as [`lay_out_table`] lays
/// them out (a long table's rows a page's worth at a time, on all cores),
/// over the `columns` [`table_columns`] gave.
pub fn lay_out_rows(
    spec: &TableSpec,
    range: std::ops::Range<usize>,
    columns: &[f32],
    (family, book, memo): (&Family, &FontBook, Option<&FitMemo>),
    style: &TableStyle,
) -> Result<Vec<Band>, Vec<Diagnostic>> {
    let ctx = Ctx {
        memo,
        ..Ctx::new(family, book, style)
    };
    rows_in(&ctx, spec, range, columns)
}

/// The heights of the body rows `range` of a table, as [`lay_out_rows`]
/// would lay them out (their text measured, not set), with the same
/// problems.
pub fn measure_rows(
    spec: &TableSpec,
    range: std::ops::Range<usize>,
    columns: &[f32],
    (family, book, memo): (&Family, &FontBook, Option<&FitMemo>),
    style: &TableStyle,
) -> Result<Vec<f32>, Vec<Diagnostic>> {
    let ctx = Ctx {
        measure: true,
        memo,
        ..Ctx::new(family, book, style)
    };
    Ok(rows_in(&ctx, spec, range, columns)?
        .iter()
        .map(|b| b.height)
        .collect())
}

/// The size a cell's text is set at.
fn cell_size(style: &TableStyle, cell: &Cell) -> f32 {
    if cell.small {
        style.size * 0.8
    } else {
        style.size
    }
}

/// The style a cell's text is set in: a header row's plain cells are bold.
fn cell_face(row: &TableRow, cell: &Cell) -> Style {
    if row.kind == RowKind::Header && cell.style == Style::Regular {
        Style::Bold
    } else {
        cell.style
    }
}

fn rows_in(
    ctx: &Ctx<'_>,
    spec: &TableSpec,
    range: std::ops::Range<usize>,
    widths: &[f32],
) -> Result<Vec<Band>, Vec<Diagnostic>> {
    // Every other body row is shaded, counting again after each section row.
    let mut body_index = 0;
    let shaded: Vec<(&TableRow, bool)> = spec.rows[..range.end.min(spec.rows.len())]
        .iter()
        .map(|row| {
            let shaded = row.kind == RowKind::Body && body_index % 2 == 1;
            body_index = if row.kind == RowKind::Body {
                body_index + 1
            } else {
                0
            };
            (row, shaded)
        })
        .skip(range.start)
        .collect();
    // Rows are measured on all cores: a card list has a row per card.
    let bands = crate::par::map(&shaded, 256, |(row, shaded)| {
        row_band(ctx, row, widths, (spec.ruled, Reading::of(spec)), *shaded)
    });
    let mut rows = Vec::with_capacity(bands.len());
    let mut problems = Vec::new();
    for (band, (row, _)) in bands.into_iter().zip(&shaded) {
        match band {
            Ok(b) => rows.push(b),
            Err(e) => problems.push(overflow(e, row.loc.as_ref().unwrap_or(&spec.loc), "a cell")),
        }
    }
    if problems.is_empty() {
        Ok(rows)
    } else {
        Err(problems)
    }
}

fn overflow(why: String, loc: &Loc, what: &str) -> Diagnostic {
    crate::error!(
        "table-overflow", Some(*loc), "{what} of a table does not fit: {why}";
        hint: "shorten the text or give the column more width"
    )
}

/// The fonts and style a table is measured with.
struct Ctx<'a> {
    family: &'a Family,
    book: &'a FontBook,
    style: &'a TableStyle,
    /// Only heights are wanted: text is measured, not set.
    measure: bool,
    /// Cell texts fitted before in this table (a card list's column of the
    /// same few values), each fitted once.
    memo: Option<&'a FitMemo>,
}

impl<'a> Ctx<'a> {
    /// Text set, not only measured.
    fn new(family: &'a Family, book: &'a FontBook, style: &'a TableStyle) -> Ctx<'a> {
        Ctx {
            family,
            book,
            style,
            measure: false,
            memo: None,
        }
    }
}

/// Text fitted into a box of `width`; its items (relative to the box) and height.
fn fit(
    ctx: &Ctx<'_>,
    text: &str,
    width: f32,
    size: f32,
    min_size: f32,
    cell_style: Style,
    align: Align,
) -> Result<(Vec<Item>, f32), String> {
    let (family, book, leading) = (ctx.family, ctx.book, ctx.style.leading);
    if text.trim().is_empty() {
        return Ok((Vec::new(), 0.0));
    }
    let request = FitRequest {
        text,
        family,
        style: cell_style,
        width: width.max(1.0),
        height: f32::MAX,
        size,
        min_size: min_size.min(size),
        leading,
        align,
        valign: VAlign::Top,
    };
    let place = cell_place(&request);
    if ctx.measure {
        if let Some(bottom) = ctx.memo.and_then(|m| m.bottom(place, text)) {
            return Ok((Vec::new(), bottom));
        }
        let bottom = measure_text(&request, book).map_err(|e| fit_problem(text, width, e))?;
        if let Some(memo) = ctx.memo {
            memo.keep(place, text, None, bottom);
        }
        return Ok((Vec::new(), bottom));
    }
    if let Some(kept) = ctx.memo.and_then(|m| m.items(place, text)) {
        return Ok(kept);
    }
    let fit = fit_text(&request, book).map_err(|e| fit_problem(text, width, e))?;
    let bottom = fit.bottom;
    let items = fit_items(fit, 0.0, 0.0, book);
    if let Some(memo) = ctx.memo {
        memo.keep(place, text, Some(&items), bottom);
    }
    Ok((items, bottom))
}

/// Where a cell's text is fitted, for [`FitMemo`]: its width, size, smallest
/// size, style and alignment (the family is the table's).
fn cell_place(request: &FitRequest<'_>) -> [u32; 4] {
    let align = match request.align {
        Align::Left => 0,
        Align::Center => 1,
        Align::Right => 2,
    };
    let style = u32::from(request.style.is_bold()) | u32::from(request.style.is_italic()) << 1;
    [
        request.width.to_bits(),
        request.size.to_bits(),
        request.min_size.to_bits(),
        style | align << 2,
    ]
}

/// Why a cell's text does not fit, in words.
fn fit_problem(text: &str, width: f32, error: FitError) -> String {
    match error {
        FitError::Overflow { widest_word, .. } => {
            format!("\"{text}\" has a word {widest_word:.0} pt wide in a {width:.0} pt cell")
        }
        FitError::MissingGlyphs(chars) => format!(
            "\"{text}\" uses characters the font lacks: {}",
            chars
                .iter()
                .map(|c| format!("U+{:04X}", *c as u32))
                .collect::<Vec<_>>()
                .join(" ")
        ),
    }
}

fn title_bar(
    ctx: &Ctx<'_>,
    text: &str,
    (rule, reading): (Option<&str>, Reading),
    width: f32,
) -> Result<Band, String> {
    let style = ctx.style;
    let s = style.title_size;
    let rule_text = rule.map(|r| format!("({r})"));
    let (rule_items, _) = match &rule_text {
        Some(r) => fit(
            ctx,
            r,
            width - 2.0 * style.pad_x,
            s,
            s,
            Style::Bold,
            Align::Right,
        )?,
        None => (Vec::new(), 0.0),
    };
    let rule_width = rule_items
        .iter()
        .map(|i| match i {
            Item::Text(t) => t.width,
            _ => 0.0,
        })
        .sum::<f32>();
    let text_width =
        width - 2.0 * style.pad_x - rule_width - if rule_width > 0.0 { 6.0 } else { 0.0 };
    let (items, h) = fit(
        ctx,
        text,
        text_width,
        s,
        style.min_size,
        Style::Bold,
        Align::Left,
    )?;
    let height = h + 2.0 * style.pad_y + 1.0;
    let mut band = Band {
        height,
        items: Vec::new(),
    };
    let tagged = ctx.style.tagged;
    if tagged {
        // Notes' title is a paragraph of theirs, a table's or list's its caption.
        band.items.push(Item::start(match reading {
            Reading::Notes => Role::Paragraph,
            _ => Role::Caption,
        }));
    }
    band.items
        .push(Geometry::rect(0.0, 0.0, width, height, 0.0).filled(Ink::Gray(style.title_gray)));
    let top = style.pad_y + 0.5;
    band.items
        .extend(items.iter().map(|i| i.translated(style.pad_x, top)));
    band.items
        .extend(rule_items.iter().map(|i| i.translated(style.pad_x, top)));
    band.items
        .push(Geometry::rect(0.0, 0.0, width, height, 0.0).stroked(Stroke::solid(style.rule)));
    if tagged {
        band.items.push(Item::end());
    }
    Ok(band)
}

/// A swatch's width and height in a table cell.
const SWATCH: (f32, f32) = (16.0, 11.0);

fn row_band(
    ctx: &Ctx<'_>,
    row: &TableRow,
    widths: &[f32],
    (ruled, reading): (bool, Reading),
    shaded: bool,
) -> Result<Band, String> {
    let style = ctx.style;
    // Each cell's box: left edge and width from the columns it spans.
    let mut boxes = Vec::new();
    let mut col = 0;
    for cell in &row.cells {
        let span = cell.span.min(widths.len().saturating_sub(col)).max(1);
        let left: f32 = widths[..col.min(widths.len())].iter().sum();
        let w: f32 = widths[col.min(widths.len())..(col + span).min(widths.len())]
            .iter()
            .sum();
        boxes.push((left, w));
        col += span;
    }
    let total: f32 = widths.iter().sum();
    let mut fitted = Vec::new();
    let mut inner: f32 = 0.0;
    for (cell, (_, w)) in row.cells.iter().zip(&boxes) {
        let size = cell_size(style, cell);
        let cell_style = cell_face(row, cell);
        let room = if cell.swatch.is_some() {
            SWATCH.0 + style.pad_x
        } else {
            0.0
        };
        let (mut items, h) = fit(
            ctx,
            &cell.text,
            w - 2.0 * style.pad_x - room,
            size,
            style.min_size.min(size),
            cell_style,
            cell.align,
        )?;
        for item in &mut items {
            item.translate(room, 0.0);
        }
        let h = if cell.swatch.is_some() {
            h.max(SWATCH.1)
        } else {
            h
        };
        inner = inner.max(h);
        fitted.push((items, h));
    }
    let pad_y = if ruled {
        style.pad_y
    } else {
        style.pad_y * 0.5
    };
    let height = inner + 2.0 * pad_y;
    let mut band = Band {
        height,
        items: Vec::new(),
    };
    let gray = match row.kind {
        RowKind::Header => Some(style.header_gray),
        RowKind::Section => Some(style.section_gray),
        RowKind::Body if shaded => Some(style.shade_gray),
        RowKind::Body => None,
    };
    // Tagged as a row of header cells or cells (a tagged PDF's table), or
    // as a list's item: the step's number or mark its label, the rest its body.
    let tagged = ctx.style.tagged;
    if tagged {
        band.items.push(Item::start(match reading {
            Reading::List => Role::ListItem,
            Reading::Notes => Role::Paragraph,
            Reading::Table { .. } => Role::TableRow,
        }));
    }
    if let (true, Some(gray)) = (ruled, gray) {
        band.items
            .push(Geometry::rect(0.0, 0.0, total, height, 0.0).filled(Ink::Gray(gray)));
    }
    let row_headers = reading == Reading::Table { row_headers: true };
    let cell_role = |k: usize| match row.kind {
        RowKind::Header => Role::TableHeader,
        RowKind::Section => Role::RowHeader,
        RowKind::Body if row_headers && k == 0 && row.cells.len() > 1 => Role::RowHeader,
        RowKind::Body => Role::TableCell,
    };
    // A list item's label and whether its body is open.
    let (mut labelled, mut body) = (!row.step, false);
    for (k, (((items, h), (left, _)), c)) in
        fitted.into_iter().zip(&boxes).zip(&row.cells).enumerate()
    {
        // Ruled cells sit in the middle of their row; flowed text hangs from the top.
        let top = if ruled {
            pad_y + (inner - h) / 2.0
        } else {
            pad_y
        };
        if let Some(swatch) = &c.swatch {
            let y = pad_y + (inner - SWATCH.1) / 2.0;
            band.items.extend(super::map_legend::swatch_items(
                swatch,
                [left + style.pad_x, y, SWATCH.0, SWATCH.1],
                None,
                // The terrain's icon, as the map draws it.
                &ctx.book.icons,
            ));
        }
        let cell = items.into_iter().map(|mut i| {
            i.translate(left + style.pad_x, top);
            i
        });
        if !tagged || reading == Reading::Notes {
            band.items.extend(cell);
        } else if reading != Reading::List {
            band.items.extend(tagged_items(cell_role(k), cell));
        } else if c.text.trim().is_empty() {
            // An empty cell (a sub-step's indent) is no part of the item.
            band.items.extend(cell);
        } else if !labelled && k + 1 < row.cells.len() {
            labelled = true;
            band.items.extend(tagged_items(Role::Label, cell));
        } else {
            if !body {
                body = true;
                band.items.push(Item::start(Role::ListBody));
            }
            band.items.extend(cell);
        }
    }
    if body {
        band.items.push(Item::end());
    }
    if ruled {
        band.items
            .push(Geometry::rect(0.0, 0.0, total, height, 0.0).stroked(Stroke::solid(style.rule)));
        for (left, _) in boxes.iter().skip(1) {
            band.items
                .push(Geometry::line(*left, 0.0, *left, height).stroked(Stroke::solid(style.rule)));
        }
    }
    if tagged {
        band.items.push(Item::end());
    }
    Ok(band)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::flow::Flow;
    use crate::model::Paper;

    fn book() -> FontBook {
        crate::load::project_fonts()
    }

    fn spec(rows: usize) -> TableSpec {
        TableSpec {
            title: Some("Table".into()),
            rule: Some("1.1".into()),
            columns: vec![1.0, 2.0],
            preamble: Vec::new(),
            header: vec![TableRow::header(vec![
                Cell::new("Roll"),
                Cell::new("Result"),
            ])],
            rows: (0..rows)
                .map(|i| {
                    TableRow::body(
                        vec![Cell::new(i.to_string()), Cell::new("Some **result** text")],
                        None,
                    )
                })
                .collect(),
            ruled: true,
            loc: Loc::new(0, 0..0),
        }
    }

    /// Rows measured and set with a memo of their cells (one text on many
    /// rows fitted once) are the rows measured and set without one, in
    /// every column, whether a text was measured first or set first.
    #[test]
    fn a_memo_of_cells_changes_no_row() {
        let book = book();
        let family = &book.families[0];
        let style = TableStyle::default();
        let mut table = spec(0);
        // Columns of one width: only the style tells their cells' places apart.
        table.columns = vec![1.0, 1.0];
        let texts = [
            "Attacker Only",
            "Play **after** the roll, before losses",
            "2",
        ];
        table.rows = (0..30)
            .map(|i| {
                let cell = |k: usize| Cell::new(texts[(i + k) % texts.len()]);
                TableRow::body(vec![cell(0), cell(1).italic()], None)
            })
            .collect();
        let rows = 0..table.rows.len();
        let plain = (&book.families[0], &book, None);
        let columns = [150.0, 150.0];
        let heights =
            measure_rows(&table, rows.clone(), &columns, plain, &style).expect("measures");
        let bands = lay_out_rows(&table, rows.clone(), &columns, plain, &style).expect("sets");
        let measured_first = FitMemo::default();
        let with = (family, &book, Some(&measured_first));
        assert_eq!(
            measure_rows(&table, rows.clone(), &columns, with, &style).expect("measures"),
            heights
        );
        let set = lay_out_rows(&table, rows.clone(), &columns, with, &style).expect("sets");
        assert_eq!(set.len(), bands.len());
        for (a, b) in set.iter().zip(&bands) {
            assert_eq!((a.height, &a.items), (b.height, &b.items));
        }
        let set_first = FitMemo::default();
        let with = (family, &book, Some(&set_first));
        let set = lay_out_rows(&table, rows.clone(), &columns, with, &style).expect("sets");
        for (a, b) in set.iter().zip(&bands) {
            assert_eq!((a.height, &a.items), (b.height, &b.items));
        }
        assert_eq!(
            measure_rows(&table, rows, &columns, with, &style).expect("measures"),
            heights
        );
    }

    /// Only a table laid out for a tagged document carries tags: one row
    /// element per row, one cell element per cell; others carry none.
    #[test]
    fn rows_are_tagged_only_when_the_table_is_to_be_read_by_its_tags() {
        let book = book();
        let family = &book.families[0];
        let tags = |laid: &LaidTable| -> (usize, usize) {
            let starts = |role: Role| {
                laid.header
                    .iter()
                    .chain(&laid.rows)
                    .flat_map(|b| &b.items)
                    .filter(
                        |i| matches!(i, Item::Tag(super::super::doc::Tag::Start(r)) if *r == role),
                    )
                    .count()
            };
            (
                starts(Role::TableRow),
                starts(Role::TableCell) + starts(Role::TableHeader),
            )
        };
        let plain = lay_out_table(
            &spec(12),
            300.0,
            (family, &book),
            &TableStyle::default(),
            &Words::default(),
        )
        .expect("measures");
        assert_eq!(tags(&plain), (0, 0));
        let style = TableStyle {
            tagged: true,
            ..TableStyle::default()
        };
        let tagged = lay_out_table(&spec(12), 300.0, (family, &book), &style, &Words::default())
            .expect("measures");
        let rows = tagged.header.len() + tagged.rows.len();
        assert_eq!(tags(&tagged), (rows, rows * 2));
    }

    /// A tagged table's items as roles and texts (runs joined without
    /// their spaces): `TableHead[TableRow[TableHeader[Roll]…]]`.
    fn tag_outline(laid: &LaidTable) -> String {
        use super::super::doc::Tag;
        let mut out = String::new();
        let bands = laid.title.iter().chain(&laid.header).chain(&laid.rows);
        for item in bands.flat_map(|b| &b.items) {
            match item {
                Item::Tag(Tag::Start(role)) => out.push_str(&format!("{role:?}[")),
                Item::Tag(Tag::End) => out.push(']'),
                Item::Text(t) => out.push_str(&t.text),
                _ => {}
            }
        }
        out
    }

    #[test]
    fn a_tagged_table_has_a_head_and_body_row_headers_without_a_header_row_and_steps_are_a_list() {
        let book = book();
        let family = &book.families[0];
        let style = TableStyle {
            tagged: true,
            ..TableStyle::default()
        };
        let lay = |spec: &TableSpec| {
            lay_out_table(spec, 300.0, (family, &book), &style, &Words::default())
                .expect("measures")
        };
        let mut table = spec(1);
        table.title = None;
        assert_eq!(table.role(), Role::Table);
        assert_eq!(
            tag_outline(&lay(&table)),
            "TableHead[TableRow[TableHeader[Roll]TableHeader[Result]]]\
             TableBody[TableRow[TableCell[0]TableCell[Someresulttext]]]"
        );
        // No header row: each row's first cell heads it; a section band too.
        table.header.clear();
        table.rows.push(TableRow::section("Later", 2, None));
        assert_eq!(
            tag_outline(&lay(&table)),
            "TableBody[TableRow[RowHeader[0]TableCell[Someresulttext]]\
             TableRow[RowHeader[Later]]]"
        );
        // Rows of one cell are paragraphs.
        let notes = TableSpec {
            rows: vec![TableRow::body(vec![Cell::new("A note.")], None)],
            ..table.clone()
        };
        assert_eq!(notes.role(), Role::Callout);
        assert_eq!(tag_outline(&lay(&notes)), "Paragraph[A note.]");
        // Steps: items labelled by their number, an empty cell left out.
        let steps = TableSpec {
            rows: vec![
                TableRow::section("Phase", 3, None),
                TableRow::step(vec![Cell::new("1)"), Cell::new("Move.")], None),
                TableRow::step(
                    vec![Cell::new(""), Cell::new("◇"), Cell::new("Trace.")],
                    None,
                ),
            ],
            columns: vec![1.0, 1.0, 8.0],
            ..table
        };
        assert_eq!(steps.role(), Role::List);
        assert_eq!(
            tag_outline(&lay(&steps)),
            "ListItem[ListBody[Phase]]\
             ListItem[Label[1)]ListBody[Move.]]\
             ListItem[Label[◇]ListBody[Trace.]]"
        );
    }

    #[test]
    fn columns_short_of_a_whole_cell_take_width_from_the_others_in_proportion() {
        let mut widths = [60.0, 30.0, 10.0];
        columns::widen_to_needs(&mut widths, &[0.0, 0.0, 25.0], &[0.0; 3]);
        // 15 points taken: 10 from the first (room 60), 5 from the second (room 30).
        assert_eq!(widths, [50.0, 25.0, 25.0]);
        // The room is too little: nothing moves.
        let mut widths = [10.0, 10.0];
        columns::widen_to_needs(&mut widths, &[8.0, 13.0], &[0.0; 2]);
        assert_eq!(widths, [10.0, 10.0]);
        // A column already wide enough keeps its width.
        let mut widths = [40.0, 60.0];
        columns::widen_to_needs(&mut widths, &[30.0, 0.0], &[0.0; 2]);
        assert_eq!(widths, [40.0, 60.0]);
        // A floor (a column's longest word) is kept: the room is above it.
        // 15 taken: the first's room is 60 - 0, the second's 30 - 27 = 3.
        let mut widths = [60.0, 30.0, 10.0];
        columns::widen_to_needs(&mut widths, &[0.0, 0.0, 25.0], &[0.0, 27.0, 0.0]);
        assert!(
            (widths[1] - (30.0 - 15.0 * 3.0 / 63.0)).abs() < 1e-4,
            "{widths:?}"
        );
        assert!(widths[1] >= 27.0 && (widths.iter().sum::<f32>() - 100.0).abs() < 1e-3);
    }

    /// The lines a laid band's text falls on, by baseline.
    fn baselines(band: &Band, from_x: f32) -> Vec<f32> {
        let mut ys: Vec<f32> = band
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Text(t) if t.x >= from_x => Some(t.y),
                _ => None,
            })
            .collect();
        ys.dedup();
        ys
    }

    #[test]
    fn a_whole_cell_is_set_on_one_line_in_a_column_too_narrow_by_weight() {
        let book = book();
        let family = &book.families[0];
        let style = TableStyle::default();
        let odds = "11/36 (30.6%)";
        let mut table = spec(0);
        table.columns = vec![6.0, 6.0, 2.0];
        let row = |whole: bool| {
            let cell = Cell::new(odds).center().small();
            let cell = if whole { cell.whole() } else { cell };
            TableRow::body(
                vec![Cell::new("7-8"), Cell::new("D: Situational"), cell],
                None,
            )
        };
        table.header = Vec::new();
        table.rows = vec![row(false)];
        let narrow = lay_out_table(&table, 270.0, (family, &book), &style, &Words::default())
            .expect("lays out");
        let odds_x = narrow.columns[0] + narrow.columns[1];
        assert!(
            baselines(&narrow.rows[0], odds_x).len() > 1,
            "wraps by weight"
        );
        table.rows = vec![row(true)];
        let laid = lay_out_table(&table, 270.0, (family, &book), &style, &Words::default())
            .expect("lays out");
        let odds_x = laid.columns[0] + laid.columns[1];
        assert_eq!(baselines(&laid.rows[0], odds_x).len(), 1);
        // The text lies inside its cell, and the table keeps its width.
        let right: f32 = laid.rows[0]
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Text(t) if t.x >= odds_x => Some(t.x + t.width),
                _ => None,
            })
            .fold(0.0, f32::max);
        assert!(right <= 270.0 - style.pad_x + 0.01, "{right}");
        assert!((laid.columns.iter().sum::<f32>() - 270.0).abs() < 0.01);
    }

    #[test]
    fn a_column_gives_width_to_a_whole_cell_only_down_to_its_longest_word() {
        let book = book();
        let family = &book.families[0];
        let style = TableStyle::default();
        let mut table = spec(0);
        table.header = vec![TableRow::header(vec![
            Cell::new("Loss?"),
            Cell::new("Retreat?"),
            Cell::new("Odds at net 0").whole(),
        ])];
        table.rows = vec![TableRow::body(
            vec![
                Cell::new("A2"),
                Cell::new("D: Situational"),
                Cell::new("11/36 (30.6%)").whole(),
            ],
            None,
        )];
        let ctx = Ctx::new(family, &book, &style);
        let (_, words) = columns::column_needs(&ctx, &table);
        let bold = book.face(family.face(Style::Bold));
        let loss = bold.width("Loss?", style.size) + 2.0 * style.pad_x;
        // By weight the first column is a point wider than its header's
        // word; the third's whole cell needs width from the other two.
        table.columns = vec![loss + 1.0, 240.0 - loss - 1.0 - 40.0, 40.0];
        let columns = table_columns(&table, 240.0, family, &book, &style);
        assert!(words[0] >= loss, "{words:?}");
        assert!(columns[0] >= loss, "{columns:?} keep {loss}");
        let odds = columns::one_line_width(&ctx, &table.header[0], &table.header[0].cells[2]);
        assert!(columns[2] >= odds + 2.0 * style.pad_x - 1e-3, "{columns:?}");
        assert!((columns.iter().sum::<f32>() - 240.0).abs() < 0.01);
        // Without whole cells the weights stand, a column narrower than
        // its word included.
        for row in table.header.iter_mut().chain(table.rows.iter_mut()) {
            for cell in &mut row.cells {
                cell.whole = false;
            }
        }
        table.columns = vec![10.0, 190.0, 40.0];
        let plain = table_columns(&table, 240.0, family, &book, &style);
        assert!(
            plain
                .iter()
                .zip(&table.columns)
                .all(|(a, b)| (a - b).abs() < 1e-3),
            "{plain:?}"
        );
    }

    #[test]
    fn long_table_repeats_its_header_and_never_splits_a_row() {
        let book = book();
        let family = &book.families[0];
        let laid = lay_out_table(
            &spec(200),
            300.0,
            (family, &book),
            &TableStyle::default(),
            &Words::default(),
        )
        .expect("lays out");
        let mut flow = Flow::new(Paper::LETTER, 36.0);
        place_table(&mut flow, laid, 0.0).expect("places");
        assert!(flow.pages.len() > 1);
        for page in &flow.pages {
            let texts: Vec<&str> = page
                .items
                .iter()
                .filter_map(|i| match i {
                    Item::Text(t) => Some(&*t.text),
                    _ => None,
                })
                .collect();
            assert!(texts.contains(&"Roll"), "header on every page");
            for item in &page.items {
                if let Item::Text(t) = item {
                    assert!(t.y < Paper::LETTER.height - 36.0, "inside the margin");
                }
            }
        }
    }

    #[test]
    fn a_row_taller_than_a_page_is_an_overflow_not_clipped() {
        let book = book();
        let family = &book.families[0];
        let mut s = spec(3);
        s.rows[1].cells[1].text = "line\n".repeat(120);
        s.rows[1].loc = Some(Loc::new(0, 7..9));
        let laid = lay_out_table(
            &s,
            300.0,
            (family, &book),
            &TableStyle::default(),
            &Words::default(),
        )
        .expect("measures");
        let mut flow = Flow::new(Paper::LETTER, 36.0);
        let err = place_table(&mut flow, laid, 0.0).expect_err("cannot place");
        assert_eq!(err.id, "table-overflow");
        assert_eq!(err.loc, Some(Loc::new(0, 7..9)));
    }

    #[test]
    fn a_word_too_wide_is_an_overflow() {
        let book = book();
        let family = &book.families[0];
        let mut s = spec(1);
        s.rows[0].cells[1].text = "Supercalifragilisticexpialidocious".repeat(3);
        let err = lay_out_table(
            &s,
            200.0,
            (family, &book),
            &TableStyle::default(),
            &Words::default(),
        )
        .expect_err("overflows");
        assert_eq!(err[0].id, "table-overflow");
    }
}
