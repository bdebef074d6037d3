//! Render stage, PNG: an outlined SVG (see [`super::svg::outlined_svg`])
//! rasterised with resvg at a given resolution and encoded as PNG
//! ([`super::png_encode`]). No fonts are involved: text arrives as paths.
//!
//! A big picture (a map) is drawn from its laid-out items instead
//! ([`items_to_png`]): the same numbers as the outlined SVG's, its
//! outlines' fills, text and thin strokes through the small exact-area
//! rasteriser ([`super::raster`]), rectangles and lines and thick strokes
//! through tiny-skia as resvg draws them, the rest (pictures,
//! clips, dashes) by resvg, so it is the SVG's picture but for a few levels
//! at the edges; without writing the SVG and parsing it again, a strip of
//! rows at a time, on all cores.

use std::collections::HashMap;
use std::ops::Range;

use resvg::tiny_skia::{self as sk, Transform};
use resvg::usvg;

use super::RenderError;
use super::png_encode::{Color, Deflater, filter_rows, png_of, png_of_zlib};
use super::raster::{Rasterizer, Target, hairline};
use super::svg::{covers, num_read_back, outlined_item, outlined_root, rgb8, white_ground};
use crate::layout::{Geometry, Item, Shape, TextItem};
use crate::model::PathEl;
use crate::text::{FaceId, FontBook};

/// Rasterises `svg` (sized in points) at `dpi` into PNG bytes.
pub fn svg_to_png(svg: &str, dpi: f32) -> Result<Vec<u8>, RenderError> {
    let tree = parse(svg)?;
    let canvas = Canvas::of(&tree, dpi)?;
    let mut pixmap = canvas.pixmap(canvas.h)?;
    resvg::render(&tree, canvas.scale, &mut pixmap.as_mut());
    let band = Band {
        pixmap,
        rows: 0..canvas.h,
    };
    let pixels = pixels_of(&[band], canvas.w);
    encode(&pixels, canvas.w, dpi).map_err(RenderError::Png)
}

/// Our own SVG read back. It names no file: a picture is inline as a
/// `data:` URL (`TextMode::Outlines`), so usvg is given no folder and a
/// resolver that decodes those and opens nothing else; built without its
/// `text` feature, it has no fonts to find (text is drawn as outlines).
fn parse(svg: &str) -> Result<usvg::Tree, RenderError> {
    let options = usvg::Options {
        resources_dir: None,
        image_href_resolver: usvg::ImageHrefResolver {
            resolve_data: usvg::ImageHrefResolver::default_data_resolver(),
            resolve_string: Box::new(|_, _| None),
        },
        ..usvg::Options::default()
    };
    usvg::Tree::from_str(svg, &options).map_err(|e| RenderError::Svg(e.to_string()))
}

/// The pixels an SVG is drawn on: `w` x `h`, its user units scaled by
/// `scale` (what resvg is given) and then by the root element's view box
/// (`base`, points to pixels).
#[derive(Clone, Copy, Debug)]
struct Canvas {
    w: u32,
    h: u32,
    scale: Transform,
    base: Transform,
}

impl Canvas {
    fn of(tree: &usvg::Tree, dpi: f32) -> Result<Canvas, RenderError> {
        let size = tree.size();
        // The SVG's user unit is the point; resvg reads "pt" sizes as 96/72 px.
        let scale = dpi / 72.0;
        let (w, h) = (
            size.width() * 72.0 / 96.0 * scale,
            size.height() * 72.0 / 96.0 * scale,
        );
        let (w, h) = (w.round().max(1.0) as u32, h.round().max(1.0) as u32);
        let sx = w as f32 / size.width();
        let sy = h as f32 / size.height();
        let scale = Transform::from_scale(sx, sy);
        // usvg puts the view box in a group round the whole picture (none
        // when it maps units to pixels one to one).
        let view_box = match tree.root().children().first() {
            Some(usvg::Node::Group(g)) => g.transform(),
            _ => Transform::identity(),
        };
        Ok(Canvas {
            w,
            h,
            scale,
            base: scale.pre_concat(view_box),
        })
    }

    /// A transparent pixmap as wide as the canvas and `rows` high.
    fn pixmap(&self, rows: u32) -> Result<sk::Pixmap, RenderError> {
        let (w, h) = (self.w, self.h);
        sk::Pixmap::new(w, rows.max(1)).ok_or(RenderError::Canvas {
            width: w,
            height: h,
        })
    }
}

/// Rasterises `items` on a `width` x `height` pt canvas with a white
/// ground at `dpi` into PNG bytes: what [`svg_to_png`] makes of their
/// [`super::svg::outlined_svg`], edges anti-aliased by exact area.
pub fn items_to_png(
    items: &[Item],
    width: f32,
    height: f32,
    book: &FontBook,
    dpi: f32,
) -> Result<Vec<u8>, RenderError> {
    // The root element and ground alone: usvg sizes the canvas and maps
    // the view box exactly as it does for the whole picture.
    let root = outlined_root(width, height);
    let ground = white_ground(width, height);
    let canvas = Canvas::of(&parse(&format!("{root}{ground}</svg>"))?, dpi)?;
    let plan = Plan::new(items, width, height, book, canvas)?;
    encode(&plan.pixels(STRIP)?, canvas.w, dpi).map_err(RenderError::Png)
}

