//! The installed tool: run from a folder outside the repository (no data/,
//! fonts/ or templates/ there), `grogpress` uses the assets built into it, a
//! game's own fonts/ override them, and completions and the man page come
//! from the command line's definition.

mod support;

use std::path::Path;
use std::process::Command;

use support::raw::{dump, grogpress_in};

fn pdffonts(pdf: &Path) -> String {
    let out = Command::new("pdffonts")
        .arg(pdf)
        .output()
        .expect("run pdffonts (poppler-utils)");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn works_from_any_folder_with_built_in_assets() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let here = tmp.path();
    assert!(!here.join("fonts").exists() && !here.join("data").exists());
    let made = grogpress_in(here, &["new", "skirmish"]);
    assert_eq!(made.status.code(), Some(0), "{}", dump(&made));
    let built = grogpress_in(here, &["build", "skirmish"]);
    assert_eq!(built.status.code(), Some(0), "{}", dump(&built));
    let labels = here.join("out/skirmish/action-labels.pdf");
    let fonts = pdffonts(&labels);
    assert!(fonts.contains("DejaVuSansCondensed-Bold"), "{fonts}");
    assert!(here.join("out/skirmish/player-aid.pdf").is_file());

    // `sheets` lists the built-in sheet templates.
    let sheets = grogpress_in(here, &["sheets"]);
    assert_eq!(sheets.status.code(), Some(0), "{}", dump(&sheets));
    assert!(String::from_utf8_lossy(&sheets.stdout).contains("avery-5395"));

    // A copy of every shipped game builds with the built-in layouts, HTML
    // templates, icons and sheets.
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let mut copied_games = 0;
    for entry in std::fs::read_dir(&data).expect("data/").flatten() {
        if !entry.path().join("game.toml").is_file() {
            continue;
        }
        let name = format!("copy-of-{}", entry.file_name().to_string_lossy());
        let shipped = entry.path();
        let copied = grogpress_in(
            here,
            &["new", &name, "--from", shipped.to_str().expect("utf-8")],
        );
        assert_eq!(copied.status.code(), Some(0), "{}", dump(&copied));
        let built = grogpress_in(here, &["build", &name]);
        assert_eq!(built.status.code(), Some(0), "{name}: {}", dump(&built));
        copied_games += 1;
    }
    assert!(copied_games > 0);
    assert!(
        here.join("out/copy-of-battlegrid/action-labels.pdf")
            .is_file()
    );
}

#[test]
fn a_games_own_fonts_override_the_built_in_ones() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let here = tmp.path();
    let made = grogpress_in(here, &["new", "bold"]);
    assert_eq!(made.status.code(), Some(0), "{}", dump(&made));
    // The game's fonts/: every style of sans-condensed is the bold face.
    let fonts = here.join("bold/fonts");
    std::fs::create_dir_all(&fonts).expect("mkdir");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fonts/DejaVuSansCondensed-Bold.ttf"),
        fonts.join("Only-Bold.ttf"),
    )
    .expect("copy font");
    std::fs::write(
        fonts.join("fonts.toml"),
        "[[family]]\nname = \"sans-condensed\"\nregular = \"Only-Bold.ttf\"\nbold = \"Only-Bold.ttf\"\nitalic = \"Only-Bold.ttf\"\nbold_italic = \"Only-Bold.ttf\"\n",
    )
    .expect("write fonts.toml");
    let built = grogpress_in(here, &["build", "bold"]);
    assert_eq!(built.status.code(), Some(0), "{}", dump(&built));
    let listed = pdffonts(&here.join("out/bold/action-labels.pdf"));
    let faces: Vec<&str> = listed
        .lines()
        .skip(2)
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(!faces.is_empty(), "{listed}");
    for face in faces {
        assert!(face.ends_with("DejaVuSansCondensed-Bold"), "{listed}");
    }
}

