//! Load stage: the card templates a game's publish jobs name — each the
//! game's own `templates/<kind>/<name>.toml`, else the project's, else the
//! built-in one — found inside the game folder and read into
//! [`CardTemplate`]s, once each.

use std::path::{Path, PathBuf};

use crate::diag::{Diagnostics, Sources};
use crate::model::{CardTemplate, Located, NamedTemplate, Publish};
use crate::text::FontBook;

use super::paths::{Confine, Resolved};
use super::{OpError, Root};

/// Where a game's templates are found and what they may name.
pub(super) struct TemplateSearch<'a> {
    pub confine: &'a Confine,
    /// The game folder.
    pub dir: &'a Path,
    pub root: &'a Root,
    pub fonts: &'a FontBook,
}

/// Every template the publish jobs name, once, in the order they name them:
/// each label job's layout, then each card job's front and back.
pub(super) fn load_job_templates(
    search: &TemplateSearch<'_>,
    publish: &Publish,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<Vec<NamedTemplate>, OpError> {
    let labels = publish.labels.iter().map(|j| ("labels", &j.layout));
    let cards = publish
        .cards
        .iter()
        .flat_map(|j| [("cards", &j.layout), ("cards", &j.back)]);
    let mut loaded: Vec<NamedTemplate> = Vec::new();
    for (kind, id) in labels.chain(cards) {
        if loaded.iter().any(|t| t.kind == kind && t.id == id.value) {
            continue;
        }
        let template = load_template(search, kind, id, sources, diags)?;
        loaded.push(NamedTemplate {
            kind: kind.to_string(),
            id: id.value.clone(),
            template,
        });
    }
    Ok(loaded)
}

/// A template named by a publish job: the game's own `templates/<kind>/`
/// first, then the root's, then the one built into the binary.
fn load_template(
    search: &TemplateSearch<'_>,
    kind: &str,
    id: &Located<String>,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<Option<CardTemplate>, OpError> {
    if !super::ids::is_plain(&id.value) {
        diags.push(super::ids::bad_id(&id.value, "a layout name", id.loc));
        return Ok(None);
    }
    let name = format!("{}.toml", id.value);
    let game_copy = search.dir.join("templates").join(kind).join(&name);
    if game_copy.symlink_metadata().is_ok() && search.confine.check(&game_copy) == Resolved::Outside
    {
        diags.push(super::paths::outside(
            &format!("templates/{kind}/{name}"),
            "the card template",
            Some(id.loc),
        ));
        return Ok(None);
    }
    let families: Vec<&str> = search
        .fonts
        .families
        .iter()
        .map(|f| f.name.as_str())
        .collect();
    let candidates: [PathBuf; 2] = [game_copy, search.root.templates().join(kind).join(&name)];
    let Some(path) = candidates.iter().find(|p| p.is_file()) else {
        let built_in = format!("templates/{kind}/{name}");
        if super::embedded::file(&built_in).is_some() {
            if let Some((file, text, true)) =
                super::embedded::read_built_in(&built_in, sources, diags)
            {
                return Ok(
                    super::load_card_template(&id.value, file, &text, &families, diags)
                        .map(|t| with_source(t, kind)),
                );
            }
            return Ok(None);
        }
        let names = layout_names(search, kind);
        let shown: Vec<&str> = names.iter().map(String::as_str).collect();
        let close = super::toml::closest(&id.value, &shown)
            .map(|c| format!("did you mean `{c}`? "))
            .unwrap_or_default();
        diags.push(crate::error!(
            "missing-file", Some(id.loc), "no card template `{}`", id.value;
            hint: "{close}the {kind} layouts there are: {}; a game's own layout is its {}",
                shown.join(", "), Path::new("templates").join(kind).join(&name).display()
        ));
        return Ok(None);
    };
    let (file, text, ok) = super::read_source(path, sources, diags)?;
    if !ok {
        return Ok(None);
    }
    Ok(
        super::load_card_template(&id.value, file, &text, &families, diags)
            .map(|t| with_source(t, kind)),
    )
}

/// The names of the `kind` layouts a game may name: its own
/// `templates/<kind>/`, the project's and the built-in ones, sorted, once each.
fn layout_names(search: &TemplateSearch<'_>, kind: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for dir in [
        search.dir.join("templates").join(kind),
        search.root.templates().join(kind),
    ] {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "toml")
                && let Some(stem) = path.file_stem()
            {
                names.push(stem.to_string_lossy().into_owned());
            }
        }
    }
    let prefix = format!("templates/{kind}/");
    for (rel, _) in super::embedded::files_under(&prefix) {
        if let Some(stem) = rel[prefix.len()..].strip_suffix(".toml") {
            names.push(stem.to_string());
        }
    }
    names.sort();
    names.dedup();
    names
}

/// Names the template by the path a user finds it at (`templates/cards/back.toml`).
fn with_source(mut template: CardTemplate, kind: &str) -> CardTemplate {
    template.source = format!("templates/{kind}/{}.toml", template.id);
    template
}
