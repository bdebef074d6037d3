//! grogpress: wargame data (TOML + Markdown) checked against a rules model and
//! published as print-ready components. Stages, in pipeline order:
//! `load` → `model` → `validate` → `publish` → `text` + `layout` → `render`;
//! `diag` carries problems, `live` rebuilds and previews on change (watch,
//! serve), and `cli` parses the command line and drives it all.

pub mod cli;
pub mod diag;
pub mod layout;
pub mod live;
pub mod load;
pub mod model;
pub mod par;
pub mod publish;
pub mod render;
pub mod text;
pub mod validate;
