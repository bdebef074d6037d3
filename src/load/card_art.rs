//! Load stage: the picture files a card template's `[[images]]` regions
//! draw — a fixed file, or each card's file named in a deck field — and
//! those a counters job's `[publish.counters.image]` draws on its units, found
//! through the one path resolver and checked from their headers into
//! [`ImageFile`]s: format, pixel size, length (a PNG's or JPEG's kind and
//! size read by `imagesize`; a JPEG's frame kind, depth and colours, which
//! it does not read, by [`jpeg_frame`]). A JPEG or PNG is decoded
//! whole once here, as the outputs decode it (`image_proof`), so no output
//! meets one it cannot draw; its bytes are not kept (they are streamed into
//! each output as it is drawn); an SVG is
//! read for what it names ([`super::svg_refs`]: nothing outside it is ever
//! opened), parsed here and kept as solid-colour outlines. Problems are
//! located at the name: the template's `file`, or the card's cell; those
//! inside an SVG at their place in it, the name as a second place.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom};
use std::path::Path;
use std::sync::Arc;

use super::OpError;
use super::paths::Confine;
use crate::diag::{Diagnostic, Diagnostics, Loc, Sources};
use crate::model::{
    ArtFiles, Card, CardTemplate, CounterImage, Deck, ImageFile, ImageFormat, ImageSource, Located,
    PathEl, VectorArt,
};

/// The most pixels an image may have: 8,000 x 8,000. Beyond it a file
/// claiming a huge size could make decoding for PNG output eat memory.
pub const MAX_IMAGE_PIXELS: u64 = 64_000_000;
/// The largest SVG read (it is parsed whole).
const MAX_SVG_BYTES: u64 = 8 * 1024 * 1024;

/// Every picture `template` draws for the cards of `deck` (none for a
/// back), by name; a name that cannot be had is reported once, at its first use.
pub fn load_card_art(
    game_dir: &Path,
    template: &CardTemplate,
    deck: Option<&Deck>,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<ArtFiles, OpError> {
    let mut named: BTreeMap<String, Loc> = BTreeMap::new();
    for region in &template.images {
        match &region.source {
            ImageSource::File(file) => {
                named.entry(file.value.clone()).or_insert_with(|| file.loc);
            }
            ImageSource::Field(field) => {
                let Some(deck) = deck else {
                    diags.push(
                        crate::error!(
                            "dangling-reference", Some(field.loc),
                            "the image of `{}` names the field `{}`, but a card back has no card fields",
                            template.source, field.value;
                            hint: "give a back's image as `file`"
                        ),
                    );
                    continue;
                };
                let Some(index) = deck.field_index(&field.value) else {
                    diags.push(crate::error!(
                        "dangling-reference", Some(field.loc),
                        "the deck `{}` has no field `{}`", deck.id, field.value;
                        hint: "{}", deck.fields_hint()
                    ));
                    continue;
                };
                for card in &deck.cards {
                    let Some(value) = card.values.get(index).and_then(Option::as_ref) else {
                        continue;
                    };
                    let shown = value.value.display();
                    let name = region.file_for(&shown);
                    if !shown.is_empty() {
                        named.entry(name).or_insert_with(|| value.loc);
                    }
                }
            }
        }
    }
    load_named(game_dir, named, sources, diags)
}

/// Every picture a counters job draws on the units `printed`: its `file`,
/// or each unit's file from its `field` (`{}` of the pattern); a name that
/// cannot be had is reported once, at its first use (the job's `file`, or
/// the unit's value). A `field` the units lack is left to validate.
pub fn load_counter_art<'a>(
    game_dir: &Path,
    image: &CounterImage,
    units: &Deck,
    printed: impl IntoIterator<Item = &'a Card>,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<ArtFiles, OpError> {
    let mut named: BTreeMap<String, Loc> = BTreeMap::new();
    match &image.source {
        ImageSource::File(file) => {
            named.insert(file.value.clone(), file.loc);
        }
        ImageSource::Field(field) => {
            let Some(index) = units.field_index(&field.value) else {
                return Ok(ArtFiles::new());
            };
            for unit in printed {
                let Some(value) = unit.values.get(index).and_then(Option::as_ref) else {
                    continue;
                };
                let shown = value.value.display();
                if !shown.is_empty() {
                    named
                        .entry(image.file_for(&shown))
                        .or_insert_with(|| value.loc);
                }
            }
        }
    }
    load_named(game_dir, named, sources, diags)
}

