//! Load stage: a deck file — its declared fields, constraints and cards — into
//! a [`Deck`]; and a collection (a deck whose `[[items]]` carry an id, a name
//! and an optional alias), from its own file or inline in `game.toml`.

use toml::de::DeValue;

use super::OpError;
use super::spec::{Key, OneOf, Tab, kinds, one_of, table};
use super::toml::{Reader, Table, as_table, parse, parse_piece};
use crate::diag::{Diagnostics, FileId, Loc};
use crate::model::{
    Card, Complete, Constraints, CountPer, Deck, FacesDecl, FieldDecl, FieldKind, FieldValue,
    Located, PhraseForm, TextPool, Unique, When, form_slots,
};

table! { pub mod deck_file: "a deck file" / "the deck",
    "A deck: its declared fields, constraints and cards.";
    name: req Str("The deck's name, e.g. \"Action cards\"."),
    title_field: opt Str("The field that names a card (default: `title`)."),
    fields: req Tables(&field::DEF),
    constraints: opt Table(&constraints::DEF),
    cards: opt AnyOf(
        &[
            Ty::Str("A CSV card list beside the deck file."),
            Ty::Records(&[], "Cards: their keys are the declared fields."),
        ],
        "The cards (keys are the declared fields), or a CSV card list beside the deck file.",
    ),
}

table! { pub mod collection_file: "a collection file",
    "A collection: declared fields, constraints and items.";
    name: opt Str("The collection's name, e.g. \"Units\"."),
    fields: opt Tables(&field::DEF),
    constraints = super::deck_file::constraints,
    items: opt Records(&["id", "name"],
        "Items: id, name, an optional alias and the declared fields."),
}

table! { pub mod inline_collection: "[[collections]]", "A collection written in game.toml.";
    id: req Str("The collection's id: what `to` and shortcodes name."),
    name = super::collection_file::name,
    fields = super::collection_file::fields,
    constraints = super::deck_file::constraints,
    items = super::collection_file::items,
}

one_of!(
    /// What a declared field holds, as written (`[[fields]]`'s `kind`).
    pub enum Kind {
        Text = "text",
        Rich = "rich",
        Int = "int",
        Enum = "enum",
        Ref = "ref",
        Phrase = "phrase",
        Faces = "faces",
        YesNo = "yes-no",
    }
);

table! { pub mod field: "[[fields]]", "A declared field.";
    name: req Str("The field's name: a key of each card."),
    kind: req Word(Kind,
        "What the field holds."),
    values: opt StrArray("The values of an enum field."),
    optional: opt Bool("Cards may leave it out (default false)."),
    to: opt Str("What a ref field names: \"sides\" or a collection."),
    symbols: opt Map(&Ty::Str("What the symbol means."),
        "Values an int, enum or ref field also takes (a faces field: the symbols a face may bear), each with its meaning."),
    forms: opt Tables(&form::DEF),
    sides: opt Str("(faces) The int field giving the die's number of sides."),
    totals: opt Map(&Ty::Str("An int field."),
        "(faces) The int field counting each symbol: { sword = \"swords\" }."),
    min: opt Int("An int field's least value: a card's value below it is an error."),
    max: opt Int("An int field's greatest value: a card's value above it is an error."),
    yes: opt Str("(yes-no) What a yes prints, e.g. \":star:\" or \"Reinforcement\" (default \"Yes\")."),
    no: opt Str("(yes-no) What a no prints (default nothing)."),
}

table! { pub mod form: "a phrase form", "A form of a phrase field.";
    id: req Str("The form's id."),
    text: req AnyOf(
        &[
            Ty::Str("The words, with {collection} slots."),
            Ty::StrArray("Several ways to write the same form."),
        ],
        "The words, e.g. \"Play an Extra {card-types}\".",
    ),
}

const A_FIELD: &str = "A declared field.";

table! { pub mod constraints: "[constraints]", "Rules the cards must keep.";
    count_per: opt Table(&count_per::DEF),
    mirrored: opt Str("The cards of each value of this field are the same except for it."),
    unique: opt Tables(&unique::DEF),
    size: opt IntIn(Some(0), None, "Exactly this many cards."),
    complete: opt OneOrMany(&complete::DEF),
    when: opt Tables(&when::DEF),
    cycle: opt Str("(collections) A ref field linking every item into one cycle."),
}

table! { pub mod count_per: "count_per", "Exactly `count` cards for each value of `field`.";
    field: req Str(A_FIELD),
    count: req IntIn(Some(0), None, "Cards per value."),
}

table! { pub mod unique: "unique", "No two cards share `field` (within each value of `within`).";
    field: req Str(A_FIELD),
    within: opt Str(A_FIELD),
}

