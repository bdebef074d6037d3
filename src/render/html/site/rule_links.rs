//! Render (HTML): rule citations in a shown table linked to the table that
//! carries the rule. From a data shortcode's HTML ("Attack by Fire (5.3)" in
//! a cell) and where each rule number is shown, to the same HTML with each
//! citation of a shown rule a link (`<a class="rule-ref" href=…>5.3</a>`).

use crate::render::svg::escape;
use crate::text::rule_cites::rule_citations;

/// Elements whose text is never linked: a table's own title (its rule is
/// the title's, not a citation) and a link already.
const UNLINKED: &[(&str, &str)] = &[
    ("<caption", "</caption>"),
    ("<p class=\"chart-title\"", "</p>"),
    ("<p class=\"table-title\"", "</p>"),
    ("<a ", "</a>"),
    ("<a>", "</a>"),
];

/// `html` with every rule citation in its text that `href` finds ((number
/// as written, rule) → (href, title of the table)) made a link to it.
pub(super) fn link_rule_citations<'a>(
    html: &str,
    href: impl Fn(&str, &str) -> Option<(String, &'a str)>,
) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    let mut closing: Option<&str> = None;
    while !rest.is_empty() {
        if rest.starts_with('<') {
            let end = rest.find('>').map_or(rest.len(), |i| i + 1);
            let tag = &rest[..end];
            match closing {
                Some(close) if tag.starts_with(close) => closing = None,
                Some(_) => {}
                None => {
                    closing = UNLINKED
                        .iter()
                        .find(|(open, _)| tag.starts_with(open))
                        .map(|&(_, close)| close);
                }
            }
            out.push_str(tag);
            rest = &rest[end..];
            continue;
        }
        let end = rest.find('<').unwrap_or(rest.len());
        let text = &rest[..end];
        if closing.is_some() {
            out.push_str(text);
        } else {
            link_text(text, &href, &mut out);
        }
        rest = &rest[end..];
    }
    out
}

/// Escaped text with its citations linked. "&amp;" reads as "&" followed by
/// spaces of the same length, so "(5.3 &amp; 5.4)" cites both at their bytes.
fn link_text<'a>(
    text: &str,
    href: &impl Fn(&str, &str) -> Option<(String, &'a str)>,
    out: &mut String,
) {
    let plain = text.replace("&amp;", "&    ");
    let mut from = 0;
    for citation in rule_citations(&plain) {
        let Some((to, title)) = href(&citation.written, &citation.rule) else {
            continue;
        };
        out.push_str(&text[from..citation.at.start]);
        out.push_str(&format!(
            "<a class=\"rule-ref\" href=\"{}\" title=\"{}\">{}</a>",
            escape(&to),
            escape(title),
            &text[citation.at.clone()]
        ));
        from = citation.at.end;
    }
    out.push_str(&text[from..]);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn barrage(written: &str, rule: &str) -> Option<(String, &'static str)> {
        let _ = written;
        ["5.3", "5.4"]
            .contains(&rule)
            .then(|| ("#table-combat-barrage".to_string(), "Barrage Table"))
    }

    #[test]
    fn a_cited_rule_links_to_its_table() {
        let html = "<td>Attack by Fire (5.3) &amp; (5.4), not (4.0)</td>";
        assert_eq!(
            link_rule_citations(html, barrage),
            "<td>Attack by Fire (<a class=\"rule-ref\" href=\"#table-combat-barrage\" \
             title=\"Barrage Table\">5.3</a>) &amp; (<a class=\"rule-ref\" \
             href=\"#table-combat-barrage\" title=\"Barrage Table\">5.4</a>), not (4.0)</td>"
        );
    }

    #[test]
    fn titles_and_links_keep_their_numbers() {
        let html = "<caption>Barrage Table (5.3 &amp; 5.4)</caption>\
                    <p class=\"chart-title\">Combat (5.3)</p><a href=\"x\">(5.3)</a>";
        assert_eq!(link_rule_citations(html, barrage), html);
    }

    #[test]
    fn both_numbers_of_a_joined_citation_link() {
        let linked = link_rule_citations("<td>(5.3 &amp; 5.4)</td>", barrage);
        assert_eq!(linked.matches("class=\"rule-ref\"").count(), 2);
    }
}
