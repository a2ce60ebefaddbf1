//! `tiebreaks`: a tournament's standings with FIDE's tiebreaks (with `--category` a category's,
//! each player's place within it beside their rank), or with `--teams` its teams'.

use crate::args::{FormatArg, TiebreakArgs};
use crate::input::{display_name, read_text};
use ratings_engine::escape;
use ratings_engine::job::{Job, Settings, TournamentStandings};
use ratings_engine::parse::detect::{detect, Format};
use ratings_engine::team::TeamTiebreak;
use ratings_engine::tiebreak::{categories, crosstable, order, parse_order, printed};

pub fn run(args: &TiebreakArgs) -> Result<String, String> {
    let mut warnings = Vec::new();
    let text = read_text(&args.file, &mut warnings)?;
    let name = display_name(&args.file);
    if args.teams {
        return run_teams(args, &text, warnings);
    }
    let given = args.order.as_deref().map(parse_order).transpose().map_err(|e| format!("--order: {e}"))?;
    let mut settings = Settings { rules: args.rules, skip_bad_lines: args.skip_bad_lines, ..Default::default() };
    settings.after_round = args.round;
    let expected = || format!("{name}: expected a FIDE TRF file (lines starting 001) or PGN (tag pairs such as [White \"...\"])");
    if !detect(&text, &settings.read_options()).is_tournament() {
        return Err(expected());
    }
    let mut job = Job::read(&text, &settings).map_err(|e| format!("{name}:\n{e}"))?;
    // The text is kept only to be written back with ranks: a large file is held once, as read.
    let text = args.write_trf.as_ref().map(|_| text);
    // Without --order: the file's declared order, else FIDE's recommended one (`Job::order`).
    if let Some(order) = given {
        // An order asked for here is refused outright; a file's declared one is used without
        // its Buchholz tie-breaks, saying so (`TournamentStandings::refused_note`).
        job.check_order(&order).map_err(|e| format!("--order: {e}"))?;
        settings.tiebreaks = Some(order);
        job = job.with_settings(&settings).expect("the same reading");
    }
    let standings = job.standings().ok_or_else(expected)?;
    check_round(args.round, standings.rounds_played)?;
    if let (Some(out), Some(text)) = (&args.write_trf, &text) {
        warnings.push(write_trf(text, &job, &standings, out)?);
    }
    warnings.extend(standings.refused_note());
    warnings.extend(job.input.warnings.iter().map(|w| w.to_string()));
    if args.check_ranks && standings.declared.is_none() {
        warnings.push("--check-ranks: the file declares no ranks (TRF columns 86-89 are empty)".into());
    }
    let (st, eig) = (&standings.standings, standings.eigenvector.as_ref());
    if let Some(eig) = eig {
        warnings.push(format!("EIG: {}", eig.note));
    }
    let t = job.input.tournament.as_ref().ok_or_else(expected)?;
    let ranks = args.check_ranks.then(|| {
        let full = job.full.tournament.as_ref().unwrap_or(t);
        printed::Ranks { tournament: full, check: standings.declared.as_ref(), search: standings.search.as_ref() }
    });
    let round = args.round.map(|n| (n, standings.rounds_played));
    let pending = standings.pending_round;
    // With --category: the category's players, each with their place within it.
    let category = args.category.map(|c| categories::restricted(t, st, c));
    let file_order = standings.file_order.as_ref();
    let rules = Some(&standings.rules);
    let extras = printed::Extras { round, ranks, file_order, rules, pending, mode: t.mode, category: category.as_ref() };
    if args.check_ranks && args.round.is_some_and(|n| n < standings.rounds_played) {
        return Err("--check-ranks: the file's ranks are final; they cannot be checked after an earlier round".into());
    }
    let st = category.as_ref().map_or(st, |c| &c.standings);
    // Who a round robin does not count, and why (C.06 V.4a): the table says it under itself,
    // JSON in each player's `not_counted`; the CSV and the crosstable say it here.
    let not_counted = printed::not_counted_note(&standings.standings);
    Ok(match (args.format, args.crosstable) {
        (FormatArg::Csv, crosstable) => {
            for w in &warnings {
                eprintln!("warning: {}", escape::terminal_lines(&w.to_string()));
            }
            if let Some(note) = &not_counted {
                eprintln!("note: {note}");
            }
            match &category {
                _ if crosstable => crosstable::csv(t, st),
                Some(c) => c.to_csv(),
                None => st.to_csv(),
            }
        }
        (FormatArg::Json, _) => printed::json_with(st, eig, &warnings, &extras) + "\n",
        (FormatArg::Table, true) => {
            crosstable::text(t.name.as_deref(), t, st) + &not_counted.map_or(String::new(), |note| format!("\n{note}\n"))
        }
        (FormatArg::Table, false) => printed::table_with(t.name.as_deref(), st, &warnings, &extras),
    })
}

