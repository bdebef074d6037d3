//! Layout stage: cards, label sheets and aid pages laid out into a [`Doc`] of
//! pages of positioned items, in points from each page's top-left corner.
//! Pure: fonts and templates are handed in; no file or clock access.

mod aid;
mod card;
mod charts;
mod doc;
mod flow;
mod labels;
mod table;

pub use aid::{AidOptions, lay_out_aid};
pub use card::{CardFace, lay_out_card, lay_out_cards};
pub use charts::{ChartOptions, block_specs, lay_out_charts};
pub use doc::{Doc, Item, Page, TextItem, text_items};
pub use flow::{Band, Flow};
pub use labels::{LabelOptions, lay_out_label_sheets};
pub use table::{
    Cell, LaidTable, RowKind, TableRow, TableSpec, TableStyle, lay_out_table, place_table,
};
