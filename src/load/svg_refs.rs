//! Load stage: what an SVG picture (card or counter art) reaches outside
//! itself, found by reading its text with roxmltree before usvg sees it:
//! every `href` and `url(...)`, `<style>` text, `<text>`, pictures, a DTD's
//! entities, nesting and `<use>` expansion. Input: the SVG's text and where it
//! lies in the game folder; output: [`Finding`]s, each at its byte range in
//! the SVG. Only a reference to the same document (`#id`) passes; nothing
//! an SVG names is ever opened (a relative path is only located through the
//! game's one path resolver, to say whether it leaves the folder).

use std::collections::HashMap;
use std::ops::Range;
use std::path::Path;

use super::paths::{Confine, Resolved};

/// The longest `data:` URL an SVG may hold (it is never decoded for card
/// art, but a picture that large is not an outline).
pub const MAX_DATA_URL: usize = 64 * 1024;
/// The deepest elements may nest (usvg and our outlines walk them by recursion).
pub const MAX_DEPTH: usize = 100;
/// The most text a DTD's entities may expand to, in all.
pub const MAX_ENTITY_EXPANSION: usize = 1024 * 1024;
/// The most SVG (bytes of start tags) the picture may amount to once each
/// `<use>` and `url(#id)` is counted as a copy of what it names.
pub const MAX_EXPANDED: u64 = 32 * 1024 * 1024;
/// The most findings told of one file (a hostile one may hold thousands).
const MAX_FINDINGS: usize = 20;

/// One thing an SVG may not do, at its place in the SVG's text.
#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    pub id: &'static str,
    pub span: Range<usize>,
    pub message: String,
    pub hint: &'static str,
}

const HINT_SELF_CONTAINED: &str = "card art is one self-contained SVG: refer only to its own elements \
    (`#id`); save it with everything embedded and text converted to paths";
const HINT_SHAPES: &str =
    "card art is an SVG of solid-colour shapes: convert text to paths and leave pictures out";

/// The SVG `text` (the file at `svg_dir`, inside the folder of `confine`)
/// read as XML, for usvg to take on (`Tree::from_xmltree`, so it is parsed
/// once); or everything in it that reaches where it may not, in order.
/// Nothing named is opened.
pub fn read<'t>(
    text: &'t str,
    svg_dir: &Path,
    confine: &Confine,
) -> Result<roxmltree::Document<'t>, Vec<Finding>> {
    if let Some(finding) = entities(text) {
        return Err(vec![finding]);
    }
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    };
    let doc = match roxmltree::Document::parse_with_options(text, options) {
        Ok(doc) => doc,
        Err(e) => {
            let at = offset_of(text, e.pos());
            return Err(vec![Finding {
                id: "bad-image",
                span: at..at,
                message: format!("the SVG cannot be read: {e}"),
                hint: "save the picture again from a vector editor",
            }]);
        }
    };
    let mut scan = Scan {
        text,
        svg_dir,
        confine,
        found: Vec::new(),
    };
    if let Some(finding) = too_deep(&doc) {
        return Err(vec![finding]);
    }
    for node in doc.descendants() {
        if scan.found.len() >= MAX_FINDINGS {
            break;
        }
        if let Some(pi) = node.pi() {
            if pi.target.eq_ignore_ascii_case("xml-stylesheet") {
                scan.svg_flag(
                    "svg-reference",
                    node.range(),
                    "an SVG with a stylesheet of another file (`<?xml-stylesheet?>`)".to_string(),
                    HINT_SELF_CONTAINED,
                );
            }
            continue;
        }
        if node.is_element() {
            scan.element(node);
        }
    }
    if scan.found.is_empty()
        && let Some(finding) = too_large(&doc, text)
    {
        scan.found.push(finding);
    }
    if scan.found.is_empty() {
        Ok(doc)
    } else {
        Err(scan.found)
    }
}

struct Scan<'a> {
    text: &'a str,
    svg_dir: &'a Path,
    confine: &'a Confine,
    found: Vec<Finding>,
}

