//! Text: font faces read from `fonts/` and measured with their own advances.

use std::sync::Arc;

use crate::model::Style;

/// Index of a face in a [`FontBook`].
pub type FaceId = usize;

/// A font file's bytes: built into the binary (used where they lie), or
/// read from a file.
#[derive(Clone, Debug)]
pub enum FontBytes {
    BuiltIn(&'static [u8]),
    Read(Arc<Vec<u8>>),
}

impl std::ops::Deref for FontBytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            FontBytes::BuiltIn(data) => data,
            FontBytes::Read(data) => data,
        }
    }
}

impl From<Vec<u8>> for FontBytes {
    fn from(data: Vec<u8>) -> FontBytes {
        FontBytes::Read(Arc::new(data))
    }
}

/// One font file, with what layout needs to measure text and renderers to embed it.
#[derive(Debug)]
pub struct Face {
    /// PostScript name, e.g. `DejaVuSansCondensed-Bold`.
    pub name: String,
    pub data: FontBytes,
    pub units_per_em: f32,
    /// Ascender and descender (descender negative), in font units.
    pub ascender: f32,
    pub descender: f32,
    pub cap_height: f32,
    pub bbox: [f32; 4],
    pub italic_angle: f32,
    /// The glyphs of U+0000..U+00FF (0 = none), looked up without hashing.
    latin: Vec<u16>,
    advances: Vec<u16>,
    /// Words already shaped in this face.
    pub(super) shaped: super::shape::ShapeCache,
    /// rustybuzz's face and plans, made when a word is first shaped (None:
    /// rustybuzz cannot read the font).
    pub(super) shaper: std::sync::OnceLock<Option<super::shape::Shaper>>,
}

impl Face {
    /// Parses a TrueType/OpenType font. Errors say what is wrong with the file.
    pub fn parse(data: impl Into<FontBytes>) -> Result<Face, String> {
        let data = data.into();
        let face =
            ttf_parser::Face::parse(&data, 0).map_err(|e| format!("not a usable font: {e}"))?;
        let name = face
            .names()
            .into_iter()
            .filter(|n| n.name_id == ttf_parser::name_id::POST_SCRIPT_NAME)
            .find_map(|n| n.to_string())
            .unwrap_or_else(|| "Font".to_string());
        let latin = (0..256u32)
            .map(|c| unicode_glyph(&face, c).unwrap_or(0))
            .collect();
        let advances = (0..face.number_of_glyphs())
            .map(|g| face.glyph_hor_advance(ttf_parser::GlyphId(g)).unwrap_or(0))
            .collect();
        let bb = face.global_bounding_box();
        Ok(Face {
            name,
            units_per_em: f32::from(face.units_per_em()),
            ascender: f32::from(face.ascender()),
            descender: f32::from(face.descender()),
            cap_height: face
                .capital_height()
                .map_or(f32::from(face.ascender()) * 0.7, f32::from),
            bbox: [
                bb.x_min.into(),
                bb.y_min.into(),
                bb.x_max.into(),
                bb.y_max.into(),
            ],
            italic_angle: face.italic_angle(),
            latin,
            advances,
            shaped: Default::default(),
            shaper: Default::default(),
            data,
        })
    }

    /// A face with no glyphs and no data: what a face that cannot be
    /// parsed is set with (every character missing).
    fn empty() -> Face {
        Face {
            name: "Font".to_string(),
            data: FontBytes::BuiltIn(&[]),
            units_per_em: 1000.0,
            ascender: 0.0,
            descender: 0.0,
            cap_height: 0.0,
            bbox: [0.0; 4],
            italic_angle: 0.0,
            latin: vec![0; 256],
            advances: Vec::new(),
            shaped: Default::default(),
            shaper: Default::default(),
        }
    }

    /// The glyph for a character, if the font has one.
    pub fn glyph(&self, c: char) -> Option<u16> {
        match self.latin.get(c as usize) {
            Some(&g) => (g != 0).then_some(g),
            None => self.glyph_past_latin_1(c),
        }
    }

