//! Render stage: draws a laid-out card ([`CardFace`]) as an SVG fragment for
//! HTML, with the same fonts (served by @font-face under the family names of
//! `fonts/fonts.toml`) and the same positions as the PDF. Text is not
//! re-measured: each run keeps the width layout gave it (`textLength`).

use std::fmt::Write;

use crate::layout::{CardFace, Item, TextItem};
use crate::text::{FaceId, FontBook};

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

/// The CSS font-family name a family of `fonts/fonts.toml` is served under.
pub fn css_family(name: &str) -> String {
    format!("gp-{name}")
}

/// An inline `<svg>` element for the card, sized in points (true size in print).
pub fn card_svg(card: &CardSvg<'_>, book: &FontBook) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"card-face\" viewBox=\"0 0 {w} {h}\" width=\"{w}pt\" height=\"{h}pt\" role=\"img\" aria-label=\"{label}\">",
        w = num(card.width),
        h = num(card.height),
        label = escape(card.label),
    );
    let _ = write!(
        out,
        "<rect class=\"card-edge\" x=\"0.5\" y=\"0.5\" width=\"{}\" height=\"{}\" rx=\"{}\"/>",
        num(card.width - 1.0),
        num(card.height - 1.0),
        num(card.radius),
    );
    for item in &card.face.items {
        draw_item(&mut out, item, card, book);
    }
    out.push_str("</svg>");
    out
}

fn draw_item(out: &mut String, item: &Item, card: &CardSvg<'_>, book: &FontBook) {
    match item {
        Item::Text(text) => {
            if let Some(ink) = text.ink {
                let _ = write!(out, "<g fill=\"{}\">", super::vector::color(ink));
            }
            draw_text(out, text, book);
            if text.ink.is_some() {
                out.push_str("</g>");
            }
        }
        Item::Shape(shape) => super::vector::shape(out, shape, card.width, card.height),
    }
}

fn draw_text(out: &mut String, text: &TextItem, book: &FontBook) {
    let (family, bold, italic) = face_style(book, text.face);
    let _ = write!(
        out,
        "<text x=\"{}\" y=\"{}\" font-family=\"{}\" font-size=\"{}\"",
        num(text.x),
        num(text.y),
        escape(&css_family(&family)),
        num(text.size)
    );
    if bold {
        out.push_str(" font-weight=\"bold\"");
    }
    if italic {
        out.push_str(" font-style=\"italic\"");
    }
    if text.width > 0.0 {
        let _ = write!(
            out,
            " textLength=\"{}\" lengthAdjust=\"spacing\"",
            num(text.width)
        );
    }
    let _ = write!(out, ">{}</text>", escape(&text.text));
}

/// The family a face belongs to and its style.
fn face_style(book: &FontBook, face: FaceId) -> (String, bool, bool) {
    for family in &book.families {
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
            return (family.name.clone(), bold, italic);
        }
    }
    (String::from("sans"), false, false)
}

/// A number with at most three decimals and no trailing zeros.
fn num(v: f32) -> String {
    let s = format!("{v:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
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
    fn numbers_are_short_and_stable() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(12.5), "12.5");
        assert_eq!(num(0.33333), "0.333");
        assert_eq!(num(-0.0001), "0");
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
                glyphs: vec![],
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
        );
        assert!(svg.contains("&lt;script&gt;alert(1)&lt;/script&gt;</text>"));
        assert!(svg.contains("aria-label=\"a &quot;b&quot;\""));
        assert!(!svg.contains("<script"));
    }
}
