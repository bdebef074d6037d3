//! Load stage: proof that a PNG or JPEG a game names can be drawn whole,
//! with the decoders and settings the outputs use. Input: the open file,
//! its header already read and within the pixel cap; output: `Ok`, or why
//! not. A PNG is decoded whole by `png` as the PDF and tiny-skia decode it
//! (8 bits a channel, palettes expanded), a row at a time: a cut file, a
//! damaged `IDAT` or a bad CRC is refused. A JPEG's headers are read by
//! `zune-jpeg` as resvg reads them for PNG, TTS and VASSAL pictures (RGBA
//! out), and its markers walked through every scan to its end: a file cut
//! short, which the outputs would fill with grey (or a PDF viewer draw
//! half) without a word, is refused. Its scans are not decoded: that cost
//! as much as drawing it, and made checking a deck of 1,000 photographs
//! eight times slower.

use std::io::{BufRead, BufReader, Seek, SeekFrom};

use crate::model::ImageFormat;

/// Why the picture in `file` (of `format`) cannot be drawn whole, if it
/// cannot. An SVG is proved by being parsed, elsewhere.
pub(super) fn prove(file: &mut std::fs::File, format: &ImageFormat) -> Result<(), String> {
    if matches!(format, ImageFormat::Svg(_)) {
        return Ok(());
    }
    file.seek(SeekFrom::Start(0)).map_err(|e| e.to_string())?;
    let file = BufReader::with_capacity(64 * 1024, file);
    match format {
        ImageFormat::Png => prove_png(file).map_err(|e| format!("a PNG that does not decode: {e}")),
        _ => prove_jpeg(file).map_err(|e| format!("a JPEG that cannot be read whole: {e}")),
    }
}

/// Decodes every row of a PNG and reads on to its end (`IEND`): a cut file,
/// a damaged `IDAT` or a chunk whose CRC is wrong is an error.
pub(super) fn prove_png(file: impl BufRead + Seek) -> Result<(), String> {
    let mut decoder = png::Decoder::new(file);
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().map_err(|e| e.to_string())?;
    while reader.next_row().map_err(|e| e.to_string())?.is_some() {}
    reader.finish().map_err(|e| e.to_string())
}

/// A JPEG's headers read by resvg's decoder with resvg's settings (so
/// the PNG, TTS and VASSAL outputs can draw it), then its structure walked
/// from marker to marker through every scan's data to the end-of-image
/// marker: a file cut short anywhere, or a segment running past its end,
/// is an error. The scans are not decoded (that costs as much as drawing
/// the picture, eight times a whole check of a deck of photographs); bytes
/// garbled inside a scan that keep its structure are not found.
pub(super) fn prove_jpeg<R: BufRead + Seek>(mut file: R) -> Result<(), String> {
    use zune_jpeg::zune_core::colorspace::ColorSpace;
    use zune_jpeg::zune_core::options::DecoderOptions;
    let start = file.stream_position().map_err(|e| e.to_string())?;
    {
        let options = DecoderOptions::default().jpeg_set_out_colorspace(ColorSpace::RGBA);
        let mut decoder = zune_jpeg::JpegDecoder::new_with_options(&mut file, options);
        decoder.decode_headers().map_err(|e| e.to_string())?;
        if decoder.output_colorspace() != Some(ColorSpace::RGBA) {
            return Err("its colours cannot be drawn as RGB".to_string());
        }
    }
    file.seek(SeekFrom::Start(start))
        .map_err(|e| e.to_string())?;
    jpeg_structure(&mut Bytes(file)).map_err(|e| e.to_string())?
}

/// Why a JPEG's markers do not run whole from its start to its
/// end-of-image marker (the outer error: the file cannot be read).
fn jpeg_structure<R: BufRead>(bytes: &mut Bytes<R>) -> std::io::Result<Result<(), String>> {
    let cut = |what: &str| Ok(Err(format!("the file is cut short {what}")));
    if bytes.next()? != Some(0xFF) || bytes.next()? != Some(0xD8) {
        return Ok(Err("it does not start as a JPEG".to_string()));
    }
    let mut scans = 0usize;
    loop {
        // The next marker: in a scan's data, past its bytes, stuffed bytes
        // (FF 00) and restart markers; between segments, past any stray
        // bytes, as other decoders skip them.
        let marker = loop {
            if !bytes.past_ff()? {
                return cut("in its picture data");
            }
            let mut m = bytes.next()?;
            while m == Some(0xFF) {
                m = bytes.next()?;
            }
            match m {
                None => return cut("in its picture data"),
                Some(0x00 | 0x01 | 0xD0..=0xD7) => continue,
                Some(m) => break m,
            }
        };
        match marker {
            0xD9 if scans > 0 => return Ok(Ok(())),
            0xD9 => return Ok(Err("it ends before any picture data".to_string())),
            0xD8 => return Ok(Err("a second start-of-image marker".to_string())),
            _ => {
                let (Some(hi), Some(lo)) = (bytes.next()?, bytes.next()?) else {
                    return cut("in a segment's header");
                };
                let len = u16::from_be_bytes([hi, lo]);
                if len < 2 {
                    return Ok(Err(format!("a segment of length {len}")));
                }
                if !bytes.skip(usize::from(len) - 2)? {
                    return cut("in a segment");
                }
                scans += usize::from(marker == 0xDA);
            }
        }
    }
}

