//! Load stage: a rules page's Markdown parsed, once, into the model's
//! [`RulesDoc`] — pulldown-cmark's events (pipe tables, footnotes, smart
//! punctuation) as owned nodes with their byte spans, the shortcode
//! paragraphs and every misplaced `{{`, and the cards its `card:` links name.

use std::ops::Range;

use pulldown_cmark::{Alignment, CodeBlockKind, Event, LinkType, Options, Parser, Tag as CmTag};

use crate::model::rules::card_link_title;
use crate::model::rules::{CALLOUT_KINDS, CalloutProblem};
use crate::model::rules::{Node, Tag};
use crate::model::{Align, CardMention, RulesDoc, Shortcode, ShortcodeArg, ShortcodeProblem};

/// Parses one rules page.
pub fn parse_rules(markdown: &str) -> RulesDoc {
    // Callout fences are read first and blanked (same length, so every
    // span stays the Markdown's); their nodes go in between the blocks.
    let (fences, callout_problems) = callout_fences(markdown);
    let blanked = blank_lines(markdown, &fences);
    let markdown = blanked.as_str();
    // Heading attributes are read so that `{#id}` (as mdBook and Pandoc
    // write it) is not printed as text; the id is the text's slug.
    let options = Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_SMART_PUNCTUATION
        | Options::ENABLE_HEADING_ATTRIBUTES;
    let mut nodes = Vec::new();
    let mut given_ids = Vec::new();
    // The containers open, None for one the model has no node for.
    let mut open: Vec<Option<Tag>> = Vec::new();
    for (event, range) in Parser::new_ext(markdown, options).into_offset_iter() {
        if let Event::Start(CmTag::Heading { id: Some(id), .. }) = &event {
            given_ids.push((range.clone(), id.to_string()));
        }
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
    let nodes = with_callouts(nodes, &fences);
    let (shortcodes, problems) = find_shortcodes(markdown, &nodes);
    let mentions = card_mentions(markdown, &nodes);
    RulesDoc {
        nodes,
        shortcodes,
        problems,
        mentions,
        callout_problems,
        given_ids,
        figures: Vec::new(),
    }
}

/// A line of `:::` fencing a callout: its byte span (without the line
/// break), and for a known kind's opening or its closing the node it
/// stands for (None for a fence that is only blanked: one reported).
struct Fence {
    span: Range<usize>,
    node: Option<Node>,
}

/// The callout fences of a page, outside fenced code: `::: kind` opens a
/// callout (up to three spaces before it, three or more colons), `:::`
/// closes it. An unknown kind is an `unknown-callout` at its name (its
/// text is kept, set as the prose around it); a fence inside an open
/// callout, a closing one with none open, or an opening never closed is a
/// `bad-callout` (one never closed runs to the end of the page).
fn callout_fences(markdown: &str) -> (Vec<Fence>, Vec<CalloutProblem>) {
    let mut fences = Vec::new();
    let mut problems = Vec::new();
    // The open callout: its fence's span, kind (None for an unknown one)
    // and line (counted as the lines go: a page of many stray fences costs
    // no more than one).
    let mut open: Option<(Range<usize>, Option<String>, usize)> = None;
    let mut code: Option<&str> = None;
    let mut at = 0;
    for (line_no, line) in (1..).zip(markdown.split_inclusive('\n')) {
        let start = at;
        at += line.len();
        let text = line.trim_end_matches(['\n', '\r']);
        let indent = text.len() - text.trim_start_matches(' ').len();
        let body = text.trim_start_matches(' ');
        if indent <= 3 {
            let fence = ["```", "~~~"].into_iter().find(|f| body.starts_with(f));
            match (code, fence) {
                (None, Some(f)) => {
                    code = Some(f);
                    continue;
                }
                (Some(c), Some(f)) if c == f => {
                    code = None;
                    continue;
                }
                _ => {}
            }
        }
        if code.is_some() || indent > 3 || !body.starts_with(":::") {
            continue;
        }
        // The fence from its colons (the whole line is blanked, its
        // spaces being blank already).
        let span = start + indent..start + text.len();
        let rest = body.trim_start_matches(':');
        let kind = rest.trim();
        let kind_at = start + text.len() - rest.len() + (rest.len() - rest.trim_start().len());
        if kind.is_empty() {
            match open.take() {
                Some((_, kind, _)) => fences.push(Fence {
                    span,
                    node: kind.map(|k| Node::End(Tag::Callout(k))),
                }),
                None => {
                    problems.push(CalloutProblem {
                        id: "bad-callout",
                        message: "this `:::` closes no callout".into(),
                        span: span.clone(),
                    });
                    fences.push(Fence { span, node: None });
                }
            }
            continue;
        }
        if let Some((_, _, opened)) = &open {
            problems.push(CalloutProblem {
                id: "bad-callout",
                message: format!(
                    "callouts do not nest: the one opened on line {opened} is still open here"
                ),
                span: span.clone(),
            });
            fences.push(Fence { span, node: None });
            continue;
        }
        let known = CALLOUT_KINDS.contains(&kind);
        if !known {
            let kinds: Vec<&str> = CALLOUT_KINDS.to_vec();
            problems.push(CalloutProblem {
                id: "unknown-callout",
                message: format!(
                    "`{kind}` is not a kind of callout (kinds: {})",
                    kinds.join(", ")
                ),
                span: kind_at..kind_at + kind.len(),
            });
        }
        let kind = known.then(|| kind.to_string());
        open = Some((span.clone(), kind.clone(), line_no));
        fences.push(Fence {
            span,
            node: kind.map(|k| Node::Start(Tag::Callout(k))),
        });
    }
    if let Some((span, kind, _)) = open {
        problems.push(CalloutProblem {
            id: "bad-callout",
            message: "this callout is never closed: end it with a line `:::`".into(),
            span,
        });
        if let Some(kind) = kind {
            fences.push(Fence {
                span: markdown.len()..markdown.len(),
                node: Some(Node::End(Tag::Callout(kind))),
            });
        }
    }
    (fences, problems)
}

/// The Markdown with each fence line made spaces (a blank line).
fn blank_lines(markdown: &str, fences: &[Fence]) -> String {
    let mut out = markdown.to_string();
    for fence in fences {
        if let Some(line) = out.get(fence.span.clone()) {
            let spaces = " ".repeat(line.len());
            out.replace_range(fence.span.clone(), &spaces);
        }
    }
    out
}

/// The nodes with each fence's node put in between the blocks: before the
/// first block (a node at the top level) that starts after the fence, or
/// at the end.
fn with_callouts(nodes: Vec<(Node, Range<usize>)>, fences: &[Fence]) -> Vec<(Node, Range<usize>)> {
    let mut fences = fences
        .iter()
        .filter_map(|f| Some((f.node.clone()?, f.span.clone())))
        .peekable();
    if fences.peek().is_none() {
        return nodes;
    }
    let mut out = Vec::with_capacity(nodes.len());
    let mut depth = 0usize;
    for (node, range) in nodes {
        if depth == 0 {
            while let Some((fence, span)) = fences.next_if(|(_, s)| s.start <= range.start) {
                out.push((fence, span));
            }
        }
        match node {
            Node::Start(_) => depth += 1,
            Node::End(_) => depth = depth.saturating_sub(1),
            _ => {}
        }
        out.push((node, range));
    }
    out.extend(fences);
    out
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

/// Every `card:` link: the title it names, else its text as written (straight quotes, `--`, `...`,
/// not the typographic punctuation the text is shown with) and its span.
fn card_mentions(markdown: &str, nodes: &[(Node, Range<usize>)]) -> Vec<CardMention> {
    let mut out = Vec::new();
    let mut open: Option<(String, Range<usize>)> = None;
    let mut named: Option<String> = None;
    for (node, range) in nodes {
        match node {
            Node::Start(Tag::Link { url, .. }) if url.starts_with("card:") => {
                open = Some((String::new(), range.clone()));
                named = card_link_title(url).map(str::to_string);
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
                if let Some((text, span)) = open.take() {
                    let name = named.take().unwrap_or(text);
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
    fn a_card_link_that_names_its_card_is_that_title() {
        let md = "A unit that moved with [*Great Road*](<card:Great road>) or [Road](card: ).";
        let found = parse_rules(md).mentions;
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].name, "Great road");
        assert_eq!(
            &md[found[0].span.clone()],
            "[*Great Road*](<card:Great road>)"
        );
        assert_eq!(found[1].name, "Road");
    }

    #[test]
    fn callouts_wrap_their_blocks_and_bad_fences_are_problems() {
        let md =
            "Before.\n\n::: example\nA *roll*.\n\n- one\n:::\nAfter.\n\n```\n::: sidebar\n```\n";
        let doc = parse_rules(md);
        assert!(
            doc.callout_problems.is_empty(),
            "{:?}",
            doc.callout_problems
        );
        let top: Vec<&Node> = {
            let mut depth = 0usize;
            let mut top = Vec::new();
            for (node, _) in &doc.nodes {
                if let Node::End(_) = node {
                    depth -= 1;
                }
                if depth == 0 {
                    top.push(node);
                }
                if let Node::Start(_) = node {
                    depth += 1;
                }
            }
            top
        };
        let starts: Vec<&Node> = top
            .into_iter()
            .filter(|n| matches!(n, Node::Start(_)))
            .collect();
        assert_eq!(
            starts,
            [
                &Node::Start(Tag::Paragraph),
                &Node::Start(Tag::Callout("example".into())),
                &Node::Start(Tag::Paragraph),
                &Node::Start(Tag::CodeBlock(Some(String::new()))),
            ]
        );
        // No fence is left as text; the code block keeps its own.
        let texts: String = doc
            .nodes
            .iter()
            .filter_map(|(n, _)| match n {
                Node::Text(t) => Some(t.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(texts, "Before.A roll.oneAfter.::: sidebar\n");

        let md = "::: sidebar\nText.\n:::\n\n:::\n\n::: designer\n::: example\nOpen.\n";
        let doc = parse_rules(md);
        let found: Vec<(&str, &str)> = doc
            .callout_problems
            .iter()
            .map(|p| (p.id, &md[p.span.clone()]))
            .collect();
        assert_eq!(
            found,
            [
                ("unknown-callout", "sidebar"),
                ("bad-callout", ":::"),
                ("bad-callout", "::: example"),
                ("bad-callout", "::: designer"),
            ]
        );
        // The unknown kind's text stays as prose; the unclosed designer's
        // note runs to the end.
        let kinds: Vec<&Node> = doc
            .nodes
            .iter()
            .map(|(n, _)| n)
            .filter(|n| matches!(n, Node::Start(Tag::Callout(_)) | Node::End(Tag::Callout(_))))
            .collect();
        assert_eq!(
            kinds,
            [
                &Node::Start(Tag::Callout("designer".into())),
                &Node::End(Tag::Callout("designer".into())),
            ]
        );
        assert!(matches!(
            doc.nodes.last(),
            Some((Node::End(Tag::Callout(_)), _))
        ));
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
