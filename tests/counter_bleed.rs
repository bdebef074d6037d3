//! Counters that survive duplex: `counters --bleed` runs each counter's
//! colour under a gutter, so a back printed 0.5 mm off still shows the
//! counter's own colour at every cut line — read from poppler's rendering of
//! the back page, the cut lines found from the cut marks in its margin; and
//! `--back-offset-x/-y` moves the back pages only.

mod support;

use resvg::tiny_skia::Pixmap;
use support::tools;

const DPI: f32 = 300.0;

/// Millimetres in pixels at [`DPI`].
fn mm(v: f32) -> f32 {
    v * DPI / 25.4
}

/// `counters grid-battles` with `flags`; page `page` rendered at 300 dpi.
fn render(flags: &[&str], page: usize) -> (Pixmap, std::path::PathBuf, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut args = vec!["counters", "grid-battles"];
    args.extend(flags);
    args.extend(["--out", dir.path().to_str().expect("path")]);
    support::grogpress(&args).exit(0);
    let pdf = dir.path().join("grid-battles/counters.pdf");
    let prefix = dir.path().join("page");
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
            pdf.to_str().expect("path"),
            prefix.to_str().expect("path"),
        ],
    );
    let bytes = std::fs::read(prefix.with_extension("png")).expect("the page PNG");
    (Pixmap::decode_png(&bytes).expect("a PNG"), pdf, dir)
}

fn rgb(p: &Pixmap, x: f32, y: f32) -> [u8; 3] {
    let px = p
        .pixel(x.round() as u32, y.round() as u32)
        .expect("pixel on the page");
    [px.red(), px.green(), px.blue()]
}

/// A side's colour: clearly tinted (the marks and text are grey or black).
fn tinted(c: [u8; 3]) -> bool {
    let (hi, lo) = (c.iter().max().unwrap_or(&0), c.iter().min().unwrap_or(&0));
    hi - lo > 30
}

fn dark(c: [u8; 3]) -> bool {
    c.iter().map(|&v| u32::from(v)).sum::<u32>() < 3 * 160
}

/// The block of counters: the first and last tinted row and column.
fn block(p: &Pixmap) -> (f32, f32, f32, f32) {
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for y in (0..p.height()).step_by(2) {
        for x in (0..p.width()).step_by(2) {
            if tinted(rgb(p, x as f32, y as f32)) {
                (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
            }
        }
    }
    (x0 as f32, y0 as f32, x1 as f32, y1 as f32)
}

/// The centres of the cut marks crossing the line from `from` along `step`
/// (one pixel at a time), for `len` pixels.
fn marks(p: &Pixmap, from: (f32, f32), step: (f32, f32), len: usize) -> Vec<f32> {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for i in 0..len {
        let (x, y) = (from.0 + step.0 * i as f32, from.1 + step.1 * i as f32);
        if dark(rgb(p, x, y)) {
            match runs.last_mut() {
                Some(run) if run.1 + 1 == i => run.1 = i,
                _ => runs.push((i, i)),
            }
        }
    }
    runs.iter().map(|&(a, b)| (a + b) as f32 / 2.0).collect()
}

/// Each horizontal cut line (y) with the colour just inside the counter
/// above it and 0.5 mm below the cut — what a back shifted 0.5 mm up shows
/// there — and likewise for the counter below it; at the counters' left
/// edge, where only the background is drawn. Cuts with no counter at
/// that edge (a row's end) are left out.
fn shifted_colours(p: &Pixmap) -> Vec<(f32, [u8; 3], [u8; 3])> {
    let (bx0, by0, _, by1) = block(p);
    // The horizontal cut lines, from their marks in the left margin.
    let ys = marks(p, (bx0 - mm(2.5), 0.0), (0.0, 1.0), p.height() as usize);
    let ys: Vec<f32> = ys
        .into_iter()
        .filter(|&y| y > by0 - mm(3.0) && y < by1 + mm(3.0))
        .collect();
    // The first column's left cut line, from the marks above the block.
    let xs = marks(p, (0.0, by0 - mm(2.5)), (1.0, 0.0), p.width() as usize);
    let left = xs
        .into_iter()
        .find(|&x| x >= bx0 - 1.0)
        .expect("a cut mark at the block's left");
    let x = left + mm(0.4);
    let mut out: Vec<(f32, [u8; 3], [u8; 3])> = Vec::new();
    for (n, &y) in ys.iter().enumerate() {
        if n > 0 {
            // The counter above this cut.
            out.push((y, rgb(p, x, y - mm(0.4)), rgb(p, x, y + mm(0.5))));
        }
        if n + 1 < ys.len() {
            // The counter below it.
            out.push((y, rgb(p, x, y + mm(0.4)), rgb(p, x, y - mm(0.5))));
        }
    }
    out.retain(|(_, inside, _)| tinted(*inside));
    out
}

fn close(a: [u8; 3], b: [u8; 3]) -> bool {
    a.iter().zip(&b).all(|(x, y)| x.abs_diff(*y) <= 12)
}

#[test]
fn a_half_millimetre_shift_shows_no_neighbours_colour_with_bleed() {
    // Both faces: the front page, and the mirrored backs.
    for page in [1, 2] {
        let (back, _, _dir) = render(&["--bleed"], page);
        let checked = shifted_colours(&back);
        // Two sides of two rows each: 8 cut lines, 4 seen from a counter's left
        // edge on each page at least.
        assert!(checked.len() >= 4, "{checked:?}");
        for (y, inside, shifted) in &checked {
            assert!(
                close(*inside, *shifted),
                "cut at {y}: {inside:?} inside, {shifted:?} 0.5 mm off"
            );
        }
    }
    // Butted counters of two sides do show the neighbour's colour.
    let (butted, _, _dir) = render(&[], 1);
    let checked = shifted_colours(&butted);
    assert!(
        checked
            .iter()
            .any(|(_, inside, shifted)| tinted(*shifted) && !close(*inside, *shifted)),
        "{checked:?}"
    );
}

#[test]
fn back_offsets_move_only_the_backs() {
    let words = |pdf: &std::path::Path| tools::word_boxes(pdf);
    let (_, plain, _d1) = render(&["--bleed"], 1);
    let (_, moved, _d2) = render(
        &[
            "--bleed",
            "--back-offset-x",
            "0.5mm",
            "--back-offset-y",
            "-1mm",
        ],
        1,
    );
    let (a, b) = (words(&plain), words(&moved));
    assert_eq!(a.len(), 2);
    // Fronts (page 1) where they were; every word of the backs moved by the offset.
    assert_eq!(a[0], b[0]);
    assert_eq!(a[1].1.len(), b[1].1.len());
    assert!(!a[1].1.is_empty());
    for ((wa, ba), (wb, bb)) in a[1].1.iter().zip(&b[1].1) {
        assert_eq!(wa, wb);
        let (dx, dy) = (bb[0] - ba[0], bb[1] - ba[1]);
        assert!((dx - 0.5 * 72.0 / 25.4).abs() < 0.02, "{wa}: moved {dx}");
        assert!((dy + 72.0 / 25.4).abs() < 0.02, "{wa}: moved {dy}");
    }
}
