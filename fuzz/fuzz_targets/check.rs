//! A whole `check` of a game folder built from the input: a txtar-like
//! archive (`-- game.toml --` lines start files, see `split_archive`) written
//! into a fresh folder, loaded, validated and planned with every output on,
//! as `grogpress check` does. Nothing may panic, fail operationally on a
//! readable folder, or report a diagnostic outside its file.
#![no_main]

use std::path::PathBuf;

use grogpress::publish::{Assets, PlanOptions, check_game};
use grogpress::diag::{Diagnostics, Sources};
use grogpress::load::Root;
use grogpress_fuzz::{assert_located, split_archive};
use libfuzzer_sys::fuzz_target;

thread_local! {
    /// Fonts, sheets and icons of the main crate, loaded once per process.
    static ASSETS: Assets = {
        let root = Root::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
        let mut sources = Sources::default();
        let mut diags = Diagnostics::default();
        Assets::load(root, &mut sources, &mut diags).expect("the project's assets load")
    };
    /// One folder per process, emptied for each input.
    static DIR: PathBuf = std::env::temp_dir()
        .join(format!("grogpress-fuzz-check-{}", std::process::id()));
}

fuzz_target!(|data: &[u8]| {
    DIR.with(|dir| {
        let _ = std::fs::remove_dir_all(dir);
        let game = dir.join("game");
        std::fs::create_dir_all(&game).expect("a temp folder");
        for (path, bytes) in split_archive(data) {
            let path = game.join(path);
            if let Some(parent) = path.parent() {
                // A file and a folder of one name: the later one is dropped.
                if std::fs::create_dir_all(parent).is_err() {
                    continue;
                }
            }
            let _ = std::fs::write(&path, bytes);
        }
        // A folder without a game.toml is not a game: `check` says so as an
        // operational error, which is right; there is nothing more to check.
        if !game.join("game.toml").is_file() {
            return;
        }
        ASSETS.with(|assets| {
            let mut sources = Sources::default();
            let mut diags = Diagnostics::default();
            let outcome = check_game(
                &game,
                assets,
                &PlanOptions::everything(),
                &mut sources,
                &mut diags,
            );
            if let Err(e) = outcome {
                panic!("operational failure on a readable game folder: {e}");
            }
            assert_located(&diags, &sources);
        });
    });
});
