//! CLI: `grogpress serve [GAME...]` — `watch`, plus a preview on
//! http://127.0.0.1:PORT/ that reloads itself after every rebuild: each game's
//! diagnostics, card images, every page it publishes (card sheets, aids,
//! charts...) as a PNG, and links to its PDFs and HTML reference. Only the loopback
//! address is bound and only its names are answered (Host), only files under
//! the output folder are served (no symlinks followed), a request is at most
//! 8 KB and 5 s long, and a bounded pool of workers answers, so a slow
//! client holds up no one. Every answer carries the Content-Security-Policy.

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

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
const MAX_REQUEST: usize = 8 * 1024;
/// The time a whole request has to arrive.
const REQUEST_DEADLINE: Duration = Duration::from_secs(5);
/// Workers answering requests, and connections waiting for one.
const WORKERS: usize = 8;
const QUEUE: usize = 32;

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
    let (queue, waiting) = std::sync::mpsc::sync_channel::<TcpStream>(QUEUE);
    let waiting = Arc::new(Mutex::new(waiting));
    for _ in 0..WORKERS {
        let waiting = waiting.clone();
        let state = state.clone();
        let out_dir = out.to_path_buf();
        let port = address.port();
        std::thread::spawn(move || {
            loop {
                let next = match waiting.lock() {
                    Ok(rx) => rx.recv(),
                    Err(_) => return,
                };
                let Ok(stream) = next else { return };
                let _ = handle(stream, &state, &out_dir, port);
            }
        });
    }
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let _ = stream.set_write_timeout(Some(Duration::from_secs(5)));
            if let Err(std::sync::mpsc::TrySendError::Full(mut stream)) = queue.try_send(stream) {
                // Every worker busy and the queue full: say so, do not wait.
                let _ = respond(
                    &mut stream,
                    "503 Service Unavailable",
                    "text/plain",
                    b"busy\n",
                );
            }
        }
    });
    eprintln!("serving the preview on http://{address}/");
    watch_with(root, names, out, format, true, &mut |built: &Built| {
        if let Ok(mut s) = state.lock() {
            s.version += 1;
            s.games
                .insert(built.game.clone(), (built.ok, built.diagnostics.clone()));
        }
    })
}

/// Why a request is refused before it is read whole.
enum Refused {
    TooLong,
    Slow,
}

/// Reads a request's line and headers: at most [`MAX_REQUEST`] bytes, all
/// within [`REQUEST_DEADLINE`].
fn read_head(stream: &mut TcpStream) -> Result<String, Refused> {
    let started = std::time::Instant::now();
    let mut head = Vec::with_capacity(1024);
    let mut buf = [0u8; 1024];
    loop {
        let left = REQUEST_DEADLINE
            .checked_sub(started.elapsed())
            .filter(|d| !d.is_zero())
            .ok_or(Refused::Slow)?;
        stream
            .set_read_timeout(Some(left))
            .map_err(|_| Refused::Slow)?;
        let n = stream.read(&mut buf).map_err(|_| Refused::Slow)?;
        if n == 0 {
            return Err(Refused::Slow);
        }
        head.extend_from_slice(&buf[..n]);
        if let Some(end) = head.windows(4).position(|w| w == b"\r\n\r\n") {
            head.truncate(end);
            return Ok(String::from_utf8_lossy(&head).into_owned());
        }
        if head.len() > MAX_REQUEST {
            return Err(Refused::TooLong);
        }
    }
}

/// Whether a `Host` header names this server: 127.0.0.1, localhost or
/// [::1], with its port (a name that resolves here by a trick, as in DNS
/// rebinding, does not).
fn host_allowed(host: &str, port: u16) -> bool {
    let host = host.trim().to_ascii_lowercase();
    ["127.0.0.1", "localhost", "[::1]"]
        .iter()
        .any(|name| host == *name || host == format!("{name}:{port}"))
}

