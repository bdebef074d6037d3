//! Load stage: the tracks and holding boxes of game.toml (`[[tracks]]`,
//! `[[boxes]]`) into [`BoardPart`]s, each where it is printed (a map and
//! a place on it, or the tracks sheet). Which map, cell or range is
//! sound is for validation; a key's own value (a size, a count, a kind)
//! is checked here.

use super::spec::{Tab, one_of, table};
use super::toml::{Reader, Table};
use crate::model::Located;
use crate::model::track::{BoardPart, MAX_TRACK_BOXES, OnMap, PartAt, PartKind};

one_of!(
    /// What a track is: a box per turn or a box per number.
    pub enum TrackKind {
        Turn = "turn",
        Numbered = "numbered",
    }
);

table! { pub mod tracks: "[[tracks]]",
    "A track printed on a map or on the tracks sheet (tracks.pdf): a turn track, or a numbered track such as victory points 0 to 20. Scenarios place markers and units on its boxes (track = \"vp\", at = 5).";
    id: req Str("The id scenarios name it by, e.g. \"vp\"."),
    name: req Str("The name printed over it, e.g. \"Victory Points\"."),
    short: opt Str("What its boxes are called on set-up cards and in exports, e.g. \"VP\" for \"VP 5\" (default: the name)."),
    kind: req Word(TrackKind, "\"turn\" (a box per turn, from 1) or \"numbered\" (a box per number, from 0)."),
    from: opt Int("The first box's number (default 1 for a turn track, 0 for a numbered one)."),
    to: req Int("The last box's number, e.g. 20."),
    wrap: opt Int("A total above `to` is kept as a \"+N\" marker and the box of the total less N, e.g. 20: 25 points are box 5 and the \"+20\" marker; 1 to the number of boxes."),
    per_row: opt Int("Boxes in a row before the next row starts (default: all in one row on a map; as many as fit the paper on the tracks sheet)."),
    box_size: opt Length("A box's width and height (default \"0.75in\"), 0.25 in to 4 in."),
    labels: opt StrArray("A label per box printed under its number, e.g. turn dates [\"Jun 6\", \"Jun 7\"]; one per box, or none."),
    map: opt Str("The map it is printed on (a [[maps]] id); without it, it is printed on the tracks sheet."),
    at: opt Str("On a map: the cell (by its code, e.g. \"0101\") whose top-left corner is the track's; or give `x` and `y`."),
    x: opt Length("On a map: the track's left edge from the map's left edge, e.g. \"0.5in\"."),
    y: opt Length("On a map: the track's top edge from the map's top edge, e.g. \"0.5in\"."),
}

table! { pub mod boxes: "[[boxes]]",
    "A holding box printed on a map or on the tracks sheet (tracks.pdf): eliminated units, a reinforcement pool. Scenarios set units and markers up in it by its name (box = \"Eliminated\").";
    id: req Str("The id, e.g. \"eliminated\"."),
    name: req Str("The name printed in it and scenarios name it by, e.g. \"Eliminated\"."),
    width: opt Length("Its width (default \"2in\"), 0.25 in to 20 in."),
    height: opt Length("Its height (default \"1.25in\"), 0.25 in to 20 in."),
    map = super::tracks::map,
    at = super::tracks::at,
    x = super::tracks::x,
    y = super::tracks::y,
}

/// The default box of a track, and the smallest and largest.
const BOX: f32 = 54.0;
const MIN_BOX: f32 = 18.0;
const MAX_BOX: f32 = 288.0;
const MAX_HOLDING: f32 = 1440.0;

/// Every track, then every holding box, in the order game.toml gives them.
pub fn read_parts(r: &mut Reader<'_>, tracks: &[Table<'_>], boxes: &[Table<'_>]) -> Vec<BoardPart> {
    let mut parts: Vec<BoardPart> = tracks.iter().filter_map(|t| track(r, t)).collect();
    parts.extend(boxes.iter().filter_map(|t| holding_box(r, t)));
    parts
}

