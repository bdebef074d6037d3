//! Render stage, PNG: an outlined SVG (see [`super::vector`]) rasterised with
//! resvg at a given resolution. No fonts are involved: text arrives as paths.

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
    pixmap.encode_png().map_err(|e| format!("PNG: {e}"))
}
