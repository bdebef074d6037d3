//! Render stage, PDF: card art as XObjects, each file once per PDF however
//! many cards draw it. A JPEG goes in as it is (DCTDecode: its bytes
//! unchanged, never decoded); a PNG is decoded and goes in as Flate image
//! data, with its alpha as a soft mask; an SVG goes in as vector paths (a
//! form XObject of its solid-colour outlines), so it prints sharp at any
//! size. Input: the image items of the pages; output: the objects, and the
//! draw operators of each item.

use std::collections::BTreeMap;
use std::path::PathBuf;

use pdf_writer::{Chunk, Filter, Name, Rect, Ref};

use super::content::ContentStream;

use super::RenderError;
use super::pdf::deflate;
use super::pdf_forms::Frame;
use super::pdf_page::{rounded_rect, trace_path};
use crate::layout::ImageItem;
use crate::model::{ImageFile, ImageFormat, VectorArt};

/// The images written so far: each file's XObject name number and object.
#[derive(Default)]
pub(super) struct UsedImages {
    pub by_path: BTreeMap<PathBuf, (usize, Ref)>,
}

impl UsedImages {
    /// The XObject name of an image already written.
    pub fn name(&self, image: &ImageFile) -> Option<String> {
        self.by_path.get(&image.path).map(|(n, _)| image_name(*n))
    }

    /// The resources a page with these items needs: (name, object) of each image.
    pub fn for_items<'a>(&self, items: impl Iterator<Item = &'a ImageItem>) -> Vec<(String, Ref)> {
        let mut used: BTreeMap<usize, Ref> = BTreeMap::new();
        for item in items {
            if let Some((n, r)) = self.by_path.get(&item.image.path) {
                used.insert(*n, *r);
            }
        }
        used.into_iter().map(|(n, r)| (image_name(n), r)).collect()
    }
}

fn image_name(n: usize) -> String {
    format!("Im{n}")
}

/// The objects of one image file: one or two chunks (a PNG's soft mask).
pub(super) fn image_objects(
    image: &ImageFile,
    id: Ref,
    next: &mut Ref,
) -> Result<Vec<Chunk>, RenderError> {
    let read = |e: std::io::Error| RenderError::Image {
        path: image.path.clone(),
        decode: false,
        message: e.to_string(),
    };
    let (w, h) = (image.width as i32, image.height as i32);
    let mut chunks = Vec::new();
    match &image.format {
        ImageFormat::Jpeg { components } => {
            let bytes = image.bytes().map_err(read)?;
            let mut chunk = Chunk::new();
            let mut x = chunk.image_xobject(id, &bytes);
            x.filter(Filter::DctDecode);
            x.width(w)
                .height(h)
                .bits_per_component(8)
                .color_space_name(Name(match components {
                    1 => b"DeviceGray".as_slice(),
                    4 => b"DeviceCMYK",
                    _ => b"DeviceRGB",
                }));
            // Adobe's CMYK JPEGs store their ink inverted.
            if *components == 4 && adobe_marker(&bytes) {
                x.decode([1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0]);
            }
            drop(x);
            chunks.push(chunk);
        }
        ImageFormat::Png => {
            let bytes = image.bytes().map_err(read)?;
            let decoded = decode_png(&bytes).map_err(|e| RenderError::Image {
                path: image.path.clone(),
                decode: true,
                message: e.to_string(),
            })?;
            let color = deflate(&decoded.color)?;
            let mask = match &decoded.alpha {
                Some(alpha) => Some((next.bump(), deflate(alpha)?)),
                None => None,
            };
            let mut chunk = Chunk::new();
            let mut x = chunk.image_xobject(id, &color);
            x.filter(Filter::FlateDecode);
            x.width(decoded.width as i32)
                .height(decoded.height as i32)
                .bits_per_component(8)
                .color_space_name(Name(if decoded.gray {
                    b"DeviceGray".as_slice()
                } else {
                    b"DeviceRGB"
                }));
            if let Some((mask_ref, _)) = &mask {
                x.s_mask(*mask_ref);
            }
            drop(x);
            chunks.push(chunk);
            if let Some((mask_ref, alpha)) = mask {
                let mut chunk = Chunk::new();
                let mut m = chunk.image_xobject(mask_ref, &alpha);
                m.filter(Filter::FlateDecode);
                m.width(decoded.width as i32)
                    .height(decoded.height as i32)
                    .bits_per_component(8)
                    .color_space_name(Name(b"DeviceGray"));
                drop(m);
                chunks.push(chunk);
            }
        }
        ImageFormat::Svg(art) => {
            let content = deflate(&vector_content(art))?;
            let (vx, vy, vw, vh) = art.view_box;
            let mut chunk = Chunk::new();
            let mut form = chunk.form_xobject(id, &content);
            form.filter(Filter::FlateDecode);
            form.bbox(Rect::new(vx, -(vy + vh), vx + vw, -vy));
            drop(form);
            chunks.push(chunk);
        }
    }
    Ok(chunks)
}

