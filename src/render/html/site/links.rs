//! Render (HTML): the links and pieces of one rules page, from the game,
//! where things are shown and the page's shortcodes to HTML — `card:`,
//! `rule:`, `figure:` and table links, glossary terms, index marks, icons,
//! illustrations, and the cards, decks and data a shortcode shows.

use std::collections::{BTreeMap, BTreeSet, HashSet};

use tera::{Context, Tera, Value};

use super::Site;
use super::page::map;
use super::placements::{GALLERY_PAGE_CARDS, Placements, cards_of};
use super::rule_links::link_rule_citations;
use crate::layout::{CardFace, Item};
use crate::model::figure::{FigureBook, figure_anchor};
use crate::model::xref::RuleBook;
use crate::model::{Deck, FieldKind, Shortcode, data_anchor};
use crate::render::RenderError;
use crate::render::html::data::{DataSource, ShownRow, data_shortcode, plain_text, rich_html};
use crate::render::html::kept_cards::{CardName, MadeOf};
use crate::render::html::markdown::PageLinks;
use crate::render::svg::{CardSvg, FamiliesDrawn, card_svg, escape};
use crate::text::mentions::TableNames;

/// What one page's Markdown needs to link and show: the site, where
/// everything is shown, and what this page has drawn and marked so far.
pub(super) struct Links<'a> {
    pub(super) site: &'a Site<'a>,
    pub(super) tera: &'a Tera,
    pub(super) keys: &'a [Vec<String>],
    pub(super) shown: &'a Placements,
    pub(super) table_names: &'a TableNames,
    pub(super) page: usize,
    /// Cards already drawn with their id on this page (an id is used once).
    pub(super) emitted: HashSet<(usize, usize)>,
    /// Decks already shown with their id on this page.
    pub(super) emitted_decks: HashSet<usize>,
    /// Anchors of data shortcodes already used on this page.
    pub(super) emitted_data: HashSet<String>,
    /// The table rows shown on this page with their anchors.
    pub(super) rows: Vec<ShownRow>,
    /// The cards linked from this page and shown on another: anchor → (deck, card).
    pub(super) linked: BTreeMap<String, (usize, usize)>,
    /// The glossary's terms and their aliases, to find in the prose.
    pub(super) term_names: &'a TableNames,
    /// Each term's anchor in the index's glossary.
    pub(super) term_anchors: &'a [String],
    /// The terms this page marks, to give each its definition on the page.
    pub(super) used_terms: BTreeSet<usize>,
    /// The rules' headings and their numbers, for `rule:` links.
    pub(super) rules: &'a RuleBook,
    /// Each page's headings' anchors (those [`RuleBook`] has, in order).
    pub(super) rule_anchors: &'a [Vec<String>],
    /// The terms this page marks for the index: (term, heading, element id).
    pub(super) index_marks: Vec<(String, Option<usize>, String)>,
    /// The rules' figures and their numbers, for `figure:` links.
    pub(super) figure_book: &'a FigureBook,
    /// The further pages of the large galleries this page shows:
    /// (file, title, content HTML, its cards alone to print), in order.
    pub(super) galleries: Vec<(String, String, String, String)>,
    /// Where the families the pages' pictures draw text in are recorded.
    pub(super) families: &'a FamiliesDrawn,
}

/// A glossary term for the templates: its anchor, the term, its aliases and
/// its definition as HTML.
pub(super) fn term_value(site: &Site<'_>, anchors: &[String], term: usize) -> Option<Value> {
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
    fn changed(&self, at: usize) -> bool {
        let Some(page) = self.site.game.rules.get(self.page) else {
            return false;
        };
        self.site
            .changed
            .is_some_and(|changed| changed(crate::diag::Loc::new(page.file, at..at + 1)))
    }

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
            (drawing.width, drawing.height),
            (&label, &format!("f{number}")),
            self.site.fonts,
            self.families,
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
        let file = self.shown.card_file(*page, *d, *c);
        let here = self.shown.names.get(self.page).map(String::as_str);
        Some(if Some(file) == here {
            format!("#{anchor}")
        } else {
            self.linked.insert(anchor.clone(), (*d, *c));
            format!("{file}#{anchor}")
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
            crate::render::html::data::icon_svg(self.site.icons, name)
                .replacen(
                    "aria-hidden=\"true\" focusable=\"false\"",
                    &format!("role=\"img\" aria-label=\"{}\"", escape(name)),
                    1,
                )
                .replacen("class=\"icon ", "class=\"icon inline-icon ", 1)
        })
    }

    fn shortcode(&mut self, code: &Shortcode) -> Result<String, RenderError> {
        let anchor = data_anchor(code).filter(|a| self.emitted_data.insert(a.clone()));
        let source = DataSource {
            game: self.site.game,
            icons: self.site.icons,
            tera: self.tera,
        };
        if let Some(html) = data_shortcode(&source, code, anchor, &mut self.rows) {
            let (shown, page) = (self.shown, self.page);
            return html.map(|html| {
                link_rule_citations(&html, |written, rule| shown.rule_href(written, rule, page))
            });
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
                return Err(RenderError::Shortcode(format!(
                    "shortcode `{}` shows nothing",
                    code.name
                )));
            }
            return Ok(rendered.concat());
        };
        // A deck shown twice on a page keeps its anchor the first time.
        let first = self.emitted_decks.insert(d);
        let id = if first {
            self.shown.deck_anchors.get(&(self.page, d)).cloned()
        } else {
            None
        };
        let files = match self.shown.galleries.get(&(self.page, d)) {
            Some(files) if first => files,
            _ => return self.deck_html(d, id, rendered),
        };
        // A large gallery: its first cards here, the rest on pages of its own.
        let mut chunks = rendered
            .chunks(GALLERY_PAGE_CARDS)
            .map(<[String]>::to_vec)
            .collect::<Vec<_>>()
            .into_iter();
        let here_file = self.shown.names.get(self.page).cloned().unwrap_or_default();
        let first_href = format!("{here_file}#{}", id.as_deref().unwrap_or(""));
        let mut hrefs = vec![first_href];
        hrefs.extend(files.iter().cloned());
        let name = &self.site.game.decks[d].name;
        let here = self.deck_html(d, id, chunks.next().unwrap_or_default())?;
        let here = format!("{here}\n{}", self.gallery_pager(name, &hrefs, 0));
        for (k, (file, cards)) in files.iter().zip(chunks).enumerate() {
            let pager = self.gallery_pager(name, &hrefs, k + 1);
            let html = self.deck_html(d, None, cards)?;
            let title = format!("{name} ({}/{})", k + 2, hrefs.len());
            let content = format!("<h1>{}</h1>\n{pager}\n{html}\n{pager}\n", escape(&title));
            self.galleries.push((file.clone(), title, content, html));
        }
        Ok(here)
    }
}

