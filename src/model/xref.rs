//! Model: the rules' headings as numbered rules and the `rule:` links that
//! refer to them, shared by validation, the PDF rulebook and the HTML
//! reference. A heading's id is the slug of its text, as the HTML reference
//! anchors it (`## Movement` → `movement`; a second `## Movement` on the
//! same page `movement-2`). With `rule_numbers`, headings are numbered as
//! wargame cases are (1.0, 1.1, 1.1.1): from the top level of the rules, or
//! from the level below when the rules open with a single top-level heading
//! (a title), which goes unnumbered.

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use super::RulesDoc;
use super::rules::{Node, Tag};
use super::slug;

/// The scheme of a link to a rule: `[](rule:movement)`.
pub const RULE_SCHEME: &str = "rule:";

/// The rule id a link target names, if it is a `rule:` link.
pub fn rule_link_id(url: &str) -> Option<&str> {
    url.strip_prefix(RULE_SCHEME)
}

/// The scheme of a link that marks a term for the index:
/// `[Zone of Control](index:)`, or `[ZOC](<index:Zone of Control>)` to file
/// the words under another term.
pub const INDEX_SCHEME: &str = "index:";

/// The term an `index:` link marks, given the link's text: the term its
/// target names, else its text (spaces collapsed); None for another link
/// or a mark of no words.
pub fn index_term(url: &str, text: &str) -> Option<String> {
    let named = url.strip_prefix(INDEX_SCHEME)?;
    let term = if named.trim().is_empty() { text } else { named };
    let term = term.split_whitespace().collect::<Vec<_>>().join(" ");
    (!term.is_empty()).then_some(term)
}

/// The index: each term once (terms differing only in letter case being
/// one, as first written with a capital if it ever is, else as first
/// written), in alphabetical order regardless of case, with
/// its places in the order given, a place repeated one after another once.
pub fn index_entries<T: PartialEq>(
    marks: impl IntoIterator<Item = (String, T)>,
) -> Vec<(String, Vec<T>)> {
    let mut entries: std::collections::BTreeMap<String, (String, Vec<T>)> =
        std::collections::BTreeMap::new();
    for (term, place) in marks {
        let key = term.to_lowercase();
        let capital = |t: &str| t.chars().next().is_some_and(char::is_uppercase);
        let (shown, places) = entries
            .entry(key)
            .or_insert_with(|| (term.clone(), Vec::new()));
        if capital(&term) && !capital(shown) {
            *shown = term;
        }
        if places.last() != Some(&place) {
            places.push(place);
        }
    }
    entries.into_values().collect()
}

