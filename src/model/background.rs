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
        assert_eq!(parse_hex_color("#FF008"), None);
        assert_eq!(parse_hex_color("#GG0080"), None);
    }
}
