//! Print-and-play sheets read back from the real PDFs: card rectangles are
//! recovered from the drawn card frames (`pdftocairo -svg`), words from
//! `pdftotext -bbox`. Backs must land exactly behind fronts after the flip,
//! crop marks must stay outside the cards, text inside them.

mod support;
use support::raw::grogpress;
use support::tools::{pdf_objects, tool};

use std::path::{Path, PathBuf};

const MM: f64 = 72.0 / 25.4;
/// The poker template's outer frame: 6 pt inside a 180 x 252 pt card.
const FRAME: (f64, f64) = (168.0, 240.0);
const INSET: f64 = 6.0;

fn cards(dir: &Path, extra: &[&str]) -> PathBuf {
    let out = dir.to_str().expect("UTF-8 temp path");
    let mut args = vec!["cards", "battlegrid", "--out", out];
    args.extend_from_slice(extra);
    let run = grogpress(&args);
    assert!(
        run.status.success(),
        "grogpress {args:?}: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    let name = if extra.contains(&"gutterfold") {
        "action-cards-gutterfold.pdf"
    } else if extra.contains(&"--print-shop") {
        "action-cards-print-shop.pdf"
    } else {
        "action-cards.pdf"
    };
    dir.join("battlegrid").join(name)
}

/// Page count and the first page's size in points.
fn page_info(pdf: &Path) -> (usize, f64, f64) {
    let info = tool("pdfinfo", &[pdf.to_str().expect("path")]);
    let pages = info
        .lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .and_then(|v| v.trim().parse().ok())
        .expect("Pages:");
    let size = info
        .lines()
        .find_map(|l| l.strip_prefix("Page size:"))
        .expect("Page size:");
    let nums: Vec<f64> = size
        .split_whitespace()
        .filter_map(|t| t.parse().ok())
        .collect();
    (pages, nums[0], nums[1])
}

/// A box in page points, y down.
#[derive(Clone, Copy, Debug)]
struct BBox {
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
}

impl BBox {
    fn w(&self) -> f64 {
        self.x1 - self.x0
    }
    fn h(&self) -> f64 {
        self.y1 - self.y0
    }
}

/// Bounding boxes of every stroked path on a page, in page points with y down.
fn stroked_paths(pdf: &Path, page: usize) -> Vec<BBox> {
    let dir = tempfile::tempdir().expect("temp dir");
    let svg = dir.path().join("page.svg");
    let p = page.to_string();
    tool(
        "pdftocairo",
        &[
            "-svg",
            // Keep the page's exact size and origin: no shrinking to a whole
            // point size, no centring.
            "-noshrink",
            "-nocenter",
            "-f",
            &p,
            "-l",
            &p,
            pdf.to_str().expect("path"),
            svg.to_str().expect("path"),
        ],
    );
    let text = std::fs::read_to_string(&svg).expect("read svg");
    let mut boxes = Vec::new();
    for element in text.split("<path").skip(1) {
        if !element.contains("fill:none") {
            continue;
        }
        let attr = |name: &str| {
            let start = element.find(&format!("{name}=\""))? + name.len() + 2;
            let end = element[start..].find('"')? + start;
            Some(&element[start..end])
        };
        let Some(d) = attr("d") else { continue };
        // matrix(a,b,c,d,e,f) maps path coordinates (PDF, y up) to SVG page
        // coordinates (y down): (a x + c y + e, b x + d y + f).
        let [x0, y0, x1, y1] = support::tools::svg_path_bounds(d, attr("transform"));
        let bb = BBox { x0, y0, x1, y1 };
        boxes.push(bb);
    }
    boxes
}

/// The card rectangles on a page, from their outer frames.
fn card_rects(pdf: &Path, page: usize) -> Vec<BBox> {
    stroked_paths(pdf, page)
        .into_iter()
        .filter(|b| (b.w() - FRAME.0).abs() < 0.5 && (b.h() - FRAME.1).abs() < 0.5)
        .map(|b| BBox {
            x0: b.x0 - INSET,
            y0: b.y0 - INSET,
            x1: b.x1 + INSET,
            y1: b.y1 + INSET,
        })
        .collect()
}

