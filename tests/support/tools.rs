//! The command-line tools the tests read outputs with (poppler's pdftotext,
//! pdfinfo, pdftocairo, pdftoppm; qpdf), run and checked in one place.

use std::process::Command;

/// Runs `name args…` and returns its standard output; fails the test if the
/// tool is missing or fails.
pub fn tool(name: &str, args: &[&str]) -> String {
    String::from_utf8_lossy(&tool_bytes(name, args)).into_owned()
}

/// Runs `name args…` and returns its standard output as bytes (an image from
/// pdftoppm); fails the test if the tool is missing or fails.
pub fn tool_bytes(name: &str, args: &[&str]) -> Vec<u8> {
    let out = Command::new(name)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("run {name} (installed by .ci/run): {e}"));
    assert!(
        out.status.success(),
        "{name} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// A word and its box (xMin, yMin, xMax, yMax; points from the page's top-left).
pub type BoxedWord = (String, [f64; 4]);

/// The number in attribute `name="…"` of an XML tag (pdftotext's `-bbox`
/// output).
pub fn attr(tag: &str, name: &str) -> f64 {
    let key = format!("{name}=\"");
    let start = tag
        .find(&key)
        .unwrap_or_else(|| panic!("no {name} in {tag}"))
        + key.len();
    let end = tag[start..].find('"').expect("quote") + start;
    tag[start..end].parse().expect("a number")
}

/// A PDF's page count, from `pdfinfo`.
pub fn page_count(pdf: &std::path::Path) -> usize {
    tool("pdfinfo", &[pdf.to_str().expect("path")])
        .lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .and_then(|n| n.trim().parse().ok())
        .expect("page count")
}

/// Every page's size and word boxes, from `pdftotext -bbox`.
pub fn word_boxes(pdf: &std::path::Path) -> Vec<((f64, f64), Vec<BoxedWord>)> {
    let html = tool("pdftotext", &["-bbox", pdf.to_str().expect("path"), "-"]);
    html.split("<page ")
        .skip(1)
        .map(|page| {
            let head = &page[..page.find('>').expect("page tag")];
            let words = page
                .split("<word ")
                .skip(1)
                .map(|w| {
                    let close = w.find('>').expect("word tag");
                    let end = w.find("</word>").expect("word end");
                    let tag = &w[..close];
                    let edges = ["xMin", "yMin", "xMax", "yMax"].map(|k| attr(tag, k));
                    (w[close + 1..end].to_string(), edges)
                })
                .collect();
            ((attr(head, "width"), attr(head, "height")), words)
        })
        .collect()
}

/// A fresh headless Chromium with its own profile in `profile` and no
/// background traffic (this machine's network is closed); add the page and
/// what to do with it.
pub fn headless_chromium(profile: &std::path::Path) -> Command {
    let mut chromium = Command::new("chromium");
    chromium
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-default-apps",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.display()));
    chromium
}

/// The bounds [x0, y0, x1, y1] of a pdftocairo SVG path on the page: its
/// `d` numbers taken as points and mapped by its `transform`, a
/// matrix(a,b,c,d,e,f) from PDF space (y up) to the SVG page (y down).
pub fn svg_path_bounds(d: &str, transform: Option<&str>) -> [f64; 4] {
    let m: Vec<f64> = transform
        .and_then(|t| t.strip_prefix("matrix(")?.strip_suffix(')'))
        .map(|t| t.split(',').filter_map(|v| v.trim().parse().ok()).collect())
        .filter(|m: &Vec<f64>| m.len() == 6)
        .unwrap_or_else(|| vec![1.0, 0.0, 0.0, 1.0, 0.0, 0.0]);
    let nums: Vec<f64> = d
        .split_whitespace()
        .filter_map(|t| t.parse().ok())
        .collect();
    let mut b = [f64::MAX, f64::MAX, f64::MIN, f64::MIN];
    for pt in nums.chunks(2).filter(|c| c.len() == 2) {
        let x = m[0] * pt[0] + m[2] * pt[1] + m[4];
        let y = m[1] * pt[0] + m[3] * pt[1] + m[5];
        b = [b[0].min(x), b[1].min(y), b[2].max(x), b[3].max(y)];
    }
    b
}

/// A run of marked content in a tagged PDF's structure tree: the roles of
/// the elements it is in (outermost first: `Document`, `P`…) and its text.
#[derive(Clone, Debug, PartialEq)]
pub struct TaggedText {
    pub roles: Vec<String>,
    /// The innermost element's number, counting elements in order.
    pub element: usize,
    pub text: String,
}

impl TaggedText {
    /// Whether it lies in an element of `role`.
    pub fn within(&self, role: &str) -> bool {
        self.roles.iter().any(|r| r == role)
    }
}

/// A tagged PDF's text in structure order (`pdfinfo -struct-text`, which
/// reads the structure tree, not the page): every run of marked content
/// with the roles it is in. Artifacts are not in the tree, so not here.
pub fn structure_text(pdf: &std::path::Path) -> Vec<TaggedText> {
    let out = tool("pdfinfo", &["-struct-text", pdf.to_str().expect("path")]);
    let mut roles: Vec<String> = Vec::new();
    // The number of each open element.
    let mut numbers: Vec<usize> = Vec::new();
    let mut elements = 0;
    let mut texts = Vec::new();
    for line in out.lines() {
        let depth = (line.len() - line.trim_start().len()) / 2;
        let line = line.trim();
        if let Some(text) = line.strip_prefix('"').and_then(|l| l.strip_suffix('"')) {
            roles.truncate(depth);
            numbers.truncate(depth);
            texts.push(TaggedText {
                roles: roles.clone(),
                element: numbers.last().copied().unwrap_or(0),
                text: text.to_string(),
            });
        } else if !line.is_empty() && !line.starts_with("Object ") {
            roles.truncate(depth);
            numbers.truncate(depth);
            let role = line.split(' ').next().unwrap_or(line);
            roles.push(role.to_string());
            elements += 1;
            numbers.push(elements);
        }
    }
    texts
}

/// The body of a rulebook's structure text: what follows its contents (the
/// title page and the contents left out).
pub fn structure_body(texts: Vec<TaggedText>) -> Vec<TaggedText> {
    let toc_end = texts
        .iter()
        .rposition(|t| t.within("TOC"))
        .map_or(0, |k| k + 1);
    texts.into_iter().skip(toc_end).collect()
}
