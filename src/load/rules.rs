//! Load stage: a rules page's Markdown parsed, once, into the model's
//! [`RulesDoc`] — pulldown-cmark's events (pipe tables, footnotes, smart
//! punctuation) as owned nodes with their byte spans, the shortcode
//! paragraphs and every misplaced `{{`, and the cards its `card:` links name.

use std::ops::Range;

use pulldown_cmark::{Alignment, CodeBlockKind, Event, LinkType, Options, Parser, Tag as CmTag};

use crate::model::rules::{Node, Tag};
use crate::model::{Align, CardMention, RulesDoc, Shortcode, ShortcodeArg, ShortcodeProblem};

/// Parses one rules page.
pub fn parse_rules(markdown: &str) -> RulesDoc {
    let options =
        Options::ENABLE_TABLES | Options::ENABLE_FOOTNOTES | Options::ENABLE_SMART_PUNCTUATION;
    let mut nodes = Vec::new();
    // The containers open, None for one the model has no node for.
    let mut open: Vec<Option<Tag>> = Vec::new();
    for (event, range) in Parser::new_ext(markdown, options).into_offset_iter() {
        let node = match event {
            Event::Start(tag) => {
                let tag = container(tag);
                open.push(tag.clone());
                match tag {
                    Some(tag) => Node::Start(tag),
                    None => continue,
                }
            }
            Event::End(_) => match open.pop().flatten() {
                Some(tag) => Node::End(tag),
                None => continue,
            },
            Event::Text(t) => Node::Text(t.into_string()),
            Event::Code(t) => Node::Code(t.into_string()),
            Event::Html(t) => Node::Html(t.into_string()),
            Event::InlineHtml(t) => Node::InlineHtml(t.into_string()),
            Event::FootnoteReference(t) => Node::FootnoteRef(t.into_string()),
            Event::SoftBreak => Node::SoftBreak,
            Event::HardBreak => Node::HardBreak,
            Event::Rule => Node::Rule,
            // Math and task lists are not enabled.
            _ => continue,
        };
        nodes.push((node, range));
    }
    let (shortcodes, problems) = find_shortcodes(markdown, &nodes);
    let mentions = card_mentions(markdown, &nodes);
    RulesDoc {
        nodes,
        shortcodes,
        problems,
        mentions,
    }
}

/// The model's container for a parser's tag (None for those not enabled).
fn container(tag: CmTag<'_>) -> Option<Tag> {
    Some(match tag {
        CmTag::Paragraph => Tag::Paragraph,
        CmTag::Heading { level, .. } => Tag::Heading(level as u8),
        CmTag::BlockQuote(_) => Tag::BlockQuote,
        CmTag::CodeBlock(CodeBlockKind::Fenced(info)) => Tag::CodeBlock(Some(info.into_string())),
        CmTag::CodeBlock(CodeBlockKind::Indented) => Tag::CodeBlock(None),
        CmTag::HtmlBlock => Tag::HtmlBlock,
        CmTag::List(first) => Tag::List(first),
        CmTag::Item => Tag::Item,
        CmTag::FootnoteDefinition(label) => Tag::FootnoteDefinition(label.into_string()),
        CmTag::Table(aligns) => Tag::Table(
            aligns
                .into_iter()
                .map(|a| match a {
                    Alignment::None => None,
                    Alignment::Left => Some(Align::Left),
                    Alignment::Center => Some(Align::Center),
                    Alignment::Right => Some(Align::Right),
                })
                .collect(),
        ),
        CmTag::TableHead => Tag::TableHead,
        CmTag::TableRow => Tag::TableRow,
        CmTag::TableCell => Tag::TableCell,
        CmTag::Emphasis => Tag::Emphasis,
        CmTag::Strong => Tag::Strong,
        CmTag::Strikethrough => Tag::Strikethrough,
        CmTag::Link {
            link_type,
            dest_url,
            title,
            ..
        } => Tag::Link {
            url: dest_url.into_string(),
            title: title.into_string(),
            email: link_type == LinkType::Email,
        },
        CmTag::Image {
            dest_url, title, ..
        } => Tag::Image {
            url: dest_url.into_string(),
            title: title.into_string(),
        },
        _ => return None,
    })
}

