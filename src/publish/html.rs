//! Publish: a game's HTML rules reference — reads `templates/html/` (a game's
//! own may replace any but the script and the favicon), lays out the cards
//! of every deck the game prints on labels or as cards and its counters (the
//! same faces as the PDFs), renders the site and returns its files with the
//! font licences.

use std::path::Path;

use super::Assets;
use super::faces::DeckLayout;
use crate::layout::Item;
use crate::load::OpError;
use crate::model::{Game, HtmlContent};
use crate::render::html::{DeckFaces, HtmlTemplates, RulesText, Site, SiteFile, render_site};

/// Every file of `out/<game>/html/`, as (path relative to it, bytes); the
/// rules' figures drawn here (what cannot be drawn is left out: `check`
/// reports it).
pub fn build_html(game: &Game, assets: &Assets) -> Result<Vec<(String, Vec<u8>)>, OpError> {
    let figures = super::figures::draw_figures(game, assets, &mut Default::default())?;
    let mut files = build_html_with(game, assets, (&figures, None), &mut |_| {})?;
    link_pdfs(&mut files, &[], &game.words);
    Ok(files)
}

/// Where each page's list of the PDFs the build made goes (page.html puts
/// it in the sidebar): the pages are made while the PDFs are written, and
/// the list, with the files' sizes, is put in when they are.
const PDFS_HERE: &str = "<!--grogpress-pdfs-->";

/// The id of that list: a fragment of its own for `serve`, whose sizes
/// change with every edit while the rest of the sidebar does not.
pub const PDFS_ID: &str = "grogpress-pdfs";

/// A PDF the build wrote: the words of its link, its file name (beside the
/// html folder) and its size in bytes.
#[derive(Clone)]
pub struct BuiltPdf {
    pub label: String,
    pub file_name: String,
    pub bytes: u64,
    /// Its kind (none for the rulebook).
    pub printed: Option<super::artifact::Printed>,
}

/// Makes every link's words its own: where two PDFs share a title (a deck's
/// cards and its card list), each whose kind has words of its own gets them
/// ("Cards — card list"); any that still repeat get their file name.
pub fn tell_apart(pdfs: &mut [BuiltPdf], words: &crate::text::Words) {
    fn repeated(pdfs: &[BuiltPdf]) -> Vec<bool> {
        let labels: Vec<&str> = pdfs.iter().map(|p| p.label.as_str()).collect();
        labels
            .iter()
            .map(|l| labels.iter().filter(|m| *m == l).count() > 1)
            .collect()
    }
    let first = repeated(pdfs);
    for (pdf, repeats) in pdfs.iter_mut().zip(first) {
        if let Some(note) = pdf
            .printed
            .and_then(|kind| kind.note(words))
            .filter(|_| repeats)
        {
            pdf.label = format!("{} — {note}", pdf.label);
        }
    }
    let still = repeated(pdfs);
    for (pdf, repeats) in pdfs.iter_mut().zip(still) {
        if repeats {
            pdf.label = format!("{} ({})", pdf.label, pdf.file_name);
        }
    }
}

/// Puts the list of `pdfs` into every page of `files` where page.html
/// leaves room for it (the first such place, which is before the page's
/// own text): "Rulebook (PDF, 412 KB)", each linked to its file.
pub fn link_pdfs(files: &mut [(String, Vec<u8>)], pdfs: &[BuiltPdf], words: &crate::text::Words) {
    use crate::render::svg::escape;
    let list = if pdfs.is_empty() {
        String::new()
    } else {
        let items: String = pdfs
            .iter()
            .map(|pdf| {
                format!(
                    "<li><a href=\"../{}\">{} ({}, {})</a></li>\n",
                    escape(&pdf.file_name),
                    escape(&pdf.label),
                    escape(&words.pdf_size),
                    file_size(pdf.bytes)
                )
            })
            .collect();
        format!(
            "<ul class=\"pdfs\" id=\"{PDFS_ID}\" aria-label=\"{}\">\n{items}</ul>",
            escape(&words.pdfs)
        )
    };
    for (name, bytes) in files.iter_mut() {
        if !name.ends_with(".html") {
            continue;
        }
        let Ok(page) = std::str::from_utf8(bytes) else {
            continue;
        };
        if page.contains(PDFS_HERE) {
            *bytes = page.replacen(PDFS_HERE, &list, 1).into_bytes();
        }
    }
}

