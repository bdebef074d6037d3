//! The tagged rulebook (issue 14): its reading order, headings, tables,
//! lists and figures come from its structure tree, read back from real
//! built PDFs — the fixture game tests/fixtures/tagged and the shipped games
//! — with `pdfinfo -struct-text` (the tree's elements and their text) and
//! `qpdf --json` (alt text, the catalog's /Lang and /MarkInfo), against the
//! Markdown and what `pdftotext` finds drawn on the pages.

mod support;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use support::raw::build_rulebook_with;
use support::tools::{
    StructKid, StructNode, page_count, pdf_objects, structure_tree, tool, word_boxes,
};

const FIXTURE: &str = "tests/fixtures/tagged";

/// A text's words, letters and digits only, lower case, joined by one space
/// (pdfinfo joins a paragraph's lines without a space: compare letters).
fn letters(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// The elements after the contents and the list of tables (the title page
/// and both lists left out).
fn body(doc: &StructNode) -> Vec<&StructNode> {
    let kids: Vec<&StructNode> = doc.elems().collect();
    let toc = kids
        .iter()
        .rposition(|e| e.role == "TOC")
        .expect("a TOC element");
    kids[toc + 1..].to_vec()
}

/// An element as a bracketed outline of roles and texts: `LI[Lbl[1.]…]`.
fn outline(node: &StructNode) -> String {
    let mut out = format!("{}[", node.role);
    for kid in &node.kids {
        match kid {
            StructKid::Elem(e) => out.push_str(&outline(e)),
            StructKid::Text(t) => out.push_str(t),
            StructKid::Object => out.push('@'),
        }
    }
    out.push(']');
    out
}

/// The fixture's paragraphs `ParaNN …`, by number, from its Markdown.
fn fixture_paragraphs() -> BTreeMap<usize, String> {
    let md = fs::read_to_string(Path::new(FIXTURE).join("rules/rules.md")).expect("rules");
    md.lines()
        .filter_map(|l| {
            let n = l.strip_prefix("Para")?.get(..2)?.parse().ok()?;
            Some((n, l.to_string()))
        })
        .collect()
}

#[test]
fn a_two_column_page_reads_column_one_then_column_two_in_the_structure() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let pdf = build_rulebook_with(FIXTURE, tmp.path(), &[]);
    let paragraphs = fixture_paragraphs();
    assert_eq!(paragraphs.len(), 14);
    // Where each paragraph starts on the page: page, column, top.
    let pages = word_boxes(&pdf);
    let mut starts: BTreeMap<usize, (usize, usize, f64)> = BTreeMap::new();
    for (p, ((width, _), words)) in pages.iter().enumerate() {
        for (word, b) in words {
            if let Some(n) = word.strip_prefix("Para").and_then(|n| n.parse().ok()) {
                let column = usize::from(b[0] > width / 2.0);
                assert!(
                    starts.insert(n, (p + 1, column, b[1])).is_none(),
                    "Para{n:02} drawn twice"
                );
            }
        }
    }
    assert_eq!(starts.len(), 14, "{starts:?}");
    // The paragraphs in structure order: each a P element holding the whole
    // paragraph, once, in the Markdown's order.
    let doc = structure_tree(&pdf);
    let in_tree: Vec<(usize, String)> = body(&doc)
        .into_iter()
        .filter(|e| e.role == "P" && e.text().starts_with("Para"))
        .map(|e| (e.text()[4..6].parse().expect("a number"), e.text()))
        .collect();
    let order: Vec<usize> = in_tree.iter().map(|(n, _)| *n).collect();
    assert_eq!(
        order,
        (1..=14).collect::<Vec<_>>(),
        "paragraphs in structure order"
    );
    for (n, text) in &in_tree {
        assert_eq!(
            letters(text),
            letters(&paragraphs[n]),
            "Para{n:02} whole in its P"
        );
    }
    // On each page, structure order is column one top to bottom, then
    // column two top to bottom; and some page really has both columns.
    let mut two_column_pages = 0;
    for page in 1..=page_count(&pdf) {
        let mut on_page: Vec<(usize, (usize, usize, f64))> = starts
            .iter()
            .filter(|(_, s)| s.0 == page)
            .map(|(n, s)| (*n, *s))
            .collect();
        let by_structure: Vec<usize> = on_page.iter().map(|(n, _)| *n).collect();
        on_page.sort_by(|a, b| {
            (a.1.1, a.1.2)
                .partial_cmp(&(b.1.1, b.1.2))
                .expect("numbers")
        });
        let by_place: Vec<usize> = on_page.iter().map(|(n, _)| *n).collect();
        assert_eq!(
            by_structure, by_place,
            "page {page}: structure order vs columns"
        );
        let in_column = |c| on_page.iter().filter(|(_, s)| s.1 == c).count();
        if in_column(0) >= 2 && in_column(1) >= 2 {
            two_column_pages += 1;
        }
    }
    assert!(
        two_column_pages >= 1,
        "no page has paragraphs in both columns: {starts:?}"
    );
    // A paragraph broken across the columns is one P, read whole before
    // column two's next: the start of column two is not read first, as
    // pdftotext reads this page's content.
    let broken = paragraphs.keys().find(|n| {
        let end = format!("end{n:02}.");
        let start = starts[n];
        pages[start.0 - 1]
            .1
            .iter()
            .any(|(w, b)| *w == end && usize::from(b[0] > pages[start.0 - 1].0.0 / 2.0) != start.1)
    });
    assert!(
        broken.is_some(),
        "no paragraph runs from column one into column two"
    );
}

