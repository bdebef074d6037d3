//! Load stage: `data/sheets.toml`, the label and card sheet templates.

use super::toml::{Reader, Table, parse};
use crate::diag::{Diagnostic, Diagnostics, FileId};
use crate::model::{CardSize, Paper, SheetTemplate};

pub const SHEETS_FILE_KEYS: &[&str] = &["sheet", "card_size"];
pub const CARD_SIZE_KEYS: &[&str] = &["id", "name", "width", "height"];
pub const PAPER_KEYS: &[&str] = &["width", "height"];
pub const SHEET_KEYS: &[&str] = &[
    "id",
    "name",
    "aliases",
    "paper",
    "label_width",
    "label_height",
    "radius",
    "columns",
    "rows",
    "left",
    "top",
    "pitch_x",
    "pitch_y",
];

pub fn load_sheets(file: FileId, text: &str, diags: &mut Diagnostics) -> Vec<SheetTemplate> {
    load_sheets_and_sizes(file, text, diags).0
}

/// Label sheets (`[[sheet]]`) and playing-card sizes (`[[card_size]]`).
pub fn load_sheets_and_sizes(
    file: FileId,
    text: &str,
    diags: &mut Diagnostics,
) -> (Vec<SheetTemplate>, Vec<CardSize>) {
    let Some(root) = parse(file, text, diags) else {
        return (Vec::new(), Vec::new());
    };
    let mut r = Reader::new(file, diags);
    r.check_keys(root.get_ref(), SHEETS_FILE_KEYS, "sheets.toml");
    let sheets = r
        .tables(&root, "sheet")
        .iter()
        .filter_map(|t| sheet(&mut r, t))
        .collect();
    let sizes = r
        .tables(&root, "card_size")
        .iter()
        .filter_map(|t| card_size(&mut r, t))
        .collect();
    (sheets, sizes)
}

fn card_size(r: &mut Reader<'_>, t: &Table<'_>) -> Option<CardSize> {
    const W: &str = "[[card_size]]";
    r.check_keys(t.get_ref(), CARD_SIZE_KEYS, W);
    let id = r.req_str(t, "id", W);
    let name = r.req_str(t, "name", W);
    let width = r.req_length(t, "width", W);
    let height = r.req_length(t, "height", W);
    Some(CardSize {
        id: id?.value,
        name: name?.value,
        width: width?.value,
        height: height?.value,
    })
}

fn sheet(r: &mut Reader<'_>, t: &Table<'_>) -> Option<SheetTemplate> {
    const W: &str = "[[sheet]]";
    r.check_keys(t.get_ref(), SHEET_KEYS, W);
    let id = r.req_str(t, "id", W);
    let name = r.req_str(t, "name", W);
    let aliases = r
        .str_array(t, "aliases")
        .into_iter()
        .map(|a| a.value)
        .collect();
    let paper = paper(r, t);
    let label_width = r.req_length(t, "label_width", W);
    let label_height = r.req_length(t, "label_height", W);
    let radius = r.opt_length(t, "radius").map_or(0.0, |l| l.value);
    let columns = r.req_int(t, "columns", W);
    let rows = r.req_int(t, "rows", W);
    let left = r.req_length(t, "left", W);
    let top = r.req_length(t, "top", W);
    let pitch_x = r.req_length(t, "pitch_x", W);
    let pitch_y = r.req_length(t, "pitch_y", W);
    let (columns, rows) = (columns?, rows?);
    for n in [&columns, &rows] {
        if n.value < 1 {
            r.diags.push(Diagnostic::error(
                "bad-value",
                "a sheet needs at least one column and one row",
                Some(n.loc.clone()),
            ));
            return None;
        }
    }
    let ((paper_name, paper), id) = (paper?, id?);
    let sheet = SheetTemplate {
        id: id.value,
        name: name?.value,
        aliases,
        paper_name,
        paper,
        label_width: label_width?.value,
        label_height: label_height?.value,
        radius,
        columns: columns.value as usize,
        rows: rows.value as usize,
        left: left?.value,
        top: top?.value,
        pitch_x: pitch_x?.value,
        pitch_y: pitch_y?.value,
    };
    let (last_x, last_y) = sheet.label_origin(sheet.per_page() - 1);
    if last_x + sheet.label_width > sheet.paper.width + 0.5
        || last_y + sheet.label_height > sheet.paper.height + 0.5
    {
        r.diags.push(
            Diagnostic::error(
                "sheet-off-page",
                format!("sheet `{}`: the last label runs off the page", sheet.id),
                Some(id.loc),
            )
            .with_hint("check left/top, the pitch and the label size against the paper"),
        );
        return None;
    }
    Some(sheet)
}

fn paper(r: &mut Reader<'_>, t: &Table<'_>) -> Option<(String, Paper)> {
    let is_table = t
        .get_ref()
        .get("paper")
        .is_some_and(|v| v.get_ref().is_table());
    if is_table && let Some(custom) = r.table(t, "paper") {
        r.check_keys(custom.get_ref(), PAPER_KEYS, "paper");
        let w = r.req_length(&custom, "width", "paper");
        let h = r.req_length(&custom, "height", "paper");
        return Some((
            "custom".into(),
            Paper {
                width: w?.value,
                height: h?.value,
            },
        ));
    }
    let name = r.req_str(t, "paper", "[[sheet]]")?;
    match name.value.as_str() {
        "letter" => Some((name.value, Paper::LETTER)),
        "a4" => Some((name.value, Paper::A4)),
        other => {
            r.diags.push(
                Diagnostic::error(
                    "bad-value",
                    format!("unknown paper `{other}`"),
                    Some(name.loc),
                )
                .with_hint("paper is \"letter\", \"a4\" or { width = ..., height = ... }"),
            );
            None
        }
    }
}
