//! The Grid Battles units and dice reference: built with the real binary
//! into a temp dir and read back — one Letter page, the units table and the
//! bonus cycle as real text, each die's expected symbols computed from the
//! data, and exactly one filled icon outline per symbol on every face (plus
//! the legend), counted in the decompressed page content.

mod support;

use std::path::Path;
use std::process::Command;

use support::grogpress;

fn build() -> (tempfile::TempDir, std::path::PathBuf) {
    let tmp = tempfile::tempdir().expect("a temp dir");
    let run = grogpress(&[
        "build",
        "grid-battles",
        "--out",
        tmp.path().to_str().expect("UTF-8"),
    ]);
    assert_eq!(run.code, 0, "{}", run.dump());
    let pdf = tmp.path().join("grid-battles/units-and-dice.pdf");
    assert!(pdf.is_file(), "no units-and-dice.pdf\n{}", run.dump());
    (tmp, pdf)
}

fn tool(name: &str, args: &[&str], pdf: &Path) -> String {
    let mut cmd = Command::new(name);
    cmd.args(args).arg(pdf);
    if name == "pdftotext" {
        cmd.arg("-");
    }
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("run {name} (poppler-utils): {e}"));
    assert!(
        out.status.success(),
        "{name} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Each die's faces as written in dice.toml: (name, faces).
fn dice() -> Vec<(String, Vec<String>)> {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("data/grid-battles/dice.toml"),
    )
    .expect("dice.toml");
    let mut out = Vec::new();
    let mut name = String::new();
    for line in text.lines() {
        if let Some(n) = line.strip_prefix("name = \"") {
            name = n.trim_end_matches('"').to_string();
        }
        if let Some(f) = line.strip_prefix("faces = [") {
            let faces = f
                .trim_end_matches(']')
                .split(',')
                .map(|s| s.trim().trim_matches('"').to_string())
                .collect();
            out.push((name.clone(), faces));
        }
    }
    out
}

#[test]
fn one_letter_page_with_the_units_table_and_cycle_as_text() {
    let (_tmp, pdf) = build();
    let info = tool("pdfinfo", &[], &pdf);
    let field = |name: &str| {
        info.lines()
            .find_map(|l| l.strip_prefix(name))
            .map(|v| v.trim().to_string())
            .unwrap_or_default()
    };
    assert_eq!(field("Pages:"), "1", "{info}");
    assert!(info.contains("612 x 792 pts"), "{info}");
    let text = tool("pdftotext", &["-layout"], &pdf);
    for want in [
        "Grid Battles — Units and Dice",
        "Archer",
        "Pikeman",
        "Knight",
        "Ranged",
        "Yellow",
        "Missile > Infantry > Mounted > Missile",
        "CC BY 3.0",
        "reconstruction",
    ] {
        assert!(text.contains(want), "no `{want}` in:\n{text}");
    }
    let rows: Vec<&str> = text.lines().filter(|l| l.contains("Archer")).collect();
    assert!(
        rows.iter().any(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            w == [
                "Archer", "Missile", "Ranged", "4", "2", "4", "Yellow", "Brown",
            ]
        }),
        "the Archer row should read as the units table: {rows:?}"
    );
}

#[test]
fn expected_symbols_per_die_match_the_faces() {
    let (_tmp, pdf) = build();
    let text = tool("pdftotext", &["-raw"], &pdf).replace('\n', " ");
    for (name, faces) in dice() {
        let count = |s: &str| {
            faces
                .iter()
                .map(|f| f.split_whitespace().filter(|x| *x == s).count())
                .sum::<usize>()
        };
        for symbol in ["sword", "burst", "shield"] {
            let n = count(symbol);
            if n == 0 {
                continue;
            }
            let want = format!("({:.2})", n as f64 / faces.len() as f64);
            let phrase = format!("{symbol} {want}");
            assert!(text.contains(&phrase), "{name}: no `{phrase}` in:\n{text}");
        }
    }
}

#[test]
fn one_icon_per_symbol_on_every_face() {
    let (_tmp, pdf) = build();
    let bytes = std::fs::read(&pdf).expect("read the PDF");
    // Inflate every stream; the page content is the one with text objects.
    let mut fills = 0;
    let mut pages = 0;
    let mut at = 0;
    while let Some(s) = find(&bytes[at..], b"stream\n").map(|i| i + at + 7) {
        let Some(e) = find(&bytes[s..], b"endstream").map(|i| i + s) else {
            break;
        };
        at = e;
        let mut data = Vec::new();
        if std::io::Read::read_to_end(&mut flate2::read::ZlibDecoder::new(&bytes[s..e]), &mut data)
            .is_err()
        {
            continue;
        }
        let content = String::from_utf8_lossy(&data);
        if content.contains("BT") {
            pages += 1;
            fills += content.split_whitespace().filter(|op| *op == "f").count();
        }
    }
    assert_eq!(pages, 1);
    let symbols: usize = dice()
        .iter()
        .flat_map(|(_, faces)| faces.iter().map(|f| f.split_whitespace().count()))
        .sum();
    assert_eq!(symbols, 9 + 11 + 14 + 4 + 6 + 9, "the dice's symbol totals");
    // Plus one icon for each of the three symbols in the legend.
    assert_eq!(fills, symbols + 3);
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}
