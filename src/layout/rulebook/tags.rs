//! Layout (rulebook): the rules' logical structure as tags on the pieces —
//! each block an element (heading, paragraph, table, figure) whose start tag
//! goes before its first piece's items and whose end tag after its last's;
//! list paragraphs gathered into lists (`L`, `LI` with its `Lbl` marker and
//! `LBody`), opened and closed as their depth changes. Input: each block's
//! pieces in reading order; output: the same pieces, tagged. The tags travel
//! with the items wherever the columns put them, so the reading order is the
//! Markdown's whatever the page looks like.

use super::pieces::Piece;
use crate::layout::card::CardFace;
use crate::layout::doc::{Item, Role};

/// `pieces` as one element of `role`: its start before the first piece's
/// items, its end after the last's (nothing when there are no pieces).
pub fn wrap(role: Role, pieces: &mut [Piece]) {
    if pieces.is_empty() {
        return;
    }
    if let Some(first) = pieces.first_mut() {
        first.items.insert(0, Item::start(role));
    }
    if let Some(last) = pieces.last_mut() {
        last.items.push(Item::end());
    }
}

/// Each card of a gallery (`cards`, set in `rows` by `card_rows`: each
/// card's face items, then its outline) as a figure whose alt text names it
/// and says what it says (a figure's own text is not read).
pub fn tag_cards(rows: &mut [Piece], cards: &[(String, CardFace)]) {
    let mut cards = cards.iter();
    for row in rows {
        let items = std::mem::take(&mut row.items);
        let mut items = items.into_iter();
        for _ in 0..row.anchors.len() {
            let Some((title, face)) = cards.next() else {
                break;
            };
            row.items
                .push(Item::start(Role::Figure(card_alt(title, face))));
            row.items.extend(items.by_ref().take(face.items.len() + 1));
            row.items.push(Item::end());
        }
        // Anything left over is drawn, untagged, rather than lost.
        row.items.extend(items);
    }
}

/// A card's alt text: "Card: " and its text as its face sets it, runs on a
/// line joined where they touch, lines by a space, a word broken at a
/// line's end whole again; its title first where the face does not set it.
fn card_alt(title: &str, face: &CardFace) -> String {
    let mut text = String::new();
    // Where the last run ended (x, baseline), and whether with a broken word.
    let mut last: Option<(f32, f32, bool)> = None;
    for item in &face.items {
        let Item::Text(t) = item else { continue };
        let run = t.text.trim_end_matches(crate::text::HYPHEN);
        let broken = run.len() < t.text.len();
        match last {
            Some((x, y, _)) if (t.y - y).abs() < 0.5 && (t.x - x).abs() < 0.5 => {}
            Some((_, _, true)) => {}
            Some(_) => text.push(' '),
            None => {}
        }
        text.push_str(run);
        last = Some((t.x + t.width, t.y, broken));
    }
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.is_empty() {
        format!("Card: {title}")
    } else if text.to_lowercase().contains(&title.to_lowercase()) {
        format!("Card: {text}")
    } else {
        format!("Card: {title}. {text}")
    }
}

/// The blocks' pieces gathered into one stream with the lists' structure.
#[derive(Default)]
pub struct Lists {
    /// Started, not yet given to a piece (innermost last).
    pending: Vec<Role>,
    /// Lists open, each with an item and its body open in it.
    open: usize,
}

impl Lists {
    /// Appends a block that is not in a list (already tagged): open lists end.
    pub fn block(&mut self, pieces: Vec<Piece>, out: &mut Vec<Piece>) {
        self.close_all(out);
        out.extend(pieces);
    }

    /// Appends a paragraph of a list at `depth` (1 = the outermost list):
    /// with a `marker` it starts an item (its marker the item's label),
    /// else it goes on in the open item's body. The `first` paragraph of a
    /// list ends a list open at its depth (two lists in a row stay two).
    pub fn paragraph(
        &mut self,
        depth: usize,
        marker: Option<&str>,
        first: bool,
        mut pieces: Vec<Piece>,
        out: &mut Vec<Piece>,
    ) {
        let depth = depth.max(1);
        let keep = if first { depth - 1 } else { depth };
        while self.open > keep {
            self.close_list(out);
        }
        if marker.is_some() && self.open == depth {
            // The item before ends: its body, then it.
            self.close(out);
            self.close(out);
        }
        while self.open < depth {
            self.pending.push(Role::List);
            self.open += 1;
            // A level without a marker of its own holds an unlabelled item.
            if self.open < depth || marker.is_none() {
                self.pending.extend([Role::ListItem, Role::ListBody]);
            }
        }
        if marker.is_some() {
            self.pending.push(Role::ListItem);
        }
        let Some(first) = pieces.first_mut() else {
            // Nothing to tag: the item (and its body) stay open, empty.
            if marker.is_some() {
                self.pending.push(Role::ListBody);
            }
            return;
        };
        let mut head: Vec<Item> = self.pending.drain(..).map(Item::start).collect();
        if let Some(marker) = marker {
            // `text_pieces` sets the marker after the line's runs.
            let at = first
                .items
                .iter()
                .rposition(|i| matches!(i, Item::Text(t) if *t.text == *marker));
            if let Some(label) = at.map(|k| first.items.remove(k)) {
                head.extend([Item::start(Role::Label), label, Item::end()]);
            }
            head.push(Item::start(Role::ListBody));
        }
        head.push(Item::start(Role::Paragraph));
        first.items.splice(0..0, head);
        if let Some(last) = pieces.last_mut() {
            last.items.push(Item::end());
        }
        out.extend(pieces);
    }

