//! Publish: which outputs to make and how, from the command line and a
//! game's `[publish.options]`.

use crate::layout::{self, LabelOptions, PnpOptions};
use crate::model::Paper;

/// Which outputs to make and how.
#[derive(Clone, Debug, Default)]
pub struct PlanOptions {
    /// The language to build in (`--lang de`): one of the game's
    /// `languages`; None (or the game's own) builds the source language.
    pub lang: Option<String>,
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
    /// A print shop's preset (`--shop NAME`): its bleed, safe zone and files.
    pub shop: Option<String>,
    /// Per-card images: SVG, PNG at `dpi`, Tabletop Simulator sheets.
    pub svg: bool,
    pub png: bool,
    pub dpi: f32,
    pub tts: bool,
    /// A web address the TTS sheets will be at (`--tts-url-base`), instead
    /// of bare file names TTS finds in its `Mods/Images` folder.
    pub tts_url_base: Option<String>,
    /// `file:///` URLs of the TTS sheets on this machine (`--tts-file-urls`).
    pub tts_file_urls: bool,
    /// The chart set (`charts.pdf`), on this paper (default Letter), with odds columns.
    pub charts: bool,
    pub chart_paper: Option<Paper>,
    pub odds: bool,
    /// Card-list reference sheets (`<deck>-list.pdf`).
    pub card_lists: bool,
    /// Unit counters (`counters.pdf`), `counter_size` points square (default 3/4 in).
    pub counters: bool,
    pub counter_size: Option<f32>,
    /// Each counter's colour run 1/16 in under a gutter (`counters --bleed`).
    pub counter_bleed: bool,
    /// Every map: a poster, tiled sheets, an SVG and a PNG (`<map>-map.pdf`...).
    pub maps: bool,
    /// Each scenario's set-up cards and turn record track (`<scenario>-setup.pdf`, `-turns.pdf`).
    pub scenarios: bool,
    /// Paper for card lists, player aids and counters (default Letter).
    pub paper: Option<Paper>,
    /// The PDF rulebook from the Markdown rules (`<game>-rules.pdf`).
    pub rulebook: Option<layout::RulebookOptions>,
    /// The settings a game's `[publish.options]` also has, as the command
    /// line gave them: `None` where it left one unset, so the game's value,
    /// then the default, is taken. [`PlanOptions::with_game`] merges them
    /// (and `paper`, `chart_paper`, `counter_size`, `odds` above) in one place
    /// into `pnp`, `label` and `rulebook`.
    pub card_paper: Option<Paper>,
    pub flip: Option<layout::Flip>,
    pub card_sheets: Option<layout::SheetLayout>,
    pub bleed: Option<bool>,
    pub label_offset_x: Option<f32>,
    pub label_offset_y: Option<f32>,
    pub rulebook_paper: Option<Paper>,
    pub rulebook_columns: Option<usize>,
    /// An earlier version (`--changes-since REV|DIR`): the rulebook's change
    /// bars and the HTML's highlights are against it, and `errata` is from it.
    pub changes_since: Option<String>,
    /// The errata sheet (`errata.pdf`): every change since `changes_since`.
    pub errata: bool,
}

/// Bleed around each card on card sheets when asked for: 1/8 in.
pub const CARD_BLEED: f32 = 9.0;

impl PlanOptions {
    /// These options with the game's `[publish.options]` where the command
    /// line left them unset.
    pub(crate) fn with_game(&self, game: &crate::model::PublishOptions) -> PlanOptions {
        let mut pnp = self.pnp.clone();
        pnp.paper = self.card_paper.or(game.card_paper).unwrap_or(pnp.paper);
        pnp.flip = self
            .flip
            .or(game.flip_short.map(|short| match short {
                true => layout::Flip::Short,
                false => layout::Flip::Long,
            }))
            .unwrap_or(pnp.flip);
        pnp.layout = self
            .card_sheets
            .or(game.gutterfold.map(|fold| match fold {
                true => layout::SheetLayout::Gutterfold,
                false => layout::SheetLayout::Duplex,
            }))
            .unwrap_or(pnp.layout);
        if let Some(bleed) = self.bleed.or(game.bleed) {
            pnp.bleed = if bleed { CARD_BLEED } else { 0.0 };
        }
        let mut label = self.label.clone();
        label.offset_x = self
            .label_offset_x
            .or(game.label_offset.0)
            .unwrap_or(label.offset_x);
        label.offset_y = self
            .label_offset_y
            .or(game.label_offset.1)
            .unwrap_or(label.offset_y);
        let rulebook = self.rulebook.map(|mut book| {
            book.paper = self
                .rulebook_paper
                .or(game.rulebook_paper)
                .unwrap_or(book.paper);
            book.columns = self
                .rulebook_columns
                .or(game.rulebook_columns)
                .unwrap_or(book.columns);
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
