//! CLI: a progress bar for builds that take over a second, drawn on stderr
//! only when it is a terminal (indicatif); silent otherwise, so logs, pipes
//! and `--format json` never see it.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long a build runs before the bar appears.
const SHOW_AFTER: Duration = Duration::from_secs(1);

pub struct Progress {
    bar: ProgressBar,
    started: Instant,
    /// Whether the bar may ever be drawn.
    enabled: bool,
    shown: bool,
}

impl Progress {
    /// A bar for human output; it stays hidden unless stderr is a terminal.
    pub fn new(human: bool) -> Progress {
        Progress {
            bar: ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::hidden()),
            started: Instant::now(),
            enabled: human && std::io::stderr().is_terminal(),
            shown: false,
        }
    }

    /// More steps to do.
    pub fn add(&self, steps: u64) {
        self.bar.inc_length(steps);
    }

    /// One step done; `what` is what comes next.
    pub fn step(&mut self, what: &str) {
        self.bar.set_message(what.to_string());
        self.bar.inc(1);
        if self.enabled && !self.shown && self.started.elapsed() >= SHOW_AFTER {
            let style = ProgressStyle::with_template("{bar:30} {pos}/{len} {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_bar());
            self.bar.set_style(style);
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.shown = true;
        }
    }

    /// Runs `f` (which prints) with the bar cleared from the screen.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        self.bar.suspend(f)
    }

    pub fn finish(self) {
        self.bar.finish_and_clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_drawn_off_a_terminal() {
        // Test output is captured, so stderr is not a terminal here.
        let mut p = Progress::new(true);
        p.add(3);
        p.started -= SHOW_AFTER * 2;
        p.step("render");
        assert!(!p.shown);
        let mut quiet = Progress::new(false);
        quiet.enabled = false;
        quiet.step("x");
        assert!(!quiet.shown);
    }
}
