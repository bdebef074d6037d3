//! `grogpress serve`: the preview page on 127.0.0.1 lists a game's PDFs and
//! serves them, shows every published page as a PNG, its build version moves on after an edit,
//! errors appear on the page escaped, and nothing outside the
//! output folder is served. A save is pushed: the event stream names each
//! changed file and the end of the build, with nothing polled, and a page
//! that starts listening late is given what it missed; the HTML reference
//! is served with the preview script. Hostile requests: slow clients do not hold up
//! others, an over-long or malformed head is refused with no body, another
//! Host is refused, traversals and symbolic links under out/ get 404, every
//! answer made carries the Content-Security-Policy, and event streams are capped and
//! freed when their client leaves; past 256 connections, one waits its
//! turn. The terminal's summary of a rebuild
//! counts the warnings the page lists. A card edited under an open page
//! of the reference is replaced alone (its fragment), in Chromium.

mod support;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::time::{Duration, Instant};

use support::running::Running;

/// `grogpress serve g` and the port it listens on.
struct Serving {
    process: Running,
    port: u16,
}

fn start(dir: &std::path::Path) -> Serving {
    let mut process = Running::start(dir, &["serve", "g", "--port", "0"]);
    let seen = process.wait_for("watching");
    let port = seen
        .iter()
        .find_map(|line| {
            let rest = line.strip_prefix("serving the preview on http://127.0.0.1:")?;
            rest.trim_end_matches('/').parse().ok()
        })
        .unwrap_or_else(|| panic!("no address printed:\n{}", seen.join("\n")));
    Serving { process, port }
}

/// GET a path: (status line, body).
fn get(port: u16, path: &str) -> (String, Vec<u8>) {
    let (head, body) = exchange(
        port,
        format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n").as_bytes(),
    );
    (head.lines().next().unwrap_or("").to_string(), body)
}

/// Sends a request as given and reads the answer to its end (the server
/// closes every connection), within 10 s: (head, body).
fn exchange(port: u16, request: &[u8]) -> (String, Vec<u8>) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    stream.write_all(request).expect("send");
    let mut response = Vec::new();
    stream.read_to_end(&mut response).expect("read");
    split_response(&response)
}

fn split_response(response: &[u8]) -> (String, Vec<u8>) {
    let split = response
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| {
            panic!(
                "no end of headers in {:?}",
                String::from_utf8_lossy(response)
            )
        });
    let head = String::from_utf8_lossy(&response[..split]).into_owned();
    (head, response[split + 4..].to_vec())
}

fn text(port: u16, path: &str) -> String {
    String::from_utf8_lossy(&get(port, path).1).into_owned()
}

#[test]
fn preview_serves_outputs_and_follows_rebuilds() {
    let tmp = support::starter_game();
    let server = start(tmp.path());
    let port = server.port;

    let page = text(port, "/");
    assert!(page.contains("href=\"/out/g/action-labels.pdf\""), "{page}");
    assert!(page.contains("href=\"/out/g/player-aid.pdf\""), "{page}");
    // The page reloads itself by a served script, not an inline one, so the
    // policy (no inline script or style) holds for it too.
    assert!(page.contains("<script src=\"/__preview.js\""), "{page}");
    assert!(
        !page.contains("<script>") && !page.contains("<style"),
        "{page}"
    );
    let (status, script) = get(port, "/__preview.js");
    assert!(status.contains("200"), "{status}");
    assert!(String::from_utf8_lossy(&script).contains("new EventSource(\"/__events"));
    let (status, pdf) = get(port, "/out/g/action-labels.pdf");
    assert!(status.contains("200"), "{status}");
    assert_eq!(
        pdf,
        std::fs::read(tmp.path().join("out/g/action-labels.pdf")).expect("pdf")
    );
    let (status, html) = get(port, "/out/g/html/index.html");
    assert!(status.contains("200"), "{status}");
    let html = String::from_utf8_lossy(&html);
    assert!(html.contains("Rules of G"));
    // The reference is served live: the preview script added to its head
    // as a served file (no inline script).
    let head = html.split("</head>").next().unwrap_or("");
    assert!(
        head.contains("<script src=\"/__preview.js\" defer data-seq=\""),
        "{head}"
    );
    assert!(!html.contains("<script>"), "{html}");
    assert_eq!(html.matches("</head>").count(), 1);
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

/// A connection that sends part of a request and then nothing (or a byte
/// now and then), as a slowloris client does.
fn slow_client(port: u16, sent: &[u8]) -> TcpStream {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(12)))
        .expect("timeout");
    stream.write_all(sent).expect("send");
    stream
}

