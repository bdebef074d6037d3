//! Benchmark: a generated rulebook of about 200 pages — headings, paragraphs,
//! bulleted and numbered lists, bold and italic runs, card names and the
//! BattleGrid action deck shown twice — typeset and written as
//! `grogpress rulebook` does (in memory through `write_rulebook`, then by the
//! real binary). Prints pages per second and peak memory; with
//! `RULEBOOK_BENCH_OUT=dir` the game and the PDF are kept in that folder.
//!
//! First the line breaker alone on generated paragraphs at two lengths ten
//! times apart: its second pass (tolerance 300, hyphens) and its last (no
//! tolerance: taken where no set of lines meets one), each best of many.
//!
//! Run: `cargo bench --bench rulebook`. Target: at least 500 pages/s and under
//! 200 MB on a 2-core machine.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use grogpress::diag::{Diagnostics, Sources};
use grogpress::internals::{Break, BreakKind, Measure, total_fit};
use grogpress::load::Root;
use grogpress::publish::RulebookOptions;
use grogpress::publish::{Assets, write_rulebook};

#[path = "support/rules.rs"]
mod rules;

/// Sections of the generated rules; each sets to a little over three pages.
const SECTIONS: usize = 90;
const ROUNDS: u32 = 3;

/// Peak resident memory of this process so far (Linux), in MB.
fn peak_rss_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let kb: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kb / 1024.0)
}

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

/// The breaks of a paragraph of `words` words, widths as rules text has
/// them at 9.5 pt in DejaVu Serif Condensed (a word 8 to 34 pt wide, 21 on
/// average; spaces 2.7 pt, stretching half that and shrinking 0.42 of it,
/// as src/text/paragraph.rs sets them), a hyphen point in every word over
/// 22 pt; the same paragraph on every run.
fn paragraph(words: usize) -> Vec<Break> {
    let (space, stretch, shrink, hyphen) = (2.7, 1.35, 1.13, 3.1);
    let mut seed: u32 = 12345;
    let mut next = || {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        f32::from(u16::try_from((seed >> 16) & 0x7fff).unwrap_or(0)) / 32768.0
    };
    let mut breaks = vec![Break::START];
    let (mut x, mut s, mut h) = (0.0f32, 0.0f32, 0.0f32);
    for i in 0..words {
        let width = 8.0 + 26.0 * next();
        if width > 22.0 {
            let mid = x + width / 2.0;
            breaks.push(Break {
                kind: BreakKind::Hyphen,
                end: mid,
                start: mid,
                stretch_end: s,
                stretch_start: s,
                shrink_end: h,
                shrink_start: h,
                hyphen,
            });
        }
        let end = x + width;
        if i + 1 == words {
            breaks.push(Break {
                kind: BreakKind::Forced,
                end,
                start: end,
                stretch_end: s,
                stretch_start: s,
                shrink_end: h,
                shrink_start: h,
                hyphen: 0.0,
            });
        } else {
            breaks.push(Break {
                kind: BreakKind::Space,
                end,
                start: end + space,
                stretch_end: s,
                stretch_start: s + stretch,
                shrink_end: h,
                shrink_start: h + shrink,
                hyphen: 0.0,
            });
            x = end + space;
            s += stretch;
            h += shrink;
        }
    }
    breaks
}

/// The line breaker's second and last passes on paragraphs of two lengths
/// ten times apart, set in a column of the two-column Letter rulebook.
fn line_breaker_passes() {
    for words in [100, 1000] {
        let breaks = paragraph(words);
        let rounds = 200_000 / words;
        for (pass, tolerance) in [
            ("second pass (tolerance 300)", Some(300.0)),
            ("last pass (no tolerance)", None),
        ] {
            let measure = Measure {
                width: 257.0,
                line_stretch: 0.0,
                tolerance,
                hyphens: true,
            };
            let mut best = f64::MAX;
            let mut lines = 0;
            for _ in 0..rounds {
                let started = Instant::now();
                let chosen = total_fit(std::hint::black_box(&breaks), measure);
                best = best.min(started.elapsed().as_secs_f64());
                // 0: no set of lines meets the tolerance (the last pass is
                // then taken).
                lines = chosen.map_or(0, |c| c.len());
            }
            println!(
                "line breaker, {words} words, {pass}: {lines} lines, best of {rounds}: {:.1} µs = {:.0} ns a word",
                best * 1e6,
                best * 1e9 / words as f64
            );
        }
    }
}

fn main() {
    line_breaker_passes();
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().expect("temp dir");
    // RULEBOOK_BENCH_OUT=dir keeps the game and its PDF there to look at.
    let keep = std::env::var_os("RULEBOOK_BENCH_OUT").map(std::path::PathBuf::from);
    let base = keep.clone().unwrap_or_else(|| tmp.path().to_path_buf());
    let game_dir = base.join("battlegrid");
    copy_dir(&manifest.join("data/battlegrid"), &game_dir);
    let md = rules::rules(SECTIONS, true);
    std::fs::write(game_dir.join("rules/action-cards.md"), &md).expect("write the rules");
    let out = base.join("out");

    let root = Root::new(manifest);
    let mut best = f64::MAX;
    let mut pages = 0;
    let mut bytes = 0;
    for _ in 0..ROUNDS {
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
        assert!(!diags.has_errors(), "the generated game checks clean");
        let started = Instant::now();
        let written =
            write_rulebook(&game, &assets, RulebookOptions::default(), &out).expect("written");
        best = best.min(started.elapsed().as_secs_f64());
        let (path, n) = written.expect("the rulebook lays out");
        pages = n;
        bytes = std::fs::metadata(path).map_or(0, |m| m.len());
    }
    println!(
        "rulebook in process: {} KB of Markdown -> {pages} pages ({} KB PDF), best of {ROUNDS}: {:.0} ms = {:.0} pages/s, peak RSS {:.0} MB",
        md.len() / 1024,
        bytes / 1024,
        best * 1000.0,
        pages as f64 / best,
        peak_rss_mb().unwrap_or(f64::NAN)
    );

    // The real binary, end to end (load, check, typeset, write); peak RSS
    // from GNU time when it is installed.
    let mut best = f64::MAX;
    let mut rss = None;
    for _ in 0..ROUNDS {
        let started = Instant::now();
        let timed = Path::new("/usr/bin/time").is_file();
        let mut cmd = if timed {
            let mut c = Command::new("/usr/bin/time");
            c.args(["-f", "peak-kb %M"])
                .arg(env!("CARGO_BIN_EXE_grogpress"));
            c
        } else {
            Command::new(env!("CARGO_BIN_EXE_grogpress"))
        };
        let run = cmd
            .current_dir(manifest)
            .arg("rulebook")
            .arg(&game_dir)
            .arg("--out")
            .arg(&out)
            .output()
            .expect("grogpress runs");
        best = best.min(started.elapsed().as_secs_f64());
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        rss = String::from_utf8_lossy(&run.stderr)
            .lines()
            .find_map(|l| l.strip_prefix("peak-kb "))
            .and_then(|kb| kb.trim().parse::<f64>().ok())
            .map(|kb| kb / 1024.0);
    }
    println!(
        "`grogpress rulebook`, {pages} pages written to disk, best of {ROUNDS}: {:.0} ms = {:.0} pages/s, peak RSS {}",
        best * 1000.0,
        pages as f64 / best,
        rss.map_or("not measured (no /usr/bin/time)".into(), |mb| format!(
            "{mb:.0} MB"
        ))
    );
}
