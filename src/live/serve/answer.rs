//! Live, serve: the answers — input: requests on the preview's port, their
//! heads bounded by hyper (431 past [`MAX_HEAD`] or [`MAX_HEADERS`], 400
//! unparsed, closed after [`HEAD_DEADLINE`]); output: for a request to this
//! `Host`, the preview page and its files, the event stream, or a regular
//! file of a served game's `out/<game>/`, each with the pages'
//! Content-Security-Policy, no framing, sniffing or referrer.

use std::ffi::OsString;
use std::io::Read;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use http_body_util::{Either, Full, channel::Channel};
use hyper::body::Bytes;
use hyper::header::{self, HeaderMap, HeaderName, HeaderValue};
use hyper::{Request, Response, StatusCode, http::request::Parts};
use hyper_util::rt::{TokioIo, TokioTimer};
use percent_encoding::percent_decode_str;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::{sleep, timeout};

use super::State;
use super::events::Hub;
use super::files::{content_type, etag, held, open_under, url_segments};
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
const RETRY_AFTER_S: &str = "1";
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
/// output folder and the port (for `Host`).
pub(super) struct Server {
    pub(super) state: Mutex<State>,
    pub(super) hub: Hub,
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
        let Ok((mut stream, _)) = listener.accept().await else {
            sleep(DRAIN_QUIET).await; // out of file descriptors, say: no spinning
            continue;
        };
        let server = server.clone();
        tokio::spawn(async move {
            // hyper is lent the socket, which is drained once it is done.
            connection(&mut stream, server).await;
            let drain = async {
                let _ = stream.shutdown().await;
                let mut buf = [0; 4096];
                while let Ok(Ok(1..)) = timeout(DRAIN_QUIET, stream.read(&mut buf)).await {}
            };
            let _ = timeout(DRAIN_TOTAL, drain).await;
            drop(hold);
        });
    }
}

/// Answers the request on a connection.
async fn connection(stream: &mut TcpStream, server: Arc<Server>) {
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
    let mut response = match check_host(&request.headers, server.port) {
        Ok(()) if request.method != "GET" => text(StatusCode::METHOD_NOT_ALLOWED, "GET only\n"),
        // Only a path is a request for this server (`GET http://...` is not).
        Ok(()) if request.uri.authority().is_some() => not_found(),
        Ok(()) => route(request, server, streaming),
        Err((status, why)) => text(status, why),
    };
    let policy = format!("{CONTENT_SECURITY_POLICY}; frame-ancestors 'none'");
    // Made anew each time, or (a file with its version) kept but asked for again.
    let kept = response.headers().contains_key(header::ETAG);
    let cache = if kept { "no-cache" } else { "no-store" };
    for (name, value) in [
        (header::CACHE_CONTROL, cache),
        (header::CONTENT_SECURITY_POLICY, policy.as_str()),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "no-referrer"),
    ] {
        set(&mut response, name, value);
    }
    response
}

fn route(request: &Parts, server: &Server, streaming: &AtomicBool) -> Response<Body> {
    // The last event before the state is read: a change after it is told.
    let seen = server.hub.last_event();
    let state = server.state.lock().map(|s| s.clone()).unwrap_or_default();
    let ok = |kind: &str, body: Bytes| whole(StatusCode::OK, kind, body);
    match request.uri.path() {
        "/" => ok(
            "text/html; charset=utf-8",
            super::page::render(&state, &seen, &server.out).into(),
        ),
        "/__version" => ok("text/plain", state.version.to_string().into()),
        "/__events" => {
            let query = request.uri.query().unwrap_or("").split('&');
            let since = query.filter_map(|p| p.strip_prefix("since=")).next_back();
            let Some(events) = server.hub.open(since) else {
                let mut busy = text(StatusCode::SERVICE_UNAVAILABLE, "busy, try again\n");
                set(&mut busy, header::RETRY_AFTER, RETRY_AFTER_S);
                return busy;
            };
            streaming.store(true, Relaxed);
            typed(StatusCode::OK, "text/event-stream", Either::Right(events))
        }
        path => match BUILT_IN.iter().find(|(at, _)| *at == path) {
            Some((at, bytes)) => ok(content_type(at), Bytes::from_static(bytes)),
            None => output_file(request, server, &state, &seen),
        },
    }
}

