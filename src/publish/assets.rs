//! Publish: the shared assets every game's outputs are made with — sheet
//! templates, card sizes, fonts and icons — loaded once from the project root.

use crate::diag::{Diagnostics, Sources};
use crate::load::{self, OpError, Root};
use crate::model::{CardSize, Game, Icon, SheetTemplate};
use crate::text::{Family, FontBook};

/// Shared assets: sheet templates, card sizes and fonts.
pub struct Assets {
    pub root: Root,
    pub sheets: Vec<SheetTemplate>,
    pub card_sizes: Vec<CardSize>,
    pub fonts: FontBook,
    /// `data/icons/*.svg` (the general icons built in), with a game's own
    /// `icons/*.svg` in [`Assets::for_game`]: die-face and inline icons.
    pub icons: Vec<Icon>,
    /// Card faces kept from one live build to the next (off unless asked).
    pub faces: super::faces::FaceCache,
    /// The HTML reference's cards, likewise.
    pub cards_html: crate::render::html::KeptCards,
}

impl Assets {
    /// The family the game's aids, charts, counters, maps, figures and
    /// set-up cards are set in (`[fonts] text`); `None` when the fonts lack
    /// it, which loading the game reported.
    pub fn text_family(&self, game: &Game) -> Option<&Family> {
        self.fonts.family(game.fonts.text())
    }

    /// The family the game's rulebook prose is set in (`[fonts] rules`).
    pub fn rules_family(&self, game: &Game) -> Option<&Family> {
        let declared: Vec<&str> = self
            .fonts
            .families
            .iter()
            .map(|f| f.name.as_str())
            .collect();
        self.fonts.family(game.fonts.rules(&declared))
    }

    pub fn load(
        root: Root,
        sources: &mut Sources,
        diags: &mut Diagnostics,
    ) -> Result<Assets, OpError> {
        let mut fonts = load::load_fonts(&root, sources, diags)?;
        let (sheets, card_sizes) =
            match load::embedded::read_root_source(&root, "data/sheets.toml", sources, diags)? {
                Some((file, text, true)) => load::load_sheets_and_sizes(file, &text, diags),
                Some(_) => (Vec::new(), Vec::new()),
                None => {
                    return Err(OpError::new(format!(
                        "cannot read {}: no such file",
                        root.sheets_file().display()
                    )));
                }
            };
        let icons = if root.icons().is_dir() {
            load::load_icons(
                &load::paths::Confine::new(&root.dir)?,
                &root.icons(),
                sources,
                diags,
            )?
        } else {
            load::embedded::load_built_in_icons(sources, diags)
        };
        // Rich text sets `:name:` as the icon of that name, everywhere.
        fonts.icons = icons.clone();
        Ok(Assets {
            root,
            sheets,
            card_sizes,
            fonts,
            icons,
            faces: Default::default(),
            cards_html: Default::default(),
        })
    }

    /// The assets for a game with its own `fonts/fonts.toml` (its fonts in
    /// place of the shared ones) or its own `icons/` (its icons beside the
    /// shared ones, a game's icon taking the place of a shared one of its
    /// name, in every text, card, map and counter). `None` when the game has
    /// neither.
    pub fn for_game(
        &self,
        game_dir: &std::path::Path,
        sources: &mut Sources,
        diags: &mut Diagnostics,
    ) -> Result<Option<Assets>, OpError> {
        // A game that is the root itself (`grogpress check` inside it, the
        // root then being the empty path) had its fonts loaded, and
        // reported, as the root's.
        let folder = |p: &std::path::Path| {
            let here = std::path::Path::new(".");
            (if p.as_os_str().is_empty() { here } else { p }).canonicalize()
        };
        let is_root = matches!(
            (folder(game_dir), folder(&self.root.dir)),
            (Ok(game), Ok(root)) if game == root
        );
        let own_fonts = !is_root && game_dir.join("fonts/fonts.toml").is_file();
        let icons_dir = game_dir.join("icons");
        let own_icons = icons_dir.is_dir();
        if !own_fonts && !own_icons {
            return Ok(None);
        }
        let mut icons = self.icons.clone();
        if own_icons {
            let confine = load::paths::Confine::new(game_dir)?;
            for icon in load::load_icons(&confine, &icons_dir, sources, diags)? {
                match icons.iter_mut().find(|i| i.name == icon.name) {
                    Some(shared) => *shared = icon,
                    None => icons.push(icon),
                }
            }
            // In name order, as the shared icons are.
            icons.sort_by(|a, b| a.name.cmp(&b.name));
        }
        let mut fonts = if own_fonts {
            let errors = diags.error_count();
            let fonts = load::load_fonts(&Root::new(game_dir), sources, diags)?;
            // Reported; the shared fonts stand in so the rest is still checked.
            if diags.error_count() > errors {
                self.fonts.clone()
            } else {
                fonts
            }
        } else {
            self.fonts.clone()
        };
        fonts.icons = icons.clone();
        Ok(Some(Assets {
            root: self.root.clone(),
            sheets: self.sheets.clone(),
            card_sizes: self.card_sizes.clone(),
            icons,
            fonts,
            faces: Default::default(),
            cards_html: Default::default(),
        }))
    }

    pub fn sheet(&self, name: &str) -> Option<&SheetTemplate> {
        self.sheets.iter().find(|s| s.matches(name))
    }

    pub fn card_size(&self, name: &str) -> Option<&CardSize> {
        self.card_sizes
            .iter()
            .find(|s| s.id.eq_ignore_ascii_case(name))
    }
}
