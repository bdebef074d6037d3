//! Render (HTML): the whole book on one page, from each page's body to the
//! same body with the ids an earlier page took renamed (`attack` →
//! `attack-p3`), and the references to them within the page with them.

use std::collections::HashSet;

/// `html` with each id already in `used` renamed with the page's number,
/// and its in-page references (`href="#id"`, `url(#id)`, the ARIA and
/// label references) renamed too; every id it keeps or makes goes in `used`.
pub(super) fn unique_ids(html: &str, used: &mut HashSet<String>, page: usize) -> String {
    const KEY: &str = " id=\"";
    let mut ids = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find(KEY) {
        rest = &rest[at + KEY.len()..];
        let Some(end) = rest.find('"') else { break };
        ids.push(rest[..end].to_string());
        rest = &rest[end..];
    }
    let mut out = html.to_string();
    for id in ids {
        if used.insert(id.clone()) {
            continue;
        }
        let mut renamed = format!("{id}-p{page}");
        let mut n = 1;
        while !used.insert(renamed.clone()) {
            n += 1;
            renamed = format!("{id}-p{page}-{n}");
        }
        for (from, to) in [
            (format!(" id=\"{id}\""), format!(" id=\"{renamed}\"")),
            (format!("href=\"#{id}\""), format!("href=\"#{renamed}\"")),
            (format!("url(#{id})"), format!("url(#{renamed})")),
            (
                format!("aria-labelledby=\"{id}\""),
                format!("aria-labelledby=\"{renamed}\""),
            ),
            (
                format!("aria-describedby=\"{id}\""),
                format!("aria-describedby=\"{renamed}\""),
            ),
            (format!(" for=\"{id}\""), format!(" for=\"{renamed}\"")),
        ] {
            // Only the first id of that name moves: a page holds each once.
            if from.starts_with(" id=") {
                out = out.replacen(&from, &to, 1);
            } else {
                out = out.replace(&from, &to);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_an_earlier_page_took_is_renamed_with_its_references() {
        let mut used = HashSet::new();
        let first = unique_ids("<h1 id=\"setup\">Setup</h1>", &mut used, 1);
        assert_eq!(first, "<h1 id=\"setup\">Setup</h1>");
        let second = unique_ids(
            "<h1 id=\"setup\">S</h1><a href=\"#setup\">s</a><svg><clipPath id=\"c\"/><g clip-path=\"url(#c)\"/></svg>",
            &mut used,
            2,
        );
        assert_eq!(
            second,
            "<h1 id=\"setup-p2\">S</h1><a href=\"#setup-p2\">s</a><svg><clipPath id=\"c\"/><g clip-path=\"url(#c)\"/></svg>"
        );
        assert!(used.contains("c") && used.contains("setup-p2"));
    }
}
