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

/// What is wrong with a table's rows over the rolls it can receive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Coverage {
    /// Rolls no row answers.
    Gap(Vec<i64>),
    /// Rolls answered by more than one row: (roll, indices of the rows).
    Overlap(Vec<(i64, Vec<usize>)>),
}

/// Checks that every roll in `low..=high` falls in exactly one of `rows`.
/// Returns every problem (gaps first, then overlaps), empty when the table is sound.
pub fn check_coverage(rows: &[RollRange], low: i64, high: i64) -> Vec<Coverage> {
    let mut gaps = Vec::new();
    let mut overlaps = Vec::new();
    for roll in low..=high {
        let hits: Vec<usize> = rows
            .iter()
            .enumerate()
            .filter(|(_, r)| r.contains(roll))
            .map(|(i, _)| i)
            .collect();
        match hits.len() {
            0 => gaps.push(roll),
            1 => {}
            _ => overlaps.push((roll, hits)),
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
            vec![Coverage::Gap(vec![7, 8])]
        );
        let overlapping: Vec<RollRange> = ["1-3", "3-6"]
            .iter()
            .filter_map(|s| RollRange::parse(s))
            .collect();
        assert_eq!(
            check_coverage(&overlapping, 1, 6),
            vec![Coverage::Overlap(vec![(3, vec![0, 1])])]
        );
        assert_eq!(describe_rolls(&[3, 5, 6, 7, 12]), "3, 5-7, 12");
    }
}
