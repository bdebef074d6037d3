//! CLI: `grogpress serve [GAME...]` — `watch`, plus a preview on
//! http://127.0.0.1:PORT/ that follows every rebuild: each game's
//! diagnostics, card images, every page it publishes (card sheets, aids,
//! charts...) as a PNG, and links to its PDFs and HTML reference.
//!
//! Changes are pushed, not polled: `/__events` is a server-sent event
//! stream that names each file as the rebuild writes it (`changed`) and
//! ends each build with the shape of the preview page (`built`). The
//! preview page swaps each changed image in place and reloads only when
//! what it lists changed; a page of the HTML reference served here gets the
//! same script (a `<script src>` added to its head, so the policy holds)
//! and reloads when its own file changed. Event streams are held by one
//! thread, not by workers, at most [`MAX_STREAMS`] at a time; a stream the
//! client has closed is dropped within [`STREAM_CHECK`], one that does not
//! read its events as soon as they no longer fit in its socket's buffer.
//!
//! A game folder is untrusted input, and so is whatever talks to the port (a
//! page in the browser may aim requests at it). So: only the loopback address
//! is bound and only its own names are answered (`Host: 127.0.0.1:PORT`,
//! `localhost:PORT`, `[::1]:PORT`, which a DNS-rebinding page cannot send);
//! a request's line and headers are at most 8 KB and must arrive within 5 s
//! of the connection. One thread accepts connections and reads every
//! request as it comes, without waiting on any one client, so a slow client
//! costs a buffer, not a thread; complete requests go to a fixed pool of
//! workers through a bounded queue, and wait in hand while it is full (503
//! with `Retry-After` past [`QUEUE_WAIT`]). Connections past what is held
//! wait in the kernel's queue; a connection refused is answered whole, its
//! request read and dropped before it is closed (closing with unread input
//! would reset it and lose the answer). Only regular files under
//! `out/<game>/` of a served game are sent, with no symbolic link followed
//! on the way; every answer carries the Content-Security-Policy and
//! `nosniff`, and the page's own script and style are served files.

use std::collections::{BTreeMap, VecDeque};
use std::ffi::OsString;
use std::fs::File;
use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::watch::{Event, watch_with};
use crate::diag::print::Format;
use crate::load::{OpError, Root};
use crate::publish::Written;
use crate::render::html::CONTENT_SECURITY_POLICY;
use crate::render::svg::escape;

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

/// What tells this run of the server from another (so that a page from
/// the last one reloads): the time it started and its process id.
fn run_id() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    format!("{:x}", nanos ^ u128::from(std::process::id()))
}

type Shared = Arc<Mutex<State>>;

/// The most a request's line and headers may hold together.
const MAX_HEAD: usize = 8 * 1024;
/// The time from a connection to the end of its request's headers.
const REQUEST_DEADLINE: Duration = Duration::from_secs(5);
/// The most connections whose request is still coming in; a new one past
/// it makes the one that has waited longest (and more than [`FRESH`]) be
/// refused (503); while all are fresh, new ones wait in the kernel's queue.
const MAX_PENDING: usize = 64;
/// The most connections held at once by the thread reading requests:
/// those coming in, those waiting for a worker, and those refused whose
/// remaining input is being dropped. Past it, new ones wait in the
/// kernel's queue.
const MAX_HELD: usize = 4 * MAX_PENDING;
/// How long a complete request may wait for a place in the workers' queue
/// before it is answered 503.
const QUEUE_WAIT: Duration = Duration::from_secs(5);
/// What a 503 tells the client: ask again after this many seconds.
const RETRY_AFTER_S: u32 = 1;
/// How often requests still coming in are looked at: at once in a
/// connection's first moments (a normal request is there straight away),
/// then less often (a slow client can wait).
const SWEEP_FRESH: Duration = Duration::from_millis(1);
const SWEEP_SLOW: Duration = Duration::from_millis(20);
const FRESH: Duration = Duration::from_millis(50);
/// At most this much is read from one connection per sweep.
const READS_PER_SWEEP: usize = 64;
/// The time an answer has to be written (a client that does not read holds
/// its worker no longer).
const RESPONSE_DEADLINE: Duration = Duration::from_secs(10);
/// After refusing a request that was still coming in (too long, too slow),
/// what the client still sends is read and dropped (closing with unread
/// data would reset the connection and lose the answer): until it is quiet
/// this long, or at most the total.
const DRAIN_QUIET: Duration = Duration::from_millis(200);
const DRAIN_TOTAL: Duration = Duration::from_secs(1);
/// Workers answering complete requests, and requests that may wait for one.
const WORKERS: usize = 8;
const QUEUE: usize = 16;
/// The most event streams open at once (503 past it).
const MAX_STREAMS: usize = 16;
/// How often the event streams are looked at for one the client closed.
const STREAM_CHECK: Duration = Duration::from_secs(1);
/// How many of the last events are kept for a page that starts listening,
/// and the most of them sent to it (they go without waiting, so they must
/// fit in a fresh connection's buffer).
const BACKLOG: usize = 1024;
const MAX_REPLAY: usize = 8 * 1024;
/// How often an idle event stream gets a comment line (which also finds a
/// client gone without a word).
const STREAM_PING: Duration = Duration::from_secs(15);
/// The most of an HTML file read to add the preview script to it; a
/// larger one is sent as it is.
const MAX_LIVE_HTML: u64 = 16 * 1024 * 1024;

/// The policy of the HTML pages plus what only a header can say (no framing).
fn content_security_policy() -> String {
    format!("{CONTENT_SECURITY_POLICY}; frame-ancestors 'none'")
}

