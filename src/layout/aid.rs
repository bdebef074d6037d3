//! Layout: a player aid — paragraphs, headings, lists, values rows, chart
//! tables and the blocks drawn from the game's collections (see
//! `aid_data`) — flowed into a column, shrunk to fit the page, and repeated
//! side by side with cut lines.

use super::charts::block_specs;
use super::doc::{Doc, Geometry, Item, Page, Stroke};
use super::table::{TableStyle, lay_out_table};

use crate::diag::{Diagnostic, Loc};
use crate::model::{
    Aid, AidBlock, Align, Game, Icon, Paper, Style, ValueRow, ValueUnit, block_id_title,
};
use crate::text::rich::literal;
use crate::text::{Family, FitError, FontBook};

#[derive(Clone, Debug)]
pub struct AidOptions {
    pub paper: Paper,
    /// Copies side by side, with a dashed cut line between them.
    pub copies: usize,
    /// Margin around each copy's column.
    pub margin: f32,
    /// Preferred and smallest body size, pt.
    pub size: f32,
    pub min_size: f32,
    pub leading: f32,
}

impl Default for AidOptions {
    fn default() -> Self {
        AidOptions {
            paper: Paper::LETTER,
            copies: 2,
            margin: 27.0,
            size: 10.5,
            min_size: 7.0,
            leading: 1.25,
        }
    }
}

/// A column of laid-out blocks and where each block ends.
struct Column {
    items: Vec<Item>,
    height: f32,
    /// (bottom of block, its source location)
    bottoms: Vec<(f32, Loc)>,
}

/// Lays out `aid` on one page, `copies` times side by side. Content that does
/// not fit even at `min_size` is an `aid-overflow` diagnostic.
pub fn lay_out_aid(
    game: &Game,
    aid: &Aid,
    icons: &[Icon],
    family: &Family,
    book: &FontBook,
    options: &AidOptions,
) -> Result<Doc, Vec<Diagnostic>> {
    let copies = options.copies.max(1);
    let slot = options.paper.width / copies as f32;
    let width = slot - 2.0 * options.margin;
    let height = options.paper.height - 2.0 * options.margin;
    let mut size = options.size;
    let column = loop {
        let setter = Setter {
            family,
            book,
            icons,
            width,
            size,
            leading: options.leading,
            items: Vec::new(),
            problems: Vec::new(),
        };
        let column = lay_out_column(game, aid, setter)?;
        if column.height <= height {
            break column;
        }
        if size <= options.min_size {
            let (bottom, loc) = column
                .bottoms
                .iter()
                .find(|(bottom, _)| *bottom > height)
                .cloned()
                .unwrap_or((column.height, aid.loc));
            return Err(vec![crate::error!(
                "aid-overflow", Some(loc),
                "aid \"{}\" does not fit the page even at {} pt: this block ends {:.0} pt below the bottom margin",
                aid.title, options.min_size, bottom - height;
                hint: "the aid needs {:.0} pt of the {:.0} pt available; shorten the text or print fewer copies per page",
                column.height, height
            )]);
        }
        size = (size - 0.25).max(options.min_size);
    };
    let mut page = Page {
        width: options.paper.width,
        height: options.paper.height,
        items: Vec::new(),
    };
    for copy in 0..copies {
        let dx = copy as f32 * slot + options.margin;
        page.items.extend(
            column
                .items
                .iter()
                .map(|i| i.translated(dx, options.margin)),
        );
        if copy > 0 {
            let x = copy as f32 * slot;
            page.items.push(
                Geometry::line(x, 0.0, x, options.paper.height).stroked(Stroke {
                    width: 0.5,
                    dash: Some((4.0, 3.0)),
                }),
            );
        }
    }
    Ok(Doc {
        title: format!("{} — {}", game.name, aid.title),
        lang: None,
        pages: vec![page],
    })
}

/// What sets an aid's column: its fonts, icons and measures, and the items
/// and problems so far.
pub(super) struct Setter<'a> {
    pub family: &'a Family,
    pub book: &'a FontBook,
    pub icons: &'a [Icon],
    /// The column's width, pt.
    pub width: f32,
    /// The body size, pt.
    pub size: f32,
    pub leading: f32,
    pub items: Vec<Item>,
    pub problems: Vec<Diagnostic>,
}

