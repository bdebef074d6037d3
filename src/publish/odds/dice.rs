//! Publish: `odds <game> <attacker> <defender>` for games whose units roll
//! custom dice (`[dice_combat]` in game.toml): the exact distribution of
//! hits for one attack, with and without the attack bonus, as
//! `model::odds::opposed_dice` resolves it from the dice faces.

use std::fmt::Write as _;

use crate::load::OpError;
use crate::model::odds::unit_ids;
use crate::model::{DiceCombat, Game, HitDistribution, OpposedOdds, opposed_dice_odds, reduce};

/// The report of one attack between the two unit types `units` names.
pub(super) fn report(game: &Game, units: &[String]) -> Result<String, OpError> {
    let [attacker, defender] = units else {
        return Err(OpError::new(format!(
            "odds {} takes two unit types, the attacker and the defender (e.g. `grogpress odds {} {}`)",
            game.id,
            game.id,
            game.dice_combat
                .as_ref()
                .map_or_else(Vec::new, |c| unit_ids(game, c))
                .into_iter()
                .take(2)
                .collect::<Vec<_>>()
                .join(" ")
        )));
    };
    odds_report(game, attacker, defender).map_err(OpError::new)
}

/// The report `odds` prints: both distributions and which one applies.
fn odds_report(game: &Game, attacker: &str, defender: &str) -> Result<String, String> {
    let combat = game.dice_combat.as_ref().ok_or_else(|| {
        format!(
            "{} declares no [dice_combat]: `odds` for it needs a units and dice combat model",
            game.name
        )
    })?;
    let odds = opposed_dice_odds(game, combat, attacker, defender)?;
    let Some(rule) = &combat.bonus else {
        return Ok(plain_report(game, combat, &odds));
    };
    let (a, d) = (&odds.attacker, &odds.defender);
    let (without, with) = (&odds.without, &odds.with);
    let bonus = odds.bonus_applies;
    let mut out = String::new();
    out.push_str(&attack_line(game, &odds));
    let _ = writeln!(
        out,
        "{} ({}) has the attack bonus against {}; {} is {}: the bonus {}.",
        a.name,
        a.base_type,
        odds.beats.as_deref().unwrap_or("nothing"),
        d.name,
        d.base_type,
        if bonus { "applies" } else { "does not apply" }
    );
    let _ = writeln!(
        out,
        "Hits = {} (+ {} with the bonus) - {}, at least 0; {} equally likely rolls.\n",
        combat.hit.value, rule.symbol.value, combat.block.value, without.outcomes
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
        let line = format!("{h:>4}  {:<24}  {}", cell(without, h), cell(with, h));
        let _ = writeln!(out, "{}", line.trim_end());
    }
    let line = format!("{:>4}  {:<24}  {}", "mean", mean(without), mean(with));
    let _ = writeln!(out, "{}", line.trim_end());
    let _ = writeln!(out, "\n* applies to this attack");
    Ok(out)
}

/// The report for a game without a bonus rule: one distribution.
fn plain_report(game: &Game, combat: &DiceCombat, odds: &OpposedOdds) -> String {
    let hits = &odds.without;
    let mut out = String::new();
    out.push_str(&attack_line(game, odds));
    let _ = writeln!(
        out,
        "Hits = {} - {}, at least 0; {} equally likely rolls.\n",
        combat.hit.value, combat.block.value, hits.outcomes
    );
    let _ = writeln!(out, "{:>4}  chance", "hits");
    for h in 0..hits.ways.len() {
        let _ = writeln!(out, "{h:>4}  {}", cell(hits, h).trim_end());
    }
    let _ = writeln!(out, "{:>4}  {}", "mean", mean(hits).trim_end());
    out
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

/// The report's first line: who attacks whom, with which dice.
fn attack_line(game: &Game, odds: &OpposedOdds) -> String {
    let (a, d) = (&odds.attacker, &odds.defender);
    format!(
        "{}: {} ({} attack die) attacks {} ({} defense die)\n",
        game.name, a.name, a.die, d.name, d.die
    )
}
