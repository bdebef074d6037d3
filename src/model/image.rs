//! Model: card art — the image regions of a card template (a fixed file or a
//! file named by a card field, fitted into a box) and the image files a game
//! names, as load found them: their format and pixel size from the header,
//! and where the bytes are. A JPEG or PNG is not held decoded, nor its
//! bytes held: a deck of 1,000 pictures keeps 1,000 small records, and each
//! file's bytes are streamed into an output when it is drawn.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

use super::{Located, PathEl, Rgb};
use crate::diag::Loc;

/// How an image fills its box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FitMode {
    /// Scaled to cover the whole box, its overflow cut off.
    Cover,
    /// Scaled to fit inside the box, the rest of the box left clear.
    Contain,
    /// Stretched to the box, whatever its shape.
    Stretch,
}

/// Where an image is placed in its box (and what `cover` keeps): 0 = left
/// or top, 0.5 = centre, 1 = right or bottom.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Anchor {
    pub x: f32,
    pub y: f32,
}

impl Anchor {
    pub const CENTER: Anchor = Anchor { x: 0.5, y: 0.5 };
}

/// Where an image region's picture comes from.
#[derive(Clone, Debug, PartialEq)]
pub enum ImageSource {
    /// The same file on every card: a path relative to the game folder.
    File(Located<String>),
    /// The file a card field names (a CSV column of file names), or, with
    /// the region's `pattern`, the field's value put into a file name.
    Field(Located<String>),
}

/// A box on the card an image is fitted into, in points from its top-left;
/// it may run past the trim into the bleed. The image is cut off at the box
/// (with rounded corners of `radius`).
#[derive(Clone, Debug, PartialEq)]
pub struct ImageRegion {
    pub source: ImageSource,
    pub left: f32,
    pub top: f32,
    pub width: f32,
    pub height: f32,
    pub fit: FitMode,
    pub anchor: Anchor,
    pub radius: f32,
    /// With a `field` source, the file name the value goes into at `{}`
    /// (`art/{}.svg`); none: the value is the file name.
    pub pattern: Option<String>,
    pub loc: Loc,
}

impl ImageRegion {
    /// The file a card whose field value is `value` draws.
    pub fn file_for(&self, value: &str) -> String {
        file_for(self.pattern.as_deref(), value)
    }

    /// The rectangle (x, y, w, h) an image of `aspect` (width / height) is
    /// drawn in: fitted to the box by the fit mode, placed by the anchor.
    pub fn placed(&self, aspect: f32) -> [f32; 4] {
        fit_box(
            [self.left, self.top, self.width, self.height],
            aspect,
            self.fit,
            self.anchor,
        )
    }
}

/// The file a value names: put into `pattern` at its `{}`, or, without a
/// pattern, the value itself.
fn file_for(pattern: Option<&str>, value: &str) -> String {
    match pattern {
        Some(pattern) => pattern.replace("{}", value),
        None => value.to_string(),
    }
}

/// The rectangle (x, y, w, h) a picture of `aspect` (width / height) is
/// drawn in to fill the box `[x, y, w, h]` by `fit`, placed by `anchor`.
pub fn fit_box(bx: [f32; 4], aspect: f32, fit: FitMode, anchor: Anchor) -> [f32; 4] {
    let [left, top, bw, bh] = bx;
    let box_aspect = bw / bh.max(f32::EPSILON);
    let (w, h) = match fit {
        FitMode::Stretch => (bw, bh),
        FitMode::Cover if aspect > box_aspect => (bh * aspect, bh),
        FitMode::Cover => (bw, bw / aspect.max(f32::EPSILON)),
        FitMode::Contain if aspect > box_aspect => (bw, bw / aspect.max(f32::EPSILON)),
        FitMode::Contain => (bh * aspect, bh),
    };
    [left + (bw - w) * anchor.x, top + (bh - h) * anchor.y, w, h]
}

/// The picture a counters job draws on each unit's counter
/// (`[publish.counters.image]`): a fixed file, or the file a unit field
/// names, in the place of the unit's icon on both faces.
#[derive(Clone, Debug, PartialEq)]
pub struct CounterImage {
    pub source: ImageSource,
    /// With a `field` source, the file name the value goes into at `{}`.
    pub pattern: Option<String>,
    pub fit: FitMode,
    pub anchor: Anchor,
    /// The corner radius of the front's picture box, in points (the back's
    /// smaller box is rounded in proportion).
    pub radius: f32,
}