    /// The glyph of a character past U+00FF, looked up in the font's cmap
    /// as parsed for shaping (reading every character's glyph into a map
    /// the first time one was met was a twentieth of a short rulebook).
    /// rustybuzz reads a font with the same `ttf_parser::Face::parse` that
    /// [`Face::parse`] accepted it with, so every face has its shaper.
    fn glyph_past_latin_1(&self, c: char) -> Option<u16> {
        unicode_glyph(self.shaper()?.tables(), u32::from(c))
    }

    pub fn glyph_count(&self) -> usize {
        self.advances.len()
    }

    /// Advance of a glyph in font units.
    pub fn advance(&self, glyph: u16) -> f32 {
        f32::from(self.advances.get(usize::from(glyph)).copied().unwrap_or(0))
    }

    /// Width of a string at a size in points, set as [`Face::set_glyphs`]
    /// sets it (missing glyphs measure as .notdef).
    pub fn width(&self, text: &str, size: f32) -> f32 {
        let units: f32 = self.set_glyphs(text).map(|id| self.advance(id)).sum();
        units * size / self.units_per_em
    }

    /// The glyph each character of `text` is set with, unshaped: its own
    /// (.notdef, 0, when the font lacks it), a number's sign the minus
    /// ([`Face::sign_glyph`]).
    pub fn set_glyphs<'a>(&'a self, text: &'a str) -> impl Iterator<Item = u16> + 'a {
        let mut prev = None;
        let mut chars = text.chars().peekable();
        std::iter::from_fn(move || {
            let c = chars.next()?;
            let id = (c == '-')
                .then(|| self.sign_glyph(prev, chars.peek().copied()))
                .flatten()
                .unwrap_or_else(|| self.glyph(c).unwrap_or(0));
            prev = Some(c);
            Some(id)
        })
    }

    /// The glyph a hyphen-minus between `prev` and `next` is set with when
    /// it is a number's sign ([`is_sign`]) and the font has a minus (U+2212).
    pub fn sign_glyph(&self, prev: Option<char>, next: Option<char>) -> Option<u16> {
        is_sign(prev, next)
            .then(|| self.glyph('\u{2212}'))
            .flatten()
    }

    pub fn ascent(&self, size: f32) -> f32 {
        self.ascender * size / self.units_per_em
    }

    pub fn descent(&self, size: f32) -> f32 {
        -self.descender * size / self.units_per_em
    }
}

/// A face of a [`FontBook`]: parsed already, or a font built into the
/// binary (so proved good, see `load::font_proof`), parsed the first time
/// it is used. A book names a dozen faces and a rulebook sets three or
/// four: reading, copying and parsing the others was a tenth of a short
/// rulebook's time.
pub struct BookFace {
    face: std::sync::OnceLock<Face>,
    built_in: &'static [u8],
}

impl BookFace {
    /// A face parsed already.
    pub fn parsed(face: Face) -> BookFace {
        BookFace {
            face: std::sync::OnceLock::from(face),
            built_in: &[],
        }
    }

    /// A font built into the binary, parsed when first used.
    pub fn built_in(data: &'static [u8]) -> BookFace {
        BookFace {
            face: std::sync::OnceLock::new(),
            built_in: data,
        }
    }
}

impl std::ops::Deref for BookFace {
    type Target = Face;

    fn deref(&self) -> &Face {
        self.face.get_or_init(|| {
            // Every built-in font parses (load::font_proof's test); a face
            // with no glyphs stands in should one ever not.
            Face::parse(FontBytes::BuiltIn(self.built_in)).unwrap_or_else(|_| Face::empty())
        })
    }
}

impl std::fmt::Debug for BookFace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.face.get() {
            Some(face) => face.fmt(f),
            None => write!(
                f,
                "BookFace(built in, {} bytes, unread)",
                self.built_in.len()
            ),
        }
    }
}

/// A family: one face per style.
#[derive(Clone, Debug)]
pub struct Family {
    pub name: String,
    pub regular: FaceId,
    pub bold: FaceId,
    pub italic: FaceId,
    pub bold_italic: FaceId,
}

impl Family {
    pub fn face(&self, style: Style) -> FaceId {
        match style {
            Style::Regular => self.regular,
            Style::Bold => self.bold,
            Style::Italic => self.italic,
            Style::BoldItalic => self.bold_italic,
        }
    }
}

