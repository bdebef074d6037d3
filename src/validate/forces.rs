//! Validate stage: the sides `[[forces]]` entries and aid `forces` blocks
//! name are sides of the game (`dangling-reference` at the name if not).

use crate::diag::Diagnostics;
use crate::model::{AidBlock, Game, Located};

pub fn check_force_sides(game: &Game, diags: &mut Diagnostics) {
    let named = game.forces.iter().filter_map(|f| f.side.as_ref());
    let blocks = game
        .aids
        .iter()
        .flat_map(|a| &a.blocks)
        .filter_map(|b| match b {
            AidBlock::Forces { side, .. } => side.as_ref(),
            _ => None,
        });
    for side in named.chain(blocks) {
        check_side(game, side, diags);
    }
}

fn check_side(game: &Game, side: &Located<String>, diags: &mut Diagnostics) {
    if game.side(&side.value).is_none() {
        let known = game.sides.iter().map(|s| s.name.as_str());
        diags.push(super::dangling(side, "side", known));
    }
}
