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
    /// The chart set (`charts.pdf`), on this paper (default Letter), with odds columns.
    pub charts: bool,
    pub chart_paper: Option<Paper>,
    pub odds: bool,
    /// Card-list reference sheets (`<deck>-list.pdf`).
    pub card_lists: bool,
    /// Unit counters (`counters.pdf`), `counter_size` points square (default 3/4 in).
    pub counters: bool,
    pub counter_size: Option<f32>,
    /// Paper for card lists, the units and dice sheet and counters (default Letter).
    pub paper: Option<Paper>,
    /// The PDF rulebook from the Markdown rules (`<game>-rules.pdf`).
    pub rulebook: Option<layout::RulebookOptions>,
}

impl PlanOptions {
    /// These options with the game's `[publish.options]` where the command
    /// line left them unset.
    pub fn with_game(&self, game: &crate::model::PublishOptions) -> PlanOptions {
        PlanOptions {
            odds: self.odds || game.odds,
            paper: self.paper.or(game.paper),
            chart_paper: self.chart_paper.or(game.chart_paper),
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
            rulebook: Some(layout::RulebookOptions::default()),
            ..PlanOptions::default()
        }
    }
}
