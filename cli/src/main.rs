//! `ratings-lab`: the command line over the rating engine. It reads a file, calls the
//! engine, and prints; everything else lives in the library.
//!
//! The modules import downward only: `main` → the commands (`rate`, `tiebreaks`, `compare`,
//! `evaluate`, `simulate`) → `methods` (the `--methods` list) and `input` (files and
//! settings) → `args` (what the command line takes) → `help` (the texts, from the engine's
//! own lists and defaults).

mod args;
mod compare;
mod evaluate;
mod help;
mod input;
mod memory;
mod methods;
mod rate;
mod simulate;
mod tiebreaks;
mod values;

use args::{Cli, Command, FormatArg};
use clap::Parser;
use ratings_engine::{escape, export};
use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

/// What a command prints: its text, or ratings written as JSON while they are written (the
/// input let go first: a large file's JSON is never held, beside its input, as one string).
pub enum Output {
    Text(String),
    Json(Box<ratings_engine::Rating>),
}

fn main() -> ExitCode {
    memory::tune_allocator();
    let argv: Vec<OsString> = std::env::args_os().collect();
    let cli = Cli::parse_from(&argv);
    // A text table goes to a terminal: names in it reach it escaped (CSV and JSON quote them).
    let table = FormatArg::Table
        == match &cli.command {
            Command::Rate(a) => a.format,
            Command::Tiebreaks(a) => a.format,
            Command::Compare(a) => a.format,
            Command::Evaluate(a) => a.format,
            Command::Simulate(a) => a.format,
        };
    let result = match cli.command {
        Command::Rate(args) => rate::run(&args).map(|out| (out, ExitCode::SUCCESS)),
        Command::Tiebreaks(args) => tiebreaks::run(&args).map(|out| (Output::Text(out), ExitCode::SUCCESS)),
        Command::Compare(args) => compare::run(&args, &argv).map(|(out, status)| (Output::Text(out), status)),
        Command::Evaluate(args) => evaluate::run(&args, &argv).map(|(out, status)| (Output::Text(out), status)),
        Command::Simulate(args) => simulate::run(&args, &argv).map(|out| (Output::Text(out), ExitCode::SUCCESS)),
    };
    match result {
        Ok((out, status)) => write(out, table, status),
        Err(message) => {
            eprintln!("ratings-lab: {}", escape::terminal_lines(&message));
            ExitCode::FAILURE
        }
    }
}

/// Prints a command's output; `status` unless the output cannot be written.
fn write(out: Output, table: bool, status: ExitCode) -> ExitCode {
    // A reader that stops early (`| head`) closes the pipe: that is not an error.
    let mut stdout = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let written = match out {
        Output::Text(text) if table => stdout.write_all(escape::terminal_lines(&text).as_bytes()),
        Output::Text(text) => stdout.write_all(text.as_bytes()),
        Output::Json(rating) => export::write_json(&rating, &mut stdout).and_then(|()| stdout.write_all(b"\n")),
    };
    match written.and_then(|()| stdout.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            eprintln!("ratings-lab: cannot write the output: {e}");
            ExitCode::FAILURE
        }
        _ => status,
    }
}
