//! What a reader sees on the rulebook's pages (issue "Rulebooks to the
//! standard of a LaTeX or typst book"), read back from real PDFs with
//! `pdftotext`: the title page's subtitle, a heading not repeated by the
//! table under it, empty cells left empty, a short contents sharing its
//! page with the rules, and callout boxes holding their text.

mod support;

use std::fs;
use std::path::{Path, PathBuf};

use support::raw::{build_rulebook, dump, grogpress};
use support::tools::{BoxedWord, tool, word_boxes};

/// The text of page `page` (1-based).
fn page_text(pdf: &Path, page: usize) -> String {
    let n = page.to_string();
    tool(
        "pdftotext",
        &["-f", &n, "-l", &n, pdf.to_str().expect("path"), "-"],
    )
}

/// A shipped game copied, with `edit` applied to its game.toml and rules.
fn game_with(
    game: &str,
    edit_toml: impl Fn(&str) -> String,
    edit_md: impl Fn(&str) -> String,
) -> (tempfile::TempDir, PathBuf) {
    let (tmp, dir) = support::temp_game(game);
    let toml = dir.join("game.toml");
    let text = fs::read_to_string(&toml).expect("game.toml");
    fs::write(&toml, edit_toml(&text)).expect("write game.toml");
    let md = dir.join(format!("rules/{game}.md"));
    let text = fs::read_to_string(&md).expect("rules");
    fs::write(&md, edit_md(&text)).expect("write rules");
    (tmp, dir)
}

/// The words of a page's text block (below the running head, above the folio).
fn body_words(page: &((f64, f64), Vec<BoxedWord>)) -> Vec<&BoxedWord> {
    let ((_, height), words) = page;
    words
        .iter()
        .filter(|(_, b)| b[1] > 50.0 && b[3] < height - 40.0)
        .collect()
}

#[test]
fn the_title_page_shows_the_subtitle_or_rules_of_play() {
    let (tmp, game) = game_with(
        "grid-battles",
        |t| {
            t.replacen(
                "name = \"Grid Battles\"\n",
                "name = \"Grid Battles\"\nsubtitle = \"Standard Rules, Second Edition\"\n",
                1,
            )
        },
        str::to_string,
    );
    let pdf = build_rulebook(&game, &tmp.path().join("out"));
    let first = page_text(&pdf, 1);
    assert!(first.contains("Grid Battles"), "{first}");
    assert!(first.contains("Standard Rules, Second Edition"), "{first}");

    let (tmp, game) = game_with("grid-battles", str::to_string, str::to_string);
    let pdf = build_rulebook(&game, &tmp.path().join("out"));
    let first = page_text(&pdf, 1);
    assert!(first.contains("Rules of Play"), "{first}");
}

/// Grid Battles' "### Units table" stands right above `{{ collection("units") }}`, the
/// collection "Units": the title is set once, as the heading, and the table's
/// header follows it.
#[test]
fn a_heading_right_above_its_table_is_not_repeated_in_a_title_bar() {
    let (tmp, game) = game_with("grid-battles", str::to_string, str::to_string);
    let pdf = build_rulebook(&game, &tmp.path().join("out"));
    let pages = word_boxes(&pdf);
    // The last one: the contents lists it first.
    let (page, heading) = pages
        .iter()
        .enumerate()
        .rev()
        .find_map(|(n, p)| {
            let words = body_words(p);
            words.windows(2).rev().find_map(|w| {
                (w[0].0 == "Units" && w[1].0 == "table" && (w[0].1[1] - w[1].1[1]).abs() < 1.0)
                    .then_some((n, w[0].1))
            })
        })
        .expect("the heading \"Units table\"");
    let words = body_words(&pages[page]);
    let column = |b: &[f64; 4]| b[0] >= heading[0] - 1.0;
    // The first line below the heading is the table's header.
    let below: Vec<&&BoxedWord> = words
        .iter()
        .filter(|(_, b)| b[1] > heading[3] && column(b))
        .collect();
    let top = below.iter().map(|(_, b)| b[1]).fold(f64::MAX, f64::min);
    let line: Vec<&str> = below
        .iter()
        .filter(|(_, b)| b[1] < top + 3.0)
        .map(|(w, _)| w.as_str())
        .collect();
    assert!(
        line.contains(&"Name") && line.contains(&"Health") && !line.contains(&"Units"),
        "{line:?}"
    );
    // And the table's rows are all there.
    let text: Vec<&str> = words.iter().map(|(w, _)| w.as_str()).collect();
    for unit in ["Archer", "Pikeman", "Knight"] {
        assert!(text.contains(&unit), "{unit} in {text:?}");
    }
    // With prose between heading and table, the title bar stays: one
    // "Units" more.
    let units = |pages: &[((f64, f64), Vec<BoxedWord>)]| {
        pages
            .iter()
            .flat_map(body_words)
            .filter(|(w, _)| w == "Units")
            .count()
    };
    let (tmp, other) = game_with("grid-battles", str::to_string, |md| {
        md.replacen("### Units table\n", "### Units table\n\nThe units.\n", 1)
    });
    let more = word_boxes(&build_rulebook(&other, &tmp.path().join("out")));
    assert_eq!(units(&more), units(&pages) + 1);
}

