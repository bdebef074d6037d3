//! Render (HTML): the whole reference of one game — where each card is shown
//! (for `card:` links), every page through the Tera templates (with the
//! sidebar of pages and sections, previous/next links, and a preview of each
//! card a page links to on another), the index, the search index, the
//! script, the favicon, the stylesheet and the font files.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use tera::{Context, Tera, Value};

use super::HtmlError;
use super::data::{DataSource, ShownRow, data_shortcode, field_heading, plain_text, rich_html};
use super::markdown::{Heading, PageBody, PageLinks, UsedIds, render_markdown, unique_id};
use super::search::{DocKind, SearchDoc, search_index_js};
use crate::layout::{CardFace, Item};
use crate::model::figure::{FigureBook, figure_anchor};
use crate::model::xref::{RuleBook, has_rule_links, index_entries};
use crate::model::{
    Deck, FieldKind, Game, Icon, RulesDoc, Shortcode, data_anchor, glossary_order, shown_tables,
    slug,
};
use crate::render::svg::{CardSvg, card_svg, css_family, escape};
use crate::text::FontBook;
use crate::text::mentions::TableNames;

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
    /// Each rules page's illustrations drawn, in order (None: not drawn).
    pub figures: &'a [Vec<Option<crate::layout::figure::FigureDrawing>>],
}

/// Every file of the reference: (path relative to the html folder, bytes), in a stable order.
pub fn render_site(site: &Site<'_>) -> Result<Vec<(String, Vec<u8>)>, HtmlError> {
    let tera = compile(site.templates)?;
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
    let mut bodies = Vec::new();
    // The terms marked for the index: (term, (page, heading, element id)).
    let mut marks: Vec<(String, IndexPlace)> = Vec::new();
    let mut rows: Vec<Vec<ShownRow>> = Vec::new();
    let mut previews: Vec<Value> = Vec::new();
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
        };
        let mut used: UsedIds = shown.anchors_on(index).collect();
        let body = render_markdown(rules.doc, &mut used, &mut links).map_err(HtmlError)?;
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
            .collect::<Result<Vec<Value>, String>>()
            .map_err(HtmlError)?;
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

    let mut files = Vec::new();
    let index_html = render_page(
        &tera,
        site,
        PageContext {
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
            },
        )?;
        files.push((names[i].clone(), html.into_bytes()));
    }
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
        });
    }
    files.push((
        "search-index.js".to_string(),
        search_index_js(&docs).into_bytes(),
    ));
    files.push((
        "reference.js".to_string(),
        site.templates.script.clone().into_bytes(),
    ));
    files.push((
        "favicon.svg".to_string(),
        site.templates.favicon.clone().into_bytes(),
    ));
    let mut style = font_faces_css(site.fonts);
    style.push_str(&site.templates.style);
    files.push(("style.css".to_string(), style.into_bytes()));
    let mut written = HashSet::new();
    for face in site.fonts.faces.iter() {
        let name = font_file_name(&face.name);
        if written.insert(name.clone()) {
            files.push((name, face.data.as_ref().clone()));
        }
    }
    Ok(files)
}

