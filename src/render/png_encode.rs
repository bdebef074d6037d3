//! Render stage, PNG bytes: 8-bit RGB or RGBA rows to a PNG file. Each row
//! is filtered by the PNG filter that leaves the smallest sum of
//! differences (libpng's heuristic, which the png crate's adaptive filter
//! follows too), the filtered rows deflated by fdeflate (the png crate's
//! fast compressor), and the resolution recorded. Filtering is split from
//! compressing so that a big picture's rows are filtered on all cores, by
//! the threads that drew them.
//!
//! Kept beside the png crate's encoder because it is measured ahead:
//! `cargo bench --bench raster` on a 3,000-cell map (21.6 Mpx) writes
//! resvg's pixels in 2.04 s through this and 2.70 s through png (adaptive
//! filter, fast compression), and the file is 6.4 MB against 9.4 MB.

use std::io::Write as _;

/// What the pixels of a PNG are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Color {
    Rgb,
    Rgba,
}

impl Color {
    /// Bytes to a pixel.
    pub fn bytes(self) -> usize {
        match self {
            Color::Rgb => 3,
            Color::Rgba => 4,
        }
    }

    /// The IHDR colour type.
    fn code(self) -> u8 {
        match self {
            Color::Rgb => 2,
            Color::Rgba => 6,
        }
    }
}

/// Filters `rows` (whole rows of `row_bytes`, one after the other) into
/// `out`: each row's filter type then its filtered bytes. `above` is the
/// row over the first (none for a picture's top row).
pub fn filter_rows(
    above: Option<&[u8]>,
    rows: &[u8],
    row_bytes: usize,
    bpp: usize,
    out: &mut [u8],
) {
    if row_bytes == 0 {
        return;
    }
    let zeros = vec![0u8; if above.is_none() { row_bytes } else { 0 }];
    let mut prev = above.unwrap_or(&zeros);
    let mut rooms = (vec![0u8; row_bytes], vec![0u8; row_bytes]);
    for (row, out) in rows
        .chunks_exact(row_bytes)
        .zip(out.chunks_exact_mut(row_bytes + 1))
    {
        let (best, tried) = (&mut rooms.0, &mut rooms.1);
        out[0] = filter_row(prev, row, bpp, best, tried);
        out[1..].copy_from_slice(best);
        prev = row;
    }
}

/// Filters (type bytes) in the order tried: as the png crate's adaptive
/// filter tries them (up, sub, average, Paeth; the last of equals wins).
const TRIED: [u8; 4] = [2, 1, 3, 4];

/// The filter whose differences, read as signed bytes, sum smallest
/// (libpng's heuristic), with the row filtered by it left in `best`;
/// `prev` is the row above (zeros over the top row), `tried` room for a
/// row.
fn filter_row(prev: &[u8], row: &[u8], bpp: usize, best: &mut Vec<u8>, tried: &mut Vec<u8>) -> u8 {
    let mut least = u64::MAX;
    let mut kind = 0;
    for k in TRIED {
        apply_filter(k, prev, row, bpp, tried);
        let cost = size(tried);
        if cost <= least {
            least = cost;
            kind = k;
            std::mem::swap(best, tried);
            if cost == 0 {
                break;
            }
        }
    }
    kind
}

/// Bytes handled together: fixed-size loops the compiler vectorises.
const LANES: usize = 32;

/// The filtered bytes' sizes read as signed bytes, summed.
fn size(filtered: &[u8]) -> u64 {
    let mut chunks = filtered.chunks_exact(LANES);
    let mut sum = 0u64;
    for chunk in &mut chunks {
        let mut part = 0u32;
        for &v in chunk {
            part += u32::from((v as i8).unsigned_abs());
        }
        sum += u64::from(part);
    }
    sum + chunks
        .remainder()
        .iter()
        .map(|&v| u64::from((v as i8).unsigned_abs()))
        .sum::<u64>()
}

