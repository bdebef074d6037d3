//! Load stage: the places of a map file whose `grid` is `"points"` or
//! `"areas"` — its `[[attributes]]`, `[[spaces]]` (a point each) or
//! `[[areas]]` (an outline each), and `[[connections]]` — into
//! [`Places`]. Positions are lengths from the map's top-left corner. An
//! attribute a place gives must be declared, and of the declared kind;
//! whether connections name known places, places overlap or lie off the
//! map is for validation.

use super::spec::{OneOf, Tab, kinds, one_of, table};
use super::toml::{MAX_LENGTH, MAX_TYPE_SIZE, Reader, Table, Value, parse_length};
use crate::load::toml::int_value;
use crate::model::Located;
use crate::model::places::{
    Adjacency, Attribute, AttributeKind, AttributeShow, AttributeValue, Connection, MAX_CORNERS,
    MAX_PLACES, Place, PlaceKind, Places,
};
use toml::de::DeValue;

const HEX: &str = super::game::HEX;

table! { pub mod space: "[[spaces]]", "A space of a point-to-point map.";
    id: req Str("The id connections and scenarios name it by."),
    name: opt Str("The name printed on the map (default the id); scenarios may name it too."),
    at: req ArrayOf(&Ty::Length("A length from the map's left or top edge."),
        "Where its centre is: [x, y] from the map's top-left corner, e.g. [\"2in\", \"3.5in\"]."),
    terrain: opt Str("A `[[terrain]]` id: the space's fill (and its effects)."),
    attributes: opt Map(&Ty::AnyOf(&[Ty::Str("A text value."), Ty::Int("A number."), Ty::Bool("Yes or no.")], "A value."),
        "Its values of the map's `[[attributes]]`, e.g. { vp = 2, fortress = true, control = \"Allied\" }."),
}

table! { pub mod area: "[[areas]]", "A region of an area map.";
    id: req Str("The id connections and scenarios name it by."),
    name: opt Str("The name printed on the map (default the id); scenarios may name it too."),
    outline: opt ArrayOf(&Ty::ArrayOf(&Ty::Length("A length."), "[x, y]."),
        "Its corners in order, each [x, y] from the map's top-left corner: [[\"0in\", \"0in\"], [\"3in\", \"0in\"], [\"3in\", \"2in\"]]. Neighbours give their shared border the same corners. Required unless the map's `outlines_svg` draws the area (a shape whose id is the area's)."),
    label_at: opt ArrayOf(&Ty::Length("A length."),
        "Where its name is printed: [x, y] (default the middle of its outline)."),
    terrain: opt Str("A `[[terrain]]` id: the area's fill (and its effects)."),
    attributes = space::attributes,
}

table! { pub mod connection: "[[connections]]", "Two places joined: a rail line, a road, a strait.";
    from: req Str("A place's id or name."),
    to: req Str("The other place's id or name."),
    kind: req Str("A `[[features]]` id: how the connection is drawn (colour, width, `line`) and named in the legend."),
}

one_of!(impl AttributeKind { Text = "text", Number = "number", YesNo = "yes-no" });

one_of!(
    /// How an attribute is printed, as written (`[[attributes]]`'s `show`).
    pub enum Show {
        Icon = "icon",
        Badge = "badge",
        Ring = "ring",
        Text = "text",
    }
);

table! { pub mod attribute: "[[attributes]]", "An attribute the map's places may have, and how it is printed.";
    id: req Str("The key places give it under, in their `attributes`."),
    name: opt Str("The name in the legend (default the id)."),
    kind: req Word(AttributeKind, "What it holds: text (a nationality), a number (victory points), yes or no (a fortress)."),
    show: opt Word(Show,
        "How it is printed: `icon` (yes/no: the icon when yes), `badge` (number: the number in a dark disc), `ring` (text: a ring, or an area's edge, in the value's colour), `text` (the value under the name; default)."),
    icon: opt Str("Of `show = \"icon\"`: a built-in icon or one of the game's icons/, e.g. \"star\"."),
    colors: opt Map(&Ty::Pattern(HEX, "\"#RRGGBB\"."),
        "Of `show = \"ring\"`: each value's colour, e.g. { Allied = \"#1F4E9C\", Central = \"#7A1F1F\" }; every value a place gives needs one."),
}

