//! Load stage: a deck's cards from a CSV file beside it (`cards = "cards.csv"`),
//! as exported from a spreadsheet — a header row naming the deck's fields, then
//! one card per row — into [`Card`]s whose values point at their CSV cells.
//! The `csv` crate reads the values; cell spans are found by scanning the raw
//! record so every problem is located at the CSV's line:col.

use std::ops::Range;
use std::path::Path;

use super::paths::Confine;
use super::{OpError, read_source_lent};
use crate::diag::{Diagnostics, FileId, LineIndex, Loc, Sources};
use crate::model::{Card, FieldDecl, FieldKind, FieldValue, Located, TextPool};

/// Reads the CSV file `name` (relative to the deck's folder `dir`) into cards.
/// A missing file or a problem in it is a diagnostic; only an unreadable file
/// is an operational error. `None` when there is no usable card list: a
/// missing file, a CSV syntax error or a bad header row.
pub fn load_cards_csv(
    confine: &Confine,
    dir: &Path,
    name: &Located<String>,
    fields: &[FieldDecl],
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<Option<Vec<Card>>, OpError> {
    let Some(path) = confine.resolve(dir, name, "the card list", diags) else {
        return Ok(None);
    };
    // The text is lent, not copied, while it is read (a long card list is
    // tens of megabytes); it is handed back before anything reports on it.
    let (file, text, ok) = read_source_lent(&path, sources, diags)?;
    let cards = if ok {
        cards_from_csv(file, &text, fields, diags)
    } else {
        None
    };
    sources.set_text(file, text);
    Ok(cards)
}

/// One record of the CSV: its cells' values and their byte spans in the file.
pub(super) struct Row {
    pub(super) cells: Vec<String>,
    pub(super) spans: Vec<Range<usize>>,
    /// The whole record, for a card's location.
    pub(super) span: Range<usize>,
}

/// Parses CSV text into cards of a deck with these fields; `None` after a
/// syntax error or a bad header row.
pub fn cards_from_csv(
    file: FileId,
    text: &str,
    fields: &[FieldDecl],
    diags: &mut Diagnostics,
) -> Option<Vec<Card>> {
    // Each row becomes a card as it is read: a 100,000-row file is not
    // held as rows as well. What the header and the cards say is reported
    // only once the whole file reads as CSV (a syntax error is all that is
    // said then).
    let mut found = Diagnostics::default();
    // `None` before the header row; `Some(None)` after a bad one.
    let mut header: Option<Option<Vec<Option<usize>>>> = None;
    let mut cards = Vec::new();
    // A text many cards share (who may play it, when) is held once.
    let mut pool = TextPool::default();
    let read = for_each_row(file, text, diags, |row| match &header {
        None => header = Some(columns(file, &row, fields, &mut found)),
        Some(Some(columns)) => cards.push(card(
            file, text, &row, columns, fields, &mut pool, &mut found,
        )),
        Some(None) => {}
    });
    if !read {
        return None;
    }
    diags.extend(found);
    match header {
        None => {
            diags.push(crate::error!(
                "missing-field", Some(Loc::new(file, 0..0)),
                "the card list is empty: it has no header row";
                hint: "{}", header_hint(fields)
            ));
            None
        }
        Some(columns) => columns.map(|_| cards),
    }
}

fn header_hint(fields: &[FieldDecl]) -> String {
    let names: Vec<&str> = fields.iter().map(|f| f.name.as_str()).collect();
    format!("the first row names the columns: {}", names.join(","))
}

/// Every record with its cell spans; `None` after a `csv-syntax` diagnostic.
pub(super) fn read_rows(file: FileId, text: &str, diags: &mut Diagnostics) -> Option<Vec<Row>> {
    let mut rows = Vec::new();
    for_each_row(file, text, diags, |row| rows.push(row)).then_some(rows)
}

/// Hands each record with its cell spans to `each`, in order; false after
/// a `csv-syntax` diagnostic (the records before it were handed on).
fn for_each_row(
    file: FileId,
    text: &str,
    diags: &mut Diagnostics,
    mut each: impl FnMut(Row),
) -> bool {
    // Spreadsheets often save UTF-8 with a byte-order mark; it is not data.
    let skip = if text.starts_with('\u{FEFF}') { 3 } else { 0 };
    let body = &text[skip..];
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(body.as_bytes());
    // The header's width, which the rows' stray quotes are measured by.
    let mut columns = None;
    // Built when a warning first needs a line number, once for the file.
    let mut index = None;
    for record in reader.records() {
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                let at = e.position().map_or(0, |p| p.byte() as usize) + skip;
                diags.push(crate::error!(
                    "csv-syntax", Some(Loc::new(file, at..at)), "invalid CSV: {e}";
                    hint: "save the sheet as CSV (comma-separated, UTF-8)"
                ));
                return false;
            }
        };
        let start = record.position().map_or(0, |p| p.byte() as usize) + skip;
        let spans = match cell_spans(text, start, record.len()) {
            Ok(spans) => spans,
            Err(quote) => {
                let at = quote..text.len();
                diags.push(
                crate::error!(
                    "csv-syntax", Some(Loc::new(file, at)),
                    "invalid CSV: a quoted cell is never closed";
                    hint: "a cell that starts with \" ends with \"; write a quote inside a cell as \"\""
                ),
            );
                return false;
            }
        };
        let span = spans.first().map_or(start, |s| s.start)..spans.last().map_or(start, |s| s.end);
        let columns = *columns.get_or_insert(record.len());
        for cell in &spans {
            warn_stray_quote(file, text, &mut index, cell, columns, diags);
        }
        each(Row {
            // A file saved with Windows line ends keeps them inside quoted
            // cells: a cell's line breaks are `\n` whatever the file's.
            cells: record.iter().map(|c| c.replace("\r\n", "\n")).collect(),
            spans,
            span,
        });
    }
    true
}

