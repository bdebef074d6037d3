//! Render stage, PDF: a laid-out [`Doc`] to PDF bytes — fonts embedded as
//! subset CID fonts with ToUnicode maps (so text extracts), `/PrintScaling
//! /None` so printers do not shrink label sheets, and no dates or random ids.
//! A document with a language is written as tagged PDF (see [`super::pdf_tags`]).

use std::collections::{BTreeMap, HashMap};
use std::io::Write;

use pdf_writer::types::UnicodeCmap;
use pdf_writer::types::{ActionType, AnnotationType, CidFontType, FontFlags, PageMode, SystemInfo};
use pdf_writer::{Chunk, Filter, Name, Rect, Ref, Str, TextStr};

use subsetter::GlyphRemapper;

use super::RenderError;
use super::pdf_forms::{Forms, Placed, form_name};
use super::pdf_images::{UsedImages, image_objects};
use super::pdf_page::{compressed_new, font_name, page_contents};
use super::pdf_repeats::{Repeats, Source};
use super::pdf_tags::{Mark, TagTree};
use crate::layout::{Doc, Item, Nav, Target, TextItem, outline_parents};
use crate::model::link::{cleaned, is_web_link};
use crate::text::{FaceId, FontBook, clusters};

/// The glyphs used from one face, numbered for its subset in the order they
/// are first used: `new_id[old]` is the subset glyph id (0 = unused or
/// .notdef), and what each stands for; `font_ref` is its Type 0 font.
pub(super) struct UsedFace {
    font_ref: Ref,
    remapper: GlyphRemapper,
    pub(super) new_id: Vec<u16>,
    /// The characters each subset glyph stands for: "fi" for a ligature.
    chars: BTreeMap<u16, String>,
}

impl UsedFace {
    fn new(font_ref: Ref, glyph_count: usize) -> UsedFace {
        UsedFace {
            font_ref,
            remapper: GlyphRemapper::new(),
            new_id: vec![0; glyph_count.max(1)],
            chars: BTreeMap::new(),
        }
    }

    /// Gives the glyphs of a run their subset ids (those new to the subset
    /// get the next ones), noting the character each first stands for.
    fn learn(&mut self, t: &TextItem) {
        // Most runs hold only glyphs known already: their characters need
        // not be found.
        let known = |id: u16| id == 0 || self.new_id.get(usize::from(id)).is_none_or(|s| *s != 0);
        if t.glyphs.iter().all(|g| known(g.id)) {
            return;
        }
        for (chars, glyph) in clusters(&t.text, &t.glyphs) {
            let Some(slot) = self.new_id.get_mut(usize::from(glyph.id)) else {
                continue;
            };
            if glyph.id == 0 || *slot != 0 {
                continue;
            }
            let new = self.remapper.remap(glyph.id);
            *slot = new;
            if !chars.is_empty() {
                self.chars.entry(new).or_insert_with(|| chars.to_string());
            }
        }
    }
}

/// Renders the document to PDF bytes.
pub fn render_pdf(doc: &Doc, book: &FontBook) -> Result<Vec<u8>, RenderError> {
    render_pdf_nav(doc, &Nav::default(), book)
}

/// Renders the document with its navigation: bookmarks and link areas.
pub fn render_pdf_nav(doc: &Doc, nav: &Nav, book: &FontBook) -> Result<Vec<u8>, RenderError> {
    write_pdf_nav(Vec::new(), doc, nav, book)
}

/// Writes the document with its navigation to `out`, and gives `out` back.
pub fn write_pdf_nav<W: Write>(
    out: W,
    doc: &Doc,
    nav: &Nav,
    book: &FontBook,
) -> Result<W, RenderError> {
    let mut pdf = PdfStream::new(out, &doc.title, nav, book)?;
    if let Some(lang) = &doc.lang {
        pdf.set_tagged(lang);
    }
    pdf.pages(&doc.pages)?;
    pdf.finish()
}

