//! Publish: a deck's label-sheet output — its template checked against the
//! sheet, then its cards laid out a few pages at a time as they are checked
//! or written.

use super::artifact::{PageSource, card_faces, changed};
use super::faces::select_cards;
use super::{Assets, Body, Output, PlanOptions};
use crate::diag::{Diagnostics, Sources};
use crate::layout::{self, LabelOptions, Page};
use crate::load::OpError;
use crate::model::{CardTemplate, Game, LabelJob, SheetTemplate};
use crate::validate::{check_template_fields, dangling, template_fits};

pub fn plan_labels(
    game: &Game,
    job: &LabelJob,
    assets: &Assets,
    options: &PlanOptions,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<Option<Output>, OpError> {
    let Some(deck) = game.deck(&job.deck.value) else {
        if game.unloaded.contains(&job.deck.value) {
            return Ok(None);
        }
        diags.push(dangling(
            &job.deck,
            "deck",
            game.decks.iter().map(|d| d.id.as_str()),
        ));
        return Ok(None);
    };
    let sheet_name = options.sheet.as_deref().unwrap_or(&job.sheet.value);
    let Some(sheet) = assets.sheet(sheet_name) else {
        if options.sheet.is_some() {
            return Err(OpError::new(format!(
                "no sheet `{sheet_name}`; `grogpress sheets` lists them"
            )));
        }
        diags.push(dangling(
            &job.sheet,
            "sheet",
            assets.sheets.iter().map(|s| s.id.as_str()),
        ));
        return Ok(None);
    };
    let Some(template) = game.files.template("labels", &job.layout.value) else {
        return Ok(None);
    };
    check_template_fields(deck, template, diags);
    if !template_fits_label(template, sheet, diags) {
        return Ok(None);
    }
    check_placement(sheet, &options.label)?;
    if assets.fonts.family(&template.family).is_none() {
        return Ok(None);
    }
    let cards = select_cards(game, deck, options.side.as_deref())?;
    let label = (sheet.label_width, sheet.label_height);
    let background = super::background::background_items(template, label, 0.0, assets, diags)?;
    let art = super::art::card_art(
        game,
        template,
        Some(deck),
        label,
        0.0,
        false,
        sources,
        diags,
    )?;
    let title = format!("{} — {}", game.name, deck.name);
    let sheets = layout::LabelSheets::new(&title, sheet, &options.label, cards.len());
    let side = options
        .side
        .as_deref()
        .map(|s| format!("-{}", slug(s)))
        .unwrap_or_default();
    Ok(Some(Output {
        printed: super::artifact::Printed::Labels,
        file_name: format!("{}-labels{side}.pdf", deck.id),
        summary: format!(
            "{} on {} of {}",
            super::counted(cards.len() * options.label.copies.max(1), "card", "cards"),
            super::counted(sheets.page_count(), "sheet", "sheets"),
            sheet.name
        ),
        body: Body::Pages(Box::new(LabelPrint {
            deck: deck.id.clone(),
            template: template.clone(),
            memo: layout::FitMemo::default(),
            background,
            art,
            cards,
            sheets,
        })),
        images: None,
    }))
}

/// A deck's cards on label sheets, laid out page by page.
struct LabelPrint {
    deck: String,
    template: CardTemplate,
    /// The template's region texts, each fitted once.
    memo: layout::FitMemo,
    background: Vec<layout::Item>,
    art: layout::CardArt,
    /// The deck's cards to print, in order.
    cards: Vec<usize>,
    sheets: layout::LabelSheets,
}

/// Label pages laid out and written at a time: enough for every core to
/// work on, few enough to stay small.
const LABEL_PAGES_AT_ONCE: usize = 64;

impl PageSource for LabelPrint {
    fn title(&self) -> &str {
        &self.sheets.title
    }

    fn page_count(&self) -> usize {
        self.sheets.page_count()
    }

    fn parts(&self) -> usize {
        self.page_count().div_ceil(LABEL_PAGES_AT_ONCE)
    }

    fn part(
        &self,
        game: &Game,
        assets: &Assets,
        n: usize,
        diags: &mut Diagnostics,
    ) -> Result<Vec<Page>, OpError> {
        let count = self.page_count();
        let pages =
            (n * LABEL_PAGES_AT_ONCE).min(count)..((n + 1) * LABEL_PAGES_AT_ONCE).min(count);
        let (Some(first), Some(last)) = (pages.clone().next(), pages.clone().last()) else {
            return Ok(Vec::new());
        };
        let cards = self.sheets.cards_on_page(first).start..self.sheets.cards_on_page(last).end;
        let indices = self
            .cards
            .get(cards.clone())
            .ok_or_else(|| changed(&self.deck))?;
        let mut faces = card_faces(
            game,
            assets,
            &self.deck,
            indices,
            (&self.template, &self.memo, &self.background, &self.art),
            diags,
        )?;
        Ok(pages
            .map(|n| {
                let on_page = self.sheets.cards_on_page(n);
                let at = on_page.start - cards.start..on_page.end - cards.start;
                self.sheets.page(n, &mut faces[at])
            })
            .collect())
    }
}

/// Every region of the template lies on the sheet's label.
fn template_fits_label(
    template: &CardTemplate,
    sheet: &SheetTemplate,
    diags: &mut Diagnostics,
) -> bool {
    let what = format!("{} labels", sheet.id);
    template_fits(
        template,
        (sheet.label_width, sheet.label_height),
        0.0,
        "label-too-small",
        &what,
        diags,
    )
}

/// `--start` must name a label of the sheet, and calibration offsets must
/// keep every label on the paper.
fn check_placement(sheet: &SheetTemplate, options: &LabelOptions) -> Result<(), OpError> {
    if options.start > sheet.per_page() {
        return Err(OpError::new(format!(
            "--start {}: {} has {} labels per sheet; start at 1 to {}",
            options.start,
            sheet.id,
            sheet.per_page(),
            sheet.per_page()
        )));
    }
    let (first_x, first_y) = sheet.label_origin(0);
    let (last_x, last_y) = sheet.label_origin(sheet.per_page() - 1);
    let left = first_x + options.offset_x;
    let top = first_y + options.offset_y;
    let right = last_x + sheet.label_width + options.offset_x;
    let bottom = last_y + sheet.label_height + options.offset_y;
    if left < 0.0 || top < 0.0 || right > sheet.paper.width || bottom > sheet.paper.height {
        return Err(OpError::new(format!(
            "the offsets ({:.1} mm, {:.1} mm) move labels of {} off the paper; printer calibration offsets are usually a few millimetres",
            options.offset_x * 25.4 / 72.0,
            options.offset_y * 25.4 / 72.0,
            sheet.id
        )));
    }
    Ok(())
}

fn slug(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect::<String>()
        .to_lowercase()
}
