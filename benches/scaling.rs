//! Benchmark: cost linear in the work, for every input path — a TOML deck,
//! a CSV deck, Markdown rules, a map and unit counters. Each is built whole
//! as `grogpress build` builds it, at two sizes ten times apart; the bench
//! prints both times (best of the runs, and the CPU time of that run), and
//! their ratio, which must stay under 12 (issue 36): a path whose ratio is
//! 12 or more is reported as superlinear and the bench exits with failure.
//!
//! Run: `cargo bench --bench scaling` (`SCALING_BENCH_ONLY=csv` runs the
//! paths whose name holds that word; `SCALING_BENCH_RUNS=N` builds, default
//! 3; `SCALING_BENCH_KEEP=1` keeps the generated games).

use std::fmt::Write as _;
use std::path::Path;

#[path = "support/cards.rs"]
mod cards;
#[path = "support/label_game.rs"]
mod label_game;
#[path = "support/layouts.rs"]
mod layouts;
#[path = "support/maps.rs"]
mod maps;
#[path = "support/rules.rs"]
mod rules;
#[path = "support/timing.rs"]
mod timing;
use label_game::{DeckFile, write_label_game};

/// The largest ratio of the large size's time to the small one's.
const MOST: f64 = 12.0;

/// One input path: its name, the small size (the large is ten times it),
/// what a size counts, and how a game of that size is written.
struct InputPath {
    name: &'static str,
    small: usize,
    unit: &'static str,
    write: fn(&Path, usize),
}

const PATHS: &[InputPath] = &[
    InputPath {
        name: "TOML deck",
        small: 10_000,
        unit: "cards",
        write: |dir, n| write_label_game(dir, n, DeckFile::Toml),
    },
    InputPath {
        name: "CSV deck",
        small: 10_000,
        unit: "cards",
        write: |dir, n| write_label_game(dir, n, DeckFile::Csv),
    },
    InputPath {
        name: "rules Markdown",
        small: 9,
        unit: "sections",
        write: write_rules_game,
    },
    InputPath {
        name: "map",
        small: 960,
        unit: "cells",
        // As square as the cells allow (31 x 31, 98 x 98).
        write: |dir, n| {
            let side = (n as f64).sqrt().round() as usize;
            maps::write_map_game(dir, side, side)
        },
    },
    InputPath {
        name: "counters",
        small: 300,
        unit: "units",
        write: write_counters_game,
    },
];

/// A game of nothing but rules: `sections` sections of Markdown, made into
/// the PDF rulebook and the HTML reference.
fn write_rules_game(dir: &Path, sections: usize) {
    std::fs::create_dir_all(dir.join("rules")).expect("create bench game folder");
    std::fs::write(
        dir.join("game.toml"),
        "name = \"Rules Benchmark\"\nrules = [\"rules/rules.md\"]\n",
    )
    .expect("write game.toml");
    std::fs::write(dir.join("rules/rules.md"), rules::rules(sections, false))
        .expect("write the rules");
}

/// NATO symbols, in turn on the generated units.
const FUNCTIONS: &[(&str, &str)] = &[
    ("infantry", "battalion"),
    ("armour", "company"),
    ("infantry+headquarters", "brigade"),
    ("mechanised+reconnaissance", "battalion"),
    ("artillery", "battalion"),
    ("anti-tank", "company"),
    ("engineer", "platoon"),
];

