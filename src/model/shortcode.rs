//! Model: shortcodes — data pulled into the rules prose, written in the
//! Markdown as a paragraph of its own, `{{ card("action/great-road") }}` or
//! `{{ deck("action") }}` (found by `load` with byte spans into the
//! Markdown), and the anchors and tables they show, for the validate stage,
//! the rulebook and the HTML reference.

use std::ops::Range;

use super::{BlockKind, Chart, ChartBlock, Game};

/// A string argument of a shortcode and its span (quotes included).
#[derive(Clone, Debug, PartialEq)]
pub struct ShortcodeArg {
    pub value: String,
    pub span: Range<usize>,
}

/// `{{ name("arg", ...) }}`: the paragraph's span, the name and its arguments.
#[derive(Clone, Debug, PartialEq)]
pub struct Shortcode {
    pub name: String,
    pub name_span: Range<usize>,
    pub args: Vec<ShortcodeArg>,
    pub span: Range<usize>,
}

/// Something that looks like a shortcode but is not one: what is wrong and where.
#[derive(Clone, Debug, PartialEq)]
pub struct ShortcodeProblem {
    pub message: String,
    pub span: Range<usize>,
}

/// The anchor a data shortcode's output carries in the HTML reference and the rulebook (`table-combat`, `collection-units`, `dice-dice`).
pub fn data_anchor(code: &Shortcode) -> Option<String> {
    let arg = code.args.first().map(|a| super::slug(&a.value));
    match (code.name.as_str(), arg) {
        ("table", Some(a)) => Some(format!("table-{a}")),
        ("collection", Some(a)) => Some(format!("collection-{a}")),
        ("dice", Some(a)) => Some(format!("dice-{a}")),
        _ => None,
    }
}

/// The anchor of a chart block's first table: the chart's anchor and the block's id.
pub fn block_anchor(chart_anchor: &str, block: &ChartBlock) -> Option<String> {
    block_id_title(block).map(|(id, _)| format!("{chart_anchor}-{}", super::slug(id)))
}

/// A block's id and title (notes have neither).
pub fn block_id_title(block: &ChartBlock) -> Option<(&str, &str)> {
    let (id, title) = match &block.kind {
        BlockKind::Results(t) => (&t.id, &t.title),
        BlockKind::Ranges(t) => (&t.id, &t.title),
        BlockKind::Modifiers(t) => (&t.id, &t.title),
        BlockKind::Matrix(t) => (&t.id, &t.title),
        BlockKind::Checklist(t) => (&t.id, &t.title),
        BlockKind::Notes(_) => return None,
    };
    Some((id.value.as_str(), title.as_str()))
}

/// Every table a data shortcode shows, as (title, anchor): a chart and each
/// of its blocks, a random table, a collection. Empty for dice and for a
/// shortcode naming nothing.
pub fn shown_tables(game: &Game, code: &Shortcode) -> Vec<(String, String)> {
    let Some(anchor) = data_anchor(code) else {
        return Vec::new();
    };
    let arg = code.args.first().map(|a| a.value.as_str());
    match code.name.as_str() {
        "table" => {
            let name = arg.unwrap_or_default();
            if let Some(chart) = game.charts.iter().find(|c| c.id == name) {
                let mut tables = vec![(chart.title.clone(), anchor.clone())];
                tables.extend(chart.blocks.iter().filter_map(|b| {
                    let (_, title) = block_id_title(b)?;
                    Some((title.to_string(), block_anchor(&anchor, b)?))
                }));
                tables
            } else if let Some(t) = game.random_tables.iter().find(|t| t.id == name) {
                vec![(t.name.clone(), anchor)]
            } else if let Some(alone) = block_alone(game, name) {
                vec![(alone.title, anchor)]
            } else {
                Vec::new()
            }
        }
        "collection" => game
            .collection(arg.unwrap_or_default())
            .map(|c| vec![(c.name.clone(), anchor)])
            .unwrap_or_default(),
        _ => Vec::new(),
    }
}

/// The rules each table a data shortcode shows carries, as (the `rule`
/// value, the table's anchor): a chart's own and each block's, a block
/// shown alone with its (or its chart's) rule. What a citation of that rule
/// elsewhere links to.
pub fn shown_rules(game: &Game, code: &Shortcode) -> Vec<(String, String)> {
    let Some(anchor) = data_anchor(code) else {
        return Vec::new();
    };
    if code.name != "table" {
        return Vec::new();
    }
    let name = code
        .args
        .first()
        .map(|a| a.value.as_str())
        .unwrap_or_default();
    if let Some(chart) = game.charts.iter().find(|c| c.id == name) {
        let own = chart.rule.iter().map(|r| (r.value.clone(), anchor.clone()));
        let blocks = chart
            .blocks
            .iter()
            .filter_map(|b| Some((block_rule(b)?.value.clone(), block_anchor(&anchor, b)?)));
        own.chain(blocks).collect()
    } else if let Some(alone) = block_alone(game, name) {
        alone
            .rule
            .iter()
            .map(|r| (r.value.clone(), anchor.clone()))
            .collect()
    } else {
        Vec::new()
    }
}

/// A chart block shown alone (`{{ table("combat") }}` naming a block's id,
/// as `grogpress odds` does): the block, and the notes that follow it in
/// its chart (a note stays with its table), as a chart of their own titled
/// with the block's title and rule (the chart's where the block has none).
pub fn block_alone(game: &Game, id: &str) -> Option<Chart> {
    let (chart, at) = game.charts.iter().find_map(|c| {
        let at = c
            .blocks
            .iter()
            .position(|b| block_id_title(b).is_some_and(|(bid, _)| bid == id))?;
        Some((c, at))
    })?;
    let block = &chart.blocks[at];
    let title = match block_id_title(block) {
        Some((_, t)) if !t.is_empty() => t.to_string(),
        _ => chart.title.clone(),
    };
    let rule = block_rule(block).or(chart.rule.as_ref()).cloned();
    let mut blocks = vec![ChartBlock {
        beside: false,
        ..block.clone()
    }];
    blocks.extend(
        chart.blocks[at + 1..]
            .iter()
            .take_while(|b| matches!(b.kind, BlockKind::Notes(_)))
            .cloned(),
    );
    Some(Chart {
        id: id.to_string(),
        title,
        rule,
        blocks,
        loc: block.loc,
    })
}

/// The rule a block prints beside its title, where it has one.
pub fn block_rule(block: &ChartBlock) -> Option<&super::Located<String>> {
    match &block.kind {
        BlockKind::Results(t) => t.rule.as_ref(),
        BlockKind::Ranges(t) => t.rule.as_ref(),
        BlockKind::Modifiers(t) => t.rule.as_ref(),
        BlockKind::Matrix(t) => t.rule.as_ref(),
        BlockKind::Checklist(t) => t.rule.as_ref(),
        BlockKind::Notes(_) => None,
    }
}
