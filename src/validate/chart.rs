//! Validate stage: checks a game's charts — every roll a results table can
//! receive answered exactly once, result codes against the legend, die
//! ranges on their dice, matrix cells against declared symbols, "use only
//! one" groups, modifier values, checklist actors and step references.

use std::collections::HashMap;

use crate::diag::{Diagnostics, Loc};
use crate::model::{
    BlockKind, CellCodes, Chart, Checklist, Coverage, Located, Lookup, Matrix, ModEntry, ModValue,
    ModifierList, Numbering, RangeTable, ResultsTable, RollRange, Step, check_coverage,
    describe_ranges,
};
use crate::text::plain_text;

/// An aid's `table` block names a chart block of the game: else a located
/// `dangling-reference` listing the ids there are.
pub fn check_aid_tables(game: &crate::model::Game, diags: &mut Diagnostics) {
    let ids: Vec<&str> = game
        .charts
        .iter()
        .flat_map(|c| &c.blocks)
        .filter_map(|b| crate::model::block_id_title(b).map(|(id, _)| id))
        .collect();
    for aid in &game.aids {
        for block in &aid.blocks {
            let crate::model::AidBlock::Table(id) = block else {
                continue;
            };
            if !ids.contains(&id.value.as_str()) {
                diags.push(
                    crate::error!(
                        "dangling-reference",
                        Some(id.loc),
                        "the aid's table `{}` is no chart block of the game",
                        id.value
                    )
                    .with_hint(if ids.is_empty() {
                        "the game has no charts ([[charts]] in game.toml)".to_string()
                    } else {
                        format!("chart blocks: {}", ids.join(", "))
                    }),
                );
            }
        }
    }
}

/// A chart's or block's `rule` ("5.1", "5.3 & 5.4", "5.1b") names rules of
/// the game's rulebook when the rulebook is numbered (`rule_numbers`, or
/// headings numbered by hand, "9.9 Retreat"): each number that is no
/// heading's is an `unknown-rule-number` at the value. A game whose rules are
/// not numbered refers to a rulebook printed elsewhere, and is not checked.
pub fn check_chart_rules(game: &crate::model::Game, diags: &mut Diagnostics) {
    let rules = rule_numbers_of(game);
    if rules.is_empty() {
        return;
    }
    let refs = game.charts.iter().flat_map(|c| {
        c.rule
            .iter()
            .chain(c.blocks.iter().filter_map(crate::model::block_rule))
    });
    for rule in refs {
        for number in rule_numbers_in(&rule.value) {
            if rules.contains(&number) || rules.contains(&format!("{number}.0")) {
                continue;
            }
            let mut near: Vec<&str> = rules
                .iter()
                .filter(|r| r.split('.').next() == number.split('.').next())
                .map(String::as_str)
                .collect();
            if near.is_empty() {
                near = rules.iter().map(String::as_str).collect();
            }
            near.sort_by(|a, b| compare_numbers(a, b));
            near.truncate(12);
            diags.push(crate::error!(
                "unknown-rule-number", Some(rule.loc),
                "`rule = \"{}\"` names rule {number}, which the rules do not have",
                rule.value.chars().take(60).filter(|c| !c.is_control()).collect::<String>();
                hint: "the rules' numbers include {}", near.join(", ")
            ));
        }
    }
}

/// Every rule number of the game's rulebook: the headings' numbers where
/// `rule_numbers` numbers them, and a number a heading's text starts with
/// ("9.9 Retreat"). Empty when the rules are not numbered.
fn rule_numbers_of(game: &crate::model::Game) -> std::collections::HashSet<String> {
    let book = crate::model::xref::RuleBook::new(
        game.rules.iter().map(|p| &p.doc),
        game.publish.options.rule_numbers,
    );
    let mut numbers: std::collections::HashSet<String> =
        book.numbers.iter().flatten().flatten().cloned().collect();
    for heading in book.pages.iter().flatten() {
        let first = heading.text.split_whitespace().next().unwrap_or_default();
        if let Some(number) = rule_numbers_in(first).first()
            && number.len() == first.trim_end_matches('.').len()
        {
            numbers.insert(number.clone());
        }
    }
    numbers
}

