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
            unit_counters: "Unit counters", "After the game's name in the foot and the title of the counter sheet: \"River Line — Unit counters\".";
            icons_credit: "Icons: Game Icons (game-icons.net) by Lorc, Delapouite and contributors, CC BY 3.0.", "The credit of the built-in unit icons, after the title at the foot of the counter sheet.";
            markers: "Markers", "The heading of the marker counters (those of no side) on the HTML counters page, and of the markers' set-up card.";
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
            edge_north: "North edge", "Where reinforcements enter (or withdrawals leave) by the map's north edge, on set-up cards: \"T3 North edge\".";
            edge_south: "South edge", "The same for the south edge.";
            edge_east: "East edge", "The same for the east edge.";
            edge_west: "West edge", "The same for the west edge.";
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
            victory_conditions: "Victory Conditions", "The heading of a scenario's victory conditions on its HTML page and its turn-track sheet.";
            special_rules: "Special Rules", "The heading of a scenario's special rules on its HTML page and its turn-track sheet.";
            scenario: "Scenario", "Before a scenario's name at the head of its HTML page: \"Scenario: The Crossing\".";
            reinforcements: "Reinforcements", "The heading of the turn track's column of units that arrive, on a scenario's HTML page, and of the arriving units on a side's set-up card.";
            withdrawals: "Withdrawals", "The heading of the turn track's column of units that leave, on a scenario's HTML page.";
            place: "Place", "The heading of the column of place names on an HTML map page (a map of places).";
            joined_to: "Joined to", "The heading of the column of a place's neighbours on an HTML map page.";
            attribute_yes: "yes", "A place's yes/no attribute when yes, in the places table of an HTML map page.";
            attribute_no: "no", "A place's yes/no attribute when no, in the places table of an HTML map page.";
            whole_map: "The whole map; open it to see it at full size.", "The caption of the map's picture on its HTML page.";
            grid_summary: "{columns} x {rows} {cells}, {size} in across; cells {first} to {last}", "What a grid map is, under its name on its HTML page; {cells} is the word `hexes` or `squares`.";
            hexes: "hexes", "The cells of a hex map, in its summary.";
            squares: "squares", "The cells of a square grid map, in its summary.";
            map_caption: "{columns} x {rows} {cells}, {size} in across", "What a grid map is, after its name at the foot of its poster PDF.";
            map_tile_note: "sheet {n} of {total}: row {row}, column {column} of {rows} x {columns}. Trim along the frame where a sheet meets another; lay it over its neighbour so the marks meet.", "The note at the foot of each sheet of a tiled map, after the map's name.";
            map_legend_sheet: "legend, sheet {n} of {total}", "The note at the foot of each legend sheet of a tiled map, after the map's name.";
            map_tiled: "{map} (tiled)", "The title of a tiled map's PDF.";
            places_summary: "{places}, {joins}, {width} x {height} in", "What a map of places is, under its name on its HTML page: its places, its connections and its size.";
            space: "{n} space", "One space of a map of points, in its summary.";
            spaces: "{n} spaces", "Several spaces of a map of points, in its summary.";
            connection: "{n} connection", "One connection of a map of points, in its summary.";
            connections: "{n} connections", "Several connections of a map of points, in its summary.";
            area: "{n} area", "One area of a map of areas, in its summary.";
            areas: "{n} areas", "Several areas of a map of areas, in its summary.";
            neighbours: "{n} pair of neighbours", "One pair of neighbouring areas, in a map's summary.";
            neighbours_many: "{n} pairs of neighbours", "Several pairs of neighbouring areas, in a map's summary.";
            dice: "Dice", "The name screen readers give a list of dice in the HTML reference.";
            face: "Face", "Before a die face's number, for screen readers: \"Face 3: 2 swords\".";
            link_to_section: "Link to this section", "The name screen readers give the `#` link beside each heading of the HTML reference.";
            rules_reference: "rules reference", "After the game's name in the title of the HTML reference's first page: \"Battlefront — rules reference\".";
            print_book: "Print the whole book", "The HTML reference's link to its page of the whole book, to print.";
            pdfs: "Printed files", "The name of the HTML reference's list of the PDFs the build made.";
            pdf_rules: "Rulebook", "The HTML reference's link to the rulebook PDF (the other PDFs are linked by their titles).";
            pdf_card_list: "card list", "In the HTML reference's list of PDFs, after a deck's name where both its cards and its card list were built: \"Cards — card list\".";
            pdf_labels: "labels", "In the list of PDFs, after a deck's name where both its cards and its label sheets were built: \"Action cards — labels\".";
            pdf_size: "PDF", "In the link to a PDF, before its size: \"Rulebook (PDF, 412 KB)\".";
            theme_system: "Theme: as the system", "The name of the HTML reference's colour theme button when it follows the system.";
            theme_light: "Theme: light", "The name of the colour theme button when the theme is light.";
            theme_dark: "Theme: dark", "The name of the colour theme button when the theme is dark.";
            theme_change: "change", "After the theme button's name, in brackets, for screen readers: \"Theme: light (change)\".";
            shortcuts: "Keyboard shortcuts", "The title of the HTML reference's list of keyboard shortcuts (`?`) and the name of its button.";
            shortcut_search: "Search", "The shortcuts list: what `/` and `s` do.";
            shortcut_results: "Move through search results", "The shortcuts list: what the up and down arrows do.";
            shortcut_close: "Close the search, a preview or this list", "The shortcuts list: what Esc does.";
            shortcut_help: "These shortcuts", "The shortcuts list: what `?` does.";
            or: "or", "Between two keys of a shortcut: \"/ or s\".";
            close: "Close", "The button that closes the list of shortcuts.";
            result_rules: "Rules", "The kind of a search result that is a section of the rules.";
            result_card: "Card", "The kind of a search result that is a card.";
            result_table: "Table", "The kind of a search result that is a table or a row of one.";
            rows: "rows", "After the number of a table's rows a search result stands for: \"· 4 rows\".";
            one_result: "1 result", "The search's count when it finds one result.";
            results: "results", "After the search's count when it finds several: \"12 results\".";
            best_shown: "the best {n} shown", "After the count where the search shows only the best results: \"80 results, the best 50 shown\".";
            nothing_found: "Nothing found for", "Before the words searched for when the search finds nothing: \"Nothing found for “volly”.\"";
            no_search_index: "The search index (search-index.js) could not be loaded.", "What the search box says when its index is missing.";
            go_to_glossary: "Go to the glossary →", "The link at the foot of a glossary term's preview.";
            go_to_card: "Go to the card →", "The link at the foot of a card's preview.";
            counters_summary: "{n} {counters}, {size} in square, printed front and back (counters.pdf). Each is shown front, then back.", "What the HTML counters page says under its title; {counters} is the word `counter` or `counters_many`.";
            counter: "counter", "One counter, in the counters page's summary.";
            counters_many: "counters", "Several counters, in the counters page's summary.";
            blank: "blank", "What a die face with no symbols shows, for screen readers.";
            turns_one: "{n} turn", "A scenario of one turn, in the facts under its set-up card's title.";
            turns_many: "{n} turns", "A scenario's number of turns, in the facts under its set-up card's title: \"6 turns: 1 to 6\".";
            turn_span: "{from} to {to}", "A scenario's first and last turn, after its number of turns: the \"1 to 6\" of \"6 turns: 1 to 6\".";
            scenario_map: "Map", "Before the maps a scenario is played on, in the facts under its set-up card's title: \"Map: The Sel River\".";
            first_player: "First player", "Before the side that moves first, in those facts.";
            stacking_one: "Stacking: {n} unit a hex", "A stacking limit of one unit, in those facts.";
            stacking_many: "Stacking: {n} units a hex", "A stacking limit of several units, in those facts.";
            tracks: "Tracks", "After the game's name at the head of the tracks sheet and the HTML tracks page: \"River Line — Tracks\".";
            track_on_map: "On the map {map} at {at}", "Where the HTML tracks page says a track is printed on a map: \"On the map Valley at 0101\".";
            track_at_inches: "{x} in, {y} in", "A point on a map, in the HTML tracks page, when a track is placed by inches: \"1.50 in, 2.00 in\".";
            track_on_sheet: "On the tracks sheet", "Where the HTML tracks page says a track printed on the tracks sheet is.";
            turn_track_from_to: "turn track, turns {from} to {to}", "What the HTML tracks page says a turn track is.";
            numbered_track_from_to: "numbered track, {from} to {to}", "What the HTML tracks page says a numbered track is.";
            holding_box: "holding box", "What the HTML tracks page says a holding box is.";
            track_wraps: "a total above {to} is a \"+{step}\" marker and the box of the rest", "How the HTML tracks page explains a track that wraps.";
            track_boxes: "Boxes", "Before the numbers of a track's boxes on the HTML tracks page: \"Boxes: 1 2 3\".";
            track_box: "Box", "The heading of the column of box numbers in a labelled track's table on the HTML tracks page.";
            track_label: "Label", "The heading of the column of box labels in that table.";
            front_face: "front", "After a counter's name, naming its front picture for screen readers on the HTML counters page: \"Tank: front\".";
            back_face: "back", "The same for its back picture: \"Tank: back\".";
            back: "Back", "Before the name of a counter's back on the HTML counters page: \"Back: Disrupted\".";
            decimal: ".", "The decimal mark of the numbers the engine prints: a random table's chance, \"1/2 (50.0%)\".";
            colon: ": ", "Between a label the engine prints and what it labels (\"Changed: Advance\", \"Scenario: The Crossing\"), with the language's spacing: French puts a no-break space before the colon.";
            languages: "Languages", "The name screen readers give the HTML reference's language switch (a game with `languages`).";
            errata: "Errata", "The errata sheet's title after the game's name (\"River Line — Errata\") and its link in the HTML reference's list of PDFs.";
            errata_since: "Errata since {since}", "The errata sheet's heading after the game's name: \"River Line — Errata since v1.0\".";
            changes_since: "Changes since {since}", "The title of the HTML reference's page of changes (`--changes-since`) and its link in the index: \"Changes since v1.0\".";
            no_changes: "No changes.", "What the errata sheet and the changes page say when nothing changed.";
            one_change: "1 change.", "The count of changes on the errata sheet and the changes page when there is one.";
            changes_many: "{n} changes.", "The count of changes when there are several: \"3 changes.\".";
            change_added: "Added", "Before the name of a thing new in this version, on the errata sheet and the changes page: \"Added: Ambush (Orders)\".";
            change_removed: "Removed", "Before the name of a thing no longer in this version.";
            change_changed: "Changed", "Before the name of a thing that changed: \"Changed: Advance (Orders)\".";
            change_moved: "Moved", "Before the name of a rules passage that moved.";
            added_note: "New in this version.", "What the errata sheet says of a thing added.";
            removed_note: "No longer in this version.", "What the errata sheet says of a thing removed.";
            moved_note: "Its place changed.", "What the errata sheet says of a rules passage that moved.";
            was: "Was", "The caption of a thing as it was (the old card picture, a field's old value) on the errata sheet and the changes page.";
            now: "Now", "The caption of a thing as it is now (the new card picture, a field's new value).";
            was_under: "Was under", "Before the heading a moved rules passage stood under, on the errata sheet.";
            now_under: "Now under", "Before the heading a moved rules passage stands under now.";
            field: "Field", "The heading of the column of a changed card's field names on the errata sheet.";
            odds_at_net: "Odds at net 0", "The heading of the odds column beside a results table in the charts (`--odds`) and the rulebook.";
            odds_plain_rolls: "{dice}, {n} equally likely rolls", "The `odds` report's head for a table read on the dice alone: \"1d6, 6 equally likely rolls\".";
            odds_modified_rolls: "{dice} plus the net modifier, {n} equally likely rolls", "The `odds` report's head for a table read on the dice and a modifier.";
            odds_net: "net modifier {net}", "The `odds` report's heading of the chances at one net modifier: \"net modifier +1\".";
            odds_attack: "attack {attack}: {column}", "The `odds` report's line naming the attack and the column it falls in: \"attack 7:3: 2:1\".";
            odds_defender_in: "defender in {terrain}", "The `odds` report's line naming the defender's terrain.";
            odds_every_column: "every column at shifts {shifts}", "The `odds` report's head of a whole combat results table.";
            odds_attacks: "{attacker} ({attack_die} attack die) attacks {defender} ({defense_die} defense die)", "The first line of the `odds` report of a unit's attack on another (`[dice_combat]`).";
            odds_bonus: "{attacker} ({type}) has the attack bonus against {beats}; {defender} is {defender_type}: the bonus {applies}.", "The `odds` report's line on the attack bonus; {applies} is the word `odds_applies` or `odds_does_not_apply`.";
            odds_applies: "applies", "Said of the attack bonus when it applies.";
            odds_does_not_apply: "does not apply", "Said of the attack bonus when it does not.";
            odds_nothing: "nothing", "What a unit type with the attack bonus against no other has it against.";
            odds_hits_bonus: "Hits = {hit} (+ {bonus} with the bonus) - {block}, at least 0; {n} equally likely rolls.", "How the `odds` report counts hits with an attack bonus rule.";
            odds_hits: "Hits = {hit} - {block}, at least 0; {n} equally likely rolls.", "How the `odds` report counts hits without one.";
            odds_hits_head: "hits", "The heading of the `odds` report's column of numbers of hits.";
            odds_without_bonus: "without bonus", "The heading of the chances without the attack bonus.";
            odds_with_bonus: "with bonus", "The heading of the chances with the attack bonus.";
            odds_mean: "mean", "The `odds` report's line of the mean number of hits.";
            odds_chance: "chance", "The heading of the `odds` report's column of chances.";
            odds_applies_note: "applies to this attack", "After the star that marks the distribution that applies, at the foot of the `odds` report.";
            odds_column: "column {column}", "How the `odds` report names a column of a combat results table: \"column 3:1\".";
            odds_shifted: "{from} shifted {shift} to {to}", "Where an attack lands after column shifts: \"column 2:1 shifted +1 to column 3:1\".";
            odds_left_of_first: "left of the first column", "Where an attack lands below the table's first column.";
            odds_right_of_last: "right of the last column", "Where an attack lands above the table's last column.";
            odds_resolved_on: "{place}, resolved on {column}", "An attack past an end read on an end column.";
            odds_whatever_the_roll: "{place}: {result} whatever the roll", "An attack past an end that gives one result.";
            odds_below: "below", "In the `odds` report of a whole table, a column shifted below the first.";
            odds_above: "above", "In the `odds` report of a whole table, a column shifted above the last.";
            odds_no_combat_effect: "no combat effect", "What the `odds` report says of a terrain without a combat effect.";
            roll: "Roll", "The head of a results table's roll column where the table names none (`roll_header`).";
            roll_or_less: "{n} or less", "A roll open below, where grogpress prints it: a results table's row or column written \"1 or less\" (or \"1-\"), a random table's row: \"1 or less\".";
            roll_or_more: "{n} or more", "A roll open above: \"12 or more\".";
            page_of: "page {n} of {total}", "The foot of each page of the charts PDF and of a card list: \"page 1 of 2\".";
            crt_rounded_defender: "Odds are rounded in the defender's favour.", "The note under a combat results table read by odds rounded for the defender.";
            crt_rounded_attacker: "Odds are rounded in the attacker's favour.", "The same, rounded for the attacker.";
            crt_below: "Below {column}: {result}.", "The note under a combat results table saying what an attack below its first column gets: \"Below 1:2: **AE**.\"; {result} is a result code or the word `crt_use`.";
            crt_above: "Above {column}: {result}.", "The same above its last column: \"Above 6:1: use 6:1.\".";
            crt_use: "use {column}", "What an attack past a table's end is resolved on: \"use 6:1\".";
            crt_shifts: "Column shifts {from} to {to}.", "The note under a combat results table of the shifts it can receive: \"Column shifts -3 to +2.\".";
            tec_title: "Terrain Effects Chart", "The title of a map's terrain effects chart (the chart `tec-<map>`).";
            tec_movement: "Movement", "The heading of the terrain effects chart's column of movement costs when they are given for every unit class at once.";
            tec_column_shift: "Column shift", "The heading of the terrain effects chart's column of combat column shifts.";
            tec_drm: "DRM", "The heading of the terrain effects chart's column of die-roll modifiers.";
            tec_move_note: "Movement point cost to enter, per unit class. **P**: prohibited. **+N**: added to the cost of the terrain entered (crossing or moving along a feature).", "The note under the terrain effects chart on reading its movement costs (rich text).";
            tec_column: "{n} column", "A terrain's combat effect of one column shift: \"−1 column\" (the `odds` report).";
            tec_columns: "{n} columns", "Of several column shifts: \"−2 columns\".";
            tec_drm_n: "{n} DRM", "Of a die-roll modifier: \"−1 DRM\".";
            tec_prohibited: "P", "The terrain effects chart's cell (and the map legend's cost) where a unit class may not enter; the note `tec_move_note` explains it.";
            legend_move: "Move: {costs}", "A terrain's movement costs in the map legend: \"Move: foot 2, tracked 3\".";
            legend_combat: "Combat: {effects}", "A terrain's combat effects in the map legend: \"Combat: −1 column\".";
            legend_none: "No effect", "The map legend's line for a terrain that does nothing.";
            vassal_made_by: "{game} (made by grogpress)", "The description of a VASSAL module (`export vassal`).";
            vassal_charts: "Charts", "The name of a VASSAL module's window (and button) of charts and player aids.";
            vassal_charts_tip: "Charts and player aids", "The tooltip of that button.";
            vassal_roll: "Roll {dice}", "The tooltip of a VASSAL module's button that rolls dice: \"Roll 2d6\".";
            vassal_roll_die: "Roll the {die} die", "The tooltip of a VASSAL module's button that rolls a die of the game's own faces.";
            vassal_turn_tip: "The turn", "The tooltip of a VASSAL module's turn tracker.";
            vassal_table: "Table", "The name of the VASSAL module's map window the decks lie on.";
            vassal_discard: "{deck} Discard", "The name of a deck's discard pile in a VASSAL module.";
            vassal_return: "Return to {deck}", "The command that sends a discard pile's cards back into its deck, in a VASSAL module.";
            vassal_hand: "{side} Hand", "The name of a side's hand (its private window) in a VASSAL module.";
            vassal_flip: "Flip", "The command (Ctrl+F) that turns a card or counter over in a VASSAL module.";
            vassal_reduced: "reduced", "After a counter's name while its reduced face is up, in a VASSAL module: \"Pz Bn (reduced)\".";
            vassal_board: "Board", "The plain board of a VASSAL module of a game with counters but no map.";
            vassal_mix: "Counter Mix", "The VASSAL module's window of the whole counter mix, and its set-up.";
            vassal_holding: "Holding Boxes", "The VASSAL module's window of the holding boxes that are on no map.";
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
            /// Where game.toml sets each word it sets (a word that cannot be
            /// printed is reported there).
            pub set_at: Vec<(&'static str, crate::diag::Loc)>,
        }

        impl Default for Words {
            /// The English words.
            fn default() -> Words {
                Words { $($key: $default.to_string(),)* set_at: Vec::new() }
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

    /// The engine's words in the language `tag`: the built-in table of a
    /// shipped language (German, French, Spanish, Italian), English for any
    /// other.
    pub fn for_language(tag: &str) -> Words {
        let mut words = Words::default();
        if let Some(table) = super::words_lang::table(tag) {
            for (key, word) in table {
                words.set(key, (*word).to_string());
            }
        }
        words
    }

    /// "Turn 3".
    pub fn turn_n(&self, n: i64) -> String {
        format!("{} {n}", self.turn)
    }

    /// `template` with each `{slot}` replaced by its value: "{n} spaces"
    /// with n = 25 is "25 spaces". A slot not given stays as written.
    pub fn fill(template: &str, slots: &[(&str, &str)]) -> String {
        let mut out = template.to_string();
        for (slot, value) in slots {
            out = out.replace(&format!("{{{slot}}}"), value);
        }
        out
    }

    /// The `{slots}` a word may hold: those of its English default.
    pub fn slots(key: &str) -> Vec<String> {
        Words::english()
            .pairs()
            .into_iter()
            .find(|(k, _)| *k == key)
            .map_or_else(Vec::new, |(_, default)| slots_in(default))
    }

    /// Where game.toml sets the word `key`, if it does.
    pub fn place_of(&self, key: &str) -> Option<crate::diag::Loc> {
        self.set_at
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, loc)| *loc)
    }

    /// A number the engine formatted ("50.0"), with the words' decimal mark.
    pub fn number(&self, formatted: &str) -> String {
        if self.decimal == "." {
            formatted.to_string()
        } else {
            formatted.replace('.', &self.decimal)
        }
    }

    /// A label and what it labels, joined by the language's colon:
    /// "Changed: Advance", "Modifié : Advance".
    pub fn labelled(&self, label: &str, what: &str) -> String {
        format!("{label}{}{what}", self.colon)
    }

    /// A title where it goes on: "Combat (continued)".
    pub fn continued(&self, title: &str) -> String {
        format!("{title} ({})", self.continued)
    }
}

