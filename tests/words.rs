//! The words the engine prints (`[words]` in game.toml): a game written
//! here in German sets several of them, and the rulebook PDF and the HTML
//! reference print its words where the English ones were; a key that is no
//! word is `unknown-field` at the key with the closest word.

mod support;

use std::path::{Path, PathBuf};

use support::editions::{check, pdf_text, write_game};
use support::{build_ok, line_col};

const GAME: &str = r#"name = "Wortspiel"
rules = ["rules/rules.md"]
language = "de"

[words]
contents = "Inhalt"
index = "Stichwortverzeichnis"
see = "siehe"
page = "S."
previous = "Zurück"
next = "Weiter"
"#;

const RULES: &str = "# Bewegung

Eine Einheit zieht ein Feld weit; eine [Zone](index:) hält sie an. Mehr dazu: [](rule:kampf).

# Kampf

Beide Seiten würfeln; die höhere Zahl gewinnt.
";

/// The German game in `dir`: its folder.
fn german_game(dir: &Path, game_toml: &str) -> PathBuf {
    write_game(
        &dir.join("wortspiel"),
        &[("game.toml", game_toml), ("rules/rules.md", RULES)],
    )
}

#[test]
fn a_games_words_print_in_the_rulebook_and_the_html() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = german_game(tmp.path(), GAME);
    let out = tmp.path().join("out");
    let run = build_ok(&game, &out);
    let built = out.join("wortspiel");

    let text = pdf_text(&built.join("wortspiel-rules.pdf"));
    // The contents and the index under their German titles (the running
    // heads of their pages too), the reference with "siehe" and "S.".
    assert!(text.contains("Inhalt"), "{text}");
    assert!(text.contains("Stichwortverzeichnis"), "{text}");
    // pdftotext gives the no-break space as a space and the line breaks as
    // they fall: the text as one line.
    let flat = text
        .replace('\u{a0}', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let kampf_page = text
        .split('\u{c}')
        .position(|page| page.contains("die höhere Zahl"))
        .map(|p| p + 1)
        .expect("the page of Kampf");
    assert!(
        flat.contains(&format!("Mehr dazu: siehe Kampf, S. {kampf_page}.")),
        "Kampf on page {kampf_page}:\n{flat}\n{}",
        run.dump()
    );
    for english in ["Contents", "Index", "see ", "p. "] {
        assert!(!flat.contains(english), "{english:?} printed:\n{flat}");
    }

    // The rulebook declares the game's language, as every HTML page does.
    let pdf = std::fs::read(built.join("wortspiel-rules.pdf")).expect("the rulebook");
    assert!(
        pdf.windows(b"/Lang (de)".len()).any(|w| w == b"/Lang (de)"),
        "the catalog's /Lang is the game's"
    );

    // The HTML reference: its contents, links and pager in German.
    let index = std::fs::read_to_string(built.join("html/index.html")).expect("index.html");
    assert!(index.contains("<html lang=\"de\">"), "{index}");
    assert!(index.contains("<h2>Inhalt</h2>"), "{index}");
    assert!(index.contains("aria-label=\"Inhalt\""), "{index}");
    assert!(index.contains(">Weiter</span>"), "{index}");
    assert!(!index.contains("Contents"), "{index}");
    let mut pages: Vec<String> = std::fs::read_dir(built.join("html"))
        .expect("html folder")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".html") && n != "index.html")
        .collect();
    pages.sort();
    let all: String = pages
        .iter()
        .map(|p| std::fs::read_to_string(built.join("html").join(p)).expect("a page"))
        .collect();
    assert!(all.contains(">Zurück</span>"), "{pages:?}");
    assert!(
        all.contains(">siehe Kampf</a>"),
        "a reference with no text of its own reads in German: {pages:?}"
    );
    assert!(
        all.contains(">Stichwortverzeichnis</h1>"),
        "the index page is titled in German: {pages:?}"
    );
    for english in [">Contents<", ">Index<", ">Previous<", ">Next<"] {
        assert!(!all.contains(english), "{english} in {pages:?}");
    }
}