/// The keys of a map file that only a map of places has, and those only
/// a grid has: giving one to the other kind is a `wrong-map-key`.
pub const PLACES_ONLY: &[&str] = &[
    "width",
    "height",
    "space",
    "name_size",
    "adjacency",
    "spaces",
    "areas",
    "connections",
    "attributes",
    "outlines_svg",
];
pub const GRID_ONLY: &[&str] = &[
    "orientation",
    "stagger",
    "columns",
    "rows",
    "cell",
    "code",
    "first_column",
    "first_row",
    "code_at",
    "code_size",
    "cells",
    "cells_csv",
    "edges",
    "paths",
    "labels",
];

/// Reports each key of the map file `kind` of map does not take.
pub fn wrong_keys(r: &mut Reader<'_>, root: &Table<'_>, places: bool, grid: &str) {
    let not_here = if places { GRID_ONLY } else { PLACES_ONLY };
    for (key, _) in root.get_ref().iter() {
        if not_here.contains(&key.get_ref().as_ref()) {
            let hint = if places {
                "a map of places is `width` x `height`, its places `[[spaces]]` or `[[areas]]`: leave the grid's keys out"
            } else {
                "a hex or square map has `columns`, `rows` and `cell`; `grid = \"points\"` or `\"areas\"` takes places"
            };
            r.diags.push(crate::error!(
                "wrong-map-key", Some(r.loc(key.span())),
                "`{}` is not a key of a map whose grid is `{grid}`", key.get_ref();
                hint: "{hint}"
            ));
        }
    }
}

/// The places of a map of `kind`: `None` when its size is missing or wrong (reported).
#[allow(clippy::too_many_arguments)]
pub fn read_places(
    r: &mut Reader<'_>,
    t: &Tab<'_, '_>,
    kind: PlaceKind,
    width: Option<Located<f32>>,
    height: Option<Located<f32>>,
    space: Option<Located<f32>>,
    name_size: Option<Located<f32>>,
    adjacency: Option<Adjacency>,
    outlines_svg: bool,
    game_attributes: &[Attribute],
    tables: (
        Vec<Table<'_>>,
        Vec<Table<'_>>,
        Vec<Table<'_>>,
        Vec<Table<'_>>,
    ),
) -> Option<(Places, Vec<Pending>)> {
    let (attribute_tables, space_tables, area_tables, connection_tables) = tables;
    let size = |r: &mut Reader<'_>, v: Option<Located<f32>>, key: &str| {
        // Given but not read (a bad or too long length) is its own error.
        if t.get_ref().get(key).is_none() {
            r.missing(t.span(), key, t.owner, "length");
        }
        r.positive(v, key, MAX_LENGTH, "pt").map(|v| v.value)
    };
    let width = size(r, width, "width");
    let height = size(r, height, "height");
    let space = r
        .positive(space, "space", MAX_LENGTH, "pt")
        .map_or(36.0, |s| s.value);
    let name_size = r
        .positive(name_size, "name_size", MAX_TYPE_SIZE, "pt")
        .map_or((space / 4.0).clamp(6.0, 14.0), |s| s.value);
    let own = read_attributes(r, &attribute_tables, game_attributes);
    // The game's, then the map's own: each id once.
    let mut attributes: Vec<Attribute> = game_attributes.to_vec();
    for a in own {
        match attributes.iter().position(|g| g.id.value == a.id.value) {
            Some(i) => attributes[i] = a,
            None => attributes.push(a),
        }
    }
    let mut places = Vec::new();
    let (tables, wrong) = match kind {
        PlaceKind::Points => (&space_tables, (&area_tables, "areas", "spaces")),
        PlaceKind::Areas => (&area_tables, (&space_tables, "spaces", "areas")),
    };
    if let Some(first) = wrong.0.first() {
        r.diags.push(crate::error!(
            "wrong-map-key", Some(r.loc(first.span().start..first.span().start)),
            "a map whose grid is `{}` has no `[[{}]]`", if kind == PlaceKind::Points { "points" } else { "areas" }, wrong.1;
            hint: "write its places as `[[{}]]`", wrong.2
        ));
    }
    if tables.len() > MAX_PLACES {
        r.diags.push(crate::error!(
            "limit-exceeded", Some(r.loc(tables[MAX_PLACES].span())),
            "a map has more than {MAX_PLACES} places";
            hint: "split it into several maps"
        ));
        return None;
    }
    let mut pending = Vec::new();
    for p in tables {
        if let Some((place, waits)) = read_place(r, p, kind, &attributes, outlines_svg) {
            if let Some(label_given) = waits {
                pending.push(Pending {
                    index: places.len(),
                    label_given,
                });
            }
            places.push(place);
        }
    }
    let connections = connection_tables
        .iter()
        .filter_map(|c| read_connection(r, c))
        .collect();
    // The game's attributes this map's places do not give are not its own.
    attributes.retain(|a| {
        !game_attributes.iter().any(|g| g.id.value == a.id.value)
            || own_ids(&attribute_tables, &a.id.value)
            || places.iter().any(|p| p.value(&a.id.value).is_some())
    });
    let places = Places {
        left_out: Vec::new(),
        kind,
        width: width?,
        height: height?,
        space,
        name_size,
        places,
        attributes,
        connections,
        adjacency: adjacency.unwrap_or(Adjacency::Declared),
    };
    Some((places, pending))
}

