//! Layout stage, rulebook: a game's Markdown rules typeset as a paginated
//! rulebook — title page, table of contents, list of tables, then the rules
//! flowing down one or two columns with headings (numbered as cases with
//! `rule_numbers`) kept with their text, lists, the data its shortcodes show
//! (cards, ruled tables, dice) and its pipe tables, cross-references
//! ("see 5.3, p. 4", set again until their pages are right), a running
//! header and page numbers, the game's glossary, and an index of the terms
//! marked for it — into a tagged [`Doc`] (its structure: headings,
//! paragraphs, lists, tables, figures, the running head and page numbers as
//! artifacts) and its [`Nav`] (bookmarks, clickable contents and list of
//! tables, card names, `#anchor` links and cross-references). Pure: text,
//! faces, icons and fonts are handed in.

mod blocks;
mod columns;
mod figures;
mod front;
mod glossary;
mod icons;
mod index;
mod pieces;
mod prefit;
mod tags;

use crate::text::rich::literal;
use std::collections::HashMap;

pub use self::blocks::{
    Block, CardLink, CellLinks, RuleRef, fill_refs, fill_text, link_mentions, read_blocks,
};
use self::columns::{Frame, flow_below};
pub use self::figures::Die;
use self::figures::{Misfit, Room, dice_pieces, table_pieces};
use self::front::{lay_out_front, lay_out_title, table_entries};
use self::glossary::lay_out_glossary;
use self::index::lay_out_index;
use self::pieces::{Piece, Prose, TableHead, TextStyle, card_rows, text_pieces};
use self::tags::{Lists, tag_cards, wrap};
use super::card::CardFace;
use super::doc::{Doc, Geometry, Item, Page, Role, Stroke, TextItem, tagged};
use super::figure::FigureDrawing;
use super::nav::{Link, Nav, OutlineEntry, Target};
use super::table::{Cell, TableRow, TableSpec};
use crate::diag::{Diagnostic, FileId, Loc};
use crate::model::figure::{FIGURE_SCHEME, FigureBook};
use crate::model::link::is_web_link;
use crate::model::xref::{INDEX_SCHEME, RuleBook, has_rule_links, index_entries};
use crate::model::{
    Align, GlossaryEntry, Icon, Paper, RulesDoc, Shortcode, Style, data_anchor, slug,
};
use crate::text::hyphenate;
use crate::text::mentions::TableNames;
use crate::text::{Edge, Family, FitError, FontBook, Words};

/// Paper and columns (`--paper`, `--columns`), and how paragraphs meet the
/// right edge (`rulebook_align`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RulebookOptions {
    pub paper: Paper,
    pub columns: usize,
    /// Paragraphs ragged right rather than justified.
    pub ragged: bool,
    /// Headings numbered as cases, 1.0, 1.1, 1.1.1 (`rule_numbers`).
    pub numbers: bool,
}

impl Default for RulebookOptions {
    fn default() -> Self {
        RulebookOptions {
            paper: Paper::LETTER,
            columns: 2,
            ragged: false,
            numbers: false,
        }
    }
}

/// One rules page: its parsed Markdown and the file it came from (for diagnostics).
pub struct RulesText<'a> {
    pub file: FileId,
    pub doc: &'a RulesDoc,
}

/// Cards a shortcode shows, at their printed size (width, height, corner radius).
pub struct Gallery {
    pub size: (f32, f32, f32),
    pub cards: Vec<(String, CardFace)>,
    /// At the size they print (a `deck` shortcode's `"full"`; a `card`
    /// shortcode's one card), else scaled down to sit more to a column.
    pub full_size: bool,
}

/// What a shortcode shows.
pub enum Figure {
    /// The cards of a `card` or `deck` shortcode.
    Cards(Gallery),
    /// Ruled tables (a chart's blocks, a random table, a collection) under a title.
    Tables {
        title: Option<String>,
        specs: Vec<TableSpec>,
        /// Anchors (without `#`) of single tables: (index into `specs`, anchor).
        anchors: Vec<(usize, String)>,
    },
    /// The dice of a `dice` shortcode.
    Dice(Vec<Die>),
}

/// What the shortcodes stand for (the CLI resolves them against the game's data).
pub trait Figures: Sync {
    /// What `code` shows; None when it shows nothing here.
    fn figure(&self, code: &Shortcode) -> Option<Figure>;
    /// The tables `code` shows (a chart and its blocks, a random table, a
    /// collection) as (title, anchor without `#`), for linking their names
    /// in the prose.
    fn shown_tables(&self, _code: &Shortcode) -> Vec<(String, String)> {
        Vec::new()
    }
    /// The `figure`-th illustration of rules page `page` drawn (None: it
    /// could not be, and `check` says why).
    fn illustration(&self, _page: usize, _figure: usize) -> Option<&FigureDrawing> {
        None
    }
}

pub struct RulebookInput<'a> {
    pub title: &'a str,
    /// The line under the title on the title page (game.toml's `subtitle`);
    /// None for [`DEFAULT_SUBTITLE`], an empty one for none.
    pub subtitle: Option<&'a str>,
    pub copyright: &'a [String],
    pub pages: Vec<RulesText<'a>>,
    pub family: &'a Family,
    /// The face of tables and dice (the cards' and charts' sans, whose
    /// symbols the data uses), beside the prose's `family`.
    pub figure_family: &'a Family,
    pub book: &'a FontBook,
    pub figures: &'a dyn Figures,
    /// The game's icons (die faces).
    pub icons: &'a [Icon],
    /// The game's `[[glossary]]`, set after the rules.
    pub glossary: &'a [GlossaryEntry],
    pub options: RulebookOptions,
    /// The language of the rules text (`en`), for the tagged PDF.
    pub lang: &'a str,
    /// The words printed around the rules ("Contents", "see", "p.").
    pub words: &'a Words,
}

/// The laid-out rulebook and its navigation.
#[derive(Debug)]
pub struct Rulebook {
    pub doc: Doc,
    pub nav: Nav,
}

/// The title page's line under the game's name when game.toml gives no `subtitle`.
pub const DEFAULT_SUBTITLE: &str = "Rules of Play";

const SIDE: f32 = 42.0;
const TOP: f32 = 60.0;
const BOTTOM: f32 = 54.0;
const GUTTER: f32 = 14.0;
const BODY: TextStyle = TextStyle {
    style: Style::Regular,
    size: 9.5,
    leading: 1.25,
};
/// Space between paragraphs: enough to see where one ends when its last
/// line is full, little enough to keep a column one texture.
const PARA_GAP: f32 = 4.0;
const LIST_INDENT: f32 = 14.0;
const CARD_GAP: f32 = 6.0;

fn heading_style(level: u8) -> TextStyle {
    let size = match level {
        1 => 16.0,
        2 => 13.0,
        3 => 11.0,
        _ => 10.0,
    };
    TextStyle {
        style: Style::Bold,
        size,
        leading: 1.2,
    }
}

/// The title of a part of the book (the contents, the list of tables, the
/// index, the glossary): a first-level heading as wide as the text block,
/// tagged H1; `across` the columns where the part is set in the rules'
/// columns (the index, the glossary).
fn part_title(
    title: &str,
    across: bool,
    input: &RulebookInput<'_>,
) -> Result<Vec<Piece>, FitError> {
    let width = input.options.paper.width - 2.0 * SIDE;
    let mut pieces = text_pieces(
        &literal(title),
        &[],
        None,
        0.0,
        width,
        heading_style(1),
        input.family,
        input.book,
        None,
    )?;
    for piece in &mut pieces {
        piece.full_width = across;
    }
    wrap(Role::Heading(1), &mut pieces);
    Ok(pieces)
}

/// What a piece anchors or links: its heading, its cards, its card names.
type PieceMarks = (
    Option<usize>,
    Vec<(String, f32, f32)>,
    Vec<([f32; 4], String)>,
);

/// A heading as it goes into the outline and the contents.
#[derive(Clone)]
struct Heading {
    level: u8,
    plain: String,
    /// Its case number (`rule_numbers`), set before its text.
    number: Option<String>,
}

impl Heading {
    /// Its text as the contents and bookmarks show it: after its number.
    fn numbered(&self) -> String {
        match &self.number {
            Some(n) => format!("{n} {}", self.plain),
            None => self.plain.clone(),
        }
    }
}

/// How many times at most the rulebook is set to get the pages its
/// cross-references print right (each pass prints the pages the last found).
const MAX_PASSES: usize = 4;

/// The rules read once for every pass: each block with its file and page,
/// and each heading's number and index among the headings set.
struct ReadRules {
    blocks: Vec<(FileId, usize, Block)>,
    /// The number of each heading set, in order.
    numbers: Vec<Option<String>>,
    /// For each page's headings (as [`RuleBook`] has them), its index among the headings set.
    set_heading: Vec<Vec<Option<usize>>>,
    /// Some paragraph has a `rule:` or `figure:` link.
    has_refs: bool,
    /// The figures' numbers.
    figures: FigureBook,
}

/// The pages the last pass set the headings (in order) and the figures
/// (by id) on, 0-based, for the cross-references of the next.
#[derive(Clone, Debug, Default, PartialEq)]
struct KnownPages {
    headings: Vec<usize>,
    figures: HashMap<String, usize>,
}

/// The body set once: its headings, its pieces placed, what each marks,
/// where it starts and the tables its shortcodes show.
struct Body {
    headings: Vec<Heading>,
    meta: Vec<PieceMarks>,
    pages: Vec<Vec<Item>>,
    placed: Vec<columns::Placed>,
    /// The first body page (0-based: after the title, contents and list of
    /// tables; the front matter's last page when the rules share it).
    first_body: usize,
    /// Where the rules start on their first page, below the front matter
    /// sharing it (points below the text block's top; None on a page of their own).
    body_start: Option<f32>,
    /// Where the rules end on their last page (points below the text block's top).
    body_end: f32,
    /// The page of each heading (0-based).
    heading_pages: Vec<usize>,
    /// The page of each figure, by id (0-based).
    figure_pages: HashMap<String, usize>,
    /// The list of tables: (level, title, anchor with its `#`).
    tables: Vec<(u8, String, String)>,
}

