//! Layout: tracks and holding boxes — each part's boxes outlined on white,
//! its name in a band over them (a holding box: inside its top), each box's
//! number centred and its label under it, a wrapping track's "+N" at the
//! band's right; drawn on a map (by `layout::map`) or packed in rows onto
//! the pages of the tracks sheet. And where each box is, for an export
//! that names places (VASSAL regions). Input: the loaded parts, fonts;
//! output: items, a [`Doc`], [`BoxRegion`]s. Text that does not fit its box
//! is a `track-overflow`; a part too big for the page a `part-off-page`.

use super::doc::{Doc, Geometry, Ink, Item, Page, Stroke};
use super::map::{MapFaces, centred_text};
use super::places::PlaceMarks;
use crate::diag::Diagnostic;
use crate::model::track::{BoardPart, BoxRegion, NAME_BAND, PartKind, PartShape};
use crate::model::{Game, Paper};
use crate::text::FontBook;

const LINE: f32 = 0.75;
const NAME_SIZE: f32 = 9.0;

/// The items of a part with its top-left corner at (x, y).
pub fn part_items(
    part: &BoardPart,
    shape: &PartShape,
    (x, y): (f32, f32),
    faces: MapFaces,
    book: &FontBook,
) -> Result<Vec<Item>, Vec<Diagnostic>> {
    let mut items = Vec::new();
    let mut problems = Vec::new();
    // White under each box (not the empty end of a last row), so a part
    // reads on any terrain.
    for b in &shape.boxes {
        items.push(Geometry::rect(x + b[0], y + b[1], b[2], b[3], 0.0).filled(Ink::Gray(1.0)));
    }
    let holding = part.kind == PartKind::Holding;
    if !holding {
        items.push(Geometry::rect(x, y, shape.width, NAME_BAND, 0.0).filled(Ink::Gray(0.88)));
    }
    // The name: left in the band, or centred in a holding box's top.
    let name = &part.name.value;
    let room = shape.width - 4.0;
    match centred_text(
        book,
        faces.label,
        NAME_SIZE,
        name,
        x + shape.width / 2.0,
        0.0,
    ) {
        Some(mut text) if text.width <= room => {
            if !holding {
                text.x = x + 2.0;
            }
            text.y = y + NAME_BAND - 4.0;
            items.push(Item::Text(text));
        }
        Some(_) => problems.push(overflow(part, name, &part.name.loc, "the part")),
        None => problems.push(super::map::missing_glyph(name, part.name.loc)),
    }
    if let Some(wrap) = &part.wrap {
        let plus = format!("+{}", wrap.value);
        if let Some(mut text) = centred_text(book, faces.label, NAME_SIZE, &plus, 0.0, 0.0) {
            text.x = x + shape.width - 2.0 - text.width;
            text.y = y + NAME_BAND - 4.0;
            items.push(Item::Text(text));
        }
    }
    for (i, (b, n)) in shape.boxes.iter().zip(part.numbers()).enumerate() {
        let [bx, by, w, h] = *b;
        let (bx, by) = (x + bx, y + by);
        items.push(Geometry::rect(bx, by, w, h, 0.0).stroked(Stroke::solid(LINE)));
        let size = (h * 0.32).min(16.0);
        let label = part.labels.get(i);
        let baseline = by + h / 2.0 + size * 0.35 - if label.is_some() { h * 0.1 } else { 0.0 };
        let number = n.to_string();
        match centred_text(book, faces.code, size, &number, bx + w / 2.0, baseline) {
            Some(text) if text.width <= w * 0.9 => items.push(Item::Text(text)),
            _ => problems.push(overflow(part, &number, &part.range_loc, "its box")),
        }
        if let Some(label) = label {
            let size = (h * 0.16).min(8.0);
            let baseline = baseline + size * 1.6;
            match centred_text(book, faces.code, size, &label.value, bx + w / 2.0, baseline) {
                Some(text) if text.width <= w * 0.94 => items.push(Item::Text(text)),
                Some(_) => problems.push(overflow(part, &label.value, &label.loc, "its box")),
                None => problems.push(super::map::missing_glyph(&label.value, label.loc)),
            }
        }
    }
    if holding {
        items
            .push(Geometry::rect(x, y, shape.width, shape.height, 0.0).stroked(Stroke::solid(1.5)));
    }
    if problems.is_empty() {
        Ok(items)
    } else {
        Err(problems)
    }
}

fn overflow(part: &BoardPart, text: &str, loc: &crate::diag::Loc, room: &str) -> Diagnostic {
    crate::error!(
        "track-overflow", Some(*loc),
        "`{}` does not fit {room} in `{}`", crate::text::clip(text, 60), part.name.value;
        hint: "give it bigger boxes (`box_size`, or `width` of a holding box), or shorten the text"
    )
}