table! { pub mod complete: "complete",
    "Within each value of `within`, `field` takes each of `values` exactly once.";
    field: req Str("An int field."),
    within: opt Str(A_FIELD),
    values: req AnyOf(
        &[
            Ty::Pattern("^\\s*-?[0-9]+\\s*\\.\\.\\s*-?[0-9]+\\s*$", "A range, \"1..10\"."),
            Ty::IntArray("The values."),
        ],
        "\"1..10\" or [1, 2, 3].",
    ),
}

table! { pub mod when: "[[constraints.when]]", "Fields only some cards may have.";
    field: req Str(A_FIELD),
    is: req AnyOf(&[Ty::Str("A value."), Ty::StrArray("Values.")],
        "The value(s) of `field` the rule is for."),
    require: opt StrArray("Fields such cards must have."),
    forbid: opt StrArray("Fields such cards must not have."),
}

/// Reads the cards of a deck whose `cards` names a file (a CSV card list);
/// `None` when the list cannot be read as cards (already reported).
pub type CardList<'a> = dyn FnMut(&Located<String>, &[FieldDecl], &mut Diagnostics) -> Result<Option<Vec<Card>>, OpError>
    + 'a;

/// Loads a deck file; `card_list` reads the cards when `cards` names a file.
pub fn load_deck(
    id: &str,
    file: FileId,
    text: &str,
    diags: &mut Diagnostics,
    card_list: &mut CardList<'_>,
) -> Result<Option<Deck>, OpError> {
    // A long deck is read a few hundred cards at a time: the parsed tree of
    // a whole 100,000-card file takes ten times the file's size.
    if let Some((head, pieces, card_count)) = card_pieces(text) {
        let mut found = Diagnostics::default();
        if let Some(root) =
            parse_piece(&text[..head]).filter(|t| t.get_ref().get("cards").is_none())
        {
            let read_cards = |r: &mut Reader<'_>, _: &Table<'_>, fields: &[FieldDecl]| {
                // Runs of pieces read on all cores, their cards and problems
                // then taken in file order.
                let runs = crate::par::map_runs(&pieces, |run| {
                    // The first run's list has room for every card.
                    let first = std::ptr::eq(run.as_ptr(), pieces.as_ptr());
                    let capacity = if first {
                        card_count
                    } else {
                        run.len() * CARDS_PER_PIECE
                    };
                    read_pieces(file, text, run, fields, capacity)
                });
                // The first run's cards grow to hold the rest (its list has
                // room for every card): the cards are not held twice.
                let mut cards: Option<Vec<Card>> = None;
                for run in runs {
                    let (run_cards, found) = run?;
                    match cards.as_mut() {
                        Some(cards) => cards.extend(run_cards),
                        None => cards = Some(run_cards),
                    }
                    found.list.into_iter().for_each(|d| r.diags.push(d));
                }
                cards
            };
            // Only a deck read to the end counts: a deck given up on earlier
            // (no fields, say) may not have parsed all its pieces, and the
            // whole file would report a syntax error first.
            if let Ok(Some(deck)) = read_deck(id, file, root, &mut found, card_list, read_cards)? {
                found.list.into_iter().for_each(|d| diags.push(d));
                return Ok(Some(deck));
            }
        }
        // Not separable into pieces: the whole file, read and reported as it is.
    }
    load_deck_whole(id, file, text, diags, card_list)
}

/// As [`load_deck`], parsing the file in one piece.
fn load_deck_whole(
    id: &str,
    file: FileId,
    text: &str,
    diags: &mut Diagnostics,
    card_list: &mut CardList<'_>,
) -> Result<Option<Deck>, OpError> {
    let Some(root) = parse(file, text, diags) else {
        return Ok(None);
    };
    let whole = |r: &mut Reader<'_>, root: &Table<'_>, fields: &[FieldDecl]| {
        let mut pool = TextPool::default();
        Some(
            r.tables(root, deck_file::cards.name())
                .iter()
                .map(|t| card(r, t, fields, CARD_WHAT, &mut pool))
                .collect(),
        )
    };
    Ok(read_deck(id, file, root, diags, card_list, whole)?.unwrap_or(None))
}

const CARD_WHAT: &str = "a card (keys are the deck's declared fields)";

/// Cards per piece when a long deck file is read in pieces.
const CARDS_PER_PIECE: usize = 256;

/// The cards of `pieces` of `text` and their problems; `None` when a piece
/// does not parse by itself or holds more than cards.
fn read_pieces(
    file: FileId,
    text: &str,
    pieces: &[std::ops::Range<usize>],
    fields: &[FieldDecl],
    capacity: usize,
) -> Option<(Vec<Card>, Diagnostics)> {
    let mut found = Diagnostics::default();
    let mut cards = Vec::with_capacity(capacity);
    let mut pool = TextPool::default();
    for range in pieces {
        let piece = parse_piece(&text[range.clone()])
            .filter(|t| t.get_ref().keys().all(|k| k.get_ref().as_ref() == "cards"))?;
        let mut r = Reader::at(file, range.start, &mut found);
        for t in r.tables(&piece, deck_file::cards.name()) {
            cards.push(card(&mut r, &t, fields, CARD_WHAT, &mut pool));
        }
    }
    Some((cards, found))
}

