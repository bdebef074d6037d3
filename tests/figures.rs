//! Rule illustrations (```` ```figure ```` blocks in the rules Markdown), on
//! a game written here from the data format alone: the counters of each
//! figure stand at the centres of their hexes in the rulebook PDF (read
//! from its content streams: each counter's edge is a stroked square, the
//! figure's frame a stroked rectangle as large as its excerpt), figures are
//! numbered and captioned in the PDF and the HTML reference, `figure:`
//! links print "see Figure 2, p. N" with the page the figure is on, the
//! HTML's inline SVG holds the counters and arrows, and every fault of a
//! figure is a located error with its id.

mod support;

use std::fs;
use std::path::{Path, PathBuf};

use support::figure_game::{counters_toml, stroked_rects, troops_toml};
use support::tools::tool;

/// Flat-top hexes 0.75 in (54 pt) across, the second column shifted down.
const MAP: &str = r##"name = "Main"
grid = "hex"
columns = 12
rows = 10
cell = "0.75in"
default = "clear"

[[terrain]]
id = "clear"
color = "#E8E2C8"

[[terrain]]
id = "woods"
color = "#8DB36B"
pattern = "dots"

[[cells]]
terrain = "woods"
cells = ["0405", "0304..0305"]
"##;

const CELL: f64 = 54.0;
/// A counter prints 54 pt square; in a figure at most 0.8 of a cell.
const COUNTER: f64 = 54.0 * 0.8;
/// Each counter stacked on another: 12% of its side right and up.
const STACK_STEP: f64 = 0.12;

/// The rules: figure 1 early, then enough text that figure 2 falls on a
/// later page, referred to before and after.
fn rules() -> String {
    let filler: String = (0..14)
        .map(|k| {
            format!(
                "Paragraph {k} of the movement rules says what a unit may do when it moves, which hexes it may enter, what each costs, and when it must stop because an enemy unit is next to it.\n\n"
            )
        })
        .collect();
    format!(
        r#"# Rules

## Movement

A unit moves hex by hex ([](figure:move)); the attack comes later ([the attack](figure:attack)).

```figure
id = "move"
map = "main"
hexes = "0203..0607"
caption = "The *Alpha* company moves three hexes."
counters = [{{ unit = "alpha", side = "Blue", hex = "0304" }}]
arrows = [["0304", "0404", "0504"]]
labels = [{{ hex = "0504", text = "Stop" }}]
```

{filler}## Combat

Units attack an enemy unit next to them ([](figure:attack)).

```figure
id = "attack"
map = "main"
hexes = "0304..0707"
caption = "Two Blue units attack the Red unit."
counters = [
  {{ unit = "alpha", side = "Blue", hex = "0405" }},
  {{ unit = "bravo", side = "Blue", hex = "0405" }},
  {{ unit = "charlie", side = "Red", hex = "0506" }},
]
arrows = [["0405", "0506"]]
highlight = ["0506"]
labels = [{{ hex = "0506", text = "Defender" }}]
```

The defender rolls.
"#
    )
}

fn write_game(dir: &Path, rules: &str) -> PathBuf {
    let game = dir.join("figs");
    fs::create_dir_all(game.join("maps")).expect("dir");
    fs::create_dir_all(game.join("rules")).expect("dir");
    let game_toml = format!(
        "name = \"Figure Test\"\nrules = [\"rules/rules.md\"]\n\n[[maps]]\nid = \"main\"\nfile = \"maps/main.toml\"\n\n{}",
        counters_toml(["a", "b", "c", "d"])
    );
    for (name, text) in [
        ("game.toml", game_toml.as_str()),
        ("troops.toml", &troops_toml(&["a", "b", "c", "d"])),
        ("maps/main.toml", MAP),
        ("rules/rules.md", rules),
    ] {
        fs::write(game.join(name), text).expect("write");
    }
    game
}

/// The centre of a hex by its code "CCRR" (columns and rows from 1), on
/// the map (points, y down): flat-top hexes, the second column half a
/// hex lower.
fn centre(code: &str) -> (f64, f64) {
    let c: f64 = code[..2].parse::<f64>().expect("column") - 1.0;
    let r: f64 = code[2..].parse::<f64>().expect("row") - 1.0;
    let rad = CELL / 3f64.sqrt();
    let down = if (c as i64) % 2 == 1 { CELL / 2.0 } else { 0.0 };
    (rad + c * 1.5 * rad, CELL / 2.0 + r * CELL + down)
}

