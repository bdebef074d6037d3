//! Hostile SVG pictures (issue 36): card art and counter art whose SVG
//! names something outside itself — `/dev/zero`, a FIFO, an absolute path,
//! a path climbing out or a symlink leading out, `file:` and `http:` URLs, a
//! large `data:` URL, another file by `<use>`, `url()` or `@import` — and
//! SVG text. Each is a located error at its attribute (or element) in the
//! SVG, with the line that draws the picture as a second place; `check`
//! exits 1, and it does so at once: nothing named is ever opened (a
//! regression that read `/dev/zero` or waited on the FIFO would be killed
//! at the bound and fail). A plain SVG of shapes with its own `<use>` still
//! draws.

mod support;
use support::hero_game;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Far more than a check of this small game takes; reading `/dev/zero`
/// or waiting on a FIFO never ends.
const BOUND: Duration = Duration::from_secs(20);

/// The line of the SVG the case's body is on, and its first column.
const BODY_LINE: usize = 3;
const BODY_COL: usize = 3;

/// The card layout: the SVG drawn on every card (its `file` on line 6).
const FRONT: &str = r##"name = "Hero"
family = "sans-condensed"

[[images]]
left = 10
file = "art/x.svg"
top = 10
width = 40
height = 40

[[regions]]
field = "title"
left = 12
top = 150
width = 156
height = 20
size = 14
"##;
const FILE_LINE: usize = 6;

/// A game of two cards whose layout draws `art/x.svg`, holding `body`.
fn card_game(dir: &Path, body: &str) -> PathBuf {
    let svg = svg(body);
    hero_game::write(
        dir,
        "svg-game",
        &[
            ("game.toml", hero_game::GAME_TOML.as_bytes()),
            ("heroes.toml", b"name = \"Heroes\"\ntitle_field = \"title\"\n\n[[fields]]\nname = \"title\"\nkind = \"text\"\n\n[[cards]]\ntitle = \"One\"\n\n[[cards]]\ntitle = \"Two\"\n"),
            ("rules.md", b"# Heroes\n\nTwo heroes.\n"),
            ("templates/cards/hero.toml", FRONT.as_bytes()),
            ("templates/cards/hero-back.toml", hero_game::PLAIN_BACK.as_bytes()),
            ("art/x.svg", svg.as_bytes()),
        ],
    )
}

/// An SVG of a blue square with `body` on line 3 from column 3.
fn svg(body: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" viewBox=\"0 0 10 10\">\n  <rect width=\"10\" height=\"10\" fill=\"#0000ff\"/>\n  {body}\n</svg>\n"
    )
}

/// One diagnostic as `check --format json` tells it, with its second place.
#[derive(Debug)]
struct Told {
    id: String,
    file: String,
    line: u64,
    column: u64,
    label: Option<(String, u64)>,
}

/// `grogpress check GAME --format json`, killed at [`BOUND`] (the test then
/// fails); the exit code and the diagnostics.
fn check(game: &Path) -> (i32, Vec<Told>, String) {
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_grogpress"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["check", game.to_str().expect("utf-8"), "--format", "json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run grogpress");
    // Read the pipes on threads so a full pipe never stalls the child.
    let mut out = child.stdout.take().expect("stdout");
    let mut err = child.stderr.take().expect("stderr");
    let reading = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = out.read_to_string(&mut text);
        text
    });
    let erring = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = err.read_to_string(&mut text);
        text
    });
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if start.elapsed() > BOUND {
            let _ = child.kill();
            let _ = child.wait();
            panic!("`check` ran past {BOUND:?}: it opened what the SVG names");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let took = start.elapsed();
    let stdout = reading.join().expect("stdout");
    let stderr = erring.join().expect("stderr");
    eprintln!("check: {} ms", took.as_millis());
    let code = status
        .code()
        .unwrap_or_else(|| panic!("killed by a signal:\n{stderr}"));
    assert!(!stderr.contains("panicked"), "{stderr}");
    let told = stdout
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("a JSON line");
            let s = |v: &serde_json::Value, k: &str| v[k].as_str().unwrap_or("").to_string();
            let label = v["labels"]
                .get(0)
                .map(|l| (s(l, "file"), l["line"].as_u64().unwrap_or(0)));
            Told {
                id: s(&v, "id"),
                file: s(&v, "file"),
                line: v["line"].as_u64().unwrap_or(0),
                column: v["column"].as_u64().unwrap_or(0),
                label,
            }
        })
        .collect();
    (
        code,
        told,
        format!("--- stdout\n{stdout}--- stderr\n{stderr}"),
    )
}

