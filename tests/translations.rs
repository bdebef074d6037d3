//! A game in two languages, written here: English with a German
//! translation (`languages`, `lang/de.toml`, `lang/de/rules/`). In a git
//! repository of two commits, a translation missing one card field and one
//! stale after its source changed give exactly those two warnings, located;
//! `--lang de` builds into out/<game>/de/ a rulebook hyphenated by German
//! patterns and headed by German engine words, and an HTML reference with a
//! language switch.

mod support;

use std::path::{Path, PathBuf};

use support::editions::{built, check, html_pages, pdf_text, pdf_words, says};
use support::{git, line_col};

const GAME: &str = r#"name = "Campaign"
rules = ["rules/rules.md"]
languages = ["en", "de"]
translated = ["orders.title", "orders.text", "weather.result"]

[[decks]]
id = "orders"
file = "orders.toml"

[[random_tables]]
id = "weather"
name = "Weather"
roll = "1d6"
[[random_tables.rows]]
roll = "1-3"
result = "Sunshine"
[[random_tables.rows]]
roll = "4-6"
result = "Rain"

[[publish.cards]]
deck = "orders"
layout = "plain"
back = "back"

[publish.options]
rulebook_columns = 2
"#;

/// The deck, in English.
fn orders() -> String {
    support::orders_deck(&[
        ("Forced March", "Move two more hexes."),
        ("Dig In", "Add one to the defence."),
    ])
}

const RULES: &str = "# Movement

A unit moves one hex; a zone of control stops it. Reinforcements arrive \"at dawn\".

# Combat

Both sides roll; the higher roll wins.

{{ table(\"weather\") }}
";

/// The German texts: `orders.dig-in` lacks its `text`.
const GERMAN: &str = r#"name = "Feldzug"

[orders.forced-march]
title = "Gewaltmarsch"
text = "Zieht zwei weitere Hexfelder."

[orders.dig-in]
title = "Eingraben"

[weather.1-3]
result = "Sonnenschein"

[weather.4-6]
result = "Regen"
"#;

/// German prose of long compound words, set in two columns so that many
/// of them break at a line's end.
fn german_rules() -> String {
    let sentence = "Die Versorgungsschwierigkeiten der Verstärkungstruppen verursachen \
        Nachschubprobleme, Geländeschwierigkeiten und Befehlsverzögerungen; die \
        Aufklärungsabteilungen melden Verteidigungsstellungen, Bereitstellungsräume \
        und Überschwemmungsgebiete.";
    // Each paragraph starts a word later, so its long words reach a
    // line's end at other places (a break is taken only where it pays).
    let lead = ["Erstens", "sagt", "die", "Regel", "dazu", "kurz"];
    let paragraphs: Vec<String> = (0..6)
        .map(|k| format!("{} {}", lead[..=k].join(" "), [sentence; 3].join(" ")))
        .collect();
    let paragraphs = paragraphs.join("\n\n");
    format!(
        "# Bewegung\n\nEine Einheit zieht ein Feld weit; Verstärkungen kommen \"bei Tagesanbruch\". Siehe [Kampf](rule:combat).\n\n{paragraphs}\n\n# Kampf\n\nBeide Seiten würfeln; die höhere Zahl gewinnt.\n\n{{{{ table(\"weather\") }}}}\n"
    )
}

/// A `git commit` at `time` (seconds since 1970): one commit a minute,
/// as a history made by hand has them, not many in one second.
fn commit_at(dir: &Path, message: &str, time: u64) {
    let date = format!("@{time} +0000");
    let out = std::process::Command::new("git")
        .current_dir(dir)
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_AUTHOR_DATE", &date)
        .env("GIT_COMMITTER_DATE", &date)
        .args(["-c", "user.name=Test", "-c", "user.email=test@example.com"])
        .args(["commit", "-q", "--allow-empty", "-am", message])
        .output()
        .expect("run git");
    assert!(
        out.status.success(),
        "git commit: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The game folder `campaign` under `dir`.
fn write_game(dir: &Path) -> PathBuf {
    support::editions::write_game(
        &dir.join("campaign"),
        &[
            ("game.toml", GAME),
            ("orders.toml", &orders()),
            ("rules/rules.md", RULES),
            ("lang/de.toml", GERMAN),
            ("lang/de/rules/rules.md", &german_rules()),
        ],
    )
}

#[test]
fn a_missing_field_and_a_stale_text_are_the_two_warnings_located() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = write_game(tmp.path());
    git(tmp.path(), &["init", "-q"]);
    git(tmp.path(), &["add", "."]);
    git(
        tmp.path(),
        &["commit", "-q", "-m", "the game and its German"],
    );
    // The source changes after the translation was committed.
    let changed = orders().replace("Move two more hexes.", "Move three more hexes.");
    std::fs::write(game.join("orders.toml"), &changed).expect("write");
    git(tmp.path(), &["commit", "-q", "-am", "three hexes"]);

    let run = check(&game);
    run.exit(0);
    assert_eq!(run.diags.len(), 2, "{}", run.dump());
    let (line, col) = line_col(GERMAN, GERMAN.find("dig-in]").expect("the table"));
    let missing = run.expect(
        "warning",
        "translation-missing",
        "campaign/lang/de.toml",
        line,
        col,
    );
    assert!(missing.message.contains("`text`"), "{}", missing.message);
    let at = GERMAN.find("\"Zieht zwei").expect("the text");
    let (line, col) = line_col(GERMAN, at);
    let stale = run.expect(
        "warning",
        "translation-stale",
        "campaign/lang/de.toml",
        line,
        col,
    );
    assert!(
        stale
            .hint
            .as_deref()
            .is_some_and(|h| h.contains("Move three more hexes.")),
        "{stale:?}"
    );

    // Translated anew and committed: the stale warning goes.
    let german = GERMAN.replace("Zieht zwei", "Zieht drei");
    std::fs::write(game.join("lang/de.toml"), &german).expect("write");
    git(tmp.path(), &["commit", "-q", "-am", "drei Hexfelder"]);
    let run = check(&game);
    run.only_ids(&["translation-missing"]);
    assert_eq!(run.diags.len(), 1, "{}", run.dump());
}

#[test]
fn out_of_git_the_stale_check_says_it_needs_git() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = write_game(tmp.path());
    let run = check(&game);
    let (line, col) = line_col(GAME, GAME.find("\"de\"]").expect("de"));
    run.expect(
        "warning",
        "translation-unchecked",
        "campaign/game.toml",
        line,
        col,
    );
    run.only_ids(&["translation-unchecked", "translation-missing"]);
}

#[test]
fn a_key_the_source_no_longer_has_is_an_orphan_at_its_text() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = write_game(tmp.path());
    let german = format!("{GERMAN}\n[orders.ambush]\ntitle = \"Hinterhalt\"\n");
    std::fs::write(game.join("lang/de.toml"), &german).expect("write");
    let run = check(&game);
    let (line, col) = line_col(&german, german.find("\"Hinterhalt").expect("it"));
    run.expect(
        "warning",
        "translation-orphan",
        "campaign/lang/de.toml",
        line,
        col,
    );
}

#[test]
fn a_translated_text_too_long_for_its_card_is_located_at_it() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = write_game(tmp.path());
    let long = "Zieht zwei weitere Hexfelder. ".repeat(60);
    let german = GERMAN.replace("Zieht zwei weitere Hexfelder.", &long);
    std::fs::write(game.join("lang/de.toml"), &german).expect("write");
    let run = check(&game);
    let overflow = run.with_id("card-overflow");
    assert!(
        overflow
            .iter()
            .any(|d| d.file.ends_with("campaign/lang/de.toml")),
        "{}",
        run.dump()
    );
    run.exit(1);
}

/// Each word broken at a line's end in `text`: (the part before the
/// hyphen, the whole word).
fn broken_words(text: &str) -> Vec<(String, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for pair in lines.windows(2) {
        let (Some(before), Some(after)) = (
            pair[0].trim_end().strip_suffix(['-', '\u{ad}']),
            pair[1].split_whitespace().next(),
        ) else {
            continue;
        };
        let Some(head) = before.split_whitespace().last() else {
            continue;
        };
        if head.chars().all(char::is_alphabetic) && after.starts_with(char::is_lowercase) {
            let tail: String = after.chars().take_while(|c| c.is_alphabetic()).collect();
            out.push((head.to_string(), format!("{head}{tail}")));
        }
    }
    out
}

/// The byte offsets where `lang`'s patterns break `word` (lower case).
fn pattern_breaks(word: &str, lang: hypher::Lang) -> Vec<usize> {
    let lower = word.to_lowercase();
    let mut at = 0;
    let syllables: Vec<&str> = hypher::hyphenate(&lower, lang).collect();
    syllables[..syllables.len().saturating_sub(1)]
        .iter()
        .map(|s| {
            at += s.len();
            at
        })
        .collect()
}

#[test]
fn the_german_build_is_german_hyphenated_worded_and_switchable() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = write_game(tmp.path());
    let out = tmp.path().join("out");
    for lang in [None, Some("de")] {
        built("build", &game, &out, lang).exit(0);
    }
    let german = out.join("campaign/de");
    let text = pdf_text(&german.join("campaign-rules.pdf"));

    // Hyphenated by the German patterns: a break German's allow and
    // English's do not.
    let broken = broken_words(&text);
    assert!(!broken.is_empty(), "no word broken:\n{text}");
    let german_only: Vec<&(String, String)> = broken
        .iter()
        .filter(|(head, word)| {
            let at = head.to_lowercase().len();
            pattern_breaks(word, hypher::Lang::German).contains(&at)
                && !pattern_breaks(word, hypher::Lang::English).contains(&at)
        })
        .collect();
    assert!(!german_only.is_empty(), "{broken:?}");
    for (head, word) in &broken {
        let at = head.to_lowercase().len();
        assert!(
            pattern_breaks(word, hypher::Lang::German).contains(&at),
            "{word} broken after {head}, not a German break"
        );
    }

    // The engine's words in German, the translated texts, German quotes.
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    says(
        &flat,
        "the German rules",
        &[
            "Inhalt",
            "Tabellen",
            "Ergebnis",
            "Feldzug",
            "Sonnenschein",
            "„bei Tagesanbruch“",
            "(50,0%)",
        ],
        &[
            "Contents",
            "Result",
            "Sunshine",
            "\"at dawn\"",
            "“bei",
            "50.0%",
        ],
    );
    let cards = pdf_text(&german.join("orders-cards.pdf"));
    assert!(
        cards.contains("Gewaltmarsch") && cards.contains("Eingraben"),
        "{cards}"
    );
    // The field the translation lacks prints in the source language.
    assert!(cards.contains("Add one to the defence."), "{cards}");
    let english = pdf_text(&out.join("campaign/campaign-rules.pdf"));
    assert!(
        english.contains("Contents") && !english.contains("Inhalt"),
        "{english}"
    );

    // Each language's reference links the same page in the other.
    let index = std::fs::read_to_string(german.join("html/index.html")).expect("index");
    assert!(index.contains("<html lang=\"de\">"), "{index}");
    assert!(
        index.contains("aria-label=\"Sprachen\"")
            && index.contains(
                "<a href=\"../../html/index.html\" hreflang=\"en\" lang=\"en\">English</a>"
            )
            && index.contains("hreflang=\"de\" lang=\"de\" aria-current=\"page\">Deutsch</a>"),
        "{index}"
    );
    let source = std::fs::read_to_string(out.join("campaign/html/rules.html")).expect("rules");
    assert!(
        source
            .contains("<a href=\"../de/html/rules.html\" hreflang=\"de\" lang=\"de\">Deutsch</a>"),
        "{source}"
    );
    assert!(out.join("campaign/de/html/rules.html").is_file());
    // The odds beside the weather table are German numbers: 1/2 (50,0%).
    let german_rules =
        std::fs::read_to_string(out.join("campaign/de/html/rules.html")).expect("German rules");
    assert!(german_rules.contains("(50,0%)"), "{german_rules}");
    assert!(!german_rules.contains("(50.0%)"), "{german_rules}");
    assert!(source.contains("(50.0%)"), "{source}");
    // `rule:combat`, the source heading's id, links the German "Kampf".
    assert!(
        german_rules.contains("#kampf\">Kampf</a>"),
        "{german_rules}"
    );
    assert!(!german_rules.contains("rule:"), "{german_rules}");
}

