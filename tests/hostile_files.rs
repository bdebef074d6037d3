//! Damaged picture and font files in a game folder (issue 36): each is a
//! located error in `check` — `bad-image` at the line naming the picture,
//! `bad-font` at the `fonts.toml` line naming the font — exit 1; and
//! `build`, `cards --png --tts` and `export vassal` stop at the same
//! diagnostic, writing nothing, rather than failing later without a place
//! (or, for a cut JPEG, printing grey without a word).

use std::path::{Path, PathBuf};

mod support;
use support::hero_game::{self, place};

const TEMPLATE: &str = r##"name = "Hero"
family = "sans-condensed"

[[images]]
file = "art/badge.png"
left = 130
top = 190
width = 40
height = 40

[[images]]
field = "picture"
left = -9
top = -9
width = 198
height = 129

[[regions]]
field = "title"
left = 12
top = 150
width = 156
height = 20
size = 14
"##;

const CARDS: &str = "title,picture\nKnight,art/knight.jpg\nArcher,art/knight.jpg\n";

/// A `w` x `h` JPEG of noise over a gradient (so its scan is long).
fn jpeg_bytes(w: u16, h: u16) -> Vec<u8> {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut pixels = Vec::new();
    for y in 0..h {
        for x in 0..w {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let noise = (seed & 0x1f) as u8;
            pixels.extend([(x as u8) ^ noise, (y as u8) ^ noise, noise]);
        }
    }
    let mut out = Vec::new();
    jpeg_encoder::Encoder::new(&mut out, 90)
        .encode(&pixels, w, h, jpeg_encoder::ColorType::Rgb)
        .expect("encode");
    out
}

fn png_bytes(w: u32, h: u32) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, w, h);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().expect("header");
    let data: Vec<u8> = (0..w * h * 3).map(|i| (i * 7 % 251) as u8).collect();
    writer.write_image_data(&data).expect("data");
    writer.finish().expect("finish");
    out
}

/// A game of two cards, each drawing `art/knight.jpg` (named in the CSV)
/// and the template's fixed `art/badge.png`; both pictures whole.
fn art_game(dir: &Path) -> PathBuf {
    hero_game::write(
        dir,
        "art-game",
        &[
            ("game.toml", hero_game::GAME_TOML.as_bytes()),
            ("heroes.toml", hero_game::CSV_DECK.as_bytes()),
            ("heroes.csv", CARDS.as_bytes()),
            ("rules.md", b"# Heroes\n\nEach hero has a picture.\n"),
            ("templates/cards/hero.toml", TEMPLATE.as_bytes()),
            (
                "templates/cards/hero-back.toml",
                hero_game::PLAIN_BACK.as_bytes(),
            ),
            ("art/knight.jpg", &jpeg_bytes(120, 90)),
            ("art/badge.png", &png_bytes(60, 60)),
        ],
    )
}

/// Every file under `dir` (none if it does not exist).
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(files_under(&path));
        } else {
            out.push(path);
        }
    }
    out
}

/// `check`, `build`, `cards --png --tts` and `export vassal` of `game` each
/// exit 1 with `id` at `file:line:col`, and write no file.
fn every_command_stops_at(game: &Path, id: &str, file: &str, (line, col): (usize, usize)) {
    let dir = game.parent().expect("a parent");
    let g = game.to_str().expect("utf-8");
    let commands: [(&str, Vec<&str>); 4] = [
        ("check", vec!["check", g]),
        ("build", vec!["build", g]),
        ("cards", vec!["cards", g, "--png", "--tts"]),
        ("export", vec!["export", "vassal", g]),
    ];
    for (name, mut args) in commands {
        let out = dir.join(format!("out-{name}"));
        let out_arg = out.to_str().expect("utf-8").to_string();
        if name != "check" {
            args.extend(["--out", &out_arg]);
        }
        args.extend(["--format", "json"]);
        let run = support::grogpress(&args);
        run.exit(1);
        run.expect("error", id, file, line, col);
        let written = files_under(&out);
        assert!(
            written.is_empty(),
            "`{name}` wrote {written:?}\n{}",
            run.dump()
        );
    }
}

#[test]
fn the_whole_game_passes_every_command() {
    let dir = tempfile::tempdir().expect("tempdir");
    let game = art_game(dir.path());
    let run = support::grogpress(&["check", game.to_str().expect("utf-8"), "--format", "json"]);
    run.exit(0);
    let out = dir.path().join("out");
    let run = support::grogpress(&[
        "cards",
        game.to_str().expect("utf-8"),
        "--png",
        "--tts",
        "--out",
        out.to_str().expect("utf-8"),
    ]);
    run.exit(0);
}

