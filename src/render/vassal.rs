//! Render: a VASSAL module's `buildFile.xml` and `moduledata` from a
//! [`VassalModule`] — decks as draw piles of cards (each a basic piece
//! with its front, masked by its back), counters as pieces whose two faces
//! are the levels of a layer, flipped with Ctrl+F, in a piece palette by
//! side, and boards with their hex or square grid — in the element names
//! and piece encodings VASSAL's own source reads (`VASSAL.build.*`
//! classes; `BasicPiece`, `Obscurable`, `Embellishment` type strings
//! through `SequenceEncoder`).

use std::fmt::Write as _;

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
}

/// A board: its image and, if it has one, its grid.
#[derive(Clone, Debug)]
pub struct VassalBoard {
    pub name: String,
    pub image: String,
    pub width: u32,
    pub height: u32,
    pub grid: Option<VassalGrid>,
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
    },
    Square {
        x0: f32,
        y0: f32,
        dx: f32,
        dy: f32,
    },
    /// Named points a piece snaps to, each reporting its name as the
    /// piece's location (VASSAL's `RegionGrid`): a map's places, and any
    /// other named spot (a track's box) as (name, x, y) in pixels.
    Regions(Vec<(String, f32, f32)>),
}

/// A `RegionGrid` of named points (pixels of the board's picture), each a
/// `Region` that pieces snap to and that names their location. Points
/// that round to a pixel already taken are left to the first (VASSAL keys
/// regions by their point).
pub fn region_grid(regions: &[(String, f32, f32)]) -> String {
    let mut s = String::from(
        "        <VASSAL.build.module.map.boardPicker.board.RegionGrid fontsize=\"9\" snapto=\"true\" visible=\"false\">\n",
    );
    for (name, x, y) in regions {
        let _ = writeln!(
            s,
            "          <VASSAL.build.module.map.boardPicker.board.Region name=\"{}\" originx=\"{}\" originy=\"{}\"/>",
            xml(name),
            x.round() as i64,
            y.round() as i64
        );
    }
    s.push_str("        </VASSAL.build.module.map.boardPicker.board.RegionGrid>\n");
    s
}

/// VASSAL's `SequenceEncoder`: values joined by `delimiter`, each
/// occurrence of the delimiter in a value escaped with a backslash, and a
/// value ending in a backslash (or wrapped in quotes) quoted.
struct Sequence {
    delimiter: char,
    out: Option<String>,
}

impl Sequence {
    fn new(delimiter: char) -> Self {
        Sequence {
            delimiter,
            out: None,
        }
    }

    fn push(mut self, value: &str) -> Self {
        let out = match self.out.as_mut() {
            Some(out) => {
                out.push(self.delimiter);
                out
            }
            None => self.out.insert(String::new()),
        };
        let quoted = value.ends_with('\\') || (value.starts_with('\'') && value.ends_with('\''));
        if quoted {
            out.push('\'');
        }
        for c in value.chars() {
            if c == self.delimiter {
                out.push('\\');
            }
            out.push(c);
        }
        if quoted {
            out.push('\'');
        }
        self
    }

    fn value(self) -> String {
        self.out.unwrap_or_default()
    }
}

/// Ctrl+F: keycode 70, modifiers Ctrl (2) | Ctrl-down (128).
const CTRL_F: &str = "70,130";

/// A basic piece's type: no clone or delete keys, its image and name.
fn basic_piece(image: &str, name: &str) -> String {
    format!(
        "piece;{}",
        Sequence::new(';')
            .push("")
            .push("")
            .push(image)
            .push(name)
            .value()
    )
}

/// A basic piece's state: on no map, at 0,0, its slot id.
fn basic_state(gpid: usize) -> String {
    format!("null;0;0;{gpid};0")
}

/// A mask (Obscurable) showing `back` to those who may not see the front,
/// turned with Ctrl+F ("Flip").
fn mask(back: &str) -> String {
    format!(
        "obs;{}",
        Sequence::new(';')
            .push(CTRL_F)
            .push(back)
            .push("Flip")
            .push("B")
            .push("?")
            .value()
    )
}

/// A layer (Embellishment) of two levels, the front and the back, always
/// shown, its level turned with Ctrl+F ("Flip").
fn two_faces(front: &str, back: &str) -> String {
    let images = Sequence::new(',').push(front).push(back).value();
    let names = Sequence::new(',').push("").push("").value();
    let fields: [&str; 29] = [
        "", "130", "", "Flip", "130", "F", "", "130", "", "", "", "1", "false", "0", "0", &images,
        &names, "true", "Face", "", "", "false", "", "1", "1", "true", "", CTRL_F, "",
    ];
    let mut seq = Sequence::new(';');
    for field in fields {
        seq = seq.push(field);
    }
    format!("emb2;{}", seq.value())
}

