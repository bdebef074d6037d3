//! Load stage: the default assets built into the binary — `fonts/`,
//! `templates/`, `data/sheets.toml` and `data/icons/` as they are in the repository (listed
//! by build.rs) — used when the project root has no copy of its own, so an
//! installed `grogpress` works from any folder.

use std::path::{Path, PathBuf};

use super::{OpError, Root, read_source};
use crate::diag::{Diagnostics, FileId, Sources};

include!(concat!(env!("OUT_DIR"), "/embedded.rs"));

/// The icons of `data/icons/` built into the binary, for a root without its own.
pub fn load_built_in_icons(
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Vec<crate::model::Icon> {
    let mut icons = Vec::new();
    for (rel, _) in files_under("data/icons/") {
        let Some(name) = rel
            .strip_prefix("data/icons/")
            .and_then(|n| n.strip_suffix(".svg"))
        else {
            continue;
        };
        if let Some((file, text, true)) = read_built_in(rel, sources, diags)
            && let Some(icon) = super::parse_icon(name, file, &text, diags)
        {
            icons.push(icon);
        }
    }
    icons
}

/// How built-in files are named in diagnostics.
pub const BUILT_IN: &str = "<built-in>";

/// The built-in copy of `rel` (a path under the project root, e.g. `fonts/fonts.toml`).
pub fn file(rel: &str) -> Option<&'static [u8]> {
    FILES
        .iter()
        .find(|(p, _)| *p == rel)
        .map(|(_, bytes)| *bytes)
}

/// The built-in files whose paths start with `prefix`, e.g. `fonts/LICENSE`.
pub fn files_under(prefix: &str) -> Vec<(&'static str, &'static [u8])> {
    FILES
        .iter()
        .filter(|(p, _)| p.starts_with(prefix))
        .copied()
        .collect()
}

/// The path a built-in file is shown as.
pub fn shown_path(rel: &str) -> PathBuf {
    Path::new(BUILT_IN).join(rel)
}

/// Reads `rel` from the project root if it is there, else its built-in copy,
/// into the sources. `None` when neither exists.
pub fn read_root_source(
    root: &Root,
    rel: &str,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<Option<(FileId, String, bool)>, OpError> {
    let on_disk = root.dir.join(rel);
    if on_disk.is_file() {
        return read_source(&on_disk, sources, diags).map(Some);
    }
    Ok(read_built_in(rel, sources, diags))
}

/// The built-in copy of `rel`, read into the sources.
pub fn read_built_in(
    rel: &str,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Option<(FileId, String, bool)> {
    let bytes = file(rel)?;
    let id = sources.add(shown_path(rel), String::new());
    let (text, ok) = super::toml::decode(id, bytes.to_vec(), diags);
    sources.set_text(id, text.clone());
    Some((id, text, ok))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_built_in() {
        assert!(file("data/sheets.toml").is_some());
        assert!(file("fonts/fonts.toml").is_some());
        assert!(file("templates/labels/plain.toml").is_some());
        assert!(file("templates/cards/plain.toml").is_some());
        assert!(file("data/icons/sword.svg").is_some());
        assert!(file("fonts/nonesuch.ttf").is_none());
    }

    #[test]
    fn the_root_copy_wins() {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::create_dir_all(dir.path().join("data")).expect("mkdir");
        std::fs::write(dir.path().join("data/sheets.toml"), "# mine\n").expect("write");
        let root = Root::new(dir.path());
        let mut sources = Sources::default();
        let mut diags = Diagnostics::default();
        let mine = read_root_source(&root, "data/sheets.toml", &mut sources, &mut diags);
        assert!(matches!(mine, Ok(Some((_, ref t, true))) if t == "# mine\n"));
        let built_in = read_root_source(&root, "fonts/fonts.toml", &mut sources, &mut diags);
        let Ok(Some((id, _, true))) = built_in else {
            panic!("no built-in fonts.toml")
        };
        assert_eq!(sources.path(id), Path::new("<built-in>/fonts/fonts.toml"));
    }
}