/// What a part on a map keeps off, on the map's drawing (whose map starts
/// at `margin`): boxes `[left, top, right, bottom]`.
pub struct Keep<'a> {
    pub margin: f32,
    /// The cells' codes.
    pub codes: &'a [[f32; 4]],
    /// The map's labels.
    pub labels: &'a [[f32; 4]],
    /// On a map of places, each place's marks: its name and badges, and
    /// a space's circle.
    pub places: &'a [PlaceMarks],
}

/// The items of the parts printed on a map, on its drawing; a part over a
/// cell's code, a label, a place's name, badge or space (`keep`) is an
/// error, as is text that does not fit. Parts whose place is not on the
/// map are left to validation.
pub fn map_parts(
    map: &crate::model::Map,
    keep: Keep<'_>,
    faces: MapFaces,
    book: &FontBook,
    problems: &mut Vec<Diagnostic>,
) -> Vec<Item> {
    let Keep {
        margin,
        codes,
        labels,
        places,
    } = keep;
    let mut items = Vec::new();
    for part in &map.parts {
        let Some((x, y)) = part.origin_on(map) else {
            continue;
        };
        let (x, y) = (x + margin, y + margin);
        let shape = part.shape(part.boxes_per_row(None));
        let rect = [x, y, x + shape.width, y + shape.height];
        let at = part.on.as_ref().map(|o| *o.at.loc());
        if let Some(code) = codes.iter().find(|c| overlaps(&rect, c)) {
            let cell = map.grid.cell_at(
                (code[0] + code[2]) / 2.0 - margin,
                (code[1] + code[3]) / 2.0 - margin,
            );
            problems.push(crate::error!(
                "part-covers-code", at,
                "`{}` covers the cell codes of the map `{}`{}", part.name.value, map.id,
                cell.map(|c| format!(" (first {})", map.coordinates.code(c))).unwrap_or_default();
                hint: "put it where no code prints (off the grid's cells), or print no codes (`code_at = \"none\"` in the map file)"
            ));
            continue;
        }
        if labels.iter().any(|l| overlaps(&rect, l)) {
            problems.push(crate::error!(
                "part-covers-label", at,
                "`{}` covers a label of the map `{}`", part.name.value, map.id;
                hint: "move the part or the label"
            ));
            continue;
        }
        if let Some(problem) = covers_place(map, part, &rect, places, at) {
            problems.push(problem);
            continue;
        }
        match part_items(part, &shape, (x, y), faces, book) {
            Ok(more) => items.extend(more),
            Err(p) => problems.extend(p),
        }
    }
    items
}

/// A part over a place's name or badge (`part-covers-label`), or over a
/// space's circle (`part-covers-place`), told at the part's place.
fn covers_place(
    map: &crate::model::Map,
    part: &BoardPart,
    rect: &[f32; 4],
    marks: &[PlaceMarks],
    at: Option<crate::diag::Loc>,
) -> Option<Diagnostic> {
    let places = map.places.as_ref()?;
    let points = places.kind == crate::model::places::PlaceKind::Points;
    for (place, mark) in places.places.iter().zip(marks) {
        if mark
            .name
            .iter()
            .chain(&mark.badges)
            .any(|b| overlaps(rect, b))
        {
            return Some(
                crate::error!(
                    "part-covers-label", at,
                    "`{}` covers the name of `{}` on the map `{}`", part.name.value, place.id.value, map.id;
                    hint: "move the part (its `at`) off the place, or move the place"
                )
                .with_label(place.id.loc, "the place whose name it covers"),
            );
        }
        let m = &mark.marker;
        let (cx, cy, r) = (
            (m[0] + m[2]) / 2.0,
            (m[1] + m[3]) / 2.0,
            (m[2] - m[0]) / 2.0,
        );
        let (nx, ny) = (cx.clamp(rect[0], rect[2]), cy.clamp(rect[1], rect[3]));
        if points && (nx - cx).hypot(ny - cy) < r {
            return Some(
                crate::error!(
                    "part-covers-place", at,
                    "`{}` covers the space `{}` on the map `{}`", part.name.value, place.id.value, map.id;
                    hint: "move the part (its `at`) where no space prints, or move the space"
                )
                .with_label(place.id.loc, "the space it covers"),
            );
        }
    }
    None
}

fn overlaps(a: &[f32; 4], b: &[f32; 4]) -> bool {
    const HAIR: f32 = 0.01;
    a[0] < b[2] - HAIR && b[0] < a[2] - HAIR && a[1] < b[3] - HAIR && b[1] < a[3] - HAIR
}

/// Margin of the tracks sheet, the room its title takes, the gap
/// between parts.
const MARGIN: f32 = 36.0;
const TITLE: f32 = 30.0;
const GAP: f32 = 18.0;

