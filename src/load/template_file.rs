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
        diags.push(super::ids::bad_id(
            &id.value,
            "a layout name",
            id.loc.clone(),
        ));
        return Ok(None);
    }
    let name = format!("{}.toml", id.value);
    let game_copy = search.dir.join("templates").join(kind).join(&name);
    if game_copy.symlink_metadata().is_ok() && search.confine.check(&game_copy) == Resolved::Outside
    {
        diags.push(super::paths::outside(
            &format!("templates/{kind}/{name}"),
            "the card template",
            Some(id.loc.clone()),
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
        diags.push(crate::error!(
            "missing-file", Some(id.loc.clone()), "no card template `{}`", id.value;
            hint: "looked for {} and {}", candidates[0].display(), candidates[1].display()
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

/// Names the template by the path a user finds it at (`templates/cards/back.toml`).
fn with_source(mut template: CardTemplate, kind: &str) -> CardTemplate {
    template.source = format!("templates/{kind}/{}.toml", template.id);
    template
}
