//! Live: `grogpress serve [GAME...]` — `watch`, plus a preview on
//! http://127.0.0.1:PORT/ that follows every rebuild. Input: the games
//! watched and each build's events; output: HTTP answers on the loopback
//! port: each game's diagnostics, card images, every page it publishes
//! (card sheets, aids, charts...) as a PNG, links to its PDFs and its HTML
//! reference.
//!
//! Changes are pushed, not polled: `/__events` is a server-sent event
//! stream that names each file as the rebuild writes it (`changed`) and
//! ends each build with the shape of the preview page (`built`). The
//! preview page swaps each changed image in place and reloads only when
//! what it lists changed; a page of the HTML reference served here gets the
//! same script (a `<script src>` added to its head, so the policy holds)
//! and reloads when its own file changed.
//!
//! A game folder is untrusted input, and so is whatever talks to the port (a
//! page in the browser may aim requests at it). So: only the loopback
//! address is bound and only its own names are answered (`Host:
//! 127.0.0.1:PORT`, `localhost:PORT`, `[::1]:PORT`, which a DNS-rebinding
//! page cannot send); a request's head is bounded in size and time by the
//! [`door`], which also keeps slow and excess clients from holding up the
//! others; [`answer`]s are read and written by hyper on a one-thread tokio
//! runtime (file reads on a few threads of their own); only regular files
//! under `out/<game>/` of a served game are sent, with no symbolic link
//! followed on the way ([`files`]); every answer carries the
//! Content-Security-Policy and `nosniff`, and the page's own script and
//! style are served files. Event streams ([`events`]) are capped at
//! [`events::MAX_STREAMS`]; the [`page`] is a built-in template.

mod answer;
mod door;
mod events;
mod files;
mod page;

use std::collections::BTreeMap;
use std::net::TcpListener;
use std::path::Path;
use std::sync::{Arc, Mutex};

use super::watch::{Event, watch_with};
use crate::diag::print::Format;
use crate::load::{OpError, Root};
use crate::render::html::CONTENT_SECURITY_POLICY;

/// How many requests are answered at once (a file read, a page made); a
/// complete request past them waits at the door.
const ANSWERING: usize = 24;
/// The threads that read files and folders for the answers.
const READERS: usize = 8;

/// What the preview shows: a version that changes on every build, each
/// game's last build, and the id of the last event pushed (`run-N`: the
/// run of the server, then a count).
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

/// What tells this run of the server from another (so that a page from
/// the last one reloads): the time it started and its process id.
fn run_id() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    format!("{:x}", nanos ^ u128::from(std::process::id()))
}

/// The headers every answer carries: the policy of the HTML pages plus what
/// only a header can say (no framing), no sniffing, no referrer.
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
    let listener = TcpListener::bind(("127.0.0.1", port)).map_err(cannot_listen)?;
    let address = listener.local_addr().map_err(cannot_listen)?;
    let run = run_id();
    let state: Shared = Arc::new(Mutex::new(State {
        run: run.clone(),
        ..State::default()
    }));
    let hub = events::Hub::new(&run);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .max_blocking_threads(READERS)
        .build()
        .map_err(|e| OpError::new(format!("cannot start the preview server: {e}")))?;
    let answers = runtime.handle().clone();
    let server = Arc::new(answer::Server {
        state: state.clone(),
        hub: hub.clone(),
        page: page::Page::new()?,
        out: out.to_path_buf(),
        port: address.port(),
    });
    std::thread::spawn({
        let hub = hub.clone();
        move || runtime.block_on(hub.keep())
    });
    let places = Arc::new(tokio::sync::Semaphore::new(ANSWERING));
    std::thread::spawn(move || {
        door::receive(&listener, &|job| match places.clone().try_acquire_owned() {
            Ok(place) => {
                answers.spawn(answer::connection(job, place, server.clone()));
                Ok(())
            }
            Err(_) => Err(job),
        });
    });
    eprintln!("serving the preview on http://{address}/");
    watch_with(root, names, out, format, true, &mut |event| match event {
        Event::Wrote(written) => {
            for url in files::changed_urls(written, out) {
                tell(&state, &hub, "changed", &url);
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
