//! Publish: a game's rulebook PDF — what its shortcodes show resolved against the
//! game's data (cards laid out from the game's templates as they print: on
//! labels if the game prints the deck on labels, else as cards; charts,
//! random tables and collections as ruled-table specs; dice and their faces),
//! the Markdown rules typeset around them, written to
//! `out/<game>/<game>-rules.pdf` with bookmarks and links.

use std::path::Path;

use super::Assets;
use super::change_marks::ChangeMarks;
use super::faces::deck_card_faces;
use crate::diag::{Diagnostic, Diagnostics};
use crate::layout::figure::FigureDrawing;
use crate::layout::{
    CardFace, Die, Figure, Figures, Gallery, Rulebook, RulebookInput, RulebookOptions,
    RulebookText, block_specs_in, collection_spec, lay_out_rulebook, random_table_spec,
};
use crate::load::OpError;
use crate::model::{FieldKind, FieldValue, Game, Shortcode};

/// A deck's cards laid out as they print, with their size and corner radius.
pub(super) struct DeckCards {
    pub(super) id: String,
    pub(super) size: (f32, f32, f32),
    pub(super) faces: Vec<Option<CardFace>>,
}

struct GameFigures<'a> {
    game: &'a Game,
    decks: Vec<DeckCards>,
    /// The rules' illustrations drawn, page by page.
    illustrations: &'a super::figures::Drawn,
    /// What changed since the version change bars are against.
    changes: Option<&'a ChangeMarks>,
}

impl Figures for GameFigures<'_> {
    fn shown_tables(&self, code: &Shortcode) -> Vec<(String, String)> {
        crate::model::shown_tables(self.game, code)
    }

    fn illustration(&self, page: usize, figure: usize) -> Option<&FigureDrawing> {
        self.illustrations.get(page)?.get(figure)?.as_ref()
    }

    fn changed(&self, at: crate::diag::Loc) -> bool {
        self.changes.is_some_and(|c| c.changed_at(at))
    }

    fn changed_words(&self, at: crate::diag::Loc) -> Option<crate::layout::ChangedWords> {
        self.changes.and_then(|c| c.changed_words(at))
    }

    fn figure(&self, code: &Shortcode) -> Option<Figure> {
        match code.name.as_str() {
            "card" | "deck" => self.gallery(code).map(Figure::Cards),
            "table" => self.table(&code.args.first()?.value),
            "collection" => {
                let c = self.game.collection(&code.args.first()?.value)?;
                Some(Figure::Tables {
                    title: None,
                    specs: vec![collection_spec(self.game, c)],
                    anchors: Vec::new(),
                })
            }
            "dice" => self.dice(code).map(Figure::Dice),
            _ => None,
        }
    }
}

