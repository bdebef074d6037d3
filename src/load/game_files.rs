//! Load stage: a game's own files beside its data — the card templates its
//! publish jobs name, its `icons/`, its `templates/html/` — read through the
//! game's one [`Confine`] into [`GameFiles`].

use std::path::Path;

use crate::diag::{Diagnostics, Sources};
use crate::model::{GameFiles, HtmlContent, OwnHtml, Publish};
use crate::text::FontBook;

use super::paths::{Confine, Resolved};
use super::template_file::{TemplateSearch, load_job_templates};
use super::{OpError, Root};

/// What a game's files are loaded against: the project root (its shared
/// templates) and the fonts templates may name.
pub struct Project<'a> {
    pub root: &'a Root,
    pub fonts: &'a FontBook,
}

/// The HTML templates a game may replace with its own `templates/html/`
/// (the script and the favicon are always the project's: they run in the
/// reader's browser).
const GAME_HTML: [&str; 8] = [
    "page.html",
    "card.html",
    "deck.html",
    "style.css",
    "dark.css",
    "table.html",
    "chart.html",
    "dice.html",
];

/// The game's templates, icons and HTML templates.
pub(super) fn load_game_files(
    confine: &Confine,
    dir: &Path,
    project: &Project<'_>,
    publish: &Publish,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<GameFiles, OpError> {
    let search = TemplateSearch {
        confine,
        dir,
        root: project.root,
        fonts: project.fonts,
    };
    let templates = load_job_templates(&search, publish, sources, diags)?;
    Ok(GameFiles {
        templates,
        html: own_html(confine, dir)?,
    })
}

/// The game's own HTML templates; one leading outside the folder is kept as
/// such (building the HTML reference fails on it), not read.
fn own_html(confine: &Confine, dir: &Path) -> Result<Vec<OwnHtml>, OpError> {
    let mut own = Vec::new();
    for name in GAME_HTML {
        let path = dir.join("templates/html").join(name);
        let content =
            if path.symlink_metadata().is_ok() && confine.check(&path) == Resolved::Outside {
                HtmlContent::Outside(path)
            } else if path.is_file() {
                HtmlContent::Text(
                    std::fs::read_to_string(&path).map_err(|e| OpError::io("read", &path, e))?,
                )
            } else {
                continue;
            };
        own.push(OwnHtml {
            name: name.to_string(),
            content,
        });
    }
    Ok(own)
}
