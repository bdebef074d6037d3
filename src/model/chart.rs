//! Model: a game's charts and tables — results tables keyed by dice rolls
//! with a legend of result codes, roll-range tables (a die range per cell, as
//! the barrage and fatigue tables), modifier lists with "use only one"
//! groups, matrices of declared symbols and structured checklists — and the
//! exact odds of each row of a results table under a net modifier.

use super::{Dice, Located, RollRange};
use crate::diag::Loc;

/// One chart file: a titled panel of blocks printed together.
#[derive(Clone, Debug)]
pub struct Chart {
    pub id: String,
    pub title: String,
    /// Rule reference printed beside the title ("5.1", "5.3 & 5.4"), where written.
    pub rule: Option<Located<String>>,
    pub blocks: Vec<ChartBlock>,
    pub loc: Loc,
}

/// A block of a chart, in reading order. `beside` places it to the right of
/// the block before it.
#[derive(Clone, Debug)]
pub struct ChartBlock {
    pub kind: BlockKind,
    pub beside: bool,
    pub loc: Loc,
}

#[derive(Clone, Debug)]
pub enum BlockKind {
    Results(ResultsTable),
    Ranges(RangeTable),
    Modifiers(ModifierList),
    Matrix(Matrix),
    Checklist(Checklist),
    /// Paragraphs of rich text.
    Notes(Vec<Located<String>>),
}

/// How the cells of a results table are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellCodes {
    /// Each cell is result codes joined by " & ", every one defined in the legend.
    Codes,
    /// Cells are plain outcomes; legend entries are terms that must occur in them.
    Text,
}

/// A results table: rows keyed by (modified) rolls of `dice`.
#[derive(Clone, Debug)]
pub struct ResultsTable {
    pub id: Located<String>,
    pub title: String,
    pub rule: Option<Located<String>>,
    pub dice: Located<Dice>,
    /// The net modifiers the roll can receive (inclusive); (0, 0) for a plain roll.
    pub drm: Located<(i64, i64)>,
    /// Header of the roll column and of each result column.
    pub roll_header: String,
    /// Whether the data names the roll column; else its head is the
    /// game's word (`roll`, see [`super::crt::add_engine_texts`]) and a
    /// translation does not key it.
    pub roll_header_given: bool,
    pub columns: Vec<Located<String>>,
    pub rows: Vec<ResultRow>,
    pub cells: CellCodes,
    /// The cell text meaning "no result".
    pub none: String,
    pub legend: Vec<LegendEntry>,
    pub notes: Vec<Located<String>>,
    /// Printed with results as column heads and rolls beneath (as engagement tables are).
    pub across: bool,
    /// A combat results table: its columns are odds ratios or differentials.
    pub combat: Option<super::crt::CombatColumns>,
    /// Whether the last of `notes` is grogpress's note of how the combat
    /// table is read (in the game's words: [`super::crt::add_engine_texts`]),
    /// not the data's: a translation does not key it.
    pub combat_note: bool,
    pub loc: Loc,
}

#[derive(Clone, Debug)]
pub struct ResultRow {
    pub roll: Located<RollRange>,
    /// The roll as written in the data ("4 or less").
    pub roll_text: String,
    pub results: Vec<Located<String>>,
    pub loc: Loc,
}

/// "A# - Attacker loses # steps from his AR unit." `#` in a code stands for a number.
#[derive(Clone, Debug)]
pub struct LegendEntry {
    pub code: Located<String>,
    pub text: String,
}

impl LegendEntry {
    /// Whether a result code is this entry: equal, or equal with `#` standing for digits.
    pub fn matches(&self, code: &str) -> bool {
        let pattern = self.code.value.as_str();
        if !pattern.contains('#') {
            return pattern == code;
        }
        let (before, after) = pattern.split_once('#').unwrap_or((pattern, ""));
        code.strip_prefix(before)
            .and_then(|rest| rest.strip_suffix(after))
            .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
    }
}

impl ResultsTable {
    /// The result codes of a cell: split on " & ", footnote stars dropped;
    /// the "no result" cell has none.
    pub fn codes<'a>(&self, cell: &'a str) -> Vec<&'a str> {
        if cell.trim() == self.none {
            return Vec::new();
        }
        cell.split(" & ")
            .map(|c| c.trim().trim_end_matches('*').trim_end())
            .filter(|c| !c.is_empty())
            .collect()
    }

    /// The lowest and highest modified roll the table can receive.
    pub fn reach(&self) -> (i64, i64) {
        let (lo, hi) = self.drm.value;
        (
            self.dice.value.min().saturating_add(lo),
            self.dice.value.max().saturating_add(hi),
        )
    }
}

