//! Layout (rulebook): one parsed rules page ([`RulesDoc`]) read into blocks — headings,
//! paragraphs and list items as rich text (`**bold**`, `*italic*`), and the
//! shortcodes standing alone in their paragraphs, and pipe tables cell by
//! cell — with byte offsets for diagnostics and the spans of `card:` and
//! `#anchor` links for cross-references, and of web links (only those
//! [`is_web_link`] allows: `http`, `https`, `mailto`; any other link is
//! its text alone).

use std::collections::{HashMap, VecDeque};
use std::ops::Range;

use super::icons::{ICON, split_icons};
use crate::model::figure::{FIGURE_SCHEME, figure_link_id, is_figure_info};
use crate::model::link::is_web_link;
use crate::model::rules::{Node, Tag, card_link_title};
use crate::model::xref::{
    INDEX_SCHEME, RULE_SCHEME, index_term, rule_link_id, without_empty_brackets,
};
use crate::model::{Align, RulesDoc, Shortcode};
use crate::text::mentions::TableNames;

/// A `card:` link (the card's title), a link to an anchor (`#table-combat`,
/// `#movement`: the anchor with its `#`), a web link (its URL, one that
/// [`is_web_link`] allows), a rule reference (`rule:<id>`, which
/// [`fill_refs`] turns into `rule#<n>`, the n-th heading) or an index mark
/// (`index:<term>`), and the link's characters counted
/// without whitespace (so they can be found again among the set lines).
#[derive(Clone, Debug, PartialEq)]
pub struct CardLink {
    pub title: String,
    pub chars: Range<usize>,
}

/// A `rule:` link of a paragraph (`[](rule:movement)`, `[the rules](rule:movement)`):
/// the heading id it names, whether it has no text of its own, where the
/// words that name the rule and its page go (a byte offset into the
/// paragraph's rich text: the link's end), and the link's characters as a
/// [`CardLink`] counts them (its link is there, titled `rule:<id>`).
#[derive(Clone, Debug, PartialEq)]
pub struct RuleRef {
    pub id: String,
    pub empty: bool,
    pub rich_at: usize,
    pub chars: Range<usize>,
}

/// Where the words of a `rule:` link without text go in a paragraph's
/// rich text until [`fill_refs`] puts them there (a private-use character,
/// never set).
const REF_MARK: char = '\u{E000}';

/// A block of the rules, in reading order.
#[derive(Clone, Debug, PartialEq)]
pub enum Block {
    Heading {
        level: u8,
        rich: String,
        plain: String,
        at: usize,
        /// Its links (card names, anchors, web links, rule references) and
        /// its `rule:` links, as a paragraph's.
        links: Vec<CardLink>,
        refs: Vec<RuleRef>,
    },
    /// A paragraph; in a list, `depth` > 0 and the first paragraph of an item has its `marker`.
    Para {
        rich: String,
        /// The text without marks, to find table names in.
        plain: String,
        links: Vec<CardLink>,
        /// The icons its placeholders stand for, in order.
        icons: Vec<String>,
        depth: usize,
        marker: Option<String>,
        /// The first paragraph of a list (one right after another list of
        /// the same depth starts a new list, not a new item of it).
        first_of_list: bool,
        at: usize,
        /// Its `rule:` links, in order.
        refs: Vec<RuleRef>,
    },
    Shortcode(Shortcode),
    /// A rule illustration (a ```` ```figure ```` block): its index among
    /// the page's figures and its place.
    Illustration {
        figure: usize,
        at: usize,
    },
    /// A callout (`::: example`) starts: its kind, set apart in a box under
    /// its label down to the [`Block::CalloutEnd`].
    Callout {
        kind: String,
        at: usize,
    },
    CalloutEnd {
        at: usize,
    },
    /// A block quote (`>`) starts (`start`) or ends: the blocks between
    /// are set in from both sides of the column.
    Quote {
        start: bool,
        at: usize,
    },
    /// A thematic break (`---`): a short rule centred in the column.
    Break {
        at: usize,
    },
    /// A pipe table: its header cells, body rows and column alignments, as rich text.
    Table {
        header: Vec<String>,
        rows: Vec<Vec<String>>,
        aligns: Vec<Align>,
        at: usize,
        /// Where each body row starts (change bars find its place by it).
        rows_at: Vec<usize>,
        /// The links of the cells that have any, in reading order.
        links: Vec<CellLinks>,
    },
}