/// The rule numbers a `rule` value names: each run of digits and dots
/// that starts with a digit ("5.3 & 5.4" is 5.3 and 5.4), a case letter
/// after it dropped ("5.1b" is 5.1), a trailing dot dropped.
fn rule_numbers_in(text: &str) -> Vec<String> {
    let mut numbers = Vec::new();
    let mut current = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() || (c == '.' && !current.is_empty()) {
            current.push(c);
        } else if !current.is_empty() {
            numbers.push(current.trim_end_matches('.').to_string());
            current.clear();
        }
    }
    numbers
}

/// Rule numbers in reading order (5.2 before 5.10).
fn compare_numbers(a: &str, b: &str) -> std::cmp::Ordering {
    let parts = |s: &str| -> Vec<u64> { s.split('.').map(|p| p.parse().unwrap_or(0)).collect() };
    parts(a).cmp(&parts(b))
}

pub fn validate_charts(charts: &[Chart], diags: &mut Diagnostics) {
    let mut ids: HashMap<&str, &Loc> = HashMap::new();
    for chart in charts {
        let lettered = lettered_steps(chart);
        for block in &chart.blocks {
            let id = match &block.kind {
                BlockKind::Results(t) => {
                    check_results(t, diags);
                    Some(&t.id)
                }
                BlockKind::Ranges(t) => {
                    check_ranges(t, diags);
                    Some(&t.id)
                }
                BlockKind::Modifiers(m) => {
                    check_modifiers(m, diags);
                    Some(&m.id)
                }
                BlockKind::Matrix(m) => {
                    check_matrix(m, diags);
                    Some(&m.id)
                }
                BlockKind::Checklist(c) => {
                    check_checklist(c, lettered, diags);
                    Some(&c.id)
                }
                BlockKind::Notes(_) => None,
            };
            if let Some(id) = id {
                unique_id(id, &mut ids, diags);
            }
        }
    }
}

fn unique_id<'a>(
    id: &'a Located<String>,
    seen: &mut HashMap<&'a str, &'a Loc>,
    diags: &mut Diagnostics,
) {
    if seen.contains_key(id.value.as_str()) {
        diags.push(crate::error!(
            "duplicate-value", Some(id.loc),
            "two chart blocks have the id `{}`", id.value;
            hint: "ids name tables for `grogpress odds`; make each one different"
        ));
    } else {
        seen.insert(&id.value, &id.loc);
    }
}

/// Every roll from the lowest to the highest the table can receive falls in
/// exactly one row; every cell's codes are in the legend and every legend
/// entry is used.
fn check_results(t: &ResultsTable, diags: &mut Diagnostics) {
    let ranges: Vec<RollRange> = t.rows.iter().map(|r| r.roll.value).collect();
    let (low, high) = t.reach();
    let (drm_lo, drm_hi) = t.drm.value;
    let reach = if (drm_lo, drm_hi) == (0, 0) {
        format!("{} rolls {low} to {high}", t.dice.value)
    } else {
        format!(
            "{} with net modifiers {drm_lo:+} to {drm_hi:+} gives {low} to {high}",
            t.dice.value
        )
    };
    for problem in check_coverage(&ranges, low, high) {
        match problem {
            Coverage::Gap(rolls) => {
                // Point at the row the gap comes before (or the last row).
                let first = rolls.first().map_or(low, |r| r.0);
                let at = t
                    .rows
                    .iter()
                    .find(|r| r.roll.value.low.is_some_and(|l| l > first))
                    .or(t.rows.last())
                    .map_or_else(|| t.loc, |r| r.roll.loc);
                // The rows either side of the first gap, by their rolls.
                let row_at = |roll: Option<i64>| {
                    let roll = roll?;
                    t.rows
                        .iter()
                        .find(|r| r.roll.value.contains(roll))
                        .map(|r| format!("\"{}\"", r.roll_text))
                };
                let gap = rolls.first().copied().unwrap_or((low, low));
                let between = match (row_at(gap.0.checked_sub(1)), row_at(gap.1.checked_add(1))) {
                    (Some(a), Some(b)) => format!(", between rows {a} and {b}"),
                    (Some(a), None) => format!(", after row {a}"),
                    (None, Some(b)) => format!(", before row {b}"),
                    (None, None) => String::new(),
                };
                diags.push(crate::error!(
                    "table-gap", Some(at),
                    "table `{}`: no row for roll{} {}{between}",
                    t.id.value,
                    if Coverage::count(&rolls) == 1 { "" } else { "s" },
                    describe_ranges(&rolls);
                    hint: "{reach}; every one of those rolls needs exactly one row"
                ));
            }
            Coverage::Overlap(list) => {
                let rolls: Vec<(i64, i64)> = list.iter().map(|(range, _)| *range).collect();
                let rows = &list[0].1;
                let second = rows.get(1).copied().unwrap_or(0);
                let names: Vec<String> = rows
                    .iter()
                    .map(|&i| format!("\"{}\"", t.rows[i].roll_text))
                    .collect();
                diags.push(crate::error!(
                    "table-overlap", Some(t.rows[second].roll.loc),
                    "table `{}`: roll{} {} answered by more than one row ({})",
                    t.id.value,
                    if Coverage::count(&rolls) == 1 { "" } else { "s" },
                    describe_ranges(&rolls),
                    names.join(" and ");
                    hint: "each roll must fall in exactly one row"
                ));
            }
        }
    }
    check_legend(t, diags);
    if let Some(combat) = &t.combat {
        super::crt::check_columns(t, combat, diags);
    }
}

