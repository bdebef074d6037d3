//! Text: a paragraph of running text set by total fit — its words measured
//! into the places a line may end (spaces, hyphenation points with TeX's
//! limits), the best breaks chosen by [`super::linebreak`], the words split
//! at the chosen hyphens and reshaped, and the lines justified or ragged.

use super::font::FontBook;
use super::icons::ICON;
use super::linebreak::{Break, BreakKind, Measure, total_fit};
use super::wrap::{
    Arena, Fit, FitError, FitRequest, HYPHEN, SetLine, Word, block_height, icon_text, place,
    widest, words,
};

/// Letters a hyphenated word keeps before the hyphen, and carries after it
/// (TeX's `\lefthyphenmin` and `\righthyphenmin`).
pub const LETTERS_BEFORE: usize = 2;
pub const LETTERS_AFTER: usize = 3;

/// How the lines of a paragraph meet the right edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    /// Flush at both edges, the spaces stretched or shrunk (last lines natural).
    Justified,
    /// Flush left, the right edge ragged.
    Ragged,
}

/// A space stretches by half its width (TeX's Computer Modern has 3.33pt
/// plus 1.67pt minus 1.11pt) and shrinks by a little more than TeX's third,
/// to 0.58 of it: the room that lets a paragraph take fewer hyphens and
/// fewer loose lines than typst's (bench/linequality).
const SPACE_STRETCH: f32 = 0.5;
const SPACE_SHRINK: f32 = 0.42;
/// The ragged edge's stretch, in ems (TeX's `\raggedright` has 2em).
const RAGGED_STRETCH: f32 = 2.0;

/// Sets `req.text` at `req.size` (no shrinking) by total fit, breaking words
/// at the byte offsets `hyphenate` gives for them (keeping at least
/// [`LETTERS_BEFORE`] and [`LETTERS_AFTER`] letters) where that sets the
/// paragraph better; never a hyphen before a paragraph's last line nor
/// two in a row.
pub fn fit_paragraph(
    req: &FitRequest<'_>,
    book: &FontBook,
    hyphenate: &dyn Fn(&str) -> Vec<usize>,
    edge: Edge,
) -> Result<Fit, FitError> {
    let (text, icons) = icon_text(req.text, book);
    let req = &FitRequest {
        text: &text,
        ..*req
    };
    let (mut arena, mut words) = words(req, book)?;
    let base = book.face(req.family.face(req.style));
    let ascent = base.ascender / base.units_per_em;
    let descent = -base.descender / base.units_per_em;
    let size = req.size;
    let lines = break_paragraph(
        &mut arena,
        &mut words,
        req.width / size,
        book,
        hyphenate,
        edge,
    );
    let block = block_height(lines.len(), size, req.leading, ascent, descent);
    let widest = widest(&words, size);
    if block > req.height + 1e-3 || widest > req.width + 1e-3 {
        return Err(FitError::Overflow {
            needed_height: block,
            widest_word: widest,
        });
    }
    Ok(Fit {
        icons,
        ..place(req, book, &arena, &words, &lines, size, ascent, block)
    })
}

/// Where a break lies: after word `word` (at its space, or the text's end),
/// or inside it at byte `at` of its text.
#[derive(Clone, Copy)]
struct Place {
    word: usize,
    at: Option<usize>,
}