impl GameFigures<'_> {
    /// A chart (its title and rule over its blocks' tables, results with their
    /// odds) or a random table.
    fn table(&self, id: &str) -> Option<Figure> {
        if let Some(chart) = self.game.charts.iter().find(|c| c.id == id) {
            let title = match &chart.rule {
                Some(rule) => format!("{} ({})", chart.title, rule.value),
                None => chart.title.clone(),
            };
            // Each block's first table carries the block's anchor, as in the HTML.
            let chart_anchor = format!("table-{}", crate::model::slug(id));
            let mut specs = Vec::new();
            let mut anchors = Vec::new();
            for block in &chart.blocks {
                if let Some(anchor) = crate::model::block_anchor(&chart_anchor, block) {
                    anchors.push((specs.len(), anchor));
                }
                specs.extend(block_specs_in(block, Some(&self.game.words)));
            }
            return Some(Figure::Tables {
                title: Some(title),
                specs,
                anchors,
            });
        }
        if let Some(alone) = crate::model::block_alone(self.game, id) {
            // The block's own title bar (with its rule) heads it.
            return Some(Figure::Tables {
                title: None,
                specs: alone
                    .blocks
                    .iter()
                    .flat_map(|b| block_specs_in(b, Some(&self.game.words)))
                    .collect(),
                anchors: Vec::new(),
            });
        }
        let t = self.game.random_tables.iter().find(|t| t.id == id)?;
        Some(Figure::Tables {
            title: None,
            specs: vec![random_table_spec(t, &self.game.words)],
            anchors: Vec::new(),
        })
    }

    /// The dice of a `dice("collection", "field")` shortcode: each die's
    /// name, the named field's value (if any) and faces.
    fn dice(&self, code: &Shortcode) -> Option<Vec<Die>> {
        let dice = self.game.collection(&code.args.first()?.value)?;
        let note = code.args.get(1).map(|a| a.value.as_str());
        let faces_at = dice
            .fields
            .iter()
            .position(|f| matches!(f.kind, FieldKind::Faces { .. }));
        Some(
            dice.cards
                .iter()
                .map(|die| Die {
                    name: dice.item_ref(die).name,
                    note: note.and_then(|field| dice.get(die, field)),
                    faces: match faces_at
                        .and_then(|i| die.values.get(i))
                        .and_then(|v| v.as_ref())
                        .map(|v| &v.value)
                    {
                        Some(FieldValue::List(list)) => {
                            list.iter().map(|f| f.value.clone()).collect()
                        }
                        _ => Vec::new(),
                    },
                })
                .collect(),
        )
    }

    /// The cards of a `card` or `deck` shortcode.
    fn gallery(&self, code: &Shortcode) -> Option<Gallery> {
        let arg = code.args.first()?;
        let (deck_id, card_key) = match code.name.as_str() {
            "deck" => (arg.value.as_str(), None),
            "card" => {
                let (d, c) = arg.value.split_once('/')?;
                (d, Some(c))
            }
            _ => return None,
        };
        let deck = self.game.deck(deck_id)?;
        let cards = self.decks.iter().find(|d| d.id == deck.id)?;
        let indices: Vec<usize> = match card_key {
            None => (0..deck.cards.len()).collect(),
            Some(key) => vec![deck.card_index().find(key)?],
        };
        Some(Gallery {
            size: cards.size,
            // `{{ deck("x", "full") }}` and a single card: as they print.
            full_size: card_key.is_some() || code.args.get(1).is_some_and(|a| a.value == "full"),
            cards: indices
                .into_iter()
                .filter_map(|i| {
                    let mut face = cards.faces.get(i)?.clone()?;
                    let key = deck.card_index().keys.get(i);
                    if let (Some(changes), Some(key)) = (self.changes, key)
                        && changes.card(&deck.id, key)
                    {
                        super::change_marks::mark_card(&mut face, cards.size.0);
                    }
                    Some((deck.card_title(i), face))
                })
                .collect(),
        })
    }
}

/// Lays out the game's rulebook; data problems come back as diagnostics.
/// `illustrations` are the rules' figures drawn ([`super::figures::draw_figures`]).
pub(crate) fn lay_out(
    game: &Game,
    assets: &Assets,
    options: RulebookOptions,
    illustrations: &super::figures::Drawn,
    changes: Option<&ChangeMarks>,
) -> Result<Result<Rulebook, Vec<Diagnostic>>, OpError> {
    let decks = deck_cards(game, assets)?;
    let figures = GameFigures {
        game,
        decks,
        illustrations,
        changes,
    };
    // A family the fonts lack was reported when the game was loaded.
    let (Some(family), Some(figure_family)) = (assets.rules_family(game), assets.text_family(game))
    else {
        return Ok(Err(Vec::new()));
    };
    let input = RulebookInput {
        title: &game.name,
        subtitle: game.subtitle.as_deref(),
        copyright: &game.copyright,
        pages: game
            .rules
            .iter()
            .map(|p| RulebookText {
                file: p.file,
                doc: &p.doc,
            })
            .collect(),
        family,
        figure_family,
        book: &assets.fonts,
        figures: &figures,
        icons: &assets.icons,
        glossary: &game.glossary,
        options,
        lang: &game.language,
        words: &game.words,
    };
    Ok(lay_out_rulebook(&input))
}