/// A deck file of more than [`CARDS_PER_PIECE`] cards cut at `[[cards]]`
/// header lines: where the part before the first card ends, the pieces of
/// cards after it, and how many cards they hold. A cut that falls inside a
/// multi-line string leaves a piece that does not parse by itself, and the
/// file is then read whole.
fn card_pieces(text: &str) -> Option<(usize, Vec<std::ops::Range<usize>>, usize)> {
    let mut starts = Vec::new();
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        if line.trim() == "[[cards]]" {
            starts.push(at);
        }
        at += line.len();
    }
    if starts.len() <= CARDS_PER_PIECE {
        return None;
    }
    let cuts: Vec<usize> = starts.iter().step_by(CARDS_PER_PIECE).copied().collect();
    let pieces = cuts
        .iter()
        .zip(cuts.iter().skip(1).chain(std::iter::once(&text.len())))
        .map(|(&a, &b)| a..b)
        .collect();
    Some((starts[0], pieces, starts.len()))
}

/// Why a deck could not be read in pieces.
struct Unsplittable;

/// A deck from its parsed file (`root`), the cards read by `read_cards`
/// (`None`: the file cannot be read in pieces after all).
fn read_deck(
    id: &str,
    file: FileId,
    root: Table<'_>,
    diags: &mut Diagnostics,
    card_list: &mut CardList<'_>,
    mut read_cards: impl FnMut(&mut Reader<'_>, &Table<'_>, &[FieldDecl]) -> Option<Vec<Card>>,
) -> Result<Result<Option<Deck>, Unsplittable>, OpError> {
    use deck_file as k;
    let mut r = Reader::new(file, diags);
    let root = r.open_top(&root, &k::DEF);
    let name = r.get(&root, k::name);
    let name = name.map_or_else(|| id.to_string(), |n| n.value);
    let fields: Vec<FieldDecl> = r
        .get(&root, k::fields)
        .iter()
        .filter_map(|t| field(&mut r, t))
        .collect();
    if fields.is_empty() {
        r.diags.push(crate::error!(
            "missing-field", Some(r.loc(0..0)), "the deck declares no fields";
            hint: "declare the card fields with [[fields]] name = \"title\" kind = \"text\""
        ));
        return Ok(Ok(None));
    }
    let title_field = match r.get(&root, k::title_field) {
        Some(t) => match field_ref(&mut r, &fields, &t) {
            Some(index) => index,
            None => return Ok(Ok(None)),
        },
        None => fields.iter().position(|f| f.name == "title").unwrap_or(0),
    };
    let constraints = match r.get(&root, k::constraints) {
        Some(t) => constraints(&mut r, &t, &fields),
        None => Constraints::default(),
    };
    let cards = match k::cards.of(&root) {
        Some(v) if matches!(v.get_ref(), DeValue::String(_)) => {
            match r.get_as::<kinds::Str, _>(&root, k::cards) {
                Some(list) => match card_list(&list, &fields, r.diags)? {
                    Some(cards) => cards,
                    None => return Ok(Ok(None)),
                },
                None => return Ok(Ok(None)),
            }
        }
        _ => match read_cards(&mut r, &root, &fields) {
            Some(cards) => cards,
            None => return Ok(Err(Unsplittable)),
        },
    };
    Ok(Ok(Some(Deck {
        id: id.to_string(),
        name,
        fields,
        title_field,
        constraints,
        cards,
        loc: Loc::new(file, 0..0),
        index: Default::default(),
        items: Default::default(),
    })))
}

/// A collection kept in its own file; its items may come from a CSV file
/// beside it (`items = "dice.csv"`), as a deck's cards may.
pub fn load_collection_file(
    id: &str,
    file: FileId,
    text: &str,
    path: &std::path::Path,
    confine: &super::paths::Confine,
    sources: &mut crate::diag::Sources,
    diags: &mut Diagnostics,
) -> Result<Option<Deck>, OpError> {
    let Some(root) = parse(file, text, diags) else {
        return Ok(None);
    };
    let mut r = Reader::new(file, diags);
    let root = r.open_top(&root, &collection_file::DEF);
    let dir = path.parent().unwrap_or(std::path::Path::new("."));
    collection(
        &mut r,
        id,
        &root,
        Some(&mut |list, fields, diags| {
            super::csv::load_cards_csv(confine, dir, list, fields, sources, diags)
        }),
    )
}

