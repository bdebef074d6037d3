//! Live: a reference page's fragments — input: the HTML of a page as
//! built now and as built before; output: the fragments that changed, when
//! nothing else did, so a page replaces those alone. One rule makes them,
//! in `<main>` and outside it alike: a fragment is a block element with an
//! `id` that holds no other (a card, a table, a heading; the sidebar's list
//! of PDFs, whose sizes change with every edit). A page built again is cut
//! where it was last time: the text around the fragments and each fragment
//! that did not change are compared, and only a changed fragment is read
//! tag by tag (a page of 2,000 cards is cut anew only when its frame changed).

use std::collections::HashMap;
use std::sync::Mutex;

/// A page cut at its fragments: the text before the first fragment,
/// between each two and after the last (`frame`, one more than the
/// fragments), and each fragment's id and HTML.
#[derive(Default)]
pub(super) struct Split {
    frame: Vec<String>,
    parts: Vec<(String, String)>,
}

impl Split {
    /// Whether `other` has the same frame and fragment ids (their HTML aside).
    fn same_frame(&self, other: &Split) -> bool {
        self.frame == other.frame
            && self.parts.len() == other.parts.len()
            && (self.parts.iter().zip(&other.parts)).all(|(a, b)| a.0 == b.0)
    }
}

/// The pages as last built (or, before a build, served), by URL.
#[derive(Default)]
pub(super) struct Pages(Mutex<HashMap<String, Split>>);

