//! Layout: the units and dice reference of a game with custom dice (Grid
//! Battles) — the units table (every declared field of the units
//! collection), the attack-bonus cycle, and each die's faces drawn as die
//! faces bearing icons (sword, burst, shield), with the die's expected
//! symbols per roll, and a legend of the symbols. One page.

use super::doc::{Doc, Geometry, Ink, Item, Page, Stroke, fit_items};
use crate::diag::Diagnostic;
use crate::model::{
    Align, Deck, FieldKind, FieldValue, Game, Icon, Paper, Style, VAlign, count_on, reduce,
};
use crate::text::{Family, FitError, FitRequest, FontBook, fit_text};

const MARGIN: f32 = 40.0;
const FACE: f32 = 46.0;
const FACE_GAP: f32 = 8.0;

/// What the page is laid out with.
pub struct UnitsDiceInput<'a> {
    pub game: &'a Game,
    pub title: &'a str,
    pub icons: &'a [Icon],
    pub family: &'a Family,
    pub book: &'a FontBook,
    pub paper: Paper,
}

/// Text placed into a box, one line, shrunk down to 70% if needed.
struct Writer<'a> {
    family: &'a Family,
    book: &'a FontBook,
    items: Vec<Item>,
    problems: Vec<Diagnostic>,
}

impl Writer<'_> {
    /// Writes `text` in a box; returns the height used.
    #[allow(clippy::too_many_arguments)]
    fn text(
        &mut self,
        text: &str,
        x: f32,
        y: f32,
        w: f32,
        size: f32,
        style: Style,
        align: Align,
    ) -> f32 {
        let req = FitRequest {
            text,
            family: self.family,
            style,
            width: w,
            height: f32::MAX,
            size,
            min_size: size,
            leading: 1.2,
            align,
            valign: VAlign::Top,
        };
        match fit_text(&req, self.book) {
            Ok(fit) => {
                let bottom = fit.bottom;
                self.items.extend(fit_items(fit, x, y, self.book));
                bottom.max(size * 1.2)
            }
            Err(FitError::MissingGlyphs(chars)) => {
                self.problems.push(crate::error!(
                    "missing-glyph",
                    None,
                    "the units and dice sheet uses characters the font lacks: {chars:?}"
                ));
                0.0
            }
            Err(FitError::Overflow { widest_word, .. }) => {
                self.problems.push(crate::error!(
                    "aid-overflow",
                    None,
                    "\"{text}\" has a word {widest_word:.0} pt wide in a {w:.0} pt column"
                ));
                0.0
            }
        }
    }
}