#[test]
fn headings_are_h1_to_h6_at_their_markdown_levels() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let pdf = build_rulebook_with(FIXTURE, tmp.path(), &[]);
    let doc = structure_tree(&pdf);
    let headings: Vec<(String, String)> = body(&doc)
        .into_iter()
        .filter(|e| e.role.len() == 2 && e.role.starts_with('H'))
        .map(|e| (e.role.clone(), e.text()))
        .collect();
    let expected = [
        ("H1", "Sequence of play"),
        ("H2", "Movement"),
        ("H3", "Forced march"),
        ("H4", "Roads"),
        ("H5", "Bridges"),
        ("H6", "Fords"),
        ("H2", "Steps"),
        ("H2", "Terrain effects"),
        ("H2", "Weather"),
        ("H2", "Action cards"),
    ]
    .map(|(r, t)| (r.to_string(), t.to_string()));
    assert_eq!(headings, expected);
    // Headings stand at the top level, beside the paragraphs, not in them.
    for (parent, e) in doc.walk() {
        if e.role.len() == 2 && e.role.starts_with('H') {
            assert_eq!(parent, "Document", "{e:?}");
        }
    }
}

/// A table's rows, its head's then its body's: each cell's role and text,
/// a header cell's role `TH` when it heads its column, `TH-row` its row
/// (and `TH-unscoped` when it says neither).
fn rows(table: &StructNode) -> Vec<Vec<(String, String)>> {
    let role = |c: &StructNode| match c.role.as_str() {
        "TH" if c.attrs.iter().any(|a| a == "/Scope /Column") => "TH".to_string(),
        "TH" if c.attrs.iter().any(|a| a == "/Scope /Row") => "TH-row".to_string(),
        "TH" => "TH-unscoped".to_string(),
        other => other.to_string(),
    };
    table
        .elems()
        .flat_map(|e| match e.role.as_str() {
            "THead" | "TBody" => e.elems().collect(),
            _ => vec![e],
        })
        .filter(|e| e.role == "TR")
        .map(|tr| tr.elems().map(|c| (role(c), c.text())).collect())
        .collect()
}

fn cells(rows: &[(&str, &[&str])]) -> Vec<Vec<(String, String)>> {
    rows.iter()
        .map(|(role, texts)| {
            texts
                .iter()
                .map(|t| (role.to_string(), t.to_string()))
                .collect()
        })
        .collect()
}

#[test]
fn tables_are_rows_of_header_and_data_cells_with_their_texts() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let pdf = build_rulebook_with(FIXTURE, tmp.path(), &[]);
    let doc = structure_tree(&pdf);
    let tables = doc.find("Table");
    assert_eq!(tables.len(), 2, "{tables:?}");
    // The pipe table: its header row of TH, its body rows of TD.
    assert_eq!(
        rows(tables[0]),
        cells(&[
            ("TH", &["Terrain", "Move cost", "Defence"]),
            ("TD", &["Clear", "1", "none"]),
            ("TD", &["Forest", "2", "plus one"]),
            ("TD", &["Marsh", "3", "minus one"]),
        ])
    );
    // The data table: its name as the caption, then its rows.
    let caption: Vec<String> = tables[1]
        .elems()
        .filter(|e| e.role == "Caption")
        .map(StructNode::text)
        .collect();
    assert_eq!(caption, ["Weather Table"]);
    assert_eq!(
        tables[1].elems().next().map(|e| e.role.as_str()),
        Some("Caption")
    );
    assert_eq!(
        rows(tables[1]),
        cells(&[
            ("TH", &["1d6", "Result", "Chance"]),
            ("TD", &["1-2", "Clear skies", "1/3 (33.3%)"]),
            ("TD", &["3-5", "Overcast", "1/2 (50.0%)"]),
            ("TD", &["6", "Thunderstorm", "1/6 (16.7%)"]),
        ])
    );
    // A caption, then the head (its header rows), then the body.
    for table in tables {
        let kids: Vec<&str> = table.elems().map(|e| e.role.as_str()).collect();
        let kids = kids.strip_prefix(&["Caption"]).unwrap_or(&kids);
        assert_eq!(kids, ["THead", "TBody"], "{table:?}");
        let head = table.elems().find(|e| e.role == "THead").expect("a head");
        assert_eq!(head.elems().count(), 1, "one header row: {head:?}");
    }
}