/// Every `card:` link: its text as written (straight quotes, `--`, `...`,
/// not the typographic punctuation the text is shown with) and its span.
fn card_mentions(markdown: &str, nodes: &[(Node, Range<usize>)]) -> Vec<CardMention> {
    let mut out = Vec::new();
    let mut open: Option<(String, Range<usize>)> = None;
    for (node, range) in nodes {
        match node {
            Node::Start(Tag::Link { url, .. }) if url.starts_with("card:") => {
                open = Some((String::new(), range.clone()))
            }
            Node::Text(t) | Node::Code(t) | Node::InlineHtml(t) => {
                if let Some((name, _)) = open.as_mut() {
                    let written = markdown.get(range.clone()).unwrap_or_default();
                    let smart = matches!(node, Node::Text(_))
                        && matches!(written, "'" | "\"" | "--" | "---" | "...");
                    name.push_str(if smart { written } else { t });
                }
            }
            Node::End(Tag::Link { .. }) => {
                if let Some((name, span)) = open.take() {
                    out.push(CardMention { name, span });
                }
            }
            _ => {}
        }
    }
    out
}

/// Every shortcode paragraph of a page, in order, and every `{{` in prose
/// that is not a well-formed shortcode standing alone in its paragraph.
fn find_shortcodes(
    markdown: &str,
    nodes: &[(Node, Range<usize>)],
) -> (Vec<Shortcode>, Vec<ShortcodeProblem>) {
    let mut found = Vec::new();
    let mut problems = Vec::new();
    // Inside a paragraph that is a shortcode (or a malformed one, already reported).
    let mut in_shortcode = false;
    let mut in_code = false;
    for (node, range) in nodes {
        match node {
            Node::Start(Tag::Paragraph) => {
                let source = &markdown[range.clone()];
                in_shortcode = source.trim_start().starts_with("{{");
                if in_shortcode {
                    match parse_shortcode(source.trim_end(), range.start) {
                        Ok(code) => found.push(code),
                        Err(problem) => problems.push(problem),
                    }
                }
            }
            Node::End(Tag::Paragraph) => in_shortcode = false,
            Node::Start(Tag::CodeBlock(_)) => in_code = true,
            Node::End(Tag::CodeBlock(_)) => in_code = false,
            Node::Text(_) if !in_shortcode && !in_code => {
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
        let RulesDoc {
            shortcodes: codes,
            problems,
            ..
        } = parse_rules(md);
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
        let RulesDoc {
            shortcodes: codes,
            problems,
            ..
        } = parse_rules(md);
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
        let RulesDoc {
            shortcodes: codes,
            problems,
            ..
        } = parse_rules(md);
        assert!(codes.is_empty());
        assert!(problems.is_empty(), "{problems:?}");
    }

    #[test]
    fn finds_card_links_as_written_with_their_spans() {
        let md = "Play *Order Confusion* but not [*Great Road*](card:), [Recon](card:) \
                  or [Don't -- Stop...](card:).";
        let found = parse_rules(md).mentions;
        assert_eq!(found.len(), 3);
        assert_eq!(found[0].name, "Great Road");
        assert_eq!(&md[found[0].span.clone()], "[*Great Road*](card:)");
        assert_eq!(found[1].name, "Recon");
        assert_eq!(found[2].name, "Don't -- Stop...");
    }

    #[test]
    fn images_are_found_with_their_span() {
        let md = "Text ![map](https://example.com/m.png) more.";
        let found: Vec<_> = parse_rules(md)
            .nodes
            .into_iter()
            .filter(|(n, _)| matches!(n, Node::Start(Tag::Image { .. })))
            .map(|(_, r)| &md[r])
            .collect();
        assert_eq!(found, ["![map](https://example.com/m.png)"]);
    }
}
