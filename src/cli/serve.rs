//! CLI: `grogpress serve [GAME...]` — `watch`, plus a preview on
//! http://127.0.0.1:PORT/ that reloads itself after every rebuild: each game's
//! diagnostics, card images, every page it publishes (card sheets, aids,
//! charts...) as a PNG, and links to its PDFs and HTML reference.
//!
//! A game folder is untrusted input, and so is whatever talks to the port (a
//! page in the browser may aim requests at it). So: only the loopback address
//! is bound and only its own names are answered (`Host: 127.0.0.1:PORT`,
//! `localhost:PORT`, `[::1]:PORT`, which a DNS-rebinding page cannot send);
//! a request's line and headers are at most 8 KB and must arrive within 5 s
//! of the connection. One thread accepts connections and reads every
//! request as it comes, without waiting on any one client, so a slow client
//! costs a buffer, not a thread; complete requests go to a fixed pool of
//! workers through a bounded queue (503 when it is full). Only regular files
//! under `out/<game>/` of a served game are sent, with no symbolic link
//! followed on the way; every answer carries the Content-Security-Policy
//! and `nosniff`, and the page's own script and style are served files.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fs::File;
use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::Format;
use super::watch::{Built, watch_with};
use crate::load::{OpError, Root};
use crate::render::html::CONTENT_SECURITY_POLICY;
use crate::render::svg::escape;

/// What the preview shows: a version that changes on every build, and each game's last build.
#[derive(Default)]
struct State {
    version: u64,
    games: BTreeMap<String, (bool, String)>,
}

type Shared = Arc<Mutex<State>>;

/// The most a request's line and headers may hold together.
const MAX_HEAD: usize = 8 * 1024;
/// The time from a connection to the end of its request's headers.
const REQUEST_DEADLINE: Duration = Duration::from_secs(5);
/// The most connections whose request is still coming in; a new one past
/// it makes the one that has waited longest be dropped (503).
const MAX_PENDING: usize = 64;
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

/// The policy of the HTML pages plus what only a header can say (no framing).
fn content_security_policy() -> String {
    format!("{CONTENT_SECURITY_POLICY}; frame-ancestors 'none'")
}

/// The preview page's script: reloads the page when a build has happened.
const PREVIEW_JS: &str = r#"// grogpress preview: reload when a rebuild has happened.
(() => {
  const seen = document.documentElement.dataset.version;
  setInterval(() => {
    fetch("/__version")
      .then((r) => r.text())
      .then((v) => { if (v !== seen) location.reload(); })
      .catch(() => {});
  }, 500);
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
        .map_err(|e| OpError(format!("cannot listen on 127.0.0.1:{port}: {e}")))?;
    let address = listener
        .local_addr()
        .map_err(|e| OpError(format!("cannot listen on 127.0.0.1:{port}: {e}")))?;
    let state: Shared = Arc::default();
    let (jobs, waiting) = sync_channel::<Job>(QUEUE);
    let waiting = Arc::new(Mutex::new(waiting));
    for _ in 0..WORKERS {
        let waiting = waiting.clone();
        let state = state.clone();
        let out = out.to_path_buf();
        let port = address.port();
        std::thread::spawn(move || work(&waiting, &state, &out, port));
    }
    std::thread::spawn(move || receive(&listener, &jobs));
    eprintln!("serving the preview on http://{address}/");
    watch_with(root, names, out, format, true, &mut |built: &Built| {
        if let Ok(mut s) = state.lock() {
            s.version += 1;
            s.games
                .insert(built.game.clone(), (built.ok, built.diagnostics.clone()));
        }
    })
}

/// A worker: answers the queued requests one at a time.
fn work(waiting: &Mutex<Receiver<Job>>, state: &Shared, out: &Path, port: u16) {
    loop {
        let next = match waiting.lock() {
            Ok(queue) => queue.recv(),
            Err(_) => return,
        };
        let Ok(job) = next else { return };
        let _ = answer(job, state, out, port);
    }
}

/// Accepts connections and reads their requests as they come, blocking on
/// no client: a complete request goes to the workers' queue (503 when it is
/// full), one too long is refused (414, 431), one too slow is refused at its
/// deadline (408). When nothing is coming in, it waits for a connection.
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
                Step::Ready(head) => {
                    let stream = pending.swap_remove(i).stream;
                    if let Err(TrySendError::Full(job) | TrySendError::Disconnected(job)) =
                        jobs.try_send(Job { stream, head })
                    {
                        busy(job.stream);
                    }
                }
            }
        }
        if let Some(youngest) = pending.iter().map(|p| p.accepted).max() {
            let fresh = now.duration_since(youngest) < FRESH;
            std::thread::sleep(if fresh { SWEEP_FRESH } else { SWEEP_SLOW });
        }
    }
}