    /// Ends every open list (after the last block).
    pub fn close_all(&mut self, out: &mut [Piece]) {
        while self.open > 0 {
            self.close_list(out);
        }
    }

    /// Ends the innermost list: its item's body, its item, itself.
    fn close_list(&mut self, out: &mut [Piece]) {
        for _ in 0..3 {
            self.close(out);
        }
        self.open -= 1;
    }

    /// Ends the innermost element: one not yet given to a piece is dropped.
    fn close(&mut self, out: &mut [Piece]) {
        if self.pending.pop().is_some() {
            return;
        }
        if let Some(last) = out.last_mut() {
            last.items.push(Item::end());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::doc::{Tag, TextItem};

    fn line(text: &str) -> Piece {
        Piece {
            items: vec![Item::Text(TextItem {
                x: 10.0,
                y: 0.0,
                face: 0,
                size: 9.0,
                text: text.into(),
                glyphs: Vec::new().into(),
                width: 5.0,
                ink: None,
            })],
            ..Piece::default()
        }
    }

    /// A list item's line with its marker set after the text, as `text_pieces` does.
    fn item(text: &str, marker: &str) -> Vec<Piece> {
        let mut piece = line(text);
        piece.items.extend(line(marker).items);
        vec![piece]
    }

    /// The pieces' items as a bracketed outline: roles and texts.
    fn outline(pieces: &[Piece]) -> String {
        let mut out = String::new();
        for item in pieces.iter().flat_map(|p| &p.items) {
            match item {
                Item::Tag(Tag::Start(role)) => out.push_str(&format!("{role:?}[")),
                Item::Tag(Tag::End) => out.push(']'),
                Item::Text(t) => out.push_str(&t.text),
                _ => out.push('#'),
            }
        }
        out
    }

    #[test]
    fn list_paragraphs_nest_as_lists_of_labelled_items() {
        let mut out = Vec::new();
        let mut lists = Lists::default();
        let mut para = vec![line("Intro")];
        wrap(Role::Paragraph, &mut para);
        lists.block(para, &mut out);
        lists.paragraph(1, Some("1."), true, item("One", "1."), &mut out);
        lists.paragraph(1, None, false, vec![line("More")], &mut out);
        lists.paragraph(2, Some("•"), true, item("Sub", "•"), &mut out);
        lists.paragraph(1, Some("2."), false, item("Two", "2."), &mut out);
        // An empty paragraph opens nothing it does not close.
        lists.paragraph(1, Some("3."), false, Vec::new(), &mut out);
        // A list right after another is a list of its own.
        lists.paragraph(1, Some("•"), true, item("Bullet", "•"), &mut out);
        let mut heading = vec![line("Next")];
        wrap(Role::Heading(2), &mut heading);
        lists.block(heading, &mut out);
        assert_eq!(
            outline(&out),
            "Paragraph[Intro]\
             List[ListItem[Label[1.]ListBody[Paragraph[One]Paragraph[More]\
             List[ListItem[Label[•]ListBody[Paragraph[Sub]]]]]]\
             ListItem[Label[2.]ListBody[Paragraph[Two]]]]\
             List[ListItem[Label[•]ListBody[Paragraph[Bullet]]]]\
             Heading(2)[Next]"
        );
    }

    #[test]
    fn each_card_of_a_row_is_a_figure_named_by_its_title() {
        let face = CardFace {
            items: line("text").items,
        };
        let cards = vec![
            ("Dug In".to_string(), face.clone()),
            ("Road".to_string(), face),
        ];
        let mut rows = super::super::pieces::card_rows(&cards, (60.0, 80.0, 0.0), 200.0, 6.0);
        tag_cards(&mut rows, &cards);
        assert_eq!(
            outline(&rows),
            "Figure(\"Card: Dug In. text\")[text#]Figure(\"Card: Road. text\")[text#]"
        );
    }

    #[test]
    fn a_cards_alt_text_is_its_text_read_whole() {
        let run = |text: &str, x: f32, y: f32, width: f32| {
            let Item::Text(mut t) = line(text).items.remove(0) else {
                unreachable!("a text item")
            };
            (t.x, t.y, t.width) = (x, y, width);
            Item::Text(t)
        };
        let face = CardFace {
            items: vec![
                run("Dug In", 0.0, 10.0, 30.0),
                run("Infantry ", 0.0, 20.0, 40.0),
                run("only", 40.0, 20.0, 20.0),
                run("may en\u{2010}", 0.0, 30.0, 30.0),
                run("trench.", 0.0, 40.0, 30.0),
            ],
        };
        assert_eq!(
            card_alt("Dug In", &face),
            "Card: Dug In Infantry only may entrench."
        );
        assert_eq!(
            card_alt("Road", &face),
            "Card: Road. Dug In Infantry only may entrench."
        );
        assert_eq!(
            card_alt("Blank", &CardFace { items: Vec::new() }),
            "Card: Blank"
        );
    }
}
