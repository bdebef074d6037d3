//! Load stage: `game.toml` and the files it names, into a [`Game`].

use std::path::Path;

use super::paths::Confine;
use super::spec::{Def, Key, Tab, kinds, one_of, table};
use super::toml::{Reader, Table, parse};
use super::{OpError, Project, collections, deck, read_source};
use crate::diag::{Diagnostics, FileId, Loc, Sources};
use crate::model::nato::Affiliation;
use crate::model::{
    DEFAULT_TEXT_FAMILY, Force, Game, GameFiles, GameFonts, GlossaryEntry, Located, PaperSize,
    Publish, RulesPage, Side,
};
use crate::text::{FontBook, Words};

table! { pub mod game_toml: "game.toml",
    "A game: its sides, forces, decks, aids, rules pages and what to publish.";
    name: req Str("The game's name."),
    subtitle: opt Str("A line under the name on the rulebook's title page, e.g. \"Rules of Play\" (the default) or \"Standard Rules, 2nd Edition\"."),
    copyright: opt StrArray("Lines printed in the credits."),
    rules: opt StrArray("Markdown rules pages, relative to the game folder."),
    sides: opt Tables(&sides::DEF),
    forces: opt Tables(&forces::DEF),
    decks: opt Tables(&decks::DEF),
    aids: opt Tables(&aids::DEF),
    publish: opt Table(&publish::DEF),
    collections: opt ArrayOf(
        &Ty::IfHas("file", &collections::collection_entry::DEF, &deck::inline_collection::DEF,
            "A collection: in its own file, or written here."),
        "Named collections of items: unit types, terrain, dice...",
    ),
    random_tables: opt ArrayOf(
        &Ty::IfHas("file", &collections::table_entry::DEF, &collections::inline_table::DEF,
            "A random table: in its own file, or written here."),
        "Tables of results by roll; every roll falls in exactly one row.",
    ),
    dice_combat: opt Table(&collections::dice_combat::DEF),
    charts: opt Tables(&charts::DEF),
    glossary: opt Tables(&glossary::DEF),
    maps: opt Tables(&maps::DEF),
    scenarios: opt Tables(&crate::load::scenario::scenario_entry::DEF),
    tracks: opt Tables(&crate::load::tracks::tracks::DEF),
    boxes: opt Tables(&crate::load::tracks::boxes::DEF),
    attributes: opt Tables(&crate::load::places::attribute::DEF),
    fonts: opt Table(&game_fonts::DEF),
    words: opt Table(&words::DEF),
    language: opt Str("The language of the game's text, as a tag such as \"en\", \"de\" or \"fr-CA\": the language the rulebook PDF and the HTML reference declare (for screen readers) and whose patterns hyphenate the rulebook's words (default \"en\"; a language without patterns is not hyphenated)."),
    languages: opt StrArray("The game's languages, its own first, e.g. [\"en\", \"de\"]: each after the first is a translation in lang/<tag>.toml and lang/<tag>/ (built with `--lang <tag>`). The first is the game's `language`; each language's built-in words (English, German, French, Spanish, Italian) are the base `[words]` overrides."),
    translated: opt StrArray("What the translations translate: a deck's, collection's or random table's id, a dot and a field, e.g. [\"cards.title\", \"cards.text\", \"units.name\", \"weather.result\"]; a chart's table's id and `title`, `headers` or `cells` (\"crt.cells\"); the names others refer to: \"sides.name\", \"markers.name\", \"markers.back\", a map's `places`, `labels`, `attributes` and `values`, an enum field's values (\"cards.side\"), \"game.credits\"; the names of parts: \"decks.name\", \"tracks.name\", \"tracks.short\", \"tracks.labels\", \"boxes.name\", a scenario's own `boxes` (\"raid.boxes\"), \"counters.side\" (a counter sheet's side that is no game side), \"templates.format\". Every card, item, row or cell with text in such a field needs a translation."),
}

