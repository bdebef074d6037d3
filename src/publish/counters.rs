//! CLI: plans a game's unit counters (`[publish.counters]`) — resolves each
//! side's units, the corner fields and the dice colours against the game's
//! collections (problems are diagnostics at the place in game.toml or the
//! collection file), then lays them out into `counters.pdf`.

use super::{Assets, Body, Output, PlanOptions};
use crate::diag::{Diagnostic, Diagnostics};
use crate::layout::{self, Corner, Counter, CounterOptions};
use crate::model::{CounterJob, Deck, FieldKind, FieldValue, Game, Located, Paper};

/// The default counter: 3/4 in square.
pub const DEFAULT_SIZE: f32 = 54.0;

/// "#RRGGBB" as red, green, blue in 0..1.
pub fn parse_color(s: &str) -> Option<[f32; 3]> {
    crate::model::parse_hex_color(s)
}

fn bad_color(value: &str, loc: crate::diag::Loc) -> Diagnostic {
    Diagnostic::error("bad-value", format!("`{value}` is not a colour"), Some(loc))
        .with_hint("write a colour as \"#RRGGBB\", e.g. \"#2F6FD0\"")
}

pub use crate::load::parse_counter_size;

/// The counters of the game, if it publishes them; problems go to `diags`.
pub fn plan_counters(
    game: &Game,
    assets: &Assets,
    options: &PlanOptions,
    diags: &mut Diagnostics,
) -> Option<Output> {
    let job = game.publish.counters.as_ref()?;
    let counters = resolve(game, job, assets, diags)?;
    let family = assets
        .fonts
        .family("sans-condensed")
        .or(assets.fonts.families.first())?;
    let layout_options = CounterOptions {
        paper: options.paper.unwrap_or(Paper::LETTER),
        size: options.counter_size.unwrap_or(DEFAULT_SIZE),
        flip: options.pnp.flip,
        ..CounterOptions::default()
    };
    let title = format!("{} — Unit counters", game.name);
    match layout::lay_out_counters(&title, &counters, family, &assets.fonts, &layout_options) {
        Ok(doc) => Some(Output {
            file_name: "counters.pdf".to_string(),
            summary: format!(
                "{}, {:.3} in square, on {} (fronts and backs)",
                super::counted(counters.len(), "counter", "counters"),
                layout_options.size / 72.0,
                super::counted(doc.pages.len(), "page", "pages")
            ),
            body: Body::Doc(doc),
            images: None,
        }),
        Err(problems) => {
            // Copies of one counter fail alike: report each problem once.
            let mut seen: Vec<(String, Option<crate::diag::Loc>)> = Vec::new();
            for d in problems {
                let key = (d.message.clone(), d.loc.clone());
                if !seen.contains(&key) {
                    seen.push(key);
                    diags.push(d);
                }
            }
            None
        }
    }
}

