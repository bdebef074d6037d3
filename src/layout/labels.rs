//! Layout: laid-out cards placed onto label sheets — pages of a sheet
//! template, starting at any label, shifted by printer calibration offsets.

use super::card::CardFace;
use super::doc::{Geometry, Page, Stroke};
use crate::model::SheetTemplate;

/// Printing options a label user needs.
#[derive(Clone, Debug)]
pub struct LabelOptions {
    /// Start at this label (1-based) of the first, partly used sheet.
    pub start: usize,
    /// Printer calibration: shift everything right/down by this much (points).
    pub offset_x: f32,
    pub offset_y: f32,
    /// Draw each label's outline, for a test print on plain paper.
    pub outlines: bool,
    /// Print each card this many times.
    pub copies: usize,
}

impl Default for LabelOptions {
    fn default() -> Self {
        LabelOptions {
            start: 1,
            offset_x: 0.0,
            offset_y: 0.0,
            outlines: false,
            copies: 1,
        }
    }
}

/// Label sheets as a run of pages: which card goes on which label of which
/// page, worked out page by page so a deck of any length can be laid out
/// and printed one page at a time, never held whole.
#[derive(Clone, Debug)]
pub struct LabelSheets {
    pub title: String,
    sheet: SheetTemplate,
    options: LabelOptions,
    /// How many cards (each printed `copies` times).
    cards: usize,
    /// Labels left blank on the first sheet.
    skip: usize,
}

impl LabelSheets {
    pub fn new(title: &str, sheet: &SheetTemplate, options: &LabelOptions, cards: usize) -> Self {
        let per_page = sheet.per_page();
        LabelSheets {
            title: title.to_string(),
            sheet: sheet.clone(),
            options: LabelOptions {
                copies: options.copies.max(1),
                ..options.clone()
            },
            cards,
            skip: options.start.saturating_sub(1).min(per_page - 1),
        }
    }

    /// Labels printed, blank ones on the first sheet included.
    fn slots(&self) -> usize {
        self.skip + self.cards * self.options.copies
    }

    pub fn page_count(&self) -> usize {
        if self.cards == 0 {
            0
        } else {
            self.slots().div_ceil(self.sheet.per_page())
        }
    }

    /// The labels (as slots counted from the first sheet's first label) on page `n`.
    fn slots_on_page(&self, n: usize) -> std::ops::Range<usize> {
        let per_page = self.sheet.per_page();
        let start = (n * per_page).max(self.skip);
        start..((n + 1) * per_page).min(self.slots()).max(start)
    }

    /// The cards (by their order in the run) page `n` shows.
    pub fn cards_on_page(&self, n: usize) -> std::ops::Range<usize> {
        let slots = self.slots_on_page(n);
        if slots.is_empty() {
            return 0..0;
        }
        let copies = self.options.copies;
        (slots.start - self.skip) / copies..(slots.end - 1 - self.skip) / copies + 1
    }

