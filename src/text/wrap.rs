//! Text: line breaking of rich text into a box, shrinking the size step by
//! step down to a minimum until it fits. Pure: measures with the faces given,
//! words shaped (kerning, ligatures) by [`super::shape`].

use super::font::{FaceId, Family, FontBook};
use super::rich::parse_rich;
use super::shape::Glyph;
use crate::model::{Align, Style, VAlign};

/// What to fit: rich text, the family and base style, the box and size limits.
#[derive(Clone, Copy, Debug)]
pub struct FitRequest<'a> {
    pub text: &'a str,
    pub family: &'a Family,
    pub style: Style,
    pub width: f32,
    pub height: f32,
    pub size: f32,
    pub min_size: f32,
    pub leading: f32,
    pub align: Align,
    pub valign: VAlign,
}

/// A run of glyphs in one face, `x` from the box's left edge.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    pub x: f32,
    pub face: FaceId,
    pub text: String,
    pub glyphs: Vec<Glyph>,
    pub width: f32,
}

/// A line of runs; `baseline` from the box's top edge.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub baseline: f32,
    pub runs: Vec<Run>,
    pub width: f32,
}

/// Text fitted into a box at `size`.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    pub size: f32,
    pub lines: Vec<Line>,
    /// Top and bottom of the inked block (ascent of the first line to descent
    /// of the last), from the box's top edge.
    pub top: f32,
    pub bottom: f32,
    /// The inline icons set as placeholders ([`super::icons::ICON`]), in order.
    pub icons: Vec<String>,
}

/// Why text did not fit.
#[derive(Clone, Debug, PartialEq)]
pub enum FitError {
    /// Even at `min_size` the text needs `needed_height` (or a word is wider than the box).
    Overflow {
        needed_height: f32,
        widest_word: f32,
    },
    /// Characters the fonts do not have.
    MissingGlyphs(Vec<char>),
}

/// A word's stretch in one face: its characters and glyphs are ranges of
/// the [`Arena`]'s.
#[derive(Clone)]
pub(super) struct Fragment {
    pub face: FaceId,
    pub text: std::ops::Range<usize>,
    pub glyphs: std::ops::Range<usize>,
    /// Width at size 1.
    pub unit_width: f32,
}

/// The characters, glyphs and fragments of every word of a text, each kept
/// once in a vector of its own (three allocations per text, not three per word).
#[derive(Default)]
pub(super) struct Arena {
    pub text: String,
    pub glyphs: Vec<Glyph>,
    pub fragments: Vec<Fragment>,
}

impl Arena {
    pub fn fragments(&self, word: &Word) -> &[Fragment] {
        &self.fragments[word.fragments.clone()]
    }

    pub fn text(&self, fragment: &Fragment) -> &str {
        &self.text[fragment.text.clone()]
    }

    pub fn glyphs(&self, fragment: &Fragment) -> &[Glyph] {
        &self.glyphs[fragment.glyphs.clone()]
    }

    /// Adds a fragment of `text` in `face`, shaped.
    pub fn push_shaped(&mut self, book: &FontBook, face: FaceId, text: &str) {
        let t = self.text.len();
        self.text.push_str(text);
        let f = book.face(face);
        let shaped = f.shape(text);
        let g = self.glyphs.len();
        self.glyphs.extend_from_slice(&shaped);
        self.fragments.push(Fragment {
            face,
            text: t..self.text.len(),
            glyphs: g..self.glyphs.len(),
            unit_width: super::shape::unit_width(&shaped, f.units_per_em),
        });
    }

    /// Shapes the fragments from `from` on (their text set, their glyphs
    /// not yet): a word just read. Returns their width at size 1.
    fn shape_from(&mut self, from: usize, book: &FontBook) -> f32 {
        let mut width = 0.0;
        for k in from..self.fragments.len() {
            let frag = &self.fragments[k];
            let face = book.face(frag.face);
            let g = self.glyphs.len();
            let unit = face.shape_into(&self.text[frag.text.clone()], &mut self.glyphs);
            let frag = &mut self.fragments[k];
            frag.glyphs = g..self.glyphs.len();
            frag.unit_width = unit;
            width += unit;
        }
        width
    }
}

#[derive(Clone)]
pub(super) struct Word {
    /// A range of the arena's fragments.
    pub fragments: std::ops::Range<usize>,
    pub unit_width: f32,
    /// Width at size 1 of a space after this word, in its last fragment's face.
    pub space_after: f32,
    /// The glyph of that space.
    pub space_glyph: u16,
    /// Starts a new paragraph (hard line break before it).
    pub breaks_before: bool,
}

