//! Publish: what a VASSAL module's toolbar holds for a game — its dice
//! (each NdS roll its charts and random tables key their rows by, and each
//! die of a collection with a faces field), its charts and player aids as
//! pictures for the Charts window (drawn from the same pages as
//! `charts.pdf` and the aids' PDFs), and its turns (the turn track's, else
//! the longest scenario's). Input: the game and its planned outputs;
//! output: the render stage's dice, charts and turns.

use super::{Assets, add, png};
use crate::layout::Doc;
use crate::load::OpError;
use crate::model::BlockKind;
use crate::model::track::PartKind;
use crate::model::{FieldKind, FieldValue, Game};
use crate::publish::{Body, Output};
use crate::render::vassal::{VassalChart, VassalDie, VassalTurns};
use crate::render::zip::ZipWriter;

/// The game's dice: the NdS rolls of its charts' results and range tables
/// and of its random tables, each once, in the order the game first uses
/// them; then every die of every collection that has a faces field.
pub fn dice(game: &Game) -> Vec<VassalDie> {
    let mut out: Vec<VassalDie> = Vec::new();
    let charts = game.charts.iter().flat_map(|c| &c.blocks);
    let rolls = charts
        .filter_map(|b| match &b.kind {
            BlockKind::Results(t) => Some(t.dice.value),
            BlockKind::Ranges(t) => Some(t.dice.value),
            _ => None,
        })
        .chain(game.random_tables.iter().map(|t| t.dice.value));
    for dice in rolls {
        let die = VassalDie::Standard {
            count: dice.count,
            sides: dice.sides,
        };
        if !out.contains(&die) {
            out.push(die);
        }
    }
    for collection in &game.collections {
        let Some(at) = collection
            .fields
            .iter()
            .position(|f| matches!(f.kind, FieldKind::Faces(_)))
        else {
            continue;
        };
        for die in &collection.cards {
            let Some(Some(value)) = die.values.get(at) else {
                continue;
            };
            let FieldValue::List(faces) = &value.value else {
                continue;
            };
            out.push(VassalDie::Faces {
                name: collection.item_ref(die).name,
                faces: faces.iter().map(|f| f.value.clone()).collect(),
            });
        }
    }
    out
}

/// The charts (each page of the chart set) and the player aids (each page
/// of each aid) as pictures under `images/`, for the Charts window.
pub fn charts(
    game: &Game,
    outputs: &[Output],
    assets: &Assets,
    zip: &mut ZipWriter,
) -> Result<Vec<VassalChart>, OpError> {
    let mut out = Vec::new();
    let doc = |name: &str| {
        outputs
            .iter()
            .find(|o| o.file_name == name)
            .and_then(|o| match &o.body {
                Body::Doc(doc) => Some(doc),
                Body::Pages(_) => None,
            })
    };
    if let Some(charts) = doc("charts.pdf") {
        let title = game.words.charts_and_tables.clone();
        pages(&title, "charts", charts, assets, zip, &mut out)?;
    }
    for job in &game.publish.aids {
        let Some(aid) = game.aid(&job.aid.value) else {
            continue;
        };
        if let Some(pdf) = doc(&format!("{}.pdf", aid.id)) {
            pages(
                &aid.title,
                &format!("aid-{}", aid.id),
                pdf,
                assets,
                zip,
                &mut out,
            )?;
        }
    }
    Ok(out)
}

/// A document's pages as pictures `images/<stem>-<n>.png`, each a chart
/// named `title` (and its page number when there are more than one).
fn pages(
    title: &str,
    stem: &str,
    doc: &Doc,
    assets: &Assets,
    zip: &mut ZipWriter,
    out: &mut Vec<VassalChart>,
) -> Result<(), OpError> {
    let many = doc.pages.len() > 1;
    for (n, page) in doc.pages.iter().enumerate() {
        let name = if many {
            format!("{title} {}", n + 1)
        } else {
            title.to_string()
        };
        let image = format!("{stem}-{}.png", n + 1);
        let picture = png(&page.items, page.width, page.height, assets, &name)?;
        add(zip, &format!("images/{image}"), &picture)?;
        out.push(VassalChart { name, image });
    }
    Ok(())
}

/// The turns the game is played in: its turn track's (the first turn
/// track's range), else from 1 to its longest scenario's last turn; none
/// without either.
pub fn turns(game: &Game) -> Option<VassalTurns> {
    if let Some(track) = game.parts.iter().find(|p| p.kind == PartKind::Turn) {
        return Some(VassalTurns {
            first: track.from,
            last: track.to,
        });
    }
    let last = game.scenarios.iter().map(|s| s.turns.value).max()?;
    (last >= 1).then_some(VassalTurns { first: 1, last })
}
