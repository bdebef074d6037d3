//! Validate stage: a random table's rows answer every roll of its dice exactly
//! once (`table-gap`, `table-overlap`).

use crate::diag::{Diagnostic, Diagnostics};
use crate::model::{Coverage, RandomTable, check_coverage, describe_ranges};

pub fn validate_random_table(table: &RandomTable, diags: &mut Diagnostics) {
    let dice = table.dice.value;
    let rows: Vec<_> = table.rows.iter().map(|r| r.roll.value).collect();
    for row in &table.rows {
        if !(dice.min()..=dice.max()).any(|roll| row.roll.value.contains(roll)) {
            diags.push(
                Diagnostic::error(
                    "unreachable-row",
                    format!(
                        "{}: no roll of {dice} ({}-{}) is {}",
                        table.name,
                        dice.min(),
                        dice.max(),
                        row.roll.value
                    ),
                    Some(row.roll.loc.clone()),
                )
                .with_hint(format!(
                    "rows of a {dice} table answer rolls {} to {}",
                    dice.min(),
                    dice.max()
                )),
            );
        }
    }
    for problem in check_coverage(&rows, dice.min(), dice.max()) {
        match problem {
            Coverage::Gap(rolls) => diags.push(
                Diagnostic::error(
                    "table-gap",
                    format!(
                        "{}: no row answers a roll of {} on {dice}",
                        table.name,
                        describe_ranges(&rolls)
                    ),
                    Some(table.dice.loc.clone()),
                )
                .with_hint("add a row for these rolls, or widen a neighbouring row's range"),
            ),
            Coverage::Overlap(overlaps) => {
                // One diagnostic per row that repeats a roll an earlier row answers.
                let mut reported = Vec::new();
                for ((roll, _), hits) in overlaps {
                    for &later in &hits[1..] {
                        if reported.contains(&later) {
                            continue;
                        }
                        reported.push(later);
                        let first = &table.rows[hits[0]];
                        diags.push(
                            Diagnostic::error(
                                "table-overlap",
                                format!(
                                    "{}: a roll of {roll} is answered by both \"{}\" and \"{}\"",
                                    table.name, first.result.value, table.rows[later].result.value
                                ),
                                Some(table.rows[later].roll.loc.clone()),
                            )
                            .with_hint("each roll must fall in exactly one row"),
                        );
                    }
                }
            }
        }
    }
}
