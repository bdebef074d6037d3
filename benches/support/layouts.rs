//! Shared by the benchmarks: the card layouts a generated game lays its
//! cards out with, written into its own `templates/` folder.

use std::path::Path;

/// BattleGrid's action-card layouts (label and card), which a game keeps in
/// its own `templates/` folder: the benchmarks lay cards out with them.
pub fn write_action_layouts(dir: &Path) {
    let layouts = [
        (
            "templates/labels/battlegrid-action.toml",
            include_str!("../../data/battlegrid/templates/labels/battlegrid-action.toml"),
        ),
        (
            "templates/cards/battlegrid-action.toml",
            include_str!("../../data/battlegrid/templates/cards/battlegrid-action.toml"),
        ),
    ];
    for (path, text) in layouts {
        let path = dir.join(path);
        if let Some(folder) = path.parent() {
            std::fs::create_dir_all(folder).expect("create templates/");
        }
        std::fs::write(path, text).expect("write a layout");
    }
}
