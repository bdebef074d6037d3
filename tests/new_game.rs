//! `grogpress new`: the starter game and a copy of a shipped game, created in a
//! temp dir outside the repository, pass `check` and publish with `build`.

mod support;

use std::path::Path;

use support::tools::tool;

use support::raw::{dump as text, grogpress, grogpress_in};

fn pdftotext(pdf: &Path) -> String {
    tool("pdftotext", &[pdf.to_str().expect("utf-8 path"), "-"])
}

#[test]
fn starter_game_checks_and_builds() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = tmp.path().join("my-first-game");
    let game_s = game.to_str().expect("utf-8 temp path");
    let out_s = tmp.path().join("out");
    let out_s = out_s.to_str().expect("utf-8 temp path");

    let made = grogpress(&["new", game_s]);
    assert_eq!(made.status.code(), Some(0), "{}", text(&made));
    for f in [
        "game.toml",
        "action-cards.toml",
        "player-aid.toml",
        "rules/rules.md",
    ] {
        assert!(game.join(f).is_file(), "{f} missing");
    }
    let game_toml = std::fs::read_to_string(game.join("game.toml")).expect("read game.toml");
    assert!(
        game_toml.contains("name = \"My First Game\""),
        "{game_toml}"
    );

    let check = grogpress(&["check", game_s, "--format", "json"]);
    assert_eq!(check.status.code(), Some(0), "{}", text(&check));
    assert!(
        check.stdout.is_empty(),
        "no diagnostics expected: {}",
        text(&check)
    );

    let build = grogpress(&["build", game_s, "--out", out_s]);
    assert_eq!(build.status.code(), Some(0), "{}", text(&build));
    let labels = pdftotext(&tmp.path().join("out/my-first-game/action-labels.pdf"));
    assert_eq!(labels.matches("Dug In").count(), 2, "{labels}");
    assert!(
        labels.contains("Red") && labels.contains("Blue"),
        "{labels}"
    );
    let aid = pdftotext(&tmp.path().join("out/my-first-game/player-aid.pdf"));
    assert!(aid.contains("Forces: 4 Inf, 2 Tank"), "{aid}");
    // The dice table: on the chart set, and in the HTML rules where the
    // rules page's shortcode puts it, every row with its roll and results.
    let chart = pdftotext(&tmp.path().join("out/my-first-game/charts.pdf"));
    let html = std::fs::read_to_string(tmp.path().join("out/my-first-game/html/rules.html"))
        .expect("read rules.html");
    assert!(html.contains("id=\"table-combat\""), "{html}");
    for shown in [&chart, &html] {
        for text in [
            "Combat Table (One Die)",
            "2 or less",
            "3-4",
            "5-6",
            "7 or more",
            "A1",
            "D1",
            "D2",
            "The attacker loses # units.",
        ] {
            assert!(shown.contains(text), "{text} missing from\n{shown}");
        }
    }

    // A second `new` into the same folder refuses rather than overwrite.
    let again = grogpress(&["new", game_s]);
    assert_eq!(again.status.code(), Some(2), "{}", text(&again));
}

#[test]
fn from_a_shipped_game_copies_it() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = tmp.path().join("my-grid");
    let game_s = game.to_str().expect("utf-8 temp path");
    let made = grogpress(&["new", game_s, "--from", "battlegrid"]);
    assert_eq!(made.status.code(), Some(0), "{}", text(&made));
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/battlegrid");
    for f in [
        "game.toml",
        "action-cards.toml",
        "player-aid.toml",
        "rules/action-cards.md",
    ] {
        let a = std::fs::read_to_string(shipped.join(f)).expect("read shipped");
        let b = std::fs::read_to_string(game.join(f)).expect("read copy");
        // Data files gain a `#:schema` line naming the copy's schemas/.
        let b = match f.ends_with(".toml") {
            true => {
                let (directive, rest) = b.split_once('\n').expect("a first line");
                assert!(
                    directive.starts_with("#:schema ./schemas/"),
                    "{f}: {directive}"
                );
                rest.to_string()
            }
            false => b,
        };
        assert_eq!(a, b, "{f} differs");
    }
    let out_s = tmp.path().join("out");
    let build = grogpress(&["build", game_s, "--out", out_s.to_str().expect("utf-8")]);
    assert_eq!(build.status.code(), Some(0), "{}", text(&build));
    let labels = pdftotext(&tmp.path().join("out/my-grid/action-labels.pdf"));
    assert!(labels.contains("Bad Coordinates"), "{labels}");

    let unknown = grogpress(&[
        "new",
        tmp.path().join("x").to_str().expect("utf-8"),
        "--from",
        "nosuchgame",
    ]);
    assert_eq!(unknown.status.code(), Some(2), "{}", text(&unknown));
}

