//! Card art (`[[images]]` in card templates), read back from the real
//! outputs of a game written here: the pictures show where their boxes put
//! them and nowhere else in the PNG, the PDF and the SVG; each file is one
//! image object in the PDF however many cards draw it, and a JPEG's bytes
//! are in the PDF unchanged; the HTML-free outputs need no other file.
//! Missing, unsupported and outside-the-folder pictures are located errors,
//! and a print shop's low-resolution pictures are flagged.

use std::path::{Path, PathBuf};

use resvg::tiny_skia::Pixmap;

mod support;
use support::hero_game;
use support::tools::tool;

/// The JPEG's colour, and the PNG's.
const RED: [u8; 3] = [200, 30, 40];
const GREEN: [u8; 3] = [20, 160, 60];
/// The card's background fill, #F0E8D0.
const CREAM: [u8; 3] = [240, 232, 208];

/// A `w` x `h` JPEG of one colour.
fn jpeg(path: &Path, w: u16, h: u16, rgb: [u8; 3]) {
    let pixels: Vec<u8> = (0..usize::from(w) * usize::from(h))
        .flat_map(|_| rgb)
        .collect();
    jpeg_encoder::Encoder::new_file(path, 95)
        .expect("create")
        .encode(&pixels, w, h, jpeg_encoder::ColorType::Rgb)
        .expect("encode");
}

/// A `w` x `h` PNG of one colour, transparent in its left quarter.
fn png(path: &Path, w: u32, h: u32, rgb: [u8; 3]) {
    let mut data = Vec::new();
    for _ in 0..h {
        for x in 0..w {
            let alpha = if x < w / 4 { 0 } else { 255 };
            data.extend([rgb[0], rgb[1], rgb[2], alpha]);
        }
    }
    let file = std::fs::File::create(path).expect("create");
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), w, h);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().expect("header");
    writer.write_image_data(&data).expect("data");
}

/// The card layout: a picture named by the `picture` field across the top
/// (running 9 pt into the bleed on three sides), a fixed SVG badge with
/// rounded corners, the title below.
const FRONT: &str = r##"name = "Hero"
family = "sans-condensed"

[background]
color = "#F0E8D0"

[[images]]
field = "picture"
left = -9
top = -9
width = 198
height = 129
fit = "stretch"

[[images]]
file = "art/badge.svg"
left = 130
top = 190
width = 40
height = 40
fit = "contain"
radius = 6

[[regions]]
field = "title"
left = 12
top = 150
width = 156
height = 20
size = 14
"##;

const BACK: &str = r##"name = "Back"
family = "sans-condensed"

[[images]]
file = "art/green.png"
left = 40
top = 76
width = 100
height = 100
fit = "contain"

[[regions]]
field = "game"
left = 12
top = 200
width = 156
height = 20
size = 12
"##;

const BADGE: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#0000ff"/></svg>"##;

/// A game of four cards, two of them drawing the same JPEG.
fn art_game(dir: &Path, cards: &str) -> PathBuf {
    let game = hero_game::write(
        dir,
        "art-game",
        &[
            ("game.toml", hero_game::GAME_TOML.as_bytes()),
            ("heroes.toml", hero_game::CSV_DECK.as_bytes()),
            ("heroes.csv", cards.as_bytes()),
            (
                "rules.md",
                b"# Heroes\n\nEach hero has a picture.\n\n{{ deck(\"hero\") }}\n",
            ),
            ("templates/cards/hero.toml", FRONT.as_bytes()),
            ("templates/cards/hero-back.toml", BACK.as_bytes()),
            ("art/badge.svg", BADGE.as_bytes()),
        ],
    );
    // 330 dpi over the front's 2.75 x 1.79 in box; the PNG 301 dpi there.
    jpeg(&game.join("art/red.jpg"), 908, 591, RED);
    png(&game.join("art/green.png"), 830, 630, GREEN);
    game
}