/// The picture files `named` (each with where it is first named), found
/// through the one path resolver and read from their headers.
fn load_named(
    game_dir: &Path,
    named: BTreeMap<String, Loc>,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<ArtFiles, OpError> {
    if named.is_empty() {
        return Ok(ArtFiles::new());
    }
    let confine = Confine::new(game_dir)?;
    let mut found = Vec::with_capacity(named.len());
    for (name, loc) in named {
        let located = Located::new(name.clone(), loc);
        if let Some(path) = confine.resolve(game_dir, &located, "the image", diags) {
            found.push((name, loc, path));
        }
    }
    // Each PNG and JPEG decoded whole (the proof it can be drawn), on all
    // cores; an SVG's text is read there and parsed here, in order, as what
    // it names is told at its place in it.
    let read = crate::par::map(&found, 2, |(_, _, path)| read_image(path));
    let mut art = ArtFiles::new();
    for ((name, loc, path), read) in found.into_iter().zip(read) {
        let mut svg = SvgFile {
            name: &name,
            path: &path,
            named_at: &loc,
            confine: &confine,
            sources: &mut *sources,
            diags: &mut *diags,
        };
        match read.and_then(|read| read.finish(&mut svg)) {
            Ok((format, width, height, len)) => {
                art.insert(
                    name.clone(),
                    Arc::new(ImageFile {
                        name: clean_name(&name),
                        path,
                        len,
                        format,
                        width,
                        height,
                    }),
                );
            }
            Err(Problem::Reported) => {}
            Err(problem) => diags.push(problem.at(&name, loc)),
        }
    }
    Ok(art)
}

/// A name inside the game folder with `.` and `..` steps taken out
/// (`art/./x/../a.png` -> `art/a.png`): how outputs name their copy.
fn clean_name(name: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for part in name.split(['/', '\\']) {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            part => parts.push(part),
        }
    }
    parts.join("/")
}

/// Why a file is not a picture we can draw.
#[derive(Debug, PartialEq)]
enum Problem {
    /// Not PNG, JPEG or SVG, or a kind of one we do not draw.
    Unsupported(String),
    /// It says it is one, but its header cannot be read.
    Damaged(String),
    TooBig(u32, u32),
    /// An SVG of more path segments than [`super::icons::MAX_PATH_ELEMENTS`].
    TooManySegments(usize),
    Io(String),
    /// Told already, at its place inside the file (an SVG's reference).
    Reported,
}

impl Problem {
    fn at(self, name: &str, loc: Loc) -> Diagnostic {
        let id = match &self {
            Problem::Unsupported(_) => "unsupported-image",
            Problem::Damaged(_) | Problem::Io(_) | Problem::Reported => "bad-image",
            Problem::TooBig(..) | Problem::TooManySegments(_) => "limit-exceeded",
        };
        let (message, hint) = match self {
            Problem::Unsupported(why) => (
                format!("the image `{name}` {why}"),
                "card art is a PNG, a JPEG (greyscale, RGB or CMYK, 8 bits) or an SVG of solid-colour shapes"
                    .to_string(),
            ),
            Problem::Damaged(why) => (
                format!("the image `{name}` cannot be read: {why}"),
                "save the picture again from an image editor".to_string(),
            ),
            Problem::TooBig(w, h) => (
                format!("the image `{name}` is {w} x {h} pixels, more than {MAX_IMAGE_PIXELS} in all"),
                "scale it down: 300 dpi at its printed size is plenty (a poker card is 750 x 1050)"
                    .to_string(),
            ),
            Problem::TooManySegments(n) => (
                format!(
                    "the image `{name}` has {n} path segments, more than {}",
                    super::icons::MAX_PATH_ELEMENTS
                ),
                "simplify its paths in a vector editor, or save it as a PNG".to_string(),
            ),
            Problem::Io(why) => (
                format!("the image `{name}` cannot be read: {why}"),
                "check the file's permissions".to_string(),
            ),
            Problem::Reported => (
                format!("the image `{name}` cannot be drawn"),
                "see the problems told inside it".to_string(),
            ),
        };
        Diagnostic::error(id, message, Some(loc)).with_hint(hint)
    }
}