/// The starter's dice table is checked: a roll no row answers is a located
/// `table-gap` at the row after the gap, and `build` then publishes nothing new.
#[test]
fn starter_dice_table_is_checked() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = tmp.path().join("g");
    let game_s = game.to_str().expect("utf-8 temp path");
    let made = grogpress(&["new", game_s]);
    assert_eq!(made.status.code(), Some(0), "{}", text(&made));
    let chart = game.join("charts/combat.toml");
    let table = std::fs::read_to_string(&chart).expect("read chart");
    assert!(table.contains("{ roll = \"3-4\""), "{table}");
    // Roll 4 is left without a row.
    let gap = table.replacen("{ roll = \"3-4\"", "{ roll = \"3\"", 1);
    std::fs::write(&chart, &gap).expect("write chart");
    let check = grogpress(&["check", game_s, "--format", "json"]);
    assert_eq!(check.status.code(), Some(1), "{}", text(&check));
    let at = gap.find("\"5-6\"").expect("the next row");
    let line = gap[..at].matches('\n').count() + 1;
    let column = at - gap[..at].rfind('\n').map_or(0, |n| n + 1) + 1;
    let stdout = String::from_utf8_lossy(&check.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 1, "{}", text(&check));
    for part in [
        "\"id\":\"table-gap\"".to_string(),
        "no row for roll 4".to_string(),
        format!("\"line\":{line},\"column\":{column},"),
        "charts/combat.toml\"".to_string(),
    ] {
        assert!(lines[0].contains(&part), "{part} not in {}", lines[0]);
    }
}

/// From a folder with no data/ (as an installed grogpress is run), the
/// shipped games built into the binary are copied.
#[test]
fn from_a_built_in_game_outside_the_repository() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let run = |args: &[&str]| grogpress_in(tmp.path(), args);
    let made = run(&["new", "mine", "--from", "grid-battles"]);
    assert_eq!(made.status.code(), Some(0), "{}", text(&made));
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/grid-battles");
    let a = std::fs::read_to_string(shipped.join("dice.toml")).expect("read shipped");
    let b = std::fs::read_to_string(tmp.path().join("mine/dice.toml")).expect("read copy");
    assert_eq!(
        b,
        format!("#:schema ./schemas/collection.schema.json\n{a}"),
        "dice.toml"
    );
    let build = run(&["build", "mine"]);
    assert_eq!(build.status.code(), Some(0), "{}", text(&build));
    let counters = pdftotext(&tmp.path().join("out/mine/counters.pdf"));
    assert!(counters.contains("Archer"), "{counters}");
    let unknown = run(&["new", "x", "--from", "nosuchgame"]);
    assert_eq!(unknown.status.code(), Some(2), "{}", text(&unknown));
}

/// An aid's `title` heads each copy on the page (bold, above the first
/// block), unless `print_title = false`.
#[test]
fn the_aid_title_is_printed_on_the_aid() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let made = grogpress_in(tmp.path(), &["new", "g"]);
    assert_eq!(made.status.code(), Some(0), "{}", text(&made));
    let aids = |tmp: &Path| {
        let out = grogpress_in(tmp, &["aids", "g", "--out", "out"]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out));
        pdftotext(&tmp.join("out/g/player-aid.pdf"))
    };
    let shown = aids(tmp.path());
    assert_eq!(shown.matches("Player Aid").count(), 2, "{shown}");
    let boxes = support::tools::word_boxes(&tmp.path().join("out/g/player-aid.pdf"));
    let words = &boxes[0].1;
    let title_bottom = words
        .iter()
        .filter(|(w, _)| w == "Aid")
        .map(|(_, e)| e[3])
        .fold(f64::MIN, f64::max);
    let body_top = words
        .iter()
        .filter(|(w, _)| w != "Player" && w != "Aid")
        .map(|(_, e)| e[1])
        .fold(f64::MAX, f64::min);
    assert!(title_bottom < body_top, "the title heads the aid");

    let aid = tmp.path().join("g/player-aid.toml");
    let src = std::fs::read_to_string(&aid).expect("read");
    let src = src.replacen("title = ", "print_title = false\ntitle = ", 1);
    std::fs::write(&aid, src).expect("write");
    assert!(!aids(tmp.path()).contains("Player Aid"));
}