#[test]
fn a_language_the_game_does_not_have_is_an_operational_error() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = write_game(tmp.path());
    let out = tmp.path().join("out");
    let run = support::build(&game, &out, &["--lang", "fr"]);
    run.exit(2);
    assert!(run.stderr.contains("no language `fr`"), "{}", run.dump());
}

/// A deck of `n` cards whose texts are `text(k)`.
fn numbered_orders(n: usize, text: &dyn Fn(usize) -> String) -> String {
    let mut deck = String::from(
        "name = \"Orders\"\ntitle_field = \"title\"\n\n[[fields]]\nname = \"title\"\nkind = \"text\"\n\n[[fields]]\nname = \"text\"\nkind = \"rich\"\n",
    );
    for k in 0..n {
        deck.push_str(&format!(
            "\n[[cards]]\ntitle = \"Order {k}\"\ntext = \"{}\"\n",
            text(k)
        ));
    }
    deck
}

/// Their German texts, `text(k)`.
fn numbered_german(n: usize, text: &dyn Fn(usize) -> String) -> String {
    let mut german = String::from("name = \"Feldzug\"\n");
    for k in 0..n {
        german.push_str(&format!("\n[orders.order-{k}]\ntext = \"{}\"\n", text(k)));
    }
    german.push_str(
        "\n[weather.1-3]\nresult = \"Sonnenschein\"\n\n[weather.4-6]\nresult = \"Regen\"\n",
    );
    german
}

#[test]
fn a_long_history_is_walked_within_a_bound_and_finds_the_stale_text() {
    // 24 cards, each reworded in its own commit and its German brought up
    // to date in the next: 48 commits, every German text last changed in
    // a commit of its own. The last rewording is not translated.
    const N: usize = 24;
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = write_game(tmp.path());
    let toml = GAME.replace(
        "translated = [\"orders.title\", \"orders.text\", \"weather.result\"]",
        "translated = [\"orders.text\", \"weather.result\"]",
    );
    std::fs::write(game.join("game.toml"), toml).expect("write");
    let english = |changed: usize| {
        move |k: usize| {
            if k < changed {
                format!("Move {k} hexes, then stop.")
            } else {
                format!("Move {k} hexes.")
            }
        }
    };
    let german = |changed: usize| {
        move |k: usize| {
            if k < changed {
                format!("Zieht {k} Felder, dann halt.")
            } else {
                format!("Zieht {k} Felder.")
            }
        }
    };
    std::fs::write(game.join("orders.toml"), numbered_orders(N, &english(0))).expect("write");
    std::fs::write(game.join("lang/de.toml"), numbered_german(N, &german(0))).expect("write");
    git(tmp.path(), &["init", "-q"]);
    git(tmp.path(), &["add", "."]);
    let minute = |n: usize| 1_700_000_000 + 60 * n as u64;
    commit_at(tmp.path(), "the game", minute(0));
    for k in 0..N {
        std::fs::write(
            game.join("orders.toml"),
            numbered_orders(N, &english(k + 1)),
        )
        .expect("write");
        commit_at(tmp.path(), &format!("reword {k}"), minute(2 * k + 1));
        let translated = if k + 1 == N { k } else { k + 1 };
        std::fs::write(
            game.join("lang/de.toml"),
            numbered_german(N, &german(translated)),
        )
        .expect("write");
        commit_at(tmp.path(), &format!("de {k}"), minute(2 * k + 2));
    }
    let started = std::time::Instant::now();
    let run = check(&game);
    let took = started.elapsed();
    run.only_ids(&["translation-stale", "translation-unchecked"]);
    let stale: Vec<_> = run
        .diags
        .iter()
        .filter(|d| d.id == "translation-stale")
        .collect();
    assert_eq!(stale.len(), 1, "{}", run.dump());
    let last = N - 1;
    let text = numbered_german(N, &german(last));
    let (line, col) = line_col(
        &text,
        text.find(&format!("\"Zieht {last} Felder.\"")).expect("it"),
    );
    run.expect(
        "warning",
        "translation-stale",
        "campaign/lang/de.toml",
        line,
        col,
    );
    // More versions than the bound: the oldest are said not compared, once.
    let unchecked: Vec<_> = run
        .diags
        .iter()
        .filter(|d| d.id == "translation-unchecked")
        .collect();
    assert_eq!(unchecked.len(), 1, "{}", run.dump());
    assert!(
        unchecked[0].message.contains("not compared"),
        "{}",
        unchecked[0].message
    );
    eprintln!("check of {} commits: {took:?}", 2 * N + 1);
}

#[test]
fn map_names_terrain_and_glossary_terms_are_translated_and_checked() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = write_game(tmp.path());
    let toml = GAME.replace(
        "translated = [\"orders.title\", \"orders.text\", \"weather.result\"]",
        "translated = [\"orders.title\", \"orders.text\", \"weather.result\", \"valley.name\", \"valley.terrain\", \"glossary.term\", \"glossary.definition\"]",
    ) + "\n[[maps]]\nid = \"valley\"\nfile = \"valley.toml\"\n\n[[glossary]]\nterm = \"Zone of control\"\ndefinition = \"The hexes around a unit.\"\n";
    std::fs::write(game.join("game.toml"), toml).expect("write");
    std::fs::write(
        game.join("valley.toml"),
        "name = \"Valley\"\ngrid = \"square\"\ncolumns = 4\nrows = 3\ncell = 36\ndefault = \"clear\"\n\n[[terrain]]\nid = \"clear\"\nname = \"Open ground\"\ncolor = \"#FFFFFF\"\n\n[[terrain]]\nid = \"forest\"\nname = \"Woods\"\ncolor = \"#228B22\"\n\n[[cells]]\nterrain = \"forest\"\ncells = [\"0102\"]\n",
    )
    .expect("write");
    // The glossary's definition is left untranslated.
    let german = format!(
        "{GERMAN}\n[valley.name]\nname = \"Talgrund\"\n\n[valley.clear]\nterrain = \"Offenes Gelände\"\n\n[valley.forest]\nterrain = \"Wald\"\n\n[glossary.zone-of-control]\nterm = \"Kontrollzone\"\n"
    );
    std::fs::write(game.join("lang/de.toml"), &german).expect("write");
    let run = check(&game);
    run.only_ids(&["translation-missing", "translation-unchecked"]);
    let missing: Vec<_> = run
        .diags
        .iter()
        .filter(|d| d.id == "translation-missing")
        .collect();
    assert_eq!(missing.len(), 2, "{}", run.dump());
    let (line, col) = line_col(&german, german.find("zone-of-control]").expect("it"));
    let definition = run.expect(
        "warning",
        "translation-missing",
        "campaign/lang/de.toml",
        line,
        col,
    );
    assert!(
        definition.message.contains("`definition`"),
        "{}",
        definition.message
    );

    let out = tmp.path().join("out");
    built("rules", &game, &out, Some("de")).exit(0);
    let de = html_pages(&out.join("campaign/de/html"));
    says(
        &de,
        "the German reference",
        &[
            "Talgrund",
            "Wald",
            "Offenes Gelände",
            "Kontrollzone",
            "The hexes around a unit.",
        ],
        &["Woods", "Open ground", "Zone of control"],
    );
}

#[test]
fn a_scenarios_name_turns_victory_and_special_rules_are_translated() {
    let tmp = tempfile::tempdir().expect("temp dir");
    // The first turn's label is left untranslated.
    let mut german = String::from(
        "[the-crossing.name]\nname = \"Die Überquerung\"\n\n[the-crossing.victory]\nvictory = \"Die Nordarmee siegt mit der **Sel-Furt**.\"\n\n[the-crossing.special_rules]\nspecial_rules = \"- **Überraschung.** Die Liga zieht in Runde 1 nicht.\"\n",
    );
    for n in 2..=6 {
        german.push_str(&format!(
            "\n[the-crossing.turn-{n}]\nturn_labels = \"{}. Juni\"\n",
            11 + n
        ));
    }
    let game = river_line_with(
        tmp.path(),
        "\"the-crossing.name\", \"the-crossing.victory\", \"the-crossing.special_rules\", \"the-crossing.turn_labels\"",
        "",
        &[("lang/de.toml", &german)],
    );
    let run = check(&game);
    let missing: Vec<_> = run
        .diags
        .iter()
        .filter(|d| d.id == "translation-missing" && d.message.contains("the-crossing"))
        .collect();
    assert_eq!(missing.len(), 1, "{}", run.dump());
    assert!(
        missing[0]
            .message
            .contains("`turn_labels` for `the-crossing.turn-1`"),
        "{}",
        missing[0].message
    );
    let out = tmp.path().join("out");
    let run = built("rules", &game, &out, Some("de"));
    assert!(run.code < 2, "{}", run.dump());
    let page = std::fs::read_to_string(out.join("river-line/de/html/scenario-the-crossing.html"))
        .expect("the German scenario page");
    says(
        &page,
        "the German scenario page",
        &[
            "Die Überquerung",
            "Sel-Furt",
            "Überraschung",
            "13. Juni",
            "17. Juni",
            "12 Jun",
        ],
        &[
            "The Crossing",
            "The Northern Army wins",
            "Surprise",
            "13 Jun",
        ],
    );
    // The sheets: the facts' span, the notes' and the cards' headings in
    // the language's words.
    let sheets_out = tmp.path().join("sheets");
    let run = built("build", &game, &sheets_out, Some("de"));
    assert!(run.code < 2, "{}", run.dump());
    let sheets = ["the-crossing-setup.pdf", "the-crossing-turns.pdf"]
        .map(|pdf| pdf_words(&sheets_out.join("river-line/de").join(pdf)))
        .join(" ");
    says(
        &sheets,
        "the German scenario sheets",
        &[
            "12 Jun bis 17. Juni",
            "Verstärkungen",
            "Siegbedingungen",
            "Sonderregeln",
        ],
        &[
            " to ",
            "Reinforcements",
            "Victory Conditions",
            "Special Rules",
        ],
    );
}

