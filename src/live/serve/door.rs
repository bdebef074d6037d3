//! Live, serve: the door — input: connections to the preview's port;
//! output: each complete request (its head read whole) handed to
//! [`super::answer`], or a refusal. What no HTTP crate decides for us is
//! decided here, before hyper sees a byte: a request's line and headers are
//! at most [`MAX_HEAD`] (414, 431) and must arrive within
//! [`REQUEST_DEADLINE`] of the connection (408), and must parse (400). One
//! thread accepts connections and reads every request as it comes, without
//! waiting on any one client, so a slow client costs a buffer, not a thread
//! or a task; a complete request waits in hand while every place for an
//! answer is taken (503 with `Retry-After` past [`QUEUE_WAIT`]).
//! Connections past what is held wait in the kernel's queue; a connection
//! refused is answered whole, its request read and dropped before it is
//! closed (closing with unread input would reset it and lose the answer).

use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::time::{Duration, Instant};

use super::always_headers;

/// The most a request's line and headers may hold together.
pub(super) const MAX_HEAD: usize = 8 * 1024;
/// The most headers a request may have (as hyper reads them).
const MAX_HEADERS: usize = 100;
/// The time from a connection to the end of its request's headers.
const REQUEST_DEADLINE: Duration = Duration::from_secs(5);
/// The most connections whose request is still coming in; a new one past
/// it makes the one that has waited longest (and more than [`FRESH`]) be
/// refused (503); while all are fresh, new ones wait in the kernel's queue.
const MAX_PENDING: usize = 64;
/// The most connections held at once by the thread reading requests:
/// those coming in, those waiting for a place to be answered, and those
/// refused whose remaining input is being dropped. Past it, new ones wait
/// in the kernel's queue.
const MAX_HELD: usize = 4 * MAX_PENDING;
/// How long a complete request may wait for a place to be answered before
/// it is answered 503.
const QUEUE_WAIT: Duration = Duration::from_secs(5);
/// What a 503 tells the client: ask again after this many seconds.
pub(super) const RETRY_AFTER_S: u32 = 1;
/// How often requests still coming in are looked at: at once in a
/// connection's first moments (a normal request is there straight away),
/// then less often (a slow client can wait).
const SWEEP_FRESH: Duration = Duration::from_millis(1);
const SWEEP_SLOW: Duration = Duration::from_millis(20);
const FRESH: Duration = Duration::from_millis(50);
/// At most this much is read from one connection per sweep.
const READS_PER_SWEEP: usize = 64;
/// After refusing a request that was still coming in (too long, too slow),
/// what the client still sends is read and dropped (closing with unread data
/// would reset the connection and lose the answer): until it is quiet this
/// long, or at most the total.
const DRAIN_QUIET: Duration = Duration::from_millis(200);
const DRAIN_TOTAL: Duration = Duration::from_secs(1);

/// A complete request: the connection and the request's head.
pub(super) struct Job {
    pub(super) stream: TcpStream,
    pub(super) head: Vec<u8>,
}

/// Accepts connections and reads their requests as they come, blocking on
/// no client: a complete request is offered to `answer` (waiting in hand
/// while it is refused, 503 past [`QUEUE_WAIT`]), one too long is refused
/// (414, 431), one that does not parse is a 400, one too slow is refused at
/// its deadline (408). When nothing is coming in, it waits for a connection.
pub(super) fn receive(listener: &TcpListener, answer: &dyn Fn(Job) -> Result<(), Job>) {
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
                    let Err(job) = answer(Job { stream, head }) else {
                        continue;
                    };
                    // Every place is taken: the request waits in its place.
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
                Head::Done => match parses(&self.head) {
                    Ok(()) => return Step::Ready,
                    Err(Unparsed::TooManyHeaders) => self.refuse(
                        now,
                        "431 Request Header Fields Too Large",
                        b"too many request headers\n",
                    ),
                    Err(Unparsed::Bad) => self.refuse(now, "400 Bad Request", b"bad request\n"),
                },
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
        let _ = respond(&mut self.stream, status, body);
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

/// Why a complete head is refused.
#[derive(Debug, PartialEq)]
enum Unparsed {
    TooManyHeaders,
    Bad,
}

/// Whether a complete head parses as hyper will parse it (the same parser,
/// httparse): refused here, it is answered with this server's headers.
fn parses(head: &[u8]) -> Result<(), Unparsed> {
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    match httparse::Request::new(&mut headers).parse(head) {
        Ok(httparse::Status::Complete(_)) => Ok(()),
        Err(httparse::Error::TooManyHeaders) => Err(Unparsed::TooManyHeaders),
        _ => Err(Unparsed::Bad),
    }
}

/// A refusal's head: the status, `headers` (each ending in CRLF), and the
/// headers every answer carries.
fn answer_head(status: &str, headers: &str) -> String {
    let always: String = always_headers()
        .iter()
        .map(|(name, value)| format!("{name}: {value}\r\n"))
        .collect();
    format!("HTTP/1.1 {status}\r\n{headers}{always}Connection: close\r\n\r\n")
}

/// A refusal, short, in plain text.
fn respond(stream: &mut TcpStream, status: &str, body: &[u8]) -> std::io::Result<()> {
    let headers = format!(
        "Content-Type: text/plain\r\nContent-Length: {}\r\nCache-Control: no-store\r\n",
        body.len()
    );
    stream.write_all(answer_head(status, &headers).as_bytes())?;
    stream.write_all(body)?;
    stream.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn only_heads_that_parse_are_handed_on() {
        for good in [
            &b"GET / HTTP/1.1\r\nHost: localhost:3000\r\n\r\n"[..],
            b"GET /x?since=r-1 HTTP/1.0\n\n",
            b"GET / HTTP/1.1\r\nHOST:  LocalHost:3000 \r\nUser-Agent: t\r\n\r\n",
        ] {
            assert_eq!(parses(good), Ok(()), "{}", String::from_utf8_lossy(good));
        }
        for bad in [
            &b"GET / HTTP/2.0\r\n\r\n"[..],
            b"GET /\r\n\r\n",
            b"GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n",
            b"GET / HTTP/1.1\r\nno colon\r\n\r\n",
            b"GET  / HTTP/1.1\r\n\r\n",
        ] {
            assert_eq!(
                parses(bad),
                Err(Unparsed::Bad),
                "{}",
                String::from_utf8_lossy(bad)
            );
        }
        let many = format!(
            "GET / HTTP/1.1\r\n{}\r\n",
            "a: b\r\n".repeat(MAX_HEADERS + 1)
        );
        assert_eq!(parses(many.as_bytes()), Err(Unparsed::TooManyHeaders));
    }
}
