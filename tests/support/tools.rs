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
        // pdfinfo writes `TH:` for an element with attributes (`/Scope`).
        self.roles.iter().any(|r| r.trim_end_matches(':') == role)
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

/// An element of a tagged PDF's structure tree, as `pdfinfo -struct-text`
/// prints it: its role (`P`, `H2`, `TD`…), its attributes (`/Scope
/// /Column`) and its children in order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StructNode {
    pub role: String,
    pub attrs: Vec<String>,
    pub kids: Vec<StructKid>,
}

/// A child of a structure element.
#[derive(Clone, Debug, PartialEq)]
pub enum StructKid {
    Elem(StructNode),
    /// A run of its marked content's text.
    Text(String),
    /// An object reference (a link annotation's `OBJR`).
    Object,
}

impl StructNode {
    /// Its text and its descendants', in order.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for kid in &self.kids {
            match kid {
                StructKid::Elem(e) => out.push_str(&e.text()),
                StructKid::Text(t) => out.push_str(t),
                StructKid::Object => {}
            }
        }
        out
    }

    /// Its child elements.
    pub fn elems(&self) -> impl Iterator<Item = &StructNode> {
        self.kids.iter().filter_map(|k| match k {
            StructKid::Elem(e) => Some(e),
            _ => None,
        })
    }

    /// Every element under it (itself first), depth first, each with its
    /// parent's role.
    pub fn walk(&self) -> Vec<(&str, &StructNode)> {
        let mut out = vec![("", self)];
        let mut k = 0;
        while k < out.len() {
            let node = out[k].1;
            let kids: Vec<(&str, &StructNode)> =
                node.elems().map(|e| (node.role.as_str(), e)).collect();
            out.splice(k + 1..k + 1, kids);
            k += 1;
        }
        out
    }

    /// Its elements of `role`, depth first (not looking inside one found).
    pub fn find(&self, role: &str) -> Vec<&StructNode> {
        let mut out = Vec::new();
        for e in self.elems() {
            if e.role == role {
                out.push(e);
            } else {
                out.extend(e.find(role));
            }
        }
        out
    }
}

/// A tagged PDF's structure tree (`pdfinfo -struct-text`): its root, the
/// `Document` element.
pub fn structure_tree(pdf: &std::path::Path) -> StructNode {
    let out = tool("pdfinfo", &["-struct-text", pdf.to_str().expect("path")]);
    // The open elements, outermost first, under a root holding the top level.
    let mut stack: Vec<StructNode> = vec![StructNode::default()];
    for line in out.lines().filter(|l| !l.trim().is_empty()) {
        let depth = (line.len() - line.trim_start().len()) / 2;
        while stack.len() > depth + 1 {
            let done = stack.pop().expect("open element");
            stack
                .last_mut()
                .expect("parent")
                .kids
                .push(StructKid::Elem(done));
        }
        let line = line.trim();
        let parent = stack.last_mut().expect("parent");
        if let Some(text) = line.strip_prefix('"').and_then(|l| l.strip_suffix('"')) {
            parent.kids.push(StructKid::Text(text.to_string()));
        } else if line.starts_with("Object ") {
            parent.kids.push(StructKid::Object);
        } else if line.starts_with('/') {
            parent.attrs.push(line.to_string());
        } else {
            // An element with attributes is printed `TH:`.
            let role = line.split(' ').next().unwrap_or(line);
            let role = role.trim_end_matches(':').to_string();
            stack.push(StructNode {
                role,
                ..StructNode::default()
            });
        }
    }
    while stack.len() > 1 {
        let done = stack.pop().expect("open element");
        stack
            .last_mut()
            .expect("parent")
            .kids
            .push(StructKid::Elem(done));
    }
    let mut root = stack.pop().expect("root");
    assert_eq!(root.kids.len(), 1, "one Document element: {out}");
    match root.kids.remove(0) {
        StructKid::Elem(doc) if doc.role == "Document" => doc,
        other => panic!("the structure tree's root is {other:?}"),
    }
}

/// Every object of a PDF as `qpdf --json` (v2) gives it: its reference
/// (`"12 0 R"`) and its value (strings decoded, as `"u:…"`).
pub fn pdf_objects(pdf: &std::path::Path) -> Vec<(String, serde_json::Value)> {
    let json = tool(
        "qpdf",
        &["--json", "--json-key=qpdf", pdf.to_str().expect("path")],
    );
    let json: serde_json::Value = serde_json::from_str(&json).expect("qpdf JSON");
    let objects = json["qpdf"][1].as_object().expect("qpdf's objects");
    objects
        .iter()
        .map(|(k, v)| {
            let key = k.strip_prefix("obj:").unwrap_or(k).to_string();
            (key, v.get("value").cloned().unwrap_or_default())
        })
        .collect()
}

