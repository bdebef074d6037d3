//! Layout: the positioned document every renderer draws — pages of items
//! (runs of glyphs already chosen and placed, and shapes), in points, y down,
//! with tags marking where the elements of its logical structure start and
//! end. Layout's output and every renderer's input.

use std::sync::Arc;

use crate::model::{ImageFile, PathEl};
use crate::text::{FaceId, Fit, FontBook, Glyph, Line};

/// What a page is made of: a run of glyphs, a shape, or a picture; and
/// tags, which draw nothing.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    Text(TextItem),
    Shape(Shape),
    Image(ImageItem),
    Tag(Tag),
}

/// Where an element of the document's logical structure starts or ends in
/// the item stream (the items between are its content). Elements nest, and
/// one may run on across pages: the items of all pages, in order, are the
/// reading order. A tagged PDF ([`Doc::lang`]) is written from them; other
/// renderers draw nothing for them.
#[derive(Clone, Debug, PartialEq)]
pub enum Tag {
    Start(Role),
    /// Ends the element started last and not yet ended.
    End,
    /// The next element started at the top level is place `n` of the
    /// reading order: an element set later ([`Tag::Before`]) may belong
    /// before it.
    Anchor(usize),
    /// The next element started at the top level belongs in the reading
    /// order before the element of [`Tag::Anchor`] `n` (a figure set on
    /// the page after the text that follows it, as LaTeX floats one), if
    /// that came first; else where it stands.
    Before(usize),
}

/// What a structure element is (PDF's standard structure types).
#[derive(Clone, Debug, PartialEq)]
pub enum Role {
    /// A heading of level 1 to 6.
    Heading(u8),
    Paragraph,
    /// A list, an item of it, the item's marker and its body.
    List,
    ListItem,
    Label,
    ListBody,
    /// A table, its caption (title bar), its head (the rows above its body:
    /// header rows) and body, a row, a column's header cell, a row's header
    /// cell (a section band; the first cell of a row of a table without
    /// header rows: the roll, the modifier, the case) and a cell.
    Table,
    Caption,
    TableHead,
    TableBody,
    TableRow,
    TableHeader,
    RowHeader,
    TableCell,
    /// A picture (a card, a die) and the text that describes it to a reader
    /// who cannot see it.
    Figure(String),
    /// A callout set apart from the text (an example, a designer's note):
    /// a section holding its label and blocks.
    Callout,
    /// A block quote (Markdown `>`): the blocks it holds, set in.
    BlockQuote,
    /// A table of contents and one entry of it.
    Contents,
    ContentsEntry,
    /// Page furniture, not part of the text: a running head, a page number,
    /// a table's head repeated where it continues. Tags inside it are ignored.
    Artifact,
}

impl Item {
    /// A tag starting an element of `role`.
    pub fn start(role: Role) -> Item {
        Item::Tag(Tag::Start(role))
    }

    /// A tag ending the element started last.
    pub fn end() -> Item {
        Item::Tag(Tag::End)
    }
}

/// `items` as one element of `role`: its start tag, the items, its end tag.
pub fn tagged(role: Role, items: impl IntoIterator<Item = Item>) -> Vec<Item> {
    std::iter::once(Item::start(role))
        .chain(items)
        .chain(std::iter::once(Item::end()))
        .collect()
}

/// A picture (card art) drawn into a rectangle and cut off at a box with
/// rounded corners. Renderers draw the file once however often it appears.
#[derive(Clone, Debug, PartialEq)]
pub struct ImageItem {
    pub image: Arc<ImageFile>,
    /// Where the whole picture lands: x, y, w, h.
    pub rect: [f32; 4],
    /// What shows of it: x, y, w, h.
    pub clip: [f32; 4],
    /// The clip's corner radius.
    pub radius: f32,
}

/// A run of glyphs at a baseline position.
#[derive(Clone, Debug, PartialEq)]
pub struct TextItem {
    pub x: f32,
    /// Baseline, from the page's top edge.
    pub y: f32,
    pub face: FaceId,
    pub size: f32,
    /// The characters the glyphs stand for (each glyph says how many).
    /// Shared, like the glyphs: a text fitted once is placed on many cards
    /// and sheets, and a copy of the item then copies neither.
    pub text: Arc<str>,
    pub glyphs: Arc<[Glyph]>,
    pub width: f32,
    /// The ink it is printed in when not black: a die's letter on the die's
    /// own colour, a card region in its side's colour.
    pub ink: Option<Ink>,
}

/// A colour to print in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Ink {
    /// A grey: 0 = black, 1 = white.
    Gray(f32),
    /// Red, green and blue, each 0 to 1.
    Rgb([f32; 3]),
}

impl Ink {
    pub const BLACK: Ink = Ink::Gray(0.0);
}

/// An outline, filled, stroked or both, and cut off at a rectangle.
#[derive(Clone, Debug, PartialEq)]
pub struct Shape {
    pub geometry: Geometry,
    pub fill: Option<Ink>,
    pub stroke: Option<Stroke>,
    /// A rectangle (x, y, w, h) nothing of the shape shows outside: background
    /// art that runs past a card's edge stops at its trim or bleed edge.
    pub clip: Option<[f32; 4]>,
}

