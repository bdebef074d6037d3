//! Numbers and counts past their documented bounds (issue 36): each is a
//! located `limit-exceeded` or `bad-value` error, exit 1 — a NATO symbol of
//! more functions than one symbol shows (400,000 of them once made `build`
//! abort out of memory), an icon of more path segments than any icon needs,
//! map numbers that would wrap and sizes that make no sense, lengths longer
//! than any sheet, type sizes of 0.

use std::path::{Path, PathBuf};

mod support;

use support::hero_game::place;

/// Writes `files` (name, text) into a new game folder `g` under `dir`.
fn write_game(dir: &Path, files: &[(&str, &str)]) -> PathBuf {
    let game = dir.join("g");
    for (name, text) in files {
        let path = game.join(name);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("mkdir");
        std::fs::write(path, text).expect("write");
    }
    game
}

fn run(command: &str, game: &Path, out: &Path) -> support::Run {
    let g = game.to_str().expect("utf-8");
    let o = out.to_str().expect("utf-8");
    let mut args = vec![command, g];
    if command != "check" {
        args.extend(["--out", o]);
    }
    args.extend(["--format", "json"]);
    support::grogpress(&args)
}

// --- NATO symbols -------------------------------------------------------

const COUNTERS_GAME: &str = r##"name = "Symbol Bounds"

[[collections]]
id = "troops"
file = "troops.toml"

[publish]
rulebook = false

[publish.counters]
units = "troops"
top_left = "a"
top_right = "a"
bottom_left = "a"
bottom_right = "a"
symbol = "role"

[[publish.counters.sides]]
name = "Blue"
color = "#DDDDEE"
units = { foot = 1 }
"##;

fn troops(role: &str) -> String {
    format!(
        "name = \"Troops\"\n\n[[fields]]\nname = \"role\"\nkind = \"text\"\n\n[[fields]]\nname = \"a\"\nkind = \"int\"\n\n[[items]]\nid = \"foot\"\nname = \"Rifles\"\nrole = \"{role}\"\na = 1\n"
    )
}

#[test]
fn four_functions_make_a_symbol() {
    let dir = tempfile::tempdir().expect("tempdir");
    let units = troops("infantry+armour+reconnaissance+hq");
    let game = write_game(
        dir.path(),
        &[("game.toml", COUNTERS_GAME), ("troops.toml", &units)],
    );
    run("check", &game, &dir.path().join("out")).exit(0);
}

#[test]
fn a_symbol_of_five_functions_is_past_the_limit_at_the_units_value() {
    let dir = tempfile::tempdir().expect("tempdir");
    let units = troops("infantry+armour+reconnaissance+hq+supply");
    let game = write_game(
        dir.path(),
        &[("game.toml", COUNTERS_GAME), ("troops.toml", &units)],
    );
    let (line, col) = place(&units, "\"infantry+");
    let r = run("check", &game, &dir.path().join("out"));
    r.exit(1);
    r.expect("error", "limit-exceeded", "troops.toml", line, col);
}

#[test]
fn a_symbol_of_400000_functions_stops_build_at_the_value() {
    let dir = tempfile::tempdir().expect("tempdir");
    let role = vec!["infantry"; 400_000].join("+");
    let units = troops(&role);
    let game = write_game(
        dir.path(),
        &[("game.toml", COUNTERS_GAME), ("troops.toml", &units)],
    );
    let (line, col) = place(&units, "\"infantry+");
    let out = dir.path().join("out");
    let r = run("build", &game, &out);
    r.exit(1);
    r.expect("error", "limit-exceeded", "troops.toml", line, col);
    assert!(!out.join("g").exists(), "nothing is written");
}

// --- Icons --------------------------------------------------------------

const ICON_GAME: &str = r##"name = "Icon Bounds"
copyright = ["Test."]
rules = ["rules.md"]

[[decks]]
id = "hero"
file = "heroes.toml"

[[publish.cards]]
deck = "hero"
layout = "hero"
back = "hero"
"##;

const ICON_TEMPLATE: &str = r##"name = "Hero"
family = "sans-condensed"

[background]
color = "#F0E8D0"

[[background.art]]
icon = "big"
color = "#DCD0B4"
left = 20
top = 40
size = 100

[[regions]]
field = "title"
left = 12
top = 150
width = 156
height = 20
size = 14
"##;

fn icon_game(dir: &Path, icon: &str) -> PathBuf {
    write_game(
        dir,
        &[
            ("game.toml", ICON_GAME),
            (
                "heroes.toml",
                "name = \"Heroes\"\ntitle_field = \"title\"\n\n[[fields]]\nname = \"title\"\nkind = \"text\"\n\n[[cards]]\ntitle = \"Knight\"\n",
            ),
            ("rules.md", "# Heroes\n\nHeroes.\n"),
            ("templates/cards/hero.toml", ICON_TEMPLATE),
            ("icons/big.svg", icon),
        ],
    )
}

