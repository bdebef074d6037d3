//! Shared by the tests that read diagnostics: runs the real binary and reads
//! its JSON-line diagnostics back.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

pub mod editions;
pub mod figure_game;
pub mod hero_game;
pub mod owned_toml;
pub mod places_game;
pub mod points_map;
pub mod prose;
pub mod raw;
pub mod running;
pub mod tools;
pub mod vassal_reader;

/// One diagnostic, read back from a JSON line.
#[derive(Clone, Debug, Default)]
pub struct Diag {
    pub severity: String,
    pub id: String,
    pub message: String,
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub hint: Option<String>,
}

pub struct Run {
    pub what: String,
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
    pub diags: Vec<Diag>,
}

impl Run {
    pub fn dump(&self) -> String {
        format!(
            "`grogpress {}` exited {}\n--- stdout\n{}--- stderr\n{}",
            self.what, self.code, self.stdout, self.stderr
        )
    }

    pub fn with_id(&self, id: &str) -> Vec<&Diag> {
        self.diags.iter().filter(|d| d.id == id).collect()
    }

    /// The diagnostic with this id at `file:line:col` (`file` is a path
    /// suffix such as `bad/wrong-type/cards.toml`); fails if there is none.
    pub fn expect(
        &self,
        severity: &str,
        id: &str,
        file: &str,
        line: usize,
        column: usize,
    ) -> &Diag {
        self.diags
            .iter()
            .find(|d| {
                d.id == id
                    && d.severity == severity
                    && d.file.ends_with(file)
                    && d.line == line
                    && d.column == column
            })
            .unwrap_or_else(|| {
                panic!(
                    "expected {severity} `{id}` at …{file}:{line}:{column}\n{}",
                    self.dump()
                )
            })
    }

    /// Every diagnostic has one of these ids.
    pub fn only_ids(&self, allowed: &[&str]) {
        for d in &self.diags {
            assert!(
                allowed.contains(&d.id.as_str()),
                "unexpected `{}` at {}:{}:{} ({}); allowed here: {allowed:?}\n{}",
                d.id,
                d.file,
                d.line,
                d.column,
                d.message,
                self.dump()
            );
        }
    }

    pub fn exit(&self, code: i32) {
        assert_eq!(self.code, code, "wrong exit code\n{}", self.dump());
    }
}

/// Runs the binary from the crate root; fails the test on a panic or a signal.
pub fn grogpress(args: &[&str]) -> Run {
    let output = raw::grogpress(args);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let what = args.join(" ");
    assert!(
        !stderr.contains("panicked"),
        "`grogpress {what}` panicked:\n{stderr}"
    );
    let code = output
        .status
        .code()
        .unwrap_or_else(|| panic!("`grogpress {what}` was killed by a signal:\n{stderr}"));
    // JSON lines with a severity are diagnostics (others are a command's
    // own output, such as `odds --format json`).
    let diags = if args.contains(&"json") {
        stdout
            .lines()
            .filter(|l| l.starts_with('{') && l.contains("\"severity\""))
            .map(|l| {
                parse_diag(l).unwrap_or_else(|e| panic!("bad JSON line from `{what}`: {e}\n{l}"))
            })
            .collect()
    } else {
        Vec::new()
    };
    Run {
        what,
        code,
        stdout,
        stderr,
        diags,
    }
}

/// `export vassal` of the game folder `game` under `out`; the module's
/// path (`out/<game>/<game>.vmod`). Fails the test when the export does.
pub fn export_vassal(game: &Path, out: &Path) -> PathBuf {
    let run = grogpress(&[
        "export",
        "vassal",
        game.to_str().expect("path"),
        "--out",
        out.to_str().expect("path"),
    ]);
    assert_eq!(run.code, 0, "{}", run.dump());
    let id = game.file_name().and_then(|n| n.to_str()).expect("name");
    // The summary names the game by its id, as check and build do, not by
    // the path the command was given.
    assert!(
        run.stderr
            .lines()
            .any(|l| l.starts_with(&format!("{id}: ")) && l.contains(" error")),
        "no summary naming `{id}`: {}",
        run.dump()
    );
    out.join(id).join(format!("{id}.vmod"))
}

/// `grogpress build GAME --out OUT`, which must succeed.
pub fn build_ok(game: &Path, out: &Path) -> Run {
    let run = build(game, out, &[]);
    assert_eq!(run.code, 0, "{}", run.dump());
    run
}