const CARDS: &str = "title,picture\nRed,art/red.jpg\nGreen,art/green.png\nRed again,art/red.jpg\n";

fn pixel(image: &Pixmap, x: u32, y: u32) -> [u8; 3] {
    let c = image.pixel(x, y).expect("inside the image");
    [c.red(), c.green(), c.blue()]
}

fn near(a: [u8; 3], b: [u8; 3]) -> bool {
    a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= 12)
}

fn build(game: &Path, out: &Path, extra: &[&str]) -> support::Run {
    let mut args = vec![
        "cards",
        game.to_str().expect("utf-8"),
        "--out",
        out.to_str().expect("utf-8"),
        "--format",
        "json",
    ];
    args.extend_from_slice(extra);
    support::grogpress(&args)
}

#[test]
fn pictures_land_in_their_boxes_in_png_svg_and_pdf() {
    let dir = tempfile::tempdir().expect("tempdir");
    let game = art_game(dir.path(), CARDS);
    let out = dir.path().join("out");
    let run = build(&game, &out, &["--png", "--svg", "--dpi", "72"]);
    assert_eq!(run.code, 0, "{}", run.dump());
    let images = out.join("art-game/images/hero");

    // PNG at 72 dpi: one pixel per point. Butted cards: the art stops at the trim.
    let red = Pixmap::load_png(images.join("01-red.png")).expect("a PNG");
    assert_eq!((red.width(), red.height()), (180, 252));
    assert!(near(pixel(&red, 1, 1), RED), "{:?}", pixel(&red, 1, 1));
    assert!(near(pixel(&red, 90, 60), RED));
    assert!(near(pixel(&red, 178, 117), RED));
    // Below the picture's box (it ends at 120 pt), the background.
    assert!(
        near(pixel(&red, 90, 124), CREAM),
        "{:?}",
        pixel(&red, 90, 124)
    );
    assert!(near(pixel(&red, 5, 240), CREAM));
    // The badge: blue inside its rounded box, not in its cut-off corner.
    assert_eq!(pixel(&red, 150, 210), [0, 0, 255]);
    assert!(
        near(pixel(&red, 130, 190), CREAM),
        "{:?}",
        pixel(&red, 130, 190)
    );
    // The PNG's transparent quarter shows the background through it.
    let green = Pixmap::load_png(images.join("02-green.png")).expect("a PNG");
    assert!(near(pixel(&green, 150, 60), GREEN));
    assert!(
        near(pixel(&green, 10, 60), CREAM),
        "{:?}",
        pixel(&green, 10, 60)
    );
    // The back's PNG, contained in its box.
    let back = Pixmap::load_png(images.join("back.png")).expect("a PNG");
    assert!(near(pixel(&back, 120, 126), GREEN));
    assert_eq!(pixel(&back, 120, 60), [255, 255, 255]);

    // The SVG holds the picture itself: it needs no other file.
    let svg = std::fs::read_to_string(images.join("01-red.svg")).expect("an SVG");
    assert!(
        svg.contains("href=\"data:image/jpeg;base64,/9j/"),
        "{}",
        &svg[..svg.len().min(600)]
    );

    // The PDF: two image objects (and the PNG's soft mask) for three cards
    // and three backs, the JPEG's bytes unchanged.
    let pdf = out.join("art-game/hero-cards.pdf");
    let list = tool("pdfimages", &["-list", pdf.to_str().expect("utf-8")]);
    let mut objects: Vec<(String, String)> = list
        .lines()
        .skip(2)
        .filter_map(|l| {
            let cols: Vec<&str> = l.split_whitespace().collect();
            Some((cols.get(2)?.to_string(), cols.get(10)?.to_string()))
        })
        .collect();
    let placements = objects.len();
    objects.sort();
    objects.dedup();
    let kinds: Vec<&str> = objects.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(kinds, ["image", "image", "smask"], "{list}");
    assert!(placements > objects.len(), "{list}");
    let bytes = std::fs::read(&pdf).expect("the PDF");
    let jpeg = std::fs::read(game.join("art/red.jpg")).expect("the JPEG");
    assert!(
        bytes.windows(jpeg.len()).any(|w| w == jpeg.as_slice()),
        "the JPEG's bytes are in the PDF as they are"
    );
    assert!(String::from_utf8_lossy(&bytes).contains("/DCTDecode"));

    // Drawn: the first card's picture fills its box on the sheet.
    let page = dir.path().join("page");
    tool(
        "pdftoppm",
        &[
            "-r",
            "72",
            "-f",
            "1",
            "-l",
            "1",
            "-png",
            "-singlefile",
            pdf.to_str().expect("utf-8"),
            page.to_str().expect("utf-8"),
        ],
    );
    let sheet = Pixmap::load_png(dir.path().join("page.png")).expect("a page");
    let words = support::tools::word_boxes(&pdf);
    let (_, first) = &words[0];
    let (_, [x_min, y_min, _, _]) = first
        .iter()
        .find(|(text, _)| text == "Red")
        .expect("the first card's title");
    // The title's box starts 12 pt from the card's left and about 150 pt from its top.
    let (left, top) = (x_min - 12.0, y_min - 150.0);
    let at = |dx: f64, dy: f64| pixel(&sheet, (left + dx) as u32, (top + dy) as u32);
    assert!(near(at(90.0, 60.0), RED), "{:?}", at(90.0, 60.0));
    assert!(near(at(90.0, 126.0), CREAM), "{:?}", at(90.0, 126.0));
    assert!(
        near(at(150.0, 210.0), [0, 0, 255]),
        "{:?}",
        at(150.0, 210.0)
    );
}

