//! Render (HTML): the places of a map of places on its page — one row a
//! place, with an anchor (`place-<id>`) other pages link to: its name, its
//! terrain, its attributes and the places it is joined to (each linked to
//! that place's row). Input: a loaded map; output: HTML and the words the
//! search indexes.

use crate::model::Map;
use crate::model::places::{AttributeValue, Places};
use crate::render::svg::escape;

/// The anchor of a place's row on its map's page.
pub fn place_anchor(id: &str) -> String {
    format!("place-{}", crate::model::slug(id))
}

/// The table, and its words for the search.
pub fn places_table(map: &Map, places: &Places, words: &crate::text::Words) -> (String, String) {
    let pairs = places.adjacent_pairs();
    let mut html = format!(
        "<h2 id=\"map-places\">{}</h2>\n<table class=\"map-places\"><thead><tr><th scope=\"col\">{}</th><th scope=\"col\">{}</th>",
        escape(&words.places),
        escape(&words.place),
        escape(&words.terrain)
    );
    for a in &places.attributes {
        html.push_str(&format!("<th scope=\"col\">{}</th>", escape(&a.name)));
    }
    html.push_str(&format!(
        "<th scope=\"col\">{}</th></tr></thead><tbody>\n",
        escape(&words.joined_to)
    ));
    // A yes/no attribute's value in the language's words.
    let (yes, no) = (&words.attribute_yes, &words.attribute_no);
    let mut words = Vec::new();
    for (i, place) in places.places.iter().enumerate() {
        let terrain = map
            .terrain_at((i as u32, 0))
            .map_or_else(String::new, |t| t.name.clone());
        html.push_str(&format!(
            "<tr id=\"{}\"><th scope=\"row\">{}</th><td>{}</td>",
            escape(&place_anchor(&place.id.value)),
            escape(&place.name),
            escape(&terrain)
        ));
        words.push(place.name.clone());
        for a in &places.attributes {
            let value = match place.value(&a.id.value) {
                Some(AttributeValue::YesNo(true)) => yes.clone(),
                Some(AttributeValue::YesNo(false)) => no.clone(),
                Some(v) => v.text(),
                None => String::new(),
            };
            if !value.is_empty() {
                words.push(value.clone());
            }
            html.push_str(&format!("<td>{}</td>", escape(&value)));
        }
        let joined: Vec<String> = pairs
            .iter()
            .filter_map(|&(a, b)| match (a == i, b == i) {
                (true, _) => Some(b),
                (_, true) => Some(a),
                _ => None,
            })
            .filter_map(|j| places.places.get(j))
            .map(|p| {
                format!(
                    "<a href=\"#{}\">{}</a>",
                    escape(&place_anchor(&p.id.value)),
                    escape(&p.name)
                )
            })
            .collect();
        html.push_str(&format!("<td>{}</td></tr>\n", joined.join(", ")));
    }
    html.push_str("</tbody></table>\n");
    (html, words.join(" "))
}