/// The links of a pipe table's cell: its row (0 the header, then the body
/// rows from 1) and column, its links and its `rule:` links, counted in
/// the cell's text as a paragraph's are in its.
#[derive(Clone, Debug, PartialEq)]
pub struct CellLinks {
    pub row: usize,
    pub column: usize,
    pub links: Vec<CardLink>,
    pub refs: Vec<RuleRef>,
}

/// A pipe table being read.
struct PipeTable {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
    row: Vec<String>,
    aligns: Vec<Align>,
    at: usize,
    /// Where each body row starts in the page's source.
    rows_at: Vec<usize>,
    links: Vec<CellLinks>,
}

/// Rich text being gathered, with its plain text's non-space character count.
#[derive(Default)]
struct Gather {
    rich: String,
    plain: String,
    solid: usize,
    links: Vec<CardLink>,
    /// Where the open link began, and its anchor (None for a card link).
    link_start: Option<(usize, usize, Option<String>)>,
    at: Option<usize>,
    icons: Vec<String>,
    refs: Vec<RuleRef>,
}

impl Gather {
    fn text(&mut self, text: &str, at: usize) {
        self.at.get_or_insert(at);
        for c in text.chars() {
            if c.is_whitespace() {
                if !self.rich.is_empty() && !self.rich.ends_with([' ', '\n']) {
                    self.rich.push(' ');
                    self.plain.push(' ');
                }
                continue;
            }
            if c == '*' {
                self.rich.push('\\');
            }
            self.rich.push(c);
            self.plain.push(c);
            self.solid += 1;
        }
    }

    /// An inline icon: one placeholder character.
    fn icon(&mut self, name: &str, at: usize) {
        self.at.get_or_insert(at);
        self.rich.push(ICON);
        self.plain.push(ICON);
        self.solid += 1;
        self.icons.push(name.to_string());
    }

    fn mark(&mut self, marker: &str) {
        self.rich.push_str(marker);
    }

    fn hard_break(&mut self) {
        while self.rich.ends_with(' ') {
            self.rich.pop();
        }
        if !self.rich.is_empty() {
            self.rich.push('\n');
            self.plain.push(' ');
        }
    }

    fn is_empty(&self) -> bool {
        self.solid == 0
    }

    fn take(&mut self) -> Gather {
        std::mem::take(self)
    }
}

