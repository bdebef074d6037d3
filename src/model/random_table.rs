//! Model: a random table — a roll ("1d10") and rows keyed by roll ranges,
//! each giving a result ("1 Seduction").

use super::{Dice, Located, RollRange};
use crate::diag::Loc;

#[derive(Clone, Debug)]
pub struct RandomRow {
    pub roll: Located<RollRange>,
    pub result: Located<String>,
}

#[derive(Clone, Debug)]
pub struct RandomTable {
    pub id: String,
    pub name: String,
    pub dice: Located<Dice>,
    pub rows: Vec<RandomRow>,
    pub loc: Loc,
}
