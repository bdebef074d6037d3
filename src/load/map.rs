//! Load stage: a map file (`[[maps]]` of game.toml) — its grid, how cells
//! are named, its terrain types and features, the terrain of its cells
//! (in the file or a CSV beside it, read through the one path resolver),
//! its features and labels — into a [`Map`]. Cell names are read against
//! the map's own code here; whether they lie on the grid, are given twice
//! or are neighbours is for validation.

use std::path::Path;

use super::paths::Confine;
use super::places::{area, attribute, connection, space};
use super::spec::{Key, OneOf, kinds, one_of, table};
use super::toml::{MAX_LENGTH, MAX_TYPE_SIZE, Reader, Table, Value, parse};
use super::{OpError, read_source};
use crate::diag::{Diagnostics, FileId, Loc, Sources};
use crate::model::map::{
    CellName, CellSpan, CodePart, CodePlace, Coordinates, Feature, FeatureKind, Grid, GridKind,
    MAX_CELLS, MAX_SIDE, MapLabel, Pattern, Route, Terrain, TerrainCells, Tiling,
};
use crate::model::places::{Adjacency, Attribute, LineStyle, PlaceKind};
use crate::model::terrain::{MAX_MOVE_COST, MAX_TERRAIN_MODIFIER, MoveCost, TerrainEffects};
use crate::model::{Located, Map, Paper, PaperSize};

const HEX: &str = super::game::HEX;

/// The largest number of a map's first column or row.
pub const MAX_FIRST: i64 = 9999;
/// The most two neighbouring sheets of a tiled map share: 3 in.
const MAX_OVERLAP: f32 = 3.0 * 72.0;

one_of!(
    /// What a map is divided into, as a map file names it.
    pub enum GridWord {
        Hex = "hex",
        Square = "square",
        Points = "points",
        Areas = "areas",
    }
);

one_of!(
    /// Which way up a map's hexes are.
    pub enum Orientation {
        Flat = "flat",
        Pointy = "pointy",
    }
);

one_of!(
    /// Which column or row of hexes sits half a cell lower.
    pub enum Stagger {
        Second = "second",
        First = "first",
    }
);

one_of!(impl CodePlace { Top = "top", Centre = "centre", Bottom = "bottom", None = "none" });
one_of!(impl Adjacency { Declared = "declared", Borders = "borders" });
one_of!(impl Pattern { None = "none", Dots = "dots", Hatch = "hatch", Cross = "cross" });
one_of!(impl LineStyle { Solid = "solid", Dashed = "dashed", Double = "double" });

table! { pub mod map_file: "a map file",
    "A board or map: its grid, how its cells are named, its terrain, features and labels; printed as a poster, tiled across sheets, as SVG and PNG and in the HTML reference.";
    name: req Str("The map's name, printed under it."),
    grid: req Word(GridWord, "The cells: hexes or squares; or named places: `points` (spaces joined by connections), `areas` (regions)."),
    orientation: opt Word(Orientation,
        "Of hexes: a flat top, columns zig-zagging (default), or a corner at the top, rows zig-zagging."),
    stagger: opt Word(Stagger,
        "Of hexes: which column (flat) or row (pointy) sits half a cell lower (or further right): the second (default) or the first."),
    columns: opt IntIn(Some(1), Some(MAX_SIDE), "How many columns of cells (required of a hex or square grid)."),
    rows: opt IntIn(Some(1), Some(MAX_SIDE), "How many rows of cells (required of a hex or square grid)."),
    cell: opt Length("Required of a hex or square grid. The distance across a cell: across the flats of a hex (centre to neighbouring centre), the side of a square, e.g. \"1in\"."),
    code: opt Str("How a cell's code is written: {col} and {row} the numbers, {col:02} padded to two digits, {col:A} as letters (A, B... AA); default \"{col:02}{row:02}\"."),
    first_column: opt Int("The number of the first column (default 1), 0 to 9999."),
    first_row: opt Int("The number of the first row (default 1), 0 to 9999."),
    code_at: opt Word(CodePlace,
        "Where a cell's code is printed: at its top edge (default), centre, bottom edge, or not at all."),
    code_size: opt Length("The code's type size (default a seventh of the cell); more than 0, at most 10 in."),
    collection: opt Str("A collection of the game whose items the terrain types are (each terrain id one of its items, its name the item's)."),
    default as "default": opt Str("The terrain of every cell not given one (required of a hex or square grid); on a map of places, of every place not given one (default: none, a plain fill)."),
    terrain: opt Tables(&terrain::DEF),
    cells: opt Tables(&cells::DEF),
    cells_csv: opt Str("A CSV file of cells (relative to the map file): a header `cell,terrain`, then one cell or range of cells per row."),
    features: opt Tables(&feature::DEF),
    edges: opt Tables(&edges::DEF),
    paths: opt Tables(&paths::DEF),
    labels: opt Tables(&labels::DEF),
    move_classes: opt StrArray("The movement classes terrain costs name (\"foot\", \"tracked\"), in the order the terrain effects chart prints them; a cost naming another class is an error. Default: the classes the costs name."),
    legend: opt Bool("Print a legend (each terrain's and feature's swatch, name and effects) under the poster and on a sheet of its own after the tiles; default true when a terrain or feature declares effects."),
    paper: opt Word(PaperSize, "The paper the map is tiled across (default letter)."),
    overlap: opt Length("How much of the map neighbouring sheets both show (default \"0.5in\"), 0 to 3 in."),
    width: opt Length("Of a map of places: its width, e.g. \"22in\"."),
    height: opt Length("Of a map of places: its height, e.g. \"17in\"."),
    space: opt Length("Of a point-to-point map: the diameter of a space's circle (default \"0.5in\")."),
    name_size: opt Length("Of a map of places: the type size of places' names (default a quarter of `space`, 6 to 14 pt)."),
    adjacency: opt Word(Adjacency,
        "Of an area map: which areas are adjacent: those `[[connections]]` join (`declared`, default), or also every two sharing a border (`borders`)."),
    outlines_svg: opt Str("Of an area map: an SVG file (relative to the map file) drawing the areas, one `<path>` (or `<polygon>`, `<rect>`) per area whose `id` is the area's; an area without an `outline` takes its shape from it. The SVG's whole canvas is the map."),
    attributes: opt Tables(&attribute::DEF),
    spaces: opt Tables(&space::DEF),
    areas: opt Tables(&area::DEF),
    connections: opt Tables(&connection::DEF),
}

