//! Render stage, PDF page content: each laid-out page's items to its content
//! stream (text as runs of glyphs in the subset fonts, shapes, images and
//! repeated forms, marked content for tagged PDF), made on all cores.

use std::collections::BTreeMap;

use super::content::ContentStream;

use super::pdf_forms::{FORM_PREFIX, Frame, Placed};
use super::pdf_images::{UsedImages, draw_image};
use super::pdf_repeats::Source;
use super::pdf_tags::{Mark, begin};
use crate::layout::{Geometry, Ink, Item, Shape, TextItem};
use crate::model::PathEl;
use crate::text::{FaceId, FontBook};

use super::RenderError;
use super::pdf::{UsedFace, deflate};

/// Pass two: every page's content stream, made on all cores.
pub(super) fn page_contents(
    pages: &[crate::layout::Page],
    marks: &[Vec<Mark>],
    placed: &[Vec<Placed>],
    used: &BTreeMap<FaceId, UsedFace>,
    images: &UsedImages,
    book: &FontBook,
) -> Vec<Vec<u8>> {
    let pages: Vec<(&crate::layout::Page, &[Mark], &[Placed])> = pages
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let marks = marks.get(k).map_or(&[][..], Vec::as_slice);
            (p, marks, placed.get(k).map_or(&[][..], Vec::as_slice))
        })
        .collect();
    // On all cores when there are many pages, or a few heavy ones (a big
    // map's tiled sheets: thousands of items each).
    let items: usize = pages.iter().map(|(p, _, _)| p.items.len()).sum();
    let serial_below = if items >= 4096 { 2 } else { 16 };
    crate::par::map(&pages, serial_below, |(p, marks, placed)| {
        page_content(p, marks, placed, used, images, book)
    })
}

/// The streams of `contents` written anew ([`Source::New`]), compressed on
/// all cores; `None` for a page that points at another's.
pub(super) fn compressed_new(
    contents: &[Vec<u8>],
    sources: &[Source],
) -> Result<Vec<Option<Vec<u8>>>, RenderError> {
    let pages: Vec<(&Vec<u8>, &Source)> = contents.iter().zip(sources).collect();
    let bytes: usize = contents.iter().map(Vec::len).sum();
    let serial_below = if bytes >= 1 << 18 { 2 } else { 16 };
    crate::par::map(&pages, serial_below, |(content, source)| {
        (**source == Source::New)
            .then(|| deflate(content))
            .transpose()
    })
    .into_iter()
    .collect()
}

/// A font's name in a page's resources: this and its face number.
const FONT_PREFIX: &str = "F";

pub(super) fn font_name(face: FaceId) -> String {
    format!("{FONT_PREFIX}{face}")
}

/// Consecutive text items share one text object; the font is set only when it changes.
#[derive(Default)]
struct GlyphRuns {
    in_text: bool,
    font: Option<(FaceId, f32)>,
    bytes: Vec<u8>,
    /// After which glyph the pen moves, and by how much (thousandths of an em, TJ's sign).
    adjust: Vec<(usize, f32)>,
}

impl GlyphRuns {
    /// Shows one run of glyphs at its baseline, in its ink when it has one.
    fn show(
        &mut self,
        c: &mut ContentStream,
        t: &TextItem,
        used: &BTreeMap<FaceId, UsedFace>,
        book: &FontBook,
        page_height: f32,
    ) {
        let new_id = used.get(&t.face).map_or(&[][..], |u| &u.new_id[..]);
        self.bytes.clear();
        self.adjust.clear();
        let face = book.face(t.face);
        for (i, glyph) in t.glyphs.iter().enumerate() {
            let new = new_id.get(usize::from(glyph.id)).copied().unwrap_or(0);
            self.bytes.extend_from_slice(&new.to_be_bytes());
            // Kerning and justified spaces: the pen moves by the glyph's own
            // advance, not the width the font's /W array gives it.
            let extra = glyph.advance - face.advance(glyph.id);
            if extra.abs() > 0.01 {
                self.adjust
                    .push((i + 1, -extra * 1000.0 / face.units_per_em));
            }
        }
        if !self.in_text {
            c.begin_text();
            self.in_text = true;
        }
        if self.font != Some((t.face, t.size)) {
            c.set_numbered_font(FONT_PREFIX.as_bytes(), t.face as u64, t.size);
            self.font = Some((t.face, t.size));
        }
        c.set_text_position(t.x, page_height - t.y);
        if let Some(ink) = t.ink {
            set_fill(c, ink);
            self.show_glyphs(c);
            c.set_fill_gray(0.0);
        } else {
            self.show_glyphs(c);
        }
    }

    /// The glyph codes gathered, with `TJ` adjustments where there are any.
    fn show_glyphs(&self, c: &mut ContentStream) {
        if self.adjust.is_empty() {
            c.show(&self.bytes);
        } else {
            c.show_positioned(&self.bytes, &self.adjust);
        }
    }