/// How many rows of a big picture are drawn at a time: few enough that
/// their pixels stay in the cache while the draws over them land.
const STRIP: u32 = 96;

impl Plan {
    /// The canvas's rows cut into `count` bands.
    fn rows(&self, count: usize) -> Vec<Range<u32>> {
        let h = self.canvas.h;
        let count = count.max(1) as u32;
        let per_band = h.div_ceil(count);
        (0..count)
            .map(|k| (k * per_band).min(h)..((k + 1) * per_band).min(h))
            .filter(|r| !r.is_empty())
            .collect()
    }

    /// The picture drawn in `count` bands of rows, on all cores.
    fn bands(&self, count: usize) -> Result<Vec<Band>, RenderError> {
        crate::par::map(&self.rows(count), 2, |rows| self.band(rows.clone()))
            .into_iter()
            .collect()
    }

    /// The picture's pixels as the PNG holds them, drawn `strip` rows at a
    /// time on all cores, each thread drawing on one pixmap of its own
    /// and turning each strip into the PNG's RGB rows as it goes.
    fn pixels(&self, strip: u32) -> Result<Pixels, RenderError> {
        let (w, h) = (self.canvas.w as usize, self.canvas.h);
        let strip = strip.clamp(1, h.max(1));
        let row = w * 3;
        let mut rgb = vec![0u8; row * h as usize];
        let filtered_len = (row + 1) * h as usize;
        let mut filtered = vec![0u8; filtered_len];
        let mut jobs = Vec::new();
        let (mut rest, mut rest_filtered) = (rgb.as_mut_slice(), filtered.as_mut_slice());
        for k in 0..h.div_ceil(strip) {
            let rows = k * strip..((k + 1) * strip).min(h);
            let (chunk, tail) = rest.split_at_mut(rows.len() * row);
            let (filtered_chunk, filtered_tail) =
                rest_filtered.split_at_mut(rows.len() * (row + 1));
            jobs.push((k as usize, rows, chunk, filtered_chunk));
            (rest, rest_filtered) = (tail, filtered_tail);
        }
        let strips = jobs.len();
        let workers = crate::par::workers().min(strips).max(1);
        let jobs = std::sync::Mutex::new(jobs.into_iter());
        let sequence = std::sync::Mutex::new(Sequence {
            next: 0,
            waiting: std::collections::BTreeMap::new(),
            above: None,
            zlib: Deflater::new(filtered_len).map_err(RenderError::Png)?,
            failed: None,
        });
        let work = || -> Result<bool, RenderError> {
            let mut pixmap = self.canvas.pixmap(strip)?;
            let mut raster = Rasterizer::default();
            loop {
                let job = jobs
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .next();
                let Some((k, rows, chunk, filtered)) = job else {
                    return Ok(true);
                };
                let n = rows.len() * w;
                self.draw_rows(&mut pixmap, &mut raster, rows)?;
                let pixels = pixmap.pixels().get(..n).unwrap_or_default();
                if !pixels.iter().all(|px| px.alpha() == 255) {
                    return Ok(false);
                }
                for (out, px) in chunk.chunks_exact_mut(3).zip(pixels) {
                    out.copy_from_slice(&[px.red(), px.green(), px.blue()]);
                }
                // Filtered for the PNG here, on this core, all but the
                // strip's first row (the row over it is another strip's).
                if chunk.len() > row {
                    let (first, others) = chunk.split_at(row);
                    filter_rows(Some(first), others, row, 3, &mut filtered[row + 1..]);
                }
                sequence
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .strip_done(k, chunk, filtered, row);
            }
        };
        let opaque: Result<Vec<bool>, RenderError> = std::thread::scope(|scope| {
            let handles: Vec<_> = (1..workers).map(|_| scope.spawn(work)).collect();
            let mine = work();
            std::iter::once(mine)
                .chain(
                    handles
                        .into_iter()
                        .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p))),
                )
                .collect()
        });
        drop(jobs);
        let Sequence {
            next, zlib, failed, ..
        } = sequence
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if opaque?.into_iter().all(|o| o) {
            if let Some(e) = failed {
                return Err(RenderError::Png(e));
            }
            debug_assert_eq!(next, strips, "every strip compressed");
            let idat = zlib.finish(&filtered).map_err(RenderError::Png)?;
            return Ok(Pixels {
                color: Color::Rgb,
                data: rgb,
                h,
                zlib: Some(idat),
            });
        }
        drop(filtered);
        // Something shows through: drawn again, kept whole, as RGBA.
        drop(rgb);
        Ok(pixels_of(&self.bands(workers)?, self.canvas.w))
    }
}

