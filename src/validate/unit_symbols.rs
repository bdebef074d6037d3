//! Validate stage, unit symbols: from a game's `[publish.counters]` and its
//! units collection to diagnostics — the `symbol` and `echelon` keys must
//! name fields of the units, and every unit's value there must be functions
//! and an echelon the symbols know (`unknown-function`, `unknown-echelon`,
//! at the unit's value), at most four functions (`limit-exceeded`).

use crate::diag::{Diagnostic, Diagnostics};
use crate::model::nato::{Echelon, Function, FunctionsError, MAX_FUNCTIONS};
use crate::model::{Deck, Game, Located};

pub fn check_unit_symbols(game: &Game, diags: &mut Diagnostics) {
    let Some(job) = &game.publish.counters else {
        return;
    };
    // A units collection that does not exist is reported with the job.
    let Some(units) = game.collection(&job.units.value) else {
        return;
    };
    if let Some(field) = field_of(units, job.symbol.as_ref(), diags) {
        check_values(units, field, diags, |text| match Function::list(text) {
            Ok(_) => None,
            Err(FunctionsError::TooMany(n)) => Some(crate::error!(
                "limit-exceeded", None, "a symbol of {n} functions is past the {MAX_FUNCTIONS} one symbol shows";
                hint: "join at most {MAX_FUNCTIONS} functions with +, e.g. armour+reconnaissance"
            )),
            Err(FunctionsError::Unknown(name)) => Some(crate::error!(
                "unknown-function", None, "`{name}` is not a unit function a symbol can show";
                hint: "functions: {} (join several with +, e.g. armour+reconnaissance)",
                Function::NAMES.join(", ")
            )),
        });
    }
    if let Some(field) = field_of(units, job.echelon.as_ref(), diags) {
        check_values(units, field, diags, |text| {
            Echelon::named(text).is_none().then(|| {
                crate::error!(
                    "unknown-echelon", None, "`{text}` is not an echelon a symbol can mark";
                    hint: "echelons: {}", Echelon::NAMES.join(", ")
                )
            })
        });
    }
}

/// The index of the units' field a key names, if it names one (else a
/// `dangling-reference` at the key).
fn field_of(units: &Deck, key: Option<&Located<String>>, diags: &mut Diagnostics) -> Option<usize> {
    let key = key?;
    let field = units.field_index(&key.value);
    if field.is_none() {
        diags.push(units.no_field(key));
    }
    field
}

/// `problem` of each unit's text in `field` (an empty or absent value draws
/// no symbol and is no problem), placed at that value.
fn check_values(
    units: &Deck,
    field: usize,
    diags: &mut Diagnostics,
    problem: impl Fn(&str) -> Option<Diagnostic>,
) {
    for unit in &units.cards {
        let Some(value) = unit.values.get(field).and_then(|v| v.as_ref()) else {
            continue;
        };
        let text = value.value.display();
        if text.trim().is_empty() {
            continue;
        }
        if let Some(mut d) = problem(&text) {
            d.loc = Some(value.loc);
            diags.push(d);
        }
    }
}
