//! Shared by every stage: an operational failure (exit 2), as distinct from
//! a problem in the data (a diagnostic, exit 1).

use std::path::Path;

/// An operational failure (a file that cannot be read, a folder that cannot be
/// written): not a problem in the data, so it is not a diagnostic. A failure
/// of the file system keeps the `io::Error` as its `source`, as typst's file
/// errors do, so a caller can tell "not found" from "denied"; the path is in
/// the message.
#[derive(Debug)]
pub struct OpError {
    message: String,
    source: Option<std::io::Error>,
}

impl OpError {
    /// A failure told in words.
    pub fn new(message: impl Into<String>) -> OpError {
        OpError {
            message: message.into(),
            source: None,
        }
    }

    /// "cannot `doing` `path`: `source`" (doing: "read", "write", "create"...).
    pub fn io(doing: &str, path: &Path, source: std::io::Error) -> OpError {
        OpError {
            message: format!("cannot {doing} {}", path.display()),
            source: Some(source),
        }
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