#[test]
fn lists_are_l_of_li_with_a_label_and_a_body_and_nest() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let pdf = build_rulebook_with(FIXTURE, tmp.path(), &[]);
    let doc = structure_tree(&pdf);
    let lists: Vec<String> = body(&doc)
        .into_iter()
        .filter(|e| e.role == "L")
        .map(outline)
        .collect();
    let item = |label: &str, body: &str| format!("LI[Lbl[{label}]LBody[{body}]]");
    let p = |text: &str| format!("P[{text}]");
    assert_eq!(
        lists,
        [
            format!(
                "L[{}{}{}]",
                item("1.", &p("Roll for weather")),
                item(
                    "2.",
                    &format!(
                        "{}L[{}{}]",
                        p("Move every unit"),
                        item("•", &p("Infantry first")),
                        item("•", &p("Cavalry second"))
                    )
                ),
                item("3.", &p("Resolve each attack")),
            ),
            // The bullet list after the numbered one is a list of its own.
            format!(
                "L[{}{}]",
                item("•", &p("Supply is traced last")),
                item("•", &p("Rally ends the turn"))
            ),
        ]
    );
}

/// The alt text of every Figure element of a PDF, in object order.
fn figure_alts(pdf: &Path) -> Vec<Option<String>> {
    pdf_objects(pdf)
        .into_iter()
        .filter(|(_, v)| v["/S"] == "/Figure" && v["/Type"] == "/StructElem")
        .map(|(_, v)| {
            v["/Alt"]
                .as_str()
                .map(|a| a.strip_prefix("u:").unwrap_or(a).to_string())
        })
        .collect()
}

#[test]
fn cards_icons_and_dice_are_figures_with_alt_text() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let pdf = build_rulebook_with(FIXTURE, tmp.path(), &[]);
    let doc = structure_tree(&pdf);
    let mut alts: Vec<String> = figure_alts(&pdf)
        .into_iter()
        .map(|a| a.expect("every Figure has alt text"))
        .collect();
    alts.sort();
    // A card's alt text is the card's own text, its title among it (a
    // figure's text is not read): what the cards.toml gives each.
    assert_eq!(
        alts,
        [
            "Card: Defender Only: Play when attacked: Dug In Ignore the first hit on your units in this battle. Blue",
            "Card: Defender Only: Play when attacked: Dug In Ignore the first hit on your units in this battle. Red",
            "Card: Play in your turn: Great Road One unit moves two sectors. Blue",
            "Card: Play in your turn: Great Road One unit moves two sectors. Red",
            "shield",
            "sword",
        ]
    );
    assert_eq!(doc.find("Figure").len(), alts.len());
    // The icons are inline in their paragraph, in the order of the text.
    let icons: Vec<&StructNode> = doc
        .find("P")
        .into_iter()
        .filter(|p| p.text().starts_with("A unit may march"))
        .collect();
    assert_eq!(icons.len(), 1);
    assert_eq!(icons[0].find("Figure").len(), 2, "{:?}", icons[0]);
    // The cards come after the paragraph that introduces them, each holding
    // its own text.
    let cards: Vec<String> = body(&doc)
        .into_iter()
        .filter(|e| e.role == "Figure")
        .map(|e| letters(&e.text()))
        .collect();
    assert_eq!(cards.len(), 4, "{cards:?}");
    assert!(
        cards
            .iter()
            .all(|c| c.contains("dugin") || c.contains("greatroad"))
    );

    // A shipped game's dice: one figure per die, named by its colour and
    // role; every figure of every shipped rulebook has alt text.
    let pdf = build_rulebook_with("grid-battles", tmp.path(), &[]);
    let alts = figure_alts(&pdf);
    assert!(alts.iter().all(Option::is_some), "{alts:?}");
    // Each die's alt text names it and lists its six faces.
    let mut dice: Vec<String> = alts
        .into_iter()
        .flatten()
        .filter(|a| a.contains(" die "))
        .map(|a| {
            let (name, faces) = a.split_once(", faces ").expect("its faces");
            for face in 1..=6 {
                assert!(faces.contains(&format!("{face}: ")), "{a}");
            }
            name.to_string()
        })
        .collect();
    dice.sort();
    assert_eq!(
        dice,
        [
            "Black die (defense)",
            "Blue die (attack)",
            "Brown die (defense)",
            "Grey die (defense)",
            "Red die (attack)",
            "Yellow die (attack)",
        ]
    );
    for game in ["battlefront", "battlegrid", "bcs", "grognards"] {
        let pdf = build_rulebook_with(game, tmp.path(), &[]);
        let alts = figure_alts(&pdf);
        assert!(alts.iter().all(Option::is_some), "{game}: {alts:?}");
    }
}