/// A collection written inline in `game.toml` (`[[collections]]` with `id`,
/// `name`, `fields`, `items`); the reader is game.toml's.
pub fn load_collection_inline(r: &mut Reader<'_>, id: &str, t: &Table<'_>) -> Option<Deck> {
    let t = r.open(t, &inline_collection::DEF);
    collection(r, id, &t, None).ok().flatten()
}

/// A collection's declarations and items; `card_list` reads items kept in a
/// CSV file (`None`: items are `[[items]]` tables only).
fn collection(
    r: &mut Reader<'_>,
    id: &str,
    t: &Tab<'_, '_>,
    card_list: Option<&mut CardList<'_>>,
) -> Result<Option<Deck>, OpError> {
    use collection_file as k;
    let name = r
        .get(t, k::name)
        .map_or_else(|| id.to_string(), |n| n.value);
    let at = r.loc(t.span().start..t.span().start);
    let implicit = |name: &str, optional: bool| FieldDecl {
        name: name.to_string(),
        kind: FieldKind::Text,
        optional,
        symbols: Vec::new(),
        min: None,
        max: None,
        kind_loc: at,
        loc: at,
        kind_unread: false,
    };
    let mut fields = vec![
        implicit("id", false),
        implicit("name", false),
        implicit("alias", true),
    ];
    for f in r.get(t, k::fields) {
        if let Some(decl) = field(r, &f) {
            if fields.iter().any(|g| g.name == decl.name) {
                r.diags.push(crate::error!(
                    "duplicate-value", Some(decl.loc),
                    "the field `{}` is declared twice", decl.name;
                    hint: "every item already has `id`, `name` and an optional `alias`"
                ));
                continue;
            }
            fields.push(decl);
        }
    }
    let mut constraints = match r.get(t, k::constraints) {
        Some(c) => constraints(r, &c, &fields),
        None => Constraints::default(),
    };
    // Ids and names pick out one item each.
    for key in [0, 1] {
        constraints.unique.push(Unique {
            field: key,
            within: None,
        });
    }
    let items_list = match (k::items.of(t), card_list) {
        (Some(v), Some(card_list)) if matches!(v.get_ref(), DeValue::String(_)) => {
            Some((r.get_as::<kinds::Str, _>(t, k::items), card_list))
        }
        _ => None,
    };
    let cards = match items_list {
        Some((Some(list), card_list)) => match card_list(&list, &fields, r.diags)? {
            Some(items) => items,
            None => return Ok(None),
        },
        Some((None, _)) => return Ok(None),
        None => {
            let mut pool = TextPool::default();
            r.get_as::<kinds::Tables, _>(t, k::items)
                .iter()
                .map(|i| {
                    card(
                        r,
                        i,
                        &fields,
                        "an item (keys are id, name, alias and the declared fields)",
                        &mut pool,
                    )
                })
                .collect()
        }
    };
    Ok(Some(Deck {
        id: id.to_string(),
        name,
        fields,
        title_field: 1,
        constraints,
        cards,
        loc: at,
        index: Default::default(),
        items: Default::default(),
    }))
}

/// A field whose kind could not be read (already reported): kept, as
/// optional text, its values passed over ([`FieldDecl::kind_unread`]).
fn kind_unread(name: Located<String>, symbols: Vec<(String, String)>) -> FieldDecl {
    FieldDecl {
        name: name.value,
        kind: FieldKind::Text,
        optional: true,
        symbols,
        min: None,
        max: None,
        kind_loc: name.loc,
        loc: name.loc,
        kind_unread: true,
    }
}

