//! Layout: the two-sided duplex calibration sheet — five targets (the
//! centre and near each corner) of scales readable to 0.25 mm on the front,
//! a thin cross behind each on the back — whose scales print, for each flip, the
//! `--back-offset-x/-y` to type where the cross falls.

use super::super::doc::{Doc, Geometry, Item, Page, Stroke};
use super::{Axis, MM, Numbers, Ruler, Side, instructions};
use crate::model::Paper;
use crate::text::{Family, FitError, FontBook};

/// How far the corner targets sit in from the paper's edges.
const CORNER_INSET: f32 = 28.0 * MM;

/// How far either way every target's scales reach, in millimetres.
const REACH: i32 = 10;

/// The numbers along an across scale: above, the `--back-offset-x` for a
/// long-edge flip (the back seen through the front is mirrored left-right,
/// so moving the back right moves the cross right); below, for a short-edge
/// flip (not mirrored left-right, but turned: moving the back right moves
/// the cross left).
const ACROSS: [Numbers; 2] = [
    Numbers {
        side: Side::Before,
        value: |reading| reading,
        tag: "L",
    },
    Numbers {
        side: Side::After,
        value: |reading| -reading,
        tag: "S",
    },
];

/// The numbers along a down scale: left, the `--back-offset-y` for a
/// long-edge flip (moving the back down moves the cross down, so a cross
/// read below needs the back moved up); right, for a short-edge flip
/// (mirrored top-bottom: moving the back down moves the cross up).
const DOWN: [Numbers; 2] = [
    Numbers {
        side: Side::Before,
        value: |reading| -reading,
        tag: "L",
    },
    Numbers {
        side: Side::After,
        value: |reading| reading,
        tag: "S",
    },
];

const FRONT_TEXT: &str = "**Duplex calibration — front.** Print this two-page sheet \
two-sided at 100% (no scaling), flipping it as you will flip your cards. Hold it up to a \
light with this side facing you and find the thin crosses (each with a ring round its centre) \
printed on the back. At a target, read where the line of its cross falls on the row marked \
**L** if the sheet turns over on its long edge, **S** if on its short edge: the across scale \
gives --back-offset-x, the down scale --back-offset-y, in millimetres, to a quarter \
millimetre (e.g. --back-offset-x 1.25mm --back-offset-y -0.5mm). Between the numbers, the \
ticks on one side of a scale are every half millimetre (longer at each millimetre); the short \
ticks on its other side lie halfway between them: a line on one of those reads a quarter \
millimetre more or less. The sheet reads to 0.25 mm. A cross exactly on the target needs no \
offset. Give the centre's reading. If the four corners read more than half a millimetre \
apart, the printer scales or skews the back: print at 100% (\"actual size\") and check again.";

const BACK_TEXT: &str = "**Duplex calibration — back.** Read these crosses against the \
scales on the front.";

/// The targets: the centre first (the one to read), then the corners. The
/// set is symmetric about both centre lines, so either flip puts every
/// back cross behind a front target.
fn targets(paper: Paper) -> [(f32, f32); 5] {
    let (w, h, i) = (paper.width, paper.height, CORNER_INSET);
    [
        (w / 2.0, h / 2.0),
        (i, i),
        (w - i, i),
        (i, h - i),
        (w - i, h - i),
    ]
}

/// The calibration sheet: page 1 is the front, page 2 the back.
pub fn lay_out_duplex_calibration(
    paper: Paper,
    family: &Family,
    book: &FontBook,
) -> Result<Doc, FitError> {
    let mut front = blank(paper);
    let mut back = blank(paper);
    for (x, y) in targets(paper) {
        front.items.extend(target(x, y, family, book)?);
        back.items.extend(cross(x, y));
    }
    let text_at = (20.0 * MM, CORNER_INSET + 20.0 * MM);
    let width = paper.width - 40.0 * MM;
    front
        .items
        .extend(instructions(FRONT_TEXT, 9.0, text_at, width, family, book)?.0);
    back.items
        .extend(instructions(BACK_TEXT, 9.0, text_at, width, family, book)?.0);
    Ok(Doc {
        title: "grogpress duplex calibration".into(),
        pages: vec![front, back],
        lang: None,
    })
}

