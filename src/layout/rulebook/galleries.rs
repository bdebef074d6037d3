//! Layout stage, rulebook galleries: from a `card` or `deck` shortcode's
//! cards at their printed size, to the size they are set at in a column
//! (one more to a row, or a row more to a column, where a little smaller
//! allows it) and their faces scaled to it, set in rows across the columns.

use super::columns::Frame;
use super::pieces::{Piece, card_rows};
use super::{CARD_GAP, Gallery};
use crate::layout::card::CardFace;

/// The least a gallery's cards are scaled to, to sit one more to a row.
pub(super) const GALLERY_MIN_SCALE: f32 = 0.6;

/// The least a gallery's cards are scaled down further (as a share of the
/// size the row gives them) so that one more row fills a column's foot.
pub(super) const GALLERY_FILL_SCALE: f32 = 0.85;

/// A gallery's cards set in the column, one more to a row than fit at the
/// size they print when that keeps them at least [`GALLERY_MIN_SCALE`] of
/// it (two poker cards to a column of a two-column page, three to a row of
/// a one-column page), else as they print; cards wider than the column are
/// scaled to fit it. The scale is chosen from the whole gallery, not page
/// by page: a gallery that runs over a page, where the rows leave a
/// column's foot blank and a little less (down to [`GALLERY_FILL_SCALE`])
/// lets one more row in, takes that size and fills its pages to their
/// foot; one that takes less than a page keeps the size its row gives
/// (shrinking would fill no page). `across` is how many columns a row
/// runs across (see [`rows_across`]).
/// Returns the size they are set at and their faces.
pub(super) fn compact_gallery(
    gallery: &Gallery,
    width: f32,
    height: f32,
    across: usize,
) -> ((f32, f32, f32), Vec<(String, CardFace)>) {
    let (w, h, radius) = gallery.size;
    let fit = |n: f32| (width - (n - 1.0) * CARD_GAP) / n / w.max(1e-3);
    let at_full = ((width + CARD_GAP) / (w + CARD_GAP)).floor();
    let by_row = if at_full < 1.0 {
        fit(1.0)
    } else if fit(at_full + 1.0) >= GALLERY_MIN_SCALE {
        fit(at_full + 1.0)
    } else {
        1.0
    }
    .min(1.0);
    let pages =
        |scale: f32| gallery_pages(gallery.cards.len(), (w, h), scale, (width, height), across);
    let scale = gallery_fill_scale(h, height, by_row)
        .filter(|_| pages(by_row) > 1)
        .unwrap_or(by_row);
    let cards = gallery
        .cards
        .iter()
        .map(|(title, face)| {
            (
                title.clone(),
                CardFace {
                    items: face.items.iter().map(|i| i.scaled(scale)).collect(),
                },
            )
        })
        .collect();
    ((w * scale, h * scale, radius * scale), cards)
}

/// How many pages (from a page's top) `count` cards (`w` by `h` as they print) at `scale` take
/// in rows across `across` columns `width` wide and `height` high.
fn gallery_pages(
    count: usize,
    (w, h): (f32, f32),
    scale: f32,
    (width, height): (f32, f32),
    across: usize,
) -> usize {
    let fit = |room: f32, size: f32| {
        (((room + CARD_GAP) / (size * scale + CARD_GAP)).floor() as usize).max(1)
    };
    let per_row = fit(width, w) * across.max(1);
    let rows = count.div_ceil(per_row);
    rows.div_ceil(fit(height, h))
}

/// The scale, a little under `scale`, at which cards `h` high sit one row
/// more to a column `height` high than at `scale`, filling it (a hair short,
/// so rounding never pushes the last row over); none when that takes them
/// under [`GALLERY_FILL_SCALE`] of `scale`.
pub(super) fn gallery_fill_scale(h: f32, height: f32, scale: f32) -> Option<f32> {
    let rows = ((height + CARD_GAP) / (h * scale + CARD_GAP)).floor();
    if rows < 1.0 || h <= 0.0 {
        return None;
    }
    let filling = (height - rows * CARD_GAP) / ((rows + 1.0) * h) * 0.999;
    (filling >= GALLERY_FILL_SCALE * scale && filling < scale).then_some(filling)
}

/// A gallery's cards (`size` each) in rows across the page's columns, in
/// reading order: each row fills the first column's place for cards, then
/// the next column's, each card within a column as in a column's own rows;
/// one column's rows are the column's. With two or more columns each row
/// spans the page (the columns set so far start again below it).
pub(super) fn rows_across(
    cards: &[(String, CardFace)],
    size: (f32, f32, f32),
    frame: Frame,
) -> Vec<Piece> {
    let columns = frame.columns.max(1);
    if columns == 1 {
        return card_rows(cards, size, frame.column_width, CARD_GAP);
    }
    let per_column =
        (((frame.column_width + CARD_GAP) / (size.0 + CARD_GAP)).floor() as usize).max(1);
    cards
        .chunks(per_column * columns)
        .enumerate()
        .map(|(n, row)| {
            let mut piece = Piece {
                height: size.1,
                gap: CARD_GAP,
                full_width: true,
                follows_across: n > 0,
                ..Piece::default()
            };
            for (k, part) in row.chunks(per_column).enumerate() {
                let x = k as f32 * (frame.column_width + frame.gutter);
                for one in card_rows(part, size, frame.column_width, CARD_GAP) {
                    piece
                        .items
                        .extend(one.items.iter().map(|i| i.translated(x, 0.0)));
                    piece.anchors.extend(one.anchors.into_iter().map(|mut a| {
                        a.x += x;
                        a
                    }));
                }
            }
            piece
        })
        .collect()
}
