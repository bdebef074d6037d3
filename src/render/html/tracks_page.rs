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
use crate::text::Words;

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
pub fn tracks_page(title: &str, parts: &[ShownPart<'_>], words: &Words) -> ExtraPage {
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
            Some(on) => {
                let at = match &on.at {
                    PartAt::Cell(code) => code.value.clone(),
                    PartAt::Point { x, y } => Words::fill(
                        &words.track_at_inches,
                        &[
                            ("x", &format!("{:.2}", x.value / 72.0)),
                            ("y", &format!("{:.2}", y.value / 72.0)),
                        ],
                    ),
                };
                Words::fill(&words.track_on_map, &[("map", &on.map.value), ("at", &at)])
            }
            None => words.track_on_sheet.clone(),
        };
        let (from, to) = (part.from.to_string(), part.to.to_string());
        let what = match part.kind {
            PartKind::Turn => {
                Words::fill(&words.turn_track_from_to, &[("from", &from), ("to", &to)])
            }
            PartKind::Numbered => Words::fill(
                &words.numbered_track_from_to,
                &[("from", &from), ("to", &to)],
            ),
            PartKind::Holding => words.holding_box.clone(),
        };
        let wrap = part
            .wrap
            .as_ref()
            .map(|w| {
                let step = w.value.to_string();
                format!(
                    "; {}",
                    Words::fill(&words.track_wraps, &[("to", &to), ("step", &step)])
                )
            })
            .unwrap_or_default();
        html.push_str(&format!(
            "<section class=\"track\"><h2 id=\"{}\">{}</h2>\n<p>{} ({}).</p>\n",
            escape(&anchor),
            escape(&part.name.value),
            escape(&where_),
            escape(&format!("{what}{wrap}")),
        ));
        html.push_str(&format!(
            "<figure class=\"track\"><img src=\"{}\" alt=\"{}\" width=\"{}\" height=\"{}\"></figure>\n",
            escape(&shown.picture),
            escape(&format!("{}: {what}", part.name.value)),
            shown.width.round(),
            shown.height.round()
        ));
        let mut said = vec![where_.clone(), what.clone()];
        if part.kind != PartKind::Holding && part.labels.is_empty() {
            // The numbers in a line, each with its anchor.
            let spans: Vec<String> = part
                .numbers()
                .map(|n| {
                    said.push(n.to_string());
                    format!("<span id=\"{}-{n}\">{n}</span>", escape(&anchor))
                })
                .collect();
            html.push_str(&format!(
                "<p class=\"track-boxes\">{}{}</p>\n",
                escape(&words.labelled(&words.track_boxes, "")),
                spans.join(" ")
            ));
        } else if part.kind != PartKind::Holding {
            html.push_str(&format!(
                "<table class=\"track-boxes\"><thead><tr><th scope=\"col\">{}</th><th scope=\"col\">{}</th></tr></thead><tbody>\n",
                escape(&words.track_box),
                escape(&words.track_label)
            ));
            for (n, label) in part.numbers().zip(&part.labels) {
                html.push_str(&format!(
                    "<tr id=\"{}-{n}\"><td>{n}</td><td>{}</td></tr>\n",
                    escape(&anchor),
                    escape(&label.value)
                ));
                said.push(n.to_string());
                said.push(label.value.clone());
            }
            html.push_str("</tbody></table>\n");
        }
        html.push_str("</section>\n");
        sections.push((Some(headings.len()), said.join(" ")));
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
        families: Default::default(),
    }
}