/// A big picture's strips put in order for the PNG as the threads finish
/// them: each strip's first row filtered once the strip over it is done,
/// then its rows compressed, so that little is left to compress when the
/// last strip is drawn.
struct Sequence<'s> {
    /// The next strip to compress.
    next: usize,
    /// Strips done but not yet next: their RGB rows and filtered rows.
    waiting: std::collections::BTreeMap<usize, (&'s [u8], &'s mut [u8])>,
    /// The last RGB row of the strip compressed last.
    above: Option<&'s [u8]>,
    zlib: Deflater,
    failed: Option<std::io::Error>,
}

impl<'s> Sequence<'s> {
    /// Strip `k` is drawn and filtered but for its first row (`row`
    /// bytes of RGB): compresses it and every strip after it that waits.
    fn strip_done(&mut self, k: usize, rgb: &'s [u8], filtered: &'s mut [u8], row: usize) {
        self.waiting.insert(k, (rgb, filtered));
        while let Some((rgb, filtered)) = self.waiting.remove(&self.next) {
            let first = &rgb[..row.min(rgb.len())];
            let out_end = (row + 1).min(filtered.len());
            filter_rows(self.above, first, row, 3, &mut filtered[..out_end]);
            if self.failed.is_none()
                && let Err(e) = self.zlib.write(filtered)
            {
                self.failed = Some(e);
            }
            self.above = rgb.len().checked_sub(row).map(|from| &rgb[from..]);
            self.next += 1;
        }
    }
}

/// Rows of the picture (canvas rows `rows`), drawn on a pixmap of their
/// own that holds just those rows.
struct Band {
    pixmap: sk::Pixmap,
    rows: Range<u32>,
}

impl Band {
    /// The band's pixels (`w` to a row).
    fn pixels(&self, w: usize) -> &[sk::PremultipliedColorU8] {
        self.pixmap
            .pixels()
            .get(..self.rows.len() * w)
            .unwrap_or_default()
    }
}

/// What is drawn, in order, each with the pixel rows it may touch.
struct Plan {
    canvas: Canvas,
    /// Paths the draws refer to (each glyph's once).
    paths: Vec<sk::Path>,
    draws: Vec<(Draw, Range<f32>)>,
    /// Whether the white ground covers every pixel whole (then a band is
    /// filled white, not drawn).
    ground_covers: bool,
}

enum Draw {
    /// A fill: by the rasteriser, but a rectangle's or a line's (`skia`)
    /// by tiny-skia, as resvg fills it.
    Fill {
        path: usize,
        rgb: [u8; 3],
        transform: Transform,
        skia: bool,
    },
    /// A stroke: by tiny-skia, but for an outline's thin one (by the
    /// rasteriser, as tiny-skia draws a hairline); a rectangle's or a
    /// line's (`skia`) by tiny-skia however thin, as resvg strokes it.
    Stroke {
        path: usize,
        width: f32,
        transform: Transform,
        skia: bool,
    },
    /// A rare kind of item (a picture, a clip, a dash): its own SVG,
    /// drawn by resvg.
    Svg(Box<usvg::Tree>),
}

impl Plan {
    fn new(
        items: &[Item],
        width: f32,
        height: f32,
        book: &FontBook,
        canvas: Canvas,
    ) -> Result<Plan, RenderError> {
        let mut plan = Plan {
            canvas,
            paths: Vec::new(),
            draws: Vec::with_capacity(items.len() + 1),
            ground_covers: false,
        };
        let all = f32::NEG_INFINITY..f32::INFINITY;
        // The ground: `<rect width height fill="white"/>`.
        let (gw, gh) = (num_read_back(width), num_read_back(height));
        if let Some(rect) = sk::Rect::from_xywh(0.0, 0.0, gw, gh)
            .filter(|_| gw > 0.0 && gh > 0.0 && gw.is_finite() && gh.is_finite())
        {
            let on_pixels = rect.transform(canvas.base);
            plan.ground_covers = on_pixels.is_some_and(|r| {
                r.left() <= 0.0
                    && r.top() <= 0.0
                    && r.right() >= canvas.w as f32
                    && r.bottom() >= canvas.h as f32
            });
            if !plan.ground_covers {
                plan.paths.push(sk::PathBuilder::from_rect(rect));
                let draw = Draw::Fill {
                    path: plan.paths.len() - 1,
                    rgb: [255; 3],
                    transform: canvas.base,
                    skia: false,
                };
                plan.draws.push((draw, all.clone()));
            }
        }
        let mut glyphs: HashMap<(FaceId, u16), Option<usize>> = HashMap::new();
        for item in items {
            match item {
                Item::Shape(shape) if plan.plain(shape, width, height) => plan.shape(shape),
                Item::Text(text) => plan.text(text, book, &mut glyphs),
                Item::Tag(_) => {}
                _ => {
                    let tree = parse(&outlined_item(item, width, height, book))?;
                    plan.draws.push((Draw::Svg(Box::new(tree)), all.clone()));
                }
            }
        }
        Ok(plan)
    }

