//! Render stage, PNG: a small scanline rasteriser for big pictures (maps).
//! Input: outlines already placed in pixels (lines; curves flattened here),
//! a colour and an opacity; output: those outlines filled onto rows of
//! premultiplied RGBA pixels, each pixel covered by the exact area of the
//! outline over it (signed areas summed along each row, as font
//! rasterisers do), clamped to one, so outlines wound the same way that
//! overlap fill as one. Thin strokes are drawn as tiny-skia draws hairlines:
//! each segment a pixel wide across its minor axis, faded by the stroke's
//! width in pixels.
//!
//! Against tiny-skia (which samples each pixel at 4 x 4 points and builds a
//! pipeline per path) only the anti-aliased edge pixels differ, by a few
//! levels; a draw costs its outline's box in pixels and nothing more.
//!
//! Kept beside tiny-skia because it is measured ahead: `cargo bench --bench
//! raster` (a hex map of 300 and of 3,000 cells at 150 dpi, 2 cores) makes
//! the PNG in 0.127 s and 1.313 s this way against 0.164 s and 2.043 s
//! with resvg drawing the same map's SVG (and our encoder after it).

/// Outline lines in pixels gathered for one fill, and the cells their
/// signed areas are summed in (kept between fills, always left zeroed).
#[derive(Default)]
pub struct Rasterizer {
    lines: Vec<[f32; 4]>,
    cells: Vec<f32>,
    start: (f32, f32),
    at: (f32, f32),
    open: bool,
    /// Whether level lines are kept (for [`Rasterizer::take_lines`]).
    keep_level: bool,
}

/// Rows of premultiplied RGBA pixels a fill lands on: `width` pixels wide,
/// holding canvas rows `rows` (its first row is canvas row `rows.start`).
pub struct Target<'a> {
    pub data: &'a mut [u8],
    pub width: u32,
    pub rows: std::ops::Range<u32>,
}

/// Most pieces a curve is cut into; a tenth of a pixel is the most it
/// strays from them below that.
const MAX_PIECES: f32 = 64.0;
const TOLERANCE: f32 = 0.1;

/// Cells looked at together for a run no line crossed.
const RUN: usize = 8;

impl Rasterizer {
    /// Starts a new outline (closing the one before).
    pub fn move_to(&mut self, x: f32, y: f32) {
        self.close();
        self.start = (x, y);
        self.at = (x, y);
        self.open = true;
    }

    pub fn line_to(&mut self, x: f32, y: f32) {
        let (ax, ay) = self.at;
        self.push(ax, ay, x, y);
        self.at = (x, y);
    }

