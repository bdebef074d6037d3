//! Layout: a deck's card-list reference sheet — one ruled table of every
//! card and its fields (references printed as the names of the items they
//! name), in sections by the value of one field, flowed over pages with the
//! column headings repeated on each; a page footer. Input: a loaded deck;
//! output: a [`Doc`].

use super::doc::Page;
use super::fit_memo::FitMemo;
use super::flow::{Band, Flow};
use super::table::{
    Cell, LaidTable, RowKind, TableRow, TableSpec, TableStyle, lay_out_rows, lay_out_table,
    measure_rows, place_table, push_head, table_columns,
};
use crate::diag::Diagnostic;
use crate::model::{Deck, FieldKind, FieldValue, Game, Paper};
use crate::text::plain_text;
use crate::text::rich::literal;
use crate::text::{Family, FontBook, Words};

/// Paper and spacing of a card list.
#[derive(Clone, Copy, Debug)]
pub struct CardListOptions {
    pub paper: Paper,
    pub margin: f32,
    pub style: TableStyle,
}

impl Default for CardListOptions {
    fn default() -> Self {
        CardListOptions {
            paper: Paper::LETTER,
            margin: 36.0,
            style: TableStyle::default(),
        }
    }
}

/// "attack_die" → "Attack die".
pub fn heading(field: &str) -> String {
    let s = field.replace('_', " ");
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// A card's value of one field as the list prints it: a reference as the
/// name of the item it names, a symbol of a reference field as its meaning
/// ("Any type of Unit"), nothing as "-".
pub fn shown(game: &Game, deck: &Deck, card: &crate::model::Card, field: usize) -> String {
    let Some(v) = card.values.get(field).and_then(|v| v.as_ref()) else {
        return "-".to_string();
    };
    let decl = &deck.fields[field];
    match (&decl.kind, &v.value) {
        (FieldKind::Ref(to), FieldValue::Text(t)) => {
            if let Some((_, meaning)) = decl.symbols.iter().find(|(s, _)| **s == **t) {
                return meaning.clone();
            }
            game.resolve(to, t)
                .map_or_else(|| t.to_string(), |r| r.name)
        }
        _ => decl.printed(&v.value),
    }
}

/// The sections of the list: each value of `field` that some card has, in
/// the order the field declares them (a reference's collection order, an
/// enum's values, numbers rising), then symbols, then any other values as first met; cards
/// without a value last. Each with the indices of its cards.
fn groups(game: &Game, deck: &Deck, field: usize) -> Vec<(String, Vec<usize>)> {
    let mut order: Vec<String> = match &deck.fields[field].kind {
        FieldKind::Ref(to) => game
            .collection(to)
            .map(|c| c.cards.iter().map(|i| c.item_ref(i).name).collect())
            .unwrap_or_default(),
        FieldKind::Enum(values) => values.clone(),
        // Numbers in rising order (1, 2, 3... not as the cards first meet them).
        FieldKind::Int => {
            let mut numbers: Vec<i64> = deck
                .cards
                .iter()
                .filter_map(|c| match c.values.get(field)?.as_ref()?.value {
                    FieldValue::Int(n) => Some(n),
                    _ => None,
                })
                .collect();
            numbers.sort_unstable();
            numbers.dedup();
            numbers.iter().map(i64::to_string).collect()
        }
        _ => Vec::new(),
    };
    order.extend(deck.fields[field].symbols.iter().map(|(_, m)| m.clone()));
    let mut out: Vec<(String, Vec<usize>)> = order.into_iter().map(|o| (o, Vec::new())).collect();
    for (i, card) in deck.cards.iter().enumerate() {
        let key = shown(game, deck, card, field);
        match out.iter_mut().find(|(k, _)| *k == key) {
            Some((_, cards)) => cards.push(i),
            None => out.push((key, vec![i])),
        }
    }
    if let Some(pos) = out.iter().position(|(k, _)| k == "-") {
        let none = out.remove(pos);
        out.push(none);
    }
    out.retain(|(_, cards)| !cards.is_empty());
    out
}

/// A card's value as a cell's text: a rich field's `**bold**` and `*italic*`
/// as on the card, any other value as written.
fn cell_markup(game: &Game, deck: &Deck, card: &crate::model::Card, field: usize) -> String {
    let value = shown(game, deck, card, field);
    match deck.fields[field].kind {
        FieldKind::Rich => value,
        _ => literal(&value),
    }
}

/// Relative width of a column whose longest value (or heading) is
/// `longest` characters: long text columns get more room.
fn column_weight(longest: usize) -> f32 {
    (longest as f32).clamp(4.0, 40.0)
}

/// The last values a column showed, most recent first.
#[derive(Clone, Default)]
struct Recent(std::collections::VecDeque<String>);

impl Recent {
    /// Values remembered: enough for a few alternating texts.
    const HELD: usize = 8;

    fn has(&self, value: &str) -> bool {
        self.0.iter().any(|v| v == value)
    }

    fn remember(&mut self, value: String) {
        if self.0.len() == Self::HELD {
            self.0.pop_back();
        }
        self.0.push_front(value);
    }
}

/// For each of `columns`, over every card (on all cores): the widest word
/// of its values set in `faces[k]`, and its longest value in characters.
fn widest_values(
    (game, deck): (&Game, &Deck),
    columns: &[usize],
    faces: &[&crate::text::Face],
    widest: &(dyn Fn(&crate::text::Face, &str) -> f32 + Sync),
) -> Vec<(f32, usize)> {
    let runs = crate::par::map_runs(&deck.cards, |cards| {
        let mut most = vec![(0.0f32, 0usize); columns.len()];
        // Each column's last few values measured: a "who", timing or
        // effect column repeats down the list, and is measured once a while.
        let mut recent = vec![Recent::default(); columns.len()];
        for card in cards {
            let columns = columns.iter().zip(faces).zip(&mut most).zip(&mut recent);
            for (((&f, face), most), recent) in columns {
                let value = shown(game, deck, card, f);
                if recent.has(&value) {
                    continue;
                }
                let markup = match deck.fields[f].kind {
                    FieldKind::Rich => value.clone(),
                    _ => literal(&value),
                };
                most.0 = most.0.max(widest(face, &plain_text(&markup)));
                most.1 = most.1.max(value.chars().count());
                recent.remember(value);
            }
        }
        most
    });
    runs.into_iter()
        .fold(vec![(0.0f32, 0usize); columns.len()], |mut all, run| {
            for (a, r) in all.iter_mut().zip(run) {
                *a = (a.0.max(r.0), a.1.max(r.1));
            }
            all
        })
}

/// Widths of the list's columns in points, summing to `width`: each column
/// first gets its widest word (its heading's in bold, and its values') and
/// padding, so a column of short values beside long ones is never narrower
/// than its own heading; the rest of the width is shared by weight. Where
/// the widest words do not all fit, only the headings' are kept whole, and
/// where even those do not, the columns are shared by weight alone (cells
/// then shrink their text, or the layout reports what cannot fit).
fn column_widths(
    game: &Game,
    deck: &Deck,
    columns: &[usize],
    width: f32,
    family: &Family,
    book: &FontBook,
    style: &TableStyle,
) -> Vec<f32> {
    let regular = book.face(family.face(crate::model::Style::Regular));
    let bold = book.face(family.face(crate::model::Style::Bold));
    let widest = |face: &crate::text::Face, text: &str| -> f32 {
        text.split_whitespace()
            .map(|w| face.width(w, style.size))
            .fold(0.0, f32::max)
    };
    let pad = 2.0 * style.pad_x + 1.0;
    let heads: Vec<f32> = columns
        .iter()
        .map(|&f| widest(bold, &heading(&deck.fields[f].name)) + pad)
        .collect();
    let faces: Vec<&crate::text::Face> = columns
        .iter()
        .map(|&f| if f == deck.title_field { bold } else { regular })
        .collect();
    let most = widest_values((game, deck), columns, &faces, &widest);
    let values: Vec<f32> = most
        .iter()
        .zip(&heads)
        .map(|(&(value, _), &head)| head.max(value + pad))
        .collect();
    let weights: Vec<f32> = columns
        .iter()
        .zip(&most)
        .map(|(&f, &(_, longest))| {
            column_weight(longest.max(heading(&deck.fields[f].name).chars().count()))
        })
        .collect();
    let floors = [values, heads]
        .into_iter()
        .find(|floor| floor.iter().sum::<f32>() <= width);
    let Some(floor) = floors else {
        return weights;
    };
    let rest = width - floor.iter().sum::<f32>();
    let total: f32 = weights.iter().sum::<f32>().max(1e-3);
    floor
        .iter()
        .zip(&weights)
        .map(|(min, w)| min + rest * w / total)
        .collect()
}

/// Fewer cards than this in a group: their rows are written on one core.
const ROWS_SERIAL_BELOW: usize = 512;

/// Rows measured at a time: the items of more are never held at once.
const MEASURED_AT_ONCE: usize = 1024;

/// A card list measured and paginated, its pages laid out when asked for
/// (a 20,000-card list is not held whole): every row's text, which page
/// each row goes to, and the table's head.
pub struct CardListPages {
    title: String,
    spec: TableSpec,
    /// The title bar, preamble and header, laid out (rows left out).
    head: LaidTable,
    /// The first row of each page, and the row count at the end.
    page_starts: Vec<usize>,
    options: CardListOptions,
    /// The foot of a page in the game's words: "page {n} of {total}".
    page_of: String,
    loc: crate::diag::Loc,
    /// The cells' texts measured, then set, each once per column.
    memo: FitMemo,
}

/// Measures the card list of `deck` (every row laid out once: a cell that
/// cannot fit is a diagnostic here) and finds its pages.
pub fn plan_card_list(
    game: &Game,
    deck: &Deck,
    group_by: Option<usize>,
    family: &Family,
    book: &FontBook,
    options: &CardListOptions,
) -> Result<CardListPages, Vec<Diagnostic>> {
    let title = format!("{} — {}", game.name, deck.name);
    let columns: Vec<usize> = (0..deck.fields.len())
        .filter(|&i| !matches!(deck.fields[i].name.as_str(), "id" | "alias"))
        .collect();
    let header = TableRow::header(
        columns
            .iter()
            .map(|&f| Cell::new(heading(&deck.fields[f].name)))
            .collect(),
    );
    let body = |i: usize| {
        let card = &deck.cards[i];
        TableRow::body(
            columns
                .iter()
                .map(|&f| {
                    let cell = Cell::new(cell_markup(game, deck, card, f));
                    if f == deck.title_field {
                        cell.bold()
                    } else {
                        cell
                    }
                })
                .collect(),
            Some(card.loc),
        )
    };
    let mut rows = Vec::new();
    match group_by {
        Some(field) => {
            for (value, cards) in groups(game, deck, field) {
                let what = heading(&deck.fields[field].name);
                rows.push(TableRow::section(
                    literal(&format!("{what}: {value} ({})", count(cards.len()))),
                    columns.len(),
                    None,
                ));
                rows.extend(crate::par::map(&cards, ROWS_SERIAL_BELOW, |&i| body(i)));
            }
        }
        None => {
            let all: Vec<usize> = (0..deck.cards.len()).collect();
            rows.extend(crate::par::map(&all, ROWS_SERIAL_BELOW, |&i| body(i)));
        }
    }
    // Symbols of fields printed as written ("K"): say what they mean, once.
    let legend: Vec<String> = columns
        .iter()
        .filter(|&&f| !matches!(deck.fields[f].kind, FieldKind::Ref(_)))
        .flat_map(|&f| {
            let name = heading(&deck.fields[f].name);
            deck.fields[f]
                .symbols
                .iter()
                .map(move |(s, m)| format!("{name} {s} = {m}."))
        })
        .collect();
    let preamble = if legend.is_empty() {
        Vec::new()
    } else {
        vec![TableRow::body(
            vec![
                Cell::new(literal(&legend.join(" ")))
                    .italic()
                    .span(columns.len()),
            ],
            None,
        )]
    };
    let mut flow = Flow::new(options.paper, options.margin).with_footer(18.0);
    let width = flow.width();
    let spec = TableSpec {
        title: Some(format!("{title} ({})", count(deck.cards.len()))),
        rule: None,
        columns: column_widths(game, deck, &columns, width, family, book, &options.style),
        preamble,
        header: vec![header],
        rows,
        ruled: true,
        loc: deck.loc,
    };
    let mut spec = spec;
    // The columns shared out once, over every row; the head laid out on its
    // own at them; the rows measured a slice at a time (their items dropped
    // as soon as their heights are known).
    spec.columns = table_columns(&spec, width, family, book, &options.style);
    let rows = std::mem::take(&mut spec.rows);
    let head = lay_out_table(&spec, width, (family, book), &options.style, &game.words);
    spec.rows = rows;
    let mut heights = Vec::with_capacity(spec.rows.len());
    let mut problems = Vec::new();
    // Slices measured on all cores, their results in order.
    let slices: Vec<std::ops::Range<usize>> = (0..spec.rows.len())
        .step_by(MEASURED_AT_ONCE)
        .map(|start| start..(start + MEASURED_AT_ONCE).min(spec.rows.len()))
        .collect();
    let memo = FitMemo::default();
    let measured = crate::par::map(&slices, 2, |slice| {
        measure_rows(
            &spec,
            slice.clone(),
            &spec.columns,
            (family, book, Some(&memo)),
            &options.style,
        )
    });
    for slice in measured {
        match slice {
            Ok(rows) => heights.extend(rows),
            Err(more) => problems.extend(more),
        }
    }
    let mut head = match head {
        Ok(head) if problems.is_empty() => head,
        Ok(_) => return Err(problems),
        Err(mut first) => {
            first.extend(problems);
            return Err(first);
        }
    };
    head.row_locs = spec.rows.iter().map(|r| r.loc).collect();
    head.keep_with_next = spec
        .rows
        .iter()
        .map(|r| r.kind == RowKind::Section)
        .collect();
    // Rows placed by their heights alone: the pages they fall on.
    let measured = LaidTable {
        rows: heights
            .into_iter()
            .map(|height| Band {
                height,
                items: Vec::new(),
            })
            .collect(),
        ..head.clone()
    };
    let row_pages = place_table(&mut flow, measured, 0.0).map_err(|d| vec![d])?;
    let pages = flow.pages.len();
    let mut page_starts: Vec<usize> = (0..pages)
        .map(|p| row_pages.partition_point(|&q| q < p))
        .collect();
    page_starts.push(spec.rows.len());
    Ok(CardListPages {
        title,
        loc: deck.loc,
        spec,
        head,
        page_starts,
        options: *options,
        page_of: game.words.page_of.clone(),
        memo,
    })
}

impl CardListPages {
    pub fn title(&self) -> &str {
        &self.title
    }

    pub fn page_count(&self) -> usize {
        self.page_starts.len() - 1
    }

    /// The pages `range` laid out: the rows of each under the table's head
    /// (continued after the first page), and the page footer.
    pub fn pages(
        &self,
        range: std::ops::Range<usize>,
        family: &Family,
        book: &FontBook,
    ) -> Result<Vec<Page>, Vec<Diagnostic>> {
        let options = &self.options;
        let range = range.start.min(self.page_count())..range.end.min(self.page_count());
        let (first, last) = (self.page_starts[range.start], self.page_starts[range.end]);
        let mut flow = Flow::new(options.paper, options.margin).with_footer(18.0);
        let mut rows = lay_out_rows(
            &self.spec,
            first..last,
            &self.spec.columns,
            (family, book, Some(&self.memo)),
            &options.style,
        )?
        .into_iter();
        let pages = self.page_count();
        let footer = |n: usize| TableSpec {
            title: None,
            rule: None,
            columns: vec![3.0, 1.0],
            preamble: Vec::new(),
            header: Vec::new(),
            rows: vec![TableRow::body(
                vec![
                    Cell::new(literal(&self.title)).small(),
                    Cell::new(crate::text::Words::fill(
                        &self.page_of,
                        &[("n", &n.to_string()), ("total", &pages.to_string())],
                    ))
                    .right()
                    .small(),
                ],
                None,
            )],
            ruled: false,
            loc: self.loc,
        };
        let height = flow.height();
        let width = flow.width();
        for (k, n) in range.enumerate() {
            if k > 0 {
                flow.new_page();
            }
            push_head(&mut flow, &self.head, 0.0, n > 0);
            for _ in self.page_starts[n]..self.page_starts[n + 1] {
                if let Some(row) = rows.next() {
                    flow.push_owned(row, 0.0);
                }
            }
            let laid = lay_out_table(
                &footer(n + 1),
                width,
                (family, book),
                &options.style,
                &Words::default(),
            )?;
            let band = laid.as_band();
            let (dx, dy) = (options.margin, options.margin + height + 18.0 - band.height);
            if let Some(page) = flow.pages.last_mut() {
                page.items
                    .extend(band.items.iter().map(|i| i.translated(dx, dy)));
            }
        }
        Ok(flow.pages)
    }
}

/// "1 card", "12 cards".
fn count(n: usize) -> String {
    format!("{n} card{}", if n == 1 { "" } else { "s" })
}

/// The field a card list groups by, by name; an unknown one is a diagnostic.
pub fn group_field(
    deck: &Deck,
    group_by: Option<&crate::model::Located<String>>,
) -> Result<Option<usize>, Diagnostic> {
    let Some(name) = group_by else {
        return Ok(None);
    };
    deck.field_index(&name.value)
        .map(Some)
        .ok_or_else(|| deck.no_field(name))
}

#[cfg(test)]
mod tests {
    use super::Recent;

    #[test]
    fn a_value_is_measured_again_once_eight_others_came_after_it() {
        let mut recent = Recent::default();
        recent.remember("Attacker Only".into());
        assert!(recent.has("Attacker Only"));
        assert!(!recent.has("Defender Only"));
        for n in 0..Recent::HELD - 1 {
            recent.remember(format!("value {n}"));
        }
        assert!(recent.has("Attacker Only"), "seven later values keep it");
        recent.remember("one more".into());
        assert!(!recent.has("Attacker Only"), "the eighth pushes it out");
    }
}
