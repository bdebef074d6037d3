//! Render stage, PDF tags: a tagged document's items (content between
//! [`Tag`]s) to a tagged PDF's logical structure. Input: each page's items
//! and link areas, in order; output: how each item is marked in the page's
//! content stream (its marked-content id, or artifact) and, once the last
//! page is done, the structure tree — its elements (with their marked
//! content, `OBJR`s of link annotations, alt text), the parent tree and the
//! catalog's `/Lang` and `/MarkInfo`. Text and pictures inside an element
//! are its content; lines and fills outside a figure (table rules, shading)
//! and everything inside an artifact are artifacts.

use pdf_writer::types::{StructRole, TableHeaderScope};
use pdf_writer::{Chunk, Finish, Name, Ref, TextStr};

use super::content::ContentStream;

use crate::layout::{Item, Link, Role, Tag, TextItem};
use crate::text::{FontBook, clusters};

/// The bytes a structure element's chunk starts with: most are under 130
/// (a rulebook's median 73), a longer one grows its own.
const ELEM_BYTES: usize = 128;

/// How an item is marked in its page's content stream.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Mark {
    /// A tag: nothing is drawn.
    None,
    /// Content of a structure element: its marked-content sequence.
    Content { mcid: i32, role: StructRole },
    /// Not part of the text: page furniture (`pagination`) or layout (rules, shading).
    Artifact { pagination: bool },
}

/// A child of a structure element.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Kid {
    Elem(usize),
    /// A marked-content sequence: page index and MCID.
    Content {
        page: usize,
        mcid: i32,
    },
    /// A link annotation: page index and the link's index in the [`crate::layout::Nav`].
    Annot {
        page: usize,
        link: usize,
    },
}

#[derive(Debug)]
struct Elem {
    role: StructRole,
    alt: Option<String>,
    /// A header cell's scope: the column below it, or its row.
    scope: Option<TableHeaderScope>,
    parent: usize,
    kids: Vec<Kid>,
}

/// What a start tag opened.
#[derive(Clone, Copy, Debug)]
enum Open {
    Elem(usize),
    Artifact,
    /// A tag inside an artifact: no element.
    Ignored,
}

/// The structure of a tagged PDF, built page by page.
#[derive(Debug)]
pub(super) struct TagTree {
    lang: String,
    /// Element 0 is the document.
    elems: Vec<Elem>,
    open: Vec<Open>,
    /// For each page, the element of each of its MCIDs (its parent tree entry).
    page_parents: Vec<Vec<usize>>,
    /// The link element of each link annotation, by the link's index.
    links: Vec<(usize, usize)>,
    /// Where each link's index first stands in `links` (its key follows).
    link_places: std::collections::HashMap<usize, usize>,
    /// The top-level element of each [`Tag::Anchor`], and the anchor and
    /// the [`Tag::Before`] waiting for the next top-level element.
    anchors: std::collections::HashMap<usize, usize>,
    pending_anchor: Option<usize>,
    pending_before: Option<usize>,
    /// The text each link covers, by the link's index.
    link_texts: std::collections::HashMap<usize, String>,
}

fn struct_role(role: &Role) -> StructRole {
    match role {
        Role::Heading(1) => StructRole::H1,
        Role::Heading(2) => StructRole::H2,
        Role::Heading(3) => StructRole::H3,
        Role::Heading(4) => StructRole::H4,
        Role::Heading(5) => StructRole::H5,
        Role::Heading(_) => StructRole::H6,
        Role::Paragraph => StructRole::P,
        Role::List => StructRole::L,
        Role::ListItem => StructRole::LI,
        Role::Label => StructRole::Lbl,
        Role::ListBody => StructRole::LBody,
        Role::Table => StructRole::Table,
        Role::Caption => StructRole::Caption,
        Role::TableHead => StructRole::THead,
        Role::TableBody => StructRole::TBody,
        Role::TableRow => StructRole::TR,
        Role::TableHeader | Role::RowHeader => StructRole::TH,
        Role::TableCell => StructRole::TD,
        Role::Figure(_) => StructRole::Figure,
        Role::Callout => StructRole::Sect,
        Role::BlockQuote => StructRole::BlockQuote,
        Role::Contents => StructRole::TOC,
        Role::ContentsEntry => StructRole::TOCI,
        // Never an element (see `TagTree::start`).
        Role::Artifact => StructRole::NonStruct,
    }
}