table! { pub mod terrain: "[[terrain]]", "A terrain type and how its cells are drawn.";
    id: req Str("The id cells name it by (an item of the map's collection, if it names one)."),
    name: opt Str("The name in the legend (default the collection item's name, or the id)."),
    color: req Pattern(HEX, "The cells' fill, \"#RRGGBB\"."),
    pattern: opt Word(Pattern,
        "A pattern over the fill, in a darker shade of it."),
    icon: opt Str("An icon (built in or the game's icons/) drawn in each cell, e.g. \"tree\"."),
    moves as "move": opt Map(&Ty::AnyOf(&[Ty::Int("A cost in movement points, 0 to 99."), Ty::Str("\"prohibited\", or of a feature \"+N\": added to the terrain's cost.")], "A movement cost."),
        "The movement cost per movement class, e.g. { foot = 2, tracked = 3, wheeled = \"prohibited\" }; `all` stands for every class not named."),
    shift: opt Int("The combat-table column shift a defender in it gets (negative: to the left), -20 to 20; within the `shift` of a combat results table that names the map."),
    drm: opt Int("The die-roll modifier a combat against a defender in it gets, -20 to 20."),
    effects: opt Map(&Ty::Str("What it does."),
        "Any other effect, by name: { \"Line of sight\" = \"Blocked\" }; the terrain effects chart gives each name a column."),
}

table! { pub mod cells: "[[cells]]", "Cells of one terrain.";
    terrain: req Str("The terrain's id."),
    cells: req StrArray("Cells by code (\"0203\"), or \"column,row\", or a rectangle between two corner cells (\"0203..0405\")."),
}

table! { pub mod feature: "[[features]]", "A kind of feature drawn as a line: river, road, wall.";
    id: req Str("The id edges and paths name it by."),
    name: opt Str("The name in the legend (default the id)."),
    color: req Pattern(HEX, "The line's colour, \"#RRGGBB\"."),
    width: opt Length("The line's width (default a tenth of the cell; on a map of places 3 pt); more than 0."),
    line: opt Word(LineStyle, "How a connection of this kind is drawn on a map of places: solid (default), dashed, or double (two lines)."),
    moves as "move": opt Map(&Ty::AnyOf(&[Ty::Int("A cost in movement points, 0 to 99."), Ty::Str("\"prohibited\", or of a feature \"+N\": added to the terrain's cost.")], "A movement cost."),
        "The movement cost per movement class, e.g. { foot = 2, tracked = 3, wheeled = \"prohibited\" }; `all` stands for every class not named. A feature's cost is added to the terrain's: \"+2\" (or \"prohibited\")."),
    shift: opt Int("The combat-table column shift a defender behind it gets (negative: to the left), -20 to 20; within the `shift` of a combat results table that names the map."),
    drm: opt Int("The die-roll modifier a combat against a defender behind it gets, -20 to 20."),
    effects: opt Map(&Ty::Str("What it does."),
        "Any other effect, by name: { \"Line of sight\" = \"Blocked\" }; the terrain effects chart gives each name a column."),
}

table! { pub mod edges: "[[edges]]", "A feature along the sides between neighbouring cells (a river, a wall).";
    feature: req Str("The feature's id."),
    between: req ArrayOf(&Ty::StrArray("Two neighbouring cells."),
        "The sides it runs along, each as the two cells it parts: [[\"0203\", \"0303\"], ...]."),
}

table! { pub mod paths: "[[paths]]", "A feature from centre to centre through a chain of neighbouring cells (a road).";
    feature: req Str("The feature's id."),
    through: req StrArray("The cells in order, each a neighbour of the one before."),
}

table! { pub mod labels: "[[labels]]", "Words printed on the map, centred on a cell.";
    text: req Str("The words."),
    at: req Str("The cell."),
    size: opt Length("The type size (default a fifth of the cell); more than 0, at most 10 in."),
}

