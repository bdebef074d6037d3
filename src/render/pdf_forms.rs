//! Render stage, PDF: the runs of shapes that repeat across a document's
//! pages (a card's frame and background, a sheet's crop marks, a hex of a
//! terrain) → form XObjects, each drawn once and placed by reference. A
//! run met twice becomes a form; the pages then hold a placement instead of
//! its paths, so there is less to write and less to compress.

use std::collections::hash_map::RandomState;
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasher, BuildHasherDefault, Hash, Hasher};
use std::ops::Range;

use super::content::ContentStream;
use super::pdf_page::draw_shape;
use super::pdf_tags::Mark;
use crate::layout::{Geometry, Ink, Item, Page, Shape};
use crate::model::PathEl;

/// Fewer numbers than this in a run: its placement would cost about as
/// much as its paths.
const MIN_NUMBERS: usize = 24;
/// More numbers than this: a run too big to remember (a whole map page).
const MAX_NUMBERS: usize = 4096;
/// Runs met once and remembered in case they come again.
const MAX_SEEN: usize = 4096;

/// Where a page's run of shapes is drawn from: page point (x, y) is the
/// run's point (x - x0, top - y), y up.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Frame {
    pub x0: f32,
    pub top: f32,
}

/// Consecutive shapes of one page in one marked-content sequence, with
/// what they look like wherever they are (`key`: every number relative to
/// the run's corner, to a thousandth, as the content stream writes them).
struct ShapeRun {
    items: Range<usize>,
    frame: Frame,
    key: RunKey,
}

/// A run's numbers with their hash, found where the runs are found (on all
/// cores), so the maps of forms, filled on one core, do not hash them again.
/// The hash is the document's seeded SipHash: a game's shapes cannot be made
/// to collide.
#[derive(Clone, Debug)]
struct RunKey {
    hash: u64,
    numbers: Vec<i32>,
}

impl PartialEq for RunKey {
    fn eq(&self, other: &Self) -> bool {
        self.hash == other.hash && self.numbers == other.numbers
    }
}

impl Eq for RunKey {}

impl Hash for RunKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

/// Passes a [`RunKey`]'s hash through as it is.
#[derive(Default)]
struct KeptHash(u64);

impl Hasher for KeptHash {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Only `write_u64` is used; anything else still hashes.
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

type ByRunKey = BuildHasherDefault<KeptHash>;

/// A form placed on a page: the items it stands for, which form, and the
/// page point its origin goes to (y up).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Placed {
    pub items: Range<usize>,
    pub form: usize,
    pub at: (f32, f32),
}

/// A form to write: its number and its content (not yet compressed), with
/// its bounding box.
pub(super) struct NewForm {
    pub form: usize,
    pub content: Vec<u8>,
    pub bbox: [f32; 4],
}

/// The document's forms so far, and the runs met once.
#[derive(Default)]
pub(super) struct Forms {
    made: HashMap<RunKey, usize, ByRunKey>,
    seen: HashSet<RunKey, ByRunKey>,
    /// How run keys are hashed in this document.
    hasher: RandomState,
}

/// A form's name in a page's resources: this and its number.
pub(super) const FORM_PREFIX: &str = "Fm";

/// The name of form `n` in a page's resources.
pub(super) fn form_name(n: usize) -> String {
    format!("{FORM_PREFIX}{n}")
}

impl Forms {
    /// Finds the runs of `pages` that repeat (within them or with earlier
    /// pages): per page, where forms replace items; and the forms new here.
    /// The same pages in the same order give the same forms.
    pub fn place(
        &mut self,
        pages: &[Page],
        marks: &[Vec<Mark>],
    ) -> (Vec<Vec<Placed>>, Vec<NewForm>) {
        let with_marks: Vec<(&Page, &[Mark])> = pages
            .iter()
            .enumerate()
            .map(|(k, p)| (p, marks.get(k).map_or(&[][..], Vec::as_slice)))
            .collect();
        let hasher = &self.hasher;
        let runs: Vec<Vec<ShapeRun>> = crate::par::map(&with_marks, 4, |(page, marks)| {
            shape_runs(page, marks, hasher)
        });
        let mut met: HashMap<&RunKey, usize, ByRunKey> = HashMap::default();
        for run in runs.iter().flatten() {
            *met.entry(&run.key).or_default() += 1;
        }
        let mut new_forms = Vec::new();
        let mut placed = Vec::with_capacity(pages.len());
        for (page, page_runs) in pages.iter().zip(&runs) {
            let mut on_page = Vec::new();
            for run in page_runs {
                let form = match self.made.get(&run.key) {
                    Some(&form) => form,
                    None => {
                        let again = met.get(&run.key).copied().unwrap_or(0) > 1
                            || self.seen.remove(&run.key);
                        if !again {
                            if self.seen.len() < MAX_SEEN {
                                self.seen.insert(run.key.clone());
                            }
                            continue;
                        }
                        let form = self.made.len();
                        self.made.insert(run.key.clone(), form);
                        new_forms.push(new_form(form, &page.items[run.items.clone()], run.frame));
                        form
                    }
                };
                on_page.push(Placed {
                    items: run.items.clone(),
                    form,
                    at: (run.frame.x0, page.height - run.frame.top),
                });
            }
            placed.push(on_page);
        }
        (placed, new_forms)
    }
}