/// The preview script, on the preview page and on every HTML page served:
/// listens to `/__events` from the last event before the page was made
/// (its tag's `data-seq`), so it misses none; the preview page's tag also
/// carries the page's shape (`data-shape`).
const PREVIEW_JS: &str = r#"// grogpress preview: follow the rebuilds pushed on /__events.
// The preview page swaps each changed image and reloads when what it lists
// changed. Another page (the HTML reference) shows its own file's change
// at once: when only its <main> changed, the new <main> is put in place,
// and the page reloads once the build is over (so its own scripts see the
// new page); else it reloads straight away, as it does when a style sheet
// beside it changed.
(() => {
  const me = document.currentScript;
  if (!me || !window.EventSource) return;
  let seen = me.dataset.seq;
  const shape = me.dataset.shape;
  const here = location.pathname;
  const folder = (url) => url.slice(0, url.lastIndexOf("/") + 1);
  // The page but for what its <main> holds, as it was sent.
  const frameOf = (doc) => {
    const body = doc.body ? doc.body.cloneNode(true) : null;
    const main = body ? body.querySelector("main#main") : null;
    if (!main) return null;
    main.replaceChildren();
    return body.outerHTML;
  };
  const frame = shape === undefined ? frameOf(document) : null;
  let asked = 0;
  let swapped = false;
  let built = false;
  const update = async () => {
    const mine = ++asked;
    built = false;
    try {
      const answer = await fetch(here, { cache: "no-store" });
      if (!answer.ok) throw new Error(answer.status);
      const doc = new DOMParser().parseFromString(await answer.text(), "text/html");
      if (mine !== asked) return;
      const main = doc.querySelector("main#main");
      if (frame === null || !main || frameOf(doc) !== frame) throw new Error("changed");
      const nodes = Array.from(main.childNodes, (n) => document.importNode(n, true));
      document.querySelector("main#main").replaceChildren(...nodes);
      document.title = doc.title;
      swapped = true;
      if (built) location.reload();
    } catch (e) {
      location.reload();
    }
  };
  const changed = (id, url) => {
    if (shape === undefined) {
      if (url === here) update();
      else if (url.endsWith(".css") && folder(url) === folder(here)) location.reload();
      return;
    }
    const under = url.endsWith("/");
    for (const img of document.images) {
      const path = new URL(img.src).pathname;
      if (path === url || (under && path.startsWith(url))) {
        img.src = path + "?v=" + id;
      }
    }
  };
  const connect = () => {
    const events = new EventSource("/__events?since=" + encodeURIComponent(seen));
    events.addEventListener("hello", (e) => {
      // Too far behind, or another server: start again.
      if (e.data !== "fresh") location.reload();
    });
    events.addEventListener("changed", (e) => {
      seen = e.lastEventId;
      changed(e.lastEventId, e.data);
    });
    events.addEventListener("built", (e) => {
      seen = e.lastEventId;
      if (shape !== undefined) {
        if (e.data !== shape) location.reload();
      } else if (swapped) {
        location.reload();
      } else {
        built = true; // a new <main> still on its way reloads when it lands
      }
    });
    events.onerror = () => {
      // Refused (too many streams) or the server has gone: try again from
      // the last event seen.
      events.close();
      setTimeout(connect, 2000);
    };
  };
  connect();
})();
"#;