/// `grogpress build GAME --out OUT` and the `extra` arguments, as it went.
pub fn build(game: &Path, out: &Path, extra: &[&str]) -> Run {
    let mut args = vec![
        "build",
        game.to_str().expect("a UTF-8 path"),
        "--out",
        out.to_str().expect("a UTF-8 path"),
    ];
    args.extend_from_slice(extra);
    grogpress(&args)
}

/// Runs git in `dir` with no configuration but the repository's own (and
/// a test author); it must succeed.
pub fn git(dir: &Path, args: &[&str]) -> std::process::Output {
    let out = std::process::Command::new("git")
        .current_dir(dir)
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .args(["-c", "user.name=Test", "-c", "user.email=test@example.com"])
        .args(args)
        .output()
        .expect("run git");
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// The deck file of a small game written by a test: `Orders`, whose cards
/// have a title and a rich text, one `[[cards]]` table a (title, text).
pub fn orders_deck(cards: &[(&str, &str)]) -> String {
    let mut deck = String::from(
        "name = \"Orders\"\ntitle_field = \"title\"\n\n[[fields]]\nname = \"title\"\nkind = \"text\"\n\n[[fields]]\nname = \"text\"\nkind = \"rich\"\n",
    );
    for (title, text) in cards {
        deck.push_str(&format!(
            "\n[[cards]]\ntitle = \"{title}\"\ntext = \"{text}\"\n"
        ));
    }
    deck
}

/// A temp folder holding the starter game `g` (`grogpress new g`).
pub fn starter_game() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().expect("temp dir");
    let made = raw::grogpress_in(tmp.path(), &["new", "g"]);
    assert_eq!(made.status.code(), Some(0), "{}", raw::dump(&made));
    tmp
}

/// The HTML pages of the folder `dir` (not below it), sorted by path.
pub fn html_files(dir: &Path) -> Vec<PathBuf> {
    let mut pages: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("html folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "html"))
        .collect();
    pages.sort();
    pages
}

/// Copies a folder tree.
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create a folder");
    for entry in std::fs::read_dir(from).expect("list a folder") {
        let entry = entry.expect("a folder entry");
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy a file");
        }
    }
}

/// A shipped game copied into a temp dir.
pub fn temp_game(game: &str) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().expect("a temp dir");
    let dir = tmp.path().join(game);
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("data")
            .join(game),
        &dir,
    );
    (tmp, dir)
}

/// A copy of Battlefront in a temp dir whose rules end with `markdown`, and
/// each of `files` (a path in the game, text) with the text added at its end.
pub fn battlefront_with(markdown: &str, files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let game = dir.path().join("battlefront");
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("data/battlefront"),
        &game,
    );
    let rules = game.join("rules/battlefront.md");
    let mut md = std::fs::read_to_string(&rules).expect("read rules");
    md.push_str(markdown);
    std::fs::write(&rules, md).expect("write rules");
    for (path, text) in files {
        let path = game.join(path);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("folder");
        }
        let mut old = std::fs::read_to_string(&path).unwrap_or_default();
        old.push_str(text);
        std::fs::write(&path, old).expect("write");
    }
    dir
}

/// 1-based line and column (in characters) of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() + 1)
}

/// A diagnostic from one JSON line of `--format json` (read with serde_json).
pub fn parse_diag(line: &str) -> Result<Diag, String> {
    let value: serde_json::Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
    let text = |key: &str| value.get(key).and_then(|v| v.as_str()).map(str::to_string);
    let number = |key: &str| value.get(key).and_then(|v| v.as_u64()).unwrap_or(0) as usize;
    let (Some(severity), Some(id)) = (text("severity"), text("id")) else {
        return Err("no `id` or `severity`".to_string());
    };
    Ok(Diag {
        severity,
        id,
        message: text("message").unwrap_or_default(),
        file: text("file").unwrap_or_default(),
        line: number("line"),
        column: number("column"),
        hint: text("hint"),
    })
}

