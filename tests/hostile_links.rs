//! Hostile rules text and templates (issue 19, a game folder is untrusted
//! input): links that would run script, load data or reach another machine
//! (`javascript:`, `vbscript:`, `data:`, `file:`, `//host`, in every
//! spelling Markdown allows) never become a live `href` or `src` in the HTML
//! nor a link in the rulebook PDF, each is a located `unsafe-link` warning,
//! and every HTML page carries the Content-Security-Policy before anything a
//! game's own template could run. The games are `tests/hostile/links-*/`,
//! copies of `tests/fixtures/ok-minimal`.

mod support;

use std::path::{Path, PathBuf};

use support::{Run, grogpress};

const HOSTILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/hostile");

/// `build` of the game folder `dir` into `tmp/out`, with JSON diagnostics.
fn build(tmp: &Path, dir: &Path) -> Run {
    let run = grogpress(&[
        "build",
        dir.to_str().expect("UTF-8 path"),
        "--out",
        tmp.join("out").to_str().expect("UTF-8 path"),
        "--format",
        "json",
    ]);
    assert_eq!(run.code, 0, "{}", run.dump());
    run
}

fn html_files(dir: &Path) -> Vec<(PathBuf, String)> {
    std::fs::read_dir(dir)
        .expect("the html folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "html"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("read page");
            (p, text)
        })
        .collect()
}

/// Every `href="..."` and `src="..."` value of a page, lowercased with
/// whitespace and control characters removed (as a browser reads a scheme).
fn targets(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    for attr in ["href=\"", "src=\""] {
        for (at, _) in html.match_indices(attr) {
            let rest = &html[at + attr.len()..];
            let value = &rest[..rest.find('"').unwrap_or(rest.len())];
            let value = value
                .replace("&#x9;", "")
                .replace("&#9;", "")
                .replace("&#10;", "");
            out.push(
                value
                    .chars()
                    .filter(|c| !c.is_whitespace() && !c.is_control())
                    .collect::<String>()
                    .to_ascii_lowercase(),
            );
        }
    }
    out
}

/// The value of each `/URI (...)` of a PDF (its dictionaries are not
/// compressed: `qpdf --qdf` shows the same), and whether it holds any
/// action that runs or launches something.
fn pdf_uris(pdf: &Path) -> (Vec<String>, bool) {
    let qdf = tempfile::NamedTempFile::new().expect("temp file");
    let status = std::process::Command::new("qpdf")
        .args(["--qdf", "--object-streams=disable"])
        .arg(pdf)
        .arg(qdf.path())
        .status()
        .expect("cannot run `qpdf` (Debian package qpdf)");
    assert!(status.success(), "qpdf failed on {}", pdf.display());
    let bytes = std::fs::read(qdf.path()).expect("read the qdf");
    let text = String::from_utf8_lossy(&bytes);
    let uris = text
        .split("/URI (")
        .skip(1)
        .map(|rest| rest[..rest.find(')').unwrap_or(rest.len())].to_string())
        .collect();
    let runs = [
        "/JavaScript",
        "/JS ",
        "/JS(",
        "/Launch",
        "/SubmitForm",
        "/ImportData",
    ]
    .iter()
    .any(|action| text.contains(action));
    (uris, runs)
}

