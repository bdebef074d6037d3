//! Model: a rules page's Markdown as `load` parsed it, once, for validation,
//! the rulebook and the HTML reference alike — its nodes in reading order
//! (each container opened and closed around what it holds, as CommonMark
//! nests them) with their byte spans in the page, the shortcodes standing
//! alone in its paragraphs, and the cards its `card:` links name.

use std::ops::Range;

use super::{Align, Shortcode, ShortcodeProblem};

/// A rules page parsed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RulesDoc {
    /// Every node in reading order, with its byte span in the Markdown.
    pub nodes: Vec<(Node, Range<usize>)>,
    /// The shortcode paragraphs, in order.
    pub shortcodes: Vec<Shortcode>,
    /// Each `{{` in prose that is not a well-formed shortcode alone in its paragraph.
    pub problems: Vec<ShortcodeProblem>,
    /// The `card:` links, in order.
    pub mentions: Vec<CardMention>,
    /// Callout fences (`::: example` ... `:::`) that do not read: an
    /// unknown kind, one never closed, a closing one with none open.
    pub callout_problems: Vec<CalloutProblem>,
    /// Headings given an id of their own (`# Combat {#fight}`): the
    /// heading's span and the id given (a heading's id stays the slug of
    /// its text).
    pub given_ids: Vec<(Range<usize>, String)>,
    /// Its ```` ```figure ```` blocks, in order, as `load` read their TOML
    /// (empty until then: [`crate::load::rules::parse_rules`] does not read them).
    pub figures: Vec<super::figure::FigureSpec>,
}

/// The kinds of callout (`::: example`), each shown under its label in the
/// game's words (see [`callout_label`]).
pub const CALLOUT_KINDS: &[&str] = &["example", "designer", "play-note"];

/// The label a callout of `kind` is shown under, in `words` (None for an
/// unknown kind).
pub fn callout_label<'w>(kind: &str, words: &'w crate::text::Words) -> Option<&'w str> {
    match kind {
        "example" => Some(&words.example),
        "designer" => Some(&words.designer_note),
        "play-note" => Some(&words.play_note),
        _ => None,
    }
}

/// A callout fence that does not read: its diagnostic id
/// (`unknown-callout`, `bad-callout`), what is wrong and where.
#[derive(Clone, Debug, PartialEq)]
pub struct CalloutProblem {
    pub id: &'static str,
    pub message: String,
    pub span: Range<usize>,
}

impl RulesDoc {
    /// The shortcode whose paragraph spans `paragraph`, if it is one (a
    /// binary search: shortcodes are in page order).
    pub fn shortcode_in(&self, paragraph: &Range<usize>) -> Option<&Shortcode> {
        shortcode_in(&self.shortcodes, paragraph)
    }
}

/// The shortcode of `shortcodes` (in page order) starting inside `paragraph`.
pub fn shortcode_in<'a>(
    shortcodes: &'a [Shortcode],
    paragraph: &Range<usize>,
) -> Option<&'a Shortcode> {
    let at = shortcodes.partition_point(|c| c.span.start < paragraph.start);
    shortcodes
        .get(at)
        .filter(|c| paragraph.contains(&c.span.start))
}

/// A node of a page: a container's start or end, or a leaf.
#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    Start(Tag),
    /// The end of the container last started and not yet ended.
    End(Tag),
    /// Text, its punctuation made typographic (’ “ ” – — …).
    Text(String),
    /// Inline code.
    Code(String),
    /// A block of raw HTML (shown as text, never passed through).
    Html(String),
    /// Raw HTML inline.
    InlineHtml(String),
    /// A footnote reference, `[^label]`.
    FootnoteRef(String),
    SoftBreak,
    HardBreak,
    /// A thematic break (`---`).
    Rule,
}

/// A container of a page.
#[derive(Clone, Debug, PartialEq)]
pub enum Tag {
    Paragraph,
    /// A heading of level 1 to 6.
    Heading(u8),
    BlockQuote,
    /// A code block: the info string of a fenced one, None for an indented one.
    CodeBlock(Option<String>),
    HtmlBlock,
    /// A list: the number of its first item, None for a bulleted list.
    List(Option<u64>),
    Item,
    FootnoteDefinition(String),
    /// A pipe table and its columns' alignments (None where not given).
    Table(Vec<Option<Align>>),
    TableHead,
    TableRow,
    TableCell,
    Emphasis,
    Strong,
    Strikethrough,
    /// A link; `email` for an autolink to an address (`<a@b.c>`, `url` without `mailto:`).
    Link {
        url: String,
        title: String,
        email: bool,
    },
    /// An image; its alt text is what it holds.
    Image {
        url: String,
        title: String,
    },
    /// A callout (`::: example` ... `:::`) of a known kind (see
    /// [`CALLOUT_KINDS`]): an example, a designer's note or a play note set
    /// apart under its label. Callouts hold whole blocks and do not nest.
    Callout(String),
}

/// The card title a `card:` link names after its scheme, if any:
/// `Great road` in `(<card:Great road>)`; None for a bare `(card:)`.
pub fn card_link_title(url: &str) -> Option<&str> {
    let title = url.strip_prefix("card:")?.trim();
    (!title.is_empty()).then_some(title)
}

/// A card named in the rules text and the link's byte range. The name is the
/// card title the link gives after `card:` (`[*Great Road*](<card:Great
/// road>)`, where the prose's words differ from the card's), else the
/// link's text as written.
#[derive(Clone, Debug, PartialEq)]
pub struct CardMention {
    pub name: String,
    pub span: Range<usize>,
}