/// Reads what the server says to a slow client until it closes; the time
/// that took from `since`, and the status line (empty when it just closed).
fn dropped(mut stream: TcpStream, since: Instant) -> (Duration, String) {
    let mut response = Vec::new();
    // A reset, or the read timing out, both end the wait; the time tells.
    let _ = stream.read_to_end(&mut response);
    let text = String::from_utf8_lossy(&response);
    let status = text.lines().next().unwrap_or("").to_string();
    (since.elapsed(), status)
}

/// A client sending a request a byte a second; when the server answers or
/// closes, the time that took from `since` and the status line.
fn trickle(port: u16, since: Instant) -> (Duration, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(1)))
        .expect("timeout");
    let mut response = Vec::new();
    for b in b"GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: yes\r\n" {
        if stream.write_all(&[*b]).is_err() {
            break;
        }
        let mut buf = [0u8; 1024];
        match stream.read(&mut buf) {
            Ok(n) => {
                response.extend_from_slice(&buf[..n]);
                break;
            }
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            Err(_) => break,
        }
    }
    let status = String::from_utf8_lossy(&response)
        .lines()
        .next()
        .unwrap_or("")
        .to_string();
    (since.elapsed(), status)
}

#[test]
fn hostile_requests_are_refused_and_slow_clients_hold_up_no_one() {
    let tmp = support::starter_game();
    let server = start(tmp.path());
    let port = server.port;
    let good = |path: &str| format!("GET {path} HTTP/1.1\r\nHost: localhost:{port}\r\n\r\n");

    // Every answer, error or not, carries the policy and nosniff.
    for (request, status) in [
        (good("/"), "200"),
        (good("/out/g/action-labels.pdf"), "200"),
        (good("/nowhere"), "404"),
        (
            format!("GET / HTTP/1.1\r\nHost: evil.example:{port}\r\n\r\n"),
            "421",
        ),
        (good("/").replace("GET", "POST"), "405"),
    ] {
        let (head, _) = exchange(port, request.as_bytes());
        assert!(
            head.lines().next().unwrap_or("").contains(status),
            "{request:?}: {head}"
        );
        assert!(
            head.contains("Content-Security-Policy: default-src 'self'; script-src 'self'"),
            "{head}"
        );
        assert!(head.contains("frame-ancestors 'none'"), "{head}");
        assert!(head.contains("X-Content-Type-Options: nosniff"), "{head}");
    }

    // Host: only the server's own names with its port (a DNS-rebinding
    // page sends its own name); none at all, or two, is a bad request.
    for host in [
        format!("Host: 127.0.0.1:{port}\r\n"),
        format!("Host: localhost:{port}\r\n"),
        format!("Host: [::1]:{port}\r\n"),
    ] {
        let (head, _) = exchange(
            port,
            format!("GET /__version HTTP/1.1\r\n{host}\r\n").as_bytes(),
        );
        assert!(head.starts_with("HTTP/1.1 200"), "{host}: {head}");
    }
    for (host, status) in [
        (format!("Host: evil.example:{port}\r\n"), "421"),
        ("Host: evil.example\r\n".to_string(), "421"),
        (
            format!("Host: localhost:{}\r\n", port.wrapping_add(1)),
            "421",
        ),
        (String::new(), "400"),
        (
            format!("Host: localhost:{port}\r\nHost: evil.example:{port}\r\n"),
            "400",
        ),
    ] {
        let (head, body) = exchange(
            port,
            format!("GET /out/g/action-labels.pdf HTTP/1.1\r\n{host}\r\n").as_bytes(),
        );
        assert!(
            head.starts_with(&format!("HTTP/1.1 {status}")),
            "{host}: {head}"
        );
        assert!(!body.starts_with(b"%PDF"), "{host}");
    }

    // Paths: only plain names under out/<game>/, %-escapes decoded first.
    std::fs::write(tmp.path().join("secret.txt"), b"secret").expect("write");
    std::fs::create_dir_all(tmp.path().join("out/other")).expect("mkdir");
    std::fs::write(tmp.path().join("out/other/x.pdf"), b"%PDF other").expect("write");
    for path in [
        "/out/../g/game.toml",
        "/out/g/../../g/game.toml",
        "/out/g/%2e%2e/%2e%2e/g/game.toml",
        "/out/g/%2E%2E/%2E%2E/secret.txt",
        "/out/g/..%2f..%2fsecret.txt",
        "/out/g%2f..%2f..%2fsecret.txt",
        "/out/g/..%5c..%5csecret.txt",
        "/out//etc/passwd",
        "/out/g//etc/passwd",
        "/out/%2fetc%2fpasswd",
        "/etc/passwd",
        "/out/g/%00",
        "/out/other/x.pdf",
        &format!("http://127.0.0.1:{port}/out/g/action-labels.pdf"),
        "/out/g",
        "/out/g/",
        "/out/g/html",
    ] {
        let (status, body) = get(port, path);
        assert!(status.contains("404"), "{path}: {status}");
        assert!(!body.starts_with(b"%PDF") && body != b"secret", "{path}");
    }

    // A symbolic link under out/g/ is not followed, wherever it points.
    let link = |target: &std::path::Path, at: &str| {
        std::os::unix::fs::symlink(target, tmp.path().join("out/g").join(at)).expect("link");
    };
    link(&tmp.path().join("secret.txt"), "leak.txt");
    link(std::path::Path::new("/"), "root");
    link(&tmp.path().join("out/g/action-labels.pdf"), "alias.pdf");
    for path in [
        "/out/g/leak.txt",
        "/out/g/root/etc/passwd",
        "/out/g/root/etc/hostname",
        "/out/g/alias.pdf",
    ] {
        let (status, body) = get(port, path);
        assert!(status.contains("404"), "{path}: {status}");
        assert!(body != b"secret", "{path}");
    }
    let page = text(port, "/");
    assert!(
        !page.contains("leak.txt") && !page.contains("alias.pdf"),
        "{page}"
    );

    // Heads hyper refuses before any answer is made — a 1 MB request line
    // (after 8 KB, and the connection ends quickly), over-long headers, more
    // headers than the parser holds (100), short as they are, a head that
    // does not parse — carry no body and no type: nothing a browser renders.
    let refused = |response: &[u8], status: &str| {
        let text = String::from_utf8_lossy(response);
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        assert!(head.starts_with(&format!("HTTP/1.1 {status}")), "{text}");
        assert!(head.contains("Content-Length: 0"), "{text}");
        assert!(!head.contains("Content-Type"), "{text}");
        assert!(body.is_empty(), "{text}");
    };
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    let mut writer = stream.try_clone().expect("clone");
    let sending = std::thread::spawn(move || {
        let mut line = b"GET /".to_vec();
        line.resize(1 << 20, b'a');
        // The server may stop reading: a failed write is expected.
        let _ = writer.write_all(&line);
    });
    let started = Instant::now();
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response);
    let took = started.elapsed();
    let _ = sending.join();
    refused(&response, "431");
    assert!(took < Duration::from_secs(3), "closed after {took:?}");
    let pad = format!("X-Pad: {}\r\n", "p".repeat(200));
    for (extra, status) in [
        (pad.repeat(50), "431"),
        ("a: b\r\n".repeat(101), "431"),
        ("no colon\r\n".to_string(), "400"),
    ] {
        let request = format!("GET / HTTP/1.1\r\nHost: localhost:{port}\r\n{extra}\r\n");
        let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .expect("timeout");
        stream.write_all(request.as_bytes()).expect("send");
        let mut response = Vec::new();
        stream.read_to_end(&mut response).expect("read");
        refused(&response, status);
    }
    // Just under the limits, the same request is answered.
    let (head, _) = exchange(
        port,
        format!(
            "GET / HTTP/1.1\r\nHost: localhost:{port}\r\n{}{}\r\n",
            pad.repeat(30),
            "a: b\r\n".repeat(60)
        )
        .as_bytes(),
    );
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");

    // A slow client — one that sends nothing, one a byte a second — does
    // not hold up a normal request, and is dropped at the deadline.
    let since = Instant::now();
    let idle = slow_client(port, b"");
    let trickling = std::thread::spawn(move || trickle(port, since));
    std::thread::sleep(Duration::from_millis(200));
    let asked = Instant::now();
    let (status, _) = get(port, "/__version");
    assert!(status.contains("200"), "{status}");
    assert!(
        asked.elapsed() < Duration::from_secs(2),
        "a normal request waited {:?} behind two slow ones",
        asked.elapsed()
    );
    let (took, status) = dropped(idle, since);
    assert!(
        took < Duration::from_secs(8) && (status.is_empty() || status.contains("408")),
        "an idle client was dropped after {took:?} with {status:?}"
    );
    let (took, status) = trickling.join().expect("trickle");
    assert!(
        took < Duration::from_secs(8) && (status.is_empty() || status.contains("408")),
        "a trickling client was dropped after {took:?} with {status:?}"
    );

    // Far more slow clients than the threads answering (24): a normal
    // request is still answered at once, and every slow one is dropped by
    // its deadline, told nothing or 408.
    let since = Instant::now();
    let idle: Vec<TcpStream> = (0..100).map(|_| slow_client(port, b"GET ")).collect();
    std::thread::sleep(Duration::from_millis(200));
    for _ in 0..3 {
        let asked = Instant::now();
        let (status, _) = get(port, "/__version");
        assert!(status.contains("200"), "{status}");
        assert!(
            asked.elapsed() < Duration::from_secs(2),
            "a normal request waited {:?} behind 100 slow ones",
            asked.elapsed()
        );
    }
    let waits: Vec<std::thread::JoinHandle<(Duration, String)>> = idle
        .into_iter()
        .map(|s| std::thread::spawn(move || dropped(s, since)))
        .collect();
    for wait in waits {
        let (took, status) = wait.join().expect("slow client");
        assert!(
            took < Duration::from_secs(8) && (status.is_empty() || status.contains("408")),
            "a slow client held on for {took:?} ({status:?})"
        );
    }
}

