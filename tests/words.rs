//! The words the engine prints (`[words]` in game.toml): a game written
//! here in German sets several of them, and the rulebook PDF and the HTML
//! reference print its words where the English ones were; a key that is no
//! word is `unknown-field` at the key with the closest word.

mod support;

use std::path::{Path, PathBuf};

use support::tools::tool;
use support::{build_ok, grogpress, line_col};

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
    let game = dir.join("wortspiel");
    std::fs::create_dir_all(game.join("rules")).expect("rules folder");
    std::fs::write(game.join("game.toml"), game_toml).expect("game.toml");
    std::fs::write(game.join("rules/rules.md"), RULES).expect("rules");
    game
}

fn pdf_text(pdf: &Path) -> String {
    tool("pdftotext", &[pdf.to_str().expect("utf-8"), "-"])
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
    let run = grogpress(&["check", game.to_str().expect("utf-8"), "--format", "json"]);
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
    let run = grogpress(&["check", game.to_str().expect("utf-8"), "--format", "json"]);
    run.exit(1);
    let (line, col) = line_col(&toml, toml.find("3\n").expect("the value"));
    run.expect("error", "wrong-type", "wortspiel/game.toml", line, col);
}

#[test]
fn a_language_that_is_no_tag_is_located() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let toml = GAME.replace("language = \"de\"", "language = \"de_DE.UTF-8\"");
    let game = german_game(tmp.path(), &toml);
    let run = grogpress(&["check", game.to_str().expect("utf-8"), "--format", "json"]);
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