/// What zsh's completion offers for the word after `line` (the words typed,
/// in a game root at `dir`): the script is loaded into a real zsh, clap's
/// own completion and zsh's `compadd` stood in for so only the values
/// `__complete` gives are printed.
fn zsh_values(dir: &Path, script: &Path, line: &[&str]) -> Vec<String> {
    let words: Vec<String> = std::iter::once(env!("CARGO_BIN_EXE_grogpress").to_string())
        .chain(line.iter().map(|w| format!("'{w}'")))
        .chain(std::iter::once("''".to_string()))
        .collect();
    let program = format!(
        "compdef() {{ : }}\nsource '{}'\n_grogpress() {{ : }}\ncompadd() {{ print -l -- \"${{(@P)2}}\" }}\nwords=({})\nCURRENT=${{#words}}\nPREFIX=''\n_grogpress_values\n",
        script.display(),
        words.join(" ")
    );
    let out = Command::new("zsh")
        .args(["-f", "-c", &program])
        .current_dir(dir)
        .output()
        .expect("run zsh (tests/run.sh installs it)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn zsh_completes_game_names_diagnostic_ids_and_docs_topics() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let made = grogpress_in(tmp.path(), &["new", "skirmish"]);
    assert_eq!(made.status.code(), Some(0), "{}", dump(&made));
    let zsh = grogpress_in(tmp.path(), &["completions", "zsh"]);
    assert_eq!(zsh.status.code(), Some(0), "{}", dump(&zsh));
    let script = tmp.path().join("_grogpress");
    std::fs::write(&script, &zsh.stdout).expect("write script");
    let syntax = Command::new("zsh")
        .arg("-n")
        .arg(&script)
        .output()
        .expect("run zsh");
    assert!(
        syntax.status.success(),
        "{}",
        String::from_utf8_lossy(&syntax.stderr)
    );

    assert_eq!(zsh_values(tmp.path(), &script, &["build"]), ["skirmish"]);
    let ids = zsh_values(tmp.path(), &script, &["explain"]);
    assert!(ids.iter().any(|id| id == "card-overflow"), "{ids:?}");
    let topics = zsh_values(tmp.path(), &script, &["docs"]);
    assert!(topics.iter().any(|t| t == "csv"), "{topics:?}");
    // Where a flag's value goes, the flags' own completion answers.
    assert!(zsh_values(tmp.path(), &script, &["build", "--out"]).is_empty());
}

#[test]
fn completions_and_man_page() {
    let tmp = tempfile::tempdir().expect("temp dir");
    for shell in ["bash", "zsh", "fish"] {
        let out = grogpress_in(tmp.path(), &["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{}", dump(&out));
        let script = String::from_utf8_lossy(&out.stdout);
        for word in ["grogpress", "explain", "export", "color", "never"] {
            assert!(script.contains(word), "{shell} completions lack {word}");
        }
    }
    let bash = grogpress_in(tmp.path(), &["completions", "bash"]);
    let script = tmp.path().join("grogpress.bash");
    std::fs::write(&script, &bash.stdout).expect("write script");
    let syntax = Command::new("bash")
        .arg("-n")
        .arg(&script)
        .output()
        .expect("run bash");
    assert!(
        syntax.status.success(),
        "{}",
        String::from_utf8_lossy(&syntax.stderr)
    );

    let man = grogpress_in(tmp.path(), &["man"]);
    assert_eq!(man.status.code(), Some(0), "{}", dump(&man));
    let page = String::from_utf8_lossy(&man.stdout);
    assert!(page.contains(".TH grogpress 1"), "{page}");
    assert!(page.contains("explain"), "{page}");

    // Every page the main page's SUBCOMMANDS names is written by `man DIR`.
    let dir = tmp.path().join("man1");
    let pages = grogpress_in(tmp.path(), &["man", &dir.display().to_string()]);
    assert_eq!(pages.status.code(), Some(0), "{}", dump(&pages));
    let main = std::fs::read_to_string(dir.join("grogpress.1")).expect("grogpress.1");
    let named: Vec<&str> = main
        .split("grogpress\\-")
        .skip(1)
        .filter_map(|rest| {
            rest.split_once("(1)")
                .map(|(name, _)| name.trim_end_matches("\\fR"))
        })
        .collect();
    assert!(named.len() > 10, "{named:?}");
    for name in named {
        let file = dir.join(format!("grogpress-{}.1", name.replace("\\-", "-")));
        assert!(
            file.is_file(),
            "SEE {} names a page that was not written",
            file.display()
        );
    }
    // Every page ends in a SEE ALSO whose pages were all written.
    for entry in std::fs::read_dir(&dir).expect("man dir").flatten() {
        let text = std::fs::read_to_string(entry.path()).expect("page");
        let (_, see) = text
            .split_once(".SH \"SEE ALSO\"\n")
            .unwrap_or_else(|| panic!("{} has no SEE ALSO", entry.path().display()));
        assert!(!see.trim().is_empty(), "{}", entry.path().display());
        for name in see
            .split(",\n")
            .map(|r| r.trim().trim_start_matches("\\fB"))
        {
            let (name, _) = name.split_once("\\fR(1)").expect("a page reference");
            let file = dir.join(format!("{}.1", name.replace("\\-", "-")));
            assert!(
                file.is_file(),
                "{} names {name}, not written",
                entry.path().display()
            );
        }
    }
}

#[test]
fn the_guide_and_the_games_come_with_the_binary() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let guide = grogpress_in(tmp.path(), &["docs"]);
    assert_eq!(guide.status.code(), Some(0), "{}", dump(&guide));
    let shipped =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/data-format.md"))
            .expect("the guide");
    // The guide as shipped, without the repository's markers.
    let mut fenced = false;
    let markers: Vec<&str> = shipped
        .lines()
        .filter(|l| {
            fenced ^= l.starts_with("```");
            !fenced && l.starts_with("<!-- ")
        })
        .collect();
    let printed = String::from_utf8_lossy(&guide.stdout);
    assert!(!markers.is_empty());
    for line in shipped.lines().filter(|l| !markers.contains(l)) {
        assert!(printed.contains(line), "`docs` leaves out {line}");
    }
    for marker in markers {
        assert!(!printed.contains(marker), "`docs` prints {marker}");
    }
    assert!(!printed.contains("cargo test"), "repository-only text");
    let deck = grogpress_in(tmp.path(), &["docs", "deck", "file"]);
    let text = String::from_utf8_lossy(&deck.stdout);
    assert!(text.starts_with("## Deck file"), "{}", dump(&deck));
    let unknown = grogpress_in(tmp.path(), &["docs", "zeppelins"]);
    assert_eq!(unknown.status.code(), Some(2), "{}", dump(&unknown));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("Chart file"));

    let games = grogpress_in(tmp.path(), &["games"]);
    assert_eq!(games.status.code(), Some(0), "{}", dump(&games));
    let list = String::from_utf8_lossy(&games.stdout);
    for game in [
        "battlefront",
        "battlegrid",
        "bcs",
        "grid-battles",
        "grognards",
    ] {
        assert!(list.contains(&format!("  {game}\n")), "{list}");
    }
    let nosuch = grogpress_in(tmp.path(), &["new", "x", "--from", "nosuch"]);
    assert_eq!(nosuch.status.code(), Some(2), "{}", dump(&nosuch));
    assert!(String::from_utf8_lossy(&nosuch.stderr).contains("built-in games: battlefront"));
}

