//! Validate stage: a game's unit counters (`[publish.counters]`) — the units
//! collection, its corner fields and its picture's field, each side's
//! colour, units and counts, and the colour of each die a corner shows —
//! each problem at its place in game.toml or the collection file.

use crate::diag::{Diagnostic, Diagnostics};
use crate::model::{
    CounterJob, Deck, FieldKind, FieldValue, Game, ImageSource, Located, parse_hex_color,
};

/// Every problem of the game's counters job, if it has one.
pub fn validate_counters(game: &Game, diags: &mut Diagnostics) {
    let Some(job) = &game.publish.counters else {
        return;
    };
    let Some(units) = game.collection(&job.units.value) else {
        if !game.unloaded.contains(&job.units.value) {
            diags.push(super::dangling(
                &job.units,
                "collection",
                game.collections.iter().map(|c| c.id.as_str()),
            ));
        }
        return;
    };
    let mut corner_fields = Vec::new();
    for corner in &job.corners {
        match units.field_index(&corner.value) {
            Some(i) => corner_fields.push(i),
            None => diags.push(no_field(units, corner)),
        }
    }
    if let Some(image) = &job.image
        && let ImageSource::Field(field) = &image.source
        && units.field_index(&field.value).is_none()
    {
        diags.push(no_field(units, field));
    }
    check_sides(game, job, units, &corner_fields, diags);
}

fn check_sides(
    game: &Game,
    job: &CounterJob,
    units: &Deck,
    corner_fields: &[usize],
    diags: &mut Diagnostics,
) {
    for side in &job.sides {
        match &side.color {
            Some(color) => {
                if parse_hex_color(&color.value).is_none() {
                    diags.push(bad_color(&color.value, color.loc.clone()));
                }
            }
            None => {
                let color = game
                    .resolve("sides", &side.name.value)
                    .and_then(|s| game.sides.iter().find(|g| g.id == s.id))
                    .and_then(|s| s.color);
                if color.is_none() {
                    diags.push(crate::error!(
                        "missing-field", Some(side.name.loc.clone()),
                        "counters of `{}` have no colour", side.name.value;
                        hint: "give the side a colour in game.toml ([[sides]] color = \"#RRGGBB\"), or here: color = \"#RRGGBB\""
                    ));
                }
            }
        }
        for (unit, count) in &side.units {
            let Some(item) = units.item(&unit.value) else {
                diags.push(crate::error!(
                    "dangling-reference", Some(unit.loc.clone()),
                    "no unit `{}` in {}", unit.value, units.name;
                    hint: "units: {}", game.item_names(&units.id).join(", ")
                ));
                continue;
            };
            if !(0..=500).contains(&count.value) {
                diags.push(crate::error!(
                    "bad-value", Some(count.loc.clone()),
                    "{} counters of one unit is out of range", count.value;
                    hint: "a side has 0 to 500 counters of each unit"
                ));
                continue;
            }
            for &field in corner_fields {
                if let Some(d) = corner_die_color(game, units, item, field) {
                    diags.push(d);
                }
            }
        }
    }
}

/// A corner showing a die (a reference to an item with a `color`) whose
/// colour is not one.
fn corner_die_color(
    game: &Game,
    units: &Deck,
    unit: &crate::model::Card,
    field: usize,
) -> Option<Diagnostic> {
    let value = unit.values.get(field)?.as_ref()?;
    let (FieldKind::Ref(to), FieldValue::Text(t)) = (&units.fields[field].kind, &value.value)
    else {
        return None;
    };
    if units.fields[field].is_symbol(t) {
        return None;
    }
    let dice = game.collection(to)?;
    let die = dice.item(t)?;
    let color = dice
        .field_index("color")
        .and_then(|i| die.values.get(i))
        .and_then(|v| v.as_ref())?;
    let text = color.value.display();
    parse_hex_color(&text)
        .is_none()
        .then(|| bad_color(&text, color.loc.clone()))
}

/// A value that is not a `#RRGGBB` colour.
pub fn bad_color(value: &str, loc: crate::diag::Loc) -> Diagnostic {
    crate::error!("bad-value", Some(loc), "`{value}` is not a colour";
        hint: "write a colour as \"#RRGGBB\", e.g. \"#2F6FD0\"")
}

fn no_field(units: &Deck, name: &Located<String>) -> Diagnostic {
    crate::error!(
        "dangling-reference", Some(name.loc.clone()),
        "the collection `{}` has no field `{}`", units.id, name.value;
        hint: "{}", units.fields_hint()
    )
}
