//! Load stage: the ```` ```figure ```` fenced blocks of a rules page — the
//! TOML inside each read with the span-keeping reader, every value located
//! in the rules page itself (file:line:col of the `.md`) — into the page's
//! [`FigureSpec`]s. Whether the map, hexes, units and sides exist is for
//! validation.

use std::ops::Range;

use super::spec::table;
use super::toml::{Reader, Value, parse};
use crate::diag::{Diagnostics, FileId, Loc};
use crate::model::figure::{FigureCounter, FigureLabel, FigureSpec, is_figure_info};
use crate::model::rules::{Node, Tag};
use crate::model::{Located, RulesDoc};

table! { pub mod figure_block: "a ```figure block" / "the figure",
    "A rule illustration in the rules Markdown: an excerpt of a map with counters, arrows, highlighted hexes (or places) and labels, numbered and captioned (a fenced block whose info string is `figure`, holding TOML).";
    id: req Str("The figure's id, unique across the rules: `[](figure:<id>)` refers to it."),
    map: req Str("The id of the map (`[[maps]]`) it shows an excerpt of."),
    hexes: opt Str("The excerpt of a hex or square map (required there): a rectangle of cells between two corner cells, \"0203..0607\"."),
    places: opt StrArray("On a map of places: places (ids or names) the excerpt shows besides those the figure marks; the excerpt is the box round them all, their names included, with a margin, cut at the map's edge."),
    caption: req Str("The caption under the figure, after \"Figure N.\" (rich text: **bold**, *italic*)."),
    counters: opt Tables(&figure_counter::DEF),
    arrows: opt ArrayOf(&Ty::StrArray("A path of neighbouring hexes, or of joined places."),
        "Arrows, each along a path of neighbouring hexes from the first to the last: [[\"0304\", \"0405\"]]; on a map of places, of places each joined to the next (a connection, or areas' shared border)."),
    highlight: opt StrArray("Hexes (or places) drawn with a coloured ring."),
    labels: opt Tables(&figure_label::DEF),
}

table! { pub mod figure_counter: "a figure's counter", "A counter placed on a hex (or a place) of the figure; counters on one hex are stacked, each later one offset up and to the right.";
    unit: req Str("A unit (id or name) of the counters' units collection."),
    side: req Str("A `[[publish.counters.sides]]` side that prints a counter of the unit (its colour)."),
    hex: opt Str("The hex it stands on, inside the excerpt (on a grid: this or `place`)."),
    place: opt Str("On a map of places: the place (id or name) it stands on."),
}

table! { pub mod figure_label: "a figure's label", "Small words on a hex (or a place) of the figure.";
    hex: opt Str("The hex, inside the excerpt (on a grid: this or `place`)."),
    place: opt Str("On a map of places: the place (id or name)."),
    text: req Str("The words."),
}

/// Reads each figure block of `doc` (parsed from `markdown`, file `file`)
/// into `doc.figures`; problems go to `diags`, located in the page.
pub fn load_figures(file: FileId, markdown: &str, doc: &mut RulesDoc, diags: &mut Diagnostics) {
    let mut figures = Vec::new();
    for (block, content) in figure_blocks(doc) {
        let (base, text) = match &content {
            Some(range) => (range.start, markdown.get(range.clone()).unwrap_or_default()),
            None => (block.end, ""),
        };
        if let Some(figure) = read_figure(file, base, text, block, diags) {
            figures.push(figure);
        }
    }
    doc.figures = figures;
}

/// The figure blocks of a page: each block's span and its text's span
/// (None for an empty block).
fn figure_blocks(doc: &RulesDoc) -> Vec<(Range<usize>, Option<Range<usize>>)> {
    let mut out = Vec::new();
    let mut open: Option<(Range<usize>, Option<Range<usize>>)> = None;
    for (node, range) in &doc.nodes {
        match node {
            Node::Start(Tag::CodeBlock(Some(info))) if is_figure_info(info) => {
                open = Some((range.clone(), None));
            }
            Node::Text(_) => {
                if let Some((_, content)) = open.as_mut() {
                    *content = Some(match content.take() {
                        Some(c) => c.start..range.end,
                        None => range.clone(),
                    });
                }
            }
            Node::End(Tag::CodeBlock(_)) => out.extend(open.take()),
            _ => {}
        }
    }
    out
}