fn compile(templates: &HtmlTemplates) -> Result<Tera, HtmlError> {
    let mut tera = Tera::new();
    tera.add_raw_templates([
        ("page.html", templates.page.as_str()),
        ("card.html", templates.card.as_str()),
        ("deck.html", templates.deck.as_str()),
        ("table.html", templates.table.as_str()),
        ("chart.html", templates.chart.as_str()),
        ("dice.html", templates.dice.as_str()),
    ])
    .map_err(|e| HtmlError(format!("templates/html: {e}")))?;
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

/// Where each card is shown: its anchor on every page that shows it, and the
/// first place each title is shown (what `card:` links point at).
struct Placements {
    /// (page, deck, card) → anchor id on that page.
    anchors: BTreeMap<(usize, usize, usize), String>,
    /// (page, deck) → anchor id of the deck's gallery on that page.
    deck_anchors: BTreeMap<(usize, usize), String>,
    /// (page, anchor) of each data shortcode (table, collection, dice) shown.
    data_anchors: BTreeMap<(usize, String), ()>,
    /// card title → its first showing: (page, anchor, deck, card).
    by_title: HashMap<String, (usize, String, usize, usize)>,
    /// lower-cased title → the first (in sorted order) title shown with it.
    by_lower: HashMap<String, String>,
    /// Each table shown (chart, chart block, random table, collection): its
    /// title and the (page, anchor) of every showing, in page order.
    tables: Vec<(String, Vec<(usize, String)>)>,
    names: Vec<String>,
}

impl Placements {
    fn plan(
        game: &Game,
        keys: &[Vec<String>],
        shortcodes: &[&[Shortcode]],
        names: &[String],
    ) -> Placements {
        let mut anchors = BTreeMap::new();
        let mut deck_anchors = BTreeMap::new();
        let mut by_title = HashMap::new();
        let mut data_anchors = BTreeMap::new();
        let mut tables: Vec<(String, Vec<(usize, String)>)> = Vec::new();
        let mut table_at: HashMap<String, usize> = HashMap::new();
        for (page, codes) in shortcodes.iter().enumerate() {
            for code in codes.iter() {
                if let Some(anchor) = data_anchor(code) {
                    data_anchors.insert((page, anchor), ());
                }
                for (title, anchor) in shown_tables(game, code) {
                    data_anchors.insert((page, anchor.clone()), ());
                    match table_at.get(&anchor) {
                        Some(&t) => tables[t].1.push((page, anchor)),
                        None => {
                            table_at.insert(anchor.clone(), tables.len());
                            tables.push((title, vec![(page, anchor)]));
                        }
                    }
                }
                if let ("deck", Some(arg)) = (code.name.as_str(), code.args.first())
                    && let Some(d) = game.decks.iter().position(|d| d.id == arg.value)
                {
                    deck_anchors
                        .entry((page, d))
                        .or_insert_with(|| format!("deck-{}", slug(&arg.value)));
                }
                for (d, c) in cards_of(game, code) {
                    let deck = &game.decks[d];
                    let anchor = format!("card-{}-{}", slug(&deck.id), keys[d][c]);
                    anchors
                        .entry((page, d, c))
                        .or_insert_with(|| anchor.clone());
                    by_title
                        .entry(deck.card_title(c))
                        .or_insert((page, anchor, d, c));
                }
            }
        }
        let mut titles: Vec<&String> = by_title.keys().collect();
        titles.sort();
        let mut by_lower = HashMap::new();
        for title in titles {
            by_lower
                .entry(title.to_lowercase())
                .or_insert_with(|| title.clone());
        }
        Placements {
            anchors,
            deck_anchors,
            data_anchors,
            by_title,
            by_lower,
            tables,
            names: names.to_vec(),
        }
    }

    /// The names of the tables shown, to find in the prose.
    fn table_names(&self) -> TableNames {
        TableNames::new(
            self.tables
                .iter()
                .enumerate()
                .map(|(i, (title, _))| (title.as_str(), i)),
        )
    }

    /// Where a mention of table `table` on `page` links: its showing on that
    /// page, else its first.
    fn table_href(&self, table: usize, page: usize) -> Option<String> {
        let shown = &self.tables.get(table)?.1;
        let (on, anchor) = shown.iter().find(|(p, _)| *p == page).or(shown.first())?;
        Some(if *on == page {
            format!("#{anchor}")
        } else {
            format!("{}#{anchor}", self.names[*on])
        })
    }

    fn anchors_on(&self, page: usize) -> impl Iterator<Item = String> + '_ {
        let cards = self.anchors.range((page, 0, 0)..(page + 1, 0, 0));
        let decks = self.deck_anchors.range((page, 0)..(page + 1, 0));
        let data = self
            .data_anchors
            .range((page, String::new())..(page + 1, String::new()))
            .map(|((_, a), _)| a);
        cards
            .map(|(_, a)| a)
            .chain(decks.map(|(_, a)| a))
            .chain(data)
            .cloned()
    }
}