/// A quoted cell that is most likely a quote typed by mistake, which
/// swallowed the rows after it: it runs over several lines and either one
/// of them holds as many commas as a row has, or text follows its closing
/// quote (a quote that does not end the cell). A warning at the opening
/// quote (a cell may hold such lines on purpose).
fn warn_stray_quote(
    file: FileId,
    text: &str,
    index: &mut Option<LineIndex>,
    cell: &Range<usize>,
    columns: usize,
    diags: &mut Diagnostics,
) {
    let body = &text[cell.clone()];
    let lines = body.lines().count();
    if columns < 2 || !body.starts_with('"') || lines < 2 {
        return;
    }
    let row_like = body
        .lines()
        .enumerate()
        .skip(1)
        .find(|(_, line)| line.matches(',').count() + 1 >= columns);
    let why = match row_like {
        Some((n, _)) => {
            let index = index.get_or_insert_with(|| LineIndex::new(text));
            let (line, _) = index.line_col(text, cell.start);
            format!(
                "its line {} has {columns} cells' worth of commas, like a row of its own",
                line + n
            )
        }
        None if !closes_at_end(body) => {
            "text follows its closing quote, so that quote did not end it either".to_string()
        }
        None => return,
    };
    diags.push(
        crate::warning!(
            "csv-stray-quote", Some(Loc::new(file, cell.start..cell.start + 1)),
            "this quoted cell runs on over {lines} lines, and {why}";
            hint: "if the quote was typed by mistake, delete it (the rows after it were read as this one cell); a quote inside a cell is written \"\""
        ),
    );
}

/// Whether a quoted cell (`body` starts with its opening quote) ends with
/// its closing quote, nothing after it.
fn closes_at_end(body: &str) -> bool {
    let bytes = body.as_bytes();
    let mut i = 1;
    while i < bytes.len() {
        match bytes[i] {
            b'"' if bytes.get(i + 1) == Some(&b'"') => i += 2,
            b'"' => return i + 1 == bytes.len(),
            _ => i += 1,
        }
    }
    false
}

