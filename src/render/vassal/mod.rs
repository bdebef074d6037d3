//! Render: a VASSAL module's `buildFile.xml` and `moduledata` from a
//! [`VassalModule`] — decks as draw piles of cards (each a basic piece
//! with its front, masked by its back), each with a face-up discard pile
//! and a hand per side, counters as pieces whose two faces are the levels
//! of a layer, flipped with Ctrl+F, in a piece palette by side (and in
//! their printed numbers on a "Counter Mix" map of the set-ups), boards with their hex or
//! square grid, dice buttons, a Charts window and a turn tracker — in the element names
//! and piece encodings VASSAL's own source reads (`VASSAL.build.*`
//! classes; `BasicPiece`, `Obscurable`, `Embellishment` type strings
//! through `SequenceEncoder`).

use std::fmt::Write as _;

mod grid;
mod mix;
mod piece;
mod setup;
mod table;
mod tools;

pub use grid::{Numbering, VassalZone};
pub use mix::MIX_FILE;
pub use piece::{card_text, counter_text};
pub use setup::{Placed, VassalSetup, setup_file};
pub use tools::{VassalChart, VassalDie, VassalTurns};

use grid::grid_element;

/// The VASSAL version the module is written for.
pub const VASSAL_VERSION: &str = "3.6.7";

/// A whole module.
#[derive(Clone, Debug, Default)]
pub struct VassalModule {
    pub name: String,
    pub version: String,
    pub description: String,
    /// Sides, for the player roster.
    pub sides: Vec<String>,
    pub decks: Vec<VassalDeck>,
    /// Counters by side: (side, pieces).
    pub counters: Vec<(String, Vec<VassalCounter>)>,
    pub boards: Vec<VassalBoard>,
    /// The scenarios, each a set-up a player starts a game from.
    pub setups: Vec<VassalSetup>,
    /// The game's dice, each a button that rolls it.
    pub dice: Vec<VassalDie>,
    /// The charts and player aids, tabs of a Charts window.
    pub charts: Vec<VassalChart>,
    /// The game's turns, counted by a turn tracker.
    pub turns: Option<VassalTurns>,
    /// The words the module names its windows, piles and commands in
    /// (`vassal_*`, `counters`, `markers`): the game's language's.
    pub words: crate::text::Words,
}

/// A deck: its cards, face down, on the table.
#[derive(Clone, Debug)]
pub struct VassalDeck {
    pub name: String,
    /// The back's image (a file under `images/`).
    pub back: String,
    pub cards: Vec<VassalCard>,
    /// A card's size in pixels.
    pub width: u32,
    pub height: u32,
}

#[derive(Clone, Debug)]
pub struct VassalCard {
    pub name: String,
    pub front: String,
}

/// A counter: a piece with two faces.
#[derive(Clone, Debug)]
pub struct VassalCounter {
    pub name: String,
    pub front: String,
    pub back: String,
    /// How many copies the game prints (its counter mix).
    pub count: usize,
    /// The back is the unit's reduced face.
    pub reduced: bool,
}

/// A board: its image and, if it has one, its grid.
#[derive(Clone, Debug)]
pub struct VassalBoard {
    pub name: String,
    /// Its picture under `images/`; empty: a plain board whose regions
    /// show their names (the holding boxes of the set-ups).
    pub image: String,
    pub width: u32,
    pub height: u32,
    pub grid: Option<VassalGrid>,
    /// Tracks and holding boxes drawn on it, over its grid.
    pub zones: Vec<VassalZone>,
}

/// A board's grid in the image's pixels: the centre of a reference cell and
/// the steps between neighbouring centres.
#[derive(Clone, Debug, PartialEq)]
pub enum VassalGrid {
    /// Hexes. `sideways` false: flat-topped hexes in columns `dx` apart,
    /// centres `dy` apart down a column, every other column half a `dy`
    /// lower; true: pointy-topped hexes in rows `dx` apart, centres `dy`
    /// apart along a row, every other row half a `dy` to the right. `x0`,
    /// `y0` are in the image's pixels either way (`build_file` writes a
    /// sideways origin turned, as VASSAL reads it).
    Hex {
        x0: f32,
        y0: f32,
        dx: f32,
        dy: f32,
        sideways: bool,
        numbering: Option<Numbering>,
    },
    Square {
        x0: f32,
        y0: f32,
        dx: f32,
        dy: f32,
        numbering: Option<Numbering>,
    },
    /// Named points a piece snaps to, each reporting its name as the
    /// piece's location (VASSAL's `RegionGrid`): a map's places, and any
    /// other named spot (a track's box) as (name, x, y) in pixels.
    Regions(Vec<(String, f32, f32)>),
}

/// `s` with the characters XML gives meaning to escaped.
fn xml(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' => out.push_str("&#9;"),
            c if (c as u32) < 0x20 && c != '\n' => {}
            c => out.push(c),
        }
    }
    out
}

/// The components every map window has in VASSAL's own new maps.
const MAP_PARTS: &[&str] = &[
    "VASSAL.build.module.map.StackMetrics",
    "VASSAL.build.module.map.ForwardToKeyBuffer",
    "VASSAL.build.module.map.Scroller",
    "VASSAL.build.module.map.ForwardToChatter",
    "VASSAL.build.module.map.MenuDisplayer",
    "VASSAL.build.module.map.MapCenterer",
    "VASSAL.build.module.map.StackExpander",
    "VASSAL.build.module.map.PieceMover",
    "VASSAL.build.module.map.KeyBufferer",
    "VASSAL.build.module.map.Zoomer",
];