/// The (deck, card) pairs a shortcode shows, in order.
fn cards_of(game: &Game, code: &Shortcode) -> Vec<(usize, usize)> {
    let Some(arg) = code.args.first() else {
        return Vec::new();
    };
    match code.name.as_str() {
        "deck" => game
            .decks
            .iter()
            .position(|d| d.id == arg.value)
            .map(|d| (0..game.decks[d].cards.len()).map(|c| (d, c)).collect())
            .unwrap_or_default(),
        "card" => {
            let Some((deck_id, key)) = arg.value.split_once('/') else {
                return Vec::new();
            };
            let Some(d) = game.decks.iter().position(|d| d.id == deck_id) else {
                return Vec::new();
            };
            game.decks[d]
                .card_index()
                .find(key)
                .map(|c| vec![(d, c)])
                .unwrap_or_default()
        }
        _ => Vec::new(),
    }
}

struct Links<'a> {
    site: &'a Site<'a>,
    tera: &'a Tera,
    keys: &'a [Vec<String>],
    shown: &'a Placements,
    table_names: &'a TableNames,
    page: usize,
    /// Cards already drawn with their id on this page (an id is used once).
    emitted: HashSet<(usize, usize)>,
    /// Decks already shown with their id on this page.
    emitted_decks: HashSet<usize>,
    /// Anchors of data shortcodes already used on this page.
    emitted_data: HashSet<String>,
    /// The table rows shown on this page with their anchors.
    rows: Vec<ShownRow>,
    /// The cards linked from this page and shown on another: anchor → (deck, card).
    linked: BTreeMap<String, (usize, usize)>,
    /// The glossary's terms and their aliases, to find in the prose.
    term_names: &'a TableNames,
    /// Each term's anchor in the index's glossary.
    term_anchors: &'a [String],
    /// The terms this page marks, to give each its definition on the page.
    used_terms: BTreeSet<usize>,
    /// The rules' headings and their numbers, for `rule:` links.
    rules: &'a RuleBook,
    /// Each page's headings' anchors (those [`RuleBook`] has, in order).
    rule_anchors: &'a [Vec<String>],
    /// The terms this page marks for the index: (term, heading, element id).
    index_marks: Vec<(String, Option<usize>, String)>,
    /// The rules' figures and their numbers, for `figure:` links.
    figure_book: &'a FigureBook,
}

/// Where a term is marked for the index: the page, the heading it is
/// under (None: before the first) and the mark's element id.
type IndexPlace = (usize, Option<usize>, String);