#[test]
fn running_heads_and_page_numbers_are_drawn_but_are_artifacts() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let pdf = build_rulebook_with(FIXTURE, tmp.path(), &[]);
    let pages = page_count(&pdf);
    assert!(pages >= 4, "{pages} pages");
    // On the page: every page after the title has the running head at its
    // top and its number at its foot.
    let boxes = word_boxes(&pdf);
    let mut heads = vec![String::new()];
    for (k, ((_, height), words)) in boxes.iter().enumerate().skip(1) {
        let top: String = words
            .iter()
            .filter(|(_, b)| b[3] < 50.0)
            .map(|(w, _)| w.as_str())
            .collect::<Vec<_>>()
            .join(" ");
        heads.push(top);
        let foot: Vec<&str> = words
            .iter()
            .filter(|(_, b)| b[1] > height - 50.0)
            .map(|(w, _)| w.as_str())
            .collect();
        assert_eq!(foot, [(k + 1).to_string()], "page {}: page number", k + 1);
    }
    // The running heads: the game's name on left-hand (even) pages; on
    // right-hand pages the section the reader is in (the fixture has one
    // level-1 heading, so its level-2 headings are the sections), in the
    // order of the rules, the first body page's being the one it opens with.
    let sections = [
        "Sequence of play",
        "Movement",
        "Steps",
        "Terrain effects",
        "Weather",
        "Action cards",
    ];
    let mut last_section = 0;
    // The front matter: the contents, then the list of tables.
    let mut front = true;
    for (k, head) in heads.iter().enumerate().skip(1) {
        let number = k + 1;
        if number % 2 == 0 {
            assert_eq!(head, "Tagged Fixture", "page {number}: running head");
            continue;
        }
        front &= head == "Contents" || head == "Tables";
        if front {
            continue;
        }
        let at = sections
            .iter()
            .position(|s| s == head)
            .unwrap_or_else(|| panic!("page {number}: running head {head:?} is not a section"));
        assert!(
            at >= last_section,
            "page {number}: {head:?} comes before the last page's section"
        );
        last_section = at;
    }
    // The rules start on page 2, below the short contents and list of
    // tables (the fixture shows a random table) on a left-hand page (the
    // game's name); page 3 is still in the first sections.
    assert!(
        sections[..3].contains(&heads[2].as_str()),
        "the first right-hand body page's head: {}",
        heads[2]
    );
    assert!(!front, "no body page after the front matter: {heads:?}");
    assert!(heads.len() >= 4, "{heads:?}");
    // In the structure: the game's name only once (the title page), and no
    // element whose text is a number outside the contents' entries, table
    // cells and list labels.
    let doc = structure_tree(&pdf);
    let text = outline(&doc);
    assert_eq!(text.matches("Tagged Fixture").count(), 1, "{text}");
    for (parent, e) in doc.walk() {
        let own: String = e
            .kids
            .iter()
            .filter_map(|k| match k {
                support::tools::StructKid::Text(t) => Some(t.as_str()),
                _ => None,
            })
            .collect();
        let own = own.trim();
        if !own.is_empty() && own.chars().all(|c| c.is_ascii_digit()) {
            assert!(
                matches!(e.role.as_str(), "TD" | "TH" | "Lbl") || parent == "TOCI",
                "{own:?} in {} is page furniture in the structure",
                e.role
            );
        }
    }
    let lone_numbers: Vec<String> = body(&doc)
        .into_iter()
        .map(StructNode::text)
        .filter(|t| t.trim().chars().all(|c| c.is_ascii_digit()))
        .collect();
    assert!(lone_numbers.is_empty(), "{lone_numbers:?}");
    // In the content streams: the head and the number are pagination
    // artifacts, nothing else is drawn in the bands they stand in, and no
    // text is drawn outside marked content.
    let qdf = tmp.path().join("qdf.pdf");
    let qdf_path = qdf.to_str().expect("path");
    tool(
        "qpdf",
        &[
            "--qdf",
            "--object-streams=disable",
            pdf.to_str().expect("path"),
            qdf_path,
        ],
    );
    let raw = String::from_utf8_lossy(&fs::read(&qdf).expect("read QDF")).replace('\n', " ");
    let contents: Vec<&str> = raw.split("%% Contents for page ").skip(1).collect();
    assert_eq!(contents.len(), pages);
    for (k, content) in contents.iter().enumerate() {
        let height = boxes[k].0.1;
        let content = content.split("endstream").next().expect("a stream");
        let mut furniture: Vec<f64> = Vec::new();
        // Marked content is not nested in these streams: each sequence ends
        // at the next EMC.
        for sequence in content.split(" EMC") {
            let Some(open) = sequence.find(" BDC").or_else(|| sequence.find(" BMC")) else {
                assert!(
                    !sequence.contains("Tj"),
                    "page {}: text outside marked content",
                    k + 1
                );
                continue;
            };
            let (before, inside) = sequence.split_at(open);
            assert!(
                !before.contains("Tj"),
                "page {}: text outside marked content",
                k + 1
            );
            let tokens: Vec<&str> = inside.split_whitespace().collect();
            let ys: Vec<f64> = tokens
                .windows(2)
                .filter(|w| w[1] == "Tm")
                .map(|w| w[0].parse().expect("a number"))
                .collect();
            let last_open = &before[before.rfind("/Artifact").unwrap_or(before.len())..];
            if last_open.contains("/Pagination") {
                furniture.extend(ys);
            } else {
                for y in ys {
                    assert!(
                        y > 50.0 && y < height - 50.0,
                        "page {}: content at y = {y} in the running head's or the number's band",
                        k + 1
                    );
                }
            }
        }
        if k > 0 {
            assert!(
                furniture.iter().any(|y| *y > height - 50.0),
                "page {}: head",
                k + 1
            );
            assert!(
                furniture.iter().any(|y| *y < 50.0),
                "page {}: number",
                k + 1
            );
        }
    }
}