    pub fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        let (x0, y0) = self.at;
        let dd = (x0 - 2.0 * x1 + x).hypot(y0 - 2.0 * y1 + y);
        let n = pieces(0.25 * dd);
        for i in 1..=n {
            let t = i as f32 / n as f32;
            let u = 1.0 - t;
            let px = u * u * x0 + 2.0 * u * t * x1 + t * t * x;
            let py = u * u * y0 + 2.0 * u * t * y1 + t * t * y;
            self.line_to(px, py);
        }
        self.at = (x, y);
    }

    pub fn cubic_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let (x0, y0) = self.at;
        let dd = (x0 - 2.0 * x1 + x2)
            .hypot(y0 - 2.0 * y1 + y2)
            .max((x1 - 2.0 * x2 + x).hypot(y1 - 2.0 * y2 + y));
        let n = pieces(0.75 * dd);
        for i in 1..=n {
            let t = i as f32 / n as f32;
            let u = 1.0 - t;
            let (a, b, c, d) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
            self.line_to(
                a * x0 + b * x1 + c * x2 + d * x,
                a * y0 + b * y1 + c * y2 + d * y,
            );
        }
        self.at = (x, y);
    }

    /// Closes the outline being drawn back to its start.
    pub fn close(&mut self) {
        if self.open {
            let (ax, ay) = self.at;
            let (sx, sy) = self.start;
            self.push(ax, ay, sx, sy);
            self.at = self.start;
            self.open = false;
        }
    }

    /// One that gathers lines to be taken back ([`Rasterizer::take_lines`]),
    /// level ones too.
    pub fn gatherer() -> Rasterizer {
        Rasterizer {
            keep_level: true,
            ..Rasterizer::default()
        }
    }

    /// The lines gathered (curves flattened), as `[x0, y0, x1, y1]`.
    pub fn take_lines(&mut self) -> Vec<[f32; 4]> {
        self.open = false;
        std::mem::take(&mut self.lines)
    }

    fn push(&mut self, x0: f32, y0: f32, x1: f32, y1: f32) {
        if (self.keep_level || y0 != y1) && [x0, y0, x1, y1].iter().all(|v| v.is_finite()) {
            self.lines.push([x0, y0, x1, y1]);
        }
    }

    /// Forgets the outlines gathered.
    pub fn clear(&mut self) {
        self.lines.clear();
        self.open = false;
    }

    /// Fills the outlines gathered (closing the last) in `rgb` at
    /// `opacity` onto `target`, and forgets them.
    pub fn fill(&mut self, target: &mut Target, rgb: [u8; 3], opacity: f32) {
        self.close();
        if self.lines.is_empty() || opacity.is_nan() || opacity <= 0.0 {
            self.clear();
            return;
        }
        let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        for l in &self.lines {
            x0 = x0.min(l[0]).min(l[2]);
            x1 = x1.max(l[0]).max(l[2]);
            y0 = y0.min(l[1]).min(l[3]);
            y1 = y1.max(l[1]).max(l[3]);
        }
        // The box of pixels drawn: the outline's, inside the target.
        let left = x0.floor().max(0.0);
        let right = x1.ceil().min(target.width as f32);
        let top = y0.floor().max(target.rows.start as f32);
        let bottom = y1.ceil().min(target.rows.end as f32);
        if left >= right || top >= bottom {
            self.clear();
            return;
        }
        let (w, h) = ((right - left) as usize, (bottom - top) as usize);
        let stride = w + 2;
        if self.cells.len() < stride * h {
            self.cells.resize(stride * h, 0.0);
        }
        let wf = w as f32;
        let (row0, row1) = (top as usize, bottom as usize);
        for &[ax, ay, bx, by] in &self.lines {
            // What lies left of the box covers everything to its right:
            // it counts as if at the box's left edge; what lies right of
            // it covers nothing drawn: it counts at its right edge. Rows
            // are cut off by their canvas numbers, so a fill's pixels are
            // the same however the canvas is cut into strips.
            let (ax, bx) = (ax - left, bx - left);
            for (p, q) in split_at_x(ax, ay, bx, by, 0.0)
                .into_iter()
                .flatten()
                .flat_map(|(p, q)| split_at_x(p.0, p.1, q.0, q.1, wf).into_iter().flatten())
            {
                let clamp = |v: f32| v.clamp(0.0, wf);
                accumulate(
                    &mut self.cells,
                    stride,
                    row0..row1,
                    (clamp(p.0), p.1),
                    (clamp(q.0), q.1),
                );
            }
        }
        self.lines.clear();
        let scale = opacity.min(1.0) * 255.0;
        let (left, top) = (left as usize, top as usize);
        let row_bytes = target.width as usize * 4;
        let first = target.rows.start as usize;
        let ink = [rgb[0], rgb[1], rgb[2], 255];
        let coverage = |acc: f32| (acc.abs().min(1.0) * scale + 0.5) as u8;
        for (r, cells) in self.cells[..stride * h]
            .chunks_exact_mut(stride)
            .enumerate()
        {
            let at = (top + r - first) * row_bytes + left * 4;
            let Some(pixels) = target.data.get_mut(at..at + w * 4) else {
                cells.fill(0.0);
                continue;
            };
            // Each pixel's coverage: the signed areas summed along the row,
            // painted as it is found. Where no line crossed a run of cells
            // the sum holds: the run is painted at once (the same bytes as
            // summing them). The cells are left zeroed.
            let mut acc = 0.0f32;
            let mut i = 0;
            while i < w {
                if i + RUN <= w && untouched(&cells[i..i + RUN]) {
                    paint(&mut pixels[i * 4..(i + RUN) * 4], coverage(acc), ink);
                    i += RUN;
                    continue;
                }
                acc += cells[i];
                cells[i] = 0.0;
                paint(&mut pixels[i * 4..i * 4 + 4], coverage(acc), ink);
                i += 1;
            }
            cells[w] = 0.0;
            cells[w + 1] = 0.0;
        }
    }
}