/// The preview page's style.
const PREVIEW_CSS: &str = "body { font-family: sans-serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.3em; } small { font-weight: normal; font-size: 0.7em; }
.ok { color: #2a7a2a; } .bad { color: #b00020; }
pre { background: #f6f0f0; border-left: 4px solid #b00020; padding: 0.8em; overflow-x: auto; }
.cards img { width: 240px; margin: 4px; border: 1px solid #ccc; }
.pages { display: flex; flex-wrap: wrap; gap: 12px; }
.pages figure { margin: 0; } .pages img { width: 300px; border: 1px solid #999; box-shadow: 1px 1px 4px #bbb; }
figcaption { font-size: 0.8em; color: #555; }
";

/// A complete request for a worker: the connection and the request's head.
struct Job {
    stream: TcpStream,
    head: Vec<u8>,
}

/// Serves the preview and watches the games until stopped.
pub fn serve(
    root: &Root,
    names: &[String],
    out: &Path,
    port: u16,
    format: Format,
) -> Result<bool, OpError> {
    let listener = TcpListener::bind(("127.0.0.1", port))
        .map_err(|e| OpError::new(format!("cannot listen on 127.0.0.1:{port}: {e}")))?;
    let address = listener
        .local_addr()
        .map_err(|e| OpError::new(format!("cannot listen on 127.0.0.1:{port}: {e}")))?;
    let run = run_id();
    let state: Shared = Arc::new(Mutex::new(State {
        run: run.clone(),
        ..State::default()
    }));
    let (hub, hub_inbox) = std::sync::mpsc::channel::<ToHub>();
    std::thread::spawn(move || broadcast(&hub_inbox, &run));
    let (jobs, waiting) = sync_channel::<Job>(QUEUE);
    let waiting = Arc::new(Mutex::new(waiting));
    for _ in 0..WORKERS {
        let waiting = waiting.clone();
        let server = Server {
            state: state.clone(),
            hub: hub.clone(),
            out: out.to_path_buf(),
            port: address.port(),
        };
        std::thread::spawn(move || work(&waiting, &server));
    }
    std::thread::spawn(move || receive(&listener, &jobs));
    eprintln!("serving the preview on http://{address}/");
    watch_with(root, names, out, format, true, &mut |event| match event {
        Event::Wrote(written) => {
            for url in changed_urls(written, out) {
                tell(&state, &hub, "changed", url);
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
                tell(&state, &hub, "built", shape(&index_body(&shown, out)));
            }
        }
    })
}

/// What a worker needs to answer.
struct Server {
    state: Shared,
    hub: Sender<ToHub>,
    out: PathBuf,
    port: u16,
}

/// A worker: answers the queued requests one at a time.
fn work(waiting: &Mutex<Receiver<Job>>, server: &Server) {
    loop {
        let next = match waiting.lock() {
            Ok(queue) => queue.recv(),
            Err(_) => return,
        };
        let Ok(job) = next else { return };
        let _ = answer(job, server);
    }
}

/// Pushes an event to every open stream, numbered after the last one (under
/// the state's lock, so a page made before it carries a smaller number).
fn tell(state: &Shared, hub: &Sender<ToHub>, name: &'static str, data: String) {
    if let Ok(mut s) = state.lock() {
        s.event += 1;
        let _ = hub.send(ToHub::Event {
            id: s.event,
            name,
            data,
        });
    }
}

/// What the thread holding the event streams is handed.
enum ToHub {
    /// A request for `/__events`, checked by a worker, with the id of the
    /// last event its page has seen (`?since=N`).
    Stream(TcpStream, Option<u64>),
    /// An event for every stream; `data` is one line.
    Event {
        id: u64,
        name: &'static str,
        data: String,
    },
}

/// Holds the event streams: opens those handed over (at most
/// [`MAX_STREAMS`]), writes each event to all of them without ever
/// waiting on one (a stream that cannot take an event is dropped), and
/// drops the streams their clients have closed. The last [`BACKLOG`]
/// events are kept: a stream opened `since` an event gets those after it
/// first (`hello` says `fresh`), so a page misses nothing between being
/// made and listening; one further back (or from another run of the
/// server) is told `stale`, and reloads.
fn broadcast(inbox: &Receiver<ToHub>, run: &str) {
    let mut streams: Vec<TcpStream> = Vec::new();
    let mut backlog: VecDeque<(u64, String)> = VecDeque::new();
    let mut last_id = 0;
    let mut checked = Instant::now();
    let mut pinged = Instant::now();
    loop {
        match inbox.recv_timeout(STREAM_CHECK) {
            Ok(ToHub::Stream(stream, _)) if streams.len() >= MAX_STREAMS => busy(stream),
            Ok(ToHub::Stream(mut stream, since)) => {
                let oldest = backlog.front().map_or(last_id + 1, |(id, _)| *id);
                // What the page missed, if it is all kept and small enough
                // to go at once (else reloading is quicker).
                let missed = since
                    .filter(|&n| n <= last_id && n + 1 >= oldest)
                    .map(|n| {
                        backlog
                            .iter()
                            .filter(|(id, _)| *id > n)
                            .map(|(_, event)| event.as_str())
                            .collect::<String>()
                    })
                    .filter(|missed| missed.len() <= MAX_REPLAY);
                let opening = format!(
                    "{}retry: 1000\nevent: hello\ndata: {}\n\n{}",
                    stream_head(),
                    if missed.is_some() { "fresh" } else { "stale" },
                    missed.unwrap_or_default()
                );
                if stream.set_nonblocking(true).is_ok()
                    && stream.write_all(opening.as_bytes()).is_ok()
                {
                    streams.push(stream);
                }
            }
            Ok(ToHub::Event { id, name, data }) => {
                last_id = id;
                let event = format!("id: {run}-{id}\nevent: {name}\ndata: {data}\n\n");
                streams.retain_mut(|s| s.write_all(event.as_bytes()).is_ok());
                if backlog.len() >= BACKLOG {
                    backlog.pop_front();
                }
                backlog.push_back((id, event));
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return,
        }
        if checked.elapsed() >= STREAM_CHECK {
            streams.retain_mut(still_open);
            checked = Instant::now();
        }
        if pinged.elapsed() >= STREAM_PING {
            streams.retain_mut(|s| s.write_all(b": ping\n\n").is_ok());
            pinged = Instant::now();
        }
    }
}

/// Whether an event stream's client is still there (it has not closed its
/// side); anything it sends is read and dropped.
fn still_open(stream: &mut TcpStream) -> bool {
    let mut buf = [0u8; 4096];
    match stream.read(&mut buf) {
        Ok(0) => false,
        Ok(_) => true,
        Err(e) => matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::Interrupted),
    }
}

/// The head of an event stream's answer: no length, it ends when closed.
fn stream_head() -> String {
    answer_head(
        "200 OK",
        "Content-Type: text/event-stream\r\nCache-Control: no-store\r\n",
    )
}

/// The URLs under `/out/` a written file changed (a folder of card images
/// as its URL with a trailing `/`).
fn changed_urls(written: &Written, out: &Path) -> Vec<String> {
    let url = |path: &Path| -> Option<String> {
        let rest = path.strip_prefix(out).ok()?;
        let segments: Option<Vec<String>> = rest
            .components()
            .map(|c| match c {
                std::path::Component::Normal(name) => Some(url_escape(&name.to_string_lossy())),
                _ => None,
            })
            .collect();
        Some(format!("/out/{}", segments?.join("/")))
    };
    match written {
        Written::Output { path, .. } | Written::Rulebook { path, .. } => {
            url(path).into_iter().collect()
        }
        Written::Preview { path } => url(path).into_iter().collect(),
        Written::Images { dir, .. } => url(dir).map(|u| u + "/").into_iter().collect(),
        Written::Html { changed, .. } => changed.iter().filter_map(|p| url(p)).collect(),
    }
}

/// Accepts connections and reads their requests as they come, blocking on
/// no client: a complete request goes to the workers' queue (waiting in hand
/// while it is full, 503 past [`QUEUE_WAIT`]), one too long is refused (414,
/// 431), one too slow is refused at its deadline (408). When nothing is
/// coming in, it waits for a connection.
fn receive(listener: &TcpListener, jobs: &SyncSender<Job>) {
    let mut pending: Vec<Pending> = Vec::new();
    loop {
        accept_new(listener, &mut pending);
        let now = Instant::now();
        let mut i = 0;
        while i < pending.len() {
            match pending[i].step(now) {
                Step::Wait => i += 1,
                Step::Close => {
                    pending.swap_remove(i);
                }
                Step::Ready => {
                    let Pending {
                        stream,
                        accepted,
                        head,
                        complete,
                        ..
                    } = pending.swap_remove(i);
                    let job = match jobs.try_send(Job { stream, head }) {
                        Ok(()) => continue,
                        Err(TrySendError::Full(job) | TrySendError::Disconnected(job)) => job,
                    };
                    // The queue is full: the request waits in its place.
                    let mut waiting = Pending::new(job.stream);
                    waiting.accepted = accepted;
                    waiting.head = job.head;
                    waiting.complete = complete.or(Some(now));
                    pending.push(waiting);
                    let last = pending.len() - 1;
                    pending.swap(i, last);
                    i += 1;
                }
            }
        }
        if let Some(youngest) = pending.iter().map(|p| p.accepted).max() {
            // A request waiting for the queue is offered again at once.
            let fresh = now.duration_since(youngest) < FRESH
                || pending.iter().any(|p| p.complete.is_some());
            std::thread::sleep(if fresh { SWEEP_FRESH } else { SWEEP_SLOW });
        }
    }
}

/// Takes the connections waiting to be accepted (waits for one when there
/// is nothing in hand), at most [`MAX_PENDING`] at a time, while there is
/// room (see [`MAX_PENDING`], [`MAX_HELD`]); the others stay in the
/// kernel's queue until the next sweep.
fn accept_new(listener: &TcpListener, pending: &mut Vec<Pending>) {
    let mut wait = pending.is_empty();
    if listener.set_nonblocking(!wait).is_err() {
        std::thread::sleep(SWEEP_SLOW);
        return;
    }
    for _ in 0..MAX_PENDING {
        if !make_room(pending, Instant::now()) {
            return;
        }
        match listener.accept() {
            Ok((stream, _)) => {
                if stream.set_nonblocking(true).is_ok() {
                    pending.push(Pending::new(stream));
                }
                if wait {
                    // Then take whatever else is there without waiting.
                    if listener.set_nonblocking(true).is_err() {
                        return;
                    }
                    wait = false;
                }
            }
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) if e.kind() == ErrorKind::WouldBlock => return,
            Err(_) => {
                // Out of file descriptors, say: do not spin.
                std::thread::sleep(SWEEP_SLOW);
                return;
            }
        }
    }
}

/// Whether another connection may be taken: fewer than [`MAX_HELD`] are
/// held, and fewer than [`MAX_PENDING`] have their request still coming
/// in — else the one of those that has waited longest is refused (503) if
/// it has waited more than [`FRESH`] (a slow client makes room).
fn make_room(pending: &mut [Pending], now: Instant) -> bool {
    if pending.len() >= MAX_HELD {
        return false;
    }
    let coming_in = pending.iter().filter(|p| p.coming_in()).count();
    if coming_in < MAX_PENDING {
        return true;
    }
    let oldest = pending
        .iter_mut()
        .filter(|p| p.coming_in())
        .min_by_key(|p| p.accepted);
    match oldest {
        Some(p) if now.duration_since(p.accepted) >= FRESH => {
            p.refuse_busy(now);
            true
        }
        _ => false,
    }
}

/// A connection whose request is still coming in, or is complete and waits
/// for a place in the workers' queue, or, once refused, whose remaining
/// input is being dropped.
struct Pending {
    stream: TcpStream,
    accepted: Instant,
    head: Vec<u8>,
    /// When the request was complete, if it is (it waits for the queue).
    complete: Option<Instant>,
    draining: Option<Draining>,
}

/// Refused: read and drop until `until`, or once quiet for [`DRAIN_QUIET`].
struct Draining {
    until: Instant,
    last_data: Instant,
}

/// What to do with a pending connection after a look at it.
enum Step {
    Wait,
    Close,
    /// The request is complete (in `head`): for the workers' queue.
    Ready,
}

impl Pending {
    fn new(stream: TcpStream) -> Pending {
        Pending {
            stream,
            accepted: Instant::now(),
            head: Vec::new(),
            complete: None,
            draining: None,
        }
    }

    /// Whether its request is still coming in (not complete, not refused).
    fn coming_in(&self) -> bool {
        self.complete.is_none() && self.draining.is_none()
    }

    /// Reads what has arrived (never waiting, at most [`READS_PER_SWEEP`]
    /// reads) and says what next.
    fn step(&mut self, now: Instant) -> Step {
        if let Some(since) = self.complete {
            // Waiting for a place in the queue; not read meanwhile.
            if now.duration_since(since) < QUEUE_WAIT {
                return Step::Ready;
            }
            self.complete = None;
            self.refuse_busy(now);
        }
        let mut buf = [0u8; 4096];
        for _ in 0..READS_PER_SWEEP {
            let n = match self.stream.read(&mut buf) {
                Ok(0) => return Step::Close,
                Ok(n) => n,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) if e.kind() == ErrorKind::WouldBlock => break,
                Err(_) => return Step::Close,
            };
            if let Some(draining) = &mut self.draining {
                draining.last_data = now;
                continue;
            }
            match add_to_head(&mut self.head, &buf[..n]) {
                Head::More => {}
                Head::Done => return Step::Ready,
                Head::LineTooLong => {
                    self.refuse(now, "414 URI Too Long", b"request line too long\n")
                }
                Head::HeadersTooLong => self.refuse(
                    now,
                    "431 Request Header Fields Too Large",
                    b"request headers too long\n",
                ),
            }
        }
        match &self.draining {
            Some(d) if now >= d.until || now.duration_since(d.last_data) >= DRAIN_QUIET => {
                Step::Close
            }
            Some(_) => Step::Wait,
            None if now.duration_since(self.accepted) >= REQUEST_DEADLINE => {
                self.refuse(now, "408 Request Timeout", b"request too slow\n");
                Step::Wait
            }
            None => Step::Wait,
        }
    }

    /// Answers that the server is busy (503, with `Retry-After`), closes
    /// our side, and drops what still comes.
    fn refuse_busy(&mut self, now: Instant) {
        let _ = respond_busy(&mut self.stream);
        self.drain(now);
    }

    /// Answers with an error, closes our side, and drops what still comes.
    fn refuse(&mut self, now: Instant, status: &str, body: &[u8]) {
        let _ = respond(&mut self.stream, status, "text/plain", body);
        self.drain(now);
    }

    /// Closes our side once answered, and reads and drops what the client
    /// still sends (see [`DRAIN_QUIET`]) before the connection is closed.
    fn drain(&mut self, now: Instant) {
        let _ = self.stream.shutdown(Shutdown::Write);
        self.head = Vec::new();
        self.draining = Some(Draining {
            until: now + DRAIN_TOTAL,
            last_data: now,
        });
    }
}

/// Too many connections or requests at once: say so and close (a small
/// answer on a fresh connection never waits). For a connection whose
/// request was read whole; one still coming in is refused by
/// [`Pending::refuse_busy`], which drains it first.
fn busy(mut stream: TcpStream) {
    let _ = respond_busy(&mut stream);
    let _ = stream.shutdown(Shutdown::Write);
}

/// The 503 answer: busy, ask again after [`RETRY_AFTER_S`] seconds.
fn respond_busy(stream: &mut TcpStream) -> std::io::Result<()> {
    let body = b"busy, try again\n";
    let headers = format!(
        "Content-Type: text/plain\r\nContent-Length: {}\r\nCache-Control: no-store\r\nRetry-After: {RETRY_AFTER_S}\r\n",
        body.len()
    );
    stream.write_all(answer_head("503 Service Unavailable", &headers).as_bytes())?;
    stream.write_all(body)?;
    stream.flush()
}

/// How a request's head stands after more bytes.
#[derive(Debug, PartialEq)]
enum Head {
    More,
    /// Complete: `head` now holds the line and headers (and the empty line).
    Done,
    /// The request line alone is longer than [`MAX_HEAD`].
    LineTooLong,
    /// The line and headers together are.
    HeadersTooLong,
}

/// Adds `chunk` to a request's head, holding at most one byte past [`MAX_HEAD`].
fn add_to_head(head: &mut Vec<u8>, chunk: &[u8]) -> Head {
    let take = chunk.len().min(MAX_HEAD + 1 - head.len());
    head.extend_from_slice(&chunk[..take]);
    if let Some(end) = head_end(head).filter(|&end| end <= MAX_HEAD) {
        head.truncate(end);
        return Head::Done;
    }
    if head.len() > MAX_HEAD {
        return if head.contains(&b'\n') {
            Head::HeadersTooLong
        } else {
            Head::LineTooLong
        };
    }
    Head::More
}

/// Where the headers end (after the empty line), if they have.
fn head_end(head: &[u8]) -> Option<usize> {
    let crlf = head.windows(3).position(|w| w == b"\n\r\n").map(|i| i + 3);
    let lf = head.windows(2).position(|w| w == b"\n\n").map(|i| i + 2);
    match (crlf, lf) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// A request as far as the preview cares: its method and target.
#[derive(Debug, PartialEq)]
struct Request {
    method: String,
    target: String,
    /// The `If-None-Match` header: the versions of the file the client holds.
    if_none_match: Option<String>,
}

/// Why a request is answered with an error before it is routed.
#[derive(Debug, PartialEq)]
enum Rejected {
    /// Not HTTP/1.x as this server reads it, or no (or several) `Host`.
    Bad(&'static str),
    /// A `Host` that is not this server's own name.
    WrongHost,
}

/// Parses the request line and checks the `Host` header against the names
/// of this server on `port`.
fn parse_head(head: &[u8], port: u16) -> Result<Request, Rejected> {
    let text = std::str::from_utf8(head).map_err(|_| Rejected::Bad("not UTF-8\n"))?;
    let mut lines = text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l));
    let line = lines.next().unwrap_or("");
    let parts: Vec<&str> = line.split(' ').collect();
    let [method, target, version] = parts[..] else {
        return Err(Rejected::Bad("bad request line\n"));
    };
    if !version.starts_with("HTTP/1.") || method.is_empty() || target.is_empty() {
        return Err(Rejected::Bad("bad request line\n"));
    }
    let mut host = None;
    let mut if_none_match = None;
    for line in lines.take_while(|l| !l.is_empty()) {
        if line.starts_with([' ', '\t']) {
            return Err(Rejected::Bad("folded header\n"));
        }
        let Some((name, value)) = line.split_once(':') else {
            return Err(Rejected::Bad("bad header\n"));
        };
        if name.eq_ignore_ascii_case("host")
            && host.replace(value.trim_matches([' ', '\t'])).is_some()
        {
            return Err(Rejected::Bad("more than one Host\n"));
        }
        if name.eq_ignore_ascii_case("if-none-match") {
            if_none_match = Some(value.trim_matches([' ', '\t']).to_string());
        }
    }
    let host = host.ok_or(Rejected::Bad("no Host\n"))?;
    if !host_allowed(host, port) {
        return Err(Rejected::WrongHost);
    }
    Ok(Request {
        method: method.to_string(),
        target: target.to_string(),
        if_none_match,
    })
}

/// Whether a `Host` names this server: 127.0.0.1, localhost or [::1] with
/// its port (the port may be left out only when it is 80). Any other name,
/// even one that resolves to 127.0.0.1 (DNS rebinding), is refused.
fn host_allowed(host: &str, port: u16) -> bool {
    ["127.0.0.1", "localhost", "[::1]"].iter().any(|name| {
        host.eq_ignore_ascii_case(&format!("{name}:{port}"))
            || (port == 80 && host.eq_ignore_ascii_case(name))
    })
}

/// Answers a complete request: checks it and sends the page or the file,
/// or hands an event stream to the thread that holds them.
fn answer(job: Job, server: &Server) -> std::io::Result<()> {
    let Server {
        state,
        hub,
        out,
        port,
    } = server;
    let (out, port) = (out.as_path(), *port);
    let Job { mut stream, head } = job;
    stream.set_nonblocking(false)?;
    stream.set_write_timeout(Some(RESPONSE_DEADLINE))?;
    let written_by = Instant::now() + RESPONSE_DEADLINE;
    let request = match parse_head(&head, port) {
        Ok(request) => request,
        Err(Rejected::Bad(why)) => {
            return finish(&mut stream, "400 Bad Request", "text/plain", why.as_bytes());
        }
        Err(Rejected::WrongHost) => {
            return finish(
                &mut stream,
                "421 Misdirected Request",
                "text/plain",
                b"this server answers only to 127.0.0.1, localhost and [::1] with its port\n",
            );
        }
    };
    if request.method != "GET" {
        return finish(
            &mut stream,
            "405 Method Not Allowed",
            "text/plain",
            b"GET only\n",
        );
    }
    let path = request
        .target
        .split(['?', '#'])
        .next()
        .unwrap_or_default()
        .to_string();
    match path.as_str() {
        "/" => {
            // The page reads folders: not while holding up the next build.
            let shown = state.lock().map(|s| s.clone());
            let page = match shown {
                Ok(shown) => index_page(&shown, out),
                Err(_) => String::from("busy"),
            };
            finish(
                &mut stream,
                "200 OK",
                "text/html; charset=utf-8",
                page.as_bytes(),
            )
        }
        "/__events" => {
            let run = state.lock().map(|s| s.run.clone()).unwrap_or_default();
            let since = request
                .target
                .split_once("?since=")
                .and_then(|(_, seen)| seen.split_once('-'))
                .filter(|(seen_run, _)| *seen_run == run)
                .and_then(|(_, n)| n.parse().ok());
            if let Err(std::sync::mpsc::SendError(ToHub::Stream(stream, _))) =
                hub.send(ToHub::Stream(stream, since))
            {
                busy(stream);
            }
            Ok(())
        }
        "/__version" => {
            let version = state.lock().map(|s| s.version).unwrap_or(0);
            finish(
                &mut stream,
                "200 OK",
                "text/plain",
                version.to_string().as_bytes(),
            )
        }
        "/__preview.js" => finish(
            &mut stream,
            "200 OK",
            "text/javascript; charset=utf-8",
            PREVIEW_JS.as_bytes(),
        ),
        "/__preview.css" => finish(
            &mut stream,
            "200 OK",
            "text/css; charset=utf-8",
            PREVIEW_CSS.as_bytes(),
        ),
        _ => {
            let served = |game: &str| state.lock().is_ok_and(|s| s.games.contains_key(game));
            let file = path
                .strip_prefix("/out/")
                .and_then(url_segments)
                .filter(|segments| {
                    segments
                        .first()
                        .is_some_and(|g| served(&g.to_string_lossy()))
                })
                .and_then(|segments| open_under(out, &segments));
            match file {
                Some((file, kind)) if kind.starts_with("text/html") => {
                    // The event before the file is read: a change after it is not missed.
                    let seen = state.lock().map(|s| s.last_event()).unwrap_or_default();
                    send_live_html(&mut stream, file, kind, seen, written_by)
                }
                Some((file, kind)) => {
                    let tag = etag(&file.metadata()?);
                    let held = request.if_none_match.as_deref().is_some_and(|held| {
                        held.split(',').any(|t| t.trim() == tag || t.trim() == "*")
                    });
                    if held {
                        stream.write_all(
                            answer_head(
                                "304 Not Modified",
                                &format!("ETag: {tag}\r\nCache-Control: no-cache\r\n"),
                            )
                            .as_bytes(),
                        )?;
                        stream.flush()?;
                        stream.shutdown(Shutdown::Write)
                    } else {
                        send_file(&mut stream, file, kind, &tag, written_by)
                    }
                }
                None => finish(&mut stream, "404 Not Found", "text/plain", b"not found\n"),
            }
        }
    }
}

/// A response's head: the status, `headers` (each ending in CRLF), and the
/// headers every answer carries.
fn answer_head(status: &str, headers: &str) -> String {
    format!(
        "HTTP/1.1 {status}\r\n{headers}Content-Security-Policy: {}\r\nX-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\nConnection: close\r\n\r\n",
        content_security_policy()
    )
}

/// The head of an answer not to be kept (pages, errors): status, type, length.
fn response_head(status: &str, kind: &str, length: u64) -> String {
    answer_head(
        status,
        &format!("Content-Type: {kind}\r\nContent-Length: {length}\r\nCache-Control: no-store\r\n"),
    )
}

/// A version of an output file, for `ETag`: its size, time and (on Unix)
/// inode. Outputs are replaced by renaming a new file over them, so a
/// rewritten file has another; one left alone (a font of the HTML
/// reference) keeps it, and a reload asks for it again in a few bytes.
fn etag(meta: &std::fs::Metadata) -> String {
    let nanos = meta
        .modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos());
    #[cfg(unix)]
    let inode = std::os::unix::fs::MetadataExt::ino(meta);
    #[cfg(not(unix))]
    let inode = 0u64;
    format!("\"{:x}-{nanos:x}-{inode:x}\"", meta.len())
}

fn respond(stream: &mut TcpStream, status: &str, kind: &str, body: &[u8]) -> std::io::Result<()> {
    stream.write_all(response_head(status, kind, body.len() as u64).as_bytes())?;
    stream.write_all(body)?;
    stream.flush()
}

/// Answers and closes (the request was read whole).
fn finish(stream: &mut TcpStream, status: &str, kind: &str, body: &[u8]) -> std::io::Result<()> {
    respond(stream, status, kind, body)?;
    stream.shutdown(Shutdown::Write)
}

/// Sends a file, all of it by `deadline`.
fn send_file(
    stream: &mut TcpStream,
    mut file: File,
    kind: &str,
    tag: &str,
    deadline: Instant,
) -> std::io::Result<()> {
    let length = file.metadata()?.len();
    // Kept, but asked for again each time (304 when unchanged).
    let headers = format!(
        "Content-Type: {kind}\r\nContent-Length: {length}\r\nCache-Control: no-cache\r\nETag: {tag}\r\n"
    );
    stream.write_all(answer_head("200 OK", &headers).as_bytes())?;
    let mut buf = vec![0u8; 64 * 1024];
    let mut sent = 0u64;
    while sent < length {
        let n = file.read(&mut buf)?;
        if n == 0 {
            break;
        }
        let n = n.min(usize::try_from(length - sent).unwrap_or(usize::MAX));
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(ErrorKind::TimedOut.into());
        }
        stream.set_write_timeout(Some(left))?;
        stream.write_all(&buf[..n])?;
        sent += n as u64;
    }
    stream.flush()?;
    stream.shutdown(Shutdown::Write)
}

/// Sends an HTML page with the preview script added to its head, so that it
/// reloads when it changes (a page too large to read whole goes as it is).
fn send_live_html(
    stream: &mut TcpStream,
    file: File,
    kind: &str,
    seen: String,
    deadline: Instant,
) -> std::io::Result<()> {
    if file.metadata()?.len() > MAX_LIVE_HTML {
        let tag = etag(&file.metadata()?);
        return send_file(stream, file, kind, &tag, deadline);
    }
    let mut html = Vec::new();
    file.take(MAX_LIVE_HTML).read_to_end(&mut html)?;
    let page = with_preview_script(&html, &seen);
    finish(stream, "200 OK", kind, &page)
}

/// `html` with the preview script's tag before its first `</head>` (at its
/// end when it has none).
fn with_preview_script(html: &[u8], seen: &str) -> Vec<u8> {
    let tag = format!("<script src=\"/__preview.js\" defer data-seq=\"{seen}\"></script>");
    let at = html
        .windows(7)
        .position(|w| w.eq_ignore_ascii_case(b"</head>"))
        .unwrap_or(html.len());
    let mut page = Vec::with_capacity(html.len() + tag.len());
    page.extend_from_slice(&html[..at]);
    page.extend_from_slice(tag.as_bytes());
    page.extend_from_slice(&html[at..]);
    page
}

/// The segments of a URL path under `/out/`, %-decoded, if each is a plain
/// name: not empty, not `.`/`..` or hidden (a leading dot), with no `/`, `\`
/// or NUL once decoded, and no malformed escape. Anything else is `None`.
fn url_segments(rel: &str) -> Option<Vec<OsString>> {
    rel.split('/')
        .map(|segment| {
            let name = percent_decode(segment)?;
            let plain =
                !name.is_empty() && !name.starts_with('.') && !name.contains(['/', '\\', '\0']);
            plain.then(|| OsString::from(name))
        })
        .collect()
}

/// `%XX` escapes decoded; `None` for a malformed one or bytes that are not UTF-8.
fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = s.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// Opens the regular file `out/<segments...>` without following a symbolic
/// link anywhere under `out` (each component is looked at with
/// `symlink_metadata`, and the file opened must be the one looked at): a
/// link there, even to somewhere harmless, is not served. With its content type.
fn open_under(out: &Path, segments: &[OsString]) -> Option<(File, &'static str)> {
    let mut path = out.to_path_buf();
    let mut meta = None;
    for (i, segment) in segments.iter().enumerate() {
        path.push(segment);
        let m = std::fs::symlink_metadata(&path).ok()?;
        let last = i + 1 == segments.len();
        let fits = if last { m.is_file() } else { m.is_dir() };
        if !fits {
            return None;
        }
        meta = Some(m);
    }
    let meta = meta?;
    let file = File::open(&path).ok()?;
    let opened = file.metadata().ok()?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if (opened.dev(), opened.ino()) != (meta.dev(), meta.ino()) {
            return None;
        }
    }
    #[cfg(not(unix))]
    if !opened.is_file() || opened.len() != meta.len() {
        return None;
    }
    Some((file, content_type(&path)))
}