/// Whether the game publishes a rulebook at all.
pub(crate) fn publishes(game: &Game) -> bool {
    game.publish.rulebook && !game.rules.is_empty()
}

/// `check`: lays the rulebook out so its problems are reported with the game's.
pub(crate) fn check(
    game: &Game,
    assets: &Assets,
    options: RulebookOptions,
    illustrations: &super::figures::Drawn,
    diags: &mut Diagnostics,
) -> Result<(), OpError> {
    if let Err(problems) = lay_out(game, assets, options, illustrations, None)? {
        problems.into_iter().for_each(|d| diags.push(d));
    }
    Ok(())
}

/// The rulebook's file name in `out/<game>/`: `<game>-rules.pdf`.
pub fn rulebook_file(game_id: &str) -> String {
    format!("{game_id}-rules.pdf")
}

/// Writes `<out>/<game>/<game>-rules.pdf`; returns its path and page count
/// (None when the game has no rules pages or the rulebook has problems).
pub fn write(
    game: &Game,
    assets: &Assets,
    options: RulebookOptions,
    out: &Path,
) -> Result<Option<(std::path::PathBuf, usize)>, OpError> {
    if !publishes(game) {
        return Ok(None);
    }
    let mut problems = Diagnostics::default();
    let illustrations = super::figures::draw_figures(game, assets, &mut problems)?;
    if problems.has_errors() {
        return Ok(None);
    }
    let Ok(book) = lay_out(game, assets, options, &illustrations, None)? else {
        return Ok(None);
    };
    write_laid_out(game, &book, assets, out, None, &mut |_| {}).map(Some)
}

/// Writes a rulebook laid out already (`build` lays it out while the other
/// documents are written, to know its problems before any file is put in
/// place), and with `previews` a PNG of every page too (`serve`); its path
/// and page count.
pub(crate) fn write_laid_out(
    game: &Game,
    book: &Rulebook,
    assets: &Assets,
    out: &Path,
    previews: Option<(&Path, &super::preview::Previews)>,
    on_preview: &mut dyn FnMut(std::path::PathBuf),
) -> Result<(std::path::PathBuf, usize), OpError> {
    let bytes = crate::render::pdf::render_pdf_nav(&book.doc, &book.nav, &assets.fonts)?;
    let name = rulebook_file(&game.id);
    let folder = game.out_folder(out);
    let path = folder.join(&name);
    super::write_output(&folder, &path, &bytes)?;
    if let Some((dir, previews)) = previews {
        super::preview::write_page_previews(
            &book.doc,
            &name,
            dir,
            &assets.fonts,
            previews,
            on_preview,
        )?;
    }
    Ok((path, book.doc.pages.len()))
}

/// The faces of each deck: from its label job if it has one, else its card job.
/// A card that cannot be laid out is left out here (the label or card plan reports it).
pub(super) fn deck_cards(game: &Game, assets: &Assets) -> Result<Vec<DeckCards>, OpError> {
    let mut out: Vec<DeckCards> = Vec::new();
    let labels = game.publish.labels.iter().filter_map(|job| {
        let sheet = assets.sheet(&job.sheet.value)?;
        Some((
            &job.deck,
            &job.layout,
            "labels",
            (sheet.label_width, sheet.label_height, sheet.radius),
        ))
    });
    let cards = game.publish.cards.iter().filter_map(|job| {
        let size = assets.card_size(job.size.as_ref().map_or("poker", |s| s.value.as_str()))?;
        Some((
            &job.deck,
            &job.layout,
            "cards",
            (size.width, size.height, 9.0),
        ))
    });
    let jobs: Vec<_> = labels.chain(cards).collect();
    for (deck_id, layout, kind, size) in jobs {
        let Some(deck) = game.deck(&deck_id.value) else {
            continue;
        };
        if out.iter().any(|d| d.id == deck.id) {
            continue;
        }
        let Some(faces) = deck_card_faces(game, deck, kind, layout, assets)? else {
            continue;
        };
        out.push(DeckCards {
            id: deck.id.clone(),
            size,
            faces,
        });
    }
    Ok(out)
}