/// A picture file as read on any core: a PNG or JPEG decoded whole and
/// known, or an SVG's text, still to be read for what it names.
enum FileRead {
    Raster(ImageFormat, u32, u32, u64),
    Svg(Vec<u8>, u64),
}

impl FileRead {
    /// The format, pixel size and length of the picture (an SVG parsed
    /// through `svg`), within the pixel cap.
    fn finish(self, svg: &mut SvgFile<'_>) -> Result<(ImageFormat, u32, u32, u64), Problem> {
        let (format, width, height, len) = match self {
            FileRead::Raster(format, width, height, len) => (format, width, height, len),
            FileRead::Svg(text, len) => {
                let (format, width, height) = svg.art(&text)?;
                (format, width, height, len)
            }
        };
        within_pixel_cap(width, height)?;
        Ok((format, width, height, len))
    }
}

/// The picture at `path`: a PNG or JPEG known and sized from its header
/// by `imagesize`, its JPEG frame's kind read, then decoded whole
/// as the outputs decode it; an SVG's text.
fn read_image(path: &Path) -> Result<FileRead, Problem> {
    let io = |e: std::io::Error| Problem::Io(e.to_string());
    let file = std::fs::File::open(path).map_err(io)?;
    let len = file.metadata().map_err(io)?.len();
    let mut file = BufReader::new(file);
    let (format, width, height) = match header_size(&mut file)? {
        Some((imagesize::ImageType::Png, width, height)) => (ImageFormat::Png, width, height),
        Some((imagesize::ImageType::Jpeg, width, height)) => {
            let components = jpeg_frame(&mut file)?;
            (ImageFormat::Jpeg { components }, width, height)
        }
        _ if looks_like_svg(path) => {
            if len > MAX_SVG_BYTES {
                return Err(Problem::Unsupported(format!(
                    "is an SVG of {len} bytes, more than {MAX_SVG_BYTES}"
                )));
            }
            let mut text = Vec::new();
            file.seek(SeekFrom::Start(0)).map_err(io)?;
            file.take(MAX_SVG_BYTES)
                .read_to_end(&mut text)
                .map_err(io)?;
            return Ok(FileRead::Svg(text, len));
        }
        _ => {
            return Err(Problem::Unsupported(
                "is not a PNG, JPEG or SVG file".to_string(),
            ));
        }
    };
    within_pixel_cap(width, height)?;
    let mut file = file.into_inner();
    super::image_proof::prove(&mut file, &format).map_err(Problem::Damaged)?;
    Ok(FileRead::Raster(format, width, height, len))
}