/// The server holds 256 connections at once: past them, a request waits
/// in the kernel's queue until a held one ends (here the slow ones, at
/// their 5 s deadline), and is then answered whole, not reset.
#[test]
fn connections_past_the_cap_wait_their_turn() {
    let tmp = support::starter_game();
    let server = start(tmp.path());
    let port = server.port;
    let since = Instant::now();
    let idle: Vec<TcpStream> = (0..256).map(|_| slow_client(port, b"GET ")).collect();
    std::thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    let (status, _) = get(port, "/__version");
    let waited = asked.elapsed();
    assert!(status.contains("200"), "{status}");
    assert!(
        waited > Duration::from_secs(3) && since.elapsed() < Duration::from_secs(9),
        "the 257th connection was answered after {waited:?}"
    );
    drop(idle);
}

/// How one of many clients asking at once fared: its status line, or what
/// went wrong.
type Outcome = Result<String, String>;

/// One client: connects, sends a GET, reads the answer to its end (the
/// server closes every connection), each step within 30 s.
fn ask_at_once(port: u16, start: &std::sync::Barrier) -> Outcome {
    start.wait();
    let address = std::net::SocketAddr::from(([127, 0, 0, 1], port));
    let mut stream = TcpStream::connect_timeout(&address, Duration::from_secs(30))
        .map_err(|e| format!("connect: {e}"))?;
    let limit = Some(Duration::from_secs(30));
    stream
        .set_read_timeout(limit)
        .and_then(|()| stream.set_write_timeout(limit))
        .map_err(|e| format!("timeout: {e}"))?;
    stream
        .write_all(format!("GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n").as_bytes())
        .map_err(|e| format!("send: {e}"))?;
    let mut response = Vec::new();
    stream
        .read_to_end(&mut response)
        .map_err(|e| format!("read ({} bytes in): {e}", response.len()))?;
    let text = String::from_utf8_lossy(&response);
    let Some((head, body)) = text.split_once("\r\n\r\n") else {
        return Err(format!("no end of headers in {text:?}"));
    };
    let length = head
        .lines()
        .find_map(|l| l.strip_prefix("Content-Length: "))
        .and_then(|n| n.trim().parse::<usize>().ok());
    if length != Some(body.len()) {
        return Err(format!(
            "a body of {} bytes, the head says {length:?}",
            body.len()
        ));
    }
    Ok(head.lines().next().unwrap_or("").to_string())
}