/// A PDF written as its pages come: each page's objects go to `out` as soon
/// as it is given, so a document of thousands of pages is never held whole
/// (neither laid out nor as bytes). A face's glyphs get their subset ids as
/// pages first use them; the fonts, navigation and page tree follow the last
/// page. Object ids are allocated as pages and faces come, so the same pages
/// in the same order make the same file, byte for byte, however they are
/// handed in.
pub struct PdfStream<'a, W: Write> {
    out: W,
    /// Bytes written so far, and where each object starts.
    pos: usize,
    offsets: Vec<(Ref, usize)>,
    book: &'a FontBook,
    nav: &'a Nav,
    title: String,
    used: BTreeMap<FaceId, UsedFace>,
    images: UsedImages,
    catalog_ref: Ref,
    tree_ref: Ref,
    info_ref: Ref,
    page_refs: Vec<(Ref, Ref)>,
    link_refs: Vec<Ref>,
    /// The indices of the links on each page, in order, found once (a
    /// rulebook's contents link 50,000 headings over 2,000 pages).
    links_on_page: HashMap<usize, Vec<usize>>,
    outline_refs: Vec<Ref>,
    outline_root: Option<Ref>,
    next: Ref,
    /// The height of each page written, for link and outline destinations.
    heights: Vec<f32>,
    /// How far pages run past their trim on every side (see [`PdfStream::set_bleed`]).
    bleed: f32,
    /// The structure of a tagged PDF (see [`PdfStream::set_tagged`]).
    tags: Option<TagTree>,
    /// Runs of shapes drawn once and placed where they repeat, and each
    /// form's object.
    forms: Forms,
    form_refs: Vec<Ref>,
    /// Content streams that pages repeat, for later pages to point at.
    repeats: Repeats,
}

fn io_error(e: std::io::Error) -> RenderError {
    RenderError::Write(e)
}

/// The header pdf-writer's `Pdf` starts with.
const HEADER: &[u8] = b"%PDF-1.7\n%\x80\x80\x80\x80\n\n";

/// The width (points) of a framed link's frame, and its colour: a quiet
/// blue, where LaTeX's hyperref frames in red and cyan.
const LINK_FRAME: f32 = 0.6;
const LINK_FRAME_RGB: (f32, f32, f32) = (0.45, 0.6, 0.9);

impl<'a, W: Write> PdfStream<'a, W> {
    /// Starts a PDF with the navigation `nav` (links and outline, by page index).
    pub fn new(
        mut out: W,
        title: &str,
        nav: &'a Nav,
        book: &'a FontBook,
    ) -> Result<Self, RenderError> {
        let mut next = Ref::new(1);
        let catalog_ref = next.bump();
        let tree_ref = next.bump();
        let info_ref = next.bump();
        let link_refs: Vec<Ref> = nav.links.iter().map(|_| next.bump()).collect();
        let mut links_on_page: HashMap<usize, Vec<usize>> = HashMap::new();
        for (i, link) in nav.links.iter().enumerate() {
            links_on_page.entry(link.page).or_default().push(i);
        }
        let outline_refs: Vec<Ref> = nav.outline.iter().map(|_| next.bump()).collect();
        let outline_root = (!outline_refs.is_empty()).then(|| next.bump());
        out.write_all(HEADER).map_err(io_error)?;
        Ok(PdfStream {
            out,
            pos: HEADER.len(),
            offsets: Vec::new(),
            book,
            nav,
            title: title.to_string(),
            used: BTreeMap::new(),
            images: UsedImages::default(),
            catalog_ref,
            tree_ref,
            info_ref,
            page_refs: Vec::new(),
            link_refs,
            links_on_page,
            outline_refs,
            outline_root,
            next,
            heights: Vec::new(),
            bleed: 0.0,
            tags: None,
            forms: Forms::default(),
            form_refs: Vec::new(),
            repeats: Repeats::default(),
        })
    }

    /// Pages from here on are a card with `bleed` points past its trim on
    /// every side (print-shop output): each gets a TrimBox (the card) and a
    /// BleedBox (the whole page), so a shop's software cuts where the card
    /// ends. No ArtBox: its meaning (the content's extent) adds nothing a
    /// shop uses beyond the trim.
    pub fn set_bleed(&mut self, bleed: f32) {
        self.bleed = bleed.max(0.0);
    }

    /// The PDF is tagged, its text in language `lang`: its structure tree
    /// comes from the pages' tags. Call before the first page.
    pub fn set_tagged(&mut self, lang: &str) {
        self.tags = Some(TagTree::new(lang));
    }

    /// How each item of `pages` is marked (empty when the PDF is not tagged).
    fn mark(&mut self, pages: &[crate::layout::Page]) -> Vec<Vec<Mark>> {
        let Some(tags) = &mut self.tags else {
            return Vec::new();
        };
        let first = self.heights.len();
        pages
            .iter()
            .enumerate()
            .map(|(k, page)| {
                let index = first + k;
                let links: Vec<(usize, &crate::layout::Link)> = self
                    .links_on_page
                    .get(&index)
                    .map_or(&[][..], Vec::as_slice)
                    .iter()
                    .map(|&i| (i, &self.nav.links[i]))
                    .collect();
                tags.mark_page(index, &page.items, &links)
            })
            .collect()
    }

