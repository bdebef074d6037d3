//! Benchmark: `grogpress diff` of two versions of a game — a deck of cards
//! and Markdown rules, every hundredth card and every 37th block of its rules
//! changed in the second — at two sizes ten times apart: 200 cards with
//! about 10 pages of rules, and 2,000 cards with about 100 (issue 42 asks
//! under 1 s for the large one). Each size is compared as two folders and
//! as two git revisions of one folder (read through `git cat-file`); the
//! bench prints the best of the runs for each, and fails past 1 s. Then
//! the errata sheet of each size (`grogpress errata --since`, the binary:
//! the earlier version's cards drawn again, the rulebook laid out for each
//! changed rule's page), the best of the runs.
//!
//! Run: `cargo bench --bench diff` (`DIFF_BENCH_RUNS=N` runs, default 3).

use std::path::Path;
use std::process::Command;
use std::time::Instant;

#[path = "support/cards.rs"]
mod cards;
#[path = "support/rules.rs"]
mod rules;

use grogpress::load::Root;
use grogpress::publish::diff::{DiffQuery, Version, diff};

/// The most the large game's diff may take, in seconds.
const MOST_S: f64 = 1.0;

/// A game of `cards` cards and `sections` rules sections (each a little
/// over three pages set) in `dir`; with `changed`, every hundredth card's
/// effect and every 37th block of its rules reworded.
fn write_game(dir: &Path, cards: usize, sections: usize, changed: bool) {
    std::fs::create_dir_all(dir.join("rules")).expect("create the game folder");
    std::fs::write(
        dir.join("game.toml"),
        "name = \"Diff Benchmark\"\nrules = [\"rules/rules.md\"]\n[[sides]]\nid = \"a\"\nname = \"Side A\"\n[[sides]]\nid = \"b\"\nname = \"Side B\"\n[[decks]]\nid = \"action\"\nfile = \"deck.toml\"\n[[publish.cards]]\ndeck = \"action\"\nlayout = \"plain\"\nback = \"back\"\n",
    )
    .expect("write game.toml");
    let mut deck = String::from(cards::DECK_FIELDS);
    for i in 0..cards {
        let (who, timing, effect) = cards::TEXTS[i % cards::TEXTS.len()];
        let effect = if changed && i % 100 == 7 {
            format!("{effect} Then draw a card.")
        } else {
            effect.to_string()
        };
        let owner = if i % 2 == 0 { "Side A" } else { "Side B" };
        deck.push_str(&format!(
            "[[cards]]\nwho = {who:?}\ntiming = {timing:?}\ntitle = \"Card number {i}\"\neffect = {effect:?}\nowner = {owner:?}\n"
        ));
    }
    std::fs::write(dir.join("deck.toml"), deck).expect("write deck.toml");
    let md = rules::rules(sections, false);
    let md = if changed {
        md.split("\n\n")
            .enumerate()
            .map(|(n, p)| {
                if n % 37 == 5 && !p.starts_with('#') {
                    format!("{p} This is new.")
                } else {
                    p.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("\n\n")
    } else {
        md
    };
    std::fs::write(dir.join("rules/rules.md"), md).expect("write the rules");
}

fn git(dir: &Path, args: &[&str]) {
    let ok = Command::new("git")
        .current_dir(dir)
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .args([
            "-c",
            "user.name=Bench",
            "-c",
            "user.email=bench@example.com",
        ])
        .args(args)
        .output()
        .expect("run git")
        .status
        .success();
    assert!(ok, "git {args:?}");
}

/// The best time of `runs` diffs of `query`, and the changes found.
fn best(root: &Root, query: &DiffQuery, runs: usize) -> (f64, usize) {
    let mut best = f64::MAX;
    let mut found = 0;
    for _ in 0..runs {
        let start = Instant::now();
        let run = diff(root, query).expect("diff");
        best = best.min(start.elapsed().as_secs_f64());
        assert!(run.failed.is_empty(), "a version has errors");
        found = run.changes.len();
    }
    (best, found)
}

/// The best time of `runs` errata sheets of `game` since `old`, written under `out`.
fn errata(root: &Root, game: &Path, old: &Path, out: &Path, runs: usize) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..runs {
        let start = Instant::now();
        let status = Command::new(env!("CARGO_BIN_EXE_grogpress"))
            .args(["--root", &root.dir.display().to_string(), "errata"])
            .arg(game)
            .arg("--since")
            .arg(old)
            .arg("--out")
            .arg(out)
            .output()
            .expect("run grogpress errata");
        best = best.min(start.elapsed().as_secs_f64());
        assert!(
            status.status.success(),
            "errata: {}",
            String::from_utf8_lossy(&status.stderr)
        );
    }
    best
}

fn main() {
    let runs: usize = std::env::var("DIFF_BENCH_RUNS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(3);
    let root = Root::new(env!("CARGO_MANIFEST_DIR"));
    let mut failed = false;
    for (cards, sections) in [(200, 3), (2_000, 30)] {
        let tmp = tempfile::tempdir().expect("temp dir");
        let (old, new) = (tmp.path().join("old/game"), tmp.path().join("new/game"));
        write_game(&old, cards, sections, false);
        write_game(&new, cards, sections, true);
        let folders = DiffQuery {
            game: new.display().to_string(),
            from: Version::Folder(old.clone()),
            to: None,
            out: tmp.path().join("out"),
        };
        let (folder_s, found) = best(&root, &folders, runs);
        // The same two versions as commits of one repository.
        let repo = tmp.path().join("repo");
        let game = repo.join("game");
        write_game(&game, cards, sections, false);
        git(&repo, &["init", "-q"]);
        git(&repo, &["add", "-A"]);
        git(&repo, &["commit", "-q", "-m", "old"]);
        write_game(&game, cards, sections, true);
        git(&repo, &["commit", "-q", "-a", "-m", "new"]);
        let revisions = DiffQuery {
            game: game.display().to_string(),
            from: Version::Revision("HEAD~1".into()),
            to: Some(Version::Revision("HEAD".into())),
            out: tmp.path().join("out"),
        };
        let (git_s, git_found) = best(&root, &revisions, runs);
        assert_eq!(found, git_found, "folders and revisions differ");
        let pages = sections * 10 / 3;
        println!(
            "diff {cards} cards, ~{pages} pages of rules: {found} changes; folders {folder_s:.3} s, git revisions {git_s:.3} s"
        );
        let errata_s = errata(&root, &new, &old, &tmp.path().join("errata"), runs);
        println!("errata sheet {cards} cards, ~{pages} pages of rules: {errata_s:.3} s");
        if cards >= 2_000 && folder_s.max(git_s) > MOST_S {
            println!("  slower than {MOST_S} s");
            failed = true;
        }
    }
    if failed {
        std::process::exit(1);
    }
}