impl CounterImage {
    /// The file a unit whose field value is `value` draws.
    pub fn file_for(&self, value: &str) -> String {
        file_for(self.pattern.as_deref(), value)
    }
}

/// The kind of picture a file holds.
#[derive(Clone, Debug, PartialEq)]
pub enum ImageFormat {
    /// Baseline or progressive JPEG with 1 (grey), 3 (RGB) or 4 (CMYK) components.
    Jpeg {
        components: u8,
    },
    Png,
    /// Vector art, kept as solid-colour outlines in its view box.
    Svg(VectorArt),
}

/// An SVG's drawing as filled outlines (strokes already turned into
/// outlines), in its own coordinates, y down.
#[derive(Clone, Debug, PartialEq)]
pub struct VectorArt {
    /// (min x, min y, width, height).
    pub view_box: (f32, f32, f32, f32),
    pub paths: Vec<VectorPath>,
}

/// One filled outline of vector art.
#[derive(Clone, Debug, PartialEq)]
pub struct VectorPath {
    pub path: Vec<PathEl>,
    pub color: Rgb,
    /// Filled by the even-odd rule (else non-zero).
    pub even_odd: bool,
}

/// An image file a game names, as load found it inside the game folder.
#[derive(Clone, Debug, PartialEq)]
pub struct ImageFile {
    /// As the game names it, relative to the game folder: `art/knight.jpg`.
    pub name: String,
    /// The file, checked to lie inside the game folder.
    pub path: PathBuf,
    /// Its size in bytes when it was read.
    pub len: u64,
    pub format: ImageFormat,
    /// Its size in pixels (an SVG: its view box, taken as pixels at 96 dpi).
    pub width: u32,
    pub height: u32,
}

impl ImageFile {
    /// Width over height.
    pub fn aspect(&self) -> f32 {
        self.width as f32 / (self.height as f32).max(1.0)
    }

    /// The file's bytes, streamed into an output as it is drawn. The file is
    /// the one load checked; one that has changed size since is an error.
    pub fn bytes(&self) -> std::io::Result<Vec<u8>> {
        let bytes = std::fs::read(&self.path)?;
        if bytes.len() as u64 != self.len {
            return Err(std::io::Error::other(format!(
                "{} changed while building",
                self.path.display()
            )));
        }
        Ok(bytes)
    }

    /// The MIME type of its format.
    pub fn mime(&self) -> &'static str {
        match self.format {
            ImageFormat::Jpeg { .. } => "image/jpeg",
            ImageFormat::Png => "image/png",
            ImageFormat::Svg(_) => "image/svg+xml",
        }
    }
}

/// The image files a template's regions draw, by the name the game gives them.
pub type ArtFiles = BTreeMap<String, Arc<ImageFile>>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::FileId;

    fn region(fit: FitMode, anchor: Anchor) -> ImageRegion {
        ImageRegion {
            source: ImageSource::Field(Located::new(
                "art".into(),
                Loc::new(FileId::default(), 0..0),
            )),
            left: 10.0,
            top: 20.0,
            width: 100.0,
            height: 50.0,
            fit,
            anchor,
            radius: 0.0,
            pattern: None,
            loc: Loc::new(FileId::default(), 0..0),
        }
    }

    #[test]
    fn fit_modes_place_a_square_picture_in_a_wide_box() {
        let c = Anchor::CENTER;
        assert_eq!(
            region(FitMode::Stretch, c).placed(1.0),
            [10.0, 20.0, 100.0, 50.0]
        );
        assert_eq!(
            region(FitMode::Cover, c).placed(1.0),
            [10.0, -5.0, 100.0, 100.0]
        );
        assert_eq!(
            region(FitMode::Contain, c).placed(1.0),
            [35.0, 20.0, 50.0, 50.0]
        );
        let top_left = Anchor { x: 0.0, y: 0.0 };
        assert_eq!(
            region(FitMode::Cover, top_left).placed(1.0),
            [10.0, 20.0, 100.0, 100.0]
        );
        let right = Anchor { x: 1.0, y: 0.5 };
        assert_eq!(
            region(FitMode::Contain, right).placed(1.0),
            [60.0, 20.0, 50.0, 50.0]
        );
        // A tall picture covers by its width.
        assert_eq!(
            region(FitMode::Cover, c).placed(0.5),
            [10.0, -55.0, 100.0, 200.0]
        );
    }
}
