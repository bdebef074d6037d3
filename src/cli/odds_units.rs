//! CLI: `grogpress odds <game> <attacker> <defender>` for games whose units
//! roll custom dice (`[dice_combat]` in game.toml, e.g. Grid Battles): the
//! exact distribution of hits for one attack, with and without the attack
//! bonus, computed from the dice faces.

use std::fmt::Write as _;

use super::{Format, report};
use crate::diag::{Diagnostics, Sources};
use crate::load::{OpError, Root};
use crate::model::{
    Attack, Deck, DiceCombat, FieldValue, Game, HitDistribution, hit_distribution, reduce,
};

/// Whether `odds <game> ...` is this module's: the game declares
/// `[dice_combat]`. (Other odds — results tables — are another module's; the
/// `odds` subcommand dispatches on this.)
pub fn applies(root: &Root, game: &str) -> bool {
    let Ok(dir) = root.resolve_game(game) else {
        return false;
    };
    let mut sources = Sources::default();
    let mut diags = Diagnostics::default();
    matches!(
        crate::load::load_game(&dir, &mut sources, &mut diags),
        Ok(Some(g)) if g.dice_combat.is_some()
    )
}

/// Loads and checks the game, then prints the odds. Ok(false) when the data has errors.
pub fn run(root: &Root, game: &str, units: &[String], format: Format) -> Result<bool, OpError> {
    let dir = root.resolve_game(game)?;
    let mut sources = Sources::default();
    let mut diags = Diagnostics::default();
    let loaded = crate::load::load_game(&dir, &mut sources, &mut diags)?;
    if let Some(g) = &loaded {
        diags.extend(crate::validate::validate(g));
    }
    if !report(&mut diags, &sources, format, None) {
        return Ok(false);
    }
    let Some(game) = loaded else { return Ok(false) };
    let [attacker, defender] = units else {
        return Err(OpError::new(format!(
            "odds {} takes two unit types, the attacker and the defender (e.g. `grogpress odds {} {}`)",
            game.id,
            game.id,
            unit_names(&game)
                .into_iter()
                .take(2)
                .collect::<Vec<_>>()
                .join(" ")
        )));
    };
    let text = odds_report(&game, attacker, defender).map_err(OpError::new)?;
    print!("{text}");
    Ok(true)
}

fn unit_names(game: &Game) -> Vec<String> {
    game.dice_combat
        .as_ref()
        .and_then(|c| game.collection(&c.units.value))
        .map_or_else(Vec::new, |u| {
            u.cards.iter().map(|c| u.item_ref(c).id).collect()
        })
}

/// One side of the attack, resolved from the data.
struct Fighter<'g> {
    name: String,
    base_type: String,
    die_name: String,
    faces: Vec<String>,
    _units: &'g Deck,
}

/// The report `odds` prints: both distributions and which one applies.
pub fn odds_report(game: &Game, attacker: &str, defender: &str) -> Result<String, String> {
    let combat = game.dice_combat.as_ref().ok_or_else(|| {
        format!(
            "{} declares no [dice_combat]: `odds` for it needs a units and dice combat model",
            game.name
        )
    })?;
    let a = fighter(game, combat, attacker, &combat.attack_die.value)?;
    let d = fighter(game, combat, defender, &combat.defense_die.value)?;
    let (bonus, beats) = has_bonus(game, combat, &a.base_type, &d.base_type)?;
    let attack = |with_bonus| {
        hit_distribution(&Attack {
            attack_faces: &a.faces,
            defense_faces: &d.faces,
            hit: &combat.hit.value,
            bonus: &combat.bonus.value,
            block: &combat.block.value,
            with_bonus,
        })
    };
    let (without, with) = (attack(false), attack(true));
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {} ({} attack die) attacks {} ({} defense die)",
        game.name, a.name, a.die_name, d.name, d.die_name
    );
    let _ = writeln!(
        out,
        "{} ({}) has the attack bonus against {}; {} is {}: the bonus {}.",
        a.name,
        a.base_type,
        beats,
        d.name,
        d.base_type,
        if bonus { "applies" } else { "does not apply" }
    );
    let _ = writeln!(
        out,
        "Hits = {} (+ {} with the bonus) - {}, at least 0; {} equally likely rolls.\n",
        combat.hit.value, combat.bonus.value, combat.block.value, without.outcomes
    );
    let mark = |applies: bool| if applies { " *" } else { "" };
    let without_head = format!("without bonus{}", mark(!bonus));
    let head = format!(
        "{:>4}  {without_head:<24}  with bonus{}",
        "hits",
        mark(bonus)
    );
    let _ = writeln!(out, "{}", head.trim_end());
    let rows = without.ways.len().max(with.ways.len());
    for h in 0..rows {
        let line = format!("{h:>4}  {:<24}  {}", cell(&without, h), cell(&with, h));
        let _ = writeln!(out, "{}", line.trim_end());
    }
    let line = format!("{:>4}  {:<24}  {}", "mean", mean(&without), mean(&with));
    let _ = writeln!(out, "{}", line.trim_end());
    let _ = writeln!(out, "\n* applies to this attack");
    Ok(out)
}

