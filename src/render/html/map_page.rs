//! Render (HTML): a map's page of the rules reference — its name, the
//! picture of the whole map (the SVG publish writes beside the pages, text
//! as outlines, so it needs no font) with a description for readers who do
//! not see it, and the legend: each terrain's colour and name, each
//! feature's. Input: a loaded map; output: the page body, for the site's
//! page template.

use super::markdown::{Heading, PageBody};
use crate::model::map::{GridKind, Pattern, Swatch};
use crate::model::places::LineStyle;
use crate::model::tec::{tec_id, tec_table};
use crate::model::{Icon, Map, Rgb};
use crate::render::svg::{escape, path_data};

/// An extra page of the site, built outside the rules text.
pub struct ExtraPage {
    /// Its file name in the html folder, e.g. `map-scenario.html`.
    pub file_name: String,
    pub title: String,
    pub body: PageBody,
    /// The families of the text its pictures draw in the served fonts.
    pub families: crate::render::svg::FamiliesDrawn,
}

/// Where a map's picture is, relative to the html folder.
pub fn map_picture(map: &Map) -> String {
    format!("maps/{}.svg", map.id)
}

/// The page of a map: `map-<id>.html`.
pub fn map_page(
    map: &Map,
    width: f32,
    height: f32,
    names: &crate::text::Words,
    icons: &[Icon],
) -> ExtraPage {
    let anchor = "map".to_string();
    let cells = match map.grid.kind {
        GridKind::Square => &names.squares,
        _ => &names.hexes,
    };
    let (first, last) = map.code_range();
    let summary = match &map.places {
        Some(p) => crate::layout::map::places_summary(p, names),
        None => crate::text::Words::fill(
            &names.grid_summary,
            &[
                ("columns", &map.grid.columns.to_string()),
                ("rows", &map.grid.rows.to_string()),
                ("cells", cells),
                (
                    "size",
                    &((map.grid.size / 72.0 * 1000.0).round() / 1000.0).to_string(),
                ),
                ("first", &first.to_string()),
                ("last", &last.to_string()),
            ],
        ),
    };
    let terrain: Vec<usize> = match &map.places {
        Some(p) => p
            .places
            .iter()
            .enumerate()
            .filter_map(|(i, _)| map.terrain_at((i as u32, 0)))
            .filter_map(|t| map.terrain_index(&t.id.value))
            .collect(),
        None => map.terrain_of_cells(),
    };
    let count_heading = if map.places.is_some() {
        names.places.as_str()
    } else {
        names.cells.as_str()
    };
    let mut html = format!(
        "<h1 id=\"{anchor}\">{}</h1>\n<p>{}.</p>\n",
        escape(&map.name),
        escape(&summary)
    );
    let alt = format!("{}: {summary}", map.name);
    html.push_str(&format!(
        "<figure class=\"map\"><a href=\"{src}\"><img src=\"{src}\" alt=\"{}\" width=\"{}\" height=\"{}\"></a><figcaption>{}</figcaption></figure>\n",
        escape(&alt),
        width.round(),
        height.round(),
        escape(&names.whole_map),
        src = escape(&map_picture(map)),
    ));
    let terrain_word = escape(&names.terrain);
    let count_heading = escape(count_heading);
    html.push_str(&format!("<h2 id=\"map-terrain\">{terrain_word}</h2>\n<table class=\"map-legend\"><thead><tr><th scope=\"col\">{terrain_word}</th><th scope=\"col\">{count_heading}</th></tr></thead><tbody>\n"));
    let mut sections = vec![(None, summary.clone())];
    let mut legend = Vec::new();
    for (i, t) in map.terrain.iter().enumerate() {
        let count = terrain.iter().filter(|&&k| k == i).count();
        let pattern = match t.pattern {
            Pattern::None => "",
            Pattern::Dots => ", dotted",
            Pattern::Hatch => ", hatched",
            Pattern::Cross => ", cross-hatched",
        };
        let (mark, marked) = icon_mark(t.icon.as_ref().map(|i| &i.value), t.color, icons);
        html.push_str(&format!(
            "<tr><td><svg class=\"swatch\" aria-hidden=\"true\" width=\"16\" height=\"16\" viewBox=\"0 0 16 16\"><rect x=\"0.5\" y=\"0.5\" width=\"15\" height=\"15\" fill=\"{}\" stroke=\"currentColor\"/>{mark}</svg> {}<span class=\"visually-hidden\">{pattern}{}</span></td><td>{count}</td></tr>\n",
            hex(t.color),
            escape(&t.name),
            marked.map_or_else(String::new, |m| format!(", {m}")),
        ));
        legend.push(t.name.clone());
    }
    html.push_str("</tbody></table>\n");
    if !map.feature_kinds.is_empty() {
        html.push_str(&format!(
            "<h2 id=\"map-features\">{}</h2>\n<ul class=\"map-legend\">\n",
            escape(&names.features)
        ));
        for kind in &map.feature_kinds {
            html.push_str(&format!(
                "<li>{} {}</li>\n",
                feature_line(kind.color, kind.line),
                escape(&kind.name)
            ));
            legend.push(kind.name.clone());
        }
        html.push_str("</ul>\n");
    }
    let mut effects_heading = None;
    if map.has_effects() {
        let tec = tec_table(map, names);
        html.push_str(&format!(
            "<h2 id=\"map-effects\">{}</h2>\n<table class=\"map-effects\" id=\"{}\" tabindex=\"0\"><thead><tr><th scope=\"col\">{}</th>",
            escape(&names.terrain_effects),
            escape(&tec_id(map)),
            escape(&names.terrain)
        ));
        for c in &tec.columns {
            html.push_str(&format!("<th scope=\"col\">{}</th>", escape(c)));
        }
        html.push_str("</tr></thead><tbody>\n");
        let span = tec.columns.len() + 1;
        let groups = [
            (names.terrain.as_str(), &tec.terrain),
            (names.features.as_str(), &tec.features),
        ];
        let mut words = Vec::new();
        for (heading, rows) in groups {
            if rows.is_empty() {
                continue;
            }
            if !tec.features.is_empty() {
                html.push_str(&format!(
                    "<tr class=\"section\"><th colspan=\"{span}\" scope=\"colgroup\">{}</th></tr>\n",
                    escape(heading)
                ));
            }
            for (name, swatch, cells) in rows.iter() {
                html.push_str(&format!(
                    "<tr><th scope=\"row\">{} {}</th>",
                    swatch_svg(swatch, icons),
                    escape(name)
                ));
                for c in cells {
                    html.push_str(&format!("<td>{}</td>", escape(c)));
                }
                html.push_str("</tr>\n");
                words.push(format!("{name} {}", cells.join(" ")));
            }
        }
        html.push_str("</tbody></table>\n");
        if tec.moves {
            html.push_str(&format!(
                "<p class=\"note\">{}</p>\n",
                super::data::rich_html(&names.tec_move_note, &[])
            ));
        }
        sections.push((Some(2), words.join(" ")));
        effects_heading = Some(Heading {
            level: 2,
            text: names.terrain_effects.clone(),
            anchor: "map-effects".to_string(),
            number: None,
        });
    }
    let mut places_heading = None;
    if let Some(p) = &map.places {
        let (table, words) = super::places_table::places_table(map, p, names);
        html.push_str(&table);
        sections.push((Some(2), words));
        places_heading = Some(Heading {
            level: 2,
            text: names.places.clone(),
            anchor: "map-places".to_string(),
            number: None,
        });
    }
    let labels: Vec<&str> = map.labels.iter().map(|l| l.text.value.as_str()).collect();
    sections.push((Some(1), legend.join(" ")));
    if !labels.is_empty() {
        sections[0].1.push(' ');
        sections[0].1.push_str(&labels.join(" "));
    }
    let mut headings = vec![
        Heading {
            level: 1,
            text: map.name.clone(),
            anchor,
            number: None,
        },
        Heading {
            level: 2,
            text: names.terrain.clone(),
            anchor: "map-terrain".to_string(),
            number: None,
        },
    ];
    headings.extend(effects_heading);
    headings.extend(places_heading);
    ExtraPage {
        file_name: format!("map-{}.html", map.id),
        title: map.name.clone(),
        body: PageBody {
            html,
            headings,
            sections,
        },
        families: Default::default(),
    }
}