/// A chart of one text results table: its title, headers (the roll
/// column's named, so the translation gives it) and cells.
const CHART: &str = r#"title = "Battle Tables"

[[blocks]]
kind = "results"
id = "combat"
title = "Combat Table"
dice = "1d6"
cells = "text"
roll_header = "Roll"
columns = ["Outcome"]
rows = [
  { roll = "1-3", results = ["Attacker retreats"] },
  { roll = "4-6", results = ["Defender retreats"] },
]
notes = ["Roll once per battle."]
"#;

/// The chart's German: the cell of the row 4-6 is left out.
const GERMAN_CHART: &str = r#"
[tables.title]
title = "Kampftafeln"

[combat.title]
title = "Kampftabelle"

[combat.headers]
Roll = "Wurf"
Outcome = "Ausgang"

[combat."1-3"]
Outcome = "Angreifer weicht zurück"

[combat.notes]
note-1 = "Einmal je Gefecht würfeln."
"#;

/// The campaign with the chart, its texts translated, and `german` as its
/// German.
fn game_with_chart(dir: &Path, german: &str) -> PathBuf {
    let game = write_game(dir);
    let toml = GAME.replace(
        "translated = [\"orders.title\", \"orders.text\", \"weather.result\"]",
        "translated = [\"orders.title\", \"orders.text\", \"weather.result\", \"tables.title\", \"combat.title\", \"combat.headers\", \"combat.cells\"]",
    ) + "\n[[charts]]\nid = \"tables\"\nfile = \"charts/tables.toml\"\n";
    support::editions::write_game(
        &game,
        &[
            ("game.toml", &toml),
            ("charts/tables.toml", CHART),
            ("lang/de.toml", &format!("{GERMAN}{german}")),
            (
                "lang/de/rules/rules.md",
                &format!("{}\n{{{{ table(\"tables\") }}}}\n", german_rules()),
            ),
        ],
    )
}

#[test]
fn chart_cells_are_translated_and_a_missing_one_is_located() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = game_with_chart(tmp.path(), GERMAN_CHART);
    let run = check(&game);
    run.only_ids(&["translation-missing", "translation-unchecked"]);
    // In the translation, which has no table for the row: at the first
    // table of the row's table (`[combat.title]`).
    let german = format!("{GERMAN}{GERMAN_CHART}");
    let at = german.find("[combat.title]").expect("the table") + "[combat.".len();
    let (line, col) = line_col(&german, at);
    let missing = run.expect(
        "warning",
        "translation-missing",
        "campaign/lang/de.toml",
        line,
        col,
    );
    assert!(
        missing.message.contains("`Outcome` for `combat.4-6`"),
        "{}",
        missing.message
    );
    assert!(
        missing
            .hint
            .as_deref()
            .is_some_and(|h| h.contains("Defender retreats")),
        "{missing:?}"
    );
    // The charts PDF and the HTML reference in German: every text the
    // translation gives in its place, the one it lacks in English.
    let out = tmp.path().join("out");
    built("charts", &game, &out, Some("de")).exit(0);
    let flat = pdf_words(&out.join("campaign/de/charts.pdf"));
    says(
        &flat,
        "the German charts",
        &[
            "Kampftafeln",
            "Kampftabelle",
            "Wurf",
            "Ausgang",
            "Angreifer weicht zurück",
            "Einmal je Gefecht würfeln.",
            "Defender retreats",
        ],
        &[
            "Battle Tables",
            "Combat Table",
            "Roll",
            "Outcome",
            "Attacker retreats",
            "Roll once",
        ],
    );
    // With its odds: their heading and decimal mark in German.
    let path = |p: &Path| p.to_str().expect("utf-8").to_string();
    let (game_path, out_path) = (path(&game), path(&out));
    support::grogpress(&[
        "charts", &game_path, "--out", &out_path, "--lang", "de", "--odds",
    ])
    .exit(0);
    let flat = pdf_words(&out.join("campaign/de/charts.pdf"));
    says(
        &flat,
        "the German charts",
        &["Chance bei Modifikator 0", "1/2 (50,0%)"],
        &["Odds at net"],
    );
    built("rules", &game, &out, Some("de")).exit(0);
    let html = html_pages(&out.join("campaign/de/html"));
    assert!(
        html.contains("Angreifer weicht zurück"),
        "no translated cell in the reference"
    );
    assert!(
        !html.contains("Attacker retreats"),
        "an English cell in the reference"
    );
}

#[test]
fn a_chart_cell_the_source_no_longer_has_is_an_orphan() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let extra = format!("{GERMAN_CHART}\n[combat.\"7-9\"]\nOutcome = \"Niemand\"\n");
    let game = game_with_chart(tmp.path(), &extra);
    let run = check(&game);
    let german = format!("{GERMAN}{extra}");
    let (line, col) = line_col(&german, german.find("\"Niemand").expect("it"));
    let orphan = run.expect(
        "warning",
        "translation-orphan",
        "campaign/lang/de.toml",
        line,
        col,
    );
    assert!(orphan.message.contains("combat.7-9"), "{}", orphan.message);
    // `translated` naming a field a chart's table has not is located.
    let toml = std::fs::read_to_string(game.join("game.toml")).expect("game.toml");
    let toml = toml.replace("\"combat.cells\"", "\"combat.legend\"");
    std::fs::write(game.join("game.toml"), &toml).expect("write");
    let run = check(&game);
    let (line, col) = line_col(&toml, toml.find("\"combat.legend\"").expect("it"));
    run.expect(
        "error",
        "dangling-reference",
        "campaign/game.toml",
        line,
        col,
    );
}

/// A chart of modifiers, added to River Line.
const MODIFIERS: &str = r#"title = "Modifiers"

[[blocks]]
kind = "modifiers"
id = "mods"
title = "Combat Modifiers"

[[blocks.sections]]
heading = "Attacker"
entries = [
  { text = "Supported by artillery", value = "+1" },
  { text = "Attacking across a river", value = "-1" },
]
"#;

/// River Line's sequence of play and the modifiers in German.
const GERMAN_STEPS: &str = r#"["sequence"."Event phase."]
title = "Ereignisphase."
text = "Jeder Spieler zieht eine Ereigniskarte."

["sequence"."First player's movement phase."]
title = "Bewegungsphase des ersten Spielers."
text = "Verstärkungen treffen ein; Einheiten ziehen."

["sequence"."First player's combat phase."]
title = "Kampfphase des ersten Spielers."
text = "Angriffe werden einzeln angesagt und abgewickelt."

["sequence"."Second player's movement phase."]
title = "Bewegungsphase des zweiten Spielers."
text = "Wie beim ersten Spieler."

["sequence"."Second player's combat phase."]
title = "Kampfphase des zweiten Spielers."
text = "Wie beim ersten Spieler."

["sequence"."End phase."]
title = "Endphase."
text = "Sieg prüfen; den Rundenmarker vorrücken."

[mods.sections]
Attacker = "Angreifer"

[mods."Supported by artillery"]
text = "Mit Artillerieunterstützung"

[mods."Attacking across a river"]
text = "Angriff über einen Fluss"
"#;

/// River Line with the modifiers chart, in English and German (`german`).
fn river_line_in_german(dir: &Path, german: &str) -> PathBuf {
    river_line_with(
        dir,
        "\"sequence.cells\", \"mods.cells\"",
        "\n[[charts]]\nid = \"modifiers\"\nfile = \"charts/mods.toml\"\n",
        &[("charts/mods.toml", MODIFIERS), ("lang/de.toml", german)],
    )
}

/// River Line copied into `dir` in English and German, `translated`
/// listing the given texts (TOML array items), `more` at the end of its
/// game.toml and `files` written beside.
fn river_line_with(dir: &Path, translated: &str, more: &str, files: &[(&str, &str)]) -> PathBuf {
    let game = dir.join("river-line");
    support::copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("data/river-line"),
        &game,
    );
    let toml = std::fs::read_to_string(game.join("game.toml")).expect("game.toml");
    let at = toml.find("rules = [").expect("rules");
    let toml = format!(
        "{}languages = [\"en\", \"de\"]\ntranslated = [{translated}]\n{}{more}",
        &toml[..at],
        &toml[at..]
    );
    let mut all = vec![("game.toml", toml.as_str())];
    all.extend_from_slice(files);
    support::editions::write_game(&game, &all)
}

#[test]
fn the_german_charts_have_german_engine_words_steps_and_modifiers() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = river_line_in_german(tmp.path(), GERMAN_STEPS);
    let run = check(&game);
    run.only_ids(&["translation-missing", "translation-unchecked"]);
    // Only the rules page is untranslated.
    assert_eq!(
        run.with_id("translation-missing").len(),
        1,
        "{}",
        run.dump()
    );

    let out = tmp.path().join("out");
    built("charts", &game, &out, Some("de")).exit(0);
    let flat = pdf_words(&out.join("river-line/de/charts.pdf"));
    says(
        &flat,
        "the German charts",
        &[
            // A roll and a column open below or above (roll_or_less, roll_or_more).
            "1 oder weniger",
            "6 oder mehr",
            "+6 oder mehr",
            // The combat note made in load (crt_shifts).
            "Spaltenverschiebungen -3 bis +2.",
            // The terrain effects chart (tec_title, tec_column_shift, tec_drm, tec_move_note).
            "Geländeeffekttabelle",
            "Spalte",
            "WM",
            "Bewegungspunktkosten zum Betreten",
            "Seite 1 von 2",
            // The roll column's head the data leaves to the game's words (roll).
            "Wurf",
            // The checklist's steps, the modifiers and their section.
            "Ereignisphase.",
            "Jeder Spieler zieht eine Ereigniskarte.",
            "Endphase.",
            "Angreifer",
            "Mit Artillerieunterstützung",
            "Angriff über einen Fluss",
        ],
        &[
            "or less",
            "or more",
            "Column shift",
            "DRM",
            "Movement point cost",
            "page 1 of",
            "Roll",
            "Event phase",
            "Each player draws",
            "End phase",
            "Attacker",
            "Supported by artillery",
            "Attacking across a river",
        ],
    );
    // The English charts keep their English.
    built("charts", &game, &out, None).exit(0);
    let english = pdf_text(&out.join("river-line/charts.pdf"));
    for said in [
        "Roll",
        "1 or less",
        "Column shifts -3 to +2.",
        "Terrain Effects Chart",
        "Event phase.",
    ] {
        assert!(english.contains(said), "no {said:?} in the English charts");
    }

    // A terrain's combat effect in the German odds report (tec_column).
    let (game_path, out_path) = (
        support::editions::path(&game),
        support::editions::path(&out),
    );
    let _ = out_path;
    let odds = support::grogpress(&[
        "odds",
        game_path,
        "crt",
        "--attack",
        "6",
        "--defence",
        "3",
        "--terrain",
        "woods",
        "--lang",
        "de",
    ]);
    odds.exit(0);
    assert!(odds.stdout.contains("\u{2212}1 Spalte"), "{}", odds.stdout);
    assert!(!odds.stdout.contains("column"), "{}", odds.stdout);
}

