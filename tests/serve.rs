//! `grogpress serve`: the preview page on 127.0.0.1 lists a game's PDFs and
//! serves them, shows every published page as a PNG, its build version moves on after an edit (the page reloads
//! on that), errors appear on the page escaped, and nothing outside the
//! output folder is served.

mod support;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use support::raw::dump;

struct Serving {
    child: Child,
    port: u16,
    _lines: Receiver<String>,
}

impl Drop for Serving {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start(dir: &std::path::Path) -> Serving {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grogpress"))
        .current_dir(dir)
        .args(["serve", "g", "--port", "0"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start grogpress serve");
    let stderr = child.stderr.take().expect("stderr");
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut port = None;
    let mut seen = Vec::new();
    while let Ok(line) = rx.recv_timeout(Duration::from_secs(20)) {
        if let Some(rest) = line.strip_prefix("serving the preview on http://127.0.0.1:") {
            port = rest.trim_end_matches('/').parse().ok();
        }
        let ready = line.starts_with("watching");
        seen.push(line);
        if ready {
            break;
        }
    }
    let port = port.unwrap_or_else(|| panic!("no address printed:\n{}", seen.join("\n")));
    Serving {
        child,
        port,
        _lines: rx,
    }
}

/// GET a path: (status line, body).
fn get(port: u16, path: &str) -> (String, Vec<u8>) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: localhost:{port}\r\n\r\n"
    )
    .expect("send");
    let mut response = Vec::new();
    stream.read_to_end(&mut response).expect("read");
    let split = response
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("headers end");
    let head = String::from_utf8_lossy(&response[..split]).into_owned();
    let status = head.lines().next().unwrap_or("").to_string();
    (status, response[split + 4..].to_vec())
}

fn text(port: u16, path: &str) -> String {
    String::from_utf8_lossy(&get(port, path).1).into_owned()
}

#[test]
fn preview_serves_outputs_and_follows_rebuilds() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let made = Command::new(env!("CARGO_BIN_EXE_grogpress"))
        .current_dir(tmp.path())
        .args(["new", "g"])
        .output()
        .expect("run new");
    assert_eq!(made.status.code(), Some(0), "{}", dump(&made));
    let server = start(tmp.path());
    let port = server.port;

    let page = text(port, "/");
    assert!(page.contains("href=\"/out/g/action-labels.pdf\""), "{page}");
    assert!(page.contains("href=\"/out/g/player-aid.pdf\""), "{page}");
    assert!(page.contains("<script src=\"/__preview.js\""), "{page}");
    assert!(text(port, "/__preview.js").contains("fetch('/__version')"));
    let (status, pdf) = get(port, "/out/g/action-labels.pdf");
    assert!(status.contains("200"), "{status}");
    assert_eq!(
        pdf,
        std::fs::read(tmp.path().join("out/g/action-labels.pdf")).expect("pdf")
    );
    let (status, html) = get(port, "/out/g/html/index.html");
    assert!(status.contains("200"), "{status}");
    assert!(String::from_utf8_lossy(&html).contains("Rules of G"));
    assert!(page.contains("href=\"/out/g/html/index.html\""), "{page}");
    // Every page published — label sheet, aid, chart — is shown as a PNG,
    // the same size as the page (72 dpi: Letter is 612 x 792 px).
    for doc in ["action-labels", "player-aid", "charts"] {
        let url = format!("/out/g/preview/{doc}-1.png");
        assert!(
            page.contains(&format!("<img src=\"{url}\"")),
            "{doc}: {page}"
        );
        let (status, png) = get(port, &url);
        assert!(status.contains("200"), "{url}: {status}");
        assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "{url}");
        let size = |at: usize| u32::from_be_bytes([png[at], png[at + 1], png[at + 2], png[at + 3]]);
        assert_eq!((size(16), size(20)), (612, 792), "{url}");
    }
    let version = text(port, "/__version");

    // An error: the version moves on and the page shows it, escaped.
    let cards = tmp.path().join("g/action-cards.toml");
    let original = std::fs::read_to_string(&cards).expect("read");
    let saving = cards.with_file_name(".saving.tmp");
    std::fs::write(
        &saving,
        original.replace("who = \"Defender Only\"", "who = \"Defender <only>\""),
    )
    .expect("write");
    std::fs::rename(&saving, &cards).expect("save");
    let started = Instant::now();
    let page = loop {
        if text(port, "/__version") != version {
            let page = text(port, "/");
            if page.contains("error[bad-enum-value]: `Defender &lt;only&gt;`") {
                break page;
            }
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the page never showed the error:\n{}",
            text(port, "/")
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(!page.contains("<only>"), "{page}");
    assert!(
        page.contains("has errors; showing the last good outputs"),
        "{page}"
    );

    // Nothing outside out/ is served.
    for path in [
        "/out/../g/game.toml",
        "/out/g/../../g/game.toml",
        "/game.toml",
        "/out/",
    ] {
        let (status, _) = get(port, path);
        assert!(status.contains("404"), "{path}: {status}");
    }
}

/// Sends `raw` as the whole request and returns the status line (empty when
/// the server closed without answering).
fn raw_request(port: u16, raw: &[u8]) -> String {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    let _ = stream.write_all(raw);
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response);
    String::from_utf8_lossy(&response)
        .lines()
        .next()
        .unwrap_or("")
        .to_string()
}