/// Every map `[[maps]]` names, in order; a terrain without a name of its
/// own takes its collection item's.
pub fn load_maps(
    confine: &Confine,
    refs: Vec<(Located<String>, Located<String>)>,
    collections: &[crate::model::Deck],
    attributes: &[Attribute],
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<Vec<Map>, OpError> {
    let mut maps = Vec::new();
    for (id, file_name) in refs {
        let Some(path) = confine.resolve(confine.dir(), &file_name, "the map file", diags) else {
            continue;
        };
        let Some(mut map) = load_map(&id.value, &path, confine, attributes, sources, diags)? else {
            continue;
        };
        let collection = map
            .collection
            .as_ref()
            .and_then(|c| collections.iter().find(|d| d.id == c.value));
        if let Some(collection) = collection {
            for terrain in map.terrain.iter_mut().filter(|t| t.name == t.id.value) {
                if let Some(item) = collection.item(&terrain.id.value) {
                    terrain.name = collection.item_ref(item).name;
                }
            }
        }
        maps.push(map);
    }
    Ok(maps)
}

/// Reads the map file at `path`; `None` when it is not TOML or lacks what
/// a map needs (reported).
pub fn load_map(
    id: &str,
    path: &Path,
    confine: &Confine,
    attributes: &[Attribute],
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<Option<Map>, OpError> {
    let (file, text, utf8) = read_source(path, sources, diags)?;
    if !utf8 {
        return Ok(None);
    }
    let Some(root) = parse(file, &text, diags) else {
        return Ok(None);
    };
    let mut r = Reader::new(file, diags);
    let Some((mut map, csv, outlines)) = read_map(&mut r, id, &root, attributes) else {
        return Ok(None);
    };
    if let (Some((svg, pending)), Some(places)) = (outlines, map.places.as_mut()) {
        let dir = path.parent().unwrap_or(confine.dir()).to_path_buf();
        let size = (places.width, places.height);
        let shapes =
            super::area_outlines::read_outlines(confine, &dir, &svg, size, sources, diags)?;
        if let Some(shapes) = shapes {
            super::places::take_outlines(places, &pending, &svg, &shapes, diags);
        } else {
            // Reported: the areas waiting for it are left out, not also
            // reported as missing.
            let waiting = pending.iter().map(|p| p.index).collect();
            places.leave_out(&waiting);
        }
    }
    if let Some(csv) = csv {
        let dir = path.parent().unwrap_or(confine.dir()).to_path_buf();
        if let Some(csv_path) = confine.resolve(&dir, &csv, "the CSV of cells", diags) {
            let (csv_file, csv_text, ok) = read_source(&csv_path, sources, diags)?;
            if ok {
                map.cells
                    .extend(cells_csv(csv_file, &csv_text, &map.coordinates, diags));
            }
        }
    }
    Ok(Some(map))
}

/// The SVG of an area map's outlines, and the areas waiting for it.
type OutlinesSvg = (Located<String>, Vec<super::places::Pending>);

/// The map, the CSV of cells it names and the SVG of outlines (each read
/// by the caller).
fn read_map(
    r: &mut Reader<'_>,
    id: &str,
    root: &Table<'_>,
    game_attributes: &[Attribute],
) -> Option<(Map, Option<Located<String>>, Option<OutlinesSvg>)> {
    use map_file as k;
    let t = r.open_top(root, &k::DEF);
    let csv = r.get(&t, k::cells_csv);
    let name = r.get(&t, k::name);
    let grid_kind = r.get(&t, k::grid).map(|g| g.value);
    let orientation = r.get(&t, k::orientation).map(|o| o.value);
    let stagger = r.get(&t, k::stagger).map(|s| s.value);
    let columns = int_in(r, &t, k::columns);
    let rows = int_in(r, &t, k::rows);
    let size = r.get(&t, k::cell).and_then(|s| {
        if s.value >= 9.0 {
            return Some(s.value);
        }
        r.diags.push(crate::error!(
            "bad-value", Some(s.loc), "a cell {} pt across is too small to print", s.value;
            hint: "a cell is at least 1/8 in (9 pt) across; 3/4 in to 1.5 in is usual"
        ));
        None
    });
    let first = (
        first_number(r, &t, k::first_column),
        first_number(r, &t, k::first_row),
    );
    let parts = match r.get(&t, k::code) {
        Some(code) => match code_parts(&code.value) {
            Ok(parts) => Some(parts),
            Err(why) => {
                r.diags.push(crate::error!(
                    "bad-value", Some(code.loc), "`code`: {why}";
                    hint: "write the code with {{col}} and {{row}}, e.g. \"{{col:02}}{{row:02}}\" (0101) or \"{{col:A}}{{row}}\" (A1)"
                ));
                None
            }
        },
        None => Some(vec![
            CodePart::Number {
                column: true,
                width: 2,
            },
            CodePart::Number {
                column: false,
                width: 2,
            },
        ]),
    };
    let place = r.get(&t, k::code_at).map_or(CodePlace::Top, |p| p.value);
    let code_size = r.get(&t, k::code_size);
    let code_size = r
        .positive(code_size, "code_size", MAX_TYPE_SIZE, "pt")
        .map(|s| s.value);
    let collection = r.get(&t, k::collection);
    let default = r.get(&t, k::default);
    let move_classes = r.get(&t, k::move_classes);
    let legend = r.get(&t, k::legend);
    let paper = r
        .get(&t, k::paper)
        .map_or(Paper::LETTER, |p| p.value.paper());
    let overlap = r.get(&t, k::overlap).map_or(36.0, |o| {
        if (0.0..=MAX_OVERLAP).contains(&o.value) {
            return o.value;
        }
        r.diags.push(crate::error!(
            "bad-value", Some(o.loc),
            "`overlap` is {} in; neighbouring sheets share 0 to {} in", o.value / 72.0, MAX_OVERLAP / 72.0;
            hint: "\"0.5in\" is usual; \"0in\" butts the sheets"
        ));
        36.0
    });

    let kind = match (grid_kind, orientation) {
        (Some(GridWord::Square), _) => GridKind::Square,
        (Some(GridWord::Hex), Some(Orientation::Pointy)) => GridKind::PointyHex,
        (Some(GridWord::Hex), _) => GridKind::FlatHex,
        (Some(places @ (GridWord::Points | GridWord::Areas)), _) => {
            let kind = if places == GridWord::Points {
                PlaceKind::Points
            } else {
                PlaceKind::Areas
            };
            super::places::wrong_keys(r, root, true, places.word());
            let width = r.get(&t, k::width);
            let height = r.get(&t, k::height);
            let space = r.get(&t, k::space);
            let name_size = r.get(&t, k::name_size);
            let adjacency = r.get(&t, k::adjacency).map(|a| a.value);
            let outlines_svg = r.get(&t, k::outlines_svg);
            if let Some(svg) = outlines_svg.as_ref().filter(|_| kind == PlaceKind::Points) {
                r.diags.push(crate::error!(
                    "wrong-map-key", Some(svg.loc),
                    "`outlines_svg` is not a key of a map whose grid is `points`";
                    hint: "an SVG of outlines draws the areas of a map whose grid is `areas`"
                ));
            }
            let outlines_svg = outlines_svg.filter(|_| kind == PlaceKind::Areas);
            let tables = (
                r.get(&t, k::attributes),
                r.get(&t, k::spaces),
                r.get(&t, k::areas),
                r.get(&t, k::connections),
            );
            let places = super::places::read_places(
                r,
                &t,
                kind,
                width,
                height,
                space,
                name_size,
                adjacency,
                outlines_svg.is_some(),
                game_attributes,
                tables,
            );
            let (places, pending) = match places {
                Some((p, pending)) => (Some(p), pending),
                None => (None, Vec::new()),
            };
            let terrain = r
                .get(&t, k::terrain)
                .iter()
                .filter_map(|t| terrain_type(r, t))
                .collect();
            let feature_kinds = r
                .get(&t, k::features)
                .iter()
                .filter_map(|t| feature_kind(r, t, 30.0))
                .collect();
            let mut map = Map {
                id: id.to_string(),
                name_loc: name.as_ref()?.loc,
                name: name?.value,
                grid: Grid {
                    kind: GridKind::Square,
                    columns: 0,
                    rows: 0,
                    size: 36.0,
                    second_shifted: true,
                },
                coordinates: Coordinates {
                    parts: Vec::new(),
                    first: (1, 1),
                    place: CodePlace::None,
                    size: 6.0,
                },
                collection,
                terrain,
                default_terrain: default
                    .unwrap_or_else(|| Located::new(String::new(), r.loc(0..0))),
                cells: Vec::new(),
                feature_kinds,
                features: Vec::new(),
                labels: Vec::new(),
                tiling: Tiling { paper, overlap },
                move_classes,
                class_names: Vec::new(),
                legend: false,
                places: Some(places?),
                parts: Vec::new(),
                loc: r.loc(0..0),
            };
            map.legend = legend.unwrap_or(true);
            return Some((map, None, outlines_svg.map(|svg| (svg, pending))));
        }
        _ => return None,
    };
    super::places::wrong_keys(r, root, false, grid_kind.map_or("hex", GridWord::word));
    for (key, value, word) in [
        ("columns", columns.is_none(), "integer"),
        ("rows", rows.is_none(), "integer"),
        ("cell", size.is_none(), "length"),
        ("default", default.is_none(), "string"),
        (
            "terrain",
            t.get_ref().get("terrain").is_none(),
            "array of tables",
        ),
    ] {
        if value && t.get_ref().get(key).is_none() {
            r.missing(t.span(), key, t.owner, word);
        }
    }
    let (columns, rows, size) = (columns?, rows?, size?);
    if columns.value * rows.value > MAX_CELLS {
        r.diags.push(crate::error!(
            "limit-exceeded", Some(rows.loc),
            "a map of {} x {} cells has more than {MAX_CELLS} cells", columns.value, rows.value;
            hint: "split it into several maps"
        ));
        return None;
    }
    let grid = Grid {
        kind,
        columns: columns.value as u32,
        rows: rows.value as u32,
        size,
        second_shifted: stagger != Some(Stagger::First),
    };
    let coordinates = Coordinates {
        parts: parts?,
        first,
        place,
        size: code_size.unwrap_or(size / 7.0),
    };
    let terrain = r
        .get(&t, k::terrain)
        .iter()
        .filter_map(|t| terrain_type(r, t))
        .collect();
    let cells = r
        .get(&t, k::cells)
        .iter()
        .filter_map(|t| terrain_cells(r, t, &coordinates))
        .collect();
    let feature_kinds = r
        .get(&t, k::features)
        .iter()
        .filter_map(|t| feature_kind(r, t, size))
        .collect();
    let mut features: Vec<Feature> = r
        .get(&t, k::edges)
        .iter()
        .filter_map(|t| edge(r, t, &coordinates))
        .collect();
    features.extend(
        r.get(&t, k::paths)
            .iter()
            .filter_map(|t| path(r, t, &coordinates)),
    );
    let labels = r
        .get(&t, k::labels)
        .iter()
        .filter_map(|t| label(r, t, &coordinates, size))
        .collect();
    let mut map = Map {
        id: id.to_string(),
        name_loc: name.as_ref()?.loc,
        name: name?.value,
        grid,
        coordinates,
        collection,
        terrain,
        default_terrain: default?,
        cells,
        feature_kinds,
        features,
        labels,
        parts: Vec::new(),
        tiling: Tiling { paper, overlap },
        move_classes,
        class_names: Vec::new(),
        legend: false,
        places: None,
        loc: r.loc(0..0),
    };
    map.legend = legend.unwrap_or_else(|| map.has_effects());
    Some((map, csv, None))
}

/// The number of the first column or row: 0 to [`MAX_FIRST`] (1 when not
/// given, or past the limit, which is a `limit-exceeded` at it), so no cell's
/// code can overflow.
fn first_number(r: &mut Reader<'_>, t: &super::spec::Tab<'_, '_>, key: Key<kinds::Int>) -> i64 {
    let Some(n) = r.get(t, key) else {
        return 1;
    };
    if (0..=MAX_FIRST).contains(&n.value) {
        return n.value;
    }
    r.diags.push(crate::error!(
        "limit-exceeded", Some(n.loc),
        "`{}` = {} is past the numbers a cell code is written with", key.name(), n.value;
        hint: "the first column or row is numbered 0 to {MAX_FIRST} (usually 1)"
    ));
    1
}

/// An integer key checked against its declared bounds (`out-of-range`).
fn int_in(
    r: &mut Reader<'_>,
    t: &super::spec::Tab<'_, '_>,
    key: Key<kinds::IntIn>,
) -> Option<Located<i64>> {
    let n = r.get(t, key)?;
    if key.admits(n.value) {
        return Some(n);
    }
    r.diags.push(crate::error!(
        "out-of-range", Some(n.loc), "{} = {} is out of range", key.name(), n.value;
        hint: "a map has 1 to {MAX_SIDE} {}", key.name()
    ));
    None
}

/// `{col:02}{row:02}` into its parts.
pub fn code_parts(code: &str) -> Result<Vec<CodePart>, String> {
    let mut parts = Vec::new();
    let mut rest = code;
    while !rest.is_empty() {
        let Some(open) = rest.find('{') else {
            parts.push(CodePart::Text(rest.to_string()));
            break;
        };
        if open > 0 {
            parts.push(CodePart::Text(rest[..open].to_string()));
        }
        let Some(close) = rest[open..].find('}') else {
            return Err("a `{` is never closed".to_string());
        };
        let field = &rest[open + 1..open + close];
        let (name, spec) = field.split_once(':').unwrap_or((field, ""));
        let column = match name {
            "col" => true,
            "row" => false,
            other => return Err(format!("`{{{other}}}` is neither {{col}} nor {{row}}")),
        };
        parts.push(match spec {
            "" => CodePart::Number { column, width: 1 },
            "A" => CodePart::Letter { column },
            width => match width
                .strip_prefix('0')
                .and_then(|w| w.parse::<usize>().ok())
            {
                Some(width) if (1..=6).contains(&width) => CodePart::Number { column, width },
                _ => {
                    return Err(format!(
                        "`{{{field}}}`: write {{{name}:02}} or {{{name}:A}}"
                    ));
                }
            },
        });
        rest = &rest[open + close + 1..];
    }
    let has = |column: bool| {
        parts.iter().any(|p| {
            matches!(p, CodePart::Number { column: c, .. } | CodePart::Letter { column: c } if *c == column)
        })
    };
    if !has(true) || !has(false) {
        return Err("a code needs both {col} and {row}".to_string());
    }
    let numbers_abut = parts.windows(2).any(|w| {
        matches!(
            w,
            [CodePart::Number { width: 1, .. }, CodePart::Number { .. }]
        ) || matches!(w, [CodePart::Letter { .. }, CodePart::Letter { .. }])
    });
    if numbers_abut {
        return Err("two numbers (or letters) side by side cannot be told apart unless the first is padded, e.g. {col:02}".to_string());
    }
    Ok(parts)
}

/// A cell as written: its code, or "column,row".
pub fn cell_name(
    diags: &mut Diagnostics,
    coords: &Coordinates,
    text: Located<String>,
) -> Option<CellName> {
    let s = text.value.trim();
    let at = match s.split_once(',') {
        Some((c, r)) => c.trim().parse().ok().zip(r.trim().parse().ok()),
        None => coords.read(s),
    };
    match at {
        Some(at) => Some(CellName { text, at }),
        None => {
            diags.push(crate::error!(
                "bad-cell", Some(text.loc), "`{}` does not name a cell", text.value;
                hint: "name a cell by its code, as the map prints it (the first is {}), or as \"column,row\"",
                coords.code((0, 0))
            ));
            None
        }
    }
}

/// A cell, or a rectangle of cells `"a..b"`.
fn cell_span(
    diags: &mut Diagnostics,
    coords: &Coordinates,
    text: Located<String>,
) -> Option<CellSpan> {
    match text.value.split_once("..") {
        Some((a, b)) => {
            let (a, b) = (a.to_string(), b.to_string());
            let from = cell_name(diags, coords, Located::new(a, text.loc));
            let to = cell_name(diags, coords, Located::new(b, text.loc));
            Some(CellSpan::Range(from?, to?))
        }
        None => cell_name(diags, coords, text).map(CellSpan::One),
    }
}

fn terrain_type(r: &mut Reader<'_>, t: &Table<'_>) -> Option<Terrain> {
    let t = r.open(t, &terrain::DEF);
    let id = r.get(&t, terrain::id);
    let name = r.get(&t, terrain::name);
    let color = r
        .get(&t, terrain::color)
        .and_then(|c| super::background::color(r, &c));
    let pattern = r
        .get(&t, terrain::pattern)
        .map_or(Pattern::None, |p| p.value);
    let icon = r.get(&t, terrain::icon);
    let keys = (
        terrain::moves,
        terrain::shift,
        terrain::drm,
        terrain::effects,
    );
    let effects = effects(r, &t, keys, false);
    let id = id?;
    Some(Terrain {
        name: name.map_or_else(|| id.value.clone(), |n| n.value),
        id,
        color: color?,
        pattern,
        icon,
        effects,
    })
}

fn terrain_cells(r: &mut Reader<'_>, t: &Table<'_>, coords: &Coordinates) -> Option<TerrainCells> {
    let t = r.open(t, &cells::DEF);
    let terrain = r.get(&t, cells::terrain);
    require(r, &t, cells::cells.name());
    let names = r.get(&t, cells::cells);
    let cells = names
        .into_iter()
        .filter_map(|n| cell_span(r.diags, coords, n))
        .collect();
    Some(TerrainCells {
        terrain: terrain?,
        cells,
    })
}

fn feature_kind(r: &mut Reader<'_>, t: &Table<'_>, cell: f32) -> Option<FeatureKind> {
    let t = r.open(t, &feature::DEF);
    let id = r.get(&t, feature::id);
    let name = r.get(&t, feature::name);
    let color = r
        .get(&t, feature::color)
        .and_then(|c| super::background::color(r, &c));
    let width = r.get(&t, feature::width);
    let width = r
        .positive(width, "width", MAX_LENGTH, "pt")
        .map_or(cell / 10.0, |w| w.value.clamp(0.1, cell / 2.0));
    let line = r
        .get(&t, feature::line)
        .map_or(LineStyle::Solid, |l| l.value);
    let keys = (
        feature::moves,
        feature::shift,
        feature::drm,
        feature::effects,
    );
    let effects = effects(r, &t, keys, true);
    let id = id?;
    Some(FeatureKind {
        name: name.map_or_else(|| id.value.clone(), |n| n.value),
        id,
        color: color?,
        width,
        effects,
        line,
    })
}

/// The keys of a terrain's or feature's effects: move, shift, drm, effects.
type EffectKeys = (
    Key<kinds::Map>,
    Key<kinds::Int>,
    Key<kinds::Int>,
    Key<kinds::Map>,
);

/// A terrain's (or, `feature`, a feature's) effects: a cost per class
/// (a terrain's a number of points, a feature's "+N"; either may be
/// "prohibited"), a shift and a DRM within ±[`MAX_TERRAIN_MODIFIER`], and
/// other effects as text. Each bad value is a located `bad-value`.
fn effects(
    r: &mut Reader<'_>,
    t: &super::spec::Tab<'_, '_>,
    (moves_key, shift_key, drm_key, other_key): EffectKeys,
    feature: bool,
) -> TerrainEffects {
    let mut moves = Vec::new();
    if let Some(table) = r.get_as::<kinds::Table, _>(t, moves_key) {
        for (class, value) in table.get_ref().iter() {
            let class = Located::new(class.get_ref().to_string(), r.loc(class.span()));
            if let Some(cost) = move_cost(r, value, &class.value, feature) {
                moves.push((class, cost));
            }
        }
    }
    let modifier = |r: &mut Reader<'_>, key: Key<kinds::Int>| {
        let n = r.get(t, key)?;
        if (-MAX_TERRAIN_MODIFIER..=MAX_TERRAIN_MODIFIER).contains(&n.value) {
            return Some(n);
        }
        r.diags.push(crate::error!(
            "bad-value", Some(n.loc), "`{}` = {} is past what a terrain can give", key.name(), n.value;
            hint: "a terrain's {} is -{MAX_TERRAIN_MODIFIER} to {MAX_TERRAIN_MODIFIER}, e.g. -1", key.name()
        ));
        None
    };
    let shift = modifier(r, shift_key);
    let drm = modifier(r, drm_key);
    let mut other = Vec::new();
    if let Some(table) = r.get_as::<kinds::Table, _>(t, other_key) {
        for (name, value) in table.get_ref().iter() {
            let name_at = Located::new(name.get_ref().to_string(), r.loc(name.span()));
            match value.get_ref() {
                toml::de::DeValue::String(text) if !text.trim().is_empty() => {
                    other.push((
                        name_at,
                        Located::new(text.to_string(), r.loc(value.span())),
                    ));
                }
                toml::de::DeValue::String(_) => r.diags.push(crate::error!(
                    "bad-value", Some(r.loc(value.span())), "the effect `{}` says nothing", name_at.value;
                    hint: "write what it does, e.g. \"Blocked\", or leave the effect out"
                )),
                _ => r.wrong_type(value, name.get_ref(), "a string saying what the effect does"),
            }
        }
    }
    TerrainEffects {
        moves,
        shift,
        drm,
        other,
    }
}

/// One movement cost: a terrain's 0 to [`MAX_MOVE_COST`] points, a
/// feature's "+N", or "prohibited".
fn move_cost(r: &mut Reader<'_>, v: &Value<'_>, class: &str, feature: bool) -> Option<MoveCost> {
    let loc = r.loc(v.span());
    let hint = if feature {
        "a feature adds to the terrain's cost: write \"+1\" to \"+99\", or \"prohibited\""
    } else {
        "a terrain's cost is 0 to 99 movement points, or \"prohibited\""
    };
    let cost = match v.get_ref() {
        toml::de::DeValue::Integer(_) if !feature => super::toml::int_value(v.get_ref())
            .and_then(|n| u32::try_from(n).ok())
            .filter(|n| *n <= MAX_MOVE_COST)
            .map(MoveCost::Cost),
        toml::de::DeValue::String(s) if s.trim() == "prohibited" => Some(MoveCost::Prohibited),
        toml::de::DeValue::String(s) if feature => s
            .trim()
            .strip_prefix('+')
            .filter(|n| n.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|n| n.parse::<u32>().ok())
            .filter(|n| (1..=MAX_MOVE_COST).contains(n))
            .map(MoveCost::Add),
        toml::de::DeValue::Integer(_) | toml::de::DeValue::String(_) => None,
        _ => {
            r.wrong_type(
                v,
                class,
                "a movement cost (a number, \"prohibited\" or \"+N\")",
            );
            return None;
        }
    };
    if cost.is_none() {
        let shown = match v.get_ref() {
            toml::de::DeValue::String(s) => format!("\"{s}\""),
            toml::de::DeValue::Integer(i) => i.as_str().to_string(),
            _ => String::new(),
        };
        r.diags.push(crate::error!(
            "bad-value", Some(loc), "{shown} is not a movement cost for `{class}`";
            hint: "{hint}"
        ));
    }
    cost
}

fn edge(r: &mut Reader<'_>, t: &Table<'_>, coords: &Coordinates) -> Option<Feature> {
    let t = r.open(t, &edges::DEF);
    let kind = r.get(&t, edges::feature);
    require(r, &t, edges::between.name());
    let mut sides = Vec::new();
    for pair in r.array(&t, "between") {
        let Some([a, b]) = two_strings(r, pair) else {
            continue;
        };
        let a = cell_name(r.diags, coords, a);
        let b = cell_name(r.diags, coords, b);
        if let (Some(a), Some(b)) = (a, b) {
            sides.push((a, b));
        }
    }
    Some(Feature {
        kind: kind?,
        route: Route::Sides(sides),
    })
}

/// Reports a required array that is absent (arrays read as empty when absent).
fn require(r: &mut Reader<'_>, t: &super::spec::Tab<'_, '_>, key: &str) {
    if t.get_ref().get(key).is_none() {
        r.missing(t.span(), key, t.owner, "array");
    }
}

/// `["0203", "0303"]`: two cells that share a side.
fn two_strings(r: &mut Reader<'_>, v: &Value<'_>) -> Option<[Located<String>; 2]> {
    let items = array_strings(v);
    match items.as_deref() {
        Some([a, b]) => Some([
            Located::new(a.0.clone(), r.loc(a.1.clone())),
            Located::new(b.0.clone(), r.loc(b.1.clone())),
        ]),
        _ => {
            r.diags.push(crate::error!(
                "wrong-type", Some(r.loc(v.span())), "a side is written as the two cells it parts";
                hint: "write [\"0203\", \"0303\"]"
            ));
            None
        }
    }
}

/// The strings of an array value with their spans; `None` if it is not
/// an array of strings.
fn array_strings(v: &Value<'_>) -> Option<Vec<(String, std::ops::Range<usize>)>> {
    let toml::de::DeValue::Array(items) = v.get_ref() else {
        return None;
    };
    items
        .iter()
        .map(|item| match item.get_ref() {
            toml::de::DeValue::String(s) => Some((s.to_string(), item.span())),
            _ => None,
        })
        .collect()
}

fn path(r: &mut Reader<'_>, t: &Table<'_>, coords: &Coordinates) -> Option<Feature> {
    let t = r.open(t, &paths::DEF);
    let kind = r.get(&t, paths::feature);
    require(r, &t, paths::through.name());
    let cells: Vec<CellName> = r
        .get(&t, paths::through)
        .into_iter()
        .filter_map(|n| cell_name(r.diags, coords, n))
        .collect();
    Some(Feature {
        kind: kind?,
        route: Route::Through(cells),
    })
}

fn label(r: &mut Reader<'_>, t: &Table<'_>, coords: &Coordinates, cell: f32) -> Option<MapLabel> {
    let t = r.open(t, &labels::DEF);
    let text = r.get(&t, labels::text);
    let at = r.get(&t, labels::at);
    let size = r.get(&t, labels::size);
    let size = r
        .positive(size, "size", MAX_TYPE_SIZE, "pt")
        .map_or(cell / 5.0, |s| s.value.clamp(2.0, 144.0));
    let at = cell_name(r.diags, coords, at?)?;
    Some(MapLabel {
        text: text?,
        at,
        size,
    })
}

/// The rows of a CSV of cells: `cell,terrain`, a cell or range per row.
fn cells_csv(
    file: FileId,
    text: &str,
    coords: &Coordinates,
    diags: &mut Diagnostics,
) -> Vec<TerrainCells> {
    let Some(rows) = super::csv::read_rows(file, text, diags) else {
        return Vec::new();
    };
    let mut rows = rows.into_iter();
    let header = rows.next();
    let names: Vec<&str> = header
        .as_ref()
        .map(|h| h.cells.iter().map(|c| c.trim()).collect())
        .unwrap_or_default();
    if names != ["cell", "terrain"] {
        diags.push(crate::error!(
            "missing-field", Some(Loc::new(file, 0..0)), "a CSV of cells needs the header `cell,terrain`";
            hint: "write `cell,terrain` on the first line, then one cell per row: `0203,woods`"
        ));
        return Vec::new();
    }
    let mut out = Vec::new();
    for row in rows {
        let (Some(cell), Some(terrain)) = (row.cells.first(), row.cells.get(1)) else {
            diags.push(crate::error!(
                "missing-field", Some(Loc::new(file, row.span.clone())), "a row of cells needs a cell and a terrain";
                hint: "write `0203,woods`"
            ));
            continue;
        };
        let at = |i: usize| Loc::new(file, row.spans[i].clone());
        let span = cell_span(diags, coords, Located::new(cell.trim().to_string(), at(0)));
        let terrain = Located::new(terrain.trim().to_string(), at(1));
        match out.last_mut() {
            Some(TerrainCells { terrain: t, cells }) if t.value == terrain.value => {
                cells.extend(span);
            }
            _ => out.push(TerrainCells {
                terrain,
                cells: span.into_iter().collect(),
            }),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_formats_read_as_parts() {
        assert_eq!(
            code_parts("{col:02}{row:02}"),
            Ok(vec![
                CodePart::Number {
                    column: true,
                    width: 2
                },
                CodePart::Number {
                    column: false,
                    width: 2
                }
            ])
        );
        assert_eq!(
            code_parts("{col:A}-{row}"),
            Ok(vec![
                CodePart::Letter { column: true },
                CodePart::Text("-".into()),
                CodePart::Number {
                    column: false,
                    width: 1
                }
            ])
        );
        assert!(code_parts("{col}{row}").is_err());
        assert!(code_parts("{col:02}").is_err());
        assert!(code_parts("{col:x}{row}").is_err());
        assert!(code_parts("{cell}").is_err());
        assert!(code_parts("{col").is_err());
    }

    /// A map of the data format's example: woods, a river along two
    /// hexsides, a road and a rail line through hexes.
    fn oka() -> Map {
        let text = r##"name = "Oka"
grid = "hex"
columns = 12
rows = 9
cell = "0.75in"
default = "clear"
move_classes = ["foot", "tracked", "wheeled"]

[[terrain]]
id = "clear"
color = "#E8E2C4"
move = { all = 1 }

[[terrain]]
id = "woods"
color = "#3E7B3A"
move = { foot = 2, tracked = 3, wheeled = "prohibited" }

[[features]]
id = "river"
color = "#2A6FDB"
move = { foot = "+2", tracked = "+3", wheeled = "prohibited" }

[[features]]
id = "trail"
color = "#8B5A2B"
move = { all = "+1" }

[[features]]
id = "wall"
color = "#555555"
shift = -1

[[cells]]
terrain = "woods"
cells = ["0605"]

[[edges]]
feature = "river"
between = [["0505", "0605"], ["0506", "0606"]]

[[edges]]
feature = "wall"
between = [["0506", "0605"]]

[[paths]]
feature = "trail"
through = ["0302", "0402", "0403"]
"##;
        let mut diags = Diagnostics::default();
        let root = parse(0, text, &mut diags).expect("parses");
        let mut r = Reader::new(0, &mut diags);
        let (map, _, _) = read_map(&mut r, "main", &root, &[]).expect("reads");
        assert!(diags.list.is_empty(), "{:?}", diags.list);
        map
    }

    #[test]
    fn a_feature_on_the_way_adds_its_cost_to_the_terrain_entered() {
        let map = oka();
        let at = |code: &str| map.cell_by_code(code).expect("a cell");
        let cost =
            |from: Option<&str>, to: &str, class: &str| map.move_cost(from.map(&at), at(to), class);
        // Woods alone, entered without crossing anything.
        assert_eq!(cost(None, "0605", "foot"), Some(MoveCost::Cost(2)));
        assert_eq!(
            cost(Some("0604"), "0605", "tracked"),
            Some(MoveCost::Cost(3))
        );
        // Across the river into the woods: the terrain's cost plus the river's.
        assert_eq!(cost(Some("0505"), "0605", "foot"), Some(MoveCost::Cost(4)));
        assert_eq!(
            cost(Some("0505"), "0605", "tracked"),
            Some(MoveCost::Cost(6))
        );
        assert_eq!(
            cost(Some("0505"), "0605", "wheeled"),
            Some(MoveCost::Prohibited)
        );
        // Either way across; into clear, the river on its own.
        assert_eq!(cost(Some("0605"), "0505", "foot"), Some(MoveCost::Cost(3)));
        assert_eq!(
            cost(Some("0606"), "0506", "wheeled"),
            Some(MoveCost::Prohibited)
        );
        // Along the trail, each step adds 1; off it, nothing; a feature
        // with no movement cost (the wall) adds nothing.
        assert_eq!(cost(Some("0302"), "0402", "foot"), Some(MoveCost::Cost(2)));
        assert_eq!(
            cost(Some("0403"), "0402", "wheeled"),
            Some(MoveCost::Cost(2))
        );
        assert_eq!(cost(Some("0302"), "0403", "foot"), Some(MoveCost::Cost(1)));
        assert_eq!(cost(Some("0506"), "0605", "foot"), Some(MoveCost::Cost(2)));
        // A unit set up in a hex (no move) is only prohibited by its terrain.
        assert!(map.prohibits(at("0605"), "wheeled"));
        assert!(!map.prohibits(at("0505"), "wheeled"));
    }
}
