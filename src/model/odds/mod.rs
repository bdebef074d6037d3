//! Model: the odds a game's data gives — each row of a results table for a
//! net modifier (`table_odds`; a combat results table's columns are
//! `crate::model::crt`'s), and one unit's die against another's
//! (`opposed_dice`), and an attack on a combat results table's column
//! (`crt_attack`). Exact fractions from the data; `grogpress odds`
//! prints them.

mod crt_attack;
mod opposed_dice;

pub use crt_attack::{ColumnAttack, Ground, ShiftedColumn, Shown, attack_odds};

pub use opposed_dice::{
    BonusRule, DiceCombat, HitDistribution, OpposedOdds, opposed_dice_odds, unit_ids,
};

use super::{ResultsTable, RollRange, RowOdds, row_odds};

/// The odds of every row of `table` for each net modifier in `drm`.
pub fn table_odds(table: &ResultsTable, drm: (i64, i64)) -> Vec<(i64, Vec<RowOdds>)> {
    let ranges: Vec<RollRange> = table.rows.iter().map(|r| r.roll.value).collect();
    (drm.0..=drm.1)
        .map(|net| (net, row_odds(table.dice.value, &ranges, net)))
        .collect()
}
