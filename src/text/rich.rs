//! Text: rich-text markup in data — `**bold**`, `*italic*`, `\*` for a literal
//! star and line breaks — parsed into styled spans.

/// A piece of text in one style. A `\n` inside `text` is a hard line break.
#[derive(Clone, Debug, PartialEq)]
pub struct Span {
    pub text: String,
    pub bold: bool,
    pub italic: bool,
}

/// Splits rich text into styled spans. Unclosed markers simply run to the end;
/// use [`rich_problem`] to report them.
pub fn parse_rich(src: &str) -> Vec<Span> {
    let mut spans = Vec::new();
    let (mut bold, mut italic) = (false, false);
    let mut cur = String::new();
    let mut rest = src;
    // Plain text between markers is copied a slice at a time.
    while let Some(at) = rest.find(['*', '\\']) {
        cur.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        if rest.as_bytes()[at] == b'\\' {
            if let Some(escaped) = after.strip_prefix('*') {
                cur.push('*');
                rest = escaped;
            } else {
                cur.push('\\');
                rest = after;
            }
            continue;
        }
        flush(&mut spans, &mut cur, bold, italic);
        if let Some(after_bold) = after.strip_prefix('*') {
            bold = !bold;
            rest = after_bold;
        } else {
            italic = !italic;
            rest = after;
        }
    }
    cur.push_str(rest);
    flush(&mut spans, &mut cur, bold, italic);
    spans
}

fn flush(spans: &mut Vec<Span>, cur: &mut String, bold: bool, italic: bool) {
    if !cur.is_empty() {
        spans.push(Span {
            text: std::mem::take(cur),
            bold,
            italic,
        });
    }
}

/// The text without markup.
/// Plain text made safe as rich text: a star is a literal star, never emphasis.
pub fn literal(plain: &str) -> String {
    plain.replace('*', "\\*")
}

pub fn plain_text(src: &str) -> String {
    parse_rich(src).into_iter().map(|s| s.text).collect()
}

/// Describes unbalanced markup (an unclosed `**` or `*`), with the byte offset
/// of the marker left open.
pub fn rich_problem(src: &str) -> Option<(usize, &'static str)> {
    let (mut bold_at, mut italic_at): (Option<usize>, Option<usize>) = (None, None);
    let bytes = src.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' if bytes.get(i + 1) == Some(&b'*') => i += 2,
            b'*' if bytes.get(i + 1) == Some(&b'*') => {
                bold_at = if bold_at.is_some() { None } else { Some(i) };
                i += 2;
            }
            b'*' => {
                italic_at = if italic_at.is_some() { None } else { Some(i) };
                i += 1;
            }
            _ => i += 1,
        }
    }
    match (bold_at, italic_at) {
        (Some(at), _) => Some((at, "`**` opens bold text that is never closed")),
        (None, Some(at)) => Some((at, "`*` opens italic text that is never closed")),
        (None, None) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The markup read a character at a time, as the reader was first
    /// written: the slice-at-a-time reader must agree with it.
    fn parse_by_chars(src: &str) -> Vec<Span> {
        let mut spans = Vec::new();
        let (mut bold, mut italic) = (false, false);
        let mut cur = String::new();
        let mut chars = src.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\\' if chars.peek() == Some(&'*') => {
                    cur.push('*');
                    chars.next();
                }
                '*' => {
                    flush(&mut spans, &mut cur, bold, italic);
                    if chars.peek() == Some(&'*') {
                        chars.next();
                        bold = !bold;
                    } else {
                        italic = !italic;
                    }
                }
                c => cur.push(c),
            }
        }
        flush(&mut spans, &mut cur, bold, italic);
        spans
    }

    #[test]
    fn every_mix_of_markers_reads_as_a_character_at_a_time() {
        // Every string of up to six pieces drawn from markers, escapes and text.
        let pieces = ["*", "**", "\\", "\\*", "a", "é ", "\n"];
        let mut strings = vec![String::new()];
        for _ in 0..6 {
            let longer: Vec<String> = strings
                .iter()
                .flat_map(|s| pieces.iter().map(move |p| format!("{s}{p}")))
                .collect();
            strings.extend(longer);
            strings.sort();
            strings.dedup();
        }
        assert!(strings.len() > 10_000, "{}", strings.len());
        for s in &strings {
            assert_eq!(parse_rich(s), parse_by_chars(s), "{s:?}");
        }
    }

    fn span(text: &str, bold: bool, italic: bool) -> Span {
        Span {
            text: text.into(),
            bold,
            italic,
        }
    }

    #[test]
    fn bold_and_italic_runs() {
        assert_eq!(
            parse_rich("Play in your turn, **counts as two actions**:"),
            vec![
                span("Play in your turn, ", false, false),
                span("counts as two actions", true, false),
                span(":", false, false)
            ]
        );
        assert_eq!(
            parse_rich("a *b* c"),
            vec![
                span("a ", false, false),
                span("b", false, true),
                span(" c", false, false)
            ]
        );
        assert_eq!(parse_rich("***x***"), vec![span("x", true, true)]);
    }

    #[test]
    fn escaped_star_is_literal() {
        assert_eq!(parse_rich(r"2\*3"), vec![span("2*3", false, false)]);
        assert_eq!(rich_problem(r"2\*3"), None);
    }

    #[test]
    fn unclosed_markers_are_found() {
        assert_eq!(rich_problem("ok **bold** and *it*"), None);
        assert_eq!(rich_problem("DISCARD** one card").map(|p| p.0), Some(7));
        assert_eq!(rich_problem("a *b").map(|p| p.0), Some(2));
    }
}
