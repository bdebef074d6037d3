//! Layout (rulebook): inline icons in the prose — `:sword:` read as one
//! placeholder character (so the line breaker gives it room) and, once the
//! lines are set, the placeholder replaced by the icon drawn at its place.

use super::pieces::Piece;
use crate::layout::doc::{Item, TextItem};
use crate::model::Icon;
use crate::text::FontBook;

/// Stands for an icon while the text is set: a square glyph every face has.
pub const ICON: char = '\u{25A0}';

/// `text` cut at the `:name:` of every known icon: (plain text, icon) parts.
pub fn split_icons<'a>(text: &'a str, known: &[&str]) -> Vec<(&'a str, Option<&'a str>)> {
    let mut parts = Vec::new();
    let mut rest = text;
    let mut plain_start = 0;
    let mut at = 0;
    while let Some(open) = rest[at..].find(':').map(|k| at + k) {
        let after = &rest[open + 1..];
        let name_len = after
            .find(':')
            .filter(|&n| n > 0 && known.contains(&&after[..n]));
        match name_len {
            Some(n) => {
                parts.push((&rest[plain_start..open], Some(&after[..n])));
                rest = &after[n + 1..];
                plain_start = 0;
                at = 0;
            }
            None => at = open + 1,
        }
    }
    parts.push((&rest[plain_start..], None));
    parts
}

/// Replaces each placeholder of the set lines, in order, by the icon named
/// in `names`: the text around it stays where it was, the icon fills the
/// placeholder's advance, sitting on the baseline.
pub fn place_icons(pieces: &mut [Piece], names: &[String], icons: &[Icon], book: &FontBook) {
    if names.is_empty() {
        return;
    }
    let mut next = names.iter();
    for piece in pieces {
        let items = std::mem::take(&mut piece.items);
        for item in items {
            match item {
                Item::Text(t) if t.text.contains(ICON) => {
                    split_run(t, &mut next, icons, book, &mut piece.items)
                }
                other => piece.items.push(other),
            }
        }
    }
}

fn split_run<'a>(
    run: TextItem,
    names: &mut impl Iterator<Item = &'a String>,
    icons: &[Icon],
    book: &FontBook,
    out: &mut Vec<Item>,
) {
    let face = book.face(run.face);
    let scale = run.size / face.units_per_em;
    let mut x = run.x;
    let mut part = TextItem {
        text: String::new(),
        glyphs: Vec::new(),
        width: 0.0,
        ..run.clone()
    };
    for (c, g) in run.text.chars().zip(&run.glyphs) {
        let w = face.advance(*g) * scale;
        if c == ICON {
            flush(&mut part, x, out);
            let size = run.size * 0.95;
            if let Some(icon) = names
                .next()
                .and_then(|name| icons.iter().find(|i| i.name == *name))
            {
                out.push(Item::Fill {
                    path: icon.placed(x + (w - size) / 2.0, run.y - size * 0.85, size),
                    gray: 0.0,
                });
            }
        } else {
            part.text.push(c);
            part.glyphs.push(*g);
            part.width += w;
        }
        x += w;
    }
    flush(&mut part, x, out);
}

/// Emits the text gathered so far (ending at `x`) and starts a new part there.
fn flush(part: &mut TextItem, x: f32, out: &mut Vec<Item>) {
    if !part.glyphs.is_empty() {
        let mut done = part.clone();
        done.x = x - part.width;
        out.push(Item::Text(done));
    }
    part.text.clear();
    part.glyphs.clear();
    part.width = 0.0;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_icon_names_are_cut_out_of_the_text() {
        let known = ["sword", "shield"];
        assert_eq!(
            split_icons("a :sword: b :x: c :shield:", &known),
            [
                ("a ", Some("sword")),
                (" b :x: c ", Some("shield")),
                ("", None)
            ]
        );
        assert_eq!(split_icons("12:30 :: x", &known), [("12:30 :: x", None)]);
    }
}
