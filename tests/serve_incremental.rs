//! `grogpress serve` rebuilds after a save only what the change touches, and
//! writes the reference and the page previews before the rulebook (its
//! pages first link the rulebook at its old size): once the rebuild is
//! over, out/<game>/ is byte for byte what a fresh `build` writes (the page
//! previews aside, which only serve draws).

mod support;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use support::running::Running;

/// `grogpress serve g` in `dir`, once it watches.
fn serve(dir: &Path) -> Running {
    let mut server = Running::start(dir, &["serve", "g", "--port", "0"]);
    server.wait_for("watching");
    server
}

fn save(file: &Path, text: &str) {
    let saving = file.with_file_name(".saving.tmp");
    std::fs::write(&saving, text).expect("write");
    std::fs::rename(&saving, file).expect("save");
}

/// Every file under `dir` but the page previews, by path relative to it.
fn tree(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("list").flatten() {
            let path = entry.path();
            let rel = path.strip_prefix(dir).expect("inside").to_path_buf();
            if rel.starts_with("preview") {
                continue;
            }
            if path.is_dir() {
                folders.push(path);
            } else {
                files.insert(rel, std::fs::read(&path).expect("read"));
            }
        }
    }
    files
}

/// The outputs serve left, against a fresh build of the same data.
fn assert_same_as_a_fresh_build(tmp: &Path) {
    let fresh = tmp.join("fresh");
    let status = Command::new(env!("CARGO_BIN_EXE_grogpress"))
        .current_dir(tmp)
        .args(["build", "g", "--out"])
        .arg(&fresh)
        .stderr(Stdio::null())
        .status()
        .expect("run build");
    assert!(status.success());
    let (served, built) = (tree(&tmp.join("out/g")), tree(&fresh.join("g")));
    assert_eq!(
        served.keys().collect::<Vec<_>>(),
        built.keys().collect::<Vec<_>>()
    );
    for (path, bytes) in &built {
        let at = served[path].iter().zip(bytes).position(|(a, b)| a != b);
        let around = |b: &[u8], at: usize| {
            String::from_utf8_lossy(&b[at.saturating_sub(200)..(at + 200).min(b.len())])
                .into_owned()
        };
        assert!(
            served[path] == *bytes,
            "{} differs from a fresh build: served\n{}\nbuilt\n{}",
            path.display(),
            at.map_or(String::new(), |at| around(&served[path], at)),
            at.map_or(String::new(), |at| around(bytes, at)),
        );
    }
    std::fs::remove_dir_all(&fresh).expect("remove");
}

#[test]
fn after_each_edit_the_outputs_are_a_fresh_builds() {
    let tmp = support::starter_game();
    let mut server = serve(tmp.path());
    assert_same_as_a_fresh_build(tmp.path());

    // A card's text (its deck's PDFs, the reference, the rulebook's card
    // pages), then the rules' text (the rulebook, the reference).
    let cards = tmp.path().join("g/action-cards.toml");
    let text = std::fs::read_to_string(&cards).expect("read");
    assert!(text.contains("Ignore the first hit"));
    save(
        &cards,
        &text.replace("Ignore the first hit", "Ignore the second hit"),
    );
    let built = server.wait_for("done in");
    assert!(
        built.iter().any(|l| l.contains("action-labels.pdf")),
        "{built:#?}"
    );
    assert_same_as_a_fresh_build(tmp.path());

    let rules = tmp.path().join("g/rules/rules.md");
    let prose = std::fs::read_to_string(&rules).expect("read");
    save(
        &rules,
        &format!("{prose}\nA new closing paragraph of the rules.\n"),
    );
    server.wait_for("done in");
    assert_same_as_a_fresh_build(tmp.path());
}

#[test]
fn a_save_whose_cards_cannot_be_laid_out_leaves_every_output_as_it_was() {
    let tmp = support::starter_game();
    // The rules page shows the deck's cards.
    let rules = tmp.path().join("g/rules/rules.md");
    let prose = std::fs::read_to_string(&rules).expect("read");
    std::fs::write(&rules, format!("{prose}\n{{{{ deck(\"action\") }}}}\n")).expect("write");
    let mut server = serve(tmp.path());
    let before = tree(&tmp.path().join("out/g"));
    let previews_before = previews(&tmp.path().join("out/g"));
    assert!(
        previews_before
            .keys()
            .any(|p| p.starts_with("action-labels-")),
        "{:?}",
        previews_before.keys()
    );
    let page = String::from_utf8_lossy(&before[Path::new("html/rules.html")]).into_owned();
    assert!(page.contains("id=\"card-action-dug-in-red\""), "{page}");
    // The card's text is checked good, but cannot fit on the card: found
    // only as the label sheet is laid out, by when the reference's page
    // showing the card has been put in place (it is put back).
    let cards = tmp.path().join("g/action-cards.toml");
    let text = std::fs::read_to_string(&cards).expect("read");
    let long = "Ignore the first hit and every hit after it. ".repeat(60);
    save(
        &cards,
        &text.replace("Ignore the first hit", long.trim_end()),
    );
    let built = server.wait_for("done in");
    assert!(
        built
            .iter()
            .any(|l| l.contains("kept the previous outputs")),
        "{built:#?}"
    );
    let after = tree(&tmp.path().join("out/g"));
    assert_eq!(
        before.keys().collect::<Vec<_>>(),
        after.keys().collect::<Vec<_>>()
    );
    for (path, bytes) in &before {
        assert!(after[path] == *bytes, "{} changed", path.display());
    }
    // The page previews too (live, a document's are put in place as soon
    // as it is laid out, and put back should a later one have a problem).
    let previews_after = previews(&tmp.path().join("out/g"));
    assert_eq!(
        previews_before.keys().collect::<Vec<_>>(),
        previews_after.keys().collect::<Vec<_>>()
    );
    for (name, png) in &previews_before {
        assert!(previews_after[name] == *png, "preview {name} changed");
    }
}

/// The page previews under `dir`, by file name.
fn previews(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let listed = std::fs::read_dir(dir.join("preview")).expect("list previews");
    listed
        .flatten()
        .map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            (name, std::fs::read(e.path()).expect("read"))
        })
        .collect()
}