/// The box of a run of glyphs: x0, y0, x1, y1 (y down).
fn text_box(item: &Item) -> Option<[f32; 4]> {
    match item {
        Item::Text(t) => Some([t.x, t.y - 0.8 * t.size, t.x + t.width, t.y + 0.2 * t.size]),
        _ => None,
    }
}

fn overlaps(a: [f32; 4], link: &Link) -> bool {
    a[0] < link.x + link.w && link.x < a[2] && a[1] < link.y + link.h && link.y < a[3]
}

impl TagTree {
    pub(super) fn new(lang: &str) -> TagTree {
        TagTree {
            lang: lang.to_string(),
            elems: vec![Elem {
                role: StructRole::Document,
                alt: None,
                scope: None,
                parent: 0,
                kids: Vec::new(),
            }],
            open: Vec::new(),
            page_parents: Vec::new(),
            links: Vec::new(),
            link_places: std::collections::HashMap::new(),
            anchors: std::collections::HashMap::new(),
            pending_anchor: None,
            pending_before: None,
            link_texts: std::collections::HashMap::new(),
        }
    }

    /// The innermost open element (the document when none is).
    fn current(&self) -> usize {
        self.open
            .iter()
            .rev()
            .find_map(|o| match o {
                Open::Elem(e) => Some(*e),
                _ => None,
            })
            .unwrap_or(0)
    }

    fn in_artifact(&self) -> bool {
        self.open.iter().any(|o| !matches!(o, Open::Elem(_)))
    }

    fn in_figure(&self) -> bool {
        self.open
            .iter()
            .any(|o| matches!(o, Open::Elem(e) if self.elems[*e].role == StructRole::Figure))
    }

    fn add_elem(
        &mut self,
        role: StructRole,
        alt: Option<String>,
        scope: TableHeaderScope,
    ) -> usize {
        // An element filed before an anchor is at the top level, even
        // set inside another (a figure set in the midst of a paragraph).
        let parent = if self.pending_before.is_some() {
            0
        } else {
            self.current()
        };
        let id = self.elems.len();
        let scope = match role {
            StructRole::TH => Some(scope),
            _ => None,
        };
        self.elems.push(Elem {
            role,
            alt,
            scope,
            parent,
            kids: Vec::new(),
        });
        self.elems[parent].kids.push(Kid::Elem(id));
        if parent == 0 {
            if let Some(anchor) = self.pending_anchor.take() {
                self.anchors.insert(anchor, id);
            }
            // Filed before its anchor's element, after any filed there before.
            let before = self
                .pending_before
                .take()
                .and_then(|a| self.anchors.get(&a));
            let at =
                before.and_then(|e| self.elems[0].kids.iter().position(|k| *k == Kid::Elem(*e)));
            if let Some(at) = at {
                let kid = self.elems[0].kids.pop();
                self.elems[0].kids.splice(at..at, kid);
            }
        }
        id
    }

    fn start(&mut self, role: &Role) {
        let open = if self.in_artifact() {
            Open::Ignored
        } else if *role == Role::Artifact {
            Open::Artifact
        } else {
            let alt = match role {
                Role::Figure(alt) => Some(alt.clone()),
                _ => None,
            };
            let scope = match role {
                Role::RowHeader => TableHeaderScope::Row,
                _ => TableHeaderScope::Column,
            };
            Open::Elem(self.add_elem(struct_role(role), alt, scope))
        };
        self.open.push(open);
    }