/// Reads the blocks of a page; `icons` are the names written `:name:` that are inline icons.
pub fn read_blocks(doc: &RulesDoc, icons: &[&str]) -> Vec<Block> {
    let events = &doc.nodes;
    let mut blocks = Vec::new();
    let mut cur = Gather::default();
    let mut lists = Lists::default();
    let mut heading: Option<u8> = None;
    let mut table: Option<PipeTable> = None;
    let mut i = 0;
    // The open links' targets (a link in a link's text is a text, but stays balanced).
    let mut link_urls: Vec<&str> = Vec::new();
    let mut footnotes = FootnoteNumbers::default();
    // In a code block: its lines are kept.
    let mut in_code = false;
    while i < events.len() {
        let (event, range) = &events[i];
        match event {
            Node::Start(Tag::Paragraph) => {
                if let Some(code) = doc.shortcode_in(range) {
                    lists.flush(&mut cur, &mut blocks);
                    blocks.push(Block::Shortcode(code.clone()));
                    while i < events.len() && !matches!(events[i].0, Node::End(Tag::Paragraph)) {
                        i += 1;
                    }
                } else {
                    lists.flush(&mut cur, &mut blocks);
                    cur.at = Some(range.start);
                }
            }
            Node::Start(Tag::CodeBlock(Some(info))) if is_figure_info(info) => {
                lists.flush(&mut cur, &mut blocks);
                // A figure whose TOML did not read (reported) is left out.
                if let Some(figure) = doc.figures.iter().position(|f| f.span.start == range.start) {
                    blocks.push(Block::Illustration {
                        figure,
                        at: range.start,
                    });
                }
                while i < events.len() && !matches!(events[i].0, Node::End(Tag::CodeBlock(_))) {
                    i += 1;
                }
            }
            Node::Start(Tag::CodeBlock(_)) => {
                lists.flush(&mut cur, &mut blocks);
                cur.at = Some(range.start);
                in_code = true;
            }
            // A footnote's text is set where it is written, as an item of
            // a list of its own marked with its number (as its reference).
            Node::Start(Tag::FootnoteDefinition(label)) => {
                lists.flush(&mut cur, &mut blocks);
                lists.open(None, Some(footnotes.mark(label)));
                cur.at = Some(range.start);
            }
            Node::End(Tag::FootnoteDefinition(_)) => {
                lists.flush(&mut cur, &mut blocks);
                lists.close();
            }
            Node::FootnoteRef(label) => cur.text(&footnotes.mark(label), range.start),
            Node::End(Tag::Paragraph | Tag::Item | Tag::CodeBlock(_)) => {
                in_code = false;
                lists.flush(&mut cur, &mut blocks);
            }
            Node::Start(Tag::Table(aligns)) => {
                lists.flush(&mut cur, &mut blocks);
                table = Some(PipeTable {
                    header: Vec::new(),
                    rows: Vec::new(),
                    row: Vec::new(),
                    aligns: aligns.iter().map(|a| a.unwrap_or(Align::Left)).collect(),
                    at: range.start,
                    rows_at: Vec::new(),
                    links: Vec::new(),
                });
            }
            Node::Start(Tag::TableRow) => {
                if let Some(t) = &mut table {
                    t.rows_at.push(range.start);
                }
            }
            Node::Start(Tag::TableCell) => cur = Gather::default(),
            Node::End(Tag::TableCell) => {
                let cell = cur.take();
                if let Some(t) = &mut table {
                    // The cell's text is trimmed: its links count letters, not spaces.
                    let rich = cell.rich.trim();
                    if !cell.links.is_empty() {
                        t.links.push(CellLinks {
                            row: if t.header.is_empty() && t.rows.is_empty() {
                                0
                            } else {
                                t.rows.len() + 1
                            },
                            column: t.row.len(),
                            links: cell.links,
                            refs: cell
                                .refs
                                .into_iter()
                                .map(|r| RuleRef {
                                    rich_at: r.rich_at.saturating_sub(
                                        cell.rich.len() - cell.rich.trim_start().len(),
                                    ),
                                    ..r
                                })
                                .collect(),
                        });
                    }
                    t.row.push(rich.to_string());
                }
            }
            Node::End(Tag::TableHead) => {
                if let Some(t) = &mut table {
                    t.header = std::mem::take(&mut t.row);
                }
            }
            Node::End(Tag::TableRow) => {
                if let Some(t) = &mut table {
                    let row = std::mem::take(&mut t.row);
                    t.rows.push(row);
                }
            }
            Node::End(Tag::Table(_)) => {
                if let Some(t) = table.take() {
                    blocks.push(Block::Table {
                        header: t.header,
                        rows: t.rows,
                        aligns: t.aligns,
                        at: t.at,
                        rows_at: t.rows_at,
                        links: t.links,
                    });
                }
            }
            Node::Start(Tag::Heading(level)) => {
                lists.flush(&mut cur, &mut blocks);
                heading = Some(*level);
                cur.at = Some(range.start);
            }
            Node::End(Tag::Heading(_)) => {
                let g = cur.take();
                if let Some(level) = heading.take()
                    && !g.is_empty()
                {
                    let lead = g.rich.len() - g.rich.trim_start().len();
                    // The words of a reference are not the heading's own.
                    let plain = if g.refs.iter().any(|r| r.empty) {
                        without_empty_brackets(&g.plain)
                    } else {
                        g.plain.trim().to_string()
                    };
                    blocks.push(Block::Heading {
                        level,
                        rich: g.rich.trim().to_string(),
                        plain,
                        at: g.at.unwrap_or(range.start),
                        links: g.links,
                        refs: g
                            .refs
                            .into_iter()
                            .map(|r| RuleRef {
                                rich_at: r.rich_at.saturating_sub(lead),
                                ..r
                            })
                            .collect(),
                    });
                }
            }
            Node::Start(Tag::List(first)) => {
                lists.flush(&mut cur, &mut blocks);
                lists.open(*first, None);
            }
            Node::End(Tag::List(_)) => {
                lists.flush(&mut cur, &mut blocks);
                lists.close();
            }
            Node::Start(Tag::Item) => {
                lists.flush(&mut cur, &mut blocks);
                cur.at = Some(range.start);
                lists.next_item();
            }
            Node::Start(Tag::Callout(kind)) | Node::End(Tag::Callout(kind)) => {
                lists.flush(&mut cur, &mut blocks);
                blocks.push(if matches!(event, Node::Start(_)) {
                    Block::Callout {
                        kind: kind.clone(),
                        at: range.start,
                    }
                } else {
                    Block::CalloutEnd { at: range.start }
                });
            }
            Node::Start(Tag::BlockQuote) | Node::End(Tag::BlockQuote) => {
                lists.flush(&mut cur, &mut blocks);
                blocks.push(Block::Quote {
                    start: matches!(event, Node::Start(_)),
                    at: range.start,
                });
            }
            Node::Rule => {
                lists.flush(&mut cur, &mut blocks);
                blocks.push(Block::Break { at: range.start });
            }
            Node::Start(Tag::Strong) => cur.mark("**"),
            Node::End(Tag::Strong) => cur.mark("**"),
            Node::Start(Tag::Emphasis) => cur.mark("*"),
            Node::End(Tag::Emphasis) => cur.mark("*"),
            Node::Start(Tag::Link { url, .. }) => {
                link_urls.push(url);
                if url.starts_with("card:") {
                    cur.link_start = Some((cur.solid, cur.plain.len(), None));
                } else if url.starts_with('#')
                    || is_web_link(url)
                    || rule_link_id(url).is_some()
                    || figure_link_id(url).is_some()
                    // Index marks are of paragraphs only.
                    || (url.starts_with(INDEX_SCHEME) && heading.is_none() && table.is_none())
                {
                    cur.link_start = Some((cur.solid, cur.plain.len(), Some(url.clone())));
                }
            }
            Node::End(Tag::Link { .. }) => {
                let url = link_urls.pop().unwrap_or_default();
                if let Some((solid, plain_at, anchor)) = cur.link_start.take() {
                    let reference =
                        rule_link_id(url)
                            .map(|id| id.trim().to_string())
                            .or_else(|| {
                                figure_link_id(url)
                                    .map(|id| format!("{FIGURE_SCHEME}{}", id.trim()))
                            });
                    if let Some(id) = reference {
                        let empty = solid == cur.solid;
                        cur.refs.push(RuleRef {
                            id,
                            empty,
                            rich_at: cur.rich.len(),
                            chars: solid..cur.solid,
                        });
                        // The words of a link without text stand where it
                        // is: a mark keeps the spaces around it.
                        if empty {
                            cur.rich.push(REF_MARK);
                        }
                    }
                    let text = cur.plain[plain_at..].trim();
                    let title = match (index_term(url, text), anchor) {
                        (Some(term), _) => format!("{INDEX_SCHEME}{term}"),
                        (None, Some(anchor)) => anchor,
                        (None, None) => card_link_title(url).unwrap_or(text).to_string(),
                    };
                    cur.links.push(CardLink {
                        title,
                        chars: solid..cur.solid,
                    });
                }
            }
            Node::Text(t) if in_code => {
                for (n, line) in t.split('\n').enumerate() {
                    if n > 0 {
                        cur.hard_break();
                    }
                    cur.text(line, range.start);
                }
            }
            Node::Text(t) => {
                for (text, icon) in split_icons(t, icons) {
                    cur.text(text, range.start);
                    if let Some(name) = icon {
                        cur.icon(name, range.start);
                    }
                }
            }
            Node::Code(t) | Node::Html(t) | Node::InlineHtml(t) => cur.text(t, range.start),
            Node::SoftBreak => cur.text(" ", range.start),
            Node::HardBreak => cur.hard_break(),
            _ => {}
        }
        i += 1;
    }
    lists.flush(&mut cur, &mut blocks);
    blocks
}

