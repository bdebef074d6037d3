//! The command-line tools the tests read outputs with (poppler's pdftotext,
//! pdfinfo, pdftocairo, pdftoppm; qpdf), run and checked in one place.

use std::process::Command;

/// Runs `name args…` and returns its standard output; fails the test if the
/// tool is missing or fails.
pub fn tool(name: &str, args: &[&str]) -> String {
    let out = Command::new(name)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("run {name} (installed by .ci/run): {e}"));
    assert!(
        out.status.success(),
        "{name} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}
