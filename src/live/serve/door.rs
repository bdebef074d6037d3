//! Live, serve: the door — input: connections to the preview's port;
//! output: each whose request's head has come whole and parses, handed to
//! [`answer::connection`] with a place among the [`ANSWERING`], or a
//! refusal written with this server's headers, before hyper reads a byte
//! (the head is peeked at, not taken): over [`MAX_HEAD`] (414, 431) or
//! [`MAX_HEADERS`] (431), not in by [`REQUEST_DEADLINE`] (408), or not
//! parsing (400). A slow client costs a task: past [`MAX_PENDING`] heads
//! coming in, the oldest (not [`FRESH`]) is refused (503), as is a head
//! that waits [`QUEUE_WAIT`] for a place. What a refused client still sends
//! is read and dropped before closing (else a reset loses the answer).

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, Semaphore};
use tokio::time::{sleep, timeout};

use super::always_headers;
use super::answer::{self, Server};

/// The most a request's line and headers may hold together, and the most
/// headers (as many as hyper reads).
const MAX_HEAD: usize = 8 * 1024;
const MAX_HEADERS: usize = 100;
/// The time from a connection to the end of its request's head.
const REQUEST_DEADLINE: Duration = Duration::from_secs(5);
/// The most connections whose request is coming in, and the age under
/// which one is not refused to make room.
const MAX_PENDING: usize = 64;
const FRESH: Duration = Duration::from_millis(50);
/// The most connections at the door (coming in, waiting for a place, being
/// refused); past it, new ones wait in the kernel's queue.
const MAX_HELD: usize = 4 * MAX_PENDING;
/// How many requests are answered at once, and how long a request waits
/// for one of those places.
pub(super) const ANSWERING: usize = 24;
const QUEUE_WAIT: Duration = Duration::from_secs(5);
/// What a 503 tells the client: ask again after this many seconds.
pub(super) const RETRY_AFTER_S: u32 = 1;
/// The longest pause between two looks at a head still coming in.
const PEEK_PAUSE: Duration = Duration::from_millis(20);
/// After a refusal, what the client sends is dropped until it is quiet
/// this long, or at most the total.
const DRAIN_QUIET: Duration = Duration::from_millis(200);
const DRAIN_TOTAL: Duration = Duration::from_secs(1);

/// A refusal: its status and its plain-text body.
type Refusal = (&'static str, &'static str);
const H431: &str = "431 Request Header Fields Too Large";
const TOO_SLOW: Refusal = ("408 Request Timeout", "request too slow\n");
const LINE_TOO_LONG: Refusal = ("414 URI Too Long", "request line too long\n");
const HEADERS_TOO_LONG: Refusal = (H431, "request headers too long\n");
const TOO_MANY_HEADERS: Refusal = (H431, "too many request headers\n");
const BAD: Refusal = ("400 Bad Request", "bad request\n");
const BUSY: Refusal = ("503 Service Unavailable", "busy, try again\n");

/// The connections whose request is coming in, oldest first: an id, when
/// it came, and how to tell it to make room.
type Arrivals = Mutex<VecDeque<(u64, Instant, Arc<Notify>)>>;