    /// Whether the shape is one this draws itself: not cut off, not
    /// dashed, its numbers finite.
    fn plain(&self, shape: &Shape, width: f32, height: f32) -> bool {
        let finite = |v: f32| v.is_finite();
        shape.clip.is_none_or(|c| covers(c, width, height))
            && shape
                .stroke
                .is_none_or(|s| s.dash.is_none() && finite(s.width))
            && match &shape.geometry {
                Geometry::Path(path) => path.iter().all(|el| match *el {
                    PathEl::MoveTo(x, y) | PathEl::LineTo(x, y) => finite(x) && finite(y),
                    PathEl::CurveTo(a, b, c, d, x, y) => [a, b, c, d, x, y].into_iter().all(finite),
                    PathEl::Close => true,
                }),
                Geometry::Line { x1, y1, x2, y2 } => {
                    [x1, y1, x2, y2].into_iter().all(|v| finite(*v))
                }
                Geometry::Rect { x, y, w, h, radius } => {
                    [x, y, w, h, radius].into_iter().all(|v| finite(*v))
                }
            }
    }

    /// `<path d fill stroke>` (a line is `<path d="M x1 y1 L x2 y2">`, a
    /// rectangle `<rect x y width height rx>`): filled, then stroked, as
    /// usvg reads it.
    fn shape(&mut self, shape: &Shape) {
        let Some(path) = outline(&shape.geometry) else {
            return;
        };
        let r = num_read_back;
        let stroke = shape
            .stroke
            .map(|s| r(s.width))
            .filter(|w| *w > 0.0 && w.is_finite());
        if shape.fill.is_none() && stroke.is_none() {
            return;
        }
        let transform = self.canvas.base;
        // A rectangle and a line are tiny-skia's to draw, as resvg does.
        let skia = !matches!(shape.geometry, Geometry::Path(_));
        let bounds = path.bounds();
        self.paths.push(path);
        let path = self.paths.len() - 1;
        if let Some(ink) = shape.fill {
            let rows = rows_of(bounds, transform, 0.0);
            let rgb = rgb8(ink);
            let draw = Draw::Fill {
                path,
                rgb,
                transform,
                skia,
            };
            self.draws.push((draw, rows));
        }
        if let Some(width) = stroke {
            // A miter reaches at most 4 half widths past a corner.
            let rows = rows_of(bounds, transform, 2.0 * width);
            let draw = Draw::Stroke {
                path,
                width,
                transform,
                skia,
            };
            self.draws.push((draw, rows));
        }
    }

    /// Each glyph as `<path transform="matrix(s 0 0 -s x y)" d>` in the
    /// run's fill (black when it has no ink).
    fn text(
        &mut self,
        t: &TextItem,
        book: &FontBook,
        glyphs: &mut HashMap<(FaceId, u16), Option<usize>>,
    ) {
        let face = book.face(t.face);
        let scale = t.size / face.units_per_em;
        let rgb = t.ink.map_or([0; 3], rgb8);
        let r = num_read_back;
        let mut x = t.x;
        for glyph in t.glyphs.iter() {
            let path = *glyphs.entry((t.face, glyph.id)).or_insert_with(|| {
                let mut outline = Outline::default();
                if let Ok(parsed) = ttf_parser::Face::parse(&face.data, 0) {
                    parsed.outline_glyph(ttf_parser::GlyphId(glyph.id), &mut outline);
                }
                let path = outline.0.finish()?;
                self.paths.push(path);
                Some(self.paths.len() - 1)
            });
            if let Some(path) = path {
                let mut own = Transform::from_row(r(scale), 0.0, 0.0, r(-scale), r(x), r(t.y));
                if !own.is_valid() {
                    // usvg's reading of a transform it cannot use.
                    own = Transform::identity();
                }
                let transform = self.canvas.base.pre_concat(own);
                let rows = rows_of(self.paths[path].bounds(), transform, 0.0);
                let draw = Draw::Fill {
                    path,
                    rgb,
                    transform,
                    skia: false,
                };
                self.draws.push((draw, rows));
            }
            x += glyph.advance * scale;
        }
    }

    /// Draws the band's rows on a pixmap of their own: every draw that may
    /// touch them, in order, at the canvas's coordinates moved up by the
    /// band's top. Fills and thin strokes go through the [`Rasterizer`];
    /// thick strokes and the rare kinds of item through tiny-skia and resvg.
    fn band(&self, rows: Range<u32>) -> Result<Band, RenderError> {
        let mut pixmap = self.canvas.pixmap(rows.len() as u32)?;
        self.draw_rows(&mut pixmap, &mut Rasterizer::default(), rows.clone())?;
        Ok(Band { pixmap, rows })
    }