/// Where a reference leads, from its text alone.
#[derive(Debug, PartialEq)]
enum Target<'v> {
    /// `#id` (or nothing): this document.
    Internal,
    /// A `data:` URL of this many bytes.
    Data(usize),
    /// `http:`, `https:` or another scheme.
    Scheme(&'v str),
    /// An absolute path, or a `file:` URL.
    Absolute,
    /// A path relative to the SVG's folder (its `#fragment` cut off).
    Relative(&'v str),
}

fn target(value: &str) -> Target<'_> {
    let value = value.trim_matches(|c: char| c.is_ascii_whitespace());
    if value.is_empty() || value.starts_with('#') {
        return Target::Internal;
    }
    if let Some(colon) = value.find(':') {
        let scheme = &value[..colon];
        let is_scheme = scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            && scheme
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"+.-".contains(&b));
        if is_scheme {
            return if scheme.eq_ignore_ascii_case("data") {
                Target::Data(value.len())
            } else if scheme.eq_ignore_ascii_case("file") || scheme.len() == 1 {
                // `file:` URLs, and Windows drive letters (`C:\...`).
                Target::Absolute
            } else {
                Target::Scheme(scheme)
            };
        }
    }
    if value.starts_with(['/', '\\']) {
        return Target::Absolute;
    }
    let path = value.split(['#', '?']).next().unwrap_or(value);
    if path.is_empty() {
        Target::Internal
    } else {
        Target::Relative(path)
    }
}

/// The targets of each `url(...)` in a value (CSS or a presentation
/// attribute), with their byte offsets in it.
fn urls(value: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    // Most values (path data, numbers, colours) hold none: no copy made.
    if !value.contains('(') {
        return out;
    }
    let lower = value.to_ascii_lowercase();
    let mut from = 0;
    while let Some(at) = lower[from..].find("url(").map(|i| from + i) {
        let inner_start = at + 4;
        let inner_end = value[inner_start..]
            .find(')')
            .map_or(value.len(), |i| inner_start + i);
        let inner = value[inner_start..inner_end]
            .trim_matches(|c: char| c.is_ascii_whitespace())
            .trim_matches(['"', '\'']);
        out.push((at, inner));
        from = inner_end.max(inner_start);
    }
    out
}

