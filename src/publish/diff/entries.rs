//! Publish (diff): a loaded game as the flat list of things two versions
//! are compared by — each card, collection item (a counter's unit, a
//! terrain), table and table row, map, map cell and feature, scenario and
//! set-up entry — with its identity (kind, group, key), its fields as
//! printed text, and where each is written. Rules passages are
//! [`super::passages`]'.

use std::collections::HashMap;

use crate::diag::Loc;
use crate::model::{BlockKind, Chart, Deck, Game, Located, Map, ModEntry, Scenario};

/// What a compared thing is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Card,
    /// An item of a collection the game prints as counters.
    Counter,
    /// An item of any other collection (terrain types, dice...).
    Item,
    /// A chart's or table's own text: title, headings, notes.
    Chart,
    /// A row of a table.
    Row,
    Map,
    MapCell,
    MapFeature,
    Scenario,
    Setup,
    Rule,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Card => "card",
            Kind::Counter => "counter",
            Kind::Item => "item",
            Kind::Chart => "chart",
            Kind::Row => "row",
            Kind::Map => "map",
            Kind::MapCell => "map-cell",
            Kind::MapFeature => "map-feature",
            Kind::Scenario => "scenario",
            Kind::Setup => "setup",
            Kind::Rule => "rule",
        }
    }
}

/// One field of a compared thing: its name, its value as text, its place.
#[derive(Clone, Debug)]
pub struct Field {
    pub name: String,
    pub value: String,
    pub loc: Loc,
}

/// A compared thing of one version.
#[derive(Clone, Debug)]
pub struct Entry {
    pub kind: Kind,
    /// What holds it: a deck's or collection's id, `chart/table`, a map's
    /// or scenario's id.
    pub group: String,
    /// Its identity within the group (a card's key, a row's roll).
    pub key: String,
    /// Its name as a reader knows it (a card's title).
    pub title: String,
    pub fields: Vec<Field>,
    pub loc: Loc,
}

impl Entry {
    fn new(kind: Kind, group: &str, key: String, title: String, loc: Loc) -> Entry {
        Entry {
            kind,
            group: group.to_string(),
            key,
            title,
            fields: Vec::new(),
            loc,
        }
    }

    fn field(&mut self, name: impl Into<String>, value: impl Into<String>, loc: Loc) {
        self.fields.push(Field {
            name: name.into(),
            value: value.into(),
            loc,
        });
    }

    fn located(&mut self, name: impl Into<String>, value: &Located<String>) {
        self.field(name, value.value.clone(), value.loc);
    }
}

/// Every compared thing of `game` but its rules passages, in data order.
pub fn entries(game: &Game) -> Vec<Entry> {
    let mut out = Vec::new();
    for deck in &game.decks {
        deck_entries(deck, Kind::Card, &mut out);
    }
    for collection in &game.collections {
        let counters = game
            .publish
            .counters
            .iter()
            .any(|job| job.units.value == collection.id);
        let kind = if counters { Kind::Counter } else { Kind::Item };
        deck_entries(collection, kind, &mut out);
    }
    for table in &game.random_tables {
        let mut head = Entry::new(
            Kind::Chart,
            &table.id,
            table.id.clone(),
            table.name.clone(),
            table.loc,
        );
        head.field("name", table.name.clone(), table.loc);
        head.field("dice", table.dice.value.to_string(), table.dice.loc);
        out.push(head);
        for row in &table.rows {
            let roll = row.roll.value.to_string();
            let mut entry = Entry::new(Kind::Row, &table.id, roll.clone(), roll, row.roll.loc);
            entry.located("result", &row.result);
            out.push(entry);
        }
    }
    for chart in &game.charts {
        chart_entries(chart, &mut out);
    }
    for map in &game.maps {
        map_entries(map, &mut out);
    }
    for scenario in &game.scenarios {
        scenario_entries(scenario, &mut out);
    }
    unique_keys(&mut out);
    out
}

/// A deck's cards (or a collection's items), by key, field by field.
fn deck_entries(deck: &Deck, kind: Kind, out: &mut Vec<Entry>) {
    let keys = &deck.card_index().keys;
    let titles = card_titles(deck, kind);
    for (i, card) in deck.cards.iter().enumerate() {
        let key = match kind {
            // An item's id is its identity: renaming it keeps it.
            Kind::Counter | Kind::Item => deck.text(card, 0).unwrap_or_default(),
            _ => keys.get(i).cloned().unwrap_or_default(),
        };
        let title = titles.get(i).cloned().unwrap_or_default();
        let mut entry = Entry::new(kind, &deck.id, key, title, card.loc);
        for (f, decl) in deck.fields.iter().enumerate() {
            if let Some(Some(value)) = card.values.get(f) {
                entry.field(&decl.name, value.value.display(), value.loc);
            }
        }
        out.push(entry);
    }
}

