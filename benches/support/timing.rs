//! Shared by the benchmarks: the process's CPU time, and a whole
//! `grogpress build` of a game folder timed.

use std::path::Path;
use std::time::Instant;

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
/// this process: the wall and CPU time, in s. Panics if it fails.
pub fn run_once(command: &str, dir: &Path, out: &Path) -> (f64, f64) {
    let _ = std::fs::remove_dir_all(out);
    let start = Instant::now();
    let cpu = cpu_s();
    let cli = <grogpress::cli::Cli as clap::Parser>::parse_from([
        "grogpress".as_ref(),
        "--root".as_ref(),
        env!("CARGO_MANIFEST_DIR").as_ref(),
        command.as_ref(),
        dir.as_os_str(),
        "--out".as_ref(),
        out.as_os_str(),
    ]);
    let code = grogpress::cli::run(cli);
    let wall = start.elapsed().as_secs_f64();
    assert_eq!(
        code,
        std::process::ExitCode::SUCCESS,
        "grogpress {command} fails on the benchmark game {}",
        dir.display()
    );
    (wall, cpu_s() - cpu)
}
