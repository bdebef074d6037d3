//! Model: opposed-dice combat (`[dice_combat]`) — one unit's attack die
//! rolled against another's defense die. Hits are the attack face's `hit`
//! symbols, plus its `bonus` symbols when the attacker's type has the bonus
//! against the defender's, less the defense face's `block` symbols, never
//! below 0. Which collections and fields hold the units, their dice, the
//! faces and the bonus relation is the game's declaration; this resolves
//! one attack to its exact distribution of hits, with and without the bonus.

use crate::model::{Deck, FieldKind, FieldValue, Game, Located, count_on, reduce};

/// `[dice_combat]`: where a game keeps what one attack is resolved from.
#[derive(Clone, Debug)]
pub struct DiceCombat {
    /// The units collection.
    pub units: Located<String>,
    /// The units' ref fields into the dice: the attacker's die, the defender's.
    pub attack_die: Located<String>,
    pub defense_die: Located<String>,
    /// The dice collection and its faces field.
    pub dice: Located<String>,
    pub faces: Located<String>,
    /// The faces' symbols: a hit, a blocked hit.
    pub hit: Located<String>,
    pub block: Located<String>,
    /// The bonus rule, for a game that has one.
    pub bonus: Option<BonusRule>,
}

/// A bonus hit some unit types score against another type.
#[derive(Clone, Debug)]
pub struct BonusRule {
    /// The faces' symbol for a hit only with the bonus.
    pub symbol: Located<String>,
    /// The units' ref field into their types, and the types' ref field
    /// naming the type each has the bonus against.
    pub base_type: Located<String>,
    pub bonus_against: Located<String>,
}

/// One attack: the attack die's faces against the defense die's faces. Hits
/// are the attack die's `hit` symbols (plus its `bonus` symbols when the
/// attacker has the bonus) less the defense die's `block` symbols, never below 0.
pub struct Attack<'a> {
    pub attack_faces: &'a [String],
    pub defense_faces: &'a [String],
    pub hit: &'a str,
    pub bonus: &'a str,
    pub block: &'a str,
    pub with_bonus: bool,
}

/// The exact distribution of hits: `ways[h]` of `outcomes` equally likely
/// rolls give `h` hits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HitDistribution {
    pub ways: Vec<u64>,
    pub outcomes: u64,
}

impl HitDistribution {
    /// Expected hits as a fraction (numerator, denominator), reduced.
    pub fn expected(&self) -> (u64, u64) {
        let total: u64 = self
            .ways
            .iter()
            .enumerate()
            .map(|(h, w)| h as u64 * w)
            .sum();
        reduce(total, self.outcomes)
    }
}

pub fn hit_distribution(a: &Attack<'_>) -> HitDistribution {
    let mut ways: Vec<u64> = Vec::new();
    for attack in a.attack_faces {
        let mut dealt = count_on(attack, a.hit);
        if a.with_bonus {
            dealt += count_on(attack, a.bonus);
        }
        for defense in a.defense_faces {
            let hits = dealt.saturating_sub(count_on(defense, a.block)) as usize;
            if ways.len() <= hits {
                ways.resize(hits + 1, 0);
            }
            ways[hits] += 1;
        }
    }
    HitDistribution {
        ways,
        outcomes: (a.attack_faces.len() * a.defense_faces.len()) as u64,
    }
}

/// One side of an attack, as the data gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fighter {
    /// The unit's name.
    pub name: String,
    /// Its type's name.
    pub base_type: String,
    /// The name of the die it rolls here.
    pub die: String,
    pub faces: Vec<String>,
}

/// One unit attacking another: both sides, whether the bonus applies, and
/// the distribution of hits without and with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpposedOdds {
    pub attacker: Fighter,
    pub defender: Fighter,
    /// The name of the type the attacker's type has the bonus against
    /// (None: against no type).
    pub beats: Option<String>,
    pub bonus_applies: bool,
    pub without: HitDistribution,
    pub with: HitDistribution,
}