impl Scan<'_> {
    fn svg_flag(
        &mut self,
        id: &'static str,
        span: Range<usize>,
        message: String,
        hint: &'static str,
    ) {
        if self.found.len() < MAX_FINDINGS {
            let len = self.text.len();
            self.found.push(Finding {
                id,
                span: span.start.min(len)..span.end.min(len),
                message,
                hint,
            });
        }
    }

    fn element(&mut self, node: roxmltree::Node<'_, '_>) {
        let name = node.tag_name().name();
        let start_tag = {
            let at = node.range().start;
            at..at + 1 + name.len()
        };
        match name {
            "text" => self.svg_flag(
                "unsupported-image",
                start_tag.clone(),
                "an SVG with text (`<text>`), which card art does not draw: it would need fonts"
                    .to_string(),
                HINT_SHAPES,
            ),
            "tspan" | "textPath" | "tref"
                if !node.ancestors().skip(1).any(|a| a.has_tag_name("text")) =>
            {
                self.svg_flag(
                    "unsupported-image",
                    start_tag.clone(),
                    format!("an SVG with text (`<{name}>`), which card art does not draw"),
                    HINT_SHAPES,
                )
            }
            "foreignObject" => self.svg_flag(
                "unsupported-image",
                start_tag.clone(),
                "an SVG with HTML in it (`<foreignObject>`), which card art does not draw"
                    .to_string(),
                HINT_SHAPES,
            ),
            "script" => self.svg_flag(
                "unsupported-image",
                start_tag.clone(),
                "an SVG with a script, which card art never runs".to_string(),
                HINT_SHAPES,
            ),
            "style" => self.style(node),
            _ => {}
        }
        let is_picture = matches!(name, "image" | "feImage");
        let mut picture_named = false;
        for attr in node.attributes() {
            let local = attr.name();
            if local == "href" {
                picture_named = true;
                self.href(name, &start_tag, attr.range(), attr.value(), is_picture);
            } else if local.len() > 2
                && local.get(..2).is_some_and(|p| p.eq_ignore_ascii_case("on"))
            {
                self.svg_flag(
                    "unsupported-image",
                    attr.range(),
                    format!("an SVG with a script (`{local}`), which card art never runs"),
                    HINT_SHAPES,
                );
            } else {
                self.url_values(attr.range(), attr.value());
            }
        }
        if name == "image" && !picture_named {
            // No picture named: usvg draws nothing, and so does card art.
            self.svg_flag(
                "unsupported-image",
                start_tag,
                "an SVG with a picture (`<image>`), which card art does not draw".to_string(),
                HINT_SHAPES,
            );
        }
    }

    /// An `href` of element `name`: `#id` passes; a picture (`<image>`,
    /// `<feImage>`) found inside the folder is still one card art does not draw.
    fn href(
        &mut self,
        name: &str,
        element: &Range<usize>,
        at: Range<usize>,
        value: &str,
        is_picture: bool,
    ) {
        match self.reference(at.clone(), value, &format!("`<{name}>`"), is_picture) {
            Reached::Refused => {}
            Reached::Internal | Reached::Inside if is_picture => {
                if name == "image" {
                    self.svg_flag(
                        "unsupported-image",
                        element.clone(),
                        "an SVG with a picture (`<image>`), which card art does not draw"
                            .to_string(),
                        HINT_SHAPES,
                    );
                }
            }
            Reached::Internal => {}
            Reached::Inside => self.svg_flag(
                "svg-reference",
                at,
                format!(
                    "`<{name}>` names `{}`, outside this SVG; it was not read",
                    clip(value)
                ),
                HINT_SELF_CONTAINED,
            ),
        }
    }

    /// Every `url(...)` in an attribute's value: `url(#id)` passes.
    fn url_values(&mut self, at: Range<usize>, value: &str) {
        for (_, url) in urls(value) {
            if let Reached::Inside = self.reference(at.clone(), url, "`url()`", false) {
                self.svg_flag(
                    "svg-reference",
                    at.clone(),
                    format!(
                        "`url({})` names what lies outside this SVG; it was not read",
                        clip(url)
                    ),
                    HINT_SELF_CONTAINED,
                );
            }
        }
    }

    /// A `<style>` element: no `@import`, no `url()` but `url(#id)`.
    fn style(&mut self, node: roxmltree::Node<'_, '_>) {
        for child in node.children() {
            let Some(css) = child.text() else {
                continue;
            };
            let range = child.range();
            let text = self.text;
            // The place in the file where it can be told (CSS from an
            // entity has none of its own).
            let place = |offset: usize| {
                let raw = text.get(range.clone()).unwrap_or("");
                if raw == css {
                    range.start + offset..range.start + offset + 1
                } else {
                    range.start..range.start
                }
            };
            let lower = css.to_ascii_lowercase();
            if let Some(at) = lower.find("@import") {
                let span = place(at);
                self.svg_flag(
                    "svg-reference",
                    span.start..span.start + "@import".len(),
                    "an SVG whose style sheet imports another (`@import`); it was not read"
                        .to_string(),
                    HINT_SELF_CONTAINED,
                );
            }
            for (at, url) in urls(css) {
                let span = place(at);
                if let Reached::Inside = self.reference(span.clone(), url, "`url()`", false) {
                    self.svg_flag(
                        "svg-reference",
                        span,
                        format!(
                            "`url({})` names what lies outside this SVG; it was not read",
                            clip(url)
                        ),
                        HINT_SELF_CONTAINED,
                    );
                }
            }
        }
    }

    /// What a reference `value` at `at` reaches: refused (and told), this
    /// document, or something outside it but not outside the folder (for
    /// the caller to judge). A picture's file must exist.
    fn reference(&mut self, at: Range<usize>, value: &str, what: &str, picture: bool) -> Reached {
        match target(value) {
            Target::Internal => Reached::Internal,
            Target::Data(len) if len > MAX_DATA_URL => {
                self.svg_flag(
                    "limit-exceeded",
                    at,
                    format!("{what} holds a data: URL of {len} bytes, more than {MAX_DATA_URL}"),
                    HINT_SHAPES,
                );
                Reached::Refused
            }
            Target::Data(_) => Reached::Inside,
            Target::Scheme(scheme) => {
                self.svg_flag(
                    "svg-reference",
                    at,
                    format!(
                        "{what} names `{}`, a {scheme}: URL; it was not fetched",
                        clip(value)
                    ),
                    HINT_SELF_CONTAINED,
                );
                Reached::Refused
            }
            Target::Absolute => {
                self.svg_flag(
                    "path-outside-game",
                    at,
                    format!(
                        "{what} names `{}`, outside the game folder; it was not read",
                        clip(value)
                    ),
                    HINT_SELF_CONTAINED,
                );
                Reached::Refused
            }
            Target::Relative(path) => match self.confine.locate(self.svg_dir, path) {
                Resolved::Outside => {
                    self.svg_flag(
                        "path-outside-game",
                        at,
                        format!(
                            "{what} names `{}`, which lies outside the game folder; it was not read",
                            clip(value)
                        ),
                        "name files by paths relative to the SVG that stay inside the game folder",
                    );
                    Reached::Refused
                }
                Resolved::Missing { .. } if !picture => Reached::Inside,
                Resolved::Missing { exists, .. } => {
                    let why = if exists {
                        "is not a file"
                    } else {
                        "does not exist"
                    };
                    self.svg_flag(
                        "missing-file",
                        at,
                        format!("{what} names `{}`, which {why}", clip(value)),
                        "paths in an SVG are relative to the SVG's folder",
                    );
                    Reached::Refused
                }
                Resolved::File(_) => Reached::Inside,
            },
        }
    }
}