/// `[words]`: one optional key per word of [`crate::text::Words`], from its
/// list — declared as [`table!`] declares a table, but in one `$(...)*`
/// repetition over the words (`table!` recurses once per key, and the list
/// is long enough to need a raised `recursion_limit` that way).
macro_rules! words_table {
    ($($key:ident: $default:literal, $doc:literal;)*) => {
        #[allow(non_upper_case_globals)]
        pub mod words {
            use $crate::load::spec::{Def, Key, KeyDef, Ty, kinds};
            pub static DEF: Def = Def {
                what: "[words]",
                owner: "[words]",
                doc: "The words grogpress prints around the game's own text, each replacing its English default (e.g. for rules in another language).",
                keys: &[$($key.def,)*],
            };
            $(
                pub const $key: Key<kinds::Str> = Key {
                    def: KeyDef {
                        name: stringify!($key),
                        required: false,
                        ty: Ty::Str(concat!($doc, " Default \"", $default, "\".")),
                    },
                    kind: std::marker::PhantomData,
                };
            )*
        }
    };
}
crate::text::words::word_list!(words_table);

table! { pub mod game_fonts: "[fonts]",
    "The font families of fonts/fonts.toml the game is set in; each must be declared there.";
    text: opt Str("The family of aids, charts, counters, maps, figures and set-up cards (default \"sans-condensed\")."),
    rules: opt Str("The family of the rulebook's prose (default \"book\", Charis SIL, when the fonts declare it, else the text family; \"serif\" sets it in DejaVu Serif Condensed)."),
}

/// A colour, "#RRGGBB".
pub(super) const HEX: &str = "^#[0-9A-Fa-f]{6}$";

table! { pub mod sides: "[[sides]]", "A side; cards and aids name it by its name or id.";
    id: req Str("Short id, e.g. \"ufp\"."),
    name: req Str("Name as printed, e.g. \"U.F.P.\"."),
    full_name: opt Str("e.g. \"United Federation of Provinces\"."),
    color: opt Pattern(HEX,
        "The side's colour, \"#RRGGBB\": its counters' default and text with color = \"side\"."),
}

table! { pub mod glossary: "[[glossary]]",
    "A rule term: the HTML reference shows its definition where the rules use it, and lists every term.";
    term: req Str("The term as the rules write it, e.g. \"Line of Sight\"; each term once."),
    aliases: opt StrArray("Other forms the rules use: plurals, abbreviations, e.g. [\"LOS\"]."),
    definition: req Str("What the term means (rich text), best quoted from the rules."),
}

table! { pub mod forces: "[[forces]]", "Each side's forces, in order.";
    unit: req Str("Unit type, e.g. \"Inf\"."),
    count: req Int("How many."),
    side: opt Str("The side whose force it is: the name or id of a [[sides]] entry (default: every side has it)."),
}

table! { pub mod decks: "[[decks]]", "A deck file.";
    id: req Str("The id other entries use."),
    file: req Str("The file, relative to the game folder."),
}

table! { pub mod aids: "[[aids]]", "A player-aid file.";
    (id, file) = super::decks,
}

table! { pub mod charts: "[[charts]]", "A chart file; the list's order is the chart set's.";
    (id, file) = super::decks,
}

table! { pub mod maps: "[[maps]]", "A map or board file (see the map file); each is printed.";
    (id, file) = super::decks,
}

table! { pub mod publish: "[publish]", "What to publish.";
    labels: opt Tables(&label_job::DEF),
    aids: opt Tables(&aid_job::DEF),
    cards: opt Tables(&card_job::DEF),
    rulebook: opt Bool(
        "false to not typeset the rules pages as a PDF rulebook (the default is true)."),
    card_lists: opt Tables(&card_list_job::DEF),
    counters: opt Table(&counters::DEF),
    options: opt Table(&options::DEF),
}

table! { pub mod label_job: "[[publish.labels]]", "A deck printed onto a label sheet.";
    deck: req Str("The deck's id."),
    sheet: req Str("A sheet of `grogpress sheets`, e.g. \"avery-5395\"."),
    layout: req Str("A card layout: templates/labels/<layout>.toml."),
}