fn field(r: &mut Reader<'_>, t: &Table<'_>) -> Option<FieldDecl> {
    use field as k;
    let t = &r.open(t, &k::DEF);
    let name = r.get(t, k::name);
    let kind_name = r.get(t, k::kind);
    let optional = r.get(t, k::optional).unwrap_or(false);
    let values = r.get(t, k::values);
    let to = r.get(t, k::to);
    let symbols = map_of_strings(r, t, k::symbols, "a string saying what the symbol means");
    let min = r.get(t, k::min);
    let max = r.get(t, k::max);
    let yes = r.get(t, k::yes);
    let no = r.get(t, k::no);
    let name = name?;
    let Some(kind_name) = kind_name else {
        return Some(kind_unread(name, symbols));
    };
    if kind_name.value != Kind::YesNo
        && let Some(text) = yes.as_ref().or(no.as_ref())
    {
        r.diags.push(crate::error!(
            "bad-value", Some(text.loc),
            "`yes` and `no` say what a yes-no field prints; `{}` is {}", name.value, kind_name.value.word();
            hint: "declare kind = \"yes-no\", or remove yes and no"
        ));
    }
    if kind_name.value != Kind::Int
        && let Some(bound) = min.as_ref().or(max.as_ref())
    {
        r.diags.push(crate::error!(
            "bad-value", Some(bound.loc),
            "`min` and `max` bound an int field; `{}` is {}", name.value, kind_name.value.word();
            hint: "declare kind = \"int\", or remove min and max"
        ));
    }
    if let (Some(lo), Some(hi)) = (&min, &max)
        && lo.value > hi.value
    {
        r.diags.push(crate::error!(
            "bad-value", Some(hi.loc),
            "`min` ({}) is greater than `max` ({})", lo.value, hi.value;
            hint: "swap them"
        ));
    }
    let mut kind_loc = kind_name.loc;
    let kind = match kind_name.value {
        Kind::Text => FieldKind::Text,
        Kind::Rich => FieldKind::Rich,
        Kind::Int => FieldKind::Int,
        Kind::Enum if values.is_empty() => {
            r.diags.push(crate::error!(
                "missing-field", Some(kind_name.loc),
                "enum field `{}` lists no values", name.value;
                hint: "add values = [\"...\", \"...\"]"
            ));
            return Some(kind_unread(name, symbols));
        }
        Kind::Enum => FieldKind::Enum(values.into_iter().map(|v| v.value).collect()),
        // Whether `to` names a collection is checked against the whole game.
        Kind::Ref => match to {
            Some(to) => {
                kind_loc = to.loc;
                FieldKind::Ref(to.value)
            }
            None => {
                r.diags.push(crate::error!(
                    "missing-field", Some(kind_name.loc),
                    "ref field `{}` has no `to`", name.value;
                    hint: "add to = \"sides\" or the id of a collection"
                ));
                return Some(kind_unread(name, symbols));
            }
        },
        Kind::Phrase => FieldKind::Phrase(phrase_forms(r, t, &name)?),
        Kind::Faces => {
            let sides_field = r.get(t, k::sides).map(|s| s.value);
            let totals = map_of_strings(r, t, k::totals, "the name of an int field");
            FieldKind::Faces(FacesDecl {
                sides_field,
                totals,
            })
        }
        Kind::YesNo => FieldKind::YesNo(crate::model::YesNoText {
            yes: yes.map_or_else(|| "Yes".to_string(), |t| t.value),
            no: no.map(|t| t.value).unwrap_or_default(),
        }),
    };
    Some(FieldDecl {
        name: name.value,
        kind,
        optional,
        symbols,
        min,
        max,
        kind_loc,
        loc: name.loc,
        kind_unread: false,
    })
}

/// A table of strings by name, e.g. `symbols = { K = "as a Knight would
/// move in Chess" }`; a value that is not a string is `expected`.
fn map_of_strings(
    r: &mut Reader<'_>,
    t: &Tab<'_, '_>,
    key: Key<kinds::Map>,
    expected: &str,
) -> Vec<(String, String)> {
    let Some(table) = r.get_as::<kinds::Table, _>(t, key) else {
        return Vec::new();
    };
    table
        .get_ref()
        .iter()
        .filter_map(|(k, v)| match v.get_ref() {
            DeValue::String(m) => Some((k.get_ref().to_string(), m.to_string())),
            _ => {
                r.wrong_type(v, k.get_ref(), expected);
                None
            }
        })
        .collect()
}

/// A key holding a string or an array of strings (a required one missing
/// is reported as a missing string).
fn strings(r: &mut Reader<'_>, t: &Tab<'_, '_>, key: Key<kinds::AnyOf>) -> Vec<Located<String>> {
    match key.of(t) {
        Some(v) if matches!(v.get_ref(), DeValue::String(_)) => {
            r.get_as::<kinds::Str, _>(t, key).into_iter().collect()
        }
        Some(_) => r.get_as::<kinds::StrArray, _>(t, key),
        None => {
            r.get_as::<kinds::Str, _>(t, key);
            Vec::new()
        }
    }
}

/// `forms = [{ id = "extra", text = "Play an Extra {types}" }, ...]`; `text`
/// may be a list of ways to write the same form.
fn phrase_forms(
    r: &mut Reader<'_>,
    t: &Tab<'_, '_>,
    name: &Located<String>,
) -> Option<Vec<PhraseForm>> {
    let mut forms = Vec::new();
    for f in r.get(t, field::forms) {
        let f = r.open(&f, &form::DEF);
        let id = r.get(&f, form::id);
        let texts = strings(r, &f, form::text);
        for text in &texts {
            if let Err(bad) = form_slots(&text.value) {
                r.diags.push(crate::error!(
                    "bad-value", Some(text.loc),
                    "the form `{bad}` has an unpaired brace";
                    hint: "write a slot as {{collection}}, e.g. \"Play an Extra {{types}}\""
                ));
            }
        }
        if let (Some(id), false) = (id, texts.is_empty()) {
            forms.push(PhraseForm {
                id: id.value,
                texts: texts.into_iter().map(|t| t.value).collect(),
                loc: id.loc,
            });
        }
    }
    if forms.is_empty() {
        r.diags.push(crate::error!(
            "missing-field", Some(name.loc),
            "phrase field `{}` declares no forms", name.value;
            hint: "add forms = [{{ id = \"scout\", text = \"Scout\" }}, ...]"
        ));
        return None;
    }
    Some(forms)
}