/// Each card's name as a reader tells it from the others: its title, and
/// where another card of the deck has that title too (a mirrored card in
/// each side's hand), the value of the field the deck tells them apart by
/// (its owner): "Your Lucky Day, U.F.P.".
fn card_titles(deck: &Deck, kind: Kind) -> Vec<String> {
    let titles: Vec<String> = (0..deck.cards.len()).map(|i| deck.card_title(i)).collect();
    let by = crate::model::distinguishing_field(deck).filter(|_| kind == Kind::Card);
    let Some(by) = by else {
        return titles;
    };
    let mut count: HashMap<&str, usize> = HashMap::new();
    for title in &titles {
        *count.entry(title.as_str()).or_insert(0) += 1;
    }
    titles
        .iter()
        .zip(&deck.cards)
        .map(|(title, card)| match deck.printed(card, by) {
            Some(owner) if count.get(title.as_str()).is_some_and(|n| *n > 1) => {
                format!("{title}, {owner}")
            }
            _ => title.clone(),
        })
        .collect()
}

fn chart_entries(chart: &Chart, out: &mut Vec<Entry>) {
    let mut head = Entry::new(
        Kind::Chart,
        &chart.id,
        chart.id.clone(),
        chart.title.clone(),
        chart.loc,
    );
    head.field("title", chart.title.clone(), chart.loc);
    for (b, block) in chart.blocks.iter().enumerate() {
        block_entries(chart, b, block.loc, &block.kind, &mut head, out);
    }
    out.push(head);
}

/// A block's rows as entries of their own, its other text as fields of
/// the chart's entry.
fn block_entries(
    chart: &Chart,
    b: usize,
    loc: Loc,
    kind: &BlockKind,
    head: &mut Entry,
    out: &mut Vec<Entry>,
) {
    let notes = |head: &mut Entry, id: &str, notes: &[Located<String>]| {
        for (n, note) in notes.iter().enumerate() {
            head.located(format!("{id} note {}", n + 1), note);
        }
    };
    match kind {
        BlockKind::Results(t) => {
            let group = format!("{}/{}", chart.id, t.id.value);
            head.field(format!("{} title", t.id.value), t.title.clone(), t.loc);
            head.field(
                format!("{} dice", t.id.value),
                t.dice.value.to_string(),
                t.dice.loc,
            );
            let columns: Vec<&str> = t.columns.iter().map(|c| c.value.as_str()).collect();
            head.field(
                format!("{} columns", t.id.value),
                columns.join(" | "),
                t.loc,
            );
            for row in &t.rows {
                let mut entry = Entry::new(
                    Kind::Row,
                    &group,
                    row.roll_text.clone(),
                    row.roll_text.clone(),
                    row.loc,
                );
                for (c, cell) in row.results.iter().enumerate() {
                    let name = t
                        .columns
                        .get(c)
                        .map_or_else(|| (c + 1).to_string(), |n| n.value.clone());
                    entry.located(name, cell);
                }
                out.push(entry);
            }
            notes(head, &t.id.value, &t.notes);
        }
        BlockKind::Ranges(t) => {
            let group = format!("{}/{}", chart.id, t.id.value);
            head.field(format!("{} title", t.id.value), t.title.clone(), t.loc);
            head.field(
                format!("{} columns", t.id.value),
                t.columns.join(" | "),
                t.loc,
            );
            for row in &t.rows {
                let label = row.label.join(" ");
                let mut entry = Entry::new(Kind::Row, &group, label.clone(), label, row.loc);
                for (c, cell) in row.cells.iter().enumerate() {
                    let name = t
                        .columns
                        .get(c)
                        .cloned()
                        .unwrap_or_else(|| (c + 1).to_string());
                    entry.located(name, cell);
                }
                out.push(entry);
            }
            notes(head, &t.id.value, &t.notes);
        }
        BlockKind::Matrix(t) => {
            let group = format!("{}/{}", chart.id, t.id.value);
            head.field(format!("{} title", t.id.value), t.title.clone(), t.loc);
            head.field(
                format!("{} columns", t.id.value),
                t.columns.join(" | "),
                t.loc,
            );
            for section in &t.sections {
                for row in &section.rows {
                    let label = match (&section.heading, &row.label) {
                        (Some(h), Some(l)) => format!("{h}: {l}"),
                        (None, Some(l)) => l.clone(),
                        (Some(h), None) => h.clone(),
                        (None, None) => String::new(),
                    };
                    let mut entry = Entry::new(Kind::Row, &group, label.clone(), label, row.loc);
                    for (c, cell) in row.cells.iter().enumerate() {
                        let name = t
                            .columns
                            .get(c)
                            .cloned()
                            .unwrap_or_else(|| (c + 1).to_string());
                        entry.located(name, cell);
                    }
                    out.push(entry);
                }
            }
            for (n, line) in t.intro.iter().enumerate() {
                head.located(format!("{} intro {}", t.id.value, n + 1), line);
            }
            notes(head, &t.id.value, &t.notes);
        }
        BlockKind::Modifiers(t) => {
            let group = format!("{}/{}", chart.id, t.id.value);
            head.field(format!("{} title", t.id.value), t.title.clone(), t.loc);
            for section in &t.sections {
                let heading = section.heading.clone().unwrap_or_default();
                for entry in &section.entries {
                    let (lead, options, at) = match entry {
                        ModEntry::One(m) => (None, std::slice::from_ref(m), m.value.loc),
                        ModEntry::Group {
                            lead, options, loc, ..
                        } => (lead.clone(), options.as_slice(), *loc),
                    };
                    for m in options {
                        let key = [
                            heading.as_str(),
                            lead.as_deref().unwrap_or(""),
                            m.text.as_str(),
                        ]
                        .iter()
                        .filter(|s| !s.is_empty())
                        .copied()
                        .collect::<Vec<_>>()
                        .join(": ");
                        let mut row = Entry::new(Kind::Row, &group, key.clone(), key, at);
                        row.located("value", &m.value);
                        out.push(row);
                    }
                }
            }
            for (n, line) in t.intro.iter().enumerate() {
                head.located(format!("{} intro {}", t.id.value, n + 1), line);
            }
            notes(head, &t.id.value, &t.notes);
        }
        BlockKind::Checklist(t) => {
            let group = format!("{}/{}", chart.id, t.id.value);
            head.field(format!("{} title", t.id.value), t.title.clone(), t.loc);
            for (s, section) in t.sections.iter().enumerate() {
                let heading = section
                    .heading
                    .clone()
                    .unwrap_or_else(|| format!("section {}", s + 1));
                let mut steps: Vec<(String, &crate::model::Step)> = Vec::new();
                for (n, step) in section.steps.iter().enumerate() {
                    steps.push((format!("{heading}: step {}", n + 1), step));
                    for (m, item) in step.items.iter().enumerate() {
                        steps.push((format!("{heading}: step {}.{}", n + 1, m + 1), item));
                    }
                }
                for (key, step) in steps {
                    let mut row = Entry::new(Kind::Row, &group, key.clone(), key, step.loc);
                    if let Some(title) = &step.title {
                        row.field("title", title.clone(), step.loc);
                    }
                    if let Some(actor) = &step.actor {
                        row.located("actor", actor);
                    }
                    row.field("text", step.text.clone(), step.loc);
                    out.push(row);
                }
            }
            notes(head, &t.id.value, &t.notes);
        }
        BlockKind::Notes(lines) => {
            for (n, line) in lines.iter().enumerate() {
                head.located(format!("block {} note {}", b + 1, n + 1), line);
            }
            let _ = loc;
        }
    }
}