/// Whether a JPEG carries Adobe's APP14 marker (within its first segments).
fn adobe_marker(bytes: &[u8]) -> bool {
    bytes.get(..bytes.len().min(64 * 1024)).is_some_and(|head| {
        head.windows(9)
            .any(|w| w[..2] == [0xFF, 0xEE] && &w[4..] == b"Adobe")
    })
}

/// A PNG's pixels, 8 bits per channel, colour and alpha apart.
struct DecodedPng {
    width: u32,
    height: u32,
    gray: bool,
    color: Vec<u8>,
    alpha: Option<Vec<u8>>,
}

fn decode_png(bytes: &[u8]) -> Result<DecodedPng, png::DecodingError> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info()?;
    let mut buf = vec![0; reader.output_buffer_size().unwrap_or(0)];
    let info = reader.next_frame(&mut buf)?;
    buf.truncate(info.buffer_size());
    let (gray, channels, has_alpha) = match info.color_type {
        png::ColorType::Grayscale => (true, 1, false),
        png::ColorType::GrayscaleAlpha => (true, 2, true),
        png::ColorType::Rgba => (false, 4, true),
        // Indexed is expanded to RGB(A) above.
        _ => (false, 3, false),
    };
    let (color, alpha) = if has_alpha {
        let colors = channels - 1;
        let mut color = Vec::with_capacity(buf.len() / channels * colors);
        let mut alpha = Vec::with_capacity(buf.len() / channels);
        for px in buf.chunks_exact(channels) {
            color.extend_from_slice(&px[..colors]);
            alpha.push(px[colors]);
        }
        // An alpha channel that is opaque everywhere needs no mask.
        let opaque = alpha.iter().all(|a| *a == 255);
        (color, (!opaque).then_some(alpha))
    } else {
        (buf, None)
    };
    Ok(DecodedPng {
        width: info.width,
        height: info.height,
        gray,
        color,
        alpha,
    })
}

/// Vector art's outlines, its y turned up (the form's space is y up).
fn vector_content(art: &VectorArt) -> Vec<u8> {
    let mut c = ContentStream::new();
    for path in &art.paths {
        let [r, g, b] = path.color;
        c.set_fill_rgb(r, g, b);
        // Traced as on a page of height 0: (x, -y), flipped where it is drawn.
        trace_path(&mut c, &path.path, Frame { x0: 0.0, top: 0.0 });
        if path.even_odd {
            c.fill_even_odd();
        } else {
            c.fill_nonzero();
        }
    }
    c.finish()
}

/// Draws an image item: its (rounded) clip, then the image mapped into its rectangle.
pub(super) fn draw_image(c: &mut ContentStream, item: &ImageItem, name: &str, page_height: f32) {
    let h = page_height;
    let [cx, cy, cw, ch] = item.clip;
    let [x, y, w, rh] = item.rect;
    c.save_state();
    rounded_rect(c, cx, h - cy - ch, cw, ch, item.radius);
    c.clip_nonzero();
    c.end_path();
    match &item.image.format {
        ImageFormat::Svg(art) => {
            let (vx, vy, vw, vh) = art.view_box;
            let (sx, sy) = (w / vw.max(f32::EPSILON), rh / vh.max(f32::EPSILON));
            c.transform([sx, 0.0, 0.0, sy, x - vx * sx, h - y + vy * sy]);
        }
        _ => {
            c.transform([w, 0.0, 0.0, rh, x, h - y - rh]);
        }
    }
    c.x_object(name.as_bytes());
    c.restore_state();
}
