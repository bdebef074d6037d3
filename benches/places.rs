//! Benchmark: a point-to-point map game at two sizes ten times apart — 200
//! and 2,000 spaces on a lattice, each joined to its right and lower
//! neighbours (about two connections a space), every third with a victory
//! point badge, every fifth a fortress icon, control rings — through
//! `check` and `build` (map PDFs, SVG, PNG, HTML, VASSAL). Each size runs
//! in a process of its own so its peak memory is its own. Prints each
//! size's wall and CPU time and peak memory, and the large size's cost
//! over the small one's: ten times the work should cost about ten times,
//! and a cost growing faster than the work shows as a ratio well past ten.
//!
//! Run: `cargo bench --bench places` (`PLACES_BENCH_RUNS=N` runs a size,
//! default 3).

use std::path::Path;
use std::process::Command;

#[path = "support/memory.rs"]
mod memory;
#[path = "support/timing.rs"]
mod timing;

const SIZES: [usize; 2] = [200, 2_000];
/// The lattice's step between spaces, in points.
const STEP: usize = 72;

/// A game of one point-to-point map of `n` spaces.
fn write_game(dir: &Path, n: usize) {
    let columns = (n as f64).sqrt().ceil() as usize;
    let rows = n.div_ceil(columns);
    let mut map = format!(
        "name = \"Lattice\"\ngrid = \"points\"\nwidth = \"{}pt\"\nheight = \"{}pt\"\nspace = \"0.4in\"\n\n\
[[features]]\nid = \"rail\"\nname = \"Railway\"\ncolor = \"#333333\"\nline = \"double\"\n\n\
[[features]]\nid = \"road\"\nname = \"Road\"\ncolor = \"#A0522D\"\n\n\
[[attributes]]\nid = \"vp\"\nname = \"Victory points\"\nkind = \"number\"\nshow = \"badge\"\n\n\
[[attributes]]\nid = \"fort\"\nname = \"Fortress\"\nkind = \"yes-no\"\nshow = \"icon\"\nicon = \"shield\"\n\n\
[[attributes]]\nid = \"control\"\nname = \"Control\"\nkind = \"text\"\nshow = \"ring\"\ncolors = {{ A = \"#1F4E9C\", B = \"#7A1F1F\" }}\n\n",
        columns * STEP,
        rows * STEP
    );
    for i in 0..n {
        let (c, r) = (i % columns, i / columns);
        let mut attrs = vec![format!(
            "control = \"{}\"",
            if c < columns / 2 { "A" } else { "B" }
        )];
        if i % 3 == 0 {
            attrs.push(format!("vp = {}", i % 5 + 1));
        }
        if i % 5 == 0 {
            attrs.push("fort = true".to_string());
        }
        map.push_str(&format!(
            "[[spaces]]\nid = \"s{i}\"\nname = \"P{i}\"\nat = [\"{}pt\", \"{}pt\"]\nattributes = {{ {} }}\n\n",
            c * STEP + STEP / 2,
            r * STEP + STEP / 3,
            attrs.join(", ")
        ));
    }
    for i in 0..n {
        let (c, r) = (i % columns, i / columns);
        let kind = if r % 2 == 0 { "rail" } else { "road" };
        if c + 1 < columns && i + 1 < n {
            map.push_str(&format!(
                "[[connections]]\nfrom = \"s{i}\"\nto = \"s{}\"\nkind = \"{kind}\"\n\n",
                i + 1
            ));
        }
        if i + columns < n {
            map.push_str(&format!(
                "[[connections]]\nfrom = \"s{i}\"\nto = \"s{}\"\nkind = \"road\"\n\n",
                i + columns
            ));
        }
    }
    std::fs::create_dir_all(dir.join("maps")).expect("game dir");
    std::fs::write(
        dir.join("game.toml"),
        "name = \"Lattice\"\n\n[[maps]]\nid = \"lattice\"\nfile = \"maps/lattice.toml\"\n",
    )
    .expect("game.toml");
    std::fs::write(dir.join("maps/lattice.toml"), map).expect("map");
}

/// `grogpress check <dir>` in this process: the wall and CPU time, in s.
fn check_once(dir: &Path) -> (f64, f64) {
    let start = std::time::Instant::now();
    let cpu = timing::cpu_s();
    let clean = timing::publish(dir, &grogpress::publish::PlanOptions::everything(), None);
    assert!(clean, "check fails on {}", dir.display());
    (start.elapsed().as_secs_f64(), timing::cpu_s() - cpu)
}

/// One size, in this process: its timings (the median of `runs`), printed
/// as one line `n check_wall check_cpu build_wall build_cpu peak_mb`.
fn one_size(n: usize, runs: usize) {
    let tmp =
        std::env::temp_dir().join(format!("grogpress-places-bench-{}-{n}", std::process::id()));
    let game = tmp.join("lattice");
    write_game(&game, n);
    let out = tmp.join("out");
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let (mut cw, mut cc, mut bw, mut bc) = (vec![], vec![], vec![], vec![]);
    for _ in 0..runs {
        let (w, c) = check_once(&game);
        cw.push(w);
        cc.push(c);
        let (w, c) = timing::run_once("build", &game, &out);
        bw.push(w);
        bc.push(c);
    }
    println!(
        "{n} {:.3} {:.3} {:.3} {:.3} {:.1}",
        median(cw),
        median(cc),
        median(bw),
        median(bc),
        memory::peak_rss_mb()
    );
    let _ = std::fs::remove_dir_all(&tmp);
}

fn main() {
    let runs: usize = std::env::var("PLACES_BENCH_RUNS")
        .ok()
        .and_then(|n| n.parse().ok())
        .filter(|n| *n > 0)
        .unwrap_or(3);
    if let Some(n) = std::env::var("PLACES_BENCH_SIZE")
        .ok()
        .and_then(|n| n.parse().ok())
    {
        one_size(n, runs);
        return;
    }
    let me = std::env::current_exe().expect("the bench binary");
    println!("point-to-point map game, median of {runs} runs a size (s; peak MB of its process)");
    println!(
        "{:>7} {:>10} {:>10} {:>10} {:>10} {:>8}",
        "spaces", "check", "check cpu", "build", "build cpu", "peak MB"
    );
    let mut rows: Vec<Vec<f64>> = Vec::new();
    for n in SIZES {
        let output = Command::new(&me)
            .env("PLACES_BENCH_SIZE", n.to_string())
            .env("PLACES_BENCH_RUNS", runs.to_string())
            .output()
            .expect("run one size");
        assert!(
            output.status.success(),
            "size {n}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let line = String::from_utf8_lossy(&output.stdout);
        let row: Vec<f64> = line
            .lines()
            .last()
            .unwrap_or_default()
            .split_whitespace()
            .filter_map(|v| v.parse().ok())
            .collect();
        assert_eq!(row.len(), 6, "size {n} printed {line}");
        println!(
            "{:>7} {:>10.3} {:>10.3} {:>10.3} {:>10.3} {:>8.1}",
            n, row[1], row[2], row[3], row[4], row[5]
        );
        rows.push(row);
    }
    let (a, b) = (&rows[0], &rows[1]);
    println!(
        "x{} the spaces: check x{:.1} (cpu x{:.1}), build x{:.1} (cpu x{:.1}), peak memory x{:.1}",
        SIZES[1] / SIZES[0],
        b[1] / a[1],
        b[2] / a[2],
        b[3] / a[3],
        b[4] / a[4],
        b[5] / a[5]
    );
}
