//! Load stage: `game.toml` and the files it names, into a [`Game`].

use std::path::Path;

use super::paths::Confine;
use super::toml::{Reader, Table, parse};
use super::{OpError, read_source};
use crate::diag::{Diagnostic, Diagnostics, Sources};
use crate::model::{
    AidJob, CardJob, CardListJob, CounterJob, CounterSide, Force, Game, LabelJob, Located, Paper,
    Publish, PublishOptions, RulesPage, Side,
};

pub const GAME_KEYS: &[&str] = &[
    "name",
    "copyright",
    "rules",
    "sides",
    "forces",
    "decks",
    "aids",
    "publish",
    "collections",
    "random_tables",
    "dice_combat",
    "charts",
];

pub const SIDE_KEYS: &[&str] = &["id", "name", "full_name", "color"];
pub const FORCE_KEYS: &[&str] = &["unit", "count"];
/// `[[decks]]` and `[[aids]]`.
pub const FILE_REF_KEYS: &[&str] = &["id", "file"];
pub const PUBLISH_KEYS: &[&str] = &[
    "labels",
    "aids",
    "cards",
    "units_and_dice",
    "rulebook",
    "card_lists",
    "counters",
    "options",
];
pub const PUBLISH_OPTION_KEYS: &[&str] = &["odds", "paper", "chart_paper"];
pub const LABEL_JOB_KEYS: &[&str] = &["deck", "sheet", "layout"];
pub const AID_JOB_KEYS: &[&str] = &["aid", "copies"];
pub const CARD_JOB_KEYS: &[&str] = &["deck", "layout", "back", "size"];
pub const CARD_LIST_JOB_KEYS: &[&str] = &["deck", "group_by"];
pub const COUNTER_CORNER_KEYS: &[&str] = &["top_left", "top_right", "bottom_left", "bottom_right"];
pub const COUNTERS_KEYS: &[&str] = &[
    "units",
    "sides",
    "top_left",
    "top_right",
    "bottom_left",
    "bottom_right",
];
pub const COUNTER_SIDE_KEYS: &[&str] = &["name", "color", "units"];

