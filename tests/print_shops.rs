//! Print-shop presets (`cards GAME --shop NAME`): each writes what its shop
//! asks for (a PNG a card at the shop's pixel size with bleed, or one PDF
//! with each card's back before its front), and its preflight fails, at the
//! place in the card layout, when a frame's line or art crosses the shop's
//! safe zone — here on a copy of battlefront whose frame is moved.

mod support;

use std::path::{Path, PathBuf};

use support::tools::{page_count, tool};

const TEMPLATE: &str = "templates/cards/battlefront.toml";
/// The shipped frame, 6 pt in from the trim (inside the 1/8 in every preset keeps clear).
const SHIPPED_FRAME: &str = "left = 6\ntop = 6\nwidth = 168\nheight = 240\n";
/// The same frame 10 pt in: inside every preset's safe zone.
const SAFE_FRAME: &str = "left = 10\ntop = 10\nwidth = 160\nheight = 232\n";

/// A copy of battlefront with its template's text changed by `edit`, and a
/// back of its own: the built-in back with its outer frame moved in to 10 pt.
fn game(edit: impl Fn(String) -> String) -> (tempfile::TempDir, PathBuf) {
    let (tmp, dir) = support::temp_game("battlefront");
    let back = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/cards/back.toml"),
    )
    .expect("the built-in back");
    assert!(
        back.contains(SHIPPED_FRAME),
        "the built-in back's frame moved"
    );
    std::fs::write(
        dir.join("templates/cards/shop-back.toml"),
        back.replace(SHIPPED_FRAME, SAFE_FRAME),
    )
    .expect("write the back");
    let game_toml = dir.join("game.toml");
    let text = std::fs::read_to_string(&game_toml).expect("game.toml");
    assert!(text.contains("back = \"back\"\nsize = \"poker\""));
    std::fs::write(
        &game_toml,
        text.replace(
            "back = \"back\"\nsize = \"poker\"",
            "back = \"shop-back\"\nsize = \"poker\"",
        ),
    )
    .expect("write game.toml");
    let path = dir.join(TEMPLATE);
    let text = std::fs::read_to_string(&path).expect("template");
    assert!(text.contains(SHIPPED_FRAME), "the shipped frame moved");
    std::fs::write(&path, edit(text)).expect("write template");
    (tmp, dir)
}

fn cards(dir: &Path, shop: &str, out: &Path) -> support::Run {
    support::grogpress(&[
        "cards",
        dir.to_str().expect("path"),
        "--shop",
        shop,
        "--out",
        out.to_str().expect("path"),
        "--format",
        "json",
    ])
}

fn png_size(path: &Path) -> (u32, u32) {
    support::png_size(&std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

#[test]
fn png_shops_get_a_png_a_card_at_their_pixel_size() {
    let (tmp, dir) = game(|t| t.replace(SHIPPED_FRAME, SAFE_FRAME));
    for (shop, pixels) in [
        ("thegamecrafter", (825, 1125)),
        ("makeplayingcards", (822, 1122)),
        ("PrinterStudio", (822, 1122)),
    ] {
        let out = tmp.path().join(format!("out-{shop}"));
        cards(&dir, shop, &out).exit(0);
        let images = out.join("battlefront/images/cards");
        let mut pngs: Vec<PathBuf> = std::fs::read_dir(&images)
            .expect("images")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "png"))
            .collect();
        pngs.sort();
        // 70 cards and the back.
        assert_eq!(pngs.len(), 71, "{shop}");
        for png in [&pngs[0], &pngs[70]] {
            assert_eq!(png_size(png), pixels, "{shop}: {}", png.display());
        }
        assert!(images.join("back.png").is_file());
    }
}

#[test]
fn drivethrucards_gets_one_pdf_each_back_before_its_front() {
    let (tmp, dir) = game(|t| t.replace(SHIPPED_FRAME, SAFE_FRAME));
    let out = tmp.path().join("out");
    cards(&dir, "drivethrucards", &out).exit(0);
    let pdf = out.join("battlefront/cards-drivethrucards.pdf");
    assert_eq!(page_count(&pdf), 140);
    let page = |n: &str| {
        tool(
            "pdftotext",
            &["-f", n, "-l", n, pdf.to_str().expect("path"), "-"],
        )
    };
    // The back names the game; the front is the first card.
    assert!(page("1").contains("Battlefront") && !page("1").contains("Armored Cars"));
    assert!(page("2").contains("Armored Cars"), "{}", page("2"));
    // Trim plus 1/8 in bleed: 2.75 x 3.75 in.
    let info = tool("pdfinfo", &[pdf.to_str().expect("path")]);
    assert!(info.contains("198 x 270 pts"), "{info}");
}

#[test]
fn a_frame_in_the_unsafe_band_fails_the_preflight_at_its_place() {
    let (tmp, dir) = game(|t| t);
    let text = std::fs::read_to_string(dir.join(TEMPLATE)).expect("template");
    let at = text.find(SHIPPED_FRAME).expect("frame") + "left = ".len();
    let (line, col) = support::line_col(&text, at);
    for shop in [
        "makeplayingcards",
        "drivethrucards",
        "thegamecrafter",
        "printerstudio",
    ] {
        let run = cards(&dir, shop, &tmp.path().join("out"));
        run.exit(1);
        run.expect("error", "outside-safe-zone", TEMPLATE, line, col);
    }
    // The generic --print-shop holds only text to the safe zone, as before.
    let run = support::grogpress(&[
        "cards",
        dir.to_str().expect("path"),
        "--print-shop",
        "--out",
        tmp.path().join("out").to_str().expect("path"),
    ]);
    run.exit(0);
}

#[test]
fn art_crossing_the_safe_zone_without_reaching_the_bleed_fails() {
    // The type picture moved to 4 pt from the left edge: across the safe line.
    let (tmp, dir) = game(|t| {
        t.replace(SHIPPED_FRAME, SAFE_FRAME)
            .replace("left = 62\ntop = 34", "left = 4\ntop = 34")
    });
    let text = std::fs::read_to_string(dir.join(TEMPLATE)).expect("template");
    let run = cards(&dir, "thegamecrafter", &tmp.path().join("out"));
    run.exit(1);
    let found = run.with_id("outside-safe-zone");
    assert_eq!(found.len(), 1, "{}", run.dump());
    let images = text.find("[[images]]").expect("images");
    let next = text[images + 1..].find("[[").expect("next table") + images + 1;
    let (first, _) = support::line_col(&text, images);
    let (last, _) = support::line_col(&text, next);
    assert!(
        found[0].file.ends_with(TEMPLATE) && (first..last).contains(&found[0].line),
        "{:?}",
        found[0]
    );
    // Art that runs out to the bleed's edge is fine: full-bleed art.
    let (tmp, dir) = game(|t| {
        t.replace(SHIPPED_FRAME, SAFE_FRAME)
            .replace("left = 62\ntop = 34", "left = -9\ntop = 34")
    });
    cards(&dir, "thegamecrafter", &tmp.path().join("out")).exit(0);
}

#[test]
fn an_unknown_shop_is_refused() {
    let run = support::grogpress(&["cards", "battlefront", "--shop", "kinkos"]);
    run.exit(2);
    assert!(run.stderr.contains("thegamecrafter"), "{}", run.stderr);
}