/// Answers one HTTP request.
fn handle(mut stream: TcpStream, state: &Shared, out: &Path, port: u16) -> std::io::Result<()> {
    let head = match read_head(&mut stream) {
        Ok(head) => head,
        Err(Refused::TooLong) => {
            return respond(
                &mut stream,
                "431 Request Header Fields Too Large",
                "text/plain",
                b"request too long\n",
            );
        }
        Err(Refused::Slow) => {
            return respond(
                &mut stream,
                "408 Request Timeout",
                "text/plain",
                b"too slow\n",
            );
        }
    };
    let mut lines = head.split("\r\n");
    let request = lines.next().unwrap_or("");
    let host = lines
        .filter_map(|l| l.split_once(':'))
        .find(|(name, _)| name.trim().eq_ignore_ascii_case("host"))
        .map(|(_, value)| value.to_string());
    match host {
        None => return respond(&mut stream, "400 Bad Request", "text/plain", b"no Host\n"),
        Some(h) if !host_allowed(&h, port) => {
            return respond(
                &mut stream,
                "421 Misdirected Request",
                "text/plain",
                b"this server answers only to 127.0.0.1, localhost and [::1]\n",
            );
        }
        Some(_) => {}
    }
    let mut parts = request.split_whitespace();
    let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or("/"));
    let path = target.split('?').next().unwrap_or("/");
    if method != "GET" {
        return respond(
            &mut stream,
            "405 Method Not Allowed",
            "text/plain",
            b"GET only\n",
        );
    }
    match path {
        "/" => {
            let page = match state.lock() {
                Ok(s) => index_page(&s, out),
                Err(_) => String::from("busy"),
            };
            respond(
                &mut stream,
                "200 OK",
                "text/html; charset=utf-8",
                page.as_bytes(),
            )
        }
        "/__preview.js" => respond(
            &mut stream,
            "200 OK",
            "text/javascript",
            PREVIEW_SCRIPT.as_bytes(),
        ),
        "/__preview.css" => respond(&mut stream, "200 OK", "text/css", PREVIEW_STYLE.as_bytes()),
        "/__version" => {
            let version = state.lock().map(|s| s.version).unwrap_or(0);
            respond(
                &mut stream,
                "200 OK",
                "text/plain",
                version.to_string().as_bytes(),
            )
        }
        _ => match path
            .strip_prefix("/out/")
            .and_then(|rel| safe_path(out, rel))
        {
            Some(file) => match std::fs::read(&file) {
                Ok(bytes) => respond(&mut stream, "200 OK", content_type(&file), &bytes),
                Err(_) => respond(&mut stream, "404 Not Found", "text/plain", b"not found\n"),
            },
            None => respond(&mut stream, "404 Not Found", "text/plain", b"not found\n"),
        },
    }
}

fn respond(stream: &mut TcpStream, status: &str, kind: &str, body: &[u8]) -> std::io::Result<()> {
    write!(
        stream,
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nContent-Security-Policy: {CONTENT_SECURITY_POLICY}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n",
        body.len()
    )?;
    stream.write_all(body)?;
    stream.flush()
}

/// A file under `out` named by a URL path of plain segments (no `..`, no
/// escapes), reached without passing through a symlink.
fn safe_path(out: &Path, rel: &str) -> Option<PathBuf> {
    let rel = Path::new(rel);
    let plain = rel.components().all(|c| matches!(c, Component::Normal(_)))
        && !rel.to_string_lossy().contains(['%', '\\']);
    if !plain || rel.as_os_str().is_empty() {
        return None;
    }
    let mut at = out.to_path_buf();
    for part in rel.components() {
        at.push(part);
        let meta = std::fs::symlink_metadata(&at).ok()?;
        if meta.file_type().is_symlink() {
            return None;
        }
    }
    at.is_file().then_some(at)
}

/// The preview page's script: reload when a build has happened.
const PREVIEW_SCRIPT: &str = "const seen = document.documentElement.dataset.version;\n\
setInterval(() => fetch('/__version').then(r => r.text()).then(v => { if (v !== seen) location.reload(); }).catch(() => {}), 500);\n";

