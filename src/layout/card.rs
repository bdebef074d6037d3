//! Layout: one card of a deck laid out on a card template — each field fitted
//! into its region — as items relative to the card's top-left corner.

use super::doc::{Geometry, Ink, Item, Stroke, fit_items};
use super::fit_memo::FitMemo;
use crate::diag::{Diagnostic, Loc};
use crate::model::{CardTemplate, Deck, FieldDecl, FieldKind, Game, Rgb, TextColor};
use crate::text::{Family, FitError, FitRequest, FontBook, fit_text};

/// A laid-out card: its items relative to its top-left corner.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CardFace {
    pub items: Vec<Item>,
}

/// Lays out card `index` of `deck`, its region texts fitted once per `memo`
/// (which belongs to `template`). Text that cannot fit is a `card-overflow`
/// diagnostic naming the card and field; characters the font lacks are `missing-glyph`.
pub fn lay_out_card(
    game: &Game,
    deck: &Deck,
    index: usize,
    (template, memo): (&CardTemplate, &FitMemo),
    family: &Family,
    book: &FontBook,
) -> Result<CardFace, Vec<Diagnostic>> {
    let card = &deck.cards[index];
    let title = deck.card_title(index);
    let value_of = |name: &str| {
        let field = deck.field_index(name)?;
        let value = card.values[field].as_ref()?;
        let decl = &deck.fields[field];
        let written = value.value.display();
        let raw = decl.printed(&value.value);
        let named = display_name(game, decl, &raw);
        Some(Value {
            set: !(matches!(decl.kind, FieldKind::YesNo(_)) && written == crate::model::NO),
            // A yes/no that prints nothing leaves its region (and format) empty.
            shown: !(raw.is_empty() && matches!(decl.kind, FieldKind::YesNo(_))),
            written,
            raw,
            named,
            loc: value.loc,
        })
    };
    lay_out_regions(
        (template, Some(memo)),
        family,
        book,
        &format!("card \"{title}\""),
        side_color(game, deck, index),
        value_of,
    )
}

/// The colour of the side a card belongs to: the side its first `ref`
/// field to `sides` names, if that side has a colour.
fn side_color(game: &Game, deck: &Deck, index: usize) -> Option<Rgb> {
    let card = &deck.cards[index];
    deck.fields.iter().enumerate().find_map(|(i, field)| {
        let FieldKind::Ref(to) = &field.kind else {
            return None;
        };
        if to != "sides" {
            return None;
        }
        let raw = card.values.get(i)?.as_ref()?.value.display();
        let id = game.resolve("sides", &raw)?.id;
        game.sides.iter().find(|s| s.id == id)?.color
    })
}

/// Lays out a deck's card back: regions name `game` or `deck` (their names).
pub fn lay_out_back(
    template: &CardTemplate,
    family: &Family,
    book: &FontBook,
    game_name: &str,
    deck_name: &str,
) -> Result<CardFace, Vec<Diagnostic>> {
    let value_of = |name: &str| {
        let text = match name {
            "game" => game_name,
            "deck" => deck_name,
            _ => return None,
        };
        let region = template.regions.iter().find(|r| r.field == name)?;
        Some(Value {
            set: true,
            shown: true,
            written: text.to_string(),
            raw: text.to_string(),
            named: text.to_string(),
            loc: region.loc,
        })
    };
    lay_out_regions(
        (template, None),
        family,
        book,
        &format!("the back of {deck_name}"),
        None,
        value_of,
    )
}

/// A field's text for a region: as written, with refs and symbols spelled out
/// (`{name}` in a region's format), and where it came from.
struct Value {
    /// As the data holds it ("yes" for a yes/no field).
    written: String,
    raw: String,
    named: String,
    /// The card has the value (a yes/no field: yes), as a frame's `when` asks.
    set: bool,
    /// Its region prints it (a yes/no field whose text is empty does not).
    shown: bool,
    loc: Loc,
}

impl Value {
    /// Whether a frame drawn `when` this field (`equals` a value) is drawn.
    fn holds(&self, equals: Option<&str>) -> bool {
        match equals {
            Some(e) => self.written == e || self.raw == e || self.named == e,
            None => self.set && !self.written.trim().is_empty(),
        }
    }
}

/// How a value reads in full: a ref's item name ("A" -> "Attack"), a
/// symbol's meaning ("U" -> "Any type of Unit"), else the value itself.
fn display_name(game: &Game, field: &FieldDecl, raw: &str) -> String {
    if let Some((_, meaning)) = field.symbols.iter().find(|(s, _)| s == raw) {
        return meaning.clone();
    }
    match &field.kind {
        FieldKind::Ref(to) => game
            .resolve(to, raw)
            .map_or_else(|| raw.to_string(), |item| item.name),
        _ => raw.to_string(),
    }
}

