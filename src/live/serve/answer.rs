//! Live, serve: the answers — input: a connection whose request the door
//! let in; output: the answer, read and written by hyper (HTTP/1, one
//! request per connection): `Host` checked (421 for another name), then
//! the preview page, its script, style and icon, an event stream (from the
//! [`Hub`]), or a regular file under `out/<game>/` of a served game (with an
//! `ETag`; an HTML page with the preview script added to its head). Every
//! answer carries [`always_headers`]; one not written whole within
//! [`RESPONSE_DEADLINE`] is cut off (event streams excepted).

use std::io::Read;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use http_body_util::{Either, Full, channel::Channel};
use hyper::body::Bytes;
use hyper::header::{self, HeaderMap, HeaderValue, IntoHeaderName};
use hyper::{Method, Request, Response, StatusCode, http::request::Parts};
use tokio::sync::OwnedSemaphorePermit;

use super::door::RETRY_AFTER_S;
use super::events::Hub;
use super::files::{content_type, etag, held, open_under, url_segments};
use super::page::Page;
use super::{Shared, always_headers};

/// The time an answer has to be written (a client that does not read holds
/// its place no longer).
const RESPONSE_DEADLINE: Duration = Duration::from_secs(10);
/// The most of an HTML file read to add the preview script; a larger one
/// is sent as it is.
const MAX_LIVE_HTML: u64 = 16 * 1024 * 1024;
/// How much of a file is sent at a time.
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
}

/// An answer's body: made whole, or sent as it comes (a file, events).
type Body = Either<Full<Bytes>, Channel<Bytes>>;
/// The place a connection holds among the answers in progress, given up
/// when it becomes an event stream (streams have their own cap).
type Place = Arc<Mutex<Option<OwnedSemaphorePermit>>>;

/// Answers the request on a connection, then closes it.
pub(super) async fn connection(
    stream: tokio::net::TcpStream,
    place: OwnedSemaphorePermit,
    server: Arc<Server>,
) {
    let place: Place = Arc::new(Mutex::new(Some(place)));
    let held = place.clone();
    let service = hyper::service::service_fn(move |request: Request<_>| {
        let (server, place) = (server.clone(), held.clone());
        let parts = request.into_parts().0;
        // Answers read the disk: not on the thread that drives every connection.
        let answer = tokio::task::spawn_blocking(move || answer(&parts, &server, &place));
        let failed = || text(StatusCode::INTERNAL_SERVER_ERROR, "failed\n");
        async move { Ok::<_, std::convert::Infallible>(answer.await.unwrap_or_else(|_| failed())) }
    });
    let mut http = hyper::server::conn::http1::Builder::new();
    http.keep_alive(false).title_case_headers(true);
    let io = hyper_util::rt::TokioIo::new(stream);
    let mut answering = std::pin::pin!(http.serve_connection(io, service));
    let in_time = tokio::time::timeout(RESPONSE_DEADLINE, answering.as_mut()).await;
    if in_time.is_err() && place.lock().is_ok_and(|p| p.is_none()) {
        let _ = answering.await;
    }
}

/// The answer to a request, with the headers every answer carries.
fn answer(request: &Parts, server: &Server, place: &Place) -> Response<Body> {
    let uri = &request.uri;
    // Only a path is a request for this server (`GET http://...` is not).
    let path = uri.authority().map_or(uri.path(), |_| "");
    let mut response = match check_host(&request.headers, server.port) {
        Ok(()) if request.method != Method::GET => {
            text(StatusCode::METHOD_NOT_ALLOWED, "GET only\n")
        }
        Ok(()) => route(path, request, server, place),
        Err(Some(why)) => text(StatusCode::BAD_REQUEST, why),
        Err(None) => text(
            StatusCode::MISDIRECTED_REQUEST,
            "this server answers only to 127.0.0.1, localhost and [::1] with its port\n",
        ),
    };
    for (name, value) in always_headers() {
        set(&mut response, name, &value);
    }
    set(&mut response, header::CONNECTION, "close");
    response
}

