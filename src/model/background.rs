//! Model: a card template's background — a fill, icon art and a border band
//! that run to the card's bleed edge when there is one (print-shop pages,
//! `--bleed` sheets) and to its trim edge on butted home sheets.

use super::Located;

/// Red, green and blue, each 0 to 1.
pub type Rgb = [f32; 3];

/// "#RRGGBB" as red, green, blue in 0..1; None for anything else.
pub fn parse_hex_color(s: &str) -> Option<Rgb> {
    let hex = s.strip_prefix('#')?;
    if hex.len() != 6 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some([
        f32::from(byte(0)?) / 255.0,
        f32::from(byte(2)?) / 255.0,
        f32::from(byte(4)?) / 255.0,
    ])
}

/// WCAG's relative luminance of a colour (0 black, 1 white).
pub fn luminance(rgb: Rgb) -> f32 {
    let channel = |c: f32| {
        if c <= 0.039_28 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(rgb[0]) + 0.7152 * channel(rgb[1]) + 0.0722 * channel(rgb[2])
}

/// WCAG's contrast ratio of two colours: 1 (none) to 21 (black on white).
pub fn contrast(a: Rgb, b: Rgb) -> f32 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The least contrast of card text on its background before `low-contrast`
/// (WCAG AA asks 4.5 for body text; card text is small and printed).
pub const MIN_CONTRAST: f32 = 4.5;

/// What a card shows behind its frames and text.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Background {
    /// Fills the whole card, out to the bleed edge.
    pub color: Option<Rgb>,
    /// Icons drawn over the fill, cut off at the bleed (or trim) edge.
    pub art: Vec<Art>,
    /// A band along the card's edge, over the art.
    pub border: Option<Border>,
}

/// A band `width` points wide inside the trim, carried on out through the bleed.
#[derive(Clone, Debug, PartialEq)]
pub struct Border {
    pub color: Rgb,
    pub width: f32,
}

/// An icon (`data/icons/<icon>.svg` or the game's own `icons/<icon>.svg`) in a
/// colour, `size` points square with its top-left at (`left`, `top`) from the
/// card's top-left; it may run past the trim into the bleed.
#[derive(Clone, Debug, PartialEq)]
pub struct Art {
    pub icon: Located<String>,
    pub color: Rgb,
    pub left: f32,
    pub top: f32,
    pub size: f32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_colours_parse() {
        assert_eq!(parse_hex_color("#FF0080"), Some([1.0, 0.0, 128.0 / 255.0]));
        assert_eq!(parse_hex_color("FF0080"), None);
        assert!((contrast([0.0; 3], [1.0; 3]) - 21.0).abs() < 0.01);
        assert!((contrast([0.5; 3], [0.5; 3]) - 1.0).abs() < 0.001);
        let navy = parse_hex_color("#23395B").unwrap_or_default();
        assert!(contrast([0.0; 3], navy) < MIN_CONTRAST);
        assert!(contrast([1.0; 3], navy) > MIN_CONTRAST);
        assert_eq!(parse_hex_color("#FF008"), None);
        assert_eq!(parse_hex_color("#GG0080"), None);
    }
}