/// What a reference reaches (see [`Scan::reference`]).
enum Reached {
    Refused,
    Internal,
    Inside,
}

/// Options for usvg that reach nothing outside the SVG: no resources
/// folder, and a resolver that loads no picture, neither a file nor a
/// `data:` URL (card art draws none). usvg is built without its `text`
/// feature, so there is no font database to fill from the system.
pub fn usvg_options() -> resvg::usvg::Options<'static> {
    resvg::usvg::Options {
        resources_dir: None,
        image_href_resolver: resvg::usvg::ImageHrefResolver {
            resolve_data: Box::new(|_, _, _| None),
            resolve_string: Box::new(|_, _| None),
        },
        ..Default::default()
    }
}

/// A value quoted in a message: a line's worth at most.
fn clip(value: &str) -> String {
    let mut out: String = value.chars().take(80).collect();
    if out.len() < value.len() {
        out.push('…');
    }
    out
}

/// Elements nested deeper than [`MAX_DEPTH`], at the first too deep.
fn too_deep(doc: &roxmltree::Document<'_>) -> Option<Finding> {
    let mut stack = vec![(doc.root_element(), 1usize)];
    while let Some((node, depth)) = stack.pop() {
        if depth > MAX_DEPTH {
            let at = node.range().start;
            return Some(Finding {
                id: "limit-exceeded",
                span: at..at + 1,
                message: format!("the SVG nests elements more than {MAX_DEPTH} deep"),
                hint: "flatten its groups in a vector editor",
            });
        }
        stack.extend(
            node.children()
                .filter(roxmltree::Node::is_element)
                .map(|c| (c, depth + 1)),
        );
    }
    None
}

/// The picture counted with each `<use href="#id">` and `url(#id)` as a
/// copy of what it names (a marker once per point of its path): more than
/// [`MAX_EXPANDED`] bytes of start tags is refused, at the root element.
fn too_large(doc: &roxmltree::Document<'_>, text: &str) -> Option<Finding> {
    let ids: HashMap<&str, roxmltree::NodeId> = doc
        .descendants()
        .filter_map(|n| Some((n.attribute("id")?, n.id())))
        .collect();
    let mut size: HashMap<roxmltree::NodeId, u64> = HashMap::new();
    // An explicit stack (use chains may be long): a node is summed once its
    // children and the nodes it names are.
    let root = doc.root_element();
    let mut stack = vec![(root, false)];
    let mut open = std::collections::HashSet::new();
    while let Some((node, ready)) = stack.pop() {
        if size.contains_key(&node.id()) {
            continue;
        }
        let named = named_ids(node, &ids, doc);
        if !ready {
            if !open.insert(node.id()) {
                // A cycle: usvg refuses such links; count it as nothing.
                size.insert(node.id(), 0);
                continue;
            }
            stack.push((node, true));
            for child in node.children().filter(roxmltree::Node::is_element) {
                stack.push((child, false));
            }
            for (target, _) in &named {
                if !size.contains_key(&target.id()) && !open.contains(&target.id()) {
                    stack.push((*target, false));
                }
            }
            continue;
        }
        let own = start_tag_len(node, text);
        let children: u64 = node
            .children()
            .filter(roxmltree::Node::is_element)
            .map(|c| size.get(&c.id()).copied().unwrap_or(0))
            .fold(0, u64::saturating_add);
        let copies: u64 = named
            .iter()
            .map(|(t, times)| {
                size.get(&t.id())
                    .copied()
                    .unwrap_or(0)
                    .saturating_mul(*times)
            })
            .fold(0, u64::saturating_add);
        open.remove(&node.id());
        let total = own.saturating_add(children).saturating_add(copies);
        if total > MAX_EXPANDED {
            let at = node.range().start;
            return Some(Finding {
                id: "limit-exceeded",
                span: at..at + 1,
                message: format!(
                    "the SVG amounts to more than {MAX_EXPANDED} bytes once its `<use>` and \
                     `url(#...)` copies are counted"
                ),
                hint: "draw the repeated shapes once, or simplify the picture",
            });
        }
        size.insert(node.id(), total);
    }
    None
}