#[test]
fn every_rulebook_declares_its_language_and_that_it_is_tagged() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let mut games = vec![FIXTURE.to_string()];
    games.extend(
        [
            "battlefront",
            "battlegrid",
            "bcs",
            "grid-battles",
            "grognards",
        ]
        .map(String::from),
    );
    for game in &games {
        let pdf = build_rulebook_with(game, tmp.path(), &[]);
        let check = tool("qpdf", &["--check", pdf.to_str().expect("path")]);
        assert!(
            check.contains("No syntax or stream encoding errors"),
            "{game}: {check}"
        );
        let objects = pdf_objects(&pdf);
        let catalog = objects
            .iter()
            .map(|(_, v)| v)
            .find(|v| v["/Type"] == "/Catalog")
            .expect("a catalog");
        assert_eq!(catalog["/Lang"], "u:en", "{game}: {catalog}");
        assert_eq!(catalog["/MarkInfo"]["/Marked"], true, "{game}: {catalog}");
        let root_ref = catalog["/StructTreeRoot"]
            .as_str()
            .expect("a StructTreeRoot");
        let root = objects
            .iter()
            .find(|(r, _)| r == root_ref)
            .map(|(_, v)| v)
            .expect("the StructTreeRoot object");
        assert_eq!(root["/Type"], "/StructTreeRoot", "{game}: {root}");
        assert!(
            root["/ParentTree"]["/Nums"].is_array(),
            "{game}: no ParentTree: {root}"
        );
        // Every page's marked content is found from the parent tree.
        for (r, v) in &objects {
            if v["/Type"] == "/Page" {
                assert!(
                    v["/StructParents"].is_number(),
                    "{game}: page {r} without StructParents"
                );
            }
        }
        // The tree poppler reads back holds the whole body.
        let doc = structure_tree(&pdf);
        assert!(doc.find("P").len() >= 3, "{game}");
    }
}

/// A shipped game's data table rows in the rulebook's structure: every TR
/// of every Table holds only TH or TD cells, a header row is read once, and
/// each cell's text is drawn on the page.
#[test]
fn shipped_tables_are_tr_th_td_and_each_row_is_drawn() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let mut rows_seen = 0;
    for game in ["battlefront", "bcs", "grid-battles", "grognards"] {
        let pdf = build_rulebook_with(game, tmp.path(), &[]);
        let drawn = letters(&tool("pdftotext", &[pdf.to_str().expect("path"), "-"]));
        let doc = structure_tree(&pdf);
        let tables = doc.find("Table");
        assert!(!tables.is_empty(), "{game}: no Table");
        for table in tables {
            let rows = rows(table);
            assert!(!rows.is_empty(), "{game}: {table:?}");
            // A header row (all TH of its column) is read once, even where
            // the table breaks and its header is drawn again.
            let headers: Vec<&Vec<(String, String)>> = rows
                .iter()
                .filter(|row| row.iter().all(|(r, _)| r == "TH"))
                .collect();
            // Every table has header cells: a header row, else row headers.
            assert!(
                rows.iter().flatten().any(|(r, _)| r.starts_with("TH")),
                "{game}: no header cell in {table:?}"
            );
            for (k, h) in headers.iter().enumerate() {
                assert!(!headers[..k].contains(h), "{game}: header {h:?} read twice");
            }
            for row in rows.iter().filter(|row| !headers.contains(row)) {
                assert!(!row.is_empty(), "{game}: an empty TR in {table:?}");
                assert!(
                    row.iter().all(|(r, _)| r == "TD" || r == "TH-row"),
                    "{game}: row {row:?}"
                );
                // A row of data, or a section band naming the rows below.
                assert!(
                    row.iter().any(|(r, _)| r == "TD") || row.len() == 1,
                    "{game}: row {row:?}"
                );
                for (_, cell) in row {
                    assert!(
                        drawn.contains(&letters(cell)),
                        "{game}: cell {cell:?} of {row:?} is not drawn"
                    );
                }
                rows_seen += 1;
            }
        }
    }
    assert!(rows_seen > 100, "only {rows_seen} rows");
}

