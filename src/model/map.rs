//! Model: a map — its grid (hexes flat-top or pointy-top, or squares), the
//! geometry of that grid (each cell's centre, corners and neighbours, in
//! points, y down, the map's top-left corner at 0,0), how a cell's code is
//! written, its terrain types, the terrain of each cell, the features
//! drawn along cell sides or through cells, and its labels. Plain data with
//! source locations.

use super::terrain::{MoveCost, TerrainEffects};
use super::{Located, Rgb};
use crate::diag::Loc;

/// The most cells a map may have: a limit (a located `limit-exceeded`),
/// so that a map of 10^9 cells is an error, not an allocation.
pub const MAX_CELLS: i64 = 250_000;

/// The most columns or rows a map may have.
pub const MAX_SIDE: i64 = 2_000;

/// What the map is divided into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GridKind {
    /// Hexes with a flat top and bottom: columns zig-zag up and down.
    FlatHex,
    /// Hexes with a corner at the top: rows zig-zag left and right.
    PointyHex,
    Square,
}

/// A grid of cells. `size` is the distance between opposite sides of a
/// cell (across the flats of a hex, the side of a square), which is also
/// the distance between the centres of neighbours.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Grid {
    pub kind: GridKind,
    pub columns: u32,
    pub rows: u32,
    pub size: f32,
    /// Of hexes: whether the second column (flat-top) or row (pointy-top)
    /// sits half a cell lower (or further right) than the first; if not,
    /// the first does.
    pub second_shifted: bool,
}

/// A cell by its column and row, counted from 0 at the top left.
pub type Cell = (u32, u32);

impl Grid {
    /// Centre to corner.
    pub fn radius(&self) -> f32 {
        match self.kind {
            GridKind::Square => self.size * std::f32::consts::FRAC_1_SQRT_2,
            _ => self.size / 3f32.sqrt(),
        }
    }

    pub fn corners(&self) -> usize {
        match self.kind {
            GridKind::Square => 4,
            _ => 6,
        }
    }

    /// The angle of corner 0 and the angle between corners, in degrees
    /// (y down, so angles turn clockwise on the page).
    fn corner_angles(&self) -> (f32, f32) {
        match self.kind {
            GridKind::FlatHex => (0.0, 60.0),
            GridKind::PointyHex => (30.0, 60.0),
            GridKind::Square => (45.0, 90.0),
        }
    }

    /// Whether column (flat-top) or row (pointy-top) `n` is the shifted one.
    fn shifted(&self, n: u32) -> bool {
        (n % 2 == 1) == self.second_shifted
    }

    /// The centre of a cell.
    pub fn centre(&self, (c, r): Cell) -> (f32, f32) {
        let (s, rad) = (self.size, self.radius());
        let (c, r, half) = (c as f32, r as f32, s / 2.0);
        match self.kind {
            GridKind::FlatHex => {
                let down = if self.shifted(c as u32) { half } else { 0.0 };
                (rad + c * 1.5 * rad, half + r * s + down)
            }
            GridKind::PointyHex => {
                let right = if self.shifted(r as u32) { half } else { 0.0 };
                (half + c * s + right, rad + r * 1.5 * rad)
            }
            GridKind::Square => (half + c * s, half + r * s),
        }
    }

    /// Corner `k` of a cell (0 to [`Grid::corners`] - 1, clockwise on the page).
    pub fn corner(&self, cell: Cell, k: usize) -> (f32, f32) {
        let (cx, cy) = self.centre(cell);
        let (first, step) = self.corner_angles();
        let a = (first + step * k as f32).to_radians();
        let rad = self.radius();
        (cx + rad * a.cos(), cy + rad * a.sin())
    }

    /// Every corner of a cell, in order.
    pub fn outline(&self, cell: Cell) -> Vec<(f32, f32)> {
        (0..self.corners()).map(|k| self.corner(cell, k)).collect()
    }

    /// The cell across side `k` (from corner `k` to corner `k + 1`), if
    /// the grid has one there.
    pub fn neighbour(&self, cell: Cell, k: usize) -> Option<Cell> {
        let (cx, cy) = self.centre(cell);
        let (first, step) = self.corner_angles();
        let a = (first + step * (k as f32 + 0.5)).to_radians();
        self.cell_at(cx + self.size * a.cos(), cy + self.size * a.sin())
    }