/// The elements `node` copies by `href="#id"` or `url(#id)`, each with how
/// many times (a marker: once per number in its element's `d` or `points`).
fn named_ids<'a, 'i>(
    node: roxmltree::Node<'a, 'i>,
    ids: &HashMap<&str, roxmltree::NodeId>,
    doc: &'a roxmltree::Document<'i>,
) -> Vec<(roxmltree::Node<'a, 'i>, u64)> {
    let points = node
        .attribute("d")
        .or_else(|| node.attribute("points"))
        .map_or(1, |d| d.len() as u64 + 1);
    let mut out = Vec::new();
    for attr in node.attributes() {
        let value = attr.value();
        let mut add = |reference: &str| {
            if let Some(id) = reference.trim().strip_prefix('#')
                && let Some(&target) = ids.get(id)
                && let Some(target) = doc.get_node(target)
            {
                let times = if target.has_tag_name("marker") {
                    points
                } else {
                    1
                };
                out.push((target, times));
            }
        };
        if attr.name() == "href" {
            add(value);
        } else {
            for (_, url) in urls(value) {
                add(url);
            }
        }
    }
    out
}

fn start_tag_len(node: roxmltree::Node<'_, '_>, text: &str) -> u64 {
    let range = node.range();
    let tag = text.get(range.clone()).unwrap_or("");
    let len = tag.find('>').map_or(tag.len(), |i| i + 1);
    len.max(1) as u64
}

/// A roxmltree position (1-based row, column in characters) as a byte offset.
fn offset_of(text: &str, pos: roxmltree::TextPos) -> usize {
    let mut line_start = 0;
    for _ in 1..pos.row {
        match text[line_start..].find('\n') {
            Some(i) => line_start += i + 1,
            None => return text.len(),
        }
    }
    let line = &text[line_start..];
    let col = line
        .char_indices()
        .nth(pos.col.saturating_sub(1) as usize)
        .map_or(line.len(), |(i, _)| i);
    line_start + col
}

/// A DTD whose entities could expand past [`MAX_ENTITY_EXPANSION`]
/// (billion laughs, or a large entity named many times), or that declares
/// what we do not read (parameter entities): refused at `<!DOCTYPE`. A DTD
/// of plain entities (as Illustrator writes) passes; external entities are
/// never fetched (roxmltree has no way to), so they cost nothing.
fn entities(text: &str) -> Option<Finding> {
    let mut doctypes = text.match_indices("<!DOCTYPE").map(|(at, _)| at);
    let first = doctypes.next()?;
    // One is read as the DTD; more (say one in a comment before the real
    // one) are each checked, up to a few.
    for at in std::iter::once(first).chain(doctypes.take(3)) {
        if let Some(finding) = entities_at(text, at) {
            return Some(finding);
        }
    }
    if text.match_indices("<!DOCTYPE").nth(4).is_some() {
        return Some(Finding {
            id: "limit-exceeded",
            span: first..first + "<!DOCTYPE".len(),
            message: "the SVG has more than four `<!DOCTYPE`s".to_string(),
            hint: "save the SVG without a DOCTYPE (plain SVG, not with editor data)",
        });
    }
    None
}