/// A PNG's or JPEG's kind and pixel size read from its header by
/// `imagesize`; `None` for a file that is neither (or too short to say).
fn header_size<R: BufRead + Seek>(
    file: &mut R,
) -> Result<Option<(imagesize::ImageType, u32, u32)>, Problem> {
    use imagesize::{ImageError, ImageType};
    // Its kind from its first bytes (a file cut shorter than imagesize
    // reads is still known by them, to be told it is damaged).
    let mut head = [0u8; 12];
    read_up_to(file, &mut head).map_err(|e| Problem::Io(e.to_string()))?;
    let kind = match imagesize::image_type(&head) {
        Ok(kind @ (ImageType::Png | ImageType::Jpeg)) => kind,
        Ok(_) | Err(_) => return Ok(None),
    };
    let damaged = || {
        Problem::Damaged(match kind {
            ImageType::Png => "a PNG without its IHDR header".to_string(),
            _ => "a JPEG whose frame header is not found".to_string(),
        })
    };
    // imagesize reads a PNG's size where IHDR holds it, without looking
    // for the chunk's name.
    if kind == ImageType::Png {
        let mut head = [0u8; 16];
        file.seek(SeekFrom::Start(0))
            .map_err(|e| Problem::Io(e.to_string()))?;
        if read_up_to(file, &mut head).map_err(|e| Problem::Io(e.to_string()))? < head.len()
            || &head[..8] != b"\x89PNG\r\n\x1a\n"
            || &head[12..16] != b"IHDR"
        {
            return Err(damaged());
        }
    }
    file.seek(SeekFrom::Start(0))
        .map_err(|e| Problem::Io(e.to_string()))?;
    let size = kind.reader_size(&mut *file).map_err(|e| match e {
        ImageError::IoError(e) if e.kind() != std::io::ErrorKind::UnexpectedEof => {
            Problem::Io(e.to_string())
        }
        _ => damaged(),
    })?;
    let pixels = |n: usize| u32::try_from(n).map_err(|_| damaged());
    Ok(Some((kind, pixels(size.width)?, pixels(size.height)?)))
}

/// A JPEG's colour components from its frame header (SOF), found by
/// stepping from marker to marker: a kind of JPEG the outputs cannot draw
/// (lossless, arithmetic-coded, other than 8 bits, not grey, RGB or CMYK)
/// is `Unsupported`. Neither imagesize (which reads only the size) nor
/// zune-jpeg (which skips a frame it does not decode as an unknown
/// segment) says which kind of frame a JPEG has.
fn jpeg_frame<R: Read + Seek>(file: &mut R) -> Result<u8, Problem> {
    let damaged = || Problem::Damaged("a JPEG whose frame header is not found".to_string());
    let io = |e: std::io::Error| Problem::Io(e.to_string());
    file.seek(SeekFrom::Start(2)).map_err(io)?;
    loop {
        let mut marker = [0u8; 2];
        if read_up_to(file, &mut marker).map_err(io)? < 2 || marker[0] != 0xFF {
            return Err(damaged());
        }
        let kind = marker[1];
        // Fill bytes, and markers with no length.
        if kind == 0xFF {
            file.seek(SeekFrom::Current(-1)).map_err(io)?;
            continue;
        }
        if kind == 0x01 || (0xD0..=0xD7).contains(&kind) {
            continue;
        }
        let mut len = [0u8; 2];
        if read_up_to(file, &mut len).map_err(io)? < 2 {
            return Err(damaged());
        }
        let len = u16::from_be_bytes(len);
        if len < 2 {
            return Err(damaged());
        }
        let is_frame = matches!(kind, 0xC0..=0xCF) && !matches!(kind, 0xC4 | 0xC8 | 0xCC);
        if is_frame {
            let mut sof = [0u8; 6];
            if read_up_to(file, &mut sof).map_err(io)? < 6 {
                return Err(damaged());
            }
            let (precision, components) = (sof[0], sof[5]);
            if matches!(kind, 0xC3 | 0xC7 | 0xCB | 0xCF) {
                return Err(Problem::Unsupported("is a lossless JPEG".to_string()));
            }
            if matches!(kind, 0xC9..=0xCB | 0xCD..=0xCF) {
                return Err(Problem::Unsupported(
                    "is a JPEG with arithmetic coding".to_string(),
                ));
            }
            if precision != 8 {
                return Err(Problem::Unsupported(format!("is a {precision}-bit JPEG")));
            }
            if !matches!(components, 1 | 3 | 4) {
                return Err(Problem::Unsupported(format!(
                    "is a JPEG with {components} colour components"
                )));
            }
            return Ok(components);
        }
        if kind == 0xD9 || kind == 0xDA {
            // End of image, or scan data before any frame header.
            return Err(damaged());
        }
        file.seek(SeekFrom::Current(i64::from(len) - 2))
            .map_err(io)?;
    }
}

