//! Helpers shared by the workflow integration tests: running the real binary,
//! reading `--format json` diagnostics back, copying game folders.
#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, Output};

/// One diagnostic read back from a JSON line.
#[derive(Debug, Clone, PartialEq)]
pub struct Diag {
    pub id: String,
    pub file: String,
    pub line: usize,
    pub column: usize,
}

/// Runs grogpress from the crate root.
pub fn grogpress(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grogpress"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .expect("run grogpress")
}

/// Everything a run printed, for assertion messages.
pub fn dump(out: &Output) -> String {
    format!(
        "exit {:?}\n--- stdout\n{}--- stderr\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// The diagnostics of a `--format json` run (one object per line).
pub fn diags(out: &Output) -> Vec<Diag> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| Diag {
            id: json_str(l, "id").unwrap_or_else(|| panic!("no id in {l}")),
            file: json_str(l, "file").unwrap_or_default(),
            line: json_num(l, "line").unwrap_or(0),
            column: json_num(l, "column").unwrap_or(0),
        })
        .collect()
}

/// A string member of a flat JSON object (no escapes in the values read here).
pub fn json_str(line: &str, key: &str) -> Option<String> {
    let start = line.find(&format!("\"{key}\":\""))? + key.len() + 4;
    let end = line[start..].find('"')? + start;
    Some(line[start..end].to_string())
}

pub fn json_num(line: &str, key: &str) -> Option<usize> {
    let start = line.find(&format!("\"{key}\":"))? + key.len() + 3;
    let digits: String = line[start..]
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect();
    digits.parse().ok()
}

/// Copies a folder recursively.
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create dir");
    for entry in std::fs::read_dir(from).expect("list dir").flatten() {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy file");
        }
    }
}