/// The archive's files, each checked against its CRC-32.
pub fn unzip(bytes: &[u8]) -> std::collections::BTreeMap<String, Vec<u8>> {
    let num = |i: usize, n: usize| -> usize {
        (0..n)
            .rev()
            .fold(0usize, |v, k| (v << 8) | usize::from(bytes[i + k]))
    };
    let end = bytes.len() - 22;
    assert_eq!(num(end, 4), 0x0605_4b50, "end of central directory");
    let mut at = num(end + 16, 4);
    let mut files = std::collections::BTreeMap::new();
    for _ in 0..num(end + 10, 2) {
        assert_eq!(num(at, 4), 0x0201_4b50);
        let (crc, size, name_len) = (num(at + 16, 4), num(at + 24, 4), num(at + 28, 2));
        let local = num(at + 42, 4);
        let name = String::from_utf8(bytes[at + 46..at + 46 + name_len].to_vec()).expect("utf-8");
        assert_eq!(num(local, 4), 0x0403_4b50, "{name}: local header");
        let data_at = local + 30 + num(local + 26, 2) + num(local + 28, 2);
        let data = bytes[data_at..data_at + size].to_vec();
        let mut sum = flate2::Crc::new();
        sum.update(&data);
        assert_eq!(sum.sum() as usize, crc, "{name}: CRC");
        files.insert(name, data);
        at += 46 + name_len;
    }
    files
}

/// A PNG's width and height.
pub fn png_size(png: &[u8]) -> (u32, u32) {
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let be = |i: usize| u32::from_be_bytes([png[i], png[i + 1], png[i + 2], png[i + 3]]);
    (be(16), be(20))
}

/// The default rules family's regular face (as `fonts/fonts.toml` names its
/// file), per em: ascender + descender as pdftotext boxes a word (hhea), its
/// descender there, and how far its letters reach above and below the
/// baseline (the tallest of H, d, l and deepest of g, p, y).
struct ProseFace {
    boxed: f64,
    box_descender: f64,
    ink_ascender: f64,
    ink_descender: f64,
}

fn prose_face() -> &'static ProseFace {
    static FACE: std::sync::OnceLock<ProseFace> = std::sync::OnceLock::new();
    FACE.get_or_init(|| {
        let fonts = Path::new(env!("CARGO_MANIFEST_DIR")).join("fonts");
        let toml = std::fs::read_to_string(fonts.join("fonts.toml")).expect("read fonts.toml");
        let name = format!("name = \"{}\"", grogpress::model::DEFAULT_RULES_FAMILY);
        let block = &toml[toml.find(&name).expect("the default rules family")..];
        let line = block
            .lines()
            .find(|l| l.starts_with("regular = "))
            .expect("its regular face");
        let file = line.trim_start_matches("regular = ").trim_matches('"');
        let data = std::fs::read(fonts.join(file)).expect("read the font");
        let face = ttf_parser::Face::parse(&data, 0).expect("a usable font");
        let em = f64::from(face.units_per_em());
        let (asc, desc) = (f64::from(face.ascender()), f64::from(face.descender()));
        let reach = |letters: &str| -> Vec<(f64, f64)> {
            letters
                .chars()
                .filter_map(|c| face.glyph_bounding_box(face.glyph_index(c)?))
                .map(|b| (f64::from(b.y_max) / em, f64::from(b.y_min) / em))
                .collect()
        };
        ProseFace {
            boxed: (asc - desc) / em,
            box_descender: -desc / em,
            ink_ascender: reach("Hdl").iter().map(|r| r.0).fold(0.0, f64::max),
            ink_descender: reach("gpy").iter().map(|r| -r.1).fold(0.0, f64::max),
        }
    })
}

/// The height pdftotext boxes a line of the rulebook's prose in by default:
/// the default rules face, ascender to descender, at `size` points.
pub fn prose_box_height(size: f32) -> f32 {
    (prose_face().boxed * f64::from(size)) as f32
}

/// A word of the default rules face as pdftotext boxes it ([x0, y0, x1, y1],
/// y down), cut to where the face's letters reach about the baseline: where
/// the word is drawn, without the room a tall word box leaves above and
/// below it.
pub fn prose_ink_box(b: &[f64; 4]) -> [f64; 4] {
    let face = prose_face();
    let size = (b[3] - b[1]) / face.boxed;
    let baseline = prose_baseline(b);
    [
        b[0],
        baseline - face.ink_ascender * size,
        b[2],
        baseline + face.ink_descender * size,
    ]
}

/// The baseline of a word of the default rules face as pdftotext boxes it.
pub fn prose_baseline(b: &[f64; 4]) -> f64 {
    let face = prose_face();
    b[3] - face.box_descender * (b[3] - b[1]) / face.boxed
}