/// The words of each line of a page's text block that holds `word`.
fn lines_with<'a>(pages: &'a [((f64, f64), Vec<BoxedWord>)], word: &str) -> Vec<Vec<&'a str>> {
    let mut out = Vec::new();
    for page in pages {
        let words = body_words(page);
        for (w, b) in &words {
            if w == word {
                let mut line: Vec<&&BoxedWord> = words
                    .iter()
                    .filter(|(_, o)| (o[1] + o[3] - b[1] - b[3]).abs() < 3.0)
                    .collect();
                line.sort_by(|a, b| a.1[0].total_cmp(&b.1[0]));
                out.push(line.iter().map(|(w, _)| w.as_str()).collect());
            }
        }
    }
    out
}

/// A cell with no value is empty, in the PDF and the HTML, its neighbours in
/// place; a "-" the data writes is printed.
#[test]
fn an_empty_cell_is_empty_and_a_written_dash_stays() {
    let (tmp, game) = game_with("grid-battles", str::to_string, |md| {
        format!("{md}\n## Terrain\n\nThe terrain types.\n\n{{{{ collection(\"terrain\") }}}}\n")
    });
    let terrain = game.join("terrain.toml");
    let text = fs::read_to_string(&terrain).expect("terrain");
    let text = text
        .replacen("kind = \"text\"\n", "kind = \"text\"\noptional = true\n", 1)
        .replacen("colour = \"dark green\"\n", "", 1)
        .replacen("colour = \"brown\"\n", "colour = \"-\"\n", 1);
    fs::write(&terrain, text).expect("write terrain");
    let out = tmp.path().join("out");
    let pages = word_boxes(&build_rulebook(&game, &out));
    // Pikeman has no range: the cell between "Melee" and its movement is empty.
    let pikeman = lines_with(&pages, "Pikeman");
    assert!(
        pikeman.contains(&vec![
            "Pikeman", "Infantry", "Melee", "2", "4", "Blue", "Grey"
        ]),
        "{pikeman:?}"
    );
    let woods: Vec<Vec<&str>> = lines_with(&pages, "Woods")
        .into_iter()
        .filter(|l| l.len() == 3)
        .collect();
    assert_eq!(woods, [vec!["Woods", "1", "yes"]]);
    let hill = lines_with(&pages, "Hill");
    assert!(hill.contains(&vec!["Hill", "-", "1", "yes"]), "{hill:?}");
    // The HTML reference alike.
    let run = grogpress(&[
        "rules",
        game.to_str().expect("path"),
        "--out",
        out.to_str().expect("path"),
    ]);
    assert!(run.status.success(), "{}", dump(&run));
    let html = fs::read_to_string(out.join("grid-battles/html/grid-battles.html")).expect("html");
    let row = |name: &str| {
        let at = html
            .find(&format!("<th scope=\"row\">{name}</th>"))
            .unwrap_or_else(|| panic!("{name} row"));
        let end = html[at..].find("</tr>").expect("row end") + at;
        html[at..end].to_string()
    };
    assert!(
        row("Pikeman").contains("<td>Melee</td><td></td><td>2</td>"),
        "{}",
        row("Pikeman")
    );
    assert!(
        row("Woods").contains("</th><td></td><td>1</td>"),
        "{}",
        row("Woods")
    );
    assert!(
        row("Hill").contains("</th><td>-</td><td>1</td>"),
        "{}",
        row("Hill")
    );
}

/// A page's text block as lines of words, top to bottom: (top, words).
fn lines(page: &((f64, f64), Vec<BoxedWord>)) -> Vec<(f64, Vec<&str>)> {
    let mut words = body_words(page);
    words.sort_by(|a, b| a.1[3].total_cmp(&b.1[3]).then(a.1[0].total_cmp(&b.1[0])));
    let mut out: Vec<(f64, f64, Vec<&BoxedWord>)> = Vec::new();
    for w in words {
        match out.last_mut() {
            Some((_, bottom, line)) if (w.1[3] - *bottom).abs() < 2.0 => line.push(w),
            _ => out.push((w.1[1], w.1[3], vec![w])),
        }
    }
    out.into_iter()
        .map(|(top, _, mut line)| {
            line.sort_by(|a, b| a.1[0].total_cmp(&b.1[0]));
            (top, line.into_iter().map(|(w, _)| w.as_str()).collect())
        })
        .collect()
}