impl Links<'_> {
    /// Cards already rendered as a deck's gallery through `deck.html`.
    fn deck_html(
        &self,
        d: usize,
        id: Option<String>,
        rendered: Vec<String>,
    ) -> Result<String, RenderError> {
        let deck = &self.site.game.decks[d];
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
            .map_err(|e| RenderError::template("deck.html", e))
    }

    /// The links between a large gallery's pages (`hrefs`, the first on
    /// the rules page), on page `at`: previous, every page, next.
    fn gallery_pager(&self, deck: &str, hrefs: &[String], at: usize) -> String {
        let words = &self.site.game.words;
        let mut out = format!(
            "<nav class=\"gallery-pager\" aria-label=\"{}\">\n<div class=\"pager\">",
            escape(deck)
        );
        if let Some(prev) = at.checked_sub(1).and_then(|p| hrefs.get(p)) {
            out.push_str(&format!(
                "<a rel=\"prev\" href=\"{}\"><span class=\"pager-dir\">{}</span> ← {}</a>",
                escape(prev),
                escape(&words.previous),
                at
            ));
        }
        if let Some(next) = hrefs.get(at + 1) {
            out.push_str(&format!(
                "<a rel=\"next\" href=\"{}\"><span class=\"pager-dir\">{}</span> {} →</a>",
                escape(next),
                escape(&words.next),
                at + 2
            ));
        }
        out.push_str("</div>\n<p class=\"gallery-pages\">");
        for (k, href) in hrefs.iter().enumerate() {
            if k > 0 {
                out.push_str(" · ");
            }
            if k == at {
                out.push_str(&format!("<strong aria-current=\"page\">{}</strong>", k + 1));
            } else {
                out.push_str(&format!("<a href=\"{}\">{}</a>", escape(href), k + 1));
            }
        }
        out.push_str("</p>\n");
        out.push_str("</nav>");
        out
    }
}

impl Links<'_> {
    /// A card through `card.html`; with its anchor if `anchored` and this is
    /// its first showing on the page.
    pub(super) fn card_html(
        &mut self,
        d: usize,
        c: usize,
        anchored: bool,
    ) -> Result<String, RenderError> {
        let game = self.site.game;
        let deck = &game.decks[d];
        let id = if anchored && self.emitted.insert((d, c)) {
            self.shown.anchors.get(&(self.page, d, c)).cloned()
        } else {
            None
        };
        let faces = self.site.decks.iter().find(|f| f.deck == deck.id);
        let face = faces.and_then(|f| (f.face)(c).map(|face| (f, face)));
        // Kept from the last build when nothing it is made of changed.
        let kept = self.site.kept.filter(|k| k.on());
        let name = kept.map(|_| CardName {
            deck: deck.id.clone(),
            key: self.keys[d][c].clone(),
            id: id.clone(),
        });
        let made_of = kept.map(|_| MadeOf {
            face: face.as_ref().map(|(_, face)| face.clone()),
            size: faces.map_or([0.0; 3], |f| [f.width, f.height, f.radius]),
            title: deck.card_title(c),
            fields: (deck.fields.iter().enumerate())
                .map(|(i, field)| {
                    let rich = field.kind == FieldKind::Rich;
                    (field.name.clone(), rich, deck.printed(&deck.cards[c], i))
                })
                .collect(),
        });
        if let (Some(kept), Some(name), Some(made_of)) = (kept, &name, &made_of)
            && let Some((html, families)) = kept.find(name, made_of)
        {
            self.families.add(&families);
            return Ok(html.to_string());
        }
        let families = FamiliesDrawn::default();
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
                &families,
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
        let html = self
            .tera
            .render("card.html", &context)
            .map_err(|e| RenderError::template("card.html", e))?;
        self.families.add(&families);
        if let (Some(kept), Some(name), Some(made_of)) = (kept, name, made_of) {
            kept.keep(name, made_of, html.as_str().into(), families.into());
        }
        Ok(html)
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
