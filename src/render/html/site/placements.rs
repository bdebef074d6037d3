//! Render (HTML): where each card, deck and table of a game is shown, from
//! the shortcodes of its rules pages to the anchors on each page and the
//! first showing of each card title and table (what links point at).

use std::collections::{BTreeMap, HashMap};

use crate::model::{Game, Shortcode, data_anchor, shown_rules, shown_tables, slug};
use crate::text::mentions::TableNames;

/// Where each card is shown: its anchor on every page that shows it, and the
/// first place each title is shown (what `card:` links point at).
pub(super) struct Placements {
    /// (page, deck, card) → anchor id on that page.
    pub(super) anchors: BTreeMap<(usize, usize, usize), String>,
    /// (page, deck) → anchor id of the deck's gallery on that page.
    pub(super) deck_anchors: BTreeMap<(usize, usize), String>,
    /// (page, anchor) of each data shortcode (table, collection, dice) shown.
    pub(super) data_anchors: BTreeMap<(usize, String), ()>,
    /// card title → its first showing: (page, anchor, deck, card).
    pub(super) by_title: HashMap<String, (usize, String, usize, usize)>,
    /// lower-cased title → the first (in sorted order) title shown with it.
    pub(super) by_lower: HashMap<String, String>,
    /// Each table shown (chart, chart block, random table, collection): its
    /// title and the (page, anchor) of every showing, in page order.
    pub(super) tables: Vec<(String, Vec<(usize, String)>)>,
    /// Each rule number a shown table carries (its `rule`, "5.3 & 5.4", "5.1b")
    /// → that table: the numbers as written first, then without a case letter.
    pub(super) rules: RuleTables,
    pub(super) names: Vec<String>,
    /// (page, deck) → the files of a large gallery's further pages (its
    /// first page is the rules page itself), for a deck of more than
    /// [`GALLERY_PAGE_CARDS`] cards.
    pub(super) galleries: BTreeMap<(usize, usize), Vec<String>>,
    /// (page, deck, card) → the gallery page's file that holds the card's
    /// anchor, for cards past a large gallery's first page.
    pub(super) gallery_files: HashMap<(usize, usize, usize), String>,
}

/// The most cards one page of a deck's gallery shows: a larger deck is
/// split into pages of this many (a page of 2,000 cards takes seconds to
/// open; one of 200, whose pictures the browser reads before it shows the
/// page, about 300 ms on a busy machine, one of 100 half that).
pub(super) const GALLERY_PAGE_CARDS: usize = 100;

/// The tables that carry each rule number, for citations to link to.
#[derive(Default)]
pub(super) struct RuleTables {
    /// A number as a `rule` value writes it ("5.1b", "5.3") → the first table.
    written: HashMap<String, usize>,
    /// A number without its case letter ("5.1") → the first table citing it.
    base: HashMap<String, usize>,
    /// A table's anchor → the rule numbers it carries, without case letters.
    by_anchor: HashMap<String, Vec<String>>,
}

impl RuleTables {
    fn add(&mut self, value: &str, table: usize, anchor: &str) {
        for written in value
            .split(|c: char| !(c.is_ascii_digit() || c == '.' || c.is_ascii_lowercase()))
            .map(|w| w.trim_matches('.'))
            .filter(|w| w.starts_with(|c: char| c.is_ascii_digit()))
        {
            self.written.entry(written.to_string()).or_insert(table);
            let base = written.trim_end_matches(|c: char| c.is_ascii_lowercase());
            self.base.entry(base.to_string()).or_insert(table);
            let numbers = self.by_anchor.entry(anchor.to_string()).or_default();
            if !numbers.iter().any(|n| n == base) {
                numbers.push(base.to_string());
            }
        }
    }

    /// The rule numbers the table at `anchor` carries ("5.3", "5.4").
    pub(super) fn numbers_at(&self, anchor: &str) -> &[String] {
        self.by_anchor.get(anchor).map_or(&[], Vec::as_slice)
    }

    /// The table a citation of `written` (rule `rule`) names: the one whose
    /// rule is written so, else the one whose rule is `rule` itself, else
    /// one of its cases.
    fn table(&self, written: &str, rule: &str) -> Option<usize> {
        (self.written.get(written))
            .or_else(|| self.written.get(rule))
            .or_else(|| self.base.get(rule))
            .copied()
    }
}

