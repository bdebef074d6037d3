//! Model stage: the rules model a game's data is loaded into (games, sides,
//! decks with declared fields, aids, sheet and card templates). Plain data
//! with source locations; no file access and no knowledge of renderers.

mod background;
mod card_ref;
mod chart;
pub mod chart_texts;
mod collection;
pub mod crt;
mod deck;
mod faces;
pub mod figure;
mod game;
mod game_files;
mod icon;
mod image;
pub mod link;
pub mod map;
pub mod nato;
pub mod odds;
mod phrase;
pub mod places;
mod random_table;
mod roll;
pub mod rules;
pub mod scenario;
mod sheet;
mod shortcode;
pub mod tec;
mod template;
pub mod terrain;
pub mod track;
pub mod translation;
pub mod translation_labels;
pub mod translation_names;
pub mod xref;

pub use background::{Art, Background, Border, MIN_CONTRAST, Rgb, contrast, parse_hex_color};
pub use card_ref::{card_keys, distinguishing_field, slug};
pub use chart::{
    BlockKind, CellCodes, Chart, ChartBlock, CheckSection, Checklist, LegendEntry, Lookup, Matrix,
    MatrixRow, MatrixSection, ModEntry, ModSection, ModValue, Modifier, ModifierList, Numbering,
    RangeRow, RangeTable, ResultRow, ResultsTable, RowOdds, Step, row_odds,
};
pub use collection::SIDES;
pub use deck::{
    Card, Complete, Constraints, CountPer, Deck, FieldDecl, FieldKind, FieldValue, NO, TextPool,
    Unique, When, YES, YesNoText,
};
pub use faces::{FacesDecl, MAX_FACES, count_on, face_symbols, faces_text, reduce, too_many_faces};
pub use game::{
    Aid, AidBlock, AidColumn, AidJob, CardJob, CardListJob, CounterFace, CounterJob, CounterMarker,
    CounterSide, DEFAULT_RULES_FAMILY, DEFAULT_TEXT_FAMILY, Force, Game, GameFonts, GlossaryEntry,
    LabelJob, Publish, PublishOptions, RulesPage, Side, ValueRow, ValueUnit, glossary_order,
};
pub use game_files::{GameFiles, HtmlContent, NamedTemplate, OwnHtml};
pub use icon::{Icon, PathEl};
pub use image::{
    Anchor, ArtFiles, CounterImage, FitMode, ImageFile, ImageFormat, ImageRegion, ImageSource,
    VectorArt, VectorPath, fit_box,
};
pub use map::Map;
pub use odds::{
    BonusRule, DiceCombat, HitDistribution, OpposedOdds, opposed_dice_odds, table_odds,
};
pub use phrase::{Phrase, PhraseForm, form_slots, read_phrase, read_phrases};
pub use random_table::{RandomRow, RandomTable};
pub use roll::{
    Coverage, Dice, MAX_MODIFIER_SPAN, RollRange, check_coverage, describe_ranges, describe_rolls,
    modifier_span_problem,
};
pub use rules::{CardMention, RulesDoc};
pub use scenario::Scenario;
#[cfg(test)]
pub(crate) use sheet::avery_5395;
pub use sheet::{CardSize, Paper, PaperSize, SheetTemplate};
pub use shortcode::{
    Shortcode, ShortcodeArg, ShortcodeProblem, block_alone, block_anchor, block_id_title,
    block_rule, data_anchor, shown_rules, shown_tables,
};
pub use template::{Align, CardTemplate, Frame, FrameWhen, Region, Style, TextColor, VAlign};

use crate::diag::Loc;

/// A value with the place in the source it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Located<T> {
    pub value: T,
    pub loc: Loc,
}

impl<T> Located<T> {
    pub fn new(value: T, loc: Loc) -> Located<T> {
        Located { value, loc }
    }
}