/// Frames, then each region's text (from `value_of(field)`) fitted into its
/// box, or taken from `memo` when fitted there before.
fn lay_out_regions(
    (template, memo): (&CardTemplate, Option<&FitMemo>),
    family: &Family,
    book: &FontBook,
    what: &str,
    side: Option<Rgb>,
    value_of: impl Fn(&str) -> Option<Value>,
) -> Result<CardFace, Vec<Diagnostic>> {
    let mut items: Vec<Item> = template
        .frames
        .iter()
        .filter(|f| match &f.when {
            None => true,
            Some(when) => value_of(&when.field.value)
                .is_some_and(|v| v.holds(when.equals.as_ref().map(|e| e.value.as_str()))),
        })
        .map(|f| {
            Geometry::rect(f.left, f.top, f.width, f.height, f.radius)
                .stroked(Stroke::solid(f.stroke))
        })
        .collect();
    let mut problems = Vec::new();
    for (n, region) in template.regions.iter().enumerate() {
        let Some(Value {
            raw,
            named,
            loc,
            shown: true,
            ..
        }) = value_of(&region.field)
        else {
            continue;
        };
        let text = match &region.format {
            Some(format) => formatted(format, &raw, &named),
            None => raw,
        };
        let request = FitRequest {
            text: &text,
            family,
            style: region.style,
            width: region.width,
            height: region.height,
            size: region.size,
            min_size: region.min_size,
            leading: region.leading,
            align: region.align,
            valign: region.valign,
        };
        // A region is its own place in the template.
        let place = [n as u32, 0, 0, 0];
        let fitted = match memo.and_then(|m| m.items(place, &text)) {
            Some((items, _)) => Ok(items),
            None => fit_text(&request, book).map(|fit| {
                let bottom = fit.bottom;
                let items = fit_items(fit, region.left, region.top, book);
                if let Some(memo) = memo {
                    memo.keep(place, &text, Some(&items), bottom);
                }
                items
            }),
        };
        match fitted {
            Ok(text) => {
                let color = match region.color {
                    Some(TextColor::Rgb(rgb)) => Some(rgb),
                    Some(TextColor::Side) => side,
                    None => None,
                };
                match color {
                    // Its glyphs and inline icons in the colour.
                    Some(rgb) => items.extend(text.into_iter().map(|mut item| {
                        match &mut item {
                            Item::Text(t) => t.ink = Some(Ink::Rgb(rgb)),
                            Item::Shape(s) => s.fill = s.fill.map(|_| Ink::Rgb(rgb)),
                            Item::Image(_) | Item::Tag(_) => {}
                        }
                        item
                    })),
                    None => items.extend(text),
                }
            }
            Err(FitError::Overflow {
                needed_height,
                widest_word,
            }) => {
                let why = if widest_word > region.width {
                    format!(
                        "a word is {widest_word:.1} pt wide and the region {:.1} pt",
                        region.width
                    )
                } else {
                    format!(
                        "it needs {needed_height:.1} pt of height and the region has {:.1} pt",
                        region.height
                    )
                };
                // A format a translation gives is told where it gives it.
                problems.push(crate::error!(
                    "card-overflow", Some(region.translated_at.unwrap_or(loc)),
                    "{what}: field `{}` does not fit its region of {} even at {} pt",
                    region.field, template.source, region.min_size;
                    hint: "{why}; shorten the text, or enlarge the region or lower min_size in {}",
                    template.source
                ));
            }
            Err(FitError::MissingGlyphs(chars)) => {
                let list: String = chars
                    .iter()
                    .map(|c| format!("'{c}' (U+{:04X}) ", *c as u32))
                    .collect();
                problems.push(crate::error!(
                    "missing-glyph", Some(loc),
                    "{what}: field `{}` uses characters the font lacks: {}",
                    region.field, list.trim_end();
                    hint: "replace the characters, or add a font that has them to fonts/"
                ));
            }
        }
    }
    if problems.is_empty() {
        Ok(CardFace { items })
    } else {
        Err(problems)
    }
}

/// Lays out the given cards on all cores, in order.
pub fn lay_out_cards(
    game: &Game,
    deck: &Deck,
    indices: &[usize],
    template: (&CardTemplate, &FitMemo),
    family: &Family,
    book: &FontBook,
) -> Vec<Result<CardFace, Vec<Diagnostic>>> {
    crate::par::map(indices, 64, |&i| {
        lay_out_card(game, deck, i, template, family, book)
    })
}

/// A region's `format` with `{}` the value's text and `{name}` its item's
/// name. The format's own `*`s are markup when they pair up (`*{}*` sets the
/// value in italics) and print as themselves when one closes nothing (`{}*`,
/// a footnote mark, is the value and an asterisk, not the start of italics).
fn formatted(format: &str, raw: &str, named: &str) -> String {
    let own = format.replace("{}", "x").replace("{name}", "x");
    let format = if crate::text::rich::rich_problem(&own).is_some() {
        crate::text::rich::literal(format)
    } else {
        format.to_string()
    };
    format.replace("{}", raw).replace("{name}", named)
}

#[cfg(test)]
mod format_tests {
    use super::formatted;
    use crate::text::plain_text;

    #[test]
    fn a_lone_asterisk_in_a_format_prints_and_a_pair_is_markup() {
        assert_eq!(plain_text(&formatted("{}*", "3", "")), "3*");
        assert_eq!(plain_text(&formatted("Cost {} *", "3", "")), "Cost 3 *");
        assert_eq!(formatted("*{}*", "Scout", ""), "*Scout*");
        assert_eq!(plain_text(&formatted("*{}*", "Scout", "")), "Scout");
        assert_eq!(formatted("{name}:", "x", "Tank"), "Tank:");
    }
}
