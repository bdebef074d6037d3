//! A game of two maps of places, written by the tests that read them back:
//! a point-to-point map of 25 spaces (a 5 x 5 lattice, every other row set
//! half a step right) joined by 40 connections of three kinds, and an area
//! map of 12 rectangular regions (4 x 3) that share their borders, with a
//! sea crossing between two that do not. Positions in points.

use std::path::{Path, PathBuf};

pub const TOWNS: [&str; 25] = [
    "Amiens",
    "Brest",
    "Calais",
    "Dijon",
    "Epinal",
    "Falaise",
    "Gap",
    "Havre",
    "Issoire",
    "Joigny",
    "Laon",
    "Metz",
    "Nancy",
    "Orly",
    "Paris",
    "Quimper",
    "Reims",
    "Sedan",
    "Toul",
    "Uzes",
    "Vichy",
    "Wissant",
    "Ypres",
    "Zuydcoote",
    "Arras",
];
pub const PROVINCES: [&str; 12] = [
    "Avalon", "Bree", "Cair", "Dale", "Esgar", "Fornost", "Gondor", "Harad", "Ithil", "Jarn",
    "Khand", "Lune",
];
/// The space's circle, and the names' type size (a quarter of it).
pub const SPACE: f64 = 43.2;
pub const NAME_SIZE: f64 = 10.8;

/// Where space `i` is: its centre, in points from the map's top-left.
pub fn space_at(i: usize) -> (f64, f64) {
    let (c, r) = (i % 5, i / 5);
    let x = 72.0 + c as f64 * 144.0 + if r % 2 == 1 { 21.6 } else { 0.0 };
    (x, 64.8 + r as f64 * 111.6)
}