/// Every file under `dir`, relative to it, sorted.
fn files_under(dir: &Path) -> Vec<String> {
    let mut files = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for entry in std::fs::read_dir(&d).expect("read dir").flatten() {
            let path = entry.path();
            if path.is_dir() {
                todo.push(path);
            } else {
                let rel = path.strip_prefix(dir).expect("under dir");
                files.push(rel.to_string_lossy().into_owned());
            }
        }
    }
    files.sort();
    files
}

#[test]
fn inside_a_game_folder_the_commands_use_it_and_write_beside_it() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let made = grogpress_in(tmp.path(), &["new", "skirmish"]);
    assert_eq!(made.status.code(), Some(0), "{}", dump(&made));
    let game = tmp.path().join("skirmish");
    let before = files_under(&game);

    // No GAME: the game folder the command runs in.
    let check = grogpress_in(&game, &["check"]);
    assert_eq!(check.status.code(), Some(0), "{}", dump(&check));
    let build = grogpress_in(&game, &["build"]);
    assert_eq!(build.status.code(), Some(0), "{}", dump(&build));
    assert!(
        String::from_utf8_lossy(&build.stderr).contains("wrote ../out/skirmish/"),
        "{}",
        dump(&build)
    );
    let beside = tmp.path().join("out/skirmish");
    assert!(beside.join("player-aid.pdf").is_file(), "{}", dump(&build));
    assert!(beside.join("html/index.html").is_file());

    // `build .` and a per-game command with no GAME write beside it too.
    std::fs::remove_dir_all(tmp.path().join("out")).expect("clear out/");
    let dot = grogpress_in(&game, &["build", "."]);
    assert_eq!(dot.status.code(), Some(0), "{}", dump(&dot));
    assert!(beside.join("player-aid.pdf").is_file(), "{}", dump(&dot));
    let aids = grogpress_in(&game, &["aids", "--paper", "a4"]);
    assert_eq!(aids.status.code(), Some(0), "{}", dump(&aids));
    let csv = grogpress_in(&game, &["export", "csv"]);
    assert_eq!(csv.status.code(), Some(0), "{}", dump(&csv));
    assert!(String::from_utf8_lossy(&csv.stdout).starts_with("who,"));

    // `--out` is where it says.
    let elsewhere = tmp.path().join("elsewhere");
    let out = grogpress_in(
        &game,
        &["rules", "--out", elsewhere.to_str().expect("utf-8")],
    );
    assert_eq!(out.status.code(), Some(0), "{}", dump(&out));
    assert!(elsewhere.join("skirmish/html/index.html").is_file());

    // Nothing was written into the game folder.
    assert_eq!(files_under(&game), before);
}