/// The chance of one row: `ways` of `outcomes` equally likely rolls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowOdds {
    pub ways: u64,
    pub outcomes: u64,
}

impl RowOdds {
    /// The fraction in lowest terms (0 is 0/1).
    pub fn reduced(self) -> (u64, u64) {
        let g = gcd(self.ways, self.outcomes).max(1);
        (self.ways / g, self.outcomes / g)
    }

    /// The chance as people write it: "1/6"; "0" for never, "1" for always.
    pub fn fraction(self) -> String {
        match self.reduced() {
            (0, _) => "0".to_string(),
            (n, 1) => n.to_string(),
            (n, d) => format!("{n}/{d}"),
        }
    }

    pub fn percent(self) -> f64 {
        if self.outcomes == 0 {
            return 0.0;
        }
        self.ways as f64 * 100.0 / self.outcomes as f64
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The odds of each row when `dice` are rolled and `drm` added: the one
/// function behind `grogpress odds` and the chart set's odds column. A roll
/// no row answers counts for no row; a roll two rows answer counts for the first.
pub fn row_odds(dice: Dice, rows: &[RollRange], drm: i64) -> Vec<RowOdds> {
    let outcomes = dice.outcomes();
    let mut ways = vec![0u64; rows.len()];
    for (i, w) in dice.ways().into_iter().enumerate() {
        let roll = (dice.min() + i as i64).saturating_add(drm);
        if let Some(row) = rows.iter().position(|r| r.contains(roll)) {
            ways[row] += w;
        }
    }
    ways.into_iter()
        .map(|ways| RowOdds { ways, outcomes })
        .collect()
}

/// A table of die ranges: one row per case, each cell the rolls on `dice`
/// that give the effect (barrage: "5-6"; fatigue: "1-2"), or a declared word.
#[derive(Clone, Debug)]
pub struct RangeTable {
    pub id: Located<String>,
    pub title: String,
    pub rule: Option<Located<String>>,
    pub dice: Located<Dice>,
    /// Header of the case column ("Target").
    pub label_header: String,
    pub columns: Vec<String>,
    /// A heading spanning the range columns ("Loss Range").
    pub span_header: Option<String>,
    /// Words allowed in place of a range ("Automatic").
    pub words: Vec<String>,
    /// Ranges open below or above written in a language's words ("5 oder
    /// mehr", a translation's build), each with the range it stands for:
    /// printed as written, read as the range (its chance beside it).
    pub open: Vec<(String, RollRange)>,
    pub rows: Vec<RangeRow>,
    pub notes: Vec<Located<String>>,
    pub loc: Loc,
}

impl RangeTable {
    /// The range a cell stands for: a range as written ("5-6", "5 or
    /// more"), or one in the language's words ("5 oder mehr"); None for a
    /// cell of words ("Automatic").
    pub fn range(&self, cell: &str) -> Option<RollRange> {
        if let Some((_, r)) = self.open.iter().find(|(text, _)| text == cell) {
            return Some(*r);
        }
        if self.words.iter().any(|w| w == cell) {
            return None;
        }
        RollRange::parse(cell)
    }
}

#[derive(Clone, Debug)]
pub struct RangeRow {
    /// The case, one line per printed line ("Hard unit", "Deployed Stand Off unit").
    pub label: Vec<String>,
    pub cells: Vec<Located<String>>,
    pub loc: Loc,
}

/// A modifier's value: "+1", "-2", "-X", "+/-X".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModValue {
    Fixed(i64),
    /// A value named by a letter: sign (+1, -1, or 0 for "+/-") and the letter.
    Variable(i8, char),
}

impl ModValue {
    pub fn parse(s: &str) -> Option<ModValue> {
        let s = s.trim().replace(['–', '−'], "-");
        if let Some(x) = s.strip_prefix("+/-") {
            return single_letter(x).map(|c| ModValue::Variable(0, c));
        }
        let (sign, rest) = match s.as_bytes().first() {
            Some(b'+') => (1, &s[1..]),
            Some(b'-') => (-1, &s[1..]),
            _ => return None,
        };
        if let Some(c) = single_letter(rest) {
            return Some(ModValue::Variable(sign, c));
        }
        if rest.is_empty() || !rest.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        rest.parse::<i64>()
            .ok()
            .map(|n| ModValue::Fixed(i64::from(sign) * n))
    }
}

fn single_letter(s: &str) -> Option<char> {
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_uppercase() => Some(c),
        _ => None,
    }
}

