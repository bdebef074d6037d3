//! Text: inline icons in rich text. `:sword:` (a name the book has an icon
//! for) is set as one placeholder character, so line breaking gives it
//! room; once the lines are set, layout draws the icon in its place
//! (`layout::doc::fit_items`). An unknown `:name:` stays text.

/// Stands for an icon while text is set: a square glyph every face has.
pub const ICON: char = '\u{25A0}';

/// `text` cut at the `:name:` of every known icon: (plain text, icon) parts.
pub fn split_icons<'a>(text: &'a str, known: &[&str]) -> Vec<(&'a str, Option<&'a str>)> {
    let mut parts = Vec::new();
    let mut rest = text;
    let mut at = 0;
    while let Some(open) = rest[at..].find(':').map(|k| at + k) {
        let after = &rest[open + 1..];
        let name_len = after
            .find(':')
            .filter(|&n| n > 0 && known.contains(&&after[..n]));
        match name_len {
            Some(n) => {
                parts.push((&rest[..open], Some(&after[..n])));
                rest = &after[n + 1..];
                at = 0;
            }
            None => at = open + 1,
        }
    }
    parts.push((rest, None));
    parts
}

/// `text` with each known icon's `:name:` replaced by [`ICON`], and the
/// names in order; `None` when it names no icon (or already holds the
/// placeholder character itself, which would be mistaken for an icon).
pub fn with_placeholders(text: &str, known: &[&str]) -> Option<(String, Vec<String>)> {
    if known.is_empty() || !text.contains(':') || text.contains(ICON) {
        return None;
    }
    let parts = split_icons(text, known);
    if parts.len() < 2 {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut names = Vec::new();
    for (plain, icon) in parts {
        out.push_str(plain);
        if let Some(name) = icon {
            out.push(ICON);
            names.push(name.to_string());
        }
    }
    Some((out, names))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_icon_names_are_cut_out_of_the_text() {
        let known = ["sword", "shield"];
        assert_eq!(
            split_icons("a :sword: b :x: c :shield:", &known),
            [
                ("a ", Some("sword")),
                (" b :x: c ", Some("shield")),
                ("", None)
            ]
        );
        assert_eq!(split_icons("12:30 :: x", &known), [("12:30 :: x", None)]);
    }

    #[test]
    fn placeholders_stand_for_known_icons_only() {
        let known = ["sword"];
        let (text, names) = with_placeholders("**2** :sword: at 12:30 :x:", &known).expect("one");
        assert_eq!(text, format!("**2** {ICON} at 12:30 :x:"));
        assert_eq!(names, ["sword"]);
        assert_eq!(with_placeholders("no icons: here", &known), None);
        assert_eq!(with_placeholders("■ :sword:", &known), None);
    }
}