/// "7/36  19.44%" for h hits.
fn cell(d: &HitDistribution, h: usize) -> String {
    let ways = d.ways.get(h).copied().unwrap_or(0);
    let fraction = match reduce(ways, d.outcomes) {
        (0, _) => "0".to_string(),
        (n, m) => format!("{n}/{m}"),
    };
    let pct = 100.0 * ways as f64 / d.outcomes.max(1) as f64;
    format!("{fraction:<7} {pct:>6.2}%")
}

fn mean(d: &HitDistribution) -> String {
    let (n, m) = d.expected();
    format!(
        "{:<7} {:>6.3}",
        format!("{n}/{m}"),
        n as f64 / m.max(1) as f64
    )
}

fn fighter<'g>(
    game: &'g Game,
    combat: &DiceCombat,
    unit: &str,
    die_field: &str,
) -> Result<Fighter<'g>, String> {
    let units = game
        .collection(&combat.units.value)
        .ok_or_else(|| format!("no collection `{}`", combat.units.value))?;
    let card = units
        .item(unit)
        .or_else(|| {
            units.cards.iter().find(|c| {
                let r = units.item_ref(c);
                r.id.eq_ignore_ascii_case(unit) || r.name.eq_ignore_ascii_case(unit)
            })
        })
        .ok_or_else(|| {
            format!(
                "{} has no unit type `{unit}`; unit types: {}",
                game.name,
                unit_names(game).join(", ")
            )
        })?;
    let name = units.item_ref(card).name;
    let field = |f: &str| {
        units
            .get(card, f)
            .ok_or_else(|| format!("{name} has no `{f}`"))
    };
    let base_type = field(&combat.base_type.value)?;
    let die = field(die_field)?;
    let dice = game
        .collection(&combat.dice.value)
        .ok_or_else(|| format!("no collection `{}`", combat.dice.value))?;
    let die_card = dice
        .item(&die)
        .ok_or_else(|| format!("{name}'s `{die_field}` names no die `{die}`"))?;
    let faces_at = dice
        .field_index(&combat.faces.value)
        .ok_or_else(|| format!("`{}` declares no field `{}`", dice.id, combat.faces.value))?;
    let faces = match die_card.values.get(faces_at).and_then(|v| v.as_ref()) {
        Some(v) => match &v.value {
            FieldValue::List(faces) => faces.iter().map(|f| f.value.clone()).collect(),
            _ => return Err(format!("die `{die}` has no faces")),
        },
        None => return Err(format!("die `{die}` has no faces")),
    };
    let base = game
        .resolve(
            &combat_base_collection(units, &combat.base_type.value)?,
            &base_type,
        )
        .map_or(base_type, |r| r.name);
    Ok(Fighter {
        name,
        base_type: base,
        die_name: dice.item_ref(die_card).name,
        faces,
        _units: units,
    })
}

/// The collection the units' base-type field refers to.
fn combat_base_collection(units: &Deck, field: &str) -> Result<String, String> {
    match units.field_index(field).map(|i| &units.fields[i].kind) {
        Some(crate::model::FieldKind::Ref(to)) => Ok(to.clone()),
        _ => Err(format!("`{}`.`{field}` is not a ref field", units.id)),
    }
}

/// Whether a unit of base type `a` has the bonus against base type `d`, and
/// the name of the base type `a` beats.
fn has_bonus(game: &Game, combat: &DiceCombat, a: &str, d: &str) -> Result<(bool, String), String> {
    let units = game
        .collection(&combat.units.value)
        .ok_or_else(|| format!("no collection `{}`", combat.units.value))?;
    let to = combat_base_collection(units, &combat.base_type.value)?;
    let bases = game
        .collection(&to)
        .ok_or_else(|| format!("no collection `{to}`"))?;
    let base = bases.item(a).ok_or_else(|| format!("no base type `{a}`"))?;
    let beats = bases
        .get(base, &combat.bonus_against.value)
        .unwrap_or_default();
    let beaten = game.resolve(&to, &beats);
    let target = game.resolve(&to, d);
    let name = beaten
        .as_ref()
        .map_or_else(|| "nothing".to_string(), |b| b.name.clone());
    Ok((beaten.is_some() && beaten == target, name))
}
