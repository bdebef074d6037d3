//! The aid's `values` block (a heading and rows of "label = value unit",
//! the unit words the aid's own) and the `forces` block's `label`. Games
//! written here, the aid PDF read back.

mod support;

use support::hero_game::write;
use support::tools::tool;

const GAME: &str = "name = \"Values\"\ncopyright = [\"Test.\"]\n\n[[forces]]\nunit = \"Pike\"\ncount = 4\n\n[[aids]]\nid = \"aid\"\nfile = \"aid.toml\"\n\n[[publish.aids]]\naid = \"aid\"\n";

fn aid_text(aid: &str) -> String {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = write(
        tmp.path(),
        "g",
        &[("game.toml", GAME.as_bytes()), ("aid.toml", aid.as_bytes())],
    );
    let out = tmp.path().join("out");
    support::build_ok(&dir, &out);
    let pdf = out.join("g/aid.pdf");
    // One line per printed line, non-breaking spaces as spaces.
    tool("pdftotext", &["-layout", pdf.to_str().expect("path"), "-"]).replace('\u{a0}', " ")
}

#[test]
fn a_values_block_prints_each_row_with_the_aids_units() {
    let text = aid_text(
        "title = \"Aid\"\n\n[[blocks]]\nkind = \"values\"\nheading = \"Reinforcements\"\nunit = \"regiment\"\nunits = \"regiments\"\nrows = [{ label = \"Turn 3\", value = 1 }, { label = \"Turn 5\", value = 2 }, { label = \"Turn 7\", value = -1 }]\n\n[[blocks]]\nkind = \"values\"\nheading = \"Costs\"\nrows = [{ label = \"Bridge\", value = 3 }]\n\n[[blocks]]\nkind = \"forces\"\nlabel = \"Troupes\"\n",
    );
    for row in [
        "Turn 3 = 1 regiment",
        "Turn 5 = 2 regiments",
        "Turn 7 = -1 regiment",
        "Troupes: 4 Pike",
    ] {
        assert!(text.contains(row), "{row:?} not in\n{text}");
    }
    // Without a unit the number ends the row.
    let bridge = text
        .lines()
        .find(|l| l.contains("Bridge"))
        .expect("the Bridge row");
    assert!(bridge.trim_end().ends_with("Bridge = 3"), "{bridge:?}");
    assert!(!text.contains("pts."), "{text}");
}

#[test]
fn the_old_points_kind_is_an_unknown_block_kind_naming_values() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let aid = "title = \"Aid\"\n\n[[blocks]]\nkind = \"points\"\nheading = \"VP\"\n";
    let dir = write(
        tmp.path(),
        "g",
        &[("game.toml", GAME.as_bytes()), ("aid.toml", aid.as_bytes())],
    );
    let run = support::grogpress(&["check", dir.to_str().expect("path"), "--format", "json"]);
    run.exit(1);
    let d = run.expect("error", "bad-value", "g/aid.toml", 4, 8);
    assert!(
        d.hint.as_deref().is_some_and(|h| h.contains("values")),
        "{d:?}"
    );
}