/// The index page: each term the rules mark, in alphabetical order, with a
/// link to every place that marks it, named by the section it is in (or
/// its page).
fn index_page(
    entries: Vec<(String, Vec<IndexPlace>)>,
    names: &[String],
    bodies: &[PageBody],
    rules: &[RulesText<'_>],
    title: &str,
) -> PageBody {
    let anchor = "index-of-terms";
    let mut html = format!(
        "<h1 id=\"{anchor}\">{}</h1>\n<dl class=\"term-index\">\n",
        escape(title)
    );
    let mut words = Vec::new();
    for (term, places) in entries {
        let links: Vec<String> = places
            .iter()
            .filter_map(|(page, heading, id)| {
                let headings = &bodies.get(*page)?.headings;
                let section = match heading.and_then(|h| headings.get(h)) {
                    Some(h) => h.numbered(),
                    None => headings.first().map_or_else(
                        || rules.get(*page).map_or("", |r| r.file_name).to_string(),
                        |h| h.text.clone(),
                    ),
                };
                Some(format!(
                    "<a href=\"{}#{}\">{}</a>",
                    escape(names.get(*page)?),
                    escape(id),
                    escape(&section)
                ))
            })
            .collect();
        html.push_str(&format!(
            "<dt>{}</dt><dd>{}</dd>\n",
            escape(&term),
            links.join(", ")
        ));
        words.push(term);
    }
    html.push_str("</dl>\n");
    PageBody {
        html,
        headings: vec![Heading {
            level: 1,
            text: title.to_string(),
            anchor: anchor.to_string(),
            number: None,
        }],
        sections: vec![(Some(0), words.join(" "))],
    }
}

/// A glossary term for the templates: its anchor, the term, its aliases and
/// its definition as HTML.
fn term_value(site: &Site<'_>, anchors: &[String], term: usize) -> Option<Value> {
    let entry = site.game.glossary.get(term)?;
    let aliases: Vec<Value> = entry
        .aliases
        .iter()
        .map(|a| Value::from(a.value.as_str()))
        .collect();
    Some(map([
        ("anchor", Value::from(anchors.get(term)?.as_str())),
        ("term", Value::from(entry.term.value.as_str())),
        ("aliases", Value::from(aliases)),
        (
            "html",
            Value::from(rich_html(&entry.definition.value, site.icons)),
        ),
    ]))
}

impl PageLinks for Links<'_> {
    fn rule_number(&self, heading: usize) -> Option<String> {
        self.rules.number((self.page, heading)).map(str::to_string)
    }

    fn index_mark(&mut self, term: &str, heading: Option<usize>, id: &str) {
        self.index_marks
            .push((term.to_string(), heading, id.to_string()));
    }

    fn illustration(&mut self, figure: usize) -> Option<String> {
        let spec = self.site.rules.get(self.page)?.doc.figures.get(figure)?;
        let drawing = self.site.figures.get(self.page)?.get(figure)?.as_ref()?;
        let number = *self.figure_book.pages.get(self.page)?.get(figure)?;
        let anchor = figure_anchor(&spec.id.value);
        let caption = rich_html(&spec.caption.value, self.site.icons);
        let figure = &self.site.game.words.figure;
        let label = format!(
            "{figure} {number}. {}",
            crate::text::rich::plain_text(&spec.caption.value)
        );
        let svg = crate::render::svg::figure_svg(
            &drawing.items,
            drawing.width,
            drawing.height,
            &label,
            &format!("f{number}"),
            self.site.fonts,
        );
        Some(format!(
            "<figure class=\"illustration\" id=\"{anchor}\">\n{svg}\n<figcaption><span class=\"figure-number\">{} {number}.</span> {caption}</figcaption>\n</figure>\n",
            crate::render::svg::escape(figure)
        ))
    }

    fn figure_link(&mut self, id: &str) -> Option<(String, String)> {
        let (number, page) = self.figure_book.find(id)?;
        let anchor = figure_anchor(id);
        let href = if page == self.page {
            format!("#{anchor}")
        } else {
            format!("{}#{anchor}", self.shown.names.get(page)?)
        };
        Some((href, format!("{} {number}", self.site.game.words.figure)))
    }

    fn words(&self) -> &crate::text::Words {
        &self.site.game.words
    }

    fn rule_link(&mut self, id: &str) -> Option<(String, String)> {
        let (page, heading) = self.rules.find(id, self.page)?;
        let anchor = self.rule_anchors.get(page)?.get(heading)?;
        let href = if page == self.page {
            format!("#{anchor}")
        } else {
            format!("{}#{anchor}", self.shown.names.get(page)?)
        };
        Some((href, self.rules.label((page, heading))))
    }

    fn card_href(&mut self, title: &str) -> Option<String> {
        // Exact title first; the validate stage warns about a different case.
        let (page, anchor, d, c) = self.shown.by_title.get(title).or_else(|| {
            let found = self.shown.by_lower.get(&title.to_lowercase())?;
            self.shown.by_title.get(found)
        })?;
        Some(if *page == self.page {
            format!("#{anchor}")
        } else {
            self.linked.insert(anchor.clone(), (*d, *c));
            format!("{}#{anchor}", self.shown.names[*page])
        })
    }

    fn table_mentions(&self, text: &str) -> Vec<(std::ops::Range<usize>, String)> {
        self.table_names
            .find(text)
            .into_iter()
            .filter_map(|(range, table)| Some((range, self.shown.table_href(table, self.page)?)))
            .collect()
    }

    fn term_mentions(&self, text: &str) -> Vec<(std::ops::Range<usize>, usize)> {
        self.term_names.find(text)
    }

    fn term_open(&mut self, term: usize) -> String {
        self.used_terms.insert(term);
        let anchor = self
            .term_anchors
            .get(term)
            .map_or("glossary", String::as_str);
        let definition = self
            .site
            .game
            .glossary
            .get(term)
            .map(|e| plain_text(&e.definition.value))
            .unwrap_or_default();
        format!(
            "<a class=\"term\" href=\"index.html#{}\" title=\"{}\">",
            escape(anchor),
            escape(&definition)
        )
    }

    fn icon(&self, name: &str) -> Option<String> {
        self.site.icons.iter().any(|i| i.name == name).then(|| {
            super::data::icon_svg(self.site.icons, name)
                .replacen(
                    "aria-hidden=\"true\" focusable=\"false\"",
                    &format!("role=\"img\" aria-label=\"{}\"", escape(name)),
                    1,
                )
                .replacen("class=\"icon ", "class=\"icon inline-icon ", 1)
        })
    }

    fn shortcode(&mut self, code: &Shortcode) -> Result<String, String> {
        let anchor = data_anchor(code).filter(|a| self.emitted_data.insert(a.clone()));
        let source = DataSource {
            game: self.site.game,
            icons: self.site.icons,
            tera: self.tera,
        };
        if let Some(html) = data_shortcode(&source, code, anchor, &mut self.rows) {
            return html;
        }
        let cards = cards_of(self.site.game, code);
        let rendered: Vec<String> = cards
            .iter()
            .map(|&(d, c)| self.card_html(d, c, true))
            .collect::<Result<_, _>>()?;
        let deck = match (code.name.as_str(), code.args.first()) {
            ("deck", Some(arg)) => self.site.game.decks.iter().position(|d| d.id == arg.value),
            _ => None,
        };
        let Some(d) = deck else {
            if cards.is_empty() {
                return Err(format!("shortcode `{}` shows nothing", code.name));
            }
            return Ok(rendered.concat());
        };
        let deck = &self.site.game.decks[d];
        // A deck shown twice on a page keeps its anchor the first time.
        let id = if self.emitted_decks.insert(d) {
            self.shown.deck_anchors.get(&(self.page, d)).cloned()
        } else {
            None
        };
        let mut context = Context::new();
        context.insert_value(
            "deck",
            map([
                ("id", Value::from(id)),
                ("name", Value::from(deck.name.as_str())),
                ("cards", Value::from(rendered)),
            ]),
        );
        self.tera
            .render("deck.html", &context)
            .map_err(|e| format!("templates/html/deck.html: {e}"))
    }
}

