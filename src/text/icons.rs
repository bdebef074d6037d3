//! Text: inline icons in rich text. `:sword:` (a name the book has an icon
//! for) is set as one placeholder character, so line breaking gives it
//! room; once the lines are set, layout draws the icon in its place
//! (`layout::doc::fit_items`). An unknown `:name:` stays text.

/// Stands for an icon while text is set: a square glyph every face has.
pub const ICON: char = '\u{25A0}';

/// `text` cut at the `:name:` of every known icon: (plain text, icon) parts.
pub fn split_icons<'a>(text: &'a str, known: &[&str]) -> Vec<(&'a str, Option<&'a str>)> {
    let mut parts = Vec::new();
    let mut rest = text;
    let mut at = 0;
    while let Some(open) = rest[at..].find(':').map(|k| at + k) {
        let after = &rest[open + 1..];
        let name_len = after
            .find(':')
            .filter(|&n| n > 0 && known.contains(&&after[..n]));
        match name_len {
            Some(n) => {
                parts.push((&rest[..open], Some(&after[..n])));
                rest = &after[n + 1..];
                at = 0;
            }
            None => at = open + 1,
        }
    }
    parts.push((rest, None));
    parts
}

/// `text` with each known icon's `:name:` replaced by [`ICON`], and the
/// names in order; `None` when it names no icon (or already holds the
/// placeholder character itself, which would be mistaken for an icon).
pub fn with_placeholders(text: &str, known: &[&str]) -> Option<(String, Vec<String>)> {
    if known.is_empty() || !text.contains(':') || text.contains(ICON) {
        return None;
    }
    let parts = split_icons(text, known);
    if parts.len() < 2 {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut names = Vec::new();
    for (plain, icon) in parts {
        out.push_str(plain);
        if let Some(name) = icon {
            out.push(ICON);
            names.push(name.to_string());
        }
    }
    Some((out, names))
}

/// What kind of source a text is, for [`icon_marks`]: where in it the
/// words printed are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceKind {
    /// TOML: the contents of strings (not keys, not comments).
    Toml,
    /// Markdown: the text outside code blocks and code spans.
    Markdown,
    /// CSV: every cell.
    Csv,
}

/// Every `:name:` of `text` that may name an icon — a name of letters,
/// digits, `-` and `_` starting with a letter, between colons that stand
/// apart from the words around them ("12:30" and "a:b" are not) — in the
/// parts of the source that are printed: (byte range of `:name:`, name).
pub fn icon_marks(text: &str, kind: SourceKind) -> Vec<(std::ops::Range<usize>, &str)> {
    let mut marks = Vec::new();
    for (start, end) in printed_runs(text, kind) {
        find_marks(text, start, end, &mut marks);
    }
    marks
}

fn find_marks<'a>(
    text: &'a str,
    start: usize,
    end: usize,
    marks: &mut Vec<(std::ops::Range<usize>, &'a str)>,
) {
    let bytes = text.as_bytes();
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b':';
    let mut at = start;
    while let Some(open) = memchr_colon(&bytes[at..end]).map(|k| at + k) {
        at = open + 1;
        if open > start && word(bytes[open - 1]) {
            continue;
        }
        let name_start = open + 1;
        let mut k = name_start;
        if k >= end || !bytes[k].is_ascii_alphabetic() {
            continue;
        }
        while k < end && (bytes[k].is_ascii_alphanumeric() || bytes[k] == b'-' || bytes[k] == b'_')
        {
            k += 1;
        }
        if k < end && bytes[k] == b':' && (k + 1 >= end || !word(bytes[k + 1])) {
            marks.push((open..k + 1, &text[name_start..k]));
            at = k + 1;
        }
    }
}

fn memchr_colon(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| b == b':')
}

/// The byte ranges of `text` whose words are printed.
fn printed_runs(text: &str, kind: SourceKind) -> Vec<(usize, usize)> {
    match kind {
        SourceKind::Csv => vec![(0, text.len())],
        SourceKind::Toml => toml_strings(text),
        SourceKind::Markdown => markdown_prose(text),
    }
}

