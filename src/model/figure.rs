//! Model: rule illustrations — a ```` ```figure ```` fenced block of a rules
//! page as `load` read its TOML (a map excerpt, counters on its hexes,
//! arrows along paths of hexes, highlighted hexes, labels and a caption),
//! the same figure resolved against a map (cells instead of codes) for
//! drawing, the `figure:` links that refer to figures, and the figures'
//! numbers in reading order across the rules.

use std::collections::HashMap;
use std::ops::Range;

use super::map::Cell;
use super::{Located, RulesDoc};
use crate::diag::Loc;

/// The info string of a fenced block that is a figure.
pub const FIGURE_INFO: &str = "figure";

/// The scheme of a link to a figure: `[](figure:river-attack)`.
pub const FIGURE_SCHEME: &str = "figure:";

/// The figure id a link target names, if it is a `figure:` link.
pub fn figure_link_id(url: &str) -> Option<&str> {
    url.strip_prefix(FIGURE_SCHEME)
}

/// Whether a fenced block's info string makes it a figure.
pub fn is_figure_info(info: &str) -> bool {
    info.split_whitespace().next() == Some(FIGURE_INFO)
}

/// A figure as written in its fenced block: every value with its place in
/// the rules page. Hexes are kept as written (the map's codes); they are
/// read against the map when the figure is resolved.
#[derive(Clone, Debug, PartialEq)]
pub struct FigureSpec {
    /// The fenced block's bytes in the page (fences included).
    pub span: Range<usize>,
    /// The block's place (its opening fence), for problems of the whole figure.
    pub loc: Loc,
    pub id: Located<String>,
    pub map: Located<String>,
    /// The excerpt of a grid: two corner hexes `"0203..0607"`.
    pub hexes: Option<Located<String>>,
    /// The excerpt of a map of places: places it shows (with every place
    /// the figure marks).
    pub places: Vec<Located<String>>,
    /// Rich text under the figure, after its number.
    pub caption: Located<String>,
    pub counters: Vec<FigureCounter>,
    /// Each a path of neighbouring hexes, drawn as an arrow from the first to the last.
    pub arrows: Vec<Vec<Located<String>>>,
    pub highlight: Vec<Located<String>>,
    pub labels: Vec<FigureLabel>,
}

/// A counter of a figure: a unit of the counters' units collection as a
/// side (a `[[publish.counters.sides]]` name) prints it, on a hex (or a
/// place of a map of places: `hex` holds whichever key was written).
#[derive(Clone, Debug, PartialEq)]
pub struct FigureCounter {
    pub unit: Located<String>,
    pub side: Located<String>,
    pub hex: Located<String>,
}

/// Small words on a hex (or a place).
#[derive(Clone, Debug, PartialEq)]
pub struct FigureLabel {
    pub hex: Located<String>,
    pub text: Located<String>,
}

/// A figure resolved against its map and the counter mix: what is drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct ResolvedFigure {
    /// The map's index in the game's maps.
    pub map: usize,
    /// The excerpt's corner cells: the top-left and bottom-right (columns
    /// and rows of the rectangle, in either order as written).
    pub from: Cell,
    pub to: Cell,
    /// Each counter's hex, the side's index in `[publish.counters]`'s
    /// sides and the index of the unit's entry in that side's units (in
    /// the order written in the figure: later ones stack on earlier ones).
    pub counters: Vec<(Cell, usize, usize)>,
    pub arrows: Vec<Vec<Cell>>,
    pub highlight: Vec<Cell>,
    pub labels: Vec<(Cell, Located<String>)>,
    /// On a map of places: the places the excerpt shows besides those the
    /// figure marks (each a cell `(place index, 0)`, as every cell above
    /// is there); empty on a grid.
    pub places: Vec<Cell>,
}

impl ResolvedFigure {}

/// A `figure:` link: the id it names, its span, and whether it has no text
/// of its own (`[](figure:river-attack)`), so "see Figure 3" stands in.
#[derive(Clone, Debug, PartialEq)]
pub struct FigureLink {
    pub id: String,
    pub span: Range<usize>,
}

/// Every `figure:` link of a page, in order.
pub fn figure_links(doc: &RulesDoc) -> Vec<FigureLink> {
    use super::rules::{Node, Tag};
    doc.nodes
        .iter()
        .filter_map(|(node, range)| match node {
            Node::Start(Tag::Link { url, .. }) => figure_link_id(url).map(|id| FigureLink {
                id: id.trim().to_string(),
                span: range.clone(),
            }),
            _ => None,
        })
        .collect()
}

/// The figures of the rules numbered in reading order (from 1, across the
/// pages): each id's number (a repeated id, an error `check` reports, keeps
/// the first's), and each page's figures' numbers in order.
#[derive(Clone, Debug, Default)]
pub struct FigureBook {
    numbers: HashMap<String, (usize, usize)>,
    /// Each page's figures' numbers.
    pub pages: Vec<Vec<usize>>,
}

impl FigureBook {
    pub fn new<'a>(docs: impl IntoIterator<Item = &'a RulesDoc>) -> FigureBook {
        let mut book = FigureBook::default();
        let mut next = 1;
        for (p, doc) in docs.into_iter().enumerate() {
            let mut on_page = Vec::with_capacity(doc.figures.len());
            for figure in &doc.figures {
                book.numbers
                    .entry(figure.id.value.clone())
                    .or_insert((next, p));
                on_page.push(next);
                next += 1;
            }
            book.pages.push(on_page);
        }
        book
    }

    /// The number of the figure `id` names, and the page it is on.
    pub fn find(&self, id: &str) -> Option<(usize, usize)> {
        self.numbers.get(id).copied()
    }
}

/// The anchor of a figure in the HTML reference and the PDF's links.
pub fn figure_anchor(id: &str) -> String {
    format!("figure-{}", super::slug(id))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::rules::parse_rules;

    #[test]
    fn figure_links_are_found_and_info_strings_read() {
        let doc = parse_rules("See [](figure:a) and [this](figure:b) but [x](rule:c).\n");
        let links = figure_links(&doc);
        assert_eq!(links.len(), 2);
        assert_eq!(links[0].id, "a");
        assert_eq!(links[1].id, "b");
        assert!(is_figure_info("figure"));
        assert!(is_figure_info("figure  {.wide}"));
        assert!(!is_figure_info("figures"));
        assert!(!is_figure_info("toml"));
    }
}