    /// A tagged PDF's pages with the runs of text links cover in part cut
    /// at the links' ends (see [`super::pdf_tags::split_at_links`]); None
    /// when nothing is cut (and always for an untagged PDF).
    fn cut_at_links(&self, pages: &[crate::layout::Page]) -> Option<Vec<crate::layout::Page>> {
        self.tags.as_ref()?;
        let first = self.heights.len();
        let mut cut: Option<Vec<crate::layout::Page>> = None;
        for (k, page) in pages.iter().enumerate() {
            let links: Vec<&crate::layout::Link> = self
                .links_on_page
                .get(&(first + k))
                .map_or(&[][..], Vec::as_slice)
                .iter()
                .map(|&i| &self.nav.links[i])
                .collect();
            let items = super::pdf_tags::split_at_links(&page.items, &links, self.book);
            match items {
                Some(items) => {
                    let cut = cut.get_or_insert_with(|| pages[..k].to_vec());
                    cut.push(crate::layout::Page {
                        width: page.width,
                        height: page.height,
                        items,
                    });
                }
                None => {
                    if let Some(cut) = &mut cut {
                        cut.push(page.clone());
                    }
                }
            }
        }
        cut
    }

    /// Gives every glyph the pages use its subset id, and a face first used
    /// here its font object.
    fn learn_glyphs(&mut self, pages: &[crate::layout::Page]) {
        let (used, next, book) = (&mut self.used, &mut self.next, self.book);
        for item in pages.iter().flat_map(|p| &p.items) {
            if let Item::Text(t) = item {
                used.entry(t.face)
                    .or_insert_with(|| UsedFace::new(next.bump(), book.face(t.face).glyph_count()))
                    .learn(t);
            }
        }
    }

    /// Writes each image the pages draw that is not in the PDF yet, in the
    /// order the pages first draw them.
    fn write_images(&mut self, pages: &[crate::layout::Page]) -> Result<(), RenderError> {
        for item in pages.iter().flat_map(|p| &p.items) {
            let Item::Image(item) = item else { continue };
            if self.images.by_path.contains_key(&item.image.path) {
                continue;
            }
            let id = self.next.bump();
            let n = self.images.by_path.len();
            self.images.by_path.insert(item.image.path.clone(), (n, id));
            for chunk in image_objects(&item.image, id, &mut self.next)? {
                self.write_chunk(&chunk)?;
            }
        }
        Ok(())
    }

    /// Finds the runs of shapes of `pages` that repeat and writes the forms
    /// new among them; gives where each page places forms.
    fn write_forms(
        &mut self,
        pages: &[crate::layout::Page],
        marks: &[Vec<Mark>],
    ) -> Result<Vec<Vec<Placed>>, RenderError> {
        let (placed, new_forms) = self.forms.place(pages, marks);
        for form in new_forms {
            let id = self.next.bump();
            debug_assert_eq!(form.form, self.form_refs.len(), "forms come in order");
            self.form_refs.push(id);
            let data = deflate(&form.content)?;
            let [x1, y1, x2, y2] = form.bbox;
            self.object(|c| {
                let mut xobject = c.form_xobject(id, &data);
                xobject.filter(Filter::FlateDecode);
                xobject.bbox(Rect::new(x1, y1, x2, y2));
                xobject.resources();
            })?;
        }
        Ok(placed)
    }

    /// Writes a chunk holding one object.
    fn write_chunk(&mut self, chunk: &Chunk) -> Result<(), RenderError> {
        let mut refs = chunk.refs();
        if let Some(id) = refs.next() {
            debug_assert!(refs.next().is_none(), "one object per chunk");
            self.offsets.push((id, self.pos));
        }
        self.out.write_all(chunk.as_bytes()).map_err(io_error)?;
        self.pos += chunk.len();
        Ok(())
    }

    /// Writes one object, made by `f` into a chunk of its own.
    fn object(&mut self, f: impl FnOnce(&mut Chunk)) -> Result<(), RenderError> {
        let mut chunk = Chunk::new();
        f(&mut chunk);
        self.write_chunk(&chunk)
    }