#[test]
fn the_same_game_without_words_prints_english() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let english = GAME.split("[words]").next().expect("the game");
    let game = german_game(tmp.path(), english);
    let out = tmp.path().join("out");
    build_ok(&game, &out);
    let text = pdf_text(&out.join("wortspiel/wortspiel-rules.pdf"));
    let flat = text
        .replace('\u{a0}', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(flat.contains("Mehr dazu: see Kampf, p. 2."), "{flat}");
    for word in ["Contents", "Index"] {
        assert!(flat.contains(word), "{word:?} not printed:\n{flat}");
    }
    assert!(
        !flat.contains("Inhalt") && !flat.contains("siehe"),
        "{flat}"
    );
}

#[test]
fn a_key_that_is_no_word_is_located_with_the_closest() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let toml = GAME.replace("contents = ", "contnets = ");
    let game = german_game(tmp.path(), &toml);
    let run = check(&game);
    run.exit(1);
    let (line, col) = line_col(&toml, toml.find("contnets").expect("the key"));
    let found = run.expect("error", "unknown-field", "wortspiel/game.toml", line, col);
    assert!(
        found
            .hint
            .as_deref()
            .is_some_and(|h| h.contains("`contents`")),
        "{}",
        run.dump()
    );
}

#[test]
fn a_word_that_is_not_a_string_is_located() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let toml = GAME.replace("see = \"siehe\"", "see = 3");
    let game = german_game(tmp.path(), &toml);
    let run = check(&game);
    run.exit(1);
    let (line, col) = line_col(&toml, toml.find("3\n").expect("the value"));
    run.expect("error", "wrong-type", "wortspiel/game.toml", line, col);
}

#[test]
fn a_language_that_is_no_tag_is_located() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let toml = GAME.replace("language = \"de\"", "language = \"de_DE.UTF-8\"");
    let game = german_game(tmp.path(), &toml);
    let run = check(&game);
    run.exit(1);
    let (line, col) = line_col(&toml, toml.find("\"de_DE").expect("the value"));
    run.expect("error", "bad-value", "wortspiel/game.toml", line, col);
}

const TABLED_GAME: &str = r#"name = "Wortspiel"
rules = ["rules/rules.md"]
language = "de"

[[random_tables]]
id = "wetter"
name = "Wetter"
roll = "1d6"
[[random_tables.rows]]
roll = "1-3"
result = "Sonne"
[[random_tables.rows]]
roll = "4-6"
result = "Regen"

[words]
result = "Ergebnis"
chance = "Wahrscheinlichkeit"
example = "Beispiel"
"#;

const TABLED_RULES: &str = "# Wetter

Zu Beginn jedes Zuges wird das Wetter ausgewürfelt.

{{ table(\"wetter\") }}

::: example
Eine 5 bringt Regen.
:::
";

#[test]
fn a_random_table_and_a_callout_carry_the_games_words() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = german_game(tmp.path(), TABLED_GAME);
    std::fs::write(game.join("rules/rules.md"), TABLED_RULES).expect("rules");
    let out = tmp.path().join("out");
    let run = build_ok(&game, &out);
    let built = out.join("wortspiel");
    let text = pdf_text(&built.join("wortspiel-rules.pdf"));
    for german in ["Ergebnis", "Wahrscheinlichkeit", "Beispiel", "Sonne"] {
        assert!(
            text.contains(german),
            "{german} missing:\n{text}\n{}",
            run.dump()
        );
    }
    for english in ["Result", "Chance", "Example"] {
        assert!(!text.contains(english), "{english} printed:\n{text}");
    }
    let all: String = std::fs::read_dir(built.join("html"))
        .expect("html folder")
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".html"))
        .map(|e| std::fs::read_to_string(e.path()).expect("a page"))
        .collect();
    assert!(
        all.contains(">Ergebnis</th>"),
        "the result column in German"
    );
    assert!(
        all.contains(">Wahrscheinlichkeit</th>"),
        "the odds column in German"
    );
    assert!(
        all.contains("<p class=\"callout-label\">Beispiel</p>"),
        "the callout label in German"
    );
    for english in [">Result<", ">Chance<", ">Example<"] {
        assert!(!all.contains(english), "{english} in the HTML");
    }
}

const MAP_GAME: &str = r#"name = "Wortspiel"
rules = ["rules/rules.md"]
language = "de"

