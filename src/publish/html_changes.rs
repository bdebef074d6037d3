//! Publish: the HTML reference's "Changes since REV" page (`changes.html`,
//! `--changes-since`) — every change `diff` found, each a section of class
//! `changed` naming what changed, with each field as it was and as it is.

use super::change_marks::{ChangeMarks, count_words, shown_name, what_word};
use super::diff::{Change, Kind};
use crate::model::Game;
use crate::render::html::{ExtraPage, Heading, PageBody};
use crate::render::svg::escape;
use crate::text::Words;

/// The page's file name in the html folder.
pub const CHANGES_PAGE: &str = "changes.html";

/// The changes page, in `game`'s words, each change named as its reader
/// knows it (a card by its title).
pub fn changes_page(marks: &ChangeMarks, game: &Game) -> ExtraPage {
    let words = &game.words;
    let title = Words::fill(&words.changes_since, &[("since", &marks.since.label)]);
    let summary = count_words(marks.count(), words);
    let mut html = format!(
        "<h1 id=\"changes\">{}</h1>\n<p>{}</p>\n",
        escape(&title),
        escape(&summary)
    );
    let mut said = vec![summary];
    for (i, c) in marks.since.changes.iter().enumerate() {
        let name = match c.kind {
            Kind::Rule if !c.group.is_empty() => c.group.clone(),
            Kind::Rule => game.words.result_rules.clone(),
            _ => shown_name(c, game, &marks.since.old),
        };
        html.push_str(&change_html(c, &name, i + 1, &game.words));
        said.push(name);
        for f in &c.fields {
            said.extend(f.new.clone());
        }
    }
    ExtraPage {
        file_name: CHANGES_PAGE.to_string(),
        title: title.clone(),
        body: PageBody {
            html,
            headings: vec![Heading {
                level: 1,
                text: title,
                anchor: "changes".to_string(),
                number: None,
            }],
            sections: vec![(None, said.join(" "))],
        },
        families: Default::default(),
    }
}

/// One change: what it is ("Changed: Advance (Orders)"), then each field
/// old and new.
fn change_html(c: &Change, name: &str, number: usize, words: &Words) -> String {
    let mut html = format!(
        "<section class=\"changed change-{}\" id=\"change-{number}\">\n<h2>{}</h2>\n",
        c.what.name(),
        escape(&words.labelled(what_word(c.what, words), name)),
    );
    if c.fields.is_empty() {
        html.push_str("</section>\n");
        return html;
    }
    let shown = |v: &Option<String>| v.as_deref().map_or_else(|| "—".to_string(), escape);
    html.push_str(&format!(
        "<table class=\"change-fields\">\n<thead><tr><th></th><th>{}</th><th>{}</th></tr></thead>\n<tbody>\n",
        escape(&words.was),
        escape(&words.now)
    ));
    for f in &c.fields {
        let name = if c.kind == Kind::Rule && f.name == "text" {
            String::new()
        } else {
            escape(&f.name)
        };
        html.push_str(&format!(
            "<tr><th>{name}</th><td class=\"was\">{}</td><td class=\"now\">{}</td></tr>\n",
            shown(&f.old),
            shown(&f.new)
        ));
    }
    html.push_str("</tbody>\n</table>\n</section>\n");
    html
}
