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

/// The pages of `cmd` and of its subcommands (not hidden ones), in order.
fn man_tree(cmd: &clap::Command, parent: Option<&str>, pages: &mut Vec<ManPage>) {
    let page = man_page_of(cmd, parent);
    let name = page.name.clone();
    pages.push(page);
    for child in cmd.get_subcommands().filter(|c| !c.is_hide_set()) {
        man_tree(child, Some(&name), pages);
    }
}

/// One command's page, ending in a SEE ALSO naming the main page (where
/// the parent is not it), its parent's page and its subcommands' pages.
fn man_page_of(cmd: &clap::Command, parent: Option<&str>) -> ManPage {
    let page_name = |c: &clap::Command| {
        c.get_display_name()
            .unwrap_or_else(|| c.get_name())
            .to_string()
    };
    let name = page_name(cmd);
    let mut see: Vec<String> = Vec::new();
    if parent.is_some() && parent != Some("grogpress") {
        see.push("grogpress".into());
    }
    see.extend(parent.map(str::to_string));
    see.extend(
        cmd.get_subcommands()
            .filter(|c| !c.is_hide_set())
            .map(page_name),
    );
    let mut roff = Vec::new();
    // Rendering into a Vec cannot fail.
    let _ = clap_mangen::Man::new(cmd.clone()).render(&mut roff);
    roff.extend_from_slice(see_also(&see).as_bytes());
    ManPage { name, roff }
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
    Ok(man_page_of(&root, None).roff)
}