/// A form's content: the run's shapes drawn from its corner.
fn new_form(form: usize, items: &[Item], frame: Frame) -> NewForm {
    let mut c = ContentStream::new();
    let mut bbox = [f32::MAX, f32::MAX, f32::MIN, f32::MIN];
    for item in items {
        if let Item::Shape(shape) = item {
            draw_shape(&mut c, shape, frame);
            let pad = shape.stroke.map_or(0.0, |s| s.width) + 1.0;
            for_each_point(shape, |x, y| {
                let (x, y) = (x - frame.x0, frame.top - y);
                bbox = [
                    bbox[0].min(x - pad),
                    bbox[1].min(y - pad),
                    bbox[2].max(x + pad),
                    bbox[3].max(y + pad),
                ];
            });
        }
    }
    NewForm {
        form,
        content: c.finish(),
        bbox,
    }
}

/// The runs of `page` worth a form: consecutive shapes in one
/// marked-content sequence (`marks`, one per item, or none).
fn shape_runs(page: &Page, marks: &[Mark], hasher: &RandomState) -> Vec<ShapeRun> {
    let mark = |k: usize| marks.get(k).copied().unwrap_or(Mark::None);
    let mut runs = Vec::new();
    let mut k = 0;
    while k < page.items.len() {
        if !matches!(page.items[k], Item::Shape(_)) {
            k += 1;
            continue;
        }
        let start = k;
        while k < page.items.len()
            && matches!(page.items[k], Item::Shape(_))
            && mark(k) == mark(start)
        {
            k += 1;
        }
        if let Some(run) = shape_run(&page.items, start..k, hasher) {
            runs.push(run);
        }
    }
    runs
}

/// The run of shapes `items` with its key, when it is worth a form.
fn shape_run(all: &[Item], items: Range<usize>, hasher: &RandomState) -> Option<ShapeRun> {
    let shapes = || {
        all[items.clone()].iter().filter_map(|i| match i {
            Item::Shape(s) => Some(s),
            _ => None,
        })
    };
    let (mut x0, mut top) = (f32::MAX, f32::MIN);
    let mut points = 0;
    for shape in shapes() {
        for_each_point(shape, |x, y| {
            x0 = x0.min(x);
            top = top.max(y);
            points += 1;
        });
    }
    if points * 2 < MIN_NUMBERS || points * 2 > MAX_NUMBERS || !x0.is_finite() || !top.is_finite() {
        return None;
    }
    let frame = Frame { x0, top };
    let mut key = Vec::with_capacity(points * 2 + 8 * (items.len()));
    for shape in shapes() {
        shape_key(shape, frame, &mut key);
    }
    let key = RunKey {
        hash: hasher.hash_one(&key),
        numbers: key,
    };
    Some(ShapeRun { items, frame, key })
}

/// A number as the content stream writes it: in thousandths.
fn milli(v: f32) -> i32 {
    if v.is_finite() {
        (f64::from(v) * 1000.0).round() as i32
    } else {
        0
    }
}

/// What `shape` draws, relative to `frame`, appended to `key`.
fn shape_key(shape: &Shape, frame: Frame, key: &mut Vec<i32>) {
    let (x, y) = (|x: f32| milli(x - frame.x0), |y: f32| milli(frame.top - y));
    match shape.clip {
        Some([cx, cy, w, h]) => key.extend([1, x(cx), y(cy), milli(w), milli(h)]),
        None => key.push(0),
    }
    match shape.stroke {
        Some(s) => {
            let (on, off) = s.dash.unwrap_or((-1.0, -1.0));
            key.extend([1, milli(s.width), milli(on), milli(off)]);
        }
        None => key.push(0),
    }
    match shape.fill {
        Some(Ink::Gray(g)) => key.extend([1, milli(g)]),
        Some(Ink::Rgb([r, g, b])) => key.extend([2, milli(r), milli(g), milli(b)]),
        None => key.push(0),
    }
    match &shape.geometry {
        Geometry::Line { x1, y1, x2, y2 } => key.extend([3, x(*x1), y(*y1), x(*x2), y(*y2)]),
        Geometry::Rect {
            x: rx,
            y: ry,
            w,
            h,
            radius,
        } => key.extend([4, x(*rx), y(*ry), milli(*w), milli(*h), milli(*radius)]),
        Geometry::Path(path) => {
            key.extend([5, path.len() as i32]);
            for el in path {
                match *el {
                    PathEl::MoveTo(a, b) => key.extend([6, x(a), y(b)]),
                    PathEl::LineTo(a, b) => key.extend([7, x(a), y(b)]),
                    PathEl::CurveTo(a, b, c, d, e, f) => {
                        key.extend([8, x(a), y(b), x(c), y(d), x(e), y(f)]);
                    }
                    PathEl::Close => key.push(9),
                }
            }
        }
    }
}

