//! Diagnostics stage: problems found while loading, validating or laying out
//! data, as located messages (file:line:col, stable id, hint), printed the way
//! rustc does or as JSON lines.
//!
//! The caret renderer ([`render_human`]) is our own, not annotate-snippets
//! or codespan-reporting: neither prints what the `check_output__*`
//! snapshots hold. A long line is quoted here as a window around the
//! column — `…`, up to 49 characters before it, 100 in all, the carets
//! running on to at most 100 (the `aid-overflow` snapshot; the test
//! `a_long_line_is_quoted_as_a_window_around_the_column`) — where
//! annotate-snippets cuts both ends with `...` to centre the span in a
//! terminal width (140 by default) and codespan-reporting prints the whole
//! line; and a hint is `= hint:`, a footer name neither offers.

pub mod explain;
mod lines;
mod op_error;
pub mod print;

pub use lines::LineIndex;
pub use op_error::OpError;

use std::fmt::Write as _;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// Index of a file in [`Sources`].
pub type FileId = usize;

/// A place in a source file: the file and a byte range of its text.
/// Two words and a file number, so it is `Copy` and travels by value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Loc {
    pub file: FileId,
    pub span: Span,
}

impl Loc {
    pub fn new(file: FileId, span: Range<usize>) -> Loc {
        Loc {
            file,
            span: Span::from(span),
        }
    }
}

/// A byte range of a source text: `Range<usize>` is not `Copy`, this is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    /// The range to slice the text with.
    pub fn range(self) -> Range<usize> {
        self.start..self.end
    }
}

impl From<Range<usize>> for Span {
    fn from(r: Range<usize>) -> Span {
        Span {
            start: r.start,
            end: r.end,
        }
    }
}

/// Every source file read for a game, kept so diagnostics can quote lines.
#[derive(Default, Debug)]
pub struct Sources {
    files: Vec<SourceFile>,
    /// The files added by [`Sources::add_once`], by path.
    once: std::collections::HashMap<PathBuf, FileId>,
}

#[derive(Debug)]
pub struct SourceFile {
    pub path: PathBuf,
    text: SourceText,
    /// Built the first time a place in the file is asked for.
    lines: std::sync::OnceLock<LineIndex>,
}

/// Texts at least this long are kept deflated until a diagnostic quotes
/// them: a 100,000-card deck file is 31 MB as text and under 1 MB packed.
const PACKED_FROM: usize = 1 << 20;

/// A file's text: held as it is, or (a long file, read once already)
/// deflated and unpacked the first time something asks for it.
#[derive(Debug)]
enum SourceText {
    Held(String),
    Packed {
        deflated: Vec<u8>,
        unpacked: std::sync::OnceLock<String>,
    },
}

impl SourceText {
    fn new(text: String) -> SourceText {
        if text.len() < PACKED_FROM {
            return SourceText::Held(text);
        }
        match deflate(&text) {
            Ok(deflated) => SourceText::Packed {
                deflated,
                unpacked: std::sync::OnceLock::new(),
            },
            Err(_) => SourceText::Held(text),
        }
    }

    fn get(&self) -> &str {
        match self {
            SourceText::Held(text) => text,
            SourceText::Packed { deflated, unpacked } => {
                unpacked.get_or_init(|| inflate(deflated).unwrap_or_default())
            }
        }
    }
}

fn deflate(text: &str) -> std::io::Result<Vec<u8>> {
    use std::io::Write;
    let mut encoder = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::new(3));
    encoder.write_all(text.as_bytes())?;
    encoder.finish()
}

fn inflate(deflated: &[u8]) -> std::io::Result<String> {
    use std::io::Read;
    let mut text = String::new();
    flate2::read::DeflateDecoder::new(deflated).read_to_string(&mut text)?;
    Ok(text)
}

impl SourceFile {
    /// The file's text as it was read.
    pub fn text(&self) -> &str {
        self.text.get()
    }