/// Grid Battles' contents (16 headings and its glossary) and its list of tables (2) leave
/// most of their page: the list starts below the contents there, the rules
/// below the list, and the entries give the page of each heading and table.
#[test]
fn a_short_contents_shares_its_page_with_the_first_heading() {
    let (tmp, game) = game_with("grid-battles", str::to_string, str::to_string);
    let pdf = build_rulebook(&game, &tmp.path().join("out"));
    let pages = word_boxes(&pdf);
    let page = lines(&pages[1]);
    assert_eq!(page[0].1, ["Contents"], "{page:?}");
    let tables_title = page
        .iter()
        .find(|(_, words)| *words == ["Tables"])
        .map(|(top, _)| *top)
        .expect("the list of tables below the contents");
    // Entries: the heading, a leader of dots, the page number.
    let entries: Vec<(f64, String, usize)> = page
        .iter()
        .filter_map(|(top, words)| {
            let dots = words.iter().position(|w| w.chars().all(|c| c == '.'))?;
            let number = words.last()?.parse().ok()?;
            Some((*top, words[..dots].join(" "), number))
        })
        .collect();
    let contents = entries.iter().filter(|e| e.0 < tables_title).count();
    assert_eq!((contents, entries.len()), (17, 19), "{page:?}");
    assert_eq!((entries[0].1.as_str(), entries[0].2), ("Game Rules", 2));
    assert_eq!(
        (
            entries[16].1.as_str(),
            entries[17].1.as_str(),
            entries[18].1.as_str()
        ),
        ("Glossary", "Units table", "Attack Bonus Table")
    );
    let contents_bottom = entries.iter().map(|e| e.0).fold(0.0, f64::max);
    // The first heading right below the front matter, on its page.
    let below = page
        .iter()
        .find(|(top, line)| *top > contents_bottom + 1.0 && line.starts_with(&["Game", "Rules"]))
        .expect("the heading \"Game Rules\" below the contents");
    assert!(below.0 - contents_bottom < 60.0, "{below:?}");
    // Every entry's page number is the page its heading is on.
    for (_, heading, number) in &entries {
        let words: Vec<&str> = heading.split(' ').collect();
        let found = lines(&pages[number - 1]).iter().any(|(top, line)| {
            // (A line of column two may be level with the heading.)
            line.windows(words.len()).any(|w| w == words)
                && !line.contains(&".")
                && (*number != 2 || *top > contents_bottom)
        });
        assert!(found, "{heading} on page {number}");
    }
}

/// The shaded rectangles (a light grey fill) of each page, from
/// `pdftocairo -svg`: [x0, y0, x1, y1] in points from the top-left.
fn shaded_rects(pdf: &Path, dir: &Path) -> Vec<Vec<[f64; 4]>> {
    let pages = support::tools::page_count(pdf);
    (1..=pages)
        .map(|page| {
            let svg = dir.join(format!("page-{page}.svg"));
            let n = page.to_string();
            tool(
                "pdftocairo",
                &[
                    "-svg",
                    "-f",
                    &n,
                    "-l",
                    &n,
                    pdf.to_str().expect("path"),
                    svg.to_str().expect("path"),
                ],
            );
            let text = fs::read_to_string(&svg).expect("read svg");
            let mut rects = Vec::new();
            for element in text.split("<path").skip(1) {
                let element = &element[..element.find('>').unwrap_or(element.len())];
                let attr = |name: &str| {
                    let start = element.find(&format!(" {name}=\""))? + name.len() + 3;
                    let end = element[start..].find('"')? + start;
                    Some(&element[start..end])
                };
                let (Some(d), Some(style)) = (attr("d"), attr("style")) else {
                    continue;
                };
                let grey = style.split(';').find_map(|s| {
                    let v: Vec<f64> = s
                        .trim()
                        .strip_prefix("fill:rgb(")?
                        .strip_suffix(')')?
                        .split(',')
                        .filter_map(|c| c.trim().trim_end_matches('%').parse::<f64>().ok())
                        .collect();
                    (v.len() == 3 && v[0] == v[1] && v[1] == v[2]).then_some(v[0])
                });
                if grey.is_some_and(|g| (90.0..95.0).contains(&g)) {
                    rects.push(support::tools::svg_path_bounds(d, attr("transform")));
                }
            }
            rects
        })
        .collect()
}