/// `tiebreaks --teams`: the team standings of a team tournament file.
fn run_teams(args: &TiebreakArgs, text: &str, mut warnings: Vec<String>) -> Result<String, String> {
    let name = display_name(&args.file);
    let mut settings = Settings { rules: args.rules, skip_bad_lines: args.skip_bad_lines, ..Default::default() };
    settings.after_round = args.round;
    settings.team_primary = args.primary;
    let job = Job::read(text, &settings).map_err(|e| format!("{name}:\n{e}"))?;
    let t = job.full.tournament.as_ref().filter(|t| !t.teams.is_empty());
    let t = t.ok_or_else(|| format!("--teams: {name} lists no teams (expected TRF 013 or 310 team records)"))?;
    if let Some(list) = &args.order {
        let codes = list.split(',').map(str::trim).filter(|c| !c.is_empty());
        let codes: Vec<TeamTiebreak> = codes.map(TeamTiebreak::parse).collect::<Result<_, _>>().map_err(|e| format!("--order: {e}"))?;
        order::check(&codes).map_err(|e| format!("--order: {e}"))?;
        settings.team_tiebreaks = Some(codes);
    }
    let job = job.with_settings(&settings).expect("the same reading");
    check_round(args.round, t.rounds_played())?;
    let (st, made) = job.team_standings().ok_or("--teams: the file lists no teams")?;
    warnings.extend(job.input.warnings.iter().map(|w| w.to_string()));
    warnings.extend(made);
    Ok(match args.format {
        FormatArg::Csv => {
            for w in &warnings {
                eprintln!("warning: {}", escape::terminal_lines(&w.to_string()));
            }
            st.to_csv(&t.teams)
        }
        FormatArg::Json => st.json(&t.teams, &warnings) + "\n",
        FormatArg::Table => st.table(t.name.as_deref(), &t.teams, &warnings) + "\n",
    })
}

/// `--round N` names a round played: from 1 to the last with a result.
fn check_round(round: Option<usize>, played: usize) -> Result<(), String> {
    match round {
        Some(n) if n == 0 || n > played => Err(format!("--round {n}: the file has {played} rounds played (expected 1 to {played})")),
        _ => Ok(()),
    }
}

/// Writes `text` back to `out` with the standings' ranks (a TRF, after its last round); says
/// what it wrote.
fn write_trf(text: &str, job: &Job, standings: &TournamentStandings, out: &str) -> Result<String, String> {
    if job.full.format != Format::Trf {
        return Err(format!("--write-trf: expected a TRF file, not {}", job.full.format.name()));
    }
    if standings.round < standings.rounds_played {
        return Err(format!(
            "--write-trf: ranks are written for the final standings (round {}), not after round {}",
            standings.rounds_played, standings.round
        ));
    }
    let ranks: std::collections::HashMap<u32, usize> = standings.standings.rows.iter().map(|r| (r.start, r.rank)).collect();
    let written = ratings_engine::parse::trf::with_ranks(text, &|start| ranks.get(&start).copied());
    std::fs::write(out, written).map_err(|e| format!("--write-trf: cannot write {out}: {e}"))?;
    Ok(format!("wrote {out} with {} ranks", ranks.len()))
}
