//! Publish: the rules' illustrations drawn for the rulebook and the HTML
//! reference alike — each figure resolved against its map and the counter
//! mix (validate reports what does not resolve), its map drawn once
//! however many figures show it, its counters' front faces laid out as
//! counters.pdf lays them out, and the figure drawn from them.

use std::collections::HashMap;

use super::Assets;
use super::counters::{DEFAULT_SIZE, game_counters};
use crate::diag::Diagnostics;
use crate::layout::figure::{FigureDrawing, FigureParts, draw_figure};
use crate::layout::map::MapDrawing;
use crate::layout::{Counter, Item, counter_faces};
use crate::load::OpError;
use crate::model::figure::ResolvedFigure;
use crate::model::{Game, Style};

/// Every page's figures drawn, in order (None for one that does not
/// resolve or cannot be drawn: `check` reports it).
pub type Drawn = Vec<Vec<Option<FigureDrawing>>>;

/// Draws every figure of the rules; nothing is drawn for rules without any.
pub fn draw_figures(game: &Game, assets: &Assets) -> Result<Drawn, OpError> {
    if game.rules.iter().all(|p| p.doc.figures.is_empty()) {
        return Ok(game.rules.iter().map(|_| Vec::new()).collect());
    }
    let mut quiet = Diagnostics::default();
    let counters = game_counters(game, assets)?.unwrap_or_default();
    let family = assets
        .fonts
        .family("sans-condensed")
        .or(assets.fonts.families.first());
    let size = game.publish.options.counter_size.unwrap_or(DEFAULT_SIZE);
    let mut maps: HashMap<usize, Option<MapDrawing>> = HashMap::new();
    let mut out = Vec::with_capacity(game.rules.len());
    for page in &game.rules {
        let mut drawn = Vec::with_capacity(page.doc.figures.len());
        for spec in &page.doc.figures {
            let figure = crate::validate::resolve_figure(game, spec, &mut quiet);
            let drawing = figure.and_then(|figure| {
                let map = game.maps.get(figure.map)?;
                let map_drawing = maps
                    .entry(figure.map)
                    .or_insert_with(|| super::maps::draw(map, assets, &mut quiet))
                    .as_ref()?;
                let family = family?;
                let faces = counter_fronts(game, &figure, &counters, size, family, assets)?;
                draw_figure(&FigureParts {
                    map,
                    drawing: map_drawing,
                    figure: &figure,
                    faces: &faces,
                    counter_size: size,
                    label_face: family.face(Style::Bold),
                    book: &assets.fonts,
                })
                .ok()
            });
            drawn.push(drawing);
        }
        out.push(drawn);
    }
    Ok(out)
}

/// The front face of each counter of the figure, as counters.pdf draws it.
fn counter_fronts(
    game: &Game,
    figure: &ResolvedFigure,
    counters: &[Counter],
    size: f32,
    family: &crate::text::Family,
    assets: &Assets,
) -> Option<Vec<Vec<Item>>> {
    let job = game.publish.counters.as_ref()?;
    figure
        .counters
        .iter()
        .map(|&(_, side, entry)| {
            job.sides.get(side)?.units.get(entry)?;
            let key = crate::layout::CounterKey::Unit { side, entry };
            let counter = counters.iter().find(|c| c.key == key)?;
            counter_faces(counter, size, family, &assets.fonts)
                .ok()
                .map(|(front, _)| front)
        })
        .collect()
}