/// Some pixels, and no more than [`MAX_IMAGE_PIXELS`].
fn within_pixel_cap(width: u32, height: u32) -> Result<(), Problem> {
    if width == 0 || height == 0 {
        return Err(Problem::Damaged("it has no pixels".to_string()));
    }
    if u64::from(width) * u64::from(height) > MAX_IMAGE_PIXELS {
        return Err(Problem::TooBig(width, height));
    }
    Ok(())
}

fn read_up_to(file: &mut impl Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match file.read(&mut buf[got..])? {
            0 => break,
            n => got += n,
        }
    }
    Ok(got)
}

fn looks_like_svg(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("svg"))
}

/// An SVG picture being read, and where to tell what is wrong inside it.
struct SvgFile<'a> {
    /// As the game names it.
    name: &'a str,
    path: &'a Path,
    /// Where the game names it (the template's `file`, the card's cell).
    named_at: &'a Loc,
    confine: &'a Confine,
    sources: &'a mut Sources,
    diags: &'a mut Diagnostics,
}

impl SvgFile<'_> {
    /// The SVG `text` as outlines, once nothing it names reaches outside
    /// it: each reference that does is an error at its place in the SVG
    /// (the file is added to the sources), with the name as a second place.
    fn art(&mut self, text: &[u8]) -> Result<(ImageFormat, u32, u32), Problem> {
        let Ok(text) = std::str::from_utf8(text) else {
            return Err(Problem::Damaged(
                "an SVG that is not UTF-8 text (a compressed .svgz is not read)".to_string(),
            ));
        };
        let dir = self.path.parent().unwrap_or(self.confine.dir());
        let found = match super::svg_refs::read(text, dir, self.confine) {
            Ok(doc) => return svg_art(&doc),
            Err(found) => found,
        };
        let file = self
            .sources
            .add_once(self.path.to_path_buf(), || text.to_string());
        for finding in found {
            self.diags.push(
                Diagnostic::error(
                    finding.id,
                    format!("`{}`: {}", self.name, finding.message),
                    Some(Loc::new(file, finding.span)),
                )
                .with_hint(finding.hint)
                .with_label(*self.named_at, "the picture is drawn from here"),
            );
        }
        Err(Problem::Reported)
    }
}

/// An SVG as solid-colour outlines in its view box, and its size in pixels.
/// Nothing it names is opened: usvg is given no folder, a resolver that
/// loads no picture, and (built without text) no fonts.
fn svg_art(doc: &roxmltree::Document<'_>) -> Result<(ImageFormat, u32, u32), Problem> {
    let options = super::svg_refs::usvg_options();
    let tree = resvg::usvg::Tree::from_xmltree(doc, &options)
        .map_err(|e| Problem::Damaged(format!("SVG: {e}")))?;
    let size = tree.size();
    let mut paths = Vec::new();
    outlines(tree.root(), &mut paths)?;
    let segments: usize = paths.iter().map(|p| p.path.len()).sum();
    if segments > super::icons::MAX_PATH_ELEMENTS {
        return Err(Problem::TooManySegments(segments));
    }
    let art = VectorArt {
        view_box: (0.0, 0.0, size.width(), size.height()),
        paths,
    };
    Ok((
        ImageFormat::Svg(art),
        size.width().ceil() as u32,
        size.height().ceil() as u32,
    ))
}