/// A terrain's icon drawn in the middle of its 16 x 16 swatch, in the
/// darker ink of its pattern (as the PDF legend draws it), and what it is
/// for readers who do not see it ("town icon"); nothing when the terrain
/// names no icon the game has.
fn icon_mark(icon: Option<&String>, color: Rgb, icons: &[Icon]) -> (String, Option<String>) {
    let Some(icon) = icon.and_then(|n| icons.iter().find(|i| i.name == *n)) else {
        return (String::new(), None);
    };
    let size = 16.0 * 0.55;
    let at = 8.0 - size / 2.0;
    let mark = format!(
        "<path class=\"swatch-icon\" fill=\"{}\" d=\"{}\"/>",
        hex(color.map(|v| v * 0.6)),
        path_data(&icon.placed(at, at, size), 2)
    );
    (mark, Some(format!("{} icon", icon.name)))
}

/// A kind of connection's line as the map draws it (solid, dashed or
/// double), a small inline picture, its style named for readers who do
/// not see it.
fn feature_line(color: Rgb, line: LineStyle) -> String {
    let color = hex(color);
    let (strokes, named) = match line {
        LineStyle::Solid => (
            format!("<rect x=\"0\" y=\"6\" width=\"24\" height=\"4\" fill=\"{color}\"/>"),
            "",
        ),
        LineStyle::Dashed => (
            format!(
                "<path d=\"M0 8H24\" stroke=\"{color}\" stroke-width=\"3\" stroke-dasharray=\"5 3\"/>"
            ),
            " (dashed)",
        ),
        LineStyle::Double => (
            format!("<path d=\"M0 5.5H24M0 10.5H24\" stroke=\"{color}\" stroke-width=\"1.5\"/>"),
            " (double)",
        ),
    };
    let named = if named.is_empty() {
        String::new()
    } else {
        format!("<span class=\"visually-hidden\">{named}</span>")
    };
    format!(
        "<svg class=\"swatch\" aria-hidden=\"true\" width=\"24\" height=\"16\" viewBox=\"0 0 24 16\">{strokes}</svg>{named}"
    )
}