/// Checks the game and asserts it exits 1 with `id` at the SVG's line 3,
/// at `needle` in `body`, the layout's `file` as its second place.
fn refused(dir: &Path, body: &str, id: &str, needle: &str) -> Vec<Told> {
    let game = card_game(dir, body);
    refused_in(
        &game,
        body,
        id,
        needle,
        ("templates/cards/hero.toml", FILE_LINE),
    )
}

fn refused_in(
    game: &Path,
    body: &str,
    id: &str,
    needle: &str,
    named_at: (&str, usize),
) -> Vec<Told> {
    let (code, told, dump) = check(game);
    assert_eq!(code, 1, "{dump}");
    let col = BODY_COL + body.find(needle).expect("the needle is in the body");
    let found = told.iter().find(|t| {
        t.id == id
            && t.file.ends_with("art/x.svg")
            && t.line == BODY_LINE as u64
            && t.column == col as u64
    });
    let Some(found) = found else {
        panic!("expected `{id}` at art/x.svg:{BODY_LINE}:{col}\n{dump}");
    };
    let (file, line) = found.label.clone().expect("a second place");
    assert!(
        file.ends_with(named_at.0) && line == named_at.1 as u64,
        "the second place is {file}:{line}\n{dump}"
    );
    told
}

#[test]
fn an_image_of_dev_zero_is_refused_unread() {
    let dir = tempfile::tempdir().expect("temp dir");
    let body = r#"<image href="/dev/zero" width="10" height="10"/>"#;
    let told = refused(dir.path(), body, "path-outside-game", "href=");
    assert_eq!(told.len(), 1, "{told:?}");
}

#[cfg(unix)]
#[test]
fn an_image_naming_a_fifo_is_refused_without_waiting_on_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let outside = dir.path().join("pipe");
    let body = format!(
        r#"<image href="pipe"/><image href="{}"/>"#,
        outside.display()
    );
    let game = card_game(dir.path(), &body);
    for fifo in [game.join("art/pipe"), outside.clone()] {
        let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
        assert!(made.success());
    }
    // Inside the folder: not a file, so never opened; outside: refused.
    refused_in(
        &game,
        &body,
        "missing-file",
        r#"href="pipe""#,
        ("templates/cards/hero.toml", FILE_LINE),
    );
    let absolute = format!("href=\"{}", outside.display());
    refused_in(
        &game,
        &body,
        "path-outside-game",
        &absolute,
        ("templates/cards/hero.toml", FILE_LINE),
    );
}

#[test]
fn an_image_by_absolute_path_is_refused_whether_or_not_it_exists() {
    let dir = tempfile::tempdir().expect("temp dir");
    let secret = dir.path().join("secret.png");
    std::fs::write(&secret, "MARKER").expect("write");
    for path in [secret.clone(), dir.path().join("nosuch.png")] {
        let body = format!(r#"<image href="{}"/>"#, path.display());
        let told = refused(dir.path(), &body, "path-outside-game", "href=");
        // The same answer either way: nothing tells whether it exists.
        assert_eq!(told.len(), 1, "{told:?}");
    }
}

#[test]
fn an_image_climbing_out_of_the_folder_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("secret.png"), "MARKER").expect("write");
    let body = r#"<image xlink:href="../../secret.png"/>"#;
    refused(dir.path(), body, "path-outside-game", "xlink:href=");
}

#[cfg(unix)]
#[test]
fn an_image_through_a_symlink_leading_out_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("secret.png"), "MARKER").expect("write");
    let body = r#"<image href="link.png"/>"#;
    let game = card_game(dir.path(), body);
    std::os::unix::fs::symlink(dir.path().join("secret.png"), game.join("art/link.png"))
        .expect("symlink");
    refused_in(
        &game,
        body,
        "path-outside-game",
        "href=",
        ("templates/cards/hero.toml", FILE_LINE),
    );
}

#[test]
fn a_file_url_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let body = r#"<image href="file:///etc/passwd"/>"#;
    refused(dir.path(), body, "path-outside-game", "href=");
}

#[test]
fn a_web_address_is_never_fetched() {
    let dir = tempfile::tempdir().expect("temp dir");
    let body = r#"<image href="http://example.com/x.png"/>"#;
    refused(dir.path(), body, "svg-reference", "href=");
}

#[test]
fn a_large_data_url_is_past_the_limit() {
    let dir = tempfile::tempdir().expect("temp dir");
    let body = format!(
        r#"<image href="data:image/png;base64,{}"/>"#,
        "A".repeat(100_000)
    );
    refused(dir.path(), &body, "limit-exceeded", "href=");
}

#[test]
fn a_use_of_another_file_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let body = r##"<use href="other.svg#a"/>"##;
    let game = card_game(dir.path(), body);
    std::fs::write(game.join("art/other.svg"), svg(r#"<rect id="a"/>"#)).expect("write");
    refused_in(
        &game,
        body,
        "svg-reference",
        "href=",
        ("templates/cards/hero.toml", FILE_LINE),
    );
}

#[test]
fn a_style_sheet_import_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let body = "<style>@import url(x.css);</style>";
    refused(dir.path(), body, "svg-reference", "@import");
}

