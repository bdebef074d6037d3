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
//!
//! One file a step: `read` reads the rules' blocks once; `passes` sets the
//! `body` (its blocks through `shortcodes`, `galleries`, `tables`,
//! `illustrations` and `callouts`, its references filled in by `xrefs`)
//! until the pages its cross-references print settle; `links` resolves
//! what the placed pieces mark; `front`, `glossary` and `index` set the
//! other parts; `page_map` says which page is which and puts the book
//! together; `furniture` gives each page its running head and folio.

mod blocks;
mod body;
mod callouts;
mod change_bars;
mod columns;
mod figures;
mod front;
mod furniture;
mod galleries;
mod glossary;
mod icons;
mod illustrations;
mod index;
mod links;
mod page_map;
mod passes;
mod pieces;
mod prefit;
mod quotes;
mod read;
mod shortcodes;
mod tables;
mod tags;
mod xrefs;

use crate::text::rich::literal;

pub use self::blocks::{Block, link_mentions, read_blocks};
use self::body::Body;
pub use self::change_bars::ChangedWords;
use self::columns::Frame;
pub use self::figures::Die;
use self::figures::{Misfit, Room};
use self::front::{contents_entries, lay_out_front, lay_out_title, table_entries};
use self::furniture::furnish;
use self::glossary::lay_out_glossary;
use self::index::lay_out_index;
use self::links::{Resolved, resolve_marks};
use self::page_map::PageMap;
use self::passes::{Breaking, set_until_settled};
use self::pieces::{Piece, Prose, TextRequest, TextStyle, text_pieces};
use self::read::{read_rules, rule_book};
use self::tags::wrap;
use super::card::CardFace;
use super::doc::{Doc, Role};
use super::figure::FigureDrawing;
use super::nav::{Nav, OutlineEntry, Target};
use super::table::TableSpec;
use crate::diag::{Diagnostic, FileId};
use crate::model::xref::index_entries;
use crate::model::{GlossaryEntry, Icon, Paper, RulesDoc, Shortcode, Style};
use crate::text::hyphenate;
use crate::text::ties::Ties;
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

/// What the shortcodes stand for (publish resolves them against the game's data).
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
    /// Whether the passage or table row at `at` changed since the version
    /// the book's change bars are against (`--changes-since`); none by default.
    fn changed(&self, _at: crate::diag::Loc) -> bool {
        false
    }
    /// Which letters of the changed passage at `at` changed, so that only
    /// the lines holding them get a bar; None: every line of it does.
    fn changed_words(&self, _at: crate::diag::Loc) -> Option<ChangedWords> {
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
    /// Each passage or table row marked changed, by its place, and the page
    /// (0-based) its first bar is on (`--changes-since`).
    pub changed: Vec<(crate::diag::Loc, usize)>,
}

/// The title page's line under the game's name when game.toml gives no `subtitle`.
pub const DEFAULT_SUBTITLE: &str = "Rules of Play";

const SIDE: f32 = 42.0;
const TOP: f32 = 60.0;
const BOTTOM: f32 = 54.0;
const GUTTER: f32 = 14.0;
/// One column's measure for prose, in ems of the body: about 65 characters
/// (measured: bench/linequality); figures and tables take it too, and the
/// column (the page's width) only where they do not fit it.
const ONE_COLUMN_EMS: f32 = 30.0;
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
/// columns (the index, the glossary), and then, in one column, at the
/// prose's measure as the rules' headings are.
fn part_title(
    title: &str,
    across: bool,
    input: &RulebookInput<'_>,
) -> Result<Vec<Piece>, FitError> {
    let inset = part_inset(across, input);
    let width = input.options.paper.width - 2.0 * SIDE - inset;
    let mut pieces = text_pieces(&TextRequest {
        indent: inset,
        ..TextRequest::new(
            &literal(title),
            width,
            heading_style(1),
            input.family,
            input.book,
        )
    })?;
    for piece in &mut pieces {
        piece.full_width = across;
    }
    wrap(Role::Heading(1), &mut pieces);
    Ok(pieces)
}

