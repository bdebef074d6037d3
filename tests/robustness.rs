//! No input panics `check`. Every file under data/ — each shipped game's
//! files and data/sheets.toml — is truncated at many byte offsets and garbled
//! at many places (bytes flipped, TOML punctuation and invalid UTF-8 dropped
//! in), and the game is checked with each copy. In process (fast enough for
//! thousands of copies), a check must not panic, must not fail operationally,
//! and every diagnostic must have a location in a file whose text it can be
//! rendered against (human and JSON). A sample also goes through the real
//! binary, which must exit 0 or 1 (never 101 from a panic).

mod support;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use grogpress::diag::{Diagnostics, Sources, render_human, render_json};
use grogpress::load::{Root, load_sheets};
use grogpress::publish::{Assets, PlanOptions, check_only};
use support::{copy_dir, grogpress};

fn manifest() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every file under `dir`, relative to it, sorted.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("list a folder") {
            let p = e.expect("an entry").path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push(p.strip_prefix(dir).expect("under dir").to_path_buf());
            }
        }
    }
    out.sort();
    out
}

/// A small deterministic generator (no randomness between runs).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, below: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % below.max(1)
    }
}

/// Damaged copies of a file's bytes: truncations and garbles.
fn damaged(bytes: &[u8], seed: u64) -> Vec<Vec<u8>> {
    let n = bytes.len();
    let mut out = Vec::new();
    // Truncations: 24 evenly spaced offsets, plus just after each of the
    // first `=`, `[`, `"` and newline of some lines.
    for k in 0..24 {
        out.push(bytes[..n * k / 24].to_vec());
    }
    let mut rng = Lcg(seed);
    for _ in 0..16 {
        let at = rng.next(n);
        if let Some(p) = bytes[at..].iter().position(|b| b"=[\"\n".contains(b)) {
            out.push(bytes[..at + p + 1].to_vec());
        }
    }
    // Garbles.
    let swaps: &[&[u8]] = &[
        b"\xff",
        b"\xc3",
        b"\"",
        b"[",
        b"]",
        b"=",
        b"\n",
        b"{",
        b"}",
        b",",
        b"#",
        b"\0",
        b"-1",
        b"99999999999999999999",
        b"'''",
        b"\"\"\"",
        b"[[",
        b"x = 1\n",
        b"\xe2\x80",
    ];
    for _ in 0..40 {
        let mut copy = bytes.to_vec();
        let at = rng.next(n);
        match rng.next(3) {
            0 => copy[at] ^= 1 << rng.next(8),
            1 => {
                let s = swaps[rng.next(swaps.len())];
                copy.splice(at..(at + 1).min(n), s.iter().copied());
            }
            _ => {
                let len = rng.next(12).min(n - at);
                copy.drain(at..at + len);
            }
        }
        out.push(copy);
    }
    out
}

/// Checks a game folder in process; returns a description of what went wrong.
fn check_in_process(dir: &Path, assets: &Assets) -> Option<String> {
    let result = catch_unwind(AssertUnwindSafe(|| {
        let mut sources = Sources::default();
        let mut diags = Diagnostics::default();
        let outcome = check_only(
            dir,
            assets,
            &PlanOptions::everything(),
            &mut sources,
            &mut diags,
        );
        let mut problems = Vec::new();
        if let Err(e) = outcome {
            problems.push(format!("operational failure: {e}"));
        }
        for d in &diags.list {
            match &d.loc {
                None => problems.push(format!("`{}` has no location: {}", d.id, d.message)),
                Some(loc) => {
                    let text = sources.text(loc.file);
                    if loc.span.start > text.len() || loc.span.end > text.len() + 3 {
                        problems.push(format!("`{}` points past the end of its file", d.id));
                    }
                }
            }
            // Rendering must not panic either.
            let _ = render_human(d, &sources);
            let _ = render_json(d, &sources);
        }
        problems
    }));
    match result {
        Ok(problems) if problems.is_empty() => None,
        Ok(problems) => Some(problems.join("; ")),
        Err(_) => Some("PANIC".to_string()),
    }
}

