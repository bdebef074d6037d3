//! An art file dropped into a small game folder (issue 36): the first byte
//! picks the kind — SVG, PNG or JPEG card art drawn by the card layout, or a
//! font as the regular face of the game's own `fonts/` — and the rest is the
//! file. The game is then checked as `grogpress check` does and, when that
//! finds no error, built as `grogpress build --png --tts --svg` does (PDF,
//! per-card SVG, PNG and TTS images, HTML, rulebook) and exported for VASSAL.
//! Nothing may panic, fail operationally on a readable folder (a file
//! `check` accepted must be usable by every output), report a diagnostic
//! outside its file, hang or take more than 2 GB (libFuzzer's bounds).
//! `ART_FUZZ_KINDS` (say `svg,png,jpeg`) limits a run to those kinds.
#![no_main]

use std::path::{Path, PathBuf};

use grogpress::publish::{Assets, Destination, PlanOptions, ToDestination, export_vassal, publish_game};
use grogpress::diag::{Diagnostics, Sources};
use grogpress::load::Root;
use grogpress_fuzz::{ArtKind, art_input, assert_located};
use libfuzzer_sys::fuzz_target;

thread_local! {
    /// Fonts, sheets and icons of the main crate, loaded once per process.
    static ASSETS: Assets = {
        let root = Root::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
        let mut sources = Sources::default();
        let mut diags = Diagnostics::default();
        Assets::load(root, &mut sources, &mut diags).expect("the project's assets load")
    };
    /// The kinds `ART_FUZZ_KINDS` lets through (all when it is not set).
    static KINDS: Option<String> = std::env::var("ART_FUZZ_KINDS").ok();
    /// One folder per process: the game (written once) and its outputs.
    static DIR: PathBuf = {
        let dir = std::env::temp_dir()
            .join(format!("grogpress-fuzz-art-{}", std::process::id()));
        write_game(&dir.join("game"));
        dir
    };
}

const GAME_TOML: &str = "name = \"Art Fuzz\"\ncopyright = [\"Fuzz.\"]\nrules = [\"rules.md\"]\n\n[[decks]]\nid = \"hero\"\nfile = \"heroes.toml\"\n\n[[publish.cards]]\ndeck = \"hero\"\nlayout = \"hero\"\nback = \"back\"\n";
const DECK: &str = "name = \"Heroes\"\ntitle_field = \"title\"\n\n[[fields]]\nname = \"title\"\nkind = \"text\"\n\n[[cards]]\ntitle = \"Hero Ω 1\"\n";
const RULES: &str = "# Heroes\n\nA hero *fights*.\n\n{{ deck(\"hero\") }}\n";
const BACK: &str = "name = \"Back\"\nfamily = \"sans-condensed\"\n\n[[regions]]\nfield = \"game\"\nleft = 12\ntop = 200\nwidth = 156\nheight = 20\nsize = 12\n";

/// The card layout, drawing `art` (if any) over the card's top half.
fn front(art: Option<&str>) -> String {
    let mut text = String::from("name = \"Hero\"\nfamily = \"sans-condensed\"\n\n");
    if let Some(art) = art {
        text.push_str(&format!(
            "[[images]]\nfile = \"{art}\"\nleft = -9\ntop = -9\nwidth = 198\nheight = 129\nfit = \"cover\"\nradius = 6\n\n"
        ));
    }
    text.push_str(
        "[[regions]]\nfield = \"title\"\nleft = 12\ntop = 150\nwidth = 156\nheight = 20\nsize = 14\n",
    );
    text
}

fn write_game(game: &Path) {
    let _ = std::fs::remove_dir_all(game);
    std::fs::create_dir_all(game.join("templates/cards")).expect("a temp folder");
    std::fs::create_dir_all(game.join("art")).expect("a temp folder");
    for (name, text) in [
        ("game.toml", GAME_TOML),
        ("heroes.toml", DECK),
        ("rules.md", RULES),
        ("templates/cards/back.toml", BACK),
    ] {
        std::fs::write(game.join(name), text).expect("write the game");
    }
}

/// A font of the game's own: every face of `sans-condensed` is the input.
const FONTS_TOML: &str = "[[family]]\nname = \"sans-condensed\"\nregular = \"x.ttf\"\nbold = \"x.ttf\"\nitalic = \"x.ttf\"\nbold_italic = \"x.ttf\"\n";

fuzz_target!(|data: &[u8]| {
    let Some((kind, bytes)) = art_input(data) else {
        return;
    };
    let wanted = KINDS.with(|kinds| {
        kinds
            .as_deref()
            .is_none_or(|k| k.split(',').any(|k| k.trim() == kind.name()))
    });
    if !wanted {
        return;
    }
    DIR.with(|dir| {
        let game = dir.join("game");
        let out = dir.join("out");
        let _ = std::fs::remove_dir_all(&out);
        let _ = std::fs::remove_dir_all(game.join("fonts"));
        for old in ["x.svg", "x.png", "x.jpg"] {
            let _ = std::fs::remove_file(game.join("art").join(old));
        }
        let art = match kind {
            ArtKind::Font => {
                std::fs::create_dir_all(game.join("fonts")).expect("mkdir");
                std::fs::write(game.join("fonts/fonts.toml"), FONTS_TOML).expect("write");
                std::fs::write(game.join("fonts/x.ttf"), bytes).expect("write");
                None
            }
            kind => {
                let name = format!("art/x.{}", kind.extension());
                std::fs::write(game.join(&name), bytes).expect("write");
                Some(name)
            }
        };
        std::fs::write(
            game.join("templates/cards/hero.toml"),
            front(art.as_deref()),
        )
        .expect("write");
        ASSETS.with(|shared| build(&game, &out, shared));
    });
});

/// `check`, then (with no error) the build and the VASSAL export, each
/// through publish as the command line runs it.
fn build(game: &Path, out: &Path, assets: &Assets) {
    let options = PlanOptions {
        svg: true,
        png: true,
        tts: true,
        dpi: 30.0,
        ..PlanOptions::everything()
    };
    // `grogpress check` lays every output out (a font without a card's
    // characters is found there): only what that accepts is built.
    let mut sources = Sources::default();
    let mut diags = Diagnostics::default();
    publish_game(game, assets, &options, None, &mut sources, &mut diags, &mut |_| {})
        .unwrap_or_else(|e| panic!("operational failure on a readable game folder: {e}"));
    assert_located(&diags, &sources);
    if diags.has_errors() {
        return;
    }
    let mut sources = Sources::default();
    let mut diags = Diagnostics::default();
    let to = |_: &grogpress::model::Game, _: &Sources| Destination::everything(out);
    let to: &ToDestination<'_> = &to;
    let built = publish_game(game, assets, &options, Some(to), &mut sources, &mut diags, &mut |_| {})
        .unwrap_or_else(|e| panic!("`check` passed, but the build failed: {e}"));
    assert_located(&diags, &sources);
    assert!(
        built.wrote && !diags.has_errors(),
        "`check` passed, but the build found errors: {:?}",
        diags.list.iter().map(|d| d.id).collect::<Vec<_>>()
    );
    let mut sources = Sources::default();
    let mut diags = Diagnostics::default();
    export_vassal(game, assets, out, &mut sources, &mut diags)
        .unwrap_or_else(|e| panic!("`check` passed, but the VASSAL export failed: {e}"));
    assert_located(&diags, &sources);
}
