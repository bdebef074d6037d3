//! Publish, live (`serve`): the documents' pages laid out ahead of their
//! PDFs, so the previews of the pages an edit changed are drawn and put in
//! place first (the reader watches them), before the PDFs, the rulebook
//! and the rest of the reference take the cores; the pages laid out are
//! then written as they are (laid out once). Input: the outputs to write;
//! output: each with its pages laid out, and the previews put in place
//! early (put back should a later problem be found).

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::super::artifact::{Body, PageSource};
use super::super::{Assets, Output, preview};
use crate::diag::Diagnostics;
use crate::layout::Page;
use crate::load::OpError;
use crate::model::Game;

/// An output to write, and (laid out ahead) the output that writes its
/// pages as they were laid out; `None`: it is written as planned (a
/// document laid out whole already).
pub(super) type Ahead<'o> = (&'o Output, Option<Output>);

/// Lays out each of `wanted` in the order the preview page shows them (by
/// name), its problems into `diags` (in the order of `wanted`); while no
/// problem is an error, draws the pages that changed since `previews` saw
/// them and puts them in place under `dir` at once, telling `on_page` of
/// each. Returns the outputs to write, and the previews put in place.
pub(super) fn lay_out_ahead<'o>(
    (game, assets): (&Game, &Assets),
    wanted: &[&'o Output],
    (dir, previews): (&Path, &preview::Previews),
    diags: &mut Diagnostics,
    on_page: &mut dyn FnMut(PathBuf),
) -> Result<(Vec<Ahead<'o>>, Vec<preview::PutEarly>), OpError> {
    let mut order: Vec<usize> = (0..wanted.len()).collect();
    order.sort_by(|&a, &b| wanted[a].file_name.cmp(&wanted[b].file_name));
    let mut done: Vec<Option<(Option<Output>, Diagnostics)>> =
        wanted.iter().map(|_| None).collect();
    let mut errors = diags.has_errors();
    let mut early = Vec::new();
    for at in order {
        let output = wanted[at];
        let name = &output.file_name;
        let mut found = Diagnostics::default();
        let (parts, laid) = match &output.body {
            Body::Doc(doc) => (vec![doc.pages.as_slice()], None),
            Body::Pages(source) => {
                let mut parts = Vec::with_capacity(source.parts());
                for n in 0..source.parts() {
                    parts.push(source.part(game, assets, n, &mut found)?);
                }
                (Vec::new(), Some((source, parts)))
            }
        };
        let parts: Vec<&[Page]> = match &laid {
            Some((_, parts)) => parts.iter().map(Vec::as_slice).collect(),
            None => parts,
        };
        let count = parts.iter().map(|pages| pages.len()).sum();
        super::timing(&format!("laid out {name}"));
        errors |= found.has_errors();
        if !errors {
            let mut first = 0;
            for pages in &parts {
                let drawn =
                    preview::draw_changed(pages, first, name, dir, &assets.fonts, previews)?;
                early.extend(preview::put_in_place_early(drawn, previews, on_page)?);
                first += pages.len();
            }
            super::timing(&format!("previews of {name} in place"));
        }
        let written = laid.map(|(source, parts)| Output {
            file_name: output.file_name.clone(),
            body: Body::Pages(Box::new(LaidOut {
                title: source.title().to_string(),
                bleed: source.bleed(),
                count,
                parts: Mutex::new(parts.into_iter().map(Some).collect()),
            })),
            summary: String::new(),
            printed: output.printed,
            images: None,
        });
        done[at] = Some((written, found));
    }
    let mut ahead = Vec::with_capacity(wanted.len());
    for (output, done) in wanted.iter().zip(done) {
        let (written, found) = done.unwrap_or_default();
        diags.extend(found);
        ahead.push((*output, written));
    }
    Ok((ahead, early))
}

/// A document's pages laid out already, each part handed once to the PDF
/// written of them.
struct LaidOut {
    title: String,
    bleed: f32,
    count: usize,
    parts: Mutex<Vec<Option<Vec<Page>>>>,
}

impl PageSource for LaidOut {
    fn title(&self) -> &str {
        &self.title
    }

    fn page_count(&self) -> usize {
        self.count
    }

    fn parts(&self) -> usize {
        self.parts.lock().map_or(0, |parts| parts.len())
    }

    fn bleed(&self) -> f32 {
        self.bleed
    }

    fn checked_when_planned(&self) -> bool {
        true
    }

    fn part(
        &self,
        _: &Game,
        _: &Assets,
        n: usize,
        _: &mut Diagnostics,
    ) -> Result<Vec<Page>, OpError> {
        let taken = self
            .parts
            .lock()
            .ok()
            .and_then(|mut parts| parts.get_mut(n)?.take());
        taken.ok_or_else(|| OpError::new(format!("the pages of {} were written twice", self.title)))
    }
}
