//! Publish: print-shop presets — what each shop asks for (card size, bleed,
//! safe zone, pixel size, the files it takes), from its published templates,
//! and the preflight that holds a deck's card layouts to the preset's safe
//! zone. Input: a shop's name (`cards --shop NAME`); output: a [`Shop`].

use crate::diag::Diagnostics;
use crate::model::CardTemplate;

/// The files a shop takes for a deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShopFiles {
    /// One PDF, one card a page (trim plus bleed), each front followed by its back.
    PdfFrontFirst,
    /// One PDF, one card a page, each card's back before its front.
    PdfBackFirst,
    /// One PNG a card (and one for the back) at the shop's pixel size, with
    /// the bleed; the one-card-a-page PDF beside them for proofing.
    PngPerCard,
}

/// A print shop's card preset.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shop {
    /// The name on the command line (`--shop`).
    pub id: &'static str,
    pub name: &'static str,
    /// The card size the preset is for (`sheets.toml` id) and its trim, in points.
    pub size: &'static str,
    pub trim: (f32, f32),
    /// Bleed past the trim on each side, and the safe zone's distance inside it, in points.
    pub bleed: f32,
    pub safe: f32,
    /// The image the shop asks for, trim plus bleed, in pixels at `dpi`.
    pub pixels: (u32, u32),
    pub dpi: f32,
    pub files: ShopFiles,
    /// Frames and art are held to the safe zone too (not only text).
    pub strict: bool,
}

/// An inch in points.
const IN: f32 = 72.0;

/// A poker-card preset (2.5 x 3.5 in at 300 dpi) whose safe zone lies as
/// far inside the trim as its bleed lies outside, as every preset here does.
const fn poker(
    shop: &'static str,
    name: &'static str,
    bleed: f32,
    pixels: (u32, u32),
    files: ShopFiles,
    strict: bool,
) -> Shop {
    Shop {
        id: shop,
        name,
        size: "poker",
        trim: (2.5 * IN, 3.5 * IN),
        bleed,
        safe: bleed,
        pixels,
        dpi: 300.0,
        files,
        strict,
    }
}

/// The generic preset `--print-shop` names: poker cards, 1/8 in bleed,
/// text 1/8 in inside the trim, fronts and backs in one PDF.
pub const PRINT_SHOP: Shop = poker(
    "print-shop",
    "a print shop (1/8 in bleed)",
    IN / 8.0,
    (825, 1125),
    ShopFiles::PdfFrontFirst,
    false,
);

/// The named presets, for poker cards (2.5 x 3.5 in) at 300 dpi. Sources:
/// docs/data-format.md, "Print-shop presets". The pixel sizes are the shops'
/// own figures (a test holds them to trim plus bleed).
pub const SHOPS: [Shop; 4] = [
    // 2.74 x 3.74 in: 0.12 in (36 px) bleed a side; safe 0.12 in inside the trim.
    poker(
        "makeplayingcards",
        "MakePlayingCards",
        0.12 * IN,
        (822, 1122),
        ShopFiles::PngPerCard,
        true,
    ),
    // One PDF a deck, back then front of each card; 1/8 in bleed; nothing
    // important within 1/8 in of the trim; images at 300 dpi.
    poker(
        "drivethrucards",
        "DriveThruCards",
        IN / 8.0,
        (825, 1125),
        ShopFiles::PdfBackFirst,
        true,
    ),
    // 825 x 1125 px with bleed, safe zone 675 x 975 px (1/8 in inside the trim).
    poker(
        "thegamecrafter",
        "The Game Crafter",
        IN / 8.0,
        (825, 1125),
        ShopFiles::PngPerCard,
        true,
    ),
    // MakePlayingCards' sister shop, on the same templates.
    poker(
        "printerstudio",
        "PrinterStudio",
        0.12 * IN,
        (822, 1122),
        ShopFiles::PngPerCard,
        true,
    ),
];

/// The preset named `id`.
pub fn shop(id: &str) -> Option<&'static Shop> {
    SHOPS.iter().find(|s| s.id.eq_ignore_ascii_case(id))
}