/// The outline of a shape.
#[derive(Clone, Debug, PartialEq)]
pub enum Geometry {
    /// A straight line: a rule, a crop mark, a fold line.
    Line { x1: f32, y1: f32, x2: f32, y2: f32 },
    /// A rectangle with rounded corners (radius 0 = square).
    Rect {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        radius: f32,
    },
    /// Any outline (an icon, a counter's side colour), filled non-zero.
    Path(Vec<PathEl>),
}

/// A black stroke `width` wide; `dash` is (on, off) lengths.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke {
    pub width: f32,
    pub dash: Option<(f32, f32)>,
}

impl Stroke {
    /// A solid stroke.
    pub fn solid(width: f32) -> Stroke {
        Stroke { width, dash: None }
    }
}

impl Geometry {
    pub fn line(x1: f32, y1: f32, x2: f32, y2: f32) -> Geometry {
        Geometry::Line { x1, y1, x2, y2 }
    }

    pub fn rect(x: f32, y: f32, w: f32, h: f32, radius: f32) -> Geometry {
        Geometry::Rect { x, y, w, h, radius }
    }

    /// The outline filled with `ink`.
    pub fn filled(self, ink: Ink) -> Item {
        Item::Shape(Shape {
            geometry: self,
            fill: Some(ink),
            stroke: None,
            clip: None,
        })
    }

    /// The outline stroked.
    pub fn stroked(self, stroke: Stroke) -> Item {
        Item::Shape(Shape {
            geometry: self,
            fill: None,
            stroke: Some(stroke),
            clip: None,
        })
    }

    fn translate(&mut self, dx: f32, dy: f32) {
        match self {
            Geometry::Line { x1, y1, x2, y2 } => {
                *x1 += dx;
                *y1 += dy;
                *x2 += dx;
                *y2 += dy;
            }
            Geometry::Rect { x, y, .. } => {
                *x += dx;
                *y += dy;
            }
            Geometry::Path(path) => {
                for el in path.iter_mut() {
                    *el = el.map(|x, y| (x + dx, y + dy));
                }
            }
        }
    }
}

impl Item {
    /// Moves the item by (dx, dy) in place.
    pub fn translate(&mut self, dx: f32, dy: f32) {
        match self {
            Item::Text(t) => {
                t.x += dx;
                t.y += dy;
            }
            Item::Image(i) => {
                for r in [&mut i.rect, &mut i.clip] {
                    r[0] += dx;
                    r[1] += dy;
                }
            }
            Item::Shape(s) => {
                s.geometry.translate(dx, dy);
                if let Some(clip) = &mut s.clip {
                    clip[0] += dx;
                    clip[1] += dy;
                }
            }
            Item::Tag(_) => {}
        }
    }

    /// The item scaled by `k` about the origin: positions, sizes, type
    /// sizes and stroke widths alike (a card shown smaller than it prints).
    pub fn scaled(&self, k: f32) -> Item {
        let mut item = self.clone();
        match &mut item {
            Item::Text(t) => {
                t.x *= k;
                t.y *= k;
                t.size *= k;
                t.width *= k;
            }
            Item::Image(i) => {
                for r in [&mut i.rect, &mut i.clip] {
                    for v in r.iter_mut() {
                        *v *= k;
                    }
                }
                i.radius *= k;
            }
            Item::Shape(s) => {
                match &mut s.geometry {
                    Geometry::Line { x1, y1, x2, y2 } => {
                        for v in [x1, y1, x2, y2] {
                            *v *= k;
                        }
                    }
                    Geometry::Rect { x, y, w, h, radius } => {
                        for v in [x, y, w, h, radius] {
                            *v *= k;
                        }
                    }
                    Geometry::Path(path) => {
                        for el in path.iter_mut() {
                            *el = el.map(|x, y| (x * k, y * k));
                        }
                    }
                }
                if let Some(stroke) = &mut s.stroke {
                    stroke.width *= k;
                    if let Some((on, off)) = &mut stroke.dash {
                        *on *= k;
                        *off *= k;
                    }
                }
                if let Some(clip) = &mut s.clip {
                    for v in clip.iter_mut() {
                        *v *= k;
                    }
                }
            }
            Item::Tag(_) => {}
        }
        item
    }

    /// The same item moved by (dx, dy).
    pub fn translated(&self, dx: f32, dy: f32) -> Item {
        let mut moved = self.clone();
        moved.translate(dx, dy);
        moved
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
    /// The language of its text (`en`) when it is to be read by its tags:
    /// a PDF renderer then writes a tagged PDF (its structure tree from the
    /// items' [`Tag`]s). None: untagged, the tags are ignored.
    pub lang: Option<String>,
}

/// A rectangle's outline as a path.
pub fn rect_path(x: f32, y: f32, w: f32, h: f32) -> Vec<PathEl> {
    vec![
        PathEl::MoveTo(x, y),
        PathEl::LineTo(x + w, y),
        PathEl::LineTo(x + w, y + h),
        PathEl::LineTo(x, y + h),
        PathEl::Close,
    ]
}

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
                text: run.text.into(),
                glyphs: run.glyphs.into(),
                width: run.width,
                ink: None,
            })
        })
    })
}