table! { pub mod aid_job: "[[publish.aids]]", "A player aid printed on a page.";
    aid: req Str("The aid's id."),
    copies: opt IntIn(Some(1), Some(4), "Copies side by side on one page, cut line between."),
    margin: opt Length("The margin round each copy's column (default 27pt, 3/8 in)."),
}

table! { pub mod card_job: "[[publish.cards]]", "A deck as print-and-play cards, fronts and backs.";
    deck = super::label_job::deck,
    layout: req Str("The front's layout: templates/cards/<layout>.toml."),
    back: req Str("The back's layout: templates/cards/<back>.toml."),
    size: opt Str("A card size of data/sheets.toml ([[card_size]] id), e.g. \"poker\"."),
}

one_of!(impl Affiliation { Friend = "friend", Hostile = "hostile", Neutral = "neutral", Unknown = "unknown" });

one_of!(
    /// The edge duplex sheets turn over on.
    pub enum Flip {
        Long = "long",
        Short = "short",
    }
);

one_of!(
    /// Where the backs of print-and-play cards go.
    pub enum CardSheets {
        Duplex = "duplex",
        Gutterfold = "gutterfold",
    }
);

one_of!(
    /// How the rulebook's paragraphs meet the right edge.
    pub enum RulebookAlign {
        Justify = "justify",
        Ragged = "ragged",
    }
);

table! { pub mod options: "[publish.options]",
    "How build makes the outputs, as the focused commands' options would (an option on the command line wins).";
    odds: opt Bool("The chart set prints each results row's chance (charts --odds)."),
    paper: opt Word(PaperSize,
        "Paper of card lists, player aids and counters (--paper)."),
    chart_paper: opt Word(PaperSize, "Paper of the chart set (charts --paper)."),
    card_paper: opt Word(PaperSize, "Paper of the print-and-play card sheets (cards --paper)."),
    flip: opt Word(Flip,
        "The edge duplex card and counter sheets turn over on (--flip)."),
    card_sheets: opt Word(CardSheets,
        "Card backs on the following page, or beside the fronts to fold (cards --layout)."),
    bleed: opt Bool("1/8 in bleed around every card on the card sheets (cards --bleed)."),
    counter_size: opt Str(
        "Counter size: 5/8, 3/4 or 1 (inches), or a length such as \"19mm\" (counters --size)."),
    rulebook_paper: opt Word(PaperSize, "Paper of the rulebook (rulebook --paper)."),
    rulebook_columns: opt IntIn(Some(1), Some(2),
        "Columns of text on the rulebook's pages, 1 or 2 (rulebook --columns)."),
    rulebook_align: opt Word(RulebookAlign,
        "How the rulebook's paragraphs meet the right edge: flush at both edges (justify, the default) or ragged."),
    rule_numbers: opt Bool(
        "Number the rules' headings as cases, 1.0, 1.1, 1.1.1 (in the rulebook, its contents and bookmarks, and the HTML reference); default false."),
    label_offset_x: opt Length(
        "Printer calibration of label sheets: everything moves right, e.g. \"1.5mm\" (labels --offset-x)."),
    label_offset_y: opt Length(
        "Printer calibration of label sheets: everything moves down (labels --offset-y)."),
}

table! { pub mod card_list_job: "[[publish.card_lists]]",
    "A reference table of every card of a deck: <deck>-list.pdf.";
    deck = super::label_job::deck,
    group_by: opt Str("A field of the deck: one section per value."),
}

const CORNER: &str = "The unit field printed in this corner (a ref to an item whose `swatch` field is set is drawn as a square of that colour). Required without `factors`; not with them.";

