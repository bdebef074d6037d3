//! A grogpress command that keeps running (`watch`, `serve`): its standard
//! error read line by line onto a channel as it prints, the process killed
//! when the test lets go of it.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

/// The process; killed (and reaped) when dropped.
pub struct Running {
    child: Child,
    /// Its stderr, a line at a time.
    pub lines: Receiver<String>,
    /// Every line [`Running::wait_for`] has read, for its failure message.
    seen: Vec<String>,
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Running {
    /// Starts `grogpress ARGS` in `dir`, its stdout thrown away.
    pub fn start(dir: &Path, args: &[&str]) -> Running {
        let mut child = Command::new(env!("CARGO_BIN_EXE_grogpress"))
            .current_dir(dir)
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("start grogpress {args:?}: {e}"));
        let stderr = child.stderr.take().expect("stderr");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Running {
            child,
            lines,
            seen: Vec::new(),
        }
    }

    /// The process id.
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Waits (a minute at most) for a stderr line starting with `start`;
    /// the lines read up to it, it included.
    pub fn wait_for(&mut self, start: &str) -> Vec<String> {
        let mut got = Vec::new();
        loop {
            match self.lines.recv_timeout(Duration::from_secs(60)) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    let done = line.starts_with(start);
                    got.push(line);
                    if done {
                        return got;
                    }
                }
                Err(_) => panic!(
                    "no `{start}` on stderr; it printed:\n{}",
                    self.seen.join("\n")
                ),
            }
        }
    }
}
