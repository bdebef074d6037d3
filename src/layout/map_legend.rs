//! Layout: a map's legend — for each terrain a patch of it (a cell of the
//! map's grid in the terrain's colour, pattern and icon), for each feature
//! a stroke of its line, each with its name and a line saying what it does
//! (movement per class, combat shift and modifier, other effects), set in
//! columns; and the swatches the terrain effects chart prints. Input: a
//! loaded map, fonts and icons; output: positioned items in rows, which the
//! poster sets under the map and the tiled sheets on a sheet of their own.

use super::doc::{Geometry, Ink, Item, Stroke};
use super::map::{
    MapFaces, centred_text, darker, missing_glyph, pattern_path, polygon, thick_line,
};
use crate::diag::Diagnostic;
use crate::model::map::{GridKind, Pattern, Swatch};
use crate::model::tec::terrain_swatch;
use crate::model::terrain::TerrainEffects;
use crate::model::{Icon, Map};
use crate::text::{FaceId, FontBook};

/// One row of the legend: its items, with its top-left corner at 0,0.
#[derive(Clone, Debug)]
pub struct LegendRow {
    /// The width it was set in.
    pub width: f32,
    pub height: f32,
    pub items: Vec<Item>,
}

const NAME_SIZE: f32 = 8.5;
const SUMMARY_SIZE: f32 = 7.0;
const HEADING_SIZE: f32 = 11.0;
const SWATCH: (f32, f32) = (30.0, 26.0);
const COLUMN: f32 = 200.0;
const GAP: f32 = 12.0;

/// The items of a swatch in the box `[x, y, w, h]`: a terrain's patch (a
/// cell of `grid`'s shape, or a rectangle) in its colour, pattern and
/// icon, outlined; a feature's stroke across the box.
pub fn swatch_items(
    swatch: &Swatch,
    [x, y, w, h]: [f32; 4],
    grid: Option<GridKind>,
    icons: &[Icon],
) -> Vec<Item> {
    let (cx, cy) = (x + w / 2.0, y + h / 2.0);
    match swatch {
        Swatch::Terrain {
            color,
            pattern,
            icon,
        } => {
            let outline: Vec<(f32, f32)> = match grid {
                Some(GridKind::FlatHex) => {
                    let r = (w / 2.0).min(h / 3f32.sqrt());
                    (0..6)
                        .map(|k| {
                            let a = (60.0 * k as f32).to_radians();
                            (cx + r * a.cos(), cy + r * a.sin())
                        })
                        .collect()
                }
                Some(GridKind::PointyHex) => {
                    let r = (h / 2.0).min(w / 3f32.sqrt());
                    (0..6)
                        .map(|k| {
                            let a = (30.0 + 60.0 * k as f32).to_radians();
                            (cx + r * a.cos(), cy + r * a.sin())
                        })
                        .collect()
                }
                _ => vec![(x, y), (x + w, y), (x + w, y + h), (x, y + h)],
            };
            let mut items = vec![Geometry::Path(polygon(&outline)).filled(Ink::Rgb(*color))];
            let ink = Ink::Rgb(darker(*color));
            if *pattern != Pattern::None {
                let path = pattern_path(&outline, *pattern, (h * 1.6).max(18.0));
                if !path.is_empty() {
                    items.push(Geometry::Path(path).filled(ink));
                }
            }
            if let Some(icon) = icon
                .as_ref()
                .and_then(|n| icons.iter().find(|i| i.name == *n))
            {
                let size = h * 0.55;
                items.push(
                    Geometry::Path(icon.placed(cx - size / 2.0, cy - size / 2.0, size)).filled(ink),
                );
            }
            items.push(Geometry::Path(polygon(&outline)).stroked(Stroke::solid(0.5)));
            items
        }
        Swatch::Line { color } => {
            let mut path = Vec::new();
            thick_line(
                &mut path,
                (x + 1.5, cy),
                (x + w - 1.5, cy),
                (h * 0.22).clamp(1.5, 4.0),
            );
            vec![Geometry::Path(path).filled(Ink::Rgb(*color))]
        }
    }
}