const CALLOUTS: &str = "\n## Callouts\n\n::: example\nA Zyxknight (3 movement points) crosses two plain hexes: it pays 1 for each.\n\n- It may not move again this zyxturn.\n:::\n\nText between.\n\n::: designer\nLONGNOTE\n:::\n\n::: play-note\nCount the zyxdefense dice first.\n:::\n\nText after.\n";

/// Every word of a callout is drawn inside its shaded box, the label at its
/// top; a long one runs on into the next column in its box, every word set.
#[test]
fn callout_text_lies_inside_its_box() {
    let long: String = (0..600).map(|n| format!("qnote{n} ")).collect();
    let (tmp, game) = game_with("grid-battles", str::to_string, |md| {
        format!("{md}{}", CALLOUTS.replace("LONGNOTE", long.trim()))
    });
    let pdf = build_rulebook(&game, &tmp.path().join("out"));
    let slices = shaded_rects(&pdf, tmp.path());
    let pages = word_boxes(&pdf);
    // A box is shaded a line at a time, each slice drawn with its line,
    // after the lines above it: no slice may reach the letters of a line
    // above it, descenders included (the face's deepest, wherever the word
    // has one), or it paints over them.
    let mut checked = 0;
    for (page, (_, words)) in pages.iter().enumerate() {
        let prose = words
            .iter()
            .filter(|(_, b)| ((b[3] - b[1]) as f32 - support::prose_box_height(9.5)).abs() < 0.1);
        for (word, b) in prose {
            let ink = support::prose_ink_box(b);
            let baseline = support::prose_baseline(b);
            for r in &slices[page] {
                let across = ink[0] < r[2] && r[0] < ink[2];
                if across && baseline < r[1] && ink[3] > r[1] - 1.5 {
                    checked += 1;
                    assert!(
                        ink[3] <= r[1] + 0.05,
                        "the shade {r:?} on page {} covers the foot of {word} at {ink:?}",
                        page + 1
                    );
                }
            }
        }
    }
    // Lines set close above slices: every line of the long note but its
    // column's last.
    assert!(checked > 300, "{checked} letters checked over a shade");
    // The slices one below another in one column are one box.
    let shaded: Vec<Vec<[f64; 4]>> = slices
        .into_iter()
        .map(|mut slices| {
            slices.sort_by(|a, b| a[0].total_cmp(&b[0]).then(a[1].total_cmp(&b[1])));
            let mut boxes: Vec<[f64; 4]> = Vec::new();
            for r in slices {
                match boxes.last_mut() {
                    Some(b) if b[0] == r[0] && b[2] == r[2] && (r[1] - b[3]).abs() < 0.01 => {
                        b[3] = r[3];
                    }
                    _ => boxes.push(r),
                }
            }
            boxes
        })
        .collect();
    let inside = |page: usize, b_word: &[f64; 4]| {
        // Its letters, from the tallest's top to the deepest descender's
        // foot (the prose face boxes a word well above and below them).
        let b = support::prose_ink_box(b_word);
        shaded[page].iter().any(|r| {
            b[0] >= r[0] - 0.5 && b[2] <= r[2] + 0.5 && b[1] >= r[1] - 0.5 && b[3] <= r[3] + 0.5
        })
    };
    let mut found = std::collections::BTreeMap::new();
    for (page, (_, words)) in pages.iter().enumerate() {
        for (word, b) in words {
            if word.starts_with("qnote") || word.starts_with("Zyx") || word.starts_with("zyx") {
                assert!(
                    inside(page, b),
                    "{word} at {b:?} on page {} outside {:?}",
                    page + 1,
                    shaded[page]
                );
                *found.entry(word.clone()).or_insert(0) += 1;
            }
            // Each label at the top of its box.
            if ["Example", "Designer’s", "Play"].contains(&word.as_str()) && inside(page, b) {
                *found.entry(word.clone()).or_insert(0) += 1;
            }
            if word == "between." || word == "after." {
                assert!(!inside(page, b), "{word} is not in a box");
            }
        }
    }
    for n in 0..600 {
        assert_eq!(
            found.get(&format!("qnote{n}")),
            Some(&1),
            "qnote{n}: {found:?}"
        );
    }
    for label in [
        "Example",
        "Designer’s",
        "Play",
        "Zyxknight",
        "zyxturn.",
        "zyxdefense",
    ] {
        assert!(found.contains_key(label), "{label}: {found:?}");
    }
    // The long note's box runs over more than one column.
    let columns: std::collections::BTreeSet<(usize, bool)> = pages
        .iter()
        .enumerate()
        .flat_map(|(p, (_, words))| {
            words
                .iter()
                .filter(|(w, _)| w.starts_with("qnote"))
                .map(move |(_, b)| (p, b[0] > 306.0))
        })
        .collect();
    assert!(columns.len() >= 2, "{columns:?}");

    // The HTML reference: an aside of its kind, with its label.
    let out = tmp.path().join("out");
    let run = grogpress(&[
        "rules",
        game.to_str().expect("path"),
        "--out",
        out.to_str().expect("path"),
    ]);
    assert!(run.status.success(), "{}", dump(&run));
    let html = fs::read_to_string(out.join("grid-battles/html/grid-battles.html")).expect("html");
    for (kind, label) in [
        ("example", "Example"),
        ("designer", "Designer’s Note"),
        ("play-note", "Play Note"),
    ] {
        let open =
            format!("<aside class=\"callout {kind}\">\n<p class=\"callout-label\">{label}</p>");
        assert!(html.contains(&open), "{open} in the HTML");
    }
    assert!(html.contains("<li>It may not move again this zyxturn.</li>\n</ul>\n</aside>"));
    let css = fs::read_to_string(out.join("grid-battles/html/style.css")).expect("css");
    assert!(css.contains(".callout.designer"));
}