/// 300 clients asking at once, more than the connections held (256) and
/// far more than the threads answering (24): those past the first wait
/// their turn (in the kernel's queue, then the threads'), and each gets the
/// whole page (200); none is reset.
#[test]
fn three_hundred_clients_at_once_are_each_answered() {
    let tmp = support::starter_game();
    let server = start(tmp.path());
    let port = server.port;
    const CLIENTS: usize = 300;
    let start = std::sync::Arc::new(std::sync::Barrier::new(CLIENTS));
    let clients: Vec<std::thread::JoinHandle<Outcome>> = (0..CLIENTS)
        .map(|_| {
            let start = start.clone();
            std::thread::spawn(move || ask_at_once(port, &start))
        })
        .collect();
    let outcomes: Vec<Outcome> = clients
        .into_iter()
        .map(|c| {
            c.join()
                .unwrap_or_else(|_| Err("the client panicked".into()))
        })
        .collect();
    let failed: Vec<&Outcome> = outcomes
        .iter()
        .filter(|o| o.as_deref() != Ok("HTTP/1.1 200 OK"))
        .collect();
    assert!(
        failed.is_empty(),
        "{} of {CLIENTS} clients got no whole page: {:?}",
        failed.len(),
        &failed[..failed.len().min(10)]
    );
}

