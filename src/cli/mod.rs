//! CLI stage: the `grogpress` command line — parses the arguments into
//! publish's [`PlanOptions`] (every setting a game may also make is an
//! `Option` there, merged with the game's in one place) and hands each game
//! to `publish` (check, build and the focused commands; `live` for watch and
//! serve; odds, export, calibrate, new, docs); prints diagnostics, reports
//! and written files and sets the exit code (0 ok, 1 data errors, 2
//! operational failure).

mod color;
mod diff;
mod export;
mod progress;
mod shell;

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::diag::print::{Format, print_failure, report};
use crate::diag::{Diagnostics, Sources};
use crate::layout::{Flip, LabelOptions, PnpOptions, SheetLayout};
use crate::load::{OpError, Root, parse_length_arg};
use crate::model::Paper;
use crate::publish::{PlanOptions, write_atomic};

#[derive(Parser, Debug)]
#[command(
    name = "grogpress",
    version,
    about = "Checks wargame data (TOML + Markdown) and publishes print-ready components",
    long_about = "grogpress checks a game's data (cards, sides, aids, rules text) against its rules model \
and lays it out onto label sheets and player-aid PDFs.\n\n\
A GAME is a folder name under data/ (e.g. battlegrid) or the path of any folder holding a game.toml; \
with none, a command run inside a game folder uses it, and one run beside data/ uses every game there.\n\
Outputs go to out/<game>/, beside the game folder when run inside one. Exit status: 0 success, 1 errors in the data, 2 operational failure."
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Project folder holding data/sheets.toml, templates/ and fonts/
    #[arg(long, global = true, default_value = ".")]
    root: PathBuf,
    /// How to print diagnostics: human-readable, or one JSON object per line
    #[arg(long, global = true, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// Colour human-readable diagnostics: auto (when stderr is a terminal), always, never
    #[arg(long, global = true, value_enum, default_value_t = color::ColorChoice::Auto)]
    color: color::ColorChoice,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Load and validate games and lay them out; print every problem (no files written)
    Check {
        /// Games to check (default: the game folder you stand in, else every game under data/)
        games: Vec<String>,
        /// Check the game in this language of its `languages` (default: its own, with every translation's problems)
        #[arg(long, value_name = "LANG")]
        lang: Option<String>,
    },
    /// Check, then write every output of the games to out/<game>/
    Build {
        /// Games to build (default: the game folder you stand in, else every game under data/)
        games: Vec<String>,
        #[command(flatten)]
        out: OutArg,
        #[command(flatten)]
        since: SinceArg,
    },
    /// Print a game's decks onto label sheets (e.g. BattleGrid action cards on Avery 5395)
    Labels {
        #[command(flatten)]
        at: Target,
        /// Only this deck (default: every deck the game prints on labels)
        #[arg(long)]
        deck: Option<String>,
        #[command(flatten)]
        label: LabelArgs,
    },
    /// Print a game's player aids
    Aids {
        #[command(flatten)]
        at: Target,
        /// Paper size of the aids
        #[arg(long, value_enum, default_value_t = PaperArg::Letter)]
        paper: PaperArg,
    },
    /// Write a game's HTML rules reference to out/<game>/html/
    Rules {
        #[command(flatten)]
        at: Target,
        #[command(flatten)]
        since: SinceArg,
    },
    /// Typeset a game's Markdown rules as a PDF rulebook (out/<game>/<game>-rules.pdf)
    Rulebook {
        #[command(flatten)]
        at: Target,
        /// Paper size [default: the game's rulebook_paper, else letter]
        #[arg(long, value_enum)]
        paper: Option<PaperArg>,
        /// Columns of text on each page [default: the game's rulebook_columns, else 2]
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=2))]
        columns: Option<u8>,
        #[command(flatten)]
        since: SinceArg,
    },
    /// Print an errata sheet (out/<game>/errata.pdf): every card and counter
    /// changed since an earlier version drawn old and new, every changed table
    /// row old and new, every changed rule with its number and page
    Errata {
        #[command(flatten)]
        at: Target,
        /// The earlier version: a git revision of the game's folder (v1.0,
        /// HEAD~3, a commit), read without a checkout, or a folder holding a
        /// game.toml (`--from`, as `diff` names it, is the same)
        #[arg(long, visible_alias = "from", value_name = "REV|DIR")]
        since: String,
    },
    /// List the label and card sheet templates with their sizes
    Sheets,
    /// Print-and-play cards: fronts on sheets with crop marks, backs for duplex or gutterfold
    Cards {
        #[command(flatten)]
        at: Target,
        /// Only this deck (default: every deck the game prints as cards)
        #[arg(long)]
        deck: Option<String>,
        #[command(flatten)]
        pnp: PnpArgs,
    },
    /// Print a calibration sheet: `duplex` finds the printer's --back-offset-x/-y for
    /// two-sided cards, `labels` its --offset-x/-y for a label sheet
    Calibrate {
        #[arg(value_enum)]
        what: CalibrateWhat,
        /// Paper of the duplex sheet (a label sheet is printed on its own paper)
        #[arg(long, value_enum, default_value_t = PaperArg::Letter)]
        paper: PaperArg,
        /// The label sheet to calibrate, by id or product number (see `grogpress sheets`)
        #[arg(long, default_value = "avery-5395")]
        sheet: String,
        /// Write the sheet into DIR [default: out/, beside the game folder you stand in]
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
    },
    /// Exact odds: the chance of each row of a results table for each net
    /// modifier (`odds bcs combat --drm -3..+5`), or, for a game with custom dice,
    /// the hits of one attack between two unit types (`odds grid-battles archer pikeman`)
    Odds {
        game: String,
        /// A results table's id, or the attacker and the defender
        what: Vec<String>,
        /// Net die-roll modifier, e.g. -1, or a range of them to show, e.g. -3..+5
        /// (default: the range the table declares; with a terrain, 0 plus its modifier)
        #[arg(long, allow_hyphen_values = true, value_parser = crate::load::parse_drm_arg)]
        drm: Option<(i64, i64)>,
        /// For a combat results table: the attack's odds ("3:1", or the strengths "7:3",
        /// rounded as the table says) or strength differential ("+2"); prints the
        /// chance of each result in that column
        #[arg(long, allow_hyphen_values = true)]
        column: Option<String>,
        /// For a combat results table: the attacker's strength (with --defence): the
        /// odds or differential is worked out and its column found as the table says
        #[arg(long, value_parser = clap::value_parser!(u32).range(0..=1_000_000))]
        attack: Option<u32>,
        /// The defender's strength (with --attack)
        #[arg(long, alias = "defense", value_parser = clap::value_parser!(u32).range(0..=1_000_000))]
        defence: Option<u32>,
        /// Column shifts to apply, e.g. +1 or -2 (added to the terrain's)
        #[arg(long, allow_hyphen_values = true, default_value_t = 0)]
        shift: i64,
        /// The defender's terrain or a feature (a [[terrain]] or [[features]] id of the
        /// map): its column shift and die-roll modifier apply; may be given again
        /// (`--terrain woods --terrain river`)
        #[arg(long)]
        terrain: Vec<String>,
        /// The defender's hex (its code, e.g. 0305): its terrain's shift and modifier apply
        #[arg(long)]
        hex: Option<String>,
        /// The map --terrain and --hex read (default: the map the table's `terrain`
        /// names, or the game's only map)
        #[arg(long)]
        map: Option<String>,
        /// Report in this language of the game's `languages` (its words and translated titles)
        #[arg(long, value_name = "LANG")]
        lang: Option<String>,
    },
    /// Compare two versions of a game: every changed card, counter, table row,
    /// map cell, set-up and rules passage, located in both
    Diff(diff::DiffArgs),
    /// Print a game's charts and tables as a chart-set PDF
    Charts {
        #[command(flatten)]
        at: Target,
        /// Paper size
        #[arg(long, value_enum, default_value_t = PaperArg::Letter)]
        paper: PaperArg,
        /// Print each results row's chance (at net modifier 0) beside it
        #[arg(long)]
        odds: bool,
    },
    /// Print a card-list reference sheet of each deck the game lists (`[[publish.card_lists]]`)
    Cardlist {
        #[command(flatten)]
        at: Target,
        /// Paper size
        #[arg(long, value_enum, default_value_t = PaperArg::Letter)]
        paper: PaperArg,
    },
    /// Print a game's unit counters (`[publish.counters]`): fronts with mirrored backs for duplex
    Counters {
        #[command(flatten)]
        at: Target,
        /// Counter size: 5/8, 3/4 or 1 (inches), or a length such as 19mm [default: the game's counter_size, else 3/4]
        #[arg(long, value_parser = crate::publish::counters::parse_counter_size)]
        size: Option<f32>,
        /// Paper size [default: the game's paper, else letter]
        #[arg(long, value_enum)]
        paper: Option<PaperArg>,
        #[command(flatten)]
        back: BackArgs,
        /// Run each counter's colour 1/16 in past its cut lines, under a gutter between counters, so a duplex shift shows no neighbour's colour
        #[arg(long)]
        bleed: bool,
    },
    /// Create a game folder that checks and builds as it stands (a commented starter game)
    New {
        /// The folder to create (must not exist or be empty)
        path: PathBuf,
        /// Copy this shipped game (a name under data/, or a game folder) instead of the starter
        #[arg(long, value_name = "GAME")]
        from: Option<String>,
    },
    /// Build, then rebuild whenever a data, template or font file changes (the last good outputs stay when the data has errors)
    Watch {
        /// Games to watch (default: the game folder you stand in, else every game under data/)
        games: Vec<String>,
        #[command(flatten)]
        out: OutArg,
    },
    /// Write JSON Schemas of the data files (game, deck, aid, sheets, layout, fonts) for editors
    Schema {
        /// The folder to write them to
        #[arg(default_value = "schemas")]
        dir: PathBuf,
    },
    /// Watch, and serve a preview of the outputs on 127.0.0.1 that follows every rebuild (changes pushed)
    Serve {
        /// Games to serve (default: the game folder you stand in, else every game under data/)
        games: Vec<String>,
        #[command(flatten)]
        out: OutArg,
        /// Port on 127.0.0.1 (0 picks a free one)
        #[arg(long, default_value_t = 3000)]
        port: u16,
    },
    /// Explain a diagnostic id (e.g. `card-overflow`) with an example; without an id, list them all
    Explain {
        /// The id printed in brackets: error[<id>]
        id: Option<String>,
    },
    /// Print a shell completion script, e.g. `grogpress completions bash > /etc/bash_completion.d/grogpress`
    Completions {
        #[arg(value_enum)]
        shell: shell::Shell,
    },
    /// Print the man page (roff), e.g. `grogpress man > ~/.local/share/man/man1/grogpress.1`; with DIR, write grogpress.1 and one page per subcommand there
    Man {
        /// Write every page (grogpress.1, grogpress-build.1, ...) into this folder
        dir: Option<PathBuf>,
    },
    /// Print the data-format guide (built in), or the sections about TOPIC (e.g. `docs deck`, `docs chart file`)
    Docs {
        /// Words of a section title; without it, the whole guide
        topic: Vec<String>,
    },
    /// List the games: those under data/ and those built into grogpress
    Games,
    /// The values the next word may be (games, diagnostic ids, docs topics),
    /// for the shell completion scripts
    #[command(name = "__complete", hide = true)]
    Complete {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        words: Vec<String>,
    },
    /// Write a game's data out in another format (e.g. a deck as a CSV card list)
    Export {
        #[command(subcommand)]
        what: ExportWhat,
    },
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum CalibrateWhat {
    /// Five targets (centre and corners): scales on the front, crosses on the back
    Duplex,
    /// A label sheet's outlines with scales at two corners
    Labels,
}