#[test]
fn a_cut_png_is_a_bad_image_at_the_template_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let game = art_game(dir.path());
    let png = png_bytes(60, 60);
    std::fs::write(game.join("art/badge.png"), &png[..png.len() / 2]).expect("write");
    let at = place(TEMPLATE, "\"art/badge.png\"");
    every_command_stops_at(&game, "bad-image", "templates/cards/hero.toml", at);
}

#[test]
fn a_png_with_a_garbage_idat_is_a_bad_image() {
    let dir = tempfile::tempdir().expect("tempdir");
    let game = art_game(dir.path());
    let mut png = png_bytes(60, 60);
    let idat = png
        .windows(4)
        .position(|w| w == b"IDAT")
        .expect("an IDAT chunk");
    // The chunk's data garbled, its length and CRC left as they were.
    for (i, b) in png[idat + 4..idat + 64].iter_mut().enumerate() {
        *b = (i as u8).wrapping_mul(37) ^ 0xA5;
    }
    std::fs::write(game.join("art/badge.png"), &png).expect("write");
    let at = place(TEMPLATE, "\"art/badge.png\"");
    every_command_stops_at(&game, "bad-image", "templates/cards/hero.toml", at);
}

#[test]
fn a_cut_jpeg_is_a_bad_image_at_the_first_card_naming_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let game = art_game(dir.path());
    let jpeg = jpeg_bytes(120, 90);
    // Cut inside its scan data: header whole, the picture half there.
    std::fs::write(game.join("art/knight.jpg"), &jpeg[..jpeg.len() * 3 / 5]).expect("write");
    let at = place(CARDS, "art/knight.jpg");
    every_command_stops_at(&game, "bad-image", "heroes.csv", at);
}

/// The game's own `fonts/fonts.toml`: the shared family name, its regular
/// face `MySans.ttf` (written by the caller), the others copies of DejaVu.
const FONTS_TOML: &str = r#"[[family]]
name = "sans-condensed"
regular = "MySans.ttf"
bold = "DejaVuSansCondensed-Bold.ttf"
italic = "DejaVuSansCondensed-Oblique.ttf"
bold_italic = "DejaVuSansCondensed-BoldOblique.ttf"
"#;

fn font_game(dir: &Path, regular: &[u8]) -> PathBuf {
    let game = art_game(dir);
    let fonts = game.join("fonts");
    std::fs::create_dir_all(&fonts).expect("mkdir");
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("fonts");
    for face in [
        "DejaVuSansCondensed-Bold.ttf",
        "DejaVuSansCondensed-Oblique.ttf",
        "DejaVuSansCondensed-BoldOblique.ttf",
    ] {
        std::fs::copy(shipped.join(face), fonts.join(face)).expect("copy a font");
    }
    std::fs::write(fonts.join("fonts.toml"), FONTS_TOML).expect("write");
    std::fs::write(fonts.join("MySans.ttf"), regular).expect("write");
    game
}

fn dejavu() -> Vec<u8> {
    std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("fonts/DejaVuSansCondensed.ttf"))
        .expect("the shipped font")
}

#[test]
fn a_whole_font_of_the_game_is_used() {
    let dir = tempfile::tempdir().expect("tempdir");
    let game = font_game(dir.path(), &dejavu());
    let run = support::grogpress(&["check", game.to_str().expect("utf-8"), "--format", "json"]);
    run.exit(0);
}

#[test]
fn a_garbage_font_is_a_bad_font_at_its_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let garbage: Vec<u8> = (0..4000u32).map(|i| (i * 31 % 253) as u8).collect();
    let game = font_game(dir.path(), &garbage);
    let at = place(FONTS_TOML, "\"MySans.ttf\"");
    every_command_stops_at(&game, "bad-font", "fonts/fonts.toml", at);
}

#[test]
fn a_cut_font_is_a_bad_font_at_its_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let font = dejavu();
    let game = font_game(dir.path(), &font[..font.len() / 3]);
    let at = place(FONTS_TOML, "\"MySans.ttf\"");
    every_command_stops_at(&game, "bad-font", "fonts/fonts.toml", at);
}

#[test]
fn a_font_over_32_mb_is_past_the_limit_unread() {
    let dir = tempfile::tempdir().expect("tempdir");
    let game = font_game(dir.path(), b"");
    // A sparse file: 33 MB long, nothing written.
    std::fs::File::options()
        .write(true)
        .open(game.join("fonts/MySans.ttf"))
        .expect("open")
        .set_len(33 * 1024 * 1024)
        .expect("set its length");
    let at = place(FONTS_TOML, "\"MySans.ttf\"");
    every_command_stops_at(&game, "limit-exceeded", "fonts/fonts.toml", at);
}
