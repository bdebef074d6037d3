//! Model: an icon (sword, burst, shield...) as a vector outline: path
//! elements in the icon's own coordinates (y down, as in SVG) and its view box.

/// One step of an outline, in icon coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PathEl {
    MoveTo(f32, f32),
    LineTo(f32, f32),
    /// A cubic Bézier: two control points and the end point.
    CurveTo(f32, f32, f32, f32, f32, f32),
    Close,
}

impl PathEl {
    /// The element with every point mapped by `f`.
    pub fn map(self, f: impl Fn(f32, f32) -> (f32, f32)) -> PathEl {
        match self {
            PathEl::MoveTo(x, y) => {
                let (x, y) = f(x, y);
                PathEl::MoveTo(x, y)
            }
            PathEl::LineTo(x, y) => {
                let (x, y) = f(x, y);
                PathEl::LineTo(x, y)
            }
            PathEl::CurveTo(x1, y1, x2, y2, x, y) => {
                let (x1, y1) = f(x1, y1);
                let (x2, y2) = f(x2, y2);
                let (x, y) = f(x, y);
                PathEl::CurveTo(x1, y1, x2, y2, x, y)
            }
            PathEl::Close => PathEl::Close,
        }
    }
}

/// A named icon: its outline, filled with the non-zero rule, within its view box.
#[derive(Clone, Debug, PartialEq)]
pub struct Icon {
    pub name: String,
    /// (min x, min y, width, height) of the view box.
    pub view_box: (f32, f32, f32, f32),
    pub path: Vec<PathEl>,
}

impl Icon {
    /// The outline scaled to fit a `size` x `size` square with its top-left at (x, y).
    pub fn placed(&self, x: f32, y: f32, size: f32) -> Vec<PathEl> {
        let (vx, vy, vw, vh) = self.view_box;
        let scale = size / vw.max(vh).max(f32::EPSILON);
        self.path
            .iter()
            .map(|el| el.map(|px, py| (x + (px - vx) * scale, y + (py - vy) * scale)))
            .collect()
    }
}
