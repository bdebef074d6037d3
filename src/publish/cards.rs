//! Publish: a deck's print-and-play output — fronts and a back laid out
//! from card templates, placed on duplex or gutterfold sheets, or one card per
//! page with bleed for a print shop.

use super::art::card_art;
use super::artifact::{PageSource, card_faces};
use super::background::background_items;
use super::faces::select_cards;
use super::images::CardImages;
use super::shops::{self, Shop, ShopFiles};
use super::tts::{TtsDeck, TtsLinks};
use super::{Assets, Body, Output, PlanOptions};
use crate::diag::{Diagnostics, Sources};
use crate::layout::{self, CardFace, Page, SheetLayout};
use crate::load::OpError;
use crate::model::{CardJob, CardSize, CardTemplate, Game};
use crate::validate::{check_template_fields, dangling, template_fits};

pub(super) fn plan_cards(
    game: &Game,
    job: &CardJob,
    assets: &Assets,
    options: &PlanOptions,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<Option<Output>, OpError> {
    let Some(deck) = game.deck(&job.deck.value) else {
        if !game.unloaded.contains(&job.deck.value) {
            diags.push(dangling(
                &job.deck,
                "deck",
                game.decks.iter().map(|d| d.id.as_str()),
            ));
        }
        return Ok(None);
    };
    let size_name = options
        .size
        .as_deref()
        .or(job.size.as_ref().map(|s| s.value.as_str()))
        .unwrap_or("poker");
    let Some(size) = assets.card_size(size_name) else {
        let known: Vec<&str> = assets.card_sizes.iter().map(|s| s.id.as_str()).collect();
        match (&options.size, &job.size) {
            (None, Some(located)) => diags.push(dangling(located, "card size", known.into_iter())),
            _ => {
                return Err(OpError::new(format!(
                    "no card size `{size_name}`; sizes: {}",
                    known.join(", ")
                )));
            }
        }
        return Ok(None);
    };
    let front = game.files.template("cards", &job.layout.value).cloned();
    let back = game.files.template("cards", &job.back.value).cloned();
    let (Some(front), Some(back)) = (front, back) else {
        return Ok(None);
    };
    check_template_fields(deck, &front, diags);
    let shop: Option<&'static Shop> = match &options.shop {
        Some(id) => {
            Some(shops::shop(id).ok_or_else(|| OpError::new(format!("no print shop `{id}`")))?)
        }
        None => options.print_shop.then_some(&shops::PRINT_SHOP),
    };
    if let Some(shop) = shop.filter(|s| s.strict) {
        let (w, h) = shop.trim;
        if (size.width - w).abs() > 0.01 || (size.height - h).abs() > 0.01 {
            return Err(OpError::new(format!(
                "the {} preset is for {} cards ({:.2} x {:.2} in), and this deck's cards are {} ({:.2} x {:.2} in); give --size {}",
                shop.name,
                shop.size,
                w / 72.0,
                h / 72.0,
                size.name.to_lowercase(),
                size.width / 72.0,
                size.height / 72.0,
                shop.size
            )));
        }
    }
    let inset = shop.map_or(0.0, |s| s.safe);
    let id = if shop.is_some() {
        "outside-safe-zone"
    } else {
        "card-too-small"
    };
    let what = format!("{} cards", size.name.to_lowercase());
    let fits = [&front, &back]
        .iter()
        .all(|t| template_fits(t, (size.width, size.height), inset, id, &what, diags));
    let preflight = shop.filter(|s| s.strict).is_none_or(|s| {
        [&front, &back]
            .iter()
            .all(|t| shops::preflight(t, s, diags))
    });
    if !fits || !preflight {
        return Ok(None);
    }
    let (Some(front_family), Some(back_family)) = (
        assets.fonts.family(&front.family),
        assets.fonts.family(&back.family),
    ) else {
        return Ok(None);
    };
    let indices = select_cards(game, deck, options.side.as_deref())?;
    let back_face =
        match layout::lay_out_back(&back, back_family, &assets.fonts, &game.name, &deck.name) {
            Ok(face) => face,
            Err(problems) => {
                problems.into_iter().for_each(|d| diags.push(d));
                return Ok(None);
            }
        };
    // Backgrounds run into the bleed where there is one, else stop at the trim.
    let bleed = shop.map_or(options.pnp.bleed, |s| s.bleed);
    let card = (size.width, size.height);
    let front_bg = background_items(&front, card, bleed, assets, diags)?;
    let mut back_bg = background_items(&back, card, bleed, assets, diags)?;
    let at_shop = shop.is_some();
    let front_art = card_art(
        game,
        &front,
        Some(deck),
        card,
        bleed,
        at_shop,
        sources,
        diags,
    )?;
    let front_memo = layout::FitMemo::default();
    let back_art = card_art(game, &back, None, card, bleed, at_shop, sources, diags)?;
    back_bg.extend(back_art.items(&back, |_| None));
    let back_face = layout::with_background(back_face, &back_bg);
    let title = format!("{} — {}", game.name, deck.name);
    let count = indices.len();
    // Per-card images need every face at once; the PDF lays them out as it goes.
    let png_shop = shop.is_some_and(|s| s.files == ShopFiles::PngPerCard);
    let images = if options.svg || options.png || options.tts || png_shop {
        let faces: Vec<CardFace> = layout::lay_out_cards(
            game,
            deck,
            &indices,
            (&front, &front_memo),
            front_family,
            &assets.fonts,
        )
        .into_iter()
        .zip(&indices)
        .filter_map(|(face, &i)| Some((face.ok()?, i)))
        .map(|(f, i)| {
            let mut under = front_bg.clone();
            under.extend(front_art.card_items(&front, deck, i));
            layout::with_background(f, &under)
        })
        .collect();
        card_images(
            (&game.id, deck),
            &indices,
            &faces,
            &back_face,
            size,
            options,
            shop,
        )
    } else {
        None
    };
    let (cards_per_part, file_name, summary) = if let Some(shop) = shop {
        let cards = if count == 1 { "card" } else { "cards" };
        let summary = if shop.strict {
            let order = match shop.files {
                ShopFiles::PdfBackFirst => "back and front",
                _ => "front and back",
            };
            let inches = format!("{:.3}", shop.bleed / 72.0);
            format!(
                "{count} {} {cards} for {}, {order}, one per page with {} in bleed",
                size.name.to_lowercase(),
                shop.name,
                inches.trim_end_matches('0')
            )
        } else {
            format!(
                "{count} {} {cards}, front and back, one per page with 1/8 in bleed",
                size.name.to_lowercase()
            )
        };
        (
            PRINT_SHOP_CARDS_AT_ONCE,
            format!("{}-{}.pdf", cards_file_stem(&deck.id), shop.id),
            summary,
        )
    } else {
        let (per_sheet, pages_per_sheet) =
            layout::pnp_sheet(size, &options.pnp).map_err(OpError::new)?;
        let (suffix, how) = match options.pnp.layout {
            SheetLayout::Duplex => (
                "",
                format!("{:?}-edge duplex", options.pnp.flip).to_lowercase(),
            ),
            SheetLayout::Gutterfold => ("-gutterfold", "gutterfold".to_string()),
        };
        (
            per_sheet * SHEETS_AT_ONCE,
            format!("{}{suffix}.pdf", cards_file_stem(&deck.id)),
            format!(
                "{count} {} {} on {}, {how}",
                size.name.to_lowercase(),
                if count == 1 { "card" } else { "cards" },
                super::counted(count.div_ceil(per_sheet) * pages_per_sheet, "page", "pages")
            ),
        )
    };
    let page_count = if shop.is_some() {
        2 * count
    } else {
        let (per_sheet, pages_per_sheet) =
            layout::pnp_sheet(size, &options.pnp).map_err(OpError::new)?;
        count.div_ceil(per_sheet) * pages_per_sheet
    };
    Ok(Some(Output {
        printed: super::artifact::Printed::Cards,
        file_name,
        summary,
        body: Body::Pages(Box::new(CardPrint {
            title,
            deck: deck.id.clone(),
            front,
            front_memo,
            front_background: front_bg,
            front_art,
            back: back_face,
            cards: indices,
            cards_per_part,
            page_count,
            size: size.clone(),
            pnp: options.pnp.clone(),
            shop: shop.copied(),
        })),
        images,
    }))
}