#[test]
fn a_table_broken_across_columns_has_its_header_drawn_again_but_read_once() {
    let tmp = tempfile::tempdir().expect("temp dir");
    // The fixture with a pipe table of 90 rows at the end of its rules.
    let game = tmp.path().join("tagged");
    fs::create_dir_all(game.join("rules")).expect("game folder");
    fs::create_dir_all(game.join("templates/labels")).expect("layouts folder");
    for file in [
        "game.toml",
        "cards.toml",
        "rules/rules.md",
        "templates/labels/battlegrid-action.toml",
    ] {
        fs::copy(Path::new(FIXTURE).join(file), game.join(file)).expect("copy fixture");
    }
    let mut md = fs::read_to_string(game.join("rules/rules.md")).expect("rules");
    md.push_str("\n\n## Long table\n\n| Serial | Entry |\n| --- | --- |\n");
    for n in 1..=90 {
        md.push_str(&format!("| s{n} | entry{n} |\n"));
    }
    fs::write(game.join("rules/rules.md"), md).expect("write rules");
    let pdf = build_rulebook_with(game.to_str().expect("path"), &tmp.path().join("out"), &[]);
    let drawn = tool("pdftotext", &[pdf.to_str().expect("path"), "-"]);
    let heads = drawn.lines().filter(|l| l.trim() == "Serial").count();
    assert!(
        heads >= 2,
        "the table does not break: its header is drawn {heads} times"
    );
    let doc = structure_tree(&pdf);
    let table = doc
        .find("Table")
        .into_iter()
        .find(|t| t.text().starts_with("Serial"))
        .expect("the long table");
    let mut expected = cells(&[("TH", &["Serial", "Entry"])]);
    for n in 1..=90 {
        expected.push(vec![
            ("TD".to_string(), format!("s{n}")),
            ("TD".to_string(), format!("entry{n}")),
        ]);
    }
    assert_eq!(rows(table), expected);
}

/// A table across the page that does not fit below the columns of its
/// page goes to the top of the next, and the paragraphs after it fill this
/// page first (as LaTeX floats a figure); in the structure tree the table
/// still comes where the Markdown has it: after the paragraph before it,
/// before those set above it on the page before.
#[test]
fn a_table_put_off_to_the_next_page_is_read_where_the_markdown_has_it() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("floats");
    fs::create_dir_all(dir.join("rules")).expect("rules dir");
    fs::write(
        dir.join("game.toml"),
        "name = \"Floats\"\nrules = [\"rules/a.md\"]\n\n[[sides]]\nid = \"red\"\nname = \"Red\"\n\n\
         [[sides]]\nid = \"blue\"\nname = \"Blue\"\n",
    )
    .expect("game.toml");
    // Short paragraphs (one or two lines), the table after the 33rd.
    let mut md = String::from("# Rules\n\n");
    for k in 0..60 {
        md.push_str(&format!(
            "Para{k}: {}\n\n",
            "the unit attacks an adjacent enemy hex and rolls two dice. ".repeat(1 + k % 2)
        ));
        if k == 32 {
            md.push_str(
                "| Case | Attacker strength | Defender strength | Terrain effect | Weather | Result |\n\
                 |---|---|---|---|---|---|\n",
            );
            for r in 0..5 {
                md.push_str(&format!(
                    "| Row{r} | attacker {r} | defender {r} | terrain {r} | weather {r} | result {r} |\n"
                ));
            }
            md.push('\n');
        }
    }
    fs::write(dir.join("rules/a.md"), md).expect("a.md");
    let pdf = build_rulebook_with(dir.to_str().expect("path"), tmp.path(), &[]);
    // It is put off: a paragraph after it is set on an earlier page.
    let pages = word_boxes(&pdf);
    let page_of = |word: &str| {
        pages
            .iter()
            .position(|(_, words)| words.iter().any(|(w, _)| w.starts_with(word)))
            .unwrap_or_else(|| panic!("{word} set"))
    };
    assert!(
        page_of("Para33:") < page_of("Row0"),
        "the table floats: Para33 on page {}, the table on {}",
        page_of("Para33:") + 1,
        page_of("Row0") + 1
    );
    // Read in the Markdown's order: every paragraph, the table after Para32.
    let tree = structure_tree(&pdf);
    let order: Vec<String> = body(&tree)
        .iter()
        .filter_map(|e| match e.role.as_str() {
            "Table" => Some("Table".to_string()),
            "P" => Some(e.text().split(':').next().unwrap_or("").to_string()),
            _ => None,
        })
        .collect();
    let mut expected: Vec<String> = (0..60).map(|k| format!("Para{k}")).collect();
    expected.insert(33, "Table".to_string());
    assert_eq!(order, expected);
}