fn map_entries(map: &Map, out: &mut Vec<Entry>) {
    let mut head = Entry::new(
        Kind::Map,
        &map.id,
        map.id.clone(),
        map.name.clone(),
        map.loc,
    );
    head.field("name", map.name.clone(), map.loc);
    head.located("default terrain", &map.default_terrain);
    for t in &map.terrain {
        head.field(
            format!("terrain {}", t.id.value),
            format!("{} ({:?}, {:?})", t.name, t.color, t.pattern),
            t.id.loc,
        );
    }
    for k in &map.feature_kinds {
        head.field(
            format!("feature kind {}", k.id.value),
            k.name.clone(),
            k.id.loc,
        );
    }
    for label in &map.labels {
        head.field(
            format!("label at {}", label.at.text.value),
            label.text.value.clone(),
            label.text.loc,
        );
    }
    out.push(head);
    // Each cell the data gives a terrain, by its code: the last entry naming
    // it wins, as the map draws it.
    let mut cells: Vec<(String, Entry)> = Vec::new();
    let mut seen: HashMap<String, usize> = HashMap::new();
    for given in &map.cells {
        for span in &given.cells {
            let (from, to) = match span {
                crate::model::map::CellSpan::One(c) => (c, c),
                crate::model::map::CellSpan::Range(a, b) => (a, b),
            };
            let (c0, c1) = (from.at.0.min(to.at.0), from.at.0.max(to.at.0));
            let (r0, r1) = (from.at.1.min(to.at.1), from.at.1.max(to.at.1));
            // A range is bounded by the grid it was checked against.
            for c in c0..=c1.min(c0 + 10_000) {
                for r in r0..=r1.min(r0 + 10_000) {
                    let code = cell_code(map, (c, r)).unwrap_or_else(|| format!("{c},{r}"));
                    let mut entry = Entry::new(
                        Kind::MapCell,
                        &map.id,
                        code.clone(),
                        code.clone(),
                        from.text.loc,
                    );
                    entry.located("terrain", &given.terrain);
                    match seen.get(&code) {
                        Some(&i) => cells[i].1 = entry,
                        None => {
                            seen.insert(code.clone(), cells.len());
                            cells.push((code, entry));
                        }
                    }
                }
            }
        }
    }
    out.extend(cells.into_iter().map(|(_, e)| e));
    for feature in &map.features {
        let route: Vec<String> = match &feature.route {
            crate::model::map::Route::Sides(pairs) => pairs
                .iter()
                .map(|(a, b)| format!("{}|{}", a.text.value, b.text.value))
                .collect(),
            crate::model::map::Route::Through(cells) => {
                cells.iter().map(|c| c.text.value.clone()).collect()
            }
        };
        let key = format!("{} {}", feature.kind.value, route.join(" "));
        let mut entry = Entry::new(
            Kind::MapFeature,
            &map.id,
            key.clone(),
            key,
            feature.kind.loc,
        );
        entry.located("kind", &feature.kind);
        entry.field("route", route.join(" "), feature.kind.loc);
        out.push(entry);
    }
}