/// Every counter to print, in order; None when something could not be resolved.
fn resolve(
    game: &Game,
    job: &CounterJob,
    assets: &Assets,
    diags: &mut Diagnostics,
) -> Option<Vec<Counter>> {
    let Some(units) = game.collection(&job.units.value) else {
        if !game.unloaded.contains(&job.units.value) {
            diags.push(crate::validate::dangling(
                &job.units,
                "collection",
                game.collections.iter().map(|c| c.id.as_str()),
            ));
        }
        return None;
    };
    let mut ok = true;
    let mut corner_fields = Vec::new();
    for corner in &job.corners {
        match units.field_index(&corner.value) {
            Some(i) => corner_fields.push(i),
            None => {
                ok = false;
                diags.push(no_field(units, corner));
            }
        }
    }
    let mut counters = Vec::new();
    for side in &job.sides {
        let color = match &side.color {
            Some(color) => {
                let rgb = parse_color(&color.value);
                if rgb.is_none() {
                    diags.push(bad_color(&color.value, color.loc.clone()));
                }
                rgb
            }
            None => {
                let rgb = game
                    .resolve("sides", &side.name.value)
                    .and_then(|s| game.sides.iter().find(|g| g.id == s.id))
                    .and_then(|s| s.color);
                if rgb.is_none() {
                    diags.push(
                        Diagnostic::error(
                            "missing-field",
                            format!("counters of `{}` have no colour", side.name.value),
                            Some(side.name.loc.clone()),
                        )
                        .with_hint(
                            "give the side a colour in game.toml ([[sides]] color = \"#RRGGBB\"), or here: color = \"#RRGGBB\"",
                        ),
                    );
                }
                rgb
            }
        };
        if color.is_none() {
            ok = false;
        }
        let mut first = true;
        for (unit, count) in &side.units {
            let Some(item) = units.item(&unit.value) else {
                ok = false;
                diags.push(
                    Diagnostic::error(
                        "dangling-reference",
                        format!("no unit `{}` in {}", unit.value, units.name),
                        Some(unit.loc.clone()),
                    )
                    .with_hint(format!("units: {}", game.item_names(&units.id).join(", "))),
                );
                continue;
            };
            if !(0..=500).contains(&count.value) {
                ok = false;
                diags.push(
                    Diagnostic::error(
                        "bad-value",
                        format!("{} counters of one unit is out of range", count.value),
                        Some(count.loc.clone()),
                    )
                    .with_hint("a side has 0 to 500 counters of each unit"),
                );
                continue;
            }
            let r = units.item_ref(item);
            let mut corners = Vec::new();
            for &f in &corner_fields {
                match corner(game, units, item, f) {
                    Ok(Some(c)) => corners.push(c),
                    // A reference that names nothing: `check` reports it already.
                    Ok(None) => ok = false,
                    Err(d) => {
                        ok = false;
                        diags.push(d);
                    }
                }
            }
            let (Ok(corners), Some(color)) = (<[Corner; 4]>::try_from(corners), color) else {
                continue;
            };
            for _ in 0..count.value {
                counters.push(Counter {
                    name: r.name.clone(),
                    icon: assets.icons.iter().find(|i| i.name == r.id).cloned(),
                    corners: corners.clone(),
                    color,
                    side: side.name.value.clone(),
                    new_row: first,
                    loc: unit.loc.clone(),
                });
                first = false;
            }
        }
    }
    mark_dice(&mut counters);
    ok.then_some(counters)
}

/// The name an item prints under ("Yellow"), else its id.
fn units_item_name(collection: &Deck, item: &crate::model::Card) -> String {
    let r = collection.item_ref(item);
    if r.name.is_empty() { r.id } else { r.name }
}

/// Marks each die with the fewest first letters of its name that no other
/// die in the same corner starts with ("Y", "B", "R"; "Br", "G", "Bl"), so
/// the dice differ in print without their colours.
fn mark_dice(counters: &mut [Counter]) {
    for corner in 0..4 {
        let mut names: Vec<String> = Vec::new();
        for c in counters.iter() {
            if let Corner::Die { mark, .. } = &c.corners[corner]
                && !names.contains(mark)
            {
                names.push(mark.clone());
            }
        }
        for c in counters.iter_mut() {
            if let Corner::Die { mark, .. } = &mut c.corners[corner] {
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

fn no_field(units: &Deck, name: &Located<String>) -> Diagnostic {
    Diagnostic::error(
        "dangling-reference",
        format!(
            "the collection `{}` has no field `{}`",
            units.id, name.value
        ),
        Some(name.loc.clone()),
    )
    .with_hint(units.fields_hint())
}

/// What a corner shows for one unit: a die (a reference to an item with a
/// `color`) as its colour, anything else as text. None for a reference that
/// names nothing (validation reports it).
fn corner(
    game: &Game,
    units: &Deck,
    unit: &crate::model::Card,
    field: usize,
) -> Result<Option<Corner>, Diagnostic> {
    let value = unit.values.get(field).and_then(|v| v.as_ref());
    let Some(value) = value else {
        return Ok(Some(Corner::Text("-".to_string())));
    };
    if let (FieldKind::Ref(to), FieldValue::Text(t)) = (&units.fields[field].kind, &value.value) {
        let declared = &units.fields[field];
        if declared.is_symbol(t) {
            return Ok(Some(Corner::Text(t.clone())));
        }
        let Some(item) = game.collection(to).and_then(|c| c.item(t).map(|i| (c, i))) else {
            return Ok(None);
        };
        let (dice, die) = item;
        if let Some(color) = dice
            .field_index("color")
            .and_then(|i| die.values.get(i))
            .and_then(|v| v.as_ref())
        {
            let text = color.value.display();
            // The mark is the die's name for now; `mark_dice` shortens it.
            return parse_color(&text)
                .map(|rgb| {
                    Some(Corner::Die {
                        rgb,
                        mark: units_item_name(dice, die),
                    })
                })
                .ok_or_else(|| bad_color(&text, color.loc.clone()));
        }
    }
    Ok(Some(Corner::Text(crate::layout::card_list_value(
        game, units, unit, field,
    ))))
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
