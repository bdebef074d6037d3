//! Layout stage: cards, label sheets and aid pages laid out into a [`Doc`] of
//! pages of positioned items, in points from each page's top-left corner.
//! Pure: fonts and templates are handed in; no file or clock access.

mod aid;
mod aid_data;
mod art;
mod background;
mod block;
mod calibrate;
mod card;
mod card_list;
mod charts;
mod counters;
mod data_tables;
mod die_faces;
mod doc;
pub mod figure;
mod fit_memo;
mod flow;
pub mod icons;
mod labels;
pub mod map;
pub mod map_legend;
pub mod nato;
mod nav;
pub mod places;
mod pnp;
mod rulebook;
mod setup_card;
mod table;
pub mod tracks;
mod turn_track;

pub use aid::{AidOptions, lay_out_aid};
pub use art::CardArt;
pub use background::{lay_out_background, with_background};
pub use calibrate::{lay_out_duplex_calibration, lay_out_label_calibration};
pub use card::{CardFace, lay_out_back, lay_out_card, lay_out_cards};
pub use card_list::{
    CardListOptions, CardListPages, group_field, plan_card_list, shown as card_list_value,
};
pub use charts::{ChartOptions, block_specs, block_specs_in, lay_out_charts};
pub use counters::{
    Corner, Counter, CounterKey, CounterOptions, CounterPicture, CounterText, Factor, Strip,
    counter_faces, lay_out_counters,
};
pub use data_tables::{collection_spec, random_table_spec};
pub use doc::{
    Doc, Geometry, ImageItem, Ink, Item, Page, Role, Shape, Stroke, Tag, TextItem, text_items,
};
pub use fit_memo::FitMemo;
pub use flow::{Band, Flow};
pub use labels::{LabelOptions, LabelSheets};
pub use nav::{Link, Nav, Target, outline_parents};
pub use pnp::{Flip, PnpOptions, SheetLayout, lay_out_pnp, lay_out_print_shop, pnp_sheet};
pub use rulebook::{
    Block as RulebookBlock, ChangedWords, Die, Figure, Figures, Gallery, Rulebook, RulebookInput,
    RulebookOptions, RulesText as RulebookText, lay_out_rulebook, link_mentions, read_blocks,
};
pub use setup_card::{OobEntry, OobGroup, SetupCard, SheetHead, SheetOptions, lay_out_setup_cards};
pub use table::{Cell, RowKind, TableRow, TableSpec, TableStyle, lay_out_table, place_table};
pub use turn_track::{TurnBox, lay_out_turn_track};