fn content_type(file: &Path) -> &'static str {
    match file.extension().and_then(|e| e.to_str()) {
        Some("pdf") => "application/pdf",
        Some("png") => "image/png",
        Some("svg") => "image/svg+xml",
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("txt") => "text/plain; charset=utf-8",
        Some("ttf") => "font/ttf",
        Some("otf") => "font/otf",
        Some("woff") => "font/woff",
        Some("woff2") => "font/woff2",
        _ => "application/octet-stream",
    }
}

/// Whether `path` is a directory itself (not a link to one).
fn real_dir(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.is_dir())
}

/// Whether `path` is a regular file itself (not a link to one).
fn real_file(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file())
}

/// The preview page: per game, its diagnostics and its outputs. Its script
/// (`/__preview.js`) follows the pushed events (see [`PREVIEW_JS`]); no
/// script or style is inline, so the policy holds.
fn index_page(state: &State, out: &Path) -> String {
    let body = index_body(state, out);
    format!(
        r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>grogpress preview</title>
<link rel="stylesheet" href="/__preview.css">
<script src="/__preview.js" defer data-seq="{seq}" data-shape="{shape}"></script>
</head>
<body><h1>grogpress preview <small>build {version}; follows every rebuild</small></h1>
{body}</body></html>
"#,
        version = state.version,
        seq = state.last_event(),
        shape = shape(&body),
    )
}