    /// Writes the next pages, their content streams made on all cores.
    pub fn pages(&mut self, pages: &[crate::layout::Page]) -> Result<(), RenderError> {
        let cut = self.cut_at_links(pages);
        let pages = cut.as_deref().unwrap_or(pages);
        self.learn_glyphs(pages);
        self.write_images(pages)?;
        let marks = self.mark(pages);
        let placed = self.write_forms(pages, &marks)?;
        let contents = page_contents(pages, &marks, &placed, &self.used, &self.images, self.book);
        // A tagged page's stream holds its own marked-content ids: never shared.
        let sources = if self.tags.is_some() {
            vec![Source::New; contents.len()]
        } else {
            self.repeats.sources(&contents)
        };
        let compressed = compressed_new(&contents, &sources)?;
        // This part's first page's place among (page, content) refs.
        let first = self.page_refs.len();
        // Every page names the fonts known so far (all those it uses among them).
        let font_refs: Vec<(String, Ref)> = self
            .used
            .iter()
            .map(|(f, u)| (font_name(*f), u.font_ref))
            .collect();
        let parts = pages
            .iter()
            .zip(&placed)
            .zip(sources.iter().zip(compressed));
        for ((page, forms), (source, content)) in parts {
            let index = self.heights.len();
            let page_ref = self.next.bump();
            let content_ref = match *source {
                Source::New => self.next.bump(),
                Source::Kept(id) => id,
                // An earlier page of this part, written already (its own stream).
                Source::Earlier(j) => {
                    let (_, id) = self.page_refs[first + j];
                    self.repeats.keep(&contents[j], id);
                    id
                }
            };
            self.page_refs.push((page_ref, content_ref));
            let annots: Vec<Ref> = self
                .links_on_page
                .get(&index)
                .map_or(&[][..], Vec::as_slice)
                .iter()
                .map(|&i| self.link_refs[i])
                .collect();
            let tree_ref = self.tree_ref;
            let bleed = self.bleed;
            let tagged = self.tags.is_some();
            let mut x_objects = self
                .images
                .for_items(page.items.iter().filter_map(|i| match i {
                    Item::Image(image) => Some(image),
                    _ => None,
                }));
            let mut on_page: Vec<usize> = forms.iter().map(|f| f.form).collect();
            on_page.sort_unstable();
            on_page.dedup();
            x_objects.extend(
                on_page
                    .into_iter()
                    .filter_map(|n| Some((form_name(n), *self.form_refs.get(n)?))),
            );
            self.object(|c| {
                let mut p = c.page(page_ref);
                p.parent(tree_ref)
                    .media_box(Rect::new(0.0, 0.0, page.width, page.height))
                    .contents(content_ref);
                if bleed > 0.0 {
                    let (w, h) = (page.width, page.height);
                    p.bleed_box(Rect::new(0.0, 0.0, w, h)).trim_box(Rect::new(
                        bleed,
                        bleed,
                        w - bleed,
                        h - bleed,
                    ));
                }
                if tagged {
                    p.struct_parents(index as i32);
                    if !annots.is_empty() {
                        p.tab_order(pdf_writer::types::TabOrder::StructureOrder);
                    }
                }
                if !annots.is_empty() {
                    p.annotations(annots);
                }
                let mut resources = p.resources();
                let mut fonts = resources.fonts();
                for (name, font_ref) in &font_refs {
                    fonts.pair(Name(name.as_bytes()), *font_ref);
                }
                drop(fonts);
                if !x_objects.is_empty() {
                    let mut names = resources.x_objects();
                    for (name, id) in &x_objects {
                        names.pair(Name(name.as_bytes()), *id);
                    }
                }
            })?;
            if let Some(content) = content {
                self.object(|c| {
                    c.stream(content_ref, &content).filter(Filter::FlateDecode);
                })?;
            }
            self.heights.push(page.height);
        }
        Ok(())
    }