/// The byte spans of the `count` cells of the record starting near `start`
/// (quotes included); `Err(opening quote)` if a quoted cell runs to the end of the text.
fn cell_spans(text: &str, start: usize, count: usize) -> Result<Vec<Range<usize>>, usize> {
    let bytes = text.as_bytes();
    let mut i = start;
    // A record's position may sit on the line break that ended the previous one.
    while i < bytes.len() && (bytes[i] == b'\n' || bytes[i] == b'\r') {
        i += 1;
    }
    let mut spans = Vec::with_capacity(count);
    loop {
        let cell_start = i;
        if bytes.get(i) == Some(&b'"') {
            i += 1;
            loop {
                match bytes.get(i) {
                    None => return Err(cell_start),
                    Some(b'"') if bytes.get(i + 1) == Some(&b'"') => i += 2,
                    Some(b'"') => {
                        i += 1;
                        break;
                    }
                    Some(_) => i += 1,
                }
            }
        }
        while i < bytes.len() && !matches!(bytes[i], b',' | b'\n' | b'\r') {
            i += 1;
        }
        spans.push(cell_start..i);
        if bytes.get(i) == Some(&b',') && spans.len() < count {
            i += 1;
        } else {
            break;
        }
    }
    Ok(spans)
}

/// The field each column holds. Unknown, repeated and missing required
/// columns are reported; `None` when the header is unusable.
fn columns(
    file: FileId,
    header: &Row,
    fields: &[FieldDecl],
    diags: &mut Diagnostics,
) -> Option<Vec<Option<usize>>> {
    let names: Vec<&str> = fields.iter().map(|f| f.name.as_str()).collect();
    let mut columns = Vec::with_capacity(header.cells.len());
    let errors = diags.error_count();
    for (cell, span) in header.cells.iter().zip(&header.spans) {
        let name = cell.trim();
        let loc = Loc::new(file, span.clone());
        let index = fields.iter().position(|f| f.name == name);
        match index {
            None => {
                let d = crate::error!(
                    "unknown-field",
                    Some(loc),
                    "unknown column `{name}`: the deck declares no such field"
                );
                diags.push(match super::toml::closest(name, &names) {
                    Some(best) => d.with_hint(format!("did you mean `{best}`?")),
                    None => d.with_hint(format!(
                        "columns are the deck's fields: {}",
                        names.join(", ")
                    )),
                });
            }
            Some(i) if columns.contains(&Some(i)) => diags.push(crate::error!(
                "duplicate-column", Some(loc), "the column `{name}` appears twice";
                hint: "each field has one column; delete or rename the other"
            )),
            Some(_) => {}
        }
        columns.push(index);
    }
    for (i, field) in fields.iter().enumerate() {
        if !field.optional && !columns.contains(&Some(i)) {
            diags.push(crate::error!(
                "missing-field", Some(Loc::new(file, header.span.clone())),
                "the card list has no column `{}`, which every card needs", field.name;
                hint: "add a column `{}`, or declare the field optional = true", field.name
            ));
        }
    }
    (diags.error_count() == errors).then_some(columns)
}

