//! Publish: a game's unit counters (`[publish.counters]`) — each side's
//! units, the corner fields and the dice colours resolved against the game's
//! collections (validate reports what does not resolve), the units'
//! pictures loaded through the one path resolver, then laid out into
//! `counters.pdf`.

use super::{Assets, Body, Output, PlanOptions};
use crate::diag::{Diagnostics, Sources};
use crate::layout::{
    self, Corner, Counter, CounterKey, CounterOptions, CounterPicture, CounterText, Factor, Strip,
};
use crate::load::{self, OpError};
use crate::model::nato::{Affiliation, Echelon, Function, UnitSymbol};
use crate::model::{
    ArtFiles, CounterImage, CounterJob, Deck, FieldKind, FieldValue, Game, ImageSource, Paper,
};
use crate::render::html::{ExtraPage, ShownCounter, counters_page};

/// The default counter: 3/4 in square.
pub const DEFAULT_SIZE: f32 = 54.0;

/// "#RRGGBB" as red, green, blue in 0..1.
pub fn parse_color(s: &str) -> Option<[f32; 3]> {
    crate::model::parse_hex_color(s)
}

pub use crate::load::parse_counter_size;

/// Bleed round each counter with `counters --bleed`: 1/16 in (1.6 mm), so
/// a duplex shift of a millimetre still lands on the counter's own colour.
pub const COUNTER_BLEED: f32 = 4.5;

