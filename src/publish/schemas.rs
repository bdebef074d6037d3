//! Publish: the JSON Schemas of the data files (made by `load::schema` from
//! the table declarations) written into a folder, for editors (`grogpress
//! schema`, and the `schemas/` of a game `grogpress new` creates).

use std::path::{Path, PathBuf};

use crate::load::OpError;

/// Writes every JSON Schema into `dir`; returns the files written.
pub fn write_schemas(dir: &Path) -> Result<Vec<PathBuf>, OpError> {
    let mut written = Vec::new();
    for schema in crate::load::schema::schemas() {
        let path = dir.join(schema.file_name);
        super::write_atomic(&path, schema.to_json().as_bytes())?;
        written.push(path);
    }
    Ok(written)
}