[[maps]]
id = "karte"
file = "maps/karte.toml"

[words]
terrain = "Gelände"
cells = "Felder"
features = "Merkmale"
"#;

const MAP: &str = r##"name = "Die Karte"
grid = "hex"
columns = 4
rows = 3
cell = "0.75in"
default = "klar"
move_classes = ["fuss"]

[[terrain]]
id = "klar"
name = "Klar"
color = "#E8E2C4"
move = { all = 1 }

[[terrain]]
id = "wald"
name = "Wald"
color = "#3E7B3A"
move = { all = 2 }

[[features]]
id = "fluss"
name = "Fluss"
color = "#2A6FDB"
move = { all = "+1" }

[[cells]]
terrain = "wald"
cells = ["0101"]
"##;

#[test]
fn a_map_page_heads_its_terrain_in_the_games_words() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = german_game(tmp.path(), MAP_GAME);
    std::fs::create_dir_all(game.join("maps")).expect("maps folder");
    std::fs::write(game.join("maps/karte.toml"), MAP).expect("map");
    let out = tmp.path().join("out");
    let run = build_ok(&game, &out);
    let html = std::fs::read_to_string(out.join("wortspiel/html/map-karte.html"))
        .or_else(|_| {
            std::fs::read_dir(out.join("wortspiel/html"))
                .expect("html folder")
                .filter_map(|e| e.ok())
                .map(|e| std::fs::read_to_string(e.path()).unwrap_or_default())
                .find(|page| page.contains("Die Karte</h1>"))
                .ok_or(())
        })
        .unwrap_or_else(|_| panic!("no map page: {}", run.dump()));
    assert!(
        html.contains("<h2 id=\"map-terrain\">Gelände</h2>"),
        "{html}"
    );
    assert!(html.contains("<th scope=\"col\">Felder</th>"), "{html}");
    assert!(html.contains(">Merkmale</th>"), "{html}");
    for english in [">Terrain<", ">Cells<", ">Features<"] {
        assert!(!html.contains(english), "{english} in the map page");
    }
}

#[test]
fn a_word_with_markup_is_text_in_the_html() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let hostile = TABLED_GAME
        .replace("\"Wahrscheinlichkeit\"", "\"<script>alert(1)</script>\"")
        .replace("\"Beispiel\"", "\"<img src=x onerror=alert(2)>\"");
    let game = german_game(tmp.path(), &hostile);
    std::fs::write(game.join("rules/rules.md"), TABLED_RULES).expect("rules");
    let out = tmp.path().join("out");
    build_ok(&game, &out);
    let all: String = std::fs::read_dir(out.join("wortspiel/html"))
        .expect("html folder")
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".html"))
        .map(|e| std::fs::read_to_string(e.path()).expect("a page"))
        .collect();
    assert!(
        !all.contains("<script>alert(1)"),
        "the odds heading is escaped"
    );
    assert!(!all.contains("<img src=x"), "the callout label is escaped");
    assert!(
        all.contains("&lt;img src=x onerror=alert(2)&gt;"),
        "the label kept as text"
    );
}

/// The map game with the reference's own words in German: its title, the
/// print link, the map page's summary and caption, the heading links and
/// the script's words (theme, shortcuts, search).
const UI_WORDS: &str = r#"rules_reference = "Regelübersicht"
print_book = "Das ganze Buch drucken"
whole_map = "Die ganze Karte; öffnen für volle Größe."
grid_summary = "{columns} mal {rows} {cells} zu {size} Zoll"
hexes = "Sechsecke"
link_to_section = "Verweis auf diesen Abschnitt"
shortcuts = "Tastenkürzel"
theme_dark = "Farben: dunkel"
close = "Schließen"
nothing_found = "Nichts gefunden für"
"#;

