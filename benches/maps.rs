//! Benchmark: a 60 x 40 flat-top hex map (2,400 cells, every cell's code
//! printed, three terrains with a pattern and an icon, a river along 59 hex
//! sides, a road through 60 hexes, labels) written whole as `build` writes a
//! map: the true-scale poster and its tiled sheets (PDF), and its SVG and
//! PNG. Reports each run's time, split into loading and laying out, the
//! PDFs, and the SVG and PNG, and the medians; issue 17's target is
//! under 300 ms for the whole.
//!
//! Run: `cargo bench --bench maps` (`MAPS_BENCH_RUNS=N` runs, default 7;
//! `MAPS_BENCH_KEEP=1` keeps the files written).

use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

use grogpress::cli::{Assets, PlanOptions};
use grogpress::diag::{Diagnostics, Sources, render_human};
use grogpress::load::Root;

#[path = "support/memory.rs"]
mod memory;
use memory::peak_rss_mb;

const COLUMNS: usize = 60;
const ROWS: usize = 40;

fn write_game(dir: &Path) {
    std::fs::create_dir_all(dir.join("maps")).expect("create bench game folder");
    std::fs::write(
        dir.join("game.toml"),
        "name = \"Map Benchmark\"\n[[maps]]\nid = \"big\"\nfile = \"maps/big.toml\"\n",
    )
    .expect("write game.toml");
    let code = |c: usize, r: usize| format!("{c:02}{r:02}");
    let mut map = format!(
        r##"name = "A Big Map"
grid = "hex"
orientation = "flat"
columns = {COLUMNS}
rows = {ROWS}
cell = "0.6in"
code = "{{col:02}}{{row:02}}"
code_at = "top"
default = "plain"

[[terrain]]
id = "plain"
color = "#B9DDA0"

[[terrain]]
id = "woods"
color = "#3F7F3A"
icon = "tree"

[[terrain]]
id = "hill"
color = "#B08850"
pattern = "dots"

[[features]]
id = "river"
color = "#2F6FD0"
width = "4pt"

[[features]]
id = "road"
color = "#7A5230"
"##
    );
    // Woods and hills in blocks over the map.
    let mut woods = Vec::new();
    let mut hills = Vec::new();
    for c in (1..=COLUMNS).step_by(6) {
        for r in (1..=ROWS).step_by(5) {
            let end = (c + 1).min(COLUMNS);
            let cells = format!("\"{}..{}\"", code(c, r), code(end, (r + 1).min(ROWS)));
            if (c + r) % 2 == 0 {
                woods.push(cells);
            } else {
                hills.push(cells);
            }
        }
    }
    let _ = write!(
        map,
        "\n[[cells]]\nterrain = \"woods\"\ncells = [{}]\n\n[[cells]]\nterrain = \"hill\"\ncells = [{}]\n",
        woods.join(", "),
        hills.join(", ")
    );
    // A river along the sides between rows 20 and 21 (each hex and the one
    // below it), and a road through row 10.
    let between: Vec<String> = (1..COLUMNS)
        .map(|c| format!("[\"{}\", \"{}\"]", code(c, 20), code(c, 21)))
        .collect();
    let through: Vec<String> = (1..=COLUMNS)
        .map(|c| format!("\"{}\"", code(c, 10)))
        .collect();
    let _ = write!(
        map,
        "\n[[edges]]\nfeature = \"river\"\nbetween = [{}]\n\n[[paths]]\nfeature = \"road\"\nthrough = [{}]\n",
        between.join(", "),
        through.join(", ")
    );
    for (i, at) in ["0505", "3020", "5535"].iter().enumerate() {
        let _ = write!(map, "\n[[labels]]\ntext = \"Place {i}\"\nat = \"{at}\"\n");
    }
    std::fs::write(dir.join("maps/big.toml"), map).expect("write the map");
}

/// The median of some timings, in ms.
fn median(times: &mut [f64]) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn main() {
    let tmp = std::env::temp_dir().join(format!("grogpress-map-bench-{}", std::process::id()));
    let game_dir = tmp.join("mapbench");
    write_game(&game_dir);
    let root = Root::new(env!("CARGO_MANIFEST_DIR"));
    let runs: usize = std::env::var("MAPS_BENCH_RUNS")
        .ok()
        .and_then(|n| n.parse().ok())
        .filter(|n| *n > 0)
        .unwrap_or(7);
    // Per run: load and plan (the map drawn, the poster and tiles laid
    // out), the two PDFs written, the SVG and PNG written, and the whole.
    let (mut check, mut pdf, mut images, mut total) = (vec![], vec![], vec![], vec![]);
    for run in 0..runs {
        let start = Instant::now();
        let mut sources = Sources::default();
        let mut diags = Diagnostics::default();
        let assets = Assets::load(root.clone(), &mut sources, &mut diags).expect("load assets");
        let options = PlanOptions {
            html: false,
            ..PlanOptions::everything()
        };
        let (game, outputs) =
            grogpress::publish::check(&game_dir, &assets, &options, &mut sources, &mut diags)
                .expect("check")
                .expect("the game loads");
        let checked = Instant::now();
        // The PDFs as `build` writes them; the map pictures apart, below,
        // so each has its own time (together they are what `build` does).
        let pdf_options = PlanOptions {
            maps: false,
            ..options.clone()
        };
        let request = grogpress::publish::WriteRequest {
            out: &tmp.join("out"),
            options: &pdf_options,
            wanted: &|_| true,
            previews: None,
        };
        let wrote =
            grogpress::publish::write(&game, &outputs, &assets, &request, &mut diags, &mut |_| {})
                .expect("write");
        if !wrote || diags.has_errors() {
            for d in &diags.list {
                eprintln!("{}", render_human(d, &sources));
            }
            panic!("benchmark map has errors");
        }
        let pdfs = Instant::now();
        let pictures = grogpress::publish::maps::write_map_images(
            &game,
            &assets,
            &tmp.join("out").join(&game.id),
        )
        .expect("write the map's SVG and PNG");
        assert_eq!(pictures, 2, "an SVG and a PNG");
        let end = Instant::now();
        let ms = |a: Instant, b: Instant| (b - a).as_secs_f64() * 1000.0;
        let times = (
            ms(start, checked),
            ms(checked, pdfs),
            ms(pdfs, end),
            ms(start, end),
        );
        println!(
            "run {run}: {COLUMNS} x {ROWS} map written in {:.0} ms (load and lay out {:.0}, PDFs {:.0}, SVG and PNG {:.0})",
            times.3, times.0, times.1, times.2
        );
        check.push(times.0);
        pdf.push(times.1);
        images.push(times.2);
        total.push(times.3);
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
        "maps bench: {} cells, median of {runs}: {:.0} ms (best {best:.0}) = load and lay out {:.0} + PDFs {:.0} + SVG and PNG {:.0}; peak RSS {:.1} MB; wrote {files:?}",
        COLUMNS * ROWS,
        median(&mut total),
        median(&mut check),
        median(&mut pdf),
        median(&mut images),
        peak_rss_mb()
    );
    // MAPS_BENCH_KEEP=1 leaves the outputs in place, to look at or compare.
    if std::env::var_os("MAPS_BENCH_KEEP").is_some() {
        println!("outputs kept under {}", out.display());
    } else {
        let _ = std::fs::remove_dir_all(&tmp);
    }
}
