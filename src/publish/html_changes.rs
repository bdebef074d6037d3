//! Publish: the HTML reference's "Changes since REV" page (`changes.html`,
//! `--changes-since`) — every change `diff` found, each a section of class
//! `changed` naming what changed, with each field as it was and as it is.

use super::change_marks::ChangeMarks;
use super::diff::{Change, Kind};
use crate::render::html::{ExtraPage, Heading, PageBody};
use crate::render::svg::escape;

/// The page's file name in the html folder.
pub const CHANGES_PAGE: &str = "changes.html";

/// The changes page.
pub fn changes_page(marks: &ChangeMarks) -> ExtraPage {
    let title = format!("Changes since {}", marks.since.label);
    let n = marks.count();
    let summary = format!("{n} change{}.", if n == 1 { "" } else { "s" });
    let mut html = format!(
        "<h1 id=\"changes\">{}</h1>\n<p>{}</p>\n",
        escape(&title),
        escape(&summary)
    );
    let mut words = vec![summary];
    for (i, c) in marks.since.changes.iter().enumerate() {
        html.push_str(&change_html(c, i + 1));
        words.push(super::diff::name(c));
        for f in &c.fields {
            words.extend(f.new.clone());
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
            sections: vec![(None, words.join(" "))],
        },
    }
}

/// One change: what it is, then each field old and new.
fn change_html(c: &Change, number: usize) -> String {
    let mut html = format!(
        "<section class=\"changed change-{}\" id=\"change-{number}\">\n<h2>{} {}</h2>\n",
        c.what.name(),
        escape(c.what.name()),
        escape(&super::diff::name(c))
    );
    if c.fields.is_empty() {
        html.push_str("</section>\n");
        return html;
    }
    let shown = |v: &Option<String>| v.as_deref().map_or_else(|| "—".to_string(), escape);
    html.push_str("<table class=\"change-fields\">\n<thead><tr><th></th><th>Was</th><th>Now</th></tr></thead>\n<tbody>\n");
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