/// A file under `/out/<game>/` of a served game (404 for anything else): a
/// page with the preview script, or only the `fragments=` asked for; any
/// other file sent as it is read, or 304 when the client holds it.
fn output_file(request: &Parts, server: &Server, state: &State, seen: &str) -> Response<Body> {
    let path = request.uri.path();
    let game = |names: &Vec<OsString>| {
        (names.first().and_then(|g| g.to_str())).is_some_and(|g| state.games.contains_key(g))
    };
    let names = path.strip_prefix("/out/").and_then(url_segments);
    let Some((file, meta, kind)) = names.filter(game).and_then(|n| open_under(&server.out, &n))
    else {
        return not_found();
    };
    if kind.starts_with("text/html") && meta.len() <= MAX_LIVE_HTML {
        let query = request.uri.query();
        if let Some(ids) = query.and_then(|q| q.strip_prefix("fragments=")) {
            let decoded = |id| String::from(percent_decode_str(id).decode_utf8_lossy());
            let ids: Vec<_> = ids.split(',').map(decoded).collect();
            let html = server.pages.fragments(path, &ids);
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
    // 304 when the client holds this version.
    let tag = etag(&meta);
    let mut response = if held(&request.headers, &tag) {
        let mut response = Response::new(Either::Left(Full::default()));
        *response.status_mut() = StatusCode::NOT_MODIFIED;
        response
    } else {
        let (len, body) = (meta.len(), Either::Right(stream_file(file, meta.len())));
        let mut response = typed(StatusCode::OK, kind, body);
        set(&mut response, header::CONTENT_LENGTH, &len.to_string());
        response
    };
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
            let chunk = Bytes::copy_from_slice(&buf[..n]);
            if runtime.block_on(sender.send_data(chunk)).is_err() {
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
    let head = |w: &[u8]| w.eq_ignore_ascii_case(b"</head>");
    let at = html.windows(7).position(head).unwrap_or(html.len());
    [&html[..at], tag.as_bytes(), &html[at..]].concat()
}

/// Checks that there is one `Host` and that it names this server:
/// 127.0.0.1, localhost or [::1] with its port (which may be left out only
/// when it is 80). Any other name, even one that resolves to 127.0.0.1 (DNS
/// rebinding), is a 421; no `Host`, two, or one not ASCII, a 400.
fn check_host(headers: &HeaderMap, port: u16) -> Result<(), (StatusCode, &'static str)> {
    let mut hosts = headers
        .get_all(header::HOST)
        .iter()
        .map(HeaderValue::to_str);
    let (Some(Ok(host)), None) = (hosts.next(), hosts.next()) else {
        return Err((
            StatusCode::BAD_REQUEST,
            "one readable Host header, please\n",
        ));
    };
    let host = host.trim_matches([' ', '\t']);
    let ours = ["127.0.0.1", "localhost", "[::1]"].iter().any(|name| {
        host.eq_ignore_ascii_case(&format!("{name}:{port}"))
            || (port == 80 && host.eq_ignore_ascii_case(name))
    });
    let why = "this server answers only to 127.0.0.1, localhost and [::1] with its port\n";
    ours.then_some(())
        .ok_or((StatusCode::MISDIRECTED_REQUEST, why))
}

fn set(response: &mut Response<Body>, name: HeaderName, value: &str) {
    if let Ok(value) = HeaderValue::from_str(value) {
        response.headers_mut().insert(name, value);
    }
}

fn typed(status: StatusCode, kind: &str, body: Body) -> Response<Body> {
    let mut response = Response::new(body);
    *response.status_mut() = status;
    set(&mut response, header::CONTENT_TYPE, kind);
    response
}

fn whole(status: StatusCode, kind: &str, body: Bytes) -> Response<Body> {
    typed(status, kind, Either::Left(Full::new(body)))
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
            assert!(
                matches!(
                    check_host(&headers(&[("Host", wrong)]), 3000),
                    Err((StatusCode::MISDIRECTED_REQUEST, _))
                ),
                "{wrong}"
            );
        }
        for bad in [
            &[][..],
            &[("Host", "localhost:3000"), ("Host", "evil:3000")][..],
        ] {
            assert!(
                matches!(
                    check_host(&headers(bad), 3000),
                    Err((StatusCode::BAD_REQUEST, _))
                ),
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
