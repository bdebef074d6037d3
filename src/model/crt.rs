//! Model: the columns of a classic combat results table — odds ratios
//! (1:3 ... 6:1) or strength differentials (-3 ... +6) — which column an
//! attack falls in (rounded in the defender's or the attacker's favour),
//! column shifts, what happens past the table's ends, and the exact chance
//! of each result in a column.

use super::{Dice, Located, RollRange, row_odds};

/// An odds ratio, attacker to defender ("3:1", "1:2", "3:2").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ratio {
    pub attack: u32,
    pub defend: u32,
}

/// The largest number either side of an odds ratio.
pub const MAX_RATIO_TERM: u32 = 1000;

impl Ratio {
    /// "3:1", "1:2" (or "3-1"); None for anything else, zeros and terms past
    /// [`MAX_RATIO_TERM`] included.
    pub fn parse(s: &str) -> Option<Ratio> {
        let (a, d) = s.trim().split_once([':', '-'])?;
        let term = |t: &str| {
            t.trim()
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=MAX_RATIO_TERM).contains(n))
        };
        Some(Ratio {
            attack: term(a)?,
            defend: term(d)?,
        })
    }

    /// Compares two ratios exactly (no floating point).
    pub fn cmp_value(self, other: Ratio) -> std::cmp::Ordering {
        (u64::from(self.attack) * u64::from(other.defend))
            .cmp(&(u64::from(other.attack) * u64::from(self.defend)))
    }

    /// The smallest whole odds (k:1 or 1:k) above this one: 6:1 → 7:1,
    /// 1:3 → 1:2, 3:2 → 2:1.
    fn next_whole(self) -> Ratio {
        let (a, d) = (self.attack, self.defend);
        if a >= d {
            Ratio::whole(a / d + 1, 1)
        } else {
            Ratio::whole(1, (d - 1) / a)
        }
    }

    /// The largest whole odds below this one: 1:3 → 1:4, 6:1 → 5:1, 3:2 → 1:1.
    fn previous_whole(self) -> Ratio {
        let (a, d) = (self.attack, self.defend);
        if a > d {
            Ratio::whole((a - 1) / d, 1)
        } else {
            Ratio::whole(1, d / a + 1)
        }
    }

    fn whole(attack: u32, defend: u32) -> Ratio {
        Ratio {
            attack: attack.max(1),
            defend: defend.max(1),
        }
    }
}

impl std::fmt::Display for Ratio {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.attack, self.defend)
    }
}

/// Whose favour odds are rounded in when they fall between two columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Favour {
    /// Down to the column at or below the odds (the usual rule).
    Defender,
    /// Up to the column at or above the odds.
    Attacker,
}

/// What a table's columns are.
#[derive(Clone, Debug)]
pub enum ColumnKind {
    /// Odds ratios, rising left to right.
    Odds { ratios: Vec<Ratio>, favour: Favour },
    /// Strength differentials (attack less defence): a range per column.
    Differential { ranges: Vec<RollRange> },
}

/// What happens to an attack past an end of the columns.
#[derive(Clone, Debug, PartialEq)]
pub enum PastEnd {
    /// Resolved on the end column.
    EndColumn,
    /// This result, whatever the roll ("AE", "DE").
    Result(Located<String>),
}

/// The column axis of a combat results table.
#[derive(Clone, Debug)]
pub struct CombatColumns {
    pub kind: ColumnKind,
    /// Column shifts the table can receive (inclusive); (0, 0) for none.
    pub shift: Located<(i64, i64)>,
    pub below: PastEnd,
    pub above: PastEnd,
    /// The map whose terrain's shifts and modifiers a defender gets
    /// (boxed: a chart block stays small).
    pub terrain: Option<Box<Located<String>>>,
}

/// Where an attack lands: a column (by index), or past an end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColumnAt {
    Below,
    Column(usize),
    Above,
}

impl CombatColumns {
    fn count(&self) -> usize {
        match &self.kind {
            ColumnKind::Odds { ratios, .. } => ratios.len(),
            ColumnKind::Differential { ranges } => ranges.len(),
        }
    }

