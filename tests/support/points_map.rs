//! Shared by the tests that put things on a map of places
//! (tests/scenarios.rs, tests/tracks.rs): the map's TOML written from its
//! spaces and connections, one line each.

/// A map of places' head: no grid, `width` by `height`.
pub fn head(name: &str, [width, height]: [&str; 2]) -> String {
    format!("name = \"{name}\"\ngrid = \"points\"\nwidth = \"{width}\"\nheight = \"{height}\"\n")
}

/// Spaces, each `(id, name, [x, y])`.
pub fn spaces(spaces: &[(&str, &str, [&str; 2])]) -> String {
    spaces
        .iter()
        .map(|(id, name, [x, y])| {
            format!("\n[[spaces]]\nid = \"{id}\"\nname = \"{name}\"\nat = [\"{x}\", \"{y}\"]\n")
        })
        .collect()
}

/// Connections, each `(from, to, kind)`.
pub fn connections(links: &[(&str, &str, &str)]) -> String {
    links
        .iter()
        .map(|(from, to, kind)| {
            format!("\n[[connections]]\nfrom = \"{from}\"\nto = \"{to}\"\nkind = \"{kind}\"\n")
        })
        .collect()
}
