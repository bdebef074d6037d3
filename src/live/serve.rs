//! Live: `grogpress serve [GAME...]` — `watch`, plus a preview on
//! http://127.0.0.1:PORT/ that follows every rebuild. Input: the games
//! watched and each build's events; output: HTTP answers on the loopback
//! port (each game's diagnostics, pages as PNGs, card images, PDFs, HTML
//! reference) and the rebuilds pushed as [`events`]. The game folder and
//! whatever talks to the port are untrusted: hyper bounds each request's
//! head, the [`answer`]s check `Host` (no DNS rebinding), send only regular
//! files under `out/<game>/` through no symbolic link ([`files`]), and
//! carry the Content-Security-Policy; the [`page`] is a built-in template.

mod answer;
mod events;
mod files;
mod page;

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, Mutex};

use super::fragments;
use super::watch::{Event, watch_with};
use crate::diag::print::Format;
use crate::load::{OpError, Root};

/// What the preview shows: the build count and each game's last build
/// (ok, diagnostics).
#[derive(Clone, Default)]
struct State {
    version: u64,
    games: BTreeMap<String, (bool, String)>,
}

/// The threads answering requests (reading the disk); more wait their turn.
const ANSWERING: usize = 24;

/// Serves the preview and watches the games until stopped.
pub fn serve(
    root: &Root,
    names: &[String],
    out: &Path,
    port: u16,
    format: Format,
) -> Result<bool, OpError> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .max_blocking_threads(ANSWERING)
        .build()
        .map_err(|e| OpError::new(format!("cannot start the preview server: {e}")))?;
    let cannot_listen =
        |e: std::io::Error| OpError::new(format!("cannot listen on 127.0.0.1:{port}: {e}"));
    let listener = runtime.block_on(tokio::net::TcpListener::bind(("127.0.0.1", port)));
    let listener = listener.map_err(cannot_listen)?;
    let address = listener.local_addr().map_err(cannot_listen)?;
    // This run of the server (a random number), so that a page from the last one reloads.
    let run = std::hash::BuildHasher::hash_one(&std::hash::RandomState::new(), ());
    let server = Arc::new(answer::Server {
        state: Mutex::default(),
        hub: events::Hub::new(&format!("{run:x}")),
        out: out.to_path_buf(),
        port: address.port(),
        pages: fragments::Pages::default(),
    });
    let (answering, pinging) = (server.clone(), server.clone());
    runtime.spawn(async move { pinging.hub.keep().await });
    std::thread::spawn(move || runtime.block_on(answer::receive(listener, answering)));
    eprintln!("serving the preview on http://{address}/");
    let hub = &server.hub;
    watch_with(root, names, out, format, true, &mut |event| match event {
        Event::Wrote(written) => {
            for (url, path) in files::changed_urls(written, out) {
                // A rewritten page of ours, read back as it will be served.
                let html = (url.ends_with(".html")).then(|| std::fs::read_to_string(&path).ok());
                match html.flatten().and_then(|h| server.pages.update(&url, &h)) {
                    Some(ids) if ids.is_empty() => {}
                    Some(ids) => hub.tell("fragments", &format!("{url} {}", ids.join(" "))),
                    None => hub.tell("changed", &url),
                }
            }
        }
        Event::Built(built) => {
            let shown = server.state.lock().map(|mut s| {
                s.version += 1;
                s.games
                    .insert(built.game.clone(), (built.ok, built.diagnostics.clone()));
                s.clone()
            });
            if let Ok(shown) = shown {
                hub.tell("built", &page::shape(&page::shown(&shown, out)));
            }
        }
    })
}
