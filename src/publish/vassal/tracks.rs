//! Publish: a game's tracks and holding boxes in the VASSAL module — the
//! parts printed on a map as zones of its board, each naming its boxes
//! ("Turn 3", "VP 12", "Eliminated") where the map's grid names its cells;
//! the tracks sheet's pages as boards of their own ("Tracks") whose region
//! grids name the boxes. Input: the game and the boards of its maps;
//! output: zones, boards and every box's place on them.

use super::{Assets, DPI, add, png};
use crate::layout::tracks::{box_regions, lay_out_tracks_sheet};
use crate::load::OpError;
use crate::model::track::BoxRegion;
use crate::model::{Game, Map, Paper};
use crate::render::vassal::{VassalBoard, VassalGrid, VassalZone};
use crate::render::zip::ZipWriter;

/// The paper the tracks sheet is laid out on, as `build` lays it out.
pub fn paper(game: &Game) -> Paper {
    super::super::tracks::sheet_paper(
        &super::PlanOptions::default().with_game(&game.publish.options),
    )
}

/// The name of the board of page `page` (from 0) of the tracks sheet.
pub fn sheet_board(game: &Game, page: usize) -> String {
    if page == 0 {
        game.words.tracks.clone()
    } else {
        format!("{} {}", game.words.tracks, page + 1)
    }
}

/// The zones of the parts printed on `map`, whose drawing has `margin`
/// round the map: each part's outline, in pixels, with its boxes.
pub fn map_zones(map: &Map, regions: &[BoxRegion], margin: f32) -> Vec<VassalZone> {
    let k = DPI / 72.0;
    let mut zones = Vec::new();
    for part in &map.parts {
        let Some((x, y)) = part.origin_on(map) else {
            continue;
        };
        let shape = part.shape(part.boxes_per_row(None));
        let rect = [x, y, x + shape.width, y + shape.height];
        let inside = regions.iter().filter(|r| {
            r.map.as_deref() == Some(map.id.as_str())
                && r.x > rect[0]
                && r.x < rect[2]
                && r.y > rect[1]
                && r.y < rect[3]
        });
        zones.push(VassalZone {
            name: part.name.value.clone(),
            rect: rect.map(|v| (v + margin) * k),
            regions: inside
                .map(|r| (r.name.clone(), (r.x + margin) * k, (r.y + margin) * k))
                .collect(),
        });
    }
    zones
}

/// The tracks sheet's pages as boards (none when every part is on a map),
/// each picture under `images/`, each box a region.
pub fn sheet_boards(
    game: &Game,
    regions: &[BoxRegion],
    assets: &Assets,
    zip: &mut ZipWriter,
) -> Result<Vec<VassalBoard>, OpError> {
    if game.parts.iter().all(|p| p.on.is_some()) {
        return Ok(Vec::new());
    }
    let Some(faces) = super::super::maps::map_faces(game, assets) else {
        return Ok(Vec::new());
    };
    let title = format!("{} — {}", game.name, game.words.tracks);
    let Ok(doc) = lay_out_tracks_sheet(game, &title, paper(game), faces, &assets.fonts) else {
        // `check` reports why.
        return Ok(Vec::new());
    };
    let k = DPI / 72.0;
    let mut boards = Vec::new();
    for (n, page) in doc.pages.iter().enumerate() {
        let name = sheet_board(game, n);
        let file = format!("tracks-{}.png", n + 1);
        let picture = png(&page.items, page.width, page.height, assets, &name)?;
        add(zip, &format!("images/{file}"), &picture)?;
        boards.push(VassalBoard {
            name,
            image: file,
            width: (page.width * k).round() as u32,
            height: (page.height * k).round() as u32,
            grid: Some(VassalGrid::Regions(
                regions
                    .iter()
                    .filter(|r| r.map.is_none() && r.page == n)
                    .map(|r| (r.name.clone(), r.x * k, r.y * k))
                    .collect(),
            )),
            zones: Vec::new(),
        });
    }
    Ok(boards)
}

/// A box where the module has it: (name, board, x, y in the board's pixels).
pub type BoxSpot = (String, String, f32, f32);

/// Every box of the game (as laid out) and where the module has it;
/// `maps` are the maps' boards and margins.
pub fn box_spots(game: &Game, maps: &[(&Map, String, f32)]) -> (Vec<BoxRegion>, Vec<BoxSpot>) {
    let k = DPI / 72.0;
    let regions = box_regions(game, paper(game));
    let spots = regions
        .iter()
        .filter_map(|r| match &r.map {
            Some(id) => {
                let (_, board, margin) = maps.iter().find(|(m, ..)| &m.id == id)?;
                Some((
                    r.name.clone(),
                    board.clone(),
                    (r.x + margin) * k,
                    (r.y + margin) * k,
                ))
            }
            None => Some((r.name.clone(), sheet_board(game, r.page), r.x * k, r.y * k)),
        })
        .collect();
    (regions, spots)
}