/// The index of the field a constraint names, or a `dangling-reference` diagnostic.
fn field_ref(r: &mut Reader<'_>, fields: &[FieldDecl], name: &Located<String>) -> Option<usize> {
    let found = fields.iter().position(|f| f.name == name.value);
    if found.is_none() {
        let names: Vec<&str> = fields.iter().map(|f| f.name.as_str()).collect();
        r.diags.push(crate::error!(
            "dangling-reference", Some(name.loc),
            "the deck declares no field `{}`", name.value;
            hint: "declared fields: {}", names.join(", ")
        ));
    }
    found
}

fn constraints(r: &mut Reader<'_>, t: &Table<'_>, fields: &[FieldDecl]) -> Constraints {
    use constraints as k;
    let t = &r.open(t, &k::DEF);
    let mut out = Constraints::default();
    extra_constraints(r, t, fields, &mut out);
    if let Some(c) = r.get(t, k::count_per) {
        let c = r.open(&c, &count_per::DEF);
        let field = r.get(&c, count_per::field);
        let count = r.get(&c, count_per::count);
        if let (Some(field), Some(count)) = (field, count)
            && let Some(index) = field_ref(r, fields, &field)
        {
            match usize::try_from(count.value) {
                Ok(n) => {
                    out.count_per = Some(CountPer {
                        field: index,
                        count: n,
                        loc: count.loc,
                    })
                }
                Err(_) => r.diags.push(crate::error!(
                    "bad-value", Some(count.loc), "count = {} cannot be negative", count.value;
                    hint: "count is how many cards each value must have: 0 or more"
                )),
            }
        }
    }
    if let Some(m) = r.get(t, k::mirrored)
        && let Some(index) = field_ref(r, fields, &m)
    {
        out.mirrored = Some(Located::new(index, m.loc));
    }
    for u in r.get(t, k::unique) {
        let u = r.open(&u, &unique::DEF);
        let field = r.get(&u, unique::field);
        let within = r.get(&u, unique::within);
        let Some(field) = field else { continue };
        let Some(index) = field_ref(r, fields, &field) else {
            continue;
        };
        let within = within.and_then(|w| field_ref(r, fields, &w));
        out.unique.push(Unique {
            field: index,
            within,
        });
    }
    out
}

/// `size`, `complete`, `when` and `cycle`.
fn extra_constraints(
    r: &mut Reader<'_>,
    t: &Tab<'_, '_>,
    fields: &[FieldDecl],
    out: &mut Constraints,
) {
    use constraints as k;
    if let Some(size) = r.get(t, k::size) {
        match usize::try_from(size.value) {
            Ok(n) => out.size = Some(Located::new(n, size.loc)),
            Err(_) => r.diags.push(crate::error!(
                "bad-value", Some(size.loc), "size = {} cannot be negative", size.value;
                hint: "size is how many cards the deck holds"
            )),
        }
    }
    for c in one_or_many(r, t, k::complete) {
        let c = r.open(&c, &complete::DEF);
        let field = r.get(&c, complete::field);
        let within = r.get(&c, complete::within);
        let values = int_set(r, &c);
        let Some(field) = field else { continue };
        let Some(index) = field_ref(r, fields, &field) else {
            continue;
        };
        let within = within.and_then(|w| field_ref(r, fields, &w));
        if let Some(values) = values {
            out.complete.push(Complete {
                field: index,
                within,
                values,
                loc: field.loc,
            });
        }
    }
    for w in r.get(t, k::when) {
        let w = r.open(&w, &when::DEF);
        let field = r.get(&w, when::field);
        let is = strings(r, &w, when::is);
        let mut refs = |key: Key<kinds::StrArray>| -> Vec<usize> {
            let names = r.get(&w, key);
            names
                .iter()
                .filter_map(|n| field_ref(r, fields, n))
                .collect()
        };
        let (require, forbid) = (refs(when::require), refs(when::forbid));
        let Some(field) = field else { continue };
        let Some(index) = field_ref(r, fields, &field) else {
            continue;
        };
        out.when.push(When {
            field: index,
            is: is.into_iter().map(|v| v.value).collect(),
            require,
            forbid,
        });
    }
    if let Some(c) = r.get(t, k::cycle)
        && let Some(index) = field_ref(r, fields, &c)
    {
        out.cycle = Some(Located::new(index, c.loc));
    }
}

/// A key holding one table or an array of tables.
fn one_or_many<'i>(
    r: &mut Reader<'_>,
    t: &Tab<'_, 'i>,
    key: Key<kinds::OneOrMany>,
) -> Vec<Table<'i>> {
    match key.of(t) {
        Some(v) => match as_table(v) {
            Some(one) => vec![one],
            None => r.get_as::<kinds::Tables, _>(t, key),
        },
        None => Vec::new(),
    }
}

