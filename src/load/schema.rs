//! Load stage, for editors: JSON Schemas of every kind of data file (game,
//! deck, aid, sheets, card layout, fonts), built from the very key lists the
//! loaders check with `Reader::check_keys`, so a key the loader accepts is a
//! key the schema offers, and no other. Editors with taplo (VS Code's Even
//! Better TOML, Helix, Zed) use them through a `#:schema` line to complete
//! keys and underline typos while typing.

use std::fmt::Write as _;

use super::{aid, background, deck, fonts, game, sheets, template};
use crate::diag::json_string;

/// The type of a value, as a JSON Schema.
enum Ty {
    Str(&'static str),
    Int(&'static str),
    Bool(&'static str),
    Num(&'static str),
    /// A number of points, or a string with a unit.
    Length(&'static str),
    OneOf(&'static [&'static str], &'static str),
    StrArray(&'static str),
    Table(Obj),
    Tables(Obj),
    /// Written out as given (for the few values with two shapes).
    Raw(String),
    /// Any value: keys whose inner shape the schema does not describe yet.
    Any(&'static str),
}

/// A TOML table: its keys (the loader's list), which are required, and the type of each key.
struct Obj {
    description: &'static str,
    keys: &'static [&'static str],
    required: &'static [&'static str],
    ty: fn(&str) -> Option<Ty>,
}

/// One schema file: its name and the document's table.
pub struct Schema {
    pub file_name: &'static str,
    pub title: &'static str,
    obj: Obj,
}

/// Every schema, in the order `grogpress schema` writes them.
pub fn schemas() -> Vec<Schema> {
    vec![
        Schema {
            file_name: "game.schema.json",
            title: "grogpress game.toml",
            obj: game_obj(),
        },
        Schema {
            file_name: "deck.schema.json",
            title: "grogpress deck file",
            obj: deck_obj(),
        },
        Schema {
            file_name: "aid.schema.json",
            title: "grogpress player-aid file",
            obj: aid_obj(),
        },
        Schema {
            file_name: "sheets.schema.json",
            title: "grogpress data/sheets.toml",
            obj: sheets_obj(),
        },
        Schema {
            file_name: "layout.schema.json",
            title: "grogpress card layout (templates/labels/*.toml)",
            obj: layout_obj(),
        },
        Schema {
            file_name: "fonts.schema.json",
            title: "grogpress fonts/fonts.toml",
            obj: fonts_obj(),
        },
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
        let body = obj_json(&self.obj, 1);
        // Splice the document's own members after the title.
        out.push_str(&body[2..]);
        out.push('\n');
        out
    }
}

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
                "charts" => Ty::Tables(file_ref("A chart file.")),
                "collections" | "random_tables" | "dice_combat" => {
                    Ty::Any("See docs/data-format.md.")
                }
                "publish" => Ty::Table(Obj {
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
                                        "sheet" => Ty::Str(
                                            "A sheet of `grogpress sheets`, e.g. \"avery-5395\".",
                                        ),
                                        "layout" => Ty::Str(
                                            "A card layout: templates/labels/<layout>.toml.",
                                        ),
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
                                        "copies" => Ty::Raw(
                                            "{ \"type\": \"integer\", \"minimum\": 1, \"maximum\": 4, \"description\": \"Copies side by side on one page, cut line between.\" }".into(),
                                        ),
                                        _ => return None,
                                    })
                                },
                            }),
                            "rulebook" => Ty::Any(
                                "false to not typeset the rules pages as a PDF rulebook (the default is true).",
                            ),
                            "cards" | "units_and_dice" | "card_lists" | "counters" => {
                                Ty::Any("See docs/data-format.md.")
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

fn file_ref(description: &'static str) -> Obj {
    Obj {
        description,
        keys: game::FILE_REF_KEYS,
        required: &["id", "file"],
        ty: |k| {
            Some(match k {
                "id" => Ty::Str("The id publish entries use."),
                "file" => Ty::Str("The file, relative to the game folder."),
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
                "fields" => Ty::Tables(Obj {
                    description: "A field of the cards.",
                    keys: deck::FIELD_KEYS,
                    required: &["name", "kind"],
                    ty: |k| {
                        Some(match k {
                            "name" => Ty::Str("The field's name: a key of each card."),
                            "kind" => Ty::OneOf(deck::KINDS, "What the field holds."),
                            "values" => Ty::StrArray("The values of an enum field."),
                            "optional" => Ty::Bool("Cards may leave it out (default false)."),
                            "to" => Ty::Str("What a ref field names: \"sides\" or a collection."),
                            "symbols" => Ty::Any("Icons a rich field may use."),
                            "forms" => Ty::Any("The forms of a phrase field."),
                            "sides" => Ty::Any("The sides of a faces field."),
                            "totals" => Ty::Any("Totals of a faces field."),
                            _ => return None,
                        })
                    },
                }),
                "constraints" => Ty::Table(Obj {
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
                                        "count" => Ty::Int("Cards per value."),
                                        _ => return None,
                                    })
                                },
                            }),
                            "mirrored" => Ty::Str(
                                "The cards of each value of this field are the same except for it.",
                            ),
                            "unique" => Ty::Tables(Obj {
                                description: "No two cards share `field` (within each value of `within`).",
                                keys: deck::UNIQUE_KEYS,
                                required: &["field"],
                                ty: |k| {
                                    Some(match k {
                                        "field" => Ty::Str("A declared field."),
                                        "within" => Ty::Str("A declared field."),
                                        _ => return None,
                                    })
                                },
                            }),
                            "size" | "complete" | "when" | "cycle" => {
                                Ty::Any("See docs/data-format.md.")
                            }
                            _ => return None,
                        })
                    },
                }),
                "cards" => Ty::Raw(
                    "{ \"description\": \"The cards (keys are the declared fields), or a CSV card list beside the deck file.\", \"anyOf\": [ { \"type\": \"string\" }, { \"type\": \"array\", \"items\": { \"type\": \"object\" } } ] }".into(),
                ),
                _ => return None,
            })
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
                "blocks" => Ty::Raw(aid_blocks()),
                _ => return None,
            })
        },
    }
}

