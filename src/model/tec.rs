//! Model: the terrain effects chart of a map, made from what its terrain
//! types and features declare — a chart (`tec-<map>`) of one matrix: a row
//! per terrain and per feature (each with its swatch), a column per
//! movement class, one for combat (column shift and die-roll modifier) and
//! one per other named effect. The chart set, the rulebook's
//! `{{ table("tec-<map>") }}` and the HTML reference print it as any chart.

use super::map::{Swatch, Terrain};
use super::terrain::TerrainEffects;
use super::{BlockKind, Chart, ChartBlock, Located, Map, Matrix, MatrixRow, MatrixSection};
use crate::text::Words;

/// What a cell of the chart prints where a terrain declares nothing.
pub const NO_EFFECT: &str = "\u{2014}";

/// The chart's id for a map: what `{{ table("...") }}` names.
pub fn tec_id(map: &Map) -> String {
    format!("tec-{}", map.id)
}

/// The heading of a movement class's column: its name in a translation,
/// else its id with a capital ("Foot").
pub fn heading(map: &Map, class: &str) -> String {
    if let Some(name) = map.class_name(class) {
        return name.to_string();
    }
    let mut chars = class.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The column headings and, for each terrain or feature, its cells.
pub struct TecTable {
    pub columns: Vec<String>,
    /// One per terrain, then one per feature: (name, swatch, cells).
    pub terrain: Vec<(String, Swatch, Vec<String>)>,
    pub features: Vec<(String, Swatch, Vec<String>)>,
    /// Whether a column holds movement costs (the chart explains P and +N).
    pub moves: bool,
}

/// The chart's table: its columns and rows as text, its headings in `words`.
pub fn tec_table(map: &Map, words: &Words) -> TecTable {
    let classes = map.classes();
    let others = map.other_effects();
    let any = |f: &dyn Fn(&TerrainEffects) -> bool| {
        map.terrain.iter().any(|t| f(&t.effects)) || map.feature_kinds.iter().any(|k| f(&k.effects))
    };
    let moves = any(&|e| !e.moves.is_empty());
    let shifts = any(&|e| e.shift() != 0);
    let drms = any(&|e| e.drm() != 0);
    // Costs given only for `all`: one column.
    let move_columns: Vec<Option<&str>> = match (moves, classes.is_empty()) {
        (false, _) => Vec::new(),
        (true, true) => vec![None],
        (true, false) => classes.iter().map(|c| Some(c.as_str())).collect(),
    };
    let mut columns: Vec<String> = move_columns
        .iter()
        .map(|c| c.map_or_else(|| words.tec_movement.clone(), |c| heading(map, c)))
        .collect();
    if shifts {
        columns.push(words.tec_column_shift.clone());
    }
    if drms {
        columns.push(words.tec_drm.clone());
    }
    columns.extend(others.iter().cloned());
    let cells = |e: &TerrainEffects| -> Vec<String> {
        let mut out: Vec<String> = move_columns
            .iter()
            .map(|c| {
                e.move_cost(c.unwrap_or(super::terrain::ALL_CLASSES))
                    .map_or_else(|| NO_EFFECT.to_string(), |m| m.short(words))
            })
            .collect();
        if shifts {
            out.push(signed(e.shift()));
        }
        if drms {
            out.push(signed(e.drm()));
        }
        out.extend(
            others
                .iter()
                .map(|n| e.other(n).unwrap_or(NO_EFFECT).to_string()),
        );
        out
    };
    TecTable {
        columns,
        terrain: map
            .terrain
            .iter()
            .map(|t| (t.name.clone(), terrain_swatch(t), cells(&t.effects)))
            .collect(),
        features: map
            .feature_kinds
            .iter()
            .map(|k| {
                (
                    k.name.clone(),
                    Swatch::Line { color: k.color },
                    cells(&k.effects),
                )
            })
            .collect(),
        moves,
    }
}

/// "−1", "+2"; the chart's dash for 0.
fn signed(n: i64) -> String {
    match n {
        0 => NO_EFFECT.to_string(),
        n if n < 0 => format!("\u{2212}{}", n.unsigned_abs()),
        n => format!("+{n}"),
    }
}

pub fn terrain_swatch(t: &Terrain) -> Swatch {
    Swatch::Terrain {
        color: t.color,
        pattern: t.pattern,
        icon: t.icon.as_ref().map(|i| i.value.clone()),
    }
}

/// The terrain effects chart of a map that declares effects, its words
/// (title, headings, the note on reading the costs: `tec_move_note`) in
/// `words`.
pub fn tec_chart(map: &Map, words: &Words) -> Option<Chart> {
    if !map.has_effects() {
        return None;
    }
    let table = tec_table(map, words);
    let loc = map.loc;
    let at = |s: &str| Located::new(s.to_string(), loc);
    let rows = |list: &[(String, Swatch, Vec<String>)]| -> Vec<MatrixRow> {
        list.iter()
            .map(|(name, swatch, cells)| MatrixRow {
                label: Some(name.clone()),
                cells: cells.iter().map(|c| at(c)).collect(),
                swatch: Some(swatch.clone()),
                loc,
            })
            .collect()
    };
    let mut sections = vec![MatrixSection {
        heading: (!table.features.is_empty()).then(|| words.terrain.clone()),
        rows: rows(&table.terrain),
    }];
    if !table.features.is_empty() {
        sections.push(MatrixSection {
            heading: Some(words.features.clone()),
            rows: rows(&table.features),
        });
    }
    let mut symbols: Vec<String> = Vec::new();
    for s in &sections {
        for r in &s.rows {
            for c in &r.cells {
                if !symbols.contains(&c.value) {
                    symbols.push(c.value.clone());
                }
            }
        }
    }
    let notes = if table.moves {
        vec![at(&words.tec_move_note)]
    } else {
        Vec::new()
    };
    let matrix = Matrix {
        id: at(&tec_id(map)),
        title: map.name.clone(),
        rule: None,
        label_header: Some(words.terrain.clone()),
        columns: table.columns,
        symbols: symbols.iter().map(|s| at(s)).collect(),
        sections,
        lookup: None,
        intro: Vec::new(),
        notes,
        // The other effects' values ("Blocked"): the data's words.
        made_symbols: Some(
            map.all_effects()
                .flat_map(|e| e.other.iter().map(|(_, v)| v.value.clone()))
                .collect(),
        ),
        loc,
    };
    Some(Chart {
        id: tec_id(map),
        title: words.tec_title.clone(),
        rule: None,
        blocks: vec![ChartBlock {
            kind: BlockKind::Matrix(matrix),
            beside: false,
            loc,
        }],
        loc,
    })
}
