//! Hostile game folders, paths and ids: each case is the minimal fixture
//! with one crafted path or id (absolute, `../`, a symlink out, an id that
//! would steer a write). Each must give its located error, read nothing
//! outside the folder (a marker planted outside never reaches an output or
//! a message) and write nothing outside `out/<game>/`.

mod support;

use std::path::{Path, PathBuf};

use support::{Run, copy_dir, grogpress};

/// Planted in every file outside the game folder, and in the environment.
const MARKER: &str = "OUTSIDE-MARKER-7f3a";

/// A temp dir holding `game/` (the minimal fixture), `outside/` (files
/// holding the marker) and, after a build, `out/`.
struct Case {
    dir: tempfile::TempDir,
}

impl Case {
    fn new() -> Case {
        let dir = tempfile::tempdir().expect("temp dir");
        let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/ok-minimal");
        copy_dir(&fixture, &dir.path().join("game"));
        let outside = dir.path().join("outside");
        std::fs::create_dir_all(&outside).expect("mkdir");
        let m = MARKER;
        let files = [
            ("secret.md", format!("# {m}\n\n{m}\n")),
            (
                "secret.toml",
                format!("name = \"{m}\"\n[[blocks]]\nkind = \"paragraph\"\ntext = \"{m}\"\n"),
            ),
            ("secret.csv", format!("title,effect\n{m},{m}\n")),
            ("secret.ttf", m.to_string()),
            ("secret.html", format!("<html>{m}</html>")),
            (
                "secret.svg",
                format!("<svg viewBox=\"0 0 1 1\"><path d=\"M0 0\"/><!-- {m} --></svg>"),
            ),
        ];
        for (name, text) in files {
            std::fs::write(outside.join(name), text).expect("write");
        }
        Case { dir }
    }

    fn game(&self) -> PathBuf {
        self.dir.path().join("game")
    }

    fn outside(&self, name: &str) -> String {
        self.dir
            .path()
            .join("outside")
            .join(name)
            .display()
            .to_string()
    }

    /// Replaces `from` by `to` in a file of the game.
    fn edit(&self, file: &str, from: &str, to: &str) {
        let path = self.game().join(file);
        let text = std::fs::read_to_string(&path).expect("read");
        assert!(text.contains(from), "{file} has no `{from}`");
        std::fs::write(&path, text.replacen(from, to, 1)).expect("write");
    }

    fn write(&self, file: &str, text: &str) {
        let path = self.game().join(file);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(path, text).expect("write");
    }

    #[cfg(unix)]
    fn link(&self, file: &str, target: &str) {
        let path = self.game().join(file);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        let _ = std::fs::remove_file(&path);
        std::os::unix::fs::symlink(target, path).expect("symlink");
    }

    /// Line and column (1-based) of the first `needle` in a game file.
    fn at(&self, file: &str, needle: &str) -> (usize, usize) {
        let text = std::fs::read_to_string(self.game().join(file)).expect("read");
        let offset = text.find(needle).expect("needle in file");
        let before = &text[..offset];
        let line = before.matches('\n').count() + 1;
        let col = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
        (line, col)
    }

    fn build(&self) -> Run {
        let out = self.dir.path().join("out");
        let run = grogpress(&[
            "build",
            &self.game().display().to_string(),
            "--out",
            &out.display().to_string(),
            "--format",
            "json",
        ]);
        self.nothing_leaked(&run);
        run
    }

    /// The marker is in no output and no message, and nothing was written
    /// beside `game/`, `outside/` and `out/`.
    fn nothing_leaked(&self, run: &Run) {
        assert!(
            !run.stdout.contains(MARKER) && !run.stderr.contains(MARKER),
            "a message quotes a file outside the game\n{}",
            run.dump()
        );
        for file in files_under(&self.dir.path().join("out")) {
            let bytes = std::fs::read(&file).expect("read output");
            let text = String::from_utf8_lossy(&bytes);
            assert!(
                !text.contains(MARKER),
                "{} holds what was read outside the game",
                file.display()
            );
        }
        let mut top: Vec<String> = std::fs::read_dir(self.dir.path())
            .expect("list")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        top.sort();
        top.retain(|n| n != "out");
        assert_eq!(
            top,
            ["game", "outside"],
            "something was written outside out/"
        );
        let outside = files_under(&self.dir.path().join("outside"));
        assert_eq!(outside.len(), 6, "outside/ was written to: {outside:?}");
    }
}

fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return files;
    };
    for entry in entries {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            files.extend(files_under(&path));
        } else {
            files.push(path);
        }
    }
    files
}

/// Builds, expecting exit 1 with `id` at `file` where `needle` starts.
fn refused(case: &Case, id: &str, file: &str, needle: &str) -> Run {
    let (line, col) = case.at(file, needle);
    let run = case.build();
    run.exit(1);
    run.expect("error", id, file, line, col);
    run
}

#[test]
fn rules_pages_outside_the_folder_are_refused() {
    let absolute = Case::new();
    absolute.edit(
        "game.toml",
        "rules = [\"rules/rules.md\"]",
        "rules = [\"/proc/self/environ\"]",
    );
    refused(
        &absolute,
        "path-outside-game",
        "game.toml",
        "\"/proc/self/environ\"",
    );

    let parent = Case::new();
    parent.edit(
        "game.toml",
        "rules = [\"rules/rules.md\"]",
        "rules = [\"rules/rules.md\", \"../outside/secret.md\"]",
    );
    refused(
        &parent,
        "path-outside-game",
        "game.toml",
        "\"../outside/secret.md\"",
    );

    let absolute_secret = Case::new();
    let secret = absolute_secret.outside("secret.md");
    absolute_secret.edit(
        "game.toml",
        "rules = [\"rules/rules.md\"]",
        &format!("rules = [\"{secret}\"]"),
    );
    refused(
        &absolute_secret,
        "path-outside-game",
        "game.toml",
        &format!("\"{secret}\""),
    );
}

#[cfg(unix)]
#[test]
fn symlinks_leading_out_are_refused_and_those_inside_are_followed() {
    let out = Case::new();
    out.link("rules/link.md", "../../outside/secret.md");
    out.edit(
        "game.toml",
        "rules = [\"rules/rules.md\"]",
        "rules = [\"rules/rules.md\", \"rules/link.md\"]",
    );
    refused(&out, "path-outside-game", "game.toml", "\"rules/link.md\"");

    let folder = Case::new();
    folder.link("up", "../outside");
    folder.edit(
        "game.toml",
        "rules = [\"rules/rules.md\"]",
        "rules = [\"up/secret.md\"]",
    );
    refused(
        &folder,
        "path-outside-game",
        "game.toml",
        "\"up/secret.md\"",
    );

    let inside = Case::new();
    inside.link("rules/same.md", "rules.md");
    inside.edit(
        "game.toml",
        "rules = [\"rules/rules.md\"]",
        "rules = [\"rules/same.md\"]",
    );
    let run = inside.build();
    run.exit(0);
}

#[test]
fn data_files_outside_the_folder_are_refused() {
    for (from, to) in [
        ("file = \"cards.toml\"", "file = \"../outside/secret.toml\""),
        ("file = \"aid.toml\"", "file = \"../outside/secret.toml\""),
    ] {
        let case = Case::new();
        case.edit("game.toml", from, to);
        refused(
            &case,
            "path-outside-game",
            "game.toml",
            "\"../outside/secret.toml\"",
        );
    }
    let absolute = Case::new();
    let secret = absolute.outside("secret.toml");
    absolute.edit(
        "game.toml",
        "file = \"aid.toml\"",
        &format!("file = \"{secret}\""),
    );
    refused(
        &absolute,
        "path-outside-game",
        "game.toml",
        &format!("\"{secret}\""),
    );
    for key in ["charts", "collections", "random_tables"] {
        let case = Case::new();
        case.edit(
            "game.toml",
            "[[decks]]",
            &format!("[[{key}]]\nid = \"x\"\nfile = \"../outside/secret.toml\"\n\n[[decks]]"),
        );
        refused(
            &case,
            "path-outside-game",
            "game.toml",
            "\"../outside/secret.toml\"",
        );
    }
}

