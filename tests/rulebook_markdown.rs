//! The Markdown of a rules page that the rulebook PDF sets beyond
//! paragraphs, lists and tables, read back from a real PDF of a game written
//! here: a footnote's reference keeps its number, printed as a superscript,
//! and its text is set under the same number (numbered by the order the
//! labels are first met, as the HTML reference numbers them); a code block
//! keeps its lines. Nothing of the text is lost. In the HTML reference a
//! pipe table's column alignment is kept, by classes: the pages'
//! Content-Security-Policy applies no inline `style` attribute.

mod support;

use std::fs;

use support::editions::pdf_text;
use support::raw::build_rulebook_with;
use support::tools::word_boxes;

const RULES: &str = "# Rules

## Notes

Alpha sentence.[^b] Beta sentence.[^a]

[^a]: Note about alpha.
[^b]: Note about beta.

```
code one
code two
```

| Name | Mid | Count |
|:-----|:---:|------:|
| a | b | 1 |
";

/// The rulebook of a game whose rules are [`RULES`], built into `tmp`.
fn rulebook(tmp: &tempfile::TempDir) -> std::path::PathBuf {
    let dir = tmp.path().join("marks");
    fs::create_dir_all(dir.join("rules")).expect("game folder");
    fs::write(
        dir.join("game.toml"),
        "name = \"Marks\"\nrules = [\"rules/rules.md\"]\n",
    )
    .expect("game.toml");
    fs::write(dir.join("rules/rules.md"), RULES).expect("rules");
    build_rulebook_with(&dir, &tmp.path().join("out"), &[])
}

#[test]
fn footnotes_keep_their_numbers_in_reference_order() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let text = pdf_text(&rulebook(&tmp));
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    // `b` is referred to first: it is 1, `a` 2, wherever their texts stand.
    assert!(
        words.contains("Alpha sentence.\u{B9} Beta sentence.\u{B2}"),
        "references: {words}"
    );
    assert!(words.contains("\u{B2} Note about alpha."), "{words}");
    assert!(words.contains("\u{B9} Note about beta."), "{words}");
}

#[test]
fn a_code_block_keeps_its_lines() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let pages = word_boxes(&rulebook(&tmp));
    let top_of = |word: &str| {
        pages
            .iter()
            .flat_map(|(_, words)| words)
            .filter(|(w, _)| w == word)
            .map(|(_, b)| b[1])
            .collect::<Vec<_>>()
    };
    let (one, two) = (top_of("one"), top_of("two"));
    assert_eq!((one.len(), two.len()), (1, 1), "each line once");
    assert!(
        two[0] > one[0] + 5.0,
        "`code two` is set on a line under `code one`: tops {one:?} and {two:?}"
    );
}

#[test]
fn html_table_columns_keep_their_alignment_without_inline_styles() {
    let tmp = tempfile::tempdir().expect("temp dir");
    rulebook(&tmp);
    let out = tmp.path().join("out");
    support::build_ok(&tmp.path().join("marks"), &out);
    let pages = support::html_files(&out.join("marks/html"));
    assert!(!pages.is_empty(), "no HTML pages");
    for page in &pages {
        let html = fs::read_to_string(page).expect("page");
        assert!(
            !html.contains(" style=\""),
            "{} has an inline style the page's policy would not apply",
            page.display()
        );
    }
    let rules = fs::read_to_string(out.join("marks/html/rules.html")).expect("rules page");
    for cell in [
        "<th class=\"align-left\">Name</th>",
        "<th class=\"align-center\">Mid</th>",
        "<th class=\"align-right\">Count</th>",
        "<td class=\"align-center\">b</td>",
        "<td class=\"align-right\">1</td>",
    ] {
        assert!(rules.contains(cell), "no {cell} in the rules page");
    }
    let css = fs::read_to_string(out.join("marks/html/style.css")).expect("style sheet");
    assert!(
        css.contains("td.align-right { text-align: right; }"),
        "style sheet"
    );
}

#[test]
fn a_see_before_a_reference_that_prints_see_is_a_warning_at_the_link() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("refs");
    fs::create_dir_all(dir.join("rules")).expect("game folder");
    fs::write(
        dir.join("game.toml"),
        "name = \"Refs\"\nrules = [\"rules/rules.md\"]\n",
    )
    .expect("game.toml");
    let rules = "## Notes\n\nSee [](rule:notes) first.\n\n(see\n[](rule:notes))\n\n\
                 See [the notes](rule:notes). Also ([](rule:notes)). Oversee [](rule:notes).\n";
    fs::write(dir.join("rules/rules.md"), rules).expect("rules");
    let run = support::editions::check(&dir);
    assert_eq!(run.code, 0, "a warning only: {}", run.dump());
    let found: Vec<(usize, usize)> = run
        .with_id("see-twice")
        .iter()
        .map(|d| (d.line, d.column))
        .collect();
    // The first two read "see see"; a link with words, one alone in
    // brackets and "Oversee" do not.
    assert_eq!(found, [(3, 5), (6, 1)], "{}", run.dump());
}

/// A heading's `{#id}` (as mdBook and Pandoc write it) is read, never
/// printed; the id stays the slug of the text, so an id that differs is a
/// warning at its heading and the slug still links.
#[test]
fn a_headings_given_id_is_not_printed_and_one_unlike_its_slug_is_a_warning() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("ids");
    fs::create_dir_all(dir.join("rules")).expect("game folder");
    fs::write(
        dir.join("game.toml"),
        "name = \"Ids\"\nrules = [\"rules/rules.md\"]\n",
    )
    .expect("game.toml");
    let rules = "# Combat {#combat}\n\nRoll a die ([](rule:combat)).\n\n\
                 ## Fire rules {#shooting}\n\nSee [fire](rule:fire-rules).\n";
    fs::write(dir.join("rules/rules.md"), rules).expect("rules");
    let run = support::editions::check(&dir);
    assert_eq!(run.code, 0, "a warning only: {}", run.dump());
    let found: Vec<(usize, usize)> = run
        .with_id("heading-id-ignored")
        .iter()
        .map(|d| (d.line, d.column))
        .collect();
    assert_eq!(found, [(5, 1)], "{}", run.dump());
    let pdf = build_rulebook_with(&dir, &tmp.path().join("out"), &[]);
    let text = pdf_text(&pdf);
    assert!(!text.contains("{#"), "{text}");
    assert!(text.contains("Fire rules"), "{text}");
}
