//! Model: dice rolls and the roll ranges that key the rows of a dice table
//! ("1d6", "2d6", "1d10"; "6", "5-6", "4 or less"/"4-", "13 or more"/"13+"),
//! with the exact distribution of a roll and the coverage check every results
//! table must pass (each possible roll in exactly one row).

use std::fmt;

/// `count` dice of `sides` sides, summed: "2d6".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dice {
    pub count: u32,
    pub sides: u32,
}

impl Dice {
    /// Parses "2d6", "1d10", "d6" (= 1d6).
    pub fn parse(s: &str) -> Option<Dice> {
        let (count, sides) = s
            .trim()
            .to_ascii_lowercase()
            .split_once('d')
            .map(|(c, s)| (c.to_string(), s.to_string()))?;
        let count = if count.is_empty() {
            1
        } else {
            count.parse().ok()?
        };
        let sides: u32 = sides.parse().ok()?;
        // The outcomes (sides^count) are counted in a u64: 20d10 would overflow it.
        ((1..=20).contains(&count)
            && (2..=100).contains(&sides)
            && u64::from(sides).checked_pow(count).is_some())
        .then_some(Dice { count, sides })
    }

    pub fn min(self) -> i64 {
        i64::from(self.count)
    }

    pub fn max(self) -> i64 {
        i64::from(self.count * self.sides)
    }

    /// Number of ways to roll each total, indexed from `min()`; the total of
    /// all ways is sides^count.
    pub fn ways(self) -> Vec<u64> {
        let mut ways = vec![1u64];
        for _ in 0..self.count {
            let mut next = vec![0u64; ways.len() + self.sides as usize - 1];
            for (i, w) in ways.iter().enumerate() {
                for face in 0..self.sides as usize {
                    next[i + face] += w;
                }
            }
            ways = next;
        }
        ways
    }

    pub fn outcomes(self) -> u64 {
        u64::from(self.sides).pow(self.count)
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}d{}", self.count, self.sides)
    }
}

/// The rolls a table row answers: `low..=high`, open-ended below or above.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RollRange {
    /// `None` = "or less": everything below `high` too.
    pub low: Option<i64>,
    /// `None` = "or more": everything above `low` too.
    pub high: Option<i64>,
}

impl RollRange {
    /// Parses "6", "5-6", "4-" / "4 or less", "13+" / "13 or more", "2 or less".
    /// Dashes may be en dashes (–) as printed charts have them.
    ///
    /// ```
    /// use grogpress::model::{RollRange, check_coverage};
    /// let rows: Vec<RollRange> = ["4 or less", "5-6", "7+"].iter().filter_map(|r| RollRange::parse(r)).collect();
    /// assert!(check_coverage(&rows, 2, 12).is_empty());
    /// assert_eq!(RollRange::parse("5–6"), RollRange::parse("5-6"));
    /// ```
    pub fn parse(s: &str) -> Option<RollRange> {
        let s = s.trim().replace(['–', '—'], "-");
        let num = |t: &str| t.trim().parse::<i64>().ok();
        if let Some(n) = s.strip_suffix("or less").or_else(|| s.strip_suffix('-')) {
            return Some(RollRange {
                low: None,
                high: Some(num(n)?),
            });
        }
        if let Some(n) = s.strip_suffix("or more").or_else(|| s.strip_suffix('+')) {
            return Some(RollRange {
                low: Some(num(n)?),
                high: None,
            });
        }
        // "-2" alone is a number, not a range; a range is "a-b" with a before the dash.
        if let Some((a, b)) = s
            .get(1..)
            .and_then(|rest| rest.split_once('-'))
            .map(|(a, b)| (format!("{}{a}", &s[..1]), b.to_string()))
        {
            let (low, high) = (num(&a)?, num(&b)?);
            return (low <= high).then_some(RollRange {
                low: Some(low),
                high: Some(high),
            });
        }
        let n = num(&s)?;
        Some(RollRange {
            low: Some(n),
            high: Some(n),
        })
    }

    pub fn contains(self, roll: i64) -> bool {
        self.low.is_none_or(|l| roll >= l) && self.high.is_none_or(|h| roll <= h)
    }
}