    /// Writes the fonts, navigation, page tree, catalog and trailer; gives
    /// `out` back, flushed.
    pub fn finish(mut self) -> Result<W, RenderError> {
        let faces: Vec<FaceId> = self.used.keys().copied().collect();
        for face_id in faces {
            self.write_font(face_id)?;
        }
        self.write_links()?;
        if let Some(root) = self.outline_root {
            self.write_outline(root)?;
        }
        let struct_root = self.write_structure()?;
        let (tree_ref, catalog_ref, info_ref) = (self.tree_ref, self.catalog_ref, self.info_ref);
        let page_refs = std::mem::take(&mut self.page_refs);
        self.object(|c| {
            c.pages(tree_ref)
                .kids(page_refs.iter().map(|(p, _)| *p))
                .count(page_refs.len() as i32);
        })?;
        let outline_root = self.outline_root;
        // A tagged PDF claims PDF/UA-1 in its XMP metadata, with its title.
        let metadata_ref = match &struct_root {
            Some((_, lang)) => {
                let id = self.next.bump();
                let xmp = super::pdf_xmp::xmp(&self.title, lang);
                self.object(|c| {
                    c.metadata(id, xmp.as_bytes());
                })?;
                Some(id)
            }
            None => None,
        };
        self.object(|c| {
            let mut catalog = c
                .indirect(catalog_ref)
                .start::<pdf_writer::writers::Catalog>();
            catalog.pages(tree_ref);
            if let Some(root) = outline_root {
                catalog.outlines(root);
                catalog.page_mode(PageMode::UseOutlines);
            }
            let mut preferences = catalog.viewer_preferences();
            preferences.pair(Name(b"PrintScaling"), Name(b"None"));
            if struct_root.is_some() {
                preferences.display_doc_title(true);
            }
            drop(preferences);
            if let Some((root, lang)) = &struct_root {
                catalog.pair(Name(b"StructTreeRoot"), *root);
                catalog.lang(TextStr(lang));
                catalog.mark_info().marked(true);
            }
            if let Some(id) = metadata_ref {
                catalog.metadata(id);
            }
        })?;
        let title = std::mem::take(&mut self.title);
        self.object(|c| {
            c.indirect(info_ref)
                .start::<pdf_writer::writers::DocumentInfo>()
                .title(TextStr(&title))
                .producer(TextStr("grogpress"));
        })?;
        let id = fnv(title.as_bytes()).to_be_bytes().to_vec();
        let trailer = xref_and_trailer(
            std::mem::take(&mut self.offsets),
            self.pos,
            catalog_ref,
            info_ref,
            &id,
        );
        self.out.write_all(&trailer).map_err(io_error)?;
        self.out.flush().map_err(io_error)?;
        Ok(self.out)
    }
}

