//! Load stage: the icons in `data/icons/*.svg` (one SVG file per icon, named
//! by its symbol: `sword.svg` is `:sword:`) into [`Icon`] outlines. Reads the
//! view box and the `d` of every `<path>`; arcs and quadratics become cubics
//! (kurbo parses the path data).

use std::path::Path;

use kurbo::{BezPath, PathEl as K};

use super::paths::Confine;
use super::{OpError, read_source};
use crate::diag::{Diagnostics, FileId, Loc, Sources};
use crate::model::{Icon, PathEl};

/// The largest icon file read: 1 MB (an icon is a few kilobytes).
pub const MAX_ICON_BYTES: u64 = 1024 * 1024;

/// The most path segments (moves, lines, curves, closes) an icon, or the
/// outlines of an SVG card picture, may have.
pub const MAX_PATH_ELEMENTS: usize = 200_000;

/// Every icon under `dir`, sorted by name; none if the folder does not exist.
/// An icon file that leads out of `confine` (a symlink) is an error, unread.
pub fn load_icons(
    confine: &Confine,
    dir: &Path,
    sources: &mut Sources,
    diags: &mut Diagnostics,
) -> Result<Vec<Icon>, OpError> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(Vec::new());
    };
    let mut paths: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "svg"))
        .collect();
    paths.sort();
    let mut icons = Vec::new();
    for path in paths {
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let Some(path) = confine.admit(&path, "the icon", sources, diags) else {
            continue;
        };
        let len = std::fs::metadata(&path).map_or(0, |m| m.len());
        if len > MAX_ICON_BYTES {
            // Not read: reported at the file's start.
            let file = sources.add(path.clone(), String::new());
            diags.push(crate::error!(
                "limit-exceeded", Some(Loc::new(file, 0..0)),
                "icon `{name}` is {len} bytes, more than the {MAX_ICON_BYTES} an icon may be";
                hint: "an icon is a small drawing: simplify its paths in a vector editor"
            ));
            continue;
        }
        let (file, text, ok) = read_source(&path, sources, diags)?;
        if ok && let Some(icon) = parse_icon(&name, file, &text, diags) {
            icons.push(icon);
        }
    }
    Ok(icons)
}

/// An icon from SVG text; problems are `bad-icon` diagnostics.
pub fn parse_icon(name: &str, file: FileId, text: &str, diags: &mut Diagnostics) -> Option<Icon> {
    let bad = |diags: &mut Diagnostics, span: std::ops::Range<usize>, why: String| {
        diags.push(crate::error!(
            "bad-icon", Some(Loc::new(file, span)), "{why}";
            hint: "an icon is an <svg viewBox=\"...\"> holding <path d=\"...\"/> elements"
        ));
    };
    let view_box = match attribute(text, 0, "viewBox") {
        Some((at, v)) => {
            let n: Vec<f32> = v
                .split(|c: char| c == ',' || c.is_whitespace())
                .filter(|s| !s.is_empty())
                .filter_map(|s| s.parse().ok())
                .collect();
            match n[..] {
                [x, y, w, h] if w > 0.0 && h > 0.0 && w.is_finite() && h.is_finite() => {
                    (x, y, w, h)
                }
                _ => {
                    bad(
                        diags,
                        at..at + v.len(),
                        format!("icon `{name}`: viewBox \"{v}\" is not four numbers"),
                    );
                    return None;
                }
            }
        }
        None => {
            bad(diags, 0..0, format!("icon `{name}` has no viewBox"));
            return None;
        }
    };
    let mut path = Vec::new();
    let mut from = 0;
    while let Some(p) = text[from..].find("<path").map(|p| p + from) {
        from = p + 5;
        let Some((at, d)) = attribute(text, p, "d") else {
            continue;
        };
        match BezPath::from_svg(d) {
            Ok(bez) if path.len() + bez.elements().len() > MAX_PATH_ELEMENTS => {
                diags.push(crate::error!(
                    "limit-exceeded", Some(Loc::new(file, at..at + d.len())),
                    "icon `{name}` has more than {MAX_PATH_ELEMENTS} path segments";
                    hint: "an icon is a small drawing: simplify its paths in a vector editor"
                ));
                return None;
            }
            Ok(bez) => path.extend(bez.elements().iter().scan((0.0, 0.0), convert).flatten()),
            Err(e) => {
                bad(
                    diags,
                    at..at + d.len(),
                    format!("icon `{name}`: path data: {e}"),
                );
                return None;
            }
        }
    }
    if path.is_empty() {
        bad(
            diags,
            0..0,
            format!("icon `{name}` has no <path d=\"...\">"),
        );
        return None;
    }
    Some(Icon {
        name: name.to_string(),
        view_box,
        path,
    })
}