/// Takes connections and sees each to its answer or its refusal.
pub(super) async fn receive(listener: TcpListener, server: Arc<Server>) {
    let arrivals = Arc::new(Arrivals::default());
    let (held, places) = (
        Arc::new(Semaphore::new(MAX_HELD)),
        Arc::new(Semaphore::new(ANSWERING)),
    );
    for id in 0.. {
        let Ok(hold) = held.clone().acquire_owned().await else {
            return;
        };
        make_room(&arrivals).await;
        let Ok((stream, _)) = listener.accept().await else {
            sleep(PEEK_PAUSE).await; // out of file descriptors, say: no spinning
            continue;
        };
        let turn = Arc::new(Notify::new());
        if let Ok(mut coming) = arrivals.lock() {
            coming.push_back((id, Instant::now(), turn.clone()));
        }
        let (arrivals, places, server) = (arrivals.clone(), places.clone(), server.clone());
        tokio::spawn(async move {
            let came = timeout(REQUEST_DEADLINE, head(&stream));
            let came = first(async { came.await.unwrap_or(Err(Some(TOO_SLOW))) }, async {
                turn.notified().await;
                Err(Some(BUSY))
            });
            let came = came.await;
            arrivals
                .lock()
                .map(|mut a| a.retain(|(other, ..)| *other != id))
                .ok();
            let refusal = match came {
                Ok(()) => match timeout(QUEUE_WAIT, places.acquire_owned()).await {
                    Ok(Ok(place)) => {
                        drop(hold);
                        return answer::connection(stream, place, server).await;
                    }
                    _ => BUSY,
                },
                Err(None) => return,
                Err(Some(refusal)) => refusal,
            };
            refuse(stream, refusal).await;
        });
    }
}

/// Waits while [`MAX_PENDING`] requests are coming in, all [`FRESH`]; then,
/// if they are still as many, refuses the oldest (503).
async fn make_room(arrivals: &Arrivals) {
    loop {
        let wait = {
            let Ok(mut coming) = arrivals.lock() else {
                return;
            };
            let Some((_, since, turn)) = coming.front().filter(|_| coming.len() >= MAX_PENDING)
            else {
                return;
            };
            let wait = FRESH.saturating_sub(since.elapsed());
            if wait.is_zero() {
                turn.notify_one();
                coming.pop_front();
                return;
            }
            wait
        };
        sleep(wait).await;
    }
}

/// Looks at what has come of the request until its head is whole (`Ok`),
/// refused, or the client has gone (`Err(None)`).
async fn head(stream: &TcpStream) -> Result<(), Option<Refusal>> {
    let (mut seen, mut pause) = (vec![0; MAX_HEAD + 1], Duration::from_millis(1));
    loop {
        match stream.peek(&mut seen).await {
            Ok(0) | Err(_) => return Err(None),
            Ok(n) if judge(&seen[..n])? => return Ok(()),
            Ok(_) => sleep(pause).await,
        }
        pause = (pause * 2).min(PEEK_PAUSE);
    }
}

/// Whether the start of a request (at most [`MAX_HEAD`] + 1 bytes) holds a
/// whole head that parses as hyper will parse it (the same parser).
fn judge(seen: &[u8]) -> Result<bool, Refusal> {
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    match httparse::Request::new(&mut headers).parse(seen) {
        Ok(httparse::Status::Complete(end)) if end <= MAX_HEAD => Ok(true),
        Ok(_) if seen.len() <= MAX_HEAD => Ok(false),
        Ok(_) if seen.contains(&b'\n') => Err(HEADERS_TOO_LONG),
        Ok(_) => Err(LINE_TOO_LONG),
        Err(httparse::Error::TooManyHeaders) => Err(TOO_MANY_HEADERS),
        Err(_) => Err(BAD),
    }
}

/// Writes a refusal with the headers every answer carries, closes this
/// side, and drops what the client still sends.
async fn refuse(mut stream: TcpStream, (status, body): Refusal) {
    let mut head = format!("HTTP/1.1 {status}\r\nContent-Type: text/plain\r\n");
    head += &format!(
        "Content-Length: {}\r\nCache-Control: no-store\r\n",
        body.len()
    );
    if status == BUSY.0 {
        head += &format!("Retry-After: {RETRY_AFTER_S}\r\n");
    }
    for (name, value) in always_headers() {
        head += &format!("{name}: {value}\r\n");
    }
    let answer = format!("{head}Connection: close\r\n\r\n{body}");
    let _ = timeout(DRAIN_TOTAL, async {
        stream.write_all(answer.as_bytes()).await?;
        stream.shutdown().await?;
        let mut buf = [0; 4096];
        while let Ok(Ok(1..)) = timeout(DRAIN_QUIET, stream.read(&mut buf)).await {}
        Ok::<(), std::io::Error>(())
    })
    .await;
}

