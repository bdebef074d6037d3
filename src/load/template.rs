//! Load stage: a card layout template (`templates/labels/<name>.toml`) into a [`CardTemplate`].

use super::spec::{Key, Tab, kinds, one_of, table};
use super::toml::{MAX_TYPE_SIZE, Reader, Table, parse};

/// The most a text region's `leading` may be: ten times its type size.
const MAX_LEADING: f32 = 10.0;
use crate::diag::{Diagnostic, Diagnostics, FileId, Loc};
use crate::model::{
    Align, Anchor, CardTemplate, FitMode, Frame, ImageRegion, ImageSource, Located, MIN_CONTRAST,
    Region, Rgb, Style, TextColor, VAlign, contrast,
};

/// An anchor's words: a horizontal and/or a vertical side.
impl super::spec::OneOf for Anchor {
    const WORDS: &'static [&'static str] = &[
        "center",
        "top",
        "bottom",
        "left",
        "right",
        "top-left",
        "top-right",
        "bottom-left",
        "bottom-right",
    ];
    const VALUES: &'static [Anchor] = &[
        Anchor::CENTER,
        Anchor { x: 0.5, y: 0.0 },
        Anchor { x: 0.5, y: 1.0 },
        Anchor { x: 0.0, y: 0.5 },
        Anchor { x: 1.0, y: 0.5 },
        Anchor { x: 0.0, y: 0.0 },
        Anchor { x: 1.0, y: 0.0 },
        Anchor { x: 0.0, y: 1.0 },
        Anchor { x: 1.0, y: 1.0 },
    ];
}

one_of!(impl FitMode { Cover = "cover", Contain = "contain", Stretch = "stretch" });
one_of!(impl Style { Regular = "regular", Bold = "bold", Italic = "italic", BoldItalic = "bold-italic" });
one_of!(impl Align { Left = "left", Center = "center", Right = "right" });
one_of!(impl VAlign { Top = "top", Middle = "middle", Bottom = "bottom" });

table! { pub mod layout: "a card template" / "the template",
    "A card layout: regions of the card, one per field, and frames.";
    name: req Str("The layout's name."),
    family: req Str("A font family of fonts/fonts.toml."),
    regions: opt Tables(&region::DEF),
    frames: opt Tables(&frame::DEF),
    background: opt Table(&crate::load::background::background::DEF),
    images: opt Tables(&image::DEF),
}

table! { pub mod image: "[[images]]",
    "A picture on the card: a fixed file, or the file a card field names, fitted into a box; cut off at the box (with rounded corners), it may run past the trim into the bleed.";
    file: opt Str("A PNG, JPEG or SVG file, relative to the game folder: the same picture on every card. With `field`, a file name whose {} is the card's value, e.g. \"art/{}.svg\"."),
    field: opt Str("A deck field whose value names each card's picture file (relative to the game folder)."),
    left: req Length("Points from the card's top-left corner, or a string with a unit; may be negative."),
    top: req Length("Points from the card's top-left corner, or a string with a unit; may be negative."),
    width: req Length("Points, or a string with a unit."),
    height: req Length("Points, or a string with a unit."),
    fit: opt Word(FitMode, "cover fills the box and cuts off the rest (default); contain shows all of it; stretch fills the box out of shape."),
    anchor: opt Word(Anchor, "Where the picture sits in its box, and what cover keeps (default center)."),
    radius: opt Length("Corner radius of the box the picture is cut off at (default 0)."),
}

table! { pub mod frame: "[[frames]]", "A rectangle outline drawn on the card.";
    left: req Length("Points from the card's top-left corner, or a string with a unit."),
    top: req Length("Points from the card's top-left corner, or a string with a unit."),
    width: req Length("Points from the card's top-left corner, or a string with a unit."),
    height: req Length("Points from the card's top-left corner, or a string with a unit."),
    radius: opt Length("Corner radius (default 0)."),
    stroke: opt Length("Line width (default 0.75 pt)."),
    when: opt Str("A deck field: the frame is drawn only on cards that have a value of it (a yes-no field: yes)."),
    equals: opt Str("With `when`: drawn only on cards whose value of that field is this (as written or as it prints)."),
}

table! { pub mod region: "[[regions]]", "A box on the card, in points from its top-left corner.";
    field: req Str("The deck field printed here."),
    left: req Length("Points, or a string with a unit."),
    top: req Length("Points, or a string with a unit."),
    width: req Length("Points, or a string with a unit."),
    height: req Length("Points, or a string with a unit."),
    style: opt Word(Style, "Type style."),
    size: req Num("Preferred type size, pt: more than 0, at most 720."),
    min_size: opt Num("Shrink down to this before card-overflow (more than 0)."),
    align: opt Word(Align, "Alignment."),
    valign: opt Word(VAlign, "Vertical alignment."),
    leading: opt Num("Line height as a multiple of the size: more than 0, at most 10."),
    format: opt Str("{} is the field's text, e.g. \"{}:\"."),
    color: opt Str(
        "The text's colour, \"#RRGGBB\", or \"side\": the colour of the card's side (default black)."),
}