#[test]
fn a_hostile_client_is_refused_and_holds_up_no_one() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let made = Command::new(env!("CARGO_BIN_EXE_grogpress"))
        .current_dir(tmp.path())
        .args(["new", "g"])
        .output()
        .expect("run new");
    assert_eq!(made.status.code(), Some(0), "{}", dump(&made));
    // A symlink under out/ leading out of it.
    std::fs::write(tmp.path().join("secret.txt"), "SECRET").expect("write");
    let server = start(tmp.path());
    let port = server.port;
    #[cfg(unix)]
    std::os::unix::fs::symlink(
        tmp.path().join("secret.txt"),
        tmp.path().join("out/g/link.txt"),
    )
    .expect("symlink");
    #[cfg(unix)]
    std::os::unix::fs::symlink(tmp.path(), tmp.path().join("out/g/up")).expect("symlink");

    // Slow clients (a byte a second, or nothing at all) take no one's turn.
    let mut slow = Vec::new();
    for _ in 0..12 {
        let mut s = TcpStream::connect(("127.0.0.1", port)).expect("connect");
        let _ = s.write_all(b"GET / HT");
        slow.push(s);
    }
    let started = Instant::now();
    let (status, _) = get(port, "/__version");
    assert!(status.contains("200"), "{status}");
    assert!(
        started.elapsed() < Duration::from_secs(8),
        "a normal request waited {:?} behind slow clients",
        started.elapsed()
    );
    // A slow client is dropped at the request deadline.
    let mut lingering = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    lingering
        .set_read_timeout(Some(Duration::from_secs(15)))
        .expect("timeout");
    let started = Instant::now();
    let mut answer = String::new();
    let _ = lingering.read_to_string(&mut answer);
    assert!(
        started.elapsed() < Duration::from_secs(12),
        "{:?}",
        started.elapsed()
    );
    assert!(
        answer.is_empty() || answer.starts_with("HTTP/1.1 408"),
        "{answer}"
    );
    drop(slow);

    // A request line of a megabyte is refused at once.
    let mut long = b"GET /".to_vec();
    long.extend(std::iter::repeat_n(b'a', 1 << 20));
    long.extend_from_slice(b" HTTP/1.1\r\nHost: localhost\r\n\r\n");
    let status = raw_request(port, &long);
    assert!(status.contains("431"), "{status}");

    // Only this machine's names: another Host (DNS rebinding) is refused.
    let status = raw_request(
        port,
        format!("GET / HTTP/1.1\r\nHost: evil.example:{port}\r\n\r\n").as_bytes(),
    );
    assert!(status.contains("421"), "{status}");
    let status = raw_request(port, b"GET / HTTP/1.1\r\n\r\n");
    assert!(status.contains("400"), "{status}");
    for host in ["127.0.0.1", "[::1]"] {
        let status = raw_request(
            port,
            format!("GET /__version HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n").as_bytes(),
        );
        assert!(status.contains("200"), "{host}: {status}");
    }

    // Traversal in every spelling, absolute paths and symlinks: 404.
    for path in [
        "/out/../secret.txt",
        "/out/%2e%2e/secret.txt",
        "/out/g/%2e%2e/%2e%2e/secret.txt",
        "/out/g%2f..%2f..%2fsecret.txt",
        "/out//etc/passwd",
        "/out/g/link.txt",
        "/out/g/up/secret.txt",
        "/etc/passwd",
    ] {
        let (status, body) = get(port, path);
        assert!(status.contains("404"), "{path}: {status}");
        assert!(!String::from_utf8_lossy(&body).contains("SECRET"), "{path}");
    }

    // Every answer carries the policy.
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    write!(
        stream,
        "GET /out/g/html/index.html HTTP/1.1\r\nHost: localhost:{port}\r\n\r\n"
    )
    .expect("send");
    let mut response = String::new();
    stream.read_to_string(&mut response).expect("read");
    assert!(
        response.contains("Content-Security-Policy: default-src 'self'; script-src 'self'"),
        "{response}"
    );
}
