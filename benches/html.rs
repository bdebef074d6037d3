//! Benchmark: every shipped game's HTML rules reference built in memory, end
//! to end from the data (load, validate, lay out the cards, render the pages),
//! and the same written to a temp dir by the real binary. Prints milliseconds.
//!
//! Then the scan that picks the font families the reference serves (each
//! family's served name looked for in every page, `served_families` in
//! src/render/html/site/assets.rs), timed on BattleGrid's reference with
//! generated rules at two sizes ten times apart.
//!
//! Run: `cargo bench --bench html`.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use grogpress::diag::{Diagnostics, Sources};
use grogpress::load::Root;
use grogpress::publish::{Assets, build_html};

#[path = "support/rules.rs"]
mod rules;

const ROUNDS: u32 = 20;

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create a folder");
    for entry in std::fs::read_dir(from).expect("list a folder") {
        let entry = entry.expect("a folder entry");
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy a file");
        }
    }
}

/// The served-fonts scan at two sizes: BattleGrid with `sections` of
/// generated rules, its reference built, then the families of the font
/// book looked for in its pages as `served_families` looks (the book's
/// first, and each whose quoted served name a page holds).
fn served_fonts_scan(root: &Root) {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    for sections in [9, 90] {
        let tmp = tempfile::tempdir().expect("temp dir");
        let game_dir = tmp.path().join("battlegrid");
        copy_dir(&manifest.join("data/battlegrid"), &game_dir);
        std::fs::write(
            game_dir.join("rules/action-cards.md"),
            rules::rules(sections, true),
        )
        .expect("write the rules");
        let mut sources = Sources::default();
        let mut diags = Diagnostics::default();
        let assets = Assets::load(root.clone(), &mut sources, &mut diags).expect("assets");
        let project = grogpress::load::Project {
            root: &assets.root,
            fonts: &assets.fonts,
        };
        let game =
            grogpress::load::load_game_with_files(&game_dir, &project, &mut sources, &mut diags)
                .expect("game loads")
                .expect("game.toml parses");
        let started = Instant::now();
        let files = build_html(&game, &assets).expect("html");
        let build = started.elapsed().as_secs_f64();
        // The pages are the files before the assets (the script first).
        let pages = files
            .iter()
            .position(|(name, _)| name == "reference.js")
            .map_or(&files[..], |n| &files[..n]);
        let bytes: usize = pages.iter().map(|(_, b)| b.len()).sum();
        let mut best = f64::MAX;
        let mut served = 0;
        for _ in 0..ROUNDS {
            let started = Instant::now();
            served = assets
                .fonts
                .families
                .iter()
                .enumerate()
                .filter(|(i, family)| {
                    let named = format!("\"{}\"", grogpress::internals::css_family(&family.name));
                    *i == 0
                        || pages
                            .iter()
                            .any(|(_, page)| memchr::memmem::find(page, named.as_bytes()).is_some())
                })
                .count();
            best = best.min(started.elapsed().as_secs_f64());
        }
        println!(
            "served-fonts scan, {sections} sections: {} families over {} pages ({} KB), best of {ROUNDS}: {:.3} ms ({served} served; the reference built in {:.0} ms)",
            assets.fonts.families.len(),
            pages.len(),
            bytes / 1024,
            best * 1000.0,
            build * 1000.0
        );
    }
}

fn main() {
    let root = Root::new(env!("CARGO_MANIFEST_DIR"));
    served_fonts_scan(&root);
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