impl RollRange {
    /// The range as grogpress prints it in `words`: "5-6", "4",
    /// "1 or less" (the word `roll_or_less`), "12 or more".
    pub fn text(self, words: &crate::text::Words) -> String {
        match (self.low, self.high) {
            (None, Some(h)) => {
                crate::text::Words::fill(&words.roll_or_less, &[("n", &h.to_string())])
            }
            (Some(l), None) => {
                crate::text::Words::fill(&words.roll_or_more, &[("n", &l.to_string())])
            }
            _ => self.to_string(),
        }
    }
}

/// A roll or a column heading as the data writes it ("1 or less", "+6 or
/// more") in `words` ("1 oder weniger", "+6 oder mehr"), where it is a
/// range open below or above written in words; None for any other text
/// ("5-6", "4-", "13+", "Outcome"), printed as written.
pub fn open_roll_text(written: &str, words: &crate::text::Words) -> Option<String> {
    let s = written.trim();
    let (n, word) = if let Some(n) = s.strip_suffix("or less") {
        (n.trim(), &words.roll_or_less)
    } else if let Some(n) = s.strip_suffix("or more") {
        (n.trim(), &words.roll_or_more)
    } else {
        return None;
    };
    n.replace(['\u{2013}', '\u{2212}'], "-")
        .parse::<i64>()
        .ok()
        .map(|_| crate::text::Words::fill(word, &[("n", n)]))
}

impl fmt::Display for RollRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.low, self.high) {
            (None, Some(h)) => write!(f, "{h} or less"),
            (Some(l), None) => write!(f, "{l} or more"),
            (Some(l), Some(h)) if l == h => write!(f, "{l}"),
            (Some(l), Some(h)) => write!(f, "{l}-{h}"),
            (None, None) => f.write_str("any"),
        }
    }
}

/// The widest range of net modifiers a table may declare (and `odds` take):
/// more is surely a typo, and each modifier is a row of the odds.
pub const MAX_MODIFIER_SPAN: i64 = 1000;
/// The largest net modifier, either way.
pub const MAX_MODIFIER: i64 = 1_000_000;

/// Why a range of net modifiers is refused (past the limits above), if it is.
pub fn modifier_span_problem((lo, hi): (i64, i64)) -> Option<String> {
    if lo.checked_abs().is_none_or(|l| l > MAX_MODIFIER)
        || hi.checked_abs().is_none_or(|h| h > MAX_MODIFIER)
    {
        return Some(format!(
            "a net modifier is at most {MAX_MODIFIER} either way"
        ));
    }
    let span = hi.checked_sub(lo).unwrap_or(i64::MAX);
    (span > MAX_MODIFIER_SPAN).then(|| {
        format!("the range spans {span} modifiers; at most {MAX_MODIFIER_SPAN} are allowed")
    })
}

/// What is wrong with a table's rows over the rolls it can receive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Coverage {
    /// Rolls no row answers, as ranges `low..=high` in order.
    Gap(Vec<(i64, i64)>),
    /// Rolls answered by more than one row: (the rolls `low..=high`,
    /// indices of the rows), in order.
    Overlap(Vec<((i64, i64), Vec<usize>)>),
}

impl Coverage {
    /// How many rolls a list of ranges holds (saturating).
    pub fn count(ranges: &[(i64, i64)]) -> u64 {
        ranges.iter().fold(0u64, |n, (lo, hi)| {
            n.saturating_add(
                (i128::from(*hi) - i128::from(*lo) + 1).clamp(0, i128::from(u64::MAX)) as u64,
            )
        })
    }
}