    /// Marks the items of the next page (index `page`) and files its
    /// content and its links (`links`: index in the nav and the link) in
    /// the tree. A link goes in a Link element beside the first text it
    /// covers; one that covers none, at the end of the document.
    pub(super) fn mark_page(
        &mut self,
        page: usize,
        items: &[Item],
        links: &[(usize, &Link)],
    ) -> Vec<Mark> {
        let mut marks = Vec::with_capacity(items.len());
        let mut parents: Vec<usize> = Vec::new();
        let mut unplaced: Vec<(usize, &Link)> = links.to_vec();
        // The open marked-content sequence's element and MCID.
        let mut sequence: Option<(usize, i32)> = None;
        for item in items {
            let mark = match item {
                Item::Tag(Tag::Start(role)) => {
                    self.start(role);
                    Mark::None
                }
                Item::Tag(Tag::End) => {
                    self.open.pop();
                    Mark::None
                }
                Item::Tag(Tag::Anchor(n)) => {
                    self.pending_anchor = Some(*n);
                    Mark::None
                }
                Item::Tag(Tag::Before(n)) => {
                    self.pending_before = Some(*n);
                    Mark::None
                }
                Item::Shape(_) | Item::Image(_) if !self.in_figure() || self.in_artifact() => {
                    sequence = None;
                    Mark::Artifact {
                        pagination: self.in_artifact(),
                    }
                }
                Item::Text(_) if self.in_artifact() => {
                    sequence = None;
                    Mark::Artifact { pagination: true }
                }
                Item::Text(_) | Item::Shape(_) | Item::Image(_) => {
                    // A run a link covers is the content of the link's
                    // element (its annotation beside it), inside the
                    // element the run is in.
                    let covered = text_box(item).and_then(|b| {
                        let mid = [(b[0] + b[2]) / 2.0, b[1], (b[0] + b[2]) / 2.0, b[3]];
                        links.iter().find(|(_, l)| overlaps(mid, l))
                    });
                    let elem = match (covered, item) {
                        (Some((index, _)), Item::Text(t)) => {
                            unplaced.retain(|(i, _)| i != index);
                            self.link_texts.entry(*index).or_default().push_str(&t.text);
                            self.link_elem(page, *index)
                        }
                        _ => self.current(),
                    };
                    let mcid = match sequence {
                        Some((e, mcid)) if e == elem => mcid,
                        _ => {
                            let mcid = parents.len() as i32;
                            parents.push(elem);
                            self.elems[elem].kids.push(Kid::Content { page, mcid });
                            sequence = Some((elem, mcid));
                            mcid
                        }
                    };
                    Mark::Content {
                        mcid,
                        role: self.elems[elem].role,
                    }
                }
            };
            marks.push(mark);
        }
        for (index, _) in unplaced {
            self.link(0, page, index);
        }
        self.page_parents.push(parents);
        marks
    }

    /// The Link element of link `index` on `page`: made in the innermost
    /// open element when the link's first run comes.
    fn link_elem(&mut self, page: usize, index: usize) -> usize {
        if let Some(&(_, elem)) = self.link_places.get(&index).map(|k| &self.links[*k]) {
            return elem;
        }
        let parent = self.current();
        self.link(parent, page, index)
    }

    /// A Link element in `parent` for link `index` on `page`.
    fn link(&mut self, parent: usize, page: usize, index: usize) -> usize {
        let id = self.elems.len();
        self.elems.push(Elem {
            role: StructRole::Link,
            alt: None,
            scope: None,
            parent,
            kids: vec![Kid::Annot { page, link: index }],
        });
        self.elems[parent].kids.push(Kid::Elem(id));
        self.link_places.entry(index).or_insert(self.links.len());
        self.links.push((index, id));
        id
    }

    /// The text link `index` covers, if it covers any: what it says, a
    /// contents entry's leader dots one space ("Movement 2").
    pub(super) fn link_text(&self, index: usize) -> Option<String> {
        let text = self.link_texts.get(&index)?;
        let mut out = String::with_capacity(text.len());
        for word in text.split_whitespace() {
            let parts = word.split("..").map(|p| p.trim_matches('.'));
            for part in parts.filter(|p| !p.is_empty()) {
                if !out.is_empty() {
                    out.push(' ');
                }
                out.push_str(part);
            }
        }
        (!out.is_empty()).then_some(out)
    }

    /// The key in the parent tree of link annotation `index`, if it has an
    /// element: after the pages' keys (page `n` has key `n`).
    pub(super) fn link_key(&self, index: usize) -> Option<i32> {
        self.link_places
            .get(&index)
            .map(|k| (self.page_parents.len() + k) as i32)
    }

