//! Validate stage: a game's unit counters (`[publish.counters]`) — the units
//! collection, its corner fields and its picture's field, each side's
//! colour, units and counts, and the colour of each die a corner shows —
//! each problem at its place in game.toml or the collection file.

use crate::diag::{Diagnostic, Diagnostics};
use crate::model::{
    CounterJob, Deck, FieldKind, FieldValue, Game, ImageSource, Located, MIN_CONTRAST, contrast,
    parse_hex_color,
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
    for corner in job.corners.iter().flatten() {
        match units.field_index(&corner.value) {
            Some(i) => corner_fields.push(i),
            None => diags.push(no_field(units, corner)),
        }
    }
    let named = job.faces.iter().flat_map(|f| &f.factors).chain(
        [
            &job.steps,
            &job.designation,
            &job.formation,
            &job.setup,
            &job.class,
        ]
        .into_iter()
        .flatten(),
    );
    let mut strip_ok = true;
    for field in named {
        if units.field_index(&field.value).is_none() {
            diags.push(no_field(units, field));
            strip_ok = false;
        }
    }
    if let Some(formation) = job
        .formation
        .as_ref()
        .and_then(|f| units.field_index(&f.value))
    {
        corner_fields.push(formation);
    }
    if let Some(image) = &job.image
        && let ImageSource::Field(field) = &image.source
        && units.field_index(&field.value).is_none()
    {
        diags.push(no_field(units, field));
    }
    check_swatch(game, job, units, &corner_fields, diags);
    check_sides(game, job, units, &corner_fields, diags);
    check_contrast(game, job, diags);
    if strip_ok && !job.faces.is_empty() {
        let width = job.faces[0].factors.len();
        if job.faces.iter().all(|f| f.factors.len() == width) {
            for unit in printed_units(job, units) {
                if let Err(d) = steps_of(job, units, unit) {
                    diags.push(d);
                }
            }
        }
    }
}

/// The units the sides print, each once, in the order first named.
fn printed_units<'a>(
    job: &'a CounterJob,
    units: &'a Deck,
) -> impl Iterator<Item = &'a crate::model::Card> + 'a {
    let mut seen: Vec<*const crate::model::Card> = Vec::new();
    job.sides
        .iter()
        .flat_map(|s| &s.units)
        .filter_map(|(unit, _)| units.item(&unit.value))
        .filter(move |item| {
            let key: *const crate::model::Card = *item;
            let new = !seen.contains(&key);
            if new {
                seen.push(key);
            }
            new
        })
}

/// What the faces are called in messages.
const FACE_NAMES: [&str; 4] = ["front", "reduced face", "third step", "fourth step"];