fn check_legend(t: &ResultsTable, diags: &mut Diagnostics) {
    let mut used = vec![false; t.legend.len()];
    for row in &t.rows {
        for cell in &row.results {
            let plain = plain_text(&cell.value);
            match t.cells {
                CellCodes::Codes => {
                    for code in t.codes(&plain) {
                        match t.legend.iter().position(|e| e.matches(code)) {
                            Some(i) => used[i] = true,
                            None => diags.push(crate::error!(
                                "undefined-result-code", Some(cell.loc),
                                "table `{}`: result code `{code}` is not in the legend", t.id.value;
                                hint: "legend codes: {}; `{}` means no result",
                                t.legend.iter().map(|e| e.code.value.as_str()).collect::<Vec<_>>().join(", "),
                                t.none
                            )),
                        }
                    }
                }
                CellCodes::Text => {
                    for (i, entry) in t.legend.iter().enumerate() {
                        if contains_word(&plain, &entry.code.value) {
                            used[i] = true;
                        }
                    }
                }
            }
        }
    }
    for (entry, used) in t.legend.iter().zip(used) {
        if !used {
            diags.push(crate::error!(
                "unused-legend-entry", Some(entry.code.loc),
                "table `{}`: legend entry `{}` is used by no cell", t.id.value, entry.code.value;
                hint: "remove the entry, or fix the cell that should use it"
            ));
        }
    }
}

/// Whether `word` occurs in `text` with no letter or digit either side.
fn contains_word(text: &str, word: &str) -> bool {
    let alnum = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    text.match_indices(word).any(|(at, _)| {
        !alnum(text[..at].chars().next_back()) && !alnum(text[at + word.len()..].chars().next())
    })
}

/// Every cell is a range of rolls the dice can make, or a declared word.
fn check_ranges(t: &RangeTable, diags: &mut Diagnostics) {
    let dice = t.dice.value;
    for row in &t.rows {
        for cell in &row.cells {
            if t.words.contains(&cell.value) {
                continue;
            }
            let why = match t.range(&cell.value) {
                None => Some("is not a roll range".to_string()),
                Some(r) => {
                    let low_ok = r.low.is_none_or(|l| (dice.min()..=dice.max()).contains(&l));
                    let high_ok = r
                        .high
                        .is_none_or(|h| (dice.min()..=dice.max()).contains(&h));
                    (!low_ok || !high_ok).then(|| {
                        format!(
                            "reaches past the {} to {} of {dice}",
                            dice.min(),
                            dice.max()
                        )
                    })
                }
            };
            if let Some(why) = why {
                let words = if t.words.is_empty() {
                    String::new()
                } else {
                    format!(" or one of: {}", t.words.join(", "))
                };
                diags.push(crate::error!(
                    "bad-die-range", Some(cell.loc),
                    "table `{}`: `{}` {why}", t.id.value, cell.value;
                    hint: "write rolls of {dice} from {} to {}: \"6\", \"5-6\"{words}",
                    dice.min(), dice.max()
                ));
            }
        }
    }
}