/// Each kind of block has its own keys: one alternative per kind.
fn aid_blocks() -> String {
    let kinds: [(&str, &[&str], Obj); 4] = [
        (
            "paragraph",
            aid::PARAGRAPH_KEYS,
            block("A rich-text paragraph."),
        ),
        (
            "forces",
            aid::FORCES_KEYS,
            block("\"Forces: 5 Inf, ...\" from game.toml."),
        ),
        (
            "list",
            aid::LIST_KEYS,
            block("A bulleted list of rich-text items."),
        ),
        (
            "points",
            aid::POINTS_KEYS,
            block("A heading and rows of (where, points)."),
        ),
    ];
    let alternatives: Vec<String> = kinds
        .into_iter()
        .map(|(kind, keys, mut obj)| {
            obj.keys = keys;
            let mut json = obj_json(&obj, 4);
            // Pin `kind` to this block's kind.
            json = json.replacen(
                "\"kind\": { \"type\": \"string\"",
                &format!("\"kind\": {{ \"const\": \"{kind}\""),
                1,
            );
            json
        })
        .collect();
    format!(
        "{{ \"type\": \"array\", \"description\": \"The aid's blocks.\", \"items\": {{ \"oneOf\": [\n{}\n] }} }}",
        alternatives.join(",\n")
    )
}