/// Print-and-play sheets laid out and written at a time.
const SHEETS_AT_ONCE: usize = 32;
/// Print-shop cards (two pages each) laid out and written at a time.
const PRINT_SHOP_CARDS_AT_ONCE: usize = 128;

/// A deck's cards on print-and-play sheets (or print-shop pages), laid out
/// a few sheets at a time.
struct CardPrint {
    title: String,
    deck: String,
    front: CardTemplate,
    /// The front's region texts, each fitted once.
    front_memo: layout::FitMemo,
    front_background: Vec<layout::Item>,
    front_art: layout::CardArt,
    back: CardFace,
    /// The deck's cards to print, in order.
    cards: Vec<usize>,
    /// Cards per part: whole sheets, so each part's pages stand alone.
    cards_per_part: usize,
    page_count: usize,
    size: CardSize,
    pnp: layout::PnpOptions,
    /// One card a page for this shop, instead of home-print sheets.
    shop: Option<Shop>,
}

impl PageSource for CardPrint {
    fn title(&self) -> &str {
        &self.title
    }

    fn page_count(&self) -> usize {
        self.page_count
    }

    fn bleed(&self) -> f32 {
        self.shop.map_or(0.0, |s| s.bleed)
    }

    fn parts(&self) -> usize {
        self.cards.len().div_ceil(self.cards_per_part)
    }

