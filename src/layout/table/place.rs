//! Layout: a laid-out table flowed onto pages — title and header at the
//! top of each page it reaches, rows never split, a section band kept with
//! the row it heads; a row no page can hold is a `table-overflow`.

use super::LaidTable;
use crate::diag::Diagnostic;
use crate::layout::flow::Flow;

/// Flows a laid-out table at `x` from the left margin: title and header at
/// the top of each page it reaches, rows never split. A row that cannot fit
/// on a page even below only the title and header is a `table-overflow`.
/// The table is consumed: its rows move onto the pages (a 20,000-row card
/// list is not held twice). Returns the page (index in `flow.pages`) each
/// row went to.
pub fn place_table(flow: &mut Flow, table: LaidTable, x: f32) -> Result<Vec<usize>, Diagnostic> {
    place_table_kept(flow, table, x, Kept::default())
}

/// What a table keeps together where a page breaks it, beyond a section
/// band with the row it heads (see [`place_table_kept`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Kept {
    /// Its last two rows go over together: no row is left alone at the end.
    pub last_two: bool,
    /// This much of what follows the table (a note under it, with the gap
    /// before it) stays on the page of the table's last rows.
    pub tail: f32,
}

/// [`place_table`], keeping the last two rows together and what follows
/// with them as `kept` says (the chart set: a table's last row never alone
/// on a page, a chart note never cut from its table).
pub fn place_table_kept(
    flow: &mut Flow,
    mut table: LaidTable,
    x: f32,
    kept: Kept,
) -> Result<Vec<usize>, Diagnostic> {
    let head = table.head_height();
    let first = table.rows.first().map_or(0.0, |r| r.height);
    flow.ensure(head + first);
    push_head(flow, &table, x, false);
    let heights: Vec<f32> = table.rows.iter().map(|r| r.height).collect();
    let mut row_pages = Vec::with_capacity(heights.len());
    let count = heights.len();
    for (i, row) in std::mem::take(&mut table.rows).into_iter().enumerate() {
        // A section band goes over to the next page with the row it heads;
        // kept, the last two rows go together, and what follows with them.
        let last_two = kept.last_two && i + 2 == count;
        let next = match heights.get(i + 1) {
            Some(next) if table.keep_with_next.get(i) == Some(&true) || last_two => *next,
            _ => 0.0,
        };
        let next = if i + 1 == count || (last_two && kept.tail > 0.0) {
            next + kept.tail
        } else {
            next
        };
        if row.height + next > flow.remaining() + 1e-3 {
            let cont_head = table.continued.as_ref().map_or(0.0, |t| t.height)
                + table.header.iter().map(|b| b.height).sum::<f32>();
            if cont_head + row.height > flow.height() + 1e-3 {
                let loc = table.row_locs[i].unwrap_or(table.loc);
                return Err(crate::error!(
                    "table-overflow", Some(loc),
                    "a table row is {:.0} pt tall; with the table's heading a page holds {:.0} pt",
                    row.height, flow.height() - cont_head;
                    hint: "split the row's text into several rows"
                ));
            }
            flow.new_page();
            push_head(flow, &table, x, true);
        }
        flow.push_owned(row, x);
        row_pages.push(flow.pages.len() - 1);
    }
    Ok(row_pages)
}

/// The title (or its continuation), the preamble on the first page only,
/// and the header rows.
pub fn push_head(flow: &mut Flow, table: &LaidTable, x: f32, continued: bool) {
    let title = if continued {
        &table.continued
    } else {
        &table.title
    };
    if let Some(t) = title {
        flow.push(t, x);
    }
    if !continued {
        for p in &table.preamble {
            flow.push(p, x);
        }
    }
    for h in &table.header {
        flow.push(h, x);
    }
}
