//! Layout stage, rulebook pipe tables: from a Markdown pipe table's cells,
//! to the ruled table the `table` engine sets, and from its set pieces and
//! its cells' links, to the links' areas on those pieces.

use super::blocks::CellLinks;
use super::pieces::{LinkArea, Piece};
use crate::diag::Loc;
use crate::layout::doc::{Item, Role};
use crate::layout::table::{Cell, TableRow, TableSpec};
use crate::model::Align;
use crate::text::FontBook;

/// A Markdown pipe table as a ruled table: a header row over the body rows,
/// columns weighted by their longest cell.
pub(super) fn pipe_table_spec(
    header: &[String],
    rows: &[Vec<String>],
    aligns: &[Align],
) -> TableSpec {
    let columns = aligns.len().max(header.len()).max(1);
    let cell = |text: &str, k: usize| {
        let c = Cell::new(text);
        match aligns.get(k) {
            Some(Align::Center) => c.center(),
            Some(Align::Right) => c.right(),
            _ => c,
        }
    };
    let weights = (0..columns)
        .map(|k| {
            std::iter::once(header)
                .chain(rows.iter().map(Vec::as_slice))
                .filter_map(|r| r.get(k))
                .map(|t| t.chars().count())
                .max()
                .unwrap_or(1)
                .clamp(3, 40) as f32
        })
        .collect();
    TableSpec {
        title: None,
        rule: None,
        columns: weights,
        preamble: Vec::new(),
        header: vec![TableRow::header(
            header.iter().enumerate().map(|(k, t)| cell(t, k)).collect(),
        )],
        rows: rows
            .iter()
            .map(|r| {
                TableRow::body(
                    (0..columns)
                        .map(|k| cell(r.get(k).map_or("", String::as_str), k))
                        .collect(),
                    None,
                )
            })
            .collect(),
        ruled: true,
        loc: Loc::new(0, 0..0),
    }
}

/// The links of a pipe table's cells (`cells`) as areas of its pieces (as
/// set by [`table_pieces`]: each row a `TR` element, each cell a `TH` or
/// `TD` holding its text), found by counting the letters of each cell's
/// text runs as a paragraph's links are counted.
pub(super) fn cell_link_areas(pieces: &mut [Piece], cells: &[CellLinks], book: &FontBook) {
    use crate::layout::doc::Tag;
    if cells.is_empty() {
        return;
    }
    // The row (0 the header) and column of the cell being read, and the
    // depth of the elements open in it.
    let (mut row, mut column): (Option<usize>, Option<usize>) = (None, None);
    let mut depth = 0usize;
    let mut next_cell = 0;
    for piece in pieces.iter_mut() {
        let mut areas: Vec<LinkArea> = Vec::new();
        // The cell's links, its letters counted so far, and its first link not yet ended.
        let mut cell: Option<(&CellLinks, usize, usize)> = None;
        for item in &piece.items {
            match item {
                Item::Tag(Tag::Start(role)) if depth == 0 => match role {
                    Role::TableRow => {
                        row = Some(row.map_or(0, |r| r + 1));
                        column = None;
                    }
                    Role::TableHeader | Role::TableCell => {
                        let c = column.map_or(0, |c| c + 1);
                        column = Some(c);
                        depth = 1;
                        // The cells with links come in reading order, as the cells do.
                        let here = (row.unwrap_or(0), c);
                        while cells
                            .get(next_cell)
                            .is_some_and(|l| (l.row, l.column) < here)
                        {
                            next_cell += 1;
                        }
                        cell = cells
                            .get(next_cell)
                            .filter(|l| (l.row, l.column) == here)
                            .map(|l| (l, 0, 0));
                    }
                    _ => {}
                },
                Item::Tag(Tag::Start(_)) => depth += 1,
                Item::Tag(Tag::End) if depth > 0 => {
                    depth -= 1;
                    if depth == 0 {
                        cell = None;
                    }
                }
                Item::Text(t) => {
                    let Some((links, solid, next)) = cell.as_mut() else {
                        continue;
                    };
                    let face = book.face(t.face);
                    let mut x = t.x;
                    for (chars, g) in crate::text::clusters(&t.text, &t.glyphs) {
                        let w = g.advance / face.units_per_em * t.size;
                        for _ in chars
                            .chars()
                            .filter(|c| !c.is_whitespace() && *c != crate::text::HYPHEN)
                        {
                            // Links come in order: each letter looks at one.
                            while links
                                .links
                                .get(*next)
                                .is_some_and(|l| l.chars.end <= *solid)
                            {
                                *next += 1;
                            }
                            let link = links.links.get(*next).filter(|l| l.chars.contains(solid));
                            if let Some(link) = link {
                                let top = t.y - t.size;
                                match areas.last_mut() {
                                    Some(LinkArea {
                                        area: [x0, y0, w0, _],
                                        title,
                                    }) if *title == link.title && (*y0 - top).abs() < 0.5 => {
                                        *w0 = x + w - *x0;
                                    }
                                    _ => areas.push(LinkArea {
                                        area: [x, top, w, t.size * 1.25],
                                        title: link.title.clone(),
                                    }),
                                }
                            }
                            *solid += 1;
                        }
                        x += w;
                    }
                }
                _ => {}
            }
        }
        piece.links.extend(areas);
    }
}
