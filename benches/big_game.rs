//! Benchmark: a generated game of 20,000 action cards (10,000 titles, each
//! printed for both sides) whose rules pages name cards, built whole as
//! `grogpress build` builds it — label sheets, print-and-play cards, the
//! card list and the HTML reference (rulebook off). Reports cards per second
//! and peak memory; the issue-19 target is at least 20,000 cards/s and under
//! 200 MB.
//!
//! Run: `cargo bench --bench big_game` (set GROGPRESS_BENCH_CARDS to change
//! the count, GROGPRESS_BENCH_RUNS the number of builds; with
//! GROGPRESS_BENCH_KEEP set the generated game and outputs stay in the temp
//! folder, to profile `grogpress build` on them).

use std::fmt::Write as _;
use std::path::Path;

#[path = "support/cards.rs"]
mod cards;
#[path = "support/layouts.rs"]
mod layouts;
#[path = "support/memory.rs"]
mod memory;
#[path = "support/timing.rs"]
mod timing;
use cards::{DECK_FIELDS, TEXTS};
use memory::peak_rss_mb;

/// Cards named per rules paragraph, and paragraphs per rules page.
const MENTIONS_PER_PARAGRAPH: usize = 4;
const PARAGRAPHS_PER_PAGE: usize = 50;

fn write_game(dir: &Path, cards: usize) {
    let titles = cards.div_ceil(2);
    let pages = titles.div_ceil(MENTIONS_PER_PARAGRAPH * PARAGRAPHS_PER_PAGE * 10);
    let rules: Vec<String> = (0..pages)
        .map(|p| format!("\"rules/page-{p}.md\""))
        .collect();
    let game = format!(
        r#"name = "Big Benchmark"
rules = [{}]
[[sides]]
id = "a"
name = "First Side"
[[sides]]
id = "b"
name = "Second Side"
[[decks]]
id = "action"
file = "deck.toml"
[publish]
rulebook = false
[[publish.labels]]
deck = "action"
sheet = "avery-5395"
layout = "battlegrid-action"
[[publish.cards]]
deck = "action"
layout = "battlegrid-action"
back = "back"
size = "poker"
[[publish.card_lists]]
deck = "action"
group_by = "who"
"#,
        rules.join(", ")
    );
    let mut deck = format!(
        r#"{DECK_FIELDS}[constraints]
count_per = {{ field = "owner", count = {titles} }}
mirrored = "owner"
unique = [{{ field = "title", within = "owner" }}]
"#
    );
    // Each title once per side, as a mirrored deck prints them.
    for owner in ["First Side", "Second Side"] {
        for t in 0..titles {
            let (who, timing, effect) = TEXTS[t % TEXTS.len()];
            let _ = write!(
                deck,
                "[[cards]]\nwho = {who:?}\ntiming = {timing:?}\ntitle = \"Card number {t}\"\neffect = {effect:?}\nowner = {owner:?}\n"
            );
        }
    }
    std::fs::create_dir_all(dir.join("rules")).expect("create bench game folder");
    std::fs::write(dir.join("game.toml"), game).expect("write game.toml");
    layouts::write_action_layouts(dir);
    std::fs::write(dir.join("deck.toml"), deck).expect("write deck.toml");
    // Rules pages naming cards: every tenth title is named once.
    let mut named = (0..titles).step_by(10);
    for p in 0..pages {
        let mut text = format!("# Rules, part {}\n\n", p + 1);
        for _ in 0..PARAGRAPHS_PER_PAGE {
            let mentions: Vec<String> = named
                .by_ref()
                .take(MENTIONS_PER_PARAGRAPH)
                .map(|t| format!("[*Card number {t}*](card:)"))
                .collect();
            if mentions.is_empty() {
                break;
            }
            let _ = writeln!(
                text,
                "Play {} only in your own turn, and never on a card the other side just played.\n",
                mentions.join(" or ")
            );
        }
        std::fs::write(dir.join(format!("rules/page-{p}.md")), text).expect("write rules");
    }
}

fn main() {
    let env = |name: &str, default: usize| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let cards = env("GROGPRESS_BENCH_CARDS", 20_000);
    let runs = env("GROGPRESS_BENCH_RUNS", 3);
    let tmp = std::env::temp_dir().join(format!("grogpress-big-{}", std::process::id()));
    let game_dir = tmp.join("big");
    write_game(&game_dir, cards);
    let out = tmp.join("out");
    let rss_before = peak_rss_mb();
    let mut times = Vec::new();
    for run in 0..runs {
        let (total, _) = timing::run_once("build", &game_dir, &out);
        println!(
            "run {run}: {cards} cards built in {total:.3} s = {:.0} cards/s",
            cards as f64 / total
        );
        times.push(total);
    }
    times.sort_by(f64::total_cmp);
    let Some(&median) = times.get(times.len() / 2) else {
        return;
    };
    let pdfs: Vec<(String, u64)> = std::fs::read_dir(out.join("big"))
        .map(|dir| {
            dir.filter_map(Result::ok)
                .filter(|e| e.path().extension().is_some_and(|x| x == "pdf"))
                .map(|e| {
                    let size = e.metadata().map_or(0, |m| m.len());
                    (e.file_name().to_string_lossy().into_owned(), size)
                })
                .collect()
        })
        .unwrap_or_default();
    println!(
        "big game bench: {cards} cards, median {median:.3} s = {:.0} cards/s (best {:.0}); peak RSS {:.1} MB (before the runs {:.1} MB); {} cores",
        cards as f64 / median,
        cards as f64 / times[0],
        peak_rss_mb(),
        rss_before,
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    for (name, size) in pdfs {
        println!("  {name}: {:.1} MB", size as f64 / 1e6);
    }
    if std::env::var_os("GROGPRESS_BENCH_KEEP").is_some() {
        println!("kept {}", tmp.display());
    } else {
        let _ = std::fs::remove_dir_all(&tmp);
    }
}
