//! Load stage: ids that become file names, URLs or HTML ids (decks, aids,
//! charts, collections, random tables, layouts) must be plain names:
//! `[a-z0-9][a-z0-9_-]*`. Anything else, `../x` or `/tmp/x` say, is a
//! located `bad-id` error, so no id can steer a write out of `out/<game>/`.

use crate::diag::{Diagnostic, Diagnostics, Loc};
use crate::model::Located;

/// The longest plain id: file names stay well under any system's limit.
pub const MAX_LEN: usize = 100;

/// Whether `id` matches `[a-z0-9][a-z0-9_-]*` (and is not too long).
pub fn is_plain(id: &str) -> bool {
    let mut bytes = id.bytes();
    bytes
        .next()
        .is_some_and(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        && bytes.all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
        && id.len() <= MAX_LEN
}

/// The `bad-id` error for `id` (quoted at most a line's worth).
pub fn bad_id(id: &str, what: &str, loc: Loc) -> Diagnostic {
    let shown: String = id.chars().take(60).collect();
    let more = if shown.len() < id.len() { "…" } else { "" };
    crate::error!(
        "bad-id", Some(loc), "{what} `{shown}{more}` is not a plain id";
        hint: "ids become file names and links: use lowercase letters, digits, `-` and `_`, \
               starting with a letter or digit, at most {MAX_LEN} characters (e.g. `{}`)",
        suggestion(id)
    )
}

/// Checks an id, pushing `bad-id` when it is not plain; `true` when it is.
pub fn check(id: &Located<String>, what: &str, diags: &mut Diagnostics) -> bool {
    let plain = is_plain(&id.value);
    if !plain {
        diags.push(bad_id(&id.value, what, id.loc));
    }
    plain
}

/// A plain id close to `id`: lowercased, other characters as `-`.
fn suggestion(id: &str) -> String {
    let mut out = String::new();
    for c in id.chars().take(MAX_LEN) {
        let c = c.to_ascii_lowercase();
        if c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' {
            out.push(c);
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-').to_string();
    if out.is_empty() {
        "my-deck".to_string()
    } else {
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_ids_are_lowercase_names() {
        for ok in ["action", "player-aid", "a", "0x", "two_front", "x9-y"] {
            assert!(is_plain(ok), "{ok}");
        }
        for bad in [
            "",
            "-x",
            "_x",
            "../../escaped/x",
            "/tmp/x/abs",
            "a/b",
            "A",
            "Action",
            "a b",
            "a.b",
            "..",
            ".",
            "é",
            "a\0",
        ] {
            assert!(!is_plain(bad), "{bad:?}");
        }
        assert!(!is_plain(&"a".repeat(MAX_LEN + 1)));
        assert!(is_plain(&"a".repeat(MAX_LEN)));
    }

    #[test]
    fn the_hint_suggests_a_plain_id() {
        assert_eq!(suggestion("../../Escaped/X"), "escaped-x");
        assert_eq!(suggestion("Player Aid"), "player-aid");
        assert_eq!(suggestion("///"), "my-deck");
        assert!(is_plain(&suggestion("../../Escaped/X")));
    }
}