const SIZE_STEP: f32 = 0.25;

/// Lays out `req.text` in its box at the largest size from `size` down to
/// `min_size` (in quarter points) at which it fits.
pub fn fit_text(req: &FitRequest<'_>, book: &FontBook) -> Result<Fit, FitError> {
    let (text, icons) = icon_text(req.text, book);
    let req = &FitRequest {
        text: &text,
        ..*req
    };
    let sized = fit_size(req, book)?;
    let set: Vec<SetLine> = sized.lines.into_iter().map(SetLine::natural).collect();
    Ok(Fit {
        icons,
        ..place(
            req,
            book,
            &sized.arena,
            &sized.words,
            &set,
            sized.size,
            sized.ascent,
            sized.block,
        )
    })
}

/// The bottom of the inked block [`fit_text`] would set (from the box's
/// top edge), without setting it: a table row measured for its height.
pub fn measure_text(req: &FitRequest<'_>, book: &FontBook) -> Result<f32, FitError> {
    let (text, _) = icon_text(req.text, book);
    let req = &FitRequest {
        text: &text,
        ..*req
    };
    let sized = fit_size(req, book)?;
    let top = match req.valign {
        VAlign::Top => 0.0,
        VAlign::Middle => (req.height - sized.block) / 2.0,
        VAlign::Bottom => req.height - sized.block,
    };
    Ok(top + sized.block)
}

/// A text's words broken into lines at the size it fits at.
struct Sized {
    arena: Arena,
    words: Vec<Word>,
    lines: Vec<std::ops::Range<usize>>,
    size: f32,
    ascent: f32,
    block: f32,
}

/// The largest size from `req.size` down to `req.min_size` at which the
/// text (icons already placeholders) fits its box, and its lines there.
fn fit_size(req: &FitRequest<'_>, book: &FontBook) -> Result<Sized, FitError> {
    let (arena, words) = words(req, book)?;
    let base = book.face(req.family.face(req.style));
    let ascent = base.ascender / base.units_per_em;
    let descent = -base.descender / base.units_per_em;
    let mut size = req.size;
    loop {
        let lines = break_lines(&words, req.width, size);
        let block = block_height(lines.len(), size, req.leading, ascent, descent);
        let widest = widest(&words, size);
        if block <= req.height + 1e-3 && widest <= req.width + 1e-3 {
            return Ok(Sized {
                arena,
                words,
                lines,
                size,
                ascent,
                block,
            });
        }
        if size <= req.min_size + 1e-3 {
            return Err(FitError::Overflow {
                needed_height: block,
                widest_word: widest,
            });
        }
        size = (size - SIZE_STEP).max(req.min_size);
    }
}

/// The widest word at `size`.
pub(super) fn widest(words: &[Word], size: f32) -> f32 {
    words
        .iter()
        .map(|w| w.unit_width * size)
        .fold(0.0, f32::max)
}

/// The hyphen set where a word is broken across lines (U+2010, so that it is
/// told apart from a hyphen written in the text).
pub const HYPHEN: char = '\u{2010}';

/// The text to set, with the book's inline icons as placeholders, and their names.
pub(super) fn icon_text<'t>(
    text: &'t str,
    book: &FontBook,
) -> (std::borrow::Cow<'t, str>, Vec<String>) {
    if book.icons.is_empty() || !text.contains(':') {
        return (std::borrow::Cow::Borrowed(text), Vec::new());
    }
    match super::icons::with_placeholders(text, &book.icon_names()) {
        Some((text, names)) => (std::borrow::Cow::Owned(text), names),
        None => (std::borrow::Cow::Borrowed(text), Vec::new()),
    }
}

pub(super) fn block_height(
    lines: usize,
    size: f32,
    leading: f32,
    ascent: f32,
    descent: f32,
) -> f32 {
    if lines == 0 {
        return 0.0;
    }
    (lines - 1) as f32 * size * leading + (ascent + descent) * size
}

