//! Shared by the tests of rule illustrations (tests/figures.rs,
//! tests/figures_places.rs): the troops their figures show, as counters of
//! two sides, and the stroked rectangles of a PDF's pages, where a
//! figure's counters are found.

use std::fs;
use std::path::Path;

use super::tools::tool;

/// The `troops` collection and its counters (`corners`: the fields printed
/// top left, top right, bottom left, bottom right): Blue has two Alpha and
/// two Bravo, Red one Charlie.
pub fn counters_toml(corners: [&str; 4]) -> String {
    let [top_left, top_right, bottom_left, bottom_right] = corners;
    let mut toml = format!(
        "[[collections]]\nid = \"troops\"\nfile = \"troops.toml\"\n\n[publish.counters]\n\
         units = \"troops\"\ntop_left = \"{top_left}\"\ntop_right = \"{top_right}\"\n\
         bottom_left = \"{bottom_left}\"\nbottom_right = \"{bottom_right}\"\n"
    );
    for (name, color, units) in [
        ("Blue", "#9DB0C8", "alpha = 2, bravo = 2"),
        ("Red", "#D98C7A", "charlie = 1"),
    ] {
        toml += &format!(
            "\n[[publish.counters.sides]]\nname = \"{name}\"\ncolor = \"{color}\"\nunits = {{ {units} }}\n"
        );
    }
    toml
}

/// The troops.toml of Alpha, Bravo and Charlie, with the integer `fields`
/// (of `a`, `b`, `c`, `d`): Alpha's are 1 to 4, Bravo's 5 to 8 and
/// Charlie's all 9.
pub fn troops_toml(fields: &[&str]) -> String {
    let mut toml = String::from("name = \"Troops\"\n");
    for field in fields {
        toml += &format!("\n[[fields]]\nname = \"{field}\"\nkind = \"int\"\n");
    }
    for (id, name, first) in [("alpha", "Alpha", 1), ("bravo", "Bravo", 5)] {
        toml += &format!("\n[[items]]\nid = \"{id}\"\nname = \"{name}\"\n");
        for field in fields {
            let nth = ["a", "b", "c", "d"].iter().position(|f| f == field);
            let value = first + nth.expect("a field of a to d");
            toml += &format!("{field} = {value}\n");
        }
    }
    toml += "\n[[items]]\nid = \"charlie\"\nname = \"Charlie\"\n";
    for field in fields {
        toml += &format!("{field} = 9\n");
    }
    toml
}

/// Every stroked rectangle (`x y w h re` then `S`) of each page's content,
/// PDF coordinates (y up), from `qpdf --qdf` (written into `dir`).
pub fn stroked_rects(pdf: &Path, dir: &Path) -> Vec<Vec<[f64; 4]>> {
    let qdf = dir.join("q.pdf");
    tool(
        "qpdf",
        &[
            "--qdf",
            "--object-streams=disable",
            pdf.to_str().expect("path"),
            qdf.to_str().expect("path"),
        ],
    );
    let text = String::from_utf8_lossy(&fs::read(&qdf).expect("qdf")).into_owned();
    text.split("%% Contents for page ")
        .skip(1)
        .map(|page| {
            let lines: Vec<&str> = page.lines().collect();
            lines
                .windows(2)
                .filter(|w| w[1].trim() == "S" && w[0].trim_end().ends_with(" re"))
                .filter_map(|w| {
                    let n: Vec<f64> = w[0]
                        .split_whitespace()
                        .take(4)
                        .filter_map(|v| v.parse().ok())
                        .collect();
                    <[f64; 4]>::try_from(n).ok()
                })
                .collect()
        })
        .collect()
}
