//! Layout: laid-out cards placed onto label sheets — pages of a sheet
//! template, starting at any label, shifted by printer calibration offsets.

use super::card::CardFace;
use super::doc::{Doc, Item, Page};
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

/// Places `faces` (each `copies` times, in order) on as many sheets as needed.
pub fn lay_out_label_sheets(
    title: &str,
    faces: Vec<CardFace>,
    sheet: &SheetTemplate,
    options: &LabelOptions,
) -> Doc {
    let per_page = sheet.per_page();
    let skip = options.start.saturating_sub(1).min(per_page - 1);
    let copies = options.copies.max(1);
    let mut doc = Doc {
        title: title.to_string(),
        pages: Vec::new(),
    };
    let mut slot = skip;
    for mut face in faces {
        for copy in 0..copies {
            if slot.is_multiple_of(per_page) || doc.pages.is_empty() {
                doc.pages.push(Page {
                    width: sheet.paper.width,
                    height: sheet.paper.height,
                    items: Vec::new(),
                });
            }
            let (x, y) = sheet.label_origin(slot);
            let (x, y) = (x + options.offset_x, y + options.offset_y);
            slot += 1;
            let Some(page) = doc.pages.last_mut() else {
                continue;
            };
            if options.outlines {
                page.items.push(Item::Rect {
                    x,
                    y,
                    w: sheet.label_width,
                    h: sheet.label_height,
                    radius: sheet.radius,
                    width: 0.5,
                });
            }
            // The last copy takes the face's items instead of cloning them.
            let mut items = if copy + 1 == copies {
                std::mem::take(&mut face.items)
            } else {
                face.items.clone()
            };
            items.iter_mut().for_each(|item| item.translate(x, y));
            page.items.append(&mut items);
        }
    }
    doc
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet() -> SheetTemplate {
        crate::model::avery_5395()
    }

    fn marker() -> CardFace {
        CardFace {
            items: vec![Item::Line {
                x1: 0.0,
                y1: 0.0,
                x2: 1.0,
                y2: 1.0,
                width: 1.0,
                dash: None,
            }],
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
            Item::Line { x1, y1, .. } => assert_eq!((*x1, *y1), (319.5 + 2.0, 582.0 - 1.0)),
            other => panic!("unexpected {other:?}"),
        }
        match &doc.pages[1].items[0] {
            Item::Line { x1, y1, .. } => assert_eq!((*x1, *y1), (49.5 + 2.0, 42.0 - 1.0)),
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
            .filter(|i| matches!(i, Item::Rect { .. }))
            .count();
        assert_eq!(rects, 6);
    }
}