/// `tests/hostile/links-rules/rules/x.md`: one link a line, each a script,
/// data, file or network link in another spelling; each is an `unsafe-link`
/// warning at its place, and neither the HTML nor the rulebook PDF links to
/// any, while the safe links stay (in the PDF as URI links).
#[test]
fn script_and_data_links_are_dropped_with_a_located_warning() {
    // (line, column, what) of every unsafe link in rules/x.md.
    let cases = [
        (3, 3, "plain"),
        (4, 3, "mixed case"),
        (5, 3, "decimal entity"),
        (6, 3, "hex entities"),
        (7, 3, "leading space"),
        (8, 3, "tab inside"),
        (9, 3, "autolink"),
        (10, 3, "vbscript"),
        (11, 3, "data:text/html"),
        (12, 3, "data: image"),
        (13, 3, "reference link"),
        (14, 3, "file:"),
        (15, 3, "network path"),
        (16, 3, "control character"),
        (17, 3, "image reference"),
        (18, 3, "newline entity inside"),
        (19, 3, "spaces and capitals"),
    ];
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = Path::new(HOSTILE).join("links-rules");
    let run = build(tmp.path(), &dir);
    for (line, column, what) in cases {
        let d = run.expect("warning", "unsafe-link", "rules/x.md", line, column);
        assert!(d.hint.is_some(), "{what}: no hint");
    }
    assert_eq!(
        run.with_id("unsafe-link").len(),
        cases.len(),
        "{}",
        run.dump()
    );
    run.only_ids(&["unsafe-link"]);
    let pages = html_files(&tmp.path().join("out/links-rules/html"));
    assert!(pages.len() >= 3, "{pages:?}");
    let mut safe_seen = Vec::new();
    for (path, html) in &pages {
        for target in targets(html) {
            for scheme in ["javascript:", "vbscript:", "data:", "file:", "//", "\\\\"] {
                assert!(
                    !target.starts_with(scheme),
                    "{} links to {target}",
                    path.display()
                );
            }
            safe_seen.push(target);
        }
    }
    for safe in [
        "https://example.com/rules",
        "mailto:rules@example.com",
        "#hostile-links",
    ] {
        assert!(
            safe_seen.iter().any(|t| t == safe),
            "the safe link {safe} was dropped too"
        );
    }
    let x = std::fs::read_to_string(tmp.path().join("out/links-rules/html/x.html")).expect("page");
    for text in ["plain", "mixed", "reference", "share"] {
        assert!(x.contains(text), "the dropped link's text `{text}` is gone");
    }
    // The rulebook PDF: the web links open their URLs; nothing else does,
    // and nothing runs.
    let (uris, runs) = pdf_uris(&tmp.path().join("out/links-rules/links-rules-rules.pdf"));
    assert_eq!(
        uris,
        ["https://example.com/rules", "mailto:rules@example.com"]
    );
    assert!(!runs, "the rulebook holds an action that runs");
}

/// `tests/hostile/links-template`: a game's own page template with inline
/// script before `<head>`, in `<body>`, in handlers and a `javascript:`
/// link, a weaker policy of its own and a `<base>`; every page still carries
/// the policy first, and in Chromium none of its script runs.
#[test]
fn every_page_carries_the_policy_before_a_templates_own_script() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = Path::new(HOSTILE).join("links-template");
    build(tmp.path(), &dir);
    let out = tmp.path().join("out/links-template/html");
    let pages = html_files(&out);
    assert!(pages.len() >= 2, "{pages:?}");
    let meta = format!(
        "<meta http-equiv=\"Content-Security-Policy\" content=\"{}\">",
        grogpress::internals::CONTENT_SECURITY_POLICY
    );
    for (path, html) in &pages {
        let policy = html
            .find(&meta)
            .unwrap_or_else(|| panic!("{} has no policy", path.display()));
        let script = html.find("<script").expect("the template's script");
        assert!(
            policy < script,
            "{}: the policy comes after a script",
            path.display()
        );
    }
    for directive in ["script-src 'self'", "object-src 'none'", "base-uri 'none'"] {
        assert!(
            grogpress::internals::CONTENT_SECURITY_POLICY.contains(directive),
            "{directive}"
        );
    }
    assert!(!grogpress::internals::CONTENT_SECURITY_POLICY.contains("unsafe"));
    // In a browser the template's inline script does not run: not on load,
    // not when its `javascript:` link is followed.
    let profile = tempfile::tempdir().expect("profile");
    for page in ["rules.html", "index.html"] {
        let page = out.join(page);
        let dom = support::tools::headless_chromium(profile.path())
            .args(["--virtual-time-budget=2000", "--dump-dom"])
            .arg(format!("file://{}#x", page.display()))
            .output()
            .expect("cannot run `chromium` (Debian package chromium; tests/run.sh installs it)");
        let dom = String::from_utf8_lossy(&dom.stdout);
        assert!(dom.contains("<title>"), "no page from Chromium: {dom}");
        assert!(
            !dom.contains("<title>RAN</title>"),
            "the template's script ran:\n{dom}"
        );
    }
}