/// The boxes `pdfinfo -box` reports for page 1: name -> [x0, y0, x1, y1].
fn boxes(pdf: &Path) -> Vec<(String, [f64; 4])> {
    tool("pdfinfo", &["-box", pdf.to_str().expect("utf-8")])
        .lines()
        .filter_map(|l| {
            let (name, rest) = l.split_once(':')?;
            let name = name.strip_suffix("Box")?;
            let n: Vec<f64> = rest
                .split_whitespace()
                .filter_map(|v| v.parse().ok())
                .collect();
            let [a, b, c, d] = n[..] else { return None };
            Some((name.to_string(), [a, b, c, d]))
        })
        .collect()
}

#[test]
fn a_print_shop_gets_trim_and_bleed_boxes_art_into_the_bleed_and_pngs_that_know_their_dpi() {
    let dir = tempfile::tempdir().expect("tempdir");
    let game = art_game(dir.path(), CARDS);
    let out = dir.path().join("out");
    let run = build(&game, &out, &["--print-shop", "--png"]);
    assert_eq!(run.code, 0, "{}", run.dump());
    assert!(run.with_id("low-resolution").is_empty(), "{}", run.dump());
    let pdf = out.join("art-game/hero-cards-print-shop.pdf");
    let found = boxes(&pdf);
    let get = |name: &str| {
        found
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, b)| *b)
            .unwrap_or_else(|| panic!("no {name}Box: {found:?}"))
    };
    // Poker cards, 1/8 in of bleed on every side.
    assert_eq!(get("Media"), [0.0, 0.0, 198.0, 270.0]);
    assert_eq!(get("Bleed"), [0.0, 0.0, 198.0, 270.0]);
    assert_eq!(get("Trim"), [9.0, 9.0, 189.0, 261.0]);
    // Every page has them (the back pages too).
    let raw = String::from_utf8_lossy(&std::fs::read(&pdf).expect("the PDF")).into_owned();
    assert_eq!(raw.matches("/TrimBox").count(), 6);
    assert_eq!(raw.matches("/BleedBox").count(), 6);

    // The 300 dpi PNG, trim plus bleed: the art runs to the bleed edge.
    let bytes = std::fs::read(out.join("art-game/images/hero/01-red.png")).expect("a PNG");
    let at = bytes
        .windows(4)
        .position(|w| w == b"pHYs")
        .expect("a pHYs chunk");
    let per_metre =
        u32::from_be_bytes([bytes[at + 4], bytes[at + 5], bytes[at + 6], bytes[at + 7]]);
    assert_eq!(
        (per_metre, bytes[at + 12]),
        (11811, 1),
        "300 dpi in pixels per metre"
    );
    let card = Pixmap::decode_png(&bytes).expect("decodes");
    assert_eq!((card.width(), card.height()), (825, 1125));
    assert!(near(pixel(&card, 0, 0), RED), "{:?}", pixel(&card, 0, 0));
    assert!(near(pixel(&card, 824, 0), RED));
    // Its box ends 120 pt below the trim's top: 129 pt into the image.
    assert!(near(pixel(&card, 400, 533), RED));
    assert!(
        near(pixel(&card, 400, 545), CREAM),
        "{:?}",
        pixel(&card, 400, 545)
    );
}