#[test]
fn the_references_own_words_come_from_the_games_words() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let toml = format!("{MAP_GAME}{UI_WORDS}");
    let game = german_game(tmp.path(), &toml);
    std::fs::create_dir_all(game.join("maps")).expect("maps folder");
    std::fs::write(game.join("maps/karte.toml"), MAP).expect("map");
    let out = tmp.path().join("out");
    let run = build_ok(&game, &out);
    let html = out.join("wortspiel/html");
    let read = |name: &str| {
        std::fs::read_to_string(html.join(name))
            .unwrap_or_else(|e| panic!("{name}: {e}\n{}", run.dump()))
    };
    let index = read("index.html");
    assert!(
        index.contains("<title>Wortspiel — Regelübersicht</title>"),
        "{index}"
    );
    assert!(
        index.contains("</svg>Das ganze Buch drucken</a>"),
        "{index}"
    );
    let rules: String = std::fs::read_dir(&html)
        .expect("html folder")
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".html"))
        .map(|e| std::fs::read_to_string(e.path()).expect("a page"))
        .collect();
    assert!(
        rules.contains("aria-label=\"Verweis auf diesen Abschnitt\">#</a>"),
        "the heading links in German"
    );
    let map = std::fs::read_dir(&html)
        .expect("html folder")
        .filter_map(|e| e.ok())
        .map(|e| std::fs::read_to_string(e.path()).unwrap_or_default())
        .find(|page| page.contains("Die Karte</h1>"))
        .unwrap_or_else(|| panic!("no map page: {}", run.dump()));
    assert!(
        map.contains("<p>4 mal 3 Sechsecke zu 0.75 Zoll.</p>"),
        "{map}"
    );
    assert!(
        map.contains("<figcaption>Die ganze Karte; öffnen für volle Größe.</figcaption>"),
        "{map}"
    );
    for english in [
        "rules reference",
        "Print the whole book",
        "Link to this section",
        "The whole map",
        "hexes",
    ] {
        assert!(!rules.contains(english), "{english:?} in the HTML");
    }
    // The script shows the game's words: they open reference.js.
    let script = read("reference.js");
    let first = script.lines().next().expect("a first line");
    assert!(first.starts_with("window.grogpressWords = {"), "{first}");
    for (key, word) in [
        ("shortcuts", "Tastenkürzel"),
        ("theme_dark", "Farben: dunkel"),
        ("close", "Schließen"),
        ("nothing_found", "Nichts gefunden für"),
    ] {
        assert!(
            first.contains(&format!("\"{key}\":\"{word}\"")),
            "{key} in {first}"
        );
    }
}

#[test]
fn a_word_cannot_close_the_script_it_is_written_into() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let toml = format!("{GAME}close = \"</script><script>alert(1)</script>\"\n");
    let game = german_game(tmp.path(), &toml);
    let out = tmp.path().join("out");
    build_ok(&game, &out);
    let script =
        std::fs::read_to_string(out.join("wortspiel/html/reference.js")).expect("reference.js");
    let first = script.lines().next().expect("a first line");
    assert!(!first.contains("</script"), "{first}");
    assert!(first.contains("\\u003c/script>"), "{first}");
}

#[test]
fn a_slot_a_word_has_no_value_for_is_located() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let toml = format!("{GAME}grid_summary = \"{{spalten}} x {{rows}}\"\n");
    let game = german_game(tmp.path(), &toml);
    let run = check(&game);
    run.exit(1);
    let (line, col) = line_col(&toml, toml.find("\"{spalten}").expect("the value"));
    let found = run.expect("error", "bad-value", "wortspiel/game.toml", line, col);
    assert!(
        found
            .hint
            .as_deref()
            .is_some_and(|h| h.contains("{columns}") && h.contains("{last}")),
        "{}",
        run.dump()
    );
}

#[test]
fn a_part_title_wider_than_the_page_is_located_at_its_word() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let long = "Inhaltsverzeichnis".repeat(6);
    let toml = GAME.replace("contents = \"Inhalt\"", &format!("contents = \"{long}\""));
    let game = german_game(tmp.path(), &toml);
    let out = tmp.path().join("out");
    let run = support::build(&game, &out, &["--format", "json"]);
    run.exit(1);
    let (line, col) = line_col(&toml, toml.find(&format!("\"{long}")).expect("the value"));
    let found = run.expect("error", "word-too-long", "wortspiel/game.toml", line, col);
    assert!(found.message.contains("`contents`"), "{}", run.dump());
    assert!(
        found.hint.as_deref().is_some_and(|h| h.contains("[words]")),
        "{}",
        run.dump()
    );
}