/// The code a map prints for the cell at printed column and row `at`.
fn cell_code(map: &Map, at: (i64, i64)) -> Option<String> {
    let c = u32::try_from(at.0 - map.coordinates.first.0).ok()?;
    let r = u32::try_from(at.1 - map.coordinates.first.1).ok()?;
    Some(map.coordinates.code((c, r)))
}

fn scenario_entries(s: &Scenario, out: &mut Vec<Entry>) {
    let mut head = Entry::new(
        Kind::Scenario,
        &s.id,
        s.id.clone(),
        s.name.value.clone(),
        s.loc,
    );
    head.located("name", &s.name);
    head.field("turns", s.turns.value.to_string(), s.turns.loc);
    for (n, label) in s.turn_labels.iter().enumerate() {
        head.located(format!("turn {} label", n + 1), label);
    }
    if let Some(first) = &s.first {
        head.located("first", first);
    }
    if let Some(stacking) = &s.stacking {
        head.field("stacking", stacking.value.to_string(), stacking.loc);
    }
    if let Some(victory) = &s.victory {
        head.located("victory", victory);
    }
    if let Some(rules) = &s.special_rules {
        head.located("special rules", rules);
    }
    out.push(head);
    for (what, list) in [
        ("setup", &s.setup),
        ("reinforcements", &s.reinforcements),
        ("withdrawals", &s.withdrawals),
    ] {
        for p in list {
            let turn = p
                .turn
                .as_ref()
                .map(|t| format!(" turn {}", t.value))
                .unwrap_or_default();
            let key = format!("{what} {}{turn} {}", p.side.value, place(&p.place));
            let mut entry = Entry::new(Kind::Setup, &s.id, key.clone(), key, p.loc);
            let units: Vec<&str> = p.units.iter().map(|u| u.value.as_str()).collect();
            entry.field(
                "units",
                units.join(", "),
                p.units.first().map_or(p.loc, |u| u.loc),
            );
            out.push(entry);
        }
    }
    for m in &s.markers {
        let key = format!("marker {}", m.marker.value);
        let mut entry = Entry::new(Kind::Setup, &s.id, key.clone(), key, m.loc);
        entry.field(
            "place",
            place(&m.place),
            m.place.loc().copied().unwrap_or(m.loc),
        );
        out.push(entry);
    }
}

/// Where a placement puts its units, as words.
fn place(p: &crate::model::scenario::Place) -> String {
    use crate::model::scenario::Place;
    match p {
        Place::Hex { code, map: Some(m) } => format!("at {} on {}", code.value, m.value),
        Place::Hex { code, map: None } => format!("at {}", code.value),
        Place::Box(b) => format!("in box {}", b.value),
        Place::Available => "available".to_string(),
        Place::Edge(e) => {
            use crate::load::spec::OneOf;
            format!("from the {} edge", e.value.word())
        }
        Place::Turn(t) => format!("on turn box {}", t.value),
        Place::Track { track, at } => format!("on {} {}", track.value, at.value),
        Place::Unplaced => String::new(),
    }
}

/// Keys made unique within their kind and group (a second set-up entry of
/// the same side and place is `... #2`), in order, so the n-th stays the n-th.
fn unique_keys(entries: &mut [Entry]) {
    let mut count: HashMap<(Kind, String, String), usize> = HashMap::new();
    for e in entries.iter_mut() {
        let n = count
            .entry((e.kind, e.group.clone(), e.key.clone()))
            .or_insert(0);
        *n += 1;
        if *n > 1 {
            e.key = format!("{} #{}", e.key, n);
        }
    }
}
