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

/// The sections of the guide about `words`: those whose title holds every
/// word; else those whose text does, most mentions first (at most eight).
/// A section inside one already found is not repeated.
fn find(words: &[String]) -> Vec<Section> {
    let all = all_sections();
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

/// The whole guide, or the sections about `topic` (any case, each word, in
/// the titles first, else in the text); an error listing the topics when
/// none is.
pub fn docs(topic: Option<&str>) -> Result<String, OpError> {
    let Some(topic) = topic else {
        return Ok(GUIDE.to_string());
    };
    let words: Vec<String> = topic.split_whitespace().map(stem).collect();
    let found = find(&words);
    if found.is_empty() {
        return Err(OpError::new(format!(
            "no section of the guide is about `{topic}`; topics:\n{}",
            topics()
        )));
    }
    Ok(found.iter().map(|s| s.text).collect())
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
        assert_eq!(docs(None).expect("whole"), GUIDE);
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
}
