//! Layout: a column of blocks flowed down pages — a cursor on the current
//! page that places bands of items and starts a new page when one does not fit.

use super::doc::{Item, Page};
use crate::model::Paper;

/// A laid-out horizontal slice (a table row, a title bar): items relative to
/// its top-left corner, and its height.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Band {
    pub height: f32,
    pub items: Vec<Item>,
}

impl Band {
    /// Bands one below another as one band.
    pub fn stacked<'a>(bands: impl IntoIterator<Item = &'a Band>) -> Band {
        let mut out = Band::default();
        for b in bands {
            out.items
                .extend(b.items.iter().map(|i| i.translated(0.0, out.height)));
            out.height += b.height;
        }
        out
    }
}

/// Pages filled from the top of the content area down.
#[derive(Clone, Debug)]
pub struct Flow {
    pub paper: Paper,
    pub margin: f32,
    /// Space kept free at the foot of each page's content area (for a footer).
    pub footer: f32,
    pub pages: Vec<Page>,
    /// Distance from the top of the content area on the last page.
    pub y: f32,
}

impl Flow {
    pub fn new(paper: Paper, margin: f32) -> Flow {
        let mut flow = Flow {
            paper,
            margin,
            footer: 0.0,
            pages: Vec::new(),
            y: 0.0,
        };
        flow.new_page();
        flow
    }

    pub fn width(&self) -> f32 {
        self.paper.width - 2.0 * self.margin
    }

    /// Pages keeping `footer` points free at the foot of the content area.
    pub fn with_footer(mut self, footer: f32) -> Flow {
        self.footer = footer;
        self
    }

    /// Height of the content area of a page (less the footer's space).
    pub fn height(&self) -> f32 {
        self.paper.height - 2.0 * self.margin - self.footer
    }

    pub fn remaining(&self) -> f32 {
        self.height() - self.y
    }

    pub fn at_top(&self) -> bool {
        self.y <= 0.0
    }

    pub fn new_page(&mut self) {
        self.pages.push(Page {
            width: self.paper.width,
            height: self.paper.height,
            items: Vec::new(),
        });
        self.y = 0.0;
    }

    /// Starts a new page unless `height` fits below the cursor (or the page is empty).
    pub fn ensure(&mut self, height: f32) {
        if height > self.remaining() + 1e-3 && !self.at_top() {
            self.new_page();
        }
    }

    /// Places a band at the cursor, `x` from the left margin, without moving the cursor.
    pub fn put(&mut self, band: &Band, x: f32, dy: f32) {
        let (dx, dy) = (self.margin + x, self.margin + self.y + dy);
        if let Some(page) = self.pages.last_mut() {
            page.items
                .extend(band.items.iter().map(|i| i.translated(dx, dy)));
        }
    }

    /// Places a band at the cursor and moves the cursor below it.
    pub fn push(&mut self, band: &Band, x: f32) {
        self.put(band, x, 0.0);
        self.y += band.height;
    }

    /// [`Flow::push`] of a band no longer needed: its items move onto the page.
    pub fn push_owned(&mut self, band: Band, x: f32) {
        let (dx, dy) = (self.margin + x, self.margin + self.y);
        if let Some(page) = self.pages.last_mut() {
            page.items.extend(band.items.into_iter().map(|mut i| {
                i.translate(dx, dy);
                i
            }));
        }
        self.y += band.height;
    }

    pub fn skip(&mut self, gap: f32) {
        self.y += gap;
    }
}