/// The `{name}`s written in `text`, in order.
pub fn slots_in(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                let name = &after[..close];
                if !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                    found.push(name.to_string());
                }
                rest = &after[close + 1..];
            }
            None => break,
        }
    }
    found
}

/// A language's name in that language, for the HTML reference's switch.
pub fn endonym(tag: &str) -> String {
    let primary = tag
        .split(['-', '_'])
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    match primary.as_str() {
        "en" => "English",
        "de" => "Deutsch",
        "fr" => "Français",
        "es" => "Español",
        "it" => "Italiano",
        "nl" => "Nederlands",
        "pt" => "Português",
        "pl" => "Polski",
        _ => return tag.to_string(),
    }
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A label and what it labels join with the language's colon: French
    /// keeps a no-break space before it, the others none.
    #[test]
    fn a_label_takes_its_languages_colon() {
        let fr = Words::for_language("fr");
        assert_eq!(
            fr.labelled(&fr.change_changed, "Garde"),
            "Modifié\u{a0}: Garde"
        );
        for tag in ["en", "de", "es", "it"] {
            let words = Words::for_language(tag);
            let said = words.labelled(&words.scenario, "X");
            assert_eq!(said, format!("{}: X", words.scenario), "{tag}");
        }
    }

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
        assert_eq!(Words::fill("{n} spaces", &[("n", "25")]), "25 spaces");
        assert_eq!(Words::slots("space"), ["n"]);
        assert!(Words::slots("contents").is_empty());
    }
}