impl Pages {
    /// Takes a page's new HTML: the ids of its changed fragments if only
    /// fragments changed, else `None` (the page is new or changed around
    /// them).
    pub(super) fn update(&self, url: &str, html: &str) -> Option<Vec<String>> {
        let mut pages = self.0.lock().ok()?;
        let Some(old) = pages.get_mut(url) else {
            pages.insert(url.to_string(), split(html));
            return None;
        };
        // Cut where it was last time, when only fragments changed.
        if !old.parts.is_empty()
            && let Some(changed) = changed_parts(old, html)
        {
            let mut ids = Vec::with_capacity(changed.len());
            for (k, part) in changed {
                old.parts[k].1 = part;
                ids.push(old.parts[k].0.clone());
            }
            return Some(ids);
        }
        let new = split(html);
        let same = new.same_frame(old) && !new.parts.is_empty();
        let changed = (new.parts.iter().zip(&old.parts)).filter(|(n, o)| n.1 != o.1);
        let ids = same.then(|| changed.map(|(n, _)| n.0.clone()).collect());
        *old = new;
        ids
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

/// The fragments of `html` that changed from the page `old` was cut from
/// (their numbers and new HTML), when the text around them did not: each
/// piece of `old`'s frame must come again in turn, and between two, either
/// the fragment as it was or one element with the same id that holds no
/// other fragment. `None` when anything else changed.
///
/// This cuts the page as [`split`] would: what comes before a fragment is
/// the same text, read the same way, and a fragment is one balanced
/// element whose reading never looked past its end (had it, its end tag
/// would not have ended it), so the same bytes in the same place are read
/// the same way and the text after it is read as before.
fn changed_parts(old: &Split, html: &str) -> Option<Vec<(usize, String)>> {
    let mut at = 0;
    let mut changed = Vec::new();
    for (k, ((id, part), piece)) in old.parts.iter().zip(&old.frame).enumerate() {
        at += html
            .get(at..)?
            .starts_with(piece.as_str())
            .then_some(piece.len())?;
        let rest = &html[at..];
        if rest.starts_with(part.as_str()) {
            at += part.len();
            continue;
        }
        let end = one_fragment(html, at, id)?;
        changed.push((k, html[at..end].to_string()));
        at = end;
    }
    (html.get(at..)? == old.frame.last()?.as_str()).then_some(changed)
}

/// The end of the element that starts at `from` in `html`, if it is a
/// fragment (a block with the id `id` that holds no other; its ancestors
/// are those of the fragment it replaces, none an `<svg>`).
fn one_fragment(html: &str, from: usize, id: &str) -> Option<usize> {
    let (found, end) = scan(html, from, true)?;
    match found.as_slice() {
        [(found, start, stop)] if *found == id && *start == from && *stop == end => Some(end),
        _ => None,
    }
}

/// The elements whose end tag the HTML omits; those that may be a
/// fragment (with an id, outside an `<svg>`); those whose text holds no tag.
const VOID: &[&str] = &[
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
    "track", "wbr",
];
const BLOCKS: &[&str] = &[
    "article",
    "aside",
    "blockquote",
    "details",
    "div",
    "dl",
    "figure",
    "footer",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "li",
    "main",
    "nav",
    "ol",
    "p",
    "pre",
    "section",
    "table",
    "ul",
];
const RAW_TEXT: &[&str] = &["script", "style", "textarea"];

/// Whether `name` is one of `names`, in any case.
fn among(names: &[&str], name: &str) -> bool {
    names.iter().any(|n| n.eq_ignore_ascii_case(name))
}

/// An element open: its name, where it starts, its id if it may be a
/// fragment, and whether it holds a fragment.
type Open<'a> = (&'a str, usize, Option<&'a str>, bool);

/// A fragment found: its id, where it starts and where it ends.
type Found<'a> = (&'a str, usize, usize);

/// Cuts `html` at the block elements with an id that hold no other such
/// element (the whole page is the frame if its tags do not balance).
pub(super) fn split(html: &str) -> Split {
    let Some((found, _)) = scan(html, 0, false) else {
        return Split {
            frame: vec![html.to_string()],
            parts: Vec::new(),
        };
    };
    let mut split = Split::default();
    let mut kept = 0;
    for (id, from, to) in found {
        split.frame.push(html[kept..from].to_string());
        split
            .parts
            .push((id.to_string(), html[from..to].to_string()));
        kept = to;
    }
    split.frame.push(html[kept..].to_string());
    split
}

/// Reads `html` tag by tag from `from` to its end, or with `one` until the
/// element that opens first has closed: the fragments found, in order, and
/// where the reading stopped; `None` if the tags do not balance.
fn scan(html: &str, from: usize, one: bool) -> Option<(Vec<Found<'_>>, usize)> {
    let end = html.len();
    let (mut at, mut stack, mut found) = (from, Vec::<Open>::new(), Vec::new());
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
            let (open, from, id, holds) = stack.pop()?;
            if !open.eq_ignore_ascii_case(name) {
                return None;
            }
            let fragment = id.filter(|_| !holds);
            if let Some(id) = fragment {
                found.push((id, from, at));
            }
            match stack.last_mut() {
                Some(parent) => parent.3 |= holds || fragment.is_some(),
                None if one => return Some((found, at)),
                None => {}
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
    (stack.is_empty() && !one).then_some((found, end))
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

    /// The frame with a mark where each fragment stood.
    fn marked(split: &Split) -> String {
        let mut text = split.frame[0].clone();
        for ((id, _), piece) in split.parts.iter().zip(&split.frame[1..]) {
            text.push_str(&format!("<!--#{id}-->{piece}"));
        }
        text
    }

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
            marked(&split).contains("<body><!--#side--><main id=\"main\"><p>a<br>b</p>"),
            "{}",
            marked(&split)
        );
        assert!(
            marked(&split)
                .contains("<div class=\"g\" id=\"g\"><div><!--#c1--></div><!--#c2--></div>"),
            "{}",
            marked(&split)
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

    /// What a page's update must give, found by cutting both versions whole.
    fn by_whole_splits(old: &str, new: &str) -> Option<Vec<String>> {
        let (old, new) = (split(old), split(new));
        let changed = (new.parts.iter().zip(&old.parts)).filter(|(n, o)| n.1 != o.1);
        (new.same_frame(&old) && !new.parts.is_empty())
            .then(|| changed.map(|(n, _)| n.0.clone()).collect())
    }

    #[test]
    fn a_page_cut_where_it_was_last_time_is_cut_as_a_whole_cut_would() {
        let one = page(
            "<div class=\"deck\" id=\"d\"><div><figure id=\"a\"><svg><g id=\"x\"></g></svg>A</figure></div>\
             <div><figure id=\"b\">B</figure></div><div><figure id=\"c\">C<!-- c --></figure></div></div>\
             <script>if (a < b) {}</script><p id=\"z\">Z</p>",
        );
        let edits = [
            one.replace(">B<", ">B2<"),
            one.replace(">A<", ">A2<").replace(">Z<", ">Z2<"),
            one.replace(">B<", "><p id=\"in\">B</p><"),
            one.replace(">B<", "><p>B</p><"),
            one.replace(">B<", "><!-- B <"),
            one.replace(">B<", "><div>B<"),
            one.replace(">B<", "></figure><figure id=\"b2\">B<"),
            one.replace("id=\"b\"", "id=\"b2\""),
            one.replace(">B<", ">B</div><"),
            one.replace("<p id=\"z\">", "<p id=\"z\" title=\"a >"),
            one.replace("<script>", "<p>new</p><script>"),
            one.replace("(a < b)", "(a </figure> b)"),
            one.replace("<!-- c -->", "<!-- c"),
            one.replace("<g id=\"x\"></g>", "<g id=\"x\"><p id=\"y\">y</p></g>"),
            one.clone(),
        ];
        for edit in edits {
            let pages = Pages::default();
            pages.update("/p", &one);
            let want = by_whole_splits(&one, &edit);
            assert_eq!(pages.update("/p", &edit), want, "{edit}");
            // What is kept is the page as cut whole.
            let whole = split(&edit);
            let ids: Vec<String> = whole.parts.iter().map(|(id, _)| id.clone()).collect();
            let kept = pages.fragments("/p", &ids);
            let parts: String = whole.parts.iter().map(|(_, html)| html.as_str()).collect();
            assert_eq!(kept.as_deref(), Some(parts.as_str()), "{edit}");
        }
    }
}
