//! Publish: a game's maps — each drawn once at true scale and printed as a
//! poster (`<map>-map.pdf`, one page the map's size) and tiled across
//! Letter or A4 sheets (`<map>-map-tiles.pdf`); written as pictures of the
//! whole map (`maps/<map>.svg`, `maps/<map>.png`), which the HTML
//! reference shows on a page of its own.

use std::path::Path;

use super::{Assets, Body, Output, write_output};
use crate::diag::Diagnostics;
use crate::layout::map::{MapDrawing, MapFaces, TilePlan, draw_map, lay_out_poster, lay_out_tiles};
use crate::layout::map_legend::legend_rows;

/// The narrowest a poster's legend is set, however narrow the map.
const COLUMN_MIN: f32 = 180.0;
use crate::load::OpError;
use crate::model::{Game, Map, Style};
use crate::render::{png::items_to_png, svg::outlined_svg};

/// The folder under `out/<game>/` the pictures of the maps go to.
pub(crate) const MAP_DIR: &str = "maps";

/// A map PNG is drawn at this resolution, or less so its longer side stays
/// within [`PNG_MAX_PIXELS`]: a picture of the whole map, not a print.
const PNG_DPI: f32 = 150.0;
const PNG_MAX_PIXELS: f32 = 3000.0;

/// The faces a map's codes and labels are set in: the game's text family.
pub fn map_faces(game: &Game, assets: &Assets) -> Option<MapFaces> {
    let family = assets.text_family(game)?;
    Some(MapFaces {
        code: family.face(Style::Regular),
        label: family.face(Style::Bold),
    })
}

/// The map drawn, or `None` with its problems in `diags`: an icon that
/// is not in `data/icons/` is a `dangling-reference`.
pub fn draw(
    map: &Map,
    game: &Game,
    assets: &Assets,
    diags: &mut Diagnostics,
) -> Option<MapDrawing> {
    let faces = map_faces(game, assets)?;
    let mut ok = true;
    for terrain in &map.terrain {
        if let Some(icon) = &terrain.icon
            && !assets.icons.iter().any(|i| i.name == icon.value)
        {
            diags.push(crate::validate::dangling(
                icon,
                "icon",
                assets.icons.iter().map(|i| i.name.as_str()),
            ));
            ok = false;
        }
    }
    let attribute_icons = map
        .places
        .iter()
        .flat_map(|p| &p.attributes)
        .filter_map(|a| match &a.show {
            crate::model::places::AttributeShow::Icon(icon) => Some(icon),
            _ => None,
        });
    for icon in attribute_icons {
        if !assets.icons.iter().any(|i| i.name == icon.value) {
            diags.push(crate::validate::dangling(
                icon,
                "icon",
                assets.icons.iter().map(|i| i.name.as_str()),
            ));
            ok = false;
        }
    }
    match draw_map(map, faces, &assets.fonts, &assets.icons) {
        Ok(drawing) if ok => Some(drawing),
        Ok(_) => None,
        Err(problems) => {
            problems.into_iter().for_each(|d| diags.push(d));
            None
        }
    }
}

/// The poster and the tiled sheets of every map.
pub(crate) fn plan_maps(game: &Game, assets: &Assets, diags: &mut Diagnostics) -> Vec<Output> {
    let mut outputs = Vec::new();
    let Some(faces) = map_faces(game, assets) else {
        return outputs;
    };
    for map in &game.maps {
        let Some(drawing) = draw(map, game, assets, diags) else {
            continue;
        };
        let legend = if map.legend {
            let width = drawing.width - 2.0 * drawing.margin;
            let tile_width = map.tiling.paper.width - 72.0;
            let mut rows = |width: f32| {
                legend_rows(map, faces, &assets.fonts, &assets.icons, width, &game.words)
                    .map_err(|problems| problems.into_iter().for_each(|d| diags.push(d)))
            };
            match (rows(width.max(COLUMN_MIN)), rows(tile_width)) {
                (Ok(poster), Ok(tiles)) => (poster, tiles),
                _ => continue,
            }
        } else {
            (Vec::new(), Vec::new())
        };
        let poster = lay_out_poster(map, &drawing, &legend.0, faces, &assets.fonts, &game.words);
        let inches = |pt: f32| (pt / 72.0 * 10.0).round() / 10.0;
        let page = poster
            .pages
            .first()
            .map_or((0.0, 0.0), |p| (p.width, p.height));
        outputs.push(Output {
            printed: super::artifact::Printed::MapPoster,
            file_name: format!("{}-map.pdf", map.id),
            summary: format!(
                "{}: a poster {} x {} in, true scale",
                map.name,
                inches(page.0),
                inches(page.1)
            ),
            body: Body::Doc(poster),
            images: None,
        });
        let plan = TilePlan::new(&drawing, map.tiling.paper, map.tiling.overlap);
        let tiles = lay_out_tiles(
            map,
            &drawing,
            &plan,
            &legend.1,
            faces,
            &assets.fonts,
            &game.words,
        );
        outputs.push(Output {
            printed: super::artifact::Printed::MapTiles,
            file_name: format!("{}-map-tiles.pdf", map.id),
            summary: tiles_summary(&map.name, &plan, !legend.1.is_empty()),
            body: Body::Doc(tiles),
            images: None,
        });
    }
    outputs
}

