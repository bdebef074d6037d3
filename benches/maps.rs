//! Benchmark: a 60 x 40 flat-top hex map (2,400 cells, every cell's code
//! printed, three terrains with a pattern and an icon, a river along 59 hex
//! sides, a road through 60 hexes, labels) written whole as `build` writes a
//! map: the true-scale poster and its tiled sheets (PDF), and its SVG and
//! PNG. Reports each run's time (and the CPU time it took, which other
//! work on the machine disturbs less), then the PDFs, the SVG and the PNG
//! each made again alone, and the medians; issue 17's target is under
//! 300 ms for the whole.
//!
//! Run: `cargo bench --bench maps` (`MAPS_BENCH_RUNS=N` runs, default 7;
//! `MAPS_BENCH_KEEP=1` keeps the files written).

use std::time::Instant;

use grogpress::diag::{Diagnostics, Sources, render_human};
use grogpress::load::Root;
use grogpress::publish::{Assets, Destination, PlanOptions};

#[path = "support/maps.rs"]
mod maps;
#[path = "support/memory.rs"]
mod memory;
// Only its CPU clock: the builds it times are its own.
#[allow(dead_code)]
#[path = "support/timing.rs"]
mod timing;
use memory::peak_rss_mb;

const COLUMNS: usize = 60;
const ROWS: usize = 40;

/// The median of some timings, in ms.
fn median(times: &mut [f64]) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn main() {
    let tmp = std::env::temp_dir().join(format!("grogpress-map-bench-{}", std::process::id()));
    let game_dir = tmp.join("mapbench");
    maps::write_map_game(&game_dir, COLUMNS, ROWS);
    let root = Root::new(env!("CARGO_MANIFEST_DIR"));
    let runs: usize = std::env::var("MAPS_BENCH_RUNS")
        .ok()
        .and_then(|n| n.parse().ok())
        .filter(|n| *n > 0)
        .unwrap_or(7);
    // Per run: the whole as `build` does it (load, plan — the map drawn,
    // the poster and tiles laid out — and write: the PDFs, and the SVG and
    // PNG made meanwhile), then each part again alone, for its own figure.
    let out_dir = tmp.join("out");
    let (mut check, mut total, mut cpu) = (vec![], vec![], vec![]);
    let (mut pdf, mut svg, mut png) = (vec![], vec![], vec![]);
    let ms = |a: Instant| a.elapsed().as_secs_f64() * 1000.0;
    for run in 0..runs {
        let start = Instant::now();
        let cpu_start = timing::cpu_s() * 1000.0;
        let mut sources = Sources::default();
        let mut diags = Diagnostics::default();
        let assets = Assets::load(root.clone(), &mut sources, &mut diags).expect("load assets");
        let options = PlanOptions {
            html: false,
            ..PlanOptions::everything()
        };
        let game =
            grogpress::publish::check_game(&game_dir, &assets, &options, &mut sources, &mut diags)
                .expect("check")
                .expect("the game loads");
        let checked = ms(start);
        let write = |options: &PlanOptions, diags: &mut Diagnostics| {
            let to = Destination::everything(&out_dir);
            let mut images = 0;
            let wrote = game
                .finish(&assets, options, Some(&to), diags, &mut |w| {
                    if let grogpress::publish::Written::Images { count, .. } = w {
                        images += count;
                    }
                })
                .expect("write");
            if !wrote || diags.has_errors() {
                for d in &diags.list {
                    eprintln!("{}", render_human(d, &sources));
                }
                panic!("benchmark map has errors");
            }
            images
        };
        assert_eq!(write(&options, &mut diags), 2, "an SVG and a PNG");
        let whole = ms(start);
        let cpu_used = timing::cpu_s() * 1000.0 - cpu_start;
        // The parts alone: the PDFs (no map pictures), the SVG, the PNG.
        let t = Instant::now();
        let pdf_options = PlanOptions {
            maps: false,
            ..options.clone()
        };
        assert_eq!(write(&pdf_options, &mut diags), 0);
        let pdfs = ms(t);
        let map = &game.game.maps[0];
        let t = Instant::now();
        let drawing =
            grogpress::publish::maps::draw(map, &game.game, &assets, &mut diags).expect("draws");
        let picture = grogpress::publish::maps::map_svg(map, &drawing, &assets);
        let svg_ms = ms(t);
        let t = Instant::now();
        let drawing =
            grogpress::publish::maps::draw(map, &game.game, &assets, &mut diags).expect("draws");
        let dpi = grogpress::publish::maps::png_dpi(&drawing);
        let (w, h) = (drawing.width, drawing.height);
        let bytes = grogpress::internals::items_to_png(&drawing.items, w, h, &assets.fonts, dpi)
            .expect("a PNG");
        let png_ms = ms(t);
        assert!(!picture.is_empty() && !bytes.is_empty());
        println!(
            "run {run}: {COLUMNS} x {ROWS} map written in {whole:.0} ms (load and lay out {checked:.0}), {cpu_used:.0} ms of CPU; alone: PDFs {pdfs:.0}, SVG {svg_ms:.0}, PNG {png_ms:.0} ms"
        );
        check.push(checked);
        total.push(whole);
        cpu.push(cpu_used);
        pdf.push(pdfs);
        svg.push(svg_ms);
        png.push(png_ms);
    }
    let best = total.iter().copied().fold(f64::INFINITY, f64::min);
    let out = tmp.join("out/mapbench");
    let mut files: Vec<String> = std::fs::read_dir(&out)
        .map(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    println!(
        "maps bench: {} cells, median of {runs}: {:.0} ms (best {best:.0}; load and lay out {:.0}), {:.0} ms of CPU; alone: PDFs {:.0}, SVG {:.0}, PNG {:.0} ms; peak RSS {:.1} MB; wrote {files:?}",
        COLUMNS * ROWS,
        median(&mut total),
        median(&mut check),
        median(&mut cpu),
        median(&mut pdf),
        median(&mut svg),
        median(&mut png),
        peak_rss_mb()
    );
    // MAPS_BENCH_KEEP=1 leaves the outputs in place, to look at or compare.
    if std::env::var_os("MAPS_BENCH_KEEP").is_some() {
        println!("outputs kept under {}", out.display());
    } else {
        let _ = std::fs::remove_dir_all(&tmp);
    }
}
