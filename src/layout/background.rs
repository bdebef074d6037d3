//! Layout: a card template's background — fill, icon art and border band —
//! as items relative to the card's top-left corner, run out `bleed` points
//! past the trim on every side (0 on butted home sheets, so the art stops at
//! the trim and never reaches the next card). Drawn before the card's frames
//! and text.

use super::card::CardFace;
use super::doc::{Geometry, Ink, Item, Shape, rect_path};
use crate::model::{Background, Icon, PathEl};

/// The background's items for a `width` x `height` card; `icon` finds an
/// art's icon by name (art whose icon is not found is left out: the plan
/// reports it).
pub fn lay_out_background<'a>(
    background: &Background,
    width: f32,
    height: f32,
    bleed: f32,
    icon: impl Fn(&str) -> Option<&'a Icon>,
) -> Vec<Item> {
    let edge = [-bleed, -bleed, width + 2.0 * bleed, height + 2.0 * bleed];
    let mut items = Vec::new();
    if let Some(rgb) = background.color {
        items.push(
            Geometry::Path(rect_path(edge[0], edge[1], edge[2], edge[3])).filled(Ink::Rgb(rgb)),
        );
    }
    for art in &background.art {
        if let Some(found) = icon(&art.icon.value) {
            items.push(Item::Shape(Shape {
                geometry: Geometry::Path(found.placed(art.left, art.top, art.size)),
                fill: Some(Ink::Rgb(art.color)),
                stroke: None,
                clip: Some(edge),
            }));
        }
    }
    if let Some(border) = &background.border {
        let inset = border.width.min(width / 2.0).min(height / 2.0);
        let mut band = rect_path(edge[0], edge[1], edge[2], edge[3]);
        // The inner edge runs the other way round, so the non-zero fill leaves it open.
        band.extend(reversed_rect(
            inset,
            inset,
            width - 2.0 * inset,
            height - 2.0 * inset,
        ));
        items.push(Geometry::Path(band).filled(Ink::Rgb(border.color)));
    }
    items
}

/// A rectangle traced anticlockwise (on a y-down page).
fn reversed_rect(x: f32, y: f32, w: f32, h: f32) -> Vec<PathEl> {
    vec![
        PathEl::MoveTo(x, y),
        PathEl::LineTo(x, y + h),
        PathEl::LineTo(x + w, y + h),
        PathEl::LineTo(x + w, y),
        PathEl::Close,
    ]
}

/// The face with `background` drawn first, behind everything it had.
pub fn with_background(face: CardFace, background: &[Item]) -> CardFace {
    let mut items = Vec::with_capacity(background.len() + face.items.len());
    items.extend_from_slice(background);
    items.extend(face.items);
    CardFace { items }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::{FileId, Loc};
    use crate::model::{Art, Border, Located};

    fn square() -> Icon {
        Icon {
            name: "square".into(),
            view_box: (0.0, 0.0, 10.0, 10.0),
            path: rect_path(0.0, 0.0, 10.0, 10.0),
        }
    }

    fn background() -> Background {
        Background {
            color: Some([1.0, 0.0, 0.0]),
            art: vec![Art {
                icon: Located::new("square".into(), Loc::new(FileId::default(), 0..0)),
                color: [0.0, 1.0, 0.0],
                left: 150.0,
                top: -20.0,
                size: 60.0,
            }],
            border: Some(Border {
                color: [0.0, 0.0, 1.0],
                width: 6.0,
            }),
        }
    }

    fn bounds(path: &[PathEl]) -> (f32, f32, f32, f32) {
        let mut b = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        for el in path {
            if let PathEl::MoveTo(x, y) | PathEl::LineTo(x, y) = *el {
                b = (b.0.min(x), b.1.min(y), b.2.max(x), b.3.max(y));
            }
        }
        b
    }

    #[test]
    fn fill_and_band_reach_the_bleed_and_art_is_cut_there() {
        let icon = square();
        for bleed in [0.0, 9.0] {
            let items = lay_out_background(&background(), 180.0, 252.0, bleed, |n| {
                (n == "square").then_some(&icon)
            });
            let shapes: Vec<&Shape> = items
                .iter()
                .filter_map(|i| match i {
                    Item::Shape(s) => Some(s),
                    Item::Text(_) | Item::Image(_) => None,
                })
                .collect();
            let [fill, art, band] = shapes[..] else {
                panic!("a fill, the art and the band: {items:?}")
            };
            let path = |s: &Shape| match &s.geometry {
                Geometry::Path(p) => bounds(p),
                other => panic!("not a path: {other:?}"),
            };
            let whole = (-bleed, -bleed, 180.0 + bleed, 252.0 + bleed);
            assert_eq!((path(fill), fill.clip), (whole, None));
            assert_eq!(
                art.clip,
                Some([-bleed, -bleed, 180.0 + 2.0 * bleed, 252.0 + 2.0 * bleed])
            );
            assert_eq!(band.fill, Some(Ink::Rgb([0.0, 0.0, 1.0])));
            assert_eq!(path(band), whole);
        }
    }

    #[test]
    fn art_with_an_unknown_icon_is_left_out() {
        let items = lay_out_background(&background(), 180.0, 252.0, 0.0, |_| None);
        assert!(
            !items
                .iter()
                .any(|i| matches!(i, Item::Shape(s) if s.clip.is_some()))
        );
    }
}
