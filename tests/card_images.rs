//! Per-card images: every card written as SVG and PNG from the same layout as
//! the PDF. The PNG is compared with poppler's rendering of the PDF page of
//! the same card: the ink of the text must sit at the same place within one
//! pixel at 300 dpi. (The TTS deck: tests/tts_deck.rs.)

mod support;

use std::path::Path;

use resvg::tiny_skia::Pixmap;
use support::tools;

/// Runs grogpress from the crate root; fails the test unless it succeeds.
fn grogpress(args: &[&str]) {
    support::grogpress(args).exit(0);
}

fn png(path: &Path) -> Pixmap {
    Pixmap::decode_png(
        &std::fs::read(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display())),
    )
    .unwrap_or_else(|e| panic!("decode {}: {e}", path.display()))
}

/// Bounding box (x0, y0, x1, y1) of dark pixels inside `area` (pixels).
fn ink_box(p: &Pixmap, area: (u32, u32, u32, u32)) -> (u32, u32, u32, u32) {
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for y in area.1..area.3 {
        for x in area.0..area.2 {
            let px = p.pixel(x, y).expect("pixel in range");
            let dark = px.alpha() > 128
                && (u32::from(px.red()) + u32::from(px.green()) + u32::from(px.blue())) < 3 * 100;
            if dark {
                (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
            }
        }
    }
    (x0, y0, x1, y1)
}

#[test]
fn png_text_sits_where_the_pdf_puts_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().to_str().expect("path");
    grogpress(&[
        "cards",
        "battlegrid",
        "--print-shop",
        "--png",
        "--svg",
        "--dpi",
        "300",
        "--out",
        out,
    ]);
    let images = dir.path().join("battlegrid/images/action");
    let pdf = dir.path().join("battlegrid/action-cards-print-shop.pdf");
    // Print-shop pages are the card plus 1/8 in bleed: 198 x 270 pt = 825 x 1125 px.
    for (card, page, stem) in [
        (1, 1, "01-bad-coordinates"),
        (17, 33, "17-order-confusion"),
        (18, 35, "18-partial-minefield"),
    ] {
        let ours = png(&images.join(format!("{stem}.png")));
        assert_eq!((ours.width(), ours.height()), (825, 1125), "card {card}");
        assert!(images.join(format!("{stem}.svg")).is_file());
        let prefix = dir.path().join(format!("pdf-{card}"));
        let page = page.to_string();
        tools::tool(
            "pdftoppm",
            &[
                "-r",
                "300",
                "-png",
                "-singlefile",
                "-f",
                &page,
                "-l",
                &page,
                pdf.to_str().expect("utf-8 path"),
                prefix.to_str().expect("utf-8 path"),
            ],
        );
        let theirs = png(&prefix.with_extension("png"));
        assert_eq!((theirs.width(), theirs.height()), (825, 1125));
        // Inside the frame (6 pt in from the trim, + 9 pt bleed): only text.
        let inner = (
            ((9.0 + 7.5) * 300.0 / 72.0) as u32,
            ((9.0 + 7.5) * 300.0 / 72.0) as u32,
            825 - 69,
            1125 - 69,
        );
        let (a, b) = (ink_box(&ours, inner), ink_box(&theirs, inner));
        assert!(a.0 < a.2, "card {card}: no text in our PNG");
        for (x, y) in [(a.0, b.0), (a.1, b.1), (a.2, b.2), (a.3, b.3)] {
            assert!(
                x.abs_diff(y) <= 1,
                "card {card}: text box {a:?} in the PNG vs {b:?} in the PDF"
            );
        }
    }
}