/// A list of modifiers in headed sections.
#[derive(Clone, Debug)]
pub struct ModifierList {
    pub id: Located<String>,
    pub title: String,
    pub rule: Option<Located<String>>,
    /// Header of the value column ("Modifier"), if printed.
    pub value_header: Option<String>,
    pub intro: Vec<Located<String>>,
    pub sections: Vec<ModSection>,
    pub notes: Vec<Located<String>>,
    pub loc: Loc,
}

#[derive(Clone, Debug)]
pub struct ModSection {
    pub heading: Option<String>,
    pub entries: Vec<ModEntry>,
}

#[derive(Clone, Debug)]
pub struct Modifier {
    pub text: String,
    pub value: Located<String>,
}

#[derive(Clone, Debug)]
pub enum ModEntry {
    One(Modifier),
    /// Options under a lead-in ("Shock Attack AV unit is ..."). `only_one`:
    /// the players use only one of them. `joined`: printed on one line as
    /// "Breakthrough / Hard Red  +2/+1".
    Group {
        lead: Option<String>,
        only_one: bool,
        joined: bool,
        options: Vec<Modifier>,
        loc: Loc,
    },
}

/// A grid of declared symbols: rows (in optional sections) by columns.
#[derive(Clone, Debug)]
pub struct Matrix {
    pub id: Located<String>,
    pub title: String,
    pub rule: Option<Located<String>>,
    /// Header of the row-label column; `None` when rows have no labels.
    pub label_header: Option<String>,
    pub columns: Vec<String>,
    pub symbols: Vec<Located<String>>,
    pub sections: Vec<MatrixSection>,
    /// The first columns are conditions and every combination of their
    /// values must have exactly one row (the isolation tables).
    pub lookup: Option<Lookup>,
    pub intro: Vec<Located<String>>,
    pub notes: Vec<Located<String>>,
    /// Where grogpress made the matrix from a map (its terrain effects
    /// chart): the symbols its data wrote (the values of its other
    /// effects, "Blocked"), the only texts of it a translation keys as the
    /// chart's — the rest are the engine's words and the map's own texts.
    /// None for a matrix a chart file writes.
    pub made_symbols: Option<Vec<String>>,
    pub loc: Loc,
}

/// A matrix read as a lookup: `keys` leading condition columns taking
/// `values`; a key cell "Yes / No" stands for each of its alternatives.
#[derive(Clone, Debug)]
pub struct Lookup {
    pub keys: usize,
    pub values: Vec<String>,
    pub loc: Loc,
}

impl Lookup {
    /// The alternatives a key cell stands for.
    pub fn alternatives(cell: &str) -> Vec<&str> {
        cell.split(" / ").map(str::trim).collect()
    }
}

#[derive(Clone, Debug)]
pub struct MatrixSection {
    pub heading: Option<String>,
    pub rows: Vec<MatrixRow>,
}

#[derive(Clone, Debug)]
pub struct MatrixRow {
    pub label: Option<String>,
    pub cells: Vec<Located<String>>,
    /// A patch of terrain or a stroke of a feature printed before the
    /// label (the terrain effects chart's rows).
    pub swatch: Option<super::map::Swatch>,
    pub loc: Loc,
}

