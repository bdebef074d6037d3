//! Text stage: fonts from `fonts/`, measuring with the fonts' own advances,
//! rich-text runs (`**bold**`, `*italic*`) and line breaking with
//! shrink-to-fit. Input: strings and a box; output: positioned lines of glyphs.

mod font;
pub mod mentions;
mod rich;
mod wrap;

pub use font::{Face, FaceId, Family, FontBook};
pub use rich::{Span, parse_rich, plain_text, rich_problem};
pub use wrap::{Fit, FitError, FitRequest, HYPHEN, Line, Run, fit_text, fit_text_hyphenated};