/// What the first of two futures to finish gives.
async fn first<T>(a: impl Future<Output = T>, b: impl Future<Output = T>) -> T {
    let (mut a, mut b) = (std::pin::pin!(a), std::pin::pin!(b));
    std::future::poll_fn(|cx| match a.as_mut().poll(cx) {
        std::task::Poll::Pending => b.as_mut().poll(cx),
        ready => ready,
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the door makes of a request arriving in `chunks` (looking at
    /// most at [`MAX_HEAD`] + 1 bytes of it, as it peeks).
    fn feed(chunks: &[&[u8]]) -> Result<bool, Refusal> {
        let mut seen = Vec::new();
        let mut verdict = Ok(false);
        for chunk in chunks {
            seen.extend_from_slice(chunk);
            seen.truncate(MAX_HEAD + 1);
            verdict = judge(&seen);
            if verdict != Ok(false) {
                break;
            }
        }
        verdict
    }

    #[test]
    fn request_heads_are_bounded() {
        assert_eq!(
            feed(&[b"GET / HT", b"TP/1.1\r\nHost: localhost:3000\r\n\r\nbody"]),
            Ok(true)
        );
        assert_eq!(feed(&[b"GET / HTTP/1.0\n\n"]), Ok(true));
        assert_eq!(feed(&[b"GET / HTTP/1.1\r\nHost: x\r\n"]), Ok(false));
        let long_line = vec![b'a'; 1 << 20];
        assert_eq!(feed(&[b"GET /", &long_line]), Err(LINE_TOO_LONG));
        let kb = vec![b'a'; 1024];
        let many: Vec<&[u8]> = std::iter::repeat_n(&kb[..], 1024).collect();
        assert_eq!(feed(&many), Err(LINE_TOO_LONG));
        let header = format!("X-Pad: {}\r\n", "p".repeat(100));
        let long_head = format!("GET / HTTP/1.1\r\n{}\r\n", header.repeat(100));
        assert_eq!(feed(&[long_head.as_bytes()]), Err(HEADERS_TOO_LONG));
        // Exactly at the limit is still a request.
        let pad = MAX_HEAD - "GET / HTTP/1.1\r\nX: \r\n\r\n".len();
        let full = format!("GET / HTTP/1.1\r\nX: {}\r\n\r\n", "p".repeat(pad));
        assert_eq!(feed(&[full.as_bytes()]), Ok(true));
        let over = format!("GET / HTTP/1.1\r\nX: {}\r\n\r\n", "p".repeat(pad + 1));
        assert_eq!(feed(&[over.as_bytes()]), Err(HEADERS_TOO_LONG));
    }

    #[test]
    fn only_heads_that_parse_are_handed_on() {
        for good in [
            &b"GET / HTTP/1.1\r\nHost: localhost:3000\r\n\r\n"[..],
            b"GET /x?since=r-1 HTTP/1.0\n\n",
            b"GET / HTTP/1.1\r\nHOST:  LocalHost:3000 \r\nUser-Agent: t\r\n\r\n",
        ] {
            assert_eq!(judge(good), Ok(true), "{}", String::from_utf8_lossy(good));
        }
        for bad in [
            &b"GET / HTTP/2.0\r\n\r\n"[..],
            b"GET /\r\n\r\n",
            b"GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n",
            b"GET / HTTP/1.1\r\nno colon\r\n\r\n",
            b"GET  / HTTP/1.1\r\n\r\n",
        ] {
            assert_eq!(judge(bad), Err(BAD), "{}", String::from_utf8_lossy(bad));
        }
        let many = format!(
            "GET / HTTP/1.1\r\n{}\r\n",
            "a: b\r\n".repeat(MAX_HEADERS + 1)
        );
        assert_eq!(judge(many.as_bytes()), Err(TOO_MANY_HEADERS));
    }
}
