//! Model: a game — its sides, forces, decks, aids, rules pages and what to publish.

use std::path::PathBuf;

use super::{Chart, Deck, Located, RandomTable};
use crate::diag::{FileId, Loc};

#[derive(Clone, Debug)]
pub struct Side {
    pub id: String,
    pub name: String,
    /// Its names in the game's own language where a translation renamed
    /// it (`[sides.<id>] name`): the data still names it so.
    pub aka: Vec<String>,
    /// The side's colour: its counters' default, and `color = "side"` text.
    pub color: Option<super::Rgb>,
    /// Where the colour is written.
    pub color_loc: Option<Loc>,
    pub loc: Loc,
}

/// A number of units of one type in each side's force.
#[derive(Clone, Debug)]
pub struct Force {
    pub unit: String,
    pub count: i64,
    /// The side whose force it is (a name or id of `sides`); none: every side's.
    pub side: Option<Located<String>>,
}

/// A row of a values block: "In your base line = 1 pt."
#[derive(Clone, Debug)]
pub struct ValueRow {
    pub label: String,
    pub value: i64,
}

/// The word printed after a values block's numbers: `one` after 1 and -1,
/// `many` after any other.
#[derive(Clone, Debug, Default)]
pub struct ValueUnit {
    pub one: Option<String>,
    pub many: Option<String>,
}

/// A column of an aid's `items` block: a field of the collection and the
/// heading printed over it.
#[derive(Clone, Debug)]
pub struct AidColumn {
    pub field: Located<String>,
    /// The heading; without one, the field's name ("attack_die" → "Attack die").
    pub heading: Option<String>,
}

/// One block of a player aid, in reading order.
#[derive(Clone, Debug)]
pub enum AidBlock {
    /// Rich text; `small` sets it at 80% of the body size (credits, notes).
    Paragraph {
        text: Located<String>,
        small: bool,
    },
    /// A heading in bold: level 1 (a page's head) or 2 (a section's).
    Heading {
        text: Located<String>,
        level: u8,
    },
    /// A collection's items as a table, a row each: its columns (by default
    /// every declared field but `id` and `alias`), the title field in bold,
    /// a ref field shown as the item's name, a value an item lacks as `empty`.
    Items {
        collection: Located<String>,
        columns: Vec<AidColumn>,
        empty: String,
        loc: Loc,
    },
    /// A ref field followed round a collection from its first item:
    /// "Missile > Infantry > Mounted > Missile", then the rich-text `note`.
    Chain {
        collection: Located<String>,
        field: Located<String>,
        note: Option<Located<String>>,
    },
    /// A collection's dice, each drawn as its faces bearing the icons of its
    /// `faces` field's symbols; with `expected`, that label and each
    /// symbol's expected count per roll; with `legend`, each symbol's icon
    /// and meaning after the dice.
    Dice {
        collection: Located<String>,
        faces: Located<String>,
        expected: Option<Located<String>>,
        legend: bool,
    },
    /// The game's `copyright` lines, small and in italics.
    Copyright(Loc),
    /// "Forces: 5 Inf, 5 Jeep, ..." generated from the game's forces: one
    /// side's (and those of no side), or with none given, every side's.
    Forces {
        loc: Loc,
        side: Option<Located<String>>,
        /// The word before the forces of no one side (`label`).
        label: Option<String>,
    },
    List(Vec<Located<String>>),
    /// A heading and rows of a label and a number, with their unit.
    Values {
        heading: Located<String>,
        unit: ValueUnit,
        rows: Vec<ValueRow>,
        loc: Loc,
    },
    /// A chart block of the game, by id, printed as the chart set prints it.
    Table(Located<String>),
}

#[derive(Clone, Debug)]
pub struct Aid {
    pub id: String,
    pub title: String,
    /// Print the title at the head of the aid (`print_title`, default true).
    pub print_title: bool,
    pub blocks: Vec<AidBlock>,
    pub loc: Loc,
}

/// A rule term of `[[glossary]]`: the HTML reference shows its definition
/// where the rules prose first uses it in a section, and lists every term.
#[derive(Clone, Debug)]
pub struct GlossaryEntry {
    pub term: Located<String>,
    /// Other forms of the term the prose may use: plurals, abbreviations.
    pub aliases: Vec<Located<String>>,
    /// Rich text.
    pub definition: Located<String>,
}

