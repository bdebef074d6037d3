//! Live: a reference page's fragments — input: the HTML of a page as
//! built now and as built before; output: the fragments that changed, when
//! nothing else did, so a page replaces those alone. One rule makes them,
//! in `<main>` and outside it alike: a fragment is a block element with an
//! `id` that holds no other (a card, a table, a heading; the sidebar's list
//! of PDFs, whose sizes change with every edit).

use std::collections::HashMap;
use std::sync::Mutex;

/// A page cut at its fragments: the rest, with a mark where each stood, and
/// each fragment's id and HTML.
#[derive(Default)]
pub(super) struct Split {
    frame: String,
    parts: Vec<(String, String)>,
}

/// The pages as last built (or, before a build, served), by URL.
#[derive(Default)]
pub(super) struct Pages(Mutex<HashMap<String, Split>>);

impl Pages {
    /// Takes a page's new HTML: the ids of its changed fragments if only
    /// fragments changed, else `None` (the page is new or changed around
    /// them).
    pub(super) fn update(&self, url: &str, html: &str) -> Option<Vec<String>> {
        let new = split(html);
        let mut pages = self.0.lock().ok()?;
        let old = pages.insert(url.to_string(), new)?;
        let new = pages.get(url)?;
        let same = new.frame == old.frame && !new.parts.is_empty();
        let changed = (new.parts.iter().zip(&old.parts)).filter(|(n, o)| n.1 != o.1);
        same.then(|| changed.map(|(n, _)| n.0.clone()).collect())
    }

    /// Takes a page's HTML as served, if none was built since the server
    /// started: the version a page that changes will be compared with.
    pub(super) fn served(&self, url: &str, html: &[u8]) {
        if let (Ok(mut pages), Ok(html)) = (self.0.lock(), std::str::from_utf8(html)) {
            pages.entry(url.to_string()).or_insert_with(|| split(html));
        }
    }

    /// The fragments named of a page as last built, one after another.
    pub(super) fn fragments(&self, url: &str, ids: &[String]) -> Option<String> {
        let pages = self.0.lock().ok()?;
        let parts = &pages.get(url)?.parts;
        let found = ids.iter().map(|id| parts.iter().find(|(i, _)| i == id));
        found.map(|p| p.map(|(_, html)| html.as_str())).collect()
    }
}

/// The elements whose end tag the HTML omits; those that may be a
/// fragment (with an id, outside an `<svg>`); those whose text holds no tag.
const VOID: &str = "area base br col embed hr img input link meta param source track wbr";
const BLOCKS: &str = "article aside blockquote details div dl figure footer h1 h2 h3 h4 h5 h6 \
                      header li main nav ol p pre section table ul";
const RAW_TEXT: &str = "script style textarea";

/// Whether `name` is one of the space-separated `names`, in any case.
fn among(names: &str, name: &str) -> bool {
    names
        .split_whitespace()
        .any(|n| n.eq_ignore_ascii_case(name))
}

/// An element open: its name, where it starts, its id if it may be a
/// fragment, and whether it holds a fragment.
type Open<'a> = (&'a str, usize, Option<&'a str>, bool);

/// Cuts `html` at the block elements with an id that hold no other such
/// element (the whole page is the frame if its tags do not balance).
pub(super) fn split(html: &str) -> Split {
    let whole = || Split {
        frame: html.to_string(),
        parts: Vec::new(),
    };
    let end = html.len();
    let (mut at, mut stack, mut found) = (0, Vec::<Open>::new(), Vec::new());
    while let Some(lt) = html[at..end].find('<').map(|i| at + i) {
        let rest = &html[lt..end];
        if rest.starts_with("<!--") {
            at = rest.find("-->").map_or(end, |i| lt + i + 3);
            continue;
        }
        at = tag_end(rest).map_or(end, |i| lt + i + 1);
        let tag = &html[lt..at];
        let closing = tag.starts_with("</");
        let name = &tag[1 + usize::from(closing)..];
        let name = &name[..name
            .find(|c: char| !c.is_ascii_alphanumeric() && c != '-')
            .unwrap_or(name.len())];
        if name.is_empty() {
            continue;
        }
        if closing {
            let Some((open, from, id, holds)) = stack.pop() else {
                return whole();
            };
            if !open.eq_ignore_ascii_case(name) {
                return whole();
            }
            let fragment = id.filter(|_| !holds);
            if let Some(id) = fragment {
                found.push((id, from, at));
            }
            if let Some(parent) = stack.last_mut() {
                parent.3 |= holds || fragment.is_some();
            }
        } else if !tag.ends_with("/>") && !among(VOID, name) {
            let block = among(BLOCKS, name);
            let in_svg = stack.iter().any(|(n, ..)| n.eq_ignore_ascii_case("svg"));
            stack.push((name, lt, id_of(tag).filter(|_| block && !in_svg), false));
            if among(RAW_TEXT, name) {
                at = html[at..end].find("</").map_or(end, |i| at + i);
            }
        }
    }
    if !stack.is_empty() {
        return whole();
    }
    let mut split = Split::default();
    let mut kept = 0;
    for (id, from, to) in found {
        split.frame.push_str(&html[kept..from]);
        split.frame.push_str(&format!("<!--#{id}-->"));
        split
            .parts
            .push((id.to_string(), html[from..to].to_string()));
        kept = to;
    }
    split.frame.push_str(&html[kept..]);
    split
}