/// The text of a piece slot: VASSAL's add-piece command, the traits'
/// types outermost first joined by tabs, then their states.
fn piece_text(types: &[String], states: &[String]) -> String {
    let join = |parts: &[String]| {
        parts
            .iter()
            .fold(Sequence::new('\t'), |s, p| s.push(p))
            .value()
    };
    Sequence::new('/')
        .push("+")
        .push("null")
        .push(&join(types))
        .push(&join(states))
        .value()
}

/// A card of a deck: a basic piece with its front, masked by the back.
pub fn card_text(card: &VassalCard, back: &str, gpid: usize) -> String {
    piece_text(
        &[mask(back), basic_piece(&card.front, &card.name)],
        &["null".to_string(), basic_state(gpid)],
    )
}

/// A counter: a basic piece without an image under a two-level layer.
pub fn counter_text(counter: &VassalCounter, gpid: usize) -> String {
    piece_text(
        &[
            two_faces(&counter.front, &counter.back),
            basic_piece("", &counter.name),
        ],
        &["1".to_string(), basic_state(gpid)],
    )
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
    // The table: the decks, face down, side by side (none without decks).
    if !module.decks.is_empty() {
        body.push_str(&table(module, &mut next));
    }
    for board in &module.boards {
        body.push_str(&board_map(board));
    }
    if !module.counters.is_empty() {
        body.push_str("  <VASSAL.build.module.PieceWindow name=\"Counters\">\n");
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
                    xml(&counter_text(piece, id))
                );
            }
            body.push_str("    </VASSAL.build.widget.ListWidget>\n");
        }
        body.push_str("  </VASSAL.build.module.PieceWindow>\n");
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