fn check_modifiers(m: &ModifierList, diags: &mut Diagnostics) {
    for section in &m.sections {
        for entry in &section.entries {
            match entry {
                ModEntry::One(one) => check_value(&one.value, diags),
                ModEntry::Group {
                    lead,
                    only_one,
                    joined,
                    options,
                    loc,
                } => {
                    options.iter().for_each(|o| check_value(&o.value, diags));
                    let problem = if options.len() < 2 {
                        Some(format!(
                            "has {} option{}; a choice needs at least two",
                            options.len(),
                            if options.len() == 1 { "" } else { "s" }
                        ))
                    } else if lead.is_none() && !joined {
                        Some("has neither a lead-in nor `joined = true`, so nothing ties its options together in print".to_string())
                    } else {
                        duplicate_option(options.iter().map(|o| o.text.as_str()))
                            .map(|t| format!("offers `{t}` twice"))
                    };
                    if let Some(problem) = problem {
                        let what = if *only_one {
                            "\"use only one\" group"
                        } else {
                            "modifier group"
                        };
                        diags.push(
                            crate::error!(
                                "bad-modifier-group", Some(*loc),
                                "list `{}`: this {what} {problem}", m.id.value;
                                hint: "a group is `{{ lead = \"...\", only_one = true, options = [{{ text, value }}, {{ text, value }}] }}`"
                            ),
                        );
                    }
                }
            }
        }
    }
}

fn duplicate_option<'a>(mut texts: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let mut seen = Vec::new();
    texts.find(|t| {
        let dup = seen.contains(t);
        seen.push(*t);
        dup
    })
}

fn check_value(value: &Located<String>, diags: &mut Diagnostics) {
    if ModValue::parse(&value.value).is_none() {
        diags.push(
            crate::error!(
                "bad-modifier-value", Some(value.loc),
                "`{}` is not a modifier", value.value;
                hint: "write a signed number (\"+1\", \"-2\") or letter (\"-X\", \"+/-X\"); alternatives go in a group"
            ),
        );
    }
}

/// Cells use declared symbols only; every declared symbol is used.
fn check_matrix(m: &Matrix, diags: &mut Diagnostics) {
    let mut used = vec![false; m.symbols.len()];
    for row in m.sections.iter().flat_map(|s| &s.rows) {
        for cell in &row.cells {
            match m.symbols.iter().position(|s| s.value == cell.value) {
                Some(i) => used[i] = true,
                None => diags.push(crate::error!(
                    "undeclared-symbol", Some(cell.loc),
                    "matrix `{}`: `{}` is not one of its declared symbols", m.id.value, cell.value;
                    hint: "declared: {}",
                    m.symbols.iter().map(|s| s.value.as_str()).collect::<Vec<_>>().join(" ")
                )),
            }
        }
    }
    if let Some(lookup) = &m.lookup {
        check_lookup(m, lookup, diags);
    }
    for (symbol, used) in m.symbols.iter().zip(used) {
        if !used {
            diags.push(crate::warning!(
                "unused-symbol", Some(symbol.loc),
                "matrix `{}`: symbol `{}` is used by no cell", m.id.value, symbol.value;
                hint: "remove it from `symbols`"
            ));
        }
    }
}

