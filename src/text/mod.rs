//! Text stage: fonts from `fonts/`, measuring with the fonts' own advances,
//! rich-text runs (`**bold**`, `*italic*`) and line breaking with
//! shrink-to-fit. Input: strings and a box; output: positioned lines of glyphs.

mod font;
pub mod hyphenate;
pub mod icons;
pub(crate) mod linebreak;
mod lines;
pub mod mentions;
mod paragraph;
pub mod quotes;
pub mod rich;
pub mod rule_cites;
mod shape;
pub mod ties;
pub mod words;
pub mod words_lang;
mod wrap;

pub use font::{BookFace, Face, FaceId, Family, FontBook};
pub use lines::lines_within;
pub use paragraph::{Edge, fit_paragraph};
pub use rich::{parse_rich, plain_text, rich_problem};
pub use shape::{Glyph, clusters};
pub use words::Words;
pub use wrap::{Fit, FitError, FitRequest, HYPHEN, Line, fit_text, measure_text};

/// The committed DejaVu Sans Condensed as one family "sans", for unit tests.
#[cfg(test)]
pub(crate) fn sans_test_book() -> FontBook {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fonts");
    let files = [
        "DejaVuSansCondensed.ttf",
        "DejaVuSansCondensed-Bold.ttf",
        "DejaVuSansCondensed-Oblique.ttf",
        "DejaVuSansCondensed-BoldOblique.ttf",
    ];
    let faces = files
        .iter()
        .map(|f| {
            BookFace::parsed(
                Face::parse(std::fs::read(dir.join(f)).expect("font file")).expect("font parses"),
            )
        })
        .collect();
    FontBook {
        faces: std::sync::Arc::new(faces),
        families: vec![Family {
            name: "sans".into(),
            regular: 0,
            bold: 1,
            italic: 2,
            bold_italic: 3,
        }],
        icons: Vec::new(),
    }
}

/// At most the first `n` characters of `text`, without control
/// characters: a name quoted in a diagnostic, however long it is.
pub fn clip(text: &str, n: usize) -> String {
    text.chars().take(n).filter(|c| !c.is_control()).collect()
}
