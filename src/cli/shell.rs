//! CLI: shell completions and the man page, generated from the clap
//! definition of the command line so they always match it.

use clap::CommandFactory;
use clap::ValueEnum;

use super::Cli;
use crate::load::OpError;
use crate::publish::game_names;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Shell {
    Bash,
    Zsh,
    Fish,
}

/// The completion script for a shell: clap's, for the subcommands and
/// flags, and a call of `grogpress __complete` for the
/// values only the files can tell: game names, diagnostic ids, docs topics.
pub fn completions(shell: Shell) -> Vec<u8> {
    let mut out = Vec::new();
    let generator = match shell {
        Shell::Bash => clap_complete::Shell::Bash,
        Shell::Zsh => clap_complete::Shell::Zsh,
        Shell::Fish => clap_complete::Shell::Fish,
    };
    clap_complete::generate(generator, &mut Cli::command(), "grogpress", &mut out);
    match shell {
        Shell::Bash => {
            let script = String::from_utf8_lossy(&out)
                .replace("complete -F _grogpress ", "complete -F _grogpress_values ");
            format!("{script}{BASH_VALUES}").into_bytes()
        }
        Shell::Fish => [out, FISH_VALUES.as_bytes().to_vec()].concat(),
        Shell::Zsh => {
            let script = String::from_utf8_lossy(&out)
                .replacen("#compdef grogpress\n", "", 1)
                .replace(
                    "compdef _grogpress grogpress",
                    "compdef _grogpress_values grogpress",
                )
                .replace(
                    "if [ \"$funcstack[1]\" = \"_grogpress\" ]; then\n    _grogpress \"$@\"",
                    "if [ \"$funcstack[1]\" = \"_grogpress\" ]; then\n    _grogpress_values \"$@\"",
                );
            format!("{ZSH_VALUES}{script}").into_bytes()
        }
    }
}

/// Bash: clap's completion, then the values `__complete` offers.
const BASH_VALUES: &str = r#"
_grogpress_values() {
    _grogpress "$@"
    local cur="${COMP_WORDS[COMP_CWORD]}" values
    [[ "$cur" == -* ]] && return 0
    values="$("${COMP_WORDS[0]}" __complete -- "${COMP_WORDS[@]:1:COMP_CWORD-1}" 2>/dev/null)"
    [[ -n "$values" ]] && COMPREPLY+=($(compgen -W "$values" -- "$cur"))
    return 0
}
"#;

/// Zsh: clap's completion, then the values `__complete` offers (defined
/// before clap's script, whose last lines register it).
const ZSH_VALUES: &str = r#"#compdef grogpress

_grogpress_values() {
    _grogpress "$@"
    [[ "$PREFIX" == -* ]] && return 0
    local -a values
    values=(${(f)"$("${words[1]}" __complete -- "${(@)words[2,CURRENT-1]}" 2>/dev/null)"})
    (( ${#values} )) && compadd -a values
    return 0
}
"#;

/// Fish: the values `__complete` offers for the words so far.
const FISH_VALUES: &str =
    "complete -c grogpress -a '(grogpress __complete -- (commandline -opc)[2..-1])'\n";

/// What `grogpress __complete WORDS` prints for the word after `words` (the
/// command line so far, without `grogpress`): the games (under the root's
/// data/, the game folders here, `.` inside one) where a GAME goes or
/// `--from` wants one, the diagnostic ids after `explain`, the topics after
/// `docs`; nothing where the completion of flags and option values knows.
pub fn values(words: &[String]) -> String {
    let mut cmd = Cli::command();
    cmd.build();
    let mut current = &cmd;
    let mut root = std::path::PathBuf::from(".");
    let mut positionals = 0;
    let mut at = 0;
    while let Some(word) = words.get(at) {
        at += 1;
        let option = match (word.strip_prefix("--"), word.strip_prefix('-')) {
            (Some(long), _) => current
                .get_arguments()
                .find(|a| a.get_long() == long.split('=').next()),
            (None, Some(short)) if !short.is_empty() => current
                .get_arguments()
                .find(|a| a.get_short().is_some_and(|c| short.starts_with(c))),
            _ => None,
        };
        if let Some(option) = option {
            let inline = word.contains('=') || (!word.starts_with("--") && word.len() > 2);
            if option.get_action().takes_values() && !inline {
                match words.get(at) {
                    Some(value) if option.get_id() == "root" => root = value.into(),
                    Some(_) => {}
                    None if option.get_id() == "from" => return lines(game_names(&root, true)),
                    None => return String::new(),
                }
                at += 1;
            }
        } else if word.starts_with('-') {
        } else if let Some(sub) = current.find_subcommand(word) {
            current = sub;
            positionals = 0;
        } else {
            positionals += 1;
        }
    }
    match current
        .get_positionals()
        .next()
        .map(|a| a.get_id().as_str())
    {
        Some("games") => lines(game_names(&root, false)),
        Some("game") if positionals == 0 => lines(game_names(&root, false)),
        Some("id") if positionals == 0 => {
            lines(crate::diag::explain::EXPLANATIONS.iter().map(|e| e.id))
        }
        Some("topic") => lines(crate::publish::guide::topic_words()),
        _ => String::new(),
    }
}

fn lines<S: AsRef<str>>(items: impl IntoIterator<Item = S>) -> String {
    items
        .into_iter()
        .map(|i| format!("{}\n", i.as_ref()))
        .collect()
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
