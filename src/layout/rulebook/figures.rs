//! Layout (rulebook): the data a shortcode shows, set as whole pieces for the
//! columns — ruled tables (a chart's blocks with their odds, a random table,
//! a collection, a Markdown pipe table) measured by the `table` engine, and
//! dice drawn face by face with their icons. A table too wide for a column
//! goes across the page; a long table continues in the next column or page
//! with its head repeated (see `columns`).

use super::change_bars::table_rows;
use super::pieces::{Piece, TableHead};
use crate::diag::Diagnostic;
use crate::layout::die_faces::draw_face;
use crate::layout::doc::{Geometry, Item, Stroke, text_items};
use crate::layout::flow::Band;
use crate::layout::table::{TableSpec, TableStyle, lay_out_table};
use crate::model::{Align, Icon, Style, VAlign};
use crate::text::{Family, FitError, FitRequest, FontBook, Words, fit_text};

/// A die of a `dice` shortcode: its name, the value of the field the
/// shortcode names (its role, say) and each face's symbols.
#[derive(Clone, Debug, PartialEq)]
pub struct Die {
    pub name: String,
    pub note: Option<String>,
    pub faces: Vec<String>,
}

/// Room a figure may take: the prose's measure (narrower than the column
/// in one column), a column, and (with two or more columns) the page's width.
#[derive(Clone, Copy, Debug)]
pub struct Room {
    pub measure: f32,
    pub column: f32,
    pub page: f32,
    pub height: f32,
}

/// Why a figure cannot be placed.
pub enum Misfit {
    /// Too tall (or wide) for a column and for the page's width.
    TooBig { width: f32, height: f32 },
    /// A cell's words do not fit even across the page (the table engine's problems).
    Cells(Vec<Diagnostic>),
}

const TABLE_GAP: f32 = 6.0;
const DIE_FACE: f32 = 40.0;
const DIE_GAP: f32 = 5.0;

/// The style of tables in the rulebook: the body size, small odds columns.
fn table_style() -> TableStyle {
    TableStyle {
        size: 8.5,
        min_size: 6.0,
        title_size: 9.5,
        tagged: true,
        ..TableStyle::default()
    }
}

/// The fewest body rows a table taller than a column keeps on each side
/// of a break.
pub(super) const ROWS_AT_BREAK: usize = 3;

/// A ruled table as pieces, at a column's width if its cells fit there, else
/// across the page. A table that fits in a column (or across the page) is
/// one piece: it is never split, and one in a column is a figure, which
/// waits whole for the next column it fits in while the text after it
/// fills this one (see `columns`). A table taller than a column is its
/// title, header and first [`ROWS_AT_BREAK`] rows, then one piece per row,
/// the last [`ROWS_AT_BREAK`] kept together; where the column flow breaks
/// it, the head is set again (see `columns`). Only a row too tall for a
/// column even below the head is a misfit.
/// A table under a heading that names it (`named`, the heading's height:
/// it floats with the table) is whole only where the two fit a column
/// together, unless it is too short to break.
/// A title not `shown` (a heading just above says it) is left out where the
/// table starts but kept, "(continued)", where it goes on: a reader there
/// sees which table it is.
pub fn table_pieces(
    spec: &TableSpec,
    (room, named): (Room, f32),
    family: &Family,
    (book, words): (&FontBook, &Words),
    shown: bool,
) -> Result<Vec<Piece>, Misfit> {
    let style = table_style();
    let (mut table, full_width) = table_at(spec, room, (family, book, words), &style)?;
    // A table at the prose's measure (one column) is set in as the prose is.
    let inset = ((room.column - table.width) / 2.0).max(0.0);
    if inset > 0.0 {
        set_in(&mut table, inset);
    }
    if !shown {
        table.title = None;
    }
    let with_heading = if named > 0.0 { named + TABLE_GAP } else { 0.0 };
    if table.height() + with_heading <= room.height + 1e-3 || table.rows.len() < 2 * ROWS_AT_BREAK {
        if table.height() > room.height + 1e-3 {
            return Err(Misfit::TooBig {
                width: table.width,
                height: table.height(),
            });
        }
        let band = table.as_band();
        let rows = table_rows(
            &table,
            0..table.rows.len(),
            band.height - rows_height(&table),
        );
        return Ok(vec![Piece {
            height: band.height,
            gap: TABLE_GAP,
            items: band.items,
            full_width,
            figure: !full_width,
            float_start: true,
            changes: rows,
            ..Piece::default()
        }]);
    }
    let repeated = Band::stacked(table.continued.iter().chain(&table.header));
    let head = std::sync::Arc::new(TableHead {
        height: repeated.height,
        items: repeated.items,
    });
    // The first piece: everything above the rows, and the first rows with it.
    let first = Band::stacked(
        table
            .title
            .iter()
            .chain(&table.preamble)
            .chain(&table.header)
            .chain(&table.rows[..ROWS_AT_BREAK]),
    );
    let first_rows: f32 = table.rows[..ROWS_AT_BREAK].iter().map(|r| r.height).sum();
    let mut pieces = vec![Piece {
        height: first.height,
        gap: TABLE_GAP,
        items: first.items,
        full_width,
        table: Some(head.clone()),
        changes: table_rows(&table, 0..ROWS_AT_BREAK, first.height - first_rows),
        ..Piece::default()
    }];
    let rows = table.rows.len();
    for (i, row) in table.rows.iter().enumerate().skip(ROWS_AT_BREAK) {
        // A section band goes with the row it heads; the last rows stay together.
        let keep = table.keep_with_next.get(i) == Some(&true)
            || (i + ROWS_AT_BREAK >= rows && i + 1 < rows);
        let kept_below = if keep {
            table.rows.get(i + 1).map_or(0.0, |r| r.height)
        } else {
            0.0
        };
        if head.height + row.height + kept_below > room.height + 1e-3 {
            return Err(Misfit::TooBig {
                width: table.width,
                height: head.height + row.height + kept_below,
            });
        }
        pieces.push(Piece {
            height: row.height,
            gap: 0.0,
            items: row.items.clone(),
            keep_with_next: keep,
            full_width,
            table: Some(head.clone()),
            changes: table_rows(&table, i..i + 1, 0.0),
            ..Piece::default()
        });
    }
    if pieces[0].height > room.height + 1e-3 {
        return Err(Misfit::TooBig {
            width: table.width,
            height: pieces[0].height,
        });
    }
    Ok(pieces)
}