/// What follows the pages: fonts, links, the outline and the structure tree.
impl<W: Write> PdfStream<'_, W> {
    /// The structure tree of a tagged PDF: its root and the document's language.
    fn write_structure(&mut self) -> Result<Option<(Ref, String)>, RenderError> {
        let Some(tags) = self.tags.take() else {
            return Ok(None);
        };
        let root = self.next.bump();
        let pages: Vec<Ref> = self.page_refs.iter().map(|(p, _)| *p).collect();
        let chunks = tags.write(root, &mut self.next, &pages, &self.link_refs);
        for chunk in &chunks {
            self.write_chunk(chunk)?;
        }
        Ok(Some((root, tags.lang().to_string())))
    }

    /// Link annotations: rectangles whose action jumps to a place, framed
    /// thinly on screen where the link asks (a viewer does not print an
    /// annotation's frame: the printed page stays clean).
    fn write_links(&mut self) -> Result<(), RenderError> {
        let nav = self.nav;
        for (i, (link, id)) in nav.links.iter().zip(self.link_refs.clone()).enumerate() {
            let Some(h) = self.heights.get(link.page).copied() else {
                continue;
            };
            let target = self.destination(link.target);
            let key = self.tags.as_ref().and_then(|t| t.link_key(i));
            // What a tagged PDF's link says to a reader who cannot see it:
            // the words it covers, else where it goes.
            let contents = self.tags.as_ref().map(|t| match t.link_text(i) {
                Some(text) => text,
                None => match link.uri.as_deref() {
                    Some(uri) => uri.to_string(),
                    None => format!("Page {}", link.target.page + 1),
                },
            });
            // A frame keeps clear of the line above: it starts a little
            // below the line box's top (room the letters leave over them)
            // and ends at its foot, below the descenders the box holds.
            let (frame, inset) = if link.framed {
                (LINK_FRAME, link.h * 0.12)
            } else {
                (0.0, 0.0)
            };
            self.object(|c| {
                let mut annot = c.annotation(id);
                annot
                    .subtype(AnnotationType::Link)
                    .rect(Rect::new(
                        link.x,
                        h - link.y - link.h,
                        link.x + link.w,
                        h - link.y - inset,
                    ))
                    .border(0.0, 0.0, frame, None);
                if link.framed {
                    let (r, g, b) = LINK_FRAME_RGB;
                    annot.color_rgb(r, g, b);
                }
                if let Some(key) = key {
                    annot.struct_parent(key);
                }
                if let Some(contents) = &contents {
                    annot.contents(TextStr(contents));
                }
                // A web address is checked again here: only http, https and
                // mailto ever become a URI action; a PDF never launches or
                // runs anything.
                let mut action = annot.action();
                match link.uri.as_deref().filter(|uri| is_web_link(uri)) {
                    Some(uri) => {
                        action
                            .action_type(ActionType::Uri)
                            .uri(Str(uri_bytes(uri).as_bytes()));
                    }
                    None => {
                        action.action_type(ActionType::GoTo);
                        if let Some((page_ref, top)) = target {
                            action.destination().page(page_ref).xyz(0.0, top, None);
                        }
                    }
                }
            })?;
        }
        Ok(())
    }

    /// The page object and the PDF height (y up) of a target, if its page exists.
    fn destination(&self, target: Target) -> Option<(Ref, f32)> {
        let height = self.heights.get(target.page)?;
        let (page_ref, _) = self.page_refs.get(target.page)?;
        Some((*page_ref, height - target.y))
    }

    /// The outline: a tree of items nested by level, every item open.
    fn write_outline(&mut self, root: Ref) -> Result<(), RenderError> {
        let nav = self.nav;
        let refs = self.outline_refs.clone();
        let parents = outline_parents(&nav.outline);
        // Each item's children, and where each item stands among its
        // siblings, found in one pass (a rulebook may have 50,000 headings).
        let mut top: Vec<usize> = Vec::new();
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); parents.len()];
        let mut place = vec![0; parents.len()];
        for (i, parent) in parents.iter().enumerate() {
            let siblings = match parent {
                Some(p) => &mut children[*p],
                None => &mut top,
            };
            place[i] = siblings.len();
            siblings.push(i);
        }
        let descendants = |i: usize| -> usize {
            let mut n = 0;
            let mut j = i + 1;
            while j < parents.len() && nav.outline[j].level > nav.outline[i].level {
                n += 1;
                j += 1;
            }
            n
        };
        self.object(|c| {
            let mut outline = c.outline(root);
            if let (Some(first), Some(last)) = (top.first(), top.last()) {
                outline.first(refs[*first]).last(refs[*last]);
            }
            outline.count(nav.outline.len() as i32);
        })?;
        for (i, entry) in nav.outline.iter().enumerate() {
            let siblings = parents[i].map_or(&top, |p| &children[p]);
            let at = place[i];
            let kids = &children[i];
            let target = self.destination(entry.target);
            self.object(|c| {
                let mut item = c.outline_item(refs[i]);
                item.title(TextStr(&entry.title))
                    .parent(parents[i].map_or(root, |p| refs[p]));
                if at > 0 {
                    item.prev(refs[siblings[at - 1]]);
                }
                if let Some(next) = siblings.get(at + 1) {
                    item.next(refs[*next]);
                }
                if let (Some(first), Some(last)) = (kids.first(), kids.last()) {
                    item.first(refs[*first])
                        .last(refs[*last])
                        .count(descendants(i) as i32);
                }
                if let Some((page_ref, top)) = target {
                    item.dest().page(page_ref).xyz(0.0, top, None);
                }
            })?;
        }
        Ok(())
    }

    /// One face's subset: the Type 0 font, its CID font, descriptor,
    /// ToUnicode map and compressed font file.
    fn write_font(&mut self, face_id: FaceId) -> Result<(), RenderError> {
        let book = self.book;
        let Some(face_use) = self.used.remove(&face_id) else {
            return Ok(());
        };
        let type0_ref = face_use.font_ref;
        let face = book.face(face_id);
        let subset = subsetter::subset(&face.data, 0, &face_use.remapper).map_err(|e| {
            RenderError::Font {
                face: face.name.clone(),
                message: e.to_string(),
            }
        })?;
        let (cid_ref, descriptor_ref, cmap_ref, data_ref) = (
            self.next.bump(),
            self.next.bump(),
            self.next.bump(),
            self.next.bump(),
        );
        let base = format!(
            "{}+{}",
            subset_tag(&face.name, &face_use.remapper),
            face.name
        );
        let system_info = SystemInfo {
            registry: Str(b"Adobe"),
            ordering: Str(b"Identity"),
            supplement: 0,
        };
        let to_pdf = |v: f32| v * 1000.0 / face.units_per_em;

        self.object(|c| {
            c.type0_font(type0_ref)
                .base_font(Name(base.as_bytes()))
                .encoding_predefined(Name(b"Identity-H"))
                .descendant_font(cid_ref)
                .to_unicode(cmap_ref);
        })?;

        let widths: Vec<f32> = face_use
            .remapper
            .remapped_gids()
            .map(|old| to_pdf(face.advance(old)))
            .collect();
        self.object(|c| {
            let mut cid = c.cid_font(cid_ref);
            cid.subtype(CidFontType::Type2)
                .base_font(Name(base.as_bytes()))
                .system_info(system_info)
                .font_descriptor(descriptor_ref)
                .default_width(0.0)
                .cid_to_gid_map_predefined(Name(b"Identity"));
            cid.widths().consecutive(0, widths);
        })?;

        let mut flags = FontFlags::SYMBOLIC;
        if face.italic_angle != 0.0 {
            flags |= FontFlags::ITALIC;
        }
        let [x0, y0, x1, y1] = face.bbox.map(to_pdf);
        self.object(|c| {
            c.font_descriptor(descriptor_ref)
                .name(Name(base.as_bytes()))
                .flags(flags)
                .bbox(Rect::new(x0, y0, x1, y1))
                .italic_angle(face.italic_angle)
                .ascent(to_pdf(face.ascender))
                .descent(to_pdf(face.descender))
                .cap_height(to_pdf(face.cap_height))
                .stem_v(80.0)
                .font_file2(data_ref);
        })?;

        let mut cmap = UnicodeCmap::new(Name(b"Custom"), system_info);
        // In a tagged PDF the hyphen set where a word breaks across lines
        // (U+2010, which the text never holds otherwise) reads as a soft
        // hyphen: the text reads "scenario", not "sce‐ nario".
        let tagged = self.tags.is_some();
        for (glyph, chars) in &face_use.chars {
            let chars = match chars.as_str() {
                "\u{2010}" if tagged => "\u{ad}",
                chars => chars,
            };
            let mut one = chars.chars();
            match (one.next(), one.next()) {
                (Some(c), None) => cmap.pair(*glyph, c),
                _ => cmap.pair_with_multiple(*glyph, chars.chars()),
            };
        }
        let cmap = cmap.finish();
        self.object(|c| {
            c.cmap(cmap_ref, &cmap).system_info(system_info);
        })?;

        let compressed = deflate(&subset)?;
        self.object(|c| {
            c.stream(data_ref, &compressed)
                .filter(Filter::FlateDecode)
                .pair(Name(b"Length1"), subset.len() as i32);
        })
    }
}