/// Whether two versions of a page differ in their list of PDFs alone
/// (as [`link_pdfs`] puts it in).
pub fn only_pdfs_differ(old: &[u8], new: &[u8]) -> bool {
    let list = |page: &[u8]| {
        let opening = format!("<ul class=\"pdfs\" id=\"{PDFS_ID}\"");
        let start = memchr::memmem::find(page, opening.as_bytes())?;
        let end = start + memchr::memmem::find(&page[start..], b"</ul>")? + "</ul>".len();
        Some((start, end))
    };
    match (list(old), list(new)) {
        (Some((a, b)), Some((c, d))) => old != new && old[..a] == new[..c] && old[b..] == new[d..],
        _ => false,
    }
}

/// A file's size as a reader says it: "412 KB", "3.4 MB" (1 KB = 1,024 bytes).
pub fn file_size(bytes: u64) -> String {
    const KB: f64 = 1024.0;
    let bytes = bytes as f64;
    if bytes < KB * KB {
        format!("{} KB", (bytes / KB).round().max(1.0))
    } else {
        format!("{:.1} MB", bytes / (KB * KB))
    }
}

/// Every file of `out/<game>/html/`, with the rules' figures drawn already;
/// `pages` is handed the pages that show the game as soon as they are made
/// (see [`render_site`]).
pub(crate) fn build_html_with(
    game: &Game,
    assets: &Assets,
    (figures, changes): (
        &super::figures::Drawn,
        Option<&super::change_marks::ChangeMarks>,
    ),
    pages: &mut dyn FnMut(&[SiteFile]),
) -> Result<Vec<(String, Vec<u8>)>, OpError> {
    let templates = read_templates(game, assets)?;
    let (decks, art) = deck_faces(game, assets)?;
    let names: Vec<String> = game
        .rules
        .iter()
        .map(|p| {
            p.path
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
        })
        .collect();
    let rules = game
        .rules
        .iter()
        .zip(&names)
        .map(|(page, name)| RulesText {
            file_name: name,
            doc: &page.doc,
        })
        .collect();
    let (mut extra, mut pictures) = super::maps::html_pages(game, assets);
    if let Some((page, more)) = super::tracks::html_page(game, assets) {
        extra.push(page);
        pictures.extend(more);
    }
    let counter_items = match super::counters::html_page(game, assets)? {
        Some((page, items)) => {
            extra.push(page);
            items
        }
        None => Vec::new(),
    };
    let (scenario_pages, scenario_items) = super::scenarios::html_pages(game, assets)?;
    extra.extend(scenario_pages);
    if let Some(marks) = changes {
        extra.push(super::html_changes::changes_page(marks, game));
    }
    let changed = changes.map(|marks| move |at: crate::diag::Loc| marks.changed_at(at));
    let site = Site {
        game,
        rules,
        decks,
        fonts: &assets.fonts,
        templates: &templates,
        lang: &game.language,
        icons: &assets.icons,
        extra: &extra,
        changed: changed
            .as_ref()
            .map(|f| f as &(dyn Fn(crate::diag::Loc) -> bool + Sync)),
        figures,
        kept: Some(&assets.cards_html),
    };
    let mut files = render_site(&site, pages)?;
    files.extend(font_licences(&assets.root.fonts())?);
    files.extend(art_copies(
        art.iter().chain(&counter_items).chain(&scenario_items),
    )?);
    files.extend(pictures);
    Ok(files)
}