/// The numbers of a page's footnotes, in the order their labels are first
/// met (a reference or the footnote's text), as the HTML reference numbers
/// them.
#[derive(Default)]
struct FootnoteNumbers(HashMap<String, usize>);

impl FootnoteNumbers {
    /// The footnote's number as its mark is printed: superscript digits.
    fn mark(&mut self, label: &str) -> String {
        let next = self.0.len() + 1;
        let n = *self.0.entry(label.to_string()).or_insert(next);
        n.to_string()
            .chars()
            .map(|d| match d {
                '1' => '\u{B9}',
                '2' => '\u{B2}',
                '3' => '\u{B3}',
                d => char::from_u32(0x2070 + d.to_digit(10).unwrap_or(0)).unwrap_or(d),
            })
            .collect()
    }
}

/// The lists open where the page is read, and what the next paragraph
/// gathered takes from them.
#[derive(Default)]
struct Lists {
    /// Each open list: the number of its next item (None = bulleted).
    numbers: Vec<Option<u64>>,
    /// The marker of the item whose first paragraph is still to come.
    marker: Option<String>,
    /// A list has started and its first paragraph is still to come.
    new_list: bool,
}

impl Lists {
    /// A list starts (numbered from `first`, or bulleted), its first item
    /// already marked with `marker` where it has one (a footnote's number).
    fn open(&mut self, first: Option<u64>, marker: Option<String>) {
        self.numbers.push(first);
        self.new_list = true;
        if marker.is_some() {
            self.marker = marker;
        }
    }

