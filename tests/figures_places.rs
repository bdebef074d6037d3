//! Rule illustrations of maps of places (```` ```figure ```` blocks naming a
//! point-to-point or an area map), on the places game of tests/support
//! with counters added: each counter stands at its place's position in the
//! rulebook PDF (read from its content streams, each counter's edge a
//! stroked square), the HTML's inline SVG holds the figure, and every
//! fault (a place the map lacks, an arrow's step between places not
//! joined, a label wider than the figure) is a located error.

mod support;

use std::fs;
use std::path::{Path, PathBuf};

use support::figure_game::{counters_toml, stroked_rects, troops_toml};
use support::places_game::{TOWNS, middle, province_outline, space_at};

/// A counter prints 54 pt square (the default); in a figure at most 0.8 of
/// a space (43.2 pt).
const COUNTER: f64 = 54.0;
const MOST_OF_SPACE: f64 = 0.8;
/// Each counter stacked on another: 12% of its side right and up.
const STACK_STEP: f64 = 0.12;

/// The front's figure: a stack of two on Gap, one each on Brest and
/// Havre, an arrow along Brest - Gap - Havre (a road, then a rail).
fn front_figure() -> String {
    "```figure\nid = \"front\"\nmap = \"front\"\nplaces = [\"calais\"]\ncaption = \"The Blue corps moves by road and rail.\"\n\
counters = [\n  { unit = \"alpha\", side = \"Blue\", place = \"brest\" },\n  { unit = \"alpha\", side = \"Blue\", place = \"Gap\" },\n  \
{ unit = \"bravo\", side = \"Blue\", place = \"gap\" },\n  { unit = \"charlie\", side = \"Red\", place = \"havre\" },\n]\n\
arrows = [[\"brest\", \"gap\", \"havre\"]]\nhighlight = [\"havre\"]\nlabels = [{ place = \"havre\", text = \"Attack\" }]\n```\n\n"
        .to_string()
}

/// The provinces' figure: a counter on Bree moving to Gondor by the
/// shared borders Bree - Fornost (below) - Gondor, and one on Khand.
fn provinces_figure() -> String {
    "```figure\nid = \"areas\"\nmap = \"provinces\"\nplaces = [\"avalon\"]\ncaption = \"An army crosses two borders.\"\n\
counters = [{ unit = \"bravo\", side = \"Blue\", place = \"bree\" }, { unit = \"charlie\", side = \"Red\", place = \"Khand\" }]\n\
arrows = [[\"bree\", \"fornost\", \"gondor\"]]\nhighlight = [\"gondor\"]\nlabels = [{ place = \"gondor\", text = \"Goal\" }]\n```\n\n"
        .to_string()
}

fn rules(figures: &str) -> String {
    format!(
        "# Rules\n\n## Movement\n\nUnits move along connections ([](figure:front)).\n\n{figures}The end.\n"
    )
}

fn write_game(dir: &Path, rules: &str) -> PathBuf {
    let game = support::places_game::write(dir);
    // `rules` goes at the top of game.toml, before the first table.
    let toml = format!(
        "rules = [\"rules/rules.md\"]\n{}\n{}",
        support::places_game::GAME_TOML,
        counters_toml(["a", "a", "d", "d"])
    );
    fs::write(game.join("game.toml"), toml).expect("write");
    fs::write(game.join("troops.toml"), troops_toml(&["a", "d"])).expect("write");
    fs::create_dir_all(game.join("rules")).expect("dir");
    fs::write(game.join("rules/rules.md"), rules).expect("write");
    game
}

/// The counters' centres expected, bottom of each stack first, on the
/// map (y down): each stack centred on its place.
fn expected(stacks: &[((f64, f64), usize)], side: f64) -> Vec<(f64, f64)> {
    let mut out = Vec::new();
    for &((cx, cy), n) in stacks {
        for i in 0..n {
            let off = (i as f64 - (n as f64 - 1.0) / 2.0) * side * STACK_STEP;
            out.push((cx + off, cy - off));
        }
    }
    out
}

