//! Load stage: a player-aid file (blocks of rich text, lists, points rows) into an [`Aid`].

use super::toml::{Reader, Table, parse};
use crate::diag::{Diagnostic, Diagnostics, FileId, Loc};
use crate::model::{Aid, AidBlock, PointsRow};

pub const KINDS: &[&str] = &["paragraph", "forces", "list", "points"];
pub const AID_KEYS: &[&str] = &["title", "print_title", "blocks"];
pub const PARAGRAPH_KEYS: &[&str] = &["kind", "text"];
pub const FORCES_KEYS: &[&str] = &["kind"];
pub const LIST_KEYS: &[&str] = &["kind", "items"];
pub const POINTS_KEYS: &[&str] = &["kind", "heading", "rows"];
pub const POINTS_ROW_KEYS: &[&str] = &["where", "points"];

pub fn load_aid(id: &str, file: FileId, text: &str, diags: &mut Diagnostics) -> Option<Aid> {
    let root = parse(file, text, diags)?;
    let mut r = Reader::new(file, diags);
    r.check_keys(root.get_ref(), AID_KEYS, "an aid file");
    let title = r
        .req_str(&root, "title", "the aid")
        .map(|t| t.value)
        .unwrap_or_default();
    let print_title = r.opt_bool(&root, "print_title").unwrap_or(true);
    let blocks = r
        .tables(&root, "blocks")
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
    let kind = r.req_str(t, "kind", "[[blocks]]")?;
    match kind.value.as_str() {
        "paragraph" => {
            r.check_keys(t.get_ref(), PARAGRAPH_KEYS, "a paragraph block");
            r.req_str(t, "text", "a paragraph block")
                .map(AidBlock::Paragraph)
        }
        "forces" => {
            r.check_keys(t.get_ref(), FORCES_KEYS, "a forces block");
            Some(AidBlock::Forces(kind.loc))
        }
        "list" => {
            r.check_keys(t.get_ref(), LIST_KEYS, "a list block");
            Some(AidBlock::List(r.str_array(t, "items")))
        }
        "points" => {
            r.check_keys(t.get_ref(), POINTS_KEYS, "a points block");
            let heading = r.req_str(t, "heading", "a points block")?;
            let rows = r
                .tables(t, "rows")
                .iter()
                .filter_map(|row| {
                    r.check_keys(row.get_ref(), POINTS_ROW_KEYS, "a points row");
                    let place = r.req_str(row, "where", "a points row");
                    let points = r.req_int(row, "points", "a points row");
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
        other => {
            r.diags.push(
                Diagnostic::error(
                    "bad-value",
                    format!("unknown block kind `{other}`"),
                    Some(kind.loc),
                )
                .with_hint(format!("kind is one of: {}", KINDS.join(", "))),
            );
            None
        }
    }
}
