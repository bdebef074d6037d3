//! Live, serve: the answers — input: requests on the preview's port, their
//! heads bounded by hyper (431 past [`MAX_HEAD`] or [`MAX_HEADERS`], 400
//! unparsed, closed after [`HEAD_DEADLINE`]); output: for a request to this
//! `Host`, the preview page and its files, the event stream, or a regular
//! file of a served game's `out/<game>/`, each with the
//! pages' Content-Security-Policy, no framing, sniffing or referrer.

use std::ffi::OsString;
use std::io::Read;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Duration;

use http_body_util::{Either, Full, channel::Channel};
use hyper::body::Bytes;
use hyper::header::{self, HeaderMap, HeaderValue, IntoHeaderName};
use hyper::{Method, Request, Response, StatusCode, http::request::Parts};
use hyper_util::rt::{TokioIo, TokioTimer};
use percent_encoding::percent_decode_str;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::{sleep, timeout};

use super::events::Hub;
use super::files::{content_type, etag, held, open_under, url_segments};
use super::page::Page;
use super::{Shared, State};
use crate::render::html::CONTENT_SECURITY_POLICY;

/// The most a request's line and headers may hold, the most headers, and
/// the time from a connection to the end of its request's head.
const MAX_HEAD: usize = 8 * 1024;
const MAX_HEADERS: usize = 100;
const HEAD_DEADLINE: Duration = Duration::from_secs(5);
/// The most connections held at once (the rest wait in the kernel's queue).
const MAX_CONNECTIONS: usize = 256;
/// The time an answer has to be written (event streams excepted).
const RESPONSE_DEADLINE: Duration = Duration::from_secs(10);
/// Once answered, what the client still sends is read and dropped until it
/// is quiet this long, or at most the total: closing with a request unread
/// sends a reset, which can lose the answer (a 431, say).
const DRAIN_QUIET: Duration = Duration::from_millis(200);
const DRAIN_TOTAL: Duration = Duration::from_secs(1);
/// What a 503 tells the client: ask again after this many seconds.
const RETRY_AFTER_S: u32 = 1;
/// The most of an HTML file read to add the preview script (a larger one is
/// sent as it is), and how much of a file is sent at a time.
const MAX_LIVE_HTML: u64 = 16 * 1024 * 1024;
const CHUNK: usize = 64 * 1024;
/// The built-in files. The preview script listens to `/__events` from the
/// event its tag's `data-seq` names, so it misses none.
const BUILT_IN: [(&str, &[u8]); 3] = [
    ("/__preview.js", include_bytes!("preview.js")),
    ("/__preview.css", include_bytes!("preview.css")),
    (
        "/__favicon.svg",
        include_bytes!("../../../templates/html/favicon.svg"),
    ),
];

/// What every answer needs: the builds' state, the event streams, the
/// page's template, the output folder and the port (for `Host`).
pub(super) struct Server {
    pub(super) state: Shared,
    pub(super) hub: Hub,
    pub(super) page: Page,
    pub(super) out: PathBuf,
    pub(super) port: u16,
    /// The HTML pages as last built, cut at their fragments.
    pub(super) pages: crate::live::fragments::Pages,
}

/// An answer's body: made whole, or sent as it comes (a file, events).
type Body = Either<Full<Bytes>, Channel<Bytes>>;

/// Takes connections, at most [`MAX_CONNECTIONS`] at once, and answers each.
pub(super) async fn receive(listener: TcpListener, server: Arc<Server>) {
    let held = Arc::new(tokio::sync::Semaphore::new(MAX_CONNECTIONS));
    while let Ok(hold) = held.clone().acquire_owned().await {
        let Ok((stream, _)) = listener.accept().await else {
            sleep(DRAIN_QUIET).await; // out of file descriptors, say: no spinning
            continue;
        };
        let server = server.clone();
        tokio::spawn(async move {
            // A second handle on the socket, to drain it once hyper is done.
            let handles = stream.into_std().and_then(|s| Ok((s.try_clone()?, s)));
            let Ok((spare, stream)) = handles else { return };
            if let Ok(stream) = TcpStream::from_std(stream) {
                connection(stream, server).await;
            }
            if let Ok(mut spare) = TcpStream::from_std(spare) {
                let _ = timeout(DRAIN_TOTAL, async {
                    spare.shutdown().await?;
                    let mut buf = [0; 4096];
                    while let Ok(Ok(1..)) = timeout(DRAIN_QUIET, spare.read(&mut buf)).await {}
                    Ok::<(), std::io::Error>(())
                })
                .await;
            }
            drop(hold);
        });
    }
}

