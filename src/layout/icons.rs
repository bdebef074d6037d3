//! Layout: inline icons drawn where text set them. The text engine sets a
//! known `:name:` as the placeholder [`ICON`]; here each placeholder of the
//! laid-out glyph runs is replaced by the icon's outline at its place, the
//! text around it staying where it was. Used by every text that is drawn
//! (cards, labels, aids, charts, counters, the rulebook).

use super::doc::{Geometry, Ink, Item, Role, TextItem, tagged};
use crate::model::Icon;
use crate::text::icons::ICON;
use crate::text::{FontBook, Glyph, clusters};

/// Replaces each placeholder in `items`, in order, by the icon named in
/// `names` (black glyph runs give black icons, tinted runs icons in their
/// colour); items without placeholders pass through.
pub fn draw_icons<'a>(
    items: impl IntoIterator<Item = Item>,
    names: &mut impl Iterator<Item = &'a String>,
    icons: &[Icon],
    book: &FontBook,
    out: &mut Vec<Item>,
) {
    for item in items {
        match item {
            Item::Text(t) if t.text.contains(ICON) => split_run(t, names, icons, book, out),
            other => out.push(other),
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
    let mut part = Part::default();
    for (chars, g) in clusters(&run.text, &run.glyphs) {
        let w = g.advance * scale;
        if chars.contains(ICON) {
            part.flush(&run, x, out);
            let size = run.size * 0.95;
            if let Some(icon) = names
                .next()
                .and_then(|name| icons.iter().find(|i| i.name == *name))
            {
                let path = icon.placed(x + (w - size) / 2.0, run.y - size * 0.85, size);
                // A picture in the text, named for a reader who cannot see it.
                let shape = Geometry::Path(path).filled(run.ink.unwrap_or(Ink::BLACK));
                out.extend(tagged(Role::Figure(icon.name.clone()), [shape]));
            }
        } else {
            part.text.push_str(chars);
            part.glyphs.push(*g);
            part.width += w;
        }
        x += w;
    }
    part.flush(&run, x, out);
}

/// The text of a run gathered between its icons.
#[derive(Default)]
struct Part {
    text: String,
    glyphs: Vec<Glyph>,
    width: f32,
}

impl Part {
    /// Emits the text gathered so far (ending at `x`, in `run`'s face, size
    /// and ink) and starts a new part there.
    fn flush(&mut self, run: &TextItem, x: f32, out: &mut Vec<Item>) {
        if !self.glyphs.is_empty() {
            out.push(Item::Text(TextItem {
                x: x - self.width,
                text: std::mem::take(&mut self.text).into(),
                glyphs: std::mem::take(&mut self.glyphs).into(),
                width: self.width,
                ..run.clone()
            }));
        }
        // A part's text and glyphs grow together: taken above, or both empty.
        self.width = 0.0;
    }
}
