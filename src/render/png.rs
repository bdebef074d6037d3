//! Render stage, PNG: an outlined SVG (see [`super::svg::outlined_svg`])
//! rasterised with resvg at a given resolution and encoded with the png
//! crate's fast DEFLATE. No fonts are involved: text arrives as paths.

/// Rasterises `svg` (sized in points) at `dpi` into PNG bytes.
pub fn svg_to_png(svg: &str, dpi: f32) -> Result<Vec<u8>, String> {
    let options = resvg::usvg::Options::default();
    let tree = resvg::usvg::Tree::from_str(svg, &options).map_err(|e| format!("SVG: {e}"))?;
    let size = tree.size();
    // The SVG's user unit is the point; resvg reads "pt" sizes as 96/72 px.
    let scale = dpi / 72.0;
    let (w, h) = (
        size.width() * 72.0 / 96.0 * scale,
        size.height() * 72.0 / 96.0 * scale,
    );
    let (w, h) = (w.round().max(1.0) as u32, h.round().max(1.0) as u32);
    let mut pixmap = resvg::tiny_skia::Pixmap::new(w, h)
        .ok_or_else(|| format!("cannot make a {w} x {h} image"))?;
    let sx = w as f32 / size.width();
    let sy = h as f32 / size.height();
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(sx, sy),
        &mut pixmap.as_mut(),
    );
    encode(pixmap, dpi).map_err(|e| format!("PNG: {e}"))
}

/// PNG bytes of a rendered pixmap with the png crate's fast DEFLATE (fdeflate):
/// tiny-skia's own encoder uses the default level, most of the time per card.
/// A canvas with no transparency (every outlined SVG has a white ground) is
/// written as RGB. Its resolution is recorded (pHYs, in pixels per metre),
/// so a print shop or an image editor sizes it as it was drawn.
fn encode(pixmap: resvg::tiny_skia::Pixmap, dpi: f32) -> Result<Vec<u8>, png::EncodingError> {
    let (w, h) = (pixmap.width(), pixmap.height());
    let opaque = pixmap.data().chunks_exact(4).all(|px| px[3] == 255);
    let (color, data) = if opaque {
        let rgb: Vec<u8> = pixmap
            .data()
            .chunks_exact(4)
            .flat_map(|px| [px[0], px[1], px[2]])
            .collect();
        (png::ColorType::Rgb, rgb)
    } else {
        (png::ColorType::Rgba, pixmap.take_demultiplied())
    };
    let mut out = Vec::with_capacity(data.len() / 8);
    let mut encoder = png::Encoder::new(&mut out, w, h);
    encoder.set_color(color);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    let per_metre = (dpi / 0.0254).round() as u32;
    encoder.set_pixel_dims(Some(png::PixelDimensions {
        xppu: per_metre,
        yppu: per_metre,
        unit: png::Unit::Meter,
    }));
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&data)?;
    writer.finish()?;
    Ok(out)
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
}