/// An icon whose one path has `segments` + 1 segments (2 bytes each).
fn long_icon(segments: usize) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\">\n<path d=\"M0 0{}\"/>\n</svg>\n",
        "h0".repeat(segments)
    )
}

#[test]
fn an_icon_of_too_many_path_segments_is_past_the_limit_at_its_path() {
    let dir = tempfile::tempdir().expect("tempdir");
    let icon = long_icon(200_000);
    let game = icon_game(dir.path(), &icon);
    let (line, col) = place(&icon, "M0 0");
    let r = run("check", &game, &dir.path().join("out"));
    r.exit(1);
    r.expect("error", "limit-exceeded", "icons/big.svg", line, col);
}

#[test]
fn an_icon_file_over_a_megabyte_is_past_the_limit_unread() {
    let dir = tempfile::tempdir().expect("tempdir");
    let game = icon_game(dir.path(), &long_icon(600_000));
    let r = run("check", &game, &dir.path().join("out"));
    r.exit(1);
    r.expect("error", "limit-exceeded", "icons/big.svg", 1, 1);
}

// --- Maps ---------------------------------------------------------------

const MAP: &str = r##"name = "Bounds"
grid = "hex"
columns = 4
rows = 3
cell = "1in"
default = "grass"

[[terrain]]
id = "grass"
color = "#CFE3A8"
"##;

fn map_game(dir: &Path, map: &str) -> PathBuf {
    write_game(
        dir,
        &[
            (
                "game.toml",
                "name = \"Map Bounds\"\n\n[[maps]]\nid = \"m\"\nfile = \"maps/m.toml\"\n",
            ),
            ("maps/m.toml", map),
        ],
    )
}

/// The map with `key = value` added after its `cell`.
fn map_with(key_value: &str) -> String {
    MAP.replacen(
        "cell = \"1in\"\n",
        &format!("cell = \"1in\"\n{key_value}\n"),
        1,
    )
}

fn map_error(key_value: &str, id: &str, value: &str) {
    let dir = tempfile::tempdir().expect("tempdir");
    let map = map_with(key_value);
    let game = map_game(dir.path(), &map);
    // The value in the line of the key, not elsewhere in the map.
    let at = map.find(key_value).expect("the key") + key_value.find(value).expect("the value");
    let (line, col) = support::line_col(&map, at);
    let r = run("check", &game, &dir.path().join("out"));
    r.exit(1);
    r.expect("error", id, "maps/m.toml", line, col);
}

#[test]
fn the_plain_map_passes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let game = map_game(dir.path(), &map_with("first_column = 9999\nfirst_row = 0"));
    run("check", &game, &dir.path().join("out")).exit(0);
}

#[test]
fn a_first_column_that_would_wrap_is_past_the_limit() {
    map_error(
        "first_column = 9223372036854775807",
        "limit-exceeded",
        "9223372036854775807",
    );
    map_error("first_row = -1", "limit-exceeded", "-1");
}

#[test]
fn a_negative_overlap_is_a_bad_value() {
    map_error("overlap = \"-20in\"", "bad-value", "\"-20in\"");
}

#[test]
fn a_code_size_longer_than_any_sheet_is_past_the_limit() {
    map_error("code_size = \"1e30in\"", "limit-exceeded", "\"1e30in\"");
    map_error("code_size = 0", "bad-value", "0");
}

#[test]
fn a_label_of_100000_inches_is_past_the_limit() {
    let dir = tempfile::tempdir().expect("tempdir");
    let map = format!("{MAP}\n[[labels]]\ntext = \"Big\"\nat = \"0101\"\nsize = \"100000in\"\n");
    let game = map_game(dir.path(), &map);
    let (line, col) = place(&map, "\"100000in\"");
    let r = run("check", &game, &dir.path().join("out"));
    r.exit(1);
    r.expect("error", "limit-exceeded", "maps/m.toml", line, col);
}

// --- Type sizes in a card template ---------------------------------------

#[test]
fn a_type_size_of_0_or_a_negative_leading_is_a_bad_value() {
    for (from, to) in [
        ("size = 14", "size = 0"),
        ("size = 14", "size = 14\nleading = -1"),
    ] {
        let dir = tempfile::tempdir().expect("tempdir");
        let template = ICON_TEMPLATE
            .replacen(
                "[[background.art]]\nicon = \"big\"\ncolor = \"#DCD0B4\"\nleft = 20\ntop = 40\nsize = 100\n",
                "",
                1,
            )
            .replacen(from, to, 1);
        let game = icon_game(dir.path(), &long_icon(1));
        std::fs::write(game.join("templates/cards/hero.toml"), &template).expect("write");
        let value = to.rsplit(" = ").next().expect("a value");
        let key = to.rsplit('\n').next().expect("a line");
        let (line, col) = place(&template, key);
        let r = run("check", &game, &dir.path().join("out"));
        r.exit(1);
        r.expect(
            "error",
            "bad-value",
            "templates/cards/hero.toml",
            line,
            col + key.len() - value.len(),
        );
    }
}