/// An open event stream: what it has sent so far.
struct Stream {
    stream: TcpStream,
    text: String,
}

impl Stream {
    fn open(port: u16, path: &str) -> Stream {
        let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_millis(100)))
            .expect("timeout");
        stream
            .write_all(format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n").as_bytes())
            .expect("send");
        Stream {
            stream,
            text: String::new(),
        }
    }

    /// Reads until `done` holds for what has come, or fails after 10 s.
    fn until(&mut self, what: &str, done: impl Fn(&str) -> bool) -> &str {
        let started = Instant::now();
        let mut buf = [0u8; 4096];
        while !done(&self.text) {
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "no {what} in:\n{}",
                self.text
            );
            match self.stream.read(&mut buf) {
                Ok(0) => panic!("the stream ended before {what}:\n{}", self.text),
                Ok(n) => self.text.push_str(&String::from_utf8_lossy(&buf[..n])),
                Err(e)
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) => {}
                Err(e) => panic!("reading the stream: {e}"),
            }
        }
        &self.text
    }
}

fn save(file: &std::path::Path, text: &str) {
    let saving = file.with_file_name(".saving.tmp");
    std::fs::write(&saving, text).expect("write");
    std::fs::rename(&saving, file).expect("save");
}

/// The `data-seq` of the preview script's tag in a page.
fn seq_of(page: &str) -> String {
    page.split("data-seq=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap_or_else(|| panic!("no data-seq in {page}"))
        .to_string()
}

#[test]
fn a_save_is_pushed_to_the_open_pages() {
    let tmp = support::starter_game();
    let server = start(tmp.path());
    let port = server.port;
    let page = text(port, "/");
    let seq = seq_of(&page);

    // The stream answers at once, under the same policy, and says hello.
    let mut events = Stream::open(port, &format!("/__events?since={seq}"));
    let head = events
        .until("the stream's head", |t| t.contains("event: hello"))
        .to_string();
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert!(head.contains("Content-Type: text/event-stream"), "{head}");
    assert!(
        head.contains("Content-Security-Policy: default-src 'self'"),
        "{head}"
    );
    assert!(head.contains("event: hello\ndata: fresh\n"), "{head}");

    // A save: each file rewritten is named as it lands — the label sheet,
    // the reference's page, the changed page previews — then the build's
    // end, with nothing asked for.
    let cards = tmp.path().join("g/action-cards.toml");
    let original = std::fs::read_to_string(&cards).expect("read");
    assert!(original.contains("Ignore the first hit"));
    save(
        &cards,
        &original.replace("Ignore the first hit", "Ignore the second hit"),
    );
    let pushed = events
        .until("a build", |t| t.contains("event: built"))
        .to_string();
    for url in [
        "/out/g/action-labels.pdf",
        "/out/g/preview/action-labels-1.png",
    ] {
        assert!(
            pushed.contains(&format!("event: changed\ndata: {url}\n")),
            "{url}: {pushed}"
        );
    }
    // Only the pages that changed were drawn again: the aid was not.
    assert!(!pushed.contains("player-aid-1.png"), "{pushed}");
    // The build's end carries the preview page's shape: the same page, so
    // the preview page swaps its images rather than reloading.
    let shape = |page: &str| {
        page.split("data-shape=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .unwrap_or("")
            .to_string()
    };
    let after = text(port, "/");
    assert!(
        pushed.contains(&format!("event: built\ndata: {}\n", shape(&after))),
        "{pushed}\n{after}"
    );
    assert_eq!(shape(&page), shape(&after));

    // A page made before the save that starts listening only now is given
    // what it missed; one from another run of the server is told to reload.
    let mut late = Stream::open(port, &format!("/__events?since={seq}"));
    let missed = late
        .until("the missed build", |t| t.contains("event: built"))
        .to_string();
    assert!(missed.contains("data: fresh"), "{missed}");
    assert!(
        missed.contains("data: /out/g/preview/action-labels-1.png"),
        "{missed}"
    );
    let mut stale = Stream::open(port, "/__events?since=0-1");
    assert!(
        stale
            .until("hello", |t| t.contains("event: hello"))
            .contains("data: stale")
    );

    // A change to the rules: the reference's page is named, and no page
    // preview but the rulebook's is drawn again.
    let rules = tmp.path().join("g/rules/rules.md");
    let prose = std::fs::read_to_string(&rules).expect("read");
    save(
        &rules,
        &prose.replace("two actions or one attack", "three actions or one attack"),
    );
    let pushed = events
        .until("a second build", |t| t.matches("event: built").count() == 2)
        .to_string();
    let second = pushed.split("event: built").nth(1).unwrap_or("");
    assert!(
        second.contains("event: changed\ndata: /out/g/html/rules.html\n"),
        "{second}"
    );
    assert!(!second.contains("action-labels-1.png"), "{second}");
    // The previews of every document published are still there.
    for page in ["action-labels-1", "player-aid-1", "charts-1", "g-rules-1"] {
        let png = tmp.path().join(format!("out/g/preview/{page}.png"));
        assert!(png.is_file(), "{}", png.display());
    }

    // An error: the build's end has another shape (the page reloads).
    save(
        &cards,
        &original.replace("who = \"Defender Only\"", "who = \"Defender <only>\""),
    );
    let pushed = events
        .until("a third build", |t| t.matches("event: built").count() == 3)
        .to_string();
    let last = pushed.rsplit("event: built\ndata: ").next().unwrap_or("");
    assert!(!last.starts_with(&shape(&after)), "{pushed}");
}

#[test]
fn event_streams_are_capped_and_freed_when_left() {
    let tmp = support::starter_game();
    let server = start(tmp.path());
    let port = server.port;
    // 16 streams are held (by one thread, not the workers): a 17th is
    // refused, and normal requests are still answered at once.
    let mut open: Vec<Stream> = (0..16).map(|_| Stream::open(port, "/__events")).collect();
    for stream in &mut open {
        stream.until("hello", |t| t.contains("event: hello"));
    }
    let mut refused = Stream::open(port, "/__events");
    assert!(
        refused
            .until("an answer", |t| t.contains("\r\n\r\n"))
            .starts_with("HTTP/1.1 503"),
        "{}",
        refused.text
    );
    for _ in 0..3 {
        let asked = Instant::now();
        let (status, _) = get(port, "/out/g/action-labels.pdf");
        assert!(status.contains("200"), "{status}");
        assert!(asked.elapsed() < Duration::from_secs(2));
    }
    // Streams whose clients have gone are dropped: there is room again.
    drop(open);
    let started = Instant::now();
    loop {
        let mut stream = Stream::open(port, "/__events");
        let answer = stream
            .until("an answer", |t| t.contains("\r\n\r\n"))
            .to_string();
        if answer.starts_with("HTTP/1.1 200") {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "the streams left were never dropped: {answer}"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn unchanged_files_are_not_sent_again() {
    let tmp = support::starter_game();
    let server = start(tmp.path());
    let port = server.port;
    let request = |extra: &str| {
        exchange(
            port,
            format!(
                "GET /out/g/preview/player-aid-1.png HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{extra}\r\n"
            )
            .as_bytes(),
        )
    };
    let (head, png) = request("");
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert!(png.starts_with(b"\x89PNG"));
    assert!(head.contains("Cache-Control: no-cache"), "{head}");
    // Header names are compared without case (hyper writes `Etag`).
    let header = |head: &str, name: &str| {
        head.lines()
            .filter_map(|l| l.split_once(": "))
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.to_string())
    };
    let tag = header(&head, "ETag").unwrap_or_else(|| panic!("no ETag: {head}"));
    assert!(
        tag.starts_with('"') && tag.ends_with('"') && tag.len() > 2,
        "{tag}"
    );
    let (head, body) = request(&format!("If-None-Match: {tag}\r\n"));
    assert!(head.starts_with("HTTP/1.1 304"), "{head}");
    assert_eq!(header(&head, "ETag"), Some(tag.clone()), "{head}");
    assert!(head.contains("Content-Security-Policy"), "{head}");
    assert!(body.is_empty());
    let (head, _) = request("If-None-Match: \"other\"\r\n");
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    // Pages are never kept: they are made anew each time.
    let (head, _) = exchange(
        port,
        format!("GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n").as_bytes(),
    );
    assert!(head.contains("Cache-Control: no-store"), "{head}");
}

/// A rebuild prints only new warnings, but its summary line counts every
/// warning the page lists (it said "0 warnings" beside a page with one).
#[test]
fn the_terminal_summary_agrees_with_the_page() {
    let tmp = support::starter_game();
    let rules = tmp.path().join("g/rules/rules.md");
    let prose = std::fs::read_to_string(&rules).expect("read");
    assert!(prose.contains("[*Dug In*](card:)"));
    save(
        &rules,
        &prose.replace("[*Dug In*](card:)", "[*Dug in*](card:)"),
    );
    let server = start(tmp.path());
    let port = server.port;
    let cards = tmp.path().join("g/action-cards.toml");
    let original = std::fs::read_to_string(&cards).expect("read");
    save(
        &cards,
        &original.replace("Ignore the first hit", "Ignore the second hit"),
    );
    let mut seen = Vec::new();
    let summary = loop {
        let line = server
            .process
            .lines
            .recv_timeout(Duration::from_secs(20))
            .unwrap_or_else(|_| panic!("no rebuild summary in {seen:?}"));
        if line.starts_with("g: ") {
            break line;
        }
        seen.push(line);
    };
    assert_eq!(summary, "g: 0 errors, 1 warning", "{seen:?}");
    let next = server.process.lines.recv_timeout(Duration::from_secs(5));
    assert_eq!(
        next.as_deref().map(str::trim),
        Ok("(1 warning as before, not repeated)")
    );
    let page = text(port, "/");
    assert_eq!(
        page.matches("warning[card-title-mismatch]").count(),
        1,
        "{page}"
    );
}

/// The preview page as served, with axe-core run on it in headless
/// Chromium (its script and a runner served from out/g/, within the
/// policy): no violation of any impact (it lacked a `<main>` landmark).
/// The runner turns the event stream off, so that the page settles and
/// Chromium's virtual time runs out.
#[test]
fn axe_finds_nothing_on_the_preview_page() {
    let axe = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("target/npm/node_modules/axe-core/axe.min.js");
    assert!(
        axe.is_file(),
        "run `npm install --prefix target/npm axe-core@4` (as tests/run.sh does)"
    );
    let tmp = support::starter_game();
    let server = start(tmp.path());
    let port = server.port;
    let out = tmp.path().join("out/g");
    std::fs::copy(&axe, out.join("axe.min.js")).expect("copy axe");
    std::fs::write(
        out.join("run-axe.js"),
        r#"window.EventSource = undefined; // no stream held open: the page settles
addEventListener("load", function () {
  axe.run(document, { resultTypes: ["violations"] }).then(function (r) {
    var pre = document.createElement("pre");
    pre.id = "axe";
    pre.textContent = JSON.stringify(r.violations.map(function (v) {
      return [v.id, v.impact, v.nodes.slice(0, 3).map(function (n) { return n.target.join(" "); })];
    }));
    document.body.appendChild(pre);
  });
});"#,
    )
    .expect("write the runner");
    // The page as served, its own script swapped for axe (served HTML gets
    // the preview script again in its head).
    let page = text(port, "/");
    let own = page
        .split("<script src=\"/__preview.js\"")
        .nth(1)
        .and_then(|rest| rest.split_once("</script>"))
        .map(|(attrs, _)| format!("<script src=\"/__preview.js\"{attrs}</script>"))
        .unwrap_or_else(|| panic!("no preview script in {page}"));
    let axed = page.replace(
        &own,
        "<script src=\"/out/g/axe.min.js\"></script><script src=\"/out/g/run-axe.js\"></script>",
    );
    std::fs::write(out.join("axe-preview.html"), axed).expect("write the page");
    let profile = tempfile::tempdir().expect("profile");
    let run = support::tools::headless_chromium(profile.path())
        .args([
            "--virtual-time-budget=10000".to_string(),
            "--dump-dom".to_string(),
            format!("http://127.0.0.1:{port}/out/g/axe-preview.html"),
        ])
        .output()
        .expect("cannot run `chromium`");
    let dom = String::from_utf8_lossy(&run.stdout);
    let found = dom
        .split("<pre id=\"axe\">")
        .nth(1)
        .and_then(|rest| rest.split("</pre>").next())
        .unwrap_or_else(|| panic!("axe did not run: {dom}"));
    assert_eq!(found, "[]", "{found}");
}

/// A card's text edited under an open page of the reference that shows the
/// deck: the event stream names that card's fragment alone, and the page
/// (in Chromium) fetches that fragment, not the page, and shows the new
/// words without reloading. A card added changes the page around its
/// fragments: the page is named whole, and shows the new card.
#[test]
fn an_edit_replaces_only_its_cards_fragment_in_the_open_page() {
    let driver = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("target/npm/node_modules/playwright-core");
    assert!(
        driver.is_dir(),
        "run `npm install --prefix target/npm playwright-core@1` (as tests/run.sh does)"
    );
    let tmp = support::starter_game();
    let game = tmp.path().join("g");
    // The deck shown in the rules; cards free of the per-side count and
    // the mirror, so that one card may change and one be added.
    let rules = game.join("rules/rules.md");
    let prose = std::fs::read_to_string(&rules).expect("read");
    std::fs::write(&rules, format!("{prose}\n{{{{ deck(\"action\") }}}}\n")).expect("write");
    let cards = game.join("action-cards.toml");
    let deck = std::fs::read_to_string(&cards).expect("read");
    let deck = deck
        .replace("count_per = { field = \"owner\", count = 1 }\n", "")
        .replace("mirrored = \"owner\"\n", "");
    std::fs::write(&cards, &deck).expect("write");
    let server = start(tmp.path());
    let port = server.port;
    let html = std::fs::read_to_string(tmp.path().join("out/g/html/rules.html")).expect("read");
    let ids: Vec<&str> = html
        .split("<figure class=\"card\" id=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .collect();
    assert_eq!(ids.len(), 2, "{html}");
    let mut events = Stream::open(port, "/__events");
    events.until("hello", |t| t.contains("event: hello"));

    // The first card's effect edited; then a card added.
    let first = deck
        .find("Ignore the first hit")
        .expect("the first card's effect");
    let edited = format!(
        "{}Ignore the Xyzzy hit{}",
        &deck[..first],
        &deck[first + "Ignore the first hit".len()..]
    );
    let added = format!(
        "{edited}\n[[cards]]\nwho = \"Attacker Only\"\ntiming = \"Play when attacking:\"\ntitle = \"Quick March\"\neffect = \"Move one unit.\"\nowner = \"Red\"\n"
    );
    let file = cards.display().to_string();
    let edits = serde_json::json!([
        {"file": file, "text": edited, "shows": "Xyzzy"},
        {"file": file, "text": added, "shows": "Quick March"},
    ]);
    let edits_file = tmp.path().join("edits.json");
    std::fs::write(&edits_file, edits.to_string()).expect("write");
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/serve_page.js");
    let url = format!("http://127.0.0.1:{port}/out/g/html/rules.html");
    let run = Command::new("node")
        .arg(&script)
        .arg(&driver)
        .arg(on_path("chromium"))
        .arg(&url)
        .arg(&edits_file)
        .output()
        .expect("cannot run `node`");
    let said = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let seen: serde_json::Value = serde_json::from_str(said.trim()).expect("the driver's JSON");

    // The edit: one fragment named, fetched alone, shown in place.
    let pushed = events
        .until("two builds", |t| t.matches("event: built").count() == 2)
        .to_string();
    let first_build = pushed.split("event: built").next().unwrap_or("");
    // The card's fragment is named, and nothing else of the page but, when
    // a PDF's size changed, the sidebar's list of PDFs (a fragment by the
    // same rule).
    let only = |ids_named: &str| {
        ids_named
            .split([' ', ','])
            .all(|id| id == ids[0] || id == "grogpress-pdfs")
    };
    let named: Vec<&str> = first_build
        .lines()
        .filter_map(|l| l.strip_prefix("data: /out/g/html/rules.html "))
        .collect();
    assert!(
        named.iter().any(|n| n.split(' ').any(|id| id == ids[0])),
        "{first_build}"
    );
    assert!(named.iter().all(|n| only(n)), "{first_build}");
    assert!(
        !first_build.contains("data: /out/g/html/rules.html\n"),
        "{first_build}"
    );
    assert_eq!(seen[0]["shown"], true, "{said}");
    assert_eq!(seen[0]["reloaded"], false, "{said}");
    let asked: Vec<&str> = (seen[0]["requests"].as_array().into_iter().flatten())
        .filter_map(|r| r.as_str())
        .filter(|r| r.starts_with("/out/g/html/rules.html"))
        .collect();
    // Fragments alone fetched, the card's among them.
    let fragments: Vec<&str> = asked
        .iter()
        .filter_map(|r| r.strip_prefix("/out/g/html/rules.html?fragments="))
        .collect();
    assert_eq!(fragments.len(), asked.len(), "{said}");
    assert!(
        fragments
            .iter()
            .any(|f| f.split(',').any(|id| id == ids[0])),
        "{said}"
    );
    assert!(fragments.iter().all(|f| only(f)), "{said}");

    // The card added: the page is named whole and shows the new card.
    let second_build = pushed.split("event: built").nth(1).unwrap_or("");
    assert!(
        second_build.contains("event: changed\ndata: /out/g/html/rules.html\n"),
        "{second_build}"
    );
    assert_eq!(seen[1]["shown"], true, "{said}");
}

/// A program's path, from `PATH` (playwright wants it whole).
fn on_path(name: &str) -> std::path::PathBuf {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
        .unwrap_or_else(|| panic!("no `{name}` on PATH"))
}