/// The cross-reference table and trailer exactly as pdf-writer's
/// `Pdf::finish` writes them, for objects at `offsets` and the table at
/// `xref_offset`.
fn xref_and_trailer(
    mut offsets: Vec<(Ref, usize)>,
    xref_offset: usize,
    catalog: Ref,
    info: Ref,
    file_id: &[u8],
) -> Vec<u8> {
    use std::io::Write as _;
    offsets.sort();
    let xref_len = 1 + offsets.last().map_or(0, |p| p.0.get());
    let mut buf: Vec<u8> = Vec::with_capacity(20 * offsets.len() + 256);
    let _ = write!(buf, "xref\n0 {xref_len}\n");
    if offsets.is_empty() {
        let _ = write!(buf, "{:010} {:05} f\r\n", 0, 65535);
    }
    let mut written = 0;
    for (i, (object_id, offset)) in offsets.iter().enumerate() {
        let start = written;
        for free_id in start..object_id.get() {
            let mut next = free_id + 1;
            if next == object_id.get() {
                for (used_id, _) in &offsets[i..] {
                    if next < used_id.get() {
                        break;
                    }
                    next = used_id.get() + 1;
                }
            }
            let generation = if free_id == 0 { 65535 } else { 0 };
            let _ = write!(buf, "{:010} {generation:05} f\r\n", next % xref_len);
            written += 1;
        }
        let _ = write!(buf, "{offset:010} {:05} n\r\n", 0);
        written += 1;
    }
    buf.extend_from_slice(b"trailer\n");
    // The trailer dictionary, written as pdf-writer writes any dictionary.
    let mut chunk = Chunk::new();
    {
        let mut dict = chunk.indirect(Ref::new(1)).dict();
        dict.pair(Name(b"Size"), xref_len);
        dict.pair(Name(b"Root"), catalog);
        dict.pair(Name(b"Info"), info);
        let mut ids = dict.insert(Name(b"ID")).array();
        ids.item(Str(file_id));
        ids.item(Str(file_id));
    }
    let bytes = chunk.as_bytes();
    let body = bytes
        .strip_prefix(b"1 0 obj\n".as_slice())
        .and_then(|b| b.strip_suffix(b"\nendobj\n\n".as_slice()))
        .unwrap_or(bytes);
    buf.extend_from_slice(body);
    let _ = write!(buf, "\nstartxref\n{xref_offset}\n%%EOF");
    buf
}

