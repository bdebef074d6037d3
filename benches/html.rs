//! Benchmark: every shipped game's HTML rules reference built in memory, end
//! to end from the data (load, validate, lay out the cards, render the pages),
//! and the same written to a temp dir by the real binary. Prints milliseconds.
//!
//! Run: `cargo bench --bench html`.

use std::process::Command;
use std::time::Instant;

use grogpress::diag::{Diagnostics, Sources};
use grogpress::load::Root;
use grogpress::publish::{Assets, build_html};

const ROUNDS: u32 = 20;

fn main() {
    let root = Root::new(env!("CARGO_MANIFEST_DIR"));
    let games = root.games().expect("data/ lists the shipped games");
    let mut best = f64::MAX;
    let mut total_files = 0;
    for _ in 0..ROUNDS {
        let started = Instant::now();
        let mut sources = Sources::default();
        let mut diags = Diagnostics::default();
        let assets = Assets::load(root.clone(), &mut sources, &mut diags).expect("assets");
        total_files = 0;
        let project = grogpress::load::Project {
            root: &assets.root,
            fonts: &assets.fonts,
        };
        for dir in &games {
            let Some(game) =
                grogpress::load::load_game_with_files(dir, &project, &mut sources, &mut diags)
                    .expect("game loads")
            else {
                panic!("{} does not load", dir.display());
            };
            diags.extend(grogpress::publish::validate(&game));
            let files = build_html(&game, &assets).expect("html");
            total_files += files.len();
        }
        assert!(!diags.has_errors(), "the shipped games check clean");
        best = best.min(started.elapsed().as_secs_f64() * 1000.0);
    }
    println!(
        "html in memory: {} game(s), {total_files} files, best of {ROUNDS}: {best:.1} ms",
        games.len()
    );

    let out = tempfile::tempdir().expect("temp dir");
    let mut best = f64::MAX;
    for _ in 0..5 {
        let started = Instant::now();
        for dir in &games {
            let status = Command::new(env!("CARGO_BIN_EXE_grogpress"))
                .current_dir(env!("CARGO_MANIFEST_DIR"))
                .arg("rules")
                .arg(dir)
                .arg("--out")
                .arg(out.path())
                .stderr(std::process::Stdio::null())
                .status()
                .expect("grogpress runs");
            assert!(status.success());
        }
        best = best.min(started.elapsed().as_secs_f64() * 1000.0);
    }
    println!("`grogpress rules` for each game, written to disk, best of 5: {best:.1} ms");
}
