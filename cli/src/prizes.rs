//! `prizes`: a tournament's prize list (the engine's `tiebreak::prizes`), from its final
//! standings, as `tiebreaks` ranks them, and a prize table the organiser typed.

use crate::args::{PrizesArgs, ReportFormat};
use crate::input::{display_name, read_text};
use ratings_engine::job::{Job, Settings};
use ratings_engine::parse::detect::detect;
use ratings_engine::tiebreak::parse_order;
use ratings_engine::tiebreak::prizes::{award, parse_table};

pub fn run(args: &PrizesArgs) -> Result<String, String> {
    let mut warnings = Vec::new();
    let table_text = read_text(&args.prizes, &mut warnings)?;
    let table = parse_table(&table_text).map_err(|e| format!("{}: {e}", display_name(&args.prizes)))?;
    let text = read_text(&args.file, &mut warnings)?;
    let name = display_name(&args.file);
    let mut settings = Settings { rules: args.rules, ..Default::default() };
    settings.tiebreaks = args.order.as_deref().map(parse_order).transpose().map_err(|e| format!("--order: {e}"))?;
    let expected = || format!("{name}: expected a FIDE TRF file (lines starting 001) or PGN (tag pairs such as [White \"...\"])");
    if !detect(&text, &settings.read_options()).is_tournament() {
        return Err(expected());
    }
    let job = Job::read(&text, &settings).map_err(|e| format!("{name}:\n{e}"))?;
    // As `tiebreaks --order`: a round robin's order asked for with a Buchholz tie-break is refused.
    if let Some(order) = &settings.tiebreaks {
        job.check_order(order).map_err(|e| format!("--order: {e}"))?;
    }
    // The same standings `tiebreaks` prints: the file's declared order, else FIDE's recommended one.
    let standings = job.standings().ok_or_else(expected)?;
    let t = job.input.tournament.as_ref().ok_or_else(expected)?;
    warnings.extend(standings.refused_note());
    warnings.extend(job.input.warnings.iter().map(|w| w.to_string()));
    let sharing = args.sharing.or(table.sharing).unwrap_or_default();
    let list = award(t, &standings.standings, &table, sharing);
    Ok(match args.format {
        ReportFormat::Text => {
            let mut out = list.text();
            for w in &warnings {
                out += &format!("warning: {w}\n");
            }
            out
        }
        ReportFormat::Json => {
            let json = serde_json::json!({ "prizes": list, "totals": list.totals(), "warnings": warnings });
            serde_json::to_string_pretty(&json).expect("plain data") + "\n"
        }
    })
}
