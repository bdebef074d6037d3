//! Model: shortcodes — data pulled into the rules prose, written in the
//! Markdown as a paragraph of its own, `{{ card("action/great-road") }}` or
//! `{{ deck("action") }}`. Found here (with byte spans into the Markdown)
//! for both the validate stage and the HTML renderer.

use std::ops::Range;

use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};

/// The Markdown extensions rules pages are read with, everywhere.
pub fn markdown_options() -> Options {
    Options::ENABLE_TABLES | Options::ENABLE_FOOTNOTES | Options::ENABLE_SMART_PUNCTUATION
}

/// A Markdown heading's level as a number, 1 to 6.
pub fn heading_number(level: HeadingLevel) -> u8 {
    match level {
        HeadingLevel::H1 => 1,
        HeadingLevel::H2 => 2,
        HeadingLevel::H3 => 3,
        HeadingLevel::H4 => 4,
        HeadingLevel::H5 => 5,
        HeadingLevel::H6 => 6,
    }
}

/// A string argument of a shortcode and its span (quotes included).
#[derive(Clone, Debug, PartialEq)]
pub struct ShortcodeArg {
    pub value: String,
    pub span: Range<usize>,
}

/// `{{ name("arg", ...) }}`: the paragraph's span, the name and its arguments.
#[derive(Clone, Debug, PartialEq)]
pub struct Shortcode {
    pub name: String,
    pub name_span: Range<usize>,
    pub args: Vec<ShortcodeArg>,
    pub span: Range<usize>,
}

/// Something that looks like a shortcode but is not one: what is wrong and where.
#[derive(Clone, Debug, PartialEq)]
pub struct ShortcodeProblem {
    pub message: String,
    pub span: Range<usize>,
}

/// Every shortcode paragraph of a Markdown text, in order, and every `{{`
/// in prose that is not a well-formed shortcode standing alone in its paragraph.
pub fn find_shortcodes(markdown: &str) -> (Vec<Shortcode>, Vec<ShortcodeProblem>) {
    let mut found = Vec::new();
    let mut problems = Vec::new();
    // Inside a paragraph that is a shortcode (or a malformed one, already reported).
    let mut in_shortcode = false;
    let mut in_code = false;
    for (event, range) in Parser::new_ext(markdown, markdown_options()).into_offset_iter() {
        match event {
            Event::Start(Tag::Paragraph) => {
                let source = &markdown[range.clone()];
                in_shortcode = source.trim_start().starts_with("{{");
                if in_shortcode {
                    match parse_shortcode(source.trim_end(), range.start) {
                        Ok(code) => found.push(code),
                        Err(problem) => problems.push(problem),
                    }
                }
            }
            Event::End(TagEnd::Paragraph) => in_shortcode = false,
            Event::Start(Tag::CodeBlock(_)) => in_code = true,
            Event::End(TagEnd::CodeBlock) => in_code = false,
            Event::Text(_) if !in_shortcode && !in_code => {
                if let Some(at) = markdown[range.clone()].find("{{") {
                    let start = range.start + at;
                    problems.push(ShortcodeProblem {
                        message: "a shortcode must stand alone in its own paragraph".into(),
                        span: start..start + 2,
                    });
                }
            }
            _ => {}
        }
    }
    (found, problems)
}

/// The anchor a data shortcode's output carries in the HTML reference and the rulebook (`table-combat`, `collection-units`, `dice`).
pub fn data_anchor(code: &Shortcode) -> Option<String> {
    let arg = code.args.first().map(|a| super::slug(&a.value));
    match (code.name.as_str(), arg) {
        ("table", Some(a)) => Some(format!("table-{a}")),
        ("collection", Some(a)) => Some(format!("collection-{a}")),
        ("units", _) => Some("collection-units".to_string()),
        ("dice", _) => Some("dice".to_string()),
        _ => None,
    }
}

