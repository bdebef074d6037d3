//! Publish: the one pipeline `build`, `watch` and `serve` run — a game folder
//! loaded, validated and its outputs planned ([`check`]); then either every
//! page laid out for its problems alone ([`lay_out`], the `check` command and
//! a game with errors) or laid out once as it is written under
//! `out/<game>/` ([`write`]), put in place only when no problem was found.

use std::path::{Path, PathBuf};

use super::{Assets, Output, PlanOptions, preview};

mod ahead;
mod early;
use crate::diag::{Diagnostics, Sources};
use crate::load::OpError;
use crate::model::Game;

/// Loads and validates one game and plans its outputs (documents laid out
/// whole are laid out here; those laid out as written are not yet). `None`
/// when the game could not be loaded (the reasons are in `diags`).
pub fn check(
    dir: &Path,
    assets: &Assets,
    options: &PlanOptions,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<Option<(Game, Vec<Output>)>, OpError> {
    // What an earlier build in this process (watch, serve) freed goes back
    // first: a new game's load should not stand on its leftovers.
    crate::release_freed_memory();
    let project = crate::load::Project {
        root: &assets.root,
        fonts: &assets.fonts,
    };
    let Some(game) = crate::load::load_game_with_files(dir, &project, sources, diags)? else {
        return Ok(None);
    };
    timing("loaded");
    // Translations older than their source, from the game's history.
    super::translations::check_stale(&game, sources, diags)?;
    // `--lang`: the game in that language, its translations checked first
    // in the game's own.
    let game = match options.lang.as_deref() {
        Some(lang) => match super::translations::translated(&game, lang)? {
            Some(translated) => {
                let mut checked = Diagnostics::default();
                crate::validate::check_translations(&game, &mut checked);
                diags.extend(checked);
                translated
            }
            None => game,
        },
        None => game,
    };
    // A long deck's text is packed now and its parse trees are gone: give
    // that memory back before validation and layout add theirs.
    crate::release_freed_memory();
    // Validation and planning need nothing of each other (a game with
    // errors is planned too, for its layout problems): they run side by
    // side, and their problems are told in that order.
    let mut planned = Diagnostics::default();
    let (validated, outputs) = std::thread::scope(|scope| {
        let validating = scope.spawn(|| crate::validate::validate(&game));
        let outputs = super::plan(&game, assets, options, sources, &mut planned);
        (joined(validating), outputs)
    });
    diags.extend(validated);
    crate::validate::check_game_texts(dir, sources, &assets.fonts.icon_names(), diags);
    diags.extend(planned);
    let outputs = outputs?;
    timing("checked and planned");
    Ok(Some((game, outputs)))
}

/// Lays out every page of `outputs`, and the rulebook when `options` ask
/// for it, for their problems alone.
pub fn lay_out(
    game: &Game,
    outputs: &[Output],
    assets: &Assets,
    options: &PlanOptions,
    diags: &mut Diagnostics,
) -> Result<(), OpError> {
    for output in outputs {
        output.check(game, assets, diags)?;
    }
    // Each translation laid out too, for what overflows in it alone.
    if game.build_lang.is_none() && !game.translations.translations.is_empty() {
        let mut sources = crate::diag::Sources::default();
        diags.extend(super::translations::translation_problems(
            game,
            assets,
            options,
            &mut sources,
        )?);
    }
    let options = options.with_game(&game.publish.options);
    let rulebook = options
        .rulebook
        .filter(|_| super::rulebook::publishes(game));
    if rulebook.is_some() || options.html {
        let figures = super::figures::draw_figures(game, assets, diags)?;
        if let Some(rulebook) = rulebook {
            super::rulebook::check(game, assets, rulebook, &figures, diags)?;
        }
    }
    Ok(())
}

/// What to write of a checked game, and where.
pub struct WriteRequest<'a> {
    /// The folder holding `<game>/`.
    pub out: &'a Path,
    pub options: &'a PlanOptions,
    /// Whether an output (by file name) is to be written again; the HTML
    /// reference and the rulebook always are.
    pub wanted: &'a dyn Fn(&str) -> bool,
    /// A PNG of every page under `out/<game>/preview/` too (`serve`),
    /// drawn again only where the page changed since `Previews` saw it.
    pub previews: Option<&'a super::preview::Previews>,
}

