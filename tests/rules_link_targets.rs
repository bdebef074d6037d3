//! A rules link of grogpress's schemes whose target holds a space
//! (`[x](index:Combat Card)`) is no Markdown link and would print as typed:
//! `bad-link` at the target; the angle-bracket form is a link.

mod support;

use support::{grogpress, line_col, starter_game};

#[test]
fn a_spaced_index_target_is_a_located_bad_link() {
    let tmp = starter_game();
    let rules = tmp.path().join("g/rules/rules.md");
    let text = std::fs::read_to_string(&rules).expect("rules");
    let text = text.replacen(
        "Each turn you get",
        "[Combat cards](<index:Combat Card>) and [combat cards](index:Combat Card): each turn you get",
        1,
    );
    std::fs::write(&rules, &text).expect("write");
    let run = grogpress(&[
        "check",
        tmp.path().join("g").to_str().expect("utf-8"),
        "--format",
        "json",
    ]);
    run.exit(1);
    let at = text.find("(index:Combat Card)").expect("bad link") + 1;
    let (line, col) = line_col(&text, at);
    let d = run.expect("error", "bad-link", "g/rules/rules.md", line, col);
    assert!(
        d.hint
            .as_deref()
            .unwrap_or_default()
            .contains("(<index:Combat Card>)"),
        "{d:?}"
    );
    assert_eq!(
        run.with_id("bad-link").len(),
        1,
        "the bracketed form is fine: {}",
        run.dump()
    );
}