/// The lines of the paragraph (words split where hyphenated), at size 1 in
/// `width`. TeX's passes: first without hyphens and a strict tolerance, then
/// with hyphens, then taking any lines that do not overfill; a word too wide
/// for any line leaves one word a line (the caller reports the overflow).
fn break_paragraph(
    arena: &mut Arena,
    words: &mut Vec<Word>,
    width: f32,
    book: &FontBook,
    hyphenate: &dyn Fn(&str) -> Vec<usize>,
    edge: Edge,
) -> Vec<SetLine> {
    if words.is_empty() {
        return Vec::new();
    }
    let line_stretch = match edge {
        Edge::Justified => 0.0,
        Edge::Ragged => RAGGED_STRETCH,
    };
    let measure = |tolerance, hyphens| Measure {
        width,
        line_stretch,
        tolerance,
        hyphens,
    };
    let (breaks, places) = measure_breaks(arena, words, book, None, edge);
    if let Some(chosen) = total_fit(&breaks, measure(Some(100.0), false)) {
        return set_lines(arena, words, book, &places, &chosen, width, edge);
    }
    let texts: Vec<String> = words.iter().map(|w| word_text(arena, w)).collect();
    let points: Vec<Vec<usize>> = texts
        .iter()
        .enumerate()
        .map(|(i, text)| {
            // A capital that only starts a sentence is no name's: the word
            // breaks as it would in the sentence's middle.
            let starts_sentence = i == 0 || ends_sentence(&texts[i - 1]);
            match starts_sentence.then(|| uncapitalised(text)).flatten() {
                Some(lower) => allowed_points(&lower, hyphenate),
                None => allowed_points(text, hyphenate),
            }
        })
        .collect();
    let (breaks, places) = measure_breaks(arena, words, book, Some(&points), edge);
    let chosen = total_fit(&breaks, measure(Some(300.0), true))
        .or_else(|| total_fit(&breaks, measure(None, true)));
    match chosen {
        Some(chosen) => set_lines(arena, words, book, &places, &chosen, width, edge),
        None => (0..words.len())
            .map(|i| SetLine {
                words: i..i + 1,
                spacing: 0.0,
            })
            .collect(),
    }
}

/// The word's text (all its fragments).
fn word_text(arena: &Arena, word: &Word) -> String {
    arena
        .fragments(word)
        .iter()
        .map(|f| arena.text(f))
        .collect()
}

/// Whether a word ends a sentence: a full stop, question or exclamation
/// mark, before any closing quotation marks and brackets.
fn ends_sentence(word: &str) -> bool {
    word.trim_end_matches(['"', '\'', '”', '’', '»', '“', ')', ']', '\u{a0}'])
        .ends_with(['.', '!', '?', '…'])
}

/// `word` with its first letter lower-cased when that is a capital and the
/// rest is not all capitals (an abbreviation), at the same byte offsets;
/// None when there is nothing to lower.
fn uncapitalised(word: &str) -> Option<String> {
    let (at, first) = word.char_indices().find(|(_, c)| c.is_alphabetic())?;
    let rest = &word[at + first.len_utf8()..];
    if !first.is_uppercase() || !rest.chars().any(char::is_lowercase) {
        return None;
    }
    let mut lower = first.to_lowercase();
    let one = lower.next()?;
    (lower.next().is_none() && one.len_utf8() == first.len_utf8())
        .then(|| format!("{}{one}{rest}", &word[..at]))
}

/// The hyphenation points of a word that keep enough letters on each side.
fn allowed_points(word: &str, hyphenate: &dyn Fn(&str) -> Vec<usize>) -> Vec<usize> {
    let mut points = hyphenate(word);
    points.sort_unstable();
    points.dedup();
    points.retain(|&p| {
        word.is_char_boundary(p)
            && word[..p].chars().filter(|c| c.is_alphabetic()).count() >= LETTERS_BEFORE
            && word[p..].chars().filter(|c| c.is_alphabetic()).count() >= LETTERS_AFTER
    });
    points
}

/// The places a line may end, measured at size 1, and where each lies.
fn measure_breaks(
    arena: &Arena,
    words: &[Word],
    book: &FontBook,
    points: Option<&[Vec<usize>]>,
    edge: Edge,
) -> (Vec<Break>, Vec<Place>) {
    // One break a word and one a hyphenation point, the start besides:
    // sized once, not grown as the paragraph is measured.
    let count = 1 + words.len() + points.map_or(0, |p| p.iter().map(Vec::len).sum());
    let mut breaks = Vec::with_capacity(count);
    breaks.push(Break::START);
    let mut places = Vec::with_capacity(count);
    places.push(Place { word: 0, at: None });
    let (mut x, mut stretch, mut shrink) = (0.0, 0.0, 0.0);
    for (i, word) in words.iter().enumerate() {
        for &at in points.and_then(|p| p.get(i)).map_or(&[][..], |p| &p[..]) {
            let (before, hyphen) = prefix_width(arena, word, at, book);
            breaks.push(Break {
                kind: BreakKind::Hyphen,
                end: x + before,
                start: x + before,
                stretch_end: stretch,
                stretch_start: stretch,
                shrink_end: shrink,
                shrink_start: shrink,
                hyphen,
            });
            places.push(Place {
                word: i,
                at: Some(at),
            });
        }
        x += word.unit_width;
        let next = words.get(i + 1);
        let kind = match next {
            Some(n) if !n.breaks_before => BreakKind::Space,
            _ => BreakKind::Forced,
        };
        let space = word.space_after;
        let (st, sh) = match edge {
            Edge::Justified => (space * SPACE_STRETCH, space * SPACE_SHRINK),
            Edge::Ragged => (0.0, 0.0),
        };
        breaks.push(Break {
            kind,
            end: x,
            start: x + space,
            stretch_end: stretch,
            stretch_start: stretch + st,
            shrink_end: shrink,
            shrink_start: shrink + sh,
            hyphen: 0.0,
        });
        places.push(Place { word: i, at: None });
        x += space;
        stretch += st;
        shrink += sh;
    }
    (breaks, places)
}