/// A buffered reader read a byte, or a run of bytes, at a time.
struct Bytes<R>(R);

impl<R: BufRead> Bytes<R> {
    fn next(&mut self) -> std::io::Result<Option<u8>> {
        let Some(&b) = self.0.fill_buf()?.first() else {
            return Ok(None);
        };
        self.0.consume(1);
        Ok(Some(b))
    }

    /// Skips `n` bytes; false if the file ends first.
    fn skip(&mut self, mut n: usize) -> std::io::Result<bool> {
        while n > 0 {
            let have = self.0.fill_buf()?.len();
            if have == 0 {
                return Ok(false);
            }
            let k = n.min(have);
            self.0.consume(k);
            n -= k;
        }
        Ok(true)
    }

    /// Skips to just past the next 0xFF; false if the file ends first.
    fn past_ff(&mut self) -> std::io::Result<bool> {
        loop {
            let buf = self.0.fill_buf()?;
            if buf.is_empty() {
                return Ok(false);
            }
            match memchr::memchr(0xFF, buf) {
                Some(i) => {
                    self.0.consume(i + 1);
                    return Ok(true);
                }
                None => {
                    let len = buf.len();
                    self.0.consume(len);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    fn png_bytes(w: u32, h: u32) -> Vec<u8> {
        let mut out = Vec::new();
        let mut encoder = png::Encoder::new(&mut out, w, h);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().expect("header");
        let data: Vec<u8> = (0..w * h * 3).map(|i| (i * 7 % 251) as u8).collect();
        writer.write_image_data(&data).expect("data");
        writer.finish().expect("finish");
        out
    }

    #[test]
    fn a_whole_jpeg_decodes_and_a_cut_one_does_not() {
        let (w, h) = (64u16, 48u16);
        let pixels: Vec<u8> = (0..usize::from(w) * usize::from(h) * 3)
            .map(|i| (i * 13 % 256) as u8)
            .collect();
        let mut jpeg = Vec::new();
        jpeg_encoder::Encoder::new(&mut jpeg, 90)
            .encode(&pixels, w, h, jpeg_encoder::ColorType::Rgb)
            .expect("encode");
        assert_eq!(prove_jpeg(Cursor::new(&jpeg)), Ok(()));
        // Cut in its scan: the outputs would fill the rest with grey.
        // (And cut by its last byte, half its end-of-image marker.)
        assert!(prove_jpeg(Cursor::new(&jpeg[..jpeg.len() - 1])).is_err());
        let cut = &jpeg[..jpeg.len() * 2 / 3];
        assert!(prove_jpeg(Cursor::new(cut)).is_err());
        // Cut just inside its scan.
        let scan = jpeg
            .windows(2)
            .rposition(|w| w == [0xFF, 0xDA])
            .expect("a scan");
        assert!(prove_jpeg(Cursor::new(&jpeg[..scan + 40])).is_err());
    }

    #[test]
    fn grey_and_cmyk_jpegs_are_drawn_too() {
        for (color, channels) in [
            (jpeg_encoder::ColorType::Luma, 1),
            (jpeg_encoder::ColorType::Cmyk, 4),
        ] {
            let pixels: Vec<u8> = (0..32 * 24 * channels).map(|i| (i % 256) as u8).collect();
            let mut jpeg = Vec::new();
            jpeg_encoder::Encoder::new(&mut jpeg, 90)
                .encode(&pixels, 32, 24, color)
                .expect("encode");
            assert_eq!(prove_jpeg(Cursor::new(&jpeg)), Ok(()), "{color:?}");
        }
    }

    #[test]
    fn a_whole_png_decodes_and_a_cut_or_garbled_one_does_not() {
        let png = png_bytes(40, 30);
        assert_eq!(prove_png(Cursor::new(&png)), Ok(()));
        let cut = &png[..png.len() / 2];
        assert!(prove_png(Cursor::new(cut)).is_err());
        // Garble the IDAT's data (the CRC then fails too).
        let at = png.windows(4).position(|w| w == b"IDAT").expect("an IDAT");
        let mut garbled = png.clone();
        for b in &mut garbled[at + 4..at + 24] {
            *b ^= 0x5A;
        }
        assert!(prove_png(Cursor::new(&garbled)).is_err());
        // Only the trailing IEND cut: refused too (the file is damaged).
        assert!(prove_png(Cursor::new(&png[..png.len() - 12])).is_err());
    }
}
