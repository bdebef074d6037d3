//! Render stage (HTML): a game's rules reference — one page per Markdown
//! rules file, an index with the table of contents, a stylesheet serving the
//! fonts of `fonts/` by @font-face and the font files — from the game, its
//! rules text, its laid-out cards (drawn by `render::svg`) and the Tera
//! templates of `templates/html/`. Autoescape is on: data is always escaped;
//! only HTML built here (Markdown output, card SVG) is marked `safe`.

mod data;
mod markdown;
mod site;

pub use data::{DATA_SHORTCODES, block_anchor, icon_svg, shown_tables};
pub use markdown::{Heading, PageBody, PageLinks, render_markdown, unique_id};
pub use site::{DeckFaces, HtmlTemplates, RulesText, Site, render_site};

/// A failure to render (a template that does not parse or render): the
/// templates are the project's own, so this is an operational error.
#[derive(Debug)]
pub struct HtmlError(pub String);

impl std::fmt::Display for HtmlError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for HtmlError {}