/// The width at size 1 of a word's first `at` bytes as shaped (a ligature
/// across the break counted by its share of letters), and of the hyphen
/// set after them.
fn prefix_width(arena: &Arena, word: &Word, at: usize, book: &FontBook) -> (f32, f32) {
    let mut offset = 0;
    let mut before = 0.0;
    let mut hyphen = 0.0;
    for frag in arena.fragments(word) {
        let face = book.face(frag.face);
        for (chars, glyph) in super::shape::clusters(arena.text(frag), arena.glyphs(frag)) {
            let n = chars.chars().count().max(1) as f32;
            for c in chars.chars() {
                if offset >= at {
                    return (before, hyphen);
                }
                offset += c.len_utf8();
                before += glyph.advance / face.units_per_em / n;
                hyphen =
                    hyphen_glyph(face).map_or(0.0, |(_, g)| face.advance(g) / face.units_per_em);
            }
        }
    }
    (before, hyphen)
}

/// The hyphen a face sets: U+2010 if it has one, else the hyphen-minus.
fn hyphen_glyph(face: &super::font::Face) -> Option<(char, u16)> {
    face.glyph(HYPHEN)
        .map(|g| (HYPHEN, g))
        .or_else(|| face.glyph('-').map(|g| ('-', g)))
}

/// The chosen lines as word ranges, the hyphenated words split (and
/// reshaped) where they break, each line's spaces set to fill `width` when
/// justified (a last line, and a ragged one, at their natural width unless
/// that overfills).
fn set_lines(
    arena: &mut Arena,
    words: &mut Vec<Word>,
    book: &FontBook,
    places: &[Place],
    chosen: &[super::linebreak::Chosen],
    width: f32,
    edge: Edge,
) -> Vec<SetLine> {
    let mut cuts: Vec<Vec<usize>> = vec![Vec::new(); words.len()];
    for c in chosen {
        let place = places[c.end];
        if let Some(at) = place.at {
            cuts[place.word].push(at);
        }
    }
    // The split words, and where each old word's parts start.
    let mut split: Vec<Word> = Vec::with_capacity(words.len() + chosen.len());
    let mut first_part = Vec::with_capacity(words.len());
    for (word, at) in words.iter().zip(&cuts) {
        first_part.push(split.len());
        if at.is_empty() {
            split.push(word.clone());
        } else {
            split.extend(split_word(arena, word, at, book));
        }
    }
    *words = split;
    let mut lines = Vec::with_capacity(chosen.len());
    let mut start = 0;
    for c in chosen {
        let place = places[c.end];
        let end = match place.at {
            Some(at) => {
                let k = cuts[place.word].iter().position(|&p| p == at).unwrap_or(0);
                first_part[place.word] + k + 1
            }
            None => first_part[place.word] + cuts[place.word].len() + 1,
        };
        let on_line = &words[start..end];
        let spaces: f32 = on_line[..on_line.len().saturating_sub(1)]
            .iter()
            .map(|w| w.space_after)
            .sum();
        let natural = on_line.iter().map(|w| w.unit_width).sum::<f32>() + spaces;
        let last =
            places[c.end].at.is_none() && words.get(end).is_none_or(|next| next.breaks_before);
        // A line with an inline icon keeps its natural spacing: the icon is
        // drawn over a gap in the text, and text extraction (poppler) takes
        // that gap, widened, for a column gutter.
        let icon = on_line.iter().any(|w| {
            arena
                .fragments(w)
                .iter()
                .any(|f| arena.text(f).contains(ICON))
        });
        let fill = edge == Edge::Justified && !last && !icon;
        let spacing = if spaces > 0.0 && (fill || natural > width) {
            // Never shrink a space below half its width, whatever the rounding.
            ((width - natural) / spaces).max(-0.5)
        } else {
            0.0
        };
        lines.push(SetLine {
            words: start..end,
            spacing,
        });
        start = end;
    }
    lines
}