/// Loads a game folder. `None` when `game.toml` itself could not be read as TOML;
/// every problem found is in `diags`.
pub fn load_game(
    dir: &Path,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<Option<Game>, OpError> {
    let confine = Confine::new(dir)?;
    let Some(path) = confine.admit(&dir.join("game.toml"), "game.toml", sources, diags) else {
        if diags.has_errors() {
            return Ok(None);
        }
        return Err(OpError(format!(
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
    r.top = GAME_KEYS;
    r.check_keys(root.get_ref(), GAME_KEYS, "game.toml");
    let name = r
        .req_str(&root, "name", "game.toml")
        .map(|n| n.value)
        .unwrap_or_default();
    let copyright = r
        .str_array(&root, "copyright")
        .into_iter()
        .map(|c| c.value)
        .collect();
    let sides = r
        .tables(&root, "sides")
        .iter()
        .filter_map(|t| side(&mut r, t))
        .collect();
    let forces = r
        .tables(&root, "forces")
        .iter()
        .filter_map(|t| force(&mut r, t))
        .collect();
    let rules_refs = r.str_array(&root, "rules");
    let deck_refs: Vec<_> = r
        .tables(&root, "decks")
        .iter()
        .filter_map(|t| file_ref(&mut r, t, "[[decks]]"))
        .collect();
    let aid_refs: Vec<_> = r
        .tables(&root, "aids")
        .iter()
        .filter_map(|t| file_ref(&mut r, t, "[[aids]]"))
        .collect();
    let chart_refs: Vec<_> = r
        .tables(&root, "charts")
        .iter()
        .filter_map(|t| file_ref(&mut r, t, "[[charts]]"))
        .collect();
    let publish = match r.table(&root, "publish") {
        Some(t) => publish(&mut r, &t),
        None => Publish {
            // Rules pages make a rulebook unless `[publish] rulebook = false`.
            rulebook: true,
            ..Publish::default()
        },
    };
    let collection_entries = super::collections::collection_entries(&mut r, &root);
    let table_entries = super::collections::random_table_entries(&mut r, &root);
    let dice_combat = super::collections::dice_combat(&mut r, &root);

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
    let mut rules = Vec::new();
    for page in rules_refs {
        if let Some(path) = confine.resolve(dir, &page, "the rules page", diags) {
            let (md_file, text, _) = read_source(&path, sources, diags)?;
            rules.push(RulesPage {
                file: md_file,
                path,
                doc: super::rules::parse_rules(&text),
            });
        }
    }

    Ok(Some(Game {
        id: game_id(dir),
        dir: dir.to_path_buf(),
        name,
        copyright,
        sides,
        forces,
        decks,
        collections,
        random_tables,
        dice_combat,
        aids,
        charts,
        rules,
        publish,
        unloaded,
    }))
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
    r.check_keys(t.get_ref(), SIDE_KEYS, "[[sides]]");
    let id = r.req_str(t, "id", "[[sides]]");
    let name = r.req_str(t, "name", "[[sides]]");
    let full_name = r.opt_str(t, "full_name").map(|f| f.value);
    let color = r
        .opt_str(t, "color")
        .and_then(|c| super::background::color(r, &c));
    let (id, name) = (id?, name?);
    Some(Side {
        id: id.value,
        name: name.value,
        full_name,
        color,
        loc: name.loc,
    })
}

fn force(r: &mut Reader<'_>, t: &Table<'_>) -> Option<Force> {
    r.check_keys(t.get_ref(), FORCE_KEYS, "[[forces]]");
    let unit = r.req_str(t, "unit", "[[forces]]");
    let count = r.req_int(t, "count", "[[forces]]");
    let (unit, count) = (unit?, count?);
    Some(Force {
        unit: unit.value,
        count: count.value,
        loc: unit.loc,
    })
}

fn file_ref(
    r: &mut Reader<'_>,
    t: &Table<'_>,
    what: &str,
) -> Option<(Located<String>, Located<String>)> {
    r.check_keys(t.get_ref(), FILE_REF_KEYS, what);
    let id = r.req_str(t, "id", what);
    let file = r.req_str(t, "file", what);
    let (id, file) = (id?, file?);
    super::ids::check(&id, &format!("the id of {what}"), r.diags).then_some((id, file))
}

fn publish(r: &mut Reader<'_>, t: &Table<'_>) -> Publish {
    r.check_keys(t.get_ref(), PUBLISH_KEYS, "[publish]");
    let units_and_dice = r.opt_str(t, "units_and_dice");
    let rulebook = r.opt_bool(t, "rulebook").unwrap_or(true);
    let labels = r
        .tables(t, "labels")
        .iter()
        .filter_map(|l| {
            r.check_keys(l.get_ref(), LABEL_JOB_KEYS, "[[publish.labels]]");
            let deck = r.req_str(l, "deck", "[[publish.labels]]");
            let sheet = r.req_str(l, "sheet", "[[publish.labels]]");
            let layout = r.req_str(l, "layout", "[[publish.labels]]");
            Some(LabelJob {
                deck: deck?,
                sheet: sheet?,
                layout: layout?,
            })
        })
        .collect();
    let aids = r
        .tables(t, "aids")
        .iter()
        .filter_map(|a| {
            r.check_keys(a.get_ref(), AID_JOB_KEYS, "[[publish.aids]]");
            let aid = r.req_str(a, "aid", "[[publish.aids]]")?;
            let copies = match r.opt_int(a, "copies") {
                None => 1,
                Some(c) if (1..=4).contains(&c.value) => c.value as usize,
                Some(c) => {
                    r.diags.push(
                        Diagnostic::error(
                            "bad-value",
                            format!("copies = {} is out of range", c.value),
                            Some(c.loc),
                        )
                        .with_hint("an aid page holds 1 to 4 copies side by side"),
                    );
                    1
                }
            };
            Some(AidJob { aid, copies })
        })
        .collect();
    let cards = r
        .tables(t, "cards")
        .iter()
        .filter_map(|c| {
            const W: &str = "[[publish.cards]]";
            r.check_keys(c.get_ref(), CARD_JOB_KEYS, W);
            let deck = r.req_str(c, "deck", W);
            let layout = r.req_str(c, "layout", W);
            let back = r.req_str(c, "back", W);
            let size = r.opt_str(c, "size");
            Some(CardJob {
                deck: deck?,
                layout: layout?,
                back: back?,
                size,
            })
        })
        .collect();
    let card_lists = r
        .tables(t, "card_lists")
        .iter()
        .filter_map(|c| card_list(r, c))
        .collect();
    let counters = r.table(t, "counters").and_then(|c| counters(r, &c));
    let options = r
        .table(t, "options")
        .map(|o| publish_options(r, &o))
        .unwrap_or_default();
    Publish {
        labels,
        aids,
        cards,
        units_and_dice,
        rulebook,
        card_lists,
        counters,
        options,
    }
}

fn publish_options(r: &mut Reader<'_>, t: &Table<'_>) -> PublishOptions {
    r.check_keys(t.get_ref(), PUBLISH_OPTION_KEYS, "[publish.options]");
    let mut paper = |key: &str| {
        let name = r.opt_str(t, key)?;
        match name.value.to_ascii_lowercase().as_str() {
            "letter" => Some(Paper::LETTER),
            "a4" => Some(Paper::A4),
            _ => {
                r.diags.push(
                    Diagnostic::error(
                        "bad-value",
                        format!("`{}` is not a paper size", name.value),
                        Some(name.loc),
                    )
                    .with_hint("use \"letter\" or \"a4\""),
                );
                None
            }
        }
    };
    let (paper, chart_paper) = (paper("paper"), paper("chart_paper"));
    PublishOptions {
        odds: r.opt_bool(t, "odds").unwrap_or(false),
        paper,
        chart_paper,
    }
}

fn card_list(r: &mut Reader<'_>, t: &Table<'_>) -> Option<CardListJob> {
    const W: &str = "[[publish.card_lists]]";
    r.check_keys(t.get_ref(), CARD_LIST_JOB_KEYS, W);
    let deck = r.req_str(t, "deck", W)?;
    let group_by = r.opt_str(t, "group_by");
    Some(CardListJob { deck, group_by })
}

fn counters(r: &mut Reader<'_>, t: &Table<'_>) -> Option<CounterJob> {
    const W: &str = "[publish.counters]";
    let corner_keys = COUNTER_CORNER_KEYS;
    r.check_keys(t.get_ref(), COUNTERS_KEYS, W);
    let units = r.req_str(t, "units", W);
    let corners: Vec<Option<Located<String>>> =
        corner_keys.iter().map(|k| r.req_str(t, k, W)).collect();
    let sides: Vec<CounterSide> = r
        .tables(t, "sides")
        .iter()
        .filter_map(|s| counter_side(r, s))
        .collect();
    let corners: Vec<Located<String>> = corners.into_iter().collect::<Option<_>>()?;
    let corners: [Located<String>; 4] = corners.try_into().ok()?;
    Some(CounterJob {
        units: units?,
        corners,
        sides,
        loc: r.loc(t.span()),
    })
}

fn counter_side(r: &mut Reader<'_>, t: &Table<'_>) -> Option<CounterSide> {
    const W: &str = "[[publish.counters.sides]]";
    r.check_keys(t.get_ref(), COUNTER_SIDE_KEYS, W);
    let name = r.req_str(t, "name", W);
    let color = r.opt_str(t, "color");
    if t.get_ref().get("units").is_none() {
        r.diags.push(
            Diagnostic::error(
                "missing-field",
                format!("{W} needs `units`"),
                Some(r.loc(t.span())),
            )
            .with_hint("write how many of each unit the side has: units = { archer = 4 }"),
        );
    }
    let mut units = Vec::new();
    if let Some(table) = r.table(t, "units") {
        let names: Vec<String> = table
            .get_ref()
            .keys()
            .map(|k| k.get_ref().to_string())
            .collect();
        for key in names {
            let at = table
                .get_ref()
                .get_key_value(key.as_str())
                .map(|(k, _)| r.loc(k.span()));
            if let (Some(count), Some(at)) = (r.opt_int(&table, &key), at) {
                units.push((Located::new(key, at), count));
            }
        }
    }
    Some(CounterSide {
        name: name?,
        color,
        units,
    })
}