fn route(path: &str, request: &Parts, server: &Server, place: &Place) -> Response<Body> {
    let state = server.state.lock().map(|s| s.clone()).unwrap_or_default();
    match path {
        "/" => {
            let page = server.page.render(&state, &server.out);
            whole(StatusCode::OK, "text/html; charset=utf-8", page.into())
        }
        "/__version" => whole(
            StatusCode::OK,
            "text/plain",
            state.version.to_string().into(),
        ),
        "/__events" => {
            let query = request.uri.query().unwrap_or("").split('&');
            let mut given = query.filter_map(|p| p.strip_prefix("since=")?.split_once('-'));
            let since = given.next_back().filter(|(run, _)| *run == state.run);
            let Some(events) = server.hub.open(since.and_then(|(_, n)| n.parse().ok())) else {
                let mut busy = text(StatusCode::SERVICE_UNAVAILABLE, "busy, try again\n");
                set(&mut busy, header::RETRY_AFTER, &RETRY_AFTER_S.to_string());
                return busy;
            };
            place.lock().map(|mut place| place.take()).ok();
            let mut response = Response::new(Either::Right(events));
            set(&mut response, header::CONTENT_TYPE, "text/event-stream");
            set(&mut response, header::CACHE_CONTROL, "no-store");
            response
        }
        _ => match BUILT_IN.iter().find(|(at, _)| *at == path) {
            Some((at, bytes)) => whole(StatusCode::OK, content_type(at), Bytes::from_static(bytes)),
            None => output_file(path, request, server, &state),
        },
    }
}

/// A file under `/out/<game>/` of a served game: 404 for anything else.
fn output_file(
    path: &str,
    request: &Parts,
    server: &Server,
    state: &super::State,
) -> Response<Body> {
    let file = (path.strip_prefix("/out/").and_then(url_segments))
        .filter(|names| {
            names
                .first()
                .is_some_and(|g| state.games.contains_key(&*g.to_string_lossy()))
        })
        .and_then(|names| open_under(&server.out, &names))
        .and_then(|(file, kind)| Some((file.metadata().ok()?, file, kind)));
    let Some((meta, file, kind)) = file else {
        return text(StatusCode::NOT_FOUND, "not found\n");
    };
    if kind.starts_with("text/html") && meta.len() <= MAX_LIVE_HTML {
        // The event before the file is read (`state` was taken before it),
        // so that a change after it is not missed.
        let mut html = Vec::new();
        return match file.take(MAX_LIVE_HTML).read_to_end(&mut html) {
            Ok(_) => {
                let page = with_preview_script(&html, &state.last_event());
                whole(StatusCode::OK, kind, page.into())
            }
            Err(_) => text(StatusCode::NOT_FOUND, "not found\n"),
        };
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
        // Read on a thread of its own as it is sent, at most its length
        // when opened (shorter, the answer is cut off).
        let (mut sender, body) = Channel::new(2);
        let (runtime, len) = (tokio::runtime::Handle::current(), meta.len());
        tokio::task::spawn_blocking(move || {
            let (mut file, mut buf) = (file.take(len), vec![0; CHUNK]);
            while let Ok(n @ 1..) = file.read(&mut buf) {
                let chunk = Bytes::copy_from_slice(&buf[..n]);
                if runtime.block_on(sender.send_data(chunk)).is_err() {
                    break;
                }
            }
        });
        let mut response = Response::new(Either::Right(body));
        set(&mut response, header::CONTENT_TYPE, kind);
        set(&mut response, header::CONTENT_LENGTH, &len.to_string());
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
    let host = match (hosts.next(), hosts.next()) {
        (Some(host), None) => host.to_str().map_err(|_| Some("bad Host\n"))?,
        (None, _) => return Err(Some("no Host\n")),
        (Some(_), Some(_)) => return Err(Some("more than one Host\n")),
    };
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
