//! Validate stage: the columns of a combat results table — odds rising
//! left to right with none twice, every differential in exactly one column
//! (a located `table-gap` or `table-overlap` naming the differentials), and
//! the results past the ends in the legend.

use crate::diag::Diagnostics;
use crate::model::crt::{ColumnKind, CombatColumns, PastEnd};
use crate::model::{Coverage, ResultsTable, RollRange, check_coverage};

pub fn check_columns(t: &ResultsTable, combat: &CombatColumns, diags: &mut Diagnostics) {
    match &combat.kind {
        ColumnKind::Odds { ratios, .. } => check_odds(t, ratios, diags),
        ColumnKind::Differential { ranges } => check_differentials(t, ranges, diags),
    }
    for past in [&combat.below, &combat.above] {
        let PastEnd::Result(code) = past else {
            continue;
        };
        let plain = crate::text::plain_text(&code.value);
        for c in t.codes(&plain) {
            if !t.legend.iter().any(|e| e.matches(c)) {
                diags.push(
                    crate::error!(
                        "undefined-result-code", Some(code.loc),
                        "table `{}`: result code `{c}` is not in the legend", t.id.value;
                        hint: "define it in the legend, or write \"first\"/\"last\" to resolve such attacks on the end column"
                    ),
                );
            }
        }
    }
}

/// Odds rise left to right, each once: every ratio then falls in one column.
fn check_odds(t: &ResultsTable, ratios: &[crate::model::crt::Ratio], diags: &mut Diagnostics) {
    for (i, pair) in ratios.windows(2).enumerate() {
        let (before, after) = (pair[0], pair[1]);
        let at = t.columns[i + 1].loc;
        match before.cmp_value(after) {
            std::cmp::Ordering::Less => {}
            std::cmp::Ordering::Equal => diags.push(crate::error!(
                "table-overlap", Some(at),
                "table `{}`: odds {after} have two columns (\"{}\" and \"{}\")",
                t.id.value, t.columns[i].value, t.columns[i + 1].value;
                hint: "each odds ratio must fall in exactly one column; remove one"
            )),
            std::cmp::Ordering::Greater => diags.push(crate::error!(
                "bad-value", Some(at),
                "table `{}`: odds {after} come after {before}; odds columns rise left to right",
                t.id.value;
                hint: "order the columns from the lowest odds to the highest, e.g. 1:2, 1:1, 2:1"
            )),
        }
    }
}

/// Every differential from the lowest to the highest the columns name falls
/// in exactly one column, and the columns rise left to right.
fn check_differentials(t: &ResultsTable, ranges: &[RollRange], diags: &mut Diagnostics) {
    let bounds = ranges.iter().flat_map(|r| [r.low, r.high]).flatten();
    let (Some(low), Some(high)) = (bounds.clone().min(), bounds.max()) else {
        return;
    };
    let column_of = |n: i64| ranges.iter().position(|r| r.contains(n));
    for problem in check_coverage(ranges, low, high) {
        match problem {
            Coverage::Gap(found) => {
                let gap = found.first().copied().unwrap_or((low, low));
                let next = gap.1.checked_add(1).and_then(column_of).unwrap_or(0);
                diags.push(
                    crate::error!(
                        "table-gap", Some(t.columns[next].loc),
                        "table `{}`: no column for differential{} {}",
                        t.id.value, if Coverage::count(&found) == 1 { "" } else { "s" }, signed_ranges(&found);
                        hint: "every differential between the first column and the last needs exactly one column"
                    ),
                );
            }
            Coverage::Overlap(list) => {
                let found: Vec<(i64, i64)> = list.iter().map(|(range, _)| *range).collect();
                let columns = &list[0].1;
                let second = columns.get(1).copied().unwrap_or(0);
                let names: Vec<String> = columns
                    .iter()
                    .map(|&i| format!("\"{}\"", t.columns[i].value))
                    .collect();
                diags.push(crate::error!(
                    "table-overlap", Some(t.columns[second].loc),
                    "table `{}`: differential{} {} in more than one column ({})",
                    t.id.value,
                    if Coverage::count(&found) == 1 { "" } else { "s" },
                    signed_ranges(&found),
                    names.join(" and ");
                    hint: "each differential must fall in exactly one column"
                ));
            }
        }
    }
    for (i, pair) in ranges.windows(2).enumerate() {
        let (before, after) = (pair[0], pair[1]);
        if let (Some(b), Some(a)) = (before.low.or(before.high), after.low.or(after.high))
            && a < b
        {
            diags.push(
                crate::error!(
                    "bad-value", Some(t.columns[i + 1].loc),
                    "table `{}`: column \"{}\" comes after \"{}\"; differential columns rise left to right",
                    t.id.value, t.columns[i + 1].value, t.columns[i].value;
                    hint: "order the columns from the lowest differential to the highest"
                ),
            );
        }
    }
}

/// "+1", "-3 to -2": differentials with their signs (the first dozen).
fn signed_ranges(found: &[(i64, i64)]) -> String {
    let mut parts: Vec<String> = found
        .iter()
        .take(12)
        .map(|&(a, b)| {
            if a == b {
                signed(a)
            } else {
                format!("{} to {}", signed(a), signed(b))
            }
        })
        .collect();
    if found.len() > 12 {
        parts.push("...".to_string());
    }
    parts.join(", ")
}

/// "+2", "-1", "0".
fn signed(n: i64) -> String {
    if n == 0 {
        "0".to_string()
    } else {
        format!("{n:+}")
    }
}