/// How many steps a unit of a factor-strip layout has (1 to 4): its
/// `steps` value, else as many as it has faces with values. Each face of
/// its steps must have every factor; a face past them none (it would not
/// be printed). The job's fields must exist and its faces be as wide as
/// its front (validate reports both first).
pub fn steps_of(
    job: &CounterJob,
    units: &Deck,
    unit: &crate::model::Card,
) -> Result<usize, Diagnostic> {
    let value = |field: &Located<String>| {
        units
            .field_index(&field.value)
            .and_then(|i| unit.values.get(i))
            .and_then(|v| v.as_ref())
            .filter(|v| !v.value.display().trim().is_empty())
    };
    let name = units.item_ref(unit).name;
    let filled = |face: &crate::model::CounterFace| face.factors.iter().any(|f| value(f).is_some());
    let declared = job.steps.as_ref().and_then(value);
    let steps = match declared {
        Some(v) => {
            let n = match &v.value {
                FieldValue::Int(n) => Some(*n),
                other => other.display().trim().parse::<i64>().ok(),
            };
            let faces = job.faces.len() as i64;
            match n {
                Some(n) if (1..=4).contains(&n) && n <= faces.max(1) => n as usize,
                Some(n) if (1..=4).contains(&n) => {
                    return Err(crate::error!(
                        "bad-value", Some(v.loc),
                        "`{name}` has {n} steps, but the counters declare {faces} face{}", if faces == 1 { "" } else { "s" };
                        hint: "give each step a face: `reduced`, or up to four [[publish.counters.faces]]"
                    ));
                }
                _ => {
                    return Err(crate::error!(
                        "bad-value", Some(v.loc),
                        "`{}` is not a number of steps", v.value.display();
                        hint: "a unit has 1 to 4 steps (3 or 4 print a second counter)"
                    ));
                }
            }
        }
        None => 1 + job.faces.iter().rposition(filled).unwrap_or(0),
    };
    for (k, face) in job.faces.iter().enumerate() {
        for field in &face.factors {
            match value(field) {
                None if k < steps => {
                    return Err(crate::error!(
                        "missing-field", Some(unit.loc),
                        "the {} of `{name}` has no `{}`", FACE_NAMES[k.min(3)], field.value;
                        hint: "give the unit a value for `{}` (every factor of a face it has)", field.value
                    ));
                }
                Some(v) if k >= steps => {
                    return Err(crate::error!(
                        "bad-value", Some(v.loc),
                        "`{name}` has {steps} step{}, so its `{}` ({}) would not be printed",
                        if steps == 1 { "" } else { "s" }, field.value, FACE_NAMES[k.min(3)];
                        hint: "raise its steps, or empty the value"
                    ));
                }
                _ => {}
            }
        }
    }
    Ok(steps)
}

/// Counter text is black: a side's (or a marker's) colour it barely
/// differs from is hard to read on paper, as on a card (`low-contrast`, at
/// the colour, or at the game's side whose colour the counters take).
fn check_contrast(game: &Game, job: &CounterJob, diags: &mut Diagnostics) {
    let mut colours: Vec<(String, crate::model::Rgb, crate::diag::Loc)> = Vec::new();
    for side in &job.sides {
        match &side.color {
            Some(color) => {
                if let Some(rgb) = parse_hex_color(&color.value) {
                    colours.push((format!("`{}`", side.name.value), rgb, color.loc));
                }
            }
            None => {
                let of_game = game
                    .resolve("sides", &side.name.value)
                    .and_then(|s| game.sides.iter().find(|g| g.id == s.id));
                if let Some((rgb, g)) = of_game.and_then(|g| g.color.map(|c| (c, g))) {
                    let at = g.color_loc.unwrap_or(g.loc);
                    colours.push((format!("`{}`", side.name.value), rgb, at));
                }
            }
        }
    }
    for marker in &job.markers {
        if let Some(color) = &marker.color
            && let Some(rgb) = parse_hex_color(&color.value)
        {
            colours.push((
                format!("the `{}` marker", marker.name.value),
                rgb,
                color.loc,
            ));
        }
    }
    for (whose, rgb, loc) in colours {
        let ratio = contrast([0.0; 3], rgb);
        if ratio >= MIN_CONTRAST {
            continue;
        }
        diags.push(crate::warning!(
            "low-contrast", Some(loc),
            "the counters' black text has a contrast of {ratio:.1}:1 on {whose} colour {}; \
             at least {MIN_CONTRAST}:1 reads well", hex(rgb);
            hint: "lighten the colour, e.g. color = \"{}\"", hex(lightened(rgb))
        ));
    }
}

/// The colour mixed with white just enough for black text to read on it.
fn lightened(rgb: crate::model::Rgb) -> crate::model::Rgb {
    let mut mixed = rgb;
    for step in 1..=20 {
        let t = step as f32 / 20.0;
        mixed = rgb.map(|c| c + (1.0 - c) * t);
        if contrast([0.0; 3], mixed) >= MIN_CONTRAST {
            break;
        }
    }
    mixed
}

