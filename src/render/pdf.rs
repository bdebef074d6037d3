//! Render stage, PDF: a laid-out [`Doc`] to PDF bytes — fonts embedded as
//! subset CID fonts with ToUnicode maps (so text extracts), `/PrintScaling
//! /None` so printers do not shrink label sheets, and no dates or random ids.

use std::collections::BTreeMap;

use pdf_writer::types::UnicodeCmap;
use pdf_writer::types::{ActionType, AnnotationType, CidFontType, FontFlags, PageMode, SystemInfo};
use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, Str, TextStr};
use subsetter::GlyphRemapper;

use crate::layout::{Doc, Item, Nav, Target, TextItem, outline_parents};
use crate::model::PathEl;
use crate::model::link::{cleaned, is_web_link};
use crate::text::{FaceId, FontBook};

/// Why a PDF could not be made (a font the subsetter cannot handle).
#[derive(Debug)]
pub struct RenderError(pub String);

impl std::fmt::Display for RenderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The glyphs used from one face, renumbered for its subset: `new_id[old]`
/// is the subset glyph id (0 = unused or .notdef), and what each stands for.
struct UsedFace {
    remapper: GlyphRemapper,
    new_id: Vec<u16>,
    chars: BTreeMap<u16, char>,
}

/// Renders the document to PDF bytes.
pub fn render_pdf(doc: &Doc, book: &FontBook) -> Result<Vec<u8>, RenderError> {
    render_pdf_nav(doc, &Nav::default(), book)
}

/// Renders the document with its navigation: bookmarks and link areas.
pub fn render_pdf_nav(doc: &Doc, nav: &Nav, book: &FontBook) -> Result<Vec<u8>, RenderError> {
    let mut pdf = Pdf::new();
    let mut next = Ref::new(1);
    let mut alloc = || next.bump();
    let catalog_ref = alloc();
    let tree_ref = alloc();
    let info_ref = alloc();

    let used = used_glyphs(doc, book);
    let page_refs: Vec<(Ref, Ref)> = doc.pages.iter().map(|_| (alloc(), alloc())).collect();
    let font_refs: Vec<(FaceId, Ref)> = used.keys().map(|&f| (f, alloc())).collect();
    let contents = compressed_contents(doc, &used);
    let link_refs: Vec<Ref> = nav.links.iter().map(|_| alloc()).collect();
    let outline_refs: Vec<Ref> = nav.outline.iter().map(|_| alloc()).collect();
    let outline_root = (!outline_refs.is_empty()).then(&mut alloc);

    for (page, ((page_ref, content_ref), content)) in
        doc.pages.iter().zip(page_refs.iter().zip(contents))
    {
        let mut p = pdf.page(*page_ref);
        p.parent(tree_ref)
            .media_box(Rect::new(0.0, 0.0, page.width, page.height))
            .contents(*content_ref);
        let page_index = page_refs.iter().position(|(r, _)| r == page_ref);
        let annots: Vec<Ref> = nav
            .links
            .iter()
            .zip(&link_refs)
            .filter(|(l, _)| Some(l.page) == page_index)
            .map(|(_, r)| *r)
            .collect();
        if !annots.is_empty() {
            p.annotations(annots);
        }
        let mut resources = p.resources();
        let mut fonts = resources.fonts();
        for (face, font_ref) in &font_refs {
            fonts.pair(Name(font_name(*face).as_bytes()), *font_ref);
        }
        fonts.finish();
        resources.finish();
        p.finish();
        pdf.stream(*content_ref, &content)
            .filter(Filter::FlateDecode);
    }

    for (face_id, font_ref) in &font_refs {
        if let Some(face_use) = used.get(face_id) {
            write_font(&mut pdf, &mut alloc, *font_ref, book, *face_id, face_use)?;
        }
    }

    write_links(&mut pdf, doc, nav, &link_refs, &page_refs);
    if let Some(root) = outline_root {
        write_outline(&mut pdf, doc, nav, root, &outline_refs, &page_refs);
    }

    pdf.pages(tree_ref)
        .kids(page_refs.iter().map(|(p, _)| *p))
        .count(page_refs.len() as i32);
    let mut catalog = pdf.catalog(catalog_ref);
    catalog.pages(tree_ref);
    if let Some(root) = outline_root {
        catalog.outlines(root);
        catalog.page_mode(PageMode::UseOutlines);
    }
    catalog
        .viewer_preferences()
        .pair(Name(b"PrintScaling"), Name(b"None"));
    catalog.finish();
    pdf.document_info(info_ref)
        .title(TextStr(&doc.title))
        .producer(TextStr("grogpress"));
    let id = fnv(doc.title.as_bytes()).to_be_bytes().to_vec();
    pdf.set_file_id((id.clone(), id));
    Ok(pdf.finish())
}

