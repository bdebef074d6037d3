//! Shared by the benchmarks: the process's CPU time, and a whole
//! `grogpress build` of a game folder timed.

use std::path::Path;
use std::time::Instant;

use grogpress::diag::print::{Format, report};
use grogpress::diag::{Diagnostics, Sources};
use grogpress::load::Root;
use grogpress::publish::{PlanOptions, Tell, publish_games};

/// Prints the diagnostics, as `grogpress` does.
struct Printed;

impl Tell for Printed {
    fn diagnostics(
        &mut self,
        diags: &mut Diagnostics,
        sources: &Sources,
        game: Option<&str>,
    ) -> bool {
        report(diags, sources, Format::Human, game)
    }
}

/// Publishes the game in `dir` with `options` (writing into `out`, if
/// given) from the repository's root; false when its data has errors.
pub fn publish(dir: &Path, options: &PlanOptions, out: Option<&Path>) -> bool {
    let root = Root::new(env!("CARGO_MANIFEST_DIR"));
    publish_games(
        &root,
        &[dir.display().to_string()],
        options,
        out,
        &mut Printed,
    )
    .unwrap_or_else(|e| panic!("grogpress fails on {}: {e}", dir.display()))
}

/// The CPU time the process has used so far (all threads, user and
/// system), in s: a figure that other work on the machine disturbs less
/// than the wall clock's. NaN where /proc cannot tell.
pub fn cpu_s() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command's closing parenthesis; utime and stime are
    // the 12th and 13th of them, in clock ticks (100 a second on Linux).
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let ticks: Vec<f64> = rest
        .split_whitespace()
        .skip(11)
        .take(2)
        .filter_map(|t| t.parse().ok())
        .collect();
    if ticks.len() == 2 {
        (ticks[0] + ticks[1]) / 100.0
    } else {
        f64::NAN
    }
}

/// Runs `grogpress <command> <dir> --out <out>` (`out` emptied first) in
/// this process, through `publish` as the command does: the wall and CPU
/// time, in s. Panics if it fails.
pub fn run_once(command: &str, dir: &Path, out: &Path) -> (f64, f64) {
    let _ = std::fs::remove_dir_all(out);
    let start = Instant::now();
    let cpu = cpu_s();
    let options = match command {
        "build" => PlanOptions::everything(),
        // `cards`' own defaults: PNG images, when asked for, at 300 dpi.
        "cards" => PlanOptions {
            cards: true,
            dpi: 300.0,
            ..PlanOptions::default()
        },
        other => panic!("no benchmark runs `grogpress {other}`"),
    };
    let clean = publish(dir, &options, Some(out));
    let wall = start.elapsed().as_secs_f64();
    assert!(
        clean,
        "grogpress {command} fails on the benchmark game {}",
        dir.display()
    );
    (wall, cpu_s() - cpu)
}