/// Checks that every roll in `low..=high` falls in exactly one of `rows`.
/// Returns every problem (gaps first, then overlaps), empty when the table is
/// sound. Computed over the rows' ranges (a sweep over their ends, sorted),
/// not roll by roll: the cost is in the rows and the problems found.
pub fn check_coverage(rows: &[RollRange], low: i64, high: i64) -> Vec<Coverage> {
    // Each row clipped to the reach: +1 where it starts, -1 past its end.
    let mut ends: Vec<(i64, bool, usize)> = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let start = row.low.map_or(low, |l| l.max(low));
        let end = row.high.map_or(high, |h| h.min(high));
        if start <= end {
            ends.push((start, true, i));
            if let Some(past) = end.checked_add(1) {
                ends.push((past, false, i));
            }
        }
    }
    ends.sort_unstable();
    let mut gaps = Vec::new();
    let mut overlaps = Vec::new();
    let mut active: std::collections::BTreeSet<usize> = std::collections::BTreeSet::new();
    let mut at = low;
    let mut k = 0;
    while at <= high {
        while k < ends.len() && ends[k].0 <= at {
            let (_, starts, i) = ends[k];
            if starts {
                active.insert(i);
            } else {
                active.remove(&i);
            }
            k += 1;
        }
        // The rolls up to the next end (or the top of the reach) share `active`.
        let next = ends.get(k).map_or(high, |e| (e.0 - 1).min(high));
        match active.len() {
            0 => gaps.push((at, next)),
            1 => {}
            _ => overlaps.push(((at, next), active.iter().copied().collect())),
        }
        match next.checked_add(1) {
            Some(n) => at = n,
            None => break,
        }
    }
    let mut out = Vec::new();
    if !gaps.is_empty() {
        out.push(Coverage::Gap(gaps));
    }
    if !overlaps.is_empty() {
        out.push(Coverage::Overlap(overlaps));
    }
    out
}

/// "3, 5-7, 12": ranges of rolls written for a message (at most a line's
/// worth: past a dozen ranges, "and N more").
pub fn describe_ranges(ranges: &[(i64, i64)]) -> String {
    // Ranges that touch read as one, as the rolls they hold would.
    let mut merged: Vec<(i64, i64)> = Vec::with_capacity(ranges.len());
    for &(lo, hi) in ranges {
        match merged.last_mut() {
            Some(last) if last.1.checked_add(1) == Some(lo) => last.1 = hi,
            _ => merged.push((lo, hi)),
        }
    }
    let ranges = &merged;
    let mut parts: Vec<String> = ranges
        .iter()
        .take(12)
        .map(|&(lo, hi)| {
            if lo == hi {
                lo.to_string()
            } else {
                format!("{lo}-{hi}")
            }
        })
        .collect();
    if ranges.len() > 12 {
        parts.push(format!("and {} more", ranges.len() - 12));
    }
    parts.join(", ")
}