#[test]
fn a_step_or_modifier_the_translation_lacks_or_overflows_is_located_in_it() {
    let tmp = tempfile::tempdir().expect("temp dir");
    // The modifier "Attacking across a river" left out, and one too long.
    let german = GERMAN_STEPS
        .replace(
            "[mods.\"Attacking across a river\"]\ntext = \"Angriff über einen Fluss\"\n",
            "",
        )
        .replace(
            "Mit Artillerieunterstützung",
            &"Artillerieunterstützungskoordinationsmaßnahmendurchführung".repeat(4),
        );
    let game = river_line_in_german(tmp.path(), &german);
    let run = check(&game);
    // The row's table missing: at the first table of its table, in the translation.
    let at = german.find("[mods.sections]").expect("it") + "[mods.".len();
    let (line, col) = line_col(&german, at);
    let missing = run.expect(
        "warning",
        "translation-missing",
        "river-line/lang/de.toml",
        line,
        col,
    );
    assert!(
        missing
            .message
            .contains("`text` for `mods.Attacking across a river`"),
        "{}",
        missing.message
    );
    // The overflow of the translated modifier: at its text in the translation.
    let at = german.find("\"Artillerie").expect("it");
    let (line, col) = line_col(&german, at);
    let overflow = run.expect(
        "error",
        "table-overflow",
        "river-line/lang/de.toml",
        line,
        col,
    );
    assert!(
        overflow.message.contains("Artillerie"),
        "{}",
        overflow.message
    );
}

/// A table of the rolls that hit, one a range open above in words.
const FIRE: &str = r#"title = "Fire"

[[blocks]]
kind = "ranges"
id = "fire"
title = "Fire Table"
dice = "1d6"
label_header = "Target"
columns = ["Hit"]
rows = [
  { label = ["In the open"], cells = ["5 or more"] },
  { label = ["In cover"], cells = ["6"] },
]
"#;

/// River Line's terrain effects in German: the map's terrain, its
/// movement classes and effects, and the chart's cells of words.
const GERMAN_TERRAIN: &str = r#"[sel.foot]
move_classes = "Zu Fuß"

[sel.wheeled]
move_classes = "Räder"

[sel.tracked]
move_classes = "Ketten"

[sel."Line of sight"]
effects = "Sichtlinie"

[sel.Notes]
effects = "Hinweise"

[sel.woods]
terrain = "Wald"

[sel.river]
features = "Fluss"

[tec-sel.symbols]
Blocked = "Gesperrt"
"No ZOC across it but at a bridge" = "Keine KZ über ihn, außer an einer Brücke"
"1 MP a hex along it" = "1 BP je Hex entlang"
"As a road, but not tracked" = "Wie eine Straße, nicht für Ketten"
"#;

/// River Line in German with its terrain effects translated (`german`)
/// and the fire table.
fn river_line_terrain(dir: &Path, german: &str) -> PathBuf {
    river_line_with(
        dir,
        "\"sel.move_classes\", \"sel.effects\", \"sel.terrain\", \"sel.features\", \"tec-sel.cells\"",
        "\n[[charts]]\nid = \"fire-chart\"\nfile = \"charts/fire.toml\"\n",
        &[("charts/fire.toml", FIRE), ("lang/de.toml", german)],
    )
}

#[test]
fn the_german_terrain_chart_has_german_classes_effects_ranges_and_odds() {
    let tmp = tempfile::tempdir().expect("temp dir");
    // Every terrain name but woods' and the river's is left untranslated.
    let game = river_line_terrain(tmp.path(), GERMAN_TERRAIN);
    let run = check(&game);
    run.only_ids(&["translation-missing", "translation-unchecked"]);
    let missing: Vec<&str> = run
        .with_id("translation-missing")
        .iter()
        .map(|d| d.message.as_str())
        .collect();
    assert!(
        missing.iter().all(|m| m.contains("`terrain` for")
            || m.contains("`features` for")
            || m.contains("rules page")),
        "{missing:?}"
    );

    let out = tmp.path().join("out");
    built("build", &game, &out, Some("de")).exit(0);
    let charts = pdf_words(&out.join("river-line/de/charts.pdf"));
    says(
        &charts,
        "the German charts",
        &[
            "Zu Fuß",
            "Räder",
            "Ketten",
            "Sichtlinie",
            "Hinweise",
            "Gesperrt",
            "Wald",
            "1 BP je Hex entlang",
            // A class may not enter: the word tec_prohibited, and its note.
            " V ",
            "V: verboten.",
            // A range open above, in the fire table (roll_or_more).
            "5 oder mehr",
        ],
        &[
            "Foot",
            "Wheeled",
            "Tracked",
            "Line of sight",
            "Notes",
            "Blocked",
            "Woods",
            "1 MP a hex",
            " P ",
            "P: prohibited",
            "or more",
        ],
    );
    // The map's legend says the same, in the language's words.
    let map = pdf_words(&out.join("river-line/de/sel-map.pdf"));
    says(
        &map,
        "the German map",
        &[
            "Bewegung: Zu Fuß 2, Räder 3, Ketten 3",
            "Kampf: \u{2212}1 Spalte",
            "Sichtlinie: Gesperrt",
            "Räder V",
        ],
        &[
            "Move:",
            "Combat:",
            "foot",
            "wheeled",
            "Line of sight",
            "Blocked",
        ],
    );
    // The English keeps its English, its range a range.
    built("build", &game, &out, None).exit(0);
    let english = pdf_words(&out.join("river-line/charts.pdf"));
    says(
        &english,
        "the English charts",
        &[
            "Foot",
            "Line of sight",
            "Blocked",
            "5 or more",
            "P: prohibited",
        ],
        &["Zu Fuß", "Gesperrt"],
    );

    // The odds report names the defender's terrain, in the language.
    let odds = |lang: &[&str]| {
        let mut args = vec![
            "odds",
            support::editions::path(&game),
            "crt",
            "--attack",
            "6",
            "--defence",
            "3",
            "--terrain",
            "woods",
            "--terrain",
            "river",
        ];
        args.extend_from_slice(lang);
        let run = support::grogpress(&args);
        run.exit(0);
        run.stdout
    };
    let german = odds(&["--lang", "de"]);
    assert!(
        german.contains("Wald (\u{2212}1 Spalte), Fluss (\u{2212}1 WM)"),
        "{german}"
    );
    assert!(
        !german.contains("woods") && !german.contains("river"),
        "{german}"
    );
    let english = odds(&[]);
    assert!(english.contains("Woods (\u{2212}1 column)"), "{english}");
}

#[test]
fn a_class_or_effect_the_translation_lacks_or_the_map_has_not_is_located_in_it() {
    let tmp = tempfile::tempdir().expect("temp dir");
    // The wheeled class left out; a class and an effect the map has not.
    let german = GERMAN_TERRAIN
        .replace("[sel.wheeled]\nmove_classes = \"Räder\"\n\n", "")
        .replace(
            "[sel.woods]",
            "[sel.hover]\nmove_classes = \"Schweben\"\n\n[sel.Supply]\neffects = \"Versorgung\"\n\n[sel.woods]",
        );
    let game = river_line_terrain(tmp.path(), &german);
    let run = check(&game);
    // Missing: at the first table of the map's in the translation.
    let (line, col) = line_col(&german, "[sel.".len());
    let missing = run
        .with_id("translation-missing")
        .into_iter()
        .find(|d| d.message.contains("`move_classes` for `sel.wheeled`"))
        .unwrap_or_else(|| panic!("no missing class:\n{}", run.dump()));
    assert!(
        missing.file.ends_with("river-line/lang/de.toml")
            && (missing.line, missing.column) == (line, col),
        "{}",
        run.dump()
    );
    let hint = missing.hint.clone().unwrap_or_default();
    assert!(hint.contains("[sel.wheeled] move_classes"), "{hint}");
    assert!(hint.contains("\"Wheeled\""), "{hint}");
    // Orphans: each at its text.
    for (text, what) in [
        ("\"Schweben\"", "sel.hover"),
        ("\"Versorgung\"", "sel.Supply"),
    ] {
        let at = german.find(text).expect("it");
        let (line, col) = line_col(&german, at);
        let orphan = run.expect(
            "warning",
            "translation-orphan",
            "river-line/lang/de.toml",
            line,
            col,
        );
        assert!(orphan.message.contains(what), "{}", orphan.message);
    }
    // The chart's headings are not keyed as the chart's: `headers` is refused.
    let toml = std::fs::read_to_string(game.join("game.toml")).expect("game.toml");
    let toml = toml.replace(
        "\"tec-sel.cells\"",
        "\"tec-sel.cells\", \"tec-sel.headers\"",
    );
    std::fs::write(game.join("game.toml"), &toml).expect("write");
    let run = check(&game);
    let at = toml.find("\"tec-sel.headers\"").expect("it");
    let (line, col) = line_col(&toml, at);
    run.expect(
        "error",
        "dangling-reference",
        "river-line/game.toml",
        line,
        col,
    );
}

#[test]
fn a_maps_caption_and_its_sheets_notes_are_in_the_books_language() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = river_line_with(tmp.path(), "", "", &[("lang/de.toml", "")]);
    let out = tmp.path().join("out");
    let run = built("build", &game, &out, Some("de"));
    assert!(run.code < 2, "{}", run.dump());
    let poster = pdf_words(&out.join("river-line/de/sel-map.pdf"));
    says(
        &poster,
        "the German poster",
        &["Hexfelder", "in breit"],
        &["hexes", "in across"],
    );
    let tiles = pdf_words(&out.join("river-line/de/sel-map-tiles.pdf"));
    says(
        &tiles,
        "the German map sheets",
        &[
            "Blatt 1 von",
            "Am Rahmen beschneiden",
            "Marken übereinanderliegen",
        ],
        &["sheet 1 of", "Trim along"],
    );
}

#[cfg(unix)]
#[test]
fn a_translation_that_leads_out_of_the_game_folder_is_an_error_at_its_language_and_not_read() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let secret = tmp.path().join("secret.toml");
    std::fs::write(&secret, "[words]\ncontents = \"SECRET\"\n").expect("write");
    let game = river_line_with(tmp.path(), "", "", &[]);
    std::fs::create_dir_all(game.join("lang")).expect("mkdir");
    std::os::unix::fs::symlink(&secret, game.join("lang/de.toml")).expect("link");
    let toml = std::fs::read_to_string(game.join("game.toml")).expect("game.toml");
    let (line, col) = line_col(&toml, toml.find("\"de\"").expect("the language"));
    let run = check(&game);
    run.exit(1);
    let outside = run.expect(
        "error",
        "path-outside-game",
        "river-line/game.toml",
        line,
        col,
    );
    assert!(
        outside.message.contains("lang/de.toml"),
        "{}",
        outside.message
    );
    assert!(!run.dump().contains("SECRET"), "{}", run.dump());
}

