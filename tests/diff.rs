//! `grogpress diff`: a game written here into a temp git repository,
//! committed, changed (one card field, one table cell, one sentence, and
//! edits that only move things), committed again; the diff names exactly
//! the three changes, located in both versions, as text and JSON. A
//! repository whose configuration would run a program runs none.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;
use support::git;

const GAME_TOML: &str = "name = \"Diff Test\"\ncopyright = [\"Test.\"]\nrules = [\"rules.md\"]\n\n[[decks]]\nid = \"orders\"\nfile = \"orders.toml\"\n\n[[random_tables]]\nid = \"weather\"\nfile = \"weather.toml\"\n";

const ORDERS: &str = "name = \"Orders\"\ntitle_field = \"name\"\n\n[[fields]]\nname = \"name\"\nkind = \"text\"\n\n[[fields]]\nname = \"cost\"\nkind = \"int\"\n\n[[fields]]\nname = \"text\"\nkind = \"text\"\n\n[[cards]]\nname = \"Advance\"\ncost = 1\ntext = \"Move one unit two hexes.\"\n\n[[cards]]\nname = \"Hold\"\ncost = 0\ntext = \"No unit moves.\"\n\n[[cards]]\nname = \"Rally\"\ncost = 2\ntext = \"Return one step.\"\n";

const WEATHER: &str = "name = \"Weather\"\nroll = \"1d6\"\n\n[[rows]]\nroll = \"1-2\"\nresult = \"Clear\"\n\n[[rows]]\nroll = \"3-4\"\nresult = \"Rain\"\n\n[[rows]]\nroll = \"5-6\"\nresult = \"Storm\"\n";

const RULES: &str = "# Diff Test\n\n## Movement\n\nEach unit may move in the movement phase.\nA hex costs one movement point.\n\nRivers cost one more point to cross.\n\n## Combat\n\nAttack adjacent units only.\n\nRetreats are always optional.\n";

fn write(dir: &Path, files: &[(&str, &str)]) {
    for (path, text) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("mkdir");
        std::fs::write(path, text).expect("write");
    }
}

/// A repository holding the game in `games/diff-test`, committed once as
/// written above and once changed; the game's folder.
fn two_versions(repo: &Path) -> PathBuf {
    let game = repo.join("games/diff-test");
    write(
        &game,
        &[
            ("game.toml", GAME_TOML),
            ("orders.toml", ORDERS),
            ("weather.toml", WEATHER),
            ("rules.md", RULES),
        ],
    );
    git(repo, &["init", "-q"]);
    git(repo, &["add", "-A"]);
    git(repo, &["commit", "-q", "-m", "first printing"]);
    // The three changes...
    let orders = ORDERS.replace("cost = 1\n", "cost = 2\n");
    let weather = WEATHER.replace("\"Rain\"", "\"Heavy rain\"");
    let rules = RULES.replace(
        "Attack adjacent units only.",
        "Attack adjacent units only, once a turn.",
    );
    // ...and edits that change where things are written, not what they say:
    // a comment above the cards, a paragraph's lines broken elsewhere, a
    // card's keys in another order.
    let orders = orders.replace(
        "[[cards]]\nname = \"Hold\"\ncost = 0\ntext = \"No unit moves.\"\n",
        "# The cards, in the order they are dealt.\n[[cards]]\ntext = \"No unit moves.\"\nname = \"Hold\"\ncost = 0\n",
    );
    let rules = rules.replace(
        "Each unit may move in the movement phase.\nA hex costs one movement point.",
        "Each unit may move in the\nmovement phase. A hex costs one movement point.",
    );
    write(
        &game,
        &[
            ("orders.toml", &orders),
            ("weather.toml", &weather),
            ("rules.md", &rules),
        ],
    );
    git(repo, &["commit", "-q", "-a", "-m", "second printing"]);
    game
}

fn line_of(text: &str, needle: &str) -> usize {
    support::hero_game::place(text, needle).0
}

fn diff_json(game: &Path, out: &Path, extra: &[&str]) -> Value {
    let mut args = vec![
        "diff",
        game.to_str().expect("utf-8"),
        "--out",
        out.to_str().expect("utf-8"),
    ];
    args.extend_from_slice(extra);
    args.extend_from_slice(&["--format", "json"]);
    let run = support::grogpress(&args);
    assert_eq!(run.code, 0, "{}", run.dump());
    serde_json::from_str(&run.stdout).unwrap_or_else(|e| panic!("{e}\n{}", run.dump()))
}

