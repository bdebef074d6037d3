//! Validate stage: a random table's rows answer every roll of its dice exactly
//! once (`table-gap`, `table-overlap`).

use crate::diag::Diagnostics;
use crate::model::{Coverage, RandomTable, check_coverage, describe_ranges};

pub fn validate_random_table(table: &RandomTable, diags: &mut Diagnostics) {
    let dice = table.dice.value;
    let rows: Vec<_> = table.rows.iter().map(|r| r.roll.value).collect();
    for row in &table.rows {
        if !(dice.min()..=dice.max()).any(|roll| row.roll.value.contains(roll)) {
            diags.push(crate::error!(
                "unreachable-row", Some(row.roll.loc),
                "{}: no roll of {dice} ({}-{}) is {}",
                table.name, dice.min(), dice.max(), row.roll.value;
                hint: "rows of a {dice} table answer rolls {} to {}", dice.min(), dice.max()
            ));
        }
    }
    for problem in check_coverage(&rows, dice.min(), dice.max()) {
        match problem {
            Coverage::Gap(rolls) => diags.push(crate::error!(
                "table-gap", Some(table.dice.loc),
                "{}: no row answers a roll of {} on {dice}", table.name, describe_ranges(&rolls);
                hint: "add a row for these rolls, or widen a neighbouring row's range"
            )),
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
                        diags.push(crate::error!(
                            "table-overlap", Some(table.rows[later].roll.loc),
                            "{}: a roll of {roll} is answered by both \"{}\" and \"{}\"",
                            table.name, first.result.value, table.rows[later].result.value;
                            hint: "each roll must fall in exactly one row"
                        ));
                    }
                }
            }
        }
    }
}
