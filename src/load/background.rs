//! Load stage: a card template's `[background]` table — fill colour,
//! `[[background.art]]` icons and a `[background.border]` band — into a
//! [`Background`]. Colours are "#RRGGBB"; a bad one is a located `bad-value`.

use super::toml::{Reader, Table};
use crate::diag::Diagnostic;
use crate::model::{Art, Background, Border, Located, Rgb, parse_hex_color};

pub const BACKGROUND_KEYS: &[&str] = &["color", "art", "border"];
pub const ART_KEYS: &[&str] = &["icon", "color", "left", "top", "size"];
pub const BORDER_KEYS: &[&str] = &["color", "width"];

/// The template's background, if it declares one; problems go to the reader's diagnostics.
pub fn background(r: &mut Reader<'_>, root: &Table<'_>) -> Option<Background> {
    let t = r.table(root, "background")?;
    r.check_keys(t.get_ref(), BACKGROUND_KEYS, "[background]");
    let color = r.opt_str(&t, "color").and_then(|c| color(r, &c));
    let art = r
        .tables(&t, "art")
        .iter()
        .filter_map(|a| art(r, a))
        .collect();
    let border = r.table(&t, "border").and_then(|b| border(r, &b));
    Some(Background { color, art, border })
}

fn art(r: &mut Reader<'_>, t: &Table<'_>) -> Option<Art> {
    const W: &str = "[[background.art]]";
    r.check_keys(t.get_ref(), ART_KEYS, W);
    let icon = r.req_str(t, "icon", W);
    let color = r.req_str(t, "color", W).and_then(|c| color(r, &c));
    let left = r.req_length(t, "left", W);
    let top = r.req_length(t, "top", W);
    let size = r
        .req_length(t, "size", W)
        .and_then(|s| positive(r, s, "size"));
    Some(Art {
        icon: icon?,
        color: color?,
        left: left?.value,
        top: top?.value,
        size: size?,
    })
}

fn border(r: &mut Reader<'_>, t: &Table<'_>) -> Option<Border> {
    const W: &str = "[background.border]";
    r.check_keys(t.get_ref(), BORDER_KEYS, W);
    let color = r.req_str(t, "color", W).and_then(|c| color(r, &c));
    let width = r
        .req_length(t, "width", W)
        .and_then(|w| positive(r, w, "width"));
    Some(Border {
        color: color?,
        width: width?,
    })
}

pub(super) fn color(r: &mut Reader<'_>, value: &Located<String>) -> Option<Rgb> {
    let rgb = parse_hex_color(&value.value);
    if rgb.is_none() {
        r.diags.push(
            Diagnostic::error(
                "bad-value",
                format!("`{}` is not a colour", value.value),
                Some(value.loc.clone()),
            )
            .with_hint("write a colour as \"#RRGGBB\", e.g. \"#2F6FD0\""),
        );
    }
    rgb
}

fn positive(r: &mut Reader<'_>, value: Located<f32>, key: &str) -> Option<f32> {
    if value.value > 0.0 && value.value.is_finite() {
        return Some(value.value);
    }
    r.diags.push(
        Diagnostic::error(
            "bad-value",
            format!("`{key}` must be more than 0, not {}", value.value),
            Some(value.loc),
        )
        .with_hint(format!(
            "give `{key}` in points (9) or with a unit (\"3mm\")"
        )),
    );
    None
}
