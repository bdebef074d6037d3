//! Model: tracks and holding boxes (`[[tracks]]` and `[[boxes]]` of
//! game.toml) — a turn track, a numbered track (victory points 0 to 20,
//! with a "+20" wrap), a holding box (Eliminated, Reinforcements) — where
//! each is printed (on a map, at a cell or a point, or on the tracks
//! sheet), and the geometry of each: its boxes' rectangles in points from
//! the part's top-left corner. Plain data with source locations; checked
//! by `validate::tracks`, drawn by `layout::tracks`.

use super::Located;
use super::map::Map;
use crate::diag::Loc;

/// The most boxes a track may have (a located `limit-exceeded` past it).
pub const MAX_TRACK_BOXES: i64 = 1_000;

/// The band above a track's boxes (or inside the top of a holding box)
/// its name is printed in, in points.
pub const NAME_BAND: f32 = 14.0;

/// What a part is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartKind {
    /// A turn track: a box per turn, numbered from `from` (1).
    Turn,
    /// A numbered track: a box per number from `from` to `to`.
    Numbered,
    /// A holding box: one box, units and markers kept off the map.
    Holding,
}

/// Where on a map a part's top-left corner is: the top-left of a cell
/// (by its code), or a point from the map's top-left.
#[derive(Clone, Debug, PartialEq)]
pub enum PartAt {
    Cell(Located<String>),
    Point { x: Located<f32>, y: Located<f32> },
}

impl PartAt {
    pub fn loc(&self) -> &Loc {
        match self {
            PartAt::Cell(code) => &code.loc,
            PartAt::Point { x, .. } => &x.loc,
        }
    }
}

/// A part printed on a map.
#[derive(Clone, Debug, PartialEq)]
pub struct OnMap {
    /// A `[[maps]]` id.
    pub map: Located<String>,
    pub at: PartAt,
}

/// A track or a holding box.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardPart {
    pub id: Located<String>,
    /// As printed: "Victory Points", "Eliminated".
    pub name: Located<String>,
    /// What a box is called on set-up cards and in exports ("VP" for
    /// "VP 5"); none: the name.
    pub short: Option<Located<String>>,
    /// Its names in the source language, where a translation renamed it:
    /// a scenario written in the source still finds it by them.
    pub aka: Vec<String>,
    pub kind: PartKind,
    /// The first and last number of a track (a holding box: 1 and 1).
    pub from: i64,
    pub to: i64,
    /// Where the range is written (`to`, else the table).
    pub range_loc: Loc,
    /// A total above `to` is shown with a "+N" marker and the box of the
    /// total less N.
    pub wrap: Option<Located<i64>>,
    /// Boxes in a row before the next row starts (default: as many as fit).
    pub per_row: Option<Located<i64>>,
    /// A box's width and height, in points.
    pub box_width: f32,
    pub box_height: f32,
    /// A label per box, under its number (e.g. a turn's date); or none.
    pub labels: Vec<Located<String>>,
    /// On a map, or (none) on the tracks sheet.
    pub on: Option<OnMap>,
    pub loc: Loc,
}

/// A part's boxes laid out: its size and each box's (x, y, width,
/// height) from its top-left corner, in order.
#[derive(Clone, Debug, PartialEq)]
pub struct PartShape {
    pub width: f32,
    pub height: f32,
    pub boxes: Vec<[f32; 4]>,
}

impl BoardPart {
    /// How many boxes it has.
    pub fn count(&self) -> usize {
        usize::try_from(self.to - self.from + 1)
            .unwrap_or(0)
            .min(MAX_TRACK_BOXES as usize)
    }

    /// The numbers of its boxes, in order (a holding box: none).
    pub fn numbers(&self) -> std::ops::RangeInclusive<i64> {
        let (from, to) = match self.kind {
            PartKind::Holding => (1, 0),
            _ => (self.from, self.from + self.count() as i64 - 1),
        };
        from..=to
    }

    /// The boxes in a row: as given, else all of them on a map, else as
    /// many as fit `width`.
    pub fn boxes_per_row(&self, width: Option<f32>) -> usize {
        let n = self.count().max(1);
        let given = self
            .per_row
            .as_ref()
            .and_then(|p| usize::try_from(p.value).ok());
        let fit = width.map(|w| (w / self.box_width).floor().max(1.0) as usize);
        given.or(fit).unwrap_or(n).clamp(1, n)
    }