/// [`entities`] for the `<!DOCTYPE` at byte `at`.
fn entities_at(text: &str, at: usize) -> Option<Finding> {
    let refuse = |why: String| {
        Some(Finding {
            id: "limit-exceeded",
            span: at..at + "<!DOCTYPE".len(),
            message: format!("the SVG's DTD {why}"),
            hint: "save the SVG without a DOCTYPE (plain SVG, not with editor data)",
        })
    };
    let bytes = text.as_bytes();
    // Past the name and external id, to `[` or the closing `>`.
    let mut i = at + "<!DOCTYPE".len();
    let mut quote = None;
    loop {
        let Some(&b) = bytes.get(i) else {
            return None; // unclosed: roxmltree refuses it
        };
        match (quote, b) {
            (Some(q), _) if b == q => quote = None,
            (Some(_), _) => {}
            (None, b'"' | b'\'') => quote = Some(b),
            (None, b'>') => return None,
            (None, b'[') => break,
            _ => {}
        }
        i += 1;
    }
    i += 1;
    let mut declared: HashMap<&str, &str> = HashMap::new();
    let end;
    loop {
        while bytes.get(i).is_some_and(u8::is_ascii_whitespace) {
            i += 1;
        }
        let rest = &text[i..];
        if rest.is_empty() {
            return None;
        }
        if rest.starts_with(']') {
            end = i;
            break;
        }
        if let Some(body) = rest.strip_prefix("<!--") {
            i += 4 + body.find("-->")? + 3;
        } else if let Some(body) = rest.strip_prefix("<?") {
            i += 2 + body.find("?>")? + 2;
        } else if let Some(body) = rest.strip_prefix("<!ENTITY") {
            let body = body.trim_start();
            if body.starts_with('%') {
                return refuse("declares parameter entities".to_string());
            }
            let name_len = body
                .find(|c: char| c.is_ascii_whitespace() || c == '"' || c == '\'' || c == '>')
                .unwrap_or(body.len());
            let name = &body[..name_len];
            let after = body[name_len..].trim_start();
            if let Some(q) = after.chars().next().filter(|c| *c == '"' || *c == '\'') {
                let value_len = after[1..].find(q)?;
                let value = &after[1..1 + value_len];
                if value.contains("&#") || value.contains('%') {
                    return refuse(format!(
                        "has an entity `{}` built of character or parameter references",
                        clip(name)
                    ));
                }
                declared.entry(name).or_insert(value);
            }
            // External entities are never fetched: they expand to nothing.
            i += declaration_len(rest)?;
        } else if rest.starts_with("<!") {
            i += declaration_len(rest)?;
        } else {
            return refuse("holds what is not a markup declaration".to_string());
        }
    }
    let mut memo: HashMap<&str, usize> = HashMap::new();
    let mut total = 0usize;
    for name in references(&text[end..]) {
        let Some(len) = expanded(name, &declared, &mut memo, 0) else {
            return refuse("nests entities more than 10 deep".to_string());
        };
        total = total.saturating_add(len);
        if total > MAX_ENTITY_EXPANSION {
            return refuse(format!(
                "has entities that expand to more than {MAX_ENTITY_EXPANSION} bytes"
            ));
        }
    }
    None
}

/// The length of a markup declaration `<!...>` at the start of `rest`,
/// quoted strings skipped.
fn declaration_len(rest: &str) -> Option<usize> {
    let mut quote = None;
    for (i, b) in rest.bytes().enumerate() {
        match (quote, b) {
            (Some(q), _) if b == q => quote = None,
            (Some(_), _) => {}
            (None, b'"' | b'\'') => quote = Some(b),
            (None, b'>') => return Some(i + 1),
            _ => {}
        }
    }
    None
}

/// The names of the entity references `&name;` in `text` (not `&#...;`).
fn references(text: &str) -> impl Iterator<Item = &str> {
    text.match_indices('&').filter_map(move |(at, _)| {
        let rest = &text[at + 1..];
        // A name is short: look no further than that for its `;`.
        let end = rest.bytes().take(257).position(|b| b == b';')?;
        let name = rest.get(..end)?;
        (!name.is_empty()
            && !name.starts_with('#')
            && !name.contains(|c: char| c.is_ascii_whitespace() || c == '&' || c == '<'))
        .then_some(name)
    })
}

