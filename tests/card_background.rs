//! Card backgrounds from the card templates, read back from the real outputs:
//! in print-shop mode the art reaches the bleed edge on every side of every
//! page of the PDF and of every 300 dpi PNG (the outermost rows and columns
//! are the template's edge colour, never white) while all text stays in the
//! safe zone; on butted home sheets the art of each card stays within its
//! trim (nothing of it outside the block of cards, and no card's art over
//! its neighbour's border band). Bad background keys are located diagnostics.

use std::path::{Path, PathBuf};

use resvg::tiny_skia::Pixmap;
use toml::de::{DeTable, DeValue};

mod support;
use support::tools::tool;

/// The shipped games with print-and-play decks, and their decks' image folders.
const GAMES: [(&str, &str); 3] = [
    ("grognards", "cards"),
    ("battlefront", "cards"),
    ("battlegrid", "action"),
];
/// 1/8 in bleed and safe zone, in points.
const BLEED: f64 = 9.0;
/// Poker cards, the shipped decks' size.
const CARD: (f64, f64) = (180.0, 252.0);

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn run(args: &[&str]) {
    let run = support::grogpress(args);
    assert_eq!(run.code, 0, "{}", run.dump());
}

fn table(path: &Path) -> DeTable<'static> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let text: &'static str = Box::leak(text.into_boxed_str());
    DeTable::parse(text).expect("valid TOML").into_inner()
}

fn get<'a>(t: &'a DeTable<'static>, key: &str) -> Option<&'a DeValue<'static>> {
    t.get(key).map(|v| v.get_ref())
}

fn string(t: &DeTable<'static>, key: &str) -> Option<String> {
    match get(t, key)? {
        DeValue::String(s) => Some(s.to_string()),
        _ => None,
    }
}

fn hex(s: &str) -> [u8; 3] {
    let h = s.trim_start_matches('#');
    let b = |i: usize| u8::from_str_radix(&h[i..i + 2], 16).expect("hex");
    [b(0), b(2), b(4)]
}

/// The colours of a card template's background: (fill, edge band), each
/// as the template declares them.
fn background(game: &str, template: &str) -> (Option<[u8; 3]>, Option<[u8; 3]>) {
    // The game's own layout, else the built-in one (the card back).
    let own = root()
        .join("data")
        .join(game)
        .join("templates/cards")
        .join(format!("{template}.toml"));
    let built_in = root()
        .join("templates/cards")
        .join(format!("{template}.toml"));
    let t = table(if own.is_file() { &own } else { &built_in });
    let Some(DeValue::Table(bg)) = get(&t, "background") else {
        panic!("template `{template}` declares a [background]")
    };
    let fill = string(bg, "color").map(|c| hex(&c));
    let band = match get(bg, "border") {
        Some(DeValue::Table(b)) => string(b, "color").map(|c| hex(&c)),
        _ => None,
    };
    (fill, band)
}

/// The front and back templates a game's deck is printed with.
fn templates(game: &str) -> (String, String) {
    let t = table(&root().join("data").join(game).join("game.toml"));
    let Some(DeValue::Table(publish)) = get(&t, "publish") else {
        panic!("[publish]")
    };
    let Some(DeValue::Array(cards)) = get(publish, "cards") else {
        panic!("[[publish.cards]]")
    };
    let DeValue::Table(job) = cards[0].get_ref() else {
        panic!("a table")
    };
    (
        string(job, "layout").expect("layout"),
        string(job, "back").expect("back"),
    )
}

/// The colour the outermost pixels of a card must have: its band, else its fill.
fn edge_colour(game: &str, template: &str) -> [u8; 3] {
    let (fill, band) = background(game, template);
    band.or(fill)
        .unwrap_or_else(|| panic!("template `{template}` has a background colour"))
}

fn near(px: [u8; 3], want: [u8; 3], tol: i32) -> bool {
    px.iter()
        .zip(want)
        .all(|(a, b)| (i32::from(*a) - i32::from(b)).abs() <= tol)
}

