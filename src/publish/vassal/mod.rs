//! Publish: a game as a VASSAL module (`export vassal`) — its print-and-play
//! decks as face-down draw piles of card pictures (with discard piles and
//! a hand per side), its counters as pieces with both faces and in their
//! printed numbers, its maps as boards with their grids (a plain board,
//! and a `vassal-no-map` warning, for counters without a map), its dice,
//! charts, aids and turns as toolbar tools — pictures drawn as the PDFs
//! draw them, gathered with `buildFile.xml` and `moduledata` into
//! `out/<game>/<game>.vmod`.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::{Assets, PlanOptions, write_output};
use crate::diag::{Diagnostics, Sources};
use crate::layout::{CardFace, Counter, CounterKey, Item};
use crate::load::OpError;
use crate::model::Game;
use crate::model::map::Map;
use crate::render::png::svg_to_png;
use crate::render::svg::outlined_svg;
use crate::render::vassal::{
    MIX_FILE, VassalBoard, VassalCard, VassalCounter, VassalDeck, VassalModule, VassalSetup,
    build_file, module_data, setup_file,
};
use crate::render::zip::ZipWriter;

/// The resolution of the module's pictures: VASSAL shows 1 pixel a point
/// at 72 dpi; 100 dpi keeps cards and counters sharp at its usual zooms.
const DPI: f32 = 100.0;

mod grid;
mod setup;
mod tools;
mod tracks;

pub use grid::vassal_grid;

/// A counter's side in the module: 3/4 inch.
const COUNTER_SIZE: f32 = 54.0;

/// What went into a module: its path and how many of each thing.
pub struct Exported {
    pub path: PathBuf,
    pub cards: usize,
    pub counters: usize,
    pub boards: usize,
}