/// `values = "1..10"` or `values = [1, 2, 3]`.
fn int_set(r: &mut Reader<'_>, t: &Tab<'_, '_>) -> Option<Vec<i64>> {
    let Some(v) = complete::values.of(t) else {
        r.get_as::<kinds::Str, _>(t, complete::values);
        return None;
    };
    let loc = r.loc(v.span());
    let parsed = match v.get_ref() {
        DeValue::String(s) => s.split_once("..").and_then(|(a, b)| {
            let (a, b) = (a.trim().parse::<i64>().ok()?, b.trim().parse::<i64>().ok()?);
            (a <= b && b - a < 10_000).then(|| (a..=b).collect())
        }),
        DeValue::Array(items) => items
            .iter()
            .map(|i| match i.get_ref() {
                DeValue::Integer(n) => i64::from_str_radix(n.as_str(), n.radix()).ok(),
                _ => None,
            })
            .collect(),
        _ => None,
    };
    if parsed.is_none() {
        r.diags.push(crate::error!(
            "bad-value", Some(loc), "`values` is not a range of whole numbers";
            hint: "write values = \"1..10\" or values = [1, 2, 3]"
        ));
    }
    parsed
}

fn card(
    r: &mut Reader<'_>,
    t: &Table<'_>,
    fields: &[FieldDecl],
    what: &str,
    pool: &mut TextPool,
) -> Card {
    let errors_before = r.diags.error_count();
    let names: Vec<&str> = fields.iter().map(|f| f.name.as_str()).collect();
    r.check_keys(t.get_ref(), &names, what);
    let values = fields
        .iter()
        .map(|f| {
            let v = t.get_ref().get(f.name.as_str()).filter(|_| !f.kind_unread);
            let Some(v) = v else {
                if !f.optional {
                    r.diags.push(crate::error!(
                        "missing-field", Some(r.loc(t.span().start..t.span().start)),
                        "card is missing the field `{}`", f.name;
                        hint: "add `{} = ...`, or declare the field optional = true", f.name
                    ));
                }
                return None;
            };
            let loc = r.loc(v.span());
            let value = match (&f.kind, v.get_ref()) {
                (FieldKind::Int, DeValue::Integer(_)) => {
                    r.opt_int(t, &f.name).map(|n| FieldValue::Int(n.value))
                }
                (FieldKind::Int, DeValue::String(s)) if f.is_symbol(s) => {
                    Some(FieldValue::Text(pool.text(s)))
                }
                (FieldKind::Int, _) => {
                    let also: Vec<&str> = f.symbols.iter().map(|(s, _)| s.as_str()).collect();
                    let expected = if also.is_empty() {
                        "an integer".to_string()
                    } else {
                        format!("an integer or one of \"{}\"", also.join("\", \""))
                    };
                    r.wrong_type(v, &f.name, &expected);
                    None
                }
                (FieldKind::Faces(_), DeValue::Array(faces))
                    if faces.len() > crate::model::MAX_FACES =>
                {
                    r.diags
                        .push(crate::model::too_many_faces(&f.name, faces.len(), loc));
                    None
                }
                (FieldKind::Faces(_), DeValue::Array(faces)) => {
                    let mut list = Vec::new();
                    for face in faces.iter() {
                        match face.get_ref() {
                            DeValue::String(s) => {
                                list.push(Located::new(s.to_string(), r.loc(face.span())))
                            }
                            _ => r.wrong_type(face, &f.name, "a list of faces written as strings"),
                        }
                    }
                    Some(FieldValue::List(list))
                }
                (FieldKind::Faces(_), _) => {
                    r.wrong_type(
                        v,
                        &f.name,
                        "a list of faces, e.g. [\"\", \"sword\", \"sword burst\"]",
                    );
                    None
                }
                (FieldKind::YesNo(_), DeValue::Boolean(b)) => {
                    Some(FieldValue::Text(pool.text(if *b {
                        crate::model::YES
                    } else {
                        crate::model::NO
                    })))
                }
                (FieldKind::YesNo(_), _) => {
                    r.wrong_type(v, &f.name, "true or false");
                    None
                }
                (_, DeValue::String(s)) => Some(FieldValue::Text(pool.text(s))),
                (_, _) => {
                    r.wrong_type(v, &f.name, "a string");
                    None
                }
            }?;
            if let (FieldKind::Enum(allowed), FieldValue::Text(s)) = (&f.kind, &value)
                && !allowed.iter().any(|a| **a == **s)
                && !f.is_symbol(s)
            {
                r.diags.push(crate::error!(
                    "bad-enum-value", Some(loc),
                    "`{s}` is not a value of field `{}`", f.name;
                    hint: "use one of: {}", allowed.join(" | ")
                ));
            }
            Some(Located::new(value, loc))
        })
        .collect();
    Card {
        loc: r.loc(t.span()),
        values,
        complete: r.diags.error_count() == errors_before,
    }
}

