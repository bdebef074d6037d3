//! Layout: a game's chart set — each chart's tables, modifier lists,
//! matrices and checklists turned into ruled tables (see `table`) and flowed
//! down the pages, a block marked `beside` set to the right of the one
//! before it. Input: charts and fonts; output: a [`Doc`] or every overflow.

use super::doc::Doc;
use super::flow::{Band, Flow};
use super::table::{
    Cell, Kept, LaidTable, RowKind, TableRow, TableSpec, TableStyle, lay_out_table, place_table,
    place_table_kept,
};
use crate::diag::{Diagnostic, Loc};
use crate::model::{
    BlockKind, Chart, ChartBlock, Checklist, Located, Matrix, ModEntry, ModifierList, Numbering,
    Paper, RangeTable, ResultsTable, RollRange, Step, row_odds,
};
use crate::text::rich::literal;
use crate::text::{Family, FontBook, Words};

#[derive(Clone, Debug)]
pub struct ChartOptions {
    pub paper: Paper,
    pub margin: f32,
    /// Print each results row's chance at net modifier 0 beside it.
    pub odds: bool,
    pub style: TableStyle,
    /// Space between blocks, and between the tables of one block.
    pub gap: f32,
    pub inner_gap: f32,
    /// The words printed around the charts ("(continued)").
    pub words: Words,
}

impl Default for ChartOptions {
    fn default() -> Self {
        ChartOptions {
            paper: Paper::LETTER,
            margin: 36.0,
            odds: false,
            style: TableStyle::default(),
            gap: 12.0,
            inner_gap: 4.0,
            words: Words::default(),
        }
    }
}