    /// Closes the text object before anything that is not text.
    fn end(&mut self, c: &mut ContentStream) {
        if self.in_text {
            c.end_text();
            self.in_text = false;
            self.font = None;
        }
    }
}

/// One page's content stream, glyphs renumbered for the subsets, each item
/// in the marked-content sequence of its mark (`marks`, one per item; empty
/// for an untagged PDF).
fn page_content(
    page: &crate::layout::Page,
    marks: &[Mark],
    placed: &[Placed],
    used: &BTreeMap<FaceId, UsedFace>,
    images: &UsedImages,
    book: &FontBook,
) -> Vec<u8> {
    // About what a page's items take, so the stream seldom grows and copies.
    let mut c = ContentStream::with_capacity(64 * page.items.len() + 256);
    let h = page.height;
    let mut run = GlyphRuns::default();
    let mut open = Mark::None;
    let mut forms = placed.iter().peekable();
    let mut k = 0;
    while let Some(item) = page.items.get(k) {
        let mark = marks.get(k).copied().unwrap_or(Mark::None);
        if mark != Mark::None && mark != open {
            run.end(&mut c);
            if open != Mark::None {
                c.end_marked_content();
            }
            begin(&mut c, mark);
            open = mark;
        }
        if let Some(form) = forms.next_if(|f| f.items.start == k) {
            run.end(&mut c);
            c.save_state();
            c.transform([1.0, 0.0, 0.0, 1.0, form.at.0, form.at.1]);
            c.numbered_x_object(FORM_PREFIX.as_bytes(), form.form as u64);
            c.restore_state();
            k = form.items.end.max(k + 1);
            continue;
        }
        match item {
            Item::Text(t) => run.show(&mut c, t, used, book, h),
            Item::Shape(shape) => {
                run.end(&mut c);
                draw_shape(&mut c, shape, Frame { x0: 0.0, top: h });
            }
            Item::Image(image) => {
                run.end(&mut c);
                if let Some(name) = images.name(&image.image) {
                    draw_image(&mut c, image, &name, h);
                }
            }
            Item::Tag(_) => {}
        }
        k += 1;
    }
    run.end(&mut c);
    if open != Mark::None {
        c.end_marked_content();
    }
    c.finish()
}

/// A shape in a graphics state of its own: clip, stroke, fill colour,
/// outline, then fill and/or stroke; drawn from `frame` (a page's
/// top-left, or a form's corner).
pub(super) fn draw_shape(c: &mut ContentStream, shape: &Shape, frame: Frame) {
    let Frame { x0, top } = frame;
    c.save_state();
    if let Some([x, y, w, ch]) = shape.clip {
        c.rect(x - x0, top - y - ch, w, ch);
        c.clip_nonzero();
        c.end_path();
    }
    if let Some(stroke) = shape.stroke {
        c.set_line_width(stroke.width);
        if let Some((on, off)) = stroke.dash {
            c.set_dash_pattern(on, off);
        }
    }
    if let Some(ink) = shape.fill {
        set_fill(c, ink);
    }
    match &shape.geometry {
        Geometry::Line { x1, y1, x2, y2 } => {
            c.move_to(x1 - x0, top - y1);
            c.line_to(x2 - x0, top - y2);
        }
        Geometry::Rect {
            x,
            y,
            w,
            h: rh,
            radius,
        } => rounded_rect(c, x - x0, top - y - rh, *w, *rh, *radius),
        Geometry::Path(path) => trace_path(c, path, frame),
    }
    match (shape.fill.is_some(), shape.stroke.is_some()) {
        (true, true) => c.fill_nonzero_and_stroke(),
        (true, false) => c.fill_nonzero(),
        (false, true) => c.stroke(),
        (false, false) => c.end_path(),
    };
    c.restore_state();
}

fn set_fill(c: &mut ContentStream, ink: Ink) {
    match ink {
        Ink::Gray(gray) => c.set_fill_gray(gray),
        Ink::Rgb([r, g, b]) => c.set_fill_rgb(r, g, b),
    };
}

/// Traces a path given from the page's top-left (y down) in PDF space (y
/// up), drawn from `frame`.
pub(super) fn trace_path(c: &mut ContentStream, path: &[PathEl], frame: Frame) {
    let Frame { x0, top } = frame;
    for el in path {
        match *el {
            PathEl::MoveTo(x, y) => c.move_to(x - x0, top - y),
            PathEl::LineTo(x, y) => c.line_to(x - x0, top - y),
            PathEl::CurveTo(x1, y1, x2, y2, x, y) => {
                c.cubic_to(x1 - x0, top - y1, x2 - x0, top - y2, x - x0, top - y)
            }
            PathEl::Close => c.close_path(),
        };
    }
}

/// A rectangle path with corners of radius `r` (lower-left at x, y; y up).
pub(super) fn rounded_rect(c: &mut ContentStream, x: f32, y: f32, w: f32, h: f32, r: f32) {
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