/// The module's `buildFile.xml`.
pub fn build_file(module: &VassalModule) -> String {
    let mut gpid = 0;
    let mut next = || {
        gpid += 1;
        gpid
    };
    let mut x = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
    let mut body = String::new();
    body.push_str("  <VASSAL.build.module.BasicCommandEncoder/>\n");
    body.push_str("  <VASSAL.build.module.Documentation/>\n");
    body.push_str("  <VASSAL.build.module.PlayerRoster>\n");
    for side in &module.sides {
        let _ = writeln!(body, "    <entry>{}</entry>", xml(side));
    }
    body.push_str("  </VASSAL.build.module.PlayerRoster>\n");
    body.push_str("  <VASSAL.build.module.GlobalOptions/>\n");
    // The table: the decks, face down, side by side, each with its discard
    // pile (none without decks); and a hand for each side.
    if !module.decks.is_empty() {
        body.push_str(&table::table(module, &mut next));
        body.push_str(&table::hands(module));
    }
    for board in &module.boards {
        body.push_str(&board_map(board));
    }
    if !module.counters.is_empty() {
        let _ = writeln!(
            body,
            "  <VASSAL.build.module.PieceWindow name=\"{}\">",
            xml(&module.words.counters)
        );
        for (side, pieces) in &module.counters {
            let _ = writeln!(
                body,
                "    <VASSAL.build.widget.ListWidget entryName=\"{}\">",
                xml(side)
            );
            for piece in pieces {
                let id = next();
                let _ = writeln!(
                    body,
                    "      <VASSAL.build.widget.PieceSlot entryName=\"{}\" gpid=\"{id}\" height=\"0\" width=\"0\">{}</VASSAL.build.widget.PieceSlot>",
                    xml(&piece.name),
                    xml(&counter_text(piece, id, &module.words))
                );
            }
            body.push_str("    </VASSAL.build.widget.ListWidget>\n");
        }
        body.push_str("  </VASSAL.build.module.PieceWindow>\n");
    }
    body.push_str(&mix::counter_mix(module));
    body.push_str(&tools::dice_buttons(&module.dice, &module.words));
    body.push_str(&tools::charts_window(&module.charts, &module.words));
    if let Some(turns) = &module.turns {
        body.push_str(&tools::turn_tracker(turns, &module.words));
    }
    // The set-ups, each a saved game in the module (`setup_file`), offered
    // when a game is started.
    for setup in &module.setups {
        let _ = writeln!(
            body,
            "  <VASSAL.build.module.PredefinedSetup description=\"\" file=\"{}\" isMenu=\"false\" name=\"{}\" useFile=\"true\"/>",
            xml(&setup.file),
            xml(&setup.name)
        );
    }
    let _ = writeln!(
        x,
        "<VASSAL.build.GameModule VassalVersion=\"{VASSAL_VERSION}\" description=\"{}\" name=\"{}\" nextPieceSlotId=\"{}\" version=\"{}\">",
        xml(&module.description),
        xml(&module.name),
        gpid + 1,
        xml(&module.version)
    );
    x.push_str(&body);
    x.push_str("</VASSAL.build.GameModule>\n");
    x
}

/// A map window holding one board and its grid.
fn board_map(board: &VassalBoard) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "  <VASSAL.build.module.Map mapName=\"{}\">",
        xml(&board.name)
    );
    s.push_str("    <VASSAL.build.module.map.BoardPicker>\n");
    let _ = write!(
        s,
        "      <VASSAL.build.module.map.boardPicker.Board{} height=\"{}\" image=\"{}\" name=\"{}\" reversible=\"false\" width=\"{}\"",
        if board.image.is_empty() {
            " color=\"235,235,225\""
        } else {
            ""
        },
        board.height,
        xml(&board.image),
        xml(&board.name),
        board.width
    );
    let mut grid = grid_element(board.grid.as_ref(), &board.zones);
    if board.image.is_empty() {
        // No picture: the regions show their names.
        grid = grid.replace("visible=\"false\"", "visible=\"true\"");
    }
    if grid.is_empty() {
        s.push_str("/>\n");
    } else {
        s.push_str(">\n");
        s.push_str(&grid);
        s.push_str("      </VASSAL.build.module.map.boardPicker.Board>\n");
    }
    s.push_str("    </VASSAL.build.module.map.BoardPicker>\n");
    for part in MAP_PARTS {
        let _ = writeln!(s, "    <{part}/>");
    }
    s.push_str("  </VASSAL.build.module.Map>\n");
    s
}

/// The module's `moduledata`: its name, version and VASSAL version.
pub fn module_data(module: &VassalModule) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<data version=\"1\"><version>{}</version><extra1/><extra2/><VassalVersion>{VASSAL_VERSION}</VassalVersion><dateSaved>0</dateSaved><description>{}</description><name>{}</name></data>\n",
        xml(&module.version),
        xml(&module.description),
        xml(&module.name)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sideways_hex_grid_writes_its_origin_turned_as_vassal_reads_it() {
        let grid = |sideways| VassalModule {
            boards: vec![VassalBoard {
                name: "Map".into(),
                image: "map.png".into(),
                width: 500,
                height: 400,
                grid: Some(VassalGrid::Hex {
                    x0: 53.4,
                    y0: 138.2,
                    dx: 77.942,
                    dy: 90.0,
                    sideways,
                    numbering: None,
                }),
                zones: Vec::new(),
            }],
            ..VassalModule::default()
        };
        let upright = build_file(&grid(false));
        assert!(upright.contains("sideways=\"false\"") && upright.contains("x0=\"53\" y0=\"138\""));
        let sideways = build_file(&grid(true));
        assert!(
            sideways.contains("sideways=\"true\"") && sideways.contains("x0=\"138\" y0=\"53\"")
        );
    }
}
