//! CLI: whether human diagnostics are coloured — `--color auto|always|never`;
//! `auto` colours only when stderr is a terminal and `NO_COLOR` is not set.

use std::io::IsTerminal;

use clap::ValueEnum;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

/// Decides once, at start-up, from the choice and the terminal.
pub fn set(choice: ColorChoice) {
    let on = match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            std::io::stderr().is_terminal()
                && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    };
    crate::diag::print::set_color(on);
}