/// A value named on the command line (clap's) for one of ours, one for one.
macro_rules! value_arg {
    ($arg:ident => $ours:ty { $($name:ident => $value:expr),+ }) => {
        #[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
        enum $arg { $($name),+ }

        impl $arg {
            fn value(self) -> $ours {
                match self { $($arg::$name => $value),+ }
            }
        }
    };
}

value_arg!(PaperArg => Paper { Letter => Paper::LETTER, A4 => Paper::A4 });
value_arg!(FlipArg => Flip { Long => Flip::Long, Short => Flip::Short });
value_arg!(LayoutArg => SheetLayout {
    Duplex => SheetLayout::Duplex,
    Gutterfold => SheetLayout::Gutterfold
});

#[derive(Args, Debug)]
struct PnpArgs {
    /// Card size from data/sheets.toml: poker (2.5 x 3.5 in), bridge, mini (default: the game's, else poker)
    #[arg(long)]
    size: Option<String>,
    /// Paper size [default: the game's card_paper, else letter]
    #[arg(long, value_enum)]
    paper: Option<PaperArg>,
    #[command(flatten)]
    back: BackArgs,
    /// duplex: backs on the following page; gutterfold: front and back side by side, fold down the middle [default: the game's card_sheets, else duplex]
    #[arg(long, value_enum)]
    layout: Option<LayoutArg>,
    /// Leave 1/8 in bleed around every card (gutters between cards) instead of butting them edge to edge [default: the game's bleed]
    #[arg(long)]
    bleed: bool,
    /// Print-shop output: one card per page, trim plus 1/8 in bleed, text kept 1/8 in inside the trim
    #[arg(long)]
    print_shop: bool,
    /// What this print shop asks for (makeplayingcards, drivethrucards, thegamecrafter, printerstudio): its bleed and pixel size, its files (a PDF, or a PNG a card), and a preflight holding text, frames and art to its safe zone
    #[arg(long, value_name = "NAME", value_parser = crate::publish::shops::parse_shop, conflicts_with = "print_shop")]
    shop: Option<String>,
    /// Only the cards of this side (its name or id)
    #[arg(long)]
    side: Option<String>,
    /// Also write every card (and the back) as SVG under out/<game>/images/<deck>/
    #[arg(long)]
    svg: bool,
    /// Also write every card (and the back) as PNG under out/<game>/images/<deck>/
    #[arg(long)]
    png: bool,
    /// Resolution of the PNG images
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u32).range(36..=1200))]
    dpi: u32,
    /// Also write a Tabletop Simulator deck under out/<game>/tts/: <game>-<deck>.json and its thumbnail (copy both into TTS's Saves/Saved Objects folder) and images/ (copy into TTS's Mods/Images folder: the deck names its images by file name)
    #[arg(long)]
    tts: bool,
    /// Web address the TTS images will be uploaded to (e.g. https://example.org/deck), so the saved object loads anywhere without copying images
    #[arg(long, value_name = "URL", value_parser = crate::model::link::parse_web_url, conflicts_with = "tts_file_urls")]
    tts_url_base: Option<String>,
    /// The TTS deck names its images by file:/// URLs where they were written (try the deck on this machine without copying images)
    #[arg(long)]
    tts_file_urls: bool,
}