#[cfg(test)]
mod piece_tests {
    use super::*;

    fn deck_text(cards: usize, card: impl Fn(usize) -> String) -> String {
        let mut text = String::from(
            "name = \"Long\"\n[[fields]]\nname = \"title\"\nkind = \"text\"\n[[fields]]\nname = \"effect\"\nkind = \"text\"\n",
        );
        for i in 0..cards {
            text.push_str(&card(i));
        }
        text
    }

    /// The deck and diagnostics read in pieces, and read whole.
    fn both(text: &str) -> [String; 2] {
        let mut no_list = |_: &Located<String>, _: &[FieldDecl], _: &mut Diagnostics| Ok(None);
        let mut pieces = Diagnostics::default();
        let a = load_deck("d", 3, text, &mut pieces, &mut no_list).expect("read");
        let mut whole = Diagnostics::default();
        let b = load_deck_whole("d", 3, text, &mut whole, &mut no_list).expect("read");
        [
            format!("{a:?}\n{:?}", pieces.list),
            format!("{b:?}\n{:?}", whole.list),
        ]
    }

    #[test]
    fn a_long_deck_read_in_pieces_is_the_deck_read_whole() {
        let text = deck_text(700, |i| match i {
            400 => format!("[[cards]]\ntitle = \"C{i}\"\ncolour = \"red\"\n"),
            500 => "[[cards]]\neffect = \"no title\"\n".to_string(),
            _ => format!("[[cards]]\ntitle = \"C{i}\"\neffect = \"E{i}\"\n"),
        });
        assert!(card_pieces(&text).is_some());
        let [pieces, whole] = both(&text);
        assert!(pieces.contains("unknown-field") && pieces.contains("missing-field"));
        assert_eq!(pieces, whole);
    }

    #[test]
    fn a_field_whose_kind_is_wrong_is_told_once_not_at_every_card_that_gives_it() {
        let mut no_list = |_: &Located<String>, _: &[FieldDecl], _: &mut Diagnostics| Ok(None);
        for (kind, id) in [
            ("kind = \"number\"", "bad-value"),
            ("kind = \"enum\"", "missing-field"),
            ("kind = \"ref\"", "missing-field"),
        ] {
            let text = format!(
                "name = \"D\"\n[[fields]]\nname = \"title\"\nkind = \"text\"\n\
                 [[fields]]\nname = \"attack\"\n{kind}\n\
                 [[cards]]\ntitle = \"A\"\nattack = 4\n\
                 [[cards]]\ntitle = \"B\"\nattack = \"x\"\n\
                 [[cards]]\ntitle = \"C\"\nattakc = 1\n"
            );
            let mut diags = Diagnostics::default();
            let deck = load_deck_whole("d", 3, &text, &mut diags, &mut no_list)
                .expect("read")
                .expect("a deck");
            let ids: Vec<&str> = diags.list.iter().map(|d| d.id).collect();
            // The kind's own error and the misspelt key of card C, nothing else.
            assert_eq!(ids, [id, "unknown-field"], "{kind}: {:?}", diags.list);
            let line = |d: &crate::diag::Diagnostic| {
                let start = d.loc.as_ref().map_or(0, |l| l.span.start);
                text[..start].matches('\n').count() + 1
            };
            assert_eq!(line(&diags.list[0]), 7, "{kind}");
            assert_eq!(line(&diags.list[1]), 16, "{kind}");
            assert_eq!(deck.cards.len(), 3);
            let attack = deck
                .fields
                .iter()
                .position(|f| f.name == "attack")
                .expect("kept");
            assert!(deck.cards.iter().all(|c| c.values[attack].is_none()));
        }
    }

    #[test]
    fn a_header_inside_a_string_or_a_syntax_error_reads_the_file_whole() {
        let in_string = deck_text(700, |i| match i {
            300 => {
                format!("[[cards]]\ntitle = \"C{i}\"\neffect = \"\"\"\nsee\n[[cards]]\n\"\"\"\n")
            }
            _ => format!("[[cards]]\ntitle = \"C{i}\"\n"),
        });
        let [pieces, whole] = both(&in_string);
        assert!(pieces.contains("[[cards]]"));
        assert_eq!(pieces, whole);
        let broken = deck_text(700, |i| match i {
            650 => "[[cards]]\ntitle = = 1\n".to_string(),
            _ => format!("[[cards]]\ntitle = \"C{i}\"\n"),
        });
        let [pieces, whole] = both(&broken);
        assert!(pieces.contains("toml-syntax"));
        assert_eq!(pieces, whole);
    }
}
