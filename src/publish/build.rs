//! Publish: the one pipeline `build`, `watch` and `serve` run — a game folder
//! loaded, validated and its outputs laid out ([`check`]), then, when it has
//! no errors, every output written under `out/<game>/` ([`write`]).

use std::path::{Path, PathBuf};

use super::{Assets, Output, PlanOptions};
use crate::diag::{Diagnostics, Sources};
use crate::load::OpError;
use crate::model::Game;

/// Loads, validates and lays out one game. `None` when the game could not be
/// loaded (the reasons are in `diags`).
pub fn check(
    dir: &Path,
    assets: &Assets,
    options: &PlanOptions,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<Option<(Game, Vec<Output>)>, OpError> {
    let Some(game) = crate::load::load_game(dir, sources, diags)? else {
        return Ok(None);
    };
    diags.extend(crate::validate::validate(&game, sources));
    let outputs = super::plan(&game, assets, options, sources, diags)?;
    Ok(Some((game, outputs)))
}

/// What to write of a checked game, and where.
pub struct WriteRequest<'a> {
    /// The folder holding `<game>/`.
    pub out: &'a Path,
    pub options: &'a PlanOptions,
    /// Whether an output (by file name) is to be written again; the HTML
    /// reference and the rulebook always are.
    pub wanted: &'a dyn Fn(&str) -> bool,
    /// A PNG of every page under `out/<game>/preview/` too (`serve`).
    pub previews: bool,
}

/// A file (or folder of files) written, for the caller to report.
pub enum Written {
    Html {
        index: PathBuf,
        files: usize,
        millis: u128,
    },
    Rulebook {
        path: PathBuf,
        pages: usize,
    },
    Output {
        path: PathBuf,
        summary: String,
    },
    Images {
        count: usize,
        dir: PathBuf,
    },
}

/// Writes a checked game's outputs (what a killed build left behind goes
/// first): the HTML reference, the rulebook, then each output in `outputs`
/// that `request.wanted`, telling `on_written` of each as it lands.
pub fn write(
    game: &Game,
    outputs: &[Output],
    assets: &Assets,
    sources: &mut Sources,
    request: &WriteRequest<'_>,
    on_written: &mut dyn FnMut(Written),
) -> Result<(), OpError> {
    let folder = request.out.join(&game.id);
    super::remove_stale_temps(&folder);
    let preview_dir = folder.join(super::preview::PREVIEW_DIR);
    if request.options.html {
        let started = std::time::Instant::now();
        let files = super::build_html(game, assets, sources)?;
        let dir = folder.join("html");
        for (name, bytes) in &files {
            super::write_if_changed(&dir, &dir.join(name), bytes)?;
        }
        on_written(Written::Html {
            index: dir.join("index.html"),
            files: files.len(),
            millis: started.elapsed().as_millis(),
        });
    }
    if let Some(rulebook) = request.options.rulebook
        && let Some((path, pages)) = super::rulebook::write_with_previews(
            game,
            assets,
            rulebook,
            sources,
            request.out,
            request.previews.then_some(preview_dir.as_path()),
        )?
    {
        on_written(Written::Rulebook { path, pages });
    }
    for output in outputs.iter().filter(|o| (request.wanted)(&o.file_name)) {
        let path = folder.join(&output.file_name);
        output.write_pdf(game, assets, &folder, &path)?;
        on_written(Written::Output {
            path,
            summary: output.summary.clone(),
        });
        if let Some(images) = &output.images {
            let count = super::write_card_images(images, &folder, &assets.fonts)?;
            on_written(Written::Images {
                count,
                dir: folder.join(&images.dir),
            });
        }
        if request.previews {
            super::preview::write_page_previews(
                output.doc(game, assets)?.as_ref(),
                &output.file_name,
                &preview_dir,
                &assets.fonts,
            )?;
        }
    }
    Ok(())
}
