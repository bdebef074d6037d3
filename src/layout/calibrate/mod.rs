//! Layout: printer calibration sheets — the two-sided duplex sheet (targets
//! at the centre and near the four corners) and a label sheet's outlines
//! with scales at two corners — each a [`Doc`] whose printed scales read
//! directly as the offsets to type, to a quarter millimetre.

mod duplex;
mod labels;

pub use duplex::lay_out_duplex_calibration;
pub use labels::lay_out_label_calibration;

use super::block::paragraph;
use super::doc::{Geometry, Item, Stroke};
use crate::model::{Align, Style};
use crate::text::{Family, FitError, FontBook};

/// A millimetre in points.
const MM: f32 = 72.0 / 25.4;

/// Size of the numbers along a scale.
const NUMBER_SIZE: f32 = 6.0;

/// Which way a scale runs across the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Axis {
    /// Left to right: readings to the right are positive.
    Across,
    /// Top to bottom: readings downward are positive.
    Down,
}

/// Which side of its scale a row of numbers is printed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    /// Above an across scale, left of a down scale.
    Before,
    /// Below an across scale, right of a down scale.
    After,
}

/// One row of numbers along a scale: at every 5 mm tick, the number to type
/// when the mark being read falls there (`value` of the reading in mm), and
/// a letter at the row's far end saying what the row is for.
struct Numbers {
    side: Side,
    value: fn(i32) -> i32,
    tag: &'static str,
}

/// A ruler centred on (x, y) running `reach` mm either way along `axis`,
/// readable to a quarter millimetre: on one side (above an across scale,
/// left of a down one) a tick every half millimetre, longer at every
/// millimetre, 5 and 10; on the other side a short tick halfway between
/// each pair of those, a quarter millimetre off; and its rows of numbers
/// `clear` mm off it, each row's letter `tag_at` mm along. A thin mark or an
/// edge falls on (or nearest to) one tick of either row: that tick is the
/// reading to 0.25 mm.
struct Ruler<'a> {
    x: f32,
    y: f32,
    axis: Axis,
    reach: i32,
    rows: &'a [Numbers],
    clear: f32,
    tag_at: f32,
}

/// The line widths of a ruler: thin, so a quarter millimetre stays readable
/// (0.2 pt is 0.07 mm).
const RULE_WIDTH: f32 = 0.25;
const TICK_WIDTH: f32 = 0.2;
/// The ticks per millimetre: quarters, the odd ones on the far side.
pub(super) const TICKS_PER_MM: i32 = 4;

