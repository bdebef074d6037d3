//! Render stage, SVG: laid-out items (a card face, a page) to SVG at the
//! positions layout gave; text is never re-measured. One writer, two ways to
//! draw text ([`TextMode`]): as `<text>` in the fonts the HTML serves
//! (inline card faces of the rules reference), or as the fonts' own glyph
//! outlines (self-contained card images, the PNG renderer's input, page
//! previews).

use std::collections::HashMap;
use std::fmt::Write as _;

use crate::layout::{CardFace, Geometry, ImageItem, Ink, Item, Shape, TextItem};
use crate::model::ImageFormat;
use crate::text::{FaceId, FontBook};

/// How text is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TextMode {
    /// `<text>` elements in the families of `fonts/fonts.toml`, served to the
    /// page by @font-face (see [`css_family`]); each run keeps the width
    /// layout gave it (`textLength`). The text stays selectable and searchable.
    Fonts,
    /// Each glyph as its outline from the font file: no font lookup anywhere.
    Outlines,
}

/// What the card is, for readers that do not see the picture.
pub struct CardSvg<'a> {
    pub face: &'a CardFace,
    /// The card's size and corner radius, in points.
    pub width: f32,
    pub height: f32,
    pub radius: f32,
    /// The card's text in reading order, as its accessible name.
    pub label: &'a str,
}

/// The families of a font book whose text was drawn as `<text>` in the
/// served fonts ([`TextMode::Fonts`]), by their place in the book: the
/// HTML reference serves those alone. Recorded as the text is written, by
/// the threads writing the pages.
#[derive(Default)]
pub struct FamiliesDrawn(std::sync::Mutex<std::collections::BTreeSet<usize>>);

impl FamiliesDrawn {
    fn record(&self, family: usize) {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(family);
    }

    /// Whether text was drawn in the family at `family` in the book.
    pub fn holds(&self, family: usize) -> bool {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .contains(&family)
    }

    /// Adds the families `other` recorded.
    pub fn add(&self, other: &FamiliesDrawn) {
        let theirs = other
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone();
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .extend(theirs);
    }
}

/// The CSS font-family name a family of `fonts/fonts.toml` is served under.
pub fn css_family(name: &str) -> String {
    format!("gp-{name}")
}

/// An inline `<svg>` element for the card, sized in points (true size in
/// print), its text in the served fonts (their families recorded in `drawn`).
pub fn card_svg(card: &CardSvg<'_>, book: &FontBook, drawn: &FamiliesDrawn) -> String {
    let mut svg = Svg::new(book, TextMode::Fonts, card.width, card.height);
    svg.drawn = Some(drawn);
    svg.id_prefix = format!(
        "gp{:x}",
        fnv(card.label.as_bytes()) ^ card.face.items.len() as u64
    );
    let _ = write!(
        svg.out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="card-face" viewBox="0 0 {w} {h}" width="{w}pt" height="{h}pt" role="img" aria-label="{label}"><rect class="card-edge" x="0.5" y="0.5" width="{w1}" height="{h1}" rx="{r}"/>"#,
        w = near(card.width),
        h = near(card.height),
        label = escape(card.label),
        w1 = near(card.width - 1.0),
        h1 = near(card.height - 1.0),
        r = near(card.radius),
    );
    svg.finish(&card.face.items)
}

/// An inline `<svg>` element for one face of a counter, `size` points
/// square (true size in print), its text in the served fonts, its edge
/// outlined over it; `label` is what it shows, for readers who do not see
/// it, and `id_prefix` (letters and digits) keeps its ids apart from those
/// of the page's other inline pictures; the families of its text are
/// recorded in `drawn`.
pub fn counter_svg(
    items: &[Item],
    size: f32,
    (label, id_prefix): (&str, &str),
    book: &FontBook,
    drawn: &FamiliesDrawn,
) -> String {
    let mut svg = Svg::new(book, TextMode::Fonts, size, size);
    svg.drawn = Some(drawn);
    svg.id_prefix = id_prefix.to_string();
    let _ = write!(
        svg.out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="counter-face" viewBox="0 0 {s} {s}" width="{s}pt" height="{s}pt" role="img" aria-label="{label}">"#,
        s = near(size),
        label = escape(label),
    );
    svg.draw(items);
    let _ = write!(
        svg.out,
        r#"<rect class="counter-edge" x="0.25" y="0.25" width="{s}" height="{s}" fill="none"/>"#,
        s = near(size - 0.5),
    );
    svg.finish(&[])
}