/// An unknown kind of callout is an `unknown-callout` error at its name; a
/// callout never closed, a `bad-callout` at its fence.
#[test]
fn an_unknown_callout_kind_is_a_located_error() {
    let (tmp, game) = game_with("grid-battles", str::to_string, |md| {
        format!("{md}\n::: sidebar\nA note.\n:::\n\n  ::: example\nNever closed.\n")
    });
    let md = fs::read_to_string(game.join("rules/grid-battles.md")).expect("rules");
    let line = |text: &str| {
        md.lines()
            .position(|l| l == text)
            .map(|n| n + 1)
            .expect("the line")
    };
    let run = support::grogpress(&["check", game.to_str().expect("path"), "--format", "json"]);
    assert_eq!(run.code, 1, "{}", run.dump());
    run.expect(
        "error",
        "unknown-callout",
        "rules/grid-battles.md",
        line("::: sidebar"),
        5,
    );
    run.expect(
        "error",
        "bad-callout",
        "rules/grid-battles.md",
        line("  ::: example"),
        3,
    );
    assert_eq!(run.with_id("unknown-callout").len(), 1, "{}", run.dump());
    drop(tmp);
}

/// Battlefront's deck as a gallery: scaled to two cards across a column it
/// takes fewer pages than at the size the cards print (`"full"`), with every
/// card in both; any other option is a `bad-shortcode` at it.
#[test]
fn a_deck_gallery_is_compact_unless_full_size_is_asked_for() {
    let pages_and_titles = |option: &str| {
        let (tmp, game) = game_with("battlefront", str::to_string, |md| {
            md.replace(
                "{{ deck(\"cards\") }}",
                &format!("{{{{ deck(\"cards\"{option}) }}}}"),
            )
        });
        let pdf = build_rulebook(&game, &tmp.path().join("out"));
        let text = tool("pdftotext", &[pdf.to_str().expect("path"), "-"]);
        (support::tools::page_count(&pdf), text)
    };
    let (compact, text) = pages_and_titles("");
    let (full, full_text) = pages_and_titles(", \"full\"");
    assert!(compact * 2 <= full, "{compact} pages, {full} at full size");
    for title in ["Armored Cars", "Reserve Units", "Mortars", "Anti-Tank Guns"] {
        assert!(text.contains(title) && full_text.contains(title), "{title}");
    }
    let (_tmp, game) = game_with("battlefront", str::to_string, |md| {
        md.replace("{{ deck(\"cards\") }}", "{{ deck(\"cards\", \"small\") }}")
    });
    let md = fs::read_to_string(game.join("rules/battlefront.md")).expect("rules");
    let (line, column) = md
        .lines()
        .enumerate()
        .find_map(|(n, l)| Some((n + 1, l.find("\"small\"")? + 1)))
        .expect("the shortcode");
    let run = support::grogpress(&["check", game.to_str().expect("path"), "--format", "json"]);
    assert_eq!(run.code, 1, "{}", run.dump());
    run.expect(
        "error",
        "bad-shortcode",
        "rules/battlefront.md",
        line,
        column,
    );
}
