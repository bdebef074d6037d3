//! Shared by the benchmarks: a game of one generated deck of action cards,
//! its cards written as `[[cards]]` in the deck's TOML or as rows of a CSV
//! beside it (a spreadsheet's export), laid out onto Avery 5395 labels.

use std::io::Write as _;
use std::path::Path;

use super::cards::{DECK_FIELDS, TEXTS};

/// How the deck's cards are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeckFile {
    Toml,
    Csv,
}

/// The game in `dir`: `game.toml`, and `deck.toml` with `cards` cards
/// (with `DeckFile::Csv`, in `cards.csv`).
pub fn write_label_game(dir: &Path, cards: usize, file: DeckFile) {
    let game = r#"name = "Benchmark"
[[sides]]
id = "a"
name = "Side A"
[[sides]]
id = "b"
name = "Side B"
[[decks]]
id = "action"
file = "deck.toml"
[[publish.labels]]
deck = "action"
sheet = "avery-5395"
layout = "battlegrid-action"
"#;
    std::fs::create_dir_all(dir).expect("create bench game folder");
    std::fs::write(dir.join("game.toml"), game).expect("write game.toml");
    super::layouts::write_action_layouts(dir);
    let create = |name: &str| {
        let file = std::fs::File::create(dir.join(name)).expect("create a deck file");
        std::io::BufWriter::new(file)
    };
    // Written as it is made: the 31 MB of a 100,000-card deck held here
    // would count in the peak memory a benchmark measures.
    let mut deck = create("deck.toml");
    if file == DeckFile::Csv {
        deck.write_all(b"cards = \"cards.csv\"\n")
            .expect("write deck.toml");
    }
    deck.write_all(DECK_FIELDS.as_bytes())
        .expect("write deck.toml");
    let owner = |i: usize| {
        if i.is_multiple_of(2) {
            "Side A"
        } else {
            "Side B"
        }
    };
    match file {
        DeckFile::Toml => {
            for i in 0..cards {
                let (who, timing, effect) = TEXTS[i % TEXTS.len()];
                writeln!(
                    deck,
                    "[[cards]]\nwho = {who:?}\ntiming = {timing:?}\ntitle = \"Card number {i}\"\neffect = {effect:?}\nowner = {:?}",
                    owner(i)
                )
                .expect("write deck.toml");
            }
        }
        DeckFile::Csv => {
            let mut rows = create("cards.csv");
            writeln!(rows, "who,timing,title,effect,owner").expect("write cards.csv");
            for i in 0..cards {
                let (who, timing, effect) = TEXTS[i % TEXTS.len()];
                let title = format!("Card number {i}");
                let cells = [who, timing, &title, effect, owner(i)].map(csv_cell);
                writeln!(rows, "{}", cells.join(",")).expect("write cards.csv");
            }
            rows.flush().expect("write cards.csv");
        }
    }
    deck.flush().expect("write deck.toml");
}

/// A cell as a spreadsheet saves it: in quotes (a quote doubled) when it
/// holds a comma, a quote or a line break.
fn csv_cell(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}