table! { pub mod counters: "[publish.counters]",
    "Square unit counters, fronts and mirrored backs: counters.pdf.";
    units: req Str("The collection of unit types."),
    sides: req Tables(&counter_side::DEF),
    top_left: opt Str(CORNER),
    top_right: opt Str(CORNER),
    bottom_left: opt Str(CORNER),
    bottom_right: opt Str(CORNER),
    factors: opt StrArray(
        "Unit fields printed as the front's factor strip at the counter's foot, in this order (\"attack\", \"defense\", \"movement\": 4-5-4). A value written [4] prints 4 boxed, (2) in parentheses."),
    reduced: opt StrArray(
        "Unit fields of the reduced (back) face's factors, in the strip's order; a unit whose reduced fields are all empty has one step and its back repeats the front."),
    faces: opt Tables(&counter_face::DEF),
    separator: opt Str("What joins the factors of a strip (default \"-\")."),
    steps: opt Str(
        "A unit field: each unit's number of steps, 1 to 4 (default: its faces with values). A unit of 3 or 4 steps prints a second counter, of faces 3 and 4."),
    designation: opt Str("A unit field: the designation printed at the counter's top (\"2/116\"; default: the unit's name)."),
    formation: opt Str(
        "A unit field: the formation printed under the symbol; a ref to an item whose `swatch` field is set also draws a band of that colour across the top."),
    swatch: opt Str(
        "A field of the collections the corners and the formation refer to, holding a colour \"#RRGGBB\" (e.g. \"color\"): a value naming an item with it set is drawn as a square of that colour (a band, for the formation) marked with the item's name. Without it every value prints as text."),
    setup: opt Str("A unit field: the set-up code (a start hex, or an entry turn such as \"T3\"), printed small in the top-right corner."),
    class: opt Str("A unit field: the unit's movement class (\"foot\", \"tracked\"...), which terrain costs name. Not printed."),
    symbol: opt Str(
        "A unit field naming each unit's function(s) (\"infantry\", \"armour+reconnaissance\"): a NATO-style unit symbol is drawn in the icon's place."),
    echelon: opt Str(
        "A unit field naming each unit's echelon (\"company\", \"battalion\", \"division\"...), marked over its symbol."),
    markers: opt Tables(&counter_marker::DEF),
    image: opt Table(&counter_image::DEF),
}

table! { pub mod counter_face: "[[publish.counters.faces]]",
    "One face of step-loss counters, in order: the front, the back, then a second counter's front and back (units of 3 or 4 steps). Instead of `factors` and `reduced`.";
    factors: req StrArray("Unit fields printed as this face's factor strip, in order."),
}

table! { pub mod counter_image: "[publish.counters.image]",
    "A picture on each unit's counter, in its icon's place on both faces: a fixed file, or the file a unit field names.";
    file: opt Str("A PNG, JPEG or SVG file, relative to the game folder: the same picture on every unit's counter. With `field`, a file name whose {} is the unit's value, e.g. \"art/{}.svg\"."),
    field: opt Str("A unit field whose value names each unit's picture file (\"id\": the unit's id)."),
    fit = super::super::template::image::fit,
    anchor = super::super::template::image::anchor,
    radius: opt Length("Corner radius of the front's picture box, which the picture is cut off at (default 0); the back's smaller box is rounded in proportion."),
}

table! { pub mod counter_marker: "[[publish.counters.markers]]",
    "A marker counter (not a unit): a word on each face, in rows after the units.";
    name: req Str("What the front says, e.g. \"Traffic\"."),
    back: opt Str("What the back says (default: the same as the front), e.g. \"Fatigue 2\"."),
    count: opt IntIn(Some(1), Some(500), "How many to print (default 1)."),
    color: opt Pattern(HEX, "The marker's colour, \"#RRGGBB\" (default a light grey)."),
}

table! { pub mod counter_side: "[[publish.counters.sides]]",
    "A player: its colour and how many of each unit.";
    name: req Str("The player's name."),
    color: opt Pattern(HEX,
        "The counters' colour, \"#RRGGBB\" (default: the colour of the game's side of this name)."),
    units: req Map(&Ty::Int("How many."), "How many of each unit: { archer = 4 }."),
    affiliation: opt Word(Affiliation,
        "The frame of its units' symbols (default: friend for the first side, hostile for the others)."),
}

