//! The `dice("collection", "field")` shortcode takes any collection with a
//! faces field (here `tokens`, not `dice`) and prints the field it names
//! beside each die's name; a collection without faces, or a field it lacks,
//! is located. Games written here, built by the real binary.

mod support;

use support::hero_game::{place, write};
use support::tools::tool;

const GAME: &str = r#"name = "Tokens"
copyright = ["Test."]
rules = ["rules.md"]

[[collections]]
id = "tokens"
name = "Tokens"
fields = [
  { name = "kind", kind = "text" },
  { name = "faces", kind = "faces", symbols = { sword = "a hit", shield = "a block" } },
]
items = [
  { id = "ember", name = "Ember", kind = "striking", faces = ["sword", "sword sword", ""] },
  { id = "slate", name = "Slate", kind = "warding", faces = ["shield", "", "shield shield"] },
]

[[collections]]
id = "ranks"
name = "Ranks"
items = [{ id = "a", name = "Captain" }]
"#;

fn game(dir: &std::path::Path, rules: &str) -> std::path::PathBuf {
    write(
        dir,
        "g",
        &[
            ("game.toml", GAME.as_bytes()),
            ("rules.md", rules.as_bytes()),
        ],
    )
}

#[test]
fn any_collection_with_faces_is_drawn_with_the_field_named() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let rules = "# Rules\n\n## Tokens\n\nRoll a token.\n\n{{ dice(\"tokens\", \"kind\") }}\n\n## Ranks\n\n{{ collection(\"ranks\") }}\n";
    let dir = game(tmp.path(), rules);
    let out = tmp.path().join("out");
    support::build_ok(&dir, &out);

    let html = std::fs::read_to_string(out.join("g/html/rules.html")).expect("the rules page");
    assert!(html.contains("id=\"dice-tokens\""), "no anchor");
    for (name, kind) in [("Ember", "striking"), ("Slate", "warding")] {
        assert!(
            html.contains(&format!(
                "<strong>{name}</strong> <span class=\"die-role\">{kind}</span>"
            )),
            "{name} {kind}"
        );
    }
    assert!(html.contains("id=\"collection-ranks\""), "no ranks table");
    assert!(html.contains("Captain"));

    let pdf = out.join("g/g-rules.pdf");
    let text = tool("pdftotext", &[pdf.to_str().expect("path"), "-"]);
    for word in ["Ember", "striking", "Slate", "warding", "Captain"] {
        assert!(text.contains(word), "{word} not in the rulebook:\n{text}");
    }
}

#[test]
fn a_collection_without_faces_or_a_missing_field_is_located() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let rules = "# Rules\n\n{{ dice(\"ranks\") }}\n\n{{ dice(\"tokens\", \"colour\") }}\n\n{{ dice() }}\n\n{{ units() }}\n";
    let dir = game(tmp.path(), rules);
    let run = support::grogpress(&["check", dir.to_str().expect("path"), "--format", "json"]);
    run.exit(1);
    let (line, col) = place(rules, "\"ranks\"");
    let d = run.expect("error", "dangling-shortcode", "g/rules.md", line, col);
    assert!(d.message.contains("no faces field"), "{d:?}");
    let (line, col) = place(rules, "\"colour\"");
    let d = run.expect("error", "dangling-shortcode", "g/rules.md", line, col);
    assert!(
        d.hint.as_deref().is_some_and(|h| h.contains("kind")),
        "{d:?}"
    );
    // The collection is named: `dice()` alone takes none, `units()` is no more.
    let (line, col) = place(rules, "{{ dice() }}");
    run.expect("error", "bad-shortcode", "g/rules.md", line, col);
    let (line, col) = place(rules, "units()");
    run.expect("error", "unknown-shortcode", "g/rules.md", line, col);
}
