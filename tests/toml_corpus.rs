//! Every document of toml-test's invalid corpus (tests/corpora/toml-test-invalid),
//! put in place of a game's `game.toml`, must make `grogpress check` exit 1
//! with at least one located error naming `game.toml`, and must never panic.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const CORPUS: &str = "tests/corpora/toml-test-invalid";
const MIN_FILES: usize = 500;
const WORKERS: usize = 4;
const TIMEOUT: Duration = Duration::from_secs(60);

/// Every `.toml` file under `dir`, recursively, sorted.
fn corpus_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let entries = std::fs::read_dir(&d)
            .unwrap_or_else(|e| panic!("cannot read corpus folder {}: {e}", d.display()));
        for entry in entries {
            let path = entry.expect("corpus folder entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "toml") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// A value of a flat JSON object, as much of it as these tests need.
#[derive(Debug, PartialEq)]
enum Value {
    Str(String),
    Num(i64),
    Other,
}

/// Parses one line holding a flat JSON object (string keys; string, integer,
/// `true`/`false`/`null` values) into its fields, or `None` if it is not one.
fn parse_flat_object(line: &str) -> Option<Vec<(String, Value)>> {
    let mut chars = line.trim().chars().peekable();
    let mut fields = Vec::new();

    fn skip_ws(it: &mut std::iter::Peekable<std::str::Chars<'_>>) {
        while it.peek().is_some_and(|c| c.is_whitespace()) {
            it.next();
        }
    }
    fn string(it: &mut std::iter::Peekable<std::str::Chars<'_>>) -> Option<String> {
        if it.next()? != '"' {
            return None;
        }
        let mut s = String::new();
        loop {
            match it.next()? {
                '"' => return Some(s),
                '\\' => match it.next()? {
                    'n' => s.push('\n'),
                    'r' => s.push('\r'),
                    't' => s.push('\t'),
                    'b' => s.push('\u{8}'),
                    'f' => s.push('\u{c}'),
                    'u' => {
                        let hex: String = (0..4).map(|_| it.next()).collect::<Option<_>>()?;
                        let code = u32::from_str_radix(&hex, 16).ok()?;
                        s.push(char::from_u32(code).unwrap_or('\u{fffd}'));
                    }
                    c => s.push(c),
                },
                c => s.push(c),
            }
        }
    }

    if chars.next()? != '{' {
        return None;
    }
    skip_ws(&mut chars);
    if chars.peek() == Some(&'}') {
        chars.next();
        return chars.next().is_none().then_some(fields);
    }
    loop {
        skip_ws(&mut chars);
        let key = string(&mut chars)?;
        skip_ws(&mut chars);
        if chars.next()? != ':' {
            return None;
        }
        skip_ws(&mut chars);
        let value = match *chars.peek()? {
            '"' => Value::Str(string(&mut chars)?),
            c if c == '-' || c.is_ascii_digit() => {
                let mut n = String::new();
                while chars
                    .peek()
                    .is_some_and(|c| *c == '-' || c.is_ascii_alphanumeric() || *c == '.')
                {
                    n.push(chars.next()?);
                }
                n.parse().map(Value::Num).unwrap_or(Value::Other)
            }
            _ => {
                let mut word = String::new();
                while chars.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
                    word.push(chars.next()?);
                }
                if !matches!(word.as_str(), "true" | "false" | "null") {
                    return None;
                }
                Value::Other
            }
        };
        fields.push((key, value));
        skip_ws(&mut chars);
        match chars.next()? {
            ',' => continue,
            '}' => break,
            _ => return None,
        }
    }
    skip_ws(&mut chars);
    chars.next().is_none().then_some(fields)
}

fn field<'a>(fields: &'a [(String, Value)], name: &str) -> Option<&'a Value> {
    fields.iter().find(|(k, _)| k == name).map(|(_, v)| v)
}

/// Whether a JSON diagnostic line is an error located in a `game.toml` at a
/// line and column of at least 1.
fn is_located_game_toml_error(line: &str) -> bool {
    let Some(fields) = parse_flat_object(line) else {
        return false;
    };
    let severity_ok = field(&fields, "severity") == Some(&Value::Str("error".into()));
    let file_ok = matches!(field(&fields, "file"), Some(Value::Str(f)) if f.ends_with("game.toml"));
    let line_ok = matches!(field(&fields, "line"), Some(Value::Num(n)) if *n >= 1);
    let column_ok = matches!(field(&fields, "column"), Some(Value::Num(n)) if *n >= 1);
    severity_ok && file_ok && line_ok && column_ok
}