/// The contents of every string of a TOML text (basic, literal and their
/// multi-line forms), outside comments.
fn toml_strings(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut runs = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'#' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            q @ (b'"' | b'\'') => {
                let triple = b[i..].starts_with(if q == b'"' { b"\"\"\"" } else { b"'''" });
                let open = if triple { 3 } else { 1 };
                let start = i + open;
                let mut k = start;
                let close = loop {
                    if k >= b.len() || (!triple && b[k] == b'\n') {
                        break k;
                    }
                    if q == b'"' && b[k] == b'\\' {
                        k += 2;
                        continue;
                    }
                    if b[k] == q && (!triple || b[k..].starts_with(&[q, q, q])) {
                        break k;
                    }
                    k += 1;
                };
                let close = close.min(b.len());
                runs.push((start, close));
                i = close + open;
            }
            _ => i += 1,
        }
    }
    runs
}

/// The prose of a Markdown text: every line outside fenced code blocks,
/// less its code spans.
fn markdown_prose(text: &str) -> Vec<(usize, usize)> {
    let mut runs = Vec::new();
    let mut fence: Option<&str> = None;
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let start = at;
        at += line.len();
        let bare = line.trim_start();
        let marker = ["```", "~~~"].into_iter().find(|m| bare.starts_with(m));
        match (fence, marker) {
            (Some(open), Some(m)) if m == open => {
                fence = None;
                continue;
            }
            (Some(_), _) => continue,
            (None, Some(m)) => {
                fence = Some(m);
                continue;
            }
            (None, None) => {}
        }
        // Code spans: between runs of backticks.
        let mut from = start;
        let mut inside = false;
        for (k, _) in line.match_indices('`') {
            let pos = start + k;
            if !inside {
                runs.push((from, pos));
            }
            inside = !inside;
            from = pos + 1;
        }
        if !inside {
            runs.push((from, at));
        }
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_icon_names_are_cut_out_of_the_text() {
        let known = ["sword", "shield"];
        assert_eq!(
            split_icons("a :sword: b :x: c :shield:", &known),
            [
                ("a ", Some("sword")),
                (" b :x: c ", Some("shield")),
                ("", None)
            ]
        );
        assert_eq!(split_icons("12:30 :: x", &known), [("12:30 :: x", None)]);
    }

    #[test]
    fn placeholders_stand_for_known_icons_only() {
        let known = ["sword"];
        let (text, names) = with_placeholders("**2** :sword: at 12:30 :x:", &known).expect("one");
        assert_eq!(text, format!("**2** {ICON} at 12:30 :x:"));
        assert_eq!(names, ["sword"]);
        assert_eq!(with_placeholders("no icons: here", &known), None);
        assert_eq!(with_placeholders("■ :sword:", &known), None);
    }

    #[test]
    fn marks_are_names_between_colons_standing_apart() {
        let text = "Rail :rail: at 12:30, a:b:c, :tank:. ::x:: :a-1:";
        let names: Vec<&str> = icon_marks(text, SourceKind::Csv)
            .into_iter()
            .map(|(r, n)| {
                assert_eq!(&text[r.clone()], format!(":{n}:"));
                n
            })
            .collect();
        assert_eq!(names, ["rail", "tank", "a-1"]);
    }

    #[test]
    fn toml_marks_are_in_strings_only() {
        let text = "# a :comment: here\ntext = \"by :rail: # not a comment :star:\"\nraw = 'x :tank:'\nlong = \"\"\"\n:ship:\n\"\"\"\n";
        let names: Vec<&str> = icon_marks(text, SourceKind::Toml)
            .into_iter()
            .map(|(_, n)| n)
            .collect();
        assert_eq!(names, ["rail", "star", "tank", "ship"]);
    }

    #[test]
    fn markdown_marks_skip_code() {
        let text = "A :rail: and `:code:`.\n```\n:fenced:\n```\nthen :star:\n";
        let names: Vec<&str> = icon_marks(text, SourceKind::Markdown)
            .into_iter()
            .map(|(_, n)| n)
            .collect();
        assert_eq!(names, ["rail", "star"]);
    }
}