/// Whether no line crossed these cells (all hold +0.0; a -0.0 counts as
/// crossed, which sums the same). Without stopping early, so it vectorises.
fn untouched(cells: &[f32]) -> bool {
    cells.iter().fold(0, |bits, c| bits | c.to_bits()) == 0
}

/// Paints opaque `ink` over premultiplied RGBA `pixels` at coverage `c`:
/// nothing at none, the ink itself at whole coverage.
fn paint(pixels: &mut [u8], c: u8, ink: [u8; 4]) {
    match c {
        0 => {}
        255 => {
            for px in pixels.chunks_exact_mut(4) {
                px.copy_from_slice(&ink);
            }
        }
        _ => {
            let (c, keep) = (c as u32, 255 - c as u32);
            for px in pixels.chunks_exact_mut(4) {
                for (d, s) in px.iter_mut().zip(ink) {
                    *d = div255(s as u32 * c + *d as u32 * keep);
                }
            }
        }
    }
}

/// A thin stroke's segment (in canvas pixels) drawn as tiny-skia draws a
/// hairline: along its major axis, each row (or column) it crosses covers
/// the two pixels either side of its centre there by how near each is,
/// and by how much of the row it crosses; all faded by `opacity`.
pub fn hairline(target: &mut Target, p: (f32, f32), q: (f32, f32), rgb: [u8; 3], opacity: f32) {
    if ![p.0, p.1, q.0, q.1, opacity].iter().all(|v| v.is_finite()) || opacity <= 0.0 {
        return;
    }
    let steep = (q.1 - p.1).abs() >= (q.0 - p.0).abs();
    // Along the major axis `a`, across it `b`.
    let (pa, pb, qa, qb) = if steep {
        (p.1, p.0, q.1, q.0)
    } else {
        (p.0, p.1, q.0, q.1)
    };
    let ((a0, b0), (a1, b1)) = if pa <= qa {
        ((pa, pb), (qa, qb))
    } else {
        ((qa, qb), (pa, pb))
    };
    if a1 <= a0 {
        return;
    }
    let slope = (b1 - b0) / (a1 - a0);
    let (w, rows) = (target.width as f32, &target.rows);
    let (lo, hi) = if steep {
        (rows.start as f32, rows.end as f32)
    } else {
        (0.0, w)
    };
    let first = a0.max(lo).floor();
    let last = a1.min(hi).ceil();
    let ink = [rgb[0], rgb[1], rgb[2], 255];
    let opacity = opacity.min(1.0);
    let mut step = first;
    while step < last {
        let (sa, sb) = (a0.max(step), a1.min(step + 1.0));
        step += 1.0;
        let span = sb - sa;
        if span <= 0.0 {
            continue;
        }
        let centre = b0 + ((sa + sb) / 2.0 - a0) * slope - 0.5;
        let near = centre.floor();
        let f = centre - near;
        for (across, share) in [(near, 1.0 - f), (near + 1.0, f)] {
            let (x, y) = if steep {
                (across, step - 1.0)
            } else {
                (step - 1.0, across)
            };
            if x < 0.0 || x >= w || y < rows.start as f32 || y >= rows.end as f32 {
                continue;
            }
            let c = (share * span * opacity * 255.0 + 0.5) as u32;
            if c == 0 {
                continue;
            }
            let at = ((y as usize - rows.start as usize) * target.width as usize + x as usize) * 4;
            if let Some(px) = target.data.get_mut(at..at + 4) {
                let keep = 255 - c.min(255);
                for (d, s) in px.iter_mut().zip(ink) {
                    *d = div255(s as u32 * c.min(255) + *d as u32 * keep);
                }
            }
        }
    }
}