/// A `--shop` value: one of the presets' names.
pub fn parse_shop(s: &str) -> Result<String, String> {
    match shop(s) {
        Some(found) => Ok(found.id.to_string()),
        None => Err(format!(
            "no print shop `{s}`; shops: {}",
            SHOPS.iter().map(|s| s.id).collect::<Vec<_>>().join(", ")
        )),
    }
}

/// The preflight of a strict preset: every frame's line and every art box
/// of `template` either inside the safe zone or (art) running out to the
/// bleed on each side it leaves the safe zone by; each one that is neither
/// is an `outside-safe-zone` error at its place in the template.
pub fn preflight(template: &CardTemplate, shop: &Shop, diags: &mut Diagnostics) -> bool {
    let (w, h) = shop.trim;
    let (lo_x, lo_y, hi_x, hi_y) = (shop.safe, shop.safe, w - shop.safe, h - shop.safe);
    let tol = 0.01;
    let mut fits = true;
    for frame in &template.frames {
        let half = frame.stroke / 2.0;
        let (x0, y0) = (frame.left - half, frame.top - half);
        let (x1, y1) = (
            frame.left + frame.width + half,
            frame.top + frame.height + half,
        );
        if x0 < lo_x - tol || y0 < lo_y - tol || x1 > hi_x + tol || y1 > hi_y + tol {
            fits = false;
            diags.push(crate::error!(
                "outside-safe-zone", Some(frame.loc),
                "a frame of template `{}` has its line from ({x0:.1}, {y0:.1}) to ({x1:.1}, {y1:.1}) pt, but {} keeps everything that must print {:.1} pt inside the trim (the safe zone is ({lo_x:.1}, {lo_y:.1})-({hi_x:.1}, {hi_y:.1}) pt)",
                template.id, shop.name, shop.safe;
                hint: "move the frame inside the safe zone, or draw it as a background border that runs into the bleed"
            ));
        }
    }
    let (bleed_x0, bleed_y0) = (-shop.bleed, -shop.bleed);
    let (bleed_x1, bleed_y1) = (w + shop.bleed, h + shop.bleed);
    for art in &template.images {
        let (x0, y0) = (art.left, art.top);
        let (x1, y1) = (art.left + art.width, art.top + art.height);
        // A side is fine inside the safe zone, or out to the bleed's edge.
        let bad = (x0 < lo_x - tol && x0 > bleed_x0 + tol)
            || (y0 < lo_y - tol && y0 > bleed_y0 + tol)
            || (x1 > hi_x + tol && x1 < bleed_x1 - tol)
            || (y1 > hi_y + tol && y1 < bleed_y1 - tol);
        if bad {
            fits = false;
            diags.push(crate::error!(
                "outside-safe-zone", Some(art.loc),
                "art of template `{}` spans ({x0:.1}, {y0:.1})-({x1:.1}, {y1:.1}) pt: it crosses {}'s safe zone ({lo_x:.1}, {lo_y:.1})-({hi_x:.1}, {hi_y:.1}) pt without running out to the bleed ({:.1} pt past the trim), so the cut may clip it",
                template.id, shop.name, shop.bleed;
                hint: "keep the art inside the safe zone, or run it out to the bleed's edge on that side"
            ));
        }
    }
    fits
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pixel_sizes_are_trim_plus_bleed_at_the_shops_dpi() {
        for shop in SHOPS.iter().chain([&PRINT_SHOP]) {
            let px = |pt: f32| (pt / 72.0 * shop.dpi).round() as u32;
            assert_eq!(
                (
                    px(shop.trim.0 + 2.0 * shop.bleed),
                    px(shop.trim.1 + 2.0 * shop.bleed)
                ),
                shop.pixels,
                "{}",
                shop.id
            );
        }
    }

    #[test]
    fn shops_are_found_by_name_in_any_case() {
        assert_eq!(parse_shop("DriveThruCards"), Ok("drivethrucards".into()));
        assert!(parse_shop("kinkos").is_err());
    }
}
