//! Publish: which outputs to make and how, from the command line and a
//! game's `[publish.options]`.

use crate::layout::{self, LabelOptions, PnpOptions};
use crate::model::Paper;

/// Which outputs to make and how.
#[derive(Clone, Debug, Default)]
pub struct PlanOptions {
    pub labels: bool,
    pub aids: bool,
    pub cards: bool,
    /// The HTML rules reference (`out/<game>/html/`).
    pub html: bool,
    pub deck: Option<String>,
    pub sheet: Option<String>,
    pub side: Option<String>,
    pub label: LabelOptions,
    pub pnp: PnpOptions,
    /// A card size overriding the game's (`--size`).
    pub size: Option<String>,
    /// One card per page with bleed, instead of home-print sheets.
    pub print_shop: bool,
    /// Per-card images: SVG, PNG at `dpi`, Tabletop Simulator sheets.
    pub svg: bool,
    pub png: bool,
    pub dpi: f32,
    pub tts: bool,
    /// A web address the TTS sheets will be at (`--tts-url-base`), instead of `file://` paths.
    pub tts_url_base: Option<String>,
    /// The chart set (`charts.pdf`), on this paper (default Letter), with odds columns.
    pub charts: bool,
    pub chart_paper: Option<Paper>,
    pub odds: bool,
    /// Card-list reference sheets (`<deck>-list.pdf`).
    pub card_lists: bool,
    /// Unit counters (`counters.pdf`), `counter_size` points square (default 3/4 in).
    pub counters: bool,
    pub counter_size: Option<f32>,
    /// Every map: a poster, tiled sheets, an SVG and a PNG (`<map>-map.pdf`...).
    pub maps: bool,
    /// Each scenario's set-up cards and turn record track (`<scenario>-setup.pdf`, `-turns.pdf`).
    pub scenarios: bool,
    /// Paper for card lists, player aids and counters (default Letter).
    pub paper: Option<Paper>,
    /// The PDF rulebook from the Markdown rules (`<game>-rules.pdf`).
    pub rulebook: Option<layout::RulebookOptions>,
    /// Which of these the command line set (the game's `[publish.options]`
    /// fill in the others).
    pub given: Given,
}

/// The options a command line gave (those not given come from the game).
#[derive(Clone, Copy, Debug, Default)]
pub struct Given {
    pub card_paper: bool,
    pub flip: bool,
    pub card_sheets: bool,
    pub bleed: bool,
    pub rulebook_paper: bool,
    pub rulebook_columns: bool,
    pub label_offset: bool,
}

/// Bleed around each card on card sheets when asked for: 1/8 in.
pub const CARD_BLEED: f32 = 9.0;

impl PlanOptions {
    /// These options with the game's `[publish.options]` where the command
    /// line left them unset.
    pub fn with_game(&self, game: &crate::model::PublishOptions) -> PlanOptions {
        let given = self.given;
        let mut pnp = self.pnp.clone();
        if let Some(paper) = game.card_paper.filter(|_| !given.card_paper) {
            pnp.paper = paper;
        }
        if let Some(short) = game.flip_short.filter(|_| !given.flip) {
            pnp.flip = if short {
                layout::Flip::Short
            } else {
                layout::Flip::Long
            };
        }
        if let Some(fold) = game.gutterfold.filter(|_| !given.card_sheets) {
            pnp.layout = if fold {
                layout::SheetLayout::Gutterfold
            } else {
                layout::SheetLayout::Duplex
            };
        }
        if let Some(bleed) = game.bleed.filter(|_| !given.bleed) {
            pnp.bleed = if bleed { CARD_BLEED } else { 0.0 };
        }
        let mut label = self.label.clone();
        if !given.label_offset {
            label.offset_x = game.label_offset.0.unwrap_or(label.offset_x);
            label.offset_y = game.label_offset.1.unwrap_or(label.offset_y);
        }
        let rulebook = self.rulebook.map(|mut book| {
            if let Some(paper) = game.rulebook_paper.filter(|_| !given.rulebook_paper) {
                book.paper = paper;
            }
            if let Some(columns) = game.rulebook_columns.filter(|_| !given.rulebook_columns) {
                book.columns = columns;
            }
            if let Some(ragged) = game.rulebook_ragged {
                book.ragged = ragged;
            }
            book.numbers = game.rule_numbers;
            book
        });
        PlanOptions {
            odds: self.odds || game.odds,
            paper: self.paper.or(game.paper),
            chart_paper: self.chart_paper.or(game.chart_paper),
            counter_size: self.counter_size.or(game.counter_size),
            pnp,
            label,
            rulebook,
            ..self.clone()
        }
    }

    pub fn everything() -> PlanOptions {
        PlanOptions {
            labels: true,
            aids: true,
            cards: true,
            html: true,
            charts: true,
            card_lists: true,
            counters: true,
            maps: true,
            scenarios: true,
            rulebook: Some(layout::RulebookOptions::default()),
            ..PlanOptions::default()
        }
    }
}
