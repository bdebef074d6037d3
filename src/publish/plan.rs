//! Publish: the list of outputs a game asks for — every label sheet, card
//! sheet, aid, chart and list laid out (so `check` finds overflow), ready to
//! write.

use super::{Assets, Body, Output, PlanOptions};
use crate::diag::{Diagnostics, Sources};
use crate::layout::{self, AidOptions};
use crate::load::OpError;
use crate::model::{Game, Paper};
use crate::validate::dangling;

/// Lays out everything the game publishes; problems go to `diags`.
pub fn plan(
    game: &Game,
    assets: &Assets,
    options: &PlanOptions,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<Vec<Output>, OpError> {
    let options = &options.with_game(&game.publish.options);
    let mut outputs = Vec::new();
    if let Some(wanted) = &options.deck
        && !game.publish.labels.iter().any(|j| j.deck.value == *wanted)
        && !game.publish.cards.iter().any(|j| j.deck.value == *wanted)
    {
        let printed: Vec<&str> = game
            .publish
            .labels
            .iter()
            .map(|j| j.deck.value.as_str())
            .chain(game.publish.cards.iter().map(|j| j.deck.value.as_str()))
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        return Err(OpError::new(format!(
            "{} prints no deck `{wanted}`; it prints: {}",
            game.name,
            if printed.is_empty() {
                "none".to_string()
            } else {
                printed.join(", ")
            }
        )));
    }
    if options.labels {
        for job in &game.publish.labels {
            if options.deck.as_ref().is_some_and(|d| *d != job.deck.value) {
                continue;
            }
            if let Some(output) =
                super::labels::plan_labels(game, job, assets, options, sources, diags)?
            {
                outputs.push(output);
            }
        }
    }
    if options.cards {
        for job in &game.publish.cards {
            if options.deck.as_ref().is_some_and(|d| *d != job.deck.value) {
                continue;
            }
            if let Some(output) =
                super::cards::plan_cards(game, job, assets, options, sources, diags)?
            {
                outputs.push(output);
            }
        }
    }
    if options.aids {
        for job in &game.publish.aids {
            let Some(aid) = game.aid(&job.aid.value) else {
                if game.unloaded.contains(&job.aid.value) {
                    continue;
                }
                diags.push(dangling(
                    &job.aid,
                    "aid",
                    game.aids.iter().map(|a| a.id.as_str()),
                ));
                continue;
            };
            let Some(family) = assets.text_family(game) else {
                continue;
            };
            let defaults = AidOptions::default();
            let aid_options = AidOptions {
                copies: job.copies,
                paper: options.paper.unwrap_or(defaults.paper),
                margin: job.margin.unwrap_or(defaults.margin),
                ..defaults
            };
            match layout::lay_out_aid(
                game,
                aid,
                &assets.icons,
                family,
                &assets.fonts,
                &aid_options,
            ) {
                Ok(doc) => outputs.push(Output {
                    printed: super::artifact::Printed::Aid,
                    file_name: format!("{}.pdf", aid.id),
                    summary: format!(
                        "{} of the aid on {}",
                        super::counted(job.copies, "copy", "copies"),
                        super::counted(doc.pages.len(), "page", "pages")
                    ),
                    body: Body::Doc(doc),
                    images: None,
                }),
                Err(problems) => problems.into_iter().for_each(|d| diags.push(d)),
            }
        }
    }
    if options.charts
        && let Some(output) = plan_charts(game, assets, options, diags)
    {
        outputs.push(output);
    }
    if options.counters
        && let Some(output) = super::counters::plan_counters(game, assets, options, sources, diags)?
    {
        outputs.push(output);
    }
    if options.maps {
        outputs.extend(super::maps::plan_maps(game, assets, diags));
        outputs.extend(super::tracks::plan_tracks(game, assets, options, diags));
    }
    if options.scenarios {
        outputs.extend(super::scenarios::plan_scenarios(
            game, assets, options, diags,
        )?);
    }
    if options.card_lists {
        outputs.extend(super::card_lists::plan_card_lists(
            game, assets, options, diags,
        ));
    }
    Ok(outputs)
}

/// The chart set, when the game has charts.
fn plan_charts(
    game: &Game,
    assets: &Assets,
    options: &PlanOptions,
    diags: &mut Diagnostics,
) -> Option<Output> {
    if game.charts.is_empty() {
        return None;
    }
    let family = assets.text_family(game)?;
    let chart_options = layout::ChartOptions {
        paper: options.chart_paper.unwrap_or(Paper::LETTER),
        odds: options.odds,
        words: game.words.clone(),
        ..layout::ChartOptions::default()
    };
    let title = format!("{} — {}", game.name, game.words.charts_and_tables);
    match layout::lay_out_charts(&title, &game.charts, family, &assets.fonts, &chart_options) {
        Ok(doc) => Some(Output {
            printed: super::artifact::Printed::Charts,
            file_name: "charts.pdf".to_string(),
            summary: format!(
                "{} on {}",
                super::counted(game.charts.len(), "chart", "charts"),
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
