//! Publish: the data-format guide built into the binary (`grogpress docs
//! [TOPIC]`), whole or the sections about a topic, for users who installed
//! grogpress without the repository.

use crate::load::OpError;

/// `docs/data-format.md`, as built.
pub const GUIDE: &str = include_str!("../../docs/data-format.md");

/// A section of the guide: a heading (`##` or deeper, outside code) and the
/// text under it up to the next heading of its level or higher.
#[derive(Clone, Copy, Debug)]
pub struct Section {
    pub level: usize,
    pub title: &'static str,
    pub text: &'static str,
    /// Byte offsets of `text` in the guide.
    start: usize,
    end: usize,
}

/// Every `##`, `###` and `####` section of the guide, in order.
pub fn all_sections() -> Vec<Section> {
    let mut heads: Vec<(usize, usize, &'static str)> = Vec::new();
    let mut at = 0;
    let mut fenced = false;
    for line in GUIDE.split_inclusive('\n') {
        let bare = line.trim_end();
        if bare.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            let level = bare.chars().take_while(|&c| c == '#').count();
            if (2..=4).contains(&level) && bare[level..].starts_with(' ') {
                heads.push((at, level, bare[level..].trim()));
            }
        }
        at += line.len();
    }
    heads
        .iter()
        .enumerate()
        .map(|(i, &(start, level, title))| {
            let end = heads[i + 1..]
                .iter()
                .find(|h| h.1 <= level)
                .map_or(GUIDE.len(), |h| h.0);
            Section {
                level,
                title,
                text: &GUIDE[start..end],
                start,
                end,
            }
        })
        .collect()
}

/// The guide's `##` sections: (title, text including the heading).
pub fn sections() -> Vec<(&'static str, &'static str)> {
    all_sections()
        .into_iter()
        .filter(|s| s.level == 2)
        .map(|s| (s.title, s.text))
        .collect()
}

/// A word of a query as it is looked for: lower case, a plural's `s` off,
/// so "maps" finds "map" and "limits" "limit".
fn stem(word: &str) -> String {
    let w = word.to_lowercase();
    match w.strip_suffix('s') {
        Some(rest) if rest.len() >= 3 && !rest.ends_with('s') => rest.to_string(),
        _ => w,
    }
}

/// Each word of `phrase` as [`stem`] makes it, joined by spaces.
fn stem_all(phrase: &str) -> String {
    let words: Vec<String> = phrase.split_whitespace().map(stem).collect();
    words.join(" ")
}

/// What users type that no section title says (or that more titles say
/// than they mean), and the sections (the start of their titles) it means.
const TOPICS: &[(&[&str], &[&str])] = &[
    (&["csv", "spreadsheet"], &["Cards from a spreadsheet"]),
    (&["card", "cards"], &["Deck file", "Card layout template"]),
    (
        &["label", "labels"],
        &["Sheet templates", "Card layout template"],
    ),
    (&["sheet", "sheets"], &["Sheet templates"]),
    (&["rulebook", "pdf rulebook", "pdf"], &["The PDF rulebook"]),
    (
        &[
            "html",
            "web",
            "website",
            "search",
            "serve",
            "preview",
            "theme",
            "dark",
            "dark mode",
        ],
        &["The HTML reference"],
    ),
    (
        &[
            "pnp",
            "print and play",
            "duplex",
            "gutterfold",
            "backs",
            "card backs",
        ],
        &["`data/<game>/game.toml`", "Card layout template"],
    ),
    (
        &["game", "game.toml", "publish"],
        &["`data/<game>/game.toml`"],
    ),
    (&["hex", "hexes", "grid", "board"], &["Maps and terrain"]),
    (
        &["unit", "units", "nato", "steps"],
        &["Counters and NATO symbols"],
    ),
    (&["art", "images", "pictures"], &["Card art"]),
    (&["setup", "set-up", "victory"], &["Scenarios"]),
    (&["odds", "crt"], &["Combat tables and odds (CRT)"]),
    (&["schema", "schemas", "editor"], &["Editor support"]),
    (&["areas", "area map"], &["Area maps"]),
    (&["keys", "key"], &["Key reference"]),
    (
        &["links", "link"],
        &["Card keys and card links", "Cross-references"],
    ),
];

