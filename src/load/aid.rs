//! Load stage: a player-aid file (blocks of rich text, headings, lists, the
//! game's forces, rows of labelled values, tables of the game's charts, a
//! collection's items, a ref chain, dice drawn face by face, the game's
//! copyright lines) into an [`Aid`].

use super::spec::{Tab, block_def, kinds, table, unknown_kind};
use super::toml::{Reader, Table, parse};
use crate::diag::{Diagnostics, FileId, Loc};
use crate::model::{Aid, AidBlock, AidColumn, ValueRow, ValueUnit};

table! { pub mod aid_file: "an aid file" / "the aid", "A player aid: blocks printed top to bottom.";
    title: req Str("The aid's title, printed at its head."),
    print_title: opt Bool("Print the title at the head of the aid (default true)."),
    blocks: opt Blocks(
        &[
            ("paragraph", &paragraph::DEF),
            ("forces", &forces::DEF),
            ("list", &list::DEF),
            ("values", &values::DEF),
            ("table", &chart_table::DEF),
            ("heading", &heading::DEF),
            ("items", &items::DEF),
            ("chain", &chain::DEF),
            ("dice", &dice::DEF),
            ("copyright", &copyright::DEF),
        ],
        "The aid's blocks.",
    ),
}

table! { pub mod paragraph: "a paragraph block", "A rich-text paragraph.";
    kind: req Str("The kind of block."),
    text: req Str("Rich text: **bold**, *italic*."),
    small: opt Bool("Set at 80% of the body size: credits, notes (default false)."),
}

table! { pub mod heading: "a heading block", "A heading in bold, larger than the body.";
    kind = super::paragraph::kind,
    text: req Str("Rich text."),
    level: opt IntIn(Some(1), Some(2), "1 for a page's head (1.7 times the body size), 2 for a section's (1.15 times; the default)."),
}

table! { pub mod items: "an items block",
    "A collection's items as a table: a row per item, a column per field.";
    kind = super::paragraph::kind,
    collection: req Str("The collection's id ([[collections]] in game.toml)."),
    columns: opt Tables(&items_column::DEF),
    empty: opt Str("Printed where an item has no value (default \"-\")."),
}

table! { pub mod items_column: "an items column", "A column of an items block.";
    field: req Str("A declared field of the collection (or `name`); a ref field prints the item's name."),
    heading: opt Str("The column's heading (default: the field's name, \"attack_die\" as \"Attack die\")."),
}

table! { pub mod chain: "a chain block",
    "A ref field followed round a collection from its first item: \"Missile > Infantry > Mounted > Missile\".";
    kind = super::paragraph::kind,
    collection: req Str("The collection's id."),
    field: req Str("Its ref field into itself (e.g. who each has a bonus against)."),
    note: opt Str("Rich text printed after the chain, e.g. \"(each has the bonus against the next)\"."),
}

table! { pub mod dice: "a dice block",
    "A collection's dice, each drawn face by face with its symbols' icons.";
    kind = super::paragraph::kind,
    collection: req Str("The dice collection's id."),
    faces: req Str("Its faces field (kind = \"faces\")."),
    expected: opt Str("The label before each symbol's expected count per roll, e.g. \"Expected per roll\" (default: no counts)."),
    legend: opt Bool("After the dice, each symbol's icon and meaning (the faces field's `symbols`; default false)."),
}

table! { pub mod copyright: "a copyright block", "The game's `copyright` lines, small and in italics.";
    kind = super::paragraph::kind,
}

table! { pub mod forces: "a forces block", "\"Forces: 5 Inf, ...\" from game.toml.";
    kind = super::paragraph::kind,
    label: opt Str("The word before the forces of no one side (default \"Forces\")."),
    side: opt Str("Only this side's forces (a [[sides]] name or id); default every side's, a line for each side when the forces name sides."),
}

table! { pub mod list: "a list block", "A bulleted list of rich-text items.";
    kind = super::paragraph::kind,
    items: opt StrArray("Rich-text items."),
}

table! { pub mod values: "a values block",
    "A heading and rows of a label and a number (\"In your base line = 1 pt.\"), two to a line when they fit.";
    kind = super::paragraph::kind,
    heading: req Str("Rich-text heading."),
    unit: opt Str("The word after a value of 1 or -1, e.g. \"pt.\" (default: none)."),
    units: opt Str("The word after any other value, e.g. \"pts.\" (default: `unit`)."),
    rows: opt Tables(&value_row::DEF),
}

table! { pub mod chart_table: "a table block",
    "A table of the game's charts printed on the aid, as the chart set prints it.";
    kind = super::paragraph::kind,
    table: req Str("The id of a chart block (a results, ranges, modifiers, matrix or checklist block): the id `grogpress odds` names."),
}