/// (title, page from 1) of every bookmark, in order, read from `qpdf --json`.
pub fn pdf_bookmarks(pdf: &std::path::Path) -> Vec<(String, usize)> {
    let json = tool(
        "qpdf",
        &["--json", "--json-key=outlines", pdf.to_str().expect("path")],
    );
    // Kids are printed between an item's page and its title: a stack pairs them.
    let mut pages = Vec::new();
    let mut found = Vec::new();
    for line in json.lines().map(str::trim) {
        if let Some(n) = line.strip_prefix("\"destpageposfrom1\": ") {
            pages.push(
                n.trim_end_matches(',')
                    .parse::<usize>()
                    .expect("page number"),
            );
        } else if let Some(t) = line.strip_prefix("\"title\": \"") {
            let title = t
                .trim_end_matches(',')
                .trim_end_matches('"')
                .replace("\\\"", "\"");
            found.push((title, pages.pop().expect("a page for the title")));
        }
    }
    found
}

/// A link annotation: its page (from 1), its rectangle (PDF units, y up)
/// and where it jumps: the page (from 1) and the top of the view there.
#[derive(Debug)]
pub struct PdfLink {
    pub page: usize,
    pub rect: [f64; 4],
    pub to_page: usize,
    pub to_top: f64,
    /// Its /Border has a width and it has a colour (/C): a frame on screen.
    pub framed: bool,
}

/// Every link to a place in the PDF, read from `qpdf --json` (pages in
/// order, then the objects: each page's /Annots, each annotation's /Rect
/// and /D).
pub fn pdf_links(pdf: &std::path::Path) -> Vec<PdfLink> {
    let path = pdf.to_str().expect("path");
    let pages: Vec<String> = tool("qpdf", &["--json", "--json-key=pages", path])
        .lines()
        // A page's own object (outline entries, deeper, name objects too).
        .filter_map(|l| l.strip_prefix("      \"object\": \""))
        .map(|r| r.trim_end_matches(['"', ',']).to_string())
        .collect();
    let json = tool("qpdf", &["--json", "--json-key=qpdf", path]);
    // One chunk per object: its reference and its lines.
    let mut objects: Vec<(String, Vec<&str>)> = Vec::new();
    for line in json.lines() {
        let t = line.trim();
        if let Some(r) = t.strip_prefix("\"obj:") {
            objects.push((r.split('"').next().unwrap_or("").to_string(), Vec::new()));
        } else if let Some((_, lines)) = objects.last_mut() {
            lines.push(t);
        }
    }
    let numbers_after = |lines: &[&str], key: &str| -> Vec<String> {
        let Some(at) = lines
            .iter()
            .position(|l| l.starts_with(&format!("\"{key}\": [")))
        else {
            return Vec::new();
        };
        lines[at + 1..]
            .iter()
            .take_while(|l| !l.starts_with(']'))
            .map(|l| l.trim_end_matches(',').trim_matches('"').to_string())
            .collect()
    };
    let page_of = |annot: &str| -> Option<usize> {
        pages.iter().position(|page| {
            objects
                .iter()
                .find(|(r, _)| r == page)
                .is_some_and(|(_, lines)| {
                    numbers_after(lines, "/Annots").iter().any(|a| a == annot)
                })
        })
    };
    objects
        .iter()
        .filter(|(_, lines)| lines.contains(&"\"/Subtype\": \"/Link\","))
        .filter_map(|(r, lines)| {
            let rect: Vec<f64> = numbers_after(lines, "/Rect")
                .iter()
                .filter_map(|n| n.parse().ok())
                .collect();
            let dest = numbers_after(lines, "/D");
            Some(PdfLink {
                page: page_of(r)? + 1,
                rect: [*rect.first()?, *rect.get(1)?, *rect.get(2)?, *rect.get(3)?],
                to_page: pages.iter().position(|p| Some(p) == dest.first())? + 1,
                to_top: dest.get(3)?.parse().ok()?,
                framed: numbers_after(lines, "/Border")
                    .get(2)
                    .and_then(|w| w.parse::<f64>().ok())
                    .is_some_and(|w| w > 0.0)
                    && !numbers_after(lines, "/C").is_empty(),
            })
        })
        .collect()
}