/// Lays out the rulebook. Problems (a card that cannot fit a column, a
/// character the fonts lack) are diagnostics at the Markdown's place.
pub fn lay_out_rulebook(input: &RulebookInput<'_>) -> Result<Rulebook, Vec<Diagnostic>> {
    let paper = input.options.paper;
    let frame = body_frame(input.options);
    let lang = hyphenate::language(input.lang);
    let remembered = hyphenate::RememberedBreaks::new(lang);
    let break_points = |word: &str| remembered.of(word);
    // The headings read as rules where the rules are numbered or refer to them.
    let rules = if input.options.numbers || input.pages.iter().any(|p| has_rule_links(p.doc)) {
        RuleBook::new(input.pages.iter().map(|p| p.doc), input.options.numbers)
    } else {
        RuleBook::default()
    };
    let read = read_rules(input, &rules);
    // Set the body until the pages its cross-references print are the pages
    // their headings fall on (the first pass prints none known).
    let mut known_pages: Option<KnownPages> = None;
    let mut passes = 0;
    let edge = if input.options.ragged {
        Edge::Ragged
    } else {
        Edge::Justified
    };
    let set = loop {
        let mut ready = prefit::prefit_paragraphs(&read.blocks, input, frame, edge, lang);
        let set = set_body(
            input,
            frame,
            &read,
            &rules,
            known_pages.as_ref(),
            (&break_points, &mut ready),
        )?;
        passes += 1;
        let found = KnownPages {
            headings: set.heading_pages.clone(),
            figures: set.figure_pages.clone(),
        };
        if !read.has_refs || known_pages.as_ref() == Some(&found) || passes >= MAX_PASSES {
            break set;
        }
        known_pages = Some(found);
    };
    let Body {
        headings,
        meta,
        pages: body,
        placed,
        first_body,
        body_start,
        body_end,
        heading_pages,
        tables,
        ..
    } = set;
    let mut nav = Nav::default();
    // Cards by lower-case title, `#anchor`s of headings and data shortcodes,
    // and `rule#<n>` for the n-th heading (the target of `rule:` links).
    let mut card_targets: HashMap<String, Target> = HashMap::new();
    let mut pending_links = Vec::new();
    for ((heading, cards, links), at) in meta.into_iter().zip(&placed) {
        let page = first_body + at.page;
        if let Some(h) = heading {
            let target = Target {
                page,
                y: (at.y - 6.0).max(0.0),
            };
            card_targets
                .entry(format!("#{}", slug(&headings[h].plain)))
                .or_insert(target);
            card_targets.insert(format!("rule#{h}"), target);
            nav.outline.push(OutlineEntry {
                level: headings[h].level,
                title: headings[h].numbered(),
                target,
            });
        }
        for (title, _, y) in cards {
            card_targets.entry(title.to_lowercase()).or_insert(Target {
                page,
                y: (at.y + y - 6.0).max(0.0),
            });
        }
        for ([x, y, w, h], title) in links {
            pending_links.push((
                Link {
                    page,
                    x: at.x + x,
                    y: at.y + y,
                    w,
                    h,
                    target: Target { page: 0, y: 0.0 },
                    uri: None,
                    framed: true,
                },
                title,
            ));
        }
    }
    // The terms marked for the index, with their pages (0-based).
    let mut marks: Vec<(String, Target)> = Vec::new();
    for (mut link, title) in pending_links {
        if let Some(term) = title.strip_prefix(INDEX_SCHEME) {
            let place = Target {
                page: link.page,
                y: (link.y - 6.0).max(0.0),
            };
            marks.push((term.to_string(), place));
        } else if let Some(target) = card_targets.get(&title.to_lowercase()) {
            link.target = *target;
            nav.links.push(link);
        } else if is_web_link(&title) {
            link.uri = Some(title);
            nav.links.push(link);
        }
    }
    // The glossary, after the rules (their pages run from the first body
    // page), with its bookmark and contents entry.
    let edge = if input.options.ragged {
        Edge::Ragged
    } else {
        Edge::Justified
    };
    // It starts below the rules' last columns where they leave room.
    let glossary_start = shared_start(body_end, frame).filter(|_| !input.glossary.is_empty());
    let glossary = lay_out_glossary(input, Some((&break_points, edge)), glossary_start)
        .map_err(|e| vec![fit_problem(e)])?;
    let glossary_shares = usize::from(glossary_start.is_some());
    let glossary_at = first_body + body.len() - glossary_shares;
    // The index, after the rules and the glossary, with its bookmark and
    // contents entry too.
    let index_at = glossary_at + glossary.len();
    let mut contents_pages = heading_pages.clone();
    for (title, at, start, set) in [
        (
            &input.words.glossary,
            glossary_at,
            glossary_start,
            !glossary.is_empty(),
        ),
        (&input.words.index, index_at, None, !marks.is_empty()),
    ] {
        if !set {
            continue;
        }
        contents_pages.push(at);
        nav.outline.push(OutlineEntry {
            level: 1,
            title: title.to_string(),
            target: Target {
                page: at,
                y: TOP + start.unwrap_or(0.0) - 6.0,
            },
        });
    }
    // The front matter, each entry linked to its heading or table.
    let (listed, table_targets) = table_entries(&tables, Some(&card_targets));
    let table_pages: Vec<usize> = table_targets.iter().map(|t| t.page).collect();
    let contents = contents_entries(&headings, input, !marks.is_empty());
    let front = lay_out_front(input, &contents, &contents_pages, &listed, &table_pages)
        .map_err(|e| vec![fit_problem(e)])?;
    let heading_targets: Vec<Target> = nav.outline.iter().map(|e| e.target).collect();
    nav.links
        .extend(front.links(&heading_targets, &table_targets));
    // The list of tables' pages (0-based) before the rules'.
    let tables_at = front.tables_at.map_or(0..0, |at| at..first_body);
    let title_page = lay_out_title(input).map_err(|e| vec![fit_problem(e)])?;
    let mut pages = vec![title_page];
    let page = |items| Page {
        width: paper.width,
        height: paper.height,
        items,
    };
    pages.extend(front.pages.into_iter().map(page));
    // The rules' first page is the front matter's last when they share it
    // (its pages as the first pass counted them).
    let shared = usize::from(body_start.is_some());
    while pages.len() < first_body + shared {
        pages.push(page(Vec::new()));
    }
    let mut body = body.into_iter();
    if shared == 1
        && let (Some(last), Some(first)) = (pages.get_mut(first_body), body.next())
    {
        last.items.extend(first);
    }
    pages.extend(body.map(page));
    debug_assert!(glossary.is_empty() || pages.len() + glossary_shares == glossary_at + 1);
    let mut glossary = glossary.into_iter();
    if glossary_shares == 1
        && let (Some(last), Some(top)) = (pages.last_mut(), glossary.next())
    {
        last.items.extend(top);
    }
    // The pages of its own (a page it shares keeps the rules' running head).
    let glossary_pages = pages.len()..pages.len() + glossary.len();
    pages.extend(glossary.map(page));
    debug_assert_eq!(pages.len(), index_at);
    if !marks.is_empty() {
        let (index, links) = lay_out_index(index_entries(marks), input, index_at)
            .map_err(|e| vec![fit_problem(e)])?;
        nav.links.extend(links);
        pages.extend(index.into_iter().map(page));
    }
    let mut heads = running_heads(
        &headings,
        &heading_pages,
        first_body,
        pages.len(),
        input.title,
        &input.words.contents,
    );
    // Right-hand pages of the list of tables and the index say so.
    for (n, head) in heads.iter_mut().enumerate() {
        if (n + 1) % 2 == 1 && tables_at.contains(&n) {
            *head = input.words.tables.clone();
        } else if (n + 1) % 2 == 1 && n >= index_at {
            *head = input.words.index.clone();
        } else if (n + 1) % 2 == 1 && glossary_pages.contains(&n) {
            *head = input.words.glossary.clone();
        }
    }
    for ((n, page), head) in pages.iter_mut().enumerate().zip(heads).skip(1) {
        running_header_and_folio(page, n + 1, &head, input);
    }
    Ok(Rulebook {
        doc: Doc {
            title: format!("{} — Rules", input.title),
            pages,
            lang: Some(input.lang.to_string()),
        },
        nav,
    })
}

/// The entries of the contents: the headings set, then the glossary's
/// when the game has one, then the index's when the rules mark terms.
fn contents_entries(
    headings: &[Heading],
    input: &RulebookInput<'_>,
    has_index: bool,
) -> Vec<Heading> {
    let mut entries = headings.to_vec();
    let back = [
        (&input.words.glossary, !input.glossary.is_empty()),
        (&input.words.index, has_index),
    ];
    for (title, _) in back.into_iter().filter(|(_, set)| *set) {
        entries.push(Heading {
            level: 1,
            plain: title.to_string(),
            number: None,
        });
    }
    entries
}

/// Whether the pieces mark a term for the index (an `index:` link).
fn marks_terms(pieces: &[Piece]) -> bool {
    pieces
        .iter()
        .flat_map(|p| &p.links)
        .any(|(_, title)| title.starts_with(INDEX_SCHEME))
}

/// Reads every page's blocks, with the table names of its paragraphs
/// linked, and numbers the headings to be set.
fn read_rules(input: &RulebookInput<'_>, rules: &RuleBook) -> ReadRules {
    let icon_names: Vec<&str> = input.icons.iter().map(|i| i.name.as_str()).collect();
    let (table_names, table_anchors) = shown_table_names(input);
    let mut read = ReadRules {
        blocks: Vec::new(),
        numbers: Vec::new(),
        set_heading: rules.pages.iter().map(|p| vec![None; p.len()]).collect(),
        has_refs: false,
        figures: FigureBook::new(input.pages.iter().map(|p| p.doc)),
    };
    for (p, page) in input.pages.iter().enumerate() {
        // The page's headings in order: each block's is the next whose span holds it.
        let mut next = 0;
        let on_page = rules.pages.get(p).map_or(&[][..], Vec::as_slice);
        for mut block in read_blocks(page.doc, &icon_names) {
            link_mentions(&mut block, &table_names, &table_anchors);
            if let Block::Heading { at, .. } = &block {
                while on_page.get(next).is_some_and(|h| h.span.end <= *at) {
                    next += 1;
                }
                let found = on_page.get(next).filter(|h| h.span.contains(at));
                let number = found.and_then(|_| rules.number((p, next)));
                if found.is_some()
                    && let Some(slot) = read.set_heading.get_mut(p).and_then(|s| s.get_mut(next))
                {
                    *slot = Some(read.numbers.len());
                }
                read.numbers.push(number.map(str::to_string));
            }
            match &block {
                Block::Para { refs, .. } | Block::Heading { refs, .. } => {
                    read.has_refs |= !refs.is_empty()
                }
                Block::Table { links, .. } => {
                    read.has_refs |= links.iter().any(|c| !c.refs.is_empty())
                }
                _ => {}
            }
            read.blocks.push((page.file, p, block));
        }
    }
    read
}

