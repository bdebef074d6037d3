//! Publish: an output a game asks for (laid out, or laid out page by page
//! as it is written) and how it is written under `out/<game>/`.

use std::io::Write;
use std::path::Path;

use super::Assets;
use crate::layout::{self, Doc};
use crate::load::OpError;
use crate::model::{CardTemplate, Game};
use crate::render::pdf::{GlyphSet, PdfStream};

/// A document to write, and the file name it goes to under `out/<game>/`.
pub struct Output {
    pub file_name: String,
    pub body: Body,
    pub summary: String,
    /// Card images to write beside the PDF (per-card SVG/PNG, TTS sheets).
    pub images: Option<super::images::CardImages>,
}

/// What an output holds: a laid-out document, or label sheets that are laid
/// out again page by page as they are written (a deck of 100,000 cards is
/// never held laid out whole).
pub enum Body {
    Doc(Doc),
    Labels(Box<LabelPrint>),
}

/// A deck's cards on label sheets, checked: every card laid out once (so
/// `check` reports overflow) and only the glyphs they use kept, for the
/// PDF's font subsets.
pub struct LabelPrint {
    pub(super) deck: String,
    pub(super) template: CardTemplate,
    pub(super) background: Vec<layout::Item>,
    /// The deck's cards to print, in order (those that laid out).
    pub(super) cards: Vec<usize>,
    pub(super) sheets: layout::LabelSheets,
    pub(super) glyphs: GlyphSet,
}

/// Label pages laid out and written at a time: enough for every core to
/// work on, few enough to stay small.
pub(super) const LABEL_PAGES_AT_ONCE: usize = 64;

impl LabelPrint {
    /// Lays out pages `pages` (all for `game`, whose deck this is).
    fn pages(
        &self,
        game: &Game,
        assets: &Assets,
        pages: std::ops::Range<usize>,
    ) -> Result<Vec<layout::Page>, OpError> {
        let changed = || OpError(format!("the deck `{}` changed while printing", self.deck));
        let deck = game.deck(&self.deck).ok_or_else(changed)?;
        let family = assets
            .fonts
            .family(&self.template.family)
            .ok_or_else(changed)?;
        let (Some(first), Some(last)) = (pages.clone().next(), pages.clone().last()) else {
            return Ok(Vec::new());
        };
        let cards = self.sheets.cards_on_page(first).start..self.sheets.cards_on_page(last).end;
        let indices = self.cards.get(cards.clone()).ok_or_else(changed)?;
        let mut faces = Vec::with_capacity(indices.len());
        for face in
            layout::lay_out_cards(game, deck, indices, &self.template, family, &assets.fonts)
        {
            let face = face.map_err(|_| changed())?;
            faces.push(layout::with_background(face, &self.background));
        }
        Ok(pages
            .map(|n| {
                let on_page = self.sheets.cards_on_page(n);
                let at = on_page.start - cards.start..on_page.end - cards.start;
                self.sheets.page(n, &mut faces[at])
            })
            .collect())
    }

    /// The PDF, page by page into `out`.
    fn write_pdf(&self, game: &Game, assets: &Assets, out: &mut dyn Write) -> Result<(), OpError> {
        let nav = layout::Nav::default();
        let count = self.sheets.page_count();
        let mut pdf = PdfStream::new(
            out,
            &self.sheets.title,
            count,
            &self.glyphs,
            &nav,
            &assets.fonts,
        )
        .map_err(|e| OpError(e.to_string()))?;
        for start in (0..count).step_by(LABEL_PAGES_AT_ONCE) {
            let pages = self.pages(
                game,
                assets,
                start..(start + LABEL_PAGES_AT_ONCE).min(count),
            )?;
            pdf.pages(&pages).map_err(|e| OpError(e.to_string()))?;
        }
        pdf.finish().map_err(|e| OpError(e.to_string()))?;
        Ok(())
    }
}

impl Output {
    /// Writes the PDF to `path` in `folder` (see [`super::write_output`]) as
    /// it is made.
    pub fn write_pdf(
        &self,
        game: &Game,
        assets: &Assets,
        folder: &Path,
        path: &Path,
    ) -> Result<(), OpError> {
        super::write_output_with(folder, path, |out| match &self.body {
            Body::Doc(doc) => {
                crate::render::pdf::write_pdf_nav(out, doc, &layout::Nav::default(), &assets.fonts)
                    .map(|_| ())
                    .map_err(|e| OpError(e.to_string()))
            }
            Body::Labels(labels) => labels.write_pdf(game, assets, out),
        })
    }

    /// The whole document laid out (label sheets too), for page previews.
    pub fn doc(&self, game: &Game, assets: &Assets) -> Result<std::borrow::Cow<'_, Doc>, OpError> {
        match &self.body {
            Body::Doc(doc) => Ok(std::borrow::Cow::Borrowed(doc)),
            Body::Labels(labels) => Ok(std::borrow::Cow::Owned(Doc {
                title: labels.sheets.title.clone(),
                pages: labels.pages(game, assets, 0..labels.sheets.page_count())?,
            })),
        }
    }

    /// How many pages the PDF has.
    pub fn page_count(&self) -> usize {
        match &self.body {
            Body::Doc(doc) => doc.pages.len(),
            Body::Labels(labels) => labels.sheets.page_count(),
        }
    }
}