    /// Writes the structure tree: its root at `root`, the elements from
    /// `next`, as chunks of one object each. `pages` are the page objects
    /// and `annots` the link annotations (by the link's index).
    pub(super) fn write(
        &self,
        root: Ref,
        next: &mut Ref,
        pages: &[Ref],
        annots: &[Ref],
    ) -> Vec<Chunk> {
        let refs: Vec<Ref> = self.elems.iter().map(|_| next.bump()).collect();
        let mut chunks = Vec::with_capacity(self.elems.len() + 1);
        let mut chunk = Chunk::new();
        {
            let mut tree = chunk
                .indirect(root)
                .start::<pdf_writer::writers::StructTreeRoot>();
            tree.child(refs[0]);
            let mut parent_tree = tree.insert(Name(b"ParentTree")).dict();
            let mut nums = parent_tree.insert(Name(b"Nums")).array();
            for (key, parents) in self.page_parents.iter().enumerate() {
                nums.item(key as i32);
                nums.push().array().items(parents.iter().map(|e| refs[*e]));
            }
            for (k, (_, elem)) in self.links.iter().enumerate() {
                nums.item((self.page_parents.len() + k) as i32);
                nums.item(refs[*elem]);
            }
            nums.finish();
            parent_tree.finish();
            tree.parent_tree_next_key((self.page_parents.len() + self.links.len()) as i32);
        }
        chunks.push(chunk);
        for (id, elem) in self.elems.iter().enumerate() {
            // An element is a line or two of PDF: the default kilobyte a
            // chunk starts with, times every element of a long book held
            // at once, was most of the memory the structure tree took.
            let mut chunk = Chunk::with_capacity(ELEM_BYTES);
            self.write_elem(&mut chunk, id, elem, &refs, pages, annots);
            chunks.push(chunk);
        }
        chunks
    }

    fn write_elem(
        &self,
        chunk: &mut Chunk,
        id: usize,
        elem: &Elem,
        refs: &[Ref],
        pages: &[Ref],
        annots: &[Ref],
    ) {
        let mut e = chunk.struct_element(refs[id]);
        e.kind(elem.role);
        e.parent(if id == 0 { refs[0] } else { refs[elem.parent] });
        if id == 0 {
            e.lang(TextStr(&self.lang));
        }
        if let Some(alt) = &elem.alt {
            e.alt(TextStr(alt));
        }
        if let Some(scope) = elem.scope {
            e.attributes().push().table().scope(scope);
        }
        let page_of = |page: usize| pages.get(page).copied();
        // The element's page: that of its first content.
        let home = elem.kids.iter().find_map(|k| match k {
            Kid::Content { page, .. } | Kid::Annot { page, .. } => Some(*page),
            Kid::Elem(_) => None,
        });
        if let Some(page) = home.and_then(page_of) {
            e.page(page);
        }
        let mut kids = e.children();
        for kid in &elem.kids {
            match *kid {
                Kid::Elem(k) => {
                    kids.struct_element(refs[k]);
                }
                Kid::Content { page, mcid } if Some(page) == home => {
                    kids.marked_content_id(mcid);
                }
                Kid::Content { page, mcid } => {
                    let mut mcr = kids.marked_content_ref();
                    if let Some(p) = page_of(page) {
                        mcr.page(p);
                    }
                    mcr.marked_content_id(mcid);
                }
                Kid::Annot { page, link } => {
                    if let Some(annot) = annots.get(link) {
                        let mut objr = kids.object_ref();
                        if let Some(p) = page_of(page) {
                            objr.page(p);
                        }
                        objr.object(*annot);
                    }
                }
            }
        }
    }

    /// The document's language, for the catalog.
    pub(super) fn lang(&self) -> &str {
        &self.lang
    }
}

/// `items` with each run of text that a link (of `links`) covers in part
/// cut where the link begins and ends, the glyphs drawn where they were:
/// the link's words become a run of their own, the content of its Link
/// element. None when no run needs cutting.
pub(super) fn split_at_links(
    items: &[Item],
    links: &[&Link],
    book: &FontBook,
) -> Option<Vec<Item>> {
    let mut out: Option<Vec<Item>> = None;
    for (k, item) in items.iter().enumerate() {
        let cut = match (item, text_box(item)) {
            (Item::Text(t), Some(b)) => {
                let on_line: Vec<&Link> =
                    links.iter().copied().filter(|l| overlaps(b, l)).collect();
                if on_line.is_empty() {
                    None
                } else {
                    cut_run(t, &on_line, book)
                }
            }
            _ => None,
        };
        match cut {
            Some(parts) => {
                let out = out.get_or_insert_with(|| items[..k].to_vec());
                out.extend(parts.into_iter().map(Item::Text));
            }
            None => {
                if let Some(out) = &mut out {
                    out.push(item.clone());
                }
            }
        }
    }
    out
}