/// River Line's names in German: its sides, its markers (and their backs),
/// the labels of its map, the values of its events' `side` list and its
/// credits. The label "Ostholm" is left out, to be missing.
const GERMAN_NAMES: &str = r#"[sides.north]
name = "Nordarmee"

[sides.league]
name = "Markbund"

[markers."Game Turn"]
name = "Spielrunde"

[markers."Northern Control"]
name = "Kontrolle Nord"
back = "Kontrolle Bund"

[markers."Dug In"]
name = "Verschanzt"

[markers."Bridge"]
name = "Brücke"
back = "Brücke weg"

[sel.Harrow]
labels = "Harrau"

[sel."Sel Ford"]
labels = "Selfurt"

[sel.Vennick]
labels = "Vennich"

[sel."East Vennick"]
labels = "Ost-Vennich"

[events.Either]
side = "Beide"

[game.credit-1]
credits = "River Line: Spielentwurf des grogpress-Projekts, 2026."

[game.credit-2]
credits = "Kartenbilder: Game Icons (game-icons.net), CC BY 3.0."
"#;

/// The `translation-missing` errors of `run` but those for a rules page.
fn missing_but_rules(run: &support::Run) -> Vec<&support::Diag> {
    run.with_id("translation-missing")
        .into_iter()
        .filter(|d| !d.message.contains("rules page"))
        .collect()
}

/// River Line with its names translated (`german`).
fn river_line_names(dir: &Path, german: &str) -> PathBuf {
    river_line_with(
        dir,
        "\"sides.name\", \"markers.name\", \"markers.back\", \"sel.labels\", \"events.side\", \"game.credits\"",
        "",
        &[("lang/de.toml", german)],
    )
}

#[test]
fn sides_markers_labels_list_values_and_credits_are_translated_everywhere() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = river_line_names(tmp.path(), GERMAN_NAMES);
    // One label left out: missing, at the map's first translated label.
    let run = check(&game);
    let missing = missing_but_rules(&run);
    assert_eq!(missing.len(), 1, "{}", run.dump());
    assert!(
        missing[0].message.contains("`Ostholm`") || missing[0].message.contains("sel.Ostholm"),
        "{}",
        missing[0].message
    );
    let (line, col) = line_col(GERMAN_NAMES, GERMAN_NAMES.find("Harrow]").expect("it"));
    run.expect(
        "warning",
        "translation-missing",
        "river-line/lang/de.toml",
        line,
        col,
    );
    // Nothing else is wrong with the German game: its scenarios still find
    // their sides and markers by their new names.
    let out = tmp.path().join("out");
    let de = built("build", &game, &out, Some("de"));
    de.exit(0);
    assert!(
        !de.diags.iter().any(|d| d.severity == "error"),
        "{}",
        de.dump()
    );
    let setup = pdf_words(&out.join("river-line/de/counterstroke-setup.pdf"));
    says(
        &setup,
        "the German set-up",
        &["Nordarmee", "Markbund", "Brücke"],
        &["Northern Army", "Marcher League", "Game Turn"],
    );
    let counters = pdf_words(&out.join("river-line/de/counters.pdf"));
    says(
        &counters,
        "the German counters",
        &[
            "Spielrunde",
            "Kontrolle",
            "Nord",
            "Bund",
            "Verschanzt",
            "Brücke weg",
        ],
        &[
            "Game Turn",
            "Northern Control",
            "League Control",
            "Bridge Out",
            "Dug In",
        ],
    );
    let map = pdf_words(&out.join("river-line/de/sel-map.pdf"));
    says(
        &map,
        "the German map",
        &["Harrau", "Selfurt", "Ost-Vennich", "Ostholm"],
        &[
            // The map's own name, untranslated here, has "Harrow".
            " Vennick ",
            "Sel Ford",
            "East Vennick",
        ],
    );
    let cards = pdf_words(&out.join("river-line/de/events-cards.pdf"));
    says(
        &cards,
        "the German event cards",
        &["Beide", "Nordarmee", "Markbund"],
        &["Either", "Northern Army", "Marcher League"],
    );
    let book = pdf_words(&out.join("river-line/de/river-line-rules.pdf"));
    says(
        &book,
        "the German rulebook",
        &["Spielentwurf des grogpress-Projekts"],
        &["game design by the grogpress project"],
    );

    // The VASSAL module in German: its sides, markers and own words.
    let build_file = german_build_file(&game, &out);
    says(
        &build_file,
        "the German buildFile.xml",
        &[
            "<entry>Nordarmee</entry>",
            "<entry>Markbund</entry>",
            "PieceWindow name=\"Spielsteine\"",
            "entryName=\"Marker\"",
            "entryName=\"Spielrunde\"",
            "Spielsteinvorrat",
            "name=\"Tabellen\"",
            "Umdrehen",
            "Runde $level1$",
            "Ablage\"",
            "Zurück zu ",
        ],
        &[
            "Northern Army",
            "Marcher League",
            "\"Counters\"",
            "\"Markers\"",
            "Game Turn",
            "Counter Mix",
            "\"Charts\"",
            "Flip",
            "Turn $level1$",
            "Discard",
            "(made by grogpress)",
        ],
    );
}

/// The chance beside a cell of a range table with odds on (`--odds`):
/// "5 or more (1/3)" gives the text after the cell, "(1/3)".
fn chance_after(text: &str, cell: &str) -> String {
    let at = text
        .find(cell)
        .unwrap_or_else(|| panic!("no {cell:?} in {text}"))
        + cell.len();
    let rest = text[at..].trim_start();
    rest[..rest.find(')').map_or(0, |e| e + 1)].to_string()
}

#[test]
fn a_range_open_above_keeps_its_chance_in_german() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = river_line_terrain(tmp.path(), GERMAN_TERRAIN);
    let out = tmp.path().join("out");
    let charts = |lang: &[&str]| {
        let mut args = vec![
            "charts",
            support::editions::path(&game),
            "--out",
            support::editions::path(&out),
            "--odds",
        ];
        args.extend_from_slice(lang);
        support::grogpress(&args).exit(0);
    };
    charts(&[]);
    charts(&["--lang", "de"]);
    let english = chance_after(&pdf_words(&out.join("river-line/charts.pdf")), "5 or more");
    let german = chance_after(
        &pdf_words(&out.join("river-line/de/charts.pdf")),
        "5 oder mehr",
    );
    assert!(
        english.starts_with('(') && english.contains('/'),
        "{english}"
    );
    assert_eq!(german, english);
}

#[test]
fn a_checklists_translated_actors_are_the_codes_its_steps_name() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = tmp.path().join("bcs");
    support::copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("data/bcs"),
        &game,
    );
    let toml = std::fs::read_to_string(game.join("game.toml")).expect("game.toml");
    let at = toml.find("rules = [").expect("rules");
    let toml = format!(
        "{}languages = [\"en\", \"de\"]\ntranslated = [\"attack-sequence.cells\"]\n{}",
        &toml[..at],
        &toml[at..]
    );
    // Only the actors are given: the steps are missing (warnings), and
    // still name their actors by the German codes.
    let german = "[attack-sequence.actors]\nactor-1 = \"Ang\"\nactor-2 = \"Vert\"\n";
    support::editions::write_game(&game, &[("game.toml", &toml), ("lang/de.toml", german)]);
    let out = tmp.path().join("out");
    let run = built("charts", &game, &out, Some("de"));
    run.exit(0);
    assert!(
        run.with_id("dangling-reference").is_empty(),
        "{}",
        run.dump()
    );
    let charts = pdf_words(&out.join("bcs/de/charts.pdf"));
    says(&charts, "the German charts", &["Ang:", "Vert:"], &[]);
}

/// River Line's game.toml, more: a track, a holding box (the box its
/// scenarios put eliminated units in) and a side of the counter sheet
/// that is no side of the game.
const LABELS_MORE: &str = r##"
[[tracks]]
id = "vp"
name = "Victory Points"
short = "VP"
kind = "numbered"
to = 10

[[boxes]]
id = "elim"
name = "Eliminated"

[[publish.counters.sides]]
name = "River Pirates"
color = "#CCCCCC"
units = { n-eng = 1 }
"##;

/// The German of River Line's deck, collections, track, box, counter
/// side and event card format; the terrain collection's name left out,
/// and a track the game does not have.
const GERMAN_LABELS: &str = r#"[decks.events]
name = "Ereigniskarten"

[decks.units]
name = "Einheiten"

[decks.formations]
name = "Verbände"

[tracks.vp]
name = "Siegpunkte"
short = "SP"

[tracks.morale]
name = "Moral"

[boxes.elim]
name = "Ausgeschieden"

[counters."River Pirates"]
side = "Flusspiraten"

[templates."cards/event"]
timing = "Ausspielen: {}"
"#;

/// River Line with its deck's, track's, box's and counter side's names
/// and its event card's `Play: {}` format translated (`german`).
fn river_line_labels(dir: &Path, german: &str) -> PathBuf {
    let template = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("data/river-line/templates/cards/event.toml"),
    )
    .expect("the event card's template");
    let region = "field = \"timing\"\n";
    let at = template.find(region).expect("the timing region") + region.len();
    let template = format!(
        "{}format = \"Play: {{}}\"\n{}",
        &template[..at],
        &template[at..]
    );
    river_line_with(
        dir,
        "\"decks.name\", \"tracks.name\", \"tracks.short\", \"boxes.name\", \"counters.side\", \"templates.format\"",
        LABELS_MORE,
        &[
            ("lang/de.toml", german),
            ("templates/cards/event.toml", &template),
        ],
    )
}

