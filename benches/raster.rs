//! Benchmark: the map PNG made by our own rasteriser and encoder
//! (`render/raster.rs`, `render/png_encode.rs`: rows drawn in strips on all
//! cores, each strip filtered where it was drawn and handed to fdeflate)
//! against the crates' way: the map's SVG read by usvg, drawn by resvg on
//! tiny-skia, and written by the png crate (adaptive filter, fast
//! compression), and against resvg with our encoder. A flat-top hex map at
//! two sizes ten times apart (300 and 3,000 cells, at 150 dpi so the pixels
//! grow with the map); reports the median time of each way and the PNG's
//! size. The `//!` of raster.rs and png_encode.rs quote its figures.
//!
//! Run: `cargo bench --bench raster` (`RASTER_BENCH_RUNS=N`, default 5).

use std::time::Instant;

use grogpress::diag::{Diagnostics, Sources};
use grogpress::load::Root;
use grogpress::publish::{Assets, PlanOptions};
use resvg::{tiny_skia, usvg};

#[path = "support/maps.rs"]
mod maps;

const DPI: f32 = 150.0;

/// The crates' way: usvg reads the SVG, resvg draws it, png writes it.
fn crates_png(svg: &str) -> Vec<u8> {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).expect("our SVG reads");
    let scale = DPI / 72.0;
    let size = tree.size();
    let (w, h) = (
        (size.width() * scale).ceil() as u32,
        (size.height() * scale).ceil() as u32,
    );
    let mut pixmap = tiny_skia::Pixmap::new(w, h).expect("a canvas");
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    let rgb: Vec<u8> = pixmap
        .pixels()
        .iter()
        .flat_map(|p| [p.red(), p.green(), p.blue()])
        .collect();
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, w, h);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    let mut writer = encoder.write_header().expect("PNG header");
    writer.write_image_data(&rgb).expect("PNG data");
    writer.finish().expect("PNG end");
    out
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let runs: usize = std::env::var("RASTER_BENCH_RUNS")
        .ok()
        .and_then(|n| n.parse().ok())
        .filter(|n| *n > 0)
        .unwrap_or(5);
    let tmp = std::env::temp_dir().join(format!("grogpress-raster-bench-{}", std::process::id()));
    let root = Root::new(env!("CARGO_MANIFEST_DIR"));
    println!(
        "raster bench: {runs} runs at {DPI} dpi, {} threads",
        grogpress::internals::workers()
    );
    for (columns, rows) in [(20, 15), (60, 50)] {
        let dir = tmp.join(format!("map-{columns}x{rows}"));
        maps::write_map_game(&dir, columns, rows);
        let mut sources = Sources::default();
        let mut diags = Diagnostics::default();
        let assets = Assets::load(root.clone(), &mut sources, &mut diags).expect("load assets");
        let options = PlanOptions {
            html: false,
            ..PlanOptions::everything()
        };
        let game =
            grogpress::publish::check_game(&dir, &assets, &options, &mut sources, &mut diags)
                .expect("check")
                .expect("the game loads");
        let map = &game.game.maps[0];
        let drawing =
            grogpress::publish::maps::draw(map, &game.game, &assets, &mut diags).expect("draws");
        let svg = grogpress::publish::maps::map_svg(map, &drawing, &assets);
        let (w, h) = (drawing.width, drawing.height);
        let (mut ours, mut mixed, mut crates) = (vec![], vec![], vec![]);
        let mut sizes = (0, 0, 0);
        for _ in 0..runs {
            let t = Instant::now();
            let a = grogpress::internals::items_to_png(&drawing.items, w, h, &assets.fonts, DPI)
                .expect("our PNG");
            ours.push(t.elapsed().as_secs_f64());
            let t = Instant::now();
            let b = grogpress::internals::svg_to_png(&svg, DPI).expect("resvg's PNG");
            mixed.push(t.elapsed().as_secs_f64());
            let t = Instant::now();
            let c = crates_png(&svg);
            crates.push(t.elapsed().as_secs_f64());
            sizes = (a.len(), b.len(), c.len());
        }
        let px = (w * DPI / 72.0).ceil() * (h * DPI / 72.0).ceil() / 1e6;
        println!(
            "{} cells, {px:.1} Mpx: ours {:.3} s ({} KB); resvg + our encoder {:.3} s ({} KB); resvg + png crate {:.3} s ({} KB)",
            columns * rows,
            median(ours),
            sizes.0 / 1024,
            median(mixed),
            sizes.1 / 1024,
            median(crates),
            sizes.2 / 1024,
        );
    }
    let _ = std::fs::remove_dir_all(&tmp);
}
