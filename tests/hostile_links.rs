//! Hostile rules text and templates: links that would run script or load
//! data (`javascript:`, `vbscript:`, `data:`, in every spelling Markdown
//! allows) never become a live `href` or `src`, each is a located
//! `unsafe-link` warning, and every HTML page carries the
//! Content-Security-Policy before anything a game's own template could run.

mod support;

use std::path::{Path, PathBuf};

use support::{Run, copy_dir, grogpress};

/// The minimal fixture with `rules/rules.md` replaced by `markdown`.
fn game(markdown: &str) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("g");
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/ok-minimal"),
        &dir,
    );
    std::fs::write(dir.join("rules/rules.md"), markdown).expect("write rules");
    (tmp, dir)
}

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

#[test]
fn script_and_data_links_are_dropped_with_a_located_warning() {
    // Each line holds one hostile link, starting at column 3 (after "- ").
    let cases = [
        "[plain](javascript:alert(1))",
        "[mixed](JaVaScRiPt:alert(1))",
        "[encoded](&#106;avascript:alert(1))",
        "[hex encoded](&#x6A;avascript&#x3A;alert(1))",
        "[spaced](< javascript:alert(1)>)",
        "[tabbed](<java\tscript:alert(1)>)",
        "<javascript:alert(1)>",
        "[vb](vbscript:msgbox(1))",
        "[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
        "![image](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)",
        "[reference][evil]",
        "[file](file:///etc/passwd)",
    ];
    let mut md = String::from("# Rules\n\n");
    for case in cases {
        md.push_str(&format!("- {case}\n"));
    }
    md.push_str("\nA [safe link](https://example.com/rules) and [an anchor](#rules).\n");
    md.push_str("\n[evil]: javascript:alert(2)\n");
    let (tmp, dir) = game(&md);
    let run = build(tmp.path(), &dir);
    for (n, case) in cases.iter().enumerate() {
        let line = 3 + n;
        assert!(
            run.diags.iter().any(|d| d.id == "unsafe-link"
                && d.severity == "warning"
                && d.file.ends_with("rules/rules.md")
                && d.line == line
                && d.column == 3),
            "no unsafe-link at rules.md:{line}:3 for {case}\n{}",
            run.dump()
        );
    }
    assert_eq!(
        run.with_id("unsafe-link").len(),
        cases.len(),
        "{}",
        run.dump()
    );
    let pages = html_files(&tmp.path().join("out/g/html"));
    assert!(!pages.is_empty());
    let mut safe_seen = false;
    for (path, html) in &pages {
        for target in targets(html) {
            for scheme in ["javascript:", "vbscript:", "data:", "file:"] {
                assert!(
                    !target.starts_with(scheme),
                    "{} links to {target}",
                    path.display()
                );
            }
            safe_seen |= target == "https://example.com/rules";
        }
    }
    assert!(safe_seen, "the safe link was dropped too");
    let rules = std::fs::read_to_string(tmp.path().join("out/g/html/rules.html")).expect("page");
    assert!(rules.contains("plain"), "a dropped link keeps its text");
    // The rulebook PDF has no action that opens a URI of those schemes.
    let pdf = std::fs::read(tmp.path().join("out/g/g-rules.pdf")).expect("rulebook");
    let pdf = String::from_utf8_lossy(&pdf).to_ascii_lowercase();
    for scheme in ["javascript", "vbscript", "(data:", "/launch"] {
        assert!(!pdf.contains(scheme), "the rulebook holds {scheme}");
    }
}

#[test]
fn every_page_carries_the_policy_before_a_templates_own_script() {
    let (tmp, dir) = game("# Rules\n\nText.\n");
    let template = dir.join("templates/html/page.html");
    std::fs::create_dir_all(template.parent().expect("parent")).expect("mkdir");
    std::fs::write(
        &template,
        "<!DOCTYPE html><html><script>document.title='RAN'</script><head><title>{{ title }}</title></head>\
         <body><script>document.title='RAN'</script><img src=x onerror=\"document.title='RAN'\">{{ content | safe }}</body></html>",
    )
    .expect("write template");
    build(tmp.path(), &dir);
    let out = tmp.path().join("out/g/html");
    for (path, html) in html_files(&out) {
        let policy = html
            .find("http-equiv=\"Content-Security-Policy\"")
            .unwrap_or_else(|| panic!("{} has no policy", path.display()));
        let script = html.find("<script").expect("the template's script");
        assert!(
            policy < script,
            "{}: the policy comes after a script",
            path.display()
        );
        assert!(html.contains("script-src 'self'"), "{}", path.display());
    }
    // In a browser the template's inline script does not run.
    let profile = tempfile::tempdir().expect("profile");
    let page = out.join("rules.html");
    let dom = support::tools::headless_chromium(profile.path())
        .args(["--dump-dom", &format!("file://{}", page.display())])
        .output()
        .expect("cannot run `chromium` (Debian package chromium; tests/run.sh installs it)");
    let dom = String::from_utf8_lossy(&dom.stdout);
    assert!(dom.contains("<title>"), "no page from Chromium: {dom}");
    assert!(
        !dom.contains("<title>RAN</title>"),
        "the template's script ran:\n{dom}"
    );
}
