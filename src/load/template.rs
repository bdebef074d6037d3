//! Load stage: a card layout template (`templates/labels/<name>.toml`) into a [`CardTemplate`].

use super::toml::{Reader, Table, parse};
use crate::diag::{Diagnostic, Diagnostics, FileId};
use crate::model::{
    Align, CardTemplate, Frame, MIN_CONTRAST, Region, Rgb, Style, TextColor, VAlign, contrast,
};

pub const TEMPLATE_KEYS: &[&str] = &["name", "family", "regions", "frames", "background"];
pub const FRAME_KEYS: &[&str] = &["left", "top", "width", "height", "radius", "stroke"];
pub const REGION_KEYS: &[&str] = &[
    "field", "left", "top", "width", "height", "style", "size", "min_size", "align", "valign",
    "leading", "format", "color",
];

/// Loads a template; `families` are the font families it may name.
pub fn load_card_template(
    id: &str,
    file: FileId,
    text: &str,
    families: &[&str],
    diags: &mut Diagnostics,
) -> Option<CardTemplate> {
    let root = parse(file, text, diags)?;
    let mut r = Reader::new(file, diags);
    r.check_keys(root.get_ref(), TEMPLATE_KEYS, "a card template");
    let name = r
        .req_str(&root, "name", "the template")
        .map(|n| n.value)
        .unwrap_or_default();
    let family = r.req_str(&root, "family", "the template")?;
    if !families.contains(&family.value.as_str()) {
        r.diags.push(
            Diagnostic::error(
                "dangling-reference",
                format!("no font family `{}` in fonts/fonts.toml", family.value),
                Some(family.loc.clone()),
            )
            .with_hint(format!("families: {}", families.join(", "))),
        );
        return None;
    }
    let regions: Vec<Region> = r
        .tables(&root, "regions")
        .iter()
        .filter_map(|t| region(&mut r, t))
        .collect();
    let frames = r
        .tables(&root, "frames")
        .iter()
        .filter_map(|t| frame(&mut r, t))
        .collect();
    let background = super::background::background(&mut r, &root);
    if let Some(fill) = background.as_ref().and_then(|b| b.color) {
        for region in &regions {
            warn_low_contrast(&mut r, region, fill);
        }
    }
    Some(CardTemplate {
        id: id.to_string(),
        source: format!("template `{id}`"),
        name,
        family: family.value,
        regions,
        frames,
        background,
        file,
    })
}

/// Text that barely differs from the card's fill (black on dark blue) is
/// hard to read on paper: a `low-contrast` warning at the region.
fn warn_low_contrast(r: &mut Reader<'_>, region: &Region, fill: Rgb) {
    let text = match region.color {
        Some(TextColor::Rgb(rgb)) => rgb,
        // Each card's own side colour: not known here.
        Some(TextColor::Side) => return,
        None => [0.0; 3],
    };
    let ratio = contrast(text, fill);
    if ratio >= MIN_CONTRAST {
        return;
    }
    let better = if contrast([1.0; 3], fill) > contrast([0.0; 3], fill) {
        "\"#FFFFFF\""
    } else {
        "\"#000000\""
    };
    r.diags.push(
        Diagnostic::warning(
            "low-contrast",
            format!(
                "the text of `{}` has a contrast of {ratio:.1}:1 on the card's background; \
                 at least {MIN_CONTRAST}:1 reads well",
                region.field
            ),
            Some(region.loc.clone()),
        )
        .with_hint(format!(
            "give the region a text colour that stands out, e.g. color = {better}, or lighten the background"
        )),
    );
}

fn frame(r: &mut Reader<'_>, t: &Table<'_>) -> Option<Frame> {
    const W: &str = "[[frames]]";
    r.check_keys(t.get_ref(), FRAME_KEYS, W);
    let left = r.req_length(t, "left", W);
    let top = r.req_length(t, "top", W);
    let width = r.req_length(t, "width", W);
    let height = r.req_length(t, "height", W);
    let radius = r.opt_length(t, "radius").map_or(0.0, |l| l.value);
    let stroke = r.opt_length(t, "stroke").map_or(0.75, |l| l.value);
    let left = left?;
    Some(Frame {
        left: left.value,
        top: top?.value,
        width: width?.value,
        height: height?.value,
        radius,
        stroke,
        loc: left.loc,
    })
}

fn region(r: &mut Reader<'_>, t: &Table<'_>) -> Option<Region> {
    const W: &str = "[[regions]]";
    r.check_keys(t.get_ref(), REGION_KEYS, W);
    let field = r.req_str(t, "field", W);
    let left = r.req_length(t, "left", W);
    let top = r.req_length(t, "top", W);
    let width = r.req_length(t, "width", W);
    let height = r.req_length(t, "height", W);
    let size = r.req_number(t, "size", W);
    let min_size = r.opt_number(t, "min_size");
    let leading = r.opt_number(t, "leading").map_or(1.2, |l| l.value);
    let format = r.opt_str(t, "format").map(|f| f.value);
    let color = r.opt_str(t, "color").and_then(|c| {
        if c.value == "side" {
            return Some(TextColor::Side);
        }
        super::background::color(r, &c).map(TextColor::Rgb)
    });
    let style = choice(
        r,
        t,
        "style",
        &[
            ("regular", Style::Regular),
            ("bold", Style::Bold),
            ("italic", Style::Italic),
            ("bold-italic", Style::BoldItalic),
        ],
    )
    .unwrap_or(Style::Regular);
    let align = choice(
        r,
        t,
        "align",
        &[
            ("left", Align::Left),
            ("center", Align::Center),
            ("right", Align::Right),
        ],
    )
    .unwrap_or(Align::Left);
    let valign = choice(
        r,
        t,
        "valign",
        &[
            ("top", VAlign::Top),
            ("middle", VAlign::Middle),
            ("bottom", VAlign::Bottom),
        ],
    )
    .unwrap_or(VAlign::Top);
    let (field, size) = (field?, size?);
    let min_size = min_size.map_or(size.value, |m| m.value.min(size.value));
    Some(Region {
        field: field.value,
        left: left?.value,
        top: top?.value,
        width: width?.value,
        height: height?.value,
        style,
        size: size.value,
        min_size,
        align,
        valign,
        leading,
        format,
        color,
        loc: field.loc,
    })
}

/// A string key that must be one of a few names.
fn choice<T: Copy>(
    r: &mut Reader<'_>,
    t: &Table<'_>,
    key: &str,
    options: &[(&str, T)],
) -> Option<T> {
    let v = r.opt_str(t, key)?;
    let found = options
        .iter()
        .find(|(name, _)| *name == v.value)
        .map(|(_, value)| *value);
    if found.is_none() {
        let names: Vec<&str> = options.iter().map(|(n, _)| *n).collect();
        r.diags.push(
            Diagnostic::error(
                "bad-value",
                format!("`{key}` cannot be `{}`", v.value),
                Some(v.loc),
            )
            .with_hint(format!("use one of: {}", names.join(", "))),
        );
    }
    found
}