fn block(description: &'static str) -> Obj {
    Obj {
        description,
        keys: &[],
        required: &["kind"],
        ty: |k| {
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
                            "paper" => Ty::Raw(format!(
                                "{{ \"description\": \"\\\"letter\\\", \\\"a4\\\" or {{ width, height }}.\", \"anyOf\": [ {{ \"enum\": [\"letter\", \"a4\"] }}, {} ] }}",
                                obj_json(
                                    &Obj {
                                        description: "A custom paper size.",
                                        keys: sheets::PAPER_KEYS,
                                        required: &["width", "height"],
                                        ty: |k| match k {
                                            "width" | "height" => Some(Ty::Length("A length.")),
                                            _ => None,
                                        },
                                    },
                                    4
                                )
                            )),
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

fn layout_obj() -> Obj {
    Obj {
        description: "A card layout: regions of the card, one per field.",
        keys: template::TEMPLATE_KEYS,
        required: &["name", "family", "regions"],
        ty: |k| {
            Some(match k {
                "name" => Ty::Str("The layout's name."),
                "family" => Ty::Str("A font family of fonts/fonts.toml."),
                "frames" => Ty::Any("Frames drawn on the card; see docs/data-format.md."),
                "background" => Ty::Table(background_obj()),
                "regions" => Ty::Tables(Obj {
                    description: "A box on the card, in points from its top-left corner.",
                    keys: template::REGION_KEYS,
                    required: &["field", "left", "top", "width", "height"],
                    ty: |k| {
                        Some(match k {
                            "field" => Ty::Str("The deck field printed here."),
                            "left" | "top" | "width" | "height" => Ty::Num("Points."),
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

/// A table as a JSON Schema object: its keys exactly, nothing else.
fn obj_json(obj: &Obj, indent: usize) -> String {
    let pad = "  ".repeat(indent);
    let mut props = Vec::new();
    for key in obj.keys {
        let ty = (obj.ty)(key).map_or_else(|| "{}".to_string(), |t| ty_json(&t, indent + 2));
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
    match ty {
        Ty::Str(d) => simple("string", d),
        Ty::Int(d) => simple("integer", d),
        Ty::Bool(d) => simple("boolean", d),
        Ty::Num(d) => simple("number", d),
        Ty::Length(d) => format!(
            "{{ \"description\": {}, \"anyOf\": [ {{ \"type\": \"number\" }}, {{ \"type\": \"string\", \"pattern\": \"^\\\\s*-?[0-9]*\\\\.?[0-9]+\\\\s*(in|mm|cm|pt)?\\\\s*$\" }} ] }}",
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
        Ty::Table(obj) => obj_json(obj, indent),
        Ty::Tables(obj) => format!(
            "{{ \"type\": \"array\", \"items\": {} }}",
            obj_json(obj, indent)
        ),
        Ty::Raw(json) => json.clone(),
        Ty::Any(d) => format!("{{ \"description\": {} }}", json_string(d)),
    }
}

/// Every key in every table of every schema has a type (a key added to a
/// loader's list without one is allowed, untyped, and fails this check).
pub fn untyped_keys() -> Vec<String> {
    fn walk(obj: &Obj, path: &str, out: &mut Vec<String>) {
        for key in obj.keys {
            match (obj.ty)(key) {
                None => out.push(format!("{path}.{key}")),
                Some(Ty::Table(o)) | Some(Ty::Tables(o)) => walk(&o, &format!("{path}.{key}"), out),
                Some(_) => {}
            }
        }
    }
    let mut out = Vec::new();
    for s in schemas() {
        walk(&s.obj, s.file_name, &mut out);
    }
    for (kind, keys) in [
        ("paragraph", aid::PARAGRAPH_KEYS),
        ("forces", aid::FORCES_KEYS),
        ("list", aid::LIST_KEYS),
        ("points", aid::POINTS_KEYS),
    ] {
        let mut obj = block("");
        obj.keys = keys;
        walk(&obj, &format!("aid.blocks[{kind}]"), &mut out);
    }
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
        for key in game::GAME_KEYS.iter().chain(game::LABEL_JOB_KEYS) {
            assert!(game.contains(&format!("\"{key}\": {{")), "{key}");
        }
        assert!(game.contains("\"additionalProperties\": false"));
    }
}