/// "3, 5-7, 12": a list of rolls written compactly for a message.
pub fn describe_rolls(rolls: &[i64]) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < rolls.len() {
        let start = rolls[i];
        let mut end = start;
        while i + 1 < rolls.len() && rolls[i + 1] == end + 1 {
            i += 1;
            end = rolls[i];
        }
        parts.push(if start == end {
            start.to_string()
        } else {
            format!("{start}-{end}")
        });
        i += 1;
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_parse_and_distribution() {
        let d = Dice::parse("2d6").expect("2d6");
        assert_eq!((d.min(), d.max(), d.outcomes()), (2, 12, 36));
        assert_eq!(d.ways(), vec![1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]);
        assert_eq!(d.ways().iter().sum::<u64>(), 36);
        assert_eq!(
            Dice::parse("d10"),
            Some(Dice {
                count: 1,
                sides: 10
            })
        );
        assert_eq!(Dice::parse("2x6"), None);
        assert_eq!(Dice::parse("0d6"), None);
        // Outcomes that fit a u64 and odds summing to them; 10^20 would not fit.
        let big = Dice::parse("19d10").expect("19d10");
        assert_eq!(big.outcomes(), 10u64.pow(19));
        assert_eq!(big.ways().iter().sum::<u64>(), big.outcomes());
        assert_eq!(Dice::parse("20d10"), None);
        assert_eq!(Dice::parse("20d6").map(Dice::outcomes), Some(6u64.pow(20)));
    }

    #[test]
    fn ranges_as_charts_write_them() {
        let r = |s: &str| RollRange::parse(s).unwrap_or_else(|| panic!("parses {s}"));
        assert_eq!(
            r("4 or less"),
            RollRange {
                low: None,
                high: Some(4)
            }
        );
        assert_eq!(
            r("4-"),
            RollRange {
                low: None,
                high: Some(4)
            }
        );
        assert_eq!(
            r("13 or more"),
            RollRange {
                low: Some(13),
                high: None
            }
        );
        assert_eq!(
            r("13+"),
            RollRange {
                low: Some(13),
                high: None
            }
        );
        assert_eq!(
            r("5-6"),
            RollRange {
                low: Some(5),
                high: Some(6)
            }
        );
        assert_eq!(
            r("5–6"),
            RollRange {
                low: Some(5),
                high: Some(6)
            }
        );
        assert_eq!(
            r("6"),
            RollRange {
                low: Some(6),
                high: Some(6)
            }
        );
        assert_eq!(
            r("-2"),
            RollRange {
                low: Some(-2),
                high: Some(-2)
            }
        );
        assert_eq!(RollRange::parse("6-5"), None);
        assert_eq!(RollRange::parse("six"), None);
        assert_eq!(r("5-6").to_string(), "5-6");
        assert_eq!(r("4-").to_string(), "4 or less");
    }

    #[test]
    fn coverage_matches_a_roll_by_roll_walk_and_scales_to_all_of_i64() {
        // Every table of up to three rows over small ranges: the sweep finds
        // exactly the rolls a walk over every roll finds.
        let ranges: Vec<RollRange> = ["2-", "3", "2-4", "5+", "4-6", "7", "3-9", "8+"]
            .iter()
            .filter_map(|s| RollRange::parse(s))
            .collect();
        for a in 0..ranges.len() {
            for b in 0..ranges.len() {
                for c in 0..ranges.len() {
                    let rows = [ranges[a], ranges[b], ranges[c]];
                    let (mut gaps, mut overlaps) = (Vec::new(), Vec::new());
                    for roll in 1..=10 {
                        let hits: Vec<usize> = (0..3).filter(|&i| rows[i].contains(roll)).collect();
                        match hits.len() {
                            0 => gaps.push(roll),
                            1 => {}
                            _ => overlaps.push((roll, hits)),
                        }
                    }
                    let (mut swept_gaps, mut swept_overlaps) = (Vec::new(), Vec::new());
                    for problem in check_coverage(&rows, 1, 10) {
                        match problem {
                            Coverage::Gap(r) => {
                                swept_gaps.extend(r.iter().flat_map(|(l, h)| *l..=*h))
                            }
                            Coverage::Overlap(r) => {
                                swept_overlaps.extend(r.iter().flat_map(|((l, h), rows)| {
                                    (*l..=*h).map(move |roll| (roll, rows.clone()))
                                }))
                            }
                        }
                    }
                    assert_eq!((swept_gaps, swept_overlaps), (gaps, overlaps), "{rows:?}");
                }
            }
        }
        // 100,000 rows over the whole of i64: two gaps, found at once.
        let rows: Vec<RollRange> = (0..100_000i64)
            .map(|i| RollRange {
                low: Some(i * 10),
                high: Some(i * 10 + 9),
            })
            .collect();
        assert_eq!(
            check_coverage(&rows, i64::MIN, i64::MAX),
            vec![Coverage::Gap(vec![(i64::MIN, -1), (1_000_000, i64::MAX)])]
        );
        assert_eq!(Coverage::count(&[(i64::MIN, i64::MAX)]), u64::MAX);
    }

    #[test]
    fn coverage_finds_gaps_and_overlaps() {
        let rows: Vec<RollRange> = ["4 or less", "5-6", "7-8", "9-10", "11-12", "13 or more"]
            .iter()
            .filter_map(|s| RollRange::parse(s))
            .collect();
        assert!(check_coverage(&rows, -5, 20).is_empty());
        let gappy: Vec<RollRange> = ["4 or less", "5-6", "9-10", "11+"]
            .iter()
            .filter_map(|s| RollRange::parse(s))
            .collect();
        assert_eq!(
            check_coverage(&gappy, 2, 12),
            vec![Coverage::Gap(vec![(7, 8)])]
        );
        let overlapping: Vec<RollRange> = ["1-3", "3-6"]
            .iter()
            .filter_map(|s| RollRange::parse(s))
            .collect();
        assert_eq!(
            check_coverage(&overlapping, 1, 6),
            vec![Coverage::Overlap(vec![((3, 3), vec![0, 1])])]
        );
        assert_eq!(describe_rolls(&[3, 5, 6, 7, 12]), "3, 5-7, 12");
    }
}
