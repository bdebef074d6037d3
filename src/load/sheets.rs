//! Load stage: `data/sheets.toml`, the label and card sheet templates.

use super::spec::{OneOf, Tab, kinds::Str, one_of, table};
use super::toml::{MAX_LENGTH, Reader, Table, parse};
use crate::diag::{Diagnostics, FileId};
use crate::model::{CardSize, Paper, PaperSize, SheetTemplate};

table! { pub mod sheets_toml: "sheets.toml", "Label and card sheet templates.";
    sheet: opt Tables(&sheet::DEF),
    card_size: opt Tables(&card_size::DEF),
}

/// The most labels a sheet has across or down.
const MAX_LABELS_ACROSS: i64 = 100;

const LENGTH: &str = "Points, or a string with a unit: \"0.125in\", \"3.2mm\", \"9pt\".";

// A paper size's name, in any case (`"A4"`).
one_of!(impl PaperSize + ANY_CASE { Letter = "letter", A4 = "a4" });

table! { pub mod sheet: "[[sheet]]", "A sheet of labels (sizes from the gLabels template database).";
    id: req Str("What --sheet takes, e.g. \"avery-5395\"."),
    name: req Str("Shown by `grogpress sheets`."),
    aliases: opt StrArray("Other product numbers of the same sheet."),
    paper: req AnyOf(
        &[Ty::OneOf(<PaperSize as OneOf>::WORDS, "A paper size."), Ty::Table(&paper::DEF)],
        "\"letter\", \"a4\" or { width, height }.",
    ),
    label_width: req Length(LENGTH),
    label_height: req Length(LENGTH),
    radius: opt Length(LENGTH),
    columns: req Int("Labels across / down."),
    rows: req Int("Labels across / down."),
    left: req Length(LENGTH),
    top: req Length(LENGTH),
    pitch_x: req Length(LENGTH),
    pitch_y: req Length(LENGTH),
}

table! { pub mod paper: "paper", "A custom paper size.";
    width: req Length("A length."),
    height: req Length("A length."),
}

table! { pub mod card_size: "[[card_size]]", "A playing-card size for print-and-play sheets.";
    id: req Str("e.g. \"poker\"."),
    name: req Str("Shown in listings."),
    width: req Length("A length."),
    height: req Length("A length."),
}

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
    let root = r.open(&root, &sheets_toml::DEF);
    let sheets = r
        .get(&root, sheets_toml::sheet)
        .iter()
        .filter_map(|t| sheet(&mut r, t))
        .collect();
    let sizes = r
        .get(&root, sheets_toml::card_size)
        .iter()
        .filter_map(|t| card_size(&mut r, t))
        .collect();
    (sheets, sizes)
}

fn card_size(r: &mut Reader<'_>, t: &Table<'_>) -> Option<CardSize> {
    use card_size as k;
    let t = r.open(t, &k::DEF);
    let id = r.get(&t, k::id);
    let name = r.get(&t, k::name);
    let width = r.get(&t, k::width);
    let width = r.positive(width, "width", MAX_LENGTH, "pt");
    let height = r.get(&t, k::height);
    let height = r.positive(height, "height", MAX_LENGTH, "pt");
    Some(CardSize {
        id: id?.value,
        name: name?.value,
        width: width?.value,
        height: height?.value,
    })
}