/// `:sword:` names an icon in every text that is drawn, not only the rules:
/// a card's effect on the label sheet, an aid paragraph and a chart note
/// print the icon (a filled outline where the words were) and never the
/// literal `:sword:`; colons around no name (12:30) stay text.
#[test]
fn inline_icons_in_card_aid_and_chart_text() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let made = grogpress_in(tmp.path(), &["new", "g"]);
    assert_eq!(made.status.code(), Some(0), "{}", text(&made));
    let edit = |file: &str, from: &str, to: &str| {
        let path = tmp.path().join("g").join(file);
        let src = std::fs::read_to_string(&path).expect("read");
        assert!(src.contains(from), "{file}: {from}");
        std::fs::write(&path, src.replace(from, to)).expect("write");
    };
    // Both mirrored cards, so they stay the same but for their owner.
    edit(
        "action-cards.toml",
        "Ignore the first hit",
        "Ignore the first :sword: hit",
    );
    edit(
        "player-aid.toml",
        "each turn you get",
        "each :shield: turn you get",
    );
    edit(
        "charts/combat.toml",
        "**+1** if a card helps",
        "**+1** :burst: if a card helps 12:30",
    );
    let built = grogpress_in(tmp.path(), &["build", "g", "--out", "out"]);
    assert_eq!(built.status.code(), Some(0), "{}", text(&built));
    for (pdf, before, after) in [
        ("action-labels.pdf", "first", "hit"),
        ("player-aid.pdf", "each", "turn"),
        ("charts.pdf", "card", "helps"),
    ] {
        let path = tmp.path().join("out/g").join(pdf);
        let words = pdftotext(&path);
        for name in [":sword:", ":shield:", ":burst:"] {
            assert!(!words.contains(name), "{pdf} prints {name}:\n{words}");
        }
        let squashed = words.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            squashed.contains(&format!("{before} {after}")),
            "{pdf}: {squashed}"
        );
        // The icon is drawn: the page paints more filled paths than the
        // same build without it would (pdftocairo's SVG shows each as a path).
        let svg = tool(
            "pdftocairo",
            &[
                "-svg",
                "-f",
                "1",
                "-l",
                "1",
                path.to_str().expect("path"),
                "-",
            ],
        );
        assert!(
            svg.contains("fill-rule:nonzero;fill:rgb(0%,0%,0%)"),
            "{pdf}: no filled icon"
        );
    }
    let chart = pdftotext(&tmp.path().join("out/g/charts.pdf"));
    assert!(
        chart.contains("12:30"),
        "colons that name no icon stay text (an unknown name is unknown-icon, tests/game_icons.rs):\n{chart}"
    );
    // The HTML reference draws it too: the chart's note holds the icon's SVG.
    let html = std::fs::read_to_string(tmp.path().join("out/g/html/rules.html")).expect("html");
    assert!(
        html.contains("class=\"icon icon-burst\""),
        "no burst icon in the HTML"
    );
    assert!(!html.contains(":burst:"), "the HTML prints :burst:");
}

/// `[[forces]]` may name a side: the aid's forces block then prints a line
/// per side ("Red: 4 Inf, 1 Tank"), or one side's with `side`; a side the
/// game does not have is a located `dangling-reference`.
#[test]
fn forces_by_side() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let made = grogpress_in(tmp.path(), &["new", "g"]);
    assert_eq!(made.status.code(), Some(0), "{}", text(&made));
    let game = tmp.path().join("g");
    let toml = std::fs::read_to_string(game.join("game.toml")).expect("game.toml");
    let forces =
        "[[forces]]\nunit = \"Inf\"\ncount = 4\n\n[[forces]]\nunit = \"Tank\"\ncount = 2\n";
    assert!(toml.contains(forces), "the starter's forces");
    let sided = "[[forces]]\nunit = \"Inf\"\ncount = 4\nside = \"Red\"\n\n[[forces]]\nunit = \"Tank\"\ncount = 1\nside = \"red\"\n\n[[forces]]\nunit = \"Jeep\"\ncount = 3\nside = \"Blue\"\n";
    std::fs::write(game.join("game.toml"), toml.replace(forces, sided)).expect("write");
    let aid = game.join("player-aid.toml");
    let aid_text = std::fs::read_to_string(&aid).expect("aid");
    let with_blue = aid_text.replacen(
        "[[blocks]]\nkind = \"forces\"\n",
        "[[blocks]]\nkind = \"forces\"\n\n[[blocks]]\nkind = \"forces\"\nside = \"Blue\"\n",
        1,
    );
    std::fs::write(&aid, &with_blue).expect("write aid");
    let built = grogpress_in(tmp.path(), &["build", "g", "--out", "out"]);
    assert_eq!(built.status.code(), Some(0), "{}", text(&built));
    let words = pdftotext(&tmp.path().join("out/g/player-aid.pdf"));
    let squashed = words.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(squashed.contains("Red: 4 Inf, 1 Tank"), "{squashed}");
    assert!(squashed.contains("Blue: 3 Jeep"), "{squashed}");
    assert!(squashed.contains("Forces: 3 Jeep"), "{squashed}");
    assert!(!squashed.contains("Forces: 4 Inf"), "{squashed}");

    std::fs::write(
        &aid,
        with_blue.replace("side = \"Blue\"", "side = \"Green\""),
    )
    .expect("write");
    let checked = grogpress_in(tmp.path(), &["check", "g", "--format", "json"]);
    assert_eq!(checked.status.code(), Some(1), "{}", text(&checked));
    let diags = support::raw::diags(&checked);
    let at = with_blue.find("side = \"Blue\"").expect("side") + "side = ".len();
    let (line, col) = support::line_col(&with_blue, at);
    assert!(
        diags.iter().any(|d| d.id == "dangling-reference"
            && d.file.ends_with("g/player-aid.toml")
            && (d.line, d.column) == (line, col)),
        "{diags:?}"
    );
}