/// A word cut at byte offsets `at` (ascending) into parts, each but the last
/// ending in a hyphen, each part's fragments shaped anew.
fn split_word(arena: &mut Arena, word: &Word, at: &[usize], book: &FontBook) -> Vec<Word> {
    let fragments: Vec<(usize, std::ops::Range<usize>)> = arena
        .fragments(word)
        .iter()
        .map(|f| (f.face, f.text.clone()))
        .collect();
    let word_start = fragments.first().map_or(0, |(_, r)| r.start);
    let mut bounds = vec![0];
    bounds.extend_from_slice(at);
    bounds.push(fragments.last().map_or(0, |(_, r)| r.end) - word_start);
    let mut parts = Vec::with_capacity(at.len() + 1);
    for (k, part) in bounds.windows(2).enumerate() {
        let last = k + 2 == bounds.len();
        let (from, to) = (word_start + part[0], word_start + part[1]);
        let first_fragment = arena.fragments.len();
        let mut unit_width = 0.0;
        let pieces: Vec<(usize, std::ops::Range<usize>)> = fragments
            .iter()
            .filter(|(_, r)| r.start < to && r.end > from)
            .map(|(face, r)| (*face, r.start.max(from)..r.end.min(to)))
            .collect();
        for (n, (face, range)) in pieces.iter().enumerate() {
            let mut text = arena.text[range.clone()].to_string();
            if !last && n + 1 == pieces.len() {
                text.push(hyphen_glyph(book.face(*face)).map_or('-', |(c, _)| c));
            }
            arena.push_shaped(book, *face, &text);
            unit_width += arena.fragments.last().map_or(0.0, |f| f.unit_width);
        }
        parts.push(Word {
            fragments: first_fragment..arena.fragments.len(),
            unit_width,
            space_after: word.space_after,
            space_glyph: word.space_glyph,
            breaks_before: k == 0 && word.breaks_before,
        });
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Align, Style, VAlign};
    use crate::text::{Family, Line};

    fn request<'a>(text: &'a str, family: &'a Family, width: f32) -> FitRequest<'a> {
        FitRequest {
            text,
            family,
            style: Style::Regular,
            width,
            height: 1000.0,
            size: 10.0,
            min_size: 10.0,
            leading: 1.2,
            align: Align::Left,
            valign: VAlign::Top,
        }
    }

    fn text(line: &Line) -> String {
        line.runs
            .iter()
            .map(|r| r.text.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn right(line: &Line) -> f32 {
        line.runs.iter().map(|r| r.x + r.width).fold(0.0, f32::max)
    }

    const EFFECT: &str = "One infantry unit in any sector you occupy may build a minefield: place this card in that sector, where it stays until an enemy unit clears it at the cost of one action.";

    /// A capitalised word that starts a sentence (or the paragraph) breaks
    /// as it would in the middle of one; one inside a sentence is a name
    /// and is left whole.
    #[test]
    fn a_capital_that_starts_a_sentence_does_not_stop_a_break() {
        let russian = crate::text::hyphenate::language("ru").expect("patterns");
        let breaks = |w: &str| crate::text::hyphenate::break_points(russian, w);
        let asked: std::cell::RefCell<Vec<String>> = Default::default();
        let hyphenate = |w: &str| {
            asked.borrow_mut().push(w.to_string());
            breaks(w)
        };
        let book = crate::text::sans_test_book();
        let family = book.families[0].clone();
        let words = "Достопримечательности определяются правилами. \
                    Взаимодействия подразделений и Наполеона";
        let fit = fit_paragraph(
            &request(words, &family, 100.0),
            &book,
            &hyphenate,
            Edge::Justified,
        )
        .expect("fits");
        let first = text(&fit.lines[0]);
        assert!(
            first.ends_with(['-', '\u{2010}', '\u{ad}']),
            "the first word breaks: {first}"
        );
        let asked = asked.into_inner();
        assert!(
            asked.contains(&"достопримечательности".to_string()),
            "{asked:?}"
        );
        assert!(asked.contains(&"взаимодействия".to_string()), "{asked:?}");
        assert!(
            asked.contains(&"Наполеона".to_string()),
            "the name mid-sentence: {asked:?}"
        );
        assert_eq!(uncapitalised("«Napoleon"), Some("«napoleon".to_string()));
        assert_eq!(uncapitalised("NATO"), None);
        assert!(ends_sentence("alors.»") && ends_sentence("end?”") && !ends_sentence("and,"));
    }

    #[test]
    fn justified_lines_are_flush_at_both_edges_but_the_last() {
        let book = crate::text::sans_test_book();
        let family = book.families[0].clone();
        let no_breaks = |_: &str| Vec::new();
        let fit = fit_paragraph(
            &request(EFFECT, &family, 150.0),
            &book,
            &no_breaks,
            Edge::Justified,
        )
        .expect("fits");
        let (last, rest) = fit.lines.split_last().expect("lines");
        assert!(rest.len() >= 3);
        for line in rest {
            assert!(
                (right(line) - 150.0).abs() < 0.01,
                "{}: {}",
                text(line),
                right(line)
            );
            assert!((line.width - 150.0).abs() < 0.01);
        }
        // The last line is not stretched: its spaces are the font's own
        // at most (shrunk where that saves a line).
        let face = book.face(family.regular);
        let space = face.glyph(' ').map(|g| face.advance(g)).expect("a space");
        let spaces: Vec<f32> = last
            .runs
            .iter()
            .flat_map(|run| crate::text::clusters(&run.text, &run.glyphs))
            .filter(|(chars, _)| *chars == " ")
            .map(|(_, g)| g.advance)
            .collect();
        assert!(!spaces.is_empty(), "{}", text(last));
        assert!(
            spaces.iter().all(|a| *a <= space + 1e-3),
            "the last line is not stretched: {spaces:?}"
        );
        let all: Vec<String> = fit.lines.iter().map(text).collect();
        assert_eq!(all.join(" "), EFFECT);
        // Ragged: the same words at their natural spacing, within the width.
        let ragged = fit_paragraph(
            &request(EFFECT, &family, 150.0),
            &book,
            &no_breaks,
            Edge::Ragged,
        )
        .expect("fits");
        for line in &ragged.lines {
            assert!(right(line) <= 150.0 + 1e-3);
        }
        assert!(ragged.lines.iter().any(|l| right(l) < 145.0));
    }

    #[test]
    fn a_word_breaks_where_that_sets_better_never_before_a_last_line() {
        let book = crate::text::sans_test_book();
        let family = book.families[0].clone();
        let face = book.face(0);
        let split = |w: &str| {
            if w.len() == 10 {
                vec![1, 5, 8]
            } else {
                Vec::new()
            }
        };
        let width = face.width("aaaa bbbbb", 10.0) + 6.0;
        // The rest would be the last line: the word moves whole.
        let req = request("aaaa bbbbbbbbbb", &family, width);
        let fit = fit_paragraph(&req, &book, &split, Edge::Ragged).expect("fits");
        let lines: Vec<String> = fit.lines.iter().map(text).collect();
        assert_eq!(lines, vec!["aaaa", "bbbbbbbbbb"]);
        // With more after it the break is taken, at the one point that keeps
        // two letters before and three after it.
        let req = request("aaaa bbbbbbbbbb cc dd ee ff", &family, width);
        let fit = fit_paragraph(&req, &book, &split, Edge::Ragged).expect("fits");
        let lines: Vec<String> = fit.lines.iter().map(text).collect();
        assert_eq!(lines[0], format!("aaaa bbbbb{HYPHEN}"), "{lines:?}");
        assert!(lines[1].starts_with("bbbbb"), "{lines:?}");
        assert_eq!(allowed_points("bbbbbbbbbb", &split), vec![5]);
    }
}