/// The counters of one figure (squares `side * k` across inside a frame of
/// `w / h` proportions) against the places they stand on: the scale and
/// offset read from two counters on places apart in x and y, every
/// counter then within 0.5 pt of where its place puts it.
fn check_counters(pages: &[Vec<[f64; 4]>], stacks: &[((f64, f64), usize)], side: f64) {
    let want = expected(stacks, side);
    // The figure's page: the one whose counters' squares match in number.
    let mut found = None;
    for rects in pages {
        let frames: Vec<&[f64; 4]> = rects.iter().filter(|r| r[2] > 100.0).collect();
        for frame in frames {
            let k = {
                // Counters are `side * k` for the figure's scale k <= 1:
                // find the squares inside the frame.
                let inside: Vec<[f64; 4]> = rects
                    .iter()
                    .filter(|r| (r[2] - r[3]).abs() < 0.01 && r[2] > 5.0 && r[2] < 100.0)
                    .filter(|r| {
                        r[0] >= frame[0] - r[2]
                            && r[0] <= frame[0] + frame[2]
                            && r[1] >= frame[1] - r[3]
                            && r[1] <= frame[1] + frame[3]
                    })
                    .copied()
                    .collect();
                let sized: Vec<[f64; 4]> = inside
                    .iter()
                    .filter(|r| (r[2] / side - inside[0][2] / side).abs() < 1e-4)
                    .copied()
                    .collect();
                if sized.len() == want.len() && !sized.is_empty() {
                    Some((sized[0][2] / side, sized))
                } else {
                    None
                }
            };
            if let Some(hit) = k {
                found = Some(hit);
            }
        }
    }
    let (k, squares) = found.unwrap_or_else(|| panic!("a figure of {} counters", want.len()));
    assert!(k > 0.25 && k <= 1.0 + 1e-6, "scale {k}");
    let centres: Vec<(f64, f64)> = squares
        .iter()
        .map(|r| (r[0] + r[2] / 2.0, r[1] + r[3] / 2.0))
        .collect();
    // The offset from the first counter: the page point of a map point is
    // (ox + k x, oy - k y).
    let (ox, oy) = (centres[0].0 - k * want[0].0, centres[0].1 + k * want[0].1);
    for w in &want {
        let p = (ox + k * w.0, oy - k * w.1);
        let near = centres
            .iter()
            .map(|c| (c.0 - p.0).hypot(c.1 - p.1))
            .fold(f64::MAX, f64::min);
        assert!(
            near <= 0.5,
            "a counter at {p:?} within 0.5 pt: nearest {near:.3} ({centres:?})"
        );
    }
}