    /// Page `n`, given the faces of [`Self::cards_on_page`]`(n)` in order. A
    /// face is taken (not copied) for its card's last copy, so a face whose
    /// card runs on to the next page must be handed again for that page.
    pub fn page(&self, n: usize, faces: &mut [CardFace]) -> Page {
        let (sheet, options) = (&self.sheet, &self.options);
        let first_card = self.cards_on_page(n).start;
        let mut page = Page {
            width: sheet.paper.width,
            height: sheet.paper.height,
            items: Vec::new(),
        };
        for slot in self.slots_on_page(n) {
            let (x, y) = sheet.label_origin(slot);
            let (x, y) = (x + options.offset_x, y + options.offset_y);
            if options.outlines {
                page.items.push(
                    Geometry::rect(x, y, sheet.label_width, sheet.label_height, sheet.radius)
                        .stroked(Stroke::solid(0.5)),
                );
            }
            let card = (slot - self.skip) / options.copies;
            let last_copy = (slot - self.skip) % options.copies + 1 == options.copies;
            let Some(face) = faces.get_mut(card - first_card) else {
                continue;
            };
            if last_copy {
                let mut items = std::mem::take(&mut face.items);
                items.iter_mut().for_each(|item| item.translate(x, y));
                page.items.append(&mut items);
            } else {
                page.items
                    .extend(face.items.iter().map(|item| item.translated(x, y)));
            }
        }
        page
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::doc::{Doc, Ink, Item, Shape};

    /// Places `faces` (each `copies` times, in order) on as many sheets as
    /// needed, as the label stage does page by page.
    fn lay_out_label_sheets(
        title: &str,
        mut faces: Vec<CardFace>,
        sheet: &SheetTemplate,
        options: &LabelOptions,
    ) -> Doc {
        let sheets = LabelSheets::new(title, sheet, options, faces.len());
        let pages = (0..sheets.page_count())
            .map(|n| {
                let cards = sheets.cards_on_page(n);
                sheets.page(n, &mut faces[cards])
            })
            .collect();
        Doc {
            title: title.to_string(),
            lang: None,
            pages,
        }
    }

    fn sheet() -> SheetTemplate {
        crate::model::avery_5395()
    }

    fn marker() -> CardFace {
        CardFace {
            items: vec![Geometry::line(0.0, 0.0, 1.0, 1.0).stroked(Stroke::solid(1.0))],
        }
    }

    #[test]
    fn twenty_four_cards_make_three_pages() {
        let faces = vec![marker(); 24];
        let doc = lay_out_label_sheets("t", faces, &sheet(), &LabelOptions::default());
        assert_eq!(doc.pages.len(), 3);
        assert!(doc.pages.iter().all(|p| p.items.len() == 8));
    }

    #[test]
    fn start_label_and_offsets_shift_the_first_card() {
        let faces = vec![marker(); 2];
        let options = LabelOptions {
            start: 8,
            offset_x: 2.0,
            offset_y: -1.0,
            ..LabelOptions::default()
        };
        let doc = lay_out_label_sheets("t", faces, &sheet(), &options);
        assert_eq!(doc.pages.len(), 2);
        match &doc.pages[0].items[0] {
            Item::Shape(Shape {
                geometry: Geometry::Line { x1, y1, .. },
                stroke: Some(_),
                ..
            }) => assert_eq!((*x1, *y1), (319.5 + 2.0, 582.0 - 1.0)),
            other => panic!("unexpected {other:?}"),
        }
        match &doc.pages[1].items[0] {
            Item::Shape(Shape {
                geometry: Geometry::Line { x1, y1, .. },
                stroke: Some(_),
                ..
            }) => assert_eq!((*x1, *y1), (49.5 + 2.0, 42.0 - 1.0)),
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn copies_and_outlines() {
        let faces = vec![marker(); 3];
        let options = LabelOptions {
            copies: 2,
            outlines: true,
            ..LabelOptions::default()
        };
        let doc = lay_out_label_sheets("t", faces, &sheet(), &options);
        let rects = doc
            .pages
            .iter()
            .flat_map(|p| &p.items)
            .filter(|i| {
                matches!(
                    i,
                    Item::Shape(Shape {
                        geometry: Geometry::Rect { .. },
                        stroke: Some(_),
                        ..
                    })
                )
            })
            .count();
        assert_eq!(rects, 6);
    }

    #[test]
    fn copies_run_on_across_pages() {
        let faces: Vec<CardFace> = (0..5)
            .map(|i| CardFace {
                items: vec![Geometry::rect(0.0, 0.0, 1.0, 1.0, 0.0).filled(Ink::Gray(i as f32))],
            })
            .collect();
        let options = LabelOptions {
            copies: 3,
            start: 4,
            ..LabelOptions::default()
        };
        let doc = lay_out_label_sheets("t", faces, &sheet(), &options);
        // 3 blank labels, then 15 copies: 5 + 8 + 2 labels.
        let grays: Vec<Vec<f32>> = doc
            .pages
            .iter()
            .map(|p| {
                p.items
                    .iter()
                    .map(|i| match i {
                        Item::Shape(Shape {
                            fill: Some(Ink::Gray(gray)),
                            ..
                        }) => *gray,
                        other => panic!("unexpected {other:?}"),
                    })
                    .collect()
            })
            .collect();
        assert_eq!(
            grays,
            vec![
                vec![0.0, 0.0, 0.0, 1.0, 1.0],
                vec![1.0, 2.0, 2.0, 2.0, 3.0, 3.0, 3.0, 4.0],
                vec![4.0, 4.0]
            ]
        );
    }
}