/// A run cut where the links it crosses begin and end (each glyph goes
/// with the link its middle falls in; a second glyph of one character
/// with the first). None when it lies in one link, or in none, whole.
fn cut_run(t: &TextItem, links: &[&Link], book: &FontBook) -> Option<Vec<TextItem>> {
    let face = book.face(t.face);
    let scale = t.size / face.units_per_em;
    // Each glyph's cluster (byte range), left edge, and link.
    let mut glyphs: Vec<(std::ops::Range<usize>, f32, Option<usize>)> = Vec::new();
    let (mut x, mut at) = (t.x, 0);
    for (chars, g) in clusters(&t.text, &t.glyphs) {
        let w = g.advance * scale;
        let link = if g.chars == 0 {
            glyphs.last().and_then(|(_, _, l)| *l)
        } else {
            let mid = x + w / 2.0;
            links.iter().position(|l| l.x <= mid && mid <= l.x + l.w)
        };
        glyphs.push((at..at + chars.len(), x, link));
        at += chars.len();
        x += w;
    }
    if glyphs.windows(2).all(|w| w[0].2 == w[1].2) {
        return None;
    }
    let mut parts: Vec<TextItem> = Vec::new();
    let mut start = 0;
    for end in 1..=glyphs.len() {
        if end < glyphs.len() && glyphs[end].2 == glyphs[start].2 {
            continue;
        }
        let x0 = glyphs[start].1;
        let x1 = glyphs.get(end).map_or(t.x + t.width, |g| g.1);
        let bytes = glyphs[start].0.start..glyphs.get(end).map_or(t.text.len(), |g| g.0.start);
        parts.push(TextItem {
            x: x0,
            width: x1 - x0,
            text: t.text.get(bytes).unwrap_or_default().into(),
            glyphs: t.glyphs[start..end].into(),
            ..t.clone()
        });
        start = end;
    }
    Some(parts)
}