impl Setter<'_> {
    /// Sets rich `text` at `scale` times the body size into `w` at
    /// (`left`, `top`); returns its height (0 and a problem at `loc` if it
    /// cannot be set).
    #[allow(clippy::too_many_arguments)]
    pub fn text(
        &mut self,
        text: &str,
        loc: &Loc,
        left: f32,
        top: f32,
        w: f32,
        scale: f32,
        style: Style,
        align: Align,
    ) -> f32 {
        let size = self.size * scale;
        match fit_paragraph(
            text,
            self.family,
            self.book,
            w,
            size,
            self.leading,
            style,
            align,
        ) {
            Ok((items, h)) => {
                self.items
                    .extend(items.into_iter().map(|i| i.translated(left, top)));
                h
            }
            Err(d) => {
                self.problems.push(d.with_loc(*loc));
                0.0
            }
        }
    }
}

fn lay_out_column(game: &Game, aid: &Aid, mut s: Setter<'_>) -> Result<Column, Vec<Diagnostic>> {
    let mut bottoms = Vec::new();
    let (width, size) = (s.width, s.size);
    let gap = size * 0.6;
    let indent = size * 1.1;
    let mut y = 0.0;
    if aid.print_title && !aid.title.trim().is_empty() {
        let title = format!("**{}**", literal(aid.title.trim()));
        y += s.text(
            &title,
            &aid.loc,
            0.0,
            y,
            width,
            1.35,
            Style::Regular,
            Align::Center,
        ) + gap;
        bottoms.push((y, aid.loc));
    }
    for block in &aid.blocks {
        let loc = match block {
            AidBlock::Paragraph { text, small } => {
                let scale = if *small { 0.8 } else { 1.0 };
                y += s.text(
                    &text.value,
                    &text.loc,
                    0.0,
                    y,
                    width,
                    scale,
                    Style::Regular,
                    Align::Left,
                );
                text.loc
            }
            AidBlock::Heading { text, level } => {
                let scale = if *level == 1 { 1.7 } else { 1.15 };
                // A heading under other blocks stands further from what is
                // above it than from what it heads.
                if y > 0.0 {
                    y += gap;
                }
                y += s.text(
                    &text.value,
                    &text.loc,
                    0.0,
                    y,
                    width,
                    scale,
                    Style::Bold,
                    Align::Left,
                );
                text.loc
            }
            AidBlock::Forces { loc, side, label } => {
                let side = side.as_ref().map(|s| s.value.as_str());
                let label = label.as_deref().unwrap_or(&game.words.forces);
                for line in forces_lines(game, side, label) {
                    y += s.text(&line, loc, 0.0, y, width, 1.0, Style::Regular, Align::Left);
                }
                *loc
            }
            AidBlock::List(items) => {
                for (n, item) in items.iter().enumerate() {
                    if n > 0 {
                        y += gap * 0.5;
                    }
                    s.text(
                        "•",
                        &item.loc,
                        0.0,
                        y,
                        indent,
                        1.0,
                        Style::Regular,
                        Align::Left,
                    );
                    y += s.text(
                        &item.value,
                        &item.loc,
                        indent,
                        y,
                        width - indent,
                        1.0,
                        Style::Regular,
                        Align::Left,
                    );
                }
                items.first().map_or_else(|| aid.loc, |i| i.loc)
            }
            AidBlock::Values {
                heading,
                unit,
                rows,
                loc,
            } => {
                y += s.text(
                    &heading.value,
                    &heading.loc,
                    0.0,
                    y,
                    width,
                    1.0,
                    Style::Regular,
                    Align::Left,
                ) + gap * 0.3;
                // Two rows to a line as the printed aid has them, when every
                // row fits half the column on one line; else one per line.
                let texts: Vec<String> = rows.iter().map(|r| value_text(r, unit)).collect();
                let one_line = size * s.leading + 0.5;
                let paired = texts.iter().all(|t| {
                    fit_paragraph(
                        t,
                        s.family,
                        s.book,
                        width / 2.0,
                        size,
                        s.leading,
                        Style::Regular,
                        Align::Left,
                    )
                    .is_ok_and(|(_, h)| h <= one_line)
                });
                let per_line = if paired { 2 } else { 1 };
                let cell = width / per_line as f32;
                for line in texts.chunks(per_line) {
                    let mut line_height: f32 = 0.0;
                    for (i, text) in line.iter().enumerate() {
                        line_height = line_height.max(s.text(
                            text,
                            loc,
                            i as f32 * cell,
                            y,
                            cell,
                            1.0,
                            Style::Regular,
                            Align::Left,
                        ));
                    }
                    y += line_height;
                }
                *loc
            }
            AidBlock::Table(id) => {
                // A table no chart has is reported by validate.
                if let Some(block) = chart_block(game, &id.value) {
                    let style = table_style(size);
                    for (n, spec) in block_specs(block, false).iter().enumerate() {
                        if n > 0 {
                            y += gap * 0.5;
                        }
                        match lay_out_table(spec, width, (s.family, s.book), &style, &game.words) {
                            Ok(table) => {
                                let band = table.as_band();
                                s.items
                                    .extend(band.items.iter().map(|i| i.translated(0.0, y)));
                                y += band.height;
                            }
                            Err(e) => s.problems.extend(e),
                        }
                    }
                }
                id.loc
            }
            AidBlock::Items {
                collection,
                columns,
                empty,
                loc,
            } => {
                y = super::aid_data::items(&mut s, game, collection, columns, empty, loc, y);
                *loc
            }
            AidBlock::Chain {
                collection,
                field,
                note,
            } => {
                y = super::aid_data::chain(&mut s, game, collection, field, note.as_ref(), y);
                collection.loc
            }
            AidBlock::Dice {
                collection,
                faces,
                expected,
                legend,
            } => {
                y = super::aid_data::dice(
                    &mut s,
                    game,
                    collection,
                    faces,
                    expected.as_ref(),
                    *legend,
                    y,
                );
                collection.loc
            }
            AidBlock::Copyright(loc) => {
                for (n, line) in game.copyright.iter().enumerate() {
                    if n > 0 {
                        y += size * 0.1;
                    }
                    y += s.text(line, loc, 0.0, y, width, 0.8, Style::Italic, Align::Left);
                }
                *loc
            }
        };
        bottoms.push((y, loc));
        y += gap;
    }
    let col = Column {
        items: s.items,
        height: (y - gap).max(0.0),
        bottoms,
    };
    if s.problems.is_empty() {
        Ok(col)
    } else {
        Err(s.problems)
    }
}

