//! Layout: the aid blocks drawn from a game's collections — an `items`
//! table (a row per item), a `chain` (a ref field followed round a
//! collection) and `dice` (each die face by face, its expected symbols per
//! roll, a legend of the symbols) — set into the aid's column by its
//! [`Setter`]. Every word printed is the game's: its field names or the
//! block's headings, labels and notes.

use super::aid::Setter;
use super::die_faces::draw_face;
use super::doc::{Geometry, Ink, Stroke};
use crate::diag::Loc;
use crate::model::{
    AidColumn, Align, Card, Deck, FieldKind, FieldValue, Game, Located, Style, count_on, reduce,
};

/// "attack_die" → "Attack die".
fn heading(field: &str) -> String {
    let s = field.replace('_', " ");
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// A field's value as the table prints it: a ref as the item's name, none as `empty`.
fn shown(game: &Game, deck: &Deck, card: &Card, field: usize, empty: &str) -> String {
    let Some(v) = card.values.get(field).and_then(|v| v.as_ref()) else {
        return empty.to_string();
    };
    match (&deck.fields[field].kind, &v.value) {
        (FieldKind::Ref(to), FieldValue::Text(t)) => game
            .resolve(to, t)
            .map_or_else(|| t.to_string(), |r| r.name),
        _ => deck.fields[field].printed(&v.value),
    }
}

/// The items of `collection` as a table under a rule: a header row of the
/// columns' headings, a row per item (its title field in bold), a hairline
/// under each. Returns the y below it. A collection or field that is not
/// there is reported by validate.
pub(super) fn items(
    s: &mut Setter<'_>,
    game: &Game,
    collection: &Located<String>,
    columns: &[AidColumn],
    empty: &str,
    loc: &Loc,
    mut y: f32,
) -> f32 {
    let Some(deck) = game.collection(&collection.value) else {
        return y;
    };
    // (field index, heading)
    let shown_columns: Vec<(usize, String)> = if columns.is_empty() {
        (0..deck.fields.len())
            .filter(|&i| !matches!(deck.fields[i].name.as_str(), "id" | "alias"))
            .map(|i| (i, heading(&deck.fields[i].name)))
            .collect()
    } else {
        columns
            .iter()
            .filter_map(|c| {
                let i = deck.field_index(&c.field.value)?;
                Some((
                    i,
                    c.heading.clone().unwrap_or_else(|| heading(&c.field.value)),
                ))
            })
            .collect()
    };
    let (width, size) = (s.width, s.size);
    let col_w = width / shown_columns.len().max(1) as f32;
    let pad = size * 0.4;
    let mut row_h: f32 = 0.0;
    for (c, (_, head)) in shown_columns.iter().enumerate() {
        let h = s.text(
            &crate::text::rich::literal(head),
            loc,
            c as f32 * col_w,
            y,
            col_w - pad,
            0.86,
            Style::Bold,
            Align::Left,
        );
        row_h = row_h.max(h);
    }
    y += row_h + size * 0.2;
    s.items
        .push(Geometry::line(0.0, y, width, y).stroked(Stroke::solid(0.6)));
    y += size * 0.4;
    for card in &deck.cards {
        let mut row_h: f32 = 0.0;
        for (c, &(f, _)) in shown_columns.iter().enumerate() {
            let style = if f == deck.title_field {
                Style::Bold
            } else {
                Style::Regular
            };
            let h = s.text(
                &crate::text::rich::literal(&shown(game, deck, card, f, empty)),
                &card.loc,
                c as f32 * col_w,
                y,
                col_w - pad,
                0.95,
                style,
                Align::Left,
            );
            row_h = row_h.max(h);
        }
        y += row_h + size * 0.3;
        let rule = y - size * 0.15;
        s.items
            .push(Geometry::line(0.0, rule, width, rule).stroked(Stroke::solid(0.25)));
    }
    y
}

/// The names round `field` from the collection's first item, until the chain
/// comes back to it or ends: "Missile > Infantry > Mounted > Missile".
pub fn chain_names(deck: &Deck, field: &str) -> Vec<String> {
    let Some(first) = deck.cards.first() else {
        return Vec::new();
    };
    let mut names = vec![deck.item_ref(first).name];
    let mut at = first;
    for _ in 0..deck.cards.len() {
        let Some(next) = deck.get(at, field).and_then(|v| deck.item(&v)) else {
            break;
        };
        names.push(deck.item_ref(next).name);
        if std::ptr::eq(next, first) {
            break;
        }
        at = next;
    }
    names
}

/// The chain of `field` round `collection` and its note, one paragraph.
pub(super) fn chain(
    s: &mut Setter<'_>,
    game: &Game,
    collection: &Located<String>,
    field: &Located<String>,
    note: Option<&Located<String>>,
    y: f32,
) -> f32 {
    let Some(deck) = game.collection(&collection.value) else {
        return y;
    };
    let names: Vec<String> = chain_names(deck, &field.value)
        .iter()
        .map(|n| crate::text::rich::literal(n))
        .collect();
    let mut text = names.join(" > ");
    if let Some(note) = note {
        text = format!("{text} {}", note.value);
    }
    let width = s.width;
    y + s.text(
        &text,
        &field.loc,
        0.0,
        y,
        width,
        1.0,
        Style::Regular,
        Align::Left,
    )
}

/// "7/6 sword (1.17), 1/3 burst (0.33)": each symbol a die bears, its count
/// over the faces per roll, exact and to two places.
fn expected_counts(symbols: &[(String, String)], faces: &[Located<String>]) -> String {
    let n = faces.len() as u64;
    symbols
        .iter()
        .filter_map(|(symbol, _)| {
            let total: u64 = faces
                .iter()
                .map(|f| u64::from(count_on(&f.value, symbol)))
                .sum();
            (total > 0).then(|| {
                let (a, b) = reduce(total, n);
                let frac = if b == 1 {
                    a.to_string()
                } else {
                    format!("{a}/{b}")
                };
                format!("{frac} {symbol} ({:.2})", total as f64 / n.max(1) as f64)
            })
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Each die of `collection`: its name, its faces drawn as rounded squares
/// bearing their symbols' icons and, with `expected`, that label and the
/// expected count of each symbol; then, with `legend`, each symbol's icon
/// and meaning. A die whose faces do not fit the column is `aid-overflow`,
/// a symbol without an icon `unknown-icon` (at the block's faces field).
pub(super) fn dice(
    s: &mut Setter<'_>,
    game: &Game,
    collection: &Located<String>,
    faces_field: &Located<String>,
    expected: Option<&Located<String>>,
    legend: bool,
    mut y: f32,
) -> f32 {
    let Some(deck) = game.collection(&collection.value) else {
        return y;
    };
    let Some(at) = deck.field_index(&faces_field.value) else {
        return y;
    };
    let symbols = deck.fields[at].symbols.clone();
    // A symbol drawn without its icon would leave a face short of it.
    for (symbol, _) in &symbols {
        if !s.icons.iter().any(|i| i.name == *symbol) {
            s.problems.push(crate::error!(
                "unknown-icon", Some(faces_field.loc),
                "the dice's symbol `{symbol}` has no icon to draw it on their faces";
                hint: "add icons/{symbol}.svg to the game's folder (one <svg viewBox> of <path>s)"
            ));
        }
    }
    let (width, size) = (s.width, s.size);
    let face = size * 4.4;
    let gap = size * 0.76;
    let name_w = size * 6.9;
    let mut first = true;
    for card in &deck.cards {
        let Some(FieldValue::List(faces)) = card
            .values
            .get(at)
            .and_then(|v| v.as_ref())
            .map(|v| &v.value)
        else {
            continue;
        };
        if !first {
            y += size * 0.95;
        }
        first = false;
        let name = deck.item_ref(card).name;
        let after = name_w + faces.len() as f32 * (face + gap);
        let text_w = width - after - size * 0.4;
        let room = if expected.is_some() { size * 8.0 } else { 0.0 };
        if text_w < room {
            s.problems.push(crate::error!(
                "aid-overflow", Some(card.loc),
                "the die `{name}` has {} faces, too many to draw across the aid's {width:.0} pt column",
                faces.len();
                hint: "print the aid with fewer copies side by side, or on wider paper"
            ));
            continue;
        }
        let name_h = s.size * 1.05 * s.leading;
        s.text(
            &crate::text::rich::literal(&name),
            &card.loc,
            0.0,
            y + (face - name_h) / 2.0,
            name_w - size * 0.2,
            1.05,
            Style::Bold,
            Align::Left,
        );
        let mut x = name_w;
        for f in faces {
            s.items.push(
                Geometry::rect(x, y, face, face, face * 6.0 / 46.0).stroked(Stroke::solid(0.8)),
            );
            draw_face(&mut s.items, s.icons, &f.value, x, y, face);
            x += face + gap;
        }
        let mut row_h = face;
        if let Some(label) = expected {
            let text = format!("{}: {}", label.value, expected_counts(&symbols, faces));
            // Measured first, then set centred on the faces.
            let mut probe = Setter {
                family: s.family,
                book: s.book,
                icons: s.icons,
                width,
                size,
                leading: s.leading,
                items: Vec::new(),
                problems: Vec::new(),
            };
            let h = probe.text(
                &text,
                &label.loc,
                0.0,
                0.0,
                text_w,
                0.86,
                Style::Regular,
                Align::Left,
            );
            let top = y + ((face - h) / 2.0).max(0.0);
            s.text(
                &text,
                &label.loc,
                after + size * 0.4,
                top,
                text_w,
                0.86,
                Style::Regular,
                Align::Left,
            );
            row_h = row_h.max(h);
        }
        y += row_h;
    }
    if legend {
        y += size * 1.5;
        let icon = size * 1.33;
        for (n, (symbol, meaning)) in symbols.iter().enumerate() {
            if n > 0 {
                y += size * 0.4;
            }
            if let Some(i) = s.icons.iter().find(|i| i.name == *symbol) {
                s.items
                    .push(Geometry::Path(i.placed(0.0, y, icon)).filled(Ink::BLACK));
            }
            let text = format!("{}: {meaning}", crate::text::rich::literal(symbol));
            let h = s.text(
                &text,
                &faces_field.loc,
                icon + size * 0.6,
                y + size * 0.1,
                width - icon - size * 0.6,
                0.95,
                Style::Regular,
                Align::Left,
            );
            y += h.max(icon);
        }
    }
    y
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_name_becomes_a_heading() {
        assert_eq!(heading("attack_die"), "Attack die");
        assert_eq!(heading("name"), "Name");
        assert_eq!(heading(""), "");
    }

    #[test]
    fn expected_counts_are_exact_fractions_over_the_faces() {
        let faces: Vec<Located<String>> = ["", "hit", "hit hit", "hit star"]
            .iter()
            .map(|f| {
                Located::new(
                    f.to_string(),
                    Loc::new(crate::diag::FileId::default(), 0..0),
                )
            })
            .collect();
        let symbols = vec![
            ("hit".to_string(), "a hit".to_string()),
            ("star".to_string(), "a star".to_string()),
            ("block".to_string(), "a block".to_string()),
        ];
        // 4 hits over 4 faces; 1 star over 4; no block, left out.
        assert_eq!(
            expected_counts(&symbols, &faces),
            "1 hit (1.00), 1/4 star (0.25)"
        );
    }
}