#[test]
fn a_card_list_outside_the_folder_is_refused() {
    let case = Case::new();
    let text = std::fs::read_to_string(case.game().join("cards.toml")).expect("read");
    let head = text.split("[[cards]]").next().expect("fields");
    let (fields, constraints) = head.split_once("[constraints]").expect("constraints");
    case.write(
        "cards.toml",
        &format!("cards = \"../outside/secret.csv\"\n{fields}"),
    );
    let _ = constraints;
    refused(
        &case,
        "path-outside-game",
        "cards.toml",
        "\"../outside/secret.csv\"",
    );
}

#[test]
fn fonts_outside_the_folder_are_refused() {
    let case = Case::new();
    case.write(
        "fonts/fonts.toml",
        "[[family]]\nname = \"Mine\"\nregular = \"../../outside/secret.ttf\"\nbold = \"../../outside/secret.ttf\"\nitalic = \"../../outside/secret.ttf\"\nbold_italic = \"../../outside/secret.ttf\"\n",
    );
    refused(
        &case,
        "path-outside-game",
        "fonts/fonts.toml",
        "\"../../outside/secret.ttf\"",
    );
}

#[cfg(unix)]
#[test]
fn templates_leading_out_are_refused() {
    let layout = Case::new();
    layout.link(
        "templates/labels/battlegrid-action.toml",
        "../../../outside/secret.toml",
    );
    refused(
        &layout,
        "path-outside-game",
        "game.toml",
        "\"battlegrid-action\"",
    );

    let page = Case::new();
    page.link("templates/html/page.html", "../../../outside/secret.html");
    let run = page.build();
    assert_ne!(run.code, 0, "{}", run.dump());
    // An operational failure under --format json: a JSON line on stdout.
    let refused = run.with_id("operational");
    assert!(
        refused
            .iter()
            .any(|d| d.message.contains("path-outside-game")),
        "{}",
        run.dump()
    );

    let game_toml = Case::new();
    let text = std::fs::read_to_string(game_toml.game().join("game.toml")).expect("read");
    std::fs::write(
        game_toml.outside("secret.toml"),
        text.replace("Minimal", MARKER),
    )
    .expect("write");
    game_toml.link("game.toml", "../outside/secret.toml");
    let run = game_toml.build();
    run.exit(1);
    assert_eq!(run.with_id("path-outside-game").len(), 1, "{}", run.dump());
}

#[test]
fn ids_that_would_name_files_outside_are_refused() {
    let layout = Case::new();
    layout.edit(
        "game.toml",
        "layout = \"battlegrid-action\"",
        "layout = \"../../outside/secret\"",
    );
    refused(&layout, "bad-id", "game.toml", "\"../../outside/secret\"");

    let deck = Case::new();
    deck.edit("game.toml", "id = \"action\"", "id = \"../../escaped/x\"");
    deck.edit(
        "game.toml",
        "deck = \"action\"",
        "deck = \"../../escaped/x\"",
    );
    refused(&deck, "bad-id", "game.toml", "\"../../escaped/x\"");
    assert!(!deck.dir.path().join("escaped").exists());

    let aid = Case::new();
    let target = aid.dir.path().join("abs");
    let id = target.display().to_string();
    aid.edit("game.toml", "id = \"aid\"", &format!("id = \"{id}\""));
    aid.edit("game.toml", "aid = \"aid\"", &format!("aid = \"{id}\""));
    refused(&aid, "bad-id", "game.toml", &format!("\"{id}\""));
    assert!(!aid.dir.path().join("abs.pdf").exists());
}
