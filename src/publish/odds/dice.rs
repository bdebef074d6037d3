//! Publish: `odds <game> <attacker> <defender>` for games whose units roll
//! custom dice (`[dice_combat]` in game.toml): the exact distribution of
//! hits for one attack, with and without the attack bonus, as
//! `model::odds::opposed_dice` resolves it from the dice faces.

use std::fmt::Write as _;

use crate::load::OpError;
use crate::model::odds::unit_ids;
use crate::model::{DiceCombat, Game, HitDistribution, OpposedOdds, opposed_dice_odds, reduce};
use crate::text::Words;

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
    let w = &game.words;
    let mut out = String::new();
    out.push_str(&attack_line(game, &odds));
    let applies = if bonus {
        &w.odds_applies
    } else {
        &w.odds_does_not_apply
    };
    let _ = writeln!(
        out,
        "{}",
        Words::fill(
            &w.odds_bonus,
            &[
                ("attacker", &a.name),
                ("type", &a.base_type),
                ("beats", odds.beats.as_deref().unwrap_or(&w.odds_nothing)),
                ("defender", &d.name),
                ("defender_type", &d.base_type),
                ("applies", applies),
            ],
        )
    );
    let _ = writeln!(
        out,
        "{}\n",
        Words::fill(
            &w.odds_hits_bonus,
            &[
                ("hit", &combat.hit.value),
                ("bonus", &rule.symbol.value),
                ("block", &combat.block.value),
                ("n", &without.outcomes.to_string()),
            ],
        )
    );
    let mark = |applies: bool| if applies { " *" } else { "" };
    let without_head = format!("{}{}", w.odds_without_bonus, mark(!bonus));
    let head = format!(
        "{:>4}  {without_head:<24}  {}{}",
        w.odds_hits_head,
        w.odds_with_bonus,
        mark(bonus)
    );
    let _ = writeln!(out, "{}", head.trim_end());
    let rows = without.ways.len().max(with.ways.len());
    for h in 0..rows {
        let line = format!("{h:>4}  {:<24}  {}", cell(without, h, w), cell(with, h, w));
        let _ = writeln!(out, "{}", line.trim_end());
    }
    let line = format!(
        "{:>4}  {:<24}  {}",
        w.odds_mean,
        mean(without, w),
        mean(with, w)
    );
    let _ = writeln!(out, "{}", line.trim_end());
    let _ = writeln!(out, "\n* {}", w.odds_applies_note);
    Ok(out)
}

/// The report for a game without a bonus rule: one distribution.
fn plain_report(game: &Game, combat: &DiceCombat, odds: &OpposedOdds) -> String {
    let hits = &odds.without;
    let w = &game.words;
    let mut out = String::new();
    out.push_str(&attack_line(game, odds));
    let _ = writeln!(
        out,
        "{}\n",
        Words::fill(
            &w.odds_hits,
            &[
                ("hit", &combat.hit.value),
                ("block", &combat.block.value),
                ("n", &hits.outcomes.to_string()),
            ],
        )
    );
    let _ = writeln!(out, "{:>4}  {}", w.odds_hits_head, w.odds_chance);
    for h in 0..hits.ways.len() {
        let _ = writeln!(out, "{h:>4}  {}", cell(hits, h, w).trim_end());
    }
    let _ = writeln!(out, "{:>4}  {}", w.odds_mean, mean(hits, w).trim_end());
    out
}

/// "7/36  19.44%" for h hits.
fn cell(d: &HitDistribution, h: usize, words: &Words) -> String {
    let ways = d.ways.get(h).copied().unwrap_or(0);
    let fraction = match reduce(ways, d.outcomes) {
        (0, _) => "0".to_string(),
        (n, m) => format!("{n}/{m}"),
    };
    let pct = 100.0 * ways as f64 / d.outcomes.max(1) as f64;
    format!("{fraction:<7} {:>6}%", words.number(&format!("{pct:.2}")))
}

fn mean(d: &HitDistribution, words: &Words) -> String {
    let (n, m) = d.expected();
    format!(
        "{:<7} {:>6}",
        format!("{n}/{m}"),
        words.number(&format!("{:.3}", n as f64 / m.max(1) as f64))
    )
}

/// The report's first line: who attacks whom, with which dice.
fn attack_line(game: &Game, odds: &OpposedOdds) -> String {
    let (a, d) = (&odds.attacker, &odds.defender);
    let line = Words::fill(
        &game.words.odds_attacks,
        &[
            ("attacker", &a.name),
            ("attack_die", &a.die),
            ("defender", &d.name),
            ("defense_die", &d.die),
        ],
    );
    format!("{}: {line}\n", game.name)
}