    /// The cell whose centre is (x, y), to within a tenth of a cell.
    pub fn cell_at(&self, x: f32, y: f32) -> Option<Cell> {
        let (s, rad) = (self.size, self.radius());
        let (c, r) = match self.kind {
            GridKind::FlatHex => {
                let c = ((x - rad) / (1.5 * rad)).round();
                let down = if c >= 0.0 && self.shifted(c as u32) {
                    s / 2.0
                } else {
                    0.0
                };
                (c, ((y - s / 2.0 - down) / s).round())
            }
            GridKind::PointyHex => {
                let r = ((y - rad) / (1.5 * rad)).round();
                let right = if r >= 0.0 && self.shifted(r as u32) {
                    s / 2.0
                } else {
                    0.0
                };
                (((x - s / 2.0 - right) / s).round(), r)
            }
            GridKind::Square => (((x - s / 2.0) / s).round(), ((y - s / 2.0) / s).round()),
        };
        if c < 0.0 || r < 0.0 || c >= self.columns as f32 || r >= self.rows as f32 {
            return None;
        }
        let cell = (c as u32, r as u32);
        let (px, py) = self.centre(cell);
        ((px - x).hypot(py - y) < s / 10.0).then_some(cell)
    }

    /// The side of `a` that `b` lies across, if they are neighbours.
    pub fn side_between(&self, a: Cell, b: Cell) -> Option<usize> {
        (0..self.corners()).find(|&k| self.neighbour(a, k) == Some(b))
    }

    /// Whether the cell is on the grid.
    pub fn contains(&self, (c, r): Cell) -> bool {
        c < self.columns && r < self.rows
    }

    /// The cell's place in a list of every cell, row by row.
    pub fn index(&self, (c, r): Cell) -> usize {
        r as usize * self.columns as usize + c as usize
    }

    pub fn cell_count(&self) -> usize {
        self.columns as usize * self.rows as usize
    }

    /// Every cell, row by row.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.rows).flat_map(move |r| (0..self.columns).map(move |c| (c, r)))
    }

    /// The width and height the cells cover.
    pub fn extent(&self) -> (f32, f32) {
        let (s, rad) = (self.size, self.radius());
        let (cols, rows) = (self.columns as f32, self.rows as f32);
        let zigzag = |n: u32| if n > 1 { s / 2.0 } else { 0.0 };
        match self.kind {
            GridKind::FlatHex => (
                2.0 * rad + (cols - 1.0).max(0.0) * 1.5 * rad,
                rows * s + zigzag(self.columns),
            ),
            GridKind::PointyHex => (
                cols * s + zigzag(self.rows),
                2.0 * rad + (rows - 1.0).max(0.0) * 1.5 * rad,
            ),
            GridKind::Square => (cols * s, rows * s),
        }
    }
}

/// One piece of a cell's code as written: text, or the column or row
/// number (padded with zeros to a width) or letter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodePart {
    Text(String),
    Number { column: bool, width: usize },
    Letter { column: bool },
}

/// How cells are named and where their code is printed.
#[derive(Clone, Debug, PartialEq)]
pub struct Coordinates {
    pub parts: Vec<CodePart>,
    /// The number of the first column and of the first row (usually 1).
    pub first: (i64, i64),
    pub place: CodePlace,
    /// The code's type size, in points.
    pub size: f32,
}

/// Where in the cell its code is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CodePlace {
    Top,
    Centre,
    Bottom,
    /// Not printed (cells are still named by the code in the data).
    None,
}