/// The sections of the guide about `words`: those whose title holds every
/// word; else those whose text does, most mentions first (at most eight).
/// A section inside one already found is not repeated.
fn find(words: &[String]) -> Vec<Section> {
    let all = all_sections();
    let typed = words.join(" ");
    let named: Vec<Section> = TOPICS
        .iter()
        .filter(|(said, _)| said.iter().any(|w| stem_all(w) == typed))
        .flat_map(|(_, titles)| titles.iter())
        .filter_map(|t| all.iter().copied().find(|s| s.title.starts_with(t)))
        .collect();
    if !named.is_empty() {
        return named;
    }
    let holds = |hay: &str| {
        let hay = hay.to_lowercase();
        words.iter().all(|w| hay.contains(w.as_str()))
    };
    let mut found: Vec<Section> = all.iter().copied().filter(|s| holds(s.title)).collect();
    if found.is_empty() {
        let mut by_text: Vec<(usize, Section)> = all
            .iter()
            .copied()
            // The deepest sections only: a `##` is found through its parts.
            .filter(|s| !all.iter().any(|o| o.start > s.start && o.end <= s.end))
            .filter(|s| holds(s.text))
            .map(|s| {
                let text = s.text.to_lowercase();
                (
                    words.iter().map(|w| text.matches(w.as_str()).count()).sum(),
                    s,
                )
            })
            .collect();
        by_text.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.start.cmp(&b.1.start)));
        found = by_text.into_iter().take(8).map(|(_, s)| s).collect();
        found.sort_by_key(|s| s.start);
    }
    let mut kept: Vec<Section> = Vec::new();
    for s in found {
        if !kept.iter().any(|k| k.start <= s.start && s.end <= k.end) {
            kept.push(s);
        }
    }
    kept
}

/// The whole guide, or the sections about `topic` (the words users type for
/// a subject, else each word in the titles, else in the text); an error
/// listing the topics when none is. The guide's HTML comments (markers for
/// the repository's tools) are left out.
pub fn docs(topic: Option<&str>) -> Result<String, OpError> {
    let Some(topic) = topic else {
        return Ok(shown(GUIDE));
    };
    let words: Vec<String> = topic.split_whitespace().map(stem).collect();
    let found = find(&words);
    if found.is_empty() {
        return Err(OpError::new(format!(
            "no section of the guide is about `{topic}`; topics:\n{}",
            topics()
        )));
    }
    Ok(found.iter().map(|s| shown(s.text)).collect())
}

/// `text` without its lines that are HTML comments (outside code blocks).
fn shown(text: &str) -> String {
    let mut fenced = false;
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let bare = line.trim();
        fenced ^= bare.starts_with("```");
        if fenced || !(bare.starts_with("<!--") && bare.ends_with("-->")) {
            out.push_str(line);
        }
    }
    out
}

/// Single words that find a section, for shell completion: the words of
/// [`TOPICS`] and the first word of each section title, lower case.
pub fn topic_words() -> Vec<String> {
    let titles = all_sections().into_iter().filter_map(|s| {
        let first = s.title.split_whitespace().next()?;
        let word: String = first
            .chars()
            .filter(|c| c.is_alphanumeric() || *c == '-')
            .collect();
        (word.len() > 1 && word.chars().all(|c| c.is_alphabetic() || c == '-'))
            .then(|| word.to_lowercase())
    });
    let said = TOPICS
        .iter()
        .flat_map(|(said, _)| said.iter())
        .filter(|w| !w.contains(' '))
        .map(|w| w.to_string());
    let mut words: Vec<String> = titles.chain(said).collect();
    words.sort();
    words.dedup();
    words
}

