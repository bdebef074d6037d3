//! CLI: shell completions and the man page, generated from the clap
//! definition of the command line so they always match it.

use clap::CommandFactory;
use clap::ValueEnum;

use super::Cli;
use crate::load::OpError;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Shell {
    Bash,
    Zsh,
    Fish,
}

/// The completion script for a shell.
pub fn completions(shell: Shell) -> Vec<u8> {
    let mut out = Vec::new();
    let shell = match shell {
        Shell::Bash => clap_complete::Shell::Bash,
        Shell::Zsh => clap_complete::Shell::Zsh,
        Shell::Fish => clap_complete::Shell::Fish,
    };
    clap_complete::generate(shell, &mut Cli::command(), "grogpress", &mut out);
    out
}

/// The man page (roff), `grogpress.1`.
pub fn man_page() -> Result<Vec<u8>, OpError> {
    let mut out = Vec::new();
    clap_mangen::Man::new(Cli::command())
        .render(&mut out)
        .map_err(|e| OpError(format!("cannot write the man page: {e}")))?;
    Ok(out)
}