    /// `read` run on the whole text when the file is held as it is, or
    /// (a long text kept packed) on each line in turn, with the line's byte
    /// offset, unpacked a piece at a time: a scan of every file must not
    /// unpack a 100,000-card deck's text whole.
    pub fn read_text(&self, mut read: impl FnMut(usize, &str)) {
        match &self.text {
            SourceText::Packed { deflated, unpacked } if unpacked.get().is_none() => {
                use std::io::BufRead;
                let mut lines =
                    std::io::BufReader::new(flate2::read::DeflateDecoder::new(&deflated[..]));
                let mut line = String::new();
                let mut at = 0;
                while matches!(lines.read_line(&mut line), Ok(n) if n > 0) {
                    read(at, &line);
                    at += line.len();
                    line.clear();
                }
            }
            text => read(0, text.get()),
        }
    }

    /// The file's line index, built once.
    pub fn lines(&self) -> &LineIndex {
        self.lines.get_or_init(|| LineIndex::new(self.text()))
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        self.lines().line_col(self.text(), offset)
    }
}

impl Sources {
    pub fn add(&mut self, path: PathBuf, text: String) -> FileId {
        self.files.push(SourceFile {
            path,
            text: SourceText::new(text),
            lines: std::sync::OnceLock::new(),
        });
        self.files.len() - 1
    }

    /// The file at `path`, added with `text` unless [`Sources::add_once`]
    /// added it before (a picture read again by each output that draws it
    /// is told of once, at one place).
    pub fn add_once(&mut self, path: PathBuf, text: impl FnOnce() -> String) -> FileId {
        if let Some(&id) = self.once.get(&path) {
            return id;
        }
        let id = self.add(path.clone(), text());
        self.once.insert(path, id);
        id
    }

    /// The file's text, once read (a long text is kept packed).
    pub fn set_text(&mut self, id: FileId, text: String) {
        let file = &mut self.files[id];
        file.text = SourceText::new(text);
        file.lines = std::sync::OnceLock::new();
    }

    pub fn get(&self, id: FileId) -> &SourceFile {
        &self.files[id]
    }

    /// Every file, with its id, in the order added.
    pub fn files(&self) -> impl Iterator<Item = (FileId, &SourceFile)> {
        self.files.iter().enumerate()
    }

    pub fn path(&self, id: FileId) -> &Path {
        &self.files[id].path
    }

    pub fn text(&self, id: FileId) -> &str {
        self.files[id].text()
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, id: FileId, offset: usize) -> (usize, usize) {
        self.files[id].line_col(offset)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Warning,
    Error,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// One problem in a game's data.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub severity: Severity,
    /// Stable kebab-case id, e.g. `unknown-field`, `card-overflow`.
    pub id: &'static str,
    pub message: String,
    pub loc: Option<Loc>,
    pub hint: Option<String>,
    /// Other places the problem involves (the first of two equal values,
    /// the card a mirrored card differs from), each with a note (boxed: most
    /// diagnostics have none, and a diagnostic stays small to pass around).
    pub labels: Box<[Label]>,
}

/// A second place a diagnostic points at, and what it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    pub loc: Loc,
    pub note: String,
}

/// The most characters a message or hint holds: a value quoted in one (a
/// 5 MB card text, a list of 20,000 keys) is cut to a line's worth.
pub const MAX_MESSAGE: usize = 300;

/// `text` cut to [`MAX_MESSAGE`] characters, with an ellipsis.
fn clip(mut text: String) -> String {
    if let Some((at, _)) = text.char_indices().nth(MAX_MESSAGE) {
        text.truncate(at);
        text.push('…');
    }
    text
}