/// How duplex backs meet their fronts: the edge the sheet turns over on,
/// and the printer's correction of the backs.
#[derive(Args, Debug)]
struct BackArgs {
    /// Duplex: which edge the sheet turns over on (long = most printers' default) [default: the game's flip, else long]
    #[arg(long, value_enum)]
    flip: Option<FlipArg>,
    /// Move only the back pages right by this length, to correct the printer (see `calibrate duplex`)
    #[arg(long, allow_hyphen_values = true, default_value = "0mm", value_parser = parse_length_arg)]
    back_offset_x: f32,
    /// Move only the back pages down by this length
    #[arg(long, allow_hyphen_values = true, default_value = "0mm", value_parser = parse_length_arg)]
    back_offset_y: f32,
}

impl BackArgs {
    fn options(&self) -> PnpOptions {
        PnpOptions::backs_moved(self.back_offset_x, self.back_offset_y)
    }
}

#[derive(Subcommand, Debug)]
enum ExportWhat {
    /// A deck's cards as CSV: a header of its field names, one row per card
    Csv {
        /// The game [default: the game folder you stand in]
        game: Option<String>,
        /// The deck (or collection) to export (default: the game's only deck)
        #[arg(long)]
        deck: Option<String>,
        /// Write to this file instead of stdout
        #[arg(long, short = 'o', value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// A VASSAL module (out/<game>/<game>.vmod): the print-and-play decks as
    /// face-down draw piles, the counters as two-faced pieces (Ctrl+F flips),
    /// each map as a board with its grid
    Vassal {
        #[command(flatten)]
        at: Target,
    },
}

#[derive(Args, Debug)]
struct OutArg {
    /// Write outputs under DIR/<game>/ [default: out/, beside the game folder you stand in]
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Build in this language of the game's `languages`, under DIR/<game>/<LANG>/ [default: the game's own language, under DIR/<game>/]
    #[arg(long, value_name = "LANG")]
    lang: Option<String>,
}

