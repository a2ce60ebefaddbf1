//! `report`: a tournament's FIDE rating report (B.02: each player's change, game by game, and
//! performance) and title-norm check (B.01 1.4), as text or JSON (the engine's `fide`).

use crate::args::{ReportArgs, ReportFormat};
use crate::input::{display_name, read_text};
use ratings_engine::fide::{report, Options};
use ratings_engine::parse::detect::{detect, Format, ReadOptions};
use ratings_engine::parse::trf::parse_trf;

/// Runs `report`: the text to print.
pub fn run(args: &ReportArgs) -> Result<String, String> {
    let mut warnings = Vec::new();
    let text = read_text(&args.file, &mut warnings)?;
    let name = display_name(&args.file);
    if detect(&text, &ReadOptions::default()) != Format::Trf {
        return Err(format!("{name}: expected a FIDE TRF file (player records starting 001)"));
    }
    let (t, read) = parse_trf(&text).map_err(|e| format!("{name}:\n{e}"))?;
    warnings.extend(read.iter().map(|w| format!("line {}: {}", w.line, w.message)));
    if t.entrants.is_empty() {
        return Err(format!("{name}: no players (expected 001 records)"));
    }
    let opts = Options {
        k: args.k_factor.iter().copied().collect(),
        new_players: args.new_player.iter().copied().collect(),
        reached_2400: args.reached_2400.iter().copied().collect(),
        year: args.year,
        players: args.player.iter().copied().collect(),
    };
    let mut r = report::report(&t, &opts);
    warnings.append(&mut r.warnings);
    r.warnings = warnings;
    Ok(match args.format {
        ReportFormat::Text => report::text(&r),
        ReportFormat::Json => report::json(&r) + "\n",
    })
}
