//! Load stage: proof that a PNG or JPEG a game names decodes whole, with
//! the decoders and settings the outputs use — `png` as the PDF and
//! tiny-skia decode it (8 bits a channel, palettes expanded), `zune-jpeg`
//! as resvg does for PNG, TTS and VASSAL pictures (RGBA out). Input: the
//! open file, its header already read and within the pixel cap; output:
//! `Ok`, or why it does not decode. A JPEG is decoded strictly: a cut or
//! corrupt scan, which the outputs would fill with grey (or a PDF viewer
//! show half-drawn) without a word, is refused. Memory: a PNG is decoded a
//! row at a time; a JPEG whole, at most four bytes a pixel of the capped
//! pixel count.

use std::io::{BufRead, BufReader, Seek, SeekFrom};

use crate::model::ImageFormat;

/// Why the picture in `file` (of `format`, `width` x `height` pixels by its
/// header) does not decode whole, if it does not. An SVG is proved by
/// being parsed, elsewhere.
pub(super) fn prove(
    file: &mut std::fs::File,
    format: &ImageFormat,
    width: u32,
    height: u32,
) -> Result<(), String> {
    if matches!(format, ImageFormat::Svg(_)) {
        return Ok(());
    }
    file.seek(SeekFrom::Start(0)).map_err(|e| e.to_string())?;
    let file = BufReader::with_capacity(64 * 1024, file);
    match format {
        ImageFormat::Png => prove_png(file).map_err(|e| format!("a PNG that does not decode: {e}")),
        _ => {
            prove_jpeg(file, width, height).map_err(|e| format!("a JPEG that does not decode: {e}"))
        }
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

/// Decodes a JPEG to RGBA as resvg does, strictly: a scan cut short or
/// holding data the decoder cannot read is an error rather than grey.
pub(super) fn prove_jpeg(file: impl BufRead + Seek, width: u32, height: u32) -> Result<(), String> {
    use zune_jpeg::zune_core::colorspace::ColorSpace;
    use zune_jpeg::zune_core::options::DecoderOptions;
    let options = DecoderOptions::default()
        .jpeg_set_out_colorspace(ColorSpace::RGBA)
        .set_strict_mode(true)
        .set_max_width(width as usize)
        .set_max_height(height as usize);
    let mut decoder = zune_jpeg::JpegDecoder::new_with_options(file, options);
    decoder.decode_headers().map_err(|e| e.to_string())?;
    if decoder.output_colorspace() != Some(ColorSpace::RGBA) {
        return Err("its colours cannot be drawn as RGB".to_string());
    }
    let pixels = decoder.decode().map_err(|e| e.to_string())?;
    let expected = u64::from(width) * u64::from(height) * 4;
    if pixels.len() as u64 != expected {
        return Err(format!(
            "it decodes to {} bytes of pixels, not the {expected} its header promises",
            pixels.len()
        ));
    }
    Ok(())
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
        assert_eq!(prove_jpeg(Cursor::new(&jpeg), 64, 48), Ok(()));
        // Cut in its scan: the outputs would fill the rest with grey.
        let cut = &jpeg[..jpeg.len() * 2 / 3];
        assert!(prove_jpeg(Cursor::new(cut), 64, 48).is_err());
        // Cut just inside its scan.
        let scan = jpeg
            .windows(2)
            .rposition(|w| w == [0xFF, 0xDA])
            .expect("a scan");
        assert!(prove_jpeg(Cursor::new(&jpeg[..scan + 40]), 64, 48).is_err());
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