/// A kurbo element as ours; `last` is the current point (for quadratics).
fn convert(last: &mut (f64, f64), el: &K) -> Option<Option<PathEl>> {
    let f = |v: f64| v as f32;
    let out = match *el {
        K::MoveTo(p) => {
            *last = (p.x, p.y);
            PathEl::MoveTo(f(p.x), f(p.y))
        }
        K::LineTo(p) => {
            *last = (p.x, p.y);
            PathEl::LineTo(f(p.x), f(p.y))
        }
        K::QuadTo(c, p) => {
            // The cubic with the same curve: control points 2/3 of the way to c.
            let (x0, y0) = *last;
            let c1 = (x0 + 2.0 / 3.0 * (c.x - x0), y0 + 2.0 / 3.0 * (c.y - y0));
            let c2 = (p.x + 2.0 / 3.0 * (c.x - p.x), p.y + 2.0 / 3.0 * (c.y - p.y));
            *last = (p.x, p.y);
            PathEl::CurveTo(f(c1.0), f(c1.1), f(c2.0), f(c2.1), f(p.x), f(p.y))
        }
        K::CurveTo(a, b, p) => {
            *last = (p.x, p.y);
            PathEl::CurveTo(f(a.x), f(a.y), f(b.x), f(b.y), f(p.x), f(p.y))
        }
        K::ClosePath => PathEl::Close,
    };
    let finite = match out {
        PathEl::MoveTo(x, y) | PathEl::LineTo(x, y) => x.is_finite() && y.is_finite(),
        PathEl::CurveTo(a, b, c, d, e, g) => [a, b, c, d, e, g].iter().all(|v| v.is_finite()),
        PathEl::Close => true,
    };
    Some(finite.then_some(out))
}

/// The value of attribute `name` of the first tag at or after `from`:
/// (byte offset of the value, the value).
fn attribute<'t>(text: &'t str, from: usize, name: &str) -> Option<(usize, &'t str)> {
    let tag_end = text[from..].find('>').map_or(text.len(), |e| e + from);
    let tag = &text[from..tag_end];
    let mut search = 0;
    while let Some(i) = tag[search..].find(name).map(|i| i + search) {
        search = i + name.len();
        let before_ok = i == 0 || tag[..i].ends_with(char::is_whitespace);
        let rest = tag[search..].trim_start();
        if before_ok && let Some(rest) = rest.strip_prefix('=') {
            let rest = rest.trim_start();
            let quote = rest.chars().next().filter(|c| *c == '"' || *c == '\'')?;
            let value = &rest[1..];
            let end = value.find(quote)?;
            let start = from + (tag.len() - value.len());
            return Some((start, &value[..end]));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_view_box_and_paths() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><path fill="currentColor" d="M256 16c25 24 100 72 150 72v96H106z"/></svg>"#;
        let mut diags = Diagnostics::default();
        let icon = parse_icon("shield", 0, svg, &mut diags).expect("an icon");
        assert!(diags.list.is_empty());
        assert_eq!(icon.view_box, (0.0, 0.0, 512.0, 512.0));
        assert_eq!(icon.path[0], PathEl::MoveTo(256.0, 16.0));
        assert_eq!(
            icon.path[1],
            PathEl::CurveTo(281.0, 40.0, 356.0, 88.0, 406.0, 88.0)
        );
        assert_eq!(icon.path[2], PathEl::LineTo(406.0, 184.0));
        assert_eq!(icon.path.last(), Some(&PathEl::Close));
    }

    #[test]
    fn bad_icons_are_located() {
        let mut diags = Diagnostics::default();
        assert!(
            parse_icon(
                "x",
                0,
                r#"<svg viewBox="0 0 a 1"><path d="M0 0"/></svg>"#,
                &mut diags
            )
            .is_none()
        );
        assert!(
            parse_icon(
                "x",
                0,
                r#"<svg viewBox="0 0 8 8"><path d="M0 0 Q"/></svg>"#,
                &mut diags
            )
            .is_none()
        );
        assert!(parse_icon("x", 0, r#"<svg viewBox="0 0 8 8"></svg>"#, &mut diags).is_none());
        assert_eq!(diags.list.len(), 3);
        assert!(
            diags
                .list
                .iter()
                .all(|d| d.id == "bad-icon" && d.loc.is_some())
        );
        assert_eq!(diags.list[0].loc.as_ref().map(|l| l.span.start), Some(14));
    }
}