    /// The column of odds `ratio` (an odds table).
    pub fn column_of_odds(&self, ratio: Ratio) -> Option<ColumnAt> {
        let ColumnKind::Odds { ratios, favour } = &self.kind else {
            return None;
        };
        let (first, last) = (*ratios.first()?, *ratios.last()?);
        use std::cmp::Ordering::*;
        Some(match favour {
            Favour::Defender => {
                if ratio.cmp_value(first) == Less {
                    ColumnAt::Below
                } else if ratio.cmp_value(last.next_whole()) != Less {
                    ColumnAt::Above
                } else {
                    let at = ratios.partition_point(|c| c.cmp_value(ratio) != Greater);
                    ColumnAt::Column(at - 1)
                }
            }
            Favour::Attacker => {
                if ratio.cmp_value(last) == Greater {
                    ColumnAt::Above
                } else if ratio.cmp_value(first.previous_whole()) != Greater {
                    ColumnAt::Below
                } else {
                    ColumnAt::Column(ratios.partition_point(|c| c.cmp_value(ratio) == Less))
                }
            }
        })
    }

    /// The column of strength differential `difference` (a differential table).
    pub fn column_of_difference(&self, difference: i64) -> Option<ColumnAt> {
        let ColumnKind::Differential { ranges } = &self.kind else {
            return None;
        };
        if let Some(at) = ranges.iter().position(|r| r.contains(difference)) {
            return Some(ColumnAt::Column(at));
        }
        if ranges.iter().all(|r| r.low.is_some_and(|l| difference < l)) {
            Some(ColumnAt::Below)
        } else if ranges
            .iter()
            .all(|r| r.high.is_some_and(|h| difference > h))
        {
            Some(ColumnAt::Above)
        } else {
            // Between two columns: a gap, which `check` reports.
            None
        }
    }

    /// `at` moved `shift` columns right (left when negative): an attack below
    /// the table is one column left of the first, one above it one right of
    /// the last.
    pub fn shifted(&self, at: ColumnAt, shift: i64) -> ColumnAt {
        let n = self.count() as i64;
        let index = match at {
            ColumnAt::Below => -1,
            ColumnAt::Column(i) => i as i64,
            ColumnAt::Above => n,
        }
        .saturating_add(shift);
        match index {
            i if i < 0 => ColumnAt::Below,
            i if i >= n => ColumnAt::Above,
            i => ColumnAt::Column(i as usize),
        }
    }

    /// The column an attack past an end is resolved on, or its fixed result.
    pub fn resolve(&self, at: ColumnAt) -> Result<usize, &str> {
        fn end(past: &PastEnd, column: usize) -> Result<usize, &str> {
            match past {
                PastEnd::EndColumn => Ok(column),
                PastEnd::Result(code) => Err(code.value.as_str()),
            }
        }
        match at {
            ColumnAt::Column(i) => Ok(i),
            ColumnAt::Below => end(&self.below, 0),
            ColumnAt::Above => end(&self.above, self.count().saturating_sub(1)),
        }
    }
}

/// The chance of each result of one column, in the order the results first
/// appear down the column: (result, ways, outcomes). Rolls no row answers
/// are left out (`check` proves there are none).
pub fn column_odds(dice: Dice, rows: &[(RollRange, &str)], drm: i64) -> Vec<(String, u64, u64)> {
    let ranges: Vec<RollRange> = rows.iter().map(|(r, _)| *r).collect();
    let odds = row_odds(dice, &ranges, drm);
    let mut found: Vec<(String, u64, u64)> = Vec::new();
    for ((_, result), o) in rows.iter().zip(odds) {
        match found.iter_mut().find(|(r, _, _)| r == result) {
            Some((_, ways, _)) => *ways += o.ways,
            None => found.push((result.to_string(), o.ways, o.outcomes)),
        }
    }
    found
}

