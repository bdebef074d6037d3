//! `[publish.counters] swatch`: a corner naming an item whose declared
//! colour field is set is drawn as a swatch marked with the item's initial;
//! without the key it is the item's name as text. The field is the game's
//! own (here `tint`), not one the engine knows. Games written here.

mod support;

use std::path::Path;

use support::hero_game::{place, write};
use support::tools::tool;

/// Units whose top-right corner names a pennant of the `pennants`
/// collection; `{swatch}` is replaced by the test.
const GAME: &str = r##"name = "Pennants"
copyright = ["Test."]

[[collections]]
id = "pennants"
name = "Pennants"
fields = [{ name = "tint", kind = "text" }]
items = [
  { id = "red", name = "Ro", tint = "#C03020" },
  { id = "blue", name = "Bl", tint = "#2050C0" },
]

[[collections]]
id = "units"
name = "Units"
fields = [
  { name = "movement", kind = "int" },
  { name = "pennant", kind = "ref", to = "pennants" },
]
items = [
  { id = "lancer", name = "Lancer", movement = 4, pennant = "red" },
  { id = "archer", name = "Archer", movement = 2, pennant = "blue" },
]

[publish.options]
counter_size = "1"

[publish.counters]
units = "units"
top_left = "movement"
top_right = "pennant"
bottom_left = "movement"
bottom_right = "movement"
{swatch}

[[publish.counters.sides]]
name = "North"
color = "#E8E8D0"
units = { lancer = 1, archer = 1 }
"##;

fn game(dir: &Path, name: &str, swatch: &str) -> (std::path::PathBuf, String) {
    let toml = GAME.replace("{swatch}", swatch);
    (write(dir, name, &[("game.toml", toml.as_bytes())]), toml)
}

/// The words of the counter sheet's fronts page.
fn words(pdf: &Path) -> Vec<String> {
    tool(
        "pdftotext",
        &["-f", "1", "-l", "1", pdf.to_str().expect("path"), "-"],
    )
    .split_whitespace()
    .map(str::to_string)
    .collect()
}

#[test]
fn a_declared_swatch_field_draws_marks_and_without_it_names() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let out = tmp.path().join("out");
    let (plain, _) = game(tmp.path(), "plain", "");
    let (tinted, _) = game(tmp.path(), "tinted", "swatch = \"tint\"");
    support::build_ok(&plain, &out);
    support::build_ok(&tinted, &out);

    let plain = words(&out.join("plain/counters.pdf"));
    for name in ["Ro", "Bl"] {
        assert!(plain.iter().any(|w| w == name), "{name} in {plain:?}");
    }
    let tinted = words(&out.join("tinted/counters.pdf"));
    for name in ["Ro", "Bl"] {
        assert!(!tinted.iter().any(|w| w == name), "{name} in {tinted:?}");
    }
    for mark in ["R", "B"] {
        assert!(tinted.iter().any(|w| w == mark), "{mark} in {tinted:?}");
    }
    // The swatch is filled in the pennant's colour.
    let svg = tool(
        "pdftocairo",
        &[
            "-svg",
            "-f",
            "1",
            "-l",
            "1",
            out.join("tinted/counters.pdf").to_str().expect("path"),
            "-",
        ],
    );
    for rgb in [
        "rgb(75.299072%,18.798828%,12.5%)",
        "rgb(12.5%,31.399536%,75.299072%)",
    ] {
        assert!(svg.contains(&format!("fill:{rgb}")), "no fill {rgb}");
    }
}

#[test]
fn a_swatch_field_no_referred_collection_has_is_located() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let (dir, toml) = game(tmp.path(), "g", "swatch = \"colour\"");
    let run = support::grogpress(&["check", dir.to_str().expect("path"), "--format", "json"]);
    run.exit(1);
    let (line, col) = place(&toml, "\"colour\"");
    let d = run.expect("error", "dangling-reference", "g/game.toml", line, col);
    assert!(
        d.hint.as_deref().is_some_and(|h| h.contains("tint")),
        "{d:?}"
    );
}
