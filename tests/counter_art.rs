//! Pictures on counters (`[publish.counters.image]`, issue 16), read back
//! from the real outputs of the fixture tests/fixtures/counter-art built
//! into a temp folder: each unit's picture fills the icon's square on both
//! faces and nothing outside it, in `counters.pdf` (drawn by poppler), in
//! the PNG faces of the VASSAL module and in the HTML reference's inline
//! SVG; each file is one image object in the PDF however many counters
//! draw it; a unit with no picture shows its unit symbol. A missing file,
//! one outside the game folder, a field the units lack and an image with
//! neither `file` nor `field` are located errors.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use resvg::tiny_skia::Pixmap;

mod support;
use support::tools::{tool, word_boxes};

/// The pictures' colours (art/knight.png, art/archer.png).
const RED: [u8; 3] = [200, 30, 40];
const GREEN: [u8; 3] = [20, 160, 60];
/// Blue's counters, #B5C7E3.
const BLUE_SIDE: [u8; 3] = [181, 199, 227];
/// A friendly unit symbol's frame.
const FRIEND: [u8; 3] = [128, 224, 255];
/// The default counter: 3/4 in.
const SIZE: f64 = 54.0;

/// The fixture copied into a temp folder: (the folder, the game).
fn fixture() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().expect("a temp dir");
    let game = tmp.path().join("counter-art");
    support::copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/counter-art"),
        &game,
    );
    (tmp, game)
}

fn pixel(image: &Pixmap, x: f64, y: f64) -> [u8; 3] {
    let c = image
        .pixel(x.round() as u32, y.round() as u32)
        .unwrap_or_else(|| panic!("({x}, {y}) is inside the image"));
    [c.red(), c.green(), c.blue()]
}

fn near(a: [u8; 3], b: [u8; 3]) -> bool {
    a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= 12)
}

/// Page `page` (from 1) of `pdf` drawn at `dpi`.
fn draw_page(pdf: &Path, page: usize, dpi: u32, dir: &Path) -> Pixmap {
    let stem = dir.join(format!("page-{page}"));
    let page = page.to_string();
    tool(
        "pdftoppm",
        &[
            "-r",
            &dpi.to_string(),
            "-f",
            &page,
            "-l",
            &page,
            "-png",
            "-singlefile",
            pdf.to_str().expect("utf-8"),
            stem.to_str().expect("utf-8"),
        ],
    );
    Pixmap::load_png(stem.with_extension("png")).expect("a page")
}

/// The top-left corner of the counter whose name `word` is set highest on
/// page `page` (from 1), from the name's box: the name is centred across
/// the counter, and its box's middle lies `name_middle` of the side down.
fn counter_at(pdf: &Path, page: usize, word: &str, name_middle: f64) -> (f64, f64) {
    let pages = word_boxes(pdf);
    let (_, words) = &pages[page - 1];
    let [x0, y0, x1, y1] = words
        .iter()
        .filter(|(text, _)| text == word)
        .map(|(_, b)| *b)
        .min_by(|a, b| a[1].total_cmp(&b[1]))
        .unwrap_or_else(|| panic!("`{word}` on page {page}"));
    (
        (x0 + x1) / 2.0 - SIZE / 2.0,
        (y0 + y1) / 2.0 - name_middle * SIZE,
    )
}