    /// Draws canvas rows `rows` on the top rows of `pixmap` (what was on
    /// it is drawn over; rows below them are scratch).
    fn draw_rows(
        &self,
        pixmap: &mut sk::Pixmap,
        raster: &mut Rasterizer,
        rows: Range<u32>,
    ) -> Result<(), RenderError> {
        let (top, bottom) = (rows.start as f32, rows.end as f32);
        let ground = if self.ground_covers { 255 } else { 0 };
        pixmap.data_mut().fill(ground);
        let up = Transform::from_translate(0.0, -top);
        let width = self.canvas.w;
        for (draw, reach) in &self.draws {
            if reach.start >= bottom || reach.end <= top {
                continue;
            }
            let mut target = Target {
                data: pixmap.data_mut(),
                width,
                rows: rows.clone(),
            };
            match draw {
                Draw::Fill {
                    path,
                    rgb,
                    transform,
                    skia,
                } => {
                    let Some(path) = self.paths.get(*path) else {
                        continue;
                    };
                    // resvg fills nothing of a flat outline.
                    if path.bounds().width() == 0.0 || path.bounds().height() == 0.0 {
                        continue;
                    }
                    if *skia {
                        let (rule, transform) = (sk::FillRule::Winding, transform.post_concat(up));
                        let mut pixels = pixmap.as_mut();
                        pixels.fill_path(path, &paint(*rgb), rule, transform, None);
                    } else {
                        trace(raster, path, *transform);
                        raster.fill(&mut target, *rgb, 1.0);
                    }
                }
                Draw::Stroke {
                    path,
                    width,
                    transform,
                    skia,
                } => {
                    let Some(path) = self.paths.get(*path) else {
                        continue;
                    };
                    if !skia && let Some(opacity) = hairline_opacity(*width, *transform) {
                        // Each segment alone, as tiny-skia draws a hairline.
                        let mut pieces = Rasterizer::gatherer();
                        trace(&mut pieces, path, *transform);
                        for [x0, y0, x1, y1] in pieces.take_lines() {
                            hairline(&mut target, (x0, y0), (x1, y1), [0; 3], opacity);
                        }
                        continue;
                    }
                    let stroke = sk::Stroke {
                        width: *width,
                        miter_limit: 4.0,
                        line_cap: sk::LineCap::Butt,
                        line_join: sk::LineJoin::Miter,
                        dash: None,
                    };
                    let transform = transform.post_concat(up);
                    let mut pixels = pixmap.as_mut();
                    pixels.stroke_path(path, &paint([0; 3]), &stroke, transform, None);
                }
                Draw::Svg(tree) => resvg::render(
                    tree,
                    self.canvas.scale.post_concat(up),
                    &mut pixmap.as_mut(),
                ),
            }
        }
        Ok(())
    }
}

/// A shape's outline as the outlined SVG writes it (to four decimals) and
/// usvg reads it back; `None` when usvg draws nothing of it.
fn outline(geometry: &Geometry) -> Option<sk::Path> {
    let r = num_read_back;
    let mut b = sk::PathBuilder::new();
    match geometry {
        Geometry::Path(els) => {
            for el in els {
                match *el {
                    PathEl::MoveTo(x, y) => b.move_to(r(x), r(y)),
                    PathEl::LineTo(x, y) => b.line_to(r(x), r(y)),
                    PathEl::CurveTo(x1, y1, x2, y2, x, y) => {
                        b.cubic_to(r(x1), r(y1), r(x2), r(y2), r(x), r(y))
                    }
                    PathEl::Close => b.close(),
                }
            }
        }
        Geometry::Line { x1, y1, x2, y2 } => {
            b.move_to(r(*x1), r(*y1));
            b.line_to(r(*x2), r(*y2));
        }
        Geometry::Rect { x, y, w, h, radius } => {
            return rect_outline([*x, *y, *w, *h].map(r), r(*radius));
        }
    }
    b.finish()
}