/// Opens the marked-content sequence of `mark` (nothing for [`Mark::None`]).
pub(super) fn begin(c: &mut ContentStream, mark: Mark) {
    match mark {
        Mark::None => {}
        Mark::Content { mcid, role } => c.begin_marked_content_with_id(role.to_name().0, mcid),
        Mark::Artifact { pagination: true } => c.begin_pagination_artifact(),
        Mark::Artifact { pagination: false } => c.begin_marked_content(b"Artifact"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{Geometry, Ink, TextItem};

    fn text(s: &str, x: f32, y: f32) -> Item {
        Item::Text(TextItem {
            x,
            y,
            face: 0,
            size: 10.0,
            text: s.into(),
            glyphs: std::sync::Arc::from(vec![
                crate::text::Glyph {
                    id: 0,
                    chars: 1,
                    advance: 0.0,
                };
                s.len()
            ]),
            width: 10.0 * s.len() as f32,
            ink: None,
        })
    }

    /// The tree as an indented outline: role, alt, and each kid.
    fn outline(tree: &TagTree, elem: usize, depth: usize, out: &mut String) {
        let e = &tree.elems[elem];
        out.push_str(&format!("{}{:?}", "  ".repeat(depth), e.role));
        if let Some(alt) = &e.alt {
            out.push_str(&format!(" alt={alt:?}"));
        }
        out.push('\n');
        for kid in &e.kids {
            match kid {
                Kid::Elem(k) => outline(tree, *k, depth + 1, out),
                Kid::Content { page, mcid } => {
                    out.push_str(&format!("{}mc p{page} #{mcid}\n", "  ".repeat(depth + 1)))
                }
                Kid::Annot { page, link } => out.push_str(&format!(
                    "{}annot p{page} link{link}\n",
                    "  ".repeat(depth + 1)
                )),
            }
        }
    }

    #[test]
    fn an_element_runs_on_across_pages_and_artifacts_stay_out_of_the_tree() {
        let mut tree = TagTree::new("en");
        let rule = Geometry::line(0.0, 0.0, 1.0, 0.0).filled(Ink::BLACK);
        let page_one = vec![
            Item::start(Role::Heading(1)),
            text("Rules", 0.0, 10.0),
            Item::end(),
            Item::start(Role::Paragraph),
            text("one", 0.0, 30.0),
            text("two", 0.0, 40.0),
            // The running head, added after the page's text.
            Item::start(Role::Artifact),
            Item::start(Role::Paragraph),
            text("Game", 0.0, 5.0),
            Item::end(),
            Item::end(),
        ];
        let page_two = vec![
            text("three", 0.0, 10.0),
            Item::end(),
            Item::start(Role::Figure("A card".into())),
            rule.clone(),
            text("card text", 0.0, 50.0),
            Item::end(),
            rule,
        ];
        let link = Link {
            page: 1,
            x: 0.0,
            y: 45.0,
            w: 100.0,
            h: 8.0,
            target: crate::layout::Target { page: 0, y: 0.0 },
            uri: None,
            framed: false,
        };
        let marks_one = tree.mark_page(0, &page_one, &[]);
        let marks_two = tree.mark_page(1, &page_two, &[(0, &link)]);
        let mut out = String::new();
        outline(&tree, 0, 0, &mut out);
        assert_eq!(
            out,
            "Document
  H1
    mc p0 #0
  P
    mc p0 #1
    mc p1 #0
  Figure alt=\"A card\"
    mc p1 #1
    Link
      annot p1 link0
      mc p1 #2
"
        );
        let artifact = Mark::Artifact { pagination: true };
        assert_eq!(marks_one[8], artifact);
        assert_eq!(
            marks_one[4..6],
            [Mark::Content {
                mcid: 1,
                role: StructRole::P
            }; 2]
        );
        // Outside a figure a line is an artifact; inside, content.
        assert_eq!(marks_two[6], Mark::Artifact { pagination: false });
        assert_eq!(
            marks_two[3],
            Mark::Content {
                mcid: 1,
                role: StructRole::Figure
            }
        );
        assert_eq!(tree.page_parents, [vec![1, 2], vec![2, 3, 4]]);
        assert_eq!(tree.link_key(0), Some(2));
    }

    #[test]
    fn a_link_is_an_element_of_its_own_words_and_its_annotation_in_the_paragraph() {
        let book = crate::load::project_fonts();
        let face = book.face(0);
        let line = "See Dice section";
        let item = Item::Text(TextItem {
            x: 10.0,
            y: 20.0,
            face: 0,
            size: 10.0,
            text: line.into(),
            glyphs: face.plain_glyphs(line).into(),
            width: face.width(line, 10.0),
            ink: None,
        });
        let (x0, x1) = (face.width("See ", 10.0), face.width("See Dice", 10.0));
        let link = Link {
            page: 0,
            x: 10.0 + x0,
            y: 12.0,
            w: x1 - x0,
            h: 10.0,
            target: crate::layout::Target { page: 0, y: 0.0 },
            uri: None,
            framed: true,
        };
        let items = vec![Item::start(Role::Paragraph), item, Item::end()];
        let cut = split_at_links(&items, &[&link], &book).expect("the run is cut");
        let runs: Vec<(&str, f32)> = cut
            .iter()
            .filter_map(|i| match i {
                Item::Text(t) => Some((&*t.text, t.x)),
                _ => None,
            })
            .collect();
        assert_eq!(
            runs,
            [("See ", 10.0), ("Dice", 10.0 + x0), (" section", 10.0 + x1)]
        );
        // A run a link does not cross is left as it is.
        assert!(split_at_links(&items[..1], &[&link], &book).is_none());
        let mut tree = TagTree::new("en");
        tree.mark_page(0, &cut, &[(0, &link)]);
        let mut out = String::new();
        outline(&tree, 0, 0, &mut out);
        assert_eq!(
            out,
            "Document
  P
    mc p0 #0
    Link
      annot p0 link0
      mc p0 #1
    mc p0 #2
"
        );
        assert_eq!(tree.link_text(0).as_deref(), Some("Dice"));
    }
}
