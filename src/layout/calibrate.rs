//! Layout: the two-sided duplex calibration sheet — a crosshair with
//! millimetre scales on the front, a bold cross on the back — from which a
//! user reads the offset to pass as `--back-offset-x/-y`.

use super::block::paragraph;
use super::doc::{Doc, Geometry, Item, Page, Stroke};
use crate::model::{Align, Paper, Style};
use crate::text::{Family, FitError, FontBook};

const MM: f32 = 72.0 / 25.4;

/// The calibration sheet: page 1 is the front, page 2 the back.
pub fn lay_out_duplex_calibration(
    paper: Paper,
    family: &Family,
    book: &FontBook,
) -> Result<Doc, FitError> {
    let (cx, cy) = (paper.width / 2.0, paper.height / 2.0);
    let mut front = Page {
        width: paper.width,
        height: paper.height,
        items: Vec::new(),
    };
    front.items.extend(scales(cx, cy, family, book)?);
    let text = "**Duplex calibration — front.** Print this two-page sheet two-sided at 100% (no scaling), \
flipping as you will for your cards. Hold it up to a light with this side facing you and read where the \
centre of the bold cross printed on the back falls on these scales (in millimetres).\n\
**Long-edge flip:** pass --back-offset-x <the reading to the right, left negative> and \
--back-offset-y <minus the reading downward>.\n\
**Short-edge flip:** pass --back-offset-x <minus the reading to the right> and \
--back-offset-y <the reading downward>.\nA cross exactly on the centre needs no offset.";
    let (items, _) = paragraph(
        text,
        family,
        book,
        Style::Regular,
        10.0,
        paper.width - 108.0,
        Align::Left,
    )?;
    front
        .items
        .extend(items.into_iter().map(|i| i.translated(54.0, 54.0)));

    let mut back = Page {
        width: paper.width,
        height: paper.height,
        items: Vec::new(),
    };
    let arm = 15.0 * MM;
    for (x1, y1, x2, y2) in [(cx - arm, cy, cx + arm, cy), (cx, cy - arm, cx, cy + arm)] {
        back.items
            .push(Geometry::line(x1, y1, x2, y2).stroked(Stroke::solid(1.5)));
    }
    back.items.push(
        Geometry::rect(cx - 3.0 * MM, cy - 3.0 * MM, 6.0 * MM, 6.0 * MM, 3.0 * MM)
            .stroked(Stroke::solid(1.0)),
    );
    let (items, _) = paragraph(
        "**Duplex calibration — back.** Read this cross against the front's scales.",
        family,
        book,
        Style::Regular,
        10.0,
        paper.width - 108.0,
        Align::Left,
    )?;
    back.items
        .extend(items.into_iter().map(|i| i.translated(54.0, 54.0)));
    Ok(Doc {
        title: "grogpress duplex calibration".into(),
        lang: None,
        pages: vec![front, back],
    })
}

/// Horizontal and vertical millimetre scales crossing at (cx, cy), -20..+20 mm.
fn scales(cx: f32, cy: f32, family: &Family, book: &FontBook) -> Result<Vec<Item>, FitError> {
    let mut items = Vec::new();
    let line = |x1, y1, x2, y2, width| Geometry::line(x1, y1, x2, y2).stroked(Stroke::solid(width));
    let reach = 20.0 * MM;
    items.push(line(cx - reach, cy, cx + reach, cy, 0.4));
    items.push(line(cx, cy - reach, cx, cy + reach, 0.4));
    for mm in -20i32..=20 {
        let d = mm as f32 * MM;
        let tick = if mm % 10 == 0 {
            4.0 * MM
        } else if mm % 5 == 0 {
            2.5 * MM
        } else {
            1.2 * MM
        };
        items.push(line(cx + d, cy - tick, cx + d, cy + tick, 0.3));
        items.push(line(cx - tick, cy + d, cx + tick, cy + d, 0.3));
        if mm % 5 == 0 && mm != 0 {
            let label = mm.to_string();
            let (text, _) = paragraph(
                &label,
                family,
                book,
                Style::Regular,
                6.0,
                20.0,
                Align::Center,
            )?;
            items.extend(
                text.iter()
                    .map(|i| i.translated(cx + d - 10.0, cy + 4.5 * MM)),
            );
            let (text, _) =
                paragraph(&label, family, book, Style::Regular, 6.0, 20.0, Align::Left)?;
            items.extend(
                text.into_iter()
                    .map(|i| i.translated(cx + 4.5 * MM, cy + d - 3.0)),
            );
        }
    }
    Ok(items)
}