#[test]
fn pictures_fill_the_icons_square_on_both_faces_in_pdf_png_and_svg() {
    let (tmp, game) = fixture();
    let out = tmp.path().join("out");
    support::build_ok(&game, &out);
    let pdf = out.join("counter-art/counters.pdf");

    // The PDF: one image object per file for 7 counters with pictures,
    // each drawn on its front and its back.
    let list = tool("pdfimages", &["-list", pdf.to_str().expect("utf-8")]);
    let objects: Vec<String> = list
        .lines()
        .skip(2)
        .filter_map(|l| l.split_whitespace().nth(10).map(str::to_string))
        .collect();
    assert_eq!(objects.len(), 14, "{list}");
    let distinct: std::collections::BTreeSet<&String> = objects.iter().collect();
    assert_eq!(
        distinct.len(),
        2,
        "knight.png and archer.png once each\n{list}"
    );

    // Drawn at 144 dpi, two pixels a point. The front: the picture fills the
    // square 0.44 of the side wide, 0.1 of it down from the top.
    let dpi = 144;
    let k = f64::from(dpi) / 72.0;
    let front = draw_page(&pdf, 1, dpi, tmp.path());
    let (x, y) = counter_at(&pdf, 1, "Knight", 0.66);
    let at = |dx: f64, dy: f64| pixel(&front, (x + dx * SIZE) * k, (y + dy * SIZE) * k);
    for (dx, dy) in [(0.5, 0.32), (0.35, 0.18), (0.65, 0.46)] {
        assert!(near(at(dx, dy), RED), "({dx}, {dy}): {:?}", at(dx, dy));
    }
    // Above it, beside it and between it and the name: the side's colour.
    for (dx, dy) in [(0.5, 0.04), (0.15, 0.45), (0.85, 0.45), (0.22, 0.32)] {
        assert!(
            near(at(dx, dy), BLUE_SIDE),
            "({dx}, {dy}): {:?}",
            at(dx, dy)
        );
    }
    let (x, y) = counter_at(&pdf, 1, "Archer", 0.66);
    let archer = pixel(&front, (x + 0.5 * SIZE) * k, (y + 0.32 * SIZE) * k);
    assert!(near(archer, GREEN), "{archer:?}");
    // The scout has no picture: its unit symbol.
    let (x, y) = counter_at(&pdf, 1, "Scout", 0.66);
    let scout = pixel(&front, (x + 0.4 * SIZE) * k, (y + 0.3 * SIZE) * k);
    assert!(near(scout, FRIEND), "{scout:?}");

    // The back: a smaller square, 0.3 of the side, 0.12 down.
    let back = draw_page(&pdf, 2, dpi, tmp.path());
    let (x, y) = counter_at(&pdf, 2, "Knight", 0.515);
    let at = |dx: f64, dy: f64| pixel(&back, (x + dx * SIZE) * k, (y + dy * SIZE) * k);
    assert!(near(at(0.5, 0.27), RED), "{:?}", at(0.5, 0.27));
    for (dx, dy) in [(0.5, 0.05), (0.3, 0.27), (0.7, 0.27)] {
        assert!(
            near(at(dx, dy), BLUE_SIDE),
            "({dx}, {dy}): {:?}",
            at(dx, dy)
        );
    }

    // PNG: the VASSAL module's pictures of each face, at 100 dpi.
    let run = support::grogpress(&[
        "export",
        "vassal",
        game.to_str().expect("utf-8"),
        "--out",
        out.to_str().expect("utf-8"),
    ]);
    assert_eq!(run.code, 0, "{}", run.dump());
    let module =
        stored_zip(&std::fs::read(out.join("counter-art/counter-art.vmod")).expect("vmod"));
    let face = |name: &str| {
        Pixmap::decode_png(
            module
                .get(&format!("images/{name}"))
                .unwrap_or_else(|| panic!("{name} in {:?}", module.keys())),
        )
        .expect("a PNG")
    };
    let k = 100.0 / 72.0;
    let png = face("counter-blue-knight-front.png");
    assert_eq!(png.width(), 75);
    let at = |image: &Pixmap, dx: f64, dy: f64| pixel(image, dx * SIZE * k, dy * SIZE * k);
    assert!(near(at(&png, 0.5, 0.32), RED), "{:?}", at(&png, 0.5, 0.32));
    assert!(near(at(&png, 0.5, 0.04), BLUE_SIDE));
    assert!(near(at(&png, 0.15, 0.45), BLUE_SIDE));
    let png = face("counter-blue-knight-back.png");
    assert!(near(at(&png, 0.5, 0.27), RED), "{:?}", at(&png, 0.5, 0.27));
    assert!(near(at(&png, 0.5, 0.05), BLUE_SIDE));
    let png = face("counter-blue-archer-front.png");
    assert!(near(at(&png, 0.5, 0.32), GREEN));
    let png = face("counter-blue-scout-front.png");
    assert!(near(at(&png, 0.4, 0.3), FRIEND), "{:?}", at(&png, 0.4, 0.3));

    // SVG: the HTML reference's counters link their own copy of each picture.
    let html = out.join("counter-art/html");
    let page = std::fs::read_to_string(html.join("counters.html")).expect("the counters page");
    for name in ["knight", "archer"] {
        assert!(
            page.contains(&format!(r#"href="art/art/{name}.png""#)),
            "{name}"
        );
        assert_eq!(
            std::fs::read(html.join(format!("art/art/{name}.png"))).expect("the copy"),
            std::fs::read(game.join(format!("art/{name}.png"))).expect("the picture"),
        );
    }
    // 5 knights and 2 archers of two sides: three kinds of counter with a
    // picture, each face drawing it once.
    assert_eq!(page.matches("<image ").count(), 6, "{page}");
}

/// The files of a zip archive whose entries are stored (not compressed).
fn stored_zip(bytes: &[u8]) -> BTreeMap<String, Vec<u8>> {
    let num = |i: usize, n: usize| -> usize {
        (0..n)
            .rev()
            .fold(0usize, |v, k| (v << 8) | usize::from(bytes[i + k]))
    };
    let end = bytes.len() - 22;
    assert_eq!(num(end, 4), 0x0605_4b50, "end of central directory");
    let mut at = num(end + 16, 4);
    let mut files = BTreeMap::new();
    for _ in 0..num(end + 10, 2) {
        let (size, name_len) = (num(at + 24, 4), num(at + 28, 2));
        let local = num(at + 42, 4);
        let name = String::from_utf8(bytes[at + 46..at + 46 + name_len].to_vec()).expect("utf-8");
        let data_at = local + 30 + num(local + 26, 2) + num(local + 28, 2);
        files.insert(name, bytes[data_at..data_at + size].to_vec());
        at += 46 + name_len + num(at + 30, 2) + num(at + 32, 2);
    }
    files
}

/// The 1-based line and column where `needle` starts in `file`.
fn place(file: &Path, needle: &str) -> (usize, usize) {
    let text = std::fs::read_to_string(file).expect("read");
    let at = text
        .find(needle)
        .unwrap_or_else(|| panic!("`{needle}` in {}", file.display()));
    support::line_col(&text, at)
}

/// Where a unit's `picture` value starts in units.toml.
fn value_of_picture(game: &Path, unit: &str) -> (usize, usize) {
    let (line, col) = place(&game.join("units.toml"), &format!("picture = \"{unit}\""));
    (line, col + "picture = ".len())
}

fn check(game: &Path) -> support::Run {
    support::grogpress(&["check", game.to_str().expect("utf-8"), "--format", "json"])
}

#[test]
fn a_missing_picture_is_a_missing_file_at_the_units_value() {
    let (_tmp, game) = fixture();
    std::fs::remove_file(game.join("art/archer.png")).expect("remove");
    let run = check(&game);
    run.exit(1);
    let (line, col) = value_of_picture(&game, "archer");
    let found = run.expect("error", "missing-file", "counter-art/units.toml", line, col);
    assert!(
        found.message.contains("art/archer.png"),
        "{}",
        found.message
    );
    // Once, though two counters (and their backs) draw it.
    assert_eq!(run.with_id("missing-file").len(), 1, "{}", run.dump());
    run.only_ids(&["missing-file"]);
    // The build still makes the other outputs, the archer without its picture.
    let out = _tmp.path().join("out");
    let built = support::grogpress(&[
        "build",
        game.to_str().expect("utf-8"),
        "--out",
        out.to_str().expect("utf-8"),
        "--format",
        "json",
    ]);
    built.exit(1);
    built.expect("error", "missing-file", "counter-art/units.toml", line, col);
}

#[test]
fn pictures_outside_the_folder_unknown_fields_and_no_source_are_located() {
    let (tmp, game) = fixture();
    let toml = game.join("game.toml");
    let original = std::fs::read_to_string(&toml).expect("read");
    let edit = |from: &str, to: &str| {
        assert!(original.contains(from), "{from}");
        std::fs::write(&toml, original.replace(from, to)).expect("write");
    };

    // A pattern that climbs out of the game folder, to files that exist.
    let outside = tmp.path().join("outside");
    std::fs::create_dir_all(&outside).expect("mkdir");
    for name in ["knight", "archer"] {
        std::fs::copy(
            game.join(format!("art/{name}.png")),
            outside.join(format!("{name}.png")),
        )
        .expect("copy");
    }
    edit("file = \"art/{}.png\"", "file = \"../outside/{}.png\"");
    let run = check(&game);
    run.exit(1);
    for name in ["knight", "archer"] {
        let (line, col) = value_of_picture(&game, name);
        run.expect(
            "error",
            "path-outside-game",
            "counter-art/units.toml",
            line,
            col,
        );
    }
    run.only_ids(&["path-outside-game"]);

    // A field the units do not have.
    edit("field = \"picture\"", "field = \"portrait\"");
    let run = check(&game);
    run.exit(1);
    let (line, col) = place(&toml, "\"portrait\"");
    run.expect(
        "error",
        "dangling-reference",
        "counter-art/game.toml",
        line,
        col,
    );
    run.only_ids(&["dangling-reference"]);

    // Neither `file` nor `field`.
    edit("field = \"picture\"\nfile = \"art/{}.png\"\n", "");
    let run = check(&game);
    run.exit(1);
    let (line, col) = place(&toml, "[publish.counters.image]");
    run.expect("error", "bad-value", "counter-art/game.toml", line, col);
    run.only_ids(&["bad-value"]);

    // `file` alone: the same picture on every unit's counter, the scout's too.
    edit(
        "field = \"picture\"\nfile = \"art/{}.png\"\n",
        "file = \"art/archer.png\"\n",
    );
    let out = tmp.path().join("out");
    support::build_ok(&game, &out);
    let list = tool(
        "pdfimages",
        &[
            "-list",
            out.join("counter-art/counters.pdf")
                .to_str()
                .expect("utf-8"),
        ],
    );
    assert_eq!(
        list.lines().skip(2).count(),
        16,
        "8 counters, both faces\n{list}"
    );
}