/// The parts of a summary ("Move: …", "Combat: …") set in `face` at
/// `size`, wrapped to `width` between parts where they fit, else between
/// words; a word wider than the width stands on a line of its own (the
/// caller checks widths).
fn wrap_parts(book: &FontBook, face: FaceId, size: f32, text: &str, width: f32) -> Vec<String> {
    const SEP: &str = " \u{b7} ";
    let measure = |s: &str| centred_text(book, face, size, s, 0.0, 0.0).map_or(0.0, |t| t.width);
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for part in text.split(SEP) {
        let tried = if line.is_empty() {
            part.to_string()
        } else {
            format!("{line}{SEP}{part}")
        };
        if measure(&tried) <= width {
            line = tried;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        if measure(part) <= width {
            line = part.to_string();
        } else {
            let mut words = crate::text::lines_within(book, face, size, part, width);
            line = words.pop().unwrap_or_default();
            lines.extend(words);
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Text at (x, baseline), its left edge at x; `None` if the face lacks a character.
fn text_at(
    book: &FontBook,
    face: FaceId,
    size: f32,
    text: &str,
    x: f32,
    baseline: f32,
) -> Option<super::doc::TextItem> {
    let mut t = centred_text(book, face, size, text, 0.0, baseline)?;
    t.x = x;
    Some(t)
}

/// The legend `width` wide: a heading row, then rows of entries in columns.
/// A character the fonts lack, or a word wider than a column, is an error
/// at the terrain or feature.
pub fn legend_rows(
    map: &Map,
    faces: MapFaces,
    book: &FontBook,
    icons: &[Icon],
    width: f32,
    words: &crate::text::Words,
) -> Result<Vec<LegendRow>, Vec<Diagnostic>> {
    let mut problems = Vec::new();
    let mut rows = Vec::new();
    // A map of places keys its connections and attributes as much as its
    // terrain.
    let title = if map.places.is_some() {
        &words.key
    } else {
        &words.terrain_key
    };
    let heading = match text_at(book, faces.label, HEADING_SIZE, title, 0.0, HEADING_SIZE) {
        Some(t) => t,
        None => return Err(vec![missing_glyph(title, map.loc)]),
    };
    rows.push(LegendRow {
        width,
        height: HEADING_SIZE * 1.6,
        items: vec![
            Item::Text(heading),
            Geometry::line(0.0, HEADING_SIZE * 1.35, width, HEADING_SIZE * 1.35)
                .stroked(Stroke::solid(0.75)),
        ],
    });
    let columns = (((width + GAP) / (COLUMN + GAP)).floor() as usize).max(1);
    let column = (width - GAP * (columns - 1) as f32) / columns as f32;
    let text_x = SWATCH.0 + 6.0;
    let text_w = column - text_x;
    let classes = map.named_classes();
    let swatch_box = [0.0, 0.0, SWATCH.0, SWATCH.1];
    let mut entries: Vec<(
        String,
        &crate::diag::Loc,
        Vec<Item>,
        Option<&TerrainEffects>,
    )> = map
        .terrain
        .iter()
        .map(|t| {
            let items = swatch_items(&terrain_swatch(t), swatch_box, Some(map.grid.kind), icons);
            (t.name.clone(), &t.id.loc, items, Some(&t.effects))
        })
        .collect();
    for k in &map.feature_kinds {
        let items = if map.places.is_some() {
            let y = SWATCH.1 / 2.0;
            super::places::connection_line(k, (1.5, y), (SWATCH.0 - 1.5, y))
        } else {
            swatch_items(&Swatch::Line { color: k.color }, swatch_box, None, icons)
        };
        entries.push((k.name.clone(), &k.id.loc, items, Some(&k.effects)));
    }
    if let Some(places) = &map.places {
        for a in &places.attributes {
            for (name, items) in
                super::places::attribute_swatches(a, swatch_box, icons, faces, book)
            {
                entries.push((name, &a.id.loc, items, None));
            }
        }
    }
    let mut laid: Vec<(f32, Vec<Item>)> = Vec::new();
    for (name, loc, swatch, effects) in entries {
        let name = &name;
        let mut items = swatch;
        let mut baseline = NAME_SIZE;
        match text_at(book, faces.label, NAME_SIZE, name, text_x, baseline) {
            Some(t) if t.width <= text_w => items.push(Item::Text(t)),
            Some(_) => problems.push(too_wide(name, loc)),
            None => problems.push(missing_glyph(name, *loc)),
        }
        if let Some(effects) = effects.filter(|e| !e.is_empty()) {
            let summary = effects.summary(&classes, words);
            for line in wrap_parts(book, faces.code, SUMMARY_SIZE, &summary, text_w) {
                baseline += SUMMARY_SIZE * 1.25;
                match text_at(book, faces.code, SUMMARY_SIZE, &line, text_x, baseline) {
                    Some(t) if t.width <= text_w => items.push(Item::Text(t)),
                    Some(_) => problems.push(too_wide(&line, loc)),
                    None => problems.push(missing_glyph(&line, *loc)),
                }
            }
        }
        let height = SWATCH.1.max(baseline + SUMMARY_SIZE * 0.4);
        laid.push((height, items));
    }
    for chunk in laid.chunks(columns) {
        let height = chunk.iter().map(|(h, _)| *h).fold(0.0, f32::max) + 6.0;
        let mut items = Vec::new();
        for (i, (_, entry)) in chunk.iter().enumerate() {
            let dx = i as f32 * (column + GAP);
            items.extend(entry.iter().map(|item| item.translated(dx, 0.0)));
        }
        rows.push(LegendRow {
            width,
            height,
            items,
        });
    }
    if problems.is_empty() {
        Ok(rows)
    } else {
        Err(problems)
    }
}

fn too_wide(text: &str, loc: &crate::diag::Loc) -> Diagnostic {
    crate::error!(
        "table-overflow", Some(*loc),
        "`{}` is wider than a column of the map's legend", text;
        hint: "shorten the name or the words of an effect"
    )
}

/// The legend's total height.
pub fn legend_height(rows: &[LegendRow]) -> f32 {
    rows.iter().map(|r| r.height).sum()
}
