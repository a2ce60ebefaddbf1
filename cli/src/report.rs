//! `report`: a tournament's FIDE rating report (B.02: each player's change, game by game, and
//! performance) and title-norm check (B.01 1.4), as text or JSON (the engine's `fide`).

use crate::args::{ReportArgs, ReportFormat};
use crate::input::read_trf;
use ratings_engine::fide::{report, Options};

/// Runs `report`: the text to print.
pub fn run(args: &ReportArgs) -> Result<String, String> {
    let mut warnings = Vec::new();
    let (text, t) = read_trf(&args.file, &mut warnings)?;
    // The desk's corrections for the rating report only (`### correction round R:`, C.04.2
    // 4.3) give the games as played; the standings in the file keep the results they had.
    let (t, corrected) = match ratings_engine::desk::correction::for_rating(&text) {
        Ok((c, notes)) if !notes.is_empty() => (c, notes),
        _ => (t, Vec::new()),
    };
    let opts = Options {
        k: args.k_factor.iter().copied().collect(),
        new_players: args.new_player.iter().copied().collect(),
        reached_2400: args.reached_2400.iter().copied().collect(),
        year: args.year,
        players: args.player.iter().copied().collect(),
    };
    let mut r = report::report(&t, &opts);
    r.notes.extend(corrected);
    warnings.append(&mut r.warnings);
    r.warnings = warnings;
    Ok(match args.format {
        ReportFormat::Text => report::text(&r),
        ReportFormat::Json => report::json(&r) + "\n",
    })
}