/// Sets the body once, each `rule:` reference printing the page `pages`
/// gives its heading (from the pass before; None on the first).
fn set_body(
    input: &RulebookInput<'_>,
    frame: Frame,
    read: &ReadRules,
    rules: &RuleBook,
    pages: Option<&KnownPages>,
    (break_points, ready): (pieces::BreakPoints<'_>, &mut [Option<prefit::Ready>]),
) -> Result<Body, Vec<Diagnostic>> {
    let mut problems = Vec::new();
    let mut headings: Vec<Heading> = Vec::new();
    let mut pieces = Vec::new();
    let mut tables: Vec<(u8, String, String)> = Vec::new();
    let mut lists = Lists::default();
    let edge = if input.options.ragged {
        Edge::Ragged
    } else {
        Edge::Justified
    };
    let mut after_heading = false;
    let mut under_heading = UnderHeading::default();
    let mut last_page = None;
    // Where the open callout's pieces start; the piece after the last
    // callout closed (its gap below the box).
    let mut callout: Option<usize> = None;
    let mut after_callout: Option<usize> = None;
    for (n, (file, page, block)) in read.blocks.iter().enumerate() {
        // A table right under its heading, on the same rules page, is set
        // without its own title bar.
        if last_page != Some(*page) {
            after_heading = false;
            last_page = Some(*page);
        }
        space_after_callout(&mut pieces, &mut after_callout);
        match block {
            Block::Callout { kind, .. } => {
                lists.close_all(&mut pieces);
                after_heading = false;
                // The label is kept with the callout's first lines.
                under_heading.before(block, &mut pieces);
                under_heading = UnderHeading::default();
                match callout_label(kind, input, frame) {
                    Ok(label) => {
                        callout = Some(pieces.len());
                        pieces.push(label);
                    }
                    Err(e) => {
                        problems.push(fit_problem(e).with_loc(Loc::new(*file, block_span(block))))
                    }
                }
                continue;
            }
            Block::CalloutEnd { .. } => {
                lists.close_all(&mut pieces);
                under_heading = UnderHeading::default();
                if let Some(start) = callout.take() {
                    box_callout(&mut pieces, start, frame);
                    after_callout = Some(pieces.len());
                }
                continue;
            }
            _ => {}
        }
        // Inside a callout, blocks are set narrower, within its box.
        let frame = if callout.is_some() {
            Frame {
                column_width: frame.column_width - 2.0 * CALLOUT_PAD,
                ..frame
            }
        } else {
            frame
        };
        let filled;
        let block = match block {
            Block::Para { refs, .. } if !refs.is_empty() => {
                let mut with_refs = block.clone();
                fill_refs(
                    &mut with_refs,
                    &ref_texts(refs, *page, read, rules, pages, input.words),
                );
                filled = with_refs;
                &filled
            }
            Block::Heading { refs, .. } => {
                let mut numbered = block.clone();
                if !refs.is_empty() {
                    fill_refs(
                        &mut numbered,
                        &ref_texts(refs, *page, read, rules, pages, input.words),
                    );
                }
                if let (Some(Some(number)), Block::Heading { rich, links, .. }) =
                    (read.numbers.get(headings.len()), &mut numbered)
                {
                    *rich = format!("{} {rich}", literal(number));
                    // Its links' letters count on after the number's.
                    let shift = number.chars().filter(|c| !c.is_whitespace()).count();
                    for link in links.iter_mut() {
                        link.chars = link.chars.start + shift..link.chars.end + shift;
                    }
                }
                filled = numbered;
                &filled
            }
            Block::Table { links, .. } if links.iter().any(|c| !c.refs.is_empty()) => {
                let mut with_refs = block.clone();
                if let Block::Table {
                    header,
                    rows,
                    links,
                    ..
                } = &mut with_refs
                {
                    for cell in links.iter_mut() {
                        let row = match cell.row {
                            0 => Some(&mut *header),
                            r => rows.get_mut(r - 1),
                        };
                        if let Some(text) = row.and_then(|r| r.get_mut(cell.column)) {
                            let texts =
                                ref_texts(&cell.refs, *page, read, rules, pages, input.words);
                            fill_text(text, &mut cell.links, &cell.refs, &texts);
                        }
                    }
                }
                filled = with_refs;
                &filled
            }
            _ => block,
        };
        let heading_at = headings.len();
        let after = std::mem::replace(&mut after_heading, matches!(block, Block::Heading { .. }));
        // A paragraph broken ahead at this width is taken as it is.
        let pieces_of_block = match ready.get_mut(n).and_then(Option::take) {
            Some(ready) if ready.width == frame.column_width => ready.pieces,
            _ if matches!(block, Block::Illustration { .. }) => {
                illustration_pieces(block, *page, read, input, frame)
            }
            _ => block_pieces(
                block,
                input,
                frame,
                &mut headings,
                Some((break_points, edge)),
                after,
            ),
        };
        match pieces_of_block {
            Ok(more) => {
                under_heading.before(block, &mut pieces);
                let from = pieces.len();
                if headings.len() > heading_at
                    && let Some(h) = headings.last_mut()
                {
                    h.number = read.numbers.get(heading_at).cloned().flatten();
                }
                if let Block::Shortcode(code) = block
                    && !more.is_empty()
                {
                    let shown = input.figures.shown_tables(code);
                    let chart = shown.len() > 1;
                    for (k, (title, anchor)) in shown.into_iter().enumerate() {
                        let level = if chart && k > 0 { 2 } else { 1 };
                        tables.push((level, title, format!("#{anchor}")));
                    }
                }
                match block {
                    Block::Para {
                        depth,
                        marker,
                        first_of_list,
                        ..
                    } if *depth > 0 => lists.paragraph(
                        *depth,
                        marker.as_deref(),
                        *first_of_list,
                        more,
                        &mut pieces,
                    ),
                    _ => lists.block(more, &mut pieces),
                }
                under_heading.after(block, from, &pieces);
            }
            Err(problem) => problems.push(problem.with_loc(Loc::new(*file, block_span(block)))),
        }
    }
    lists.close_all(&mut pieces);
    space_after_callout(&mut pieces, &mut after_callout);
    if let Some(start) = callout.take() {
        box_callout(&mut pieces, start, frame);
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    // The front matter as it will be set (its page numbers do not change
    // its height): the rules start after it, or below it on its last page.
    let (listed, _) = table_entries(&tables, None);
    let contents = contents_entries(&headings, input, marks_terms(&pieces));
    let front = lay_out_front(
        input,
        &contents,
        &vec![0; contents.len()],
        &listed,
        &vec![0; listed.len()],
    )
    .map_err(|e| vec![fit_problem(e)])?;
    let body_start = front.body_start;
    let first_body = 1 + front.pages.len() - usize::from(body_start.is_some());
    let meta: Vec<PieceMarks> = pieces
        .iter_mut()
        .map(|p| {
            (
                p.heading,
                std::mem::take(&mut p.cards),
                std::mem::take(&mut p.links),
            )
        })
        .collect();
    let heights: Vec<f32> = pieces.iter().map(|p| p.height).collect();
    let (body, placed) = flow_below(frame, pieces, body_start.unwrap_or(0.0));
    let body_end = last_page_end(&placed, &heights, frame);
    let mut heading_pages = vec![0; headings.len()];
    let mut figure_pages = HashMap::new();
    for ((heading, cards, _), at) in meta.iter().zip(&placed) {
        if let Some(slot) = heading.and_then(|h| heading_pages.get_mut(h)) {
            *slot = first_body + at.page;
        }
        for (title, _, _) in cards {
            if let Some(id) = title.strip_prefix("figure#") {
                figure_pages
                    .entry(id.to_string())
                    .or_insert(first_body + at.page);
            }
        }
    }
    Ok(Body {
        headings,
        meta,
        pages: body,
        placed,
        first_body,
        body_start,
        body_end,
        heading_pages,
        figure_pages,
        tables,
    })
}

/// How far below the text block's top the pieces on the last page end.
fn last_page_end(placed: &[columns::Placed], heights: &[f32], frame: Frame) -> f32 {
    let last = placed.iter().map(|p| p.page).max().unwrap_or(0);
    placed
        .iter()
        .zip(heights)
        .filter(|(p, _)| p.page == last)
        .map(|(p, h)| p.y - frame.top + h)
        .fold(0.0, f32::max)
}

/// Where back matter starts on the rules' last page, below their columns
/// ending `end` below the text block's top: a contents' gap lower, where
/// that leaves at least the share of the text block a short contents must
/// leave for the rules; None (a page of its own) elsewhere.
fn shared_start(end: f32, frame: Frame) -> Option<f32> {
    let start = end + front::CONTENTS_GAP;
    (start <= frame.column_height * (1.0 - front::CONTENTS_SHARE_MIN)).then_some(start)
}

/// Lines a heading keeps with it in its column: a heading is never the
/// last thing in a column, nor it and a single line.
const LINES_UNDER_HEADING: usize = 2;

/// Keeps a heading with the first [`LINES_UNDER_HEADING`] lines under
/// it: a block too short for them is kept with the next block, unless that
/// is a heading of a section as high as this one or higher (the short
/// section, whole, ends there). A figure or table counts as enough.
#[derive(Default)]
struct UnderHeading {
    /// The heading's level and the lines set under it so far, while fewer.
    open: Option<(u8, usize)>,
    /// The last piece of a block under it that is too short.
    pending: Option<usize>,
}

impl UnderHeading {
    /// Before `block`: the piece pending goes with it, unless it starts
    /// a section no deeper than the heading's.
    fn before(&mut self, block: &Block, pieces: &mut [Piece]) {
        let Some(at) = self.pending.take() else {
            return;
        };
        let ends = match (block, self.open) {
            (Block::Heading { level, .. }, Some((section, _))) => *level <= section,
            _ => false,
        };
        if !ends && let Some(piece) = pieces.get_mut(at) {
            piece.keep_with_next = true;
        }
    }

    /// After `block`, set as `pieces[from..]`.
    fn after(&mut self, block: &Block, from: usize, pieces: &[Piece]) {
        if let Block::Heading { level, .. } = block {
            self.open = Some((*level, 0));
            return;
        }
        let added = pieces.len().saturating_sub(from);
        let Some((level, set)) = self.open.filter(|_| added > 0) else {
            return;
        };
        let lines = match block {
            Block::Para { .. } => set + added,
            _ => LINES_UNDER_HEADING,
        };
        if lines < LINES_UNDER_HEADING {
            self.open = Some((level, lines));
            self.pending = Some(pieces.len() - 1);
        } else {
            self.open = None;
        }
    }
}

/// What each `rule:` reference of a paragraph on page `page` prints after
/// its link's text, and its link's target: `[](rule:movement)` "see 5.3,
/// p. 4" (with numbers; "see Movement, p. 4" without),
/// `[the rules](rule:movement)` " (5.3, p. 4)" (" (p. 4)" without). A
/// reference to no heading prints nothing (`check` reports it). A
/// `figure:` reference prints "see Figure 3, p. 5", or " (Figure 3, p. 5)"
/// after its text, and links to the figure.
fn ref_texts(
    refs: &[RuleRef],
    page: usize,
    read: &ReadRules,
    rules: &RuleBook,
    pages: Option<&KnownPages>,
    words: &Words,
) -> Vec<Option<(String, String)>> {
    let (see, p, figure) = (&words.see, &words.page, &words.figure);
    refs.iter()
        .map(|r| {
            if let Some(id) = r.id.strip_prefix(FIGURE_SCHEME) {
                let (number, _) = read.figures.find(id)?;
                let folio = pages.and_then(|p| p.figures.get(id)).map_or(0, |p| p + 1);
                let text = if r.empty {
                    format!("{see} {figure}\u{a0}{number}, {p}\u{a0}{folio}")
                } else {
                    format!(" ({figure}\u{a0}{number}, {p}\u{a0}{folio})")
                };
                return Some((text, figure_target(id)));
            }
            let at = rules.find(&r.id, page)?;
            let h = read.set_heading.get(at.0)?.get(at.1).copied().flatten()?;
            // The folio: pages count from 1, the title page's.
            let folio = pages.and_then(|p| p.headings.get(h)).map_or(0, |p| p + 1);
            let label = literal(&rules.label(at));
            let text = match (r.empty, rules.number(at).is_some()) {
                (true, _) => format!("{see} {label}, {p}\u{a0}{folio}"),
                (false, true) => format!(" ({label}, {p}\u{a0}{folio})"),
                (false, false) => format!(" ({p}\u{a0}{folio})"),
            };
            Some((text, format!("rule#{h}")))
        })
        .collect()
}

/// The link target of a figure (what its piece anchors).
fn figure_target(id: &str) -> String {
    format!("figure#{id}")
}

/// The names of the tables the rulebook's shortcodes show, and the anchor
/// (with its `#`) each name links to: the table itself.
fn shown_table_names(input: &RulebookInput<'_>) -> (TableNames, Vec<String>) {
    let mut titles: Vec<String> = Vec::new();
    let mut anchors: Vec<String> = Vec::new();
    for page in &input.pages {
        for code in &page.doc.shortcodes {
            for (title, anchor) in input.figures.shown_tables(code) {
                titles.push(title);
                anchors.push(format!("#{anchor}"));
            }
        }
    }
    let names = TableNames::new(titles.iter().enumerate().map(|(i, t)| (t.as_str(), i)));
    (names, anchors)
}

fn block_span(block: &Block) -> std::ops::Range<usize> {
    match block {
        Block::Heading { at, .. } | Block::Para { at, .. } => *at..*at + 1,
        Block::Shortcode(code) => code.span.clone(),
        Block::Illustration { at, .. } => *at..*at + 3,
        Block::Table { at, .. } | Block::Callout { at, .. } | Block::CalloutEnd { at } => {
            *at..*at + 1
        }
    }
}

/// Gives the piece after a callout (at `after`, once it is there) the
/// callout's gap above it.
fn space_after_callout(pieces: &mut [Piece], after: &mut Option<usize>) {
    if let Some(at) = after.take_if(|at| *at < pieces.len())
        && let Some(next) = pieces.get_mut(at)
    {
        next.gap = next.gap.max(CALLOUT_GAP);
    }
}

/// Space inside a callout's box, left and right of its text, and above
/// its label and below its last line.
const CALLOUT_PAD: f32 = 8.0;
const CALLOUT_PAD_Y: f32 = 6.0;
/// Space above a callout's box and below it.
const CALLOUT_GAP: f32 = 10.0;
/// The box's shade and the rule down its left edge.
const CALLOUT_SHADE: f32 = 0.93;
const CALLOUT_RULE: (f32, f32) = (2.0, 0.45);

/// A callout's label ("Example", "Designer's Note"...) as the first piece
/// of its box, kept with what follows.
fn callout_label(kind: &str, input: &RulebookInput<'_>, frame: Frame) -> Result<Piece, FitError> {
    let label = crate::model::rules::callout_label(kind, input.words).unwrap_or(kind);
    let style = TextStyle {
        style: Style::Bold,
        size: BODY.size,
        leading: BODY.leading,
    };
    let lines = text_pieces(
        &literal(label),
        &[],
        None,
        0.0,
        frame.column_width - 2.0 * CALLOUT_PAD,
        style,
        input.family,
        input.book,
        None,
    )?;
    let mut piece = Piece {
        gap: CALLOUT_GAP,
        keep_with_next: true,
        height: CALLOUT_PAD_Y,
        ..Piece::default()
    };
    for line in lines {
        piece.items.extend(
            line.items
                .iter()
                .map(|i| i.translated(CALLOUT_PAD, piece.height)),
        );
        piece.height += line.height;
    }
    wrap(Role::Paragraph, std::slice::from_mut(&mut piece));
    Ok(piece)
}

/// The pieces of a callout from `start` (its label) to the end, set in its
/// box: moved in from the column's edges, the space between them made part
/// of the box (so its shade runs on unbroken, into the next column if it
/// must), shaded with a rule down the left, a strip of shade below the
/// last, and tagged as one section.
fn box_callout(pieces: &mut Vec<Piece>, start: usize, frame: Frame) {
    use super::doc::Ink;
    let page_width = room(frame).page;
    let shade = |width: f32, height: f32| {
        tagged(
            Role::Artifact,
            [
                Geometry::rect(0.0, 0.0, width, height, 0.0).filled(Ink::Gray(CALLOUT_SHADE)),
                Geometry::rect(0.0, 0.0, CALLOUT_RULE.0, height, 0.0)
                    .filled(Ink::Gray(CALLOUT_RULE.1)),
            ],
        )
    };
    // A table's head, repeated where it continues, moves in with its rows.
    let mut heads: Vec<(std::sync::Arc<TableHead>, std::sync::Arc<TableHead>)> = Vec::new();
    for piece in pieces.iter_mut().skip(start + 1) {
        let dy = piece.gap;
        for item in &mut piece.items {
            item.translate(CALLOUT_PAD, dy);
        }
        for (area, _) in &mut piece.links {
            area[0] += CALLOUT_PAD;
            area[1] += dy;
        }
        for (_, x, y) in &mut piece.cards {
            *x += CALLOUT_PAD;
            *y += dy;
        }
        piece.height += dy;
        piece.gap = 0.0;
        if let Some(head) = piece.table.take() {
            let moved = match heads
                .iter()
                .find(|(old, _)| std::sync::Arc::ptr_eq(old, &head))
            {
                Some((_, moved)) => moved.clone(),
                None => {
                    let moved = std::sync::Arc::new(TableHead {
                        items: head
                            .items
                            .iter()
                            .map(|i| i.translated(CALLOUT_PAD, 0.0))
                            .collect(),
                        height: head.height,
                    });
                    heads.push((head, moved.clone()));
                    moved
                }
            };
            piece.table = Some(moved);
        }
    }
    let last_full = pieces.last().is_some_and(|p| p.full_width);
    if let Some(last) = pieces.last_mut() {
        last.keep_with_next = true;
    }
    pieces.push(Piece {
        height: CALLOUT_PAD_Y,
        full_width: last_full,
        ..Piece::default()
    });
    for piece in pieces.iter_mut().skip(start) {
        let width = if piece.full_width {
            page_width
        } else {
            frame.column_width
        };
        let items = shade(width, piece.height);
        piece.items.splice(0..0, items);
    }
    if let Some(tail) = pieces.get_mut(start..) {
        wrap(Role::Callout, tail);
    }
}

/// A fitting failure as a diagnostic (its place is added by the caller).
fn fit_problem(e: FitError) -> Diagnostic {
    match e {
        FitError::MissingGlyphs(chars) => crate::error!(
            "missing-glyph", None,
            "the rulebook font has no glyph for {}",
            chars.iter().map(|c| format!("`{c}` (U+{:04X})", *c as u32)).collect::<Vec<_>>().join(", ");
            hint: "use characters the fonts in fonts/ have, or add a font that has them"
        ),
        FitError::Overflow { widest_word, .. } => crate::error!(
            "rulebook-overflow", None,
            "a word {widest_word:.0} pt wide does not fit the rulebook's column";
            hint: "break the word, or use --columns 1"
        ),
    }
}

fn block_pieces(
    block: &Block,
    input: &RulebookInput<'_>,
    frame: Frame,
    headings: &mut Vec<Heading>,
    hyphenate: Option<Prose<'_>>,
    after_heading: bool,
) -> Result<Vec<Piece>, Diagnostic> {
    let width = frame.column_width;
    match block {
        Block::Heading {
            level,
            rich,
            plain,
            links,
            ..
        } => {
            let style = heading_style(*level);
            // A character the prose face lacks comes from the next family that
            // has it (the text engine's fallback).
            let mut pieces = text_pieces(
                rich,
                links,
                None,
                0.0,
                width,
                style,
                input.family,
                input.book,
                None,
            )
            .map_err(fit_problem)?;
            for p in &mut pieces {
                p.keep_with_next = true;
            }
            if let Some(first) = pieces.first_mut() {
                first.gap = style.size * 0.9;
                first.heading = Some(headings.len());
            }
            wrap(Role::Heading(*level), &mut pieces);
            headings.push(Heading {
                level: *level,
                plain: plain.clone(),
                number: None,
            });
            Ok(pieces)
        }
        Block::Para {
            rich,
            links,
            icons,
            depth,
            marker,
            ..
        } => {
            let indent = *depth as f32 * LIST_INDENT;
            let mut pieces = text_pieces(
                rich,
                links,
                marker.as_deref(),
                indent,
                width,
                BODY,
                input.family,
                input.book,
                hyphenate,
            )
            .map_err(fit_problem)?;
            icons::place_icons(&mut pieces, icons, input.icons, input.book);
            if let Some(first) = pieces.first_mut() {
                first.gap = if *depth > 0 && marker.is_some() {
                    PARA_GAP / 2.0
                } else {
                    PARA_GAP
                };
            }
            // A list's paragraphs are tagged with their list (see `Lists`).
            if *depth == 0 {
                wrap(Role::Paragraph, &mut pieces);
            }
            Ok(pieces)
        }
        Block::Shortcode(code) => {
            let Some(figure) = input.figures.figure(code) else {
                return Ok(Vec::new());
            };
            // A heading right above the figure may already say its title.
            let heading = headings.last().filter(|_| after_heading);
            let mut pieces = figure_pieces(figure, code, input, frame, heading)?;
            // The figure's place, for `#table-…` links (as in the HTML reference).
            if let (Some(anchor), Some(first)) = (data_anchor(code), pieces.first_mut()) {
                first.cards.push((format!("#{anchor}"), 0.0, 0.0));
            }
            Ok(pieces)
        }
        // Set around the blocks between them (see `box_callout`); a
        // figure is set knowing its page (see `illustration_pieces`).
        Block::Callout { .. } | Block::CalloutEnd { .. } | Block::Illustration { .. } => {
            Ok(Vec::new())
        }
        Block::Table {
            header,
            rows,
            aligns,
            links,
            ..
        } => {
            let mut spec = pipe_table_spec(header, rows, aligns);
            // Right under a heading, the heading names the table where it
            // continues ("… (continued)" over the rows there); else, or if
            // that title cannot be set, it has none.
            spec.title = headings
                .last()
                .filter(|_| after_heading)
                .map(|h| h.plain.clone());
            let at = |spec: &TableSpec, shown| {
                table_pieces(
                    spec,
                    room(frame),
                    input.figure_family,
                    (input.book, input.words),
                    shown,
                )
            };
            let mut pieces = match at(&spec, spec.title.is_none()) {
                Ok(pieces) => pieces,
                Err(_) if spec.title.is_some() => {
                    spec.title = None;
                    at(&spec, true).map_err(|m| misfit_problem(m, "the table"))?
                }
                Err(m) => return Err(misfit_problem(m, "the table")),
            };
            cell_link_areas(&mut pieces, links, input.book);
            wrap(Role::Table, &mut pieces);
            Ok(pieces)
        }
    }
}

/// The text block of the rules (and the index): `--columns` columns
/// between the margins.
fn body_frame(options: RulebookOptions) -> Frame {
    let paper = options.paper;
    let columns = options.columns.max(1);
    let width = paper.width - 2.0 * SIDE;
    Frame {
        left: SIDE,
        top: TOP,
        column_width: (width - (columns - 1) as f32 * GUTTER) / columns as f32,
        column_height: paper.height - TOP - BOTTOM,
        gutter: GUTTER,
        columns,
    }
}

/// The room a figure may take: a column, or the whole width of the page.
fn room(frame: Frame) -> Room {
    Room {
        column: frame.column_width,
        page: frame.columns as f32 * frame.column_width
            + (frame.columns.saturating_sub(1)) as f32 * frame.gutter,
        height: frame.column_height,
    }
}

/// A shortcode's figure as pieces, each whole.
fn figure_pieces(
    figure: Figure,
    code: &Shortcode,
    input: &RulebookInput<'_>,
    frame: Frame,
    heading: Option<&Heading>,
) -> Result<Vec<Piece>, Diagnostic> {
    let width = frame.column_width;
    let what = format!("`{}`", code.name);
    match figure {
        Figure::Cards(gallery) if !gallery.full_size => {
            let (size, cards) = compact_gallery(&gallery, width, frame.column_height);
            let mut rows = card_rows(&cards, size, width, CARD_GAP);
            tag_cards(&mut rows, &cards);
            for row in &mut rows {
                row.figure = true;
            }
            Ok(rows)
        }
        Figure::Cards(gallery) => {
            let (w, h, _) = gallery.size;
            if w > width + 1e-3 || h > frame.column_height + 1e-3 {
                return Err(crate::error!(
                    "rulebook-overflow", None,
                    "the cards of `{}` are {w:.0} x {h:.0} pt and cannot fit even an empty column ({width:.0} x {:.0} pt)",
                    code.name, frame.column_height;
                    hint: "use --columns 1, or a smaller card size for the game"
                ));
            }
            // With two columns, across the page below the columns set so
            // far: more cards to a row.
            let across = frame.columns >= 2;
            let row_width = if across { room(frame).page } else { width };
            let mut rows = card_rows(&gallery.cards, gallery.size, row_width, CARD_GAP);
            tag_cards(&mut rows, &gallery.cards);
            for row in &mut rows {
                row.full_width = across;
            }
            Ok(rows)
        }
        Figure::Tables {
            title,
            specs,
            anchors,
        } => {
            let mut pieces = Vec::new();
            // A title that only repeats the heading just above it is left
            // out: the figure's, else its first table's title bar (unless
            // the bar carries a rule number too).
            let repeats = |t: &String| heading.is_some_and(|h| same_title(&h.plain, t));
            let title = title.filter(|t| !repeats(t));
            let first_title_shown = !(title.is_none()
                && specs.first().is_some_and(|first| {
                    first.rule.is_none() && first.title.as_ref().is_some_and(repeats)
                }));
            if let Some(title) = title {
                let style = TextStyle {
                    style: Style::Bold,
                    size: 10.5,
                    leading: 1.2,
                };
                let mut lines = text_pieces(
                    &literal(&title),
                    &[],
                    None,
                    0.0,
                    width,
                    style,
                    input.family,
                    input.book,
                    None,
                )
                .map_err(fit_problem)?;
                for line in &mut lines {
                    line.keep_with_next = true;
                }
                if let Some(first) = lines.first_mut() {
                    first.gap = PARA_GAP * 2.0;
                }
                wrap(Role::Paragraph, &mut lines);
                pieces.extend(lines);
            }
            for (i, spec) in specs.iter().enumerate() {
                let shown = i > 0 || first_title_shown;
                let mut table = table_pieces(
                    spec,
                    room(frame),
                    input.figure_family,
                    (input.book, input.words),
                    shown,
                )
                .map_err(|m| misfit_problem(m, &what))?;
                if let Some(first) = table.first_mut() {
                    for (_, anchor) in anchors.iter().filter(|(at, _)| *at == i) {
                        first.cards.push((format!("#{anchor}"), 0.0, 0.0));
                    }
                }
                wrap(Role::Table, &mut table);
                pieces.extend(table);
            }
            // A title spanning the page goes with a table that does.
            if pieces.last().is_some_and(|p| p.full_width) {
                for p in pieces.iter_mut().filter(|p| p.keep_with_next) {
                    p.full_width = true;
                }
            }
            Ok(pieces)
        }
        Figure::Dice(dice) => {
            let mut pieces =
                dice_pieces(&dice, input.icons, width, input.figure_family, input.book)
                    .map_err(fit_problem)?;
            for (piece, die) in pieces.iter_mut().zip(&dice) {
                wrap(Role::Figure(die_alt(die)), std::slice::from_mut(piece));
            }
            Ok(pieces)
        }
    }
}

/// Whether a heading and a table's title say the same: their words (letters
/// and digits, any case, punctuation left out) equal, a last word "table"
/// or "chart" on either not counted ("Units table" is "Units").
fn same_title(heading: &str, title: &str) -> bool {
    let words = |text: &str| -> Vec<String> {
        let mut words: Vec<String> = text
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect();
        if words.len() > 1
            && words
                .last()
                .is_some_and(|w| matches!(w.as_str(), "table" | "chart"))
        {
            words.pop();
        }
        words
    };
    let ours = words(heading);
    !ours.is_empty() && ours == words(title)
}

/// The least a gallery's cards are scaled to, to sit one more to a row.
const GALLERY_MIN_SCALE: f32 = 0.6;

/// The least a gallery's cards are scaled down further (as a share of the
/// size the row gives them) so that one more row fills a column's foot.
const GALLERY_FILL_SCALE: f32 = 0.85;

/// A gallery's cards set in the column, one more to a row than fit at the
/// size they print when that keeps them at least [`GALLERY_MIN_SCALE`] of
/// it (two poker cards to a column of a two-column page, three to a row of
/// a one-column page), else as they print; cards wider than the column are
/// scaled to fit it. Where the rows leave a column's foot blank and a little
/// less (down to [`GALLERY_FILL_SCALE`]) lets one more row in, the cards
/// take that size, so a full column of cards is filled to its foot.
/// Returns the size they are set at and their faces.
fn compact_gallery(
    gallery: &Gallery,
    width: f32,
    height: f32,
) -> ((f32, f32, f32), Vec<(String, CardFace)>) {
    let (w, h, radius) = gallery.size;
    let fit = |n: f32| (width - (n - 1.0) * CARD_GAP) / n / w.max(1e-3);
    let at_full = ((width + CARD_GAP) / (w + CARD_GAP)).floor();
    let by_row = if at_full < 1.0 {
        fit(1.0)
    } else if fit(at_full + 1.0) >= GALLERY_MIN_SCALE {
        fit(at_full + 1.0)
    } else {
        1.0
    }
    .min(1.0);
    let scale = gallery_fill_scale(h, height, by_row).unwrap_or(by_row);
    let cards = gallery
        .cards
        .iter()
        .map(|(title, face)| {
            (
                title.clone(),
                CardFace {
                    items: face.items.iter().map(|i| i.scaled(scale)).collect(),
                },
            )
        })
        .collect();
    ((w * scale, h * scale, radius * scale), cards)
}

/// The scale, a little under `scale`, at which cards `h` high sit one row
/// more to a column `height` high than at `scale`, filling it (a hair short,
/// so rounding never pushes the last row over); none when that takes them
/// under [`GALLERY_FILL_SCALE`] of `scale`.
fn gallery_fill_scale(h: f32, height: f32, scale: f32) -> Option<f32> {
    let rows = ((height + CARD_GAP) / (h * scale + CARD_GAP)).floor();
    if rows < 1.0 || h <= 0.0 {
        return None;
    }
    let filling = (height - rows * CARD_GAP) / ((rows + 1.0) * h) * 0.999;
    (filling >= GALLERY_FILL_SCALE * scale && filling < scale).then_some(filling)
}

/// What a die shows, in words: its name, its note (its role, say) and each face's symbols.
fn die_alt(die: &Die) -> String {
    let faces: Vec<String> = die
        .faces
        .iter()
        .enumerate()
        .map(|(k, f)| {
            let shown = if f.trim().is_empty() {
                "blank"
            } else {
                f.trim()
            };
            format!("{}: {shown}", k + 1)
        })
        .collect();
    let note = die
        .note
        .as_deref()
        .map(|r| format!(" ({r})"))
        .unwrap_or_default();
    format!("{} die{note}, faces {}", die.name, faces.join(", "))
}

/// A figure that cannot be placed as a `rulebook-overflow` (its place is added by the caller).
fn misfit_problem(misfit: Misfit, what: &str) -> Diagnostic {
    match misfit {
        Misfit::TooBig { width, height } => crate::error!(
            "rulebook-overflow", None,
            "{what} is {width:.0} x {height:.0} pt and fits neither a column nor an empty page: a row (below the table's head) is taller than a column";
            hint: "shorten the row's text, split the table, or use --paper letter/--columns 1"
        ),
        Misfit::Cells(problems) => crate::error!(
            "rulebook-overflow", None,
            "{what} does not fit even across the page: {}",
            problems.first().map_or_else(String::new, |d| d.message.clone());
            hint: "shorten the table's longest words, or give it fewer columns"
        ),
    }
}

/// A Markdown pipe table as a ruled table: a header row over the body rows,
/// columns weighted by their longest cell.
/// The links of a pipe table's cells (`cells`) as areas of its pieces (as
/// set by [`table_pieces`]: each row a `TR` element, each cell a `TH` or
/// `TD` holding its text), found by counting the letters of each cell's
/// text runs as a paragraph's links are counted.
fn cell_link_areas(pieces: &mut [Piece], cells: &[CellLinks], book: &FontBook) {
    use super::doc::Tag;
    if cells.is_empty() {
        return;
    }
    // The row (0 the header) and column of the cell being read, and the
    // depth of the elements open in it.
    let (mut row, mut column): (Option<usize>, Option<usize>) = (None, None);
    let mut depth = 0usize;
    let mut next_cell = 0;
    for piece in pieces.iter_mut() {
        let mut areas: Vec<([f32; 4], String)> = Vec::new();
        // The cell's links, its letters counted so far, and its first link not yet ended.
        let mut cell: Option<(&CellLinks, usize, usize)> = None;
        for item in &piece.items {
            match item {
                Item::Tag(Tag::Start(role)) if depth == 0 => match role {
                    Role::TableRow => {
                        row = Some(row.map_or(0, |r| r + 1));
                        column = None;
                    }
                    Role::TableHeader | Role::TableCell => {
                        let c = column.map_or(0, |c| c + 1);
                        column = Some(c);
                        depth = 1;
                        // The cells with links come in reading order, as the cells do.
                        let here = (row.unwrap_or(0), c);
                        while cells
                            .get(next_cell)
                            .is_some_and(|l| (l.row, l.column) < here)
                        {
                            next_cell += 1;
                        }
                        cell = cells
                            .get(next_cell)
                            .filter(|l| (l.row, l.column) == here)
                            .map(|l| (l, 0, 0));
                    }
                    _ => {}
                },
                Item::Tag(Tag::Start(_)) => depth += 1,
                Item::Tag(Tag::End) if depth > 0 => {
                    depth -= 1;
                    if depth == 0 {
                        cell = None;
                    }
                }
                Item::Text(t) => {
                    let Some((links, solid, next)) = cell.as_mut() else {
                        continue;
                    };
                    let face = book.face(t.face);
                    let mut x = t.x;
                    for (chars, g) in crate::text::clusters(&t.text, &t.glyphs) {
                        let w = g.advance / face.units_per_em * t.size;
                        for _ in chars
                            .chars()
                            .filter(|c| !c.is_whitespace() && *c != crate::text::HYPHEN)
                        {
                            // Links come in order: each letter looks at one.
                            while links
                                .links
                                .get(*next)
                                .is_some_and(|l| l.chars.end <= *solid)
                            {
                                *next += 1;
                            }
                            let link = links.links.get(*next).filter(|l| l.chars.contains(solid));
                            if let Some(link) = link {
                                let top = t.y - t.size;
                                match areas.last_mut() {
                                    Some(([x0, y0, w0, _], title))
                                        if *title == link.title && (*y0 - top).abs() < 0.5 =>
                                    {
                                        *w0 = x + w - *x0;
                                    }
                                    _ => {
                                        areas.push(([x, top, w, t.size * 1.25], link.title.clone()))
                                    }
                                }
                            }
                            *solid += 1;
                        }
                        x += w;
                    }
                }
                _ => {}
            }
        }
        piece.links.extend(areas);
    }
}

fn pipe_table_spec(header: &[String], rows: &[Vec<String>], aligns: &[Align]) -> TableSpec {
    let columns = aligns.len().max(header.len()).max(1);
    let cell = |text: &str, k: usize| {
        let c = Cell::new(text);
        match aligns.get(k) {
            Some(Align::Center) => c.center(),
            Some(Align::Right) => c.right(),
            _ => c,
        }
    };
    let weights = (0..columns)
        .map(|k| {
            std::iter::once(header)
                .chain(rows.iter().map(Vec::as_slice))
                .filter_map(|r| r.get(k))
                .map(|t| t.chars().count())
                .max()
                .unwrap_or(1)
                .clamp(3, 40) as f32
        })
        .collect();
    TableSpec {
        title: None,
        rule: None,
        columns: weights,
        preamble: Vec::new(),
        header: vec![TableRow::header(
            header.iter().enumerate().map(|(k, t)| cell(t, k)).collect(),
        )],
        rows: rows
            .iter()
            .map(|r| {
                TableRow::body(
                    (0..columns)
                        .map(|k| cell(r.get(k).map_or("", String::as_str), k))
                        .collect(),
                    None,
                )
            })
            .collect(),
        ruled: true,
        loc: Loc::new(0, 0..0),
    }
}

/// The running head of each page (index 0 is the title page, which has
/// none): on a left-hand (even-numbered) page the game's name; on a
/// right-hand page the section a reader is in there (after its number
/// where the rules are numbered) — the first section
/// starting on the page, else the one in force at its top — or "Contents"
/// on the contents pages. Sections are the level-1 headings, or the
/// level-2 ones when the rules have a single level-1 heading (a title).
fn running_heads(
    headings: &[Heading],
    heading_pages: &[usize],
    first_body: usize,
    page_count: usize,
    title: &str,
    contents: &str,
) -> Vec<String> {
    let level = if headings.iter().filter(|h| h.level == 1).count() > 1 {
        1
    } else {
        2
    };
    // With their numbers, where the rules are numbered ("5.0 Movement").
    let sections: Vec<(usize, String)> = headings
        .iter()
        .zip(heading_pages)
        .filter(|(h, _)| h.level <= level)
        .map(|(h, &page)| (page, h.numbered()))
        .collect();
    (0..page_count)
        .map(|n| {
            if (n + 1) % 2 == 0 {
                return title.to_string();
            }
            if n < first_body {
                return contents.to_string();
            }
            let starting = sections.iter().find(|(page, _)| *page == n);
            let in_force = sections.iter().rev().find(|(page, _)| *page < n);
            starting
                .or(in_force)
                .map_or(title, |(_, name)| name.as_str())
                .to_string()
        })
        .collect()
}

/// The running head (see [`running_heads`]) at the head of the page over a
/// rule, the page number at its foot on the outer edge (right on odd pages,
/// left on even: the title page is page 1, a right-hand page), both page
/// furniture (artifacts).
fn running_header_and_folio(page: &mut Page, number: usize, head: &str, input: &RulebookInput<'_>) {
    let size = 8.0;
    let style_face = input.family.face(Style::Italic);
    let face = input.book.face(style_face);
    // A section name too long for the head gives way to the game's name.
    let fits = |text: &str| face.width(text, size) <= page.width - 2.0 * SIDE;
    let head = if fits(head) { head } else { input.title }.to_string();
    let w = face.width(&head, size);
    let mut furniture = vec![Item::Text(TextItem {
        x: (page.width - w) / 2.0,
        y: TOP - 22.0,
        face: style_face,
        size,
        glyphs: face.plain_glyphs(&head).into(),
        text: head.into(),
        width: w,
        ink: None,
    })];
    furniture.push(
        Geometry::line(SIDE, TOP - 16.0, page.width - SIDE, TOP - 16.0).stroked(Stroke::solid(0.4)),
    );
    let folio_face = input.family.face(Style::Regular);
    let face = input.book.face(folio_face);
    let folio = number.to_string();
    let w = face.width(&folio, 9.0);
    let x = if number % 2 == 1 {
        page.width - SIDE - w
    } else {
        SIDE
    };
    furniture.push(Item::Text(TextItem {
        x,
        y: page.height - BOTTOM + 26.0,
        face: folio_face,
        size: 9.0,
        glyphs: face.plain_glyphs(&folio).into(),
        text: folio.into(),
        width: w,
        ink: None,
    }));
    page.items.extend(tagged(Role::Artifact, furniture));
}

/// The smallest share of its size at the map's scale a rule illustration
/// is shown at: smaller, its hexes and counters would not read.
const FIGURE_MIN_SCALE: f32 = 0.25;
/// A figure below this share of its size in a column goes across the
/// page instead (when the rules have columns and that shows it larger).
const FIGURE_ACROSS_BELOW: f32 = 0.5;
const FIGURE_GAP: f32 = 8.0;
const CAPTION_GAP: f32 = 4.0;
const CAPTION: TextStyle = TextStyle {
    style: Style::Regular,
    size: 8.5,
    leading: 1.2,
};

/// A rule illustration as pieces: the drawing, scaled down to fit a
/// column (or the page's width, or its height: never cut), then its
/// number and caption, kept together; it anchors its `figure:` links.
fn illustration_pieces(
    block: &Block,
    page: usize,
    read: &ReadRules,
    input: &RulebookInput<'_>,
    frame: Frame,
) -> Result<Vec<Piece>, Diagnostic> {
    let Block::Illustration { figure, .. } = block else {
        return Ok(Vec::new());
    };
    let (Some(spec), Some(number)) = (
        input
            .pages
            .get(page)
            .and_then(|p| p.doc.figures.get(*figure)),
        read.figures.pages.get(page).and_then(|p| p.get(*figure)),
    ) else {
        return Ok(Vec::new());
    };
    // One that does not resolve or draw is reported by `check`.
    let Some(drawing) = input.figures.illustration(page, *figure) else {
        return Ok(Vec::new());
    };
    let figure_word = &input.words.figure;
    let caption = format!("**{figure_word} {number}.** {}", spec.caption.value.trim());
    let set_caption = |width: f32| {
        text_pieces(
            &caption,
            &[],
            None,
            0.0,
            width,
            CAPTION,
            input.family,
            input.book,
            None,
        )
        .map_err(fit_problem)
    };
    let scale_in = |width: f32, caption: &[Piece]| {
        let below: f32 = CAPTION_GAP + caption.iter().map(|p| p.height).sum::<f32>();
        let by_width = width / drawing.width;
        let by_height = (frame.column_height - FIGURE_GAP - below) / drawing.height;
        by_width.min(by_height).min(1.0)
    };
    let room = room(frame);
    let mut width = room.column;
    let mut lines = set_caption(width)?;
    let mut k = scale_in(width, &lines);
    let mut across = false;
    if k < FIGURE_ACROSS_BELOW && room.page > room.column + 1.0 {
        let wide_lines = set_caption(room.page)?;
        let wide = scale_in(room.page, &wide_lines);
        if wide > k {
            (width, lines, k, across) = (room.page, wide_lines, wide, true);
        }
    }
    if k < FIGURE_MIN_SCALE {
        return Err(crate::error!(
            "figure-too-big", None,
            "figure {number} (`{}`) is {:.0} x {:.0} pt at the map's scale and would be shown at {:.0}% to fit the page",
            spec.id.value, drawing.width, drawing.height, k * 100.0;
            hint: "show fewer hexes (`hexes`), or print with one column (--columns 1)"
        ));
    }
    let left = (width - drawing.width * k) / 2.0;
    let alt = format!(
        "{figure_word} {number}. {}",
        crate::text::rich::plain_text(&spec.caption.value)
    );
    let items = tagged(
        Role::Figure(alt),
        drawing
            .items
            .iter()
            .map(|item| item.scaled(k).translated(left, 0.0)),
    );
    let mut pieces = vec![Piece {
        height: drawing.height * k,
        gap: FIGURE_GAP,
        items,
        keep_with_next: true,
        cards: vec![(figure_target(&spec.id.value), 0.0, 0.0)],
        full_width: across,
        ..Piece::default()
    }];
    let count = lines.len();
    for (n, mut line) in lines.into_iter().enumerate() {
        line.keep_with_next = n + 1 < count;
        line.full_width = across;
        if n == 0 {
            line.gap = CAPTION_GAP;
        }
        pieces.push(line);
    }
    wrap(Role::Caption, &mut pieces[1..]);
    Ok(pieces)
}

#[cfg(test)]
mod tests {
    use super::front::{CONTENTS_GAP, LEADER_GAP, LEADER_STEP};
    use super::*;
    use crate::layout::doc::Shape;
    use crate::load::rules::parse_rules;

    fn book() -> FontBook {
        crate::text::sans_test_book()
    }

    /// A rulebook "Game" of one rules page (`file`), set in `family` with
    /// the default options; tests change what they need.
    fn input<'a>(
        file: FileId,
        doc: &'a RulesDoc,
        (family, book): (&'a Family, &'a FontBook),
        figures: &'a dyn Figures,
    ) -> RulebookInput<'a> {
        RulebookInput {
            title: "Game",
            subtitle: None,
            copyright: &[],
            pages: vec![RulesText { file, doc }],
            family,
            figure_family: family,
            book,
            figures,
            icons: &[],
            glossary: &[],
            options: RulebookOptions::default(),
            lang: "en",
            words: Box::leak(Box::new(Words::default())),
        }
    }

    /// Every shortcode shows two cards of the given size.
    struct Cards(f32, f32);

    impl Figures for Cards {
        fn figure(&self, _: &Shortcode) -> Option<Figure> {
            Some(Figure::Cards(Gallery {
                size: (self.0, self.1, 0.0),
                cards: vec![
                    ("Great Road".into(), CardFace::default()),
                    ("Dug In".into(), CardFace::default()),
                ],
                full_size: true,
            }))
        }
    }

    const MD: &str = "# Rules\n\nSee [Dug In](card:).\n\n## Cards\n\n{{ deck(\"action\") }}\n";

    /// Each contents entry has a leader of dots between its text and its
    /// page number, clear of both, the dots of every entry on one grid.
    #[test]
    fn contents_entries_have_dot_leaders_on_one_grid() {
        let book = crate::text::sans_test_book();
        let rulebook = lay_out(&Cards(100.0, 100.0), 2).expect("lays out");
        let contents = &rulebook.doc.pages[1];
        let texts: Vec<&TextItem> = contents
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Text(t) => Some(t),
                _ => None,
            })
            .collect();
        let leaders: Vec<&&TextItem> = texts
            .iter()
            .filter(|t| !t.text.is_empty() && t.text.chars().all(|c| c == '.'))
            .collect();
        // "Rules" and "Cards".
        assert_eq!(leaders.len(), 2, "{texts:?}");
        for leader in leaders {
            let same_line: Vec<&&TextItem> = texts
                .iter()
                .filter(|t| (t.y - leader.y).abs() < 0.01 && !std::ptr::eq(**t, *leader))
                .collect();
            let entry_end = same_line
                .iter()
                .filter(|t| t.x < leader.x)
                .map(|t| t.x + t.width)
                .fold(0.0, f32::max);
            let number = same_line
                .iter()
                .find(|t| t.x > leader.x)
                .expect("a page number after the leader");
            assert!(
                entry_end + LEADER_GAP <= leader.x + 0.01,
                "clear of the entry"
            );
            assert!(
                leader.x + leader.width + LEADER_GAP <= number.x + 0.01,
                "clear of the number"
            );
            let steps = (leader.x - SIDE) / LEADER_STEP;
            assert!(
                (steps - steps.round()).abs() < 1e-3,
                "on the grid: {}",
                leader.x
            );
            assert!(leader.text.len() > 10, "a leader runs across the line");
            let face = book.face(leader.face);
            assert!(leader.glyphs.iter().all(|g| Some(g.id) == face.glyph('.')));
        }
    }

    /// Paragraphs broken ahead on all cores are each taken by the setting
    /// (their widths, inside a callout too, are the setting's), and the body
    /// set with them is the body set breaking every paragraph in turn.
    #[test]
    fn paragraphs_broken_ahead_are_all_taken_and_set_the_same_body() {
        let book = book();
        let family = book.families[0].clone();
        let para = "Each unit in supply may move up to its movement allowance, paying the cost of every hex it enters; a unit out of supply moves half.";
        let md = format!(
            "# Movement\n\n{para}\n\n::: example\n{para}\n\n- {para}\n:::\n\n{para}\n\n## Combat\n\n{para}\n"
        );
        let doc = parse_rules(&md);
        let input = input(7, &doc, (&family, &book), &Cards(100.0, 100.0));
        let frame = body_frame(input.options);
        let rules = RuleBook::default();
        let read = read_rules(&input, &rules);
        let lang = hyphenate::language(input.lang);
        let break_points = |w: &str| lang.map_or_else(Vec::new, |l| hyphenate::break_points(l, w));
        let mut ready =
            prefit::prefit_paragraphs(&read.blocks, &input, frame, Edge::Justified, lang);
        let widths: Vec<f32> = ready.iter().flatten().map(|r| r.width).collect();
        assert_eq!(widths.len(), 5, "{widths:?}");
        assert!(widths.iter().any(|&w| w < frame.column_width), "{widths:?}");
        let ahead = set_body(
            &input,
            frame,
            &read,
            &rules,
            None,
            (&break_points, &mut ready),
        )
        .unwrap_or_else(|_| panic!("sets"));
        assert!(
            ready.iter().all(Option::is_none),
            "a paragraph broken ahead was not taken"
        );
        let in_turn = set_body(&input, frame, &read, &rules, None, (&break_points, &mut []))
            .unwrap_or_else(|_| panic!("sets"));
        assert_eq!(ahead.pages, in_turn.pages);
    }

    fn lay_out(cards: &Cards, columns: usize) -> Result<Rulebook, Vec<Diagnostic>> {
        let book = book();
        let family = book.families[0].clone();
        let doc = parse_rules(MD);
        lay_out_rulebook(&RulebookInput {
            copyright: &["(c) someone".to_string()],
            options: RulebookOptions {
                columns,
                ..RulebookOptions::default()
            },
            ..input(7, &doc, (&family, &book), cards)
        })
    }

    /// The items after the contents, each with its page's index.
    fn after_contents(book: &Rulebook) -> Vec<(usize, &Item)> {
        use crate::layout::doc::Tag;
        let mut out = Vec::new();
        let mut open: Vec<bool> = Vec::new();
        let mut past = false;
        for (n, page) in book.doc.pages.iter().enumerate().skip(1) {
            for item in &page.items {
                match item {
                    Item::Tag(Tag::Start(role)) => open.push(matches!(role, Role::Contents)),
                    Item::Tag(Tag::End) if open.pop() == Some(true) => {
                        past = true;
                        continue;
                    }
                    _ => {}
                }
                if past {
                    out.push((n, item));
                }
            }
        }
        out
    }

    /// The first rules page (index), the contents' last one: the short
    /// contents shares it.
    #[test]
    fn a_short_contents_shares_its_page_with_the_rules() {
        let book = lay_out(&Cards(100.0, 100.0), 2).expect("lays out");
        assert_eq!(book.doc.pages.len(), 2);
        let contents_bottom = book.doc.pages[1]
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Text(t) if t.text.chars().all(|c| c == '.') => Some(t.y),
                _ => None,
            })
            .fold(0.0, f32::max);
        let first = after_contents(&book)
            .into_iter()
            .find_map(|(n, i)| match i {
                Item::Text(t) if t.y > TOP => Some((n, t)),
                _ => None,
            })
            .expect("the rules' first line");
        assert_eq!((first.0, &*first.1.text), (1, "Rules"));
        assert!(first.1.y > contents_bottom + CONTENTS_GAP, "{}", first.1.y);
        // The contents' entries give that page (page 2 as printed).
        let numbers: Vec<&str> = book.doc.pages[1]
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Text(t) if &*t.text == "2" && t.y < first.1.y => Some(&*t.text),
                _ => None,
            })
            .collect();
        assert_eq!(numbers.len(), 2, "{:?}", page_text(&book.doc.pages[1]));

        // A contents of many entries leaves too little of its page: the
        // rules start on the next.
        let md: String = (0..40)
            .map(|n| format!("## Part {n}\n\nText {n}.\n\n"))
            .collect();
        let long = lay_out_with(&Shows(|| Figure::Dice(Vec::new())), &md, &[]).expect("lays out");
        let first = after_contents(&long)
            .into_iter()
            .find_map(|(n, i)| match i {
                Item::Text(t) if t.y > TOP && t.y < Paper::LETTER.height - BOTTOM => Some(n),
                _ => None,
            })
            .expect("the rules' first line");
        assert_eq!(first, 2, "{:?}", long.nav.outline);
        assert_eq!(long.nav.outline[0].target.page, 2);
    }

    /// Every `table` shortcode shows a small table, listed (as "Table <id>")
    /// and anchored under its id.
    struct Listed;

    impl Figures for Listed {
        fn figure(&self, code: &Shortcode) -> Option<Figure> {
            let id = code.args.first()?.value.clone();
            Some(Figure::Tables {
                title: None,
                specs: vec![spec(2, 2, "Row")],
                anchors: vec![(0, id)],
            })
        }

        fn shown_tables(&self, code: &Shortcode) -> Vec<(String, String)> {
            code.args
                .first()
                .map(|a| vec![(format!("Table {}", a.value), a.value.clone())])
                .unwrap_or_default()
        }
    }

    /// The list of tables starts below a short contents, and the rules
    /// below a short list; a long contents and a long list each leave the
    /// rest of their page empty. Each entry links to its table.
    #[test]
    fn a_short_list_of_tables_shares_its_page_and_a_long_one_does_not() {
        let md = |n: usize| -> String {
            (0..n)
                .map(|k| format!("## Part {k}\n\n{{{{ table(\"t{k}\") }}}}\n\n"))
                .collect()
        };
        let short = lay_out_with(&Listed, &md(3), &[]).expect("lays out");
        let text = page_text(&short.doc.pages[1]);
        let (contents, tables, rules) = (
            text.find("Contents").expect("the contents"),
            text.find("Tables").expect("the list of tables"),
            text.find("Head0").expect("the first table"),
        );
        assert!(contents < tables && tables < rules, "{text}");
        assert_eq!(short.nav.outline[0].target.page, 1);
        // Three contents links and three to the tables, all on that page.
        let front: Vec<&Link> = short
            .nav
            .links
            .iter()
            .filter(|l| l.page == 1 && l.y < short.nav.outline[0].target.y)
            .collect();
        assert_eq!(front.len(), 6, "{front:?}");
        assert!(front.iter().all(|l| l.target.page == 1));

        // Forty parts: the contents fills most of page 2, the list of
        // tables most of page 3, and the rules start on page 4.
        let long = lay_out_with(&Listed, &md(40), &[]).expect("lays out");
        assert!(page_text(&long.doc.pages[2]).starts_with("Tables"));
        assert!(!page_text(&long.doc.pages[2]).contains("Head0"));
        assert_eq!(long.nav.outline[0].target.page, 3);
        let to_tables = long
            .nav
            .links
            .iter()
            .filter(|l| l.page == 2 && l.target.page >= 3)
            .count();
        assert!(to_tables >= 30, "{to_tables}");
    }

    /// The text of a page's items, in order.
    fn page_text(page: &Page) -> String {
        page.items
            .iter()
            .filter_map(|i| match i {
                Item::Text(t) => Some(&*t.text),
                _ => None,
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn numbered_headings_and_rule_references_print_the_pages_of_their_headings() {
        let filler = "Words of filler set to fill the column. ".repeat(60);
        let md = format!(
            "# Rules\n\n## Setup\n\nSee [](rule:combat) first.\n\n{}## Combat\n\n\
             ### Odds\n\nBack to [the setup](rule:setup).\n",
            format!("{filler}\n\n").repeat(8)
        );
        let book = book();
        let family = book.families[0].clone();
        let doc = parse_rules(&md);
        let rulebook = lay_out_rulebook(&RulebookInput {
            options: RulebookOptions {
                numbers: true,
                ..RulebookOptions::default()
            },
            ..input(1, &doc, (&family, &book), &Cards(100.0, 100.0))
        })
        .expect("lays out");
        let outline: Vec<&str> = rulebook
            .nav
            .outline
            .iter()
            .map(|e| e.title.as_str())
            .collect();
        assert_eq!(outline, ["Rules", "1.0 Setup", "2.0 Combat", "2.1 Odds"]);
        let setup = rulebook.nav.outline[1].target;
        let combat = rulebook.nav.outline[2].target;
        assert!(combat.page > setup.page + 1, "{setup:?} {combat:?}");
        let pages = &rulebook.doc.pages;
        assert!(page_text(&pages[1]).contains("2.0 Combat"));
        let text = page_text(&pages[setup.page]);
        let see = format!("see 2.0, p.\u{a0}{} first", combat.page + 1);
        assert!(text.contains(&see), "{see} not in {text}");
        let back = format!("the setup (1.0, p.\u{a0}{})", setup.page + 1);
        assert!(page_text(&pages[combat.page]).contains(&back));
        // Each is a link to its heading.
        for (from, to) in [(setup, combat), (combat, setup)] {
            assert!(
                rulebook
                    .nav
                    .links
                    .iter()
                    .any(|l| l.page == from.page && l.target == to),
                "{from:?} -> {to:?}"
            );
        }
    }

    #[test]
    fn a_card_wider_than_a_column_is_an_overflow_at_its_shortcode() {
        let problems = lay_out(&Cards(400.0, 100.0), 2).expect_err("overflow");
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].id, "rulebook-overflow");
        let loc = problems[0].loc.expect("a place");
        assert_eq!(loc.file, 7);
        assert_eq!(&MD[loc.span.range()], "{{ deck(\"action\") }}");
        // One column is wide enough.
        assert!(lay_out(&Cards(400.0, 100.0), 1).is_ok());
    }

    #[test]
    fn headings_are_bookmarks_and_card_names_link_to_their_cards() {
        let book = lay_out(&Cards(200.0, 100.0), 2).expect("lays out");
        let titles: Vec<(u8, &str)> = book
            .nav
            .outline
            .iter()
            .map(|e| (e.level, e.title.as_str()))
            .collect();
        assert_eq!(titles, [(1, "Rules"), (2, "Cards")]);
        // Title page, then the short contents with the prose below it: the
        // heading and its cards across the page below that (two columns).
        assert_eq!(book.doc.pages.len(), 2);
        let pages: Vec<usize> = book.nav.outline.iter().map(|e| e.target.page).collect();
        assert_eq!(pages, [1, 1]);
        // Two contents links and the card name's link, which points below the "Cards" heading.
        assert_eq!(book.nav.links.len(), 3);
        let card_link = book
            .nav
            .links
            .iter()
            .find(|l| {
                !book
                    .nav
                    .outline
                    .iter()
                    .any(|e| e.target.page == l.target.page && e.target.y == l.target.y)
            })
            .expect("card link");
        assert_eq!((card_link.page, card_link.target.page), (1, 1));
        assert!(card_link.target.y > book.nav.outline[1].target.y);
    }

    /// Every shortcode shows what the closure makes.
    struct Shows<F: Fn() -> Figure>(F);

    impl<F: Fn() -> Figure + Sync> Figures for Shows<F> {
        fn figure(&self, _: &Shortcode) -> Option<Figure> {
            Some((self.0)())
        }
    }

    fn lay_out_with(
        figures: &dyn Figures,
        markdown: &str,
        icons: &[Icon],
    ) -> Result<Rulebook, Vec<Diagnostic>> {
        let book = book();
        let family = book.families[0].clone();
        let doc = parse_rules(markdown);
        lay_out_rulebook(&RulebookInput {
            icons,
            ..input(3, &doc, (&family, &book), figures)
        })
    }

    fn spec(columns: usize, rows: usize, text: &str) -> TableSpec {
        TableSpec {
            title: Some("Results".into()),
            rule: None,
            columns: vec![1.0; columns],
            preamble: Vec::new(),
            header: vec![TableRow::header(
                (0..columns)
                    .map(|c| Cell::new(format!("Head{c}")))
                    .collect(),
            )],
            rows: (0..rows)
                .map(|r| {
                    TableRow::body(
                        (0..columns)
                            .map(|c| Cell::new(format!("{text}{r}{c}")))
                            .collect(),
                        None,
                    )
                })
                .collect(),
            ruled: true,
            loc: Loc::new(0, 0..0),
        }
    }

    fn rects(page: &Page) -> Vec<[f32; 4]> {
        page.items
            .iter()
            .filter_map(|i| match i {
                Item::Shape(Shape {
                    geometry: Geometry::Rect { x, y, w, h, .. },
                    stroke: Some(_),
                    ..
                }) => Some([*x, *y, *w, *h]),
                _ => None,
            })
            .collect()
    }

    /// A one-stroke icon named "sword".
    fn sword_icon() -> Icon {
        Icon {
            name: "sword".into(),
            view_box: (0.0, 0.0, 10.0, 10.0),
            path: vec![
                crate::model::PathEl::MoveTo(0.0, 0.0),
                crate::model::PathEl::LineTo(10.0, 10.0),
                crate::model::PathEl::Close,
            ],
        }
    }

    #[test]
    fn dice_are_drawn_face_by_face_with_their_icons_within_the_column() {
        let sword = sword_icon();
        let figures = Shows(|| {
            Figure::Dice(vec![Die {
                name: "Red".into(),
                note: Some("attack".into()),
                faces: ["", "sword", "sword sword", "sword", "sword sword sword", ""]
                    .map(String::from)
                    .to_vec(),
            }])
        });
        let book = lay_out_with(
            &figures,
            "{{ dice(\"dice\") }}\n",
            std::slice::from_ref(&sword),
        )
        .expect("lays out");
        let page = &book.doc.pages[1];
        let faces = rects(page);
        assert_eq!(faces.len(), 6);
        let column = (Paper::LETTER.width - 2.0 * SIDE - GUTTER) / 2.0;
        assert!(
            faces
                .iter()
                .all(|f| f[2] == f[3] && f[0] + f[2] <= SIDE + column + 1e-3)
        );
        let icons = page
            .items
            .iter()
            .filter(|i| {
                matches!(
                    i,
                    Item::Shape(Shape {
                        geometry: Geometry::Path(_),
                        ..
                    })
                )
            })
            .count();
        assert_eq!(icons, 7, "one icon per symbol");
        let text: String = page
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Text(t) => Some(t.text.to_string()),
                _ => None,
            })
            .collect();
        assert!(text.contains("Red") && text.contains("attack"), "{text}");
    }

    #[test]
    fn a_table_too_wide_for_a_column_spans_the_page_a_long_one_continues_and_a_tall_row_is_an_overflow()
     {
        let wide = Shows(|| Figure::Tables {
            title: None,
            specs: vec![spec(9, 3, "Wordywordy")],
            anchors: Vec::new(),
        });
        let book = lay_out_with(&wide, "Text.\n\n{{ table(\"t\") }}\n", &[]).expect("lays out");
        let widest = rects(&book.doc.pages[1])
            .iter()
            .map(|r| r[0] + r[2])
            .fold(0.0, f32::max);
        assert!(widest > Paper::LETTER.width / 2.0 + GUTTER, "{widest}");

        // 120 rows: more than a column holds. Every row is set once, inside
        // the text block, and each column the table reaches starts with its head.
        let long = Shows(|| Figure::Tables {
            title: None,
            specs: vec![spec(2, 120, "Row")],
            anchors: Vec::new(),
        });
        let book = lay_out_with(&long, "# Rules\n\n{{ table(\"t\") }}\n", &[]).expect("lays out");
        let texts: Vec<&TextItem> = after_contents(&book)
            .into_iter()
            .filter_map(|(_, i)| match i {
                Item::Text(t) if t.y > TOP && t.y < Paper::LETTER.height - BOTTOM => Some(t),
                _ => None,
            })
            .collect();
        for r in 0..120 {
            let cell = format!("Row{r}0");
            assert_eq!(
                texts.iter().filter(|t| *t.text == *cell).count(),
                1,
                "{cell}"
            );
        }
        let heads = texts.iter().filter(|t| &*t.text == "Head0").count();
        assert!(heads >= 3, "the head is repeated in every column: {heads}");
        for page in &book.doc.pages[1..] {
            for t in page.items.iter().filter_map(|i| match i {
                Item::Text(t) if t.text.starts_with("Row") => Some(t),
                _ => None,
            }) {
                assert!(
                    t.y < Paper::LETTER.height - BOTTOM,
                    "{} below the text block",
                    t.text
                );
            }
        }

        // One row taller than a column even alone cannot be placed.
        let tall_row = Shows(|| {
            let mut table = spec(2, 8, "Row");
            table.rows[6].cells[1] = Cell::new("word ".repeat(4000));
            Figure::Tables {
                title: None,
                specs: vec![table],
                anchors: Vec::new(),
            }
        });
        let md = "# Rules\n\n  {{ table(\"t\") }}\n";
        let problems = lay_out_with(&tall_row, md, &[]).expect_err("too tall");
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(problems[0].id, "rulebook-overflow");
        let loc = problems[0].loc.expect("a place");
        assert_eq!(
            (loc.file, loc.span.start),
            (3, md.find("{{").expect("shortcode"))
        );
    }

    #[test]
    fn same_title_ignores_case_punctuation_and_a_last_table() {
        assert!(same_title("Units table", "Units"));
        assert!(same_title("Line of Sight (LOS)", "line of sight: LOS"));
        assert!(same_title("Combat Table", "Combat table"));
        assert!(same_title("Table", "Table"));
        assert!(!same_title("Attack Bonus Table", "Base types"));
        assert!(!same_title("Combat", "Combat Table (Modified Two Die)"));
        assert!(!same_title("...", "..."));
    }

    /// A figure of one table titled "Results", of two columns and `rows` rows.
    fn results_table(rows: usize) -> Shows<impl Fn() -> Figure> {
        Shows(move || Figure::Tables {
            title: None,
            specs: vec![spec(2, rows, "Row")],
            anchors: Vec::new(),
        })
    }

    /// A table's title bar that repeats the heading right above it is left
    /// out; with prose between them, both stay.
    #[test]
    fn a_heading_right_above_a_table_stands_for_its_title() {
        let table = results_table(3);
        let count = |md: &str| {
            let book = lay_out_with(&table, md, &[]).expect("lays out");
            // The text block's, not the running head's.
            let text: String = after_contents(&book)
                .into_iter()
                .filter_map(|(_, i)| match i {
                    Item::Text(t) if t.y > TOP => Some(&*t.text),
                    _ => None,
                })
                .collect::<Vec<_>>()
                .join(" ");
            assert!(text.contains("Row20") && text.contains("Head1"), "{text}");
            text.matches("Results").count()
        };
        assert_eq!(count("## Results table\n\n{{ table(\"t\") }}\n"), 1);
        assert_eq!(count("## Results\n\nRoll.\n\n{{ table(\"t\") }}\n"), 2);
        assert_eq!(count("## Other\n\n{{ table(\"t\") }}\n"), 1);
    }

    /// The text of each column of the body (the text block's), in order.
    fn column_texts(book: &Rulebook) -> Vec<String> {
        // (page, right-hand column, its lines: (baseline, text)).
        type Column = (usize, bool, Vec<(f32, String)>);
        let mut columns: Vec<Column> = Vec::new();
        for (page, item) in after_contents(book) {
            let Item::Text(t) = item else { continue };
            if t.y <= TOP || t.y > Paper::LETTER.height - BOTTOM {
                continue;
            }
            let right = t.x > Paper::LETTER.width / 2.0;
            match columns
                .iter_mut()
                .find(|(p, r, _)| *p == page && *r == right)
            {
                Some((_, _, texts)) => texts.push((t.y, t.text.to_string())),
                None => columns.push((page, right, vec![(t.y, t.text.to_string())])),
            }
        }
        columns
            .into_iter()
            .map(|(_, _, mut texts)| {
                texts.sort_by(|a, b| a.0.total_cmp(&b.0));
                let words: Vec<&str> = texts.iter().map(|(_, t)| t.as_str()).collect();
                words.join(" ")
            })
            .collect()
    }

    /// A table under a heading that says its title has no title bar where
    /// it starts, but has its title "(continued)" wherever it goes on; so
    /// has a Markdown table right under a heading, titled by it.
    #[test]
    fn a_table_whose_heading_stands_for_its_title_is_titled_where_it_continues() {
        let table = results_table(150);
        let mut pipe = String::from("## Results table\n\n| Roll | Result |\n|---|---|\n");
        for r in 0..150 {
            pipe.push_str(&format!("| Row{r} | Outcome{r} |\n"));
        }
        let cases = [
            (
                "## Results table\n\n{{ table(\"t\") }}\n",
                "Results (continued)",
            ),
            (pipe.as_str(), "Results table (continued)"),
        ];
        for (md, continued) in cases {
            let book = lay_out_with(&table, md, &[]).expect("lays out");
            let columns = column_texts(&book);
            assert!(
                columns.len() >= 3,
                "the table runs over columns: {}",
                columns.len()
            );
            for (k, text) in columns.iter().enumerate() {
                if k == 0 {
                    // The heading, then the header row: no title bar.
                    assert_eq!(text.matches("Results").count(), 1, "{text}");
                    assert!(!text.contains("continued"), "{text}");
                } else {
                    assert!(text.starts_with(continued), "column {k}: {text}");
                }
            }
        }
    }

    /// A gallery of `n` cards `w` x `h`, each face a frame and a word.
    fn gallery(n: usize, (w, h): (f32, f32), full_size: bool) -> Gallery {
        let face = CardFace {
            items: vec![
                Geometry::rect(0.0, 0.0, w, h, 4.0).stroked(Stroke::solid(1.0)),
                Item::Text(TextItem {
                    x: 10.0,
                    y: 20.0,
                    face: Default::default(),
                    size: 10.0,
                    text: "Card".into(),
                    glyphs: Vec::new().into(),
                    width: 20.0,
                    ink: None,
                }),
            ],
        };
        Gallery {
            size: (w, h, 4.0),
            cards: (0..n)
                .map(|k| (format!("Card {k}"), face.clone()))
                .collect(),
            full_size,
        }
    }

    #[test]
    fn a_deck_gallery_sets_one_more_card_to_a_row_scaled_unless_too_small() {
        let column = (Paper::LETTER.width - 2.0 * SIDE - GUTTER) / 2.0;
        // A column one row high (no room to fill at its foot).
        let height = 200.0;
        // Poker cards: one fits a column as they print, two at 0.7 of it.
        let (size, cards) = compact_gallery(&gallery(3, (180.0, 252.0), false), column, height);
        let scale = size.0 / 180.0;
        assert!((2.0 * size.0 + CARD_GAP - column).abs() < 0.01, "{size:?}");
        assert!((size.1 - 252.0 * scale).abs() < 0.01);
        let Item::Text(t) = &cards[0].1.items[1] else {
            panic!("text")
        };
        assert!((t.size - 10.0 * scale).abs() < 1e-4 && (t.x - 10.0 * scale).abs() < 1e-4);
        // Label-sized cards would be too small two to a column: as they print.
        assert_eq!(
            compact_gallery(&gallery(3, (243.0, 168.0), false), column, height).0,
            (243.0, 168.0, 4.0)
        );
        // A card wider than the column is made to fit it.
        let (size, _) = compact_gallery(&gallery(1, (400.0, 300.0), false), column, 1000.0);
        assert!((size.0 - column).abs() < 0.01, "{size:?}");
    }

    #[test]
    fn a_gallery_takes_one_row_more_to_fill_a_column_when_the_cards_shrink_a_little() {
        let height = Paper::LETTER.height - TOP - BOTTOM;
        let column = (Paper::LETTER.width - 2.0 * SIDE - GUTTER) / 2.0;
        // Poker cards two to a row leave the foot of a Letter column blank:
        // they shrink so that four rows fill it.
        let (size, _) = compact_gallery(&gallery(3, (180.0, 252.0), false), column, height);
        let by_row = (column - CARD_GAP) / 2.0;
        assert!(
            size.0 < by_row && size.0 >= GALLERY_FILL_SCALE * by_row,
            "{size:?}"
        );
        let four = 4.0 * size.1 + 3.0 * CARD_GAP;
        assert!(four <= height && four > height - 1.0, "{four} in {height}");
        // Over a sweep of column heights: a filling scale is within its
        // bounds and fits exactly one row more than the scale it replaces.
        for tenth in 1000..8000 {
            let height = tenth as f32 / 10.0;
            let rows_at = |s: f32| ((height + CARD_GAP) / (100.0 * s + CARD_GAP)).floor();
            if let Some(fill) = gallery_fill_scale(100.0, height, 1.0) {
                assert!(
                    (GALLERY_FILL_SCALE..1.0).contains(&fill),
                    "{height}: {fill}"
                );
                assert_eq!(rows_at(fill), rows_at(1.0) + 1.0, "{height}: {fill}");
            } else {
                // No fill: the next row would take the cards under the floor.
                let rows = rows_at(1.0);
                let next = (height - rows * CARD_GAP) / ((rows + 1.0) * 100.0);
                assert!(
                    !(GALLERY_FILL_SCALE + 1e-3..1.0).contains(&next),
                    "{height}"
                );
            }
        }
    }

    #[test]
    fn a_deck_flows_down_the_columns_scaled_or_across_the_page_full_size() {
        let outlines = |full: bool| {
            let cards = Shows(move || Figure::Cards(gallery(12, (180.0, 252.0), full)));
            let book =
                lay_out_with(&cards, "# Cards\n\n{{ deck(\"d\") }}\n", &[]).expect("lays out");
            let pages = book.doc.pages.len();
            let frames: Vec<[f32; 4]> = book.doc.pages[1..]
                .iter()
                .flat_map(rects)
                .filter(|r| r[3] > 100.0)
                .collect();
            (pages, frames)
        };
        let (compact_pages, frames) = outlines(false);
        let column = (Paper::LETTER.width - 2.0 * SIDE - GUTTER) / 2.0;
        // Every card (its face's frame and the gallery's outline) within a column.
        assert_eq!(frames.len(), 24);
        for [x, _, w, _] in &frames {
            let in_one = (x + 0.01 >= SIDE && x + w <= SIDE + column + 0.01)
                || (x + 0.01 >= SIDE + column + GUTTER
                    && x + w <= Paper::LETTER.width - SIDE + 0.01);
            assert!(in_one, "{x} {w}");
        }
        let (full_pages, frames) = outlines(true);
        assert!(frames.iter().all(|r| (r[2] - 180.0).abs() < 0.01));
        assert!(compact_pages < full_pages, "{compact_pages} {full_pages}");
    }

    #[test]
    fn inline_icons_are_drawn_in_place_of_their_names() {
        let sword = sword_icon();
        let none = Shows(|| Figure::Dice(Vec::new()));
        let md = "A :sword: hits, :x: does not.\n";
        let book = lay_out_with(&none, md, std::slice::from_ref(&sword)).expect("lays out");
        let page = &book.doc.pages[1];
        let fills = page
            .items
            .iter()
            .filter(|i| {
                matches!(
                    i,
                    Item::Shape(Shape {
                        geometry: Geometry::Path(_),
                        ..
                    })
                )
            })
            .count();
        assert_eq!(fills, 1);
        let texts: Vec<&TextItem> = page
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Text(t) if t.y > TOP => Some(t),
                _ => None,
            })
            .collect();
        let text: String = texts.iter().map(|t| &*t.text).collect();
        assert!(
            !text.contains("sword") && !text.contains('\u{25A0}'),
            "{text}"
        );
        assert!(text.contains(":x:"), "{text}");
        // The text after the icon starts past it.
        let a = texts.iter().find(|t| t.text.starts_with('A')).expect("A");
        let after = texts
            .iter()
            .find(|t| t.text.contains("hits"))
            .expect("hits");
        assert!(
            after.x > a.x + a.width + 5.0,
            "{} {}",
            a.x + a.width,
            after.x
        );
    }
}