/// `attacker` (a unit's id, name or alias, or its id or name in any
/// capitals) attacking `defender`. `Err` says what the data does not hold
/// (a unit not there, a die without faces): `check` reports the data's
/// faults, so these meet only a unit named on the command line.
pub fn opposed_dice_odds(
    game: &Game,
    combat: &DiceCombat,
    attacker: &str,
    defender: &str,
) -> Result<OpposedOdds, String> {
    let units = collection(game, &combat.units.value)?;
    let attacker = fighter(game, combat, units, attacker, &combat.attack_die.value)?;
    let defender = fighter(game, combat, units, defender, &combat.defense_die.value)?;
    let beats = match &combat.bonus {
        Some(rule) => {
            let types = types_of(units, &rule.base_type.value)?;
            type_item(game, &types, &attacker.1)?
                .and_then(|(deck, card)| deck.get(card, &rule.bonus_against.value))
                .and_then(|b| game.resolve(&types, &b))
                .map(|b| (b, game.resolve(&types, &defender.1)))
        }
        None => None,
    };
    let bonus_applies = beats
        .as_ref()
        .is_some_and(|(b, target)| Some(b) == target.as_ref());
    let beats = beats.map(|(b, _)| b);
    let (attacker, defender) = (attacker.0, defender.0);
    let attack = |with_bonus| {
        hit_distribution(&Attack {
            attack_faces: &attacker.faces,
            defense_faces: &defender.faces,
            hit: &combat.hit.value,
            bonus: combat
                .bonus
                .as_ref()
                .map_or("", |b| b.symbol.value.as_str()),
            block: &combat.block.value,
            with_bonus,
        })
    };
    let (without, with) = (attack(false), attack(true));
    Ok(OpposedOdds {
        beats: beats.map(|b| b.name),
        bonus_applies,
        without,
        with,
        attacker,
        defender,
    })
}

/// The ids of the units an attack may name, in the data's order.
pub fn unit_ids(game: &Game, combat: &DiceCombat) -> Vec<String> {
    game.collection(&combat.units.value)
        .map_or_else(Vec::new, |u| {
            u.cards.iter().map(|c| u.item_ref(c).id).collect()
        })
}

fn collection<'g>(game: &'g Game, id: &str) -> Result<&'g Deck, String> {
    game.collection(id)
        .ok_or_else(|| format!("no collection `{id}`"))
}

/// The collection the units' type field refers to.
fn types_of(units: &Deck, field: &str) -> Result<String, String> {
    match units.field_index(field).map(|i| &units.fields[i].kind) {
        Some(FieldKind::Ref(to)) => Ok(to.clone()),
        _ => Err(format!("`{}`.`{field}` is not a ref field", units.id)),
    }
}

/// The type item a unit's type value names, if the types collection has it.
fn type_item<'g>(
    game: &'g Game,
    types: &str,
    value: &str,
) -> Result<Option<(&'g Deck, &'g crate::model::Card)>, String> {
    let deck = collection(game, types)?;
    Ok(deck.item(value).map(|card| (deck, card)))
}

/// A unit by what the command line names it, its die by `die_field`: the
/// fighter and its type's value as written.
fn fighter(
    game: &Game,
    combat: &DiceCombat,
    units: &Deck,
    unit: &str,
    die_field: &str,
) -> Result<(Fighter, String), String> {
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
                unit_ids(game, combat).join(", ")
            )
        })?;
    let name = units.item_ref(card).name;
    let field = |f: &str| {
        units
            .get(card, f)
            .ok_or_else(|| format!("{name} has no `{f}`"))
    };
    let base_type = match &combat.bonus {
        Some(rule) => field(&rule.base_type.value)?,
        None => String::new(),
    };
    let die = field(die_field)?;
    let dice = collection(game, &combat.dice.value)?;
    let die_card = dice
        .item(&die)
        .ok_or_else(|| format!("{name}'s `{die_field}` names no die `{die}`"))?;
    let faces_at = dice
        .field_index(&combat.faces.value)
        .ok_or_else(|| format!("`{}` declares no field `{}`", dice.id, combat.faces.value))?;
    let faces = match die_card
        .values
        .get(faces_at)
        .and_then(|v| v.as_ref())
        .map(|v| &v.value)
    {
        Some(FieldValue::List(faces)) => faces.iter().map(|f| f.value.clone()).collect(),
        _ => return Err(format!("die `{die}` has no faces")),
    };
    let shown = match &combat.bonus {
        Some(rule) => game
            .resolve(&types_of(units, &rule.base_type.value)?, &base_type)
            .map_or_else(|| base_type.clone(), |r| r.name),
        None => String::new(),
    };
    Ok((
        Fighter {
            name,
            base_type: shown,
            die: dice.item_ref(die_card).name,
            faces,
        },
        base_type,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn faces(f: &[&str]) -> Vec<String> {
        f.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn two_dice_by_hand() {
        // Attack: blank, sword, sword burst. Defense: blank, shield.
        let attack = faces(&["", "sword", "sword burst"]);
        let defense = faces(&["", "shield"]);
        let mut a = Attack {
            attack_faces: &attack,
            defense_faces: &defense,
            hit: "sword",
            bonus: "burst",
            block: "shield",
            with_bonus: false,
        };
        // Without bonus: hits 0 (blank x2, sword-shield x2), 1 (sword-blank x2).
        assert_eq!(
            hit_distribution(&a),
            HitDistribution {
                ways: vec![4, 2],
                outcomes: 6
            }
        );
        a.with_bonus = true;
        // With: sword burst gives 2 vs blank, 1 vs shield.
        let d = hit_distribution(&a);
        assert_eq!(d.ways, vec![3, 2, 1]);
        assert_eq!(d.expected(), (2, 3));
    }
}
