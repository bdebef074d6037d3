//! The counters page of the HTML reference (issue 17), read back from the
//! Battalion Combat Series built into a temp folder: the page exists and
//! every page's sidebar and the index link it; every unit of every side is
//! there with its name, how many are printed, both faces as inline SVG (its
//! unit symbol as a path in its affiliation's colour, its name as text) and
//! its stats; the markers with their two words. A game folder is untrusted:
//! names that look like markup are shown as text, never as markup.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use toml::de::{DeTable, DeValue};

mod support;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn parse(file: &Path) -> DeTable<'static> {
    let text = std::fs::read_to_string(file).expect("read a data file");
    let text: &'static str = Box::leak(text.into_boxed_str());
    DeTable::parse(text).expect("valid TOML").into_inner()
}

fn tables<'a>(v: Option<&'a DeValue<'static>>) -> Vec<&'a DeTable<'static>> {
    match v {
        Some(DeValue::Array(a)) => a
            .iter()
            .filter_map(|v| match v.get_ref() {
                DeValue::Table(t) => Some(t),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

fn text(t: &DeTable<'static>, key: &str) -> String {
    match t.get(key).map(|v| v.get_ref()) {
        Some(DeValue::String(s)) => s.to_string(),
        Some(DeValue::Integer(i)) => i.as_str().to_string(),
        other => panic!("`{key}` is a string or an integer, not {other:?}"),
    }
}

/// What BCS prints: (side, [(unit name, count, its stats)]), and the markers'
/// (front, back).
type Sides = Vec<(String, Vec<(String, String, Vec<String>)>)>;

fn bcs_counters() -> (Sides, Vec<(String, String)>) {
    let game = parse(&root().join("data/bcs/game.toml"));
    let units = parse(&root().join("data/bcs/formations.toml"));
    let items: BTreeMap<String, &DeTable<'static>> =
        tables(units.get("items").map(|v| v.get_ref()))
            .into_iter()
            .map(|i| (text(i, "id"), i))
            .collect();
    let Some(DeValue::Table(publish)) = game.get("publish").map(|v| v.get_ref()) else {
        panic!("[publish]")
    };
    let Some(DeValue::Table(job)) = publish.get("counters").map(|v| v.get_ref()) else {
        panic!("[publish.counters]")
    };
    let corners: Vec<String> = ["top_left", "top_right", "bottom_left", "bottom_right"]
        .iter()
        .map(|c| text(job, c))
        .collect();
    let mut sides = Vec::new();
    for side in tables(job.get("sides").map(|v| v.get_ref())) {
        let Some(DeValue::Table(units)) = side.get("units").map(|v| v.get_ref()) else {
            panic!("units")
        };
        let list = units
            .iter()
            .map(|(id, count)| {
                let item = items[id.get_ref().as_ref()];
                let DeValue::Integer(count) = count.get_ref() else {
                    panic!("a count")
                };
                let stats = corners.iter().map(|c| text(item, c)).collect();
                (text(item, "name"), count.as_str().to_string(), stats)
            })
            .collect();
        sides.push((text(side, "name"), list));
    }
    let markers = tables(job.get("markers").map(|v| v.get_ref()))
        .into_iter()
        .map(|m| {
            let name = text(m, "name");
            let back = m
                .get("back")
                .map_or_else(|| name.clone(), |_| text(m, "back"));
            (name, back)
        })
        .collect();
    (sides, markers)
}

/// Text as the page writes it.
fn escaped(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// The counter figures of the page: (its name as the caption shows it, its HTML).
fn figures(page: &str) -> Vec<(String, &str)> {
    page.split("<figure class=\"counter\"")
        .skip(1)
        .map(|f| {
            let f = &f[..f.find("</figure>").expect("a figure's end")];
            let name = f
                .split("<span class=\"counter-name\">")
                .nth(1)
                .and_then(|n| n.split("</span>").next())
                .expect("a name");
            (name.to_string(), f)
        })
        .collect()
}

/// The texts an inline SVG sets, joined by spaces.
fn svg_words(svg: &str) -> String {
    svg.split("<text ")
        .skip(1)
        .filter_map(|t| {
            let start = t.find('>')? + 1;
            let end = t.find("</text>")?;
            Some(&t[start..end])
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn the_bcs_reference_shows_every_counter_on_a_page_of_its_own() {
    let tmp = tempfile::tempdir().expect("a temp dir");
    support::build_ok(&root().join("data/bcs"), tmp.path());
    let html = tmp.path().join("bcs/html");
    let page = std::fs::read_to_string(html.join("counters.html")).expect("counters.html");

    // Linked from the contents and from every page's sidebar.
    for name in ["index.html", "charts.html", "counters.html"] {
        let other = std::fs::read_to_string(html.join(name)).expect("a page");
        assert!(other.contains(r#"<a href="counters.html""#), "{name}");
    }
    assert!(page.contains(r#"<a href="counters.html" aria-current="page">Counters</a>"#));

    let (sides, markers) = bcs_counters();
    let shown = figures(&page);
    let friend = "fill=\"rgb(128,224,255)\"";
    let hostile = "fill=\"rgb(255,128,128)\"";
    for (n, (side, units)) in sides.iter().enumerate() {
        assert!(
            page.contains(&format!(">{}</h2>", escaped(side))),
            "a section for {side}"
        );
        for (name, count, stats) in units {
            let (_, figure) = shown
                .iter()
                .find(|(shown, f)| *shown == escaped(name) && f.contains(&escaped(side)))
                .unwrap_or_else(|| panic!("{name} of {side}"));
            assert!(
                figure.contains(&format!("&times;&#8239;{count}<")),
                "{name}"
            );
            let faces: Vec<&str> = figure
                .split("<svg ")
                .skip(1)
                .map(|s| &s[..s.find("</svg>").expect("an svg's end")])
                .collect();
            assert!(faces.len() >= 2, "{name}: front and back");
            let front = faces[0];
            assert!(front.contains("class=\"counter-face\""), "{name}");
            assert!(
                front.contains(&format!(
                    "aria-label=\"{}, {}: front\"",
                    escaped(name),
                    escaped(side)
                )),
                "{name}"
            );
            // The unit symbol's frame, a path in its side's affiliation colour.
            let frame = if n == 0 { friend } else { hostile };
            assert!(
                front
                    .split("<path ")
                    .any(|p| p.starts_with("d=\"M") && p.contains(frame)),
                "{name}: a symbol frame filled {frame}"
            );
            // The name and every stat as text, on the face and below it.
            let words = svg_words(front);
            for word in name.split_whitespace() {
                assert!(words.contains(&escaped(word)), "{name}: {words}");
            }
            for stat in stats {
                assert!(
                    words.split(' ').any(|w| w == stat),
                    "{name}: {stat} in {words}"
                );
                assert!(
                    figure.contains(&format!("<dd>{}</dd>", escaped(stat))),
                    "{name}"
                );
            }
        }
    }
    for (front, back) in &markers {
        let (_, figure) = shown
            .iter()
            .find(|(shown, _)| *shown == escaped(front))
            .unwrap_or_else(|| panic!("the marker {front}"));
        let words = figure
            .split("<svg ")
            .skip(1)
            .map(svg_words)
            .collect::<Vec<_>>()
            .join(" ");
        for word in front.split_whitespace().chain(back.split_whitespace()) {
            assert!(words.contains(word), "{front}/{back}: {words}");
        }
    }
    // The search finds units by name.
    let search = std::fs::read_to_string(html.join("search-index.js")).expect("search index");
    assert!(
        search.contains("counters.html#counters-kg-nord"),
        "{search}"
    );
}

#[test]
fn names_that_look_like_markup_are_shown_as_text() {
    let tmp = tempfile::tempdir().expect("a temp dir");
    let game = tmp.path().join("counter-art");
    support::copy_dir(&root().join("tests/fixtures/counter-art"), &game);
    let edit = |file: &str, from: &str, to: &str| {
        let path = game.join(file);
        let text = std::fs::read_to_string(&path).expect("read");
        assert!(text.contains(from), "{from}");
        std::fs::write(&path, text.replace(from, to)).expect("write");
    };
    // Short enough to fit a counter.
    edit("units.toml", "name = \"Knight\"", r#"name = "<i>K&\"""#);
    edit("game.toml", "name = \"Blue\"", r#"name = "<b>'B'""#);
    let out = tmp.path().join("out");
    support::build_ok(&game, &out);
    let html = out.join("counter-art/html");
    for name in ["counters.html", "index.html", "rules.html"] {
        let page = std::fs::read_to_string(html.join(name)).expect("a page");
        assert!(
            !page.contains("<i>K"),
            "{name}: markup in the data was kept"
        );
        assert!(!page.contains("<b>"), "{name}: markup in the data was kept");
    }
    let page = std::fs::read_to_string(html.join("counters.html")).expect("the page");
    for shown in [
        "<span class=\"counter-name\">&lt;i&gt;K&amp;&quot;</span>",
        ">&lt;b&gt;&#39;B&#39;</h2>",
        "aria-label=\"&lt;i&gt;K&amp;&quot;, &lt;b&gt;&#39;B&#39;: front\"",
        ">&lt;i&gt;K&amp;&quot;</text>",
    ] {
        assert!(page.contains(shown), "{shown}\n{page}");
    }
}