/// A `<rect>` as usvg makes it a path: none unless it has a width and a
/// height; its corner radius (none when negative) at most half its
/// width, and half its height up and down; each rounded corner an
/// elliptical arc in cubic Béziers (kurbo's, to 0.1).
fn rect_outline([x, y, w, h]: [f32; 4], radius: f32) -> Option<sk::Path> {
    if !(w > 0.0 && h > 0.0) {
        return None;
    }
    let radius = if radius.is_sign_negative() {
        0.0
    } else {
        radius
    };
    let (rx, ry) = (radius.min(w / 2.0), radius.min(h / 2.0));
    // No radius: within four units in the last place of zero, as usvg tells.
    if rx.to_bits() <= 4 {
        return Some(sk::PathBuilder::from_rect(sk::Rect::from_xywh(x, y, w, h)?));
    }
    let mut b = sk::PathBuilder::new();
    let arc_to = |b: &mut sk::PathBuilder, to: (f32, f32)| {
        let Some(from) = b.last_point() else {
            return;
        };
        let arc = kurbo::SvgArc {
            from: kurbo::Point::new(from.x as f64, from.y as f64),
            to: kurbo::Point::new(to.0 as f64, to.1 as f64),
            radii: kurbo::Vec2::new(rx as f64, ry as f64),
            x_rotation: 0.0,
            large_arc: false,
            sweep: true,
        };
        match kurbo::Arc::from_svg_arc(&arc) {
            Some(arc) => arc.to_cubic_beziers(0.1, |p1, p2, p| {
                let [x1, y1, x2, y2, x, y] = [p1.x, p1.y, p2.x, p2.y, p.x, p.y].map(|v| v as f32);
                b.cubic_to(x1, y1, x2, y2, x, y)
            }),
            None => b.line_to(to.0, to.1),
        }
    };
    b.move_to(x + rx, y);
    b.line_to(x + w - rx, y);
    arc_to(&mut b, (x + w, y + ry));
    b.line_to(x + w, y + h - ry);
    arc_to(&mut b, (x + w - rx, y + h));
    b.line_to(x + rx, y + h);
    arc_to(&mut b, (x, y + h - ry));
    b.line_to(x, y + ry);
    arc_to(&mut b, (x + rx, y));
    b.close();
    b.finish()
}

/// A path's outlines placed by `transform`, into the rasteriser.
fn trace(raster: &mut Rasterizer, path: &sk::Path, transform: Transform) {
    let at = |p: sk::Point| {
        let mut p = p;
        transform.map_point(&mut p);
        (p.x, p.y)
    };
    for segment in path.segments() {
        match segment {
            sk::PathSegment::MoveTo(p) => {
                let (x, y) = at(p);
                raster.move_to(x, y);
            }
            sk::PathSegment::LineTo(p) => {
                let (x, y) = at(p);
                raster.line_to(x, y);
            }
            sk::PathSegment::QuadTo(p1, p) => {
                let ((x1, y1), (x, y)) = (at(p1), at(p));
                raster.quad_to(x1, y1, x, y);
            }
            sk::PathSegment::CubicTo(p1, p2, p) => {
                let ((x1, y1), (x2, y2), (x, y)) = (at(p1), at(p2), at(p));
                raster.cubic_to(x1, y1, x2, y2, x, y);
            }
            sk::PathSegment::Close => raster.close(),
        }
    }
}

/// The opacity tiny-skia draws a stroke `width` wide placed by `transform`
/// with, as a hairline faded by its width; `None` when it is a pixel or
/// more wide.
fn hairline_opacity(width: f32, transform: Transform) -> Option<f32> {
    let fast_len = |x: f32, y: f32| {
        let (x, y) = (x.abs(), y.abs());
        x.max(y) + x.min(y) / 2.0
    };
    let (sx, kx, ky, sy) = (transform.sx, transform.kx, transform.ky, transform.sy);
    let a = fast_len(sx * width, ky * width);
    let b = fast_len(kx * width, sy * width);
    if !(a <= 1.0 && b <= 1.0) {
        return None;
    }
    let scale = ((a + b) / 2.0 * 256.0) as i32;
    Some(((255 * scale) >> 8) as f32 / 255.0)
}

/// A solid colour as resvg paints one (opaque, anti-aliased).
fn paint(rgb: [u8; 3]) -> sk::Paint<'static> {
    let mut paint = sk::Paint::default();
    paint.set_color_rgba8(rgb[0], rgb[1], rgb[2], 255);
    paint.anti_alias = true;
    paint
}

/// The pixel rows an outline with these `bounds` may touch once placed by
/// `transform` and stroked `stroke` wide (with room for miters and
/// anti-aliasing); all rows when that cannot be told.
fn rows_of(bounds: sk::Rect, transform: Transform, stroke: f32) -> Range<f32> {
    let grow = stroke
        * (transform.sx.abs() + transform.kx.abs() + transform.ky.abs() + transform.sy.abs())
        + 2.0;
    match bounds.transform(transform) {
        Some(r) if r.top().is_finite() && r.bottom().is_finite() && grow.is_finite() => {
            r.top() - grow..r.bottom() + grow
        }
        _ => f32::NEG_INFINITY..f32::INFINITY,
    }
}

/// A glyph's outline as the outlined SVG writes it (font units, to four
/// decimals) and usvg reads it back.
#[derive(Default)]
struct Outline(sk::PathBuilder);

impl ttf_parser::OutlineBuilder for Outline {
    fn move_to(&mut self, x: f32, y: f32) {
        self.0.move_to(num_read_back(x), num_read_back(y));
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.0.line_to(num_read_back(x), num_read_back(y));
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        let r = num_read_back;
        self.0.quad_to(r(x1), r(y1), r(x), r(y));
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let r = num_read_back;
        self.0.cubic_to(r(x1), r(y1), r(x2), r(y2), r(x), r(y));
    }
    fn close(&mut self) {
        self.0.close();
    }
}