#[test]
fn inside_a_game_folder_its_fonts_are_read_and_reported_once() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let made = grogpress_in(tmp.path(), &["new", "skirmish"]);
    assert_eq!(made.status.code(), Some(0), "{}", dump(&made));
    let game = tmp.path().join("skirmish");
    std::fs::create_dir_all(game.join("fonts")).expect("fonts/");
    std::fs::write(game.join("fonts/fonts.toml"), "[[family]\n").expect("write");
    // The game is the root here: its fonts are the root's, not a second set.
    let check = grogpress_in(&game, &["check"]);
    assert_eq!(check.status.code(), Some(1), "{}", dump(&check));
    let said = String::from_utf8_lossy(&check.stderr);
    assert_eq!(
        said.matches("error[toml-syntax]").count(),
        1,
        "{}",
        dump(&check)
    );
    assert!(
        said.contains("--> fonts/fonts.toml:1:10"),
        "{}",
        dump(&check)
    );
}

#[test]
fn at_a_project_root_the_commands_use_every_game_under_data() {
    let tmp = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir(tmp.path().join("data")).expect("data/");
    for name in ["one", "two"] {
        let made = grogpress_in(tmp.path(), &["new", &format!("data/{name}")]);
        assert_eq!(made.status.code(), Some(0), "{}", dump(&made));
    }
    let check = grogpress_in(tmp.path(), &["check"]);
    assert_eq!(check.status.code(), Some(0), "{}", dump(&check));
    let build = grogpress_in(tmp.path(), &["rules"]);
    assert_eq!(build.status.code(), Some(0), "{}", dump(&build));
    for name in ["one", "two"] {
        let html = tmp.path().join(format!("out/{name}/html/index.html"));
        assert!(html.is_file(), "{}", dump(&build));
    }
    // A command that needs one game says how to name it.
    let csv = grogpress_in(tmp.path(), &["export", "csv"]);
    assert_eq!(csv.status.code(), Some(2), "{}", dump(&csv));
    assert!(
        String::from_utf8_lossy(&csv.stderr).contains("run inside a game folder"),
        "{}",
        dump(&csv)
    );
}