/// Runs `grogpress check <dir> --format json`, killing it after `TIMEOUT`.
/// Returns the exit status (`None` on timeout), stdout and stderr.
fn run_check(dir: &Path) -> (Option<ExitStatus>, Vec<u8>, Vec<u8>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grogpress"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg("check")
        .arg(dir)
        .args(["--format", "json"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn grogpress");
    let mut out_pipe = child.stdout.take().expect("child stdout piped");
    let mut err_pipe = child.stderr.take().expect("child stderr piped");
    let out_reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = out_pipe.read_to_end(&mut buf);
        buf
    });
    let err_reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = err_pipe.read_to_end(&mut buf);
        buf
    });
    let deadline = Instant::now() + TIMEOUT;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for grogpress") {
            break Some(status);
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let stdout = out_reader.join().expect("stdout reader thread");
    let stderr = err_reader.join().expect("stderr reader thread");
    (status, stdout, stderr)
}

/// Checks one corpus document; `Err` describes what went wrong.
fn check_document(doc: &Path, root: &Path) -> Result<(), String> {
    let bytes = std::fs::read(doc).unwrap_or_else(|e| panic!("cannot read {}: {e}", doc.display()));
    let game = tempfile::tempdir().expect("create temp game folder");
    std::fs::write(game.path().join("game.toml"), &bytes).expect("write temp game.toml");

    let (status, stdout, stderr) = run_check(game.path());
    let stdout = String::from_utf8_lossy(&stdout);
    let stderr = String::from_utf8_lossy(&stderr);

    let mut problems = Vec::new();
    match status.map(|s| s.code()) {
        Some(Some(1)) => {}
        Some(Some(code)) => problems.push(format!("exit code {code}, expected 1")),
        Some(None) => problems.push("killed by a signal, expected exit code 1".to_string()),
        None => problems.push(format!("still running after {TIMEOUT:?}, killed")),
    }
    if stderr.contains("panicked") {
        problems.push("stderr mentions \"panicked\"".to_string());
    }
    if !stdout.lines().any(is_located_game_toml_error) {
        problems.push(
            "no error diagnostic with a \"file\" ending in game.toml, line >= 1 and column >= 1"
                .to_string(),
        );
    }
    if problems.is_empty() {
        return Ok(());
    }

    let name = doc.strip_prefix(root).unwrap_or(doc).display().to_string();
    let stderr_excerpt: String = stderr.chars().take(2000).collect();
    Err(format!(
        "{name}: {}\n  exit: {:?}\n  stdout:\n{}\n  stderr:\n{}",
        problems.join("; "),
        status.and_then(|s| s.code()),
        indent(&stdout),
        indent(&stderr_excerpt),
    ))
}

fn indent(text: &str) -> String {
    if text.trim().is_empty() {
        return "    (empty)".to_string();
    }
    text.lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn invalid_toml_documents_are_reported_with_a_location() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(CORPUS);
    let docs = corpus_files(&root);
    assert!(
        docs.len() >= MIN_FILES,
        "expected at least {MIN_FILES} .toml documents under {}, found {}",
        root.display(),
        docs.len()
    );

    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..WORKERS {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(doc) = docs.get(i) else { break };
                    if let Err(msg) = check_document(doc, &root) {
                        failures.lock().expect("failures lock").push((i, msg));
                    }
                }
            });
        }
    });

    let mut failures = failures.into_inner().expect("failures lock");
    failures.sort_by_key(|(i, _)| *i);
    assert!(
        failures.is_empty(),
        "{} of {} invalid TOML documents were not handled correctly:\n\n{}",
        failures.len(),
        docs.len(),
        failures
            .iter()
            .map(|(_, m)| m.as_str())
            .collect::<Vec<_>>()
            .join("\n\n")
    );
}

#[test]
fn flat_json_parser_reads_diagnostic_lines() {
    let line = r#"{"severity":"error","id":"toml-syntax","message":"a \"line\":0 \\ x","file":"/tmp/x/game.toml","line":3,"column":5,"end_line":3,"end_column":6,"hint":"h"}"#;
    assert!(is_located_game_toml_error(line));
    let fields = parse_flat_object(line).expect("valid line parses");
    assert_eq!(
        field(&fields, "message"),
        Some(&Value::Str("a \"line\":0 \\ x".into()))
    );
    assert!(!is_located_game_toml_error(
        r#"{"severity":"error","id":"io","message":"m"}"#
    ));
    assert!(!is_located_game_toml_error(
        r#"{"severity":"warning","id":"w","message":"m","file":"/a/game.toml","line":1,"column":1}"#
    ));
    assert!(!is_located_game_toml_error(
        r#"{"severity":"error","id":"e","message":"m","file":"/a/units.toml","line":1,"column":1}"#
    ));
    assert!(!is_located_game_toml_error(
        r#"{"severity":"error","id":"e","message":"m","file":"/a/game.toml","line":0,"column":1}"#
    ));
    assert!(parse_flat_object("not json").is_none());
    assert!(parse_flat_object(r#"{"a":1"#).is_none());
}
