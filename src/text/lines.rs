//! Text: a plain string broken into lines of one face within a width —
//! greedily at its spaces, a word wider than the width on a line of its
//! own — for the short texts set line by line (a map sheet's note, a map
//! legend's summaries). Rich text in a box is [`super::fit_text`]'s.

use super::font::{FaceId, FontBook};

/// `text` set in `face` at `size` in lines no wider than `width` where
/// its words allow; a word the face lacks a character of is measured with
/// the glyph it would be set with.
pub fn lines_within(
    book: &FontBook,
    face: FaceId,
    size: f32,
    text: &str,
    width: f32,
) -> Vec<String> {
    let f = book.face(face);
    let fits = |line: &str| {
        let units: f32 = f.shape(line).iter().map(|g| g.advance).sum();
        units * size / f.units_per_em <= width
    };
    lines_that_fit(text, &fits)
}

/// `text` in lines that each `fits`, broken at its spaces (a word that
/// does not fit alone has a line of its own).
fn lines_that_fit(text: &str, fits: &dyn Fn(&str) -> bool) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(last) if fits(&format!("{last} {word}")) => {
                last.push(' ');
                last.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_too_long_for_a_line_is_broken_at_spaces_and_loses_no_word() {
        let fits = |t: &str| t.len() <= 12;
        let note = "one two three four fivefivefivefive six";
        let lines = lines_that_fit(note, &fits);
        assert_eq!(lines.join(" "), note);
        assert_eq!(lines.len(), 4, "{lines:?}");
        assert!(
            lines.iter().all(|l| fits(l) || !l.contains(' ')),
            "{lines:?}"
        );
    }

    #[test]
    fn lines_of_a_face_are_within_the_width_and_as_full_as_they_can_be() {
        let book = crate::text::sans_test_book();
        let face = book.face(0);
        let measure = |s: &str| {
            let units: f32 = face.shape(s).iter().map(|g| g.advance).sum();
            units * 8.0 / face.units_per_em
        };
        let text = "Each sheet overlaps the next by half an inch: trim on the marks and lay them edge to edge.";
        let width = 120.0;
        let lines = lines_within(&book, 0, 8.0, text, width);
        assert!(lines.len() > 2, "{lines:?}");
        assert_eq!(lines.join(" "), text);
        for pair in lines.windows(2) {
            assert!(measure(&pair[0]) <= width, "{pair:?}");
            // The next line's first word did not fit on this one.
            let first = pair[1].split(' ').next().unwrap_or_default();
            assert!(measure(&format!("{} {first}", pair[0])) > width, "{pair:?}");
        }
    }
}