/// The excerpt's rectangle on the map (x, y, w, h): the bounds of the
/// hexes between two corners.
fn excerpt(from: &str, to: &str) -> [f64; 4] {
    let rad = CELL / 3f64.sqrt();
    let (c0, r0) = (&from[..2], &from[2..]);
    let (c1, r1) = (&to[..2], &to[2..]);
    let mut b = [f64::MAX, f64::MAX, f64::MIN, f64::MIN];
    for c in c0.parse::<u32>().expect("c")..=c1.parse::<u32>().expect("c") {
        for r in r0.parse::<u32>().expect("r")..=r1.parse::<u32>().expect("r") {
            let (x, y) = centre(&format!("{c:02}{r:02}"));
            b = [
                b[0].min(x - rad),
                b[1].min(y - CELL / 2.0),
                b[2].max(x + rad),
                b[3].max(y + CELL / 2.0),
            ];
        }
    }
    [b[0], b[1], b[2] - b[0], b[3] - b[1]]
}

/// The counters a figure shows: the hexes of its stacks, each stack's
/// counters bottom first.
struct Expected {
    from: &'static str,
    to: &'static str,
    stacks: Vec<(&'static str, usize)>,
}

#[test]
fn figure_counters_stand_at_the_centres_of_their_hexes() {
    let tmp = tempfile::tempdir().expect("temp");
    let game = write_game(tmp.path(), &rules());
    let pdf = support::raw::build_rulebook(&game, &tmp.path().join("out"));
    let pages = stroked_rects(&pdf, tmp.path());
    let figures = [
        Expected {
            from: "0203",
            to: "0607",
            stacks: vec![("0304", 1)],
        },
        Expected {
            from: "0304",
            to: "0707",
            stacks: vec![("0405", 2), ("0506", 1)],
        },
    ];
    for figure in &figures {
        let [x0, y0, w, h] = excerpt(figure.from, figure.to);
        // The frame: a stroked rectangle of the excerpt's proportions.
        let found: Vec<(usize, [f64; 4])> = pages
            .iter()
            .enumerate()
            .flat_map(|(p, rects)| rects.iter().map(move |r| (p, *r)))
            .filter(|(_, r)| r[2] > 100.0 && ((r[2] / r[3]) - w / h).abs() < 0.005)
            .collect();
        assert_eq!(found.len(), 1, "one frame of {w} x {h}: {found:?}");
        let (page, [fx, fy, fw, fh]) = found[0];
        let k = fw / w;
        assert!(k > 0.25 && k <= 1.0 + 1e-6, "scale {k}");
        assert!((fh / h - k).abs() < 1e-3, "scaled alike both ways");
        // Where a point of the map lands on the page (PDF y up).
        let at = |(x, y): (f64, f64)| (fx + k * (x - x0), fy + fh - k * (y - y0));
        let side = COUNTER * k;
        let counters: Vec<(f64, f64)> = pages[page]
            .iter()
            .filter(|r| (r[2] - side).abs() < 0.01 && (r[3] - side).abs() < 0.01)
            .filter(|r| {
                r[0] >= fx - side && r[0] <= fx + fw && r[1] >= fy - side && r[1] <= fy + fh
            })
            .map(|r| (r[0] + r[2] / 2.0, r[1] + r[3] / 2.0))
            .collect();
        let mut expected = Vec::new();
        for &(hex, n) in &figure.stacks {
            let (cx, cy) = at(centre(hex));
            let step = side * STACK_STEP;
            for i in 0..n {
                let off = (i as f64 - (n as f64 - 1.0) / 2.0) * step;
                // Right and up: y up on the PDF page.
                expected.push((cx + off, cy + off));
            }
        }
        assert_eq!(
            counters.len(),
            expected.len(),
            "counters {counters:?}, expected {expected:?}"
        );
        for want in &expected {
            let near = counters
                .iter()
                .map(|c| (c.0 - want.0).hypot(c.1 - want.1))
                .fold(f64::MAX, f64::min);
            assert!(
                near <= 0.5,
                "a counter at {want:?} within 0.5 pt: nearest {near:.3} ({counters:?})"
            );
        }
    }
}

/// Each page's text, from `pdftotext` (pages split at form feeds), with
/// no-break spaces as spaces and lines joined.
fn page_texts(pdf: &Path) -> Vec<String> {
    tool("pdftotext", &[pdf.to_str().expect("path"), "-"])
        .split('\u{c}')
        .map(|p| {
            p.replace('\u{a0}', " ")
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

#[test]
fn figures_are_numbered_captioned_and_referred_to_with_their_pages() {
    let tmp = tempfile::tempdir().expect("temp");
    let game = write_game(tmp.path(), &rules());
    let pdf = support::raw::build_rulebook(&game, &tmp.path().join("out"));
    let pages = page_texts(&pdf);
    let on = |words: &str| -> Vec<usize> {
        (0..pages.len())
            .filter(|&p| pages[p].contains(words))
            .map(|p| p + 1)
            .collect()
    };
    let first = on("Figure 1. The Alpha company moves three hexes.");
    let second = on("Figure 2. Two Blue units attack the Red unit.");
    assert_eq!(first.len(), 1, "{pages:?}");
    assert_eq!(second.len(), 1, "{pages:?}");
    let (p1, p2) = (first[0], second[0]);
    assert!(
        p2 > p1,
        "the filler puts figure 2 on a later page: {p1} {p2}"
    );
    // Folios count from the title page; the references name them.
    assert_eq!(on(&format!("(see Figure 1, p. {p1})")), [p1], "{pages:?}");
    assert_eq!(
        on(&format!("the attack (Figure 2, p. {p2})")),
        [p1],
        "{pages:?}"
    );
    assert_eq!(
        on(&format!("(see Figure 2, p. {p2})")).len(),
        1,
        "{pages:?}"
    );
    // Each reference links to its figure's page.
    let links = support::tools::pdf_links(&pdf);
    for page in [p1, p2] {
        assert!(
            links.iter().any(|l| l.to_page == page),
            "a link to page {page}: {links:?}"
        );
    }

    // The HTML reference: each figure once, numbered, its drawing inline.
    let out = tmp.path().join("site");
    let run = support::grogpress(&[
        "build",
        game.to_str().expect("path"),
        "--out",
        out.to_str().expect("path"),
    ]);
    run.exit(0);
    let html = fs::read_to_string(out.join("figs/html/rules.html")).expect("rules page");
    for (id, number, caption) in [
        ("move", 1, "The <em>Alpha</em> company moves three hexes."),
        ("attack", 2, "Two Blue units attack the Red unit."),
    ] {
        let open = format!("<figure class=\"illustration\" id=\"figure-{id}\">");
        assert_eq!(html.matches(&open).count(), 1, "{open}");
        let figure = &html[html.find(&open).expect("figure")..];
        let figure = &figure[..figure.find("</figure>").expect("end")];
        assert!(
            figure.contains(&format!(
                "<figcaption><span class=\"figure-number\">Figure {number}.</span> {caption}</figcaption>"
            )),
            "{figure}"
        );
        assert!(figure.contains("<svg"), "{figure}");
        // The counters' names and an arrow (its red) in the drawing.
        assert!(figure.contains(">Alpha</text>"), "{figure}");
        assert!(
            figure.contains("fill=\"rgb(204,23,26)\""),
            "an arrow: {figure}"
        );
        if id == "attack" {
            assert!(figure.contains(">Bravo</text>"), "{figure}");
            assert!(figure.contains(">Charlie</text>"), "{figure}");
            assert!(figure.contains(">Defender</text>"), "{figure}");
        }
    }
    assert!(
        html.contains("<a href=\"#figure-move\">see Figure 1</a>"),
        "{html}"
    );
    assert!(
        html.contains("<a href=\"#figure-attack\">the attack</a> (Figure 2)"),
        "{html}"
    );
}

/// `check` on the game with `rules.md` replaced: the diagnostics.
fn check(rules: &str) -> (support::Run, tempfile::TempDir) {
    let tmp = tempfile::tempdir().expect("temp");
    let game = write_game(tmp.path(), rules);
    let run = support::grogpress(&["check", game.to_str().expect("path"), "--format", "json"]);
    (run, tmp)
}

/// A figure block with `body` as its TOML.
fn figure(body: &str) -> String {
    format!("```figure\n{body}\n```\n\n")
}

#[test]
fn every_fault_of_a_figure_is_located_in_the_rules_page() {
    let ok = "map = \"main\"\nhexes = \"0203..0607\"\ncaption = \"C.\"";
    let rules = [
        "# Rules\n\nSee [](figure:nowhere) and [](figure:good).\n\n".to_string(),
        figure(&format!("id = \"good\"\n{ok}")),
        figure(&format!("id = \"good\"\n{ok}")),
        figure("id = \"f-map\"\nmap = \"atlas\"\nhexes = \"0203..0607\"\ncaption = \"C.\""),
        figure("id = \"f-off\"\nmap = \"main\"\nhexes = \"0203..1311\"\ncaption = \"C.\""),
        figure(&format!(
            "id = \"f-unit\"\n{ok}\ncounters = [{{ unit = \"delta\", side = \"Blue\", hex = \"0304\" }}]"
        )),
        figure(&format!(
            "id = \"f-side\"\n{ok}\ncounters = [{{ unit = \"alpha\", side = \"Green\", hex = \"0304\" }}]"
        )),
        figure(&format!(
            "id = \"f-mix\"\n{ok}\ncounters = [{{ unit = \"charlie\", side = \"Blue\", hex = \"0304\" }}]"
        )),
        figure(&format!("id = \"f-out\"\n{ok}\nhighlight = [\"0909\"]")),
        figure(&format!("id = \"f-path\"\n{ok}\narrows = [[\"0304\", \"0306\"]]")),
        figure(&format!("id = \"f-key\"\n{ok}\ncolour = \"red\"")),
        figure(&format!("id = \"f-syntax\"\n{ok}\nlabels = [{{ hex = \"0304\" text = \"x\" }}]")),
    ]
    .concat();
    let (run, _tmp) = check(&rules);
    run.exit(1);
    let at = |needle: &str, nth: usize| -> (usize, usize) {
        let offset = rules
            .match_indices(needle)
            .nth(nth)
            .unwrap_or_else(|| panic!("{needle} #{nth} in the rules"))
            .0;
        support::line_col(&rules, offset)
    };
    for (id, needle, nth) in [
        ("dangling-figure-ref", "[](figure:nowhere)", 0),
        ("duplicate-figure", "\"good\"", 1),
        ("dangling-reference", "\"atlas\"", 0),
        ("cell-outside-map", "1311", 0),
        ("dangling-reference", "\"delta\"", 0),
        ("dangling-reference", "\"Green\"", 0),
        ("figure-no-counter", "\"charlie\"", 0),
        ("figure-outside-excerpt", "\"0909\"", 0),
        ("not-neighbours", "\"0306\"", 0),
        ("unknown-field", "colour", 0),
        ("toml-syntax", "text = \"x\"", 0),
    ] {
        let (line, column) = at(needle, nth);
        run.expect("error", id, "rules.md", line, column);
    }
    run.only_ids(&[
        "dangling-figure-ref",
        "duplicate-figure",
        "dangling-reference",
        "cell-outside-map",
        "figure-no-counter",
        "figure-outside-excerpt",
        "not-neighbours",
        "unknown-field",
        "toml-syntax",
    ]);
}

/// A label wider than its figure is an error at the label, in `check` and
/// in `build` alike (which then writes nothing): never text cut off at
/// the frame.
#[test]
fn a_label_wider_than_its_figure_is_located_not_clipped() {
    let long = "Maloarkhangelsk ".repeat(300);
    let rules = format!(
        "# Rules\n\n{}",
        figure(&format!(
            "id = \"wide\"\nmap = \"main\"\nhexes = \"0203..0607\"\ncaption = \"C.\"\nlabels = [{{ hex = \"0304\", text = \"{}\" }}]",
            long.trim_end()
        ))
    );
    let offset = rules.find("\"Maloarkhangelsk").expect("label");
    let (line, column) = support::line_col(&rules, offset);
    let (run, _tmp) = check(&rules);
    run.exit(1);
    run.expect("error", "figure-label-overflow", "rules.md", line, column);
    run.only_ids(&["figure-label-overflow"]);

    let tmp = tempfile::tempdir().expect("temp");
    let game = write_game(tmp.path(), &rules);
    let out = tmp.path().join("out");
    let built = support::grogpress(&[
        "build",
        game.to_str().expect("path"),
        "--out",
        out.to_str().expect("path"),
        "--format",
        "json",
    ]);
    built.exit(1);
    built.expect("error", "figure-label-overflow", "rules.md", line, column);
    assert!(
        !out.join("figure-test")
            .join("figure-test-rules.pdf")
            .exists(),
        "no rulebook is written with a figure that cannot be drawn"
    );
}
