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

/// Every man page, `grogpress.1` and one per subcommand (`grogpress-build.1`,
/// ...: the pages the main page's SUBCOMMANDS list names), written to `dir`.
pub fn man_pages(dir: &std::path::Path) -> Result<Vec<std::path::PathBuf>, OpError> {
    std::fs::create_dir_all(dir).map_err(|e| OpError::io("create", dir, e))?;
    clap_mangen::generate_to(Cli::command(), dir).map_err(|e| {
        OpError::new(format!(
            "cannot write the man pages to {}: {e}",
            dir.display()
        ))
    })?;
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| OpError::io("list", dir, e))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "1"))
        .collect();
    files.sort();
    Ok(files)
}

/// The man page (roff), `grogpress.1`.
pub fn man_page() -> Result<Vec<u8>, OpError> {
    let mut out = Vec::new();
    clap_mangen::Man::new(Cli::command())
        .render(&mut out)
        .map_err(|e| OpError::new(format!("cannot write the man page: {e}")))?;
    Ok(out)
}