/// Asserts every front card has a back that, once the sheet is turned over,
/// covers it within 0.1 mm; `offset` is the back offset applied (points).
fn assert_registration(pdf: &Path, flip: &str, page_w: f64, page_h: f64, offset: (f64, f64)) {
    let (pages, _, _) = page_info(pdf);
    assert_eq!(pages % 2, 0, "fronts and backs alternate");
    for front_page in (1..=pages).step_by(2) {
        let fronts = card_rects(pdf, front_page);
        let backs = card_rects(pdf, front_page + 1);
        assert!(!fronts.is_empty());
        assert_eq!(
            fronts.len(),
            backs.len(),
            "page {front_page}: one back per front"
        );
        for f in &fronts {
            let hit = backs.iter().any(|b| {
                // Undo the calibration shift, then turn the sheet over.
                let (x0, y0) = (b.x0 - offset.0, b.y0 - offset.1);
                let (tx, ty) = match flip {
                    "long" => (page_w - x0 - b.w(), y0),
                    _ => (x0, page_h - y0 - b.h()),
                };
                (tx - f.x0).abs() < 0.1 * MM && (ty - f.y0).abs() < 0.1 * MM
            });
            assert!(
                hit,
                "{flip}: front card at ({:.2}, {:.2}) on page {front_page} has no back behind it",
                f.x0, f.y0
            );
        }
    }
}

#[test]
fn backs_register_behind_fronts_for_both_flips_and_papers() {
    for (paper, w, h) in [("letter", 612.0, 792.0), ("a4", 595.2756, 841.8898)] {
        for flip in ["long", "short"] {
            let dir = tempfile::tempdir().expect("temp dir");
            let pdf = cards(dir.path(), &["--paper", paper, "--flip", flip]);
            let (pages, pw, ph) = page_info(&pdf);
            assert!(
                (pw - w).abs() < 0.5 && (ph - h).abs() < 0.5,
                "{paper}: page {pw} x {ph}"
            );
            // 24 cards, 9 poker cards a page (3 x 3 on both papers): 3 sheets, each front + back.
            assert_eq!(pages, 6, "{paper} {flip}");
            assert_registration(&pdf, flip, w, h, (0.0, 0.0));
        }
    }
}

#[test]
fn back_offsets_move_only_the_backs_by_exactly_that_much() {
    let plain_dir = tempfile::tempdir().expect("temp dir");
    let plain = cards(plain_dir.path(), &[]);
    let dir = tempfile::tempdir().expect("temp dir");
    let shifted = cards(
        dir.path(),
        &["--back-offset-x", "2mm", "--back-offset-y", "-0.05in"],
    );
    let offset = (2.0 * MM, -0.05 * 72.0);
    assert_registration(&shifted, "long", 612.0, 792.0, offset);
    let (f0, f1) = (card_rects(&plain, 1), card_rects(&shifted, 1));
    for (a, b) in f0.iter().zip(&f1) {
        assert!(
            (a.x0 - b.x0).abs() < 1e-3 && (a.y0 - b.y0).abs() < 1e-3,
            "fronts must not move"
        );
    }
    let (b0, b1) = (card_rects(&plain, 2), card_rects(&shifted, 2));
    assert_eq!(b0.len(), b1.len());
    for (a, b) in b0.iter().zip(&b1) {
        assert!(
            (b.x0 - a.x0 - offset.0).abs() < 0.01 && (b.y0 - a.y0 - offset.1).abs() < 0.01,
            "{a:?} -> {b:?}"
        );
    }
}

