//! Layout stage, rulebook shortcodes: from what a shortcode shows (cards,
//! ruled tables under a title, dice), to its pieces for the columns —
//! tagged, whole, a title that repeats the heading above left out.

use super::body::Heading;
use super::columns::Frame;
use super::figures::{dice_pieces, table_pieces};
use super::galleries::{compact_gallery, rows_across};
use super::pieces::{Anchor, Piece, TextRequest, TextStyle, card_rows, text_pieces};
use super::tags::{tag_cards, wrap};
use super::{CARD_GAP, Die, Figure, PARA_GAP, RulebookInput, fit_problem, misfit_problem, room};
use crate::diag::Diagnostic;
use crate::layout::doc::Role;
use crate::layout::table::TableSpec;
use crate::model::{Shortcode, Style};
use crate::text::rich::literal;

/// A shortcode's figure as pieces, each whole.
pub(super) fn figure_pieces(
    figure: Figure,
    code: &Shortcode,
    input: &RulebookInput<'_>,
    frame: Frame,
    heading: Option<&Heading>,
) -> Result<Vec<Piece>, Diagnostic> {
    let width = frame.column_width;
    // How far one column's prose is set in: titles and dice are too.
    let inset = super::body::prose_inset(frame);
    let what = format!("`{}`", code.name);
    match figure {
        Figure::Cards(gallery) if !gallery.full_size => {
            // Scaled for a column, in rows across the columns (reading
            // order); in one column a figure that may wait for the next.
            // A heading right above goes with its first row: the rows
            // fill the column below it, the first page's as the others.
            let above = heading.map_or(0.0, |h| h.height + CARD_GAP);
            let (size, cards) =
                compact_gallery(&gallery, width, frame.column_height - above, frame.columns);
            let mut rows = rows_across(&cards, size, frame);
            tag_cards(&mut rows, &cards);
            if frame.columns < 2 {
                for row in &mut rows {
                    row.figure = true;
                }
                if let Some(first) = rows.first_mut() {
                    first.float_start = true;
                }
            }
            Ok(rows)
        }
        Figure::Cards(gallery) => {
            let (w, h, _) = gallery.size;
            if w > width + 1e-3 || h > frame.column_height + 1e-3 {
                return Err(crate::error!(
                    "rulebook-overflow", None,
                    "the cards of `{}` are {w:.0} x {h:.0} pt and cannot fit even an empty column ({width:.0} x {:.0} pt)",
                    code.name, frame.column_height;
                    hint: "use --columns 1, or a smaller card size for the game"
                ));
            }
            // With two columns, across the page below the columns set so
            // far: more cards to a row.
            let across = frame.columns >= 2;
            let row_width = if across { room(frame).page } else { width };
            let mut rows = card_rows(&gallery.cards, gallery.size, row_width, CARD_GAP);
            tag_cards(&mut rows, &gallery.cards);
            for row in &mut rows {
                row.full_width = across;
            }
            Ok(rows)
        }
        Figure::Tables {
            title,
            specs,
            anchors,
        } => {
            let mut pieces = Vec::new();
            // A heading right above the figure is its title: the figure's
            // own title is left out, and so is its first table's bar when
            // that table is the whole figure or the bar only repeats the
            // heading (unless the bar carries a rule number too); where
            // that table goes on, the heading names it "(continued)".
            let repeats = |t: &String| heading.is_some_and(|h| same_title(&h.plain, t));
            let title = title.filter(|_| heading.is_none());
            let single = specs.len() == 1;
            let first_title_shown = !(title.is_none()
                && heading.is_some()
                && specs.first().is_some_and(|first| {
                    first.rule.is_none() && (single || first.title.as_ref().is_some_and(repeats))
                }));
            if let Some(title) = title {
                let style = TextStyle {
                    style: Style::Bold,
                    size: 10.5,
                    leading: 1.2,
                };
                // At the prose's measure, as a heading is.
                let mut lines = text_pieces(&TextRequest {
                    indent: inset,
                    ..TextRequest::new(
                        &literal(&title),
                        width - inset,
                        style,
                        input.family,
                        input.book,
                    )
                })
                .map_err(fit_problem)?;
                for line in &mut lines {
                    line.keep_with_next = true;
                }
                if let Some(first) = lines.first_mut() {
                    first.gap = PARA_GAP * 2.0;
                }
                wrap(Role::Paragraph, &mut lines);
                pieces.extend(lines);
            }
            for (i, spec) in specs.iter().enumerate() {
                let shown = i > 0 || first_title_shown;
                let named;
                let spec = match heading.filter(|_| !shown) {
                    Some(h) => {
                        named = TableSpec {
                            title: Some(h.plain.clone()),
                            ..spec.clone()
                        };
                        &named
                    }
                    None => spec,
                };
                // The heading that names the first table floats with it.
                let named = heading.filter(|_| i == 0).map_or(0.0, |h| h.height);
                let mut table = table_pieces(
                    spec,
                    (room(frame), named),
                    input.figure_family,
                    (input.book, input.words),
                    shown,
                )
                .map_err(|m| misfit_problem(m, &what))?;
                if let Some(first) = table.first_mut() {
                    for (_, anchor) in anchors.iter().filter(|(at, _)| *at == i) {
                        first.anchors.push(Anchor::at_top(format!("#{anchor}")));
                    }
                }
                // A checklist's steps are read as a list, notes as paragraphs.
                wrap(spec.role(), &mut table);
                pieces.extend(table);
            }
            // The figure's title floats with its first table: the title's
            // lines and the table are one figure.
            let titled = pieces.iter().take_while(|p| p.keep_with_next).count();
            if titled > 0 && pieces.get(titled).is_some_and(|p| p.figure) {
                for (k, p) in pieces.iter_mut().enumerate().take(titled + 1) {
                    p.figure = true;
                    p.float_start = k == 0;
                }
            }
            // A title spanning the page goes with a table that does.
            if pieces.last().is_some_and(|p| p.full_width) {
                for p in pieces.iter_mut().filter(|p| p.keep_with_next) {
                    p.full_width = true;
                }
            }
            notes_go_on(&mut pieces);
            Ok(pieces)
        }
        Figure::Dice(dice) => {
            // At the prose's measure (set in as the prose is, in one column).
            let measure = width - 2.0 * inset;
            let mut pieces =
                dice_pieces(&dice, input.icons, measure, input.figure_family, input.book)
                    .map_err(fit_problem)?;
            for piece in pieces.iter_mut().filter(|_| inset > 0.0) {
                for item in &mut piece.items {
                    item.translate(inset, 0.0);
                }
            }
            for (piece, die) in pieces.iter_mut().zip(&dice) {
                wrap(Role::Figure(die_alt(die)), std::slice::from_mut(piece));
            }
            dice_as_figure(&mut pieces);
            Ok(pieces)
        }
    }
}

