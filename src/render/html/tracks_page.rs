//! Render (HTML): the tracks page of the rules reference (`tracks.html`)
//! — each track and holding box with its picture (an SVG publish writes
//! beside the pages), where it is printed (a map and its place, or the
//! tracks sheet), and its boxes' numbers and labels as text, each part
//! with an anchor. Input: the loaded parts and their pictures' paths;
//! output: the page body, for the site's page template.

use super::map_page::ExtraPage;
use super::markdown::{Heading, PageBody};
use crate::model::track::{BoardPart, PartAt, PartKind};
use crate::render::svg::escape;

/// The page's file name.
pub const TRACKS_PAGE: &str = "tracks.html";

/// A part shown on the page: the part, its picture (relative to the html
/// folder) and the picture's size in points.
pub struct ShownPart<'a> {
    pub part: &'a BoardPart,
    pub picture: String,
    pub width: f32,
    pub height: f32,
}

/// The page listing every track and holding box.
pub fn tracks_page(title: &str, parts: &[ShownPart<'_>]) -> ExtraPage {
    let mut html = format!("<h1 id=\"tracks\">{}</h1>\n", escape(title));
    let mut headings = vec![Heading {
        level: 1,
        text: title.to_string(),
        anchor: "tracks".to_string(),
        number: None,
    }];
    let mut sections = vec![(None, String::new())];
    for shown in parts {
        let part = shown.part;
        let anchor = format!("track-{}", part.id.value);
        let where_ = match &part.on {
            Some(on) => match &on.at {
                PartAt::Cell(code) => format!("On the map {} at {}", on.map.value, code.value),
                PartAt::Point { x, y } => format!(
                    "On the map {} at {:.2} in, {:.2} in",
                    on.map.value,
                    x.value / 72.0,
                    y.value / 72.0
                ),
            },
            None => "On the tracks sheet".to_string(),
        };
        let what = match part.kind {
            PartKind::Turn => format!("turn track, turns {} to {}", part.from, part.to),
            PartKind::Numbered => format!("numbered track, {} to {}", part.from, part.to),
            PartKind::Holding => "holding box".to_string(),
        };
        let wrap = part
            .wrap
            .as_ref()
            .map(|w| {
                format!(
                    "; a total above {} is a \"+{}\" marker and the box of the rest",
                    part.to, w.value
                )
            })
            .unwrap_or_default();
        html.push_str(&format!(
            "<section class=\"track\"><h2 id=\"{}\">{}</h2>\n<p>{} ({what}{wrap}).</p>\n",
            escape(&anchor),
            escape(&part.name.value),
            escape(&where_),
        ));
        html.push_str(&format!(
            "<figure class=\"track\"><img src=\"{}\" alt=\"{}\" width=\"{}\" height=\"{}\"></figure>\n",
            escape(&shown.picture),
            escape(&format!("{}: {what}", part.name.value)),
            shown.width.round(),
            shown.height.round()
        ));
        let mut words = vec![where_.clone(), what.clone()];
        if part.kind != PartKind::Holding && part.labels.is_empty() {
            // The numbers in a line, each with its anchor.
            let spans: Vec<String> = part
                .numbers()
                .map(|n| {
                    words.push(n.to_string());
                    format!("<span id=\"{}-{n}\">{n}</span>", escape(&anchor))
                })
                .collect();
            html.push_str(&format!(
                "<p class=\"track-boxes\">Boxes: {}</p>\n",
                spans.join(" ")
            ));
        } else if part.kind != PartKind::Holding {
            html.push_str("<table class=\"track-boxes\"><thead><tr><th scope=\"col\">Box</th><th scope=\"col\">Label</th></tr></thead><tbody>\n");
            for (n, label) in part.numbers().zip(&part.labels) {
                html.push_str(&format!(
                    "<tr id=\"{}-{n}\"><td>{n}</td><td>{}</td></tr>\n",
                    escape(&anchor),
                    escape(&label.value)
                ));
                words.push(n.to_string());
                words.push(label.value.clone());
            }
            html.push_str("</tbody></table>\n");
        }
        html.push_str("</section>\n");
        sections.push((Some(headings.len()), words.join(" ")));
        headings.push(Heading {
            level: 2,
            text: part.name.value.clone(),
            anchor,
            number: None,
        });
    }
    ExtraPage {
        file_name: TRACKS_PAGE.to_string(),
        title: title.to_string(),
        body: PageBody {
            html,
            headings,
            sections,
        },
    }
}