/// The length entity `name` expands to, its references expanded in turn;
/// `None` past 10 levels (roxmltree's own bound, and a loop).
fn expanded<'t>(
    name: &'t str,
    declared: &HashMap<&'t str, &'t str>,
    memo: &mut HashMap<&'t str, usize>,
    depth: usize,
) -> Option<usize> {
    if let Some(&len) = memo.get(name) {
        return Some(len);
    }
    let Some(&value) = declared.get(name) else {
        // Predefined (`&amp;`) or unknown (roxmltree refuses it): one character.
        return Some(1);
    };
    if depth >= 10 {
        return None;
    }
    let mut len = value.len();
    for inner in references(value) {
        len = len.saturating_add(expanded(inner, declared, memo, depth + 1)?);
    }
    memo.insert(name, len);
    Some(len)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> (tempfile::TempDir, Confine) {
        let root = tempfile::tempdir().expect("temp dir");
        let game = root.path().join("game");
        std::fs::create_dir_all(game.join("art")).expect("mkdir");
        std::fs::write(game.join("art/pic.png"), "x").expect("write");
        std::fs::write(root.path().join("secret.png"), "x").expect("write");
        let confine = Confine::new(&game).expect("confine");
        (root, confine)
    }

    fn found(svg: &str) -> Vec<(&'static str, String)> {
        let (_root, confine) = game();
        let dir = confine.dir().join("art");
        read(svg, &dir, &confine)
            .err()
            .unwrap_or_default()
            .into_iter()
            .map(|f| (f.id, svg[f.span.clone()].to_string()))
            .collect()
    }

    fn svg(body: &str) -> String {
        format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">{body}</svg>"#
        )
    }

    #[test]
    fn targets_are_told_apart_from_their_text() {
        assert_eq!(target("#a"), Target::Internal);
        assert_eq!(target(" "), Target::Internal);
        assert_eq!(target("/dev/zero"), Target::Absolute);
        assert_eq!(target("file:///etc/passwd"), Target::Absolute);
        assert_eq!(target("C:\\x.png"), Target::Absolute);
        assert_eq!(target("http://e.com/x.png"), Target::Scheme("http"));
        assert_eq!(target("data:image/png;base64,AA"), Target::Data(24));
        assert_eq!(target("other.svg#a"), Target::Relative("other.svg"));
        assert_eq!(target("../x.png"), Target::Relative("../x.png"));
        assert_eq!(
            urls("fill: url( 'a.svg#g' ); stroke:URL(#b)"),
            vec![(6, "a.svg#g"), (31, "#b")]
        );
    }

    #[test]
    fn a_plain_svg_of_shapes_with_its_own_references_passes() {
        let plain = svg(
            r##"<defs><path id="a" d="M0 0H5V5Z"/><linearGradient id="g"/></defs><use href="#a"/><use xlink:href="#a" x="5"/><rect width="2" height="2" style="fill:url(#g)"/>"##,
        );
        assert_eq!(found(&plain), vec![]);
    }

    #[test]
    fn every_reference_out_is_found_at_its_attribute() {
        let cases = [
            (
                r#"<image href="/dev/zero"/>"#,
                "path-outside-game",
                r#"href="/dev/zero""#,
            ),
            (
                r#"<image xlink:href="file:///etc/passwd"/>"#,
                "path-outside-game",
                r#"xlink:href="file:///etc/passwd""#,
            ),
            (
                r#"<image href="http://example.com/x.png"/>"#,
                "svg-reference",
                r#"href="http://example.com/x.png""#,
            ),
            (
                r#"<image href="../../secret.png"/>"#,
                "path-outside-game",
                r#"href="../../secret.png""#,
            ),
            (
                r#"<image href="nosuch.png"/>"#,
                "missing-file",
                r#"href="nosuch.png""#,
            ),
            (r#"<image href="pic.png"/>"#, "unsupported-image", "<image"),
            (
                r#"<use href="other.svg#a"/>"#,
                "svg-reference",
                r#"href="other.svg#a""#,
            ),
            (
                r#"<rect fill="url(other.svg#g)"/>"#,
                "svg-reference",
                r#"fill="url(other.svg#g)""#,
            ),
            (
                r#"<rect style="fill:url(http://e.com/g)"/>"#,
                "svg-reference",
                r#"style="fill:url(http://e.com/g)""#,
            ),
            (
                r#"<style>@import url(x.css);</style>"#,
                "svg-reference",
                "@import",
            ),
            (r#"<text>Hi</text>"#, "unsupported-image", "<text"),
            (r#"<foreignObject/>"#, "unsupported-image", "<foreignObject"),
            (
                r#"<rect onclick="x()"/>"#,
                "unsupported-image",
                r#"onclick="x()""#,
            ),
        ];
        for (body, id, at) in cases {
            let got = found(&svg(body));
            assert_eq!(got.first(), Some(&(id, at.to_string())), "{body}: {got:?}");
        }
        let big = format!(
            r#"<image href="data:image/png;base64,{}"/>"#,
            "A".repeat(70_000)
        );
        let got = found(&svg(&big));
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].0, "limit-exceeded");
        assert!(got[0].1.starts_with("href=\"data:"));
        let small = r#"<image href="data:image/png;base64,AAAA"/>"#;
        assert_eq!(
            found(&svg(small)),
            vec![("unsupported-image", "<image".to_string())]
        );
    }

    #[test]
    fn attribute_names_of_any_letters_are_read_safely() {
        // Not a script: `on` must not be cut out of a two-byte letter.
        assert_eq!(found(&svg(r#"<rect €a="1" ön="2"/>"#)), vec![]);
    }

    #[test]
    fn a_damaged_svg_is_found_where_it_breaks() {
        let got = found("<svg>\n  <rect></svg>");
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].0, "bad-image");
    }

    #[test]
    fn deep_nesting_and_use_bombs_are_bounded() {
        let deep = svg(&format!("{}{}", "<g>".repeat(150), "</g>".repeat(150)));
        assert_eq!(found(&deep)[0].0, "limit-exceeded");
        // Ten levels of ten uses of the level below: 10^10 copies.
        let mut body =
            String::from(r#"<defs><path id="l0" d="M0 0L1 1L2 0L3 1L4 0L5 1L6 0L7 1L8 0L9 1Z"/>"#);
        for level in 1..=10 {
            body.push_str(&format!("<g id=\"l{level}\">"));
            for _ in 0..10 {
                body.push_str(&format!("<use href=\"#l{}\"/>", level - 1));
            }
            body.push_str("</g>");
        }
        body.push_str("</defs><use href=\"#l10\"/>");
        let got = found(&svg(&body));
        assert_eq!(got.len(), 1, "{got:?}");
        assert_eq!(got[0].0, "limit-exceeded");
        // A use cycle is no cost (usvg refuses it).
        let cycle = svg(r##"<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g>"##);
        assert_eq!(found(&cycle), vec![]);
    }

    #[test]
    fn entities_are_bounded_and_plain_ones_pass() {
        let illustrator = r#"<?xml version="1.0"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
	<!ENTITY ns_svg "http://www.w3.org/2000/svg">
	<!ENTITY ns_xlink "http://www.w3.org/1999/xlink">
]>
<svg xmlns="&ns_svg;" xmlns:xlink="&ns_xlink;" viewBox="0 0 10 10"><rect width="1" height="1"/></svg>"#;
        assert_eq!(found(illustrator), vec![]);
        let mut laughs =
            String::from("<!DOCTYPE svg [\n<!ENTITY a \"lollollollollollollollollollol\">\n");
        let mut prev = 'a';
        for name in 'b'..='j' {
            laughs.push_str(&format!(
                "<!ENTITY {name} \"{}\">\n",
                format!("&{prev};").repeat(10)
            ));
            prev = name;
        }
        laughs.push_str("]>\n<svg xmlns=\"http://www.w3.org/2000/svg\"><desc>&j;</desc></svg>");
        let got = found(&laughs);
        assert_eq!(got, vec![("limit-exceeded", "<!DOCTYPE".to_string())]);
        let parameter = "<!DOCTYPE svg [<!ENTITY % p \"x\">]><svg/>";
        assert_eq!(found(parameter)[0].0, "limit-exceeded");
        let char_built = "<!DOCTYPE svg [<!ENTITY a \"&#38;b;\">]><svg/>";
        assert_eq!(found(char_built)[0].0, "limit-exceeded");
        let external = "<!DOCTYPE svg [<!ENTITY x SYSTEM \"/etc/passwd\">]><svg xmlns=\"http://www.w3.org/2000/svg\"/>";
        assert_eq!(found(external), vec![]);
    }
}