impl Links<'_> {
    /// A card through `card.html`; with its anchor if `anchored` and this is
    /// its first showing on the page.
    fn card_html(&mut self, d: usize, c: usize, anchored: bool) -> Result<String, String> {
        let game = self.site.game;
        let deck = &game.decks[d];
        let id = if anchored && self.emitted.insert((d, c)) {
            self.shown.anchors.get(&(self.page, d, c)).cloned()
        } else {
            None
        };
        let faces = self.site.decks.iter().find(|f| f.deck == deck.id);
        let face = faces.and_then(|f| (f.face)(c).map(|face| (f, face)));
        let svg = face.map(|(f, face)| {
            let label = face_text(&face);
            card_svg(
                &CardSvg {
                    face: &face,
                    width: f.width,
                    height: f.height,
                    radius: f.radius,
                    label: &label,
                },
                self.site.fonts,
            )
        });
        let mut context = Context::new();
        context.insert_value(
            "card",
            map([
                ("id", Value::from(id)),
                ("deck", Value::from(deck.id.as_str())),
                ("key", Value::from(self.keys[d][c].as_str())),
                ("title", Value::from(deck.card_title(c))),
                ("svg", Value::from(svg)),
                ("fields", fields_value(deck, c, self.site.icons)),
            ]),
        );
        self.tera
            .render("card.html", &context)
            .map_err(|e| format!("templates/html/card.html: {e}"))
    }
}