    fn close(&mut self) {
        self.numbers.pop();
    }

    /// An item of the innermost list starts: its marker, "3." or "•".
    fn next_item(&mut self) {
        self.marker = Some(match self.numbers.last_mut() {
            Some(Some(n)) => {
                let m = format!("{n}.");
                *n += 1;
                m
            }
            _ => "•".to_string(),
        });
    }

    /// The text gathered so far as a paragraph, at the open lists' depth
    /// (with the marker of the item it starts), if there is any.
    fn flush(&mut self, cur: &mut Gather, blocks: &mut Vec<Block>) {
        // A paragraph of a rule reference alone has its words to come.
        if cur.is_empty() && cur.refs.is_empty() {
            return;
        }
        let g = cur.take();
        blocks.push(Block::Para {
            rich: g.rich.trim_end().to_string(),
            plain: g.plain,
            links: g.links,
            icons: g.icons,
            depth: self.numbers.len(),
            marker: self.marker.take(),
            first_of_list: std::mem::take(&mut self.new_list),
            at: g.at.unwrap_or(0),
            refs: g.refs,
        });
    }
}

/// What a `rule:` or `figure:` reference prints and where its link goes:
/// the rich text added at its link's end ("see 5.3, p. 4") and its
/// target (`rule#<n>`, `figure#<id>`).
#[derive(Clone, Debug, PartialEq)]
pub struct RefText {
    pub words: String,
    pub target: String,
}

/// Sets the words of each `rule:` link of a paragraph (its `refs`) in
/// place: `texts[k]` is the rich text the k-th adds at its link's end and
/// the target its link takes (None: the reference resolves to nothing, and
/// its link, if it has text, is only text). The characters of the links
/// after each are counted on past the words added. Linear in the
/// paragraph and its links.
pub fn fill_refs(block: &mut Block, texts: &[Option<RefText>]) {
    match block {
        Block::Para {
            rich, links, refs, ..
        }
        | Block::Heading {
            rich, links, refs, ..
        } => fill_text(rich, links, refs, texts),
        // A table's references are in its cells (see `CellLinks`).
        Block::Shortcode(_)
        | Block::Illustration { .. }
        | Block::Callout { .. }
        | Block::CalloutEnd { .. }
        | Block::Quote { .. }
        | Block::Break { .. }
        | Block::Table { .. } => {}
    }
}

