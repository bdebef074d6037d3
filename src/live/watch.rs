//! Live stage: `grogpress watch [GAME...]` — builds the games, then rebuilds a game
//! whenever one of its data files, a template, a font or the sheet list
//! changes (file events from `notify`, debounced), printing the diagnostics of
//! each rebuild. Every rebuild checks the whole game; only the outputs the
//! change touches are rendered again, and outputs are written only when the
//! game has no errors, so the last good PDFs stay in place.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use notify::{EventKind, RecursiveMode, Watcher};

use crate::diag::print::{Format, report};
use crate::diag::{Diagnostics, Sources};
use crate::load::{OpError, Root};
use crate::model::Game;
use crate::publish::{Assets, PlanOptions};

/// Quiet time after the last file event before rebuilding: an editor's save
/// (write a temporary file, rename it over the old one) is several events.
const DEBOUNCE: Duration = Duration::from_millis(20);

/// Files whose change can change an output or a diagnostic.
const WATCHED_EXTENSIONS: &[&str] = &["toml", "md", "csv", "ttf", "otf"];

/// What a live preview hears of a build: each file as it lands (the
/// outputs, the HTML reference, each page preview drawn), then the outcome.
pub enum Event<'a> {
    Wrote(&'a crate::publish::Written),
    Built(&'a Built),
}

/// What one build of a game gave, for a live preview.
pub struct Built {
    /// The game's id (its folder name), or the folder if it could not be read.
    pub game: String,
    /// False when the data has errors (the previous outputs were kept).
    pub ok: bool,
    /// The diagnostics as `check` prints them (no colour).
    pub diagnostics: String,
}

/// Watches until the watcher fails or the process is stopped.
pub fn watch(root: &Root, names: &[String], out: &Path, format: Format) -> Result<bool, OpError> {
    watch_with(root, names, out, format, false, &mut |_| {})
}

/// [`watch`], telling `on_event` of every file written as it lands and of
/// every build of a game as it ends; with `previews`, every page rebuilt is
/// also drawn as a PNG for the preview page (only the pages that changed).
pub fn watch_with(
    root: &Root,
    names: &[String],
    out: &Path,
    format: Format,
    previews: bool,
    on_event: &mut dyn FnMut(Event<'_>),
) -> Result<bool, OpError> {
    let dirs = root.named_games(names)?;
    let games: Vec<PathBuf> = dirs.iter().map(|d| canonical(d)).collect();
    let (_watcher, events) = start_watcher(root, &games)?;
    let out_dir = canonical(out);

    let mut assets = load_assets(root, format)?;
    let drawn = crate::publish::preview::Previews::default();
    let previews = previews.then_some(&drawn);
    // Per game, what changed since its outputs were last written: a build
    // with errors writes nothing, so its changes wait for the next good one.
    let mut pending: Vec<Touched> = games.iter().map(|_| Touched::All).collect();
    // Per game, the warnings last printed: a rebuild prints only new ones.
    let mut warned: Vec<BTreeSet<String>> = games.iter().map(|_| BTreeSet::new()).collect();
    if let Some(assets) = &assets {
        for ((shown, pending), warned) in dirs.iter().zip(&mut pending).zip(&mut warned) {
            build(
                shown,
                assets,
                out,
                (pending, warned),
                format,
                previews,
                on_event,
            )?;
        }
    }
    eprintln!(
        "watching {} game(s) for changes; press Ctrl-C to stop",
        games.len()
    );

    while let Some(changed) = next_changes(&events, &out_dir)? {
        let started = Instant::now();
        crate::publish::timing_begin();
        let names: Vec<String> = changed
            .iter()
            .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
            .collect();
        eprintln!("\nchanged: {}", names.join(", "));
        let shared = changed
            .iter()
            .any(|p| !games.iter().any(|g| p.starts_with(g)));
        let fonts = changed.iter().any(|p| {
            p.extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("ttf") || e.eq_ignore_ascii_case("otf"))
        });
        if shared || fonts {
            // The same glyphs may draw differently now.
            drawn.forget_all();
        }
        if shared || assets.is_none() {
            // A font, template or sheet file: reload the shared assets.
            match load_assets(root, format) {
                Ok(Some(reloaded)) => assets = Some(reloaded),
                Ok(None) => {}
                Err(e) => eprintln!("error: {e}"),
            }
        }
        for (((dir, shown), pending), warned) in
            games.iter().zip(&dirs).zip(&mut pending).zip(&mut warned)
        {
            let mine: Vec<PathBuf> = changed
                .iter()
                .filter(|p| p.starts_with(dir))
                .cloned()
                .collect();
            if !shared && mine.is_empty() {
                continue;
            }
            match pending {
                _ if shared => *pending = Touched::All,
                Touched::Files(files) => files.extend(mine),
                Touched::All => {}
            }
            let Some(assets) = &assets else { continue };
            // A file caught half-saved is not fatal: the next change retries.
            if let Err(e) = build(
                shown,
                assets,
                out,
                (pending, warned),
                format,
                previews,
                on_event,
            ) {
                eprintln!("error: {e}");
            }
        }
        eprintln!("done in {} ms", started.elapsed().as_millis());
    }
    Ok(true)
}

fn canonical(p: &Path) -> PathBuf {
    p.canonicalize().unwrap_or_else(|_| p.to_path_buf())
}

type Events = Receiver<notify::Result<notify::Event>>;

/// Watches the game folders, `fonts/`, `templates/` and `data/` (for sheets.toml).
/// Symbolic links are not followed: a game folder is untrusted, and a link
/// in it to `/` or `/usr` would otherwise add a watch for every directory
/// under it (or fail on the first one it may not read) before anything
/// starts. Only the real directories under each folder are watched.
fn start_watcher(
    root: &Root,
    games: &[PathBuf],
) -> Result<(notify::RecommendedWatcher, Events), OpError> {
    let (tx, rx) = channel();
    let fail = |e: notify::Error| OpError::new(format!("cannot watch for changes: {e}"));
    let mut watcher = notify::RecommendedWatcher::new(
        move |event| {
            let _ = tx.send(event);
        },
        notify::Config::default().with_follow_symlinks(false),
    )
    .map_err(fail)?;
    for game in games {
        watcher
            .watch(game, RecursiveMode::Recursive)
            .map_err(fail)?;
    }
    for dir in [root.fonts(), root.templates()] {
        if dir.is_dir() {
            watcher
                .watch(&dir, RecursiveMode::Recursive)
                .map_err(fail)?;
        }
    }
    if root.data().is_dir() {
        watcher
            .watch(&root.data(), RecursiveMode::NonRecursive)
            .map_err(fail)?;
    }
    Ok((watcher, rx))
}

/// Waits for a change, then for the burst of events to end; the data files
/// changed (absolute paths). `None` when the watcher has stopped.
fn next_changes(events: &Events, out_dir: &Path) -> Result<Option<BTreeSet<PathBuf>>, OpError> {
    let mut changed = BTreeSet::new();
    loop {
        let event = if changed.is_empty() {
            match events.recv() {
                Ok(e) => e,
                Err(_) => return Ok(None),
            }
        } else {
            match events.recv_timeout(DEBOUNCE) {
                Ok(e) => e,
                Err(RecvTimeoutError::Timeout) => return Ok(Some(changed)),
                Err(RecvTimeoutError::Disconnected) => return Ok(None),
            }
        };
        let event = event.map_err(|e| OpError::new(format!("watching for changes failed: {e}")))?;
        if matches!(event.kind, EventKind::Access(_)) {
            continue;
        }
        changed.extend(event.paths.into_iter().filter(|p| relevant(p, out_dir)));
    }
}

/// A data, template or font file (not an output, a hidden or an editor's temporary file).
fn relevant(path: &Path, out_dir: &Path) -> bool {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    !path.starts_with(out_dir)
        && !name.starts_with('.')
        && path
            .extension()
            .is_some_and(|e| WATCHED_EXTENSIONS.iter().any(|w| e.eq_ignore_ascii_case(w)))
}

/// The shared assets, or `None` (after printing why) when they have errors.
fn load_assets(root: &Root, format: Format) -> Result<Option<Assets>, OpError> {
    let mut sources = Sources::default();
    let mut diags = Diagnostics::default();
    let assets = Assets::load(root.clone(), &mut sources, &mut diags)?;
    // A save that changes one card lays out that card alone.
    assets.faces.keep_across_builds();
    assets.cards_html.keep_across_builds();
    let ok = report(&mut diags, &sources, format, None);
    Ok(ok.then_some(assets))
}

/// Which files changed in a game: all of them on the first build.
enum Touched {
    All,
    Files(Vec<PathBuf>),
}

/// Checks a game and writes the outputs the changes touch, if it has no
/// errors, and then counts them as built (`touched` is emptied); with errors
/// nothing is written and the changes stay pending. The game folder comes as
/// named; `warned` holds the warnings printed last time, which
/// are not printed again.
fn build(
    shown: &Path,
    assets: &Assets,
    out: &Path,
    (touched, warned): (&mut Touched, &mut BTreeSet<String>),
    format: Format,
    previews: Option<&crate::publish::preview::Previews>,
    on_event: &mut dyn FnMut(Event<'_>),
) -> Result<(), OpError> {
    let mut sources = Sources::default();
    let mut diags = Diagnostics::default();
    assets.faces.next_build();
    let everything = PlanOptions::everything();
    // Written (and told) only when the game has no errors, laying out included.
    let mut written = Vec::new();
    let to = |game: &Game, sources: &Sources| {
        let stale = stale_outputs(game, sources, touched);
        crate::publish::Destination {
            out,
            wanted: Box::new(move |name| stale.needs(name)),
            previews,
        }
    };
    let published = crate::publish::publish_game(
        shown,
        assets,
        &everything,
        Some(&to),
        &mut sources,
        &mut diags,
        &mut |step| {
            if let crate::publish::Step::Wrote(w) = step {
                on_event(Event::Wrote(&w));
                written.push(w);
            }
        },
    )?;
    let (label, wrote) = (published.label, published.wrote);
    diags.sort();
    let diagnostics: String = diags
        .list
        .iter()
        .map(|d| crate::diag::render_human(d, &sources) + "\n")
        .collect();
    let repeated = match format {
        Format::Human => drop_repeated_warnings(&mut diags, &sources, warned),
        Format::Json => 0,
    };
    // The summary counts the warnings not printed again, as the page does.
    let (errors, warnings) = (diags.error_count(), diags.warning_count() + repeated);
    let ok = report(&mut diags, &sources, format, None) && wrote;
    if format == Format::Human {
        let s = |n: usize| if n == 1 { "" } else { "s" };
        eprintln!(
            "{label}: {errors} error{}, {warnings} warning{}",
            s(errors),
            s(warnings)
        );
    }
    if repeated > 0 {
        eprintln!(
            "  ({repeated} warning{} as before, not repeated)",
            if repeated == 1 { "" } else { "s" }
        );
    }
    let built = Built {
        game: label,
        ok,
        diagnostics,
    };
    if format == Format::Human {
        use crate::publish::Written;
        for w in written
            .iter()
            .filter(|w| !matches!(w, Written::Html { .. } | Written::Preview { .. }))
        {
            eprintln!("  {}", crate::publish::written_line(w));
        }
        let drawn = written
            .iter()
            .filter(|w| matches!(w, Written::Preview { .. }))
            .count();
        if drawn > 0 {
            eprintln!("  drew {drawn} page preview(s)");
        }
        if !ok {
            eprintln!("  kept the previous outputs");
        }
    }
    on_event(Event::Built(&built));
    if ok {
        *touched = Touched::Files(Vec::new());
    }
    Ok(())
}

/// The outputs a set of changed files makes stale.
struct Stale {
    all: bool,
    /// Output file names (or prefixes) that are up to date.
    fresh_prefixes: Vec<String>,
}

impl Stale {
    fn needs(&self, file_name: &str) -> bool {
        self.all
            || !self
                .fresh_prefixes
                .iter()
                .any(|p| file_name.starts_with(p.as_str()))
    }
}

/// A change to a deck file (or its CSV) makes only that deck's label sheets
/// stale, a change to an aid file only that aid, a rules page neither (it is
/// only checked); anything else (game.toml, templates, fonts, a file that
/// cannot be placed) makes every output stale. Outputs not made from a deck
/// or an aid are always rebuilt.
fn stale_outputs(game: &Game, sources: &Sources, touched: &Touched) -> Stale {
    let Touched::Files(files) = touched else {
        return Stale {
            all: true,
            fresh_prefixes: Vec::new(),
        };
    };
    let path_of = |file: usize| canonical(sources.path(file));
    let mut placed = vec![false; files.len()];
    let mut hit = |own: &[PathBuf]| {
        let mut any = false;
        for (i, f) in files.iter().enumerate() {
            if own.contains(f) {
                placed[i] = true;
                any = true;
            }
        }
        any
    };
    let mut fresh_prefixes = Vec::new();
    for deck in &game.decks {
        let mut own = vec![path_of(deck.loc.file)];
        own.extend(deck.cards.first().map(|c| path_of(c.loc.file)));
        if !hit(&own) {
            fresh_prefixes.push(format!("{}-labels", deck.id));
        }
    }
    for aid in &game.aids {
        if !hit(&[path_of(aid.loc.file)]) {
            fresh_prefixes.push(format!("{}.pdf", aid.id));
        }
    }
    // The chart set is made of the chart files alone (and game.toml, whose
    // change rebuilds everything).
    let charts: Vec<PathBuf> = game.charts.iter().map(|c| path_of(c.loc.file)).collect();
    if !hit(&charts) {
        fresh_prefixes.push("charts.pdf".to_string());
    }
    let rules: Vec<PathBuf> = game.rules.iter().map(|r| path_of(r.file)).collect();
    hit(&rules);
    Stale {
        all: placed.iter().any(|p| !p),
        fresh_prefixes,
    }
}

/// Takes out of `diags` the warnings printed the last time (`warned`, their
/// text) and makes `warned` this build's warnings; returns how many were
/// taken out. Errors always stay: the outputs wait on them.
fn drop_repeated_warnings(
    diags: &mut Diagnostics,
    sources: &Sources,
    warned: &mut BTreeSet<String>,
) -> usize {
    let before = diags.list.len();
    let mut now = BTreeSet::new();
    diags.list.retain(|d| {
        if d.severity != crate::diag::Severity::Warning {
            return true;
        }
        let text = crate::diag::render_human(d, sources);
        let new = !warned.contains(&text);
        now.insert(text);
        new
    });
    *warned = now;
    before - diags.list.len()
}