#[test]
fn low_resolution_art_is_flagged_for_a_print_shop_only() {
    let dir = tempfile::tempdir().expect("tempdir");
    let game = art_game(dir.path(), CARDS);
    // 200 dpi over the front's box: a warning. The PNG at 40 dpi: an error.
    jpeg(&game.join("art/red.jpg"), 550, 358, RED);
    png(&game.join("art/green.png"), 72, 72, GREEN);
    let out = dir.path().join("out");
    assert_eq!(
        build(&game, &out, &[]).code,
        0,
        "no check without --print-shop"
    );
    let run = build(&game, &out, &["--print-shop"]);
    run.exit(1);
    run.expect("warning", "low-resolution", "heroes.csv", 2, 5);
    run.expect("error", "low-resolution", "heroes.csv", 3, 7);
    run.expect(
        "error",
        "low-resolution",
        "templates/cards/hero-back.toml",
        5,
        8,
    );
    // Reported once per picture, not per card that draws it.
    assert_eq!(run.with_id("low-resolution").len(), 3, "{}", run.dump());
    // Vector art is sharp at any size.
    assert!(
        run.with_id("low-resolution")
            .iter()
            .all(|d| !d.message.contains("badge"))
    );
}

#[test]
fn missing_unsupported_damaged_and_outside_pictures_are_located() {
    let dir = tempfile::tempdir().expect("tempdir");
    let cards = "title,picture\nA,art/none.jpg\nB,art/notes.png\nC,art/cut.jpg\nD,../secret.png\nE,art/fancy.svg\n";
    let game = art_game(dir.path(), cards);
    std::fs::write(game.join("art/notes.png"), "not a picture").expect("write");
    std::fs::write(
        game.join("art/cut.jpg"),
        [0xFF, 0xD8, 0xFF, 0xE0, 0, 16, b'J'],
    )
    .expect("write");
    png(&dir.path().join("secret.png"), 8, 8, GREEN);
    std::fs::write(
        game.join("art/fancy.svg"),
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient><rect width="10" height="10" fill="url(#g)"/></svg>"#,
    )
    .expect("write");
    let front = FRONT.replace("art/badge.svg", "/etc/passwd");
    std::fs::write(game.join("templates/cards/hero.toml"), front).expect("write");
    let run = build(&game, &dir.path().join("out"), &[]);
    run.exit(1);
    let missing = run.expect("error", "missing-file", "heroes.csv", 2, 3);
    // Named as the folder names it, not by where the temp folder sits.
    assert!(
        missing.message.contains("`art/none.jpg`"),
        "{}",
        missing.message
    );
    let temp = dir.path().to_string_lossy().into_owned();
    assert!(!missing.message.contains(&temp), "{}", missing.message);
    run.expect("error", "unsupported-image", "heroes.csv", 3, 3);
    run.expect("error", "bad-image", "heroes.csv", 4, 3);
    run.expect("error", "path-outside-game", "heroes.csv", 5, 3);
    run.expect("error", "unsupported-image", "heroes.csv", 6, 3);
    run.expect(
        "error",
        "path-outside-game",
        "templates/cards/hero.toml",
        16,
        8,
    );
    run.only_ids(&[
        "missing-file",
        "unsupported-image",
        "bad-image",
        "path-outside-game",
    ]);
}