/// The filled outlines of a group, strokes turned to outlines, in the
/// SVG's own coordinates; anything drawn otherwise (gradients, opacity,
/// masks, filters, pictures, text) is `Unsupported`.
fn outlines(
    group: &resvg::usvg::Group,
    out: &mut Vec<crate::model::VectorPath>,
) -> Result<(), Problem> {
    use resvg::usvg::{FillRule, Node, Paint};
    let unsupported = |what: &str| {
        Err(Problem::Unsupported(format!(
            "is an SVG with {what}, which card art does not draw (only solid-colour shapes)"
        )))
    };
    if group.opacity().get() < 1.0 {
        return unsupported("group opacity");
    }
    if group.clip_path().is_some() || group.mask().is_some() {
        return unsupported("a clip path or mask");
    }
    if !group.filters().is_empty() {
        return unsupported("filters");
    }
    for node in group.children() {
        match node {
            Node::Group(g) => outlines(g, out)?,
            Node::Image(_) => return unsupported("an embedded picture"),
            Node::Text(_) => return unsupported("text (convert it to paths)"),
            Node::Path(p) => {
                if !p.is_visible() {
                    continue;
                }
                let transform = p.abs_transform();
                let mut add = |data: &resvg::tiny_skia::Path,
                               paint: &Paint,
                               opacity: f32,
                               even_odd: bool|
                 -> Result<(), Problem> {
                    let Paint::Color(c) = paint else {
                        return unsupported("a gradient or pattern");
                    };
                    if opacity < 1.0 {
                        return unsupported("transparency");
                    }
                    let Some(data) = data.clone().transform(transform) else {
                        return Ok(());
                    };
                    out.push(crate::model::VectorPath {
                        path: path_els(&data),
                        color: [c.red, c.green, c.blue].map(|v| f32::from(v) / 255.0),
                        even_odd,
                    });
                    Ok(())
                };
                if let Some(fill) = p.fill() {
                    add(
                        p.data(),
                        fill.paint(),
                        fill.opacity().get(),
                        fill.rule() == FillRule::EvenOdd,
                    )?;
                }
                if let Some(stroke) = p.stroke()
                    && let Some(outline) = p.data().stroke(&stroke.to_tiny_skia(), 1.0)
                {
                    add(&outline, stroke.paint(), stroke.opacity().get(), false)?;
                }
            }
        }
    }
    Ok(())
}

