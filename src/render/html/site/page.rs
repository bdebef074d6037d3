//! Render (HTML): one page of the reference through `page.html`, from its
//! title, body, neighbours and previews to the page's HTML; with the index
//! of terms' body and the values the templates read (headings, sidebar
//! sections, the game's words).

use std::collections::BTreeMap;

use tera::{Context, Tera, Value};

use super::{RulesText, Site};
use crate::render::RenderError;
use crate::render::html::markdown::{Heading, PageBody};
use crate::render::svg::escape;

/// Where a term is marked for the index: the page, the heading it is
/// under (None: before the first) and the mark's element id.
pub(super) type IndexPlace = (usize, Option<usize>, String);

/// The index page: each term the rules mark, in alphabetical order, with a
/// link to every place that marks it, named by the section it is in (or
/// its page).
pub(super) fn index_page(
    entries: Vec<(String, Vec<IndexPlace>)>,
    names: &[String],
    bodies: &[PageBody],
    rules: &[RulesText<'_>],
    title: &str,
) -> PageBody {
    let anchor = "index-of-terms";
    let mut html = format!(
        "<h1 id=\"{anchor}\">{}</h1>\n<dl class=\"term-index\">\n",
        escape(title)
    );
    let mut words = Vec::new();
    for (term, places) in entries {
        let links: Vec<String> = places
            .iter()
            .filter_map(|(page, heading, id)| {
                let headings = &bodies.get(*page)?.headings;
                let section = match heading.and_then(|h| headings.get(h)) {
                    Some(h) => h.numbered(),
                    None => headings.first().map_or_else(
                        || rules.get(*page).map_or("", |r| r.file_name).to_string(),
                        |h| h.text.clone(),
                    ),
                };
                Some(format!(
                    "<a href=\"{}#{}\">{}</a>",
                    escape(names.get(*page)?),
                    escape(id),
                    escape(&section)
                ))
            })
            .collect();
        html.push_str(&format!(
            "<dt>{}</dt><dd>{}</dd>\n",
            escape(&term),
            links.join(", ")
        ));
        words.push(term);
    }
    html.push_str("</dl>\n");
    PageBody {
        html,
        headings: vec![Heading {
            level: 1,
            text: title.to_string(),
            anchor: anchor.to_string(),
            number: None,
        }],
        sections: vec![(Some(0), words.join(" "))],
    }
}

/// What `page.html` is given for one page.
pub(super) struct PageContext {
    /// The page's file name, for the language switch's links.
    pub(super) file: String,
    pub(super) title: String,
    pub(super) pages: Value,
    pub(super) headings: Vec<Heading>,
    pub(super) content: String,
    pub(super) is_index: bool,
    pub(super) prev: Option<(String, String)>,
    pub(super) next: Option<(String, String)>,
    /// The cards the page links to on other pages: (anchor, card HTML).
    pub(super) previews: Value,
    /// The glossary terms the page marks (on the index: every term, listed).
    pub(super) terms: Value,
    /// The page of the whole book to print.
    pub(super) print_href: String,
}

/// One page through `page.html`, with the content security policy.
pub(super) fn render_page(
    tera: &Tera,
    site: &Site<'_>,
    page: PageContext,
) -> Result<String, RenderError> {
    let link =
        |l: Option<(String, String)>| {
            Value::from(l.map(|(href, title)| {
                map([("href", Value::from(href)), ("title", Value::from(title))])
            }))
        };
    let mut context = Context::new();
    context.insert_value("lang", Value::from(site.lang));
    context.insert_value(
        "game",
        map([
            ("name", Value::from(site.game.name.as_str())),
            (
                "copyright",
                Value::from(
                    site.game
                        .copyright
                        .iter()
                        .map(|s| Value::from(s.as_str()))
                        .collect::<Vec<_>>(),
                ),
            ),
        ]),
    );
    context.insert_value("title", Value::from(page.title));
    context.insert_value("pages", page.pages);
    context.insert_value("headings", headings_value(&page.headings));
    context.insert_value("content", Value::from(page.content));
    context.insert_value("is_index", Value::from(page.is_index));
    context.insert_value("prev", link(page.prev));
    context.insert_value("next", link(page.next));
    context.insert_value("previews", page.previews);
    context.insert_value("terms", page.terms);
    context.insert_value("print_href", Value::from(page.print_href));
    context.insert_value("has_glossary", Value::from(!site.game.glossary.is_empty()));
    context.insert_value("words", crate::render::html::words_value(&site.game.words));
    context.insert_value("languages", languages_value(site.game, &page.file));
    tera.render("page.html", &context)
        .map(|html| crate::render::html::with_csp(&html))
        .map_err(|e| RenderError::template("page.html", e))
}

/// The language switch of a game with more than one language: each
/// language's name and the same page in it (`out/<game>/html/` for the
/// game's own, `out/<game>/<lang>/html/` for a translation); empty for a
/// game of one language.
fn languages_value(game: &crate::model::Game, file: &str) -> Value {
    let languages = &game.translations.languages;
    if languages.len() < 2 {
        return Value::from(Vec::<Value>::new());
    }
    let up = if game.build_lang.is_some() {
        "../../"
    } else {
        "../"
    };
    let list: Vec<Value> = languages
        .iter()
        .enumerate()
        .map(|(i, lang)| {
            let code = lang.value.as_str();
            let current = match &game.build_lang {
                Some(own) => own == code,
                None => i == 0,
            };
            let href = if current {
                file.to_string()
            } else if i == 0 {
                format!("{up}html/{file}")
            } else {
                format!("{up}{code}/html/{file}")
            };
            map([
                ("code", Value::from(code)),
                ("name", Value::from(crate::text::words_lang::endonym(code))),
                ("href", Value::from(href)),
                ("current", Value::from(current)),
            ])
        })
        .collect();
    Value::from(list)
}

/// The sections of a page for the sidebar: its headings after the first
/// (the page's title), those of the highest level left as sections and the
/// next level as their subsections; deeper ones are left to the page.
pub(super) fn sidebar_sections(headings: &[Heading]) -> Value {
    let rest = headings.get(1..).unwrap_or_default();
    let Some(top) = rest.iter().map(|h| h.level).min() else {
        return Value::from(Vec::<Value>::new());
    };
    let entry = |h: &Heading| {
        map([
            ("text", Value::from(h.numbered())),
            ("anchor", Value::from(h.anchor.as_str())),
        ])
    };
    let mut sections: Vec<(&Heading, Vec<Value>)> = Vec::new();
    for h in rest {
        let first = sections.is_empty();
        match sections.last_mut() {
            Some((_, subs)) if h.level == top + 1 => subs.push(entry(h)),
            _ if h.level == top || first => sections.push((h, Vec::new())),
            _ => {}
        }
    }
    Value::from(
        sections
            .into_iter()
            .map(|(h, subs)| {
                map([
                    ("text", Value::from(h.numbered())),
                    ("anchor", Value::from(h.anchor.as_str())),
                    ("subsections", Value::from(subs)),
                ])
            })
            .collect::<Vec<_>>(),
    )
}

/// A page's headings for the templates: level, text, anchor, number.
pub(super) fn headings_value(headings: &[Heading]) -> Value {
    Value::from(
        headings
            .iter()
            .map(|h| {
                map([
                    ("level", Value::from(h.level)),
                    ("text", Value::from(h.numbered())),
                    ("anchor", Value::from(h.anchor.as_str())),
                    (
                        "number",
                        Value::from(h.number.as_deref().unwrap_or_default()),
                    ),
                ])
            })
            .collect::<Vec<_>>(),
    )
}

/// A template value of named fields.
pub(super) fn map<const N: usize>(pairs: [(&'static str, Value); N]) -> Value {
    Value::from(pairs.into_iter().collect::<BTreeMap<&'static str, Value>>())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::slug;

    fn h(level: u8, text: &str) -> Heading {
        Heading {
            level,
            text: text.to_string(),
            anchor: slug(text),
            number: None,
        }
    }

    #[test]
    fn the_sidebar_nests_two_levels_under_the_page_title() {
        let headings = [
            h(1, "Rules"),
            h(3, "Early"),
            h(2, "Setup"),
            h(3, "Map"),
            h(4, "Too deep"),
            h(2, "Turn"),
        ];
        let value = sidebar_sections(&headings);
        let text = |v: &Value, key: &str| -> String {
            let map = v.as_map().expect("an entry");
            map.iter()
                .find(|(k, _)| k.as_str() == Some(key))
                .and_then(|(_, v)| v.as_str().map(str::to_string))
                .unwrap_or_default()
        };
        let tree: Vec<(String, Vec<String>)> = value
            .as_array()
            .expect("a list")
            .iter()
            .map(|section| {
                let subs = section
                    .as_map()
                    .and_then(|m| m.iter().find(|(k, _)| k.as_str() == Some("subsections")))
                    .and_then(|(_, v)| v.as_array())
                    .unwrap_or_default()
                    .iter()
                    .map(|sub| text(sub, "text"))
                    .collect();
                (text(section, "text"), subs)
            })
            .collect();
        assert_eq!(
            tree,
            [
                ("Early".to_string(), vec![]),
                ("Setup".to_string(), vec!["Map".to_string()]),
                ("Turn".to_string(), vec![]),
            ]
        );
        assert!(
            sidebar_sections(&headings[..1])
                .as_array()
                .is_some_and(|v| v.is_empty())
        );
    }
}
