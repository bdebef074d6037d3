//! CLI: `grogpress games`, the games it knows (the guide `grogpress docs`
//! prints is `publish::guide`).

use crate::load::Root;

/// `grogpress games`: the games under the root's `data/`, then the built-in ones.
pub fn list_games(root: &Root) -> String {
    let mut out = String::new();
    let local = root.games().unwrap_or_default();
    if !local.is_empty() {
        out.push_str(&format!("games under {}:\n", root.data().display()));
        for dir in local {
            let name = dir.file_name().map(|n| n.to_string_lossy().into_owned());
            out.push_str(&format!("  {}\n", name.unwrap_or_default()));
        }
    }
    out.push_str("built into grogpress (copy one with `grogpress new DIR --from NAME`):\n");
    for game in crate::publish::built_in_games() {
        out.push_str(&format!("  {game}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_shipped_games_are_built_in() {
        let games = crate::publish::built_in_games();
        for g in [
            "battlefront",
            "battlegrid",
            "bcs",
            "grid-battles",
            "grognards",
        ] {
            assert!(games.iter().any(|x| x == g), "{games:?}");
        }
    }
}
