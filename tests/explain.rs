//! `grogpress explain`: every diagnostic id the code can emit — each string
//! literal passed to `Diagnostic::error`/`warning` or `Diagnostics::error` in
//! src/ (outside test modules) — has an explanation with an example, and
//! `explain` prints it.

mod support;

use std::path::Path;

use support::raw::{dump, grogpress};

/// The ids emitted in the source, read from the code itself: string
/// literals passed to the diagnostic constructors, and where an id is passed
/// on (`fn template_fits(.., id: &'static str, ..)`) or chosen first
/// (`let id = if .. { "a" } else { "b" };`), the literals at those places.
fn emitted_ids() -> Vec<String> {
    let mut ids = Vec::new();
    let mut files = Vec::new();
    rust_files(
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src")),
        &mut files,
    );
    let code: Vec<(std::path::PathBuf, String)> = files
        .into_iter()
        .map(|f| {
            let text = std::fs::read_to_string(&f).expect("read source");
            // Unit tests make up ids of their own.
            let code = text.split("#[cfg(test)]").next().unwrap_or("").to_string();
            (f, code)
        })
        .collect();
    // Functions that take an id and pass it on to a constructor.
    let mut forwarders = Vec::new();
    for (_, text) in &code {
        for (at, _) in text.match_indices("id: &'static str") {
            // Only a parameter: no body or statement between `fn` and it.
            if let Some(fn_at) = text[..at].rfind("fn ")
                && !text[fn_at..at].contains(['{', ';'])
            {
                let name: String = text[fn_at + 3..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                // `at` locates a result's error: its id is at its call.
                if !["error", "warning", "at"].contains(&name.as_str()) {
                    forwarders.push(name);
                }
            }
        }
    }
    for (file, text) in &code {
        let mut calls: Vec<String> = vec![
            "Diagnostic::error(".into(),
            "Diagnostic::warning(".into(),
            "diags.error(".into(),
            "error!(".into(),
            "warning!(".into(),
            ".at(".into(),
        ];
        calls.extend(forwarders.iter().map(|f| format!("{f}(")));
        let mut passes_a_variable = false;
        for call in &calls {
            for (at, _) in text.match_indices(call.as_str()) {
                let args = call_args(&text[at + call.len()..]);
                if call.starts_with("Diagnostic::")
                    || call.starts_with("diags.")
                    || call.ends_with("!(")
                    || call == ".at("
                {
                    let first = args.trim_start();
                    if let Some(literal) = first.strip_prefix('"') {
                        ids.push(literal.chars().take_while(|c| *c != '"').collect());
                    } else {
                        passes_a_variable = true;
                    }
                } else {
                    let found = kebab_literals(args);
                    passes_a_variable |= found.is_empty();
                    ids.extend(found);
                }
            }
        }
        if passes_a_variable
            && !file.starts_with(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/diag"))
        {
            // The id is chosen in a `let id = ...;` or is a forwarder's parameter.
            let mut chosen = Vec::new();
            for (at, _) in text.match_indices("let id = ") {
                let end = text[at..].find(';').map_or(text.len(), |e| at + e);
                chosen.extend(kebab_literals(&text[at..end]));
            }
            let forwards = text.contains("id: &'static str");
            assert!(
                forwards || !chosen.is_empty(),
                "{}: a diagnostic id is neither a literal nor chosen in `let id = ...`",
                file.display()
            );
            ids.extend(chosen);
        }
    }
    ids.sort();
    ids.dedup();
    ids
}

/// The text of a call's arguments, up to its closing parenthesis.
fn call_args(rest: &str) -> &str {
    let mut depth = 1;
    for (i, c) in rest.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return &rest[..i];
                }
            }
            _ => {}
        }
    }
    rest
}

/// String literals that look like diagnostic ids: `"word-word"`.
fn kebab_literals(text: &str) -> Vec<String> {
    text.split('"')
        .skip(1)
        .step_by(2)
        .filter(|s| {
            s.contains('-')
                && !s.starts_with('-')
                && !s.ends_with('-')
                && s.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        })
        .map(str::to_string)
        .collect()
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
        "ids with no explanation (add them to src/diag/explain.rs): {missing:?}"
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
fn the_list_into_a_pipe_holds_whole_sentences() {
    // The test reads the binary's stdout through a pipe: not a terminal.
    let listed = grogpress(&["explain"]);
    assert_eq!(listed.status.code(), Some(0), "{}", dump(&listed));
    let text = String::from_utf8_lossy(&listed.stdout);
    assert!(!text.contains('…'), "a line was cut:\n{text}");
    // The one explanation whose first sentence is long: printed to its end.
    let line = text
        .lines()
        .find(|l| l.starts_with("card-title-mismatch "))
        .expect("card-title-mismatch listed");
    assert!(
        line.ends_with("matches a card's title only when capitals are ignored"),
        "{line}"
    );
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