/// How a combat results table is read, printed under it in `words`: the
/// rounding, the ends and the shifts ("Odds are rounded in the defender's
/// favour. Below 1:2: **AE**. Above 6:1: use 6:1. Column shifts -2 to
/// +2."); empty for a table with nothing to say.
pub fn combat_note(
    combat: &CombatColumns,
    columns: &[Located<String>],
    words: &crate::text::Words,
) -> String {
    use crate::text::Words;
    let mut note = String::new();
    if let ColumnKind::Odds { favour, .. } = &combat.kind {
        note.push_str(match favour {
            Favour::Defender => &words.crt_rounded_defender,
            Favour::Attacker => &words.crt_rounded_attacker,
        });
        note.push(' ');
    }
    let heading = |c: Option<&Located<String>>| c.map_or(String::new(), |c| c.value.clone());
    let (first, last) = (heading(columns.first()), heading(columns.last()));
    let end = |past: &PastEnd, column: &str| match past {
        PastEnd::EndColumn => Words::fill(&words.crt_use, &[("column", column)]),
        PastEnd::Result(code) => format!("**{}**", code.value),
    };
    // An open-ended differential column ("-2 or less") has nothing past it.
    let (open_below, open_above) = match &combat.kind {
        ColumnKind::Differential { ranges } => (
            ranges.iter().any(|r| r.low.is_none()),
            ranges.iter().any(|r| r.high.is_none()),
        ),
        ColumnKind::Odds { .. } => (false, false),
    };
    let ends = [
        (open_below, &combat.below, &first, &words.crt_below),
        (open_above, &combat.above, &last, &words.crt_above),
    ];
    for (open, beyond, column, words) in ends {
        if open {
            continue;
        }
        let result = end(beyond, column);
        let slots = [("column", column.as_str()), ("result", &result)];
        note.push_str(&Words::fill(words, &slots));
        note.push(' ');
    }
    let (lo, hi) = combat.shift.value;
    if (lo, hi) != (0, 0) {
        note.push_str(&Words::fill(
            &words.crt_shifts,
            &[("from", &format!("{lo:+}")), ("to", &format!("{hi:+}"))],
        ));
    }
    note.trim_end().to_string()
}