/// Parses `{{ name("a", "b") }}` found at byte `offset` of the Markdown.
pub fn parse_shortcode(src: &str, offset: usize) -> Result<Shortcode, ShortcodeProblem> {
    let mut p = Cursor {
        src,
        pos: 0,
        offset,
    };
    let start = src.len() - src.trim_start().len();
    p.pos = start;
    p.expect("{{")?;
    p.skip_ws();
    let name_start = p.pos;
    while p
        .peek()
        .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        p.pos += 1;
    }
    if p.pos == name_start {
        return Err(
            p.problem("expected a shortcode name after `{{`, e.g. `{{ card(\"deck/card\") }}`")
        );
    }
    let name = src[name_start..p.pos].to_string();
    let name_span = offset + name_start..offset + p.pos;
    p.skip_ws();
    p.expect("(")?;
    let mut args = Vec::new();
    p.skip_ws();
    if p.peek() != Some(')') {
        loop {
            p.skip_ws();
            args.push(p.string()?);
            p.skip_ws();
            match p.peek() {
                Some(',') => p.pos += 1,
                _ => break,
            }
        }
    }
    p.skip_ws();
    p.expect(")")?;
    p.skip_ws();
    p.expect("}}")?;
    p.skip_ws();
    if p.pos != src.len() {
        return Err(p.problem(
            "text after the shortcode's `}}`; a shortcode stands alone in its paragraph",
        ));
    }
    Ok(Shortcode {
        name,
        name_span,
        args,
        span: offset + start..offset + src.len(),
    })
}

struct Cursor<'a> {
    src: &'a str,
    pos: usize,
    offset: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<char> {
        self.src[self.pos..].chars().next()
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += self.peek().map_or(1, char::len_utf8);
        }
    }

    fn expect(&mut self, token: &str) -> Result<(), ShortcodeProblem> {
        if self.src[self.pos..].starts_with(token) {
            self.pos += token.len();
            Ok(())
        } else {
            Err(self.problem(&format!("expected `{token}` in shortcode")))
        }
    }

    fn string(&mut self) -> Result<ShortcodeArg, ShortcodeProblem> {
        let start = self.pos;
        self.expect("\"")?;
        let Some(len) = self.src[self.pos..].find(['"', '\n']) else {
            return Err(self.problem("unclosed string in shortcode"));
        };
        if self.src[self.pos + len..].starts_with('\n') {
            self.pos += len;
            return Err(self.problem("unclosed string in shortcode"));
        }
        let value = self.src[self.pos..self.pos + len].to_string();
        self.pos += len + 1;
        Ok(ShortcodeArg {
            value,
            span: self.offset + start..self.offset + self.pos,
        })
    }

    fn problem(&self, message: &str) -> ShortcodeProblem {
        let end = (self.pos + self.peek().map_or(0, char::len_utf8)).min(self.src.len());
        ShortcodeProblem {
            message: message.to_string(),
            span: self.offset + self.pos..self.offset + end.max(self.pos),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_a_shortcode_paragraph_with_spans() {
        let md = "# Cards\n\n{{ card(\"action/great-road\") }}\n\nText.\n";
        let (codes, problems) = find_shortcodes(md);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(codes.len(), 1);
        assert_eq!(codes[0].name, "card");
        assert_eq!(codes[0].args[0].value, "action/great-road");
        assert_eq!(&md[codes[0].args[0].span.clone()], "\"action/great-road\"");
        assert_eq!(
            &md[codes[0].span.clone()],
            "{{ card(\"action/great-road\") }}"
        );
    }

    #[test]
    fn inline_and_malformed_shortcodes_are_problems() {
        let md = "See {{ deck(\"action\") }} here.\n\n{{ deck(action) }}\n";
        let (codes, problems) = find_shortcodes(md);
        assert!(codes.is_empty());
        assert_eq!(problems.len(), 2);
        assert_eq!(problems[0].span.start, 4);
        assert!(
            problems[1].message.contains("expected `\"`"),
            "{problems:?}"
        );
        assert_eq!(&md[problems[1].span.clone()], "a");
    }

    #[test]
    fn code_is_not_a_shortcode() {
        let md = "```\n{{ deck(\"x\") }}\n```\n\n`{{ deck(\"y\") }}` is how.\n";
        let (codes, problems) = find_shortcodes(md);
        assert!(codes.is_empty());
        assert!(problems.is_empty(), "{problems:?}");
    }
}