/// Numbered or marked steps in headed sections.
#[derive(Clone, Debug)]
pub struct Checklist {
    pub id: Located<String>,
    pub title: String,
    pub rule: Option<Located<String>>,
    /// Who may carry out a step ("A" = Attacker...), with its meaning.
    pub actors: Vec<Located<String>>,
    pub intro: Vec<Located<String>>,
    pub sections: Vec<CheckSection>,
    pub notes: Vec<Located<String>>,
    pub loc: Loc,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Numbering {
    None,
    Numbers,
    Letters,
}

impl Numbering {
    /// The label of the `n`th step (0-based) across the checklist: "1)", "a)".
    pub fn label(self, n: usize) -> Option<String> {
        match self {
            Numbering::None => None,
            Numbering::Numbers => Some(format!("{})", n + 1)),
            Numbering::Letters => u8::try_from(n)
                .ok()
                .filter(|n| *n < 26)
                .map(|n| format!("{})", (b'a' + n) as char)),
        }
    }
}

#[derive(Clone, Debug)]
pub struct CheckSection {
    pub heading: Option<String>,
    /// How its steps are numbered: "1)" numbers, "a)" letters, or none (marks only).
    pub numbering: Numbering,
    pub intro: Vec<Located<String>>,
    pub steps: Vec<Step>,
    pub outro: Vec<Located<String>>,
}

#[derive(Clone, Debug)]
pub struct Step {
    /// A mark printed before an unnumbered step ("◇", "✓").
    pub mark: Option<String>,
    pub actor: Option<Located<String>>,
    pub title: Option<String>,
    pub text: String,
    pub items: Vec<Step>,
    pub loc: Loc,
}

impl Chart {
    /// Every results table in the chart.
    pub fn results_tables(&self) -> impl Iterator<Item = &ResultsTable> {
        self.blocks.iter().filter_map(|b| match &b.kind {
            BlockKind::Results(t) => Some(t),
            _ => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn range(s: &str) -> RollRange {
        RollRange::parse(s).unwrap_or_else(|| panic!("range {s}"))
    }

    #[test]
    fn odds_of_the_combat_table() {
        let rows: Vec<RollRange> = ["4 or less", "5-6", "7-8", "9-10", "11-12", "13 or more"]
            .iter()
            .map(|s| range(s))
            .collect();
        let dice = Dice::parse("2d6").unwrap_or(Dice { count: 2, sides: 6 });
        let ways: Vec<u64> = row_odds(dice, &rows, 0).iter().map(|o| o.ways).collect();
        assert_eq!(ways, vec![6, 9, 11, 7, 3, 0]);
        let ways: Vec<u64> = row_odds(dice, &rows, 3).iter().map(|o| o.ways).collect();
        assert_eq!(ways, vec![0, 3, 7, 11, 9, 6]);
        let o = RowOdds {
            ways: 6,
            outcomes: 36,
        };
        assert_eq!(o.reduced(), (1, 6));
        assert_eq!(o.fraction(), "1/6");
        let never = RowOdds {
            ways: 0,
            outcomes: 36,
        };
        let always = RowOdds {
            ways: 36,
            outcomes: 36,
        };
        assert_eq!(
            (never.fraction(), always.fraction()),
            ("0".to_string(), "1".to_string())
        );
        assert_eq!(
            RowOdds {
                ways: 0,
                outcomes: 36
            }
            .reduced(),
            (0, 1)
        );
    }

    #[test]
    fn legend_codes_with_numbers() {
        let entry = |code: &str| LegendEntry {
            code: Located::new(code.to_string(), Loc::new(0, 0..0)),
            text: String::new(),
        };
        assert!(entry("A#").matches("A2"));
        assert!(entry("A#").matches("A10"));
        assert!(!entry("A#").matches("A"));
        assert!(!entry("A#").matches("[A1]"));
        assert!(entry("[A1]").matches("[A1]"));
        assert!(entry("D: Retreat").matches("D: Retreat"));
    }

    #[test]
    fn modifier_values() {
        assert_eq!(ModValue::parse("+1"), Some(ModValue::Fixed(1)));
        assert_eq!(ModValue::parse("-3"), Some(ModValue::Fixed(-3)));
        assert_eq!(ModValue::parse("-X"), Some(ModValue::Variable(-1, 'X')));
        assert_eq!(ModValue::parse("+/-X"), Some(ModValue::Variable(0, 'X')));
        assert_eq!(ModValue::parse("1"), None);
        assert_eq!(ModValue::parse("+2/+1"), None);
        assert_eq!(ModValue::parse("+"), None);
    }

    #[test]
    fn step_labels() {
        assert_eq!(Numbering::Letters.label(0).as_deref(), Some("a)"));
        assert_eq!(Numbering::Letters.label(9).as_deref(), Some("j)"));
        assert_eq!(Numbering::Numbers.label(7).as_deref(), Some("8)"));
        assert_eq!(Numbering::None.label(0), None);
    }
}