#[test]
fn deck_track_box_counter_side_and_format_names_are_translated_and_checked() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = river_line_labels(tmp.path(), GERMAN_LABELS);
    // The terrain's name missing, at the first of the decks' tables; the
    // track the game has not an orphan, at its text.
    let run = check(&game);
    let missing = missing_but_rules(&run);
    assert_eq!(missing.len(), 1, "{}", run.dump());
    assert!(
        missing[0].message.contains("decks.terrain"),
        "{}",
        missing[0].message
    );
    let (line, col) = line_col(GERMAN_LABELS, GERMAN_LABELS.find("events]").expect("it"));
    run.expect(
        "warning",
        "translation-missing",
        "river-line/lang/de.toml",
        line,
        col,
    );
    let orphans = run.with_id("translation-orphan");
    assert_eq!(orphans.len(), 1, "{}", run.dump());
    assert!(
        orphans[0].message.contains("tracks.morale"),
        "{}",
        orphans[0].message
    );
    let (line, col) = line_col(GERMAN_LABELS, GERMAN_LABELS.find("\"Moral\"").expect("it"));
    run.expect(
        "warning",
        "translation-orphan",
        "river-line/lang/de.toml",
        line,
        col,
    );

    // In English, the source's names.
    let out = tmp.path().join("out");
    built("build", &game, &out, None).exit(0);
    let english = pdf_words(&out.join("river-line/events-cards.pdf"));
    says(
        &english,
        "the English event cards",
        &["Event cards", "Play:"],
        &[],
    );

    // In German, the German names in every output, and none of the English.
    let de = built("build", &game, &out, Some("de"));
    de.exit(0);
    assert!(
        !de.diags.iter().any(|d| d.severity == "error"),
        "{}",
        de.dump()
    );
    let cards_pdf = out.join("river-line/de/events-cards.pdf");
    let cards = pdf_words(&cards_pdf);
    says(
        &cards,
        "the German event cards",
        &["Ereigniskarten", "Ausspielen:"],
        &["Event cards", "Play:"],
    );
    let info = support::tools::tool("pdfinfo", &[support::editions::path(&cards_pdf)]);
    says(
        &info,
        "the German card PDF's title",
        &["Ereigniskarten"],
        &["Event cards"],
    );
    let tracks = pdf_words(&out.join("river-line/de/tracks.pdf"));
    says(
        &tracks,
        "the German tracks sheet",
        &["Siegpunkte", "Ausgeschieden"],
        &["Victory Points", "Eliminated"],
    );
    let setup = pdf_words(&out.join("river-line/de/counterstroke-setup.pdf"));
    says(
        &setup,
        "the German set-up",
        &["Ausgeschieden"],
        &["Eliminated"],
    );
    // The counter sheet's foot, in the engine's German words.
    let counters = pdf_words(&out.join("river-line/de/counters.pdf"));
    says(
        &counters,
        "the German counter sheet",
        &[
            "Einheiten-Spielsteine",
            "Symbole: Game Icons",
            "Mitwirkenden",
        ],
        &["Unit counters", "Icons:", "contributors"],
    );
    let html = html_pages(&out.join("river-line/de/html"));
    says(
        &html,
        "the German HTML reference",
        &[
            "Ereigniskarten",
            "Siegpunkte",
            "Ausgeschieden",
            "Flusspiraten",
        ],
        &[
            "Event cards",
            "Victory Points",
            "Eliminated",
            "River Pirates",
        ],
    );

    // The VASSAL module in German: its deck, the track's and box's
    // regions, the counter side's hand.
    let build_file = german_build_file(&game, &out);
    says(
        &build_file,
        "the German buildFile.xml",
        &[
            "name=\"Ereigniskarten\"",
            "Region name=\"SP 3\"",
            "Region name=\"Ausgeschieden\"",
            "Flusspiraten",
        ],
        &[
            "Event cards",
            "\"VP 3\"",
            "Victory Points",
            "Eliminated",
            "River Pirates",
        ],
    );
}

#[test]
fn a_translated_format_too_long_for_its_region_is_located_at_it() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let long = "Ausspielen nur in der eigenen Ereignisphase, vor jeder Bewegung, nach dem Wetter, und nie zweimal in einer Runde, es sei denn, der Gegner erlaubt es ausdrücklich: {}";
    let german = GERMAN_LABELS.replace("Ausspielen: {}", long);
    let game = river_line_labels(tmp.path(), &german);
    let run = check(&game);
    let overflows = run.with_id("card-overflow");
    assert!(!overflows.is_empty(), "{}", run.dump());
    let (line, col) = line_col(&german, german.find(long).expect("it") - 1);
    run.expect(
        "error",
        "card-overflow",
        "river-line/lang/de.toml",
        line,
        col,
    );
    // With the short format nothing overflows: the long one is what does not fit.
    let english = check(&river_line_labels(&tmp.path().join("en"), GERMAN_LABELS));
    assert!(
        english.with_id("card-overflow").is_empty(),
        "{}",
        english.dump()
    );
}

/// The buildFile.xml of River Line's German VASSAL module, exported from
/// `game` into `out` (`export vassal --lang de`, which must succeed).
fn german_build_file(game: &std::path::Path, out: &std::path::Path) -> String {
    let module = support::grogpress(&[
        "export",
        "vassal",
        support::editions::path(game),
        "--out",
        support::editions::path(out),
        "--lang",
        "de",
    ]);
    module.exit(0);
    let files = support::unzip(
        &std::fs::read(out.join("river-line/de/river-line.vmod")).expect("the module"),
    );
    String::from_utf8_lossy(files.get("buildFile.xml").expect("buildFile.xml")).to_string()
}

/// River Line's game.toml, more: a turn track of four labelled boxes on
/// the tracks sheet (its scenarios' own box, "Eliminated", is no game box).
const TRACK_LABELS_MORE: &str = r##"
[[tracks]]
id = "watches"
name = "Watches"
kind = "turn"
to = 4
box_size = "0.9in"
labels = ["Daybreak", "Forenoon", "Afternoon", "Nightfall"]
"##;

/// The German of the track's labels (the third left out, the fourth too
/// long for its box, a ninth the track has not) and of each scenario's
/// own box.
const GERMAN_TRACK_LABELS: &str = r#"[tracks.watches]
name = "Wachen"
label-1 = "Morgengrauen"
label-2 = "Vormittag"
label-4 = "Einbruch der Nacht"
label-9 = "Mitternacht"

[the-crossing.Eliminated]
boxes = "Ausgeschieden"

[counterstroke.Eliminated]
boxes = "Vernichtet"
"#;

/// River Line with a labelled track and its scenarios' own boxes
/// translated (`german`).
fn river_line_track_labels(dir: &Path, german: &str) -> PathBuf {
    river_line_with(
        dir,
        "\"tracks.name\", \"tracks.labels\", \"the-crossing.boxes\", \"counterstroke.boxes\"",
        TRACK_LABELS_MORE,
        &[("lang/de.toml", german)],
    )
}

#[test]
fn a_tracks_labels_and_a_scenarios_own_boxes_are_translated_and_checked() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = river_line_track_labels(tmp.path(), GERMAN_TRACK_LABELS);
    // The third label missing, at the track's table; the ninth an orphan,
    // at its text.
    let run = check(&game);
    let missing = missing_but_rules(&run);
    assert_eq!(missing.len(), 1, "{}", run.dump());
    assert!(
        missing[0].message.contains("`label-3`") && missing[0].message.contains("tracks.watches"),
        "{}",
        missing[0].message
    );
    let hint = missing[0].hint.clone().unwrap_or_default();
    assert!(
        hint.contains("label-3 = \"...\"") && hint.contains("Afternoon"),
        "{hint}"
    );
    let (line, col) = line_col(
        GERMAN_TRACK_LABELS,
        GERMAN_TRACK_LABELS.find("watches]").expect("it"),
    );
    run.expect(
        "warning",
        "translation-missing",
        "river-line/lang/de.toml",
        line,
        col,
    );
    let orphans = run.with_id("translation-orphan");
    assert_eq!(orphans.len(), 1, "{}", run.dump());
    assert!(
        orphans[0].message.contains("label-9"),
        "{}",
        orphans[0].message
    );
    let (line, col) = line_col(
        GERMAN_TRACK_LABELS,
        GERMAN_TRACK_LABELS.find("\"Mitternacht\"").expect("it"),
    );
    run.expect(
        "warning",
        "translation-orphan",
        "river-line/lang/de.toml",
        line,
        col,
    );
    // The label too long for its box, told at the translation.
    let (line, col) = line_col(
        GERMAN_TRACK_LABELS,
        GERMAN_TRACK_LABELS.find("\"Einbruch").expect("it"),
    );
    run.expect(
        "error",
        "track-overflow",
        "river-line/lang/de.toml",
        line,
        col,
    );

    // Given all four, every output prints the German and none the English.
    let german = GERMAN_TRACK_LABELS.replace(
        "label-4 = \"Einbruch der Nacht\"",
        "label-3 = \"Nachmittag\"\nlabel-4 = \"Abend\"",
    );
    let game = river_line_track_labels(&tmp.path().join("all"), &german);
    let out = tmp.path().join("out");
    let de = built("build", &game, &out, Some("de"));
    de.exit(0);
    assert!(
        !de.diags.iter().any(|d| d.severity == "error"),
        "{}",
        de.dump()
    );
    let english = ["Daybreak", "Forenoon", "Afternoon", "Nightfall", "Watches"];
    let labels = ["Morgengrauen", "Vormittag", "Nachmittag", "Abend", "Wachen"];
    let tracks = pdf_words(&out.join("river-line/de/tracks.pdf"));
    says(&tracks, "the German tracks sheet", &labels, &english);
    let html = std::fs::read_to_string(out.join("river-line/de/html/tracks.html")).expect("page");
    says(&html, "the German HTML tracks page", &labels, &english);
    // The scenarios' own box, named anew on the set-up cards and in VASSAL.
    let setup = pdf_words(&out.join("river-line/de/counterstroke-setup.pdf"));
    says(
        &setup,
        "the German set-up",
        &["Vernichtet"],
        &["Eliminated"],
    );
    let build_file = german_build_file(&game, &out);
    says(
        &build_file,
        "the German buildFile.xml",
        &["Vernichtet", "Wachen"],
        &["Eliminated", "Watches"],
    );
}

#[test]
fn a_translated_format_without_its_value_is_an_error_and_other_counts_a_warning() {
    let tmp = tempfile::tempdir().expect("temp dir");
    // No `{}`: no event card would print when it is played.
    let lost = GERMAN_LABELS.replace("Ausspielen: {}", "Ausspielen");
    let game = river_line_labels(&tmp.path().join("lost"), &lost);
    let run = check(&game);
    assert_eq!(run.with_id("translation-format").len(), 1, "{}", run.dump());
    let (line, col) = line_col(&lost, lost.find("\"Ausspielen\"").expect("it"));
    run.expect(
        "error",
        "translation-format",
        "river-line/lang/de.toml",
        line,
        col,
    );
    // Two `{}` for the source's one: the value printed twice, a warning.
    let twice = GERMAN_LABELS.replace("Ausspielen: {}", "Ausspielen: {} ({})");
    let game = river_line_labels(&tmp.path().join("twice"), &twice);
    let run = check(&game);
    assert_eq!(run.with_id("translation-format").len(), 1, "{}", run.dump());
    let (line, col) = line_col(&twice, twice.find("\"Ausspielen: {} ({})\"").expect("it"));
    run.expect(
        "warning",
        "translation-format",
        "river-line/lang/de.toml",
        line,
        col,
    );
    // As many as the source: nothing said.
    let game = river_line_labels(&tmp.path().join("same"), GERMAN_LABELS);
    let run = check(&game);
    assert!(
        run.with_id("translation-format").is_empty(),
        "{}",
        run.dump()
    );
}

