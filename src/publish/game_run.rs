//! Publish: one game folder to its outputs — the sequence `build`, `check`,
//! `watch` and `serve` all run: the game's own fonts and icons, then load,
//! validate and plan ([`check_game`]), then write under `out/<game>/` or,
//! when only checking or the data has errors, lay every page out for its
//! problems alone ([`CheckedGame::finish`]).

use std::path::Path;

use super::{Assets, Output, PlanOptions, WriteRequest, Written};
use crate::diag::{Diagnostics, Sources};
use crate::load::OpError;
use crate::model::Game;

/// A game loaded, validated and planned, with the assets it is drawn with.
pub struct CheckedGame {
    pub game: Game,
    pub outputs: Vec<Output>,
    /// The game's own fonts or icons, when it has them, in place of the shared.
    own_assets: Option<Assets>,
}

/// Where a run writes: the folder holding `<game>/`, which outputs are to
/// be written again (by file name) and the page previews `serve` keeps.
pub struct Destination<'a> {
    pub out: &'a Path,
    pub wanted: &'a dyn Fn(&str) -> bool,
    pub previews: Option<&'a super::preview::Previews>,
}

impl Destination<'_> {
    /// Every output, no previews: `build`.
    pub fn everything(out: &Path) -> Destination<'_> {
        Destination {
            out,
            wanted: &|_| true,
            previews: None,
        }
    }
}

/// Loads, validates and plans the game in `dir`. `None` when it could not be
/// loaded (the reasons are in `diags`).
pub fn check_game(
    dir: &Path,
    assets: &Assets,
    options: &PlanOptions,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<Option<CheckedGame>, OpError> {
    let own_assets = assets.for_game(dir, sources, diags)?;
    let checked = super::check(
        dir,
        own_assets.as_ref().unwrap_or(assets),
        options,
        sources,
        diags,
    )?;
    Ok(checked.map(|(game, outputs)| CheckedGame {
        game,
        outputs,
        own_assets,
    }))
}

impl CheckedGame {
    /// The assets this game is drawn with: its own, else the shared ones.
    pub fn assets<'a>(&'a self, shared: &'a Assets) -> &'a Assets {
        self.own_assets.as_ref().unwrap_or(shared)
    }

    /// Writes the outputs to `to` when there is one and `diags` holds no
    /// error; otherwise lays every page out, so `diags` holds every problem.
    /// True when the outputs were written.
    pub fn finish(
        &self,
        shared: &Assets,
        options: &PlanOptions,
        to: Option<&Destination<'_>>,
        diags: &mut Diagnostics,
        on_written: &mut dyn FnMut(Written),
    ) -> Result<bool, OpError> {
        let assets = self.assets(shared);
        match to.filter(|_| !diags.has_errors()) {
            Some(to) => {
                let request = WriteRequest {
                    out: to.out,
                    options,
                    wanted: to.wanted,
                    previews: to.previews,
                };
                super::write(
                    &self.game,
                    &self.outputs,
                    assets,
                    &request,
                    diags,
                    on_written,
                )
            }
            None => {
                super::lay_out(&self.game, &self.outputs, assets, options, diags)?;
                Ok(false)
            }
        }
    }
}

/// Loads, validates and lays out one game, writing nothing: `diags` holds
/// every problem. `None` when the game could not be loaded.
pub fn check_only(
    dir: &Path,
    assets: &Assets,
    options: &PlanOptions,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<Option<CheckedGame>, OpError> {
    let checked = check_game(dir, assets, options, sources, diags)?;
    if let Some(checked) = &checked {
        checked.finish(assets, options, None, diags, &mut |_| {})?;
    }
    Ok(checked)
}