/// [`fill_refs`] of one text (a paragraph's, a heading's, a table cell's)
/// with its links and `rule:` links.
pub fn fill_text(
    rich: &mut String,
    links: &mut [CardLink],
    refs: &[RuleRef],
    texts: &[Option<RefText>],
) {
    let mut out = String::with_capacity(rich.len());
    let mut from = 0;
    // Each reference's end (in characters) and the characters added by it
    // and those before it; the links of the references that resolve.
    let mut ends: Vec<(usize, usize)> = Vec::with_capacity(refs.len());
    // (characters added before, by it, its target) by the link's characters.
    type Own<'t> = VecDeque<(usize, usize, &'t str)>;
    let mut own: HashMap<(usize, usize), Own<'_>> = HashMap::new();
    let mut total = 0;
    for (k, r) in refs.iter().enumerate() {
        let mut at = r.rich_at.clamp(from, rich.len());
        while !rich.is_char_boundary(at) {
            at -= 1;
        }
        out.push_str(&rich[from..at]);
        from = at;
        // A link without text left a mark where its words go.
        if r.empty && rich[at..].starts_with(REF_MARK) {
            from += REF_MARK.len_utf8();
        }
        let Some(Some(RefText {
            words: text,
            target,
        })) = texts.get(k)
        else {
            continue;
        };
        let added = text.chars().filter(|c| !c.is_whitespace()).count();
        out.push_str(text);
        own.entry((r.chars.start, r.chars.end))
            .or_default()
            .push_back((total, added, target));
        total += added;
        ends.push((r.chars.end, total));
    }
    out.push_str(&rich[from..]);
    *rich = out;
    for link in links.iter_mut() {
        let key = (link.chars.start, link.chars.end);
        let reference =
            link.title.starts_with(RULE_SCHEME) || link.title.starts_with(FIGURE_SCHEME);
        let mine = reference
            .then(|| own.get_mut(&key).and_then(VecDeque::pop_front))
            .flatten();
        if let Some((before, added, target)) = mine {
            link.chars = link.chars.start + before..link.chars.end + before + added;
            link.title = target.to_string();
        } else {
            let before = ends.partition_point(|(end, _)| *end <= link.chars.start);
            let shift = before.checked_sub(1).map_or(0, |b| ends[b].1);
            link.chars = link.chars.start + shift..link.chars.end + shift;
        }
    }
}

/// Links each table name a paragraph mentions (outside its own links) to the
/// table's anchor (`anchors[table]`, with its `#`). Mentions come in text
/// order, so the characters before each are counted on from the last one.
pub fn link_mentions(block: &mut Block, names: &TableNames, anchors: &[String]) {
    let (plain, links) = match block {
        Block::Para { plain, links, .. } => (plain, links),
        // Only running text links the tables it names.
        Block::Heading { .. }
        | Block::Shortcode(_)
        | Block::Illustration { .. }
        | Block::Callout { .. }
        | Block::CalloutEnd { .. }
        | Block::Quote { .. }
        | Block::Break { .. }
        | Block::Table { .. } => return,
    };
    let solid = |text: &str| text.chars().filter(|c| !c.is_whitespace()).count();
    let own = OwnLinks::new(links);
    let (mut counted_to, mut counted) = (0, 0);
    for (range, table) in names.find(plain) {
        let start = counted + solid(&plain[counted_to..range.start]);
        let mention = start..start + solid(&plain[range.clone()]);
        (counted_to, counted) = (range.end, mention.end);
        let Some(anchor) = anchors.get(table) else {
            continue;
        };
        if own.overlap(&mention) {
            continue;
        }
        links.push(CardLink {
            title: anchor.clone(),
            chars: mention,
        });
    }
    links.sort_by_key(|l| l.chars.start);
}