/// One card from one row.
fn card(
    file: FileId,
    text: &str,
    row: &Row,
    columns: &[Option<usize>],
    fields: &[FieldDecl],
    pool: &mut TextPool,
    diags: &mut Diagnostics,
) -> Card {
    let errors = diags.error_count();
    if row.cells.len() > columns.len()
        && let Some(extra) = row.spans.get(columns.len())
    {
        let last = row.spans.last().map_or(extra.end, |s| s.end);
        diags.push(crate::error!(
            "too-many-cells", Some(Loc::new(file, extra.start..last)),
            "this row has {} cells but the header names {} columns", row.cells.len(), columns.len();
            hint: "a comma inside a cell needs the cell in quotes: \"Attack, then move\""
        ));
        // Which cell is extra cannot be told, so the row's values are not read.
        return Card {
            loc: Loc::new(file, row.span.clone()),
            values: vec![None; fields.len()],
            complete: false,
        };
    }
    let mut values: Vec<Option<Located<FieldValue>>> = vec![None; fields.len()];
    for (col, field_index) in columns.iter().enumerate() {
        let Some(field_index) = *field_index else {
            continue;
        };
        let field = &fields[field_index];
        let (cell, span) = match (row.cells.get(col), row.spans.get(col)) {
            (Some(c), Some(s)) => (c.as_str(), s.clone()),
            _ => ("", row.span.end..row.span.end),
        };
        let loc = Loc::new(file, span);
        if cell.is_empty() {
            if !field.optional {
                diags.push(crate::error!(
                    "missing-field", Some(loc),
                    "the card has no value for the field `{}`", field.name;
                    hint: "fill in `{}`, or declare the field optional = true", field.name
                ));
            }
            continue;
        }
        let raw = text.get(loc.span.range()).unwrap_or(cell);
        if let Some(value) = cell_value(field, cell, raw, &loc, pool, diags) {
            values[field_index] = Some(Located::new(value, loc));
        }
    }
    Card {
        loc: Loc::new(file, row.span.clone()),
        values,
        complete: diags.error_count() == errors,
    }
}

/// A cell's text as a value of the field's kind; `raw` is the cell as written
/// in the file (quotes included), at `loc`.
fn cell_value(
    field: &FieldDecl,
    cell: &str,
    raw: &str,
    loc: &Loc,
    pool: &mut TextPool,
    diags: &mut Diagnostics,
) -> Option<FieldValue> {
    let cell = undefuse(cell);
    match &field.kind {
        FieldKind::Faces(_) => faces(field, cell, raw, loc, diags),
        // A declared symbol (Grognards' range "K") stands in for a number.
        FieldKind::Int if field.is_symbol(cell.trim()) => {
            Some(FieldValue::Text(pool.text(cell.trim())))
        }
        FieldKind::Int => match cell.trim().parse::<i64>() {
            Ok(n) => Some(FieldValue::Int(n)),
            Err(_) => {
                diags.push(crate::error!(
                    "wrong-type", Some(*loc),
                    "`{}` must be an integer, found `{cell}`", field.name;
                    hint: "write `{}` as a whole number, e.g. 2", field.name
                ));
                None
            }
        },
        FieldKind::YesNo(_) => match cell.trim().to_lowercase().as_str() {
            "yes" | "true" => Some(FieldValue::Text(pool.text(crate::model::YES))),
            "no" | "false" => Some(FieldValue::Text(pool.text(crate::model::NO))),
            _ => {
                diags.push(crate::error!(
                    "wrong-type", Some(*loc),
                    "`{}` is yes or no, found `{cell}`", field.name;
                    hint: "write yes or no (or true or false); an empty cell is no value"
                ));
                None
            }
        },
        FieldKind::Enum(allowed)
            if !allowed.iter().any(|a| a == cell) && !field.is_symbol(cell) =>
        {
            diags.push(crate::error!(
                "bad-enum-value", Some(*loc),
                "`{cell}` is not a value of field `{}`", field.name;
                hint: "use one of: {}", allowed.join(" | ")
            ));
            None
        }
        _ => Some(FieldValue::Text(pool.text(cell))),
    }
}

/// The separator of a die's faces in a cell: `sword | sword burst | ` is three
/// faces, the last blank.
pub const FACE_SEPARATOR: char = '|';

