//! Render (HTML): the whole reference of one game, from the game, its
//! rules text, its laid-out cards and the templates to every file of the
//! html folder — where each card is shown (for `card:` links), every page
//! through the Tera templates (with the sidebar of pages and sections,
//! previous/next links, and a preview of each card a page links to on
//! another), the index, the whole book on one page to print, the search index, the script, the favicon, the
//! stylesheet and the font files.

mod assets;
mod links;
mod page;
mod placements;
mod print_page;
mod rule_links;
mod search_docs;

use std::collections::{BTreeMap, BTreeSet, HashSet};

use tera::{Tera, Value};

use super::data::{ShownRow, plain_text};
use super::markdown::{Heading, PageBody, UsedIds, render_markdown, unique_id};
use super::search::{DocKind, SearchDoc, search_index_js, stems};
use crate::layout::CardFace;
use crate::model::figure::FigureBook;
use crate::model::xref::{RuleBook, has_rule_links, index_entries};
use crate::model::{Game, Icon, RulesDoc, Shortcode, glossary_order, slug};
use crate::render::RenderError;
use crate::render::svg::FamiliesDrawn;
use crate::text::FontBook;
use crate::text::mentions::TableNames;
use links::{Links, term_value};
use page::{
    IndexPlace, PageContext, headings_value, index_page, map, render_page, sidebar_sections,
};
use placements::Placements;
use search_docs::search_docs;

/// The templates of `templates/html/`, as text.
pub struct HtmlTemplates {
    /// The layout of every page (index and rules pages).
    pub page: String,
    /// One card.
    pub card: String,
    /// A deck as a gallery of cards.
    pub deck: String,
    /// The stylesheet (the @font-face rules are generated and put before it).
    pub style: String,
    /// The dark colours, linked for a dark screen.
    pub dark: String,
    /// A results, random or collection table.
    pub table: String,
    /// A chart: its title and its tables.
    pub chart: String,
    /// The dice and their faces.
    pub dice: String,
    /// The script of every page (sidebar menu, search, card previews). Not
    /// a game's to replace: it runs in the reader's browser.
    pub script: String,
    /// The favicon, an SVG image.
    pub favicon: String,
    /// elasticlunr.js (minified), whose stemmer the search runs on the
    /// query, and its licence: vendored, not a game's to replace.
    pub search_library: String,
    pub search_library_licence: String,
}

/// A rules page: the name of its Markdown file and its parsed text.
pub struct RulesText<'a> {
    pub file_name: &'a str,
    pub doc: &'a RulesDoc,
}

/// The faces of a deck's cards, each laid out when the reference shows it
/// (None where a card could not be laid out: such cards are shown as text).
pub struct DeckFaces<'a> {
    pub deck: String,
    pub width: f32,
    pub height: f32,
    pub radius: f32,
    pub face: Box<dyn Fn(usize) -> Option<CardFace> + Sync + 'a>,
}

pub struct Site<'a> {
    pub game: &'a Game,
    pub rules: Vec<RulesText<'a>>,
    pub decks: Vec<DeckFaces<'a>>,
    pub fonts: &'a FontBook,
    pub templates: &'a HtmlTemplates,
    /// The language of the text, for `<html lang>`.
    pub lang: &'a str,
    /// The icons of `data/icons/`, drawn inline on die faces and in the prose.
    pub icons: &'a [Icon],
    /// Pages after the rules pages that are not rules text (a map's page).
    pub extra: &'a [super::map_page::ExtraPage],
    /// Whether the rules passage at a place changed (`--changes-since`).
    pub changed: Option<&'a (dyn Fn(crate::diag::Loc) -> bool + Sync)>,
    /// Each rules page's illustrations drawn, in order (None: not drawn).
    pub figures: &'a [Vec<Option<crate::layout::figure::FigureDrawing>>],
    /// The cards drawn by the last live build, to draw again only those
    /// that changed.
    pub kept: Option<&'a super::KeptCards>,
}

/// A file of the reference: its path relative to the html folder, and its bytes.
pub type SiteFile = (String, Vec<u8>);

