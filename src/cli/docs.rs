//! CLI: `grogpress docs [TOPIC]` — the data-format guide built into the
//! binary, whole or one section, for users who installed grogpress without
//! the repository; and `grogpress games`, the games it knows.

use crate::load::{OpError, Root};

/// `docs/data-format.md`, as built.
pub const GUIDE: &str = include_str!("../../docs/data-format.md");

/// The guide's `##` sections: (title, text including the heading).
pub fn sections() -> Vec<(&'static str, &'static str)> {
    let mut starts: Vec<usize> = GUIDE.match_indices("\n## ").map(|(at, _)| at + 1).collect();
    starts.push(GUIDE.len());
    starts
        .windows(2)
        .map(|w| {
            let text = &GUIDE[w[0]..w[1]];
            let title = text
                .lines()
                .next()
                .unwrap_or_default()
                .trim_start_matches('#')
                .trim();
            (title, text)
        })
        .collect()
}

/// The whole guide, or the sections whose titles hold `topic` (any case,
/// each word); an error listing the topics when none does.
pub fn docs(topic: Option<&str>) -> Result<String, OpError> {
    let Some(topic) = topic else {
        return Ok(GUIDE.to_string());
    };
    let words: Vec<String> = topic
        .split_whitespace()
        .map(str::to_ascii_lowercase)
        .collect();
    let found: Vec<&str> = sections()
        .into_iter()
        .filter(|(title, _)| {
            let title = title.to_ascii_lowercase();
            words.iter().all(|w| title.contains(w.as_str()))
        })
        .map(|(_, text)| text)
        .collect();
    if found.is_empty() {
        return Err(OpError::new(format!(
            "no section of the guide is about `{topic}`; topics:\n{}",
            topics()
        )));
    }
    Ok(found.concat())
}

/// One line per section title.
pub fn topics() -> String {
    sections()
        .iter()
        .map(|(title, _)| format!("  {title}\n"))
        .collect()
}

/// The shipped games built into the binary (what `new --from` copies).
pub fn built_in_games() -> Vec<String> {
    let mut games: Vec<String> = crate::load::embedded::files_under("data/")
        .into_iter()
        .filter_map(|(path, _)| {
            let rest = path.strip_prefix("data/")?;
            let (game, file) = rest.split_once('/')?;
            (file == "game.toml").then(|| game.to_string())
        })
        .collect();
    games.sort();
    games.dedup();
    games
}

/// `grogpress games`: the games under the root's `data/`, then the built-in ones.
pub fn list_games(root: &Root) -> String {
    let mut out = String::new();
    let local = root.games().unwrap_or_default();
    if !local.is_empty() {
        out.push_str(&format!("games under {}:\n", root.data().display()));
        for dir in local {
            let name = dir.file_name().map(|n| n.to_string_lossy().into_owned());
            out.push_str(&format!("  {}\n", name.unwrap_or_default()));
        }
    }
    out.push_str("built into grogpress (copy one with `grogpress new DIR --from NAME`):\n");
    for game in built_in_games() {
        out.push_str(&format!("  {game}\n"));
    }
    out
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
    fn the_shipped_games_are_built_in() {
        let games = built_in_games();
        for g in [
            "battlefront",
            "battlegrid",
            "bcs",
            "grid-battles",
            "grognards",
        ] {
            assert!(games.iter().any(|x| x == g), "{games:?}");
        }
    }
}
