//! Shared by the benchmarks: a generated game of one hex map.

use std::fmt::Write as _;
use std::path::Path;

/// A game of one flat-top hex map, `columns` x `rows` (at most 99 each, so
/// that a cell's code is four digits), every cell's code printed: woods and
/// hills in blocks over plain, a river along the sides below the middle
/// row, a road through the row a quarter down, three labels.
pub fn write_map_game(dir: &Path, columns: usize, rows: usize) {
    std::fs::create_dir_all(dir.join("maps")).expect("create bench game folder");
    std::fs::write(
        dir.join("game.toml"),
        "name = \"Map Benchmark\"\n[[maps]]\nid = \"big\"\nfile = \"maps/big.toml\"\n",
    )
    .expect("write game.toml");
    let code = |c: usize, r: usize| format!("{c:02}{r:02}");
    let mut map = format!(
        r##"name = "A Big Map"
grid = "hex"
orientation = "flat"
columns = {columns}
rows = {rows}
cell = "0.6in"
code = "{{col:02}}{{row:02}}"
code_at = "top"
default = "plain"

[[terrain]]
id = "plain"
color = "#B9DDA0"

[[terrain]]
id = "woods"
color = "#3F7F3A"
icon = "tree"

[[terrain]]
id = "hill"
color = "#B08850"
pattern = "dots"

[[features]]
id = "river"
color = "#2F6FD0"
width = "4pt"

[[features]]
id = "road"
color = "#7A5230"
"##
    );
    // Woods and hills in blocks over the map.
    let mut woods = Vec::new();
    let mut hills = Vec::new();
    for c in (1..=columns).step_by(6) {
        for r in (1..=rows).step_by(5) {
            let end = (c + 1).min(columns);
            let cells = format!("\"{}..{}\"", code(c, r), code(end, (r + 1).min(rows)));
            if (c + r) % 2 == 0 {
                woods.push(cells);
            } else {
                hills.push(cells);
            }
        }
    }
    let _ = write!(
        map,
        "\n[[cells]]\nterrain = \"woods\"\ncells = [{}]\n\n[[cells]]\nterrain = \"hill\"\ncells = [{}]\n",
        woods.join(", "),
        hills.join(", ")
    );
    // A river along the sides between the middle row and the next (each hex
    // and the one below it), and a road through the row a quarter down.
    let between: Vec<String> = (1..columns)
        .map(|c| format!("[\"{}\", \"{}\"]", code(c, rows / 2), code(c, rows / 2 + 1)))
        .collect();
    let through: Vec<String> = (1..=columns)
        .map(|c| format!("\"{}\"", code(c, rows / 4)))
        .collect();
    let _ = write!(
        map,
        "\n[[edges]]\nfeature = \"river\"\nbetween = [{}]\n\n[[paths]]\nfeature = \"road\"\nthrough = [{}]\n",
        between.join(", "),
        through.join(", ")
    );
    let places = [(5, 5), (columns / 2, rows / 2), (columns - 5, rows - 5)];
    for (i, at) in places.iter().map(|&(c, r)| code(c, r)).enumerate() {
        let _ = write!(map, "\n[[labels]]\ntext = \"Place {i}\"\nat = \"{at}\"\n");
    }
    std::fs::write(dir.join("maps/big.toml"), map).expect("write the map");
}