/// Link annotations: invisible rectangles whose action jumps to a place, or
/// opens a web address (checked again here: only `http`, `https` and
/// `mailto` ever become a URI action; a PDF never launches or runs anything).
fn write_links(pdf: &mut Pdf, doc: &Doc, nav: &Nav, refs: &[Ref], pages: &[(Ref, Ref)]) {
    for (link, id) in nav.links.iter().zip(refs) {
        let Some(page) = doc.pages.get(link.page) else {
            continue;
        };
        let h = page.height;
        let mut annot = pdf.annotation(*id);
        annot
            .subtype(AnnotationType::Link)
            .rect(Rect::new(
                link.x,
                h - link.y - link.h,
                link.x + link.w,
                h - link.y,
            ))
            .border(0.0, 0.0, 0.0, None);
        let mut action = annot.action();
        match link.uri.as_deref().filter(|uri| is_web_link(uri)) {
            Some(uri) => {
                action
                    .action_type(ActionType::Uri)
                    .uri(Str(uri_bytes(uri).as_bytes()));
            }
            None => {
                action.action_type(ActionType::GoTo);
                if let Some((page_ref, top)) = destination(doc, pages, link.target) {
                    action.destination().page(page_ref).xyz(0.0, top, None);
                }
            }
        }
    }
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

/// The page object and the PDF height (y up) of a target, if its page exists.
fn destination(doc: &Doc, pages: &[(Ref, Ref)], target: Target) -> Option<(Ref, f32)> {
    let page = doc.pages.get(target.page)?;
    let (page_ref, _) = pages.get(target.page)?;
    Some((*page_ref, page.height - target.y))
}

/// The outline: a tree of items nested by level, every item open.
fn write_outline(
    pdf: &mut Pdf,
    doc: &Doc,
    nav: &Nav,
    root: Ref,
    refs: &[Ref],
    pages: &[(Ref, Ref)],
) {
    let parents = outline_parents(&nav.outline);
    let children = |of: Option<usize>| -> Vec<usize> {
        (0..parents.len()).filter(|&i| parents[i] == of).collect()
    };
    let descendants = |i: usize| -> usize {
        let mut n = 0;
        let mut j = i + 1;
        while j < parents.len() && nav.outline[j].level > nav.outline[i].level {
            n += 1;
            j += 1;
        }
        n
    };
    let top = children(None);
    let mut outline = pdf.outline(root);
    if let (Some(first), Some(last)) = (top.first(), top.last()) {
        outline.first(refs[*first]).last(refs[*last]);
    }
    outline.count(nav.outline.len() as i32);
    outline.finish();
    for (i, entry) in nav.outline.iter().enumerate() {
        let siblings = children(parents[i]);
        let at = siblings.iter().position(|&s| s == i).unwrap_or(0);
        let kids = children(Some(i));
        let mut item = pdf.outline_item(refs[i]);
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
        if let Some((page_ref, top)) = destination(doc, pages, entry.target) {
            item.dest().page(page_ref).xyz(0.0, top, None);
        }
    }
}

/// Pass one: which glyphs of which faces the document uses, numbered in
/// ascending old-id order so the subset is the same whatever the page order.
fn used_glyphs(doc: &Doc, book: &FontBook) -> BTreeMap<FaceId, UsedFace> {
    let mut seen: BTreeMap<FaceId, BTreeMap<u16, char>> = BTreeMap::new();
    for item in doc.pages.iter().flat_map(|p| &p.items) {
        if let Some((t, _)) = item.glyph_run() {
            let chars = seen.entry(t.face).or_default();
            for (glyph, ch) in t.glyphs.iter().zip(t.text.chars()) {
                chars.entry(*glyph).or_insert(ch);
            }
        }
    }
    seen.into_iter()
        .map(|(face, old_chars)| {
            let olds: Vec<u16> = old_chars.keys().copied().collect();
            let remapper = GlyphRemapper::new_from_glyphs_sorted(&olds);
            let mut new_id = vec![0u16; book.face(face).glyph_count().max(1)];
            let mut chars = BTreeMap::new();
            for (old, ch) in old_chars {
                let new = remapper.get(old).unwrap_or(0);
                if let Some(slot) = new_id.get_mut(usize::from(old)) {
                    *slot = new;
                }
                if new != 0 {
                    chars.insert(new, ch);
                }
            }
            (
                face,
                UsedFace {
                    remapper,
                    new_id,
                    chars,
                },
            )
        })
        .collect()
}

/// Pass two: every page's content stream, compressed, made on all cores.
fn compressed_contents(doc: &Doc, used: &BTreeMap<FaceId, UsedFace>) -> Vec<Vec<u8>> {
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8);
    if workers < 2 || doc.pages.len() < 16 {
        return doc
            .pages
            .iter()
            .map(|p| deflate(&page_content(p, used)))
            .collect();
    }
    let chunk = doc.pages.len().div_ceil(workers);
    std::thread::scope(|scope| {
        let handles: Vec<_> = doc
            .pages
            .chunks(chunk)
            .map(|pages| {
                scope.spawn(move || {
                    pages
                        .iter()
                        .map(|p| deflate(&page_content(p, used)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| {
                h.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    })
}

fn font_name(face: FaceId) -> String {
    format!("F{face}")
}

/// Consecutive text items share one text object; the font is set only when it changes.
#[derive(Default)]
struct GlyphRuns {
    in_text: bool,
    font: Option<(FaceId, f32)>,
    bytes: Vec<u8>,
}

impl GlyphRuns {
    /// Shows one run of glyphs at its baseline, in its colour when it has one.
    fn show(
        &mut self,
        c: &mut Content,
        t: &TextItem,
        tint: Option<[f32; 3]>,
        used: &BTreeMap<FaceId, UsedFace>,
        page_height: f32,
    ) {
        let new_id = used.get(&t.face).map_or(&[][..], |u| &u.new_id[..]);
        self.bytes.clear();
        for glyph in &t.glyphs {
            let new = new_id.get(usize::from(*glyph)).copied().unwrap_or(0);
            self.bytes.extend_from_slice(&new.to_be_bytes());
        }
        if !self.in_text {
            c.begin_text();
            self.in_text = true;
        }
        if self.font != Some((t.face, t.size)) {
            c.set_font(Name(font_name(t.face).as_bytes()), t.size);
            self.font = Some((t.face, t.size));
        }
        c.set_text_matrix([1.0, 0.0, 0.0, 1.0, t.x, page_height - t.y]);
        if let Some([r, g, b]) = tint {
            c.set_fill_rgb(r, g, b);
            c.show(Str(&self.bytes));
            c.set_fill_gray(0.0);
        } else {
            c.show(Str(&self.bytes));
        }
    }

    /// Closes the text object before anything that is not text.
    fn end(&mut self, c: &mut Content) {
        if self.in_text {
            c.end_text();
            self.in_text = false;
            self.font = None;
        }
    }
}

/// One page's content stream, glyphs renumbered for the subsets.
fn page_content(page: &crate::layout::Page, used: &BTreeMap<FaceId, UsedFace>) -> Vec<u8> {
    let mut c = Content::new();
    let h = page.height;
    let mut run = GlyphRuns::default();
    for item in &page.items {
        if item.glyph_run().is_none() {
            run.end(&mut c);
        }
        match item {
            Item::Text(t) => run.show(&mut c, t, None, used, h),
            Item::Tinted { text, rgb } => run.show(&mut c, text, Some(*rgb), used, h),
            Item::Line {
                x1,
                y1,
                x2,
                y2,
                width,
                dash,
            } => {
                c.save_state();
                c.set_line_width(*width);
                if let Some((on, off)) = dash {
                    c.set_dash_pattern([*on, *off], 0.0);
                }
                c.move_to(*x1, h - y1);
                c.line_to(*x2, h - y2);
                c.stroke();
                c.restore_state();
            }
            Item::Rect {
                x,
                y,
                w,
                h: rh,
                radius,
                width,
            } => {
                c.save_state();
                c.set_line_width(*width);
                rounded_rect(&mut c, *x, h - y - rh, *w, *rh, *radius);
                c.stroke();
                c.restore_state();
            }
            Item::Fill { path, gray } => {
                c.save_state();
                c.set_fill_gray(*gray);
                trace_path(&mut c, path, h);
                c.fill_nonzero();
                c.restore_state();
            }
            Item::Art { path, rgb, clip } => {
                c.save_state();
                c.rect(clip[0], h - clip[1] - clip[3], clip[2], clip[3]);
                c.clip_nonzero();
                c.end_path();
                c.set_fill_rgb(rgb[0], rgb[1], rgb[2]);
                trace_path(&mut c, path, h);
                c.fill_nonzero();
                c.restore_state();
            }
            Item::Paint { path, rgb } => {
                c.save_state();
                c.set_fill_rgb(rgb[0], rgb[1], rgb[2]);
                trace_path(&mut c, path, h);
                c.fill_nonzero();
                c.restore_state();
            }
            Item::Shade {
                x,
                y,
                w,
                h: fh,
                gray,
            } => {
                c.save_state();
                c.set_fill_gray(*gray);
                c.rect(*x, h - y - fh, *w, *fh);
                c.fill_nonzero();
                c.restore_state();
            }
        }
    }
    run.end(&mut c);
    c.finish().to_vec()
}

/// Traces a path given from the page's top-left (y down) in PDF space (y up).
fn trace_path(c: &mut Content, path: &[PathEl], page_height: f32) {
    let h = page_height;
    for el in path {
        match *el {
            PathEl::MoveTo(x, y) => c.move_to(x, h - y),
            PathEl::LineTo(x, y) => c.line_to(x, h - y),
            PathEl::CurveTo(x1, y1, x2, y2, x, y) => c.cubic_to(x1, h - y1, x2, h - y2, x, h - y),
            PathEl::Close => c.close_path(),
        };
    }
}

/// A rectangle path with corners of radius `r` (lower-left at x, y; y up).
fn rounded_rect(c: &mut Content, x: f32, y: f32, w: f32, h: f32, r: f32) {
    let r = r.min(w / 2.0).min(h / 2.0);
    if r <= 0.0 {
        c.rect(x, y, w, h);
        return;
    }
    let k = r * 0.552_284_8;
    c.move_to(x + r, y);
    c.line_to(x + w - r, y);
    c.cubic_to(x + w - r + k, y, x + w, y + r - k, x + w, y + r);
    c.line_to(x + w, y + h - r);
    c.cubic_to(x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h);
    c.line_to(x + r, y + h);
    c.cubic_to(x + r - k, y + h, x, y + h - r + k, x, y + h - r);
    c.line_to(x, y + r);
    c.cubic_to(x, y + r - k, x + r - k, y, x + r, y);
    c.close_path();
}

fn write_font(
    pdf: &mut Pdf,
    alloc: &mut impl FnMut() -> Ref,
    type0_ref: Ref,
    book: &FontBook,
    face_id: FaceId,
    face_use: &UsedFace,
) -> Result<(), RenderError> {
    let face = book.face(face_id);
    let subset = subsetter::subset(&face.data, 0, &face_use.remapper)
        .map_err(|e| RenderError(format!("cannot subset font {}: {e}", face.name)))?;
    let (cid_ref, descriptor_ref, cmap_ref, data_ref) = (alloc(), alloc(), alloc(), alloc());
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

    pdf.type0_font(type0_ref)
        .base_font(Name(base.as_bytes()))
        .encoding_predefined(Name(b"Identity-H"))
        .descendant_font(cid_ref)
        .to_unicode(cmap_ref);

    let mut cid = pdf.cid_font(cid_ref);
    cid.subtype(CidFontType::Type2)
        .base_font(Name(base.as_bytes()))
        .system_info(system_info)
        .font_descriptor(descriptor_ref)
        .default_width(0.0)
        .cid_to_gid_map_predefined(Name(b"Identity"));
    let widths: Vec<f32> = face_use
        .remapper
        .remapped_gids()
        .map(|old| to_pdf(face.advance(old)))
        .collect();
    cid.widths().consecutive(0, widths);
    cid.finish();

    let mut flags = FontFlags::SYMBOLIC;
    if face.italic_angle != 0.0 {
        flags |= FontFlags::ITALIC;
    }
    let [x0, y0, x1, y1] = face.bbox.map(to_pdf);
    pdf.font_descriptor(descriptor_ref)
        .name(Name(base.as_bytes()))
        .flags(flags)
        .bbox(Rect::new(x0, y0, x1, y1))
        .italic_angle(face.italic_angle)
        .ascent(to_pdf(face.ascender))
        .descent(to_pdf(face.descender))
        .cap_height(to_pdf(face.cap_height))
        .stem_v(80.0)
        .font_file2(data_ref);

    let mut cmap = UnicodeCmap::new(Name(b"Custom"), system_info);
    for (glyph, ch) in &face_use.chars {
        cmap.pair(*glyph, *ch);
    }
    pdf.cmap(cmap_ref, &cmap.finish()).system_info(system_info);

    let compressed = deflate(&subset);
    pdf.stream(data_ref, &compressed)
        .filter(Filter::FlateDecode)
        .pair(Name(b"Length1"), subset.len() as i32);
    Ok(())
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

fn deflate(data: &[u8]) -> Vec<u8> {
    miniz_oxide::deflate::compress_to_vec_zlib(data, 1)
}