/// Every face loaded from `fonts/`, and the families they form. The faces
/// are shared: a game's book with its own icons is the shared book's faces
/// (and what they have shaped) under another list of icons.
#[derive(Clone, Debug, Default)]
pub struct FontBook {
    pub faces: Arc<Vec<BookFace>>,
    pub families: Vec<Family>,
    /// The inline icons rich text may set (`:sword:`), from `data/icons/`.
    pub icons: Vec<crate::model::Icon>,
}

impl FontBook {
    pub fn face(&self, id: FaceId) -> &Face {
        &self.faces[id]
    }

    pub fn family(&self, name: &str) -> Option<&Family> {
        self.families.iter().find(|f| f.name == name)
    }

    /// The names of the inline icons.
    pub fn icon_names(&self) -> Vec<&str> {
        self.icons.iter().map(|i| i.name.as_str()).collect()
    }
}

/// Whether a hyphen-minus between `prev` and `next` is a number's sign
/// ("-1", "(-2)", "+1/-1"): before a digit, at the start of a word or after
/// "(", "[" or "/". It is set as a true minus (U+2212), as typst sets "-1"
/// and LaTeX's math "$-1$"; its text stays "-", so copied text and a search
/// find what the data says. A range ("4-6") and a compound ("Fat-4") keep
/// their hyphen.
pub fn is_sign(prev: Option<char>, next: Option<char>) -> bool {
    next.is_some_and(|c| c.is_ascii_digit())
        && prev.is_none_or(|c| c.is_whitespace() || matches!(c, '(' | '[' | '/'))
}

/// The font's Unicode cmap subtables, in the font's order.
fn unicode_subtables<'a>(
    face: &ttf_parser::Face<'a>,
) -> impl Iterator<Item = ttf_parser::cmap::Subtable<'a>> {
    face.tables()
        .cmap
        .into_iter()
        .flat_map(|table| table.subtables)
        .filter(|s| s.is_unicode())
}

/// A code point's glyph from the first Unicode subtable that maps it (as
/// the whole cmap, read in that order, has it).
fn unicode_glyph(face: &ttf_parser::Face<'_>, cp: u32) -> Option<u16> {
    unicode_subtables(face).find_map(|sub| sub.glyph_index(cp).map(|g| g.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glyphs_past_latin_1_come_from_the_whole_cmap_and_latin_1_from_its_table() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fonts");
        let data = std::fs::read(dir.join("DejaVuSansCondensed.ttf")).expect("font file");
        let face = Face::parse(data.clone()).expect("parses");
        let parsed = ttf_parser::Face::parse(&data, 0).expect("parses");
        // The whole cmap: every subtable's code points, the first mapping
        // of each kept.
        let mut whole = std::collections::HashMap::new();
        for sub in unicode_subtables(&parsed) {
            sub.codepoints(|cp| {
                if let Some(g) = sub.glyph_index(cp) {
                    whole.entry(cp).or_insert(g.0);
                }
            });
        }
        for c in (0..0x3000u32).filter_map(char::from_u32) {
            let mapped = whole.get(&(c as u32)).copied();
            let want = mapped.filter(|g| *g != 0 || c as u32 > 0xff);
            assert_eq!(face.glyph(c), want, "{c:?}");
            // And as the font's first Unicode subtable that has it.
            let direct = parsed
                .tables()
                .cmap
                .into_iter()
                .flat_map(|t| t.subtables)
                .filter(|s| s.is_unicode())
                .find_map(|s| s.glyph_index(c as u32))
                .map(|g| g.0);
            assert_eq!(mapped, direct, "{c:?}");
        }
        assert!(face.glyph('\u{2013}').is_some(), "the en dash");
        assert!(face.glyph('\u{1F5E1}').is_none(), "no dagger emoji");
    }

    #[test]
    fn every_face_parse_accepts_has_its_shaper() {
        // Characters past U+00FF are looked up only through the shaper.
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fonts");
        let mut fonts = 0;
        for entry in std::fs::read_dir(dir).expect("fonts/") {
            let path = entry.expect("entry").path();
            if path.extension().is_some_and(|e| e == "ttf" || e == "otf") {
                let face = Face::parse(std::fs::read(&path).expect("read")).expect("parses");
                assert!(face.shaper().is_some(), "{}", path.display());
                fonts += 1;
            }
        }
        assert!(fonts >= 8, "{fonts} fonts");
    }
}