/// What the preview page lists, in short: a page whose shape is unchanged
/// after a build needs its changed images swapped, not a reload.
fn shape(body: &str) -> String {
    use std::hash::{DefaultHasher, Hash, Hasher};
    let mut hasher = DefaultHasher::new();
    body.hash(&mut hasher);
    format!("{:016x}", hasher.finish())
}

/// The preview page's body.
fn index_body(state: &State, out: &Path) -> String {
    let mut body = String::new();
    for (game, (ok, diagnostics)) in &state.games {
        let status = if *ok {
            "built"
        } else {
            "has errors; showing the last good outputs"
        };
        body.push_str(&format!(
            "<section><h2>{} <small class=\"{}\">{status}</small></h2>\n",
            escape(game),
            if *ok { "ok" } else { "bad" }
        ));
        if !diagnostics.is_empty() {
            body.push_str(&format!("<pre>{}</pre>\n", escape(diagnostics)));
        }
        // A game that could not be read is named by its folder: it has no
        // outputs to show (and its folder is not out/<game>/).
        let dir = out.join(game);
        if url_segments(game).is_none_or(|s| s.len() != 1) || !real_dir(&dir) {
            body.push_str("</section>\n");
            continue;
        }
        let mut files: Vec<String> = std::fs::read_dir(&dir)
            .map(|entries| {
                entries
                    .flatten()
                    .take(MAX_LISTED)
                    .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .filter(|n| !n.starts_with('.'))
                    .collect()
            })
            .unwrap_or_default();
        files.sort();
        if real_dir(&dir.join("html")) && real_file(&dir.join("html/index.html")) {
            body.push_str(&format!(
                "<p><a href=\"/out/{}/html/index.html\">HTML rules reference</a></p>\n",
                url_escape(game)
            ));
        }
        body.push_str(&pages_gallery(&dir, game));
        let mut pngs = Vec::new();
        let mut budget = MAX_LISTED;
        png_files(&dir, Path::new(""), 0, &mut budget, &mut pngs);
        pngs.sort();
        if !pngs.is_empty() {
            body.push_str("<div class=\"cards\">\n");
            for rel in pngs.iter().take(500) {
                let url: Vec<String> = rel
                    .components()
                    .map(|c| url_escape(&c.as_os_str().to_string_lossy()))
                    .collect();
                body.push_str(&format!(
                    "<img src=\"/out/{}/{}\" alt=\"{}\" loading=\"lazy\">\n",
                    url_escape(game),
                    url.join("/"),
                    escape(&rel.display().to_string())
                ));
            }
            body.push_str("</div>\n");
        }
        for name in files {
            let url = format!("/out/{}/{}", url_escape(game), url_escape(&name));
            let kind = if name.ends_with(".pdf") { " (PDF)" } else { "" };
            body.push_str(&format!(
                "<p><a href=\"{url}\">{}</a>{kind}</p>\n",
                escape(&name)
            ));
        }
        body.push_str("</section>\n");
    }
    body
}