fn rgb(p: &Pixmap, x: u32, y: u32) -> [u8; 3] {
    let c = p.pixel(x, y).expect("pixel in range").demultiply();
    [c.red(), c.green(), c.blue()]
}

fn decode(path: &Path) -> Pixmap {
    Pixmap::decode_png(&std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
        .unwrap_or_else(|e| panic!("decode {}: {e}", path.display()))
}

/// Every pixel of the outermost rows and columns is `want`.
fn assert_edges(p: &Pixmap, want: [u8; 3], what: &str) {
    let (w, h) = (p.width(), p.height());
    let edge = (0..w)
        .flat_map(|x| [(x, 0), (x, h - 1)])
        .chain((0..h).flat_map(|y| [(0, y), (w - 1, y)]));
    for (x, y) in edge {
        let px = rgb(p, x, y);
        assert!(
            near(px, want, 3),
            "{what}: the pixel at ({x}, {y}) of the edge is {px:?}, not the art's {want:?}"
        );
    }
}

/// Page `n` (1-based) of a PDF rendered by poppler at `dpi`.
fn page_png(pdf: &Path, n: usize, dpi: u32, dir: &Path) -> Pixmap {
    let stem = dir.join(format!("page{n}"));
    let (n, dpi) = (n.to_string(), dpi.to_string());
    tool(
        "pdftoppm",
        &[
            "-r",
            &dpi,
            "-f",
            &n,
            "-l",
            &n,
            "-singlefile",
            "-png",
            pdf.to_str().expect("path"),
            stem.to_str().expect("path"),
        ],
    );
    decode(&stem.with_extension("png"))
}

/// A word and its box (x0, y0, x1, y1).
use support::tools::BoxedWord as Word;

/// Word boxes of every page, with each page's size.
fn words(pdf: &Path) -> Vec<((f64, f64), Vec<Word>)> {
    support::tools::word_boxes(pdf)
}

#[test]
fn print_shop_art_reaches_the_bleed_edge_and_text_keeps_to_the_safe_zone() {
    for (game, deck) in GAMES {
        let dir = tempfile::tempdir().expect("temp dir");
        let out = dir.path().to_str().expect("path");
        run(&[
            "cards",
            game,
            "--print-shop",
            "--png",
            "--dpi",
            "300",
            "--out",
            out,
        ]);
        let (front, back) = templates(game);
        let (front_edge, back_edge) = (edge_colour(game, &front), edge_colour(game, &back));
        let pdf = std::fs::read_dir(dir.path().join(game))
            .expect("game folder")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .find(|p| p.to_string_lossy().ends_with("-print-shop.pdf"))
            .expect("a print-shop PDF");

        // The PDF: every page's text in the safe zone, the first card's front
        // and back drawn to the edge of the page (trim plus bleed).
        let pages = words(&pdf);
        assert!(pages.len() >= 2);
        for (n, ((w, h), words)) in pages.iter().enumerate() {
            assert!(
                (w - (CARD.0 + 2.0 * BLEED)).abs() < 0.01
                    && (h - (CARD.1 + 2.0 * BLEED)).abs() < 0.01
            );
            assert!(!words.is_empty(), "{game} page {}: text", n + 1);
            for (text, [x0, y0, x1, y1]) in words {
                let safe = 2.0 * BLEED - 0.5;
                assert!(
                    *x0 >= safe && *y0 >= safe && *x1 <= w - safe && *y1 <= h - safe,
                    "{game} page {}: `{text}` at ({x0:.1}, {y0:.1})-({x1:.1}, {y1:.1}) leaves the safe zone",
                    n + 1
                );
            }
        }
        let scratch = tempfile::tempdir().expect("temp dir");
        for (page, want) in [(1, front_edge), (2, back_edge)] {
            let p = page_png(&pdf, page, 100, scratch.path());
            assert_edges(&p, want, &format!("{game} PDF page {page}"));
        }

        // The 300 dpi PNGs: trim plus bleed, art to every edge.
        let images = dir.path().join(game).join("images").join(deck);
        let mut fronts = 0;
        for entry in std::fs::read_dir(&images).expect("images") {
            let path = entry.expect("entry").path();
            if path.extension().is_none_or(|e| e != "png") {
                continue;
            }
            let p = decode(&path);
            assert_eq!((p.width(), p.height()), (825, 1125), "{}", path.display());
            let is_back = path.file_stem().is_some_and(|s| s == "back");
            fronts += usize::from(!is_back);
            let want = if is_back { back_edge } else { front_edge };
            assert_edges(&p, want, &path.display().to_string());
            // Inside the band, the background's fill.
            if let (Some(fill), Some(_)) = background(game, if is_back { &back } else { &front }) {
                assert!(
                    colour_box(&p, fill).is_some(),
                    "{}: the fill",
                    path.display()
                );
            }
        }
        assert_eq!(fronts * 2, pages.len(), "{game}: a PNG per card");
    }
}

/// Bounding box in pixels of every pixel near `colour`, on a page.
fn colour_box(p: &Pixmap, colour: [u8; 3]) -> Option<(u32, u32, u32, u32)> {
    let mut b: Option<(u32, u32, u32, u32)> = None;
    for y in 0..p.height() {
        for x in 0..p.width() {
            if near(rgb(p, x, y), colour, 6) {
                b = Some(match b {
                    None => (x, y, x, y),
                    Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
                });
            }
        }
    }
    b
}

#[test]
fn home_sheet_art_stays_within_each_cards_trim() {
    for (game, _) in GAMES {
        let dir = tempfile::tempdir().expect("temp dir");
        let out = dir.path().to_str().expect("path");
        run(&["cards", game, "--out", out]);
        let pdf = std::fs::read_dir(dir.path().join(game))
            .expect("game folder")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .find(|p| p.extension().is_some_and(|e| e == "pdf"))
            .expect("a cards PDF");
        let (front, back) = templates(game);
        // 72 dpi: a pixel is a point.
        for (page, template) in [(1, &front), (2, &back)] {
            let p = page_png(&pdf, page, 72, dir.path());
            let edge = edge_colour(game, template);
            let (x0, y0, x1, y1) =
                colour_box(&p, edge).unwrap_or_else(|| panic!("{game} page {page}: the band"));
            // The block of butted cards: a whole number of cards, art nowhere outside it.
            let (bw, bh) = (f64::from(x1 - x0 + 1), f64::from(y1 - y0 + 1));
            let (cols, rows) = ((bw / CARD.0).round(), (bh / CARD.1).round());
            assert!(cols >= 1.0 && rows >= 1.0);
            assert!(
                (bw - cols * CARD.0).abs() <= 1.0 && (bh - rows * CARD.1).abs() <= 1.0,
                "{game} page {page}: the cards' art spans {bw} x {bh} pt, not {cols} x {rows} cards"
            );
            for y in 0..p.height() {
                for x in 0..p.width() {
                    // (A pixel's width of anti-aliasing round the block is allowed.)
                    if x + 1 >= x0 && x <= x1 + 1 && y + 1 >= y0 && y <= y1 + 1 {
                        continue;
                    }
                    let px = rgb(&p, x, y);
                    // Outside the cards: white paper and grey/black crop marks only.
                    let grey = px[0].abs_diff(px[1]) < 8 && px[1].abs_diff(px[2]) < 8;
                    assert!(
                        grey,
                        "{game} page {page}: colour {px:?} at ({x}, {y}) outside the cards"
                    );
                }
            }
            // Along every trim, inside it, each card's own band: a neighbour's
            // art never runs over it.
            let (cols, rows) = (cols as u32, rows as u32);
            let (cw, ch) = (CARD.0 as u32, CARD.1 as u32);
            for r in 0..rows {
                for c in 0..cols {
                    let (left, top) = (x0 + c * cw, y0 + r * ch);
                    for (x, y) in (left + 2..left + cw - 2)
                        .flat_map(|x| [(x, top + 1), (x, top + ch - 2)])
                        .chain(
                            (top + 2..top + ch - 2)
                                .flat_map(|y| [(left + 1, y), (left + cw - 2, y)]),
                        )
                    {
                        let px = rgb(&p, x, y);
                        assert!(
                            near(px, edge, 6),
                            "{game} page {page}, card ({c}, {r}): {px:?} at ({x}, {y}) over its band {edge:?}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn bad_background_keys_are_located() {
    let (_dir, game) = support::temp_game("battlegrid");
    let layout = game.join("templates/cards/battlegrid-action.toml");
    std::fs::create_dir_all(layout.parent().expect("parent")).expect("mkdir");
    let text = std::fs::read_to_string(
        root().join("data/battlegrid/templates/cards/battlegrid-action.toml"),
    )
    .expect("template")
    .replace("color = \"#EAF0F6\"", "color = \"pale blue\"\nshade = 3")
    .replace("icon = \"shield\"", "icon = \"unicorn\"")
    .replace("width = 4", "width = -4");
    std::fs::write(&layout, &text).expect("write template");
    let game_dir = game.to_str().expect("path");
    let run = support::grogpress(&["cards", game_dir, "--format", "json"]);
    assert_eq!(run.code, 1, "{}", run.dump());
    let at = |text: &str, needle: &str| {
        let offset = text
            .find(needle)
            .unwrap_or_else(|| panic!("`{needle}` in the template"));
        support::line_col(text, offset)
    };
    for (id, needle) in [
        ("bad-value", "\"pale blue\""),
        ("unknown-field", "shade"),
        ("bad-value", "-4"),
    ] {
        let (line, column) = at(&text, needle);
        assert!(
            run.diags.iter().any(|d| d.id == id
                && d.file.ends_with("battlegrid-action.toml")
                && (d.line, d.column) == (line, column)),
            "{id} at {line}:{column}: {}",
            run.dump()
        );
    }
    // With the colours right, the art naming no icon is a dangling reference at its name.
    let text = text
        .replace("color = \"pale blue\"\nshade = 3", "color = \"#EAF0F6\"")
        .replace("width = -4", "width = 4");
    std::fs::write(&layout, &text).expect("write template");
    let run = support::grogpress(&["cards", game_dir, "--format", "json"]);
    assert_eq!(run.code, 1, "{}", run.dump());
    let (line, column) = at(&text, "\"unicorn\"");
    assert!(
        run.diags.iter().any(|d| d.id == "dangling-reference"
            && (d.line, d.column) == (line, column)
            && d.hint.as_deref().is_some_and(|h| h.contains("shield"))),
        "{}",
        run.dump()
    );
    // Art wholly off the card.
    let text = text.replace(
        "icon = \"unicorn\"\ncolor = \"#D8E3EE\"\nleft = 40",
        "icon = \"shield\"\ncolor = \"#D8E3EE\"\nleft = 400",
    );
    std::fs::write(&layout, &text).expect("write template");
    let run = support::grogpress(&["cards", game_dir, "--format", "json"]);
    assert_eq!(run.code, 1, "{}", run.dump());
    let (line, column) = at(&text, "\"shield\"\ncolor = \"#D8E3EE\"\nleft = 400");
    assert!(
        run.diags
            .iter()
            .any(|d| d.id == "art-off-card" && (d.line, d.column) == (line, column)),
        "{}",
        run.dump()
    );
}

/// A dark card back with the default black text warns `low-contrast` at the
/// region; the region's `color` clears it and its text is drawn in that
/// colour (the back's SVG image paints the glyphs white).
#[test]
fn text_colour_on_a_dark_back() {
    let (tmp, game) = support::temp_game("battlegrid");
    let own = game.join("templates/cards/back.toml");
    std::fs::create_dir_all(own.parent().expect("parent")).expect("mkdir");
    let shipped = std::fs::read_to_string(root().join("templates/cards/back.toml")).expect("read");
    let dark = shipped.replacen("color = \"#ECE5D3\"", "color = \"#23395B\"", 1);
    std::fs::write(&own, &dark).expect("write");
    let g = game.display().to_string();
    let run = support::grogpress(&["check", &g, "--format", "json"]);
    let warned = run.with_id("low-contrast");
    assert_eq!(warned.len(), 2, "{}", run.dump());
    let (line, col) = support::line_col(&dark, dark.find("\"game\"").expect("game region"));
    run.expect(
        "warning",
        "low-contrast",
        "templates/cards/back.toml",
        line,
        col,
    );

    let white = dark.replace("field = \"game\"", "field = \"game\"\ncolor = \"#FFFFFF\"");
    let white = white.replace("field = \"deck\"", "field = \"deck\"\ncolor = \"#FFFFFF\"");
    std::fs::write(&own, &white).expect("write");
    let out = tmp.path().join("out").display().to_string();
    let run = support::grogpress(&["cards", &g, "--svg", "--out", &out, "--format", "json"]);
    assert_eq!(run.code, 0, "{}", run.dump());
    assert!(run.with_id("low-contrast").is_empty(), "{}", run.dump());
    let back = std::fs::read_to_string(tmp.path().join("out/battlegrid/images/action/back.svg"))
        .expect("the back's SVG");
    assert!(back.contains("<g fill=\"rgb(255,255,255)\">"), "{back}");
}

/// `[[sides]] color` colours a side's cards where a region says
/// `color = "side"`: each card's title in the colour of the side its
/// `owner` names, in the card images (and so in every renderer).
#[test]
fn side_colours_reach_the_cards() {
    let (tmp, game) = support::temp_game("battlegrid");
    let toml = game.join("game.toml");
    let text = std::fs::read_to_string(&toml).expect("read");
    let text = text
        .replacen("id = \"ufp\"", "id = \"ufp\"\ncolor = \"#1F4E9A\"", 1)
        .replacen("id = \"is\"", "id = \"is\"\ncolor = \"#9A1F1F\"", 1);
    std::fs::write(&toml, text).expect("write");
    let own = game.join("templates/cards/battlegrid-action.toml");
    std::fs::create_dir_all(own.parent().expect("parent")).expect("mkdir");
    let shipped = std::fs::read_to_string(
        root().join("data/battlegrid/templates/cards/battlegrid-action.toml"),
    )
    .expect("read");
    let side = shipped.replacen(
        "field = \"title\"",
        "field = \"title\"\ncolor = \"side\"",
        1,
    );
    std::fs::write(&own, side).expect("write");
    let g = game.display().to_string();
    let out = tmp.path().join("out");
    let run = support::grogpress(&[
        "cards",
        &g,
        "--svg",
        "--out",
        &out.display().to_string(),
        "--format",
        "json",
    ]);
    assert_eq!(run.code, 0, "{}", run.dump());
    let images = out.join("battlegrid/images/action");
    let (mut blue, mut red) = (0, 0);
    for entry in std::fs::read_dir(&images).expect("images") {
        let path = entry.expect("entry").path();
        if path.extension().is_none_or(|e| e != "svg") || path.ends_with("back.svg") {
            continue;
        }
        let svg = std::fs::read_to_string(&path).expect("read");
        let b = svg.contains("<g fill=\"rgb(31,78,154)\">");
        let r = svg.contains("<g fill=\"rgb(154,31,31)\">");
        assert!(b != r, "{}: one side's colour, not {b} {r}", path.display());
        blue += usize::from(b);
        red += usize::from(r);
    }
    assert_eq!((blue, red), (12, 12));
}
