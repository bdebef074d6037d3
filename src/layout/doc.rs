//! Layout: the positioned document every renderer draws — pages of text runs
//! (glyphs already chosen and placed) and strokes, in points, y down.

use crate::model::PathEl;
use crate::text::{FaceId, Fit, FontBook, Line};

/// A run of glyphs at a baseline position.
#[derive(Clone, Debug, PartialEq)]
pub struct TextItem {
    pub x: f32,
    /// Baseline, from the page's top edge.
    pub y: f32,
    pub face: FaceId,
    pub size: f32,
    /// The characters, one per glyph.
    pub text: String,
    pub glyphs: Vec<u16>,
    pub width: f32,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    Text(TextItem),
    /// A straight stroke; `dash` is (on, off) lengths.
    Line {
        x1: f32,
        y1: f32,
        x2: f32,
        y2: f32,
        width: f32,
        dash: Option<(f32, f32)>,
    },
    /// A stroked rectangle with rounded corners (radius 0 = square).
    Rect {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        radius: f32,
        width: f32,
    },
    /// A filled outline (an icon), in page points, y down; `gray` 0 = black, 1 = white.
    Fill {
        path: Vec<PathEl>,
        gray: f32,
    },
    /// A filled outline in a colour (red, green, blue, each 0 to 1): a die's
    /// colour, a side's colour on a counter.
    Paint {
        path: Vec<PathEl>,
        rgb: [f32; 3],
    },
    /// A filled rectangle in a grey (0 = black, 1 = white): table shading, title bars.
    Shade {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        gray: f32,
    },
    /// A filled outline in a colour, cut off at a rectangle `clip` (x, y, w,
    /// h): background art that may run past a card's edge stops at its trim
    /// or bleed edge.
    Art {
        path: Vec<PathEl>,
        rgb: [f32; 3],
        clip: [f32; 4],
    },
    /// A run of glyphs in a colour (red, green, blue, 0 to 1) rather than
    /// black: a die's letter on the die's own colour.
    Tinted {
        text: TextItem,
        rgb: [f32; 3],
    },
}

impl Item {
    /// The glyphs of a text item and, for coloured text, its colour.
    pub fn glyph_run(&self) -> Option<(&TextItem, Option<[f32; 3]>)> {
        match self {
            Item::Text(t) => Some((t, None)),
            Item::Tinted { text, rgb } => Some((text, Some(*rgb))),
            _ => None,
        }
    }

    /// Moves the item by (dx, dy) in place.
    pub fn translate(&mut self, dx: f32, dy: f32) {
        match self {
            Item::Text(t) => {
                t.x += dx;
                t.y += dy;
            }
            Item::Line { x1, y1, x2, y2, .. } => {
                *x1 += dx;
                *y1 += dy;
                *x2 += dx;
                *y2 += dy;
            }
            Item::Rect { x, y, .. } => {
                *x += dx;
                *y += dy;
            }
            Item::Fill { path, .. } | Item::Paint { path, .. } => {
                for el in path.iter_mut() {
                    *el = el.map(|x, y| (x + dx, y + dy));
                }
            }
            Item::Shade { x, y, .. } => {
                *x += dx;
                *y += dy;
            }
            Item::Art { path, clip, .. } => {
                for el in path.iter_mut() {
                    *el = el.map(|x, y| (x + dx, y + dy));
                }
                clip[0] += dx;
                clip[1] += dy;
            }
            Item::Tinted { text, .. } => {
                text.x += dx;
                text.y += dy;
            }
        }
    }

    /// The same item moved by (dx, dy).
    pub fn translated(&self, dx: f32, dy: f32) -> Item {
        match self {
            Item::Text(t) => Item::Text(TextItem {
                x: t.x + dx,
                y: t.y + dy,
                ..t.clone()
            }),
            Item::Line {
                x1,
                y1,
                x2,
                y2,
                width,
                dash,
            } => Item::Line {
                x1: x1 + dx,
                y1: y1 + dy,
                x2: x2 + dx,
                y2: y2 + dy,
                width: *width,
                dash: *dash,
            },
            Item::Rect {
                x,
                y,
                w,
                h,
                radius,
                width,
            } => Item::Rect {
                x: x + dx,
                y: y + dy,
                w: *w,
                h: *h,
                radius: *radius,
                width: *width,
            },
            Item::Fill { path, gray } => Item::Fill {
                path: path
                    .iter()
                    .map(|el| el.map(|x, y| (x + dx, y + dy)))
                    .collect(),
                gray: *gray,
            },
            Item::Paint { path, rgb } => Item::Paint {
                path: path
                    .iter()
                    .map(|el| el.map(|x, y| (x + dx, y + dy)))
                    .collect(),
                rgb: *rgb,
            },
            Item::Shade { x, y, w, h, gray } => Item::Shade {
                x: x + dx,
                y: y + dy,
                w: *w,
                h: *h,
                gray: *gray,
            },
            Item::Art { .. } | Item::Tinted { .. } => {
                let mut moved = self.clone();
                moved.translate(dx, dy);
                moved
            }
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Page {
    pub width: f32,
    pub height: f32,
    pub items: Vec<Item>,
}

/// A laid-out document: pages in order, and a title for its metadata.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Doc {
    pub title: String,
    pub pages: Vec<Page>,
}

/// A rectangle's outline as a path (for [`Item::Paint`]).
pub fn rect_path(x: f32, y: f32, w: f32, h: f32) -> Vec<PathEl> {
    vec![
        PathEl::MoveTo(x, y),
        PathEl::LineTo(x + w, y),
        PathEl::LineTo(x + w, y + h),
        PathEl::LineTo(x, y + h),
        PathEl::Close,
    ]
}

/// Text items for fitted lines in a box whose top-left is (left, top).
/// A fit's lines as items with the box's top-left at (`left`, `top`), its
/// inline icons drawn in place of their placeholders.
pub fn fit_items(fit: Fit, left: f32, top: f32, book: &FontBook) -> Vec<Item> {
    let Fit {
        lines, size, icons, ..
    } = fit;
    let items = text_items(lines, size, left, top);
    if icons.is_empty() {
        return items.collect();
    }
    let mut out = Vec::new();
    super::icons::draw_icons(items, &mut icons.iter(), &book.icons, book, &mut out);
    out
}

pub fn text_items(lines: Vec<Line>, size: f32, left: f32, top: f32) -> impl Iterator<Item = Item> {
    lines.into_iter().flat_map(move |line| {
        let baseline = line.baseline;
        line.runs.into_iter().map(move |run| {
            Item::Text(TextItem {
                x: left + run.x,
                y: top + baseline,
                face: run.face,
                size,
                text: run.text,
                glyphs: run.glyphs,
                width: run.width,
            })
        })
    })
}