/// A game of `units` unit types, each one counter of one of two sides, with
/// NATO symbols and four values in the corners, and a few markers.
fn write_counters_game(dir: &Path, units: usize) {
    std::fs::create_dir_all(dir).expect("create bench game folder");
    let mut list = String::from(
        "name = \"Formations\"\n[[fields]]\nname = \"function\"\nkind = \"text\"\n[[fields]]\nname = \"size\"\nkind = \"text\"\n",
    );
    for field in ["ar", "steps", "attack", "defense"] {
        let _ = write!(list, "[[fields]]\nname = \"{field}\"\nkind = \"int\"\n");
    }
    for u in 0..units {
        let (function, size) = FUNCTIONS[u % FUNCTIONS.len()];
        let _ = write!(
            list,
            "[[items]]\nid = \"u-{u}\"\nname = \"{u}/{} Bn\"\nfunction = \"{function}\"\nsize = \"{size}\"\nar = {}\nsteps = {}\nattack = {}\ndefense = {}\n",
            u % 9 + 1,
            u % 5 + 1,
            u % 4 + 1,
            u % 7,
            u % 6 + 1
        );
    }
    std::fs::write(dir.join("formations.toml"), list).expect("write formations.toml");
    let side = |first: usize| {
        (first..units)
            .step_by(2)
            .map(|u| format!("u-{u} = 1"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let game = format!(
        r##"name = "Counters Benchmark"
[[collections]]
id = "formations"
file = "formations.toml"
[publish.counters]
units = "formations"
top_left = "ar"
top_right = "steps"
bottom_left = "attack"
bottom_right = "defense"
symbol = "function"
echelon = "size"
[[publish.counters.sides]]
name = "Blue"
color = "#B5C7E3"
affiliation = "friend"
units = {{ {} }}
[[publish.counters.sides]]
name = "Red"
color = "#D9C9A3"
affiliation = "hostile"
units = {{ {} }}
[[publish.counters.markers]]
name = "Combat OBJ"
back = "March OBJ"
count = 4
"##,
        side(0),
        side(1)
    );
    std::fs::write(dir.join("game.toml"), game).expect("write game.toml");
}

/// Builds the game in `dir` as `grogpress build` does, `runs` times: the
/// best wall time, and the CPU time of that run, in s.
fn build(dir: &Path, out: &Path, runs: usize) -> (f64, f64) {
    let mut best = (f64::INFINITY, f64::NAN);
    for _ in 0..runs {
        let run = timing::run_once("build", dir, out);
        if run.0 < best.0 {
            best = run;
        }
    }
    best
}

fn main() {
    let only = std::env::var("SCALING_BENCH_ONLY").unwrap_or_default();
    let runs: usize = std::env::var("SCALING_BENCH_RUNS")
        .ok()
        .and_then(|n| n.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(3);
    let tmp = std::env::temp_dir().join(format!("grogpress-scaling-{}", std::process::id()));
    let mut report = Vec::new();
    let mut superlinear = Vec::new();
    for path in PATHS.iter().filter(|p| p.name.contains(only.as_str())) {
        let mut times = Vec::new();
        for n in [path.small, path.small * 10] {
            let dir = tmp.join(format!("{}-{n}", path.name.replace(' ', "-")));
            (path.write)(&dir, n);
            let (wall, cpu) = build(&dir, &tmp.join("out"), runs);
            println!(
                "{}: {n} {}: best of {runs} {wall:.3} s ({cpu:.3} s of CPU)",
                path.name, path.unit
            );
            times.push((wall, cpu));
        }
        let ratio = times[1].0 / times[0].0;
        let line = format!(
            "{:<15} {:>7} -> {:>7} {:<8} {:>8.3} s -> {:>8.3} s  ratio {ratio:>5.2}  (CPU {:.3} s -> {:.3} s, ratio {:.2})",
            path.name,
            path.small,
            path.small * 10,
            path.unit,
            times[0].0,
            times[1].0,
            times[0].1,
            times[1].1,
            times[1].1 / times[0].1
        );
        if ratio >= MOST {
            superlinear.push(format!("{}: ratio {ratio:.2}", path.name));
        }
        report.push(line);
    }
    println!(
        "\nscaling bench ({} cores; sizes ten times apart; a ratio must stay under {MOST}):",
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    for line in &report {
        println!("  {line}");
    }
    if std::env::var_os("SCALING_BENCH_KEEP").is_some() {
        println!("kept {}", tmp.display());
    } else {
        let _ = std::fs::remove_dir_all(&tmp);
    }
    if !superlinear.is_empty() {
        eprintln!(
            "\n!!! SUPERLINEAR: the cost grows faster than the work on {} !!!",
            superlinear.join("; ")
        );
        std::process::exit(1);
    }
}
