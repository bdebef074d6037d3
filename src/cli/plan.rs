//! CLI: from a loaded, validated game to the documents it publishes — every
//! label sheet and aid laid out (so `check` finds overflow), ready to render.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::diag::{Diagnostic, Diagnostics, Sources};
use crate::layout::{self, AidOptions, CardFace, Doc, LabelOptions, PnpOptions};
use crate::load::{self, OpError, Root};
use crate::model::{
    CardSize, CardTemplate, FieldKind, Game, Icon, LabelJob, Located, Paper, SheetTemplate,
};
use crate::render::pdf::{GlyphSet, PdfStream};
use crate::text::FontBook;

/// Shared assets: sheet templates, card sizes and fonts.
pub struct Assets {
    pub root: Root,
    pub sheets: Vec<SheetTemplate>,
    pub card_sizes: Vec<CardSize>,
    pub fonts: FontBook,
    /// `data/icons/*.svg`: die-face and inline icons.
    pub icons: Vec<Icon>,
}

impl Assets {
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
                    return Err(OpError(format!(
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
        })
    }

    /// The assets for a game with its own `fonts/fonts.toml`: its fonts in place
    /// of the shared ones. `None` when the game uses the shared fonts.
    pub fn for_game(
        &self,
        game_dir: &std::path::Path,
        sources: &mut Sources,
        diags: &mut Diagnostics,
    ) -> Result<Option<Assets>, OpError> {
        if !game_dir.join("fonts/fonts.toml").is_file() {
            return Ok(None);
        }
        let errors = diags.error_count();
        let mut fonts = load::load_fonts(&Root::new(game_dir), sources, diags)?;
        fonts.icons = self.icons.clone();
        if diags.error_count() > errors {
            // Reported; the shared fonts stand in so the rest is still checked.
            return Ok(None);
        }
        Ok(Some(Assets {
            root: self.root.clone(),
            sheets: self.sheets.clone(),
            card_sizes: self.card_sizes.clone(),
            icons: self.icons.clone(),
            fonts,
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

/// Which outputs to make and how.
#[derive(Clone, Debug, Default)]
pub struct PlanOptions {
    pub labels: bool,
    pub aids: bool,
    pub cards: bool,
    /// The HTML rules reference (`out/<game>/html/`).
    pub html: bool,
    pub deck: Option<String>,
    pub sheet: Option<String>,
    pub side: Option<String>,
    pub label: LabelOptions,
    pub pnp: PnpOptions,
    /// A card size overriding the game's (`--size`).
    pub size: Option<String>,
    /// One card per page with bleed, instead of home-print sheets.
    pub print_shop: bool,
    /// Per-card images: SVG, PNG at `dpi`, Tabletop Simulator sheets.
    pub svg: bool,
    pub png: bool,
    pub dpi: f32,
    pub tts: bool,
    /// The chart set (`charts.pdf`), on this paper (default Letter), with odds columns.
    pub charts: bool,
    pub chart_paper: Option<Paper>,
    pub odds: bool,
    /// Card-list reference sheets (`<deck>-list.pdf`).
    pub card_lists: bool,
    /// Unit counters (`counters.pdf`), `counter_size` points square (default 3/4 in).
    pub counters: bool,
    pub counter_size: Option<f32>,
    /// Paper for card lists, the units and dice sheet and counters (default Letter).
    pub paper: Option<Paper>,
    /// The PDF rulebook from the Markdown rules (`<game>-rules.pdf`).
    pub rulebook: Option<layout::RulebookOptions>,
}

impl PlanOptions {
    /// These options with the game's `[publish.options]` where the command
    /// line left them unset.
    pub fn with_game(&self, game: &crate::model::PublishOptions) -> PlanOptions {
        PlanOptions {
            odds: self.odds || game.odds,
            paper: self.paper.or(game.paper),
            chart_paper: self.chart_paper.or(game.chart_paper),
            ..self.clone()
        }
    }

    pub fn everything() -> PlanOptions {
        PlanOptions {
            labels: true,
            aids: true,
            cards: true,
            html: true,
            charts: true,
            card_lists: true,
            counters: true,
            rulebook: Some(layout::RulebookOptions::default()),
            ..PlanOptions::default()
        }
    }
}

/// A document to write, and the file name it goes to under `out/<game>/`.
pub struct Output {
    pub file_name: String,
    pub body: Body,
    pub summary: String,
    /// Card images to write beside the PDF (per-card SVG/PNG, TTS sheets).
    pub images: Option<super::images::CardImages>,
}

/// What an output holds: a laid-out document, or label sheets that are laid
/// out again page by page as they are written (a deck of 100,000 cards is
/// never held laid out whole).
pub enum Body {
    Doc(Doc),
    Labels(Box<LabelPrint>),
}

/// A deck's cards on label sheets, checked: every card laid out once (so
/// `check` reports overflow) and only the glyphs they use kept, for the
/// PDF's font subsets.
pub struct LabelPrint {
    deck: String,
    template: CardTemplate,
    background: Vec<layout::Item>,
    /// The deck's cards to print, in order (those that laid out).
    cards: Vec<usize>,
    sheets: layout::LabelSheets,
    glyphs: GlyphSet,
}

/// Label pages laid out and written at a time: enough for every core to
/// work on, few enough to stay small.
const LABEL_PAGES_AT_ONCE: usize = 64;

impl LabelPrint {
    /// Lays out pages `pages` (all for `game`, whose deck this is).
    fn pages(
        &self,
        game: &Game,
        assets: &Assets,
        pages: std::ops::Range<usize>,
    ) -> Result<Vec<layout::Page>, OpError> {
        let changed = || OpError(format!("the deck `{}` changed while printing", self.deck));
        let deck = game.deck(&self.deck).ok_or_else(changed)?;
        let family = assets
            .fonts
            .family(&self.template.family)
            .ok_or_else(changed)?;
        let (Some(first), Some(last)) = (pages.clone().next(), pages.clone().last()) else {
            return Ok(Vec::new());
        };
        let cards = self.sheets.cards_on_page(first).start..self.sheets.cards_on_page(last).end;
        let indices = self.cards.get(cards.clone()).ok_or_else(changed)?;
        let mut faces = Vec::with_capacity(indices.len());
        for face in
            layout::lay_out_cards(game, deck, indices, &self.template, family, &assets.fonts)
        {
            let face = face.map_err(|_| changed())?;
            faces.push(layout::with_background(face, &self.background));
        }
        Ok(pages
            .map(|n| {
                let on_page = self.sheets.cards_on_page(n);
                let at = on_page.start - cards.start..on_page.end - cards.start;
                self.sheets.page(n, &mut faces[at])
            })
            .collect())
    }

    /// The PDF, page by page into `out`.
    fn write_pdf(&self, game: &Game, assets: &Assets, out: &mut dyn Write) -> Result<(), OpError> {
        let nav = layout::Nav::default();
        let count = self.sheets.page_count();
        let mut pdf = PdfStream::new(
            out,
            &self.sheets.title,
            count,
            &self.glyphs,
            &nav,
            &assets.fonts,
        )
        .map_err(|e| OpError(e.to_string()))?;
        for start in (0..count).step_by(LABEL_PAGES_AT_ONCE) {
            let pages = self.pages(
                game,
                assets,
                start..(start + LABEL_PAGES_AT_ONCE).min(count),
            )?;
            pdf.pages(&pages).map_err(|e| OpError(e.to_string()))?;
        }
        pdf.finish().map_err(|e| OpError(e.to_string()))?;
        Ok(())
    }
}

impl Output {
    /// Writes the PDF to `path` in `folder` (see [`super::write_output`]) as
    /// it is made.
    pub fn write_pdf(
        &self,
        game: &Game,
        assets: &Assets,
        folder: &Path,
        path: &Path,
    ) -> Result<(), OpError> {
        super::write_output_with(folder, path, |out| match &self.body {
            Body::Doc(doc) => {
                crate::render::pdf::write_pdf_nav(out, doc, &layout::Nav::default(), &assets.fonts)
                    .map(|_| ())
                    .map_err(|e| OpError(e.to_string()))
            }
            Body::Labels(labels) => labels.write_pdf(game, assets, out),
        })
    }

    /// The whole document laid out (label sheets too), for page previews.
    pub fn doc(&self, game: &Game, assets: &Assets) -> Result<std::borrow::Cow<'_, Doc>, OpError> {
        match &self.body {
            Body::Doc(doc) => Ok(std::borrow::Cow::Borrowed(doc)),
            Body::Labels(labels) => Ok(std::borrow::Cow::Owned(Doc {
                title: labels.sheets.title.clone(),
                pages: labels.pages(game, assets, 0..labels.sheets.page_count())?,
            })),
        }
    }

    /// How many pages the PDF has.
    pub fn page_count(&self) -> usize {
        match &self.body {
            Body::Doc(doc) => doc.pages.len(),
            Body::Labels(labels) => labels.sheets.page_count(),
        }
    }
}

/// Lays out everything the game publishes; problems go to `diags`.
pub fn plan(
    game: &Game,
    assets: &Assets,
    options: &PlanOptions,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<Vec<Output>, OpError> {
    let options = &options.with_game(&game.publish.options);
    let mut outputs = Vec::new();
    if let Some(wanted) = &options.deck
        && !game.publish.labels.iter().any(|j| j.deck.value == *wanted)
        && !game.publish.cards.iter().any(|j| j.deck.value == *wanted)
    {
        let printed: Vec<&str> = game
            .publish
            .labels
            .iter()
            .map(|j| j.deck.value.as_str())
            .chain(game.publish.cards.iter().map(|j| j.deck.value.as_str()))
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        return Err(OpError(format!(
            "{} prints no deck `{wanted}`; it prints: {}",
            game.name,
            if printed.is_empty() {
                "none".to_string()
            } else {
                printed.join(", ")
            }
        )));
    }
    if options.labels {
        for job in &game.publish.labels {
            if options.deck.as_ref().is_some_and(|d| *d != job.deck.value) {
                continue;
            }
            if let Some(output) = plan_labels(game, job, assets, options, sources, diags)? {
                outputs.push(output);
            }
        }
    }
    if options.cards {
        for job in &game.publish.cards {
            if options.deck.as_ref().is_some_and(|d| *d != job.deck.value) {
                continue;
            }
            if let Some(output) =
                super::cards::plan_cards(game, job, assets, options, sources, diags)?
            {
                outputs.push(output);
            }
        }
    }
    if options.aids {
        for job in &game.publish.aids {
            let Some(aid) = game.aid(&job.aid.value) else {
                if game.unloaded.contains(&job.aid.value) {
                    continue;
                }
                diags.push(dangling(
                    &job.aid,
                    "aid",
                    game.aids.iter().map(|a| a.id.as_str()),
                ));
                continue;
            };
            let Some(family) = assets
                .fonts
                .family("sans-condensed")
                .or(assets.fonts.families.first())
            else {
                continue;
            };
            let aid_options = AidOptions {
                copies: job.copies,
                ..AidOptions::default()
            };
            match layout::lay_out_aid(game, aid, family, &assets.fonts, &aid_options) {
                Ok(doc) => outputs.push(Output {
                    file_name: format!("{}.pdf", aid.id),
                    summary: format!(
                        "{} copies of the aid on {} page",
                        job.copies,
                        doc.pages.len()
                    ),
                    body: Body::Doc(doc),
                    images: None,
                }),
                Err(problems) => problems.into_iter().for_each(|d| diags.push(d)),
            }
        }
        if let Some(output) = plan_units_and_dice(game, assets, options, diags) {
            outputs.push(output);
        }
    }
    if let Some(rulebook) = options.rulebook
        && !game.rules.is_empty()
        && game.publish.rulebook
    {
        super::rulebook::check(game, assets, rulebook, sources, diags)?;
    }
    if options.charts
        && let Some(output) = plan_charts(game, assets, options, diags)
    {
        outputs.push(output);
    }
    if options.counters
        && let Some(output) = super::counters::plan_counters(game, assets, options, diags)
    {
        outputs.push(output);
    }
    if options.card_lists {
        outputs.extend(super::card_lists::plan_card_lists(
            game, assets, options, diags,
        ));
    }
    Ok(outputs)
}

/// The units and dice reference, if the game publishes one.
fn plan_units_and_dice(
    game: &Game,
    assets: &Assets,
    options: &PlanOptions,
    diags: &mut Diagnostics,
) -> Option<Output> {
    let title = game.publish.units_and_dice.as_ref()?;
    if game.dice_combat.is_none() {
        diags.push(
            Diagnostic::error(
                "missing-field",
                "a units and dice sheet needs the game's [dice_combat]",
                Some(title.loc.clone()),
            )
            .with_hint("declare [dice_combat] in game.toml (see docs/data-format.md)"),
        );
        return None;
    }
    let family = assets
        .fonts
        .family("sans-condensed")
        .or(assets.fonts.families.first())?;
    let input = layout::UnitsDiceInput {
        game,
        title: &title.value,
        icons: &assets.icons,
        family,
        book: &assets.fonts,
        paper: options.paper.unwrap_or(Paper::LETTER),
    };
    match layout::lay_out_units_and_dice(&input) {
        // Nothing to lay out: the collections it reads did not load (already reported).
        Ok(doc) if doc.pages.is_empty() => None,
        Ok(doc) => Some(Output {
            file_name: "units-and-dice.pdf".to_string(),
            summary: format!("units and dice reference, {} page", doc.pages.len()),
            body: Body::Doc(doc),
            images: None,
        }),
        Err(problems) => {
            problems.into_iter().for_each(|d| diags.push(d));
            None
        }
    }
}

/// The chart set, when the game has charts.
fn plan_charts(
    game: &Game,
    assets: &Assets,
    options: &PlanOptions,
    diags: &mut Diagnostics,
) -> Option<Output> {
    if game.charts.is_empty() {
        return None;
    }
    let family = assets
        .fonts
        .family("sans-condensed")
        .or(assets.fonts.families.first())?;
    let chart_options = layout::ChartOptions {
        paper: options.chart_paper.unwrap_or(Paper::LETTER),
        odds: options.odds,
        ..layout::ChartOptions::default()
    };
    let title = format!("{} — Charts & Tables", game.name);
    match layout::lay_out_charts(&title, &game.charts, family, &assets.fonts, &chart_options) {
        Ok(doc) => Some(Output {
            file_name: "charts.pdf".to_string(),
            summary: format!("{} charts on {} pages", game.charts.len(), doc.pages.len()),
            body: Body::Doc(doc),
            images: None,
        }),
        Err(problems) => {
            problems.into_iter().for_each(|d| diags.push(d));
            None
        }
    }
}

pub(super) fn dangling<'a>(
    name: &crate::model::Located<String>,
    what: &str,
    known: impl Iterator<Item = &'a str>,
) -> Diagnostic {
    let known: Vec<&str> = known.collect();
    Diagnostic::error(
        "dangling-reference",
        format!("no {what} `{}`", name.value),
        Some(name.loc.clone()),
    )
    .with_hint(format!(
        "known: {}",
        if known.is_empty() {
            "none".to_string()
        } else {
            known.join(", ")
        }
    ))
}

fn plan_labels(
    game: &Game,
    job: &LabelJob,
    assets: &Assets,
    options: &PlanOptions,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<Option<Output>, OpError> {
    let Some(deck) = game.deck(&job.deck.value) else {
        if game.unloaded.contains(&job.deck.value) {
            return Ok(None);
        }
        diags.push(dangling(
            &job.deck,
            "deck",
            game.decks.iter().map(|d| d.id.as_str()),
        ));
        return Ok(None);
    };
    let sheet_name = options.sheet.as_deref().unwrap_or(&job.sheet.value);
    let Some(sheet) = assets.sheet(sheet_name) else {
        if options.sheet.is_some() {
            return Err(OpError(format!(
                "no sheet `{sheet_name}`; `grogpress sheets` lists them"
            )));
        }
        diags.push(dangling(
            &job.sheet,
            "sheet",
            assets.sheets.iter().map(|s| s.id.as_str()),
        ));
        return Ok(None);
    };
    let Some(template) = load_template(
        game,
        &assets.root,
        "labels",
        &job.layout,
        &assets.fonts,
        sources,
        diags,
    )?
    else {
        return Ok(None);
    };
    check_template_fields(deck, &template, diags);
    if !template_fits_label(&template, sheet, diags) {
        return Ok(None);
    }
    check_placement(sheet, &options.label)?;
    let Some(family) = assets.fonts.family(&template.family) else {
        return Ok(None);
    };
    let indices = select_cards(game, deck, options.side.as_deref())?;
    let label = (sheet.label_width, sheet.label_height);
    let background =
        super::background::background_items(game, &template, label, 0.0, assets, sources, diags)?;
    // Every card laid out, a batch at a time, for its problems and glyphs;
    // the faces are laid out again page by page when the PDF is written.
    let mut glyphs = GlyphSet::default();
    let mut cards = Vec::with_capacity(indices.len());
    for batch in indices.chunks(LABEL_PAGES_AT_ONCE * sheet.per_page()) {
        let faces = layout::lay_out_cards(game, deck, batch, &template, family, &assets.fonts);
        for (result, &index) in faces.into_iter().zip(batch) {
            match result {
                Ok(face) => {
                    glyphs.add(&background);
                    glyphs.add(&face.items);
                    cards.push(index);
                }
                Err(problems) => problems.into_iter().for_each(|d| diags.push(d)),
            }
        }
    }
    let title = format!("{} — {}", game.name, deck.name);
    let sheets = layout::LabelSheets::new(&title, sheet, &options.label, cards.len());
    let side = options
        .side
        .as_deref()
        .map(|s| format!("-{}", slug(s)))
        .unwrap_or_default();
    Ok(Some(Output {
        file_name: format!("{}-labels{side}.pdf", deck.id),
        summary: format!(
            "{} cards on {} sheet(s) of {}",
            cards.len() * options.label.copies.max(1),
            sheets.page_count(),
            sheet.name
        ),
        body: Body::Labels(Box::new(LabelPrint {
            deck: deck.id.clone(),
            template,
            background,
            cards,
            sheets,
            glyphs,
        })),
        images: None,
    }))
}

/// Every card of `deck` laid out on the `kind` template `layout`, for the
/// HTML reference and the rulebook: a card that cannot be laid out is `None`
/// (check and build report why), and `None` overall when the template cannot
/// be had.
pub(super) fn deck_card_faces(
    game: &Game,
    deck: &crate::model::Deck,
    kind: &str,
    layout: &Located<String>,
    assets: &Assets,
    sources: &mut Sources,
) -> Result<Option<Vec<Option<CardFace>>>, OpError> {
    let mut quiet = Diagnostics::default();
    let Some(template) = load_template(
        game,
        &assets.root,
        kind,
        layout,
        &assets.fonts,
        sources,
        &mut quiet,
    )?
    else {
        return Ok(None);
    };
    let Some(family) = assets.fonts.family(&template.family) else {
        return Ok(None);
    };
    let indices: Vec<usize> = (0..deck.cards.len()).collect();
    Ok(Some(
        layout::lay_out_cards(game, deck, &indices, &template, family, &assets.fonts)
            .into_iter()
            .map(Result::ok)
            .collect(),
    ))
}

/// A template named by a publish job: the game's own `templates/<kind>/`
/// first, then the root's, then the one built into the binary.
pub(super) fn load_template(
    game: &Game,
    root: &Root,
    kind: &str,
    id: &Located<String>,
    fonts: &FontBook,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<Option<CardTemplate>, OpError> {
    if !load::ids::is_plain(&id.value) {
        diags.push(load::ids::bad_id(
            &id.value,
            "a layout name",
            id.loc.clone(),
        ));
        return Ok(None);
    }
    let name = format!("{}.toml", id.value);
    let game_copy = game.dir.join("templates").join(kind).join(&name);
    if game_copy.symlink_metadata().is_ok()
        && load::paths::Confine::new(&game.dir)?.check(&game_copy) == load::paths::Resolved::Outside
    {
        diags.push(load::paths::outside(
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
        if load::embedded::file(&built_in).is_some() {
            if let Some((file, text, true)) =
                load::embedded::read_built_in(&built_in, sources, diags)
            {
                let families: Vec<&str> = fonts.families.iter().map(|f| f.name.as_str()).collect();
                return Ok(
                    load::load_card_template(&id.value, file, &text, &families, diags)
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
    let (file, text, ok) = load::read_source(path, sources, diags)?;
    if !ok {
        return Ok(None);
    }
    let families: Vec<&str> = fonts.families.iter().map(|f| f.name.as_str()).collect();
    Ok(
        load::load_card_template(&id.value, file, &text, &families, diags)
            .map(|t| with_source(t, kind)),
    )
}

/// Names the template by the path a user finds it at (`templates/cards/back.toml`).
fn with_source(mut template: CardTemplate, kind: &str) -> CardTemplate {
    template.source = format!("templates/{kind}/{}.toml", template.id);
    template
}

/// Every region of the template lies on the sheet's label.
fn template_fits_label(
    template: &CardTemplate,
    sheet: &SheetTemplate,
    diags: &mut Diagnostics,
) -> bool {
    let what = format!("{} labels", sheet.id);
    template_fits(
        template,
        (sheet.label_width, sheet.label_height),
        0.0,
        "label-too-small",
        &what,
        diags,
    )
}

/// Every region of the template lies within `size` (width, height) less
/// `inset` on every side; one that reaches past is an `id` diagnostic at the region.
pub(super) fn template_fits(
    template: &CardTemplate,
    size: (f32, f32),
    inset: f32,
    id: &'static str,
    what: &str,
    diags: &mut Diagnostics,
) -> bool {
    let (width, height) = size;
    let mut fits = true;
    for region in &template.regions {
        let (right, bottom) = (region.left + region.width, region.top + region.height);
        let tol = 0.01;
        if right > width - inset + tol
            || bottom > height - inset + tol
            || region.left < inset - tol
            || region.top < inset - tol
        {
            fits = false;
            let zone = if inset > 0.0 {
                format!(" and text must keep {inset:.1} pt inside the trim")
            } else {
                String::new()
            };
            diags.push(
                Diagnostic::error(
                    id,
                    format!(
                        "region `{}` of template `{}` spans ({:.1}, {:.1})-({:.1}, {:.1}) pt, but {what} are {width:.1} x {height:.1} pt{zone}",
                        region.field, template.id, region.left, region.top, right, bottom
                    ),
                    Some(region.loc.clone()),
                )
                .with_hint("move or shrink the region, or use a template made for this size"),
            );
        }
    }
    fits
}

/// `--start` must name a label of the sheet, and calibration offsets must
/// keep every label on the paper.
fn check_placement(sheet: &SheetTemplate, options: &LabelOptions) -> Result<(), OpError> {
    if options.start > sheet.per_page() {
        return Err(OpError(format!(
            "--start {}: {} has {} labels per sheet; start at 1 to {}",
            options.start,
            sheet.id,
            sheet.per_page(),
            sheet.per_page()
        )));
    }
    let (first_x, first_y) = sheet.label_origin(0);
    let (last_x, last_y) = sheet.label_origin(sheet.per_page() - 1);
    let left = first_x + options.offset_x;
    let top = first_y + options.offset_y;
    let right = last_x + sheet.label_width + options.offset_x;
    let bottom = last_y + sheet.label_height + options.offset_y;
    if left < 0.0 || top < 0.0 || right > sheet.paper.width || bottom > sheet.paper.height {
        return Err(OpError(format!(
            "the offsets ({:.1} mm, {:.1} mm) move labels of {} off the paper; printer calibration offsets are usually a few millimetres",
            options.offset_x * 25.4 / 72.0,
            options.offset_y * 25.4 / 72.0,
            sheet.id
        )));
    }
    Ok(())
}

/// A template region naming a field the deck does not declare is a mistake.
pub(super) fn check_template_fields(
    deck: &crate::model::Deck,
    template: &CardTemplate,
    diags: &mut Diagnostics,
) {
    for region in &template.regions {
        if deck.field_index(&region.field).is_none() {
            diags.push(
                Diagnostic::error(
                    "dangling-reference",
                    format!("the deck `{}` has no field `{}`", deck.id, region.field),
                    Some(region.loc.clone()),
                )
                .with_hint(deck.fields_hint()),
            );
        }
    }
}

/// The cards to print: all, or those whose side field names `side`.
pub(super) fn select_cards(
    game: &Game,
    deck: &crate::model::Deck,
    side: Option<&str>,
) -> Result<Vec<usize>, OpError> {
    let Some(side) = side else {
        return Ok((0..deck.cards.len()).collect());
    };
    let Some(wanted) = game.side(side) else {
        let names: Vec<&str> = game.sides.iter().map(|s| s.name.as_str()).collect();
        return Err(OpError(format!(
            "no side `{side}` in {}; sides: {}",
            game.name,
            names.join(", ")
        )));
    };
    let Some(field) = deck
        .fields
        .iter()
        .position(|f| f.kind == FieldKind::Ref("sides".into()))
    else {
        return Err(OpError(format!(
            "deck `{}` has no field naming a side, so --side cannot select its cards",
            deck.id
        )));
    };
    Ok((0..deck.cards.len())
        .filter(|&i| {
            deck.text(&deck.cards[i], field)
                .and_then(|v| game.side(&v))
                .is_some_and(|s| s.id == wanted.id)
        })
        .collect())
}

fn slug(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect::<String>()
        .to_lowercase()
}
