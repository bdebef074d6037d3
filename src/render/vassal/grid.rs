//! Render: a VASSAL board's grid in `buildFile.xml` — a hex or square grid
//! (with the numbering that names its cells as the game's map does) or a
//! region grid of named points — in the element and attribute names of
//! `VASSAL.build.module.map.boardPicker.board.*`.

use std::fmt::Write as _;

use super::{VassalGrid, xml};

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

/// How VASSAL names a cell of a hex or square grid, as the game's map
/// codes it (`RegularGridNumbering`'s attributes): VASSAL counts a
/// column (`h`) and a row (`v`) from the grid's origin cell, adds the
/// offsets and writes each as a number (`N`, `leading` zeros past the
/// first digit) or a letter (`A`, 0 being "A"); `format` puts them
/// together (`$column$`, `$row$` and the code's own text).
#[derive(Clone, Debug, PartialEq)]
pub struct Numbering {
    pub h_off: i64,
    pub v_off: i64,
    pub h_letters: bool,
    pub v_letters: bool,
    pub h_leading: usize,
    pub v_leading: usize,
    pub format: String,
}

/// A track or a holding box drawn on a board: an outline (a rectangle in
/// the picture's pixels) whose named points pieces snap to and are named
/// by (VASSAL's `Zone` with a `RegionGrid`), the board's own grid around it.
#[derive(Clone, Debug, PartialEq)]
pub struct VassalZone {
    pub name: String,
    /// Left, top, right, bottom.
    pub rect: [f32; 4],
    pub regions: Vec<(String, f32, f32)>,
}

const BOARD: &str = "VASSAL.build.module.map.boardPicker.board";

/// A board's grid element: its grid alone, or, with zones, a `ZonedGrid`
/// of the zones over the grid (the background, where no zone is).
pub fn grid_element(grid: Option<&VassalGrid>, zones: &[VassalZone]) -> String {
    if zones.is_empty() {
        return grid.map(plain_grid).unwrap_or_default();
    }
    let mut s = format!("        <{BOARD}.ZonedGrid>\n");
    for zone in zones {
        let [l, t, r, b] = zone.rect.map(|v| v.round() as i64);
        let _ = writeln!(
            s,
            "        <{BOARD}.mapgrid.Zone highlightProperty=\"\" locationFormat=\"$gridLocation$\" name=\"{}\" path=\"{l},{t};{r},{t};{r},{b};{l},{b}\" useHighlight=\"false\" useParentGrid=\"false\">",
            xml(&zone.name)
        );
        s.push_str(&region_grid(&zone.regions));
        let _ = writeln!(s, "        </{BOARD}.mapgrid.Zone>");
    }
    if let Some(grid) = grid {
        s.push_str(&plain_grid(grid));
    }
    let _ = writeln!(s, "        </{BOARD}.ZonedGrid>");
    s
}

/// A hex, square or region grid, with its numbering.
fn plain_grid(grid: &VassalGrid) -> String {
    match grid {
        VassalGrid::Hex {
            x0,
            y0,
            dx,
            dy,
            sideways,
            numbering,
        } => {
            // VASSAL turns a sideways grid's points (x and y swapped)
            // before it measures them from the origin, so that origin is
            // written turned too (HexGrid's snapToHex and draw).
            let (ox, oy) = if *sideways { (y0, x0) } else { (x0, y0) };
            let head = format!(
                "        <{BOARD}.HexGrid color=\"0,0,0\" cornersLegal=\"false\" dotsVisible=\"false\" dx=\"{dx:.3}\" dy=\"{dy:.3}\" edgesLegal=\"false\" sideways=\"{sideways}\" snapTo=\"true\" visible=\"false\" x0=\"{}\" y0=\"{}\"",
                ox.round() as i64,
                oy.round() as i64
            );
            with_numbering(head, "HexGrid", "HexGridNumbering", numbering.as_ref())
        }
        VassalGrid::Square {
            x0,
            y0,
            dx,
            dy,
            numbering,
        } => {
            let head = format!(
                "        <{BOARD}.SquareGrid color=\"0,0,0\" cornersLegal=\"false\" dotsVisible=\"false\" dx=\"{dx:.3}\" dy=\"{dy:.3}\" edgesLegal=\"false\" range=\"Metric\" snapTo=\"true\" visible=\"false\" x0=\"{}\" y0=\"{}\"",
                x0.round() as i64,
                y0.round() as i64
            );
            with_numbering(
                head,
                "SquareGrid",
                "SquareGridNumbering",
                numbering.as_ref(),
            )
        }
        VassalGrid::Regions(regions) => region_grid(regions),
    }
}

/// A grid element (`head`, its attributes written) closed, holding its
/// numbering if it has one.
fn with_numbering(
    mut head: String,
    grid: &str,
    numbering_class: &str,
    numbering: Option<&Numbering>,
) -> String {
    let Some(n) = numbering else {
        head.push_str("/>\n");
        return head;
    };
    let kind = |letters: bool| if letters { 'A' } else { 'N' };
    let stagger = if numbering_class == "HexGridNumbering" {
        " stagger=\"false\""
    } else {
        ""
    };
    let _ = write!(
        head,
        ">\n          <{BOARD}.mapgrid.{numbering_class} color=\"0,0,0\" first=\"H\" fontSize=\"9\" hDescend=\"false\" hDrawOff=\"0\" hLeading=\"{}\" hOff=\"{}\" hType=\"{}\" locationFormat=\"{}\" rotateText=\"0\" sep=\"\"{stagger} vDescend=\"false\" vDrawOff=\"0\" vLeading=\"{}\" vOff=\"{}\" vType=\"{}\" visible=\"false\"/>\n        </{BOARD}.{grid}>\n",
        n.h_leading,
        n.h_off,
        kind(n.h_letters),
        xml(&n.format),
        n.v_leading,
        n.v_off,
        kind(n.v_letters),
    );
    head
}
