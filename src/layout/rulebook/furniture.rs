//! Layout stage, rulebook page furniture: from the headings and the pages
//! they fall on, to each page's running head and folio, drawn over a rule
//! at the head and at the foot's outer edge, tagged as artifacts.

use super::body::Heading;
use super::page_map::{PageMap, Part};
use super::{BOTTOM, RulebookInput, SIDE, TOP};
use crate::layout::doc::{Geometry, Item, Page, Role, Stroke, TextItem, tagged};
use crate::model::Style;

/// Sets each page's running head and folio (see
/// [`running_header_and_folio`]), the title page's none.
pub(super) fn furnish(
    pages: &mut [Page],
    headings: &[Heading],
    heading_pages: &[usize],
    map: &PageMap,
    input: &RulebookInput<'_>,
) {
    let heads = running_heads(headings, heading_pages, map, pages.len(), input);
    for ((n, page), head) in pages.iter_mut().enumerate().zip(heads).skip(1) {
        running_header_and_folio(page, n + 1, &head, input);
    }
}

/// The running head of each page (index 0 is the title page, which has
/// none): on a left-hand (even-numbered) page the game's name; on a
/// right-hand page the part it is in ("Contents", "Tables", "Glossary",
/// "Index") or, in the rules, the section a reader is in there (after its
/// number where the rules are numbered) — the first section starting on
/// the page, else (or where that starts below more of the page than
/// follows it: the page is mostly the section before) the one in force at
/// its top. Sections are the level-1
/// headings, or the level-2 ones when the rules have a single level-1
/// heading (a title).
fn running_heads(
    headings: &[Heading],
    heading_pages: &[usize],
    map: &PageMap,
    page_count: usize,
    input: &RulebookInput<'_>,
) -> Vec<String> {
    let (title, words) = (input.title, input.words);
    let level = if headings.iter().filter(|h| h.level == 1).count() > 1 {
        1
    } else {
        2
    };
    // With their numbers, where the rules are numbered ("5.0 Movement").
    let sections: Vec<(usize, String, bool)> = headings
        .iter()
        .zip(heading_pages)
        .filter(|(h, _)| h.level <= level)
        .map(|(h, &page)| (page, h.numbered(), h.late))
        .collect();
    (0..page_count)
        .map(|n| {
            if (n + 1) % 2 == 0 {
                return title.to_string();
            }
            match map.part(n) {
                Part::Title | Part::Contents => words.contents.clone(),
                Part::Tables => words.tables.clone(),
                Part::Glossary => words.glossary.clone(),
                Part::Index => words.index.clone(),
                Part::Rules => {
                    let starting = sections.iter().find(|(page, _, _)| *page == n);
                    let in_force = sections.iter().rev().find(|(page, _, _)| *page < n);
                    let starting = starting.filter(|(_, _, late)| !late || in_force.is_none());
                    starting
                        .or(in_force)
                        .map_or(title, |(_, name, _)| name.as_str())
                        .to_string()
                }
            }
        })
        .collect()
}

/// The running head (see [`running_heads`]) at the head of the page over a
/// rule, the page number at its foot on the outer edge (right on odd pages,
/// left on even: the title page is page 1, a right-hand page), both page
/// furniture (artifacts).
fn running_header_and_folio(page: &mut Page, number: usize, head: &str, input: &RulebookInput<'_>) {
    let size = 8.0;
    let style_face = input.family.face(Style::Italic);
    let face = input.book.face(style_face);
    // A section name too long for the head gives way to the game's name.
    let fits = |text: &str| face.width(text, size) <= page.width - 2.0 * SIDE;
    let head = if fits(head) { head } else { input.title }.to_string();
    let w = face.width(&head, size);
    let mut furniture = vec![Item::Text(TextItem {
        x: (page.width - w) / 2.0,
        y: TOP - 22.0,
        face: style_face,
        size,
        glyphs: face.plain_glyphs(&head).into(),
        text: head.into(),
        width: w,
        ink: None,
    })];
    furniture.push(
        Geometry::line(SIDE, TOP - 16.0, page.width - SIDE, TOP - 16.0).stroked(Stroke::solid(0.4)),
    );
    let folio_face = input.family.face(Style::Regular);
    let face = input.book.face(folio_face);
    let folio = number.to_string();
    let w = face.width(&folio, 9.0);
    let x = if number % 2 == 1 {
        page.width - SIDE - w
    } else {
        SIDE
    };
    furniture.push(Item::Text(TextItem {
        x,
        y: page.height - BOTTOM + 26.0,
        face: folio_face,
        size: 9.0,
        glyphs: face.plain_glyphs(&folio).into(),
        text: folio.into(),
        width: w,
        ink: None,
    }));
    page.items.extend(tagged(Role::Artifact, furniture));
}