impl OutArg {
    fn dir(&self) -> PathBuf {
        self.out.clone().unwrap_or_else(crate::publish::default_out)
    }
}

/// The game a per-game command works on, and where its outputs go.
#[derive(Args, Debug)]
struct Target {
    /// The game: a name under data/ or a game folder [default: the game folder you stand in, else every game under data/]
    game: Option<String>,
    #[command(flatten)]
    out: OutArg,
}

/// `--changes-since`: change bars and highlights against an earlier version.
#[derive(Args, Debug)]
struct SinceArg {
    /// Mark what changed since an earlier version (a git revision of the
    /// game's folder, or a folder holding a game.toml): change bars in the
    /// rulebook, highlights and a "Changes since" page in the HTML, and
    /// (with build) an errata sheet, out/<game>/errata.pdf
    #[arg(long, value_name = "REV|DIR")]
    changes_since: Option<String>,
}

impl SinceArg {
    /// `options` marking changes since the version given, if any (`build`
    /// then writes the errata sheet too).
    fn apply(self, mut options: PlanOptions, errata: bool) -> PlanOptions {
        options.errata = errata && self.changes_since.is_some();
        options.changes_since = self.changes_since;
        options
    }
}

#[derive(Args, Debug)]
struct LabelArgs {
    /// Sheet template to print on (see `grogpress sheets`); default: the game's choice
    #[arg(long)]
    sheet: Option<String>,
    /// Begin at label N of a partly used first sheet (1 = top left, across then down)
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    start: u32,
    /// Printer calibration: move everything right by this length (e.g. 1.5mm, 0.05in; negative moves left) [default: the game's label_offset_x, else 0mm]
    #[arg(long, allow_hyphen_values = true, value_parser = parse_length_arg)]
    offset_x: Option<f32>,
    /// Printer calibration: move everything down by this length (negative moves up) [default: the game's label_offset_y, else 0mm]
    #[arg(long, allow_hyphen_values = true, value_parser = parse_length_arg)]
    offset_y: Option<f32>,
    /// Draw each label's outline, for a test print on plain paper
    #[arg(long)]
    outlines: bool,
    /// Only the cards of this side (its name or id, e.g. "U.F.P." or ufp)
    #[arg(long)]
    side: Option<String>,
    /// Print every card this many times
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100))]
    copies: u32,
}