/// "A", "B", ... "Z", "AA": the letter name of a number counted from 1.
pub fn letters(mut n: i64) -> String {
    let mut out = Vec::new();
    while n > 0 {
        n -= 1;
        out.push(b'A' + (n % 26) as u8);
        n /= 26;
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

impl Coordinates {
    /// The code of a cell.
    pub fn code(&self, (c, r): Cell) -> String {
        let (col, row) = (i64::from(c) + self.first.0, i64::from(r) + self.first.1);
        let mut out = String::new();
        for part in &self.parts {
            match part {
                CodePart::Text(t) => out.push_str(t),
                CodePart::Number { column, width } => {
                    let n = if *column { col } else { row };
                    out.push_str(&format!("{n:0width$}"));
                }
                CodePart::Letter { column } => {
                    out.push_str(&letters(if *column { col } else { row }))
                }
            }
        }
        out
    }

    /// The column and row numbers (as printed, not counted from 0) a code
    /// names, read against the parts; `None` if it does not read.
    pub fn read(&self, code: &str) -> Option<(i64, i64)> {
        let (mut col, mut row) = (None, None);
        let mut rest = code;
        for (i, part) in self.parts.iter().enumerate() {
            match part {
                CodePart::Text(t) => rest = rest.strip_prefix(t.as_str())?,
                CodePart::Number { column, width } => {
                    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
                    // Followed by another number, a padded one takes its width.
                    let next_is_number =
                        matches!(self.parts.get(i + 1), Some(CodePart::Number { .. }));
                    let take = if next_is_number { *width } else { digits };
                    // A padded number is written at least its width wide.
                    if take == 0 || take > digits || take > 9 || digits < *width {
                        return None;
                    }
                    let n: i64 = rest[..take].parse().ok()?;
                    rest = &rest[take..];
                    *(if *column { &mut col } else { &mut row }) = Some(n);
                }
                CodePart::Letter { column } => {
                    let len = rest.bytes().take_while(u8::is_ascii_uppercase).count();
                    if len == 0 || len > 6 {
                        return None;
                    }
                    let n = rest[..len]
                        .bytes()
                        .fold(0i64, |n, b| n * 26 + i64::from(b - b'A' + 1));
                    rest = &rest[len..];
                    *(if *column { &mut col } else { &mut row }) = Some(n);
                }
            }
        }
        match (rest.is_empty(), col, row) {
            (true, Some(c), Some(r)) => Some((c, r)),
            _ => None,
        }
    }
}

/// A kind of terrain: its name and how its cells are drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Terrain {
    pub id: Located<String>,
    pub name: String,
    pub color: Rgb,
    pub pattern: Pattern,
    /// An icon of `data/icons/` drawn in the middle of each cell.
    pub icon: Option<Located<String>>,
    /// What it does in play (movement, combat, other).
    pub effects: TerrainEffects,
}

/// A pattern drawn over a terrain's colour, in a darker shade of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pattern {
    None,
    Dots,
    Hatch,
    Cross,
}

/// How the terrain effects chart and the legend show a terrain or feature:
/// a patch of the terrain's fill, or a stroke of the feature's line.
#[derive(Clone, Debug, PartialEq)]
pub enum Swatch {
    Terrain {
        color: Rgb,
        pattern: Pattern,
        icon: Option<String>,
    },
    Line {
        color: Rgb,
    },
}

/// A kind of feature (river, road, wall): how its lines are drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct FeatureKind {
    pub id: Located<String>,
    pub name: String,
    pub color: Rgb,
    /// The line's width, in points.
    pub width: f32,
    /// What crossing it or moving along it does.
    pub effects: TerrainEffects,
    /// How a connection of this kind is drawn (on a map of places).
    pub line: super::places::LineStyle,
}

/// A cell as the data names it: a code, or "column,row"; the column and
/// row numbers as printed. `None` where the name did not read (reported).
#[derive(Clone, Debug, PartialEq)]
pub struct CellName {
    pub text: Located<String>,
    pub at: (i64, i64),
}

/// One entry of a terrain's cells: a cell, or a rectangle of them from one
/// corner cell to the other (`"0101..0304"`).
#[derive(Clone, Debug, PartialEq)]
pub enum CellSpan {
    One(CellName),
    Range(CellName, CellName),
}

/// Cells given a terrain.
#[derive(Clone, Debug, PartialEq)]
pub struct TerrainCells {
    pub terrain: Located<String>,
    pub cells: Vec<CellSpan>,
}