/// Loads a template; `families` are the font families it may name.
pub fn load_card_template(
    id: &str,
    file: FileId,
    text: &str,
    families: &[&str],
    diags: &mut Diagnostics,
) -> Option<CardTemplate> {
    let root = parse(file, text, diags)?;
    use layout as k;
    let mut r = Reader::new(file, diags);
    let root = r.open(&root, &k::DEF);
    // Read so a wrong type is still reported, but nothing prints a
    // layout's name yet: the model does not keep it.
    let _ = r.get(&root, k::name);
    let family = r.get(&root, k::family)?;
    if !families.contains(&family.value.as_str()) {
        r.diags.push(crate::error!(
            "dangling-reference", Some(family.loc),
            "no font family `{}` in fonts/fonts.toml", family.value;
            hint: "families: {}", families.join(", ")
        ));
        return None;
    }
    let regions: Vec<Region> = r
        .get(&root, k::regions)
        .iter()
        .filter_map(|t| region(&mut r, t))
        .collect();
    let frames = r
        .get(&root, k::frames)
        .iter()
        .filter_map(|t| frame(&mut r, t))
        .collect();
    let background = super::background::background(&mut r, &root);
    let images = r
        .get(&root, k::images)
        .iter()
        .filter_map(|t| image(&mut r, t))
        .collect();
    if let Some(fill) = background.as_ref().and_then(|b| b.color) {
        for region in &regions {
            warn_low_contrast(&mut r, region, fill);
        }
    }
    Some(CardTemplate {
        id: id.to_string(),
        source: format!("template `{id}`"),
        family: family.value,
        regions,
        frames,
        background,
        images,
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
        crate::warning!(
            "low-contrast", Some(region.loc),
            "the text of `{}` has a contrast of {ratio:.1}:1 on the card's background; \
             at least {MIN_CONTRAST}:1 reads well",
            region.field;
            hint: "give the region a text colour that stands out, e.g. color = {better}, or lighten the background"
        ),
    );
}

fn frame(r: &mut Reader<'_>, t: &Table<'_>) -> Option<Frame> {
    use frame as k;
    let t = r.open(t, &k::DEF);
    let left = r.get(&t, k::left);
    let top = r.get(&t, k::top);
    let width = r.get(&t, k::width);
    let height = r.get(&t, k::height);
    let radius = r.get(&t, k::radius).map_or(0.0, |l| l.value);
    let stroke = r.get(&t, k::stroke).map_or(0.75, |l| l.value);
    let when = r.get(&t, k::when);
    let equals = r.get(&t, k::equals);
    if let (None, Some(equals)) = (&when, &equals) {
        r.diags.push(crate::error!(
            "missing-field", Some(equals.loc),
            "`equals` compares a field's value, and the frame has no `when` naming the field";
            hint: "add when = \"<field>\" beside equals"
        ));
    }
    let when = when.map(|field| crate::model::FrameWhen { field, equals });
    let left = left?;
    Some(Frame {
        left: left.value,
        top: top?.value,
        width: width?.value,
        height: height?.value,
        radius,
        stroke,
        when,
        loc: left.loc,
    })
}

/// An `[[images]]` region: exactly one of `file` and `field`, a box of
/// positive size.
fn image(r: &mut Reader<'_>, t: &Table<'_>) -> Option<ImageRegion> {
    use image as k;
    let t = &r.open(t, &k::DEF);
    let file = r.get(t, k::file);
    let field = r.get(t, k::field);
    let left = r.get(t, k::left);
    let top = r.get(t, k::top);
    let width = r.get(t, k::width);
    let height = r.get(t, k::height);
    let radius = r.get(t, k::radius).map_or(0.0, |l| l.value.max(0.0));
    let (fit, anchor) = fit_and_anchor(r, t, k::fit, k::anchor);
    let (left, top, width, height) = (left?, top?, width?, height?);
    let (source, pattern) = image_source(r, file, field, &left.loc, ("an image region", "card"))?;
    for (v, key) in [(&width, "width"), (&height, "height")] {
        if !(v.value > 0.0 && v.value.is_finite()) {
            r.diags.push(crate::error!(
                "bad-value", Some(v.loc),
                "`{key}` must be more than 0, not {}", v.value;
                hint: "give `{key}` in points (90) or with a unit (\"30mm\")"
            ));
            return None;
        }
    }
    let loc = match &source {
        ImageSource::File(v) | ImageSource::Field(v) => v.loc,
    };
    Some(ImageRegion {
        source,
        left: left.value,
        top: top.value,
        width: width.value,
        height: height.value,
        fit,
        anchor,
        radius,
        pattern,
        loc,
    })
}

/// How a picture fills its box: `fit` (default cover) and `anchor`
/// (default center), of an `[[images]]` region or the counters' image.
pub(super) fn fit_and_anchor(
    r: &mut Reader<'_>,
    t: &Tab<'_, '_>,
    fit: Key<kinds::Word<FitMode>>,
    anchor: Key<kinds::Word<Anchor>>,
) -> (FitMode, Anchor) {
    let fit = r.get(t, fit).map_or(FitMode::Cover, |f| f.value);
    let anchor = r.get(t, anchor).map_or(Anchor::CENTER, |a| a.value);
    (fit, anchor)
}

/// Where a picture comes from: `file` (the same on every `each`: card,
/// unit), `field` (naming each one's file), or both with `{}` in the file
/// for the field's value (the pattern returned); else a `bad-value` about
/// `what` at the file, or at `at` when neither is given.
pub(super) fn image_source(
    r: &mut Reader<'_>,
    file: Option<Located<String>>,
    field: Option<Located<String>>,
    at: &Loc,
    (what, each): (&str, &str),
) -> Option<(ImageSource, Option<String>)> {
    match (file, field) {
        (Some(file), None) => Some((ImageSource::File(file), None)),
        (None, Some(field)) => Some((ImageSource::Field(field), None)),
        (Some(file), Some(field)) if file.value.matches("{}").count() == 1 => {
            Some((ImageSource::Field(field), Some(file.value)))
        }
        (file, _) => {
            let both = file.is_some();
            let loc = file.map_or_else(|| *at, |v| v.loc);
            r.diags.push(
                Diagnostic::error(
                    "bad-value",
                    if both {
                        format!("{what} has both `file` and `field`, and the file has no `{{}}` for the field's value")
                    } else {
                        format!("{what} needs `file` or `field`")
                    },
                    Some(loc),
                )
                .with_hint(format!("give `file` for the same picture on every {each}, `field` for a {each} field naming each {each}'s picture, or both with the value's place in the file: file = \"art/{{}}.svg\"")),
            );
            None
        }
    }
}

fn region(r: &mut Reader<'_>, t: &Table<'_>) -> Option<Region> {
    use region as k;
    let t = &r.open(t, &k::DEF);
    let field = r.get(t, k::field);
    let left = r.get(t, k::left);
    let top = r.get(t, k::top);
    let width = r.get(t, k::width);
    let height = r.get(t, k::height);
    let size = r.get(t, k::size);
    let size = r.positive(size, "size", MAX_TYPE_SIZE, "pt");
    let min_size = r.get(t, k::min_size);
    let min_size = r.positive(min_size, "min_size", MAX_TYPE_SIZE, "pt");
    let leading = r.get(t, k::leading);
    let leading = r
        .positive(leading, "leading", MAX_LEADING, "")
        .map_or(1.2, |l| l.value);
    let format = r.get(t, k::format).map(|f| f.value);
    let color = r.get(t, k::color).and_then(|c| {
        if c.value == "side" {
            return Some(TextColor::Side);
        }
        super::background::color(r, &c).map(TextColor::Rgb)
    });
    let style = r.get(t, k::style).map(|s| s.value);
    let align = r.get(t, k::align).map(|a| a.value);
    let valign = r.get(t, k::valign).map(|v| v.value);
    let (field, size) = (field?, size?);
    let min_size = min_size.map_or(size.value, |m| m.value.min(size.value));
    Some(Region {
        field: field.value,
        left: left?.value,
        top: top?.value,
        width: width?.value,
        height: height?.value,
        style: style.unwrap_or(Style::Regular),
        size: size.value,
        min_size,
        align: align.unwrap_or(Align::Left),
        valign: valign.unwrap_or(VAlign::Top),
        leading,
        format,
        translated_at: None,
        color,
        loc: field.loc,
    })
}

#[cfg(test)]
mod tests {
    use super::super::spec::OneOf;
    use super::*;

    #[test]
    fn anchors_are_words() {
        assert_eq!(Anchor::parse("center"), Some(Anchor::CENTER));
        assert_eq!(
            Anchor::parse("bottom-right"),
            Some(Anchor { x: 1.0, y: 1.0 })
        );
        assert_eq!(Anchor::parse("top"), Some(Anchor { x: 0.5, y: 0.0 }));
        assert_eq!(Anchor::parse("middle"), None);
        assert_eq!(Anchor::parse("top-center"), None);
        assert_eq!(Anchor { x: 0.0, y: 1.0 }.word(), "bottom-left");
    }
}