/// One row filtered into `out` by filter `kind`: 0 none, 1 sub, 2 up,
/// 3 average, 4 Paeth; `prev` the row above.
fn apply_filter(kind: u8, prev: &[u8], row: &[u8], bpp: usize, out: &mut [u8]) {
    let n = row.len();
    let bpp = bpp.min(n);
    // The first pixel has nothing to its left (zeros are taken).
    let (head, tail) = out.split_at_mut(bpp);
    let (x, a) = (&row[bpp..], &row[..n - bpp]);
    let (b, c) = (&prev[bpp..], &prev[..n - bpp]);
    match kind {
        0 => out.copy_from_slice(row),
        1 => {
            head.copy_from_slice(&row[..bpp]);
            residuals(tail, x, a, b, c, |a, _, _| a);
        }
        2 => residuals(out, row, prev, prev, prev, |_, b, _| b),
        3 => {
            residuals(head, row, prev, prev, prev, |_, b, _| b / 2);
            residuals(tail, x, a, b, c, |a, b, _| (a & b) + ((a ^ b) >> 1));
        }
        _ => {
            // Paeth with nothing to the left predicts the byte above.
            residuals(head, row, prev, prev, prev, |_, b, _| b);
            residuals(tail, x, a, b, c, paeth);
        }
    }
}

/// `out[i] = x[i] - predict(a[i], b[i], c[i])` (left, above, above-left),
/// a chunk of [`LANES`] at a time.
#[inline(always)]
fn residuals(
    out: &mut [u8],
    x: &[u8],
    a: &[u8],
    b: &[u8],
    c: &[u8],
    predict: impl Fn(u8, u8, u8) -> u8,
) {
    let n = out
        .len()
        .min(x.len())
        .min(a.len())
        .min(b.len())
        .min(c.len());
    let (out, x, a, b, c) = (&mut out[..n], &x[..n], &a[..n], &b[..n], &c[..n]);
    let mut outs = out.chunks_exact_mut(LANES);
    let (mut xs, mut as_, mut bs, mut cs) = (
        x.chunks_exact(LANES),
        a.chunks_exact(LANES),
        b.chunks_exact(LANES),
        c.chunks_exact(LANES),
    );
    for ((((o, x), a), b), c) in (&mut outs)
        .zip(&mut xs)
        .zip(&mut as_)
        .zip(&mut bs)
        .zip(&mut cs)
    {
        for i in 0..LANES {
            o[i] = x[i].wrapping_sub(predict(a[i], b[i], c[i]));
        }
    }
    for ((((o, &x), &a), &b), &c) in outs
        .into_remainder()
        .iter_mut()
        .zip(xs.remainder())
        .zip(as_.remainder())
        .zip(bs.remainder())
        .zip(cs.remainder())
    {
        *o = x.wrapping_sub(predict(a, b, c));
    }
}

/// The PNG Paeth predictor: whichever of left (`a`), above (`b`) and
/// above-left (`c`) is nearest to a + b - c. In bytes only, as FPNGE
/// computes it (the png crate's `filter_paeth_fpnge`), so it vectorises:
/// |p - c| matters only when c lies between a and b, and is then
/// | |b - c| - |a - c| |.
fn paeth(a: u8, b: u8, c: u8) -> u8 {
    let pa = b.max(c) - c.min(b);
    let pb = a.max(c) - c.min(a);
    let pc = if (a < c) == (c < b) {
        pa.max(pb) - pa.min(pb)
    } else {
        255
    };
    if pa <= pb && pa <= pc {
        a
    } else if pb <= pc {
        b
    } else {
        c
    }
}

/// A PNG of `width` x `height` pixels of `color` from rows already
/// filtered ([`filter_rows`]), `dpi` recorded in its pHYs chunk.
pub fn png_of_filtered(
    filtered: &[u8],
    width: u32,
    height: u32,
    color: Color,
    dpi: f32,
) -> std::io::Result<Vec<u8>> {
    let mut zlib = Deflater::new(filtered.len())?;
    zlib.write(filtered)?;
    Ok(png_of_zlib(
        &zlib.finish(filtered)?,
        width,
        height,
        color,
        dpi,
    ))
}

