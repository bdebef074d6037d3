//! Benchmark: a deck of 1,000 cards, each with its own 1 MB JPEG (a CSV
//! column names each card's picture), printed as print-and-play sheets with
//! `grogpress cards`. The JPEGs are made here in a temp folder: one noisy
//! picture of about 1 MB, written 1,000 times with a different comment
//! segment so every file is its own (the PDF takes each file once by file,
//! not by content). Reports cards per second and peak memory; the issue-16
//! target is at least 500 cards/s and under 300 MB (pictures streamed into
//! the PDF one at a time, never all held).
//!
//! Run: `cargo bench --bench card_art` (GROGPRESS_BENCH_CARDS changes the
//! count, GROGPRESS_BENCH_RUNS the number of builds).

use std::path::Path;

#[path = "support/memory.rs"]
mod memory;
#[path = "support/timing.rs"]
mod timing;
use memory::peak_rss_mb;

const TEMPLATE: &str = r#"name = "Art card"
family = "sans-condensed"

[[images]]
field = "picture"
left = -9
top = -9
width = 198
height = 150
fit = "cover"

[[regions]]
field = "title"
left = 12
top = 160
width = 156
height = 20
size = 14
"#;

/// A JPEG of about 1 MB: 1,200 x 1,700 pixels of noise over a gradient.
fn noisy_jpeg() -> Vec<u8> {
    let (w, h) = (1200u16, 1700u16);
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut pixels = Vec::with_capacity(usize::from(w) * usize::from(h) * 3);
    for y in 0..h {
        for x in 0..w {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let noise = (seed & 0x3f) as u8;
            pixels.extend([
                (x / 5) as u8 ^ noise,
                (y / 7) as u8 ^ noise,
                noise.wrapping_mul(3),
            ]);
        }
    }
    let mut out = Vec::new();
    jpeg_encoder::Encoder::new(&mut out, 88)
        .encode(&pixels, w, h, jpeg_encoder::ColorType::Rgb)
        .expect("encode the benchmark JPEG");
    out
}

fn write_game(dir: &Path, cards: usize) -> f64 {
    std::fs::create_dir_all(dir.join("art")).expect("create the game folder");
    std::fs::create_dir_all(dir.join("templates/cards")).expect("create templates/");
    let write = |name: &str, text: &str| std::fs::write(dir.join(name), text).expect("write");
    write(
        "game.toml",
        "name = \"Art Benchmark\"\n[[decks]]\nid = \"art\"\nfile = \"deck.toml\"\n[publish]\nrulebook = false\n[[publish.cards]]\ndeck = \"art\"\nlayout = \"art\"\nback = \"back\"\nsize = \"poker\"\n",
    );
    write(
        "deck.toml",
        "name = \"Art\"\ncards = \"cards.csv\"\ntitle_field = \"title\"\n[[fields]]\nname = \"title\"\nkind = \"text\"\n[[fields]]\nname = \"picture\"\nkind = \"text\"\n",
    );
    write("templates/cards/art.toml", TEMPLATE);
    let jpeg = noisy_jpeg();
    let mut csv = String::from("title,picture\n");
    for n in 0..cards {
        // SOI, then a comment segment naming the card, then the rest.
        let comment = format!("card {n}");
        let mut file = jpeg[..2].to_vec();
        file.extend([0xFF, 0xFE]);
        file.extend(((comment.len() + 2) as u16).to_be_bytes());
        file.extend(comment.as_bytes());
        file.extend(&jpeg[2..]);
        std::fs::write(dir.join(format!("art/{n:04}.jpg")), file).expect("write a JPEG");
        csv.push_str(&format!("Card {n},art/{n:04}.jpg\n"));
    }
    write("cards.csv", &csv);
    jpeg.len() as f64 / 1e6
}

fn main() {
    let env = |name: &str, default: usize| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let cards = env("GROGPRESS_BENCH_CARDS", 1_000);
    let runs = env("GROGPRESS_BENCH_RUNS", 3);
    let tmp = std::env::temp_dir().join(format!("grogpress-art-{}", std::process::id()));
    let game_dir = tmp.join("art-game");
    let mb = write_game(&game_dir, cards);
    let out = tmp.join("out");
    let rss_before = peak_rss_mb();
    let mut times = Vec::new();
    for run in 0..runs {
        let (total, _) = timing::run_once("cards", &game_dir, &out);
        println!(
            "run {run}: {cards} cards in {total:.3} s = {:.0} cards/s",
            cards as f64 / total
        );
        times.push(total);
    }
    times.sort_by(f64::total_cmp);
    let Some(&median) = times.get(times.len() / 2) else {
        return;
    };
    let pdf = out.join("art-game/art-cards.pdf");
    let size = std::fs::metadata(&pdf).map_or(0, |m| m.len());
    println!(
        "card art bench: {cards} cards, a {mb:.2} MB JPEG each, median {median:.3} s = {:.0} cards/s (best {:.0}); peak RSS {:.1} MB (after writing the JPEGs {:.1} MB); PDF {:.1} MB; {} cores",
        cards as f64 / median,
        cards as f64 / times[0],
        peak_rss_mb(),
        rss_before,
        size as f64 / 1e6,
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    let _ = std::fs::remove_dir_all(&tmp);
}
