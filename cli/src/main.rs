//! `ratings-lab`: the command line over the rating engine. It reads a file, calls the
//! engine, and prints; everything else lives in the library.
//!
//! The modules import downward only: `main` → the commands (`rate`, `tiebreaks`, `compare`,
//! `evaluate`, `simulate`, `pair`, `check`, `report`, `prizes`, `generate`, `catalogue`) → `methods` (the `--methods` list), `input` (files and settings),
//! `output` (printing) and `memory` (the allocator) → `args` (what the command line takes)
//! → `help` (the texts) and `values` (the flags' values), both from the engine's own lists
//! and defaults.

mod args;
mod catalogue;
mod check;
mod compare;
mod evaluate;
mod generate;
mod help;
mod input;
mod memory;
mod methods;
mod output;
mod pair;
mod prizes;
mod rate;
mod registered;
mod report;
mod simulate;
mod tiebreaks;
mod values;

use args::{Cli, Command, FormatArg, PairFormat, ReportFormat};
use clap::Parser;
use output::Output;
use ratings_engine::escape;
use std::ffi::OsString;
use std::process::ExitCode;

fn main() -> ExitCode {
    memory::tune_allocator();
    let argv: Vec<OsString> = std::env::args_os().collect();
    let cli = Cli::parse_from(&argv);
    // A text table goes to a terminal: names in it reach it escaped (CSV and JSON quote them).
    let table = match &cli.command {
        Command::Rate(a) => a.format == FormatArg::Table,
        Command::Tiebreaks(a) => a.format == FormatArg::Table,
        Command::Compare(a) => a.format == FormatArg::Table,
        Command::Evaluate(a) => a.format == FormatArg::Table,
        Command::Simulate(a) => a.format == FormatArg::Table,
        Command::Pair(a) => a.format == PairFormat::Text,
        Command::Check(a) => a.format == ReportFormat::Text,
        Command::Report(a) => a.format == ReportFormat::Text,
        Command::Prizes(a) => a.format == ReportFormat::Text,
        Command::Methods(a) => a.format == ReportFormat::Text,
        Command::Generate(_) => false,
    };
    let result = match cli.command {
        Command::Rate(args) => rate::run(&args).map(|out| (out, ExitCode::SUCCESS)),
        Command::Tiebreaks(args) => tiebreaks::run(&args).map(|out| (Output::Text(out), ExitCode::SUCCESS)),
        Command::Compare(args) => compare::run(&args, &argv).map(|(out, status)| (Output::Text(out), status)),
        Command::Evaluate(args) => evaluate::run(&args, &argv).map(|(out, status)| (Output::Text(out), status)),
        Command::Simulate(args) => simulate::run(&args, &argv).map(|out| (Output::Text(out), ExitCode::SUCCESS)),
        Command::Pair(args) => pair::run(&args).map(|(out, status)| (Output::Text(out), status)),
        Command::Check(args) => check::run(&args).map(|(out, status)| (Output::Text(out), status)),
        Command::Report(args) => report::run(&args).map(|out| (Output::Text(out), ExitCode::SUCCESS)),
        Command::Prizes(args) => prizes::run(&args).map(|out| (Output::Text(out), ExitCode::SUCCESS)),
        Command::Methods(args) => Ok((Output::Text(catalogue::run(&args)), ExitCode::SUCCESS)),
        Command::Generate(args) => generate::run(&args).map(|out| (Output::Text(out), ExitCode::SUCCESS)),
    };
    match result {
        Ok((out, status)) => output::write(out, table, status),
        Err(message) => {
            eprintln!("ratings-lab: {}", escape::terminal_lines(&message));
            ExitCode::FAILURE
        }
    }
}