/// Runs the command line; returns the process exit code.
pub fn run(cli: Cli) -> ExitCode {
    let root = Root::new(&cli.root);
    let format = cli.format;
    color::set(cli.color);
    // Check (with no out) or build games with these options.
    let games = |names: &[String], options: &PlanOptions, out: Option<&OutArg>| {
        let dir = out.map(OutArg::dir);
        let options = match out.and_then(|o| o.lang.clone()) {
            Some(lang) => &PlanOptions {
                lang: Some(lang),
                ..options.clone()
            },
            None => options,
        };
        run_games(&root, names, options, dir.as_deref(), format)
    };
    let one =
        |at: Target, options: PlanOptions| games(&Vec::from_iter(at.game), &options, Some(&at.out));
    let result = match cli.command {
        Command::Explain { id } => {
            let fit = std::io::stdout().is_terminal();
            crate::diag::explain::text(id.as_deref(), fit)
                .map_err(OpError::new)
                .map(|text| print_stdout(text.as_bytes()))
        }
        Command::Diff(args) => diff::run(&root, args, cli.format),
        Command::Schema { dir } => crate::publish::write_schemas(&dir).map(print_written),
        Command::Watch { games, out } => {
            crate::live::watch::watch(&root, &games, &out.dir(), format)
        }
        Command::Serve { games, out, port } => {
            crate::live::serve::serve(&root, &games, &out.dir(), port, format)
        }
        Command::Completions { shell } => Ok(print_stdout(&shell::completions(shell))),
        Command::Man { dir: None } => shell::man_page().map(|page| print_stdout(&page)),
        Command::Man { dir: Some(dir) } => shell::man_pages(&dir).map(print_written),
        Command::Docs { topic } => {
            let topic = (!topic.is_empty()).then(|| topic.join(" "));
            crate::publish::guide::docs(topic.as_deref()).map(|text| print_stdout(text.as_bytes()))
        }
        Command::Games => Ok(print_stdout(crate::publish::games_list(&root).as_bytes())),
        Command::Sheets => sheets(&root, format),
        Command::Complete { words } => Ok(print_stdout(shell::values(&words).as_bytes())),
        Command::Export {
            what: ExportWhat::Csv { game, deck, output },
        } => export::export_csv(&root, game.as_deref(), deck.as_deref(), output, format),
        Command::Export {
            what: ExportWhat::Vassal { at },
        } => export::export_vassal(
            &root,
            at.game.as_deref(),
            &at.out.dir(),
            at.out.lang.as_deref(),
            format,
        ),
        Command::New { path, from } => {
            crate::publish::new_game(&root, &path, from.as_deref()).map(|files| {
                for f in &files {
                    eprintln!("  created {}", path.join(f).display());
                }
                eprintln!(
                    "check it with `grogpress check {0}`, publish it with `grogpress build {0}`",
                    path.display()
                );
                true
            })
        }
        Command::Check { games: names, lang } => games(
            &names,
            &PlanOptions {
                lang,
                ..PlanOptions::everything()
            },
            None,
        ),
        Command::Build {
            games: names,
            out,
            since,
        } => games(
            &names,
            &since.apply(PlanOptions::everything(), true),
            Some(&out),
        ),
        Command::Errata { at, since } => one(
            at,
            PlanOptions {
                errata: true,
                changes_since: Some(since),
                ..PlanOptions::default()
            },
        ),
        Command::Labels { at, deck, label } => one(
            at,
            PlanOptions {
                labels: true,
                deck,
                sheet: label.sheet,
                side: label.side,
                label_offset_x: label.offset_x,
                label_offset_y: label.offset_y,
                label: LabelOptions {
                    start: label.start as usize,
                    outlines: label.outlines,
                    copies: label.copies as usize,
                    ..LabelOptions::default()
                },
                ..PlanOptions::default()
            },
        ),
        Command::Cards { at, deck, pnp } => one(
            at,
            PlanOptions {
                cards: true,
                deck,
                side: pnp.side,
                size: pnp.size,
                print_shop: pnp.print_shop,
                shop: pnp.shop,
                svg: pnp.svg,
                png: pnp.png,
                dpi: pnp.dpi as f32,
                tts: pnp.tts || pnp.tts_url_base.is_some() || pnp.tts_file_urls,
                tts_url_base: pnp.tts_url_base,
                tts_file_urls: pnp.tts_file_urls,
                card_paper: pnp.paper.map(PaperArg::value),
                card_sheets: pnp.layout.map(LayoutArg::value),
                bleed: pnp.bleed.then_some(true),
                flip: pnp.back.flip.map(FlipArg::value),
                pnp: pnp.back.options(),
                ..PlanOptions::default()
            },
        ),
        Command::Charts { at, paper, odds } => one(
            at,
            PlanOptions {
                charts: true,
                chart_paper: Some(paper.value()),
                odds,
                ..PlanOptions::default()
            },
        ),
        Command::Calibrate {
            what,
            paper,
            sheet,
            out,
        } => {
            let out = out.unwrap_or_else(crate::publish::default_out);
            calibrate(&root, what, paper, &sheet, &out, format)
        }
        Command::Odds {
            game,
            what,
            drm,
            column,
            attack,
            defence,
            shift,
            terrain,
            hex,
            map,
            lang,
        } => {
            let attack = crate::model::odds::ColumnAttack {
                column,
                attack,
                defence,
                shift,
                terrain,
                hex,
                map,
            };
            let query = crate::publish::odds::OddsQuery {
                what,
                drm,
                attack,
                lang,
            };
            crate::publish::odds::odds(&root, &game, query, format)
                .and_then(|run| print_odds(run, format))
        }
        Command::Counters {
            at,
            size,
            paper,
            back,
            bleed,
        } => one(
            at,
            PlanOptions {
                counters: true,
                counter_size: size,
                counter_bleed: bleed,
                paper: paper.map(PaperArg::value),
                flip: back.flip.map(FlipArg::value),
                pnp: back.options(),
                ..PlanOptions::default()
            },
        ),
        Command::Cardlist { at, paper } => one(
            at,
            PlanOptions {
                card_lists: true,
                paper: Some(paper.value()),
                ..PlanOptions::default()
            },
        ),
        Command::Aids { at, paper } => one(
            at,
            PlanOptions {
                aids: true,
                paper: Some(paper.value()),
                ..PlanOptions::default()
            },
        ),
        Command::Rulebook {
            at,
            paper,
            columns,
            since,
        } => one(
            at,
            since.apply(
                PlanOptions {
                    rulebook: Some(crate::layout::RulebookOptions::default()),
                    rulebook_paper: paper.map(PaperArg::value),
                    rulebook_columns: columns.map(usize::from),
                    ..PlanOptions::default()
                },
                false,
            ),
        ),
        Command::Rules { at, since } => one(
            at,
            since.apply(
                PlanOptions {
                    html: true,
                    ..PlanOptions::default()
                },
                false,
            ),
        ),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            print_failure(&e, format);
            ExitCode::from(2)
        }
    }
}

