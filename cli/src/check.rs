//! `check`: the one checker of a tournament file (the engine's `checker`): every round against
//! the file's own system and the rules of any pairing, the standings against the declared
//! ranks; text or JSON, and the exit status.

use crate::args::{CheckArgs, ReportFormat};
use crate::input::{display_name, read_text};
use ratings_engine::checker::{check, Options};
use std::process::ExitCode;

/// Exit status when a round differs or is illegal, or a declared rank differs (0: all agree,
/// 1: the file cannot be read).
const DIFFERS: u8 = 2;

/// Runs `check`: the report to print and the exit status.
pub fn run(args: &CheckArgs) -> Result<(String, ExitCode), String> {
    let mut warnings = Vec::new();
    let text = read_text(&args.file, &mut warnings)?;
    let opts = Options { rules: args.rules, rounds: args.rounds };
    let mut report = check(&text, &opts).map_err(|e| format!("{}:\n{e}", display_name(&args.file)))?;
    // The decoding's warning (a file not in UTF-8) first, then the reader's.
    warnings.append(&mut report.warnings);
    report.warnings = warnings;
    let status = if report.agrees { ExitCode::SUCCESS } else { ExitCode::from(DIFFERS) };
    let out = match args.format {
        ReportFormat::Text => report.text(),
        ReportFormat::Json => serde_json::to_string(&report).map_err(|e| format!("cannot write the JSON: {e}"))? + "\n",
    };
    Ok((out, status))
}
