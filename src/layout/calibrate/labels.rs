//! Layout: a label sheet's calibration page — every label's outline where
//! `labels` prints it, with millimetre scales across the outer corners of
//! the first and last labels that read directly as the `--offset-x/-y` to
//! type.

use super::super::card::CardFace;
use super::super::doc::{Doc, Geometry, Ink, Item, Stroke};
use super::super::labels::{LabelOptions, LabelSheets};
use super::{Axis, MM, Numbers, Ruler, Side, instructions};
use crate::model::SheetTemplate;
use crate::text::{Family, FitError, FontBook};

/// How far either way the corner scales reach, in millimetres.
const REACH: i32 = 6;

/// A reading where the real label's edge falls is the offset to type: an
/// edge 1.5 mm right of (below) the printed outline needs everything moved
/// 1.5 mm right (down).
fn as_read(reading: i32) -> i32 {
    reading
}

/// The calibration page of `sheet`.
pub fn lay_out_label_calibration(
    sheet: &SheetTemplate,
    family: &Family,
    book: &FontBook,
) -> Result<Doc, FitError> {
    let per_page = sheet.per_page();
    let outlines = LabelOptions {
        outlines: true,
        ..LabelOptions::default()
    };
    let title = format!("grogpress label calibration: {}", sheet.name);
    let mut faces = vec![CardFace { items: Vec::new() }; per_page];
    let mut page = LabelSheets::new(&title, sheet, &outlines, per_page).page(0, &mut faces);

    // Scales across the outer corners: where the edges meet the paper's
    // margins, clear of the neighbouring labels.
    // Past the rounding of the corner, where the edge is straight.
    let inset = (sheet.radius + 3.0 * MM)
        .min(sheet.label_height / 3.0)
        .min(sheet.label_width / 3.0);
    let (left, top) = sheet.label_origin(0);
    let (last_x, last_y) = sheet.label_origin(per_page - 1);
    let (right, bottom) = (last_x + sheet.label_width, last_y + sheet.label_height);
    let rulers = [
        (left, top + inset, Axis::Across, Side::After, "x"),
        (left + inset, top, Axis::Down, Side::After, "y"),
        (right, bottom - inset, Axis::Across, Side::Before, "x"),
        (right - inset, bottom, Axis::Down, Side::Before, "y"),
    ];
    for (x, y, axis, side, tag) in rulers {
        let rows = [Numbers {
            side,
            value: as_read,
            tag,
        }];
        let ruler = Ruler {
            x,
            y,
            axis,
            reach: REACH,
            rows: &rows,
            clear: 4.5,
            tag_at: (REACH + 3) as f32,
        };
        page.items.extend(ruler.items(family, book)?);
    }
    page.items.extend(instructions_box(sheet, family, book)?);
    Ok(Doc {
        title,
        pages: vec![page],
        lang: None,
    })
}