    fn part(
        &self,
        game: &Game,
        assets: &Assets,
        n: usize,
        diags: &mut Diagnostics,
    ) -> Result<Vec<Page>, OpError> {
        let start = (n * self.cards_per_part).min(self.cards.len());
        let end = ((n + 1) * self.cards_per_part).min(self.cards.len());
        let faces = card_faces(
            game,
            assets,
            &self.deck,
            &self.cards[start..end],
            (
                &self.front,
                &self.front_memo,
                &self.front_background,
                &self.front_art,
            ),
            diags,
        )?;
        if let Some(shop) = &self.shop {
            let back_first = shop.files == ShopFiles::PdfBackFirst;
            let pairs = (faces.into_iter())
                .map(|f| match back_first {
                    true => (self.back.clone(), f),
                    false => (f, self.back.clone()),
                })
                .collect();
            return Ok(
                layout::lay_out_print_shop(&self.title, pairs, &self.size, shop.bleed).pages,
            );
        }
        layout::lay_out_pnp(&self.title, faces, &self.back, &self.size, &self.pnp)
            .map(|doc| doc.pages)
            .map_err(OpError::new)
    }
}

/// The per-card images asked for, if any: named `NN-title` in deck order,
/// at trim size (trim plus bleed for a print shop).
fn card_images(
    (game_id, deck): (&str, &crate::model::Deck),
    indices: &[usize],
    faces: &[CardFace],
    back: &CardFace,
    size: &crate::model::CardSize,
    options: &PlanOptions,
    shop: Option<&Shop>,
) -> Option<CardImages> {
    let png_shop = shop.filter(|s| s.files == ShopFiles::PngPerCard);
    if !(options.svg || options.png || options.tts || png_shop.is_some()) {
        return None;
    }
    let bleed = shop.map_or(0.0, |s| s.bleed);
    let shift = |face: &CardFace| CardFace {
        items: face
            .items
            .iter()
            .map(|i| i.translated(bleed, bleed))
            .collect(),
    };
    let fronts = indices
        .iter()
        .zip(faces)
        .enumerate()
        .map(|(n, (&i, face))| {
            let title = crate::model::slug(&deck.card_title(i));
            (format!("{:02}-{title}", n + 1), shift(face))
        })
        .collect();
    Some(CardImages {
        dir: format!("images/{}", deck.id),
        fronts,
        back: shift(back),
        width: size.width + 2.0 * bleed,
        height: size.height + 2.0 * bleed,
        bleed,
        dpi: png_shop.map_or(options.dpi, |s| s.dpi),
        svg: options.svg,
        png: options.png || png_shop.is_some(),
        captions: indices.iter().map(|&i| caption(deck, i)).collect(),
        deck_name: deck.name.clone(),
        tts: options.tts.then(|| TtsDeck {
            name: format!("{}-{}", game_id, deck.id),
            links: match (&options.tts_url_base, options.tts_file_urls) {
                (Some(base), _) => TtsLinks::Hosted(base.clone()),
                (None, true) => TtsLinks::Files,
                (None, false) => TtsLinks::Portable,
            },
        }),
    })
}

/// A card's title, and its other fields as "Field: value" lines (what
/// Tabletop Simulator shows as the card's name and description).
fn caption(deck: &crate::model::Deck, index: usize) -> (String, String) {
    let Some(card) = deck.cards.get(index) else {
        return (String::new(), String::new());
    };
    let text = deck
        .fields
        .iter()
        .enumerate()
        .filter(|(f, _)| *f != deck.title_field)
        .filter_map(|(f, field)| Some(format!("{}: {}", field.name, deck.text(card, f)?)))
        .collect::<Vec<_>>()
        .join("\n");
    (deck.card_title(index), text)
}

/// "action" -> "action-cards"; a deck already called "cards" stays "cards".
fn cards_file_stem(deck_id: &str) -> String {
    if deck_id == "cards" {
        deck_id.to_string()
    } else {
        format!("{deck_id}-cards")
    }
}