/// The indices of `glossary`'s terms in the order a glossary lists them:
/// alphabetical, whatever their capitals (then as written, so the order
/// never depends on the data's). The PDF's and the HTML's glossaries agree.
pub fn glossary_order(glossary: &[GlossaryEntry]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..glossary.len()).collect();
    order.sort_by_cached_key(|&k| {
        let term = &glossary[k].term.value;
        (term.to_lowercase(), term.clone())
    });
    order
}

impl GlossaryEntry {
    /// The term and its aliases, as the prose may write them.
    pub fn forms(&self) -> impl Iterator<Item = &Located<String>> {
        std::iter::once(&self.term).chain(&self.aliases)
    }
}

/// A Markdown rules page and what it says, parsed.
#[derive(Clone, Debug)]
pub struct RulesPage {
    pub file: FileId,
    pub path: PathBuf,
    pub doc: super::RulesDoc,
}

/// A deck printed onto a label sheet.
#[derive(Clone, Debug)]
pub struct LabelJob {
    pub deck: Located<String>,
    pub sheet: Located<String>,
    pub layout: Located<String>,
}

/// A deck printed as print-and-play cards: fronts from `layout`, backs from `back`.
#[derive(Clone, Debug)]
pub struct CardJob {
    pub deck: Located<String>,
    pub layout: Located<String>,
    pub back: Located<String>,
    /// A card size from `data/sheets.toml` (`poker` by default).
    pub size: Option<Located<String>>,
}

/// A deck printed as a reference table of all its cards, grouped into
/// sections by the value of one field (`group_by`).
#[derive(Clone, Debug)]
pub struct CardListJob {
    pub deck: Located<String>,
    pub group_by: Option<Located<String>>,
}

/// One side's unit counters: its colour and how many of each unit it fields.
#[derive(Clone, Debug)]
pub struct CounterSide {
    pub name: Located<String>,
    /// "#RRGGBB"; none: the colour of the game's side of that name.
    pub color: Option<Located<String>>,
    /// (unit id or name, count), in the order written.
    pub units: Vec<(Located<String>, Located<i64>)>,
    /// The frame of its units' symbols; none: friend for the first side,
    /// hostile for the others.
    pub affiliation: Option<Located<crate::model::nato::Affiliation>>,
}

/// A marker counter: a word on each face.
#[derive(Clone, Debug)]
pub struct CounterMarker {
    pub name: Located<String>,
    /// The back's word; none: the front's.
    pub back: Option<Located<String>>,
    /// How many; none: one.
    pub count: Option<Located<i64>>,
    /// "#RRGGBB"; none: a light grey.
    pub color: Option<Located<String>>,
}

/// One face of a step-loss unit's counters (`factors`, `reduced`, or a
/// `[[publish.counters.faces]]` table): the unit fields its factor strip
/// prints, in the strip's order.
#[derive(Clone, Debug)]
pub struct CounterFace {
    pub factors: Vec<Located<String>>,
    /// Where the face is declared (its `factors` or `reduced` value).
    pub loc: Loc,
}

/// Square unit counters: the unit collection, the field printed in each
/// corner (top left, top right, bottom left, bottom right) or the factor
/// strip of each face, and the sides.
#[derive(Clone, Debug)]
pub struct CounterJob {
    pub units: Located<String>,
    /// The corner layout's fields; none when the counters print a factor
    /// strip (`factors` or `[[publish.counters.faces]]`).
    pub corners: Option<[Located<String>; 4]>,
    /// The factor-strip layout's faces in order: the front, the back (the
    /// reduced face), then a second counter's front and back for units of
    /// three or four steps. Empty for the corner layout.
    pub faces: Vec<CounterFace>,
    /// What joins the factors of a strip ("-" by default).
    pub separator: Option<Located<String>>,
    /// The unit field holding each unit's number of steps (1 to 4); none:
    /// as many as the unit has faces with values.
    pub steps: Option<Located<String>>,
    /// The unit field of each unit's designation ("2/116"), printed at the
    /// top of the strip layout (none: the unit's name).
    pub designation: Option<Located<String>>,
    /// The unit field of each unit's formation: its text under the symbol,
    /// and a colour band across the top when it refers to an item whose
    /// `swatch` field is set.
    pub formation: Option<Located<String>>,
    /// The field of referenced items holding the colour a corner (or the
    /// formation's band) is drawn in as a swatch (`swatch`).
    pub swatch: Option<Located<String>>,
    /// The unit field of each unit's set-up code (a start hex, "T3"), small
    /// in the top-right corner.
    pub setup: Option<Located<String>>,
    /// The unit field of each unit's movement class ("foot", "tracked"),
    /// which a map's terrain costs name. Not printed.
    pub class: Option<Located<String>>,
    pub sides: Vec<CounterSide>,
    /// The unit field naming each unit's function(s), for its unit symbol.
    pub symbol: Option<Located<String>>,
    /// The unit field naming each unit's echelon.
    pub echelon: Option<Located<String>>,
    /// Marker counters, after the units.
    pub markers: Vec<CounterMarker>,
    /// A picture on each unit's counter, in its icon's place.
    pub image: Option<super::CounterImage>,
}

