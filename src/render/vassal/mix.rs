//! Render: a VASSAL module's counter mix — every counter the game prints,
//! as many copies as it prints, stacked by kind on a "Counter Mix" map, a
//! row to a side. The copies are pieces of the set-ups' saved games (the
//! whole mix alone, and in each scenario what the scenario does not
//! place), so a game started from a set-up holds the printed counters.

use std::fmt::Write as _;

use super::{MAP_PARTS, VassalModule, xml};

/// The saved game of the set-up holding the whole counter mix (a name no
/// scenario's id can take: ids have no spaces).
pub const MIX_FILE: &str = "counter mix.vsav";

/// A stack's cell on the board, in pixels.
const CELL: u32 = 110;

/// Where the copies of piece `piece` of side `side` stand on the board.
pub fn mix_point(side: usize, piece: usize) -> (i64, i64) {
    let at = |i: usize| i64::from(CELL) * i as i64 + i64::from(CELL / 2);
    (at(piece), at(side))
}

/// The counter mix's map window: a plain board, a row of stacks to each
/// side (none without counters).
pub(super) fn counter_mix(module: &VassalModule) -> String {
    if module.counters.is_empty() {
        return String::new();
    }
    let columns = module
        .counters
        .iter()
        .map(|(_, pieces)| pieces.len())
        .max()
        .unwrap_or(0) as u32;
    let rows = module.counters.len() as u32;
    let mut out = String::new();
    let mix = &module.words.vassal_mix;
    let _ = writeln!(out, "  <VASSAL.build.module.Map mapName=\"{}\">", xml(mix));
    out.push_str("    <VASSAL.build.module.map.BoardPicker>\n");
    let _ = writeln!(
        out,
        "      <VASSAL.build.module.map.boardPicker.Board color=\"230,230,220\" height=\"{}\" image=\"\" name=\"{}\" reversible=\"false\" width=\"{}\"/>",
        rows.max(1) * CELL,
        xml(mix),
        columns.max(1) * CELL
    );
    out.push_str("    </VASSAL.build.module.map.BoardPicker>\n");
    for part in MAP_PARTS {
        let _ = writeln!(out, "    <{part}/>");
    }
    out.push_str("  </VASSAL.build.module.Map>\n");
    out
}