/// Calls `f` with every point of `shape` (page coordinates, y down): its
/// outline's points and controls, and its clip's corners.
fn for_each_point(shape: &Shape, mut f: impl FnMut(f32, f32)) {
    if let Some([x, y, w, h]) = shape.clip {
        f(x, y);
        f(x + w, y + h);
    }
    match &shape.geometry {
        Geometry::Line { x1, y1, x2, y2 } => {
            f(*x1, *y1);
            f(*x2, *y2);
        }
        Geometry::Rect { x, y, w, h, .. } => {
            f(*x, *y);
            f(x + w, y + h);
        }
        Geometry::Path(path) => {
            for el in path {
                match *el {
                    PathEl::MoveTo(a, b) | PathEl::LineTo(a, b) => f(a, b),
                    PathEl::CurveTo(a, b, c, d, e, g) => {
                        f(a, b);
                        f(c, d);
                        f(e, g);
                    }
                    PathEl::Close => {}
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Stroke;

    /// A card frame at (x, y): a filled rounded rectangle and a stroked
    /// outline path (14 points).
    fn frame_at(x: f32, y: f32) -> Vec<Item> {
        let mut path = vec![PathEl::MoveTo(x, y)];
        for k in 1..12 {
            path.push(PathEl::LineTo(x + k as f32 * 10.0, y + (k % 3) as f32));
        }
        path.push(PathEl::Close);
        vec![
            Item::Shape(Shape {
                geometry: Geometry::Rect {
                    x,
                    y,
                    w: 180.0,
                    h: 252.0,
                    radius: 8.0,
                },
                fill: Some(Ink::Rgb([0.2, 0.3, 0.4])),
                stroke: None,
                clip: None,
            }),
            Item::Shape(Shape {
                geometry: Geometry::Path(path),
                fill: None,
                stroke: Some(Stroke::solid(1.0)),
                clip: Some([x, y, 180.0, 252.0]),
            }),
        ]
    }

    fn page(items: Vec<Item>) -> Page {
        Page {
            width: 612.0,
            height: 792.0,
            items,
        }
    }

    #[test]
    fn a_run_met_twice_is_one_form_placed_at_each_corner() {
        // The cards' texts between their frames end the runs.
        let mut items = frame_at(36.0, 18.0);
        items.push(Item::Tag(crate::layout::Tag::End));
        items.extend(frame_at(216.0, 270.5));
        let (placed, new_forms) = Forms::default().place(&[page(items)], &[]);
        assert_eq!(new_forms.len(), 1);
        assert_eq!(
            placed[0],
            vec![
                Placed {
                    items: 0..2,
                    form: 0,
                    at: (36.0, 792.0 - 270.0),
                },
                Placed {
                    items: 3..5,
                    form: 0,
                    at: (216.0, 792.0 - 522.5),
                },
            ]
        );
        // The form holds the frame from its corner: the rectangle's lower
        // left at (0, 0), the path inside the box.
        let content = String::from_utf8(new_forms[0].content.clone()).unwrap_or_default();
        assert!(content.contains("\n8 0 m\n"), "{content}");
        let [x1, y1, x2, y2] = new_forms[0].bbox;
        assert!(x1 <= -1.0 && y1 <= -1.0 && x2 >= 181.0 && y2 >= 253.0);
    }

    #[test]
    fn a_run_met_once_stays_inline_until_it_comes_again() {
        let mut forms = Forms::default();
        let (placed, new_forms) = forms.place(&[page(frame_at(36.0, 18.0))], &[]);
        assert!(placed[0].is_empty() && new_forms.is_empty());
        let (placed, new_forms) = forms.place(&[page(frame_at(300.0, 40.0))], &[]);
        assert_eq!(new_forms.len(), 1);
        assert_eq!(placed[0].len(), 1);
        let (placed, new_forms) = forms.place(&[page(frame_at(100.0, 400.0))], &[]);
        assert!(new_forms.is_empty());
        assert_eq!(placed[0][0].form, 0);
    }

    #[test]
    fn different_colours_or_small_runs_are_not_shared() {
        let mut other = frame_at(216.0, 18.0);
        if let Item::Shape(s) = &mut other[0] {
            s.fill = Some(Ink::Rgb([0.2, 0.3, 0.41]));
        }
        let mut items = frame_at(36.0, 18.0);
        items.push(Item::Tag(crate::layout::Tag::End));
        items.extend(other);
        let (placed, _) = Forms::default().place(&[page(items)], &[]);
        assert!(placed[0].is_empty());
        // One line is cheaper to draw than to place.
        let line = || {
            Item::Shape(Shape {
                geometry: Geometry::Line {
                    x1: 0.0,
                    y1: 0.0,
                    x2: 10.0,
                    y2: 0.0,
                },
                fill: None,
                stroke: Some(Stroke::solid(0.5)),
                clip: None,
            })
        };
        let text_between = Item::Tag(crate::layout::Tag::End);
        let (placed, _) = Forms::default().place(&[page(vec![line(), text_between, line()])], &[]);
        assert!(placed[0].is_empty());
    }
}