/// The words outside `{{ }}`, `{% %}` and `{# #}` in a template: its text
/// between tags and its attributes people read.
fn literal_words(template: &str) -> Vec<String> {
    let mut text = template.to_string();
    for (open, close) in [("{#", "#}"), ("{{", "}}"), ("{%", "%}")] {
        while let Some(start) = text.find(open) {
            let end = text[start..]
                .find(close)
                .map_or(text.len(), |e| start + e + close.len());
            text.replace_range(start..end, " ");
        }
    }
    let mut found = Vec::new();
    let mut rest = text.as_str();
    while let Some(lt) = rest.find('<') {
        found.extend(english(&rest[..lt]));
        let gt = rest[lt..].find('>').map_or(rest.len(), |g| lt + g + 1);
        let tag = &rest[lt..gt];
        for attribute in ["aria-label=\"", "title=\"", "placeholder=\"", "alt=\""] {
            let mut at = tag;
            while let Some(i) = at.find(attribute) {
                let value = &at[i + attribute.len()..];
                let value = &value[..value.find('"').unwrap_or(value.len())];
                found.extend(english(value));
                at = &at[i + attribute.len()..];
            }
        }
        rest = &rest[gt..];
    }
    found.extend(english(rest));
    found
}

/// The runs of two or more letters in `text` (entities such as `&times;` aside).
fn english(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut entity = false;
    for c in text.chars().chain([' ']) {
        if c == '&' {
            entity = true;
        } else if entity && (c == ';' || c.is_whitespace()) {
            entity = false;
            word.clear();
            continue;
        }
        if c.is_alphabetic() && !entity {
            word.push(c);
        } else {
            if word.chars().count() > 1 {
                words.push(std::mem::take(&mut word));
            }
            word.clear();
        }
    }
    words
}

/// The string literals of a script that read as English: a capitalised
/// word, or two words with a space between them (key and event names and
/// the CSS selectors the script queries aside).
fn script_english(script: &str) -> Vec<String> {
    const NOT_WORDS: &[&str] = &[
        "use strict",
        "Escape",
        "Esc",
        "Enter",
        "ArrowDown",
        "ArrowUp",
        "ArrowLeft",
        "ArrowRight",
        "DOMContentLoaded",
        "main table",
        // Media queries: the dark colours' stylesheet for a dark system, for none.
        "screen and (prefers-color-scheme: dark)",
        "not all",
        // The gallery's lazy painting, a rule the script adds to the page.
        "@media screen { .deck > [role=listitem] { content-visibility: auto; contain-intrinsic-size: auto 16rem auto 16rem; } }",
    ];
    let chars: Vec<char> = script.chars().collect();
    let (mut i, mut last) = (0, ' ');
    let mut literals = Vec::new();
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if c == '/' && next == Some('*') {
            i += 2;
            while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                i += 1;
            }
            i += 2;
            continue;
        }
        if c == '"' || c == '\'' {
            let mut literal = String::new();
            i += 1;
            while i < chars.len() && chars[i] != c {
                if chars[i] == '\\' {
                    i += 1;
                }
                literal.extend(chars.get(i));
                i += 1;
            }
            literals.push(literal);
            (i, last) = (i + 1, 'x');
            continue;
        }
        if c == '/' && "(=,:[!&|?{};".contains(last) {
            // A regular expression: to its closing slash.
            let mut class = false;
            i += 1;
            while i < chars.len() && (chars[i] != '/' || class) {
                match chars[i] {
                    '\\' => i += 1,
                    '[' => class = true,
                    ']' => class = false,
                    _ => {}
                }
                i += 1;
            }
            (i, last) = (i + 1, 'x');
            continue;
        }
        if !c.is_whitespace() {
            last = c;
        }
        i += 1;
    }
    literals
        .into_iter()
        .filter(|l| !NOT_WORDS.contains(&l.as_str()))
        .filter(|l| {
            let capital = l.chars().next().is_some_and(char::is_uppercase)
                && l.chars().nth(1).is_some_and(char::is_lowercase);
            let words = l
                .split(' ')
                .filter(|w| w.chars().count() > 1 && w.chars().all(char::is_alphabetic));
            capital || words.count() > 1
        })
        .collect()
}

