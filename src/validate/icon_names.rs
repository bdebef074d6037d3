//! Validate stage: every `:name:` a game's file prints (TOML strings,
//! Markdown prose, CSV cells) against the icons there are (`data/icons/`
//! and the game's own `icons/`); a name of none is `unknown-icon` at its
//! place, so no icon prints as its name.

use crate::diag::{Diagnostics, FileId, Loc, SourceFile};
use crate::text::icons::{SourceKind, icon_marks};

/// Reports each `:name:` of one of the game's files that names no icon of
/// `icons`.
pub(super) fn check_icon_names(
    id: FileId,
    file: &SourceFile,
    kind: SourceKind,
    icons: &[&str],
    diags: &mut Diagnostics,
) {
    // A packed (long) file comes a line at a time: a TOML or Markdown
    // line is then read on its own (a string or code block running over
    // lines is not followed), which finds no mark the whole text lacks.
    let mut unknown: Vec<(std::ops::Range<usize>, String)> = Vec::new();
    file.read_text(|at, text| {
        for (span, name) in icon_marks(text, kind) {
            if !icons.contains(&name) {
                unknown.push((at + span.start..at + span.end, name.to_string()));
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Sources;

    /// A long deck kept packed is scanned a line at a time, and a mark in
    /// it is told at its true place.
    #[test]
    fn a_mark_in_a_packed_file_is_found_at_its_place() {
        let mut text = "title,effect\n".to_string();
        for n in 0..40_000 {
            text.push_str(&format!("Card {n},Move one hex :sword: then stop.\n"));
        }
        let bad = text.len() + "Last,Cross by ".len();
        text.push_str("Last,Cross by :rail: lines.\n");
        assert!(text.len() > 1 << 20, "long enough to be kept packed");
        let mut sources = Sources::default();
        let id = sources.add("g/cards.csv".into(), text.clone());
        let mut diags = Diagnostics::default();
        super::super::check_game_texts(std::path::Path::new("g"), &sources, &["sword"], &mut diags);
        let found = &diags.list;
        assert_eq!(found.len(), 1, "{found:?}");
        let loc = found[0].loc.as_ref().expect("located");
        assert_eq!(
            (loc.file, loc.span.range()),
            (id, bad..bad + ":rail:".len())
        );
    }
}
