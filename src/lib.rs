//! grogpress: wargame data (TOML + Markdown) checked against a rules model and
//! published as print-ready components. Stages, in pipeline order:
//! `load` → `model` → `validate` → `publish` → `text` + `layout` → `render`;
//! `diag` carries problems, `live` rebuilds and previews on change (watch,
//! serve), and `cli` parses the command line and drives it all.

// Public: what the binary, tests, benches and fuzz targets use. The others
// are the crate's own, so rustc reports what in them is no longer used.
pub mod cli;
pub mod diag;
pub(crate) mod layout;
pub(crate) mod live;
pub mod load;
pub mod model;
pub(crate) mod par;
pub mod publish;
pub(crate) mod render;
pub(crate) mod text;
pub(crate) mod validate;

/// What the integration tests, benchmarks and fuzz targets reach below
/// `publish`, named once here. The stages themselves are crate-private, so
/// rustc reports anything in them that nothing uses; an item listed here is
/// kept for a test, a benchmark or a fuzz target, not for a caller.
#[doc(hidden)]
pub mod internals {
    pub use crate::layout::map::{MapFaces, TilePlan, draw_map, lay_out_tiles};
    pub use crate::layout::tracks::box_regions;
    pub use crate::layout::{Geometry, Item, RulebookBlock, link_mentions, read_blocks};
    pub use crate::par::{map, map_taking, workers};
    pub use crate::render::RenderError;
    pub use crate::render::html::{CONTENT_SECURITY_POLICY, PageLinks, UsedIds, render_markdown};
    pub use crate::render::png::{items_to_png, svg_to_png};
    pub use crate::text::linebreak::{Break, BreakKind, Measure, total_fit};
    pub use crate::text::mentions::TableNames;
    pub use crate::text::{Words, words::slots_in};
}

/// mimalloc for every binary of the crate: layout allocates many small
/// runs and items, and glibc's malloc spent a third of a 20,000-card build.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

unsafe extern "C" {
    /// mimalloc's own: frees what the heaps hold unused and, with `force`,
    /// hands it back to the system now rather than after its purge delay.
    fn mi_collect(force: bool);
}

unsafe extern "C" {
    /// The C library's immediate exit: the process ends with `status`
    /// without running `atexit` handlers.
    fn _exit(status: std::ffi::c_int) -> !;
}

/// Ends the process with `code` once standard output and error are
/// flushed, without the allocator's teardown: mimalloc's exit handler
/// hands every page it holds back to the system one `madvise` at a time,
/// a tenth of a short rulebook's time spent on memory the kernel frees
/// whole a moment later. Everything the command writes is written (and
/// synced) before it returns its code.
pub fn exit_now(code: std::process::ExitCode) -> ! {
    use std::io::Write;
    let _ = std::io::stdout().flush();
    let _ = std::io::stderr().flush();
    let status = (0..=u8::MAX)
        .find(|&n| std::process::ExitCode::from(n) == code)
        .map_or(2, std::ffi::c_int::from);
    // SAFETY: _exit takes no pointers; no Rust state is used after it.
    unsafe { _exit(status) }
}

/// Gives memory freed so far back to the system: called after a stage that
/// freed much (a long deck file read, then kept packed), so the next stage's
/// peak does not stand on top of it.
pub fn release_freed_memory() {
    // SAFETY: mi_collect takes no pointers and may be called at any time
    // from any thread; it only returns unused pages of the allocator's own.
    unsafe { mi_collect(true) }
}
