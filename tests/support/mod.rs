//! Shared by the tests that read diagnostics: runs the real binary and reads
//! its JSON-line diagnostics back.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

pub mod raw;
pub mod tools;

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

/// 1-based line and column (in characters) of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() + 1)
}

enum Json {
    Str(String),
    Num(f64),
    Other,
}

pub fn parse_diag(line: &str) -> Result<Diag, String> {
    let mut d = Diag::default();
    for (key, value) in parse_object(line)? {
        match (key.as_str(), value) {
            ("severity", Json::Str(s)) => d.severity = s,
            ("id", Json::Str(s)) => d.id = s,
            ("message", Json::Str(s)) => d.message = s,
            ("file", Json::Str(s)) => d.file = s,
            ("hint", Json::Str(s)) => d.hint = Some(s),
            ("line", Json::Num(n)) => d.line = n as usize,
            ("column", Json::Num(n)) => d.column = n as usize,
            _ => {}
        }
    }
    if d.id.is_empty() || d.severity.is_empty() {
        return Err("no `id` or `severity`".to_string());
    }
    Ok(d)
}

/// A one-level JSON object of strings, numbers and literals.
fn parse_object(text: &str) -> Result<Vec<(String, Json)>, String> {
    let mut chars = text.trim().chars().peekable();
    let mut out = Vec::new();
    if chars.next() != Some('{') {
        return Err("expected `{`".to_string());
    }
    loop {
        skip_ws(&mut chars);
        match chars.peek() {
            Some('}') => {
                chars.next();
                break;
            }
            Some('"') => {}
            other => return Err(format!("expected a key, found {other:?}")),
        }
        let key = parse_string(&mut chars)?;
        skip_ws(&mut chars);
        if chars.next() != Some(':') {
            return Err(format!("expected `:` after \"{key}\""));
        }
        skip_ws(&mut chars);
        let value = match chars.peek() {
            Some('"') => Json::Str(parse_string(&mut chars)?),
            Some(c) if *c == '-' || c.is_ascii_digit() => {
                let mut num = String::new();
                while let Some(c) = chars.peek().copied() {
                    if c == '-'
                        || c == '+'
                        || c == '.'
                        || c == 'e'
                        || c == 'E'
                        || c.is_ascii_digit()
                    {
                        num.push(c);
                        chars.next();
                    } else {
                        break;
                    }
                }
                Json::Num(num.parse().map_err(|e| format!("number `{num}`: {e}"))?)
            }
            Some(c) if c.is_ascii_alphabetic() => {
                while chars.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
                    chars.next();
                }
                Json::Other
            }
            other => return Err(format!("unexpected {other:?} for \"{key}\"")),
        };
        out.push((key, value));
        skip_ws(&mut chars);
        match chars.next() {
            Some(',') => continue,
            Some('}') => break,
            other => return Err(format!("expected `,` or `}}`, found {other:?}")),
        }
    }
    skip_ws(&mut chars);
    match chars.next() {
        None => Ok(out),
        Some(c) => Err(format!("trailing {c:?} after the object")),
    }
}

fn skip_ws(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) {
    while chars.peek().is_some_and(|c| c.is_whitespace()) {
        chars.next();
    }
}

fn parse_string(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) -> Result<String, String> {
    if chars.next() != Some('"') {
        return Err("expected `\"`".to_string());
    }
    let mut out = String::new();
    loop {
        match chars.next() {
            None => return Err("unterminated string".to_string()),
            Some('"') => return Ok(out),
            Some('\\') => match chars.next() {
                Some('"') => out.push('"'),
                Some('\\') => out.push('\\'),
                Some('/') => out.push('/'),
                Some('n') => out.push('\n'),
                Some('r') => out.push('\r'),
                Some('t') => out.push('\t'),
                Some('b') => out.push('\u{8}'),
                Some('f') => out.push('\u{c}'),
                Some('u') => {
                    let hex: String = chars.by_ref().take(4).collect();
                    let n = u32::from_str_radix(&hex, 16).map_err(|e| format!("\\u{hex}: {e}"))?;
                    out.push(char::from_u32(n).unwrap_or('\u{fffd}'));
                }
                other => return Err(format!("bad escape {other:?}")),
            },
            Some(c) => out.push(c),
        }
    }
}