/// The corners of province `i`.
pub fn province_outline(i: usize) -> [(f64, f64); 4] {
    let (c, r) = ((i % 4) as f64, (i / 4) as f64);
    let (x0, y0) = (36.0 + c * 126.0, 36.0 + r * 115.2);
    let (x1, y1) = (x0 + 126.0, y0 + 115.2);
    [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
}

/// Every connection of the front: (from, to, kind), 40 of them.
pub fn links() -> Vec<(usize, usize, &'static str)> {
    let mut out = Vec::new();
    for i in 0..25 {
        let (c, r) = (i % 5, i / 5);
        if c < 4 {
            out.push((i, i + 1, if r % 2 == 0 { "rail" } else { "road" }));
        }
        if r < 4 {
            out.push((i, i + 5, if c == 4 { "strait" } else { "road" }));
        }
    }
    out
}

pub fn front_toml() -> String {
    let mut s = String::from(
        "name = \"Western Front\"\ngrid = \"points\"\nwidth = \"10in\"\nheight = \"8in\"\nspace = \"0.6in\"\n\n\
[[terrain]]\nid = \"forest\"\ncolor = \"#9CC58A\"\n\n\
[[features]]\nid = \"rail\"\nname = \"Railway\"\ncolor = \"#333333\"\nwidth = \"3pt\"\nline = \"double\"\n\n\
[[features]]\nid = \"road\"\nname = \"Road\"\ncolor = \"#A0522D\"\nwidth = \"2.5pt\"\n\n\
[[features]]\nid = \"strait\"\nname = \"Strait\"\ncolor = \"#3060C0\"\nwidth = \"2pt\"\nline = \"dashed\"\n\n\
[[attributes]]\nid = \"vp\"\nname = \"Victory points\"\nkind = \"number\"\nshow = \"badge\"\n\n\
[[attributes]]\nid = \"fortress\"\nname = \"Fortress\"\nkind = \"yes-no\"\nshow = \"icon\"\nicon = \"shield\"\n\n\
[[attributes]]\nid = \"control\"\nname = \"Control\"\nkind = \"text\"\nshow = \"ring\"\ncolors = { Allied = \"#1F4E9C\", Central = \"#7A1F1F\" }\n\n\
[[attributes]]\nid = \"nation\"\nname = \"Nation\"\nkind = \"text\"\n\n",
    );
    for (i, town) in TOWNS.iter().enumerate() {
        let (x, y) = space_at(i);
        let mut attrs = Vec::new();
        if i % 4 == 0 {
            attrs.push(format!("vp = {}", 1 + i % 3));
        }
        if i % 6 == 1 {
            attrs.push("fortress = true".to_string());
        }
        attrs.push(format!(
            "control = \"{}\"",
            if i % 5 < 3 { "Allied" } else { "Central" }
        ));
        if i % 5 == 2 {
            attrs.push("nation = \"FR\"".to_string());
        }
        let terrain = if i % 7 == 3 {
            "terrain = \"forest\"\n"
        } else {
            ""
        };
        s.push_str(&format!(
            "[[spaces]]\nid = \"{}\"\nname = \"{town}\"\nat = [\"{x}pt\", \"{y}pt\"]\n{terrain}attributes = {{ {} }}\n\n",
            town.to_lowercase(),
            attrs.join(", ")
        ));
    }
    for (a, b, kind) in links() {
        s.push_str(&format!(
            "[[connections]]\nfrom = \"{}\"\nto = \"{}\"\nkind = \"{kind}\"\n\n",
            TOWNS[a].to_lowercase(),
            TOWNS[b]
        ));
    }
    s
}

pub fn provinces_toml() -> String {
    let mut s = String::from(
        "name = \"Provinces\"\ngrid = \"areas\"\nwidth = \"8in\"\nheight = \"6in\"\nadjacency = \"borders\"\n\n\
[[terrain]]\nid = \"plain\"\ncolor = \"#EFE6C8\"\n\n[[terrain]]\nid = \"hills\"\ncolor = \"#C9B48A\"\n\n\
[[features]]\nid = \"sea\"\nname = \"Sea crossing\"\ncolor = \"#3060C0\"\nwidth = \"2pt\"\nline = \"dashed\"\n\n\
[[attributes]]\nid = \"vp\"\nkind = \"number\"\nshow = \"badge\"\n\n\
[[attributes]]\nid = \"owner\"\nname = \"Owner\"\nkind = \"text\"\nshow = \"ring\"\ncolors = { Red = \"#B22222\", Blue = \"#1E4FA0\" }\n\n",
    );
    for (i, name) in PROVINCES.iter().enumerate() {
        let corners: Vec<String> = province_outline(i)
            .iter()
            .map(|(x, y)| format!("[\"{x}pt\", \"{y}pt\"]"))
            .collect();
        let mut attrs = vec![format!(
            "owner = \"{}\"",
            if i % 4 < 2 { "Red" } else { "Blue" }
        )];
        if i % 3 == 0 {
            attrs.push(format!("vp = {}", i % 4 + 1));
        }
        s.push_str(&format!(
            "[[areas]]\nid = \"{}\"\nname = \"{name}\"\noutline = [{}]\nterrain = \"{}\"\nattributes = {{ {} }}\n\n",
            name.to_lowercase(),
            corners.join(", "),
            if i % 5 == 1 { "hills" } else { "plain" },
            attrs.join(", ")
        ));
    }
    s.push_str("[[connections]]\nfrom = \"avalon\"\nto = \"lune\"\nkind = \"sea\"\n");
    s
}

pub const GAME_TOML: &str = "name = \"Places Test\"\n\n[[maps]]\nid = \"front\"\nfile = \"maps/front.toml\"\n\n[[maps]]\nid = \"provinces\"\nfile = \"maps/provinces.toml\"\n";

/// The game folder `places` under `dir`.
pub fn write(dir: &Path) -> PathBuf {
    let game = dir.join("places");
    std::fs::create_dir_all(game.join("maps")).expect("mkdir");
    std::fs::write(game.join("game.toml"), GAME_TOML).expect("write");
    std::fs::write(game.join("maps/front.toml"), front_toml()).expect("write");
    std::fs::write(game.join("maps/provinces.toml"), provinces_toml()).expect("write");
    game
}

/// The middle of an outline (a rectangle's).
pub fn middle(o: &[(f64, f64); 4]) -> (f64, f64) {
    ((o[0].0 + o[2].0) / 2.0, (o[0].1 + o[2].1) / 2.0)
}
