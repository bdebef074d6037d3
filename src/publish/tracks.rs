//! Publish: the game's tracks and holding boxes — those not on a map
//! printed on the tracks sheet (`tracks.pdf`, on the game's paper), and
//! every one listed on the tracks page of the HTML reference with its
//! picture (`tracks/<id>.svg`). Those on a map are drawn with the map.

use super::{Assets, Body, Output, PlanOptions};
use crate::diag::Diagnostics;
use crate::layout::tracks::{lay_out_tracks_sheet, part_items};
use crate::model::{Game, Paper};
use crate::render::html::{ExtraPage, ShownPart, tracks_page};
use crate::render::svg::outlined_svg;

/// A file beside the HTML pages: its path under the html folder, its bytes.
pub type Picture = (String, Vec<u8>);

/// The folder under the html folder the parts' pictures go to.
const PICTURES: &str = "tracks";

/// The paper the tracks sheet is printed on.
pub fn sheet_paper(options: &PlanOptions) -> Paper {
    options.paper.unwrap_or(Paper::LETTER)
}

fn title(game: &Game) -> String {
    format!("{} — {}", game.name, game.words.tracks)
}

/// `tracks.pdf`, when a track or holding box is printed off the maps.
pub fn plan_tracks(
    game: &Game,
    assets: &Assets,
    options: &PlanOptions,
    diags: &mut Diagnostics,
) -> Option<Output> {
    if game.parts.iter().all(|p| p.on.is_some()) {
        return None;
    }
    let faces = super::maps::map_faces(game, assets)?;
    match lay_out_tracks_sheet(
        game,
        &title(game),
        sheet_paper(options),
        faces,
        &assets.fonts,
    ) {
        Ok(doc) => Some(Output {
            printed: super::artifact::Printed::Tracks,
            file_name: "tracks.pdf".to_string(),
            summary: format!(
                "tracks and holding boxes, {}",
                super::counted(doc.pages.len(), "page", "pages")
            ),
            body: Body::Doc(doc),
            images: None,
        }),
        Err(problems) => {
            problems.into_iter().for_each(|d| diags.push(d));
            None
        }
    }
}

/// The tracks page of the HTML reference and each part's picture as
/// (path under the html folder, bytes); none when the game has no parts.
/// A part that cannot be drawn (reported by `check`) has no picture.
pub fn html_page(game: &Game, assets: &Assets) -> Option<(ExtraPage, Vec<Picture>)> {
    if game.parts.is_empty() {
        return None;
    }
    let faces = super::maps::map_faces(game, assets)?;
    let mut shown = Vec::new();
    let mut pictures = Vec::new();
    for part in &game.parts {
        let shape = part.shape(part.boxes_per_row(if part.on.is_some() {
            None
        } else {
            Some(sheet_paper(&PlanOptions::default().with_game(&game.publish.options)).width - 72.0)
        }));
        let Ok(items) = part_items(part, &shape, (1.0, 1.0), faces, &assets.fonts) else {
            continue;
        };
        let (w, h) = (shape.width + 2.0, shape.height + 2.0);
        let picture = format!("{PICTURES}/{}.svg", part.id.value);
        pictures.push((
            picture.clone(),
            outlined_svg(&items, w, h, &assets.fonts).into_bytes(),
        ));
        shown.push(ShownPart {
            part,
            picture,
            width: w,
            height: h,
        });
    }
    Some((tracks_page(&title(game), &shown, &game.words), pictures))
}
