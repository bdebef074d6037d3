//! Load stage: a player-aid file (blocks of rich text, lists, points rows,
//! tables of the game's charts) into an [`Aid`].

use super::spec::{Tab, block_def, kinds, table, unknown_kind};
use super::toml::{Reader, Table, parse};
use crate::diag::{Diagnostics, FileId, Loc};
use crate::model::{Aid, AidBlock, PointsRow};

table! { pub mod aid_file: "an aid file" / "the aid", "A player aid: blocks printed top to bottom.";
    title: req Str("The aid's title, printed at its head."),
    print_title: opt Bool("Print the title at the head of the aid (default true)."),
    blocks: opt Blocks(
        &[
            ("paragraph", &paragraph::DEF),
            ("forces", &forces::DEF),
            ("list", &list::DEF),
            ("points", &points::DEF),
            ("table", &chart_table::DEF),
        ],
        "The aid's blocks.",
    ),
}

table! { pub mod paragraph: "a paragraph block", "A rich-text paragraph.";
    kind: req Str("The kind of block."),
    text: req Str("Rich text: **bold**, *italic*."),
}

table! { pub mod forces: "a forces block", "\"Forces: 5 Inf, ...\" from game.toml.";
    kind = super::paragraph::kind,
    side: opt Str("Only this side's forces (a [[sides]] name or id); default every side's, a line for each side when the forces name sides."),
}

table! { pub mod list: "a list block", "A bulleted list of rich-text items.";
    kind = super::paragraph::kind,
    items: opt StrArray("Rich-text items."),
}

table! { pub mod points: "a points block", "A heading and rows of (where, points).";
    kind = super::paragraph::kind,
    heading: req Str("Rich-text heading."),
    rows: opt Tables(&points_row::DEF),
}

table! { pub mod chart_table: "a table block",
    "A table of the game's charts printed on the aid, as the chart set prints it.";
    kind = super::paragraph::kind,
    table: req Str("The id of a chart block (a results, ranges, modifiers, matrix or checklist block): the id `grogpress odds` names."),
}

table! { pub mod points_row: "a points row", "A row of the points table.";
    place as "where": req Str("Where, e.g. \"In your base line\"."),
    points: req Int("Points."),
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
        "paragraph" => r.get(&t, paragraph::text).map(AidBlock::Paragraph),
        "forces" => Some(AidBlock::Forces {
            loc: kind.loc,
            side: r.get(&t, forces::side),
        }),
        "list" => Some(AidBlock::List(r.get(&t, list::items))),
        "table" => r.get(&t, chart_table::table).map(AidBlock::Table),
        _ => {
            let heading = r.get(&t, points::heading)?;
            let rows = r
                .get(&t, points::rows)
                .iter()
                .filter_map(|row| {
                    let row = r.open(row, &points_row::DEF);
                    let place = r.get(&row, points_row::place);
                    let points = r.get(&row, points_row::points);
                    Some(PointsRow {
                        place: place?.value,
                        points: points?.value,
                    })
                })
                .collect();
            Some(AidBlock::Points {
                heading,
                rows,
                loc: kind.loc,
            })
        }
    }
}