/// How to read the page, in a white box at the middle of the paper.
fn instructions_box(
    sheet: &SheetTemplate,
    family: &Family,
    book: &FontBook,
) -> Result<Vec<Item>, FitError> {
    let name = &sheet.name;
    let text = format!(
        "**Label calibration — {name}.** Print this page at 100% (no scaling) on plain paper, \
lay it on a sheet of the labels and hold both up to a light (or print it on a label sheet). \
At the top-left and bottom-right corners, read in millimetres where the edge of the real label \
falls on the scales: the across scale (x) gives --offset-x, the down scale (y) gives --offset-y \
to a quarter millimetre: between the numbers, the ticks on one side of a scale are every \
half millimetre (longer at each millimetre) and the short ticks on its other side lie halfway \
between them, so an edge on one of those reads a quarter millimetre more or less. The page \
reads to 0.25 mm. Type them as grogpress labels GAME --offset-x 1.25mm --offset-y -0.5mm, or keep them in game.toml under [publish.options] as \
label_offset_x and label_offset_y. If the two corners read more than half a millimetre apart, \
the printer scales the page: print at 100% (\"actual size\") and check again."
    );
    let paper = sheet.paper;
    let width = (paper.width - 2.0 * 72.0).min(4.5 * 72.0);
    let (left, top) = ((paper.width - width) / 2.0, paper.height * 0.4);
    let (mut text, bottom) = instructions(&text, 8.0, (left, top), width, family, book)?;
    let pad = 6.0;
    let frame = Geometry::rect(
        left - pad,
        top - pad,
        width + 2.0 * pad,
        bottom - top + 2.0 * pad,
        0.0,
    );
    let mut items = vec![
        frame.clone().filled(Ink::Gray(1.0)),
        frame.stroked(Stroke::solid(0.5)),
    ];
    items.append(&mut text);
    Ok(items)
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{book, texts_near};
    use super::*;
    use crate::layout::doc::{Page, Shape};

    /// The outlines (x, y, w, h) on a page.
    fn outlines(page: &Page) -> Vec<[f32; 4]> {
        page.items
            .iter()
            .filter_map(|i| match i {
                Item::Shape(Shape {
                    geometry: Geometry::Rect { x, y, w, h, .. },
                    stroke: Some(_),
                    fill: None,
                    ..
                }) => Some([*x, *y, *w, *h]),
                _ => None,
            })
            .collect()
    }

    /// Where a real label sheet's edges fall `error` points off the printed
    /// outlines: the number printed on each corner's scale at that edge,
    /// typed as the offset, moves `labels`' outline onto the real edge.
    #[test]
    fn the_number_under_the_real_label_edge_is_the_offset_that_moves_the_print_onto_it() {
        let book = book();
        let family = &book.families[0];
        let sheet = crate::model::avery_5395();
        let doc = lay_out_label_calibration(&sheet, family, &book).expect("fits");
        let page = &doc.pages[0];
        let (left, top) = sheet.label_origin(0);
        let n = sheet.per_page() - 1;
        let (x, y) = sheet.label_origin(n);
        let (right, bottom) = (x + sheet.label_width, y + sheet.label_height);
        let inset = sheet.radius + 3.0 * MM;
        for error_mm in [(5, -5), (-5, 5)] {
            let error = (error_mm.0 as f32 * MM, error_mm.1 as f32 * MM);
            let number = |at: (f32, f32)| -> f32 {
                let near = texts_near(page, at.0, at.1, 2.5 * MM);
                let n: i32 = near
                    .first()
                    .and_then(|t| t.parse().ok())
                    .unwrap_or_else(|| panic!("no number at {at:?}: {near:?}"));
                n as f32 * MM
            };
            // The across scales' numbers sit 6 mm below (top left) or above
            // (bottom right) the scale; the down scales', 6 mm right or left.
            let offset_x = number((left + error.0, top + inset + 6.0 * MM));
            let offset_y = number((left + inset + 6.0 * MM, top + error.1));
            let far_x = number((right + error.0, bottom - inset - 6.0 * MM));
            let far_y = number((right - inset - 6.0 * MM, bottom + error.1));
            assert_eq!((offset_x, offset_y), (far_x, far_y));

            let options = LabelOptions {
                outlines: true,
                offset_x,
                offset_y,
                ..LabelOptions::default()
            };
            let mut faces = vec![CardFace { items: Vec::new() }; n + 1];
            let printed = LabelSheets::new("t", &sheet, &options, n + 1).page(0, &mut faces);
            let moved = outlines(&printed);
            let first = moved[0];
            let last = moved[n];
            assert!((first[0] - (left + error.0)).abs() < 0.01, "{first:?}");
            assert!((first[1] - (top + error.1)).abs() < 0.01, "{first:?}");
            assert!((last[0] + last[2] - (right + error.0)).abs() < 0.01);
            assert!((last[1] + last[3] - (bottom + error.1)).abs() < 0.01);
        }
    }

    #[test]
    fn every_label_of_the_sheet_is_outlined_where_labels_prints_it() {
        let book = book();
        let sheet = crate::model::avery_5395();
        let doc = lay_out_label_calibration(&sheet, &book.families[0], &book).expect("fits");
        let drawn = outlines(&doc.pages[0]);
        for n in 0..sheet.per_page() {
            let (x, y) = sheet.label_origin(n);
            assert!(
                drawn.iter().any(|r| (r[0] - x).abs() < 0.01
                    && (r[1] - y).abs() < 0.01
                    && (r[2] - sheet.label_width).abs() < 0.01),
                "label {n} not outlined"
            );
        }
        assert_eq!(
            (doc.pages[0].width, doc.pages[0].height),
            (sheet.paper.width, sheet.paper.height)
        );
    }
}