/// The most directory entries the page looks at per game (a listing, or the
/// walk for card images).
const MAX_LISTED: usize = 5000;

/// The page previews of a game, in document then page order, each linking to itself.
fn pages_gallery(dir: &Path, game: &str) -> String {
    let previews = dir.join(crate::publish::preview::PREVIEW_DIR);
    if !real_dir(&previews) {
        return String::new();
    }
    let Ok(entries) = std::fs::read_dir(&previews) else {
        return String::new();
    };
    let mut pages: Vec<(String, usize, String)> = entries
        .flatten()
        .take(MAX_LISTED)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter_map(|name| {
            let stem = name.strip_suffix(".png")?;
            let (doc, n) = stem.rsplit_once('-')?;
            Some((doc.to_string(), n.parse().ok()?, name.clone()))
        })
        .collect();
    if pages.is_empty() {
        return String::new();
    }
    pages.sort();
    let mut out = String::from("<div class=\"pages\">\n");
    for (doc, n, name) in pages {
        let url = format!(
            "/out/{}/{}/{}",
            url_escape(game),
            crate::publish::preview::PREVIEW_DIR,
            url_escape(&name)
        );
        out.push_str(&format!(
            "<figure><a href=\"{url}\"><img src=\"{url}\" alt=\"{} page {n}\" loading=\"lazy\"></a><figcaption>{}.pdf, page {n}</figcaption></figure>\n",
            escape(&doc),
            escape(&doc)
        ));
    }
    out.push_str("</div>\n");
    out
}