/// A swatch as a small inline picture: a patch of the terrain's colour
/// with its pattern and icon (each named for readers who do not see it),
/// or a feature's stroke.
pub fn swatch_svg(swatch: &Swatch, icons: &[Icon]) -> String {
    match swatch {
        Swatch::Terrain {
            color,
            pattern,
            icon,
        } => {
            let overlay = match pattern {
                Pattern::None => String::new(),
                Pattern::Dots => "<circle cx=\"5\" cy=\"5\" r=\"1.2\"/><circle cx=\"11\" cy=\"5\" r=\"1.2\"/><circle cx=\"8\" cy=\"11\" r=\"1.2\"/>".to_string(),
                Pattern::Hatch => "<path d=\"M0 8L8 0M0 16L16 0M8 16L16 8\" stroke-width=\"1.2\"/>".to_string(),
                Pattern::Cross => "<path d=\"M0 8L8 0M0 16L16 0M8 16L16 8M0 8L8 16M0 0L16 16M8 0L16 8\" stroke-width=\"1.2\"/>".to_string(),
            };
            let dark = hex(color.map(|v| v * 0.6));
            let (mark, marked) = icon_mark(icon.as_ref(), *color, icons);
            let words: Vec<&str> = [
                match pattern {
                    Pattern::None => None,
                    Pattern::Dots => Some("dotted"),
                    Pattern::Hatch => Some("hatched"),
                    Pattern::Cross => Some("cross-hatched"),
                },
                marked.as_deref(),
            ]
            .into_iter()
            .flatten()
            .collect();
            let label = if words.is_empty() {
                String::new()
            } else {
                format!(" ({})", words.join(", "))
            };
            format!(
                "<svg class=\"swatch\" aria-hidden=\"true\" width=\"16\" height=\"16\" viewBox=\"0 0 16 16\"><rect x=\"0.5\" y=\"0.5\" width=\"15\" height=\"15\" fill=\"{}\" stroke=\"currentColor\"/><g fill=\"{dark}\" stroke=\"{dark}\">{overlay}</g>{mark}</svg><span class=\"visually-hidden\">{label}</span>",
                hex(*color)
            )
        }
        Swatch::Line { color } => format!(
            "<svg class=\"swatch\" aria-hidden=\"true\" width=\"24\" height=\"16\" viewBox=\"0 0 24 16\"><rect x=\"0\" y=\"6\" width=\"24\" height=\"4\" fill=\"{}\"/></svg>",
            hex(*color)
        ),
    }
}

fn hex(rgb: Rgb) -> String {
    let [r, g, b] = rgb.map(|v| (v.clamp(0.0, 1.0) * 255.0).round() as u8);
    format!("#{r:02X}{g:02X}{b:02X}")
}
