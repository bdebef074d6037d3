//! CLI entry point: parses the command line and runs it.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    grogpress::exit_now(grogpress::cli::run(grogpress::cli::Cli::parse()))
}