/// Tells each file a command wrote.
fn print_written(files: Vec<PathBuf>) -> bool {
    for f in files {
        eprintln!("  wrote {}", f.display());
    }
    true
}

/// `calibrate`: writes the sheet and tells how to read it.
fn calibrate(
    root: &Root,
    what: CalibrateWhat,
    paper: PaperArg,
    sheet: &str,
    out: &Path,
    format: Format,
) -> Result<bool, OpError> {
    use crate::publish::Calibration;
    let what = match what {
        CalibrateWhat::Duplex => Calibration::Duplex(paper.value()),
        CalibrateWhat::Labels => Calibration::Labels(sheet),
    };
    let how = what.how();
    let mut sources = Sources::default();
    let mut diags = Diagnostics::default();
    let made = crate::publish::write_calibration(root, what, out, &mut sources, &mut diags);
    let clean = report(&mut diags, &sources, format, None);
    match made? {
        Some(path) => eprintln!("  wrote {} ({how})", path.display()),
        None => return Ok(false),
    }
    Ok(clean)
}

/// `odds`: the diagnostics, then the report. Ok(false) when the data has errors.
fn print_odds(mut run: crate::publish::odds::OddsRun, format: Format) -> Result<bool, OpError> {
    let clean = report(&mut run.diags, &run.sources, format, run.label.as_deref());
    let Some(text) = run.report else {
        return Ok(false);
    };
    write_stdout(text?.as_bytes(), "the odds")?;
    Ok(clean)
}

