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
/// `grogpress-export-vassal.1`, ...: the pages the main page's SUBCOMMANDS
/// list names), written to `dir`, each ending in a SEE ALSO section.
pub fn man_pages(dir: &std::path::Path) -> Result<Vec<std::path::PathBuf>, OpError> {
    std::fs::create_dir_all(dir).map_err(|e| OpError::io("create", dir, e))?;
    let mut root = Cli::command().disable_help_subcommand(true);
    root.build();
    let mut pages = Vec::new();
    man_tree(&root, None, &mut pages);
    let mut files = Vec::new();
    for page in &pages {
        let path = dir.join(format!("{}.1", page.name));
        crate::publish::write_atomic(&path, &page.roff)?;
        files.push(path);
    }
    files.sort();
    Ok(files)
}

/// One man page: its name (`grogpress-export-vassal`) and its roff.
struct ManPage {
    name: String,
    roff: Vec<u8>,
}

/// The pages of `cmd` and of its subcommands (not hidden ones), each with
/// a SEE ALSO naming its parent page and its own subcommands' pages, and
/// the main page where the parent is not it.
fn man_tree(cmd: &clap::Command, parent: Option<&str>, pages: &mut Vec<ManPage>) {
    let name = cmd
        .get_display_name()
        .unwrap_or_else(|| cmd.get_name())
        .to_string();
    let children: Vec<&clap::Command> =
        cmd.get_subcommands().filter(|c| !c.is_hide_set()).collect();
    let mut see: Vec<String> = Vec::new();
    if parent != Some("grogpress") && name != "grogpress" {
        see.push("grogpress".into());
    }
    see.extend(parent.map(str::to_string));
    see.extend(children.iter().map(|c| {
        c.get_display_name()
            .unwrap_or_else(|| c.get_name())
            .to_string()
    }));
    let mut roff = Vec::new();
    // Rendering into a Vec cannot fail.
    let _ = clap_mangen::Man::new(cmd.clone()).render(&mut roff);
    roff.extend_from_slice(see_also(&see).as_bytes());
    pages.push(ManPage {
        name: name.clone(),
        roff,
    });
    for child in children {
        man_tree(child, Some(&name), pages);
    }
}

/// A man page's SEE ALSO section naming these pages, all of section 1.
fn see_also(pages: &[String]) -> String {
    let refs: Vec<String> = pages
        .iter()
        .map(|p| format!("\\fB{}\\fR(1)", p.replace('-', "\\-")))
        .collect();
    format!(".SH \"SEE ALSO\"\n{}\n", refs.join(",\n"))
}

/// The man page (roff), `grogpress.1`.
pub fn man_page() -> Result<Vec<u8>, OpError> {
    let mut root = Cli::command().disable_help_subcommand(true);
    root.build();
    let mut pages = Vec::new();
    man_tree(&root, None, &mut pages);
    pages
        .into_iter()
        .next()
        .map(|page| page.roff)
        .ok_or_else(|| OpError::new("cannot write the man page".to_string()))
}