/// A part placed on the tracks sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct SheetSpot {
    /// Its index in `Game::parts`.
    pub part: usize,
    pub page: usize,
    pub x: f32,
    pub y: f32,
    pub shape: PartShape,
}

/// The parts not on a map packed in rows onto pages of `paper`, in
/// order; one that cannot fit a page is a `part-off-page`.
pub fn pack_sheet(game: &Game, paper: Paper) -> (Vec<SheetSpot>, Vec<Diagnostic>) {
    let (width, bottom) = (paper.width - 2.0 * MARGIN, paper.height - MARGIN);
    let top = MARGIN + TITLE;
    let mut spots = Vec::new();
    let mut problems = Vec::new();
    let (mut page, mut x, mut y, mut row) = (0, MARGIN, top, 0.0f32);
    for (i, part) in game.parts.iter().enumerate() {
        if part.on.is_some() {
            continue;
        }
        let shape = part.shape(part.boxes_per_row(Some(width)));
        if shape.width > width + 0.01 || shape.height > bottom - top + 0.01 {
            problems.push(crate::error!(
                "part-off-page", Some(part.name.loc),
                "`{}` is {:.2} x {:.2} in; the tracks sheet has room for {:.2} x {:.2} in",
                part.name.value, shape.width / 72.0, shape.height / 72.0, width / 72.0, (bottom - top) / 72.0;
                hint: "give it fewer boxes a row (`per_row`) or smaller boxes (`box_size`, `width`, `height`)"
            ));
            continue;
        }
        if x > MARGIN && x + shape.width > MARGIN + width + 0.01 {
            (x, y, row) = (MARGIN, y + row + GAP, 0.0);
        }
        if y + shape.height > bottom + 0.01 {
            (page, x, y, row) = (page + 1, MARGIN, top, 0.0);
        }
        spots.push(SheetSpot {
            part: i,
            page,
            x,
            y,
            shape: shape.clone(),
        });
        x += shape.width + GAP;
        row = row.max(shape.height);
    }
    (spots, problems)
}

/// The tracks sheet: every part not on a map, under the title.
pub fn lay_out_tracks_sheet(
    game: &Game,
    title: &str,
    paper: Paper,
    faces: MapFaces,
    book: &FontBook,
) -> Result<Doc, Vec<Diagnostic>> {
    let (spots, mut problems) = pack_sheet(game, paper);
    let mut pages: Vec<Page> = Vec::new();
    for spot in &spots {
        while pages.len() <= spot.page {
            let mut items = Vec::new();
            if let Some(mut text) = centred_text(book, faces.label, 14.0, title, 0.0, 0.0) {
                text.x = MARGIN;
                text.y = MARGIN + 14.0;
                items.push(Item::Text(text));
            }
            pages.push(Page {
                width: paper.width,
                height: paper.height,
                items,
            });
        }
        let Some(part) = game.parts.get(spot.part) else {
            continue;
        };
        match part_items(part, &spot.shape, (spot.x, spot.y), faces, book) {
            Ok(items) => pages[spot.page].items.extend(items),
            Err(p) => problems.extend(p),
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(Doc {
        title: title.to_string(),
        pages,
        lang: None,
    })
}

/// Every box of every track and every holding box, named as a piece in
/// it is said to be ("Victory Points 5", "Eliminated"), with its centre:
/// on a map from the map's top-left corner (the grid's, before any margin
/// a drawing adds), on the tracks sheet from its page's top-left.
pub fn box_regions(game: &Game, paper: Paper) -> Vec<BoxRegion> {
    let mut regions = Vec::new();
    let mut add = |part: &BoardPart, shape: &PartShape, map: Option<&str>, page, (x, y)| {
        if part.kind == PartKind::Holding {
            regions.push(BoxRegion {
                name: part.box_name(None),
                map: map.map(str::to_string),
                page,
                x: x + shape.width / 2.0,
                y: y + shape.height / 2.0,
            });
            return;
        }
        for (b, n) in shape.boxes.iter().zip(part.numbers()) {
            regions.push(BoxRegion {
                name: part.box_name(Some(n)),
                map: map.map(str::to_string),
                page,
                x: x + b[0] + b[2] / 2.0,
                y: y + b[1] + b[3] / 2.0,
            });
        }
    };
    for map in &game.maps {
        for part in &map.parts {
            if let Some(origin) = part.origin_on(map) {
                let shape = part.shape(part.boxes_per_row(None));
                add(part, &shape, Some(&map.id), 0, origin);
            }
        }
    }
    for spot in pack_sheet(game, paper).0 {
        if let Some(part) = game.parts.get(spot.part) {
            add(part, &spot.shape, None, spot.page, (spot.x, spot.y));
        }
    }
    regions
}
