//! Render (HTML): the counters page of the rules reference — each kind of
//! counter a game prints (a unit of a side, a marker) with its front and
//! back as inline SVG drawn from the same layout as `counters.pdf` (unit
//! symbols as vector paths, text as text in the served fonts), its name, how
//! many are printed, and the stats its corners show spelled out. Input:
//! counters laid out by publish; output: the page body, for the site's page
//! template. Every piece of data is escaped.

use super::data::field_heading;
use super::map_page::ExtraPage;
use super::markdown::{Heading, PageBody, UsedIds, unique_id};
use crate::layout::Item;
use crate::model::slug;
use crate::render::svg::{FamiliesDrawn, counter_svg, escape};
use crate::text::FontBook;

/// The counters page's file name in the html folder.
pub const COUNTERS_PAGE: &str = "counters.html";

/// One kind of counter as the page shows it.
pub struct ShownCounter<'a> {
    pub name: &'a str,
    /// Its side's name; empty for a marker.
    pub side: &'a str,
    /// A marker's back word (none for a unit).
    pub back_word: Option<&'a str>,
    /// How many are printed.
    pub count: usize,
    /// (unit field, value) of each corner.
    pub stats: &'a [(String, String)],
    pub front: &'a [Item],
    pub back: &'a [Item],
}

/// The page of a game's counters, `size` points square, grouped by side in
/// sheet order, the markers last.
pub fn counters_page(
    counters: &[ShownCounter<'_>],
    size: f32,
    book: &FontBook,
    words: &crate::text::Words,
) -> ExtraPage {
    let anchor = "counters".to_string();
    let mut used: UsedIds = [anchor.clone()].into_iter().collect();
    let drawn = FamiliesDrawn::default();
    let total: usize = counters.iter().map(|c| c.count).sum();
    let inches = (size / 72.0 * 1000.0).round() / 1000.0;
    let summary = crate::text::Words::fill(
        &words.counters_summary,
        &[
            ("n", &total.to_string()),
            (
                "counters",
                if total == 1 {
                    &words.counter
                } else {
                    &words.counters_many
                },
            ),
            ("size", &inches.to_string()),
        ],
    );
    let mut html = format!(
        "<h1 id=\"{anchor}\">{}</h1>\n<p>{}</p>\n",
        escape(&words.counters),
        escape(&summary)
    );
    let mut headings = vec![Heading {
        level: 1,
        text: words.counters.clone(),
        anchor: anchor.clone(),
        number: None,
    }];
    let mut sections = vec![(None, summary.clone())];
    let mut shown = 0;
    // Sides in the order their counters first come.
    let mut groups: Vec<(&str, Vec<&ShownCounter<'_>>)> = Vec::new();
    for counter in counters {
        match groups.iter_mut().find(|(side, _)| *side == counter.side) {
            Some((_, list)) => list.push(counter),
            None => groups.push((counter.side, vec![counter])),
        }
    }
    // Markers (no side) after every side.
    groups.sort_by_key(|(side, _)| side.is_empty());
    let faces = (words.front_face.as_str(), words.back_face.as_str());
    let back_label = words.labelled(&words.back, "");
    for (side, list) in groups {
        let title = if side.is_empty() {
            words.markers.as_str()
        } else {
            side
        };
        let id = unique_id(&format!("counters-{}", slug(title)), &mut used);
        html.push_str(&format!(
            "<h2 id=\"{}\">{}</h2>\n<div class=\"counters\">\n",
            escape(&id),
            escape(title)
        ));
        let mut words = Vec::new();
        for counter in list {
            shown += 1;
            html.push_str(&counter_html(
                counter,
                size,
                shown,
                &mut used,
                (book, &drawn),
                faces,
                &back_label,
            ));
            words.push(counter.name.to_string());
            words.extend(counter.back_word.map(str::to_string));
            words.extend(
                counter
                    .stats
                    .iter()
                    .map(|(field, value)| format!("{}: {value}", field_heading(field))),
            );
        }
        html.push_str("</div>\n");
        sections.push((Some(headings.len()), words.join(" ")));
        headings.push(Heading {
            level: 2,
            text: title.to_string(),
            anchor: id,
            number: None,
        });
    }
    ExtraPage {
        file_name: COUNTERS_PAGE.to_string(),
        title: words.counters.clone(),
        body: PageBody {
            html,
            headings,
            sections,
        },
        families: drawn,
    }
}

/// The `number`th counter of the page: both faces side by side, its name,
/// count and stats below.
fn counter_html(
    counter: &ShownCounter<'_>,
    size: f32,
    number: usize,
    used: &mut UsedIds,
    (book, drawn): (&FontBook, &FamiliesDrawn),
    (front_face, back_face): (&str, &str),
    back_label: &str,
) -> String {
    let side = if counter.side.is_empty() {
        "marker"
    } else {
        counter.side
    };
    let id = unique_id(
        &format!("counter-{}-{}", slug(side), slug(counter.name)),
        used,
    );
    // Ids inside the pictures (clip paths) start with the counter's number
    // on the page, so no two inline pictures share one.
    let prefix = format!("gpk{number}");
    let what = if counter.side.is_empty() {
        counter.name.to_string()
    } else {
        format!("{}, {}", counter.name, counter.side)
    };
    let front = counter_svg(
        counter.front,
        size,
        (&format!("{what}: {front_face}"), &format!("{prefix}f")),
        book,
        drawn,
    );
    let back = counter_svg(
        counter.back,
        size,
        (&format!("{what}: {back_face}"), &format!("{prefix}b")),
        book,
        drawn,
    );
    let mut html = format!(
        "<figure class=\"counter\" id=\"{}\">\n<div class=\"counter-faces\">{front}{back}</div>\n<figcaption><span class=\"counter-name\">{}</span> <span class=\"counter-count\">&times;&#8239;{}</span>",
        escape(&id),
        escape(counter.name),
        counter.count
    );
    if let Some(back_word) = counter.back_word.filter(|w| *w != counter.name) {
        html.push_str(&format!(
            "<br><span class=\"counter-back\">{}{}</span>",
            escape(back_label),
            escape(back_word)
        ));
    }
    if !counter.stats.is_empty() {
        html.push_str("\n<dl class=\"counter-stats\">");
        for (field, value) in counter.stats {
            html.push_str(&format!(
                "<dt>{}</dt><dd>{}</dd>",
                escape(&field_heading(field)),
                escape(value)
            ));
        }
        html.push_str("</dl>");
    }
    html.push_str("</figcaption>\n</figure>\n");
    html
}