/// A self-contained SVG of the whole map (text as outlines). A map of
/// places also carries its names and values as real text, unseen, laid
/// over the outlines, so they can be found and selected.
pub fn map_svg(map: &Map, drawing: &MapDrawing, assets: &Assets) -> String {
    let svg = outlined_svg(&drawing.items, drawing.width, drawing.height, &assets.fonts);
    if map.places.is_none() {
        return svg;
    }
    let Some(end) = svg.rfind("</svg>") else {
        return svg;
    };
    let mut layer =
        String::from("<g class=\"place-names\" fill-opacity=\"0\" font-family=\"sans-serif\">");
    for t in crate::layout::places::texts(&drawing.items) {
        layer.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" textLength=\"{}\">{}</text>",
            round(t.x),
            round(t.y),
            round(t.size),
            round(t.width),
            crate::render::svg::escape(&t.text)
        ));
    }
    layer.push_str("</g>");
    format!("{}{layer}{}", &svg[..end], &svg[end..])
}

fn round(v: f32) -> f32 {
    (v * 100.0).round() / 100.0
}

/// The resolution a map's PNG is drawn at.
pub fn png_dpi(drawing: &MapDrawing) -> f32 {
    let longest = drawing.width.max(drawing.height) / 72.0;
    PNG_DPI.min(PNG_MAX_PIXELS / longest.max(f32::EPSILON))
}

/// The SVG and PNG of every map that draws, as (path under `out/<game>/`,
/// bytes); each map's two are made at once, on all cores.
pub(crate) fn map_images(game: &Game, assets: &Assets) -> Result<Vec<(String, Vec<u8>)>, OpError> {
    let mut images = Vec::new();
    let mut quiet = Diagnostics::default();
    for map in &game.maps {
        let Some(drawing) = draw(map, game, assets, &mut quiet) else {
            continue;
        };
        // Drawn from the items, as resvg draws the SVG (but for a few levels
        // at the edges), without parsing the SVG back.
        let (svg, png) = std::thread::scope(|scope| {
            let svg = scope.spawn(|| map_svg(map, &drawing, assets));
            let png = items_to_png(
                &drawing.items,
                drawing.width,
                drawing.height,
                &assets.fonts,
                png_dpi(&drawing),
            );
            let svg = svg.join().unwrap_or_else(|p| std::panic::resume_unwind(p));
            (svg, png)
        });
        let png = png.map_err(|e| OpError::new(format!("map {}: {e}", map.id)))?;
        images.push((format!("{MAP_DIR}/{}.svg", map.id), svg.into_bytes()));
        images.push((format!("{MAP_DIR}/{}.png", map.id), png));
    }
    Ok(images)
}

/// Writes images made by [`map_images`] under `folder` (`out/<game>/`);
/// returns how many files were written.
pub(crate) fn write_images(images: &[(String, Vec<u8>)], folder: &Path) -> Result<usize, OpError> {
    for (name, bytes) in images {
        write_output(folder, &folder.join(name), bytes)?;
    }
    Ok(images.len())
}

/// Each map's page of the HTML reference, and its picture as (path under
/// the html folder, bytes). A map that cannot be drawn (reported by
/// `check`) has no page.
pub(crate) fn html_pages(
    game: &Game,
    assets: &Assets,
) -> (Vec<crate::render::html::ExtraPage>, Vec<(String, Vec<u8>)>) {
    let mut pages = Vec::new();
    let mut pictures = Vec::new();
    let mut quiet = Diagnostics::default();
    for map in &game.maps {
        let Some(drawing) = draw(map, game, assets, &mut quiet) else {
            continue;
        };
        pictures.push((
            crate::render::html::map_picture(map),
            map_svg(map, &drawing, assets).into_bytes(),
        ));
        pages.push(crate::render::html::map_page(
            map,
            drawing.width,
            drawing.height,
            &game.words,
            &assets.icons,
        ));
    }
    (pages, pictures)
}

/// "Oka on 6 sheets, 3 across x 2 down, to tape together, then the legend".
fn tiles_summary(name: &str, plan: &TilePlan, legend: bool) -> String {
    let then = if legend { ", then the legend" } else { "" };
    match plan.columns * plan.rows {
        1 => format!("{name} on 1 sheet{then}"),
        n => format!(
            "{name} on {n} sheets, {} across x {} down, to tape together{then}",
            plan.columns, plan.rows
        ),
    }
}