/// The game, with one of each thing a translation translates: a deck with an enum field and a template format, a collection of units, sides, a counter sheet side of its own, markers with a back, a hex map with terrain, a feature, movement classes, an effect, a label and a labelled track on it, a map of places with attributes, a holding box, a scenario with its own box, a chart's results table, a random table, a glossary entry, credits and a rules page with an index link.
const AUDIT_GAME: &str = r##"name = "Border March"
subtitle = "Skirmishes along the frontier"
copyright = ["Design by Anna Example, 2026."]
languages = ["en", "de"]
translated = ["orders.title", "orders.text", "orders.kind", "units.name", "weather.name", "weather.result",
              "sides.name", "markers.name", "markers.back", "game.credits",
              "vale.name", "vale.terrain", "vale.features", "vale.move_classes", "vale.effects", "vale.labels", "front.name", "front.places", "front.features", "front.attributes", "front.values",
              "tec-vale.cells",
              "combat.title", "crt.title", "crt.headers", "crt.cells",
              "raid.name", "raid.victory", "raid.special_rules", "raid.turn_labels", "raid.boxes",
              "glossary.term", "glossary.definition",
              "decks.name", "tracks.name", "tracks.short", "tracks.labels", "boxes.name",
              "counters.side", "templates.format"]
rules = ["rules/rules.md"]

[[sides]]
id = "blue"
name = "Azure Host"
color = "#AFC6E4"

[[sides]]
id = "red"
name = "Crimson Band"
color = "#E6CDA6"

[[collections]]
id = "units"
file = "units.toml"

[[maps]]
id = "vale"
file = "vale.toml"

[[maps]]
id = "front"
file = "front.toml"

[[charts]]
id = "combat"
file = "charts/combat.toml"

[[decks]]
id = "orders"
file = "orders.toml"

[[scenarios]]
file = "scenarios/raid.toml"

[[random_tables]]
id = "weather"
name = "Weather Roll"
roll = "1d6"
[[random_tables.rows]]
roll = "1-3"
result = "Clear skies"
[[random_tables.rows]]
roll = "4-6"
result = "Heavy fog"

[[glossary]]
term = "Zone of control"
definition = "The hexes around a unit that stop enemies."

[[tracks]]
id = "turns"
name = "Season Track"
short = "Season"
kind = "turn"
to = 3
box_size = "0.9in"
map = "vale"
x = "1.6in"
y = "3.2in"
labels = ["Springtide", "Midsummer", "Harvest"]

[[boxes]]
id = "elim"
name = "Fallen Units"

[[publish.cards]]
deck = "orders"
layout = "order"
back = "back"

[publish.counters]
units = "units"
top_left = "attack"
top_right = "attack"
bottom_left = "attack"
bottom_right = "movement"

[[publish.counters.sides]]
name = "Azure Host"
color = "#B8C4D0"
units = { scout = 2 }

[[publish.counters.sides]]
name = "Crimson Band"
color = "#D89A8C"
units = { raider = 2 }

[[publish.counters.sides]]
name = "Hill Tribes"
color = "#CCCCCC"
units = { scout = 1 }

[[publish.counters.markers]]
name = "Round Marker"

[[publish.counters.markers]]
name = "Bridge Intact"
back = "Bridge Burnt"
"##;

/// Its units.
const AUDIT_UNITS: &str = r##"name = "Warbands"

[[fields]]
name = "attack"
kind = "int"

[[fields]]
name = "movement"
kind = "int"

[[items]]
id = "scout"
name = "Outrider"
attack = 2
movement = 6

[[items]]
id = "raider"
name = "Marauder"
attack = 4
movement = 4
"##;

/// Its deck.
const AUDIT_ORDERS: &str = r##"name = "Command Cards"
title_field = "title"

[[fields]]
name = "title"
kind = "text"

[[fields]]
name = "text"
kind = "rich"

[[fields]]
name = "kind"
kind = "enum"
values = ["Stratagem", "Ambush"]

[[fields]]
name = "range"
kind = "int"

[[cards]]
title = "Forced March"
text = "Move two more hexes."
kind = "Stratagem"
range = 2

[[cards]]
title = "Hidden Blades"
text = "Attack before the enemy moves."
kind = "Ambush"
range = 1
"##;

/// Its card template, with a format.
const AUDIT_ORDER_CARD: &str = r##"name = "Order card"
family = "serif"

[[regions]]
field = "title"
left = 14
top = 14
width = 152
height = 30
style = "bold"
size = 14
min_size = 9
align = "center"

[[regions]]
field = "text"
left = 16
top = 60
width = 148
height = 100
size = 9
min_size = 6.5

[[regions]]
field = "kind"
left = 16
top = 170
width = 148
height = 20
size = 9

[[regions]]
field = "range"
format = "Reach {}"
left = 16
top = 200
width = 148
height = 20
size = 9
"##;

/// Its hex map.
const AUDIT_VALE: &str = r##"name = "Misty Vale"
grid = "hex"
orientation = "flat"
columns = 8
rows = 6
cell = "0.75in"
code = "{col:02}{row:02}"
code_at = "none"
default = "clear"
move_classes = ["foot", "mounted"]

[[terrain]]
id = "clear"
name = "Meadow"
color = "#EDE6C8"
move = { all = 1 }

[[terrain]]
id = "woods"
name = "Thicket"
color = "#8DB37A"
move = { foot = 2, mounted = 3 }
shift = -1
effects = { "Sight line" = "Obstructed" }

[[cells]]
terrain = "woods"
cells = ["0302", "0403"]

[[features]]
id = "brook"
name = "Babbling Brook"
color = "#3D7CC9"
width = "3pt"
move = { foot = "+1", mounted = "+2" }

[[edges]]
feature = "brook"
between = [["0501", "0601"], ["0502", "0602"]]

[[labels]]
text = "Windmill"
at = "0204"
"##;

/// Its map of places, with attributes of a name and of words.
const AUDIT_FRONT: &str = r##"name = "Mountain Passes"
grid = "points"
width = "6in"
height = "4in"
space = "0.6in"

[[features]]
id = "trail"
name = "Goat Trail"
color = "#A0522D"
width = "2.5pt"

[[attributes]]
id = "vp"
name = "Glory points"
kind = "number"
show = "badge"

[[attributes]]
id = "fort"
name = "Stronghold"
kind = "yes-no"
show = "icon"
icon = "shield"

[[attributes]]
id = "held"
name = "Holder"
kind = "text"
show = "ring"
colors = { Lowlanders = "#1F4E9C", Highlanders = "#7A1F1F" }

[[spaces]]
id = "eagle"
name = "Eagle Gap"
at = ["72pt", "72pt"]
attributes = { vp = 2, fort = true, held = "Lowlanders" }

[[spaces]]
id = "wolf"
name = "Wolf Saddle"
at = ["300pt", "200pt"]
attributes = { held = "Highlanders" }

[[connections]]
from = "eagle"
to = "wolf"
kind = "trail"
"##;

/// Its chart.
const AUDIT_COMBAT: &str = r##"title = "Melee"

[[blocks]]
kind = "results"
id = "crt"
title = "Clash Table"
dice = "1d6"
columns_by = "differential"
columns = ["-1", "0", "+1"]
rows = [
  { roll = "1-3", results = ["AR", "AR", "DR"] },
  { roll = "4-6", results = ["AR", "DR", "DR"] },
]
legend = [
  { code = "AR", text = "The attacker withdraws." },
  { code = "DR", text = "The defender withdraws." },
]
notes = ["Add one when flanking."]
"##;

/// Its scenario.
const AUDIT_RAID: &str = r##"name = "Dawn Raid"
map = "vale"
turns = 3
turn_labels = ["First light", "High noon", "Dusk"]
first = "Azure Host"
boxes = ["Reserve Pool"]

victory = """
The Crimson Band wins by holding the windmill hex.
"""
special_rules = """
- Outriders may not attack on the first turn.
"""

[[setup]]
side = "Azure Host"
hex = "0101"
units = ["scout"]

[[setup]]
side = "Crimson Band"
hex = "0806"
units = ["raider"]

[[setup]]
side = "Azure Host"
box = "Reserve Pool"
units = ["scout"]

[[setup]]
side = "Crimson Band"
box = "Fallen Units"
units = ["raider"]

[[markers]]
marker = "Round Marker"
track = "turns"
at = 1

[[markers]]
marker = "Bridge Intact"
hex = "0502"

[[setup]]
side = "Hill Tribes"
hex = "0404"
units = ["scout"]
"##;

/// Its rules page.
const AUDIT_RULES: &str = r##"# Marching

A unit marches through the [vale](index:vale). Weather first:

{{ table("weather") }}

# Fighting

Fighting follows the [clash](rule:fighting) table.

{{ table("crt") }}
"##;

/// Everything of it in German.
const AUDIT_GERMAN: &str = r##"name = "Grenzmarsch"
subtitle = "Gefechte entlang der Grenze"

[game.credit-1]
credits = "Entwurf von Anna Beispiel, 2026."

[sides.blue]
name = "Himmelsheer"

[sides.red]
name = "Scharlachbund"

[weather.name]
name = "Wetterwurf"

[weather.1-3]
result = "Klarer Himmel"

[weather.4-6]
result = "Dichter Nebel"

[glossary.zone-of-control]
term = "Kontrollzone"
definition = "Die Felder um eine Einheit, die Feinde anhalten."

[tracks.turns]
name = "Jahreszeitenleiste"
short = "Zeit"
label-1 = "Lenz"
label-2 = "Hochsommer"
label-3 = "Ernte"

[boxes.elim]
name = "Gefallene"

[counters."Hill Tribes"]
side = "Bergstämme"

[markers."Round Marker"]
name = "Rundenstein"

[markers."Bridge Intact"]
name = "Brücke heil"
back = "Brücke verbrannt"

[decks.orders]
name = "Befehlskarten"

[decks.units]
name = "Kriegerscharen"

[orders.Stratagem]
kind = "Kriegslist"

[orders.Ambush]
kind = "Hinterhalt"

[orders.forced-march]
title = "Gewaltmarsch"
text = "Zieht zwei weitere Felder."

[orders.hidden-blades]
title = "Verborgene Klingen"
text = "Greift an, bevor der Feind zieht."

[units.scout]
name = "Vorreiter"

[units.raider]
name = "Plünderer"

[combat.title]
title = "Nahkampf"

[crt.title]
title = "Gefechtstabelle"

[crt.legend]
AR = "Der Angreifer weicht."
DR = "Der Verteidiger weicht."

[crt.notes]
note-1 = "Eins dazu beim Flankieren."

[vale.name]
name = "Nebeltal"

[tec-vale.symbols]
Obstructed = "Versperrt"

[vale.foot]
move_classes = "Zu Fuß"

[vale.mounted]
move_classes = "Beritten"

[vale.clear]
terrain = "Wiese"

[vale.woods]
terrain = "Dickicht"

[vale."Sight line"]
effects = "Sichtlinie"

[vale.brook]
features = "Plätschernder Bach"

[vale.Windmill]
labels = "Windmühle"

[raid.name]
name = "Morgenüberfall"

[raid.turn-1]
turn_labels = "Erstes Licht"

[raid.turn-2]
turn_labels = "Mittag"

[raid.turn-3]
turn_labels = "Abenddämmerung"

[raid."Reserve Pool"]
boxes = "Reservelager"

[raid.victory]
victory = "Der Scharlachbund gewinnt, wenn er das Windmühlenfeld hält."

[raid.special_rules]
special_rules = "- Vorreiter dürfen in der ersten Runde nicht angreifen."