/// Where a feature runs: along the sides between pairs of neighbouring
/// cells, or from centre to centre through a chain of neighbours.
#[derive(Clone, Debug, PartialEq)]
pub enum Route {
    Sides(Vec<(CellName, CellName)>),
    Through(Vec<CellName>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Feature {
    pub kind: Located<String>,
    pub route: Route,
}

/// Words printed on the map, centred on a cell.
#[derive(Clone, Debug, PartialEq)]
pub struct MapLabel {
    pub text: Located<String>,
    pub at: CellName,
    pub size: f32,
}

/// How the map is tiled across sheets of paper.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tiling {
    pub paper: super::Paper,
    /// How much of the map two neighbouring sheets both show, in points.
    pub overlap: f32,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Map {
    pub id: String,
    pub name: String,
    /// Where the name is written.
    pub name_loc: Loc,
    pub grid: Grid,
    pub coordinates: Coordinates,
    /// The collection of the game's terrain types the map's terrain must
    /// belong to, if it names one.
    pub collection: Option<Located<String>>,
    pub terrain: Vec<Terrain>,
    /// The terrain of every cell not given one.
    pub default_terrain: Located<String>,
    pub cells: Vec<TerrainCells>,
    pub feature_kinds: Vec<FeatureKind>,
    pub features: Vec<Feature>,
    pub labels: Vec<MapLabel>,
    /// The tracks and holding boxes of game.toml printed on this map (a
    /// copy of those of `Game::parts` whose `map` names it), drawn over it.
    pub parts: Vec<super::track::BoardPart>,
    pub tiling: Tiling,
    /// The movement classes the terrain's costs name (`move_classes`), in
    /// the order the terrain effects chart prints them; empty when the map
    /// does not declare them (then they are the classes named, in order).
    pub move_classes: Vec<Located<String>>,
    /// Each movement class's name where a translation gives one (class,
    /// name); the chart heads a class by its id with a capital otherwise,
    /// the legend by its id.
    pub class_names: Vec<(String, String)>,
    /// Whether the poster and the tiled sheets print a legend (`legend`):
    /// by default when the map's terrain or features declare effects.
    pub legend: bool,
    /// A map of named places (`grid = "points"` or `"areas"`): its places,
    /// attributes and connections. Such a map's grid has no cells.
    pub places: Option<super::places::Places>,
    pub loc: Loc,
}

impl Map {
    pub fn terrain_index(&self, id: &str) -> Option<usize> {
        self.terrain.iter().position(|t| t.id.value == id)
    }

    pub fn feature_kind(&self, id: &str) -> Option<&FeatureKind> {
        self.feature_kinds.iter().find(|k| k.id.value == id)
    }

    /// The cell whose code is `code` ("0305") or which "column,row" names,
    /// if it lies on the grid.
    pub fn cell_by_code(&self, code: &str) -> Option<Cell> {
        let code = code.trim();
        let at = match code.split_once(',') {
            Some((c, r)) => (c.trim().parse().ok()?, r.trim().parse().ok()?),
            None => self.coordinates.read(code)?,
        };
        let (first_c, first_r) = self.coordinates.first;
        let cell = (
            u32::try_from(at.0 - first_c).ok()?,
            u32::try_from(at.1 - first_r).ok()?,
        );
        self.grid.contains(cell).then_some(cell)
    }

    /// The width and height of the map: its cells', or a map of places'
    /// own.
    pub fn extent(&self) -> (f32, f32) {
        match &self.places {
            Some(p) => (p.width, p.height),
            None => self.grid.extent(),
        }
    }

    /// The place a scenario names on a map of places, as a cell
    /// (the place's index, 0).
    pub fn place_cell(&self, name: &str) -> Option<Cell> {
        let i = self.places.as_ref()?.find(name)?;
        Some((u32::try_from(i).ok()?, 0))
    }

    /// A cell's code, or on a map of places the place's name.
    pub fn cell_code(&self, cell: Cell) -> String {
        match &self.places {
            Some(p) => p
                .places
                .get(cell.0 as usize)
                .map_or_else(String::new, |p| p.name.clone()),
            None => self.coordinates.code(cell),
        }
    }

    /// The first and last cells' codes ("0101", "1209"), or on a map of
    /// places the first and last places' names.
    pub fn code_range(&self) -> (String, String) {
        if let Some(p) = &self.places {
            let name =
                |i: Option<&super::places::Place>| i.map_or_else(String::new, |p| p.name.clone());
            return (name(p.places.first()), name(p.places.last()));
        }
        let g = &self.grid;
        (
            self.coordinates.code((0, 0)),
            self.coordinates
                .code((g.columns.saturating_sub(1), g.rows.saturating_sub(1))),
        )
    }

    /// The terrain of one cell: the first entry giving it, else the default.
    /// On a map of places, the place's terrain (the cell being the place's
    /// index), else the default.
    pub fn terrain_at(&self, cell: Cell) -> Option<&Terrain> {
        if let Some(p) = &self.places {
            let t = p
                .places
                .get(cell.0 as usize)
                .and_then(|p| p.terrain.as_ref())
                .map_or(self.default_terrain.value.as_str(), |t| t.value.as_str());
            return self.terrain_index(t).and_then(|i| self.terrain.get(i));
        }
        for entry in &self.cells {
            let Some(t) = self.terrain_index(&entry.terrain.value) else {
                continue;
            };
            for span in &entry.cells {
                let mut hit = false;
                self.each_cell(span, &mut |c| {
                    hit = c == cell;
                    !hit
                });
                if hit {
                    return self.terrain.get(t);
                }
            }
        }
        self.terrain_index(&self.default_terrain.value)
            .and_then(|t| self.terrain.get(t))
    }

    /// What entering `cell` costs a unit of movement class `class`: its
    /// terrain's cost for the class (or for `all`), and, moving from the
    /// neighbouring cell `from`, the cost of each feature on the way — a
    /// hexside feature (a river) between the two, a path feature (a road)
    /// running from one to the other — added to it ("+2"), or prohibited.
    /// `None` when neither terrain nor feature gives a cost.
    pub fn move_cost(&self, from: Option<Cell>, cell: Cell, class: &str) -> Option<MoveCost> {
        let terrain = self
            .terrain_at(cell)
            .and_then(|t| t.effects.move_cost(class));
        let Some(from) = from else {
            return terrain;
        };
        self.features_between(from, cell)
            .filter_map(|kind| kind.effects.move_cost(class))
            .fold(terrain, |total, feature| match (total, feature) {
                (Some(MoveCost::Prohibited), _) | (_, MoveCost::Prohibited) => {
                    Some(MoveCost::Prohibited)
                }
                (None, added) => Some(added),
                (Some(MoveCost::Cost(n)), MoveCost::Add(m) | MoveCost::Cost(m)) => {
                    Some(MoveCost::Cost(n.saturating_add(m)))
                }
                (Some(MoveCost::Add(n)), MoveCost::Add(m) | MoveCost::Cost(m)) => {
                    Some(MoveCost::Add(n.saturating_add(m)))
                }
            })
    }

    /// The kinds of the features crossed or followed going from `from` to
    /// its neighbour `to`: a hexside feature between them, a path feature
    /// passing from one to the other (either way).
    fn features_between(&self, from: Cell, to: Cell) -> impl Iterator<Item = &FeatureKind> + '_ {
        let is_step = move |a: &CellName, b: &CellName| {
            let (a, b) = (self.cell(a), self.cell(b));
            (a == Some(from) && b == Some(to)) || (a == Some(to) && b == Some(from))
        };
        self.features
            .iter()
            .filter(move |f| match &f.route {
                Route::Sides(sides) => sides.iter().any(|(a, b)| is_step(a, b)),
                Route::Through(cells) => cells.windows(2).any(|w| is_step(&w[0], &w[1])),
            })
            .filter_map(|f| self.feature_kind(&f.kind.value))
    }

    /// Whether a unit of movement class `class` may not enter `cell`.
    pub fn prohibits(&self, cell: Cell, class: &str) -> bool {
        self.move_cost(None, cell, class) == Some(MoveCost::Prohibited)
    }

    /// Whether any terrain or feature declares an effect.
    pub fn has_effects(&self) -> bool {
        self.terrain.iter().any(|t| !t.effects.is_empty())
            || self.feature_kinds.iter().any(|k| !k.effects.is_empty())
    }

    /// The movement classes, in the chart's order: those declared, else
    /// every class the costs name (but `all`), in the order first named.
    pub fn classes(&self) -> Vec<String> {
        self.located_classes()
            .into_iter()
            .map(|c| c.value)
            .collect()
    }

    /// [`Map::classes`], each where it is first written.
    pub fn located_classes(&self) -> Vec<Located<String>> {
        if !self.move_classes.is_empty() {
            return self.move_classes.clone();
        }
        let mut out: Vec<Located<String>> = Vec::new();
        for e in self.all_effects() {
            for (c, _) in &e.moves {
                if c.value != super::terrain::ALL_CLASSES && !out.iter().any(|o| o.value == c.value)
                {
                    out.push(c.clone());
                }
            }
        }
        out
    }

    /// Each movement class (id) with its name: the translation's, else its id.
    pub fn named_classes(&self) -> Vec<(String, String)> {
        self.classes()
            .into_iter()
            .map(|c| {
                let name = self.class_name(&c).unwrap_or(&c).to_string();
                (c, name)
            })
            .collect()
    }

    /// The name a translation gives the movement class `class`, if any.
    pub fn class_name(&self, class: &str) -> Option<&str> {
        self.class_names
            .iter()
            .find(|(c, _)| c == class)
            .map(|(_, n)| n.as_str())
    }

    /// The effects of every terrain, then of every feature.
    pub fn all_effects(&self) -> impl Iterator<Item = &super::terrain::TerrainEffects> {
        self.terrain
            .iter()
            .map(|t| &t.effects)
            .chain(self.feature_kinds.iter().map(|k| &k.effects))
    }

    /// The names of the other effects, in the order first named.
    pub fn other_effects(&self) -> Vec<String> {
        self.located_effects()
            .into_iter()
            .map(|n| n.value)
            .collect()
    }

    /// [`Map::other_effects`], each where it is first written.
    pub fn located_effects(&self) -> Vec<Located<String>> {
        let mut out: Vec<Located<String>> = Vec::new();
        for e in self.all_effects() {
            for (n, _) in &e.other {
                if !out.iter().any(|o| o.value == n.value) {
                    out.push(n.clone());
                }
            }
        }
        out
    }

    /// The cell a name gives, if it lies on the grid.
    pub fn cell(&self, name: &CellName) -> Option<Cell> {
        let (first_c, first_r) = self.coordinates.first;
        let (c, r) = (name.at.0 - first_c, name.at.1 - first_r);
        let cell = (u32::try_from(c).ok()?, u32::try_from(r).ok()?);
        self.grid.contains(cell).then_some(cell)
    }

    /// The terrain (an index into `terrain`) of every cell, row by row:
    /// the default where no entry gives one, else the first entry's.
    /// Entries that name no terrain or cells off the grid are skipped
    /// (validation reports them). Linear in the cells and entries: a
    /// range stops at the first cell already given.
    pub fn terrain_of_cells(&self) -> Vec<usize> {
        let default = self.terrain_index(&self.default_terrain.value).unwrap_or(0);
        let mut given = vec![None; self.grid.cell_count()];
        for entry in &self.cells {
            let Some(t) = self.terrain_index(&entry.terrain.value) else {
                continue;
            };
            for span in &entry.cells {
                self.each_cell(span, &mut |cell| {
                    let slot = &mut given[self.grid.index(cell)];
                    if slot.is_some() {
                        return false;
                    }
                    *slot = Some(t);
                    true
                });
            }
        }
        given.into_iter().map(|t| t.unwrap_or(default)).collect()
    }

    /// Calls `f` on each cell of a span on the grid, row by row, until it
    /// returns false.
    pub fn each_cell(&self, span: &CellSpan, f: &mut dyn FnMut(Cell) -> bool) {
        match span {
            CellSpan::One(name) => {
                if let Some(cell) = self.cell(name) {
                    f(cell);
                }
            }
            CellSpan::Range(a, b) => {
                let (Some(a), Some(b)) = (self.cell(a), self.cell(b)) else {
                    return;
                };
                for r in a.1.min(b.1)..=a.1.max(b.1) {
                    for c in a.0.min(b.0)..=a.0.max(b.0) {
                        if !f((c, r)) {
                            return;
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(kind: GridKind, second_shifted: bool) -> Grid {
        Grid {
            kind,
            columns: 5,
            rows: 4,
            size: 60.0,
            second_shifted,
        }
    }

    fn near(a: (f32, f32), b: (f32, f32)) -> bool {
        (a.0 - b.0).abs() < 1e-3 && (a.1 - b.1).abs() < 1e-3
    }

    #[test]
    fn flat_top_hexes_sit_where_the_formulas_put_them() {
        let g = grid(GridKind::FlatHex, true);
        let r = 60.0 / 3f32.sqrt();
        assert!(near(g.centre((0, 0)), (r, 30.0)));
        // The second column is half a hex lower, 1.5 radii to the right.
        assert!(near(g.centre((1, 0)), (2.5 * r, 60.0)));
        assert!(near(g.centre((2, 3)), (4.0 * r, 210.0)));
        // Corner 0 points right, corner 1 is lower right; the top is flat.
        assert!(near(g.corner((0, 0), 0), (2.0 * r, 30.0)));
        assert!(near(g.corner((0, 0), 1), (1.5 * r, 60.0)));
        assert!(near(g.corner((0, 0), 4), (0.5 * r, 0.0)));
        assert!(near(g.corner((0, 0), 5), (1.5 * r, 0.0)));
        let (w, h) = g.extent();
        assert!(near((w, h), (2.0 * r + 4.0 * 1.5 * r, 4.0 * 60.0 + 30.0)));
        // The first column shifted instead.
        let g = grid(GridKind::FlatHex, false);
        assert!(near(g.centre((0, 0)), (r, 60.0)));
        assert!(near(g.centre((1, 0)), (2.5 * r, 30.0)));
    }

    #[test]
    fn pointy_top_hexes_and_squares_sit_where_the_formulas_put_them() {
        let g = grid(GridKind::PointyHex, true);
        let r = 60.0 / 3f32.sqrt();
        assert!(near(g.centre((0, 0)), (30.0, r)));
        assert!(near(g.centre((0, 1)), (60.0, 2.5 * r)));
        // Corner 4 (270°) is the top point.
        assert!(near(g.corner((0, 0), 4), (30.0, 0.0)));
        let s = grid(GridKind::Square, true);
        assert!(near(s.centre((2, 1)), (150.0, 90.0)));
        assert!(near(s.corner((2, 1), 0), (180.0, 120.0)));
        assert!(near(s.corner((2, 1), 2), (120.0, 60.0)));
        assert!(near(s.extent(), (300.0, 240.0)));
    }

    #[test]
    fn neighbours_share_a_side_and_are_a_cell_apart() {
        for kind in [GridKind::FlatHex, GridKind::PointyHex, GridKind::Square] {
            for shifted in [true, false] {
                let g = grid(kind, shifted);
                for cell in g.cells() {
                    let mut count = 0;
                    for k in 0..g.corners() {
                        let Some(n) = g.neighbour(cell, k) else {
                            continue;
                        };
                        count += 1;
                        let (a, b) = (g.centre(cell), g.centre(n));
                        assert!(((a.0 - b.0).hypot(a.1 - b.1) - 60.0).abs() < 1e-3);
                        // The side's two corners are corners of the neighbour too.
                        let shared = [g.corner(cell, k), g.corner(cell, (k + 1) % g.corners())];
                        for p in shared {
                            assert!(g.outline(n).iter().any(|&q| near(p, q)), "{kind:?}");
                        }
                        assert_eq!(
                            g.side_between(n, cell),
                            Some((k + g.corners() / 2) % g.corners())
                        );
                    }
                    let inner = cell.0 > 0 && cell.1 > 0 && cell.0 < 4 && cell.1 < 3;
                    if inner {
                        assert_eq!(count, g.corners(), "{kind:?} {cell:?}");
                    }
                }
            }
        }
        let g = grid(GridKind::FlatHex, true);
        // 0101's neighbours in a column-shifted flat-top grid.
        let mut around: Vec<Cell> = (0..6).filter_map(|k| g.neighbour((1, 1), k)).collect();
        around.sort();
        assert_eq!(around, vec![(0, 1), (0, 2), (1, 0), (1, 2), (2, 1), (2, 2)]);
        assert_eq!(g.side_between((0, 0), (3, 3)), None);
    }

    #[test]
    fn codes_are_written_and_read_back() {
        let coords = Coordinates {
            parts: vec![
                CodePart::Number {
                    column: true,
                    width: 2,
                },
                CodePart::Number {
                    column: false,
                    width: 2,
                },
            ],
            first: (1, 1),
            place: CodePlace::Top,
            size: 6.0,
        };
        assert_eq!(coords.code((0, 0)), "0101");
        assert_eq!(coords.code((11, 8)), "1209");
        assert_eq!(coords.read("1209"), Some((12, 9)));
        assert_eq!(coords.read("120"), None);
        assert_eq!(coords.read("12x9"), None);
        let chess = Coordinates {
            parts: vec![
                CodePart::Letter { column: true },
                CodePart::Number {
                    column: false,
                    width: 1,
                },
            ],
            first: (1, 1),
            place: CodePlace::Bottom,
            size: 6.0,
        };
        assert_eq!(chess.code((15, 7)), "P8");
        assert_eq!(chess.read("P8"), Some((16, 8)));
        assert_eq!(letters(27), "AA");
        assert_eq!(chess.read("AA12"), Some((27, 12)));
    }
}
