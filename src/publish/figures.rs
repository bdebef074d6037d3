//! Publish: the rules' illustrations drawn for the rulebook and the HTML
//! reference alike — each figure resolved against its map and the counter
//! mix (validate reports what does not resolve), its map drawn once
//! however many figures show it, its counters' front faces laid out as
//! counters.pdf lays them out, and the figure drawn from them.

use std::collections::HashMap;

use super::Assets;
use super::counters::{DEFAULT_SIZE, game_counters};
use crate::diag::{Diagnostic, Diagnostics};
use crate::layout::figure::{FigureDrawing, FigureParts, LabelProblem, draw_figure};
use crate::layout::map::MapDrawing;
use crate::layout::{Counter, Item, counter_faces};
use crate::load::OpError;
use crate::model::figure::{FigureSpec, ResolvedFigure};
use crate::model::{Game, Style};

/// Every page's figures drawn, in order (None for one that does not
/// resolve or cannot be drawn: validation reports the first, `diags` the
/// second).
pub type Drawn = Vec<Vec<Option<FigureDrawing>>>;

/// Draws every figure of the rules, once for the rulebook and the HTML
/// reference both; nothing is drawn for rules without any. A figure that
/// resolves but cannot be drawn (a label wider than its frame, a label the
/// font cannot set) is a located error in `diags`, never a figure dropped.
pub fn draw_figures(
    game: &Game,
    assets: &Assets,
    diags: &mut Diagnostics,
) -> Result<Drawn, OpError> {
    if game.rules.iter().all(|p| p.doc.figures.is_empty()) {
        return Ok(game.rules.iter().map(|_| Vec::new()).collect());
    }
    // What does not resolve validation has reported already.
    let mut reported = Diagnostics::default();
    let counters = game_counters(game, assets)?.unwrap_or_default();
    let family = assets.text_family(game);
    let size = game.publish.options.counter_size.unwrap_or(DEFAULT_SIZE);
    let mut maps: HashMap<usize, Option<MapDrawing>> = HashMap::new();
    let mut out = Vec::with_capacity(game.rules.len());
    for page in &game.rules {
        let mut drawn = Vec::with_capacity(page.doc.figures.len());
        for spec in &page.doc.figures {
            let figure = crate::validate::resolve_figure(game, spec, &mut reported);
            let drawing = figure.and_then(|figure| {
                let map = game.maps.get(figure.map)?;
                let map_drawing = maps
                    .entry(figure.map)
                    .or_insert_with(|| super::maps::draw(map, game, assets, &mut reported))
                    .as_ref()?;
                let family = family?;
                let faces = counter_fronts(game, &figure, &counters, size, family, assets)?;
                let drawn = draw_figure(&FigureParts {
                    map,
                    drawing: map_drawing,
                    figure: &figure,
                    faces: &faces,
                    counter_size: size,
                    label_face: family.face(Style::Bold),
                    book: &assets.fonts,
                });
                drawn.map_err(|p| diags.push(label_problem(spec, p))).ok()
            });
            drawn.push(drawing);
        }
        out.push(drawn);
    }
    Ok(out)
}

/// A figure label that cannot be drawn, told at the label.
fn label_problem(spec: &FigureSpec, problem: LabelProblem) -> Diagnostic {
    match problem {
        LabelProblem::Unsettable(label) => crate::error!(
            "missing-glyph", Some(label.loc),
            "figure `{}`: the label uses characters the font lacks", spec.id.value;
            hint: "replace the characters, or add a font that has them to fonts/"
        ),
        LabelProblem::TooWide { label, width, room } => crate::error!(
            "figure-label-overflow", Some(label.loc),
            "figure `{}`: the label is {width:.0} pt wide and the figure {room:.0} pt", spec.id.value;
            hint: "shorten the label (a figure's labels are a few words: say more in the caption), or widen the figure's `hexes`"
        ),
    }
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