/// The text a card face shows, in drawing order, spaces collapsed.
fn face_text(face: &CardFace) -> String {
    let words: Vec<&str> = face
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Text(t) => Some(&*t.text),
            _ => None,
        })
        .flat_map(str::split_whitespace)
        .collect();
    words.join(" ")
}

/// Each field of a card with its value as HTML (rich text made bold/italic),
/// for cards shown as text.
fn fields_value(deck: &Deck, card: usize, icons: &[crate::model::Icon]) -> Value {
    let fields: Vec<Value> = deck
        .fields
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != deck.title_field)
        .filter_map(|(i, field)| {
            let text = deck.printed(&deck.cards[card], i)?;
            let html = if field.kind == FieldKind::Rich {
                rich_html(&text, icons)
            } else {
                escape(&text)
            };
            Some(map([
                ("name", Value::from(field.name.as_str())),
                ("html", Value::from(html)),
            ]))
        })
        .collect();
    Value::from(fields)
}

struct PageContext {
    title: String,
    pages: Value,
    headings: Vec<Heading>,
    content: String,
    is_index: bool,
    prev: Option<(String, String)>,
    next: Option<(String, String)>,
    /// The cards the page links to on other pages: (anchor, card HTML).
    previews: Value,
    /// The glossary terms the page marks (on the index: every term, listed).
    terms: Value,
}

fn render_page(tera: &Tera, site: &Site<'_>, page: PageContext) -> Result<String, HtmlError> {
    let link =
        |l: Option<(String, String)>| {
            Value::from(l.map(|(href, title)| {
                map([("href", Value::from(href)), ("title", Value::from(title))])
            }))
        };
    let mut context = Context::new();
    context.insert_value("lang", Value::from(site.lang));
    context.insert_value(
        "game",
        map([
            ("name", Value::from(site.game.name.as_str())),
            (
                "copyright",
                Value::from(
                    site.game
                        .copyright
                        .iter()
                        .map(|s| Value::from(s.as_str()))
                        .collect::<Vec<_>>(),
                ),
            ),
        ]),
    );
    context.insert_value("title", Value::from(page.title));
    context.insert_value("pages", page.pages);
    context.insert_value("headings", headings_value(&page.headings));
    context.insert_value("content", Value::from(page.content));
    context.insert_value("is_index", Value::from(page.is_index));
    context.insert_value("prev", link(page.prev));
    context.insert_value("next", link(page.next));
    context.insert_value("previews", page.previews);
    context.insert_value("terms", page.terms);
    context.insert_value("has_glossary", Value::from(!site.game.glossary.is_empty()));
    context.insert_value("words", words_value(&site.game.words));
    tera.render("page.html", &context)
        .map(|html| super::with_csp(&html))
        .map_err(|e| HtmlError(format!("templates/html/page.html: {e}")))
}

/// The game's words for the templates: `{{ words.contents }}`.
fn words_value(words: &crate::text::Words) -> Value {
    Value::from(
        words
            .pairs()
            .into_iter()
            .map(|(key, word)| (key, Value::from(word)))
            .collect::<BTreeMap<&'static str, Value>>(),
    )
}

