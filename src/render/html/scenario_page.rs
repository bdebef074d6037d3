//! Render (HTML): a scenario's page of the rules reference — its name and
//! facts (turns, maps, who moves first, stacking), each side's order of
//! battle grouped by formation with every counter's front (inline SVG from
//! the same layout as the set-up cards) and where it sets up, the turn
//! record track as a table (each turn's label, markers, reinforcements and
//! withdrawals), and the victory conditions and special rules from their
//! Markdown. Input: the scenario as publish resolved it; output: the page
//! body, for the site's page template. Every piece of data is escaped.

use std::ops::Range;

use super::map_page::ExtraPage;
use super::markdown::{Heading, PageBody, PageLinks, UsedIds, render_markdown, unique_id};
use crate::layout::Item;
use crate::model::{RulesDoc, Shortcode, slug};
use crate::render::RenderError;
use crate::render::svg::{FamiliesDrawn, counter_svg, escape};
use crate::text::FontBook;

/// One counter of an order of battle.
pub struct ShownUnit {
    pub name: String,
    pub place: String,
    pub front: Vec<Item>,
}

/// A side's order of battle: (formation, its units).
pub struct ShownOob {
    pub side: String,
    pub groups: Vec<(String, Vec<ShownUnit>)>,
}

/// A turn of the track.
pub struct ShownTurn {
    pub number: i64,
    pub label: String,
    pub markers: Vec<String>,
    /// (unit, side, where it enters).
    pub arrivals: Vec<(String, String, String)>,
    pub withdrawals: Vec<String>,
}

pub struct ScenarioShown<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub facts: String,
    pub sides: Vec<ShownOob>,
    pub turns: Vec<ShownTurn>,
    pub victory: Option<&'a RulesDoc>,
    pub special_rules: Option<&'a RulesDoc>,
    /// The counters' size, points.
    pub size: f32,
    /// The game's words, for the page's headings.
    pub words: &'a crate::text::Words,
}

/// The scenario's page file name.
pub fn scenario_file(id: &str) -> String {
    format!("scenario-{id}.html")
}

/// The links a scenario's Markdown may have: plain prose, no cards,
/// shortcodes or icons.
struct Plain;

impl PageLinks for Plain {
    fn card_href(&mut self, _title: &str) -> Option<String> {
        None
    }
    fn shortcode(&mut self, code: &Shortcode) -> Result<String, RenderError> {
        Err(RenderError::Shortcode(format!(
            "a scenario's text has no shortcodes ({})",
            code.name
        )))
    }
    fn icon(&self, _name: &str) -> Option<String> {
        None
    }
    fn table_mentions(&self, _text: &str) -> Vec<(Range<usize>, String)> {
        Vec::new()
    }
}