/// Splits rich text into shaped words (size-independent), their
/// characters and glyphs kept in one arena.
pub(super) fn words(req: &FitRequest<'_>, book: &FontBook) -> Result<(Arena, Vec<Word>), FitError> {
    let mut arena = Arena {
        text: String::with_capacity(req.text.len()),
        glyphs: Vec::with_capacity(req.text.len()),
        fragments: Vec::with_capacity(req.text.len() / 5 + 1),
    };
    let mut words = Vec::with_capacity(req.text.len() / 5 + 1);
    let mut missing = Vec::new();
    let new_word = |at: usize| Word {
        fragments: at..at,
        unit_width: 0.0,
        space_after: 0.0,
        space_glyph: 0,
        breaks_before: false,
    };
    let mut current = new_word(0);
    let mut next_breaks = false;
    for span in parse_rich(req.text) {
        let style = Style::from_flags(
            req.style.is_bold() || span.bold,
            req.style.is_italic() || span.italic,
        );
        let face_id = req.family.face(style);
        let face = book.face(face_id);
        let space_glyph = face.glyph(' ').unwrap_or(0);
        let space_after = face.advance(space_glyph) / face.units_per_em;
        for c in span.text.chars() {
            if c == ' ' || c == '\n' {
                if !current.fragments.is_empty() {
                    current.unit_width = arena.shape_from(current.fragments.start, book);
                    current.breaks_before = next_breaks;
                    next_breaks = false;
                    let next = new_word(arena.fragments.len());
                    words.push(std::mem::replace(&mut current, next));
                }
                if c == '\n' {
                    next_breaks = true;
                }
                continue;
            }
            let glyph_face = if face.glyph(c).is_some() {
                face_id
            } else {
                match fallback_face(book, req.family, style, c) {
                    Some(found) => found,
                    None => {
                        if !missing.contains(&c) {
                            missing.push(c);
                        }
                        face_id
                    }
                }
            };
            // Fragments of the current word are the arena's last ones;
            // their glyphs come when the word is whole.
            let continues = !current.fragments.is_empty()
                && arena.fragments.last().is_some_and(|f| f.face == glyph_face);
            let at = arena.text.len();
            arena.text.push(c);
            if continues {
                if let Some(f) = arena.fragments.last_mut() {
                    f.text.end = arena.text.len();
                }
            } else {
                arena.fragments.push(Fragment {
                    face: glyph_face,
                    text: at..arena.text.len(),
                    glyphs: 0..0,
                    unit_width: 0.0,
                });
                current.fragments.end = arena.fragments.len();
            }
            current.space_glyph = space_glyph;
            current.space_after = space_after;
        }
    }
    if !current.fragments.is_empty() {
        current.unit_width = arena.shape_from(current.fragments.start, book);
        current.breaks_before = next_breaks;
        words.push(current);
    }
    if missing.is_empty() {
        Ok((arena, words))
    } else {
        Err(FitError::MissingGlyphs(missing))
    }
}

/// A character the family lacks, from the first other family of the book
/// (in `fonts.toml` order) that has it, in the same style: its face.
fn fallback_face(book: &FontBook, family: &Family, style: Style, c: char) -> Option<FaceId> {
    book.families
        .iter()
        .filter(|other| other.name != family.name)
        .map(|other| other.face(style))
        .find(|&id| book.face(id).glyph(c).is_some())
}

/// Greedy line breaking: the index ranges of words on each line.
fn break_lines(words: &[Word], width: f32, size: f32) -> Vec<std::ops::Range<usize>> {
    let mut lines = Vec::new();
    let mut start = 0;
    let mut line_width = 0.0;
    for (i, word) in words.iter().enumerate() {
        let w = word.unit_width * size;
        let space = if i > 0 {
            words[i - 1].space_after * size
        } else {
            0.0
        };
        if i > start && (word.breaks_before || line_width + space + w > width + 1e-3) {
            lines.push(start..i);
            start = i;
            line_width = w;
        } else if i == start {
            line_width = w;
        } else {
            line_width += space + w;
        }
    }
    if start < words.len() {
        lines.push(start..words.len());
    }
    lines
}

/// A line's words and how its spaces are set.
pub(super) struct SetLine {
    pub words: std::ops::Range<usize>,
    /// Each space is set `1 + spacing` times its natural width.
    pub spacing: f32,
}

