//! grogpress: wargame data (TOML + Markdown) checked against a rules model and
//! published as print-ready components. Stages, in pipeline order:
//! `load` → `model` → `validate` → `publish` → `text` + `layout` → `render`;
//! `diag` carries problems, `live` rebuilds and previews on change (watch,
//! serve), and `cli` parses the command line and drives it all.

// Public: what the binary, tests, benches and fuzz targets use. The others
// are the crate's own, so rustc reports what in them is no longer used.
pub mod cli;
pub mod diag;
pub mod layout;
pub(crate) mod live;
pub mod load;
pub mod model;
pub mod par;
pub mod publish;
pub mod render;
pub mod text;
pub(crate) mod validate;

/// mimalloc for every binary of the crate: layout allocates many small
/// runs and items, and glibc's malloc spent a third of a 20,000-card build.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

unsafe extern "C" {
    /// mimalloc's own: frees what the heaps hold unused and, with `force`,
    /// hands it back to the system now rather than after its purge delay.
    fn mi_collect(force: bool);
}

/// Gives memory freed so far back to the system: called after a stage that
/// freed much (a long deck file read, then kept packed), so the next stage's
/// peak does not stand on top of it.
pub fn release_freed_memory() {
    // SAFETY: mi_collect takes no pointers and may be called at any time
    // from any thread; it only returns unused pages of the allocator's own.
    unsafe { mi_collect(true) }
}