pub fn scenario_page(s: &ScenarioShown<'_>, book: &FontBook) -> ExtraPage {
    let anchor = format!("scenario-{}", slug(s.id));
    let mut used: UsedIds = [anchor.clone()].into_iter().collect();
    let drawn = FamiliesDrawn::default();
    let title = s.words.labelled(&s.words.scenario, s.name);
    let mut html = format!(
        "<h1 id=\"{}\">{}</h1>\n<p class=\"scenario-facts\">{}</p>\n",
        escape(&anchor),
        escape(&title),
        escape(&s.facts)
    );
    let mut headings = vec![Heading {
        level: 1,
        text: title.clone(),
        anchor,
        number: None,
    }];
    let mut sections = vec![(None, s.facts.clone())];
    let mut shown = 0;
    for side in &s.sides {
        let text = format!("{} {}", side.side, s.words.set_up);
        let id = unique_id(&format!("setup-{}", slug(&side.side)), &mut used);
        html.push_str(&format!(
            "<h2 id=\"{}\">{}</h2>\n",
            escape(&id),
            escape(&text)
        ));
        let mut words = Vec::new();
        for (group, units) in &side.groups {
            html.push_str(&format!(
                "<h3>{}</h3>\n<div class=\"counters setup\">\n",
                escape(group)
            ));
            for unit in units {
                shown += 1;
                let svg = counter_svg(
                    &unit.front,
                    s.size,
                    (
                        &format!("{}, {}", unit.name, side.side),
                        &format!("gps{shown}"),
                    ),
                    book,
                    &drawn,
                );
                html.push_str(&format!(
                    "<figure class=\"counter\"><div class=\"counter-faces\">{svg}</div><figcaption><span class=\"counter-name\">{}</span><br><span class=\"setup-place\">{}</span></figcaption></figure>\n",
                    escape(&unit.name),
                    escape(&unit.place)
                ));
                words.push(format!("{} {}", unit.name, unit.place));
            }
            html.push_str("</div>\n");
        }
        sections.push((Some(headings.len()), words.join(" ")));
        headings.push(Heading {
            level: 2,
            text,
            anchor: id,
            number: None,
        });
    }
    let id = unique_id("turn-record-track", &mut used);
    html.push_str(&format!(
        "<h2 id=\"{}\">{}</h2>\n<table class=\"turn-track\"><thead><tr><th scope=\"col\">{}</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th></tr></thead><tbody>\n",
        escape(&id),
        escape(&s.words.turn_record_track),
        escape(&s.words.turn),
        escape(&s.words.reinforcements),
        escape(&s.words.withdrawals)
    ));
    let mut words = Vec::new();
    for turn in &s.turns {
        let label = if turn.label.is_empty() {
            turn.number.to_string()
        } else {
            format!("{} ({})", turn.number, turn.label)
        };
        let mut arrivals: Vec<String> = turn
            .markers
            .iter()
            .map(|m| format!("<span class=\"turn-marker\">{}</span>", escape(m)))
            .collect();
        arrivals.extend(turn.arrivals.iter().map(|(unit, side, place)| {
            let who = format!("{unit} ({side})");
            format!(
                "<span class=\"arrival\">{}</span>",
                escape(&s.words.labelled(&who, place))
            )
        }));
        let withdrawals: Vec<String> = turn.withdrawals.iter().map(|w| escape(w)).collect();
        html.push_str(&format!(
            "<tr><th scope=\"row\">{}</th><td>{}</td><td>{}</td></tr>\n",
            escape(&label),
            arrivals.join("<br>"),
            withdrawals.join("<br>")
        ));
        words.push(label);
        words.extend(turn.arrivals.iter().map(|(u, _, p)| format!("{u} {p}")));
        words.extend(turn.withdrawals.iter().cloned());
    }
    html.push_str("</tbody></table>\n");
    sections.push((Some(headings.len()), words.join(" ")));
    headings.push(Heading {
        level: 2,
        text: s.words.turn_record_track.clone(),
        anchor: id,
        number: None,
    });
    for (text, doc) in [
        (s.words.victory_conditions.as_str(), s.victory),
        (s.words.special_rules.as_str(), s.special_rules),
    ] {
        let Some(doc) = doc else {
            continue;
        };
        let id = unique_id(&slug(text), &mut used);
        html.push_str(&format!(
            "<h2 id=\"{}\">{}</h2>\n",
            escape(&id),
            escape(text)
        ));
        let body = render_markdown(doc, &mut used, &mut Plain).unwrap_or_else(|e| PageBody {
            html: format!("<p>{}</p>\n", escape(&e.to_string())),
            headings: Vec::new(),
            sections: Vec::new(),
        });
        html.push_str(&body.html);
        let prose: Vec<String> = body.sections.into_iter().map(|(_, t)| t).collect();
        sections.push((Some(headings.len()), prose.join(" ")));
        headings.push(Heading {
            level: 2,
            text: text.to_string(),
            anchor: id,
            number: None,
        });
    }
    ExtraPage {
        file_name: scenario_file(s.id),
        title,
        body: PageBody {
            html,
            headings,
            sections,
        },
        families: drawn,
    }
}
