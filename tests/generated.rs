//! Files made from the table declarations (`src/load/spec.rs`): the JSON
//! Schemas in `schemas/` and the key reference of `docs/data-format.md`
//! must be what the declarations give today. After changing a declaration,
//! write them anew with `GROGPRESS_BLESS=1 cargo test --test generated`.

use std::path::Path;

use grogpress::load::schema::{schemas, with_key_tables};

fn bless() -> bool {
    std::env::var_os("GROGPRESS_BLESS").is_some_and(|v| v == "1")
}

/// Compares `path` with what it should hold, or writes it when blessing.
fn check(path: &Path, want: &str, stale: &mut Vec<String>) {
    let have = std::fs::read_to_string(path).unwrap_or_default();
    if have == want {
        return;
    }
    if bless() {
        std::fs::write(path, want).expect("write a generated file");
    } else {
        stale.push(path.display().to_string());
    }
}

#[test]
fn schemas_and_docs_key_tables_are_generated() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut stale = Vec::new();
    for schema in schemas() {
        let path = root.join("schemas").join(schema.file_name);
        check(&path, &schema.to_json(), &mut stale);
    }
    let docs = root.join("docs/data-format.md");
    let text = std::fs::read_to_string(&docs).expect("read docs/data-format.md");
    let want = with_key_tables(&text).expect("docs/data-format.md has a key reference");
    check(&docs, &want, &mut stale);
    assert!(
        stale.is_empty(),
        "{} differ from the table declarations; write them anew with \
         `GROGPRESS_BLESS=1 cargo test --test generated` and review the diff",
        stale.join(", ")
    );
}
