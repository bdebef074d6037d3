//! `grogpress explain`: every diagnostic id the code can emit — each string
//! literal passed to `Diagnostic::error`/`warning` or `Diagnostics::error` in
//! src/ (outside test modules) — has an explanation with an example, and
//! `explain` prints it.

mod common;

use std::path::Path;

use common::{dump, grogpress};

/// The ids emitted in the source, read from the code itself.
fn emitted_ids() -> Vec<String> {
    let mut ids = Vec::new();
    let mut files = Vec::new();
    rust_files(
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src")),
        &mut files,
    );
    for file in files {
        let text = std::fs::read_to_string(&file).expect("read source");
        // Unit tests make up ids of their own.
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        for call in ["Diagnostic::error(", "Diagnostic::warning(", "diags.error("] {
            for (at, _) in code.match_indices(call) {
                let rest = code[at + call.len()..].trim_start();
                if let Some(literal) = rest.strip_prefix('"') {
                    let id: String = literal.chars().take_while(|c| *c != '"').collect();
                    ids.push(id);
                } else {
                    // A non-literal id is only allowed in the constructors themselves.
                    assert!(
                        file.ends_with("diag.rs"),
                        "{}: id not a literal: {}",
                        file.display(),
                        &rest[..rest.len().min(40)]
                    );
                }
            }
        }
    }
    ids.sort();
    ids.dedup();
    ids
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("list src").flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_emitted_id_is_explained() {
    let ids = emitted_ids();
    // The scan itself must find the ids we know are there.
    for known in [
        "unknown-field",
        "card-overflow",
        "too-many-cells",
        "toml-syntax",
    ] {
        assert!(
            ids.iter().any(|i| i == known),
            "scan missed {known}: {ids:?}"
        );
    }
    let listed = grogpress(&["explain"]);
    assert_eq!(listed.status.code(), Some(0), "{}", dump(&listed));
    let listed = String::from_utf8_lossy(&listed.stdout).into_owned();
    let mut missing = Vec::new();
    for id in &ids {
        let out = grogpress(&["explain", id]);
        let text = String::from_utf8_lossy(&out.stdout);
        if out.status.code() != Some(0) {
            missing.push(id.clone());
            continue;
        }
        assert!(text.starts_with(&format!("{id}\n\n")), "{}", dump(&out));
        assert!(
            text.contains("\n\nExample:\n\n    "),
            "{id} has no example: {text}"
        );
        assert!(
            listed.lines().any(|l| l.starts_with(&format!("{id} "))),
            "{id} not listed"
        );
    }
    assert!(
        missing.is_empty(),
        "ids with no explanation (add them to src/cli/explain.rs): {missing:?}"
    );
}

#[test]
fn explanations_are_of_real_ids() {
    // No explanation for an id the code no longer emits.
    let ids = emitted_ids();
    let listed = grogpress(&["explain"]);
    for line in String::from_utf8_lossy(&listed.stdout).lines() {
        let id = line.split_whitespace().next().unwrap_or("");
        assert!(
            ids.iter().any(|i| i == id),
            "`{id}` is explained but never emitted"
        );
    }
}

#[test]
fn unknown_id_suggests_the_closest() {
    let out = grogpress(&["explain", "card-overflw"]);
    assert_eq!(out.status.code(), Some(2), "{}", dump(&out));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("did you mean `card-overflow`?"),
        "{}",
        dump(&out)
    );
}

#[test]
fn color_always_and_never() {
    let always = grogpress(&[
        "check",
        "tests/fixtures/bad/wrong-type",
        "--color",
        "always",
    ]);
    let never = grogpress(&["check", "tests/fixtures/bad/wrong-type", "--color", "never"]);
    let auto = grogpress(&["check", "tests/fixtures/bad/wrong-type"]);
    assert_eq!(always.status.code(), Some(1));
    let always = String::from_utf8_lossy(&always.stderr);
    let never = String::from_utf8_lossy(&never.stderr);
    assert!(
        always.contains("\x1b[1;31merror[wrong-type]\x1b[0m"),
        "{always}"
    );
    assert!(
        !never.contains('\x1b') && never.contains("error[wrong-type]: "),
        "{never}"
    );
    // stderr is a pipe here, so auto means no colour.
    assert_eq!(String::from_utf8_lossy(&auto.stderr), never);
}