/// A paragraph's own links as character ranges in order of their starts,
/// each with the furthest end of it and those before it, so whether a range
/// overlaps one of them is a binary search.
struct OwnLinks {
    starts: Vec<usize>,
    reach: Vec<usize>,
}

impl OwnLinks {
    fn new(links: &[CardLink]) -> OwnLinks {
        let mut ranges: Vec<Range<usize>> = links.iter().map(|l| l.chars.clone()).collect();
        ranges.sort_by_key(|r| r.start);
        let reach = ranges
            .iter()
            .scan(0, |far, r| {
                *far = r.end.max(*far);
                Some(*far)
            })
            .collect();
        OwnLinks {
            starts: ranges.iter().map(|r| r.start).collect(),
            reach,
        }
    }

    fn overlap(&self, r: &Range<usize>) -> bool {
        let before_end = self.starts.partition_point(|&s| s < r.end);
        before_end > 0 && self.reach[before_end - 1] > r.start
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::rules::parse_rules;

    #[test]
    fn headings_paragraphs_lists_and_links() {
        let md = "# Action *cards*\n\nPlay **both** actions; see [*Great Road*](card:).\n\n- one\n- two\n\n1. first\n2. second\n\n{{ deck(\"action\") }}\n";
        let blocks = read_blocks(&parse_rules(md), &[]);
        assert_eq!(blocks.len(), 7, "{blocks:?}");
        assert!(
            matches!(&blocks[0], Block::Heading { level: 1, rich, plain, at: 0, .. } if rich == "Action *cards*" && plain == "Action cards")
        );
        let Block::Para { rich, links, .. } = &blocks[1] else {
            panic!("{blocks:?}")
        };
        assert_eq!(rich, "Play **both** actions; see *Great Road*.");
        assert_eq!(links[0].title, "Great Road");
        // "Play", "both", "actions;", "see" = 4+4+8+3 characters before the link.
        assert_eq!(links[0].chars, 19..28);
        assert!(matches!(&blocks[2], Block::Para { marker: Some(m), depth: 1, .. } if m == "•"));
        assert!(
            matches!(&blocks[5], Block::Para { marker: Some(m), rich, .. } if m == "2." && rich == "second")
        );
        assert!(matches!(&blocks[6], Block::Shortcode(c) if c.name == "deck"));
    }

    #[test]
    fn web_links_are_kept_and_unsafe_ones_are_text() {
        let md = "A [site](https://example.com/x), [bad](JavaScript:alert(1)), \
                  [mail](mailto:a@b.c), [share](//evil/x) and [path](rules.html).\n";
        let blocks = read_blocks(&parse_rules(md), &[]);
        let Block::Para { rich, links, .. } = &blocks[0] else {
            panic!("{blocks:?}")
        };
        assert_eq!(rich, "A site, bad, mail, share and path.");
        let titles: Vec<&str> = links.iter().map(|l| l.title.as_str()).collect();
        assert_eq!(titles, ["https://example.com/x", "mailto:a@b.c"]);
        // "A" is one character before "site", "Asite,bad," ten before "mail".
        assert_eq!(links[0].chars, 1..5);
        assert_eq!(links[1].chars, 10..14);
    }

    #[test]
    fn pipe_tables_are_read_cell_by_cell_and_anchor_links_kept() {
        let md = "See the [Combat Table](#table-combat).\n\n| Roll | Result |\n|---:|:---|\n| 1 | **Hit** |\n| 2-6 | [Miss](#miss) |\n";
        let blocks = read_blocks(&parse_rules(md), &[]);
        assert_eq!(blocks.len(), 2, "{blocks:?}");
        let Block::Para { links, .. } = &blocks[0] else {
            panic!("{blocks:?}")
        };
        assert_eq!(links[0].title, "#table-combat");
        assert_eq!(links[0].chars, 6..17);
        let Block::Table {
            header,
            rows,
            aligns,
            at,
            links,
            ..
        } = &blocks[1]
        else {
            panic!("{blocks:?}")
        };
        // The second body row's second cell links its one word.
        assert_eq!(
            links,
            &[CellLinks {
                row: 2,
                column: 1,
                links: vec![CardLink {
                    title: "#miss".into(),
                    chars: 0..4
                }],
                refs: Vec::new(),
            }]
        );
        assert_eq!(header, &["Roll", "Result"]);
        assert_eq!(rows, &[vec!["1", "**Hit**"], vec!["2-6", "Miss"]]);
        assert_eq!(aligns, &[Align::Right, Align::Left]);
        assert_eq!(&md[*at..*at + 6], "| Roll");
    }

    #[test]
    fn stars_in_text_are_escaped_and_hard_breaks_kept() {
        let blocks = read_blocks(&parse_rules("2 * 3 = 6\\\nnext"), &[]);
        let Block::Para { rich, .. } = &blocks[0] else {
            panic!()
        };
        assert_eq!(rich, "2 \\* 3 = 6\nnext");
    }

    #[test]
    fn rule_links_take_their_words_in_place_and_later_links_count_on() {
        let alone = read_blocks(&parse_rules("[](rule:setup)\n"), &[]);
        assert!(
            matches!(&alone[..], [Block::Para { refs, .. }] if refs.len() == 1),
            "{alone:?}"
        );
        let md = "[](rule:setup) first, then [](rule:movement) and \
                  *[the rules](rule:combat)* or [*Recon*](card:).\n\n\
                  # A [heading](rule:x)\n";
        let mut blocks = read_blocks(&parse_rules(md), &[]);
        assert!(matches!(&blocks[1], Block::Heading { rich, .. } if rich == "A heading"));
        let Block::Para { refs, .. } = &blocks[0] else {
            panic!("{blocks:?}")
        };
        let ids: Vec<(&str, bool)> = refs.iter().map(|r| (r.id.as_str(), r.empty)).collect();
        assert_eq!(
            ids,
            [("setup", true), ("movement", true), ("combat", false)]
        );
        let see = |n: &str| {
            Some(RefText {
                words: format!("see {n}, p. 4"),
                target: format!("rule#{n}"),
            })
        };
        // "setup" names no heading: its words are none.
        fill_refs(
            &mut blocks[0],
            &[
                None,
                see("5.3"),
                Some(RefText {
                    words: " (6.1)".into(),
                    target: "rule#6.1".into(),
                }),
            ],
        );
        let Block::Para { rich, links, .. } = &blocks[0] else {
            panic!("{blocks:?}")
        };
        assert_eq!(
            rich,
            " first, then see 5.3, p. 4 and *the rules (6.1)* or *Recon*."
        );
        // Letters only: "first," 6, "then" 4, the reference "see5.3,p.4"
        // 10, "and" 3, "therules(6.1)" 13, "or" 2, "Recon" 5.
        let found: Vec<(&str, std::ops::Range<usize>)> = links
            .iter()
            .map(|l| (l.title.as_str(), l.chars.clone()))
            .collect();
        assert_eq!(
            found,
            [
                ("rule:setup", 0..0),
                ("rule#5.3", 10..20),
                ("rule#6.1", 23..36),
                ("Recon", 38..43),
            ]
        );
    }

    #[test]
    fn table_names_in_the_prose_link_to_their_tables_but_not_inside_links() {
        let md = "Roll on the Combat Table, then see [the combat table](#other).";
        let mut blocks = read_blocks(&parse_rules(md), &[]);
        let names = TableNames::new([("Combat Table", 0)]);
        link_mentions(&mut blocks[0], &names, &["#table-combat".to_string()]);
        let Block::Para { links, .. } = &blocks[0] else {
            panic!("a paragraph")
        };
        // Letters only: "Rollonthe" 9, "CombatTable" 11, ",thensee" 8, then the
        // link (14), which keeps its own target and is not linked again.
        assert_eq!(
            links,
            &[
                CardLink {
                    title: "#table-combat".into(),
                    chars: 9..20
                },
                CardLink {
                    title: "#other".into(),
                    chars: 28..42
                },
            ]
        );
    }
}