#[test]
fn a_paint_from_another_file_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let body = r#"<rect width="5" height="5" fill="url(other.svg#g)"/>"#;
    refused(dir.path(), body, "svg-reference", "fill=");
}

#[test]
fn svg_text_is_unsupported_at_its_element() {
    let dir = tempfile::tempdir().expect("temp dir");
    let body = r#"<text x="1" y="5" font-family="No Such Font">Hi</text>"#;
    refused(dir.path(), body, "unsupported-image", "<text");
}

#[test]
fn a_picture_inside_the_folder_is_still_unsupported_at_its_element() {
    let dir = tempfile::tempdir().expect("temp dir");
    let body = r#"<image href="pic.png" width="5" height="5"/>"#;
    let game = card_game(dir.path(), body);
    std::fs::write(game.join("art/pic.png"), "a picture").expect("write");
    refused_in(
        &game,
        body,
        "unsupported-image",
        "<image",
        ("templates/cards/hero.toml", FILE_LINE),
    );
}

#[test]
fn entity_expansion_is_bounded() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = card_game(dir.path(), "");
    let mut laughs = String::from(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE svg [\n<!ENTITY a \"lollollollollollollollollollol\">\n",
    );
    let mut prev = 'a';
    for name in 'b'..='j' {
        let refs = format!("&{prev};").repeat(10);
        laughs.push_str(&format!("<!ENTITY {name} \"{refs}\">\n"));
        prev = name;
    }
    laughs.push_str("]>\n<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><desc>&j;</desc></svg>\n");
    std::fs::write(game.join("art/x.svg"), laughs).expect("write");
    let (code, told, dump) = check(&game);
    assert_eq!(code, 1, "{dump}");
    assert!(
        told.iter().any(|t| t.id == "limit-exceeded"
            && t.file.ends_with("art/x.svg")
            && (t.line, t.column) == (2, 1)),
        "{dump}"
    );
}

#[test]
fn a_plain_svg_of_shapes_with_its_own_use_still_draws() {
    let dir = tempfile::tempdir().expect("temp dir");
    let body = r##"<defs><path id="a" d="M0 0H4V4Z" fill="#ff0000"/></defs><use href="#a"/><use xlink:href="#a" x="5"/>"##;
    let game = card_game(dir.path(), body);
    let (code, told, dump) = check(&game);
    assert_eq!(code, 0, "{dump}");
    assert!(told.is_empty(), "{dump}");
    let out = dir.path().join("out");
    let run = support::grogpress(&[
        "cards",
        game.to_str().expect("utf-8"),
        "--out",
        out.to_str().expect("utf-8"),
        "--png",
    ]);
    assert_eq!(run.code, 0, "{}", run.dump());
}

#[test]
fn counter_art_is_held_to_the_same_rules() {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = dir.path().join("counter-art");
    support::copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/counter-art"),
        &game,
    );
    let toml = std::fs::read_to_string(game.join("game.toml")).expect("read");
    let toml = toml.replace(
        "field = \"picture\"\nfile = \"art/{}.png\"",
        "file = \"art/x.svg\"",
    );
    std::fs::write(game.join("game.toml"), &toml).expect("write");
    let line = toml
        .lines()
        .position(|l| l == "file = \"art/x.svg\"")
        .expect("the image's file")
        + 1;
    let body = r#"<image href="/dev/zero"/>"#;
    std::fs::write(game.join("art/x.svg"), svg(body)).expect("write");
    refused_in(
        &game,
        body,
        "path-outside-game",
        "href=",
        ("game.toml", line),
    );
}

#[test]
fn a_damaged_svg_is_located_where_it_breaks() {
    let dir = tempfile::tempdir().expect("temp dir");
    let body = "<g><rect/></svg>";
    let game = card_game(dir.path(), body);
    let (code, told, dump) = check(&game);
    assert_eq!(code, 1, "{dump}");
    // roxmltree stops at the `</svg>` that closes no `<svg>` here (the
    // `<g>` is open): line 3, where `</svg` starts.
    let col = BODY_COL + body.find("</svg>").expect("the close");
    assert!(
        told.iter().any(|t| t.id == "bad-image"
            && t.file.ends_with("art/x.svg")
            && (t.line, t.column) == (BODY_LINE as u64, col as u64)
            && t.label.as_ref().is_some_and(|(f, l)| {
                f.ends_with("templates/cards/hero.toml") && *l == FILE_LINE as u64
            })),
        "{dump}"
    );
}