/// Answers the request on a connection.
async fn connection(stream: TcpStream, server: Arc<Server>) {
    let streaming = Arc::new(AtomicBool::new(false));
    let events = streaming.clone();
    let service = hyper::service::service_fn(move |request: Request<_>| {
        let (server, events) = (server.clone(), events.clone());
        let parts = request.into_parts().0;
        // Answers read the disk: not on the thread that drives every connection.
        let answer = tokio::task::spawn_blocking(move || answer(&parts, &server, &events));
        let failed = || text(StatusCode::INTERNAL_SERVER_ERROR, "failed\n");
        async move { Ok::<_, std::convert::Infallible>(answer.await.unwrap_or_else(|_| failed())) }
    });
    let mut http = hyper::server::conn::http1::Builder::new();
    http.keep_alive(false).title_case_headers(true);
    http.timer(TokioTimer::new());
    http.header_read_timeout(HEAD_DEADLINE);
    http.max_header_size(MAX_HEAD).max_headers(MAX_HEADERS);
    let mut answering = std::pin::pin!(http.serve_connection(TokioIo::new(stream), service));
    let in_time = timeout(RESPONSE_DEADLINE, answering.as_mut()).await;
    if in_time.is_err() && streaming.load(Relaxed) {
        let _ = answering.await;
    }
}

/// The answer to a request, with the headers every answer carries.
fn answer(request: &Parts, server: &Server, streaming: &AtomicBool) -> Response<Body> {
    let uri = &request.uri;
    // Only a path is a request for this server (`GET http://...` is not).
    let path = uri.authority().map_or(uri.path(), |_| "");
    let mut response = match check_host(&request.headers, server.port) {
        Ok(()) if request.method != Method::GET => {
            text(StatusCode::METHOD_NOT_ALLOWED, "GET only\n")
        }
        Ok(()) => route(path, request, server, streaming),
        Err(Some(why)) => text(StatusCode::BAD_REQUEST, why),
        Err(None) => text(
            StatusCode::MISDIRECTED_REQUEST,
            "this server answers only to 127.0.0.1, localhost and [::1] with its port\n",
        ),
    };
    let policy = format!("{CONTENT_SECURITY_POLICY}; frame-ancestors 'none'");
    for (name, value) in [
        (header::CONTENT_SECURITY_POLICY, policy.as_str()),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "no-referrer"),
        (header::CONNECTION, "close"),
    ] {
        set(&mut response, name, value);
    }
    response
}

fn route(path: &str, request: &Parts, server: &Server, streaming: &AtomicBool) -> Response<Body> {
    // The last event before the state is read: a change after it is told.
    let seen = server.hub.last_event();
    let state = server.state.lock().map(|s| s.clone()).unwrap_or_default();
    match path {
        "/" => {
            let page = server.page.render(&state, &seen, &server.out);
            whole(StatusCode::OK, "text/html; charset=utf-8", page.into())
        }
        "/__version" => whole(
            StatusCode::OK,
            "text/plain",
            state.version.to_string().into(),
        ),
        "/__events" => {
            let query = request.uri.query().unwrap_or("").split('&');
            let since = query.filter_map(|p| p.strip_prefix("since=")).next_back();
            let Some(events) = server.hub.open(since) else {
                let mut busy = text(StatusCode::SERVICE_UNAVAILABLE, "busy, try again\n");
                set(&mut busy, header::RETRY_AFTER, &RETRY_AFTER_S.to_string());
                return busy;
            };
            streaming.store(true, Relaxed);
            let mut response = Response::new(Either::Right(events));
            set(&mut response, header::CONTENT_TYPE, "text/event-stream");
            set(&mut response, header::CACHE_CONTROL, "no-store");
            response
        }
        _ => match BUILT_IN.iter().find(|(at, _)| *at == path) {
            Some((at, bytes)) => whole(StatusCode::OK, content_type(at), Bytes::from_static(bytes)),
            None => output_file(path, request, server, &state, &seen),
        },
    }
}