/// A PNG of `width` x `height` pixels of `color` whose filtered rows are
/// the zlib stream `idat` ([`Deflater`]), `dpi` recorded in its pHYs chunk.
pub fn png_of_zlib(idat: &[u8], width: u32, height: u32, color: Color, dpi: f32) -> Vec<u8> {
    let mut out = Vec::with_capacity(idat.len() + 128);
    out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut header = Vec::with_capacity(13);
    header.extend_from_slice(&width.to_be_bytes());
    header.extend_from_slice(&height.to_be_bytes());
    // 8 bits a sample, deflate, adaptive filtering, not interlaced.
    header.extend_from_slice(&[8, color.code(), 0, 0, 0]);
    chunk(&mut out, b"IHDR", &header);
    let per_metre = (dpi / 0.0254).round() as u32;
    let mut phys = Vec::with_capacity(9);
    phys.extend_from_slice(&per_metre.to_be_bytes());
    phys.extend_from_slice(&per_metre.to_be_bytes());
    phys.push(1);
    chunk(&mut out, b"pHYs", &phys);
    // A chunk holds at most 2^31 - 1 bytes.
    for part in idat.chunks(1 << 30) {
        chunk(&mut out, b"IDAT", part);
    }
    chunk(&mut out, b"IEND", &[]);
    out
}

/// A PNG of `data` (`width` pixels of `color` to a row), filtered here on
/// this thread.
pub fn png_of(data: &[u8], width: u32, color: Color, dpi: f32) -> std::io::Result<Vec<u8>> {
    let row_bytes = width as usize * color.bytes();
    let height = data.len().checked_div(row_bytes).unwrap_or(0);
    let mut filtered = vec![0u8; height * (row_bytes + 1)];
    filter_rows(None, data, row_bytes, color.bytes(), &mut filtered);
    png_of_filtered(&filtered, width, height as u32, color, dpi)
}

/// The zlib stream of a picture's filtered rows, fed a part at a time in
/// order (a big picture's strips as they are drawn): fdeflate's, or
/// stored blocks when those are smaller (as the png crate does).
pub struct Deflater {
    fast: fdeflate::Compressor<Vec<u8>>,
}

impl Deflater {
    /// One for about `bytes` of filtered rows.
    pub fn new(bytes: usize) -> std::io::Result<Deflater> {
        Ok(Deflater {
            fast: fdeflate::Compressor::new(Vec::with_capacity(bytes / 4 + 64))?,
        })
    }

    /// The next filtered rows.
    pub fn write(&mut self, filtered: &[u8]) -> std::io::Result<()> {
        self.fast.write_data(filtered)
    }

    /// The stream, given all the filtered rows written (for the stored
    /// blocks, should those be smaller).
    pub fn finish(self, filtered: &[u8]) -> std::io::Result<Vec<u8>> {
        let fast = self.fast.finish()?;
        if fast.len() <= fdeflate::StoredOnlyCompressor::<()>::compressed_size(filtered.len()) {
            return Ok(fast);
        }
        let mut stored = fdeflate::StoredOnlyCompressor::new(std::io::Cursor::new(Vec::new()))?;
        stored.write_data(filtered)?;
        Ok(stored.finish()?.into_inner())
    }
}