/// An inline `<svg>` element of a rule illustration, `width` x `height`
/// points at the map's scale (the page's style sizes it to the column),
/// its text in the served fonts; `label` says what it shows, for readers
/// who do not see it, and `id_prefix` (letters and digits) keeps its ids
/// (its clip paths) apart from the page's other inline pictures; the
/// families of its text are recorded in `drawn`.
pub fn figure_svg(
    items: &[Item],
    (width, height): (f32, f32),
    (label, id_prefix): (&str, &str),
    book: &FontBook,
    drawn: &FamiliesDrawn,
) -> String {
    let mut svg = Svg::new(book, TextMode::Fonts, width, height);
    svg.drawn = Some(drawn);
    svg.id_prefix = id_prefix.to_string();
    let _ = write!(
        svg.out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="figure-drawing" viewBox="0 0 {w} {h}" width="{w}pt" height="{h}pt" role="img" aria-label="{label}">"#,
        w = near(width),
        h = near(height),
        label = escape(label),
    );
    svg.finish(items)
}

/// A self-contained SVG of `items` on a `width` x `height` pt canvas with a
/// white ground, its text as glyph outlines.
pub fn outlined_svg(items: &[Item], width: f32, height: f32, book: &FontBook) -> String {
    let mut svg = Svg::new(book, TextMode::Outlines, width, height);
    svg.out.push_str(&outlined_root(width, height));
    svg.out.push_str(&white_ground(width, height));
    svg.finish(items)
}

/// The root element [`outlined_svg`] opens: the canvas in points, its
/// view box in the items' units.
pub(crate) fn outlined_root(width: f32, height: f32) -> String {
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}pt" height="{h}pt" viewBox="0 0 {w} {h}">"#,
        w = num(width),
        h = num(height)
    )
}

/// The white ground [`outlined_svg`] lays under the items.
pub(crate) fn white_ground(width: f32, height: f32) -> String {
    format!(
        r#"<rect width="{w}" height="{h}" fill="white"/>"#,
        w = num(width),
        h = num(height)
    )
}

/// One item as [`outlined_svg`] draws it, alone in the same root element
/// (no ground): for a renderer that draws the rest of the items itself.
pub(crate) fn outlined_item(item: &Item, width: f32, height: f32, book: &FontBook) -> String {
    let mut svg = Svg::new(book, TextMode::Outlines, width, height);
    svg.out.push_str(&outlined_root(width, height));
    svg.finish(std::slice::from_ref(item))
}

/// An SVG being written: its text mode, its canvas, and the outline path
/// data of each glyph used so far (in font units, y up).
struct Svg<'a> {
    out: String,
    book: &'a FontBook,
    mode: TextMode,
    width: f32,
    height: f32,
    glyphs: HashMap<(FaceId, u16), String>,
    /// Clip paths defined so far (their ids are numbered in the document).
    clips: usize,
    /// What the ids of this document start with, so inline cards on one
    /// HTML page do not share them.
    id_prefix: String,
    /// Where the families of text in the served fonts are recorded.
    drawn: Option<&'a FamiliesDrawn>,
}