impl SetLine {
    fn natural(words: std::ops::Range<usize>) -> SetLine {
        SetLine {
            words,
            spacing: 0.0,
        }
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) fn place(
    req: &FitRequest<'_>,
    book: &FontBook,
    arena: &Arena,
    words: &[Word],
    lines: &[SetLine],
    size: f32,
    ascent: f32,
    block: f32,
) -> Fit {
    let top = match req.valign {
        VAlign::Top => 0.0,
        VAlign::Middle => (req.height - block) / 2.0,
        VAlign::Bottom => req.height - block,
    };
    let placed = lines
        .iter()
        .enumerate()
        .map(|(n, line)| {
            let baseline = top + ascent * size + n as f32 * size * req.leading;
            let on_line = &words[line.words.clone()];
            let spaces: f32 = on_line
                .iter()
                .take(on_line.len().saturating_sub(1))
                .map(|w| w.space_after)
                .sum();
            let width = (on_line.iter().map(|w| w.unit_width).sum::<f32>()
                + spaces * (1.0 + line.spacing))
                * size;
            let x0 = match req.align {
                Align::Left => 0.0,
                Align::Center => (req.width - width) / 2.0,
                Align::Right => req.width - width,
            };
            Line {
                baseline,
                runs: line_runs(book, arena, on_line, x0, size, line.spacing),
                width,
            }
        })
        .collect();
    Fit {
        size,
        lines: placed,
        top,
        bottom: top + block,
        icons: Vec::new(),
    }
}

/// Merges a line's words into runs: a word continues the previous run (with
/// the space between them, widened by `spacing`) when its first fragment is
/// in the same face.
fn line_runs(
    book: &FontBook,
    arena: &Arena,
    words: &[Word],
    x0: f32,
    size: f32,
    spacing: f32,
) -> Vec<Run> {
    let mut runs: Vec<Run> = Vec::new();
    // A run is made room for the rest of the line, so it grows without reallocating.
    let rest_of_line = |from: usize| -> (usize, usize) {
        words[from..].iter().fold((0, 0), |(bytes, glyphs), w| {
            let (b, g) = arena
                .fragments(w)
                .iter()
                .fold((0, 0), |(b, g), f| (b + f.text.len(), g + f.glyphs.len()));
            (bytes + b + 1, glyphs + g + 1)
        })
    };
    let mut x = x0;
    for (i, word) in words.iter().enumerate() {
        let fragments = arena.fragments(word);
        let Some(first) = fragments.first() else {
            continue;
        };
        let mut continues = false;
        if i > 0 {
            let prev = &words[i - 1];
            let space = prev.space_after * (1.0 + spacing) * size;
            if let Some(run) = runs.last_mut().filter(|r| r.face == first.face) {
                let units = book.face(run.face).units_per_em;
                run.text.push(' ');
                run.glyphs.push(Glyph {
                    id: prev.space_glyph,
                    chars: 1,
                    advance: prev.space_after * (1.0 + spacing) * units,
                });
                run.width += space;
                continues = true;
            }
            x += space;
        }
        for (j, frag) in fragments.iter().enumerate() {
            let w = frag.unit_width * size;
            match runs.last_mut() {
                Some(run) if (j == 0 && continues) || (j > 0 && run.face == frag.face) => {
                    run.text.push_str(arena.text(frag));
                    run.glyphs.extend_from_slice(arena.glyphs(frag));
                    run.width += w;
                }
                _ => {
                    let (bytes, count) = rest_of_line(i);
                    let mut text = String::with_capacity(bytes);
                    text.push_str(arena.text(frag));
                    let mut glyphs = Vec::with_capacity(count);
                    glyphs.extend_from_slice(arena.glyphs(frag));
                    runs.push(Run {
                        x,
                        face: frag.face,
                        text,
                        glyphs,
                        width: w,
                    });
                }
            }
            x += w;
        }
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn book() -> FontBook {
        crate::text::sans_test_book()
    }

    fn request<'a>(text: &'a str, family: &'a Family, width: f32, height: f32) -> FitRequest<'a> {
        FitRequest {
            text,
            family,
            style: Style::Regular,
            width,
            height,
            size: 10.0,
            min_size: 6.0,
            leading: 1.2,
            align: Align::Left,
            valign: VAlign::Top,
        }
    }

    const EFFECT: &str = "One infantry unit in any sector you occupy may build a minefield – place this card in that sector.";

    #[test]
    fn lines_stay_within_the_width() {
        let book = book();
        let family = book.families[0].clone();
        let fit = fit_text(&request(EFFECT, &family, 120.0, 200.0), &book).expect("fits");
        assert_eq!(fit.size, 10.0);
        assert!(fit.lines.len() > 2);
        for line in &fit.lines {
            let right = line.runs.iter().map(|r| r.x + r.width).fold(0.0, f32::max);
            assert!(right <= 120.0 + 1e-3, "line ends at {right}");
            assert!(
                (line.width - line.runs.iter().map(|r| r.width).sum::<f32>()).abs()
                    < 1.0 + 1e-3 * line.width
            );
        }
        let text: Vec<String> = fit
            .lines
            .iter()
            .map(|l| l.runs.iter().map(|r| r.text.as_str()).collect())
            .collect();
        assert_eq!(text.join(" "), EFFECT);
    }

    #[test]
    fn run_width_is_the_shaped_advances() {
        let book = book();
        let family = book.families[0].clone();
        let fit = fit_text(&request("Recon", &family, 200.0, 50.0), &book).expect("fits");
        let run = &fit.lines[0].runs[0];
        let face = book.face(0);
        let shaped = crate::text::shape::unit_width(&face.shape("Recon"), face.units_per_em) * 10.0;
        assert!((run.width - shaped).abs() < 1e-3);
        // Kerned, but not by much.
        assert!((run.width - face.width("Recon", 10.0)).abs() < 0.5);
    }

    #[test]
    fn shrinks_to_fit_then_overflows() {
        let book = book();
        let family = book.families[0].clone();
        let full = fit_text(&request(EFFECT, &family, 120.0, 200.0), &book).expect("fits");
        let tight_height = full.bottom - 1.0;
        let shrunk =
            fit_text(&request(EFFECT, &family, 120.0, tight_height), &book).expect("fits smaller");
        assert!(shrunk.size < 10.0 && shrunk.size >= 6.0);
        assert!(shrunk.bottom <= tight_height + 1e-3);
        let err = fit_text(&request(EFFECT, &family, 120.0, 10.0), &book).expect_err("cannot fit");
        assert!(matches!(err, FitError::Overflow { .. }));
    }

    #[test]
    fn hard_breaks_and_bold_runs() {
        let book = book();
        let family = book.families[0].clone();
        let fit = fit_text(
            &request(
                "**DRAW** one card.\nMaximum hand size = 7 cards.",
                &family,
                300.0,
                100.0,
            ),
            &book,
        )
        .expect("fits");
        assert_eq!(fit.lines.len(), 2);
        assert_eq!(fit.lines[0].runs[0].text, "DRAW");
        assert_eq!(fit.lines[0].runs[0].face, 1);
        assert_eq!(fit.lines[0].runs[1].text, "one card.");
        assert!(fit.lines[0].runs[1].x > fit.lines[0].runs[0].width);
        assert!(fit.lines[1].baseline > fit.lines[0].baseline);
    }

    #[test]
    fn centred_and_right_aligned() {
        let book = book();
        let family = book.families[0].clone();
        let mut req = request("Recon", &family, 200.0, 50.0);
        req.align = Align::Center;
        let centred = fit_text(&req, &book).expect("fits");
        let line = &centred.lines[0];
        assert!((line.runs[0].x - (200.0 - line.width) / 2.0).abs() < 1e-3);
        req.align = Align::Right;
        let right = fit_text(&req, &book).expect("fits");
        assert!((right.lines[0].runs[0].x + right.lines[0].width - 200.0).abs() < 1e-3);
    }

    #[test]
    fn a_character_the_family_lacks_comes_from_the_next_family_that_has_it() {
        let mut book = book();
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fonts");
        let serif = crate::text::Face::parse(
            std::fs::read(dir.join("DejaVuSerifCondensed.ttf")).expect("font file"),
        )
        .expect("font parses");
        assert!(
            serif.glyph('\u{2713}').is_none(),
            "the serif lacks the check mark"
        );
        let mut faces: Vec<crate::text::BookFace> = std::sync::Arc::try_unwrap(book.faces)
            .unwrap_or_else(|_| panic!("the test book is not shared"));
        faces.push(crate::text::BookFace::parsed(serif));
        let id = faces.len() - 1;
        book.faces = std::sync::Arc::new(faces);
        book.families.insert(
            0,
            Family {
                name: "serif".into(),
                regular: id,
                bold: id,
                italic: id,
                bold_italic: id,
            },
        );
        let family = book.families[0].clone();
        let fit = fit_text(&request("done \u{2713} here", &family, 200.0, 50.0), &book)
            .expect("the sans has it");
        let runs: Vec<(&str, usize)> = fit.lines[0]
            .runs
            .iter()
            .map(|r| (r.text.as_str(), r.face))
            .collect();
        // Only the check mark is set in the sans (face 0); the words around it stay serif.
        assert_eq!(runs, vec![("done", id), ("\u{2713}", 0), ("here", id)]);
        let xs: Vec<f32> = fit.lines[0].runs.iter().map(|r| r.x).collect();
        assert!(xs.windows(2).all(|w| w[0] < w[1]), "{xs:?}");
        // Nothing in the book has it: still reported.
        let err = fit_text(&request("sword \u{1F5E1}", &family, 200.0, 50.0), &book)
            .expect_err("no glyph anywhere");
        assert_eq!(err, FitError::MissingGlyphs(vec!['\u{1F5E1}']));
    }

    #[test]
    fn missing_glyphs_are_reported() {
        let book = book();
        let family = book.families[0].clone();
        let err = fit_text(&request("sword \u{1F5E1}", &family, 200.0, 50.0), &book)
            .expect_err("no glyph");
        assert_eq!(err, FitError::MissingGlyphs(vec!['\u{1F5E1}']));
    }
}