/// The games whose rulebooks ship: every folder of data/ with a game.toml.
fn shipped_games() -> Vec<String> {
    let mut games: Vec<String> = fs::read_dir("data")
        .expect("data/")
        .filter_map(Result::ok)
        .filter(|e| e.path().join("game.toml").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    games.sort();
    games
}

/// The fixture with more of what PDF/UA asks about, written into `dir`: a
/// chart of a checklist (numbered steps, marked steps with a sub-step), a
/// modifiers list without a header row and notes; links to a card, a
/// heading and a web page.
fn pdfua_game(dir: &Path) -> PathBuf {
    let game = dir.join("tagged");
    copy_fixture(&game);
    let mut toml = fs::read_to_string(game.join("game.toml")).expect("game.toml");
    toml.push_str("\n[[charts]]\nid = \"turn\"\nfile = \"turn.toml\"\n");
    fs::write(game.join("game.toml"), toml).expect("game.toml");
    fs::write(
        game.join("turn.toml"),
        r#"title = "Turn"

[[blocks]]
kind = "checklist"
id = "turn-sequence"
title = "Turn Sequence"
actors = ["A", "D"]

[[blocks.sections]]
heading = "Movement Phase"
numbering = "numbers"
steps = [
  { actor = "A", title = "Move.", text = "Move every unit." },
  { actor = "D", text = "React with one unit." },
]

[[blocks.sections]]
heading = "End Phase"
numbering = "none"
mark = "◇"
steps = [
  { text = "Check supply.", items = [{ text = "Trace to a road." }] },
  { text = "Rally." },
]

[[blocks]]
kind = "modifiers"
id = "attack-modifiers"
title = "Attack Modifiers"

[[blocks.sections]]
entries = [
  { text = "Attacker in forest", value = "-1" },
  { text = "Defender surrounded", value = "+2" },
]

[[blocks]]
kind = "notes"
text = ["Modifiers are added together."]
"#,
    )
    .expect("turn.toml");
    let mut md = fs::read_to_string(game.join("rules/rules.md")).expect("rules");
    md.push_str(
        "\n\n## Turn\n\nA side in trouble plays [*Dug In*](card:), checks the \
         [Weather](#weather) and reads [the guide](https://example.com/guide).\n\n\
         {{ table(\"turn\") }}\n",
    );
    fs::write(game.join("rules/rules.md"), md).expect("rules");
    game
}

/// The fixture's files copied into `game`.
fn copy_fixture(game: &Path) {
    fs::create_dir_all(game.join("rules")).expect("game folder");
    fs::create_dir_all(game.join("templates/labels")).expect("layouts folder");
    for file in [
        "game.toml",
        "cards.toml",
        "rules/rules.md",
        "templates/labels/battlegrid-action.toml",
    ] {
        fs::copy(Path::new(FIXTURE).join(file), game.join(file)).expect("copy fixture");
    }
}

/// What the `pdfua` checker (PyPI: the machine-checkable part of PDF/UA-1,
/// on pikepdf; tests/run.sh installs it) finds in `pdf`: each finding as
/// "severity rule: message".
fn pdfua_findings(pdf: &Path) -> Vec<String> {
    let run = std::process::Command::new("python3")
        .args(["-m", "pdfua", "check", "--format", "json"])
        .arg(pdf)
        .output()
        .expect("python3 runs (tests/run.sh installs pdfua)");
    let json: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap_or_else(|e| {
        panic!(
            "pdfua gave no report ({e}); is it installed (tests/run.sh)? {}",
            String::from_utf8_lossy(&run.stderr)
        )
    });
    json["findings"]
        .as_array()
        .expect("pdfua's findings")
        .iter()
        .map(|f| format!("{} {}: {}", f["severity"], f["rule_id"], f["message"]))
        .collect()
}

#[test]
fn every_rulebook_passes_the_pdf_ua_checker() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let mut pdfs: Vec<(String, PathBuf)> = shipped_games()
        .into_iter()
        .map(|game| {
            let pdf = build_rulebook_with(&game, tmp.path(), &[]);
            (game, pdf)
        })
        .collect();
    assert!(pdfs.len() >= 6, "{pdfs:?}");
    let game = pdfua_game(tmp.path());
    let pdf = build_rulebook_with(game.to_str().expect("path"), &tmp.path().join("out"), &[]);
    pdfs.push(("the test's game".to_string(), pdf));
    for (game, pdf) in &pdfs {
        // No errors, and none of the warnings (no XMP identification, a
        // link without a description, a table whose headers say nothing).
        assert_eq!(pdfua_findings(pdf), Vec::<String>::new(), "{game}");
        // The XMP packet (written uncompressed) claims PDF/UA-1 and names
        // the title the document information gives.
        let bytes = fs::read(pdf).expect("the PDF");
        let text = String::from_utf8_lossy(&bytes);
        assert!(text.contains("<pdfuaid:part>1</pdfuaid:part>"), "{game}");
        let title = pdf_objects(pdf)
            .into_iter()
            .find_map(|(_, v)| v["/Producer"].as_str().map(|_| v["/Title"].clone()))
            .and_then(|t| t.as_str().map(|t| t.trim_start_matches("u:").to_string()))
            .expect("an info dictionary with a title");
        let xml_title = title.replace('&', "&amp;").replace('<', "&lt;");
        assert!(
            text.contains(&format!(
                "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">{xml_title}</rdf:li>"
            )),
            "{game}: dc:title {title:?}"
        );
    }
}

