//! Validate stage: the game's files read once as written, for what only
//! their text shows — each `:name:` against the icons there are, each
//! Markdown link of our schemes whose target Markdown would not read.
//! Input: the sources read from the game folder; output: located
//! diagnostics.

use std::path::Path;

use crate::diag::{Diagnostics, Sources};
use crate::text::icons::SourceKind;

/// Reads every file of `dir` the game printed text from, once.
pub fn check_game_texts(dir: &Path, sources: &Sources, icons: &[&str], diags: &mut Diagnostics) {
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
        super::icon_names::check_icon_names(id, file, kind, icons, diags);
        if kind == SourceKind::Markdown {
            super::link_targets::check_link_targets(id, file.text(), diags);
        }
    }
}
