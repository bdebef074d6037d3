//! Model stage: the rules model a game's data is loaded into (games, sides,
//! decks with declared fields, aids, sheet and card templates). Plain data
//! with source locations; no file access and no knowledge of renderers.

mod chart;
mod deck;
mod game;
mod roll;
mod sheet;
mod template;

pub use chart::{
    BlockKind, CellCodes, Chart, ChartBlock, CheckSection, Checklist, LegendEntry, Lookup, Matrix,
    MatrixRow, MatrixSection, ModEntry, ModSection, ModValue, Modifier, ModifierList, Numbering,
    RangeRow, RangeTable, ResultRow, ResultsTable, RowOdds, Step, row_odds,
};
pub use deck::{Card, Constraints, CountPer, Deck, FieldDecl, FieldKind, FieldValue, Unique};
pub use game::{Aid, AidBlock, AidJob, Force, Game, LabelJob, PointsRow, Publish, RulesPage, Side};
pub use roll::{Coverage, Dice, RollRange, check_coverage, describe_rolls};
pub use sheet::{Paper, SheetTemplate};
pub use template::{Align, CardTemplate, Region, Style, VAlign};

use crate::diag::Loc;

/// A value with the place in the source it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Located<T> {
    pub value: T,
    pub loc: Loc,
}

impl<T> Located<T> {
    pub fn new(value: T, loc: Loc) -> Located<T> {
        Located { value, loc }
    }
}