/// One figure from its TOML text, which starts at byte `base` of the page.
fn read_figure(
    file: FileId,
    base: usize,
    text: &str,
    block: Range<usize>,
    diags: &mut Diagnostics,
) -> Option<FigureSpec> {
    use figure_block as k;
    // Spans of the text parsed alone, moved to the page's bytes.
    let mut found = Diagnostics::default();
    let root = parse(file, text, &mut found);
    for mut d in found {
        if let Some(loc) = d.loc.as_mut() {
            loc.span = (loc.span.start + base..loc.span.end + base).into();
        }
        diags.push(d);
    }
    let root = root?;
    let mut r = Reader::at(file, base, diags);
    let loc = Loc::new(file, block.start..block.start + 3);
    // A missing key is reported at the block's text.
    let t = r.open_top(&root, &k::DEF);
    let id = r.get(&t, k::id);
    let map = r.get(&t, k::map);
    let hexes = r.get(&t, k::hexes);
    let places = r.get(&t, k::places);
    let caption = r.get(&t, k::caption);
    let mut counters = Vec::new();
    for c in r.get(&t, k::counters) {
        let c = r.open(&c, &figure_counter::DEF);
        let unit = r.get(&c, figure_counter::unit);
        let side = r.get(&c, figure_counter::side);
        let hex = r.get(&c, figure_counter::hex);
        let place = r.get(&c, figure_counter::place);
        let hex = hex_or_place(&mut r, &c, hex, place);
        if let (Some(unit), Some(side), Some(hex)) = (unit, side, hex) {
            counters.push(FigureCounter { unit, side, hex });
        }
    }
    let mut arrows = Vec::new();
    for path in r.array(&t, k::arrows.def.name) {
        match strings(&r, path) {
            Some(cells) => arrows.push(cells),
            None => r.wrong_type(path, k::arrows.def.name, "an array of hexes"),
        }
    }
    let highlight = r.get(&t, k::highlight);
    let mut labels = Vec::new();
    for l in r.get(&t, k::labels) {
        let l = r.open(&l, &figure_label::DEF);
        let hex = r.get(&l, figure_label::hex);
        let place = r.get(&l, figure_label::place);
        let hex = hex_or_place(&mut r, &l, hex, place);
        let text = r.get(&l, figure_label::text);
        if let (Some(hex), Some(text)) = (hex, text) {
            labels.push(FigureLabel { hex, text });
        }
    }
    Some(FigureSpec {
        span: block,
        loc,
        id: id?,
        map: map?,
        hexes,
        places,
        caption: caption?,
        counters,
        arrows,
        highlight,
        labels,
    })
}

/// Where a counter or label stands: its `hex` or its `place` (one of
/// them, never both); a missing-field at the table when it has neither.
fn hex_or_place(
    r: &mut Reader<'_>,
    t: &super::spec::Tab<'_, '_>,
    hex: Option<Located<String>>,
    place: Option<Located<String>>,
) -> Option<Located<String>> {
    let what = t.owner;
    match (hex, place) {
        (Some(hex), None) => Some(hex),
        (None, Some(place)) => Some(place),
        (Some(_), Some(place)) => {
            r.diags.push(crate::error!(
                "bad-value", Some(place.loc),
                "{what} gives both `hex` and `place`";
                hint: "a hex on a hex or square map, a place on a map of places: keep the one its map has"
            ));
            None
        }
        (None, None) => {
            r.missing(t.span(), "hex", what, "a string");
            None
        }
    }
}

/// The strings of an array value, located; None if it is not an array of strings.
fn strings(r: &Reader<'_>, v: &Value<'_>) -> Option<Vec<Located<String>>> {
    let toml::de::DeValue::Array(items) = v.get_ref() else {
        return None;
    };
    items
        .iter()
        .map(|item| match item.get_ref() {
            toml::de::DeValue::String(s) => Some(Located::new(s.to_string(), r.loc(item.span()))),
            _ => None,
        })
        .collect()
}
