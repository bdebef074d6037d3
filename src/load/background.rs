//! Load stage: a card template's `[background]` table — fill colour,
//! `[[background.art]]` icons and a `[background.border]` band — into a
//! [`Background`]. Colours are "#RRGGBB"; a bad one is a located `bad-value`.

use super::spec::{Tab, table};
use super::toml::{Reader, Table};
use crate::model::{Art, Background, Border, Located, Rgb, parse_hex_color};

table! { pub mod background: "[background]",
    "Drawn behind the frames and text, out to the bleed edge in print-shop and --bleed output and to the trim on butted home sheets.";
    color: opt Str("Fill colour, \"#RRGGBB\"."),
    art: opt Tables(&art::DEF),
    border: opt Table(&border::DEF),
}

table! { pub mod art: "[[background.art]]",
    "An icon in a colour; it may run past the trim into the bleed.";
    icon: req Str("A built-in icon or the game's icons/<icon>.svg."),
    color: req Str("\"#RRGGBB\"."),
    left: req Length("From the card's top-left corner; may be negative."),
    top: req Length("From the card's top-left corner; may be negative."),
    size: req Length("The icon's square."),
}

table! { pub mod border: "[background.border]", "A band along the card's edge, over the art.";
    color: req Str("\"#RRGGBB\"."),
    width: req Length("Inside the trim; it carries on through the bleed."),
}

/// The template's background, if it declares one; problems go to the reader's diagnostics.
pub fn background(r: &mut Reader<'_>, root: &Tab<'_, '_>) -> Option<Background> {
    use background as k;
    let t = r.get(root, super::template::layout::background)?;
    let t = r.open(&t, &k::DEF);
    let color = r.get(&t, k::color).and_then(|c| color(r, &c));
    let art = r.get(&t, k::art).iter().filter_map(|a| art(r, a)).collect();
    let border = r.get(&t, k::border).and_then(|b| border(r, &b));
    Some(Background { color, art, border })
}

fn art(r: &mut Reader<'_>, t: &Table<'_>) -> Option<Art> {
    use art as k;
    let t = r.open(t, &k::DEF);
    let icon = r.get(&t, k::icon);
    let color = r.get(&t, k::color).and_then(|c| color(r, &c));
    let left = r.get(&t, k::left);
    let top = r.get(&t, k::top);
    let size = r.get(&t, k::size).and_then(|s| positive(r, s, "size"));
    Some(Art {
        icon: icon?,
        color: color?,
        left: left?.value,
        top: top?.value,
        size: size?,
    })
}

fn border(r: &mut Reader<'_>, t: &Table<'_>) -> Option<Border> {
    use border as k;
    let t = r.open(t, &k::DEF);
    let color = r.get(&t, k::color).and_then(|c| color(r, &c));
    let width = r.get(&t, k::width).and_then(|w| positive(r, w, "width"));
    Some(Border {
        color: color?,
        width: width?,
    })
}

pub(super) fn color(r: &mut Reader<'_>, value: &Located<String>) -> Option<Rgb> {
    let rgb = parse_hex_color(&value.value);
    if rgb.is_none() {
        r.diags.push(crate::error!(
            "bad-value", Some(value.loc), "`{}` is not a colour", value.value;
            hint: "write a colour as \"#RRGGBB\", e.g. \"#2F6FD0\""
        ));
    }
    rgb
}

fn positive(r: &mut Reader<'_>, value: Located<f32>, key: &str) -> Option<f32> {
    if value.value > 0.0 && value.value.is_finite() {
        return Some(value.value);
    }
    r.diags.push(crate::error!(
        "bad-value", Some(value.loc), "`{key}` must be more than 0, not {}", value.value;
        hint: "give `{key}` in points (9) or with a unit (\"3mm\")"
    ));
    None
}