impl Ruler<'_> {
    /// The ruler's lines and numbers.
    fn items(&self, family: &Family, book: &FontBook) -> Result<Vec<Item>, FitError> {
        let mut items = Vec::new();
        let reach = self.reach as f32 * MM;
        items.push(self.rule(-reach, reach, 0.0, RULE_WIDTH));
        let quarters = self.reach * TICKS_PER_MM;
        for q in -quarters..=quarters {
            let along = q as f32 * MM / TICKS_PER_MM as f32;
            let (from, to) = if q % 2 != 0 {
                (0.0, 1.2 * MM)
            } else if q % (10 * TICKS_PER_MM) == 0 {
                (-4.0 * MM, 0.0)
            } else if q % (5 * TICKS_PER_MM) == 0 {
                (-2.5 * MM, 0.0)
            } else if q % TICKS_PER_MM == 0 {
                (-1.6 * MM, 0.0)
            } else {
                (-0.9 * MM, 0.0)
            };
            items.push(self.tick(along, from, to));
        }
        for row in self.rows {
            for mm in (-self.reach..=self.reach).filter(|mm| mm % 5 == 0 && *mm != 0) {
                let text = format!("{:+}", (row.value)(mm));
                items.extend(self.label(
                    &text,
                    mm as f32,
                    row.side,
                    Style::Regular,
                    family,
                    book,
                )?);
            }
            items.extend(self.label(row.tag, self.tag_at, row.side, Style::Bold, family, book)?);
        }
        Ok(items)
    }

    /// A tick `along` points from the ruler's centre, from `from` to `to`
    /// points across it (negative: above an across ruler, left of a down one).
    fn tick(&self, along: f32, from: f32, to: f32) -> Item {
        let (x, y) = (self.x, self.y);
        let geometry = match self.axis {
            Axis::Across => Geometry::line(x + along, y + from, x + along, y + to),
            Axis::Down => Geometry::line(x + from, y + along, x + to, y + along),
        };
        geometry.stroked(Stroke::solid(TICK_WIDTH))
    }

    /// A line from `from` to `to` along the ruler (points from its centre),
    /// `half` points either side of it across (0: on the ruler itself).
    fn rule(&self, from: f32, to: f32, half: f32, width: f32) -> Item {
        let (x, y) = (self.x, self.y);
        let geometry = match self.axis {
            Axis::Across => Geometry::line(x + from, y - half, x + to, y + half),
            Axis::Down => Geometry::line(x - half, y + from, x + half, y + to),
        };
        geometry.stroked(Stroke::solid(width))
    }

    /// `text` centred on the tick `mm` millimetres along, on `side`, clear of
    /// the longest tick.
    fn label(
        &self,
        text: &str,
        mm: f32,
        side: Side,
        style: Style,
        family: &Family,
        book: &FontBook,
    ) -> Result<Vec<Item>, FitError> {
        const BOX: f32 = 24.0;
        let clear = self.clear * MM;
        let along = mm * MM;
        let (align, left, top) = match (self.axis, side) {
            (Axis::Across, Side::Before) => (
                Align::Center,
                self.x + along - BOX / 2.0,
                self.y - clear - NUMBER_SIZE,
            ),
            (Axis::Across, Side::After) => {
                (Align::Center, self.x + along - BOX / 2.0, self.y + clear)
            }
            (Axis::Down, Side::Before) => (
                Align::Right,
                self.x - clear - BOX,
                self.y + along - NUMBER_SIZE / 2.0,
            ),
            (Axis::Down, Side::After) => (
                Align::Left,
                self.x + clear,
                self.y + along - NUMBER_SIZE / 2.0,
            ),
        };
        let (items, _) = paragraph(text, family, book, style, NUMBER_SIZE, BOX, align)?;
        Ok(items.into_iter().map(|i| i.translated(left, top)).collect())
    }
}

/// A paragraph of instructions set `width` wide with its top-left corner at
/// (left, top), and how far down it ends.
fn instructions(
    text: &str,
    size: f32,
    (left, top): (f32, f32),
    width: f32,
    family: &Family,
    book: &FontBook,
) -> Result<(Vec<Item>, f32), FitError> {
    let (items, bottom) = paragraph(text, family, book, Style::Regular, size, width, Align::Left)?;
    let items = items.into_iter().map(|i| i.translated(left, top)).collect();
    Ok((items, top + bottom))
}

#[cfg(test)]
mod test_support {
    //! Reading a laid-out sheet back as a person holding it would.

    use super::super::doc::{Item, Page};
    use crate::text::FontBook;

    /// The project's own fonts.
    pub fn book() -> FontBook {
        crate::load::project_fonts()
    }

    /// The texts on `page` whose centre lies within `tolerance` points of
    /// (x, y), nearest first.
    pub fn texts_near(page: &Page, x: f32, y: f32, tolerance: f32) -> Vec<String> {
        let mut found: Vec<(f32, String)> = page
            .items
            .iter()
            .filter_map(|item| match item {
                Item::Text(t) => {
                    let (cx, cy) = (t.x + t.width / 2.0, t.y - t.size * 0.35);
                    let d = ((cx - x).powi(2) + (cy - y).powi(2)).sqrt();
                    (d <= tolerance).then(|| (d, t.text.to_string()))
                }
                _ => None,
            })
            .collect();
        found.sort_by(|a, b| a.0.total_cmp(&b.0));
        found.into_iter().map(|(_, t)| t).collect()
    }
}
