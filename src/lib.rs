//! grogpress: wargame data (TOML + Markdown) checked against a rules model and
//! published as print-ready components. Stages, in pipeline order:
//! `load` → `model` → `validate` → `text` + `layout` → `render`; `diag` carries
//! problems and `cli` drives it all.

pub mod cli;
pub mod diag;
pub mod layout;
pub mod load;
pub mod model;
pub mod par;
pub mod publish;
pub mod render;
pub mod text;
pub mod validate;