/// Loads a game folder. `None` when `game.toml` itself could not be read as TOML;
/// every problem found is in `diags`.
pub fn load_game(
    dir: &Path,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<Option<Game>, OpError> {
    load_game_in(dir, None, sources, diags)
}

/// As [`load_game`], with the game's own files its outputs are made with
/// (the card templates its publish jobs name, its icons, its HTML
/// templates), so the game is complete: nothing later reads its folder.
pub fn load_game_with_files(
    dir: &Path,
    project: &Project<'_>,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<Option<Game>, OpError> {
    load_game_in(dir, Some(project), sources, diags)
}

fn load_game_in(
    dir: &Path,
    project: Option<&Project<'_>>,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<Option<Game>, OpError> {
    use game_toml as k;
    let confine = Confine::new(dir)?;
    let Some(path) = confine.admit(&dir.join("game.toml"), "game.toml", sources, diags) else {
        if diags.has_errors() {
            return Ok(None);
        }
        return Err(OpError::new(format!(
            "cannot read {}: not a file",
            dir.join("game.toml").display()
        )));
    };
    let (file, text, utf8) = read_source(&path, sources, diags)?;
    if !utf8 {
        return Ok(None);
    }
    let Some(root) = parse(file, &text, diags) else {
        return Ok(None);
    };
    let mut r = Reader::new(file, diags);
    let root = r.open_top(&root, &k::DEF);
    let name = r.get(&root, k::name).map(|n| n.value).unwrap_or_default();
    let subtitle = r.get(&root, k::subtitle).map(|s| s.value);
    let copyright = r.get(&root, k::copyright);
    let copyright_at = copyright.iter().map(|c| c.loc).collect();
    let copyright = copyright.into_iter().map(|c| c.value).collect();
    let sides = r.get(&root, k::sides);
    let sides = sides.iter().filter_map(|t| side(&mut r, t)).collect();
    let forces = r.get(&root, k::forces);
    let forces = forces.iter().filter_map(|t| force(&mut r, t)).collect();
    let rules_refs = r.get(&root, k::rules);
    let glossary = r.get(&root, k::glossary);
    let glossary = glossary
        .iter()
        .filter_map(|t| glossary_entry(&mut r, t))
        .collect();
    let mut refs = |key: Key<kinds::Tables>, def| -> Vec<_> {
        let tables = r.get(&root, key);
        tables
            .iter()
            .filter_map(|t| file_ref(&mut r, t, def))
            .collect()
    };
    let deck_refs = refs(k::decks, &decks::DEF);
    let aid_refs = refs(k::aids, &aids::DEF);
    let chart_refs = refs(k::charts, &charts::DEF);
    let map_refs = refs(k::maps, &maps::DEF);
    let scenario_refs: Vec<Located<String>> = {
        use crate::load::scenario::scenario_entry as entry;
        let tables = r.get(&root, k::scenarios);
        tables
            .iter()
            .filter_map(|t| {
                let t = r.open(t, &entry::DEF);
                r.get(&t, entry::file)
            })
            .collect()
    };
    // Attributes every map of places may give its places.
    let attributes = {
        let tables = r.get(&root, k::attributes);
        super::places::read_attributes(&mut r, &tables, &[])
    };
    let parts = {
        let (tracks, boxes) = (r.get(&root, k::tracks), r.get(&root, k::boxes));
        super::tracks::read_parts(&mut r, &tracks, &boxes)
    };
    let publish = match r.get(&root, k::publish) {
        Some(t) => super::publish_jobs::publish(&mut r, &t),
        None => Publish {
            // Rules pages make a rulebook unless `[publish] rulebook = false`.
            rulebook: true,
            ..Publish::default()
        },
    };
    let fonts = match r.get(&root, k::fonts) {
        Some(t) => {
            let t = r.open(&t, &game_fonts::DEF);
            GameFonts {
                text: r.get(&t, game_fonts::text),
                rules: r.get(&t, game_fonts::rules),
            }
        }
        None => GameFonts::default(),
    };
    let language = game_language(&mut r, &root);
    let languages = game_languages(&mut r, &root, &language);
    let translated = r.get(&root, k::translated);
    let language = languages
        .first()
        .map_or(language, |first| first.value.clone());
    // With `languages`, the words start from the language's built-in ones.
    let base = if languages.is_empty() {
        Words::default()
    } else {
        Words::for_language(&language)
    };
    let words = game_words(&mut r, &root, base);
    if let Some(project) = project {
        check_fonts(&fonts, file, project.fonts, r.diags);
    }
    let collection_entries = collections::collection_entries(&mut r, &root);
    let table_entries = collections::random_table_entries(&mut r, &root);
    let dice_combat = collections::dice_combat(&mut r, &root);

    let mut unloaded = Vec::new();
    let mut decks = Vec::new();
    for (id, file_name) in deck_refs {
        let deck = match confine.resolve(dir, &file_name, "the file", diags) {
            Some(path) => {
                // The deck's text is lent, not copied, while it is read: a
                // long deck file is tens of megabytes.
                let (file, text, utf8) = super::read_source_lent(&path, sources, diags)?;
                let deck_dir = path.parent().unwrap_or(dir).to_path_buf();
                let deck = if utf8 {
                    super::deck::load_deck(
                        &id.value,
                        file,
                        &text,
                        diags,
                        &mut |list, fields, diags| {
                            super::csv::load_cards_csv(
                                &confine, &deck_dir, list, fields, sources, diags,
                            )
                        },
                    )
                } else {
                    Ok(None)
                };
                sources.set_text(file, text);
                deck?
            }
            None => None,
        };
        match deck {
            Some(deck) => decks.push(deck),
            None => unloaded.push(id.value),
        }
    }
    let deck_unloaded = !unloaded.is_empty();
    let mut aids = Vec::new();
    for (id, file_name) in aid_refs {
        let aid = match confine.resolve(dir, &file_name, "the file", diags) {
            Some(path) => match read_source(&path, sources, diags)? {
                (file, text, true) => super::aid::load_aid(&id.value, file, &text, diags),
                _ => None,
            },
            None => None,
        };
        match aid {
            Some(aid) => aids.push(aid),
            None => unloaded.push(id.value),
        }
    }
    let collections = super::collections::load_entries(
        &confine,
        collection_entries,
        super::deck::load_collection_file,
        sources,
        diags,
        &mut unloaded,
    )?;
    let random_tables = super::collections::load_entries(
        &confine,
        table_entries,
        super::collections::load_random_table_file,
        sources,
        diags,
        &mut unloaded,
    )?;
    let mut charts = Vec::new();
    for (id, file_name) in chart_refs {
        let chart = match confine.resolve(dir, &file_name, "the file", diags) {
            Some(path) => match read_source(&path, sources, diags)? {
                (file, text, true) => super::chart::load_chart(&id.value, file, &text, diags),
                _ => None,
            },
            None => None,
        };
        match chart {
            Some(chart) => charts.push(chart),
            None => unloaded.push(id.value),
        }
    }
    let mut maps = super::map::load_maps(
        &confine,
        map_refs,
        &collections,
        &attributes,
        sources,
        diags,
    )?;
    for part in &parts {
        let on = part.on.as_ref().map(|on| on.map.value.as_str());
        if let Some(map) = maps.iter_mut().find(|m| Some(m.id.as_str()) == on) {
            map.parts.push(part.clone());
        }
    }
    // Each map whose terrain declares effects has its terrain effects chart.
    charts.extend(
        maps.iter()
            .filter_map(|m| crate::model::tec::tec_chart(m, &words)),
    );
    crate::model::crt::add_engine_texts(&mut charts, &words);
    let scenarios = super::scenario::load_scenarios(&confine, scenario_refs, sources, diags)?;
    let mut rules = Vec::new();
    let rules_names = rules_refs.clone();
    for page in rules_refs {
        if let Some(path) = confine.resolve(dir, &page, "the rules page", diags) {
            let (md_file, text, _) = read_source(&path, sources, diags)?;
            let mut doc = super::rules::parse_rules(&text);
            super::figure::load_figures(md_file, &text, &mut doc, diags);
            rules.push(RulesPage {
                file: md_file,
                path,
                doc,
            });
        }
    }

    let translations = super::translation::load_translations(
        &confine,
        dir,
        languages,
        translated,
        &rules_names,
        sources,
        diags,
    )?;
    let files = match project {
        Some(project) => {
            super::game_files::load_game_files(&confine, dir, project, &publish, sources, diags)?
        }
        None => GameFiles::default(),
    };
    Ok(Some(Game {
        id: game_id(dir),
        dir: dir.to_path_buf(),
        name,
        subtitle,
        copyright,
        copyright_at,
        sides,
        forces,
        decks,
        collections,
        random_tables,
        dice_combat,
        aids,
        charts,
        rules,
        glossary,
        maps,
        scenarios,
        parts,
        publish,
        fonts,
        words,
        language,
        translations,
        build_lang: None,
        unloaded,
        deck_unloaded,
        files,
    }))
}

/// The game's language tag (`language`, default "en"): two or three
/// letters, then any `-` parts of letters and digits; anything else is a
/// `bad-value` at it (and English is used).
fn game_language(r: &mut Reader<'_>, root: &Tab<'_, '_>) -> String {
    let Some(tag) = r.get(root, game_toml::language) else {
        return "en".to_string();
    };
    if well_formed_tag(&tag.value) {
        return tag.value;
    }
    r.diags.push(crate::error!(
        "bad-value", Some(tag.loc), "`{}` is not a language tag", tag.value;
        hint: "give a language tag such as \"en\", \"de\" or \"fr-CA\""
    ));
    "en".to_string()
}

/// The game's languages (`languages`): each a language tag, none twice; the
/// first is the game's `language` (a `language` that differs is a
/// `bad-value` at it).
fn game_languages(r: &mut Reader<'_>, root: &Tab<'_, '_>, language: &str) -> Vec<Located<String>> {
    let languages = r.get(root, game_toml::languages);
    let mut out: Vec<Located<String>> = Vec::new();
    for tag in languages {
        if !well_formed_tag(&tag.value) {
            r.diags.push(crate::error!(
                "bad-value", Some(tag.loc), "`{}` is not a language tag", tag.value;
                hint: "give language tags such as \"en\", \"de\" or \"fr-CA\""
            ));
        } else if out.iter().any(|l| l.value == tag.value) {
            r.diags.push(crate::error!(
                "bad-value", Some(tag.loc), "the language `{}` is listed twice", tag.value;
                hint: "list each language once, the game's own first"
            ));
        } else {
            out.push(tag);
        }
    }
    if let (Some(first), Some(own)) = (out.first(), r.get(root, game_toml::language))
        && own.value != first.value
        && own.value == language
    {
        r.diags.push(crate::error!(
            "bad-value", Some(own.loc),
            "`language` is `{}` but the first of `languages` is `{}`", own.value, first.value;
            hint: "the game's own language is the first of `languages`: drop `language`, or list it first"
        ));
    }
    out
}

/// Whether `tag` is a language tag: two or three letters, then any `-`
/// parts of letters and digits.
fn well_formed_tag(tag: &str) -> bool {
    let mut parts = tag.split('-');
    let primary = parts.next().unwrap_or_default();
    (2..=3).contains(&primary.len())
        && primary.chars().all(|c| c.is_ascii_alphabetic())
        && parts.all(|p| (1..=8).contains(&p.len()) && p.chars().all(|c| c.is_ascii_alphanumeric()))
}

/// The game's words: `base` (the English defaults, or the built-in words
/// of the game's language) with those `[words]` sets; an unknown key is an
/// `unknown-field` naming the closest word.
fn game_words(r: &mut Reader<'_>, root: &Tab<'_, '_>, base: Words) -> Words {
    let mut out = base;
    if let Some(t) = r.get(root, game_toml::words) {
        let t = r.open(&t, &words::DEF);
        for key in words::DEF.keys {
            let word = crate::load::spec::Key::<crate::load::spec::kinds::Str>::new(
                key.name, false, key.ty,
            );
            if let Some(word) = r.get(&t, word) {
                let allowed = Words::slots(key.name);
                let unknown: Vec<String> = crate::text::words::slots_in(&word.value)
                    .into_iter()
                    .filter(|s| !allowed.contains(s))
                    .collect();
                if let Some(slot) = unknown.first() {
                    let hint = if allowed.is_empty() {
                        format!("`{}` takes no {{slots}}", key.name)
                    } else {
                        format!(
                            "`{}` may hold {}",
                            key.name,
                            allowed
                                .iter()
                                .map(|s| format!("{{{s}}}"))
                                .collect::<Vec<_>>()
                                .join(", ")
                        )
                    };
                    r.diags.push(crate::error!(
                        "bad-value", Some(word.loc), "the word `{}` holds `{{{slot}}}`, which it has no value for", key.name;
                        hint: "{hint}"
                    ));
                    continue;
                }
                out.set_at.push((key.name, word.loc));
                out.set(key.name, word.value);
            }
        }
    }
    out
}

/// Each family `[fonts]` names is one the fonts declare, and so is the
/// default text family when the game names none: a family missing is an
/// error at its name (or at the top of `game.toml`), never another family
/// in its place.
fn check_fonts(fonts: &GameFonts, file: FileId, book: &FontBook, diags: &mut Diagnostics) {
    let families: Vec<&str> = book.families.iter().map(|f| f.name.as_str()).collect();
    let hint = || {
        if families.is_empty() {
            "fonts/fonts.toml declares no family".to_string()
        } else {
            format!("families: {}", families.join(", "))
        }
    };
    for named in [&fonts.text, &fonts.rules].into_iter().flatten() {
        if !families.contains(&named.value.as_str()) {
            diags.push(crate::error!(
                "dangling-reference", Some(named.loc),
                "no font family `{}` in fonts/fonts.toml", named.value;
                hint: "{}", hint()
            ));
        }
    }
    if fonts.text.is_none() && !families.contains(&DEFAULT_TEXT_FAMILY) {
        diags.push(crate::error!(
            "dangling-reference", Some(Loc::new(file, 0..0)),
            "the game is set in the font family `{DEFAULT_TEXT_FAMILY}` (the default), which fonts/fonts.toml does not declare";
            hint: "name one with [fonts] text = \"...\" in game.toml; {}", hint()
        ));
    }
}

/// The game's id: its folder's name.
fn game_id(dir: &Path) -> String {
    let canonical = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    canonical
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "game".to_string())
}