/// One line per section title.
pub fn topics() -> String {
    sections()
        .iter()
        .map(|(title, _)| format!("  {title}\n"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_topic_finds_its_section_and_only_it() {
        let text = docs(Some("chart file")).expect("a section");
        assert!(text.starts_with("## Chart file"), "{}", &text[..40]);
        assert!(!text.contains("\n## Deck file"));
        assert!(
            docs(Some("DECK"))
                .expect("any case")
                .contains("## Deck file")
        );
        assert_eq!(docs(None).expect("whole"), shown(GUIDE));
    }

    #[test]
    fn counters_finds_the_counters_and_nato_symbols_section() {
        let text = docs(Some("counters")).expect("a section");
        assert!(
            text.starts_with("## Counters and NATO symbols"),
            "{}",
            &text[..40]
        );
        assert!(text.contains("reduced = ["), "the step-loss example");
        assert!(text.contains("affiliation = "), "the unit symbols");
    }

    #[test]
    fn the_live_preview_and_the_theme_find_the_html_reference() {
        for topic in ["serve", "preview", "dark mode", "theme"] {
            let text = docs(Some(topic)).expect("a section");
            assert!(
                text.starts_with("### The HTML reference"),
                "{topic}: {}",
                &text[..40]
            );
            assert!(text.contains("grogpress serve"), "{topic}");
        }
    }

    #[test]
    fn an_unknown_topic_lists_the_topics() {
        let err = docs(Some("no such topic")).expect_err("unknown");
        assert!(err.to_string().contains("Chart file"), "{err}");
        assert!(err.to_string().contains("Deck file"), "{err}");
    }

    #[test]
    fn a_word_of_a_deeper_heading_finds_that_section() {
        // "map file" is a `###` of the key reference, "limits" a `###` of game.toml.
        let map = docs(Some("map file")).expect("map file");
        assert!(map.starts_with("### map file"), "{}", &map[..40]);
        assert!(!map.contains("\n### data/sheets.toml"));
        let limits = docs(Some("limits")).expect("plural finds the singular's heading");
        assert!(limits.starts_with("### Limits"), "{}", &limits[..40]);
        let crt = docs(Some("combat results")).expect("combat results");
        assert!(crt.contains("### Combat results tables"), "{}", &crt[..80]);
    }

    #[test]
    fn words_in_no_title_are_found_in_the_text() {
        // No heading says "stagger"; the map file's key table does.
        let text = docs(Some("stagger")).expect("found in a section's text");
        assert!(text.contains("`stagger`"), "{}", &text[..80]);
        assert!(
            text.len() < GUIDE.len() / 4,
            "only the sections that hold it"
        );
    }

    #[test]
    fn a_heading_inside_a_code_block_is_not_a_section() {
        for s in all_sections() {
            let fence_before = GUIDE[..s.start].matches("\n```").count();
            assert_eq!(fence_before % 2, 0, "{} is inside a code block", s.title);
        }
    }

    #[test]
    fn docs_icons_lists_every_shipped_icon() {
        let text = docs(Some("icons")).expect("the icons section");
        assert!(text.starts_with("## Icons"), "{}", &text[..40]);
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/icons");
        let mut names = 0;
        for entry in std::fs::read_dir(dir).expect("data/icons") {
            let path = entry.expect("entry").path();
            if path.extension().is_some_and(|e| e == "svg") {
                let name = path
                    .file_stem()
                    .expect("stem")
                    .to_string_lossy()
                    .into_owned();
                assert!(text.contains(&format!("| `{name}` |")), "{name} is listed");
                names += 1;
            }
        }
        // Truthful: the table lists the built-in icons and no other.
        let table = text
            .split("| name | draws |")
            .nth(1)
            .expect("the icons table");
        let rows = table
            .lines()
            .skip(2)
            .take_while(|l| l.starts_with("| `"))
            .count();
        assert!(names >= 4, "{names} icons");
        assert_eq!(rows, names, "{text}");
    }

    #[test]
    fn every_subject_a_user_types_finds_its_section() {
        let subjects = [
            ("csv", "### Cards from a spreadsheet"),
            ("map", "## Maps and terrain"),
            ("maps", "## Maps and terrain"),
            ("hex", "## Maps and terrain"),
            ("terrain", "## Maps and terrain"),
            ("cards", "## Deck file"),
            ("deck", "## Deck file"),
            ("counters", "## Counters and NATO symbols"),
            ("units", "## Counters and NATO symbols"),
            ("scenario", "## Scenarios"),
            ("setup", "## Scenarios"),
            ("rules", "## Rules text"),
            ("rulebook", "### The PDF rulebook"),
            ("html", "### The HTML reference"),
            ("index", "### Index"),
            ("rule numbers", "### Rule numbers"),
            ("cross references", "### Cross-references"),
            ("shortcodes", "### Shortcodes"),
            ("callouts", "### Callouts"),
            ("chart", "## Chart file"),
            ("crt", "## Combat tables and odds (CRT)"),
            ("odds", "## Combat tables and odds (CRT)"),
            ("dice", "## Dice combat"),
            ("icons", "## Icons"),
            ("fonts", "### Fonts"),
            ("labels", "## Sheet templates"),
            ("sheets", "## Sheet templates"),
            ("layout", "## Card layout template"),
            ("art", "### Card art"),
            ("aids", "## Aid file"),
            ("glossary", "## Glossary"),
            ("tracks", "## Tracks and holding boxes"),
            ("collections", "## Collections"),
            ("random tables", "## Random tables"),
            ("constraints", "## Constraints"),
            ("fields", "## Field kinds and options"),
            ("pnp", "## `data/<game>/game.toml`"),
            ("print and play", "## `data/<game>/game.toml`"),
            ("duplex", "## `data/<game>/game.toml`"),
            ("print shop", "## Print-shop presets"),
            ("tts", "## Tabletop Simulator deck"),
            ("vassal", "## VASSAL module"),
            ("schema", "## Editor support"),
            ("point to point", "## Point-to-point maps"),
            ("areas", "## Area maps"),
            ("words", "### Words"),
            ("limits", "### Limits"),
            ("keys", "## Key reference"),
        ];
        for (typed, heading) in subjects {
            let text = docs(Some(typed)).unwrap_or_else(|e| panic!("`{typed}`: {e}"));
            let first = text.lines().next().unwrap_or_default();
            assert!(first.starts_with(heading), "`{typed}` found {first}");
        }
    }

    #[test]
    fn the_guide_says_nothing_only_the_repository_has() {
        let guide = docs(None).expect("whole");
        for repository_only in [
            "cargo ",
            "GROGPRESS_BLESS",
            "src/",
            "<!--",
            "data/icons",
            "README.md",
            "data/battlegrid",
        ] {
            let mut fenced = false;
            let outside_code = guide.lines().any(|line| {
                fenced ^= line.trim_start().starts_with("```");
                !fenced && line.contains(repository_only)
            });
            assert!(!outside_code, "the guide says `{repository_only}`");
        }
    }
}
