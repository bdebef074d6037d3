//! Benchmark: a generated deck of 10,000 action cards laid out onto Avery 5395
//! label sheets and rendered to PDF, end to end (load, validate, layout,
//! render, write). Reports cards per second and peak memory.
//!
//! Run: `cargo bench --bench labels` (set GROGPRESS_BENCH_CARDS to change the
//! count; the issue-19 target is `GROGPRESS_BENCH_CARDS=100000`: at least
//! 40,000 cards/s and under 100 MB peak; issue 36 holds a CSV deck to the
//! same, `GROGPRESS_BENCH_DECK=csv`). The PDF goes through the same
//! streaming path `build` uses: label pages laid out and written a batch at a
//! time.

use std::time::Instant;

use grogpress::diag::{Diagnostics, Sources, render_human};
use grogpress::load::Root;
use grogpress::publish::{Assets, Destination, PlanOptions};

#[path = "support/cards.rs"]
mod cards;
#[path = "support/label_game.rs"]
mod label_game;
#[path = "support/layouts.rs"]
mod layouts;
#[path = "support/memory.rs"]
mod memory;
use label_game::{DeckFile, write_label_game};
use memory::peak_rss_mb;

fn main() {
    let cards: usize = std::env::var("GROGPRESS_BENCH_CARDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000);
    let tmp = std::env::temp_dir().join(format!("grogpress-bench-{}", std::process::id()));
    let game_dir = tmp.join("bench");
    // GROGPRESS_BENCH_DECK=csv reads the cards from a CSV beside the deck.
    let file = match std::env::var("GROGPRESS_BENCH_DECK").as_deref() {
        Ok("csv") => DeckFile::Csv,
        _ => DeckFile::Toml,
    };
    write_label_game(&game_dir, cards, file);
    let root = Root::new(env!("CARGO_MANIFEST_DIR"));
    let rss_before = peak_rss_mb();

    let mut best = f64::INFINITY;
    for run in 0..3 {
        let start = Instant::now();
        let mut sources = Sources::default();
        let mut diags = Diagnostics::default();
        let assets = Assets::load(root.clone(), &mut sources, &mut diags).expect("load assets");
        let options = PlanOptions {
            html: false,
            ..PlanOptions::everything()
        };
        let loaded =
            grogpress::publish::check_game(&game_dir, &assets, &options, &mut sources, &mut diags)
                .expect("check");
        let t_checked = start.elapsed().as_secs_f64();
        let game = loaded.expect("game loads");
        // As `build` does: every page laid out once, as it is written.
        let out = tmp.join("out");
        let to = Destination::everything(&out);
        let wrote = game
            .finish(&assets, &options, Some(&to), &mut diags, &mut |_| {})
            .expect("write");
        if !wrote || diags.has_errors() {
            for d in &diags.list {
                eprintln!("{}", render_human(d, &sources));
            }
            panic!("benchmark data has errors");
        }
        let pages: usize = game.outputs.iter().map(|o| o.page_count()).sum();
        let total = start.elapsed().as_secs_f64();
        best = best.min(total);
        println!(
            "run {run}: {cards} cards, {pages} pages: load+validate+plan {:.3} s, layout+render+write {:.3} s, total {:.3} s = {:.0} cards/s",
            t_checked,
            total - t_checked,
            total,
            cards as f64 / total
        );
    }
    let size = std::fs::metadata(tmp.join("out/bench/action-labels.pdf")).map_or(0, |m| m.len());
    println!(
        "labels bench: {cards} cards from {file:?}, best {:.3} s = {:.0} cards/s; peak RSS {:.1} MB (before the runs {:.1} MB); PDF {:.1} MB; {} cores",
        best,
        cards as f64 / best,
        peak_rss_mb(),
        rss_before,
        size as f64 / 1e6,
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    let _ = std::fs::remove_dir_all(&tmp);
}