/// Lays out `charts` as one document titled `title`.
pub fn lay_out_charts(
    title: &str,
    charts: &[Chart],
    family: &Family,
    book: &FontBook,
    options: &ChartOptions,
) -> Result<Doc, Vec<Diagnostic>> {
    let footer_style = TableStyle {
        size: 7.5,
        min_size: 6.0,
        ..options.style
    };
    let footer = |n: usize, of: usize| {
        let spec = TableSpec {
            title: None,
            rule: None,
            columns: vec![3.0, 1.0],
            preamble: Vec::new(),
            header: Vec::new(),
            rows: vec![TableRow::body(
                vec![
                    Cell::new(title.to_string()),
                    Cell::new(Words::fill(
                        &options.words.page_of,
                        &[("n", &n.to_string()), ("total", &of.to_string())],
                    ))
                    .right(),
                ],
                None,
            )],
            ruled: false,
            loc: charts.first().map_or(Loc::new(0, 0..0), |c| c.loc),
        };
        let width = options.paper.width - 2.0 * options.margin;
        lay_out_table(&spec, width, (family, book), &footer_style, &options.words)
    };
    let footer_height = match footer(1, 1) {
        Ok(f) => f.height() + options.inner_gap,
        Err(e) => return Err(e),
    };
    let mut flow = Flow::new(options.paper, options.margin).with_footer(footer_height);
    let width = flow.width();
    let mut problems = Vec::new();
    let heading_style = TableStyle {
        size: 14.0,
        min_size: 10.0,
        ..options.style
    };
    for (n, chart) in charts.iter().enumerate() {
        if n > 0 {
            flow.skip(options.gap);
        }
        let heading = heading_spec(chart);
        let heading = match lay_out_table(
            &heading,
            width,
            (family, book),
            &heading_style,
            &options.words,
        ) {
            Ok(h) => h,
            Err(e) => {
                problems.extend(e);
                continue;
            }
        };
        // Keep the heading with the start of what follows it.
        let lead = groups(&chart.blocks)
            .first()
            .map_or(0.0, |g| lead_height(g, width, family, book, options));
        flow.ensure(heading.height() + options.inner_gap + lead);
        if let Err(e) = place_table(&mut flow, heading, 0.0) {
            problems.push(e);
        }
        flow.skip(options.inner_gap);
        let groups = groups(&chart.blocks);
        for (i, group) in groups.iter().enumerate() {
            if i > 0 {
                flow.skip(options.gap);
            }
            // A note under a table stays with the table's last rows.
            let after = match groups.get(i + 1) {
                Some(next) if is_note(next) => {
                    options.gap + lead_height(next, width, family, book, options)
                }
                _ => 0.0,
            };
            if let Err(e) = place_group(&mut flow, group, after, family, book, options) {
                problems.extend(e);
            }
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let count = flow.pages.len();
    let mut pages = flow.pages;
    for (i, page) in pages.iter_mut().enumerate() {
        let band = footer(i + 1, count)?.as_band();
        let top = options.paper.height - options.margin - band.height;
        page.items.extend(
            band.items
                .iter()
                .map(|item| item.translated(options.margin, top)),
        );
    }
    Ok(Doc {
        title: title.to_string(),
        lang: None,
        pages,
    })
}

fn heading_spec(chart: &Chart) -> TableSpec {
    let mut cells = vec![Cell::new(chart.title.clone()).bold()];
    cells.push(
        Cell::new(
            chart
                .rule
                .as_ref()
                .map(|r| r.value.clone())
                .unwrap_or_default(),
        )
        .right(),
    );
    TableSpec {
        title: None,
        rule: None,
        columns: vec![4.0, 1.0],
        preamble: Vec::new(),
        header: Vec::new(),
        rows: vec![TableRow::body(cells, Some(chart.loc))],
        ruled: false,
        loc: chart.loc,
    }
}

/// Blocks in rows: a block and the blocks marked `beside` after it.
fn groups(blocks: &[ChartBlock]) -> Vec<Vec<&ChartBlock>> {
    let mut out: Vec<Vec<&ChartBlock>> = Vec::new();
    for block in blocks {
        match out.last_mut() {
            Some(group) if block.beside => group.push(block),
            _ => out.push(vec![block]),
        }
    }
    out
}

/// The height a group needs at the top of a page: all of it when side by
/// side (it is not split), else its first table's head and first row.
fn lead_height(
    group: &[&ChartBlock],
    width: f32,
    family: &Family,
    book: &FontBook,
    options: &ChartOptions,
) -> f32 {
    if group.len() > 1 {
        return group
            .iter()
            .zip(columns(group, width, options.gap))
            .filter_map(|(b, (_, w))| lay_out_block(b, w, family, book, options).ok())
            .map(|tables| stack(&tables, options.inner_gap).height)
            .fold(0.0, f32::max);
    }
    group
        .first()
        .and_then(|b| lay_out_block(b, width, family, book, options).ok())
        .and_then(|tables| {
            tables
                .first()
                .map(|t| t.head_height() + t.rows.first().map_or(0.0, |r| r.height))
        })
        .unwrap_or(0.0)
}

/// Whether a group is a notes block alone (paragraphs under the block before).
fn is_note(group: &[&ChartBlock]) -> bool {
    matches!(group, [block] if matches!(block.kind, BlockKind::Notes(_)))
}

/// Places one block, or blocks side by side. Side by side they must fit
/// one page together; otherwise they are flowed one after the other, each
/// table's last two rows together and with the start of what follows
/// (the block's next table, or `after`: the note under the group).
fn place_group(
    flow: &mut Flow,
    group: &[&ChartBlock],
    after: f32,
    family: &Family,
    book: &FontBook,
    options: &ChartOptions,
) -> Result<(), Vec<Diagnostic>> {
    let full = flow.width();
    if group.len() > 1 {
        let mut stacks = Vec::new();
        for (block, (x, w)) in group.iter().zip(columns(group, full, options.gap)) {
            let tables = lay_out_block(block, w, family, book, options)?;
            stacks.push((x, stack(&tables, options.inner_gap)));
        }
        let height = stacks.iter().map(|(_, b)| b.height).fold(0.0, f32::max);
        if height <= flow.height() {
            flow.ensure(height);
            for (x, band) in &stacks {
                flow.put(band, *x, 0.0);
            }
            flow.skip(height);
            return Ok(());
        }
    }
    let mut problems = Vec::new();
    for (i, block) in group.iter().enumerate() {
        if i > 0 {
            flow.skip(options.gap);
        }
        let tables = lay_out_block(block, full, family, book, options)?;
        let leads: Vec<f32> = tables
            .iter()
            .map(|t| t.head_height() + t.rows.first().map_or(0.0, |r| r.height))
            .collect();
        let last_block = i + 1 == group.len();
        for (j, table) in tables.into_iter().enumerate() {
            if j > 0 {
                flow.skip(options.inner_gap);
            }
            let tail = match leads.get(j + 1) {
                Some(lead) => options.inner_gap + lead,
                None if last_block => after,
                None => 0.0,
            };
            let kept = Kept {
                last_two: true,
                tail,
            };
            if let Err(e) = place_table_kept(flow, table, 0.0, kept) {
                problems.push(e);
            }
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

/// The left edge and width of each block of a side-by-side group.
fn columns(group: &[&ChartBlock], width: f32, gap: f32) -> Vec<(f32, f32)> {
    let shares: Vec<f32> = group.iter().map(|b| share(b)).collect();
    let total: f32 = shares.iter().sum();
    let usable = width - gap * (group.len().max(1) - 1) as f32;
    let mut x = 0.0;
    shares
        .iter()
        .map(|s| {
            let w = usable * s / total;
            let column = (x, w);
            x += w + gap;
            column
        })
        .collect()
}

/// How much of a shared row a block takes: tables of results want more
/// room than lists beside them.
fn share(block: &ChartBlock) -> f32 {
    match block.kind {
        BlockKind::Results(_) | BlockKind::Ranges(_) | BlockKind::Matrix(_) => 1.2,
        _ => 1.0,
    }
}

/// A column's weight from the longest text in it (headers count by their longest word).
fn weight<'a>(texts: impl Iterator<Item = &'a str>, header: &str) -> f32 {
    let longest_word = header
        .split_whitespace()
        .map(|w| w.chars().count())
        .max()
        .unwrap_or(0);
    texts
        .map(|t| crate::text::plain_text(t).chars().count())
        .max()
        .unwrap_or(0)
        .max(longest_word)
        .max(3) as f32
}

/// Tables stacked into one band, `gap` apart.
fn stack(tables: &[LaidTable], gap: f32) -> Band {
    let mut band = Band::default();
    for (i, t) in tables.iter().enumerate() {
        if i > 0 {
            band.height += gap;
        }
        let b = t.as_band();
        band.items
            .extend(b.items.iter().map(|item| item.translated(0.0, band.height)));
        band.height += b.height;
    }
    band
}

fn lay_out_block(
    block: &ChartBlock,
    width: f32,
    family: &Family,
    book: &FontBook,
    options: &ChartOptions,
) -> Result<Vec<LaidTable>, Vec<Diagnostic>> {
    let specs = block_specs_in(block, options.odds.then_some(&options.words));
    let mut out = Vec::new();
    let mut problems = Vec::new();
    for spec in &specs {
        match lay_out_table(spec, width, (family, book), &options.style, &options.words) {
            Ok(t) => out.push(t),
            Err(e) => problems.extend(e),
        }
    }
    if problems.is_empty() {
        Ok(out)
    } else {
        Err(problems)
    }
}

/// The tables a block prints as: the block itself, then its legend and notes;
/// with `odds`, each results row's chance in English words.
pub fn block_specs(block: &ChartBlock, odds: bool) -> Vec<TableSpec> {
    block_specs_in(block, odds.then(Words::english))
}

/// [`block_specs`], each results row's chance printed (when `odds` gives
/// the words to print it in) with those words: its column's heading and
/// the decimal mark.
pub fn block_specs_in(block: &ChartBlock, odds: Option<&Words>) -> Vec<TableSpec> {
    let mut specs = match &block.kind {
        BlockKind::Results(t) if t.across => vec![results_across(t, odds)],
        BlockKind::Results(t) => vec![results(t, odds)],
        BlockKind::Ranges(t) => vec![ranges(t, odds.is_some())],
        BlockKind::Modifiers(m) => vec![modifiers(m)],
        BlockKind::Matrix(m) => vec![matrix(m)],
        BlockKind::Checklist(c) => vec![checklist(c)],
        BlockKind::Notes(text) => vec![paragraphs(None, text, &block.loc)],
    };
    if let BlockKind::Results(t) = &block.kind {
        if !t.legend.is_empty() {
            specs.push(legend(t));
        }
        if !t.notes.is_empty() {
            specs.push(paragraphs(None, &t.notes, &t.loc));
        }
    }
    let notes = match &block.kind {
        BlockKind::Ranges(t) => &t.notes[..],
        BlockKind::Modifiers(m) => &m.notes[..],
        BlockKind::Matrix(m) => &m.notes[..],
        BlockKind::Checklist(c) => &c.notes[..],
        _ => &[],
    };
    if !notes.is_empty() {
        specs.push(paragraphs(None, notes, &block.loc));
    }
    specs
}

/// A result cell as printed: the cell meaning "no result" (`none`, "-" by
/// default) as an en dash, as a typeset table shows an empty cell.
fn shown(t: &ResultsTable, cell: &str) -> String {
    if cell.trim() == t.none {
        "\u{2013}".to_owned()
    } else {
        cell.to_owned()
    }
}

/// "5/12 (41.7%)" for each row at net modifier 0, from [`row_odds`], with
/// the words' decimal mark.
fn odds_cells(t: &ResultsTable, words: &Words) -> Vec<String> {
    let ranges: Vec<RollRange> = t.rows.iter().map(|r| r.roll.value).collect();
    row_odds(t.dice.value, &ranges, 0)
        .into_iter()
        .map(|o| {
            let percent = words.number(&format!("{:.1}", o.percent()));
            format!("{} ({percent}%)", o.fraction())
        })
        .collect()
}

fn results(t: &ResultsTable, odds: Option<&Words>) -> TableSpec {
    let mut widths = vec![weight(
        t.rows.iter().map(|r| r.roll_text.as_str()),
        &t.roll_header,
    )];
    widths.extend(t.columns.iter().enumerate().map(|(i, c)| {
        weight(
            t.rows
                .iter()
                .filter_map(|r| r.results.get(i))
                .map(|c| c.value.as_str()),
            &c.value,
        )
    }));
    let mut header = vec![Cell::new(t.roll_header.clone()).center()];
    header.extend(
        t.columns
            .iter()
            .map(|c| Cell::new(c.value.clone()).center()),
    );
    if let Some(words) = odds {
        widths.push(9.0);
        header.push(
            Cell::new(words.odds_at_net.clone())
                .center()
                .small()
                .whole(),
        );
    }
    let odds_text = odds.map(|words| odds_cells(t, words));
    let rows = t
        .rows
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let mut cells = vec![Cell::new(row.roll_text.clone()).center().bold().whole()];
            cells.extend(
                row.results
                    .iter()
                    .map(|r| Cell::new(shown(t, &r.value)).center()),
            );
            if let Some(o) = &odds_text {
                cells.push(Cell::new(o[i].clone()).center().small().whole());
            }
            TableRow::body(cells, Some(row.loc))
        })
        .collect();
    TableSpec {
        title: Some(t.title.clone()),
        rule: t.rule.as_ref().map(|r| r.value.clone()),
        columns: widths,
        preamble: Vec::new(),
        header: vec![TableRow::header(header)],
        rows,
        ruled: true,
        loc: t.loc,
    }
}

/// Results as column heads, the rolls beneath them (and their odds).
fn results_across(t: &ResultsTable, odds: Option<&Words>) -> TableSpec {
    let n = t.rows.len().max(1);
    let heads = t
        .rows
        .iter()
        .map(|r| {
            let text: Vec<String> = r.results.iter().map(|c| shown(t, &c.value)).collect();
            Cell::new(text.join(" / ")).center()
        })
        .collect();
    let mut rows = vec![TableRow::body(
        t.rows
            .iter()
            .map(|r| Cell::new(r.roll_text.clone()).center().bold())
            .collect(),
        t.rows.first().map(|r| r.loc),
    )];
    if let Some(words) = odds {
        rows.push(TableRow::body(
            odds_cells(t, words)
                .into_iter()
                .map(|o| Cell::new(o).center().small().whole())
                .collect(),
            None,
        ));
    }
    TableSpec {
        title: Some(t.title.clone()),
        rule: t.rule.as_ref().map(|r| r.value.clone()),
        columns: vec![1.0; n],
        preamble: Vec::new(),
        header: vec![TableRow::header(heads)],
        rows,
        ruled: true,
        loc: t.loc,
    }
}

fn legend(t: &ResultsTable) -> TableSpec {
    let rows = t
        .legend
        .iter()
        .map(|e| {
            TableRow::body(
                vec![
                    Cell::new(format!("**{}**", literal(&e.code.value))).whole(),
                    Cell::new(e.text.clone()),
                ],
                Some(e.code.loc),
            )
        })
        .collect();
    let code_width = weight(t.legend.iter().map(|e| e.code.value.as_str()), "");
    TableSpec {
        title: None,
        rule: None,
        columns: vec![code_width, 42.0],
        preamble: Vec::new(),
        header: Vec::new(),
        rows,
        ruled: false,
        loc: t.loc,
    }
}

fn paragraphs(title: Option<&str>, text: &[Located<String>], loc: &Loc) -> TableSpec {
    TableSpec {
        title: title.map(str::to_string),
        rule: None,
        columns: vec![1.0],
        preamble: Vec::new(),
        header: Vec::new(),
        rows: text
            .iter()
            .map(|p| TableRow::body(vec![Cell::new(p.value.clone())], Some(p.loc)))
            .collect(),
        ruled: false,
        loc: *loc,
    }
}

/// A die range with its chance when odds are printed: "5-6 (1/3)".
fn range_cell(t: &RangeTable, cell: &str, odds: bool) -> String {
    // A range in the language's words ("5 oder mehr") is read as its range.
    let range = t.range(cell).filter(|_| odds);
    match range.and_then(|r| row_odds(t.dice.value, &[r], 0).first().copied()) {
        Some(o) => format!("{cell} ({})", o.fraction()),
        None => cell.to_string(),
    }
}

fn ranges(t: &RangeTable, odds: bool) -> TableSpec {
    let n = t.columns.len();
    let mut widths = vec![2.2];
    widths.extend(t.columns.iter().map(|_| 1.0));
    let mut header = Vec::new();
    if let Some(span) = &t.span_header {
        header.push(TableRow::header(vec![
            Cell::new(""),
            Cell::new(span.clone()).center().span(n),
        ]));
    }
    let mut cols = vec![Cell::new(t.label_header.clone())];
    cols.extend(t.columns.iter().map(|c| Cell::new(c.clone()).center()));
    header.push(TableRow::header(cols));
    let rows = t
        .rows
        .iter()
        .map(|row| {
            let mut cells = vec![Cell::new(row.label.join("\n"))];
            cells.extend(
                row.cells
                    .iter()
                    .map(|c| Cell::new(range_cell(t, &c.value, odds)).center()),
            );
            TableRow::body(cells, Some(row.loc))
        })
        .collect();
    TableSpec {
        title: Some(t.title.clone()),
        rule: t.rule.as_ref().map(|r| r.value.clone()),
        columns: widths,
        preamble: Vec::new(),
        header,
        rows,
        ruled: true,
        loc: t.loc,
    }
}

fn modifiers(m: &ModifierList) -> TableSpec {
    let mut rows: Vec<TableRow> = Vec::new();
    let preamble: Vec<TableRow> = m
        .intro
        .iter()
        .map(|p| {
            TableRow::body(
                vec![Cell::new(p.value.clone()).italic().span(2)],
                Some(p.loc),
            )
        })
        .collect();
    for section in &m.sections {
        if let Some(h) = &section.heading {
            rows.push(TableRow::section(h.clone(), 2, None));
        }
        for entry in &section.entries {
            match entry {
                ModEntry::One(one) => rows.push(TableRow::body(
                    vec![
                        Cell::new(one.text.clone()),
                        Cell::new(one.value.value.clone()).center().bold(),
                    ],
                    Some(one.value.loc),
                )),
                ModEntry::Group {
                    lead,
                    only_one,
                    joined,
                    options,
                    loc,
                } => {
                    let tag = if *only_one { " *use only one*" } else { "" };
                    if let Some(lead) = lead {
                        rows.push(TableRow::body(
                            vec![Cell::new(format!("{lead}{tag}")).span(2)],
                            Some(*loc),
                        ));
                    }
                    let indent = if lead.is_some() {
                        "\u{a0}\u{a0}\u{a0}"
                    } else {
                        ""
                    };
                    if *joined {
                        let texts: Vec<&str> = options.iter().map(|o| o.text.as_str()).collect();
                        let values: Vec<&str> =
                            options.iter().map(|o| o.value.value.as_str()).collect();
                        let tag = if lead.is_none() { tag } else { "" };
                        rows.push(TableRow::body(
                            vec![
                                Cell::new(format!("{indent}{}{tag}", texts.join(" / "))),
                                Cell::new(values.join("/")).center().bold(),
                            ],
                            Some(*loc),
                        ));
                    } else {
                        for o in options {
                            rows.push(TableRow::body(
                                vec![
                                    Cell::new(format!("{indent}{}", o.text)),
                                    Cell::new(o.value.value.clone()).center().bold(),
                                ],
                                Some(o.value.loc),
                            ));
                        }
                    }
                }
            }
        }
    }
    let header = m
        .value_header
        .as_ref()
        .map(|h| {
            vec![TableRow::header(vec![
                Cell::new(""),
                Cell::new(h.clone()).center(),
            ])]
        })
        .unwrap_or_default();
    TableSpec {
        title: Some(m.title.clone()),
        rule: m.rule.as_ref().map(|r| r.value.clone()),
        columns: vec![5.0, 1.2],
        preamble,
        header,
        rows,
        ruled: true,
        loc: m.loc,
    }
}

fn matrix(m: &Matrix) -> TableSpec {
    let labelled = m.label_header.is_some();
    let n = m.columns.len() + usize::from(labelled);
    let mut widths = Vec::new();
    let mut header = Vec::new();
    if let Some(h) = &m.label_header {
        widths.push(2.0);
        header.push(Cell::new(h.clone()));
    }
    widths.extend(m.columns.iter().map(|_| 1.0));
    header.extend(m.columns.iter().map(|c| Cell::new(c.clone()).center()));
    let preamble: Vec<TableRow> = m
        .intro
        .iter()
        .map(|p| {
            TableRow::body(
                vec![Cell::new(p.value.clone()).italic().span(n)],
                Some(p.loc),
            )
        })
        .collect();
    let mut rows: Vec<TableRow> = Vec::new();
    for section in &m.sections {
        if let Some(h) = &section.heading {
            rows.push(TableRow::section(h.clone(), n, None));
        }
        for row in &section.rows {
            let mut cells = Vec::new();
            if labelled {
                cells.push(
                    Cell::new(row.label.clone().unwrap_or_default()).swatch(row.swatch.clone()),
                );
            }
            cells.extend(
                row.cells
                    .iter()
                    .map(|c| Cell::new(literal(&c.value)).center()),
            );
            rows.push(TableRow::body(cells, Some(row.loc)));
        }
    }
    TableSpec {
        title: Some(m.title.clone()),
        rule: m.rule.as_ref().map(|r| r.value.clone()),
        columns: widths,
        preamble,
        header: vec![TableRow::header(header)],
        rows,
        ruled: true,
        loc: m.loc,
    }
}

/// Steps as numbered (or marked) rows; sub-items indented beneath.
fn checklist(c: &Checklist) -> TableSpec {
    let mut rows: Vec<TableRow> = c
        .intro
        .iter()
        .map(|p| {
            TableRow::body(
                vec![Cell::new(p.value.clone()).italic().span(3)],
                Some(p.loc),
            )
        })
        .collect();
    for section in &c.sections {
        if let Some(h) = &section.heading {
            rows.push(TableRow {
                cells: vec![Cell::new(h.clone()).bold().span(3)],
                kind: RowKind::Section,
                step: false,
                loc: None,
            });
        }
        rows.extend(section.intro.iter().map(|p| {
            TableRow::body(
                vec![Cell::new(p.value.clone()).italic().span(3)],
                Some(p.loc),
            )
        }));
        for (i, step) in section.steps.iter().enumerate() {
            let label = match section.numbering {
                Numbering::None => step.mark.clone().unwrap_or_default(),
                n => n.label(i).unwrap_or_default(),
            };
            let label = if section.numbering == Numbering::None {
                Cell::new(label).center()
            } else {
                Cell::new(label).bold()
            };
            rows.push(TableRow::step(
                vec![label, Cell::new(step_text(step)).span(2)],
                Some(step.loc),
            ));
            for item in &step.items {
                rows.push(TableRow::step(
                    vec![
                        Cell::new(""),
                        Cell::new(item.mark.clone().unwrap_or_default()).center(),
                        Cell::new(step_text(item)),
                    ],
                    Some(item.loc),
                ));
            }
        }
        rows.extend(section.outro.iter().map(|p| {
            TableRow::body(
                vec![Cell::new(p.value.clone()).italic().span(3)],
                Some(p.loc),
            )
        }));
    }
    TableSpec {
        title: Some(c.title.clone()),
        rule: c.rule.as_ref().map(|r| r.value.clone()),
        columns: vec![1.4, 1.2, 14.0],
        preamble: Vec::new(),
        header: Vec::new(),
        rows,
        ruled: false,
        loc: c.loc,
    }
}

/// "**A:** **Title.** text" as the step prints.
fn step_text(step: &Step) -> String {
    let mut parts = Vec::new();
    if let Some(actor) = &step.actor {
        parts.push(format!("**{}:**", actor.value));
    }
    if let Some(title) = &step.title {
        parts.push(format!("**{title}**"));
    }
    if !step.text.is_empty() {
        parts.push(step.text.clone());
    }
    parts.join(" ")
}