/// Lays out the rulebook. Problems (a card that cannot fit a column, a
/// character the fonts lack) are diagnostics at the Markdown's place.
pub fn lay_out_rulebook(input: &RulebookInput<'_>) -> Result<Rulebook, Vec<Diagnostic>> {
    let too_long = words_too_long(input);
    if !too_long.is_empty() {
        return Err(too_long);
    }
    let frame = body_frame(input.options);
    let lang = hyphenate::language(input.lang);
    let remembered = hyphenate::RememberedBreaks::new(lang);
    let break_points = |word: &str| remembered.of(word);
    let edge = if input.options.ragged {
        Edge::Ragged
    } else {
        Edge::Justified
    };
    let rules = rule_book(input);
    let read = read_rules(input, &rules);
    let breaking = Breaking {
        break_points: &break_points,
        lang,
        edge,
    };
    let Body {
        headings,
        marks,
        pages: body,
        placed,
        first_body,
        body_start,
        body_end,
        heading_pages,
        tables,
        changed,
        ..
    } = set_until_settled(input, frame, &read, &rules, &breaking)?;
    let Resolved {
        mut nav,
        targets,
        terms,
    } = resolve_marks(marks, &placed, &headings, first_body);
    // The glossary, after the rules, then the index; each starts below
    // the columns before it where they leave room.
    // Where the flow puts even the first lines on the next page after all
    // (they go with more than fit), the part starts a page of its own.
    let ties = Ties::of(input.words);
    let prose = Some(Prose {
        break_points: &break_points,
        edge,
        ties: &ties,
    });
    let set_glossary =
        |start| lay_out_glossary(input, prose, start).map_err(|e| vec![fit_problem(e)]);
    let mut glossary_start =
        back_start(body_end, &input.words.glossary, input).filter(|_| !input.glossary.is_empty());
    let (mut glossary, mut glossary_end) = set_glossary(glossary_start)?;
    if glossary_start.is_some() && glossary.first().is_some_and(Vec::is_empty) {
        glossary_start = None;
        (glossary, glossary_end) = set_glossary(None)?;
    }
    let before_index = if glossary.is_empty() {
        body_end
    } else {
        glossary_end
    };
    let has_index = !terms.is_empty();
    let entries = index_entries(terms);
    let index_start = back_start(before_index, &input.words.index, input)
        .filter(|_| has_index)
        .filter(|&start| {
            lay_out_index(entries.clone(), input, (0, Some(start)))
                .is_ok_and(|(pages, _)| pages.first().is_some_and(|p| !p.is_empty()))
        });
    let map = PageMap::new(
        first_body,
        body_start.is_some(),
        body.len(),
        (glossary.len(), glossary_start.is_some()),
        index_start.is_some(),
    );
    // The glossary and the index (after it) have their bookmarks and
    // contents entries too.
    let mut contents_pages = heading_pages.clone();
    for (title, at, start, set) in [
        (
            &input.words.glossary,
            map.glossary.start,
            glossary_start,
            !glossary.is_empty(),
        ),
        (&input.words.index, map.index, index_start, has_index),
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
    let (listed, table_targets) = table_entries(&tables, Some(&targets));
    let table_pages: Vec<usize> = table_targets.iter().map(|t| t.page).collect();
    let contents = contents_entries(&headings, input, has_index);
    let front = lay_out_front(input, &contents, &contents_pages, &listed, &table_pages)
        .map_err(|e| vec![fit_problem(e)])?;
    let heading_targets: Vec<Target> = nav.outline.iter().map(|e| e.target).collect();
    nav.links
        .extend(front.links(&heading_targets, &table_targets));
    let map = map.with_tables(front.tables_at);
    let title_page = lay_out_title(input).map_err(|e| vec![fit_problem(e)])?;
    let index = if !has_index {
        Vec::new()
    } else {
        let (index, links) = lay_out_index(entries, input, (map.index, index_start))
            .map_err(|e| vec![fit_problem(e)])?;
        nav.links.extend(links);
        index
    };
    let mut pages = map.assemble(
        input.options.paper,
        title_page,
        [front.pages, body, glossary, index],
    );
    furnish(&mut pages, &headings, &heading_pages, &map, input);
    Ok(Rulebook {
        doc: Doc {
            title: format!("{} — Rules", input.title),
            pages,
            lang: Some(input.lang.to_string()),
        },
        nav,
        changed,
    })
}

/// Where a part of the back matter (the glossary, the index: `title`)
/// starts on the last page of what comes before it, ending `end` below the
/// text block's top: a contents' gap lower, where its title and the
/// first [`BACK_LINES_MIN`] lines under it fit there (the rest goes on in
/// the columns and over the page); None (a page of its own) elsewhere.
/// A short part so shares a page rather than leave one nearly empty.
fn back_start(end: f32, title: &str, input: &RulebookInput<'_>) -> Option<f32> {
    let frame = body_frame(input.options);
    let title = part_title(title, true, input).ok()?;
    let lead = title.iter().map(|p| p.gap + p.height).sum::<f32>()
        + BACK_LINES_MIN as f32 * (PARA_GAP + BODY.size * BODY.leading);
    let start = end + front::CONTENTS_GAP;
    (start + lead <= frame.column_height).then_some(start)
}

/// The fewest lines of a part of the back matter that start it below
/// what comes before it on a page.
const BACK_LINES_MIN: usize = 3;

/// How far a part's title is set in from each side of the text block:
/// the prose's inset where the part is set in the rules' columns
/// (`across`), none for the front matter.
fn part_inset(across: bool, input: &RulebookInput<'_>) -> f32 {
    if across {
        body::prose_inset(body_frame(input.options))
    } else {
        0.0
    }
}

/// The titles of the book's parts (the game's `[words]`) that cannot be
/// set even in the width they head (one word wider than it: the page, or
/// one column's measure for the glossary and index): `word-too-long` at
/// the word in game.toml.
fn words_too_long(input: &RulebookInput<'_>) -> Vec<Diagnostic> {
    let words = input.words;
    [
        ("contents", &words.contents, false),
        ("tables", &words.tables, false),
        ("glossary", &words.glossary, true),
        ("index", &words.index, true),
    ]
    .into_iter()
    .filter_map(|(key, word, across)| match part_title(word, across, input) {
        Err(FitError::Overflow { widest_word, .. }) => Some(crate::error!(
            "word-too-long", words.place_of(key),
            "the word `{key}` (\"{}\") is {widest_word:.0} pt wide where it heads a part of the rulebook; its line is {:.0} pt across",
            crate::text::clip(word, 60),
            input.options.paper.width - 2.0 * SIDE - 2.0 * part_inset(across, input);
            hint: "shorten `{key}` in [words], or write it as words with spaces between them"
        )),
        _ => None,
    })
    .collect()
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
        measure: frame.column_width - 2.0 * body::prose_inset(frame),
        column: frame.column_width,
        page: frame.columns as f32 * frame.column_width
            + (frame.columns.saturating_sub(1)) as f32 * frame.gutter,
        height: frame.column_height,
    }
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

#[cfg(test)]
mod tests {
    use super::body::set_body;
    use super::front::{CONTENTS_GAP, LEADER_GAP, LEADER_STEP};
    use super::galleries::{GALLERY_FILL_SCALE, compact_gallery, gallery_fill_scale};
    use super::prefit;
    use super::read::read_rules;
    use super::shortcodes::same_title;
    use super::xrefs::References;
    use super::*;
    use crate::diag::Loc;
    use crate::layout::doc::{Geometry, Item, Page, Shape, Stroke, TextItem};
    use crate::layout::nav::Link;
    use crate::layout::table::{Cell, TableRow};
    use crate::load::rules::parse_rules;
    use crate::model::xref::RuleBook;

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
        let references = References {
            read: &read,
            rules: &rules,
            pages: None,
            words: input.words,
        };
        let ahead = set_body(&input, frame, references, &break_points, &mut ready)
            .unwrap_or_else(|_| panic!("sets"));
        assert!(
            ready.iter().all(Option::is_none),
            "a paragraph broken ahead was not taken"
        );
        let in_turn = set_body(&input, frame, references, &break_points, &mut [])
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
        // "see" is tied to what it leads (a non-breaking space).
        let see = format!("see\u{a0}2.0, p.\u{a0}{} first", combat.page + 1);
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

    /// A table's title bar is left out under a heading right above it
    /// (the heading is its title, whatever it says); with prose between
    /// them, both stay.
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
        assert_eq!(count("## Other\n\n{{ table(\"t\") }}\n"), 0);
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
    /// it starts, but the heading's words "(continued)" wherever it goes
    /// on; so has a Markdown table right under a heading, titled by it.
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
                "Results table (continued)",
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
        let (size, cards) = compact_gallery(&gallery(3, (180.0, 252.0), false), column, height, 2);
        let scale = size.0 / 180.0;
        assert!((2.0 * size.0 + CARD_GAP - column).abs() < 0.01, "{size:?}");
        assert!((size.1 - 252.0 * scale).abs() < 0.01);
        let Item::Text(t) = &cards[0].1.items[1] else {
            panic!("text")
        };
        assert!((t.size - 10.0 * scale).abs() < 1e-4 && (t.x - 10.0 * scale).abs() < 1e-4);
        // Label-sized cards would be too small two to a column: as they print.
        assert_eq!(
            compact_gallery(&gallery(3, (243.0, 168.0), false), column, height, 2).0,
            (243.0, 168.0, 4.0)
        );
        // A card wider than the column is made to fit it.
        let (size, _) = compact_gallery(&gallery(1, (400.0, 300.0), false), column, 1000.0, 2);
        assert!((size.0 - column).abs() < 0.01, "{size:?}");
    }

    #[test]
    fn a_gallery_shrinks_to_fill_its_pages_only_where_it_runs_over_a_page() {
        let height = Paper::LETTER.height - TOP - BOTTOM;
        let column = (Paper::LETTER.width - 2.0 * SIDE - GUTTER) / 2.0;
        let by_row = (column - CARD_GAP) / 2.0;
        // One row across two columns, or three rows in one: a page either
        // way; the size the row gives.
        for (n, across) in [(4, 2), (6, 1)] {
            let (size, _) =
                compact_gallery(&gallery(n, (180.0, 252.0), false), column, height, across);
            assert!(
                (size.0 - by_row).abs() < 0.01,
                "{n} across {across}: {size:?}"
            );
        }
        // Rows of four across two columns, three to a page at the size
        // the row gives: a gallery over a page shrinks to fill its pages.
        for rows in [4, 8, 12, 13, 16] {
            let (size, _) =
                compact_gallery(&gallery(rows * 4, (180.0, 252.0), false), column, height, 2);
            assert!(size.0 < by_row - 1.0, "{rows} rows: {size:?}");
        }
        // 3 rows: a page: the size the row gives.
        let (size, _) = compact_gallery(&gallery(12, (180.0, 252.0), false), column, height, 2);
        assert!((size.0 - by_row).abs() < 0.01, "{size:?}");
    }

    #[test]
    fn a_gallery_takes_one_row_more_to_fill_a_column_when_the_cards_shrink_a_little() {
        let height = Paper::LETTER.height - TOP - BOTTOM;
        let column = (Paper::LETTER.width - 2.0 * SIDE - GUTTER) / 2.0;
        // Poker cards two to a row leave the foot of a Letter column blank:
        // 30 of them in one column (15 rows) take five pages of three rows,
        // four of four: they shrink so that four rows fill it.
        let (size, _) = compact_gallery(&gallery(30, (180.0, 252.0), false), column, height, 1);
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