/// A file (or folder of files) written, for the caller to report.
pub enum Written {
    Html {
        index: PathBuf,
        files: usize,
        /// The files whose content changed (all of them the first time).
        changed: Vec<PathBuf>,
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
    /// A page preview drawn (`serve`): only pages that changed are.
    Preview {
        path: PathBuf,
    },
}

/// Writes a checked game's outputs (what a killed build left behind goes
/// first): each output in `outputs` that `request.wanted`, laid out as it is
/// written, its problems into `diags`. Only when none is an error are they
/// put in place, followed by the HTML reference, the page previews (when
/// asked for) and the rulebook, telling `on_written` of each as it lands;
/// else the previous outputs stay and this returns false.
pub fn write(
    game: &Game,
    outputs: &[Output],
    assets: &Assets,
    request: &WriteRequest<'_>,
    diags: &mut Diagnostics,
    on_written: &mut dyn FnMut(Written),
) -> Result<bool, OpError> {
    let folder = game.out_folder(request.out);
    super::remove_stale_temps(&folder);
    let options = request.options.with_game(&game.publish.options);
    // The map pictures are made while the documents are (they need none of
    // them), and written with them.
    let maps = options.maps && !game.maps.is_empty();
    let wanted: Vec<&Output> = outputs
        .iter()
        .filter(|o| (request.wanted)(&o.file_name))
        .collect();
    // The rulebook is laid out meanwhile too: its problems, like theirs,
    // keep every file from being put in place.
    // The errata sheet gives each changed rule's page: the rulebook is laid
    // out for it even when it is not written.
    let write_book = options.rulebook.is_some();
    let rulebook = options
        .rulebook
        .or_else(|| {
            let book = PlanOptions {
                rulebook: Some(crate::layout::RulebookOptions::default()),
                ..PlanOptions::default()
            };
            book.with_game(&game.publish.options)
                .rulebook
                .filter(|_| options.errata)
        })
        .filter(|_| super::rulebook::publishes(game));
    // So is the HTML reference: it needs none of the documents, and made
    // beside them it fills the moments their writing leaves a core idle.
    // The rules' figures are drawn once for both (their problems too keep
    // every file from being put in place).
    let figures = if rulebook.is_some() || options.html {
        super::figures::draw_figures(game, assets, diags)?
    } else {
        Vec::new()
    };
    let figures = &figures;
    timing("figures drawn");
    // What changed since the version asked for: read before anything is laid out.
    let marks = match &options.changes_since {
        Some(from) => {
            let since = super::diff::since(
                game,
                &super::diff::Version::parse(from),
                request.out,
                &crate::load::Project {
                    root: &assets.root,
                    fonts: &assets.fonts,
                },
            )?;
            Some(super::change_marks::ChangeMarks::new(since, game))
        }
        None => None,
    };
    let changes = marks.as_ref();
    let preview_dir = folder.join(super::preview::PREVIEW_DIR);
    // Live, the pages that show the game are handed over as soon as they
    // are made (the page that prints them all and the search index after).
    let (pages_made, made_pages) = std::sync::mpsc::channel();
    let live = request.previews.is_some();
    std::thread::scope(|scope| -> Result<bool, OpError> {
        // Live, the reference's pages are made first, alone (see below);
        // the rest of the reference waits for the previews.
        let (go_on, held) = std::sync::mpsc::channel::<()>();
        let html = options.html.then(|| {
            scope.spawn(move || {
                let mut hand_over = |files: &[(String, Vec<u8>)]| {
                    if live {
                        timing("html pages built");
                        let _ = pages_made.send(files.to_vec());
                        let _ = held.recv();
                    }
                };
                let with = (figures, changes);
                let html =
                    timed(|| super::html::build_html_with(game, assets, with, &mut hand_over));
                timing("html built");
                html
            })
        });
        // The PDFs' links, in the order the pages list them: the rulebook's
        // first, then the others'.
        let rulebook_path = folder.join(super::rulebook::rulebook_file(&game.id));
        let rulebook_pdf = |bytes| super::html::BuiltPdf {
            label: game.words.pdf_rules.clone(),
            file_name: file_name_of(&rulebook_path),
            bytes,
            printed: None,
        };
        // Live (`serve`), what the reader watches goes first: the previews
        // of the documents' pages that changed, each document's as soon as
        // it is laid out (the reference's pages are made on their thread
        // meanwhile, on the other core), then the reference's pages that
        // changed, put in place as soon as they are made (listing the PDFs
        // as they stand until those are written); only then are the
        // PDFs written, the rulebook laid out and the rest of the reference
        // made. Should the documents have a problem, the pages and the
        // previews are put back as they were.
        let mut early = Early {
            html: Vec::new(),
            previews: Vec::new(),
        };
        let mut ahead: Vec<ahead::Ahead<'_>> = wanted.iter().map(|o| (*o, None)).collect();
        if let Some(previews) = request.previews {
            let mut on_page = |path: PathBuf| {
                timing(&format!("drew {}", path.display()));
                on_written(Written::Preview { path });
            };
            let laid = ahead::lay_out_ahead(
                (game, assets),
                &wanted,
                (&preview_dir, previews),
                diags,
                &mut on_page,
            );
            match laid {
                Ok((laid, drawn)) => (ahead, early.previews) = (laid, drawn),
                Err(e) => {
                    early.put_back(&folder, request.previews, on_written)?;
                    return Err(e);
                }
            }
        }
        let early_html = match html.as_ref().filter(|_| live) {
            Some(_) => {
                let book = rulebook
                    .is_some()
                    .then_some((rulebook_path.as_path(), &rulebook_pdf as _));
                early::write_html(&made_pages, book, outputs, (game, &folder), on_written)
            }
            None => Ok(Vec::new()),
        };
        match early_html {
            Ok(pages) => early.html = pages,
            Err(e) => {
                early.put_back(&folder, request.previews, on_written)?;
                return Err(e);
            }
        }
        drop(go_on);
        let map_images = maps.then(|| scope.spawn(|| super::maps::map_images(game, assets)));
        let rulebook = rulebook.map(|r| {
            scope.spawn(move || {
                let book = super::rulebook::lay_out(game, assets, r, figures, changes);
                timing("rulebook laid out");
                book
            })
        });
        let folder_at = &folder;
        let staging = scope.spawn(move || {
            let mut found = Diagnostics::default();
            let staged = stage_all((game, assets), folder_at, &ahead, &mut found);
            timing("pdfs staged");
            (staged, found, ahead)
        });
        let (staged, found, ahead) = joined(staging);
        diags.extend(found);
        let staged = match staged {
            Ok(staged) => staged,
            Err(e) => {
                early.put_back(&folder, request.previews, on_written)?;
                return Err(e);
            }
        };
        let map_images = map_images.map(joined);
        let rulebook = rulebook.map(joined).transpose()?;
        let rulebook = match rulebook {
            Some(Ok(book)) => Some(book),
            Some(Err(problems)) => {
                problems.into_iter().for_each(|d| diags.push(d));
                None
            }
            None => None,
        };
        if diags.has_errors() {
            early.put_back(&folder, request.previews, on_written)?;
            return Ok(false);
        }
        timing("checked for problems");
        // The files first, then the rulebook, then the HTML reference (which
        // links every PDF written, with its size); live, the reference's
        // changed pages are in already, and the page previews go before the
        // rulebook (see below).
        for (output, file) in staged {
            let path = file.path().to_path_buf();
            file.commit()?;
            on_written(Written::Output {
                path,
                summary: output.summary.clone(),
            });
            if let Some(images) = &output.images {
                for (count, dir) in super::write_card_images(images, &folder, &assets.fonts)? {
                    on_written(Written::Images { count, dir });
                }
            }
        }
        if let Some(images) = map_images {
            let count = super::maps::write_images(&images?, &folder)?;
            on_written(Written::Images {
                count,
                dir: folder.join(super::maps::MAP_DIR),
            });
        }
        // Every output's PDF: those not written again (their data did not
        // change, `watch`) are listed as they stand, as a full build lists them.
        let others = listed_pdfs(outputs, &folder, game)?;
        if let Some(previews) = request.previews {
            // Live (`serve`): the changed pages' previews are in already; a
            // document that lost pages leaves no stale previews behind.
            for (output, laid) in &ahead {
                let count = laid.as_ref().unwrap_or(output).page_count();
                preview::remove_pages_past(&output.file_name, count, &preview_dir, previews);
            }
        }
        let mut first: Vec<super::html::BuiltPdf> = Vec::new();
        if let Some(marks) = marks.as_ref().filter(|_| options.errata) {
            let (path, pages) =
                super::errata::write(game, marks, rulebook.as_ref(), assets, request.out)?;
            first.push(super::html::BuiltPdf {
                label: game.words.errata.clone(),
                file_name: file_name_of(&path),
                bytes: file_bytes(&path)?,
                printed: None,
            });
            on_written(Written::Output {
                path,
                summary: format!(
                    "errata since {}: {} on {}",
                    marks.since.label,
                    super::counted(marks.count(), "change", "changes"),
                    super::counted(pages, "page", "pages")
                ),
            });
        }
        if let Some(book) = rulebook.as_ref().filter(|_| write_book) {
            let (path, pages) = super::rulebook::write_laid_out(
                game,
                book,
                assets,
                request.out,
                request.previews.map(|p| (preview_dir.as_path(), p)),
                &mut |path| on_written(Written::Preview { path }),
            )?;
            first.push(rulebook_pdf(file_bytes(&path)?));
            on_written(Written::Rulebook { path, pages });
        }
        if let Some(html) = html {
            let (files, made_in) = joined(html);
            let files = files?;
            let pdfs = pdf_list(first, &others, game);
            let how = match request.previews {
                Some(_) => HtmlWrite::Live { lists_later: false },
                None => HtmlWrite::Whole(made_in),
            };
            write_html(files, &pdfs, (game, &folder), how, on_written)?;
        }
        if let Some(previews) = request.previews {
            // The previews of a document the game no longer publishes go too.
            let mut published: Vec<String> = outputs.iter().map(|o| o.file_name.clone()).collect();
            if options.rulebook.is_some() && super::rulebook::publishes(game) {
                published.push(super::rulebook::rulebook_file(&game.id));
            }
            super::preview::remove_unpublished(&preview_dir, &published, previews);
        }
        timing(&format!("card faces laid out: {}", assets.faces.laid_out()));
        Ok(true)
    })
}

/// Every output's PDF that stands in `folder` (written by this build or an
/// earlier one), linked by its title less the game's name.
fn listed_pdfs(
    outputs: &[Output],
    folder: &Path,
    game: &Game,
) -> Result<Vec<super::html::BuiltPdf>, OpError> {
    let mut listed = Vec::new();
    for output in outputs {
        let path = folder.join(&output.file_name);
        if !path.is_file() {
            continue;
        }
        let title = output.title();
        let label = title
            .strip_prefix(game.name.as_str())
            .and_then(|t| t.strip_prefix(" — "))
            .filter(|t| !t.is_empty())
            .unwrap_or(title);
        listed.push(super::html::BuiltPdf {
            label: label.to_string(),
            file_name: output.file_name.clone(),
            bytes: file_bytes(&path)?,
            printed: Some(output.printed),
        });
    }
    Ok(listed)
}

/// A file of the reference written live, and what it held before (`None`:
/// it was not there).
type PutBefore = (PathBuf, Option<Vec<u8>>);

/// What a live build put in place before it was checked: the reference's
/// pages and the page previews that changed.
struct Early {
    html: Vec<PutBefore>,
    previews: Vec<preview::PutEarly>,
}

impl Early {
    /// Puts the files back as they were (one that was not there is taken
    /// away), telling `on_written` of each.
    fn put_back(
        self,
        folder: &Path,
        previews: Option<&preview::Previews>,
        on_written: &mut dyn FnMut(Written),
    ) -> Result<(), OpError> {
        let dir = folder.join("html");
        let count = self.html.len();
        for (path, old) in self.html {
            match old {
                Some(bytes) => super::write_output(&dir, &path, &bytes)?,
                None => std::fs::remove_file(&path).map_err(|e| OpError::io("remove", &path, e))?,
            }
            on_written(Written::Html {
                index: dir.join("index.html"),
                files: count,
                changed: vec![path],
                millis: 0,
            });
        }
        if let Some(previews) = previews {
            let dir = folder.join(preview::PREVIEW_DIR);
            preview::put_back(self.previews, &dir, previews, &mut |path| {
                on_written(Written::Preview { path })
            })?;
        }
        Ok(())
    }
}

/// The PDFs the reference links, in the order its pages list them: `first`
/// (the errata sheet, the rulebook), then every output's, each link's
/// words told apart from the others'.
fn pdf_list(
    mut first: Vec<super::html::BuiltPdf>,
    others: &[super::html::BuiltPdf],
    game: &Game,
) -> Vec<super::html::BuiltPdf> {
    first.extend(others.iter().cloned());
    super::html::tell_apart(&mut first, &game.words);
    first
}

/// How the HTML reference's files are put in place.
#[derive(Clone, Copy)]
enum HtmlWrite {
    /// Together, told once (`build`, `watch`); the files took this long to make.
    Whole(std::time::Duration),
    /// For a reader watching (`serve`): each file told as it lands, those
    /// whose text changed first (the page of an edited card before the
    /// pages whose list of PDFs alone did, whose sizes change with every
    /// edit), the smallest first, so that page is in place before the
    /// page that prints them all. With `lists_later`, a page whose list of
    /// PDFs alone changed waits for the next write (the one after the
    /// rulebook, whose size they list too).
    Live { lists_later: bool },
}

/// Writes the HTML reference's files that changed, linking `pdfs`; live,
/// each file written with what it held before (`None`: it was not there).
fn write_html(
    mut files: Vec<(String, Vec<u8>)>,
    pdfs: &[super::html::BuiltPdf],
    (game, folder): (&Game, &Path),
    how: HtmlWrite,
    on_written: &mut dyn FnMut(Written),
) -> Result<Vec<PutBefore>, OpError> {
    let started = std::time::Instant::now();
    super::html::link_pdfs(&mut files, pdfs, &game.words);
    let dir = folder.join("html");
    let count = files.len();
    let lists_later = match how {
        HtmlWrite::Live { lists_later } => lists_later,
        HtmlWrite::Whole(made_in) => {
            let mut changed = Vec::new();
            for (name, bytes) in &files {
                let path = dir.join(name);
                if super::write_if_changed(&dir, &path, bytes)? {
                    changed.push(path);
                }
            }
            on_written(Written::Html {
                index: dir.join("index.html"),
                files: count,
                changed,
                millis: (made_in + started.elapsed()).as_millis(),
            });
            return Ok(Vec::new());
        }
    };
    // Each file read once: those unchanged left out, the others keyed
    // (whether only its list of PDFs changed, its size, its name).
    let mut keyed = Vec::with_capacity(files.len());
    for (name, bytes) in files {
        let old = std::fs::read(dir.join(&name)).ok();
        if old.as_ref() == Some(&bytes) {
            continue;
        }
        let list_only =
            (old.as_ref()).is_some_and(|old| super::html::only_pdfs_differ(old, &bytes));
        if !(lists_later && list_only) {
            keyed.push(((list_only, bytes.len(), name.clone()), name, bytes, old));
        }
    }
    keyed.sort_by(|a, b| a.0.cmp(&b.0));
    let mut before = Vec::with_capacity(keyed.len());
    for (_, name, bytes, old) in keyed {
        let path = dir.join(&name);
        super::write_output(&dir, &path, &bytes)?;
        before.push((path.clone(), old));
        on_written(Written::Html {
            index: dir.join("index.html"),
            files: count,
            changed: vec![path],
            millis: started.elapsed().as_millis(),
        });
        timing(&format!("wrote {name}"));
    }
    Ok(before)
}

/// The name of the file at `path`.
fn file_name_of(path: &Path) -> String {
    path.file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}

/// The size of the file written at `path`.
fn file_bytes(path: &Path) -> Result<u64, OpError> {
    std::fs::metadata(path)
        .map(|m| m.len())
        .map_err(|e| OpError::io("read the size of", path, e))
}

/// When the build being timed began (`GROGPRESS_TIMING` set), else `None`.
static TIMED_FROM: std::sync::Mutex<Option<std::time::Instant>> = std::sync::Mutex::new(None);

/// Starts timing a build when `GROGPRESS_TIMING` is set: each [`timing`]
/// step after it is told on stderr with the milliseconds since (to find
/// where a live rebuild's time goes).
pub(crate) fn timing_begin() {
    if std::env::var_os("GROGPRESS_TIMING").is_some()
        && let Ok(mut from) = TIMED_FROM.lock()
    {
        *from = Some(std::time::Instant::now());
    }
}

/// Tells that `step` is done, when a build is timed ([`timing_begin`]).
pub(crate) fn timing(step: &str) {
    let Some(from) = TIMED_FROM.lock().ok().and_then(|f| *f) else {
        return;
    };
    eprintln!("timing: {step} at {} ms", from.elapsed().as_millis());
}

/// What `f` gives, and how long it took.
fn timed<T>(f: impl FnOnce() -> T) -> (T, std::time::Duration) {
    let started = std::time::Instant::now();
    (f(), started.elapsed())
}

/// What a scoped thread returned (its panic resumed here).
fn joined<T>(handle: std::thread::ScopedJoinHandle<'_, T>) -> T {
    handle
        .join()
        .unwrap_or_else(|p| std::panic::resume_unwind(p))
}

/// How many documents are written at once: each lays out and compresses its
/// pages on all cores too, but a few side by side fill the moments one of
/// them spends on a single core (writing its page objects, its fonts).
const DOCUMENTS_AT_ONCE: usize = 3;

/// Writes each of `outputs` beside its place in `folder`, a few at a time
/// (live, from the pages laid out ahead of it, see [`ahead`]), their
/// problems into `diags` in the outputs' order; the first operational
/// failure, if any (the files staged so far are then removed).
fn stage_all<'o>(
    (game, assets): (&Game, &Assets),
    folder: &Path,
    outputs: &[ahead::Ahead<'o>],
    diags: &mut Diagnostics,
) -> Result<Vec<(&'o Output, super::output::Staged)>, OpError> {
    let done = crate::par::map_taking(outputs, DOCUMENTS_AT_ONCE, 1, |(output, laid)| {
        let path = folder.join(&output.file_name);
        let mut found = Diagnostics::default();
        let written = laid.as_ref().unwrap_or(output);
        let staged = written.stage_pdf((game, assets), folder, &path, None, &mut found);
        (staged, found)
    });
    let mut staged = Vec::new();
    let mut failure = None;
    for ((output, _), (file, found)) in outputs.iter().zip(done) {
        diags.extend(found);
        match file {
            Ok(file) => staged.push((*output, file)),
            Err(e) => {
                failure.get_or_insert(e);
            }
        }
    }
    match failure {
        Some(e) => Err(e),
        None => Ok(staged),
    }
}

/// How a written file is reported: "wrote out/x/y.pdf (what it holds)".
pub fn written_line(written: &Written) -> String {
    match written {
        Written::Html {
            index,
            files,
            millis,
            ..
        } => format!("wrote {} ({files} files, {millis} ms)", index.display()),
        Written::Rulebook { path, pages } => {
            format!("wrote {} (rulebook, {pages} pages)", path.display())
        }
        Written::Output { path, summary } => format!("wrote {} ({summary})", path.display()),
        Written::Images { count, dir } => {
            format!("wrote {count} image files under {}", dir.display())
        }
        Written::Preview { path } => format!("drew {}", path.display()),
    }
}