/// A faces cell: the faces separated by `|`, each a space-separated list of
/// symbols (blank for a blank face; spaces around a `|` do not count). Each
/// face is located at its own place in the cell, so an undeclared symbol or
/// a wrong count is reported there. A cell written as a TOML list is a
/// `wrong-type` at the cell.
fn faces(
    field: &FieldDecl,
    cell: &str,
    raw: &str,
    loc: &Loc,
    diags: &mut Diagnostics,
) -> Option<FieldValue> {
    let trimmed = cell.trim();
    if trimmed.starts_with('[') && trimmed.ends_with(']') {
        diags.push(crate::error!(
            "wrong-type", Some(*loc),
            "`{}` is a list of faces separated by `{FACE_SEPARATOR}`, not a TOML list", field.name;
            hint: "write the faces as ` | sword | sword burst` (a blank face is empty between bars)"
        ));
        return None;
    }
    // Where the cell's text starts in the file: after an opening quote. A
    // cell whose text holds a doubled quote cannot be mapped byte for byte,
    // so its faces are located at the whole cell.
    let offset = match raw.strip_prefix('"') {
        Some(inner) if !inner.trim_end_matches('"').contains('"') => Some(1),
        Some(_) => None,
        None => Some(0),
    };
    let count = cell.matches(FACE_SEPARATOR).count() + 1;
    if count > crate::model::MAX_FACES {
        diags.push(crate::model::too_many_faces(&field.name, count, *loc));
        return None;
    }
    let mut faces = Vec::new();
    let mut start = 0;
    for part in cell.split(FACE_SEPARATOR) {
        let lead = part.len() - part.trim_start().len();
        let face = part.trim();
        let span = match offset {
            Some(o) => {
                let at = loc.span.start + o + start + lead;
                at..at + face.len()
            }
            None => loc.span.range(),
        };
        faces.push(Located::new(face.to_string(), Loc::new(loc.file, span)));
        start += part.len() + FACE_SEPARATOR.len_utf8();
    }
    Some(FieldValue::List(faces))
}

/// A value as a CSV cell, as `cell_value` reads it back; one a spreadsheet
/// would run as a formula is kept as text (see [`defuse`]).
fn csv_cell(value: &FieldValue) -> String {
    defuse(match value {
        FieldValue::List(faces) => faces
            .iter()
            .map(|f| f.value.as_str())
            .collect::<Vec<_>>()
            .join(&format!(" {FACE_SEPARATOR} ")),
        other => other.display(),
    })
}

/// What starts a formula in a spreadsheet (OWASP, CSV injection).
const FORMULA_STARTS: &[char] = &['=', '+', '-', '@', '\t', '\r'];

/// A cell starting like a formula (after any apostrophes), prefixed with
/// one more apostrophe so that a spreadsheet shows it as text; reading back
/// ([`undefuse`]) takes exactly that one off.
fn defuse(cell: String) -> String {
    if cell.trim_start_matches('\'').starts_with(FORMULA_STARTS) {
        format!("'{cell}")
    } else {
        cell
    }
}

/// The cell as the data means it: the apostrophe [`defuse`] put before a
/// formula's first character (and any apostrophes before it) taken off.
fn undefuse(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.trim_start_matches('\'').starts_with(FORMULA_STARTS) => rest,
        _ => cell,
    }
}

