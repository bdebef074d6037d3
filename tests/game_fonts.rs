//! `[fonts]` in game.toml: the families a game is set in, named once; a
//! family the fonts lack is a located error, never another family in its
//! place. Games written here, built by the real binary.

mod support;

use std::path::Path;
use std::process::Command;

use support::grogpress;
use support::hero_game::{place, write};

/// A game with one aid printed on a page.
const AID_GAME: &str = "name = \"Fonts\"\ncopyright = [\"Test.\"]\n\n[[aids]]\nid = \"aid\"\nfile = \"aid.toml\"\n\n[[publish.aids]]\naid = \"aid\"\n";
const AID: &str = "title = \"Player Aid\"\n\n[[blocks]]\nkind = \"paragraph\"\ntext = \"Each turn you get **TWO** actions.\"\n";

/// The base names of the fonts embedded in `pdf`.
fn embedded_fonts(pdf: &Path) -> Vec<String> {
    let out = Command::new("pdffonts")
        .arg(pdf)
        .output()
        .expect("run pdffonts (poppler-utils)");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .skip(2)
        .filter_map(|l| l.split_whitespace().next())
        .map(|name| name.split('+').next_back().unwrap_or(name).to_string())
        .collect()
}

fn check(game: &Path) -> support::Run {
    grogpress(&["check", game.to_str().expect("path"), "--format", "json"])
}

#[test]
fn the_text_family_a_game_names_sets_its_aids() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let out = tmp.path().join("out");
    let sans = write(
        tmp.path(),
        "sans",
        &[
            ("game.toml", AID_GAME.as_bytes()),
            ("aid.toml", AID.as_bytes()),
        ],
    );
    let serif_toml = format!("{AID_GAME}\n[fonts]\ntext = \"serif\"\n");
    let serif = write(
        tmp.path(),
        "serif",
        &[
            ("game.toml", serif_toml.as_bytes()),
            ("aid.toml", AID.as_bytes()),
        ],
    );
    support::build_ok(&sans, &out);
    support::build_ok(&serif, &out);
    let by_default = embedded_fonts(&out.join("sans/aid.pdf"));
    let named = embedded_fonts(&out.join("serif/aid.pdf"));
    assert!(!by_default.is_empty() && !named.is_empty());
    assert!(
        by_default
            .iter()
            .all(|f| f.starts_with("DejaVuSansCondensed")),
        "{by_default:?}"
    );
    assert!(
        named.iter().all(|f| f.starts_with("DejaVuSerifCondensed")),
        "{named:?}"
    );
}

#[test]
fn a_family_the_fonts_lack_is_an_error_at_its_name() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let toml = format!("{AID_GAME}\n[fonts]\ntext = \"sans\"\nrules = \"garamond\"\n");
    let game = write(
        tmp.path(),
        "g",
        &[("game.toml", toml.as_bytes()), ("aid.toml", AID.as_bytes())],
    );
    let run = check(&game);
    run.exit(1);
    for name in ["\"sans\"", "\"garamond\""] {
        let (line, col) = place(&toml, name);
        let d = run.expect("error", "dangling-reference", "g/game.toml", line, col);
        assert!(
            d.hint
                .as_deref()
                .is_some_and(|h| h.contains("sans-condensed")),
            "{d:?}"
        );
    }
}

#[test]
fn fonts_without_the_default_family_ask_the_game_to_name_one() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<(&str, Vec<u8>)> = vec![
        ("game.toml", AID_GAME.as_bytes().to_vec()),
        ("aid.toml", AID.as_bytes().to_vec()),
    ];
    let serif_only = "[[family]]\nname = \"serif\"\nregular = \"S.ttf\"\nbold = \"S.ttf\"\nitalic = \"S.ttf\"\nbold_italic = \"S.ttf\"\n";
    files.push(("fonts/fonts.toml", serif_only.as_bytes().to_vec()));
    files.push((
        "fonts/S.ttf",
        std::fs::read(root.join("fonts/DejaVuSerifCondensed.ttf")).expect("read font"),
    ));
    let borrowed: Vec<(&str, &[u8])> = files.iter().map(|(p, b)| (*p, b.as_slice())).collect();
    let game = write(tmp.path(), "g", &borrowed);
    let run = check(&game);
    run.exit(1);
    let d = run.expect("error", "dangling-reference", "g/game.toml", 1, 1);
    assert!(d.message.contains("sans-condensed"), "{d:?}");
    assert!(
        d.hint
            .as_deref()
            .is_some_and(|h| h.contains("[fonts] text")),
        "{d:?}"
    );

    // Named, the game builds in that family.
    let named = format!("{AID_GAME}\n[fonts]\ntext = \"serif\"\n");
    std::fs::write(game.join("game.toml"), named).expect("write");
    let out = tmp.path().join("out");
    support::build_ok(&game, &out);
    let fonts = embedded_fonts(&out.join("g/aid.pdf"));
    assert!(
        !fonts.is_empty() && fonts.iter().all(|f| f.starts_with("DejaVuSerifCondensed")),
        "{fonts:?}"
    );
}

#[test]
fn the_rulebook_is_set_in_the_book_face_unless_the_game_names_the_serif() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let out = tmp.path().join("out");
    let rules_game = "name = \"Fonts\"\ncopyright = [\"Test.\"]\nrules = [\"rules.md\"]\n";
    let rules = "# Rules\n\nEach turn you get *two* actions and **one** move.\n";
    let book = write(
        tmp.path(),
        "book",
        &[
            ("game.toml", rules_game.as_bytes()),
            ("rules.md", rules.as_bytes()),
        ],
    );
    let serif_toml = format!("{rules_game}\n[fonts]\nrules = \"serif\"\n");
    let serif = write(
        tmp.path(),
        "serif",
        &[
            ("game.toml", serif_toml.as_bytes()),
            ("rules.md", rules.as_bytes()),
        ],
    );
    support::build_ok(&book, &out);
    support::build_ok(&serif, &out);
    let by_default = embedded_fonts(&out.join("book/book-rules.pdf"));
    let named = embedded_fonts(&out.join("serif/serif-rules.pdf"));
    // The prose (regular, italic, bold) in the book face; the running
    // head and folio may be in the text family.
    for face in ["CharisSIL", "CharisSIL-Italic", "CharisSIL-Bold"] {
        assert!(
            by_default.iter().any(|f| f == face),
            "{face}: {by_default:?}"
        );
    }
    assert!(
        !by_default.iter().any(|f| f.starts_with("DejaVuSerif")),
        "{by_default:?}"
    );
    assert!(
        !named.iter().any(|f| f.starts_with("CharisSIL")),
        "{named:?}"
    );
    assert!(
        named.iter().any(|f| f.starts_with("DejaVuSerifCondensed")),
        "{named:?}"
    );
}