fn track(r: &mut Reader<'_>, table: &Table<'_>) -> Option<BoardPart> {
    use tracks as k;
    let t = r.open(table, &k::DEF);
    let id = r.get(&t, k::id);
    let name = r.get(&t, k::name);
    let short = r.get(&t, k::short);
    let kind = r.get(&t, k::kind).map(|kind| match kind.value {
        TrackKind::Turn => PartKind::Turn,
        TrackKind::Numbered => PartKind::Numbered,
    });
    let from = r.get(&t, k::from);
    let to = r.get(&t, k::to);
    let wrap = r.get(&t, k::wrap);
    let per_row = r.get(&t, k::per_row);
    let size = r.get(&t, k::box_size);
    let size = size_in(r, size, "box_size", MIN_BOX, MAX_BOX).unwrap_or(BOX);
    let labels = r.get(&t, k::labels);
    let on = on_map(r, &t);
    let (kind, to) = (kind?, to?);
    let from = from.map_or(if kind == PartKind::Turn { 1 } else { 0 }, |f| f.value);
    let boxes = to.value - from + 1;
    if boxes < 1 {
        r.diags.push(crate::error!(
            "bad-track-range", Some(to.loc),
            "the track runs from {from} to {}: it has no box", to.value;
            hint: "`to` is the last box's number, at least `from` ({from})"
        ));
        return None;
    }
    if boxes > MAX_TRACK_BOXES {
        r.diags.push(crate::error!(
            "limit-exceeded", Some(to.loc),
            "a track of {boxes} boxes";
            hint: "a track has at most {MAX_TRACK_BOXES} boxes"
        ));
        return None;
    }
    if let Some(w) = &wrap
        && (w.value < 1 || w.value > boxes)
    {
        r.diags.push(crate::error!(
            "bad-track-range", Some(w.loc),
            "`wrap = {}` on a track of {boxes} boxes", w.value;
            hint: "a total past the end goes round again: wrap is 1 to {boxes} (usually the number of boxes, or `to`)"
        ));
        return None;
    }
    if kind == PartKind::Turn
        && let Some(w) = &wrap
    {
        r.diags.push(crate::error!(
            "bad-track-range", Some(w.loc), "a turn track does not wrap";
            hint: "use kind = \"numbered\" for a track whose totals go round again"
        ));
        return None;
    }
    if let Some(p) = &per_row
        && p.value < 1
    {
        r.diags.push(crate::error!(
            "bad-value", Some(p.loc), "`per_row = {}`: a row needs a box", p.value;
            hint: "give 1 or more boxes a row"
        ));
        return None;
    }
    if !labels.is_empty() && labels.len() as i64 != boxes {
        let at = labels
            .get(boxes.max(0) as usize)
            .or(labels.last())
            .map_or_else(|| to.loc, |l| l.loc);
        r.diags.push(crate::error!(
            "bad-value", Some(at),
            "{} labels for {boxes} boxes", labels.len();
            hint: "give one label per box ({from} to {}), or none", to.value
        ));
        return None;
    }
    Some(BoardPart {
        id: id?,
        name: name?,
        short,
        aka: Vec::new(),
        kind,
        from,
        to: to.value,
        range_loc: to.loc,
        wrap,
        per_row,
        box_width: size,
        box_height: size,
        labels,
        on: on?,
        loc: r.loc(table.span()),
    })
}

fn holding_box(r: &mut Reader<'_>, table: &Table<'_>) -> Option<BoardPart> {
    use boxes as k;
    let t = r.open(table, &k::DEF);
    let id = r.get(&t, k::id);
    let name = r.get(&t, k::name);
    let width = r.get(&t, k::width);
    let width = size_in(r, width, "width", MIN_BOX, MAX_HOLDING).unwrap_or(144.0);
    let height = r.get(&t, k::height);
    let height = size_in(r, height, "height", MIN_BOX, MAX_HOLDING).unwrap_or(90.0);
    let on = on_map(r, &t);
    let loc = r.loc(table.span());
    Some(BoardPart {
        id: id?,
        name: name?,
        short: None,
        aka: Vec::new(),
        kind: PartKind::Holding,
        from: 1,
        to: 1,
        range_loc: loc,
        wrap: None,
        per_row: None,
        box_width: width,
        box_height: height,
        labels: Vec::new(),
        on: on?,
        loc,
    })
}

/// A length within bounds, or a located `bad-value`.
fn size_in(
    r: &mut Reader<'_>,
    v: Option<Located<f32>>,
    key: &str,
    min: f32,
    max: f32,
) -> Option<f32> {
    let v = v?;
    if (min..=max).contains(&v.value) {
        return Some(v.value);
    }
    r.diags.push(crate::error!(
        "bad-value", Some(v.loc),
        "`{key}` is {} in", v.value / 72.0;
        hint: "give {} in to {} in", min / 72.0, max / 72.0
    ));
    None
}

/// Where on a map the part goes: `Some(None)` on the tracks sheet, `None`
/// (with a diagnostic) when the keys do not agree.
fn on_map(r: &mut Reader<'_>, t: &Tab<'_, '_>) -> Option<Option<OnMap>> {
    use tracks as k;
    let map = r.get(t, k::map);
    let at = r.get(t, k::at);
    let (x, y) = (r.get(t, k::x), r.get(t, k::y));
    let point = match (x, y) {
        (Some(x), Some(y)) => Some(PartAt::Point { x, y }),
        (None, None) => None,
        (Some(v), None) | (None, Some(v)) => {
            r.diags.push(crate::error!(
                "missing-field", Some(v.loc), "a place on the map needs both `x` and `y`";
                hint: "give x = \"1in\", y = \"0.5in\" (from the map's top-left), or a cell: at = \"0101\""
            ));
            return None;
        }
    };
    let place = match (at.map(PartAt::Cell), point) {
        (Some(a), Some(_)) => {
            r.diags.push(crate::error!(
                "bad-value", Some(*a.loc()), "the part is placed both at a cell and at x, y";
                hint: "give `at` or `x` and `y`, not both"
            ));
            return None;
        }
        (a, p) => a.or(p),
    };
    match (map, place) {
        (None, None) => Some(None),
        (Some(map), Some(at)) => Some(Some(OnMap { map, at })),
        (Some(map), None) => {
            r.diags.push(crate::error!(
                "missing-field", Some(map.loc), "where on the map `{}` does it go?", map.value;
                hint: "give a cell (at = \"0101\") or a point (x = \"1in\", y = \"0.5in\")"
            ));
            None
        }
        (None, Some(at)) => {
            r.diags.push(crate::error!(
                "missing-field", Some(*at.loc()), "a place on a map, but no map";
                hint: "name the map: map = \"<a [[maps]] id>\"; without map and place it prints on the tracks sheet"
            ));
            None
        }
    }
}