fn at(v: &Value) -> (String, u64) {
    (
        v["file"].as_str().unwrap_or_default().to_string(),
        v["line"].as_u64().unwrap_or_default(),
    )
}

#[test]
fn one_card_field_one_table_cell_and_one_sentence_are_the_three_changes() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = two_versions(tmp.path());
    let out = tmp.path().join("out");
    let new_orders = std::fs::read_to_string(game.join("orders.toml")).expect("read");
    let new_weather = std::fs::read_to_string(game.join("weather.toml")).expect("read");
    let new_rules = std::fs::read_to_string(game.join("rules.md")).expect("read");
    let doc = diff_json(&game, &out, &["--from", "HEAD~1", "--to", "HEAD"]);
    assert_eq!(doc["from"], "HEAD~1");
    assert_eq!(doc["to"], "HEAD");
    let changes = doc["changes"].as_array().expect("a list of changes");
    assert_eq!(changes.len(), 3, "{doc:#}");

    let card = &changes[0];
    assert_eq!(
        (card["kind"].as_str(), card["change"].as_str()),
        (Some("card"), Some("changed"))
    );
    assert_eq!(
        (card["group"].as_str(), card["key"].as_str()),
        (Some("orders"), Some("advance"))
    );
    let fields = card["fields"].as_array().expect("fields");
    assert_eq!(fields.len(), 1, "{card:#}");
    assert_eq!(fields[0]["field"], "cost");
    assert_eq!(
        (fields[0]["old"].as_str(), fields[0]["new"].as_str()),
        (Some("1"), Some("2"))
    );
    assert_eq!(
        at(&fields[0]["old_at"]),
        ("orders.toml".into(), line_of(ORDERS, "cost = 1") as u64)
    );
    assert_eq!(
        at(&fields[0]["new_at"]),
        (
            "orders.toml".into(),
            line_of(&new_orders, "cost = 2") as u64
        )
    );

    let row = &changes[1];
    assert_eq!(
        (row["kind"].as_str(), row["change"].as_str()),
        (Some("row"), Some("changed"))
    );
    assert_eq!(
        (row["group"].as_str(), row["key"].as_str()),
        (Some("weather"), Some("3-4"))
    );
    let cell = &row["fields"][0];
    assert_eq!(
        (cell["old"].as_str(), cell["new"].as_str()),
        (Some("Rain"), Some("Heavy rain"))
    );
    assert_eq!(
        at(&cell["old_at"]),
        ("weather.toml".into(), line_of(WEATHER, "\"Rain\"") as u64)
    );
    assert_eq!(
        at(&cell["new_at"]),
        (
            "weather.toml".into(),
            line_of(&new_weather, "\"Heavy rain\"") as u64
        )
    );
    assert_eq!(row["fields"].as_array().map(Vec::len), Some(1));

    let rule = &changes[2];
    assert_eq!(
        (rule["kind"].as_str(), rule["change"].as_str()),
        (Some("rule"), Some("changed"))
    );
    assert_eq!(rule["title"], "Combat");
    let text = &rule["fields"][0];
    assert_eq!(text["old"], "Attack adjacent units only.");
    assert_eq!(text["new"], "Attack adjacent units only, once a turn.");
    assert_eq!(
        at(&rule["old"]),
        ("rules.md".into(), line_of(RULES, "Attack adjacent") as u64)
    );
    assert_eq!(
        at(&rule["new"]),
        (
            "rules.md".into(),
            line_of(&new_rules, "Attack adjacent") as u64
        )
    );

    // The same as text, and nothing else.
    let run = support::grogpress(&[
        "diff",
        game.to_str().expect("utf-8"),
        "--from",
        "HEAD~1",
        "--to",
        "HEAD",
        "--out",
        out.to_str().expect("utf-8"),
    ]);
    assert_eq!(run.code, 0, "{}", run.dump());
    let blocks: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| !l.starts_with(' ') && !l.is_empty())
        .collect();
    assert_eq!(
        blocks,
        [
            "changes from HEAD~1 to HEAD",
            "changed card orders/advance (Advance)",
            "changed row weather/3-4",
            "changed rule paragraph in \"Combat\"",
            "3 changes",
        ],
        "{}",
        run.dump()
    );
    assert!(
        run.stdout.contains("  cost: \"1\" -> \"2\""),
        "{}",
        run.dump()
    );
    assert!(
        run.stdout
            .contains("  + Attack adjacent units only, once a turn."),
        "{}",
        run.dump()
    );
    // The revisions' files were written under --out and are gone.
    let left: Vec<_> = std::fs::read_dir(&out).expect("out").collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn the_working_folder_and_another_folder_are_versions_too() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = two_versions(tmp.path());
    let out = tmp.path().join("out");
    // Against the folder as it is (HEAD's files): the same three.
    let doc = diff_json(&game, &out, &["--from", "HEAD~1"]);
    assert_eq!(doc["changes"].as_array().map(Vec::len), Some(3), "{doc:#}");
    // A copy of the first printing as a folder of its own.
    let first = tmp.path().join("first/diff-test");
    write(
        &first,
        &[
            ("game.toml", GAME_TOML),
            ("orders.toml", ORDERS),
            ("weather.toml", WEATHER),
            ("rules.md", RULES),
        ],
    );
    let doc = diff_json(&game, &out, &["--from", first.to_str().expect("utf-8")]);
    let kinds: Vec<&str> = doc["changes"]
        .as_array()
        .expect("changes")
        .iter()
        .filter_map(|c| c["kind"].as_str())
        .collect();
    assert_eq!(kinds, ["card", "row", "rule"], "{doc:#}");
    // A version against itself: nothing.
    let doc = diff_json(&game, &out, &["--from", "HEAD"]);
    assert_eq!(doc["changes"].as_array().map(Vec::len), Some(0), "{doc:#}");
}

