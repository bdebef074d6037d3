//! Benchmark: `grogpress::par` (threads spawned per call, workers taking the
//! next few items) against rayon's work-stealing pool, on the shape of work
//! a build gives them: pages deflated a batch at a time as the label and
//! card writers stream them (many small maps), and three documents side by
//! side each mapping its own pages (a map inside a map). Each shape runs at
//! two sizes ten times apart, the two pools interleaved run by run; the
//! bench prints the best and median wall time and the CPU time of each.
//!
//! Run: `cargo bench --bench par` (`PAR_BENCH_RUNS=N`, default 10). Issue 38
//! asked for rayon unless a benchmark shows ours ahead; this is that
//! benchmark, and `src/par.rs` says what it found.

use std::io::Write as _;
use std::time::Instant;

use rayon::prelude::*;

// Only its CPU clock is used here.
#[allow(dead_code)]
#[path = "support/timing.rs"]
mod timing;

/// A page's content stream: text runs and rules, about 6 KB.
fn page(k: usize) -> Vec<u8> {
    let mut s = Vec::with_capacity(6144);
    for line in 0..48 {
        let _ = write!(
            s,
            "BT /F1 9 Tf 1 0 0 1 {} {} Tm [(Card {k} line {line}: play when a unit)-250(attacks)] TJ ET\n0.5 w {} {} m {} {} l S\n",
            36 + line,
            700 - line * 12,
            36,
            690 - line * 12,
            560,
            690 - line * 12
        );
    }
    s
}

fn deflate(bytes: &[u8]) -> usize {
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    let _ = z.write_all(bytes);
    z.finish().map_or(0, |v| v.len())
}

/// Pages written `batch` at a time, each batch deflated on all cores.
fn streamed_ours(pages: &[Vec<u8>], batch: usize) -> usize {
    pages
        .chunks(batch)
        .map(|b| {
            grogpress::internals::map(b, 2, |p| deflate(p))
                .iter()
                .sum::<usize>()
        })
        .sum()
}

fn streamed_rayon(pages: &[Vec<u8>], batch: usize) -> usize {
    pages
        .chunks(batch)
        .map(|b| {
            b.par_iter()
                .map(|p| deflate(p))
                .collect::<Vec<_>>()
                .iter()
                .sum::<usize>()
        })
        .sum()
}

/// Three documents at a time, each deflating its pages on all cores.
fn documents_ours(docs: &[Vec<Vec<u8>>]) -> usize {
    grogpress::internals::map_taking(docs, 3, 1, |pages| {
        grogpress::internals::map(pages, 2, |p| deflate(p))
            .iter()
            .sum::<usize>()
    })
    .iter()
    .sum()
}

fn documents_rayon(docs: &[Vec<Vec<u8>>]) -> usize {
    docs.par_iter()
        .with_max_len(1)
        .map(|pages| {
            pages
                .par_iter()
                .map(|p| deflate(p))
                .collect::<Vec<_>>()
                .iter()
                .sum::<usize>()
        })
        .collect::<Vec<_>>()
        .iter()
        .sum()
}

/// Wall and CPU seconds of `f`, and its result.
fn timed(f: impl FnOnce() -> usize) -> (f64, f64, usize) {
    let (cpu, wall) = (timing::cpu_s(), Instant::now());
    let out = f();
    (wall.elapsed().as_secs_f64(), timing::cpu_s() - cpu, out)
}

struct Figures {
    wall: Vec<f64>,
    cpu: Vec<f64>,
}

impl Figures {
    fn new() -> Figures {
        Figures {
            wall: Vec::new(),
            cpu: Vec::new(),
        }
    }
    fn add(&mut self, (wall, cpu, _): (f64, f64, usize)) {
        self.wall.push(wall);
        self.cpu.push(cpu);
    }
    fn line(&self) -> String {
        let mut w = self.wall.clone();
        w.sort_by(f64::total_cmp);
        let cpu: f64 = self.cpu.iter().sum::<f64>() / self.cpu.len().max(1) as f64;
        format!(
            "best {:.4} s, median {:.4} s, CPU {:.4} s",
            w.first().copied().unwrap_or(f64::NAN),
            w.get(w.len() / 2).copied().unwrap_or(f64::NAN),
            cpu
        )
    }
}

fn main() {
    let runs: usize = std::env::var("PAR_BENCH_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10);
    let threads = grogpress::internals::workers();
    // rayon's global pool at the same width as ours.
    let _ = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build_global();
    println!("par bench: {runs} runs, {threads} threads");
    for pages in [1_250, 12_500] {
        let all: Vec<Vec<u8>> = (0..pages).map(page).collect();
        let (mut ours, mut theirs) = (Figures::new(), Figures::new());
        for _ in 0..runs {
            let a = timed(|| streamed_ours(&all, 8));
            let b = timed(|| streamed_rayon(&all, 8));
            assert_eq!(a.2, b.2, "both deflate the same pages");
            ours.add(a);
            theirs.add(b);
        }
        println!(
            "streamed, {pages} pages in batches of 8: ours {}; rayon {}",
            ours.line(),
            theirs.line()
        );
        let docs: Vec<Vec<Vec<u8>>> = all.chunks(pages / 10).map(<[_]>::to_vec).collect();
        let (mut ours, mut theirs) = (Figures::new(), Figures::new());
        for _ in 0..runs {
            let a = timed(|| documents_ours(&docs));
            let b = timed(|| documents_rayon(&docs));
            assert_eq!(a.2, b.2, "both deflate the same pages");
            ours.add(a);
            theirs.add(b);
        }
        println!(
            "10 documents of {} pages, 3 at a time: ours {}; rayon {}",
            pages / 10,
            ours.line(),
            theirs.line()
        );
    }
}