#[test]
fn damaged_copies_of_every_game_file_never_panic_and_stay_located() {
    let root = Root::new(manifest());
    let mut sources = Sources::default();
    let mut diags = Diagnostics::default();
    let assets = Assets::load(root.clone(), &mut sources, &mut diags).expect("assets");
    let games = root.games().expect("the shipped games");
    assert!(
        games.len() >= 4,
        "expected the shipped games, found {games:?}"
    );
    let mut failures = Vec::new();
    let mut copies = 0;
    for (g, game) in games.iter().enumerate() {
        let tmp = tempfile::tempdir().expect("a temp dir");
        let dir = tmp.path().join(game.file_name().expect("a game folder"));
        copy_dir(game, &dir);
        for (f, file) in files_under(game).iter().enumerate() {
            let original = std::fs::read(game.join(file)).expect("read a data file");
            for (v, bytes) in damaged(&original, (g * 1000 + f) as u64).iter().enumerate() {
                std::fs::write(dir.join(file), bytes).expect("write a damaged copy");
                copies += 1;
                if let Some(why) = check_in_process(&dir, &assets) {
                    failures.push(format!(
                        "{}/{} copy {v}: {why}",
                        game.display(),
                        file.display()
                    ));
                }
            }
            std::fs::write(dir.join(file), &original).expect("restore");
        }
    }
    assert!(copies > 1000, "only {copies} damaged copies");
    assert!(
        failures.is_empty(),
        "{} of {copies} damaged copies failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn damaged_sheets_file_never_panics() {
    let root = Root::new(manifest());
    let mut sources = Sources::default();
    let mut diags = Diagnostics::default();
    let mut assets = Assets::load(root.clone(), &mut sources, &mut diags).expect("assets");
    let original = std::fs::read(root.sheets_file()).expect("read sheets.toml");
    let battlegrid = root.data().join("battlegrid");
    let mut failures = Vec::new();
    for (v, bytes) in damaged(&original, 7).iter().enumerate() {
        let result = catch_unwind(AssertUnwindSafe(|| {
            let mut sources = Sources::default();
            let mut diags = Diagnostics::default();
            let text = String::from_utf8_lossy(bytes).into_owned();
            let file = sources.add(root.sheets_file(), text.clone());
            load_sheets(file, &text, &mut diags)
        }));
        match result {
            Err(_) => failures.push(format!("copy {v}: load_sheets panicked")),
            Ok(sheets) => {
                assets.sheets = sheets;
                if let Some(why) = check_in_process(&battlegrid, &assets) {
                    // A game whose sheet is gone is a located data error, never a panic.
                    failures.push(format!("copy {v}: {why}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_binary_exits_0_or_1_on_damaged_copies() {
    for game in ["grognards", "battlefront", "grid-battles", "battlegrid"] {
        let src = manifest().join("data").join(game);
        let tmp = tempfile::tempdir().expect("a temp dir");
        let dir = tmp.path().join(game);
        copy_dir(&src, &dir);
        for file in files_under(&src) {
            let original = std::fs::read(src.join(&file)).expect("read");
            // Cut in the middle, and an invalid UTF-8 byte at a quarter.
            let mut garbled = original.clone();
            garbled[original.len() / 4] = 0xff;
            for bytes in [original[..original.len() / 2].to_vec(), garbled] {
                std::fs::write(dir.join(&file), &bytes).expect("write");
                let run = grogpress(&["check", dir.to_str().expect("UTF-8"), "--format", "json"]);
                assert!(
                    run.code == 0 || run.code == 1,
                    "{game}/{}: {}",
                    file.display(),
                    run.dump()
                );
                assert!(
                    run.diags
                        .iter()
                        .all(|d| d.line > 0 && d.column > 0 && !d.file.is_empty()),
                    "{}",
                    run.dump()
                );
            }
            std::fs::write(dir.join(&file), &original).expect("restore");
        }
    }
}

#[test]
fn damaged_icons_never_panic_and_stay_located() {
    let icons = manifest().join("data/icons");
    let mut checked = 0;
    for file in files_under(&icons) {
        if file.extension().is_none_or(|e| e != "svg") {
            continue;
        }
        let original = std::fs::read(icons.join(&file)).expect("read an icon");
        for (v, bytes) in damaged(&original, 11).iter().enumerate() {
            let text = String::from_utf8_lossy(bytes).into_owned();
            let result = catch_unwind(AssertUnwindSafe(|| {
                let mut diags = Diagnostics::default();
                let icon = grogpress::load::parse_icon("icon", 0, &text, &mut diags);
                (icon.is_some(), diags)
            }));
            let Ok((ok, diags)) = result else {
                panic!("{} copy {v}: parse_icon panicked", file.display());
            };
            // Either an icon, or located `bad-icon` diagnostics.
            assert!(
                ok || (!diags.list.is_empty() && diags.list.iter().all(|d| d.loc.is_some())),
                "{} copy {v}: neither an icon nor a located problem",
                file.display()
            );
            checked += 1;
        }
    }
    assert!(checked >= 3 * 60, "only {checked} damaged icons");
}