    /// The part's boxes in rows of `per_row`, under the band its name
    /// goes in (a holding box: one box, its name inside its top).
    pub fn shape(&self, per_row: usize) -> PartShape {
        let (w, h) = (self.box_width, self.box_height);
        if self.kind == PartKind::Holding {
            return PartShape {
                width: w,
                height: h,
                boxes: vec![[0.0, 0.0, w, h]],
            };
        }
        let n = self.count();
        let per_row = per_row.clamp(1, n.max(1));
        let rows = n.div_ceil(per_row).max(1);
        let boxes = (0..n)
            .map(|i| {
                let (c, r) = ((i % per_row) as f32, (i / per_row) as f32);
                [c * w, NAME_BAND + r * h, w, h]
            })
            .collect();
        PartShape {
            width: per_row.min(n.max(1)) as f32 * w,
            height: NAME_BAND + rows as f32 * h,
            boxes,
        }
    }

    /// The box a number (or a total, past `to` on a wrapping track)
    /// goes in, and the "+N" the marker shows beyond the track's end; `None`
    /// when it is not on the track.
    pub fn box_of(&self, value: i64) -> Option<(usize, i64)> {
        if self.kind == PartKind::Holding || value < self.from {
            return None;
        }
        let mut over = 0;
        if value > self.to {
            let wrap = self.wrap.as_ref()?.value;
            if wrap < 1 {
                return None;
            }
            let laps = (value - self.to + wrap - 1) / wrap;
            over = laps * wrap;
        }
        let i = usize::try_from(value - over - self.from).ok()?;
        (i < self.count()).then_some((i, over))
    }

    /// A box's name where a piece put in it is said to be: "VP 5"
    /// (its short name, else its name, and number), "Eliminated".
    pub fn box_name(&self, number: Option<i64>) -> String {
        let name = &self.short.as_ref().unwrap_or(&self.name).value;
        match number {
            Some(n) if self.kind != PartKind::Holding => format!("{name} {n}"),
            _ => name.clone(),
        }
    }

    /// The part's top-left corner on its map, from the map's top-left, if
    /// it is on a map and its cell is on the grid.
    pub fn origin_on(&self, map: &Map) -> Option<(f32, f32)> {
        let on = self.on.as_ref()?;
        match &on.at {
            PartAt::Point { x, y } => Some((x.value, y.value)),
            PartAt::Cell(code) => {
                let cell = map.cell_by_code(&code.value)?;
                let outline = map.grid.outline(cell);
                let x = outline.iter().map(|p| p.0).fold(f32::INFINITY, f32::min);
                let y = outline.iter().map(|p| p.1).fold(f32::INFINITY, f32::min);
                Some((x, y))
            }
        }
    }
}

/// Where a piece on a track or in a holding box is: the box's name and
/// its centre, in points from the top-left of the map or tracks-sheet
/// page it is printed on. What an export (VASSAL regions) names places by.
#[derive(Clone, Debug, PartialEq)]
pub struct BoxRegion {
    /// "Victory Points 5", "Eliminated".
    pub name: String,
    /// The map's id, or none: on the tracks sheet.
    pub map: Option<String>,
    /// The page of the tracks sheet it is on (0 on a map).
    pub page: usize,
    pub x: f32,
    pub y: f32,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vp(wrap: Option<i64>) -> BoardPart {
        let l = |s: &str| Located::new(s.to_string(), Loc::new(0, 0..0));
        BoardPart {
            id: l("vp"),
            name: l("Victory Points"),
            short: Some(l("VP")),
            aka: Vec::new(),
            kind: PartKind::Numbered,
            from: 0,
            to: 20,
            range_loc: Loc::new(0, 0..0),
            wrap: wrap.map(|w| Located::new(w, Loc::new(0, 0..0))),
            per_row: None,
            box_width: 36.0,
            box_height: 36.0,
            labels: Vec::new(),
            on: None,
            loc: Loc::new(0, 0..0),
        }
    }

    #[test]
    fn a_total_past_the_end_wraps_with_a_plus_marker() {
        let t = vp(Some(20));
        assert_eq!(t.box_of(5), Some((5, 0)));
        assert_eq!(t.box_of(20), Some((20, 0)));
        assert_eq!(t.box_of(25), Some((5, 20)));
        assert_eq!(t.box_of(41), Some((1, 40)));
        assert_eq!(t.box_of(-1), None);
        assert_eq!(vp(None).box_of(21), None);
    }

    #[test]
    fn boxes_wrap_into_rows_under_the_name() {
        let t = vp(None);
        let shape = t.shape(t.boxes_per_row(Some(36.0 * 10.5)));
        assert_eq!(shape.boxes.len(), 21);
        assert_eq!(shape.width, 360.0);
        assert_eq!(shape.height, NAME_BAND + 3.0 * 36.0);
        assert_eq!(shape.boxes[10], [0.0, NAME_BAND + 36.0, 36.0, 36.0]);
        assert_eq!(t.boxes_per_row(None), 21);
        assert_eq!(t.box_name(Some(5)), "VP 5");
    }
}