/// Six capital letters naming a subset, the same for the same glyphs every time.
fn subset_tag(name: &str, remapper: &GlyphRemapper) -> String {
    let mut bytes = name.as_bytes().to_vec();
    for g in remapper.remapped_gids() {
        bytes.extend_from_slice(&g.to_be_bytes());
    }
    let mut h = fnv(&bytes);
    (0..6)
        .map(|_| {
            let c = (b'A' + (h % 26) as u8) as char;
            h /= 26;
            c
        })
        .collect()
}

fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}

thread_local! {
    /// Each thread's compressor, reset between streams: a new one per page
    /// allocated and zeroed its window and tables thousands of times a build.
    static ZLIB: std::cell::RefCell<flate2::Compress> =
        std::cell::RefCell::new(flate2::Compress::new(flate2::Compression::new(2), true));
}

/// A zlib stream of `data` at level 2: zlib-rs there is faster than miniz
/// at level 1 and its files are smaller.
pub(super) fn deflate(data: &[u8]) -> Result<Vec<u8>, RenderError> {
    let failed = |e: flate2::CompressError| RenderError::Compress(e.to_string());
    ZLIB.with(|zlib| {
        let mut z = zlib.borrow_mut();
        z.reset();
        let mut out = Vec::with_capacity(data.len() / 4 + 64);
        loop {
            let read = usize::try_from(z.total_in())
                .unwrap_or(data.len())
                .min(data.len());
            let status = z
                .compress_vec(&data[read..], &mut out, flate2::FlushCompress::Finish)
                .map_err(failed)?;
            if status == flate2::Status::StreamEnd {
                return Ok(out);
            }
            out.reserve(out.capacity().max(256));
        }
    })
}

/// A URI as a PDF holds it (7-bit ASCII): as a browser reads it
/// ([`cleaned`]), with every other byte percent-encoded.
fn uri_bytes(uri: &str) -> String {
    let mut out = String::new();
    for b in cleaned(uri).bytes() {
        if b.is_ascii_graphic() {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xref_and_trailer_are_pdf_writers() {
        // Objects written out of order, with free ids between them.
        let mut pdf = pdf_writer::Pdf::new();
        let mut offsets = Vec::new();
        offsets.push((Ref::new(7), pdf.len()));
        pdf.indirect(Ref::new(7)).primitive(7);
        offsets.push((Ref::new(2), pdf.len()));
        pdf.indirect(Ref::new(2)).primitive(2);
        offsets.push((Ref::new(1), pdf.len()));
        pdf.catalog(Ref::new(1)).pages(Ref::new(2));
        offsets.push((Ref::new(5), pdf.len()));
        pdf.document_info(Ref::new(5)).title(TextStr("t (x)"));
        let id = fnv(b"t").to_be_bytes().to_vec();
        pdf.set_file_id((id.clone(), id.clone()));
        let body_end = pdf.len();
        let expected = pdf.finish();
        let mut ours = expected[..body_end].to_vec();
        ours.extend(xref_and_trailer(
            offsets,
            body_end,
            Ref::new(1),
            Ref::new(5),
            &id,
        ));
        assert_eq!(
            String::from_utf8_lossy(&ours),
            String::from_utf8_lossy(&expected)
        );
    }

    #[test]
    fn subset_ids_follow_first_use_and_pages_name_their_fonts() {
        let book = crate::text::sans_test_book();
        let face = book.families[0].face(crate::model::Style::Regular);
        let run = |text: &str| {
            let glyphs = book.face(face).plain_glyphs(text);
            crate::layout::Page {
                width: 100.0,
                height: 100.0,
                items: vec![Item::Text(TextItem {
                    x: 0.0,
                    y: 50.0,
                    face,
                    size: 10.0,
                    text: text.into(),
                    glyphs: glyphs.into(),
                    width: 10.0,
                    ink: None,
                })],
            }
        };
        let nav = Nav::default();
        let mut pdf = PdfStream::new(Vec::new(), "t", &nav, &book).expect("start");
        pdf.pages(&[run("ba")]).expect("first page");
        pdf.pages(&[run("abc")]).expect("second page");
        let used = &pdf.used[&face];
        let id = |c: char| used.new_id[usize::from(book.face(face).glyph(c).unwrap_or(0))];
        assert_eq!((id('b'), id('a'), id('c')), (1, 2, 3));
        assert_eq!(used.chars.get(&3).map(String::as_str), Some("c"));
        assert_eq!(pdf.heights.len(), 2, "pages written");
        let bytes = pdf.finish().expect("finish");
        assert!(String::from_utf8_lossy(&bytes).contains("/Count 2"));
    }
}