/// `file` with `{}` and `field`: each card draws the file its value names
/// in the pattern (as a Squib or nanDECK user names pictures by a column);
/// a value whose file does not exist is a `missing-file` at the card's
/// cell, and `file` without `{}` beside `field` is a `bad-value`.
#[test]
fn a_file_name_pattern_gives_each_card_the_picture_its_value_names() {
    let dir = tempfile::tempdir().expect("tempdir");
    let game = art_game(dir.path(), "title,picture\nOne,red\nTwo,green\nThree,red\n");
    jpeg(&game.join("art/green.jpg"), 64, 64, GREEN);
    let front = FRONT.replace(
        "field = \"picture\"\n",
        "field = \"picture\"\nfile = \"art/{}.jpg\"\n",
    );
    std::fs::write(game.join("templates/cards/hero.toml"), &front).expect("write");
    let out = dir.path().join("out");
    let run = build(&game, &out, &["--png", "--dpi", "72"]);
    assert_eq!(run.code, 0, "{}", run.dump());
    let images = out.join("art-game/images/hero");
    for (file, colour) in [
        ("01-one.png", RED),
        ("02-two.png", GREEN),
        ("03-three.png", RED),
    ] {
        let card = Pixmap::load_png(images.join(file)).expect("a PNG");
        assert!(
            near(pixel(&card, 90, 60), colour),
            "{file}: {:?}",
            pixel(&card, 90, 60)
        );
    }

    std::fs::write(
        game.join("heroes.csv"),
        "title,picture\nOne,red\nTwo,blue\n",
    )
    .expect("write");
    let run = build(&game, &dir.path().join("out2"), &[]);
    run.exit(1);
    run.expect("error", "missing-file", "heroes.csv", 3, 5);
    run.only_ids(&["missing-file"]);

    let no_slot = FRONT.replace(
        "field = \"picture\"\n",
        "field = \"picture\"\nfile = \"art/red.jpg\"\n",
    );
    std::fs::write(game.join("templates/cards/hero.toml"), &no_slot).expect("write");
    let run = build(&game, &dir.path().join("out3"), &[]);
    run.exit(1);
    let line = no_slot
        .lines()
        .position(|l| l == "file = \"art/red.jpg\"")
        .expect("line")
        + 1;
    run.expect("error", "bad-value", "templates/cards/hero.toml", line, 8);
}

#[test]
fn the_html_reference_links_its_own_copy_of_each_picture() {
    let dir = tempfile::tempdir().expect("tempdir");
    let game = art_game(dir.path(), CARDS);
    let out = dir.path().join("out");
    let run = support::grogpress(&[
        "build",
        game.to_str().expect("utf-8"),
        "--out",
        out.to_str().expect("utf-8"),
    ]);
    assert_eq!(run.code, 0, "{}", run.dump());
    let html = out.join("art-game/html");
    let copy =
        std::fs::read(html.join("art/art/red.jpg")).expect("the JPEG copied beside the pages");
    assert_eq!(
        copy,
        std::fs::read(game.join("art/red.jpg")).expect("the JPEG")
    );
    let pages: Vec<String> = std::fs::read_dir(&html)
        .expect("html/")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "html"))
        .map(|e| std::fs::read_to_string(e.path()).expect("a page"))
        .collect();
    let linking = pages
        .iter()
        .filter(|p| p.contains(r#"href="art/art/red.jpg""#))
        .count();
    assert!(linking > 0, "a page shows the cards with their pictures");
    // The vector badge is drawn inline, not linked.
    assert!(!html.join("art/art/badge.svg").exists());
}