/// A heading's text as its contents entry, bookmark and title give it when
/// a `rule:` link without text stands in it: without the brackets left
/// empty around the link (`## Terrain ([](rule:combat))` reads "Terrain
/// ()" without the reference's words), spaces collapsed.
pub fn without_empty_brackets(text: &str) -> String {
    let mut out = text.to_string();
    for empty in ["()", "( )", "[]", "[ ]"] {
        out = out.replace(empty, "");
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A heading of a rules page.
#[derive(Clone, Debug, PartialEq)]
pub struct RuleHeading {
    pub level: u8,
    /// Its text, as the HTML reference reads it (text and code, breaks as spaces).
    pub text: String,
    /// Its id: the slug of its text, unique on its page.
    pub id: String,
    /// The heading's span in the Markdown.
    pub span: Range<usize>,
}

impl RuleHeading {
    /// Whether it has any text (a heading without is neither set nor numbered).
    pub fn is_empty(&self) -> bool {
        self.text.trim().is_empty()
    }
}

/// A `rule:` link: the id it names, its span, and whether it has no text of
/// its own (`[](rule:movement)`), so the rule's number or name stands in.
#[derive(Clone, Debug, PartialEq)]
pub struct RuleLink {
    pub id: String,
    pub span: Range<usize>,
    pub empty: bool,
}

/// Whether a page has a `rule:` link (a quick look: the rules' headings
/// need reading as rules only then, or when they are numbered).
pub fn has_rule_links(doc: &RulesDoc) -> bool {
    doc.nodes.iter().any(
        |(n, _)| matches!(n, Node::Start(Tag::Link { url, .. }) if rule_link_id(url).is_some()),
    )
}

/// The headings of a page in order, with their ids.
pub fn page_headings(doc: &RulesDoc) -> Vec<RuleHeading> {
    let mut ids = Ids::default();
    let mut out = Vec::new();
    let mut open: Option<(u8, String, Range<usize>)> = None;
    for (node, range) in &doc.nodes {
        match node {
            Node::Start(Tag::Heading(level)) => open = Some((*level, String::new(), range.clone())),
            Node::End(Tag::Heading(_)) => {
                if let Some((level, text, span)) = open.take() {
                    let id = ids.unique(&slug(&text));
                    out.push(RuleHeading {
                        level,
                        text,
                        id,
                        span,
                    });
                }
            }
            Node::Text(t) | Node::Code(t) | Node::InlineHtml(t) => {
                if let Some((_, text, _)) = open.as_mut() {
                    text.push_str(t);
                }
            }
            Node::SoftBreak | Node::HardBreak => {
                if let Some((_, text, _)) = open.as_mut() {
                    text.push(' ');
                }
            }
            _ => {}
        }
    }
    out
}

/// Every `rule:` link of a page, in order.
pub fn rule_links(doc: &RulesDoc) -> Vec<RuleLink> {
    let mut out = Vec::new();
    // The open links: the rule link's (id, span, text so far), None for another link.
    let mut open: Vec<Option<(String, Range<usize>, bool)>> = Vec::new();
    for (node, range) in &doc.nodes {
        match node {
            Node::Start(Tag::Link { url, .. }) => {
                open.push(rule_link_id(url).map(|id| (id.trim().to_string(), range.clone(), true)))
            }
            Node::End(Tag::Link { .. }) => {
                if let Some(Some((id, span, empty))) = open.pop() {
                    out.push(RuleLink { id, span, empty });
                }
            }
            Node::Text(t) | Node::Code(t) | Node::InlineHtml(t) => {
                if let Some(Some((_, _, empty))) = open.last_mut() {
                    *empty &= t.trim().is_empty();
                }
            }
            _ => {}
        }
    }
    out
}

/// Ids given out on a page: `base`, then `base-2`, `base-3`... as the HTML
/// reference gives its anchors (an empty base is `section`).
#[derive(Default)]
struct Ids {
    taken: HashSet<String>,
    next: HashMap<String, usize>,
}

impl Ids {
    fn unique(&mut self, base: &str) -> String {
        let base = if base.is_empty() { "section" } else { base };
        let mut id = base.to_string();
        let mut n = self.next.get(base).copied().unwrap_or(2);
        if n > 2 || self.taken.contains(&id) {
            loop {
                id = format!("{base}-{n}");
                n += 1;
                if !self.taken.contains(&id) {
                    break;
                }
            }
            self.next.insert(base.to_string(), n);
        }
        self.taken.insert(id.clone());
        id
    }
}

/// The case number of each heading (None for the title and headings
/// without text), given their levels in reading order and whether each has
/// text. Numbers nest as the headings do: a heading is numbered under the
/// last shallower one, whatever levels it skips.
pub fn rule_numbers(headings: &[(u8, bool)]) -> Vec<Option<String>> {
    let set: Vec<u8> = headings
        .iter()
        .filter(|(_, text)| *text)
        .map(|(l, _)| *l)
        .collect();
    let Some(&top) = set.iter().min() else {
        return vec![None; headings.len()];
    };
    // A single heading of the top level, first and with others after it, is the title.
    let titled = set.len() > 1 && set[0] == top && set.iter().filter(|&&l| l == top).count() == 1;
    let mut title_left = titled;
    let mut stack: Vec<u8> = Vec::new();
    let mut counts: Vec<usize> = Vec::new();
    headings
        .iter()
        .map(|&(level, text)| {
            if !text {
                return None;
            }
            if std::mem::take(&mut title_left) {
                return None;
            }
            while stack.last().is_some_and(|&l| l >= level) {
                stack.pop();
            }
            let depth = stack.len();
            stack.push(level);
            counts.truncate(depth + 1);
            counts.resize(depth + 1, 0);
            counts[depth] += 1;
            Some(if depth == 0 {
                format!("{}.0", counts[0])
            } else {
                counts
                    .iter()
                    .map(usize::to_string)
                    .collect::<Vec<_>>()
                    .join(".")
            })
        })
        .collect()
}

/// The headings of every rules page, with their numbers: what `rule:` links
/// are resolved against.
#[derive(Clone, Debug, Default)]
pub struct RuleBook {
    /// Each page's headings.
    pub pages: Vec<Vec<RuleHeading>>,
    /// Each page's headings' numbers (all None without `rule_numbers`).
    pub numbers: Vec<Vec<Option<String>>>,
    /// Each id's first heading, and each (page, id)'s heading, so a
    /// reference is found in constant time.
    first: HashMap<String, (usize, usize)>,
    on_page: HashMap<(usize, String), usize>,
}

impl RuleBook {
    pub fn new<'a>(docs: impl IntoIterator<Item = &'a RulesDoc>, numbered: bool) -> RuleBook {
        let pages: Vec<Vec<RuleHeading>> = docs.into_iter().map(page_headings).collect();
        let levels: Vec<(u8, bool)> = pages
            .iter()
            .flatten()
            .map(|h| (h.level, !h.is_empty()))
            .collect();
        let mut numbers = if numbered {
            rule_numbers(&levels).into_iter()
        } else {
            vec![None; levels.len()].into_iter()
        };
        let numbers = pages
            .iter()
            .map(|p| numbers.by_ref().take(p.len()).collect())
            .collect();
        let mut first = HashMap::new();
        let mut on_page = HashMap::new();
        for (p, headings) in pages.iter().enumerate() {
            for (k, h) in headings.iter().enumerate() {
                first.entry(h.id.clone()).or_insert((p, k));
                on_page.insert((p, h.id.clone()), k);
            }
        }
        RuleBook {
            pages,
            numbers,
            first,
            on_page,
        }
    }

    /// The heading `id` names from page `from`: on that page if it has one,
    /// else on the first page that does. (page, heading index on the page).
    pub fn find(&self, id: &str, from: usize) -> Option<(usize, usize)> {
        match self.on_page.get(&(from, id.to_string())) {
            Some(&heading) => Some((from, heading)),
            None => self.first.get(id).copied(),
        }
    }

    pub fn heading(&self, (page, heading): (usize, usize)) -> Option<&RuleHeading> {
        self.pages.get(page)?.get(heading)
    }

    pub fn number(&self, (page, heading): (usize, usize)) -> Option<&str> {
        self.numbers.get(page)?.get(heading)?.as_deref()
    }

    /// How a reference names the heading: its number, else its text.
    pub fn label(&self, at: (usize, usize)) -> String {
        match self.number(at) {
            Some(n) => n.to_string(),
            None => self
                .heading(at)
                .map_or_else(String::new, |h| h.text.trim().to_string()),
        }
    }

    /// Every heading id, in reading order, each once.
    pub fn ids(&self) -> Vec<&str> {
        let mut seen = HashSet::new();
        self.pages
            .iter()
            .flatten()
            .map(|h| h.id.as_str())
            .filter(|id| seen.insert(*id))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::rules::parse_rules;

    fn numbers(levels: &[u8]) -> Vec<Option<String>> {
        let with_text: Vec<(u8, bool)> = levels.iter().map(|&l| (l, true)).collect();
        rule_numbers(&with_text)
    }

    fn n(s: &str) -> Option<String> {
        Some(s.to_string())
    }

    #[test]
    fn a_single_title_is_unnumbered_and_the_level_below_counts_from_one() {
        assert_eq!(
            numbers(&[1, 2, 2, 3, 3, 2, 3]),
            [
                None,
                n("1.0"),
                n("2.0"),
                n("2.1"),
                n("2.2"),
                n("3.0"),
                n("3.1")
            ]
        );
    }

    #[test]
    fn several_top_headings_are_numbered_and_skipped_levels_nest() {
        assert_eq!(
            numbers(&[1, 2, 4, 4, 3, 1, 2]),
            [
                n("1.0"),
                n("1.1"),
                n("1.1.1"),
                n("1.1.2"),
                n("1.1.3"),
                n("2.0"),
                n("2.1")
            ]
        );
        // A heading shallower than the first, later on, is no title.
        assert_eq!(numbers(&[2, 1, 2]), [n("1.0"), n("2.0"), n("2.1")]);
        assert_eq!(numbers(&[1]), [n("1.0")]);
        assert!(numbers(&[]).is_empty());
    }

    #[test]
    fn headings_without_text_are_not_numbered() {
        let levels = [(1, true), (2, false), (2, true), (2, true)];
        assert_eq!(rule_numbers(&levels), [None, None, n("1.0"), n("2.0")]);
    }

    #[test]
    fn headings_get_the_html_ids_and_rule_links_are_found() {
        let md = "# Rules\n\n## Movement `fast`\n\nSee [](rule:movement-fast) and [the rest](rule:rest).\n\n## Movement `fast`\n\n##\n";
        let doc = parse_rules(md);
        let ids: Vec<String> = page_headings(&doc).into_iter().map(|h| h.id).collect();
        assert_eq!(
            ids,
            ["rules", "movement-fast", "movement-fast-2", "section"]
        );
        let links = rule_links(&doc);
        assert_eq!(links.len(), 2);
        assert_eq!(links[0].id, "movement-fast");
        assert!(links[0].empty);
        assert_eq!(&md[links[0].span.clone()], "[](rule:movement-fast)");
        assert_eq!(links[1].id, "rest");
        assert!(!links[1].empty);
    }

    #[test]
    fn index_marks_name_their_term_and_gather_in_order() {
        assert_eq!(
            index_term("index:", " Zone  of\nControl "),
            Some("Zone of Control".into())
        );
        assert_eq!(
            index_term("index:Zone of Control", "ZOC"),
            Some("Zone of Control".into())
        );
        assert_eq!(index_term("index:", " "), None);
        assert_eq!(index_term("rule:x", "ZOC"), None);
        let entries = index_entries([
            ("zone of control".to_string(), 7),
            ("Attack".to_string(), 3),
            ("Zone of Control".to_string(), 4),
            ("zone of control".to_string(), 4),
            ("Bridges".to_string(), 9),
        ]);
        assert_eq!(
            entries,
            [
                ("Attack".to_string(), vec![3]),
                ("Bridges".to_string(), vec![9]),
                ("Zone of Control".to_string(), vec![7, 4]),
            ]
        );
    }

    #[test]
    fn a_rule_is_found_on_its_own_page_first() {
        let a = parse_rules("# Setup\n\n## Movement\n");
        let b = parse_rules("# Play\n\n## Movement\n\n## Combat\n");
        let book = RuleBook::new([&a, &b], true);
        assert_eq!(book.find("movement", 1), Some((1, 1)));
        assert_eq!(book.find("movement", 0), Some((0, 1)));
        assert_eq!(book.find("combat", 0), Some((1, 2)));
        assert_eq!(book.find("nothing", 0), None);
        // Two top-level headings: both numbered.
        assert_eq!(book.label((1, 2)), "2.2");
        assert_eq!(book.label((0, 0)), "1.0");
        let plain = RuleBook::new([&a, &b], false);
        assert_eq!(plain.label((1, 2)), "Combat");
        assert_eq!(plain.ids(), ["setup", "movement", "play", "combat"]);
    }
}