/// The map window of the decks: each a face-down draw pile on a plain table.
fn table(module: &VassalModule, next: &mut impl FnMut() -> usize) -> String {
    let mut out = String::new();
    let table_width = 200 + module.decks.iter().map(|d| d.width + 60).sum::<u32>();
    let table_height = 200 + module.decks.iter().map(|d| d.height).max().unwrap_or(0);
    let _ = writeln!(out, "  <VASSAL.build.module.Map mapName=\"Table\">");
    out.push_str("    <VASSAL.build.module.map.BoardPicker>\n");
    let _ = writeln!(
        out,
        "      <VASSAL.build.module.map.boardPicker.Board color=\"225,225,215\" height=\"{table_height}\" image=\"\" name=\"Table\" reversible=\"false\" width=\"{table_width}\"/>"
    );
    out.push_str("    </VASSAL.build.module.map.BoardPicker>\n");
    for part in MAP_PARTS {
        let _ = writeln!(out, "    <{part}/>");
    }
    let mut left = 100;
    for deck in &module.decks {
        let _ = writeln!(
            out,
            "    <VASSAL.build.module.map.DrawPile allowMultiple=\"false\" allowSelect=\"false\" draw=\"true\" faceDown=\"Always\" height=\"{}\" name=\"{}\" owningBoard=\"Table\" reshufflable=\"false\" shuffle=\"Always\" width=\"{}\" x=\"{}\" y=\"{}\">",
            deck.height,
            xml(&deck.name),
            deck.width,
            left + deck.width / 2,
            100 + deck.height / 2
        );
        for card in &deck.cards {
            let id = next();
            let _ = writeln!(
                out,
                "      <VASSAL.build.widget.CardSlot entryName=\"{}\" gpid=\"{id}\" height=\"{}\" width=\"{}\">{}</VASSAL.build.widget.CardSlot>",
                xml(&card.name),
                deck.height,
                deck.width,
                xml(&card_text(card, &deck.back, id))
            );
        }
        out.push_str("    </VASSAL.build.module.map.DrawPile>\n");
        left += deck.width + 60;
    }
    out.push_str("  </VASSAL.build.module.Map>\n");
    out
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
        "      <VASSAL.build.module.map.boardPicker.Board height=\"{}\" image=\"{}\" name=\"{}\" reversible=\"false\" width=\"{}\"",
        board.height,
        xml(&board.image),
        xml(&board.name),
        board.width
    );
    match &board.grid {
        None => s.push_str("/>\n"),
        Some(grid) => {
            s.push_str(">\n");
            let _ = match grid {
                VassalGrid::Hex {
                    x0,
                    y0,
                    dx,
                    dy,
                    sideways,
                } => {
                    // VASSAL turns a sideways grid's points (x and y
                    // swapped) before it measures them from the origin,
                    // so that origin is written turned too (HexGrid's
                    // snapToHex and draw).
                    let (ox, oy) = if *sideways { (y0, x0) } else { (x0, y0) };
                    writeln!(
                        s,
                        "        <VASSAL.build.module.map.boardPicker.board.HexGrid color=\"0,0,0\" cornersLegal=\"false\" dotsVisible=\"false\" dx=\"{dx:.3}\" dy=\"{dy:.3}\" edgesLegal=\"false\" sideways=\"{sideways}\" snapTo=\"true\" visible=\"false\" x0=\"{}\" y0=\"{}\"/>",
                        ox.round() as i64,
                        oy.round() as i64
                    )
                }
                VassalGrid::Regions(regions) => {
                    s.push_str(&region_grid(regions));
                    Ok(())
                }
                VassalGrid::Square { x0, y0, dx, dy } => writeln!(
                    s,
                    "        <VASSAL.build.module.map.boardPicker.board.SquareGrid color=\"0,0,0\" cornersLegal=\"false\" dotsVisible=\"false\" dx=\"{dx:.3}\" dy=\"{dy:.3}\" edgesLegal=\"false\" range=\"Metric\" snapTo=\"true\" visible=\"false\" x0=\"{}\" y0=\"{}\"/>",
                    x0.round() as i64,
                    y0.round() as i64
                ),
            };
            s.push_str("      </VASSAL.build.module.map.boardPicker.Board>\n");
        }
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

    /// VASSAL's decoder: the next token up to an unescaped delimiter, the
    /// escapes taken out, quotes round a token removed.
    fn decode(s: &str, delimiter: char) -> Vec<String> {
        let mut out = Vec::new();
        let mut token = String::new();
        let mut chars = s.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '\\' && chars.peek() == Some(&delimiter) {
                token.push(delimiter);
                chars.next();
            } else if c == delimiter {
                out.push(std::mem::take(&mut token));
            } else {
                token.push(c);
            }
        }
        out.push(token);
        out.into_iter()
            .map(|t| {
                if t.len() > 1 && t.starts_with('\'') && t.ends_with('\'') {
                    t[1..t.len() - 1].to_string()
                } else {
                    t
                }
            })
            .collect()
    }

    #[test]
    fn a_card_text_decodes_to_its_traits_with_names_that_hold_delimiters() {
        let card = VassalCard {
            name: "1/1 Inf; \"A\"".into(),
            front: "images/cards/01-one.png".into(),
        };
        let text = card_text(&card, "images/cards/back.png", 7);
        let parts = decode(&text, '/');
        assert_eq!(parts.len(), 4, "{text}");
        assert_eq!((parts[0].as_str(), parts[1].as_str()), ("+", "null"));
        let traits = decode(&parts[2], '\t');
        assert_eq!(traits.len(), 2);
        let mask = decode(&traits[0], ';');
        assert_eq!(
            mask[..4],
            ["obs", "70,130", "images/cards/back.png", "Flip"]
        );
        let basic = decode(&traits[1], ';');
        assert_eq!(
            basic,
            ["piece", "", "", "images/cards/01-one.png", "1/1 Inf; \"A\""]
        );
        let states = decode(&parts[3], '\t');
        assert_eq!(states, ["null", "null;0;0;7;0"]);
    }

    #[test]
    fn a_counter_is_a_layer_of_its_two_faces_over_a_basic_piece() {
        let counter = VassalCounter {
            name: "Archer".into(),
            front: "images/counters/archer-front.png".into(),
            back: "images/counters/archer-back.png".into(),
        };
        let parts = decode(&counter_text(&counter, 3), '/');
        let traits = decode(&parts[2], '\t');
        let layer = decode(&traits[0], ';');
        assert_eq!(layer[0], "emb2");
        // Embellishment's fields in the order its mySetType reads them.
        let images = decode(&layer[16], ',');
        assert_eq!(images, [counter.front.as_str(), counter.back.as_str()]);
        assert_eq!(
            (layer[4].as_str(), layer[5].as_str(), layer[6].as_str()),
            ("Flip", "130", "F")
        );
        assert_eq!(layer[19], "Face");
        assert_eq!(layer[26], "true", "always active");
        assert_eq!(layer[28], CTRL_F, "the increase key");
        assert_eq!(decode(&traits[1], ';'), ["piece", "", "", "", "Archer"]);
        assert_eq!(decode(&parts[3], '\t'), ["1", "null;0;0;3;0"]);
    }

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
                }),
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