/// "attack_die" → "Attack die".
fn heading(field: &str) -> String {
    let s = field.replace('_', " ");
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// A field's value as the sheet prints it: a ref as the item's name, none as "-".
fn shown(game: &Game, deck: &Deck, card: &crate::model::Card, field: usize) -> String {
    let Some(v) = card.values.get(field).and_then(|v| v.as_ref()) else {
        return "-".to_string();
    };
    match (&deck.fields[field].kind, &v.value) {
        (FieldKind::Ref(to), FieldValue::Text(t)) => game
            .resolve(to, t)
            .map_or_else(|| t.to_string(), |r| r.name),
        _ => v.value.display(),
    }
}

/// Lays out the sheet; `Err` lists what could not be placed.
pub fn lay_out_units_and_dice(input: &UnitsDiceInput<'_>) -> Result<Doc, Vec<Diagnostic>> {
    let game = input.game;
    let Some(combat) = &game.dice_combat else {
        return Ok(Doc::default());
    };
    let (Some(units), Some(dice)) = (
        game.collection(&combat.units.value),
        game.collection(&combat.dice.value),
    ) else {
        return Ok(Doc::default());
    };
    let width = input.paper.width - 2.0 * MARGIN;
    let mut w = Writer {
        family: input.family,
        book: input.book,
        items: Vec::new(),
        problems: Vec::new(),
    };
    let mut y = MARGIN;
    y += w.text(
        &format!("{} — {}", game.name, input.title),
        MARGIN,
        y,
        width,
        18.0,
        Style::Bold,
        Align::Left,
    ) + 10.0;

    // Units table: the name, then every declared field but id and alias.
    y += w.text(
        &units.name,
        MARGIN,
        y,
        width,
        12.0,
        Style::Bold,
        Align::Left,
    ) + 4.0;
    let columns: Vec<usize> = (0..units.fields.len())
        .filter(|&i| !matches!(units.fields[i].name.as_str(), "id" | "alias"))
        .collect();
    let col_w = width / columns.len().max(1) as f32;
    let mut row_h: f32 = 0.0;
    for (c, &f) in columns.iter().enumerate() {
        let h = w.text(
            &heading(&units.fields[f].name),
            MARGIN + c as f32 * col_w,
            y,
            col_w - 4.0,
            9.0,
            Style::Bold,
            Align::Left,
        );
        row_h = row_h.max(h);
    }
    y += row_h + 2.0;
    w.items
        .push(Geometry::line(MARGIN, y, MARGIN + width, y).stroked(Stroke::solid(0.6)));
    y += 4.0;
    for card in &units.cards {
        let mut row_h: f32 = 0.0;
        for (c, &f) in columns.iter().enumerate() {
            let style = if f == units.title_field {
                Style::Bold
            } else {
                Style::Regular
            };
            let h = w.text(
                &shown(game, units, card, f),
                MARGIN + c as f32 * col_w,
                y,
                col_w - 4.0,
                10.0,
                style,
                Align::Left,
            );
            row_h = row_h.max(h);
        }
        y += row_h + 3.0;
        w.items.push(
            Geometry::line(MARGIN, y - 1.5, MARGIN + width, y - 1.5).stroked(Stroke::solid(0.25)),
        );
    }
    y += 12.0;

    // The attack-bonus cycle, followed from the first base type.
    if let Some(cycle) = bonus_cycle(
        game,
        units,
        &combat.base_type.value,
        &combat.bonus_against.value,
    ) {
        y += w.text(
            "Attack bonus",
            MARGIN,
            y,
            width,
            12.0,
            Style::Bold,
            Align::Left,
        ) + 3.0;
        y += w.text(
            &format!(
                "{} (each has the bonus against the next)",
                cycle.join(" > ")
            ),
            MARGIN,
            y,
            width,
            10.5,
            Style::Regular,
            Align::Left,
        ) + 14.0;
    }

    // Dice.
    y += w.text(&dice.name, MARGIN, y, width, 12.0, Style::Bold, Align::Left) + 6.0;
    let faces_at = dice.field_index(&combat.faces.value);
    let symbols: Vec<(String, String)> =
        faces_at.map_or_else(Vec::new, |i| dice.fields[i].symbols.clone());
    for card in &dice.cards {
        let Some(FieldValue::List(faces)) = faces_at
            .and_then(|i| card.values.get(i))
            .and_then(|v| v.as_ref())
            .map(|v| &v.value)
        else {
            continue;
        };
        let name = dice.item_ref(card).name;
        w.text(
            &name,
            MARGIN,
            y + FACE / 2.0 - 7.0,
            70.0,
            11.0,
            Style::Bold,
            Align::Left,
        );
        let mut x = MARGIN + 72.0;
        for face in faces {
            w.items
                .push(Geometry::rect(x, y, FACE, FACE, 6.0).stroked(Stroke::solid(0.8)));
            draw_face(&mut w.items, input.icons, &face.value, x, y, FACE);
            x += FACE + FACE_GAP;
        }
        // Expected symbols per roll.
        let n = faces.len() as u64;
        let expected: Vec<String> = symbols
            .iter()
            .filter_map(|(s, _)| {
                let total: u64 = faces.iter().map(|f| u64::from(count_on(&f.value, s))).sum();
                (total > 0).then(|| {
                    let (a, b) = reduce(total, n);
                    let frac = if b == 1 {
                        a.to_string()
                    } else {
                        format!("{a}/{b}")
                    };
                    format!("{frac} {s} ({:.2})", total as f64 / n as f64)
                })
            })
            .collect();
        w.text(
            &format!("Expected per roll: {}", expected.join(", ")),
            x + 4.0,
            y + FACE / 2.0 - 6.0,
            MARGIN + width - x - 4.0,
            9.0,
            Style::Regular,
            Align::Left,
        );
        y += FACE + 10.0;
    }
    y += 6.0;
    // Legend: each symbol's icon and meaning, from the faces field's declaration.
    for (symbol, meaning) in &symbols {
        if let Some(icon) = input.icons.iter().find(|i| i.name == *symbol) {
            w.items
                .push(Geometry::Path(icon.placed(MARGIN, y, 14.0)).filled(Ink::BLACK));
        }
        y += w
            .text(
                &format!("{symbol}: {meaning}"),
                MARGIN + 20.0,
                y + 1.0,
                width - 20.0,
                10.0,
                Style::Regular,
                Align::Left,
            )
            .max(14.0)
            + 4.0;
    }
    y += 10.0;
    for line in &game.copyright {
        y += w.text(line, MARGIN, y, width, 8.0, Style::Italic, Align::Left) + 1.0;
    }
    w.text(
        "Icons: Game Icons (game-icons.net) by Lorc, Delapouite and contributors, CC BY 3.0.",
        MARGIN,
        y,
        width,
        8.0,
        Style::Italic,
        Align::Left,
    );
    if y > input.paper.height - MARGIN {
        w.problems.push(crate::error!(
            "aid-overflow",
            Some(dice.loc.clone()),
            "the units and dice sheet is {:.0} pt too long for one page",
            y - (input.paper.height - MARGIN)
        ));
    }
    if !w.problems.is_empty() {
        let at = dice.loc.clone();
        return Err(w
            .problems
            .into_iter()
            .map(|d| {
                if d.loc.is_none() {
                    d.with_loc(at.clone())
                } else {
                    d
                }
            })
            .collect());
    }
    Ok(Doc {
        title: format!("{} — {}", game.name, input.title),
        lang: None,
        pages: vec![Page {
            width: input.paper.width,
            height: input.paper.height,
            items: w.items,
        }],
    })
}

/// The icons of one face, arranged in the face's square: one large, or up to
/// three in a row, or a grid; the face is `size` points square.
pub(super) fn draw_face(
    items: &mut Vec<Item>,
    icons: &[Icon],
    face: &str,
    x: f32,
    y: f32,
    size: f32,
) {
    let face_size = size;
    let symbols: Vec<&str> = face.split_whitespace().collect();
    let n = symbols.len();
    if n == 0 {
        return;
    }
    let per_row = match n {
        1 => 1,
        2 | 4 => 2,
        _ => 3,
    };
    let rows = n.div_ceil(per_row);
    let cell = (face_size - 8.0) / per_row.max(rows) as f32;
    let size = cell * if n == 1 { 0.8 } else { 0.9 };
    let top = y + (face_size - rows as f32 * cell) / 2.0;
    for (i, symbol) in symbols.iter().enumerate() {
        let (r, c) = (i / per_row, i % per_row);
        let in_row = (n - r * per_row).min(per_row);
        let left = x + (face_size - in_row as f32 * cell) / 2.0;
        let (ix, iy) = (
            left + c as f32 * cell + (cell - size) / 2.0,
            top + r as f32 * cell + (cell - size) / 2.0,
        );
        if let Some(icon) = icons.iter().find(|i| i.name == *symbol) {
            items.push(Geometry::Path(icon.placed(ix, iy, size)).filled(Ink::BLACK));
        }
    }
}

/// Base-type names round the bonus cycle: "Missile > Infantry > Mounted > Missile".
fn bonus_cycle(game: &Game, units: &Deck, base_field: &str, against: &str) -> Option<Vec<String>> {
    let FieldKind::Ref(to) = &units.fields[units.field_index(base_field)?].kind else {
        return None;
    };
    let bases = game.collection(to)?;
    let first = bases.cards.first()?;
    let mut names = vec![bases.item_ref(first).name];
    let mut at = first;
    for _ in 0..bases.cards.len() {
        let next = bases.item(&bases.get(at, against)?)?;
        names.push(bases.item_ref(next).name);
        if std::ptr::eq(next, first) {
            return Some(names);
        }
        at = next;
    }
    None
}