fn read_templates(game: &Game, assets: &Assets) -> Result<HtmlTemplates, OpError> {
    // The script and the favicon (an SVG) are the project's own, never a
    // game's: they are active content in the reader's browser, and the
    // policy lets the site's own files run.
    let read_from = |name: &str, game_may_replace: bool| -> Result<String, OpError> {
        let own = game_may_replace.then(|| game.files.html(name)).flatten();
        match own {
            Some(HtmlContent::Text(text)) => return Ok(text.clone()),
            Some(HtmlContent::Outside(path)) => {
                return Err(OpError::new(format!(
                    "{}: path-outside-game: the HTML template leads outside the game folder; it was not read",
                    path.display()
                )));
            }
            None => {}
        }
        let path = assets.root.templates().join("html").join(name);
        if !path.is_file() {
            // The templates built into the binary.
            let built_in = format!("templates/html/{name}");
            return crate::load::embedded::file(&built_in)
                .map(|bytes| String::from_utf8_lossy(bytes).into_owned())
                .ok_or_else(|| OpError::new(format!("no HTML template {name}")));
        }
        std::fs::read_to_string(&path).map_err(|e| OpError::io("read", &path, e))
    };
    let read = |name: &str| read_from(name, true);
    Ok(HtmlTemplates {
        page: read("page.html")?,
        card: read("card.html")?,
        deck: read("deck.html")?,
        style: read("style.css")?,
        dark: read("dark.css")?,
        table: read("table.html")?,
        chart: read("chart.html")?,
        dice: read("dice.html")?,
        script: read_from("reference.js", false)?,
        favicon: read_from("favicon.svg", false)?,
        search_library: read_from("vendor/elasticlunr.min.js", false)?,
        search_library_licence: read_from("vendor/LICENSE-elasticlunr.txt", false)?,
    })
}

/// The faces of each deck printed on labels, sized as the sheet's labels, or
/// else as print-and-play cards, sized as the job's card size.
/// Problems laying them out are reported by `check`/`build` through the label
/// plan; here a card that cannot be laid out is shown as text instead.
/// With them, every picture the cards draw (one item per file).
fn deck_faces<'a>(
    game: &'a Game,
    assets: &'a Assets,
) -> Result<(Vec<DeckFaces<'a>>, Vec<Item>), OpError> {
    let mut out = Vec::new();
    let mut art = std::collections::BTreeMap::new();
    let mut note_art = |cards: &DeckLayout<'_>, count: usize| {
        for item in (0..count).flat_map(|i| cards.art_items(i)) {
            if let Item::Image(i) = &item {
                art.entry(i.image.name.clone()).or_insert(item);
            }
        }
    };
    for job in &game.publish.labels {
        let (Some(deck), Some(sheet)) =
            (game.deck(&job.deck.value), assets.sheet(&job.sheet.value))
        else {
            continue;
        };
        if out.iter().any(|d: &DeckFaces| d.deck == deck.id) {
            continue;
        }
        let Some(cards) = DeckLayout::new(game, deck, "labels", &job.layout, assets)? else {
            continue;
        };
        note_art(&cards, deck.cards.len());
        out.push(DeckFaces {
            deck: deck.id.clone(),
            width: sheet.label_width,
            height: sheet.label_height,
            radius: sheet.radius,
            face: Box::new(move |i| cards.face(i)),
        });
    }
    for job in &game.publish.cards {
        if out.iter().any(|d: &DeckFaces| d.deck == job.deck.value) {
            continue;
        }
        let size = job.size.as_ref().map_or("poker", |s| s.value.as_str());
        let (Some(deck), Some(size)) = (game.deck(&job.deck.value), assets.card_size(size)) else {
            continue;
        };
        let Some(cards) = DeckLayout::new(game, deck, "cards", &job.layout, assets)? else {
            continue;
        };
        note_art(&cards, deck.cards.len());
        out.push(DeckFaces {
            deck: deck.id.clone(),
            width: size.width,
            height: size.height,
            radius: CARD_RADIUS,
            face: Box::new(move |i| cards.face(i)),
        });
    }
    Ok((out, art.into_values().collect()))
}

/// A copy of each picture the cards and counters draw (`items`), at the
/// `art/` path their inline SVGs link to (the reference loads nothing from
/// elsewhere).
fn art_copies<'a>(
    items: impl Iterator<Item = &'a Item>,
) -> Result<Vec<(String, Vec<u8>)>, OpError> {
    let mut copies = std::collections::BTreeMap::new();
    for item in items {
        if let Item::Image(i) = item
            && !matches!(i.image.format, crate::model::ImageFormat::Svg(_))
            && !copies.contains_key(&i.image.name)
        {
            let bytes = i
                .image
                .bytes()
                .map_err(|e| OpError::io("read", &i.image.path, e))?;
            copies.insert(i.image.name.clone(), bytes);
        }
    }
    Ok(copies
        .into_iter()
        .map(|(name, bytes)| (format!("art/{name}"), bytes))
        .collect())
}

/// The corner radius of a print-and-play card drawn on the page (1/8 in).
const CARD_RADIUS: f32 = 9.0;

