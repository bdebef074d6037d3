//! Calibration to 0.25 mm: the scales of `calibrate duplex` and `calibrate
//! labels` read back from the PDF (pdftocairo's SVG of each page): every
//! across scale has a tick every half millimetre on one side and, on the
//! other, a tick halfway between each pair (a quarter millimetre off), all
//! lines thin; the duplex sheet's crosses are thin; and each sheet says it
//! reads to 0.25 mm.

mod support;

use std::path::Path;

use support::tools::{svg_path_bounds, tool};

const MM: f64 = 72.0 / 25.4;

/// A stroked line of a page: its bounds and stroke width.
struct Line {
    b: [f64; 4],
    width: f64,
}

/// Every stroked path of `page` of `pdf`, from pdftocairo's SVG.
fn lines(pdf: &Path, page: usize) -> Vec<Line> {
    let dir = tempfile::tempdir().expect("temp dir");
    let svg = dir.path().join("page.svg");
    let p = page.to_string();
    let args = [
        "-svg",
        "-noshrink",
        "-nocenter",
        "-f",
        &p,
        "-l",
        &p,
        pdf.to_str().expect("path"),
        svg.to_str().expect("path"),
    ];
    tool("pdftocairo", &args);
    let text = std::fs::read_to_string(&svg).expect("svg");
    let mut out = Vec::new();
    for element in text.split("<path").skip(1) {
        let element = &element[..element.find('>').unwrap_or(element.len())];
        let attr = |name: &str| {
            let start = element.find(&format!(" {name}=\""))? + name.len() + 3;
            let end = element[start..].find('"')? + start;
            Some(&element[start..end])
        };
        let (Some(d), Some(style)) = (attr("d"), attr("style")) else {
            continue;
        };
        if !style.contains("fill:none") {
            continue;
        }
        let width = style
            .split(';')
            .find_map(|s| s.trim().strip_prefix("stroke-width:"))
            .and_then(|w| w.trim().trim_end_matches("px").parse().ok())
            .unwrap_or(1.0);
        out.push(Line {
            b: svg_path_bounds(d, attr("transform")),
            width,
        });
    }
    out
}

/// An across scale: its rule's y and ends, and the x of the ticks above and below it.
struct Scale {
    y: f64,
    ends: (f64, f64),
    above: Vec<f64>,
    below: Vec<f64>,
}

fn across_scales(lines: &[Line]) -> Vec<Scale> {
    let mut scales = Vec::new();
    for rule in lines {
        let [x0, y0, x1, y1] = rule.b;
        if (y1 - y0).abs() > 0.01 || x1 - x0 < 10.0 * MM {
            continue;
        }
        let (mut above, mut below) = (Vec::new(), Vec::new());
        for tick in lines {
            let [tx0, ty0, tx1, ty1] = tick.b;
            let vertical = (tx1 - tx0).abs() < 0.01 && ty1 - ty0 < 5.0 * MM;
            if !vertical || tx0 < x0 - 0.01 || tx0 > x1 + 0.01 {
                continue;
            }
            if (ty1 - y0).abs() < 0.01 && ty0 < y0 {
                above.push(tx0);
            } else if (ty0 - y0).abs() < 0.01 && ty1 > y0 {
                below.push(tx0);
            }
        }
        above.sort_by(f64::total_cmp);
        below.sort_by(f64::total_cmp);
        scales.push(Scale {
            y: y0,
            ends: (x0, x1),
            above,
            below,
        });
    }
    scales
}

/// Each row evenly spaced at 0.5 mm, the two rows a quarter millimetre
/// apart, covering the whole rule; every line thin.
fn check_scales(lines: &[Line], expected: usize) {
    let scales = across_scales(lines);
    assert_eq!(scales.len(), expected, "across scales");
    for s in &scales {
        let reach = (s.ends.1 - s.ends.0) / 2.0 / MM;
        let halves = (2.0 * 2.0 * reach).round() as usize;
        assert_eq!(
            s.above.len(),
            halves + 1,
            "ticks above the scale at y {}",
            s.y
        );
        assert_eq!(s.below.len(), halves, "ticks below the scale at y {}", s.y);
        assert!((s.above[0] - s.ends.0).abs() < 0.01);
        for row in [&s.above, &s.below] {
            for pair in row.windows(2) {
                assert!((pair[1] - pair[0] - 0.5 * MM).abs() < 0.01, "{pair:?}");
            }
        }
        for (a, b) in s.above.iter().zip(&s.below) {
            assert!((b - a - 0.25 * MM).abs() < 0.01, "{a} {b}");
        }
    }
    for line in lines {
        let [x0, y0, x1, y1] = line.b;
        let straight = (x1 - x0).abs() < 0.01 || (y1 - y0).abs() < 0.01;
        if straight {
            assert!(
                line.width <= 0.3,
                "a line {:?} {} pt wide",
                line.b,
                line.width
            );
        }
    }
}

#[test]
fn duplex_scales_read_to_a_quarter_millimetre_with_thin_crosses() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().to_str().expect("path");
    support::grogpress(&["calibrate", "duplex", "--paper", "a4", "--out", out]).exit(0);
    let pdf = dir.path().join("duplex-calibration.pdf");
    check_scales(&lines(&pdf, 1), 5);
    // The back's crosses: two thin arms each.
    let back = lines(&pdf, 2);
    let arms: Vec<&Line> = back
        .iter()
        .filter(|l| {
            let [x0, y0, x1, y1] = l.b;
            (x1 - x0).abs() < 0.01 || (y1 - y0).abs() < 0.01
        })
        .collect();
    assert_eq!(arms.len(), 10);
    assert!(arms.iter().all(|l| l.width <= 0.3));
    let text = tool("pdftotext", &[pdf.to_str().expect("path"), "-"]);
    assert!(text.contains("0.25 mm"), "{text}");
}

#[test]
fn label_scales_read_to_a_quarter_millimetre() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().to_str().expect("path");
    support::grogpress(&["calibrate", "labels", "--sheet", "avery-5395", "--out", out]).exit(0);
    let pdf = dir.path().join("avery-5395-calibration.pdf");
    check_scales(&lines(&pdf, 1), 2);
    let text = tool("pdftotext", &[pdf.to_str().expect("path"), "-"]);
    assert!(text.contains("0.25 mm"), "{text}");
}