/// Pixels as a PNG holds them, row after row: RGB when every one is
/// opaque (every outlined SVG has a white ground), else RGBA, not
/// premultiplied.
struct Pixels {
    color: Color,
    data: Vec<u8>,
    h: u32,
    /// The PNG's zlib stream of the rows, when the threads that drew
    /// them filtered and compressed them already.
    zlib: Option<Vec<u8>>,
}

/// The pixels of drawn bands (`w` pixels wide).
fn pixels_of(bands: &[Band], w: u32) -> Pixels {
    let w = w as usize;
    let h: u32 = bands.iter().map(|b| b.rows.len() as u32).sum();
    let opaque = bands
        .iter()
        .all(|b| b.pixels(w).iter().all(|px| px.alpha() == 255));
    let (color, data) = if opaque {
        let mut rgb = Vec::with_capacity(w * h as usize * 3);
        for band in bands {
            for px in band.pixels(w) {
                rgb.extend_from_slice(&[px.red(), px.green(), px.blue()]);
            }
        }
        (Color::Rgb, rgb)
    } else {
        let mut rgba = Vec::with_capacity(w * h as usize * 4);
        for band in bands {
            for px in band.pixels(w) {
                let c = px.demultiply();
                rgba.extend_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
            }
        }
        (Color::Rgba, rgba)
    };
    Pixels {
        color,
        data,
        h,
        zlib: None,
    }
}

