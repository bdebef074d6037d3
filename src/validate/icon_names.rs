//! Validate stage: every `:name:` the game's files print (TOML strings,
//! Markdown prose, CSV cells) against the icons there are (`data/icons/`
//! and the game's own `icons/`); a name of none is `unknown-icon` at its
//! place, so no icon prints as its name.

use std::path::Path;

use crate::diag::{Diagnostics, Loc, Sources};
use crate::text::icons::{SourceKind, icon_marks};

/// Reports each `:name:` in the files of `dir` that names no icon of `icons`.
pub fn check_icon_names(dir: &Path, sources: &Sources, icons: &[&str], diags: &mut Diagnostics) {
    for (id, file) in sources.files() {
        if !file.path.starts_with(dir) {
            continue;
        }
        let kind = match file.path.extension().and_then(|e| e.to_str()) {
            Some("toml") => SourceKind::Toml,
            Some("md") => SourceKind::Markdown,
            Some("csv") => SourceKind::Csv,
            _ => continue,
        };
        let unknown: Vec<(std::ops::Range<usize>, String)> = file.read_text(|text| {
            icon_marks(text, kind)
                .into_iter()
                .filter(|(_, name)| !icons.contains(name))
                .map(|(span, name)| (span, name.to_string()))
                .collect()
        });
        for (span, name) in unknown {
            diags.push(crate::error!(
                "unknown-icon", Some(Loc::new(id, span)),
                "`:{name}:` names no icon";
                hint: "the icons are {}; add icons/{name}.svg to the game folder for one of its own",
                icon_list(icons)
            ));
        }
    }
}

fn icon_list(icons: &[&str]) -> String {
    let mut names: Vec<&str> = icons.to_vec();
    names.sort_unstable();
    names.dedup();
    names
        .iter()
        .map(|n| format!(":{n}:"))
        .collect::<Vec<_>>()
        .join(", ")
}
