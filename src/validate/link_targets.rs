//! Validate stage: the rules' links of grogpress's own schemes (`card:`,
//! `rule:`, `index:`, `figure:`) whose target holds a space. CommonMark reads
//! `[x](index:Combat Card)` as no link at all, so it would print as typed;
//! it is a `bad-link` at the target, with the `<...>` form that works.

use crate::diag::{Diagnostics, FileId, Loc};

const SCHEMES: [&str; 4] = ["card:", "rule:", "index:", "figure:"];

/// Reports each such link of one Markdown file.
pub(super) fn check_link_targets(id: FileId, text: &str, diags: &mut Diagnostics) {
    for (span, target) in spaced_targets(text) {
        diags.push(crate::error!(
            "bad-link", Some(Loc::new(id, span)),
            "the link target `{target}` holds a space, so Markdown reads no link and prints it as typed";
            hint: "put the target in angle brackets: (<{target}>)"
        ));
    }
}

/// Each `](scheme:... ...)` whose target has whitespace and no `<>`: the
/// byte range of the target and its text.
fn spaced_targets(text: &str) -> Vec<(std::ops::Range<usize>, &str)> {
    let mut found = Vec::new();
    for (at, _) in text.match_indices("](") {
        let start = at + 2;
        let rest = &text[start..];
        if !SCHEMES.iter().any(|s| rest.starts_with(s)) {
            continue;
        }
        let Some(close) = rest.find([')', '\n']) else {
            continue;
        };
        let target = &rest[..close];
        if rest.as_bytes().get(close) == Some(&b')') && target.contains(char::is_whitespace) {
            found.push((start..start + close, target));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::spaced_targets;

    #[test]
    fn a_spaced_target_of_our_schemes_is_found() {
        let text = "A [x](index:Combat Card) and [y](<index:Zone of Control>), [](rule:combat), [z](https://a b).";
        let found: Vec<&str> = spaced_targets(text).into_iter().map(|(_, t)| t).collect();
        assert_eq!(found, ["index:Combat Card"]);
        let (span, _) = &spaced_targets(text)[0];
        assert_eq!(&text[span.clone()], "index:Combat Card");
    }
}