/// An aid printed `copies` times side by side on one page.
#[derive(Clone, Debug)]
pub struct AidJob {
    pub aid: Located<String>,
    pub copies: usize,
    /// The margin round each copy's column, pt (default 27).
    pub margin: Option<f32>,
}

#[derive(Clone, Debug, Default)]
pub struct Publish {
    pub labels: Vec<LabelJob>,
    pub aids: Vec<AidJob>,
    pub cards: Vec<CardJob>,
    /// Typeset the rules pages as a PDF rulebook (the default; `[publish] rulebook = false` opts out).
    pub rulebook: bool,
    /// Card-list reference sheets, one per deck listed.
    pub card_lists: Vec<CardListJob>,
    /// Unit counters, if the game prints them.
    pub counters: Option<CounterJob>,
    /// How `build` makes them, as the command line's options would.
    pub options: PublishOptions,
}

/// `[publish.options]`: what `build` (and `watch`, `serve`) use where the
/// focused commands take command-line options; an option given on the
/// command line wins.
#[derive(Clone, Debug, Default)]
pub struct PublishOptions {
    /// The chart set prints each results row's chance (`charts --odds`).
    pub odds: bool,
    /// Paper of the card lists, player aids and counters (`--paper`).
    pub paper: Option<super::Paper>,
    /// Paper of the chart set (`charts --paper`).
    pub chart_paper: Option<super::Paper>,
    /// Paper of the print-and-play card sheets (`cards --paper`).
    pub card_paper: Option<super::Paper>,
    /// Duplex sheets turn over on the short edge (`--flip short`).
    pub flip_short: Option<bool>,
    /// Card backs beside the fronts, to fold (`cards --layout gutterfold`).
    pub gutterfold: Option<bool>,
    /// Bleed around every card on card sheets (`cards --bleed`).
    pub bleed: Option<bool>,
    /// Counter size in points (`counters --size`).
    pub counter_size: Option<f32>,
    /// The rulebook's paper and columns (`rulebook --paper`, `--columns`).
    pub rulebook_paper: Option<super::Paper>,
    pub rulebook_columns: Option<usize>,
    /// The rulebook's paragraphs ragged right rather than justified (`rulebook_align`).
    pub rulebook_ragged: Option<bool>,
    /// The rules' headings numbered as cases, 1.0, 1.1, 1.1.1 (`rule_numbers`).
    pub rule_numbers: bool,
    /// Label sheet calibration, right and down, in points (`labels --offset-x/-y`).
    pub label_offset: (Option<f32>, Option<f32>),
}

/// The family of `fonts/fonts.toml` text is set in when a game names none.
pub const DEFAULT_TEXT_FAMILY: &str = "sans-condensed";
/// The family the rulebook's prose is set in when a game names none (the
/// text family when the fonts have no family of this name).
pub const DEFAULT_RULES_FAMILY: &str = "book";

/// `[fonts]`: the families of `fonts/fonts.toml` a game is set in, as written
/// (each checked against the fonts when the game is loaded).
#[derive(Clone, Debug, Default)]
pub struct GameFonts {
    /// Aids, charts, counters, maps, figures, set-up cards (`text`).
    pub text: Option<Located<String>>,
    /// The rulebook's prose (`rules`).
    pub rules: Option<Located<String>>,
}

impl GameFonts {
    /// The family everything but the rulebook's prose is set in.
    pub fn text(&self) -> &str {
        self.text.as_ref().map_or(DEFAULT_TEXT_FAMILY, |t| &t.value)
    }