/// A tiny-skia path as ours (quadratics as cubics).
fn path_els(path: &resvg::tiny_skia::Path) -> Vec<PathEl> {
    use resvg::tiny_skia::PathSegment as S;
    let mut out = Vec::with_capacity(path.len());
    let mut last = (0.0, 0.0);
    for segment in path.segments() {
        out.push(match segment {
            S::MoveTo(p) => {
                last = (p.x, p.y);
                PathEl::MoveTo(p.x, p.y)
            }
            S::LineTo(p) => {
                last = (p.x, p.y);
                PathEl::LineTo(p.x, p.y)
            }
            S::QuadTo(c, p) => {
                let (x0, y0) = last;
                last = (p.x, p.y);
                PathEl::CurveTo(
                    x0 + 2.0 / 3.0 * (c.x - x0),
                    y0 + 2.0 / 3.0 * (c.y - y0),
                    p.x + 2.0 / 3.0 * (c.x - p.x),
                    p.y + 2.0 / 3.0 * (c.y - p.y),
                    p.x,
                    p.y,
                )
            }
            S::CubicTo(a, b, p) => {
                last = (p.x, p.y);
                PathEl::CurveTo(a.x, a.y, b.x, b.y, p.x, p.y)
            }
            S::Close => PathEl::Close,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    #[test]
    fn names_lose_their_dot_steps() {
        assert_eq!(clean_name("art/./x/../a.png"), "art/a.png");
        assert_eq!(clean_name("../../a.png"), "a.png");
    }

    fn jpeg_bytes() -> Vec<u8> {
        let pixels: Vec<u8> = (0..30 * 20 * 3).map(|i| (i % 256) as u8).collect();
        let mut jpeg = Vec::new();
        jpeg_encoder::Encoder::new(&mut jpeg, 90)
            .encode(&pixels, 30, 20, jpeg_encoder::ColorType::Rgb)
            .expect("encode");
        jpeg
    }

    #[test]
    fn jpeg_frame_headers_are_found_past_other_segments() {
        let jpeg = jpeg_bytes();
        let kind_and_size =
            header_size(&mut Cursor::new(jpeg.clone())).map(|k| k.map(|k| (k.1, k.2)));
        assert_eq!(kind_and_size, Ok(Some((30, 20))));
        assert_eq!(jpeg_frame(&mut Cursor::new(jpeg.clone())), Ok(3));
        // Cut before the frame: damaged, not a panic.
        let sof = jpeg
            .windows(2)
            .position(|w| w == [0xFF, 0xC0])
            .expect("a baseline frame");
        let mut cut = Cursor::new(jpeg[..sof].to_vec());
        assert!(matches!(header_size(&mut cut), Err(Problem::Damaged(_))));
        // A 12-bit frame, a lossless one, an arithmetic-coded one.
        let mut deep = jpeg.clone();
        deep[sof + 4] = 12;
        assert_eq!(
            jpeg_frame(&mut Cursor::new(deep)),
            Err(Problem::Unsupported("is a 12-bit JPEG".to_string()))
        );
        for (marker, why) in [
            (0xC3, "is a lossless JPEG"),
            (0xCA, "is a JPEG with arithmetic coding"),
        ] {
            let mut other = jpeg.clone();
            other[sof + 1] = marker;
            assert_eq!(
                jpeg_frame(&mut Cursor::new(other)),
                Err(Problem::Unsupported(why.to_string()))
            );
        }
    }

    #[test]
    fn a_png_is_sized_from_its_ihdr_and_one_without_it_is_damaged() {
        let mut png = vec![
            0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n', 0, 0, 0, 13,
        ];
        png.extend(b"IHDR");
        png.extend(123u32.to_be_bytes());
        png.extend(321u32.to_be_bytes());
        png.extend([8, 2, 0, 0, 0, 0, 0, 0, 0]);
        let sized = header_size(&mut Cursor::new(png.clone())).map(|k| k.map(|k| (k.1, k.2)));
        assert_eq!(sized, Ok(Some((123, 321))));
        png[12..16].copy_from_slice(b"IDAT");
        assert_eq!(
            header_size(&mut Cursor::new(png)),
            Err(Problem::Damaged(
                "a PNG without its IHDR header".to_string()
            ))
        );
        // Neither a PNG nor a JPEG (nor long enough to say).
        assert_eq!(header_size(&mut Cursor::new(b"<svg/>".to_vec())), Ok(None));
    }

    fn art_of(svg: &[u8]) -> Result<(ImageFormat, u32, u32), Problem> {
        let text = std::str::from_utf8(svg).expect("UTF-8");
        svg_art(&roxmltree::Document::parse(text).expect("XML"))
    }

    #[test]
    fn svg_shapes_become_coloured_outlines_and_gradients_are_refused() {
        let svg = br##"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="10" height="10" fill="#ff0000"/><path d="M10 0H20V10" fill="none" stroke="#0000ff" stroke-width="2"/></svg>"##;
        let (format, w, h) = art_of(svg).expect("an SVG");
        assert_eq!((w, h), (20, 10));
        let ImageFormat::Svg(art) = format else {
            panic!("vector art")
        };
        assert_eq!(art.paths.len(), 2);
        assert_eq!(art.paths[0].color, [1.0, 0.0, 0.0]);
        assert_eq!(art.paths[1].color, [0.0, 0.0, 1.0]);
        let gradient = br##"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient><rect width="10" height="10" fill="url(#g)"/></svg>"##;
        assert!(matches!(art_of(gradient), Err(Problem::Unsupported(_))));
    }

    #[test]
    fn an_svg_of_too_many_path_segments_is_past_the_limit() {
        let svg = |n: usize| {
            format!(
                r##"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><path d="M0 0{}" fill="#000000"/></svg>"##,
                "h1".repeat(n)
            )
        };
        assert!(art_of(svg(1000).as_bytes()).is_ok());
        assert!(matches!(
            art_of(svg(super::super::icons::MAX_PATH_ELEMENTS).as_bytes()),
            Err(Problem::TooManySegments(_))
        ));
    }
}