#[test]
fn the_reference_templates_print_no_english_of_their_own() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/html");
    // The detectors find English where it is.
    assert_eq!(
        literal_words("<p title=\"Close it\">{{ words.x }} Print the book</p>"),
        ["Close", "it", "Print", "the", "book"]
    );
    assert_eq!(
        script_english("a.textContent = \"Keyboard shortcuts\"; b = /\"x/; c = \"main table\";"),
        ["Keyboard shortcuts"]
    );
    let mut checked = 0;
    for entry in std::fs::read_dir(&root).expect("templates/html") {
        let path = entry.expect("an entry").path();
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        let Some(name) = name else { continue };
        // The preview page is serve's own, not a game's reference.
        if name == "preview.html" || !(name.ends_with(".html") || name == "reference.js") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a template");
        let found = if name.ends_with(".js") {
            script_english(&text)
        } else {
            literal_words(&text)
        };
        assert!(
            found.is_empty(),
            "{name} prints {found:?}: put them in [words]"
        );
        checked += 1;
    }
    assert!(checked >= 7, "{checked} templates read");
}

/// Each word of the English defaults of the `odds` report's words (slots
/// left out), as the English report would print them.
fn english_odds_words() -> std::collections::BTreeSet<String> {
    grogpress::internals::Words::english()
        .pairs()
        .into_iter()
        .filter(|(key, _)| key.starts_with("odds_"))
        .flat_map(|(_, word)| {
            let mut text = word.to_string();
            for slot in grogpress::internals::slots_in(word) {
                text = text.replace(&format!("{{{slot}}}"), " ");
            }
            text.split(|c: char| !c.is_alphabetic())
                .filter(|w| w.len() > 2)
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn the_odds_report_in_german_has_no_english_word() {
    let (_tmp, game) = support::temp_game("river-line");
    let toml = std::fs::read_to_string(game.join("game.toml")).expect("game.toml");
    let at = toml.find("rules = [").expect("rules");
    let toml = format!(
        "{}languages = [\"en\", \"de\"]\ntranslated = [\"crt.title\", \"crt.headers\"]\n{}",
        &toml[..at],
        &toml[at..]
    );
    let german = "[crt.title]\ntitle = \"Kampfergebnistabelle\"\n\n[crt.headers]\nRoll = \"Wurf\"\n\"-2 or less\" = \"-2 oder weniger\"\n\"+6 or more\" = \"+6 oder mehr\"\n";
    write_game(&game, &[("game.toml", &toml), ("lang/de.toml", german)]);
    let english = english_odds_words();
    assert!(
        english.contains("equally") && english.contains("shifted"),
        "{english:?}"
    );
    let path = game.to_str().expect("utf-8");
    for args in [
        &["--attack", "12", "--defence", "5"][..],
        &["--column", "+1", "--shift", "2", "--drm", "-1..+1"],
        &["--column", "+8", "--shift", "1"],
    ] {
        let mut all = vec!["odds", path, "crt"];
        all.extend_from_slice(args);
        let run = support::grogpress(&all);
        run.exit(0);
        all.extend_from_slice(&["--lang", "de"]);
        let de = support::grogpress(&all);
        de.exit(0);
        // The English report says what the German says in its words.
        assert!(
            run.stdout.contains("equally likely rolls"),
            "{}",
            run.dump()
        );
        assert!(
            de.stdout.contains("gleich wahrscheinliche Würfe"),
            "{}",
            de.dump()
        );
        assert!(de.stdout.contains("Kampfergebnistabelle"), "{}", de.dump());
        let said: Vec<&str> = de
            .stdout
            .split(|c: char| !c.is_alphabetic())
            .filter(|w| english.contains(*w))
            .collect();
        assert!(said.is_empty(), "English {said:?} in:\n{}", de.stdout);
        // Its numbers with the German decimal mark.
        assert!(
            de.stdout.contains(",67%") || de.stdout.contains(",33%"),
            "{}",
            de.stdout
        );
        assert!(!de.stdout.contains(".67%"), "{}", de.stdout);
    }
}
