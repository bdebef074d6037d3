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
use crate::render::html::CONTENT_SECURITY_POLICY;

/// What the preview shows: the build count, each game's last build (ok,
/// diagnostics), and the last event pushed (`run-N`: this run, a count).
#[derive(Clone, Default)]
struct State {
    version: u64,
    games: BTreeMap<String, (bool, String)>,
    run: String,
    event: u64,
}

impl State {
    fn last_event(&self) -> String {
        format!("{}-{}", self.run, self.event)
    }
}

type Shared = Arc<Mutex<State>>;

/// The threads answering requests (reading the disk); more wait their turn.
const ANSWERING: usize = 24;

/// The headers every answer carries: the pages' policy, no framing, no
/// sniffing, no referrer.
fn always_headers() -> [(&'static str, String); 3] {
    [
        (
            "Content-Security-Policy",
            format!("{CONTENT_SECURITY_POLICY}; frame-ancestors 'none'"),
        ),
        ("X-Content-Type-Options", "nosniff".to_string()),
        ("Referrer-Policy", "no-referrer".to_string()),
    ]
}

/// Serves the preview and watches the games until stopped.
pub fn serve(
    root: &Root,
    names: &[String],
    out: &Path,
    port: u16,
    format: Format,
) -> Result<bool, OpError> {
    let cannot_listen =
        |e: std::io::Error| OpError::new(format!("cannot listen on 127.0.0.1:{port}: {e}"));
    let listener = std::net::TcpListener::bind(("127.0.0.1", port)).map_err(cannot_listen)?;
    let address = listener.local_addr().map_err(cannot_listen)?;
    listener.set_nonblocking(true).map_err(cannot_listen)?;
    // This run of the server, so that a page from the last one reloads.
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let run = format!("{:x}", nanos ^ u128::from(std::process::id()));
    let state: Shared = Arc::new(Mutex::new(State {
        run: run.clone(),
        ..State::default()
    }));
    let hub = events::Hub::new(&run);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .max_blocking_threads(ANSWERING)
        .build()
        .map_err(|e| OpError::new(format!("cannot start the preview server: {e}")))?;
    let server = Arc::new(answer::Server {
        state: state.clone(),
        hub: hub.clone(),
        page: page::Page::new()?,
        out: out.to_path_buf(),
        port: address.port(),
        pages: fragments::Pages::default(),
    });
    let pages = server.clone();
    let listener = {
        let _inside = runtime.enter();
        tokio::net::TcpListener::from_std(listener).map_err(cannot_listen)?
    };
    runtime.spawn(hub.clone().keep());
    std::thread::spawn(move || runtime.block_on(answer::receive(listener, server)));
    eprintln!("serving the preview on http://{address}/");
    watch_with(root, names, out, format, true, &mut |event| match event {
        Event::Wrote(written) => {
            for (url, path) in files::changed_urls(written, out) {
                // A rewritten page of ours, read back as it will be served.
                let html = (url.ends_with(".html")).then(|| std::fs::read_to_string(&path));
                match html
                    .and_then(Result::ok)
                    .and_then(|h| pages.pages.update(&url, &h))
                {
                    Some(ids) if ids.is_empty() => {}
                    Some(ids) => {
                        let data = format!("{url} {}", ids.join(" "));
                        tell(&state, &hub, "fragments", &data);
                    }
                    None => tell(&state, &hub, "changed", &url),
                }
            }
        }
        Event::Built(built) => {
            let shown = state.lock().map(|mut s| {
                s.version += 1;
                s.games
                    .insert(built.game.clone(), (built.ok, built.diagnostics.clone()));
                s.clone()
            });
            if let Ok(shown) = shown {
                tell(&state, &hub, "built", &page::page_shape(&shown, out));
            }
        }
    })
}

/// Pushes an event to every open stream, numbered after the last one (under
/// the state's lock, so a page made before it carries a smaller number).
fn tell(state: &Shared, hub: &events::Hub, name: &str, data: &str) {
    if let Ok(mut s) = state.lock() {
        s.event += 1;
        hub.tell(s.event, name, data);
    }
}