/// Appends a PNG chunk: length, type, data, CRC of type and data.
fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    let len = u32::try_from(data.len()).unwrap_or(u32::MAX);
    out.extend_from_slice(&len.to_be_bytes());
    let mut crc = flate2::Crc::new();
    crc.update(kind);
    crc.update(data);
    let _ = out.write_all(kind);
    out.extend_from_slice(data);
    out.extend_from_slice(&crc.sum().to_be_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pixels where each filter wins somewhere: flat runs, left-to-right
    /// ramps, rows repeating the one above, and noise.
    fn picture(w: usize, h: usize, bpp: usize) -> Vec<u8> {
        let mut seed = 0x2545_f491_u32;
        let mut noise = || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed as u8
        };
        let mut data = Vec::with_capacity(w * h * bpp);
        for y in 0..h {
            for x in 0..w {
                for k in 0..bpp {
                    let v = match y % 5 {
                        0 => 200,
                        1 => (x * 3 + k) as u8,
                        2 => (x * 3 + k) as u8,
                        3 => ((x + y) * 2) as u8,
                        _ => noise(),
                    };
                    data.push(v);
                }
            }
        }
        data
    }

    fn decoded(png: &[u8]) -> (png::OutputInfo, Vec<u8>) {
        let mut reader = png::Decoder::new(std::io::Cursor::new(png))
            .read_info()
            .expect("a PNG header");
        let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
        let info = reader.next_frame(&mut buf).expect("decodes");
        buf.truncate(info.buffer_size());
        (info, buf)
    }

    #[test]
    fn pngs_decode_to_the_pixels_given() {
        for (color, bpp) in [(Color::Rgb, 3), (Color::Rgba, 4)] {
            for (w, h) in [(1, 1), (2, 3), (37, 21), (300, 40)] {
                let data = picture(w, h, bpp);
                let png = png_of(&data, w as u32, color, 150.0).expect("encodes");
                let (info, pixels) = decoded(&png);
                assert_eq!((info.width, info.height), (w as u32, h as u32));
                let want = match color {
                    Color::Rgb => png::ColorType::Rgb,
                    Color::Rgba => png::ColorType::Rgba,
                };
                assert_eq!(info.color_type, want);
                assert!(
                    pixels == data,
                    "{w} x {h} {color:?} decodes to other pixels"
                );
            }
        }
    }

    #[test]
    fn rows_filtered_in_parts_are_the_rows_filtered_whole() {
        let (w, h, bpp) = (50, 30, 3);
        let data = picture(w, h, bpp);
        let row = w * bpp;
        let mut whole = vec![0; h * (row + 1)];
        filter_rows(None, &data, row, bpp, &mut whole);
        let mut parts = vec![0; h * (row + 1)];
        let (top, rest) = parts.split_at_mut(7 * (row + 1));
        filter_rows(None, &data[..7 * row], row, bpp, top);
        filter_rows(
            Some(&data[6 * row..7 * row]),
            &data[7 * row..],
            row,
            bpp,
            rest,
        );
        assert!(whole == parts);
        // The rows are not all filtered alike.
        let mut kinds: Vec<u8> = whole.chunks_exact(row + 1).map(|r| r[0]).collect();
        kinds.sort_unstable();
        kinds.dedup();
        assert!(kinds.len() >= 3, "filters chosen: {kinds:?}");
    }

    #[test]
    fn every_filter_decodes_to_the_pixels() {
        let (w, h, bpp) = (23, 9, 4);
        let data = picture(w, h, bpp);
        let row = w * bpp;
        for kind in 0..5 {
            let mut filtered = vec![0; h * (row + 1)];
            let zeros = vec![0; row];
            let mut prev = &zeros[..];
            for (r, out) in data
                .chunks_exact(row)
                .zip(filtered.chunks_exact_mut(row + 1))
            {
                out[0] = kind;
                apply_filter(kind, prev, r, bpp, &mut out[1..]);
                prev = r;
            }
            let png =
                png_of_filtered(&filtered, w as u32, h as u32, Color::Rgba, 96.0).expect("encodes");
            assert!(decoded(&png).1 == data, "filter {kind}");
        }
    }

    #[test]
    fn paeth_is_the_spec_predictor_for_every_byte_triple() {
        let spec = |a: u8, b: u8, c: u8| {
            let p = i16::from(a) + i16::from(b) - i16::from(c);
            let (pa, pb, pc) = (
                (p - i16::from(a)).abs(),
                (p - i16::from(b)).abs(),
                (p - i16::from(c)).abs(),
            );
            if pa <= pb && pa <= pc {
                a
            } else if pb <= pc {
                b
            } else {
                c
            }
        };
        for a in 0..=255 {
            for b in 0..=255 {
                for c in 0..=255 {
                    assert_eq!(paeth(a, b, c), spec(a, b, c), "{a} {b} {c}");
                }
            }
        }
    }

    #[test]
    fn the_resolution_is_recorded() {
        let png = png_of(&[0, 0, 0], 1, Color::Rgb, 72.0).expect("encodes");
        let (info, _) = decoded(&png);
        let reader = png::Decoder::new(std::io::Cursor::new(&png))
            .read_info()
            .expect("a header");
        let dims = reader.info().pixel_dims.expect("pHYs");
        assert_eq!(
            (dims.xppu, dims.yppu, dims.unit),
            (2835, 2835, png::Unit::Meter)
        );
        assert_eq!(info.width, 1);
    }
}
