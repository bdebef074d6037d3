//! Model: which link targets a game's text may carry into a page. A game
//! folder is untrusted (DESIGN.md): only `http`, `https` and `mailto` links,
//! relative paths and `#fragments` survive in the HTML and PDF; anything
//! else (`javascript:`, `vbscript:`, `data:`, `file:`...) is dropped. The
//! scheme is read the way a browser reads it: leading spaces and control
//! characters ignored, tabs and newlines inside removed, case ignored.

/// The schemes a link may use.
pub const SAFE_SCHEMES: &[&str] = &["http", "https", "mailto"];

/// Whether a link (or image) target is safe to publish: the one test the
/// HTML reference, the rulebook PDF and validation (`unsafe-link`) share.
/// A network-path reference (`//host/x`, `\\host\x`) is not a relative
/// path: on a page opened as a file it reaches another machine (a Windows
/// share), so it is not safe either.
pub fn is_safe_link(url: &str) -> bool {
    match scheme(url) {
        Some(scheme) => SAFE_SCHEMES.contains(&scheme.as_str()),
        None => {
            // A browser reads `\` as `/` in a file or web URL.
            let cleaned = cleaned(url);
            let mut start = cleaned.chars();
            !(start.next().is_some_and(|c| matches!(c, '/' | '\\'))
                && start.next().is_some_and(|c| matches!(c, '/' | '\\')))
        }
    }
}

/// Whether a safe link leaves the document: an `http`, `https` or `mailto`
/// URL (a PDF can open it; a relative path means nothing there).
pub fn is_web_link(url: &str) -> bool {
    scheme(url).is_some_and(|s| SAFE_SCHEMES.contains(&s.as_str()))
}

/// An http or https address given on the command line (`--tts-url-base`).
pub fn parse_web_url(s: &str) -> Result<String, String> {
    let lower = s.to_ascii_lowercase();
    if (lower.starts_with("https://") || lower.starts_with("http://")) && is_web_link(s) {
        Ok(s.to_string())
    } else {
        Err(format!("`{s}` is not an http(s) address"))
    }
}

/// The URL as a browser parses it (the URL standard): leading and trailing
/// C0 controls and spaces stripped, every tab and newline removed.
pub fn cleaned(url: &str) -> String {
    url.trim_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect()
}

/// The URL's scheme, lowercased, as a browser would find it; `None` for a
/// relative URL (a path, `#fragment`, `?query`, `//host/...`).
pub fn scheme(url: &str) -> Option<String> {
    let cleaned = cleaned(url);
    let colon = cleaned.find(':')?;
    let before = &cleaned[..colon];
    // A `/`, `?` or `#` before the colon makes it a relative URL.
    let mut chars = before.chars();
    let first = chars.next()?;
    let is_scheme = first.is_ascii_alphabetic()
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    is_scheme.then(|| before.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn web_and_mail_links_and_relative_paths_are_safe() {
        for url in [
            "https://example.com/x",
            "HTTP://example.com",
            "mailto:a@b.c",
            "#table-combat",
            "rules.html#x",
            "../x/y.html",
            "?q=1",
            "a/b:c",
            "/rules/x.html",
            "",
        ] {
            assert!(is_safe_link(url), "{url}");
        }
    }

    #[test]
    fn script_data_and_other_schemes_are_not() {
        for url in [
            "javascript:alert(1)",
            "JaVaScRiPt:alert(1)",
            " javascript:alert(1)",
            "\u{1}javascript:alert(1)",
            "java\tscript:alert(1)",
            "java\nscript:alert(1)",
            "vbscript:msgbox",
            "data:text/html,<script>alert(1)</script>",
            "DATA:image/svg+xml;base64,xx",
            "file:///etc/passwd",
            "card:",
            "//evil.example/share",
            " \t//evil.example/share",
            "\\\\evil.example\\share",
            "/\\evil.example",
            "\\/evil.example",
        ] {
            assert!(!is_safe_link(url), "{url:?}");
        }
    }
}