/// "#RRGGBB".
fn hex(rgb: crate::model::Rgb) -> String {
    let byte = |c: f32| (c * 255.0).round().clamp(0.0, 255.0) as u8;
    format!(
        "#{:02X}{:02X}{:02X}",
        byte(rgb[0]),
        byte(rgb[1]),
        byte(rgb[2])
    )
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
                    diags.push(bad_color(&color.value, color.loc));
                }
            }
            None => {
                let color = game
                    .resolve("sides", &side.name.value)
                    .and_then(|s| game.sides.iter().find(|g| g.id == s.id))
                    .and_then(|s| s.color);
                if color.is_none() {
                    diags.push(crate::error!(
                        "missing-field", Some(side.name.loc),
                        "counters of `{}` have no colour", side.name.value;
                        hint: "give the side a colour in game.toml ([[sides]] color = \"#RRGGBB\"), or here: color = \"#RRGGBB\""
                    ));
                }
            }
        }
        for (unit, count) in &side.units {
            let Some(item) = units.item(&unit.value) else {
                diags.push(crate::error!(
                    "dangling-reference", Some(unit.loc),
                    "no unit `{}` in {}", unit.value, units.name;
                    hint: "units: {}", game.item_names(&units.id).join(", ")
                ));
                continue;
            };
            if !(0..=500).contains(&count.value) {
                diags.push(crate::error!(
                    "bad-value", Some(count.loc),
                    "{} counters of one unit is out of range", count.value;
                    hint: "a side has 0 to 500 counters of each unit"
                ));
                continue;
            }
            for &field in corner_fields {
                let Some(swatch) = &job.swatch else { break };
                if let Some(d) = corner_swatch_color(game, &swatch.value, units, item, field) {
                    diags.push(d);
                }
            }
        }
    }
}

/// `swatch` names a field of a collection a corner or the formation refers
/// to: a name no such collection has would draw no swatch at all.
fn check_swatch(
    game: &Game,
    job: &CounterJob,
    units: &Deck,
    corner_fields: &[usize],
    diags: &mut Diagnostics,
) {
    let Some(swatch) = &job.swatch else { return };
    let targets: Vec<&str> = corner_fields
        .iter()
        .filter_map(|&f| match &units.fields[f].kind {
            FieldKind::Ref(to) => Some(to.as_str()),
            _ => None,
        })
        .collect();
    let referred: Vec<&Deck> = targets
        .iter()
        .filter_map(|to| game.collection(to))
        .collect();
    // A collection that did not load (its own error) may be the one.
    if referred.len() < targets.len() {
        return;
    }
    if referred
        .iter()
        .any(|c| c.field_index(&swatch.value).is_some())
    {
        return;
    }
    let fields: Vec<&str> = referred
        .iter()
        .flat_map(|c| c.fields.iter().map(|f| f.name.as_str()))
        .collect();
    diags.push(crate::error!(
        "dangling-reference", Some(swatch.loc),
        "no collection the counters' corners or formation refer to has a field `{}`", swatch.value;
        hint: "{}", if fields.is_empty() {
            "the corners and the formation refer to no collection".to_string()
        } else {
            format!("their fields: {}", fields.join(", "))
        }
    ));
}

/// A corner showing a swatch (a reference to an item whose `swatch` field
/// is set) whose colour is not one.
fn corner_swatch_color(
    game: &Game,
    swatch: &str,
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
        .field_index(swatch)
        .and_then(|i| die.values.get(i))
        .and_then(|v| v.as_ref())?;
    let text = color.value.display();
    parse_hex_color(&text)
        .is_none()
        .then(|| bad_color(&text, color.loc))
}

/// A value that is not a `#RRGGBB` colour.
pub fn bad_color(value: &str, loc: crate::diag::Loc) -> Diagnostic {
    crate::error!("bad-value", Some(loc), "`{value}` is not a colour";
        hint: "write a colour as \"#RRGGBB\", e.g. \"#2F6FD0\"")
}

fn no_field(units: &Deck, name: &Located<String>) -> Diagnostic {
    crate::error!(
        "dangling-reference", Some(name.loc),
        "the collection `{}` has no field `{}`", units.id, name.value;
        hint: "{}", units.fields_hint()
    )
}