/// Checks (and with `out`, builds) games. Ok(false) when the data has errors.
fn run_games(
    root: &Root,
    names: &[String],
    options: &PlanOptions,
    out: Option<&Path>,
    format: Format,
) -> Result<bool, OpError> {
    let mut printer = Printer {
        format,
        progress: progress::Progress::new(format == Format::Human),
    };
    let clean = crate::publish::publish_games(root, names, options, out, &mut printer)?;
    printer.progress.finish();
    Ok(clean)
}

/// Prints what a run of games tells, under a progress bar.
struct Printer {
    format: Format,
    progress: progress::Progress,
}

impl crate::publish::Tell for Printer {
    fn diagnostics(
        &mut self,
        diags: &mut Diagnostics,
        sources: &Sources,
        game: Option<&str>,
    ) -> bool {
        let format = self.format;
        self.progress
            .suspend(|| report(diags, sources, format, game))
    }

    fn more(&mut self, steps: usize) {
        self.progress.add(steps as u64);
    }

    fn step(&mut self, what: &str) {
        self.progress.step(what);
    }

    fn written(&mut self, w: &crate::publish::Written) {
        if let crate::publish::Written::Output { path, .. } = w {
            self.progress.step(
                &path
                    .file_name()
                    .map(|n| n.to_string_lossy())
                    .unwrap_or_default(),
            );
        }
        if self.format == Format::Human {
            self.progress
                .suspend(|| eprintln!("  {}", crate::publish::written_line(w)));
        }
    }
}

/// Prints to stdout; a closed pipe (`grogpress sheets | head`) is not an
/// error. True: the command went well.
fn print_stdout(bytes: &[u8]) -> bool {
    let _ = std::io::stdout().lock().write_all(bytes);
    true
}

/// Writes a command's output (a report, a CSV) to stdout, where a failure
/// is one (its output is lost).
fn write_stdout(bytes: &[u8], what: &str) -> Result<(), OpError> {
    std::io::stdout()
        .lock()
        .write_all(bytes)
        .map_err(|e| OpError::new(format!("cannot write {what}: {e}")))
}

/// `sheets`: the problems of the sheet templates file, then their table.
fn sheets(root: &Root, format: Format) -> Result<bool, OpError> {
    let mut sources = Sources::default();
    let mut diags = Diagnostics::default();
    let sheets = crate::publish::project_sheets(root, &mut sources, &mut diags)?;
    let clean = report(&mut diags, &sources, format, None);
    print_stdout(crate::publish::sheet_table(&sheets).as_bytes());
    Ok(clean)
}