    /// The family the rulebook's prose is set in, given the families the
    /// fonts declare: the one the game names; else [`DEFAULT_RULES_FAMILY`]
    /// when the fonts have it, else the text family.
    pub fn rules<'a>(&'a self, declared: &[&str]) -> &'a str {
        match &self.rules {
            Some(r) => &r.value,
            None if declared.contains(&DEFAULT_RULES_FAMILY) => DEFAULT_RULES_FAMILY,
            None => self.text(),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Game {
    /// The folder name, used for `out/<id>/`.
    pub id: String,
    pub dir: PathBuf,
    pub name: String,
    /// The line under the name on the rulebook's title page (`subtitle`).
    pub subtitle: Option<String>,
    pub copyright: Vec<String>,
    /// Where each `copyright` line is written.
    pub copyright_at: Vec<Loc>,
    pub sides: Vec<Side>,
    pub forces: Vec<Force>,
    pub decks: Vec<Deck>,
    /// Named collections of items (unit types, terrain, dice...): decks whose
    /// items have an id and a name.
    pub collections: Vec<Deck>,
    pub random_tables: Vec<RandomTable>,
    /// How one attack is resolved with custom dice, for `grogpress odds`.
    pub dice_combat: Option<super::DiceCombat>,
    pub aids: Vec<Aid>,
    /// Charts and tables, in the order `game.toml` lists them.
    pub charts: Vec<Chart>,
    pub rules: Vec<RulesPage>,
    /// Rule terms and their definitions, in the order `game.toml` lists them.
    pub glossary: Vec<GlossaryEntry>,
    /// Boards and maps, in the order `game.toml` lists them.
    pub maps: Vec<super::Map>,
    /// Scenarios, in the order `game.toml` lists them.
    pub scenarios: Vec<super::Scenario>,
    /// Tracks, then holding boxes (`[[tracks]]`, `[[boxes]]`), in order;
    /// those on a map are also in its `parts`.
    pub parts: Vec<super::track::BoardPart>,
    pub publish: Publish,
    /// The font families the game is set in (`[fonts]`).
    pub fonts: GameFonts,
    /// The words printed around the game's own text (`[words]`).
    pub words: crate::text::Words,
    /// The language tag of the game's text (`language`, default "en"; the
    /// first of `languages`, or a translation's when built in it).
    pub language: String,
    /// The game's languages and translations (`languages`, `lang/`).
    pub translations: super::translation::Translations,
    /// The translation this game is built in (`--lang de`), None for the
    /// source language: its outputs go under `out/<game>/<lang>/`.
    pub build_lang: Option<String>,
    /// Ids of decks and aids declared in `game.toml` whose files could not be
    /// loaded (already reported): later checks stay quiet about them.
    pub unloaded: Vec<String>,
    /// Whether a deck's file could not be loaded: the cards the rules name
    /// may be in it, so a name no loaded deck has is not reported.
    pub deck_unloaded: bool,
    /// The card templates, icons and HTML templates of the game's folder
    /// its outputs are made with.
    pub files: super::GameFiles,
}

impl Game {
    /// The folder its outputs go in under `out`: `out/<game>/`, or
    /// `out/<game>/<lang>/` for a translation.
    pub fn out_folder(&self, out: &std::path::Path) -> PathBuf {
        match &self.build_lang {
            Some(lang) => out.join(&self.id).join(lang),
            None => out.join(&self.id),
        }
    }

    pub fn deck(&self, id: &str) -> Option<&Deck> {
        self.decks.iter().find(|d| d.id == id)
    }

    pub fn aid(&self, id: &str) -> Option<&Aid> {
        self.aids.iter().find(|a| a.id == id)
    }

    /// The side a value names, by name or id.
    pub fn side(&self, name_or_id: &str) -> Option<&Side> {
        self.sides
            .iter()
            .find(|s| s.name == name_or_id || s.id == name_or_id)
            .or_else(|| {
                self.sides
                    .iter()
                    .find(|s| s.aka.iter().any(|a| a == name_or_id))
            })
    }

    /// "5 Inf, 5 Jeep, 4 Tank, ..." from the forces of `side` (a name or id)
    /// and those of no side; with `None`, every force.
    pub fn forces_line(&self, side: Option<&str>) -> String {
        let wanted = side.and_then(|s| self.side(s)).map(|s| s.id.as_str());
        self.forces
            .iter()
            .filter(|f| match (&f.side, wanted) {
                (Some(own), Some(w)) => self.side(&own.value).is_some_and(|s| s.id == w),
                _ => true,
            })
            .map(|f| format!("{} {}", f.count, f.unit))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The sides that forces name, in the order of `sides`.
    pub fn force_sides(&self) -> Vec<&Side> {
        self.sides
            .iter()
            .filter(|s| {
                self.forces.iter().any(|f| {
                    f.side
                        .as_ref()
                        .and_then(|own| self.side(&own.value))
                        .is_some_and(|o| o.id == s.id)
                })
            })
            .collect()
    }
}