/// A table at the first width its cells fit, and whether that is across
/// the page: the prose's measure (in one column the table then reads as
/// the prose beside it does), else the column, else the page's width.
fn table_at(
    spec: &TableSpec,
    room: Room,
    (family, book, words): (&Family, &FontBook, &Words),
    style: &TableStyle,
) -> Result<(crate::layout::table::LaidTable, bool), Misfit> {
    let mut widths = vec![room.measure.min(room.column)];
    for wider in [room.column, room.page] {
        if widths.last().is_some_and(|&w| wider > w + 1e-3) {
            widths.push(wider);
        }
    }
    let at = |width: f32| lay_out_table(spec, width, (family, book), style, words);
    let mut last = Vec::new();
    for (k, &width) in widths.iter().enumerate() {
        match at(width) {
            // Its columns fit the measure only where no cell's words set
            // smaller there than in the column.
            Ok(t) if width < room.column - 1e-3 => {
                if at(widths[k + 1]).is_ok_and(|wide| smallest_text(&t) >= smallest_text(&wide)) {
                    return Ok((t, false));
                }
            }
            Ok(t) => return Ok((t, width > room.column + 1e-3)),
            Err(e) => last = e,
        }
    }
    Err(Misfit::Cells(last))
}

/// The size of a table's smallest letters (its cells shrink to fit).
fn smallest_text(table: &crate::layout::table::LaidTable) -> f32 {
    let bands = (table.title.iter())
        .chain(&table.preamble)
        .chain(&table.header)
        .chain(&table.rows);
    bands
        .flat_map(|b| &b.items)
        .filter_map(|i| match i {
            Item::Text(t) => Some(t.size),
            _ => None,
        })
        .fold(f32::MAX, f32::min)
}

/// A table's bands moved `dx` to the right.
fn set_in(table: &mut crate::layout::table::LaidTable, dx: f32) {
    let bands = (table.title.iter_mut())
        .chain(table.continued.iter_mut())
        .chain(table.preamble.iter_mut())
        .chain(table.header.iter_mut())
        .chain(table.rows.iter_mut());
    for band in bands {
        for item in &mut band.items {
            item.translate(dx, 0.0);
        }
    }
}

/// How tall a table's body rows are together.
fn rows_height(table: &crate::layout::table::LaidTable) -> f32 {
    table.rows.iter().map(|r| r.height).sum()
}

/// Each die as one piece: its name and role, then its faces in a row, sized
/// to the column, each face's symbols drawn with the game's icons.
pub fn dice_pieces(
    dice: &[Die],
    icons: &[Icon],
    width: f32,
    family: &Family,
    book: &FontBook,
) -> Result<Vec<Piece>, FitError> {
    let mut pieces = Vec::new();
    for die in dice {
        let caption = match &die.note {
            Some(note) => format!("**{}** *{}*", literal(&die.name), literal(note)),
            None => format!("**{}**", literal(&die.name)),
        };
        let request = FitRequest {
            text: &caption,
            family,
            style: Style::Regular,
            width,
            height: f32::MAX,
            size: 9.0,
            min_size: 9.0,
            leading: 1.2,
            align: Align::Left,
            valign: VAlign::Top,
        };
        let fit = fit_text(&request, book)?;
        let top = fit.bottom + 3.0;
        let mut items: Vec<Item> = text_items(fit.lines, fit.size, 0.0, 0.0).collect();
        let n = die.faces.len().max(1) as f32;
        let face = ((width - (n - 1.0) * DIE_GAP) / n).min(DIE_FACE);
        for (k, symbols) in die.faces.iter().enumerate() {
            let x = k as f32 * (face + DIE_GAP);
            items.push(Geometry::rect(x, top, face, face, face * 0.13).stroked(Stroke::solid(0.8)));
            draw_face(&mut items, icons, symbols, x, top, face);
        }
        pieces.push(Piece {
            height: top + face,
            gap: TABLE_GAP,
            items,
            ..Piece::default()
        });
    }
    Ok(pieces)
}

/// Plain text made safe as rich text (stars are literal).
fn literal(text: &str) -> String {
    text.replace('*', "\\*")
}