#[test]
fn checklists_are_lists_headerless_tables_have_row_headers_and_links_hold_their_words() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = pdfua_game(tmp.path());
    let pdf = build_rulebook_with(game.to_str().expect("path"), &tmp.path().join("out"), &[]);
    let doc = structure_tree(&pdf);
    // The book's name on the cover is its first heading.
    let first = doc.elems().next().expect("an element");
    assert_eq!(
        (first.role.as_str(), first.text().as_str()),
        ("H1", "Tagged Fixture")
    );
    // The checklist: a list, its title the caption, each step an item
    // labelled by its number or mark, a section's heading an item of its own.
    let lists: Vec<String> = doc
        .find("L")
        .into_iter()
        .filter(|l| l.text().starts_with("Turn Sequence"))
        // pdfinfo runs a bold word and the next together: spaces left out.
        .map(|l| outline(l).replace(' ', ""))
        .collect();
    let item = |label: &str, body: &str| format!("LI[Lbl[{label}]LBody[{body}]]");
    let band = |body: &str| format!("LI[LBody[{body}]]");
    assert_eq!(
        lists,
        [format!(
            "L[Caption[Turn Sequence]{}{}{}{}{}{}{}]",
            band("Movement Phase"),
            item("1)", "A: Move. Move every unit."),
            item("2)", "D: React with one unit."),
            band("End Phase"),
            item("◇", "Check supply."),
            item("◇", "Trace to a road."),
            item("◇", "Rally."),
        )
        .replace(' ', "")]
    );
    assert!(
        doc.find("Table")
            .iter()
            .all(|t| !t.text().contains("Turn Sequence")),
        "the checklist is not a table too"
    );
    // The modifiers have no header row: each modifier heads its row.
    let modifiers = doc
        .find("Table")
        .into_iter()
        .find(|t| t.text().starts_with("Attack Modifiers"))
        .expect("the modifiers table");
    let modifier_rows = rows(modifiers);
    let roles: Vec<Vec<&str>> = modifier_rows
        .iter()
        .map(|r| r.iter().map(|(role, _)| role.as_str()).collect())
        .collect();
    assert_eq!(roles, [["TH-row", "TD"], ["TH-row", "TD"]]);
    let heads: Vec<&str> = modifier_rows.iter().map(|r| r[0].1.as_str()).collect();
    assert_eq!(heads, ["Attacker in forest", "Defender surrounded"]);
    // Notes are paragraphs, not a table of one column.
    assert!(
        doc.find("P")
            .iter()
            .any(|p| p.text() == "Modifiers are added together."),
        "the notes are a paragraph"
    );
    // Each link is a Link element holding its words and its annotation,
    // inside the paragraph; none hangs from the document.
    let para = doc
        .find("P")
        .into_iter()
        .find(|p| p.text().starts_with("A side in trouble"))
        .expect("the paragraph with links");
    let links: Vec<String> = para.find("Link").into_iter().map(outline).collect();
    assert_eq!(
        links,
        ["Link[@Dug In]", "Link[@Weather]", "Link[@the guide]"],
        "{para:?}"
    );
    for (parent, e) in doc.walk() {
        if e.role == "Link" {
            assert_ne!(parent, "Document", "{e:?}");
            assert!(
                e.kids.iter().any(|k| matches!(k, StructKid::Object)),
                "{e:?}"
            );
            assert!(!e.text().trim().is_empty(), "a link without words: {e:?}");
        }
    }
    // Every link annotation says what it links: its words, a contents
    // entry's without the leader dots.
    let contents: Vec<String> = pdf_objects(&pdf)
        .into_iter()
        .filter(|(_, v)| v["/Subtype"] == "/Link")
        .map(|(_, v)| {
            v["/Contents"]
                .as_str()
                .expect("a link's /Contents")
                .trim_start_matches("u:")
                .to_string()
        })
        .collect();
    for words in ["Dug In", "Weather", "the guide", "Movement 2"] {
        assert!(contents.iter().any(|c| c == words), "{words}: {contents:?}");
    }
    assert!(contents.iter().all(|c| !c.contains("..")), "{contents:?}");
}

#[test]
fn a_word_hyphenated_at_a_line_end_reads_whole() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let mut hyphenated = 0;
    for game in shipped_games() {
        let pdf = build_rulebook_with(&game, tmp.path(), &[]);
        // The hyphen is drawn, and read as a soft hyphen (U+2010 never).
        let text = tool("pdftotext", &[pdf.to_str().expect("path"), "-"]);
        assert!(!text.contains('\u{2010}'), "{game}");
        // Each word broken at a line's end, its halves joined.
        let lines: Vec<&str> = text.lines().collect();
        let broken: Vec<String> = lines
            .windows(2)
            .filter_map(|w| {
                let head = w[0].strip_suffix('\u{ad}')?.split_whitespace().last()?;
                let tail = w[1].split_whitespace().next()?;
                Some(format!("{head}{tail}"))
            })
            .collect();
        hyphenated += broken.len();
        // The structure's text runs the halves together: a whole word.
        let doc = structure_tree(&pdf);
        for p in doc.find("P") {
            let t = p.text();
            assert!(!t.contains('\u{2010}'), "{game}: {t}");
        }
        let all = doc.text();
        for word in &broken {
            assert!(all.contains(word.as_str()), "{game}: {word}");
        }
    }
    assert!(hyphenated > 0, "no word is hyphenated: nothing tested");
}