/// The sections of a page for the sidebar: its headings after the first
/// (the page's title), those of the highest level left as sections and the
/// next level as their subsections; deeper ones are left to the page.
fn sidebar_sections(headings: &[Heading]) -> Value {
    let rest = headings.get(1..).unwrap_or_default();
    let Some(top) = rest.iter().map(|h| h.level).min() else {
        return Value::from(Vec::<Value>::new());
    };
    let entry = |h: &Heading| {
        map([
            ("text", Value::from(h.numbered())),
            ("anchor", Value::from(h.anchor.as_str())),
        ])
    };
    let mut sections: Vec<(&Heading, Vec<Value>)> = Vec::new();
    for h in rest {
        let first = sections.is_empty();
        match sections.last_mut() {
            Some((_, subs)) if h.level == top + 1 => subs.push(entry(h)),
            _ if h.level == top || first => sections.push((h, Vec::new())),
            _ => {}
        }
    }
    Value::from(
        sections
            .into_iter()
            .map(|(h, subs)| {
                map([
                    ("text", Value::from(h.numbered())),
                    ("anchor", Value::from(h.anchor.as_str())),
                    ("subsections", Value::from(subs)),
                ])
            })
            .collect::<Vec<_>>(),
    )
}

/// Everything the search finds, in order: each rules section, each card
/// shown (once per text: the copies of a mirrored deck are one card), each
/// table row shown with its anchor (at its first showing).
fn search_docs(
    game: &Game,
    shown: &Placements,
    names: &[String],
    titles: &[String],
    bodies: &[PageBody],
    rows: &[Vec<ShownRow>],
) -> Vec<SearchDoc> {
    let mut docs = Vec::new();
    for ((name, title), body) in names.iter().zip(titles).zip(bodies) {
        for (heading, text) in &body.sections {
            let heading = heading.and_then(|h| body.headings.get(h));
            if heading.is_none() && text.is_empty() {
                continue;
            }
            docs.push(SearchDoc {
                kind: DocKind::Section,
                title: heading.map_or_else(|| title.clone(), |h| h.text.clone()),
                context: title.clone(),
                href: heading.map_or_else(|| name.clone(), |h| format!("{name}#{}", h.anchor)),
                text: text.clone(),
            });
        }
    }
    let mut seen_cards = HashSet::new();
    let mut seen_texts = HashSet::new();
    for (&(page, d, c), anchor) in &shown.anchors {
        let deck = &game.decks[d];
        if !seen_cards.insert((d, c)) {
            continue;
        }
        let title = deck.card_title(c);
        let text = card_text(deck, c);
        if !seen_texts.insert((d, title.clone(), text.clone())) {
            continue;
        }
        docs.push(SearchDoc {
            kind: DocKind::Card,
            title,
            context: deck.name.clone(),
            href: format!("{}#{anchor}", names[page]),
            text,
        });
    }
    let mut seen_rows = HashSet::new();
    for (page, page_rows) in rows.iter().enumerate() {
        for row in page_rows {
            if seen_rows.insert(row.anchor.as_str()) {
                docs.push(SearchDoc {
                    kind: DocKind::Row,
                    title: row.table.clone(),
                    context: titles[page].clone(),
                    href: format!("{}#{}", names[page], row.anchor),
                    text: row.text.clone(),
                });
            }
        }
    }
    docs
}

/// A card's words: every field but the title and the mirrored one, as plain
/// text; a rich text field (prose) as it is, any other named (`Force: 10`).
fn card_text(deck: &Deck, card: usize) -> String {
    let mirrored = deck.constraints.mirrored.as_ref().map(|m| m.value);
    (0..deck.fields.len())
        .filter(|&i| i != deck.title_field && Some(i) != mirrored)
        .filter_map(|i| {
            let text = deck.printed(&deck.cards[card], i)?;
            let text = plain_text(&text)
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            let field = &deck.fields[i];
            Some(match field.kind {
                _ if text.is_empty() => text,
                FieldKind::Rich => text,
                _ => format!("{}: {text}", field_heading(&field.name)),
            })
        })
        .filter(|t| !t.is_empty())
        .collect::<Vec<_>>()
        .join(" · ")
}