/// The dice of a shortcode as one figure: it waits whole for the next
/// column it fits in while the text after it fills this one (a die's name
/// never left at a column's foot without the dice after it). Where no
/// column holds them all they go die by die, the first two and the last
/// two kept together (as a paragraph keeps its first and last lines).
fn dice_as_figure(pieces: &mut [Piece]) {
    let count = pieces.len();
    for (k, piece) in pieces.iter_mut().enumerate() {
        piece.figure = true;
        piece.float_start = k == 0;
        piece.keep_with_next = count >= 4 && (k == 0 || k + 2 == count);
    }
}

/// The tables in a column right after a table across the page (a chart's
/// legend and notes) go on from it rather than start figures of their
/// own: they go with it where it floats to (see `columns`).
fn notes_go_on(pieces: &mut [Piece]) {
    let mut after_across = false;
    for piece in pieces {
        if piece.full_width {
            after_across = true;
        } else if piece.figure && after_across {
            piece.float_start = false;
        } else {
            after_across = false;
        }
    }
}

/// Whether a heading and a table's title say the same: their words (letters
/// and digits, any case, punctuation left out) equal, a last word "table"
/// or "chart" on either not counted ("Units table" is "Units").
pub(super) fn same_title(heading: &str, title: &str) -> bool {
    let words = |text: &str| -> Vec<String> {
        let mut words: Vec<String> = text
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect();
        if words.len() > 1
            && words
                .last()
                .is_some_and(|w| matches!(w.as_str(), "table" | "chart"))
        {
            words.pop();
        }
        words
    };
    let ours = words(heading);
    !ours.is_empty() && ours == words(title)
}

/// What a die shows, in words: its name, its note (its role, say) and each face's symbols.
pub(super) fn die_alt(die: &Die) -> String {
    let faces: Vec<String> = die
        .faces
        .iter()
        .enumerate()
        .map(|(k, f)| {
            let shown = if f.trim().is_empty() {
                "blank"
            } else {
                f.trim()
            };
            format!("{}: {shown}", k + 1)
        })
        .collect();
    let note = die
        .note
        .as_deref()
        .map(|r| format!(" ({r})"))
        .unwrap_or_default();
    format!("{} die{note}, faces {}", die.name, faces.join(", "))
}