/// A target of the front: an across and a down scale crossing at (x, y).
/// The across scale's numbers stand close above and below it, and its
/// letters beyond the down scale's numbers; the down scale's numbers stand
/// beyond the across scale's end, so no two rows meet.
fn target(x: f32, y: f32, family: &Family, book: &FontBook) -> Result<Vec<Item>, FitError> {
    let reach = REACH as f32;
    let across = Ruler {
        x,
        y,
        axis: Axis::Across,
        reach: REACH,
        rows: &ACROSS,
        clear: 4.5,
        tag_at: reach + 11.0,
    };
    let down = Ruler {
        x,
        y,
        axis: Axis::Down,
        reach: REACH,
        rows: &DOWN,
        clear: reach + 4.0,
        tag_at: reach + 3.0,
    };
    let mut items = across.items(family, book)?;
    items.extend(down.items(family, book)?);
    Ok(items)
}

fn blank(paper: Paper) -> Page {
    Page {
        width: paper.width,
        height: paper.height,
        items: Vec::new(),
    }
}

/// The width of a cross's lines: 0.3 pt (0.1 mm), thin enough to fall on
/// one quarter-millimetre tick, dark enough to see through the paper.
const CROSS_WIDTH: f32 = 0.3;

/// A thin cross centred on (x, y) with a ring round its centre (to find it
/// by), its arms three quarters of the scales' reach.
fn cross(x: f32, y: f32) -> Vec<Item> {
    let arm = REACH as f32 * 0.75 * MM;
    let ring = 3.0 * MM;
    vec![
        Geometry::line(x - arm, y, x + arm, y).stroked(Stroke::solid(CROSS_WIDTH)),
        Geometry::line(x, y - arm, x, y + arm).stroked(Stroke::solid(CROSS_WIDTH)),
        Geometry::rect(x - ring, y - ring, 2.0 * ring, 2.0 * ring, ring)
            .stroked(Stroke::solid(0.5)),
    ]
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{book, texts_near};
    use super::*;
    use crate::layout::doc::Shape;
    use crate::layout::pnp::Flip;

    /// Where a point of the back lies seen through the front: turned over on
    /// the long edge the sheet mirrors left-right, on the short edge
    /// top-bottom. (Its own inverse.)
    fn through(flip: Flip, paper: Paper, (x, y): (f32, f32)) -> (f32, f32) {
        match flip {
            Flip::Long => (paper.width - x, y),
            Flip::Short => (x, paper.height - y),
        }
    }

    /// Where the scale of the target at (tx, ty) puts the number for a
    /// reading of `mm` on the row of `flip`: the row's letter tells which
    /// side of the scale it is.
    fn number_at(page: &Page, target: (f32, f32), axis: Axis, flip: Flip, mm: i32) -> i32 {
        if mm == 0 {
            // On the target: the sheet says no offset is needed.
            return 0;
        }
        let tag = if flip == Flip::Long { "L" } else { "S" };
        let (tx, ty) = target;
        // The numbers stand about 6 mm off an across scale and 15.5 mm off a
        // down one; the rows' letters 21 and 13 mm along.
        let (apart, end) = match axis {
            Axis::Across => (6.0 * MM, 21.0 * MM),
            Axis::Down => (15.5 * MM, 13.0 * MM),
        };
        let row_offset = [-1.0f32, 1.0]
            .into_iter()
            .find(|side| {
                let off = side * apart;
                let (x, y) = match axis {
                    Axis::Across => (tx + end, ty + off),
                    Axis::Down => (tx + off, ty + end),
                };
                texts_near(page, x, y, 3.0 * MM).first().map(String::as_str) == Some(tag)
            })
            .expect("a row tagged with the flip's letter");
        let along = mm as f32 * MM;
        let off = row_offset * apart;
        let (x, y) = match axis {
            Axis::Across => (tx + along, ty + off),
            Axis::Down => (tx + off, ty + along),
        };
        let near = texts_near(page, x, y, 3.0 * MM);
        near.first()
            .and_then(|t| t.parse().ok())
            .unwrap_or_else(|| panic!("no number at {mm} mm ({axis:?}, {tag}): {near:?}"))
    }

    /// The centres of the back's crosses (where its horizontal and vertical
    /// bold lines meet).
    fn crosses(back: &Page) -> Vec<(f32, f32)> {
        back.items
            .iter()
            .filter_map(|i| match i {
                Item::Shape(Shape {
                    geometry: Geometry::Line { x1, y1, x2, y2 },
                    ..
                }) if y1 == y2 => Some(((x1 + x2) / 2.0, *y1)),
                _ => None,
            })
            .collect()
    }

    fn sheet(paper: Paper) -> Doc {
        let book = book();
        lay_out_duplex_calibration(paper, &book.families[0], &book).expect("fits")
    }

    /// A printer that puts the back `error` points off (in the back's own
    /// directions): the cross behind each target is read off the front, the
    /// number printed for that reading and flip is typed as the back
    /// offset, and the cross then lands exactly on its target.
    #[test]
    fn the_number_read_for_each_flip_is_the_offset_that_puts_every_cross_on_its_target() {
        for paper in [Paper::LETTER, Paper::A4] {
            let doc = sheet(paper);
            let (front, back) = (&doc.pages[0], &doc.pages[1]);
            let centres = crosses(back);
            assert_eq!(centres.len(), 5);
            for flip in [Flip::Long, Flip::Short] {
                for error_mm in [(5, -10), (-10, 5), (10, 10), (-5, 0)] {
                    let error = (error_mm.0 as f32 * MM, error_mm.1 as f32 * MM);
                    for &cross in &centres {
                        let target = through(flip, paper, cross);
                        let printed = (cross.0 + error.0, cross.1 + error.1);
                        let seen = through(flip, paper, printed);
                        let reading = (
                            ((seen.0 - target.0) / MM).round() as i32,
                            ((seen.1 - target.1) / MM).round() as i32,
                        );
                        let offset = (
                            number_at(front, target, Axis::Across, flip, reading.0) as f32 * MM,
                            number_at(front, target, Axis::Down, flip, reading.1) as f32 * MM,
                        );
                        let corrected = (printed.0 + offset.0, printed.1 + offset.1);
                        let seen = through(flip, paper, corrected);
                        assert!(
                            (seen.0 - target.0).abs() < 0.01 && (seen.1 - target.1).abs() < 0.01,
                            "{flip:?} error {error_mm:?} at {target:?}: corrected to {seen:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_targets_sit_at_the_centre_and_near_all_four_corners_inside_the_paper() {
        for paper in [Paper::LETTER, Paper::A4] {
            let doc = sheet(paper);
            let centres = crosses(&doc.pages[1]);
            let corner = |x: f32, y: f32| {
                centres
                    .iter()
                    .any(|c| (c.0 - x).abs() < 0.01 && (c.1 - y).abs() < 0.01)
            };
            let (w, h, i) = (paper.width, paper.height, CORNER_INSET);
            assert!(corner(w / 2.0, h / 2.0));
            assert!(corner(i, i) && corner(w - i, i) && corner(i, h - i) && corner(w - i, h - i));
            for page in &doc.pages {
                for item in &page.items {
                    if let Item::Text(t) = item {
                        assert!(t.x >= 0.0 && t.x + t.width <= w && t.y > 0.0 && t.y < h);
                    }
                }
            }
        }
    }
}