/// The texts grogpress writes into results tables, in `words`: the roll
/// column's head where the data names none, and each combat results
/// table's note of how it is read after its own notes, the last
/// ([`combat_note`]).
pub fn add_engine_texts(charts: &mut [super::Chart], words: &crate::text::Words) {
    for t in charts
        .iter_mut()
        .flat_map(|c| &mut c.blocks)
        .filter_map(|b| match &mut b.kind {
            super::BlockKind::Results(t) => Some(t),
            _ => None,
        })
    {
        if !t.roll_header_given {
            t.roll_header.clone_from(&words.roll);
        }
        if t.combat_note {
            t.notes.pop();
            t.combat_note = false;
        }
        let Some(combat) = &t.combat else {
            continue;
        };
        let note = combat_note(combat, &t.columns, words);
        if !note.is_empty() {
            t.notes.push(Located::new(note, t.loc));
            t.combat_note = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Loc;

    fn odds(columns: &[&str], favour: Favour) -> CombatColumns {
        CombatColumns {
            kind: ColumnKind::Odds {
                ratios: columns.iter().filter_map(|c| Ratio::parse(c)).collect(),
                favour,
            },
            shift: Located::new((0, 0), Loc::new(0, 0..0)),
            below: PastEnd::EndColumn,
            above: PastEnd::EndColumn,
            terrain: None,
        }
    }

    fn r(s: &str) -> Ratio {
        Ratio::parse(s).unwrap_or(Ratio {
            attack: 0,
            defend: 0,
        })
    }

    #[test]
    fn ratios_parse_and_compare_exactly() {
        assert_eq!(Ratio::parse("3:1"), Some(r("3-1")));
        assert_eq!(Ratio::parse("0:1"), None);
        assert_eq!(Ratio::parse("1:1001"), None);
        assert_eq!(Ratio::parse("three"), None);
        assert_eq!(r("2:1").cmp_value(r("4:2")), std::cmp::Ordering::Equal);
        assert_eq!(r("1:3").next_whole(), r("1:2"));
        assert_eq!(r("1:2").next_whole(), r("1:1"));
        assert_eq!(r("6:1").next_whole(), r("7:1"));
        assert_eq!(r("3:2").next_whole(), r("2:1"));
        assert_eq!(r("1:3").previous_whole(), r("1:4"));
        assert_eq!(r("1:1").previous_whole(), r("1:2"));
        assert_eq!(r("6:1").previous_whole(), r("5:1"));
    }

    #[test]
    fn odds_round_in_the_defenders_favour_and_past_the_ends() {
        let t = odds(
            &["1:3", "1:2", "1:1", "3:2", "2:1", "3:1", "6:1"],
            Favour::Defender,
        );
        let at = |a, d| {
            t.column_of_odds(Ratio {
                attack: a,
                defend: d,
            })
        };
        assert_eq!(at(7, 3), Some(ColumnAt::Column(4))); // 2.33:1 → 2:1
        assert_eq!(at(3, 2), Some(ColumnAt::Column(3))); // exactly 3:2
        assert_eq!(at(5, 4), Some(ColumnAt::Column(2))); // 1.25:1 → 1:1
        assert_eq!(at(1, 4), Some(ColumnAt::Below));
        assert_eq!(at(10, 31), Some(ColumnAt::Below)); // just under 1:3
        assert_eq!(at(13, 2), Some(ColumnAt::Column(6))); // 6.5:1 → 6:1
        assert_eq!(at(5, 1), Some(ColumnAt::Column(5))); // 5:1 → 3:1 (no 4:1, 5:1 column)
        assert_eq!(at(7, 1), Some(ColumnAt::Above));
        let t = odds(&["1:2", "1:1", "2:1", "3:1"], Favour::Attacker);
        let at = |a, d| {
            t.column_of_odds(Ratio {
                attack: a,
                defend: d,
            })
        };
        assert_eq!(at(7, 3), Some(ColumnAt::Column(3))); // 2.33:1 → 3:1
        assert_eq!(at(1, 3), Some(ColumnAt::Below));
        assert_eq!(at(2, 5), Some(ColumnAt::Column(0))); // 1:2.5 → 1:2
        assert_eq!(at(7, 2), Some(ColumnAt::Above));
    }

    #[test]
    fn shifts_move_columns_and_fall_off_the_ends() {
        let t = odds(&["1:2", "1:1", "2:1"], Favour::Defender);
        assert_eq!(t.shifted(ColumnAt::Column(1), 1), ColumnAt::Column(2));
        assert_eq!(t.shifted(ColumnAt::Column(1), 2), ColumnAt::Above);
        assert_eq!(t.shifted(ColumnAt::Below, 1), ColumnAt::Column(0));
        assert_eq!(t.shifted(ColumnAt::Column(0), -1), ColumnAt::Below);
        assert_eq!(t.shifted(ColumnAt::Column(0), i64::MIN), ColumnAt::Below);
        assert_eq!(t.resolve(ColumnAt::Above), Ok(2));
    }

    #[test]
    fn a_columns_results_sum_to_every_roll() {
        let range = |low, high| RollRange {
            low: Some(low),
            high: Some(high),
        };
        let rows = [
            (range(1, 2), "AR"),
            (range(3, 3), "EX"),
            (range(4, 6), "DR"),
        ];
        let dice = Dice::parse("1d6").unwrap_or(Dice { count: 1, sides: 6 });
        let found = column_odds(dice, &rows, 0);
        assert_eq!(
            found,
            [
                ("AR".to_string(), 2, 6),
                ("EX".to_string(), 1, 6),
                ("DR".to_string(), 3, 6)
            ]
        );
        // A +1 modifier: a 1 reads as 2 (still AR), a 6 as 7, which no row answers.
        let found = column_odds(dice, &rows, 1);
        assert_eq!(found[0], ("AR".to_string(), 1, 6));
        assert_eq!(found[2], ("DR".to_string(), 3, 6));
    }
}