/// The chart block with this id (the id `grogpress odds` names).
fn chart_block<'g>(game: &'g Game, id: &str) -> Option<&'g crate::model::ChartBlock> {
    game.charts
        .iter()
        .flat_map(|c| &c.blocks)
        .find(|b| block_id_title(b).is_some_and(|(b, _)| b == id))
}

/// The chart set's table style scaled to the aid's body size (which shrinks
/// with the aid until it fits).
fn table_style(size: f32) -> TableStyle {
    let base = TableStyle::default();
    let scale = size / AidOptions::default().size;
    TableStyle {
        size: base.size * scale,
        min_size: base.min_size * scale,
        title_size: base.title_size * scale,
        pad_x: base.pad_x * scale,
        pad_y: base.pad_y * scale,
        ..base
    }
}

/// "In your base line = 1 pt." — non-breaking spaces keep "= 1 pt." together.
fn value_text(row: &ValueRow, unit: &ValueUnit) -> String {
    let unit = if row.value.abs() == 1 {
        &unit.one
    } else {
        &unit.many
    };
    match unit {
        Some(unit) => format!("{}\u{a0}=\u{a0}{}\u{a0}{unit}", row.label, row.value),
        None => format!("{}\u{a0}=\u{a0}{}", row.label, row.value),
    }
}

/// A paragraph fitted at exactly `size` into `width`: its items (relative to
/// its top-left) and its height.
#[allow(clippy::too_many_arguments)]
fn fit_paragraph(
    text: &str,
    family: &Family,
    book: &FontBook,
    width: f32,
    size: f32,
    leading: f32,
    style: Style,
    align: Align,
) -> Result<(Vec<Item>, f32), Diagnostic> {
    let fitted =
        super::block::paragraph_leading(text, family, book, style, size, leading, width, align);
    fitted.map_err(|e| match e {
        FitError::MissingGlyphs(chars) => crate::error!(
            "missing-glyph",
            None,
            "the aid uses characters the font lacks: {}",
            chars
                .iter()
                .map(|c| format!("U+{:04X}", *c as u32))
                .collect::<Vec<_>>()
                .join(" ")
        ),
        FitError::Overflow { widest_word, .. } => crate::error!(
            "aid-overflow",
            None,
            "a word is {widest_word:.0} pt wide, wider than the {width:.0} pt column"
        ),
    })
}

/// The lines a forces block prints: "Forces: ..." for one side (or a game
/// whose forces name no side), else a line per side, "Red: 5 Inf, ...".
fn forces_lines(game: &Game, side: Option<&str>, label: &str) -> Vec<String> {
    let sides = game.force_sides();
    if side.is_some() || sides.is_empty() {
        return vec![game.words.labelled(label, &game.forces_line(side))];
    }
    sides
        .iter()
        .map(|s| game.words.labelled(&s.name, &game.forces_line(Some(&s.id))))
        .collect()
}