/// Where a tag that starts `text` ends (its `>`, outside quoted values).
fn tag_end(text: &str) -> Option<usize> {
    let mut quote = None;
    let mut last = b' ';
    for (i, b) in text.bytes().enumerate() {
        match (quote, b) {
            (Some(q), _) if b == q => quote = None,
            (None, b'"' | b'\'') if last == b'=' => quote = Some(b),
            (None, b'>') => return Some(i),
            _ => {}
        }
        last = b;
    }
    None
}

/// The `id` attribute of a start tag.
fn id_of(tag: &str) -> Option<&str> {
    let at = tag.find(" id=\"").or_else(|| tag.find("\nid=\""))? + 5;
    let id = &tag[at..at + tag[at..].find('"')?];
    (!id.is_empty() && !id.contains(char::is_whitespace)).then_some(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(main: &str) -> String {
        format!(
            "<html><head><title>t</title></head><body><nav id=\"side\">n</nav><main id=\"main\">{main}</main></body></html>"
        )
    }

    #[test]
    fn a_pages_fragments_are_its_innermost_blocks_with_an_id() {
        let html = page(
            "<p>a<br>b</p><div class=\"g\" id=\"g\"><div><figure id=\"c1\"><svg><clipPath id=\"k\"><rect/></clipPath></svg><span id=\"s\">x</span></figure></div>\
             <figure id=\"c2\" aria-label=\"a > b\"><img src=x></figure></div><!-- <p id=\"no\"> --><h1 id=\"h\">H</h1>",
        );
        let split = split(&html);
        let ids: Vec<&str> = split.parts.iter().map(|(i, _)| i.as_str()).collect();
        assert_eq!(ids, ["side", "c1", "c2", "h"]);
        assert_eq!(
            split.parts[1].1,
            "<figure id=\"c1\"><svg><clipPath id=\"k\"><rect/></clipPath></svg><span id=\"s\">x</span></figure>"
        );
        assert_eq!(
            split.parts[2].1,
            "<figure id=\"c2\" aria-label=\"a > b\"><img src=x></figure>"
        );
        assert!(
            split
                .frame
                .contains("<body><!--#side--><main id=\"main\"><p>a<br>b</p>"),
            "{}",
            split.frame
        );
        assert!(
            split
                .frame
                .contains("<div class=\"g\" id=\"g\"><div><!--#c1--></div><!--#c2--></div>"),
            "{}",
            split.frame
        );
    }

    #[test]
    fn the_sidebars_list_of_pdfs_is_a_fragment_by_the_same_rule() {
        let pages = Pages::default();
        let list = |kb: &str| {
            format!(
                "<ul class=\"pdfs\" id=\"grogpress-pdfs\" aria-label=\"PDFs\">\n<li><a href=\"../r.pdf\">Rulebook (PDF, {kb} KB)</a></li>\n</ul>"
            )
        };
        let one = page("<figure id=\"a\">A</figure>").replace(
            "<nav id=\"side\">n",
            &format!("<nav id=\"side\">{}", list("40")),
        );
        assert_eq!(pages.update("/p", &one), None, "a new page");
        let two = one.replace("40 KB", "41 KB").replace(">A<", ">A2<");
        assert_eq!(
            pages.update("/p", &two),
            Some(vec!["grogpress-pdfs".to_string(), "a".to_string()])
        );
        assert_eq!(
            pages.fragments("/p", &["grogpress-pdfs".into()]).as_deref(),
            Some(list("41").as_str())
        );
    }

    #[test]
    fn only_changed_fragments_are_named_and_other_changes_are_not_fragments() {
        let pages = Pages::default();
        let one = page("<p>x</p><figure id=\"a\">A</figure><figure id=\"b\">B</figure>");
        assert_eq!(pages.update("/p", &one), None, "a new page");
        let two = one.replace(">B<", ">B2<");
        assert_eq!(pages.update("/p", &two), Some(vec!["b".to_string()]));
        assert_eq!(
            pages.fragments("/p", &["b".into(), "a".into()]).as_deref(),
            Some("<figure id=\"b\">B2</figure><figure id=\"a\">A</figure>")
        );
        assert_eq!(pages.fragments("/p", &["z".into()]), None);
        for other in [
            two.replace("<p>x</p>", "<p>y</p>"),
            two.replace("id=\"b\"", "id=\"c\""),
            two.replace("<figure id=\"b\">B2</figure>", ""),
            two.replace("<title>t</title>", "<title>u</title>"),
            two.replace("<body>", "<body><p>new</p>"),
        ] {
            pages.update("/p", &two);
            assert_eq!(pages.update("/p", &other), None, "{other}");
        }
        // Outside <main> as inside: a block with an id that changed is a
        // fragment, in a page with no <main> too.
        pages.update("/p", &two);
        let side = two.replace("<nav id=\"side\">n", "<nav id=\"side\">m");
        assert_eq!(pages.update("/p", &side), Some(vec!["side".to_string()]));
        let bare = "<html><body><header id=\"top\">a</header><p>x</p></body></html>";
        assert_eq!(pages.update("/q", bare), None, "a new page");
        let changed = bare.replace(">a<", ">b<");
        assert_eq!(pages.update("/q", &changed), Some(vec!["top".to_string()]));
        for unbalanced in ["<p id=\"a\">unclosed", "<div><p id=\"a\">a</div></p>"] {
            assert_eq!(split(&page(unbalanced)).parts.len(), 0, "{unbalanced}");
        }
    }
}