/// How many straight pieces a curve whose control points bend by `bend`
/// (in pixels, weighted for its degree) is cut into.
fn pieces(bend: f32) -> usize {
    let n = (bend / TOLERANCE).sqrt().ceil();
    if n.is_finite() {
        n.clamp(1.0, MAX_PIECES) as usize
    } else {
        1
    }
}

/// `v / 255` rounded, for `v` up to 255 * 255.
fn div255(v: u32) -> u8 {
    ((v + 128 + ((v + 128) >> 8)) >> 8) as u8
}

type Piece = ((f32, f32), (f32, f32));

/// A line cut where it crosses x = `at` (one piece if it does not).
fn split_at_x(ax: f32, ay: f32, bx: f32, by: f32, at: f32) -> [Option<Piece>; 2] {
    if (ax < at) != (bx < at) && ax != bx {
        let t = (at - ax) / (bx - ax);
        let y = ay + (by - ay) * t;
        [Some(((ax, ay), (at, y))), Some(((at, y), (bx, by)))]
    } else {
        [Some(((ax, ay), (bx, by))), None]
    }
}

/// Adds a line's signed area to the cells (`stride` to a row, one row
/// for each canvas row in `rows`), x within 0..=stride - 2, y in canvas
/// rows; what lies outside `rows` is cut off.
fn accumulate(
    cells: &mut [f32],
    stride: usize,
    rows: std::ops::Range<usize>,
    p: (f32, f32),
    q: (f32, f32),
) {
    let (dir, p, q) = if p.1 < q.1 { (1.0, p, q) } else { (-1.0, q, p) };
    let (lo, hi) = (rows.start as f32, rows.end as f32);
    if q.1 <= lo || p.1 >= hi || q.1 == p.1 {
        return;
    }
    let dxdy = (q.0 - p.0) / (q.1 - p.1);
    let (ys, ye) = (p.1.max(lo), q.1.min(hi));
    let xmax = (stride - 2) as f32;
    let x_at = |y: f32| (p.0 + (y - p.1) * dxdy).clamp(0.0, xmax);
    let mut y = ys;
    let mut x = x_at(ys);
    let mut row = (ys.floor() as usize).max(rows.start);
    while y < ye && row < rows.end {
        let ynext = ((row + 1) as f32).min(ye);
        let xnext = x_at(ynext);
        let d = (ynext - y) * dir;
        let at = (row - rows.start) * stride;
        let Some(line) = cells.get_mut(at..at + stride) else {
            return;
        };
        let (a, b) = if x < xnext { (x, xnext) } else { (xnext, x) };
        let a_floor = a.floor();
        let ai = a_floor as usize;
        let b_ceil = b.ceil();
        let bi = b_ceil as usize;
        if bi <= ai + 1 {
            // Within one pixel: its share right of the line's middle.
            let mid = 0.5 * (x + xnext) - a_floor;
            line[ai] += d - d * mid;
            line[ai + 1] += d * mid;
        } else {
            let s = (b - a).recip();
            let af = a - a_floor;
            let a0 = 0.5 * s * (1.0 - af) * (1.0 - af);
            let bf = b - b_ceil + 1.0;
            let am = 0.5 * s * bf * bf;
            line[ai] += d * a0;
            if bi == ai + 2 {
                line[ai + 1] += d * (1.0 - a0 - am);
            } else {
                let a1 = s * (1.5 - af);
                line[ai + 1] += d * (a1 - a0);
                for cell in &mut line[ai + 2..bi - 1] {
                    *cell += d * s;
                }
                let a2 = a1 + (bi - ai - 3) as f32 * s;
                line[bi - 1] += d * (1.0 - a2 - am);
            }
            line[bi] += d * am;
        }
        x = xnext;
        y = ynext;
        row += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canvas(w: u32, h: u32) -> Vec<u8> {
        vec![255; (w * h * 4) as usize]
    }

    #[test]
    fn a_square_on_pixel_edges_fills_those_pixels_whole_and_no_others() {
        let mut data = canvas(8, 8);
        let mut r = Rasterizer::default();
        r.move_to(2.0, 2.0);
        r.line_to(5.0, 2.0);
        r.line_to(5.0, 6.0);
        r.line_to(2.0, 6.0);
        let mut target = Target {
            data: &mut data,
            width: 8,
            rows: 0..8,
        };
        r.fill(&mut target, [10, 20, 30], 1.0);
        for y in 0..8 {
            for x in 0..8 {
                let px = &data[(y * 8 + x) * 4..][..4];
                let inside = (2..5).contains(&x) && (2..6).contains(&y);
                let want: &[u8] = if inside {
                    &[10, 20, 30, 255]
                } else {
                    &[255; 4]
                };
                assert_eq!(px, want, "pixel {x},{y}");
            }
        }
        assert!(r.cells.iter().all(|c| *c == 0.0), "cells left zeroed");
    }

    #[test]
    fn half_covered_pixels_are_half_blended_and_opposite_windings_cut_holes() {
        // A triangle over a 4 x 4 block: the diagonal pixels half covered.
        let mut data = canvas(4, 4);
        let mut r = Rasterizer::default();
        r.move_to(0.0, 0.0);
        r.line_to(4.0, 0.0);
        r.line_to(0.0, 4.0);
        let mut target = Target {
            data: &mut data,
            width: 4,
            rows: 0..4,
        };
        r.fill(&mut target, [0, 0, 0], 1.0);
        // Pixel (3, 0) is cut by the diagonal x + y = 4 in half.
        assert_eq!(data[3 * 4], 127);
        assert_eq!(data[0], 0);
        assert_eq!(data[(3 * 4 + 3) * 4], 255);
        // A ring: the inner square wound the other way stays white.
        let mut data = canvas(6, 6);
        let mut target = Target {
            data: &mut data,
            width: 6,
            rows: 0..6,
        };
        r.move_to(0.0, 0.0);
        r.line_to(6.0, 0.0);
        r.line_to(6.0, 6.0);
        r.line_to(0.0, 6.0);
        r.move_to(2.0, 2.0);
        r.line_to(2.0, 4.0);
        r.line_to(4.0, 4.0);
        r.line_to(4.0, 2.0);
        r.fill(&mut target, [0, 0, 0], 1.0);
        assert_eq!(data[(2 * 6 + 2) * 4], 255);
        assert_eq!(data[(6 + 1) * 4], 0);
    }

    #[test]
    fn outlines_past_the_edges_are_cut_off_and_a_band_holds_its_own_rows() {
        // A square from -3 to 3 each way, drawn on rows 1..3 of a 4 wide canvas.
        let mut data = vec![255u8; 4 * 2 * 4];
        let mut r = Rasterizer::default();
        r.move_to(-3.0, -3.0);
        r.line_to(3.0, -3.0);
        r.line_to(3.0, 3.0);
        r.line_to(-3.0, 3.0);
        let mut target = Target {
            data: &mut data,
            width: 4,
            rows: 1..3,
        };
        r.fill(&mut target, [0, 0, 0], 0.5);
        for y in 0..2 {
            for x in 0..4 {
                let v = data[(y * 4 + x) * 4];
                assert_eq!(v, if x < 3 { 127 } else { 255 }, "pixel {x},{y}");
            }
        }
    }
}