impl<'a> Svg<'a> {
    fn new(book: &'a FontBook, mode: TextMode, width: f32, height: f32) -> Svg<'a> {
        Svg {
            out: String::with_capacity(16 * 1024),
            book,
            mode,
            width,
            height,
            glyphs: HashMap::new(),
            clips: 0,
            id_prefix: String::from("gp"),
            drawn: None,
        }
    }

    /// Draws the items and closes the root element.
    fn finish(mut self, items: &[Item]) -> String {
        self.draw(items);
        self.out.push_str("</svg>");
        self.out
    }

    fn draw(&mut self, items: &[Item]) {
        for item in items {
            match item {
                Item::Text(t) => self.text(t),
                Item::Shape(s) => self.shape(s),
                Item::Image(i) => self.image(i),
                Item::Tag(_) => {}
            }
        }
    }

    /// A run of glyphs, grouped in its ink when it has one.
    fn text(&mut self, t: &TextItem) {
        if let Some(ink) = t.ink {
            let _ = write!(self.out, r#"<g fill="{}">"#, color(ink));
        }
        match self.mode {
            TextMode::Fonts => self.font_text(t),
            TextMode::Outlines => self.outlined_text(t),
        }
        if t.ink.is_some() {
            self.out.push_str("</g>");
        }
    }

    /// A `<text>` run; the browser sets its glyphs itself, so a thousandth
    /// of a point is as near as its numbers need be.
    fn font_text(&mut self, t: &TextItem) {
        let (index, family, bold, italic) = face_style(self.book, t.face);
        if let (Some(drawn), Some(index)) = (self.drawn, index) {
            drawn.record(index);
        }
        let out = &mut self.out;
        let _ = write!(
            out,
            r#"<text x="{}" y="{}" font-family="{}" font-size="{}""#,
            near(t.x),
            near(t.y),
            escape(&css_family(&family)),
            near(t.size)
        );
        if bold {
            out.push_str(r#" font-weight="bold""#);
        }
        if italic {
            out.push_str(r#" font-style="italic""#);
        }
        if t.width > 0.0 {
            let _ = write!(
                out,
                r#" textLength="{}" lengthAdjust="spacing""#,
                near(t.width)
            );
        }
        let _ = write!(out, ">{}</text>", escape(&t.text));
    }

    /// Each glyph at its pen position: translate to the baseline, scale font
    /// units to points and flip y.
    fn outlined_text(&mut self, t: &TextItem) {
        let book = self.book;
        let face = book.face(t.face);
        let scale = t.size / face.units_per_em;
        let mut x = t.x;
        for glyph in t.glyphs.iter() {
            let g = glyph.id;
            let d = self.glyphs.entry((t.face, g)).or_insert_with(|| {
                let mut builder = PathData(String::new());
                if let Ok(parsed) = ttf_parser::Face::parse(&face.data, 0) {
                    parsed.outline_glyph(ttf_parser::GlyphId(g), &mut builder);
                }
                builder.0
            });
            if !d.is_empty() {
                let _ = write!(
                    self.out,
                    r#"<path transform="matrix({s} 0 0 {ns} {x} {y})" d="{d}"/>"#,
                    s = num(scale),
                    ns = num(-scale),
                    x = num(x),
                    y = num(t.y)
                );
            }
            x += glyph.advance * scale;
        }
    }

    /// A shape as one element. A clip is a nested <svg>, a viewport that
    /// cuts off what it holds, unless the canvas cuts the shape off there
    /// already.
    fn shape(&mut self, shape: &Shape) {
        let out = &mut self.out;
        let clip = shape.clip.filter(|c| !covers(*c, self.width, self.height));
        if let Some([x, y, w, h]) = clip.map(|c| c.map(num)) {
            let _ = write!(
                out,
                r#"<svg x="{x}" y="{y}" width="{w}" height="{h}" viewBox="{x} {y} {w} {h}" overflow="hidden">"#
            );
        }
        let _ = match &shape.geometry {
            Geometry::Line { x1, y1, x2, y2 } => write!(
                out,
                r#"<path d="M{} {}L{} {}""#,
                num(*x1),
                num(*y1),
                num(*x2),
                num(*y2)
            ),
            Geometry::Rect { x, y, w, h, radius } => write!(
                out,
                r#"<rect x="{}" y="{}" width="{}" height="{}" rx="{}""#,
                num(*x),
                num(*y),
                num(*w),
                num(*h),
                num(*radius)
            ),
            Geometry::Path(path) => {
                out.push_str(r#"<path d=""#);
                path_data_into(out, path, 4);
                out.push('"');
                Ok(())
            }
        };
        let _ = match shape.fill {
            Some(ink) => write!(out, r#" fill="{}""#, color(ink)),
            None => write!(out, r#" fill="none""#),
        };
        if let Some(stroke) = shape.stroke {
            let _ = write!(
                out,
                r#" stroke="black" stroke-width="{}""#,
                num(stroke.width)
            );
            if let Some((on, off)) = stroke.dash {
                let _ = write!(out, r#" stroke-dasharray="{} {}""#, num(on), num(off));
            }
        }
        out.push_str("/>");
        if clip.is_some() {
            out.push_str("</svg>");
        }
    }
}

impl Svg<'_> {
    /// A picture cut off at its (rounded) box: a raster file as an
    /// `<image>` (its bytes inline as a data: URL, or in the HTML a link to
    /// its copy beside the page), vector art as its outlines.
    fn image(&mut self, item: &ImageItem) {
        let [cx, cy, cw, ch] = item.clip;
        let rounded = item.radius > 0.0;
        if rounded {
            let id = format!("{}c{}", self.id_prefix, self.clips);
            self.clips += 1;
            let _ = write!(
                self.out,
                r#"<clipPath id="{id}"><rect x="{}" y="{}" width="{}" height="{}" rx="{}"/></clipPath><g clip-path="url(#{id})">"#,
                num(cx),
                num(cy),
                num(cw),
                num(ch),
                num(item.radius)
            );
        } else {
            let [x, y, w, h] = item.clip.map(num);
            let _ = write!(
                self.out,
                r#"<svg x="{x}" y="{y}" width="{w}" height="{h}" viewBox="{x} {y} {w} {h}" overflow="hidden">"#
            );
        }
        let [x, y, w, h] = item.rect;
        match &item.image.format {
            ImageFormat::Svg(art) => {
                let (vx, vy, vw, vh) = art.view_box;
                let (sx, sy) = (w / vw.max(f32::EPSILON), h / vh.max(f32::EPSILON));
                let _ = write!(
                    self.out,
                    r#"<g transform="matrix({} 0 0 {} {} {})">"#,
                    num(sx),
                    num(sy),
                    num(x - vx * sx),
                    num(y - vy * sy)
                );
                for path in &art.paths {
                    self.out.push_str(r#"<path d=""#);
                    path_data_into(&mut self.out, &path.path, 3);
                    let _ = write!(
                        self.out,
                        r#"" fill="{}"{}/>"#,
                        color(Ink::Rgb(path.color)),
                        if path.even_odd {
                            r#" fill-rule="evenodd""#
                        } else {
                            ""
                        }
                    );
                }
                self.out.push_str("</g>");
            }
            _ => {
                let _ = write!(
                    self.out,
                    r#"<image x="{}" y="{}" width="{}" height="{}" preserveAspectRatio="none" href=""#,
                    num(x),
                    num(y),
                    num(w),
                    num(h)
                );
                match self.mode {
                    TextMode::Fonts => self.out.push_str(&escape(&art_href(&item.image.name))),
                    TextMode::Outlines => {
                        let _ = write!(self.out, "data:{};base64,", item.image.mime());
                        // Unreadable since load: drawn as nothing (the PDF reports it).
                        if let Ok(bytes) = item.image.bytes() {
                            base64(&bytes, &mut self.out);
                        }
                    }
                }
                self.out.push_str(r#""/>"#);
            }
        }
        self.out.push_str(if rounded { "</g>" } else { "</svg>" });
    }
}

/// Where the HTML reference keeps its copy of a picture, relative to its
/// pages: `art/` and the name the game gives it, each byte that is not a
/// plain letter, digit or `/._-` percent-encoded.
pub fn art_href(name: &str) -> String {
    let mut out = String::from("art/");
    for b in name.bytes() {
        if b.is_ascii_alphanumeric() || b"/._-".contains(&b) {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// Standard base64 of `bytes`, appended to `out`.
fn base64(bytes: &[u8], out: &mut String) {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    out.reserve(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ABC[(n >> (18 - 6 * i)) as usize & 63]));
            } else {
                out.push('=');
            }
        }
    }
}

fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Whether the rectangle `clip` (x, y, w, h) holds the whole `width` x `height` canvas.
pub(crate) fn covers(clip: [f32; 4], width: f32, height: f32) -> bool {
    let tol = 0.01;
    clip[0] <= tol
        && clip[1] <= tol
        && clip[0] + clip[2] >= width - tol
        && clip[1] + clip[3] >= height - tol
}

/// The family a face belongs to (its place in the book and its name) and
/// its style.
fn face_style(book: &FontBook, face: FaceId) -> (Option<usize>, String, bool, bool) {
    for (index, family) in book.families.iter().enumerate() {
        let style = if family.regular == face {
            Some((false, false))
        } else if family.bold == face {
            Some((true, false))
        } else if family.italic == face {
            Some((false, true))
        } else if family.bold_italic == face {
            Some((true, true))
        } else {
            None
        };
        if let Some((bold, italic)) = style {
            return (Some(index), family.name.clone(), bold, italic);
        }
    }
    (None, String::from("sans"), false, false)
}

/// A glyph's outline as SVG path data, in font units.
struct PathData(String);

impl ttf_parser::OutlineBuilder for PathData {
    fn move_to(&mut self, x: f32, y: f32) {
        let _ = write!(self.0, "M{} {}", num(x), num(y));
    }
    fn line_to(&mut self, x: f32, y: f32) {
        let _ = write!(self.0, "L{} {}", num(x), num(y));
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        let _ = write!(self.0, "Q{} {} {} {}", num(x1), num(y1), num(x), num(y));
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let _ = write!(
            self.0,
            "C{} {} {} {} {} {}",
            num(x1),
            num(y1),
            num(x2),
            num(y2),
            num(x),
            num(y)
        );
    }
    fn close(&mut self) {
        self.0.push('Z');
    }
}

/// SVG path data for a path, its numbers to `decimals` places: a path in
/// page points, or an inline icon in its own view box (HTML).
pub(crate) fn path_data(path: &[crate::model::PathEl], decimals: usize) -> String {
    let mut d = String::new();
    path_data_into(&mut d, path, decimals);
    d
}

/// [`path_data`], appended to `d`.
fn path_data_into(d: &mut String, path: &[crate::model::PathEl], decimals: usize) {
    use crate::model::PathEl;
    let n = |v: f32| fixed(v, decimals);
    for el in path {
        let _ = match *el {
            PathEl::MoveTo(x, y) => write!(d, "M{} {}", n(x), n(y)),
            PathEl::LineTo(x, y) => write!(d, "L{} {}", n(x), n(y)),
            PathEl::CurveTo(a, b, c, e, x, y) => {
                write!(d, "C{} {} {} {} {} {}", n(a), n(b), n(c), n(e), n(x), n(y))
            }
            PathEl::Close => d.write_str("Z"),
        };
    }
}

/// An ink as an SVG colour: `rgb(r,g,b)`.
fn color(ink: Ink) -> SvgColor {
    SvgColor(rgb8(ink))
}

/// An ink's red, green and blue as the SVG gives them (0 to 255).
pub(crate) fn rgb8(ink: Ink) -> [u8; 3] {
    match ink {
        Ink::Gray(gray) => [gray; 3],
        Ink::Rgb(rgb) => rgb,
    }
    .map(|c| (c.clamp(0.0, 1.0) * 255.0).round() as u8)
}

/// A colour as written: `rgb(r,g,b)`.
#[derive(Clone, Copy, Debug)]
struct SvgColor([u8; 3]);

impl std::fmt::Display for SvgColor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let [r, g, b] = self.0;
        write!(f, "rgb({r},{g},{b})")
    }
}

/// A number with at most 4 decimals (a glyph's scale needs them).
fn num(v: f32) -> Fixed {
    fixed(v, 4)
}

/// A number with at most 3 decimals.
fn near(v: f32) -> Fixed {
    fixed(v, 3)
}

/// A number with at most `decimals` decimals, no trailing zeros and no "-0".
pub(crate) fn fixed(v: f32, decimals: usize) -> Fixed {
    Fixed(v, decimals)
}

/// The value a reader of the SVG (usvg) gets back for `v` written with
/// [`num`]: the decimal written, read as the nearest f64, then as an f32.
pub(crate) fn num_read_back(v: f32) -> f32 {
    let scaled = f64::from(v) * 1e4;
    if v.is_finite() && scaled.abs() < EXACT {
        // Exact: the decimal's nearest f64 is the quotient, rounded once.
        (scaled.round_ties_even() / 1e4) as f32
    } else {
        num(v)
            .to_string()
            .parse::<f64>()
            .map_or(f32::NAN, |r| r as f32)
    }
}

/// Below this every integer is an f64, and an f32 times 10^d (d <= 6) is
/// exact (24 bits of mantissa times 5^d fit in 53).
const EXACT: f64 = 9.0e15;

/// A number written with at most `.1` decimals, no trailing zeros and no
/// "-0" — exactly as `format!("{:.d$}")` rounds it (to the nearest, ties to
/// even, on the f32's exact value), written without allocating: the SVG
/// writer prints millions of them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fixed(f32, usize);

impl std::fmt::Display for Fixed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Fixed(v, decimals) = *self;
        let scaled = (1..=decimals).fold(f64::from(v), |x, _| x * 10.0);
        if !(1..=6).contains(&decimals) || !v.is_finite() || scaled.abs() >= EXACT {
            let s = format!("{v:.decimals$}");
            let s = s.trim_end_matches('0').trim_end_matches('.');
            return f.write_str(if s == "-0" { "0" } else { s });
        }
        let n = scaled.round_ties_even() as i64;
        if n == 0 {
            return f.write_str("0");
        }
        // Written right to left into a buffer, then handed over at once:
        // the formatting machinery per digit group was most of the time
        // of writing a map's SVG.
        let negative = n < 0;
        let n = n.unsigned_abs();
        let unit = 10u64.pow(decimals as u32);
        let (mut whole, mut part) = (n / unit, n % unit);
        // Below EXACT: at most 16 whole digits, 6 decimals, a point, a sign.
        let mut buf = [0u8; 32];
        let mut at = buf.len();
        let mut put = |digit: u8| {
            at -= 1;
            buf[at] = digit;
        };
        if part != 0 {
            let mut digits = decimals;
            while part % 10 == 0 {
                part /= 10;
                digits -= 1;
            }
            for _ in 0..digits {
                put(b'0' + (part % 10) as u8);
                part /= 10;
            }
            put(b'.');
        }
        loop {
            put(b'0' + (whole % 10) as u8);
            whole /= 10;
            if whole == 0 {
                break;
            }
        }
        if negative {
            put(b'-');
        }
        f.write_str(std::str::from_utf8(&buf[at..]).map_err(|_| std::fmt::Error)?)
    }
}

/// Escapes text for an XML/HTML text node or a quoted attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_is_the_standard_alphabet_with_padding() {
        let b = |s: &[u8]| {
            let mut out = String::new();
            base64(s, &mut out);
            out
        };
        assert_eq!(b(b""), "");
        assert_eq!(b(b"f"), "Zg==");
        assert_eq!(b(b"fo"), "Zm8=");
        assert_eq!(b(b"foo"), "Zm9v");
        assert_eq!(b(b"foobar\xff"), "Zm9vYmFy/w==");
        assert_eq!(art_href("art/a b\"<.png"), "art/art/a%20b%22%3C.png");
    }

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(num(12.0).to_string(), "12");
        assert_eq!(num(12.5).to_string(), "12.5");
        assert_eq!(num(0.33333).to_string(), "0.3333");
        assert_eq!(num(-0.00001).to_string(), "0");
        assert_eq!(near(0.33333).to_string(), "0.333");
        assert_eq!(near(-0.0001).to_string(), "0");
        assert_eq!(num(-1.03125).to_string(), "-1.0312");
        assert_eq!(num(1e30).to_string(), format!("{:.0}", 1e30f32));
        assert_eq!(num(f32::NAN).to_string(), "NaN");
    }

    /// What `fixed` wrote before it stopped allocating: `format!` trimmed.
    fn formatted(v: f32, decimals: usize) -> String {
        let s = format!("{v:.decimals$}");
        let s = s.trim_end_matches('0').trim_end_matches('.');
        if s == "-0" { "0".into() } else { s.into() }
    }

    #[test]
    fn numbers_are_written_as_format_rounds_them_and_read_back_as_usvg_reads_them() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut values = vec![0.0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.00005, 1.03125, 2269.9375];
        for _ in 0..200_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Any f32, and values on fine binary grids (where ties fall).
            values.push(f32::from_bits(x as u32));
            values.push(((x >> 32) % 80_000_000) as f32 / 32_768.0 - 1200.0);
            values.push(((x >> 40) % 10_000_000) as f32 / 20_000.0);
        }
        for v in values {
            for d in [2, 3, 4] {
                assert_eq!(fixed(v, d).to_string(), formatted(v, d), "{v:e} to {d}");
            }
            let read: f32 = formatted(v, 4)
                .parse::<f64>()
                .map_or(f32::NAN, |r| r as f32);
            let ours = num_read_back(v);
            assert!(
                ours.to_bits() == read.to_bits() || (ours == 0.0 && read == 0.0),
                "{v:e}: {ours:e} vs {read:e}"
            );
        }
    }

    #[test]
    fn colours_print_as_svg_rgb() {
        assert_eq!(
            color(Ink::Rgb([1.0, 0.5, 0.0])).to_string(),
            "rgb(255,128,0)"
        );
        assert_eq!(
            color(Ink::Rgb([-1.0, 2.0, 0.2])).to_string(),
            "rgb(0,255,51)"
        );
        assert_eq!(color(Ink::Gray(0.5)).to_string(), "rgb(128,128,128)");
    }

    fn run(book: &FontBook, text: &str, ink: Option<Ink>) -> Item {
        let face = book.families[0].face(crate::model::Style::Regular);
        let glyphs = book.face(face).plain_glyphs(text);
        Item::Text(TextItem {
            x: 1.0,
            y: 2.0,
            face,
            size: 9.0,
            text: text.into(),
            glyphs: glyphs.into(),
            width: 10.0,
            ink,
        })
    }

    #[test]
    fn text_is_text_in_the_served_fonts_or_glyph_outlines() {
        let book = crate::text::sans_test_book();
        let items = [run(&book, "Ab", Some(Ink::Rgb([1.0, 0.0, 0.0])))];
        let face = CardFace {
            items: items.to_vec(),
        };
        let card = CardSvg {
            face: &face,
            width: 100.0,
            height: 50.0,
            radius: 5.0,
            label: "Ab",
        };
        let drawn = FamiliesDrawn::default();
        let html = card_svg(&card, &book, &drawn);
        assert!(drawn.holds(0) && !drawn.holds(1), "the family drawn in");
        assert!(
            html.contains(r#"<g fill="rgb(255,0,0)"><text x="1" y="2""#),
            "{html}"
        );
        assert!(html.contains(r#"textLength="10" lengthAdjust="spacing">Ab</text></g>"#));
        let image = outlined_svg(&items, 100.0, 50.0, &book);
        assert!(!image.contains("<text"), "{image}");
        assert_eq!(image.matches("<path transform=").count(), 2, "{image}");
        assert!(image.contains(r#"<g fill="rgb(255,0,0)"><path"#));
    }

    #[test]
    fn text_is_escaped() {
        let face = CardFace {
            items: vec![Item::Text(TextItem {
                x: 1.0,
                y: 2.0,
                face: 0,
                size: 9.0,
                text: "<script>alert(1)</script>".into(),
                glyphs: Vec::new().into(),
                width: 10.0,
                ink: None,
            })],
        };
        let svg = card_svg(
            &CardSvg {
                face: &face,
                width: 100.0,
                height: 50.0,
                radius: 5.0,
                label: "a \"b\"",
            },
            &FontBook::default(),
            &FamiliesDrawn::default(),
        );
        assert!(svg.contains("&lt;script&gt;alert(1)&lt;/script&gt;</text>"));
        assert!(svg.contains("aria-label=\"a &quot;b&quot;\""));
        assert!(!svg.contains("<script"));
    }

    #[test]
    fn art_is_clipped_unless_the_canvas_cuts_it_off_already() {
        let art = |clip: [f32; 4]| {
            Item::Shape(Shape {
                geometry: Geometry::Path({
                    use crate::model::PathEl::{Close, LineTo, MoveTo};
                    vec![
                        MoveTo(-20.0, -20.0),
                        LineTo(80.0, -20.0),
                        LineTo(80.0, 80.0),
                        LineTo(-20.0, 80.0),
                        Close,
                    ]
                }),
                fill: Some(Ink::Rgb([1.0, 0.0, 0.0])),
                stroke: None,
                clip: Some(clip),
            })
        };
        let book = FontBook::default();
        let whole = outlined_svg(&[art([-9.0, -9.0, 118.0, 168.0])], 100.0, 150.0, &book);
        assert_eq!(whole.matches("<svg").count(), 1, "{whole}");
        assert!(whole.contains(r#"fill="rgb(255,0,0)""#));
        // A card on a bigger sheet: its art stops at the card's edge.
        let card = outlined_svg(&[art([0.0, 0.0, 50.0, 70.0])], 100.0, 150.0, &book);
        assert!(
            card.contains(
                r#"<svg x="0" y="0" width="50" height="70" viewBox="0 0 50 70" overflow="hidden">"#
            ),
            "{card}"
        );
    }
}