/// The PNG images (card images) under `base`, as paths relative to it; the
/// HTML reference's own files and hidden files are left out, symbolic
/// links are not followed, and the walk stops at a depth of 4 or after
/// `budget` entries.
fn png_files(base: &Path, rel: &Path, depth: usize, budget: &mut usize, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(base.join(rel)) else {
        return;
    };
    for entry in entries.flatten() {
        if *budget == 0 {
            return;
        }
        *budget -= 1;
        let name = entry.file_name();
        let rel = rel.join(&name);
        if rel == Path::new("html")
            || rel == Path::new(crate::publish::preview::PREVIEW_DIR)
            || name.to_string_lossy().starts_with('.')
        {
            continue;
        }
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() && depth < 4 {
            png_files(base, &rel, depth + 1, budget, out);
        } else if kind.is_file() && rel.extension().is_some_and(|e| e == "png") {
            out.push(rel);
        }
    }
}

/// A path segment for a URL: unreserved characters kept, the rest %-encoded.
fn url_escape(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            b => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_names_are_served() {
        let names = |rel: &str| {
            url_segments(rel).map(|s| {
                s.iter()
                    .map(|n| n.to_string_lossy().into_owned())
                    .collect::<Vec<_>>()
            })
        };
        assert_eq!(
            names("g/action-labels.pdf"),
            Some(vec!["g".into(), "action-labels.pdf".into()])
        );
        assert_eq!(
            names("g/my%20card.png"),
            Some(vec!["g".into(), "my card.png".into()])
        );
        for bad in [
            "../secret",
            "g/../../x",
            "/etc/passwd",
            "g//etc/passwd",
            "g/%2e%2e/x",
            "g/%2E%2E/x",
            "g/..%2fx",
            "g/%2fetc%2fpasswd",
            "g/a%5c..%5cb",
            "g/a%00b",
            "g/%zz",
            "g/%2",
            "g/.hidden.tmp-1",
            "g/./x",
            "g/",
            "",
        ] {
            assert_eq!(names(bad), None, "{bad}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn no_symbolic_link_under_out_is_followed() {
        let dir = tempfile::tempdir().expect("temp dir");
        let out = dir.path().join("out");
        std::fs::create_dir_all(out.join("g/sub")).expect("mkdir");
        std::fs::write(out.join("g/sub/a.pdf"), b"%PDF").expect("write");
        std::fs::write(dir.path().join("secret.txt"), b"secret").expect("write");
        let link = |target: &Path, at: &str| {
            std::os::unix::fs::symlink(target, out.join(at)).expect("link");
        };
        link(&dir.path().join("secret.txt"), "g/secret.txt");
        link(dir.path(), "g/up");
        link(&out.join("g/sub"), "g/inside");
        link(&out.join("g/sub/a.pdf"), "g/b.pdf");
        let open = |rel: &str| url_segments(rel).and_then(|s| open_under(&out, &s));
        let (mut file, kind) = open("g/sub/a.pdf").expect("a real file");
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes).expect("read");
        assert_eq!((bytes.as_slice(), kind), (&b"%PDF"[..], "application/pdf"));
        // Links are refused wherever they point, even inside out/.
        for bad in [
            "g/secret.txt",
            "g/up/secret.txt",
            "g/inside/a.pdf",
            "g/b.pdf",
            "g/sub",
            "g/missing",
        ] {
            assert!(open(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn request_heads_are_bounded() {
        let feed = |chunks: &[&[u8]]| {
            let mut head = Vec::new();
            let mut state = Head::More;
            for chunk in chunks {
                state = add_to_head(&mut head, chunk);
                assert!(head.len() <= MAX_HEAD + 1);
                if state != Head::More {
                    break;
                }
            }
            (state, head)
        };
        let request = b"GET / HTTP/1.1\r\nHost: localhost:3000\r\n\r\n";
        assert_eq!(
            feed(&[b"GET / HT", b"TP/1.1\r\nHost: localhost:3000\r\n\r\nbody"]),
            (Head::Done, request.to_vec())
        );
        assert_eq!(feed(&[b"GET / HTTP/1.0\n\n"]).0, Head::Done);
        assert_eq!(feed(&[b"GET / HTTP/1.1\r\nHost: x\r\n"]).0, Head::More);
        let long_line = vec![b'a'; 1 << 20];
        assert_eq!(feed(&[b"GET /", &long_line]).0, Head::LineTooLong);
        let kb = vec![b'a'; 1024];
        let many: Vec<&[u8]> = std::iter::repeat_n(&kb[..], 1024).collect();
        assert_eq!(feed(&many).0, Head::LineTooLong);
        let header = format!("X-Pad: {}\r\n", "p".repeat(100));
        let long_head = format!("GET / HTTP/1.1\r\n{}\r\n", header.repeat(100));
        assert_eq!(feed(&[long_head.as_bytes()]).0, Head::HeadersTooLong);
        // Exactly at the limit is still a request.
        let pad = MAX_HEAD - "GET / HTTP/1.1\r\nX: \r\n\r\n".len();
        let full = format!("GET / HTTP/1.1\r\nX: {}\r\n\r\n", "p".repeat(pad));
        assert_eq!(feed(&[full.as_bytes()]).0, Head::Done);
        let over = format!("GET / HTTP/1.1\r\nX: {}\r\n\r\n", "p".repeat(pad + 1));
        assert_eq!(feed(&[over.as_bytes()]).0, Head::HeadersTooLong);
    }

    #[test]
    fn only_this_servers_names_are_answered() {
        let head = |host: &str| format!("GET / HTTP/1.1\r\n{host}User-Agent: t\r\n\r\n");
        for good in [
            "Host: 127.0.0.1:3000\r\n",
            "host: localhost:3000\r\n",
            "HOST:  LocalHost:3000 \r\n",
            "Host: [::1]:3000\r\n",
        ] {
            assert!(parse_head(head(good).as_bytes(), 3000).is_ok(), "{good}");
        }
        for wrong in [
            "Host: evil.example:3000\r\n",
            "Host: localhost\r\n",
            "Host: localhost:3001\r\n",
            "Host: 127.0.0.1.nip.io:3000\r\n",
            "Host: localhost.:3000\r\n",
            "Host: 0x7f000001:3000\r\n",
        ] {
            assert_eq!(
                parse_head(head(wrong).as_bytes(), 3000),
                Err(Rejected::WrongHost),
                "{wrong}"
            );
        }
        for bad in ["", "Host: localhost:3000\r\nHost: evil:3000\r\n"] {
            assert!(
                matches!(
                    parse_head(head(bad).as_bytes(), 3000),
                    Err(Rejected::Bad(_))
                ),
                "{bad}"
            );
        }
        assert!(parse_head(b"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n", 80).is_ok());
        let tagged = parse_head(
            b"GET /x HTTP/1.1\r\nHost: localhost\r\nIf-None-Match:  \"a-1\" \r\n\r\n",
            80,
        );
        assert_eq!(
            tagged.map(|r| r.if_none_match),
            Ok(Some("\"a-1\"".to_string()))
        );
    }

    #[test]
    fn page_shows_card_pngs() {
        let dir = tempfile::tempdir().expect("temp dir");
        let images = dir.path().join("g/images/action");
        std::fs::create_dir_all(&images).expect("mkdir");
        std::fs::write(images.join("dug-in.png"), b"png").expect("write");
        std::fs::create_dir_all(dir.path().join("g/html")).expect("mkdir");
        std::fs::write(dir.path().join("g/html/logo.png"), b"png").expect("write");
        let mut state = State::default();
        state.games.insert("g".into(), (true, String::new()));
        let page = index_page(&state, dir.path());
        assert!(
            page.contains("<img src=\"/out/g/images/action/dug-in.png\""),
            "{page}"
        );
        assert!(!page.contains("logo.png"), "{page}");
    }

    #[test]
    fn served_html_gets_the_preview_script_in_its_head() {
        let tag = "<script src=\"/__preview.js\" defer data-seq=\"r-7\"></script>";
        let page = |html: &str| String::from_utf8(with_preview_script(html.as_bytes(), "r-7"));
        assert_eq!(
            page("<html><head><title>x</title></head><body></body></html>"),
            Ok(format!(
                "<html><head><title>x</title>{tag}</head><body></body></html>"
            ))
        );
        assert_eq!(
            page("<HEAD></HEAD><p></head>"),
            Ok(format!("<HEAD>{tag}</HEAD><p></head>"))
        );
        assert_eq!(page("<p>no head"), Ok(format!("<p>no head{tag}")));
    }

    #[test]
    fn written_files_are_named_by_their_urls() {
        let out = Path::new("out");
        let urls = |w: &Written| changed_urls(w, out);
        assert_eq!(
            urls(&Written::Preview {
                path: out.join("g/preview/my aid-1.png")
            }),
            vec!["/out/g/preview/my%20aid-1.png"]
        );
        assert_eq!(
            urls(&Written::Images {
                count: 2,
                dir: out.join("g/images/action")
            }),
            vec!["/out/g/images/action/"]
        );
        assert_eq!(
            urls(&Written::Html {
                index: out.join("g/html/index.html"),
                files: 9,
                changed: vec![out.join("g/html/a.html"), out.join("g/html/style.css")],
                millis: 1
            }),
            vec!["/out/g/html/a.html", "/out/g/html/style.css"]
        );
        // Nothing outside the output folder is named.
        assert!(
            urls(&Written::Output {
                path: PathBuf::from("/elsewhere/x.pdf"),
                summary: String::new()
            })
            .is_empty()
        );
    }

    #[test]
    fn page_escapes_data() {
        let mut state = State::default();
        state
            .games
            .insert("<g>".into(), (false, "`Defender <only>` & co".into()));
        let page = index_page(&state, Path::new("/nonexistent"));
        assert!(page.contains("&lt;g&gt;"));
        assert!(page.contains("`Defender &lt;only&gt;` &amp; co"));
        assert!(!page.contains("<only>"));
    }
}
