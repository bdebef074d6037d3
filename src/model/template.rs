//! Model: a card layout template — regions of a card where the deck's fields print.

use crate::diag::Loc;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Style {
    Regular,
    Bold,
    Italic,
    BoldItalic,
}

impl Style {
    pub fn from_flags(bold: bool, italic: bool) -> Style {
        match (bold, italic) {
            (false, false) => Style::Regular,
            (true, false) => Style::Bold,
            (false, true) => Style::Italic,
            (true, true) => Style::BoldItalic,
        }
    }

    pub fn is_bold(self) -> bool {
        matches!(self, Style::Bold | Style::BoldItalic)
    }

    pub fn is_italic(self) -> bool {
        matches!(self, Style::Italic | Style::BoldItalic)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
    Right,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VAlign {
    Top,
    Middle,
    Bottom,
}

/// A box on the card where one field prints, in points from the card's top-left.
#[derive(Clone, Debug)]
pub struct Region {
    pub field: String,
    pub left: f32,
    pub top: f32,
    pub width: f32,
    pub height: f32,
    pub style: Style,
    pub size: f32,
    pub min_size: f32,
    pub align: Align,
    pub valign: VAlign,
    pub leading: f32,
    /// `{}` replaced by the field's text.
    pub format: Option<String>,
    /// Where a translation gives `format` (`[templates."<kind>/<id>"]`):
    /// a card the translated format overflows is told there.
    pub translated_at: Option<Loc>,
    /// The text's colour (default black).
    pub color: Option<TextColor>,
    pub loc: Loc,
}

/// A region's text colour: a fixed one, or the colour of the card's side
/// (`color = "side"`: the side its `ref` field to `sides` names).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TextColor {
    Rgb(super::Rgb),
    Side,
}

#[derive(Clone, Debug)]
pub struct CardTemplate {
    pub id: String,
    /// Where it came from, as a user finds it: `templates/labels/<id>.toml`.
    pub source: String,
    pub family: String,
    pub regions: Vec<Region>,
    /// Stroked (rounded) rectangles drawn on every card: borders, panels.
    pub frames: Vec<Frame>,
    /// Fill, art and border drawn behind everything, to the bleed edge.
    pub background: Option<super::Background>,
    /// Pictures drawn over the background, under the frames and text.
    pub images: Vec<super::ImageRegion>,
}

/// A stroked rectangle on the card, in points from its top-left.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    pub left: f32,
    pub top: f32,
    pub width: f32,
    pub height: f32,
    pub radius: f32,
    pub stroke: f32,
    /// Drawn only on the cards this holds for (`when`, `equals`); on every card without.
    pub when: Option<FrameWhen>,
    pub loc: Loc,
}

/// When a frame is drawn: on a card that has a value of `field` (a yes/no
/// field: yes), or, with `equals`, whose value is that (as written, or as
/// it prints).
#[derive(Clone, Debug, PartialEq)]
pub struct FrameWhen {
    pub field: super::Located<String>,
    pub equals: Option<super::Located<String>>,
}
