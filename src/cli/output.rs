//! CLI: writing output files atomically — a temporary file in the same folder,
//! then a rename — so a failed build never leaves half a PDF behind.

use std::io::Write;
use std::path::Path;

use crate::load::OpError;

pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), OpError> {
    let dir = path.parent().unwrap_or_else(|| Path::new("."));
    std::fs::create_dir_all(dir)
        .map_err(|e| OpError(format!("cannot create {}: {e}", dir.display())))?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.tmp-{}", std::process::id()));
    let result = std::fs::File::create(&tmp)
        .and_then(|mut f| f.write_all(bytes).and_then(|_| f.sync_all()))
        .and_then(|_| std::fs::rename(&tmp, path));
    result.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        OpError(format!("cannot write {}: {e}", path.display()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_and_replaces_without_leftovers() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("a/b.pdf");
        write_atomic(&path, b"one").expect("first write");
        write_atomic(&path, b"two").expect("second write");
        assert_eq!(std::fs::read(&path).expect("read back"), b"two");
        let names: Vec<_> = std::fs::read_dir(dir.path().join("a"))
            .expect("list")
            .filter_map(|e| e.ok())
            .collect();
        assert_eq!(names.len(), 1);
    }

    #[test]
    fn unwritable_place_is_an_error() {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("file");
        std::fs::write(&file, b"x").expect("write");
        assert!(write_atomic(&file.join("sub/out.pdf"), b"y").is_err());
    }
}
