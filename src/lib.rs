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

/// mimalloc for every binary of the crate: layout allocates many small
/// runs and items, and glibc's malloc spent a third of a 20,000-card build.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
