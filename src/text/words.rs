//! Text stage: the words grogpress itself prints around a game's own text
//! ("Contents", "see", "p.", "Forces", "(continued)"...), in one table with
//! English defaults — the base for other languages. Input: game.toml's
//! `[words]` (read in load); output: the [`Words`] every layout and render
//! step takes its words from.

/// The word list, declared once: `key: "default", "what it is";`. Calls
/// `$m!` with it, which makes the [`Words`] struct here and the `[words]`
/// table declaration (reader, schema, docs key table) in load.
macro_rules! word_list {
    ($m:ident) => {
        $m! {
            contents: "Contents", "The title of the rulebook's table of contents and the running head of its pages; the HTML reference's link to its contents.";
            tables: "Tables", "The title of the rulebook's list of tables (and its running head).";
            index: "Index", "The title of the rulebook's index (and its running head); the HTML reference's index page.";
            glossary: "Glossary", "The title of the rulebook's glossary (and its running head); the HTML reference's glossary page.";
            see: "see", "Before a rule or figure reference written with no link text: \"see 5.3, p. 4\".";
            page: "p.", "Before the page number of a reference in the rulebook: \"p. 4\".";
            figure: "Figure", "Before a figure's number in the rulebook: \"Figure 3\".";
            continued: "continued", "After the title of a table, set-up card or track where it goes on: \"Combat (continued)\".";
            charts_and_tables: "Charts & Tables", "After the game's name at the head of the charts PDF: \"Battlefront — Charts & Tables\".";
            forces: "Forces", "The label of an aid's forces block when it gives no `label`: \"Forces: 5 Inf, ...\".";
            key: "Key", "The heading of the legend of a map of places (it keys connections and attributes).";
            terrain_key: "Terrain Key", "The heading of the legend of a map of cells.";
            terrain_effects: "Terrain effects", "The heading of a map's terrain effects in the HTML reference.";
            set_up: "Set-up", "After the scenario's name on its set-up cards: \"The Crossing — Set-up\".";
            turn_record_track: "Turn Record Track", "After the scenario's name on its turn track.";
            counters: "Counters", "The title of the HTML reference's counters page.";
            markers: "Markers", "The heading of the marker counters (those of no side) on the HTML counters page.";
            pager: "Previous and next page", "The name screen readers give the HTML reference's links to the page before and after.";
            previous: "Previous", "The HTML reference's link to the page before.";
            next: "Next", "The HTML reference's link to the page after.";
            chapters: "Chapters", "The HTML reference's button that opens the list of chapters.";
            skip_to_text: "Skip to the text", "The HTML reference's first link, for keyboard and screen-reader users.";
            search: "Search the rules", "The words in the HTML reference's empty search box.";
            search_label: "Search the rules, cards and tables", "The name screen readers give the HTML reference's search box.";
            turn: "Turn", "Before a turn's number where the scenario gives the turn no label, and for a place a unit arrives at by turn: \"Turn 3\".";
            turn_short: "T", "Before the turn of an arrival on a set-up card: \"T3 North edge\".";
            available: "Available", "Where a unit set up with `available = true` is shown on a set-up card.";
            edge: "edge", "After the name of the map edge a unit enters or leaves by: \"North edge\".";
            withdraw: "Withdraw", "On the turn track, under a unit that leaves the game without going anywhere.";
            out: "Out", "On the turn track, before where a withdrawing unit goes: \"Out: Reserve\".";
            result: "Result", "The heading of a random table's result column.";
            chance: "Chance", "The heading of a random table's column of each result's chance.";
            example: "Example", "The label of an `::: example` callout in the rules.";
            designer_note: "Designer’s Note", "The label of a `::: designer` callout in the rules.";
            play_note: "Play Note", "The label of a `::: play-note` callout in the rules.";
            places: "Places", "The heading of the HTML map page's list of places (a map of places).";
            cells: "Cells", "The heading of the HTML map page's count of cells by terrain (a grid map).";
            terrain: "Terrain", "The heading of the terrain rows of an HTML map page and its terrain effects.";
            features: "Features", "The heading of the feature rows (rivers, roads...) of an HTML map page's terrain effects.";
            victory_conditions: "Victory Conditions", "The heading of a scenario's victory conditions on its HTML page.";
            special_rules: "Special Rules", "The heading of a scenario's special rules on its HTML page.";
        }
    };
}
pub(crate) use word_list;

macro_rules! words_struct {
    ($($key:ident: $default:literal, $doc:literal;)*) => {
        /// The words the engine prints, each a game may set in `[words]`.
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub struct Words {
            $(#[doc = $doc] pub $key: String,)*
        }

        impl Default for Words {
            /// The English words.
            fn default() -> Words {
                Words { $($key: $default.to_string(),)* }
            }
        }

        impl Words {
            /// Sets the word `key`; false when there is no such word.
            pub fn set(&mut self, key: &str, word: String) -> bool {
                match key {
                    $(stringify!($key) => self.$key = word,)*
                    _ => return false,
                }
                true
            }

            /// Every word by its key, in the table's order (for the HTML templates).
            pub fn pairs(&self) -> Vec<(&'static str, &str)> {
                vec![$((stringify!($key), self.$key.as_str()),)*]
            }
        }
    };
}

word_list!(words_struct);

impl Words {
    /// The English words, for text made where no game's words are at hand.
    pub fn english() -> &'static Words {
        static ENGLISH: std::sync::OnceLock<Words> = std::sync::OnceLock::new();
        ENGLISH.get_or_init(Words::default)
    }

    /// "Turn 3".
    pub fn turn_n(&self, n: i64) -> String {
        format!("{} {n}", self.turn)
    }

    /// A title where it goes on: "Combat (continued)".
    pub fn continued(&self, title: &str) -> String {
        format!("{title} ({})", self.continued)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_sets_its_word() {
        let mut words = Words::default();
        let keys: Vec<&str> = words.pairs().iter().map(|(k, _)| *k).collect();
        for key in &keys {
            assert!(words.set(key, format!("<{key}>")), "{key}");
        }
        assert!(!words.set("nonesuch", String::new()));
        for (key, word) in words.pairs() {
            assert_eq!(word, format!("<{key}>"));
        }
        assert_eq!(Words::default().continued("Combat"), "Combat (continued)");
    }
}