/// Writes a file atomically unless it already holds these bytes (the font
/// files, unchanged from one build to the next, are not rewritten).
/// The file must lie inside `folder` (the game's `html/`). True when it was written.
pub fn write_if_changed(folder: &Path, path: &Path, bytes: &[u8]) -> Result<bool, OpError> {
    if std::fs::read(path).is_ok_and(|old| old == bytes) {
        return Ok(false);
    }
    super::write_output(folder, path, bytes)?;
    Ok(true)
}

/// The licence files beside the fonts, served with them.
fn font_licences(dir: &Path) -> Result<Vec<(String, Vec<u8>)>, OpError> {
    if !dir.is_dir() {
        // The fonts built into the binary, with their licences.
        return Ok(crate::load::embedded::files_under("fonts/LICENSE")
            .into_iter()
            .map(|(path, bytes)| (path.to_string(), bytes.to_vec()))
            .collect());
    }
    let entries = std::fs::read_dir(dir).map_err(|e| OpError::io("read", dir, e))?;
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("LICENSE"))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let path = dir.join(&name);
            std::fs::read(&path)
                .map(|bytes| (format!("fonts/{name}"), bytes))
                .map_err(|e| OpError::io("read", &path, e))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::artifact::Printed;
    use super::*;

    #[test]
    fn a_page_whose_list_of_pdfs_alone_changed_is_told_from_one_whose_text_did() {
        let words = crate::text::Words::default();
        let page = |text: &str, bytes: u64| {
            let mut files = vec![(
                "p.html".to_string(),
                format!("<nav>{PDFS_HERE}</nav><main>{text}</main>").into_bytes(),
            )];
            let pdfs = [BuiltPdf {
                bytes,
                ..pdf("Cards", "cards.pdf", Printed::Labels)
            }];
            link_pdfs(&mut files, &pdfs, &words);
            files.remove(0).1
        };
        let old = page("Negates one hit.", 2048);
        assert!(only_pdfs_differ(&old, &page("Negates one hit.", 4096)));
        assert!(!only_pdfs_differ(&old, &page("Negates two hits.", 4096)));
        assert!(!only_pdfs_differ(&old, &page("Negates two hits.", 2048)));
        // The same page is not a change at all.
        assert!(!only_pdfs_differ(&old, &old));
    }

    fn pdf(label: &str, file_name: &str, printed: Printed) -> BuiltPdf {
        BuiltPdf {
            label: label.to_string(),
            file_name: file_name.to_string(),
            bytes: 1,
            printed: Some(printed),
        }
    }

    fn labels(pdfs: &[BuiltPdf]) -> Vec<&str> {
        pdfs.iter().map(|p| p.label.as_str()).collect()
    }

    #[test]
    fn a_decks_cards_and_its_card_list_are_told_apart_by_their_kind() {
        let words = crate::text::Words::default();
        let mut pdfs = vec![
            pdf("Cards", "cards.pdf", Printed::Cards),
            pdf("Cards", "cards-list.pdf", Printed::CardList),
            pdf("Charts & Tables", "charts.pdf", Printed::Charts),
        ];
        tell_apart(&mut pdfs, &words);
        assert_eq!(
            labels(&pdfs),
            ["Cards", "Cards — card list", "Charts & Tables"]
        );
    }

    #[test]
    fn a_decks_label_sheets_say_they_are_labels_and_its_game_words_are_used() {
        let words = crate::text::Words {
            pdf_labels: "Etiketten".to_string(),
            ..Default::default()
        };
        let mut pdfs = vec![
            pdf("Action cards", "action-labels.pdf", Printed::Labels),
            pdf("Action cards", "action.pdf", Printed::Cards),
        ];
        tell_apart(&mut pdfs, &words);
        assert_eq!(labels(&pdfs), ["Action cards — Etiketten", "Action cards"]);
    }

    #[test]
    fn titles_that_still_repeat_are_told_apart_by_their_file_names() {
        let words = crate::text::Words::default();
        let mut pdfs = vec![
            pdf("Aid", "a.pdf", Printed::Aid),
            pdf("Aid", "b.pdf", Printed::Aid),
        ];
        tell_apart(&mut pdfs, &words);
        assert_eq!(labels(&pdfs), ["Aid (a.pdf)", "Aid (b.pdf)"]);
    }
}