/// A file under `/out/<game>/` of a served game (404 for anything else): a
/// page with the preview script, or only the `fragments=` asked for; any
/// other file sent as it is read, or 304 when the client holds it.
fn output_file(
    path: &str,
    request: &Parts,
    server: &Server,
    state: &State,
    seen: &str,
) -> Response<Body> {
    let ours = |names: &Vec<_>| {
        (names.first().and_then(|g: &OsString| g.to_str()))
            .is_some_and(|game| state.games.contains_key(game))
    };
    let names = path.strip_prefix("/out/").and_then(url_segments);
    let Some((file, meta, kind)) = names.filter(ours).and_then(|n| open_under(&server.out, &n))
    else {
        return not_found();
    };
    if kind.starts_with("text/html") && meta.len() <= MAX_LIVE_HTML {
        let asked = request
            .uri
            .query()
            .and_then(|q| q.strip_prefix("fragments="));
        if let Some(ids) = asked {
            let ids = ids
                .split(',')
                .map(|id| percent_decode_str(id).decode_utf8_lossy().into());
            let html = server.pages.fragments(path, &ids.collect::<Vec<_>>());
            return html.map_or_else(not_found, |html| whole(StatusCode::OK, kind, html.into()));
        }
        let mut html = Vec::new();
        if file.take(MAX_LIVE_HTML).read_to_end(&mut html).is_err() {
            return not_found();
        }
        server.pages.served(path, &html);
        let page = with_preview_script(&html, seen);
        return whole(StatusCode::OK, kind, page.into());
    }
    let tag = etag(&meta);
    let holds = request
        .headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok());
    // Kept, but asked for again each time (304 when unchanged).
    let mut response = if holds.is_some_and(|h| held(h, &tag)) {
        let mut response = Response::new(Either::Left(Full::default()));
        *response.status_mut() = StatusCode::NOT_MODIFIED;
        response
    } else {
        let mut response = Response::new(Either::Right(stream_file(file, meta.len())));
        set(&mut response, header::CONTENT_TYPE, kind);
        set(
            &mut response,
            header::CONTENT_LENGTH,
            &meta.len().to_string(),
        );
        response
    };
    set(&mut response, header::CACHE_CONTROL, "no-cache");
    set(&mut response, header::ETAG, &tag);
    response
}

/// A file read on a thread of its own as it is sent, at most `len` (its
/// length when opened: shorter, the answer is cut off).
fn stream_file(file: std::fs::File, len: u64) -> Channel<Bytes> {
    let (mut sender, body) = Channel::new(2);
    let runtime = tokio::runtime::Handle::current();
    tokio::task::spawn_blocking(move || {
        let (mut file, mut buf) = (file.take(len), vec![0; CHUNK]);
        while let Ok(n @ 1..) = file.read(&mut buf) {
            if runtime
                .block_on(sender.send_data(Bytes::copy_from_slice(&buf[..n])))
                .is_err()
            {
                break;
            }
        }
    });
    body
}

/// `html` with the preview script's tag before its first `</head>` (at its
/// end when it has none).
fn with_preview_script(html: &[u8], seen: &str) -> Vec<u8> {
    let tag = format!("<script src=\"/__preview.js\" defer data-seq=\"{seen}\"></script>");
    let head = html
        .windows(7)
        .position(|w| w.eq_ignore_ascii_case(b"</head>"));
    let at = head.unwrap_or(html.len());
    [&html[..at], tag.as_bytes(), &html[at..]].concat()
}

/// Checks that there is one `Host` and that it names this server:
/// 127.0.0.1, localhost or [::1] with its port (which may be left out only
/// when it is 80). Any other name, even one that resolves to 127.0.0.1 (DNS
/// rebinding), is `Err(None)`; no `Host`, or two, `Err(Some(why))`.
fn check_host(headers: &HeaderMap, port: u16) -> Result<(), Option<&'static str>> {
    let mut hosts = headers.get_all(header::HOST).iter();
    let (Some(host), None) = (hosts.next(), hosts.next()) else {
        return Err(Some("one Host header, please\n"));
    };
    let host = host.to_str().map_err(|_| Some("bad Host\n"))?;
    let host = host.trim_matches([' ', '\t']);
    let ours = ["127.0.0.1", "localhost", "[::1]"].iter().any(|name| {
        host.eq_ignore_ascii_case(&format!("{name}:{port}"))
            || (port == 80 && host.eq_ignore_ascii_case(name))
    });
    if ours { Ok(()) } else { Err(None) }
}

fn set(response: &mut Response<Body>, name: impl IntoHeaderName, value: &str) {
    if let Ok(value) = HeaderValue::from_str(value) {
        response.headers_mut().insert(name, value);
    }
}

/// An answer made anew each time (never kept).
fn whole(status: StatusCode, kind: &str, body: Bytes) -> Response<Body> {
    let mut response = Response::new(Either::Left(Full::new(body)));
    *response.status_mut() = status;
    set(&mut response, header::CONTENT_TYPE, kind);
    set(&mut response, header::CACHE_CONTROL, "no-store");
    response
}

fn text(status: StatusCode, body: &'static str) -> Response<Body> {
    whole(status, "text/plain", Bytes::from_static(body.as_bytes()))
}

fn not_found() -> Response<Body> {
    text(StatusCode::NOT_FOUND, "not found\n")
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
                Err(None),
                "{wrong}"
            );
        }
        for bad in [
            &[][..],
            &[("Host", "localhost:3000"), ("Host", "evil:3000")][..],
        ] {
            assert!(
                matches!(check_host(&headers(bad), 3000), Err(Some(_))),
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