impl Diagnostic {
    pub fn error(id: &'static str, message: impl Into<String>, loc: Option<Loc>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            id,
            message: clip(message.into()),
            loc,
            hint: None,
            labels: Box::new([]),
        }
    }

    pub fn warning(id: &'static str, message: impl Into<String>, loc: Option<Loc>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(id, message, loc)
        }
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Diagnostic {
        self.hint = Some(clip(hint.into()));
        self
    }

    pub fn with_loc(mut self, loc: Loc) -> Diagnostic {
        self.loc = Some(loc);
        self
    }

    /// Points at a second place too, with a note saying what it is.
    pub fn with_label(mut self, loc: Loc, note: impl Into<String>) -> Diagnostic {
        let mut labels = std::mem::take(&mut self.labels).into_vec();
        labels.push(Label {
            loc,
            note: clip(note.into()),
        });
        self.labels = labels.into_boxed_slice();
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// A list of diagnostics, collected while a stage goes on.
#[derive(Default, Debug)]
pub struct Diagnostics {
    pub list: Vec<Diagnostic>,
}

impl Extend<Diagnostic> for Diagnostics {
    fn extend<I: IntoIterator<Item = Diagnostic>>(&mut self, found: I) {
        self.list.extend(found);
    }
}

impl IntoIterator for Diagnostics {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;

    fn into_iter(self) -> Self::IntoIter {
        self.list.into_iter()
    }
}

/// A located error diagnostic: `error!(id, loc, "format", args; hint:
/// "format", args)`, the hint optional (`loc` an `Option<Loc>`).
#[macro_export]
macro_rules! error {
    ($id:expr, $loc:expr, $fmt:literal $(, $arg:expr)* $(,)? $(; hint: $hfmt:literal $(, $harg:expr)* $(,)?)?) => {{
        let d = $crate::diag::Diagnostic::error($id, format!($fmt $(, $arg)*), $loc);
        $(let d = d.with_hint(format!($hfmt $(, $harg)*));)?
        d
    }};
}

/// As [`error!`], a warning.
#[macro_export]
macro_rules! warning {
    ($id:expr, $loc:expr, $fmt:literal $(, $arg:expr)* $(,)? $(; hint: $hfmt:literal $(, $harg:expr)* $(,)?)?) => {{
        let d = $crate::diag::Diagnostic::warning($id, format!($fmt $(, $arg)*), $loc);
        $(let d = d.with_hint(format!($hfmt $(, $harg)*));)?
        d
    }};
}

impl Diagnostics {
    pub fn push(&mut self, d: Diagnostic) {
        self.list.push(d);
    }

    pub fn has_errors(&self) -> bool {
        self.list.iter().any(Diagnostic::is_error)
    }

    pub fn error_count(&self) -> usize {
        self.list.iter().filter(|d| d.is_error()).count()
    }

    pub fn warning_count(&self) -> usize {
        self.list.len() - self.error_count()
    }

    /// Sort by file and position so output is stable and reads top to bottom.
    /// Orders the list by place, and drops a diagnostic that repeats one
    /// already there word for word at the same place (one cause reached
    /// twice, e.g. by two outputs of the same layout).
    pub fn sort(&mut self) {
        self.list.sort_by(|a, b| {
            let ka = a.loc.as_ref().map(|l| (l.file, l.span.start));
            let kb = b.loc.as_ref().map(|l| (l.file, l.span.start));
            ka.cmp(&kb)
        });
        let mut seen = std::collections::HashSet::new();
        self.list.retain(|d| {
            seen.insert((
                d.severity,
                d.id,
                d.loc.as_ref().map(|l| (l.file, l.span)),
                d.message.clone(),
                d.hint.clone(),
            ))
        });
    }
}

/// Renders a diagnostic like rustc: header, location, quoted line, caret, hint.
pub fn render_human(d: &Diagnostic, sources: &Sources) -> String {
    render_human_styled(d, sources, false)
}

/// ANSI styles for a terminal; all empty when colour is off.
struct Paint {
    severity: &'static str,
    bold: &'static str,
    frame: &'static str,
    reset: &'static str,
}

impl Paint {
    fn new(severity: Severity, color: bool) -> Paint {
        if !color {
            return Paint {
                severity: "",
                bold: "",
                frame: "",
                reset: "",
            };
        }
        Paint {
            severity: match severity {
                Severity::Error => "\x1b[1;31m",
                Severity::Warning => "\x1b[1;33m",
            },
            bold: "\x1b[1m",
            frame: "\x1b[1;34m",
            reset: "\x1b[0m",
        }
    }
}

/// [`render_human`], with ANSI colours (as rustc uses them) when `color` is set.
pub fn render_human_styled(d: &Diagnostic, sources: &Sources, color: bool) -> String {
    let p = Paint::new(d.severity, color);
    let mut out = format!(
        "{}{}[{}]{}{}: {}{}\n",
        p.severity,
        d.severity.as_str(),
        d.id,
        p.reset,
        p.bold,
        d.message,
        p.reset
    );
    if let Some(loc) = &d.loc {
        snippet(&mut out, sources, loc, "-->", '^', p.severity, "", &p);
    }
    for label in &d.labels {
        snippet(
            &mut out,
            sources,
            &label.loc,
            ":::",
            '-',
            p.frame,
            &label.note,
            &p,
        );
    }
    if let Some(hint) = &d.hint {
        let _ = writeln!(
            out,
            "  {}={} {}hint{}: {hint}",
            p.frame, p.reset, p.bold, p.reset
        );
    }
    out
}

/// The place `loc` as rustc shows it: `arrow path:line:col`, the line, and
/// `mark`s under the span, in `style`, followed by `note`.
#[allow(clippy::too_many_arguments)]
fn snippet(
    out: &mut String,
    sources: &Sources,
    loc: &Loc,
    arrow: &str,
    mark: char,
    style: &str,
    note: &str,
    p: &Paint,
) {
    let file = sources.get(loc.file);
    let text = file.text();
    let (line, col) = file.line_col(loc.span.start);
    let _ = writeln!(
        out,
        "  {}{arrow}{} {}:{}:{}",
        p.frame,
        p.reset,
        file.path.display(),
        line,
        col
    );
    let Some(range) = file.lines().line_range(text, line) else {
        return;
    };
    let src_line = &text[range.clone()];
    let gutter = line.to_string().len();
    // Long lines are shown as a window around the column: up to 49
    // characters before it and 100 in all, found from the column's byte
    // offset so that a line of megabytes is not walked through.
    let at = (loc.span.start.min(text.len()) - range.start).min(src_line.len());
    let at = (0..=at)
        .rev()
        .find(|&i| src_line.is_char_boundary(i))
        .unwrap_or(0);
    let window_start = src_line[..at]
        .char_indices()
        .rev()
        .nth(48)
        .map_or(0, |(i, _)| i);
    let skip = col.saturating_sub(50);
    let prefix = if skip > 0 { "…" } else { "" };
    let shown: String = src_line[window_start..].chars().take(100).collect();
    // A span at the `\n` of a `\r\n` sits past the line `lines()` gives.
    let rest_of_line = src_line[at..].chars().take(101).count() + 1;
    let width = caret_width(text, &loc.span.range(), rest_of_line);
    let pad = col - 1 - skip + prefix.chars().count();
    let note = if note.is_empty() {
        String::new()
    } else {
        format!(" {note}")
    };
    let _ = writeln!(out, "{}{:gutter$} |{}", p.frame, "", p.reset);
    let _ = writeln!(out, "{}{line} |{} {prefix}{shown}", p.frame, p.reset);
    let _ = writeln!(
        out,
        "{}{:gutter$} |{} {}{style}{}{note}{}",
        p.frame,
        "",
        p.reset,
        " ".repeat(pad),
        mark.to_string().repeat(width.clamp(1, 100)),
        p.reset
    );
}

fn caret_width(text: &str, span: &Range<usize>, rest_of_line: usize) -> usize {
    let end = span.end.min(text.len());
    let start = span.start.min(end);
    text.get(start..end)
        .map(|s| s.split('\n').next().unwrap_or("").chars().take(101).count())
        .unwrap_or(1)
        .min(rest_of_line)
}

/// Renders a diagnostic as one JSON object (one line) for editors and CI.
pub fn render_json(d: &Diagnostic, sources: &Sources) -> String {
    use serde_json::{Map, Value, json};
    let mut out = Map::new();
    out.insert("severity".into(), json!(d.severity.as_str()));
    out.insert("id".into(), json!(d.id));
    out.insert("message".into(), json!(d.message));
    if let Some(loc) = &d.loc {
        let file = sources.get(loc.file);
        let (line, col) = file.line_col(loc.span.start);
        let (end_line, end_col) = file.line_col(loc.span.end);
        out.insert("file".into(), json!(file.path.display().to_string()));
        out.insert("line".into(), json!(line));
        out.insert("column".into(), json!(col));
        out.insert("end_line".into(), json!(end_line));
        out.insert("end_column".into(), json!(end_col));
    }
    if let Some(hint) = &d.hint {
        out.insert("hint".into(), json!(hint));
    }
    if !d.labels.is_empty() {
        let labels: Vec<Value> = d
            .labels
            .iter()
            .map(|label| {
                let file = sources.get(label.loc.file);
                let (line, col) = file.line_col(label.loc.span.start);
                json!({
                    "file": file.path.display().to_string(),
                    "line": line,
                    "column": col,
                    "note": label.note,
                })
            })
            .collect();
        out.insert("labels".into(), Value::Array(labels));
    }
    Value::Object(out).to_string()
}

/// The allowed name closest to a misspelt one, if it is close enough.
pub fn closest<'a>(name: &str, allowed: &[&'a str]) -> Option<&'a str> {
    allowed
        .iter()
        .map(|a| (strsim::levenshtein(name, a), *a))
        .filter(|(d, a)| *d <= a.len().div_ceil(3))
        .min()
        .map(|(_, a)| a)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_file_is_kept_packed_and_quoted_as_it_was_read() {
        let mut text = String::new();
        for n in 0..60_000 {
            text.push_str(&format!("[[cards]]\ntitle = \"Card {n}\"\n"));
        }
        assert!(text.len() >= PACKED_FROM);
        let at = text.find("\"Card 41234\"").expect("the card");
        let mut sources = Sources::default();
        let file = sources.add(PathBuf::from("deck.toml"), String::new());
        sources.set_text(file, text.clone());
        assert!(matches!(sources.get(file).text, SourceText::Packed { .. }));
        assert_eq!(sources.text(file), text);
        let d = crate::error!(
            "duplicate-value", Some(Loc::new(file, at..at + 12)), "twice";
            hint: "once"
        );
        let shown = render_human(&d, &sources);
        assert!(
            shown.contains("deck.toml:82470:9"),
            "line of card 41234 (two lines a card): {shown}"
        );
        assert!(shown.contains("title = \"Card 41234\""), "{shown}");
    }

    #[test]
    fn a_label_shows_its_place_under_the_main_one_and_in_json() {
        let mut sources = Sources::default();
        let file = sources.add(
            "cards.toml".into(),
            "title = \"A\"\nx = 1\ntitle = \"A\"\n".to_string(),
        );
        let d = crate::error!(
            "duplicate-value",
            Some(Loc::new(file, 26..29)),
            "`{}` = \"{}\" appears more than once", "title", "A";
            hint: "`{}` must be unique", "title"
        )
        .with_label(Loc::new(file, 8..11), "the first is here");
        let human = render_human(&d, &sources);
        let lines: Vec<&str> = human.lines().collect();
        assert_eq!(lines[1], "  --> cards.toml:3:9");
        assert_eq!(lines[4], "  |         ^^^");
        assert_eq!(lines[5], "  ::: cards.toml:1:9");
        assert_eq!(lines[8], "  |         --- the first is here");
        assert_eq!(lines[9], "  = hint: `title` must be unique");
        let json = render_json(&d, &sources);
        assert!(
            json.contains(
                r#""labels":[{"file":"cards.toml","line":1,"column":9,"note":"the first is here"}]"#
            ),
            "{json}"
        );
    }

    #[test]
    fn diagnostics_extend_from_any_list() {
        let mut all = Diagnostics::default();
        all.extend(vec![crate::warning!("x", None, "one")]);
        let mut more = Diagnostics::default();
        more.push(crate::error!("y", None, "two"));
        all.extend(more);
        assert_eq!(
            all.list.iter().map(|d| d.id).collect::<Vec<_>>(),
            ["x", "y"]
        );
        assert!(all.has_errors());
    }

    #[test]
    fn messages_and_hints_quote_at_most_a_line() {
        let long = "é".repeat(5_000_000);
        let d = crate::error!("x", None, "`{long}`"; hint: "{long}");
        assert_eq!(d.message.chars().count(), MAX_MESSAGE + 1);
        assert!(d.message.ends_with('…'));
        assert_eq!(
            d.hint.as_deref().map(|h| h.chars().count()),
            Some(MAX_MESSAGE + 1)
        );
    }

    #[test]
    fn a_diagnostic_repeated_word_for_word_is_reported_once() {
        let mut diags = Diagnostics::default();
        let d = |msg: &str, at: usize| {
            crate::error!("card-overflow", Some(Loc::new(0, at..at + 1)), "{msg}")
        };
        diags.push(d("one", 5));
        diags.push(d("one", 1));
        diags.push(d("one", 5));
        diags.push(d("other", 5));
        diags.sort();
        let kept: Vec<(&str, usize)> = diags
            .list
            .iter()
            .map(|d| {
                (
                    d.message.as_str(),
                    d.loc.as_ref().map_or(0, |l| l.span.start),
                )
            })
            .collect();
        assert_eq!(kept, [("one", 1), ("one", 5), ("other", 5)]);
    }

    #[test]
    fn line_col_counts_lines_and_chars() {
        let mut sources = Sources::default();
        let f = sources.add("game.toml".into(), "a = 1\nbé = \"x\"\n".into());
        assert_eq!(sources.line_col(f, 0), (1, 1));
        assert_eq!(sources.line_col(f, 6), (2, 1));
        // line 2 starts at byte 6: 'b' 6, 'é' 7-8, ' ' 9, '=' 10 -> 4th char
        assert_eq!(sources.line_col(f, 10), (2, 4));
    }

    #[test]
    fn human_render_quotes_line_and_caret() {
        let mut sources = Sources::default();
        let f = sources.add("game.toml".into(), "name = 1\n".into());
        let d = crate::error!(
            "wrong-type", Some(Loc::new(f, 7..8)), "expected a string";
            hint: "quote it"
        );
        let text = render_human(&d, &sources);
        assert!(text.contains("error[wrong-type]: expected a string"));
        assert!(text.contains("--> game.toml:1:8"));
        assert!(text.contains("1 | name = 1"));
        assert!(text.contains("  |        ^\n"));
        assert!(text.contains("= hint: quote it"));
        assert_eq!(render_human_styled(&d, &sources, false), text);
        let colored = render_human_styled(&d, &sources, true);
        assert!(colored.starts_with("\x1b[1;31merror[wrong-type]\x1b[0m"));
        let plain: String = colored
            .split('\x1b')
            .enumerate()
            .map(|(i, part)| {
                if i == 0 {
                    part
                } else {
                    part.split_once('m').map_or(part, |(_, rest)| rest)
                }
            })
            .collect();
        assert_eq!(plain, text);
    }

    #[test]
    fn a_long_line_is_quoted_as_a_window_around_the_column() {
        let mut sources = Sources::default();
        let line: String = (0..300)
            .map(|i| if i % 2 == 0 { 'é' } else { 'x' })
            .collect();
        let f = sources.add("deck.csv".into(), format!("a\n{line}\r\nb\n"));
        // The 121st character of line 2: 'é' (even), 60 of each before it.
        let at = 2 + 60 * 3;
        let d = crate::error!("x", Some(Loc::new(f, at..at + 2)), "here");
        let text = render_human(&d, &sources);
        assert!(text.contains("--> deck.csv:2:121"), "{text}");
        let shown: String = line.chars().skip(71).take(100).collect();
        assert!(text.contains(&format!("2 | …{shown}\n")), "{text}");
        assert!(
            text.contains(&format!("  | {}^\n", " ".repeat(50))),
            "{text}"
        );
        // A place at the end of the line (its `\r\n`) and one past the text.
        let end = 2 + line.len();
        for (at, col) in [(end, 301), (end + 1, 302)] {
            let d = crate::error!("x", Some(Loc::new(f, at..at + 1)), "end");
            let text = render_human(&d, &sources);
            assert!(text.contains(&format!("--> deck.csv:2:{col}")), "{text}");
            assert!(
                text.contains(&format!("  | {}^\n", " ".repeat(col - 1 - (col - 50) + 1))),
                "{text}"
            );
        }
        let d = crate::error!("x", Some(Loc::new(f, 10_000..10_000)), "past");
        assert!(render_human(&d, &sources).contains("--> deck.csv:4:1"));
    }

    #[test]
    fn json_render_escapes() {
        let sources = Sources::default();
        let d = crate::error!("x", None, "a \"quoted\"\nline");
        assert_eq!(
            render_json(&d, &sources),
            r#"{"severity":"error","id":"x","message":"a \"quoted\"\nline"}"#
        );
    }
}
