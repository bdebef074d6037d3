//! Build script: lists the default assets — `fonts/`, `templates/`,
//! `data/sheets.toml` and `data/icons/` — and the shipped games of `data/`
//! (for `new --from`) into a table of `include_bytes!` so the installed
//! binary carries them (src/load/embedded.rs). Generated, so a template or
//! font added to the repository is embedded without a code change.

use std::path::{Path, PathBuf};

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default());
    let mut files = Vec::new();
    for dir in ["fonts", "templates"] {
        collect(&root, Path::new(dir), &mut files);
        println!("cargo:rerun-if-changed={dir}");
    }
    // data/sheets.toml, data/icons/ and every shipped game.
    collect(&root, Path::new("data"), &mut files);
    println!("cargo:rerun-if-changed=data");
    files.sort();
    let mut table = String::from(
        "/// Default assets: (path under the project root, contents).\npub static FILES: &[(&str, &[u8])] = &[\n",
    );
    for rel in &files {
        let rel_s = rel.to_string_lossy().replace('\\', "/");
        let abs = root.join(rel);
        table.push_str(&format!(
            "    ({rel_s:?}, include_bytes!({:?})),\n",
            abs.to_string_lossy()
        ));
    }
    table.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap_or_default()).join("embedded.rs");
    if let Err(e) = std::fs::write(&out, table) {
        panic!("cannot write {}: {e}", out.display());
    }
}

fn collect(root: &Path, rel: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(root.join(rel)) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        if name.to_string_lossy().starts_with('.') {
            continue;
        }
        let rel = rel.join(&name);
        if entry.path().is_dir() {
            collect(root, &rel, out);
        } else {
            out.push(rel);
        }
    }
}
