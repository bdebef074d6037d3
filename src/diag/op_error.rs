//! Shared by every stage: an operational failure (exit 2), as distinct from
//! a problem in the data (a diagnostic, exit 1).

use std::path::{Path, PathBuf};

/// An operational failure (a file that cannot be read, a folder that cannot be
/// written): not a problem in the data, so it is not a diagnostic. A failure
/// of the file system keeps the path and the `io::Error` (its `source`), as
/// typst's file errors do, so a caller can tell "not found" from "denied".
#[derive(Debug)]
pub struct OpError {
    message: String,
    path: Option<PathBuf>,
    source: Option<std::io::Error>,
}

impl OpError {
    /// A failure told in words.
    pub fn new(message: impl Into<String>) -> OpError {
        OpError {
            message: message.into(),
            path: None,
            source: None,
        }
    }

    /// "cannot `doing` `path`: `source`" (doing: "read", "write", "create"...).
    pub fn io(doing: &str, path: &Path, source: std::io::Error) -> OpError {
        OpError {
            message: format!("cannot {doing} {}", path.display()),
            path: Some(path.to_path_buf()),
            source: Some(source),
        }
    }

    /// The file or folder the failure is about, when it is one.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The operating system's error, when the file system failed.
    pub fn io_error(&self) -> Option<&std::io::Error> {
        self.source.as_ref()
    }
}

impl std::fmt::Display for OpError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.source {
            Some(source) => write!(f, "{}: {source}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for OpError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source.as_ref().map(|e| e as _)
    }
}

impl From<String> for OpError {
    fn from(message: String) -> OpError {
        OpError::new(message)
    }
}