/// Every combination of the key columns' values is answered by exactly one row.
fn check_lookup(m: &Matrix, lookup: &Lookup, diags: &mut Diagnostics) {
    let keys = lookup.keys;
    if keys == 0 || keys > m.columns.len() || lookup.values.is_empty() {
        diags.push(crate::error!(
            "bad-value", Some(lookup.loc),
            "matrix `{}`: a lookup needs 1 to {} key columns and their values",
            m.id.value, m.columns.len();
            hint: "write `lookup = {{ keys = 2, values = [\"Yes\", \"No\"] }}`"
        ));
        return;
    }
    let rows: Vec<_> = m.sections.iter().flat_map(|s| &s.rows).collect();
    let n = lookup.values.len();
    for index in 0..n.pow(keys as u32) {
        let combo: Vec<&str> = (0..keys)
            .map(|k| lookup.values[index / n.pow((keys - 1 - k) as u32) % n].as_str())
            .collect();
        let hits: Vec<usize> = rows
            .iter()
            .enumerate()
            .filter(|(_, row)| {
                row.cells
                    .iter()
                    .zip(&combo)
                    .all(|(cell, want)| Lookup::alternatives(&cell.value).contains(want))
            })
            .map(|(i, _)| i)
            .collect();
        let named = m
            .columns
            .iter()
            .zip(&combo)
            .map(|(c, v)| format!("{c} {v}"))
            .collect::<Vec<_>>()
            .join(", ");
        match hits.len() {
            0 => diags.push(crate::error!(
                "lookup-gap", Some(lookup.loc),
                "matrix `{}`: no row for {named}", m.id.value;
                hint: "every combination of the key columns needs exactly one row"
            )),
            1 => {}
            _ => diags.push(crate::error!(
                "lookup-overlap", Some(rows[hits[1]].loc),
                "matrix `{}`: {} rows answer {named}", m.id.value, hits.len();
                hint: "every combination of the key columns needs exactly one row"
            )),
        }
    }
}

/// How many lettered steps the chart's longest lettered section has: "Step
/// (x)" anywhere on the chart refers to one of them.
fn lettered_steps(chart: &Chart) -> usize {
    chart
        .blocks
        .iter()
        .filter_map(|b| match &b.kind {
            BlockKind::Checklist(c) => Some(c),
            _ => None,
        })
        .flat_map(|c| &c.sections)
        .filter(|s| s.numbering == Numbering::Letters)
        .map(|s| s.steps.len())
        .max()
        .unwrap_or(0)
}

/// Actors are declared; "Step (x)" names a lettered step of the chart.
fn check_checklist(c: &Checklist, lettered: usize, diags: &mut Diagnostics) {
    let mut steps: Vec<&Step> = Vec::new();
    for section in &c.sections {
        for step in &section.steps {
            collect(step, &mut steps);
        }
    }
    for step in steps {
        if let Some(actor) = &step.actor
            && !c.actors.iter().any(|a| a.value == actor.value)
        {
            diags.push(crate::error!(
                "dangling-reference", Some(actor.loc),
                "checklist `{}`: actor `{}` is not declared", c.id.value, actor.value;
                hint: "declared actors: {}",
                c.actors.iter().map(|a| a.value.as_str()).collect::<Vec<_>>().join(", ")
            ));
        }
        for letter in step_references(&step.text) {
            let index = (letter as u8).wrapping_sub(b'a') as usize;
            if index >= lettered {
                diags.push(
                    crate::error!(
                        "dangling-reference", Some(step.loc),
                        "checklist `{}` refers to Step ({letter}), but its lettered steps run a) to {}",
                        c.id.value, Numbering::Letters.label(lettered.saturating_sub(1)).unwrap_or_default();
                        hint: "refer to a step the checklist has"
                    ),
                );
            }
        }
    }
}

fn collect<'a>(step: &'a Step, out: &mut Vec<&'a Step>) {
    out.push(step);
    for item in &step.items {
        collect(item, out);
    }
}

/// The letters of "Step (i)" references in a step's text.
fn step_references(text: &str) -> Vec<char> {
    let plain = plain_text(text);
    plain
        .match_indices("Step (")
        .filter_map(|(at, m)| {
            let rest = &plain[at + m.len()..];
            let mut chars = rest.chars();
            match (chars.next(), chars.next()) {
                (Some(c), Some(')')) if c.is_ascii_lowercase() => Some(c),
                _ => None,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_in_outcomes() {
        assert!(contains_word("Firer Loss & Traffic", "Traffic"));
        assert!(contains_word("Target Loss & Retreat", "Retreat"));
        assert!(!contains_word("Retreats", "Retreat"));
    }

    #[test]
    fn step_references_are_found() {
        assert_eq!(
            step_references("go to **Step (j)**, or a **Recovery** go to **Step (b)**."),
            vec!['j', 'b']
        );
        assert!(step_references("Step 3").is_empty());
    }
}