/// Every file of the reference: (path relative to the html folder, bytes),
/// in a stable order; `pages` is handed the index and every page that shows
/// the rules, the cards and the game as soon as they are made, before the
/// page that prints them all, the search index and the other files (for
/// `serve`, whose reader watches one of those pages).
pub fn render_site(
    site: &Site<'_>,
    pages: &mut dyn FnMut(&[SiteFile]),
) -> Result<Vec<(String, Vec<u8>)>, RenderError> {
    let tera = compile(site.templates)?;
    if let Some(kept) = site.kept {
        kept.begin(&site.templates.card);
    }
    let mut names = page_names(&site.rules);
    let shortcodes: Vec<&[Shortcode]> = site.rules.iter().map(|r| &r.doc.shortcodes[..]).collect();
    let keys: Vec<Vec<String>> = site
        .game
        .decks
        .iter()
        .map(|d| d.card_index().keys.clone())
        .collect();
    let shown = Placements::plan(site.game, &keys, &shortcodes, &names);
    let table_names = shown.table_names();
    let glossary = &site.game.glossary;
    let term_names = TableNames::terms(
        glossary
            .iter()
            .enumerate()
            .flat_map(|(i, e)| e.forms().map(move |f| (f.value.as_str(), i))),
    );
    let mut term_ids: UsedIds = ["glossary".to_string()].into_iter().collect();
    let term_anchors: Vec<String> = glossary
        .iter()
        .map(|e| unique_id(&format!("term-{}", slug(&e.term.value)), &mut term_ids))
        .collect();

    // Every heading's anchor before any page is written, as each page
    // gives them (after the ids its cards and tables take), for `rule:` links.
    // (Only where the rules are numbered or refer to their headings.)
    let numbered = site.game.publish.options.rule_numbers;
    let rule_book = if numbered || site.rules.iter().any(|r| has_rule_links(r.doc)) {
        RuleBook::new(site.rules.iter().map(|r| r.doc), numbered)
    } else {
        RuleBook::default()
    };
    let rule_anchors: Vec<Vec<String>> = rule_book
        .pages
        .iter()
        .enumerate()
        .map(|(index, headings)| {
            let mut used: UsedIds = shown.anchors_on(index).collect();
            headings
                .iter()
                .map(|h| unique_id(&slug(&h.text), &mut used))
                .collect()
        })
        .collect();

    let figure_book = FigureBook::new(site.rules.iter().map(|r| r.doc));
    // The families the pages' pictures draw text in: those the extra
    // pages' did, and those of the pictures drawn below.
    let families = FamiliesDrawn::default();
    for page in site.extra {
        families.add(&page.families);
    }
    let mut bodies = Vec::new();
    // The terms marked for the index: (term, (page, heading, element id)).
    let mut marks: Vec<(String, IndexPlace)> = Vec::new();
    let mut rows: Vec<Vec<ShownRow>> = Vec::new();
    let mut previews: Vec<Value> = Vec::new();
    // Each rules page's large galleries' further pages: (file, title, content).
    let mut galleries: Vec<Vec<(String, String, String, String)>> = Vec::new();
    let mut term_previews: Vec<Value> = Vec::new();
    for (index, rules) in site.rules.iter().enumerate() {
        let mut links = Links {
            site,
            tera: &tera,
            keys: &keys,
            shown: &shown,
            table_names: &table_names,
            page: index,
            emitted: HashSet::new(),
            emitted_decks: HashSet::new(),
            emitted_data: HashSet::new(),
            rows: Vec::new(),
            linked: BTreeMap::new(),
            term_names: &term_names,
            term_anchors: &term_anchors,
            used_terms: BTreeSet::new(),
            rules: &rule_book,
            rule_anchors: &rule_anchors,
            index_marks: Vec::new(),
            figure_book: &figure_book,
            galleries: Vec::new(),
            families: &families,
        };
        let mut used: UsedIds = shown.anchors_on(index).collect();
        let body = render_markdown(rules.doc, &mut used, &mut links)?;
        // The cards this page links to on other pages, to preview in place.
        let linked = std::mem::take(&mut links.linked);
        let cards = linked
            .into_iter()
            .map(|(anchor, (d, c))| {
                let html = links.card_html(d, c, false)?;
                Ok(map([
                    ("anchor", Value::from(anchor)),
                    ("html", Value::from(html)),
                ]))
            })
            .collect::<Result<Vec<Value>, RenderError>>()?;
        previews.push(Value::from(cards));
        let terms: Vec<Value> = links
            .used_terms
            .iter()
            .filter_map(|&t| term_value(site, &term_anchors, t))
            .collect();
        term_previews.push(Value::from(terms));
        rows.push(links.rows);
        marks.extend(
            std::mem::take(&mut links.index_marks)
                .into_iter()
                .map(|(term, heading, id)| (term, (index, heading, id))),
        );
        galleries.push(std::mem::take(&mut links.galleries));
        bodies.push(body);
    }

    for page in site.extra {
        let mut name = page.file_name.clone();
        let mut n = 1;
        while names.contains(&name) {
            n += 1;
            name = format!("{}-{n}.html", page.file_name.trim_end_matches(".html"));
        }
        names.push(name);
        bodies.push(PageBody {
            html: page.body.html.clone(),
            headings: page.body.headings.clone(),
            sections: page.body.sections.clone(),
        });
        previews.push(Value::from(Vec::<Value>::new()));
        term_previews.push(Value::from(Vec::<Value>::new()));
        rows.push(Vec::new());
    }
    // The index of the terms the rules mark, a page after the others.
    if !marks.is_empty() {
        let body = index_page(
            index_entries(marks),
            &names,
            &bodies,
            &site.rules,
            &site.game.words.index,
        );
        let mut name = "index-of-terms.html".to_string();
        let mut n = 1;
        while names.contains(&name) {
            n += 1;
            name = format!("index-of-terms-{n}.html");
        }
        names.push(name);
        bodies.push(body);
        previews.push(Value::from(Vec::<Value>::new()));
        term_previews.push(Value::from(Vec::<Value>::new()));
        rows.push(Vec::new());
    }
    let titles: Vec<String> = bodies
        .iter()
        .zip(
            site.rules
                .iter()
                .map(|r| r.file_name)
                .chain(site.extra.iter().map(|p| p.title.as_str()))
                .chain(std::iter::once(site.game.words.index.as_str())),
        )
        .map(|(b, fallback)| {
            b.headings
                .first()
                .map_or_else(|| fallback.to_string(), Heading::numbered)
        })
        .collect();
    let pages_value = |current: Option<usize>| -> Value {
        Value::from(
            names
                .iter()
                .enumerate()
                .map(|(i, name)| {
                    let sections = if current == Some(i) {
                        sidebar_sections(&bodies[i].headings)
                    } else {
                        Value::from(Vec::<Value>::new())
                    };
                    map([
                        ("href", Value::from(name.as_str())),
                        ("title", Value::from(titles[i].as_str())),
                        ("current", Value::from(current == Some(i))),
                        ("headings", headings_value(&bodies[i].headings)),
                        ("sections", sections),
                    ])
                })
                .collect::<Vec<_>>(),
        )
    };

    // The whole book on one page, to print (after every other page).
    let mut print_name = "print.html".to_string();
    let mut n = 1;
    while names.contains(&print_name) {
        n += 1;
        print_name = format!("print-{n}.html");
    }
    let mut files = Vec::new();
    let index_html = render_page(
        &tera,
        site,
        PageContext {
            file: "index.html".to_string(),
            title: site.game.name.clone(),
            pages: pages_value(None),
            headings: Vec::new(),
            content: String::new(),
            is_index: true,
            prev: None,
            next: names.first().map(|n| (n.clone(), titles[0].clone())),
            previews: Value::from(Vec::<Value>::new()),
            // Listed in the glossary's order, as the PDF lists them.
            terms: Value::from(
                glossary_order(glossary)
                    .into_iter()
                    .filter_map(|t| term_value(site, &term_anchors, t))
                    .collect::<Vec<_>>(),
            ),
            print_href: print_name.clone(),
        },
    )?;
    files.push(("index.html".to_string(), index_html.into_bytes()));
    for (i, body) in bodies.iter().enumerate() {
        let prev = if i == 0 {
            Some(("index.html".to_string(), site.game.words.contents.clone()))
        } else {
            Some((names[i - 1].clone(), titles[i - 1].clone()))
        };
        let next = names.get(i + 1).map(|n| (n.clone(), titles[i + 1].clone()));
        let html = render_page(
            &tera,
            site,
            PageContext {
                file: names[i].clone(),
                title: titles[i].clone(),
                pages: pages_value(Some(i)),
                headings: body.headings.clone(),
                content: body.html.clone(),
                is_index: false,
                prev,
                next,
                previews: previews
                    .get(i)
                    .cloned()
                    .unwrap_or_else(|| Value::from(Vec::<Value>::new())),
                terms: term_previews
                    .get(i)
                    .cloned()
                    .unwrap_or_else(|| Value::from(Vec::<Value>::new())),
                print_href: print_name.clone(),
            },
        )?;
        files.push((names[i].clone(), html.into_bytes()));
        for (file, title, content, _) in galleries.get(i).into_iter().flatten() {
            let html = render_page(
                &tera,
                site,
                PageContext {
                    file: file.clone(),
                    title: title.clone(),
                    pages: pages_value(Some(i)),
                    headings: Vec::new(),
                    content: content.clone(),
                    is_index: false,
                    prev: Some((names[i].clone(), titles[i].clone())),
                    next: None,
                    previews: Value::from(Vec::<Value>::new()),
                    terms: Value::from(Vec::<Value>::new()),
                    print_href: print_name.clone(),
                },
            )?;
            files.push((file.clone(), html.into_bytes()));
        }
    }
    pages(&files);
    let mut print_ids = HashSet::new();
    let whole_book: String = bodies
        .iter()
        .enumerate()
        .map(|(i, b)| {
            // A large gallery's further pages print after its rules page.
            let more: String = galleries
                .get(i)
                .into_iter()
                .flatten()
                .map(|(_, _, _, cards)| cards.as_str())
                .collect();
            format!(
                "<div class=\"print-page\">\n{}</div>\n",
                print_page::unique_ids(&format!("{}{more}", b.html), &mut print_ids, i + 1)
            )
        })
        .collect();
    let print_html = render_page(
        &tera,
        site,
        PageContext {
            file: print_name.clone(),
            title: site.game.name.clone(),
            pages: pages_value(None),
            headings: Vec::new(),
            content: whole_book,
            is_index: false,
            prev: None,
            next: None,
            previews: Value::from(Vec::<Value>::new()),
            terms: Value::from(Vec::<Value>::new()),
            print_href: print_name.clone(),
        },
    )?;
    files.push((print_name, print_html.into_bytes()));
    let mut docs = search_docs(site.game, &shown, &names, &titles, &bodies, &rows);
    for (entry, anchor) in glossary.iter().zip(&term_anchors) {
        let mut text: Vec<String> = entry.aliases.iter().map(|a| a.value.clone()).collect();
        text.push(plain_text(&entry.definition.value));
        docs.push(SearchDoc {
            kind: DocKind::Term,
            title: entry.term.value.clone(),
            context: site.game.words.glossary.clone(),
            href: format!("index.html#{anchor}"),
            text: text.join(" "),
            number: String::new(),
        });
    }
    files.push((
        "search-index.js".to_string(),
        search_index_js(&docs, stems(site.lang)).into_bytes(),
    ));
    let assets = assets::asset_files(site, &families);
    files.extend(assets);
    Ok(files)
}

fn compile(templates: &HtmlTemplates) -> Result<Tera, RenderError> {
    let mut tera = Tera::new();
    tera.add_raw_templates([
        ("page.html", templates.page.as_str()),
        ("card.html", templates.card.as_str()),
        ("deck.html", templates.deck.as_str()),
        ("table.html", templates.table.as_str()),
        ("chart.html", templates.chart.as_str()),
        ("dice.html", templates.dice.as_str()),
    ])
    .map_err(|e| RenderError::Template {
        file: None,
        message: e.to_string(),
    })?;
    Ok(tera)
}

/// `rules/action-cards.md` → `action-cards.html`; never `index.html`, never twice.
fn page_names(rules: &[RulesText<'_>]) -> Vec<String> {
    let mut used: UsedIds = ["index".to_string(), "style".to_string()]
        .into_iter()
        .collect();
    rules
        .iter()
        .map(|r| {
            let stem = std::path::Path::new(r.file_name)
                .file_stem()
                .map(|s| slug(&s.to_string_lossy()))
                .unwrap_or_default();
            let stem = if stem == "index" || stem == "style" {
                format!("{stem}-page")
            } else {
                stem
            };
            format!("{}.html", unique_id(&stem, &mut used))
        })
        .collect()
}
