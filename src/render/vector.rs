//! Render stage, outlined SVG: a laid-out page or card face to a
//! self-contained SVG whose text is drawn as the fonts' own glyph outlines
//! (no font lookup anywhere), at the positions layout gave. Input of the PNG
//! renderer and written as per-card SVG images.

use std::collections::HashMap;
use std::fmt::Write as _;

use crate::layout::{Geometry, Ink, Item, Shape, TextItem};
use crate::text::{FaceId, FontBook};

/// An SVG of `items` on a `width` x `height` pt canvas with a white background.
pub fn outlined_svg(items: &[Item], width: f32, height: f32, book: &FontBook) -> String {
    let mut out = String::with_capacity(16 * 1024);
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}pt" height="{h}pt" viewBox="0 0 {w} {h}"><rect width="{w}" height="{h}" fill="white"/>"#,
        w = num(width),
        h = num(height)
    );
    let mut glyphs = GlyphPaths::default();
    for item in items {
        match item {
            Item::Text(t) => {
                if let Some(ink) = t.ink {
                    let _ = write!(out, r#"<g fill="{}">"#, color(ink));
                }
                text(&mut out, t, book, &mut glyphs);
                if t.ink.is_some() {
                    out.push_str("</g>");
                }
            }
            Item::Shape(s) => shape(&mut out, s, width, height),
        }
    }
    out.push_str("</svg>");
    out
}

/// A shape as one SVG element, on a `width` x `height` canvas. A clip is a
/// nested <svg>, a viewport that cuts off what it holds, unless the canvas
/// cuts the shape off there already.
pub(crate) fn shape(out: &mut String, shape: &Shape, width: f32, height: f32) {
    let clip = shape.clip.filter(|c| !covers(*c, width, height));
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
        Geometry::Path(path) => write!(out, r#"<path d="{}""#, path_data(path)),
    };
    let fill = shape.fill.map_or_else(|| "none".to_string(), color);
    let _ = write!(out, r#" fill="{fill}""#);
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

/// Whether the rectangle `clip` (x, y, w, h) holds the whole `width` x `height` canvas.
fn covers(clip: [f32; 4], width: f32, height: f32) -> bool {
    let tol = 0.01;
    clip[0] <= tol
        && clip[1] <= tol
        && clip[0] + clip[2] >= width - tol
        && clip[1] + clip[3] >= height - tol
}

/// Outline path data of glyphs in font units (y up), cached per face and glyph.
#[derive(Default)]
struct GlyphPaths {
    cache: HashMap<(FaceId, u16), String>,
}

impl GlyphPaths {
    fn get(&mut self, book: &FontBook, face: FaceId, glyph: u16) -> &str {
        self.cache.entry((face, glyph)).or_insert_with(|| {
            let mut builder = PathData(String::new());
            if let Ok(parsed) = ttf_parser::Face::parse(&book.face(face).data, 0) {
                parsed.outline_glyph(ttf_parser::GlyphId(glyph), &mut builder);
            }
            builder.0
        })
    }
}

/// Each glyph at its pen position: translate to the baseline, scale font
/// units to points and flip y.
fn text(out: &mut String, t: &TextItem, book: &FontBook, glyphs: &mut GlyphPaths) {
    let face = book.face(t.face);
    let scale = t.size / face.units_per_em;
    let mut x = t.x;
    for &g in &t.glyphs {
        let d = glyphs.get(book, t.face, g);
        if !d.is_empty() {
            let _ = write!(
                out,
                r#"<path transform="matrix({s} 0 0 {ns} {x} {y})" d="{d}"/>"#,
                s = num(scale),
                ns = num(-scale),
                x = num(x),
                y = num(t.y)
            );
        }
        x += face.advance(g) * scale;
    }
}

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

/// SVG path data for a path in page points.
pub(crate) fn path_data(path: &[crate::model::PathEl]) -> String {
    use crate::model::PathEl;
    let mut d = String::new();
    for el in path {
        let _ = match *el {
            PathEl::MoveTo(x, y) => write!(d, "M{} {}", num(x), num(y)),
            PathEl::LineTo(x, y) => write!(d, "L{} {}", num(x), num(y)),
            PathEl::CurveTo(a, b, c, e, x, y) => {
                write!(
                    d,
                    "C{} {} {} {} {} {}",
                    num(a),
                    num(b),
                    num(c),
                    num(e),
                    num(x),
                    num(y)
                )
            }
            PathEl::Close => write!(d, "Z"),
        };
    }
    d
}

/// An ink as an SVG colour.
pub(crate) fn color(ink: Ink) -> String {
    let [r, g, b] = match ink {
        Ink::Gray(gray) => [gray; 3],
        Ink::Rgb(rgb) => rgb,
    }
    .map(|c| (c.clamp(0.0, 1.0) * 255.0).round() as u8);
    format!("rgb({r},{g},{b})")
}

/// A number with at most 4 decimals and no trailing zeros.
fn num(v: f32) -> String {
    let s = format!("{:.4}", v);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

#[cfg(test)]
mod colour_tests {
    use super::*;

    #[test]
    fn colours_print_as_svg_rgb() {
        assert_eq!(color(Ink::Rgb([1.0, 0.5, 0.0])), "rgb(255,128,0)");
        assert_eq!(color(Ink::Rgb([-1.0, 2.0, 0.2])), "rgb(0,255,51)");
        assert_eq!(color(Ink::Gray(0.5)), "rgb(128,128,128)");
    }

    #[test]
    fn art_is_clipped_unless_the_canvas_cuts_it_off_already() {
        use crate::layout::rect_path;
        let art = |clip: [f32; 4]| {
            Item::Shape(Shape {
                geometry: Geometry::Path(rect_path(-20.0, -20.0, 100.0, 100.0)),
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