/// What bash's completion of `grogpress WORDS CUR` offers, run in `dir`
/// with the generated script loaded the way bash-completion loads it.
fn bash_completes(dir: &Path, script: &Path, words: &[&str], cur: &str) -> Vec<String> {
    let bin = Path::new(env!("CARGO_BIN_EXE_grogpress"));
    let path = format!(
        "{}:{}",
        bin.parent().expect("bin dir").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let line: Vec<String> = std::iter::once("grogpress")
        .chain(words.iter().copied())
        .chain([cur])
        .map(|w| format!("'{w}'"))
        .collect();
    let run = format!(
        "source '{}'; eval \"$(complete -p grogpress | sed 's/.*-F \\([^ ]*\\) .*/fn=\\1/')\"; \
         COMP_WORDS=({}); COMP_CWORD={}; \"$fn\" grogpress '{cur}' '{}'; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        script.display(),
        line.join(" "),
        line.len() - 1,
        words.last().copied().unwrap_or("grogpress"),
    );
    let out = Command::new("bash")
        .current_dir(dir)
        .env("PATH", path)
        .args(["-c", &run])
        .output()
        .expect("run bash");
    assert!(out.status.success(), "{}", dump(&out));
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn bash_completes_games_diagnostic_ids_and_docs_topics() {
    let tmp = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir(tmp.path().join("data")).expect("data/");
    let made = grogpress_in(tmp.path(), &["new", "data/skirmish"]);
    assert_eq!(made.status.code(), Some(0), "{}", dump(&made));
    let bash = grogpress_in(tmp.path(), &["completions", "bash"]);
    let script = tmp.path().join("grogpress.bash");
    std::fs::write(&script, &bash.stdout).expect("write script");

    // A game under data/, after a per-game command and after `--from`.
    let check = bash_completes(tmp.path(), &script, &["check"], "");
    assert!(check.contains(&"skirmish".to_string()), "{check:?}");
    assert!(
        check.contains(&"--format".to_string()),
        "flags still: {check:?}"
    );
    let rules = bash_completes(tmp.path(), &script, &["rules"], "sk");
    assert_eq!(rules, ["skirmish"]);
    let from = bash_completes(tmp.path(), &script, &["new", "x", "--from"], "grid");
    assert_eq!(from, ["grid-battles"]);
    // Inside the game folder, `.` is the game.
    let inside = bash_completes(&tmp.path().join("data/skirmish"), &script, &["build"], ".");
    assert!(inside.contains(&".".to_string()), "{inside:?}");
    // A diagnostic id for `explain`, a topic for `docs`.
    let id = bash_completes(tmp.path(), &script, &["explain"], "card-ov");
    assert_eq!(id, ["card-overflow"]);
    let topic = bash_completes(tmp.path(), &script, &["docs"], "cs");
    assert_eq!(topic, ["csv"]);
    // An option's own values are clap's: no games after --format.
    let format = bash_completes(tmp.path(), &script, &["check", "--format"], "");
    assert_eq!(format, ["human", "json"]);

    // fish asks the same question.
    let fish = grogpress_in(tmp.path(), &["completions", "fish"]);
    assert!(String::from_utf8_lossy(&fish.stdout).contains("grogpress __complete --"));
}
