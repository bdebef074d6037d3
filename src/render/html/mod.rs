//! Render stage (HTML): a game's rules reference — one page per Markdown
//! rules file, a page per map and one of the counters, an index with the
//! table of contents, a stylesheet serving the fonts of `fonts/` by
//! @font-face and the font files — from the game, its rules text, its
//! laid-out cards and counters (drawn by `render::svg`) and the Tera
//! templates of `templates/html/`; with a sidebar, a search index and the
//! one script that searches it and previews cards. Autoescape is on: data
//! is always escaped; only HTML built here (Markdown output, card and
//! counter SVG) is marked `safe`.

mod counters_page;
mod data;
mod kept_cards;
mod map_page;
mod markdown;
mod places_table;
mod scenario_page;
mod search;
mod site;
mod tracks_page;

pub use counters_page::{ShownCounter, counters_page};
pub use kept_cards::KeptCards;
pub use map_page::{ExtraPage, map_page, map_picture};
pub use markdown::{Heading, PageBody, PageLinks, UsedIds, render_markdown};
pub use scenario_page::{ScenarioShown, ShownOob, ShownTurn, ShownUnit, scenario_page};
pub use site::{DeckFaces, HtmlTemplates, RulesText, Site, SiteFile, render_site};
pub use tracks_page::{ShownPart, tracks_page};

/// The game's words for the templates: `{{ words.contents }}`.
pub(crate) fn words_value(words: &crate::text::Words) -> tera::Value {
    tera::Value::from(
        words
            .pairs()
            .into_iter()
            .map(|(key, word)| (key, tera::Value::from(word)))
            .collect::<std::collections::BTreeMap<&'static str, tera::Value>>(),
    )
}

/// The first line of `reference.js`: the game's words for the script (its
/// buttons, search and shortcuts: every word but `decimal` and `languages`), as `window.grogpressWords`. `<` is
/// written `\u003c` so that no word can close a script element.
pub(crate) fn script_words(words: &crate::text::Words) -> String {
    let map: serde_json::Map<String, serde_json::Value> = words
        .pairs()
        .into_iter()
        // The script shows neither numbers nor the language switch: these
        // words stay out of it (and a game of one language's script is as
        // it was before they were words).
        .filter(|(key, _)| !matches!(*key, "decimal" | "languages"))
        .map(|(key, word)| (key.to_string(), serde_json::Value::from(word)))
        .collect();
    let json = serde_json::Value::Object(map)
        .to_string()
        .replace('<', "\\u003c");
    format!("window.grogpressWords = {json};\n")
}

/// What a page may load and run: only files of the site itself, no inline
/// script, no plugins, no forms, no `<base>` (a game's own templates are
/// untrusted too). Every page carries it as a meta tag and `serve` sends it
/// as a header.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'";

/// `html` with the [`CONTENT_SECURITY_POLICY`] meta tag before anything
/// that could run: first thing in a `<head>` that opens the document (after
/// the doctype and `<html>`), else right after the doctype, or at the very
/// start, whatever a game's template holds.
pub fn with_csp(html: &str) -> String {
    let meta = format!(
        "<meta http-equiv=\"Content-Security-Policy\" content=\"{CONTENT_SECURITY_POLICY}\">"
    );
    let at = csp_place(html);
    format!("{}\n{meta}{}", &html[..at], &html[at..])
}

/// Where the policy goes: the byte offset after the opening tags that may
/// precede it.
fn csp_place(html: &str) -> usize {
    let lower = html.to_ascii_lowercase();
    let skip_ws = |at: usize| at + (lower.len() - at - lower[at..].trim_start().len());
    // The end of a tag `<name ...>` starting at `at`, if it is that tag.
    let tag_end = |at: usize, name: &str| -> Option<usize> {
        let rest = lower.get(at..)?;
        let after = rest.strip_prefix('<')?.strip_prefix(name)?;
        if !after.starts_with(|c: char| c == '>' || c.is_ascii_whitespace()) {
            return None;
        }
        rest.find('>').map(|e| at + e + 1)
    };
    let mut at = skip_ws(0);
    match tag_end(at, "!doctype") {
        Some(end) => at = end,
        None => return 0,
    }
    let doctype_end = at;
    if let Some(end) = tag_end(skip_ws(at), "html") {
        at = end;
    }
    tag_end(skip_ws(at), "head").unwrap_or(doctype_end)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy_at(html: &str) -> usize {
        with_csp(html)
            .find("Content-Security-Policy")
            .expect("the policy")
    }

    #[test]
    fn the_policy_comes_before_anything_a_template_could_run() {
        let ours = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">";
        let out = with_csp(ours);
        assert!(out.starts_with("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta http-equiv"));
        for hostile in [
            "<!DOCTYPE html><html><script>alert(1)</script><head></head>",
            "<!doctype html><script>alert(1)</script>",
            "<script>alert(1)</script><!DOCTYPE html><head>",
            "<html><header>x</header><script>alert(1)</script>",
        ] {
            let out = with_csp(hostile);
            assert!(
                policy_at(hostile) < out.find("<script").expect("script"),
                "{out}"
            );
        }
    }
}
