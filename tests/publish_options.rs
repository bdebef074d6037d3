//! A game's `[publish.options]` set what the focused commands' flags set,
//! for `build` too (which takes no such flags): paper, duplex flip, card
//! sheet layout, counter size, rulebook paper and columns, label offsets;
//! a flag given on the command line wins; a bad value is located.

mod support;

use std::path::Path;

use support::tools::tool;
use support::{build_ok, grogpress, temp_game};

/// Page size in points of the first page, from pdfinfo.
fn page_size(pdf: &Path) -> (f64, f64) {
    let info = tool("pdfinfo", &[pdf.to_str().expect("UTF-8")]);
    let line = info
        .lines()
        .find(|l| l.starts_with("Page size:"))
        .unwrap_or_else(|| panic!("no page size in {info}"));
    let numbers: Vec<f64> = line
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    (numbers[0], numbers[1])
}

fn add_options(game: &Path, options: &str) {
    let path = game.join("game.toml");
    let mut text = std::fs::read_to_string(&path).expect("game.toml");
    text.push_str("\n[publish.options]\n");
    text.push_str(options);
    std::fs::write(&path, text).expect("write game.toml");
}

const A4: (f64, f64) = (595.0, 842.0);

fn about(a: (f64, f64), b: (f64, f64)) -> bool {
    (a.0 - b.0).abs() < 1.0 && (a.1 - b.1).abs() < 1.0
}

/// The widest line of text (pdftotext's layout boxes), as a share of the
/// page width; a contents line (one with a leader of dots, across the
/// page in any layout) does not count.
fn widest_line(pdf: &Path) -> f64 {
    let width = page_size(pdf).0;
    let layout = tool(
        "pdftotext",
        &["-bbox-layout", pdf.to_str().expect("UTF-8"), "-"],
    );
    let mut widest: f64 = 0.0;
    // A line's width and how many of its words are dots alone.
    let mut line: Option<(f64, usize)> = None;
    for l in layout.lines().map(str::trim_start) {
        if l.starts_with("<line") {
            line = Some((
                support::tools::attr(l, "xMax") - support::tools::attr(l, "xMin"),
                0,
            ));
        } else if l.starts_with("<word") {
            let text = l
                .split('>')
                .nth(1)
                .unwrap_or("")
                .split('<')
                .next()
                .unwrap_or("");
            if !text.is_empty()
                && text.chars().all(|c| c == '.')
                && let Some((_, dots)) = line.as_mut()
            {
                *dots += 1;
            }
        } else if l.starts_with("</line")
            && let Some((w, dots)) = line.take()
            && dots < 3
        {
            widest = widest.max(w);
        }
    }
    widest / width
}

#[test]
fn build_prints_cards_and_rulebook_as_the_game_asks() {
    let (tmp, game) = temp_game("battlefront");
    add_options(
        &game,
        "card_paper = \"a4\"\ncard_sheets = \"gutterfold\"\nrulebook_paper = \"a4\"\nrulebook_columns = 1\n",
    );
    let out = tmp.path().join("out");
    build_ok(&game, &out);
    let cards = out.join("battlefront/cards-gutterfold.pdf");
    assert!(cards.is_file(), "no gutterfold card sheets");
    assert!(!out.join("battlefront/cards.pdf").exists());
    assert!(about(page_size(&cards), A4), "{:?}", page_size(&cards));
    let rules = out.join("battlefront/battlefront-rules.pdf");
    assert!(about(page_size(&rules), A4), "{:?}", page_size(&rules));
    // One column: lines run the book's measure (30 ems, centred), wider
    // than a column of two (the shipped game's default), none of which is
    // wider than half the page.
    let (default_tmp, default_game) = temp_game("battlefront");
    let default_out = default_tmp.path().join("out");
    build_ok(&default_game, &default_out);
    let two = widest_line(&default_out.join("battlefront/battlefront-rules.pdf"));
    let one = widest_line(&rules);
    assert!(
        one > two + 0.03 && two < 0.5,
        "widest line: one column {one:.2}, two {two:.2}"
    );
    // A flag on the command line wins over the game's option.
    let run = grogpress(&[
        "cards",
        game.to_str().expect("UTF-8"),
        "--layout",
        "duplex",
        "--paper",
        "letter",
        "--out",
        out.to_str().expect("UTF-8"),
    ]);
    run.exit(0);
    let duplex = out.join("battlefront/cards.pdf");
    assert!(
        about(page_size(&duplex), (612.0, 792.0)),
        "{:?}",
        page_size(&duplex)
    );
}

#[test]
fn grid_battles_counters_take_the_games_size_and_flip() {
    let (tmp, game) = temp_game("grid-battles");
    let path = game.join("game.toml");
    let text = std::fs::read_to_string(&path).expect("game.toml");
    let out = tmp.path().join("out");
    build_ok(&game, &out);
    let long = std::fs::read(out.join("grid-battles/counters.pdf")).expect("counters");
    std::fs::write(
        &path,
        text + "\n[publish.options]\ncounter_size = \"1\"\nflip = \"short\"\n",
    )
    .expect("write game.toml");
    let run = build_ok(&game, &out);
    assert!(run.stderr.contains("1.000 in square"), "{}", run.dump());
    // The same counters at 3/4 in with a short-edge flip differ from the long one.
    std::fs::write(
        &path,
        std::fs::read_to_string(&path)
            .expect("game.toml")
            .replace("counter_size = \"1\"\n", ""),
    )
    .expect("write game.toml");
    build_ok(&game, &out);
    let short = std::fs::read(out.join("grid-battles/counters.pdf")).expect("counters");
    assert_ne!(long, short, "flip = \"short\" changed nothing");
}

#[test]
fn a_bad_option_value_is_located() {
    let (tmp, game) = temp_game("battlefront");
    add_options(
        &game,
        "rulebook_columns = 3\ncounter_size = \"9\"\nflip = \"sideways\"\npaper = \"A3\"\nrulebook_paper = \"A4\"\n",
    );
    let run = grogpress(&["check", game.to_str().expect("UTF-8"), "--format", "json"]);
    run.exit(1);
    let lines = std::fs::read_to_string(game.join("game.toml")).expect("game.toml");
    let line_of = |key: &str| {
        lines
            .lines()
            .position(|l| l.starts_with(key))
            .map(|n| n + 1)
            .unwrap_or_else(|| panic!("no {key}"))
    };
    let columns = run.with_id("out-of-range");
    assert_eq!(columns.len(), 1, "{}", run.dump());
    assert_eq!(columns[0].line, line_of("rulebook_columns"));
    let bad: Vec<usize> = run.with_id("bad-value").iter().map(|d| d.line).collect();
    assert!(bad.contains(&line_of("counter_size")), "{}", run.dump());
    assert!(bad.contains(&line_of("flip")), "{}", run.dump());
    // A paper is named in any case; one of another size is told the sizes.
    assert!(bad.contains(&line_of("paper")), "{}", run.dump());
    assert!(!bad.contains(&line_of("rulebook_paper")), "{}", run.dump());
    let paper = run.with_id("bad-value");
    let paper = paper
        .iter()
        .find(|d| d.line == line_of("paper"))
        .expect("the paper's diagnostic");
    assert_eq!(paper.hint.as_deref(), Some("use one of: letter, a4"));
    let flip = run.with_id("bad-value");
    let flip = flip
        .iter()
        .find(|d| d.line == line_of("flip"))
        .expect("the flip's diagnostic");
    assert_eq!(flip.hint.as_deref(), Some("use one of: long, short"));
    drop(tmp);
}