/// The counters of the game, if it publishes them; problems go to `diags`.
pub fn plan_counters(
    game: &Game,
    assets: &Assets,
    options: &PlanOptions,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<Option<Output>, OpError> {
    let Some(job) = game.publish.counters.as_ref() else {
        return Ok(None);
    };
    let Some(counters) = resolve(game, job, assets, sources, diags)? else {
        return Ok(None);
    };
    let Some(family) = assets.text_family(game) else {
        return Ok(None);
    };
    let layout_options = CounterOptions {
        paper: options.paper.unwrap_or(Paper::LETTER),
        size: options.counter_size.unwrap_or(DEFAULT_SIZE),
        flip: options.pnp.flip,
        bleed: if options.counter_bleed {
            COUNTER_BLEED
        } else {
            0.0
        },
        back_offset: (options.pnp.back_offset_x, options.pnp.back_offset_y),
        ..CounterOptions::default()
    };
    let title = format!("{} — {}", game.name, game.words.unit_counters);
    let doc = match layout::lay_out_counters(
        (&title, &game.words.icons_credit),
        &counters,
        family,
        &assets.fonts,
        &layout_options,
    ) {
        Ok(doc) => doc,
        Err(problems) => {
            // Copies of one counter fail alike: report each problem once.
            let mut seen: Vec<(String, Option<crate::diag::Loc>)> = Vec::new();
            for d in problems {
                let key = (d.message.clone(), d.loc);
                if !seen.contains(&key) {
                    seen.push(key);
                    diags.push(d);
                }
            }
            return Ok(None);
        }
    };
    Ok(Some(Output {
        printed: super::artifact::Printed::Counters,
        file_name: "counters.pdf".to_string(),
        summary: format!(
            "{}, {:.3} in square, on {} (fronts and backs)",
            super::counted(counters.len(), "counter", "counters"),
            layout_options.size / 72.0,
            super::counted(doc.pages.len(), "page", "pages")
        ),
        body: Body::Doc(doc),
        images: None,
    }))
}

/// The game's counters, each once per copy, in sheet order; `None` when it
/// prints none or they do not resolve (validate and `check` say why).
pub fn game_counters(game: &Game, assets: &Assets) -> Result<Option<Vec<Counter>>, OpError> {
    let Some(job) = game.publish.counters.as_ref() else {
        return Ok(None);
    };
    resolve(
        game,
        job,
        assets,
        &mut Sources::default(),
        &mut Diagnostics::default(),
    )
}

/// The counters page of the HTML reference, when the game prints counters
/// that resolve: each kind of counter once (a side's unit, a marker) with
/// both faces laid out as in `counters.pdf`, at the game's counter size; and
/// the faces' items, whose pictures the reference copies beside its pages.
/// A counter that cannot be laid out (reported by `check`) is left off.
pub fn html_page(
    game: &Game,
    assets: &Assets,
) -> Result<Option<(ExtraPage, Vec<layout::Item>)>, OpError> {
    let Some(counters) = game_counters(game, assets)? else {
        return Ok(None);
    };
    let Some(family) = assets.text_family(game) else {
        return Ok(None);
    };
    let size = game.publish.options.counter_size.unwrap_or(DEFAULT_SIZE);
    // Copies of one unit of a side (or of one marker) come together.
    let mut kinds: Vec<(&Counter, usize)> = Vec::new();
    for counter in &counters {
        match kinds.last_mut() {
            Some((first, count)) if first.key == counter.key && first.name == counter.name => {
                *count += 1;
            }
            _ => kinds.push((counter, 1)),
        }
    }
    let mut faces = Vec::new();
    for &(counter, count) in &kinds {
        if let Ok(drawn) = layout::counter_faces(counter, size, family, &assets.fonts) {
            faces.push((counter, count, drawn));
        }
    }
    if faces.is_empty() {
        return Ok(None);
    }
    let shown: Vec<ShownCounter<'_>> = faces
        .iter()
        .map(|(counter, count, (front, back))| ShownCounter {
            name: &counter.name,
            side: &counter.side,
            back_word: counter.marker.as_deref(),
            count: *count,
            stats: &counter.stats,
            front,
            back,
        })
        .collect();
    let page = counters_page(&shown, size, &assets.fonts, &game.words);
    let items = faces
        .into_iter()
        .flat_map(|(_, _, (front, back))| front.into_iter().chain(back))
        .collect();
    Ok(Some((page, items)))
}

/// Every counter to print, in order, its picture files loaded (a picture
/// that cannot be had is reported to `diags`, and the counter shows its
/// symbol or icon instead); `None` when something could not be resolved
/// (validate reports what).
fn resolve(
    game: &Game,
    job: &CounterJob,
    assets: &Assets,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<Option<Vec<Counter>>, OpError> {
    let Some(units) = game.collection(&job.units.value) else {
        return Ok(None);
    };
    let corner_fields = match &job.corners {
        Some(corners) => {
            let Some(fields) = corners
                .iter()
                .map(|corner| units.field_index(&corner.value))
                .collect::<Option<Vec<usize>>>()
            else {
                return Ok(None);
            };
            fields
        }
        None => Vec::new(),
    };
    let art = match &job.image {
        Some(image) => {
            let printed = job
                .sides
                .iter()
                .flat_map(|side| &side.units)
                .filter_map(|(unit, _)| units.item(&unit.value));
            load::load_counter_art(&game.dir, image, units, printed, sources, diags)?
        }
        None => ArtFiles::new(),
    };
    let mut ok = true;
    let mut counters = Vec::new();
    let symbol_fields = (
        job.symbol
            .as_ref()
            .and_then(|f| units.field_index(&f.value)),
        job.echelon
            .as_ref()
            .and_then(|f| units.field_index(&f.value)),
    );
    for (side_number, side) in job.sides.iter().enumerate() {
        let affiliation = side_affiliation(side, side_number);
        let color = match &side.color {
            Some(color) => parse_color(&color.value),
            None => game
                .resolve("sides", &side.name.value)
                .and_then(|s| game.sides.iter().find(|g| g.id == s.id))
                .and_then(|s| s.color),
        };
        if color.is_none() {
            ok = false;
        }
        let mut first = true;
        for (entry, (unit, count)) in side.units.iter().enumerate() {
            let Some(item) = units.item(&unit.value) else {
                ok = false;
                continue;
            };
            let key = CounterKey::Unit {
                side: side_number,
                entry,
            };
            // A counter's problems are the unit's: at its name.
            let name_loc = name_loc(units, item).unwrap_or(unit.loc);
            if !(0..=500).contains(&count.value) {
                ok = false;
                continue;
            }
            let r = units.item_ref(item);
            if !job.faces.is_empty() {
                let Some(color) = color else {
                    continue;
                };
                let picture = job
                    .image
                    .as_ref()
                    .and_then(|image| unit_picture(image, units, item, &art));
                let named_at = crate::model::Located::new(unit.value.clone(), name_loc);
                let Some(parts) = strip_counters(game, job, units, item, &named_at) else {
                    ok = false;
                    continue;
                };
                for _ in 0..count.value {
                    for (name, strip, stats) in &parts {
                        counters.push(Counter {
                            name: name.clone(),
                            icon: assets.icons.iter().find(|i| i.name == r.id).cloned(),
                            picture: picture.clone(),
                            stats: stats.clone(),
                            symbol: unit_symbol(item, symbol_fields, affiliation),
                            marker: None,
                            corners: blank_corners(),
                            strip: Some(strip.clone()),
                            color,
                            side: side.name.value.clone(),
                            new_row: first,
                            key,
                            loc: name_loc,
                        });
                        first = false;
                    }
                }
                continue;
            }
            let mut corners = Vec::new();
            for &f in &corner_fields {
                match corner(game, job, units, item, f) {
                    Some(c) => corners.push(c),
                    // A reference that names nothing, a die of no colour.
                    None => ok = false,
                }
            }
            let (Ok(corners), Some(color)) = (<[Corner; 4]>::try_from(corners), color) else {
                continue;
            };
            let picture = job
                .image
                .as_ref()
                .and_then(|image| unit_picture(image, units, item, &art));
            let stats: Vec<(String, String)> = corner_fields
                .iter()
                .map(|&f| {
                    let shown = crate::layout::card_list_value(game, units, item, f);
                    (units.fields[f].name.clone(), shown)
                })
                .collect();
            for _ in 0..count.value {
                counters.push(Counter {
                    name: r.name.clone(),
                    icon: assets.icons.iter().find(|i| i.name == r.id).cloned(),
                    picture: picture.clone(),
                    stats: stats.clone(),
                    symbol: unit_symbol(item, symbol_fields, affiliation),
                    marker: None,
                    corners: corners.clone(),
                    strip: None,
                    color,
                    side: side.name.value.clone(),
                    new_row: first,
                    key,
                    loc: name_loc,
                });
                first = false;
            }
        }
    }
    mark_swatches(&mut counters);
    counters.extend(markers(job));
    Ok(ok.then_some(counters))
}

/// Where an item's `name` is written in its collection.
fn name_loc(units: &Deck, item: &crate::model::Card) -> Option<crate::diag::Loc> {
    let at = units.field_index("name")?;
    Some(item.values.get(at)?.as_ref()?.loc)
}

/// Four empty corners: a marker's, or a strip counter's.
fn blank_corners() -> [Corner; 4] {
    std::array::from_fn(|_| Corner::Text(String::new()))
}

/// What a counter's stats spell out: (unit field, value as printed).
type Stats = Vec<(String, String)>;

/// A unit's counters of the strip layout — one, or two for a unit of three
/// or four steps — each as (its name, its strip, its stats spelled out);
/// `None` when the unit's steps or faces are wrong (validate says how).
fn strip_counters(
    game: &Game,
    job: &CounterJob,
    units: &Deck,
    item: &crate::model::Card,
    named_at: &crate::model::Located<String>,
) -> Option<Vec<(String, Strip, Stats)>> {
    let width = job.faces.first()?.factors.len();
    if job.faces.iter().any(|f| f.factors.len() != width) {
        return None;
    }
    let steps = crate::validate::steps_of(job, units, item).ok()?;
    let value = |field: &crate::model::Located<String>| {
        let f = units.field_index(&field.value)?;
        let v = item.values.get(f)?.as_ref()?;
        let text = crate::layout::card_list_value(game, units, item, f);
        (!text.trim().is_empty()).then_some((text, v.loc, f))
    };
    let text_of = |field: &Option<crate::model::Located<String>>| {
        field
            .as_ref()
            .and_then(&value)
            .map(|(text, loc, _)| CounterText { text, loc })
    };
    let face = |k: usize| -> Option<(Vec<Factor>, Stats)> {
        let mut factors = Vec::new();
        let mut stats = Vec::new();
        for field in &job.faces.get(k)?.factors {
            let (text, loc, _) = value(field)?;
            stats.push((field.value.clone(), text.clone()));
            factors.push(Factor::parse(&text, loc));
        }
        Some((factors, stats))
    };
    let r = units.item_ref(item);
    let designation = text_of(&job.designation).unwrap_or_else(|| CounterText {
        text: r.name.clone(),
        loc: named_at.loc,
    });
    let formation = text_of(&job.formation);
    let band = job.formation.as_ref().and_then(|f| {
        match corner(game, job, units, item, units.field_index(&f.value)?)? {
            Corner::Swatch { rgb, .. } => Some(rgb),
            Corner::Text(_) => None,
        }
    });
    let setup = text_of(&job.setup);
    let mut extra: Stats = Vec::new();
    for (key, text) in [
        (&job.designation, &Some(designation.clone())),
        (&job.formation, &formation),
        (&job.setup, &setup),
    ] {
        if let (Some(key), Some(text)) = (key, text) {
            extra.push((key.value.clone(), text.text.clone()));
        }
    }
    let separator = job
        .separator
        .as_ref()
        .map_or_else(|| "-".to_string(), |s| s.value.clone());
    // Faces (front, back) of each counter: a face past the unit's steps
    // repeats the counter's front.
    let pairs: &[(usize, usize)] = match steps {
        1 => &[(0, 0)],
        2 => &[(0, 1)],
        3 => &[(0, 1), (2, 2)],
        _ => &[(0, 1), (2, 3)],
    };
    let mut counters = Vec::new();
    for (part, &(f, b)) in pairs.iter().enumerate() {
        let (front, mut stats) = face(f)?;
        let (back, back_stats) = face(b)?;
        if b != f {
            stats.extend(back_stats);
        }
        stats.extend(extra.iter().cloned());
        let name = match (part, steps) {
            (0, _) => r.name.clone(),
            (_, 3) => format!("{} (step 3)", r.name),
            _ => format!("{} (steps 3-4)", r.name),
        };
        counters.push((
            name,
            Strip {
                front,
                back,
                separator: separator.clone(),
                designation: designation.clone(),
                formation: formation.clone(),
                band,
                setup: setup.clone(),
            },
            stats,
        ));
    }
    Some(counters)
}

/// The picture a unit's counter shows: the job's file, or the one the
/// unit's value names (none when it is empty or its file could not be had).
fn unit_picture(
    image: &CounterImage,
    units: &Deck,
    unit: &crate::model::Card,
    art: &ArtFiles,
) -> Option<CounterPicture> {
    let name = match &image.source {
        ImageSource::File(file) => file.value.clone(),
        ImageSource::Field(field) => {
            let value = units.text(unit, units.field_index(&field.value)?)?;
            if value.is_empty() {
                return None;
            }
            image.file_for(&value)
        }
    };
    Some(CounterPicture {
        image: art.get(&name)?.clone(),
        fit: image.fit,
        anchor: image.anchor,
        radius: image.radius,
    })
}

/// The frame a side's unit symbols take: as written, else friend for the
/// first side and hostile for the others.
fn side_affiliation(side: &crate::model::CounterSide, number: usize) -> Affiliation {
    side.affiliation
        .as_ref()
        .map(|a| a.value)
        .unwrap_or(if number == 0 {
            Affiliation::Friend
        } else {
            Affiliation::Hostile
        })
}

/// A unit's symbol, when the job names a symbol field and the unit has
/// functions there (validate reports names that are not functions or
/// echelons).
fn unit_symbol(
    unit: &crate::model::Card,
    (symbol, echelon): (Option<usize>, Option<usize>),
    affiliation: Affiliation,
) -> Option<UnitSymbol> {
    let text = |field: usize| {
        unit.values
            .get(field)
            .and_then(|v| v.as_ref())
            .map(|v| v.value.display())
            .filter(|t| !t.trim().is_empty())
    };
    let functions = Function::list(&text(symbol?)?).ok()?;
    let echelon = echelon.and_then(text).and_then(|e| Echelon::named(&e));
    Some(UnitSymbol {
        affiliation,
        functions,
        echelon,
    })
}

/// The job's marker counters, in rows after the units.
fn markers(job: &CounterJob) -> Vec<Counter> {
    const GREY: [f32; 3] = [0.86, 0.86, 0.86];
    let mut counters: Vec<Counter> = Vec::new();
    for (k, marker) in job.markers.iter().enumerate() {
        let count = marker.count.as_ref().map_or(1, |c| c.value.clamp(1, 500));
        let color = marker
            .color
            .as_ref()
            .and_then(|c| parse_color(&c.value))
            .unwrap_or(GREY);
        let back = marker.back.as_ref().unwrap_or(&marker.name).value.clone();
        for n in 0..count {
            counters.push(Counter {
                name: marker.name.value.clone(),
                icon: None,
                picture: None,
                stats: Vec::new(),
                symbol: None,
                marker: Some(back.clone()),
                corners: blank_corners(),
                strip: None,
                color,
                side: String::new(),
                // The markers begin a row of their own, then run on.
                new_row: counters.is_empty() && n == 0,
                key: CounterKey::Marker(k),
                loc: marker.name.loc,
            });
        }
    }
    counters
}

/// The name an item prints under ("Yellow"), else its id.
fn units_item_name(collection: &Deck, item: &crate::model::Card) -> String {
    let r = collection.item_ref(item);
    if r.name.is_empty() { r.id } else { r.name }
}

/// Marks each swatch with the fewest first letters of its item's name that
/// no other swatch in the same corner starts with (dice: "Y", "B", "R";
/// "Br", "G", "Bl"), so the swatches differ in print without their colours.
fn mark_swatches(counters: &mut [Counter]) {
    for corner in 0..4 {
        let mut names: Vec<String> = Vec::new();
        for c in counters.iter() {
            if let Corner::Swatch { mark, .. } = &c.corners[corner]
                && !names.contains(mark)
            {
                names.push(mark.clone());
            }
        }
        for c in counters.iter_mut() {
            if let Corner::Swatch { mark, .. } = &mut c.corners[corner] {
                *mark = shortest_unique_prefix(mark, &names);
            }
        }
    }
}

/// The shortest start of `name` that no other of `names` begins with (case
/// aside); the whole name when every start is shared.
fn shortest_unique_prefix(name: &str, names: &[String]) -> String {
    let lower = |s: &str| s.to_lowercase();
    for (end, _) in name.char_indices().skip(1).chain([(name.len(), ' ')]) {
        let prefix = &name[..end];
        let shared = names
            .iter()
            .filter(|n| n.as_str() != name)
            .any(|n| lower(n).starts_with(&lower(prefix)));
        if !shared {
            return prefix.to_string();
        }
    }
    name.to_string()
}

/// What a corner shows for one unit: a reference to an item whose `swatch`
/// field (`[publish.counters] swatch`) is set as a swatch of that colour,
/// anything else as text. None for a reference that names nothing or a
/// swatch whose colour is not one (validate reports both).
fn corner(
    game: &Game,
    job: &CounterJob,
    units: &Deck,
    unit: &crate::model::Card,
    field: usize,
) -> Option<Corner> {
    let value = unit.values.get(field).and_then(|v| v.as_ref());
    let Some(value) = value else {
        return Some(Corner::Text("-".to_string()));
    };
    if let (FieldKind::Ref(to), FieldValue::Text(t)) = (&units.fields[field].kind, &value.value) {
        let declared = &units.fields[field];
        if declared.is_symbol(t) {
            return Some(Corner::Text(t.to_string()));
        }
        let (dice, die) = game
            .collection(to)
            .and_then(|c| c.item(t).map(|i| (c, i)))?;
        if let Some(color) = job
            .swatch
            .as_ref()
            .and_then(|s| dice.field_index(&s.value))
            .and_then(|i| die.values.get(i))
            .and_then(|v| v.as_ref())
        {
            let text = color.value.display();
            // The mark is the item's name for now; `mark_swatches` shortens it.
            return parse_color(&text).map(|rgb| Corner::Swatch {
                rgb,
                mark: units_item_name(dice, die),
            });
        }
    }
    Some(Corner::Text(crate::layout::card_list_value(
        game, units, unit, field,
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_and_sizes_parse() {
        assert_eq!(parse_color("#FF0080"), Some([1.0, 0.0, 128.0 / 255.0]));
        assert_eq!(parse_color("FF0080"), None);
        assert_eq!(parse_color("#FF008"), None);
        assert_eq!(parse_color("#GG0080"), None);
        assert_eq!(parse_counter_size("3/4"), Ok(54.0));
        assert_eq!(parse_counter_size("5/8"), Ok(45.0));
        assert_eq!(parse_counter_size("1"), Ok(72.0));
        assert!(parse_counter_size("1/0").is_err());
        assert!(parse_counter_size("9").is_err());
        assert!((parse_counter_size("19mm").expect("a length") - 19.0 * 72.0 / 25.4).abs() < 1e-3);
    }

    #[test]
    fn dice_marks_differ_within_a_corner() {
        let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let marks = |corner: &[String]| -> Vec<String> {
            corner
                .iter()
                .map(|n| shortest_unique_prefix(n, corner))
                .collect()
        };
        assert_eq!(marks(&names(&["Yellow", "Blue", "Red"])), ["Y", "B", "R"]);
        assert_eq!(
            marks(&names(&["Brown", "Grey", "Black"])),
            ["Br", "G", "Bl"]
        );
        let nested = names(&["Red", "Redder"]);
        assert_eq!(shortest_unique_prefix("Red", &nested), "Red");
        assert_eq!(shortest_unique_prefix("Redder", &nested), "Redd");
    }
}
