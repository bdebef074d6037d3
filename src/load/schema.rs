//! Load stage, for editors: JSON Schemas of every kind of data file (game,
//! deck, collection, random table, chart, aid, sheets, card layout, fonts),
//! built from the very key lists the loaders check with `Reader::check_keys`,
//! so a key the loader accepts is a key the schema offers, and no other.
//! Editors with taplo (VS Code's Even Better TOML, Helix, Zed) use them
//! through a `#:schema` line to complete keys and underline typos while typing.

use std::fmt::Write as _;

use super::{aid, background, chart, collections, deck, fonts, game, sheets, template};
use crate::diag::json_string;

/// The type of a value, as a JSON Schema.
enum Ty {
    Str(&'static str),
    Int(&'static str),
    /// An integer from the first bound to the second (either may be open).
    IntIn(Option<i64>, Option<i64>, &'static str),
    Bool(&'static str),
    Num(&'static str),
    /// A number of points, or a string with a unit.
    Length(&'static str),
    /// A string matching a regular expression.
    Pattern(&'static str, &'static str),
    OneOf(&'static [&'static str], &'static str),
    StrArray(&'static str),
    IntArray(&'static str),
    Table(Obj),
    Tables(Obj),
    /// One table, or an array of them.
    OneOrMany(Obj),
    /// An array whose every item has this type.
    ArrayOf(Box<Ty>, &'static str),
    /// Any of these shapes.
    AnyOf(Vec<Ty>, &'static str),
    /// A table of one shape when it has the key (as the loader tells them
    /// apart: `file` for an entry kept in its own file, `options` for a
    /// modifier group), else of the other.
    IfHas(&'static str, Obj, Obj, &'static str),
    /// A table whose keys the file chooses, every value of this type.
    Map(Box<Ty>, &'static str),
    /// An array of blocks, each a table of the kind its `kind` key names.
    Blocks(Vec<(&'static str, Obj)>, &'static str),
    /// A table described once in the schema's definitions (it may nest itself).
    Ref(&'static str),
    /// Records (cards, items) whose keys are the file's own declared fields:
    /// a schema can know only the keys every record has.
    Records(&'static [&'static str], &'static str),
}

/// A TOML table: its keys (the loader's list), which are required, and the type of each key.
struct Obj {
    description: &'static str,
    keys: &'static [&'static str],
    required: &'static [&'static str],
    ty: fn(&str) -> Option<Ty>,
}

/// One schema file: its name, the document's table and the tables it refers to.
pub struct Schema {
    pub file_name: &'static str,
    pub title: &'static str,
    obj: Obj,
    definitions: Vec<(&'static str, Obj)>,
}

/// Every schema, in the order `grogpress schema` writes them.
pub fn schemas() -> Vec<Schema> {
    let schema = |file_name, title, obj| Schema {
        file_name,
        title,
        obj,
        definitions: Vec::new(),
    };
    vec![
        schema("game.schema.json", "grogpress game.toml", game_obj()),
        schema("deck.schema.json", "grogpress deck file", deck_obj()),
        schema(
            "collection.schema.json",
            "grogpress collection file ([[collections]] file = ...)",
            collection_obj(),
        ),
        schema(
            "table.schema.json",
            "grogpress random table file ([[random_tables]] file = ...)",
            random_table_obj(),
        ),
        Schema {
            definitions: vec![("step", step_obj())],
            ..schema(
                "chart.schema.json",
                "grogpress chart file ([[charts]] file = ...)",
                chart_obj(),
            )
        },
        schema("aid.schema.json", "grogpress player-aid file", aid_obj()),
        schema(
            "sheets.schema.json",
            "grogpress data/sheets.toml",
            sheets_obj(),
        ),
        schema(
            "layout.schema.json",
            "grogpress card layout (templates/labels/*.toml, templates/cards/*.toml)",
            layout_obj(),
        ),
        schema(
            "fonts.schema.json",
            "grogpress fonts/fonts.toml",
            fonts_obj(),
        ),
    ]
}

impl Schema {
    /// The schema as pretty-printed JSON.
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        let _ = write!(
            out,
            "{{\n  \"$schema\": \"http://json-schema.org/draft-07/schema#\",\n  \"title\": {},\n",
            json_string(self.title)
        );
        if !self.definitions.is_empty() {
            let defs: Vec<String> = self
                .definitions
                .iter()
                .map(|(name, obj)| format!("    {}: {}", json_string(name), obj_json(obj, 2, None)))
                .collect();
            let _ = writeln!(out, "  \"definitions\": {{\n{}\n  }},", defs.join(",\n"));
        }
        let body = obj_json(&self.obj, 1, None);
        // Splice the document's own members after the title.
        out.push_str(&body[2..]);
        out.push('\n');
        out
    }
}

const DICE: &str = "^\\s*[0-9]*[dD][0-9]+\\s*$";
const DICE_HELP: &str = "The dice rolled, NdS: \"1d6\", \"2d6\", \"1d10\".";

fn game_obj() -> Obj {
    Obj {
        description: "A game: its sides, forces, decks, aids, rules pages and what to publish.",
        keys: game::GAME_KEYS,
        required: &["name"],
        ty: |k| {
            Some(match k {
                "name" => Ty::Str("The game's name."),
                "copyright" => Ty::StrArray("Lines printed in the credits."),
                "rules" => Ty::StrArray("Markdown rules pages, relative to the game folder."),
                "sides" => Ty::Tables(Obj {
                    description: "A side; cards and aids name it by its name or id.",
                    keys: game::SIDE_KEYS,
                    required: &["id", "name"],
                    ty: |k| {
                        Some(match k {
                            "id" => Ty::Str("Short id, e.g. \"ufp\"."),
                            "name" => Ty::Str("Name as printed, e.g. \"U.F.P.\"."),
                            "full_name" => Ty::Str("e.g. \"United Federation of Provinces\"."),
                            _ => return None,
                        })
                    },
                }),
                "forces" => Ty::Tables(Obj {
                    description: "Each side's forces, in order.",
                    keys: game::FORCE_KEYS,
                    required: &["unit", "count"],
                    ty: |k| {
                        Some(match k {
                            "unit" => Ty::Str("Unit type, e.g. \"Inf\"."),
                            "count" => Ty::Int("How many."),
                            _ => return None,
                        })
                    },
                }),
                "decks" => Ty::Tables(file_ref("A deck file.")),
                "aids" => Ty::Tables(file_ref("A player-aid file.")),
                "charts" => Ty::Tables(file_ref(
                    "A chart file; the list's order is the chart set's.",
                )),
                "collections" => Ty::ArrayOf(
                    Box::new(Ty::IfHas(
                        "file",
                        file_entry("A collection kept in its own file."),
                        inline_collection_obj(),
                        "A collection: in its own file, or written here.",
                    )),
                    "Named collections of items: unit types, terrain, dice...",
                ),
                "random_tables" => Ty::ArrayOf(
                    Box::new(Ty::IfHas(
                        "file",
                        file_entry("A random table kept in its own file."),
                        inline_random_table_obj(),
                        "A random table: in its own file, or written here.",
                    )),
                    "Tables of results by roll; every roll falls in exactly one row.",
                ),
                "dice_combat" => Ty::Table(dice_combat_obj()),
                "publish" => Ty::Table(publish_obj()),
                _ => return None,
            })
        },
    }
}

fn publish_obj() -> Obj {
    Obj {
        description: "What to publish.",
        keys: game::PUBLISH_KEYS,
        required: &[],
        ty: |k| {
            Some(match k {
                "labels" => Ty::Tables(Obj {
                    description: "A deck printed onto a label sheet.",
                    keys: game::LABEL_JOB_KEYS,
                    required: &["deck", "sheet", "layout"],
                    ty: |k| {
                        Some(match k {
                            "deck" => Ty::Str("The deck's id."),
                            "sheet" => {
                                Ty::Str("A sheet of `grogpress sheets`, e.g. \"avery-5395\".")
                            }
                            "layout" => Ty::Str("A card layout: templates/labels/<layout>.toml."),
                            _ => return None,
                        })
                    },
                }),
                "aids" => Ty::Tables(Obj {
                    description: "A player aid printed on a page.",
                    keys: game::AID_JOB_KEYS,
                    required: &["aid"],
                    ty: |k| {
                        Some(match k {
                            "aid" => Ty::Str("The aid's id."),
                            "copies" => Ty::IntIn(
                                Some(1),
                                Some(4),
                                "Copies side by side on one page, cut line between.",
                            ),
                            _ => return None,
                        })
                    },
                }),
                "cards" => Ty::Tables(Obj {
                    description: "A deck as print-and-play cards, fronts and backs.",
                    keys: game::CARD_JOB_KEYS,
                    required: &["deck", "layout", "back"],
                    ty: |k| {
                        Some(match k {
                            "deck" => Ty::Str("The deck's id."),
                            "layout" => {
                                Ty::Str("The front's layout: templates/cards/<layout>.toml.")
                            }
                            "back" => Ty::Str("The back's layout: templates/cards/<back>.toml."),
                            "size" => Ty::Str(
                                "A card size of data/sheets.toml ([[card_size]] id), e.g. \"poker\".",
                            ),
                            _ => return None,
                        })
                    },
                }),
                "units_and_dice" => Ty::Str(
                    "The title of a one-page units and dice reference (games with [dice_combat]).",
                ),
                "rulebook" => Ty::Bool(
                    "false to not typeset the rules pages as a PDF rulebook (the default is true).",
                ),
                "card_lists" => Ty::Tables(Obj {
                    description: "A reference table of every card of a deck: <deck>-list.pdf.",
                    keys: game::CARD_LIST_JOB_KEYS,
                    required: &["deck"],
                    ty: |k| {
                        Some(match k {
                            "deck" => Ty::Str("The deck's id."),
                            "group_by" => Ty::Str("A field of the deck: one section per value."),
                            _ => return None,
                        })
                    },
                }),
                "counters" => Ty::Table(Obj {
                    description: "Square unit counters, fronts and mirrored backs: counters.pdf.",
                    keys: game::COUNTERS_KEYS,
                    required: game::COUNTERS_KEYS,
                    ty: |k| {
                        Some(match k {
                            "units" => Ty::Str("The collection of unit types."),
                            "sides" => Ty::Tables(Obj {
                                description: "A player: its colour and how many of each unit.",
                                keys: game::COUNTER_SIDE_KEYS,
                                required: game::COUNTER_SIDE_KEYS,
                                ty: |k| {
                                    Some(match k {
                                        "name" => Ty::Str("The player's name."),
                                        "color" => Ty::Pattern(
                                            "^#[0-9A-Fa-f]{6}$",
                                            "The counters' colour, \"#RRGGBB\".",
                                        ),
                                        "units" => Ty::Map(
                                            Box::new(Ty::Int("How many.")),
                                            "How many of each unit: { archer = 4 }.",
                                        ),
                                        _ => return None,
                                    })
                                },
                            }),
                            _ if game::COUNTER_CORNER_KEYS.contains(&k) => Ty::Str(
                                "The unit field printed in this corner (a ref to an item with a `color` is drawn as a square of it).",
                            ),
                            _ => return None,
                        })
                    },
                }),
                _ => return None,
            })
        },
    }
}

fn file_ref(description: &'static str) -> Obj {
    Obj {
        description,
        keys: game::FILE_REF_KEYS,
        required: &["id", "file"],
        ty: file_ref_ty,
    }
}

fn file_entry(description: &'static str) -> Obj {
    Obj {
        description,
        keys: collections::FILE_ENTRY_KEYS,
        required: &["id", "file"],
        ty: file_ref_ty,
    }
}

fn file_ref_ty(k: &str) -> Option<Ty> {
    Some(match k {
        "id" => Ty::Str("The id other entries use."),
        "file" => Ty::Str("The file, relative to the game folder."),
        _ => return None,
    })
}

fn dice_combat_obj() -> Obj {
    Obj {
        description: "What `grogpress odds GAME ATTACKER DEFENDER` reads: attack die against defense die.",
        keys: collections::DICE_COMBAT_KEYS,
        required: collections::DICE_COMBAT_KEYS,
        ty: |k| {
            Some(match k {
                "units" => Ty::Str("The units collection."),
                "attack_die" | "defense_die" => Ty::Str("The units' ref field into the dice."),
                "dice" => Ty::Str("The dice collection."),
                "faces" => Ty::Str("The dice's faces field."),
                "hit" | "bonus" | "block" => Ty::Str("A face symbol."),
                "base_type" => Ty::Str("The units' ref field into the base types."),
                "bonus_against" => Ty::Str("The base types' ref field: who each beats."),
                _ => return None,
            })
        },
    }
}

fn deck_obj() -> Obj {
    Obj {
        description: "A deck: its declared fields, constraints and cards.",
        keys: deck::DECK_KEYS,
        required: &["name", "fields"],
        ty: |k| {
            Some(match k {
                "name" => Ty::Str("The deck's name, e.g. \"Action cards\"."),
                "title_field" => Ty::Str("The field that names a card (default: `title`)."),
                "fields" => fields_ty(),
                "constraints" => constraints_ty(),
                "cards" => Ty::AnyOf(
                    vec![
                        Ty::Str("A CSV card list beside the deck file."),
                        Ty::Records(&[], "Cards: their keys are the declared fields."),
                    ],
                    "The cards (keys are the declared fields), or a CSV card list beside the deck file.",
                ),
                _ => return None,
            })
        },
    }
}

/// A collection file: a deck whose `[[items]]` carry an id, a name and an optional alias.
fn collection_obj() -> Obj {
    Obj {
        description: "A collection: declared fields, constraints and items.",
        keys: deck::COLLECTION_KEYS,
        required: &[],
        ty: collection_ty,
    }
}

fn inline_collection_obj() -> Obj {
    Obj {
        description: "A collection written in game.toml.",
        keys: deck::INLINE_COLLECTION_KEYS,
        required: &["id"],
        ty: collection_ty,
    }
}

fn collection_ty(k: &str) -> Option<Ty> {
    Some(match k {
        "id" => Ty::Str("The collection's id: what `to` and shortcodes name."),
        "name" => Ty::Str("The collection's name, e.g. \"Units\"."),
        "fields" => fields_ty(),
        "constraints" => constraints_ty(),
        "items" => Ty::Records(
            &["id", "name"],
            "Items: id, name, an optional alias and the declared fields.",
        ),
        _ => return None,
    })
}

fn fields_ty() -> Ty {
    Ty::Tables(Obj {
        description: "A declared field.",
        keys: deck::FIELD_KEYS,
        required: &["name", "kind"],
        ty: |k| {
            Some(match k {
                "name" => Ty::Str("The field's name: a key of each card."),
                "kind" => Ty::OneOf(deck::KINDS, "What the field holds."),
                "values" => Ty::StrArray("The values of an enum field."),
                "optional" => Ty::Bool("Cards may leave it out (default false)."),
                "to" => Ty::Str("What a ref field names: \"sides\" or a collection."),
                "symbols" => Ty::Map(
                    Box::new(Ty::Str("What the symbol means.")),
                    "Values an int, enum or ref field also takes (a faces field: the symbols a face may bear), each with its meaning.",
                ),
                "forms" => Ty::Tables(Obj {
                    description: "A form of a phrase field.",
                    keys: deck::FORM_KEYS,
                    required: deck::FORM_KEYS,
                    ty: |k| {
                        Some(match k {
                            "id" => Ty::Str("The form's id."),
                            "text" => Ty::AnyOf(
                                vec![
                                    Ty::Str("The words, with {collection} slots."),
                                    Ty::StrArray("Several ways to write the same form."),
                                ],
                                "The words, e.g. \"Play an Extra {card-types}\".",
                            ),
                            _ => return None,
                        })
                    },
                }),
                "sides" => Ty::Str("(faces) The int field giving the die's number of sides."),
                "totals" => Ty::Map(
                    Box::new(Ty::Str("An int field.")),
                    "(faces) The int field counting each symbol: { sword = \"swords\" }.",
                ),
                _ => return None,
            })
        },
    })
}

fn constraints_ty() -> Ty {
    Ty::Table(Obj {
        description: "Rules the cards must keep.",
        keys: deck::CONSTRAINT_KEYS,
        required: &[],
        ty: |k| {
            Some(match k {
                "count_per" => Ty::Table(Obj {
                    description: "Exactly `count` cards for each value of `field`.",
                    keys: deck::COUNT_PER_KEYS,
                    required: &["field", "count"],
                    ty: |k| {
                        Some(match k {
                            "field" => Ty::Str("A declared field."),
                            "count" => Ty::IntIn(Some(0), None, "Cards per value."),
                            _ => return None,
                        })
                    },
                }),
                "mirrored" => {
                    Ty::Str("The cards of each value of this field are the same except for it.")
                }
                "unique" => Ty::Tables(Obj {
                    description: "No two cards share `field` (within each value of `within`).",
                    keys: deck::UNIQUE_KEYS,
                    required: &["field"],
                    ty: |k| {
                        Some(match k {
                            "field" | "within" => Ty::Str("A declared field."),
                            _ => return None,
                        })
                    },
                }),
                "size" => Ty::IntIn(Some(0), None, "Exactly this many cards."),
                "complete" => Ty::OneOrMany(Obj {
                    description: "Within each value of `within`, `field` takes each of `values` exactly once.",
                    keys: deck::COMPLETE_KEYS,
                    required: &["field", "values"],
                    ty: |k| {
                        Some(match k {
                            "field" => Ty::Str("An int field."),
                            "within" => Ty::Str("A declared field."),
                            "values" => Ty::AnyOf(
                                vec![
                                    Ty::Pattern(
                                        "^\\s*-?[0-9]+\\s*\\.\\.\\s*-?[0-9]+\\s*$",
                                        "A range, \"1..10\".",
                                    ),
                                    Ty::IntArray("The values."),
                                ],
                                "\"1..10\" or [1, 2, 3].",
                            ),
                            _ => return None,
                        })
                    },
                }),
                "when" => Ty::Tables(Obj {
                    description: "Fields only some cards may have.",
                    keys: deck::WHEN_KEYS,
                    required: &["field", "is"],
                    ty: |k| {
                        Some(match k {
                            "field" => Ty::Str("A declared field."),
                            "is" => Ty::AnyOf(
                                vec![Ty::Str("A value."), Ty::StrArray("Values.")],
                                "The value(s) of `field` the rule is for.",
                            ),
                            "require" => Ty::StrArray("Fields such cards must have."),
                            "forbid" => Ty::StrArray("Fields such cards must not have."),
                            _ => return None,
                        })
                    },
                }),
                "cycle" => Ty::Str("(collections) A ref field linking every item into one cycle."),
                _ => return None,
            })
        },
    })
}

fn random_table_obj() -> Obj {
    Obj {
        description: "A random table: roll the dice, read the row.",
        keys: collections::RANDOM_TABLE_KEYS,
        required: &["roll"],
        ty: random_table_ty,
    }
}

fn inline_random_table_obj() -> Obj {
    Obj {
        description: "A random table written in game.toml.",
        keys: collections::INLINE_RANDOM_TABLE_KEYS,
        required: &["id", "roll"],
        ty: random_table_ty,
    }
}

fn random_table_ty(k: &str) -> Option<Ty> {
    Some(match k {
        "id" => Ty::Str("The table's id: what {{ table(\"id\") }} names."),
        "name" => Ty::Str("The table's name."),
        "roll" => Ty::Pattern(DICE, DICE_HELP),
        "rows" => Ty::Tables(Obj {
            description: "A row: the rolls it answers and its result.",
            keys: collections::RANDOM_ROW_KEYS,
            required: collections::RANDOM_ROW_KEYS,
            ty: |k| {
                Some(match k {
                    "roll" => Ty::AnyOf(
                        vec![
                            Ty::Str(
                                "\"4\", \"5-6\", \"4 or less\"/\"4-\", \"13 or more\"/\"13+\".",
                            ),
                            Ty::Int("One roll."),
                        ],
                        "The roll or range of rolls.",
                    ),
                    "result" => Ty::Str("The result."),
                    _ => return None,
                })
            },
        }),
        _ => return None,
    })
}
fn chart_obj() -> Obj {
    Obj {
        description: "A chart: a titled panel of blocks, printed in the chart set.",
        keys: chart::CHART_KEYS,
        required: &["title"],
        ty: |k| {
            Some(match k {
                "title" => Ty::Str("The panel's heading."),
                "rule" => Ty::Str("A rule reference printed beside it, e.g. \"5.0\"."),
                "blocks" => Ty::Blocks(
                    vec![
                        ("results", results_obj()),
                        ("ranges", ranges_obj()),
                        ("modifiers", modifiers_obj()),
                        ("matrix", matrix_obj()),
                        ("checklist", checklist_obj()),
                        ("notes", notes_obj()),
                    ],
                    "The chart's blocks, in order.",
                ),
                _ => return None,
            })
        },
    }
}

/// The keys every chart block has.
fn block_ty(k: &str) -> Option<Ty> {
    Some(match k {
        "kind" => Ty::Str("The kind of block."),
        "beside" => Ty::Bool("Set to the right of the block before."),
        "id" => Ty::Str("The block's id: what `grogpress odds` and {{ table(\"id\") }} name."),
        "title" => Ty::Str("The block's title."),
        "rule" => Ty::Str("A rule reference printed at the right of the title bar."),
        "intro" => Ty::StrArray("Rich-text paragraphs before the block."),
        "notes" => Ty::StrArray("Rich-text notes after the block."),
        "columns" => Ty::StrArray("The column headings."),
        "label_header" => Ty::Str("The heading over the row labels."),
        _ => return None,
    })
}

fn results_obj() -> Obj {
    Obj {
        description: "A results table keyed by (modified) rolls.",
        keys: chart::RESULTS_KEYS,
        required: &["kind", "id", "title", "dice"],
        ty: |k| {
            block_ty(k).or_else(|| {
                Some(match k {
                    "dice" => Ty::Pattern(DICE, DICE_HELP),
                    "drm" => Ty::Pattern(
                        "^\\s*[-+]?[0-9]+\\s*\\.\\.\\s*[-+]?[0-9]+\\s*$",
                        "The net modifiers a roll can receive, each within ±100, \"-3..+5\"; omit for a plain roll.",
                    ),
                    "roll_header" => Ty::Str("The roll column's heading (default \"Roll\")."),
                    "rows" => Ty::Tables(Obj {
                        description: "A row: the rolls it answers and a result per column.",
                        keys: chart::RESULTS_ROW_KEYS,
                        required: &["roll"],
                        ty: |k| {
                            Some(match k {
                                "roll" => Ty::Str(
                                    "\"6\", \"5-6\", \"4 or less\"/\"4-\", \"13 or more\"/\"13+\".",
                                ),
                                "results" => Ty::StrArray("One cell per column."),
                                _ => return None,
                            })
                        },
                    }),
                    "cells" => Ty::OneOf(
                        &["codes", "text"],
                        "\"codes\": legend codes joined by \" & \"; \"text\": plain outcomes.",
                    ),
                    "none" => Ty::Str("The cell meaning \"no result\" (default \"-\")."),
                    "legend" => Ty::Tables(Obj {
                        description: "A result code and what it means (`#` stands for a number).",
                        keys: chart::LEGEND_KEYS,
                        required: chart::LEGEND_KEYS,
                        ty: |k| {
                            Some(match k {
                                "code" => Ty::Str("The code, e.g. \"A#\"."),
                                "text" => Ty::Str("What it means."),
                                _ => return None,
                            })
                        },
                    }),
                    "across" => Ty::Bool("Results as column heads, rolls beneath."),
                    _ => return None,
                })
            })
        },
    }
}

fn ranges_obj() -> Obj {
    Obj {
        description: "A table of die ranges.",
        keys: chart::RANGES_KEYS,
        required: &["kind", "id", "title", "dice", "label_header"],
        ty: |k| {
            block_ty(k).or_else(|| {
                Some(match k {
                    "dice" => Ty::Pattern(DICE, DICE_HELP),
                    "span_header" => Ty::Str("A heading over the range columns."),
                    "words" => Ty::StrArray("Words allowed instead of a range."),
                    "rows" => Ty::Tables(Obj {
                        description: "A row: its label lines and a range per column.",
                        keys: chart::LABELLED_ROW_KEYS,
                        required: &["cells"],
                        ty: |k| {
                            Some(match k {
                                "label" => Ty::StrArray("The label's lines."),
                                "cells" => Ty::StrArray("A range (or word) per column."),
                                _ => return None,
                            })
                        },
                    }),
                    _ => return None,
                })
            })
        },
    }
}

fn modifier_obj(description: &'static str) -> Obj {
    Obj {
        description,
        keys: chart::MODIFIER_KEYS,
        required: chart::MODIFIER_KEYS,
        ty: |k| {
            Some(match k {
                "text" => Ty::Str("What the modifier is for."),
                "value" => Ty::Str("\"+1\", \"-2\", \"-X\", \"+/-X\"."),
                _ => return None,
            })
        },
    }
}

fn modifiers_obj() -> Obj {
    Obj {
        description: "A modifier list in headed sections.",
        keys: chart::MODIFIERS_KEYS,
        required: &["kind", "id", "title"],
        ty: |k| {
            block_ty(k).or_else(|| {
                Some(match k {
                    "value_header" => Ty::Str("A header over the values."),
                    "sections" => Ty::Tables(Obj {
                        description: "A section of modifiers.",
                        keys: chart::MODIFIER_SECTION_KEYS,
                        required: &[],
                        ty: |k| {
                            Some(match k {
                                "heading" => Ty::Str("The section's heading."),
                                "entries" => Ty::ArrayOf(
                                    Box::new(Ty::IfHas(
                                        "options",
                                        Obj {
                                            description: "A group of modifiers tied together.",
                                            keys: chart::MODIFIER_GROUP_KEYS,
                                            required: &["options"],
                                            ty: |k| {
                                                Some(match k {
                                                    "lead" => Ty::Str("A lead-in line."),
                                                    "only_one" => {
                                                        Ty::Bool("Use only one of the options.")
                                                    }
                                                    "joined" => Ty::Bool(
                                                        "Printed on one line, joined by \" / \".",
                                                    ),
                                                    "options" => Ty::Tables(modifier_obj(
                                                        "An option of the group.",
                                                    )),
                                                    _ => return None,
                                                })
                                            },
                                        },
                                        modifier_obj("A modifier."),
                                        "A modifier, or a group of them.",
                                    )),
                                    "The section's modifiers.",
                                ),
                                _ => return None,
                            })
                        },
                    }),
                    _ => return None,
                })
            })
        },
    }
}

fn matrix_row_obj() -> Obj {
    Obj {
        description: "A row: its label and a symbol per column.",
        keys: chart::LABELLED_ROW_KEYS,
        required: &["cells"],
        ty: |k| {
            Some(match k {
                "label" => Ty::Str("The row's label."),
                "cells" => Ty::StrArray("A declared symbol per column."),
                _ => return None,
            })
        },
    }
}

fn matrix_obj() -> Obj {
    Obj {
        description: "A grid of declared symbols.",
        keys: chart::MATRIX_KEYS,
        required: &["kind", "id", "title"],
        ty: |k| {
            block_ty(k).or_else(|| {
                Some(match k {
                    "symbols" => Ty::StrArray("Every cell is one of these; each is used."),
                    "rows" => Ty::Tables(matrix_row_obj()),
                    "sections" => Ty::Tables(Obj {
                        description: "A headed section of rows.",
                        keys: chart::MATRIX_SECTION_KEYS,
                        required: &[],
                        ty: |k| {
                            Some(match k {
                                "heading" => Ty::Str("The section's heading."),
                                "rows" => Ty::Tables(matrix_row_obj()),
                                _ => return None,
                            })
                        },
                    }),
                    "lookup" => Ty::Table(Obj {
                        description: "The first `keys` columns are conditions; each combination needs exactly one row.",
                        keys: chart::LOOKUP_KEYS,
                        required: &["keys"],
                        ty: |k| {
                            Some(match k {
                                "keys" => Ty::IntIn(Some(0), None, "How many condition columns."),
                                "values" => Ty::StrArray("The values a condition takes."),
                                _ => return None,
                            })
                        },
                    }),
                    _ => return None,
                })
            })
        },
    }
}

fn checklist_obj() -> Obj {
    Obj {
        description: "Steps in headed sections.",
        keys: chart::CHECKLIST_KEYS,
        required: &["kind", "id", "title"],
        ty: |k| {
            block_ty(k).or_else(|| {
                Some(match k {
                    "actors" => Ty::StrArray("Who may carry out a step."),
                    "sections" => Ty::Tables(Obj {
                        description: "A section of steps.",
                        keys: chart::CHECKLIST_SECTION_KEYS,
                        required: &[],
                        ty: |k| {
                            Some(match k {
                                "heading" => Ty::Str("The section's heading."),
                                "numbering" => Ty::OneOf(
                                    &["numbers", "letters", "none"],
                                    "1), 2)...; a), b)...; or marks.",
                                ),
                                "mark" => Ty::Str("Printed before unnumbered steps and sub-items."),
                                "intro" => Ty::StrArray("Paragraphs before the steps."),
                                "steps" => Ty::ArrayOf(Box::new(Ty::Ref("step")), "The steps."),
                                "outro" => Ty::StrArray("Paragraphs after the steps."),
                                _ => return None,
                            })
                        },
                    }),
                    _ => return None,
                })
            })
        },
    }
}

/// A checklist step; its sub-items are steps too.
fn step_obj() -> Obj {
    Obj {
        description: "A step: a title and/or text, who carries it out, sub-items.",
        keys: chart::STEP_KEYS,
        required: &[],
        ty: |k| {
            Some(match k {
                "title" => Ty::Str("The step's title."),
                "text" => Ty::Str("The step's text."),
                "actor" => Ty::Str("One of the checklist's actors."),
                "mark" => Ty::Str("A mark printed before it."),
                "items" => Ty::ArrayOf(Box::new(Ty::Ref("step")), "Sub-items."),
                _ => return None,
            })
        },
    }
}

fn notes_obj() -> Obj {
    Obj {
        description: "Paragraphs.",
        keys: chart::NOTES_KEYS,
        required: &["kind"],
        ty: |k| match k {
            "text" => Some(Ty::StrArray("Rich-text paragraphs.")),
            _ => block_ty(k),
        },
    }
}

fn aid_obj() -> Obj {
    Obj {
        description: "A player aid: blocks printed top to bottom.",
        keys: aid::AID_KEYS,
        required: &["title"],
        ty: |k| {
            Some(match k {
                "title" => Ty::Str("The aid's title."),
                "blocks" => Ty::Blocks(aid_blocks(), "The aid's blocks."),
                _ => return None,
            })
        },
    }
}

/// Each kind of aid block has its own keys.
fn aid_blocks() -> Vec<(&'static str, Obj)> {
    let kind = |keys, description| Obj {
        description,
        keys,
        required: &["kind"],
        ty: aid_block_ty,
    };
    vec![
        (
            "paragraph",
            kind(aid::PARAGRAPH_KEYS, "A rich-text paragraph."),
        ),
        (
            "forces",
            kind(aid::FORCES_KEYS, "\"Forces: 5 Inf, ...\" from game.toml."),
        ),
        (
            "list",
            kind(aid::LIST_KEYS, "A bulleted list of rich-text items."),
        ),
        (
            "points",
            kind(aid::POINTS_KEYS, "A heading and rows of (where, points)."),
        ),
    ]
}

fn aid_block_ty(k: &str) -> Option<Ty> {
    Some(match k {
        "kind" => Ty::Str("The kind of block."),
        "text" => Ty::Str("Rich text: **bold**, *italic*."),
        "items" => Ty::StrArray("Rich-text items."),
        "heading" => Ty::Str("Rich-text heading."),
        "rows" => Ty::Tables(Obj {
            description: "A row of the points table.",
            keys: aid::POINTS_ROW_KEYS,
            required: &["where", "points"],
            ty: |k| {
                Some(match k {
                    "where" => Ty::Str("Where, e.g. \"In your base line\"."),
                    "points" => Ty::Int("Points."),
                    _ => return None,
                })
            },
        }),
        _ => return None,
    })
}

/// A card layout's `[background]`: fill, art and border, out to the bleed edge.
fn background_obj() -> Obj {
    Obj {
        description: "Drawn behind the frames and text, out to the bleed edge in print-shop and --bleed output and to the trim on butted home sheets.",
        keys: background::BACKGROUND_KEYS,
        required: &[],
        ty: |k| {
            Some(match k {
                "color" => Ty::Str("Fill colour, \"#RRGGBB\"."),
                "art" => Ty::Tables(Obj {
                    description: "An icon in a colour; it may run past the trim into the bleed.",
                    keys: background::ART_KEYS,
                    required: background::ART_KEYS,
                    ty: |k| {
                        Some(match k {
                            "icon" => {
                                Ty::Str("data/icons/<icon>.svg or the game's icons/<icon>.svg.")
                            }
                            "color" => Ty::Str("\"#RRGGBB\"."),
                            "left" | "top" => {
                                Ty::Length("From the card's top-left corner; may be negative.")
                            }
                            "size" => Ty::Length("The icon's square."),
                            _ => return None,
                        })
                    },
                }),
                "border" => Ty::Table(Obj {
                    description: "A band along the card's edge, over the art.",
                    keys: background::BORDER_KEYS,
                    required: background::BORDER_KEYS,
                    ty: |k| {
                        Some(match k {
                            "color" => Ty::Str("\"#RRGGBB\"."),
                            "width" => {
                                Ty::Length("Inside the trim; it carries on through the bleed.")
                            }
                            _ => return None,
                        })
                    },
                }),
                _ => return None,
            })
        },
    }
}

fn layout_obj() -> Obj {
    Obj {
        description: "A card layout: regions of the card, one per field, and frames.",
        keys: template::TEMPLATE_KEYS,
        required: &["name", "family"],
        ty: |k| {
            Some(match k {
                "name" => Ty::Str("The layout's name."),
                "family" => Ty::Str("A font family of fonts/fonts.toml."),
                "background" => Ty::Table(background_obj()),
                "frames" => Ty::Tables(Obj {
                    description: "A rectangle outline drawn on the card.",
                    keys: template::FRAME_KEYS,
                    required: &["left", "top", "width", "height"],
                    ty: |k| {
                        Some(match k {
                            "left" | "top" | "width" | "height" => Ty::Length(
                                "Points from the card's top-left corner, or a string with a unit.",
                            ),
                            "radius" => Ty::Length("Corner radius (default 0)."),
                            "stroke" => Ty::Length("Line width (default 0.75 pt)."),
                            _ => return None,
                        })
                    },
                }),
                "regions" => Ty::Tables(Obj {
                    description: "A box on the card, in points from its top-left corner.",
                    keys: template::REGION_KEYS,
                    required: &["field", "left", "top", "width", "height", "size"],
                    ty: |k| {
                        Some(match k {
                            "field" => Ty::Str("The deck field printed here."),
                            "left" | "top" | "width" | "height" => {
                                Ty::Length("Points, or a string with a unit.")
                            }
                            "size" => Ty::Num("Preferred type size, pt."),
                            "min_size" => Ty::Num("Shrink down to this before card-overflow."),
                            "leading" => Ty::Num("Line height as a multiple of the size."),
                            "style" => Ty::OneOf(
                                &["regular", "bold", "italic", "bold-italic"],
                                "Type style.",
                            ),
                            "align" => Ty::OneOf(&["left", "center", "right"], "Alignment."),
                            "valign" => {
                                Ty::OneOf(&["top", "middle", "bottom"], "Vertical alignment.")
                            }
                            "format" => Ty::Str("{} is the field's text, e.g. \"{}:\"."),
                            _ => return None,
                        })
                    },
                }),
                _ => return None,
            })
        },
    }
}

fn sheets_obj() -> Obj {
    Obj {
        description: "Label and card sheet templates.",
        keys: sheets::SHEETS_FILE_KEYS,
        required: &[],
        ty: |k| {
            Some(match k {
                "sheet" => Ty::Tables(Obj {
                    description: "A sheet of labels (sizes from the gLabels template database).",
                    keys: sheets::SHEET_KEYS,
                    required: &[
                        "id",
                        "name",
                        "paper",
                        "label_width",
                        "label_height",
                        "columns",
                        "rows",
                        "left",
                        "top",
                        "pitch_x",
                        "pitch_y",
                    ],
                    ty: |k| {
                        Some(match k {
                            "id" => Ty::Str("What --sheet takes, e.g. \"avery-5395\"."),
                            "name" => Ty::Str("Shown by `grogpress sheets`."),
                            "aliases" => Ty::StrArray("Other product numbers of the same sheet."),
                            "paper" => Ty::AnyOf(
                                vec![
                                    Ty::OneOf(&["letter", "a4"], "A paper size."),
                                    Ty::Table(Obj {
                                        description: "A custom paper size.",
                                        keys: sheets::PAPER_KEYS,
                                        required: &["width", "height"],
                                        ty: |k| match k {
                                            "width" | "height" => Some(Ty::Length("A length.")),
                                            _ => None,
                                        },
                                    }),
                                ],
                                "\"letter\", \"a4\" or { width, height }.",
                            ),
                            "columns" | "rows" => Ty::Int("Labels across / down."),
                            "label_width" | "label_height" | "radius" | "left" | "top"
                            | "pitch_x" | "pitch_y" => Ty::Length(
                                "Points, or a string with a unit: \"0.125in\", \"3.2mm\", \"9pt\".",
                            ),
                            _ => return None,
                        })
                    },
                }),
                "card_size" => Ty::Tables(Obj {
                    description: "A playing-card size for print-and-play sheets.",
                    keys: sheets::CARD_SIZE_KEYS,
                    required: sheets::CARD_SIZE_KEYS,
                    ty: |k| {
                        Some(match k {
                            "id" => Ty::Str("e.g. \"poker\"."),
                            "name" => Ty::Str("Shown in listings."),
                            "width" | "height" => Ty::Length("A length."),
                            _ => return None,
                        })
                    },
                }),
                _ => return None,
            })
        },
    }
}

fn fonts_obj() -> Obj {
    Obj {
        description: "Font families text is laid out with.",
        keys: fonts::FONTS_FILE_KEYS,
        required: &[],
        ty: |k| {
            Some(match k {
                "family" => Ty::Tables(Obj {
                    description: "A family: its four faces, files in fonts/.",
                    keys: fonts::FAMILY_KEYS,
                    required: fonts::FAMILY_KEYS,
                    ty: |k| {
                        Some(match k {
                            "name" => Ty::Str("What layouts name, e.g. \"sans-condensed\"."),
                            _ => Ty::Str("A TrueType/OpenType file in fonts/."),
                        })
                    },
                }),
                _ => return None,
            })
        },
    }
}

/// A table as a JSON Schema object: its keys exactly, nothing else. `kind`
/// pins the table's `kind` key to one value (a block of that kind).
fn obj_json(obj: &Obj, indent: usize, kind: Option<&str>) -> String {
    let pad = "  ".repeat(indent);
    let mut props = Vec::new();
    for key in obj.keys {
        let ty = match kind {
            Some(kind) if *key == "kind" => format!("{{ \"const\": {} }}", json_string(kind)),
            _ => (obj.ty)(key).map_or_else(|| "{}".to_string(), |t| ty_json(&t, indent + 2)),
        };
        props.push(format!("{pad}    {}: {ty}", json_string(key)));
    }
    let required: Vec<String> = obj
        .required
        .iter()
        .filter(|r| obj.keys.contains(r))
        .map(|r| json_string(r))
        .collect();
    format!(
        "{{\n{pad}  \"type\": \"object\",\n{pad}  \"description\": {},\n{pad}  \"additionalProperties\": false,\n{pad}  \"required\": [{}],\n{pad}  \"properties\": {{\n{}\n{pad}  }}\n{pad}}}",
        json_string(obj.description),
        required.join(", "),
        props.join(",\n")
    )
}

fn ty_json(ty: &Ty, indent: usize) -> String {
    let simple = |t: &str, d: &str| {
        format!(
            "{{ \"type\": \"{t}\", \"description\": {} }}",
            json_string(d)
        )
    };
    let list = |tys: &[String]| tys.join(", ");
    match ty {
        Ty::Str(d) => simple("string", d),
        Ty::Int(d) => simple("integer", d),
        Ty::IntIn(min, max, d) => {
            let mut bounds = String::new();
            if let Some(min) = min {
                let _ = write!(bounds, ", \"minimum\": {min}");
            }
            if let Some(max) = max {
                let _ = write!(bounds, ", \"maximum\": {max}");
            }
            format!(
                "{{ \"type\": \"integer\"{bounds}, \"description\": {} }}",
                json_string(d)
            )
        }
        Ty::Bool(d) => simple("boolean", d),
        Ty::Num(d) => simple("number", d),
        Ty::Length(d) => format!(
            "{{ \"description\": {}, \"anyOf\": [ {{ \"type\": \"number\" }}, {{ \"type\": \"string\", \"pattern\": \"^\\\\s*-?[0-9]*\\\\.?[0-9]+\\\\s*(in|mm|cm|pt)?\\\\s*$\" }} ] }}",
            json_string(d)
        ),
        Ty::Pattern(pattern, d) => format!(
            "{{ \"type\": \"string\", \"pattern\": {}, \"description\": {} }}",
            json_string(pattern),
            json_string(d)
        ),
        Ty::OneOf(values, d) => format!(
            "{{ \"type\": \"string\", \"enum\": [{}], \"description\": {} }}",
            values
                .iter()
                .map(|v| json_string(v))
                .collect::<Vec<_>>()
                .join(", "),
            json_string(d)
        ),
        Ty::StrArray(d) => format!(
            "{{ \"type\": \"array\", \"items\": {{ \"type\": \"string\" }}, \"description\": {} }}",
            json_string(d)
        ),
        Ty::IntArray(d) => format!(
            "{{ \"type\": \"array\", \"items\": {{ \"type\": \"integer\" }}, \"description\": {} }}",
            json_string(d)
        ),
        Ty::Table(obj) => obj_json(obj, indent, None),
        Ty::Tables(obj) => format!(
            "{{ \"type\": \"array\", \"items\": {} }}",
            obj_json(obj, indent, None)
        ),
        Ty::OneOrMany(obj) => {
            let one = obj_json(obj, indent, None);
            format!(
                "{{ \"description\": {}, \"if\": {{ \"type\": \"array\" }}, \"then\": {{ \"type\": \"array\", \"items\": {one} }}, \"else\": {one} }}",
                json_string(obj.description)
            )
        }
        Ty::ArrayOf(item, d) => format!(
            "{{ \"type\": \"array\", \"description\": {}, \"items\": {} }}",
            json_string(d),
            ty_json(item, indent)
        ),
        Ty::AnyOf(tys, d) => {
            let tys: Vec<String> = tys.iter().map(|t| ty_json(t, indent)).collect();
            format!(
                "{{ \"description\": {}, \"anyOf\": [ {} ] }}",
                json_string(d),
                list(&tys)
            )
        }
        Ty::IfHas(key, with, without, d) => format!(
            "{{ \"type\": \"object\", \"description\": {}, \"if\": {{ \"required\": [{}] }}, \"then\": {}, \"else\": {} }}",
            json_string(d),
            json_string(key),
            obj_json(with, indent, None),
            obj_json(without, indent, None)
        ),
        Ty::Map(value, d) => format!(
            "{{ \"type\": \"object\", \"description\": {}, \"additionalProperties\": {} }}",
            json_string(d),
            ty_json(value, indent)
        ),
        Ty::Blocks(kinds, d) => {
            // if/then rather than oneOf: an editor then names the very key
            // that is wrong, not the whole block; `kind` itself must be known.
            let alternatives: Vec<String> = kinds
                .iter()
                .map(|(kind, obj)| {
                    format!(
                        "{{ \"if\": {{ \"properties\": {{ \"kind\": {{ \"const\": {} }} }} }}, \"then\": {} }}",
                        json_string(kind),
                        obj_json(obj, indent + 2, Some(kind))
                    )
                })
                .collect();
            let names: Vec<String> = kinds.iter().map(|(k, _)| json_string(k)).collect();
            format!(
                "{{ \"type\": \"array\", \"description\": {}, \"items\": {{ \"type\": \"object\", \"required\": [\"kind\"], \"properties\": {{ \"kind\": {{ \"enum\": [{}], \"description\": \"The kind of block.\" }} }}, \"allOf\": [\n{}\n] }} }}",
                json_string(d),
                list(&names),
                alternatives.join(",\n")
            )
        }
        Ty::Ref(name) => format!("{{ \"$ref\": \"#/definitions/{name}\" }}"),
        Ty::Records(required, d) => format!(
            "{{ \"type\": \"array\", \"description\": {}, \"items\": {{ \"type\": \"object\", \"required\": [{}] }} }}",
            json_string(d),
            required
                .iter()
                .map(|r| json_string(r))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// Walks every key of every table of every schema: `visit(path, type)`
/// with `None` for a key the loader checks but the schema does not type.
fn walk_schemas(visit: &mut dyn FnMut(&str, Option<&Ty>)) {
    fn ty(t: &Ty, path: &str, visit: &mut dyn FnMut(&str, Option<&Ty>)) {
        visit(path, Some(t));
        match t {
            Ty::Table(o) | Ty::Tables(o) | Ty::OneOrMany(o) => obj(o, path, visit),
            Ty::IfHas(key, with, without, _) => {
                obj(with, &format!("{path}[{key}]"), visit);
                obj(without, &format!("{path}[no {key}]"), visit);
            }
            Ty::ArrayOf(inner, _) | Ty::Map(inner, _) => ty(inner, &format!("{path}[]"), visit),
            Ty::AnyOf(tys, _) => {
                for (i, t) in tys.iter().enumerate() {
                    ty(t, &format!("{path}|{i}"), visit);
                }
            }
            Ty::Blocks(kinds, _) => {
                for (kind, o) in kinds {
                    obj(o, &format!("{path}[{kind}]"), visit);
                }
            }
            _ => {}
        }
    }
    fn obj(o: &Obj, path: &str, visit: &mut dyn FnMut(&str, Option<&Ty>)) {
        for key in o.keys {
            let path = format!("{path}.{key}");
            match (o.ty)(key) {
                Some(t) => ty(&t, &path, visit),
                None => visit(&path, None),
            }
        }
    }
    for s in schemas() {
        obj(&s.obj, s.file_name, visit);
        for (name, o) in &s.definitions {
            obj(o, &format!("{}#{name}", s.file_name), visit);
        }
    }
}

/// Keys the loaders check that their schema leaves untyped (none, once every
/// key added to a loader's list is given a type here).
pub fn untyped_keys() -> Vec<String> {
    let mut out = Vec::new();
    walk_schemas(&mut |path, ty| {
        if ty.is_none() {
            out.push(path.to_string());
        }
    });
    out
}

/// Keys whose tables the schema leaves open: cards and items, whose keys are
/// the file's own declared fields, which a schema of every file cannot know.
pub fn open_keys() -> Vec<String> {
    let mut out = Vec::new();
    walk_schemas(&mut |path, ty| {
        if matches!(ty, Some(Ty::Records(..))) {
            out.push(path.to_string());
        }
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_has_a_type() {
        assert_eq!(untyped_keys(), Vec::<String>::new());
    }

    #[test]
    fn schemas_name_the_loader_keys() {
        let game = schemas().remove(0).to_json();
        for key in game::GAME_KEYS
            .iter()
            .chain(game::LABEL_JOB_KEYS)
            .chain(game::COUNTERS_KEYS)
            .chain(collections::DICE_COMBAT_KEYS)
        {
            assert!(game.contains(&format!("\"{key}\": {{")), "{key}");
        }
        assert!(game.contains("\"additionalProperties\": false"));
        let chart = schemas()
            .into_iter()
            .find(|s| s.file_name == "chart.schema.json")
            .map(|s| s.to_json())
            .unwrap_or_default();
        for key in chart::RESULTS_KEYS.iter().chain(chart::STEP_KEYS) {
            assert!(chart.contains(&format!("\"{key}\": {{")), "{key}");
        }
        assert!(chart.contains("\"$ref\": \"#/definitions/step\""));
    }
}