impl Placements {
    pub(super) fn plan(
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
        let mut rules = RuleTables::default();
        let mut galleries = BTreeMap::new();
        let mut gallery_files = HashMap::new();
        let mut used_files: std::collections::HashSet<String> = names.iter().cloned().collect();
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
                for (value, anchor) in shown_rules(game, code) {
                    if let Some(&table) = table_at.get(&anchor) {
                        rules.add(&value, table, &anchor);
                    }
                }
                let cards = cards_of(game, code);
                // The files of this showing's further gallery pages, if it
                // is a deck's first showing on the page and a large one.
                let mut split: &[String] = &[];
                if let ("deck", Some(arg)) = (code.name.as_str(), code.args.first())
                    && let Some(d) = game.decks.iter().position(|d| d.id == arg.value)
                    && !deck_anchors.contains_key(&(page, d))
                {
                    deck_anchors.insert((page, d), format!("deck-{}", slug(&arg.value)));
                    if cards.len() > GALLERY_PAGE_CARDS {
                        let files = gallery_file_names(
                            &names[page],
                            &arg.value,
                            cards.len().div_ceil(GALLERY_PAGE_CARDS),
                            &mut used_files,
                        );
                        split = galleries.entry((page, d)).or_insert(files);
                    }
                }
                for (i, (d, c)) in cards.into_iter().enumerate() {
                    let deck = &game.decks[d];
                    let anchor = format!("card-{}-{}", slug(&deck.id), keys[d][c]);
                    if let std::collections::btree_map::Entry::Vacant(place) =
                        anchors.entry((page, d, c))
                    {
                        place.insert(anchor.clone());
                        if let Some(file) = i
                            .checked_div(GALLERY_PAGE_CARDS)
                            .and_then(|k| k.checked_sub(1))
                            .and_then(|k| split.get(k))
                        {
                            gallery_files.insert((page, d, c), file.clone());
                        }
                    }
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
            rules,
            names: names.to_vec(),
            galleries,
            gallery_files,
        }
    }

    /// The file that holds the anchor of card (`deck`, `card`) shown on
    /// `page`: the page's own, or a page of a large gallery on it. Every
    /// link to a card is made through this.
    pub(super) fn card_file(&self, page: usize, deck: usize, card: usize) -> &str {
        match self.gallery_files.get(&(page, deck, card)) {
            Some(file) => file,
            None => self.names.get(page).map_or("", String::as_str),
        }
    }

    /// The names of the tables shown, to find in the prose.
    pub(super) fn table_names(&self) -> TableNames {
        TableNames::new(
            self.tables
                .iter()
                .enumerate()
                .map(|(i, (title, _))| (title.as_str(), i)),
        )
    }

    /// Where a mention of table `table` on `page` links: its showing on that
    /// page, else its first.
    pub(super) fn table_href(&self, table: usize, page: usize) -> Option<String> {
        let shown = &self.tables.get(table)?.1;
        let (on, anchor) = shown.iter().find(|(p, _)| *p == page).or(shown.first())?;
        Some(if *on == page {
            format!("#{anchor}")
        } else {
            format!("{}#{anchor}", self.names[*on])
        })
    }

    /// Where a citation of rule `written` ("5.5c", naming rule `rule`)
    /// on `page` links, and the title of the table there; None when no
    /// table shown carries that rule.
    pub(super) fn rule_href(
        &self,
        written: &str,
        rule: &str,
        page: usize,
    ) -> Option<(String, &str)> {
        let table = self.rules.table(written, rule)?;
        Some((self.table_href(table, page)?, self.tables[table].0.as_str()))
    }

    pub(super) fn anchors_on(&self, page: usize) -> impl Iterator<Item = String> + '_ {
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

/// The files of a gallery's pages after the first, on rules page `page`
/// (`rules.html`, deck `actions`: `rules-actions-2.html`, …), each a name no
/// other file has.
fn gallery_file_names(
    page: &str,
    deck: &str,
    pages: usize,
    used: &mut std::collections::HashSet<String>,
) -> Vec<String> {
    let stem = page.trim_end_matches(".html");
    (2..=pages)
        .map(|n| {
            let mut name = format!("{stem}-{}-{n}.html", slug(deck));
            let mut again = 1;
            while used.contains(&name) {
                again += 1;
                name = format!("{stem}-{}-{n}-{again}.html", slug(deck));
            }
            used.insert(name.clone());
            name
        })
        .collect()
}

/// The (deck, card) pairs a shortcode shows, in order.
pub(super) fn cards_of(game: &Game, code: &Shortcode) -> Vec<(usize, usize)> {
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