/// An area without an `outline` of its own, whose shape the map's
/// `outlines_svg` is to give: its index among the places, and whether its
/// `label_at` is given (else the label goes in the middle of the shape).
#[derive(Clone, Copy, Debug)]
pub struct Pending {
    pub index: usize,
    pub label_given: bool,
}

/// Whether one of the map's own `[[attributes]]` has the id `id`.
fn own_ids(tables: &[Table<'_>], id: &str) -> bool {
    tables.iter().any(
        |t| matches!(attribute::id.of(t).map(|v| v.get_ref()), Some(DeValue::String(s)) if s == id),
    )
}

/// `[[attributes]]` (of game.toml, or of a map beside the game's
/// `earlier`): each id once; one declared again the same way is the one
/// attribute, declared again differently a `conflicting-attribute` at the
/// second.
pub fn read_attributes(
    r: &mut Reader<'_>,
    tables: &[Table<'_>],
    earlier: &[Attribute],
) -> Vec<Attribute> {
    let mut out: Vec<Attribute> = Vec::new();
    for t in tables {
        let Some(a) = read_attribute(r, t) else {
            continue;
        };
        let before = out.iter().chain(earlier).find(|b| b.id.value == a.id.value);
        match before {
            Some(b) if same_attribute(b, &a) => {}
            Some(b) => {
                r.diags.push(
                    crate::error!(
                        "conflicting-attribute", Some(a.id.loc),
                        "the attribute `{}` is declared again, differently", a.id.value;
                        hint: "declare it once (in game.toml for every map), or give it the same name, kind, show, icon and colours as the first"
                    )
                    .with_label(b.id.loc, "first declared here"),
                );
            }
            None => out.push(a),
        }
    }
    out
}

/// Whether two declarations of an attribute say the same (wherever each
/// is written).
fn same_attribute(a: &Attribute, b: &Attribute) -> bool {
    let show = match (&a.show, &b.show) {
        (AttributeShow::Icon(x), AttributeShow::Icon(y)) => x.value == y.value,
        (AttributeShow::Ring(x), AttributeShow::Ring(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y)
                    .all(|((v, c), (w, d))| v.value == w.value && c == d)
        }
        (AttributeShow::Badge, AttributeShow::Badge)
        | (AttributeShow::Text, AttributeShow::Text) => true,
        _ => false,
    };
    show && a.name == b.name && a.kind == b.kind
}

fn read_attribute(r: &mut Reader<'_>, t: &Table<'_>) -> Option<Attribute> {
    let t = r.open(t, &attribute::DEF);
    let id = r.get(&t, attribute::id);
    let name = r.get(&t, attribute::name);
    let kind = r.get(&t, attribute::kind);
    // A word not among show's is told by the reader, and the attribute
    // left out (as an attribute drawn some other way would mislead).
    let show_given = matches!(
        attribute::show.of(t.table).map(|v| v.get_ref()),
        Some(DeValue::String(_))
    );
    let show = r.get(&t, attribute::show);
    if show_given && show.is_none() {
        return None;
    }
    let icon = r.get(&t, attribute::icon);
    let mut colors = Vec::new();
    if let Some(table) = r.get_as::<kinds::Table, _>(&t, attribute::colors) {
        for (value, colour) in table.get_ref().iter() {
            let value = Located::new(value.get_ref().to_string(), r.loc(value.span()));
            match colour.get_ref() {
                DeValue::String(s) => {
                    let c = Located::new(s.to_string(), r.loc(colour.span()));
                    if let Some(rgb) = super::background::color(r, &c) {
                        colors.push((value, rgb));
                    }
                }
                _ => r.wrong_type(colour, &value.value, "a colour \"#RRGGBB\""),
            }
        }
    }
    let kind = kind?.value;
    let id = id?;
    let mismatch = |r: &mut Reader<'_>, show: &Located<Show>, needs: &str| {
        r.diags.push(crate::error!(
            "bad-value", Some(show.loc),
            "`show = \"{}\"` is for {needs} attributes; `{}` is {}", show.value.word(), id.value, kind.word();
            hint: "`icon` prints a yes/no attribute, `badge` a number, `ring` a text; `text` prints any"
        ));
    };
    let show = match show.as_ref().map(|s| s.value) {
        None | Some(Show::Text) => AttributeShow::Text,
        Some(Show::Icon) => {
            let show = show.as_ref()?;
            if kind != AttributeKind::YesNo {
                mismatch(r, show, "yes-no");
                return None;
            }
            let Some(icon) = icon else {
                r.diags.push(crate::error!(
                    "missing-field", Some(show.loc), "`show = \"icon\"` needs the `icon` to print";
                    hint: "add `icon = \"star\"` (an icon of data/icons/ or the game's icons/)"
                ));
                return None;
            };
            AttributeShow::Icon(icon)
        }
        Some(Show::Badge) => {
            let show = show.as_ref()?;
            if kind != AttributeKind::Number {
                mismatch(r, show, "number");
                return None;
            }
            AttributeShow::Badge
        }
        Some(Show::Ring) => {
            let show = show.as_ref()?;
            if kind != AttributeKind::Text {
                mismatch(r, show, "text");
                return None;
            }
            AttributeShow::Ring(colors)
        }
    };
    Some(Attribute {
        name: name.map_or_else(|| id.value.clone(), |n| n.value),
        id,
        kind,
        show,
    })
}

/// A length written as points or as a string with a unit.
fn length(r: &mut Reader<'_>, v: &Value<'_>, what: &str) -> Option<f32> {
    let parsed = match v.get_ref() {
        DeValue::String(s) => parse_length(s),
        other @ (DeValue::Integer(_) | DeValue::Float(_)) => {
            super::toml::number_value(other).ok_or_else(String::new)
        }
        _ => Err(format!("{what} is not a length")),
    };
    match parsed {
        Ok(x) if x.is_finite() && x.abs() <= MAX_LENGTH => Some(x),
        _ => {
            r.diags.push(crate::error!(
                "bad-length", Some(r.loc(v.span())), "{what} is not a length";
                hint: "write a length as points (144) or with a unit: \"2in\", \"50mm\""
            ));
            None
        }
    }
}

/// `[x, y]`: two lengths.
fn point(r: &mut Reader<'_>, v: &Value<'_>, what: &str) -> Option<(f32, f32)> {
    match v.get_ref() {
        DeValue::Array(items) if items.len() == 2 => {
            let x = length(r, &items[0], what);
            let y = length(r, &items[1], what);
            Some((x?, y?))
        }
        _ => {
            r.diags.push(crate::error!(
                "wrong-type", Some(r.loc(v.span())), "{what} is a point: [x, y]";
                hint: "write two lengths from the map's top-left corner: [\"2in\", \"3.5in\"]"
            ));
            None
        }
    }
}

fn read_place(
    r: &mut Reader<'_>,
    t: &Table<'_>,
    kind: PlaceKind,
    attributes: &[Attribute],
    outlines_svg: bool,
) -> Option<(Place, Option<bool>)> {
    let (def, id_key, name_key, terrain_key) = match kind {
        PlaceKind::Points => (&space::DEF, space::id, space::name, space::terrain),
        PlaceKind::Areas => (&area::DEF, area::id, area::name, area::terrain),
    };
    let tab = r.open(t, def);
    let id = r.get(&tab, id_key);
    let name = r.get(&tab, name_key);
    let terrain = r.get(&tab, terrain_key);
    let values = place_attributes(r, &tab, attributes);
    let mut waits = None;
    let (at, at_loc, outline, outline_loc) = match kind {
        PlaceKind::Points => {
            let Some(v) = space::at.of(t) else {
                r.missing(t.span(), "at", "[[spaces]]", "[x, y]");
                return None;
            };
            let loc = r.loc(v.span());
            (point(r, v, "`at`")?, loc, Vec::new(), None)
        }
        PlaceKind::Areas if outlines_svg && area::outline.of(t).is_none() => {
            // Its shape comes from the SVG, once it is read.
            let (label, label_loc) = match area::label_at.of(t) {
                Some(l) => (point(r, l, "`label_at`")?, r.loc(l.span())),
                None => ((0.0, 0.0), r.loc(t.span())),
            };
            waits = Some(area::label_at.of(t).is_some());
            (label, label_loc, Vec::new(), None)
        }
        PlaceKind::Areas => {
            let Some(v) = area::outline.of(t) else {
                r.missing(t.span(), "outline", "[[areas]]", "array of [x, y]");
                return None;
            };
            let loc = r.loc(v.span());
            let DeValue::Array(items) = v.get_ref() else {
                r.wrong_type(v, "outline", "an array of points [x, y]");
                return None;
            };
            if items.len() > MAX_CORNERS {
                r.diags.push(crate::error!(
                    "limit-exceeded", Some(loc), "an outline of {} corners has more than {MAX_CORNERS}", items.len();
                    hint: "simplify the outline"
                ));
                return None;
            }
            let corners: Vec<Option<(f32, f32)>> = items
                .iter()
                .map(|p| point(r, p, "a corner of `outline`"))
                .collect();
            let corners: Option<Vec<(f32, f32)>> = corners.into_iter().collect();
            let corners = corners?;
            let (label, label_loc) = match area::label_at.of(t) {
                Some(l) => (point(r, l, "`label_at`")?, r.loc(l.span())),
                None => (crate::model::places::centroid(&corners), loc),
            };
            (label, label_loc, corners, Some(loc))
        }
    };
    let id = id?;
    let place = Place {
        name: name.map_or_else(|| id.value.clone(), |n| n.value),
        aka: Vec::new(),
        id,
        at,
        at_loc,
        outline,
        outline_loc,
        terrain,
        attributes: values,
    };
    Some((place, waits))
}

/// A place's `attributes`: each declared, its value of the declared kind.
fn place_attributes(
    r: &mut Reader<'_>,
    t: &Tab<'_, '_>,
    declared: &[Attribute],
) -> Vec<(Located<String>, Located<AttributeValue>)> {
    let mut out = Vec::new();
    let Some(table) = r.get_as::<kinds::Table, _>(t, space::attributes) else {
        return out;
    };
    for (key, value) in table.get_ref().iter() {
        let key = Located::new(key.get_ref().to_string(), r.loc(key.span()));
        let loc = r.loc(value.span());
        let Some(attribute) = declared.iter().find(|a| a.id.value == key.value) else {
            let names: Vec<&str> = declared.iter().map(|a| a.id.value.as_str()).collect();
            r.diags.push(crate::error!(
                "unknown-attribute", Some(key.loc), "`{}` is not an attribute the map or game.toml declares", key.value;
                hint: "{}", if names.is_empty() {
                    "declare it in [[attributes]] (of the map, or of game.toml for every map): id, kind (text, number, yes-no) and how it is shown".to_string()
                } else {
                    format!("its [[attributes]]: {} (or declare `{}`)", names.join(", "), key.value)
                }
            ));
            continue;
        };
        let parsed = match (attribute.kind, value.get_ref()) {
            (AttributeKind::Text, DeValue::String(s)) => Some(AttributeValue::Text(s.to_string())),
            (AttributeKind::Number, v @ DeValue::Integer(_)) => {
                int_value(v).map(AttributeValue::Number)
            }
            (AttributeKind::YesNo, DeValue::Boolean(b)) => Some(AttributeValue::YesNo(*b)),
            _ => None,
        };
        let Some(parsed) = parsed else {
            let expected = match attribute.kind {
                AttributeKind::Text => "text, e.g. \"Allied\"",
                AttributeKind::Number => "a whole number, e.g. 2",
                AttributeKind::YesNo => "true or false",
            };
            r.wrong_type(value, &key.value, expected);
            continue;
        };
        if let (AttributeShow::Ring(colors), AttributeValue::Text(text)) =
            (&attribute.show, &parsed)
            && !colors.iter().any(|(v, _)| v.value == *text)
        {
            r.diags.push(
                crate::error!(
                    "bad-value", Some(loc), "`{}` has no colour in the attribute `{}`'s `colors`", text, key.value;
                    hint: "add `{text} = \"#RRGGBB\"` to its `colors`"
                )
                .with_label(attribute.id.loc, "the attribute"),
            );
            continue;
        }
        out.push((key, Located::new(parsed, loc)));
    }
    out
}

fn read_connection(r: &mut Reader<'_>, t: &Table<'_>) -> Option<Connection> {
    let loc = r.loc(t.span());
    let t = r.open(t, &connection::DEF);
    let from = r.get(&t, connection::from);
    let to = r.get(&t, connection::to);
    let kind = r.get(&t, connection::kind);
    Some(Connection {
        from: from?,
        to: to?,
        kind: kind?,
        loc,
    })
}

/// Gives each area waiting for the map's `outlines_svg` the shape of its
/// id (its label in the middle unless `label_at` is given); an area the
/// SVG does not draw, or draws as no one outline, is an error and left
/// out. A shape whose id names no waiting area is a warning: it is not
/// used.
pub fn take_outlines(
    places: &mut Places,
    pending: &[Pending],
    svg: &Located<String>,
    shapes: &[super::area_outlines::Shape],
    diags: &mut crate::diag::Diagnostics,
) {
    let by_id: std::collections::HashMap<&str, &super::area_outlines::Shape> =
        shapes.iter().map(|s| (s.id.as_str(), s)).collect();
    let mut dropped = std::collections::HashSet::new();
    for p in pending {
        let place = &mut places.places[p.index];
        let Some(shape) = by_id.get(place.id.value.as_str()) else {
            let mut ids: Vec<&str> = shapes.iter().map(|s| s.id.as_str()).take(12).collect();
            if shapes.len() > 12 {
                ids.push("...");
            }
            diags.push(
                crate::error!(
                    "missing-outline", Some(place.id.loc),
                    "the area `{}` has no `outline`, and `{}` has no shape with the id `{}`",
                    place.id.value, svg.value, place.id.value;
                    hint: "{}", if ids.is_empty() {
                        format!("`{}` has no shape with an id: give each area's path `id=\"{}\"`, or give the area an `outline`", svg.value, place.id.value)
                    } else {
                        format!("its shapes' ids: {}; give the area's path `id=\"{}\"`, or the area an `outline`", ids.join(", "), place.id.value)
                    }
                )
                .with_label(svg.loc, "the SVG of outlines"),
            );
            dropped.insert(p.index);
            continue;
        };
        match &shape.corners {
            Err(why) => {
                diags.push(
                    crate::error!(
                        "bad-outline", Some(shape.loc),
                        "the shape `{}` cannot be the area's outline: {why}", shape.id;
                        hint: "draw each area as one closed path with an inside"
                    )
                    .with_label(place.id.loc, "the area"),
                );
                dropped.insert(p.index);
            }
            Ok(corners) => {
                place.outline = corners.clone();
                place.outline_loc = Some(shape.loc);
                if !p.label_given {
                    place.at = crate::model::places::centroid(corners);
                    place.at_loc = shape.loc;
                }
            }
        }
    }
    let waiting: std::collections::HashSet<&str> = pending
        .iter()
        .map(|p| places.places[p.index].id.value.as_str())
        .collect();
    let all: std::collections::HashSet<&str> =
        places.places.iter().map(|p| p.id.value.as_str()).collect();
    for shape in shapes {
        if waiting.contains(shape.id.as_str()) {
            continue;
        }
        let own = all.contains(shape.id.as_str());
        diags.push(crate::warning!(
            "unused-outline", Some(shape.loc),
            "{}", if own {
                format!("the area `{}` has an `outline` of its own: this shape is not used", shape.id)
            } else {
                format!("the shape `{}` names no area of the map: it is not used", shape.id)
            };
            hint: "{}", if own {
                "leave the area's `outline` out to take its shape from the SVG".to_string()
            } else {
                format!("give it the id of an area, or add `[[areas]]` with `id = \"{}\"`", shape.id)
            }
        ));
    }
    places.leave_out(&dropped);
}
