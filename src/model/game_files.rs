//! Model: the files a game's outputs are made with that its own folder may
//! hold — the card templates its publish jobs name, its HTML templates
//! (its icons are the assets', `publish::Assets::for_game`) — loaded with the game, so nothing after load reads the folder.

use std::path::PathBuf;

use super::CardTemplate;

/// A game's own files beside its data (empty when the game was loaded for
/// its data alone, as `odds` and `export` do).
#[derive(Clone, Debug, Default)]
pub struct GameFiles {
    /// Each card template a publish job names, once, in the order the jobs
    /// name them (label layouts, then each card job's front and back).
    pub templates: Vec<NamedTemplate>,
    /// The game's own `templates/html/` files that replace the project's.
    pub html: Vec<OwnHtml>,
}

/// A card template as a publish job names it.
#[derive(Clone, Debug)]
pub struct NamedTemplate {
    /// `labels` or `cards`: the folder under `templates/` it comes from.
    pub kind: String,
    pub id: String,
    /// `None` when it could not be loaded (already reported).
    pub template: Option<CardTemplate>,
}

/// A file of the game's `templates/html/`.
#[derive(Clone, Debug)]
pub struct OwnHtml {
    /// Its file name (`page.html`, `style.css`...).
    pub name: String,
    pub content: HtmlContent,
}

#[derive(Clone, Debug)]
pub enum HtmlContent {
    Text(String),
    /// A link leading outside the game folder: not read.
    Outside(PathBuf),
}

impl GameFiles {
    /// The `kind` template `id` a publish job names; `None` when it could
    /// not be loaded (already reported).
    pub fn template(&self, kind: &str, id: &str) -> Option<&CardTemplate> {
        self.templates
            .iter()
            .find(|t| t.kind == kind && t.id == id)
            .and_then(|t| t.template.as_ref())
    }

    /// The game's own HTML template `name`, if it has one.
    pub fn html(&self, name: &str) -> Option<&HtmlContent> {
        self.html
            .iter()
            .find(|h| h.name == name)
            .map(|h| &h.content)
    }
}