/// PNG bytes of pixels `w` wide (see [`super::png_encode`]): fast, where
/// tiny-skia's own encoder spent most of the time of a card at the
/// default level. Its resolution is recorded (pHYs, in pixels per metre),
/// so a print shop or an image editor sizes it as it was drawn.
fn encode(pixels: &Pixels, w: u32, dpi: f32) -> std::io::Result<Vec<u8>> {
    match &pixels.zlib {
        Some(idat) => Ok(png_of_zlib(idat, w, pixels.h, pixels.color, dpi)),
        None => png_of(&pixels.data, w, pixels.color, dpi),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opaque_cards_are_rgb_pngs_that_decode_to_what_was_drawn() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="10pt" height="20pt" viewBox="0 0 10 20"><rect width="10" height="20" fill="white"/><rect width="5" height="20" fill="rgb(200,10,20)"/></svg>"#;
        let bytes = svg_to_png(svg, 72.0).expect("renders");
        // IHDR: width, height, bit depth 8, colour type 2 (RGB).
        assert_eq!(&bytes[16..24], &[0, 0, 0, 10, 0, 0, 0, 20]);
        assert_eq!((bytes[24], bytes[25]), (8, 2));
        // pHYs: 72 dpi is 2835 pixels per metre, both ways, unit metre.
        let at = bytes
            .windows(4)
            .position(|w| w == b"pHYs")
            .expect("a pHYs chunk");
        assert_eq!(&bytes[at + 4..at + 13], &[0, 0, 11, 19, 0, 0, 11, 19, 1]);
        let back = resvg::tiny_skia::Pixmap::decode_png(&bytes).expect("decodes");
        let px = |x, y| {
            let c = back.pixel(x, y).expect("pixel");
            (c.red(), c.green(), c.blue(), c.alpha())
        };
        assert_eq!(px(1, 5), (200, 10, 20, 255));
        assert_eq!(px(8, 5), (255, 255, 255, 255));
    }

    /// One of each kind of item, at awkward sizes and places.
    fn every_kind(book: &FontBook) -> Vec<Item> {
        use crate::layout::{Ink, Stroke};
        let face = book.families[0].face(crate::model::Style::Regular);
        let bold = book.families[0].face(crate::model::Style::Bold);
        let text = |x: f32, y: f32, size: f32, face, s: &str, ink| {
            Item::Text(TextItem {
                x,
                y,
                face,
                size,
                text: s.into(),
                glyphs: book.face(face).plain_glyphs(s).into(),
                width: 0.0,
                ink,
            })
        };
        let star: Vec<PathEl> = (0..11)
            .map(|i| {
                let a = i as f32 * 0.4 * std::f32::consts::PI;
                let r = if i % 2 == 0 { 40.3 } else { 17.1 };
                let p = (120.0 / 7.0 + r * a.cos(), 250.0 / 3.0 + r * a.sin());
                if i == 0 {
                    PathEl::MoveTo(p.0, p.1)
                } else {
                    PathEl::LineTo(p.0, p.1)
                }
            })
            .chain([PathEl::Close])
            .collect();
        let curve = vec![
            PathEl::MoveTo(-10.0, 150.1),
            PathEl::CurveTo(60.0, 90.0, 160.0, 260.0, 330.0, 140.7),
            PathEl::LineTo(330.0, 170.3),
            PathEl::Close,
        ];
        let mut clipped = Geometry::Path(curve.clone()).filled(Ink::Rgb([0.9, 0.2, 0.1]));
        if let Item::Shape(s) = &mut clipped {
            s.clip = Some([50.0, 100.0, 120.0, 60.0]);
        }
        let both = Item::Shape(Shape {
            geometry: Geometry::Path(star.clone()),
            fill: Some(Ink::Gray(0.8)),
            stroke: Some(Stroke::solid(2.5)),
            clip: None,
        });
        let dashed = Geometry::Path(curve.clone()).stroked(Stroke {
            width: 1.0,
            dash: Some((3.0, 2.0)),
        });
        vec![
            Geometry::Path(curve).filled(Ink::Rgb([0.2, 0.5, 0.3])),
            Geometry::Path(star.clone()).stroked(Stroke::solid(0.5)),
            both,
            clipped,
            dashed,
            Geometry::rect(30.3, 20.7, 90.1, 30.9, 6.2).filled(Ink::Gray(1.0)),
            Geometry::line(0.0, 5.5, 301.37, 200.1).stroked(Stroke::solid(0.7)),
            Geometry::Path(vec![
                PathEl::MoveTo(10.0, 40.0),
                PathEl::LineTo(90.0, 40.0),
                PathEl::Close,
            ])
            .filled(Ink::BLACK),
            text(33.3, 41.7, 13.7, bold, "Place 1", None),
            text(100.1, 180.35, 7.1, face, "0512 Ág", Some(Ink::Gray(1.0))),
            text(
                250.0,
                206.0,
                9.0,
                face,
                "edge",
                Some(Ink::Rgb([0.1, 0.2, 0.9])),
            ),
        ]
    }

    /// The pixels of a PNG this module wrote, as RGBA.
    fn decoded(png: &[u8]) -> Vec<u8> {
        let back = resvg::tiny_skia::Pixmap::decode_png(png).expect("decodes");
        back.data().to_vec()
    }

    /// How far apart two pictures' bytes are: the mean difference, and the
    /// share of bytes within 8 levels of each other.
    fn compare(a: &[u8], b: &[u8]) -> (f64, f64) {
        assert_eq!(a.len(), b.len());
        let diffs: Vec<u32> = a
            .iter()
            .zip(b)
            .map(|(x, y)| x.abs_diff(*y) as u32)
            .collect();
        let mean = diffs.iter().sum::<u32>() as f64 / diffs.len() as f64;
        let close = diffs.iter().filter(|d| **d <= 8).count() as f64 / diffs.len() as f64;
        (mean, close)
    }

    #[test]
    fn items_drawn_directly_are_their_outlined_svg_drawn_but_for_edges() {
        let book = crate::text::sans_test_book();
        let items = every_kind(&book);
        let (width, height) = (301.37, 207.9);
        for dpi in [72.0, 137.0, 300.0] {
            let svg = crate::render::svg::outlined_svg(&items, width, height, &book);
            let expected = svg_to_png(&svg, dpi).expect("renders");
            let root = outlined_root(width, height);
            let ground = white_ground(width, height);
            let probe = parse(&format!("{root}{ground}</svg>")).expect("parses");
            let canvas = Canvas::of(&probe, dpi).expect("a canvas");
            let plan = Plan::new(&items, width, height, &book, canvas).expect("plans");
            let direct = items_to_png(&items, width, height, &book, dpi).expect("draws");
            let png = encode(&plan.pixels(STRIP).expect("draws"), canvas.w, dpi);
            assert!(png.expect("encodes") == direct);
            // However it is cut (each part drawn apart), the same picture
            // of what the rasteriser draws (fills, text, thin strokes;
            // tiny-skia's own draws shift a little at a strip's edge); the
            // half point stroke is thin below 144 dpi.
            let kinds: &[usize] = if dpi < 144.0 {
                &[0, 1, 7, 8, 9, 10]
            } else {
                &[0, 7, 8, 9, 10]
            };
            let drawn: Vec<Item> = kinds.iter().map(|&k| items[k].clone()).collect();
            let plan = Plan::new(&drawn, width, height, &book, canvas).expect("plans");
            let whole = plan.pixels(canvas.h).expect("draws").data;
            for strip in [1, 7, 64] {
                let pixels = plan.pixels(strip).expect("draws");
                assert!(
                    pixels.data == whole,
                    "{strip} row strips at {dpi} dpi differ"
                );
            }
            for count in [1, 3] {
                let bands = plan.bands(count).expect("draws");
                let pixels = pixels_of(&bands, canvas.w);
                assert!(pixels.data == whole, "{count} bands at {dpi} dpi differ");
            }
            // Against resvg's drawing of the SVG: only edges differ, and
            // little (its 16 samples a pixel against exact areas).
            let (mean, close) = compare(&decoded(&expected), &decoded(&direct));
            assert!(
                mean < 1.0 && close > 0.98,
                "at {dpi} dpi: mean {mean}, close {close}"
            );
        }
    }
}