fn headings_value(headings: &[Heading]) -> Value {
    Value::from(
        headings
            .iter()
            .map(|h| {
                map([
                    ("level", Value::from(h.level)),
                    ("text", Value::from(h.numbered())),
                    ("anchor", Value::from(h.anchor.as_str())),
                    (
                        "number",
                        Value::from(h.number.as_deref().unwrap_or_default()),
                    ),
                ])
            })
            .collect::<Vec<_>>(),
    )
}

fn map<const N: usize>(pairs: [(&'static str, Value); N]) -> Value {
    Value::from(pairs.into_iter().collect::<BTreeMap<&'static str, Value>>())
}

/// Where a face's file goes in the html folder.
fn font_file_name(postscript_name: &str) -> String {
    let safe: String = postscript_name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    format!("fonts/{safe}.ttf")
}

/// @font-face rules for every family, with relative URLs to the copied files.
fn font_faces_css(book: &FontBook) -> String {
    let mut css =
        String::from("/* Fonts from fonts/ (see fonts/LICENSE-*), served with the page. */\n");
    for family in &book.families {
        for (face, weight, style) in [
            (family.regular, 400, "normal"),
            (family.bold, 700, "normal"),
            (family.italic, 400, "italic"),
            (family.bold_italic, 700, "italic"),
        ] {
            let Some(face) = book.faces.get(face) else {
                continue;
            };
            css.push_str(&format!(
                "@font-face {{ font-family: \"{}\"; src: url(\"{}\") format(\"truetype\"); font-weight: {weight}; font-style: {style}; }}\n",
                css_family(&family.name),
                font_file_name(&face.name)
            ));
        }
    }
    if let Some(first) = book.families.first() {
        css.push_str(&format!(
            ":root {{ --font-text: \"{}\", sans-serif; }}\n",
            css_family(&first.name)
        ));
    }
    css
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(level: u8, text: &str) -> Heading {
        Heading {
            level,
            text: text.to_string(),
            anchor: slug(text),
            number: None,
        }
    }

    #[test]
    fn the_sidebar_nests_two_levels_under_the_page_title() {
        let headings = [
            h(1, "Rules"),
            h(3, "Early"),
            h(2, "Setup"),
            h(3, "Map"),
            h(4, "Too deep"),
            h(2, "Turn"),
        ];
        let value = sidebar_sections(&headings);
        let text = |v: &Value, key: &str| -> String {
            let map = v.as_map().expect("an entry");
            map.iter()
                .find(|(k, _)| k.as_str() == Some(key))
                .and_then(|(_, v)| v.as_str().map(str::to_string))
                .unwrap_or_default()
        };
        let tree: Vec<(String, Vec<String>)> = value
            .as_array()
            .expect("a list")
            .iter()
            .map(|section| {
                let subs = section
                    .as_map()
                    .and_then(|m| m.iter().find(|(k, _)| k.as_str() == Some("subsections")))
                    .and_then(|(_, v)| v.as_array())
                    .unwrap_or_default()
                    .iter()
                    .map(|sub| text(sub, "text"))
                    .collect();
                (text(section, "text"), subs)
            })
            .collect();
        assert_eq!(
            tree,
            [
                ("Early".to_string(), vec![]),
                ("Setup".to_string(), vec!["Map".to_string()]),
                ("Turn".to_string(), vec![]),
            ]
        );
        assert!(
            sidebar_sections(&headings[..1])
                .as_array()
                .is_some_and(|v| v.is_empty())
        );
    }
}