/// A deck's cards as CSV text: a header of the field names, one row per card.
/// Absent values are empty cells; cells are quoted only where needed.
pub fn cards_to_csv(fields: &[FieldDecl], cards: &[Card]) -> Result<String, OpError> {
    let mut writer = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    let fail = |e: csv::Error| OpError::new(format!("cannot write CSV: {e}"));
    writer
        .write_record(fields.iter().map(|f| f.name.as_str()))
        .map_err(fail)?;
    for card in cards {
        let row: Vec<String> = (0..fields.len())
            .map(|i| {
                card.values
                    .get(i)
                    .and_then(|v| v.as_ref())
                    .map(|v| csv_cell(&v.value))
                    .unwrap_or_default()
            })
            .collect();
        writer.write_record(&row).map_err(fail)?;
    }
    let bytes = writer
        .into_inner()
        .map_err(|e| OpError::new(format!("cannot write CSV: {e}")))?;
    String::from_utf8(bytes).map_err(|e| OpError::new(format!("cannot write CSV: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Diagnostic;

    #[test]
    fn formula_cells_are_defused_and_read_back_exactly() {
        for value in [
            "=SUM(A1)", "+1", "-1", "@x", "\tx", "'=x", "''=x", "'plain", "''two", "plain", "", "'",
        ] {
            let out = defuse(value.to_string());
            assert!(
                !out.starts_with(FORMULA_STARTS),
                "{value:?} exported as {out:?}"
            );
            assert_eq!(undefuse(&out), value, "{value:?} via {out:?}");
        }
        assert_eq!(defuse("-1".to_string()), "'-1");
    }

    /// 1-based line and column of `offset` in `text` (a test's few places).
    fn line_col(text: &str, offset: usize) -> (usize, usize) {
        LineIndex::new(text).line_col(text, offset)
    }

    fn fields() -> Vec<FieldDecl> {
        let f = |name: &str, kind: FieldKind, optional: bool| FieldDecl {
            name: name.into(),
            kind,
            optional,
            symbols: Vec::new(),
            min: None,
            max: None,
            kind_loc: Loc::new(0, 0..0),
            loc: Loc::new(0, 0..0),
            kind_unread: false,
        };
        vec![
            f("title", FieldKind::Text, false),
            f("cost", FieldKind::Int, true),
            f(
                "who",
                FieldKind::Enum(vec!["Attacker".into(), "Defender".into()]),
                true,
            ),
        ]
    }

    fn at(text: &str, d: &Diagnostic) -> (usize, usize) {
        line_col(text, d.loc.as_ref().map_or(0, |l| l.span.start))
    }

    #[test]
    fn reads_quoted_multiline_cells() {
        let text =
            "\u{FEFF}title,cost,who\n\"Dug In, twice\",2,Defender\r\n\"Say \"\"hi\"\"\nthere\",,\n";
        let mut diags = Diagnostics::default();
        let cards = cards_from_csv(0, text, &fields(), &mut diags).unwrap_or_default();
        assert!(diags.list.is_empty(), "{diags:?}");
        assert_eq!(cards.len(), 2);
        let title = cards[1].values[0].as_ref().map(|v| v.value.clone());
        assert_eq!(title, Some(FieldValue::Text("Say \"hi\"\nthere".into())));
        assert_eq!(
            cards[0].values[1].as_ref().map(|v| v.value.clone()),
            Some(FieldValue::Int(2))
        );
        assert!(cards[1].values[1].is_none());
        let loc = cards[1].values[0]
            .as_ref()
            .map(|v| v.loc.span.start)
            .unwrap_or(0);
        assert_eq!(line_col(text, loc), (3, 1));
    }

    #[test]
    fn problems_are_located_at_their_cells() {
        let text = "title,cost,who\nA,two,Attacker\nB,1,Nobody\n,3,Defender\nC,1,Attacker,extra\n";
        let mut diags = Diagnostics::default();
        cards_from_csv(0, text, &fields(), &mut diags);
        let found: Vec<(&str, (usize, usize))> =
            diags.list.iter().map(|d| (d.id, at(text, d))).collect();
        assert_eq!(
            found,
            vec![
                ("wrong-type", (2, 3)),
                ("bad-enum-value", (3, 5)),
                ("missing-field", (4, 1)),
                ("too-many-cells", (5, 14)),
            ]
        );
    }

    #[test]
    fn header_problems() {
        let text = "titel,cost\nA,1\n";
        let mut diags = Diagnostics::default();
        assert!(cards_from_csv(0, text, &fields(), &mut diags).is_none());
        assert_eq!(diags.list[0].id, "unknown-field");
        assert_eq!(diags.list[0].hint.as_deref(), Some("did you mean `title`?"));
        assert_eq!(diags.list[1].id, "missing-field");
    }

    #[test]
    fn a_stray_quote_swallowing_rows_is_a_warning_at_the_quote() {
        let text = "title,cost,who\nA,1,Attacker\n\"B,2,Defender\nC,3,Attacker\nD\",4,Defender\n";
        let mut diags = Diagnostics::default();
        let cards = cards_from_csv(0, text, &fields(), &mut diags).unwrap_or_default();
        // The quote made B, C and D one title: two cards instead of four.
        assert_eq!(cards.len(), 2);
        let found: Vec<(&str, (usize, usize))> =
            diags.list.iter().map(|d| (d.id, at(text, d))).collect();
        assert_eq!(found, [("csv-stray-quote", (3, 1))]);
        assert!(diags.list[0].message.contains("its line 4"), "{diags:?}");
        // A quoted cell of several lines without a row's commas is fine.
        let mut diags = Diagnostics::default();
        cards_from_csv(
            0,
            "title,cost,who\n\"Attack, then\nmove\",1,Attacker\n",
            &fields(),
            &mut diags,
        );
        assert!(diags.list.is_empty(), "{diags:?}");
    }

    #[test]
    fn windows_line_ends_inside_a_quoted_cell_are_line_breaks() {
        let text = "title,cost,who\r\n\"Say\r\nthere\",1,Attacker\r\n";
        let mut diags = Diagnostics::default();
        let cards = cards_from_csv(0, text, &fields(), &mut diags).unwrap_or_default();
        assert!(diags.list.is_empty(), "{diags:?}");
        let title = cards[0].values[0].as_ref().map(|v| v.value.clone());
        assert_eq!(title, Some(FieldValue::Text("Say\nthere".into())));
    }

    #[test]
    fn unclosed_quote_is_a_syntax_error() {
        let mut diags = Diagnostics::default();
        cards_from_csv(0, "title\nB,\"A\n", &fields(), &mut diags);
        assert_eq!(diags.list[0].id, "csv-syntax");
        assert_eq!(at("title\nB,\"A\n", &diags.list[0]), (2, 3));
    }

    #[test]
    fn faces_cells_locate_each_face() {
        let mut fields = fields();
        fields.push(FieldDecl {
            name: "faces".into(),
            kind: FieldKind::Faces(crate::model::FacesDecl {
                sides_field: None,
                totals: Vec::new(),
            }),
            optional: true,
            symbols: Vec::new(),
            min: None,
            max: None,
            kind_loc: Loc::new(0, 0..0),
            loc: Loc::new(0, 0..0),
            kind_unread: false,
        });
        let text = "title,faces\nA, | sword |sword  burst\nB,\"shield|\"\nC,\"[\"\"sword\"\"]\"\n";
        let mut diags = Diagnostics::default();
        let cards = cards_from_csv(0, text, &fields, &mut diags).unwrap_or_default();
        let faces = |card: &Card| match cards_value(card) {
            Some(FieldValue::List(f)) => f
                .iter()
                .map(|f| (f.value.clone(), line_col(text, f.loc.span.start)))
                .collect::<Vec<_>>(),
            _ => Vec::new(),
        };
        fn cards_value(card: &Card) -> Option<FieldValue> {
            card.values[3].as_ref().map(|v| v.value.clone())
        }
        assert_eq!(
            faces(&cards[0]),
            vec![
                (String::new(), (2, 4)),
                ("sword".to_string(), (2, 6)),
                ("sword  burst".to_string(), (2, 13)),
            ]
        );
        assert_eq!(
            faces(&cards[1]),
            vec![("shield".to_string(), (3, 4)), (String::new(), (3, 11))]
        );
        assert_eq!(diags.list.len(), 1, "{diags:?}");
        assert_eq!(diags.list[0].id, "wrong-type");
        assert_eq!(at(text, &diags.list[0]), (4, 3));
        // Written back as read.
        let written = cards_to_csv(&fields, &cards[..2]).unwrap_or_default();
        assert_eq!(
            written,
            "title,cost,who,faces\nA,,, | sword | sword  burst\nB,,,shield | \n"
        );
    }

    #[test]
    fn written_csv_reads_back() {
        let text = "title,cost,who\n\"A, b\",2,Attacker\n\"x\"\"y\nz\",,\n";
        let mut diags = Diagnostics::default();
        let cards = cards_from_csv(0, text, &fields(), &mut diags).unwrap_or_default();
        let written = cards_to_csv(&fields(), &cards).unwrap_or_default();
        assert_eq!(written, text);
    }
}