#[test]
fn crop_marks_are_outside_the_cards_and_on_every_cut() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pdf = cards(dir.path(), &[]);
    let paths = stroked_paths(&pdf, 1);
    let cards = card_rects(&pdf, 1);
    let marks: Vec<BBox> = paths
        .iter()
        .copied()
        .filter(|b| b.w() < 0.01 || b.h() < 0.01)
        .collect();
    assert!(!marks.is_empty());
    for m in &marks {
        for c in &cards {
            let overlaps = m.x1 > c.x0 + 0.01
                && m.x0 < c.x1 - 0.01
                && m.y1 > c.y0 + 0.01
                && m.y0 < c.y1 - 0.01;
            assert!(!overlaps, "crop mark {m:?} crosses card {c:?}");
        }
        assert!(m.x0 >= 0.0 && m.y0 >= 0.0 && m.x1 <= 612.0 && m.y1 <= 792.0);
    }
    // Every vertical cut (card left/right edges) has a mark in line with it.
    for c in &cards {
        for x in [c.x0, c.x1] {
            assert!(
                marks
                    .iter()
                    .any(|m| m.w() < 0.01 && (m.x0 - x).abs() < 0.01),
                "no crop mark at x = {x}"
            );
        }
        for y in [c.y0, c.y1] {
            assert!(
                marks
                    .iter()
                    .any(|m| m.h() < 0.01 && (m.y0 - y).abs() < 0.01),
                "no crop mark at y = {y}"
            );
        }
    }
}

/// A word and its box: (text, x0, y0, x1, y1).
type Word = (String, f64, f64, f64, f64);

/// Words from `pdftotext -bbox`, per page.
fn words(pdf: &Path) -> Vec<Vec<Word>> {
    let xhtml = tool("pdftotext", &["-bbox", pdf.to_str().expect("path"), "-"]);
    let mut pages = Vec::new();
    for line in xhtml.lines() {
        let line = line.trim();
        if line.starts_with("<page") {
            pages.push(Vec::new());
        } else if line.starts_with("<word") {
            let num = |name: &str| -> f64 {
                let start = line.find(&format!("{name}=\"")).expect("attribute") + name.len() + 2;
                line[start..start + line[start..].find('"').expect("quote")]
                    .parse()
                    .expect("number")
            };
            let text = line
                [line.find('>').expect(">") + 1..line.rfind("</word>").expect("</word>")]
                .to_string();
            if let Some(page) = pages.last_mut() {
                page.push((text, num("xMin"), num("yMin"), num("xMax"), num("yMax")));
            }
        }
    }
    pages
}

#[test]
fn text_lies_inside_its_card() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pdf = cards(dir.path(), &[]);
    for (n, page) in words(&pdf).iter().enumerate() {
        let rects = card_rects(&pdf, n + 1);
        for (text, x0, y0, x1, y1) in page {
            let inside = rects.iter().any(|c| {
                *x0 >= c.x0 + 9.0 && *x1 <= c.x1 - 9.0 && *y0 >= c.y0 + 9.0 && *y1 <= c.y1 - 9.0
            });
            assert!(
                inside,
                "page {}: \"{text}\" is not 1/8 in inside a card",
                n + 1
            );
        }
    }
}

#[test]
fn gutterfold_backs_mirror_fronts_about_the_fold() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pdf = cards(dir.path(), &["--layout", "gutterfold"]);
    let (pages, _, _) = page_info(&pdf);
    assert_eq!(pages, 8, "24 cards, 3 a page");
    let rects = card_rects(&pdf, 1);
    let (fronts, backs): (Vec<BBox>, Vec<BBox>) = rects.iter().partition(|r| r.x1 <= 306.0);
    assert_eq!(fronts.len(), 3);
    assert_eq!(backs.len(), 3);
    for f in &fronts {
        let mirrored = backs.iter().any(|b| {
            ((f.x1 + b.x0) / 2.0 - 306.0).abs() < 0.1 * MM && (f.y0 - b.y0).abs() < 0.1 * MM
        });
        assert!(mirrored, "front {f:?} has no mirrored back");
    }
}

#[test]
fn print_shop_pages_are_trim_plus_bleed_with_text_in_the_safe_zone() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pdf = cards(dir.path(), &["--print-shop"]);
    let (pages, w, h) = page_info(&pdf);
    assert_eq!(pages, 48, "24 fronts and 24 backs");
    assert!(
        (w - (180.0 + 18.0)).abs() < 0.01 && (h - (252.0 + 18.0)).abs() < 0.01,
        "{w} x {h}"
    );
    for (n, page) in words(&pdf).iter().enumerate() {
        for (text, x0, y0, x1, y1) in page {
            // Trim starts 9 pt in; the safe zone another 9 pt inside the trim.
            assert!(
                *x0 >= 18.0 && *y0 >= 18.0 && *x1 <= w - 18.0 && *y1 <= h - 18.0,
                "page {}: {text}",
                n + 1
            );
        }
    }
}