[templates."cards/order"]
range = "Weite {}"

[front.name]
name = "Gebirgspässe"

[front.trail]
features = "Ziegenpfad"

[front.eagle]
places = "Adlerscharte"

[front.wolf]
places = "Wolfssattel"

[front.vp]
attributes = "Ruhmpunkte"

[front.fort]
attributes = "Bollwerk"

[front.held]
attributes = "Besitzer"

[front.Lowlanders]
values = "Tiefländer"

[front.Highlanders]
values = "Hochländer"
"##;

/// Its rules page in German.
const AUDIT_GERMAN_RULES: &str = r##"# Marschieren

Eine Einheit marschiert durch das [Tal](index:tal). Zuerst das Wetter:

{{ table("weather") }}

# Kämpfen

Gekämpft wird nach der [Gefechtstabelle](rule:fighting).

{{ table("crt") }}
"##;

const AUDIT_FILES: [(&str, &str); 11] = [
    ("game.toml", AUDIT_GAME),
    ("units.toml", AUDIT_UNITS),
    ("orders.toml", AUDIT_ORDERS),
    ("templates/cards/order.toml", AUDIT_ORDER_CARD),
    ("vale.toml", AUDIT_VALE),
    ("front.toml", AUDIT_FRONT),
    ("charts/combat.toml", AUDIT_COMBAT),
    ("scenarios/raid.toml", AUDIT_RAID),
    ("rules/rules.md", AUDIT_RULES),
    ("lang/de.toml", AUDIT_GERMAN),
    ("lang/de/rules/rules.md", AUDIT_GERMAN_RULES),
];

/// Each English text of the audit's game and its German, as the outputs
/// print them.
const AUDIT_TEXTS: [(&str, &str); 64] = [
    ("Border March", "Grenzmarsch"),
    (
        "Skirmishes along the frontier",
        "Gefechte entlang der Grenze",
    ),
    ("Design by Anna Example", "Entwurf von Anna Beispiel"),
    ("Azure Host", "Himmelsheer"),
    ("Crimson Band", "Scharlachbund"),
    ("Weather Roll", "Wetterwurf"),
    ("Clear skies", "Klarer Himmel"),
    ("Heavy fog", "Dichter Nebel"),
    ("Zone of control", "Kontrollzone"),
    ("stop enemies", "Feinde anhalten"),
    ("Season Track", "Jahreszeitenleiste"),
    ("Season 1", "Zeit 1"),
    ("Springtide", "Lenz"),
    ("Midsummer", "Hochsommer"),
    ("Harvest", "Ernte"),
    ("Fallen Units", "Gefallene"),
    ("Hill Tribes", "Bergstämme"),
    ("Round Marker", "Rundenstein"),
    ("Bridge Intact", "Brücke heil"),
    ("Bridge Burnt", "Brücke verbrannt"),
    ("Command Cards", "Befehlskarten"),
    ("Stratagem", "Kriegslist"),
    ("Ambush", "Hinterhalt"),
    ("Forced March", "Gewaltmarsch"),
    ("two more hexes", "zwei weitere Felder"),
    ("Hidden Blades", "Verborgene Klingen"),
    ("before the enemy", "bevor der Feind"),
    ("Outrider", "Vorreiter"),
    ("Marauder", "Plünderer"),
    ("Melee", "Nahkampf"),
    ("Clash Table", "Gefechtstabelle"),
    ("attacker withdraws", "Angreifer weicht"),
    ("defender withdraws", "Verteidiger weicht"),
    ("when flanking", "beim Flankieren"),
    ("Misty Vale", "Nebeltal"),
    ("Obstructed", "Versperrt"),
    ("Foot", "Zu Fuß"),
    ("Mounted", "Beritten"),
    ("Meadow", "Wiese"),
    ("Thicket", "Dickicht"),
    ("Sight line", "Sichtlinie"),
    ("Babbling Brook", "Plätschernder Bach"),
    ("Windmill", "Windmühle"),
    ("Dawn Raid", "Morgenüberfall"),
    ("First light", "Erstes Licht"),
    ("High noon", "Mittag"),
    ("Dusk", "Abenddämmerung"),
    ("Reserve Pool", "Reservelager"),
    ("wins by holding", "gewinnt, wenn er"),
    ("may not attack", "nicht angreifen"),
    ("Reach 2", "Weite 2"),
    ("Marching", "Marschieren"),
    ("Fighting", "Kämpfen"),
    ("Mountain Passes", "Gebirgspässe"),
    ("Goat Trail", "Ziegenpfad"),
    ("Eagle Gap", "Adlerscharte"),
    ("Wolf Saddle", "Wolfssattel"),
    ("Glory points", "Ruhmpunkte"),
    ("Stronghold", "Bollwerk"),
    ("Holder", "Besitzer"),
    ("Lowlanders", "Tiefländer"),
    ("Highlanders", "Hochländer"),
    // The units' collection's name is printed nowhere in this game; the
    // translation gives it all the same.
    ("Warbands", "Kriegerscharen"),
    ("Season", "Zeit"),
];

/// Every output of a build of the audit's game in `dir` (out/march or
/// out/march/de), each as (its name, its text): each PDF's words and
/// metadata, every HTML page and script of the reference, the map's SVG,
/// the VASSAL module's buildFile and saved set-ups, the TTS deck.
fn every_output(dir: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut files: Vec<PathBuf> = Vec::new();
    for sub in ["", "html", "html/maps", "html/tracks", "maps", "tts"] {
        if let Ok(entries) = std::fs::read_dir(dir.join(sub)) {
            files.extend(entries.map(|e| e.expect("an entry").path()));
        }
    }
    files.sort();
    for file in files {
        let name = file.display().to_string();
        match file.extension().and_then(|e| e.to_str()) {
            Some("pdf") => {
                let info = support::tools::tool("pdfinfo", &[support::editions::path(&file)]);
                out.push((name, format!("{}\n{info}", pdf_words(&file))));
            }
            Some("html" | "js" | "svg" | "json") => {
                out.push((name, std::fs::read_to_string(&file).expect("an output")));
            }
            Some("vmod") => {
                let files = support::unzip(&std::fs::read(&file).expect("the module"));
                for (inner, bytes) in files {
                    if inner == "buildFile.xml" || inner.ends_with(".vsav") {
                        let text = String::from_utf8_lossy(&bytes).to_string();
                        out.push((format!("{name}:{inner}"), text));
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// Builds the audit's game (`game`) into `out` in `lang` (None: English):
/// every output, the VASSAL module and the TTS deck.
fn build_audit(game: &Path, out: &Path, lang: Option<&str>) {
    let de = built("build", game, out, lang);
    de.exit(0);
    assert!(
        !de.diags.iter().any(|d| d.severity == "error"),
        "{}",
        de.dump()
    );
    let more: [&[&str]; 2] = [&["export", "vassal"], &["cards", "--tts"]];
    for command in more {
        let mut args = command.to_vec();
        args.extend([
            support::editions::path(game),
            "--out",
            support::editions::path(out),
        ]);
        args.extend(lang.map(|l| ["--lang", l]).into_iter().flatten());
        support::grogpress(&args).exit(0);
    }
}

#[test]
fn a_german_build_of_a_game_of_every_translated_thing_prints_no_english() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = support::editions::write_game(&tmp.path().join("march"), &AUDIT_FILES);
    // Everything is translated: nothing missing, nothing an orphan.
    check(&game).only_ids(&["translation-unchecked"]);
    let out = tmp.path().join("out");
    build_audit(&game, &out, None);
    build_audit(&game, &out, Some("de"));
    let english = every_output(&out.join("march"));
    let german = every_output(&out.join("march/de"));
    assert!(
        german.len() >= 20,
        "{:?}",
        german.iter().map(|(n, _)| n).collect::<Vec<_>>()
    );
    let printed = |outputs: &[(String, String)], text: &str| -> Vec<String> {
        outputs
            .iter()
            .filter(|(_, t)| t.contains(text))
            .map(|(n, _)| n.clone())
            .collect()
    };
    let mut faults = Vec::new();
    for (source, translated) in AUDIT_TEXTS {
        if source == "Warbands" {
            continue;
        }
        // The English text is printed in English (so its absence in German
        // says something), and nowhere in German...
        if printed(&english, source).is_empty() {
            faults.push(format!("{source:?} is in no English output"));
        }
        let left = printed(&german, source);
        if !left.is_empty() {
            faults.push(format!("{source:?} is still in {left:?}"));
        }
        // ... where its German is.
        if printed(&german, translated).is_empty() {
            faults.push(format!("{translated:?} is in no German output"));
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
    // A yes/no attribute's value in the places table, in the language's words.
    let front = |outputs: &[(String, String)]| {
        outputs
            .iter()
            .find(|(n, _)| n.ends_with("map-front.html"))
            .map(|(_, t)| t.clone())
            .expect("the map's page")
    };
    says(
        &front(&german),
        "the German map page",
        &["<td>ja</td>"],
        &["<td>yes</td>"],
    );
    says(
        &front(&english),
        "the English map page",
        &["<td>yes</td>"],
        &[],
    );
    // The VASSAL turn tracker's level is named in the engine's word (its
    // property, which nothing shows, keeps its name).
    let build_file = |outputs: &[(String, String)]| {
        outputs
            .iter()
            .find(|(n, _)| n.ends_with(":buildFile.xml"))
            .map(|(_, t)| t.clone())
            .expect("a buildFile.xml")
    };
    says(
        &build_file(&german),
        "the German buildFile.xml",
        &[
            "CounterTurnLevel incr=\"1\" loop=\"false\" loopLimit=\"3\" name=\"Runde\" property=\"Turn\"",
        ],
        &["name=\"Turn\""],
    );
    says(
        &build_file(&english),
        "the English buildFile.xml",
        &["name=\"Turn\" property=\"Turn\""],
        &[],
    );

    // A word of an attribute left out is missing, at the map's first
    // table; one the map's attributes do not hold is an orphan.
    let german = AUDIT_GERMAN.replace(
        "[front.Highlanders]\nvalues = \"Hochländer\"",
        "[front.Midlanders]\nvalues = \"Mittelländer\"",
    );
    std::fs::write(game.join("lang/de.toml"), &german).expect("write");
    let run = check(&game);
    run.only_ids(&[
        "translation-unchecked",
        "translation-missing",
        "translation-orphan",
    ]);
    let missing = run.with_id("translation-missing");
    assert_eq!(missing.len(), 1, "{}", run.dump());
    assert!(
        missing[0].message.contains("front.Highlanders"),
        "{}",
        missing[0].message
    );
    let (line, col) = line_col(
        &german,
        german.find("[front.name]").expect("it") + "[front.".len(),
    );
    run.expect(
        "warning",
        "translation-missing",
        "march/lang/de.toml",
        line,
        col,
    );
    let (line, col) = line_col(&german, german.find("\"Mittelländer\"").expect("it"));
    run.expect(
        "warning",
        "translation-orphan",
        "march/lang/de.toml",
        line,
        col,
    );
}