#[test]
fn figure_counters_stand_on_their_places() {
    let tmp = tempfile::tempdir().expect("temp");
    let game = write_game(
        tmp.path(),
        &rules(&format!("{}{}", front_figure(), provinces_figure())),
    );
    let pdf = support::raw::build_rulebook(&game, &tmp.path().join("out"));
    let pages = stroked_rects(&pdf, tmp.path());
    let space = support::places_game::SPACE;
    let side = COUNTER.min(space * MOST_OF_SPACE);
    let town = |name: &str| space_at(TOWNS.iter().position(|t| *t == name).expect("town"));
    check_counters(
        &pages,
        &[(town("Brest"), 1), (town("Gap"), 2), (town("Havre"), 1)],
        side,
    );
    // On an area, counters stand just under its name (at the area's label
    // point, the middle of its outline): the name's box reaches 0.8 of the
    // type size below that point, then a 2 pt gap. The provinces' spaces
    // are 0.5 in (the default), their names a quarter of that.
    let side = COUNTER.min(36.0 * MOST_OF_SPACE);
    let under = |i: usize| {
        let (x, y) = middle(&province_outline(i));
        (x, y + 0.8 * 9.0 + 2.0 + side / 2.0)
    };
    check_counters(&pages, &[(under(1), 1), (under(10), 1)], side);

    // The HTML reference: the figure as inline SVG, the places' names in it.
    let out = tmp.path().join("site");
    let run = support::grogpress(&[
        "build",
        game.to_str().expect("path"),
        "--out",
        out.to_str().expect("path"),
    ]);
    run.exit(0);
    let html = fs::read_to_string(out.join("places/html/rules.html")).expect("rules page");
    for (id, names) in [
        ("front", &["Brest", "Gap", "Havre", "Calais", "Attack"][..]),
        (
            "areas",
            &["Bree", "Fornost", "Gondor", "Avalon", "Goal"][..],
        ),
    ] {
        let open = format!("<figure class=\"illustration\" id=\"figure-{id}\">");
        let figure = &html[html.find(&open).expect("figure")..];
        let figure = &figure[..figure.find("</figure>").expect("end")];
        assert!(figure.contains("<svg"), "{figure}");
        for name in names {
            assert!(
                figure.contains(&format!(">{name}</text>")),
                "{name}: {figure}"
            );
        }
    }
}

#[test]
fn every_fault_of_a_figure_of_places_is_located() {
    let rules = rules(
        &[
            "```figure\nid = \"f-place\"\nmap = \"front\"\nplaces = [\"atlantis\"]\ncaption = \"C.\"\n```\n\n",
            "```figure\nid = \"f-counter\"\nmap = \"front\"\ncaption = \"C.\"\ncounters = [{ unit = \"alpha\", side = \"Blue\", place = \"avalon\" }]\n```\n\n",
            "```figure\nid = \"f-road\"\nmap = \"front\"\ncaption = \"C.\"\narrows = [[\"amiens\", \"calais\"]]\n```\n\n",
            "```figure\nid = \"f-border\"\nmap = \"provinces\"\ncaption = \"C.\"\narrows = [[\"avalon\", \"fornost\"]]\n```\n\n",
            "```figure\nid = \"f-hexes\"\nmap = \"front\"\nhexes = \"0101..0202\"\ncaption = \"C.\"\nplaces = [\"amiens\"]\n```\n\n",
            "```figure\nid = \"f-empty\"\nmap = \"provinces\"\ncaption = \"C.\"\n```\n\n",
            "```figure\nid = \"front\"\nmap = \"front\"\ncaption = \"C.\"\nlabels = [{ place = \"amiens\", text = \"",
            &"Maloarkhangelsk ".repeat(60),
            "\" }]\n```\n\n",
        ]
        .concat(),
    );
    let tmp = tempfile::tempdir().expect("temp");
    let game = write_game(tmp.path(), &rules);
    let at = |needle: &str| -> (usize, usize) {
        let offset = rules
            .find(needle)
            .unwrap_or_else(|| panic!("{needle} in the rules"));
        support::line_col(&rules, offset)
    };
    let run = support::grogpress(&["check", game.to_str().expect("path"), "--format", "json"]);
    run.exit(1);
    for (id, needle) in [
        ("unknown-place", "\"atlantis\""),
        ("unknown-place", "\"avalon\" }"),
        ("not-neighbours", "\"calais\"]]"),
        ("not-neighbours", "\"fornost\"]]"),
        ("bad-value", "\"0101..0202\""),
        ("figure-label-overflow", "\"Maloarkhangelsk"),
    ] {
        let (line, column) = at(needle);
        run.expect("error", id, "rules.md", line, column);
    }
    let (line, column) = at("```figure\nid = \"f-empty\"");
    run.expect("error", "missing-field", "rules.md", line, column);
    run.only_ids(&[
        "unknown-place",
        "not-neighbours",
        "bad-value",
        "figure-label-overflow",
        "missing-field",
        // The places game's sea crossing, a warning of its own.
        "areas-not-adjacent",
    ]);
}