fn side(r: &mut Reader<'_>, t: &Table<'_>) -> Option<Side> {
    let t = r.open(t, &sides::DEF);
    let id = r.get(&t, sides::id);
    let name = r.get(&t, sides::name);
    // Read so a wrong type is still reported, but no output prints a
    // side's full name yet: the model does not keep it.
    let _ = r.get(&t, sides::full_name);
    let written = r.get(&t, sides::color);
    let color_loc = written.as_ref().map(|c| c.loc);
    let color = written.and_then(|c| super::background::color(r, &c));
    let (id, name) = (id?, name?);
    Some(Side {
        id: id.value,
        name: name.value,
        aka: Vec::new(),
        color,
        color_loc,
        loc: name.loc,
    })
}

fn glossary_entry(r: &mut Reader<'_>, t: &Table<'_>) -> Option<GlossaryEntry> {
    let t = r.open(t, &glossary::DEF);
    let term = r.get(&t, glossary::term);
    let aliases = r.get(&t, glossary::aliases);
    let definition = r.get(&t, glossary::definition);
    Some(GlossaryEntry {
        term: term?,
        aliases,
        definition: definition?,
    })
}

fn force(r: &mut Reader<'_>, t: &Table<'_>) -> Option<Force> {
    let t = r.open(t, &forces::DEF);
    let unit = r.get(&t, forces::unit);
    let count = r.get(&t, forces::count);
    let side = r.get(&t, forces::side);
    let (unit, count) = (unit?, count?);
    Some(Force {
        unit: unit.value,
        count: count.value,
        side,
    })
}

/// `[[decks]]`, `[[aids]]` or `[[charts]]`: an id and a file.
fn file_ref(
    r: &mut Reader<'_>,
    t: &Table<'_>,
    def: &'static Def,
) -> Option<(Located<String>, Located<String>)> {
    let t = r.open(t, def);
    let id = r.get(&t, decks::id);
    let file = r.get(&t, decks::file);
    let (id, file) = (id?, file?);
    super::ids::check(&id, &format!("the id of {}", def.what), r.diags).then_some((id, file))
}
