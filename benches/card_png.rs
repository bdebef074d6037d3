//! Benchmark: every card of every shipped deck printed as print-and-play
//! cards, drawn as an outlined SVG and rasterised to PNG at 300 dpi (plus each
//! deck's back), on all cores. Reports cards per second.
//!
//! Run: `cargo bench --bench card_png`.

use std::time::Instant;

use grogpress::diag::{Diagnostics, Sources};
use grogpress::load::Root;
use grogpress::publish::{Assets, PlanOptions, check_only, write_card_images};

fn main() {
    let root = Root::new(env!("CARGO_MANIFEST_DIR"));
    let mut sources = Sources::default();
    let mut diags = Diagnostics::default();
    let assets = Assets::load(root.clone(), &mut sources, &mut diags).expect("load assets");
    let options = PlanOptions {
        cards: true,
        png: true,
        dpi: 300.0,
        ..PlanOptions::default()
    };
    let mut jobs = Vec::new();
    for dir in root.games().expect("list games") {
        if let Some(checked) =
            check_only(&dir, &assets, &options, &mut sources, &mut diags).expect("check")
        {
            jobs.extend(checked.outputs.into_iter().filter_map(|o| o.images));
        }
    }
    assert!(!diags.has_errors(), "shipped data has errors");
    let cards: usize = jobs.iter().map(|j| j.fronts.len() + 1).sum();
    let tmp = std::env::temp_dir().join(format!("grogpress-png-bench-{}", std::process::id()));
    let mut best = f64::INFINITY;
    for run in 0..3 {
        let start = Instant::now();
        for job in &jobs {
            write_card_images(job, &tmp, &assets.fonts).expect("write images");
        }
        let secs = start.elapsed().as_secs_f64();
        best = best.min(secs);
        println!(
            "run {run}: {cards} card images (fronts and backs) at 300 dpi in {secs:.3} s = {:.0} cards/s",
            cards as f64 / secs
        );
    }
    println!(
        "card_png bench: {cards} cards, best {best:.3} s = {:.0} cards/s on {} cores",
        cards as f64 / best,
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    let _ = std::fs::remove_dir_all(&tmp);
}