/// Loads, checks and exports the game in `dir` (drawn with its own fonts
/// and icons, if it has them, else `assets`); `None` when the game has
/// problems (they are in `diags`) or nothing to export.
pub fn export_vassal(
    dir: &Path,
    assets: &Assets,
    out: &Path,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<Option<Exported>, OpError> {
    export_vassal_in(dir, assets, out, None, sources, diags)
}

/// [`export_vassal`] in one of the game's languages (`--lang de`): the
/// translated game's cards, counters, boards and words, written to
/// `out/<game>/<lang>/<game>.vmod`; None for the game's own language.
pub fn export_vassal_in(
    dir: &Path,
    assets: &Assets,
    out: &Path,
    lang: Option<&str>,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<Option<Exported>, OpError> {
    let options = PlanOptions {
        cards: true,
        charts: true,
        aids: true,
        png: true,
        dpi: DPI,
        lang: lang.map(str::to_string),
        ..PlanOptions::default()
    };
    let Some(checked) = super::check_game(dir, assets, &options, sources, diags)? else {
        return Ok(None);
    };
    let assets = checked.assets(assets);
    let (game, outputs) = (&checked.game, &checked.outputs);
    if diags.has_errors() {
        return Ok(None);
    }
    let mut zip = ZipWriter::default();
    let mut module = VassalModule {
        name: game.name.clone(),
        version: "1.0".into(),
        description: crate::text::Words::fill(&game.words.vassal_made_by, &[("game", &game.name)]),
        sides: game.sides.iter().map(|s| s.name.clone()).collect(),
        words: game.words.clone(),
        ..VassalModule::default()
    };
    for images in outputs.iter().filter_map(|o| o.images.as_ref()) {
        module.decks.push(deck(images, assets, &mut zip)?);
    }
    let mut pieces = HashMap::new();
    if let Some(counters) = super::counters::game_counters(game, assets)? {
        (module.counters, pieces) = counter_pieces(&counters, game, assets, &mut zip)?;
        for side in counters.iter().map(|c| &c.side).filter(|s| !s.is_empty()) {
            if !module.sides.contains(side) {
                module.sides.push(side.clone());
            }
        }
    }
    let mut drawn = Vec::new();
    for map in &game.maps {
        if let Some((board, margin)) = board(map, game, assets, &mut zip)? {
            drawn.push((map, board.name.clone(), margin));
            module.boards.push(board);
        }
    }
    if game.maps.is_empty()
        && let Some(job) = game.publish.counters.as_ref()
        && !module.counters.is_empty()
    {
        diags.push(crate::warning!(
            "vassal-no-map", Some(job.units.loc),
            "{} has counters but no map: the VASSAL module gets a plain board, \"{}\", to play on",
            game.name, game.words.vassal_board;
            hint: "add the game's map as [[maps]] in game.toml to play on it in VASSAL"
        ));
        module.boards.push(plain_board(&game.words.vassal_board));
    }
    // Tracks and holding boxes: zones of the maps they are printed on, or
    // boards of the tracks sheet's pages.
    let (regions, boxes) = tracks::box_spots(game, &drawn);
    for (map, name, margin) in &drawn {
        if let Some(board) = module.boards.iter_mut().find(|b| &b.name == name) {
            board.zones = tracks::map_zones(map, &regions, *margin);
        }
    }
    module
        .boards
        .extend(tracks::sheet_boards(game, &regions, assets, &mut zip)?);
    let mut spots = setup::Spots::new(drawn, boxes, &game.words.vassal_holding);
    module.setups = setup::setups(game, &pieces, &mut spots);
    // The whole counter mix, without a scenario: a set-up of its own
    // (each scenario's holds what the scenario does not place).
    if !module.counters.is_empty() {
        module.setups.push(VassalSetup {
            name: game.words.vassal_mix.clone(),
            file: MIX_FILE.to_string(),
            placed: Vec::new(),
        });
    }
    module.boards.extend(spots.holding_board());
    module.dice = tools::dice(game);
    module.charts = tools::charts(game, outputs, assets, &mut zip)?;
    module.turns = tools::turns(game);
    for s in &module.setups {
        let file = setup_file(&module, s).map_err(|e| OpError::new(format!("{}: {e}", s.name)))?;
        add(&mut zip, &s.file, &file)?;
    }
    let cards = module.decks.iter().map(|d| d.cards.len()).sum();
    // Counters as printed: every copy of the counter mix.
    let counters = module
        .counters
        .iter()
        .flat_map(|(_, p)| p.iter().map(|c| c.count))
        .sum();
    if cards + counters + module.boards.len() == 0 {
        return Err(OpError::new(format!(
            "{} has no print-and-play deck ([[publish.cards]]), counters or map to put in a VASSAL module",
            game.name
        )));
    }
    add(&mut zip, "buildFile.xml", build_file(&module).as_bytes())?;
    add(&mut zip, "moduledata", module_data(&module).as_bytes())?;
    let bytes = zip.finish().map_err(|e| OpError::new(e.to_string()))?;
    let folder = game.out_folder(out);
    let path = folder.join(format!("{}.vmod", game.id));
    write_output(&folder, &path, &bytes)?;
    Ok(Some(Exported {
        path,
        cards,
        counters,
        boards: module.boards.len(),
    }))
}

fn add(zip: &mut ZipWriter, name: &str, bytes: &[u8]) -> Result<(), OpError> {
    zip.add(name, bytes)
        .map_err(|e| OpError::new(e.to_string()))
}

/// `items` drawn `width` x `height` points as a PNG at the module's resolution.
fn png(
    items: &[Item],
    width: f32,
    height: f32,
    assets: &Assets,
    what: &str,
) -> Result<Vec<u8>, OpError> {
    let svg = outlined_svg(items, width, height, &assets.fonts);
    svg_to_png(&svg, DPI).map_err(|e| OpError::new(format!("{what}: {e}")))
}

fn pixels(points: f32) -> u32 {
    (points * DPI / 72.0).round() as u32
}

/// A deck's card pictures under `images/<deck>/`, and the deck.
fn deck(
    images: &super::CardImages,
    assets: &Assets,
    zip: &mut ZipWriter,
) -> Result<VassalDeck, OpError> {
    let folder = images.dir.trim_start_matches("images/");
    let (w, h) = (images.width, images.height);
    let picture = |name: &str, face: &CardFace, zip: &mut ZipWriter| -> Result<String, OpError> {
        let file = format!("{folder}-{name}.png");
        add(
            zip,
            &format!("images/{file}"),
            &png(&face.items, w, h, assets, name)?,
        )?;
        Ok(file)
    };
    let back = picture("back", &images.back, zip)?;
    let mut cards = Vec::new();
    for (n, (stem, face)) in images.fronts.iter().enumerate() {
        let name = images
            .captions
            .get(n)
            .map_or_else(|| stem.clone(), |(title, _)| title.clone());
        cards.push(VassalCard {
            name,
            front: picture(stem, face, zip)?,
        });
    }
    Ok(VassalDeck {
        name: images.deck_name.clone(),
        back,
        cards,
        width: pixels(w),
        height: pixels(h),
    })
}

/// Counters by side and where each counter-mix entry's piece is.
type Pieces = (
    Vec<(String, Vec<VassalCounter>)>,
    HashMap<CounterKey, (usize, usize)>,
);

/// One piece per unit (or marker) and side, with both faces' pictures under
/// `images/`, grouped by side in sheet order; and the piece (side, place)
/// of each entry of the counter mix.
fn counter_pieces(
    counters: &[Counter],
    game: &Game,
    assets: &Assets,
    zip: &mut ZipWriter,
) -> Result<Pieces, OpError> {
    let mut keys = HashMap::new();
    let family = assets
        .text_family(game)
        .ok_or_else(|| OpError::new("fonts/fonts.toml declares no font family"))?;
    let mut sides: Vec<(String, Vec<VassalCounter>)> = Vec::new();
    let mut stems = std::collections::HashSet::new();
    for counter in counters {
        let side = if counter.side.is_empty() {
            game.words.markers.clone()
        } else {
            counter.side.clone()
        };
        let at = match sides.iter().position(|(s, _)| *s == side) {
            Some(at) => at,
            None => {
                sides.push((side.clone(), Vec::new()));
                sides.len() - 1
            }
        };
        if let Some(i) = sides[at].1.iter().position(|p| p.name == counter.name) {
            keys.entry(counter.key).or_insert((at, i));
            sides[at].1[i].count += 1;
            continue;
        }
        keys.entry(counter.key).or_insert((at, sides[at].1.len()));
        let (front, back) =
            crate::layout::counter_faces(counter, COUNTER_SIZE, family, &assets.fonts)
                .map_err(|d| OpError::new(format!("counter {}: {}", counter.name, d.message)))?;
        // Names that differ may slug alike ("1st Bn" and "1st Bn."): each
        // counter's pictures get file names of their own, or the archive
        // would hold two entries of one name and VASSAL show one picture
        // for both.
        let base = format!("counter-{}-{}", slug(&side), slug(&counter.name));
        let mut stem = base.clone();
        let mut n = 1;
        while !stems.insert(stem.clone()) {
            n += 1;
            stem = format!("{base}-{n}");
        }
        let front_file = format!("{stem}-front.png");
        let back_file = format!("{stem}-back.png");
        let size = COUNTER_SIZE;
        add(
            zip,
            &format!("images/{front_file}"),
            &png(&front, size, size, assets, &counter.name)?,
        )?;
        add(
            zip,
            &format!("images/{back_file}"),
            &png(&back, size, size, assets, &counter.name)?,
        )?;
        sides[at].1.push(VassalCounter {
            name: counter.name.clone(),
            front: front_file,
            back: back_file,
            count: 1,
            reduced: reduced(counter),
        });
    }
    Ok((sides, keys))
}

/// A plain board to play on, 16 by 12 inches, without a picture or grid,
/// named `name` (the word `vassal_board`).
fn plain_board(name: &str) -> VassalBoard {
    VassalBoard {
        name: name.to_string(),
        image: String::new(),
        width: pixels(16.0 * 72.0),
        height: pixels(12.0 * 72.0),
        grid: None,
        zones: Vec::new(),
    }
}

/// Whether a counter's back is a reduced face: a strip whose back's
/// factors differ from its front's.
fn reduced(counter: &Counter) -> bool {
    counter.strip.as_ref().is_some_and(|strip| {
        strip.front.len() != strip.back.len()
            || strip
                .front
                .iter()
                .zip(&strip.back)
                .any(|(f, b)| f.text != b.text || f.mark != b.mark)
    })
}

/// A file-name-safe form of a name.
fn slug(name: &str) -> String {
    let s = crate::model::slug(name);
    if s.is_empty() { "x".into() } else { s }
}

/// A map's picture under `images/` and its board, the grid in the
/// picture's pixels, and the margin the drawing has round the map (`None`
/// when the map cannot be drawn: check says why).
fn board(
    map: &Map,
    game: &Game,
    assets: &Assets,
    zip: &mut ZipWriter,
) -> Result<Option<(VassalBoard, f32)>, OpError> {
    let mut quiet = Diagnostics::default();
    let Some(drawing) = super::maps::draw(map, game, assets, &mut quiet) else {
        return Ok(None);
    };
    let file = format!("map-{}.png", map.id);
    let picture = png(
        &drawing.items,
        drawing.width,
        drawing.height,
        assets,
        &map.name,
    )?;
    add(zip, &format!("images/{file}"), &picture)?;
    Ok(Some((
        VassalBoard {
            name: map.name.clone(),
            image: file,
            width: pixels(drawing.width),
            height: pixels(drawing.height),
            grid: Some(vassal_grid(map, drawing.margin)),
            zones: Vec::new(),
        },
        drawing.margin,
    )))
}
