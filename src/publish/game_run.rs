//! Publish: game folders to their outputs — the one sequence `build`,
//! `check` ([`publish_games`]), `watch` and `serve` ([`publish_game`]) run:
//! the game's own fonts and icons, then load, validate and plan
//! ([`check_game`]), then write under `out/<game>/` or, when only checking
//! or the data has errors, lay every page out for its problems alone
//! ([`CheckedGame::finish`]). What happens is told to the caller, which
//! prints it.

use std::path::Path;

use super::{Assets, Output, PlanOptions, WriteRequest, Written};
use crate::diag::{Diagnostics, Sources};
use crate::load::{OpError, Root};
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
    pub wanted: Box<dyn Fn(&str) -> bool + 'a>,
    pub previews: Option<&'a super::preview::Previews>,
}

impl Destination<'_> {
    /// Every output, no previews: `build`.
    pub fn everything(out: &Path) -> Destination<'_> {
        Destination {
            out,
            wanted: Box::new(|_| true),
            previews: None,
        }
    }
}

/// What a run of games tells as it goes, for the command line to print.
pub trait Tell {
    /// Problems found: those of the shared assets (`game` is `None`), then
    /// each game's. Returns whether there is no error among them.
    fn diagnostics(
        &mut self,
        diags: &mut Diagnostics,
        sources: &Sources,
        game: Option<&str>,
    ) -> bool;
    /// This many more steps (games, then each game's outputs) to go.
    fn more(&mut self, _steps: usize) {}
    /// A step begins on `what` (a game, once it is read).
    fn step(&mut self, _what: &str) {}
    /// A file of the last game written, told after its diagnostics.
    fn written(&mut self, _written: &Written) {}
}

/// Checks (and with `out`, builds) the games `names` (every game under
/// `data/` when empty) with `options`; false when the data has errors.
pub fn publish_games(
    root: &Root,
    names: &[String],
    options: &PlanOptions,
    out: Option<&Path>,
    tell: &mut dyn Tell,
) -> Result<bool, OpError> {
    let mut sources = Sources::default();
    let mut diags = Diagnostics::default();
    let assets = Assets::load(root.clone(), &mut sources, &mut diags)?;
    let dirs = root.named_games(names)?;
    let mut clean = tell.diagnostics(&mut diags, &sources, None);
    tell.more(dirs.len());
    for dir in dirs {
        let mut diags = Diagnostics::default();
        // Written files are told after the diagnostics, once they are in place.
        let mut written = Vec::new();
        let to = out.map(|out| move |_: &Game, _: &Sources| Destination::everything(out));
        let game = publish_game(
            &dir,
            &assets,
            options,
            to.as_ref().map(|to| to as &ToDestination<'_>),
            &mut sources,
            &mut diags,
            &mut |step| match step {
                Step::Checked { game, outputs } => {
                    tell.step(game);
                    tell.more(outputs);
                }
                Step::Wrote(w) => written.push(w),
            },
        )?;
        clean &= tell.diagnostics(&mut diags, &sources, Some(&game.label));
        for w in &written {
            tell.written(w);
        }
        // The game's many small allocations are freed beside the next game,
        // or not waited for at all when it was the last.
        crate::par::drop_aside(game.checked);
    }
    Ok(clean)
}

/// Where a checked game is written, chosen once it is read (`watch`
/// writes only the outputs its changed files make stale).
pub type ToDestination<'a> = dyn Fn(&Game, &Sources) -> Destination<'a> + 'a;

/// What [`publish_game`] tells as it goes.
pub enum Step<'a> {
    /// The game is read and planned: its name, and how many outputs will be
    /// written (none when only checking or when it has errors).
    Checked { game: &'a str, outputs: usize },
    /// A file landed.
    Wrote(Written),
}

/// One game published.
pub struct Published {
    /// The game's id, or its folder when it could not be read.
    pub label: String,
    pub checked: Option<CheckedGame>,
    /// Whether the outputs were written (no errors, and a destination).
    pub wrote: bool,
}

/// Checks the game in `dir` and, given where (`to`) and when it has no
/// errors, writes its outputs; its problems go into `diags`.
pub fn publish_game(
    dir: &Path,
    assets: &Assets,
    options: &PlanOptions,
    to: Option<&ToDestination<'_>>,
    sources: &mut Sources,
    diags: &mut Diagnostics,
    on_step: &mut dyn FnMut(Step<'_>),
) -> Result<Published, OpError> {
    let checked = check_game(dir, assets, options, sources, diags)?;
    let label = checked
        .as_ref()
        .map_or_else(|| dir.display().to_string(), |c| c.game.id.clone());
    let mut wrote = false;
    if let Some(checked) = &checked {
        let writing = to.is_some() && !diags.has_errors();
        on_step(Step::Checked {
            game: &label,
            outputs: if writing { checked.outputs.len() } else { 0 },
        });
        let to = to.map(|to| to(&checked.game, sources));
        wrote = checked.finish(assets, options, to.as_ref(), diags, &mut |w| {
            on_step(Step::Wrote(w))
        })?;
    } else {
        on_step(Step::Checked {
            game: &label,
            outputs: 0,
        });
    }
    Ok(Published {
        label,
        checked,
        wrote,
    })
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
                    wanted: &*to.wanted,
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
