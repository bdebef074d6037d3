//! The small card game the art tests build: one deck `hero` published as
//! poker cards with the layouts `templates/cards/hero.toml` and
//! `hero-back.toml`. Each test gives its own layouts, cards and art.

use std::path::{Path, PathBuf};

/// `game.toml`: the deck `hero` (`heroes.toml`) on cards, front `hero`, back `hero-back`.
pub const GAME_TOML: &str = "name = \"Art Test\"\ncopyright = [\"Test.\"]\nrules = [\"rules.md\"]\n\n[[decks]]\nid = \"hero\"\nfile = \"heroes.toml\"\n\n[[publish.cards]]\ndeck = \"hero\"\nlayout = \"hero\"\nback = \"hero-back\"\n";

/// `heroes.toml` of a deck read from `heroes.csv`: a `title` and a `picture` per card.
pub const CSV_DECK: &str = "name = \"Heroes\"\ncards = \"heroes.csv\"\ntitle_field = \"title\"\n\n[[fields]]\nname = \"title\"\nkind = \"text\"\n\n[[fields]]\nname = \"picture\"\nkind = \"text\"\n";

/// A plain back: the game's name.
pub const PLAIN_BACK: &str = "name = \"Back\"\nfamily = \"sans-condensed\"\n\n[[regions]]\nfield = \"game\"\nleft = 12\ntop = 200\nwidth = 156\nheight = 20\nsize = 12\n";

/// The game folder `name` under `dir`, holding `files` (path in the game, bytes).
pub fn write(dir: &Path, name: &str, files: &[(&str, &[u8])]) -> PathBuf {
    let game = dir.join(name);
    for (path, bytes) in files {
        let path = game.join(path);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("mkdir");
        std::fs::write(path, bytes).expect("write");
    }
    game
}

/// Where `needle` starts in `text`: (line, column), 1-based.
pub fn place(text: &str, needle: &str) -> (usize, usize) {
    let at = text.find(needle).expect("the needle is in the text");
    super::line_col(text, at)
}