#[test]
fn calibration_sheet_has_two_sides_with_scales() {
    let dir = tempfile::tempdir().expect("temp dir");
    let run = grogpress(&[
        "calibrate",
        "duplex",
        "--out",
        dir.path().to_str().expect("path"),
    ]);
    assert!(run.status.success());
    let pdf = dir.path().join("duplex-calibration.pdf");
    assert_eq!(page_info(&pdf).0, 2);
    let text = tool("pdftotext", &[pdf.to_str().expect("path"), "-"]);
    assert!(text.contains("--back-offset-x") && text.contains("+10"));
}

/// `calibrate labels` by a product number: the sheet's own paper, one page,
/// the offsets named; an unknown sheet is an operational error (exit 2).
#[test]
fn label_calibration_prints_the_named_sheet_on_its_paper() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().to_str().expect("path");
    let run = grogpress(&["calibrate", "labels", "--sheet", "avery-8395", "--out", out]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let pdf = dir.path().join("avery-5395-calibration.pdf");
    assert_eq!(page_info(&pdf), (1, 612.0, 792.0));
    let text = tool("pdftotext", &[pdf.to_str().expect("path"), "-"]);
    assert!(text.contains("--offset-x") && text.contains("+5"), "{text}");

    let run = grogpress(&["calibrate", "labels", "--sheet", "nope", "--out", out]);
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("no sheet `nope`"));
}

#[test]
fn a_template_too_big_for_the_card_size_is_an_error() {
    let dir = tempfile::tempdir().expect("temp dir");
    let run = grogpress(&[
        "cards",
        "battlegrid",
        "--size",
        "mini",
        "--out",
        dir.path().to_str().expect("path"),
        "--format",
        "json",
    ]);
    assert_eq!(run.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(stdout.contains("\"id\":\"card-too-small\""), "{stdout}");
    assert!(
        stdout.contains("templates/cards/battlegrid-action.toml"),
        "{stdout}"
    );
}

/// Each page's content stream object (`"12 0 R"`), in page order.
fn page_contents(pdf: &Path) -> Vec<String> {
    let objects: std::collections::HashMap<String, serde_json::Value> =
        pdf_objects(pdf).into_iter().collect();
    let tree = objects
        .values()
        .find(|v| v["/Type"] == "/Pages")
        .expect("a page tree");
    tree["/Kids"]
        .as_array()
        .expect("kids")
        .iter()
        .map(|kid| {
            let page = &objects[kid.as_str().expect("a reference")];
            page["/Contents"]
                .as_str()
                .expect("one content stream")
                .to_string()
        })
        .collect()
}

#[test]
fn full_back_sheets_share_one_stream_and_every_card_keeps_its_back() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pdf = cards(dir.path(), &[]);
    let contents = page_contents(&pdf);
    let pages = words(&pdf);
    assert_eq!(contents.len(), pages.len());
    // Every card on a front page has a back (its "BattleGrid" title) on the
    // page after, however the stream behind that page is shared.
    for (n, pair) in pages.chunks(2).enumerate() {
        let fronts = card_rects(&pdf, 2 * n + 1).len();
        let backs = pair[1].iter().filter(|w| w.0 == "BattleGrid").count();
        assert_eq!(
            backs,
            fronts,
            "sheet {}: {fronts} fronts, {backs} backs",
            n + 1
        );
    }
    // Pages that read the same word for word at the same places draw from
    // one stream; pages that differ never do.
    for i in 0..pages.len() {
        for j in i + 1..pages.len() {
            let same = pages[i] == pages[j];
            assert_eq!(
                contents[i] == contents[j],
                same,
                "pages {} and {}: streams {} and {}",
                i + 1,
                j + 1,
                contents[i],
                contents[j]
            );
        }
    }
    let streams: std::collections::BTreeSet<&String> = contents.iter().collect();
    assert!(
        streams.len() < contents.len(),
        "no page shares a stream: {contents:?}"
    );
}