/// Takes the connections waiting to be accepted (waits for one when there
/// is nothing in hand), at most [`MAX_PENDING`] at a time.
fn accept_new(listener: &TcpListener, pending: &mut Vec<Pending>) {
    let mut wait = pending.is_empty();
    if listener.set_nonblocking(!wait).is_err() {
        std::thread::sleep(SWEEP_SLOW);
        return;
    }
    for _ in 0..MAX_PENDING {
        match listener.accept() {
            Ok((stream, _)) => {
                if stream.set_nonblocking(true).is_ok() {
                    if pending.len() >= MAX_PENDING {
                        // The one that has waited longest makes room.
                        if let Some(oldest) =
                            (0..pending.len()).min_by_key(|&i| pending[i].accepted)
                        {
                            busy(pending.swap_remove(oldest).stream);
                        }
                    }
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

/// A connection whose request is still coming in, or, once refused, whose
/// remaining input is being dropped.
struct Pending {
    stream: TcpStream,
    accepted: Instant,
    head: Vec<u8>,
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
    Ready(Vec<u8>),
}

impl Pending {
    fn new(stream: TcpStream) -> Pending {
        Pending {
            stream,
            accepted: Instant::now(),
            head: Vec::new(),
            draining: None,
        }
    }

    /// Reads what has arrived (never waiting, at most [`READS_PER_SWEEP`]
    /// reads) and says what next.
    fn step(&mut self, now: Instant) -> Step {
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
                Head::Done => return Step::Ready(std::mem::take(&mut self.head)),
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

    /// Answers with an error, closes our side, and drops what still comes.
    fn refuse(&mut self, now: Instant, status: &str, body: &[u8]) {
        let _ = respond(&mut self.stream, status, "text/plain", body);
        let _ = self.stream.shutdown(Shutdown::Write);
        self.head = Vec::new();
        self.draining = Some(Draining {
            until: now + DRAIN_TOTAL,
            last_data: now,
        });
    }
}

/// Too many connections or requests at once: say so and close (a small
/// answer on a fresh connection never waits).
fn busy(mut stream: TcpStream) {
    let _ = respond(
        &mut stream,
        "503 Service Unavailable",
        "text/plain",
        b"busy, try again\n",
    );
    let _ = stream.shutdown(Shutdown::Write);
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
    }
    let host = host.ok_or(Rejected::Bad("no Host\n"))?;
    if !host_allowed(host, port) {
        return Err(Rejected::WrongHost);
    }
    Ok(Request {
        method: method.to_string(),
        target: target.to_string(),
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

/// Answers a complete request: checks it and sends the page or the file.
fn answer(job: Job, state: &Shared, out: &Path, port: u16) -> std::io::Result<()> {
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
            let shown = state.lock().map(|s| State {
                version: s.version,
                games: s.games.clone(),
            });
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
                Some((file, kind)) => send_file(&mut stream, file, kind, written_by),
                None => finish(&mut stream, "404 Not Found", "text/plain", b"not found\n"),
            }
        }
    }
}

/// The response's head: status, type, length, and the headers every answer carries.
fn response_head(status: &str, kind: &str, length: u64) -> String {
    format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {length}\r\nCache-Control: no-store\r\nContent-Security-Policy: {}\r\nX-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\nConnection: close\r\n\r\n",
        content_security_policy()
    )
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
    deadline: Instant,
) -> std::io::Result<()> {
    let length = file.metadata()?.len();
    stream.write_all(response_head("200 OK", kind, length).as_bytes())?;
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
/// (`/__preview.js`) polls `/__version` and reloads when a build has
/// happened; no script or style is inline, so the policy holds.
fn index_page(state: &State, out: &Path) -> String {
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
    format!(
        r#"<!doctype html>
<html lang="en" data-version="{version}"><head><meta charset="utf-8"><title>grogpress preview</title>
<link rel="stylesheet" href="/__preview.css">
<script src="/__preview.js" defer></script>
</head>
<body><h1>grogpress preview <small>build {version}; reloads on every rebuild</small></h1>
{body}</body></html>
"#,
        version = state.version
    )
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