fn sheet(r: &mut Reader<'_>, t: &Table<'_>) -> Option<SheetTemplate> {
    use sheet as k;
    let t = r.open(t, &k::DEF);
    let id = r.get(&t, k::id);
    let name = r.get(&t, k::name);
    let aliases = r.get(&t, k::aliases).into_iter().map(|a| a.value).collect();
    let paper = paper(r, &t);
    let label_width = r.get(&t, k::label_width);
    let label_width = r.positive(label_width, "label_width", MAX_LENGTH, "pt");
    let label_height = r.get(&t, k::label_height);
    let label_height = r.positive(label_height, "label_height", MAX_LENGTH, "pt");
    let radius = r.get(&t, k::radius).map_or(0.0, |l| l.value);
    let columns = r.get(&t, k::columns);
    let rows = r.get(&t, k::rows);
    let left = r.get(&t, k::left);
    let top = r.get(&t, k::top);
    let pitch_x = r.get(&t, k::pitch_x);
    let pitch_x = r.positive(pitch_x, "pitch_x", MAX_LENGTH, "pt");
    let pitch_y = r.get(&t, k::pitch_y);
    let pitch_y = r.positive(pitch_y, "pitch_y", MAX_LENGTH, "pt");
    let (columns, rows) = (columns?, rows?);
    for n in [&columns, &rows] {
        if n.value < 1 {
            r.diags.push(crate::error!(
                "bad-value",
                Some(n.loc),
                "a sheet needs at least one column and one row"
            ));
            return None;
        }
        if n.value > MAX_LABELS_ACROSS {
            r.diags.push(crate::error!(
                "limit-exceeded", Some(n.loc),
                "a sheet of {} labels in a row or column is past the {MAX_LABELS_ACROSS} any sheet has", n.value;
                hint: "check `columns` and `rows` against the sheet's maker's template"
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
        r.diags.push(crate::error!(
            "sheet-off-page", Some(id.loc),
            "sheet `{}`: the last label runs off the page", sheet.id;
            hint: "check left/top, the pitch and the label size against the paper"
        ));
        return None;
    }
    Some(sheet)
}

/// `paper = "letter"`, or a custom size `{ width, height }`.
fn paper(r: &mut Reader<'_>, t: &Tab<'_, '_>) -> Option<(String, Paper)> {
    let is_table = sheet::paper.of(t).is_some_and(|v| v.get_ref().is_table());
    if is_table && let Some(custom) = r.table(t, sheet::paper.name()) {
        let custom = r.open(&custom, &paper::DEF);
        let w = r.get(&custom, paper::width);
        let w = r.positive(w, "width", MAX_LENGTH, "pt");
        let h = r.get(&custom, paper::height);
        let h = r.positive(h, "height", MAX_LENGTH, "pt");
        return Some((
            "custom".into(),
            Paper {
                width: w?.value,
                height: h?.value,
            },
        ));
    }
    let name = r.get_as::<Str, _>(t, sheet::paper)?;
    if let Some(size) = PaperSize::parse(&name.value) {
        return Some((name.value, size.paper()));
    }
    let words: Vec<String> = PaperSize::WORDS
        .iter()
        .map(|w| format!("\"{w}\""))
        .collect();
    r.diags.push(crate::error!(
        "bad-value", Some(name.loc), "unknown paper `{}`", name.value;
        hint: "paper is {} or {{ width = ..., height = ... }}", words.join(", ")
    ));
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHEET: &str = r#"[[sheet]]
id = "avery-5395"
name = "Avery 5395 Name Badge Labels"
paper = "letter"
label_width = "3.375in"
label_height = "2.333333333in"
columns = 2
rows = 4
left = "0.6875in"
top = "0.583333333in"
pitch_x = "3.75in"
pitch_y = "2.5in"
"#;

    /// The ids and offsets of the diagnostics of `text`, and its sheets.
    fn load(text: &str) -> (Vec<(&'static str, usize)>, usize) {
        let mut diags = Diagnostics::default();
        let sheets = load_sheets(FileId::default(), text, &mut diags);
        let found = diags
            .list
            .iter()
            .map(|d| (d.id, d.loc.as_ref().map_or(0, |l| l.span.start)))
            .collect();
        (found, sheets.len())
    }

    #[test]
    fn a_sheet_of_sane_numbers_loads_and_others_are_located_errors() {
        assert_eq!(load(SHEET), (vec![], 1));
        let many = SHEET.replace("columns = 2", "columns = 9223372036854775807");
        let at = many.find("9223372036854775807").expect("the value");
        assert_eq!(load(&many), (vec![("limit-exceeded", at)], 0));
        let negative = SHEET.replace("label_width = \"3.375in\"", "label_width = \"-3in\"");
        let at = negative.find("\"-3in\"").expect("the value");
        assert_eq!(load(&negative), (vec![("bad-value", at)], 0));
        let flat = SHEET.replace("pitch_y = \"2.5in\"", "pitch_y = 0");
        let at = flat.rfind('0').expect("the value");
        assert_eq!(load(&flat), (vec![("bad-value", at)], 0));
        let long = SHEET.replace("top = \"0.583333333in\"", "top = \"1e30in\"");
        let at = long.find("\"1e30in\"").expect("the value");
        assert_eq!(load(&long), (vec![("limit-exceeded", at)], 0));
    }
}
