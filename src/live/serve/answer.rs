//! Live, serve: the answers — input: a complete request handed on by the
//! door; output: the answer, read and written by hyper (HTTP/1, one
//! request per connection): the `Host` checked (421 for another name), then
//! the preview page, its script and style, an event stream (handed to the
//! [`Hub`]), or a regular file under `out/<game>/` of a served game (with
//! an `ETag`; an HTML page with the preview script added to its head).
//! Every answer carries [`always_headers`]; one not written whole within
//! [`RESPONSE_DEADLINE`] is cut off (event streams excepted).

use std::convert::Infallible;
use std::io::{ErrorKind, Read};
use std::path::PathBuf;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, ready};
use std::time::Duration;

use hyper::body::{Bytes, Frame, Incoming, SizeHint};
use hyper::header::{self, HeaderMap, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::OwnedSemaphorePermit;

use super::door::{Job, RETRY_AFTER_S};
use super::events::Hub;
use super::files::{etag, held, open_under, url_segments};
use super::page::Page;
use super::{Shared, always_headers};

/// The time an answer has to be written (a client that does not read holds
/// its place no longer).
const RESPONSE_DEADLINE: Duration = Duration::from_secs(10);
/// The most of an HTML file read to add the preview script to it; a
/// larger one is sent as it is.
const MAX_LIVE_HTML: u64 = 16 * 1024 * 1024;
/// How much of a file is sent at a time.
const CHUNK: usize = 64 * 1024;

/// The preview script, on the preview page and on every HTML page served:
/// listens to `/__events` from the last event before the page was made
/// (its tag's `data-seq`), so it misses none; the preview page's tag also
/// carries the page's shape (`data-shape`).
const PREVIEW_JS: &str = include_str!("preview.js");
/// The preview page's style.
const PREVIEW_CSS: &str = include_str!("preview.css");

/// What every answer needs: the builds' state, the event streams, the
/// page's template, the output folder and the port (for `Host`).
pub(super) struct Server {
    pub(super) state: Shared,
    pub(super) hub: Hub,
    pub(super) page: Page,
    pub(super) out: PathBuf,
    pub(super) port: u16,
}

/// The place a connection holds among the answers in progress, given up
/// when it becomes an event stream (streams have their own cap).
type Place = Arc<Mutex<Option<OwnedSemaphorePermit>>>;

/// Answers a complete request on its connection, then closes it.
pub(super) async fn connection(job: Job, place: OwnedSemaphorePermit, server: Arc<Server>) {
    let Ok(stream) = tokio::net::TcpStream::from_std(job.stream) else {
        return;
    };
    let io = TokioIo::new(Replay {
        head: job.head,
        at: 0,
        stream,
    });
    let place: Place = Arc::new(Mutex::new(Some(place)));
    let held = place.clone();
    let service = hyper::service::service_fn(move |request| {
        let server = server.clone();
        let place = held.clone();
        async move { Ok::<_, Infallible>(answer(request, &server, &place).await) }
    });
    let mut http = hyper::server::conn::http1::Builder::new();
    http.keep_alive(false).title_case_headers(true);
    let mut answering = std::pin::pin!(http.serve_connection(io, service));
    let in_time = tokio::time::timeout(RESPONSE_DEADLINE, answering.as_mut()).await;
    let streaming = place.lock().is_ok_and(|p| p.is_none());
    if in_time.is_err() && streaming {
        let _ = answering.await;
    }
}

/// The answer to a request, with the headers every answer carries.
async fn answer(request: Request<Incoming>, server: &Arc<Server>, place: &Place) -> Response<Body> {
    let mut response = route(&request, server, place).await;
    let headers = response.headers_mut();
    for (name, value) in always_headers() {
        if let Ok(value) = HeaderValue::from_str(&value) {
            headers.insert(name, value);
        }
    }
    headers.insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

async fn route(request: &Request<Incoming>, server: &Arc<Server>, place: &Place) -> Response<Body> {
    match check_host(request.headers(), server.port) {
        Ok(()) => {}
        Err(Rejected::Bad(why)) => return text(StatusCode::BAD_REQUEST, why),
        Err(Rejected::WrongHost) => {
            return text(
                StatusCode::MISDIRECTED_REQUEST,
                "this server answers only to 127.0.0.1, localhost and [::1] with its port\n",
            );
        }
    }
    if request.method() != Method::GET {
        return text(StatusCode::METHOD_NOT_ALLOWED, "GET only\n");
    }
    let uri = request.uri();
    // Only a path is a request for this server (`GET http://...` is not).
    let path = match (uri.scheme(), uri.authority()) {
        (None, None) => uri.path(),
        _ => "",
    };
    match path {
        "/" => {
            let server = server.clone();
            blocking(move || {
                // The page reads folders: not while holding up the next build.
                let page = match server.state.lock().map(|s| s.clone()) {
                    Ok(shown) => server.page.render(&shown, &server.out),
                    Err(_) => String::from("busy"),
                };
                whole(StatusCode::OK, "text/html; charset=utf-8", page.into())
            })
            .await
        }
        "/__events" => {
            let run = server
                .state
                .lock()
                .map(|s| s.run.clone())
                .unwrap_or_default();
            let since = uri
                .query()
                .and_then(|q| q.split('&').find_map(|p| p.strip_prefix("since=")))
                .and_then(|seen| seen.split_once('-'))
                .filter(|(seen_run, _)| *seen_run == run)
                .and_then(|(_, n)| n.parse().ok());
            match server.hub.open(since) {
                Some(events) => {
                    if let Ok(mut place) = place.lock() {
                        place.take();
                    }
                    let mut response = Response::new(Body::Events(events));
                    set(&mut response, header::CONTENT_TYPE, "text/event-stream");
                    set(&mut response, header::CACHE_CONTROL, "no-store");
                    response
                }
                None => busy(),
            }
        }
        "/__version" => {
            let version = server.state.lock().map(|s| s.version).unwrap_or(0);
            whole(StatusCode::OK, "text/plain", version.to_string().into())
        }
        "/__preview.js" => whole(
            StatusCode::OK,
            "text/javascript; charset=utf-8",
            Bytes::from_static(PREVIEW_JS.as_bytes()),
        ),
        "/__preview.css" => whole(
            StatusCode::OK,
            "text/css; charset=utf-8",
            Bytes::from_static(PREVIEW_CSS.as_bytes()),
        ),
        _ => {
            let (server, path) = (server.clone(), path.to_string());
            let holds = request
                .headers()
                .get(header::IF_NONE_MATCH)
                .and_then(|v| v.to_str().ok())
                .map(str::to_string);
            blocking(move || output_file(&server, &path, holds.as_deref())).await
        }
    }
}

/// A file under `/out/<game>/` of a served game: 404 for anything else.
fn output_file(server: &Server, path: &str, holds: Option<&str>) -> Response<Body> {
    let served = |game: &str| {
        server
            .state
            .lock()
            .is_ok_and(|s| s.games.contains_key(game))
    };
    let file = path
        .strip_prefix("/out/")
        .and_then(url_segments)
        .filter(|segments| {
            segments
                .first()
                .is_some_and(|g| served(&g.to_string_lossy()))
        })
        .and_then(|segments| open_under(&server.out, &segments));
    let Some((file, kind)) = file else {
        return text(StatusCode::NOT_FOUND, "not found\n");
    };
    let Ok(meta) = file.metadata() else {
        return text(StatusCode::NOT_FOUND, "not found\n");
    };
    if kind.starts_with("text/html") && meta.len() <= MAX_LIVE_HTML {
        // The event before the file is read: a change after it is not missed.
        let seen = server
            .state
            .lock()
            .map(|s| s.last_event())
            .unwrap_or_default();
        let mut html = Vec::new();
        if file.take(MAX_LIVE_HTML).read_to_end(&mut html).is_err() {
            return text(StatusCode::NOT_FOUND, "not found\n");
        }
        return whole(
            StatusCode::OK,
            kind,
            with_preview_script(&html, &seen).into(),
        );
    }
    let tag = etag(&meta);
    // Kept, but asked for again each time (304 when unchanged).
    let mut response = if holds.is_some_and(|h| held(h, &tag)) {
        let mut response = Response::new(Body::Whole(None));
        *response.status_mut() = StatusCode::NOT_MODIFIED;
        response
    } else {
        let mut response = Response::new(Body::File(Box::new(FileBody {
            file: Some(file),
            reading: None,
            left: meta.len(),
            buf: vec![0; CHUNK].into_boxed_slice(),
        })));
        set(&mut response, header::CONTENT_TYPE, kind);
        response
    };
    set(&mut response, header::CACHE_CONTROL, "no-cache");
    set(&mut response, header::ETAG, &tag);
    response
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

/// Why a request is refused before it is routed.
#[derive(Debug, PartialEq)]
enum Rejected {
    /// No `Host`, or more than one.
    Bad(&'static str),
    /// A `Host` that is not this server's own name.
    WrongHost,
}

/// Checks the `Host` header against the names of this server on `port`.
fn check_host(headers: &HeaderMap, port: u16) -> Result<(), Rejected> {
    let mut hosts = headers.get_all(header::HOST).iter();
    let host = match (hosts.next(), hosts.next()) {
        (Some(host), None) => host,
        (None, _) => return Err(Rejected::Bad("no Host\n")),
        (Some(_), Some(_)) => return Err(Rejected::Bad("more than one Host\n")),
    };
    let host = host.to_str().map_err(|_| Rejected::Bad("bad Host\n"))?;
    if host_allowed(host.trim_matches([' ', '\t']), port) {
        Ok(())
    } else {
        Err(Rejected::WrongHost)
    }
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

/// Runs `answer` where it may wait on the disk (not on the thread that
/// drives every connection).
async fn blocking(answer: impl FnOnce() -> Response<Body> + Send + 'static) -> Response<Body> {
    tokio::task::spawn_blocking(answer)
        .await
        .unwrap_or_else(|_| text(StatusCode::INTERNAL_SERVER_ERROR, "failed\n"))
}

fn set(response: &mut Response<Body>, name: header::HeaderName, value: &str) {
    if let Ok(value) = HeaderValue::from_str(value) {
        response.headers_mut().insert(name, value);
    }
}

/// An answer made anew each time (never kept).
fn whole(status: StatusCode, kind: &str, body: Bytes) -> Response<Body> {
    let mut response = Response::new(Body::Whole(Some(body)));
    *response.status_mut() = status;
    set(&mut response, header::CONTENT_TYPE, kind);
    set(&mut response, header::CACHE_CONTROL, "no-store");
    response
}

fn text(status: StatusCode, body: &'static str) -> Response<Body> {
    whole(status, "text/plain", Bytes::from_static(body.as_bytes()))
}

/// Too many event streams: ask again after [`RETRY_AFTER_S`] seconds.
fn busy() -> Response<Body> {
    let mut response = text(StatusCode::SERVICE_UNAVAILABLE, "busy, try again\n");
    set(
        &mut response,
        header::RETRY_AFTER,
        &RETRY_AFTER_S.to_string(),
    );
    response
}

/// An answer's body: made whole, a file read as it is sent, or an event
/// stream (which ends when the [`Hub`] drops it).
pub(super) enum Body {
    Whole(Option<Bytes>),
    File(Box<FileBody>),
    Events(tokio::sync::mpsc::Receiver<Bytes>),
}

/// A file being sent: at most its length when opened.
pub(super) struct FileBody {
    /// The file as opened, until the first read moves it to `reading`.
    file: Option<std::fs::File>,
    reading: Option<tokio::fs::File>,
    left: u64,
    buf: Box<[u8]>,
}

impl hyper::body::Body for Body {
    type Data = Bytes;
    type Error = std::io::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, std::io::Error>>> {
        match self.get_mut() {
            Body::Whole(bytes) => Poll::Ready(bytes.take().map(|b| Ok(Frame::data(b)))),
            Body::Events(events) => events.poll_recv(cx).map(|e| e.map(|e| Ok(Frame::data(e)))),
            Body::File(body) => {
                if body.left == 0 {
                    return Poll::Ready(None);
                }
                if let Some(file) = body.file.take() {
                    body.reading = Some(tokio::fs::File::from_std(file));
                }
                let Some(file) = body.reading.as_mut() else {
                    return Poll::Ready(None);
                };
                let want = usize::try_from(body.left)
                    .map_or(body.buf.len(), |left| left.min(body.buf.len()));
                let mut buf = ReadBuf::new(&mut body.buf[..want]);
                ready!(Pin::new(file).poll_read(cx, &mut buf))?;
                let read = buf.filled();
                if read.is_empty() {
                    // Shorter than when it was opened: cut off.
                    return Poll::Ready(Some(Err(ErrorKind::UnexpectedEof.into())));
                }
                body.left -= read.len() as u64;
                Poll::Ready(Some(Ok(Frame::data(Bytes::copy_from_slice(read)))))
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        match self {
            Body::Whole(bytes) => bytes.is_none(),
            Body::File(body) => body.left == 0,
            Body::Events(_) => false,
        }
    }

    fn size_hint(&self) -> SizeHint {
        match self {
            Body::Whole(bytes) => {
                SizeHint::with_exact(bytes.as_ref().map_or(0, |b| b.len() as u64))
            }
            Body::File(body) => SizeHint::with_exact(body.left),
            Body::Events(_) => SizeHint::default(),
        }
    }
}

/// A connection whose request's head the door has already read: hyper
/// reads the head first, then the connection.
struct Replay {
    head: Vec<u8>,
    at: usize,
    stream: tokio::net::TcpStream,
}

impl AsyncRead for Replay {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let me = self.get_mut();
        if me.at < me.head.len() {
            let n = buf.remaining().min(me.head.len() - me.at);
            buf.put_slice(&me.head[me.at..me.at + n]);
            me.at += n;
            return Poll::Ready(Ok(()));
        }
        Pin::new(&mut me.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Replay {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_this_servers_names_are_answered() {
        let headers = |lines: &[(&str, &str)]| {
            let mut map = HeaderMap::new();
            for (name, value) in lines {
                map.append(
                    header::HeaderName::from_bytes(name.as_bytes()).expect("name"),
                    HeaderValue::from_str(value).expect("value"),
                );
            }
            map
        };
        for good in [
            ("Host", "127.0.0.1:3000"),
            ("host", "localhost:3000"),
            ("HOST", " LocalHost:3000 "),
            ("Host", "[::1]:3000"),
        ] {
            assert_eq!(check_host(&headers(&[good]), 3000), Ok(()), "{good:?}");
        }
        for wrong in [
            "evil.example:3000",
            "localhost",
            "localhost:3001",
            "127.0.0.1.nip.io:3000",
            "localhost.:3000",
            "0x7f000001:3000",
        ] {
            assert_eq!(
                check_host(&headers(&[("Host", wrong)]), 3000),
                Err(Rejected::WrongHost),
                "{wrong}"
            );
        }
        for bad in [
            &[][..],
            &[("Host", "localhost:3000"), ("Host", "evil:3000")][..],
        ] {
            assert!(
                matches!(check_host(&headers(bad), 3000), Err(Rejected::Bad(_))),
                "{bad:?}"
            );
        }
        assert_eq!(check_host(&headers(&[("Host", "localhost")]), 80), Ok(()));
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
}