#[test]
fn added_removed_moved_and_renamed_are_told() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = two_versions(tmp.path());
    let out = tmp.path().join("out");
    let orders = std::fs::read_to_string(game.join("orders.toml"))
        .expect("read")
        .replace("name = \"Rally\"", "name = \"Regroup\"")
        .replace("[[cards]]\nname = \"Advance\"", "[[cards]]\nname = \"Scout\"\ncost = 0\ntext = \"Look.\"\n\n[[cards]]\nname = \"Advance\"");
    let rules = std::fs::read_to_string(game.join("rules.md"))
        .expect("read")
        .replace("Rivers cost one more point to cross.\n\n", "")
        .replace("Retreats are always optional.\n", "Retreats are always optional.\n\nRivers cost one more point to cross.\n\nNight turns halve movement.\n");
    write(&game, &[("orders.toml", &orders), ("rules.md", &rules)]);
    let doc = diff_json(&game, &out, &["--from", "HEAD"]);
    let said: Vec<(String, String, String)> = doc["changes"]
        .as_array()
        .expect("changes")
        .iter()
        .map(|c| {
            (
                c["kind"].as_str().unwrap_or_default().to_string(),
                c["change"].as_str().unwrap_or_default().to_string(),
                c["key"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect();
    let want = [
        ("card", "added", "scout"),
        ("card", "changed", "regroup"),
        ("rule", "moved", "paragraph"),
        ("rule", "added", "paragraph"),
    ];
    let want: Vec<(String, String, String)> = want
        .iter()
        .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
        .collect();
    assert_eq!(said, want, "{doc:#}");
}

#[test]
fn a_repository_configured_to_run_programs_runs_none() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = two_versions(tmp.path());
    let out = tmp.path().join("out");
    let marker = tmp.path().join("MARKER");
    let script = tmp.path().join("evil.sh");
    std::fs::write(
        &script,
        format!("#!/bin/sh\necho ran >> {}\ncat\n", marker.display()),
    )
    .expect("write");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    let s = script.display();
    let config = tmp.path().join(".git/config");
    let mut text = std::fs::read_to_string(&config).expect("config");
    text.push_str(&format!(
        "[core]\n\tfsmonitor = {s}\n\tpager = {s}\n\tsshCommand = {s}\n\thooksPath = {hooks}\n\
[diff \"evil\"]\n\ttextconv = {s}\n\tcommand = {s}\n\
[filter \"evil\"]\n\tclean = {s}\n\tsmudge = {s}\n\tprocess = {s}\n\
[remote \"origin\"]\n\turl = ext::{s}\n\tpromisor = true\n\
[extensions]\n\tpartialClone = origin\n",
        hooks = tmp.path().join("hooks").display()
    ));
    std::fs::write(&config, text).expect("config");
    std::fs::write(
        tmp.path().join(".gitattributes"),
        "* diff=evil filter=evil\n",
    )
    .expect("attributes");
    let hooks = tmp.path().join("hooks");
    std::fs::create_dir_all(&hooks).expect("hooks");
    for hook in [
        "post-checkout",
        "pre-commit",
        "post-index-change",
        "reference-transaction",
    ] {
        std::fs::copy(&script, hooks.join(hook)).expect("hook");
    }
    // The configuration is live: git's own porcelain runs the program.
    let _ = Command::new("git")
        .current_dir(tmp.path())
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .args(["diff", "HEAD~1", "--", "games/diff-test/rules.md"])
        .output();
    assert!(
        marker.exists(),
        "the test's hostile configuration runs nothing even in git diff"
    );
    std::fs::remove_file(&marker).expect("rm");
    // grogpress reads both revisions and runs none of it.
    let doc = diff_json(&game, &out, &["--from", "HEAD~1", "--to", "HEAD"]);
    assert_eq!(doc["changes"].as_array().map(Vec::len), Some(3), "{doc:#}");
    let doc = diff_json(&game, &out, &["--from", "HEAD~1"]);
    assert_eq!(doc["changes"].as_array().map(Vec::len), Some(3), "{doc:#}");
    assert!(
        !marker.exists(),
        "diff ran a program of the repository's configuration"
    );
}

#[test]
fn no_repository_and_an_unknown_revision_are_operational_errors() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = two_versions(tmp.path());
    let out = tmp.path().join("out");
    let g = game.to_str().expect("utf-8");
    let o = out.to_str().expect("utf-8");
    for (rev, said) in [
        ("no-such-branch", "unknown revision `no-such-branch`"),
        ("--upload-pack=x", "is not a git revision"),
    ] {
        let from = format!("--from={rev}");
        let run = support::grogpress(&["diff", g, &from, "--out", o]);
        assert_eq!(run.code, 2, "{}", run.dump());
        assert!(run.stderr.contains(said), "{}", run.dump());
    }
    // A folder of the repository that HEAD does not hold.
    let untracked = tmp.path().join("later/diff-test");
    let files = [
        ("game.toml", GAME_TOML),
        ("orders.toml", ORDERS),
        ("weather.toml", WEATHER),
        ("rules.md", RULES),
    ];
    write(&untracked, &files);
    let run = support::grogpress(&[
        "diff",
        untracked.to_str().expect("utf-8"),
        "--from",
        "HEAD",
        "--out",
        o,
    ]);
    assert_eq!(run.code, 2, "{}", run.dump());
    assert!(
        run.stderr.contains("does not exist at revision `HEAD`"),
        "{}",
        run.dump()
    );
    // A folder in no repository.
    let elsewhere = tempfile::tempdir().expect("temp dir");
    let lone = elsewhere.path().join("diff-test");
    write(&lone, &files);
    let run = support::grogpress(&[
        "diff",
        lone.to_str().expect("utf-8"),
        "--from",
        "HEAD",
        "--out",
        o,
    ]);
    assert_eq!(run.code, 2, "{}", run.dump());
    assert!(
        run.stderr.contains("is not in a git repository"),
        "{}",
        run.dump()
    );
}

#[test]
fn a_version_with_errors_is_reported_and_exits_1() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = two_versions(tmp.path());
    let out = tmp.path().join("out");
    let broken = ORDERS.replace("cost = 2\n", "cost = \"two\"\n");
    write(&game, &[("orders.toml", &broken)]);
    let run = support::grogpress(&[
        "diff",
        game.to_str().expect("utf-8"),
        "--from",
        "HEAD",
        "--out",
        out.to_str().expect("utf-8"),
        "--format",
        "json",
    ]);
    assert_eq!(run.code, 1, "{}", run.dump());
    let (line, _) = support::hero_game::place(&broken, "\"two\"");
    assert!(
        run.diags
            .iter()
            .any(|d| d.severity == "error" && d.file.ends_with("orders.toml") && d.line == line),
        "{}",
        run.dump()
    );
}

/// Inside the game folder, `diff` needs no GAME: it compares the folder it
/// stands in, and writes nothing into it.
#[test]
fn inside_the_game_folder_diff_compares_that_folder() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let game = two_versions(tmp.path());
    let before: Vec<_> = std::fs::read_dir(&game)
        .expect("the game folder")
        .filter_map(|e| e.ok().map(|e| e.file_name()))
        .collect();
    let run = support::raw::grogpress_in(&game, &["diff", "--from", "HEAD~1", "--format", "json"]);
    assert_eq!(run.status.code(), Some(0), "{}", support::raw::dump(&run));
    let doc: Value = serde_json::from_slice(&run.stdout).expect("the changes as JSON");
    assert_eq!(doc["changes"].as_array().map(Vec::len), Some(3), "{doc:#}");
    let after: Vec<_> = std::fs::read_dir(&game)
        .expect("the game folder")
        .filter_map(|e| e.ok().map(|e| e.file_name()))
        .collect();
    assert_eq!(before, after, "nothing is written into the game folder");
}
