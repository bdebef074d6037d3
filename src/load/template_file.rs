//! Load stage: the card template a publish job names — the game's own
//! `templates/<kind>/<name>.toml`, else the project's, else the built-in one —
//! found inside the game folder and read into a [`CardTemplate`].

use std::path::PathBuf;

use crate::diag::{Diagnostic, Diagnostics, Sources};
use crate::model::{CardTemplate, Game, Located};
use crate::text::FontBook;

use super::{OpError, Root};

/// A template named by a publish job: the game's own `templates/<kind>/`
/// first, then the root's, then the one built into the binary.
pub fn load_template(
    game: &Game,
    root: &Root,
    kind: &str,
    id: &Located<String>,
    fonts: &FontBook,
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
    let game_copy = game.dir.join("templates").join(kind).join(&name);
    if game_copy.symlink_metadata().is_ok()
        && super::paths::Confine::new(&game.dir)?.check(&game_copy)
            == super::paths::Resolved::Outside
    {
        diags.push(super::paths::outside(
            &format!("templates/{kind}/{name}"),
            "the card template",
            Some(id.loc.clone()),
        ));
        return Ok(None);
    }
    let candidates: [PathBuf; 2] = [
        game.dir.join("templates").join(kind).join(&name),
        root.templates().join(kind).join(&name),
    ];
    let Some(path) = candidates.iter().find(|p| p.is_file()) else {
        let built_in = format!("templates/{kind}/{name}");
        if super::embedded::file(&built_in).is_some() {
            if let Some((file, text, true)) =
                super::embedded::read_built_in(&built_in, sources, diags)
            {
                let families: Vec<&str> = fonts.families.iter().map(|f| f.name.as_str()).collect();
                return Ok(
                    super::load_card_template(&id.value, file, &text, &families, diags)
                        .map(|t| with_source(t, kind)),
                );
            }
            return Ok(None);
        }
        diags.push(
            Diagnostic::error(
                "missing-file",
                format!("no card template `{}`", id.value),
                Some(id.loc.clone()),
            )
            .with_hint(format!(
                "looked for {} and {}",
                candidates[0].display(),
                candidates[1].display()
            )),
        );
        return Ok(None);
    };
    let (file, text, ok) = super::read_source(path, sources, diags)?;
    if !ok {
        return Ok(None);
    }
    let families: Vec<&str> = fonts.families.iter().map(|f| f.name.as_str()).collect();
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
