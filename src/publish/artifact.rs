//! Publish: an output a game asks for — a laid-out document, or one whose
//! pages are laid out a part at a time as they are written — and how it is
//! laid out (for `check`) or written under `out/<game>/`.

use std::path::Path;

use super::Assets;
use super::output::{Staged, stage_output_with};
use crate::diag::Diagnostics;
use crate::layout::{self, Doc, Page};
use crate::load::OpError;
use crate::model::Game;
use crate::render::pdf::PdfStream;

/// A document to write, and the file name it goes to under `out/<game>/`.
pub struct Output {
    pub file_name: String,
    pub body: Body,
    pub summary: String,
    /// What kind of printed file it is.
    pub printed: Printed,
    /// Card images to write beside the PDF (per-card SVG/PNG, TTS sheets).
    pub images: Option<super::images::CardImages>,
}

/// What kind of printed file an output is: two files of one title (a deck's
/// cards and its card list or its labels) are told apart in
/// the HTML reference's list of PDFs by the words of their kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Printed {
    Cards,
    CardList,
    Labels,
    Counters,
    Aid,
    Charts,
    MapPoster,
    MapTiles,
    Scenario,
    Tracks,
}

impl Printed {
    /// The words that tell this kind from another of the same title, where
    /// the title alone says it ("Cards" for a deck's cards).
    pub fn note(self, words: &crate::text::Words) -> Option<&str> {
        match self {
            Self::CardList => Some(&words.pdf_card_list),
            Self::Labels => Some(&words.pdf_labels),
            Self::Cards
            | Self::MapPoster
            | Self::MapTiles
            | Self::Counters
            | Self::Aid
            | Self::Charts
            | Self::Scenario
            | Self::Tracks => None,
        }
    }
}

impl Output {
    /// The title of its document ("Battlefront — Charts & Tables").
    pub fn title(&self) -> &str {
        match &self.body {
            Body::Doc(doc) => &doc.title,
            Body::Pages(pages) => pages.title(),
        }
    }
}

/// What an output holds: a laid-out document, or pages laid out a part at a
/// time, once, as they are checked or written (a deck of 100,000 cards is
/// never held laid out whole, nor laid out twice).
pub enum Body {
    Doc(Doc),
    Pages(Box<dyn PageSource>),
}

/// Pages made a part at a time, from the game they were planned for.
pub trait PageSource: Send + Sync {
    fn title(&self) -> &str;
    fn page_count(&self) -> usize;
    /// How many parts the pages come in.
    fn parts(&self) -> usize;
    /// How far each page runs past the trim on every side (print-shop
    /// cards: the bleed), so the PDF marks the trim and bleed boxes.
    fn bleed(&self) -> f32 {
        0.0
    }
    /// Whether planning laid out every page already (so `check` need not).
    fn checked_when_planned(&self) -> bool {
        false
    }
    /// The pages of part `n`, in order; what cannot be laid out is reported
    /// to `diags` (and left out of the page).
    fn part(
        &self,
        game: &Game,
        assets: &Assets,
        n: usize,
        diags: &mut Diagnostics,
    ) -> Result<Vec<Page>, OpError>;
}

/// The error for a source whose deck or font is gone since it was planned.
pub(super) fn changed(deck: &str) -> OpError {
    OpError::new(format!("the deck `{deck}` changed while printing"))
}

/// The cards `indices` of deck `deck` laid out on `template` (its region
/// texts kept in `memo`) over `background` and their `art`, in order; a card that cannot be laid out is reported to
/// `diags` and keeps its place as an empty face (its output is not written).
pub(super) fn card_faces(
    game: &Game,
    assets: &Assets,
    deck: &str,
    indices: &[usize],
    (template, memo, background, art): (
        &crate::model::CardTemplate,
        &layout::FitMemo,
        &[layout::Item],
        &layout::CardArt,
    ),
    diags: &mut Diagnostics,
) -> Result<Vec<layout::CardFace>, OpError> {
    let found = game.deck(deck).ok_or_else(|| changed(deck))?;
    let family = assets
        .fonts
        .family(&template.family)
        .ok_or_else(|| changed(deck))?;
    let faces = assets.faces.lay_out(
        game,
        found,
        indices,
        (template, memo),
        family,
        &assets.fonts,
    );
    Ok(faces
        .into_iter()
        .zip(indices)
        .map(|(face, &index)| match face {
            Ok(face) if template.images.is_empty() => layout::with_background(face, background),
            Ok(face) => {
                let mut under = background.to_vec();
                under.extend(art.card_items(template, found, index));
                layout::with_background(face, &under)
            }
            Err(problems) => {
                problems.into_iter().for_each(|d| diags.push(d));
                layout::CardFace { items: Vec::new() }
            }
        })
        .collect())
}

/// Where the pages laid out are handed, a part at a time.
pub(crate) type PartSink<'a> = &'a mut dyn FnMut(&[Page]);

impl Output {
    /// Lays the pages out, handing each part to `sink`; problems go to `diags`.
    fn lay_out_into(
        &self,
        game: &Game,
        assets: &Assets,
        diags: &mut Diagnostics,
        sink: &mut dyn FnMut(&[Page]) -> Result<(), OpError>,
    ) -> Result<(), OpError> {
        match &self.body {
            Body::Doc(doc) => sink(&doc.pages),
            Body::Pages(source) => {
                for n in 0..source.parts() {
                    sink(&source.part(game, assets, n, diags)?)?;
                }
                Ok(())
            }
        }
    }

    /// Lays out every page for its problems alone (`check`).
    pub(crate) fn check(
        &self,
        game: &Game,
        assets: &Assets,
        diags: &mut Diagnostics,
    ) -> Result<(), OpError> {
        if let Body::Pages(source) = &self.body
            && source.checked_when_planned()
        {
            return Ok(());
        }
        self.lay_out_into(game, assets, diags, &mut |_| Ok(()))
    }

    /// Writes the PDF beside `path` in `folder` (see [`super::write_output`])
    /// as its pages are laid out, for the caller to put in place when the
    /// game had no errors; problems found laying out go to `diags`. Each
    /// part laid out is handed to `keep` too, before it is written (for
    /// page previews, which then need not lay the document out again, and
    /// are drawn while the rest is written).
    pub(crate) fn stage_pdf(
        &self,
        (game, assets): (&Game, &Assets),
        folder: &Path,
        path: &Path,
        mut keep: Option<PartSink<'_>>,
        diags: &mut Diagnostics,
    ) -> Result<Staged, OpError> {
        let nav = layout::Nav::default();
        let (title, bleed) = match &self.body {
            Body::Doc(doc) => (doc.title.as_str(), 0.0),
            Body::Pages(source) => (source.title(), source.bleed()),
        };
        let staged = stage_output_with(folder, path, |out| {
            let pdf_error = OpError::from;
            let mut pdf = PdfStream::new(out, title, &nav, &assets.fonts).map_err(pdf_error)?;
            pdf.set_bleed(bleed);
            self.lay_out_into(game, assets, diags, &mut |pages| {
                if let Some(keep) = keep.as_mut() {
                    keep(pages);
                }
                pdf.pages(pages).map_err(pdf_error)
            })?;
            pdf.finish().map_err(pdf_error)?;
            Ok(())
        })?;
        Ok(staged)
    }

    /// How many pages the PDF has.
    pub fn page_count(&self) -> usize {
        match &self.body {
            Body::Doc(doc) => doc.pages.len(),
            Body::Pages(source) => source.page_count(),
        }
    }
}