table! { pub mod value_row: "a values row", "A row of a values block: \"label = value\".";
    label: req Str("What the value is for, e.g. \"In your base line\"."),
    value: req Int("The number, e.g. 1."),
}

pub fn load_aid(id: &str, file: FileId, text: &str, diags: &mut Diagnostics) -> Option<Aid> {
    use aid_file as k;
    let root = parse(file, text, diags)?;
    let mut r = Reader::new(file, diags);
    let root = r.open(&root, &k::DEF);
    let title = r.get(&root, k::title).map(|t| t.value).unwrap_or_default();
    let print_title = r.get(&root, k::print_title).unwrap_or(true);
    let blocks = r
        .get_as::<kinds::Tables, _>(&root, k::blocks)
        .iter()
        .filter_map(|b| block(&mut r, b))
        .collect();
    Some(Aid {
        id: id.to_string(),
        title,
        print_title,
        blocks,
        loc: Loc::new(file, 0..0),
    })
}

fn block(r: &mut Reader<'_>, t: &Table<'_>) -> Option<AidBlock> {
    let kind = r.get(&Tab::new(t, "[[blocks]]"), paragraph::kind)?;
    let Some(def) = block_def(aid_file::blocks, &kind.value) else {
        r.diags.push(unknown_kind(aid_file::blocks, &kind));
        return None;
    };
    let t = r.open(t, def);
    match kind.value.as_str() {
        "paragraph" => {
            let small = r.get(&t, paragraph::small).unwrap_or(false);
            r.get(&t, paragraph::text)
                .map(|text| AidBlock::Paragraph { text, small })
        }
        "heading" => {
            let level = match r.get(&t, heading::level) {
                None => 2,
                Some(l) if heading::level.admits(l.value) => l.value as u8,
                Some(l) => {
                    r.diags.push(crate::error!(
                        "bad-value", Some(l.loc), "level = {} is no heading level", l.value;
                        hint: "1 for a page's head, 2 for a section's"
                    ));
                    2
                }
            };
            r.get(&t, heading::text)
                .map(|text| AidBlock::Heading { text, level })
        }
        "items" => {
            let collection = r.get(&t, items::collection);
            let empty = r.get(&t, items::empty).map(|e| e.value);
            let columns = r
                .get(&t, items::columns)
                .iter()
                .filter_map(|c| {
                    let c = r.open(c, &items_column::DEF);
                    let field = r.get(&c, items_column::field);
                    let heading = r.get(&c, items_column::heading).map(|h| h.value);
                    Some(AidColumn {
                        field: field?,
                        heading,
                    })
                })
                .collect();
            Some(AidBlock::Items {
                collection: collection?,
                columns,
                empty: empty.unwrap_or_else(|| "-".to_string()),
                loc: kind.loc,
            })
        }
        "chain" => {
            let collection = r.get(&t, chain::collection);
            let field = r.get(&t, chain::field);
            let note = r.get(&t, chain::note);
            Some(AidBlock::Chain {
                collection: collection?,
                field: field?,
                note,
            })
        }
        "dice" => {
            let collection = r.get(&t, dice::collection);
            let faces = r.get(&t, dice::faces);
            let expected = r.get(&t, dice::expected);
            let legend = r.get(&t, dice::legend).unwrap_or(false);
            Some(AidBlock::Dice {
                collection: collection?,
                faces: faces?,
                expected,
                legend,
            })
        }
        "copyright" => Some(AidBlock::Copyright(kind.loc)),
        "forces" => Some(AidBlock::Forces {
            loc: kind.loc,
            side: r.get(&t, forces::side),
            label: r.get(&t, forces::label).map(|l| l.value),
        }),
        "list" => Some(AidBlock::List(r.get(&t, list::items))),
        "table" => r.get(&t, chart_table::table).map(AidBlock::Table),
        "values" => {
            let heading = r.get(&t, values::heading)?;
            let one = r.get(&t, values::unit).map(|u| u.value);
            let many = r.get(&t, values::units).map(|u| u.value);
            let rows = r
                .get(&t, values::rows)
                .iter()
                .filter_map(|row| {
                    let row = r.open(row, &value_row::DEF);
                    let label = r.get(&row, value_row::label);
                    let value = r.get(&row, value_row::value);
                    Some(ValueRow {
                        label: label?.value,
                        value: value?.value,
                    })
                })
                .collect();
            Some(AidBlock::Values {
                heading,
                unit: ValueUnit {
                    many: many.or_else(|| one.clone()),
                    one,
                },
                rows,
                loc: kind.loc,
            })
        }
        // `block_def` knows no other kind.
        _ => None,
    }
}