/// The preview page's style.
const PREVIEW_STYLE: &str = "body { font-family: sans-serif; margin: 1.5em; color: #222; }\n\
h1 { font-size: 1.3em; } small { font-weight: normal; font-size: 0.7em; }\n\
.ok { color: #2a7a2a; } .bad { color: #b00020; }\n\
pre { background: #f6f0f0; border-left: 4px solid #b00020; padding: 0.8em; overflow-x: auto; }\n\
.cards img { width: 240px; margin: 4px; border: 1px solid #ccc; }\n\
.pages { display: flex; flex-wrap: wrap; gap: 12px; }\n\
.pages figure { margin: 0; } .pages img { width: 300px; border: 1px solid #999; box-shadow: 1px 1px 4px #bbb; }\n\
figcaption { font-size: 0.8em; color: #555; }\n";

fn content_type(file: &Path) -> &'static str {
    match file.extension().and_then(|e| e.to_str()) {
        Some("pdf") => "application/pdf",
        Some("png") => "image/png",
        Some("svg") => "image/svg+xml",
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css",
        _ => "application/octet-stream",
    }
}

/// The preview page: per game, its diagnostics and its PDFs; it polls
/// `/__version` and reloads when a build has happened.
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
        let mut files: Vec<String> = std::fs::read_dir(out.join(game))
            .map(|entries| {
                entries
                    .flatten()
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .filter(|n| !n.starts_with('.'))
                    .collect()
            })
            .unwrap_or_default();
        files.sort();
        if out.join(game).join("html/index.html").is_file() {
            body.push_str(&format!(
                "<p><a href=\"/out/{}/html/index.html\">HTML rules reference</a></p>\n",
                url_escape(game)
            ));
        }
        body.push_str(&pages_gallery(&out.join(game), game));
        let mut pngs = Vec::new();
        png_files(&out.join(game), Path::new(""), &mut pngs);
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
            if !name.ends_with(".pdf") {
                if out.join(game).join(&name).is_file() {
                    body.push_str(&format!("<p><a href=\"{url}\">{}</a></p>\n", escape(&name)));
                }
                continue;
            }
            body.push_str(&format!(
                "<p><a href=\"{url}\">{}</a> (PDF)</p>\n",
                escape(&name)
            ));
        }
        body.push_str("</section>\n");
    }
    format!(
        r#"<!doctype html>
<html lang="en" data-version="{version}"><head><meta charset="utf-8"><title>grogpress preview</title>
<link rel="stylesheet" href="/__preview.css"><script src="/__preview.js" defer></script></head>
<body><h1>grogpress preview <small>build {version}; reloads on every rebuild</small></h1>
{body}</body></html>
"#,
        version = state.version
    )
}

/// The page previews of a game, in document then page order, each linking to itself.
fn pages_gallery(dir: &Path, game: &str) -> String {
    let Ok(entries) = std::fs::read_dir(dir.join(super::preview::PREVIEW_DIR)) else {
        return String::new();
    };
    let mut pages: Vec<(String, usize, String)> = entries
        .flatten()
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
            super::preview::PREVIEW_DIR,
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

/// The PNG images (card images) under `dir`, as paths relative to it; the
/// HTML reference's own files are left to it.
fn png_files(base: &Path, rel: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(base.join(rel)) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let rel = rel.join(&name);
        if rel == Path::new("html")
            || rel == Path::new(super::preview::PREVIEW_DIR)
            || name.to_string_lossy().starts_with('.')
        {
            continue;
        }
        if entry.path().is_dir() {
            png_files(base, &rel, out);
        } else if rel.extension().is_some_and(|e| e == "png") {
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
    fn only_plain_paths_under_out_are_served() {
        let dir = tempfile::tempdir().expect("temp dir");
        let out = dir.path();
        std::fs::create_dir_all(out.join("g")).expect("mkdir");
        std::fs::write(out.join("g/action-labels.pdf"), b"pdf").expect("write");
        assert_eq!(
            safe_path(out, "g/action-labels.pdf"),
            Some(out.join("g/action-labels.pdf"))
        );
        for bad in [
            "../secret",
            "g/../../x",
            "/etc/passwd",
            "g/%2e%2e/x",
            "",
            "g",
            "g/nosuch",
        ] {
            assert_eq!(safe_path(out, bad), None, "{bad}");
        }
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(out.join("g"), out.join("link")).expect("link");
            assert_eq!(safe_path(out, "link/action-labels.pdf"), None);
        }
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
