//! Publish, live (`serve`): the reference's pages, as its thread hands them
//! over, put in place before the PDFs are written, listing those as they
//! stand. Input: the pages made; output: each file written with what it held
//! before (put back should a later problem be found).

use std::path::Path;
use std::sync::mpsc::Receiver;

use super::super::Output;
use super::super::html::BuiltPdf;
use super::{HtmlWrite, PutBefore, Written};
use crate::load::OpError;
use crate::model::Game;

/// Writes the pages handed over, listing the rulebook at `book` (made into
/// its link by the function beside it) and every output's PDF as they stand
/// in `folder`; nothing when the reference's thread ends first.
pub(super) fn write_html(
    made_pages: &Receiver<Vec<(String, Vec<u8>)>>,
    book: Option<(&Path, &dyn Fn(u64) -> BuiltPdf)>,
    outputs: &[Output],
    (game, folder): (&Game, &Path),
    on_written: &mut dyn FnMut(Written),
) -> Result<Vec<PutBefore>, OpError> {
    let Ok(files) = made_pages.recv() else {
        return Ok(Vec::new());
    };
    super::timing("html pages handed over");
    let old_book = book.and_then(|(path, pdf)| Some(pdf(std::fs::metadata(path).ok()?.len())));
    let others = super::listed_pdfs(outputs, folder, game)?;
    let pdfs = super::pdf_list(old_book.into_iter().collect(), &others, game);
    let how = HtmlWrite::Live { lists_later: true };
    super::write_html(files, &pdfs, (game, folder), how, on_written)
}
